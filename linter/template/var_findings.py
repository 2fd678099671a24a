"""Shared reading for the client-variable rules (UL160, UL161).

The client's substitution is a plain pattern over the command string
(:mod:`utcp_lint.template.client_vars`), independent of the shell; the bash
analysis (``tpl.bash``) only adds where bash itself would expand a reference,
which decides whether the ``${NAME:-}`` rewrite is equivalent.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterator
from functools import cache
from typing import TYPE_CHECKING

from ..core.fieldwise import field, record, record_eq, record_repr
from ..core.findings import Fix, TextEdit
from ..core.lazyre import compile_pattern
from ..document.refs import JsonStringRef
from .bash_commands import INTERP_CODE
from .client_vars import (
    ENVIRONMENT_VARIABLES,
    SHELL_VARIABLES,
    AssignedNames,
    ClientVarRef,
    assigned_names,
    namespaced,
    shell_meant,
    substituted_refs,
)

if TYPE_CHECKING:
    from ..ruleset.context import CliTemplate

_AWKS = frozenset({"awk", "gawk", "mawk", "nawk"})


@record
class VarContext:
    """What the variable checks of one template read (names assigned, environment, shell)."""

    tpl: CliTemplate
    assigned: AssignedNames  # names the commands assign (``in``, asked per name)
    env_names: frozenset
    bash: bool
    powershell: bool
    _by_offset: dict | None = field(default=None, repr=False)

    def __init__(
        self,
        tpl: CliTemplate,
        assigned: AssignedNames,
        env_names: frozenset,
        bash: bool,
        powershell: bool,
        _by_offset: dict | None = None,
    ) -> None:
        self.tpl = tpl
        self.assigned = assigned
        self.env_names = env_names
        self.bash = bash
        self.powershell = powershell
        self._by_offset = _by_offset

    __repr__ = record_repr
    __eq__ = record_eq

    def _index(self) -> dict:
        if self._by_offset is None:
            self._by_offset = {}
            if self.bash:
                try:
                    refs = self.tpl.bash.variables
                except Exception:  # the analysis is best effort for wording/fixes
                    refs = []
                for r in refs:
                    self._by_offset[(r.step, r.template_start)] = r
        return self._by_offset

    def bash_ref(self, step: int, ref: ClientVarRef):
        """The bash analysis' reference at the same place (None for ``$1`` etc.)."""
        return self._index().get((step, ref.start))

    def word_at(self, step: int, ref: ClientVarRef):
        """(SimpleCommand, Word) holding the reference, from the bash analysis (or (None, None))."""
        if not self.bash:
            return None, None
        try:
            a = self.tpl.bash
            for c in a.commands_in_step(step):
                for w in c.words:
                    s, e = a.to_template_span(step, w.start, w.end)
                    if s <= ref.start and ref.end <= e:
                        return c, w
        except Exception:
            pass
        return None, None

    def literal_at(self, step: int, ref: ClientVarRef) -> str | None:
        """How bash quotes the reference when it would NOT expand it (e.g. single-quoted)."""
        r = self.bash_ref(step, ref)
        if r is not None:
            return None if r.expands else r.quoting
        _c, w = self.word_at(step, ref)
        if w is not None and w.value is not None:
            return "quoted"  # a static word: bash passes the $ text literally
        return None

    def program_at(self, step: int, ref: ClientVarRef) -> str | None:
        """The program (``perl``, ``awk``, ``python3`` …) whose code holds the reference
        where bash leaves it literal (``perl -e 'print $ARGV[0]'``): a variable of that
        program, which the client substitutes all the same; None elsewhere."""
        if self.literal_at(step, ref) is None:
            return None
        cmd, w = self.word_at(step, ref)
        if cmd is None or w is None:
            return None
        try:
            roles = cmd.semantics.roles.get(w.index, ())
        except Exception:  # best effort, like word_at
            return None
        if any(r.kind == INTERP_CODE for r in roles):
            return getattr(cmd, "name", None) or "interpreter"
        return None

    def meant(self, step: int, ref: ClientVarRef) -> str | None:
        """Why the reference is evidently not a client variable (:func:`shell_meant`, or a
        variable of the program whose code holds it), or None."""
        command = self.tpl.steps[step].command
        braced = command.startswith("${", ref.start)
        assigned: Container[str] = self.assigned
        passed = False
        if ref.name in assigned and _is_self_assignment(command, ref):
            # `GH_TOKEN=$GH_TOKEN gh …`: bash expands the reference before the assignment, so
            # it is not the template's own variable; the author passes a value on to the
            # program explicitly, as with an option's whole argument (below)
            others = _self_assignments_removed([s.command for s in self.tpl.steps], ref.name)
            if ref.name not in assigned_names(others):
                assigned, passed = frozenset(), True
        why = shell_meant(
            ref.name,
            assigned=assigned,
            env_names=self.env_names,
            powershell=self.powershell,
            braced=braced,
            # (read only where it decides: a bare name programs read from the environment)
            option_value=passed
            or (not braced and ref.name in ENVIRONMENT_VARIABLES and _is_option_value(command, ref.start, ref.end)),
        )
        if why is None:
            prog = self.program_at(step, ref)
            if prog is not None:
                why = f"a variable of the {prog} program"
            elif ref.name in _JQ_BUILTINS and self.command_name_at(step, ref) in _JQS and self.literal_at(step, ref):
                # `jq '$ARGS.named.k'`: jq's own variable (jq 1.6/1.7 manual: $ENV, $__loc__,
                # $ARGS), never a client variable; the client substitutes it anyway and, with
                # no such variable configured, raises UtcpVariableNotFound on every call
                why = "a built-in variable of the jq program"
            elif not ref.name.isupper() and self.literal_at(step, ref) is not None:
                # Text bash hands on literally ('…$argv…', a quoted program text) is read
                # by the program it is given to; a name with a lower-case letter there is
                # that program's own (tcl's $argv, mongo's $natural, perl's $line), not a
                # client variable (UTCP documents them in upper case).  The client
                # substitutes it all the same and, with no such variable configured,
                # raises UtcpVariableNotFound (utcp 1.2.0 VariableSubstitutor): the call
                # fails for every input.
                why = "a variable of the program that reads this quoted text"
            elif ref.name.islower():
                # A lower-case name is shell style: a variable of the script (read before
                # anything set it, or set where the analysis does not see: `read a b`, a
                # loop) or one the author expects from the environment.  Client variables
                # are configured as "<manual>_NAME" keys and UTCP's documentation and
                # examples write them in upper case (${API_KEY}); measured on blind sets A-L
                # and the corpus: every such name (3 tools) made the call fail with
                # UtcpVariableNotFound, none was configured (issue 23, item 2).
                why = SHELL_STYLE_UNSET
        return why

    def command_name_at(self, step: int, ref: ClientVarRef) -> str | None:
        """The name of the simple command whose word holds the reference, or None."""
        r = self.bash_ref(step, ref)
        cmd = getattr(r, "command", None) if r is not None else None
        if cmd is None:
            cmd, _w = self.word_at(step, ref)
        return getattr(cmd, "name", None) if cmd is not None else None

    def awk_at(self, step: int, ref: ClientVarRef) -> bool:
        return self.command_name_at(step, ref) in _AWKS


@cache  # compiled on first use
def _option_before_re() -> re.Pattern[str]:
    # an option word, then `=` or blanks, then an optional opening quote, at the end
    return compile_pattern(r"(?:^|[\s;&|(])--?[A-Za-z][A-Za-z0-9-]*(?:=|[ \t]+)([\"']?)\Z")


def _is_option_value(command: str, start: int, end: int) -> bool:
    """``command[start:end]`` (a ``$NAME``) is the whole argument of an option:
    ``--profile "$X"``, ``--region=$X``, ``-p $X`` (the closing quote, if any, and
    then a blank, an operator or the end follow it)."""
    # only the text just before the reference: an option word and its separator are short
    # (a search from 0 for every reference was quadratic in a long command: test_bash_scaling)
    m = _option_before_re().search(command, max(0, start - 120), start)
    if m is None or m.end() != start:
        return False
    quote = m.group(1)
    if quote:
        if not command.startswith(quote, end):
            return False
        end += 1
    return end == len(command) or command[end] in " \t\n;&|)"


def _is_self_assignment(command: str, ref: ClientVarRef) -> bool:
    """``command[ref.start:ref.end]`` is the whole value of an assignment to the same name:
    ``NAME=$NAME``, ``NAME="${NAME}"`` (a blank, an operator or the end after it)."""
    head = f"{ref.name}="
    start, end = ref.start, ref.end
    quote = command[start - 1 : start] if command[start - 1 : start] in ("'", '"') else ""
    at = start - len(quote) - len(head)
    if at < 0 or not command.startswith(head, at):
        return False
    if at > 0 and command[at - 1] not in " \t\n;&|(":
        return False
    if quote:
        if not command.startswith(quote, end):
            return False
        end += 1
    return end == len(command) or command[end] in " \t\n;&|)"


def _self_assignments_removed(commands: list, name: str) -> list:
    """The commands with every ``NAME=$NAME`` / ``NAME="${NAME}"`` self-assignment blanked."""
    pat = re.compile(r"(?<![\w$])" + re.escape(name) + r"=([\"']?)\$\{?" + re.escape(name) + r"\}?\1(?=[\s;&|)]|\Z)")
    return [pat.sub(" ", c) for c in commands]


# jq's built-in variables (jq 1.6 and 1.7 manuals: "$ENV", "$__loc__", "$ARGS") and the
# programs that read a jq filter (gojq, jaq and python-yq pass it to the same language)
_JQ_BUILTINS = frozenset({"ENV", "ARGS", "__loc__"})
_JQS = frozenset({"jq", "gojq", "jaq", "yq"})

# VarContext.meant's reason for a lower-case name the template never sets
SHELL_STYLE_UNSET = "a shell-style (lower-case) variable name the template never sets"


def _env_names(tpl) -> frozenset:
    names: set[str] = set()
    ev = tpl.env_vars
    if isinstance(ev, dict):
        names.update(k for k in ev if isinstance(k, str))
    inh = tpl.inherit_env_vars
    if isinstance(inh, list):
        names.update(k for k in inh if isinstance(k, str))
    return frozenset(names)


def client_refs(tpl) -> Iterator[tuple]:
    """(step list index, ClientVarRef, VarContext) for every reference the client substitutes.

    Computed once per template and shared by the client-variable rules (UL160,
    UL161 read the same facts; the engine drops the cache after the template's
    rules, like every per-template analysis)."""
    yield from tpl.client_refs  # utcp_lint.ruleset.context.CliTemplate.client_refs


def build_client_refs(tpl) -> list:
    if not tpl.steps:
        return []
    hits = [(i, r) for i, s in enumerate(tpl.steps) for r in substituted_refs(s.command)]
    if not hits:
        return []
    shells = tpl.shells
    ctx = VarContext(
        tpl,
        AssignedNames(s.command for s in tpl.steps),
        _env_names(tpl),
        bash="bash" in shells,
        powershell="powershell" in shells,
    )
    return [(i, r, ctx) for i, r in hits]


def value_refs(tpl) -> Iterator[tuple]:
    """(field, JSON pointer, StringRef, ClientVarRef) for every reference the client
    substitutes in an ``env_vars`` value or in ``working_dir`` that names a
    shell/environment variable (``$HOME``, ``$PATH``, ``$PWD``;
    :data:`~.client_vars.SHELL_VARIABLES`).

    The client substitutes these strings like the commands; utcp-cli then sets the
    values as they are (no shell reads them), so ``"PATH": "/opt/bin:$PATH"`` can only
    mean the process environment's ``PATH``, which the client never consults under its
    bare name: the call fails with UtcpVariableNotFound.  Other names there are the
    documented way to hand a client variable to the script (``"TOKEN": "${TOKEN}"``)."""
    strings: list = []
    node = tpl.node
    if node is not None and hasattr(node, "get"):
        ev = node.get("env_vars")
        if ev is not None:
            strings += [(v.pointer, JsonStringRef(v)) for _k, v in ev.items() if v.kind == "string"]
        wd = node.get("working_dir")
        if wd is not None and wd.kind == "string":
            strings.append((wd.pointer, JsonStringRef(wd)))
    else:
        strings = list(tpl.value_strings)
    for pointer, sref in strings:
        text = sref.value
        if not isinstance(text, str):
            continue
        label = pointer.rsplit("/", 2)
        field_name = "working_dir" if pointer.endswith("/working_dir") else f"env_vars.{label[-1]}"
        for ref in substituted_refs(text):
            if ref.name in SHELL_VARIABLES:
                yield field_name, pointer, sref, ref


def namespace_hint(tpl, name: str) -> str:
    """The client variable key, as concretely as the document allows."""
    if tpl.origin in ("discovery", "template"):
        nm = tpl.raw.get("name") if isinstance(tpl.raw, dict) else None
        if isinstance(nm, str) and nm:
            return namespaced(nm, name)
    return f"<manual>_{name}"


def fix_to_default_form(tpl, step: int, ref: ClientVarRef, bash_ref) -> Fix | None:
    """``$NAME``/``${NAME}`` -> ``${NAME:-}`` where bash expands it (same value, client-proof)."""
    if bash_ref is None or not bash_ref.expands or "powershell" in tpl.shells:
        return None
    st = tpl.steps[step]
    if not isinstance(st.ref, JsonStringRef):
        return None  # Python sources may be f-strings or .format() templates
    s, e = st.ref.span(ref.start, ref.end)
    return Fix(
        f"write ${{{ref.name}:-}} so the UTCP client leaves it to bash", [TextEdit(s, e, "${" + ref.name + ":-}")]
    )


__all__ = ["client_refs", "value_refs", "namespace_hint", "fix_to_default_form", "VarContext", "SHELL_STYLE_UNSET"]
