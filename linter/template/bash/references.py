"""Placeholder and variable references, and script <-> template offsets.

Every placeholder the runtime emitted and every ``$NAME`` the template author
wrote becomes a :class:`~utcp_lint.template.bash.model.Ref`, classified by
:mod:`.context`; offsets map back to the step's command text for findings.
"""

from __future__ import annotations

import bisect
import re
from functools import cached_property

from ...run.budget import check
from .model import Ref
from .state import BashState

_REF_RE = re.compile(r"\$(\{)?([A-Za-z_][A-Za-z0-9_]*)")
_POS_RE = re.compile(r"\$\{([0-9@*])|\$([@*])")
_CMD_OUT_RE = re.compile(r"CMD_(\d+)_OUTPUT\Z")


class ReferencesMixin(BashState):
    """References of a :class:`~utcp_lint.template.bash.BashAnalysis`."""

    def step_of(self, offset: int) -> int | None:
        """The step whose substituted command contains script ``offset``."""
        i = bisect.bisect_right(self._step_starts, offset) - 1
        if i >= 0 and self.step_spans[i][0] <= offset <= self.step_spans[i][1]:
            return i
        return None

    def _step_index(self, step: int) -> tuple:
        """(span script starts, cumulative template-minus-script delta after each span)."""
        idx = self._step_idx.get(step)
        if idx is None:
            spans = self._spans_by_step.get(step, ())
            starts = [sp.script_start for sp in spans]
            deltas = []
            acc = 0
            for sp in spans:
                acc += (sp.template_end - sp.template_start) - (sp.script_end - sp.script_start)
                deltas.append(acc)
            idx = self._step_idx[step] = (starts, deltas)
        return idx

    def to_template(self, step: int, offset: int) -> int:
        """Template offset (in the step's command) of script ``offset``."""
        base = self.step_spans[step][0]
        starts, deltas = self._step_index(step)
        k = bisect.bisect_right(starts, offset) - 1  # last span starting at or before offset
        delta = 0
        if k >= 0:
            sp = self._spans_by_step[step][k]
            if offset < sp.script_end:
                return sp.template_start
            delta = deltas[k]
        t = offset - base + delta
        if self.step_commands and step < len(self.step_commands):
            t = min(max(t, 0), len(self.step_commands[step]))
        return max(t, 0)

    def to_template_span(self, step: int, start: int, end: int) -> tuple:
        s = self.to_template(step, start)
        e = self.to_template(step, end)
        # an end inside a reference maps to the placeholder's end
        starts, _d = self._step_index(step)
        k = bisect.bisect_left(starts, end) - 1  # last span starting before end
        if k >= 0:
            sp = self._spans_by_step[step][k]
            if sp.script_start < end <= sp.script_end:
                e = sp.template_end
        return s, max(e, s)

    def _placeholder_ref(self, i: int, sp) -> Ref:
        st = sp.state
        dollar = sp.script_start + (1 if st == "normal" else 0 if st == "dq" else 2)
        ref = Ref(
            "placeholder",
            sp.name,
            sp.step,
            sp.template_start,
            sp.template_end,
            sp.script_start,
            sp.script_end,
            dollar,
            state=st,
            env_var=sp.env_var,
        )
        self._classify(ref, sp.env_var)
        return ref

    @cached_property
    def variables(self) -> list:
        """Every other ``$NAME`` / ``${NAME...}`` reference written in a step
        (``$CMD_N_OUTPUT`` included, see :attr:`cmd_outputs`)."""
        out = []
        for step, (s0, s1) in enumerate(self.step_spans):
            text = self.script[s0:s1]
            if "$" not in text:
                continue
            spans = self._spans_by_step.get(step, ())
            sp_starts = [sp.script_start for sp in spans]
            for m in _REF_RE.finditer(text):
                check()  # the CPU budget (linter/run/budget.py)
                a = s0 + m.start()
                k = bisect.bisect_right(sp_starts, a) - 1
                if k >= 0 and a < spans[k].script_end:
                    continue
                name = m.group(2)
                end = s0 + m.end()
                if m.group(1):
                    close = self.script.find("}", end, s1)
                    end = close + 1 if close >= 0 else end
                ts, te = self.to_template_span(step, a, end)
                ref = Ref("variable", name, step, ts, te, a, end, a)
                cm = _CMD_OUT_RE.match(name)
                if cm:
                    ref.cmd_output = int(cm.group(1))
                self._classify(ref, name)
                out.append(ref)
        return out

    @property
    def cmd_outputs(self) -> list:
        """``$CMD_N_OUTPUT`` references (``Ref.cmd_output`` = N)."""
        return [r for r in self.variables if r.cmd_output is not None]

    def placeholders_in(self, start: int, end: int) -> list:
        """Placeholder references whose emitted text lies inside script ``[start, end)``."""
        return [self.placeholders[k] for k in self._placeholder_ids(start, end)]

    def _placeholder_ids(self, start: int, end: int) -> tuple:
        if not self._spans:
            return ()
        lo = bisect.bisect_left(self._span_starts, start)
        out = []
        for k in range(lo, len(self._spans)):
            sp = self._spans[k]
            if sp.script_start >= end:
                break
            if sp.script_end <= end:
                out.append(k)
        return tuple(out)

    def _positional_refs(self) -> list:
        """References to positional parameters (``${1:-}``, ``"$@"``, ``$*``) inside
        function bodies (the client eats ``$1``, so the working forms are these)."""
        out: list = []
        if not self._functions:
            return out
        for spans in self._functions.values():
            for bs, be in spans:
                step = self.step_of(bs)
                if step is None:
                    continue
                for m in _POS_RE.finditer(self.script, bs, be):
                    check()
                    a = m.start()
                    name = m.group(1) or m.group(2)
                    end = m.end()
                    if m.group(1):
                        close = self.script.find("}", end, be)
                        end = close + 1 if close >= 0 else end
                    ts, te = self.to_template_span(step, a, end)
                    ref = Ref("variable", name, step, ts, te, a, end, a)
                    self._classify(ref, name)
                    out.append(ref)
        return out
