//! The stores on Redis (feature `redis`) against a real `redis-server`: tasks written by
//! concurrent replicas, leases and cancellation across replicas, payload links and their
//! bound, the change bus, a Redis that goes away and comes back, and one that is not there.
//!
//! The tests that need Redis run when `REDIS_URL` is set (`scripts/with-redis.sh cargo test
//! …` starts one and sets it; `.ci/run` always runs the suite so) and otherwise each prints
//! `skipped: REDIS_URL not set` and passes; the outage test also starts a `redis-server` of
//! its own (`REDIS_SERVER`, or `redis-server` on `PATH`). Every test uses a key prefix of its
//! own, so they run in parallel on one Redis.

#[path = "../attack/stdio.rs"]
mod stdio;
mod support;

mod changes;
mod connect;
mod outage;
mod payloads;
mod replicas;
mod tasks;
