#!/usr/bin/env python3
"""TRY's one convention (runtime/Exception.h, docs/adding-an-operator.md):
its argument is the success condition written as a comparison with the
callee's error value, one of

    TRY(<expr> != NULL)   TRY(<expr> == 0)   TRY(<expr> >= 0)   TRY(!Error_occurred())

    tests/style/check_try_convention.py DIR...

Exit status 0 when every TRY( of the .c and .h files under the DIRs has one
of these forms, 1 (with file:line of the others) when not.
"""
import os
import re
import sys

USE = re.compile(r"\bTRY\((.*)\);")
FORMS = (re.compile(r".* != NULL$"), re.compile(r".* == 0$"), re.compile(r".* >= 0$"),
         re.compile(r"^!Error_occurred\(\)$"))


def main(dirs):
    bad = []
    uses = 0
    for top in dirs:
        for root, _, files in os.walk(top):
            for name in sorted(files):
                if not name.endswith((".c", ".h")):
                    continue
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as f:
                    for lineno, line in enumerate(f, 1):
                        m = USE.search(line)
                        if m is None:
                            continue
                        uses += 1
                        if not any(form.match(m.group(1).strip()) for form in FORMS):
                            bad.append(f"{path}:{lineno}: TRY({m.group(1)}) is not a comparison with an error value")
    for b in bad:
        print(b, file=sys.stderr)
    if uses == 0:
        print("no TRY( found: wrong directories?", file=sys.stderr)
        return 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
