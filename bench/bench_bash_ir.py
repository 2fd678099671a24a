"""Instructions (valgrind callgrind ``Ir``) of the bash analysis, this checkout and others.

    python bench/bench_bash_ir.py MANUAL [--before PKG_ROOT ...]

On a loaded shared machine CPU seconds of two builds differ by several per cent between
identical runs; the instruction count of the same work does not (``PYTHONHASHSEED=0``).
For each package root (this checkout, then every ``--before``: a directory holding a
``utcp_lint`` package, e.g. ``git archive REV linter rules`` laid out as ``utcp_lint`` with
``rules`` inside, or /work/ref/b52), two processes run under callgrind: one loads MANUAL
and builds its CLI templates ("setup"), the other also runs ``bash.analyze`` on every
template and reads what the rules read (commands, variables, heredocs, parse errors, the
option scan).  The analysis's Ir is the difference.  Slow (~60x): use a small manual
(``python bench/diverse.py OUT --tools 200``).  Not a timing: instructions are not
cycles (cache misses, branch misses), so confirm a gain with bench_speed.py too.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

_CHILD = r"""
import sys
root, manual, mode = sys.argv[1:4]
if root:
    sys.path.insert(0, root)
try:
    from utcp_lint.ruleset.context import DocumentContext, LintOptions, SourceFile
    from utcp_lint.document.jsonpos import parse
except ImportError:  # the 52b4261 layout
    from utcp_lint.context import DocumentContext, LintOptions
    from utcp_lint.findings import SourceFile
    from utcp_lint.jsonpos import parse
from utcp_lint.template import bash as B
from utcp_lint.template.option_scan import option_hits

text = open(manual, encoding="utf-8").read()
doc = DocumentContext(SourceFile(manual, text), parse(text), LintOptions())
tpls = [t for t in doc.templates if t.steps]
B.analyze(tpls[0])  # imports and the parser
if mode == "all":
    for t in tpls:
        a = B.analyze(t)
        a.commands
        a.variables
        a.heredocs
        a.parse_errors
        option_hits(a)
"""


def callgrind_ir(child: str, args: list[str], root: str, pyc: str, **env_extra: str) -> int:
    """Instructions (callgrind ``Ir``) of ``python -c child *args``, its byte code cached first
    (a private ``PYTHONPYCACHEPREFIX`` per build under ``pyc``), ``PYTHONHASHSEED=0``."""
    env = dict(os.environ, PYTHONHASHSEED="0", **env_extra)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    tag = re.sub(r"\W+", "_", root) or "this"
    env["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), pyc, tag)
    cmd = [sys.executable, "-c", child, *args]
    subprocess.run(cmd, env=env, check=True, capture_output=True)  # byte-code cache
    r = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
        env=env,
        capture_output=True,
        text=True,
    )
    m = re.search(r"Collected : (\d+)", r.stderr)
    if r.returncode or m is None:
        raise SystemExit(f"callgrind failed (root {root or 'this checkout'}):\n{r.stderr[-2000:]}")
    return int(m.group(1))


def ir(root: str, manual: str, mode: str) -> int:
    return callgrind_ir(_CHILD, [root, manual, mode], root, "bench-bash-ir-pyc")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("manual")
    ap.add_argument("--before", action="append", default=[], help="package root of another build (repeatable)")
    args = ap.parse_args()
    manual = str(Path(args.manual).resolve())
    print(f"{'build':40} {'setup Ir':>15} {'analysis Ir':>15} {'vs this':>8}")
    mine = None
    for root in ["", *args.before]:
        setup = ir(root, manual, "setup")
        total = ir(root, manual, "all")
        got = total - setup
        mine = got if mine is None else mine
        print(f"{root or 'this checkout':40} {setup:15,d} {got:15,d} {got / mine:8.3f}")


if __name__ == "__main__":
    main()
