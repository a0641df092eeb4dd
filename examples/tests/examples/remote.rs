//! The `remote` example as a process: `--help` names the tool that needs a scope and the
//! scope, bad flags are refused naming the flag, and, with no authorization server running
//! at all, the server refuses a request without a token (401 pointing at its metadata) and
//! serves its RFC 9728 metadata under the configured public resource URI, not the bind
//! address. (Tokens from a real authorization server and real clients:
//! `scripts/auth-e2e.sh`.)

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::Value;

use crate::common::{Process, lines};

const BIN: &str = env!("CARGO_BIN_EXE_remote");
const TIMEOUT: Duration = Duration::from_secs(20);

fn run(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the example runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn help_names_the_tool_that_needs_a_scope_and_the_scope() {
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0, "{out}");
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with("add_note"))
        .unwrap_or_else(|| panic!("--help lists add_note:\n{out}"));
    assert!(line.contains("`notes:write`"), "{line}");
    for flag in [
        "--listen",
        "--issuer",
        "--audience",
        "--allow-origin",
        "--otlp",
    ] {
        assert!(out.contains(flag), "--help explains {flag}:\n{out}");
    }
}

#[test]
fn a_missing_or_unknown_flag_is_refused_naming_it() {
    let (code, _, err) = run(&["--audience", "https://mcp.example.com/mcp"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--issuer"), "{err}");
    let (code, _, err) = run(&["--issuer", "https://auth.example.com"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--audience"), "{err}");
    let (code, _, err) = run(&["--isuer", "https://auth.example.com"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("\"--isuer\""), "{err}");
    let (code, _, err) = run(&["--listen"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--listen needs a value"), "{err}");
}

#[test]
fn an_http_resource_uri_off_loopback_is_refused() {
    let (code, _, err) = run(&[
        "--listen",
        "127.0.0.1:0",
        "--issuer",
        "https://auth.example.com",
        "--audience",
        "http://mcp.example.com/mcp",
    ]);
    assert_ne!(code, 0, "{err}");
    assert!(err.contains("http://mcp.example.com/mcp"), "{err}");
}

/// One HTTP/1.1 exchange with `addr`: status, headers (lower-case names), body.
fn exchange(
    addr: &str,
    request_line: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, Vec<(String, String)>, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(TIMEOUT)).unwrap();
    stream.set_write_timeout(Some(TIMEOUT)).unwrap();
    let mut request = format!(
        "{request_line} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        request.push_str(name);
        request.push_str(": ");
        request.push_str(value);
        request.push_str("\r\n");
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes()).unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    (status, headers, body.to_owned())
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

#[test]
fn without_a_token_the_server_points_at_metadata_under_its_public_uri() {
    for transport in ["own", "rmcp"] {
        // No authorization server runs: a request without a token never needs one.
        let mut child = Command::new(BIN)
            .args([
                "--listen",
                "127.0.0.1:0",
                "--issuer",
                "https://auth.example.com",
                "--audience",
                "https://mcp.example.com/mcp",
                "--transport",
                transport,
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the example starts");
        let stderr = lines(child.stderr.take().expect("stderr"));
        let _process = Process(child);
        let mut printed = Vec::new();
        let addr = loop {
            let line = stderr
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("{transport}: no address printed: {printed:?}"));
            if let Some(rest) = line.split("listening on http://").nth(1) {
                break rest.split("/mcp").next().unwrap().to_owned();
            }
            printed.push(line);
        };
        let metadata_url = "https://mcp.example.com/.well-known/oauth-protected-resource/mcp";
        // Printed next, perhaps after log lines.
        let line = loop {
            let line = stderr
                .recv_timeout(TIMEOUT)
                .unwrap_or_else(|_| panic!("{transport}: no metadata URL printed"));
            if line.contains("protected-resource metadata:") {
                break line;
            }
        };
        assert!(line.ends_with(metadata_url), "{transport}: {line}");

        let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}"#;
        let json = [
            ("Content-Type", "application/json"),
            ("Accept", "application/json, text/event-stream"),
        ];
        let (status, headers, _) = exchange(&addr, "POST /mcp", &json, init);
        assert_eq!(status, 401, "{transport}");
        let challenge = header(&headers, "www-authenticate").expect("a challenge");
        assert!(challenge.starts_with("Bearer "), "{transport}: {challenge}");
        assert!(
            challenge.contains(&format!("resource_metadata=\"{metadata_url}\"")),
            "{transport}: {challenge}"
        );

        let (status, _, body) = exchange(
            &addr,
            "GET /.well-known/oauth-protected-resource/mcp",
            &[],
            "",
        );
        assert_eq!(status, 200, "{transport}: {body}");
        let metadata: Value = serde_json::from_str(&body).expect("JSON metadata");
        assert_eq!(metadata["resource"], "https://mcp.example.com/mcp");
        assert_eq!(
            metadata["authorization_servers"][0]
                .as_str()
                .map(|s| s.trim_end_matches('/')),
            Some("https://auth.example.com")
        );
        let scopes = metadata["scopes_supported"].as_array().expect("scopes");
        assert!(scopes.iter().any(|s| s == "notes:write"), "{metadata}");
    }
}
