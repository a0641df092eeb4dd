//! Shared `bytes::Bytes` in `Base64Data`: never copied, read and written like owned bytes.
//! Here, above both, since the conversions are the traits of `content_traits`.

use super::{FromBinary, IntoBinary};
use crate::model::binary::Base64Data;

#[test]
fn shared_bytes_are_never_copied() {
    let image = bytes::Bytes::from(vec![7u8; 4096]);
    let data = image.clone().into_base64_data();
    let cloned = data.clone();
    for held in [&data, &cloned] {
        assert_eq!(held.as_bytes().map(<[u8]>::as_ptr), Some(image.as_ptr()));
    }
    let back = bytes::Bytes::from_base64_data(&data).unwrap();
    assert_eq!(back.as_ptr(), image.as_ptr());
}

#[test]
fn shared_bytes_read_and_write_like_owned_ones() {
    let shared = Base64Data::from(bytes::Bytes::from_static(b"hello"));
    let owned = Base64Data::from_bytes(b"hello".to_vec());
    let text = Base64Data::from_base64("aGVsbG8=").unwrap();
    assert_eq!(shared, owned);
    assert_eq!(shared, text);
    assert_eq!(text, shared);
    assert_eq!(serde_json::to_string(&shared).unwrap(), r#""aGVsbG8=""#);
    assert_eq!(shared.to_base64(), "aGVsbG8=");
    assert_eq!(shared.encoded_len(), 8);
    assert_eq!(shared.decoded_len(), 5);
    assert!(!shared.is_empty());
    assert_eq!(format!("{shared:?}"), "Base64Data(5 bytes)");
    assert_eq!(shared.to_bytes().unwrap(), b"hello");
    assert_eq!(shared.into_bytes().unwrap(), b"hello");
    assert_eq!(
        bytes::Bytes::from_base64_data(&text).unwrap(),
        &b"hello"[..]
    );
}
