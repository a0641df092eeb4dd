//! Tasks (the `io.modelcontextprotocol/tasks` extension, SEP-2663): a tool registered as
//! task-supporting runs in the background when the client declares the extension; the
//! client polls `tasks/get`, answers the task's questions with `tasks/update` (the handler
//! runs again with every answer, as in an input round) and may `tasks/cancel` it. Tasks
//! live in a [`TaskStore`], so replicas sharing a store share them. The engine that runs them
//! (on tokio) is the transports' (`crate::transport::tasks`); here is what it stores.
//!
//! A task's id (`task-` and 32 hex digits) is 128 bits from the OS's CSPRNG. With
//! authorization, a task also belongs to the principal whose call created it
//! ([`TaskRecord::principal`]): another principal naming its id gets `unknown task`, the
//! answer to an id that never was, and cannot read, answer or cancel it. Without
//! authorization (stdio, a server that checks no token) the id is the only protection the
//! task has: any client that names it may `tasks/get` it (its result included), answer it or
//! cancel it. A request without a principal never reaches a task created with one, nor the
//! reverse.
//!
//! A task whose process is gone does not stay `working`: the process running it holds a
//! lease on it that it renews, and a reader that finds the lease lapsed ends the task
//! `failed` ([`TaskStore`] has the contract).

mod store;

pub use store::{FileTaskStore, LEASE_LAPSED, MemoryTaskStore, TaskRecord, TaskStore};

// Declared on the handler trait (`ToolHandler::task_support`), so the handler module does
// not import the tasks: the dependency runs tasks -> handler only.
pub use crate::server::handler::TaskSupport;
