#[derive(Content)]
#[content(meta("com.example/kind" = "s1"), annotations(audience = ["user"], priority = 0.5))]
pub struct S1 {
    #[content(text)]
    pub title: String,
    #[content(text)]
    pub count: u32,
    #[content(text(json))]
    pub point: Point1,
    #[content(image(mime = "image/png"))]
    pub image: Vec<u8>,
    #[content(audio(mime = clip_type))]
    pub clip: Base64Data,
    pub clip_type: MimeType,
    #[content(resource(uri = "file:///{+dir}/{name}.bin", mime = "application/octet-stream"))]
    pub data: Vec<u8>,
    pub dir: String,
    pub name: String,
    #[content(resource(uri = "file:///s1.json", mime = "application/json"))]
    pub doc: String,
    #[content(link(name = "report", title = "Report 1", mime = "text/csv", size = 2048))]
    pub report: Uri,
    #[content(text)]
    pub notes: Vec<String>,
    #[content(image(mime = "image/webp"))]
    pub thumbnail: Option<Vec<u8>>,
    #[content(meta = "com.example/request")]
    pub request: String,
    #[content(skip)]
    pub cache: Option<u64>,
}
