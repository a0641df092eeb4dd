"""An input-required round trip with the official Python SDK (`mcp`, pinned in run.sh):
the conformance server's `test_input_required_result_elicitation` asks for a name, the
client's elicitation callback answers, and the tool greets. Run twice: the 2025 handshake
(the question arrives as an `elicitation/create` request on the back-channel) and a pinned
2026-07-28 connection (it arrives in an `InputRequiredResult` and the SDK retries with
`inputResponses` and the sealed `requestState`).

Then a large read: `large_payload_link` answers with a link to a 1.5 MB payload, read with
`resources/read`. On 2026-07-28 the answer is one JSON body and the SDK's defaults read it;
a 2025 session's answers are server-sent events (on rmcp's transport even a plain answer),
so that client raises `max_sse_event_size` (1 MiB by default), as the README says."""

import asyncio
import base64
import sys

import mcp_types as types
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

LARGE = 1_500_000


async def answer(context, params):
    assert "name" in params.requested_schema["properties"], params
    return types.ElicitResult(action="accept", content={"name": "Alice"})


async def round_trip(url: str, mode: str) -> str:
    async with Client(url, mode=mode, elicitation_callback=answer) as client:
        result = await client.call_tool("test_input_required_result_elicitation", {})
        text = result.content[0].text
        if result.is_error or text != "Hello, Alice!":
            raise SystemExit(f"python {mode}: unexpected result {result!r}")
        return text


async def large_read(url: str, mode: str) -> int:
    server = url if mode != "legacy" else streamable_http_client(url, max_sse_event_size=8 << 20)
    async with Client(server, mode=mode) as client:
        result = await client.call_tool("large_payload_link", {})
        link = result.content[0]
        if result.is_error or link.type != "resource_link":
            raise SystemExit(f"python {mode}: expected a resource_link, got {result!r}")
        read = await client.read_resource(link.uri)
        data = base64.b64decode(read.contents[0].blob)
        if len(data) != LARGE or any(b != i % 251 for i, b in enumerate(data)):
            raise SystemExit(f"python {mode}: the payload came back wrong ({len(data)} bytes)")
        return len(data)


async def main(url: str) -> None:
    for mode in ("legacy", "2026-07-28"):
        text = await round_trip(url, mode)
        print(f"ok   python mcp {mode}: {text}")
    for mode in ("legacy", "2026-07-28"):
        size = await large_read(url, mode)
        print(f"ok   python mcp {mode}: a {size}-byte payload link read")


asyncio.run(main(sys.argv[1]))
