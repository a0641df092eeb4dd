//! The hand-written RFC 3339 check against `time` (a dev-dependency): the same accept and
//! reject, and the same error text, on edge cases and on generated strings.

use proptest::prelude::*;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use super::check_rfc3339;

/// Both give the same answer on `s`, and the same error text when they refuse it.
fn assert_agrees(s: &str) {
    let ours = check_rfc3339(s).map_err(|e| e.to_string());
    let theirs = OffsetDateTime::parse(s, &Rfc3339)
        .map(|_| ())
        .map_err(|e| e.to_string());
    assert_eq!(ours, theirs, "{s:?}");
}

#[test]
fn edge_cases_agree_with_time() {
    for s in [
        "2025-01-12T15:00:58Z",
        "2025-01-12t15:00:58z",
        "2025-01-12 15:00:58Z",
        "2025-01-12x15:00:58Z",
        "2025-01-12é15:00:58Z",
        "2025-01-12T15:00:58.1Z",
        "2025-01-12T15:00:58.1234567890123Z",
        "2025-01-12T15:00:58.Z",
        "2025-01-12T15:00:58+23:59",
        "2025-01-12T15:00:58-23:59",
        "2025-01-12T15:00:58+24:00",
        "2025-01-12T15:00:58+01:60",
        "2025-01-12T15:00:58-00:00",
        "2025-01-12T15:00:58+0100",
        "2025-01-12T15:00:58",
        "2025-01-12T15:00:58Zx",
        "2025-01-12",
        "2025-01-1",
        "yesterday",
        "",
        "0000-01-01T00:00:00Z",
        "9999-12-31T23:59:59Z",
        "2024-02-29T00:00:00Z",
        "2023-02-29T00:00:00Z",
        "2000-02-29T00:00:00Z",
        "1900-02-29T00:00:00Z",
        "2025-04-31T00:00:00Z",
        "2025-00-01T00:00:00Z",
        "2025-13-01T00:00:00Z",
        "2025-01-00T00:00:00Z",
        "2025-01-32T00:00:00Z",
        "2025-01-12T24:00:00Z",
        "2025-01-12T23:60:00Z",
        "2025-01-12T23:59:61Z",
        // Leap seconds: only 23:59:60 UTC on the last day of a month.
        "2016-12-31T23:59:60Z",
        "2016-12-31T23:59:60.5Z",
        "2016-12-30T23:59:60Z",
        "2016-12-31T22:59:60Z",
        "2017-01-01T00:59:60+01:00",
        "2016-12-31T15:59:60-08:00",
        "2016-06-30T23:59:60Z",
        "2016-07-01T05:29:60+05:30",
        "2017-01-01T00:00:60+00:01",
        "0000-01-01T00:59:60+01:00",
        "9999-12-31T23:59:60Z",
        "9999-12-31T22:59:60-01:00",
        "2024-02-29T23:59:60Z",
        "2023-02-28T23:59:60Z",
        // Several faults: the first one in time's order is named.
        "2025-13-32T25:61:61Z",
        "2025-02-30T25:00:00+01:70",
        "2025-02-30T25:00:00+01:00 ",
        "2025/01/12T15:00:58Z",
        "2025-01-12T15-00:58Z",
        "+2025-01-12T15:00:58Z",
        "２０２５-01-12T15:00:58Z",
    ] {
        assert_agrees(s);
    }
}

#[test]
fn error_texts_are_the_ones_the_ui_tests_quote() {
    let text = |s: &str| check_rfc3339(s).unwrap_err().to_string();
    assert_eq!(
        text("yesterday"),
        "the 'year' component could not be parsed"
    );
    assert_eq!(
        text("2025-01-12"),
        "the 'separator' component could not be parsed"
    );
    assert_eq!(
        text("2025-01-12T15:00:58"),
        "the 'offset hour' component could not be parsed"
    );
    assert_eq!(text("2025-02-30T15:00:58Z"), "day was not in range");
}

/// Two digits, mostly in range and sometimes not (or not two digits).
fn two(max: u32) -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (0..=max).prop_map(|n| format!("{n:02}")),
        2 => (0..100u32).prop_map(|n| format!("{n:02}")),
        1 => "[0-9]|[0-9]{3}|[a:]{2}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// Built around the valid shape, each field sometimes out of range or malformed.
    #[test]
    fn structured_timestamps_agree(
        year in prop_oneof![8 => "[0-9]{4}", 1 => "[0-9]{3}|[0-9]{5}|-[0-9]{4}"],
        month in two(12),
        day in prop_oneof![Just("28".to_owned()), Just("29".to_owned()), Just("30".to_owned()), two(31)],
        separator in "[Tt x-]|é|",
        hour in prop_oneof![Just("23".to_owned()), Just("00".to_owned()), two(23)],
        minute in prop_oneof![Just("59".to_owned()), Just("00".to_owned()), two(59)],
        second in prop_oneof![Just("60".to_owned()), two(60)],
        fraction in "(\\.[0-9]{0,12})?",
        offset in prop_oneof![
            Just("Z".to_owned()),
            Just("z".to_owned()),
            ("[+-]", two(23), two(59)).prop_map(|(s, h, m)| format!("{s}{h}:{m}")),
            "[+-][0-9]{2}:?[0-9]{0,2}|",
        ],
        trailing in prop_oneof![8 => Just(String::new()), 1 => "[Z0-9 :]{1,2}"],
        dash in prop_oneof![9 => Just("-"), 1 => Just("/")],
        colon in prop_oneof![9 => Just(":"), 1 => Just(".")],
    ) {
        let s = format!(
            "{year}{dash}{month}-{day}{separator}{hour}{colon}{minute}:{second}{fraction}{offset}{trailing}"
        );
        assert_agrees(&s);
    }

    /// Leap seconds around month ends and midnight, in many offsets.
    #[test]
    fn leap_seconds_agree(
        year in 0..=9999u32,
        month in 1..=12u32,
        day in 27..=31u32,
        hour in prop_oneof![Just(23u32), Just(0u32), 0..=23u32],
        minute in prop_oneof![Just(59u32), Just(0u32), 0..=59u32],
        offset_hour in 0..=23u32,
        offset_minute in prop_oneof![Just(0u32), Just(1u32), Just(59u32), 0..=59u32],
        sign in "[+-]",
    ) {
        for day in [day, 1] {
            let s = format!(
                "{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:60{sign}{offset_hour:02}:{offset_minute:02}"
            );
            assert_agrees(&s);
        }
    }

    /// Random strings over the characters of a timestamp, and any string at all, agree.
    #[test]
    fn random_strings_agree(s in "[0-9TZz:.+ -]{0,30}", t in any::<String>()) {
        assert_agrees(&s);
        assert_agrees(&t);
    }
}
