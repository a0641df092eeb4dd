#![deny(warnings)] // the macros give the user no warning
#![no_implicit_prelude]
#![deny(warnings, unused_qualifications, unused_results)]
#![allow(non_camel_case_types, dead_code, unused_macros)]

extern crate mcp_content;
extern crate std;

// Local macros and traits named like what generated code could call unqualified.
macro_rules! format { ($($t:tt)*) => { 0_u8 } }
macro_rules! vec { ($($t:tt)*) => { 0_u8 } }
macro_rules! concat { ($($t:tt)*) => { 0_u8 } }
macro_rules! stringify { ($($t:tt)*) => { 0_u8 } }
macro_rules! panic { ($($t:tt)*) => { 0_u8 } }
macro_rules! matches { ($($t:tt)*) => { 0_u8 } }
macro_rules! write { ($($t:tt)*) => { 0_u8 } }
macro_rules! unreachable { ($($t:tt)*) => { 0_u8 } }
macro_rules! assert { ($($t:tt)*) => { 0_u8 } }
trait Into {}
trait From {}
trait Default {}
trait Iterator {}
trait IntoIterator {}
trait ToString {}
trait ToOwned {}
trait AsRef {}
trait Fn {}
trait Send {}
trait Sync {}
trait Sized {}
trait Serialize {}
trait Deserialize {}
trait JsonSchema {}
struct Some;
struct None;
struct Ok;
struct Err;
struct Value;
struct Map;
struct Context;
struct Router;
struct ProtocolError;
mod serde_json {}
mod schemars {}
mod alloc {}
mod tokio {}

/// An answer.
#[derive(mcp_content::Content)]
enum Answer {
    Text(#[content(text)] std::string::String),
    Chart {
        #[content(image(mime = "image/png"), annotations(priority = 0.5))]
        png: std::vec::Vec<u8>,
        #[content(meta = "com.example/caption")]
        caption: std::string::String,
    },
}

/// Answers.
///
/// # Arguments
/// * `q` - the question
#[mcp_content::tool]
async fn answer(q: std::string::String, n: std::option::Option<u8>) -> std::result::Result<Answer, std::string::String> {
    let _ = n;
    std::result::Result::Ok(Answer::Text(q))
}

/// Asks.
#[mcp_content::prompt]
fn ask(topic: std::string::String, depth: std::option::Option<u8>) -> std::string::String {
    let _ = depth;
    topic
}

/// A page.
#[mcp_content::resource(uri = "pages://{id}", mime = "text/plain")]
fn page(id: u32) -> std::string::String {
    std::string::ToString::to_string(&id)
}

fn main() {
    let router = mcp_content::router!(tools: [answer], prompts: [ask], resources: [page]);
    std::assert!(router.build().is_ok());
}
