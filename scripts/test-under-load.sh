#!/usr/bin/env bash
# Runs the README's test command with four busy loops on the machine's cores (a loaded CI
# machine, a laptop compiling something else), and stops the loops however the run ends. The
# default suite asserts no wall-clock limit, so it must pass here as on a quiet machine
# (CONTRIBUTING.md, "Tests and time"). Usage: scripts/test-under-load.sh [loops, default 4]
set -euo pipefail
cd "$(dirname "$0")/.."
loops="${1:-4}"
pids=()
stop() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap stop EXIT INT TERM
for _ in $(seq 1 "$loops"); do
  node -e 'for (;;) {}' &
  pids+=("$!")
done
echo "test-under-load: ${loops} busy loops running (pids ${pids[*]}); load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)" >&2
npx -y pnpm@10.34.8 test
