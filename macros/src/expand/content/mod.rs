//! `#[derive(Content)]`: `IntoContent`, `IntoCallToolResult`, `StructuredOutput`, and (unless
//! write-only) `FromContent` with its reading slots. `write` and `read` generate a layout's
//! two sides; `r#enum` runs the layouts of an enum's variants side by side.

mod r#enum;
mod literals;
mod places;
mod read;
mod shadow;
mod write;

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::Ident;

use crate::ast::{Input, Item};
use crate::attr::Structured;
use crate::check;
use crate::ctxt::Ctxt;
use crate::expand::fallback;
use crate::resolve::Layout;
use crate::toolkit::wrap_in_const;

/// Parses, resolves, checks and expands; on any mistake, the errors plus stub impls.
pub(crate) fn derive(input: &syn::DeriveInput) -> TokenStream {
    let mut cx = Ctxt::new();
    let ir = Item::from_syn(&mut cx, input);
    let krate = ir.as_ref().and_then(|ir| match ir {
        Item::Struct(ir) => ir.attrs.krate.clone(),
        Item::Enum(ir) => ir.attrs.krate.clone(),
    });
    let layouts: Vec<Layout> = match &ir {
        Some(Item::Struct(ir)) => vec![Layout::resolve(ir)],
        Some(Item::Enum(ir)) => ir.variants.iter().map(Layout::resolve).collect(),
        None => Vec::new(),
    };
    match &ir {
        Some(Item::Struct(_)) => check::check(&mut cx, &layouts[0]),
        Some(Item::Enum(ir)) => check::check_enum(&mut cx, ir, &layouts),
        None => {}
    }
    match (&ir, cx.check()) {
        (Some(Item::Struct(ir)), Ok(())) => expand_struct(ir, &layouts[0]),
        (Some(Item::Enum(ir)), Ok(())) => r#enum::expand(ir, &layouts),
        (_, Ok(())) => fallback::content(input, krate.as_ref()),
        (_, Err(errors)) => {
            let errors = errors.into_compile_error();
            let stubs = fallback::content(input, krate.as_ref());
            quote!(#errors #stubs)
        }
    }
}

fn expand_struct(input: &Input, layout: &Layout) -> TokenStream {
    let templates = write::template_statics(layout);
    let body = write::body(layout);
    let write = quote! {
        #body
        __o.finish()
    };
    let reading = if input.reads() {
        read::struct_reader(layout)
    } else {
        TokenStream::new()
    };
    impls(
        input.original,
        input.attrs.krate.as_ref(),
        input.attrs.structured.as_ref(),
        &templates,
        &write,
        &reading,
    )
}

/// The impls both a struct and an enum get, around their generated parts: `templates`
/// (items), the body of `try_extend_content` after its `__o` (`write`, which ends in the
/// result), and the reading items.
fn impls(
    input: &syn::DeriveInput,
    krate: Option<&syn::Path>,
    structured: Option<&Structured>,
    templates: &TokenStream,
    write: &TokenStream,
    reading: &TokenStream,
) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let (to_result, schema) = match structured {
        Some(structured) => {
            let text = !structured.no_text;
            // Every use of the serde form names one trait, at `structured`: a missing derive
            // is one error.
            let bound = if reading.is_empty() {
                quote!(__p::StructuredWrite)
            } else {
                quote!(__p::Structured)
            };
            let schema = quote_spanned!(structured.span=> <Self as #bound>::structured_schema());
            (
                quote_spanned!(structured.span=> <Self as #bound>::structured_result(self, #text)),
                quote! {
                    fn output_schema() -> __p::Option<__p::Map<__p::String, __p::Value>> {
                        #schema
                    }
                    fn has_output_schema() -> bool {
                        true
                    }
                },
            )
        }
        // The trait's default: no schema.
        None => (
            quote!(__p::write::call_tool_result(self)),
            TokenStream::new(),
        ),
    };
    let items = quote! {
            #templates

            #[automatically_derived]
            impl #impl_generics __p::IntoContent for #ident #ty_generics #where_clause {
                fn extend_content(self, __blocks: &mut __p::Vec<__p::ContentBlock>, __result_meta: &mut __p::Meta) {
                    __p::write::extend_content(self, __blocks, __result_meta)
                }
                fn try_extend_content(self, __blocks: &mut __p::Vec<__p::ContentBlock>, __result_meta: &mut __p::Meta) -> __p::Result<(), __p::write::WriteError> {
                    let __o = &mut __p::write::Out::new(__blocks);
                    #write
                }
            }

            #[automatically_derived]
            impl #impl_generics __p::IntoCallToolResult for #ident #ty_generics #where_clause {
                fn into_call_tool_result(self) -> __p::CallToolResult {
                    #to_result
                }
            }

            #[automatically_derived]
            impl #impl_generics __p::StructuredOutput for #ident #ty_generics #where_clause {
                #schema
            }

            // With the runtime's feature `rmcp`, the type is also an `rmcp` tool return
            // value; without it this expands to nothing (the feature is the runtime's, so the
            // switch is a `macro_rules!` there).
            __p::write::rmcp_tool_return! {
                [#impl_generics] [#ident #ty_generics] [#where_clause]
            }

            #reading
    };
    let shadows = shadow::shadow_locals(&items);
    wrap_in_const(krate, &quote!(#shadows #items))
}

/// `from_call_tool_result` of a `structured` type (from `structuredContent` first), and
/// `from_owned_call_tool_result` of every type (the blocks' texts are moved, not copied).
fn from_result(structured: Option<&Structured>) -> TokenStream {
    let Some(structured) = structured else {
        return quote! {
            fn from_owned_call_tool_result(__result: __p::CallToolResult) -> __p::Result<Self, __p::ReadError> {
                __p::read::read_owned::<Self>(__result)
            }
        };
    };
    let read =
        quote_spanned!(structured.span=> <Self as __p::Structured>::read_structured(__result));
    let owned = quote_spanned!(structured.span=> <Self as __p::Structured>::read_structured_owned(__result));
    quote! {
        fn from_call_tool_result(__result: &__p::CallToolResult) -> __p::Result<Self, __p::ReadError> {
            #read
        }
        fn from_owned_call_tool_result(__result: __p::CallToolResult) -> __p::Result<Self, __p::ReadError> {
            #owned
        }
    }
}

/// The `FromContent` impl of a type whose `ContentSlots` is generated.
fn from_content_impl(ident: &Ident, structured: Option<&Structured>) -> TokenStream {
    let from_result = from_result(structured);
    quote! {
        #[automatically_derived]
        impl __p::FromContent for #ident {
            fn from_content_and_meta(__blocks: &[__p::ContentBlock], __meta: &__p::Meta) -> __p::Result<Self, __p::ReadError> {
                __p::read::from_content(__blocks, __p::read::ResultMeta::Of(__meta))
            }
            fn from_content(__blocks: &[__p::ContentBlock]) -> __p::Result<Self, __p::ReadError> {
                __p::read::from_content(__blocks, __p::read::ResultMeta::Absent)
            }
            #from_result
        }
    }
}

/// The local a variant's field is bound to by the `match` of `extend_content`: `__f_name`.
/// The trait of the field an annotation takes its value from (`AudienceField`, …).
pub(super) fn annotation_trait(key: &str) -> Ident {
    match key {
        "audience" => format_ident!("AudienceField"),
        "priority" => format_ident!("PriorityField"),
        _ => format_ident!("TimestampField"),
    }
}

fn field_var(ident: &Ident) -> Ident {
    format_ident!("__f_{}", ident.to_string().trim_start_matches("r#"))
}

/// The parsed-once template of the resource field at `index` (of variant `variant`).
fn template_static(layout: &Layout, index: usize) -> Ident {
    match &layout.input.variant {
        None => format_ident!("__TEMPLATE_{}", index),
        Some(variant) => format_ident!("__TEMPLATE_{}_{}", variant.ident, index),
    }
}

#[cfg(test)]
mod snapshot {
    //! The expansion of the struct `scripts/compile-time.sh` generates, pinned: a change to
    //! what the derive generates shows in `macros/tests/snapshots/compile_time_struct.txt`
    //! (`UPDATE_SNAPSHOTS=1 cargo test -p mcp-content-macros` rewrites it; read the diff), and
    //! growth past the budget fails. The budget is in tokens; the line count rustc prints
    //! (`scripts/expansion-lines.sh`, budget 250, over it since the split door of issue 23)
    //! is in BENCHMARKS.md.

    // 2,300 until the conversions a field's type must provide were named at that type
    // (`<T as __p::Bin>::from_data`, `TextField::read_text`, `TextField::display_text`), so a
    // wrong type is one error there in the user's terms, never a bound of a glue function.
    // 2,450 until writing could fail (a value `serde_json` refuses is an error naming the
    // field, never `null`): `try_extend_content` beside `extend_content`, and each `_meta`
    // entry and text block names its field.
    // 2,500 until reading checked the literal values attributes declare (annotations,
    // `_meta` entries, a link's title and size): this struct declares many (its seven blocks
    // share literal annotations, named once per `offer` as `__A`), about 250 tokens of calls
    // into `__p::read::expect`; a struct that declares none generates nothing more.
    // 2,800 until `from_content` (blocks alone, no result) was told apart from a result by
    // value (`ResultMeta::Absent`), not by the address of a static `Meta`: its own override.
    // 3,050 until generated locals could not be captured by the user's items of the same
    // name: an empty `fn` per local name (`__s`, `__blocks`, `__e_note`, …), six tokens each.
    // 3,050 until the private door was split by concern (`__p::read::offer_text`,
    // `__p::write::text`, as serde's `__private::de`): three tokens per glue path, 98 of them
    // here (2,947 → 3,241 tokens). The lints allowed on the block became rustc's and
    // clippy's groups when the expansion's tokens took the input's spans (`toolkit::anchor`,
    // which makes rustc lint them as the user's code): 3,249 tokens.
    const BUDGET_TOKENS: usize = 3_250;

    fn tokens(stream: proc_macro2::TokenStream) -> usize {
        stream
            .into_iter()
            .map(|tree| match tree {
                proc_macro2::TokenTree::Group(group) => 2 + tokens(group.stream()),
                _ => 1,
            })
            .sum()
    }

    #[test]
    fn compile_time_struct() {
        let input: syn::DeriveInput = syn::parse_str(include_str!(
            "../../../tests/snapshots/compile_time_struct.rs"
        ))
        .expect("the snapshot input parses");
        let expanded = super::derive(&input);
        let count = tokens(expanded.clone());
        assert!(
            count <= BUDGET_TOKENS,
            "the expansion grew to {count} tokens (budget {BUDGET_TOKENS})"
        );
        let text = expanded
            .to_string()
            .replace("; ", ";\n")
            .replace("{ ", "{\n");
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/snapshots/compile_time_struct.txt"
        );
        if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
            std::fs::write(path, &text).expect("snapshot written");
        }
        let expected = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            expected == text,
            "the expansion changed; rerun with UPDATE_SNAPSHOTS=1 and read the diff of {path}"
        );
    }
}
