//! A task belongs to the principal whose call created it: `tasks/get`, `tasks/update` and
//! `tasks/cancel` of anyone else (another principal, or none where it has one, or one where
//! it has none) get the answer to an id never issued, and change nothing.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Map, Value, json};

use super::tasks::{Started, call, cancel, get, update};
use crate::model::meta::Meta;
use crate::model::tool::{CallToolResult, Tool};
use crate::model::validated::ToolName;
use crate::rules::ProtocolVersion;
use crate::server::auth::Principal;
use crate::server::handler::{BoxFuture, Context, ToolHandler};
use crate::server::input::{ClientCapabilities, InputRequest};
use crate::server::router::Router;
use crate::server::tasks::TaskSupport;

/// Becomes a task, asks for the roots, then says whom it ran for.
struct Whom;

impl ToolHandler for Whom {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("whom").unwrap())
    }

    fn call(&self, _: Map<String, Value>, context: Context) -> BoxFuture<'_, CallToolResult> {
        Box::pin(async move {
            context.run_as_task().await;
            if context.ask("roots", InputRequest::ListRoots).await.is_err() {
                return CallToolResult::text("unanswered");
            }
            let subject = context.principal().and_then(Principal::subject);
            CallToolResult::text(format!("ran for {}", subject.unwrap_or("nobody")))
        })
    }
}

fn router() -> Arc<Router> {
    Arc::new(
        Router::builder()
            .task_tool(Whom, TaskSupport::Required)
            .build()
            .unwrap(),
    )
}

fn principal(subject: &str) -> Arc<Principal> {
    Arc::new(Principal::new(subject).with_issuer("https://issuer.example"))
}

/// Starts `whom` as `who`; the task's id.
async fn start(router: &Arc<Router>, who: Option<&Arc<Principal>>) -> String {
    let mut context = Context::new(Meta::new(), ProtocolVersion::V2026_07_28)
        .with_client_capabilities(ClientCapabilities::from_value(json!({"roots": {}})));
    if let Some(who) = who {
        context = context.with_principal(Arc::clone(who));
    }
    let started = call(
        router,
        "whom",
        Map::new(),
        None,
        None,
        context,
        TaskSupport::Required,
    );
    let Ok(Started::Task(created)) = started.await else {
        panic!("`whom` becomes a task");
    };
    created["taskId"].as_str().unwrap().to_owned()
}

/// Waits until the task leaves `working` (at most 5 s), read as `who`.
async fn settled(router: &Arc<Router>, id: &str, who: Option<&Arc<Principal>>) -> Value {
    for _ in 0..500 {
        let task = get(router, id, who.map(|p| &**p)).await.unwrap();
        if task["status"] != "working" {
            return task;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("task {id} still working after 5 s");
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_time()
        .build()
        .unwrap()
}

#[test]
fn another_principals_task_is_an_unknown_task_to_every_method_and_stays_untouched() {
    runtime().block_on(async {
        let router = router();
        let (alice, bob) = (principal("alice"), principal("bob"));
        let id = start(&router, Some(&alice)).await;
        assert_eq!(
            settled(&router, &id, Some(&alice)).await["status"],
            "input_required"
        );
        let stored = router.task_store().get(&id).await.unwrap().unwrap();
        assert_eq!(stored.principal, Some(alice.owner()));
        let unknown = get(&router, "task-never", None).await.unwrap_err();
        let as_unknown = |error: crate::server::handler::ProtocolError| {
            assert_eq!(error.code, unknown.code);
            assert_eq!(error.message, format!("unknown task: {id}"));
            assert_eq!(error.data, unknown.data);
        };
        let answers: Map<String, Value> = [("roots".to_owned(), json!({"roots": []}))]
            .into_iter()
            .collect();
        for who in [Some(&bob), None] {
            as_unknown(get(&router, &id, who.map(|p| &**p)).await.unwrap_err());
            as_unknown(update(&router, &id, &answers, who).await.unwrap_err());
            as_unknown(cancel(&router, &id, who.map(|p| &**p)).await.unwrap_err());
        }
        let after = router.task_store().get(&id).await.unwrap().unwrap();
        assert_eq!(after, stored, "a refused method changed the task");
        // Its principal answers it, and the run it resumes carries that principal.
        update(&router, &id, &answers, Some(&alice)).await.unwrap();
        let done = settled(&router, &id, Some(&alice)).await;
        assert_eq!(
            done["result"]["content"][0]["text"], "ran for alice",
            "{done}"
        );
    });
}

#[test]
fn a_task_without_a_principal_is_out_of_reach_of_one() {
    runtime().block_on(async {
        let router = router();
        let alice = principal("alice");
        let id = start(&router, None).await;
        assert_eq!(
            settled(&router, &id, None).await["status"],
            "input_required"
        );
        assert!(get(&router, &id, Some(&alice)).await.is_err());
        assert!(cancel(&router, &id, Some(&alice)).await.is_err());
        cancel(&router, &id, None).await.unwrap();
        assert_eq!(
            get(&router, &id, None).await.unwrap()["status"],
            "cancelled"
        );
    });
}
