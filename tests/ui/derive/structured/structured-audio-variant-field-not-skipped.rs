use mcp_content::Content;

/// A variant of a structured enum with an audio field.
#[derive(Content, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[content(structured)]
enum Answer {
    Clip {
        #[content(audio(mime = "audio/wav"))]
        wav: Vec<u8>,
    },
    Note {
        #[content(text)]
        text: String,
    },
}

fn main() {}
