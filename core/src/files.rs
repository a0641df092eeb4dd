//! Reading files under a root without leaving it (feature `files`).
//!
//! The router's guard on `file:` templates is lexical: it refuses a variable holding `..`,
//! an encoded slash or an absolute path, but it sees the URI, not the filesystem. A
//! symlink inside the root (to a file, or to a directory) still leads out of it, and a
//! check on a path followed by an open of that path leaves a window in which a file can
//! be swapped for a link. [`Root`] closes both: it holds the directory open, and every
//! path is opened relative to that handle, each component resolved beneath it (symlinks
//! followed only while they stay inside; on Linux the kernel's `openat2` with
//! `RESOLVE_BENEATH`). There is no separate check to race: the open is the check. This is
//! [`cap-std`](https://docs.rs/cap-std)'s job, which `Root` wraps with errors that name the
//! path and the rule.
//!
//! ```
//! use mcp_content::files::Root;
//! use mcp_content::resource;
//!
//! /// A note from the notes directory.
//! #[resource(uri = "file:///notes/{+path}", mime = "text/markdown")]
//! fn note(path: String) -> Result<String, mcp_content::handler::ProtocolError> {
//!     # let dir = std::env::temp_dir().join(format!("notes-doc-{}", std::process::id()));
//!     # std::fs::create_dir_all(&dir).unwrap();
//!     # std::fs::write(dir.join("todo.md"), "- ship it").unwrap();
//!     # let notes_dir = &dir;
//!     // In a server: open the root once at start-up and keep it.
//!     let root = Root::open(notes_dir)?;
//!     Ok(root.read_to_string(&path)?)
//! }
//!
//! # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
//! let router = mcp_content::Router::builder().resource(note {}).build().unwrap();
//! let context = || mcp_content::Context::new(Default::default(), Default::default());
//! let read = router.read_resource("file:///notes/todo.md", context()).await.unwrap();
//! assert_eq!(read.contents.len(), 1);
//! # });
//! ```

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use crate::server::protocol_error::ProtocolError;

/// A directory that files are read from, and never outside of: `..`, absolute paths and
/// symlinks that lead out are refused, whenever the link was made (see the [module
/// docs](self)).
pub struct Root {
    dir: cap_std::fs::Dir,
    path: PathBuf,
}

impl fmt::Debug for Root {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Root")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

/// Why a file under a [`Root`] was not read.
#[derive(Debug)]
#[non_exhaustive]
pub enum FileError {
    /// The path leads out of the root: `..` past it, an absolute path, or a symlink (to a
    /// file or a directory) whose target is outside.
    Escapes {
        /// The path asked for, relative to the root.
        path: PathBuf,
    },
    /// Nothing is there.
    NotFound {
        /// The path asked for, relative to the root.
        path: PathBuf,
    },
    /// Opening or reading failed otherwise (permissions, a directory, not UTF-8 text).
    Io {
        /// The path asked for, relative to the root (the root itself for [`Root::open`]).
        path: PathBuf,
        /// What the operating system said.
        error: io::Error,
    },
}

impl FileError {
    fn from_io(path: &Path, error: io::Error) -> Self {
        let path = path.to_path_buf();
        // cap-std's one signal for an escape (`cap_primitives::fs::errors::escape_attempt`).
        if error.kind() == io::ErrorKind::PermissionDenied
            && error.to_string() == "a path led outside of the filesystem"
        {
            return FileError::Escapes { path };
        }
        if error.kind() == io::ErrorKind::NotFound {
            return FileError::NotFound { path };
        }
        FileError::Io { path, error }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Escapes { path } => write!(
                f,
                "{}: refused, the path leads out of the file root (`..`, an absolute path or \
                 a symlink whose target is outside)",
                path.display()
            ),
            FileError::NotFound { path } => write!(f, "{}: no such file", path.display()),
            FileError::Io { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FileError::Io { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl From<FileError> for ProtocolError {
    /// An escape or a missing file is the client's: invalid params (`-32602`), naming the
    /// path; anything else is the server's (`-32603`).
    fn from(error: FileError) -> Self {
        match error {
            FileError::Escapes { .. } | FileError::NotFound { .. } => {
                ProtocolError::invalid_params(error.to_string())
            }
            FileError::Io { .. } => ProtocolError::internal(error.to_string()),
        }
    }
}

impl Root {
    /// Opens the directory at `path` (the server's own choice, so any path is taken) as a
    /// root. Open it once and keep it: the handle is the root, even if the path is renamed.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, FileError> {
        let path = path.as_ref();
        let dir = cap_std::fs::Dir::open_ambient_dir(path, cap_std::ambient_authority())
            .map_err(|error| FileError::from_io(path, error))?;
        Ok(Self {
            dir,
            path: path.to_path_buf(),
        })
    }

    /// The path the root was opened at.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Opens the file at `relative` for reading, refusing any path that leads out.
    pub fn open_file(&self, relative: impl AsRef<Path>) -> Result<std::fs::File, FileError> {
        let relative = relative.as_ref();
        self.dir
            .open(relative)
            .map(cap_std::fs::File::into_std)
            .map_err(|error| FileError::from_io(relative, error))
    }

    /// The bytes of the file at `relative`, refusing any path that leads out.
    pub fn read(&self, relative: impl AsRef<Path>) -> Result<Vec<u8>, FileError> {
        let relative = relative.as_ref();
        self.dir
            .read(relative)
            .map_err(|error| FileError::from_io(relative, error))
    }

    /// The text of the file at `relative` (UTF-8), refusing any path that leads out.
    pub fn read_to_string(&self, relative: impl AsRef<Path>) -> Result<String, FileError> {
        let relative = relative.as_ref();
        self.dir
            .read_to_string(relative)
            .map_err(|error| FileError::from_io(relative, error))
    }
}
