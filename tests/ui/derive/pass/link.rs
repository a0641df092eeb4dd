#![deny(warnings)] // the macros give the user no warning
use mcp_content::{Content, FromContent, IntoContent, model::{MimeType, Uri}};

/// Resource links: the field is the URI; name, title, description, MIME type and size are
/// literals or fields.
#[derive(Content, Debug, PartialEq)]
struct Links {
    #[content(link(name = "report", title = "Report", description = "The full report", mime = "text/csv", size = 1024))]
    report: Uri,
    #[content(link(name = "log", title = log_title, description = log_name, mime = log_type, size = log_size))]
    log: Option<Uri>,
    #[content(link)]
    attachments: Vec<Uri>,
    // With `log: None` no link carries them: a plain `String` here would be written nowhere
    // and could not be read back (a compile error); an `Option` reads back `None`.
    log_name: Option<String>,
    log_title: Option<String>,
    log_type: Option<MimeType>,
    log_size: Option<u64>,
}

fn main() {
    let value = Links {
        report: Uri::new("file:///report.csv").unwrap(),
        log: None,
        attachments: vec![],
        log_name: None,
        log_title: None,
        log_type: None,
        log_size: None,
    };
    let back = Links::from_content(&value.into_content()).unwrap();
    assert_eq!(back.log, None);
    assert_eq!(back.log_name, None);
}
