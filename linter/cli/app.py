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
        except Exception as e:
            from .check_run import contain  # BrokenPipeError: exit 2 quietly; else the internal error

            contain(e, click.echo)


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
    "--ignore-foreign-suppressions",
    is_flag=True,
    default=None,
    help="Report what bandit's '# nosec' and ruff's '# noqa: S602' hide (an audit); '# utcp-lint: ignore[...]' still applies.",
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
    ignore_foreign_suppressions=None,
    **lock_follow,
):
    """Check UTCP documents and Python plugin source (the default command)."""
    args = dict(locals())  # the options, as click parsed them (before any other local name)
    lock_opts = args.pop("lock_follow")
    from .check_run import check

    return check(click.echo, **args, **lock_opts)


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
