//! The attribute grammar the three handler attributes share: the common keys (`name`,
//! `title`, `description`, `icon`, `meta`, `scopes`, `crate`) and each macro's own, refused while parsing
//! when a macro does not take them.

use proc_macro2::{Span, TokenStream};
use syn::meta::ParseNestedMeta;
use syn::parse::{ParseStream, Parser};
use syn::spanned::Spanned;
use syn::{Expr, Ident, LitStr, Path, Token};

use super::{app, scopes};
use crate::ctxt::Ctxt;
use crate::toolkit::{
    self, Json, Keys, accept, bracketed, lit_bool, lit_str, skip_value, string_list,
};

/// The attribute keys every handler attribute takes.
const COMMON_KEYS: &[&str] = &[
    "name",
    "title",
    "description",
    "icon",
    "meta",
    "scopes",
    "crate",
];

/// What an attribute said. Keys a macro does not take are refused while parsing, so each
/// macro reads only its own.
#[derive(Default)]
pub(crate) struct Attrs {
    pub(crate) name: Option<LitStr>,
    pub(crate) title: Option<LitStr>,
    pub(crate) description: Option<LitStr>,
    pub(crate) icons: Vec<IconSpec>,
    pub(crate) meta: Vec<(LitStr, TokenStream)>,
    pub(crate) krate: Option<Path>,
    /// `scopes = ["photos:write", …]`: the OAuth scopes a caller needs, each checked.
    pub(crate) scopes: Vec<LitStr>,
    // `#[tool]`
    pub(crate) annotations: Vec<(Ident, Expr)>,
    pub(crate) input_schema: Option<Path>,
    pub(crate) output_schema: Option<Path>,
    // `#[resource]`
    pub(crate) uri: Option<LitStr>,
    pub(crate) mime: Option<LitStr>,
    pub(crate) allow_path_traversal: Option<Span>,
    /// `cache(ttl = "5m", scope = "public")`: milliseconds and whether public.
    pub(crate) cache: Option<(u64, bool)>,
    /// `ui(…)` on a resource, `ui = "ui://…"` / `visibility = [...]` on a tool: the value of
    /// `_meta.ui`, checked and built at compile time.
    pub(crate) ui: Option<Json>,
    /// `#[tool(max_inline = "256KiB")]`: the payload budget in bytes.
    pub(crate) max_inline: Option<u64>,
    /// `#[tool(ui = "ui://…")]`: the resource `router!` must find.
    pub(crate) ui_uri: Option<LitStr>,
    /// `#[tool(task = "optional" | "required")]`: `true` for `required`.
    pub(crate) task_required: Option<bool>,
    /// Keys written, read or not: a key whose value was refused is not also "missing".
    pub(crate) written: Vec<String>,
    /// The list did not parse to its end: keys after the mistake were not read.
    pub(crate) incomplete: bool,
    /// For each unknown key written (and reported), the key it is close to, if any: it may be
    /// a misspelt required key (`descripton`), or, close to none (`desc`), any of them.
    pub(crate) unknown: Vec<Option<&'static str>>,
}

impl Attrs {
    /// Whether `key` was written (perhaps with a refused value) or may have been (the list
    /// stopped at a mistake, or an unknown key was written: `descripton = "…"` is the
    /// description, misspelt): then it is not reported missing as well.
    pub(crate) fn may_have(&self, key: &str) -> bool {
        self.incomplete
            || self.written.iter().any(|written| written == key)
            || self
                .unknown
                .iter()
                .any(|near| near.is_none_or(|near| near == key))
    }

    /// Remembers `key` when it is none of `allowed` (it is reported by the key check), with
    /// the allowed key it is close to.
    fn note_unknown(&mut self, key: &Path, allowed: &[&'static str]) {
        if !allowed.iter().any(|allowed| key.is_ident(allowed)) {
            let written = quote::ToTokens::to_token_stream(key).to_string();
            self.unknown.push(crate::suggest::did_you_mean(
                &written,
                allowed.iter().copied(),
            ));
        }
    }

    /// The entries of a tool's `_meta.ui` object, created on first use.
    pub(crate) fn tool_ui(&mut self) -> &mut Vec<(String, Json)> {
        let ui = self.ui.get_or_insert_with(|| Json::Obj(Vec::new()));
        match ui {
            Json::Obj(entries) => entries,
            _ => unreachable!("a tool's `_meta.ui` is an object"),
        }
    }
}

/// One `icon = "…"` or `icon(src = "…", mime = "…", sizes = ["…"], theme = "…")`.
pub(crate) struct IconSpec {
    pub(crate) src: LitStr,
    pub(crate) mime: Option<LitStr>,
    pub(crate) sizes: Vec<LitStr>,
    pub(crate) theme: Option<LitStr>,
}

/// Parses an attribute's arguments, taking `COMMON_KEYS` plus `extra_keys`.
pub(crate) fn parse_attrs(
    cx: &mut Ctxt,
    args: TokenStream,
    what: &str,
    extra_keys: &[&'static str],
) -> Attrs {
    let mut attrs = Attrs::default();
    let mut allowed = COMMON_KEYS.to_vec();
    allowed.extend_from_slice(extra_keys);
    let mut keys = Keys::new(&allowed).repeatable(&["icon", "meta"]);
    let parser = syn::meta::parser(|meta| {
        attrs.note_unknown(&meta.path, &allowed);
        let Some(key) = accept(&mut keys, cx, &meta, what)? else {
            return Ok(());
        };
        attrs.written.push(key.clone());
        match key.as_str() {
            "name" => attrs.name = lit_str(cx, meta.value()?, "name", "get_weather")?,
            "title" => attrs.title = lit_str(cx, meta.value()?, "title", "Get weather")?,
            "description" => {
                attrs.description = lit_str(cx, meta.value()?, "description", "What it does.")?;
            }
            "uri" => attrs.uri = lit_str(cx, meta.value()?, "uri", "file:///{path}")?,
            "mime" => attrs.mime = lit_str(cx, meta.value()?, "mime", "text/plain")?,
            "icon" => attrs.icons.push(parse_icon(cx, &meta)?),
            "meta" => parse_meta(cx, &meta, &mut attrs.meta)?,
            "scopes" => attrs.scopes = scopes::parse_scopes(cx, &meta)?,
            "crate" => attrs.krate = Some(toolkit::parse_crate_path(meta.value()?)?),
            "input_schema" => attrs.input_schema = parse_path(cx, &meta, "input_schema")?,
            "output_schema" => attrs.output_schema = parse_path(cx, &meta, "output_schema")?,
            "annotations" => parse_annotations(cx, &meta, &mut attrs.annotations)?,
            "cache" => attrs.cache = app::parse_cache(cx, &meta)?,
            "ui" if meta.input.peek(Token![=]) => {
                let Some(uri) = lit_str(cx, meta.value()?, "ui", "ui://app/view.html")? else {
                    return Ok(());
                };
                if let Err(violation) = mcp_content_rules::check_ui_uri(&uri.value()) {
                    toolkit::violation(cx, uri.span(), &violation);
                }
                attrs
                    .tool_ui()
                    .push(("resourceUri".to_owned(), Json::Str(uri.value())));
                attrs.ui_uri = Some(uri);
            }
            "ui" if extra_keys.contains(&"visibility") => {
                cx.error_spanned_by(
                    &meta.path,
                    "on a tool, `ui` names the app resource: `ui = \"ui://…\"`",
                );
                skip_value(&meta)?;
            }
            "ui" => attrs.ui = Some(app::parse_resource_ui(cx, &meta)?),
            "max_inline" => {
                let Some(size) = lit_str(cx, meta.value()?, "max_inline", "256KiB")? else {
                    return Ok(());
                };
                match mcp_content_rules::parse_byte_size(&size.value()) {
                    Ok(bytes) => attrs.max_inline = Some(bytes),
                    Err(violation) => toolkit::violation(cx, size.span(), &violation),
                }
            }
            "task" => {
                let Some(value) = lit_str(cx, meta.value()?, "task", "optional")? else {
                    return Ok(());
                };
                let extra = if value.value() == "forbidden" {
                    "; a tool that never runs as a task leaves `task` out"
                } else {
                    ""
                };
                attrs.task_required =
                    toolkit::one_of(cx, &value, "task", &["optional", "required"], extra)
                        .map(|index| index == 1);
            }
            "visibility" => {
                let words = app::parse_words(
                    cx,
                    &meta,
                    mcp_content_rules::check_ui_visibility,
                    "\"model\", \"app\"",
                )?;
                attrs
                    .tool_ui()
                    .push(("visibility".to_owned(), Json::Arr(words)));
            }
            "allow_path_traversal" => {
                if meta.input.peek(Token![=]) {
                    let value = lit_bool(cx, meta.value()?, "allow_path_traversal")?;
                    if let Some(value) = value.filter(|value| value.value) {
                        attrs.allow_path_traversal = Some(value.span());
                    }
                } else {
                    attrs.allow_path_traversal = Some(meta.path.span());
                }
            }
            _ => unreachable!("every allowed key is handled"),
        }
        Ok(())
    });
    if let Err(error) = parser.parse2(args) {
        cx.syn_error(error);
        attrs.incomplete = true;
    }
    check_attrs(cx, &attrs);
    attrs
}

/// The rules between keys, once the list is read.
fn check_attrs(cx: &mut Ctxt, attrs: &Attrs) {
    if attrs.ui.is_some() {
        for (key, _) in attrs.meta.iter().filter(|(key, _)| key.value() == "ui") {
            cx.error_spanned_by(
                key,
                "`_meta.ui` is written by `ui`: set it there, not in `meta(…)`",
            );
        }
    }
    if let Some(name) = &attrs.name
        && name.value().is_empty()
    {
        cx.error_spanned_by(name, "the name must not be empty");
    }
}

/// `input_schema = path` or `input_schema = "path"`: the path of a function returning the
/// schema. `None` after a mistake (reported at the value).
fn parse_path(cx: &mut Ctxt, meta: &ParseNestedMeta<'_>, key: &str) -> syn::Result<Option<Path>> {
    let input = meta.value()?;
    let expected =
        format!("`{key}` takes the path of a function returning the schema (`{key} = my_schema`)");
    if input.peek(LitStr) {
        let lit: LitStr = input.parse()?;
        if let Ok(path) = lit.parse() {
            return Ok(Some(path));
        }
        cx.error_spanned_by(&lit, &expected);
        return Ok(None);
    }
    let fork = input.fork();
    if fork.parse::<Path>().is_ok() && (fork.is_empty() || fork.peek(Token![,])) {
        return input.parse().map(Some);
    }
    toolkit::wrong_value(cx, input, &expected)?;
    Ok(None)
}

fn parse_icon(cx: &mut Ctxt, meta: &ParseNestedMeta<'_>) -> syn::Result<IconSpec> {
    let mut icon = IconSpec {
        src: LitStr::new("", meta.path.span()),
        mime: None,
        sizes: Vec::new(),
        theme: None,
    };
    if meta.input.peek(Token![=]) {
        let Some(src) = lit_str(cx, meta.value()?, "icon", "https://example.com/icon.png")? else {
            return Ok(icon);
        };
        icon.src = src;
    } else {
        let mut keys = Keys::new(&["src", "mime", "sizes", "theme"]);
        let mut has_src = false;
        let mut src_ok = true;
        meta.parse_nested_meta(|inner| {
            let Some(key) = accept(&mut keys, cx, &inner, "icon(…)")? else {
                return Ok(());
            };
            match key.as_str() {
                "src" => {
                    // A refused `src` is reported; "needs `src`" would repeat it.
                    has_src = true;
                    match lit_str(cx, inner.value()?, "src", "https://example.com/icon.png")? {
                        Some(src) => icon.src = src,
                        None => src_ok = false,
                    }
                }
                "mime" => icon.mime = lit_str(cx, inner.value()?, "mime", "image/png")?,
                "theme" => icon.theme = lit_str(cx, inner.value()?, "theme", "dark")?,
                "sizes" => {
                    if let Some(content) = bracketed(cx, inner.value()?, "sizes", "\"48x48\"")? {
                        icon.sizes = string_list(cx, &content, "sizes", "48x48")?;
                    }
                }
                _ => unreachable!("every allowed key is handled"),
            }
            Ok(())
        })?;
        if !has_src {
            cx.error_spanned_by(&meta.path, "an icon needs `src = \"https://…\"`");
            return Ok(icon);
        }
        if !src_ok {
            return Ok(icon);
        }
    }
    if let Err(violation) = mcp_content_rules::check_icon_src(&icon.src.value()) {
        toolkit::violation(cx, icon.src.span(), &violation);
    }
    if let Some(mime) = &icon.mime
        && let Err(violation) = mcp_content_rules::check_mime_type(&mime.value())
    {
        toolkit::violation(cx, mime.span(), &violation);
    }
    if let Some(theme) = &icon.theme
        && let Err(violation) = mcp_content_rules::check_icon_theme(&theme.value())
    {
        toolkit::violation(cx, theme.span(), &violation);
    }
    Ok(icon)
}

/// `meta("com.example/key" = literal, …)`: keys checked with the `_meta` key rules, values
/// JSON literals (string, number, boolean).
fn parse_meta(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta<'_>,
    out: &mut Vec<(LitStr, TokenStream)>,
) -> syn::Result<()> {
    let content;
    syn::parenthesized!(content in meta.input);
    let entries = content.parse_terminated(
        |input: ParseStream<'_>| {
            let key: LitStr = input.parse().map_err(|error| {
                syn::Error::new(
                    error.span(),
                    "a `_meta` key is a string literal: `meta(\"com.example/key\" = …)`",
                )
            })?;
            input.parse::<Token![=]>()?;
            let value: Expr = input.parse()?;
            Ok((key, value))
        },
        Token![,],
    )?;
    for (key, value) in entries {
        if let Err(violation) = mcp_content_rules::check_user_meta_key(&key.value()) {
            toolkit::violation(cx, key.span(), &violation);
        }
        if out.iter().any(|(k, _)| k.value() == key.value()) {
            cx.error_spanned_by(&key, format!("duplicate `_meta` key {:?}", key.value()));
        }
        match toolkit::json_literal(&value) {
            Some(tokens) => out.push((key, tokens)),
            None => cx.error_spanned_by(
                &value,
                "a `_meta` value here is a literal: a string, a number or a boolean",
            ),
        }
    }
    Ok(())
}

/// The tool annotation hints `annotations(…)` takes.
pub(crate) const ANNOTATION_KEYS: &[&str] = &[
    "title",
    "read_only_hint",
    "destructive_hint",
    "idempotent_hint",
    "open_world_hint",
];

fn parse_annotations(
    cx: &mut Ctxt,
    meta: &ParseNestedMeta<'_>,
    out: &mut Vec<(Ident, Expr)>,
) -> syn::Result<()> {
    let mut keys = Keys::new(ANNOTATION_KEYS);
    meta.parse_nested_meta(|inner| {
        let Some(key) = accept(&mut keys, cx, &inner, "annotations(…)")? else {
            return Ok(());
        };
        let ident = Ident::new(&key, inner.path.span());
        if key == "title" {
            if let Some(title) = lit_str(cx, inner.value()?, "title", "Get weather")? {
                out.push((ident, syn::parse_quote!(#title)));
            }
        } else if inner.input.peek(Token![=]) {
            if let Some(value) = lit_bool(cx, inner.value()?, &key)? {
                out.push((ident, syn::parse_quote!(#value)));
            }
        } else {
            // A bare hint means `true`.
            out.push((ident, syn::parse_quote!(true)));
        }
        Ok(())
    })
}

#[cfg(test)]
mod scopes_tests {
    //! `scopes = [...]` read by the shared grammar (`scopes.rs`), among the other keys.

    use proc_macro2::TokenStream;
    use quote::quote;

    use super::parse_attrs;
    use super::scopes::scopes_method;
    use crate::ctxt::Ctxt;

    /// The scopes `#[tool(args)]` reads, or its error messages.
    fn read(args: TokenStream) -> Result<Vec<String>, Vec<String>> {
        let mut cx = Ctxt::new();
        let attrs = parse_attrs(&mut cx, args, "#[tool(…)]", &[]);
        match cx.check() {
            Ok(()) => Ok(attrs.scopes.iter().map(syn::LitStr::value).collect()),
            Err(errors) => Err(errors.into_iter().map(|e| e.to_string()).collect()),
        }
    }

    #[test]
    fn scopes_are_read_in_order() {
        assert_eq!(
            read(quote!(scopes = ["photos:write", "https://x/y.read"])),
            Ok(vec![
                "photos:write".to_owned(),
                "https://x/y.read".to_owned()
            ])
        );
        // A trailing comma is a list like any other.
        assert_eq!(read(quote!(scopes = ["a",])), Ok(vec!["a".to_owned()]));
        assert_eq!(read(quote!(name = "x")), Ok(vec![]));
    }

    #[test]
    fn each_bad_scope_is_reported_with_the_rule() {
        let errors = read(quote!(scopes = ["photos write", "", "say\"hi", "ok"])).unwrap_err();
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(
            errors[0].contains("invalid character ' ' at position 6")
                && errors[0].ends_with("(rule: scope-token)"),
            "{errors:?}"
        );
        assert!(errors[1].starts_with("empty scope"), "{errors:?}");
        assert!(errors[2].contains("'\"' at position 3"), "{errors:?}");
    }

    #[test]
    fn duplicate_empty_list_and_wrong_kinds_are_refused() {
        assert_eq!(
            read(quote!(scopes = ["a", "b", "a"])).unwrap_err(),
            vec!["duplicate scope \"a\" in `scopes`: it is listed earlier; keep one"]
        );
        let empty = read(quote!(scopes = [])).unwrap_err();
        assert!(empty[0].contains("omit `scopes` instead"), "{empty:?}");
        assert_eq!(
            read(quote!(scopes = "photos:read")).unwrap_err(),
            vec![
                "`scopes` takes a list of string literals, one per scope: `scopes = [\"photos:read\"]`, not a string"
            ]
        );
        // Scopes joined by spaces, as OAuth writes them, are shown as the list they mean.
        assert_eq!(
            read(quote!(scopes = " photos:read  photos:write")).unwrap_err(),
            vec![
                "`scopes` takes a list of string literals, one per scope: `scopes = [\"photos:read\", \"photos:write\"]`, not a string"
            ]
        );
        // A string that is no list of scopes gets the example.
        for value in ["", "say\"hi"] {
            assert_eq!(
                read(quote!(scopes = #value)).unwrap_err(),
                vec![
                    "`scopes` takes a list of string literals, one per scope: `scopes = [\"photos:write\"]`, not a string"
                ]
            );
        }
        assert_eq!(
            read(quote!(scopes = ["a", 3])).unwrap_err(),
            vec!["`scopes` takes a string literal (`\"photos:write\"`), not a number"]
        );
        assert_eq!(
            read(quote!(scopes = PHOTOS)).unwrap_err(),
            vec![
                "`scopes` takes a list of string literals: `scopes = [\"photos:write\"]`, not the expression `PHOTOS`: a literal is needed here"
            ]
        );
    }

    #[test]
    fn a_misspelt_key_is_suggested() {
        let errors = read(quote!(scope = ["a"])).unwrap_err();
        assert_eq!(
            errors,
            vec!["unknown key `scope` in #[tool(…)]; did you mean `scopes`?"]
        );
    }

    #[test]
    fn keys_after_the_list_are_still_read() {
        let mut cx = Ctxt::new();
        let attrs = parse_attrs(
            &mut cx,
            quote!(scopes = ["a", "b"], name = "x"),
            "#[tool(…)]",
            &[],
        );
        assert!(cx.check().is_ok());
        assert_eq!(attrs.name.map(|n| n.value()).as_deref(), Some("x"));
        assert_eq!(
            scopes_method(&attrs.scopes).to_string(),
            quote!(
                fn scopes(&self) -> &[&str] {
                    &["a", "b"]
                }
            )
            .to_string()
        );
        assert!(scopes_method(&[]).is_empty());
    }
}
