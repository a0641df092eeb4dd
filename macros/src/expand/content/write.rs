//! The writing side of a layout: the body of `extend_content`. Values attributes take from
//! fields are borrowed first (`self` is whole), then each block field is moved out of `self`
//! into the builder of its kind (`__p::write::text`, `__p::write::media`, …): bytes are never copied.

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote, quote_spanned};
use syn::spanned::Spanned;
use syn::{Ident, LitStr};

use super::{field_var, template_static};
use crate::attr::{AnnotationsAttr, Kind, MetaEntry, Value};
use crate::resolve::{Block, BlockKind, Cardinality, Layout, Resolved, Role, TextForm, Use};
use crate::toolkit::respan;

/// One parsed-once `static` per resource whose URI has variables.
pub(super) fn template_statics(layout: &Layout) -> TokenStream {
    layout
        .blocks()
        .filter_map(|(resolved, block)| {
            let template = block.template.as_ref()?;
            let Kind::Resource { uri: Some(lit), .. } = block.attr else {
                return None;
            };
            let name = template_static(layout, resolved.index);
            (!template.is_literal()).then(|| {
                quote! {
                    static #name: __p::LazyLock<__p::UriTemplate> = __p::LazyLock::new(|| __p::template(#lit));
                }
            })
        })
        .collect()
}

/// The statements of `extend_content` for one layout (a variant's fields are bound by the
/// `match` around them).
pub(super) fn body(layout: &Layout) -> TokenStream {
    let w = Writer { layout, at: None };
    let mut out = TokenStream::new();
    if layout.uses_shared_envelope() {
        let annotations = w.annotations(&layout.input.attrs.annotations);
        out.extend(quote!(let __e = __p::write::Envelope::of(#annotations);));
    }
    for (resolved, block) in layout.blocks() {
        out.extend(w.parts(resolved, block));
    }
    out.extend(w.result_meta());
    for resolved in &layout.fields {
        out.extend(match &resolved.role {
            Role::Block(block) => w.push(resolved, block),
            Role::Flatten => {
                let (ty, var) = (resolved.field.ty, w.moved(resolved));
                let name = unraw(&resolved.field.ident);
                // A readable type names its flattened types through `ContentSlots` only, so
                // one that is not `Content` is one error, not one per trait.
                let written = if layout.input.reads() {
                    quote_spanned! {ty.span()=>
                        <#ty as __p::read::ContentSlots>::extend_nested(#var, __o.blocks, __result_meta)
                    }
                } else {
                    quote_spanned! {ty.span()=>
                        <#ty as __p::write::FlattenedContent>::extend_flattened(#var, __o.blocks, __result_meta)
                    }
                };
                quote!(__p::write::nested(&mut __o.failures, #name, #written);)
            }
            _ => TokenStream::new(),
        });
    }
    out
}

struct Writer<'l, 'a> {
    layout: &'l Layout<'a>,
    /// The one field's value, borrowed, when comparing on read (see [`written`]).
    at: Option<&'l TokenStream>,
}

/// What field `source`'s value, borrowed as `place`, writes in the place `used` (an `Option`
/// of that place's value): the writer's own expression, so a value read back is compared
/// with a place exactly as it was written there.
pub(super) fn written(
    layout: &Layout,
    used: &Use,
    source: &Resolved,
    place: &TokenStream,
) -> TokenStream {
    let w = Writer {
        layout,
        at: Some(place),
    };
    let name = &source.field.ident;
    match used {
        // Through the field's own text trait when it has one, as the writer names it: a type
        // that fits neither is one error at the field, not one per place.
        Use::ResultMeta(_) | Use::BlockMeta { .. } | Use::ContentsMeta { .. } => {
            let traits = if w.text_form(name) == Some(TextForm::Json) {
                ["JsonField", "JsonText"]
            } else {
                source.meta_traits()
            };
            w.mapped(name, traits, "to_meta")
        }
        Use::TemplateVar { .. } => {
            let traits = if w.text_form(name) == Some(TextForm::Display) {
                ["TextField", "DisplayText"]
            } else {
                source.variable_traits()
            };
            w.mapped(name, traits, "var_text")
        }
        Use::Annotation { key, .. } => w.annotation(name, key),
        Use::Mime { owner } => match layout.fields[*owner].block().map(|b| b.kind) {
            Some(BlockKind::Image | BlockKind::Audio) => {
                let ty = source.field.ty;
                respan(
                    quote!(__p::Some(<#ty as __p::MimeField>::mime(#place))),
                    ty.span(),
                )
            }
            _ => w.cloned(name, &quote!(__p::MimeAttribute)),
        },
        Use::LinkPart { key: "size", .. } => w.cloned(name, &quote!(__p::SizeAttribute)),
        Use::LinkPart { key: "name", owner } => {
            let link = layout.fields[*owner].field.ident.to_string();
            let link = link.trim_start_matches("r#");
            let value = w.cloned(name, &quote!(__p::TextAttribute));
            quote!(__p::Some(__p::write::name_or(#value, #link)))
        }
        Use::LinkPart { .. } => w.cloned(name, &quote!(__p::TextAttribute)),
    }
}

impl Writer<'_, '_> {
    /// A field's value, borrowed: `&self.name`, or the variant's binding.
    fn place(&self, resolved: &Resolved) -> TokenStream {
        if let Some(at) = self.at {
            return at.clone();
        }
        let field = resolved.field;
        if self.layout.input.variant.is_some() {
            let var = field_var(&field.ident);
            quote!(&#var)
        } else {
            let member = &field.member;
            quote!(&self.#member)
        }
    }

    /// A field's value, moved: `self.name` (the struct's other fields stay in place, and
    /// were borrowed before), or the variant's binding.
    fn moved(&self, resolved: &Resolved) -> TokenStream {
        let field = resolved.field;
        if self.layout.input.variant.is_some() {
            field_var(&field.ident).into_token_stream()
        } else {
            let member = &field.member;
            quote!(self.#member)
        }
    }

    /// How the field `name` is written when it is a text block or a text resource.
    fn text_form(&self, name: &Ident) -> Option<TextForm> {
        let block = self.layout.field(name)?.block()?;
        (matches!(block.kind, BlockKind::Text | BlockKind::Resource) && !block.bytes)
            .then_some(block.text)
    }

    /// A referenced field's value (`X` or `Option<X>`) as `Option<_>` by a method of the field trait
    /// `traits[0]` (a type that reads) or `traits[1]` (write-only), spanned at the field's type.
    fn mapped(&self, name: &Ident, traits: [&str; 2], method: &str) -> TokenStream {
        let Some(resolved) = self.layout.field(name) else {
            return quote!(__p::None);
        };
        let (place, x) = (self.place(resolved), resolved.source_ty());
        let field_trait = format_ident!("{}", traits[usize::from(!self.layout.input.reads())]);
        let method = format_ident!("{}", method);
        let call = if resolved.is_optional() {
            quote!(__p::Option::and_then(__p::Option::as_ref(#place), <#x as __p::#field_trait>::#method))
        } else {
            quote!(<#x as __p::#field_trait>::#method(#place))
        };
        respan(call, resolved.field.ty.span())
    }

    /// A referenced field's value, cloned, as `Option<X>` (`X` or `Option<X>` fields, named by
    /// `attribute`, one of the traits over `AttributeField<X>` with its own diagnostic); spanned
    /// at the field's type, where a wrong type is reported.
    fn cloned(&self, name: &Ident, attribute: &TokenStream) -> TokenStream {
        let Some(resolved) = self.layout.field(name) else {
            return quote!(__p::None);
        };
        let place = self.place(resolved);
        let ty = resolved.field.ty;
        // Named through the trait, not a generic function: every use of a wrong type then
        // gives the same diagnostic at the same span, which rustc reports once.
        respan(quote!(<#ty as #attribute>::to_option(#place)), ty.span())
    }

    /// An annotation's value taken from a field, as `Option<X>`, through the annotation's own
    /// field trait (whose message names the type it expects).
    fn annotation(&self, name: &Ident, key: &str) -> TokenStream {
        let Some(resolved) = self.layout.field(name) else {
            return quote!(__p::None);
        };
        let place = self.place(resolved);
        let ty = resolved.field.ty;
        let field_trait = super::annotation_trait(key);
        respan(
            quote!(<#ty as __p::#field_trait>::to_option(#place)),
            ty.span(),
        )
    }

    fn annotations(&self, a: &AnnotationsAttr) -> TokenStream {
        if a.values().next().is_none() {
            return quote!(__p::None);
        }
        let audience = match &a.audience {
            Some(Value::Array(items, _)) => {
                let roles = items.iter().filter_map(|item| match item {
                    Value::Str(lit) if lit.value() == "user" => Some(quote!(__p::Role::User)),
                    Value::Str(lit) if lit.value() == "assistant" => {
                        Some(quote!(__p::Role::Assistant))
                    }
                    _ => None,
                });
                quote!(__p::Some(__p::Vec::from([#(#roles),*])))
            }
            Some(Value::Field(name)) => self.annotation(name, "audience"),
            _ => quote!(__p::None),
        };
        let priority = match &a.priority {
            Some(Value::Number { value, .. }) => quote!(__p::priority(#value)),
            Some(Value::Field(name)) => self.annotation(name, "priority"),
            _ => quote!(__p::None),
        };
        let last_modified = match &a.last_modified {
            Some(Value::Str(lit)) => quote!(__p::Some(__p::timestamp(#lit))),
            Some(Value::Field(name)) => self.annotation(name, "last_modified"),
            _ => quote!(__p::None),
        };
        quote!(__p::write::annotations(#audience, #priority, #last_modified))
    }

    /// `_meta` entries as `[(key, field, Option<Result<Value, Refused>>), …]` (the field is
    /// `""` for a literal, which cannot fail).
    fn meta_entries(&self, entries: &[MetaEntry]) -> TokenStream {
        let entries = entries.iter().map(|entry| {
            let key = &entry.key;
            let field = match &entry.value {
                Value::Field(name) => unraw(name),
                _ => String::new(),
            };
            let value = match &entry.value {
                Value::Field(name) => {
                    // A `text(json)` field is named through its own trait (the same serde
                    // bounds): a type that is not serde is one error at the field.
                    let traits = if self.text_form(name) == Some(TextForm::Json) {
                        ["JsonField", "JsonText"]
                    } else {
                        self.layout
                            .field(name)
                            .map_or(["MetaValue", "MetaValueWrite"], Resolved::meta_traits)
                    };
                    self.mapped(name, traits, "try_meta")
                }
                literal => {
                    let json = literal_json(literal);
                    quote!(__p::write::lit(#json))
                }
            };
            quote!((#key, #field, #value))
        });
        quote!([#(#entries),*])
    }

    /// A block's or a resource's `_meta` (a `__p::write::WrittenMeta`).
    fn meta(&self, entries: &[MetaEntry]) -> TokenStream {
        if entries.is_empty() {
            quote!(__p::Default::default())
        } else {
            let entries = self.meta_entries(entries);
            quote!(__p::write::entries(#entries))
        }
    }

    /// The result's `_meta`: the container's entries, then fields placed there.
    fn result_meta(&self) -> TokenStream {
        let mut entries: Vec<MetaEntry> = self.layout.input.attrs.meta.clone();
        for resolved in &self.layout.fields {
            if let Role::ResultMeta(key) = &resolved.role {
                entries.push(MetaEntry {
                    key: (*key).clone(),
                    value: Value::Field(resolved.field.ident.clone()),
                });
            }
        }
        if entries.is_empty() {
            return TokenStream::new();
        }
        let entries = self.meta_entries(&entries);
        quote!(__p::write::result_meta(__o, __result_meta, #entries);)
    }

    fn optional_mime(&self, value: Option<&Value>) -> TokenStream {
        match value {
            Some(Value::Str(lit)) => quote!(__p::Some(__p::mime(#lit))),
            Some(Value::Field(name)) => self.cloned(name, &quote!(__p::MimeAttribute)),
            _ => quote!(__p::None),
        }
    }

    fn text_part(&self, value: Option<&Value>) -> TokenStream {
        match value {
            Some(Value::Str(lit)) => quote!(__p::Some(__p::String::from(#lit))),
            Some(Value::Field(name)) => self.cloned(name, &quote!(__p::TextAttribute)),
            _ => quote!(__p::None),
        }
    }

    /// What a block field's builder needs besides the value, computed while `self` is whole:
    /// its envelope (unless shared), a resource's URI and contents, a link's parts, a MIME
    /// type taken from a field.
    fn parts(&self, resolved: &Resolved, block: &Block) -> TokenStream {
        let field = resolved.field;
        let name = field.ident.to_string();
        let name = name.trim_start_matches("r#");
        let mut out = TokenStream::new();
        if !block.shared_envelope {
            let var = format_ident!("__e_{}", name);
            let annotations = self.annotations(&block.annotations);
            let envelope = if field.attrs.meta.is_empty() {
                quote!(__p::write::Envelope::of(#annotations))
            } else {
                let meta = self.meta(&field.attrs.meta);
                quote!(__p::write::Envelope::new(#annotations, #meta))
            };
            out.extend(quote!(let #var = #envelope;));
        }
        match block.attr {
            Kind::Media {
                mime: Some(Value::Field(source)),
                ..
            } => {
                let var = format_ident!("__m_{}", name);
                let value = self.layout.field(source).map(|target| {
                    let place = self.place(target);
                    let ty = target.field.ty;
                    respan(quote!(<#ty as __p::MimeField>::mime(#place)), ty.span())
                });
                out.extend(quote!(let #var: __p::MimeType = #value;));
            }
            Kind::Resource {
                uri: Some(lit),
                mime,
                ..
            } => {
                let var = format_ident!("__r_{}", name);
                let uri = self.uri(resolved, block, lit);
                let mime = self.optional_mime(mime.as_ref());
                let mut meta = self.meta(&field.attrs.resource_meta);
                if let Some((_, ui)) = &field.attrs.resource_ui {
                    let ui = ui.to_tokens();
                    meta = quote!(__p::write::WrittenMeta::with(#meta, "ui", #ui));
                }
                out.extend(quote! {
                    let #var = __p::write::ResourceParts { uri: #uri, mime_type: #mime, meta: #meta };
                });
            }
            Kind::Link {
                name: link_name,
                title,
                description,
                mime,
                size,
                ..
            } => {
                let var = format_ident!("__l_{}", name);
                let link_name = match link_name {
                    Some(Value::Str(lit)) => quote!(__p::String::from(#lit)),
                    Some(Value::Field(source)) => {
                        let value = self.cloned(source, &quote!(__p::TextAttribute));
                        quote!(__p::write::name_or(#value, #name))
                    }
                    _ => quote!(__p::String::from(#name)),
                };
                let (title, description) = (
                    self.text_part(title.as_ref()),
                    self.text_part(description.as_ref()),
                );
                let mime = self.optional_mime(mime.as_ref());
                let size = match size {
                    Some(Value::Number { int: Some(n), .. }) => quote!(__p::Some(#n)),
                    Some(Value::Field(source)) => self.cloned(source, &quote!(__p::SizeAttribute)),
                    _ => quote!(__p::None),
                };
                out.extend(quote! {
                    let #var = __p::write::LinkParts {
                        name: #link_name, title: #title, description: #description, mime_type: #mime, size: #size,
                    };
                });
            }
            _ => {}
        }
        out
    }

    /// A resource's URI: a literal, or its template expanded with the fields' values.
    fn uri(&self, resolved: &Resolved, block: &Block, lit: &LitStr) -> TokenStream {
        let Some(template) = &block.template else {
            return quote!(__p::uri(#lit));
        };
        if template.is_literal() {
            let text = template.expand(&|_| None);
            return quote!(__p::uri(#text));
        }
        let name = template_static(self.layout, resolved.index);
        let values = resolved_vars(self.layout, resolved.index).map(|(variable, source)| {
            // A variable taken from a `text` field is named through the field's own text
            // trait: a type that is not text is then one error, not one per place.
            let traits = if self.text_form(&source.field.ident) == Some(TextForm::Display) {
                ["TextField", "DisplayText"]
            } else {
                source.variable_traits()
            };
            let value = self.mapped(&source.field.ident, traits, "var_text");
            quote!((#variable, #value))
        });
        quote!(__p::write::expand(&#name, &[#(#values),*]))
    }

    /// The call that moves a block field into its block(s). Bytes and text are converted with
    /// the field type's two-way trait (`BinaryField`, `TextField`, `JsonField`) when the type
    /// `reads`, so the reading side names the same trait and a type that fits neither way is
    /// one error; else with the one-way trait (`IntoBinary`, `DisplayText`, `JsonText`).
    fn push(&self, resolved: &Resolved, block: &Block) -> TokenStream {
        let reads = self.layout.input.reads();
        let name = resolved.field.ident.to_string();
        let name = name.trim_start_matches("r#");
        let var = self.moved(resolved);
        let items = if block.cardinality == Cardinality::One {
            quote!([#var])
        } else {
            quote!(#var)
        };
        let env = if block.shared_envelope {
            quote!(&__e)
        } else {
            let env = format_ident!("__e_{}", name);
            quote!(&#env)
        };
        let inner = block.inner;
        let to_text = match (block.text, reads) {
            (TextForm::String, _) => quote!(__p::write::string),
            (TextForm::Display, true) => quote!(<#inner as __p::TextField>::display_text),
            (TextForm::Display, false) => quote!(<#inner as __p::DisplayText>::display_text),
            (TextForm::Json, true) => quote!(<#inner as __p::JsonField>::json_text),
            (TextForm::Json, false) => quote!(<#inner as __p::JsonText>::json_text),
        };
        let into_data = if reads {
            quote!(<#inner as __p::Bin>::into_data)
        } else {
            quote!(<#inner as __p::IntoBinary>::into_base64_data)
        };
        let call = match (block.kind, block.attr) {
            (BlockKind::Text, _) => quote!(__p::write::text(__o, #items, #to_text, #name, #env)),
            (BlockKind::Image | BlockKind::Audio, Kind::Media { mime, .. }) => {
                let kind = if block.kind == BlockKind::Image {
                    quote!(__p::Image)
                } else {
                    quote!(__p::Audio)
                };
                let mime = if let Some(Value::Str(lit)) = mime {
                    quote!(&__p::mime(#lit))
                } else {
                    let var = format_ident!("__m_{}", name);
                    quote!(&#var)
                };
                quote!(__p::write::media(#kind, __o, #items, #into_data, #mime, #env))
            }
            (BlockKind::Resource, _) => {
                let parts = format_ident!("__r_{}", name);
                if block.bytes {
                    quote!(__p::write::blob_resource(__o, #items, #into_data, &#parts, #env))
                } else {
                    quote!(__p::write::text_resource(__o, #items, #to_text, #name, &#parts, #env))
                }
            }
            (BlockKind::Link, _) => {
                let parts = format_ident!("__l_{}", name);
                quote!(__p::write::link(__o, #items, <#inner as __p::UriField>::into_uri, &#parts, #env))
            }
            _ => return TokenStream::new(),
        };
        // A list under a text kind fans out per element: refuse a byte the macro could not
        // see (a `u8` alias), as `Vec<u8>` spelled out is refused. A `String` is no byte.
        let not_a_byte = if block.cardinality == Cardinality::Many
            && !block.bytes
            && block.text != TextForm::String
            && matches!(block.kind, BlockKind::Text | BlockKind::Resource)
        {
            quote!({
                #[allow(unused_imports)]
                use __p::write::FanOutElement as _;
                __p::NotAByte::not_a_byte(__p::write::FanOut::<#inner>::new().element());
            })
        } else {
            TokenStream::new()
        };
        // Spanned at the element type: a type the kind cannot take is reported there.
        respan(quote!(#not_a_byte #call;), inner.span())
    }
}

/// The template variables of resource field `owner`, each with the field it takes.
pub(super) fn resolved_vars<'l, 'a>(
    layout: &'l Layout<'a>,
    owner: usize,
) -> impl Iterator<Item = (String, &'l Resolved<'a>)> {
    layout.fields.iter().flat_map(move |source| {
        source.uses.iter().filter_map(move |used| match used {
            Use::TemplateVar { owner: o, name } if *o == owner => Some((name.clone(), source)),
            _ => None,
        })
    })
}

/// A field's name as the user reads it (`r#type` is `type`).
fn unraw(ident: &Ident) -> String {
    ident.to_string().trim_start_matches("r#").to_owned()
}

/// A literal as a `serde_json::Value`.
fn literal_json(value: &Value) -> TokenStream {
    match value {
        Value::Str(lit) => quote!(__p::Value::from(#lit)),
        Value::Bool(lit) => quote!(__p::Value::from(#lit)),
        Value::Number { int: Some(n), .. } => quote!(__p::Value::from(#n)),
        Value::Number { value, text, .. } => {
            if text.contains(['.', 'e', 'E']) {
                quote!(__p::Value::from(#value))
            } else {
                #[allow(clippy::cast_possible_truncation)] // A negative integer literal.
                let n = *value as i64;
                quote!(__p::Value::from(#n))
            }
        }
        _ => quote!(__p::Value::Null),
    }
}
