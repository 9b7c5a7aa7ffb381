#!/usr/bin/env python3
"""The Exercism-style packages of Benchmarks/class: one SwiftPM package per exercise, generated
from the course, that `swift test` grades the way exercism/swift-test-runner grades a solution.

  exercism_packages.py generate COURSE OUT [--lessons L1,L2] [--exercises a,b] [--sources DIR]
      writes OUT/<lesson>--<exercise>/ for every exercise of COURSE's grader.yml (below) and
      OUT/coverage.json; ExerciseKit, SQLite3 and ObjectGraph come from DIR/Sources (default COURSE)
  exercism_packages.py merge PACKAGE RECORD1 RECORD2
      puts what two reference runs (HARNESS_RECORD files) observed into PACKAGE/cases.json as
      the expected values of the steps and checks the grader compares with the reference; where
      the two runs disagree the step is left unchecked (and counted)
  exercism_packages.py uncheck PACKAGE LOG
      leaves unchecked the steps and container checks that the reference failed in LOG (what
      `swift test` printed): what one process cannot replicate, such as registered defaults,
      which Foundation keeps for the life of the process where a relaunch would drop them
  exercism_packages.py coverage OUT
      prints what the packages check less than the grader, as Markdown

A package:
  Package.swift                 swift-tools-version 6.0, Swift 5 mode (as the grader's swiftc)
  Sources/App/Solution.swift    the learner's file (the starter until a run puts one in)
  Sources/App/Driver.swift      the exercise's driver, `@main` taken off
  Sources/ExerciseKit/          the course's runtime, copied (the driver registers through it)
  Sources/SQLite3/, Sources/ObjectGraph/   copied when the exercise needs them (ObjectGraph
                                depends on Yams, resolved from the machine's package copies)
  Tests/AppTests/               Benchmarks/class/Harness/*.swift and one XCTest method per
                                visible case, each `CaseHarness.run("case name", driver: …)`
  cases.json                    the cases the tests run (CaseBook.swift reads it)
  bundle/                       the files the grader puts in the app bundle (Bundle.main)
"""
import json
import os
import re
import shutil
import sys

import yaml   # PyYAML: Debian's python3-yaml, also in the machine's Python

HERE = os.path.dirname(os.path.abspath(__file__))
UNITS = {"B": 1, "KB": 1000, "MB": 1000 ** 2, "GB": 1000 ** 3, "KiB": 1024, "MiB": 1024 ** 2, "GiB": 1024 ** 3}


class CourseLoader(yaml.SafeLoader):
    """YAML as the grader reads it, but dates stay text (the grader never makes dates of them)."""


CourseLoader.yaml_implicit_resolvers = {
    key: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.copy().items()}


def tagged(value):
    """JSON-ready value with fractional numbers as {"$double": n} (CaseBook.swift's untagged)."""
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        return {"$double": value}
    if isinstance(value, list):
        return [tagged(v) for v in value]
    if isinstance(value, dict):
        return {str(k): tagged(v) for k, v in value.items()}
    return str(value)


def byte_count(text):
    if isinstance(text, int):
        return text
    match = re.fullmatch(r"\s*([0-9.]+)\s*([KMG]i?B|B)?\s*", str(text))
    if not match:
        raise ValueError(f"not a size: {text}")
    return int(float(match.group(1)) * UNITS[match.group(2) or "B"])


def error_spec(value):
    if isinstance(value, str):
        kind, _, case = value.partition(".")
        return {"type": kind, "case": case or None}
    spec = {k: value.get(k) for k in ("type", "case", "path", "code", "message")}
    if "value" in value:
        spec["value"] = tagged(value["value"])
    return spec


def convert_case(case, totals):
    """The case as cases.json holds it (its counts added to `totals`), or None when a test
    cannot replicate it."""
    counts = {key: 0 for key in totals}
    steps = []
    for step in case["steps"]:
        if step in ("relaunch", "kill"):
            counts[f"{step} steps (a new store in the same process)"] += 1
            steps.append({"action": step, "expectation": {"kind": "none"}})
            continue
        if "kill_during" in step:
            return None
        if "update" in step:
            return "update"
        entry = {"action": step["call"], "args": tagged(step.get("args")),
                 "stdout": step.get("stdout"), "unordered": step.get("unordered"),
                 "tolerance": step.get("tolerance"), "error_details": step.get("error_details")}
        if "expect" in step:
            entry["expectation"] = {"kind": "value", "value": tagged(step["expect"])}
            counts["calls checked against a literal"] += 1
        elif "expect_one_of" in step:
            entry["expectation"] = {"kind": "one_of", "values": tagged(step["expect_one_of"])}
            counts["calls checked against a literal"] += 1
        elif "expect_error" in step:
            entry["expectation"] = {"kind": "error", "error": error_spec(step["expect_error"])}
            counts["calls checked against a literal"] += 1
        else:
            entry["expectation"] = {"kind": "reference"}
            counts["calls checked against a reference run"] += 1
        if step.get("stdout") is not None:
            counts["printed output checked"] += 1
        steps.append({k: v for k, v in entry.items() if v is not None})
    checks = []
    for check in case.get("container", []):
        entry = {"path": check["path"], "is": check["is"], "query": check.get("query"),
                 "user_version": check.get("user_version"), "unordered": check.get("unordered"),
                 "tolerance": check.get("tolerance"), "typed_numbers": check.get("typed_numbers")}
        if "equals" in check:
            entry["equals"] = tagged(check["equals"])
        size = check.get("size") or {}
        if "min" in size:
            entry["min_size"] = byte_count(size["min"])
        if "max" in size:
            entry["max_size"] = byte_count(size["max"])
        checks.append({k: v for k, v in entry.items() if v is not None})
        counts["container checks"] += 1
    if case.get("timeout"):
        counts["performance limits not applied (the case runs without one)"] += 1
    for key, count in counts.items():
        totals[key] += count
    return {"name": case["name"], "steps": steps, "container": checks}


def test_name(index, name):
    words = re.findall(r"[A-Za-z0-9]+", name)
    camel = "".join(w[:1].upper() + w[1:] for w in words)
    return f"test{index:02d}_{camel[:60] or 'Case'}"


def package_name(folder):
    return "".join(part.capitalize() for part in folder.split("-")[1:])


def imports_of(paths):
    found = set()
    for path in paths:
        found.update(re.findall(r"^\s*(?:@testable\s+)?import\s+(\w+)", open(path, encoding="utf-8").read(), re.M))
    return found


def generate_package(course, lesson, folder, out, sources):
    directory = os.path.join(course, "Exercises", lesson, folder)
    spec = yaml.load(open(os.path.join(directory, "exercise.yml"), encoding="utf-8"), Loader=CourseLoader)
    name = package_name(folder)
    package = os.path.join(out, f"{lesson}--{folder}")
    shutil.rmtree(package, ignore_errors=True)
    counts = {key: 0 for key in [
        "visible cases", "tests", "hidden cases (not in the package)", "crash cases (kill_during: left out)",
        "app updates (update: left out)",
        "randomized cases (generate: left out)", "explorations (left out)", "calls checked against a literal",
        "calls checked against a reference run", "relaunch steps (a new store in the same process)",
        "kill steps (a new store in the same process)", "printed output checked", "container checks",
        "performance limits not applied (the case runs without one)"]}
    cases = []
    for case in spec.get("cases", []):
        if case.get("hidden"):
            counts["hidden cases (not in the package)"] += 1
            continue
        counts["visible cases"] += 1
        if case.get("generate"):
            counts["randomized cases (generate: left out)"] += 1
            continue
        converted = convert_case(case, counts)
        if converted == "update":
            # A new version of the app over the same container: a test in one process cannot.
            counts["app updates (update: left out)"] += 1
            continue
        if converted is None:
            counts["crash cases (kill_during: left out)"] += 1
            continue
        cases.append(converted)
    counts["tests"] = len(cases)
    if spec.get("explore"):
        counts["explorations (left out)"] += 1

    driver_text = open(os.path.join(directory, "Driver.swift"), encoding="utf-8").read()
    match = re.search(r"@main\s+(?:public\s+)?(?:final\s+)?(?:enum|struct|class)\s+(\w+)", driver_text)
    if not match:
        raise SystemExit(f"{directory}/Driver.swift: no `@main` driver type")
    driver_type = match.group(1)
    driver_text = driver_text.replace("@main", "", 1)

    swift_files = [os.path.join(directory, "Driver.swift"), os.path.join(directory, "Solution.swift")]
    swift_files += [os.path.join(directory, "Reference", f) for f in os.listdir(os.path.join(directory, "Reference"))]
    mutants = os.path.join(directory, "Mutants")
    if os.path.isdir(mutants):
        swift_files += [os.path.join(mutants, f) for f in os.listdir(mutants) if f.endswith(".swift")]
    imports = imports_of(swift_files)
    object_graph = "ObjectGraph" in imports
    sqlite = object_graph or "SQLite3" in imports or any(c["is"] == "sqlite" for case in cases for c in case["container"])

    app = os.path.join(package, "Sources", "App")
    os.makedirs(app)
    shutil.copy(os.path.join(directory, "Solution.swift"), os.path.join(app, "Solution.swift"))
    with open(os.path.join(app, "Driver.swift"), "w", encoding="utf-8") as f:
        f.write(driver_text)
    shutil.copytree(os.path.join(sources, "Sources", "ExerciseKit"), os.path.join(package, "Sources", "ExerciseKit"))
    if sqlite:
        shutil.copytree(os.path.join(sources, "Sources", "SQLite3"), os.path.join(package, "Sources", "SQLite3"))
    if object_graph:
        shutil.copytree(os.path.join(sources, "Sources", "ObjectGraph"), os.path.join(package, "Sources", "ObjectGraph"),
                        ignore=shutil.ignore_patterns("README.md"))
    tests = os.path.join(package, "Tests", "AppTests")
    os.makedirs(tests)
    for harness in sorted(os.listdir(os.path.join(HERE, "Harness"))):
        shutil.copy(os.path.join(HERE, "Harness", harness), tests)
    with open(os.path.join(tests, "AppTests.swift"), "w", encoding="utf-8") as f:
        f.write(f"import XCTest\n@testable import App\n\n"
                f"/// The visible cases of Exercises/{lesson}/{folder}/exercise.yml, one test each, in one process\n"
                f"/// (generated by Benchmarks/class/exercism_packages.py).\n"
                f"final class AppTests: XCTestCase {{\n")
        for index, case in enumerate(cases, 1):
            f.write(f"    func {test_name(index, case['name'])}() throws {{\n"
                    f"        try CaseHarness.run({json.dumps(case['name'], ensure_ascii=False)}, driver: {driver_type}.self)\n"
                    f"    }}\n")
        f.write("}\n")
    with open(os.path.join(package, "cases.json"), "w", encoding="utf-8") as f:
        json.dump({"exercise": f"{lesson}/{folder}", "suites": spec.get("defaults_suites", []), "cases": cases},
                  f, indent=1, ensure_ascii=False)

    # What the grader puts in App.app: the exercise's Resources/ and the course's listed items.
    bundle = os.path.join(package, "bundle")
    os.makedirs(bundle)
    if os.path.isdir(os.path.join(directory, "Resources")):
        shutil.copytree(os.path.join(directory, "Resources"), bundle, dirs_exist_ok=True)
    for item in spec.get("resources", []):
        source = os.path.join(course, "Resources", item)
        if os.path.isdir(source):
            shutil.copytree(source, os.path.join(bundle, item))
        else:
            shutil.copy(source, bundle)

    app_deps = ['"ExerciseKit"'] + (['"SQLite3"'] if sqlite else []) + (['"ObjectGraph"'] if object_graph else [])
    test_deps = ['"App"', '"ExerciseKit"'] + (['"SQLite3"'] if sqlite else [])
    targets = ['        .target(name: "ExerciseKit"),']
    if sqlite:
        targets.append('        .systemLibrary(name: "SQLite3", path: "Sources/SQLite3"),')
    if object_graph:
        targets.append('        .target(name: "ObjectGraph", dependencies: [.product(name: "Yams", package: "Yams"), "SQLite3"]),')
    targets.append(f'        .target(name: "App", dependencies: [{", ".join(app_deps)}]),')
    targets.append(f'        .testTarget(name: "AppTests", dependencies: [{", ".join(test_deps)}]),')
    dependency = '\n        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),\n    ' if object_graph else ""
    with open(os.path.join(package, "Package.swift"), "w", encoding="utf-8") as f:
        f.write(f"""// swift-tools-version:6.0
// Exercism-style package for Exercises/{lesson}/{folder} (Benchmarks/class/exercism_packages.py).
import PackageDescription

let package = Package(
    name: "{name}",
    dependencies: [{dependency}],
    targets: [
{chr(10).join(targets)}
    ],
    // The grader compiles with swiftc's default language mode, Swift 5.
    swiftLanguageModes: [.v5]
)
""")
    return package, counts


def merge(package, first, second):
    path = os.path.join(package, "cases.json")
    book = json.load(open(path, encoding="utf-8"))
    runs = [json.load(open(first)), json.load(open(second))]
    unchecked = 0
    for case in book["cases"]:
        observed = [run.get(case["name"], {}) for run in runs]
        items = [(f"step {i}", step["expectation"]) for i, step in enumerate(case["steps"])
                 if step["expectation"]["kind"] == "reference"]
        items += [(f"check {i}", check) for i, check in enumerate(case["container"]) if "observed" in check or
                  ("equals" not in check and (check["is"] in ("plist", "xml-plist", "binary-plist", "json", "directory")
                                              or (check["is"] == "sqlite" and "query" in check)))]
        for key, target in items:
            values = [o.get(key, {}).get("observed") for o in observed]
            if values[0] is None or values[0] != values[1]:
                target["unchecked"] = True
                target.pop("observed", None)
                unchecked += 1
            else:
                target["observed"] = values[0]
                target.pop("unchecked", None)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(book, f, indent=1, ensure_ascii=False)
    return unchecked


def uncheck(package, log):
    """Marks the steps and checks the reference failed in `log` unchecked; how many."""
    path = os.path.join(package, "cases.json")
    book = json.load(open(path, encoding="utf-8"))
    cases = {case["name"]: case for case in book["cases"]}
    count = 0
    crashed = 0
    text = open(log, errors="replace").read()
    for name, what, number in re.findall(r"failed - (.*), (step|container check) (\d+) \(", text):
        case = cases.get(name)
        if case is None:
            continue
        target = case["steps"][int(number) - 1]["expectation"] if what == "step" else case["container"][int(number) - 1]
        if target.get("unchecked") is not True:
            target["unchecked"] = True
            if what == "container check":
                target.pop("equals", None)   # a literal the one process cannot meet
            count += 1
    # A case whose reference crashes the one process (a trap, such as ObjectGraph's for a model
    # made twice in one process) ends every test: it is left out, named by the test that crashed.
    if "unexpected signal" in text:
        names = {test_name(index, case["name"]): case for index, case in enumerate(book["cases"], 1)}
        for test in re.findall(r"AppTests\.(test\d+_\w+)\(\)", text):
            case = names.get(test)
            if case is not None and case.get("skipped") is not True:
                case["skipped"] = True
                crashed += 1
                break
    with open(path, "w", encoding="utf-8") as f:
        json.dump(book, f, indent=1, ensure_ascii=False)
    return count, crashed


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("generate", "merge", "uncheck", "coverage"):
        sys.exit(__doc__)
    if sys.argv[1] == "uncheck":
        package, log = sys.argv[2:4]
        count, crashed = uncheck(package, log)
        coverage_path = os.path.join(os.path.dirname(os.path.abspath(package)), "coverage.json")
        coverage = json.load(open(coverage_path))
        entry = coverage[os.path.basename(os.path.abspath(package))]
        entry["steps and checks the reference fails in one process (left unchecked)"] += count
        key = "cases whose reference crashes the one process (left out)"
        entry[key] = entry.get(key, 0) + crashed
        json.dump(coverage, open(coverage_path, "w"), indent=1)
        print(count + crashed)
        return
    if sys.argv[1] == "merge":
        package, first, second = sys.argv[2:5]
        unchecked = merge(package, first, second)
        coverage_path = os.path.join(os.path.dirname(package), "coverage.json")
        coverage = json.load(open(coverage_path))
        coverage[os.path.basename(package)]["steps and checks left unchecked (two reference runs differ)"] = unchecked
        json.dump(coverage, open(coverage_path, "w"), indent=1)
        return
    if sys.argv[1] == "coverage":
        coverage = json.load(open(os.path.join(sys.argv[2], "coverage.json")))
        keys = list(next(iter(coverage.values())).keys())
        totals = {k: sum(entry.get(k, 0) for entry in coverage.values()) for k in keys}
        print(f"| what ({len(coverage)} exercises) | count |\n| --- | ---: |")
        for key in keys:
            print(f"| {key} | {totals[key]} |")
        return
    course, out = os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
    options = dict(zip(sys.argv[4::2], sys.argv[5::2]))
    lessons = [x for x in options.get("--lessons", "").split(",") if x]
    names = [x for x in options.get("--exercises", "").split(",") if x]
    manifest = yaml.load(open(os.path.join(course, "grader.yml")), Loader=CourseLoader)
    os.makedirs(out, exist_ok=True)
    coverage = {}
    for lesson in manifest["lessons"]:
        if lessons and lesson["id"] not in lessons:
            continue
        for folder in lesson["exercises"]:
            if names and folder not in names and folder.split("-", 1)[1] not in names:
                continue
            package, counts = generate_package(course, lesson["id"], folder, out,
                                               os.path.abspath(options.get("--sources", course)))
            counts["steps and checks left unchecked (two reference runs differ)"] = 0
            counts["steps and checks the reference fails in one process (left unchecked)"] = 0
            counts["cases whose reference crashes the one process (left out)"] = 0
            coverage[os.path.basename(package)] = counts
    with open(os.path.join(out, "coverage.json"), "w") as f:
        json.dump(coverage, f, indent=1)
    print(f"{len(coverage)} packages in {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
