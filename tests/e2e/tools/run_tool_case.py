#!/usr/bin/env python3
"""run_tool_case.py BINARY CASE_DIR

Runs one tool case: `BINARY $(cat CASE_DIR/cmd)` in CASE_DIR with NO_COLOR=1,
then compares stdout, stderr and the exit code with CASE_DIR/expected.out,
expected.err (empty if absent) and expected.code (0 if absent). In expected
text [WILDCARD] matches any text. Expected files are Deno 2.9.6's output
(record.py). When the command asks for JUnit XML (--reporter=junit or
--junit-path=FILE) the XML is also parsed and its counts checked against
CASE_DIR/junit.json; with --json the bench JSON is parsed and checked against
CASE_DIR/bench_schema.json's required keys.
"""
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def matches(actual, expected):
    pattern = ".*".join(re.escape(piece) for piece in expected.split("[WILDCARD]"))
    return re.fullmatch(pattern, actual, re.DOTALL) is not None


def read(path, default=""):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return default


def check_junit(xml_text, expected, problems):
    root = ET.fromstring(xml_text)
    if root.tag != "testsuites":
        problems.append(f"junit: root is <{root.tag}>, expected <testsuites>")
        return
    got = {
        "tests": int(root.get("tests")),
        "failures": int(root.get("failures")),
        "suites": [
            {
                "name": s.get("name"),
                "tests": int(s.get("tests")),
                "failures": int(s.get("failures")),
                "disabled": int(s.get("disabled")),
                "cases": [c.get("name") for c in s.findall("testcase")],
                "failed": [c.get("name") for c in s.findall("testcase") if c.find("failure") is not None],
                "skipped": [c.get("name") for c in s.findall("testcase") if c.find("skipped") is not None],
            }
            for s in root.findall("testsuite")
        ],
    }
    for suite in got["suites"]:
        if suite["tests"] != len(suite["cases"]):
            problems.append(f"junit: suite {suite['name']} says tests={suite['tests']} but has {len(suite['cases'])}")
    if got != expected:
        problems.append("junit differs:\nexpected " + json.dumps(expected, indent=1) + "\nactual " + json.dumps(got, indent=1))


def main():
    binary, case = os.path.abspath(sys.argv[1]), sys.argv[2]
    args = shlex.split(read(os.path.join(case, "cmd")).strip())
    env = dict(os.environ, NO_COLOR="1")
    with tempfile.TemporaryDirectory() as tmp:
        # A copy, so the in-process and daemon runs of a case never share files.
        work = os.path.join(tmp, os.path.basename(os.path.abspath(case)))
        shutil.copytree(case, work)
        env.setdefault("TOOLCHAIN_DIR", os.path.join(tmp, "cache"))
        proc = subprocess.run([binary, *args], cwd=work, env=env, capture_output=True, timeout=240)
        junit_text = None
        junit_path = next((a.split("=", 1)[1] for a in args if a.startswith("--junit-path=")), None)
        if junit_path and os.path.exists(os.path.join(work, junit_path)):
            junit_text = read(os.path.join(work, junit_path))
    out, err = proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")
    problems = []
    expected_out = read(os.path.join(case, "expected.out"))
    expected_err = read(os.path.join(case, "expected.err"))
    expected_code = int(read(os.path.join(case, "expected.code"), "0").strip() or 0)
    if not matches(out, expected_out):
        problems.append(f"--- stdout differs; expected:\n{expected_out}--- actual:\n{out}")
    if not matches(err, expected_err):
        problems.append(f"--- stderr differs; expected:\n{expected_err}--- actual:\n{err}")
    if proc.returncode != expected_code:
        problems.append(f"--- exit code {proc.returncode}, expected {expected_code}")
    junit_expected = os.path.join(case, "junit.json")
    if os.path.exists(junit_expected):
        expected = json.loads(read(junit_expected))
        try:
            if junit_path:
                if junit_text is None:
                    raise FileNotFoundError(junit_path)
                check_junit(junit_text, expected, problems)
            else:
                check_junit(out, expected, problems)
        except (ET.ParseError, FileNotFoundError) as e:
            problems.append(f"junit: not well-formed XML: {e}")
    schema = os.path.join(case, "bench_schema.json")
    if os.path.exists(schema):
        check_bench_json(out, json.loads(read(schema)), problems)
    if problems:
        print("\n".join(problems))
        sys.exit(1)


def check_bench_json(text, schema, problems):
    """Every key of the schema must be present with a value of the same JSON type."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        problems.append(f"bench json: not JSON: {e}")
        return

    def walk(v, s, path):
        if isinstance(s, dict):
            if not isinstance(v, dict):
                problems.append(f"bench json: {path} is not an object")
                return
            for key, sub in s.items():
                if key not in v:
                    problems.append(f"bench json: {path}.{key} missing")
                else:
                    walk(v[key], sub, f"{path}.{key}")
        elif isinstance(s, list):
            if not isinstance(v, list) or (s and not v):
                problems.append(f"bench json: {path} is not a non-empty list")
                return
            for i, item in enumerate(v):
                walk(item, s[0], f"{path}[{i}]")
        elif s is not None and type(v) is not type(s) and not (isinstance(s, (int, float)) and isinstance(v, (int, float))):
            problems.append(f"bench json: {path} has type {type(v).__name__}, expected {type(s).__name__}")

    walk(value, schema, "$")


if __name__ == "__main__":
    main()
