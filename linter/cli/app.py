"""The ``utcp-lint`` command.

``utcp-lint PATH...`` checks files and directories: a first argument that is
not a subcommand name always means ``check``.  Subcommands: ``check``,
``rules``, ``rule``, ``run``, ``verify``, ``declare``, ``schema``.  (To lint a
file literally named like a subcommand, write ``./run`` or
``utcp-lint check run``.)

Heavy libraries (tree-sitter, sarif-om) are imported only by the
stages that need them, so a plain check of a small manual starts fast.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn

import click

from .. import __version__
from .lock import check_options as _lock_follow_options

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


# Subcommands defined in their own modules, imported only when named (cold
# start, issue 15: `utcp-lint manual.json` never loads run/verify/declare).
_PKG = __package__.rpartition(".")[0]  # utcp_lint: module names below are relative to it
LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("cli.run_verify", "run_cmd"),
    "verify": ("cli.run_verify", "verify_cmd"),
    "declare": ("cli.declare", "declare_cmd"),
    "schema": ("cli.declare", "schema_cmd"),
    "json-schema": ("cli.declare", "json_schema_cmd"),
    "server": ("lsp.command", "server_cmd"),
    "inspect": ("cli.inspect", "inspect_cmd"),
}


class DefaultGroup(click.Group):
    """A group whose unknown first word is a path for the default command."""

    default_cmd = "check"

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(LAZY_COMMANDS))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        cmd = self.commands.get(cmd_name)
        if cmd is None and cmd_name in LAZY_COMMANDS:
            import importlib

            modname, attr = LAZY_COMMANDS[cmd_name]
            cmd = getattr(importlib.import_module(f"{_PKG}.{modname}"), attr)
            self.add_command(cmd, cmd_name)
        return cmd

    def parse_args(self, ctx, args):
        if args and args[0] in ("--help", "-h", "--version", "-V"):
            return super().parse_args(ctx, args)
        if not args or args[0] not in self.commands and args[0] not in LAZY_COMMANDS:
            args = [self.default_cmd] + list(args)
        elif os.path.isdir(args[0]) and args[0] != self.default_cmd:
            # `utcp-lint rules` in a checkout that has a rules/ directory: the command wins
            click.echo(
                f"note: '{args[0]}' is a command; to lint the directory write "
                f"'utcp-lint {args[0]}/' or 'utcp-lint check {args[0]}'",
                err=True,
            )
        # a bare `--color` (the old flag) means always; `--color MODE` takes a mode
        args = list(args)
        for i, a in enumerate(args):
            if a == "--":
                break
            if a == "--color" and (i + 1 >= len(args) or args[i + 1] not in ("auto", "always", "never")):
                args[i] = "--color=always"
        return super().parse_args(ctx, args)

    def format_usage(self, ctx, formatter):
        formatter.write_usage("utcp-lint", "[OPTIONS] PATH... | COMMAND [ARGS]...")

    def format_help(self, ctx, formatter):
        from .conventions import format_group_help

        format_group_help(self, ctx, formatter)

    def invoke(self, ctx):
        # Last line of defence (docs/design/hardening.md): an unexpected
        # exception must not surface as a traceback with exit 1, which CI
        # would read as "findings".  UTCP_LINT_DEBUG=1 keeps the traceback.
        try:
            return super().invoke(ctx)
        except (
            click.exceptions.ClickException,
            click.exceptions.Exit,
            click.exceptions.Abort,
            SystemExit,
            KeyboardInterrupt,
        ):
            raise
        except BrokenPipeError:  # reader went away (`utcp-lint x | head`): stop quietly
            try:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            except OSError:
                pass
            sys.exit(EXIT_ERROR)
        except Exception as e:
            if os.environ.get("UTCP_LINT_DEBUG"):
                raise
            msg = f"{type(e).__name__}: {e}".encode("ascii", "backslashreplace").decode("ascii")
            msg = msg.replace("\n", "\\n")
            click.echo(
                f"utcp-lint: internal error: {msg}; please report it (set UTCP_LINT_DEBUG=1 for the traceback)",
                err=True,
            )
            sys.exit(EXIT_ERROR)


@click.group(cls=DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="utcp-lint")
def main():
    """Static security linter and registration validator for UTCP manuals and plugin source.

    utcp-lint PATH...  checks JSON manuals, client configs, call templates and
    Python plugin source (files or directories).
    """


# ----------------------------------------------------------------------------
# check
# ----------------------------------------------------------------------------


@main.command("check")
@click.argument("paths", nargs=-1, type=click.Path(dir_okay=True, allow_dash=True))
@click.option(
    "--output-format",
    "--format",
    "fmt",
    type=click.Choice(["concise", "full", "text", "json", "sarif", "github"]),
    default=None,
    help="Output format (default: concise, one line per finding; full: the whole message, the source "
    "line and carets; text is full's old name). --format is an alias.",
)
@click.option("--select", multiple=True, help="Rule ids or prefixes to enable (comma separated or repeated).")
@click.option("--ignore", multiple=True, help="Rule ids or prefixes to disable.")
@click.option(
    "--extend-select",
    multiple=True,
    help="Rule ids or prefixes to enable in addition to the default (or --select) set.",
)
@click.option(
    "--fail-on",
    type=click.Choice(["note", "warning", "error"]),
    default=None,
    help="Lowest severity that makes the exit code 1 (default: warning; notes alone pass).",
)
@click.option(
    "--min-severity",
    type=click.Choice(["note", "warning", "error"]),
    default=None,
    help="Report only findings of this severity or higher.",
)
@click.option(
    "--min-confidence",
    type=click.Choice(["low", "medium", "high"]),
    default=None,
    help="Report only findings of this confidence or higher.",
)
@click.option("--exit-zero", is_flag=True, help="Exit 0 even with findings (still 2 on bad input).")
@click.option(
    "--shell",
    type=click.Choice(["auto", "bash", "powershell", "both"]),
    default=None,
    help="Which shells to analyse templates for (default: auto).",
)
@click.option(
    "--kind",
    type=click.Choice(["manual", "tool", "config", "template", "template-list", "legacy"]),
    default=None,
    help="Force the document kind instead of detecting it by shape.",
)
@click.option(
    "--require-declarations", is_flag=True, default=None, help="Missing subprocess declarations are errors, not notes."
)
@click.option(
    "--config",
    "config_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="pyproject.toml to read [tool.utcp-lint] from (default: found upward from the cwd).",
)
@click.option("--no-config", is_flag=True, help="Ignore any [tool.utcp-lint] configuration.")
@click.option(
    "--project-root",
    type=click.Path(file_okay=False),
    default=None,
    help="Directory SARIF URIs are relative to (default: the git top level, else the cwd).",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write the report to this file instead of stdout.",
)
@click.option(
    "--baseline",
    type=click.Path(dir_okay=False),
    default=None,
    help="Only report findings not recorded in this baseline file.",
)
@click.option(
    "--write-baseline",
    type=click.Path(dir_okay=False),
    default=None,
    help="Record the current findings as the baseline and exit 0.",
)
@click.option("--fix", is_flag=True, help="Apply safe fixes in place, then report what remains.")
@click.option(
    "--unsafe-fixes",
    is_flag=True,
    help="With --fix or --diff, also apply fixes that change behaviour (e.g. the 0.x command_name migration).",
)
@click.option("--show-fixes", is_flag=True, help="List the available fixes (safe and unsafe) after the report.")
@click.option("--statistics", is_flag=True, help="Print the number of findings per rule instead of the findings.")
@click.option("--diff", is_flag=True, help="Print the safe fixes as a unified diff, change nothing (exit 1 if any).")
@click.option(
    "--skip-non-utcp",
    is_flag=True,
    help="Treat named files like files found in a directory: skip JSON that is not a UTCP "
    "document and files matching 'exclude' (for pre-commit and CI, which pass every file).",
)
@click.option(
    "--no-cache",
    is_flag=True,
    help="Do not read or write the result cache (.utcp-lint-cache: Python scan and JSON documents).",
)
@click.option(
    "--cache-dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Directory of the result cache (default: 'cache-dir' in the configuration, else .utcp-lint-cache in the cwd).",
)
@click.option(
    "--stdin-filename",
    default=None,
    help="The file name to report (and match per-file-ignores against) for input read from '-'.",
)
@click.option(
    "--color",
    type=click.Choice(["auto", "always", "never"]),
    is_flag=False,
    flag_value="always",
    default=None,
    help="Colour the text output: auto (a TTY, or FORCE_COLOR set), always, never.",
)
@click.option("--no-color", "no_color", is_flag=True, help="Same as --color never.")
@click.option(
    "--fail-on-empty",
    is_flag=True,
    help="Exit 2 when no UTCP document or Python file was checked (a wrong path in CI).",
)
@click.option("--quiet", "-q", is_flag=True, help="Print only the findings and errors, no summary or notes.")
@click.option("--silent", "-s", is_flag=True, help="Print only the findings: no summary, notes or warnings.")
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=0),
    default=None,
    help="Worker processes for JSON documents (default: one per CPU, used for large documents "
    "and many files; 1 = serial). Results are identical to a serial run.",
)
@click.option(
    "--exclude",
    "exclude_opt",
    multiple=True,
    help="Patterns of files and directories not to lint, replacing the configuration's exclude "
    "(comma separated or repeated; relative to the cwd, or a file name).",
)
@click.option("--extend-exclude", multiple=True, help="Patterns to exclude in addition to exclude.")
@click.option(
    "--force-exclude/--no-force-exclude",
    default=None,
    help="Apply exclude and .gitignore to files named on the command line too (for pre-commit).",
)
@click.option(
    "--respect-gitignore/--no-respect-gitignore",
    default=None,
    help="Skip files git ignores (.gitignore, .git/info/exclude; default: on).",
)
@click.option("--show-settings", is_flag=True, help="Print the settings this run would use, then exit.")
@click.option("--show-files", is_flag=True, help="Print the files this run would lint, then exit.")
@_lock_follow_options  # --locked, --lock-file, --fetch..., --root-dir, --no-follow (linter/cli/lock.py)
def check_cmd(
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
    **lock_follow,
):
    """Check UTCP documents and Python plugin source (the default command)."""
    _pause_collector()
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
        click.echo(warning(cfg.path, refused), err=True)
    for line in silenced_security(cfg, rules, chosen, _split(select), _split(ignore)):  # issue 28
        click.echo(line, err=True)
    if any("dynamic" in r.tags for r in chosen):
        from ..executor import lifecycle  # sandboxes will run: SIGINT/SIGTERM must stop them all

        lifecycle.install()
    options = LintOptions(
        shell=shell or cfg.shell,
        require_declarations=cfg.require_declarations if require_declarations is None else require_declarations,
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
    excl = [] if exclude_opt else cfg.exclude + cfg.extend_exclude
    linter.respect_gitignore = cfg.respect_gitignore if respect_gitignore is None else respect_gitignore
    linter.force_exclude = cfg.force_exclude if force_exclude is None else force_exclude
    if show_files or show_settings:
        from .conventions import show_files as _show_files, show_settings as _show_settings

        if show_settings:
            click.echo(_show_settings(cfg, linter, excl, fmt, fail_on, paths), nl=False)
        else:
            click.echo(_show_files(linter, paths, excl, not skip_non_utcp), nl=False)
        sys.exit(EXIT_CLEAN)
    from .lock import prepare_check

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
        click.echo(f"wrote {n} finding(s) to baseline {write_baseline}", err=True)
        for err in result.errors:
            click.echo(err.text(), err=True)
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
                _write_output(output, lambda f: write_report(fmt, result, rctx, f))
            else:
                write_report(fmt, result, rctx, sys.stdout)
    else:
        if statistics and fmt == "text":
            text = _statistics(result.findings, rules)
        else:
            text = render(fmt, result, rctx)
        if output:
            _write_output(output, lambda f: f.write(text))
        else:
            click.echo(text, nl=False, color=True if rctx.color else None)  # click strips ANSI off a TTY
    if fmt == "text" and rctx.errors_to_stderr and not statistics:
        from ..reporters.text_report import error_lines

        for line in error_lines(result):
            click.echo(line, err=True)
    if fmt == "text" and not silent:
        if show_fixes:
            click.echo(_show_fixes(result.findings), nl=False)
        elif not quiet and not (fix or diff):
            fl = fixable_line(result.findings)
            if fl:
                click.echo(fl)
    if not silent:
        if fmt == "text" and not quiet:
            for note in result.notes:
                click.echo(f"note: {note}", err=True)
        hint = "" if fail_on_empty else " (--fail-on-empty makes this an error)"
        for emp in empty:
            click.echo(f"warning: {emp.path}: {emp.message}{hint}", err=True)
        if empty_run and not empty:
            click.echo(f"warning: {EMPTY_RUN_WARNING.format(paths=', '.join(map(str, paths)))}{hint}", err=True)
    if (empty_run or empty) and fail_on_empty:
        if silent:
            click.echo(f"utcp-lint: error: {EMPTY_RUN_WARNING.format(paths=', '.join(map(str, paths)))}", err=True)
        sys.exit(EXIT_ERROR)
    sys.exit(EXIT_ERROR if fix_refused else exit_code(result, fail_on or cfg.fail_on, exit_zero))


def _write_output(output: str, write) -> None:
    """The report to ``--output``, through :mod:`utcp_lint.core.safewrite` (never
    through a committed symbolic link or hard link; issue 28)."""
    from ..core.safewrite import atomic_open

    try:
        with atomic_open(output, mode=0o644, stream=True) as f:
            write(f)
    except OSError as e:
        _usage_error(f"cannot write --output {output}: {e.strerror or e}")


def _pause_collector() -> None:
    """The cyclic garbage collector off for the whole command (the CLI only;
    the language server and the library API keep it on), back on when click
    closes the command's context (a test run through click's runner gets its
    collector back).  The run's cycles are few and short (the analyses close
    theirs when released, ruleset/analyses.py): the collections found almost
    nothing and cost 33M of the 200-tool diverse run's 3,707M instructions
    (bench/bench_run_ir.py); peak memory of the 10 MiB generated manual
    (bench/bench_memory.py's shape) 152 -> 150 MiB."""
    import gc

    if gc.isenabled():
        gc.disable()
        click.get_current_context().call_on_close(_resume_collector)


def _resume_collector() -> None:
    """The collector back on after :func:`_pause_collector`.  The run's objects
    still alive were all counted as young: the first allocation after
    ``gc.enable()`` would start a young collection walking every one of them
    (25M instructions at the 200-tool run's exit).  ``freeze()`` then
    ``unfreeze()`` moves them to the oldest generation at once and zeroes the
    young count (CPython's gcmodule.c); skipped when the embedding program froze
    objects itself (we would unfreeze them)."""
    import gc

    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()
    gc.enable()


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


def _usage_error(msg: str) -> NoReturn:
    click.echo(f"utcp-lint: error: {msg}", err=True)
    sys.exit(EXIT_ERROR)


# ----------------------------------------------------------------------------
# rules / rule
# ----------------------------------------------------------------------------


@main.command("rules")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown"]), default="text")
def rules_cmd(fmt):
    """List every rule: id, default severity, confidence, name, description."""
    from ..ruleset.docs import help_uri, index_markdown, tags
    from ..ruleset.rule import all_rules

    rules = all_rules()
    if fmt == "json":
        import json

        click.echo(
            json.dumps(
                [
                    {
                        "id": r.id,
                        "name": r.name,
                        "severity": r.severity,
                        "confidence": r.confidence,
                        "scope": r.scope,
                        "default_enabled": r.default_enabled,
                        "tags": tags(r),
                        "category": r.category,
                        "security_severity": r.sec_severity if r.category == "security" else None,
                        "help_uri": help_uri(r.id),
                        "description": r.short_description,
                    }
                    for r in rules.values()
                ],
                indent=2,
            )
        )
        return
    if fmt == "markdown":
        click.echo(index_markdown(rules), nl=False)
        return
    for r in rules.values():
        flag = "" if r.default_enabled else " (opt-in)"
        click.echo(f"{r.id:7} {r.severity:8} {r.confidence:7} {r.name}{flag}: {r.short_description}")
    click.echo(f"\n{len(rules)} rules. 'utcp-lint rule ID' prints one rule's documentation.", err=True)


@main.command("rule")
@click.argument("rule_id")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown"]), default="text")
def rule_cmd(rule_id, fmt):
    """Print one rule's documentation (by id, e.g. UL031, or by name)."""
    import difflib

    from ..ruleset.docs import rule_markdown, rule_text
    from ..ruleset.rule import all_rules

    rules = all_rules()
    key = rule_id.strip()
    r = rules.get(key.upper()) or next((x for x in rules.values() if x.name == key.lower()), None)
    if r is None:
        close = difflib.get_close_matches(key.upper(), list(rules), n=3, cutoff=0.6) or [
            x.id
            for x in rules.values()
            if x.name in difflib.get_close_matches(key.lower(), [y.name for y in rules.values()], n=3)
        ]
        hint = f"; did you mean {', '.join(f'{c} ({rules[c].name})' for c in close)}?" if close else ""
        _usage_error(f"unknown rule {rule_id!r}{hint} (see 'utcp-lint rules')")
    click.echo(rule_markdown(r) if fmt == "markdown" else rule_text(r), nl=False)


def _register_optional_commands():
    """``lock`` (its module is loaded anyway for the check options); run,
    verify, declare and schema load on first use (``LAZY_COMMANDS``)."""
    from . import lock as cli_lock

    cli_lock.register(main)


_register_optional_commands()


if __name__ == "__main__":  # pragma: no cover
    main()
