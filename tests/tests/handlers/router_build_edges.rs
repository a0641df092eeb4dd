//! Handlers at run time, at edges `handlers/tool.rs` and `handlers/prompt_resource.rs` do not walk:
//! `RouterBuilder::build()` refuses overlapping resource templates in other shapes (reserved and
//! path expansions, query expressions, a literal URI registered before or after its template, the
//! overlap not between neighbours) and names both templates; disjoint templates build. Renamed and
//! raw-named arguments give a schema with unique names and a tool that runs.
//!
//! URIs compare as RFC 3986 has it (`Router`'s docs): scheme, host and the hex digits of escapes
//! without regard to case, the rest exactly. A table of template pairs per overlap class (case,
//! operators, literal prefixes and suffixes, leading characters) is built both ways round:
//! overlapping pairs are refused naming both, disjoint ones build, and reads go where the
//! comparison says.

use mcp_content::handler::BoxFuture;
use mcp_content::handler::{ProtocolError, ResourceDescriptor, ResourceHandler, RouterError};
use mcp_content::model::{ReadResourceResult, ResourceTemplate, TextResourceContents, Uri};
use mcp_content::rules::UriTemplate;
use mcp_content::{Context, Router, prompt, resource, tool};
use serde_json::{Map, Value, json};

/// A day's raw log.
#[resource(uri = "logs://{day}/raw")]
fn raw_log(day: String) -> String {
    day
}

/// Logs of a date: the same URIs as `raw_log`.
#[resource(uri = "logs://{date}/raw")]
fn dated_log(date: String) -> String {
    date
}

/// Any file under the tree.
#[resource(uri = "tree:///{+path}")]
fn tree_path(path: String) -> String {
    path
}

/// One top-level tree entry (which `tree_path` matches too).
#[resource(uri = "tree:///{entry}")]
fn tree_entry(entry: String) -> String {
    entry
}

/// The readme, a literal URI.
#[resource(uri = "tree:///readme")]
fn tree_readme() -> String {
    String::new()
}

/// An item, with an optional query.
#[resource(uri = "items://{id}{?view}")]
fn item_view(id: String, view: Option<String>) -> String {
    format!("{id}{view:?}")
}

/// An item without the query (matches what `item_view` matches without one).
#[resource(uri = "items://{id}")]
fn item_plain(id: String) -> String {
    id
}

/// A record as JSON.
#[resource(uri = "data://{id}.json")]
fn record_json(id: String) -> String {
    id
}

/// A record as text.
#[resource(uri = "data://{id}.txt")]
fn record_text(id: String) -> String {
    id
}

/// The root's children, as path segments.
#[resource(uri = "seg://root{/child}")]
fn segment_child(child: String) -> String {
    child
}

/// One literal child (which `segment_child` matches).
#[resource(uri = "seg://root/leaf")]
fn segment_leaf() -> String {
    String::new()
}

#[track_caller]
fn refused(builder: mcp_content::RouterBuilder, first: &str, second: &str) {
    match builder.build() {
        Err(error @ RouterError::OverlappingResources { .. }) => {
            let text = error.to_string();
            assert!(text.contains(first), "{text} names {first}");
            assert!(text.contains(second), "{text} names {second}");
        }
        Err(other) => panic!("another error: {other}"),
        Ok(_) => panic!("built, yet {first} and {second} overlap"),
    }
}

#[test]
fn overlapping_templates_are_refused_by_build_naming_both() {
    refused(
        Router::builder()
            .resource(raw_log {})
            .resource(dated_log {}),
        "logs://{day}/raw",
        "logs://{date}/raw",
    );
    // The overlap is between the first and the third: the one in between is disjoint.
    refused(
        Router::builder()
            .resource(raw_log {})
            .resource(record_json {})
            .resource(dated_log {}),
        "logs://{day}/raw",
        "logs://{date}/raw",
    );
    refused(
        Router::builder()
            .resource(tree_path {})
            .resource(tree_entry {}),
        "tree:///{+path}",
        "tree:///{entry}",
    );
    // A literal URI a template matches, registered after and before the template.
    refused(
        Router::builder()
            .resource(tree_entry {})
            .resource(tree_readme {}),
        "tree:///{entry}",
        "tree:///readme",
    );
    refused(
        Router::builder()
            .resource(tree_readme {})
            .resource(tree_path {}),
        "tree:///readme",
        "tree:///{+path}",
    );
    refused(
        Router::builder()
            .resource(segment_child {})
            .resource(segment_leaf {}),
        "seg://root{/child}",
        "seg://root/leaf",
    );
}

/// A query expression matches a URI without the query: `items://5` is served by both.
#[test]
fn a_template_with_a_query_overlaps_the_same_template_without_it() {
    refused(
        Router::builder()
            .resource(item_view {})
            .resource(item_plain {}),
        "items://{id}{?view}",
        "items://{id}",
    );
}

#[test]
fn disjoint_templates_build() {
    let router = Router::builder()
        .resource(raw_log {})
        .resource(record_json {})
        .resource(record_text {})
        .resource(item_plain {})
        .resource(segment_leaf {})
        .build()
        .unwrap();
    assert_eq!(router.list_resource_templates().len(), 4);
    assert_eq!(router.list_resources().len(), 1);
}

/// Moves a file.
///
/// # Arguments
/// * `source` - where from
/// * `type` - the kind of move
#[tool]
fn move_file(
    #[arg(name = "from")] source: String,
    #[arg(name = "to")] target: Option<String>,
    r#type: Option<String>,
) -> String {
    let kind = r#type;
    format!("{source}->{target:?} {kind:?}")
}

/// Compares two things.
#[prompt]
fn compare(#[arg(name = "left")] a: String, #[arg(name = "right")] b: String) -> String {
    format!("{a} vs {b}")
}

fn arguments(value: &Value) -> Option<Map<String, Value>> {
    value.as_object().cloned()
}

#[test]
fn renamed_and_raw_arguments_are_unique_and_work() {
    let router = Router::builder()
        .tool(move_file {})
        .prompt(compare {})
        .build()
        .unwrap();
    let schema = serde_json::to_value(&router.list_tools()[0].input_schema).unwrap();
    let properties: Vec<&String> = schema["properties"].as_object().unwrap().keys().collect();
    assert_eq!(properties.len(), 3, "{schema}");
    for name in ["from", "to", "type"] {
        assert!(schema["properties"][name].is_object(), "{name}: {schema}");
    }
    assert_eq!(schema["required"], json!(["from"]), "{schema}");
    assert_eq!(
        schema["properties"]["from"]["description"], "where from",
        "a description documented under the parameter's name: {schema}"
    );

    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let result = runtime
        .block_on(router.call_tool(
            "move_file",
            arguments(&json!({"from": "a", "type": "copy"})),
            Context::default(),
        ))
        .unwrap();
    assert!(!result.is_error(), "{result:?}");
    let json = serde_json::to_string(&result).unwrap();
    assert!(json.contains(r#"a->None Some(\"copy\")"#), "{json}");

    let names: Vec<String> = router.list_prompts()[0]
        .arguments
        .as_ref()
        .unwrap()
        .iter()
        .map(|a| a.name.clone())
        .collect();
    assert_eq!(names, ["left", "right"]);
    let prompt = runtime
        .block_on(router.get_prompt(
            "compare",
            arguments(&json!({"left": "x", "right": "y"})),
            Context::default(),
        ))
        .unwrap();
    assert!(serde_json::to_string(&prompt).unwrap().contains("x vs y"));
}

/// A resource at a URI or template given at run time; a read answers which one served it,
/// with the variables and the URI it was given.
struct At(&'static str);

impl ResourceHandler for At {
    fn descriptor(&self) -> ResourceDescriptor {
        if self.0.contains('{') {
            let template = UriTemplate::parse(self.0).expect("a template");
            ResourceDescriptor::Template(ResourceTemplate::new(template, self.0))
        } else {
            let uri = Uri::new(self.0).expect("a URI");
            ResourceDescriptor::Fixed(mcp_content::model::Resource::new(uri, self.0))
        }
    }

    fn read(
        &self,
        uri: &str,
        variables: Vec<(String, String)>,
        _: Context,
    ) -> BoxFuture<'_, Result<ReadResourceResult, ProtocolError>> {
        let text = format!("{} {variables:?} {uri}", self.0);
        let uri = Uri::new(uri).expect("a URI");
        Box::pin(async move {
            Ok(ReadResourceResult::new(vec![
                TextResourceContents::new(uri, text).into(),
            ]))
        })
    }
}

/// Pairs that one URI matches under the router's comparison, by class.
const OVERLAPPING: &[(&str, &str)] = &[
    // The scheme's case.
    ("x://a", "X://a"),
    ("x://{a}", "X://{b}"),
    ("x://{a}", "X://1"),
    ("Notes://{id}/raw", "nOTES://7/raw"),
    // The host's case (written before any variable).
    ("x://Today", "x://today"),
    ("x://Today/{a}", "X://TODAY/b"),
    // An escaped unreserved character is that character.
    ("x://h/%41", "x://h/A"),
    ("x://h/%7e{a}", "x://h/~{b}"),
    // The hex digits of an escape.
    ("x://a%2fb", "x://a%2Fb"),
    ("x://%c3%a9/{a}", "x://%C3%A9/{b}"),
    // Two names for one variable; a literal a template matches.
    ("logs://{day}", "logs://{date}"),
    ("logs://{day}", "logs://today"),
    // Operators.
    ("a://{+path}", "a://{path}"),
    ("a://r{/seg}", "a://r/{name}"),
    ("a://r{/seg}", "a://r{name}"),
    ("a://r{/seg}", "a://r/x"),
    ("a://r{.ext}", "a://r.json"),
    ("a://r{;v}", "a://r;v=1"),
    ("a://r{?q}", "a://r{?page}"),
    // A query expression of one variable: undefined (the bare URI), or its own name.
    ("a://r{?q}", "a://r"),
    ("a://r{?q}", "a://r?q=1"),
    ("a://r{?q}", "a://r?q"),
    ("a://r{?q}{&p}", "a://r?q=1&p=2"),
    ("a://r{&p}", "a://r&p=1"),
    ("a://r{;v}", "a://r;v"),
    ("a://r{#f}", "a://r#top"),
    ("a://{+path}", "a://b/c?d=1"),
    ("a://{x,y}", "a://1,2"),
    // A literal prefix on one side, a literal suffix on the other: `a://xz`.
    ("a://x{y}", "a://{y}z"),
    ("a://{p}.tar.gz", "a://{q}.gz"),
    ("a://pre{x}", "a://{y}"),
];

/// Pairs no URI matches both of, by class.
const DISJOINT: &[(&str, &str)] = &[
    ("x://a", "x://b"),
    ("x://a", "y://a"),
    ("logs://{day}/raw", "logs://{day}/summary"),
    ("a://{x}.json", "a://{y}.txt"),
    ("files://{name}", "files://a/b"),
    // The path and the userinfo keep their case; an escaped `/` is not a `/`.
    ("x://h/Today", "x://h/today"),
    ("x://User@h", "x://user@h"),
    ("x://h/%61", "x://h/A"),
    ("x://h/a%2Fb", "x://h/a/b"),
    // A leading character is required when the expression writes anything.
    ("docs://api{/version}", "docs://apiv2"),
    ("search://r{?q}", "search://rq"),
    ("a://r{.ext}", "a://rjson"),
    ("a://r{#f}", "a://rf"),
    // A simple variable writes no reserved character.
    ("mail://{user}", "mail://a@b"),
    ("a://h/{x}", "a://h/b:c"),
    ("a://{x}", "a://b,c"),
    ("a://{x}{?q}", "a://b/c"),
    // One variable's expansion takes its own name once, and `{/x}` one segment.
    ("a://r{?q}", "a://r?page=1"),
    ("a://r{?q}", "a://r?"),
    ("a://r{?q}", "a://r?q=1&q=2"),
    ("a://r{?q}", "a://r?q=1&page=2"),
    ("a://r{&p}", "a://r&q=1"),
    ("a://r{;v}", "a://r;w=1"),
    ("a://r{/seg}", "a://r/x/y"),
    ("a://r{/seg}", "a://r/{a}/b"),
];

#[test]
fn every_overlap_class_is_refused_both_ways_naming_both() {
    for &(a, b) in OVERLAPPING {
        refused(Router::builder().resource(At(a)).resource(At(b)), a, b);
        refused(Router::builder().resource(At(b)).resource(At(a)), b, a);
    }
}

#[test]
fn every_disjoint_pair_builds_both_ways() {
    for &(a, b) in DISJOINT {
        for (first, second) in [(a, b), (b, a)] {
            if let Err(error) = Router::builder()
                .resource(At(first))
                .resource(At(second))
                .build()
            {
                panic!("{first} and {second} are disjoint, yet: {error}");
            }
        }
    }
}

/// The same URI twice is a duplicate, not an overlap.
#[test]
fn the_same_uri_twice_is_a_duplicate() {
    for uri in ["x://a", "x://{a}"] {
        assert_eq!(
            Router::builder()
                .resource(At(uri))
                .resource(At(uri))
                .build()
                .unwrap_err(),
            RouterError::DuplicateResource(uri.to_owned())
        );
    }
}

fn read(router: &Router, uri: &str) -> Result<String, ProtocolError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let result = runtime.block_on(router.read_resource(uri, Context::default()))?;
    let json = serde_json::to_value(&result).unwrap();
    Ok(json["contents"][0]["text"].as_str().unwrap().to_owned())
}

/// A read compares the scheme, the host and escapes without case, and hands the handler the
/// URI and variables as sent; the path's case counts.
#[test]
fn reads_compare_the_scheme_and_host_without_case() {
    let router = Router::builder()
        .resource(At("x://{a}"))
        .resource(At("fixed://readme%2fmd"))
        .resource(At("hosts://Today/Path"))
        .build()
        .unwrap();
    assert_eq!(
        read(&router, "X://1").unwrap(),
        r#"x://{a} [("a", "1")] X://1"#
    );
    assert_eq!(
        read(&router, "x://Big").unwrap(),
        r#"x://{a} [("a", "Big")] x://Big"#
    );
    assert_eq!(
        read(&router, "FIXED://readme%2Fmd").unwrap(),
        "fixed://readme%2fmd [] FIXED://readme%2Fmd"
    );
    assert_eq!(
        read(&router, "Hosts://TODAY/Path").unwrap(),
        "hosts://Today/Path [] Hosts://TODAY/Path"
    );
    assert!(
        read(&router, "hosts://today/path").is_err(),
        "the path keeps its case"
    );
    assert!(read(&router, "y://1").is_err());
}
