#![deny(warnings)] // the macros give the user no warning
// Several query variables take their own names only, each once; several unnamed ones one
// separator fewer than variables; a long name is read whole: none of these share a URI
// with another, so `router!` compiles them and `build()` takes them.

use mcp_content::{resource, router};

/// A search: `q` and `limit`, in any order, or neither.
#[resource(uri = "search://items{?q,limit}")]
fn search(q: Option<String>, limit: Option<String>) -> String {
    format!("{q:?}{limit:?}")
}

/// The first page: `page` is neither `q` nor `limit`.
#[resource(uri = "search://items?page=1")]
fn first_page() -> String {
    String::new()
}

/// A search with a page: `{?q,limit}` writes no `page`.
#[resource(uri = "search://items?q=rust&page=2")]
fn rust_second_page() -> String {
    String::new()
}

/// A name twice, which the matcher refuses for `{?q,limit}`.
#[resource(uri = "search://items?q=a&q=b")]
fn twice() -> String {
    String::new()
}

/// One item, with optional fields.
#[resource(uri = "search://items/{id}{?fields,expand}")]
fn item(id: String, fields: Option<String>, expand: Option<String>) -> String {
    format!("{id}{fields:?}{expand:?}")
}

/// Two path segments.
#[resource(uri = "tree://root{/a,b}")]
fn two_segments(a: String, b: String) -> String {
    format!("{a}{b}")
}

/// Three: `{/a,b}` writes two at most.
#[resource(uri = "tree://root/x/y/z")]
fn three_segments() -> String {
    String::new()
}

/// A pair of numbers.
#[resource(uri = "pair://{x,y}")]
fn pair(x: String, y: String) -> String {
    format!("{x}{y}")
}

/// A triple: `{x,y}` writes one comma at most.
#[resource(uri = "pair://1,2,3")]
fn triple() -> String {
    String::new()
}

/// A long query name.
#[resource(uri = "long://r{?a_rather_long_parameter_name_of_forty_b}")]
fn long_name(a_rather_long_parameter_name_of_forty_b: Option<String>) -> String {
    a_rather_long_parameter_name_of_forty_b.unwrap_or_default()
}

/// Another long name, differing in its last byte.
#[resource(uri = "long://r?a_rather_long_parameter_name_of_forty_c=1")]
fn long_other() -> String {
    String::new()
}

fn main() {
    let router = router! {
        resources: [
            search, first_page, rust_second_page, twice, item, two_segments, three_segments, pair,
            triple, long_name, long_other,
        ]
    };
    assert!(router.build().is_ok());
}
