//! How two places of one field are compared: as written, except that a timestamp is the
//! instant it names.

use serde_json::Value;

use crate::model::annotations::Role;
use crate::model::validated::{MimeType, Priority, Timestamp};

/// Equality of what two places of one field hold. A timestamp is compared as the instant it
/// names, not as text: `2025-01-12T15:00:58Z` and `2025-01-12T15:00:58+00:00` are one
/// `lastModified` written twice, `…T16:00:58+01:00` and `20250112T150058Z` too; a date only as written.
pub trait SameValue {
    /// Whether `self` and `other` are one value.
    fn same_value(&self, other: &Self) -> bool;
}

macro_rules! same_value_by_eq {
    ($($ty:ty),* $(,)?) => {$(
        impl SameValue for $ty {
            #[inline]
            fn same_value(&self, other: &Self) -> bool {
                self == other
            }
        }
    )*};
}

same_value_by_eq!(Value, String, u64, MimeType, Vec<Role>, Priority);

impl SameValue for Timestamp {
    fn same_value(&self, other: &Self) -> bool {
        match (self.instant(), other.instant()) {
            (Some(a), Some(b)) => a == b,
            // A date names no instant: compared as written.
            _ => self == other,
        }
    }
}

impl<X: SameValue> SameValue for Option<X> {
    fn same_value(&self, other: &Self) -> bool {
        match (self, other) {
            (Some(a), Some(b)) => a.same_value(b),
            (None, None) => true,
            _ => false,
        }
    }
}
