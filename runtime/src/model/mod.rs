//! The protocol's data: content blocks, resource contents, annotations, `_meta`, icons, the
//! descriptors and results of tools, prompts and resources, and the validated newtypes their
//! fields take. Each type is declared once (`declare`: `model_object!`), which gives its
//! reader, its writer per protocol version (`write`) and its known members.

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
