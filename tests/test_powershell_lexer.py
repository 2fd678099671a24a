"""The hand-written PowerShell tokenizer (utcp_lint.template.ps_lexer).

PowerShell cannot run on this machine (no `pwsh`; Debian has no package and
PyPI/npm only offer downloaders of Microsoft's binaries), so the behaviour
claimed here is argued from the PowerShell language specification /
about_Parsing / about_Quoting_Rules in each docstring, and cross-checked
against an independent grammar (tree-sitter-powershell) in
``test_differential_against_tree_sitter``.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from utcp_lint.template.ps_lexer import tokenize


def kinds_at(src, needle, nth=0):
    """Kinds from the innermost node at the n-th occurrence of needle, outwards."""
    s = tokenize(src)
    off = -1
    for _ in range(nth + 1):
        off = src.index(needle, off + 1)
    n = s.node_at(off)
    return [n.kind] + [a.kind for a in n.ancestors()]


def commands(src):
    s = tokenize(src)
    out = []
    for c in s.commands:
        nm = c.attrs["name"]
        out.append(
            (
                src[nm.start : nm.end] if nm is not None else None,
                c.attrs["invoke"],
                [a.text(src) for a in c.attrs["args"]],
            )
        )
    return out


# ---------------------------------------------------------------------------
# strings
# ---------------------------------------------------------------------------


def test_single_quoted_doubling_and_no_escapes():
    """about_Quoting_Rules: in '...' the only special thing is '' (a literal
    quote); a backtick is literal, so `' does NOT end... it is ` then the end."""
    src = "Write-Output 'it''s $x `n' X"
    assert kinds_at(src, "$x")[0] == "sq"
    assert kinds_at(src, "X")[0] == "bare"
    src2 = "Write-Output 'a`' X"
    assert kinds_at(src2, "X")[0] == "bare"  # the backtick did not escape the quote


@pytest.mark.parametrize("q1,q2", [("\u2018", "\u2019"), ("\u201a", "\u201b"), ("'", "\u2019"), ("\u2019", "'")])
def test_curly_single_quotes_are_quotes(q1, q2):
    """PowerShell's tokenizer treats ‘ ’ ‚ ‛ exactly like ' (any of them opens
    and any of them closes a verbatim string)."""
    src = f"Write-Output {q1}$x{q2} Y"
    assert kinds_at(src, "$x")[0] == "sq"
    assert kinds_at(src, "Y")[0] == "bare"


@pytest.mark.parametrize("q1,q2", [("\u201c", "\u201d"), ("\u201e", '"'), ('"', "\u201d")])
def test_curly_double_quotes_are_quotes(q1, q2):
    src = f"Write-Output {q1}a $x{q2} Y"
    k = kinds_at(src, "$x")
    assert k[:2] == ["variable", "dq"]
    assert kinds_at(src, "Y")[0] == "bare"


def test_double_quoted_escapes_doubling_and_subexpression_nesting():
    """In "...": `" and "" are literal quotes; $( ) opens code in which a
    new string (even "...") nests, and a '...' there is verbatim."""
    src = 'Write-Output "a `" b "" $(Get-Item "in $y" \'$z\') $w" T'
    assert kinds_at(src, "$y")[:4] == ["variable", "dq", "command", "statement"]
    assert kinds_at(src, "$z")[0] == "sq"
    assert "subexpr" in kinds_at(src, "$z")
    assert kinds_at(src, "$w")[:2] == ["variable", "dq"]
    assert kinds_at(src, "T")[0] == "bare"


def test_here_strings_end_only_at_column_zero():
    """A here-string ends at a line that *starts* with '@ / "@ (about_Quoting_Rules)."""
    src = "Write-Output @'\nit's $a '@ not end\n  '@ still not\n'@ X"
    assert kinds_at(src, "$a")[0] == "here_sq"
    assert kinds_at(src, "still")[0] == "here_sq"
    assert kinds_at(src, "X")[0] == "bare"
    src2 = 'Write-Output @"\nsay "hi" $b\n"@ Y'
    assert kinds_at(src2, "$b")[:2] == ["variable", "here_dq"]
    assert kinds_at(src2, "Y")[0] == "bare"


def test_here_string_header_must_end_the_line():
    """@' followed by text on the same line is not a here-string header."""
    s = tokenize("Write-Output @'x'")
    assert not any(n.kind == "here_sq" for n in s.nodes)


def test_empty_here_strings():
    for src in ("$v = @'\n'@\nZ", '$v = @"\n"@\nZ', "$v = @'\r\n'@\r\nZ"):
        assert kinds_at(src, "Z")[0] == "bare", src


# ---------------------------------------------------------------------------
# comments, escapes, stop-parsing
# ---------------------------------------------------------------------------


def test_hash_starts_a_comment_only_at_a_token_start():
    src = "Write-Output a#b #c $x\nY"
    assert kinds_at(src, "a#b")[0] == "bare"
    assert kinds_at(src, "$x")[0] == "comment"
    assert kinds_at(src, "Y")[0] == "bare"
    assert kinds_at('Write-Output "x"#c', "c")[0] == "comment"


def test_block_comments_span_lines_and_strings_do_not_open_inside():
    src = "<# it's\n \"a $x #> Write-Output $y"
    assert kinds_at(src, "$x")[0] == "comment"
    assert kinds_at(src, "$y")[:2] == ["variable", "command"]


def test_backtick_escapes_a_quote_and_continues_lines():
    """A backtick before ' or " in code makes it a literal character; a backtick
    before a newline joins the lines into one command."""
    src = "Write-Output `'$x Z"
    assert "sq" not in kinds_at(src, "$x")
    src2 = "Write-Output a `\n  b"
    assert commands(src2) == [("Write-Output", None, ["a", "b"])]


def test_stop_parsing_until_pipe_or_newline():
    """about_Parsing: --% is effective until the next newline or pipeline character."""
    src = 'icacls.exe X:\\VMS --% /grant "$x" \'a | Out-String\nY'
    assert kinds_at(src, "$x")[0] == "stop_parsing"
    assert kinds_at(src, "Out-String")[:2] == ["bare", "command"]
    assert kinds_at(src, "Y")[0] == "bare"


# ---------------------------------------------------------------------------
# statements, commands, arguments
# ---------------------------------------------------------------------------


def test_runtime_line_shape():
    """$CMD_0_OUTPUT = <cmd> 2>&1 | Out-String: the right side of '=' is a
    pipeline whose first element is the command."""
    src = "$CMD_0_OUTPUT = git log -n ${env:V} 2>&1 | Out-String"
    assert commands(src) == [("git", None, ["log", "-n", "${env:V}"]), ("Out-String", None, [])]


def test_assignment_then_newline_continues():
    """A newline right after '=' does not end the statement (PowerShell reads on)."""
    src = "$CMD_0_OUTPUT = # c\ngit status"
    s = tokenize(src)
    assert len(s.statements) == 1
    assert commands(src)[0][0] == "git"


def test_invocation_operators_and_expressions():
    assert commands("& $tool a b") == [("$tool", "&", ["a", "b"])]
    assert commands('& "C:\\p q\\x.exe" --v') == [('"C:\\p q\\x.exe"', "&", ["--v"])]
    assert commands(". .\\lib.ps1") == [(".\\lib.ps1", ".", [])]
    assert commands(".\\run.ps1 x") == [(".\\run.ps1", None, ["x"])]
    # a value at the start of a statement is an expression, not a command
    assert commands("${env:V}") == []
    assert commands('"x" | iex') == [("iex", None, [])]


def test_argument_grouping():
    """Adjacent parts form one argument; ',' builds one array argument; a
    leading quoted string followed by text is two arguments (the known
    PowerShell quirk: Write-Output "a"b -> a, b)."""
    assert commands("tool a$x\\b c") == [("tool", None, ["a$x\\b", "c"])]
    assert commands("tool $env:TEMP\\x y") == [("tool", None, ["$env:TEMP\\x", "y"])]
    assert commands("tool a,b , c d") == [("tool", None, ["a,b , c", "d"])]
    assert commands('tool "a"b') == [("tool", None, ['"a"', "b"])]
    assert commands("tool -Name:$v -Force x") == [("tool", None, ["-Name:$v", "-Force", "x"])]
    assert commands('tool a"b c"d') == [("tool", None, ['a"b c"d'])]


def test_variables():
    s = tokenize('x $env:PATH ${env:__UTCP_ARG_0_a} $script:x $$ $? $_ "$env:A$b"')
    names = [(v.attrs["name"], v.attrs["braced"]) for v in s.variables]
    assert names == [
        ("env:PATH", False),
        ("env:__UTCP_ARG_0_a", True),
        ("script:x", False),
        ("$", False),
        ("?", False),
        ("_", False),
        ("env:A", False),
        ("b", False),
    ]


def test_keywords_blocks_pipelines():
    src = "if (Test-Path $p) { Get-Item $p | ForEach-Object { $_.Name } } else { exit 1 }"
    assert [c[0] for c in commands(src)] == ["Test-Path", "Get-Item", "ForEach-Object"]
    # foreach after a pipe is the ForEach-Object alias, at a statement start a keyword
    assert [c[0] for c in commands("ls | foreach { $_ }")] == ["ls", "foreach"]
    assert [c[0] for c in commands("foreach ($a in $b) { x }")] == ["x"]


def test_hashtable_keys_are_not_commands():
    assert [c[0] for c in commands("$h = @{ Name = Get-Date; b = 'x' }")] == ["Get-Date"]


def test_method_call_structure():
    s = tokenize('[scriptblock]::Create("x $v")')
    kinds = [n.kind for n in s.root.walk()]
    assert kinds[:7] == ["script", "statement", "expression", "type", "operator", "member", "paren"]


def test_redirections():
    src = "tool a 2>&1 > out.txt b"
    c = tokenize(src).commands[0]
    assert [a.text(src) for a in c.attrs["args"]] == ["a", "b"]
    assert [src[r.start : r.end] for r in c.attrs["redirects"]] == ["2>&1", ">"]


# ---------------------------------------------------------------------------
# robustness
# ---------------------------------------------------------------------------


def _check_invariants(src):
    s = tokenize(src)
    n = len(src)
    assert s.root.start == 0 and s.root.end == n
    for nd in s.nodes:
        assert 0 <= nd.start <= nd.end <= n, (nd, src)
        prev_end = nd.start
        for c in nd.children:
            assert nd.start <= c.start <= c.end <= nd.end, (nd, c, src)
            assert c.start >= prev_end, (nd, c, src)  # sorted, non-overlapping
            prev_end = c.end
            assert c.parent is nd
        if nd.kind == "command":
            for a in nd.attrs["args"]:
                assert all(x.parent is nd for x in a.nodes)
    for off in range(0, n, max(1, n // 17)):
        node = s.node_at(off)
        assert node.start <= off <= node.end
    return s


PS_CHARS = list("'\"`$(){}[]@#<>|&;,.-%:=+!? \t\r\naZ09_\\/") + [
    "\u2018",
    "\u2019",
    "\u201a",
    "\u201b",
    "\u201c",
    "\u201d",
    "\u201e",
    "\u2013",
    "\u00a0",
    "\x00",
    "\ud800",
    "\udfff",
    "--%",
    "@'\n",
    '@"\n',
    "\n'@",
    '\n"@',
    "$(",
    "${",
    "<#",
    "#>",
    "UTCP_ARG_a_UTCP_END",
    "${env:V}",
]


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PS_CHARS), max_size=60).map("".join))
def test_fuzz_powershell_alphabet(src):
    _check_invariants(src)


@settings(max_examples=800, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=()), max_size=200))
def test_fuzz_any_unicode_including_surrogates_and_nul(src):
    _check_invariants(src)


def test_deep_nesting_does_not_recurse():
    for src in ('"$(' * 3000 + "x" + ')"' * 3000, "(" * 5000, "{" * 5000 + "}" * 5000, "@(" * 3000, "$x[" * 3000):
        s = _check_invariants(src)
        assert len(s.nodes) > 3000
        repr(s.nodes[-1])  # repr never recurses


def test_non_str_input():
    assert tokenize(b"abc").text == "b'abc'"  # coerced, not raised


# ---------------------------------------------------------------------------
# differential: an independent PowerShell grammar
# ---------------------------------------------------------------------------


def _gen(rng, d=0):
    ref = "\x01"

    def dq(d):
        out = []
        for _ in range(rng.randint(0, 3)):
            r = rng.random()
            if r < 0.3:
                out.append(rng.choice(["a", " ", "'", "it's", "#", "``", '`"', '""', "$", "x$y"]))
            elif r < 0.5:
                out.append(ref)
            elif r < 0.7 and d < 3:
                out.append("$(" + stmt(d + 1) + ")")
            else:
                out.append("$x")
        return "".join(out)

    def arg(d):
        r = rng.random()
        if r < 0.2:
            return "w" + rng.choice(["", ref, "x"]) + "z"
        if r < 0.4:
            return "'" + rng.choice(["a", "''", ref, "b c", '"', "$x", "#"]) + rng.choice(["", ref]) + "'"
        if r < 0.65:
            return '"' + dq(d) + '"'
        if r < 0.7:
            return "@'\n" + rng.choice(["a", "it's", ref, '"q"']) + rng.choice(["", ref]) + "\n'@"
        if r < 0.75:
            return '@"\n' + dq(d) + '\n"@'
        if r < 0.8 and d < 3:
            return "$(" + stmt(d + 1) + ")"
        if r < 0.85 and d < 3:
            return "{ " + stmt(d + 1) + " }"
        if r < 0.9:
            return "-Name"
        return ref if r < 0.95 else "$x"

    def stmt(d):
        s = " ".join(
            [rng.choice(["Write-Output", "git", "& $c", "$v =", "Get-Item"])]
            + [arg(d) for _ in range(rng.randint(0, 3))]
        )
        if rng.random() < 0.2:
            s += " | Out-String"
        if rng.random() < 0.15:
            s += " # " + rng.choice(["don't", ref, "x", '"'])
        if rng.random() < 0.1:
            s = "<# " + rng.choice(["it's", ref]) + " #> " + s
        return s

    return "\n".join(stmt(0) for _ in range(rng.randint(1, 2)))


def test_differential_against_tree_sitter():
    """For every ``${env:Q}`` reference in 5,000 generated scripts (ASCII, so byte
    offsets = code points), our context (comment / verbatim / expands) must equal
    tree-sitter-powershell's, where tree-sitter parses the script without error.

    One class is excluded because it is a bug of that grammar, not ours: it
    reads ``#`` inside an ``@"..."@`` here-string as a comment, which
    PowerShell does not (here-string text has no comments)."""
    import tree_sitter as ts
    import tree_sitter_powershell as tsp

    from utcp_lint.template.powershell import _classify

    parser = ts.Parser(ts.Language(tsp.language()))
    ref = "${env:Q}"
    rng = random.Random(20240601)
    compared = 0
    mismatches = []
    for _ in range(5000):
        tpl = _gen(rng)
        if "\x01" not in tpl:
            continue
        src = tpl.replace("\x01", ref)
        tree = parser.parse(src.encode())
        if tree.root_node.has_error:
            continue
        ours = tokenize(src)
        off = src.find(ref)
        while off >= 0:
            n = tree.root_node.descendant_for_byte_range(off, off + 1)
            chain = []
            var_start = None
            while n is not None:
                chain.append(n.type)
                if n.type == "variable" and var_start is None:
                    var_start = n.start_byte
                n = n.parent
            if "comment" in chain:
                theirs = None if "expandable_here_string_literal" in chain else "comment"
            elif "verbatim_string_characters" in chain or "verbatim_here_string_characters" in chain:
                theirs = "verbatim"
            elif var_start is not None:
                theirs = "expands" if var_start == off else "other"
            else:
                theirs = "other"
            ctx = _classify(ours, off, off + len(ref))[0]
            mine = {
                "comment": "comment",
                "verbatim": "verbatim",
                "here_verbatim": "verbatim",
                "expanding": "expands",
                "here_expanding": "expands",
                "bare": "expands",
                "value": "expands",
            }.get(ctx, "other")
            if theirs is not None:
                compared += 1
                if theirs != mine:
                    mismatches.append((src, off, theirs, mine))
            off = src.find(ref, off + 1)
    assert compared > 2000
    # the one residual class: a comment inside $( ) inside a here-string swallows
    # the ')' -- the two grammars then disagree on everything after it
    residual = [m for m in mismatches if not ('@"' in m[0] and "#" in m[0])]
    assert residual == [], residual[:5]
    assert len(mismatches) <= compared // 200
