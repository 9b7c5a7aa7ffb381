#!/usr/bin/env python3
"""Reads one `swift test` run of an Exercism-style package into a results file, as
exercism/swift-test-runner turns its run into results.json (version 3: a status of pass, fail
or error, and each test's status).

  exercism_results.py CAPTURE EXIT_STATUS PACKAGE SECONDS COPY_SECONDS > results.json

CAPTURE is everything `swift test` printed; XCTest's own lines (`Test Case 'AppTests.test01_…'
passed|failed`) say which tests ran and how they ended. On Linux `--xunit-output` writes only
Swift Testing's results, so the console is what the runner has (as Exercism's TestRunner reads
its capture file). A test the run never reached (the build failed, or the process crashed or
timed out in an earlier test) is an error. Status: `error` when the package did not build or
the tests did not all run, `fail` when a test failed, `pass` otherwise.
"""
import json
import re
import sys


def main():
    capture, exit_status, package, seconds, copy_seconds = sys.argv[1:6]
    text = open(capture, errors="replace").read()
    tests = re.findall(r"^\s*func (test\w+)\(\)", open(f"{package}/Tests/AppTests/AppTests.swift").read(), re.M)
    ended = dict(re.findall(r"Test Case '(?:AppTests\.|-\[AppTests )(test\w+)\]?' (passed|failed)", text))
    results = [{"name": name, "status": {"passed": "pass", "failed": "fail"}.get(ended.get(name), "error")}
               for name in tests]
    built = "error:" not in text or bool(ended)
    if not built:
        status, message = "error", "the package did not build"
    elif any(r["status"] == "error" for r in results):
        status, message = "error", f"swift test ended with status {exit_status} before every test ran"
    elif any(r["status"] == "fail" for r in results):
        status, message = "fail", None
    else:
        status, message = "pass", None
    document = {"version": 3, "status": status, "tests": results,
                "passed": sum(r["status"] == "pass" for r in results), "total": len(results),
                "seconds": float(seconds), "copy_seconds": float(copy_seconds), "exit_status": int(exit_status)}
    if message:
        document["message"] = message
    json.dump(document, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
