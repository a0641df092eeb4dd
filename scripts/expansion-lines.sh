#!/usr/bin/env bash
# Expansion size of #[derive(Content)] (issue 10): the struct of scripts/compile-time.sh, once,
# printed by rustc with `-Zunpretty=expanded`, minus the same crate without the derive (the
# struct keeps its fields, loses its `#[content]` attributes). Non-blank lines; budget 250.
#
# Usage: scripts/expansion-lines.sh   (uses target/ as CARGO_TARGET_DIR unless set)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)
DIR="$ROOT/target/expansion-lines"
# shellcheck source=scripts/common.sh
. "$ROOT/scripts/common.sh"
scratch_crate "$DIR" expansion-lines
struct() { # $1 = with | without
  echo '#![allow(dead_code, missing_docs, unused_imports)]'
  echo 'use mcp_content::Content;'; echo 'use mcp_content::model::{Base64Data, MimeType, Uri};'
  echo 'use serde::{Deserialize, Serialize};'
  echo '#[derive(Serialize, Deserialize, Debug, PartialEq)]'
  echo 'pub struct Point1 { pub x: i32, pub y: i32 }'
  if [ "$1" = with ]; then
    cat "$ROOT/macros/tests/snapshots/compile_time_struct.rs"
  else
    # The same struct and fields, without the derive's attributes.
    grep -v '^ *#\[' "$ROOT/macros/tests/snapshots/compile_time_struct.rs"
  fi
}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
count() {
  (cd "$DIR" && RUSTC_BOOTSTRAP=1 cargo rustc --offline --quiet --profile=check --lib -- -Zunpretty=expanded) |
    grep -cv '^[[:space:]]*$'
}
struct with > "$DIR/src/lib.rs"
with=$(count)
struct without > "$DIR/src/lib.rs"
without=$(count)
lines=$((with - without))
echo "expansion: $with - $without = $lines non-blank lines (budget 250)"
[ "$lines" -le 250 ]
