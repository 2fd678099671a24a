"""The package's import graph has no cycle at module level (issue 13).

The graph is built from the source with ``ast`` (nothing is imported): one
node per module of ``utcp_lint`` (``linter/`` and ``rules/``), one edge per
import of another module of the package.  Imports are counted separately:

* **module level** -- statements run when the module is imported (the
  module body, class bodies, ``try``/``if`` blocks at top level), except
  ``if TYPE_CHECKING:`` blocks, which never run.  These must form no cycle:
  a cycle here is what makes import order matter and half-initialised
  modules possible.
* **function level** -- imports inside a function, run on first call.  They
  are the package's way to defer heavy engines (cold start, issue 15), and a
  cycle among them is harmless at run time (every module is fully
  initialised before any function runs).  They are listed, not forbidden;
  ``test_orchestration_imports_one_way`` holds ``utcp_lint.run`` to one
  direction at both levels.

Importing ``a.b.c`` also runs ``a/__init__`` and ``a/b/__init__``: those
count as edges too.  A module's own parent packages do not (Python
initialises the parent first, so a package ``__init__`` importing its
submodules is no cycle).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = "utcp_lint"
SOURCES = {PKG: ROOT / "linter", f"{PKG}.rules": ROOT / "rules"}


def _modules() -> dict[str, Path]:
    mods: dict[str, Path] = {}
    for prefix, base in SOURCES.items():
        for p in sorted(base.rglob("*.py")):
            rel = p.relative_to(base).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            if prefix == PKG and parts and parts[0] == "rules":
                continue  # not a package of linter/ (the rules live in rules/)
            name = ".".join([prefix] + parts)
            if "__pycache__" in p.parts:
                continue
            mods[name] = p
    return mods


MODULES = _modules()


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _resolve(importer: str, node: ast.ImportFrom) -> str | None:
    if node.level == 0:
        return node.module
    base = importer if _is_package(importer) else importer.rpartition(".")[0]
    for _ in range(node.level - 1):
        base = base.rpartition(".")[0]
    return f"{base}.{node.module}" if node.module else base


def _targets(importer: str, node: ast.AST) -> set[str]:
    """Modules of the package that ``node`` imports (and their parent packages)."""
    names: list[str] = []
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    elif isinstance(node, ast.ImportFrom):
        mod = _resolve(importer, node)
        if mod is None:
            return set()
        names = [mod]
        names += [f"{mod}.{a.name}" for a in node.names if f"{mod}.{a.name}" in MODULES]
    out: set[str] = set()
    for n in names:
        while n and n not in MODULES and "." in n:
            n = n.rpartition(".")[0]  # a name defined in a module, not a module
        if n not in MODULES:
            continue
        parts = n.split(".")
        for i in range(1, len(parts) + 1):  # the module and the packages it runs
            anc = ".".join(parts[:i])
            if anc in MODULES and anc != importer and not importer.startswith(anc + "."):
                out.add(anc)
    return out


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING"
    )


def _walk(importer: str, body: list, level: dict[str, set], fn: dict[str, set], in_fn: bool) -> None:
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            (fn if in_fn else level)[importer] |= _targets(importer, node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            _walk(importer, list(ast.iter_child_nodes(node)), level, fn, True)
        elif isinstance(node, ast.If) and _is_type_checking(node):
            _walk(importer, node.orelse, level, fn, in_fn)
        else:
            _walk(importer, list(ast.iter_child_nodes(node)), level, fn, in_fn)


def import_graph() -> tuple[dict[str, set], dict[str, set]]:
    """(module-level edges, function-level edges), module -> imported modules."""
    level: dict[str, set] = {m: set() for m in MODULES}
    fn: dict[str, set] = {m: set() for m in MODULES}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        _walk(name, tree.body, level, fn, False)
    return level, fn


def find_cycles(graph: dict[str, set]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in graph.get(v, ()):
                out.append(sorted(comp))

    import sys

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 10000))
    try:
        for v in sorted(graph):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(old)
    return out


def test_the_graph_sees_the_package():
    level, fn = import_graph()
    assert (
        len(MODULES) > 150
        and "utcp_lint.run.linter" in MODULES
        and "utcp_lint.rules.ul031_placeholder_without_input" in MODULES
    )
    # an edge the graph must find at each level (checks the walker itself)
    assert "utcp_lint.run.python" in level["utcp_lint.run.linter"]
    assert "utcp_lint.run.document" in fn["utcp_lint.run.linter"]  # on the first JSON file (issue 25)
    assert "utcp_lint.ruleset.rule" in level["utcp_lint.rules.ul031_placeholder_without_input"]
    assert "utcp_lint.template.bash" in fn["utcp_lint.ruleset.analyses"]


def test_no_module_level_import_cycle():
    level, _fn = import_graph()
    cycles = find_cycles(level)
    assert not cycles, "module-level import cycles (break one edge, e.g. import inside the function):\n" + "\n".join(
        " <-> ".join(c) for c in cycles
    )


def test_the_finder_reports_a_cycle():
    assert find_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert find_cycles({"a": {"b"}, "b": set()}) == []


def test_orchestration_imports_one_way():
    """utcp_lint.run: a module never imports one above it in the layer order
    (run/__init__.py), at module or function level, and nothing outside the
    orchestration imports its top (the Linter) except the command line (the check's
    work in cli.check_run) and the public facade utcp_lint.engine and the language server's session."""
    order = ["linter", "cache", "python", "document", "parallel", "rules", "read", "discover", "result"]
    order = [f"{PKG}.run.{m}" for m in order]
    level, fn = import_graph()
    for i, m in enumerate(order):
        wrong = (level[m] | fn[m]) & set(order[:i])
        assert not wrong, f"{m} imports {sorted(wrong)}, above it in utcp_lint.run"
    users = {m for m in MODULES if f"{PKG}.run.linter" in level[m] | fn[m]}
    front_ends = {f"{PKG}.engine", f"{PKG}.cli.app", f"{PKG}.cli.check_run", f"{PKG}.cli.declare", f"{PKG}.lsp.session"}
    assert users <= front_ends | {f"{PKG}.run"}, users
    # the engines never import the orchestration's handlers
    for m in MODULES:
        if not m.startswith(f"{PKG}.run") and m not in front_ends:
            bad = (level[m] | fn[m]) & {f"{PKG}.run.linter", f"{PKG}.run.document", f"{PKG}.run.python"}
            assert not bad, (m, bad)


# the packages that compute facts (issue 26): they take plain inputs and return typed facts
ENGINES = tuple(
    f"{PKG}.{p}" for p in ("template", "executor", "pyscan", "modeltext", "supplychain", "document", "models")
)
CONTEXT = f"{PKG}.ruleset.context"
TABLE = f"{PKG}.ruleset.analyses"
# what the context is made of: positioned JSON, the runtime's placeholder pattern, the string
# references, the options and the findings' source (plain data, importing no analysis)
CONTEXT_DATA = {
    f"{PKG}.document",
    f"{PKG}.document.jsonpos",
    f"{PKG}.document.refs",
    f"{PKG}.document.placeholder_scan",
}
# the Python side's context: PythonContext (the python-scope rules' context) makes the
# template rules' CliTemplate of each template written in Python
CONTEXT_BUILDERS = {f"{PKG}.pyscan.context"}


def _engine(m: str) -> bool:
    return any(m == e or m.startswith(e + ".") for e in ENGINES)


def test_no_import_circle_through_the_context_at_any_level():
    """No cycle, counting function-level imports too, runs through the context
    or the analysis table: the context imports no engine (not even inside a
    function); only the table's builders import engines, lazily; no engine
    imports the context or the table."""
    level, fn = import_graph()
    both = {m: level[m] | fn[m] for m in MODULES}
    for comp in find_cycles(both):
        assert CONTEXT not in comp and TABLE not in comp, "import circle through the context:\n" + " <-> ".join(comp)
    assert not fn[CONTEXT], sorted(fn[CONTEXT])  # no deferred engine import left in the context
    assert {m for m in level[CONTEXT] if _engine(m)} <= CONTEXT_DATA, sorted(level[CONTEXT])
    assert not {m for m in level[TABLE] if _engine(m)}, sorted(level[TABLE])  # engines only inside the builders
    assert {m for m in fn[TABLE] if _engine(m)}, "the table builds no analysis?"
    importers = {m for m in MODULES if _engine(m) and CONTEXT in both[m]}
    assert importers <= CONTEXT_BUILDERS, sorted(importers - CONTEXT_BUILDERS)
    assert not {m for m in MODULES if _engine(m) and TABLE in both[m]}


def test_the_circle_check_sees_a_function_level_circle():
    graph = {CONTEXT: {"e"}, "e": set()}
    fn_graph = {"e": {CONTEXT}}
    both = {m: graph.get(m, set()) | fn_graph.get(m, set()) for m in set(graph) | set(fn_graph)}
    assert find_cycles(both) == [sorted([CONTEXT, "e"])]
