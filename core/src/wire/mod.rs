//! JSON in and out, below the model: reading untrusted documents with limits and errors that
//! name the path and the rule, and [`SerializeFor`](version::SerializeFor), writing a value
//! for the protocol version a peer negotiated. It knows no model type (`model` imports it,
//! never the reverse); how each model type writes its members is `model::write`.

/// The `Deserializer` methods of a wrapper that give `self.de` the visitor wrapped: each
/// calls the wrapper's own `split(visitor)` (its deserializer, and the visitor wrapped).
/// Every method but `deserialize_newtype_struct` and `deserialize_ignored_any`, which the
/// value wrappers ([`guard`], [`spelling`]) treat apart (raw values); `(and_raw)` adds those
/// two, wrapped as well. One list for every wrapper, so none misses a method.
macro_rules! forward_wrapped {
    () => {
        forward_wrapped! {
            @methods
            deserialize_any deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32
            deserialize_i64 deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32
            deserialize_u64 deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char
            deserialize_str deserialize_string deserialize_bytes deserialize_byte_buf
            deserialize_option deserialize_unit deserialize_seq deserialize_map
            deserialize_identifier;
            named: deserialize_unit_struct
        }

        fn deserialize_tuple<V: Visitor<'de>>(
            self,
            len: usize,
            visitor: V,
        ) -> Result<V::Value, Self::Error> {
            let (de, visitor) = self.split(visitor);
            de.deserialize_tuple(len, visitor)
        }

        fn deserialize_tuple_struct<V: Visitor<'de>>(
            self,
            name: &'static str,
            len: usize,
            visitor: V,
        ) -> Result<V::Value, Self::Error> {
            let (de, visitor) = self.split(visitor);
            de.deserialize_tuple_struct(name, len, visitor)
        }

        fn deserialize_struct<V: Visitor<'de>>(
            self,
            name: &'static str,
            fields: &'static [&'static str],
            visitor: V,
        ) -> Result<V::Value, Self::Error> {
            let (de, visitor) = self.split(visitor);
            de.deserialize_struct(name, fields, visitor)
        }

        fn deserialize_enum<V: Visitor<'de>>(
            self,
            name: &'static str,
            variants: &'static [&'static str],
            visitor: V,
        ) -> Result<V::Value, Self::Error> {
            let (de, visitor) = self.split(visitor);
            de.deserialize_enum(name, variants, visitor)
        }

        fn is_human_readable(&self) -> bool {
            self.de.is_human_readable()
        }
    };
    (and_raw) => {
        forward_wrapped!();
        forward_wrapped! {
            @methods deserialize_ignored_any;
            named: deserialize_newtype_struct
        }
    };
    (@methods $($method:ident)*; named: $($named:ident)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
                let (de, visitor) = self.split(visitor);
                de.$method(visitor)
            }
        )*
        $(
            fn $named<V: Visitor<'de>>(
                self,
                name: &'static str,
                visitor: V,
            ) -> Result<V::Value, Self::Error> {
                let (de, visitor) = self.split(visitor);
                de.$named(name, visitor)
            }
        )*
    };
}

/// The `Visitor` methods of a visitor wrapper that hand a value to the wrapped visitor as
/// is: every scalar and string (`()`), and strings read as bytes too (`(and_bytes)`).
macro_rules! forward_visit {
    () => {
        forward_visit! {
            @methods
            visit_bool: bool visit_i8: i8 visit_i16: i16 visit_i32: i32 visit_i64: i64
            visit_i128: i128 visit_u8: u8 visit_u16: u16 visit_u32: u32 visit_u64: u64
            visit_u128: u128 visit_f32: f32 visit_f64: f64 visit_char: char
            visit_str: &str visit_borrowed_str: &'de str visit_string: String
        }
    };
    (and_bytes) => {
        forward_visit!();
        forward_visit! {
            @methods
            visit_bytes: &[u8] visit_borrowed_bytes: &'de [u8] visit_byte_buf: Vec<u8>
        }
    };
    (@methods $($method:ident: $ty:ty)*) => {$(
        fn $method<E: de::Error>(self, v: $ty) -> Result<V::Value, E> {
            self.visitor.$method(v)
        }
    )*};
}

#[doc(hidden)]
pub mod error;
pub(crate) mod exact;
pub(crate) mod exact_read;
pub(crate) mod guard;
#[doc(hidden)]
pub mod limits;
#[doc(hidden)]
pub mod read;
pub(crate) mod spelling;
pub(crate) mod value_text;
#[doc(hidden)]
pub mod version;

// The public names of the wire (`mcp_content::wire::…`); `read_json`, `ReadError` and
// `SerializeFor` are at the crate root.
pub use self::limits::ReadLimits;
pub use self::read::{read_json_with, read_value, read_value_with};
pub use self::version::ForVersion;
