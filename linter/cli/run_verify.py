"""``utcp-lint run`` and ``utcp-lint verify`` (registered on the main group)."""

from __future__ import annotations

import json
import os
import sys
from typing import NoReturn

import click

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def _fail(msg: str, code: int = EXIT_ERROR) -> NoReturn:
    from ..core.textsafe import one_line

    click.echo(f"utcp-lint: error: {one_line(msg)}", err=True)
    sys.exit(code)


def _echo_json(value) -> None:
    try:
        click.echo(json.dumps(value, indent=2, ensure_ascii=False))
    except UnicodeEncodeError:
        click.echo(json.dumps(value, indent=2, ensure_ascii=True))


MAX_ARGS_BYTES = 16 << 20  # --args @FILE (docs/limits.md)


def _read_args_file(path: str) -> str:
    """--args @FILE: a regular file only (never a FIFO or /dev/zero), at most 16 MiB, UTF-8."""
    import stat

    if not path:
        _fail("--args @FILE needs a file name after '@'")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        _fail(f"cannot read --args file {path!r}: {e.strerror or e}")
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            _fail(f"cannot read --args file {path!r}: not a regular file (FIFO, device or socket)")
        try:
            raw = f.read(MAX_ARGS_BYTES + 1)
        except OSError as e:
            _fail(f"cannot read --args file {path!r}: {e.strerror or e}")
    if len(raw) > MAX_ARGS_BYTES:
        _fail(f"--args file {path!r} is larger than {MAX_ARGS_BYTES >> 20} MiB")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        _fail(f"--args file {path!r} is not UTF-8 (byte {e.start})")


def _parse_args(text: str) -> dict:
    if text.startswith("@"):
        text = _read_args_file(text[1:])
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        _fail(f"--args is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}")
    except RecursionError:
        _fail("--args is nested too deeply")
    except ValueError as e:  # e.g. an integer with too many digits
        _fail(f"--args is not valid JSON: {e}")
    if not isinstance(value, dict):
        _fail("--args must be a JSON object mapping argument names to values")
    return value


def register(main: click.Group) -> None:
    main.add_command(run_cmd)
    main.add_command(verify_cmd)


# ----------------------------------------------------------------------------
# run
# ----------------------------------------------------------------------------


@click.command("run")
@click.argument("manual", type=click.Path(dir_okay=False, allow_dash=True))
@click.argument("tool")
@click.option(
    "--args",
    "args_json",
    default="{}",
    show_default=True,
    help="Tool arguments as a JSON object (or @FILE holding one).",
)
@click.option(
    "--strict",
    is_flag=True,
    help="Validate user-controlled values first (metacharacters, leading '-', undeclared "
    "placeholders); exit 2 with an ARG_ERROR on stdout and run nothing on failure.",
)
@click.option(
    "--shell",
    type=click.Choice(["bash", "powershell"]),
    default=None,
    help="Script dialect (default: what the runtime uses on this OS: bash, or PowerShell on Windows).",
)
@click.option(
    "--timeout",
    type=float,
    default=120.0,
    show_default=True,
    help="Seconds before the tool's process group is killed (the runtime's call_tool uses 120).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: the result as call_tool returns it (text as-is, JSON results as JSON); "
    'json: {"result": ..., "returncode": ...}.',
)
def run_cmd(manual, tool, args_json, strict, shell, timeout, fmt):
    """Run one CLI TOOL of MANUAL exactly as utcp-cli 1.1.5 would and print its result."""
    import os

    from ..executor import lifecycle
    from ..executor.load import LoadError, find_tool, load_file
    from ..executor.runner import RunError, run_template
    from ..executor.strict import error_payload, validate

    lifecycle.install()
    tool_args = _parse_args(args_json)
    if timeout <= 0:
        _fail("--timeout must be positive")
    try:
        tpl = find_tool(load_file(manual), tool)
    except LoadError as e:
        _fail(str(e))
    if shell is None:
        shell = "powershell" if os.name == "nt" else "bash"
    raw_commands = tpl.raw.get("commands")
    commands = raw_commands if isinstance(raw_commands, list) else []
    if strict:
        errors = validate([c for c in commands if isinstance(c, dict)], tool_args)
        if errors:
            _echo_json(error_payload(errors))
            sys.exit(EXIT_ERROR)
    ev = tpl.raw.get("env_vars")
    if isinstance(ev, dict):
        from ..executor.envsafe import classify

        risky = sorted(k for k in ev if isinstance(k, str) and classify(k) is not None)
        if risky:  # run does what the runtime does: say that this means code of the manual's
            from ..core.textsafe import one_line
            from ..ruleset.ids import ENV_VAR_RUNS_CODE

            click.echo(
                one_line(
                    f"utcp-lint: warning: env_vars sets {', '.join(risky)}, which bash or the "
                    f"dynamic loader obey (see {ENV_VAR_RUNS_CODE}); running as the runtime would"
                ),
                err=True,
            )
    try:
        outcome = run_template(tpl.raw, tool_args, shell=shell, timeout=timeout)
    except RunError as e:
        _fail(str(e))
    except (ValueError, UnicodeError) as e:  # NUL bytes, lone surrogates: not passable to a program
        _fail(f"--args (or the template's env_vars) cannot be passed to the tool's environment: {e}")
    if fmt == "json":
        _echo_json({"result": outcome.result, "returncode": outcome.returncode})
    elif isinstance(outcome.result, str):
        click.echo(outcome.result)
    else:
        _echo_json(outcome.result)
    sys.exit(EXIT_CLEAN)


# ----------------------------------------------------------------------------
# verify
# ----------------------------------------------------------------------------


@click.command("verify")
@click.argument("manual", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--tool", "tools", multiple=True, help="Only verify this tool (repeatable).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--timeout", type=float, default=None, help="Seconds per sandboxed run (default: 10).")
@click.option("--jobs", "-j", type=int, default=None, help="Parallel sandbox runs (default: CPU count).")
@click.option(
    "--max-time",
    type=float,
    default=600.0,
    show_default=True,
    help="Total seconds for the whole verify run; tools not verified by then are reported as errors (exit 2).",
)
@click.option(
    "--weak-sandbox",
    is_flag=True,
    help="Run without namespaces (when unprivileged user namespaces are unavailable): shims, "
    "rlimits, timeout and an unprivileged user only; interpreters other than bash are "
    "recorded, not run, so interpreter payloads cannot be proven.",
)
@click.option(
    "--accept-inconclusive",
    is_flag=True,
    help="Exit 0/1 by the proofs alone even when a tool is inconclusive (a run timed out, hit the "
    "output cap, or the tool wrote into the sandbox's log or canary area); default: exit 2 when nothing is proven.",
)
def verify_cmd(manual, tools, fmt, timeout, jobs, max_time, weak_sandbox, accept_inconclusive):
    """Prove injections dynamically: run each bash tool in a sandbox with attack payloads.

    Every placeholder is fed a payload catalog (command substitution, quote
    break-outs, arithmetic, interpreter code, spaces and globs, leading '-',
    newlines) while every external program is a recording shim.  Proven
    problems are reported as UL501-UL504.  Exit 1 when anything is proven;
    otherwise exit 2 when a tool is inconclusive (unless --accept-inconclusive).
    """
    from ..executor import lifecycle
    from ..executor.load import LoadError, load_file
    from ..executor.sandbox import SandboxUnavailable
    from ..executor.verify import VerifyOptions, verify_document
    from ..rules._verify import verify_findings
    from .verify_report import report_json, report_text

    lifecycle.install()  # SIGINT/SIGTERM: kill every sandbox, clean up, exit 130/143
    if max_time <= 0:
        _fail("--max-time must be positive")
    try:
        doc = load_file(manual)
    except LoadError as e:
        _fail(str(e))
    opts = VerifyOptions(weak=weak_sandbox, max_time=max_time, accept_inconclusive=accept_inconclusive)
    if timeout is not None:
        if timeout <= 0:
            _fail("--timeout must be positive")
        opts.timeout = timeout
    if jobs is not None:
        opts.jobs = max(1, jobs)
    try:
        report = verify_document(doc, tools=list(tools) or None, options=opts)
    except SandboxUnavailable as e:
        _fail(str(e))
    if report.unknown_tools:
        _fail(f"no CLI tool named {', '.join(repr(t) for t in report.unknown_tools)} in {doc.source.path}")
    findings = verify_findings(report)
    if fmt == "json":
        _echo_json(report_json(report, findings))
    else:
        click.echo(report_text(report, findings), nl=False)
    sys.exit(report.exit_code())
