"""Rules that execute the linted tools are enabled from the command line only.

The person at the keyboard is trusted; the linted repository and its
configuration are not.  A ``pyproject.toml`` committed to a hostile checkout
must not turn ``utcp-lint .`` into "run this repository's tools" (issue 17), so
a rule tagged ``dynamic`` (UL501-UL504, anything that executes) survives the
rule selection only when ``--select`` on the command line enables it.  When a
configuration asks for one, the CLI prints one warning line and lints without it.
Likewise, a configuration that turns every security rule off for every file
gets one warning line per setting (:func:`silenced_security`, issue 28).
"""

from __future__ import annotations


def is_dynamic(rule) -> bool:
    return "dynamic" in getattr(rule, "tags", ())


def restrict(chosen: list, all_rules: dict, cli_select: list[str]) -> tuple[list, list[str]]:
    """(rules to run, ids of dynamic rules dropped because only the configuration enabled them)."""
    from ..run.config import select_rules

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


# ---- a configuration that turns the security rules off (issue 28) ----------

# paths a glob "matching every file" matches: manuals, configs, plugin source, nested
_PROBES = ("utcp_manual.json", "manuals/tools/m.json", "src/pkg/plugin.py", "x")


def _security(rules) -> list:
    return [r for r in rules if tuple(getattr(r, "tags", ()))[:1] == ("security",) and not is_dynamic(r)]


def _covers(ids: list[str], rule_ids: list[str]) -> bool:
    from ..run.config import matches

    return bool(rule_ids) and all(any(matches(rid, s) for s in ids) for rid in rule_ids)


def silenced_security(cfg, all_rules: dict, chosen: list, cli_select: list[str], cli_ignore: list[str]) -> list[str]:
    """One warning line per setting of a repository's configuration that turns
    off every (default) security rule for every file: ``ignore = ["ALL"]``, a
    ``select`` without any security rule, ``per-file-ignores`` with a glob
    matching everything and ALL (or every security rule).  A hostile checkout
    must not get "All checks passed" without a word (zizmor warns about its own
    configuration the same way); the run still honours the configuration."""
    from ..run.config import select_rules

    if not getattr(cfg, "path", None):
        return []
    out = []
    where = f"utcp-lint: warning: {cfg.path}: [tool.utcp-lint]"
    baseline = _security(select_rules(all_rules, cli_select, cli_ignore))
    running = _security(chosen)
    if baseline and not running:
        if cfg.ignore and _security(select_rules(all_rules, cli_select or cfg.select, cli_ignore)):
            out.append(
                f"{where} ignore = {cfg.ignore!r} turns off every security rule; security findings are not reported"
            )
        elif cfg.select and not cli_select:
            out.append(
                f"{where} select = {cfg.select!r} enables no security rule; security findings are not reported"
                ' (add "UL" or name the security rules)'
            )
        else:
            out.append(f"{where} select/ignore turn off every security rule; security findings are not reported")
    ids = [r.id for r in running]
    import fnmatch

    for pat, sel in (getattr(cfg, "per_file_ignores", None) or {}).items():
        if all(fnmatch.fnmatch(p, pat) or fnmatch.fnmatch(p.rsplit("/", 1)[-1], pat) for p in _PROBES):
            if _covers([str(s) for s in sel], ids):
                out.append(
                    f"{where} per-file-ignores {pat!r} = {list(sel)!r} matches every file and turns off every "
                    f"security rule; security findings are not reported"
                )
    return out
