//! How deep a value's JSON nests, found before the value becomes a `serde_json::Value`.
//!
//! `serde_json`'s serializers (`to_value`, `to_vec`) recurse once per level with no limit
//! of their own, so an rmcp value holding a `Value` nested 100,000 levels deep (built in
//! this process: rmcp's own reader stops at 128) overflows the stack on the way: the process
//! aborts, nothing can catch it. This probe walks the value as a serializer that writes
//! nothing and stops at the first array or object past the limit. Its own recursion is
//! bounded by that limit, so it never overflows whatever the value's depth.

use std::fmt;

use serde::Serialize;
use serde::ser::{self, Serializer};

/// The path of the first array or object in the JSON of `value` that is nested deeper than
/// `max_depth` (the root container is depth 1), written as the reader writes paths
/// (`structuredContent.a[0]`, `.` for the root); `None` when there is none.
pub(crate) fn too_deep<T: Serialize + ?Sized>(value: &T, max_depth: usize) -> Option<String> {
    let mut state = State {
        depth: 0,
        max_depth,
        trail: Vec::new(),
        too_deep: None,
    };
    // Any other error (a map with a non-string key…) is `serde_json`'s to report.
    let _ = value.serialize(Probe { state: &mut state });
    state.too_deep
}

/// One step from a container to a value in it.
enum Step {
    Key(String),
    Index(usize),
}

struct State {
    /// Arrays and objects open around the value being visited.
    depth: usize,
    max_depth: usize,
    trail: Vec<Step>,
    too_deep: Option<String>,
}

impl State {
    fn path(&self) -> String {
        let mut path = String::new();
        for step in &self.trail {
            match step {
                Step::Index(index) => {
                    path.push('[');
                    path.push_str(&index.to_string());
                    path.push(']');
                }
                Step::Key(key) => {
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
        path
    }

    /// Opens `levels` containers (an externally tagged variant with fields is an object
    /// around an array or object: two), with `step` the variant's name when there is one.
    fn open(&mut self, levels: usize, step: Option<&'static str>) -> Result<usize, Stop> {
        if let Some(name) = step {
            self.trail.push(Step::Key(name.to_owned()));
        }
        if self.depth + levels > self.max_depth {
            self.too_deep = Some(self.path());
            return Err(Stop);
        }
        self.depth += levels;
        Ok(levels)
    }
}

/// Why the walk stopped: a value too deep (the path is in the state) or another error of
/// the value's own `Serialize`.
#[derive(Debug)]
struct Stop;

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("stopped")
    }
}

impl std::error::Error for Stop {}

impl ser::Error for Stop {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Stop
    }
}

struct Probe<'a> {
    state: &'a mut State,
}

/// An open array or object: its elements or members are probed one by one.
struct Open<'a> {
    state: &'a mut State,
    levels: usize,
    named: bool,
    index: usize,
    key: Option<String>,
}

impl<'a> Open<'a> {
    fn new(state: &'a mut State, levels: usize, step: Option<&'static str>) -> Result<Self, Stop> {
        let levels = state.open(levels, step)?;
        Ok(Self {
            state,
            levels,
            named: step.is_some(),
            index: 0,
            key: None,
        })
    }

    fn visit<T: Serialize + ?Sized>(&mut self, step: Step, value: &T) -> Result<(), Stop> {
        self.state.trail.push(step);
        value.serialize(Probe {
            state: &mut *self.state,
        })?;
        self.state.trail.pop();
        Ok(())
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Stop> {
        let index = self.index;
        self.index += 1;
        self.visit(Step::Index(index), value)
    }

    fn close(self) {
        self.state.depth -= self.levels;
        if self.named {
            self.state.trail.pop();
        }
    }
}

macro_rules! scalars {
    ($($method:ident($ty:ty)),* $(,)?) => {$(
        fn $method(self, _: $ty) -> Result<(), Stop> {
            Ok(())
        }
    )*};
}

impl<'a> Serializer for Probe<'a> {
    type Ok = ();
    type Error = Stop;
    type SerializeSeq = Open<'a>;
    type SerializeTuple = Open<'a>;
    type SerializeTupleStruct = Open<'a>;
    type SerializeTupleVariant = Open<'a>;
    type SerializeMap = Open<'a>;
    type SerializeStruct = Open<'a>;
    type SerializeStructVariant = Open<'a>;

    scalars!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_i128(i128),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_u128(u128),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_str(&str),
        serialize_unit_struct(&'static str),
    );

    fn serialize_bytes(self, _: &[u8]) -> Result<(), Stop> {
        // `serde_json` writes bytes as an array of numbers.
        Open::new(self.state, 1, None)?.close();
        Ok(())
    }

    fn serialize_none(self) -> Result<(), Stop> {
        Ok(())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Stop> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Stop> {
        Ok(())
    }

    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<(), Stop> {
        Ok(())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Stop> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Stop> {
        // `{"variant": value}`.
        let mut open = Open::new(self.state, 1, None)?;
        open.visit(Step::Key(variant.to_owned()), value)?;
        open.close();
        Ok(())
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Open<'a>, Stop> {
        Open::new(self.state, 1, None)
    }

    fn serialize_tuple(self, _: usize) -> Result<Open<'a>, Stop> {
        Open::new(self.state, 1, None)
    }

    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Open<'a>, Stop> {
        Open::new(self.state, 1, None)
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Open<'a>, Stop> {
        Open::new(self.state, 2, Some(variant))
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Open<'a>, Stop> {
        Open::new(self.state, 1, None)
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Open<'a>, Stop> {
        Open::new(self.state, 1, None)
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Open<'a>, Stop> {
        Open::new(self.state, 2, Some(variant))
    }
}

impl ser::SerializeSeq for Open<'_> {
    type Ok = ();
    type Error = Stop;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Stop> {
        self.element(value)
    }
    fn end(self) -> Result<(), Stop> {
        self.close();
        Ok(())
    }
}

impl ser::SerializeTuple for Open<'_> {
    type Ok = ();
    type Error = Stop;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Stop> {
        self.element(value)
    }
    fn end(self) -> Result<(), Stop> {
        self.close();
        Ok(())
    }
}

impl ser::SerializeTupleStruct for Open<'_> {
    type Ok = ();
    type Error = Stop;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Stop> {
        self.element(value)
    }
    fn end(self) -> Result<(), Stop> {
        self.close();
        Ok(())
    }
}

impl ser::SerializeTupleVariant for Open<'_> {
    type Ok = ();
    type Error = Stop;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Stop> {
        self.element(value)
    }
    fn end(self) -> Result<(), Stop> {
        self.close();
        Ok(())
    }
}

impl ser::SerializeMap for Open<'_> {
    type Ok = ();
    type Error = Stop;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Stop> {
        // A key is a string or a number written as one (`serde_json` refuses any other).
        self.key = serde_json::to_value(key).ok().map(|key| match key {
            serde_json::Value::String(key) => key,
            other => other.to_string(),
        });
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Stop> {
        let key = self.key.take().unwrap_or_default();
        self.visit(Step::Key(key), value)
    }
    fn end(self) -> Result<(), Stop> {
        self.close();
        Ok(())
    }
}

impl ser::SerializeStruct for Open<'_> {
    type Ok = ();
    type Error = Stop;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Stop> {
        self.visit(Step::Key(name.to_owned()), value)
    }
    fn end(self) -> Result<(), Stop> {
        self.close();
        Ok(())
    }
}

impl ser::SerializeStructVariant for Open<'_> {
    type Ok = ();
    type Error = Stop;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Stop> {
        self.visit(Step::Key(name.to_owned()), value)
    }
    fn end(self) -> Result<(), Stop> {
        self.close();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::too_deep;
    use serde_json::{Value, json};

    /// `levels` arrays, one in another, around `inner`, built without recursion.
    fn nested(levels: usize, inner: Value) -> Value {
        (0..levels).fold(inner, |value, _| Value::Array(vec![value]))
    }

    #[test]
    fn finds_the_first_container_past_the_limit_with_its_path() {
        let value = json!({"a": 1, "b": [{"c": nested(3, Value::Null)}]});
        // {} [ {} [ [ [ : six levels.
        assert_eq!(too_deep(&value, 6), None);
        assert_eq!(too_deep(&value, 5).as_deref(), Some("b[0].c[0][0]"));
        assert_eq!(too_deep(&value, 1).as_deref(), Some("b"));
        assert_eq!(too_deep(&value, 0).as_deref(), Some("."));
        assert_eq!(too_deep(&json!(1), 0), None);
    }

    #[test]
    fn counts_levels_as_the_json_has_them() {
        #[derive(serde::Serialize)]
        enum Shape {
            Unit,
            Newtype(Vec<u8>),
            Tuple(u8, Vec<u8>),
            Struct { a: Vec<u8> },
        }
        for (shape, depth) in [
            (Shape::Unit, 0),
            (Shape::Newtype(vec![1]), 2),
            (Shape::Tuple(1, vec![1]), 3),
            (Shape::Struct { a: vec![1] }, 3),
        ] {
            let json = serde_json::to_value(&shape).unwrap();
            let reader = crate::wire::limits::check_value_depth(&json, depth, usize::MAX).is_ok();
            assert!(reader, "{json}");
            assert_eq!(too_deep(&shape, depth), None, "{json}");
            if depth > 0 {
                assert!(too_deep(&shape, depth - 1).is_some(), "{json}");
            }
        }
    }
}
