//! Literals as JSON: an attribute's literal as a typed `serde_json::Value::from` argument,
//! and [`Json`], a value known at compile time written as text or as tokens. It stands apart
//! from the attribute-key toolkit because it is a small value model of its own, with its own
//! test, and needs nothing else of the toolkit.

use proc_macro2::TokenStream;
use quote::quote;

/// A JSON literal (string, boolean, integer, finite float, optionally negated) as a typed
/// Rust expression `serde_json::Value::from` takes without inference trouble (an unsuffixed
/// `1` would be an `i32`). `None` when the expression is not such a literal.
pub(crate) fn json_literal(expr: &syn::Expr) -> Option<TokenStream> {
    let (negative, lit) = match expr {
        syn::Expr::Lit(lit) => (false, &lit.lit),
        syn::Expr::Unary(unary) if matches!(unary.op, syn::UnOp::Neg(_)) => match &*unary.expr {
            syn::Expr::Lit(lit) => (true, &lit.lit),
            _ => return None,
        },
        syn::Expr::Group(group) => return json_literal(&group.expr),
        _ => return None,
    };
    let sign = if negative { "-" } else { "" };
    match lit {
        syn::Lit::Str(s) if !negative => Some(quote!(#s)),
        syn::Lit::Bool(b) if !negative => Some(quote!(#b)),
        syn::Lit::Int(int) => {
            let text = format!("{sign}{}", int.base10_digits());
            if let Ok(v) = text.parse::<i64>() {
                Some(quote!(#v))
            } else {
                text.parse::<u64>().ok().map(|v| quote!(#v))
            }
        }
        syn::Lit::Float(float) => {
            let v = format!("{sign}{}", float.base10_digits())
                .parse::<f64>()
                .ok()?;
            v.is_finite().then(|| quote!(#v))
        }
        _ => None,
    }
}

/// A JSON value known at compile time.
pub(crate) enum Json {
    Str(String),
    Bool(bool),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    /// The value as JSON text (what a reader compares a block's value with).
    pub(crate) fn to_text(&self) -> String {
        fn string(out: &mut String, text: &str) {
            out.push('"');
            for c in text.chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    c if u32::from(c) < 0x20 => {
                        let _ = std::fmt::Write::write_fmt(
                            out,
                            format_args!("\\u{:04x}", u32::from(c)),
                        );
                    }
                    c => out.push(c),
                }
            }
            out.push('"');
        }
        fn write(out: &mut String, json: &Json) {
            match json {
                Json::Str(text) => string(out, text),
                Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
                Json::Arr(items) => {
                    out.push('[');
                    for (n, item) in items.iter().enumerate() {
                        if n > 0 {
                            out.push(',');
                        }
                        write(out, item);
                    }
                    out.push(']');
                }
                Json::Obj(entries) => {
                    out.push('{');
                    for (n, (key, value)) in entries.iter().enumerate() {
                        if n > 0 {
                            out.push(',');
                        }
                        string(out, key);
                        out.push(':');
                        write(out, value);
                    }
                    out.push('}');
                }
            }
        }
        let mut out = String::new();
        write(&mut out, self);
        out
    }

    /// An expression building the value (`__p::Value`).
    pub(crate) fn to_tokens(&self) -> TokenStream {
        match self {
            Json::Str(s) => quote!(__p::Value::from(#s)),
            Json::Bool(b) => quote!(__p::Value::Bool(#b)),
            Json::Arr(items) => {
                let items = items.iter().map(Json::to_tokens);
                quote!(__p::Value::Array(__p::Vec::from([#(#items),*])))
            }
            Json::Obj(entries) => {
                let inserts = entries.iter().map(|(k, v)| {
                    let v = v.to_tokens();
                    quote!(__map.insert(__p::String::from(#k), #v);)
                });
                quote!({
                    let mut __map = __p::Map::new();
                    #(#inserts)*
                    __p::Value::Object(__map)
                })
            }
        }
    }
}

#[cfg(test)]
mod json_text {
    use super::Json;

    #[test]
    fn json_text_escapes_what_json_strings_must() {
        let json = Json::Obj(vec![
            ("a\"b".into(), Json::Str("x\\y\n".into())),
            (
                "c".into(),
                Json::Arr(vec![Json::Bool(true), Json::Bool(false)]),
            ),
        ]);
        assert_eq!(json.to_text(), r#"{"a\"b":"x\\y\u000a","c":[true,false]}"#);
    }
}
