"""Can a shell-string call be rewritten into an argv call?  (UL400/UL401 fixes)

Planning only, on the stdlib ``ast`` the scanner already has: this module
never imports libcst, so linting pays nothing for it.  The rewrite itself is
done by :mod:`.argvfix_cst` (libcst), imported only by ``--fix``/``--diff``.

The command expression must be a string literal, an f-string, ``%`` /
``.format`` / ``+`` concatenation or ``" ".join([...])``.  Its literal parts
are scanned like ``/bin/sh`` would: unquoted, inside ``'…'`` and ``"…"``.
Any shell syntax (pipes, lists, redirections, expansions, globs, braces,
tilde, comments, backslashes, newlines, environment assignments, shell-only
builtins) stops the fix; :class:`NoFix` names the feature and the manual
rewrite.  Each interpolated value must lie inside one word.

Safety (as in ruff, ``safe`` fixes are applied by ``--fix``; the others need
``--unsafe-fixes``):

* a value quoted in the shell string (``'{x}'``, ``"{x}"``) or passed through
  ``shlex.quote`` as a bare word was one word; it stays one argv element and
  every value without shell syntax behaves the same: safe;
* an unquoted value was split on blanks and glob-expanded by the shell; the
  argv call keeps it as one element: unsafe;
* a program name taken from a value: a missing program raises
  ``FileNotFoundError`` instead of exit status 127: unsafe;
* a literal program too: "safe" means the same behaviour for any value on any
  machine, and where the program is not installed the shell gives status 127
  (a probe such as ``Popen('less --version', shell=True)`` falls back on it)
  while the argv call raises: unsafe (issue 25); a cmd.exe builtin (``dir``,
  ``type``, ``copy``...) has no program on Windows: unsafe;
* ``echo``/``printf``/``test``… are shell builtins whose ``/bin`` twins may
  differ (dash's ``echo`` interprets backslashes): unsafe;
* ``os.system``'s result is a wait status (``exit code * 256``); it becomes
  ``.returncode``: safe when the result is discarded or only compared with 0 /
  tested for truth, unsafe otherwise; ``os.popen(...)`` not followed by
  ``.read()`` is a pipe whose ``close()`` waits and gives the status: no fix
  (a rewrite would hand back an un-waited Popen).
"""

from __future__ import annotations

import ast
import bisect
from typing import Protocol, TypeGuard

from ..core.fieldwise import field, record, record_eq, record_repr
from ..run.budget import check
from .astwalk import parents

SUBPROCESS_FUNCS = {
    "subprocess.run",
    "subprocess.call",
    "subprocess.check_call",
    "subprocess.check_output",
    "subprocess.Popen",
}
SHELL_FUNCS = {"os.system", "posix.system", "os.popen", "subprocess.getoutput", "subprocess.getstatusoutput"}

# word -> manual rewrite
SHELL_ONLY = {
    "cd": "pass cwd=DIR to the subprocess call instead of `cd DIR &&`",
    "export": "pass env={**os.environ, 'NAME': value}",
    "source": "a sourced script only works inside a shell; run the work in Python or in one explicit script",
    ".": "a sourced script only works inside a shell; run the work in Python or in one explicit script",
    "exec": "call the program directly",
    "eval": "build the argv list in Python",
    "set": "use env= / check=True",
    "unset": "pass env= without the variable",
    "alias": "call the program directly",
    "ulimit": "use preexec_fn/resource.setrlimit",
    "umask": "use os.umask or the umask= argument of subprocess.Popen",
    "read": "read input in Python",
    "exit": "return from Python",
    "trap": "handle signals in Python",
    "wait": "keep the Popen object and call .wait()",
    "type": "use shutil.which",
    "command": "use shutil.which / call the program directly",
    "hash": "use shutil.which",
    "local": "",
    "declare": "",
    "readonly": "",
    "let": "",
    "shift": "",
    "getopts": "",
    "jobs": "",
    "fg": "",
    "bg": "",
    "builtin": "",
    "return": "",
    "break": "",
    "continue": "",
    "if": "",
    "then": "",
    "else": "",
    "elif": "",
    "fi": "",
    "for": "",
    "while": "",
    "until": "",
    "do": "",
    "done": "",
    "case": "",
    "esac": "",
    "function": "",
    "select": "",
    "time": "",
    "!": "",
    "[[": "",
    "]]": "",
    "{": "",
    "}": "",
}
BUILTIN_TWINS = {"echo", "printf", "test", "[", "true", "false", "pwd", "kill"}
# cmd.exe internal commands (no .exe of that name): Microsoft Learn, "Windows commands"
# / `help` in cmd.exe.  `shell=True` on Windows runs them through cmd.exe; an argv list cannot.
CMD_BUILTINS = {
    "assoc",
    "break",
    "call",
    "cd",
    "chdir",
    "cls",
    "color",
    "copy",
    "date",
    "del",
    "dir",
    "echo",
    "endlocal",
    "erase",
    "for",
    "ftype",
    "goto",
    "if",
    "md",
    "mkdir",
    "mklink",
    "move",
    "path",
    "pause",
    "popd",
    "prompt",
    "pushd",
    "rd",
    "ren",
    "rename",
    "rmdir",
    "set",
    "setlocal",
    "shift",
    "start",
    "time",
    "title",
    "type",
    "ver",
    "verify",
    "vol",
}

FEATURES = {  # char -> (what it is, manual rewrite)
    "|": (
        "the `|` pipe",
        "run the first command with stdout=subprocess.PIPE and pass its .stdout as input= to a second "
        "subprocess.run([...]) (or chain two Popen objects with stdin=first.stdout)",
    ),
    "&": (
        "`&` / `&&` (background job or command list)",
        "one subprocess.run([...], check=True) per command (Popen for a background job)",
    ),
    ";": ("`;` (command list)", "one subprocess.run([...]) per command"),
    "<": ("a `<` redirection", "open the file in Python and pass stdin=f"),
    ">": ("a `>` redirection", "open the file in Python and pass stdout=f (stderr=f for 2>)"),
    "(": ("a subshell / grouping `(`", "run the commands one by one from Python"),
    ")": ("a subshell / grouping `)`", "run the commands one by one from Python"),
    "$": (
        "`$` expansion (a variable or `$(...)` command substitution)",
        "read os.environ[...] in Python, or run the inner command first and use its .stdout",
    ),
    "`": ("backtick command substitution", "run the inner command first and use its .stdout"),
    "*": ("a `*` glob", "expand it with glob.glob(...) and add the names to the argv list"),
    "?": ("a `?` glob", "expand it with glob.glob(...) and add the names to the argv list"),
    "[": ("a `[...]` glob", "expand it with glob.glob(...) and add the names to the argv list"),
    "]": ("a `[...]` glob", "expand it with glob.glob(...) and add the names to the argv list"),
    "{": ("`{...}` brace expansion", "write the expanded words into the argv list"),
    "}": ("`{...}` brace expansion", "write the expanded words into the argv list"),
    "~": ("`~` tilde expansion", "use os.path.expanduser('~/...')"),
    "#": ("a `#` comment", "drop the comment"),
    "\\": ("a backslash escape", "write the intended characters into an argv element"),
    "!": ("`!` (pipeline negation)", "test the return code in Python"),
    "\n": ("a newline (command separator)", "one subprocess.run([...]) per command"),
}
DQ_SPECIAL = {
    "$": "`$` expansion inside double quotes",
    "`": "backtick substitution inside double quotes",
    "\\": "a backslash escape inside double quotes",
}


class NoFix(Exception):
    """The command needs the shell (``feature``) or is not something we rewrite."""

    def __init__(self, feature: str, rewrite: str = ""):
        super().__init__(feature)
        self.feature = feature
        self.rewrite = rewrite

    def text(self) -> str:
        return f"no automatic fix: {self.feature} needs a shell" + (
            f"; rewrite by hand: {self.rewrite}" if self.rewrite else ""
        )


class NotBuilt(Exception):
    """The command is not built in the call (a variable, a call...): nothing to say."""


@record
class Part:
    kind: str  # lit | val
    text: str = ""  # lit
    expr: ast.expr | None = None  # val
    quoted: bool = False  # shlex.quote(...) result
    conv: str = "plain"  # plain: already a str | fmt: formatted with str()

    def __init__(
        self,
        kind: str,
        text: str = "",
        expr: ast.expr | None = None,
        quoted: bool = False,
        conv: str = "plain",
    ) -> None:
        self.kind = kind
        self.text = text
        self.expr = expr
        self.quoted = quoted
        self.conv = conv

    __repr__ = record_repr
    __eq__ = record_eq


@record
class Seg:
    kind: str  # lit | val
    text: str = ""
    part: Part | None = None
    split: bool = False  # an unquoted value: split by the shell

    def __init__(
        self,
        kind: str,
        text: str = "",
        part: Part | None = None,
        split: bool = False,
    ) -> None:
        self.kind = kind
        self.text = text
        self.part = part
        self.split = split

    __repr__ = record_repr
    __eq__ = record_eq


@record
class Plan:
    kind: str  # subprocess | system | popen_read | popen | getoutput | getstatusoutput
    words: list  # list[list[Seg]]
    safe: bool
    reasons: list = field(default_factory=list)  # why unsafe
    call: ast.Call | None = None  # the sink call
    outer: ast.AST | None = None  # the expression replaced (os.popen(...).read() call, or the call)
    cmd: ast.expr | None = None
    shell_kw: ast.keyword | None = None
    result_used: bool = True
    cmd_arg: ast.expr | None = None  # the call's argument (``cmd`` itself, or a variable holding it)

    def __init__(
        self,
        kind: str,
        words: list,
        safe: bool,
        reasons: list | None = None,
        call: ast.Call | None = None,
        outer: ast.AST | None = None,
        cmd: ast.expr | None = None,
        shell_kw: ast.keyword | None = None,
        result_used: bool = True,
        cmd_arg: ast.expr | None = None,
    ) -> None:
        self.kind = kind
        self.words = words
        self.safe = safe
        self.reasons = list() if reasons is None else reasons
        self.call = call
        self.outer = outer
        self.cmd = cmd
        self.shell_kw = shell_kw
        self.result_used = result_used
        self.cmd_arg = cmd_arg

    __repr__ = record_repr
    __eq__ = record_eq

    def summary(self) -> str:
        if self.safe:
            return "fix available (--fix): an argv call without a shell"
        return "unsafe fix available (--fix --unsafe-fixes): " + "; ".join(self.reasons)


# ----------------------------------------------------------------------------
# decomposition of the command expression
# ----------------------------------------------------------------------------


class _StrConstant(Protocol):
    """What _is_str guarantees: an ast.Constant whose value is a str."""

    value: str


def _is_str(n: object) -> TypeGuard[_StrConstant]:
    return isinstance(n, ast.Constant) and isinstance(n.value, str)


def _is_quote_call(n, q=frozenset()) -> bool:
    if not (isinstance(n, ast.Call) and len(n.args) == 1 and not n.keywords):
        return False
    f = n.func
    return (
        isinstance(f, ast.Attribute)
        and f.attr == "quote"
        and isinstance(f.value, ast.Name)
        and f.value.id in ("shlex", "pipes")
    ) or (isinstance(f, ast.Name) and f.id in q)


def _val(n, conv, q=frozenset()) -> Part:
    if _is_quote_call(n, q):
        return Part("val", expr=n.args[0], quoted=True, conv="plain")
    return Part("val", expr=n, conv=conv)


def decompose(n, top=True, q=frozenset()) -> list:
    """The literal and value parts of a command expression (``q``: local names of shlex.quote)."""
    if _is_str(n):
        return [Part("lit", n.value)]
    if isinstance(n, ast.JoinedStr):
        out = []
        for v in n.values:
            if _is_str(v):
                out.append(Part("lit", v.value))
            elif isinstance(v, ast.FormattedValue):
                if v.conversion != -1 or v.format_spec is not None:
                    raise NoFix(
                        "a conversion or format spec in an f-string field (not a shell feature)",
                        "build that argv element with an f-string yourself",
                    )
                out.append(_val(v.value, "fmt", q))
            else:
                raise NotBuilt()
        return out
    if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Add):
        return _leaf(n.left, q) + _leaf(n.right, q)
    if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod) and _is_str(n.left):
        vals = n.right.elts if isinstance(n.right, ast.Tuple) else [n.right]
        if any(isinstance(v, ast.Starred) for v in vals):
            raise NotBuilt()
        single = not isinstance(n.right, ast.Tuple)
        out, fmt, i, k = [], n.left.value, 0, 0
        buf = ""
        while i < len(fmt):
            c = fmt[i]
            if c != "%":
                buf += c
                i += 1
                continue
            nxt = fmt[i + 1 : i + 2]
            if nxt == "%":
                buf += "%"
                i += 2
                continue
            if nxt != "s":
                raise NoFix(f"a `%{nxt}` conversion (not a shell feature)", "build that argv element yourself")
            if k >= len(vals):
                raise NotBuilt()
            if buf:
                out.append(Part("lit", buf))
                buf = ""
            p = _val(vals[k], "fmt", q)
            if single and not p.quoted and not _is_str(vals[k]):
                p.conv = "mod1"  # `"%s" % x`: x might be a tuple at run time
            out.append(p)
            k += 1
            i += 2
        if k != len(vals):
            raise NotBuilt()
        if buf:
            out.append(Part("lit", buf))
        return out
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and _is_str(n.func.value):
        if n.func.attr == "format":
            if any(isinstance(a, ast.Starred) for a in n.args) or any(k.arg is None for k in n.keywords):
                raise NotBuilt()
            kw = {k.arg: k.value for k in n.keywords}
            out, auto = [], 0
            # imported here: the module string cost ~0.6 ms of CPU on the start of every run,
            # read only for a literal's .format(...)
            import string

            for lit, fname, spec, conv in string.Formatter().parse(n.func.value.value):
                if lit:
                    out.append(Part("lit", lit))
                if fname is None:
                    continue
                if spec or conv:
                    raise NoFix(
                        "a conversion or format spec in a .format field (not a shell feature)",
                        "build that argv element yourself",
                    )
                if fname == "":
                    if auto >= len(n.args):
                        raise NotBuilt()
                    out.append(_val(n.args[auto], "fmt", q))
                    auto += 1
                elif fname.isdigit() and int(fname) < len(n.args):
                    out.append(_val(n.args[int(fname)], "fmt", q))
                elif fname in kw:
                    out.append(_val(kw[fname], "fmt", q))
                else:
                    raise NotBuilt()
            return out
        if (
            n.func.attr == "join"
            and n.func.value.value == " "
            and len(n.args) == 1
            and not n.keywords
            and isinstance(n.args[0], (ast.List, ast.Tuple))
        ):
            out = []
            for j, el in enumerate(n.args[0].elts):
                if isinstance(el, ast.Starred):
                    raise NotBuilt()
                if j:
                    out.append(Part("lit", " "))
                out.extend(_leaf(el, q))
            return out
    if top:
        raise NotBuilt()
    return [_val(n, "plain", q)]


def _leaf(n, q=frozenset()) -> list:
    if (
        _is_str(n)
        or isinstance(n, (ast.JoinedStr, ast.BinOp))
        or (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and _is_str(n.func.value))
    ):
        try:
            return decompose(n, top=False, q=q)
        except NotBuilt:
            pass
    return [_val(n, "plain", q)]


# ----------------------------------------------------------------------------
# the shell's view of the parts: words
# ----------------------------------------------------------------------------


def shell_words(parts: list) -> list:
    words: list = []
    cur: list = []
    started = False
    q = None

    def lit(ch):
        if cur and cur[-1].kind == "lit":
            cur[-1].text += ch
        else:
            cur.append(Seg("lit", ch))

    for p in parts:
        if p.kind == "val":
            if q is None:
                cur.append(Seg("val", part=p, split=not p.quoted))
            elif p.quoted:
                raise NoFix(
                    "a shlex.quote result inside quotes (bypassable, and not one plain word)",
                    "put the value itself as one argv element",
                )
            else:
                cur.append(Seg("val", part=p))
            started = True
            continue
        for ch in p.text:
            if q == "'":
                if ch == "'":
                    q = None
                else:
                    lit(ch)
                continue
            if q == '"':
                if ch == '"':
                    q = None
                elif ch in DQ_SPECIAL:
                    raise NoFix(DQ_SPECIAL[ch], FEATURES[ch][1])
                else:
                    lit(ch)
                continue
            if ch in " \t":
                if started:
                    words.append(cur)
                cur, started = [], False
            elif ch in ("'", '"'):
                q = ch
                started = True
            elif ch in FEATURES:
                feat, rewrite = FEATURES[ch]
                if ch in "&;" and len(words) >= 1 and [s.text for s in words[0]] == ["cd"]:
                    feat, rewrite = "`cd DIR " + ("&&" if ch == "&" else ";") + " …`", SHELL_ONLY["cd"]
                raise NoFix(feat, rewrite)
            elif ch in "\r\f\v":
                raise NoFix("a control character", "write the argv list by hand")
            else:
                lit(ch)
                started = True
    if q is not None:
        raise NoFix("an unbalanced quote", "write the argv list by hand")
    if started:
        words.append(cur)
    if not words:
        raise NoFix("an empty command", "")
    return words


def _judge(words: list) -> list:
    """Reasons the rewrite is unsafe (empty: safe); NoFix when the first word needs the shell."""
    reasons = []
    first = words[0]
    if all(s.kind == "lit" for s in first):
        prog = "".join(s.text for s in first)
        if "=" in prog and not prog.startswith(("-", "/", ".")):
            raise NoFix(f"the environment assignment `{prog}`", "pass env={**os.environ, 'NAME': value}")
        if prog in SHELL_ONLY:
            raise NoFix(f"the shell builtin `{prog}`", SHELL_ONLY[prog] or "write the logic in Python")
        if prog in BUILTIN_TWINS:
            reasons.append(
                f"`{prog}` runs as a shell builtin now and as /bin/{prog} after the fix "
                f"(they may differ, e.g. dash's echo interprets backslashes)"
            )
        elif prog.lower() in CMD_BUILTINS:
            reasons.append(
                f"on Windows the shell is cmd.exe, where `{prog}` is a builtin with no program of that name: "
                f"the argv call raises FileNotFoundError there"
            )
        # safe means the same behaviour for any value on any machine: where the program
        # is not installed the shell reports exit status 127 (code probing for a tool
        # falls back on it, e.g. `Popen('less --version', shell=True)`), an argv call
        # raises FileNotFoundError instead (issue 25: 2 of 10 "safe" fixes on real code)
        reasons.append(
            f"where `{prog}` is not installed the shell gives exit status 127 (a probe falls back on it); "
            f"the argv call raises FileNotFoundError"
        )
    else:
        reasons.append(
            "the program name comes from a value: a missing program raises FileNotFoundError instead of exit status 127"
        )
    for w in words:
        for s in w:
            if s.kind == "val" and s.split:
                reasons.append(
                    f"`{_src_hint(s.part.expr)}` is unquoted in the shell string, so the shell "
                    f"split it at blanks and expanded globs; now it is one argv element"
                )
            if s.kind == "val" and s.part.conv == "mod1":
                reasons.append(
                    f"`% {_src_hint(s.part.expr)}` formats a tuple's items, the fix formats the value itself"
                )
    return reasons


def _src_hint(e) -> str:
    try:
        t = ast.unparse(e)
    except Exception:  # noqa: BLE001 - a hint only
        return "value"
    return t if len(t) <= 40 else t[:37] + "..."


# ----------------------------------------------------------------------------
# the call
# ----------------------------------------------------------------------------


_PARENTS: list = [None, None]  # (tree, {id(child): parent}) of the last tree asked about


def _parent_chain(tree, target):
    """(parent, grandparent) of ``target``; one walk per tree, however many sinks it has."""
    if _PARENTS[0] is not tree:
        _PARENTS[:] = [tree, parents(tree)]
    m = _PARENTS[1]
    parent = m.get(id(target))
    return parent, (m.get(id(parent)) if parent is not None else None)


def _result_only_tested(call, parent, grand) -> bool | None:
    """True: the result is only compared with 0 / tested; None: discarded; False: used."""
    if isinstance(parent, ast.Expr):
        return None
    if isinstance(parent, ast.Compare) and len(parent.ops) == 1 and isinstance(parent.ops[0], (ast.Eq, ast.NotEq)):
        other = parent.comparators[0] if parent.left is call else parent.left
        return isinstance(other, ast.Constant) and other.value == 0 and not isinstance(other.value, bool)
    if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not):
        return True
    if isinstance(parent, (ast.If, ast.While, ast.IfExp, ast.Assert)) and parent.test is call:
        return True
    return False


_QUOTES: list = [None, frozenset()]  # (tree, names) of the last tree asked about


def _quote_names(tree) -> frozenset:
    if _QUOTES[0] is not tree:  # once per tree, not once per sink (linear in the module)
        _QUOTES[:] = [
            tree,
            frozenset(
                a.asname or a.name
                for st in tree.body
                if isinstance(st, ast.ImportFrom) and st.module in ("shlex", "pipes")
                for a in st.names
                if a.name == "quote"
            ),
        ]
    return _QUOTES[1]


def _command(arg, call, tree, q):
    """(expression the command is built by, its shell words): ``arg`` itself, or the one
    assignment of a local variable ``arg`` in the same block before the call."""
    if not isinstance(arg, ast.Name):
        return arg, shell_words(decompose(arg, q=q)), []
    value = _single_local_value(arg.id, call, tree)
    parts = decompose(value, q=q)
    stable = _stable_names(call, tree)
    extra = []
    for p in parts:
        if p.kind != "val":
            continue
        if not (isinstance(p.expr, ast.Name) and p.expr.id in stable[0]):
            # evaluated later than before: only names that cannot change in between
            raise NotBuilt()
        if not p.quoted and p.expr.id not in stable[1]:
            extra.append(
                f"`{p.expr.id}` is now read at the call, not where `{arg.id}` was assigned "
                f"(a mutable value changed in between would differ)"
            )
    return value, shell_words(parts), extra


_FUNCS: list = [None, None]  # (tree, (starts, functions, enclosing)) of the last tree asked about


def _function_index(tree):
    """Functions sorted by first line, each with its innermost enclosing
    function: one walk per tree, however many sinks it has."""
    if _FUNCS[0] is not tree:
        funcs = sorted(
            (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))),
            key=lambda n: n.lineno,
        )
        enclosing: list = []
        open_: list = []  # indexes of the functions whose lines contain the current start
        for i, f in enumerate(funcs):
            while open_ and (funcs[open_[-1]].end_lineno or funcs[open_[-1]].lineno) < f.lineno:
                open_.pop()
            enclosing.append(open_[-1] if open_ else None)
            open_.append(i)
        _FUNCS[:] = [tree, ([f.lineno for f in funcs], funcs, enclosing)]
    return _FUNCS[1]


def _function_of(call, tree):
    """The innermost function whose lines contain the call (the latest-starting one)."""
    starts, funcs, enclosing = _function_index(tree)
    i = bisect.bisect_right(starts, call.lineno) - 1
    while i is not None and i >= 0:
        f = funcs[i]
        if call.lineno <= (f.end_lineno or f.lineno):
            return f
        i = enclosing[i]
    return None


_BINDS: list = [None, None]  # (function, its _function_facts) of the last function asked about


def _bindings(func, name):
    """The nodes of ``func`` that bind ``name`` (in ``ast.walk`` order): one walk of the
    function answers every name (``_stable_names`` asks for each parameter; kcli's 5,000-line
    cli.py asked 163 times, each a walk of its whole function, 8 of its 17 CPU-s; issue 25)."""
    return _function_facts(func)[0].get(name, [])


def _function_facts(func) -> tuple:
    """(name -> its bindings, ``id`` of a one-target assignment's target -> (its block, its
    index there)) of ``func``, made once for the function last asked about."""
    if _BINDS[0] is not func:
        assigns = {}
        for block in _blocks(func):
            for i, st in enumerate(block):
                if isinstance(st, ast.Assign) and len(st.targets) == 1:
                    assigns[id(st.targets[0])] = (block, i)
        _BINDS[:] = [func, (_all_bindings(func), assigns)]
    return _BINDS[1]


def _all_bindings(func) -> dict:
    out: dict = {}
    for n in ast.walk(func):
        if isinstance(n, ast.Name):
            if not isinstance(n.ctx, ast.Load):
                out.setdefault(n.id, []).append(n)
        elif isinstance(n, ast.arg):
            out.setdefault(n.arg, []).append(n)
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            for name in dict.fromkeys(n.names):
                out.setdefault(name, []).append(n)
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            for name in dict.fromkeys(a.asname or a.name for a in n.names):
                out.setdefault(name, []).append(n)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n is not func:
            out.setdefault(n.name, []).append(n)
    return out


def _stable_names(call, tree):
    """(parameters of the enclosing function never rebound in it, those annotated str/Path)."""
    func = _function_of(call, tree)
    if func is None:
        return set(), set()
    a = func.args
    params = [x for x in a.posonlyargs + a.args + a.kwonlyargs if len(_bindings(func, x.arg)) == 1]
    texts = {
        x.arg
        for x in params
        if x.annotation is not None and _src_hint(x.annotation) in ("str", "Path", "pathlib.Path", "PurePath")
    }
    return {x.arg for x in params}, texts


def _single_local_value(name, call, tree):
    func = _function_of(call, tree)
    if func is None:
        raise NotBuilt()
    binds = _bindings(func, name)
    if len(binds) != 1 or not isinstance(binds[0], ast.Name):
        raise NotBuilt()
    hit = _function_facts(func)[1].get(id(binds[0]))  # (the function's facts keep its nodes alive)
    if hit is None:
        raise NotBuilt()
    block, i = hit
    for later in block[i + 1 :]:
        if later.lineno <= call.lineno <= (later.end_lineno or later.lineno):
            return block[i].value
    raise NotBuilt()


def _blocks(func):
    for n in ast.walk(func):
        for f in ("body", "orelse", "finalbody"):
            b = getattr(n, f, None)
            if isinstance(b, list) and b and isinstance(b[0], ast.stmt):
                yield b


def plan_call(call: ast.Call, qualname: str, tree) -> Plan:
    """The rewrite of one sink call; raises NoFix / NotBuilt."""
    check()  # the CPU budget (linter/run/budget.py)
    q = _quote_names(tree)
    if qualname in SUBPROCESS_FUNCS:
        shell_kw = next((k for k in call.keywords if k.arg == "shell"), None)
        if shell_kw is None or not (isinstance(shell_kw.value, ast.Constant) and shell_kw.value.value is True):
            raise NotBuilt()
        if any(k.arg is None for k in call.keywords) or any(isinstance(a, ast.Starred) for a in call.args):
            raise NotBuilt()
        if any(k.arg == "executable" for k in call.keywords):
            raise NoFix("`executable=` (it names the shell)", "drop executable= and pass an argv list")
        arg = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "args"), None)
        if arg is None:
            raise NotBuilt()
        cmd, words, extra = _command(arg, call, tree, q)
        reasons = _judge(words) + extra
        return Plan("subprocess", words, not reasons, reasons, call, call, cmd, shell_kw, cmd_arg=arg)
    if qualname not in SHELL_FUNCS:
        raise NotBuilt()
    if call.keywords:
        raise NotBuilt()
    if qualname == "os.popen" and len(call.args) == 2:
        mode = call.args[1]
        if not (_is_str(mode) and mode.value == "r"):
            raise NoFix(
                "os.popen with a write mode (not a shell feature)", "use subprocess.Popen([...], stdin=subprocess.PIPE)"
            )
    elif len(call.args) != 1 or isinstance(call.args[0], ast.Starred):
        raise NotBuilt()
    cmd, words, extra = _command(call.args[0], call, tree, q)
    reasons = _judge(words) + extra
    parent, grand = _parent_chain(tree, call)
    if qualname in ("os.system", "posix.system"):
        used = _result_only_tested(call, parent, grand)
        if used is False:
            reasons.append("os.system returns a wait status (exit code * 256); the fix gives .returncode")
        p = Plan("system", words, not reasons, reasons, call, call, cmd, cmd_arg=call.args[0])
        p.result_used = used is not None
        return p
    if qualname == "os.popen":
        if (
            isinstance(parent, ast.Attribute)
            and parent.attr == "read"
            and isinstance(grand, ast.Call)
            and grand.func is parent
            and not grand.args
            and not grand.keywords
        ):
            return Plan("popen_read", words, not reasons, reasons, call, grand, cmd, cmd_arg=call.args[0])
        # without .read() the pipe object is the result: its close() waits and returns the
        # exit status; a rewrite would hand back an un-waited Popen's stdout (close() -> None)
        raise NoFix(
            "os.popen(...) used as a pipe object (its close() waits and returns the exit status)",
            "use subprocess.run([...], stdout=subprocess.PIPE, text=True) and read .stdout / .returncode",
        )
    if qualname == "subprocess.getoutput":
        return Plan("getoutput", words, not reasons, reasons, call, call, cmd, cmd_arg=call.args[0])
    return Plan("getstatusoutput", words, not reasons, reasons, call, call, cmd, cmd_arg=call.args[0])


def describe(call: ast.Call, qualname: str, tree) -> str:
    """The sentence the UL400/UL401 message ends with ('' when there is nothing to say)."""
    if getattr(call, "utcp_synthetic", None):  # reached through an executor: rewrite by hand
        return ""
    try:
        return _cap(plan_call(call, qualname, tree).summary()) + "."
    except NotBuilt:
        return ""
    except NoFix as e:
        return _cap(e.text()) + "."
    except Exception:  # noqa: BLE001 - a message suffix must never cost the finding itself
        return ""


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]
