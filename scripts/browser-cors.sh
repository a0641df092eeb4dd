#!/usr/bin/env bash
# CORS in a real browser: headless Chromium loads a page from one loopback origin (a static
# server) whose script calls mcp-content's own endpoint (`conformance-server --own-http`) on
# another origin with `fetch`: `initialize` (2025-11-25), reading the `Mcp-Session-Id`
# response header, `notifications/initialized`, `tools/list` and `DELETE`, and writes the
# outcome into the page, which the script reads from the dumped DOM. Twice:
#
#   1. the endpoint's allow-list names the page's origin: every call must succeed and the
#      session id must be readable (preflights answered, `Mcp-Session-Id` exposed);
#   2. the allow-list names another origin only (the page's port on `localhost`, not
#      `127.0.0.1`): the browser must refuse the call (`TypeError: Failed to fetch`) while
#      the server is reachable (an opaque no-cors request from the same page resolves).
#
# Chromium comes from the distribution: if none of chromium, chromium-browser or
# google-chrome is on PATH, `apt-get install chromium` (as root, or through passwordless
# sudo); otherwise it stops saying what to install. Everything it starts is stopped on exit.
# Exits non-zero, saying why, on any failure.
#
# Environment knobs (all optional):
#   BROWSER_CORS_ALLOW="http://..."   the allow-list of step 1 (default: the page's origin);
#                                     a wrong one must make the script fail (to check it can)
#   BROWSER_CORS_TIMEOUT=60           seconds for each wait (server start, one browser run)
#   CHROMIUM=/path/to/chromium        the browser to use
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TIMEOUT="${BROWSER_CORS_TIMEOUT:-60}"
OUT="$ROOT/target/browser-cors"
mkdir -p "$OUT"

log() { printf 'browser-cors: %s\n' "$*" >&2; }
die() {
  log "FAILED: $*"
  exit 1
}

# --- Processes started here, stopped on exit ----------------------------------------------------
WORK="$(mktemp -d)"
PIDS=()
stop() { # $1 = pid
  kill -TERM "$1" 2>/dev/null || true
  for _ in $(seq 1 30); do
    kill -0 "$1" 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}
cleanup() {
  for pid in "${PIDS[@]}"; do stop "$pid"; done
  PIDS=()
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- Chromium -------------------------------------------------------------------------------
find_chromium() {
  if [[ -n "${CHROMIUM:-}" ]]; then
    command -v "$CHROMIUM" && return 0
    die "CHROMIUM=$CHROMIUM is not an executable"
  fi
  local name
  for name in chromium chromium-browser google-chrome google-chrome-stable; do
    command -v "$name" && return 0
  done
  return 1
}

if ! CHROME="$(find_chromium)"; then
  command -v apt-get >/dev/null \
    || die "no Chromium on PATH (chromium, chromium-browser, google-chrome) and no apt-get to install it; install one or set CHROMIUM"
  if [[ "$(id -u)" == 0 ]]; then
    SUDO=()
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    die "no Chromium on PATH and not root (nor passwordless sudo) to run: apt-get install chromium (.ci/run skips this step with CI_BROWSER=0)"
  fi
  log "installing Chromium (apt-get install chromium; log: ${OUT#"$ROOT"/}/apt.log)"
  { "${SUDO[@]}" apt-get update \
      && DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y chromium; } \
    >"$OUT/apt.log" 2>&1 || { tail -n 20 "$OUT/apt.log" >&2; die "apt-get install chromium failed"; }
  CHROME="$(find_chromium)" || die "apt-get installed chromium but it is not on PATH"
fi
log "browser: $CHROME ($("$CHROME" --version 2>/dev/null | head -n 1))"

# --- The servers ------------------------------------------------------------------------------
log "building the conformance server"
(cd "$ROOT" && cargo build -q -p mcp-content-examples --bin conformance-server) \
  || die "cargo build of conformance-server failed"
SERVER_BIN="$ROOT/target/debug/conformance-server"
[[ -x "$SERVER_BIN" ]] || die "$SERVER_BIN is missing after the build"

# Waits until the log $1 of process $2 has a line matching the sed expression $3 (which
# prints the port), then prints the port.
wait_port() { # $1 = log, $2 = pid, $3 = sed expression, $4 = what
  local waited=0 port
  while :; do
    port="$(sed -n "$3" "$1" | head -n 1)"
    [[ -n "$port" ]] && { echo "$port"; return 0; }
    if ! kill -0 "$2" 2>/dev/null; then
      tail -n 20 "$1" >&2 || true
      die "$4 exited before listening (log above)"
    fi
    ((waited < TIMEOUT * 10)) || { tail -n 20 "$1" >&2 || true; die "$4 did not listen within ${TIMEOUT}s"; }
    sleep 0.1
    waited=$((waited + 1))
  done
}

# The page, served by a static server on a port of its own (its origin).
mkdir -p "$WORK/site"
cp "$ROOT/scripts/browser-cors/page.html" "$WORK/site/page.html"
python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$WORK/site" \
  >"$OUT/page-server.log" 2>&1 </dev/null &
PIDS+=("$!")
PAGE_PORT="$(wait_port "$OUT/page-server.log" "$!" 's/^Serving HTTP on 127\.0\.0\.1 port \([0-9]*\).*/\1/p' "the page server")"
PAGE_ORIGIN="http://127.0.0.1:$PAGE_PORT"
log "page: $PAGE_ORIGIN/page.html"

SERVER_PID=""
# Starts the MCP endpoint on a free port allowing the origins given; sets MCP_URL.
start_mcp() { # $@ = allowed origins
  local args=() origin log="$OUT/mcp-server.log"
  for origin in "$@"; do args+=(--allow-origin "$origin"); done
  "$SERVER_BIN" --own-http 127.0.0.1:0 "${args[@]}" >"$log" 2>&1 </dev/null &
  SERVER_PID=$!
  PIDS+=("$SERVER_PID")
  local port
  port="$(wait_port "$log" "$SERVER_PID" 's|.*listening on http://127\.0\.0\.1:\([0-9]*\)/mcp.*|\1|p' "the MCP server")"
  MCP_URL="http://127.0.0.1:$port/mcp"
  log "MCP endpoint: $MCP_URL, allowing origin(s): $*"
}
stop_mcp() {
  stop "$SERVER_PID"
  local kept=() pid
  for pid in "${PIDS[@]}"; do [[ "$pid" == "$SERVER_PID" ]] || kept+=("$pid"); done
  PIDS=("${kept[@]}")
  SERVER_PID=""
}

# The outcome the page wrote (the text of #out in the dumped DOM), after Chromium ran it.
browse() { # $1 = name of the run
  local dom="$OUT/$1.dom.html" url="$PAGE_ORIGIN/page.html?mcp=$MCP_URL" rc=0
  # --virtual-time-budget: the page's fetches complete before the DOM is dumped.
  timeout "$TIMEOUT" "$CHROME" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --no-first-run --no-default-browser-check --user-data-dir="$WORK/profile-$1" \
    --virtual-time-budget=10000 --dump-dom "$url" >"$dom" 2>"$OUT/$1.chromium.log" </dev/null || rc=$?
  ((rc != 124)) || die "$1: Chromium did not finish within ${TIMEOUT}s (log: ${OUT#"$ROOT"/}/$1.chromium.log)"
  ((rc == 0)) || { tail -n 20 "$OUT/$1.chromium.log" >&2; die "$1: Chromium exited with $rc (log above)"; }
  # The <pre id="out"> element's text.
  python3 -c 'import html, re, sys
m = re.search(r"<pre id=\"out\">(.*?)</pre>", open(sys.argv[1]).read(), re.S)
print(html.unescape(m.group(1)) if m else "NO OUTCOME IN THE DOM")' "$dom"
}

# --- 1. Allowed -------------------------------------------------------------------------------
# shellcheck disable=SC2086 # a list of origins, split on spaces
start_mcp ${BROWSER_CORS_ALLOW:-$PAGE_ORIGIN}
outcome="$(browse allowed)"
printf '%s\n' "$outcome" | sed 's/^/    /' >&2
grep -Eq '^ALLOWED session=[^ ]+ protocol=2025-11-25 tools=[1-9][0-9]* delete=(200|202|204)$' <<<"$outcome" \
  || die "allowed origin: the page's fetch calls did not all succeed with the session id readable (page outcome above; DOM: ${OUT#"$ROOT"/}/allowed.dom.html)"
log "ok: allowed origin $PAGE_ORIGIN initialized, read Mcp-Session-Id, listed tools and ended the session"
stop_mcp

# --- 2. Not allowed ---------------------------------------------------------------------------
# The same page's port on another host name: a different origin, so the page's is not listed.
start_mcp "http://localhost:$PAGE_PORT"
# The server refuses the page's preflight itself (403, no Access-Control-Allow-Origin).
status="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -X OPTIONS -H "Origin: $PAGE_ORIGIN" \
  -H 'Access-Control-Request-Method: POST' "$MCP_URL")" || die "curl could not reach $MCP_URL"
[[ "$status" == 403 ]] || die "not-allowed origin: the preflight got $status, not 403"
outcome="$(browse refused)"
printf '%s\n' "$outcome" | sed 's/^/    /' >&2
grep -q '^FAILED TypeError: Failed to fetch$' <<<"$outcome" \
  || die "not-allowed origin: the browser did not refuse the page's fetch (page outcome above)"
grep -q '^REACHABLE opaque$' <<<"$outcome" \
  || die "not-allowed origin: the server did not answer the page at all, so the refusal proves nothing (page outcome above)"
log "ok: origin $PAGE_ORIGIN not in the allow-list: the browser refused the call (the server was reachable)"
stop_mcp

log "passed: CORS in headless Chromium, once allowed and once not"
