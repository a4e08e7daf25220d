"""End-to-end timing of `dpbounds dp` as a process against one-shot Python anchors, interleaved.

    python3 tools/bench-anchors/end-to-end.py --anchors DIR [--runs 20] [--baseline OTHER/bin.js]

Each round runs, one after the other: `node -e 0`; `dpbounds dp --json` (q = 0.004, sigma = 1.1,
T = 10^4, delta = 1e-5) with `--accountant rdp` and `--accountant pld` for the built CLI
(apps/cli/dist/bin.js) and for `--baseline` if given (e.g. a copy of an earlier dist); and the
one-shot Python processes of anchors.py answering the same query with dp_accounting's PLD and
Opacus' RDP accountant (imports included). The first round is not counted. Prints, per command,
the median wall time, its interquartile range, the median CPU time of the child (user + system,
from wait4) and its peak RSS. Results: docs/benchmarks.md ("End to end"); state the load.
"""
import argparse
import json
import os
import statistics
import subprocess
import time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
parser = argparse.ArgumentParser()
parser.add_argument('--anchors', default=os.path.join(root, '.anchors'))
parser.add_argument('--runs', type=int, default=20)
parser.add_argument('--baseline')
parser.add_argument('--python', default='python3')
args = parser.parse_args()

query = {'q': 0.004, 'sigma': 1.1, 'steps': 10000, 'delta': 1e-5}
dp = ['dp', '--json', '--sampling-rate', '0.004', '--noise-multiplier', '1.1', '--steps', '10000', '--delta', '1e-5']
bins = [os.path.join(root, 'apps', 'cli', 'dist', 'bin.js')] + ([os.path.abspath(args.baseline)] if args.baseline else [])
cases = [('node -e 0', ['node', '-e', '0'], None)]
for b in bins:
    for accountant in ['rdp', 'pld']:
        cases.append((f'{os.path.relpath(b, root)} dp --accountant {accountant}', ['node', b] + dp + ['--accountant', accountant], None))
for task in ['dp_accounting.pld.eps', 'opacus.rdp.eps']:
    request = (json.dumps({'task': task, 'params': query}) + '\n').encode()
    cases.append((f'python one-shot {task}', [args.python, os.path.join(here, 'anchors.py'), args.anchors], request))

results = {name: ([], [], []) for name, _, _ in cases}
load_start = os.getloadavg()
for round_ in range(-1, args.runs):
    for name, argv, stdin in cases:
        t0 = time.perf_counter()
        child = subprocess.Popen(argv, stdin=subprocess.PIPE if stdin else subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if stdin:
            child.stdin.write(stdin)
            child.stdin.close()
        _, status, usage = os.wait4(child.pid, 0)
        wall = (time.perf_counter() - t0) * 1000
        if status != 0:
            raise SystemExit(f'{name} failed: {child.stderr.read().decode()}')
        if round_ >= 0:
            results[name][0].append(wall)
            results[name][1].append((usage.ru_utime + usage.ru_stime) * 1000)
            results[name][2].append(usage.ru_maxrss / 1024)


def quantile(xs, p):
    s = sorted(xs)
    return s[round((len(s) - 1) * p)]


print(f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}: {args.runs} interleaved rounds, load average {load_start[0]:.2f} -> {os.getloadavg()[0]:.2f}")
print('| command | median wall | IQR | median CPU | peak RSS |')
print('|---|---|---|---|---|')
for name, _, _ in cases:
    wall, cpu, rss = results[name]
    print(f'| {name} | {statistics.median(wall):.0f} ms | {quantile(wall, 0.25):.0f}–{quantile(wall, 0.75):.0f} ms | {statistics.median(cpu):.0f} ms | {statistics.median(rss):.0f} MB |')
