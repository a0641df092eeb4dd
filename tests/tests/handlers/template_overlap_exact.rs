//! `RouterBuilder::build()` on the overlap classes the check reads exactly: several named variables
//! (`{?q,limit}` takes its names only, each once, or none), several unnamed ones (`{x,y}` and
//! `{/x,y}` take one separator fewer than variables), long and escaped names, a variable used twice
//! beside a literal URI. Overlapping pairs are refused both ways round naming both, with a URI both
//! templates match; disjoint pairs build both ways round, and each of their near-miss URIs is read
//! by the one handler that matches it.

use mcp_content::handler::BoxFuture;
use mcp_content::handler::{ProtocolError, ResourceDescriptor, ResourceHandler, RouterError};
use mcp_content::model::{ReadResourceResult, ResourceTemplate, TextResourceContents, Uri};
use mcp_content::rules::UriTemplate;
use mcp_content::{Context, Router};

/// A resource at a URI or template given at run time; a read answers which one served it.
struct At(String);

impl ResourceHandler for At {
    fn descriptor(&self) -> ResourceDescriptor {
        if self.0.contains('{') {
            let template = UriTemplate::parse(&self.0).expect("a template");
            ResourceDescriptor::Template(ResourceTemplate::new(template, self.0.clone()))
        } else {
            let uri = Uri::new(&self.0).expect("a URI");
            ResourceDescriptor::Fixed(mcp_content::model::Resource::new(uri, self.0.clone()))
        }
    }

    fn read(
        &self,
        uri: &str,
        _: Vec<(String, String)>,
        _: Context,
    ) -> BoxFuture<'_, Result<ReadResourceResult, ProtocolError>> {
        let text = self.0.clone();
        let uri = Uri::new(uri).expect("a URI");
        Box::pin(async move {
            Ok(ReadResourceResult::new(vec![
                TextResourceContents::new(uri, text).into(),
            ]))
        })
    }
}

fn at(s: &str) -> At {
    At(s.to_owned())
}

fn matches(template: &str, uri: &str) -> bool {
    UriTemplate::parse(template)
        .expect("a template")
        .match_uri(uri)
        .is_some()
}

/// Pairs that overlap, each with a URI both match.
const OVERLAPPING: &[(&str, &str, &str)] = &[
    // Every variable undefined: the bare URI.
    (
        "search://items{?q,limit}",
        "search://items",
        "search://items",
    ),
    (
        "search://items{?q,limit}",
        "search://items{?page}",
        "search://items",
    ),
    (
        "search://items{?q,limit}",
        "search://items{?q}",
        "search://items",
    ),
    // Its names, in any order, with or without values.
    (
        "search://items{?q,limit}",
        "search://items?limit=5&q=rust",
        "search://items?limit=5&q=rust",
    ),
    (
        "search://items{?q,limit}",
        "search://items?q",
        "search://items?q",
    ),
    (
        "search://items{?q,limit}",
        "search://items?q={term}",
        "search://items?q=rust",
    ),
    ("a://r?k=1{&x,y}", "a://r?k=1&y=2", "a://r?k=1&y=2"),
    ("a://r{;x,y}", "a://r;y;x=1", "a://r;y;x=1"),
    // Unnamed variables: up to one separator fewer than variables.
    ("a://{x,y}", "a://1,2", "a://1,2"),
    ("a://{x,y}", "a://{z}", "a://1"),
    ("a://r{/x,y}", "a://r/b/c", "a://r/b/c"),
    ("a://r{.x,y}", "a://r.json.gz", "a://r.json.gz"),
    ("a://r{#x,y}", "a://r#b,c", "a://r#b,c"),
    // A long name and an escaped one.
    (
        "a://r{?a_rather_long_parameter_name_of_forty_b,x}",
        "a://r?a_rather_long_parameter_name_of_forty_b=1",
        "a://r?a_rather_long_parameter_name_of_forty_b=1",
    ),
    ("a://r{?a%20b,c}", "a://r?a%20b=1", "a://r?a%20b=1"),
    // A variable used twice, one value.
    (
        "users://{id}/posts/{id}",
        "users://7/posts/7",
        "users://7/posts/7",
    ),
];

/// Pairs no URI matches both of, each with URIs that one of them matches (near misses).
const DISJOINT: &[(&str, &str, &[&str])] = &[
    (
        "search://items{?q,limit}",
        "search://items?page=1",
        &["search://items?page=1", "search://items?q=1"],
    ),
    (
        "search://items{?q,limit}",
        "search://items?q=1&page=2",
        &["search://items?q=1&page=2", "search://items?q=1"],
    ),
    (
        "search://items{?q,limit}",
        "search://items?",
        &["search://items?", "search://items"],
    ),
    (
        "search://items{?q,limit}",
        "search://items/{id}",
        &["search://items/7", "search://items?limit=1"],
    ),
    (
        "search://items{?q,limit}",
        "search://items?query=1",
        &["search://items?query=1"],
    ),
    ("a://r{;x,y}", "a://r;x=1;z", &["a://r;x=1;z", "a://r;x=1"]),
    // A name twice: the matcher refuses it.
    (
        "search://items{?q,limit}",
        "search://items?q=1&q=2",
        &["search://items?q=1&q=2", "search://items?q=1"],
    ),
    ("a://{x,y}", "a://1,2,3", &["a://1,2,3", "a://1,2"]),
    ("a://r{/x,y}", "a://r/b/c/d", &["a://r/b/c/d", "a://r/b/c"]),
    ("a://r{/x,y}", "a://r/{a}/{b}/c", &["a://r/1/2/c"]),
    ("a://r{.x,y}", "a://r.tar.json.gz", &["a://r.tar.json.gz"]),
    (
        "a://r{?a_rather_long_parameter_name_of_forty_b,x}",
        "a://r?a_rather_long_parameter_name_of_forty_c=1",
        &["a://r?a_rather_long_parameter_name_of_forty_c=1"],
    ),
    (
        "users://{id}/posts/{id}",
        "users://7/posts/8",
        &["users://7/posts/8", "users://8/posts/8"],
    ),
];

#[track_caller]
fn refused(first: &str, second: &str) {
    match Router::builder()
        .resource(at(first))
        .resource(at(second))
        .build()
    {
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
fn overlapping_pairs_are_refused_both_ways_naming_both() {
    for &(a, b, uri) in OVERLAPPING {
        assert!(
            matches(a, uri) && matches(b, uri),
            "{uri} matches {a} and {b}"
        );
        refused(a, b);
        refused(b, a);
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

#[test]
fn disjoint_pairs_build_both_ways_and_reads_find_their_handler() {
    for &(a, b, uris) in DISJOINT {
        for (first, second) in [(a, b), (b, a)] {
            let router = Router::builder()
                .resource(at(first))
                .resource(at(second))
                .build()
                .unwrap_or_else(|e| panic!("{first} and {second} are disjoint, yet: {e}"));
            for uri in uris {
                let served = read(&router, uri).unwrap_or_else(|e| panic!("{uri}: {e:?}"));
                let expected = if matches(a, uri) { a } else { b };
                assert!(matches(a, uri) != matches(b, uri), "{uri}: one of {a}, {b}");
                assert_eq!(served, expected, "{uri}");
            }
        }
    }
}

/// A router of a search API: a template with several query variables beside literal URIs
/// with other queries and a path below it builds, and each URI goes where it matches.
#[test]
fn a_search_api_builds_and_routes() {
    let router = Router::builder()
        .resource(at("search://items{?q,limit,offset,sort,order}"))
        .resource(at("search://items?page=1"))
        .resource(at("search://items?preset=latest&view=compact"))
        .resource(at("search://items/{id}{?fields,expand}"))
        .resource(at("search://items/{id}/history{/from,to}"))
        .resource(at("search://items/{id}/history/all/of/it"))
        .build()
        .unwrap();
    for (uri, served) in [
        (
            "search://items?sort=name&q=x&limit=5",
            "search://items{?q,limit,offset,sort,order}",
        ),
        (
            "search://items",
            "search://items{?q,limit,offset,sort,order}",
        ),
        ("search://items?page=1", "search://items?page=1"),
        (
            "search://items/7?expand=all",
            "search://items/{id}{?fields,expand}",
        ),
        (
            "search://items/7/history/a/b",
            "search://items/{id}/history{/from,to}",
        ),
        (
            "search://items/7/history/all/of/it",
            "search://items/{id}/history/all/of/it",
        ),
    ] {
        assert_eq!(read(&router, uri).unwrap(), served, "{uri}");
    }
    assert!(read(&router, "search://items?page=2").is_err());
}
