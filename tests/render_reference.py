"""The runtime's (utcp-cli 1.1.5) quote tracker, character by character: the
oracle for the jumping tracker in linter/executor/render.py
(tests/test_render_fast.py).  Test code only; the product never runs it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from utcp_lint.document.placeholder_scan import PlaceholderScan
from utcp_lint.executor import render as R


def substitute_reference(
    command: str,
    tool_args: Mapping[str, Any] | None,
    nonce: str = R.FIXED_NONCE,
    shell: str = "bash",
) -> R.Substitution:
    """The runtime's character-by-character loop, the reference the fast
    :func:`utcp_lint.executor.render.substitute` is tested against."""
    args: Mapping[str, Any] = tool_args or {}
    powershell = shell == "powershell"
    escape = "`" if powershell else "\\"
    pieces: list[str] = []
    out_len = 0
    env: dict[str, str] = {}
    found: list[tuple[str, int, int, int, int, str, str]] = []
    state = "normal"
    pos = 0
    end = len(command)

    def emit(s: str) -> None:
        nonlocal out_len
        pieces.append(s)
        out_len += len(s)

    # PLACEHOLDER_RE.match(command, pos), answered without the lazy regex's
    # walk to the end of a long name run at every UTCP_ARG_ (quadratic)
    scan = PlaceholderScan(command)
    while pos < end:
        match = scan.match(pos)
        if match is not None:
            name, m_start, m_end = match
            if powershell and state == "sq":
                raise R.SingleQuotePlaceholderError(R._ps_single_quote_message(name, command), name, m_start, m_end)
            var = R.env_var_name(nonce, name)
            env[var] = R._value_text(args, name)
            ref = ("${env:" + var + "}") if powershell else R._bash_reference(var, state)
            found.append((name, m_start, m_end, out_len, out_len + len(ref), var, state))
            emit(ref)
            pos = m_end
            continue

        ch = command[pos]
        has_next = pos + 1 < end
        if state == "sq":
            if powershell and ch == "'" and has_next and command[pos + 1] == "'":
                emit("''")
                pos += 2
                continue
            if ch == "'":
                state = "normal"
            emit(ch)
            pos += 1
            continue

        # normal or dq: an escape character swallows the next character
        if ch == escape and has_next:
            if state == "normal" or powershell or command[pos + 1] in R._BASH_DQ_ESCAPABLE:
                emit(command[pos : pos + 2])
                pos += 2
                continue
        if state == "normal":
            if ch == "'":
                state = "sq"
            elif ch == '"':
                state = "dq"
        elif ch == '"':
            state = "normal"
        emit(ch)
        pos += 1

    return R.Substitution("".join(pieces), env, found)
