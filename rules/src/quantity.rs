//! Human-written quantities in attributes: durations (`"5m"`) for cache lifetimes, byte
//! sizes (`"256KiB"`) for payload budgets, and the cache scope word.

use crate::violation::{Rule, Violation, cut, quote};

/// Parses a duration into milliseconds: one or more `<digits><unit>` groups, units `ms`,
/// `s`, `m`, `h`, `d`, largest first and each at most once (`"1h30m"`). `"0s"` is zero
/// (immediately stale). No sign, no fraction, no spaces.
///
/// ```
/// use mcp_content_rules::parse_duration_ms;
/// assert_eq!(parse_duration_ms("5m"), Ok(300_000));
/// assert_eq!(parse_duration_ms("30s"), Ok(30_000));
/// assert_eq!(parse_duration_ms("1h"), Ok(3_600_000));
/// assert_eq!(parse_duration_ms("500ms"), Ok(500));
/// assert_eq!(parse_duration_ms("1h30m"), Ok(5_400_000));
/// let err = parse_duration_ms("5").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "duration \"5\" has no unit after 5; write e.g. \"500ms\", \"30s\", \"5m\", \"1h\" or \"1d\" (rule: duration)"
/// );
/// ```
pub fn parse_duration_ms(s: &str) -> Result<u64, Violation> {
    const UNITS: [(&str, u64); 5] = [
        ("d", 86_400_000),
        ("h", 3_600_000),
        ("ms", 1),
        ("m", 60_000),
        ("s", 1_000),
    ];
    let bad = |why: String| {
        Violation::new(
            Rule::Duration,
            format!(
                "duration {} {why}; write e.g. \"500ms\", \"30s\", \"5m\", \"1h\" or \"1d\"",
                quote(s)
            ),
        )
    };
    if s.is_empty() {
        return Err(bad("is empty".into()));
    }
    let mut total: u64 = 0;
    let mut rest = s;
    let mut last_scale = u64::MAX;
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Err(bad(format!("expects digits at {}", quote(rest))));
        }
        let (number, after) = rest.split_at(digits);
        let Some((unit, scale)) = UNITS.iter().find(|(unit, _)| after.starts_with(unit)) else {
            return Err(if after.is_empty() {
                bad(format!("has no unit after {}", cut(number)))
            } else {
                bad(format!("has an unknown unit at {}", quote(after)))
            });
        };
        if *scale >= last_scale {
            return Err(bad(format!(
                "repeats or reorders the unit `{unit}`; write the largest unit first"
            )));
        }
        last_scale = *scale;
        let value = number
            .parse::<u64>()
            .ok()
            .and_then(|n| n.checked_mul(*scale))
            .and_then(|n| total.checked_add(n))
            .ok_or_else(|| bad("is too long to count in milliseconds".into()))?;
        total = value;
        rest = &after[unit.len()..];
    }
    Ok(total)
}

/// Parses a byte size: digits then a unit, `B`, `KB` / `MB` / `GB` (powers of 1000) or
/// `KiB` / `MiB` / `GiB` (powers of 1024). Units are case-sensitive, as in SI.
///
/// ```
/// use mcp_content_rules::parse_byte_size;
/// assert_eq!(parse_byte_size("256KiB"), Ok(262_144));
/// assert_eq!(parse_byte_size("1MB"), Ok(1_000_000));
/// assert_eq!(parse_byte_size("512B"), Ok(512));
/// assert!(parse_byte_size("256kb").is_err());
/// ```
pub fn parse_byte_size(s: &str) -> Result<u64, Violation> {
    const UNITS: [(&str, u64); 7] = [
        ("KiB", 1 << 10),
        ("MiB", 1 << 20),
        ("GiB", 1 << 30),
        ("KB", 1_000),
        ("MB", 1_000_000),
        ("GB", 1_000_000_000),
        ("B", 1),
    ];
    let bad = |why: &str| {
        Violation::new(
            Rule::ByteSize,
            format!(
                "byte size {} {why}; write digits and a unit: B, KB, MB, GB, KiB, MiB or GiB (e.g. \"256KiB\")",
                quote(s)
            ),
        )
    };
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err(bad("does not start with digits"));
    }
    let (number, unit) = s.split_at(digits);
    let Some((_, scale)) = UNITS.iter().find(|(name, _)| *name == unit) else {
        return Err(if unit.is_empty() {
            bad("has no unit")
        } else {
            bad("has an unknown unit")
        });
    };
    number
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(*scale))
        .ok_or_else(|| bad("is too large"))
}

/// Checks a cache scope word: `public` or `private` (2026-07-28 `cacheScope`).
///
/// ```
/// use mcp_content_rules::check_cache_scope;
/// assert!(check_cache_scope("public").is_ok());
/// assert!(check_cache_scope("shared").is_err());
/// ```
pub fn check_cache_scope(s: &str) -> Result<(), Violation> {
    match s {
        "public" | "private" => Ok(()),
        _ => Err(Violation::new(
            Rule::CacheScope,
            format!("cache scope {} is not `public` or `private`", quote(s)),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        for (text, ms) in [
            ("0s", 0),
            ("1d", 86_400_000),
            ("2h", 7_200_000),
            ("90s", 90_000),
            ("1m30s", 90_000),
            ("1d2h3m4s5ms", 93_784_005),
        ] {
            assert_eq!(parse_duration_ms(text), Ok(ms), "{text}");
        }
        for text in [
            "",
            "5",
            "m",
            "-5m",
            "5 m",
            "1.5h",
            "5min",
            "30s1m",
            "1m1m",
            "5M",
            "99999999999999999999d",
        ] {
            let err = parse_duration_ms(text).unwrap_err();
            assert_eq!(err.rule, Rule::Duration, "{text}");
        }
    }

    #[test]
    fn byte_sizes() {
        assert_eq!(parse_byte_size("16MiB"), Ok(16 << 20));
        assert_eq!(parse_byte_size("1GiB"), Ok(1 << 30));
        assert_eq!(parse_byte_size("0B"), Ok(0));
        for text in [
            "",
            "KiB",
            "10",
            "10 KiB",
            "10kib",
            "1.5MiB",
            "99999999999999999999GiB",
        ] {
            assert_eq!(
                parse_byte_size(text).unwrap_err().rule,
                Rule::ByteSize,
                "{text}"
            );
        }
    }
}
