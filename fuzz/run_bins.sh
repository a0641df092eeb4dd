#!/usr/bin/env bash
# Like run_all.sh, but runs already built binaries (`cargo fuzz build` first), so edits to
# the crates under test while it runs change nothing. Minimizes each corpus with
# libFuzzer's `-set_cover_merge=1` (like `cargo fuzz cmin`, a smaller set for the same features).
set -u
cd "$(dirname "$0")"
secs=${1:-600}
bin=target/x86_64-unknown-linux-gnu/release
mkdir -p logs
size() { echo "$(ls "corpus/$1" | wc -l) files $(cat corpus/"$1"/* | wc -c) bytes"; }
# Wait for a run started elsewhere to finish (its pid in $WAIT_PID).
while [ -n "${WAIT_PID:-}" ] && kill -0 "$WAIT_PID" 2>/dev/null; do sleep 5; done
for t in ${TARGETS:-call_tool_result content_block get_prompt_result read_resource_result derived_read_back template_vars uri_template data_url meta_key}; do
  if [ "${SKIP_RUN:-}" != "$t" ]; then
    mkdir -p "artifacts/$t"
    nice -n 10 "$bin/$t" -artifact_prefix="artifacts/$t/" -max_total_time="$secs" -dict=mcp.dict \
      -max_len=16384 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "corpus/$t" > "logs/$t.log" 2>&1
    code=$?
  else
    code=0
  fi
  before=$(size "$t")
  rm -rf "corpus/$t.min" && mkdir "corpus/$t.min"
  if nice -n 10 "$bin/$t" -set_cover_merge=1 -max_len=16384 -timeout=10 "corpus/$t.min" "corpus/$t" > "logs/$t.cmin.log" 2>&1; then
    rm -rf "corpus/$t" && mv "corpus/$t.min" "corpus/$t"
  fi
  echo "$t exit $code; corpus before cmin: $before; after: $(size "$t")" >> logs/summary.txt
done
