"""Instructions (valgrind callgrind ``Ir``) of a whole lint run, this checkout and others.

    python bench/bench_run_ir.py MANUAL [--before PKG_ROOT ...]

The whole-run counterpart of bench_bash_ir.py: for each package root (this checkout, then
every ``--before``, e.g. /work/ref/b52) one process runs
``utcp-lint --no-config --no-cache --format json --jobs 1 MANUAL`` under callgrind, start-up
included (byte code cached first, ``PYTHONHASHSEED=0``, time budget lifted so the slow
run under valgrind does the same work).  Use ``python bench/diverse.py OUT --tools 200``.

Measured (s32perfR, 2026-11-27; ``python bench/diverse.py M.json --tools 200``, then
``python bench/bench_run_ir.py M.json --before /work/ref/b52``): 52b4261 3,231.4M; main
8e514a2 3,629.5M (1.123x); after the path-analysis prefilters, lookup and UL626 memo
3,586.8M; UL151 no walk for programs running no code 3,572.2M; model-text loops, release,
UL118 prefilter 3,499.5M (that run overlapped the next edit: it may include it); applies
once per template and need, merged with main e9e0012 3,497.9M (1.082x 52b4261).  Main
bbfc56f (output-file options, UL152) 3,832.2M (1.186x); this branch merged with it 3,694.1M
(1.143x).  s34perfC (2026-11-27): main dcf8200 3,693.0M, with the bash engine's unreached
patterns lazy and the walk key per command 3,686.8M (1.140x 52b4261); one-tool run
(bench/one_tool_manual.json) 566.7M -> 547.3M (52b4261 430.2M).  s36perfF (2026-11-27): main
92e3c78 3,753.1M (1.161x); tree-sitter-bash's grammar loaded without its package __init__
(importlib.resources, tempfile, shutil, bz2, lzma) 3,741.5M / 3,739.8M; the JSON report
written straight from the findings 3,709.2M / 3,706.4M; merged with main 7beaace 3,710.0M
(52b4261 3,235.0M in the same run: 1.147x).  50-tool run (diverse.py --tools 50): 1,412.9M
-> 1,390.0M.  s36perfG (2026-11-27): the cyclic collector paused for the CLI's check
(cli/app.py): 3,706.7M -> 3,705.6M only while ``gc.enable()`` at the command's end let the
next allocation walk the whole run as young objects (23M); resumed through
``freeze()``+``unfreeze()`` instead: after merging main ce1595e (3,786.1M) 3,755.8M (-30.3M,
1.161x 52b4261); merged with main c05c9bf (3,797.9M) 3,770.5M (-27.5M, 1.166x); the collector off from the interpreter's start would save ~8M more
(imports of cli.app, before the check runs: not reachable from the command).  s37perfH
(2026-11-28): main 9fa43b7 3,773.0M; the 39 records created at import keep ``@dataclass``
with ``__init__``/``__repr__``/``__eq__`` written in the class (no generated code compiled
per start: ~2.3M a plain record, ~4.1M a frozen one) 3,704.7M, 3,675.0M; the option grammars
read from a compiled form, one program at a time 3,645.6M; no pattern compiled per run-later
path, per bound variable name or for base64 3,627.9M; merged with main c49e13e 3,627.0M
(52b4261 3,234.1M in the same run: 1.121x).  Start-up is now b52's (empty manual 303.3M vs
297.3M); the rest is per-tool work of the analyses and rules added since.  Left, measured:
17 ``typing.NamedTuple`` tables ~1.0M each (a ``ForwardRef`` compiled per field under
``from __future__ import annotations``), option_table's specs built at import 9.8M, ~0.29M
import machinery per module (175 modules in a run), ~90 patterns compiled per run (~60M).

Two entries, both printed (``--entry click|user|both``): ``cli.app`` (click's group, the
figure above: the same entry in every tree, so it compares engine work) and the *user*
entry: each tree's console script as its ``[project.scripts]`` declares it (this checkout:
``utcp_lint.__main__:main``, which runs a plain check through cli/fast.py without click;
52b4261: ``utcp_lint.cli:main``, click, from ``git show 52b4261:pyproject.toml``: /work/ref/b52
has no pyproject), called as the generated wrapper calls it.  The issue's goal ("a whole lint
run") reads the user entry: it is what ``utcp-lint`` runs.  s37perfH2 (2026-11-28): the
user entry of main eefc8c8 still imported click, because the fast path did not read
``--jobs 1`` (the bench's serial run); it now does (``--jobs N``, ``-j N``, ``--jobs=N``).
Option_table's specs are built per program on first use.  Measured (same M.json):
main eefc8c8 click 3,628.7M, user 3,632.5M (52b4261 3,234.2M / 3,230.8M: 1.122x / 1.124x);
``--jobs`` read by the fast path and the lazy specs: click 3,626.8M, user 3,561.1M; merged
with main 4e6ca5b: click 3,627.4M (1.122x), user 3,561.7M (1.102x 52b4261's user entry).
The lazy specs saved ~1.9M here, not 9.8M: the diverse manual asks about most programs.
Main f68d03c (grammars for git/kubectl/docker/pip sub-commands, UL041-UL045): user 3,729.1M;
merged with it click 3,727.6M, user 3,661.6M (1.133x 52b4261's user entry): the goal moved away
with the engine work merged since.  s38perfI (2026-11-28, fixed costs; same M.json): main
afd8630 user 3,667.6M (1.135x); the written-out records' repr/==/hash/frozen methods shared
(core/fieldwise.py), the three generated frozen records written out, docstrings on the ten
records without one (``@dataclass`` builds a missing one with ``inspect.signature``, ~1M a
class) 3,658.0M; regular expressions read precompiled (core/lazyre.compile_pattern,
linter/data/regex_compiled.marshal: 80 -> 8 patterns compiled per run, the 8 json's and
dataclasses') 3,602.8M; pkgutil and textwrap no longer imported by a check 3,596.6M; merged
with main f01fb67: click 3,660.8M, user 3,596.6M (52b4261 3,231.0M / 3,231.7M in the same
run: 1.133x / 1.113x).  One-tool run (bench/one_tool_manual.json) before these: 371.0M vs
52b4261's 430.3M: start-up and first-use costs are below 52b4261's; the gap is per-tool work.
Left, measured: ``@dataclass`` processing without generated code ~0.3-0.5M a record (46 in a
run; ``slots=True`` adds ~0.1M), ``typing.NamedTuple`` ~1.2M a table (23; mostly
NamedTupleMeta's ``__bases__`` assignment and namedtuple's class, ForwardRef compiles only
~0.05M a field), the editable install's finder imports pathlib/ipaddress/urllib at site time
(both trees, not the package's).
s38perfJ (2026-11-28, per-tool hot paths; user entry, same
M.json): main afd8630 3,667.2M (1.135x); UL126 reading its bound-variable table only when a
comparison needs it 3,655.4M (that run had case statements from a query of their own: a
query compiled per run costs ~23M, more than the Python walk it replaced); the parse copy's
lone-dash rewrite searching for its '-' first (a leading look-behind was tried at every offset
of every script with "- ": ~76M) and the base-prefix rewrite only where '#"' or '#$' occurs;
case statements captured by the index query (@k) 3,534.8M; xargs asked once per analysis,
the option walk calling long_word only for '-' words, PATH_WRITES labels joined only for a
program starting a key of more words; merged with main f01fb67: click 3,584.2M (52b4261
3,231.0M: 1.109x), user 3,516.6M (52b4261 3,233.7M: 1.087x), -150.5M; merged with main 35d7a2a
(s38perfI, user 3,596.6M): click 3,511.0M (52b4261 3,231.1M: 1.087x), user 3,445.4M (52b4261
3,231.2M: 1.066x), -151.2M of main's.  Measured with
callgrind per variant (package copies under /tmp, ``python -c`` calling the console entry) and,
for attribution, a bytecode count per function/line (``sys.settrace`` with ``f_trace_opcodes``:
deterministic, unlike cProfile's times on the loaded machine) and each regex's recorded calls
replayed alone.  Left: jsonpos (document parse, 4.7M bytecodes, b52's size), the option walk
itself, ~15,000 budget checks of the template loop, client_vars' assignment regex (no literal
prefix, ~7M).  Session 38's final engine (ebb4b8c: the engine branches engR1, engR2, engS1
and engS2 merged after the speed work, +20.5M between them as their engineers measured):
click 3,538.1M (52b4261 3,232.8M: 1.094x), user 3,473.0M (52b4261 3,230.9M: 1.075x).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_bash_ir import callgrind_ir  # noqa: E402  (the one callgrind runner)

_CHILD = r"""
import sys
root, manual = sys.argv[1:3]
if root:
    sys.path.insert(0, root)
sys.argv = ["utcp-lint", "--no-config", "--no-cache", "--format", "json", "--jobs", "1", manual]
try:
    from utcp_lint.cli.app import main
except ImportError:  # the 52b4261 layout
    from utcp_lint.cli import main
try:
    main()
except SystemExit:
    pass
"""

# What a user runs: the console script ``utcp-lint`` as the tree's pyproject declares it
# (``[project.scripts]``), called as the generated wrapper calls it: ``sys.exit(main())``.
_USER_CHILD = r"""
import importlib, sys
root, manual, entry = sys.argv[1:4]
if root:
    sys.path.insert(0, root)
sys.argv = ["utcp-lint", "--no-config", "--no-cache", "--format", "json", "--jobs", "1", manual]
module, _, func = entry.partition(":")
main = getattr(importlib.import_module(module), func)
try:
    sys.exit(main())
except SystemExit:
    pass
"""

# 52b4261's pyproject.toml (``git show 52b4261:pyproject.toml``) declares
# ``utcp-lint = "utcp_lint.cli:main"``; /work/ref/b52 holds its package without the pyproject
_B52_ENTRY = "utcp_lint.cli:main"


def user_entry(root: str) -> str:
    """The ``utcp-lint`` console entry point (``module:function``) of the tree at ``root``
    ("" for this checkout): its pyproject.toml's ``[project.scripts]`` (the root or its
    parent), else 52b4261's for a package root without one (the /work/ref/b52 layout)."""
    import tomllib

    here = Path(__file__).resolve().parent.parent
    base = Path(root).resolve() if root else here
    for d in (base, base.parent):
        f = d / "pyproject.toml"
        if f.is_file():
            with f.open("rb") as fh:
                return str(tomllib.load(fh)["project"]["scripts"]["utcp-lint"])
    if (base / "utcp_lint" / "cli.py").is_file():  # 52b4261's layout: cli a module, not a package
        return _B52_ENTRY
    raise SystemExit(f"no pyproject.toml declaring utcp-lint for {root}: cannot tell its console entry")


def ir(root: str, manual: str) -> int:
    # the time budget lifted: the slow run under valgrind does the same work
    return callgrind_ir(_CHILD, [root, manual], root, "bench-run-ir-pyc", UTCP_LINT_TIME_BUDGET="100000")


def user_ir(root: str, manual: str) -> int:
    """As :func:`ir`, through the tree's console entry point (what ``utcp-lint`` runs)."""
    return callgrind_ir(
        _USER_CHILD, [root, manual, user_entry(root)], root, "bench-run-ir-pyc", UTCP_LINT_TIME_BUDGET="100000"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("manual")
    ap.add_argument("--before", action="append", default=[], help="package root of another build (repeatable)")
    ap.add_argument("--entry", choices=("both", "click", "user"), default="both", help="which entry to measure")
    args = ap.parse_args()
    manual = str(Path(args.manual).resolve())
    roots = ["", *args.before]
    kinds = [("click", ir), ("user", user_ir)]
    if args.entry != "both":
        kinds = [k for k in kinds if k[0] == args.entry]
    print(f"{'build':40} {'entry':24} {'whole-run Ir':>15} {'vs this':>8}")
    for kind, measure in kinds:
        mine = None
        for root in roots:
            got = measure(root, manual)
            mine = got if mine is None else mine
            label = "cli.app (click)" if kind == "click" else user_entry(root)
            print(f"{root or 'this checkout':40} {label:24} {got:15,d} {got / mine:8.3f}", flush=True)


if __name__ == "__main__":
    main()
