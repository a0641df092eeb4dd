//! Examples are tests: each example binary run as a process and spoken to as a client would
//! (`forecast`'s output, the conformance server over stdio and Streamable HTTP with its
//! transport rules, load and replicas, the payload-budget, file-root and MCP App examples,
//! the remote server's flags, 401 and metadata).

mod common;

mod forecast;
mod load;
mod notes;
mod radar;
mod readme;
mod remote;
mod replicas;
mod replicas_redis;
mod round_robin;
mod stdio;
mod telemetry;
mod transport_rules;
mod weather_app;
