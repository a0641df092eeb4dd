#![deny(warnings)] // the macros give the user no warning
//! A unit struct, `const` or `static` named like any local, parameter or binding the derive
//! generates (`__s`, `__blocks`, `__e_note`, `__f_png`, `__x3`, …) does not break it: each
//! would otherwise turn the generated `let` into a pattern of the user's item.
#![allow(dead_code, non_camel_case_types, non_snake_case, non_upper_case_globals)] // the items are the user's
struct __any;
struct __b;
struct __base;
struct __blocks;
struct __e;
struct __e_chart;
struct __e_note;
struct __errors;
struct __f__0;
struct __f_caption;
struct __f_png;
struct __i;
struct __l_report;
struct __m_clip;
struct __meta;
struct __o;
struct __r;
struct __r_data;
struct __r_raw;
struct __result_meta;
struct __rmeta;
struct __s;
struct __s__0;
struct __s_alt;
struct __s_caption;
struct __s_changed;
struct __s_chart;
struct __s_city;
struct __s_clip;
struct __s_clip_type;
struct __s_count;
struct __s_data;
struct __s_day;
struct __s_dir;
struct __s_importance;
struct __s_inner;
struct __s_maybe;
struct __s_note;
struct __s_png;
struct __s_raw;
struct __s_readers;
struct __s_report;
struct __s_report_size;
struct __s_report_title;
struct __s_rev;
struct __s_summary;
struct __s_temperature;
struct __t_city;
struct __took;
struct __u_temperature;
struct __v;
struct __v_Image;
struct __v_Nothing;
struct __v_Text;
struct __x0;
struct __x1;
struct __x2;
struct __x3;
struct __x4;
struct __x5;
struct __x6;
struct __x7;
struct __x8;
struct __x9;
struct __x10;
struct __x11;
struct __x12;
struct __x13;
struct __x14;
struct __x15;
struct __x16;
struct __x17;
struct __x18;
struct __x19;
struct __x20;
struct __x21;
struct __x22;
struct __x23;
// The derive's own items and the private door's alias, shadowed inside its `const _` block.
struct __p;
struct __Slots;
struct __SlotsText;
struct __A;
fn __offer_Text() {}
fn __finish_Image() {}
const __TEMPLATE_0: u8 = 0;
const __TEMPLATE_1: u8 = 0;
const __TEMPLATE_2: u8 = 0;
const __error: u8 = 0;
const __result: u8 = 0;
static __value: u8 = 0;
use mcp_content::{Content, FromContent, IntoCallToolResult, model::{Base64Data, MimeType, Priority, Role, Timestamp, Uri}};

/// Every kind, places read back from several sources, envelopes, links and flatten.
#[derive(Content, Clone, PartialEq, Debug)]
#[content(annotations(audience = ["user"]))]
#[content(meta("com.example/source" = "ui", "com.example/n" = count))]
struct Everything {
    #[content(text, annotations(priority = importance, audience = readers, last_modified = changed))]
    note: String,
    #[content(text)]
    city: String,
    #[content(text)]
    maybe: Option<String>,
    #[content(image(mime = "image/png"), meta("com.example/alt" = alt))]
    chart: Vec<u8>,
    #[content(audio(mime = clip_type))]
    clip: Base64Data,
    #[content(resource(uri = "weather://{city}/raw/{day}.json", mime = "application/json"), resource_meta("com.example/rev" = rev))]
    raw: String,
    #[content(resource(uri = "file:///{+dir}/data.bin"))]
    data: Vec<u8>,
    #[content(link(name = "report", title = report_title, size = report_size))]
    report: Uri,
    #[content(flatten)]
    inner: Choice,
    day: u32,
    dir: String,
    alt: String,
    clip_type: MimeType,
    rev: u32,
    #[content(meta = "com.example/count")]
    count: u64,
    report_title: Option<String>,
    report_size: Option<u64>,
    importance: Priority,
    readers: Vec<Role>,
    changed: Timestamp,
}

/// Tuple, named, unit and skipped variants.
#[derive(Content, Clone, PartialEq, Debug)]
enum Choice {
    Text(#[content(text)] String),
    #[content(meta("com.example/kind" = "image"))]
    Image {
        #[content(image(mime = "image/jpeg"))]
        png: Vec<u8>,
        #[content(text)]
        caption: String,
    },
    #[content(skip)]
    Nothing,
}

/// serde's derives bind `__value` themselves: the `structured` type is in a module of its own.
mod structured {
    use mcp_content::Content;
    use schemars::JsonSchema;
    use serde::{Deserialize, Serialize};

    struct __b;
    struct __blocks;
    struct __e;
    struct __i;
    struct __meta;
    struct __o;
    struct __r;
    struct __result_meta;
    struct __rmeta;
    struct __s;
    struct __s_summary;
    struct __s_temperature;
    struct __u_temperature;
    struct __base;
    const __result: u8 = 0;

    /// `structured`: fields without a place are read from `structuredContent`.
    #[derive(Content, Serialize, Deserialize, JsonSchema, Debug, PartialEq)]
    #[content(structured)]
    pub(crate) struct Weather {
        #[content(text)]
        pub(crate) summary: String,
        pub(crate) temperature: f64,
    }
}

use structured::Weather;

fn main() {
    let value = Everything {
        note: "n".into(), city: "paris".into(), maybe: Some("m".into()),
        chart: vec![1, 2], clip: Base64Data::from_bytes(&[3]), raw: "{}".into(), data: vec![4],
        report: Uri::new("https://example.com/r").unwrap(),
        inner: Choice::Image { png: vec![5], caption: "c".into() },
        day: 3, dir: "a/b".into(), alt: "alt".into(), clip_type: MimeType::new("audio/wav").unwrap(), rev: 7,
        count: 9, report_title: Some("t".into()), report_size: Some(10),
        importance: Priority::new(0.5).unwrap(), readers: vec![Role::User],
        changed: Timestamp::new("2025-01-12T15:00:58Z").unwrap(),
    };
    let result = value.clone().into_call_tool_result();
    assert_eq!(Everything::from_call_tool_result(&result).unwrap(), value);
    let weather = Weather { summary: "sunny".into(), temperature: 21.5 };
    let result = weather.into_call_tool_result();
    assert_eq!(Weather::from_call_tool_result(&result).unwrap().temperature, 21.5);
}
