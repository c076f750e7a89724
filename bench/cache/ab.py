#!/usr/bin/env python3
"""Interleaved A/B of cold-database and warm runs for several toolchain builds.

bench/cache/run.sh times each mode in its own hyperfine series, so on a shared
machine the load of the minute moves the cold / warm ratio. Here every round
runs, for each build in turn: one run with the SQLite databases deleted
(cold), the run that makes the code caches, one more, and a warm run; the
medians over all rounds compare like with like. CPU is user + system time of
the process (os.wait4), steadier than wall time under load.

Usage: KEEP_WORK=1 bench/cache/run.sh build/toolchain   (prints the work folder)
       bench/cache/ab.py WORK ROUNDS NAME=path/to/toolchain [NAME=...]
"""
import glob
import os
import statistics
import subprocess
import sys
import time

work, rounds = sys.argv[1], int(sys.argv[2])
builds = [arg.split("=", 1) for arg in sys.argv[3:]]
app, cache = os.path.join(work, "app"), os.path.join(work, "tc")
env = dict(os.environ, TOOLCHAIN_DIR=cache, NO_COLOR="1", TOOLCHAIN_NO_DAEMON="1")


def run(binary):
    start = time.monotonic()
    child = subprocess.Popen([binary, "run", "--no-daemon", "-A", "--cached-only", "demo.ts"], cwd=app, env=env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = 0
    if status != 0:
        sys.exit(f"{binary} failed ({status})")
    return (time.monotonic() - start) * 1000, (usage.ru_utime + usage.ru_stime) * 1000


results = {name: {"cold": [], "warm": []} for name, _ in builds}
for _ in range(rounds):
    for name, binary in builds:
        for f in glob.glob(os.path.join(cache, "*_v1.db*")):
            os.remove(f)
        results[name]["cold"].append(run(binary))
        run(binary)  # makes the code caches
        run(binary)
        results[name]["warm"].append(run(binary))

print(f"{rounds} rounds, load average {open('/proc/loadavg').read().split()[0]} at the end")
for name, _ in builds:
    med = {mode: [statistics.median(x[i] for x in results[name][mode]) for i in (0, 1)] for mode in ("cold", "warm")}
    print(f"{name:12} warm {med['warm'][0]:6.1f} ms (cpu {med['warm'][1]:5.1f})  cold db {med['cold'][0]:6.1f} ms "
          f"(cpu {med['cold'][1]:5.1f})  cold / warm {med['cold'][0] / med['warm'][0]:.2f}x wall, "
          f"{med['cold'][1] / med['warm'][1]:.2f}x cpu")
