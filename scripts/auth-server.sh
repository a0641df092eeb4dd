#!/usr/bin/env bash
# An OAuth 2.1 authorization server for the authorization tests, installed from npm and
# started on a free 127.0.0.1 port: `oauth2-mock-server` (pinned below; nobody here wrote it)
# through scripts/auth-server/launch.mjs, which adds what the MCP flow needs and the package
# lacks (RFC 8414 metadata, RFC 7591 dynamic client registration, the RFC 8707 `resource` as
# the token's `aud`, tokens made to order for the negative cases; see the launcher's header).
# Node 22 comes from npm too (scripts/common.sh); both go into tools/ (git-ignored).
#
# Run it to get a server until Ctrl-C (it prints the issuer URL):
#   scripts/auth-server.sh
# or source it (scripts/auth-e2e.sh does) and call:
#   auth_server_install        installs Node 22 and the package (once; quiet when present)
#   auth_server_start LOG      starts it; sets AUTH_ISSUER and AUTH_SERVER_PID
#   auth_server_stop           stops it (also from a trap; a no-op when not running)
#
# Environment knobs (all optional):
#   AUTH_SERVER_TIMEOUT=60       seconds to wait for it to listen
#   AUTH_SERVER_SCOPE="a b"      the scope of a token whose client asked for none
set -euo pipefail

AUTH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OAUTH2_MOCK_SERVER_VERSION="9.3.0"
AUTH_TOOLS="$AUTH_ROOT/tools/auth-server"
AUTH_ISSUER=""
AUTH_SERVER_PID=""

auth_log() { printf '[auth-server] %s\n' "$*" >&2; }

auth_server_install() {
  local ROOT="$AUTH_ROOT"
  # shellcheck source=scripts/common.sh
  . "$AUTH_ROOT/scripts/common.sh"
  install_node22 || return 1
  local installed
  installed="$(sed -n 's/^[[:space:]]*"version":[[:space:]]*"\([^"]*\)".*/\1/p' \
    "$AUTH_TOOLS/node_modules/oauth2-mock-server/package.json" 2>/dev/null | head -n 1 || true)"
  if [[ "$installed" != "$OAUTH2_MOCK_SERVER_VERSION" ]]; then
    command -v npm >/dev/null || { auth_log "error: npm is needed to install oauth2-mock-server"; return 1; }
    auth_log "installing oauth2-mock-server@$OAUTH2_MOCK_SERVER_VERSION into ${AUTH_TOOLS#"$AUTH_ROOT"/}"
    mkdir -p "$AUTH_TOOLS"
    cat >"$AUTH_TOOLS/package.json" <<JSON
{ "name": "mcp-content-auth-server", "private": true, "type": "module",
  "dependencies": { "oauth2-mock-server": "$OAUTH2_MOCK_SERVER_VERSION" } }
JSON
    # The system npm may run on an older Node and warn about the package's engines; it runs
    # on Node 22.
    npm install --prefix "$AUTH_TOOLS" --no-audit --no-fund --loglevel=error --engine-strict=false >&2 \
      || { auth_log "error: npm install oauth2-mock-server@$OAUTH2_MOCK_SERVER_VERSION failed"; return 1; }
  fi
  # Node resolves the package from the launcher's directory: the launcher runs from there.
  cp "$AUTH_ROOT/scripts/auth-server/launch.mjs" "$AUTH_TOOLS/launch.mjs"
  AUTH_NODE="$NODE22"
}

auth_server_start() { # $1 = log file
  local log="$1" timeout="${AUTH_SERVER_TIMEOUT:-60}" waited=0
  [[ -n "${AUTH_NODE:-}" ]] || auth_server_install || return 1
  "$AUTH_NODE" "$AUTH_TOOLS/launch.mjs" --port 0 --default-scope "${AUTH_SERVER_SCOPE:-}" \
    >"$log" 2>&1 </dev/null &
  AUTH_SERVER_PID=$!
  while :; do
    AUTH_ISSUER="$(sed -n 's/^issuer=//p' "$log" | head -n 1)"
    [[ -n "$AUTH_ISSUER" ]] && break
    if ! kill -0 "$AUTH_SERVER_PID" 2>/dev/null; then
      tail -n 20 "$log" >&2 || true
      auth_log "error: the authorization server exited before listening (log above: $log)"
      AUTH_SERVER_PID=""
      return 1
    fi
    if ((waited >= timeout * 10)); then
      tail -n 20 "$log" >&2 || true
      auth_log "error: the authorization server did not listen within ${timeout}s (log: $log)"
      auth_server_stop
      return 1
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  # Ready means answering: the metadata the clients will read.
  curl -fsS --max-time 10 "$AUTH_ISSUER/.well-known/oauth-authorization-server" >/dev/null \
    || { auth_log "error: $AUTH_ISSUER does not serve its RFC 8414 metadata"; auth_server_stop; return 1; }
  auth_log "oauth2-mock-server@$OAUTH2_MOCK_SERVER_VERSION listening: issuer $AUTH_ISSUER"
}

auth_server_stop() {
  [[ -n "$AUTH_SERVER_PID" ]] || return 0
  kill -TERM "$AUTH_SERVER_PID" 2>/dev/null || true
  local _
  for _ in $(seq 1 50); do
    kill -0 "$AUTH_SERVER_PID" 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL "$AUTH_SERVER_PID" 2>/dev/null || true
  wait "$AUTH_SERVER_PID" 2>/dev/null || true
  AUTH_SERVER_PID=""
}

# Run (not sourced): serve until interrupted.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  trap auth_server_stop EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  mkdir -p "$AUTH_ROOT/target/auth-e2e"
  auth_server_install
  auth_server_start "$AUTH_ROOT/target/auth-e2e/auth-server.log"
  echo "issuer: $AUTH_ISSUER"
  echo "RFC 8414 metadata: $AUTH_ISSUER/.well-known/oauth-authorization-server"
  echo "a token for a resource: curl -s -u CLIENT:SECRET -d grant_type=client_credentials -d scope=notes:write -d resource=URL $AUTH_ISSUER/token"
  echo "Ctrl-C stops it."
  wait "$AUTH_SERVER_PID"
fi
