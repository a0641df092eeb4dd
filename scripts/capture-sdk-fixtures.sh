#!/usr/bin/env bash
# Captures what other SDKs' servers write for tools returning structured results (object,
# list, string, number), as golden fixtures for `mcp_content::convert::typed_result`.
#
#   bash scripts/capture-sdk-fixtures.sh          # install (once) into tools/, then capture
#
# Pinned SDKs, installed into the git-ignored tools/ folder (never globally):
#   PyPI `mcp` (the Python SDK's FastMCP server), PyPI `fastmcp`, npm `@modelcontextprotocol/sdk`.
# Output: tests/fixtures/sdk/<sdk>.json, one file per SDK with the `tools/list` result and
# each `tools/call` result, exactly as the server wrote them (captured over stdio).
set -euo pipefail

PY_MCP_VERSION=2.3.0
PY_FASTMCP_VERSION=4.2.3
TS_SDK_VERSION=1.32.2

root="$(cd "$(dirname "$0")/.." && pwd)"
tools="$root/tools/sdk-fixtures"
out="$root/tests/fixtures/sdk"
here="$root/scripts/sdk-fixtures"
mkdir -p "$tools" "$out"

install_py() { # venv-name package==version
    local venv="$tools/$1"
    if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import sys" 2>/dev/null \
        || ! grep -qx "$2" "$venv/.pinned" 2>/dev/null; then
        python3 -m venv "$venv"
        "$venv/bin/pip" install --quiet "$2"
        echo "$2" > "$venv/.pinned"
    fi
}

install_py python-sdk "mcp==$PY_MCP_VERSION"
install_py fastmcp "fastmcp==$PY_FASTMCP_VERSION"
if [ ! -d "$tools/typescript-sdk/node_modules/@modelcontextprotocol/sdk" ] \
    || ! grep -q "\"version\": \"$TS_SDK_VERSION\"" "$tools/typescript-sdk/node_modules/@modelcontextprotocol/sdk/package.json"; then
    mkdir -p "$tools/typescript-sdk"
    (cd "$tools/typescript-sdk" && npm init -y >/dev/null && npm install --silent --no-audit --no-fund "@modelcontextprotocol/sdk@$TS_SDK_VERSION" "zod@3")
fi

capture() { # sdk-name command...
    local name="$1"; shift
    "$tools/python-sdk/bin/python" "$here/stdio_client.py" "$name" "$out/$name.json" -- "$@"
    echo "wrote $out/$name.json"
}

capture python-sdk "$tools/python-sdk/bin/python" "$here/python_sdk_server.py"
capture fastmcp "$tools/fastmcp/bin/python" "$here/fastmcp_server.py"
# ES modules resolve packages from the importing file's folder (NODE_PATH is ignored).
cp "$here/typescript_sdk_server.mjs" "$tools/typescript-sdk/server.mjs"
capture typescript-sdk node "$tools/typescript-sdk/server.mjs"
