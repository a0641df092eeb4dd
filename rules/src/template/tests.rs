//! The template tests, by theme (`parse`, `expand`, `match_uri`, `overlaps`); the helpers
//! they share (`t`, `expand`, `owned`, `TRICKY`) are here.

use std::collections::HashMap;

use proptest::prelude::*;

use super::*;

fn t(s: &str) -> UriTemplate {
    UriTemplate::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Expands with string values from `vars`; names not listed are undefined.
fn expand(template: &UriTemplate, vars: &[(&str, &str)]) -> String {
    let map: HashMap<&str, &str> = vars.iter().copied().collect();
    template.expand(&|name| map.get(name).map(|v| TemplateValue::Str(v)))
}

fn owned(vars: &[(&str, &str)]) -> Vec<(String, String)> {
    vars.iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

/// Values that stress encoding and matching.
const TRICKY: &[&str] = &[
    "",
    "plain",
    "a b",
    "a/b",
    "/",
    "//",
    "..",
    "../etc/passwd",
    "%",
    "%2F",
    "%41",
    "100%",
    "%%",
    "%zz",
    "a+b",
    "a,b",
    "a;b=c",
    "a?b#c",
    "a&b=c",
    "é",
    "日本語",
    "😀 emoji",
    "tab\there",
    "new\nline",
    "quote\"'",
    "{braces}",
    "[brackets]",
    "back\\slash",
    "~-._",
    ".txt",
    "x.txt",
    "=",
    "\u{0}",
    "-",
];

mod expand;
mod match_uri;
mod overlaps;
mod parse;
