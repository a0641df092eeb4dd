#![deny(warnings)] // the macros give the user no warning
#![deny(unused_qualifications, warnings)]

#[no_implicit_prelude]
mod inner {
    #[derive(::mcp_content::Content, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[content(annotations(audience = ["user"], priority = 0.5))]
    #[content(meta("com.example/source" = "x", "com.example/n" = count))]
    pub struct Everything {
        #[content(text)]
        pub summary: ::std::string::String,
        #[content(text(json))]
        pub json: [u32; 2],
        #[content(text)]
        pub lines: ::std::vec::Vec<::std::string::String>,
        #[content(image(mime = "image/png"), meta("com.example/alt" = "a"))]
        pub png: ::std::vec::Vec<u8>,
        #[content(audio(mime = kind))]
        pub clip: ::std::vec::Vec<u8>,
        pub kind: ::mcp_content::model::MimeType,
        #[content(resource(uri = "file:///{type}/{+dir}/x{?rev}", mime = "text/plain"),
                  resource_meta("com.example/s" = "v2"))]
        pub raw: ::std::string::String,
        pub r#type: ::std::string::String,
        pub dir: ::std::string::String,
        pub rev: ::std::option::Option<u32>,
        #[content(link(name = "r", title = title, size = 5))]
        pub link: ::mcp_content::model::Uri,
        pub title: ::std::option::Option<::std::string::String>,
        #[content(meta = "com.example/count")]
        pub count: u64,
        #[content(skip)]
        pub cache: ::std::option::Option<u8>,
    }

    #[derive(::mcp_content::Content, ::core::fmt::Debug)]
    pub enum Choice {
        Text(#[content(text)] ::std::string::String),
        #[content(meta("com.example/kind" = "image"))]
        Image {
            #[content(image(mime = "image/png"))]
            png: ::std::vec::Vec<u8>,
        },
        #[content(skip)]
        Nothing,
    }

    #[derive(::mcp_content::Content)]
    pub struct Nested {
        #[content(flatten)]
        pub inner: Choice,
    }

    #[derive(::mcp_content::Content)]
    #[content(write_only)]
    pub struct NestedWriteOnly {
        #[content(flatten)]
        pub inner: Nested,
    }

    #[derive(::mcp_content::Content)]
    pub struct Generic<'a, T: ::core::fmt::Display> {
        #[content(text)]
        pub value: T,
        #[content(image(mime = "image/png"))]
        pub png: &'a [u8],
    }
}

mod shadowing {
    #![allow(dead_code, non_camel_case_types, non_snake_case, unused_imports)]
    use ::mcp_content::Content;

    struct String;
    struct Option;
    struct Some;
    struct None;
    struct Result;
    struct Ok;
    struct Err;
    struct Vec;
    struct Box;
    trait From {}
    trait Into {}
    trait Default {}
    trait Clone {}
    trait ToString {}
    trait Iterator {}
    trait IntoIterator {}
    trait Fn {}
    struct Sized;
    mod serde {}
    mod core {}
    mod std {}
    mod alloc {}
    mod mcp_content {}
    mod __p {}

    #[derive(Content)]
    #[content(meta("com.example/n" = n))]
    pub struct Shadowed {
        #[content(text)]
        pub summary: ::std::string::String,
        #[content(text)]
        pub maybe: ::std::option::Option<::std::string::String>,
        #[content(resource(uri = "file:///{name}"))]
        pub raw: ::std::vec::Vec<u8>,
        pub name: ::std::string::String,
        pub n: u32,
    }

    #[derive(Content)]
    pub enum E {
        A(#[content(text)] ::std::string::String),
        B { #[content(image(mime = "image/png"))] png: ::std::vec::Vec<u8> },
    }
}

fn main() {
    use mcp_content::{FromContent, IntoContent};
    let e = inner::Everything {
        summary: "s".into(),
        lines: vec!["a".into()],
        json: [1, 2],
        png: vec![1],
        clip: vec![2],
        kind: mcp_content::model::MimeType::new("audio/wav").unwrap(),
        raw: "r".into(),
        r#type: "t".into(),
        dir: "a/b".into(),
        rev: Some(3),
        link: mcp_content::model::Uri::new("file:///l").unwrap(),
        title: Some("T".into()),
        count: 4,
        cache: None,
    };
    let result = mcp_content::IntoCallToolResult::into_call_tool_result(e);
    let back = inner::Everything::from_call_tool_result(&result).unwrap();
    assert_eq!(back.r#type, "t");
    assert_eq!(back.rev, Some(3));
    let _ = inner::Choice::Nothing.into_content();
}
