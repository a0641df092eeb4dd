#!/usr/bin/env bash
# Runs the official MCP conformance suite's 2026-07-28 server scenarios (input requests and the
# tasks extension included) against three replicas of the conformance server behind a
# round-robin proxy, so that consecutive requests of one scenario land on different processes
# that share only Redis and a key file; then checks subscriptions/listen across them (the
# pinned suite has no scenario for it): a change announced through each replica reaches a
# listener on another, once:
#
#   scripts/with-redis.sh scripts/conformance-replicas.sh
#
# Needs REDIS_URL (scripts/with-redis.sh sets it). Starts, on ports the OS picks on 127.0.0.1:
# three `conformance-server --own-http ADDR --redis $REDIS_URL --key-file KEYS` (KEYS a fresh
# key file, two random keys) and `round-robin --listen ADDR` in front of them; then runs
# `scripts/conformance.sh --own-http` against the proxy (CONFORMANCE_URL), which installs Node
# 22 and the pinned suite and judges the scenarios with the own endpoint's expected failures.
# The 2025 session flow is not run: a 2025 session lives on the replica that opened it
# (sticky routing), which a round-robin proxy does not give. The official SDK clients are not
# run either, for the same reason (they speak 2025 sessions too).
#
# Logs: target/conformance-replicas/ (replica-N.log, proxy.log, the suite's under suite/).
# Prints conformance.sh's lines, the subscriptions/listen check's, then how many requests each
# replica was sent; exits non-zero when the suite or the check fails, a process does not start
# or a replica exits during the run.
#
# Environment knobs: CONFORMANCE_ONLY and CONFORMANCE_VERBOSE as for conformance.sh;
# CONFORMANCE_READY_TIMEOUT (seconds, 120 by default) for the processes to listen.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/target/conformance-replicas"
REPLICAS=3

log() { printf '[conformance-replicas] %s\n' "$*" >&2; }
die() {
  log "error: $*"
  exit 1
}

[[ -n "${REDIS_URL:-}" ]] || die "REDIS_URL is not set: run it as scripts/with-redis.sh $0"

PIDS=()
PROXY_PID=""
WORK=""
cleanup() {
  # The proxy first, with SIGINT, so it prints how many requests each replica was sent.
  if [[ -n "$PROXY_PID" ]]; then
    kill -INT "$PROXY_PID" 2>/dev/null || true
    for _ in $(seq 1 30); do
      kill -0 "$PROXY_PID" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$PROXY_PID" 2>/dev/null || true
    wait "$PROXY_PID" 2>/dev/null || true
    sed -n 's/^round-robin: requests sent: /requests sent to each replica: /p' "$OUT/proxy.log" || true
  fi
  local pid
  for pid in "${PIDS[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  [[ -z "$WORK" ]] || rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Waits until the process $1 prints "listening on http://ADDR" in $2, and prints ADDR.
listening_addr() { # $1 = pid, $2 = log file
  local timeout="${CONFORMANCE_READY_TIMEOUT:-120}" waited=0 addr
  while ((waited < timeout * 10)); do
    addr="$(sed -n 's|.*listening on http://\([0-9.]*:[0-9]*\).*|\1|p' "$2" | head -n 1)"
    if [[ -n "$addr" ]]; then
      echo "$addr"
      return 0
    fi
    if ! kill -0 "$1" 2>/dev/null; then
      log "${2#"$ROOT"/}: the process exited before listening:"
      tail -n 20 "$2" >&2 || true
      return 1
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
  log "${2#"$ROOT"/}: not listening within ${timeout}s"
  return 1
}

log "building conformance-server and round-robin"
(cd "$ROOT" && cargo build -q -p mcp-content-examples --bin conformance-server --bin round-robin) ||
  die "cargo build failed"
TARGET="$(cd "$ROOT" && cargo metadata -q --format-version 1 --no-deps |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"
BIN="$TARGET/debug"

rm -rf "$OUT"
mkdir -p "$OUT"
WORK="$(mktemp -d)"

# The key file every replica is given: the first key seals, both open.
KEYS="$WORK/state-keys"
(
  umask 077
  echo "# requestState keys of this run: the first seals, all open"
  echo "replicas-1 $(head -c 32 /dev/urandom | base64)"
  echo "replicas-0 $(head -c 32 /dev/urandom | base64)"
) >"$KEYS"

UPSTREAMS=()
for n in $(seq 1 "$REPLICAS"); do
  "$BIN/conformance-server" --own-http 127.0.0.1:0 --redis "$REDIS_URL" --key-file "$KEYS" \
    >"$OUT/replica-$n.log" 2>&1 </dev/null &
  PIDS+=($!)
done
for n in $(seq 1 "$REPLICAS"); do
  addr="$(listening_addr "${PIDS[$((n - 1))]}" "$OUT/replica-$n.log")" || die "replica $n did not start"
  log "replica $n at http://$addr/mcp (pid ${PIDS[$((n - 1))]}, log: ${OUT#"$ROOT"/}/replica-$n.log)"
  UPSTREAMS+=("$addr")
done

"$BIN/round-robin" --listen 127.0.0.1:0 "${UPSTREAMS[@]}" >"$OUT/proxy.log" 2>&1 </dev/null &
PROXY_PID=$!
PROXY="$(listening_addr "$PROXY_PID" "$OUT/proxy.log")" || die "the proxy did not start"
log "round-robin proxy at http://$PROXY/mcp in front of ${UPSTREAMS[*]}"

# subscriptions/listen across replicas (the pinned suite has no scenario for it): a listener
# opened through the proxy lands on one replica; a change announced through each of the
# replicas in turn (the fixture tool test_resource_changed) reaches it once each, and nothing
# else does.
listen_across_replicas() { # $1 = proxy address
  python3 - "$1" "$REPLICAS" <<'PY'
import http.client, json, sys, time

addr, replicas = sys.argv[1], int(sys.argv[2])
host, port = addr.rsplit(":", 1)
meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": {"name": "listen-across-replicas", "version": "1"},
    "io.modelcontextprotocol/clientCapabilities": {},
}


def post(method, params, name=None, id=1):
    body = json.dumps({"jsonrpc": "2.0", "id": id, "method": method, "params": {**params, "_meta": meta}})
    headers = {
        "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream",
        "MCP-Protocol-Version": "2026-07-28",
        "Mcp-Method": method,
    }
    if name:
        headers["Mcp-Name"] = name
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("POST", "/mcp", body, headers)
    response = connection.getresponse()
    response.connection = connection
    if response.status != 200:
        sys.exit(f"FAIL: {method}: HTTP {response.status}: {response.read()[:500]!r}")
    return response


def next_event(stream):
    """The next SSE event's data as JSON; None when none comes within the socket timeout."""
    data = []
    try:
        while True:
            line = stream.readline()
            if not line:
                sys.exit("FAIL: the listen stream ended")
            line = line.decode().rstrip("\r\n")
            if line.startswith("data:"):
                data.append(line[5:].lstrip())
            elif line == "" and data:
                return json.loads("\n".join(data))
    except TimeoutError:
        return None


uri = "test://static-text"
stream = post("subscriptions/listen", {"notifications": {"resourceSubscriptions": [uri]}}, id="listen-1")
ack = next_event(stream)
if not ack or ack.get("method") != "notifications/subscriptions/acknowledged":
    sys.exit(f"FAIL: the listen stream did not open with its acknowledgement: {ack}")
for turn in range(1, replicas + 1):
    started = time.monotonic()
    answer = json.loads(post("tools/call", {"name": "test_resource_changed", "arguments": {"uri": uri}},
                             name="test_resource_changed", id=turn).read())
    if answer.get("result", {}).get("isError") or "error" in answer:
        sys.exit(f"FAIL: change {turn}: {answer}")
    event = next_event(stream)
    if not event or event.get("method") != "notifications/resources/updated" or event["params"].get("uri") != uri:
        sys.exit(f"FAIL: change {turn} was not heard on the listener's replica: {event}")
    if event["params"].get("_meta", {}).get("io.modelcontextprotocol/subscriptionId") != "listen-1":
        sys.exit(f"FAIL: change {turn} not tagged with the subscription's id: {event}")
    print(f"change {turn} heard {1000 * (time.monotonic() - started):.0f} ms after the call was sent", file=sys.stderr)
# Anything more within a second and a half is a notification nobody announced.
stream.connection.sock.settimeout(1.5)
extra = next_event(stream)
if extra is not None:
    sys.exit(f"FAIL: a notification nobody announced (a duplicate?): {extra}")
print(f"PASS  subscriptions/listen across replicas: {replicas} changes announced through the proxy (one per replica), each heard once by the listener")
PY
}

set +e
CONFORMANCE_URL="http://$PROXY/mcp" CONFORMANCE_OUT="$OUT/suite" CONFORMANCE_SPECS=2026-07-28 \
  CONFORMANCE_SDK_CLIENTS=0 bash "$ROOT/scripts/conformance.sh" --own-http
status=$?
listen_across_replicas "$PROXY" || status=1
set -e
for n in $(seq 1 "$REPLICAS"); do
  kill -0 "${PIDS[$((n - 1))]}" 2>/dev/null || {
    log "replica $n exited during the run; its log:"
    tail -n 20 "$OUT/replica-$n.log" >&2 || true
    status=1
  }
done
exit "$status"
