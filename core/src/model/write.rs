//! How model values are written: each type's declaration gives its fields
//! ([`WriteFields`], see [`model_object!`](crate::model::declare)), and a [`FieldSink`] takes them either into a serde map (any
//! serializer) or straight into JSON bytes.
//!
//! Why two sinks: `serde_json` checks every byte of every string for characters to escape,
//! which for a 1 MiB image is 1.4 MB of base64 scanned one byte at a time — most of the cost
//! of writing a result. Base64 never needs escaping, so [`JsonSink`] encodes binary payloads
//! with the SIMD engine straight into the output buffer; every other value still goes through
//! `serde_json`. No crate offers a JSON writer that skips escaping for one known-safe value,
//! hence this module.

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use serde_json::value::RawValue;

use crate::model::binary::Base64Data;
use crate::model::extra::put_extra;
use crate::model::json::JsonObject;
use crate::rules::ProtocolVersion;
use crate::wire::value_text::write_string;

/// A type whose JSON object is written field by field, the same way to every sink.
pub(crate) trait WriteFields {
    /// Writes the fields (not the braces) into `sink`.
    fn write_fields<K: FieldSink>(
        &self,
        version: ProtocolVersion,
        sink: &mut K,
    ) -> Result<(), K::Error>;
}

/// A value written as an object kept as text ([`FieldSink::json_object`]).
pub(crate) trait AsJsonObject {
    fn as_json_object(&self) -> &JsonObject;
}

impl AsJsonObject for JsonObject {
    fn as_json_object(&self) -> &JsonObject {
        self
    }
}

/// Where fields go.
pub(crate) trait FieldSink {
    type Error;
    /// A field whose value serde writes.
    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Self::Error>;
    /// A field whose value is a string (a text block's text, a text resource's): as
    /// [`field`](Self::field), which is what a serde sink does with it.
    fn text(&mut self, key: &str, value: &str) -> Result<(), Self::Error> {
        self.field(key, value)
    }
    /// A field whose value is JSON kept as text (relayed as it is).
    fn raw(&mut self, key: &str, value: &RawValue) -> Result<(), Self::Error>;
    /// A field whose value is an object kept as text (`_meta`).
    fn json_object(&mut self, key: &str, object: &JsonObject) -> Result<(), Self::Error>;
    /// The members of an object kept as text (unknown fields), in their order, except those
    /// whose key is in `known` (the owner's own fields, written by the owner: see
    /// [`crate::model::extra`]).
    fn members(&mut self, object: &JsonObject, known: &[&str]) -> Result<(), Self::Error>;
    /// A field whose value is base64 text.
    fn base64(&mut self, key: &str, data: &Base64Data) -> Result<(), Self::Error>;
    /// A field whose value is an object written by its own field list.
    fn object<T: WriteFields>(
        &mut self,
        key: &str,
        value: &T,
        version: ProtocolVersion,
    ) -> Result<(), Self::Error>;
    /// A field whose value is an array of such objects.
    fn objects<T: WriteFields>(
        &mut self,
        key: &str,
        values: &[T],
        version: ProtocolVersion,
    ) -> Result<(), Self::Error>;
}

/// Writes `value` as a JSON object through any serde serializer.
pub(crate) fn serialize_object<T: WriteFields, S: Serializer>(
    value: &T,
    version: ProtocolVersion,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut sink = SerdeSink(serializer.serialize_map(None)?);
    value.write_fields(version, &mut sink)?;
    sink.0.end()
}

/// A `Serialize` view of a [`WriteFields`] value for one version.
pub(crate) struct Object<'a, T>(pub(crate) &'a T, pub(crate) ProtocolVersion);

impl<T: WriteFields> Serialize for Object<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_object(self.0, self.1, serializer)
    }
}

struct Objects<'a, T>(&'a [T], ProtocolVersion);

impl<T: WriteFields> Serialize for Objects<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|value| Object(value, self.1)))
    }
}

/// Fields into a serde map.
struct SerdeSink<M>(M);

impl<M: SerializeMap> FieldSink for SerdeSink<M> {
    type Error = M::Error;

    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), M::Error> {
        self.0.serialize_entry(key, value)
    }

    fn raw(&mut self, key: &str, value: &RawValue) -> Result<(), M::Error> {
        self.0.serialize_entry(key, value)
    }

    fn json_object(&mut self, key: &str, object: &JsonObject) -> Result<(), M::Error> {
        self.0.serialize_entry(key, object)
    }

    fn members(&mut self, object: &JsonObject, known: &[&str]) -> Result<(), M::Error> {
        put_extra(&mut self.0, object, known)
    }

    fn base64(&mut self, key: &str, data: &Base64Data) -> Result<(), M::Error> {
        self.0.serialize_entry(key, data)
    }

    fn object<T: WriteFields>(
        &mut self,
        key: &str,
        value: &T,
        version: ProtocolVersion,
    ) -> Result<(), M::Error> {
        self.0.serialize_entry(key, &Object(value, version))
    }

    fn objects<T: WriteFields>(
        &mut self,
        key: &str,
        values: &[T],
        version: ProtocolVersion,
    ) -> Result<(), M::Error> {
        self.0.serialize_entry(key, &Objects(values, version))
    }
}

/// Fields straight into JSON bytes.
pub(crate) struct JsonSink<'a> {
    out: &'a mut Vec<u8>,
    first: bool,
}

impl JsonSink<'_> {
    /// Writes `value` as a JSON object at the end of `out`.
    pub(crate) fn write<T: WriteFields>(
        value: &T,
        version: ProtocolVersion,
        out: &mut Vec<u8>,
    ) -> Result<(), serde_json::Error> {
        out.push(b'{');
        let mut sink = JsonSink { out, first: true };
        value.write_fields(version, &mut sink)?;
        sink.out.push(b'}');
        Ok(())
    }

    fn key(&mut self, key: &str) {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        write_string(self.out, key);
        self.out.push(b':');
    }
}

impl FieldSink for JsonSink<'_> {
    type Error = serde_json::Error;

    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Self::Error> {
        self.key(key);
        serde_json::to_writer(&mut *self.out, value)
    }

    fn text(&mut self, key: &str, value: &str) -> Result<(), Self::Error> {
        self.key(key);
        write_string(self.out, value);
        Ok(())
    }

    fn raw(&mut self, key: &str, value: &RawValue) -> Result<(), Self::Error> {
        self.key(key);
        // Text read or built as JSON: copied as it is (numbers, key order, escapes).
        self.out.extend_from_slice(value.get().as_bytes());
        Ok(())
    }

    fn json_object(&mut self, key: &str, object: &JsonObject) -> Result<(), Self::Error> {
        self.key(key);
        self.out.extend_from_slice(object.as_str().as_bytes());
        Ok(())
    }

    fn members(&mut self, object: &JsonObject, known: &[&str]) -> Result<(), Self::Error> {
        if object.is_empty() {
            return Ok(());
        }
        let members = object.members();
        if members.iter().any(|m| known.contains(&m.name.as_ref())) {
            // Rare (validate() reports it): write the others one by one, names as held.
            for m in members {
                if !known.contains(&m.name.as_ref()) {
                    if !self.first {
                        self.out.push(b',');
                    }
                    self.first = false;
                    self.out.extend_from_slice(m.key.as_bytes());
                    self.out.push(b':');
                    self.out.extend_from_slice(m.value.get().as_bytes());
                }
            }
            return Ok(());
        }
        // The usual case: the members' text, copied as it is.
        let members = object.members_text();
        if !members.is_empty() {
            if !self.first {
                self.out.push(b',');
            }
            self.first = false;
            self.out.extend_from_slice(members.as_bytes());
        }
        Ok(())
    }

    fn base64(&mut self, key: &str, data: &Base64Data) -> Result<(), Self::Error> {
        self.key(key);
        self.out.push(b'"');
        match (data.as_bytes(), data.as_base64()) {
            (Some(bytes), _) => {
                // Encode into the output buffer itself: no base64 `String`, no second copy.
                let start = self.out.len();
                let len = base64_simd::STANDARD.encoded_length(bytes.len());
                self.out.resize(start + len, 0);
                let _ = base64_simd::STANDARD
                    .encode(bytes, base64_simd::Out::from_slice(&mut self.out[start..]));
            }
            // Validated base64 as received: nothing to escape.
            (None, Some(text)) => self.out.extend_from_slice(text.as_bytes()),
            (None, None) => {}
        }
        self.out.push(b'"');
        Ok(())
    }

    fn object<T: WriteFields>(
        &mut self,
        key: &str,
        value: &T,
        version: ProtocolVersion,
    ) -> Result<(), Self::Error> {
        self.key(key);
        JsonSink::write(value, version, self.out)
    }

    fn objects<T: WriteFields>(
        &mut self,
        key: &str,
        values: &[T],
        version: ProtocolVersion,
    ) -> Result<(), Self::Error> {
        self.key(key);
        self.out.push(b'[');
        for (i, value) in values.iter().enumerate() {
            if i > 0 {
                self.out.push(b',');
            }
            JsonSink::write(value, version, self.out)?;
        }
        self.out.push(b']');
        Ok(())
    }
}

/// Appends the JSON of `value` to `out` through [`JsonSink`].
pub(crate) fn write_json<T: WriteFields>(value: &T, version: ProtocolVersion, out: &mut Vec<u8>) {
    // Writing model values cannot fail: every map key is a string and every number is
    // finite (priorities are validated, `Value` holds no NaN).
    JsonSink::write(value, version, out).expect("model values always serialize to JSON");
}

/// Implements `SerializeFor` through the type's `WriteFields`: serde for any serializer,
/// [`JsonSink`] for JSON bytes.
macro_rules! serialize_for_via_fields {
    ($($ty:ty),* $(,)?) => {$(
        impl $crate::wire::version::SerializeFor for $ty {
            fn serialize_for<S: serde::Serializer>(
                &self,
                version: $crate::rules::ProtocolVersion,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                $crate::model::write::serialize_object(self, version, serializer)
            }

            fn write_json_for(&self, version: $crate::rules::ProtocolVersion, out: &mut Vec<u8>) {
                $crate::model::write::write_json(self, version, out);
            }
        }
    )*};
}
pub(crate) use serialize_for_via_fields;
