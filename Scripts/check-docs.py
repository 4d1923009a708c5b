#!/usr/bin/env python3
"""Checks the API documentation against the symbol graph (run by Scripts/docs.sh):

1. every public symbol declared in Sources/ has a doc comment;
2. every top-level public symbol of the CodableBridge module (its own and the re-exported
   CodableBridgeCoercion ones) is listed under a topic of the DocC catalog
   (``Name`` in CodableBridge.md or an article's Topics).

    python3 Scripts/check-docs.py <symbol-graph-dir>

Prints what is missing, with the fix, and exits 1.
"""

import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CATALOG = ROOT / "Sources" / "CodableBridge" / "CodableBridge.docc"


def main(graph_dir):
    graph_dir = pathlib.Path(graph_dir)
    symbols = []
    for path in sorted(graph_dir.glob("CodableBridge*.symbols.json")):
        symbols += json.loads(path.read_text())["symbols"]
    problems = []

    undocumented = sorted({
        (s["location"]["uri"].split("/Sources/")[-1], s["location"]["position"]["line"] + 1, ".".join(s["pathComponents"]))
        for s in symbols
        if "location" in s and "/Sources/" in s["location"]["uri"] and not s.get("docComment")
    })
    for file, line, name in undocumented:
        problems.append(f"Sources/{file}:{line}: public symbol {name} has no doc comment")

    curated = set()
    for page in CATALOG.glob("*.md"):
        curated |= set(re.findall(r"^- ``([^`]+)``", page.read_text(), re.M))
    top_level = sorted({s["pathComponents"][0] for s in symbols
                        if len(s["pathComponents"]) == 1 and s.get("location", {}).get("uri", "").find("/Sources/") >= 0})
    for name in top_level:
        if name not in curated:
            problems.append(f"{name}: not listed under a topic; add `- ``{name}``` to a `### ` group in "
                            f"Sources/CodableBridge/CodableBridge.docc/CodableBridge.md")

    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} documentation problem(s).", file=sys.stderr)
        return 1
    print(f"Documentation check: {len(top_level)} top-level symbols curated, "
          f"{sum(1 for s in symbols if 'location' in s)} symbols documented.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ".build-docs/symbol-graphs/CodableBridge"))
