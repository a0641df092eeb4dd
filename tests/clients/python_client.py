"""An input-required round trip with the official Python SDK (`mcp`, pinned in run.sh):
the conformance server's `test_input_required_result_elicitation` asks for a name, the
client's elicitation callback answers, and the tool greets. Run twice: the 2025 handshake
(the question arrives as an `elicitation/create` request on the back-channel) and a pinned
2026-07-28 connection (it arrives in an `InputRequiredResult` and the SDK retries with
`inputResponses` and the sealed `requestState`)."""

import asyncio
import sys

import mcp_types as types
from mcp import Client


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


async def main(url: str) -> None:
    for mode in ("legacy", "2026-07-28"):
        text = await round_trip(url, mode)
        print(f"ok   python mcp {mode}: {text}")


asyncio.run(main(sys.argv[1]))
