#!/usr/bin/env python3
"""File-level import cycles in a crate's src/ (default: runtime/src), test modules counted.

Every `use crate::…` / `super::…` / `self::…` (and such paths written inline) is resolved to
the file that defines the module it names; `pub use` re-exports are followed to the file that
defines the item, and are not edges themselves (a facade module is not a dependency). Inline
modules (`mod engine { … }`) belong to their file. Prints the cycles (strongly connected
components of more than one file) and exits 1 when there is any.

    python3 scripts/import-cycles.py [runtime/src]
"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "runtime/src"


def strip(text):
    """Comments, strings and character literals out, in one pass (a `//` in a string stays)."""
    pattern = re.compile(
        r'//[^\n]*|/\*.*?\*/|\br(#*)".*?"\1|b?"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])\'',
        re.S,
    )
    return pattern.sub(lambda m: '""' if m.group(0)[0] in "rb\"" else " ", text)


def declared_paths():
    """Files named by `#[path = "…"] mod name;`: the module they are, by the declaring file."""
    found = {}
    for dirpath, _, files in os.walk(root):
        for name in files:
            if name.endswith(".rs"):
                path = os.path.join(dirpath, name)
                text = open(path, encoding="utf-8").read()
                for m in re.finditer(r'#\[path\s*=\s*"([^"]+)"\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;', text):
                    target = os.path.normpath(os.path.join(dirpath, m.group(1)))
                    found[target] = (path, m.group(2))
    return found


DECLARED = declared_paths()


def file_module(path):
    if os.path.normpath(path) in DECLARED:
        parent, name = DECLARED[os.path.normpath(path)]
        parent_module = file_module(parent)
        # a `#[path]` module declared in `a/b.rs` is `a::b::name`; in `a/mod.rs` or lib.rs, `a::name`
        return parent_module + (name,)
    rel = os.path.relpath(path, root)[:-3].split(os.sep)
    if rel[-1] in ("lib", "main", "mod"):
        rel = rel[:-1]
    return tuple(rel)


def expand_tree(prefix, tree):
    """`a::{b, c::{d}}` → [a::b, a::c::d]."""
    tree = tree.strip()
    depth, i = 0, 0
    for i, ch in enumerate(tree):
        if ch == "{":
            break
    else:
        return [prefix + tree.split(" as ")[0].strip()]
    head, body = tree[:i], tree[i + 1 : tree.rindex("}")]
    parts, depth, cur = [], 0, ""
    for ch in body:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    parts.append(cur)
    out = []
    for part in parts:
        if part.strip():
            out += expand_tree(prefix + head, part)
    return out


modules = {}  # module path -> file
uses = {}  # file -> [(module of the use site, path segments, is_pub_use)]
for dirpath, _, files in os.walk(root):
    for name in files:
        if not name.endswith(".rs"):
            continue
        path = os.path.join(dirpath, name)
        base = file_module(path)
        modules[base] = path
        text = strip(open(path, encoding="utf-8").read())
        stack = []  # (inline module name, brace depth at its opening)
        depth = 0
        found = []
        for m in re.finditer(
            r"(?P<mod>\bmod\s+(?P<name>\w+)\s*\{)|(?P<use>\b(?P<vis>pub(?:\([^)]*\))?\s+)?use\s+(?P<tree>[^;]*);)"
            r"|(?P<path>\b(?:crate|super|self)(?:::\w+)+)|(?P<open>\{)|(?P<close>\})",
            text,
        ):
            here = base + tuple(n for n, _ in stack)
            if m.group("mod"):
                depth += 1
                stack.append((m.group("name"), depth))
                modules[base + tuple(n for n, _ in stack)] = path
            elif m.group("open"):
                depth += 1
            elif m.group("close"):
                if stack and stack[-1][1] == depth:
                    stack.pop()
                depth -= 1
            elif m.group("use"):
                for p in expand_tree("", m.group("tree")):
                    found.append((here, p, bool(m.group("vis"))))
            else:
                found.append((here, m.group("path"), False))
        uses[path] = found


def absolute(here, path):
    segs = [s for s in path.split("::") if s]
    if not segs or segs[0] not in ("crate", "super", "self"):
        return None
    cur = list(here)
    if segs[0] == "crate":
        cur, segs = [], segs[1:]
    while segs and segs[0] in ("super", "self"):
        if segs.pop(0) == "super":
            cur = cur[:-1]
    return tuple(cur + segs)


reexports = {}  # (module, name) -> absolute path
for path, found in uses.items():
    for here, p, is_pub in found:
        if is_pub and not p.endswith("*"):
            target = absolute(here, p)
            if target:
                name = p.split(" as ")[-1].split("::")[-1].strip()
                reexports[(here, name)] = target


def resolve(target, seen=()):
    for n in range(len(target), -1, -1):
        mod = target[:n]
        if mod in modules:
            if n < len(target) and (mod, target[n]) in reexports and target not in seen:
                return resolve(reexports[(mod, target[n])] + target[n + 1 :], seen + (target,))
            return modules[mod]
    return None


edges = {path: set() for path in uses}
for path, found in uses.items():
    for here, p, is_pub in found:
        if is_pub:
            continue
        target = absolute(here, p)
        dest = target is not None and resolve(target)
        if dest and dest != path:
            edges[path].add(dest)

# Tarjan's strongly connected components.
index, low, on, st, sccs, counter = {}, {}, set(), [], [], [0]
sys.setrecursionlimit(10000)


def visit(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    st.append(v)
    on.add(v)
    for w in edges[v]:
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = st.pop()
            on.discard(w)
            comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            sccs.append(sorted(comp))


for v in sorted(edges):
    if v not in index:
        visit(v)
print(f"{len(edges)} files, {sum(map(len, edges.values()))} file-to-file imports, {len(sccs)} cycles")
for comp in sccs:
    print("cycle:", "  ".join(os.path.relpath(c, root) for c in comp))
    for a in comp:
        for b in sorted(edges[a] & set(comp)):
            print(f"    {os.path.relpath(a, root)} -> {os.path.relpath(b, root)}")
sys.exit(1 if sccs else 0)
