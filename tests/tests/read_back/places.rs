//! Every place a block field is written to is compared when read, for every kind of field:
//! a list fanned out into blocks, a `text(json)` value, bytes (image, audio, blob), a link,
//! an `Option` whose block is missing, each with a `_meta` entry (result, block, contents), a
//! URI template variable, a link's part, a MIME type or an annotation taken from it. Each
//! case writes a value, reads it back equal, then tampers with one place at a time: reading
//! fails naming both places, whichever reader is used (the tool result, borrowed or owned,
//! and the blocks with the result's `_meta`).

use std::fmt::Debug;

use mcp_content::model::{MimeType, Priority, Role, Timestamp, Uri};
use mcp_content::{
    CallToolResult, Content, FromContent, IntoCallToolResult, ProtocolVersion, SerializeFor,
    read_json,
};
use serde::{Deserialize, Serialize};

fn json<T: IntoCallToolResult>(value: T) -> String {
    String::from_utf8(
        value
            .into_call_tool_result()
            .to_json_for(ProtocolVersion::V2026_07_28),
    )
    .unwrap()
}

/// One tampering: the `nth` (0-based) occurrence of `from` replaced by `to`; reading fails at
/// `path` with a message that names every one of `named`.
struct Tamper {
    from: &'static str,
    nth: usize,
    to: &'static str,
    path: &'static str,
    named: &'static [&'static str],
}

const fn t(
    from: &'static str,
    to: &'static str,
    path: &'static str,
    named: &'static [&'static str],
) -> Tamper {
    Tamper {
        from,
        nth: 0,
        to,
        path,
        named,
    }
}

const fn nth(mut tamper: Tamper, nth: usize) -> Tamper {
    tamper.nth = nth;
    tamper
}

/// `value()` reads back equal through every reader; each tampering is refused by each.
fn check<T>(value: impl Fn() -> T, tampers: &[Tamper]) -> usize
where
    T: IntoCallToolResult + FromContent + Debug + PartialEq,
{
    let result = value().into_call_tool_result();
    assert_eq!(T::from_call_tool_result(&result).unwrap(), value());
    assert_eq!(
        T::from_content_and_meta(&result.content, &result.meta).unwrap(),
        value()
    );
    assert_eq!(T::from_owned_call_tool_result(result).unwrap(), value());
    let written = json(value());
    for tamper in tampers {
        let at = written
            .match_indices(tamper.from)
            .nth(tamper.nth)
            .unwrap_or_else(|| panic!("{} (#{}) not in {written}", tamper.from, tamper.nth))
            .0;
        let changed = format!(
            "{}{}{}",
            &written[..at],
            tamper.to,
            &written[at + tamper.from.len()..]
        );
        let result: CallToolResult = read_json(changed.as_bytes())
            .unwrap_or_else(|e| panic!("{changed} does not read: {e}"));
        let borrowed = T::from_call_tool_result(&result).unwrap_err();
        assert_eq!(borrowed.path(), tamper.path, "{changed}\n{borrowed}");
        assert!(
            borrowed
                .detail()
                .contains("read from two places that disagree"),
            "{changed}\n{borrowed}"
        );
        for name in tamper.named {
            assert!(
                borrowed.detail().contains(name),
                "{name} not named\n{changed}\n{borrowed}"
            );
        }
        let blocks = T::from_content_and_meta(&result.content, &result.meta).unwrap_err();
        assert_eq!(blocks.to_string(), borrowed.to_string());
        let owned = T::from_owned_call_tool_result(result).unwrap_err();
        assert_eq!(owned.to_string(), borrowed.to_string());
    }
    tampers.len()
}

// ---------------------------------------------------------------------------------------
// A list fanned out into blocks, also written to `_meta`

#[test]
fn a_list_of_texts_and_its_block_meta_must_agree() {
    #[derive(Content, Debug, PartialEq)]
    struct Tags {
        #[content(text, meta("com.example/all" = tags))]
        tags: Vec<String>,
    }
    let tags = || Tags {
        tags: vec!["a".into(), "b".into()],
    };
    check(
        tags,
        &[
            // The second block's copy.
            nth(
                t(
                    r#""com.example/all":["a","b"]"#,
                    r#""com.example/all":["a"]"#,
                    "content[1]._meta.com.example/all",
                    &["field `tags`", "content[0].text, content[1].text"],
                ),
                1,
            ),
            // A text changed: both copies of `_meta` now disagree, the first is named.
            t(
                r#""text":"b""#,
                r#""text":"c""#,
                "content[0]._meta.com.example/all",
                &["content[0].text, content[1].text"],
            ),
            // An entry removed.
            t(
                r#","_meta":{"com.example/all":["a","b"]}"#,
                "",
                "content[0]._meta.com.example/all",
                &["nothing at content[0]._meta"],
            ),
        ],
    );
    check(|| Tags { tags: Vec::new() }, &[]);
}

#[test]
fn a_list_of_texts_and_its_result_meta_must_agree() {
    #[derive(Content, Debug, PartialEq)]
    #[content(meta("com.example/tags" = tags))]
    struct Tagged {
        #[content(text)]
        tags: Vec<String>,
        #[content(image(mime = "image/png"))]
        icon: Vec<u8>,
    }
    let tagged = || Tagged {
        tags: vec!["a".into(), "b".into(), "c".into()],
        icon: vec![1],
    };
    check(
        tagged,
        &[
            t(
                r#""com.example/tags":["a","b","c"]"#,
                r#""com.example/tags":["a","b","d"]"#,
                "_meta.com.example/tags",
                &["content[0].text … content[2].text (3 blocks)"],
            ),
            // A block removed.
            t(
                r#"{"type":"text","text":"c"},"#,
                "",
                "_meta.com.example/tags",
                &["content[0].text, content[1].text", "_meta"],
            ),
        ],
    );
    // No block at all against a list in `_meta`.
    let empty = || Tagged {
        tags: Vec::new(),
        icon: vec![1],
    };
    check(
        empty,
        &[t(
            r#""com.example/tags":[]"#,
            r#""com.example/tags":["a"]"#,
            "_meta.com.example/tags",
            &["no text block in content"],
        )],
    );
}

#[test]
fn a_list_of_resources_and_their_contents_meta_must_agree() {
    #[derive(Content, Debug, PartialEq)]
    struct Pages {
        #[content(resource(uri = "file:///page.txt"), resource_meta("all" = pages))]
        pages: Vec<String>,
    }
    let pages = || Pages {
        pages: vec!["one".into(), "two".into()],
    };
    check(
        pages,
        &[nth(
            t(
                r#""all":["one","two"]"#,
                r#""all":["one","three"]"#,
                "content[1].resource._meta.all",
                &["content[0].resource.text, content[1].resource.text"],
            ),
            1,
        )],
    );
}

#[test]
fn a_list_of_links_and_its_result_meta_must_agree() {
    #[derive(Content, Debug, PartialEq)]
    #[content(meta("com.example/links" = links))]
    struct Links {
        #[content(link(name = "doc"))]
        links: Vec<Uri>,
    }
    let links = || Links {
        links: vec![
            Uri::new("file:///a").unwrap(),
            Uri::new("file:///b").unwrap(),
        ],
    };
    check(
        links,
        &[t(
            r#""com.example/links":["file:///a","file:///b"]"#,
            r#""com.example/links":["file:///a"]"#,
            "_meta.com.example/links",
            &["content[0].uri, content[1].uri"],
        )],
    );
}

#[test]
fn a_list_of_images_and_their_block_meta_must_agree() {
    #[derive(Content, Debug, PartialEq)]
    struct Album {
        #[content(image(mime = "image/png"), meta("com.example/pages" = pages))]
        pages: Vec<Vec<u8>>,
    }
    let album = || Album {
        pages: vec![vec![1], vec![2, 3]],
    };
    check(
        album,
        &[nth(
            t(
                r#""com.example/pages":[[1],[2,3]]"#,
                r#""com.example/pages":[[1],[2,4]]"#,
                "content[1]._meta.com.example/pages",
                &["content[0].data, content[1].data"],
            ),
            1,
        )],
    );
}

// ---------------------------------------------------------------------------------------
// `text(json)`: compared by the JSON value each place holds

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Config {
    depth: u32,
    name: String,
}

fn config() -> Config {
    Config {
        depth: 2,
        name: "x".into(),
    }
}

#[test]
fn a_json_text_and_its_meta_entries_must_agree() {
    #[derive(Content, Debug, PartialEq)]
    #[content(meta("com.example/config" = config))]
    struct Run {
        #[content(text(json), meta("config" = config))]
        config: Config,
        #[content(resource(uri = "file:///log.txt"), resource_meta("config" = config))]
        log: String,
    }
    let run = || Run {
        config: config(),
        log: "ok".into(),
    };
    check(
        run,
        &[
            t(
                r#""_meta":{"config":{"depth":2"#,
                r#""_meta":{"config":{"depth":3"#,
                "content[0]._meta.config",
                &["field `config`", "content[0].text and content[0]._meta"],
            ),
            t(
                r#""resource":{"uri":"file:///log.txt","text":"ok","_meta":{"config":{"depth":2"#,
                r#""resource":{"uri":"file:///log.txt","text":"ok","_meta":{"config":{"depth":9"#,
                "content[1].resource._meta.config",
                &["content[0].text and content[1].resource._meta.config"],
            ),
            t(
                r#""com.example/config":{"depth":2,"name":"x"}"#,
                r#""com.example/config":{"depth":2,"name":"y"}"#,
                "_meta.com.example/config",
                &["content[0].text and _meta.com.example/config"],
            ),
            // The text changed: every other place now disagrees; the first read is named.
            t(
                r#"{\"depth\":2"#,
                r#"{\"depth\":5"#,
                "content[0]._meta.config",
                &["content[0].text"],
            ),
        ],
    );
    // The same JSON value with its keys in another order and other spacing agrees.
    let written = json(run());
    let reordered = written.replacen(
        r#""com.example/config":{"depth":2,"name":"x"}"#,
        r#""com.example/config":{ "name": "x", "depth": 2 }"#,
        1,
    );
    assert_ne!(reordered, written);
    let result: CallToolResult = read_json(reordered.as_bytes()).unwrap();
    assert_eq!(Run::from_call_tool_result(&result).unwrap(), run());
}

#[test]
fn a_json_text_and_a_template_variable_a_link_part_or_an_annotation_must_agree() {
    #[derive(Content, Debug, PartialEq)]
    struct Job {
        #[content(text(json))]
        id: u64,
        #[content(text(json))]
        title: String,
        #[content(text(json))]
        kind: MimeType,
        #[content(text(json))]
        weight: Priority,
        #[content(text(json))]
        changed: Timestamp,
        #[content(resource(uri = "jobs://{id}/log"), annotations(priority = weight))]
        log: String,
        #[content(
            link(name = "out", title = title, size = id, mime = kind),
            annotations(last_modified = changed)
        )]
        out: Uri,
    }
    let job = || Job {
        id: 7,
        title: "Nightly".into(),
        kind: MimeType::new("text/csv").unwrap(),
        weight: Priority::new(0.5).unwrap(),
        changed: Timestamp::new("2025-01-12").unwrap(),
        log: "l".into(),
        out: Uri::new("file:///out.csv").unwrap(),
    };
    check(
        job,
        &[
            t(
                "jobs://7/log",
                "jobs://8/log",
                "content[5].resource.uri",
                &[
                    "field `id`",
                    "content[0].text and \"8\" at content[5].resource.uri",
                ],
            ),
            t(
                r#""size":7"#,
                r#""size":6"#,
                "content[6].size",
                &["field `id`", "content[0].text and content[6].size"],
            ),
            t(
                r#""title":"Nightly""#,
                r#""title":"Daily""#,
                "content[6].title",
                &[
                    "field `title`",
                    "content[1].text and \"Daily\" at content[6].title",
                ],
            ),
            t(
                r#""mimeType":"text/csv""#,
                r#""mimeType":"text/html""#,
                "content[6].mimeType",
                &["field `kind`", "content[2].text and content[6].mimeType"],
            ),
            t(
                r#""priority":0.5"#,
                r#""priority":0.25"#,
                "content[5].annotations.priority",
                &[
                    "field `weight`",
                    "content[3].text and content[5].annotations.priority",
                ],
            ),
            t(
                r#""lastModified":"2025-01-12""#,
                r#""lastModified":"2025-01-13""#,
                "content[6].annotations.lastModified",
                &[
                    "field `changed`",
                    "content[4].text and content[6].annotations.lastModified",
                ],
            ),
            // Removed: nothing where the text holds a value.
            t(
                r#","title":"Nightly""#,
                "",
                "content[6].title",
                &["content[1].text and nothing at content[6].title"],
            ),
            t(
                r#","annotations":{"priority":0.5}"#,
                "",
                "content[5].annotations.priority",
                &["nothing at content[5].annotations.priority"],
            ),
        ],
    );
}

#[test]
fn a_list_of_json_texts_and_the_audience_it_sets_must_agree() {
    #[derive(Content, Debug, PartialEq)]
    struct Addressed {
        #[content(text(json))]
        who: Vec<Role>,
        #[content(image(mime = "image/png"), annotations(audience = who))]
        picture: Vec<u8>,
    }
    let addressed = || Addressed {
        who: vec![Role::User, Role::Assistant],
        picture: vec![1],
    };
    check(
        addressed,
        &[t(
            r#""audience":["user","assistant"]"#,
            r#""audience":["user"]"#,
            "content[2].annotations.audience",
            &["content[0].text, content[1].text and content[2].annotations.audience"],
        )],
    );
}

#[test]
fn an_optional_json_text_and_its_meta_entry_must_agree() {
    #[derive(Content, Debug, PartialEq)]
    #[content(meta("com.example/config" = config))]
    struct Maybe {
        #[content(text(json))]
        config: Option<Config>,
    }
    check(|| Maybe { config: None }, &[]);
    check(
        || Maybe {
            config: Some(config()),
        },
        &[
            // The block removed: `None` writes no entry.
            t(
                r#"{"type":"text","text":"{\"depth\":2,\"name\":\"x\"}"}"#,
                "",
                "_meta.com.example/config",
                &["no text block in content and _meta.com.example/config"],
            ),
            t(
                r#""com.example/config":{"depth":2,"name":"x"}"#,
                r#""com.example/config":null"#,
                "_meta.com.example/config",
                &["content[0].text and _meta.com.example/config"],
            ),
        ],
    );
    // A `None` with an entry all the same.
    let result: CallToolResult =
        read_json(br#"{"content":[],"_meta":{"com.example/config":{"depth":2,"name":"x"}}}"#)
            .unwrap();
    let error = Maybe::from_call_tool_result(&result).unwrap_err();
    assert_eq!(error.path(), "_meta.com.example/config");
    assert!(
        error
            .detail()
            .contains("no text block in content and _meta.com.example/config"),
        "{error}"
    );
}

#[test]
fn a_list_of_json_texts_and_its_block_meta_must_agree() {
    #[derive(Content, Debug, PartialEq)]
    struct Batch {
        #[content(text(json), meta("n" = steps))]
        steps: Vec<Config>,
    }
    check(
        || Batch {
            steps: vec![config(), config()],
        },
        &[nth(
            t(
                r#""n":[{"depth":2,"name":"x"},{"depth":2,"name":"x"}]"#,
                r#""n":[{"depth":2,"name":"x"}]"#,
                "content[1]._meta.n",
                &["content[0].text, content[1].text"],
            ),
            1,
        )],
    );
}

// ---------------------------------------------------------------------------------------
// Bytes: image, audio, blob

#[test]
fn an_image_and_its_meta_entries_must_agree() {
    #[derive(Content, Debug, PartialEq)]
    #[content(meta("com.example/chart" = chart))]
    struct Chart {
        #[content(image(mime = "image/png"), meta("bytes" = chart))]
        chart: Vec<u8>,
    }
    check(
        || Chart {
            chart: vec![1, 2, 3],
        },
        &[
            t(
                r#""com.example/chart":[1,2,3]"#,
                r#""com.example/chart":[1,2,4]"#,
                "_meta.com.example/chart",
                &[
                    "field `chart`",
                    "content[0].data and _meta.com.example/chart",
                ],
            ),
            t(
                r#""bytes":[1,2,3]"#,
                r#""bytes":[1,2]"#,
                "content[0]._meta.bytes",
                &["content[0].data and content[0]._meta.bytes"],
            ),
            // The data changed.
            t(
                r#""data":"AQID""#,
                r#""data":"AQIE""#,
                "content[0]._meta.bytes",
                &["content[0].data"],
            ),
        ],
    );
}

#[test]
fn an_optional_audio_and_its_meta_entry_must_agree() {
    #[derive(Content, Debug, PartialEq)]
    #[content(meta("com.example/clip" = clip))]
    struct Voice {
        #[content(audio(mime = "audio/wav"))]
        clip: Option<Vec<u8>>,
        #[content(text)]
        caption: String,
    }
    check(
        || Voice {
            clip: None,
            caption: "c".into(),
        },
        &[],
    );
    check(
        || Voice {
            clip: Some(vec![9]),
            caption: "c".into(),
        },
        &[
            t(
                r#"{"type":"audio","data":"CQ==","mimeType":"audio/wav"},"#,
                "",
                "_meta.com.example/clip",
                &["no audio block in content and _meta.com.example/clip"],
            ),
            t(
                r#""com.example/clip":[9]"#,
                r#""com.example/clip":[8]"#,
                "_meta.com.example/clip",
                &["content[0].data and _meta.com.example/clip"],
            ),
        ],
    );
}

#[test]
fn a_blob_and_its_contents_meta_must_agree() {
    #[derive(Content, Debug, PartialEq)]
    struct Archive {
        #[content(
            resource(uri = "file:///a.bin", mime = "application/octet-stream", blob),
            resource_meta("bytes" = data)
        )]
        data: Vec<u8>,
    }
    check(
        || Archive { data: vec![5, 6] },
        &[t(
            r#""bytes":[5,6]"#,
            r#""bytes":[5]"#,
            "content[0].resource._meta.bytes",
            &["content[0].resource.blob and content[0].resource._meta.bytes"],
        )],
    );
}

// ---------------------------------------------------------------------------------------
// An `Option` whose block is missing while another place holds its value

#[test]
fn an_optional_text_whose_block_is_missing_disagrees_with_a_place_that_holds_a_value() {
    #[derive(Content, Debug, PartialEq)]
    #[content(meta("com.example/city" = city))]
    struct Place {
        #[content(resource(uri = "geo://place{?city}"))]
        map: String,
        #[content(text)]
        city: Option<String>,
    }
    let place = |city: Option<&'static str>| {
        move || Place {
            map: "m".into(),
            city: city.map(str::to_owned),
        }
    };
    check(place(None), &[]);
    check(
        place(Some("Oslo")),
        &[
            // The text block removed: the URI read first holds "Oslo".
            t(
                r#",{"type":"text","text":"Oslo"}"#,
                "",
                "content[0].resource.uri",
                &[
                    "field `city`",
                    "no text block in content and \"Oslo\" at content[0].resource.uri",
                ],
            ),
            // The variable removed from the URI: nothing there, a text after it.
            t(
                "geo://place?city=Oslo",
                "geo://place",
                "content[1].text",
                &["nothing at content[0].resource.uri and \"Oslo\" at content[1].text"],
            ),
            t(
                r#""com.example/city":"Oslo""#,
                r#""com.example/city":"Bergen""#,
                "_meta.com.example/city",
                &["\"Oslo\" at content[0].resource.uri and \"Bergen\" at _meta"],
            ),
        ],
    );
}

#[test]
fn an_optional_link_whose_block_is_missing_disagrees_with_its_meta_entry() {
    #[derive(Content, Debug, PartialEq)]
    #[content(meta("com.example/source" = source))]
    struct Cited {
        #[content(text)]
        quote: String,
        #[content(link(name = "source"))]
        source: Option<Uri>,
    }
    let cited = |source: Option<&'static str>| {
        move || Cited {
            quote: "q".into(),
            source: source.map(|s| Uri::new(s).unwrap()),
        }
    };
    check(cited(None), &[]);
    check(
        cited(Some("https://example.com/a")),
        &[t(
            r#",{"type":"resource_link","uri":"https://example.com/a","name":"source"}"#,
            "",
            "_meta.com.example/source",
            &["no resource_link block in content and \"https://example.com/a\" at _meta"],
        )],
    );
}

#[test]
fn an_optional_field_read_from_two_template_variables_must_be_in_both_or_neither() {
    #[derive(Content, Debug, PartialEq)]
    struct Revisions {
        #[content(resource(uri = "repo://a{?rev}"))]
        a: String,
        #[content(resource(uri = "repo://b{?rev}"))]
        b: String,
        rev: Option<u32>,
    }
    let revisions = |rev| {
        move || Revisions {
            a: "a".into(),
            b: "b".into(),
            rev,
        }
    };
    check(revisions(None), &[]);
    check(
        revisions(Some(3)),
        &[
            t(
                "repo://b?rev=3",
                "repo://b",
                "content[1].resource.uri",
                &["content[0].resource.uri and content[1].resource.uri"],
            ),
            t(
                "repo://a?rev=3",
                "repo://a",
                "content[1].resource.uri",
                &["content[0].resource.uri and content[1].resource.uri"],
            ),
        ],
    );
}

// ---------------------------------------------------------------------------------------
// Enums and nested types compare the same way

#[test]
fn an_enum_variant_compares_its_places() {
    #[derive(Content, Debug, PartialEq)]
    enum Answer {
        #[content(meta("com.example/items" = items))]
        List {
            #[content(text)]
            items: Vec<String>,
        },
        Image(#[content(image(mime = "image/png"))] Vec<u8>),
    }
    check(
        || Answer::List {
            items: vec!["a".into(), "b".into()],
        },
        &[t(
            r#""com.example/items":["a","b"]"#,
            r#""com.example/items":["b","a"]"#,
            // No variant reads it; the error gives each variant's reason.
            "content",
            &["field `items`", "content[0].text, content[1].text"],
        )],
    );
}

#[test]
fn a_flattened_type_compares_its_places() {
    #[derive(Content, Debug, PartialEq)]
    #[content(meta("com.example/tags" = tags))]
    struct Inner {
        #[content(text)]
        tags: Vec<String>,
    }
    #[derive(Content, Debug, PartialEq)]
    struct Outer {
        #[content(image(mime = "image/png"))]
        logo: Vec<u8>,
        #[content(flatten)]
        inner: Inner,
    }
    check(
        || Outer {
            logo: vec![1],
            inner: Inner {
                tags: vec!["x".into()],
            },
        },
        &[t(
            r#""com.example/tags":["x"]"#,
            r#""com.example/tags":["y"]"#,
            "_meta.com.example/tags",
            &["content[1].text and _meta"],
        )],
    );
}

// ---------------------------------------------------------------------------------------
// A field with no block of its own, copied into every block of a `Vec`

#[test]
fn a_value_copied_into_every_block_of_a_list_is_compared_in_each() {
    #[derive(Content, Debug, PartialEq)]
    struct Lines {
        #[content(text, meta("com.example/source" = source))]
        lines: Vec<String>,
        #[content(meta = "com.example/source")]
        source: String,
    }
    let lines = || Lines {
        lines: vec!["a".into(), "b".into(), "c".into()],
        source: "syslog".into(),
    };
    check(
        lines,
        &[
            nth(
                t(
                    r#""com.example/source":"syslog""#,
                    r#""com.example/source":"journal""#,
                    "content[2]._meta.com.example/source",
                    &[
                        "field `source`",
                        "content[0]._meta.com.example/source and content[2]._meta",
                    ],
                ),
                2,
            ),
            // Removed from one block only.
            nth(
                t(
                    r#","_meta":{"com.example/source":"syslog"}"#,
                    "",
                    "content[1]._meta.com.example/source",
                    &["content[0]._meta.com.example/source and content[1]._meta"],
                ),
                1,
            ),
            // The result's own entry.
            nth(
                t(
                    r#""com.example/source":"syslog""#,
                    r#""com.example/source":"journal""#,
                    "_meta.com.example/source",
                    &["content[0]._meta.com.example/source and _meta.com.example/source"],
                ),
                3,
            ),
        ],
    );
}

#[test]
fn path_segments_and_several_variables_in_one_expression_read_back() {
    #[derive(Content, Debug, PartialEq)]
    struct Located {
        #[content(resource(uri = "geo://map{/region}{/city}"))]
        map: String,
        #[content(resource(uri = "geo://pin/{lat,lon}"))]
        pin: String,
        region: String,
        city: String,
        lat: String,
        lon: String,
    }
    let located = || Located {
        map: "m".into(),
        pin: "p".into(),
        region: "eu/west".into(),
        city: "Saint-Étienne".into(),
        lat: "45,4".into(),
        lon: "4.39".into(),
    };
    check(located, &[]);
    let written = json(located());
    assert!(
        written.contains("geo://map/eu%2Fwest/Saint-%C3%89tienne"),
        "{written}"
    );
}

#[test]
fn an_optional_field_written_only_with_an_optional_block_goes_with_it() {
    #[derive(Content, Debug, PartialEq)]
    struct Attachment {
        #[content(link(name = "log", title = label))]
        log: Option<Uri>,
        label: Option<String>,
    }
    let read = |value: Attachment| {
        Attachment::from_call_tool_result(&value.into_call_tool_result()).unwrap()
    };
    let log = || Some(Uri::new("file:///app.log").unwrap());
    for value in [
        Attachment {
            log: log(),
            label: Some("App".into()),
        },
        Attachment {
            log: log(),
            label: None,
        },
        Attachment {
            log: None,
            label: None,
        },
    ] {
        let expected = Attachment {
            log: value.log.clone(),
            label: value.label.clone(),
        };
        assert_eq!(read(value), expected);
    }
    // Documented: with no link, the label is written nowhere and reads back as `None`.
    assert_eq!(
        read(Attachment {
            log: None,
            label: Some("App".into())
        }),
        Attachment {
            log: None,
            label: None
        }
    );
}

/// An enum of one variant compares its places too, without a warning (its pattern is
/// irrefutable).
#[deny(warnings)]
mod one_variant {
    use mcp_content::Content;

    #[derive(Content, Debug, PartialEq)]
    pub(super) enum Only {
        #[content(meta("com.example/items" = items))]
        List {
            #[content(text)]
            items: Vec<String>,
        },
    }
}

#[test]
fn an_enum_of_one_variant_compares_its_places() {
    use one_variant::Only;
    check(
        || Only::List {
            items: vec!["a".into()],
        },
        &[t(
            r#""com.example/items":["a"]"#,
            r#""com.example/items":[]"#,
            "content",
            &["field `items`", "content[0].text and _meta"],
        )],
    );
}
