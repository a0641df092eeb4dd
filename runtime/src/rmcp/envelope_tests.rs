//! The one-pass read of a usual body: what it reads, what it leaves to the checks, and that
//! whatever it reads, the serde reading and the checks on the bytes would have read the same
//! and found nothing.

use super::*;

/// What the front did before the one pass: the serde reading, then the duplicate-key and
/// encoding checks. `Some` only for a body they all pass.
fn checked(bytes: &[u8]) -> Option<Facts<'_>> {
    let envelope = serde_json::from_slice::<Envelope<'_>>(bytes).ok()?;
    if crate::transport::parse::has_duplicate_key(bytes)
        || crate::wire::read::encoding_error(bytes).is_some()
    {
        return None;
    }
    Some(envelope.into())
}

/// `quick` reads `body` as the checks would, or leaves it to them; whether it read it.
fn agrees(body: &[u8]) -> bool {
    let facts = quick(body);
    let read = facts.is_some();
    if read {
        assert_eq!(facts, checked(body), "{}", String::from_utf8_lossy(body));
    }
    read
}

const SMALL_CALL: &str = r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"small","arguments":{"name":"c"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"e2e","version":"1.0.0"},"io.modelcontextprotocol/clientCapabilities":{}}}}"#;

#[test]
fn a_usual_call_is_read_in_one_pass() {
    let facts = quick(SMALL_CALL.as_bytes()).expect("a usual call");
    assert_eq!(facts.method.as_deref(), Some("tools/call"));
    assert_eq!(facts.id, Some("7"));
    let params = facts.params.as_ref().expect("params");
    assert_eq!(params.name, Some(Kind::String));
    assert_eq!(params.null_member, None);
    assert_eq!(Some(facts), checked(SMALL_CALL.as_bytes()));
    // Escapes in values, text beyond ASCII, a BOM character inside a string, numbers and
    // nesting in the arguments, whitespace between tokens: all read in the one pass.
    for body in [
        r#" { "jsonrpc" : "2.0" , "id" : "a\"b\u00e9" , "method" : "tools/call" ,
            "params" : { "name" : "é\n", "arguments" : { "x" : [ 1 , -2.5e+3 , 0 , true , false , null , { } , [ ] ] , "t" : "\uFEFF﻿" } } }
"#,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        r#"{"jsonrpc":"2.0","id":1,"result":{}}"#,
        r#"{"jsonrpc":"2.0","id":null,"method":null,"params":null}"#,
        r#"{"id":1,"method":"prompts/get","params":{"name":null,"arguments":{}}}"#,
    ] {
        let facts = quick(body.as_bytes()).expect(body);
        assert_eq!(Some(facts), checked(body.as_bytes()), "{body}");
    }
}

#[test]
fn bodies_the_checks_refuse_or_must_read_whole_are_left_to_them() {
    let deep = format!(
        r#"{{"id":1,"method":"x","params":{{"a":{}1{}}}}}"#,
        "[".repeat(40),
        "]".repeat(40)
    );
    let wide = format!(
        r#"{{"id":1,"method":"x","params":{{{}"z":1}}}}"#,
        (0..60)
            .map(|i| format!(r#""k{i}":0,"#))
            .collect::<Vec<_>>()
            .concat()
    );
    for body in [
        r#"{"jsonrpc":"2.0","\u0069d":1,"method":"tools/list"}"#,
        "\u{FEFF}{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\u{FEFF}\"method\":\"tools/list\"}",
        r#"{"jsonrpc":"2.0","id":"\ud800","method":"tools/list"}"#,
        r#"{"jsonrpc":"2.0","id":"\ud83d\ude00","method":"tools/list"}"#,
        r#"{"jsonrpc":"2.0","id":1,"id":2,"method":"tools/list"}"#,
        r#"{"id":1,"method":"x","params":{"a":{"b":1,"b":2}}}"#,
        r#"[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]"#,
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":[1]}"#,
        r#"{"jsonrpc":"2.0","id":3,"method":7}"#,
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":1e400}}"#,
        r#"{"jsonrpc":"2.0","id":3,"method":"tools\/call"}"#,
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/call",}"#,
        r#"{"jsonrpc":"2.0","id":01,"method":"tools/call"}"#,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\tb\"}",
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"} x"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list""#,
        "",
        deep.as_str(),
        wide.as_str(),
    ] {
        assert!(quick(body.as_bytes()).is_none(), "{body}");
    }
    assert!(quick(b"{\"id\":1,\"method\":\"\xff\"}").is_none());
    assert!(quick(b"{\x00\"id\":1}").is_none());
}

/// Bodies near the usual ones, each a byte changed, cut or repeated (a fixed pseudo-random
/// sequence, bounded in count): whatever the one pass reads, the checks read the same.
#[test]
fn whatever_the_one_pass_reads_the_checks_would_read_the_same() {
    let seeds: [&[u8]; 5] = [
        SMALL_CALL.as_bytes(),
        br#"{"id":"x\\u","method":"resources/read","params":{"uri":"a\u0041","n":null,"ref":{},"argument":[]}}"#,
        br#"{"id":-1.5e3,"method":"completion/complete","params":{"ref":{"a":"\ud83d\ude00"},"argument":{"b":[true,false,null]}}}"#,
        "{\"id\":1,\"method\":\"é\",\"params\":{\"name\":\"\u{FEFF}\",\"x\":{\"y\":{\"z\":[[0]]}}}}".as_bytes(),
        br#"{"method":"m","params":{"a":null,"b":null},"id":"\u0069d"}"#,
    ];
    let alphabet: &[u8] =
        b"{}[]\",:\\u0123456789abcdefDEe.+-ntrlsx \t\n\x00\x1f\x7f\xef\xbb\xbf\x80\xff";
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        usize::try_from(state % (1 << 31)).unwrap_or(0)
    };
    let mut read = 0;
    for seed in seeds {
        agrees(seed);
        for _ in 0..4000 {
            let mut body = seed.to_vec();
            for _ in 0..=next() % 3 {
                let at = next() % body.len().max(1);
                match next() % 4 {
                    0 if at < body.len() => body[at] = alphabet[next() % alphabet.len()],
                    1 => body.insert(at.min(body.len()), alphabet[next() % alphabet.len()]),
                    2 if at < body.len() => {
                        body.remove(at);
                    }
                    _ => {
                        let end = (at + 1 + next() % 12).min(body.len());
                        let piece = body[at.min(end)..end].to_vec();
                        body.splice(at.min(end)..at.min(end), piece);
                    }
                }
            }
            read += usize::from(agrees(&body));
        }
    }
    // Enough of them are read in the one pass for the comparison to mean something.
    assert!(read > 2000, "{read} read");
}

/// The word-at-a-time search for the end of a string's plain run stops where a byte-by-byte
/// one does, wherever the stop is in a word and whatever the bytes around it.
#[test]
fn a_plain_run_ends_at_the_first_quote_backslash_or_control_character() {
    let naive = |bytes: &[u8], from: usize| {
        bytes
            .get(from..)?
            .iter()
            .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
            .map(|i| from + i)
    };
    for stop in [b'"', b'\\', 0x00, 0x1F, b'\n'] {
        for len in 0..20 {
            for place in 0..=len {
                let mut bytes: Vec<u8> = (0..len)
                    .map(|i| [b'a', 0x20, 0x7F, 0xC3, 0xFF, b'!', b'#', b']'][i % 8])
                    .collect();
                if place < len {
                    bytes[place] = stop;
                }
                for from in 0..=len {
                    assert_eq!(
                        string_stop(&bytes, from),
                        naive(&bytes, from),
                        "{bytes:?} from {from}"
                    );
                }
            }
        }
    }
}
