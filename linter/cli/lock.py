"""``utcp-lint lock`` and the check options of issue 14 (``--locked``,
``--lock-file``, ``--fetch``, ``--fetch-auth``, ``--root-dir``, ``--no-follow``).

The check command calls :func:`prepare_check` once its options are built and
:meth:`CheckExtras.finish` after linting; everything else lives here and in
:mod:`utcp_lint.supplychain.lockfile` / :mod:`utcp_lint.supplychain.follow`.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, NoReturn

import click

from ..ruleset.ids import LOCK_RULES
from .check_extras import CheckExtras, DeferredFollower, display_path as _display, prepare_check  # noqa: F401  (kept apart, click-free: issue 25)

if TYPE_CHECKING:
    from ..supplychain.lockfile import LockFile

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def check_options(fn):
    """The issue-14 options of ``check`` (decorator)."""
    opts = [
        click.option(
            "--locked",
            is_flag=True,
            default=None,
            help="Compare every tool with the lock file: new, changed (with a diff) and removed "
            f"tools are findings ({LOCK_RULES[0]}-{LOCK_RULES[-1]}).",
        ),
        click.option(
            "--lock-file",
            type=click.Path(dir_okay=False),
            default=None,
            help="Lock file for --locked (default: utcp-lint.lock, or 'lock-file' in the configuration).",
        ),
        click.option(
            "--fetch",
            is_flag=True,
            help="Fetch and lint the http/sse/streamable_http manuals a client configuration "
            "discovers (off by default: nothing touches the network).",
        ),
        click.option(
            "--fetch-auth",
            is_flag=True,
            help="With --fetch, send the configuration's headers and auth (never sent otherwise).",
        ),
        click.option(
            "--fetch-timeout",
            type=float,
            default=10.0,
            show_default=True,
            help="Seconds allowed for each fetched manual (connect + read, redirects included).",
        ),
        click.option(
            "--fetch-max-bytes",
            type=int,
            default=10 * 1024 * 1024,
            show_default=True,
            help="Largest fetched manual accepted.",
        ),
        click.option(
            "--root-dir",
            type=click.Path(file_okay=False),
            default=None,
            help="Directory the runtime resolves a configuration's relative file paths against "
            "(UtcpClient.create(root_dir=...); default: the current directory, as the runtime).",
        ),
        click.option("--no-follow", is_flag=True, help="Do not lint the manuals a client configuration loads."),
    ]
    for o in reversed(opts):
        fn = o(fn)
    return fn


# ----------------------------------------------------------------------------
# utcp-lint lock
# ----------------------------------------------------------------------------


@click.command("lock")
@click.argument("paths", nargs=-1, type=click.Path(dir_okay=True))
@click.option(
    "--lock-file",
    type=click.Path(dir_okay=False),
    default=None,
    help="Where to write the lock (default: utcp-lint.lock, or 'lock-file' in the configuration).",
)
@click.option(
    "--check",
    "check_only",
    is_flag=True,
    help="Write nothing; exit 1 when the lock file is not what 'lock' would write.",
)
@click.option(
    "--config",
    "config_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="pyproject.toml to read [tool.utcp-lint] from.",
)
@click.option("--no-config", is_flag=True, help="Ignore any [tool.utcp-lint] configuration.")
def lock_cmd(paths, lock_file, check_only, config_path, no_config):
    """Pin the tools of the manuals under the given paths in a lock file.

    Each tool's description, inputs schema and call template are recorded with
    a SHA-256 fingerprint; 'utcp-lint --locked PATH...' then reports every new,
    changed or removed tool.  Commit the lock with the manuals and update it in
    the same pull request as any manual change (docs/lock.md).
    """
    from ..run.config import Config, ConfigError, load_config
    from ..supplychain.lockfile import DEFAULT_LOCK

    if not paths:
        _fail("no paths given; try 'utcp-lint lock manuals/'")
    try:
        cfg = Config() if no_config else load_config(config_path)
    except ConfigError as e:
        _fail(str(e))
    path = lock_file or getattr(cfg, "lock_file", None) or DEFAULT_LOCK
    lock, errors, count = lock_paths(paths, path)
    for err in errors:
        click.echo(err.text(), err=True)
    if errors:
        click.echo("utcp-lint: error: lock not written: fix the inputs above first", err=True)
        sys.exit(EXIT_ERROR)
    text = lock.dumps()
    if check_only:
        try:
            with open(path, encoding="utf-8") as f:
                current = f.read()
        except OSError:
            current = None
        if current != text:
            click.echo(f"{_display(lock.path)} is out of date: run 'utcp-lint lock {' '.join(paths)}'", err=True)
            sys.exit(EXIT_FINDINGS)
        click.echo(f"{_display(lock.path)} is up to date ({count} tools)", err=True)
        return
    try:
        lock.save()
    except OSError as e:
        _fail(f"cannot write {path}: {e.strerror or e}")
    click.echo(f"wrote {count} tool(s) from {len(lock.manuals())} manual(s) to {_display(lock.path)}", err=True)


def lock_paths(paths: Any, lock_path: str) -> tuple[LockFile, list, int]:
    """Build a lock for every manual under ``paths``; (lock, file errors, tool count)."""
    from ..core.findings import FileError
    from ..run.discover import discover
    from ..run.load import ContextFailed, JsonError, load_document
    from ..run.read import read_text
    from ..run.result import RunResult, internal_error
    from ..supplychain.lockfile import LockFile, manual_tools

    result = RunResult()
    lock = LockFile(lock_path)
    count = 0
    for t in discover(paths, result, include_python=False):
        if t.path == "-":
            continue
        text, err = read_text(t)
        if err is not None:
            result.errors.append(err)
            continue
        assert text is not None  # read_text gives the text or the error
        try:
            doc = load_document(text, t.path)
        except ContextFailed as e:
            assert e.__cause__ is not None  # raised from the failure
            result.errors.append(internal_error(t.display, "while loading the document", e.__cause__))
            continue
        if isinstance(doc, JsonError):
            result.errors.append(FileError(t.display, f"invalid JSON: {doc.message}", doc.line, doc.column))
            continue
        if doc.kind not in ("manual", "tool", "legacy"):
            continue
        tools = manual_tools((tr.name, tr.node) for tr in doc.tools)
        if not tools:
            continue
        lock.add_manual(t.path, tools)
        count += len(tools)
    return lock, result.errors, count


def _fail(msg: str) -> NoReturn:
    click.echo(f"utcp-lint: error: {msg}", err=True)
    sys.exit(EXIT_ERROR)


def register(main: click.Group) -> None:
    main.add_command(lock_cmd)
