"""Breakage: structural problems of the rendered script.

A comment swallowing the runtime's ``2>&1)``, a reserved word where bash wants
a command, a ``)`` closing the runtime's substitution early, unterminated or
mis-terminated heredocs, and tree-sitter parse errors (known tree-sitter-bash
gaps left out).
"""

from __future__ import annotations

import bisect
import re
from functools import cached_property

from .model import Breakage
from .state import BashState

_MISPLACED_RESERVED = frozenset({"in", "fi", "}", "]]", "then", "else", "do", "done", "esac", "elif"})
_COPROC_RE = re.compile(r"(?<![\w$-])coproc(?:\s+[A-Za-z_]\w*)?\s*\{")
_RESERVED_RE = re.compile(r"(?<![\w$-])(?:in|fi|then|else|elif|do|done|esac|\]\]|\})(?![\w=-])")


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
_SPLIT_USE = re.compile(r"\$#|\$\{#\}|\$@|\$\{@|\$\*|\$\{?[2-9]|\bshift\b")


class BreakageMixin(BashState):
    """Structural problems of a :class:`~utcp_lint.template.bash.BashAnalysis`."""

    def _find_breakages(self) -> list:
        out: list = []
        broken_steps: set = set()
        step: int | None  # a step index, or None where an offset is outside every step
        sc = self.script
        for step, (s0, s1) in enumerate(self.step_spans):
            # the wrapper's " 2>&1)" starts at s1: inside a comment?  (A comment node
            # holding s1 and starting in the step starts with a `#` of the step text.)
            if sc.find("#", s0, s1) < 0:
                continue
            b = self._off.b(s1)
            n = self.root.descendant_for_byte_range(b, b + 1)
            if n is not None and n.type == "comment" and self._c(n.start_byte) >= s0:
                cs = self._c(n.start_byte)
                ts, te = self.to_template_span(step, cs, s1)
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
        if _RESERVED_RE.search(self.script, self.step_spans[0][0] if self.step_spans else 0):
            # tree-sitter-bash takes `fi`, `done`, `]]` ... as command names; bash rejects them
            for w in self._nodes.get("w", ()):
                tx = self._text(w)
                if tx not in _MISPLACED_RESERVED:
                    continue
                ws = self._c(w.start_byte)
                step = self.step_of(ws)
                if step is None or step in broken_steps:
                    continue
                if _COPROC_RE.search(sc, self.step_spans[step][0], ws):
                    # tree-sitter-bash has no `coproc`: `coproc [NAME] { …; }` leaves its `}`
                    # (and the body's `do`/`done`) as commands; bash accepts them (bash -n)
                    continue
                ts, te = self.to_template_span(step, ws, ws + len(tx))
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
        if self.has_error:
            for step, (s0, s1) in enumerate(self.step_spans):
                if step in broken_steps:
                    continue
                wb = self._off.b(s0 - 2 - self._wrapper_shift)
                tok = self.root.descendant_for_byte_range(wb, wb + 2)
                subst = tok.parent if tok is not None and tok.type == "$(" else None
                if subst is None or subst.type != "command_substitution":
                    continue
                last = subst.child(subst.child_count - 1) if subst.child_count else None
                ce = self._c(subst.end_byte)
                if last is not None and last.type == ")" and not last.is_missing and ce - 1 < s1:
                    close = ce - 1
                    ts, te = self.to_template_span(step, close, close + 1)
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
        if "local" in sc:
            out.extend(self._local_outside_function(broken_steps))
        if "for" in sc and self.placeholders:
            out.extend(self._loops_over_one_value(broken_steps))
        if ("set" in sc or "=(" in sc) and self.placeholders:
            out.extend(self._splits_of_one_value(broken_steps))
        for h in self.heredocs:
            if h.step is None:
                continue
            s0, s1 = self.step_spans[h.step]
            if not h.terminated:
                ts, te = self.to_template_span(h.step, h.start, min(h.end, s1))
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
                    ts, te = self.to_template_span(h.step, es, s1)
                    msg = (
                        f"the here-document's terminator `{h.delimiter}` is the step's last line, "
                        "so the runtime appends ` 2>&1)` to it: bash no longer sees a terminator "
                        "line (`here-document delimited by end-of-file` warning), the body is "
                        "closed only by the end of the command substitution and ` 2>&1` becomes a "
                        "separate empty command, so this step's stderr is not captured"
                    )
                    kind = "heredoc-terminator"
                else:
                    ts, te = self.to_template_span(h.step, es, min(le, s1))
                    msg = (
                        f"the line ending here-document <<{h.delimiter} carries other text; bash "
                        "only ends a here-document on a line that is exactly the delimiter"
                    )
                    kind = "heredoc-terminator-text"
                out.append(Breakage(kind, h.step, ts, te, es, min(le, s1), msg))
        if self.has_error:
            caps = self._nodes.get("e", ())
            seen_steps: set = set()
            for n in sorted(caps, key=lambda n: n.start_byte):
                if _known_gap(n):
                    continue
                s = self._c(n.start_byte)
                step = self.step_of(s)
                if step is None:
                    # an error region starting in the wrapper text before a step
                    for k, (a, _b2) in enumerate(self.step_spans):
                        if s < a <= self._c(n.end_byte):
                            step = k
                            s = a
                            break
                if step is None:
                    # in the wrapper text after a step: blame that step's end
                    k = bisect.bisect_right(self._step_starts, s) - 1
                    if k >= 0:
                        step = k
                        s = max(self.step_spans[k][1] - 1, self.step_spans[k][0])
                if step is None or step in seen_steps or step in broken_steps:
                    continue
                if broken_steps and min(broken_steps) < step:
                    continue
                seen_steps.add(step)
                e = min(max(self._c(n.end_byte), s + 1), self.step_spans[step][1])
                if e <= s:
                    e = s
                ts, te = self.to_template_span(step, s, e)
                if te == ts and ts < len(self.step_commands[step] if step < len(self.step_commands) else ""):
                    te = ts + 1
                what = "missing token" if n.is_missing else "syntax error"
                out.append(
                    Breakage("parse-error", step, ts, te, s, e, f"the rendered script does not parse here ({what})")
                )
        return out

    def _loops_over_one_value(self, broken_steps: set) -> list:
        """``for NAME in VALUE``, VALUE one word holding a placeholder the author left
        unquoted: the runtime emits it as ``"$VAR"``, one word, so the loop runs exactly
        once with the whole value, never once per item of a list in it (measured through
        the real client: ``for u in VALUE`` with ``nginx redis`` gives one iteration).  A
        word that bash still splits or globs (an unquoted ``$``, backquote or ``* ? [``
        outside the placeholder: ``VALUE/*.log``) is not reported."""
        from .tree import _captures

        out: list = []
        for n in _captures("(for_statement) @l", self.root).get("l", ()):
            values = n.children_by_field_name("value")
            if len(values) != 1:
                continue
            v = values[0]
            vs, ve = self._c(v.start_byte), self._c(v.end_byte)
            refs = [self.placeholders[k] for k in self._placeholder_ids(vs, ve)]
            if len(refs) != 1 or refs[0].state != "normal" or refs[0].step in broken_steps:
                continue
            ref = refs[0]
            rest = self.script[vs : ref.script_start] + self.script[ref.script_end : ve]
            if any(ch in rest for ch in "$`*?[") or ref.step is None:
                continue
            var = n.child_by_field_name("variable")
            name = self._text(var) if var is not None else "NAME"
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

    def _one_unsplit_value(self, vs: int, ve: int, broken_steps: set):
        """The placeholder that is all the word ``[vs, ve)`` holds, written unquoted, with
        nothing bash would still split or glob around it; else None."""
        refs = [self.placeholders[k] for k in self._placeholder_ids(vs, ve)]
        if len(refs) != 1 or refs[0].state != "normal" or refs[0].step in broken_steps or refs[0].step is None:
            return None
        ref = refs[0]
        rest = self.script[vs : ref.script_start] + self.script[ref.script_end : ve]
        return None if any(ch in rest for ch in "$`*?[") else ref

    def _splits_of_one_value(self, broken_steps: set) -> list:
        """``set -- VALUE`` and ``NAME=(VALUE)``, written to split a list into positional
        parameters or array elements: the runtime emits the value as ``"$VAR"``, one word,
        so ``$#`` is 1 and the array has one element holding the whole list (measured
        through the real client: ``set -- VALUE; echo $#`` prints 1 for ``a b c``)."""
        from .tree import _captures

        out: list = []
        for c in self.commands:
            if c.kind != "command" or c.name != "set" or c.name_index is None:
                continue
            words = [c.word(j) for j in range(c.name_index + 1, c.word_count)]
            if words and words[0].value == "--":
                words = words[1:]
            if len(words) != 1:
                continue
            ref = self._one_unsplit_value(words[0].start, words[0].end, broken_steps)
            if ref is not None and _SPLIT_USE.search(self.script, c.end, self.step_spans[ref.step][1]):
                out.append(self._one_value_breakage(ref, "`set --` sets one positional parameter ($# is 1)"))
        if "=(" in self.script:
            for n in _captures("(array) @a", self.root).get("a", ()):
                kids = n.named_children
                if len(kids) != 1:
                    continue
                ref = self._one_unsplit_value(self._c(kids[0].start_byte), self._c(kids[0].end_byte), broken_steps)
                if ref is not None:
                    out.append(self._one_value_breakage(ref, "the array `(…)` gets one element"))
        return out

    def _one_value_breakage(self, ref, what: str):
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

    def _local_outside_function(self, broken_steps: set) -> list:
        """``local`` outside a shell function: the runtime runs each step inside
        ``CMD_i_OUTPUT=$( … )``, never in a function, so bash refuses it (``local: can only
        be used in a function``, bash(1) SHELL BUILTIN COMMANDS), on every call, and the
        variable stays unset for the rest of the step."""
        out: list = []
        for n in self._nodes.get("c", ()):
            if n.type != "declaration_command" or not n.child_count or n.child(0).type != "local":
                continue
            par = n.parent
            while par is not None and par.type != "function_definition":
                par = par.parent
            if par is not None:
                continue
            ws = self._c(n.start_byte)
            step = self.step_of(ws)
            if step is None or step in broken_steps:
                continue
            ts, te = self.to_template_span(step, ws, ws + len("local"))
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

    @cached_property
    def parse_errors(self) -> list:
        """Script offsets (start, end) of tree-sitter ERROR/MISSING nodes,
        known tree-sitter-bash gaps (input bash accepts) left out."""
        if not self.has_error:
            return []
        out = []
        for n in self._nodes.get("e", ()):
            if not _known_gap(n):
                out.append((self._c(n.start_byte), self._c(n.end_byte)))
        return sorted(out)

    @property
    def parses(self) -> bool:
        """The rendered script parses (as far as tree-sitter-bash can tell)."""
        return not self.parse_errors
