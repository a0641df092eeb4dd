//! The accept loop's handling of accept errors: out of descriptors it sleeps (a growing
//! pause) instead of spinning, an error of one connection is skipped, any other ends it.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::*;

/// Fails every accept with the OS error `code`, counting the calls; after `fatal_after`
/// calls (if any), fails with `EBADF` (a listener that is gone).
struct Failing {
    code: i32,
    calls: Arc<AtomicUsize>,
    fatal_after: Option<usize>,
}

impl Acceptor for Failing {
    async fn accept(&mut self) -> io::Result<TcpStream> {
        let n = self.calls.fetch_add(1, Ordering::SeqCst);
        if self.fatal_after.is_some_and(|after| n >= after) {
            return Err(io::Error::from_raw_os_error(libc::EBADF));
        }
        Err(io::Error::from_raw_os_error(self.code))
    }
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// Runs the loop on `acceptor` for `window` (or until it ends) and returns how it ended.
async fn run_for(acceptor: Failing, window: Duration) -> Option<io::Result<()>> {
    let config = Serve::new();
    let shutdown = tokio::time::sleep(window);
    let ended = accept_loop(acceptor, &config, shutdown, |_, _, _| {
        panic!("nothing is accepted")
    });
    tokio::time::timeout(window * 2, ended).await.ok()
}

#[test]
fn out_of_descriptors_the_loop_sleeps_with_a_growing_pause_instead_of_spinning() {
    rt().block_on(async {
        for code in [libc::EMFILE, libc::ENFILE, libc::ENOBUFS, libc::ENOMEM] {
            let calls = Arc::new(AtomicUsize::new(0));
            let acceptor = Failing {
                code,
                calls: Arc::clone(&calls),
                fatal_after: None,
            };
            let started = std::time::Instant::now();
            let ended = run_for(acceptor, Duration::from_millis(400)).await;
            // The shutdown ended it, not the error.
            assert!(matches!(ended, Some(Ok(()))), "{code}: {ended:?}");
            assert!(started.elapsed() >= Duration::from_millis(390));
            // 5 + 10 + 20 + 40 + 80 + 160 ms: about 7 tries in 400 ms; a spinning loop makes
            // millions.
            let tries = calls.load(Ordering::SeqCst);
            assert!((5..=9).contains(&tries), "{code}: {tries} tries in 400 ms");
        }
    });
}

#[test]
fn the_pause_grows_to_one_second_and_no_further() {
    let mut pause = FIRST_BACKOFF;
    let mut pauses = Vec::new();
    for _ in 0..12 {
        pauses.push(pause);
        pause = (pause * 2).min(MAX_BACKOFF);
    }
    assert_eq!(pauses[0], Duration::from_millis(5));
    assert_eq!(*pauses.last().unwrap(), Duration::from_secs(1));
    // The loop's own growth, measured: after 1.5 s of EMFILE, no more than ~10 tries.
    rt().block_on(async {
        let calls = Arc::new(AtomicUsize::new(0));
        let acceptor = Failing {
            code: libc::EMFILE,
            calls: Arc::clone(&calls),
            fatal_after: None,
        };
        run_for(acceptor, Duration::from_millis(1500)).await;
        let tries = calls.load(Ordering::SeqCst);
        assert!((8..=10).contains(&tries), "{tries} tries in 1.5 s");
    });
}

#[test]
fn an_error_of_one_connection_is_skipped_and_another_error_ends_the_loop() {
    rt().block_on(async {
        for code in [
            libc::ECONNABORTED,
            libc::ECONNRESET,
            libc::EINTR,
            libc::EPROTO,
        ] {
            let calls = Arc::new(AtomicUsize::new(0));
            let acceptor = Failing {
                code,
                calls: Arc::clone(&calls),
                fatal_after: Some(50),
            };
            let ended = run_for(acceptor, Duration::from_secs(2)).await;
            let error = ended.expect("the loop ends at once").unwrap_err();
            assert_eq!(error.raw_os_error(), Some(libc::EBADF), "{code}");
            assert_eq!(calls.load(Ordering::SeqCst), 51, "{code}");
        }
    });
}

#[test]
fn max_connections_is_at_least_one() {
    assert_eq!(Serve::new().max_connections(0).max_connections, 1);
    assert_eq!(Serve::new().max_connections, 512);
}
