//! The RFC 3339 `date-time` check, as the `time` crate's `Rfc3339` parser takes it.
//!
//! Written by hand rather than calling `time::OffsetDateTime::parse(s, &Rfc3339)`: the macros
//! validate attribute literals with these rules at compile time, so every dependency of the
//! rules (`time` brings `deranged`, `time-core`, `powerfmt` and `num-conv`) is compiled a
//! second time, for the host, in every user's clean build (issue 27). The differential tests
//! (`timestamp/tests.rs`) pin the same accept and reject as `time` 0.3, and the same error
//! text, for every input. The runtime keeps `time` for its own `Timestamp`.
//!
//! What `time` takes: `YYYY-MM-DD`, any one byte as the separator (RFC 3339 section 5.6 lets
//! applications use a space), `hh:mm:ss`, a `.` and one or more digits (any count), then `Z`
//! or `z` or `+hh:mm` / `-hh:mm` (offset hours up to 23, minutes up to 59). Years 0000 to
//! 9999, days per month with Gregorian leap years, hours to 23, minutes to 59, and a second
//! `60` only where the instant in UTC is 23:59:60 on the last day of a month.

use std::fmt;

/// Why a string is not a timestamp, written as `time`'s parse error writes it: the UI tests'
/// `.stderr` files quote these texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TimestampError {
    /// A component could not be parsed where it was expected (`'year'`, `'separator'`, …).
    Component(&'static str),
    /// A `-` or `:` between components was not there.
    Literal,
    /// Characters after the offset.
    Trailing,
    /// A component parsed but out of its range (`month`, `day`, `second`, …).
    Range(&'static str),
}

impl fmt::Display for TimestampError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Component(name) => write!(f, "the '{name}' component could not be parsed"),
            Self::Literal => f.write_str("a character literal was not valid"),
            Self::Trailing => {
                f.write_str("unexpected trailing characters; the end of input was expected")
            }
            Self::Range(name) => write!(f, "{name} was not in range"),
        }
    }
}

/// The input and how far it has been read.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    /// Exactly `n` ASCII digits as a number, or `None` (nothing consumed).
    fn digits(&mut self, n: usize) -> Option<u16> {
        let digits = self.bytes.get(self.at..self.at + n)?;
        if !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        self.at += n;
        Some(
            digits
                .iter()
                .fold(0, |value, &d| value * 10 + u16::from(d - b'0')),
        )
    }

    /// The byte `literal`, else [`TimestampError::Literal`].
    fn literal(&mut self, literal: u8) -> Result<(), TimestampError> {
        self.eat(literal)
            .then_some(())
            .ok_or(TimestampError::Literal)
    }

    /// Consumes `b` if it is next.
    fn eat(&mut self, b: u8) -> bool {
        let next = self.bytes.get(self.at) == Some(&b);
        self.at += usize::from(next);
        next
    }
}

/// Checks `s` as `time`'s `OffsetDateTime::parse(s, &Rfc3339)` does, with its first error in
/// the same order.
pub(crate) fn check_rfc3339(s: &str) -> Result<(), TimestampError> {
    use TimestampError::{Component, Range, Trailing};

    let mut c = Cursor {
        bytes: s.as_bytes(),
        at: 0,
    };
    let year = c.digits(4).ok_or(Component("year"))?;
    c.literal(b'-')?;
    let month = c.digits(2).filter(|&m| m != 0).ok_or(Component("month"))?;
    c.literal(b'-')?;
    let day = c.digits(2).ok_or(Component("day"))?;
    if c.at >= c.bytes.len() {
        return Err(Component("separator"));
    }
    c.at += 1;
    let hour = c.digits(2).ok_or(Component("hour"))?;
    c.literal(b':')?;
    let minute = c.digits(2).ok_or(Component("minute"))?;
    c.literal(b':')?;
    let second = c.digits(2).ok_or(Component("second"))?;
    if c.eat(b'.') {
        c.digits(1).ok_or(Component("subsecond"))?;
        while c.digits(1).is_some() {}
    }
    // The offset in minutes east of UTC.
    let offset = if c.eat(b'Z') || c.eat(b'z') {
        0
    } else {
        let sign = if c.eat(b'+') {
            1
        } else if c.eat(b'-') {
            -1
        } else {
            return Err(Component("offset hour"));
        };
        let hours = c
            .digits(2)
            .filter(|&h| h <= 23)
            .ok_or(Component("offset hour"))?;
        c.literal(b':')?;
        let minutes = c.digits(2).ok_or(Component("offset minute"))?;
        if minutes > 59 {
            return Err(Range("offset minute"));
        }
        sign * i32::from(hours * 60 + minutes)
    };
    if c.at != c.bytes.len() {
        return Err(Trailing);
    }
    let leap_second = second == 60;
    if !(1..=12).contains(&month) {
        return Err(Range("month"));
    }
    let month_length = days_in_month(year, month);
    if day == 0 || day > month_length {
        return Err(Range("day"));
    }
    if hour > 23 {
        return Err(Range("hour"));
    }
    if minute > 59 {
        return Err(Range("minute"));
    }
    if second > 60 {
        return Err(Range("second"));
    }
    if leap_second && !is_last_minute_of_a_month_in_utc(day, month_length, hour, minute, offset) {
        return Err(Range("second"));
    }
    Ok(())
}

/// `time` takes `:60` as the last nanosecond of second 59, and only where that instant, in
/// UTC, is 23:59:59 on the last day of a month (a leap second's place).
fn is_last_minute_of_a_month_in_utc(
    day: u16,
    month_length: u16,
    hour: u16,
    minute: u16,
    offset: i32,
) -> bool {
    let utc_minute = i32::from(hour * 60 + minute) - offset;
    match utc_minute {
        // 23:59 the same day in UTC. (23:59 the next day is out of reach: offsets stay
        // under 24 hours.)
        1439 => day == month_length,
        // 23:59 the day before in UTC: the last of the month before when this is the 1st (the
        // day before 0000-01-01 is -0001-12-31, which `time` takes).
        -1 => day == 1,
        _ => false,
    }
}

/// Days in `month` (1 to 12) of `year` in the proleptic Gregorian calendar.
fn days_in_month(year: u16, month: u16) -> u16 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests;
