"""The ``utcp-lint`` console script (and ``python -m utcp_lint``).

``utcp-lint --version`` and ``utcp-lint --help`` answer here without importing
click or the engine (issue 29: a pre-commit hook or an editor asking for the
version pays the interpreter's start and nothing more).  The help text is the
one click renders for the top-level group at 80 columns, written out by
``scripts/gen_help.py`` into ``data/help.txt`` (``tests/test_cold_start.py``
fails when it is stale).  Everything else, and ``--help`` on a terminal
narrower than 80 columns (click wraps to the width), goes to
:func:`utcp_lint.cli.app.main`, unless a run record of :mod:`utcp_lint.cli.replay`
answers it (a check whose inputs did not change since it was recorded).
"""

from __future__ import annotations

import os
import sys

# click's HelpFormatter wraps at min(terminal columns, 80) - 2: the written-out
# text is the one for 80 columns or more
HELP_COLUMNS = 80


def _columns() -> int:
    env = os.environ.get("COLUMNS", "")
    if env.isdigit() and int(env) > 0:
        return int(env)
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return HELP_COLUMNS


def _fast(argv: list[str]) -> str | None:
    """The text to print for ``argv``, or None when click must answer."""
    if len(argv) != 1:
        return None
    if argv[0] in ("--version", "-V"):
        from . import __version__

        return f"utcp-lint, version {__version__}\n"
    if argv[0] in ("--help", "-h") and _columns() >= HELP_COLUMNS:
        try:
            with open(os.path.join(os.path.dirname(__file__), "data", "help.txt"), encoding="utf-8") as f:
                return f.read()
        except OSError:
            return None
    return None


def _end_process(e: SystemExit) -> None:
    """After a plain check (``fast.run`` exits with its status): end the process with that
    status now, without the interpreter's teardown, which frees every module's objects one
    by one and gives back nothing the exit would not (6.4M instructions on cookiecutter,
    6.8M on pipx, callgrind of a ``--select UL4`` run; issue 25).  Only when nothing is left
    to do at exit: the status is a number, stdout and stderr flush, no other thread runs and
    no atexit callback is registered but the check's own ``gc.freeze``
    (``check_run._skip_final_collection``); otherwise the exit goes on as before."""
    import atexit

    if not _program_is_us():
        return  # an embedder (``runpy.run_module("utcp_lint")`` in a driver) goes on after the check
    code = e.code
    count = getattr(atexit, "_ncallbacks", None)
    if not (code is None or type(code) is int) or count is None or count() > 1:
        return
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return  # a closed or broken stream: the usual exit reports it
    os._exit(code or 0)


def _program_is_us() -> bool:
    """The process is utcp-lint itself: ``python -m utcp_lint`` (this module is the
    interpreter's ``__main__``) or the console script (its ``__main__`` is the wrapper that
    runs ``sys.exit(main())`` with this module's ``main``), not a program that runs the CLI
    and has more to do after it."""
    top = sys.modules.get("__main__")
    if top is None:
        return False
    if getattr(getattr(top, "__spec__", None), "name", None) == "utcp_lint.__main__":
        return True
    return getattr(top, "main", None) is main


def _click_main(collecting: bool) -> int | None:
    """Everything but a plain check goes to click, with the collector back on when it was
    (a language server or ``verify`` runs long: its cycles must be collected)."""
    if collecting:
        import gc

        gc.enable()
    from .cli.app import main as cli_main

    return cli_main()


def main() -> int | None:
    text = _fast(sys.argv[1:])
    if text is not None:
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except BrokenPipeError:
            # `utcp-lint --help | head -1`: as click, no traceback
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    import gc

    # the imports and the check below make objects that live to the process's end (modules,
    # functions, tables): a collection among them finds nothing (the check pauses the
    # collector for its own run too, check_run.check); click's commands get it back
    collecting = gc.isenabled()
    gc.disable()
    from .cli import replay

    argv = sys.argv[1:]
    code = replay.replay(argv)  # a run whose inputs did not change: its recorded output, before click
    if code is not None:
        return code
    rec = replay.start(argv)
    from .cli import fast

    if rec is None:
        try:
            fast.run(argv)  # a plain check, run without importing click (exits); else click parses it
        except SystemExit as e:
            _end_process(e)
            raise
        return _click_main(collecting)
    try:
        fast.run(argv)
        return _click_main(collecting)
    except SystemExit as e:
        rec.finish(e.code)
        raise


if __name__ == "__main__":
    sys.exit(main())
