//! A request whose client goes away, or cancels it, leaves no handler running, on every
//! transport: the handler's future is dropped (its drop guard counts it out) and work it
//! spawned sees `Context::cancelled`. `tasks/cancel` stops a task's work.

use std::time::Duration;

use mcp_content::Router;
use mcp_content::tasks::TaskSupport;
use serde_json::json;

use crate::support::{
    Hang, Stdio, exchange, now, open_session, post, read_head, read_response, serve_own,
    serve_rmcp, stateless, wait_until,
};

/// How many clients walk away in each test.
const CLIENTS: usize = 100;

fn router(hang: Hang) -> (Router, crate::support::Count, crate::support::Count) {
    let (running, seen) = (hang.running.clone(), hang.seen.clone());
    (Router::builder().tool(hang).build().unwrap(), running, seen)
}

fn call(id: usize, name: &str, progress: bool) -> String {
    let mut params = json!({ "name": name, "arguments": {} });
    if progress {
        params["_meta"] = json!({ "progressToken": id });
    }
    stateless(&id.to_string(), "tools/call", params, false)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn own_endpoint_clients_that_disconnect_leave_no_handler_running() {
    let (router, running, seen) = router(Hang::new("hang"));
    let addr = serve_own(router).await;
    let mut clients = Vec::new();
    for id in 0..CLIENTS {
        clients.push(post(addr, &call(id, "hang", false), &[]).await);
    }
    wait_until("every handler started", 10, || now(&running) == CLIENTS).await;
    drop(clients);
    wait_until("every handler dropped", 10, || now(&running) == 0).await;
    wait_until("every worker saw the cancellation", 10, || {
        now(&seen) == CLIENTS
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn own_endpoint_clients_that_drop_an_event_stream_leave_no_handler_running() {
    let mut hang = Hang::new("talk");
    hang.progress = true;
    let (router, running, _) = router(hang);
    let addr = serve_own(router).await;
    let mut clients = Vec::new();
    for id in 0..CLIENTS {
        let mut stream = post(addr, &call(id, "talk", true), &[]).await;
        let head = read_head(&mut stream).await;
        assert!(head.contains("text/event-stream"), "{head}");
        clients.push(stream);
    }
    assert_eq!(now(&running), CLIENTS);
    drop(clients);
    wait_until("every streaming handler dropped", 10, || now(&running) == 0).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn own_endpoint_session_cancel_stops_only_the_named_request_of_that_session() {
    let (router, running, _) = router(Hang::new("hang"));
    let addr = serve_own(router).await;
    let (mine, theirs) = (open_session(addr).await, open_session(addr).await);
    let call = r#"{"jsonrpc":"2.0","id":"same","method":"tools/call","params":{"name":"hang","arguments":{}}}"#;
    let my_call = post(addr, call, &[("Mcp-Session-Id", &mine)]).await;
    let their_call = post(addr, call, &[("Mcp-Session-Id", &theirs)]).await;
    wait_until("both handlers started", 10, || now(&running) == 2).await;
    let cancel = r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"same","reason":"changed my mind"}}"#;
    let accepted = exchange(addr, cancel, &[("Mcp-Session-Id", &mine)]).await;
    assert_eq!(accepted.status, 202);
    wait_until("my handler dropped", 10, || now(&running) == 1).await;
    // My request is answered (it was in flight), theirs runs on.
    let answered = read_response(my_call).await.json();
    assert_eq!(answered["id"], "same", "{answered}");
    assert_eq!(answered["error"]["code"], -32800, "{answered}");
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(now(&running), 1);
    // Their session ending (DELETE) stops what it still runs.
    let delete = format!(
        "DELETE /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nMcp-Session-Id: {theirs}\r\nConnection: close\r\n\r\n"
    );
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    tokio::io::AsyncWriteExt::write_all(&mut stream, delete.as_bytes())
        .await
        .unwrap();
    assert_eq!(read_response(stream).await.status, 204);
    wait_until("the ended session's handler dropped", 10, || {
        now(&running) == 0
    })
    .await;
    drop(their_call);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn own_endpoint_session_clients_that_disconnect_before_any_event_leave_no_handler() {
    let (router, running, _) = router(Hang::new("hang"));
    let addr = serve_own(router).await;
    let session = open_session(addr).await;
    let mut clients = Vec::new();
    for id in 0..CLIENTS {
        let call = format!(
            r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"hang"}}}}"#
        );
        clients.push(post(addr, &call, &[("Mcp-Session-Id", &session)]).await);
    }
    wait_until("every handler started", 10, || now(&running) == CLIENTS).await;
    drop(clients);
    wait_until("every handler dropped", 10, || now(&running) == 0).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rmcp_http_clients_that_disconnect_leave_no_handler_running() {
    let (router, running, seen) = router(Hang::new("hang"));
    let addr = serve_rmcp(router).await;
    let mut clients = Vec::new();
    for id in 0..CLIENTS {
        clients.push(post(addr, &call(id, "hang", false), &[]).await);
    }
    wait_until("every handler started", 10, || now(&running) == CLIENTS).await;
    drop(clients);
    wait_until("every handler dropped", 10, || now(&running) == 0).await;
    wait_until("every worker saw the cancellation", 10, || {
        now(&seen) == CLIENTS
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rmcp_stdio_notifications_cancelled_drops_the_handler_and_the_server_goes_on() {
    let (router, running, seen) = router(Hang::new("hang"));
    let mut client = Stdio::start(router, 1 << 20);
    for id in 0..CLIENTS {
        client.send(&call(id, "hang", false)).await;
    }
    wait_until("every handler started", 10, || now(&running) == CLIENTS).await;
    for id in 0..CLIENTS {
        let cancel = format!(
            r#"{{"jsonrpc":"2.0","method":"notifications/cancelled","params":{{"requestId":{id}}}}}"#
        );
        client.send(&cancel).await;
    }
    wait_until("every handler dropped", 10, || now(&running) == 0).await;
    wait_until("every worker saw the cancellation", 10, || {
        now(&seen) == CLIENTS
    })
    .await;
    client
        .send(&stateless("\"after\"", "tools/list", json!({}), false))
        .await;
    let listed: serde_json::Value = serde_json::from_str(&client.next_answer().await).unwrap();
    assert_eq!(listed["id"], "after", "{listed}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rmcp_stdio_a_client_that_closes_stdin_leaves_no_handler_running() {
    let (router, running, _) = router(Hang::new("hang"));
    let mut client = Stdio::start(router, 1 << 20);
    for id in 0..20 {
        client.send(&call(id, "hang", false)).await;
    }
    wait_until("every handler started", 10, || now(&running) == 20).await;
    tokio::io::AsyncWriteExt::shutdown(&mut client.to_server)
        .await
        .unwrap();
    // rmcp lets running requests finish for 5 s after stdin closes, then cancels them.
    wait_until("every handler dropped", 15, || now(&running) == 0).await;
}

async fn task_cancel_stops_the_work(addr: std::net::SocketAddr, running: &crate::support::Count) {
    let created = exchange(
        addr,
        &stateless(
            "1",
            "tools/call",
            json!({ "name": "job", "arguments": {} }),
            true,
        ),
        &[],
    )
    .await
    .json();
    assert_eq!(created["result"]["resultType"], "task", "{created}");
    let task = created["result"]["taskId"].as_str().unwrap().to_owned();
    wait_until("the task's work started", 10, || now(running) == 1).await;
    let cancel = stateless("2", "tasks/cancel", json!({ "taskId": task }), true);
    let cancelled = exchange(addr, &cancel, &[]).await;
    assert_eq!(cancelled.status, 200, "{}", cancelled.body);
    wait_until("the task's work stopped", 10, || now(running) == 0).await;
    let get = stateless("3", "tasks/get", json!({ "taskId": task }), true);
    let got = exchange(addr, &get, &[]).await.json();
    assert_eq!(got["result"]["status"], "cancelled", "{got}");
}

fn task_router() -> (Router, crate::support::Count, crate::support::Count) {
    let mut hang = Hang::new("job");
    hang.task = Some(TaskSupport::Required);
    router(hang)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn own_endpoint_tasks_cancel_stops_the_tasks_work() {
    let (router, running, seen) = task_router();
    let addr = serve_own(router).await;
    task_cancel_stops_the_work(addr, &running).await;
    wait_until("the task's worker saw the cancellation", 10, || {
        now(&seen) == 1
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rmcp_http_tasks_cancel_stops_the_tasks_work() {
    let (router, running, _) = task_router();
    let addr = serve_rmcp(router).await;
    task_cancel_stops_the_work(addr, &running).await;
}
