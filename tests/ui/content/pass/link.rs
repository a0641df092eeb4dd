use mcp_content::{Content, FromContent, IntoContent, MimeType, Uri};

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
    log_name: String,
    log_title: Option<String>,
    log_type: Option<MimeType>,
    log_size: Option<u64>,
}

fn main() {
    let value = Links {
        report: Uri::new("file:///report.csv").unwrap(),
        log: None,
        attachments: vec![],
        log_name: "log".into(),
        log_title: None,
        log_type: None,
        log_size: None,
    };
    let _ = Links::from_content(&value.into_content());
}
