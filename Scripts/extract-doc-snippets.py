#!/usr/bin/env python3
"""Turns every ```swift block of README.md and Docs/*.md into a Swift file of the DocSnippetTests
test target, so that `swift test` compiles every example in the documentation.

    python3 Scripts/extract-doc-snippets.py          # regenerate Tests/DocSnippetTests/Generated/
    python3 Scripts/extract-doc-snippets.py --check  # exit 1 if the generated files are stale

Markers (an HTML comment on the line right before the opening fence, invisible on GitHub):

    <!-- snippet: illustration -->      the block is not compiled (it needs another package, or
                                        shows a fragment on purpose)
    <!-- snippet: prelude              code placed before the block when compiling it, for names
    let data = Data()                   the surrounding text has introduced (a model, `data`)
    -->

How a block becomes a file (Generated/<Doc>_<n>.swift, n counts the document's swift blocks):
`import` lines go to the top; top-level declarations (struct, class, enum, protocol, extension,
func, typealias, actor) go to file scope, made `private` so that every file may declare its own
`Book`; every other top-level statement goes, in order, into `private func snippetBody() async
throws`, which is compiled but never run (examples read files and URLs that do not exist here).
An expression statement whose result would be unused is passed to `snippetDiscard(…)`, and every
top-level `let`/`var` is touched at the end (`_ = name`), so examples compile without warnings.

Generated/SnippetManifest.swift lists a hash of each block (and its marker and prelude); the test
DocSnippetFreshnessTests re-reads the Markdown and fails when a block changed, was added or was
removed since the last run of this script.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "Tests" / "DocSnippetTests" / "Generated"
DECL_KEYWORDS = {"struct", "class", "enum", "protocol", "extension", "func", "typealias", "actor"}
MODIFIERS = {"public", "private", "fileprivate", "internal", "open", "final", "indirect", "package"}
STATEMENT_KEYWORDS = {"let", "var", "if", "for", "while", "guard", "switch", "do", "defer", "throw",
                      "return", "repeat", "_"}


def documents():
    """README.md, then Docs/*.md by name: the order the freshness test uses too."""
    docs = [ROOT / "README.md"] + sorted((ROOT / "Docs").glob("*.md"))
    return [d for d in docs if d.exists()]


def blocks(path):
    """(index, first code line number, kind, prelude lines, code lines) for each swift block."""
    lines = path.read_text(encoding="utf-8").split("\n")
    found = []
    i = 0
    while i < len(lines):
        if lines[i].strip(" \t\r") == "```swift":
            start = i
            end = i + 1
            while end < len(lines) and lines[end].strip(" \t\r") != "```":
                end += 1
            code = lines[start + 1:end]
            kind = "compile"
            prelude = []
            before = lines[start - 1].strip(" \t\r") if start > 0 else ""
            if before == "<!-- snippet: illustration -->":
                kind = "illustration"
            elif before == "-->":
                k = start - 2
                while k >= 0 and lines[k].strip(" \t\r") != "<!-- snippet: prelude":
                    k -= 1
                if k >= 0:
                    prelude = lines[k + 1:start - 1]
            found.append((len(found) + 1, start + 2, kind, prelude, code))
            i = end + 1
        else:
            i += 1
    return found


def fnv1a(text):
    """64-bit FNV-1a of the UTF-8 bytes (the freshness test computes the same)."""
    h = 0xcbf29ce484222325
    for byte in text.encode("utf-8"):
        h ^= byte
        h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def fingerprint(kind, prelude, code):
    return fnv1a(kind + "\n" + "\n".join(prelude) + "\n\x00\n" + "\n".join(code))


class Scanner:
    """Tracks nesting depth across lines, ignoring strings and comments."""

    def __init__(self):
        self.depth = 0
        self.block_comment = 0
        self.multiline = None  # the closing delimiter of an open multi-line string

    def scan(self, line):
        """Updates the depth; returns whether an assignment '=' occurred at depth 0."""
        assigned = False
        i = 0
        n = len(line)
        while i < n:
            if self.multiline:
                j = line.find(self.multiline, i)
                if j < 0:
                    return assigned
                i = j + len(self.multiline)
                self.multiline = None
                continue
            if self.block_comment:
                if line.startswith("*/", i):
                    self.block_comment -= 1
                    i += 2
                elif line.startswith("/*", i):
                    self.block_comment += 1
                    i += 2
                else:
                    i += 1
                continue
            c = line[i]
            if line.startswith("//", i):
                return assigned
            if line.startswith("/*", i):
                self.block_comment += 1
                i += 2
                continue
            m = re.match(r'(#*)"""', line[i:])
            if m:
                self.multiline = '"""' + m.group(1)
                i += len(m.group(0))
                continue
            m = re.match(r'(#*)"', line[i:])
            if m:
                hashes = m.group(1)
                close = '"' + hashes
                j = i + len(m.group(0))
                while j < n:
                    if not hashes and line[j] == "\\":
                        j += 2
                        continue
                    if line.startswith(close, j):
                        j += len(close)
                        break
                    j += 1
                i = j
                continue
            if c in "([{":
                self.depth += 1
            elif c in ")]}":
                self.depth -= 1
            elif c == "=" and self.depth == 0:
                prev = line[i - 1] if i > 0 else " "
                nxt = line[i + 1] if i + 1 < n else " "
                if nxt != "=" and prev not in "=!<>" and nxt != ">":
                    assigned = True
            i += 1
        return assigned


def first_word(line):
    """The first keyword of a declaration or statement, skipping attributes and modifiers."""
    words = re.findall(r"@?[A-Za-z_][A-Za-z0-9_]*(?:\([^)]*\))?", line)
    for w in words:
        if w.startswith("@"):
            continue
        if w in MODIFIERS:
            continue
        return w
    return ""


def split(code):
    """Splits a block into imports, top-level items (declarations and statements, in order) and
    the names of top-level `let`/`var` statements."""
    imports, items, touched = [], [], []
    scanner = Scanner()
    pending = []  # comment and attribute lines waiting for the next item
    current = None
    for line in code:
        stripped = line.strip()
        if current is None:
            if stripped == "" or stripped.startswith("//"):
                pending.append(line)
                continue
            if stripped.startswith("import "):
                imports.append(stripped)
                pending = []
                continue
            if stripped.startswith("@") and first_word(stripped) == "":
                pending.append(line)
                continue
            if re.match(r"^\.[A-Za-z]", stripped) and items and items[-1]["kind"] == "stmt":
                current = items.pop()  # a chained call continuing the previous statement
                current["lines"].extend(pending)
            else:
                word = first_word(stripped)
                kind = "decl" if word in DECL_KEYWORDS else "stmt"
                current = {"kind": kind, "lines": pending, "first": len(pending), "assigned": False}
                if kind == "stmt":
                    m = re.match(r"^(?:let|var)\s+([A-Za-z_][A-Za-z0-9_]*)\b", stripped)
                    if m:
                        touched.append(m.group(1))
            pending = []
        current["lines"].append(line)
        if scanner.scan(line):
            current["assigned"] = True
        if scanner.depth <= 0 and scanner.multiline is None and scanner.block_comment == 0:
            items.append(current)
            current = None
    if current is not None:
        items.append(current)
    return imports, items, touched


def make_private(lines):
    """Adds `private` to the declaration line of a hoisted item (after attributes)."""
    out = []
    done = False
    for line in lines:
        stripped = line.strip()
        if not done and stripped and not stripped.startswith("//") and not (stripped.startswith("@") and first_word(stripped) == ""):
            word = first_word(stripped)
            has_access = re.match(r"^(?:@\S+\s+)*(public|private|fileprivate|internal|open|package)\b", stripped)
            if word != "extension" and not has_access:
                indent = line[: len(line) - len(line.lstrip())]
                line = indent + "private " + line.lstrip()
            done = True
        out.append(line)
    return out


def render_statement(item):
    """The statement's lines; an expression statement whose value would be unused gets `_ = `."""
    lines = list(item["lines"])
    first = item["first"]
    stripped = lines[first].strip()
    keyword = re.match(r"^(?:try[?!]?\s+)?(?:await\s+)?([A-Za-z_][A-Za-z0-9_]*)", stripped)
    leading = keyword.group(1) if keyword else ""
    if not item["assigned"] and leading not in STATEMENT_KEYWORDS:
        # `_ = print(x)` would warn (a Void result), so the value goes to a generic sink instead;
        # the closing parenthesis gets its own line, after any trailing comment.
        return ["snippetDiscard("] + lines[:first] + lines[first:] + [")"]
    return lines


def generate(doc, index, line, prelude, code):
    relative = doc.relative_to(ROOT).as_posix()
    imports, items, touched = split(prelude + code)
    text = [
        f"// Generated by Scripts/extract-doc-snippets.py from {relative}, swift block {index} (line {line}).",
        "// Do not edit: change the Markdown and run `python3 Scripts/extract-doc-snippets.py`.",
        "",
    ]
    for imp in sorted(set(imports) | {"import CodableBridge", "import Foundation"}):
        text.append(imp)
    for item in items:
        if item["kind"] == "decl":
            text.append("")
            text.extend(make_private(item["lines"]))
    body = []
    for item in items:
        if item["kind"] == "stmt":
            body.extend(render_statement(item))
    for name in dict.fromkeys(touched):
        body.append(f"_ = {name}")
    while body and not body[0].strip():
        body.pop(0)
    if any(b.strip() == "snippetDiscard(" for b in body):
        text.append("")
        text.append("/// Takes an example's unused expression value, so that it compiles without warnings.")
        text.append("private func snippetDiscard<T>(_ value: T) {}")
    text.append("")
    text.append("private func snippetBody() async throws {")
    for b in body:
        text.append(("    " + b) if b.strip() else "")
    text.append("}")
    return "\n".join(text).rstrip() + "\n"


def stem(doc):
    relative = doc.relative_to(ROOT).with_suffix("").as_posix()
    return re.sub(r"[^A-Za-z0-9]+", "_", relative)


def build():
    files = {}
    manifest = []
    for doc in documents():
        for index, line, kind, prelude, code in blocks(doc):
            manifest.append((doc.relative_to(ROOT).as_posix(), index, kind, fingerprint(kind, prelude, code)))
            if kind == "illustration":
                continue
            files[f"{stem(doc)}_{index}.swift"] = generate(doc, index, line, prelude, code)
    entries = "\n".join(
        f'    .init(document: "{d}", block: {i}, kind: "{k}", fingerprint: 0x{h:016x}),' for d, i, k, h in manifest)
    files["SnippetManifest.swift"] = (
        "// Generated by Scripts/extract-doc-snippets.py. Do not edit.\n\n"
        "/// Every swift block of README.md and Docs/*.md when the snippets were last generated.\n"
        "let snippetManifest: [SnippetManifestEntry] = [\n" + entries + "\n]\n")
    return files


def main():
    check = "--check" in sys.argv[1:]
    files = build()
    existing = {p.name: p.read_text(encoding="utf-8") for p in OUT.glob("*.swift")} if OUT.exists() else {}
    if check:
        stale = sorted(set(existing) ^ set(files)) + sorted(n for n in files if n in existing and existing[n] != files[n])
        if stale:
            print("Doc snippets are stale: " + ", ".join(stale), file=sys.stderr)
            print("Run: python3 Scripts/extract-doc-snippets.py", file=sys.stderr)
            return 1
        return 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name in existing:
        if name not in files:
            (OUT / name).unlink()
    for name, text in files.items():
        if existing.get(name) != text:
            (OUT / name).write_text(text, encoding="utf-8")
    print(f"{len(files) - 1} snippet files in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
