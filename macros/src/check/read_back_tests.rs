//! Unit tests of `read_back`: which layouts and variants can be told apart.

use syn::parse_quote;

fn shadowed(input: &syn::DeriveInput) -> bool {
    crate::expand::content::derive(input)
        .to_string()
        .contains("cannot be read back")
}

#[test]
fn variants_with_different_literal_result_meta_are_told_apart() {
    assert!(!shadowed(&parse_quote! {
        enum Event {
            #[content(meta("com.example/kind" = "info"))]
            Info(#[content(text)] String),
            #[content(meta("com.example/kind" = "warning"))]
            Warning(#[content(text)] String),
        }
    }));
    // The same literal, or one only one of them declares, tells nothing apart.
    assert!(shadowed(&parse_quote! {
        enum Event {
            #[content(meta("com.example/kind" = "info"))]
            Info(#[content(text)] String),
            #[content(meta("com.example/kind" = "info"))]
            Warning(#[content(text)] String),
        }
    }));
    assert!(shadowed(&parse_quote! {
        enum Event {
            Info(#[content(text)] String),
            #[content(meta("com.example/kind" = "warning"))]
            Warning(#[content(text)] String),
        }
    }));
}

#[test]
fn variants_with_different_literal_block_values_are_told_apart() {
    assert!(!shadowed(&parse_quote! {
        enum Event {
            #[content(annotations(audience = ["user"]))]
            Info(#[content(text)] String),
            #[content(annotations(audience = ["assistant"]))]
            Warning(#[content(text)] String),
        }
    }));
    assert!(!shadowed(&parse_quote! {
        enum Event {
            Info(#[content(text, meta("k" = 1))] String),
            Warning(#[content(text, meta("k" = 2))] String),
        }
    }));
    assert!(!shadowed(&parse_quote! {
        enum Event {
            Info(#[content(link(name = "r", title = "A"))] Uri),
            Warning(#[content(link(name = "r", title = "B"))] Uri),
        }
    }));
    // An audience is a set: the same roles in another order tell nothing apart.
    assert!(shadowed(&parse_quote! {
        enum Event {
            #[content(annotations(audience = ["user", "assistant"]))]
            Info(#[content(text)] String),
            #[content(annotations(audience = ["assistant", "user"]))]
            Warning(#[content(text)] String),
        }
    }));
    // A literal on one side only tells nothing apart.
    assert!(shadowed(&parse_quote! {
        enum Event {
            Info(#[content(text)] String),
            Warning(#[content(text, annotations(priority = 0.5))] String),
        }
    }));
}

#[test]
fn variants_with_different_contents_literals_are_told_apart() {
    // `resource_meta(…)` and `ui(…)` literals are checked when reading, as block `_meta` is.
    assert!(!shadowed(&parse_quote! {
        enum View {
            A(#[content(resource(uri = "file:///a"), resource_meta("com.example/v" = 1))] String),
            B(#[content(resource(uri = "file:///a"), resource_meta("com.example/v" = 2))] String),
        }
    }));
    assert!(!shadowed(&parse_quote! {
        enum View {
            A(#[content(resource(uri = "ui://a/v.html"), ui(prefers_border = true))] String),
            B(#[content(resource(uri = "ui://a/v.html"), ui(prefers_border = false))] String),
        }
    }));
    assert!(shadowed(&parse_quote! {
        enum View {
            A(#[content(resource(uri = "file:///a"), resource_meta("com.example/v" = 1))] String),
            B(#[content(resource(uri = "file:///a"), resource_meta("com.example/v" = 1))] String),
        }
    }));
    // The same `ui(…)` written in another order is the same `_meta.ui`.
    assert!(shadowed(&parse_quote! {
        enum View {
            A(#[content(resource(uri = "ui://a/v.html"), ui(prefers_border = true, domain = "a.example"))] String),
            B(#[content(resource(uri = "ui://a/v.html"), ui(domain = "a.example", prefers_border = true))] String),
        }
    }));
    // Only the later one declares it: the earlier reads its blocks all the same.
    assert!(shadowed(&parse_quote! {
        enum View {
            A(#[content(resource(uri = "ui://a/v.html"))] String),
            B(#[content(resource(uri = "ui://a/v.html"), ui(prefers_border = true))] String),
        }
    }));
}

#[test]
fn an_earlier_literal_the_later_variant_does_not_write_tells_them_apart() {
    assert!(!shadowed(&parse_quote! {
        enum Event {
            A(#[content(text, meta("com.example/k" = "a"))] String),
            B(#[content(text)] String),
        }
    }));
    assert!(!shadowed(&parse_quote! {
        enum Event {
            A(#[content(text, annotations(priority = 1))] String),
            B(#[content(text)] String),
        }
    }));
    // A value taken from a field may be anything: nothing is told apart.
    assert!(shadowed(&parse_quote! {
        enum Event {
            A(#[content(text, meta("com.example/k" = "a"))] String),
            B {
                #[content(text, meta("com.example/k" = k))]
                body: String,
                k: String,
            },
        }
    }));
}

#[test]
fn variants_with_different_literal_mime_types_are_told_apart() {
    assert!(!shadowed(&parse_quote! {
        enum Picture {
            Png(#[content(image(mime = "image/png"))] Vec<u8>),
            Jpeg(#[content(image(mime = "image/jpeg"))] Vec<u8>),
        }
    }));
    // Case and parameters aside, as the reader compares.
    assert!(shadowed(&parse_quote! {
        enum Doc {
            A(#[content(resource(uri = "file:///a", mime = "text/plain"))] String),
            B(#[content(resource(uri = "file:///a", mime = "TEXT/Plain; charset=utf-8"))] String),
        }
    }));
    // `any_mime` reads every type: the later variant is unreachable.
    assert!(shadowed(&parse_quote! {
        enum Picture {
            Any(#[content(image(mime = "image/png", any_mime))] Vec<u8>),
            Jpeg(#[content(image(mime = "image/jpeg"))] Vec<u8>),
        }
    }));
}
