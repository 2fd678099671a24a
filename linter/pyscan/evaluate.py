"""Abstract evaluation over the scope model: what a callee is, where a string
comes from, whether ``shell=`` is true, which argv lists an expression holds.

Three questions, three functions, all bounded (depth and a per-file step
budget; past either the answer is "unknown", never an exception):

* :meth:`Evaluator.values` -- what an expression names: a dotted name
  (``os.system``), an instance of a known class, a local function, a
  ``functools.partial``, a plumbum/sh command... Follows import aliases,
  rebinding, ``getattr(m, "x")``, ``__import__``, ``importlib.import_module``,
  ``sys.modules[...]``, ``m.__dict__[...]`` and ``vars(m)[...]``.
* :meth:`Evaluator.evidence` -- the provenance of a string (:class:`Provenance`):
  constant, built from which parameters (raw, ``shlex.quote``-d, or quoted
  but then put inside quotes, which is bypassable), with which operations
  (f-string, ``%``, ``.format``, concatenation, join).  Follows locals,
  closures, list mutations, tuple unpacking and the return values of
  functions and methods of the same module (with the call's arguments bound).
* :meth:`Evaluator.truth` and :meth:`Evaluator.argv` -- ``shell=`` values and
  argv alternatives (``if`` / ``else`` both count).
"""

from __future__ import annotations

import ast
import shlex
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate
from typing import Any

from ..core.lazyre import compile_pattern
from ..run.budget import check
from .astwalk import statements, walk
from .coderun import CODE_CELL_MAKERS, code_cell_source as _code_cell_source
from .cprefix import const_string_choices
from .directives import DIRECTIVE_ATTRS
from .facts import EvaluationCut
from .handquote import Escaped, escape_kind
from .loginshell import LOGIN_SHELL, login_shell, mapping_values
from .plainvalues import (
    PLAIN_TEXT_FUNCS,
    PLAIN_TEXT_METHODS,
    argparse_plain_dests,
    numeric_annotation,
    numeric_field,
    numeric_fstring,
    numeric_spec,
)
from .remoteprefix import split_prefix_text, with_destination
from .runnerlibs import TASK_DECORATORS, table_class
from .scopes import Binding, ModuleModel, Scope, function_of, lookup, method_class
from .splitwords import split_words
from .unknownvals import MAX_CHOICES, iter_choices, self_attr_values, value_choices
from .windows import posix_returns

# ----------------------------------------------------------------------------
# Values (what a name refers to)
# ----------------------------------------------------------------------------


def _class_constant(m, base, attr: str, scope, vals) -> bool:
    """Is ``base.attr`` (``attr`` upper-case) a constant of a class: ``base`` names a class
    (a capitalised name, imported, or a class statement of this module whose body gives
    ``attr`` only literals or ``auto()``: ``EDITOR = os.environ.get(...)`` is not)?  Wave
    4/5's "passes a value not known statically" warnings for enum members (apio, praisonai,
    reflex: judged false)."""
    if isinstance(base, ast.Name):
        _s, bl = lookup(m, scope, base.id, (base.lineno, base.col_offset))
        if bl and all(b.kind == "class" for b in bl):
            for b in bl:
                node = b.node
                if not isinstance(node, ast.ClassDef) or not _CLASS_NAME.match(node.name):
                    return False
                for st in node.body:
                    if isinstance(st, ast.Assign):
                        tgts = st.targets
                    elif isinstance(st, ast.AnnAssign):
                        tgts = [st.target]
                    else:
                        continue
                    if any(isinstance(t, ast.Name) and t.id == attr for t in tgts):
                        if st.value is not None and not _literal_or_auto(st.value):
                            return False
            return True
    return bool(vals) and all(v.kind == "name" and _CLASS_NAME.match(v.name.rsplit(".", 1)[-1]) for v in vals)


def _literal_or_auto(v) -> bool:
    if isinstance(v, ast.Call):
        return (
            not v.args and not v.keywords and (getattr(v.func, "id", None) or getattr(v.func, "attr", None)) == "auto"
        )
    return all(
        isinstance(x, (ast.Constant, ast.Tuple, ast.List, ast.UnaryOp, ast.unaryop, ast.expr_context))
        for x in ast.walk(v)
    )


class Referent:
    __slots__ = ("kind", "name", "data", "via")

    def __init__(self, kind, name="", data=None, via=()):
        self.kind = kind  # name | inst | func | partial | plumbum | dictof | self | unknown
        self.name = name
        self.data = data
        self.via = via

    def __repr__(self):
        return f"Referent({self.kind},{self.name})"


UNKNOWN_REFERENT = Referent("unknown")

# Cooperative drop-in replacements of the standard library's process module: the
# same functions and signatures, ``shell=True`` included.  Sources: gevent docs,
# "gevent.subprocess -- Cooperative subprocess module" ("a drop-in replacement for
# the standard library subprocess"); eventlet docs, "Green libraries"
# (``eventlet.green.subprocess`` "the same interface as subprocess").
DROP_IN_MODULES = {"gevent.subprocess": "subprocess", "eventlet.green.subprocess": "subprocess"}
# Functions that start a process and give its output (or the process object it is read
# from): what comes back is the program's output, data from outside, not text built from
# the arguments (``check_output(["git", "config", "--get", key])`` is the configured
# value, not ``key``).  Their result is "not known statically" and carries no parameter of
# the caller: a helper's parameter that only picks what a process prints does not reach a
# shell that later runs the printout (nbdime's ``apply_possible_filter(path)``).
# Source: Python docs, library/subprocess.html (check_output "Run command with arguments
# and return its output", run -> CompletedProcess.stdout, Popen.communicate, getoutput,
# getstatusoutput) and library/os.html (os.popen "the return value is an open file
# object connected to the pipe").
PROCESS_OUTPUT_FUNCS = frozenset(
    {
        "subprocess.check_output",
        "subprocess.run",
        "subprocess.Popen",
        "subprocess.getoutput",
        "subprocess.getstatusoutput",
        "os.popen",
        "commands.getoutput",
        "commands.getstatusoutput",
    }
)
# a module reached as an attribute of an object the evaluator cannot see (a lazy
# module loader: ``self.modules.subprocess.run(...)``): the attribute names it
MODULE_ATTRS = {"subprocess"}


_DROP_IN_HEADS = tuple(DROP_IN_MODULES)  # a name equal to a module or under it starts with it


def canonical_module(name: str) -> str:
    """``gevent.subprocess.Popen`` -> ``subprocess.Popen`` (:data:`DROP_IN_MODULES`)."""
    if not name.startswith(_DROP_IN_HEADS):
        return name  # most names (one C call instead of the loop below; issue 25 CPU)
    for mod, std in DROP_IN_MODULES.items():
        if name == mod or name.startswith(mod + "."):
            return std + name[len(mod) :]
    return name


BUILTINS = {
    "eval",
    "exec",
    "getattr",
    "__import__",
    "vars",
    "str",
    "repr",
    "int",
    "float",
    "len",
    "bool",
    "abs",
    "round",
    "ord",
    "hash",
    "input",
    "compile",
    "list",
    "tuple",
    "sorted",
    "reversed",
    "enumerate",
    "zip",
    "dict",
    "set",
    "min",
    "max",
    "sum",
    "format",
    "open",
    "globals",
    "locals",
    "map",
    "filter",
    "bytes",
    "frozenset",
}

_PSSH_MODULES = ("", ".native", ".native.parallel", ".native.single", ".ssh", ".ssh.parallel", ".ssh.single")
# Calls of these return an instance we track (methods on it are sinks).
INSTANCE_ALIASES = {
    "ctypes.CDLL": "ctypes.CDLL",
    "ctypes.PyDLL": "ctypes.CDLL",
    "ctypes.WinDLL": "ctypes.CDLL",
    "ctypes.cdll.LoadLibrary": "ctypes.CDLL",
    "ctypes.LibraryLoader.LoadLibrary": "ctypes.CDLL",
    "fabric.connection.Connection": "fabric.Connection",
    "fabric.Connection": "fabric.Connection",
    "fabric.Config": "fabric.Config",
    "invoke.context.Context": "invoke.Context",
    "invoke.Context": "invoke.Context",
    "invoke.MockContext": "invoke.Context",
    "paramiko.client.SSHClient": "paramiko.SSHClient",
    "paramiko.SSHClient": "paramiko.SSHClient",
    # parallel-ssh 2.x (docs "pssh.clients"): the clients whose run_command runs a remote command line
    **{f"pssh.clients{m}.ParallelSSHClient": "pssh.ParallelSSHClient" for m in _PSSH_MODULES},
    **{f"pssh.clients{m}.SSHClient": "pssh.SSHClient" for m in _PSSH_MODULES},
    # pywinrm 0.5 (winrm/__init__.py ``Session``, winrm/protocol.py ``Protocol``)
    "winrm.Session": "winrm.Session",
    "winrm.Protocol": "winrm.Protocol",
    "winrm.protocol.Protocol": "winrm.Protocol",
}

SH_NOT_PROGRAMS = {
    "Command",
    "ErrorReturnCode",
    "RunningCommand",
    "CommandNotFound",
    "SignalException",
    "TimeoutException",
    "glob",
    "contrib",
    "pushd",
    "which",
    "bake",
    "__version__",
    "ErrorReturnCode_1",
}

INPUT_NAMES = {"sys.argv": "sys.argv", "builtins.input": "input()"}
# methods whose result is the parsed command line: argparse.ArgumentParser's
# parse_args / parse_known_args / parse_intermixed_args (Python documentation,
# argparse) and optparse.OptionParser.parse_args; the options' values are the
# strings the user typed, whatever the parser object is called or where it was made
PARSE_ARGS_METHODS = {"parse_args", "parse_known_args", "parse_intermixed_args", "parse_known_intermixed_args"}


def _is_super(f: ast.expr) -> bool:
    return isinstance(f, ast.Name) and f.id == "super"


class Budget(Exception):
    pass


# ----------------------------------------------------------------------------
# Evidence (where a string comes from)
# ----------------------------------------------------------------------------

RAW, QUOTED, QUOTED_IN_QUOTES, QUOTED_TEMPLATE = "raw", "quoted", "quoted-in-quotes", "quoted-template"
DERIVED = "derived"  # went through a call the evaluator does not know (open(p).read(), helper(x))


def param_order(p: tuple) -> tuple:
    """Sort key of a :class:`Provenance`'s parameter entries (a set, whose iteration order
    follows string hashes and so changes from run to run): the name, the scope, the mode.
    Dictionaries built from them keep that order, and which call chain a finding names
    follows the first parameter that produces it."""
    return (p[2], p[0], p[3])


class Provenance:
    """Provenance of a string value.

    ``params`` holds ``(scope_id, function_qualname, name, mode)`` for every
    parameter (or program input such as ``sys.argv``) the value is built
    from; ``mode`` is raw, quoted (``shlex.quote`` outside quotes: effective),
    quoted-in-quotes (``shlex.quote`` placed inside ``"..."`` or ``'...'`` of
    the shell string: bypassable), quoted-template (quoted, then substituted
    into a template whose quoting is only known at run time) or derived (the
    parameter went through a call the evaluator does not know, so the value
    depends on it but may not contain it: ``open(path).read()``).
    """

    __slots__ = ("const", "value", "params", "unknown", "ops", "qcalls", "dq", "qunknown")

    def __init__(
        self,
        const=True,
        value=None,
        params=frozenset(),
        unknown=False,
        ops=frozenset(),
        qcalls=(),
        dq=(),
        qunknown=False,
    ):
        self.const = const
        self.value = value
        self.params = params
        self.unknown = unknown
        self.ops = ops
        self.qcalls = qcalls
        self.dq = dq
        self.qunknown = qunknown

    def __repr__(self):
        return (
            f"Provenance(const={self.const}, value={self.value!r}, params={sorted(p[2:] for p in self.params)}, "
            f"unknown={self.unknown}, ops={sorted(self.ops)}, dq={self.dq})"
        )

    @property
    def level(self) -> str:
        """high | medium | low: how much the value depends on data."""
        if self.dq or any(p[3] in (RAW, QUOTED_IN_QUOTES) for p in self.params):
            return "high"
        if self.unknown and self.ops:
            return "high"
        if self.unknown or any(p[3] in (QUOTED_TEMPLATE, DERIVED) for p in self.params):
            return "medium"
        return "low"

    def describe(self) -> str:
        """'the parameter 'cmd' (raw) by an f-string'..."""
        parts = []
        names = sorted({(p[2], p[3]) for p in self.params})
        raw = [n for n, m in names if m == RAW]
        inq = [n for n, m in names if m == QUOTED_IN_QUOTES]
        tpl = [n for n, m in names if m == QUOTED_TEMPLATE]
        qd = [n for n, m in names if m == QUOTED]
        dv = [n for n, m in names if m == DERIVED and n not in raw]
        if raw:
            parts.append(_plural("parameter", raw))
        if inq:
            parts.append(_plural("parameter", inq) + " quoted with shlex.quote but placed inside quotes")
        if tpl:
            parts.append(
                _plural("parameter", tpl) + " quoted, then substituted into a template at an unknown quoting position"
            )
        if qd:
            parts.append(_plural("parameter", qd) + " (shlex.quote-d)")
        if dv:
            parts.append("values derived from " + _plural("parameter", dv) + " through other calls")
        if self.unknown and not parts:
            parts.append("a value not known statically")
        elif self.unknown:
            parts.append("other values not known statically")
        s = " and ".join(parts) if parts else "constants"
        if self.ops and not self.const:
            s += " via " + ", ".join(sorted(self.ops))
        return s


def _plural(word, names):
    # a program input the evaluator names by what it is (configtraits.py: "the configuration
    # trait 'x'") is not a parameter: written as it is, after the parameters
    bare = [n for n in names if n.startswith("the ")]
    names = [f"'{n}'" for n in names if not n.startswith("the ")]
    said = f"{word}{'s' if len(names) > 1 else ''} {', '.join(names)}" if names else ""
    return ", ".join(([said] if said else []) + bare)


def const(value=None) -> Provenance:
    return Provenance(True, value)


UNKNOWN = Provenance(const=False, unknown=True)


def union(evs, op=None, concat=False) -> Provenance:
    evs = [e for e in evs if e is not None]
    if not evs:
        return UNKNOWN
    if len(evs) == 1 and op is None:
        return evs[0]
    # one pass over the parts (was five generator expressions: the commonest call of the
    # evaluator; issue 25); the same fields in the same order
    c = True
    unknown = qunknown = False
    qcalls: list = []
    dq: list = []
    for e in evs:
        if not e.const:
            c = False
        if e.unknown:
            unknown = True
        if e.qunknown:
            qunknown = True
        if e.qcalls:
            qcalls.extend(e.qcalls)
        if e.dq:
            dq.extend(e.dq)
    val = None
    if concat and c and all(e.value is not None for e in evs):
        val = "".join(e.value for e in evs)
    elif not concat and len(evs) == 1:
        val = evs[0].value
    params = frozenset().union(*[e.params for e in evs])
    ops = frozenset().union(*[e.ops for e in evs])
    if op and not c:
        ops = ops | {op}
    return Provenance(c, val, params, unknown, ops, tuple(qcalls), tuple(dq), qunknown)


def quoted(ev: Provenance, span) -> Provenance:
    """The result of shlex.quote(ev)."""
    if ev.const:
        return ev
    params = frozenset((a, b, c, QUOTED if m == RAW else m) for a, b, c, m in ev.params)
    return Provenance(False, None, params, False, ev.ops, ev.qcalls + (span,), ev.dq, ev.qunknown or ev.unknown)


def in_quotes(ev: Provenance) -> Provenance:
    """A quoted value placed inside shell quotes: the quoting is undone."""
    params = frozenset((a, b, c, QUOTED_IN_QUOTES if m == QUOTED else m) for a, b, c, m in ev.params)
    return Provenance(ev.const, ev.value, params, ev.unknown or ev.qunknown, ev.ops, (), ev.dq + ev.qcalls, False)


def to_template(ev: Provenance) -> Provenance:
    params = frozenset((a, b, c, QUOTED_TEMPLATE if m == QUOTED else m) for a, b, c, m in ev.params)
    return Provenance(ev.const, ev.value, params, ev.unknown, ev.ops, (), ev.dq, ev.qunknown)


def shlex_quote_state(state: str, text: str) -> str:
    """Quote state (n / sq / dq) after ``text`` as :func:`shlex.split` reads it (no
    substitutions, no comments): the state :mod:`.splitwords` splits words with."""
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if state == "n":
            if c == "\\":
                i += 2
                continue
            if c == "'":
                state = "sq"
            elif c == '"':
                state = "dq"
        elif state == "sq":
            if c == "'":
                state = "n"
        else:
            if c == "\\":
                i += 2
                continue
            if c == '"':
                state = "n"
        i += 1
    return state


#: the contexts of :func:`advance_quote_state` a value lands unquoted in: the command line
#: itself, a command substitution ``$(...)`` or `` `...` `` (bash(1) QUOTING: "within double
#: quotes ... command substitution" starts a new quoting context), a parenthesis inside one
_PLAIN = frozenset({"n", "s", "b", "p"})
#: characters after which ``#`` starts a comment (bash(1) COMMENTS: "a word beginning with #")
_WORD_BREAK = frozenset(" \t\n;&|()<>")
#: a character that may change the context of plain text
_SPECIAL = compile_pattern(r"[\\'\"$`()#]")


def advance_quote_state(state: str, text: str) -> str:
    """Bash's quoting context after ``text``: a stack of contexts, outermost first, joined by
    ``>`` (``"n"`` at the start; ``"n>dq>s>dq"``: in double quotes inside a ``$(...)`` inside
    double quotes).  ``sq``/``dq`` quotes, ``s`` a ``$(...)``, ``b`` a backquoted substitution,
    ``p`` a parenthesis inside a substitution, ``c`` a comment (to the end of the line: quotes
    in it do not count).  :func:`quote_context` gives the innermost one as n / sq / dq / c."""
    if state == "n" and not _SPECIAL.search(text):
        return state
    stack = state.split(">")
    top = stack[-1]
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if top == "sq":
            if c == "'":
                stack.pop()
                top = stack[-1]
        elif top == "c":
            if c == "\n":
                stack.pop()
                top = stack[-1]
        else:  # double quotes or a plain context
            if c == "\\":
                i += 2
                continue
            if c == "$" and text.startswith("$(", i):
                stack.append("s")
                top = "s"
                i += 2
                continue
            if c == "`":  # a backquoted substitution opens, or the one we are in closes
                if top == "b":
                    stack.pop()
                else:
                    stack.append("b")
                top = stack[-1]
            elif top == "dq":
                if c == '"':
                    stack.pop()
                    top = stack[-1]
            elif c == "'":
                stack.append("sq")
                top = "sq"
            elif c == '"':
                stack.append("dq")
                top = "dq"
            elif c == "(":
                stack.append("p")
                top = "p"
            elif c == ")":
                if top in ("s", "p"):
                    stack.pop()
                    top = stack[-1]
            elif c == "#" and i > 0 and text[i - 1] in _WORD_BREAK:
                stack.append("c")
                top = "c"
        i += 1
    return ">".join(stack)


def quote_context(state: str) -> str:
    """The innermost context of an :func:`advance_quote_state` state: ``n`` (unquoted: the
    command line or a substitution), ``sq``, ``dq`` or ``c`` (a comment: a newline in the
    value ends it, so quoting the value does not hold there either)."""
    top = state.rsplit(">", 1)[-1]
    return "n" if top in _PLAIN else top


def combine_pieces(pieces, op) -> Provenance:
    """Join string pieces (constant text or evidence) tracking shell quotes, so
    a shlex.quote-d piece inside ``"..."`` is marked bypassable."""
    state = "n"
    evs = []
    last = ""  # the constant text just before a value, up to 80 characters (a shell's ``-c``: inner_code)
    for p in pieces:
        if isinstance(p, str):
            state = advance_quote_state(state, p)
            evs.append(const(p))
            last = (last + p)[-80:]
            continue
        if isinstance(p, Escaped):
            # a value escaped for the quotes it lands in is quoted (handquote.py); elsewhere
            # (outside quotes, or in the other kind) the escaping does not hold
            evs.append(quoted(p.ev, p.span) if quote_context(state) == p.kind else p.ev)
            continue
        ev = p
        if ev.const and ev.value is not None:
            state = advance_quote_state(state, ev.value)
            last = (last + ev.value)[-80:] if isinstance(ev.value, str) else ""
            evs.append(ev)
            continue
        if ev.qcalls and quote_context(state) != "n":
            ev = in_quotes(ev)
        elif ev.qcalls and last and SHELL_C_END.search(last):
            ev = inner_code(ev)  # f"docker exec {c} bash -c {quote(cmd)}": the word is bash's script
        last = ""
        evs.append(ev)
    return union(evs, op, concat=True)


#: text ending with a shell's ``-c`` and the blank before its script (``bash -c ``, ``sh -lc ``;
#: sh(1): "-c  Read commands from the command_string operand"); the same words as
#: pctemplate.py's placeholders, which read this pattern
SHELL_C_END = compile_pattern(r"(?:^|[\s/])(?:ba|da|z|k|a|mk)?sh\s+(?:-[a-zA-Z]*\s+)*-[a-zA-Z]*c\s+$")


def inner_code(ev: Provenance) -> Provenance:
    """A ``shlex.quote``-d value written as the ``-c`` script of a shell inside a command line:
    the outer shell (or ``shlex.split``) takes the quotes off, and the inner shell parses the
    value as code (issue 25: ``getstatusoutput(f"{BASH} -c {quote(cmd)}")``,
    ``f"docker exec {name} sh -c {quote(script)}"``).  The quoting protects nothing there."""
    params = frozenset((a, b, c, RAW if m == QUOTED else m) for a, b, c, m in ev.params)
    return Provenance(ev.const, ev.value, params, ev.unknown or ev.qunknown, ev.ops, (), ev.dq, False)


# ----------------------------------------------------------------------------
# The evaluator
# ----------------------------------------------------------------------------

PASSTHROUGH_FUNCS = {
    "builtins.str",
    "builtins.bytes",
    "os.fspath",
    "os.path.join",
    "os.path.abspath",
    "os.path.expanduser",
    "os.path.normpath",
    "os.path.realpath",
    "posixpath.join",
    "ntpath.join",
    "pathlib.Path",
    "pathlib.PurePath",
    "builtins.list",
    "builtins.tuple",
    "builtins.sorted",
    "builtins.reversed",
    "builtins.enumerate",
    "builtins.zip",
    "builtins.format",
    "builtins.map",
    "builtins.filter",
    "os.fsencode",
    "os.fsdecode",
    "textwrap.dedent",
    "builtins.set",
    "builtins.frozenset",
    "builtins.compile",
}
#: ``os.path.join`` and its twins (Python library reference, os.path: "join(path, *paths)
#: Join one or more path segments"): the last names of the modules a call of one is read on
_PATH_JOINS = frozenset({"os.path.join", "posixpath.join", "ntpath.join"})
_PATH_MODULES = frozenset({"path", "posixpath", "ntpath"})
SAFE_FUNCS = {
    "builtins.int",
    "builtins.float",
    "builtins.len",
    "builtins.bool",
    "builtins.abs",
    "builtins.round",
    "builtins.ord",
    "builtins.hash",
    "builtins.min",
    "builtins.max",
    "builtins.sum",
    "os.getpid",
    "os.cpu_count",
    "uuid.uuid4",
    "secrets.token_hex",
    "secrets.token_urlsafe",
} | PLAIN_TEXT_FUNCS  # encodings, ids and clocks: plainvalues.py
#: temporary files and directories the program makes (Python library reference 3.13,
#: tempfile): ``mkstemp``/``mkdtemp`` return (a descriptor and) "the absolute pathname" of
#: what they made, ``gettempdir`` "the name of the directory used for temporary files",
#: ``TemporaryDirectory`` gives its name from ``with ... as d`` and as ``.name``, and the
#: file objects of ``NamedTemporaryFile``/``TemporaryFile``/``SpooledTemporaryFile`` have
#: ``.name``.  The name is ``dir`` + ``prefix`` + random characters + ``suffix``, the random
#: part drawn from ``abcdefghijklmnopqrstuvwxyz0123456789_`` (tempfile's name sequence);
#: with no ``prefix``/``suffix``/``dir`` other than constants it holds no value from outside
#: the program (the platform's temporary directory, or ``TMPDIR`` of whoever runs it)
TEMP_NAME_FUNCS = frozenset(
    {"tempfile.mkstemp", "tempfile.mkdtemp", "tempfile.mktemp", "tempfile.gettempdir", "tempfile.gettempdirb"}
)
TEMP_NAMED = frozenset({"tempfile.TemporaryDirectory"})  # ``with TemporaryDirectory() as d``: the name
TEMP_OBJECTS = frozenset(
    {"tempfile.NamedTemporaryFile", "tempfile.TemporaryFile", "tempfile.SpooledTemporaryFile"} | TEMP_NAMED
)
#: the arguments of those calls that become part of the name (by keyword; by position in
#: ``mkstemp``/``mkdtemp``/``mktemp``/``TemporaryDirectory``, whose first three they are)
_TEMP_NAME_ARGS = ("suffix", "prefix", "dir")
#: attributes that are integers on every process object that has them: ``pid``
#: (subprocess.Popen.pid, asyncio.subprocess.Process.pid, multiprocessing.Process.pid,
#: pexpect.spawn.pid, psutil.Process.pid: Python library reference / psutil docs) and
#: ``returncode`` (Popen, asyncio Process; None before exit).  Their text is digits
#: (or "None"): no shell syntax, whatever process they belong to.
INT_ATTRS = frozenset({"pid", "returncode"})
#: the text attributes of a ``uuid.UUID`` (Python library reference, uuid: ``hex`` "The UUID
#: as a 32-character lowercase hexadecimal string", ``int`` "The UUID as a 128-bit integer")
#: read on a UUID the call makes
_UUID_FUNCS = frozenset({"uuid.uuid1", "uuid.uuid4"})
_UUID_TEXT_ATTRS = frozenset({"hex", "int"})
#: an upper-case attribute name (``BEFORE_COMPACTION``) of a class name (``HookEvent``)
_CLASS_CONSTANT = compile_pattern(r"[A-Z][A-Z0-9_]*\Z")
_CLASS_NAME = compile_pattern(r"_?[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*\Z")
PASSTHROUGH_METHODS = {
    "strip",
    "lstrip",
    "rstrip",
    "lower",
    "upper",
    "casefold",
    "title",
    "encode",
    "decode",
    "replace",
    "expandtabs",
    "removeprefix",
    "removesuffix",
    "ljust",
    "rjust",
    "center",
    "zfill",
    "copy",
    "as_posix",
    "resolve",
    "absolute",
    "items",
    "values",
    "keys",
    "get",
    "pop",
    "format_map",
    "splitlines",
    "split",
    "rsplit",
    "partition",
    "rpartition",
    "translate",
    "with_suffix",
    "with_name",
}
QUOTE_FUNCS = {
    "shlex.quote",
    "pipes.quote",
    "shellescape.quote",
    "mslex.quote",
    "subprocess.list2cmdline",
    "sarge.shell_quote",  # sarge 0.1.8 docs "shell_quote": quotes for sarge's parser and for /bin/sh
    # executor 23.2 executor/__init__.py ``quote(*args)``: pipes.quote of a string, or of each
    # item of a list/tuple (or of several arguments) joined by blanks
    "executor.quote",
}
#: ``fmt.format(*args)`` with every argument quoted (sarge 0.1.8 ``shell_format``: "formats
#: with each positional and keyword argument passed through shell_quote")
QUOTE_FORMAT_FUNCS = {"sarge.shell_format"}
QUOTE_JOIN_FUNCS = {"shlex.join"}


# node types the attribute-store walk (Evaluator.stored_attrs_of) need not enter: no child of
# theirs is a function, an assignment or an attribute (Python's ast grammar)
_NO_STORES = frozenset(
    {ast.Name, ast.Constant, ast.alias}
    | {
        c
        for base in (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop)
        for c in base.__subclasses__()
    }
)
_FUNCTION_NODES = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda})


class Evaluator:
    MAX_DEPTH = 24
    MAX_SUMMARY_DEPTH = 6

    def __init__(self, model: ModuleModel, budget: int = 60000):
        self.m = model
        self.budget = budget
        self.steps = budget
        # the step budget ran out: the first question it cut short (an AST
        # node) and how many questions were answered "unknown" because of it
        self.cut_at: object | None = None
        self.cut_questions = 0
        self.active: list = []  # function scopes being summarised (recursion guard)
        self._posix_rets: dict[int, list] = {}  # id(function scope) -> windows.posix_returns
        self.loop_spans: dict = {}  # scope id -> the spans of its loops (_later_outside_loops)
        self._cconst: dict = {}  # (class scope id, attribute) -> _class_constant's answer
        self._kept: dict = {}  # (class scope id, attribute) -> _kept_instances's answer
        self._stores: dict = {}  # class scope id -> _self_stores's answer
        # does an import's target (``util.rofi.show``) name a function ("def") or a class
        # ("class") of the linted tree?
        # Set by the project pass (project.py ``_tree_function``); None: not known
        self.tree_function: Callable[[str], str | None] | None = None
        # does an import's target name a function of another module of the tree that
        # shell-quotes its first argument (project.py ``_tree_quoter``)?  Set by the project pass
        self.tree_quoter: Callable[[str], bool] | None = None
        # does an import's target name a function of another module of the tree whose every
        # return is text of the program's own (constants, numbers, digests: project.py
        # ``_tree_plain``), whatever its arguments?  Set by the project pass
        self.tree_plain: Callable[[str], bool] | None = None
        # a sum (``a + b + c``, the node itself: no id reused) -> :func:`_flatten_add`'s terms
        # (scons 4.11.1's intelc.py: 3,808 evaluations of 8 sums within its step budget)
        self._flat: dict = {}

    def _tick(self):
        check()  # the file's CPU budget (linter/run/budget.py); self.budget counts steps
        self.budget -= 1
        if self.budget < 0:
            raise Budget()

    def _cut(self, x: BaseException, e) -> None:
        """Remember a question the step budget cut short (a RecursionError is not one)."""
        if isinstance(x, Budget):
            self.cut_questions += 1
            if self.cut_at is None and hasattr(e, "lineno"):
                self.cut_at = e

    def cut(self) -> EvaluationCut | None:
        """The fact that the step budget ran out, or None."""
        if self.cut_at is None:
            return None
        s, e = self.span(self.cut_at)
        return EvaluationCut(s, e, self.steps, self.cut_questions)

    def span(self, node):
        return self.m.pos.span(node)

    # ---- values -----------------------------------------------------------
    def values(self, e, scope: Scope, depth: int = 0) -> list[Referent]:
        try:
            return self._values(e, scope, depth)
        except (Budget, RecursionError) as x:
            self._cut(x, e)
            return [UNKNOWN_REFERENT]

    def _popen_base(self, scope: Scope, depth: int) -> Referent | None:
        """``super().__init__`` inside a method of a class deriving from
        ``subprocess.Popen``: Popen's constructor (the subclass hands it the
        command and ``shell=``)."""
        fs = function_of(scope)
        cls = getattr(fs, "cls", None) if fs is not None else None
        node = getattr(cls, "node", None)
        if cls is None or cls.parent is None or not isinstance(node, ast.ClassDef):
            return None
        for b in node.bases:
            for v in self._values(b, cls.parent, depth + 1):
                if v.kind == "name" and v.name == "subprocess.Popen":
                    return Referent("name", "subprocess.Popen", via=v.via + (f"super().__init__ of {node.name}",))
        return None

    def _values(self, e, scope: Scope, depth: int) -> list[Referent]:
        self._tick()
        if depth > self.MAX_DEPTH:
            return [UNKNOWN_REFERENT]
        t = type(e)
        if t is ast.Name:
            return self._name_values(e.id, scope, (e.lineno, e.col_offset), depth)
        if t is ast.Attribute:
            if e.attr == "__init__" and isinstance(e.value, ast.Call) and _is_super(e.value.func):
                base = self._popen_base(scope, depth)
                if base is not None:
                    return [base]
            out = []
            for b in self._values(e.value, scope, depth + 1):
                out.extend(self._attr(b, e.attr, scope))
            if e.attr in MODULE_ATTRS and all(v.kind == "unknown" for v in out):
                return [Referent("name", e.attr, via=(f"a module held in the attribute '{e.attr}'",))]
            return out or [UNKNOWN_REFERENT]
        if t is ast.Call:
            return self._call_values(e, scope, depth)
        if t is ast.Subscript:
            key = self._const_str(e.slice, scope, depth)
            out = []
            for b in self._values(e.value, scope, depth + 1):
                if b.kind == "name" and b.name == "sys.modules" and key:
                    out.append(Referent("name", key, via=b.via + (f"sys.modules[{key!r}]",)))
                elif b.kind == "dictof" and key:
                    out.append(Referent("name", f"{b.name}.{key}", via=b.via + (f"{b.data}[{key!r}]",)))
                elif b.kind == "plumbum":
                    items = e.slice.elts if isinstance(e.slice, ast.Tuple) else [e.slice]
                    out.append(Referent("plumbum", b.name, b.data + [(x, scope) for x in items], b.via))
                elif b.kind == "name" and b.name in ("plumbum.local", "plumbum.machines.local.local") and key:
                    out.append(Referent("plumbum", key, [], b.via + (f"plumbum local[{key!r}]",)))
            return out or [UNKNOWN_REFERENT]
        if t is ast.NamedExpr:
            return self._values(e.value, scope, depth + 1)
        if t is ast.IfExp:
            return self._values(e.body, scope, depth + 1) + self._values(e.orelse, scope, depth + 1)
        if t is ast.BoolOp:
            out = []
            for v in e.values:
                out.extend(self._values(v, scope, depth + 1))
            return out
        if t is ast.Lambda:
            s = self.m.node_scope(e)
            return [Referent("func", s.qualname, s)] if s else [UNKNOWN_REFERENT]
        if t is ast.Await:
            return self._values(e.value, scope, depth + 1)
        return [UNKNOWN_REFERENT]

    def _name_values(self, name, scope, at, depth) -> list[Referent]:
        s, bl = lookup(self.m, scope, name, at)
        if s is None:
            if name in BUILTINS:
                return [Referent("name", f"builtins.{name}")]
            for mod in self.m.module.star:
                return [Referent("name", f"{mod}.{name}", via=(f"'from {mod} import *'",))]
            return [Referent("name", name)]  # unresolved global: keep the bare name
        out = []
        for b in bl:
            out.extend(self._binding_values(b, name, depth))
        return out or [UNKNOWN_REFERENT]

    def _binding_values(self, b: Binding, name, depth) -> list[Referent]:
        k = b.kind
        if k == "import":
            mod = b.value
            tail = mod.rsplit(".", 1)[-1]
            via: tuple[str, ...] = (f"imported as '{name}'",) if name != tail and name != mod.split(".")[0] else ()
            if mod.startswith(("plumbum.cmd.", "plumbum.local.cmd.")):
                return [Referent("plumbum", tail, [], via + ("plumbum.cmd",))]
            std = canonical_module(mod)
            if std != mod:
                via += (f"{mod} (drop-in for {std})",)
            return [Referent("name", std, via=via)]
        if k in ("assign", "with"):
            if b.index:
                el = _pick(b.value, b.index)
                if el is None:
                    return [UNKNOWN_REFERENT]
                vals = self._values(el, b.scope, depth + 1)
            else:
                vals = self._values(b.value, b.scope, depth + 1)
            return [
                Referent(v.kind, v.name, v.data, v.via + (f"rebound as '{name}'",))
                if v.kind in ("name", "partial")
                else v
                for v in vals
            ]
        if k == "def":
            return [Referent("func", b.value.qualname, b.value)]
        if k == "param":
            fs = b.scope
            if fs.cls is not None and fs.params and fs.params[0] == name and not _is_static(fs):
                return [Referent("self", fs.cls.name, fs.cls)]
            if fs.params and fs.params[0] == name and (ctx := self._task_context(fs)):
                return [Referent("inst", ctx, via=(f"task parameter '{name}'",))]
            if (cls := self._annotated_class(b, depth)) is not None:
                return [Referent("inst", cls, via=(f"parameter '{name}: {cls}'",))]
            return [UNKNOWN_REFERENT]
        return [UNKNOWN_REFERENT]

    def _annotated_class(self, b: Binding, depth: int) -> str | None:
        """The library class a parameter is annotated with (``juju: jubilant.Juju``, ``client:
        SSHClient | None``, ``Optional[SSHClient]``) when the tables judge its methods
        (runnerlibs.table_class): a caller passes an instance of it (PEP 484: the annotation
        is the argument's type), so ``juju.exec(cmd)`` is that class's ``exec``.  Else None."""
        ann = getattr(b.node, "annotation", None)
        if ann is None:
            return None
        if isinstance(ann, ast.BinOp) and isinstance(ann.op, ast.BitOr):
            sides = [x for x in (ann.left, ann.right) if not (isinstance(x, ast.Constant) and x.value is None)]
            if len(sides) != 1:
                return None
            ann = sides[0]
        elif isinstance(ann, ast.Subscript) and (
            (isinstance(ann.value, ast.Name) and ann.value.id == "Optional")
            or (isinstance(ann.value, ast.Attribute) and ann.value.attr == "Optional")
        ):
            ann = ann.slice
        root = ann
        while isinstance(root, ast.Attribute):
            root = root.value
        if not isinstance(root, ast.Name) or root.id in ("str", "bytes", "int", "list", "dict"):
            return None
        where = b.scope.parent if b.scope.parent is not None else b.scope
        vals = self._values(ann, where, depth + 1)
        if len(vals) == 1 and vals[0].kind == "name" and table_class(vals[0].name):
            return vals[0].name
        return None

    def _task_context(self, fs: Scope) -> str | None:
        """The class of a task function's first parameter, from its decorator
        (runnerlibs.TASK_DECORATORS: invoke/fabric ``@task``, duty ``@duty``), else None."""
        for d in fs.decorators:
            target = d.func if isinstance(d, ast.Call) else d
            for v in self._values(target, fs.parent, self.MAX_DEPTH - 2):
                if v.kind == "name" and v.name in TASK_DECORATORS:
                    return TASK_DECORATORS[v.name]
        return None

    def _attr(self, b: Referent, attr: str, scope) -> list[Referent]:
        if b.kind == "name":
            if attr == "__dict__":
                return [Referent("dictof", b.name, f"{b.name}.__dict__", b.via)]
            full = f"{b.name}.{attr}"
            if full.startswith(("plumbum.cmd.", "plumbum.local.cmd.")):
                return [Referent("plumbum", attr, [], b.via)]
            std = canonical_module(full)
            if std != full:
                return [Referent("name", std, via=b.via + (f"{full} (drop-in for {std})",))]
            return [Referent("name", full, via=b.via)]
        if b.kind == "inst":
            return [Referent("name", f"{b.name}.{attr}", via=b.via)]
        if b.kind == "self":
            # the method of the class, else the one it inherits from a base class of the
            # same module (depth-first, left to right: the MRO of single-module hierarchies)
            todo: list = [b.data]
            seen: set[int] = set()
            while todo and len(seen) < 8:
                cls: Scope = todo.pop(0)
                if id(cls) in seen:
                    continue
                seen.add(id(cls))
                own = cls.bindings.get(attr, ())
                for bb in own:
                    if bb.kind == "def":
                        via = ("self",) if cls is b.data else ("self", f"inherited from {cls.name}")
                        return [Referent("func", bb.value.qualname, bb.value, via)]
                if own or cls.parent is None or not isinstance(cls.node, ast.ClassDef):
                    break
                bases = [
                    bb.value
                    for base in cls.node.bases
                    if isinstance(base, ast.Name)
                    for bb in cls.parent.bindings.get(base.id, ())
                    if bb.kind == "class"
                ]
                todo[:0] = bases
            return self._kept_instances(b.data, attr) or [UNKNOWN_REFERENT]
        if b.kind == "plumbum" and attr in ("bound_command", "__getitem__"):
            return [b]
        return [UNKNOWN_REFERENT]

    def _self_stores(self, cls: Scope) -> dict:
        """attribute -> [(method, assignment, its targets)] of the assignments to
        ``<self>.attribute`` (``<self>``: the method's first parameter) in the class's own
        methods, in the order of the methods' bindings and of each method's walk: made in
        one walk of each method for every attribute :func:`_kept_instances` asks about
        (it walked every method again for each attribute: 0.36 s of yt-dlp's 2.5 s)."""
        got = self._stores.get(id(cls))
        if got is not None:
            return got
        got = self._stores[id(cls)] = {}
        for bs in list(cls.bindings.values()):
            for bb in bs:
                fs = bb.value if bb.kind == "def" else None
                if (
                    not isinstance(fs, Scope)
                    or not fs.params
                    or not isinstance(fs.node, (ast.FunctionDef, ast.AsyncFunctionDef))
                ):
                    continue
                me = fs.params[0]
                for n in statements(fs.node):  # walk()'s order; assignments are statements
                    if not isinstance(n, (ast.Assign, ast.AnnAssign)):
                        continue
                    targets = n.targets if isinstance(n, ast.Assign) else [n.target]
                    seen = set()
                    for t in targets:
                        if (
                            isinstance(t, ast.Attribute)
                            and isinstance(t.value, ast.Name)
                            and t.value.id == me
                            and t.attr not in seen
                        ):
                            seen.add(t.attr)
                            got.setdefault(t.attr, []).append((fs, n, targets))
        return got

    def _kept_instances(self, cls: Scope, attr: str) -> list[Referent]:
        """``self.runtime`` where every assignment of ``self.runtime`` in the class's own
        methods is a call that makes an instance of a library class (``self.runtime =
        Runtime(...)``) or a library's callable itself (``self._popen = subprocess.Popen``):
        those instances and callables (checked like the library's).  Any other assignment
        (a parameter, a project class, None) gives nothing."""
        if attr not in self.m.attr_stores:
            return []  # no assignment stores it: the class's methods are not walked (issue 25)
        key = (id(cls), attr)
        got = self._kept.get(key)
        if got is not None:
            return got
        self._kept[key] = []  # recursion guard: self.a = self.a.copy()
        out: list[Referent] = []
        ok = True
        for fs, n, targets in self._self_stores(cls).get(attr, ()):
            value = n.value
            if isinstance(value, ast.Constant) and value.value is None and len(targets) == 1:
                # ``self.conn = None`` in ``__init__`` (or after a close): a placeholder; a method
                # called on None raises AttributeError, so no call reaches the object through it
                continue
            if isinstance(value, ast.Await):
                # ``self.conn = await asyncssh.connect(host)``: the object the coroutine returns
                # (the evaluator reads ``await f()`` as the value of ``f()``)
                value = value.value
            if len(targets) != 1 or not isinstance(value, (ast.Call, ast.Name, ast.Attribute, ast.BoolOp)):
                ok = False
                continue
            called = isinstance(value, ast.Call)
            vals = self._values(value, fs, self.MAX_DEPTH - 4)
            if isinstance(value, ast.BoolOp):
                # ``self._run = runner or run_shell``: the function of the module the object
                # falls back on (a runner a caller injects is not known statically)
                vals = [v for v in vals if v.kind == "func"]
                if not vals:
                    ok = False
                    continue
            for v in vals:
                if called and v.kind == "inst":
                    out.append(Referent("inst", v.name, via=v.via + (f"self.{attr} = {v.name}(...)",)))
                elif not called and v.kind == "name" and "." in v.name:
                    # ``self._popen = subprocess.Popen``: the library's callable itself
                    out.append(Referent("name", v.name, via=v.via + (f"self.{attr} = {v.name}",)))
                elif not called and v.kind == "func" and isinstance(v.data, Scope):
                    # ``self._run = run_shell``: a function of the module kept as the object's runner
                    out.append(Referent("func", v.name, v.data, v.via + (f"self.{attr} = {v.data.name}",)))
                else:
                    ok = False
        got = out if ok else []
        self._kept[key] = got
        return got

    def _call_values(self, e: ast.Call, scope, depth) -> list[Referent]:
        out = []
        for f in self._values(e.func, scope, depth + 1):
            if f.kind == "name":
                n = f.name
                if n == "builtins.getattr" and len(e.args) >= 2:
                    key = self._const_str(e.args[1], scope, depth)
                    if key:
                        for b in self._values(e.args[0], scope, depth + 1):
                            for v in self._attr(b, key, scope):
                                out.append(Referent(v.kind, v.name, v.data, v.via + (f"getattr(..., {key!r})",)))
                    continue
                if n == "builtins.__import__" and e.args:
                    key = self._const_str(e.args[0], scope, depth)
                    if key:
                        has_from = len(e.args) >= 4 or any(k.arg == "fromlist" for k in e.keywords)
                        out.append(
                            Referent("name", key if has_from else key.split(".")[0], via=(f"__import__({key!r})",))
                        )
                    continue
                if n in ("importlib.import_module", "importlib.__import__") and e.args:
                    key = self._const_str(e.args[0], scope, depth)
                    if key:
                        out.append(Referent("name", key, via=(f"importlib.import_module({key!r})",)))
                    continue
                if n == "builtins.vars" and e.args:
                    for b in self._values(e.args[0], scope, depth + 1):
                        if b.kind == "name":
                            out.append(Referent("dictof", b.name, f"vars({b.name})", b.via))
                    continue
                if n == "functools.partial" and e.args:
                    funcs = self._values(e.args[0], scope, depth + 1)
                    out.append(
                        Referent(
                            "partial",
                            "functools.partial",
                            (funcs, [(a, scope) for a in e.args[1:]], [(k.arg, k.value, scope) for k in e.keywords]),
                            ("functools.partial",),
                        )
                    )
                    continue
                if n == "sh.Command" and e.args:
                    out.append(Referent("plumbum", None, [(e.args[0], scope)], ("sh.Command",)))
                    continue
                if n.startswith("ctypes.") and (n in INSTANCE_ALIASES or n.endswith(".LoadLibrary")):
                    out.append(Referent("inst", "ctypes.CDLL", via=f.via))
                    continue
                out.append(Referent("inst", INSTANCE_ALIASES.get(n, n), via=f.via))
            elif f.kind == "plumbum":
                out.append(Referent("plumbum", f.name, f.data + [(a, scope) for a in e.args], f.via))
        return out or [UNKNOWN_REFERENT]

    def _const_str(self, e, scope, depth) -> str | None:
        if isinstance(e, ast.Constant) and isinstance(e.value, str):
            return e.value
        if isinstance(e, (ast.Name, ast.BinOp, ast.JoinedStr)):
            # the key's question goes on at the asker's depth, not at 0: a cycle of names
            # (``for k in d: d[k] = f(d[k])``) ends at MAX_DEPTH as "unknown" for the key
            # alone, not at Python's recursion limit, which cut every question around it
            try:
                ev = self._ev(e, scope, {}, depth + 1)
            except (Budget, RecursionError) as x:
                self._cut(x, e)
                ev = UNKNOWN
            if ev.const and isinstance(ev.value, str):
                return ev.value
        return None

    # ---- evidence -------------------------------------------------------
    def evidence(self, e, scope: Scope, env: dict | None = None, index=()) -> Provenance:
        try:
            return self._ev(e, scope, env or {}, 0, index)
        except (Budget, RecursionError) as x:
            self._cut(x, e)
            return UNKNOWN

    def _ev(self, e, scope, env, depth, index=()) -> Provenance:
        self._tick()
        if depth > self.MAX_DEPTH or e is None:
            return UNKNOWN
        t = type(e)
        if t is ast.Constant:
            v = e.value
            if isinstance(v, str):
                return const(v)
            if isinstance(v, bytes):
                return const(v.decode("latin-1"))
            return const(None)
        if t is ast.Lambda:
            # a function object, not text: ``ctx.run(lambda: True)`` hands a runner a callable
            # (failprint/duty run it in-process); no value of the program reaches a command
            return const(None)
        if t is ast.JoinedStr:
            pieces: list[str | Provenance] = []
            for v in e.values:
                if isinstance(v, ast.Constant):
                    pieces.append(v.value if isinstance(v.value, str) else "")
                elif isinstance(v, ast.FormattedValue):
                    # ``{pid:d}``: digits (plainvalues.py)
                    pieces.append(const(None) if numeric_fstring(v) else self._piece(v.value, scope, env, depth))
            return combine_pieces(pieces, "f-string")
        if t is ast.BinOp:
            if isinstance(e.op, ast.Add):
                items = self._flat.get(e)  # a budget-bound file asks the same few sums again and again
                if items is None:
                    items = self._flat[e] = _flatten_add(e)
                ps = self._ps_quote(e, scope, env, depth, items)
                if ps is not None:
                    return ps
                return combine_pieces([self._piece(x, scope, env, depth) for x in items], "concatenation")
            if isinstance(e.op, ast.Mod):
                return self._percent(e, scope, env, depth)
            if isinstance(e.op, ast.Mult):
                return union([self._ev(e.left, scope, env, depth + 1), self._ev(e.right, scope, env, depth + 1)])
            if isinstance(e.op, ast.Div) and any(
                isinstance(x, ast.Constant) and isinstance(x.value, str) for x in (e.left, e.right)
            ):
                # ``path / "ansible"``: a pathlib join (no number is divided by text), its
                # text is both sides' (the program a parameter's directory names)
                return union([self._ev(e.left, scope, env, depth + 1), self._ev(e.right, scope, env, depth + 1)])
            return const(None)
        if t is ast.Call:
            return self._call_ev(e, scope, env, depth, index)
        if t is ast.Name:
            return self._name_ev(e, scope, env, depth, index)
        if t is ast.Attribute:
            for v in self._values(e, scope, depth + 1):
                if v.kind == "name" and v.name in INPUT_NAMES:
                    return Provenance(False, None, frozenset({(0, "", INPUT_NAMES[v.name], RAW)}))
            base = e.value
            if e.attr in INT_ATTRS and not (isinstance(base, ast.Name) and base.id in ("self", "cls")):
                return const(None)  # a process's pid / returncode: an integer
            if (
                e.attr in _UUID_TEXT_ATTRS
                and isinstance(base, ast.Call)
                and any(v.kind == "name" and v.name in _UUID_FUNCS for v in self._values(base.func, scope, depth + 1))
            ):
                return const(None)  # ``uuid.uuid4().hex``: hex digits (plainvalues.py)
            if e.attr == "name" and self._temp_object(base, scope, env, depth):
                return const(None)  # ``tmp.name`` of ``with NamedTemporaryFile() as tmp`` (TEMP_OBJECTS)
            if isinstance(base, ast.Name) and base.id not in ("self", "cls") and e.attr in self._plain_dests():
                return const(None)  # ``args.port`` of ``add_argument("--port", type=int)`` (plainvalues.py)
            if isinstance(base, ast.Name) and base.id in ("self", "cls"):
                from .configtraits import config_trait

                trait = config_trait(self.m, e, scope)  # a traitlets setting: configuration (configtraits.py)
                if trait is None and e.attr in DIRECTIVE_ATTRS:
                    from .directives import directive_input

                    trait = directive_input(self, self.m, e, scope)  # a document's text (directives.py)
                if trait is not None:
                    return Provenance(False, None, frozenset({(0, "", trait, RAW)}))
                meths = self._values(e, scope, depth + 1)
                if meths and all(v.kind == "func" and _plain_method(v.data) for v in meths):
                    # a bound method (``cmd=self.next_location``): a callable, not text; a
                    # property (``self.sh``) is what its getter returns
                    return const(None)
                cls = method_class(scope)
                if cls is not None and isinstance(cls.node, ast.ClassDef) and numeric_field(cls.node, e.attr):
                    return const(None)  # ``port: int`` in the class body (plainvalues.py)
                return self._class_constant(e.attr, scope, depth)
            member = base if e.attr in ("value", "name") and isinstance(base, ast.Attribute) else e
            if _CLASS_CONSTANT.match(member.attr) and isinstance(member.value, (ast.Name, ast.Attribute)):
                mb = member.value
                if _class_constant(self.m, mb, member.attr, scope, self._values(mb, scope, depth + 1)):
                    # ``HookEvent.BEFORE_COMPACTION``, ``Status.OK.value``: an upper-case attribute
                    # of a class (an enum member, a class constant), not text from outside
                    return const(None)
            b = self._ev(base, scope, env, depth + 1)
            if b.params:
                return Provenance(False, None, b.params, b.unknown, b.ops, b.qcalls, b.dq, b.qunknown)
            return UNKNOWN
        if t is ast.Subscript:
            if index:
                return self._ev(e.value, scope, env, depth + 1)
            b = self._ev(e.value, scope, env, depth + 1)
            if b.const:
                return const(None)
            return b
        if t in (ast.IfExp,):
            return union([self._ev(e.body, scope, env, depth + 1), self._ev(e.orelse, scope, env, depth + 1)])
        if t is ast.BoolOp:
            evs = [self._ev(v, scope, env, depth + 1) for v in e.values]
            # `shutil.which("sh") or "/bin/sh"`: every alternative names the same program;
            # `which("bash") or "/bin/sh"`, `which("zsh") or which("bash")`: every one a POSIX
            # shell whose -c takes code (the program table's "shell" family): the last stands
            # for them all in an argv's head
            if (
                len(evs) > 1
                and all(x.const and isinstance(x.value, str) and x.value for x in evs)
                and (
                    len({x.value.replace("\\", "/").rsplit("/", 1)[-1] for x in evs}) == 1
                    or all(_posix_shell(x.value) for x in evs)
                )
            ):
                return evs[-1]
            return union(evs)
        if t in (ast.List, ast.Tuple, ast.Set):
            if index and t is ast.Tuple and index[0] < len(e.elts):
                return self._ev(e.elts[index[0]], scope, env, depth + 1, index[1:])
            if not e.elts:
                return const("")
            return union([self._ev(x, scope, env, depth + 1) for x in e.elts])
        if t is ast.Dict:
            vals = [self._ev(x, scope, env, depth + 1) for x in e.values]
            return union(vals) if vals else const(None)
        if t is ast.Starred:
            return self._ev(e.value, scope, env, depth + 1)
        if t is ast.Await:
            return self._ev(e.value, scope, env, depth + 1, index)
        if t is ast.NamedExpr:
            return self._ev(e.value, scope, env, depth + 1, index)
        if t in (ast.ListComp, ast.GeneratorExp, ast.SetComp):
            cs = self.m.node_scope(e) or scope
            return self._ev(e.elt, cs, env, depth + 1)
        if t in (ast.Compare, ast.UnaryOp):
            return const(None)
        return UNKNOWN

    def _class_constant(self, attr: str, scope, depth) -> Provenance:
        """``self.docker_cmd`` where every value the attribute gets in the module is
        a constant: the class body's ``docker_cmd = "docker"`` and any ``self.docker_cmd
        = SCP_COMMAND`` in its methods (a subclass here overriding it with another
        constant stays constant), and no other object's ``x.docker_cmd = ...``.
        Anything else is not known statically."""
        cls = method_class(scope)
        if cls is None:
            return UNKNOWN
        stores = self.stored_attrs_of().get(attr, [])
        if None in stores:
            return UNKNOWN  # stored on another object, unpacked, or augmented
        values = [(b.value, cls) for b in cls.bindings.get(attr, ())]
        if any(b.kind != "assign" or b.index for b in cls.bindings.get(attr, ())):
            return UNKNOWN
        values += stores
        if not values or not all(isinstance(v, (ast.Constant, ast.Name, ast.Attribute)) for v, _sc in values):
            return UNKNOWN  # only a literal or a named constant can be one (no call evaluated: CPU)
        key = (id(cls), attr)
        hit = self._cconst.get(key)
        if hit is not None:
            return hit
        self._cconst[key] = UNKNOWN  # a cycle (self.a = self.b, self.b = self.a) is not known
        evs = [self._ev(v, sc, {}, depth + 1) for v, sc in values]
        if all(x.const and isinstance(x.value, (str, bytes)) and x.value for x in evs):  # "" and None: placeholders
            self._cconst[key] = union(evs) if len(evs) > 1 else evs[0]
        return self._cconst[key]

    def stored_attrs_of(self) -> dict:
        """Attribute name -> the values the module stores into it through ``self.name =
        value`` / ``cls.name = value`` (with the function scope they are read in), or
        ``None`` in the list for any other store (another object, unpacking, ``+=``)."""
        got = self.m.stored_attrs  # a function of the model: kept on it for every evaluator of it
        if got is None:
            got = {}
            todo: list = [(self.m.module.node, self.m.module)]
            node_scope = self.m.node_scope
            AST, Attribute, Load = ast.AST, ast.Attribute, ast.Load
            while todo:
                node, sc = todo.pop()
                # ``children(node)`` inline; a child without children of its own that
                # can hold a store (a name, a constant, a context, an operator) is not
                # visited (issue 25: a third of this walk's nodes, the same stores)
                for name in node._fields:
                    v = getattr(node, name, None)
                    kids: Any  # nodes of any type, told apart by type() below
                    if isinstance(v, AST):
                        kids = (v,)
                    elif isinstance(v, list):
                        kids = v
                    else:
                        continue
                    for n in kids:
                        t = type(n)
                        if t in _NO_STORES or not issubclass(t, AST):
                            continue
                        if t in _FUNCTION_NODES:
                            todo.append((n, node_scope(n) or sc))
                            continue
                        if (t is ast.Assign or t is ast.AnnAssign) and n.value is not None:
                            for tg in n.targets if t is ast.Assign else [n.target]:
                                if (
                                    type(tg) is Attribute
                                    and type(tg.value) is ast.Name
                                    and tg.value.id in ("self", "cls")
                                ):
                                    got.setdefault(tg.attr, []).append((n.value, sc))
                                    continue
                                for x in walk(tg):
                                    if type(x) is Attribute and not isinstance(x.ctx, Load):
                                        got.setdefault(x.attr, []).append(None)
                            todo.append((n.value, sc))
                            continue
                        if t is Attribute and not isinstance(n.ctx, Load):
                            got.setdefault(n.attr, []).append(None)
                        todo.append((n, sc))
            self.m.stored_attrs = got
        return got

    def _temp_args_const(self, call: ast.Call, name: str, scope, env, depth) -> bool:
        """The ``suffix``/``prefix``/``dir`` a tempfile call is given (by keyword, or among the
        first three positional arguments of the functions that take them first) are constants."""
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return False
        parts = [k.value for k in call.keywords if k.arg in _TEMP_NAME_ARGS]
        if name in TEMP_NAME_FUNCS or name in TEMP_NAMED:
            parts += call.args[:3]
        return all(self._ev(a, scope, env, depth + 1).const for a in parts)

    def _temp_object(self, e, scope, env, depth) -> bool:
        """``e`` is a tempfile object (:data:`TEMP_OBJECTS`) of constant name parts: the call,
        or a local name every binding of which (``tmp = ...``, ``with ... as tmp``) is one."""
        calls = []
        if isinstance(e, ast.Call):
            calls.append((e, scope))
        elif isinstance(e, ast.Name):
            _s, bl = lookup(self.m, scope, e.id, (e.lineno, e.col_offset))
            for b in bl:
                if b.kind not in ("assign", "with") or b.index or not isinstance(b.value, ast.Call):
                    return False
                calls.append((b.value, b.scope))
        if not calls:
            return False
        for c, sc in calls:
            names = [v.name for v in self._values(c.func, sc, depth + 1) if v.kind == "name"]
            if not names or not all(n in TEMP_OBJECTS for n in names):
                return False
            if not self._temp_args_const(c, names[0], sc, env, depth):
                return False
        return True

    def _name_ev(self, e, scope, env, depth, index) -> Provenance:
        s, bl = lookup(self.m, scope, e.id, (e.lineno, e.col_offset))
        if s is None:
            return UNKNOWN
        evs = []
        for b in bl:
            evs.append(self._binding_ev(b, env, depth, index))
        muts = s.mutations.get(e.id)
        if muts and not index:
            at = (e.lineno, e.col_offset)
            for kind, payload, node in muts:
                if s is scope and _later_outside_loops(self.loop_spans, s, node, at):
                    continue  # ``sql += x`` after the use, no loop around both: it cannot reach it
                if kind in ("append", "insert", "extend", "update", "setdefault"):
                    args = payload.args
                    if kind == "insert":
                        args = args[1:]
                    evs.extend(self._ev(a, s, env, depth + 1) for a in args)
                elif kind == "setitem":
                    val = payload[1]
                    if val is not None:
                        evs.append(self._ev(val, s, env, depth + 1))
                elif kind == "aug":
                    evs.append(self._ev(payload, s, env, depth + 1))
        return union(evs)

    def _binding_ev(self, b: Binding, env, depth, index) -> Provenance:
        k = b.kind
        if k == "param":
            key = (b.scope.id, b.name)
            if key in env:
                return env[key]
            fs = b.scope
            if fs.params and fs.params[0] == b.name and fs.cls is not None and not _is_static(fs):
                return UNKNOWN
            if b.extra is not None and b.extra[0] in ("pos", "kwonly") and numeric_annotation(b.node.annotation):
                return const(None)  # ``port: int`` (plainvalues.py)
            return Provenance(False, None, frozenset({(fs.id, fs.qualname, b.name, RAW)}))
        if k in ("assign", "with"):
            idx = b.index + tuple(index)
            if b.index:
                el = _pick(b.value, b.index)
                if el is not None:
                    return self._ev(el, b.scope, env, depth + 1, tuple(index))
            return self._ev(b.value, b.scope, env, depth + 1, idx)
        if k == "aug":
            return (
                union([self._ev(b.value, b.scope, env, depth + 1)], "concatenation")
                if isinstance(b.extra, ast.Add)
                else self._ev(b.value, b.scope, env, depth + 1)
            )
        if k == "for":
            if not b.index and self._range_call(b.value, b.scope):
                return const(None)  # ``for channel in range(1, 12)``: an int, digits only (plainvalues.py)
            return self._ev(b.value, b.scope, env, depth + 1)
        if k == "import" and isinstance(b.value, str) and b.value in INPUT_NAMES and not index:
            # ``from sys import argv``: the command line, as ``sys.argv`` (issue 25, pyA22)
            return Provenance(False, None, frozenset({(0, "", INPUT_NAMES[b.value], RAW)}))
        if k == "import" and self.tree_function is not None and self.tree_function(b.value) == "def":
            return const(None)  # a function of another module of the tree: a callable, not text
        if k in ("def", "class"):
            # a function or class object, not text (``register(cmd=on_click)``): like a lambda
            # it carries no value of the program into a command (bumblebee-status's handlers)
            return const(None)
        return UNKNOWN

    def _range_call(self, e, scope) -> bool:
        """``e`` is a call of the builtin ``range``: its items are ints (Python library
        reference, "Ranges": "The range type represents an immutable sequence of numbers";
        the arguments "must be integers")."""
        if not (isinstance(e, ast.Call) and isinstance(e.func, ast.Name) and e.func.id == "range"):
            return False
        return all(v.kind == "name" and v.name in ("range", "builtins.range") for v in self.values(e.func, scope))

    def _piece(self, e, scope, env, depth):
        """A piece of a string being built: its evidence, or :class:`.handquote.Escaped`
        when ``e`` escapes the value for one kind of quotes."""
        kind = escape_kind(e)
        if kind is None and isinstance(e, ast.Name):
            # ``esc = path.replace(...)...`` once, then ``'ls "%s"' % esc``: every binding the
            # name may have here is an escape of the same kind
            _s, bl = lookup(self.m, scope, e.id, (e.lineno, e.col_offset))
            kinds = {escape_kind(b.value) if b.kind == "assign" and not b.index else None for b in bl or ()}
            kind = kinds.pop() if len(kinds) == 1 else None
        if kind is None:
            return self._ev(e, scope, env, depth + 1)
        return Escaped(kind, self._ev(e, scope, env, depth + 1), self.span(e))

    def _ps_quote(self, e, scope, env, depth, items: list) -> Provenance | None:
        """``"'" + x.replace("'", "''") + "'"``: PowerShell single-quote escaping; and the
        POSIX shell's (``x.replace("'", "'\\''")``, git's ``sq_quote``, what ``shlex.quote``
        does: inside single quotes nothing is special but the quote, closed, escaped and
        reopened), in ``str`` or ``bytes``.  ``items``: :func:`_flatten_add` of ``e``."""
        if (
            len(items) == 3
            and _is_quote_const(items[0], "'")
            and _is_quote_const(items[2], "'")
            and isinstance(items[1], ast.Call)
            and isinstance(items[1].func, ast.Attribute)
            and items[1].func.attr == "replace"
            and len(items[1].args) == 2
            and _is_quote_const(items[1].args[0], "'")
            and any(_is_quote_const(items[1].args[1], r) for r in _SQ_ESCAPES)
        ):
            inner = self._ev(items[1].func.value, scope, env, depth + 1)
            return quoted(inner, self.span(e))
        return None

    def _percent(self, e, scope, env, depth) -> Provenance:
        left = self._ev(e.left, scope, env, depth + 1)
        r = e.right
        args = r.elts if isinstance(r, ast.Tuple) else [r]
        if not (left.const and isinstance(left.value, str)):
            return union([left] + [self._ev(a, scope, env, depth + 1) for a in args], "%")
        fmt = left.value
        pieces: list[str | Provenance] = []
        i, ai, last = 0, 0, 0
        n = len(fmt)
        while i < n:
            if fmt[i] == "%":
                if i + 1 < n and fmt[i + 1] == "%":
                    pieces.append(fmt[last:i] + "%")
                    i += 2
                    last = i
                    continue
                j = i + 1
                if j < n and fmt[j] == "(":
                    close = fmt.find(")", j)
                    j = close + 1 if close != -1 else n
                while j < n and fmt[j] in "#0- +*.0123456789hlL":
                    j += 1
                conv = fmt[j] if j < n else "s"
                pieces.append(fmt[last:i])
                if isinstance(r, ast.Dict):
                    pieces.append(self._ev(r, scope, env, depth + 1))
                elif _dict_call(r):  # "%(url)s" % dict(url=url): the mapping's values
                    pieces.append(union([self._ev(k.value, scope, env, depth + 1) for k in r.keywords]))
                elif conv in "diouxXeEfFgGc":
                    pieces.append(const(None))
                    ai += 1
                else:
                    pieces.append(
                        self._piece(args[ai], scope, env, depth)
                        if ai < len(args)
                        else self._ev(r, scope, env, depth + 1)
                    )
                    ai += 1
                i = j + 1
                last = i
                continue
            i += 1
        pieces.append(fmt[last:])
        return combine_pieces(
            [p if not (isinstance(p, Provenance) and p.const and p.value is None) else "" for p in pieces], "%"
        )

    def _format(self, e: ast.Call, fmt: str, scope, env, depth, skip: int = 0) -> Provenance:
        """``fmt.format(*e.args)``; ``skip``: the format string is ``e.args[0]`` and every
        argument is quoted (``sarge.shell_format(fmt, *args)``)."""
        import string

        if skip:
            e = ast.Call(func=e.func, args=e.args[skip:], keywords=e.keywords)
        pieces: list[str | Provenance] = []
        auto = 0
        try:
            parsed = list(string.Formatter().parse(fmt))
        except ValueError:
            return union([self._ev(a, scope, env, depth + 1) for a in e.args], ".format")
        kw = {k.arg: k.value for k in e.keywords if k.arg}
        for lit, field, spec, conv in parsed:
            pieces.append(lit)
            if field is None:
                continue
            if conv is None and numeric_spec(spec):
                pieces.append(const(None))  # ``{:d}``: digits (plainvalues.py)
                if field.split(".", 1)[0].split("[", 1)[0] == "":
                    auto += 1
                continue
            head = field.split(".", 1)[0].split("[", 1)[0]
            if head == "":
                arg = e.args[auto] if auto < len(e.args) else None
                auto += 1
            elif head.isdigit():
                i = int(head)
                arg = e.args[i] if i < len(e.args) else None
            else:
                arg = kw.get(head)
            if arg is None:
                pieces.append(UNKNOWN)
            elif skip:
                pieces.append(quoted(self._ev(arg, scope, env, depth + 1), self.span(arg)))
            else:
                pieces.append(self._piece(arg, scope, env, depth))
        return combine_pieces(pieces, ".format")

    def _call_ev(self, e: ast.Call, scope, env, depth, index) -> Provenance:
        f = e.func
        if isinstance(f, ast.Attribute):
            attr = f.attr
            if attr in PARSE_ARGS_METHODS:
                return Provenance(False, None, frozenset({(0, "", f"{attr}()", RAW)}))
            if attr == "format":
                base = self._ev(f.value, scope, env, depth + 1)
                if base.const and isinstance(base.value, str):
                    return self._format(e, base.value, scope, env, depth)
                if base.const and (choices := const_string_choices(self, f.value, scope, env, depth + 1)):
                    # ``template = PYPY_TEMPLATE if pypy else TEMPLATE`` (or one per branch):
                    # each constant template filled with the fields (pyA19)
                    return union([self._format(e, c, scope, env, depth) for c in choices], ".format")
                if base.params and not base.const:
                    # ``template.format(quote(path))`` with a template a caller gives
                    # (a configured hook command): the template's text is the result's
                    # text, so it flows on as it is, the fields as what they are
                    fields = [self._ev(a, scope, env, depth + 1) for a in e.args]
                    fields += [self._ev(k.value, scope, env, depth + 1) for k in e.keywords]
                    return union([base, *fields], ".format")
            if (
                attr == "join"
                and e.args
                and not (
                    isinstance(f.value, ast.Name)  # shlex.join(args) quotes each item: not str.join
                    and any(v.kind == "name" and v.name in QUOTE_JOIN_FUNCS for v in self._values(f, scope, depth + 1))
                )
                and not (
                    # ``os.path.join(base, name)`` (also ``posixpath``/``ntpath``, ``from os import
                    # path``): a path joined from all its arguments, not ``str.join`` on a module
                    isinstance(f.value, (ast.Attribute, ast.Name))
                    and (f.value.attr if isinstance(f.value, ast.Attribute) else f.value.id) in _PATH_MODULES
                    and any(v.kind == "name" and v.name in _PATH_JOINS for v in self._values(f, scope, depth + 1))
                )
            ):
                base = self._ev(f.value, scope, env, depth + 1)
                items = self._ev(e.args[0], scope, env, depth + 1)
                if not base.const:
                    return union([base, items], "join")
                if items.const:
                    return const(None)
                return union([items], "join")
        vals = self._values(f, scope, depth + 1)
        if any(v.kind == "name" and v.name in QUOTE_FUNCS for v in vals):
            # ``try: q = shlex.quote`` / ``except: def q(s): ...``: a fallback written
            # for the same name is a backport of the quoting function, not another value
            vals = [v for v in vals if v.kind != "func"]
        out = []
        handled = False
        for v in vals:
            if v.kind == "name":
                n = v.name
                if n == "builtins.compile" and e.args:
                    out.append(self._ev(e.args[0], scope, env, depth + 1))  # the source, not filename/mode
                    handled = True
                elif n in QUOTE_FUNCS and e.args:
                    out.append(quoted(self._ev(e.args[0], scope, env, depth + 1), self.span(e)))
                    handled = True
                elif n in QUOTE_FORMAT_FUNCS and e.args:
                    fmt = self._ev(e.args[0], scope, env, depth + 1)
                    if fmt.const and isinstance(fmt.value, str):
                        out.append(self._format(e, fmt.value, scope, env, depth, skip=1))
                    else:
                        out.append(union([fmt, UNKNOWN]))
                    handled = True
                elif n in QUOTE_JOIN_FUNCS and e.args:
                    out.append(quoted(self._ev(e.args[0], scope, env, depth + 1), self.span(e)))
                    handled = True
                elif n in SAFE_FUNCS:
                    out.append(const(None))
                    handled = True
                elif (n in TEMP_NAME_FUNCS or n in TEMP_NAMED) and self._temp_args_const(e, n, scope, env, depth):
                    out.append(const(None))  # a temporary name the program made (TEMP_NAME_FUNCS)
                    handled = True
                elif n == "builtins.map" and len(e.args) == 2:
                    # ``map(F, words)``: each item is ``F(word)``, so a quoting function, or a
                    # helper whose every return quotes its argument or is a constant, is a
                    # sanitiser of every word (``" ".join(map(self._quote, cmd))``)
                    out.append(self._mapped(e, scope, env, depth, index))
                    handled = True
                elif n in PASSTHROUGH_FUNCS:
                    out.append(union([self._ev(a, scope, env, depth + 1) for a in e.args]) if e.args else const(""))
                    handled = True
                elif n in CODE_CELL_MAKERS and (src := _code_cell_source(e)) is not None:
                    out.append(self._ev(src, scope, env, depth + 1))  # the cell is its code (coderun.py)
                    handled = True
                elif n in INPUT_NAMES:
                    out.append(Provenance(False, None, frozenset({(0, "", INPUT_NAMES[n], RAW)})))
                    handled = True
                elif n == "shutil.which" and e.args:
                    # the path of a program: as good as its name (`[which("bash"), "-c", x]`)
                    out.append(self._ev(e.args[0], scope, env, depth + 1))
                    handled = True
                elif n == "builtins.dict":
                    # ``dict(description=text, ...)``: a mapping of what it is given, like a
                    # ``{...}`` display (its keys are names)
                    parts = [self._ev(a, scope, env, depth + 1) for a in e.args]
                    parts += [self._ev(k.value, scope, env, depth + 1) for k in e.keywords]
                    out.append(union(parts) if parts else const(None))
                    handled = True
                elif n in PROCESS_OUTPUT_FUNCS:
                    out.append(UNKNOWN)  # a program's output: not the arguments' text
                    handled = True
                elif n in ("re.sub", "re.subn") and len(e.args) >= 3:
                    out.append(self._resub(e.args[1], e.args[2], scope, env, depth))
                    handled = True
                elif e.args and self.tree_quoter is not None and self.tree_quoter(n):
                    # a quoting helper of another module of the tree (``shell_quote(x)``)
                    out.append(quoted(self._ev(e.args[0], scope, env, depth + 1), self.span(e)))
                    handled = True
                elif self.tree_plain is not None and self.tree_plain(n):
                    # a helper of another module of the tree making the program's own text
                    # (``checkpoint_tag(n)`` returning ``f"ckpt-{n:05d}"``, a constant path)
                    out.append(const(None))
                    handled = True
            elif v.kind == "func":
                out.append(self._summary(v.data, e, scope, env, depth, index, bound_self="self" in v.via))
                handled = True
        if handled:
            return union(out)
        if isinstance(f, ast.Attribute):
            if f.attr in PLAIN_TEXT_METHODS and not e.args and not e.keywords:
                return const(None)  # ``hashlib.sha256(x).hexdigest()``, ``data.hex()`` (plainvalues.py)
            if f.attr == "sub" and len(e.args) >= 2:
                return self._resub(e.args[0], e.args[1], scope, env, depth)
            if f.attr in PASSTHROUGH_METHODS:
                recv = self._ev(f.value, scope, env, depth + 1)
                if f.attr in ("get", "pop") and len(e.args) >= 2:
                    # ``mapping.get(key, default)``: the mapping's value, or the default
                    return union([recv, self._ev(e.args[1], scope, env, depth + 1)])
                extra = [self._ev(a, scope, env, depth + 1) for a in e.args] if f.attr == "replace" else []
                return union([recv] + extra[1:])
        # an unknown call: its result is unknown, but data it was given flows on
        args = [self._ev(a, scope, env, depth + 1) for a in e.args]
        args += [self._ev(k.value, scope, env, depth + 1) for k in e.keywords]
        if all(a.const for a in args) and self._tree_class(f, scope, vals):
            # an instance of a class of the linted tree made of constants (``Command(identity=
            # "podman", command="podman --version")``) holds constants; one given a value
            # stays "not known statically" with the value's parameters (derived), as before
            return const(None)
        if isinstance(f, ast.Attribute) and not (isinstance(f.value, ast.Name) and f.value.id in ("self", "cls")):
            args.append(self._ev(f.value, scope, env, depth + 1))
        params = frozenset((a, b, c, DERIVED if m in (RAW, QUOTED) else m) for ev in args for a, b, c, m in ev.params)
        return Provenance(False, None, params, True)

    def _plain_dests(self) -> frozenset:
        """The argparse destinations of this module whose values are plain (plainvalues.py)."""
        got = self.__dict__.get("_plain_dests_cache")
        if got is None:
            text = self.m.text
            got = argparse_plain_dests(self.m.tree) if "add_argument" in text else frozenset()
            self.__dict__["_plain_dests_cache"] = got
        return got

    def _tree_class(self, f, scope, vals) -> bool:
        """Is the callee a class of the linted tree: a class of this module (every binding of
        the name a ``class`` statement) or one a from-import names in another module of the
        tree (:attr:`tree_function` says ``"class"``)?"""
        if isinstance(f, ast.Name):
            _s, bl = lookup(self.m, scope, f.id, (f.lineno, f.col_offset))
            if bl and all(b.kind == "class" for b in bl):
                return True
        hook = self.tree_function
        return hook is not None and bool(vals) and all(v.kind == "name" and hook(v.name) == "class" for v in vals)

    def _mapped(self, e: ast.Call, scope, env, depth, index) -> Provenance:
        """``map(F, words)``: the items are what ``F(word)`` returns for each word, when
        ``F`` is known (a quoting function or a function of the module/class); otherwise
        the words and ``F`` flow on as they are (the data is passed through)."""
        fn, words = e.args
        fvals = [v for v in self._values(fn, scope, depth + 1) if v.kind in ("name", "func")]
        if fvals and all(v.kind == "func" or v.name in QUOTE_FUNCS for v in fvals):
            one = ast.copy_location(ast.Call(func=fn, args=[words], keywords=[]), e)
            return self._call_ev(one, scope, env, depth + 1, index)
        return union([self._ev(fn, scope, env, depth + 1), self._ev(words, scope, env, depth + 1)])

    def _resub(self, repl, string, scope, env, depth) -> Provenance:
        s = self._ev(string, scope, env, depth + 1)
        r = None
        for v in self._values(repl, scope, depth + 1):
            if v.kind == "func":
                r = self._summary(v.data, None, scope, env, depth, (), bound_self="self" in v.via)
                break
        if r is None:
            r = self._ev(repl, scope, env, depth + 1)
        if not (s.const and s.value is not None):
            r = to_template(r)
        return union([s, r], "re.sub")

    def _summary(self, fs: Scope, call: ast.Call | None, scope, env, depth, index, bound_self=False) -> Provenance:
        """Evidence of what ``fs`` returns for this call (arguments bound)."""
        if fs in self.active or len(self.active) >= self.MAX_SUMMARY_DEPTH or not fs.returns:
            return UNKNOWN
        env2 = self._bind(fs, call, scope, env, depth, bound_self)
        rets = self._posix_rets.get(id(fs))
        if rets is None:
            rets = self._posix_rets[id(fs)] = posix_returns(fs.node, fs.returns)
        self.active.append(fs)
        try:
            return union([self._ev(r, fs, env2, depth + 1, index) for r in rets])
        finally:
            self.active.pop()

    def _bind(self, fs: Scope, call: ast.Call | None, scope, env, depth, bound_self=False) -> dict:
        """The environment of ``fs``'s parameters for this call (defaults where not given)."""
        env2 = dict(env)
        params = list(fs.params)
        if (bound_self or fs.cls is not None) and params and not _is_static(fs):
            params = params[1:]
        if call is not None:
            for i, a in enumerate(call.args):
                if isinstance(a, ast.Starred):
                    if i >= len(params) and fs.vararg and i == len(call.args) - 1:
                        # ``self.quote(command, *args)``: the caller's items fill the
                        # callee's ``*args`` (it is their tuple)
                        env2[(fs.id, fs.vararg)] = self._ev(a.value, scope, env, depth + 1)
                    break
                if i < len(params):
                    env2[(fs.id, params[i])] = self._ev(a, scope, env, depth + 1)
            for k in call.keywords:
                if k.arg:
                    env2[(fs.id, k.arg)] = self._ev(k.value, scope, env, depth + 1)
        for p in fs.params:
            if (fs.id, p) not in env2:
                b = next((x for x in fs.bindings.get(p, ()) if x.kind == "param"), None)
                if call is None:
                    env2[(fs.id, p)] = UNKNOWN
                elif b is not None and b.value is not None:
                    env2[(fs.id, p)] = self._ev(b.value, fs.parent or scope, env, depth + 1)
        return env2

    def _returned_argv(self, fs: Scope, call: ast.Call, scope, env, depth, bound_self=False):
        """Argv alternatives of what ``fs`` returns for this call (arguments bound)."""
        if fs in self.active or len(self.active) >= self.MAX_SUMMARY_DEPTH:
            return None
        env2 = self._bind(fs, call, scope, env, depth, bound_self)
        self.active.append(fs)
        try:
            alts: list = []
            for r in fs.returns:
                alts.extend(self._argv(r, fs, env2, depth + 1) or [[None]])
            return alts[:16] or None
        finally:
            self.active.pop()

    # ---- truthiness of shell= ---------------------------------------------
    def truth(self, e, scope, depth=0):
        """('yes' | 'no' | 'maybe', how, confidence)."""
        try:
            return self._truth(e, scope, depth)
        except (Budget, RecursionError) as x:
            self._cut(x, e)
            return ("maybe", "shell= is not known statically", "low")

    def _truth(self, e, scope, depth):
        self._tick()
        if depth > 8:
            return ("maybe", "shell= is not known statically", "low")
        if isinstance(e, ast.Constant):
            return ("yes" if e.value else "no", f"shell={e.value!r}", "high")
        if isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.Not):
            r = self._truth(e.operand, scope, depth + 1)
            if r[0] == "yes":
                return ("no", r[1], r[2])
            if r[0] == "no":
                return ("yes", "shell=not " + r[1], r[2])
            return r
        if isinstance(e, ast.Name):
            s, bl = lookup(self.m, scope, e.id, (e.lineno, e.col_offset))
            if s is None:
                return ("maybe", f"shell={e.id}", "medium")
            res = []
            for b in bl:
                if b.kind == "param":
                    fs = b.scope
                    if b.extra and b.extra[0] == "kwarg":
                        res.append(("maybe", f"**{b.name} pass-through of {fs.name}()", "low"))
                    elif b.value is None:
                        res.append(("maybe", f"shell comes from parameter '{b.name}' of {fs.name}()", "low"))
                    else:
                        r = self._truth(b.value, fs.parent or scope, depth + 1)
                        if r[0] == "yes":
                            res.append(
                                (
                                    "yes",
                                    f"default shell={_src(self.m, b.value)} of parameter '{b.name}' "
                                    f"of wrapper {fs.name}()",
                                    "high",
                                )
                            )
                        else:
                            res.append(("no", r[1], r[2]))
                elif b.kind in ("assign", "with") and not b.index:
                    r = self._truth(b.value, b.scope, depth + 1)
                    res.append((r[0], f"shell={e.id} where {e.id} = {_src(self.m, b.value)}", r[2]))
                else:
                    res.append(("maybe", f"shell={e.id}", "medium"))
            return _merge_truth(res)
        if (
            type(e) is ast.Attribute
            and type(e.value) is ast.Name
            and e.value.id in ("self", "cls")
            and (values := self_attr_values(self, e.attr, scope)) is not None
            and all(type(v) is ast.Constant for v, _sc in values)
        ):
            # ``shell=self.use_shell`` where every value the attribute gets in the module is
            # a literal (``use_shell = False`` in the class body, never set True): that answer;
            # ``self.use_shell = use_shell`` is the caller's value, not the parameter's default
            res = [self._truth(v, sc, depth + 1) for v, sc in values]
            if len({r[0] for r in res}) == 1:  # True here, False there: chosen at run time
                r = res[0]
                return (r[0], f"shell={_src(self.m, e)} where the class gives {r[1]}", r[2])
        if isinstance(e, (ast.Compare, ast.BoolOp, ast.Call, ast.Attribute, ast.Subscript, ast.IfExp)):
            if isinstance(e, ast.IfExp):
                return _merge_truth([self._truth(e.body, scope, depth + 1), self._truth(e.orelse, scope, depth + 1)])
            return ("maybe", f"shell={_src(self.m, e)} (true on some runs)", "medium")
        return ("maybe", f"shell={_src(self.m, e)}", "medium")

    def dict_entry(self, e, key: str, scope, depth=0):
        """The value expression(s) for ``key`` in the dict ``e`` evaluates to:
        [(expr, scope, how)] or None when unknown; ('kwargs', name, fscope)
        for a ``**kwargs`` parameter."""
        if depth > 6:
            return None
        if isinstance(e, ast.Dict):
            out = []
            for k, v in zip(e.keys, e.values):
                if k is None:
                    sub = self.dict_entry(v, key, scope, depth + 1)
                    if sub:
                        out.extend(sub)
                elif isinstance(k, ast.Constant) and k.value == key:
                    out.append((v, scope, "a **{...} splat"))
            return out
        if isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and not e.args and not e.keywords:
            if e.func.attr == "copy":  # ``self.defaults.copy()``: the same entries
                return self.dict_entry(e.func.value, key, scope, depth + 1)
            got = self._method_dict(e.func, key, scope, depth)  # ``self.popen_kwargs()``
            if got is not None:
                return got
        if isinstance(e, ast.Attribute):
            return self._method_dict(e, key, scope, depth)  # a ``@property`` returning a dict
        if isinstance(e, ast.Call):
            for fv in self.values(e.func, scope):
                if fv.kind == "name" and fv.name == "builtins.dict":
                    out = [(k.value, scope, "a **dict(...) splat") for k in e.keywords if k.arg == key]
                    for a in e.args:
                        sub = self.dict_entry(a, key, scope, depth + 1)
                        if sub:
                            out.extend(sub)
                    return out
            return None
        if isinstance(e, ast.Name):
            s, bl = lookup(self.m, scope, e.id, (e.lineno, e.col_offset))
            if s is None:
                return None
            out = []
            for b in bl:
                if b.kind == "param" and b.extra and b.extra[0] == "kwarg":
                    out.append(("kwargs", b.name, b.scope))
                elif b.kind == "assign" and not b.index:
                    sub = self.dict_entry(b.value, key, b.scope, depth + 1)
                    if sub:
                        out.extend(sub)
            for kind, payload, _n in s.mutations.get(e.id, ()):
                if kind == "setitem":
                    k, v = payload
                    if isinstance(k, ast.Constant) and k.value == key and v is not None:
                        out.append((v, s, f"{e.id}[{key!r}] = ..."))
                elif kind in ("update", "setdefault"):
                    call = payload
                    if (
                        kind == "setdefault"
                        and call.args
                        and isinstance(call.args[0], ast.Constant)
                        and call.args[0].value == key
                        and len(call.args) > 1
                    ):
                        out.append((call.args[1], s, f"{e.id}.setdefault({key!r}, ...)"))
                    for kw in call.keywords:
                        if kw.arg == key:
                            out.append((kw.value, s, f"{e.id}.update({key}=...)"))
                    for a in call.args if kind == "update" else ():
                        sub = self.dict_entry(a, key, s, depth + 1)
                        if sub:
                            out.extend(sub)
            return out
        return None

    def _method_dict(self, e: ast.Attribute, key: str, scope, depth):
        """``self.name`` (a property) or ``self.name()``: the entries for ``key`` of the dicts the
        method of the class returns (every return a dict literal or ``dict(...)``), else None."""
        if not (isinstance(e.value, ast.Name) and e.value.id == "self"):
            return None
        out: list = []
        for fv in self.values(e, scope):
            if fv.kind != "func" or not isinstance(fv.data, Scope) or not fv.data.returns:
                return None
            for r in fv.data.returns:
                sub = self.dict_entry(r, key, fv.data, depth + 1)
                if sub is None:
                    return None
                out.extend(sub)
        return out or None

    # ---- argv lists -------------------------------------------------------
    def split_argv(self, e, scope) -> list | None:
        """The argv a command line built with values becomes once split with shell-like
        syntax (:mod:`.splitwords`): ``[[words]]``, or None when ``e`` is no such template."""
        try:
            pieces = self._template_pieces(e, scope, {}, 0)
            words = split_words(pieces, _combine_word, _split_of, const, shlex_quote_state) if pieces else None
            if not words and type(e) is ast.Name:
                # ``command = _list(fs)`` then ``if ssh_command: command = ssh_command + " " +
                # command``: each assignment reaching the use is one command line it may be
                _s, bl = lookup(self.m, scope, e.id, (e.lineno, e.col_offset))
                alts = []
                if 1 < len(bl) <= 4 and all(b.kind == "assign" and not b.index for b in bl):
                    for b in bl:
                        p = self._template_pieces(b.value, b.scope, {}, 1)
                        w = split_words(p, _combine_word, _split_of, const, shlex_quote_state) if p else None
                        if w:
                            alts.append(w)
                return alts or None
        except (Budget, RecursionError) as x:
            self._cut(x, e)
            return None
        return [words] if words else None

    # ---- entry points for modules hooked into an evaluation in progress (selfargv.py):
    # no budget handling of their own, the evaluation that called the hook has it

    def self_stores(self, cls: Scope) -> dict:
        """:meth:`_self_stores`: the ``self.attr = ...`` stores of a class's methods."""
        return self._self_stores(cls)

    def returned_argv_within(self, fs: Scope, call, scope, env, depth, bound_self=False):
        """:meth:`_returned_argv` inside an evaluation in progress."""
        return self._returned_argv(fs, call, scope, env, depth, bound_self)

    def const_choices(self, e, scope, env, depth):
        """:meth:`_const_choices` inside an evaluation in progress (cprefix.py)."""
        return self._const_choices(e, scope, env, depth)

    def evidence_within(self, e, scope, env, depth) -> Provenance:
        """:meth:`_ev` inside an evaluation in progress (cprefix.py)."""
        return self._ev(e, scope, env, depth)

    def argv_within(self, e, scope, env, depth):
        """:meth:`_argv` inside an evaluation in progress."""
        return self._argv(e, scope, env, depth)

    def shlex_argv(self, arg, scope):
        """The argv alternatives of ``shlex.split(arg)``: a command string split into words
        (``shlex.split`` itself, or a library that splits a string command so: docker-py's
        ``split_command``); None when a constant does not split."""
        try:
            return self._split_argv(arg, scope, {}, 0)
        except (Budget, RecursionError) as x:
            self._cut(x, arg)
            return None

    def _split_argv(self, arg, scope, env, depth):
        ev = self._ev(arg, scope, env, depth + 1)
        if ev.const and isinstance(ev.value, str):
            try:
                return [[const(w) for w in shlex.split(ev.value)]]
            except ValueError:
                return None
        if ev.const and (choices := const_string_choices(self, arg, scope, env, depth + 1)):
            try:  # ``shlex.split(shell_prefix())``: each constant it may be (cprefix.py)
                return [[const(w) for w in shlex.split(c)] for c in choices]
            except ValueError:
                return None
        if type(arg) is ast.Name and (split_alts := self._split_choices(arg, scope, env, depth)):
            return split_alts
        pieces = self._template_pieces(arg, scope, env, depth + 1)
        words = split_words(pieces, _combine_word, _split_of, const, shlex_quote_state) if pieces else None
        if not words and (head := split_prefix_text(arg, ev)) is not None:
            # ``shlex.split(ssh_cmd)``: a connection prefix known by its name, the program
            # alone here; what is added to it says whether the destination follows
            # (remoteprefix.with_destination, in :meth:`_argv`)
            return [[const(head.split()[0])]]
        return [words] if words else [[_split_of(ev), None]]

    def argv(self, e, scope, env=None, depth=0):
        """Alternatives for a list-valued expression: a list of lists of
        :class:`Provenance`; ``None`` as the last element means "more, unknown"."""
        try:
            alts = self._argv(e, scope, env or {}, depth)
        except (Budget, RecursionError) as x:
            self._cut(x, e)
            return None
        return alts

    def _const_choices(self, e, scope, env, depth) -> list | None:
        """The constant strings an argv item may be (``flag = "/c" if nt else "-c"``,
        or a name assigned a different constant on each branch), at most four;
        None when any of them is not a constant string."""
        if depth > 12:
            return None
        if isinstance(e, ast.IfExp):
            vals = [self._ev(e.body, scope, env, depth), self._ev(e.orelse, scope, env, depth)]
        elif isinstance(e, ast.Subscript):  # ``flags[shell]`` of a dict of constant flags
            vals = [self._ev(x, scope, env, depth + 1) for x in mapping_values(self.m, e.value, scope)]
            if not vals:
                return None
        elif isinstance(e, ast.Name):
            _s, bl = lookup(self.m, scope, e.id, (e.lineno, e.col_offset))
            if (
                not bl
                or len(bl) > 4
                or any(b.kind not in ("assign", "for") or (b.index and b.kind != "for") for b in bl)
            ):
                return None
            vals = []
            for b in bl:
                if b.kind == "for":
                    # ``for n in ("nodejs", "node"):``: the loop variable is each item of a
                    # sequence the code writes out (unknownvals.py)
                    sub = iter_choices(self, b.value, b.scope, env, depth + 1, b.index)
                else:
                    v = self._ev(b.value, b.scope, env, depth + 1)
                    if v.const and isinstance(v.value, str):
                        vals.append(v)
                        continue
                    # one of several constants, or not known without a parameter in it
                    # (``prog = TABLE.get(os.name, "sh")``): its choices; else not constant
                    ok = type(b.value) in _CHOICE_TYPES and (v.const or not v.params)
                    sub = self._const_choices(b.value, b.scope, env, depth + 1) if ok else None
                if sub is None:
                    return None
                vals.extend(sub)
        elif (sub := value_choices(self, e, scope, env, depth + 1)) is not None:
            # ``TABLE.get(os.name, "sh")``, ``Lang.PY.value`` (unknownvals.py)
            vals = sub
        else:
            return None
        if len(vals) > MAX_CHOICES or not all(v.const and isinstance(v.value, str) for v in vals):
            return None
        out: list = []
        for v in vals:
            if all(v.value != o.value for o in out):
                out.append(v)
        return out

    def _split_choices(self, e: ast.Name, scope, env, depth) -> list | None:
        """``shlex.split(wrapped)`` of a name given one of a few command lines on the ways
        that reach it (``wrapped = f'bash -c "{cmd}"'`` in one branch, ``f'docker run ... bash
        -c "{cmd}"'`` in the other): the words of each, one argv alternative per assignment
        (issue 25: a project's container ``run_command``); None for one binding or others."""
        _s, bl = lookup(self.m, scope, e.id, (e.lineno, e.col_offset))
        if not 1 < len(bl) <= 4 or any(b.kind != "assign" or b.index or not isinstance(b.value, ast.expr) for b in bl):
            return None
        out: list = []
        for b in bl:
            ev = self._ev(b.value, b.scope, env, depth + 1)
            if ev.const and isinstance(ev.value, str):
                try:
                    out.append([const(w) for w in shlex.split(ev.value)])
                except ValueError:
                    return None
                continue
            pieces = self._template_pieces(b.value, b.scope, env, depth + 1)
            words = split_words(pieces, _combine_word, _split_of, const, shlex_quote_state) if pieces else None
            out.append(words if words else [_split_of(ev), None])
        return out

    def _template_pieces(self, e, scope, env, depth) -> list | None:
        """Constant text and values' evidence of an f-string or a ``+`` of strings (or the
        one such value a name is bound to), for :func:`.splitwords.split_words`."""
        if depth > 12:
            return None
        if type(e) is ast.Name:
            s_, bl = lookup(self.m, scope, e.id, (e.lineno, e.col_offset))
            if len(bl) == 1 and bl[0].kind == "assign" and not bl[0].index:
                return self._template_pieces(bl[0].value, bl[0].scope, env, depth + 1)
            return self._grown_pieces(e, s_, env, depth)
        if type(e) is ast.JoinedStr:
            out: list = []
            first = None
            for v in e.values:
                if isinstance(v, ast.Constant):
                    out.append(v.value if isinstance(v.value, str) else "")
                elif isinstance(v, ast.FormattedValue):
                    ev = const(None) if numeric_fstring(v) else self._ev(v.value, scope, env, depth + 1)
                    head = None if out else split_prefix_text(v.value, ev)
                    out.append(head if head is not None else ev)  # f"{ssh_cmd} ..." (remoteprefix.py)
                    if head is not None:
                        first = ev
            return _host_after_prefix(out, first) if first is not None else out
        if type(e) is ast.BinOp and isinstance(e.op, ast.Mod):
            return self._percent_pieces(e, scope, env, depth)
        if type(e) is ast.BinOp and isinstance(e.op, ast.Add):
            out = []
            first = None
            for x in _flatten_add(e):
                if isinstance(x, ast.Constant) and isinstance(x.value, str):
                    out.append(x.value)
                elif type(x) is ast.JoinedStr:
                    out.extend(self._template_pieces(x, scope, env, depth + 1) or [UNKNOWN])
                else:
                    ev = self._ev(x, scope, env, depth + 1)
                    head = None if out else split_prefix_text(x, ev)
                    out.append(head if head is not None else ev)  # ssh_cmd + " ..." (remoteprefix.py)
                    if head is not None:
                        first = ev
            return _host_after_prefix(out, first) if first is not None else out
        return None

    def _percent_pieces(self, e: ast.BinOp, scope, env, depth) -> list | None:
        """``"ssh -f -L %i:%s:%i %s sleep %i" % (lport, ip, rport, server, timeout)``: the
        template's text and each positional value in order (Python docs, "printf-style String
        Formatting"); a number conversion (``%d``, ``%i`` ...) gives digits, one word."""
        fmt = self._ev(e.left, scope, env, depth + 1)
        if not (fmt.const and isinstance(fmt.value, str)):
            return None
        items = e.right.elts if isinstance(e.right, ast.Tuple) else [e.right]
        if any(isinstance(x, ast.Starred) for x in items):
            return None
        out: list = []
        last, k = 0, 0
        for m in _PCT_CONV.finditer(fmt.value):
            conv = m.group(2)
            if conv == "%":
                out.append(fmt.value[last : m.start()] + "%")
                last = m.end()
                continue
            if m.group(1) is not None or "*" in m.group(0) or k >= len(items):
                return None  # a mapping key or a star width: not a positional template
            out.append(fmt.value[last : m.start()])
            x = items[k]
            k += 1
            if conv in "diouxXeEfFgG":
                out.append("0")
            else:
                sub = self._template_pieces(x, scope, env, depth + 1) if conv == "s" else None
                out.extend(sub if sub is not None else [self._ev(x, scope, env, depth + 1)])
            last = m.end()
        if k != len(items):
            return None
        out.append(fmt.value[last:])
        return out

    def _grown_pieces(self, e: ast.Name, s, env, depth) -> list | None:
        """``cmd = "ssh -f " + server`` then ``cmd += " -i " + key`` (in a branch or not)
        then ``cmd += " exit"``: one assignment, then ``+=`` of strings before the use,
        read as the longest command line they build (each appended piece is text the
        line may hold; issue 25: command lines grown piece by piece)."""
        if s is None or s.kind == "class":
            return None
        at = (e.lineno, e.col_offset)
        bl = [b for b in s.bindings.get(e.id, ()) if b.pos < at]
        base = [b for b in bl if b.kind != "aug"]
        if len(base) != 1 or base[0].kind != "assign" or base[0].index or len(bl) == 1:
            return None
        if any(b.pos > at for b in s.bindings.get(e.id, ()) if b.kind != "aug"):
            return None  # rebound later (a loop): not one line
        v0 = base[0].value
        out: list | None
        if isinstance(v0, ast.Constant) and isinstance(v0.value, str):
            out = [v0.value]
        else:
            out = self._template_pieces(v0, base[0].scope, env, depth + 1)
        if out is None:
            return None
        for b in sorted((b for b in bl if b.kind == "aug"), key=lambda b: b.pos):
            if b.pos < base[0].pos or not isinstance(b.extra, ast.Add):
                return None
            v = b.value
            if isinstance(v, ast.Constant) and isinstance(v.value, str):
                out = out + [v.value]
            elif type(v) in (ast.JoinedStr, ast.BinOp):
                sub = self._template_pieces(v, b.scope, env, depth + 1)
                if sub is None:
                    return None
                out = out + sub
            else:
                out = out + [self._ev(v, b.scope, env, depth + 1)]
        return out

    def _argv(self, e, scope, env, depth):
        self._tick()
        if depth > 12:
            return None
        t = type(e)
        if t in (ast.List, ast.Tuple):
            alts: list[list[Any]] = [[]]  # the argv alternatives built so far
            for k, el in enumerate(e.elts):
                if isinstance(el, ast.Starred):
                    sub = self._argv(el.value, scope, env, depth + 1) or [[None]]
                    alts = _product(alts, sub)
                    if k + 1 < len(e.elts):
                        # ``[*prefix, "sh", "-c", cmd]``: items of unknown number, then the
                        # written ones: one item not known statically stands for the gap
                        alts = [a[:-1] + [UNKNOWN] if a and a[-1] is None else a for a in alts]
                else:
                    ev = self._ev(el, scope, env, depth + 1)
                    if k == 0 and not ev.const and login_shell(self, el, scope, depth + 1):
                        ev = const(LOGIN_SHELL)  # ``[pw.pw_shell, "-c", cmd]``: the user's shell
                    if (
                        (ev.const and ev.value is None)
                        or (not ev.const and type(el) is ast.Subscript)
                        or (k == 0 and not ev.const and not ev.params and type(el) in _CHOICE_TYPES)
                    ):
                        # one of several constants (``"/c" if nt else "-c"``, ``flags[shell]``): each is an
                        # alternative; a program not known statically may be one too (unknownvals.py)
                        choices = self._const_choices(el, scope, env, depth + 1)
                        if choices:
                            alts = _product(alts, [[c] for c in choices])
                            continue
                    alts = [a + [ev] if (not a or a[-1] is not None) else a for a in alts]
            return alts
        if t is ast.BinOp and isinstance(e.op, ast.Add):
            left = self._argv(e.left, scope, env, depth + 1) or [[None]]
            right = self._argv(e.right, scope, env, depth + 1) or [[None]]
            if type(e.left) in _NAMED_PREFIX_TYPES:
                # ``self.ssh_cmd + [cmd]``: a connection prefix known by its name keeps the
                # destination (remoteprefix.py)
                left = with_destination(e.left, e.right, left)
            elif (
                type(e.left) is ast.Call
                and len(e.left.args) == 1
                and type(e.left.args[0]) in _NAMED_PREFIX_TYPES
                and ast.unparse(e.left.func) in ("shlex.split", "split")
            ):
                # ``shlex.split(ssh_cmd) + ["rm", path]``: the same prefix as a string, split
                # (``+ [host, cmd]``, ``+ ["-p", port]``: the words added hold the destination)
                left = with_destination(e.left.args[0], e.right, left)
            return _product(left, right)
        if t is ast.Name:
            s, bl = lookup(self.m, scope, e.id, (e.lineno, e.col_offset))
            if s is None or not bl:
                return None
            alts = []
            for b in bl:
                if b.kind in ("assign", "with") and not b.index:
                    sub = self._argv(b.value, b.scope, env, depth + 1)
                    alts.extend(sub or [[None]])
                elif b.kind == "aug":
                    continue
                elif b.kind == "param":
                    key = (b.scope.id, b.name)
                    if key in env:
                        alts.append([env[key], None])
                    else:
                        alts.append(
                            [Provenance(False, None, frozenset({(b.scope.id, b.scope.qualname, b.name, RAW)})), None]
                        )
                else:
                    alts.append([None])
            for kind, payload, _n in s.mutations.get(e.id, ()):
                if kind == "append" and payload.args:
                    ev = self._ev(payload.args[0], s, env, depth + 1)
                    alts = [a + [ev] if a and a[-1] is not None else a for a in alts]
                elif kind == "insert" and len(payload.args) >= 2:
                    ev = self._ev(payload.args[1], s, env, depth + 1)
                    alts = [[ev] + a for a in alts]
                elif kind in ("extend", "aug"):
                    arg = payload.args[0] if kind == "extend" and payload.args else payload
                    sub = self._argv(arg, s, env, depth + 1) or [[None]]
                    alts = _product(alts, sub)
            return alts[:16] or None
        if t is ast.Call:
            vals = self._values(e.func, scope, depth + 1)
            for v in vals:
                if v.kind == "name" and v.name == "shlex.split" and e.args:
                    return self._split_argv(e.args[0], scope, env, depth)
                if v.kind == "name" and v.name in ("builtins.list", "builtins.tuple") and e.args:
                    return self._argv(e.args[0], scope, env, depth + 1)
            funcs = [v for v in vals if v.kind == "func" and v.data.returns]
            if funcs:  # an argv built by a helper of this module (``self._ssh_argv(cmd)``), arguments bound
                alts = []
                for v in funcs:
                    sub = self._returned_argv(v.data, e, scope, env, depth, bound_self="self" in v.via)
                    alts.extend(sub or [[None]])
                return alts[:16] or None
            if (
                isinstance(e.func, ast.Attribute)
                and e.func.attr in ("get", "pop", "setdefault")
                and len(e.args) == 2
                and not e.keywords
                and isinstance(e.args[1], (ast.List, ast.Tuple))
            ):
                # ``cfg.get("shell_cmd", ["bash", "-c"])``: the configured prefix, or the
                # default written here (a shell by default is a shell: the criteria's
                # "forces or defaults to a shell"); the configured one is not known
                sub = self._argv(e.args[1], scope, env, depth + 1)
                return (sub + [[None]]) if sub else None
            if isinstance(e.func, ast.Attribute) and e.func.attr == "split" and not e.args:
                ev = self._ev(e.func.value, scope, env, depth + 1)
                if ev.const and isinstance(ev.value, str):
                    return [[const(w) for w in ev.value.split()]]
                if ev.const:
                    # ``shell_prefix().split() + [cmd]`` with ``def shell_prefix(): return "bash -c"
                    # if posix else "cmd /c"``: one argv alternative for each constant (cprefix.py)
                    choices = const_string_choices(self, e.func.value, scope, env, depth + 1)
                    if choices:
                        return [[const(w) for w in c.split()] for c in choices]
                return [[_split_of(ev), None]]
            return None
        if t is ast.Constant and isinstance(e.value, str):
            return [[const(e.value)]]
        if t is ast.IfExp:
            then_alts = self._argv(e.body, scope, env, depth + 1) or [[None]]
            else_alts = self._argv(e.orelse, scope, env, depth + 1) or [[None]]
            return then_alts + else_alts
        if t is ast.Subscript and isinstance(e.slice, ast.Slice):
            return None
        if t is ast.Attribute:
            # ``self.command_prefix + [...]``: an argv (prefix) kept in object state (selfargv.py)
            from .selfargv import attr_argv

            return attr_argv(self, e, scope, env, depth)
        return None


# a %-conversion (Python docs, "printf-style String Formatting"): mapping key, flags, width,
# precision, length, then the conversion letter
_PCT_CONV = compile_pattern(r"%(\([^)]*\))?[#0 +-]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?([diouxXeEfFgGcrsa%])")


#: expressions :meth:`Evaluator._const_choices` may read as one of a few constants
_CHOICE_TYPES = (ast.IfExp, ast.Subscript, ast.Name, ast.Call, ast.Attribute)


def _combine_word(parts: list) -> Provenance:
    return combine_pieces(parts, "shlex.split")


#: left operands whose name may say they are a connection prefix (remoteprefix.py; a call of
#: the tree's helper returning the prefix is the project analysis's, returned argv prefixes)
_NAMED_PREFIX_TYPES = (ast.Name, ast.Attribute)


def _split_of(ev: Provenance) -> Provenance:
    return Provenance(False, None, ev.params, True, ev.ops | {"split"}, ev.qcalls, ev.dq, ev.qunknown)


def _product(left, right, cap=16):
    out = []
    for a in left:
        for b in right:
            if a and a[-1] is None:
                out.append(a)
            else:
                out.append(a + b)
            if len(out) >= cap:
                return out
    return out


def _merge_truth(res):
    if not res:
        return ("maybe", "shell= is not known statically", "low")
    yes = [r for r in res if r[0] == "yes"]
    if yes:
        return yes[0]
    maybe = [r for r in res if r[0] == "maybe"]
    if maybe:
        order = {"high": 0, "medium": 1, "low": 2}
        return sorted(maybe, key=lambda r: order[r[2]])[0]
    return res[0]


def _pick(value, index):
    node = value
    for i in index:
        if (
            isinstance(node, (ast.Tuple, ast.List))
            and i < len(node.elts)
            and not any(isinstance(x, ast.Starred) for x in node.elts)
        ):
            node = node.elts[i]
        else:
            return None
    return node


def _plain_method(fs) -> bool:
    """A method read as an attribute is a bound method (a callable) unless a decorator makes
    it something else (``@property``, ``@cached_property``, a descriptor): only undecorated
    methods, static and class methods count."""
    return isinstance(fs, Scope) and all(
        isinstance(d, ast.Name) and d.id in ("staticmethod", "classmethod") for d in fs.decorators
    )


def _is_static(fs: Scope) -> bool:
    for d in fs.decorators:
        if isinstance(d, ast.Name) and d.id in ("staticmethod",):
            return True
    return False


def _later_outside_loops(cache: dict, s, node, at) -> bool:
    """A mutation statement ``node`` of scope ``s`` that starts after the use at ``at``
    and shares no loop with it: it runs after the use on every path.  ``cache``: scope
    id -> the loops of the scope's body (one walk per scope) as their starts, sorted, and
    the latest end among the loops up to each: a loop holds both when it starts at or
    before the use and ends after ``node`` starts (a use of a name mutated a thousand times
    asked of every loop of the function for each mutation: kcli; issue 25)."""
    pos = (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))
    if pos <= at:
        return False
    loops = cache.get(s.id)
    if loops is None:
        spans = sorted(
            ((n.lineno, n.col_offset), (n.end_lineno or 0, n.end_col_offset or 0))
            for n in walk(s.node)
            if isinstance(n, (ast.For, ast.AsyncFor, ast.While))
        )
        loops = cache[s.id] = ([a for a, _b in spans], list(accumulate((b for _a, b in spans), max)))
    starts, latest_end = loops
    i = bisect_right(starts, at)
    return i == 0 or not pos < latest_end[i - 1]


def _host_after_prefix(out: list, prefix_ev) -> list:
    """``f"{ssh_cmd} {host} true"``: a value right after the named prefix with written words
    after it is the destination (the prefix is the program and its options), so the line is
    not read as starting ssh here: the prefix keeps its own evidence (remoteprefix.py)."""
    rest = [p for p in out[1:] if not (isinstance(p, str) and not p.strip())]
    if rest and not isinstance(rest[0], str) and any(isinstance(p, str) and p.strip() for p in rest[1:]):
        return [prefix_ev] + out[1:]
    return out


def _flatten_add(e):
    out = []
    stack = [e]
    while stack:
        n = stack.pop()
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Add):
            stack.append(n.right)
            stack.append(n.left)
        else:
            out.append(n)
    return out


def _is_str_const(e, value) -> bool:
    return isinstance(e, ast.Constant) and e.value == value


# a single quote inside single quotes: PowerShell doubles it; a POSIX shell closes the
# quotes, adds an escaped (or double-quoted) quote and reopens them (POSIX XCU 2.2.2)
_SQ_ESCAPES = ("''", "'\\''", "'\"'\"'")


def _is_quote_const(e, value: str) -> bool:
    """A ``str`` or ``bytes`` constant equal to ``value``."""
    return isinstance(e, ast.Constant) and (e.value == value or e.value == value.encode())


def _src(model: ModuleModel, node, limit=60) -> str:
    s, e = model.pos.span(node)
    text = model.text[s:e].replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _dict_call(e) -> bool:
    """``dict(k=v, ...)`` with keywords only: a mapping written as a call."""
    return (
        isinstance(e, ast.Call)
        and isinstance(e.func, ast.Name)
        and e.func.id == "dict"
        and not e.args
        and bool(e.keywords)
        and all(k.arg is not None for k in e.keywords)
    )


def _posix_shell(value: str) -> bool:
    """A program path or name of the program table's POSIX shell entry (``/bin/sh``,
    ``bash``, ``zsh``: each runs the word after ``-c`` as code)."""
    from ..template.programs import lookup

    name = value.replace("\\", "/").rsplit("/", 1)[-1]
    if not name or " " in name:
        return False
    p = lookup(name)
    return p is not None and p.family == "shell" and p.code_short == "c"
