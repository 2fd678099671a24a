"""``utcp-lint [check] PATH... [OPTIONS]`` without importing click (issue 25).

Importing click (and what it imports: inspect, uuid, platform, datetime) cost ~0.024 CPU-s
per run, a quarter to a third of the CPU of a check over a small tree.  :func:`parse`
reads the common command lines itself -- paths and the options below, each written as
click accepts it -- and gives the keyword arguments click would have given
:func:`utcp_lint.cli.check_run.check`; any other token (another option, ``--help``, a
subcommand, ``-``, ``--``, a value click would refuse or would check on disk) makes it
answer None and click parses the line as before.  Messages go through ``click.echo``,
imported on the first one, and the exceptions are handled as
:class:`utcp_lint.cli.app.DefaultGroup` and click's ``main`` handle them, so a run
writes the same bytes and exits with the same code either way
(tests/test_cli_fast.py compares both on the same command lines).
"""

from __future__ import annotations

import os
import sys

# option -> (keyword, allowed values or None); "multiple" options collect a tuple
_CHOICES_FORMAT = ("concise", "full", "text", "json", "sarif", "github")
_SEVERITIES = ("note", "warning", "error")
VALUE_OPTIONS: dict = {
    "--select": ("select", None),
    "--ignore": ("ignore", None),
    "--extend-select": ("extend_select", None),
    "--format": ("fmt", _CHOICES_FORMAT),
    "--output-format": ("fmt", _CHOICES_FORMAT),
    "--fail-on": ("fail_on", _SEVERITIES),
    "--min-severity": ("min_severity", _SEVERITIES),
    "--min-confidence": ("min_confidence", ("low", "medium", "high")),
    "--cache-dir": ("cache_dir", None),
}
# --jobs/-j N (click.IntRange(min=0)): the bench and scripts run ``--jobs 1`` (serial)
JOBS_OPTIONS = frozenset({"--jobs", "-j"})
MULTIPLE = frozenset({"select", "ignore", "extend_select"})
FLAGS: dict = {
    "--no-config": "no_config",
    "--no-cache": "no_cache",
    "--ignore-foreign-suppressions": "ignore_foreign_suppressions",
    "--exit-zero": "exit_zero",
    "--quiet": "quiet",
    "-q": "quiet",
    "--silent": "silent",
    "-s": "silent",
    "--skip-non-utcp": "skip_non_utcp",
    "--fail-on-empty": "fail_on_empty",
    "--no-color": "no_color",
    "--statistics": "statistics",
    "--show-fixes": "show_fixes",
}
# every keyword of check() with the value click gives it when the option is absent
# (tests/test_cli_fast.py compares this table with click's parse of the same lines)
DEFAULTS: dict = {
    "paths": (),
    "fmt": None,
    "select": (),
    "ignore": (),
    "fail_on": None,
    "exit_zero": False,
    "shell": None,
    "kind": None,
    "require_declarations": None,
    "ignore_foreign_suppressions": None,
    "config_path": None,
    "no_config": False,
    "output": None,
    "baseline": None,
    "write_baseline": None,
    "fix": False,
    "diff": False,
    "no_cache": False,
    "color": None,
    "quiet": False,
    "skip_non_utcp": False,
    "extend_select": (),
    "min_severity": None,
    "min_confidence": None,
    "project_root": None,
    "unsafe_fixes": False,
    "show_fixes": False,
    "statistics": False,
    "cache_dir": None,
    "stdin_filename": None,
    "no_color": False,
    "fail_on_empty": False,
    "silent": False,
    "jobs": None,
    "exclude_opt": (),
    "extend_exclude": (),
    "force_exclude": None,
    "respect_gitignore": None,
    "show_settings": False,
    "show_files": False,
    "locked": None,
    "lock_file": None,
    "fetch": False,
    "fetch_auth": False,
    "fetch_timeout": 10.0,
    "fetch_max_bytes": 10 * 1024 * 1024,
    "root_dir": None,
    "no_follow": False,
}
# the first words click reads as a command (utcp_lint.cli.app: its commands and LAZY_COMMANDS)
COMMANDS = frozenset(
    {"check", "rules", "rule", "lock", "run", "verify", "declare", "schema", "json-schema", "server", "inspect"}
)


def _unreadable(path: str, dir_only: bool = False) -> bool:
    """What click.Path (readable, exists not required) refuses: an existing path that
    cannot be read (or, for a directory option, a regular file)."""
    import stat

    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return False  # absent (or not a name the system takes): click passes it on as written
    return (dir_only and stat.S_ISREG(st.st_mode)) or not os.access(path, os.R_OK)


def parse(argv: list[str]) -> dict | None:
    """check()'s keyword arguments for ``argv`` (without the program name), or None."""
    if any(k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ):
        return None  # a shell-completion request: click's
    args = list(argv)
    if args and args[0] == "check":
        args = args[1:]
    elif not args or args[0] in COMMANDS:
        return None
    kw = dict(DEFAULTS)
    multi: dict = {k: [] for k in MULTIPLE}
    paths: list = []
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        if not a.startswith("-"):
            if _unreadable(a):
                return None
            paths.append(a)
            continue
        if a in FLAGS:
            kw[FLAGS[a]] = True
            continue
        name, eq, value = a.partition("=")
        if a in JOBS_OPTIONS or (name == "--jobs" and eq):
            if not eq:
                if i >= len(args):
                    return None
                value = args[i]
                i += 1
            # click.IntRange(min=0): what int() reads; only plain ASCII digits here, the rest is click's
            if not (value.isascii() and value.isdigit()):
                return None
            kw["jobs"] = int(value)
            continue
        spec = VALUE_OPTIONS.get(name)
        if spec is None or not name.startswith("--"):
            return None  # another option, "-", "--", --help...: click's
        if not eq:
            if i >= len(args):
                return None
            value = args[i]
            i += 1
        key, allowed = spec
        if allowed is not None and value not in allowed:
            return None
        if key == "cache_dir" and _unreadable(value, dir_only=True):
            return None
        if key in MULTIPLE:
            multi[key].append(value)
        else:
            kw[key] = value
    if not paths:
        return None
    kw["paths"] = tuple(paths)
    for k, v in multi.items():
        kw[k] = tuple(v)
    return kw


def echo(*args, **kwargs) -> None:
    """``click.echo``, click imported on the first message."""
    import click

    click.echo(*args, **kwargs)


def run(argv: list[str]) -> None:
    """Run the check ``argv`` asks for and exit, or return when click must parse it."""
    kw = parse(argv)
    if kw is None:
        return
    from .check_run import check

    try:
        check(echo, **kw)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        # click's main: a blank line closing the terminal's ^C echo, "Aborted!", exit 1
        echo(file=sys.stderr)
        echo("Aborted!", file=sys.stderr)
        sys.exit(1)
    except Exception as e:
        from .check_run import contain

        contain(e, echo)
    sys.exit(0)  # click's ctx.exit() after a command that returned
