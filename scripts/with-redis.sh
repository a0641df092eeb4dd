#!/usr/bin/env bash
# Runs CMD with a real redis-server on a free 127.0.0.1 port and REDIS_URL pointing at it,
# then stops the server (whatever CMD does):
#
#   scripts/with-redis.sh cargo test --workspace --all-features
#
# redis-server comes from the distribution: when it is not on PATH, `apt-get install
# redis-server` (as root, or through passwordless sudo); otherwise it stops saying what to
# install. The server runs with the persistence the docs recommend for replicas
# (`appendonly yes`, `appendfsync everysec`) in a scratch directory removed on exit, with no
# password and bound to loopback only. REDIS_SERVER=/path/to/redis-server picks another
# binary. The exit status is CMD's.
set -euo pipefail

log() { printf 'with-redis: %s\n' "$*" >&2; }
die() {
  log "FAILED: $*"
  exit 1
}
[[ $# -gt 0 ]] || die "usage: scripts/with-redis.sh CMD [ARG...]"

find_redis() {
  if [[ -n "${REDIS_SERVER:-}" ]]; then
    echo "$REDIS_SERVER"
  elif command -v redis-server >/dev/null; then
    command -v redis-server
  fi
}

install_redis() {
  local sudo=()
  if [[ "$(id -u)" != 0 ]]; then
    command -v sudo >/dev/null && sudo -n true 2>/dev/null ||
      die "redis-server is not installed and this user cannot install it: run 'apt-get install redis-server' as root"
    sudo=(sudo -n)
  fi
  log "installing redis-server from the distribution (apt-get)"
  "${sudo[@]}" apt-get update -qq >&2 || log "apt-get update failed; trying the install anyway"
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends redis-server >&2 ||
    die "apt-get install redis-server failed"
}

REDIS="$(find_redis)"
if [[ -z "$REDIS" ]]; then
  install_redis
  REDIS="$(find_redis)"
  [[ -n "$REDIS" ]] || die "redis-server is still not on PATH after the install"
fi

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

WORK="$(mktemp -d)"
PID=""
cleanup() {
  if [[ -n "$PID" ]]; then
    kill -TERM "$PID" 2>/dev/null || true
    for _ in $(seq 1 50); do
      kill -0 "$PID" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

PORT="$(free_port)"
"$REDIS" --bind 127.0.0.1 --port "$PORT" --dir "$WORK" --appendonly yes --appendfsync everysec \
  --save '' --daemonize no --protected-mode yes --logfile "$WORK/redis.log" &
PID=$!

# Ready when it answers PING (redis-cli comes with redis-server; bash's /dev/tcp otherwise).
ping() {
  { exec 3<>"/dev/tcp/127.0.0.1/$PORT"; } 2>/dev/null || return 1
  printf 'PING\r\n' >&3
  local answer
  IFS= read -r -t 2 answer <&3 || true
  exec 3>&- 3<&-
  [[ "$answer" == "+PONG"* ]]
}
for _ in $(seq 1 100); do
  ping && break
  kill -0 "$PID" 2>/dev/null || die "redis-server exited at start: $(tail -5 "$WORK/redis.log" 2>/dev/null)"
  sleep 0.1
done
ping || die "redis-server did not answer PING on 127.0.0.1:$PORT within 10 s"

export REDIS_URL="redis://127.0.0.1:$PORT/"
export REDIS_SERVER="$REDIS"
log "redis-server $("$REDIS" --version | sed -n 's/.*v=\([^ ]*\).*/\1/p') at $REDIS_URL"
set +e
"$@"
status=$?
set -e
exit "$status"
