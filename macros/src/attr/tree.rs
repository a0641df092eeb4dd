//! The generic tree of a `#[content(…)]` list (`key`, `key = value`, `key(…)`,
//! `"meta/key" = value`), and the helpers that interpret its items.

use syn::ext::IdentExt;
use syn::parse::{ParseStream, Parser};
use syn::{Attribute, Ident, LitStr, Token, bracketed, parenthesized};

use super::Value;
use crate::ctxt::Ctxt;
use crate::toolkit::{self, Keys, expression_text};

// ---------------------------------------------------------------------------------------
// The generic tree

/// One item of an attribute list.
pub(super) enum Item {
    /// `key`
    Flag(Ident),
    /// `key(…)`
    List(Ident, Vec<Item>),
    /// `key = value`
    Assign(Ident, Value),
    /// `"meta/key" = value`
    Entry(LitStr, Value),
}

impl Item {
    pub(super) fn name(&self) -> Option<&Ident> {
        match self {
            Item::Flag(name) | Item::List(name, _) | Item::Assign(name, _) => Some(name),
            Item::Entry(..) => None,
        }
    }
}

pub(super) fn parse_items(input: ParseStream) -> syn::Result<Vec<Item>> {
    let mut items = Vec::new();
    while !input.is_empty() {
        items.push(parse_item(input)?);
        if input.is_empty() {
            break;
        }
        input.parse::<Token![,]>()?;
    }
    Ok(items)
}

pub(super) fn parse_item(input: ParseStream) -> syn::Result<Item> {
    if input.peek(LitStr) {
        let key: LitStr = input.parse()?;
        input.parse::<Token![=]>()?;
        return Ok(Item::Entry(key, parse_value(input, META_VALUE)?));
    }
    // `Ident::parse_any` accepts keywords (`crate`).
    let name = Ident::parse_any(input)
        .map_err(|e| syn::Error::new(e.span(), "expected a key such as `text` or `image(…)`"))?;
    if input.peek(syn::token::Paren) {
        let content;
        parenthesized!(content in input);
        Ok(Item::List(name, parse_items(&content)?))
    } else if input.peek(Token![=]) {
        input.parse::<Token![=]>()?;
        let expects = expects(&name.to_string());
        Ok(Item::Assign(name, parse_value(input, expects)?))
    } else {
        Ok(Item::Flag(name))
    }
}

/// What a `_meta` entry's value is, for the message when something else is written.
const META_VALUE: &str = "a string, a number or a boolean";

/// What the value of `key` is, in a user's words, for the message when something else is
/// written there (`priority = f64::NAN` names the range, not every kind of literal).
fn expects(key: &str) -> &'static str {
    match key {
        "priority" => "a number from 0 to 1",
        "audience" => "a list of \"user\" / \"assistant\" (`[\"user\"]`)",
        "last_modified" => "an ISO 8601 timestamp string (`\"2025-01-12T15:00:58Z\"`)",
        "mime" => "a MIME type string (`\"image/png\"`)",
        "uri" => "a URI or URI template string (`\"file:///{name}.txt\"`)",
        "name" | "title" | "description" | "domain" => "a string",
        "size" => "a whole number",
        "crate" => "a path string (`\"my_crate::mcp\"`)",
        "meta" => "a `_meta` key string (`\"com.example/key\"`)",
        _ => "a number, a string, a boolean or a list",
    }
}

/// A value, which must end at a `,` or at the end of its list: `0.5 + 0.25` or `x * 2` is an
/// expression where a literal is needed, reported as such rather than as a missing `,`.
/// `expects` says what the key takes, for those messages.
pub(super) fn parse_value(input: ParseStream, expects: &str) -> syn::Result<Value> {
    let expression = input.fork();
    let value = parse_one_value(input, expects)?;
    if input.is_empty() || input.peek(Token![,]) {
        return Ok(value);
    }
    match expression.parse::<syn::Expr>() {
        Ok(expr) => Err(literal_needed(&expr, expects)),
        Err(_) => Ok(value),
    }
}

fn literal_needed(expr: &syn::Expr, expects: &str) -> syn::Error {
    syn::Error::new_spanned(
        expr,
        format!(
            "a literal is needed here, not the expression `{}`: write {expects} \
             (the compiler checks it), or the name of a field to take the value from",
            expression_text(&quote::ToTokens::to_token_stream(expr))
        ),
    )
}

/// What a token that starts no value is, in words: `a byte string` for `b"…"`.
fn not_a_value(input: ParseStream) -> Option<&'static str> {
    let lookahead = input.fork();
    match lookahead.parse::<syn::Lit>() {
        Ok(syn::Lit::ByteStr(_) | syn::Lit::CStr(_)) => Some("a byte string"),
        Ok(syn::Lit::Byte(_)) => Some("a byte literal"),
        Ok(syn::Lit::Char(_)) => Some("a character literal"),
        Ok(_) => Some("this literal"),
        Err(_) => None,
    }
}

fn parse_one_value(input: ParseStream, expects: &str) -> syn::Result<Value> {
    let lookahead = input.lookahead1();
    if lookahead.peek(LitStr) {
        Ok(Value::Str(input.parse()?))
    } else if lookahead.peek(syn::LitBool) {
        Ok(Value::Bool(input.parse()?))
    } else if lookahead.peek(syn::LitInt)
        || lookahead.peek(syn::LitFloat)
        || lookahead.peek(Token![-])
    {
        parse_number(input)
    } else if lookahead.peek(syn::token::Bracket) {
        let content;
        let bracket = bracketed!(content in input);
        let mut values = Vec::new();
        while !content.is_empty() {
            values.push(parse_value(&content, expects)?);
            if content.is_empty() {
                break;
            }
            content.parse::<Token![,]>()?;
        }
        Ok(Value::Array(values, bracket.span.join()))
    } else if lookahead.peek(Ident) {
        // `f64::NAN`, `MAX_PRIORITY`, `x.y`, `f()`: an expression where a literal is needed
        // (attribute values are checked at compile time, so they are literals).
        let expression = input.fork();
        let ident: Ident = input.parse()?;
        if input.peek(Token![::])
            || input.peek(Token![.])
            || input.peek(syn::token::Paren)
            || input.peek(Token![!])
        {
            let expr: syn::Expr = expression.parse()?;
            return Err(literal_needed(&expr, expects));
        }
        Ok(Value::Field(ident))
    } else if let Some(what) = not_a_value(input) {
        Err(input.error(format!(
            "{what} is not a value here: write {expects}, or the name of a field to take the value from"
        )))
    } else if let Ok(expr) = input.fork().parse::<syn::Expr>() {
        // `(0.5)`, `{ 1 }`, `&x`, `!true`: an expression where a literal is needed.
        Err(literal_needed(&expr, expects))
    } else {
        Err(input.error(format!(
            "expected a value: {expects}, or the name of a field to take the value from"
        )))
    }
}

pub(super) fn parse_number(input: ParseStream) -> syn::Result<Value> {
    let minus: Option<Token![-]> = input.parse()?;
    let sign = if minus.is_some() { -1.0 } else { 1.0 };
    let (value, int, span, text) = if input.peek(syn::LitInt) {
        let lit: syn::LitInt = input.parse()?;
        // Past `u64::MAX` the literal is still a number (a rule then names the range), not
        // syn's "number too large to fit in target type".
        let (value, int) = match lit.base10_parse::<u64>() {
            #[allow(clippy::cast_precision_loss)] // Priorities and sizes are small.
            Ok(int) => (int as f64, Some(int)),
            Err(_) => (
                lit.base10_digits().parse::<f64>().unwrap_or(f64::INFINITY),
                None,
            ),
        };
        (
            value,
            int.filter(|_| minus.is_none()),
            lit.span(),
            lit.to_string(),
        )
    } else {
        let lit: syn::LitFloat = input.parse()?;
        (
            lit.base10_parse::<f64>()?,
            None,
            lit.span(),
            lit.to_string(),
        )
    };
    let span = minus.map_or(span, |m| m.span.join(span).unwrap_or(span));
    let text = if minus.is_some() {
        format!("-{text}")
    } else {
        text
    };
    Ok(Value::Number {
        value: sign * value,
        int,
        span,
        text,
    })
}

/// Parses every `#[content(…)]` among `attrs` into one list of items.
pub(super) fn content_items(cx: &mut Ctxt, attrs: &[Attribute]) -> Vec<Item> {
    let mut items = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("content")) {
        let parsed = match &attr.meta {
            syn::Meta::List(list) => parse_items.parse2(list.tokens.clone()),
            other => Err(syn::Error::new_spanned(
                other,
                "expected `#[content(…)]`, e.g. `#[content(text)]`",
            )),
        };
        match parsed {
            Ok(parsed) => items.extend(parsed),
            Err(error) => cx.syn_error(error),
        }
    }
    items
}

// ---------------------------------------------------------------------------------------
// Interpretation

/// Where each key was first used, for "duplicate" errors.
pub(super) type Seen = Keys<'static>;

pub(super) fn seen() -> Seen {
    Keys::new(&[])
}

pub(super) fn unknown(cx: &mut Ctxt, name: &Ident, place: &str, keys: &[&str]) {
    toolkit::unknown_key(cx, &name.to_string(), name.span(), place, keys);
}

pub(super) fn expect_flag(cx: &mut Ctxt, item: &Item, usage: &str) {
    if !matches!(item, Item::Flag(_))
        && let Some(name) = item.name()
    {
        cx.error_spanned_by(name, format!("`{name}` takes no value; write {usage}"));
    }
}

pub(super) fn expect_value(cx: &mut Ctxt, item: Item, usage: &str) -> Option<(Ident, Value)> {
    match item {
        Item::Assign(name, value) => Some((name, value)),
        Item::Flag(name) | Item::List(name, _) => {
            cx.error_spanned_by(&name, format!("`{name}` needs a value: {usage}"));
            None
        }
        Item::Entry(..) => None,
    }
}

pub(super) fn expect_list(cx: &mut Ctxt, item: Item, usage: &str) -> Option<(Ident, Vec<Item>)> {
    match item {
        Item::List(name, items) => Some((name, items)),
        Item::Flag(name) | Item::Assign(name, _) => {
            cx.error_spanned_by(&name, format!("`{name}` takes a list: {usage}"));
            None
        }
        Item::Entry(..) => None,
    }
}

/// A `"key"` where a keyword was expected.
pub(super) fn stray_entry(cx: &mut Ctxt, key: &LitStr, place: &str) {
    cx.error_spanned_by(
        key,
        format!("a `\"key\" = value` entry belongs in `meta(…)`, not directly in {place}"),
    );
}
