#!/usr/bin/env bash
# Build cost of a realistic server (issue 27): 50 `#[tool]` functions (mixed argument types,
# half returning derived results), 10 prompts and 10 resources, written with mcp-content's
# attribute macros and with rmcp's own `#[tool_router]` / `#[prompt_router]` macros (resources
# by hand: rmcp has no resource macro), both on rmcp's stdio transport. The two crates come from
# scripts/build-realistic/gen.py. Measured, the two sides taking turns, RUNS times each:
#
#   1. clean `cargo check`, dependencies included (empty target directory);
#   2. `cargo check` of the crate alone after `touch` (dependencies already checked);
#   3. incremental `cargo build` after editing one tool's body (dependencies built);
#   4. clean `cargo build`, dependencies included (empty target directory);
#   5. expansion: non-blank lines rustc's `-Zunpretty=expanded` prints (RUSTC_BOOTSTRAP, the
#      way scripts/expansion-lines.sh does), minus the source's, per handler.
#
# Wall time of each run, the medians and the ratio ours / rmcp. Offline: versions come from the
# workspace's Cargo.lock; every build has its own CARGO_TARGET_DIR under target/build-realistic/.
# Not part of CI (about 20-40 minutes on 2 cores with RUNS=2).
#
# Usage: scripts/build-realistic.sh   (env: RUNS=2, SKIP_CLEAN=1 skips 1 and 4)
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)
OUT="$ROOT/target/build-realistic"
RUNS=${RUNS:-2}
mkdir -p "$OUT"

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

python3 "$ROOT/scripts/build-realistic/gen.py" "$OUT" "$ROOT"
for side in ours rmcp; do cp "$ROOT/Cargo.lock" "$OUT/$side/Cargo.lock"; done

timed() { # $1 = side, $2 = target dir, $3... = cargo arguments; prints seconds
  local side=$1 target=$2
  shift 2
  local t0 t1
  t0=$(now)
  (cd "$OUT/$side" && CARGO_TARGET_DIR="$target" cargo "$@" --offline --quiet >&2)
  t1=$(now)
  elapsed "$t0" "$t1"
}

# The body of tool 7 (a text tool on both sides), changed so its crate must be rebuilt.
edit_tool() { # $1 = side, $2 = run number
  sed -i "s/fn tool_7(\(.*\)$/fn tool_7(\1/; /fn tool_7(/{n;s/^\( *\)\(.*\)$/\1let _edit = $2; \2/}" "$OUT/$1/src/main.rs"
}

declare -A results
record() { results[$1]="${results[$1]:-} $2"; }

for run in $(seq 1 "$RUNS"); do
  for side in ours rmcp; do
    if [ -z "${SKIP_CLEAN:-}" ]; then
      rm -rf "$OUT/check-$side"
      record "clean-check-$side" "$(timed "$side" "$OUT/check-$side" check)"
      echo "run $run $side: clean check done" >&2
    else
      timed "$side" "$OUT/check-$side" check >/dev/null
    fi
    touch "$OUT/$side/src/main.rs"
    record "crate-check-$side" "$(timed "$side" "$OUT/check-$side" check)"
    if [ -z "${SKIP_CLEAN:-}" ]; then
      rm -rf "$OUT/build-$side"
      record "clean-build-$side" "$(timed "$side" "$OUT/build-$side" build)"
      echo "run $run $side: clean build done" >&2
    else
      timed "$side" "$OUT/build-$side" build >/dev/null
    fi
    edit_tool "$side" "$run"
    record "incremental-build-$side" "$(timed "$side" "$OUT/build-$side" build)"
  done
done

expanded() { # $1 = side: non-blank lines of the expansion minus the source's
  local lines source
  lines=$(cd "$OUT/$1" && CARGO_TARGET_DIR="$OUT/check-$1" RUSTC_BOOTSTRAP=1 cargo rustc --offline --quiet \
    --profile=check --bin "realistic-$1" -- -Zunpretty=expanded | grep -cv '^[[:space:]]*$')
  source=$(grep -cv '^[[:space:]]*$' "$OUT/$1/src/main.rs")
  echo $((lines - source))
}
handlers=70
exp_ours=$(expanded ours)
exp_rmcp=$(expanded rmcp)

report="$OUT/report.md"
{
  echo "| measure (RUNS=$RUNS, median wall s) | mcp-content | rmcp macros | ratio |"
  echo "|---|---|---|---|"
  for m in clean-check crate-check incremental-build clean-build; do
    [ -n "${results[$m-ours]:-}" ] || continue
    o=$(echo "${results[$m-ours]}" | median) r=$(echo "${results[$m-rmcp]}" | median)
    echo "| $m (runs: ours${results[$m-ours]}; rmcp${results[$m-rmcp]}) | $o | $r | $(ratio "$o" "$r") |"
  done
  echo "| expansion lines per handler ($handlers handlers) | $((exp_ours / handlers)) | $((exp_rmcp / handlers)) | $(ratio "$exp_ours" "$exp_rmcp") |"
  echo
  echo "$(date -u +%F), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$report"
