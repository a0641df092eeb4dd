//! Helpers the deep-value test files share (included with `#[path]`): a test run on a
//! thread of a known stack size, and nested arrays built without recursion.

use serde_json::{Value, json};

/// Runs `test` on a thread with `stack` bytes of stack, and passes its panic on.
pub(crate) fn on_stack(stack: usize, test: impl FnOnce() + Send + 'static) {
    let outcome = std::thread::Builder::new()
        .stack_size(stack)
        .spawn(test)
        .expect("a thread starts")
        .join();
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
}

/// `depth` arrays, one in another, around `1`; built without recursion.
pub(crate) fn nested(depth: usize) -> Value {
    (0..depth).fold(json!(1), |value, _| Value::Array(vec![value]))
}

/// The same as JSON text.
pub(crate) fn nested_text(depth: usize) -> String {
    format!("{}1{}", "[".repeat(depth), "]".repeat(depth))
}
