#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against the
# framework's conformance server example, over Streamable HTTP: every server scenario the
# pinned suite offers (`conformance list --server`), pending and extension scenarios included,
# at each spec version it applies to, for 2025-06-18, 2025-11-25 and 2026-07-28. Prints one
# line per scenario and the totals per version; exits non-zero on any failure that is not in
# the expected-failures list below (and on an expected failure that passes: the list must
# not rot).
#
# Everything it needs is installed from npm into tools/ (git-ignored), at exact versions, so a
# fresh machine gets the same suite and the same Node as a developer's.
#
# Environment knobs (all optional):
#   CONFORMANCE_ONLY="tools-call-image prompts-list"   run only these scenarios
#   CONFORMANCE_SPECS="2025-11-25"                      run only these spec versions
#   CONFORMANCE_READY_TIMEOUT=120                       seconds to wait for the server to accept connections
#   CONFORMANCE_VERBOSE=1                               print the suite's output for passing scenarios too
#   CONFORMANCE_SDK_CLIENTS=0                           skip the official SDK clients' round trips
#                                                       (tests/clients/run.sh, run against the same server)
#   CONFORMANCE_URL=http://127.0.0.1:PORT/mcp           judge a server already running there instead of
#                                                       starting one (scripts/conformance-replicas.sh)
#   CONFORMANCE_OUT=DIR                                 where the logs go (target/conformance[-own-http])
#
# Option:
#   --own-http   serve with mcp-content's own endpoint (`mcp_content::http::HttpServer`,
#                `conformance-server --own-http`) instead of rmcp's Streamable HTTP service: the
#                same scenarios at the same three versions (the 2025 session flow, the 2026-07-28
#                stateless flow with its header rules, and the tasks extension). Its expected
#                failures are OWN_HTTP_EXPECTED_FAILURES.
set -euo pipefail

SERVER_FLAG="--http"
if [[ "${1:-}" == --own-http ]]; then
  SERVER_FLAG="--own-http"
  shift
fi

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/tools"

# --- Pinned versions -------------------------------------------------------------------------
# 0.2.0-alpha.12 is the newest suite on npm (`npm view @modelcontextprotocol/conformance
# versions`). The `latest` dist-tag still points at 0.1.16, which predates --spec-version, the
# 2026-07-28 scenarios (stateless, input-required results) and the tasks extension, so the
# newest pre-release is the only one that can judge 2026-07-28; its requirements/<version>.yaml
# files say which scenarios each revision requires. It needs Node >= 22 (fs.globSync), so Node
# comes from npm too.
SUITE_VERSION="0.2.0-alpha.12"
# The suite depends on the SDK by a caret range; pin the version this script was checked with, so
# the client driving the stateful (2025) scenarios cannot change under us.
SDK_VERSION="1.32.2"
SPECS_ALL="2025-06-18 2025-11-25 2026-07-28"

# Node 22 (exact version, from npm): scripts/common.sh installs it into tools/node22.
# shellcheck source=scripts/common.sh
. "$ROOT/scripts/common.sh"
NODE="$NODE22"
SUITE_DIR="$TOOLS/conformance"
SUITE_PKG="$SUITE_DIR/node_modules/@modelcontextprotocol/conformance"
SDK_PKG="$SUITE_DIR/node_modules/@modelcontextprotocol/sdk"
CLI="$SUITE_PKG/dist/index.js"

OUT="$ROOT/target/conformance"
SERVER_LOG="$OUT/server.log"

# --- Expected failures -----------------------------------------------------------------------
# Key: "<spec version>/<scenario>", or "*/<scenario>" for every version. Each is still run; a
# failure is reported as XFAIL with the reason, a pass as XPASS (an error: drop the entry).
# None of the scenarios required for 2025-11-25 or 2026-07-28 may be listed here.
declare -A EXPECTED_FAILURES=(
)

# The same, for the own endpoint (--own-http). Empty: it passes every scenario the rmcp-served
# server passes.
declare -A OWN_HTTP_EXPECTED_FAILURES=(
)
if [[ "$SERVER_FLAG" == --own-http ]]; then
  unset EXPECTED_FAILURES
  declare -A EXPECTED_FAILURES=()
  for key in "${!OWN_HTTP_EXPECTED_FAILURES[@]}"; do
    EXPECTED_FAILURES["$key"]="${OWN_HTTP_EXPECTED_FAILURES[$key]}"
  done
  # Its own logs, so a CI run keeps both.
  OUT="$ROOT/target/conformance-own-http"
  SERVER_LOG="$OUT/server.log"
fi
OUT="${CONFORMANCE_OUT:-$OUT}"
SERVER_LOG="$OUT/server.log"

log() { printf '[conformance] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# --- Install ---------------------------------------------------------------------------------
pkg_version() {
  # Prints the version in a package.json, or nothing when it is absent or unreadable.
  [[ -f "$1/package.json" ]] || return 0
  sed -n 's/^[[:space:]]*"version":[[:space:]]*"\([^"]*\)".*/\1/p' "$1/package.json" | head -n 1
}

install_node() {
  install_node22 || die "Node $NODE22_VERSION is needed to run the suite"
}

install_suite() {
  if [[ "$(pkg_version "$SUITE_PKG")" == "$SUITE_VERSION" && "$(pkg_version "$SDK_PKG")" == "$SDK_VERSION" ]]; then
    return
  fi
  command -v npm >/dev/null || die "npm is needed to install the suite"
  log "installing @modelcontextprotocol/conformance@$SUITE_VERSION into ${SUITE_DIR#"$ROOT"/}"
  mkdir -p "$SUITE_DIR"
  # A manifest of our own, so the overrides pin the SDK the suite resolves.
  cat >"$SUITE_DIR/package.json" <<EOF
{
  "name": "mcp-content-conformance-tools",
  "private": true,
  "dependencies": { "@modelcontextprotocol/conformance": "$SUITE_VERSION" },
  "overrides": { "@modelcontextprotocol/sdk": "$SDK_VERSION" }
}
EOF
  # The system npm may run on an older Node and warn about the suite's engines; the suite itself
  # runs on the pinned Node 22.
  npm install --prefix "$SUITE_DIR" --no-audit --no-fund --loglevel=error --engine-strict=false >&2
  [[ "$(pkg_version "$SUITE_PKG")" == "$SUITE_VERSION" ]] || die "suite $SUITE_VERSION did not install"
  [[ "$(pkg_version "$SDK_PKG")" == "$SDK_VERSION" ]] || die "SDK $SDK_VERSION did not install"
}

# --- Server ----------------------------------------------------------------------------------
SERVER_PID=""
cleanup() {
  if [[ -n "$SERVER_PID" ]]; then
    # The server runs in its own process group (setsid), so this reaches cargo and the binary.
    kill -TERM -- "-$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do
      kill -0 "$SERVER_PID" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL -- "-$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  "$NODE" -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close();});'
}

start_server() {
  log "building the conformance server"
  (cd "$ROOT" && cargo build -q -p mcp-content-examples --bin conformance-server) \
    || die "cargo build of conformance-server failed"

  PORT="$(free_port)"
  URL="http://127.0.0.1:$PORT/mcp"
  log "starting conformance-server $SERVER_FLAG on 127.0.0.1:$PORT (log: ${SERVER_LOG#"$ROOT"/})"
  (cd "$ROOT" && exec setsid cargo run -q -p mcp-content-examples --bin conformance-server -- \
    "$SERVER_FLAG" "127.0.0.1:$PORT") >"$SERVER_LOG" 2>&1 </dev/null &
  SERVER_PID=$!

  local timeout="${CONFORMANCE_READY_TIMEOUT:-120}" waited=0
  until (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; do
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
      log "server exited before accepting connections; its log:"
      tail -n 50 "$SERVER_LOG" >&2 || true
      SERVER_PID=""
      exit 1
    fi
    if ((waited >= timeout * 10)); then
      log "server did not accept connections on 127.0.0.1:$PORT within ${timeout}s; its log:"
      tail -n 50 "$SERVER_LOG" >&2 || true
      exit 1
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  log "server is up after ~$((waited / 10))s"
}

# --- Run -------------------------------------------------------------------------------------
declare -A TOTAL_PASS TOTAL_FAIL TOTAL_XFAIL TOTAL_REQ TOTAL_REQ_PASS
FAILURES=()

wanted() {
  [[ -z "${CONFORMANCE_ONLY:-}" ]] && return 0
  [[ " $CONFORMANCE_ONLY " == *" $1 "* ]]
}

# Prints "<scenario> <applicability>" for every server scenario of the pinned suite, where
# applicability is the comma-separated version list or "extension".
suite_scenarios() {
  "$NODE" "$CLI" list --server | sed -n 's/^  - \([^ ]*\) \[\(.*\)\]$/\1 \2/p'
}

# Prints the scenarios a revision requires (requirements/<spec>.yaml, `server:` list).
required_scenarios() {
  local file="$SUITE_PKG/requirements/$1.yaml"
  [[ -f "$file" ]] || return 0
  awk '/^server:/{on=1;next} /^[a-z_]+:/{on=0} on && /^  - /{print $2}' "$file"
}

run_scenario() {
  local spec="$1" scenario="$2" kind="$3" out rc=0 summary reason status
  out="$OUT/$spec/$scenario.log"
  local -a extra=()
  # Extension scenarios are "not on the spec timeline": the suite runs them only when forced;
  # the tasks extension attaches to 2026-07-28.
  [[ "$kind" == extension ]] && extra=(--force)
  # The suite has its own per-scenario timeout (30 s); the outer one only guards against a hang
  # in the harness itself.
  timeout 180 "$NODE" "$CLI" server --url "$URL" --scenario "$scenario" --spec-version "$spec" \
    "${extra[@]}" -o "$OUT/$spec/results" >"$out" 2>&1 || rc=$?
  summary="$(grep -E '^Passed: ' "$out" | tail -n 1 || true)"
  if grep -q '^SKIPPED: scenario' "$out"; then
    rc=1
    summary="suite says not applicable at $spec"
  fi
  reason="${EXPECTED_FAILURES["$spec/$scenario"]:-${EXPECTED_FAILURES["*/$scenario"]:-}}"
  if ((rc == 0)) && [[ -z "$reason" ]]; then
    status=PASS
    TOTAL_PASS[$spec]=$((${TOTAL_PASS[$spec]:-0} + 1))
    [[ "$kind" == required ]] && TOTAL_REQ_PASS[$spec]=$((${TOTAL_REQ_PASS[$spec]:-0} + 1))
  elif ((rc != 0)) && [[ -n "$reason" ]]; then
    status=XFAIL
    TOTAL_XFAIL[$spec]=$((${TOTAL_XFAIL[$spec]:-0} + 1))
    summary="${summary:-no summary}; expected: $reason"
  elif ((rc == 0)); then
    status=XPASS
    TOTAL_FAIL[$spec]=$((${TOTAL_FAIL[$spec]:-0} + 1))
    FAILURES+=("$spec/$scenario (passes: remove it from EXPECTED_FAILURES)")
  else
    status=FAIL
    TOTAL_FAIL[$spec]=$((${TOTAL_FAIL[$spec]:-0} + 1))
    FAILURES+=("$spec/$scenario")
  fi
  printf '%-5s %s %-52s %-9s %s\n' "$status" "$spec" "$scenario" "$kind" "${summary:-no summary}"
  if [[ "$status" == FAIL || "$status" == XPASS || -n "${CONFORMANCE_VERBOSE:-}" ]]; then
    sed 's/^/    /' "$out" >&2
  fi
}

main() {
  install_node
  install_suite
  rm -rf "$OUT"
  mkdir -p "$OUT"
  if [[ -n "${CONFORMANCE_URL:-}" ]]; then
    URL="$CONFORMANCE_URL"
    log "judging the server at $URL (started by the caller)"
  else
    start_server
  fi

  local specs="${CONFORMANCE_SPECS:-$SPECS_ALL}" spec scenario applies kind
  local catalogue
  catalogue="$(suite_scenarios)"
  [[ -n "$catalogue" ]] || die "the suite listed no server scenarios"
  for spec in $specs; do
    mkdir -p "$OUT/$spec"
    local required
    required=" $(required_scenarios "$spec" | tr '\n' ' ') "
    while read -r scenario applies; do
      if [[ "$applies" == extension ]]; then
        [[ "$spec" == 2026-07-28 ]] || continue
        kind=extension
      elif [[ ",$applies," == *",$spec,"* ]]; then
        if [[ "$required" == *" $scenario "* ]]; then
          kind=required
          TOTAL_REQ[$spec]=$((${TOTAL_REQ[$spec]:-0} + 1))
        else
          kind=optional
        fi
      else
        continue
      fi
      wanted "$scenario" || continue
      run_scenario "$spec" "$scenario" "$kind"
    done <<<"$catalogue"
  done

  local sdk="skipped"
  if [[ "${CONFORMANCE_SDK_CLIENTS:-1}" != 0 ]]; then
    if bash "$ROOT/tests/clients/run.sh" "$URL"; then
      sdk="ok"
    else
      sdk="FAILED"
      FAILURES+=("sdk-clients")
    fi
  fi

  if ((${#FAILURES[@]} > 0)); then
    log "unexpected: ${FAILURES[*]}"
  fi
  # The closing lines CI reads: one per version, then the overall one.
  local pass=0 fail=0 xfail=0
  for spec in $specs; do
    printf 'conformance %s: %d passed, %d failed, %d expected failures; required scenarios passed: %d/%d\n' \
      "$spec" "${TOTAL_PASS[$spec]:-0}" "${TOTAL_FAIL[$spec]:-0}" "${TOTAL_XFAIL[$spec]:-0}" \
      "${TOTAL_REQ_PASS[$spec]:-0}" "${TOTAL_REQ[$spec]:-0}"
    pass=$((pass + ${TOTAL_PASS[$spec]:-0}))
    fail=$((fail + ${TOTAL_FAIL[$spec]:-0}))
    xfail=$((xfail + ${TOTAL_XFAIL[$spec]:-0}))
  done
  echo "sdk clients (python mcp, typescript sdk v1 and client v2), input-required round trip in both eras: $sdk"
  echo "conformance: $pass passed, $fail failed, $xfail expected failures"
  ((fail == 0 && pass > 0)) && [[ "$sdk" != FAILED ]]
}

main "$@"
