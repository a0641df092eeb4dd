//! The bench thread's CPU time, a criterion [`Measurement`] shared by the bench files that
//! include it (`#[path]`): on a shared 2-core machine the wall clock also counts the time the
//! bench thread waits for a core; this clock does not.

use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};

/// The bench thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), for criterion. Every path runs
/// on this thread (a current-thread runtime; rmcp's session task too), so its CPU time is the
/// work of the call, without the time the thread waited for a core on a loaded machine.
pub(crate) struct ThreadCpu {
    wall: WallTime,
}

impl Default for ThreadCpu {
    fn default() -> Self {
        Self { wall: WallTime }
    }
}

fn thread_cpu_now() -> Duration {
    let now = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(
        u64::try_from(now.tv_sec).unwrap_or(0),
        u32::try_from(now.tv_nsec).unwrap_or(0),
    )
}

impl Measurement for ThreadCpu {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        thread_cpu_now()
    }
    fn end(&self, start: Duration) -> Duration {
        thread_cpu_now().saturating_sub(start)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_secs_f64() * 1e9
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        // Nanoseconds, like the wall clock's.
        self.wall.formatter()
    }
}
