#!/usr/bin/env python3
"""Per-folder WPT pass rates from run.sh's results folder.

A file's subtests are the union of the names either runtime reported (so a
crash or timeout on one side still counts the subtests the other side saw; a
file neither side could run counts as one failed subtest). Writes
report.txt beside the results: every subtest toolchain fails, marked with
whether Deno passes it.
"""
import json
import os
import sys

PASS = 0
RUNTIMES = ("toolchain", "deno")


def load(out, name, path):
    """(status, {subtest: passed}) of one file under one runtime."""
    try:
        line = open(os.path.join(out, name, path + ".out")).read().strip()
    except FileNotFoundError:
        line = ""
    if line.startswith("WPT_SKIP "):
        return "skip", {}
    if not line.startswith("WPT_RESULT "):
        return "crash", {}
    result = json.loads(line[len("WPT_RESULT "):])
    tests = {}
    for t in result["tests"]:
        # Repeated names (a file may define two subtests alike) stay apart.
        key, n = t["name"], 1
        while key in tests:
            n += 1
            key = f"{t['name']} #{n}"
        tests[key] = (t["status"] == PASS, t.get("message"))
    return "ok" if result["status"] == 0 else "harness-error", tests


def main(out):
    folders = {}
    order = []
    report = []
    for row in open(os.path.join(out, "files.tsv")):
        folder, _tree, path = row.rstrip("\n").split("\t")
        if folder not in folders:
            folders[folder] = {"files": 0, "total": 0, "skipped": 0,
                               **{r: 0 for r in RUNTIMES}}
            order.append(folder)
        f = folders[folder]
        runs = {r: load(out, r, path) for r in RUNTIMES}
        if all(status == "skip" for status, _ in runs.values()):
            f["skipped"] += 1
            continue
        f["files"] += 1
        names = []
        for _, tests in runs.values():
            names += [n for n in tests if n not in names]
        f["total"] += max(len(names), 1)
        for r in RUNTIMES:
            f[r] += sum(1 for n in names if runs[r][1].get(n, (False,))[0])
        ours_status, ours = runs["toolchain"]
        deno_status, deno = runs["deno"]
        if ours_status != "ok":
            report.append(f"{path}: toolchain {ours_status} (deno {deno_status})")
        for n in names:
            if not ours.get(n, (False,))[0]:
                mark = "DENO-PASSES" if deno.get(n, (False,))[0] else "both-fail"
                msg = (ours.get(n, (False, "missing"))[1] or "")[:200]
                report.append(f"{path}: [{mark}] {n} :: {msg}")
    with open(os.path.join(out, "report.txt"), "w") as fh:
        fh.write("\n".join(report) + "\n")

    def pct(a, b):
        return f"{100.0 * a / b:5.1f}%" if b else "  -  "

    print(f"| folder | files | subtests | toolchain | deno |")
    print(f"|---|---:|---:|---:|---:|")
    for folder in order:
        f = folders[folder]
        t = f["total"]
        skipped = f" (+{f['skipped']} skipped)" if f["skipped"] else ""
        print(f"| {folder} | {f['files']}{skipped} | {t} | "
              f"{f['toolchain']}/{t} {pct(f['toolchain'], t)} | "
              f"{f['deno']}/{t} {pct(f['deno'], t)} |")
    print(f"\ndetails: {os.path.join(out, 'report.txt')}")


if __name__ == "__main__":
    main(sys.argv[1])
