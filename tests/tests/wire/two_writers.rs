//! The two writers of a model value — serde (`Serialize`, any serializer) and the direct JSON
//! writer (`to_json_for`, which writes base64 straight into the output) — give the same bytes
//! for every fixture and every protocol version, including bytes held raw and as received.

use crate::model_fixtures as fx;
use mcp_content::model::{
    Base64Data, BlobResourceContents, ImageContent, MimeType, ResourceContents, Uri,
};
use mcp_content::{CallToolResult, ContentBlock, ProtocolVersion, SerializeFor, read_json};

fn same_bytes<T: SerializeFor>(what: &str, value: &T) {
    for version in ProtocolVersion::ALL {
        let direct = value.to_json_for(version);
        let through_serde = serde_json::to_vec(&value.for_version(version)).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&direct),
            String::from_utf8_lossy(&through_serde),
            "{what} for {}",
            version.as_str()
        );
    }
}

#[test]
fn every_fixture_writes_the_same_bytes_both_ways() {
    for (name, block) in fx::blocks() {
        same_bytes(name, &block);
    }
    for (name, result) in fx::call_tool_results() {
        same_bytes(name, &result);
    }
    for (name, result) in fx::get_prompt_results() {
        same_bytes(name, &result);
    }
    for (name, result) in fx::read_resource_results() {
        same_bytes(name, &result);
    }
    for message in fx::prompt_messages() {
        same_bytes("prompt message", &message);
    }
}

#[test]
fn raw_bytes_and_received_base64_write_alike() {
    // Lengths 0..=7 cover every padding case; 5000 crosses the encoder's chunks.
    for len in [0_usize, 1, 2, 3, 4, 5, 6, 7, 5000] {
        let bytes: Vec<u8> = (0..len)
            .map(|i: usize| u8::try_from(i * 37 % 256).unwrap())
            .collect();
        let image = ImageContent::new(bytes.clone(), MimeType::new("image/png").unwrap()).unwrap();
        let blob = BlobResourceContents::new(Uri::new("file:///x.bin").unwrap(), bytes.clone());
        let result = CallToolResult::new(vec![
            image.into(),
            mcp_content::model::EmbeddedResource::new(ResourceContents::Blob(blob)).into(),
        ]);
        same_bytes("raw bytes", &result);

        let written = result.to_json_for(ProtocolVersion::LATEST);
        let read: CallToolResult = read_json(&written).unwrap();
        same_bytes("as received", &read);
        assert_eq!(read.to_json_for(ProtocolVersion::LATEST), written);
        let ContentBlock::Image(image) = &read.content[0] else {
            panic!("an image");
        };
        assert_eq!(image.data.to_bytes().unwrap(), bytes);
        assert_eq!(image.data, Base64Data::from_bytes(bytes));
    }
}
