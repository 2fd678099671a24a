"""Value flow through the shell: where a placeholder's value goes after it lands (issue 11).

bash moves a value from word to word before it reaches a sink: ``n=VALUE``,
``read -r n <<< VALUE``, ``mapfile -t a <<< VALUE``, ``printf -v n %s VALUE``,
``for x in VALUE``, ``arr=(VALUE)``, ``local``/``declare``/``export n=VALUE``,
``printf VALUE | while read -r line``, ``f() { …${1:-}…; }; f VALUE`` and any
parameter operator that keeps the attacker's bytes (``${n//a/b}``, ``${n%x}``,
``${n^^}``).  :func:`propagate` follows every such *binding* (transitively,
one worklist, per step: each step runs in its own ``$( )`` subshell) and adds
the sinks reached through the variable to the placeholder, with the chain
(``value → read n → $(( n * 2 ))``) in the sink's ``chain``.

Guards (:class:`Guard`): a check of the value (or of a variable holding it)
that ends the step when it fails, or that encloses the use:

* ``[[ X =~ ^[0-9]+$ ]] || exit``, ``if ! [[ X =~ … ]]; then exit; fi``,
  ``[[ X =~ … ]] && use``, ``if [[ X =~ … ]]; then use; fi``;
* ``[ "$n" -eq "$n" ] 2>/dev/null || exit`` (``[``/``test`` reject non-integers);
* ``case X in a|b) use ;; *) exit ;; esac`` (allow-list: the use inside a branch
  whose patterns are literals) and ``case X in ''|*[!0-9]*) exit ;; esac`` (after
  the ``esac`` every surviving value matches a safe pattern).

A guard is *safe* when the values it lets through contain only bytes from
:data:`SAFE_CHARS` (only an anchored ``^…$`` regex whose classes exclude the
dangerous bytes, literal case patterns, integer tests); a recognised check that
cannot be proven safe is *unclear*: the finding stays, one confidence step lower.
For option injection only the first byte matters (``-``): :meth:`Guard.allows_dash`.

All offsets are script code-point offsets of :class:`~utcp_lint.template.bash.BashAnalysis`.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import cache
from typing import TYPE_CHECKING

from ...core.lazyre import compile_pattern, lazy_compile
from ...run.budget import check
from .. import bash_commands as bc, programs as _programs
from . import patterns as _pat
from .context import arith_at
from .model import (
    ARITHMETIC,
    COMMAND_NAME,
    FILE_WRITE,
    INTERP_CODE,
    SHELL_CODE,
    STDIN_CODE,
    VARIABLE_NAME,
    Sink,
    ValueNode,
)
from .sinks import chooses_printed_names, printf_q_literal

if TYPE_CHECKING:
    from .commands import CommandTable
    from .references import References
    from .script import Script

__all__ = [
    "propagate",
    "Flow",
    "Guard",
    "regex_charsets",
    "SAFE_CHARS",
    "guard_verdict",
    "guard_bare_word",
    "guard_no_split",
    "guard_option_prefixes",
    "chain_text",
    "passes_value",
]

# bytes that are inert in every sink this engine knows (arithmetic, eval, command
# names aside: see guard_verdict): no quote, space, $ ` ( ) [ ] ; | & < > * ? { } \ newline
SAFE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.,:+=@%/-")
_DIGITS = _pat.DIGITS
# the classes this reader of [[ =~ ]] regexes knows (patterns' table, which also has
# space/blank/punct: kept out here, where an unknown class reads as "any byte")
# (issue 23 item 1: blank, space and punct are exact sets too; regex(7) / POSIX classes)
_POSIX = dict(_pat.POSIX_CLASSES)
# every byte a value may hold, for a negated class ([^/] -> any byte but '/'); as in
# patterns: a byte outside it never makes a set look safer (SAFE_CHARS is ASCII)
_REGEX_UNIVERSE = frozenset(chr(c) for c in range(1, 0x250))
_ANY = None  # "any byte"
# first-byte set of a value proven not to start with '-' (``!= -*``, ``case -*) exit``):
# every other byte may lead, so only :meth:`Guard.allows_dash` can use it
NOT_DASH = frozenset(chr(c) for c in range(1, 0x250) if chr(c) != "-")
_DASH_GLOBS = frozenset({"-*", "-?*", "[-]*", "'-'*", '"-"*'})
_LOWER = {"high": "medium", "medium": "low", "low": "low"}


@cache
def _exit_re() -> re.Pattern[str]:
    return compile_pattern(r"(?<![\w-])(?:exit|return)(?![\w-])")


# ---------------------------------------------------------------------------
# what a check lets through
# ---------------------------------------------------------------------------


def _class_chars(body: str) -> frozenset | None:
    """Characters of a bracket expression body (without the brackets); None = too wide.
    A negated class is every byte but its own (``[^/]``: no '/')."""
    if body.startswith("^") or body.startswith("!"):
        rest = body[1:]
        if not rest or rest.startswith("]"):
            return _ANY  # `[^]…]`: a literal ']' first, not read here
        inner = _class_chars(rest)
        return _ANY if inner is _ANY else _REGEX_UNIVERSE - inner
    out: set = set()
    i = 0
    n = len(body)
    while i < n:
        if body.startswith("[:", i):
            j = body.find(":]", i + 2)
            if j < 0:
                return _ANY
            cls = _POSIX.get(body[i + 2 : j])
            if cls is None:
                return _ANY  # [:print:] [:punct:] [:graph:] [:space:] …
            out |= cls
            i = j + 2
            continue
        ch = body[i]
        if ch == "\\" and i + 1 < n:
            ch = body[i + 1]
            i += 1
        if i + 2 < n and body[i + 1] == "-" and body[i + 2] != "]":
            lo, hi = ord(ch), ord(body[i + 2])
            if hi - lo > 200:
                return _ANY
            out |= {chr(c) for c in range(lo, hi + 1)}
            i += 3
            continue
        out.add(ch)
        i += 1
    return frozenset(out)


def _top_alternatives(rx: str) -> list:
    """``rx`` split at its top-level ``|`` (outside groups and bracket expressions)."""
    out, depth, i, start = [], 0, 0, 0
    while i < len(rx):
        ch = rx[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            i = _pat.bracket_end(rx, i) + 1
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            out.append(rx[start:i])
            start = i + 1
        i += 1
    out.append(rx[start:])
    return out


_OPTIONAL_BRACE = lazy_compile(r"\{0*[,}]")  # a bound that allows zero: {0}, {,n}, {0,n}


def regex_charsets(rx: str) -> tuple | None:
    """(first-byte set, every-byte set) of the strings an ERE ``rx`` matches *entirely*,
    or None when ``rx`` is not anchored at both ends (then it matches a substring
    and the rest of the value is anything).  Top-level alternatives each anchored at both
    ends (``^start$|^stop$``) give the union of theirs."""
    alts = _top_alternatives(rx) if "|" in rx else [rx]
    if len(alts) > 1:
        got = [g for g in (regex_charsets(a) for a in alts) if g is not None]
        if len(got) != len(alts):
            return None
        return frozenset().union(*(g[0] for g in got)), frozenset().union(*(g[1] for g in got))
    if not rx.startswith("^") or not rx.endswith("$") or rx.endswith("\\$"):
        return None
    body = rx[1:-1]
    allc: set = set()
    first: set = set()
    # first_open: the next atom may be the value's first byte; prev_open: it was so
    # before the last atom (a quantifier that allows zero makes the atom skippable);
    # groups: per open group, [open at its start, open at the end of an alternative]
    first_open = True
    prev_open = True
    groups: list = []
    i = 0
    n = len(body)
    while i < n:
        ch = body[i]
        tok: frozenset | None
        if ch == "[":
            j = _pat.bracket_end(body, i)
            if j >= n:
                return None
            tok = _class_chars(body[i + 1 : j])
            i = j + 1
        elif ch == "\\" and i + 1 < n:
            c2 = body[i + 1]
            tok = _DIGITS if c2 == "d" else _POSIX["alnum"] | {"_"} if c2 == "w" else frozenset(c2)
            i += 2
        elif ch == ".":
            tok = _ANY
            i += 1
        elif ch == "(":
            groups.append([first_open, False])
            i += 1
            continue
        elif ch == ")":
            if not groups:
                return None
            g_start, g_end = groups.pop()
            first_open = first_open or g_end
            prev_open = g_start
            i += 1
            continue
        elif ch == "|":
            if not groups:
                return None  # ^a|b$: each alternative is anchored at one end only
            groups[-1][1] = groups[-1][1] or first_open
            first_open = groups[-1][0]
            i += 1
            continue
        elif ch in "*+?{":
            q0 = i
            if ch == "{":
                j = body.find("}", i)
                i = n if j < 0 else j + 1
            else:
                i += 1
            if ch in "*?" or _OPTIONAL_BRACE.match(body[q0:i]):
                first_open = first_open or prev_open  # the previous atom may be absent
            continue
        elif ch in "^$":
            return None  # anchors inside: not a plain whole-string match
        else:
            tok = frozenset(ch)
            i += 1
        if tok is _ANY:
            return None
        allc |= tok
        prev_open = first_open
        if first_open:
            first |= tok
            first_open = False
    if groups:
        return None
    return frozenset(first), frozenset(allc)


def _glob_literal(pat: str) -> str | None:
    """The literal a case/[[ == pattern word matches, or None when it has glob characters."""
    if pat.startswith("'") and pat.endswith("'") and len(pat) >= 2:
        return pat[1:-1]
    if pat.startswith('"') and pat.endswith('"') and len(pat) >= 2 and "$" not in pat:
        return pat[1:-1]
    if any(c in pat for c in "*?[]$`\\\"'(){}"):
        return None
    return pat


def _pattern_first(pat: str) -> frozenset | None:
    """The bytes a value matching the case pattern ``pat`` may start with: its literal
    first byte (``v*``) or its leading bracket class (``[a-z]*``); None when unknown."""
    lit = _glob_literal(pat)
    if lit is not None:
        return frozenset(lit[:1]) if lit else None
    if pat.startswith("[") and not pat.startswith("[!") and not pat.startswith("[^"):
        j = pat.find("]", 2)
        if j < 0:
            return None
        cls = _class_chars(pat[1:j])
        return cls  # None (_ANY): too wide to know
    if pat and pat[0] not in "*?[]$`\\\"'(){}+@!":
        return frozenset(pat[0])
    return None


@cache
def _extglob_re() -> re.Pattern[str]:
    return compile_pattern(r"([+@])\((\[(?:\[:\w+:\]|[^\]])+\])\)\Z")


def _extglob_class(pat: str) -> frozenset | None:
    """``+([0-9])`` / ``@([a-z])`` (extglob, on by default inside ``[[ ]]`` since bash
    4.1): a value matching it holds only bytes of the class; None for other patterns."""
    m = _extglob_re().match(pat)
    if not m:
        return None
    return _class_chars(m.group(2)[1:-1])


@cache
def _deny_re() -> re.Pattern[str]:
    return compile_pattern(r"\*\[!([^\]]+)\]\*\Z|\*\[\^([^\]]+)\]\*\Z")


def _deny_class(pat: str) -> frozenset | None:
    """``*[!0-9]*`` (a value holding any byte outside the class): the class, else None."""
    m = _deny_re().match(pat)
    if not m:
        return None
    return _class_chars(m.group(1) or m.group(2))


# ---------------------------------------------------------------------------
# guards
# ---------------------------------------------------------------------------


class Guard(ValueNode):
    _FIELDS = ("names", "start", "lo", "hi", "first", "chars", "what", "prefixes")
    __slots__ = _FIELDS

    names: frozenset  # shell variable names (a placeholder's env var or a variable) checked
    start: int  # the checked reference
    lo: int  # protected region [lo, hi)
    hi: int
    first: frozenset | None  # bytes the value may start with (None: unknown)
    chars: frozenset | None  # bytes the value may contain (None: unknown)
    what: str  # "[[ =~ ]]", "case", …
    # the literal option words with `=` (`--lines=`) every value let through starts with:
    # the value is one of these options with its argument glued (None: not known)
    prefixes: frozenset | None

    def __init__(
        self,
        names: frozenset,
        start: int,
        lo: int,
        hi: int,
        first: frozenset | None,
        chars: frozenset | None,
        what: str,
        prefixes: frozenset | None = None,
    ) -> None:
        self.names = names
        self.start = start
        self.lo = lo
        self.hi = hi
        self.first = first
        self.chars = chars
        self.what = what
        self.prefixes = prefixes

    @property
    def safe(self) -> bool:
        return self.chars is not None and self.chars <= SAFE_CHARS

    def allows_dash(self) -> bool:
        return self.first is None or "-" in self.first


# bytes an arithmetic expression (bash(1) "ARITHMETIC EVALUATION") never turns into code:
# no name (a variable's value is evaluated again, `a[$(cmd)]`), no `$`, backquote or `[`
ARITH_INERT = frozenset("0123456789 \t\n+-*/%<>=!&|^~?:,()")


def guard_verdict(guards: list, names, at: int, option: bool = False, kind=None) -> str | None:
    """ "safe" / "unclear" / None for a use of one of ``names`` at script ``at`` (``kind``:
    the sink's; an arithmetic sink is safe for bytes inert in arithmetic, ``6 * (7 - 1)``)."""
    verdict = None
    for g in guards:
        if not (g.lo <= at < g.hi) or not (g.names & names):
            continue
        if kind == ARITHMETIC and g.chars is not None and g.chars <= ARITH_INERT:
            return "safe"
        if not option and g.first is NOT_DASH and g.chars is None:
            continue  # `!= -*` says nothing about the bytes code sinks care about
        if kind == FILE_WRITE and g.chars is not None and "/" not in g.chars and g.first and "." not in g.first:
            # `case V in ''|*/*|.*) exit 2;; esac; … > "V"`: a name without '/' that does not
            # start with '.' is one component and never `..`, so the path stays in the
            # directory it names (the working directory for `> "V"`).  A base name alone
            # (`${v##*/}`, first byte unknown) is not enough: `..` then climbs
            return "safe"
        if g.what in PATH_SANITISERS:
            continue  # a base name: only '/' is gone
        ok = (not g.allows_dash()) if option else g.safe
        if ok:
            return "safe"
        verdict = "unclear"
    return verdict


_ANY_ATOM = compile_pattern(r"\.")


def guard_unreadable(guards: list, names, at: int, kind=None) -> bool:
    """Whether a check covering the use at script ``at`` (one :func:`guard_verdict` calls
    "unclear") is one the analysis could not read at all: an anchored ``[[ =~ ]]`` regex
    outside what :func:`regex_charsets` understands (an anchor inside, a back-reference),
    neither the bytes the value may start with nor those it may hold known; not a regex
    known to match a substring only (``[[ $v =~ [a-z]+ ]]``) or to let any byte by (``.``),
    and not a case or glob test (read: None there means an earlier branch lets anything by).  A finding that rests
    on such a check is not certain (issue 23): the check may well keep the value out."""
    for g in guards:
        if not (g.lo <= at < g.hi) or not (g.names & names):
            continue
        if g.what in PATH_SANITISERS or g.first is not None or g.chars is not None:
            continue
        rx = g.what[6:-3] if g.what.startswith("[[ =~ ") and g.what.endswith(" ]]") else None
        if rx is None or rx[:1] in "\"'$":
            continue  # case branches and glob tests are read (None: an earlier branch lets anything by)
        if not (rx.startswith("^") and rx.endswith("$")):
            continue  # not anchored at both ends: read, and it lets anything through
        if _ANY_ATOM.search(re.sub(r"\\.|\[(?:\^|!)?\]?[^\]]*\]", "", rx)):
            continue  # a `.` outside brackets: read, and any byte passes there
        return True
    return False


# bytes an injected option needs to carry a chosen argument in the same word
# (``--opt=ARG``) or to become several words once split
_PAYLOAD_BYTES = frozenset("= \t\n")


def guard_bare_word(guards: list, names, at: int) -> bool:
    """Whether a guard covering the use at script ``at`` proves the value holds no ``=`` and
    no blank: a value led by ``-`` there is at most a bare option word (``--force``, ``-v``)
    whose argument, if any, is not the caller's text (the guard itself may still let ``-``
    lead: ``^[a-z0-9._-]+$``)."""
    for g in guards:
        if g.lo <= at < g.hi and g.names & names and g.chars is not None and g.chars.isdisjoint(_PAYLOAD_BYTES):
            return True
    return False


# what bash's word splitting (default IFS) and pathname expansion act on in an unquoted
# expansion (bash(1) "Word Splitting", "Pathname Expansion")
_SPLIT_BYTES = frozenset(" \t\n*?[")


def guard_no_split(guards: list, names, at: int) -> bool:
    """Whether a guard covering the use at script ``at`` proves the value holds no blank
    and no glob character: unquoted there it stays one word, itself (an integer checked by
    ``[ V -gt 0 ]``, a name checked by ``[[ V =~ ^[a-z0-9-]+$ ]]``)."""
    for g in guards:
        if g.lo <= at < g.hi and g.names & names and g.chars is not None and g.chars.isdisjoint(_SPLIT_BYTES):
            return True
    return False


def _exits(a, node) -> bool:
    return node is not None and bool(_exit_re().search(a.s.node_text(node)))


def _chain_top(path: list, k: int) -> int:
    """The index in ``path`` of the ``A || C`` list whose left side holds the && chain that
    ``path[k]`` (a list) belongs to (climbing through nested ``&&`` lists); -1: none."""
    node = path[k]
    q = k - 1
    while q >= 0 and path[q].type == "list":
        kids = path[q].children
        if len(kids) != 3:
            return -1
        if kids[1].type == "&&" and kids[0].start_byte == node.start_byte and kids[0].end_byte == node.end_byte:
            node, q = path[q], q - 1
            continue
        if kids[1].type == "||" and kids[0].start_byte == node.start_byte and kids[0].end_byte == node.end_byte:
            return q
        return -1
    return -1


def _chain_exit_end(a, path: list, k: int) -> int | None:
    """``path[k]`` is an ``A && B`` list: when the chain it belongs to is the left side of
    ``… || EXIT`` (a right side that exits), the end of the scope after which every test
    of the chain holds; else None."""
    if path[k].type != "list":
        return None
    kids = path[k].children
    if len(kids) != 3 or kids[1].type != "&&":
        return None
    q = _chain_top(path, k)
    if q < 0 or not _exits(a, path[q].children[2]):
        return None
    scope = path[q - 1] if q >= 1 else None
    return a.s.char(scope.end_byte) if scope is not None else len(a.text)


def _guard_from_test(a, path: list, k_test: int, names: frozenset, first, chars, what, at, deny: bool = False):
    """Protected region of a test at ``path[k_test]`` given its shape around it.

    ``deny``: the test is true for the *rejected* values (``[[ X == -* ]] && exit``):
    the polarity is inverted, so only its exit-after form protects anything."""
    k = k_test - 1
    neg = deny
    child = path[k_test]
    while k >= 0 and path[k].type in ("negated_command", "parenthesized_expression", "redirected_statement"):
        if path[k].type == "negated_command":
            neg = not neg
        child = path[k]
        k -= 1
    if k < 0:
        return None
    p = path[k]
    if p.type == "list" and not neg:
        kids = p.children
        if len(kids) == 3 and kids[1].type == "&&" and kids[2].start_byte == child.start_byte:
            # the last test of an && chain (`[[ A ]] && [[ B ]] || exit`): it holds after the
            # chain when the chain's failure exits
            hi = _chain_exit_end(a, path, k)
            if hi is not None:
                outer = _chain_top(path, k)
                return Guard(names, at, a.s.char(path[outer].end_byte), hi, first, chars, what)
    if p.type == "list":
        kids = p.children
        try:
            idx = next(
                i for i, c in enumerate(kids) if c.start_byte == child.start_byte and c.end_byte == child.end_byte
            )
        except StopIteration:
            return None
        if idx + 2 >= len(kids) + 0 and idx + 1 >= len(kids):
            return None
        op = kids[idx + 1].type if idx + 1 < len(kids) else None
        right = kids[idx + 2] if idx + 2 < len(kids) else None
        if right is None:
            return None
        if (op == "||" and not neg) or (op == "&&" and neg):
            if not _exits(a, right):
                return None
            scope = path[k - 1] if k >= 1 else None
            hi = a.s.char(scope.end_byte) if scope is not None else len(a.text)
            return Guard(names, at, a.s.char(p.end_byte), hi, first, chars, what)
        if (op == "&&" and not neg) or (op == "||" and neg):
            hi = None if neg else _chain_exit_end(a, path, k)
            if hi is not None:
                # `[[ A ]] && [[ B ]] || { …; exit 1; }`: A holds in B and after the list
                return Guard(names, at, a.s.char(right.start_byte), hi, first, chars, what)
            return Guard(names, at, a.s.char(right.start_byte), a.s.char(right.end_byte), first, chars, what)
        return None
    if p.type in ("if_statement", "elif_clause"):
        # condition is child; the body runs between `then` and the next clause
        then_end = None
        body_start = None
        for c in p.children:
            if c.type == "then":
                body_start = c.end_byte
            elif body_start is not None and c.type in ("elif_clause", "else_clause", "fi"):
                then_end = c.start_byte
                break
        if body_start is None:
            return None
        if then_end is None:
            then_end = p.end_byte
        if not neg:
            return Guard(names, at, a.s.char(body_start), a.s.char(then_end), first, chars, what)
        body_txt = a.s.data[body_start:then_end].decode("utf-8", "surrogatepass")
        if _exit_re().search(body_txt):
            scope = path[k - 1] if k >= 1 else None
            hi = a.s.char(scope.end_byte) if scope is not None else len(a.text)
            return Guard(names, at, a.s.char(p.end_byte), hi, first, chars, what)
    return None


def _case_guards(a, path: list, k_case: int, names: frozenset, at: int) -> list:
    case = path[k_case]
    items = [c for c in case.children if c.type == "case_item"]
    out = []
    # `case X in ''|*[!0-9]*) echo bad ;; *) use ;; esac`: a later branch is reached only
    # by a value that matched no earlier pattern, so an earlier deny pattern bounds its
    # bytes (bash(1) "case": the first matching pattern's list runs; only `;&`/`;;&`
    # go on to later items, which ends this reasoning)
    missed_class: frozenset | None = None
    fallthrough = False
    # after the esac (issue 23): what survives is, for each item that does not exit, the
    # values its patterns match and no earlier pattern did, plus (without a catch-all)
    # the values no pattern matched; an item whose list exits lets nothing through
    subject = case.child_by_field_name("value")
    # the subject is the value itself (`"$v"`, `${v:-}`), not text around it
    whole = subject is not None and _named_word_re().match(a.s.node_text(subject)) is not None
    prior = _pat.ANY  # the values no earlier pattern matched
    survivors = _pat.EMPTY
    catch_all = False
    any_exit = False
    # `case V in --lines=[0-9]*|--bytes=[0-9]*) ;; *) exit 2;; esac`: the option words the
    # values let through start with (None once an item lets through anything else)
    opt_prefixes: set | None = set()
    for it in items:
        pats = []
        body_start = None
        for i, c in enumerate(it.children):
            fn = it.field_name_for_child(i)
            if fn == "value":
                pats.append(a.s.node_text(c))
            elif c.type == ")" and body_start is None:
                body_start = c.end_byte
        body_end = it.end_byte
        if missed_class is not None and not fallthrough and body_start is not None:
            out.append(Guard(names, at, a.s.char(body_start), a.s.char(body_end), missed_class, missed_class, "case"))
        for p in pats:
            dc = _deny_class(p)
            if dc is not None:
                missed_class = dc if missed_class is None else missed_class & dc
        fell = fallthrough  # an earlier item's `;&` / `;;&` may run this one too
        fallthrough = fallthrough or any(c.type in (";&", ";;&") for c in it.children)
        lits = [_glob_literal(p) for p in pats]
        matched = _pat.EMPTY
        for p in pats:
            matched = _pat.join(matched, _pat.glob_match(p))
        if pats and body_start is not None and not fell:
            # `case V in [0-2]) a[V] ;;`, `+([0-9])`, `v[0-9].[0-9]`: the values reaching a
            # branch are those its patterns match and no earlier pattern did (bash(1)
            # "case"); the fact bounds every byte there, for every sink in the branch
            bf, bc = _pat.meet(matched, prior)
            if bc is not None:
                if not whole:
                    bf = bc  # `case x"$v" in x[0-9])`: the bytes bound v; the first is the subject's
                out.append(
                    Guard(names, at, a.s.char(body_start), a.s.char(body_end), bc if bf is None else bf, bc, "case")
                )
            elif bf is not None and whole:
                # `case V in -*) echo bad ;; *@*) go install V ;;`: only the first byte is
                # known (an earlier arm took every value led by '-'): a guard for the first byte
                out.append(Guard(names, at, a.s.char(body_start), a.s.char(body_end), bf, None, "case"))
        if pats and body_start is not None and not all(x is not None for x in lits):
            # `case X in [a-z]*) use X ;;`: a glob whose first byte is fixed or a class
            # proves the first byte of the values reaching this branch (issue 23)
            firsts = [_pattern_first(p) for p in pats]
            if all(f is not None for f in firsts):
                fs0 = frozenset().union(*(f for f in firsts if f is not None))
                out.append(Guard(names, at, a.s.char(body_start), a.s.char(body_end), fs0, None, "case"))
        exits = (
            _exit_re().search(a.s.data[body_start or it.start_byte : body_end].decode("utf-8", "surrogatepass"))
            is not None
        )
        if pats and all(x is not None for x in lits):
            cs = frozenset("".join(x for x in lits if x is not None))
            fs = frozenset(x[:1] for x in lits if x)
            if body_start is not None:
                out.append(Guard(names, at, a.s.char(body_start), a.s.char(body_end), fs, cs, "case"))
        any_exit = any_exit or exits
        if not exits:
            survivors = _pat.join(survivors, _pat.meet(matched, prior))
            for p in pats:
                m = _opt_prefix_re().match(p)
                if opt_prefixes is not None and m is not None and not catch_all:
                    opt_prefixes.add(m.group(1))
                else:
                    opt_prefixes = None
        for p in pats:
            prior = _pat.meet(prior, _pat.glob_miss(p))
            catch_all = catch_all or p in ("*", "?*")
    if items and any_exit:
        if not catch_all:
            survivors = _pat.join(survivors, prior)
        if fallthrough:
            survivors = _pat.ANY
        scope = path[k_case - 1] if k_case >= 1 else None
        if scope is not None and scope.type == "list" and _static_and_prefix(a, scope, case):
            # `mkdir -p out && case V in *..*) exit 1;; esac; use V`: the case ends an `&&` list
            # whose earlier commands expand nothing, so no value decides whether it runs; the
            # exit guards what follows the list (a failing static command is no caller's doing)
            scope = path[k_case - 2] if k_case >= 2 else None
        hi = a.s.char(scope.end_byte) if scope is not None else len(a.text)
        first, chars = survivors
        if first is None:
            first = chars
        if first is not None and chars is None and "-" not in first:
            first = NOT_DASH  # only the first byte is known: a guard for option uses alone
        prefixes = frozenset(opt_prefixes) if opt_prefixes and catch_all and not fallthrough else None
        out.append(Guard(names, at, a.s.char(case.end_byte), hi, first, chars, "case", prefixes))
    return out


@cache
def _opt_prefix_re() -> re.Pattern[str]:
    # a case pattern led by a literal long option and `=` (`--lines=[0-9]*`)
    return compile_pattern(r"(--?[A-Za-z0-9][A-Za-z0-9-]*=)")


def guard_option_prefixes(guards: list, names, at: int) -> frozenset | None:
    """The literal ``--opt=`` words a guard covering the use at script ``at`` proves every
    value starts with (one word: the value is that option, its argument glued), or None."""
    for g in guards:
        if g.lo <= at < g.hi and g.names & names and g.prefixes:
            return g.prefixes
    return None


def _static_and_prefix(a, lst, case) -> bool:
    """``case`` is the last command of the ``&&`` list ``lst`` and the text before it
    expands nothing (no ``$``, backquote or placeholder): ``mkdir -p out && case …``."""
    if lst.end_byte != case.end_byte:
        return False
    before = a.s.data[lst.start_byte : case.start_byte].decode("utf-8", "surrogatepass")
    if "$" in before or "`" in before or "||" in before or "UTCP_ARG_" in before:
        return False
    return before.rstrip().endswith("&&")


@cache
def _named_word_re() -> re.Pattern[str]:
    # $v, "${v}", ${v:-d}, ${v:?msg}, ${v:=d}: the value of v when set (bash(1) "Parameter
    # Expansion": -, ?, = change nothing about a set, non-empty value)
    return compile_pattern(r'"?\$\{?([A-Za-z_][A-Za-z0-9_]*)(?::?[-?=][^}]*)?\}?"?\Z')


def _split_top(text: str, op: str) -> list | None:
    """``text`` split at ``op`` (``||``/``&&``) outside quotes, brackets and parentheses;
    None when a parenthesised group or an unclosed quote makes it unreadable."""
    out = []
    depth = 0
    q = ""
    last = 0
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if q:
            if ch == q:
                q = ""
            elif ch == "\\" and q == '"':
                i += 1
        elif ch in "'\"":
            q = ch
        elif ch == "\\":
            i += 1
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif depth == 0 and text.startswith(op, i):
            out.append(text[last:i])
            last = i + 2
            i += 2
            continue
        i += 1
    if q or depth:
        return None
    out.append(text[last:])
    return out


def _comparison_facts(text: str, names: frozenset) -> tuple:
    """(true, false) facts of one ``[[ ]]`` comparison about ``names``."""
    text = text.strip()
    neg = text.startswith("! ")
    if neg:
        text = text[2:].lstrip()
    parts = text.split(None, 2)
    if len(parts) != 3 or parts[1] not in ("==", "=", "!=", "=~"):
        return _pat.ANY, _pat.ANY
    m = _named_word_re().match(parts[0])
    if m is None or m.group(1) not in names:
        return _pat.ANY, _pat.ANY
    op, rtx = parts[1], parts[2].strip()
    if op == "=~":
        cs = None if rtx[:1] in "\"'$" else regex_charsets(rtx)
        hit = (cs[0], cs[1]) if cs is not None else _pat.ANY
        miss = _pat.regex_miss(rtx)
    else:
        hit, miss = _pat.glob_match(rtx), _pat.glob_miss(rtx)
        if op == "!=":
            hit, miss = miss, hit
    return (miss, hit) if neg else (hit, miss)


def _test_facts(text: str, names: frozenset) -> tuple:
    """(facts when the ``[[ ]]`` test is true, facts when it is false) about the value of
    ``names`` (issue 23: ``[[ $v == -* || $v == */* ]] && exit``, ``[[ $v =~ [^a-z0-9] ]]
    && exit``, ``[[ $v != @(-*|*..*) ]] || exit``).  Read from the text: tree-sitter-bash
    mis-nests ``=~ RX || …`` and ``! X =~ RX``.  ``&&`` binds tighter than ``||``."""
    ors = _split_top(text, "||")
    if ors is None:
        return _pat.ANY, _pat.ANY
    tt, ff = _pat.EMPTY, _pat.ANY
    for d in ors:
        ands = _split_top(d, "&&")
        if ands is None:
            return _pat.ANY, _pat.ANY
        t1, f1 = _pat.ANY, _pat.EMPTY
        for c in ands:
            tc, fc = _comparison_facts(c, names)
            t1, f1 = _pat.meet(t1, tc), _pat.join(f1, fc)
        tt, ff = _pat.join(tt, t1), _pat.meet(ff, f1)
    return tt, ff


def _test_guards(a, path: list, k: int, names: frozenset, at: int) -> list | None:
    """Guards of the test at ``path[k]`` from :func:`_test_facts`, or None (then the
    older single-comparison reading below applies) when the test proves nothing new."""
    node = path[k]
    text = a.s.node_text(node)
    if not (text.startswith("[[") and text.endswith("]]")):
        return None  # `[ ]` compares strings: the older reading below
    tf, ff = _test_facts(text[2:-2], names)
    out = []
    what = "[[ ]]"
    for facts, deny in ((tf, False), (ff, True)):
        f, c = facts
        if f is None and c is None:
            continue
        if f is None:
            f = c  # the first byte is one of the value's bytes
        if c is None and f is not None and "-" not in f:
            f = NOT_DASH
        g = _guard_from_test(a, path, k, names, f, c, what, at, deny)
        if g is not None:
            out.append(g)
    return out or None


def _guards_at(a, ref, names: frozenset) -> list:
    """Guards formed by the test/case holding reference ``ref`` (a check, not a sink)."""
    b = a.s.byte(ref.ref_start)
    path = a.s.path_at_byte(b)
    for k in range(len(path) - 1, -1, -1):
        n = path[k]
        t = n.type
        if t == "case_statement":
            v = n.child_by_field_name("value")
            if v is not None and v.start_byte <= b < v.end_byte:
                return _case_guards(a, path, k, names, ref.ref_start)
            return []
        if t == "test_command":
            gs = _test_guards(a, path, k, names, ref.ref_start)
            if gs is not None:
                return gs
            first_tok = n.child(0)
            kw = first_tok.type if first_tok is not None else "["
            first = chars = None
            what = kw + " ]]" if kw == "[[" else "[ ]"
            be = None
            conj = False  # the comparison is one conjunct of `[[ A && B ]]`
            for j in range(k + 1, len(path)):
                pt = path[j].type
                if pt == "binary_expression":
                    op = path[j].child_by_field_name("operator")
                    if op is not None and a.s.node_text(op) == "&&":
                        conj = True
                        continue  # every conjunct must hold: each one is a guard
                    if op is not None and a.s.node_text(op) in ("||", "-o", "-a"):
                        return []  # a disjunct proves nothing on its own
                    be = path[j]
                    break
                if pt != "parenthesized_expression":
                    break
            deny = False
            if be is not None:
                op = be.child_by_field_name("operator")
                opt = a.s.node_text(op) if op is not None else ""
                right = be.child_by_field_name("right")
                left = be.child_by_field_name("left")
                on_left = left is not None and left.start_byte <= b < left.end_byte
                if opt == "=~" and on_left and right is not None:
                    rtx = a.s.node_text(right)
                    cs = None if rtx[:1] in "\"'$" else regex_charsets(rtx)
                    if cs is not None:
                        first, chars = cs
                    what = f"[[ =~ {rtx} ]]"
                elif (
                    opt in ("!=", "==", "=")
                    and on_left
                    and right is not None
                    and a.s.node_text(right) in _DASH_GLOBS
                    and kw == "[["
                    and (opt == "!=" or not conj)
                ):
                    # `[[ X != -* ]]` holds only for values not starting with '-';
                    # `[[ X == -* ]] && exit` rejects them (inverted polarity)
                    first = NOT_DASH
                    deny = opt != "!="
                    what = f"[[ {opt} {a.s.node_text(right)} ]]"
                elif opt in ("==", "=") and on_left and right is not None:
                    lit = _glob_literal(a.s.node_text(right))
                    if lit is not None:
                        first, chars = frozenset(lit[:1]), frozenset(lit)
                    else:
                        # `[[ X == +([0-9]) ]]`: only class bytes get through
                        cls = _extglob_class(a.s.node_text(right))
                        if cls is not None:
                            first = chars = cls
                    what = f"{kw} {opt} ]]"
                elif opt in ("-eq", "-ne", "-lt", "-le", "-gt", "-ge") and kw == "[":
                    # `[`/`test` refuse a non-integer operand (never evaluate it)
                    # (blanks around the integer are accepted too; inert everywhere)
                    first = frozenset("0123456789+-")
                    chars = frozenset("0123456789+-")
                    what = f"[ {opt} ]"
                else:
                    return []
            else:
                return []
            g = _guard_from_test(a, path, k, names, first, chars, what, ref.ref_start, deny)
            return [g] if g is not None else []
        if t == "command":
            g = _validator_guard(a, path, k, names, b, ref.ref_start)
            if g is not None:
                return [g]
        if (
            t in ("command_substitution", "program", "function_definition", "do_group", "compound_statement")
            and k < len(path) - 1
        ):
            return []
    return []


_WHOLE_EXPANSION = lazy_compile(r'"?\$\{?[A-Za-z_][A-Za-z0-9_]*\}?"?')
_VALIDATOR_FIRST = frozenset(k[0] for k in _programs.VALIDATES_NOT_OPTION)


def _validated(r) -> bool:
    """``r`` is the operand of a command of ``VALIDATES_NOT_OPTION`` (cheap pre-check)."""
    cmd = r.command
    if cmd is None or r.word_index is None or not cmd.values or cmd.values[0] not in _VALIDATOR_FIRST:
        return False
    return tuple(cmd.values[: r.word_index]) in _programs.VALIDATES_NOT_OPTION


def _validator_guard(a, path: list, k: int, names: frozenset, b: int, at: int):
    """``git check-ref-format --branch "$V" || exit``: a command of the program table's
    ``VALIDATES_NOT_OPTION`` whose operand is exactly the value succeeds only for a value
    that does not start with '-'; where its success is required, that is a guard."""
    cmd = path[k]
    name = cmd.child_by_field_name("name")
    if name is None or a.s.node_text(name) not in _VALIDATOR_FIRST:
        return None
    words = [
        c for c in cmd.named_children if c.type not in ("variable_assignment", "file_redirect", "herestring_redirect")
    ]
    for key, what in _programs.VALIDATES_NOT_OPTION.items():
        n = len(key)
        if len(words) <= n or tuple(a.s.node_text(w) for w in words[:n]) != key:
            continue
        op = words[n]
        if op.start_byte <= b < op.end_byte and _WHOLE_EXPANSION.fullmatch(a.s.node_text(op)):
            return _guard_from_test(a, path, k, names, NOT_DASH, None, what, at)
    return None


# ---------------------------------------------------------------------------
# bindings and propagation
# ---------------------------------------------------------------------------


class _Taint(ValueNode):
    _FIELDS = ("origin", "chain")
    __slots__ = _FIELDS

    origin: object  # the placeholder Ref
    chain: tuple  # ((label, script_start, script_end), …) from the value to this variable

    def __init__(self, origin: object, chain: tuple) -> None:
        self.origin = origin
        self.chain = chain


class _Binding(ValueNode):
    _FIELDS = (
        "name",
        "lo",
        "hi",
        "label",
        "start",
        "end",
        "exact",
        "shell_quoted",
        "sed_escaped",
        "split_array",
        "lead",
        "keeps",
    )
    __slots__ = _FIELDS

    name: str
    lo: int  # the binding is visible in [lo, hi)
    hi: int
    label: str  # "read n", "n=…", "for x in …"
    start: int
    end: int
    exact: bool  # the variable holds exactly the value (guards on it apply)
    shell_quoted: bool  # the variable holds `printf %q` of the value (see _q_safe_use)
    sed_escaped: bool  # piped through `sed 's/[…/\\…]/\\&/g'` (see _sed_escape_stage)
    split_array: bool  # `read -a NAME <<< VALUE`: the elements are the value's blank-separated pieces
    lead: tuple | None  # `NAME=(pg_dump "--table=V")`: the constant elements before the value's
    keeps: bool  # `opts="-n VALUE"`: the variable holds the value's bytes among others (blanks kept)

    def __init__(
        self,
        name: str,
        lo: int,
        hi: int,
        label: str,
        start: int,
        end: int,
        exact: bool = True,
        shell_quoted: bool = False,
        sed_escaped: bool = False,
        split_array: bool = False,
        lead: tuple | None = None,
        keeps: bool = False,
    ) -> None:
        self.name = name
        self.lo = lo
        self.hi = hi
        self.label = label
        self.start = start
        self.end = end
        self.exact = exact
        self.shell_quoted = shell_quoted
        self.sed_escaped = sed_escaped
        self.split_array = split_array
        self.lead = lead
        self.keeps = keeps


_READ_VAL_OPTS = set("dinNptu")


@cache
def _name_re() -> re.Pattern[str]:
    return compile_pattern(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def _read_names(vals: list, i: int) -> list:
    """(index, name, is_array) of the variables ``read``/``mapfile`` at argv ``i`` binds."""
    out: list[tuple[int | None, str, bool]] = []
    prog = vals[i]
    j = i + 1
    n = len(vals)
    arr_next = False
    while j < n:
        v = vals[j]
        if v is None:
            return out
        if v == "--":
            j += 1
            break
        if v.startswith("-") and len(v) > 1:
            took = False
            for k, ch in enumerate(v[1:], 1):
                if prog == "read" and ch == "a":
                    if k + 1 < len(v):
                        out.append((j, v[k + 1 :], True))
                    else:
                        arr_next = True
                    took = k + 1 >= len(v)
                    break
                if ch in (_READ_VAL_OPTS if prog == "read" else "dnOsuCc"):
                    took = k + 1 >= len(v)
                    break
            if arr_next and j + 1 < n and vals[j + 1] is not None:
                out.append((j + 1, vals[j + 1], True))
                arr_next = False
            j += 2 if took else 1
            continue
        break
    if prog != "read":
        if j < n and vals[j] is not None and _name_re().match(vals[j]):
            out.append((j, vals[j], True))
        elif not out:
            out.append((None, "MAPFILE", True))
        return out
    rest: list[tuple[int | None, str, bool]] = [
        (k, vals[k], False) for k in range(j, n) if vals[k] is not None and _name_re().match(vals[k])
    ]
    if not rest and not any(x[2] for x in out):
        rest = [(None, "REPLY", False)]
    return out + rest


def _set_operands(vals: list, ni: int) -> int | None:
    """Index of the first word ``set`` makes a positional parameter: after ``--`` or ``-``,
    or the first word not led by ``-``/``+`` (bash(1) "The Set Builtin"); None when a
    dynamic word stands among the options (it may be an option itself)."""
    j = ni + 1
    n = len(vals)
    while j < n:
        v = vals[j]
        if v is None:
            return None
        if v in ("--", "-"):
            return j + 1
        if v[:1] in ("-", "+") and len(v) > 1:
            j += 2 if v[1:] in ("o",) else 1  # `set -o pipefail`: -o takes a name
            continue
        return j
    return None


def _blankless_ifs_prefix(cmd) -> bool:
    """``cmd`` has an ``IFS=`` prefix assignment whose (static) value holds no blank or tab,
    so what it splits keeps the value's blanks."""
    for w in cmd.assignments:
        v = w.value
        if v is not None and v.startswith("IFS="):
            ifs = v[4:]
            return bool(ifs) and " " not in ifs and "\t" not in ifs
    return False


def _lines_to_elements(cmd) -> bool:
    """``mapfile``/``readarray``: each line of the input becomes one element (bash(1)
    mapfile), unless ``-d ''`` makes NUL the delimiter (a value read from a here-string or
    a printer has none: one element)."""
    if cmd.name not in ("mapfile", "readarray"):
        return False
    vals = cmd.values
    i = cmd.name_index or 0
    for j in range(i + 1, len(vals)):
        v = vals[j]
        if v is None or v == "--" or not v.startswith("-"):
            break
        if v == "-d" and j + 1 < len(vals) and vals[j + 1] == "":
            return False
        if v == "-d''" or v == '-d""':
            return False
    return True


def _scope_end(a, path: list, k: int) -> int:
    """End of the block holding ``path[k]`` (the step's substitution, a function body…)."""
    for j in range(k - 1, -1, -1):
        if path[j].type in (
            "command_substitution",
            "compound_statement",
            "do_group",
            "subshell",
            "program",
            "process_substitution",
        ):
            return a.s.char(path[j].end_byte)
    return len(a.text)


@cache
def _keeping_re() -> re.Pattern[str]:
    # $v, ${v}, ${v:-d}, ${v-d}, ${v:=d}, ${v:?m}, ${v,,}, ${v^^}, ${v,}, ${v^}: a set value's
    # bytes come through with their blanks (bash(1) "Parameter Expansion", case modification)
    return compile_pattern(r'"?\$(?:[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*(?::?[-=?][^}]*|,,?|\^\^?)?\})"?\Z')


def _keeping_expansion(text: str) -> bool:
    """The reference's text is an expansion that yields the variable's bytes unchanged
    (or case-mapped); not ``${#v}``, ``${v:0:3}``, ``${v//[^a-z]/}``."""
    return _keeping_re().match(text) is not None


def _bindings_of(a, ref) -> list:
    """Variables bound from (a value containing) ``ref``."""
    out: list = []
    cmd = ref.command
    if ref.context == "assignment" and ref.assignment and ref.expands and (cmd is None or cmd.kind == "declaration"):
        allow = _allow_list_deletion(a, ref)
        if allow is not None:
            # `v=${v//[^A-Za-z0-9_]/}`: every byte outside the class is deleted, so from
            # here on the variable holds only class bytes (a guard on the new value)
            path = a.s.path_at_byte(a.s.byte(ref.ref_start))
            hi = _scope_end(a, path, len(path) - 1)
            a.sanitised.append(
                Guard(frozenset({ref.assignment}), ref.ref_start, ref.script_end, hi, allow, allow, "${v//[^…]/}")
            )
        elif _basename_assignment(a, ref):
            path = a.s.path_at_byte(a.s.byte(ref.ref_start))
            hi = _scope_end(a, path, len(path) - 1)
            a.sanitised.append(
                Guard(frozenset({ref.assignment}), ref.ref_start, ref.script_end, hi, None, NO_SLASH, "${v##*/}")
            )
        kw = cmd.statics[0][0] + " " if cmd is not None and cmd.statics and cmd.statics[0][0] else ""
        path = a.s.path_at_byte(a.s.byte(ref.ref_start))
        hi = _scope_end(a, path, len(path) - 1)
        exact = ref.whole_word or _option_led_element(a, path, ref)
        out.append(
            _Binding(
                ref.assignment,
                ref.script_end,
                hi,
                f"{kw}{ref.assignment}=…",
                ref.script_start,
                ref.script_end,
                exact,
                keeps=not exact and _keeping_expansion(a.text[ref.script_start : ref.script_end]),
                lead=_array_lead(a, path, ref),
            )
        )
        return out
    if not ref.expands:
        return out
    if cmd is not None and cmd.name in _FILTERS:
        psb = _procsub_read_binding(a, ref)
        if psb:
            return psb
    if (
        not ref.nested
        and cmd is not None
        and cmd.name in ("echo", "printf")  # (`cat FILE` prints the file, not the value)
        and cmd.name_index is not None
        and ref.word_index is not None
        and ref.word_index > cmd.name_index
    ):
        out.extend(_step_output_binding(a, ref))  # the runtime's own CMD_<i>_OUTPUT=$(step)
    if (
        ref.nested
        and cmd is not None
        and cmd.name in _PRINTERS
        and cmd.name_index is not None
        and ref.word_index is not None
        and ref.word_index > cmd.name_index
    ):
        return _printed_binding(a, ref)
    if ref.context == "herestring" and cmd is not None and cmd.name in ("read", "mapfile", "readarray"):
        vals = cmd.values
        i = cmd.name_index or 0
        path = a.s.path_at_byte(a.s.byte(ref.ref_start))
        hi = _scope_end(a, path, len(path) - 1)
        # `IFS=, read -ra parts <<< VALUE`: read splits on the prefix's IFS only, so the
        # elements keep the value's blanks, which a later unquoted ${parts[@]} splits again
        # on the default IFS (bash(1) "Word Splitting"; read's IFS is its own prefix)
        keeps = cmd.name == "read" and _blankless_ifs_prefix(cmd)
        for _k, nm, arr in _read_names(vals, i):
            out.append(
                _Binding(
                    nm,
                    cmd.end,
                    hi,
                    f"{cmd.name} -a {nm}" if arr and cmd.name == "read" else f"{cmd.name} {nm}",
                    cmd.start,
                    cmd.end,
                    ref.whole_word and not arr,
                    split_array=arr and (cmd.name == "read" or _lines_to_elements(cmd)),
                    keeps=keeps and arr,
                )
            )
        return out
    if ref.context == "for-list":
        path = a.s.path_at_byte(a.s.byte(ref.ref_start))
        for k in range(len(path) - 1, -1, -1):
            if path[k].type == "for_statement":
                var = path[k].child_by_field_name("variable")
                body = path[k].child_by_field_name("body")
                if var is not None and body is not None:
                    nm = a.s.node_text(var)
                    out.append(
                        _Binding(
                            nm,
                            a.s.char(body.start_byte),
                            a.s.char(body.end_byte),
                            f"for {nm} in …",
                            a.s.char(path[k].start_byte),
                            a.s.char(var.end_byte),
                            ref.whole_word and not ref.splits,
                        )
                    )
                break
        return out
    if cmd is None or ref.word_index is None:
        return out
    ni = cmd.name_index
    if cmd.name == "printf" and ni is not None and ref.word_index > ni:
        vals = cmd.values
        nm = None
        if ni + 2 < len(vals) and vals[ni + 1] == "-v" and ref.word_index > ni + 2:
            nm = vals[ni + 2]
        elif (
            ni + 1 < len(vals)
            and vals[ni + 1]
            and vals[ni + 1].startswith("-v")
            and len(vals[ni + 1]) > 2
            and ref.word_index > ni + 1
        ):
            nm = vals[ni + 1][2:]
        if nm and _name_re().match(nm.split("[", 1)[0]):
            path = a.s.path_at_byte(a.s.byte(ref.ref_start))
            hi = _scope_end(a, path, len(path) - 1)
            fi = ni + 3 if vals[ni + 1] == "-v" else ni + 2
            q = fi < len(vals) and ref.word_index == fi + 1 and _is_q_template(vals[fi])
            out.append(
                _Binding(
                    nm.split("[", 1)[0],
                    cmd.end,
                    hi,
                    f"printf -v {nm} %q" if q else f"printf -v {nm}",
                    cmd.start,
                    cmd.end,
                    False,
                    q,
                )
            )
            return out
    # `set -- A VALUE`: VALUE is $2 (and part of "$@"/$*) from here to the end of the step
    if cmd.name == "set" and ni is not None and ref.word_index > ni:
        first = _set_operands(cmd.values, ni)
        if first is not None and ref.word_index >= first:
            pos = ref.word_index - first + 1
            path = a.s.path_at_byte(a.s.byte(ref.ref_start))
            hi = _scope_end(a, path, len(path) - 1)
            for nm in (str(pos), "@", "*"):
                out.append(
                    _Binding(
                        nm, cmd.end, hi, f"set -- … (${pos})", cmd.start, cmd.end, ref.whole_word and nm == str(pos)
                    )
                )
        return out
    # function call: f VALUE binds ${1:-} … in f's body
    if cmd.name and ni is not None and ref.word_index > ni and cmd.name in a.s.functions:
        pos = ref.word_index - ni
        for body_s, body_e in a.s.functions[cmd.name]:
            for nm in (str(pos), "@", "*"):
                out.append(
                    _Binding(
                        nm,
                        body_s,
                        body_e,
                        f"{cmd.name} argument ${pos}",
                        cmd.start,
                        cmd.end,
                        ref.whole_word and nm == str(pos),
                        lead=_call_lead(cmd, ni, ref.word_index) if nm == "@" else None,
                    )
                )
        return out
    # printer piped into `while read` / `{ read …; }`
    if cmd.name in ("echo", "printf", "cat") and ni is not None and ref.word_index > ni and a.s.has_read:
        out.extend(_pipe_read_bindings(a, cmd, ref))
    return out


@cache
def _delete_re() -> re.Pattern[str]:
    return compile_pattern(
        r"\$\{([A-Za-z_][A-Za-z0-9_]*)//\[[\^!]((?:\[:[a-z]+:\]|[^\]])+)\](?:/([A-Za-z0-9_.,:+=@%-]*))?\}\Z"
    )


@cache
def _basename_re() -> re.Pattern[str]:
    # ${x##*/} (the base name) or ${x//\//R} (every '/' replaced by an R without '/')
    return compile_pattern(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?:##\*/|//(?:\\/|'/'|\"/\")(?:/[A-Za-z0-9_.,:+=@%-]*)?)\}\Z")


# bytes a base name can hold: every byte but '/' (bash(1) ``${v##*/}`` removes the longest
# prefix ending in '/'; basename(1) prints NAME "with any leading directory components
# removed", or '/' alone for a NAME of only slashes, which names no parent either)
NO_SLASH = frozenset(chr(c) for c in range(1, 0x250) if chr(c) != "/")
# Guard.what of the sanitisers that only take '/' out: they say nothing a code sink or an
# option check can use (guard_verdict skips them), only that the value cannot climb
PATH_SANITISERS = frozenset({"${v##*/}", "$(basename …)", "| tr '/' …"})


def _whole_word_expansion(a, ref) -> str | None:
    """The text of the innermost ``${…}`` holding ``ref`` when ``ref`` is a whole word
    (``v=${x##*/}``, ``v="${x//[^a-z]/}"``), else None."""
    if not ref.whole_word:
        return None
    path = a.s.path_at_byte(a.s.byte(ref.ref_start))
    k = next((j for j in range(len(path) - 1, -1, -1) if path[j].type == "expansion"), None)
    return None if k is None else a.s.node_text(path[k])


def _basename_assignment(a, ref) -> bool:
    r"""``v=${x##*/}`` / ``v="${x##*/}"`` / ``v=${x//\//_}``: the assigned word is exactly
    the value with no '/' left."""
    text = _whole_word_expansion(a, ref)
    m = _basename_re().match(text) if text is not None else None
    return m is not None and m.group(1) == ref.name


def _allow_list_deletion(a, ref) -> frozenset | None:
    """The class of ``v=${x//[^CLASS]/}`` (the assigned word is exactly that expansion,
    the replacement is empty): bytes outside CLASS cannot survive it.  None otherwise."""
    text = _whole_word_expansion(a, ref)
    m = _delete_re().match(text) if text is not None else None
    if m is None or m.group(1) != ref.name or re.search(r"(?<!\\)[$`\"']", m.group(2)):
        return None  # `[^a-z$-]`: bash expands `$-` inside the pattern (checked): not a plain class
    keep = _class_chars(m.group(2))
    # `${x//[^CLASS]/_}`: each byte outside CLASS becomes the (literal) replacement
    return None if keep is None else keep | frozenset(m.group(3) or "")


def _in_code_single_quotes(a, u) -> bool:
    """The use sits inside single quotes *of the code* a double-quoted string builds
    (``bash -c "grep '$q' f"``): an odd number of ``'`` before it in the string, and no
    double quote, backslash or backquote that could change how the code reads them."""
    path = a.s.path_at_byte(a.s.byte(u.ref_start))
    k = next((j for j in range(len(path) - 1, -1, -1) if path[j].type == "string"), None)
    if k is None:
        return False
    s0 = a.s.char(path[k].start_byte) + 1
    before = a.text[s0 : u.ref_start]
    after = a.text[u.script_end : a.s.char(path[k].end_byte) - 1]
    return before.count("'") % 2 == 1 and "'" in after and not any(c in before for c in '"`\\')


def _sq_guarded(guards: list, names, at: int) -> bool:
    """A guard in force at ``at`` proves the value holds no ``'`` (so single quotes of the
    code cannot be closed by it)."""
    return any(g.lo <= at < g.hi and g.names & names and g.chars is not None and "'" not in g.chars for g in guards)


@cache
def _sed_escape_re() -> re.Pattern[str]:
    return compile_pattern(r"s([/|#,])\[([^\]]*(?:\][^\]]*)?)\]\1\\\\&\1g\Z")


def _sed_escape_stage(a, path: list, sub: int) -> bool:
    """``$(printf %s V | sed 's/[][\\/.^*]/\\\\&/g')``: the next pipeline stage backslash-escapes
    the delimiter and the backslash (the usual "escape for a sed s command" idiom).  Not
    proven sound for every sed script it is pasted into (newlines, other delimiters, GNU
    extensions), so it only lowers the confidence of a sed-program finding."""
    for k in range(len(path) - 1, sub, -1):
        if path[k].type != "pipeline":
            continue
        stages = [c for c in path[k].named_children if c.type == "command"]
        if len(stages) != 2:
            return False
        rc = a.cmds.command(stages[1], path[k])
        if (
            rc is None
            or rc.name != "sed"
            or rc.name_index is None
            or len(rc.values) != rc.name_index + 2
            or rc.values[-1] is None
        ):
            return False
        m = _sed_escape_re().match(rc.values[-1])
        return m is not None and m.group(1) in m.group(2) and "\\" in m.group(2)
    return False


_TR_ESC = {"\\n": "\n", "\\t": "\t", "\\r": "\r", "\\\\": "\\\\"}


def _tr_set(text: str) -> frozenset | None:
    """The bytes of a tr(1) SET (ranges, ``[:alnum:]`` classes, ``\\n`` escapes); None when
    it holds what this reading does not know (``[x*n]`` repeats, ``[=c=]``, octal)."""
    if "[=" in text or "*" in text or "\\0" in text:
        return None
    for k, v in _TR_ESC.items():
        text = text.replace(k, v)
    cc = _pat.class_chars(text) if not text.startswith(("^", "!")) else None
    return cc[1] if cc is not None else None


def drops_dashes(rc) -> bool:
    """Whether the pipeline stage ``rc`` is an allow-list filter whose output holds no '-'
    (``tr -cd 'a-z0-9 '``, ``sed 's/[^a-z,]//g'``): no piece of what it prints starts an option."""
    if rc.name not in ("tr", "sed"):
        return False
    allow = _allow_list_filter(rc)
    return allow is not None and "-" not in allow


def _allow_list_filter(rc) -> frozenset | None:
    """The bytes the filter command ``rc`` can print whatever its input: ``tr -cd SET`` /
    ``tr -dc SET`` (only SET; tr(1) -c complement, -d delete), ``tr -c SET X`` (SET and X),
    ``sed 's/[^CLASS]//g'`` / ``sed -E 's/[^CLASS]+/-/g'`` (CLASS and the replacement's
    literal bytes, and the newlines between input lines; sed(1) s command)."""
    vals = rc.values
    i = rc.name_index
    if i is None or any(v is None for v in vals[i + 1 :]):
        return None
    args = list(vals[i + 1 :])
    if rc.name == "tr":
        flags = ""
        while args and args[0].startswith("-") and len(args[0]) > 1 and args[0] != "--":
            flags += args.pop(0)[1:]
        if args[:1] == ["--"]:
            args.pop(0)
        if not set(flags) <= set("cCds") or not ("c" in flags or "C" in flags) or not args:
            return None
        keep = _tr_set(args[0])
        if keep is None:
            return None
        if "d" in flags:
            if len(args) == 1:
                return keep
            if len(args) == 2 and "s" in flags:  # tr -cds SET1 SET2: squeeze within SET2
                return keep
            return None
        if len(args) == 2:
            rep = _tr_set(args[1])
            return None if rep is None else keep | rep
        return None
    if rc.name == "sed":
        while args and args[0] in ("-E", "-r", "--regexp-extended", "-e"):
            args.pop(0)
        if len(args) != 1:
            return None
        m = _allow_sed_re().match(args[0])
        if m is None or any(c in m.group(3) for c in "&\\"):
            return None
        cc = _pat.class_chars(m.group(2))
        if cc is None or not cc[0]:
            return None
        # sed edits each line: the newlines between lines survive (found by verify: a value
        # "x\nCMD" kept its second line, which an eval then ran)
        return cc[1] | frozenset(m.group(3)) | frozenset("\n")
    return None


@cache
def _allow_sed_re() -> re.Pattern[str]:
    return compile_pattern(r"s([/|#,])\[((?:\^|!)(?:\[:[a-z]+:\]|[^\]])+)\][+*]?\1([^/|#,]*)\1g\Z")


def _last_filter_stage(a, path: list, sub: int):
    """The command of the last stage of the first pipeline inside the substitution
    ``path[sub]`` when it is a ``tr`` or ``sed`` filter ending that pipeline; None otherwise."""
    for k in range(sub + 1, len(path)):
        if path[k].type != "pipeline":
            continue
        stages = [c for c in path[k].named_children if c.type == "command"]
        if len(stages) < 2 or stages[-1].end_byte != path[k].end_byte:
            return None
        rc = a.cmds.command(stages[-1], path[k])
        return rc if rc is not None and rc.name in ("tr", "sed") else None
    return None


def _allow_list_stage(a, path: list, sub: int) -> frozenset | None:
    """The bytes the substitution ``path[sub]`` can print when its last pipeline stage is
    an allow-list filter (:func:`_allow_list_filter`); None otherwise."""
    rc = _last_filter_stage(a, path, sub)
    return None if rc is None else _allow_list_filter(rc)


@cache
def _slash_sed_re() -> re.Pattern[str]:
    # s#/#R#g, s|/|R|g, s,/,R,g, s/\//R/g with an R of no '/', '\\' or '&'
    return compile_pattern(r"s(?:([#|,:@%])/\1([^/\\&#|,:@%]*)\1|/\\//([^/\\&]*)/)g\Z")


def _slash_filter(rc) -> bool:
    """The filter command ``rc`` prints no ``/`` whatever its input: ``tr '/' '_'`` (tr(1):
    each byte of SET1 becomes the byte at the same place of SET2, the last one repeated),
    ``tr -d '/'`` (-d deletes SET1's bytes), ``sed 's#/#_#g'`` (sed(1) s command, g flag:
    every match on each line).  Plain literal sets only (no ranges, classes, escapes)."""
    vals = rc.values
    i = rc.name_index
    if i is None or any(v is None for v in vals[i + 1 :]):
        return False
    args = list(vals[i + 1 :])
    if args[:1] == ["--"]:
        args.pop(0)
    if rc.name == "tr":
        flags = ""
        while args and args[0].startswith("-") and len(args[0]) > 1:
            flags += args.pop(0)[1:]
        if any(not a or any(c in a for c in "[]\\") or "-" in a[1:-1] for a in args):
            return False
        if flags in ("d", "ds") and args and "/" in args[0] and (flags == "d") == (len(args) == 1):
            return not (len(args) == 2 and "/" in args[1])
        if flags or len(args) != 2:
            return False
        s1, s2 = args
        return "/" in s1 and all(s2[min(k, len(s2) - 1)] != "/" for k, c in enumerate(s1) if c == "/")
    if rc.name == "sed":
        while args and args[0] in ("-E", "-r", "--regexp-extended", "-e"):
            args.pop(0)
        return len(args) == 1 and _slash_sed_re().match(args[0]) is not None
    return False


def _slash_stage(a, path: list, sub: int) -> bool:
    """The last pipeline stage of the substitution ``path[sub]`` is a :func:`_slash_filter`."""
    rc = _last_filter_stage(a, path, sub)
    return rc is not None and _slash_filter(rc)


def _basename_stage(a, path: list, sub: int, ref) -> bool:
    """The substitution ``path[sub]`` is one ``basename [--] VALUE`` whose one operand is
    the value: it prints the value's last component."""
    for k in range(sub + 1, len(path)):
        if path[k].type in ("pipeline", "list", "redirected_statement"):
            return False
        if path[k].type == "command":
            rc = ref.command
            if rc is None or rc.name != "basename" or rc.name_index is None:
                return False
            args = list(rc.values[rc.name_index + 1 :])
            if args[:1] == ["--"]:
                args.pop(0)
            return len(args) == 1 and ref.word_index == len(rc.values) - 1
    return False


def _is_q_format(fmt) -> bool:
    """``printf '%q'`` (one conversion, nothing else): the output is the value quoted for bash."""
    # (a blank or newline after it: `printf '%q ' A B` writes each argument as one quoted
    # word, the words separated by blanks: re-parsed, each is its argument's bytes again)
    return fmt in ("%q", "%q\\n", "%q ")


def _is_q_template(fmt) -> bool:
    """``printf -v cmd 'du -sh -- %q' VALUE``: one ``%q`` conversion in plain words (no
    quote, ``$``, backquote, backslash or other conversion around it), so the variable holds
    a command line in which the value is one shell-quoted word (bash(1) printf ``%q``)."""
    if fmt is None or fmt.count("%") != 1 or "%q" not in fmt:
        return False
    body = fmt[:-2] if fmt.endswith("\\n") else fmt
    return not any(c in body for c in "'\"$`\\") and (body == "%q" or body.endswith(" %q") or " %q " in body)


def _q_only(p) -> bool:
    """The placeholder is the one argument of ``printf '%q'`` (the format and nothing else)."""
    pc = p.command
    ni = pc.name_index
    return (
        pc.name == "printf"
        and ni is not None
        and p.word_index == ni + 2
        and len(pc.values) == ni + 3
        and _is_q_format(pc.values[ni + 1])
    )


def _q_safe_use(a, u) -> bool:
    """A use of a ``printf %q`` result that re-parses it as shell code *outside any quotes*.

    ``%q`` backslash-escapes every byte that is special to bash (or writes ``$'…'``
    for control characters), so re-parsing the text as unquoted shell words gives back
    the value as literal bytes: no expansion, no operator, no quote opens (checked with
    real bash: ``eval "echo $q"`` with ``$(…)``, backquotes, quotes, ``;`` and newlines
    in the value runs nothing).  Inside quotes of the code it is NOT safe:
    ``eval "echo '$q'"`` and ``eval "echo \"$q\""`` both run ``$(…)`` when the value
    holds a newline (the ``$'…'`` form then closes/ignores the outer quote).  So the use
    must sit in a double-quoted code string with no quote or backquote before it, and
    the string must be the whole code word (nothing concatenated in front)."""
    path = a.s.path_at_byte(a.s.byte(u.ref_start))
    k = next((j for j in range(len(path) - 1, -1, -1) if path[j].type == "string"), None)
    if k is None or k == 0 or path[k - 1].type not in ("command", "declaration_command"):
        return False
    before = a.text[a.s.char(path[k].start_byte) + 1 : u.ref_start]
    if any(c in before for c in "'\"`\\") or "$(" in before or "<<" in before:
        return False
    return _value_unchanged(a.text, u.ref_start)


def _value_unchanged(text: str, i: int) -> bool:
    """The expansion at ``text[i]`` gives the variable's value unchanged when it is set:
    ``$v``, ``${v}``, ``${v:?msg}``/``${v?msg}`` (unset: the shell prints msg and stops),
    ``${v:-}``/``${v-word}`` with a plain default (bash(1) "Parameter Expansion"); not
    ``${v:+…}``, ``${v#…}``, ``${v/…}`` and the like, which change the ``%q`` text."""
    if text.startswith("${", i):
        j = i + 2
        while j < len(text) and (text[j].isalnum() or text[j] == "_"):
            j += 1
        if text.startswith("}", j):
            return True
        op = 2 if text.startswith((":?", ":-"), j) else 1 if text.startswith(("?", "-"), j) else 0
        if not op:
            return False
        end = text.find("}", j)
        word = text[j + op : end] if end >= 0 else "$"
        bad = "$`" if text[j + op - 1] == "?" else "$`'\"\\{"
        return not any(c in word for c in bad)
    return text.startswith("$", i)


def _q_safe_command_line(a, u) -> bool:
    """``k=$(printf %q V); GIT_SSH_COMMAND="ssh -i ${k:-} …" git …``: the use sits in the
    double-quoted whole value of an assignment to a variable one shell reads as a command
    line (envsafe.SHELL_COMMAND_LINE), after the first word and with no quote, backslash or
    substitution before it: that shell re-parses the ``%q`` text as unquoted words and gets
    the value's own bytes, one argument of the program the line names (as
    :func:`_q_safe_use` for ``eval``)."""
    from ...executor.envsafe import SHELL_COMMAND_LINE

    if u.assignment not in SHELL_COMMAND_LINE:
        return False
    path = a.s.path_at_byte(a.s.byte(u.ref_start))
    k = next((j for j in range(len(path) - 1, -1, -1) if path[j].type == "string"), None)
    if k is None or k == 0 or path[k - 1].type != "variable_assignment":
        return False
    val = path[k - 1].child_by_field_name("value")
    if val is None or val.start_byte != path[k].start_byte:
        return False
    before = a.text[a.s.char(path[k].start_byte) + 1 : u.ref_start]
    if any(c in before for c in "'\"`\\") or "$(" in before or "<<" in before:
        return False
    if not _value_unchanged(a.text, u.ref_start):
        return False
    head = before.lstrip(" \t")
    return " " in head or "\t" in head  # not in the first word (the program the line runs)


_QUOTED_ALL_RE = lazy_compile(r'"\$(?:\{[A-Za-z_][A-Za-z0-9_]*\[@\]\}|@|\{@\})"')


def _call_lead(cmd, ni: int, wi: int) -> tuple | None:
    """``run kubectl get pods -n VALUE``: the constant arguments of the function call before
    the value's (what ``"$@"`` in the body expands to first), or None."""
    lead = cmd.values[ni + 1 : wi]
    return None if any(v is None for v in lead) else tuple(lead)


def _array_lead(a, path: list, ref) -> tuple | None:
    """``cmd=(pg_dump --no-owner "--table=VALUE" app)``: the constant elements before the one
    holding the value (quotes removed), or None (not in an array literal, or an element
    before it is not constant text)."""
    k = next((j for j in range(len(path) - 1, -1, -1) if path[j].type == "array"), None)
    if k is None or k + 1 >= len(path):
        return None
    el = path[k + 1]
    out: list[str] = []
    for c in path[k].named_children:
        if c.start_byte == el.start_byte:
            return tuple(out)
        tx = a.s.node_text(c)
        if c.type == "raw_string":
            out.append(tx[1:-1])
        elif c.type in ("word", "string", "number") and not any(ch in tx for ch in "$`\\'*?[{~"):
            out.append(tx.strip('"') if c.type == "string" else tx)
        else:
            return None
    return None


def _element_roles(a, u, lead: tuple) -> list | None:
    """``"${cmd[@]}"`` (or a function's ``"$@"``) as the command word, the array's elements
    (the call's arguments) read as argv words after the words before it (bash(1) "Arrays",
    "Special Parameters": each element a separate word): the roles of the value's element in
    the command the constant elements before it name, or None where the value may be (part
    of) the program name or the use is not of that shape."""
    cmd = u.command
    wi = u.word_index
    if cmd is None or wi is None or wi != cmd.name_index:
        return None
    if _QUOTED_ALL_RE.fullmatch(cmd.word(wi).text) is None:
        return None
    before = list(cmd.values[:wi])
    if any(v is None for v in before):
        return None
    vals = before + list(lead) + [None]
    sem = bc.semantics(vals)
    if sem.name_index is None or sem.name_index >= len(vals) - 1:
        return None
    return list(sem.roles.get(len(vals) - 1, ()))


def _option_led_element(a, path: list, ref) -> bool:
    """``args=(--oneline -n 3 VALUE)``: the value is a whole element and every element
    before it is an option or the operand of one, so ``cmd "${args[@]}"`` hands it to
    ``cmd`` in an option position exactly when the array word is in one."""
    k = next((j for j in range(len(path) - 1, -1, -1) if path[j].type == "array"), None)
    if k is None or k + 1 >= len(path):
        return False
    el = path[k + 1]
    if a.s.char(el.start_byte) != ref.script_start or a.s.char(el.end_byte) != ref.script_end:
        return False
    prev_opt = False
    for c in path[k].named_children:
        if c.start_byte == el.start_byte:
            return True
        tx = a.s.node_text(c).strip("'\"")
        if tx in ("--", "--end-of-options"):
            return False  # option parsing ends before the value
        if tx.startswith("-") and len(tx) > 1:
            prev_opt = True
        elif prev_opt:
            prev_opt = False  # the operand of the option before it (-n 3)
        else:
            return False  # an operand before the value: option parsing may stop there
    return False


def _prints_exactly(a, sub, ref) -> bool:
    """The substitution ``sub`` is one printer command whose output is exactly the value
    (``$(echo "V")``, ``$(printf %s "V")``, ``$(printf '%s\n' "V")``; the substitution
    drops the trailing newline): the variable then holds the value itself."""
    pc = ref.command
    if pc is None or not ref.whole_word or pc.name_index is None or ref.word_index is None:
        return False
    body = [c for c in sub.named_children if c.type != "comment"]
    if len(body) != 1:
        return False
    b = body[0]
    if b.type == "redirected_statement":
        b = b.child_by_field_name("body")
    if b is not None and b.type == "pipeline" and a.s.char(b.start_byte) == pc.start:
        # `$(echo V | tr -d '\r')`, `$(printf '%s\n' V | sed 's/^ *//' | head -n1)`: every later
        # stage passes the value's bytes (blanks, a leading dash) through to the variable
        later = list(a.cmds.later_stages(pc))
        if not later or a.cmds.stage_index(pc) != 0:
            return False
        if not all(s.semantics.name in bc.PASS_THROUGH or _keeps_blanks(s) for s in later):
            return False
    elif b is None or a.s.char(b.start_byte) != pc.start or a.s.char(b.end_byte) != pc.end:
        return False
    vals = pc.values
    i = pc.name_index
    if pc.name == "echo":
        return len(vals) == i + 2 and ref.word_index == i + 1
    if pc.name == "printf":
        return len(vals) == i + 3 and ref.word_index == i + 2 and vals[i + 1] in ("%s", "%s\n", "%s\\n")
    return False


def _step_output_binding(a, ref) -> list:
    """A step that is one printer of the value (``echo VALUE``): the runtime's
    ``CMD_<i>_OUTPUT=$(step 2>&1)`` holds it, visible in the later steps."""
    pc = ref.command
    if ref.step is None or ref.step >= len(a.step_spans) or pc is None:
        return []
    name = f"CMD_{ref.step}_OUTPUT"
    memo = a.step_output_memo  # step -> (read later, start, end)
    hit = memo.get(ref.step)
    if hit is None:
        s0, s1 = a.step_spans[ref.step]
        text = a.text[s0:s1]
        hit = memo[ref.step] = (
            any(name in a.text[s:e] for s, e in a.step_spans[ref.step + 1 :]),
            s0 + len(text) - len(text.lstrip()),
            s1 - (len(text) - len(text.rstrip())),
        )
    read_later, start, end = hit
    if not read_later:
        return []  # no later step reads it (the common case: no binding, no variable scan)
    s0, s1 = a.step_spans[ref.step]
    if pc.start != start or not (
        pc.end == end or (pc.end > s1 and a.text[s1 : pc.end].strip() == "2>&1")  # the wrapper's redirect
    ):
        return []  # not the whole step (a list, a pipeline, a loop …)
    vals = pc.values
    i = pc.name_index
    exact = ref.whole_word and (
        (pc.name == "echo" and len(vals) == i + 2 and ref.word_index == i + 1)
        or (
            pc.name == "printf"
            and len(vals) == i + 3
            and ref.word_index == i + 2
            and vals[i + 1] in ("%s", "%s\n", "%s\\n")
        )
    )
    return [_Binding(name, s1, len(a.text), f"{name}=$({pc.name} …)", s0, s1, bool(exact))]


def _printed_binding(a, ref) -> list:
    """``x=$(echo VALUE)`` / ``local x="$(printf %s VALUE)"``: x holds the printed value."""
    path = a.s.path_at_byte(a.s.byte(ref.ref_start))
    sub = next((k for k in range(len(path) - 1, -1, -1) if path[k].type == "command_substitution"), None)
    if sub is None:
        return []
    for k in range(sub - 1, -1, -1):
        t = path[k].type
        if t in ("string", "concatenation"):
            continue
        if t == "variable_assignment":
            nm = path[k].child_by_field_name("name")
            par = path[k - 1].type if k > 0 else ""
            if nm is None or par == "command":
                return []  # `X=$(…) cmd`: only cmd's environment
            name = a.s.node_text(nm).split("[", 1)[0]
            hi = _scope_end(a, path, k)
            s = a.s.char(path[k].start_byte)
            e = a.s.char(path[k].end_byte)
            pc = ref.command
            q = (
                pc.name == "printf"
                and pc.name_index is not None
                and ref.word_index == pc.name_index + 2
                and len(pc.values) == pc.name_index + 3
                and (
                    _is_q_format(pc.values[pc.name_index + 1])
                    # `cmd=$(printf 'wc -l -- %q' V)`: the substitution is printf alone, so
                    # cmd holds a command line with the value as one shell-quoted word
                    or (
                        _is_q_template(pc.values[pc.name_index + 1])
                        and [c.type for c in path[sub].named_children] == ["command"]
                    )
                )
            )
            se = _sed_escape_stage(a, path, sub)
            allow = _allow_list_stage(a, path, sub)
            if allow is not None:
                # `k=$(printf %s V | tr -cd 'a-z0-9_-')`: the last stage prints only class bytes
                a.sanitised.append(Guard(frozenset({name}), ref.ref_start, e, hi, allow, allow, "| tr -cd …"))
            elif _basename_stage(a, path, sub, ref):
                a.sanitised.append(Guard(frozenset({name}), ref.ref_start, e, hi, None, NO_SLASH, "$(basename …)"))
            elif _slash_stage(a, path, sub):
                # `n=$(printf %s V | tr '/' '_')`: every '/' replaced or deleted
                a.sanitised.append(Guard(frozenset({name}), ref.ref_start, e, hi, None, NO_SLASH, "| tr '/' …"))
            return [
                _Binding(
                    name,
                    e,
                    hi,
                    f"{name}=$(printf %q …)"
                    if q
                    else f"{name}=$({pc.name} … | sed escape)"
                    if se
                    else f"{name}=$({pc.name} …)",
                    s,
                    e,
                    _prints_exactly(a, path[sub], ref),
                    q,
                    se,
                )
            ]
        if t == "for_statement":
            # for x in $(echo VALUE): each IFS field of the printed value, in the body
            var = path[k].child_by_field_name("variable")
            body = path[k].child_by_field_name("body")
            if (
                var is None
                or body is None
                or path[sub].start_byte < var.end_byte
                or path[sub].start_byte >= body.start_byte
            ):
                return []
            nm = a.s.node_text(var)
            return [
                _Binding(
                    nm,
                    a.s.char(body.start_byte),
                    a.s.char(body.end_byte),
                    f"for {nm} in $({ref.command.name} …)",
                    a.s.char(path[k].start_byte),
                    a.s.char(var.end_byte),
                    False,
                )
            ]
        return []
    return []


# programs that pass their input's bytes through (so the value survives in their output)
_FILTERS = frozenset(
    {"echo", "printf", "cat", "tr", "head", "tail", "sort", "uniq", "fold", "rev", "tac", "paste", "xargs"} - {"xargs"}
)


def _procsub_read_binding(a, ref) -> list:
    """``mapfile -t arr < <(tr , '\\n' <<< VALUE)`` / ``read -r x < <(echo VALUE)``:
    the reader's variables hold lines of the printed value, each line led by attacker bytes."""
    cmd = ref.command
    if cmd is None or cmd.name not in _FILTERS:
        return []
    if not (
        ref.context == "herestring"
        or (
            cmd.name_index is not None
            and ref.word_index is not None
            and ref.word_index > cmd.name_index
            and cmd.name in _PRINTERS
        )
    ):
        return []
    if not a.s.may_have_procsub:
        return []
    path = a.s.path_at_byte(a.s.byte(ref.ref_start))
    for k in range(len(path) - 1, 0, -1):
        t = path[k].type
        if t == "process_substitution":
            if path[k - 1].type != "file_redirect" or k < 2 or path[k - 2].type != "redirected_statement":
                return []
            body = path[k - 2].child_by_field_name("body")
            if body is None or body.type != "command":
                return []
            rc = a.cmds.command(body, path[k - 2])
            if rc is None or rc.name not in ("read", "mapfile", "readarray"):
                return []
            hi = _scope_end(a, path, k - 2)
            return [
                _Binding(
                    nm,
                    rc.end,
                    hi,
                    f"{rc.name} {nm} < <({cmd.name} …)",
                    rc.start,
                    rc.end,
                    True,
                    split_array=arr and _lines_to_elements(rc),
                )
                for _k, nm, arr in _read_names(rc.values, rc.name_index or 0)
            ]
        if t in ("command_substitution", "program", "function_definition", "subshell"):
            return []
    return []


def _pipe_read_bindings(a, cmd, ref) -> list:
    node = cmd.node
    b = node.start_byte
    path = a.s.path_at_byte(b)
    for k in range(len(path) - 1, -1, -1):
        if path[k].type == "pipeline":
            cur = path[k].walk()  # a cursor: no list of every stage (5,000-stage pipelines)
            if cur.goto_first_child_for_byte(b) is None:
                return []
            nxt = None
            while cur.goto_next_sibling():
                if cur.node.is_named:
                    nxt = cur.node
                    break
            if nxt is None:
                return []
            first = None
            body = None
            if nxt.type == "while_statement":
                cond = nxt.child_by_field_name("condition")
                first = cond
                body = nxt.child_by_field_name("body")
            elif nxt.type == "compound_statement":
                first = next((c for c in nxt.named_children if c.type == "command"), None)
                body = nxt
            if first is None or body is None or first.type != "command":
                return []
            rc = a.cmds.command(first)
            if rc is None or rc.name not in ("read", "mapfile", "readarray"):
                return []
            return [
                _Binding(
                    nm, a.s.char(body.start_byte), a.s.char(body.end_byte), f"| {rc.name} {nm}", rc.start, rc.end, False
                )
                for _k, nm, _arr in _read_names(rc.values, rc.name_index or 0)
            ]
        if path[k].type in ("command_substitution", "program", "process_substitution"):
            return []
    return []


@cache
def _indirect_re() -> re.Pattern[str]:
    # not ``${!name[@]}``/``${!name[*]}`` (the array's keys) nor ``${!prefix@}``/``${!prefix*}``
    # (the names of variables starting with prefix): bash(1) "Parameter Expansion", neither
    # reads the value of name as a variable name (measured: a value x[$(touch C)] in L[0]
    # runs through ${!L[0]}, not through ${!L[@]})
    return compile_pattern(r"\$\{!([A-Za-z_][A-Za-z0-9_]*)(?!\[[@*]\]\}|[@*]\})")


@cache
def _ident_re() -> re.Pattern[str]:
    return compile_pattern(r"(?<![\w$])[A-Za-z_][A-Za-z0-9_]*(?![\w])")


class _Hop:
    """One hop of a value-flow chain and the chain before it (shared, not
    copied: copying the chain tuple per binding was quadratic on a chain of
    n functions or variables, issue 29); :meth:`hops` builds the tuple a
    Sink keeps, only where one is made."""

    __slots__ = ("parent", "hop")

    def __init__(self, parent: _Hop | None, hop: tuple) -> None:
        self.parent = parent
        self.hop = hop

    def hops(self) -> tuple:
        out = []
        c: _Hop | None = self
        while c is not None:
            out.append(c.hop)
            c = c.parent
        out.reverse()
        return tuple(out)


class _Names:
    """The names a value passed through on a long chain of copies (``a1="$a0";
    a2="$a1"; …``): the names of the chain before it (shared, not copied: a
    frozenset union per hop was quadratic on a chain of n variables, issue 29)
    and this hop's own; the set is built once, where a check reads it.  It
    behaves as the frozenset it stands for (``g.names & names``, iteration,
    membership, equality)."""

    __slots__ = ("prior", "own", "_set")

    def __init__(self, prior, own: frozenset) -> None:
        self.prior = prior
        self.own = own
        self._set: frozenset | None = None

    def full(self) -> frozenset:
        s = self._set
        if s is None:
            acc = set(self.own)
            c = self.prior
            while isinstance(c, _Names) and c._set is None:
                acc |= c.own
                c = c.prior
            s = self._set = frozenset(acc).union(c.full() if isinstance(c, _Names) else c)
        return s

    def __and__(self, other):
        return self.full() & other

    def __rand__(self, other):
        return other & self.full()

    def __or__(self, other):
        return self.full() | other

    def __ror__(self, other):
        return other | self.full()

    def __iter__(self):
        return iter(self.full())

    def __len__(self) -> int:
        return len(self.full())

    def __contains__(self, x) -> bool:
        return x in self.full()

    def __eq__(self, other) -> bool:
        return self.full() == (other.full() if isinstance(other, _Names) else other)

    def __hash__(self) -> int:
        return hash(self.full())

    def isdisjoint(self, other) -> bool:
        return self.full().isdisjoint(other)


#: a chain of names longer than this is kept as a :class:`_Names` (short ones: a frozenset)
_NAMES_CHAIN_AT = 16


class Flow:
    """The result of the value-flow pass: the guards in force (checks of a value that
    end the step when they fail, sanitisers), and the argv uses of variables holding
    exactly a placeholder's value ``(variable Ref, placeholder Ref, name, names)``.
    The sinks and split uses reached through variables are added to the placeholders'
    :class:`~.model.Ref` records themselves (``sinks``, ``split_uses``, ``tainted_name``)."""

    __slots__ = ("guards", "flow_uses", "element_leads")

    def __init__(self, guards: list, flow_uses: list, element_leads: dict | None = None) -> None:
        self.guards = guards
        self.flow_uses = flow_uses
        # (id(use Ref), id(placeholder Ref)) -> the constant argv words a quoted "${a[@]}" /
        # "$@" use puts before the value's word (the array's earlier elements)
        self.element_leads = {} if element_leads is None else element_leads


class _Pass:
    """What the value-flow functions of this module read: the script, its commands and
    references, and the pass's own accumulators."""

    __slots__ = ("s", "text", "step_spans", "cmds", "refs", "sanitised", "step_output_memo", "element_leads")

    def __init__(self, script: Script, commands: CommandTable, refs: References) -> None:
        self.s = script
        self.text = script.text
        self.step_spans = script.step_spans
        self.cmds = commands
        self.refs = refs
        self.sanitised: list = []  # Guard of each ${v//[^…]/} sanitiser (_bindings_of adds them)
        self.step_output_memo: dict = {}  # step -> (read later, start, end) (_step_output_binding)
        self.element_leads: dict = {}  # Flow.element_leads


def propagate(script: Script, commands: CommandTable, refs: References) -> Flow:
    """Follow every placeholder through the variables it is bound to (see module doc)."""
    phs = [r for r in refs.placeholders if r.expands]
    if not phs:
        return Flow([], [])
    a = _Pass(script, commands, refs)
    # bindings first: without one, no variable reference needs classifying (the
    # common case: `variables` stays lazy and unbuilt, as before value flow existed)
    work: list = []
    for p in phs:
        for bd in _bindings_of(a, p):
            work.append((p, bd, _Hop(None, (f"'{p.name}'", p.script_start, p.script_end)), frozenset()))
    uses, use_index, extra_refs = _uses_by_name(a, work)
    guards = _subject_guards(a, phs, extra_refs if work else None)
    guards.extend(_loop_guards(a, guards))
    guards.extend(a.sanitised)
    a.sanitised = guards  # from here on a sanitiser found on the way is in force at once
    flow_uses: list = []
    done = _follow(a, work, uses, use_index, guards, flow_uses)
    _arithmetic_names(a, done, guards)
    read_back = "$(cat " in a.text or "$(<" in a.text  # (cheap: most scripts read no file back)
    for p in phs:
        _printed_and_positional(a, p, guards)
        if read_back:
            _split_through_file(a, p, guards)
    _drop_reported_splits(phs)
    if guards:
        _own_guards(phs, guards)
    return Flow(guards, flow_uses, a.element_leads)


_LIST_ITEM_RE = lazy_compile(r'"\$\{?([A-Za-z_][A-Za-z0-9_]*)(?::?[-=][^}]*)?\}?"')


def _loop_guards(a: _Pass, guards: list) -> list:
    """``for v in "${p:-}" "${n:-}"; do [[ $v =~ RX ]] || exit 1; done``: a guard on the loop
    variable that ends the step when it fails, in force to the end of the loop body, has
    checked every listed variable once the loop is done (each item is one whole quoted
    expansion, so ``v`` took each value exactly): a guard on those after the loop."""
    out = []
    for g in guards:
        if len(g.names) != 1:
            continue
        path = a.s.path_at_byte(a.s.byte(g.start))
        k = next((j for j in range(len(path) - 1, -1, -1) if path[j].type == "for_statement"), None)
        if k is None:
            continue
        loop = path[k]
        var = loop.child_by_field_name("variable")
        body = loop.child_by_field_name("body")
        if var is None or body is None or a.s.node_text(var) not in g.names:
            continue
        if g.hi < a.s.char(body.end_byte):
            continue  # not in force to the end of the body (`continue`, an inner branch)
        items = [c for c in loop.children if c.start_byte > var.end_byte and c.end_byte <= body.start_byte]
        items = [c for c in items if c.type not in ("in", ";", "\n")]
        names: list[str] = []
        for c in items:
            m = _LIST_ITEM_RE.fullmatch(a.s.node_text(c))
            if m is None:
                names = []
                break
            names.append(m.group(1))
        if not names:
            continue
        hi = _scope_end(a, path, k)
        lo = a.s.char(loop.end_byte)
        out.append(Guard(frozenset(names), g.start, lo, max(hi, lo), g.first, g.chars, f"for … {g.what}"))
    return out


def _uses_by_name(a: _Pass, work: list) -> tuple:
    """(step, name) -> the variable references of that name, and their index sorted by
    position; none without a binding to follow."""
    uses: dict = {}
    use_index: dict = {}  # (step, name) -> (sorted ref_starts, the uses' indexes in that order)
    extra_refs: list = []
    if work:
        extra_refs = a.refs.positional_refs()
        for v in list(a.refs.variables) + extra_refs:
            uses.setdefault((v.step, v.name), []).append(v)
        # sorted by position: a binding reads only the uses inside its range
        # (bisect), not every use of its name (issue 29: "$@" in a chain of n
        # functions made each of the n bindings scan n uses)
        for k, lst in uses.items():
            starts = [u.ref_start for u in lst]
            order = sorted(range(len(lst)), key=starts.__getitem__)
            use_index[k] = ([starts[i] for i in order], order)
    return uses, use_index, extra_refs


def _subject_guards(a: _Pass, phs: list, extra_refs: list | None) -> list:
    """Guards on each placeholder/variable reference in a test or case subject (the
    variables' only when a binding is followed: ``extra_refs`` not None)."""
    work = extra_refs is not None
    guards: list = []
    checked = list(phs) + ([v for v in a.refs.variables if v.expands] + (extra_refs or []) if work else [])
    for r in checked:
        if (
            (r.context in ("test", "case") and not r.sinks and not r.pattern)
            or (r.context == "case" and not r.pattern)
            or _validated(r)
        ):
            names = frozenset({r.env_var or r.name}) if r.kind == "placeholder" else frozenset({r.name})
            guards.extend(_guards_at(a, r, names))
    return guards


def _follow(a: _Pass, work: list, uses: dict, use_index: dict, guards: list, flow_uses: list) -> list:
    """The worklist: every binding of a placeholder's value, transitively; the sinks and
    split uses reached are added to the placeholder.  Returns (placeholder, binding,
    chain, names) of each binding followed."""
    seen: set = set()
    done: list = []
    has_indirect: dict = {}  # step -> whether it holds ${!
    while work:
        check()  # the CPU budget (linter/run/budget.py)
        p, bd, chain, prior = work.pop()
        key = (id(p), p.step, bd.name, bd.lo)
        if key in seen or len(seen) > 10000:
            continue
        seen.add(key)
        chain2 = _Hop(chain, (bd.label, bd.start, bd.end))
        # the names the value passed through: a check of any of them covers this copy too
        if type(prior) is _Names or len(prior) > _NAMES_CHAIN_AT:
            pnames = _Names(prior, frozenset({p.env_var or p.name, bd.name}))
        else:
            pnames = frozenset({p.env_var or p.name, bd.name}) | prior
        step_output = bd.name == f"CMD_{p.step}_OUTPUT"
        if step_output:  # the runtime's variable: read in the later steps
            ulist = [
                u
                for st in range(p.step + 1, len(a.step_spans))
                for u in uses.get((st, bd.name), ())
                if bd.lo <= u.ref_start < bd.hi
            ]
        else:
            ulist = uses.get((p.step, bd.name), ())
            if ulist:
                starts, order = use_index[(p.step, bd.name)]
                inside = order[bisect_left(starts, bd.lo) : bisect_left(starts, bd.hi)]
                ulist = [ulist[i] for i in sorted(inside)]  # in the uses' own order, as before
        for u in ulist:
            _reach(a, p, bd, chain2, pnames, u, step_output, guards, flow_uses, work)
        done.append((p, bd, chain2, pnames))
        _indirect(a, p, bd, chain2, pnames, guards, has_indirect)
        p.tainted_name = p.tainted_name or bd.name
    return done


def _reach(a: _Pass, p, bd: _Binding, chain2: _Hop, pnames, u, step_output: bool, guards, flow_uses, work) -> None:
    """A use ``u`` of binding ``bd`` of placeholder ``p``'s value: its sinks, its splitting,
    and the bindings it makes in turn."""
    if bd.exact and u.expands and u.word_index is not None and bd.name not in a.s.int_vars:
        flow_uses.append((u, p, bd.name, pnames))  # option analysis: `git clone "${url:-}"`
        if (
            bd.lead is not None
            and u.command is not None
            and _QUOTED_ALL_RE.fullmatch(u.command.word(u.word_index).text)
        ):
            # `flags=(--namespace VALUE); helm list "${flags[@]}"`: the elements before the
            # value's are argv words before it (option analysis reads them)
            a.element_leads[(id(u), id(p))] = bd.lead
    if step_output:
        return  # its sinks and unquoted uses are UL156's and UL155's findings (one fact)
    roles = _element_roles(a, u, bd.lead) if bd.lead and u.sinks else None
    if roles is not None:
        # the program is the array's constant first element: the value is an argument
        # of it, with the roles that position has (`cmd=(bash -c VALUE)` runs code)
        u_sinks = [Sink(r.kind, r.detail, r.confidence, u.command) for r in roles]
    else:
        u_sinks = u.sinks
    for sk in u_sinks:
        if bd.shell_quoted and sk.kind == SHELL_CODE and _q_safe_use(a, u):
            continue  # printf %q, re-parsed as unquoted words: literal bytes again
        if bd.shell_quoted and sk.kind == COMMAND_NAME and _q_safe_command_line(a, u):
            continue  # printf %q in a command line one shell reads: one literal argument
        verdict = guard_verdict(guards, pnames, u.ref_start, kind=sk.kind)
        if verdict == "safe":
            continue
        if (
            verdict == "unclear"
            and sk.kind == SHELL_CODE
            and _sq_guarded(guards, pnames, u.ref_start)
            and _in_code_single_quotes(a, u)
        ):
            continue  # inside '…' of the code, and the value cannot hold a quote
        conf = _LOWER[sk.confidence] if verdict == "unclear" else sk.confidence
        if bd.sed_escaped and sk.command is not None and sk.command.name == "sed":
            conf = "low"  # escaped for a sed s command: likely inert, not proven
        ch = chain2.hops() + ((_use_label(a, u, sk), u.script_start, u.script_end),)
        _add(
            p,
            Sink(
                sk.kind,
                f"{sk.detail}, through ${bd.name} ({chain_text(ch)})",
                conf,
                sk.command,
                chain=ch,
                guarded=sk.guarded or (verdict == "unclear" and guard_unreadable(guards, pnames, u.ref_start)),
            ),
        )
    if (
        u.splits
        and (bd.exact or bd.keeps or bd.name in ("@", "*"))  # unquoted $@ splits each argument, the value too
        and u.cmd_output is None  # an unquoted $CMD_<i>_OUTPUT is UL155's finding
        and not u.sinks
        and bd.name not in a.s.int_vars
        and guard_verdict(guards, pnames, u.ref_start) != "safe"
    ):
        hop = (f"unquoted ${bd.name}", u.script_start, u.script_end)
        slot = runner_command_slot(u.command, u.word_index)
        if slot is not None:
            ch = chain2.hops() + (hop,)
            _add(
                p,
                Sink(
                    COMMAND_NAME,
                    f"split into words by the unquoted ${bd.name} ({chain_text(ch)}) {slot}",
                    "high",
                    u.command,
                    chain=ch,
                ),
            )
        else:
            p.split_uses.append((bd.name, u, chain2.hops() + (hop,)))
    if (
        bd.split_array
        and u.word_index is not None
        and u.expands
        and not u.sinks
        and _all_elements(a, u)
        and not _printf_data(u)
        and guard_verdict(guards, pnames, u.ref_start) != "safe"
    ):
        # `read -ra pkgs <<< VALUE; pip install "${pkgs[@]}"`: read splits the value on
        # IFS into elements (bash(1) read -a), and "${a[@]}" passes each as an argument
        label = bd.label
        p.split_uses.append(
            (
                label,
                u,
                chain2.hops() + ((a.text[u.script_start : u.script_end], u.script_start, u.script_end),),
            )
        )
    if _inert_copy(guards, pnames, u.ref_start):
        return  # copied after a check: the copy's bytes from the value are inert
    for bd2 in _bindings_of(a, u):
        if bd2.name != bd.name or bd2.lo != bd.lo:
            work.append((p, bd2, chain2, pnames))


_INERT_COPY = SAFE_CHARS - {"/"}


def _inert_copy(guards: list, names, at: int) -> bool:
    """Whether a check covering the use at script ``at`` proves the value holds only bytes
    no shell or program re-reading turns into code, a path step or an option (letters,
    digits, ``_.,:+=@%-``, not led by ``-``): what a variable built from it there
    (``cmd="systemctl ${a} nginx"``) holds of the value is as inert, so its uses are
    not followed (``[[ $a =~ ^start$|^stop$ ]] || exit`` before the copy)."""
    for g in guards:
        if g.lo <= at < g.hi and g.names & names and g.chars is not None and g.chars <= _INERT_COPY:
            if g.first is not None and "-" not in g.first:
                return True
    return False


def _indirect(a: _Pass, p, bd: _Binding, chain2: _Hop, pnames, guards: list, has_indirect: dict) -> None:
    """``${!name}``: the value names the variable bash reads (subscripts evaluated)."""
    s0, s1 = a.step_spans[p.step]
    indirect = has_indirect.get(p.step)
    if indirect is None:  # once per step: slicing it per binding was quadratic
        indirect = has_indirect[p.step] = a.text.find("${!", s0, s1) != -1
    if indirect:
        for m in _indirect_re().finditer(a.text, max(s0, bd.lo), min(s1, bd.hi)):
            if m.group(1) == bd.name and guard_verdict(guards, pnames, m.start()) != "safe":
                ch = chain2.hops() + ((f"${{!{bd.name}}}", m.start(), m.end()),)
                _add(
                    p,
                    Sink(
                        VARIABLE_NAME,
                        f"indirect expansion ${{!{bd.name}}} ({chain_text(ch)})",
                        "high",
                        None,
                        chain=ch,
                    ),
                )


def _arithmetic_names(a: _Pass, done: list, guards: list) -> None:
    """Bare names inside arithmetic: $(( n * 2 )), (( n )), a[n], [[ n -eq 1 ]] (one scan per step)."""
    bound: dict = {}
    for p, bd, _chain2, _pnames in done:
        if bd.name.isidentifier():
            bound.setdefault(p.step, set()).add(bd.name)
    idents_by_step = {st: _arith_idents(a, st, nms) for st, nms in bound.items()}
    for p, bd, chain2, pnames in done:
        for s, detail in idents_by_step.get(p.step, {}).get(bd.name, ()):
            if bd.lo <= s < bd.hi:
                verdict = guard_verdict(guards, pnames, s)
                if verdict == "safe":
                    continue
                conf = "medium" if verdict == "unclear" else "high"
                ch = chain2.hops() + ((detail, s, s + len(bd.name)),)
                _add(
                    p,
                    Sink(
                        ARITHMETIC,
                        f"{detail}, through variable {bd.name} ({chain_text(ch)})",
                        conf,
                        None,
                        chain=ch,
                        guarded=verdict == "unclear" and guard_unreadable(guards, pnames, s),
                    ),
                )


def _printed_and_positional(a: _Pass, p, guards: list) -> None:
    """Printed text that becomes code (``eval "$(echo V)"``, ``source <(echo V)``), printed
    text split by bash, ``sh -c '…$1…' sh VALUE``, stdin an interpreter evaluates."""
    if (
        p.nested
        and p.command is not None
        and p.command.name in _PRINTERS | _PATH_PRINTERS
        and p.word_index is not None
        and p.command.name_index is not None
        and p.word_index > p.command.name_index
    ):
        sk = _printed_code_sink(a, p) if p.command.name in _PRINTERS else None
        if sk is not None and guard_verdict(guards, frozenset({p.env_var or p.name}), p.ref_start) != "safe":
            _add(p, sk)
        elif (
            sk is None
            and p.outer_split
            and p.command.name in _SPLIT_PRINTERS
            and not (p.command.name == "printf" and _printf_v(p.command))
            and _output_is_printed(a, p.command)
            and guard_verdict(guards, frozenset({p.env_var or p.name}), p.ref_start) != "safe"
        ):
            # `docker rm $(printf '%s' V)`: the printed value is the substitution's
            # output, which bash splits on blanks and globs (bash(1) "Word Splitting":
            # results of command substitution not within double quotes)
            span = _substitution_span(a, p)
            outer = a.cmds.command_at(span[0]) if span is not None and not span[2] else None
            slot = (
                runner_command_slot(outer, outer.word_index_at_byte(a.s.byte(span[0])))
                if span is not None and outer is not None and outer is not p.command
                else None
            )
            if slot is not None and span is not None:
                sub = f"$({p.command.name} …)"
                ch = ((f"'{p.name}'", p.script_start, p.script_end), (f"unquoted {sub}", span[0], span[1]))
                _add(p, Sink(COMMAND_NAME, f"split into words by the unquoted {sub} {slot}", "high", outer, chain=ch))
            elif span is not None and not _q_rejoined(a, p, span):
                label = f"unquoted $({p.command.name} …){span[2]}"
                p.split_uses.append(
                    (label, p, ((f"'{p.name}'", p.script_start, p.script_end), (label, span[0], span[1])))
                )
    # `rm $(find DIR -name V)`, `for f in $(grep -l V *)`: the value chooses the file names
    # the command prints, and bash splits them on blanks and globs each piece (a name
    # `old report.txt` becomes `old` and `report.txt`)
    if (
        p.nested
        and p.outer_split
        and p.command is not None
        and p.word_index is not None
        and not p.split_uses
        and chooses_printed_names(p.command, p.word_index)
        and _output_is_printed(a, p.command)
        and guard_verdict(guards, frozenset({p.env_var or p.name}), p.ref_start) != "safe"
    ):
        span = _substitution_span(a, p)
        if span is not None:
            label = f"names $({p.command.name} …){span[2]}"
            p.split_uses.append((label, p, ((f"'{p.name}'", p.script_start, p.script_end), (label, span[0], span[1]))))
    # `sh -c 'ls ${1:-}' sh VALUE`: the value is $1 of the code, expanded unquoted there
    if p.command is not None and p.command.name in _SHELL_NAMES and p.word_index is not None and not p.sinks:
        ev = _positional_eval(p.command, p.word_index)
        if ev is not None and guard_verdict(guards, frozenset({p.env_var or p.name}), p.ref_start) != "safe":
            _add(p, Sink(SHELL_CODE, f"{p.command.name} -c … {ev}: the code evaluates its argument", "high", None))
            return
        hit = _positional_split(p.command, p.word_index)
        if hit is not None and guard_verdict(guards, frozenset({p.env_var or p.name}), p.ref_start) != "safe":
            label = f"{p.command.name} -c … {hit}"
            p.split_uses.append((label, p, ((f"'{p.name}'", p.script_start, p.script_end),)))
    # `python3 -c '…subprocess.run(["ls", *sys.argv[1].split()])…' V`: the program splits
    # its argument into several arguments of the program it runs (code_taint.split_arguments)
    if p.command is not None and p.word_index is not None and not p.sinks and bc.is_python(p.command.name or ""):
        n = _python_argv_split(p.command, p.word_index)
        if n is not None and guard_verdict(guards, frozenset({p.env_var or p.name}), p.ref_start) != "safe":
            label = f"{p.command.name} -c … sys.argv[{n}] split"
            p.split_uses.append((label, p, ((f"'{p.name}'", p.script_start, p.script_end),)))
    # stdin that an interpreter evaluates: python3 -c "…eval(input())…" <<< V
    if (p.herestring or (p.heredoc is not None and p.context == "heredoc")) and p.command is not None:
        sk = _stdin_eval_sink(p.command)
        if sk is not None and not p.sinks_of(sk.kind):
            _add(p, sk)


def _python_argv_split(cmd, wi: int) -> int | None:
    """N when word ``wi`` of ``cmd`` (``python3 -c CODE ARG…``) is ``sys.argv[N]`` and CODE
    splits it into arguments of a program it runs (code_taint.split_arguments), else None."""
    vals = cmd.values
    k = cmd.name_index + 1
    while k < len(vals):
        v = vals[k]
        if v is None or v[:1] != "-" or v == "-":
            return None  # a script operand (or a dynamic word) before any -c
        if v == "-c":
            code, first = (vals[k + 1] if k + 1 < len(vals) else None), k + 2
            break
        if v.startswith("-c"):
            code, first = v[2:], k + 1
            break
        k += 2 if v in ("-W", "-X") else 1  # python(1): -W ARG, -X OPT take the next word
    else:
        return None
    if code is None or wi < first:
        return None
    from ..code_taint import split_arguments

    n = wi - first + 1  # sys.argv[0] is "-c"
    return n if n in split_arguments(code) else None


# `$(cat FILE)`, `$(cat -- FILE)`, `$(< FILE)`, `$(<FILE)` with a static FILE (quoted or not)
_READ_BACK_RE = lazy_compile(r"\$\(\s*(?:cat\s+(?:--\s+)?|<\s*)(['\"]?)([^\s'\"()`;|&<>$\\]+)\1\s*\)")
_WRITE_OPS = frozenset({">", ">>", ">|"})


def _split_through_file(a: _Pass, p, guards: list) -> None:
    """``printf '%s\n' V > F`` then, later (the same or a later step), an unquoted
    ``$(cat F)`` / ``$(< F)`` argument: the file holds the value's text and bash splits the
    substitution's output on blanks and globs each piece (bash(1) "Word Splitting"), so one
    value becomes several arguments, as ``$(printf '%s' V)`` does (measured through the real
    client: tests/test_split_through_file.py)."""
    cmd = p.command
    if (
        cmd is None
        or cmd.name not in _SPLIT_PRINTERS
        or p.word_index is None
        or cmd.name_index is None
        or p.word_index <= cmd.name_index
        or next(iter(a.cmds.later_stages(cmd)), None) is not None
    ):
        return
    files = {
        _plain_path(rd.target.value)
        for rd in cmd.redirects
        if rd.op in _WRITE_OPS and rd.fd in (None, "1") and rd.target is not None and rd.target.value
    }
    if not files:
        return
    for m in _READ_BACK_RE.finditer(a.text, cmd.end):
        if _plain_path(m.group(2)) not in files:
            continue
        place = _split_place(a, m.start())
        if place is None or guard_verdict(guards, frozenset({p.env_var or p.name}), p.ref_start) == "safe":
            continue
        label = f"file {m.group(2)} {m.group(0)}{place}"
        p.split_uses.append((label, p, ((f"'{p.name}'", p.script_start, p.script_end), (label, m.start(), m.end()))))
        return


def _plain_path(path: str) -> str:
    while path.startswith("./"):
        path = path[2:]
    return path


def _split_place(a: _Pass, at: int) -> str | None:
    """Where bash splits the output of the command substitution starting at ``at`` ("" for
    an argument, " in a for list", " in an array literal"), or None: quoted, an
    assignment's value, a here-string, a test, the runtime's own ``CMD_i_OUTPUT=$(``."""
    b = a.s.byte(at)
    path = a.s.path_at_byte(b)
    k = len(path) - 1
    while k >= 0 and not (path[k].type == "command_substitution" and path[k].start_byte == b):
        k -= 1
    if k < 0:
        return None
    child = path[k]
    for j in range(k - 1, -1, -1):
        t = path[j].type
        if t == "command":
            if child.type in ("variable_assignment", "herestring_redirect", "heredoc_redirect", "file_redirect"):
                return None
            return ""
        if t in ("for_statement", "array"):
            return _SPLIT_PLACE.get(t, "")
        if t not in ("concatenation",):
            return None  # a string, an assignment, a test, a redirect …
        child = path[j]
    return None


def _drop_reported_splits(phs: list) -> None:
    """A variable whose value already reaches code (UL101/UL102…) is reported there, once."""
    for p in phs:
        if p.split_uses:
            p.split_uses[:] = [
                x for x in p.split_uses if not any(sk.chain[: len(x[2]) - 1] == x[2][:-1] for sk in p.sinks if sk.chain)
            ]


@cache
def _input_mode_re() -> re.Pattern[str]:
    # `a`, `$a`, `0a`: appends, valid in an empty buffer too.  An addressed `1i` or `c` fails
    # on a missing or short file, ed stays in command mode and the next line is a command
    # (measured with a canary: `printf '1i\n%s\n' '!touch C' | ed -s missing` runs it)
    return compile_pattern(r"[$0]?a\Z")


def _printf_line(cmd, wi: int) -> tuple | None:
    """(lines before,) when argv word ``wi`` of ``printf FORMAT ARGS`` is printed by a
    ``%s`` that fills a whole line of the output (``printf 'a\\n%s\\n.\\n' V``): the format's
    lines before that line; None for any other shape (a dynamic format, other conversions,
    more arguments than conversions, text around the ``%s``)."""
    sem = cmd.semantics
    ni = sem.name_index
    if sem.name != "printf" or ni is None or wi <= ni + 1 or ni + 1 >= len(cmd.values):
        return None
    fmt = cmd.values[ni + 1]
    if fmt is None or fmt.startswith("-"):
        return None
    convs = [m.start() for m in re.finditer(r"%.", fmt) if m.group() != "%%"]
    if any(fmt[c : c + 2] != "%s" for c in convs) or len(cmd.values) - (ni + 2) > len(convs):
        return None
    at = convs[wi - (ni + 2)]
    before, after = fmt[:at], fmt[at + 2 :]
    if not (before == "" or before.endswith("\\n")) or not (after == "" or after.startswith("\\n")):
        return None
    return (before.split("\\n")[:-1],)


def _text_line_kept(p, sk, guards: list, names: frozenset) -> bool:
    """``case V in *$'\\n'*) exit 2;; esac; printf 'a\\n%s\\n.\\nw\\n' V | ed -s F``: the value
    fills a line of the editor's input mode (``programs.TEXT_MODE_EDITORS``) and a guard keeps
    newlines out, so it stays one text line and never reaches command mode."""
    if sk.kind != STDIN_CODE or sk.command is None or p.command is None or p.word_index is None:
        return False
    if sk.command.semantics.name not in _programs.TEXT_MODE_EDITORS:
        return False
    if not any(
        g.lo <= p.ref_start < g.hi and g.names & names and g.chars is not None and "\n" not in g.chars for g in guards
    ):
        return False
    got = _printf_line(p.command, p.word_index)
    if got is None:
        return False
    text_mode = False
    for line in got[0]:
        if text_mode:
            text_mode = line != "."
        else:
            text_mode = _input_mode_re().match(line) is not None
    return text_mode


def _own_guards(phs: list, guards: list) -> None:
    """Guards on the placeholder itself protect its direct sinks."""
    for p in phs:
        if not p.sinks:
            continue
        nm = frozenset({p.env_var or p.name})
        kept = []
        for sk in p.sinks:
            if sk.chain:
                kept.append(sk)
                continue
            verdict = guard_verdict(guards, nm, p.ref_start, kind=sk.kind)
            if verdict == "safe":
                continue
            if verdict == "unclear" and _text_line_kept(p, sk, guards, nm):
                continue
            if verdict == "unclear":
                sk = Sink(
                    sk.kind,
                    sk.detail + " (after a check that does not prove it safe)",
                    _LOWER[sk.confidence],
                    sk.command,
                    chain=sk.chain,
                    guarded=guard_unreadable(guards, nm, p.ref_start),
                )
            kept.append(sk)
        p.sinks[:] = kept


_PRINTERS = frozenset({"echo", "printf", "cat"})
# programs that print their path argument, or a part of it, as text: the value's blanks
# and glob characters reach their output (GNU coreutils manual: basename "print NAME with
# any leading directory components removed", dirname, realpath "print the resolved
# absolute file name")
_PATH_PRINTERS = frozenset({"basename", "dirname", "realpath"})
# printers whose output an unquoted $( ) around them splits and globs
_SPLIT_PRINTERS = frozenset({"echo", "printf"}) | _PATH_PRINTERS


@cache
def _stdin_read_re() -> re.Pattern[str]:
    return compile_pattern(
        r"input\s*\(|sys\.stdin|readFileSync\(\s*(?:0|['\"]/dev/stdin)|process\.stdin"
        r"|<STDIN>|STDIN\.read|\$stdin|gets\b|io\.read"
    )


@cache
def _eval_call_re() -> re.Pattern[str]:
    return compile_pattern(r"\b(?:eval|exec|Function|instance_eval|load)\s*\(|\beval\s+|\bsystem\s*\(")


@cache
def _pos_use_re() -> re.Pattern[str]:
    return compile_pattern(r"\$(?:(\d)|\{(\d+|[@*])(?:[:#%/^,][^}]*)?\}|([@*]))")


# commands of a `-c` script that parse their arguments as shell code again (bash(1)
# "SHELL BUILTIN COMMANDS": eval, source/. of a process substitution; sh -c STRING)
_EVAL_WORDS_RE = lazy_compile(r"(?:^|[;&|(\n{]|\b(?:then|do|else)\b)\s*(eval|(?:ba|da|z|k)?sh\s+-c)\s+([^;&|\n]*)")


def _positional_eval(cmd, wi: int) -> str | None:
    """``sh -c 'eval "${1:-}"' sh VALUE``: the code's ``eval`` (or ``sh -c``) reads the
    value's positional parameter as code (measured: VALUE='touch CANARY' runs), else None."""
    ni = cmd.name_index
    if ni is None:
        return None
    ci = bc.shell_code_index(cmd.values, ni)
    if ci is None or wi < ci + 2 or cmd.values[ci] is None:
        return None
    code = cmd.values[ci]
    if "eval" not in code and "-c" not in code:
        return None
    pos = str(wi - ci - 1)
    for m in _EVAL_WORDS_RE.finditer(code):
        for u in _pos_use_re().finditer(m.group(2)):
            nm = u.group(1) or u.group(2) or u.group(3)
            if nm in (pos, "@", "*"):
                return f"{m.group(1)} {u.group(0)}"
    return None


def _positional_split(cmd, wi: int) -> str | None:
    """``sh -c CODE NAME VALUE``: the expansion of the value's positional parameter
    (``$1``, ``${1:-}``, ``$@``, ``$*``) that the static CODE leaves unquoted in a command
    word (bash(1) "Word Splitting"; an assignment ``x=$1``, ``[[ ]]`` and ``case`` do not
    split), else None."""
    ni = cmd.name_index
    if ni is None:
        return None
    ci = bc.shell_code_index(cmd.values, ni)
    if ci is None or wi < ci + 2 or cmd.values[ci] is None:
        return None
    pos = str(wi - ci - 1)
    code = cmd.values[ci]
    state = ""  # "" unquoted, "'" or '"'
    k = 0
    n = len(code)
    word_start = 0
    while k < n:
        c = code[k]
        if state == "'":
            if c == "'":
                state = ""
        elif c == "\\":
            k += 1
        elif state == '"':
            if c == '"':
                state = ""
        elif c in "'\"":
            state = c
        elif c in " \t\n;|&()":
            word_start = k + 1
        elif c == "$":
            m = _pos_use_re().match(code, k)
            if m is not None:
                nm = m.group(1) or m.group(2) or m.group(3)
                before = code[:k]
                seg = code[word_start:k]
                if "=" in seg and _name_re().match(seg.split("=", 1)[0]):
                    pass  # NAME=$1: an assignment, not split
                elif nm in (pos, "@", "*") and before.count("[[") <= before.count("]]") and "case " not in before:
                    return m.group(0)
                k = m.end()
                continue
        k += 1
    return None


def _all_elements(a, u) -> bool:
    """``${a[@]}`` / ``${a[*]}``: a use of every element of the array."""
    tx = a.text[u.script_start : u.script_end]
    return "[@]" in tx or "[*]" in tx


def _output_is_printed(a, cmd) -> bool:
    """The printer's text is what its pipeline outputs: no later stage, or only
    pass-through ones (``| head``); ``| sha256sum`` prints something else."""
    return all(s.semantics.name in bc.PASS_THROUGH or _keeps_blanks(s) for s in a.cmds.later_stages(cmd))


# filters whose output keeps the bytes of their input lines (coreutils manuals, sed(1), tr(1))
_LINE_FILTERS = frozenset({"cut", "sort", "uniq", "rev", "tac", "fold", "nl", "expand", "unexpand", "tr", "sed"})
# what an unquoted expansion splits on (default IFS) or globs
_SPLIT_OR_GLOB = frozenset(" \t\n*?[")


def _keeps_blanks(rc) -> bool:
    """A later pipeline stage that can still print bytes of the value that an unquoted
    ``$( )`` splits or globs (``| tr -d ';&|'``, ``| sed 's/,/ /g'``, ``| sort``); not an
    allow-list filter without them (``| tr -cd 'a-z0-9'``)."""
    if rc.semantics.name not in _LINE_FILTERS:
        return False
    allow = _allow_list_filter(rc) if rc.semantics.name in ("tr", "sed") else None
    return allow is None or bool(allow & _SPLIT_OR_GLOB)


def passes_value(rc) -> bool:
    """A pipeline stage whose output still holds the value's blanks and leading bytes
    (``| head -n1``, ``| tr -d '\\r'``, ``| sed 's/^ *//'``, ``| cut -d, -f1``): what a later
    ``xargs`` splits (an allow-list filter such as ``| tr -cd 'a-z0-9'`` does not pass)."""
    return rc.semantics.name in bc.PASS_THROUGH or _keeps_blanks(rc)


def _printf_v(cmd) -> bool:
    """``printf -v NAME …``: printf assigns, prints nothing."""
    ni = cmd.name_index
    v = cmd.values[ni + 1] if ni is not None and ni + 1 < len(cmd.values) else None
    return v is None or v.startswith("-v")


def _printf_data(u) -> bool:
    """``printf '%s\n' "${arr[@]}"``: the use is an argument after printf's static format,
    which printf only formats as data (bash(1) printf: the format is the first operand,
    the rest are arguments; ``-v`` is recognised only before the format), so elements
    split off the value are printed, never read as options.  Output to a file or pipe is
    judged where it is read, as for any printed value."""
    cmd = u.command
    if cmd is None or cmd.name != "printf" or u.word_index is None:
        return False
    ni = cmd.semantics.name_index
    if ni is None or ni + 1 >= len(cmd.values) or u.word_index <= ni + 1:
        return False
    fmt = cmd.values[ni + 1]
    return fmt is not None and not fmt.startswith("-")


def _q_rejoined(a, p, span: tuple) -> bool:
    """``ssh HOST cmd $(printf '%q' V)``: the pieces bash splits the ``%q`` text into are
    joined again with spaces by a program that runs its arguments as one command line
    (``bc.JOINS_CODE_ARGUMENTS``, and the operands the program table says a shell parses:
    ``option_scan.shell_code_word``), where the ``%q`` quoting re-parses to the value as one
    word (measured, tests/test_broken_every_input.py; a value holding a control character
    and a run of blanks comes back with the run collapsed: %q writes it as ``$'…'``)."""
    cmd = p.command
    ni = cmd.semantics.name_index
    if cmd.name != "printf" or ni is None or p.word_index != ni + 2 or len(cmd.values) != ni + 3:
        return False
    if (cmd.values[ni + 1] or "").strip() not in ("%q", "%Q"):
        return False  # exactly `printf '%q' VALUE`
    outer = a.cmds.command_at(span[0])
    if outer is None or outer is p.command:
        return False
    for w in outer.words:
        if w.start <= span[0] < w.end:
            if outer.name in bc.JOINS_CODE_ARGUMENTS:
                return any(r.kind == SHELL_CODE for r in outer.semantics.roles.get(w.index, ()))
            # the remote shells of the program table (gcloud compute ssh VM -- CMD…, pdsh
            # -w HOSTS CMD…): their command words are joined and parsed by a shell too
            from ..option_scan import shell_code_word  # (option_scan reads this module's guards)

            return shell_code_word(outer, w.index)
    return False


def runner_command_slot(cmd, wi: int | None) -> str | None:
    """Where a word bash splits out of argv word ``wi`` of ``cmd`` lands when that is
    the command a runner runs: the command position itself, or any word of a runner
    (``env``, ``nice``, ``timeout``, ``sudo`` … the wrappers of the program table) at or
    before the operand it runs as a command.  A dynamic word ends each runner's option
    scan (bash_commands), so the command operand is the first such word or after it:
    a blank in the value moves the words after it into the command position (``env
    $(echo JOB=V) printenv``, V = ``x touch CANARY``: env runs ``touch CANARY
    printenv JOB``; ``timeout ${secs} cmd``, secs = ``5 touch CANARY``).  None: the
    word is an argument of the command (after it), or no runner reads it."""
    if cmd is None or wi is None or cmd.kind != "command":
        return None
    sem = cmd.semantics
    ni = sem.name_index
    if ni is None or wi > ni or wi < 0:
        return None
    runners = " … ".join(sem.wrappers)
    if wi == ni:
        if sem.name is not None:
            return None
        return f"in the command position{f' of {runners}' if runners else ''}: its first word is the command that runs"
    if not sem.wrappers or wi == 0:
        return None
    return f"before the command that {runners} runs: a word after a blank in the value becomes that command"


# where an unquoted substitution outside a command's arguments is split (UL117 says so)
_SPLIT_PLACE = {"for_statement": " in a for list", "array": " in an array literal"}


def _substitution_span(a, p) -> tuple | None:
    """Script span of the innermost ``$( )`` holding placeholder ``p`` when it is an
    argument of a command, a word of a ``for`` list or an element of an array literal:
    bash splits the output there on blanks and globs each piece as it does in an argument
    (bash(1) "Word Splitting", "Looping Constructs": "the list of words following in is
    expanded"; "Arrays": name=(value1 …) elements are words), so one value becomes several
    iterations or elements (measured: ``for p in $(echo 'a b')`` runs twice)."""
    path = a.s.path_at_byte(a.s.byte(p.ref_start))
    for k in range(len(path) - 1, -1, -1):
        if path[k].type == "command_substitution":
            for j in range(k - 1, -1, -1):
                t = path[j].type
                if t in ("command", "declaration_command", "for_statement", "array"):
                    return a.s.char(path[k].start_byte), a.s.char(path[k].end_byte), _SPLIT_PLACE.get(t, "")
                if t in ("file_redirect", "program"):
                    return None
            return None
    return None


def _printed_code_sink(a, p):
    """The printer's output goes to a command substitution / process substitution that a
    code sink runs (eval, source/., sh -c, bash <(…))."""
    path = a.s.path_at_byte(a.s.byte(p.ref_start))
    sub = None
    for k in range(len(path) - 1, -1, -1):
        t = path[k].type
        if t in ("command_substitution", "process_substitution"):
            sub = k
            break
    if sub is None:
        return None
    node = path[sub]
    for k in range(sub - 1, -1, -1):
        t = path[k].type
        if t in ("command", "declaration_command"):
            cmd = a.cmds.command(path[k], path[k - 1] if k > 0 else None)
            if cmd is None or cmd.name_index is None:
                return None
            wi = cmd.word_index_at_byte(node.start_byte)
            if wi is None:
                return None
            q_literal = p.word_index is not None and printf_q_literal(p.command, p.word_index)
            if (
                node.type == "process_substitution"
                and wi > cmd.name_index
                and (cmd.name in ("source", ".") or cmd.name in _SHELL_NAMES)
                and wi == cmd.name_index + 1
            ):
                if q_literal:
                    return None  # `source <(printf 'NAME=%q\n' V)`: unquoted words, the value's own bytes
                return Sink(
                    SHELL_CODE,
                    f"{cmd.name} <(…) runs the printed text as shell code",
                    "high",
                    cmd,
                    chain=(
                        (f"'{p.name}'", p.script_start, p.script_end),
                        (f"{p.command.name} output", a.s.char(node.start_byte), a.s.char(node.end_byte)),
                    ),
                )
            roles = cmd.semantics.roles
            for role in roles.get(wi, ()):
                if role.kind == SHELL_CODE or role.kind == INTERP_CODE:
                    if (
                        role.kind == SHELL_CODE
                        and node.type == "command_substitution"
                        and path[sub - 1] is path[k]
                        and _q_only(p)
                        and any(r.kind == SHELL_CODE for r in roles.get(wi - 1, ()))
                    ):
                        # `ssh HOST cmd -- $(printf %q V)`, `eval echo $(printf %q V)`: a whole
                        # unquoted word after the first word of the code, so the shell that
                        # re-reads it gets the value's own bytes (the word splits on the
                        # blanks %q escaped, and the joined words read back the same)
                        return None
                    return Sink(
                        role.kind,
                        f"{role.detail}, through the output of {p.command.name} "
                        f"(value → {p.command.name} output → {role.detail})",
                        role.confidence,
                        cmd,
                    )
            return None
        if t in (
            "program",
            "function_definition",
            "do_group",
            "compound_statement",
            "subshell",
            "command_substitution",
            "process_substitution",
        ):
            return None
    return None


_SHELL_NAMES = frozenset({"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash"})
_INTERP_CODE_FLAGS = {
    "python": "-c",
    "python3": "-c",
    "python2": "-c",
    "node": "-e",
    "nodejs": "-e",
    "perl": "-e",
    "ruby": "-e",
    "php": "-r",
}


def _stdin_eval_sink(cmd):
    """``python3 -c "…eval(input())…" <<< V``: the program text evaluates what stdin brings."""
    flag = _INTERP_CODE_FLAGS.get(cmd.name or "")
    if flag is None or cmd.name_index is None:
        return None
    vals = cmd.values
    for k in range(cmd.name_index + 1, len(vals) - 1):
        if vals[k] == flag or (vals[k] or "").startswith(flag) and len(vals[k]) == len(flag):
            code = vals[k + 1]
            if code and _stdin_read_re().search(code) and _eval_call_re().search(code):
                return Sink(STDIN_CODE, f"stdin read by {cmd.name} {flag} code that evaluates its input", "medium", cmd)
            return None
    return None


def chain_text(chain: tuple) -> str:
    """``value → read n → arithmetic expansion $(( ))``."""
    return " → ".join(["value"] + [lab for lab, _s, _e in chain[1:]])


def _use_label(a, u, sk) -> str:
    return sk.detail


def _add(p, sk) -> None:
    for x in p.sinks:
        if x.kind == sk.kind and x.detail == sk.detail:
            return
    p.sinks.append(sk)


def _arith_idents(a, step: int, names: set) -> dict:
    """name -> [(script offset, arithmetic context)] for bare names in arithmetic in ``step``."""
    out: dict = {}
    s0, s1 = a.step_spans[step]
    text = a.text[s0:s1]
    if "((" not in text and "[" not in text and "let" not in text and ":" not in text:
        return out
    for m in _ident_re().finditer(a.text, s0, s1):
        if m.group(0) not in names:
            continue
        path = a.s.path_at_byte(a.s.byte(m.start()))
        detail = arith_at(a.s, path)
        if detail:
            out.setdefault(m.group(0), []).append((m.start(), detail))
    return out
