#!/usr/bin/env python3
"""Generates a class of students for Benchmarks/class.sh: one folder per student in the course
layout (Exercises/LESSON/EXERCISE/Solution.swift for every exercise), each learner file drawn
from a mix of what students hand in.

  generate.py OUT [--course DIR] [--students N] [--seed S] [--lessons 01-defaults,02-file-paths]
              [--exercises car-settings,...] [--mix correct=55,wrong=25,starter=10,typo=10]
              [--copiers 0.1] [--only ID] [--tag TEXT]

Per student and exercise, independently (weights of --mix, in percent):
  correct   the reference's file
  wrong     one of the exercise's mutants, chosen uniformly: a `student-*.swift` (or other whole
            file) as it is, or a `*.patch` applied to the reference with `patch`; folder mutants
            (whose bug lives in the app's resources) are never chosen
  starter   the exercise's starter, untouched: not done
  typo      the reference with one identifier misspelt (a letter dropped): a compile error
Every file starts with the header Xcode writes (file name, the student's name, a date), so
that no two students hand in the same bytes; a mutant's own first line ("// Mutant: …") is
dropped. About one student in ten (--copiers) hands in a copy of another student's files,
header included. The same seed gives the same class, byte for byte.

OUT gets one folder per student (student-01, …) and class.json, which says what every file
is. --only ID writes that student alone (same draws as in the whole class) and --tag TEXT adds
a line to every header: a student with the same files but new bytes, so that nothing of theirs
is in the grader's build cache (how class.sh measures one student's course again and again).
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

FIRST = ["Ana", "Ben", "Carla", "Dan", "Eva", "Farid", "Gina", "Hugo", "Iris", "Jon", "Kemal", "Lucía",
         "Marta", "Nils", "Olga", "Pau", "Quim", "Rosa", "Sven", "Teresa", "Uma", "Víctor", "Wen", "Xavi",
         "Yara", "Zoe"]
LAST = ["Ruiz", "Ode", "Serra", "Okafor", "Lind", "Haddad", "Marsh", "Vidal", "Novak", "Ferrer", "Sato",
        "Costa", "Berg", "Puig", "Reyes", "Klein", "Moreau", "Ibáñez", "Nakamura", "Olsen"]
KINDS = ["correct", "wrong", "starter", "typo"]
SWIFT_KEYWORDS = {"func", "let", "var", "return", "guard", "else", "struct", "class", "enum", "case", "import",
                  "throws", "throw", "try", "init", "self", "Self", "static", "private", "public", "final",
                  "switch", "default", "while", "for", "in", "if", "true", "false", "nil", "some", "any",
                  "extension", "protocol", "where", "defer", "do", "catch", "break", "continue", "inout",
                  "mutating", "override", "super", "fileprivate", "internal", "lazy", "weak", "typealias"}


def course_exercises(course, lessons, names):
    """The course's exercises in order: (lesson, folder), from grader.yml."""
    import yaml   # PyYAML: Debian's python3-yaml, also in the machine's Python
    manifest = yaml.safe_load(open(os.path.join(course, "grader.yml")))
    found = []
    for lesson in manifest["lessons"]:
        if lessons and lesson["id"] not in lessons:
            continue
        for folder in lesson["exercises"]:
            slug = folder.split("-", 1)[1]
            if names and slug not in names and folder not in names:
                continue
            found.append((lesson["id"], folder))
    if not found:
        sys.exit("generate.py: no exercise matches --lessons/--exercises")
    return found


def parse_mix(text):
    weights = {}
    for part in text.split(","):
        kind, _, weight = part.partition("=")
        if kind not in KINDS or not weight.isdigit():
            sys.exit(f"generate.py: --mix: '{part}' is not KIND=PERCENT with KIND one of {', '.join(KINDS)}")
        weights[kind] = int(weight)
    return [weights.get(kind, 0) for kind in KINDS]


def mutants(exercise_dir):
    """The exercise's file mutants, sorted: whole files and patches (folders are resources)."""
    folder = os.path.join(exercise_dir, "Mutants")
    if not os.path.isdir(folder):
        return []
    return sorted(name for name in os.listdir(folder)
                  if os.path.isfile(os.path.join(folder, name)) and name.endswith((".swift", ".patch")))


def apply_patch(reference, patch):
    """The reference with `patch` applied, or None when it does not apply."""
    with tempfile.TemporaryDirectory() as scratch:
        shutil.copy(reference, os.path.join(scratch, "Solution.swift"))
        run = subprocess.run(["patch", "-p1", "-s", "--no-backup-if-mismatch", "-i", patch],
                             cwd=scratch, capture_output=True)
        if run.returncode != 0:
            return None
        return open(os.path.join(scratch, "Solution.swift"), encoding="utf-8").read()


def code_tokens(source):
    """(line index, start, end, word) of identifiers outside comments and string literals."""
    tokens = []
    in_block = False
    for number, line in enumerate(source.split("\n")):
        position, text = 0, line
        if in_block:
            end = text.find("*/")
            if end < 0:
                continue
            position, in_block = end + 2, False
        # Blank out string literals and comments, keeping columns.
        masked = list(text)
        i, quote = position, False
        while i < len(text):
            if not quote and text.startswith("//", i):
                masked[i:] = " " * (len(text) - i)
                break
            if not quote and text.startswith("/*", i):
                end = text.find("*/", i + 2)
                stop = len(text) if end < 0 else end + 2
                masked[i:stop] = " " * (stop - i)
                if end < 0:
                    in_block = True
                    break
                i = stop
                continue
            if text[i] == '"':
                quote = not quote
                masked[i] = " "
            elif quote:
                if text[i] == "\\":
                    masked[i:i + 2] = "  "
                    i += 1
                else:
                    masked[i] = " "
            i += 1
        for match in re.finditer(r"[A-Za-z_][A-Za-z0-9_]*", "".join(masked)):
            if match.start() >= position:
                tokens.append((number, match.start(), match.end(), match.group()))
    return tokens


def misspell(source, rng):
    """The source with one identifier used at least twice misspelt (an inner letter dropped), and
    what was changed. A dropped letter in a name the file uses elsewhere cannot compile."""
    tokens = code_tokens(source)
    counts = {}
    for token in tokens:
        counts[token[3]] = counts.get(token[3], 0) + 1
    words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", source))
    candidates = [t for t in tokens if len(t[3]) >= 5 and counts[t[3]] >= 2 and t[3] not in SWIFT_KEYWORDS]
    while candidates:
        number, start, end, word = candidates.pop(rng.randrange(len(candidates)))
        cut = rng.randrange(1, len(word) - 1)
        typo = word[:cut] + word[cut + 1:]
        if typo in words:
            continue
        lines = source.split("\n")
        lines[number] = lines[number][:start] + typo + lines[number][end:]
        return "\n".join(lines), f"line {number + 1}: {word} → {typo}"
    raise ValueError("no identifier to misspell")


def header(lesson, folder, name, date, tag):
    lines = ["//", "//  Solution.swift", f"//  {lesson}/{folder}", "//",
             f"//  Created by {name} on {date}.", "//"]
    if tag:
        lines.insert(-1, f"//  {tag}")
    return "\n".join(lines) + "\n\n"


def draw_class(course, exercises, students, seed, mix, copier_share):
    """Every student's every file, as (text, what it is), drawn in a fixed order from one seed."""
    rng = random.Random(seed)
    ids = [f"student-{i:02d}" for i in range(1, students + 1)]
    names = {sid: f"{rng.choice(FIRST)} {rng.choice(LAST)}" for sid in ids}
    dates = {sid: f"{rng.randint(1, 28)}/{rng.randint(9, 11)}/26" for sid in ids}
    copiers = {}
    if students > 1:
        count = round(students * copier_share)
        chosen = rng.sample(ids, count)
        originals = [sid for sid in ids if sid not in chosen]
        copiers = {sid: rng.choice(originals) for sid in chosen}
    work = {}
    for sid in ids:
        work[sid] = {}
        for lesson, folder in exercises:
            directory = os.path.join(course, "Exercises", lesson, folder)
            reference = os.path.join(directory, "Reference", "Solution.swift")
            kind = rng.choices(KINDS, weights=mix)[0]
            detail = None
            text = None
            if kind == "wrong":
                options = mutants(directory)
                rng.shuffle(options)
                for name in options:
                    path = os.path.join(directory, "Mutants", name)
                    if name.endswith(".patch"):
                        text = apply_patch(reference, path)
                    else:
                        text = open(path, encoding="utf-8").read()
                        if text.startswith("// Mutant:"):
                            text = text.split("\n", 1)[1].lstrip("\n")
                    if text is not None:
                        detail = name
                        break
                if text is None:
                    kind = "correct"   # an exercise without a usable mutant
            if kind == "typo":
                text, detail = misspell(open(reference, encoding="utf-8").read(), rng)
            if kind == "correct":
                text = open(reference, encoding="utf-8").read()
            if kind == "starter":
                text = open(os.path.join(directory, "Solution.swift"), encoding="utf-8").read()
            work[sid][f"{lesson}/{folder}"] = {"kind": kind, "detail": detail, "text": text}
    return ids, names, dates, copiers, work


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out")
    parser.add_argument("--course", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lessons", default="")
    parser.add_argument("--exercises", default="")
    parser.add_argument("--mix", default="correct=55,wrong=25,starter=10,typo=10")
    parser.add_argument("--copiers", type=float, default=0.1)
    parser.add_argument("--only", default="")
    parser.add_argument("--tag", default="")
    args = parser.parse_args()
    course = os.path.abspath(args.course)
    lessons = [x for x in args.lessons.split(",") if x]
    names = [x for x in args.exercises.split(",") if x]
    exercises = course_exercises(course, lessons, names)
    ids, student_names, dates, copiers, work = draw_class(
        course, exercises, args.students, args.seed, parse_mix(args.mix), args.copiers)
    if args.only and args.only not in ids:
        sys.exit(f"generate.py: --only {args.only}: no such student (student-01 … {ids[-1]})")

    os.makedirs(args.out, exist_ok=True)
    manifest = {"seed": args.seed, "mix": args.mix, "exercises": [f"{l}/{f}" for l, f in exercises],
                "students": {}}
    for sid in ids:
        if args.only and sid != args.only:
            continue
        author = copiers.get(sid, sid)   # a copier hands in the author's files, header and all
        entry = {"name": student_names[sid], "copied_from": copiers.get(sid), "exercises": {}}
        for lesson, folder in exercises:
            key = f"{lesson}/{folder}"
            drawn = work[author][key]
            target = os.path.join(args.out, sid, "Exercises", lesson, folder, "Solution.swift")
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w", encoding="utf-8") as out:
                out.write(header(lesson, folder, student_names[author], dates[author], args.tag) + drawn["text"])
            entry["exercises"][key] = {"kind": drawn["kind"], "detail": drawn["detail"]}
        manifest["students"][sid] = entry
    with open(os.path.join(args.out, "class.json"), "w") as out:
        json.dump(manifest, out, indent=1, ensure_ascii=False, sort_keys=True)
    counts = {kind: 0 for kind in KINDS}
    for entry in manifest["students"].values():
        for drawn in entry["exercises"].values():
            counts[drawn["kind"]] += 1
    total = sum(counts.values())
    print(f"{len(manifest['students'])} students × {len(exercises)} exercises in {args.out}: " +
          ", ".join(f"{kind} {counts[kind]} ({100 * counts[kind] / total:.0f}%)" for kind in KINDS) +
          f"; copiers: {', '.join(f'{c} of {o}' for c, o in sorted(copiers.items())) or 'none'}", file=sys.stderr)


if __name__ == "__main__":
    main()
