//! Tasks (the `io.modelcontextprotocol/tasks` extension, SEP-2663): a tool registered as
//! task-supporting runs in the background when the client declares the extension; the
//! client polls `tasks/get`, answers the task's questions with `tasks/update` (the handler
//! runs again with every answer, as in an input round) and may `tasks/cancel` it. Tasks
//! live in a [`TaskStore`], so replicas sharing a store share them. The engine that runs them
//! (on tokio) is the transports' (`crate::transport::tasks`); here is what it stores.

mod store;

pub use store::{FileTaskStore, MemoryTaskStore, TaskRecord, TaskStore};

// Declared on the handler trait (`ToolHandler::task_support`), so the handler module does
// not import the tasks: the dependency runs tasks -> handler only.
pub use crate::server::handler::TaskSupport;
