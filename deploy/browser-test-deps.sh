#!/usr/bin/env bash
# Installs what tests/integration/test_browser_provenance.py needs, idempotently:
#   * Debian's Chromium (/usr/bin/chromium) -- never a browser download by a test tool;
#   * playwright-core (no bundled browser) into .a4s/node, from the npm registry.
# Called by `make test` before pytest. Safe to run again: it does nothing when both are present.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NODE_DIR="${A4S_NODE_DIR:-$ROOT/.a4s/node}"
PLAYWRIGHT_CORE_VERSION="${PLAYWRIGHT_CORE_VERSION:-1.65.1}"

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
  echo "browser-test-deps: installing Debian chromium (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-liberation >/dev/null
fi

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "browser-test-deps: node and npm are required (Node.js >= 18)" >&2
  exit 1
fi

if [ ! -f "$NODE_DIR/node_modules/playwright-core/package.json" ]; then
  echo "browser-test-deps: installing playwright-core@$PLAYWRIGHT_CORE_VERSION into $NODE_DIR"
  mkdir -p "$NODE_DIR"
  [ -f "$NODE_DIR/package.json" ] || echo '{"name":"a4s-browser-tests","private":true}' >"$NODE_DIR/package.json"
  # playwright-core has no install script and downloads no browser.
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --prefix "$NODE_DIR" --no-audit --no-fund \
    --silent "playwright-core@$PLAYWRIGHT_CORE_VERSION"
fi

/usr/bin/chromium --version
node -e "console.log('playwright-core', require('$NODE_DIR/node_modules/playwright-core/package.json').version)"
