"""option_table.PROGRAMS builds each program's spec on the first question about it
(s37perfH2: building every spec at import cost ~9.8M instructions a run).  Read whole, one
name at a time or through lookup(), it holds what the table built at import held."""

from __future__ import annotations

import subprocess
import sys

from utcp_lint.template import option_table as ot, programs as pg


def _eager() -> dict:
    """What the import built before: for each name the spec of the first entry with a spec."""
    got: dict = {}
    for p in pg.ALL_PROGRAMS:
        spec = ot.spec_of(p)
        if spec is None:
            continue
        for n in p.names:
            if n not in got:
                got[n] = spec
    return got


def test_whole_mapping_is_the_eagerly_built_one() -> None:
    eager = _eager()
    assert dict(ot.PROGRAMS) == eager
    assert list(ot.PROGRAMS) == list(ot.PROGRAMS.keys()) and len(ot.PROGRAMS) == len(eager)
    assert set(ot.PROGRAMS) == set(eager)
    assert ot.NO_END_OF_OPTIONS == frozenset(n for n, s in eager.items() if s.end_of_options is None)


def _fresh(code: str) -> str:
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return r.stdout.strip()


def test_specs_are_built_per_program_on_first_use() -> None:
    """A fresh import builds find's spec only; a lookup builds the entry's, shared by its aliases."""
    out = _fresh(
        "import utcp_lint.template.option_table as t\n"
        "print(sorted(dict.keys(t.PROGRAMS)))\n"
        "a = t.lookup('docker'); print(sorted(dict.keys(t.PROGRAMS)), a is t.PROGRAMS['podman'])\n"
        "print('tar' in t.PROGRAMS, 'tar' in dict.keys(t.PROGRAMS), t.PROGRAMS.get('nope'))\n"
        "print(len(t.PROGRAMS) == len(dict.keys(t.PROGRAMS)), len(t._PENDING))"
    )
    lines = out.splitlines()
    assert lines[0] == "['find']"
    assert "'docker'" in lines[1] and "'podman'" in lines[1] and "'tar'" not in lines[1]
    assert lines[1].endswith("True")
    assert lines[2] == "True False None"
    assert lines[3] == "True 0"


def test_one_name_at_a_time_equals_eager() -> None:
    """In a fresh process each name read alone (get, [], in, lookup) gives the eager spec's value."""
    out = _fresh(
        "import utcp_lint.template.option_table as t, utcp_lint.template.programs as pg\n"
        "names = sorted({n for p in pg.ALL_PROGRAMS for n in p.names})\n"
        "got = {n: (n in t.PROGRAMS, t.PROGRAMS.get(n), t.lookup(n) if n in t.PROGRAMS else None) for n in names}\n"
        "eager = {}\n"
        "for p in pg.ALL_PROGRAMS:\n"
        "    s = t.spec_of(p)\n"
        "    if s is not None:\n"
        "        for n in p.names: eager.setdefault(n, s)\n"
        "bad = [n for n in names if got[n][0] != (n in eager) or got[n][1] != eager.get(n)"
        " or (n in eager and pg.BY_NAME.get(n) is None and got[n][2] != eager[n])]\n"
        "print(len(eager), bad)"
    )
    count, bad = out.split(" ", 1)
    assert int(count) > 100 and bad == "[]"


def test_writes_go_through() -> None:
    """The test helpers' save/restore (clear, update) and lookup's re-registration still hold."""
    saved = dict(ot.PROGRAMS)
    try:
        ot.PROGRAMS.clear()
        assert len(ot.PROGRAMS) == 0 and ot.PROGRAMS.get("git") is None and "git" not in ot.PROGRAMS
        ot.PROGRAMS.update(saved)
        assert dict(ot.PROGRAMS) == saved
        assert ot.PROGRAMS.pop("echo") == saved["echo"] and "echo" not in ot.PROGRAMS
    finally:
        ot.PROGRAMS.clear()
        ot.PROGRAMS.update(saved)
    assert dict(ot.PROGRAMS) == saved
