#!/usr/bin/env python3
"""record.py CASE_DIR...  (needs Deno 2.9.6; tests never do)

Runs `deno $(cat cmd)` (with --no-check after the subcommand) in each case
folder and writes expected.out / expected.err / expected.code, with durations,
Deno's own stack frames (ext:…), the case's absolute path and JUnit times
replaced by [WILDCARD].
"""
import os
import re
import shlex
import subprocess
import sys

DENO = "/root/.cache/toolchain-peers/node_modules/.bin/deno"


def normalise(text, case):
    text = text.replace(os.path.abspath(case), "[WILDCARD]")
    text = re.sub(r"\((\d+(\.\d+)?(ms|µs|s)|\d+m \d+s)\)", "([WILDCARD])", text)
    text = re.sub(r'time="[0-9.]+"', 'time="[WILDCARD]"', text)
    text = re.sub(r"(    at [^\n]*ext:[^\n]*\n)+", "[WILDCARD]", text)
    return text


for case in sys.argv[1:]:
    with open(os.path.join(case, "cmd")) as f:
        args = shlex.split(f.read().strip())
    env = {k: v for k, v in os.environ.items() if k != "RUST_BACKTRACE"}
    env["NO_COLOR"] = "1"
    proc = subprocess.run([DENO, args[0], "--no-check", *args[1:]], cwd=case, env=env, capture_output=True)
    for name, data in (("expected.out", proc.stdout), ("expected.err", proc.stderr)):
        text = normalise(data.decode(), case)
        path = os.path.join(case, name)
        if text or name == "expected.out":
            with open(path, "w") as f:
                f.write(text)
        elif os.path.exists(path):
            os.remove(path)
    with open(os.path.join(case, "expected.code"), "w") as f:
        f.write(f"{proc.returncode}\n")
    print(case, proc.returncode)
