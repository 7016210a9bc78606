#!/usr/bin/env bash
# Compare restroute with @octokit/endpoint 9.0.4 on the cases in cases.json,
# and with the naive floor (naive_floor.py: each case written by hand), and
# time `python -c "import restroute"`. Reports only: exits 0 unless npm or a
# benchmark fails.
#
# Usage: bash benchmarks/compare_octokit.sh   (from anywhere; PYTHON=... to
# choose the interpreter; uses an installed restroute, else PYTHONPATH=src)
#
# octokit is installed into a temporary folder (removed on exit), never into
# the repository. Needs node and npm.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY="${PYTHON:-python3}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
cd "$ROOT"

if ! "$PY" -c "import restroute" 2>/dev/null; then
    export PYTHONPATH="$ROOT/src${PYTHONPATH:+:$PYTHONPATH}"
fi

(cd "$TMP" && npm install --silent --no-audit --no-fund @octokit/endpoint@9.0.4 >/dev/null)
node benchmarks/octokit_bench.mjs benchmarks/cases.json "$TMP" >"$TMP/octokit.json"
"$PY" benchmarks/bench_endpoint.py --json >"$TMP/restroute.json"
"$PY" benchmarks/bench_endpoint.py --json --floor >"$TMP/floor.json"

"$PY" - "$TMP" <<'EOF'
import json, statistics, subprocess, sys, time
from pathlib import Path

tmp = Path(sys.argv[1])
cases = [c["name"] for c in json.loads(Path("benchmarks/cases.json").read_text())]
ours = json.loads((tmp / "restroute.json").read_text())
theirs = json.loads((tmp / "octokit.json").read_text())

floor = json.loads((tmp / "floor.json").read_text())

verdict = lambda ok: "PASS" if ok else "FAIL"
ratios, over_floor = {}, {}
print(f"{'case':<24} {'restroute ns':>13} {'octokit ns':>11} {'ratio':>6} {'floor ns':>9} {'x floor':>8}")
for name in cases:
    ratios[name] = ours[name] / theirs[name]
    over_floor[name] = ours[name] / floor[name]
    print(
        f"{name:<24} {ours[name]:>13,.0f} {theirs[name]:>11,.0f} {ratios[name]:>6.2f}"
        f" {floor[name]:>9,.0f} {over_floor[name]:>8.2f}"
    )
median = statistics.median(ratios.values())
worst = max(ratios, key=ratios.get)
median_floor = statistics.median(over_floor.values())
print(f"\nmedian ratio {median:.2f}; max ratio {ratios[worst]:.2f} ({worst})")
print(f"median over the naive floor {median_floor:.2f}")
print(f"{verdict(median <= 0.70)}  median ratio to octokit <= 0.70")
print(f"{verdict(ratios[worst] <= 1.00)}  no case above 1.00x octokit")
print(f"{verdict(median_floor <= 2.20)}  median over the naive floor <= 2.20")

def best_wall_ms(code: str, runs: int = 10) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        best = min(best, time.perf_counter() - start)
    return best * 1000

# Time what an installed restroute costs: modules byte-compiled, as pip install leaves them
# (an editable install or PYTHONDONTWRITEBYTECODE=1 would otherwise compile every run).
import compileall, restroute
compileall.compile_dir(Path(restroute.__file__).parent, quiet=1)
imported, bare = best_wall_ms("import restroute"), best_wall_ms("pass")
print(f'\npython -c "import restroute": {imported:.1f} ms (best of 10)')
print(f'python -c "pass":             {bare:.1f} ms (best of 10)')
print(f"difference:                   {imported - bare:.1f} ms")
print(f"{verdict(imported - bare <= 25)}  import restroute within 25 ms of a bare start")
EOF
