#!/usr/bin/env bash
# Runs each target for $1 seconds (default 600), one after another, then minimizes its
# corpus with `cargo fuzz cmin`. Logs go to logs/<target>.log; a line per target to
# logs/summary.txt (exit code, corpus files and bytes before and after cmin).
set -u
cd "$(dirname "$0")"
secs=${1:-600}
mkdir -p logs
size() { echo "$(ls "corpus/$1" | wc -l) files $(cat corpus/"$1"/* | wc -c) bytes"; }
for t in ${TARGETS:-call_tool_result content_block get_prompt_result read_resource_result derived_read_back template_vars uri_template data_url meta_key}; do
  RUSTC_BOOTSTRAP=1 nice -n 10 cargo fuzz run "$t" "corpus/$t" -- \
    -max_total_time="$secs" -dict=mcp.dict -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 > "logs/$t.log" 2>&1
  code=$?
  before=$(size "$t")
  RUSTC_BOOTSTRAP=1 nice -n 10 cargo fuzz cmin "$t" "corpus/$t" -- -max_len=16384 > "logs/$t.cmin.log" 2>&1
  echo "$t exit $code; corpus before cmin: $before; after: $(size "$t")" >> logs/summary.txt
done
