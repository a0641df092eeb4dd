#!/usr/bin/env python3
"""Writes the seed corpora under fuzz/corpus/<target>/ from the spec examples
(tests/tests/wire/spec_examples.rs), the conformance-server fixtures and a few edge cases.
Run from fuzz/: `python3 seeds/make_seeds.py`, then `cargo fuzz cmin <target>`."""
import hashlib, json, os

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
WAV = "UklGRjQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YRAAAAAAAAAAAAAAAAAAAAAAAAAA"

tool_blocks = [
    {"type": "text", "text": "Tool result text"},
    {"type": "image", "data": PNG, "mimeType": "image/png", "annotations": {"audience": ["user"], "priority": 0.9}},
    {"type": "audio", "data": WAV, "mimeType": "audio/wav"},
    {"type": "resource_link", "uri": "file:///project/src/main.rs", "name": "main.rs",
     "description": "Primary application entry point", "mimeType": "text/x-rust"},
    {"type": "resource", "resource": {"uri": "file:///project/src/main.rs", "mimeType": "text/x-rust",
     "text": "fn main() {\n    println!(\"Hello world!\");\n}"},
     "annotations": {"audience": ["user", "assistant"], "priority": 0.7, "lastModified": "2025-05-03T14:30:00Z"}},
]
edge_blocks = [
    {"type": "video", "url": "https://example.com/v.mp4", "_meta": {"io.example/x": 1}},
    {"mimeType": "image/png", "data": "aGk=", "type": "image", "future": {"a": [1, 2]}},
    {"type": "text", "text": "x", "_meta": {"com.example/alt": "chart"}, "annotations": {"priority": 0, "x-new": True}},
    {"type": "resource", "resource": {"uri": "test://b", "blob": "AAEC", "_meta": {"com.example/schema": "v2"}, "etag": "1"}},
    {"type": "resource_link", "uri": "https://a.example/x", "name": "x", "size": 12,
     "icons": [{"src": "https://example.com/i.png", "theme": "dark"}]},
    {"type": "text", "text": "d\u00e9j\u00e0 \U0001F600 \\u0000"},
]
call_results = [
    {"content": [{"type": "text", "text": "{\"temperature\": 22.5}"}],
     "structuredContent": {"temperature": 22.5, "conditions": "Partly cloudy", "humidity": 65}, "resultType": "complete"},
    {"content": [{"type": "text", "text": "Found 2 users"}],
     "structuredContent": [{"id": "1", "name": "Alice"}, {"id": "2", "name": "Bob"}], "resultType": "complete"},
    {"content": [{"type": "text", "text": "Invalid departure date"}], "isError": True, "resultType": "complete"},
    {"content": tool_blocks, "resultType": "complete"},
    {"content": edge_blocks, "_meta": {"com.example/source": "weather-api", "io.modelcontextprotocol/related-task": {"id": "t"}}, "newField": [1]},
    {"content": [{"type": "text", "text": "Multiple content types test:"},
                 {"type": "image", "data": PNG, "mimeType": "image/png"},
                 {"type": "resource", "resource": {"uri": "test://mixed-content-resource", "mimeType": "application/json", "text": "{\"test\":\"data\",\"value\":123}"}}]},
    {"content": [], "structuredContent": None},
    {"content": [], "structuredContent": 42, "resultType": "input_required"},
]
prompt_results = [
    {"resultType": "complete", "description": "Code review prompt",
     "messages": [{"role": "user", "content": {"type": "text", "text": "Please review this Python code:\ndef hello():\n    print('world')"}}]},
    {"messages": [{"role": "user", "content": {"type": "image", "data": PNG, "mimeType": "image/png"}},
                  {"role": "assistant", "content": {"type": "text", "text": "Please analyze the image above."}}]},
    {"messages": [{"role": "user", "content": {"type": "resource", "resource": {"uri": "test://example-resource", "mimeType": "text/plain", "text": "Embedded resource content for testing."}}}],
     "_meta": {"com.example/k": True}, "extra": 1},
    {"messages": [{"role": "assistant", "content": b, "x": 1} for b in edge_blocks]},
]
resource_results = [
    {"contents": [{"uri": "file:///project/src/main.rs", "mimeType": "text/x-rust", "text": "fn main() {}"}]},
    {"contents": [{"uri": "test://static-binary", "mimeType": "image/png", "blob": PNG}], "resultType": "complete", "ttlMs": 0, "cacheScope": "private"},
    {"contents": [{"uri": "test://template/123/data", "mimeType": "application/json", "text": "{\"id\":\"123\"}", "_meta": {"com.example/a": 1}, "size": 3}],
     "_meta": {"com.example/b": [1]}},
    {"contents": []},
]
report = {"content": [
    {"type": "text", "text": "Sunny"}, {"type": "text", "text": "3"},
    {"type": "image", "data": "AAEC", "mimeType": "image/png"},
    {"type": "resource", "resource": {"uri": "file:///reports/paris%20north.json", "mimeType": "application/json", "text": "{}"}}],
    "_meta": {"com.example/source": "fuzz", "com.example/city": "Paris"}}
templates = [
    "file:///logs/{date}.txt\nfile:///logs/2025-01-01.txt",
    "file:///root/{name}\nfile:///root/..%2Fetc%2Fpasswd",
    "file:///root/{name}\nfile:///root/%2e%2e",
    "file:///{+path}/{name}.txt{?rev}\nfile:///a/b/notes%20v2.txt.txt?rev=3",
    "weather://{city}/raw.json\nweather://S%C3%A3o%20Paulo/raw.json",
    "https://example.com/search{?tags,page}\nhttps://example.com/search?tags=a,b&page=2",
    "x://{a}/{b}{?a,c}\nx://1/2?a=1&c=3",
    "test://template/{id}/data\ntest://template/123/data",
    "x:{#frag}{.ext}{/seg}{;p}{&q}\nx:#f.e/s;p=1&q=2",
    "x:{k:3}{l*}\nx:abc",
    "file:///{unclosed\n",
    "{path}/x\n",
]
data_urls = [
    "data:text/plain;charset=utf-8;base64,aGk=", "data:,hello%20world", "DATA:image/png;BASE64,cG5n",
    "data:image/png;base64," + PNG, "data:;charset=utf-8,%E2%9C%93", "data:image/png;base64,aGk",
    "data:text/plain; charset=utf-8;base64,aGk=", "data:image/png;base64,cG5n%3D", "https://example.com/a.png",
]
meta_keys = [
    "com.example/source", "io.modelcontextprotocol/x", "dev.mcp/y", "a.b.mcp.c/z", "name", "", "x/",
    "-bad/x", "a-b.c1/n_a.m-e", "com.example/", "modelcontextprotocol.io/x", "a..b/c", "\u00e9/x",
]

def write(target, docs, raw=False):
    d = os.path.join("corpus", target)
    os.makedirs(d, exist_ok=True)
    for doc in docs:
        data = doc.encode() if raw else json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode()
        with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)

write("call_tool_result", call_results)
write("get_prompt_result", prompt_results)
write("read_resource_result", resource_results)
write("content_block", tool_blocks + edge_blocks)
write("derived_read_back", [report] + call_results[:2])
write("template_vars", call_results)
write("uri_template", templates, raw=True)
write("data_url", data_urls, raw=True)
write("meta_key", meta_keys, raw=True)
