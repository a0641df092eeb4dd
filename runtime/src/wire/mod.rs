//! JSON in and out: reading untrusted documents with limits and errors that name the path
//! and the rule, and writing model values for the protocol version a peer negotiated.

pub(crate) mod error;
pub(crate) mod guard;
pub(crate) mod limits;
pub(crate) mod read;
pub(crate) mod spelling;
pub(crate) mod version;
pub(crate) mod write;
