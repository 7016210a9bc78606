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
# Each figure is the best of five rounds; "+%" is how much slower the worst round was.
spread = lambda pair: f"+{(pair[1] / pair[0] - 1) * 100:.0f}%"
print(
    f"{'case':<22} {'restroute ns':>12} {'+%':>4} {'octokit ns':>10} {'+%':>4} {'ratio':>5}"
    f" {'floor ns':>8} {'+%':>4} {'x floor':>7}"
)
for name in cases:
    ratios[name] = ours[name][0] / theirs[name][0]
    over_floor[name] = ours[name][0] / floor[name][0]
    print(
        f"{name:<22} {ours[name][0]:>12,.0f} {spread(ours[name]):>4} {theirs[name][0]:>10,.0f}"
        f" {spread(theirs[name]):>4} {ratios[name]:>5.2f} {floor[name][0]:>8,.0f}"
        f" {spread(floor[name]):>4} {over_floor[name]:>7.2f}"
    )
median = statistics.median(ratios.values())
worst = max(ratios, key=ratios.get)
median_floor = statistics.median(over_floor.values())
print(f"\nmedian ratio {median:.2f}; max ratio {ratios[worst]:.2f} ({worst})")
print(f"median over the naive floor {median_floor:.2f}")
print(f"{verdict(median <= 0.70)}  median ratio to octokit <= 0.70")
print(f"{verdict(ratios[worst] <= 1.00)}  no case above 1.00x octokit")
print(f"{verdict(median_floor <= 2.20)}  median over the naive floor <= 2.20")

def wall_ms(code: str, runs: int = 10) -> tuple[float, float]:
    """The best and the median wall time of ``runs`` processes."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append((time.perf_counter() - start) * 1000)
    return min(times), statistics.median(times)

# Time what an installed restroute costs: modules byte-compiled, as pip install leaves them
# (an editable install or PYTHONDONTWRITEBYTECODE=1 would otherwise compile every run).
import compileall, restroute
compileall.compile_dir(Path(restroute.__file__).parent, quiet=1)
(imported, imported_median), (bare, bare_median) = wall_ms("import restroute"), wall_ms("pass")
print(f'\npython -c "import restroute": {imported:.1f} ms (best of 10; median {imported_median:.1f})')
print(f'python -c "pass":             {bare:.1f} ms (best of 10; median {bare_median:.1f})')
print(f"difference:                   {imported - bare:.1f} ms (medians: {imported_median - bare_median:.1f})")
print(f"{verdict(imported - bare <= 25)}  import restroute within 25 ms of a bare start")
EOF
