#![deny(warnings)] // the macros give the user no warning
#![deny(warnings, unused_qualifications)]

mod tools {
    pub(crate) mod inner {
        /// Doubles.
        #[mcp_content::tool]
        pub(crate) fn double(n: i64) -> String {
            (n * 2).to_string()
        }
    }
}

/// A generic derive with a where clause, lifetimes and a default type parameter.
#[derive(mcp_content::Content)]
struct Wrapped<'a, T = String>
where
    T: std::fmt::Display + 'a,
{
    #[content(text)]
    label: T,
    #[content(image(mime = "image/png"))]
    png: &'a [u8],
}

fn main() {
    // A derive on an item inside a function body.
    #[derive(mcp_content::Content)]
    struct Local {
        #[content(text)]
        body: String,
    }
    let _ = mcp_content::IntoContent::into_content(Local { body: "x".into() });
    let _ = mcp_content::IntoContent::into_content(Wrapped::<u8> { label: 1, png: b"p" });
    let router = mcp_content::router! { tools: [tools::inner::double] };
    assert!(router.build().is_ok());
}
