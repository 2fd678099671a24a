"""Rules that execute the linted tools are enabled from the command line only.

The person at the keyboard is trusted; the linted repository and its
configuration are not.  A ``pyproject.toml`` committed to a hostile checkout
must not turn ``utcp-lint .`` into "run this repository's tools" (issue 17), so
a rule tagged ``dynamic`` (UL501-UL504, anything that executes) survives the
rule selection only when ``--select`` on the command line enables it.  When a
configuration asks for one, the CLI prints one warning line and lints without it.
"""

from __future__ import annotations


def is_dynamic(rule) -> bool:
    return "dynamic" in getattr(rule, "tags", ())


def restrict(chosen: list, all_rules: dict, cli_select: list[str]) -> tuple[list, list[str]]:
    """(rules to run, ids of dynamic rules dropped because only the configuration enabled them)."""
    from .config import select_rules

    allowed = {r.id for r in select_rules(all_rules, cli_select)} if cli_select else set()
    keep, dropped = [], []
    for r in chosen:
        if is_dynamic(r) and r.id not in allowed:
            dropped.append(r.id)
        else:
            keep.append(r)
    return keep, dropped


def warning(config_path, dropped: list[str]) -> str:
    where = config_path or "the configuration"
    return (
        f"utcp-lint: warning: {where} asks for {', '.join(dropped)}, which execute the linted "
        f"tools; configuration files may not enable them (select them on the command line, "
        f"e.g. --select {dropped[0]}, or run 'utcp-lint verify'); linting without them"
    )
