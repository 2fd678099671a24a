"""Helpers for the CLI conventions ruff and zizmor users expect (issue 12):
filters, ``--statistics``, ``--show-fixes``, the fixable line, colour,
project root, and the top-level ``--help`` that shows the check options.

Kept out of :mod:`utcp_lint.cli.app` so the command module stays small.
"""

from __future__ import annotations

import os

from ..core.findings import SEVERITY_RANK

CONFIDENCE_RANK = {"low": 0, "medium": 1, "high": 2}
EMPTY_RUN_WARNING = "no UTCP documents or Python files were checked in {paths}"


def filter_findings(findings, min_severity: str | None, min_confidence: str | None):
    """``--min-severity`` / ``--min-confidence`` (zizmor): drop the findings below."""
    out = findings
    if min_severity:
        t = SEVERITY_RANK[min_severity]
        out = [f for f in out if SEVERITY_RANK.get(f.severity, 2) >= t]
    if min_confidence:
        t = CONFIDENCE_RANK[min_confidence]
        out = [f for f in out if CONFIDENCE_RANK.get(f.confidence, 2) >= t]
    return out


def statistics(findings, rules) -> str:
    """``--statistics``: one line per rule, most frequent first (ruff's layout)."""
    from collections import Counter

    c = Counter(f.rule for f in findings)
    fixable = Counter(f.rule for f in findings if _safe_fix(f))
    lines = []
    for rid, n in sorted(c.items(), key=lambda kv: (-kv[1], kv[0])):
        r = rules.get(rid)
        name = r.name if r is not None else ""
        mark = "[*]" if fixable[rid] else "   "
        lines.append(f"{n:5}\t{rid:6}\t{mark} {name}")
    if not lines:
        return "No findings.\n"
    return "\n".join(lines) + f"\nFound {len(findings)} finding{'s' if len(findings) != 1 else ''}.\n"


def _safe_fix(f) -> bool:
    fx = getattr(f, "fix", None)
    return fx is not None and bool(fx.edits) and getattr(fx, "safe", True) is not False


def _unsafe_fix(f) -> bool:
    fx = getattr(f, "fix", None)
    return fx is not None and bool(fx.edits) and getattr(fx, "safe", True) is False


def fixable_line(findings) -> str | None:
    """ "N fixable with --fix" (and the unsafe ones), or None when nothing is."""
    safe = sum(1 for f in findings if _safe_fix(f))
    unsafe = sum(1 for f in findings if _unsafe_fix(f))
    if not safe and not unsafe:
        return None
    parts = []
    if safe:
        parts.append(f"{safe} fixable with --fix")
    if unsafe:
        parts.append(f"{unsafe} {'more ' if safe else ''}fixable with --fix --unsafe-fixes")
    return "[*] " + "; ".join(parts) + "."


def show_fixes(findings) -> str:
    """``--show-fixes``: each available fix, marked safe or unsafe."""
    lines = []
    for f in findings:
        fx = getattr(f, "fix", None)
        if fx is None or not fx.edits:
            continue
        kind = "safe" if getattr(fx, "safe", True) is not False else "unsafe (--unsafe-fixes)"
        lines.append(f"{f.path}:{f.line}:{f.column}: {f.rule} fix [{kind}]: {fx.description}")
    if not lines:
        return "No fixes available.\n"
    return "Fixes:\n" + "\n".join("  " + x for x in lines) + "\n"


def use_color(choice: str | None, output: str | None, isatty: bool) -> bool:
    """``--color always|never|auto``; auto honours NO_COLOR, then FORCE_COLOR
    (CI logs are not TTYs), then whether stdout is a terminal."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    if output is not None:
        return False
    if os.environ.get("NO_COLOR"):
        return False
    fc = os.environ.get("FORCE_COLOR")
    if fc is not None and fc not in ("0", "false", ""):
        return True
    return isatty


def project_root(explicit: str | None = None, start: str | None = None) -> str:
    """The root SARIF URIs are relative to: ``--project-root``, else the git
    top level above the working directory (a ``.git`` directory or file),
    else the working directory."""
    if explicit:
        return os.path.abspath(explicit)
    d = os.path.abspath(start or os.getcwd())
    while True:
        if os.path.exists(os.path.join(d, ".git")):
            return d
        parent = os.path.dirname(d)
        if parent == d:
            return os.path.abspath(start or os.getcwd())
        d = parent


def format_group_help(group, ctx, formatter) -> None:
    """``utcp-lint --help``: the usage, the description, the check options
    (a bare path means check) and the commands with their full first lines."""
    group.format_usage(ctx, formatter)
    group.format_help_text(ctx, formatter)
    check = group.commands.get("check")
    if check is not None:
        rows = []
        with ctx.scope(cleanup=False):
            cctx = check.make_context("check", ["x"], parent=ctx, resilient_parsing=True)
        import click

        for p in check.get_params(cctx):
            if not isinstance(p, click.Option):
                continue
            rec = p.get_help_record(cctx)
            if rec is not None:
                rows.append(rec)
        top = []
        for p in group.get_params(ctx):
            rec = p.get_help_record(ctx)
            if rec is not None:
                top.append(rec)
        with formatter.section("Options"):
            formatter.write_dl(top)
        with formatter.section("Check options (utcp-lint [check] PATH...)"):
            formatter.write_dl(rows)
    rows = []
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if cmd is None or cmd.hidden:
            continue
        rows.append((name, first_sentence(cmd.short_help or cmd.help or "")))
    if rows:
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def first_sentence(text: str) -> str:
    """The first paragraph of a docstring, whole (click cuts it at 45 chars)."""
    para = text.strip().split("\n\n", 1)[0]
    return " ".join(para.split())


def rebase_paths(result, root: str, cwd: str | None = None) -> None:
    """Name every file relative to the project ``root`` (``--project-root``, the git
    top level, else the cwd), as SARIF's ``%SRCROOT%`` does, in every format: GitHub
    resolves annotation paths against the checkout, whatever the working directory.
    A file outside the root keeps an absolute path; ``<stdin>`` stays."""
    cwd = os.path.abspath(cwd or os.getcwd())
    if os.path.abspath(root) == cwd:
        return
    memo: dict[str, str] = {}

    def conv(p: str) -> str:
        q = memo.get(p)
        if q is None:
            if p.startswith("<"):
                q = p
            else:
                absp = os.path.normpath(os.path.join(cwd, p))
                rel = os.path.relpath(absp, root)
                q = absp if rel == ".." or rel.startswith(".." + os.sep) else rel.replace(os.sep, "/")
            memo[p] = q
        return q

    for f in result.findings:
        f.path = conv(f.path)
        for r in f.related:
            r.path = conv(r.path)
    for e in result.errors:
        e.path = conv(e.path)
    if getattr(result, "sources", None):
        result.sources = {conv(k): v for k, v in result.sources.items()}


def show_files(linter, paths, exclude, explicit: bool) -> str:
    """``--show-files``: the files a run would lint, one per line (sorted)."""
    from ..run.result import RunResult

    res = RunResult()
    targets = linter.discover(paths, res, exclude, explicit)
    lines = sorted(t.display for t in targets)
    lines += [f"# {e.text()}" for e in res.errors]
    return "".join(x + "\n" for x in lines)


def show_settings(cfg, linter, exclude, fmt, fail_on, paths) -> str:
    """``--show-settings``: where the configuration came from and what the run uses."""
    rows = [
        ("config", cfg.path or "(none)"),
        ("paths", " ".join(map(str, paths))),
        ("rules", ",".join(sorted(r.id for r in linter.rules))),
        ("output-format", fmt or cfg.format or "concise"),
        ("fail-on", fail_on or cfg.fail_on),
        ("shell", linter.options.shell),
        ("require-declarations", str(linter.options.require_declarations).lower()),
        ("ignore-foreign-suppressions", str(linter.options.ignore_foreign_suppressions).lower()),
        ("exclude", ", ".join(exclude) or "(none)"),
        ("extend-exclude (command line)", ", ".join(linter.cli_exclude) or "(none)"),
        ("respect-gitignore", str(linter.respect_gitignore).lower()),
        ("force-exclude", str(linter.force_exclude).lower()),
        ("per-file-ignores", "; ".join(f"{k} = {','.join(v)}" for k, v in cfg.per_file_ignores.items()) or "(none)"),
        ("per-tool-ignores", "; ".join(f"{k} = {','.join(v)}" for k, v in cfg.per_tool_ignores.items()) or "(none)"),
        ("baseline", cfg.baseline or "(none)"),
        ("cache", str(bool(linter.use_cache)).lower()),
        ("jobs", str(linter.jobs)),
    ]
    w = max(len(k) for k, _ in rows)
    return "".join(f"{k:{w}} = {v}\n" for k, v in rows)
