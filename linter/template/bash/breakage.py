"""Breakage: structural problems of the rendered script (the breakage pass, :func:`find`).

A comment swallowing the runtime's ``2>&1)``, a reserved word where bash wants
a command, a ``)`` closing the runtime's substitution early, unterminated or
mis-terminated heredocs, and tree-sitter parse errors (known tree-sitter-bash
gaps left out).
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from ...core.lazyre import lazy_compile
from .. import programs as _programs
from .model import Breakage

if TYPE_CHECKING:
    from .commands import CommandTable
    from .script import Script

__all__ = ["find", "parse_errors"]

_MISPLACED_RESERVED = frozenset({"in", "fi", "}", "]]", "then", "else", "do", "done", "esac", "elif"})
_COPROC_RE = lazy_compile(r"(?<![\w$-])coproc(?:\s+[A-Za-z_]\w*)?\s*\{")
_RESERVED_RE = lazy_compile(r"(?<![\w$-])(?:in|fi|then|else|elif|do|done|esac|\]\]|\})(?![\w=-])")


def _known_gap(n) -> bool:
    """MISSING nodes tree-sitter-bash invents for input bash accepts."""
    if not n.is_missing:
        return False
    par = n.parent
    if n.type == "}" and par is not None and par.type == "expansion":
        return par.child_count >= 2 and par.child(par.child_count - 2).type == ":"
    if n.type in ("command_name", "word") and par is not None:
        # `NAME=value 2>&1`: an assignment with a redirection and no command
        cn = par if par.type == "command" else par.parent
        if (
            cn is not None
            and cn.type == "command"
            and cn.child_count
            and cn.child(0).type in ("variable_assignment", "variable_assignments", "file_redirect")
        ):
            return True
    return False


# a later read of more than the first positional parameter: what `set -- LIST` is for
_SPLIT_USE = lazy_compile(r"\$#|\$\{#\}|\$@|\$\{@|\$\*|\$\{?[2-9]|\bshift\b")


def find(sc: Script, commands: CommandTable, placeholders: list) -> list:
    """Every :class:`~.model.Breakage` of the script (``placeholders``: the
    classification pass's placeholder references, for the loops over one value).
    Each finder below adds its kind; a step broken by an earlier one is not blamed
    again by a later one (``broken_steps``)."""
    out: list = []
    broken_steps: set = set()
    _comments_swallowing_suffix(sc, out, broken_steps)
    _misplaced_reserved_words(sc, out, broken_steps)
    _early_closing_parens(sc, out, broken_steps)
    if "local" in sc.text:
        out.extend(_local_outside_function(sc, broken_steps))
    if "for" in sc.text and placeholders:
        out.extend(_loops_over_one_value(sc, placeholders, broken_steps))
    if ("set" in sc.text or "=(" in sc.text) and placeholders:
        out.extend(_splits_of_one_value(sc, commands, placeholders, broken_steps))
    _heredoc_problems(sc, commands, out, broken_steps)
    if "alias" in sc.text and "expand_aliases" not in sc.text:
        out.extend(_aliases_never_expanded(sc, commands, broken_steps))
    if "~" in sc.text:
        out.extend(_quoted_tildes(sc, commands, broken_steps))
    if " --" in sc.text:
        out.extend(_dashdash_refused(sc, commands, broken_steps))
        out.extend(_long_equals_refused(sc, commands, broken_steps))
    if "=~" in sc.text:
        _regex_word_ends(sc, out, broken_steps)
    if any(n in sc.text for n in _programs.BSD_ONLY_FORMS):
        out.extend(_bsd_only_forms(sc, commands, broken_steps))
    out.extend(_operands_missing(sc, commands, broken_steps))
    _parse_errors(sc, out, broken_steps)
    return out


def _skip_quoted(text: str, i: int) -> int:
    """The offset after the quoted part or expansion starting at ``text[i]`` (``'…'``,
    ``"…"``, ``$'…'``, ``${…}``, `` `…` ``), or ``i`` when none starts there."""
    c = text[i]
    if c == "'" or (c == "$" and text.startswith("$'", i)):
        j = text.find("'", i + (2 if c == "$" else 1))
        while c == "$" and j > 0 and text[j - 1] == "\\":
            j = text.find("'", j + 1)
        return len(text) if j < 0 else j + 1
    if c in '"`':
        j = i + 1
        while j < len(text) and text[j] != c:
            j += 2 if text[j] == "\\" else 1
        return j + 1
    if text.startswith("${", i):
        j = text.find("}", i + 2)
        return len(text) if j < 0 else j + 1
    return i


def _regex_word_end(text: str, i: int) -> tuple:
    """(offset, char) where bash ends the regular expression word of ``[[ … =~ WORD``
    starting at ``i``: outside quotes and parentheses, at a blank, ``;``, ``&``, ``<``,
    ``>`` or an unmatched ``)`` (bash(1) "[[ expression ]]"; measured with bash 5:
    `[[ x =~ ^[,;|:]$ ]]` is "syntax error in conditional expression: unexpected token
    `;'", `^[a&b]$`, `^[<>]$`, `^[ ]$` too; `^(a;b)$`, `^[\\;]$`, `'[;]'` and `a|b` parse)."""
    depth = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\\":
            i += 2
            continue
        j = _skip_quoted(text, i)
        if j != i:
            i = j
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            if depth == 0:
                return i, c
            depth -= 1
        elif depth == 0 and c in " \t\n;&<>":
            return i, c
        i += 1
    return n, ""


def _regex_word_ends(sc: Script, out: list, broken_steps: set) -> None:
    """The regular expression of ``[[ … =~ RE ]]`` holds an unquoted ``;``, ``&``,
    ``<``, ``>`` or blank outside parentheses: bash ends the word there and rejects the
    conditional expression (tree-sitter-bash reads the whole regex and accepts it)."""
    text = sc.text
    for n in _regex_nodes(sc):
        s = sc.char(n.start_byte)
        step = sc.step_of(s)
        if step is None or step in broken_steps:
            continue
        e, c = _regex_word_end(text, s)
        if c == "":
            continue
        if c in " \t\n":
            k = e
            while k < len(text) and text[k] in " \t\n":
                k += 1
            if text.startswith(("]]", "&&", "||"), k):
                continue  # the word ends where the expression does
        elif c == "&" and text.startswith("&&", e):
            continue
        s1 = sc.step_spans[step][1]
        if e >= s1:
            continue
        ts, te = sc.to_template_span(step, s, e + 1)
        tok = "blank" if c in " \t\n" else f"`{c}`"
        out.append(
            Breakage(
                "parse-error",
                step,
                ts,
                te,
                s,
                e + 1,
                f"bash ends the regular expression of `=~` at an unquoted {tok} (outside "
                "parentheses and quotes it ends the word): `syntax error in conditional "
                "expression`, bash rejects the whole script and every call fails (quote "
                "or backslash-escape it, or put the regex in a variable)",
            )
        )
        broken_steps.add(step)


def _regex_nodes(sc: Script) -> list:
    """The ``regex`` nodes of the parse (the right side of ``=~``)."""
    out: list = []
    text = sc.text
    i = text.find("=~")
    while i >= 0:
        k = i + 2
        while k < len(text) and text[k] in " \t":
            k += 1
        for node in reversed(sc.path_at(k) if k < len(text) else []):
            if node.type == "regex":
                if not out or out[-1].start_byte != node.start_byte:
                    out.append(node)
                break
        i = text.find("=~", i + 2)
    return out


_QUOTED_TILDE = lazy_compile(r"""^(?:"~(?=/|")|'~(?=/|')|\\~(?=/|$))""")
_DIR_CHANGERS = frozenset({"cd", "pushd"})


def _quoted_tildes(sc: Script, commands: CommandTable, broken_steps: set) -> list:
    """``cd "~/app"``, ``> "~/out.txt"``: a quoted (or backslashed) ``~`` is not tilde
    expansion (bash(1) *Tilde Expansion* applies to an unquoted ``~`` only), so the path
    names a directory literally called ``~`` under the working directory, which no
    machine has: cd fails, the redirection fails with "No such file or directory" (and
    the command does not run), for every input."""
    out: list = []
    for c in commands.commands:
        if c.kind != "command" or c.step is None or c.step in broken_steps:
            continue
        words: list = []
        if c.values and c.values[0] in _DIR_CHANGERS and len(c.word_nodes) > 1:
            words.append(("the directory of " + c.values[0], c.word(1)))
        for r in c.redirects if "~" in sc.text[c.start : c.end] else ():
            if r.target is not None and r.op not in ("<<", "<<-", "<<<"):
                words.append((f"the file of the {r.op} redirection", r.target))
        for what, w in words:
            if not _QUOTED_TILDE.match(w.text):
                continue
            ts, te = sc.to_template_span(c.step, w.start, w.end)
            out.append(
                Breakage(
                    "quoted-tilde",
                    c.step,
                    ts,
                    te,
                    w.start,
                    w.end,
                    f"{what} starts with a quoted ~, which bash does not expand: it names a "
                    f"directory literally called '~' under the working directory, so the command "
                    f"fails with 'No such file or directory' on every call; write ~ outside the "
                    f'quotes (~/"…") or "$HOME" written as "${{HOME:-}}"',
                )
            )
            broken_steps.add(c.step)
            break
    return out


def _operands_before(opts, values: list, lo: int, hi: int) -> int:
    """Operands among ``values[lo:hi]`` by the program's option grammar (a dynamic word
    counts as an operand: the fact is then not stated)."""
    n = 0
    k = lo
    longs = set(opts.long_values.split())
    while k < hi:
        v = values[k]
        k += 1
        if v is None or not v.startswith("-") or v == "-":
            n += 1
        elif v.startswith("--"):
            if "=" not in v and v[2:] in longs:
                k += 1
        else:
            for j, ch in enumerate(v[1:], start=1):
                if ch in opts.short_values:
                    if j == len(v) - 1:
                        k += 1
                    break
    return n


def _dashdash_refused(sc: Script, commands: CommandTable, broken_steps: set) -> list:
    """``zip -r -- out.zip src``: a literal ``--`` where the program refuses it (program
    table ``Options.dashdash_after``: accepted only after that many operands); the
    program exits with a usage error on every call."""
    out: list = []
    for c in commands.commands:
        if c.kind != "command" or c.dashdash is None or c.step is None or c.step in broken_steps:
            continue
        if c.name_index is None:
            continue
        if c.name in _programs.DASHDASH_NEVER:
            why = (
                f"{c.name} accepts no -- ('unrecognized command-line option') and exits with an "
                f"error here, on every call; remove -- and write ./ before a placeholder that names "
                f"an input file"
            )
        else:
            prog = _programs.BY_NAME.get(c.name or "")
            opts = prog.options if prog is not None else None
            if opts is None or not opts.dashdash_after:
                continue
            if _operands_before(opts, c.values, c.name_index + 1, c.dashdash) >= opts.dashdash_after:
                continue
            n = opts.dashdash_after
            first = "its first operand" if n == 1 else f"its first {n} operands"
            why = (
                f"{c.name} accepts -- only after {first} and exits with a usage error here, on "
                f"every call; move -- after it, or write ./ before a placeholder that starts one"
            )
        w = c.word(c.dashdash)
        ts, te = sc.to_template_span(c.step, w.start, w.end)
        out.append(Breakage("dashdash-refused", c.step, ts, te, w.start, w.end, why))
        broken_steps.add(c.step)
    return out


def _long_equals_refused(sc: Script, commands: CommandTable, broken_steps: set) -> list:
    """``curl --output=FILE URL``: a ``--name=VALUE`` word for a program whose long options
    never take ``=VALUE`` (``programs.Options.long_equals``): the program knows no such option
    and exits with a usage error on every call (curl 7.88: "option --output=x: is unknown",
    exit 2, measured)."""
    out: list = []
    for c in commands.commands:
        if c.kind != "command" or c.step is None or c.step in broken_steps or c.name_index is None:
            continue
        prog = _programs.BY_NAME.get(c.name or "")
        opts = prog.options if prog is not None else None
        if opts is None or opts.long_equals:
            continue
        for k in range(c.name_index + 1, len(c.values)):
            v = c.values[k]
            head = v if v is not None else c.prefix(k)
            if head == "--" and v is not None:
                break  # operands from here on
            if not head.startswith("--") or "=" not in head:
                continue
            opt = head.split("=", 1)[0]
            w = c.word(k)
            ts, te = sc.to_template_span(c.step, w.start, w.end)
            why = (
                f"{c.name} has no {opt}=VALUE form: it reads '{head.split('=', 1)[0]}=…' as an unknown option and "
                f"exits with a usage error here, on every call; write the value as the next word ({opt} VALUE)"
            )
            out.append(Breakage("dashdash-refused", c.step, ts, te, w.start, w.end, why))
            broken_steps.add(c.step)
            break
    return out


def _bsd_form(shape: str, opt: str, word: str, nxt) -> bool:
    if shape == "":
        return word.startswith(opt)
    if word != opt or nxt is None:
        return False
    if shape == "percent":
        return "%" in nxt
    return nxt == "" or (nxt[:1] == "." and len(nxt) > 1 and not any(c in nxt for c in "/ \t;"))


def _bsd_only_forms(sc: Script, commands: CommandTable, broken_steps: set) -> list:
    """``sed -i '' 's/…/' F``, ``stat -f %z F``, ``date -v+1d``: an option form of the BSD
    program that the runtime's GNU program refuses or reads otherwise
    (``programs.BSD_ONLY_FORMS``): the program fails on every call."""
    out: list = []
    for c in commands.commands:
        forms = _programs.BSD_ONLY_FORMS.get(c.name or "")
        if not forms or c.kind != "command" or c.step is None or c.step in broken_steps or c.name_index is None:
            continue
        vals = c.values
        for k in range(c.name_index + 1, len(vals)):
            v = vals[k]
            if v == "--":
                break
            head = v if v is not None else c.prefix(k)  # `date -v+V`: the static start
            if head[:1] != "-" or head[:2] == "--":
                continue
            nxt = vals[k + 1] if k + 1 < len(vals) else None
            hit = next((f for f in forms if _bsd_form(f[1], f[0], head, nxt)), None)
            if hit is None:
                continue
            if len(hit) > 3 and any(x is not None and x.split("=", 1)[0] in hit[3] for x in vals[c.name_index + 1 :]):
                break  # `sed -i '' -e SCRIPT F`: '' is only a missing file, the script still runs
            w = c.word(k + 1) if hit[1] else c.word(k)
            ts, te = sc.to_template_span(c.step, w.start, w.end)
            form = f"{c.name} {hit[0]}" + (f" {nxt!r}" if hit[1] else "")
            why = (
                f"`{form}` is the BSD/macOS form, which GNU {c.name} (the runtime's, on Linux) rejects "
                f"on every call: {hit[2]}"
            )
            out.append(Breakage("dashdash-refused", c.step, ts, te, w.start, w.end, why))
            broken_steps.add(c.step)
            break
    return out


def _operands_missing(sc: Script, commands: CommandTable, broken_steps: set) -> list:
    """``tar -czf X.tgz -C DIR``, ``cp FILE``: a command giving its program fewer operands
    than it requires (program table ``OPERAND_NEEDS``, counted through the option grammar:
    ``option_scan.operand_shortfall``); the program exits with a usage error on every call."""
    from ..option_scan import operand_shortfall

    out: list = []
    functions = frozenset(sc.functions)
    for c in commands.commands:
        if c.kind != "command" or c.step is None or c.step in broken_steps or c.name_index is None:
            continue
        if c.name not in _programs.OPERAND_PROGRAMS:
            continue
        short = operand_shortfall(c, functions)
        if short is None:
            continue
        first = c.word(c.name_index)
        last = c.word(c.word_count - 1)
        ts, te = sc.to_template_span(c.step, first.start, last.end)
        what = f"{short.program} {short.mode}" if short.mode else short.program
        got = "none" if short.found == 0 else f"only {short.found}"
        need = "an operand" if short.needed == 1 else f"{short.needed} operands"
        alts = short.alternatives
        alt = ""
        if alts:
            alt = f" (unless given {' or '.join(alts[:4])}{' or a like option' if len(alts) > 4 else ''})"
        why = (
            f"`{what}` needs {need}{alt} and this command gives it {got}, whatever the inputs: "
            f"it exits with a usage error and does nothing on every call ({short.source})"
        )
        out.append(Breakage("operands-missing", c.step, ts, te, first.start, last.end, why))
        broken_steps.add(c.step)
    return out


_ALIAS_DEF = lazy_compile(r"([A-Za-z0-9_.:+@%-]+)=")


def _aliases_never_expanded(sc: Script, commands: CommandTable, broken_steps: set) -> list:
    """``alias ll='ls -la'; ll DIR``: bash expands no alias in a non-interactive shell
    unless ``shopt -s expand_aliases`` is set (bash(1) ALIASES; the runtime runs
    ``/bin/bash -c SCRIPT``), so the command word is looked up as a program and is not
    found (measured through the real client: ``ll: command not found`` on every call).
    Uses in a later step are UL121's (the alias ends with its step's subshell)."""
    defined: dict = {}  # (step, name) -> end of the alias command
    out: list = []
    for c in commands.commands:
        if c.kind != "command" or not c.values or c.step is None or c.step in broken_steps:
            continue
        if c.values[0] == "alias":
            for v in c.values[1:]:
                m = _ALIAS_DEF.match(v or "")
                if m is not None:
                    defined.setdefault((c.step, m.group(1)), c.end)
            continue
        end = defined.get((c.step, c.values[0]))
        if end is None or c.start < end:
            continue
        w = c.word(0)
        ws, we = w.start, w.end
        ts, te = sc.to_template_span(c.step, ws, we)
        out.append(
            Breakage(
                "alias-never-expanded",
                c.step,
                ts,
                te,
                ws,
                we,
                f"'{c.values[0]}' is an alias this step defines, but bash expands no alias in a "
                f"non-interactive shell (no shopt -s expand_aliases): it is looked up as a program "
                f"and every call fails with 'command not found'",
            )
        )
        broken_steps.add(c.step)
    return out


def _comments_swallowing_suffix(sc: Script, out: list, broken_steps: set) -> None:
    """A comment running to the end of a step swallows the runtime's `` 2>&1)``."""
    step: int | None  # a step index, or None where an offset is outside every step
    for step, (s0, s1) in enumerate(sc.step_spans):
        # the wrapper's " 2>&1)" starts at s1: inside a comment?  (A comment node
        # holding s1 and starting in the step starts with a `#` of the step text.)
        if sc.text.find("#", s0, s1) < 0:
            continue
        b = sc.byte(s1)
        n = sc.root.descendant_for_byte_range(b, b + 1)
        if n is not None and n.type == "comment" and sc.char(n.start_byte) >= s0:
            cs = sc.char(n.start_byte)
            ts, te = sc.to_template_span(step, cs, s1)
            out.append(
                Breakage(
                    "comment-swallows-suffix",
                    step,
                    ts,
                    te,
                    cs,
                    s1,
                    "the comment runs to the end of the step's last line, so it swallows the "
                    "runtime's closing ` 2>&1)`: the command substitution never closes and bash "
                    "rejects the whole script (every call of this tool fails)",
                )
            )
            broken_steps.add(step)


def _misplaced_reserved_words(sc: Script, out: list, broken_steps: set) -> None:
    """A reserved word (``fi``, ``done``, ``]]`` …) where bash expects a command."""
    step: int | None  # a step index, or None where an offset is outside every step
    # tree-sitter-bash takes `fi`, `done`, `]]` ... as command names; bash rejects them.
    # The command-name words first (the index query lists them for every script), the
    # regex only when one is a reserved word: it has no literal prefix and is tried at
    # every offset of the script (measured: ~30 us a template, more than this loop)
    found = [(w, tx) for w in sc.nodes.get("w", ()) if (tx := sc.node_text(w)) in _MISPLACED_RESERVED]
    if found and _RESERVED_RE.search(sc.text, sc.step_spans[0][0] if sc.step_spans else 0):
        for w, tx in found:
            ws = sc.char(w.start_byte)
            step = sc.step_of(ws)
            if step is None or step in broken_steps:
                continue
            if _COPROC_RE.search(sc.text, sc.step_spans[step][0], ws):
                # tree-sitter-bash has no `coproc`: `coproc [NAME] { …; }` leaves its `}`
                # (and the body's `do`/`done`) as commands; bash accepts them (bash -n)
                continue
            ts, te = sc.to_template_span(step, ws, ws + len(tx))
            out.append(
                Breakage(
                    "parse-error",
                    step,
                    ts,
                    te,
                    ws,
                    ws + len(tx),
                    f"`{tx}` is a reserved word where bash expects a command "
                    f"(syntax error near unexpected token `{tx}`)",
                )
            )
            broken_steps.add(step)


def _early_closing_parens(sc: Script, out: list, broken_steps: set) -> None:
    """A ``)`` closing the runtime's ``CMD_i_OUTPUT=$(`` early."""
    step: int | None  # a step index, or None where an offset is outside every step
    if sc.has_error:
        for step, (s0, s1) in enumerate(sc.step_spans):
            if step in broken_steps:
                continue
            wb = sc.byte(s0 - 2 - sc.wrapper_shift)
            tok = sc.root.descendant_for_byte_range(wb, wb + 2)
            subst = tok.parent if tok is not None and tok.type == "$(" else None
            if subst is None or subst.type != "command_substitution":
                continue
            last = subst.child(subst.child_count - 1) if subst.child_count else None
            ce = sc.char(subst.end_byte)
            if last is not None and last.type == ")" and not last.is_missing and ce - 1 < s1:
                close = ce - 1
                ts, te = sc.to_template_span(step, close, close + 1)
                out.append(
                    Breakage(
                        "parse-error",
                        step,
                        ts,
                        te,
                        close,
                        close + 1,
                        "this `)` closes the runtime's `CMD_i_OUTPUT=$(` early: the rest of the step "
                        "and the runtime's ` 2>&1)` no longer parse (syntax error near `)`)",
                    )
                )
                broken_steps.add(step)


def _heredoc_problems(sc: Script, commands: CommandTable, out: list, broken_steps: set) -> None:
    """Unterminated heredocs, and terminators bash does not see as one."""
    for h in commands.heredocs:
        if h.step is None:
            continue
        s0, s1 = sc.step_spans[h.step]
        if not h.terminated:
            ts, te = sc.to_template_span(h.step, h.start, min(h.end, s1))
            out.append(
                Breakage(
                    "heredoc-unterminated",
                    h.step,
                    ts,
                    te,
                    h.start,
                    h.end,
                    f"here-document <<{h.delimiter} has no terminator line",
                )
            )
            broken_steps.add(h.step)
        elif not h.end_line_ok and h.end_start is not None:
            es = h.end_start
            le = h.end_line_end if h.end_line_end is not None else es
            if es <= s1 <= le:
                ts, te = sc.to_template_span(h.step, es, s1)
                msg = (
                    f"the here-document's terminator `{h.delimiter}` is the step's last line, "
                    "so the runtime appends ` 2>&1)` to it: bash no longer sees a terminator "
                    "line (`here-document delimited by end-of-file` warning), the body is "
                    "closed only by the end of the command substitution and ` 2>&1` becomes a "
                    "separate empty command, so this step's stderr is not captured"
                )
                kind = "heredoc-terminator"
            else:
                ts, te = sc.to_template_span(h.step, es, min(le, s1))
                msg = (
                    f"the line ending here-document <<{h.delimiter} carries other text; bash "
                    "only ends a here-document on a line that is exactly the delimiter"
                )
                kind = "heredoc-terminator-text"
            out.append(Breakage(kind, h.step, ts, te, es, min(le, s1), msg))


def _parse_errors(sc: Script, out: list, broken_steps: set) -> None:
    """tree-sitter ERROR/MISSING regions (known gaps left out), the first per step."""
    step: int | None  # a step index, or None where an offset is outside every step
    if sc.has_error:
        caps = sc.nodes.get("e", ())
        seen_steps: set = set()
        for n in sorted(caps, key=lambda n: n.start_byte):
            if _known_gap(n):
                continue
            s = sc.char(n.start_byte)
            step = sc.step_of(s)
            if step is None:
                # an error region starting in the wrapper text before a step
                for k, (a, _b2) in enumerate(sc.step_spans):
                    if s < a <= sc.char(n.end_byte):
                        step = k
                        s = a
                        break
            if step is None:
                # in the wrapper text after a step: blame that step's end
                k = bisect.bisect_right(sc.step_starts, s) - 1
                if k >= 0:
                    step = k
                    s = max(sc.step_spans[k][1] - 1, sc.step_spans[k][0])
            if step is None or step in seen_steps or step in broken_steps:
                continue
            if broken_steps and min(broken_steps) < step:
                continue
            seen_steps.add(step)
            e = min(max(sc.char(n.end_byte), s + 1), sc.step_spans[step][1])
            if e <= s:
                e = s
            ts, te = sc.to_template_span(step, s, e)
            if te == ts and ts < len(sc.step_commands[step] if step < len(sc.step_commands) else ""):
                te = ts + 1
            what = "missing token" if n.is_missing else "syntax error"
            out.append(Breakage("parse-error", step, ts, te, s, e, f"the rendered script does not parse here ({what})"))


def _loops_over_one_value(sc: Script, placeholders: list, broken_steps: set) -> list:
    """``for NAME in VALUE``, VALUE one word holding a placeholder the author left
    unquoted: the runtime emits it as ``"$VAR"``, one word, so the loop runs exactly
    once with the whole value, never once per item of a list in it (measured through
    the real client: ``for u in VALUE`` with ``nginx redis`` gives one iteration).  A
    word that bash still splits or globs (an unquoted ``$``, backquote or ``* ? [``
    outside the placeholder: ``VALUE/*.log``) is not reported."""
    out: list = []
    for n in sc.nodes.get("l", ()):
        values = n.children_by_field_name("value")
        if len(values) != 1:
            continue
        v = values[0]
        vs, ve = sc.char(v.start_byte), sc.char(v.end_byte)
        refs = [placeholders[k] for k in sc.placeholder_ids(vs, ve)]
        if len(refs) != 1 or refs[0].state != "normal" or refs[0].step in broken_steps:
            continue
        ref = refs[0]
        rest = sc.text[vs : ref.script_start] + sc.text[ref.script_end : ve]
        if any(ch in rest for ch in "$`*?[") or ref.step is None:
            continue
        var = n.child_by_field_name("variable")
        name = sc.node_text(var) if var is not None else "NAME"
        out.append(
            Breakage(
                "loop-over-one-value",
                ref.step,
                ref.template_start,
                ref.template_end,
                ref.script_start,
                ref.script_end,
                f"the runtime passes '{ref.name}' as ONE quoted word, so `for {name} in` runs "
                f"exactly once with the whole value: a list in it (`a b c`) is never split into "
                f"items, the loop cannot iterate over it",
            )
        )
    return out


def _one_unsplit_value(sc: Script, placeholders: list, vs: int, ve: int, broken_steps: set):
    """The placeholder that is all the word ``[vs, ve)`` holds, written unquoted, with
    nothing bash would still split or glob around it; else None."""
    refs = [placeholders[k] for k in sc.placeholder_ids(vs, ve)]
    if len(refs) != 1 or refs[0].state != "normal" or refs[0].step in broken_steps or refs[0].step is None:
        return None
    ref = refs[0]
    rest = sc.text[vs : ref.script_start] + sc.text[ref.script_end : ve]
    return None if any(ch in rest for ch in "$`*?[") else ref


def _reads_unsplit(sc: Script, lo: int, hi: int) -> bool:
    """A read in ``[lo, hi)`` that sees the positional parameters as ``set --`` made them:
    ``$#``, ``$2``…, ``shift``, or a quoted ``"$@"``/``"$*"``.  An unquoted ``$@``/``$*``
    is split again by bash (bash(1) "Word Splitting"): the list comes apart after all,
    which the value-flow split finding reports instead."""
    for m in _SPLIT_USE.finditer(sc.text, lo, hi):
        tok = m.group(0)
        if tok[:3] not in ("$@", "${@", "$*") and tok[:2] not in ("$@", "$*"):
            return True
        path = sc.path_at_byte(sc.byte(m.start()))
        if any(n.type == "string" for n in path):
            return True
    return False


def _splits_of_one_value(sc: Script, commands: CommandTable, placeholders: list, broken_steps: set) -> list:
    """``set -- VALUE`` and ``NAME=(VALUE)``, written to split a list into positional
    parameters or array elements: the runtime emits the value as ``"$VAR"``, one word,
    so ``$#`` is 1 and the array has one element holding the whole list (measured
    through the real client: ``set -- VALUE; echo $#`` prints 1 for ``a b c``)."""
    out: list = []
    for c in commands.commands:
        if c.kind != "command" or c.name != "set" or c.name_index is None:
            continue
        words = [c.word(j) for j in range(c.name_index + 1, c.word_count)]
        if words and words[0].value == "--":
            words = words[1:]
        if len(words) != 1:
            continue
        ref = _one_unsplit_value(sc, placeholders, words[0].start, words[0].end, broken_steps)
        if ref is not None and _reads_unsplit(sc, c.end, sc.step_spans[ref.step][1]):
            out.append(_one_value_breakage(ref, "`set --` sets one positional parameter ($# is 1)"))
    if "=(" in sc.text:
        for n in sc.nodes.get("a", ()):
            kids = n.named_children
            if len(kids) != 1:
                continue
            ref = _one_unsplit_value(
                sc, placeholders, sc.char(kids[0].start_byte), sc.char(kids[0].end_byte), broken_steps
            )
            if ref is not None:
                out.append(_one_value_breakage(ref, "the array `(…)` gets one element"))
    return out


def _one_value_breakage(ref, what: str) -> Breakage:
    return Breakage(
        "loop-over-one-value",
        ref.step,
        ref.template_start,
        ref.template_end,
        ref.script_start,
        ref.script_end,
        f"the runtime passes '{ref.name}' as ONE quoted word, so {what} with the whole value: "
        f"a list in it (`a b c`) is never split into items",
    )


def _local_outside_function(sc: Script, broken_steps: set) -> list:
    """``local`` outside a shell function: the runtime runs each step inside
    ``CMD_i_OUTPUT=$( … )``, never in a function, so bash refuses it (``local: can only
    be used in a function``, bash(1) SHELL BUILTIN COMMANDS), on every call, and the
    variable stays unset for the rest of the step."""
    out: list = []
    for n in sc.nodes.get("c", ()):
        if n.type != "declaration_command" or not n.child_count or n.child(0).type != "local":
            continue
        par = n.parent
        while par is not None and par.type != "function_definition":
            par = par.parent
        if par is not None:
            continue
        ws = sc.char(n.start_byte)
        step = sc.step_of(ws)
        if step is None or step in broken_steps:
            continue
        ts, te = sc.to_template_span(step, ws, ws + len("local"))
        out.append(
            Breakage(
                "local-outside-function",
                step,
                ts,
                te,
                ws,
                ws + len("local"),
                "`local` is outside a shell function: the runtime runs the step in a command "
                "substitution, not a function, so bash refuses it on every call (`local: can "
                "only be used in a function`) and the variable stays unset",
            )
        )
    return out


def parse_errors(sc: Script) -> list:
    """Script offsets (start, end) of tree-sitter ERROR/MISSING nodes,
    known tree-sitter-bash gaps (input bash accepts) left out."""
    if not sc.has_error:
        return []
    out = []
    for n in sc.nodes.get("e", ()):
        if not _known_gap(n):
            out.append((sc.char(n.start_byte), sc.char(n.end_byte)))
    return sorted(out)
