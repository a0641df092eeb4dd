//! What is written can be read back, and what cannot be read back is refused with the field
//! that waited for it: a block of another kind names the waiting field and what it expects; a
//! block whose MIME type differs from the field's literal one is refused (unless `any_mime`);
//! two places written from one field must agree when read.

use mcp_content::model::Uri;
use mcp_content::{
    CallToolResult, Content, FromContent, IntoCallToolResult, ProtocolVersion, SerializeFor,
    read_json,
};

/// The JSON of `value`'s tool result with `from` replaced by `to`, read back as a result.
fn tampered<T: IntoCallToolResult>(value: T, from: &str, to: &str) -> CallToolResult {
    let json = String::from_utf8(
        value
            .into_call_tool_result()
            .to_json_for(ProtocolVersion::V2026_07_28),
    )
    .unwrap();
    assert!(json.contains(from), "{from} not in {json}");
    read_json(json.replacen(from, to, 1).as_bytes()).unwrap()
}

#[derive(Content, Debug, PartialEq)]
struct Report {
    #[content(text)]
    summary: String,
    #[content(image(mime = "image/png"))]
    chart: Vec<u8>,
}

fn report() -> Report {
    Report {
        summary: "sunny".into(),
        chart: vec![1, 2, 3],
    }
}

#[test]
fn a_block_of_another_kind_names_the_field_waiting_and_what_it_expects() {
    #[derive(Content, Debug)]
    struct One {
        #[content(text)]
        only: String,
    }
    let result = tampered(
        report(),
        r#"{"type":"image","data":"AQID","mimeType":"image/png"}"#,
        r#"{"type":"text","text":"no chart"}"#,
    );
    let err = Report::from_call_tool_result(&result).unwrap_err();
    assert_eq!(
        err.to_string(),
        "content[1]: unexpected text block: field `chart` expects an image (image/png) block \
         and no field of `Report` is left to take a text block"
    );
    // With nothing waiting, the message says no field is left.
    let blocks = vec![
        mcp_content::ContentBlock::text("a"),
        mcp_content::ContentBlock::text("b"),
    ];
    assert_eq!(
        One::from_content(&blocks).unwrap_err().to_string(),
        "content[1]: unexpected text block: no field of `One` is left to take it"
    );
}

#[test]
fn an_image_of_another_mime_type_than_the_literal_is_refused() {
    let result = tampered(report(), "image/png", "image/jpeg");
    let err = Report::from_call_tool_result(&result).unwrap_err();
    assert_eq!(err.path(), "content[1].mimeType");
    assert_eq!(
        err.detail(),
        "field `chart` declares MIME type image/png, found image/jpeg: a field with a literal `mime` \
         reads only image blocks of that type (mark it `any_mime` to read an image of any type)"
    );
    // Case and parameters aside, the type is the same.
    let result = tampered(report(), "image/png", "IMAGE/PNG; x=1");
    assert_eq!(Report::from_call_tool_result(&result).unwrap(), report());
}

#[test]
fn any_mime_reads_an_image_of_any_type() {
    #[derive(Content, Debug, PartialEq)]
    struct Photo {
        #[content(image(mime = "image/png", any_mime))]
        picture: Vec<u8>,
        #[content(audio(mime = "audio/wav", any_mime))]
        sound: Vec<u8>,
    }
    let photo = || Photo {
        picture: vec![1],
        sound: vec![2],
    };
    let result = tampered(photo(), "image/png", "image/jpeg");
    let result = tampered(
        Photo::from_call_tool_result(&result).unwrap(),
        "audio/wav",
        "audio/mpeg",
    );
    assert_eq!(Photo::from_call_tool_result(&result).unwrap(), photo());
}

#[test]
fn an_audio_of_another_mime_type_is_refused() {
    #[derive(Content, Debug)]
    struct Clip {
        #[content(audio(mime = "audio/wav"))]
        sound: Vec<u8>,
    }
    let result = tampered(Clip { sound: vec![1] }, "audio/wav", "audio/mpeg");
    let err = Clip::from_call_tool_result(&result).unwrap_err();
    assert_eq!(err.path(), "content[0].mimeType");
    assert!(
        err.detail().starts_with(
            "field `sound` declares MIME type audio/wav, found audio/mpeg: a field with a literal `mime` reads only audio blocks"
        ),
        "{err}"
    );
}

#[derive(Content, Debug, PartialEq)]
struct Notes {
    #[content(resource(uri = "notes://{topic}/main"))]
    main: String,
    #[content(resource(uri = "notes://{topic}/extra"))]
    extra: String,
    topic: String,
}

fn notes() -> Notes {
    Notes {
        main: "m".into(),
        extra: "e".into(),
        topic: "rust".into(),
    }
}

#[test]
fn two_uris_that_disagree_on_a_variable_are_refused_naming_both() {
    assert_eq!(
        Notes::from_call_tool_result(&notes().into_call_tool_result()).unwrap(),
        notes()
    );
    let result = tampered(notes(), "notes://rust/extra", "notes://go/extra");
    let err = Notes::from_call_tool_result(&result).unwrap_err();
    assert_eq!(err.path(), "content[1].resource.uri");
    assert_eq!(
        err.detail(),
        "field `topic` is read from two places that disagree: content[0].resource.uri and \
         content[1].resource.uri (both are written from this one field, so they must be equal)"
    );
}

#[test]
fn a_uri_variable_and_a_meta_value_that_disagree_are_refused_naming_both() {
    #[derive(Content, Debug, PartialEq)]
    #[content(meta("com.example/city" = city))]
    struct Weather {
        #[content(resource(uri = "weather://{city}/raw.json"))]
        raw: String,
        city: String,
    }
    let weather = || Weather {
        raw: "{}".into(),
        city: "Paris".into(),
    };
    assert_eq!(
        Weather::from_call_tool_result(&weather().into_call_tool_result()).unwrap(),
        weather()
    );
    let result = tampered(
        weather(),
        r#""com.example/city":"Paris""#,
        r#""com.example/city":"Lyon""#,
    );
    let err = Weather::from_call_tool_result(&result).unwrap_err();
    assert_eq!(err.path(), "_meta.com.example/city");
    assert_eq!(
        err.detail(),
        "field `city` is read from two places that disagree: content[0].resource.uri and \
         _meta.com.example/city (both are written from this one field, so they must be equal)"
    );
}

#[test]
fn two_annotations_from_one_field_that_disagree_are_refused() {
    use mcp_content::model::Priority;
    #[derive(Content, Debug, PartialEq)]
    struct Ranked {
        #[content(text, annotations(priority = weight))]
        first: String,
        #[content(text, annotations(priority = weight))]
        second: String,
        weight: Priority,
    }
    let ranked = || Ranked {
        first: "a".into(),
        second: "b".into(),
        weight: Priority::new(0.5).unwrap(),
    };
    assert_eq!(
        Ranked::from_call_tool_result(&ranked().into_call_tool_result()).unwrap(),
        ranked()
    );
    let json = String::from_utf8(
        ranked()
            .into_call_tool_result()
            .to_json_for(ProtocolVersion::V2026_07_28),
    )
    .unwrap();
    // The second block's priority only.
    let at = json.rfind("\"priority\":0.5").unwrap();
    let json = format!("{}\"priority\":0.7{}", &json[..at], &json[at + 14..]);
    let result: CallToolResult = read_json(json.as_bytes()).unwrap();
    let err = Ranked::from_call_tool_result(&result).unwrap_err();
    assert_eq!(err.path(), "content[1].annotations.priority");
    assert!(
        err.detail().starts_with(
            "field `weight` is read from two places that disagree: content[0].annotations.priority and content[1].annotations.priority"
        ),
        "{err}"
    );
}

#[test]
fn a_uri_variable_and_a_text_field_that_disagree_are_refused_naming_both() {
    #[derive(Content, Debug, PartialEq)]
    struct Forecast {
        #[content(resource(uri = "weather://{city}/raw.json"))]
        raw: String,
        #[content(text)]
        city: String,
    }
    let forecast = || Forecast {
        raw: "{}".into(),
        city: "São Paulo".into(),
    };
    assert_eq!(
        Forecast::from_call_tool_result(&forecast().into_call_tool_result()).unwrap(),
        forecast()
    );
    let result = tampered(forecast(), r#""text":"São Paulo""#, r#""text":"Lima""#);
    let err = Forecast::from_call_tool_result(&result).unwrap_err();
    assert_eq!(err.path(), "content[1].text");
    assert_eq!(
        err.detail(),
        "field `city` is read from two places that disagree: \"São Paulo\" at content[0].resource.uri \
         and \"Lima\" at content[1].text (both are written from this one field, so they must be equal)"
    );
    // Read by value (texts moved out of the blocks), the same.
    let owned = Forecast::from_owned_call_tool_result(result).unwrap_err();
    assert_eq!(owned.to_string(), err.to_string());
    let owned = forecast().into_call_tool_result();
    assert_eq!(
        Forecast::from_owned_call_tool_result(owned).unwrap(),
        forecast()
    );
}

#[derive(Content, Debug, PartialEq)]
struct Export {
    #[content(resource(uri = "file:///report.csv", mime = "text/csv", text))]
    table: String,
    #[content(resource(uri = "file:///report.bin", mime = "application/octet-stream", blob))]
    raw: Vec<u8>,
}

fn export() -> Export {
    Export {
        table: "a,b\n1,2\n".into(),
        raw: vec![7, 8, 9],
    }
}

#[test]
fn an_embedded_resource_of_another_mime_type_than_the_literal_is_refused() {
    // Text contents.
    let result = tampered(export(), "text/csv", "text/plain");
    let err = Export::from_call_tool_result(&result).unwrap_err();
    assert_eq!(err.path(), "content[0].resource.mimeType");
    assert_eq!(
        err.detail(),
        "field `table` declares MIME type text/csv, found text/plain: a field with a literal `mime` \
         reads only resource blocks of that type (mark it `any_mime` to read a resource of any type)"
    );
    // Blob contents.
    let result = tampered(export(), "application/octet-stream", "image/png");
    let err = Export::from_call_tool_result(&result).unwrap_err();
    assert_eq!(err.path(), "content[1].resource.mimeType");
    assert!(
        err.detail().starts_with(
            "field `raw` declares MIME type application/octet-stream, found image/png: "
        ),
        "{err}"
    );
    // The owned read refuses it too.
    let result = tampered(export(), "text/csv", "text/html");
    let err = Export::from_owned_call_tool_result(result).unwrap_err();
    assert_eq!(err.path(), "content[0].resource.mimeType");
}

#[test]
fn an_embedded_resource_of_the_literal_mime_type_is_read() {
    let result = export().into_call_tool_result();
    assert_eq!(Export::from_call_tool_result(&result).unwrap(), export());
    // Case and parameters aside, the type is the same.
    let result = tampered(export(), "text/csv", "Text/CSV; charset=utf-8");
    assert_eq!(Export::from_call_tool_result(&result).unwrap(), export());
    let result = tampered(
        export(),
        "application/octet-stream",
        "APPLICATION/octet-stream",
    );
    assert_eq!(Export::from_call_tool_result(&result).unwrap(), export());
    // A resource that names no MIME type contradicts nothing: it is read as the declared one.
    let result = tampered(export(), r#","mimeType":"text/csv""#, "");
    assert_eq!(Export::from_call_tool_result(&result).unwrap(), export());
}

#[test]
fn any_mime_reads_an_embedded_resource_of_any_type() {
    #[derive(Content, Debug, PartialEq)]
    struct Loose {
        #[content(resource(uri = "file:///report.csv", mime = "text/csv", text, any_mime))]
        table: String,
        #[content(resource(
            uri = "file:///report.bin",
            mime = "application/octet-stream",
            blob,
            any_mime
        ))]
        raw: Vec<u8>,
    }
    let loose = || Loose {
        table: "a".into(),
        raw: vec![1],
    };
    // Written with the literal type.
    let json = String::from_utf8(
        loose()
            .into_call_tool_result()
            .to_json_for(ProtocolVersion::V2026_07_28),
    )
    .unwrap();
    assert!(json.contains(r#""mimeType":"text/csv""#), "{json}");
    let result = tampered(loose(), "text/csv", "text/plain");
    let result = tampered(
        Loose::from_call_tool_result(&result).unwrap(),
        "application/octet-stream",
        "image/png",
    );
    assert_eq!(Loose::from_call_tool_result(&result).unwrap(), loose());
}

// A text block field that a link also takes a text part from (`link(name = title)`) is read
// from both places: they must agree, and both are named when they do not.

#[derive(Content, Debug, PartialEq)]
struct Manual {
    #[content(text)]
    title: String,
    #[content(link(name = title, title = subtitle))]
    file: Uri,
    #[content(text)]
    subtitle: String,
}

fn manual() -> Manual {
    Manual {
        title: "Manual".into(),
        file: Uri::new("file:///manual.pdf").unwrap(),
        subtitle: "For users".into(),
    }
}

#[test]
fn a_link_part_and_a_text_that_agree_read_back() {
    assert_eq!(
        Manual::from_call_tool_result(&manual().into_call_tool_result()).unwrap(),
        manual()
    );
}

#[test]
fn a_link_name_that_disagrees_with_the_text_is_refused_naming_both() {
    let result = tampered(manual(), r#""name":"Manual""#, r#""name":"Guide""#);
    let err = Manual::from_call_tool_result(&result).unwrap_err();
    assert_eq!(err.path(), "content[1].name");
    assert_eq!(
        err.detail(),
        "field `title` is read from two places that disagree: \"Manual\" at content[0].text and \
         \"Guide\" at content[1].name (both are written from this one field, so they must be equal)"
    );
}

#[test]
fn a_text_that_disagrees_with_a_link_title_read_before_it_is_refused_naming_both() {
    let result = tampered(manual(), r#""text":"For users""#, r#""text":"For admins""#);
    let err = Manual::from_call_tool_result(&result).unwrap_err();
    assert_eq!(err.path(), "content[2].text");
    assert_eq!(
        err.detail(),
        "field `subtitle` is read from two places that disagree: \"For users\" at content[1].title \
         and \"For admins\" at content[2].text (both are written from this one field, so they must be equal)"
    );
}

// Every member of a link or resource that can come from a field is compared with the field's
// other places when read: a text field (its text), a link field (its URI), a resource field
// (its text contents), or a field with no block of its own (each place written again from the
// value read first). One test per member class; each tampers one place.

/// The error of reading `result` as `T`, as `(path, detail)`.
fn refused<T: FromContent + std::fmt::Debug>(result: &CallToolResult) -> (String, String) {
    let err = T::from_call_tool_result(result).unwrap_err();
    (err.path().to_owned(), err.detail().to_owned())
}

#[test]
fn a_link_size_that_disagrees_with_the_text_is_refused_naming_both() {
    #[derive(Content, Debug, PartialEq)]
    struct Download {
        #[content(text)]
        bytes: u64,
        #[content(link(name = "file", size = bytes))]
        file: Uri,
    }
    let download = || Download {
        bytes: 2048,
        file: Uri::new("file:///a.bin").unwrap(),
    };
    assert_eq!(
        Download::from_call_tool_result(&download().into_call_tool_result()).unwrap(),
        download()
    );
    let result = tampered(download(), r#""size":2048"#, r#""size":4096"#);
    assert_eq!(
        refused::<Download>(&result),
        (
            "content[1].size".to_owned(),
            "field `bytes` is read from two places that disagree: \"2048\" at content[0].text and \
             \"4096\" at content[1].size (both are written from this one field, so they must be equal)"
                .to_owned()
        )
    );
    // The text tampered instead: the link read after it names it first.
    let result = tampered(download(), r#""text":"2048""#, r#""text":"1""#);
    assert_eq!(refused::<Download>(&result).0, "content[1].size");
    // By value too.
    let owned = Download::from_owned_call_tool_result(result).unwrap_err();
    assert_eq!(owned.path(), "content[1].size");
}

#[test]
fn a_link_size_no_u64_holds_is_refused_not_read_as_absent() {
    // `size` is any JSON Schema integer on the wire; a `u64` field cannot take -1 or 2^64,
    // and an `Option<u64>` field must not read them as "no size".
    #[derive(Content, Debug, PartialEq)]
    struct Sized {
        #[content(link(name = "file", size = bytes))]
        file: Uri,
        bytes: u64,
    }
    #[derive(Content, Debug, PartialEq)]
    struct MaybeSized {
        #[content(link(name = "file", size = bytes))]
        file: Uri,
        bytes: Option<u64>,
    }
    let uri = || Uri::new("file:///a.bin").unwrap();
    let sized = || Sized {
        file: uri(),
        bytes: 7,
    };
    let maybe = || MaybeSized {
        file: uri(),
        bytes: Some(7),
    };
    assert_eq!(
        Sized::from_call_tool_result(&sized().into_call_tool_result()).unwrap(),
        sized()
    );
    for wire in ["-1", "18446744073709551616", "1e30"] {
        let to = format!(r#""size":{wire}"#);
        let (path, detail) = refused::<Sized>(&tampered(sized(), r#""size":7"#, &to));
        assert_eq!(path, "content[0].size", "{wire}");
        assert!(
            detail.contains(&format!("size {wire} does not fit")),
            "{wire}: {detail}"
        );
        let (path, detail) = refused::<MaybeSized>(&tampered(maybe(), r#""size":7"#, &to));
        assert_eq!(path, "content[0].size", "{wire}");
        assert!(
            detail.contains("does not fit the field's u64"),
            "{wire}: {detail}"
        );
        // By value too.
        let owned = MaybeSized::from_owned_call_tool_result(tampered(maybe(), r#""size":7"#, &to))
            .unwrap_err();
        assert_eq!(owned.path(), "content[0].size");
    }
    // No size on the wire is still none for the `Option`.
    let none = MaybeSized {
        file: uri(),
        bytes: None,
    };
    assert_eq!(
        MaybeSized::from_call_tool_result(&none.into_call_tool_result()).unwrap(),
        MaybeSized {
            file: uri(),
            bytes: None
        }
    );
}

#[test]
fn a_link_mime_type_and_last_modified_that_disagree_with_text_fields_are_refused() {
    use mcp_content::model::{MimeType, Timestamp};
    #[derive(Content, Debug, PartialEq)]
    struct Attachment {
        #[content(link(name = "doc", mime = kind), annotations(last_modified = changed))]
        doc: Uri,
        #[content(text)]
        kind: MimeType,
        #[content(text)]
        changed: Timestamp,
    }
    let attachment = || Attachment {
        doc: Uri::new("file:///doc.pdf").unwrap(),
        kind: MimeType::new("application/pdf").unwrap(),
        changed: Timestamp::new("2025-01-12").unwrap(),
    };
    assert_eq!(
        Attachment::from_call_tool_result(&attachment().into_call_tool_result()).unwrap(),
        attachment()
    );
    let result = tampered(
        attachment(),
        r#""text":"application/pdf""#,
        r#""text":"text/plain""#,
    );
    let (path, detail) = refused::<Attachment>(&result);
    assert_eq!(path, "content[1].text");
    assert!(
        detail.starts_with(
            "field `kind` is read from two places that disagree: \"application/pdf\" at content[0].mimeType and \"text/plain\" at content[1].text"
        ),
        "{detail}"
    );
    let result = tampered(
        attachment(),
        r#""lastModified":"2025-01-12""#,
        r#""lastModified":"2025-01-13""#,
    );
    let (path, detail) = refused::<Attachment>(&result);
    assert_eq!(path, "content[2].text");
    assert!(
        detail.starts_with(
            "field `changed` is read from two places that disagree: \"2025-01-13\" at content[0].annotations.lastModified and \"2025-01-12\" at content[2].text"
        ),
        "{detail}"
    );
}

#[test]
fn a_link_uri_that_disagrees_with_a_template_variable_or_a_meta_value_is_refused() {
    #[derive(Content, Debug, PartialEq)]
    #[content(meta("com.example/source" = source))]
    struct Cited {
        #[content(link(name = "source"))]
        source: Uri,
        #[content(resource(uri = "cite://{id}"))]
        quote: String,
        #[content(text)]
        id: u32,
    }
    let cited = || Cited {
        source: Uri::new("https://example.com/a").unwrap(),
        quote: "q".into(),
        id: 7,
    };
    assert_eq!(
        Cited::from_call_tool_result(&cited().into_call_tool_result()).unwrap(),
        cited()
    );
    // The result's `_meta` against the link's URI.
    let result = tampered(
        cited(),
        r#""com.example/source":"https://example.com/a""#,
        r#""com.example/source":"https://example.com/b""#,
    );
    assert_eq!(
        refused::<Cited>(&result),
        (
            "_meta.com.example/source".to_owned(),
            "field `source` is read from two places that disagree: \"https://example.com/a\" at content[0].uri and \
             \"https://example.com/b\" at _meta.com.example/source (both are written from this one field, so they must be equal)"
                .to_owned()
        )
    );
    // A template variable against a text.
    let result = tampered(cited(), "cite://7", "cite://8");
    let (path, detail) = refused::<Cited>(&result);
    assert_eq!(path, "content[2].text");
    assert!(
        detail.contains("\"8\" at content[1].resource.uri and \"7\" at content[2].text"),
        "{detail}"
    );
}

#[test]
fn a_resource_text_that_disagrees_with_a_link_title_is_refused_naming_both() {
    #[derive(Content, Debug, PartialEq)]
    struct Page {
        #[content(resource(uri = "file:///title.txt"))]
        heading: String,
        #[content(link(name = "page", title = heading))]
        page: Uri,
    }
    let page = || Page {
        heading: "Intro".into(),
        page: Uri::new("file:///page.html").unwrap(),
    };
    assert_eq!(
        Page::from_call_tool_result(&page().into_call_tool_result()).unwrap(),
        page()
    );
    let result = tampered(page(), r#""title":"Intro""#, r#""title":"Outro""#);
    assert_eq!(
        refused::<Page>(&result),
        (
            "content[1].title".to_owned(),
            "field `heading` is read from two places that disagree: \"Intro\" at content[0].resource.text and \
             \"Outro\" at content[1].title (both are written from this one field, so they must be equal)"
                .to_owned()
        )
    );
    // Read by value (the resource's text moved out), the same.
    let owned = Page::from_owned_call_tool_result(result).unwrap_err();
    assert_eq!(owned.path(), "content[1].title");
}

#[test]
fn a_meta_value_that_disagrees_with_a_text_field_is_refused_naming_both() {
    #[derive(Content, Debug, PartialEq)]
    #[content(meta("com.example/count" = count))]
    struct Tally {
        #[content(text)]
        count: u32,
        #[content(text, meta("com.example/label" = label))]
        body: String,
        #[content(text)]
        label: String,
    }
    let tally = || Tally {
        count: 3,
        body: "b".into(),
        label: "L".into(),
    };
    assert_eq!(
        Tally::from_call_tool_result(&tally().into_call_tool_result()).unwrap(),
        tally()
    );
    // The result's `_meta`.
    let result = tampered(
        tally(),
        r#""com.example/count":3"#,
        r#""com.example/count":4"#,
    );
    assert_eq!(
        refused::<Tally>(&result),
        (
            "_meta.com.example/count".to_owned(),
            "field `count` is read from two places that disagree: \"3\" at content[0].text and \
             \"4\" at _meta.com.example/count (both are written from this one field, so they must be equal)"
                .to_owned()
        )
    );
    // A block's `_meta`.
    let result = tampered(
        tally(),
        r#""com.example/label":"L""#,
        r#""com.example/label":"M""#,
    );
    let (path, detail) = refused::<Tally>(&result);
    assert_eq!(path, "content[2].text");
    assert!(
        detail.contains("\"M\" at content[1]._meta.com.example/label and \"L\" at content[2].text"),
        "{detail}"
    );
}

/// A type with neither `Clone` nor `PartialEq`: a field with several places needs nothing
/// beyond what writing and reading it ask.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Region(String);

impl std::fmt::Display for Region {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::str::FromStr for Region {
    type Err = std::convert::Infallible;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Ok(Region(text.to_owned()))
    }
}

#[test]
fn a_field_with_several_places_needs_neither_clone_nor_partial_eq() {
    #[derive(Content, Debug)]
    #[content(meta("com.example/region" = region))]
    struct Map {
        #[content(resource(uri = "map://{region}/north"))]
        north: String,
        #[content(resource(uri = "map://{region}/south"), resource_meta("region" = region))]
        south: String,
        region: Region,
    }
    let map = || Map {
        north: "n".into(),
        south: "s".into(),
        region: Region("alps".into()),
    };
    let read = Map::from_call_tool_result(&map().into_call_tool_result()).unwrap();
    assert_eq!(read.region.0, "alps");
    for (from, to, path) in [
        (
            "map://alps/south",
            "map://jura/south",
            "content[1].resource.uri",
        ),
        (
            r#""region":"alps""#,
            r#""region":"jura""#,
            "content[1].resource._meta.region",
        ),
        (
            r#""com.example/region":"alps""#,
            r#""com.example/region":"jura""#,
            "_meta.com.example/region",
        ),
    ] {
        let (found, detail) = refused::<Map>(&tampered(map(), from, to));
        assert_eq!(found, path);
        assert!(
            detail.starts_with(&format!(
                "field `region` is read from two places that disagree: content[0].resource.uri and {path}"
            )),
            "{detail}"
        );
    }
}

#[test]
fn link_parts_and_annotations_from_one_param_field_are_compared() {
    use mcp_content::model::{Role, Timestamp};
    #[derive(Content, Debug, PartialEq)]
    struct Pair {
        #[content(
            link(name = "a", size = bytes, title = label, mime = kind),
            annotations(audience = who, last_modified = at)
        )]
        a: Uri,
        #[content(
            link(name = "b", size = bytes, title = label, mime = kind),
            annotations(audience = who, last_modified = at)
        )]
        b: Uri,
        bytes: u64,
        label: Option<String>,
        kind: mcp_content::model::MimeType,
        who: Vec<Role>,
        at: Timestamp,
    }
    let pair = || Pair {
        a: Uri::new("file:///a").unwrap(),
        b: Uri::new("file:///b").unwrap(),
        bytes: 10,
        label: Some("L".into()),
        kind: mcp_content::model::MimeType::new("text/csv").unwrap(),
        who: vec![Role::User],
        at: Timestamp::new("2025-01-12").unwrap(),
    };
    assert_eq!(
        Pair::from_call_tool_result(&pair().into_call_tool_result()).unwrap(),
        pair()
    );
    let json = String::from_utf8(
        pair()
            .into_call_tool_result()
            .to_json_for(ProtocolVersion::V2026_07_28),
    )
    .unwrap();
    // The second link's member only.
    for (from, to, part) in [
        (r#""size":10"#, r#""size":11"#, "size"),
        (r#""title":"L""#, r#""title":"M""#, "title"),
        (
            r#""mimeType":"text/csv""#,
            r#""mimeType":"text/html""#,
            "mimeType",
        ),
        (
            r#""audience":["user"]"#,
            r#""audience":["assistant"]"#,
            "annotations.audience",
        ),
        (
            r#""lastModified":"2025-01-12""#,
            r#""lastModified":"2025-01-13""#,
            "annotations.lastModified",
        ),
    ] {
        let at = json
            .rfind(from)
            .unwrap_or_else(|| panic!("{from} not in {json}"));
        let changed = format!("{}{to}{}", &json[..at], &json[at + from.len()..]);
        let result: CallToolResult = read_json(changed.as_bytes()).unwrap();
        let err = Pair::from_call_tool_result(&result).unwrap_err();
        assert_eq!(err.path(), format!("content[1].{part}"), "{err}");
        assert!(
            err.detail()
                .contains(&format!("content[0].{part} and content[1].{part}")),
            "{err}"
        );
    }
}

#[test]
fn a_place_that_holds_nothing_where_another_holds_a_value_disagrees() {
    // A param field: the second link's `size` removed.
    #[derive(Content, Debug, PartialEq)]
    struct Twins {
        #[content(link(name = "a", size = bytes))]
        a: Uri,
        #[content(link(name = "b", size = bytes))]
        b: Uri,
        bytes: Option<u64>,
    }
    let twins = |bytes| Twins {
        a: Uri::new("file:///a").unwrap(),
        b: Uri::new("file:///b").unwrap(),
        bytes,
    };
    // `None` writes no size anywhere, and reads back.
    assert_eq!(
        Twins::from_call_tool_result(&twins(None).into_call_tool_result()).unwrap(),
        twins(None)
    );
    let json = String::from_utf8(
        twins(Some(5))
            .into_call_tool_result()
            .to_json_for(ProtocolVersion::V2026_07_28),
    )
    .unwrap();
    let at = json.rfind(r#","size":5"#).unwrap();
    let removed = format!("{}{}", &json[..at], &json[at + 9..]);
    let err = Twins::from_call_tool_result(&read_json(removed.as_bytes()).unwrap()).unwrap_err();
    assert_eq!(err.path(), "content[1].size");
    assert!(
        err.detail().starts_with(
            "field `bytes` is read from two places that disagree: content[0].size and content[1].size"
        ),
        "{err}"
    );
    // A text field: the link's `title` removed.
    let result = tampered(manual(), r#","title":"For users""#, "");
    assert_eq!(
        refused::<Manual>(&result),
        (
            "content[2].text".to_owned(),
            "field `subtitle` is read from two places that disagree: nothing at content[1].title and \
             \"For users\" at content[2].text (both are written from this one field, so they must be equal)"
                .to_owned()
        )
    );
}
