//! The protocol's data: content blocks, resource contents, annotations, `_meta`, icons, the
//! descriptors and results of tools, prompts and resources, and the validated newtypes their
//! fields take. Each type reads itself from JSON with its rules and writes itself per version.

pub(crate) mod annotations;
pub(crate) mod app;
pub(crate) mod binary;
pub(crate) mod cache;
pub(crate) mod content;
mod declare;
pub(crate) mod extra;
pub(crate) mod icon;
pub(crate) mod integer;
pub(crate) mod json;
pub(crate) mod meta;
pub(crate) mod prompt;
pub(crate) mod resource;
pub(crate) mod result;
pub(crate) mod tool;
pub(crate) mod validate;
pub(crate) mod validated;
pub(crate) mod write;

#[cfg(test)]
mod read_tests;
