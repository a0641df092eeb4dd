//! stdin and stdout as non-blocking pipes on tokio's reactor, when they are pipes (a client
//! that spawns the server gives it pipes). Tokio's `Stdin` and `Stdout` hand every read
//! and write to a thread of the blocking pool, so the first line waits for a thread to be
//! created and every line for a thread to be woken; here each read and write is a `read` /
//! `write` system call made by the task itself, tried at once, and only when the pipe is
//! empty (or full) does the task wait for the reactor. Anything else (a terminal, a file,
//! a socket) keeps tokio's blocking `Stdin` / `Stdout`.
//!
//! The pipes are switched to non-blocking mode for the time of [`serve`](super::serve) and
//! back to blocking mode when it ends (or its future is dropped).

use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
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

/// stdout when it is a pipe: each line is written at once from its own bytes; a full pipe
/// waits for the reactor.
pub(super) struct PipeOut {
    direct: File,
    /// Always `Some` until dropped.
    pipe: Option<pipe::Sender>,
}

impl PipeOut {
    /// stdout, if it is a pipe.
    pub(super) fn stdout() -> Option<Self> {
        Self::new(io::stdout())
    }

    /// The write end `fd`, if it is a pipe (its file description made non-blocking).
    pub(super) fn new(fd: impl AsFd) -> Option<Self> {
        let (direct, owned) = open(fd)?;
        let pipe = pipe::Sender::from_owned_fd(owned).ok()?;
        Some(Self {
            direct,
            pipe: Some(pipe),
        })
    }
}

impl AsyncWrite for PipeOut {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        loop {
            match (&this.direct).write(buf) {
                Ok(n) => return Poll::Ready(Ok(n)),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) => return Poll::Ready(Err(e)),
            }
        }
        // Full: the reactor's write clears a stale readiness and registers the waker.
        match this.pipe.as_mut() {
            Some(pipe) => Pin::new(pipe).poll_write(cx, buf),
            None => Poll::Ready(Err(io::ErrorKind::BrokenPipe.into())),
        }
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        // Nothing is buffered: every byte went to the pipe.
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

impl Drop for PipeOut {
    fn drop(&mut self) {
        // stdout back in blocking mode, for whatever the process writes after `serve`.
        if let Some(pipe) = self.pipe.take() {
            let _ = pipe.into_blocking_fd();
        }
    }
}
