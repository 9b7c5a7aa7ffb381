#!/usr/bin/env python3
"""Rewrites the grader.yml of a course copy so that it lists only some lessons or exercises.

  course_subset.py COURSE_COPY [--lessons L1,L2] [--exercises a,b]

`grader batch` grades every exercise of the course, and grades a missing file as the starter:
a class of two lessons, graded in the whole course, would build and run the other lessons'
starters for every student. Benchmarks/class.sh measures a small class in a copy of the course
reduced this way. Nothing to do without a filter; never run it on the repository's own course.
"""
import os
import sys

import yaml   # PyYAML: Debian's python3-yaml, also in the machine's Python


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    course = sys.argv[1]
    options = dict(zip(sys.argv[2::2], sys.argv[3::2]))
    lessons = [x for x in options.get("--lessons", "").split(",") if x]
    names = [x for x in options.get("--exercises", "").split(",") if x]
    if not lessons and not names:
        return
    path = os.path.join(course, "grader.yml")
    manifest = yaml.safe_load(open(path, encoding="utf-8"))
    kept = []
    for lesson in manifest["lessons"]:
        if lessons and lesson["id"] not in lessons:
            continue
        lesson["exercises"] = [f for f in lesson["exercises"]
                               if not names or f in names or f.split("-", 1)[1] in names]
        if lesson["exercises"]:
            kept.append(lesson)
    if not kept:
        sys.exit(f"course_subset.py: no exercise of {path} matches --lessons/--exercises")
    manifest["lessons"] = kept
    with open(path, "w", encoding="utf-8") as out:
        out.write("# A subset of the course, written by Benchmarks/class/course_subset.py.\n")
        yaml.safe_dump(manifest, out, allow_unicode=True, sort_keys=False)


if __name__ == "__main__":
    main()
