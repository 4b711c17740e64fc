#!/usr/bin/env bash
# Install the system packages the tests use: Debian's chromium (browser tests) and postgresql
# (PostgreSQL tests). Idempotent and quiet: installs only what is missing; needs root and apt-get,
# and does nothing (successfully) without them.
set -euo pipefail

missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || missing+=(postgresql)

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "install-system-deps: missing ${missing[*]} (needs root and apt-get); their tests will be skipped" >&2
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
echo "install-system-deps: installing ${missing[*]}" >&2
apt-get update -qq </dev/null >/dev/null
apt-get install -y -qq "${missing[@]}" </dev/null >/dev/null
