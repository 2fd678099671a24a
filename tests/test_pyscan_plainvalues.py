"""Values whose text cannot carry shell syntax (issue 25, pyP2: linter/pyscan/plainvalues.py).

End to end through the CLI on ``fixtures/pyscan/plainvalues``: the good module builds shell
commands from numbers (``port: int``, ``{:d}``, ``{x:>8.2f}``, ``time.time()``, argparse
``type=int``/``action="count"``/``choices=``) and encodings (``base64.b64encode``,
``urlsafe_b64encode``, ``hexdigest()``, ``binascii.hexlify``, ``bytes.hex()``): no finding.
The bad module holds the nearest shapes whose values can carry shell syntax
(``pid: str``, ``{!s}``, ``b64decode``, a hex digest followed by the raw value, an argparse
option without a type, a destination declared twice): each ``# FLAG`` line is reported.
The alphabets are proven inert with real ``/bin/sh`` and a canary file.
"""

import base64
import hashlib
import shutil
import subprocess

import pytest
from conftest import FIXTURES, lint_json, marked_lines

from utcp_lint.pyscan.plainvalues import argparse_plain_dests, numeric_spec

TREE = FIXTURES / "pyscan" / "plainvalues"


def _findings(tree):
    _code, out = lint_json("--no-cache", "--no-config", "--select", "UL4", "--project-root", ".", ".", cwd=tree)
    assert not out["errors"], out["errors"]
    for f in out["findings"]:
        assert f["line"] >= 1 and f["column"] >= 1 and f["severity"] in ("error", "warning", "note"), f
    return out["findings"]


def test_good_module_is_quiet():
    assert _findings(TREE / "good") == []


def test_bad_module_flags_every_marked_line():
    got = sorted((f["path"], f["line"]) for f in _findings(TREE / "bad"))
    assert got == sorted(marked_lines(TREE / "bad")), got


def test_numeric_specs():
    assert numeric_spec("d") and numeric_spec(">8.2f") and numeric_spec("08x") and numeric_spec(".1%")
    assert not numeric_spec("s") and not numeric_spec("c") and not numeric_spec("") and not numeric_spec(None)
    assert not numeric_spec(">{width}d")


def test_argparse_dests():
    import ast

    tree = ast.parse(
        "p.add_argument('--port', type=int)\n"
        "p.add_argument('-n', '--dry-run', action='store_true')\n"
        "p.add_argument('--mode', choices=['a', 'b'])\n"
        "p.add_argument('--evil', choices=['a;b'])\n"
        "p.add_argument('--host')\n"
        "p.add_argument('--twice', type=int)\n"
        "p.add_argument('--twice')\n"
        "p.add_argument('--dflt', type=int, default=os.environ['X'])\n"
        "p.add_argument('target', dest='tgt', type=float)\n"
    )
    assert argparse_plain_dests(tree) == {"port", "dry_run", "mode", "tgt"}


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs /bin/sh")
def test_canary_encoded_and_numeric_text_is_one_inert_word(tmp_path):
    canary = tmp_path / "canary"
    hostile = b"; touch canary; $(touch canary) `touch canary` | & > < * ? ~ ' \" \n\xff\xfe"
    values = [
        base64.b64encode(hostile).decode(),
        base64.standard_b64encode(hostile * 3).decode(),
        base64.urlsafe_b64encode(hostile).decode(),
        base64.b32encode(hostile).decode(),
        base64.b32hexencode(hostile).decode(),
        base64.b16encode(hostile).decode(),
        hashlib.sha256(hostile).hexdigest(),
        hostile.hex(),
        (-1.5e-300).hex(),
        f"{-12345.678:>12.3e}".strip(),
        f"{-42:d}",
        bytes(range(256)).hex(),
        base64.b64encode(bytes(range(256))).decode(),
        base64.urlsafe_b64encode(bytes(range(256))).decode(),
    ]
    for v in values:
        # unquoted, as the good fixture places them: the word reaches the program unchanged
        out = subprocess.run(f"printf '%s\\n' {v}", shell=True, cwd=tmp_path, capture_output=True, text=True)
        assert out.stdout == v + "\n", v
    assert not canary.exists()
    # the decoded text is not inert: the same harness does run it (the bad fixture's shape)
    subprocess.run(f"printf '%s\\n' {hostile.decode('latin-1')[:15]}", shell=True, cwd=tmp_path, capture_output=True)
    assert canary.exists()
