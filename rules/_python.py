"""Shared helpers of the Python sink rules UL400-UL405 and UL410 (not a rule).

The engine (:mod:`utcp_lint.pyscan.sinks`) states facts: each
:class:`~utcp_lint.pyscan.sinks.Sink` is a :class:`SinkKind` with its evidence.
A rule module reports the kinds named in its ``REPORTS`` (kind -> the bandit /
ruff ids of the same check there, which ``# nosec`` / ``# noqa`` may name) and
owns the words through its ``message(sink)``; the message shapes shared by
several rules, and the severity and confidence every sink rule derives from
the evidence, are here.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from types import ModuleType

from utcp_lint.core.findings import Finding
from utcp_lint.pyscan.duckcode import DUCK_CODE_WEAK
from utcp_lint.pyscan.facts import CODE_KINDS, SinkKind
from utcp_lint.ruleset.rule import Rule

_LEVEL = {"high": ("error", "high"), "medium": ("warning", "medium"), "low": ("note", "low")}
_CONF_ORDER = {"low": 0, "medium": 1, "high": 2}

QUOTE_NOTE = (
    " shlex.quote inside double (or single) quotes of a shell string is bypassable: the quotes "
    "it adds are literal there, so a value containing a quote breaks out (the lesson of "
    "GHSA-33p6-5jxp-p3x4)."
)
FIX_ARGV = " Use an argv list (exec-array) with shell=False; never a shell string."


def severity_confidence(s) -> tuple[str, str]:
    """Severity and confidence of a sink: from how much of the command comes
    from data, capped by how sure it is that the call reaches the shell."""
    if s.kind is SinkKind.EXEC_STRING_SHELL:
        return severity_confidence(s.inner)
    if s.kind in CODE_KINDS:
        if s.label == DUCK_CODE_WEAK:
            return "warning", "medium"  # only the method's name or the text's shape says code (duckcode.py)
        return "error", "high" if s.ev.params else "medium"
    sev, conf = _LEVEL[s.level]
    conf = conf if _CONF_ORDER[conf] <= _CONF_ORDER[s.certainty] else s.certainty
    if s.kind is SinkKind.SHELL_TRUE and s.shell == "maybe" and sev == "error" and s.certainty == "low":
        sev = "warning"  # only a **kwargs pass-through: a caller may pass shell=True
    return sev, conf


def sink_findings(
    rule: Rule,
    ctx,
    reports: dict,
    message: Callable[..., str],
    note: Callable[..., str] | None = None,
    snippet: Callable[..., str] = lambda s: s.callee,
    quiet_when_constant: bool = False,
    skip: Callable[..., bool] | None = None,
) -> Iterator[Finding]:
    """One finding of ``rule`` per sink of a kind in ``reports`` (kind ->
    aliases); ``message(sink)`` is the text, ``note(sink)`` an optional addition.
    ``quiet_when_constant``: a sink whose command or code is constant or quoted
    throughout (evidence level ``low``) is the recommended form of the call
    (an argv program given a constant script, a remote command string) and
    gives no finding; interpreter-code kinds are judged by their own rule.  ``skip(sink)``:
    a sink the rule does not report (the fact stays for the project summaries)."""
    for s in ctx.sinks_of(reports):
        if quiet_when_constant and s.level == "low" and s.kind not in CODE_KINDS:
            continue
        if skip is not None and skip(s):
            continue  # a sink the rule leaves to its callers (a pure pass-through wrapper)
        sev, conf = severity_confidence(s)
        text = message(s)
        if note is not None:
            extra = note(s)
            if extra:
                text += " " + extra
        ctx.finding_aliases[(rule.id, s.start, s.end)] = frozenset(reports[s.kind])
        yield rule.finding(ctx.source, s.start, s.end, text, severity=sev, confidence=conf, snippet=snippet(s))


# ---- words shared by several rules ------------------------------------------


def via_text(via) -> str:
    via = [v for v in via if v and v != "self"]
    if not via:
        return ""
    seen: list = []
    for v in via:
        if v not in seen:
            seen.append(v)
    return " (reached through " + ", ".join(seen) + ")"


def what(ev, noun: str = "command") -> str:
    if ev.const:
        return f"a constant {noun}"
    if ev.level == "high":
        return f"a {noun} built from {ev.describe()}"
    return f"a {noun} from {ev.describe()}"


def danger(ev) -> str:
    if ev.level == "high":
        s = ": shell metacharacters in those values run as commands."
    elif ev.level == "medium":
        s = ": if any part of it comes from a caller, shell metacharacters in it run as commands."
    else:
        s = "."
    if ev.dq:
        s += QUOTE_NOTE
    return s


def executors(s) -> str:
    """The executors the call runs through, as the end of the message."""
    return "".join(f" (The call runs through {label}.)" for label in s.executors)


def shell_string_message(s) -> str:
    """A command string run by a shell (os.system, create_subprocess_shell, invoke, paramiko)."""
    where = "a remote shell" if s.remote else "the shell"
    return f"{s.callee} runs {what(s.ev)} through {where}{via_text(s.via)}{danger(s.ev)}{FIX_ARGV}" + executors(s)


def argv_shell_message(s) -> str:
    """An argv list whose program is a shell or an interpreter with code."""
    return (
        f"{s.callee} starts {s.label} with {what(s.ev, 'script')}{via_text(s.via)}: the argv list does not "
        f"avoid the shell, it starts one{danger(s.ev)} Run the program directly with an argv list "
        f"(exec-array); pass values as separate arguments (or as $1 to a constant script), never inside "
        f"the code string." + executors(s)
    )


# ---- which rule reports which kind --------------------------------------------


@functools.cache
def reporting_modules() -> dict[SinkKind, ModuleType]:
    """The rule module reporting each :class:`SinkKind` (UL410 and UL901 name
    the rule of a sink they did not report themselves)."""
    from . import (
        ul400_os_shell_call,
        ul401_subprocess_shell_true,
        ul402_asyncio_shell,
        ul403_shell_in_argv,
        ul404_third_party_shell,
        ul405_eval_of_parameter,
        ul410_shell_in_exec_string,
    )

    out: dict[SinkKind, ModuleType] = {}
    for m in (
        ul400_os_shell_call,
        ul401_subprocess_shell_true,
        ul402_asyncio_shell,
        ul403_shell_in_argv,
        ul404_third_party_shell,
        ul405_eval_of_parameter,
        ul410_shell_in_exec_string,
    ):
        for kind in m.REPORTS:
            out[kind] = m
    return out


def reporting_rule(kind: SinkKind) -> tuple[Rule, tuple[str, ...]]:
    """The rule reporting ``kind`` and the aliases of its finding."""
    m = reporting_modules()[kind]
    return m.RULE, tuple(m.REPORTS[kind])
