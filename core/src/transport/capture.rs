//! What a test of the request spans captures: every span, record and event of the test's own
//! thread, one line each (`span mcp.request mcp.method.name="…" id=3`). For this crate's tests
//! and, with the hidden feature `__test-support`, the rmcp bridge's in `mcp-content`.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};

use serde_json::{Map, Value};

use crate::model::tool::{CallToolResult, Tool};
use crate::model::validated::ToolName;
use crate::server::handler::{BoxFuture, Context, ToolHandler};

/// Every span, record and event, one line each, fields as `name=value`.
#[derive(Clone, Default)]
struct Capture {
    lines: Arc<Mutex<Vec<String>>>,
    next: Arc<AtomicU64>,
}

struct Text<'a>(&'a mut String);

impl Visit for Text<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        let _ = write!(self.0, " {}={:?}", field.name(), value);
    }
}

impl Capture {
    fn push(&self, line: String) {
        self.lines.lock().unwrap().push(line);
    }

    fn text(&self) -> String {
        self.lines.lock().unwrap().join("\n")
    }
}

impl Subscriber for Capture {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }

    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let id = self.next.fetch_add(1, Ordering::SeqCst) + 1;
        let mut line = format!("span {}", span.metadata().name());
        span.record(&mut Text(&mut line));
        let _ = write!(line, " id={id}");
        self.push(line);
        Id::from_u64(id)
    }

    fn record(&self, span: &Id, values: &Record<'_>) {
        let mut line = format!("record id={}", span.into_u64());
        values.record(&mut Text(&mut line));
        self.push(line);
    }

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        let mut line = format!("event {}", event.metadata().level());
        event.record(&mut Text(&mut line));
        self.push(line);
    }

    fn enter(&self, _: &Id) {}

    fn exit(&self, _: &Id) {}
}

thread_local! {
    /// The capture of the test running on this thread, if it is capturing.
    static CURRENT: std::cell::RefCell<Option<Capture>> = const { std::cell::RefCell::new(None) };
}

/// The process-wide subscriber, installed once: it hands everything to the running test's
/// [`Capture`] on this thread. A scoped subscriber (`set_default`) per test is not enough in
/// a test binary that runs other tests at the same time: a callsite first hit on another
/// thread while no capture is alive caches "never interested", and the span is lost.
struct Route;

fn with_current(f: impl FnOnce(&Capture)) {
    CURRENT.with(|current| {
        if let Some(capture) = current.borrow().as_ref() {
            f(capture);
        }
    });
}

impl Subscriber for Route {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }

    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let mut id = Id::from_u64(u64::MAX);
        with_current(|capture| id = capture.new_span(span));
        id
    }

    fn record(&self, span: &Id, values: &Record<'_>) {
        with_current(|capture| capture.record(span, values));
    }

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        with_current(|capture| capture.event(event));
    }

    fn enter(&self, _: &Id) {}

    fn exit(&self, _: &Id) {}
}

/// Runs `test` with a capture as this thread's destination and returns what it captured.
pub fn captured(test: impl AsyncFnOnce()) -> String {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        // Another global subscriber in this binary would make this test meaningless: fail.
        tracing::subscriber::set_global_default(Route).expect("no other global subscriber");
    });
    let capture = Capture::default();
    CURRENT.with(|current| *current.borrow_mut() = Some(capture.clone()));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(test());
    CURRENT.with(|current| *current.borrow_mut() = None);
    capture.text()
}

/// Every line of the span that has a line containing `needle` (the last such span when
/// `last`), joined.
pub fn fields_of(text: &str, needle: &str, last: bool) -> String {
    let mut lines = text.lines().filter(|line| line.contains(needle));
    let line = if last {
        lines.next_back()
    } else {
        lines.next()
    };
    let line = line.unwrap_or_else(|| panic!("no {needle} in {text}"));
    let id = line
        .split_whitespace()
        .find(|word| word.starts_with("id="))
        .unwrap();
    text.lines()
        .filter(|line| line.split_whitespace().any(|word| word == id))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `say`: its `text` argument back.
pub struct Say;

impl ToolHandler for Say {
    fn tool(&self) -> Tool {
        Tool::new(ToolName::new("say").unwrap())
    }

    fn call(&self, arguments: Map<String, Value>, _: Context) -> BoxFuture<'_, CallToolResult> {
        let text = arguments.get("text").and_then(Value::as_str).unwrap_or("");
        let text = text.to_owned();
        Box::pin(async move { CallToolResult::text(text) })
    }
}
