"""Library runners found by the engine's own summaries of the libraries' source (issue 25).

``linter/data/lib_summaries.json`` is written by ``scripts/gen_lib_summaries.py``: for each
library of its pinned list, the project analysis (:mod:`.project`) run over the library's
own modules says which public functions, methods and classes hand a parameter to a shell
(always, when a ``shell``-like flag is true, or unless it is false), with the library's file
and line as the source of the fact.  Each entry becomes a :class:`.runnerlibs.LibRunner`,
checked at a call of the linted tree exactly as a hand-written entry of
:data:`.runnerlibs.LIB_RUNNERS` (``Detector._lib_runner``); a hand-written entry of any
table wins over a generated one of the same name (the detector asks this table last).

Loading is lazy: the table is read the first time a module imports one of
:data:`GEN_MODULES` (the top-level modules of its entries, written here by the generator and
checked against the data file by ``--check``).
"""

from __future__ import annotations

import ast
import json
import os

from .runnerlibs import LibRunner

_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "lib_summaries.json")

# BEGIN GENERATED (scripts/gen_lib_summaries.py): the top-level modules of the entries
GEN_NAMES: dict[str, tuple[str, ...]] = {
    "IPython": (
        "Alias",
        "call_editor",
        "crimson_editor",
        "define_alias",
        "editor",
        "emacs",
        "getoutput",
        "gnuclient",
        "idle",
        "install_editor",
        "jed",
        "kate",
        "komodo",
        "mate",
        "notepadplusplus",
        "page",
        "page_file",
        "pager_page",
        "pip",
        "sc",
        "scite",
        "sx",
        "system",
        "system_piped",
        "system_raw",
        "uv",
    ),
    "ansible": (
        "install_deb",
        "probe_interpreters_for_module",
        "run",
    ),
    "bash": ("bash",),
    "cement": (
        "exec_cmd",
        "exec_cmd2",
    ),
    "cloudmesh": (
        "check_output",
        "cms",
        "download",
        "edit",
        "execute",
        "fgrep",
        "grep",
        "head",
        "install_choco_package",
        "kill_pid",
        "login",
        "open",
        "password",
        "ping",
        "run",
        "run2",
        "run_edit_program",
        "run_timed",
        "set",
        "sudo_readfile",
        "tail",
        "terminal",
        "which",
        "writefile",
    ),
    "cmd2": ("do_shell",),
    "command_runner": (
        "command_runner",
        "command_runner_threaded",
        "deferred_command",
        "kill_childs_mod",
    ),
    "doit": ("get_status",),
    "edk2toollib": (
        "CatalogSignWithSignTool",
        "DetachedSignWithSignTool",
        "RunCmd",
        "RunPythonScript",
        "SetUefiVar",
    ),
    "fabric": (
        "send_start_message",
        "start",
    ),
    "git": ("execute",),
    "hatch": (
        "capture_process",
        "check_command_output",
        "enter_ash",
        "enter_bash",
        "enter_csh",
        "enter_fish",
        "enter_tcsh",
        "enter_zsh",
        "run_command",
    ),
    "invoke": ("start",),
    "jupyter_client": (
        "launch_kernel",
        "openssh_tunnel",
    ),
    "luigi": (
        "get_info",
        "getpcmd",
    ),
    "mlflow": (
        "predict",
        "run",
        "serve",
    ),
    "numpy": (
        "command_by_line",
        "exec_command",
        "getnm",
        "getoutput",
    ),
    "oslo_concurrency": ("ssh_execute",),
    "pipenv": (
        "run_command",
        "subprocess_run",
    ),
    "plumbum": (
        "PlumbumLocalPopen",
        "pop",
    ),
    "prompt_toolkit": ("run_system_command",),
    "psutil": ("Popen",),
    "pytest_shutil": (
        "run",
        "run_with_coverage",
    ),
    "robot": (
        "run",
        "run_and_return_rc",
        "run_and_return_rc_and_output",
    ),
    "sarge": ("Popen",),
    "shellpython": ("exe",),
    "spur": ("SshShell",),
    "tornado": ("Subprocess",),
    "twisted": (
        "cmd_LLS",
        "cmd_LMKDIR",
        "sh",
    ),
    "ubelt": ("cmd",),
    "watchdog": (
        "ShellCommandTrick",
        "shell_command",
    ),
}
# END GENERATED
#: the top-level modules of the entries (a module importing none of them is never asked)
GEN_MODULES: frozenset[str] = frozenset(GEN_NAMES)

_table: dict[str, LibRunner] | None = None


def _entry_runner(e: dict) -> LibRunner:
    src = (
        f"{e['library']} {e['version']} {e['source']} (engine summary of the library: {e['param']} reaches {e['via']})"
    )
    return LibRunner(e["pos"], tuple(e["kws"]), e["mode"], e["flag"], src)


_MODE_ORDER = {"string": 0, "unless": 1, "flag": 2}


def table() -> dict[str, LibRunner]:
    """name -> its runner: per name the parameter that reaches a shell most surely (a string
    command before a flag's), then the first by position (one fact, one finding)."""
    global _table
    if _table is None:
        try:
            with open(_PATH, encoding="utf-8") as f:
                entries = json.load(f).get("entries", [])
        except (OSError, ValueError):
            entries = []
        best: dict[str, dict] = {}
        for e in entries:
            old = best.get(e["name"])
            k = (_MODE_ORDER.get(e["mode"], 3), e["pos"] if e["pos"] is not None else 99)
            if old is None or k < (_MODE_ORDER.get(old["mode"], 3), old["pos"] if old["pos"] is not None else 99):
                best[e["name"]] = e
        _table = {n: _entry_runner(e) for n, e in best.items()}
    return _table


def generated_runner(name: str) -> LibRunner | None:
    """The generated entry for the resolved callee ``name`` (``pytest_shutil.workspace.Workspace.run``)."""
    if name.split(".", 1)[0] not in GEN_MODULES:
        return None
    return table().get(name)


def gen_attrs(imported) -> frozenset[str]:
    """The last names of the entries of the libraries ``imported`` holds (the detector looks
    at a method call of such a name only in a module importing its library)."""
    libs = GEN_MODULES & imported
    if not libs:
        return frozenset()
    return frozenset(n.rsplit(".", 1)[1] for n in table() if n.split(".", 1)[0] in libs)


def inherited_generated(ev_, call: ast.Call, scope, imported) -> str | None:
    """``self.run(cmd)`` (or ``super().run(cmd)``) in a method of a class deriving from a
    class with a generated entry for that method (``class VirtualEnv(Workspace)``), unless
    the class defines the method itself (for ``self.``): that entry's name."""
    from .scopes import method_class

    f = call.func
    if not isinstance(f, ast.Attribute) or not (GEN_MODULES & imported):
        return None
    recv = f.value
    is_self = isinstance(recv, ast.Name) and recv.id == "self"
    is_super = isinstance(recv, ast.Call) and isinstance(recv.func, ast.Name) and recv.func.id == "super"
    if not (is_self or is_super):
        return None
    cls = method_class(scope)
    if cls is None or not isinstance(cls.node, ast.ClassDef) or not cls.node.bases:
        return None
    if is_self and any(
        isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == f.attr for n in cls.node.body
    ):
        return None
    t = table()
    for b in cls.node.bases:
        for v in ev_.values(b, cls.parent or scope):
            if v.kind == "name" and v.name and f"{v.name}.{f.attr}" in t:
                return f"{v.name}.{f.attr}"
    return None
