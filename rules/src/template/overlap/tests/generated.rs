//! The generated checks: a differential test on a corpus and property tests, with the
//! automata's own witnesses for completeness.

use std::collections::{BTreeSet, HashMap};

use proptest::prelude::*;

use super::super::super::{TemplateValue, UriTemplate};
use super::super::automaton::{State, build};
use super::super::templates_overlap;
use super::{matches, t};

fn automaton(s: &str) -> Vec<State> {
    let mut out = vec![State::NONE; build(s, &mut [], true).len];
    build(s, &mut out, true);
    out
}

/// The moves of the table side by side from cell `(p, q)`: to which cell, reading which
/// byte (a literal's; a letter either may take in either case as the other wants it).
// `a`, `b`, `p`, `q`, `x`, `y`: the two automata, a state of each and its moves, as in `intersect`.
#[allow(clippy::many_single_char_names)]
fn moves(a: &[State], b: &[State], p: usize, q: usize) -> Vec<(usize, usize, Option<u8>)> {
    let x = a.get(p).copied().unwrap_or(State::NONE);
    let y = b.get(q).copied().unwrap_or(State::NONE);
    let mut moves = Vec::new();
    for d in [x.skip, x.jump] {
        if d > 0 {
            moves.push((p + d as usize, q, None));
        }
    }
    for d in [y.skip, y.jump] {
        if d > 0 {
            moves.push((p, q + d as usize, None));
        }
    }
    let byte = |s: State, other: State| {
        if s.fold && !other.repeat.admits(s.step) {
            s.step ^ 0x20
        } else {
            s.step
        }
    };
    if x.steps_with(y) {
        moves.push((p + 1, q + 1, Some(if x.fold { y.step } else { x.step })));
    }
    if x.steps_into(y) {
        moves.push((p + 1, q, Some(byte(x, y))));
    }
    if y.steps_into(x) {
        moves.push((p, q + 1, Some(byte(y, x))));
    }
    moves
}

/// A URI the two automata both accept, the shortest, or `None` when they share none.
fn witness(a: &str, b: &str) -> Option<String> {
    let (a, b) = (automaton(a), automaton(b));
    let width = b.len() + 1;
    // For each cell, the cell it was reached from and the byte read, if any.
    let mut from: Vec<Option<(usize, Option<u8>)>> = vec![None; (a.len() + 1) * width];
    from[0] = Some((0, None));
    let mut queue = std::collections::VecDeque::from([0]);
    while let Some(cell) = queue.pop_front() {
        let (p, q) = (cell / width, cell % width);
        if p == a.len() && q == b.len() {
            let mut bytes = Vec::new();
            let mut at = cell;
            while at != 0 {
                let (back, byte) = from[at].expect("reached");
                bytes.extend(byte);
                at = back;
            }
            bytes.reverse();
            return Some(String::from_utf8(bytes).expect("ASCII"));
        }
        for (p, q, byte) in moves(&a, &b, p, q) {
            let next = p * width + q;
            if from[next].is_none() {
                from[next] = Some((cell, byte));
                queue.push_back(next);
            }
        }
    }
    None
}

/// Up to `limit` URIs the two automata both accept (every way through the table, first
/// found first).
fn witnesses(a: &str, b: &str, limit: usize) -> BTreeSet<String> {
    fn walk(
        (a, b): (&[State], &[State]),
        (p, q): (usize, usize),
        bytes: &mut Vec<u8>,
        found: &mut BTreeSet<String>,
        budget: &mut usize,
    ) {
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        if p == a.len() && q == b.len() {
            found.insert(String::from_utf8(bytes.clone()).expect("ASCII"));
        }
        for (p, q, byte) in moves(a, b, p, q) {
            bytes.extend(byte);
            walk((a, b), (p, q), bytes, found, budget);
            if byte.is_some() {
                bytes.pop();
            }
        }
    }
    let (a, b) = (automaton(a), automaton(b));
    let mut found = BTreeSet::new();
    let mut budget = limit;
    walk((&a, &b), (0, 0), &mut Vec::new(), &mut found, &mut budget);
    found
}

/// A reported overlap has a URI both match among the automata's witnesses, or is of the
/// documented looseness of several named variables (the shortest witness writes a name
/// twice).
fn witnessed(a: &str, b: &str) -> Result<(), String> {
    let shortest = witness(a, b).ok_or("no witness")?;
    let both = |uri: &String| matches(a, uri) && matches(b, uri);
    if both(&shortest) || witnesses(a, b, 20_000).iter().any(both) || repeats_a_name(&shortest) {
        Ok(())
    } else {
        Err(shortest)
    }
}

/// Templates for the differential test: the shapes users write, and the near misses.
const CORPUS: &[&str] = &[
    "search://items",
    "search://items{?q,limit}",
    "search://items{?page}",
    "search://items{?q}",
    "search://items?page=1",
    "search://items?q=1&limit=2",
    "search://items?limit=2&q=1&page=3",
    "search://items{?q,limit,page}",
    "search://items{?limit}{&q}",
    "search://items?q={q}",
    "search://items{/id}",
    "search://items/{id}",
    "search://items/{id}{?fields,expand}",
    "search://items/7",
    "search://items/7?fields=a",
    "search://items/{id}{;v,w}",
    "search://items/{id};v=1",
    "search://items/{id};w;v",
    "search://items/{x,y}",
    "search://items/1,2",
    "search://items/1,2,3",
    "search://items{/x,y}",
    "search://items/a/b",
    "search://items/a/b/c",
    "search://items{.x,y}",
    "search://items.json",
    "search://items.tar.json.gz",
    "search://items{+x,y}",
    "search://items{#x,y}",
    "search://items#a,b",
    "search://items#a,b,c",
    "search://items?k=1{&x,y}",
    "search://items?k=1&y",
    "search://items?k=1&z=2",
    "search://items{?x,y}/tail",
    "search://items?x=1/tail",
    "Search://Items{?q}",
];

/// URIs of a template: each variable undefined or one of a few values, together.
fn expansions(template: &str) -> Vec<String> {
    let template = t(template);
    let values = [None, Some(""), Some("1"), Some("a,b"), Some("q")];
    let names = template.variables();
    let mut out = BTreeSet::new();
    // Every variable the same value, then each variable alone defined.
    for value in values {
        out.insert(template.expand(&|_| value.map(TemplateValue::Str)));
        for name in &names {
            let map: HashMap<&str, &str> = value.map(|v| (*name, v)).into_iter().collect();
            out.insert(template.expand(&|n| map.get(n).map(|v| TemplateValue::Str(v))));
        }
    }
    out.into_iter().collect()
}

/// A named item written twice in `uri` (the looseness of several named variables).
fn repeats_a_name(uri: &str) -> bool {
    let mut names = Vec::new();
    for item in uri.split(['?', '&', ';']).skip(1) {
        let name = item.split('=').next().unwrap_or_default();
        if names.contains(&name) {
            return true;
        }
        names.push(name);
    }
    false
}

/// For every pair of the corpus: a URI both match (among the expansions of all of them) is
/// reported, at run time and at compile time alike; every reported overlap has a URI
/// both match (the automata's own witness), short of the documented looseness.
#[test]
fn differential_on_a_corpus() {
    let uris: BTreeSet<String> = CORPUS.iter().flat_map(|s| expansions(s)).collect();
    let matched: Vec<Vec<bool>> = CORPUS
        .iter()
        .map(|s| uris.iter().map(|u| matches(s, u)).collect())
        .collect();
    let (mut shared, mut apart) = (0, 0);
    for (i, a) in CORPUS.iter().enumerate() {
        for (j, b) in CORPUS.iter().enumerate() {
            let run_time = t(a).overlaps(&t(b));
            assert_eq!(templates_overlap(a, b), run_time, "{a} and {b}");
            let common = uris
                .iter()
                .zip(matched[i].iter().zip(&matched[j]))
                .find(|(_, (x, y))| **x && **y);
            if let Some((uri, _)) = common {
                shared += 1;
                assert!(run_time, "{a} and {b} both match {uri}");
            } else if run_time {
                if let Err(uri) = witnessed(a, b) {
                    panic!("{a} and {b} are reported, yet {uri} does not match both");
                }
            } else {
                apart += 1;
            }
        }
    }
    assert!(
        shared > CORPUS.len() && apart > CORPUS.len() * 4,
        "{shared} {apart}"
    );
}

/// Pieces the property test builds templates and URIs from.
const PIECES: &[&str] = &[
    "a", "b", "/", ".", "?", "&", ";", "=", ",", "#", "x", "y=1", "{x}", "{+x}", "{/x}", "{?x}",
    "{x,y}", "{/x,y}", "{.x,y}", "{+x,y}", "{#x,y}", "{?x,y}", "{&x,y}", "{;x,y}", "{?y,z}",
    "{&z}",
];

/// A template of `pieces`: the variables of the second expression and on renamed (`x1`,
/// `y2`…), so no variable is used twice, while two templates share names piece by piece.
fn template_of(pieces: &[&str]) -> String {
    let mut out = String::from("s://");
    for (k, piece) in pieces.iter().enumerate() {
        if k > 0 && piece.contains('{') {
            let suffix = k.to_string();
            for c in piece.chars() {
                out.push(c);
                if matches!(c, 'x' | 'y' | 'z') {
                    out.push_str(&suffix);
                }
            }
        } else {
            out.push_str(piece);
        }
    }
    out
}

/// Whether `template` uses a variable twice (read loosely, module docs).
fn uses_a_variable_twice(template: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        let end = rest[start..].find('}').map_or(rest.len(), |e| start + e);
        let body = rest[start + 1..end].trim_start_matches(['+', '#', '.', '/', ';', '?', '&']);
        for name in body.split(',') {
            if !seen.insert(name.to_owned()) {
                return true;
            }
        }
        rest = &rest[end..];
    }
    false
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Soundness (a URI both match is reported), agreement of the two checks, and
    /// completeness where the check is exact (a reported overlap has a URI both match).
    #[test]
    fn generated_templates_overlap_exactly(
        a in prop::collection::vec(prop::sample::select(PIECES), 1..4),
        b in prop::collection::vec(prop::sample::select(PIECES), 1..4),
        extra in prop::collection::vec(prop::sample::select(PIECES), 0..5),
    ) {
        let (a, b) = (template_of(&a), template_of(&b));
        let (Ok(ta), Ok(tb)) = (UriTemplate::parse(&a), UriTemplate::parse(&b)) else {
            return Ok(());
        };
        let reported = ta.overlaps(&tb);
        prop_assert_eq!(tb.overlaps(&ta), reported);
        prop_assert_eq!(templates_overlap(&a, &b), reported);
        prop_assert_eq!(templates_overlap(&b, &a), reported);
        let extra = format!("s://{}", extra.concat().replace(['{', '}', '+'], ""));
        let uris = expansions(&a).into_iter().chain(expansions(&b)).chain([extra]);
        for uri in uris {
            if ta.match_uri(&uri).is_some() && tb.match_uri(&uri).is_some() {
                prop_assert!(reported, "{} and {} both match {}", a, b, uri);
            }
        }
        prop_assert!(!uses_a_variable_twice(&a) && !uses_a_variable_twice(&b));
        if reported {
            let witnessed = witnessed(&a, &b);
            prop_assert!(
                witnessed.is_ok(),
                "{} and {} are reported, yet {:?} does not match both", a, b, witnessed
            );
        }
    }
}

/// More pieces, with what the check reads loosely too (escapes, case, modifiers, a variable
/// used twice), for soundness alone.
const ROUGH_PIECES: &[&str] = &[
    "a", "A", "/", ".", "?", "&", ";", "=", ",", "#", "x", "x=", "%2F", "%41", "%2f", "{x}",
    "{+x}", "{/x}", "{?x}", "{x,y}", "{/x,y}", "{.x,y}", "{#x,y}", "{?x,y}", "{&x,y}", "{;x,y}",
    "{x*}", "{?x:2}", "{?x%41}", "{?xA,y}",
];

/// Pieces of URIs, to put together at random.
const URI_PIECES: &[&str] = &[
    "a", "A", "/", ".", "?", "&", ";", "=", ",", "#", "x", "y", "xA", "x%41", "%2F", "%2f", "%41",
    "1", "é", "%FF",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Soundness on rougher templates and URIs put together at random: a URI both match is
    /// always reported, at run time and at compile time.
    #[test]
    fn a_uri_both_match_is_always_reported(
        a in prop::collection::vec(prop::sample::select(ROUGH_PIECES), 1..4),
        b in prop::collection::vec(prop::sample::select(ROUGH_PIECES), 1..4),
        scheme in prop::sample::select(&["s", "S"][..]),
        uris in prop::collection::vec(
            prop::collection::vec(prop::sample::select(URI_PIECES), 0..6), 1..12),
    ) {
        let (a, b) = (format!("s://{}", a.concat()), format!("{scheme}://{}", b.concat()));
        let (Ok(ta), Ok(tb)) = (UriTemplate::parse(&a), UriTemplate::parse(&b)) else {
            return Ok(());
        };
        let reported = ta.overlaps(&tb);
        prop_assert_eq!(templates_overlap(&a, &b), reported);
        prop_assert_eq!(templates_overlap(&b, &a), reported);
        let uris = uris
            .iter()
            .map(|pieces| format!("s://{}", pieces.concat()))
            .chain(expansions(&a))
            .chain(expansions(&b));
        for uri in uris {
            if ta.match_uri(&uri).is_some() && tb.match_uri(&uri).is_some() {
                prop_assert!(reported, "{} and {} both match {}", a, b, uri);
            }
        }
    }
}
