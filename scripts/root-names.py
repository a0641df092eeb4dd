#!/usr/bin/env python3
"""Counts the visible names at the root of `mcp_content` (core/src/lib.rs, which runtime/src/lib.rs
re-exports beside the macros).

A name is visible when an item at the crate root declares or re-exports it (`pub use` —
each leaf of a `{…}` list, `pub mod`, `pub fn`, `pub struct`, `pub trait`, `pub const`,
`macro_rules!` with `#[macro_export]`…) and no `#[doc(hidden)]` sits on that item.
`#[cfg(…)]` items count (every feature on). Prints the count; `-v` lists the names.

    python3 scripts/root-names.py [-v] [path/to/lib.rs]
"""

import re
import sys


def strip_comments(text):
    """The source without `//` comments (doc comments included) and `/* */` blocks; string
    literals kept as they are (a `//` inside one is rare at a crate root and not expected)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(re.sub(r"//.*", "", line) for line in text.splitlines())


def items(text):
    """The root items, each as (attributes, body), split at depth 0 on `;` or a closing `}`."""
    pos, depth, start = 0, 0, 0
    out = []
    while pos < len(text):
        c = text[pos]
        if c == '"':
            end = pos + 1
            while end < len(text) and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            pos = end + 1
            continue
        if c in "{[(":
            depth += 1
        elif c in "}])":
            depth -= 1
            if depth == 0 and c == "}":
                # an item ending in a block (`mod m { … }`, `macro_rules! m { … }`), unless a
                # `;` follows (`pub use a::{b, c};`)
                rest = text[pos + 1 :].lstrip()
                if not rest.startswith(";"):
                    out.append(text[start : pos + 1])
                    start = pos + 1
        elif c == ";" and depth == 0:
            out.append(text[start : pos + 1])
            start = pos + 1
        pos += 1
    return [chunk.strip() for chunk in out if chunk.strip()]


def split_attributes(item):
    attrs = []
    while True:
        item = item.lstrip()
        if not item.startswith("#[") and not item.startswith("#!["):
            return attrs, item
        depth, pos = 0, 1
        while True:
            if item[pos] == "[":
                depth += 1
            elif item[pos] == "]":
                depth -= 1
                if depth == 0:
                    break
            pos += 1
        if not item.startswith("#!["):  # an inner attribute belongs to the crate
            attrs.append(item[: pos + 1])
        item = item[pos + 1 :]


def use_leaves(tree):
    """The names a use tree brings in: `a::{b, c::{d as e}, self}` gives b, e, a."""
    tree = tree.strip()
    if "{" not in tree:
        if tree.endswith("*"):
            return ["*" + tree]
        if " as " in tree:
            return [tree.split(" as ")[1].strip()]
        last = tree.split("::")[-1].strip()
        return [last]
    prefix, rest = tree.split("{", 1)
    inner = rest.rsplit("}", 1)[0]
    parts, depth, cur = [], 0, ""
    for c in inner:
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += c
    parts.append(cur)
    names = []
    for part in (p.strip() for p in parts):
        if not part:
            continue
        if part == "self":
            names.append(prefix.rstrip(":").split("::")[-1].strip())
        elif part.startswith("self as "):
            names.append(part.split(" as ")[1].strip())
        else:
            names.extend(use_leaves(part))
    return names


def visible_names(source):
    names = []
    for item in items(strip_comments(source)):
        attrs, body = split_attributes(item)
        if not body or any(re.match(r"#\[\s*doc\s*\(\s*hidden\s*\)\s*\]", a) for a in attrs):
            continue
        if body.startswith("macro_rules!"):
            if any("macro_export" in a for a in attrs):
                names.append(body.split("!")[1].split("{")[0].strip())
            continue
        m = re.match(r"pub\s+use\s+(.*);$", body, flags=re.S)
        if m:
            names.extend(use_leaves(" ".join(m.group(1).split())))
            continue
        m = re.match(
            r"pub\s+(?:unsafe\s+|async\s+|const\s+(?=fn))*"
            r"(mod|fn|struct|enum|trait|type|const|static|union)\s+(\w+)",
            body,
        )
        if m:
            names.append(m.group(2))
    return names


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    path = args[0] if args else "core/src/lib.rs"
    with open(path, encoding="utf-8") as f:
        names = visible_names(f.read())
    if "-v" in sys.argv:
        for name in sorted(names, key=str.lower):
            print(name)
    print(len(names))


if __name__ == "__main__":
    main()
