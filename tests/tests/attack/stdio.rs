//! A 2026-07-28 client on rmcp's stdio transport, in process: lines over a duplex pipe.

use std::time::Duration;

use mcp_content::Router;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream, Lines};

/// A 2026-07-28 client with the tasks extension, speaking to a server over stdio lines.
pub(crate) struct Client {
    to_server: DuplexStream,
    lines: Lines<BufReader<DuplexStream>>,
    next_id: u64,
}

impl Client {
    /// Serves `router` on `runtime`, as a process of its own would.
    pub(crate) fn start(router: Router, runtime: &tokio::runtime::Handle) -> Self {
        let (to_server, server_in) = tokio::io::duplex(1 << 16);
        let (server_out, from_server) = tokio::io::duplex(1 << 16);
        runtime.spawn(mcp_content::rmcp::serve_stdio_with(
            router,
            server_in,
            server_out,
            1 << 20,
        ));
        Self {
            to_server,
            lines: BufReader::new(from_server).lines(),
            next_id: 0,
        }
    }

    /// `method` with `params`, declaring the tasks extension and elicitation; the reply.
    pub(crate) async fn request(&mut self, method: &str, mut params: Value) -> Value {
        params["_meta"] = json!({
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": { "name": "attacker", "version": "1" },
            "io.modelcontextprotocol/clientCapabilities": {
                "elicitation": {},
                "extensions": { "io.modelcontextprotocol/tasks": {} }
            },
        });
        self.next_id += 1;
        let line =
            json!({ "jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params });
        self.to_server
            .write_all(format!("{line}\n").as_bytes())
            .await
            .unwrap();
        let line = tokio::time::timeout(Duration::from_secs(20), self.lines.next_line())
            .await
            .expect("answered within 20 s")
            .unwrap()
            .expect("the server is there");
        serde_json::from_str(&line).unwrap()
    }
}
