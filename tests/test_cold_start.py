"""Cold start (issue 29): ``--version`` and ``--help`` answer without click or
the engine, and a one-tool lint imports only what its input reaches.

CPU figures live in bench/bench_coldstart.py (no timed tests here): these
tests check what is imported, which decides the cost and does not depend on
the machine's load.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ONE_TOOL = ROOT / "bench" / "one_tool_manual.json"
# "org": copy and pickle probe for Jython's org.python.core (a failed import importtime lists)
STDLIB = set(sys.stdlib_module_names) | {"org"}
# what a user runs: the installed console script, else the package's __main__
SCRIPT = Path(sys.executable).parent / "utcp-lint"
ENTRY = [str(SCRIPT)] if SCRIPT.exists() else ["-m", "utcp_lint"]


def _imports(*args: str, env_extra: dict[str, str] | None = None) -> tuple[list[str], subprocess.CompletedProcess]:
    env = dict(os.environ, **(env_extra or {}))
    r = subprocess.run(
        [sys.executable, "-X", "importtime", *ENTRY, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    mods = re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)$", r.stderr, re.M)
    return mods, r


def _baseline() -> set[str]:
    """What the interpreter itself imports at start (site, .pth hooks, sitecustomize)."""
    r = subprocess.run([sys.executable, "-X", "importtime", "-c", "pass"], capture_output=True, text=True, timeout=60)
    return {m.split(".")[0] for m in re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)$", r.stderr, re.M)}


def _click_output(*args: str, columns: str) -> str:
    env = dict(os.environ, COLUMNS=columns)
    return subprocess.run(
        [sys.executable, "-m", "utcp_lint.cli.app", *args], capture_output=True, text=True, env=env, timeout=120
    ).stdout


def test_help_text_is_fresh():
    r = subprocess.run(
        [sys.executable, "scripts/gen_help.py", "--check"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0, r.stderr + "\nrun: python scripts/gen_help.py"


def test_version_and_help_import_neither_click_nor_the_engine():
    for flag in ("--version", "-V", "--help", "-h"):
        mods, r = _imports(flag, env_extra={"COLUMNS": "100"})
        assert r.returncode == 0, r.stderr[-2000:]
        ours = {m for m in mods if m.split(".")[0] == "utcp_lint"}
        # the console script imports utcp_lint.__main__; ``python -m`` runs it as __main__
        assert "utcp_lint" in ours and ours <= {"utcp_lint", "utcp_lint.__main__"}, (flag, sorted(ours))
        third_party = {m.split(".")[0] for m in mods} - STDLIB - _baseline() - {"utcp_lint"}
        # the editable install's finder is the only module that is not ours, stdlib or the interpreter's own
        assert not {m for m in third_party if not m.startswith("__editable__")}, (flag, sorted(third_party))


def test_fast_answers_equal_clicks():
    assert _imports("--version")[1].stdout == _click_output("--version", columns="80")
    for columns in ("80", "132"):
        fast = _imports("--help", env_extra={"COLUMNS": columns})[1].stdout
        assert fast == _click_output("--help", columns=columns)
    # narrower than the written-out text: click answers, wrapped to the width
    narrow = _imports("--help", env_extra={"COLUMNS": "60"})[1]
    narrow_mods = {m.split(".")[0] for m in _imports("--help", env_extra={"COLUMNS": "60"})[0]}
    # click lists every command; the language server's pygls is not loaded for that
    assert "click" in narrow_mods and not {"pygls", "lsprotocol"} & narrow_mods
    assert narrow.stdout == _click_output("--help", columns="60")


def test_other_arguments_still_reach_click():
    mods, r = _imports("--version", "extra")
    assert "click" in {m.split(".")[0] for m in mods}
    # click answers (eager --version) exactly as the fast path would have
    assert (r.returncode, r.stdout) == (0, _click_output("--version", columns="80"))


def test_one_tool_lint_imports_only_what_the_input_reaches():
    mods, r = _imports(str(ONE_TOOL), "--no-config", "--no-cache")
    assert r.returncode == 0, r.stdout + r.stderr[-2000:]
    top = {m.split(".")[0] for m in mods} - STDLIB - _baseline() - {"utcp_lint"}
    top = {m for m in top if not m.startswith("__editable__")}
    # a valid bash manual needs the CLI and the bash parser, nothing else
    assert top <= {"click", "tree_sitter", "tree_sitter_bash"}, sorted(top)
    rules = {m for m in mods if m.startswith("utcp_lint.rules.")}
    assert rules, "no rule module ran"
    # no Python-source scan and no dynamic (verify) machinery for a bash manual
    assert not {m for m in mods if m.startswith(("utcp_lint.pyscan", "utcp_lint.executor.verify"))}, sorted(mods)


def test_bash_grammar_loads_without_the_package_init():
    """tree-sitter-bash's package ``__init__`` imports importlib.resources (tempfile,
    shutil, bz2, lzma, random: ~40M instructions) for a query the analysis never reads; the
    analysis loads the compiled grammar alone, and a bash finding is still found."""
    bad = ROOT / "fixtures" / "rules" / "UL101" / "bad_arithmetic.json"
    mods, r = _imports(str(bad), "--no-config", "--no-cache", "--format", "json", "--select", "UL101")
    assert r.returncode == 1, r.stdout + r.stderr[-2000:]
    assert '"rule": "UL101"' in r.stdout  # the parser ran
    assert "tree_sitter_bash" not in mods, sorted(mods)  # (importtime omits the binding loaded from its spec)
    assert not {"importlib.resources", "tempfile", "lzma"} & set(mods), sorted(mods)
    # the grammar loaded directly is the package's own: the same tree for the same script
    code = (
        "import tree_sitter_bash as p\n"
        "from tree_sitter import Language, Parser\n"
        "from utcp_lint.template.bash import tree\n"
        "b = tree._bash_binding()\n"
        "src = b'for f in *; do echo \"$f\" | wc -l; done'\n"
        "mine = str(tree.get_parser().parse(src).root_node)\n"
        "assert b is not p and mine == str(Parser(Language(p.language())).parse(src).root_node)\n"
        "print(mine)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "for_statement" in out.stdout and "pipeline" in out.stdout
