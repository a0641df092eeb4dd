//! The checks of `scan` on a `serde_json::Value` instead of bytes: depth,
//! value count and the compact-JSON length a read of it is charged against
//! ([`check_value_depth`]), and dropping a value of any depth without recursion.
//!
//! Apart from the byte scan because a `Value` is walked, not tokenized: no text, no
//! offsets, paths built from the trail of steps.

use serde_json::Value;

/// A step from a container to one of its values.
enum Segment<'a> {
    Index(usize),
    Key(&'a str),
}

/// What [`check_value_depth`] found, with the path of the value.
pub enum ValueProblem {
    TooDeep(String),
    TooMany(String),
}

/// Whether no array or object in `value` sits deeper than `max_depth` (the root container
/// at depth 1), as [`check_value_depth`] counts it: the check alone, without the walk's
/// allocations, for the usual request whose arguments pass. The recursion stops at
/// `max_depth` levels (a `Value` nested 100,000 deep is refused after `max_depth` calls),
/// so it cannot overflow the stack; the path of a refusal comes from [`check_value_depth`].
pub fn within_depth(value: &Value, max_depth: usize) -> bool {
    match value {
        Value::Array(items) => {
            max_depth > 0 && items.iter().all(|item| within_depth(item, max_depth - 1))
        }
        Value::Object(map) => {
            max_depth > 0 && map.values().all(|item| within_depth(item, max_depth - 1))
        }
        _ => true,
    }
}

/// The first value nested deeper than `max_depth`, or the first past `max_values`, found
/// without recursion; else the length of `value` as compact JSON, escapes not counted (a
/// lower bound of the length of any JSON text that reads as it): what a read of the `Value`
/// is charged model memory against, as a read of bytes is against their length.
pub fn check_value_depth(
    value: &Value,
    max_depth: usize,
    max_values: usize,
) -> Result<usize, ValueProblem> {
    // Depth-first, in document order: (value, number of containers around it, the step
    // from its parent). `trail` holds the steps from the root to the value being visited.
    let mut stack: Vec<(&Value, usize, Option<Segment<'_>>)> = vec![(value, 0, None)];
    let mut trail: Vec<Segment<'_>> = Vec::new();
    let mut count = 0usize;
    let mut json_len = 0usize;
    while let Some((value, level, segment)) = stack.pop() {
        trail.truncate(level.saturating_sub(1));
        trail.extend(segment);
        count += 1;
        json_len = json_len.saturating_add(own_json_len(value));
        let too_many = count > max_values;
        let too_deep = matches!(value, Value::Array(_) | Value::Object(_)) && level + 1 > max_depth;
        if too_many || too_deep {
            let mut path = String::new();
            for segment in &trail {
                match segment {
                    Segment::Index(index) => {
                        path.push('[');
                        path.push_str(&index.to_string());
                        path.push(']');
                    }
                    Segment::Key(key) => {
                        if !path.is_empty() {
                            path.push('.');
                        }
                        path.push_str(&crate::wire::error::cut(key));
                    }
                }
            }
            if path.is_empty() {
                ".".clone_into(&mut path);
            }
            return Err(if too_deep {
                ValueProblem::TooDeep(path)
            } else {
                ValueProblem::TooMany(path)
            });
        }
        // Children go on the stack last-first, so the first child is visited first.
        match value {
            Value::Array(items) => {
                for (index, item) in items.iter().enumerate().rev() {
                    stack.push((item, level + 1, Some(Segment::Index(index))));
                }
            }
            Value::Object(map) => {
                let members: Vec<_> = map.iter().collect();
                for (key, item) in members.into_iter().rev() {
                    stack.push((item, level + 1, Some(Segment::Key(key))));
                }
            }
            _ => {}
        }
    }
    Ok(json_len)
}

/// The length a value adds to its compact JSON text apart from its elements or members'
/// values: a scalar's spelling (a string's escapes not counted), the brackets and commas of
/// an array, and the braces, commas, quoted names and colons of an object.
fn own_json_len(value: &Value) -> usize {
    /// Counts what is written to it.
    struct Count(usize);
    impl std::fmt::Write for Count {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0 += s.len();
            Ok(())
        }
    }
    match value {
        Value::Null | Value::Bool(true) => 4,
        Value::Bool(false) => 5,
        Value::Number(number) => {
            let mut count = Count(0);
            let _ = std::fmt::Write::write_fmt(&mut count, format_args!("{number}"));
            count.0
        }
        Value::String(text) => text.len() + 2,
        Value::Array(items) => 2 + items.len().saturating_sub(1),
        Value::Object(map) => {
            let names: usize = map.keys().map(|key| key.len() + 3).sum();
            2 + map.len().saturating_sub(1) + names
        }
    }
}

/// Drops a value of any depth without recursion (`serde_json`'s `Value` drops recursively,
/// which overflows the stack on a very deep value).
pub fn drop_iteratively(value: Value) {
    let mut stack = vec![value];
    while let Some(value) = stack.pop() {
        match value {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::{check_value_depth, drop_iteratively, within_depth};

    /// `depth` containers one in another, arrays and objects taking turns, a string inside.
    fn nested(depth: usize) -> Value {
        (0..depth).fold(json!("leaf"), |inner, level| {
            if level % 2 == 0 {
                Value::Array(vec![json!(1), inner])
            } else {
                let mut map = serde_json::Map::new();
                map.insert("a".to_owned(), Value::Bool(true));
                map.insert("b".to_owned(), inner);
                Value::Object(map)
            }
        })
    }

    #[test]
    fn the_depth_check_alone_agrees_with_the_walk_at_every_border() {
        for max_depth in [0, 1, 2, 5, 126, 127] {
            for depth in [0, 1, 2, 5, 126, 127, 128, 129] {
                let value = nested(depth);
                let walk = check_value_depth(&value, max_depth, usize::MAX).is_ok();
                assert_eq!(
                    within_depth(&value, max_depth),
                    walk,
                    "{depth} in {max_depth}"
                );
                assert_eq!(walk, depth <= max_depth, "{depth} in {max_depth}");
            }
        }
        // Far past the border, refused after `max_depth` levels (a 2 MiB test thread's
        // stack would not hold a recursion through all of it).
        let deep = (0..200_000).fold(Value::Null, |inner, _| Value::Array(vec![inner]));
        assert!(!within_depth(&deep, 127));
        drop_iteratively(deep);
    }
}
