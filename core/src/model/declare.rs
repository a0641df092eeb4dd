//! One declaration per model type: [`model_object!`] takes a struct whose fields each name
//! their JSON member once, and yields the struct, its reader ([`ReadFields`] and, for a
//! plain object, `Deserialize`), its writer for every protocol version
//! ([`WriteFields`](crate::model::write::WriteFields)) and its table of known members
//! ([`ExtraFields`](crate::model::extra::ExtraFields)).
//!
//! A field is declared as
//! `pub name: Type = "member" (read-kind ReadType => conversion) write-kind`, then
//! optionally `since predicate` (a [`ProtocolVersion`](crate::rules::ProtocolVersion)
//! method: the member is written only for the versions it holds for).
//!
//! Read kinds: `required` (absent is an error), `optional` (`Option<T>`), `defaulted`
//! (absent is `Default`), `present` (required, and `null` refused by the one `null` rule
//! rather than by the type), `nullable` (`Option<T>` where `null` is a value). Every
//! optional member follows the one `null` rule ([`Present`](crate::model::json::Present)).
//!
//! Write kinds: `value` (serde), `base64`, `json` (an object kept as text), `object` and
//! `objects` (model values written by their own declaration), `nonempty_object` (an
//! optional object left out when empty), and `with(f)` for an irregular member:
//! `f(sink, "member", value, version)` decides everything (`value` is `&T` for a required
//! field, `Option<&T>` for an optional one). A `required` member is always
//! written, an `optional` one when set, a `defaulted` one when not empty.
//!
//! The header names the schema type (`as "Prompt"`), and optionally what the reader
//! expects (`read "a prompt object"`, with `@count` to count the object as a block against
//! [`ReadLimits::max_blocks`](crate::wire::limits::ReadLimits::max_blocks)), a fixed tag
//! member written first (`tag "type" = "text"`), members known without a field
//! (`also_known ["blob"]`), and `check = f`, run as `f(&value)` on the value read (an `Err(E)` refuses it)
//! (rules that span fields or look into `extra`). Every type keeps unknown members as text
//! in `extra`, in order.

use serde::de::{self, MapAccess};

use crate::model::json::JsonObject;

/// A model type whose members are read one at a time into slots, as its declaration lists
/// them: by its own `Deserialize`, or by a reader that sees members before it knows the
/// type (content blocks, resource contents).
pub(crate) trait ReadFields: Sized {
    /// One `Option` per field, as read.
    type Slots: Default;

    /// Reads the value of member `key` into its slot; `false` (the value left unread)
    /// when the type has no such member.
    fn read_member<'de, A: MapAccess<'de>>(
        slots: &mut Self::Slots,
        key: &str,
        access: &mut A,
    ) -> Result<bool, A::Error>;

    /// The value from its slots and its unknown members: a required member missing is an
    /// error, and the declaration's `check` runs.
    fn finish<E: de::Error>(slots: Self::Slots, extra: JsonObject) -> Result<Self, E>;
}

/// Declares a model type once (see the module's documentation).
macro_rules! model_object {
    (
        $(#[$attr:meta])*
        $vis:vis struct $ty:ident as $type_name:literal
        $(, read $expecting:literal $(@$count:ident)?)?
        $(, tag $tag:literal = $tag_value:literal)?
        $(, also_known [$($also:literal),*])?
        $(, check = $check:path)?
        {
            $(
                $(#[$fattr:meta])*
                $fvis:vis $field:ident : $fty:ty = $key:literal
                    ($kind:ident $read:ty $(=> $conv:expr)?)
                    $how:ident $(($with:path))? $(since $since:ident)?
            ),* $(,)?
        }
    ) => {
        $(#[$attr])*
        $vis struct $ty {
            $( $(#[$fattr])* $fvis $field: $fty, )*
            /// Fields this version does not know, kept for lossless relaying.
            ///
            /// A key naming one of this type's own fields
            /// ([`KNOWN_FIELDS`](crate::model::ExtraFields::KNOWN_FIELDS)) is never written (the
            /// field itself is) and is reported by `validate()`; add keys with
            /// [`insert_extra`](crate::model::ExtraFields::insert_extra), which refuses them.
            pub extra: $crate::model::json::JsonObject,
        }

        impl $crate::model::extra::ExtraFields for $ty {
            const TYPE_NAME: &'static str = $type_name;
            const KNOWN_FIELDS: &'static [&'static str] =
                &[$($tag,)? $($key,)* $($($also,)*)?];
            fn extra_fields(&self) -> &$crate::model::json::JsonObject {
                &self.extra
            }
            fn extra_fields_mut(&mut self) -> &mut $crate::model::json::JsonObject {
                &mut self.extra
            }
        }

        // By hand, not derived with `#[serde(flatten)]`: an `extra` key naming a field is
        // skipped, and the JSON writer copies the unknown members' text (names as received).
        impl $crate::model::write::WriteFields for $ty {
            fn write_fields<K: $crate::model::write::FieldSink>(
                &self,
                version: $crate::rules::ProtocolVersion,
                sink: &mut K,
            ) -> Result<(), K::Error> {
                let _ = version;
                $( sink.field($tag, $tag_value)?; )?
                $(
                    $crate::model::declare::model_object!(
                        @put (version, sink) [$($since)?] $kind $how $(($with))?, self.$field, $key
                    );
                )*
                sink.members(
                    &self.extra,
                    <Self as $crate::model::extra::ExtraFields>::KNOWN_FIELDS,
                )
            }
        }

        const _: () = {
            #[derive(Default)]
            pub(crate) struct Slots {
                $( $field: Option<$read>, )*
            }

            impl $crate::model::declare::ReadFields for $ty {
                type Slots = Slots;

                fn read_member<'de, A: serde::de::MapAccess<'de>>(
                    slots: &mut Slots,
                    key: &str,
                    access: &mut A,
                ) -> Result<bool, A::Error> {
                    match key {
                        $( $key => $crate::model::declare::model_object!(
                            @take $kind, access, slots.$field, $key
                        ), )*
                        _ => return Ok(false),
                    }
                    Ok(true)
                }

                fn finish<E: serde::de::Error>(
                    slots: Slots,
                    extra: $crate::model::json::JsonObject,
                ) -> Result<Self, E> {
                    let value = $ty {
                        $( $field: $crate::model::declare::model_object!(
                            @finish $kind, slots.$field, $key $(, $conv)?
                        ), )*
                        extra,
                    };
                    $( let checked: Result<(), E> = $check(&value); checked?; )?
                    Ok(value)
                }
            }
        };

        $(
            $crate::model::declare::model_object!(@deserialize $ty, $expecting $(, @$count)?);
        )?
    };

    (@deserialize $ty:ident, $expecting:literal $(, @$count:ident)?) => {
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct ObjectVisitor;
                impl<'de> serde::de::Visitor<'de> for ObjectVisitor {
                    type Value = $ty;
                    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(
                        self,
                        mut access: A,
                    ) -> Result<$ty, A::Error> {
                        use $crate::model::declare::ReadFields;
                        let _model = $crate::model::json::enter_model::<$ty, A::Error>()?;
                        $( $crate::model::declare::model_object!(@$count); )?
                        let mut slots = <$ty as ReadFields>::Slots::default();
                        let mut extra = $crate::model::json::ObjectBuilder::new();
                        while let Some(key) =
                            access.next_key::<$crate::model::json::MemberKey<'de>>()?
                        {
                            if !<$ty>::read_member(&mut slots, key.name.as_ref(), &mut access)? {
                                extra.push_member(&key, &mut access)?;
                            }
                        }
                        <$ty>::finish(slots, extra.finish())
                    }
                }
                deserializer.deserialize_map(ObjectVisitor)
            }
        }
    };
    (@count) => {
        $crate::wire::limits::count_block().map_err(serde::de::Error::custom)?
    };

    // Reading: which members `null` is refused for by the one rule, which are required.
    (@take required, $access:ident, $slot:expr, $key:literal) => {
        $crate::model::json::take_required($access, &mut $slot, $key)?
    };
    (@take nullable, $access:ident, $slot:expr, $key:literal) => {
        $crate::model::json::take_required($access, &mut $slot, $key)?
    };
    (@take $kind:ident, $access:ident, $slot:expr, $key:literal) => {
        $crate::model::json::take_optional($access, &mut $slot, $key)?
    };
    (@finish required, $slot:expr, $key:literal $(, $conv:expr)?) => {
        $crate::model::declare::model_object!(@finish present, $slot, $key $(, $conv)?)
    };
    (@finish present, $slot:expr, $key:literal $(, $conv:expr)?) => {
        match $slot {
            Some(value) => $( ($conv) )? (value),
            None => return Err(serde::de::Error::missing_field($key)),
        }
    };
    (@finish defaulted, $slot:expr, $key:literal $(, $conv:expr)?) => {
        $slot $( .map($conv) )? .unwrap_or_default()
    };
    (@finish $kind:ident, $slot:expr, $key:literal $(, $conv:expr)?) => {
        $slot $( .map($conv) )?
    };

    // Writing: a version predicate first, then whether the field is there, then how.
    (@put ($version:ident, $sink:ident) [$since:ident] $($rest:tt)*) => {
        if $version.$since() {
            $crate::model::declare::model_object!(@put ($version, $sink) [] $($rest)*);
        }
    };
    (@put ($version:ident, $sink:ident) [] required with ($with:path), $value:expr, $key:literal) => {
        $with($sink, $key, &$value, $version)?
    };
    (@put ($version:ident, $sink:ident) [] $kind:ident with ($with:path), $value:expr, $key:literal) => {
        $with($sink, $key, $value.as_ref(), $version)?
    };
    (@put ($version:ident, $sink:ident) [] $kind:ident nonempty_object, $value:expr, $key:literal) => {
        if let Some(value) = $value.as_ref().filter(|value| !value.is_empty()) {
            $sink.object($key, value, $version)?;
        }
    };
    (@put ($version:ident, $sink:ident) [] required $how:ident, $value:expr, $key:literal) => {
        $crate::model::declare::model_object!(@write $how, &$value, $key, $version, $sink)
    };
    (@put ($version:ident, $sink:ident) [] present $how:ident, $value:expr, $key:literal) => {
        $crate::model::declare::model_object!(@write $how, &$value, $key, $version, $sink)
    };
    (@put ($version:ident, $sink:ident) [] defaulted $how:ident, $value:expr, $key:literal) => {
        if !$value.is_empty() {
            $crate::model::declare::model_object!(@write $how, &$value, $key, $version, $sink)
        }
    };
    (@put ($version:ident, $sink:ident) [] $kind:ident $how:ident, $value:expr, $key:literal) => {
        if let Some(value) = &$value {
            $crate::model::declare::model_object!(@write $how, value, $key, $version, $sink)
        }
    };
    (@write value, $value:expr, $key:literal, $version:ident, $sink:ident) => {
        $sink.field($key, $value)?
    };
    (@write text, $value:expr, $key:literal, $version:ident, $sink:ident) => {
        $sink.text($key, $value)?
    };
    (@write base64, $value:expr, $key:literal, $version:ident, $sink:ident) => {
        $sink.base64($key, $value)?
    };
    (@write json, $value:expr, $key:literal, $version:ident, $sink:ident) => {
        $sink.json_object($key, $crate::model::write::AsJsonObject::as_json_object($value))?
    };
    (@write object, $value:expr, $key:literal, $version:ident, $sink:ident) => {
        $sink.object($key, $value, $version)?
    };
    (@write objects, $value:expr, $key:literal, $version:ident, $sink:ident) => {
        $sink.objects($key, $value, $version)?
    };
}
pub(crate) use model_object;
