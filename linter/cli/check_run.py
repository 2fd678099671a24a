"""The work of ``utcp-lint check`` (the default command), without click.

:func:`check` takes the command's options as :mod:`utcp_lint.cli.app` declares them
and the function that prints a message (``click.echo`` there).  The same function runs
a check that :mod:`utcp_lint.cli.fast` parsed without importing click (issue 25: click's
import was a third of the CPU of a small tree's run), with an ``echo`` that imports
click only when a message is printed, so every byte written is click's either way.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def check(echo, *args, **kwargs):
    """The check (:func:`_check`) with the cyclic garbage collector paused: the
    CLI only (click's command and the click-free path of :mod:`.fast`; the
    language server and the library API keep it on).  The run's cycles are few
    and short (the analyses close theirs when released, ruleset/analyses.py;
    tests/test_analysis_cycles.py): the collections found almost nothing and
    cost 30M of the 200-tool diverse run's 3,786M instructions
    (bench/bench_run_ir.py); peak memory of the generated 10 MiB manual
    (bench/bench_memory.py's shape) 153 MiB before and after."""
    import gc

    if not gc.isenabled():
        return _check(echo, *args, **kwargs)
    gc.disable()
    try:
        return _check(echo, *args, **kwargs)
    finally:
        _resume_collector()


def _resume_collector() -> None:
    """The collector back on after :func:`check`.  The run's objects still
    alive were all counted as young: the first allocation after ``gc.enable()``
    would start a young collection walking every one of them (23M instructions
    at the 200-tool run's exit).  ``freeze()`` then ``unfreeze()`` moves them to
    the oldest generation at once and zeroes the young count (CPython's
    gcmodule.c); skipped when the embedding program froze objects itself (we
    would unfreeze them)."""
    import gc

    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()
    gc.enable()


def _check(
    echo,
    paths,
    fmt,
    select,
    ignore,
    fail_on,
    exit_zero,
    shell,
    kind,
    require_declarations,
    config_path,
    no_config,
    output,
    baseline,
    write_baseline,
    fix,
    diff,
    no_cache,
    color,
    quiet,
    skip_non_utcp=False,
    extend_select=(),
    min_severity=None,
    min_confidence=None,
    project_root=None,
    unsafe_fixes=False,
    show_fixes=False,
    statistics=False,
    cache_dir=None,
    stdin_filename=None,
    no_color=False,
    fail_on_empty=False,
    silent=False,
    jobs=None,
    exclude_opt=(),
    extend_exclude=(),
    force_exclude=None,
    respect_gitignore=None,
    show_settings=False,
    show_files=False,
    ignore_foreign_suppressions=None,
    **lock_follow,
):
    """Check UTCP documents and Python plugin source (the default command)."""

    def _usage_error(msg: str) -> NoReturn:
        echo(f"utcp-lint: error: {msg}", err=True)
        sys.exit(EXIT_ERROR)

    from ..core.options import LintOptions
    from ..ruleset.index import selectable_rules  # metadata only: modules load when their rule runs
    from ..run.config import Config, ConfigError, load_config, select_rules
    from ..run.linter import Linter
    from ..run.result import exit_code

    if not paths:
        _usage_error("no paths given; try 'utcp-lint fixtures/example/manual.json' or 'utcp-lint --help'")
    try:
        cfg = Config() if no_config else load_config(config_path)
    except ConfigError as e:
        _usage_error(str(e))
    rules = selectable_rules()
    sel = _split(select) or cfg.select
    ign = _split(ignore) + cfg.ignore
    ext = _split(extend_select) + cfg.extend_select
    unknown = [
        s
        for s in _split(select) + _split(ignore) + _split(extend_select)
        if s.upper() != "ALL" and not any(r.startswith(s.upper()) for r in rules)
    ]
    if unknown:
        _usage_error(f"unknown rule id or prefix: {', '.join(unknown)} (see 'utcp-lint rules')")
    bad_cfg = [
        s
        for s in cfg.select + cfg.ignore + cfg.extend_select
        if s.strip().upper() != "ALL" and not any(r.startswith(s.strip().upper()) for r in rules)
    ]
    if bad_cfg:
        _usage_error(
            f"{cfg.path}: unknown rule id or prefix in {cfg.section}: {', '.join(bad_cfg)} (see 'utcp-lint rules')"
        )
    if output and not os.path.isdir(os.path.dirname(os.path.abspath(output))):
        _usage_error(f"cannot write --output {output}: directory {os.path.dirname(output) or '.'} does not exist")
    if stdin_filename and (fix or diff):
        _usage_error("--fix and --diff cannot rewrite input read from stdin (--stdin-filename)")
    if stdin_filename and "-" not in paths:
        _usage_error("--stdin-filename needs '-' among the paths (the input read from stdin)")
    chosen = select_rules(rules, sel, ign, ext)
    from ..ruleset.dynamic_policy import (  # issue 17: only the command line may execute
        restrict,
        silenced_security,
        warning,
    )

    chosen, refused = restrict(chosen, rules, _split(select))
    if refused:
        echo(warning(cfg.path, refused), err=True)
    for line in silenced_security(cfg, rules, chosen, _split(select), _split(ignore)):  # issue 28
        echo(line, err=True)
    if any("dynamic" in r.tags for r in chosen):
        from ..executor import lifecycle  # sandboxes will run: SIGINT/SIGTERM must stop them all

        lifecycle.install()
    options = LintOptions(
        shell=shell or cfg.shell,
        require_declarations=cfg.require_declarations if require_declarations is None else require_declarations,
        ignore_foreign_suppressions=(
            cfg.ignore_foreign_suppressions if ignore_foreign_suppressions is None else ignore_foreign_suppressions
        ),
        kind=kind,
    )
    if jobs is None or jobs == 0:
        from ..run.parallel import default_jobs

        jobs = default_jobs()
    linter = Linter(
        chosen,
        options,
        cfg,
        jobs=jobs,
        use_cache=not no_cache and cfg.cache,
        cache_dir=os.path.abspath(cache_path) if (cache_path := cache_dir or cfg.cache_dir) else None,
        cache_root=None if cache_dir or not cfg.cache_dir else cfg.root,
        stdin_filename=stdin_filename,
    )
    linter.cli_exclude = _split(extend_exclude) + (_split(exclude_opt) if exclude_opt else [])
    linter.leave_to_exit = True  # the process ends after the run (_skip_final_collection)
    excl = [] if exclude_opt else cfg.exclude + cfg.extend_exclude
    linter.respect_gitignore = cfg.respect_gitignore if respect_gitignore is None else respect_gitignore
    linter.force_exclude = cfg.force_exclude if force_exclude is None else force_exclude
    if show_files or show_settings:
        from .conventions import show_files as _show_files, show_settings as _show_settings

        if show_settings:
            echo(_show_settings(cfg, linter, excl, fmt, fail_on, paths), nl=False)
        else:
            echo(_show_files(linter, paths, excl, not skip_non_utcp), nl=False)
        sys.exit(EXIT_CLEAN)
    from .check_extras import prepare_check

    extras = prepare_check(options, cfg, linter=linter, usage_error=_usage_error, **lock_follow)
    from . import replay

    recording = replay.current
    if recording is not None:
        linter.walked = []
    result = linter.lint_paths(paths, exclude=excl, explicit=not skip_non_utcp)
    if recording is not None and linter.use_cache and options.lock is None and not cfg.baseline:
        from ..ruleset.ids import ANALYSIS_BUDGET
        from ..run.cache_secret import cache_location
        from ..run.discover import is_python

        # a run the CPU-time budget cut short is never recorded (as the result caches: partial)
        cut = any(f.rule == ANALYSIS_BUDGET and f.severity != "note" for f in result.findings)
        if not cut and all(is_python(t) for t in linter.targets):
            walked = linter.walked or []
            recording.note(linter, list(paths), [t.path for t in linter.targets], walked, cache_location(linter)[0])
    _skip_final_collection()
    fix_refused = False

    if fix or diff:
        from ..run.fixes import apply_fixes

        code = apply_fixes(result, diff_only=diff, linter=linter, unsafe=unsafe_fixes)
        if diff:
            return sys.exit(code)
        fix_refused = code == EXIT_ERROR  # a file not written (symlink, hard link, read-only...): exit 2 at the end
        # report what remains, read back from disk
        result = linter.lint_paths(paths, exclude=excl, explicit=not skip_non_utcp)
    extras.finish(linter, result)

    if write_baseline:
        from ..run.baseline import BaselineError, write_baseline as _wb

        try:
            n = _wb(write_baseline, result)
        except BaselineError as e:
            _usage_error(str(e))
        echo(f"wrote {n} finding(s) to baseline {write_baseline}", err=True)
        for err in result.errors:
            echo(err.text(), err=True)
        sys.exit(EXIT_ERROR if result.errors else EXIT_CLEAN)
    baseline = baseline or (cfg.baseline if cfg.baseline and os.path.exists(cfg.baseline) else None)
    if baseline:
        from ..run.baseline import BaselineError, apply_baseline

        try:
            result.findings = apply_baseline(baseline, result)
        except BaselineError as e:
            _usage_error(str(e))

    from ..run.discover import EMPTY_DIR_MESSAGE
    from .conventions import (
        EMPTY_RUN_WARNING,
        filter_findings,
        fixable_line,
        project_root as _root,
        rebase_paths,
        show_fixes as _show_fixes,
        statistics as _statistics,
        use_color as _use_color,
    )

    result.findings = filter_findings(result.findings, min_severity, min_confidence)
    # a directory with nothing to check is a warning (an error with --fail-on-empty), not an input error
    empty = [e for e in result.errors if e.message == EMPTY_DIR_MESSAGE]
    result.errors = [e for e in result.errors if e.message != EMPTY_DIR_MESSAGE]
    empty_run = result.files == 0 and not result.errors
    fmt = fmt or cfg.format or "concise"
    concise = fmt == "concise"
    if fmt in ("concise", "full"):
        fmt = "text"
    from ..reporters import ReportContext, render

    colored = _use_color("never" if no_color else color, output, sys.stdout.isatty())
    root = _root(project_root)
    rebase_paths(result, root)  # every format names files relative to the project root (SARIF's %SRCROOT%)
    rctx = ReportContext(
        rules=rules,
        color=bool(colored and fmt == "text"),
        sources=getattr(result, "sources", {}),
        root=root,
        cwd=root,
        concise=concise,
    )
    rctx.summary = not (quiet or silent)
    rctx.errors_to_stderr = fmt == "text" and not output
    if fmt == "json" and not statistics:  # streamed: the report is never built whole in memory (issue 15)
        from ..document.jsonpos import no_gc
        from ..reporters import write_report

        with no_gc():  # makes no cycles; a collection now would walk the run's garbage, which the exit drops
            if output:
                _write_output(output, lambda f: write_report(fmt, result, rctx, f), _usage_error)
            else:
                write_report(fmt, result, rctx, sys.stdout)
    else:
        if statistics and fmt == "text":
            text = _statistics(result.findings, rules)
        else:
            text = render(fmt, result, rctx)
        if output:
            _write_output(output, lambda f: f.write(text), _usage_error)
        else:
            echo(text, nl=False, color=True if rctx.color else None)  # click strips ANSI off a TTY
    if fmt == "text" and rctx.errors_to_stderr and not statistics:
        from ..reporters.text_report import error_lines

        for line in error_lines(result):
            echo(line, err=True)
    if fmt == "text" and not silent:
        if show_fixes:
            echo(_show_fixes(result.findings), nl=False)
        elif not quiet and not (fix or diff):
            fl = fixable_line(result.findings)
            if fl:
                echo(fl)
    if not silent:
        if fmt == "text" and not quiet:
            for note in result.notes:
                echo(f"note: {note}", err=True)
        hint = "" if fail_on_empty else " (--fail-on-empty makes this an error)"
        for emp in empty:
            echo(f"warning: {emp.path}: {emp.message}{hint}", err=True)
        if empty_run and not empty:
            echo(f"warning: {EMPTY_RUN_WARNING.format(paths=', '.join(map(str, paths)))}{hint}", err=True)
    if (empty_run or empty) and fail_on_empty:
        if silent:
            echo(f"utcp-lint: error: {EMPTY_RUN_WARNING.format(paths=', '.join(map(str, paths)))}", err=True)
        sys.exit(EXIT_ERROR)
    sys.exit(EXIT_ERROR if fix_refused else exit_code(result, fail_on or cfg.fail_on, exit_zero))


def _write_output(output: str, write, usage_error) -> None:
    """The report to ``--output``, through :mod:`utcp_lint.core.safewrite` (never
    through a committed symbolic link or hard link; issue 28)."""
    from ..core.safewrite import atomic_open

    try:
        with atomic_open(output, mode=0o644, stream=True) as f:
            write(f)
    except OSError as e:
        usage_error(f"cannot write --output {output}: {e.strerror or e}")


def _skip_final_collection() -> None:
    """At interpreter exit, leave the objects of the run to the operating
    system: the interpreter's last garbage collection walks every object
    still alive (60-130 ms after a 10,000-step manual, issue 15) and frees
    nothing the process exit would not.  Registered with ``atexit``, so it
    happens only when the process ends (an embedding process, a test run
    through click's runner, keeps collecting until then); the report is
    written and closed before that, and no object of the run needs a
    finalizer at exit."""
    import atexit
    import gc

    atexit.unregister(gc.freeze)  # once per process, however many checks it runs
    atexit.register(gc.freeze)


def _split(values) -> list[str]:
    out: list[str] = []
    for v in values or ():
        out.extend(x.strip() for x in v.split(",") if x.strip())
    return out


def contain(e: Exception, echo) -> NoReturn:
    """The last line of defence (docs/design/hardening.md): an unexpected exception
    must not surface as a traceback with exit 1, which CI would read as "findings".
    ``UTCP_LINT_DEBUG=1`` keeps the traceback.  A reader that went away (``utcp-lint x
    | head``) stops the run quietly.  Called in an ``except`` clause."""
    if isinstance(e, BrokenPipeError):
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except OSError:
            pass
        sys.exit(EXIT_ERROR)
    if os.environ.get("UTCP_LINT_DEBUG"):
        raise e
    msg = f"{type(e).__name__}: {e}".encode("ascii", "backslashreplace").decode("ascii")
    msg = msg.replace("\n", "\\n")
    echo(
        f"utcp-lint: internal error: {msg}; please report it (set UTCP_LINT_DEBUG=1 for the traceback)",
        err=True,
    )
    sys.exit(EXIT_ERROR)
