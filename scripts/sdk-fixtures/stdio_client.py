"""Talks JSON-RPC over stdio to a server and records what it wrote, untouched.

usage: stdio_client.py NAME OUT.json -- COMMAND...
Standard library only, so the recording does not depend on any SDK's client.
"""

import json
import subprocess
import sys

PROTOCOL_VERSION = "2025-11-25"


def main() -> None:
    name, out = sys.argv[1], sys.argv[2]
    command = sys.argv[sys.argv.index("--") + 1 :]
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    next_id = 0

    def request(method, params):
        nonlocal next_id
        next_id += 1
        message = {"jsonrpc": "2.0", "id": next_id, "method": method, "params": params}
        proc.stdin.write(json.dumps(message) + "\n")
        proc.stdin.flush()
        while True:
            line = proc.stdout.readline()
            if not line:
                raise SystemExit(f"{name}: the server closed stdout")
            reply = json.loads(line)
            if reply.get("id") == next_id:
                if "error" in reply:
                    raise SystemExit(f"{name}: {method}: {reply['error']}")
                return reply["result"]

    init = request(
        "initialize",
        {
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "capture-sdk-fixtures", "version": "1"},
        },
    )
    proc.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")
    proc.stdin.flush()
    tools = request("tools/list", {})
    calls = {}
    for tool in tools["tools"]:
        calls[tool["name"]] = request("tools/call", {"name": tool["name"], "arguments": {}})
    proc.stdin.close()
    proc.wait(timeout=10)
    record = {
        "sdk": name,
        "serverInfo": init.get("serverInfo"),
        "protocolVersion": init.get("protocolVersion"),
        "tools/list": tools,
        "tools/call": calls,
    }
    with open(out, "w", encoding="utf-8") as f:
        json.dump(record, f, indent=2, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
