# Shared by scripts/compile-time.sh and scripts/expansion-lines.sh (sourced, not run).
# ROOT must be the repository's root.

# The struct the compile-time measurements use (every field kind of #[derive(Content)]),
# numbered $1; with $2 = serde, the same fields without the derive's attributes, deriving
# serde's Serialize + Deserialize instead.
bench_struct() { # $1 = number, $2 = content | serde
  local struct="$ROOT/macros/tests/snapshots/compile_time_struct.rs"
  local number="s/\bS1\b/S$1/; s/Point1/Point$1/; s/\bs1\b/s$1/g; s/Report 1/Report $1/"
  if [ "$2" = content ]; then
    sed -e "$number" -e 's/#\[derive(Content)\]/#[derive(mcp_content::Content)]/' "$struct"
  else
    echo '#[derive(Serialize, Deserialize)]'
    grep -v '^ *#\[' "$struct" | sed -e "$number"
  fi
}

# A scratch crate in $1 named $2, outside the workspace, depending on the runtime and serde,
# with the workspace's Cargo.lock (builds are offline).
scratch_crate() { # $1 = directory, $2 = package name
  mkdir -p "$1/src"
  cat > "$1/Cargo.toml" <<TOML
[package]
name = "$2"
version = "0.0.0"
edition = "2024"
publish = false

# Not a member of the repository's workspace.
[workspace]

[dependencies]
mcp-content = { path = "$ROOT/runtime" }
serde = { version = "1", features = ["derive"] }
TOML
  cp "$ROOT/Cargo.lock" "$1/Cargo.lock"
}
