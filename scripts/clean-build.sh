#!/usr/bin/env bash
# Clean-build comparison (issue 13): a hello-world stdio server with one tool, written with
# mcp-content (features `derive` + `rmcp-stdio`) and with rmcp alone (`server`, `macros`,
# `transport-io`), each built from an empty target directory, alternating, RUNS times each.
# Prints the wall time of every build, the medians, the ratio and the package counts.
#
# Offline: versions come from the workspace's Cargo.lock. Every build uses its own
# CARGO_TARGET_DIR under target/clean-build/, so the workspace's target is never cleaned.
#
# Usage: scripts/clean-build.sh   (env: RUNS=2, PROFILE=dev|release)
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)
OUT="$ROOT/target/clean-build"
RUNS=${RUNS:-2}
PROFILE=${PROFILE:-dev}
mkdir -p "$OUT"

now() { date +%s.%N; }
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

gen() { # $1 = ours | rmcp
  local dir="$OUT/$1"
  mkdir -p "$dir/src"
  cp "$ROOT/Cargo.lock" "$dir/Cargo.lock"
  if [ "$1" = ours ]; then
    cat > "$dir/Cargo.toml" <<EOF
[package]
name = "hello-ours"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
mcp-content = { path = "$ROOT/runtime", features = ["rmcp-stdio"] }
tokio = { version = "1", features = ["macros", "rt"] }

# Our crates are path dependencies here; from crates.io a user's build compiles them as it
# compiles rmcp, without incremental compilation, so they are built that way here too.
[profile.dev.package.mcp-content]
incremental = false

[profile.dev.package.mcp-content-core]
incremental = false

[profile.dev.package.mcp-content-macros]
incremental = false

[profile.dev.package.mcp-content-rules]
incremental = false
EOF
    cat > "$dir/src/main.rs" <<'EOF'
use mcp_content::{router, tool};

/// Says hello.
///
/// # Arguments
/// * `name` - Who to greet
#[tool]
fn hello(name: String) -> String {
    format!("Hello, {name}!")
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let router = router! { tools: [hello] }.build()?;
    mcp_content::rmcp::serve_stdio(router).await
}
EOF
  else
    cat > "$dir/Cargo.toml" <<EOF
[package]
name = "hello-rmcp"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
rmcp = { version = "3.11.0", default-features = false, features = ["server", "macros", "transport-io"] }
tokio = { version = "1", features = ["macros", "rt"] }
serde = { version = "1", features = ["derive"] }
schemars = "1"
EOF
    cat > "$dir/src/main.rs" <<'EOF'
use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::{ServerHandler, ServiceExt, tool, tool_handler, tool_router};

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct HelloArgs {
    /// Who to greet
    name: String,
}

#[derive(Clone)]
struct Hello {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Hello {
    /// Says hello.
    #[tool]
    fn hello(&self, Parameters(HelloArgs { name }): Parameters<HelloArgs>) -> String {
        format!("Hello, {name}!")
    }
}

#[tool_handler]
impl ServerHandler for Hello {}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let server = Hello { tool_router: Hello::tool_router() };
    server.serve(rmcp::transport::stdio()).await?.waiting().await?;
    Ok(())
}
EOF
  fi
}

build() { # $1 = ours | rmcp; prints seconds
  local dir="$OUT/$1" target="$OUT/target-$1"
  rm -rf "$target"
  local flag=()
  [ "$PROFILE" = release ] && flag=(--release)
  local start end
  start=$(now)
  CARGO_TARGET_DIR="$target" cargo build --offline --quiet "${flag[@]}" --manifest-path "$dir/Cargo.toml" >&2
  end=$(now)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }'
}

gen ours
gen rmcp
ours_times=""
rmcp_times=""
for run in $(seq 1 "$RUNS"); do
  # Alternate which goes first.
  if [ $((run % 2)) -eq 1 ]; then order="ours rmcp"; else order="rmcp ours"; fi
  for which in $order; do
    t=$(build "$which")
    echo "run $run $which: ${t} s" >&2
    if [ "$which" = ours ]; then ours_times="$ours_times $t"; else rmcp_times="$rmcp_times $t"; fi
  done
done
pkgs() { cargo tree --offline --manifest-path "$OUT/$1/Cargo.toml" -e normal,build --prefix none 2>/dev/null | sed 's/ (\*)//; s/ (proc-macro)//' | sort -u | wc -l; }
ours_med=$(echo "$ours_times" | median)
rmcp_med=$(echo "$rmcp_times" | median)
echo "| clean cargo build ($PROFILE), hello-world stdio server | mcp-content (derive + rmcp-stdio) | rmcp alone (server, macros, transport-io) | ratio |"
echo "|---|---:|---:|---:|"
echo "| wall time, median of $RUNS (runs:$ours_times /$rmcp_times) | ${ours_med} s | ${rmcp_med} s | $(awk -v a="$ours_med" -v b="$rmcp_med" 'BEGIN { printf "%.2f", a / b }') |"
echo "| packages (normal + build) | $(pkgs ours) | $(pkgs rmcp) | |"
