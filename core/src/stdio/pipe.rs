//! stdin as a non-blocking pipe on tokio's reactor, when it is a pipe (a client that spawns
//! the server gives it pipes). Tokio's `Stdin` hands every read to a thread of the blocking
//! pool, so the first line waits for a thread to be created and every line for a thread to
//! be woken; here each read is a `read` system call made by the serving task itself, tried
//! at once, and only when the pipe is empty does the task wait for the reactor. Anything
//! else (a terminal, a file, a socket) keeps tokio's `Stdin`.
//!
//! stdout stays a blocking descriptor written from a thread of its own (`serve`): a result
//! of a megabyte goes out in one blocking `write` the kernel paces, where a non-blocking
//! pipe would wake the writer once per 64 KiB the client drains (measured: about twice the
//! server CPU per image call), and nothing else that writes to stdout or a stderr sharing
//! its pipe can meet `EAGAIN`.
//!
//! On Linux, stdout's pipe is given a buffer of 1 MiB ([`widen`]) when its own is smaller: a
//! megabyte result then crosses in one or two turns of the client's reads rather than one per
//! 64 KiB (measured: the image calls at 8 in flight went from about 1.6 to 2.3 times rmcp's
//! calls per second).
//!
//! The pipe is switched to non-blocking mode for the time of [`serve`](super::serve) and
//! back to blocking mode when it ends (or its future is dropped).

use std::fs::File;
use std::io::{self, Read};
use std::os::fd::{AsFd, OwnedFd};
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, ReadBuf};
use tokio::net::unix::pipe;

/// A duplicate of `fd` for direct system calls, and one to register with the reactor.
fn open(fd: impl AsFd) -> Option<(File, OwnedFd)> {
    let owned = fd.as_fd().try_clone_to_owned().ok()?;
    let direct = File::from(owned.try_clone().ok()?);
    Some((direct, owned))
}

/// stdin when it is a pipe: reads go to the pipe at once; an empty pipe waits for the
/// reactor.
pub(super) struct PipeIn {
    direct: File,
    /// Always `Some` until dropped.
    pipe: Option<pipe::Receiver>,
}

/// The pipe buffer [`widen`] asks for: 1 MiB, Linux's default `fs.pipe-max-size` (the most an
/// unprivileged process may set).
pub(super) const WIDE_PIPE: usize = 1 << 20;

/// Raises the buffer of the pipe `fd` to [`WIDE_PIPE`] when it is smaller; its size after.
/// `None`, and nothing changed, when `fd` is not a pipe or the kernel refuses (a lower
/// `fs.pipe-max-size`, the user's pipe memory used up): the pipe then works as it was.
#[cfg(target_os = "linux")]
pub(super) fn widen(fd: impl AsFd) -> Option<usize> {
    let size = rustix::pipe::fcntl_getpipe_size(&fd).ok()?;
    if size >= WIDE_PIPE {
        return Some(size);
    }
    rustix::pipe::fcntl_setpipe_size(&fd, WIDE_PIPE).ok()
}

impl PipeIn {
    /// stdin, if it is a pipe.
    pub(super) fn stdin() -> Option<Self> {
        Self::new(io::stdin())
    }

    /// The read end `fd`, if it is a pipe (its file description made non-blocking).
    pub(super) fn new(fd: impl AsFd) -> Option<Self> {
        let (direct, owned) = open(fd)?;
        let pipe = pipe::Receiver::from_owned_fd(owned).ok()?;
        Some(Self {
            direct,
            pipe: Some(pipe),
        })
    }
}

impl AsyncRead for PipeIn {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        // The data is most often there already: read it now, not after an event.
        loop {
            match (&this.direct).read(buf.initialize_unfilled()) {
                Ok(n) => {
                    buf.advance(n);
                    return Poll::Ready(Ok(()));
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) => return Poll::Ready(Err(e)),
            }
        }
        // Empty: the reactor's read clears a stale readiness and registers the waker.
        match this.pipe.as_mut() {
            Some(pipe) => Pin::new(pipe).poll_read(cx, buf),
            None => Poll::Ready(Ok(())),
        }
    }
}

impl Drop for PipeIn {
    fn drop(&mut self) {
        // stdin back in blocking mode, as the process had it.
        if let Some(pipe) = self.pipe.take() {
            let _ = pipe.into_blocking_fd();
        }
    }
}
