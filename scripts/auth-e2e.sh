#!/usr/bin/env bash
# Authorization end to end, against an authorization server nobody here wrote and the
# official clients:
#
#   1. starts `oauth2-mock-server` (npm, pinned; scripts/auth-server.sh) on 127.0.0.1;
#   2. builds and starts the `remote` example on a free loopback port, trusting that issuer,
#      its resource URI (the tokens' audience) http://127.0.0.1:PORT/mcp;
#   3. checks the HTTP surface with curl: 401 + `WWW-Authenticate: Bearer resource_metadata`,
#      the RFC 9728 metadata, 403 `insufficient_scope` for a token without `notes:write`, 401
#      for a token for another audience, an expired one and one from another issuer;
#   4. runs the clients, each doing tools/list, `add_note` (needs notes:write), `ping` (needs
#      no scope), `whoami`, and a call without a token (401):
#        - the Python SDK (`mcp`, pinned): authorization code + PKCE with dynamic client
#          registration, then client credentials, both through the SDK's own discovery flow;
#        - the TypeScript SDK (`@modelcontextprotocol/sdk`, pinned): the same two grants;
#        - the MCP Inspector CLI (`@modelcontextprotocol/inspector --cli`, pinned) with an
#          `Authorization: Bearer` header from the token endpoint (client credentials);
#   5. checks that no token is in the server's log (its request spans, on stderr);
#   6. the same again with `remote --transport rmcp` (rmcp's Streamable HTTP service behind
#      the resource server's tower layer);
#   7. stops everything it started (also on failure or Ctrl-C).
#
# Installs into tools/ (git-ignored): Node 22 and the npm packages (tools/node22,
# tools/auth-server, tools/auth-e2e), a Python venv with `mcp` (tools/auth-e2e/venv).
# Needs npm, python3 (>= 3.10, with venv), curl and cargo. Logs: target/auth-e2e/.
# Exits non-zero, saying what failed, on any failure.
#
# Environment knobs (all optional):
#   AUTH_E2E_TIMEOUT=60            seconds for each wait (a server to listen, one client run x2)
#   AUTH_E2E_TRANSPORTS="own rmcp" the transports to run against
#   AUTH_E2E_CLIENTS="python typescript inspector"   the clients to run
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/target/auth-e2e"
CLIENTS_DIR="$ROOT/tools/auth-e2e"
TIMEOUT="${AUTH_E2E_TIMEOUT:-60}"
TRANSPORTS="${AUTH_E2E_TRANSPORTS:-own rmcp}"
CLIENTS="${AUTH_E2E_CLIENTS:-python typescript inspector}"

# --- Pinned versions -------------------------------------------------------------------------
# The SDK versions scripts/conformance.sh and tests/clients/run.sh pin; the Inspector's newest
# (its v2 line has the `--cli` mode with `--header`).
PYTHON_MCP_VERSION="2.3.0"
TS_SDK_VERSION="1.32.2"
INSPECTOR_VERSION="2.12.0"

mkdir -p "$OUT"
log() { printf 'auth-e2e: %s\n' "$*" >&2; }
die() {
  log "FAILED: $*"
  exit 1
}

# shellcheck source=scripts/auth-server.sh
. "$ROOT/scripts/auth-server.sh"

# --- Processes started here, stopped on exit ----------------------------------------------------
REMOTE_PID=""
WORK="$(mktemp -d)"
stop_remote() {
  [[ -n "$REMOTE_PID" ]] || return 0
  kill -INT "$REMOTE_PID" 2>/dev/null || true
  local _
  for _ in $(seq 1 50); do
    kill -0 "$REMOTE_PID" 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL "$REMOTE_PID" 2>/dev/null || true
  wait "$REMOTE_PID" 2>/dev/null || true
  REMOTE_PID=""
}
cleanup() {
  stop_remote
  auth_server_stop
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- Install -----------------------------------------------------------------------------------
auth_server_install || die "could not install the authorization server (Node 22 + oauth2-mock-server)"
NODE="$AUTH_NODE"

install_clients() {
  mkdir -p "$CLIENTS_DIR"
  if [[ "$("$CLIENTS_DIR/venv/bin/python" -c 'import importlib.metadata as m; print(m.version("mcp"))' 2>/dev/null || true)" != "$PYTHON_MCP_VERSION" ]]; then
    log "installing mcp==$PYTHON_MCP_VERSION into ${CLIENTS_DIR#"$ROOT"/}/venv"
    python3 -m venv "$CLIENTS_DIR/venv" || die "python3 -m venv failed (is python3-venv installed?)"
    "$CLIENTS_DIR/venv/bin/pip" install -q "mcp==$PYTHON_MCP_VERSION" >&2 || die "pip install mcp==$PYTHON_MCP_VERSION failed"
  fi
  cat >"$CLIENTS_DIR/package.json" <<JSON
{ "name": "mcp-content-auth-e2e-clients", "private": true, "type": "module",
  "dependencies": { "@modelcontextprotocol/sdk": "$TS_SDK_VERSION", "@modelcontextprotocol/inspector": "$INSPECTOR_VERSION" } }
JSON
  if ! grep -q "\"version\": \"$TS_SDK_VERSION\"" "$CLIENTS_DIR/node_modules/@modelcontextprotocol/sdk/package.json" 2>/dev/null \
    || ! grep -q "\"version\": \"$INSPECTOR_VERSION\"" "$CLIENTS_DIR/node_modules/@modelcontextprotocol/inspector/package.json" 2>/dev/null; then
    log "installing @modelcontextprotocol/sdk@$TS_SDK_VERSION and @modelcontextprotocol/inspector@$INSPECTOR_VERSION into ${CLIENTS_DIR#"$ROOT"/}"
    npm install --prefix "$CLIENTS_DIR" --no-audit --no-fund --loglevel=error --engine-strict=false >&2 \
      || die "npm install of the TypeScript SDK and the Inspector failed"
  fi
  # Node resolves the SDK from the script's directory: it runs from there.
  cp "$ROOT/scripts/auth-e2e/ts_client.mjs" "$CLIENTS_DIR/ts_client.mjs"
}
install_clients

log "building the remote example"
(cd "$ROOT" && cargo build -q -p mcp-content-examples --bin remote) || die "cargo build of the remote example failed"
REMOTE_BIN="$ROOT/target/debug/remote"
[[ -x "$REMOTE_BIN" ]] || die "$REMOTE_BIN is missing after the build"

# --- The servers -------------------------------------------------------------------------------
AUTH_SERVER_TIMEOUT="$TIMEOUT" auth_server_start "$OUT/auth-server.log" || die "the authorization server did not start"
ISSUER="$AUTH_ISSUER"

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Starts `remote` with transport $1; sets MCP_URL and METADATA_URL.
start_remote() { # $1 = own | rmcp
  local log="$OUT/remote-$1.log" port waited=0 attempt
  for attempt in 1 2 3; do
    port="$(free_port)"
    MCP_URL="http://127.0.0.1:$port/mcp"
    "$REMOTE_BIN" --listen "127.0.0.1:$port" --issuer "$ISSUER" --audience "$MCP_URL" \
      --transport "$1" >"$log" 2>&1 </dev/null &
    REMOTE_PID=$!
    waited=0
    while ! grep -q 'listening on' "$log"; do
      if ! kill -0 "$REMOTE_PID" 2>/dev/null; then
        wait "$REMOTE_PID" 2>/dev/null || true
        REMOTE_PID=""
        # Another process took the port between the probe and the bind: try another.
        grep -q 'Address already in use' "$log" && continue 2
        tail -n 20 "$log" >&2 || true
        die "remote ($1) exited before listening (log above: ${log#"$ROOT"/})"
      fi
      ((waited < TIMEOUT * 10)) || { tail -n 20 "$log" >&2 || true; die "remote ($1) did not listen within ${TIMEOUT}s"; }
      sleep 0.1
      waited=$((waited + 1))
    done
    METADATA_URL="http://127.0.0.1:$port/.well-known/oauth-protected-resource/mcp"
    log "remote ($1 transport): $MCP_URL, issuer $ISSUER"
    return 0
  done
  die "remote ($1): no free port after 3 attempts"
}

# --- Tokens -----------------------------------------------------------------------------------
# A token from the token endpoint (client credentials), for the resource and scope given.
client_credentials_token() { # $1 = resource, $2 = scope
  curl -fsS --max-time 10 -u inspector:inspector-secret -d grant_type=client_credentials \
    --data-urlencode "resource=$1" --data-urlencode "scope=$2" "$ISSUER/token" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["access_token"])'
}
# A token made to order by the launcher (GET /test/token), for the negative cases.
test_token() { # $1 = query string
  curl -fsS --max-time 10 "$ISSUER/test/token?$1" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["access_token"])'
}
urlencode() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$1"; }

# POSTs an initialize to MCP_URL with the token $1 (none when empty); prints the status, the
# headers to $WORK/headers.
INIT='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"curl","version":"0"}}}'
CALL_ADD_NOTE='{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_note","arguments":{"text":"curl"},"_meta":{}}}'
post() { # $1 = token or "", $2 = body, $3.. = extra curl arguments
  local token="$1" body="$2"
  shift 2
  local auth=()
  [[ -z "$token" ]] || auth=(-H "Authorization: Bearer $token")
  curl -sS --max-time 10 -o "$WORK/body" -D "$WORK/headers" -w '%{http_code}' -X POST "$MCP_URL" \
    -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
    -H 'Mcp-Protocol-Version: 2025-11-25' "${auth[@]}" "$@" --data "$body"
}
header() { # $1 = name: its value in $WORK/headers
  tr -d '\r' <"$WORK/headers" | sed -n "s/^$1: //Ip" | head -n 1
}

http_checks() { # $1 = transport
  local status www token
  status="$(post "" "$INIT")"
  [[ "$status" == 401 ]] || die "$1: a request without a token got $status, not 401"
  www="$(header www-authenticate)"
  [[ "$www" == Bearer* && "$www" == *"resource_metadata=\"$METADATA_URL\""* ]] \
    || die "$1: the 401's WWW-Authenticate is not Bearer with resource_metadata=\"$METADATA_URL\": $www"
  log "ok: $1: no token -> 401, WWW-Authenticate: $www"

  curl -fsS --max-time 10 "$METADATA_URL" >"$WORK/prm" || die "$1: GET $METADATA_URL failed"
  python3 - "$WORK/prm" "$MCP_URL" "$ISSUER" <<'PY' || die "$1: the protected-resource metadata is wrong ($METADATA_URL)"
import json, sys
prm = json.load(open(sys.argv[1]))
assert prm["resource"] == sys.argv[2], prm
assert sys.argv[3] in [s.rstrip("/") for s in prm["authorization_servers"]], prm
assert "notes:write" in prm.get("scopes_supported", []), prm
PY
  log "ok: $1: RFC 9728 metadata names the resource, the issuer and notes:write"

  # A valid token without the scope: the scoped tool is refused with 403 insufficient_scope,
  # the unscoped one answers.
  token="$(client_credentials_token "$MCP_URL" "")" || die "$1: the token endpoint gave no token"
  status="$(post "$token" "$INIT")"
  [[ "$status" == 200 ]] || die "$1: initialize with a valid token (no scope) got $status: $(head -c 300 "$WORK/body")"
  local session
  session="$(header mcp-session-id)"
  local sid=()
  [[ -z "$session" ]] || sid=(-H "Mcp-Session-Id: $session")
  post "$token" '{"jsonrpc":"2.0","method":"notifications/initialized"}' "${sid[@]}" >/dev/null
  status="$(post "$token" "$CALL_ADD_NOTE" "${sid[@]}" -H 'Mcp-Method: tools/call' -H 'Mcp-Name: add_note')"
  www="$(header www-authenticate)"
  if [[ "$status" == 403 ]]; then
    [[ "$www" == *'error="insufficient_scope"'* && "$www" == *notes:write* ]] \
      || die "$1: the 403 does not say insufficient_scope naming notes:write: $www"
    log "ok: $1: a token without notes:write calling add_note -> 403, WWW-Authenticate: $www"
  else
    # A transport that refuses inside the handler answers a JSON-RPC error instead.
    grep -q 'notes:write' "$WORK/body" \
      || die "$1: add_note with a token lacking notes:write got $status: $(head -c 300 "$WORK/body")"
    log "ok: $1: a token without notes:write calling add_note -> refused ($status, JSON-RPC error naming notes:write)"
  fi

  local case query
  for case in "another audience|aud=$(urlencode "http://127.0.0.1:1/other")&scope=notes:write" \
    "expired|aud=$(urlencode "$MCP_URL")&scope=notes:write&expires_in=-120" \
    "another issuer|aud=$(urlencode "$MCP_URL")&scope=notes:write&iss=$(urlencode "http://127.0.0.1:1")" \
    "no audience|scope=notes:write"; do
    query="${case#*|}"
    token="$(test_token "$query")" || die "$1: the launcher gave no test token"
    status="$(post "$token" "$INIT")"
    [[ "$status" == 401 ]] || die "$1: a token with ${case%%|*} got $status, not 401"
    www="$(header www-authenticate)"
    [[ "$www" == *'error="invalid_token"'* ]] || die "$1: the 401 for a token with ${case%%|*} does not say invalid_token: $www"
    if grep -qF "$token" "$WORK/body" "$WORK/headers"; then die "$1: the answer to a bad token repeats the token"; fi
  done
  log "ok: $1: tokens for another audience, expired, from another issuer, with no audience -> 401 invalid_token"
}

run_python() { # $1 = transport
  timeout "$((TIMEOUT * 2))" "$CLIENTS_DIR/venv/bin/python" "$ROOT/scripts/auth-e2e/python_client.py" "$MCP_URL" "$ISSUER" \
    >"$OUT/python-$1.log" 2>&1 || { tail -n 30 "$OUT/python-$1.log" >&2; die "$1: the Python SDK client failed (log above: target/auth-e2e/python-$1.log)"; }
  sed 's/^/    /' "$OUT/python-$1.log" | grep -v '^    *$' >&2 || true
}

run_typescript() { # $1 = transport
  (cd "$CLIENTS_DIR" && timeout "$((TIMEOUT * 2))" "$NODE" ts_client.mjs "$MCP_URL" "$ISSUER") \
    >"$OUT/typescript-$1.log" 2>&1 || { tail -n 30 "$OUT/typescript-$1.log" >&2; die "$1: the TypeScript SDK client failed (log above: target/auth-e2e/typescript-$1.log)"; }
  sed 's/^/    /' "$OUT/typescript-$1.log" >&2
}

# The Inspector CLI, with its state in a scratch home; prints its JSON output.
inspector() { # $@ = arguments after the URL
  HOME="$WORK/inspector-home" MCP_CATALOG_PATH="$WORK/inspector-home/mcp.json" \
    MCP_CLIENT_CONFIG_PATH="$WORK/inspector-home/client.json" \
    timeout "$TIMEOUT" "$NODE" "$CLIENTS_DIR/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js" \
    --cli "$MCP_URL" --transport http --stored-auth-only --format json "$@" </dev/null
}

run_inspector() { # $1 = transport
  local token rc=0 out="$OUT/inspector-$1.log"
  mkdir -p "$WORK/inspector-home"
  : >"$out"
  token="$(client_credentials_token "$MCP_URL" "notes:write")" || die "$1: the token endpoint gave the Inspector no token"
  inspector --header "Authorization: Bearer $token" --method tools/list >"$WORK/list.json" 2>>"$out" \
    || { cat "$out" >&2; die "$1: Inspector CLI tools/list with a bearer token failed"; }
  python3 - "$WORK/list.json" <<'PY' || die "$1: Inspector CLI tools/list: add_note, ping, whoami not all listed"
import json, sys
out = json.load(open(sys.argv[1]))
names = {t["name"] for t in out.get("result", out)["tools"]}
assert {"add_note", "ping", "whoami"} <= names, names
PY
  inspector --header "Authorization: Bearer $token" --method tools/call --tool-name add_note \
    --tool-arg "text=from the inspector" >"$WORK/add.json" 2>>"$out" || { cat "$out" >&2; die "$1: Inspector CLI add_note failed"; }
  inspector --header "Authorization: Bearer $token" --method tools/call --tool-name ping >"$WORK/ping.json" 2>>"$out" \
    || { cat "$out" >&2; die "$1: Inspector CLI ping failed"; }
  python3 - "$WORK/add.json" "$WORK/ping.json" <<'PY' || die "$1: Inspector CLI: add_note / ping answered wrong"
import json, sys
add, ping = (json.load(open(p)) for p in sys.argv[1:3])
add, ping = add.get("result", add), ping.get("result", ping)
assert not add.get("isError") and add["content"][0]["text"].startswith("saved note "), add
assert not ping.get("isError") and ping["content"][0]["text"] == "pong", ping
PY
  log "ok: $1: MCP Inspector CLI with a bearer token (client credentials): tools/list, add_note, ping"

  # No token: the Inspector does not get in, and says 401 / authorization required.
  inspector --method tools/list >"$WORK/none.json" 2>"$WORK/none.err" || rc=$?
  ((rc != 0)) || die "$1: the Inspector CLI listed tools without a token"
  ((rc != 124)) || die "$1: the Inspector CLI without a token hung (no answer within ${TIMEOUT}s)"
  grep -Eqi '401|unauthori[sz]ed|auth_required' "$WORK/none.err" "$WORK/none.json" \
    || { cat "$WORK/none.err" >&2; die "$1: the Inspector CLI without a token failed, but not for authorization (output above)"; }
  log "ok: $1: MCP Inspector CLI without a token: refused ($(grep -Eoi '401|unauthori[sz]ed|auth_required' "$WORK/none.err" "$WORK/none.json" | head -n 1 | sed 's/^.*://'))"

  # A token without notes:write: ping answers, add_note is refused.
  token="$(client_credentials_token "$MCP_URL" "")"
  inspector --header "Authorization: Bearer $token" --method tools/call --tool-name ping >/dev/null 2>>"$out" \
    || { cat "$out" >&2; die "$1: Inspector CLI ping with a token without scopes failed"; }
  rc=0
  inspector --header "Authorization: Bearer $token" --method tools/call --tool-name add_note --tool-arg text=x \
    >"$WORK/noscope.json" 2>"$WORK/noscope.err" || rc=$?
  if ((rc == 0)) && ! grep -q '"isError": *true' "$WORK/noscope.json"; then
    die "$1: the Inspector CLI called add_note with a token lacking notes:write"
  fi
  grep -Eqi '403|insufficient_scope|notes:write' "$WORK/noscope.err" "$WORK/noscope.json" \
    || { cat "$WORK/noscope.err" "$WORK/noscope.json" >&2; die "$1: add_note without notes:write was refused, but not for the scope (output above)"; }
  log "ok: $1: MCP Inspector CLI with a token lacking notes:write: ping answers, add_note refused"
}

for transport in $TRANSPORTS; do
  start_remote "$transport"
  http_checks "$transport"
  for client in $CLIENTS; do
    case "$client" in
      python) run_python "$transport" ;;
      typescript) run_typescript "$transport" ;;
      inspector) run_inspector "$transport" ;;
      *) die "unknown client $client in AUTH_E2E_CLIENTS" ;;
    esac
  done
  stop_remote
  # Every token the clients sent is a JWT (`eyJ…`): none may be in the server's log.
  if grep -n 'eyJ[A-Za-z0-9_-]\{8,\}' "$OUT/remote-$transport.log" >&2; then
    die "$transport: an access token is in the server's log (lines above: target/auth-e2e/remote-$transport.log)"
  fi
  log "ok: $transport: no token in the server's log ($(wc -l <"$OUT/remote-$transport.log") lines)"
done

log "passed: authorization end to end (oauth2-mock-server@$OAUTH2_MOCK_SERVER_VERSION; transports: $TRANSPORTS; clients: $CLIENTS)"
