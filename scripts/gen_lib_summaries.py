"""Build ``linter/data/lib_summaries.json``: the public entry points of third-party libraries
that run a command through a shell, found by the engine's own per-function summaries run over
each library's source (issue 25).

A project that runs its commands through a library (``SubprocessRunner(cmd).run()``,
``Workspace.run(cmd)``, ``repo.git.execute(cmd, shell=True)``) hands its string to a shell the
scanned tree never shows.  Hand-written entries (``linter/pyscan/runnerlibs.py``) cover the
libraries someone has read; this script covers those of a pinned list the same way the
project pass covers a linted tree's own wrappers: it downloads each library's wheel (or
sdist) once, scans its modules with the Python rules, runs the project analysis
(``linter/pyscan/project.py``: summaries, then the fixpoint over the library's own call
graph) and keeps, for every public function, method and class (no part of the qualified
name starting with ``_``; ``Class.__init__`` stands for ``Class``), each parameter that
reaches a shell string: always (``string``), when a ``shell``-like parameter is true
(``flag``, with its default: ``unless`` when it defaults to true), or when the caller passes
``shell=True`` through ``**kwargs`` (``flag`` ``shell``).  Test modules, examples, docs and
vendored copies inside the archives are skipped.  Names re-exported by a package's
``__init__`` (``from ._runner import SubprocessRunner``) get the entry under the name users
import.

How the list is chosen.  Two public sources, then one rule: keep a library when its archive
(wheel, else sdist) writes a shell sink outside tests, examples and vendored copies
(``--grep``: ``shell=True``, ``os.system``, ``os.popen``, ``create_subprocess_shell``, a
``["sh"|"bash", "-c", ...]`` argv, ``pexpect.spawn``) and the summaries above then give it at
least one entry.

1. The import ranking (``--rank N --splits FILE``): the third-party modules most imported by
   the bench's development trees (every development split and held-out of
   ``bench/bench_pyscan_real.py``, cached under ``~/.cache/utcp-lint-bench/pyscan-real``; never
   a blind split).  A namespace package counts per subpackage: a tree that ships
   ``cloudmesh/git`` (a top folder without ``__init__.py``) still imports ``cloudmesh.common``
   from another distribution; an import name maps to the development tree that ships it, else
   to its name with dashes (``cloudmesh.common`` -> ``cloudmesh-common``).
2. The download catalogue: hugovk/top-pypi-packages (github.com/hugovk/top-pypi-packages,
   ``top-pypi-packages.csv`` at commit 7ec9534546eda4012c7826b6078e35eaa2c9c5f2, its
   ``last_update`` 2026-04-01: the 15,000 most-downloaded PyPI projects over 30 days, from
   the public PyPI download statistics).  The repository carries no licence file; only names
   and ranks were read to choose, and nothing of it is shipped.  Of its top 2,000 (session
   49), the archives grepped were those already on the machine and those a first pass
   picked as possible command runners (the projects' summaries, known runner libraries: 45
   archives): this workplace allows no bulk downloads from a registry, so the other
   top-2,000 archives were not fetched.  Kept (with entries): numpy (#15), prompt_toolkit
   (#183), jupyter_client (#378), mlflow (#655), pipenv (#807), hatch (#1048), twisted
   (#1245), robotframework (#1962); grepped without an entry: yt-dlp, py, pathos, pox,
   gevent, nox, anyio, trio; without a sink: sh, tox, poetry, supervisor, libtmux, pip-tools,
   pre-commit, setuptools-scm, nbconvert, pyinstaller, meson, pandas, sagemaker,
   scikit-build-core, notebook, apache-airflow.

Plus the well-known command-runner libraries.  Left out on purpose: executor
(runnerlibs.UNMODELLED: its users quote through properties the evaluator cannot follow) and
libraries whose command runs on a remote host (paramiko, pywinrm, pypsrp, asyncssh, fabric's
``Connection.run``: the hand-written remote-execution tables of ``runnerlibs.py``).  An argv
a library function only returns (a command built for a remote job, mlflow's Databricks
runner) is no entry: the table keeps functions that run a shell here.

    python scripts/gen_lib_summaries.py            # download (cached) and write the table
    python scripts/gen_lib_summaries.py --check    # offline: the committed table is well formed
    python scripts/gen_lib_summaries.py --rank 80 --splits SPLITS_FILE held-out  # the import ranking
    python scripts/gen_lib_summaries.py --grep ARCHIVE...  # the cheap pass: shell sinks written in archives
"""

from __future__ import annotations

import ast
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "linter" / "data" / "lib_summaries.json"
MODULE = ROOT / "linter" / "pyscan" / "libsumm.py"  # its GEN_MODULES: the entries' top-level modules
_BEGIN = "# BEGIN GENERATED (scripts/gen_lib_summaries.py): the top-level modules of the entries\n"
_END = "# END GENERATED\n"


def _modules_block(names: dict[str, list[str]]) -> str:
    """``GEN_NAMES``: top-level module -> the last names of its entries (one per line, as ruff
    formats it)."""
    if not names:
        return "GEN_NAMES: dict[str, tuple[str, ...]] = {}\n"
    body = "".join(
        f'    "{m}": ("{ns[0]}",),\n'
        if len(ns) == 1
        else f'    "{m}": (\n' + "".join(f'        "{n}",\n' for n in ns) + "    ),\n"
        for m, ns in names.items()
    )
    return "GEN_NAMES: dict[str, tuple[str, ...]] = {\n" + body + "}\n"


def _names(entries: list[dict]) -> dict[str, list[str]]:
    out: dict[str, set[str]] = {}
    for e in entries:
        out.setdefault(e["name"].split(".", 1)[0], set()).add(e["name"].rsplit(".", 1)[1])
    return {m: sorted(ns) for m, ns in sorted(out.items())}


def _with_modules(text: str, mods: list[str]) -> str:
    a = text.index(_BEGIN) + len(_BEGIN)
    b = text.index(_END)
    return text[:a] + _modules_block(mods) + text[b:]


CACHE = Path(os.environ.get("UTCP_LINT_LIBSUMM_CACHE", str(Path.home() / ".cache" / "utcp-lint-libsumm")))

#: (distribution, pinned version, licence (from the package's metadata), why it is listed)
LIBRARIES: list[tuple[str, str, str, str]] = [
    # command-runner libraries
    ("pytest-shutil", "1.8.1", "MIT", "runner: Workspace.run"),
    ("subprocrunner", "2.0.1", "MIT", "runner: SubprocessRunner"),
    ("sultan", "0.9.1", "MIT", "runner: Sultan command builder"),
    ("command_runner", "1.7.6", "BSD-3-Clause", "runner: command_runner(command, shell=...)"),
    ("delegator.py", "0.1.1", "MIT", "runner: delegator.run"),
    ("envoy", "0.0.3", "MIT", "runner: envoy.run"),
    ("sarge", "0.1.8", "BSD-3-Clause", "runner: sarge.run/Command"),
    ("ubelt", "1.4.3", "Apache-2.0", "runner: ubelt.cmd"),
    ("failprint", "1.1.1", "ISC", "runner: failprint.run"),
    ("subprocess-tee", "0.4.2", "MIT", "runner: subprocess_tee.run"),
    ("duty", "1.10.1", "ISC", "task runner: Context.run"),
    ("doit", "0.37.0", "MIT", "task runner: CmdAction"),
    ("cement", "3.0.16", "BSD-3-Clause", "framework: cement.utils.shell"),
    ("python-crontab", "3.4.0", "LGPL-3.0", "cron lines"),
    ("pexpect", "4.9.0", "ISC", "runner: pexpect.run"),
    ("plumbum", "2.0.2", "MIT", "runner"),
    ("spur", "0.3.23", "BSD-2-Clause", "runner"),
    ("edk2-pytool-library", "0.23.17", "BSD-2-Clause-Patent", "build: RunCmd"),
    ("oslo.concurrency", "7.6.1", "Apache-2.0", "processutils.execute"),
    ("bash", "0.6", "MIT", "runner: bash(cmd)"),
    ("shell", "1.0.1", "MIT", "runner: shell(command)"),
    ("shellpy", "0.5.1", "BSD-3-Clause", "runner"),
    ("commandlib", "0.3.5", "MIT", "runner: Command"),
    ("easyprocess", "1.1", "BSD-2-Clause", "runner: EasyProcess"),
    ("procrunner", "2.3.3", "BSD-3-Clause", "runner: procrunner.run"),
    ("invoke", "3.0.3", "BSD-2-Clause", "task runner: Context.run"),
    ("fabric", "3.2.3", "BSD-2-Clause", "task runner: Connection.local"),
    ("ptyprocess", "0.7.0", "ISC", "runner: PtyProcess.spawn"),
    ("cmd2", "4.3.1", "MIT", "framework: Cmd.do_shell"),
    ("luigi", "3.8.1", "Apache-2.0", "workflow: external programs"),
    ("mrjob", "0.7.4", "Apache-2.0", "workflow: Hadoop steps"),
    ("ansible-runner", "2.4.3", "Apache-2.0", "runner: run_command"),
    # most imported by the development trees, with subprocess calls in public functions
    ("GitPython", "3.2.1", "BSD-3-Clause", "imported by 34 trees: Git.execute(shell=)"),
    ("watchdog", "7.1.0", "Apache-2.0", "imported by 14 trees: ShellCommandTrick"),
    ("ipython", "9.18.1", "BSD-3-Clause", "imported by 39 trees: IPython.utils.process"),
    ("humanfriendly", "10.0", "MIT", "imported by 10 trees"),
    ("psutil", "7.2.2", "BSD-3-Clause", "imported by 76 trees"),
    ("click", "8.5.1", "BSD-3-Clause", "imported by 67 trees"),
    ("pbr", "7.1.3", "Apache-2.0", "imported by 13 trees"),
    ("oslo.utils", "10.2.0", "Apache-2.0", "imported by 10 trees"),
    ("virtualenv", "21.15.11", "MIT", "imported by 11 trees"),
    ("jupyter_core", "5.9.1", "BSD-3-Clause", "imported by 9 trees"),
    ("cookiecutter", "2.7.1", "BSD-3-Clause", "imported by 8 trees"),
    ("build", "1.6.1", "MIT", "imported by 10 trees"),
    ("setuptools", "84.2.1", "MIT", "imported by 28 trees"),
    ("distro", "1.9.0", "Apache-2.0", "imported by 20 trees"),
    ("pyperclip", "1.11.0", "BSD-3-Clause", "imported by 10 trees"),
    ("coloredlogs", "15.0.1", "MIT", "imported by 10 trees"),
    ("fixtures", "4.3.2", "Apache-2.0", "imported by 15 trees"),
    ("tornado", "6.6.1", "Apache-2.0", "imported by 17 trees"),
    ("ansible-core", "2.19.14", "GPL-3.0-or-later", "imported by 8 trees: AnsibleModule.run_command"),
    # the import ranking over every development split (namespace packages per subpackage)
    ("cloudmesh-common", "5.0.64", "Apache-2.0", "imported by 3 trees as cloudmesh.common: Shell.run"),
    # the public catalogue (top-pypi-packages, 30-day downloads of 2026-04-01, rank among 15,000)
    ("numpy", "2.4.6", "BSD-3-Clause", "top-pypi #15, imported by 96 trees: numpy.distutils"),
    ("prompt_toolkit", "3.0.53", "BSD-3-Clause", "top-pypi #183, imported by 44 trees: run_system_command"),
    ("jupyter_client", "8.10.0", "BSD-3-Clause", "top-pypi #378, imported by 18 trees: launch_kernel"),
    ("mlflow", "3.18.0", "Apache-2.0", "top-pypi #655: projects' LocalBackend.run"),
    ("pipenv", "2026.10.3", "MIT", "top-pypi #807: utils.processes.run_command(shell=)"),
    ("hatch", "1.18.2", "MIT", "top-pypi #1048: Platform.run_command(shell=)"),
    ("twisted", "26.10.0", "MIT", "top-pypi #1245: twisted.python.release.sh"),
    ("robotframework", "7.5", "Apache-2.0", "top-pypi #1962: OperatingSystem.run"),
]

#: path parts of an archive's files that are not the library's API
_SKIP_PARTS = frozenset(
    {
        "tests",
        "test",
        "testing",
        "examples",
        "example",
        "docs",
        "doc",
        "benchmarks",
        "_vendor",
        "vendor",
        "vendored",
        "_vendored",
        "extern",
        "_distutils_hack",
    }
)
_MODES = ("string", "flag", "unless")
# the modes a parameter reaches its sink in that the table keeps: as it is, or inside
# hand-written quotes; not "derived" (through a call the evaluator does not know: an object
# handed down layers of the library, ``task_vars``), nor quoted
_SHELL_MODES = frozenset({"raw", "quoted-in-quotes"})
# the functions from the entry to the sink, the entry included (2: one library wrapper between): a value handed down
# more layers of a library crosses overridable methods the summary resolves by name (an
# ansible action plugin's ``task_vars`` reaching a connection's ``exec_command``)
MAX_HOPS = int(os.environ.get("LIBSUMM_MAX_HOPS", "2"))


def _skip(rel: str) -> bool:
    parts = rel.split("/")
    name = parts[-1]
    return (
        any(p in _SKIP_PARTS or p.endswith((".dist-info", ".egg-info", ".data")) for p in parts[:-1])
        or name.startswith("test_")
        or name.endswith("_test.py")
        or name == "conftest.py"
        or name == "setup.py"
    )


def _download(dist: str, version: str) -> Path:
    d = CACHE / f"{dist}-{version}"
    d.mkdir(parents=True, exist_ok=True)
    have = [p for p in d.iterdir() if p.suffix in (".whl", ".gz", ".zip")]
    if not have:
        base = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", str(d), f"{dist}=={version}"]
        r = subprocess.run(base + ["--only-binary=:all:"], capture_output=True, text=True)
        if r.returncode != 0:
            subprocess.run(base + ["--no-binary=:all:"], check=True, capture_output=True, text=True)
        have = [p for p in d.iterdir() if p.suffix in (".whl", ".gz", ".zip")]
    return sorted(have)[0]


def _sources(archive: Path) -> dict[str, str]:
    """path inside the import root -> text, of the archive's Python modules."""
    out: dict[str, str] = {}
    if archive.suffix in (".whl", ".zip"):
        with zipfile.ZipFile(archive) as z:
            items = [(n, z.read(n)) for n in z.namelist() if n.endswith(".py")]
    else:
        with tarfile.open(archive) as t:
            items = []
            for m in t.getmembers():
                f = t.extractfile(m) if m.isfile() and m.name.endswith(".py") else None
                if f is not None:
                    items.append((m.name, f.read()))
        # an sdist: drop its top folder, then a src/ layout's
        items = [(n.split("/", 1)[1] if "/" in n else n, b) for n, b in items]
        if any(n.startswith("src/") for n, _b in items):
            items = [(n[4:], b) for n, b in items if n.startswith("src/")]
    for n, b in items:
        if not _skip(n):
            out[n] = b.decode("utf-8", "replace")
    return out


def _reexports(texts: dict[str, str]) -> dict[str, str]:
    """``pkg.Name`` -> ``pkg._mod.Name`` for the names a package's ``__init__`` imports from
    its own modules (``from ._mod import Name``, ``from pkg._mod import Name as Alias``)."""
    out: dict[str, str] = {}
    for rel, text in texts.items():
        if not rel.endswith("/__init__.py"):
            continue
        pkg = rel[: -len("/__init__.py")].replace("/", ".")
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            continue
        for node in tree.body:
            if not isinstance(node, ast.ImportFrom) or node.module is None and not node.level:
                continue
            if node.level:
                base = pkg.split(".")
                base = base[: len(base) - (node.level - 1)]
                src = ".".join(base + ([node.module] if node.module else []))
            else:
                src = node.module or ""
            if not src.startswith(pkg.split(".")[0]):
                continue
            for a in node.names:
                if a.name != "*":
                    out[f"{pkg}.{a.asname or a.name}"] = f"{src}.{a.name}"
    return out


def _public(key: str) -> str | None:
    """The name users call: ``mod.Class`` for ``mod.Class.__init__``; None when a part is private."""
    parts = key.split(".")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    if not parts or any(p.startswith("_") for p in parts):
        return None
    return ".".join(parts)


_TEXT_TYPES = frozenset({"str", "bytes", "basestring", "string_types", "text_type", "unicode"})
_IDENT = re.compile(r"^\*?[A-Za-z_]\w*$")


def _text_test(e: ast.expr) -> bool:
    """``isinstance(x, str)`` (``six.string_types``, a tuple of text types)."""
    if not (
        isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "isinstance" and len(e.args) == 2
    ):
        return False
    t = e.args[1]
    types = t.elts if isinstance(t, ast.Tuple) else [t]
    names = [x.id if isinstance(x, ast.Name) else x.attr if isinstance(x, ast.Attribute) else "" for x in types]
    return bool(names) and all(n in _TEXT_TYPES for n in names)


def _forced_for_text(text: str, offset: int, flag: str) -> bool:
    """The function holding the sink at ``offset`` sets its flag parameter true for a text
    command: ``if isinstance(cmd, str): shell = True`` (pytest-shutil ``Workspace.run``) or
    ``shell = isinstance(cmd, str)``: a caller's string runs through the shell whatever the
    flag's default."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    line = _line(text, offset)
    best = None
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.lineno <= line <= (n.end_lineno or n.lineno):
            if best is None or n.lineno > best.lineno:
                best = n
    if best is None:
        return False

    def sets_true(body) -> bool:
        return any(
            isinstance(x, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == flag for t in x.targets)
            and isinstance(x.value, ast.Constant)
            and x.value.value is True
            for x in body
        )

    for n in ast.walk(best):
        if isinstance(n, ast.If) and _text_test(n.test) and sets_true(n.body):
            return True
        if (
            isinstance(n, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == flag for t in n.targets)
            and _text_test(n.value)
        ):
            return True
    return False


#: a sink in a module or behind a program only Windows has is not the default path of the
#: POSIX hosts the bench's projects run on (``ubelt/_win32_links.py``, ``cmd /C mklink``)
_WINDOWS = re.compile(r"(?:^|[/_])win(?:32|dows|nt)?(?:[/_.]|$)|(?:^|/)nt[_.]", re.I)


def _parsed_at(text: str, offset: int) -> tuple[ast.AST, int, int] | None:
    """The module's tree and the (line, column) of ``offset``; None when it does not parse."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None
    return tree, _line(text, offset), offset - (text.rfind("\n", 0, offset) + 1)


def _call_at(text: str, offset: int) -> ast.Call | None:
    """The call whose callee starts at ``offset`` (a summary's sink reference)."""
    at = _parsed_at(text, offset)
    if at is None:
        return None
    tree, line, col = at
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and n.func.lineno == line and n.func.col_offset == col:
            return n
    return None


def _returned_at(text: str, offset: int) -> bool:
    """The expression at ``offset`` is (part of) a ``return`` statement's value."""
    at = _parsed_at(text, offset)
    if at is None:
        return False
    tree, line, col = at
    for n in ast.walk(tree):
        if isinstance(n, ast.Return) and n.value is not None:
            v = n.value
            start = (v.lineno, v.col_offset)
            end = (v.end_lineno or v.lineno, v.end_col_offset or 0)
            if start <= (line, col) < end:
                return True
    return False


def _certain_shell(text: str, offset: int, flag_entry: bool) -> bool:
    """The sink the summary points at runs a shell on every call the entry stands for: a
    ``shell=True`` written there, a ``shell=`` flag set for a text command
    (:func:`_forced_for_text`, ``shell=isinstance(cmd, str)``), or no ``shell=`` at all (a
    shell function, a shell argv, a library runner of the hand-written tables).  A ``shell=``
    decided by a local computed otherwise (``shell = use_unsafe_shell and ...``) is a maybe:
    the project pass judges such a sink in a linted tree with its callers, a table cannot.
    A flag entry's sink passes its own flag parameter: the caller decides."""
    call = _call_at(text, offset)
    if call is None:
        # an argv the summary points at: run where it is written (``Popen(["bash", "-c", cmd])``),
        # not when a function returns it (a command built for another runner: a remote job's
        # ``["bash", "-c", script]`` sent to a service)
        return not _returned_at(text, offset)
    kw = next((k for k in call.keywords if k.arg == "shell"), None)
    if flag_entry:
        return True
    if kw is None:
        # no ``shell=`` at all: a shell function or argv, unless ``**kwargs`` may carry one
        return not any(k.arg is None for k in call.keywords)
    v = kw.value
    if isinstance(v, ast.Constant):
        return v.value is True
    if _text_test(v):
        return True
    if isinstance(v, ast.Name):
        return _forced_for_text(text, offset, v.id)
    return False


#: a shell sink as text (the cheap first pass over a catalogue's archives, ``--grep``): only the
#: archives with one are summarised
SINK_TEXT = re.compile(
    r"shell\s*=\s*True|\bos\.system\(|\bos\.popen\(|create_subprocess_shell\("
    r"|[\[(]\s*[\"'](?:/bin/)?(?:sh|bash)[\"']\s*,\s*[\"']-c[\"']|\bpexpect\.spawn\(|\bspawn\(\s*[a-z_]*cmd"
)


def grep_sinks(texts: dict[str, str]) -> list[str]:
    """``path:line`` of each shell sink written in a library's modules (tests, examples,
    vendored copies already left out by :func:`_sources`), private modules included: a
    public name may re-export them."""
    out = []
    for rel, text in sorted(texts.items()):
        for m in SINK_TEXT.finditer(text):
            out.append(f"{rel}:{_line(text, m.start())}")
    return out


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def summarize_library(dist: str, version: str, texts: dict[str, str]) -> list[dict]:
    from utcp_lint.core.findings import SourceFile
    from utcp_lint.engine import Linter
    from utcp_lint.pyscan import parse_python, scan_text_summary
    from utcp_lint.pyscan.context import PythonContext
    from utcp_lint.pyscan.project import FileUnit, analyse
    from utcp_lint.ruleset.rule import all_rules

    linter = Linter([r for rid, r in all_rules().items() if rid.startswith("UL4")])
    units = []
    for rel in sorted(texts):
        try:
            _f, _e, summary = scan_text_summary(linter, texts[rel], rel)
        except RecursionError:
            continue
        units.append(FileUnit(rel, texts[rel], summary or {}))

    def parse(u):
        tree, err = parse_python(u.text, u.display)
        if err is not None:
            return None
        try:
            return PythonContext(SourceFile(u.display, u.text), tree, linter.options, None)
        except RecursionError:
            return None

    an = analyse(units, parse)
    from utcp_lint.pyscan.reexport import subprocess_reexports

    reexported = {f"{rx.module}.{rx.alias}" if rx.module else rx.alias for rx in subprocess_reexports(units)}
    found: dict[tuple[str, str], dict] = {}

    def add(key, s, p, mode, flag, default, ref):
        name = _public(key)
        if name is None or not _IDENT.match(p) or (flag is not None and not _IDENT.match(flag)):
            return  # a private name, or a parameter the summary names by position (``*args#0``)
        if p not in s.params:
            return  # keyword-only or ``**kwargs``: not a command a caller passes by position
        if p.startswith("*"):
            pos = s.params.index(p) if p in s.params else None
            kws: list[str] = []
        else:
            pos = s.params.index(p) if p in s.params else None
            kws = [p]
        disp, start, _end, label = ref
        text = an.units[disp].text if disp in an.units else ""
        if mode == "flag" and flag is not None and _forced_for_text(text, start, flag):
            mode, flag, default = "string", None, None  # a text command forces the shell
        if _WINDOWS.search(disp) or label.startswith(("cmd ", "cmd.exe")):
            return  # a Windows-only sink
        if not _certain_shell(text, start, mode != "string"):
            return  # a maybe-shell: judged where the library's own tree is linted, not here
        if key in reexported:
            return  # ``from subprocess import Popen`` in the library: subprocess's own, not the library's
        e = {
            "name": name,
            "library": dist,
            "version": version,
            "pos": pos,
            "kws": kws,
            "param": p,
            "mode": mode,
            "flag": flag,
            "default": default,
            "list": p in s.listsafe,
            "via": label,
            "source": f"{disp}:{_line(text, start)}",
        }
        old = found.get((name, p))
        if old is None or _MODES.index(mode) < _MODES.index(old["mode"]):
            found[(name, p)] = e

    for key, s in sorted(an.summaries.items()):
        for p, (m, _local, chain, ref) in sorted(s.reach.items()):
            if m in _SHELL_MODES and len(chain) <= MAX_HOPS:
                add(key, s, p, "string", None, None, ref)
        for own, flag, dflt, chain, ref in s.flags:
            for p, m in sorted(own.items()):
                if m in _SHELL_MODES and flag != p and len(chain) <= MAX_HOPS:
                    add(key, s, p, "unless" if dflt == "yes" else "flag", flag, dflt, ref)
        for own, chain, ref in s.kwsplat:
            for p, m in sorted(own.items()):
                if m in _SHELL_MODES and len(chain) <= MAX_HOPS:
                    add(key, s, p, "flag", "shell", "no", ref)
    entries = list(found.values())
    # the names a package's __init__ re-exports
    rx = _reexports(texts)
    extra = []
    for alias, target in sorted(rx.items()):
        for e in entries:
            if e["name"] == target or e["name"].startswith(target + "."):
                new = alias + e["name"][len(target) :]
                if _public(new) == new and not any(
                    x["name"] == new and x["param"] == e["param"] for x in entries + extra
                ):
                    extra.append(dict(e, name=new))
    # private modules re-exported: keep only the public names
    return sorted(entries + extra, key=lambda e: (e["name"], e["param"]))


def _entry_ok(e: dict, libs: set[str]) -> str | None:
    keys = {"name", "library", "version", "pos", "kws", "param", "mode", "flag", "default", "list", "via", "source"}
    if set(e) != keys:
        return f"fields {sorted(set(e) ^ keys)}"
    if e["library"] not in libs:
        return f"library {e['library']} not in LIBRARIES"
    if e["mode"] not in _MODES:
        return f"mode {e['mode']}"
    if e["mode"] != "string" and not e["flag"]:
        return "a flag mode without its flag"
    if _public(e["name"]) != e["name"]:
        return "not a public name"
    if e["pos"] is None and not e["kws"]:
        return "no way to pass the command"
    return None


def check(path: Path = OUT) -> list[str]:
    """Problems of the committed table (offline)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        return [f"{path}: {e}"]
    libs = {d for d, _v, _l, _w in LIBRARIES}
    errs = []
    listed = [[d, v, lic] for d, v, lic, _w in LIBRARIES]
    if data.get("libraries") != listed:
        errs.append("libraries: not the list of LIBRARIES")
    entries = data.get("entries", [])
    if entries != sorted(entries, key=lambda e: (e.get("name", ""), e.get("param", ""))):
        errs.append("entries: not sorted by name, param")
    for e in entries:
        why = _entry_ok(e, libs)
        if why:
            errs.append(f"{e.get('name')}: {why}")
    mods = sorted({e["name"].split(".", 1)[0] for e in entries})
    if data.get("modules") != mods:
        errs.append("modules: not the top-level modules of the entries")
    text = MODULE.read_text(encoding="utf-8")
    if _with_modules(text, _names(entries)) != text:
        errs.append(f"{MODULE.name}: GEN_MODULES is not the modules of the table (run the generator)")
    return errs


#: the splits ``--rank`` reads when none are named (the development splits of session 46)
_RANK_SPLITS = ("dev", "held-out", "fresh", *(f"fresh{i}" for i in [*range(2, 21), *range(29, 55)]))
_IMPORT = re.compile(r"^\s*(?:from\s+([A-Za-z_][\w.]*)\s+import|import\s+([A-Za-z_][\w.]*))", re.M)


def _shipped(root: Path) -> tuple[set[str], set[str]]:
    """The modules a tree (an unpacked wheel or sdist) ships: its top-level modules and, for a
    namespace package (a top folder with no ``__init__.py``: ``cloudmesh/``), its
    ``namespace.sub`` modules; and the names of those namespace folders."""
    own: set[str] = set()
    namespaces: set[str] = set()
    bases = [root] + ([root / "src"] if (root / "src").is_dir() else [])
    for base in bases:
        for p in base.iterdir():
            if p.suffix == ".py":
                own.add(p.stem)
            elif p.is_dir() and p.name.isidentifier():
                if (p / "__init__.py").exists() or not any(c.is_dir() for c in p.iterdir()):
                    own.add(p.name)
                else:
                    namespaces.add(p.name)
                    own |= {f"{p.name}.{c.stem if c.suffix == '.py' else c.name}" for c in p.iterdir()}
    return own, namespaces


def _import_name(dotted: str, namespaces: set[str]) -> str:
    """The name an import counts under: its top-level module, or ``namespace.sub`` when the
    top-level module is a namespace package (``cloudmesh.common.Shell`` -> ``cloudmesh.common``)."""
    parts = dotted.split(".")
    if parts[0] in namespaces and len(parts) > 1:
        return ".".join(parts[:2])
    return parts[0]


def _guess_dist(name: str, shippers: dict[str, str]) -> str:
    """The distribution an import name comes from: the development tree that ships it, else
    the name with dots as dashes (``cloudmesh.common`` -> ``cloudmesh-common``)."""
    return shippers.get(name) or name.replace(".", "-").replace("_", "-").lower()


def rank(n: int, splits: tuple[str, ...] = _RANK_SPLITS) -> list[tuple[int, str, str]]:
    """The third-party modules most imported by the development trees of ``splits``: (number
    of trees, import name, distribution).  A module a tree ships itself is not counted for it;
    a namespace package counts per subpackage, so a tree shipping ``cloudmesh/git`` still
    counts its ``cloudmesh.common`` import (another distribution's)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_pyscan_real import PROJECTS  # type: ignore[import-not-found]

    cache = Path.home() / ".cache" / "utcp-lint-bench" / "pyscan-real"
    std = set(sys.stdlib_module_names)
    import collections

    trees = [(dist, cache / f"{dist}-{ver}") for dist, ver, split in PROJECTS if split in splits]
    trees = [(dist, d) for dist, d in trees if d.is_dir()]
    shipped = {dist: _shipped(d) for dist, d in trees}
    # a namespace is one wherever some tree ships it as one
    namespaces = set().union(*(ns for _own, ns in shipped.values())) if shipped else set()
    shippers: dict[str, str] = {}
    for dist, (own, _ns) in shipped.items():
        for m in own:
            shippers.setdefault(m, dist)
    count: collections.Counter = collections.Counter()
    for dist, d in trees:
        own, _ns = shipped[dist]
        mods: set[str] = set()
        for f in d.rglob("*.py"):
            try:
                t = f.read_text(errors="replace")
            except OSError:
                continue
            for m in _IMPORT.finditer(t):
                name = _import_name(m.group(1) or m.group(2), namespaces)
                top = name.split(".", 1)[0]
                if top not in std and name not in own and top != "__future__" and top not in own:
                    mods.add(name)
        count.update(mods)
    return [(c, name, _guess_dist(name, shippers)) for name, c in count.most_common(n)]


def main(argv: list[str]) -> int:
    if "--check" in argv:
        errs = check()
        for e in errs:
            print(e, file=sys.stderr)
        return 1 if errs else 0
    if "--grep" in argv:  # the cheap pass: archives (a catalogue's downloads) with a shell sink
        for a in argv[argv.index("--grep") + 1 :]:
            hits = grep_sinks(_sources(Path(a)))
            print(len(hits), Path(a).name, " ".join(hits[:8]))
        return 0
    if "--rank" in argv:
        i = argv.index("--rank")
        n = int(argv[i + 1]) if len(argv) > i + 1 and argv[i + 1].isdigit() else 100
        splits = _RANK_SPLITS
        if "--splits" in argv:  # a file of split names, one a line
            j = argv.index("--splits")
            splits = tuple(Path(argv[j + 1]).read_text().split()) + tuple(argv[j + 2 :])
        for c, name, dist in rank(n, splits):
            print(c, name, dist)
        return 0
    only = [a for a in argv if not a.startswith("-")]
    entries: list[dict] = []
    old = json.loads(OUT.read_text(encoding="utf-8")).get("entries", []) if OUT.exists() and only else []
    for dist, version, _lic, _why in LIBRARIES:
        if only and dist not in only:
            entries.extend(e for e in old if e["library"] == dist)
            continue
        archive = _download(dist, version)
        got = summarize_library(dist, version, _sources(archive))
        print(f"{dist} {version}: {len(got)} entries", file=sys.stderr)
        entries.extend(got)
    entries.sort(key=lambda e: (e["name"], e["param"]))
    data = {
        "about": "generated by scripts/gen_lib_summaries.py from the libraries' own source; do not edit",
        "libraries": [[d, v, lic] for d, v, lic, _w in LIBRARIES],
        "modules": sorted({e["name"].split(".", 1)[0] for e in entries}),
        "entries": entries,
    }
    buf = io.StringIO()
    json.dump(data, buf, indent=1, sort_keys=True)
    OUT.write_text(buf.getvalue() + "\n", encoding="utf-8")
    MODULE.write_text(_with_modules(MODULE.read_text(encoding="utf-8"), _names(entries)), encoding="utf-8")
    errs = check()
    for e in errs:
        print(e, file=sys.stderr)
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
