//! The literal values a field's attributes declare and its block carries when written
//! (`annotations(priority = 0.5)`, `meta("k" = "v")`, a link's `title = "…"`…), and those a
//! container declares in the result's `_meta`: a block (or result) read back must carry the
//! same values, as a field with a literal `mime` reads only blocks of that type. Missing or
//! different is refused, naming the JSON path, the field, the literal and what was found.
//!
//! The generated code names the literals once per block field ([`expect`]) or per type
//! ([`expect_result_meta`]); a type that declares none calls neither.

use serde_json::Value;

use super::result_meta::ResultMeta;
use super::sources::At;
use crate::model::annotations::Role;
use crate::model::content::ContentBlock;
use crate::model::meta::Meta;
use crate::model::validated::Timestamp;
use crate::wire::error::{ReadError, cut};

/// A literal `_meta` value, as the attribute spells it.
#[derive(Clone, Copy, Debug)]
pub enum Lit {
    /// A string.
    Str(&'static str),
    /// `true` or `false`.
    Bool(bool),
    /// A number with a fraction or exponent (compared as a number: `1.5` and `15e-1` are
    /// equal).
    Num(f64),
    /// An integer, compared exactly (past 2^53 too): `2`, `2.0` and `2e0` are equal, `2` and
    /// `2.5` are not.
    Int(i128),
    /// A JSON value, as text (`ui(…)`): compared as JSON values (key order and spacing aside).
    Json(&'static str),
}

impl Lit {
    fn matches(self, found: &Value) -> bool {
        match (self, found) {
            (Lit::Str(lit), Value::String(found)) => lit == found,
            (Lit::Bool(lit), Value::Bool(found)) => lit == *found,
            #[allow(
                clippy::float_cmp,
                reason = "the literal is written exactly; numbers compare as numbers"
            )]
            (Lit::Num(lit), Value::Number(found)) => found.as_f64() == Some(lit),
            (Lit::Int(lit), Value::Number(found)) => int_eq(found, lit),
            (Lit::Json(lit), found) => {
                crate::wire::value_text::parse_value(lit).is_ok_and(|lit| lit == *found)
            }
            _ => false,
        }
    }

    fn describe(self) -> String {
        match self {
            Lit::Str(text) => format!("{:?}", cut(text)),
            Lit::Bool(value) => value.to_string(),
            Lit::Num(value) => value.to_string(),
            Lit::Int(value) => value.to_string(),
            Lit::Json(text) => cut(text).into_owned(),
        }
    }
}

/// Whether `found` is the integer `lit`: exactly when it was written as an integer, and as a
/// float only below 2^53, where a float holds every integer exactly.
fn int_eq(found: &serde_json::Number, lit: i128) -> bool {
    const EXACT: f64 = 9_007_199_254_740_992.0;
    if let Some(n) = found.as_u64() {
        return i128::from(n) == lit;
    }
    if let Some(n) = found.as_i64() {
        return i128::from(n) == lit;
    }
    #[allow(
        clippy::cast_precision_loss,
        clippy::float_cmp,
        reason = "compared only below 2^53, where both are exact"
    )]
    found
        .as_f64()
        .is_some_and(|f| f.abs() < EXACT && lit.unsigned_abs() < (1 << 53) && f == lit as f64)
}

/// A literal an attribute of a block field declares, which its block carries.
#[derive(Clone, Copy, Debug)]
pub enum Expect {
    /// `annotations(audience = [...])`: compared as a set (order and repeats aside).
    Audience(&'static [Role]),
    /// `annotations(priority = …)`: compared as a number.
    Priority(f64),
    /// `annotations(last_modified = "…")`: compared as instants (`…T10:00:00Z` and
    /// `…T12:00:00+02:00` are equal), or as text when one names no instant (a date).
    LastModified(&'static str),
    /// A link's `title = "…"`.
    Title(&'static str),
    /// A link's `description = "…"`.
    Description(&'static str),
    /// A link's `size = …`.
    Size(u64),
    /// `meta("key" = …)`: the block's own `_meta`.
    Meta(&'static str, Lit),
    /// `resource_meta("key" = …)`: the `_meta` of an embedded resource's contents.
    ContentsMeta(&'static str, Lit),
}

/// Refuses the block at `index`, taken by field `field`, unless it carries every literal in
/// `literals`.
///
/// # Errors
/// The first literal missing or different, at its JSON path.
pub fn expect(
    block: &ContentBlock,
    index: usize,
    field: &str,
    literals: &[Expect],
) -> Result<(), ReadError> {
    literals
        .iter()
        .try_for_each(|&literal| expect_one(block, index, field, literal))
}

fn expect_one(
    block: &ContentBlock,
    index: usize,
    field: &str,
    literal: Expect,
) -> Result<(), ReadError> {
    let annotations = block.annotations();
    let link = match block {
        ContentBlock::ResourceLink(link) => Some(link),
        _ => None,
    };
    let text = |found: Option<&String>| found.map(|t| format!("{:?}", cut(t)));
    let (path, declared, found): (String, String, Option<String>) = match literal {
        Expect::Audience(roles) => {
            let found = annotations.and_then(|a| a.audience.as_deref());
            if found.is_some_and(|found| {
                roles.iter().all(|r| found.contains(r)) && found.iter().all(|r| roles.contains(r))
            }) {
                return Ok(());
            }
            let list = |roles: &[Role]| {
                let names: Vec<String> =
                    roles.iter().map(|r| format!("{:?}", r.as_str())).collect();
                format!("[{}]", names.join(", "))
            };
            ("annotations.audience".into(), list(roles), found.map(list))
        }
        Expect::Priority(priority) => {
            let found = annotations
                .and_then(|a| a.priority)
                .map(crate::model::validated::Priority::get);
            #[allow(
                clippy::float_cmp,
                reason = "the literal is written exactly; numbers compare as numbers"
            )]
            if found == Some(priority) {
                return Ok(());
            }
            (
                "annotations.priority".into(),
                priority.to_string(),
                found.map(|p| p.to_string()),
            )
        }
        Expect::LastModified(time) => {
            let found = annotations.and_then(|a| a.last_modified.as_ref());
            if found.is_some_and(|found| same_time(found, time)) {
                return Ok(());
            }
            (
                "annotations.lastModified".into(),
                format!("{:?}", cut(time)),
                found.map(|t| format!("{:?}", cut(t.as_str()))),
            )
        }
        Expect::Title(title) => {
            let found = link.and_then(|l| l.title.as_ref());
            if found.is_some_and(|t| t == title) {
                return Ok(());
            }
            ("title".into(), format!("{:?}", cut(title)), text(found))
        }
        Expect::Description(description) => {
            let found = link.and_then(|l| l.description.as_ref());
            if found.is_some_and(|t| t == description) {
                return Ok(());
            }
            (
                "description".into(),
                format!("{:?}", cut(description)),
                text(found),
            )
        }
        Expect::Size(size) => {
            let found = link.and_then(|l| l.size.as_ref());
            if found.is_some_and(|s| s.as_u64() == Some(size)) {
                return Ok(());
            }
            (
                "size".into(),
                size.to_string(),
                found.map(|s| cut(&s.to_string()).into_owned()),
            )
        }
        Expect::Meta(key, lit) => {
            return expect_meta(block.meta(), At::Block(index), key, lit, &field_word(field));
        }
        Expect::ContentsMeta(key, lit) => {
            let meta = match block {
                ContentBlock::Resource(b) => Some(b.resource.meta()),
                _ => None,
            };
            return expect_meta(meta, At::Contents(index), key, lit, &field_word(field));
        }
    };
    let what = path.rsplit('.').next().unwrap_or_default();
    Err(refused(
        format!("content[{index}].{path}"),
        &field_word(field),
        what,
        &declared,
        found,
    ))
}

/// Refuses a result whose `_meta` lacks an entry `type_name` declares as a literal
/// (`#[content(meta("key" = "v"))]`) or holds another value there.
///
/// # Errors
/// The first entry missing or different, at `_meta.key`.
pub fn expect_result_meta(
    meta: ResultMeta<'_>,
    type_name: &str,
    entries: &[(&'static str, Lit)],
) -> Result<(), ReadError> {
    // Blocks read alone: there is no result `_meta` to check.
    let ResultMeta::Of(meta) = meta else {
        return Ok(());
    };
    let who = format!("`{type_name}`");
    entries
        .iter()
        .try_for_each(|&(key, lit)| expect_meta(Some(meta), At::Result, key, lit, &who))
}

fn expect_meta(
    meta: Option<&Meta>,
    at: At,
    key: &'static str,
    lit: Lit,
    who: &str,
) -> Result<(), ReadError> {
    let raw = meta.and_then(|meta| meta.get(key));
    let value = raw.and_then(|raw| crate::wire::value_text::parse_value(raw.get()).ok());
    if value.as_ref().is_some_and(|value| lit.matches(value)) {
        return Ok(());
    }
    let found = raw.map(|raw| cut(raw.get()).into_owned());
    let lacks = found.is_none() && matches!(at, At::Result);
    let error = refused(
        at.meta_path(key),
        who,
        &format!("_meta entry {key:?}"),
        &lit.describe(),
        found,
    );
    // Marked, so a reader that fills in absent entries tells this refusal apart by value.
    Err(if lacks {
        error.lacking_literal(key)
    } else {
        error
    })
}

/// Whether `found` is the literal `lit`: the same text, or the same instant in another
/// spelling (another offset, `Z` for `+00:00`, the basic format, `24:00` of the day before).
fn same_time(found: &Timestamp, lit: &str) -> bool {
    found.as_str() == lit
        || Timestamp::new(lit).is_ok_and(|lit| {
            lit.instant()
                .is_some_and(|lit| found.instant() == Some(lit))
        })
}

fn field_word(field: &str) -> String {
    format!("field `{field}`")
}

/// Why a block or result that lacks a literal is refused (the end of every such error).
const LITERAL_RULE: &str =
    "(a block or result is read only when it carries the literal values its attributes write)";

fn refused(
    path: String,
    who: &str,
    what: &str,
    declared: &str,
    found: Option<String>,
) -> ReadError {
    let found = found.unwrap_or_else(|| "none".to_owned());
    ReadError::message(
        path,
        format!("{who} declares {what} {declared}, found {found} {LITERAL_RULE}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_lacking_a_literal_entry_is_marked_so_a_different_or_block_one_is_not() {
        let entries = [("k", Lit::Str("v"))];
        let missing = expect_result_meta(ResultMeta::Of(&Meta::new()), "T", &entries).unwrap_err();
        assert!(missing.lacks_literal("k") && !missing.lacks_literal("j"));
        assert_eq!(missing.path(), "_meta.k");

        let mut other = Meta::new();
        other.__insert_unchecked("k", Value::from("w"));
        let different = expect_result_meta(ResultMeta::Of(&other), "T", &entries).unwrap_err();
        assert!(!different.lacks_literal("k"), "{different}");

        let block = ContentBlock::text("hi");
        let in_block = expect(&block, 0, "f", &[Expect::Meta("k", Lit::Str("v"))]).unwrap_err();
        assert!(!in_block.lacks_literal("k"), "{in_block}");
    }
}
