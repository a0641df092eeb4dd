//! Security properties, end to end:
//!
//! 1. `file://` resource templates: a variable that would climb out of the template's root
//!    (`..`, `%2e%2e`, encoded slashes and backslashes, absolute paths, drives, NUL, double
//!    encoding) is refused by the `Router` before the handler runs; ordinary names pass.
//! 2. User code cannot write reserved `_meta` keys: not through the builders (`Meta::insert`,
//!    `MetaKey::user`) and not through the DSL (the trybuild cases listed below fail to
//!    compile with rule `meta-key-reserved`).
//! 3. `unsafe` is forbidden in every crate: the workspace lint is `forbid`, every member
//!    (and the fuzz crate) takes it, and no source file holds an `unsafe` block, fn or impl.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Poll, Waker};

use mcp_content::handler::BoxFuture;
use mcp_content::handler::{ProtocolError, ResourceDescriptor, ResourceHandler};
use mcp_content::model::{
    Meta, MetaKey, ReadResourceResult, ResourceTemplate, TextResourceContents, Uri,
};
use mcp_content::rules::UriTemplate;
use mcp_content::rules::{ProtocolVersion, Rule, reserved_meta_prefix};
use mcp_content::{Context, Router, resource};

fn block_on<F: Future>(future: F) -> F::Output {
    let mut future = pin!(future);
    let mut cx = std::task::Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(value) = future.as_mut().poll(&mut cx) {
            return value;
        }
    }
}

// ---------------------------------------------------------------------------------------
// 1. Path traversal through file:// templates

/// The variables of every call a handler received.
type CallLog = Arc<Mutex<Vec<Vec<(String, String)>>>>;

/// A hand-written file handler that records every variable it is called with.
struct Files {
    template: &'static str,
    allow: bool,
    calls: CallLog,
}

impl ResourceHandler for Files {
    fn descriptor(&self) -> ResourceDescriptor {
        let template = UriTemplate::parse(self.template).expect("a template");
        ResourceDescriptor::Template(ResourceTemplate::new(template, "files"))
    }

    fn read(
        &self,
        uri: &str,
        variables: Vec<(String, String)>,
        _context: Context,
    ) -> BoxFuture<'_, Result<ReadResourceResult, ProtocolError>> {
        self.calls
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(variables);
        let result = Uri::new(uri)
            .map(|uri| ReadResourceResult::new(vec![TextResourceContents::new(uri, "x").into()]))
            .map_err(|v| ProtocolError::invalid_params(v.to_string()));
        Box::pin(async move { result })
    }

    fn allows_path_traversal(&self) -> bool {
        self.allow
    }
}

/// A router over `template` and the handler's call log.
fn files(template: &'static str, allow: bool) -> (Router, CallLog) {
    let calls = Arc::new(Mutex::new(Vec::new()));
    let handler = Files {
        template,
        allow,
        calls: Arc::clone(&calls),
    };
    let router = Router::builder()
        .resource(handler)
        .build()
        .expect("a router");
    (router, calls)
}

fn read(router: &Router, uri: &str) -> Result<ReadResourceResult, ProtocolError> {
    block_on(router.read_resource(uri, Context::default()))
}

/// What a simple `{name}` must refuse: one path segment cannot climb or jump.
const SINGLE_SEGMENT_ATTACKS: [&str; 19] = [
    "..",
    "%2e%2e",
    "%2E%2E",
    ".%2e",
    "%2e.",
    "..%2Fetc%2Fpasswd",
    "..%2F..%2F..%2Fetc%2Fpasswd",
    "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "a%2F..%2F..%2Fb",
    "..%5C..%5Cwindows",
    "%2Fetc%2Fpasswd",
    "%5Cetc%5Cpasswd",
    "C%3A%5Cwindows%5Cwin.ini",
    "c%3A",
    "report.txt%00.png",
    "%252e%252e",
    "%252e%252e%252fetc",
    "%25252e%25252e",
    "%2525252e%2525252e",
];

#[test]
fn single_segment_variables_cannot_leave_the_root() {
    let (router, calls) = files("file:///root/{name}", false);
    for attack in SINGLE_SEGMENT_ATTACKS {
        let uri = format!("file:///root/{attack}");
        let error = read(&router, &uri).expect_err(&uri);
        assert_eq!(error.code, -32602, "{uri}: {error:?}");
        assert!(error.message.starts_with("refused: "), "{uri}: {error:?}");
    }
    assert!(
        calls.lock().expect("log").is_empty(),
        "the handler never ran"
    );

    // A raw `..` segment or a raw `/` is not even a match for a simple `{name}` (expansion
    // would have encoded it): not found, and the handler does not run either.
    for uri in [
        "file:///root/../etc/passwd",
        "file:///root/a/b",
        "file:///root//etc/passwd",
        "file:///root/C:%5Cwindows",
    ] {
        assert!(read(&router, uri).is_err(), "{uri}");
    }
    assert!(calls.lock().expect("log").is_empty());
}

#[test]
fn multi_segment_variables_cannot_climb_or_start_absolute() {
    let (router, calls) = files("file:///root/{+path}", false);
    for attack in [
        "..",
        "a/../../etc/passwd",
        "a/%2e%2e/%2e%2e/etc/passwd",
        "docs/%252e%252e/x",
        "/etc/passwd",
        "%2Fetc%2Fpasswd",
        "a%5C..%5C..%5Cb",
        "C:/windows",
        "a/b%00.txt",
    ] {
        let uri = format!("file:///root/{attack}");
        let error = read(&router, &uri).expect_err(&uri);
        assert!(error.message.starts_with("refused: "), "{uri}: {error:?}");
    }
    assert!(calls.lock().expect("log").is_empty());
}

#[test]
fn ordinary_names_pass_decoded() {
    let (router, calls) = files("file:///root/{name}", false);
    for (uri, name) in [
        ("file:///root/report.txt", "report.txt"),
        ("file:///root/a%20b.txt", "a b.txt"),
        ("file:///root/..hidden", "..hidden"),
        ("file:///root/%C3%A9t%C3%A9.md", "été.md"),
        ("file:///root/v1.2..3", "v1.2..3"),
    ] {
        read(&router, uri).unwrap_or_else(|e| panic!("{uri}: {e:?}"));
        let last = calls.lock().expect("log").pop().expect("called");
        assert_eq!(last, [("name".to_owned(), name.to_owned())], "{uri}");
    }
    let (router, calls) = files("file:///root/{+path}", false);
    read(&router, "file:///root/docs/2025/report.txt").expect("nested path");
    let last = calls.lock().expect("log").pop().expect("called");
    assert_eq!(
        last,
        [("path".to_owned(), "docs/2025/report.txt".to_owned())]
    );
}

#[test]
fn a_handler_that_opts_in_gets_the_raw_values() {
    let (router, calls) = files("file:///root/{name}", true);
    read(&router, "file:///root/%2e%2e").expect("allowed by the handler");
    let last = calls.lock().expect("log").pop().expect("called");
    assert_eq!(last, [("name".to_owned(), "..".to_owned())]);
}

#[test]
fn templates_of_other_schemes_are_the_handlers_business() {
    // The guard is for file roots; a `test://` template passes values through.
    let (router, calls) = files("test://items/{id}", false);
    read(&router, "test://items/%2e%2e").expect("not a file root");
    assert_eq!(calls.lock().expect("log").len(), 1);
}

/// Files under a root, through the `#[resource]` DSL.
#[resource(uri = "file:///srv/{name}", mime = "text/plain")]
fn served(name: String) -> String {
    format!("contents of {name}")
}

#[test]
fn the_dsl_gets_the_same_guard() {
    let router = Router::builder()
        .resource(served {})
        .build()
        .expect("a router");
    for attack in SINGLE_SEGMENT_ATTACKS {
        let uri = format!("file:///srv/{attack}");
        let error = read(&router, &uri).expect_err(&uri);
        assert!(error.message.starts_with("refused: "), "{uri}: {error:?}");
    }
    read(&router, "file:///srv/notes.txt").expect("an ordinary name");
}

// ---------------------------------------------------------------------------------------
// 2. Reserved `_meta` keys

/// Reserved under some supported version, in various spellings.
const RESERVED: [&str; 8] = [
    "io.modelcontextprotocol/related-task",
    "io.modelcontextprotocol/",
    "dev.mcp/x",
    "IO.ModelContextProtocol/x",
    "com.MCP/x",
    "mcp.example.com/x",
    "modelcontextprotocol.example.org/x",
    "a.mcp.b/x",
];

#[test]
fn builders_refuse_reserved_meta_keys() {
    for key in RESERVED {
        assert!(
            [
                ProtocolVersion::V2025_06_18,
                ProtocolVersion::V2025_11_25,
                ProtocolVersion::V2026_07_28
            ]
            .into_iter()
            .any(|v| reserved_meta_prefix(key, v)),
            "{key} is reserved somewhere"
        );
        let mut meta = Meta::new();
        let error = meta.insert(key, 1).expect_err(key);
        assert_eq!(error.rule, Rule::MetaKeyReserved, "{key}: {error}");
        assert!(meta.is_empty(), "{key}: nothing was written");
        assert_eq!(
            MetaKey::user(key).expect_err(key).rule,
            Rule::MetaKeyReserved
        );
        // A peer's or the runtime's key is still a valid key (a proxy relays it).
        assert!(MetaKey::new(key).is_ok(), "{key}");
    }
    for key in [
        "com.example/x",
        "progressToken",
        "com.example.mcp/x",
        "mcpx.dev/x",
    ] {
        Meta::new()
            .insert(key, 1)
            .unwrap_or_else(|e| panic!("{key}: {e}"));
    }
}

/// The trybuild cases (run by the `ui` test binary) in which the DSL refuses a
/// reserved key at compile time, each with its rule in the expected compiler output.
#[test]
fn the_dsl_refuses_reserved_meta_keys_at_compile_time() {
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui");
    for (case, key) in [
        ("derive/meta/meta-key-reserved", "io.modelcontextprotocol/"),
        ("derive/meta/result-meta-key-reserved", "dev.mcp/"),
        (
            "handler/tool/tool-reserved-meta-key",
            "io.modelcontextprotocol/",
        ),
    ] {
        let source = std::fs::read_to_string(ui.join(format!("{case}.rs"))).expect(case);
        let stderr = std::fs::read_to_string(ui.join(format!("{case}.stderr"))).expect(case);
        assert!(source.contains(key), "{case} writes {key}");
        assert!(
            stderr.contains(&format!("prefix `{key}` is reserved for MCP")),
            "{case}: {stderr}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// 3. No unsafe code

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace root")
        .to_path_buf()
}

/// The `[workspace] members` of the root manifest.
fn members(manifest: &str) -> Vec<String> {
    let start = manifest.find("members").expect("members");
    let list = &manifest[start..];
    let list = &list[list.find('[').expect("[") + 1..list.find(']').expect("]")];
    list.split(',')
        .map(|m| m.trim().trim_matches('"').to_owned())
        .filter(|m| !m.is_empty())
        .collect()
}

#[test]
fn every_crate_forbids_unsafe_code() {
    let root = workspace_root();
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("root manifest");
    let lints = &manifest[manifest
        .find("[workspace.lints.rust]")
        .expect("workspace lints")..];
    let lints = &lints[..lints[1..].find("\n[").map_or(lints.len(), |end| end + 1)];
    assert!(
        lints
            .lines()
            .any(|l| l.replace(' ', "") == "unsafe_code=\"forbid\""),
        "the workspace forbids unsafe code: {lints}"
    );
    let members = members(&manifest);
    assert!(members.len() >= 5, "{members:?}");
    for member in &members {
        let path = root.join(member).join("Cargo.toml");
        let text = std::fs::read_to_string(&path).expect("member manifest");
        let takes_workspace_lints = text.split("\n[").any(|section| {
            section.starts_with("lints]")
                && section
                    .lines()
                    .any(|l| l.replace(' ', "") == "workspace=true")
        });
        assert!(
            takes_workspace_lints,
            "{} takes the workspace lints",
            path.display()
        );
    }
    // The fuzz crate is its own workspace: it forbids unsafe code itself.
    let fuzz = std::fs::read_to_string(root.join("fuzz/Cargo.toml")).expect("fuzz manifest");
    assert!(
        fuzz.contains("[lints.rust]\nunsafe_code = \"forbid\""),
        "fuzz forbids unsafe"
    );
}

/// Rust sources under `dir`, `target` directories skipped.
fn rust_sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if name != "target"
                && name != "corpus"
                && name != "artifacts"
                && !name.to_string_lossy().starts_with('.')
            {
                rust_sources(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `line` without its `//` comment and string literals (roughly: enough for a keyword scan).
fn code_of(line: &str) -> String {
    let mut code = String::new();
    let mut in_string = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if in_string => {
                chars.next();
            }
            '"' => in_string = !in_string,
            '/' if !in_string && chars.peek() == Some(&'/') => break,
            _ if !in_string => code.push(c),
            _ => {}
        }
    }
    code
}

#[test]
fn no_source_file_has_unsafe_code() {
    let root = workspace_root();
    let mut files = Vec::new();
    for dir in [
        "runtime", "macros", "rules", "tests", "examples", "fuzz", "benches",
    ] {
        rust_sources(&root.join(dir), &mut files);
    }
    assert!(files.len() > 20, "found {} files", files.len());
    // Spelled apart so that this file does not match itself.
    let keyword = ["un", "safe"].concat();
    let allow = format!("allow({keyword}_code)");
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("source");
        for (number, line) in text.lines().enumerate() {
            let code = code_of(line);
            let tokens: Vec<&str> = code
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .collect();
            if tokens.contains(&keyword.as_str()) || code.replace(' ', "").contains(&allow) {
                found.push(format!("{}:{}: {line}", file.display(), number + 1));
            }
        }
    }
    assert!(found.is_empty(), "unsafe code:\n{}", found.join("\n"));
}
