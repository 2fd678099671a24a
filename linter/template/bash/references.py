"""Placeholder and variable references: the classification pass.

``classify(script, commands)`` makes every placeholder the runtime emitted a
:class:`~utcp_lint.template.bash.model.Ref` and classifies it (:mod:`.context`:
quoting, command, word, sinks); the ``$NAME``/``${NAME}`` references the template
author wrote are classified the first time a pass or a rule asks
(:attr:`References.variables`).  Offsets map back to the step's command text
through :meth:`~.script.Script.to_template_span`.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from ...core.cached import cached_property
from ...core.lazyre import compile_pattern, lazy_compile
from ...run.budget import check
from .context import Classifier
from .model import Ref

if TYPE_CHECKING:
    from .commands import CommandTable
    from .script import Script

__all__ = ["References", "classify"]

_REF_RE = compile_pattern(r"\$(\{)?([A-Za-z_][A-Za-z0-9_]*)")
_POS_RE = lazy_compile(r"\$\{([0-9@*])|\$([@*])")
_SET_RE = lazy_compile(r"(?<![\w-])set[ \t]+(?:-[a-zA-Z]*[ \t]+)*--?[ \t]")
_CMD_OUT_RE = lazy_compile(r"CMD_(\d+)_OUTPUT\Z")


def classify(script: Script, commands: CommandTable) -> References:
    """The references of ``script``: placeholders classified now, the rest on demand."""
    return References(script, Classifier(script, commands))


class References:
    """The result of the classification pass."""

    def __init__(self, script: Script, classifier: Classifier) -> None:
        self.script = script
        self.classifier = classifier
        #: every placeholder reference, in the order the runtime emitted them
        self.placeholders: list = [self._placeholder_ref(sp) for sp in script.spans]

    def _placeholder_ref(self, sp) -> Ref:
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
        self.classifier.classify(ref)
        return ref

    @cached_property
    def variables(self) -> list:
        """Every other ``$NAME`` / ``${NAME...}`` reference written in a step
        (``$CMD_N_OUTPUT`` included, see :attr:`cmd_outputs`)."""
        sc = self.script
        text = sc.text
        out = []
        for step, (s0, s1) in enumerate(sc.step_spans):
            seg = text[s0:s1]
            if "$" not in seg:
                continue
            spans = sc.spans_by_step.get(step, ())
            sp_starts = [sp.script_start for sp in spans]
            for m in _REF_RE.finditer(seg):
                check()  # the CPU budget (linter/run/budget.py)
                a = s0 + m.start()
                k = bisect.bisect_right(sp_starts, a) - 1
                if k >= 0 and a < spans[k].script_end:
                    continue
                name = m.group(2)
                end = s0 + m.end()
                if m.group(1):
                    close = text.find("}", end, s1)
                    end = close + 1 if close >= 0 else end
                ts, te = sc.to_template_span(step, a, end)
                ref = Ref("variable", name, step, ts, te, a, end, a)
                cm = _CMD_OUT_RE.match(name)
                if cm:
                    ref.cmd_output = int(cm.group(1))
                self.classifier.classify(ref)
                out.append(ref)
        return out

    @property
    def cmd_outputs(self) -> list:
        """``$CMD_N_OUTPUT`` references (``Ref.cmd_output`` = N)."""
        return [r for r in self.variables if r.cmd_output is not None]

    def placeholders_in(self, start: int, end: int) -> list:
        """Placeholder references whose emitted text lies inside script ``[start, end)``."""
        return [self.placeholders[k] for k in self.script.placeholder_ids(start, end)]

    def positional_refs(self) -> list:
        """References to positional parameters (``${1:-}``, ``"$@"``, ``$*``) inside
        function bodies and after a ``set --`` (the client eats ``$1``, so the working
        forms are these)."""
        out: list = []
        sc = self.script
        text = sc.text
        spans_all = [sp for spans in sc.functions.values() for sp in spans]
        if "set " in text:
            # `set -- VALUE …` binds the positional parameters of the step's own scope
            # from there to the end of the step (bash(1) "The Set Builtin")
            for m in _SET_RE.finditer(text):
                st = sc.step_of(m.start())
                if st is not None:
                    spans_all.append((m.end(), sc.step_spans[st][1]))
        if not spans_all:
            return out
        seen: set = set()
        for bs, be in spans_all:
            step = sc.step_of(bs)
            if step is None:
                continue
            for m in _POS_RE.finditer(text, bs, be):
                check()
                a = m.start()
                if a in seen:
                    continue  # (a function body after a `set --`: one reference)
                seen.add(a)
                name = m.group(1) or m.group(2)
                end = m.end()
                if m.group(1):
                    close = text.find("}", end, be)
                    end = close + 1 if close >= 0 else end
                ts, te = sc.to_template_span(step, a, end)
                ref = Ref("variable", name, step, ts, te, a, end, a)
                self.classifier.classify(ref)
                out.append(ref)
        return out
