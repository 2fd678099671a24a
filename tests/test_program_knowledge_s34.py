"""Program knowledge that reaches programs nobody taught the engine (issue 23, session 34).

* the man-page extraction (scripts/gen_option_grammar.py): help2man ``.HP`` tags, ``.TP`` /
  ``.PD 0`` tags, pandoc bullet items (``[-keypass arg]: ...``, the JDK pages), roman metavars
  after a bold option (zip ``-O output-file``), packages' private man trees, ``@file``
  response files, file-creating options by their documented class;
* one-dash long options of a manual beside its short ones (keytool ``-keystore``) read as one
  option, and what they write (UL170);
* a wrapper's own written operand (``flock FILE cmd``: UL170);
* response files (``gcc @FILE``: UL166);
* programs that read names one per line on standard input (``zip -@``, ``tar -T -``,
  ``git update-index --stdin``: UL118).

Each claim is proven against the real program through the real client (utcp-cli 1.1.5),
in a temporary directory.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, lint_json
from realcli import call

from utcp_lint.template import grammar_table, option_scan as osc
from utcp_lint.template.option_table import long_word, lookup

DATA = json.loads((ROOT / "linter" / "data" / "option_grammar.json").read_text())


def _gen():
    spec = importlib.util.spec_from_file_location("gen_option_grammar_s34", ROOT / "scripts" / "gen_option_grammar.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


GEN = _gen()


# --- the extraction on roff ----------------------------------------------------------------


def _values(g: dict) -> set:
    return {"-" + c for c in g.get("s", "")} | {"--" + w for w in g.get("l", ())} | {"-" + w for w in g.get("l1", ())}


@pytest.mark.parametrize(
    "roff,value,writes",
    [
        # help2man with .HP: the tag on the next line, its text in .IP paragraphs (timeout)
        (
            ".HP\n\\fB\\-k\\fR, \\fB\\-\\-kill\\-after\\fR=\\fI\\,DURATION\\/\\fR\n.IP\nalso send a KILL signal\n",
            {"-k", "--kill-after"},
            set(),
        ),
        # .TP, .PD 0, then the tag (zip), and a roman metavar after the bold option
        (
            ".TP\n.PD 0\n.B \\-O \\fPoutput-file\n.TP\n.PD\n.B \\-\\-output-file \\fPoutput-file\n"
            "Process the archive changes as usual, but instead of updating the existing archive,\n",
            {"-O", "--output-file"},
            {"-O", "--output-file"},
        ),
        # pandoc bullet items of the JDK pages, under a heading that creates the keystore
        (
            ".SH COMMANDS FOR CREATING OR ADDING DATA TO THE KEYSTORE\n.IP \\[bu] 2\n"
            "[\\f[CB]\\-keypass\\f[R] \\f[I]arg\\f[R]]: Key password\n.IP \\[bu] 2\n"
            "{\\f[CB]\\-keystore\\f[R] \\f[I]keystore\\f[R]}: Keystore name\n",
            {"-keypass", "-keystore"},
            {"-keystore"},
        ),
        # the same option under a heading that creates nothing: not a write
        (
            ".SH COMMANDS FOR DISPLAYING DATA\n.IP \\[bu] 2\n{\\f[CB]\\-keystore\\f[R] \\f[I]keystore\\f[R]}: Keystore name\n",
            {"-keystore"},
            set(),
        ),
        # an option named for the file it creates (--pid-file FILE), no verb in its text
        (".TP\n\\fB\\-\\-pid\\-file\\fR=\\fI\\,FILE\\/\\fR\nthe process id\n", {"--pid-file"}, {"--pid-file"}),
        # help2man .HP with the text on the tag's own line: not merged into the next tag
        (
            ".HP\n\\fB\\-e\\fR ADDRESS, \\fB\\-\\-entry\\fR ADDRESS Set program start address\n.TP\n"
            "\\fB\\-\\-eh\\-frame\\-hdr\\fR\nCreate exception frame header\n",
            {"-e", "--entry"},
            set(),
        ),
        # a switch in help2man .HP form
        (".HP\n\\fB\\-\\-foreground\\fR\n.IP\nwhen not running timeout directly\n", set(), set()),
    ],
)
def test_extraction_forms(roff, value, writes):
    g = GEN.program_grammar(roff)
    assert _values(g) == value
    assert set(g.get("writes", ())) == writes


def test_response_file_tags():
    ld = '.IP "\\fB@\\fR\\fIfile\\fR" 4\n.IX Item "@file"\nRead command-line options from \\fIfile\\fR.\n'
    javac = ".TP\n.B \\f[CB]\\@\\f[R]\\f[I]filename\\f[R]\nReads options and file names from a file.\n"
    curl = '.IP "@filename"\nThis will make curl load data from the given file (including any newlines),\n'
    assert GEN.program_grammar(ld).get("at") is True
    assert GEN.program_grammar(javac).get("at") is True
    assert "at" not in GEN.program_grammar(curl)  # --data-urlencode's item: data, not options


def test_private_man_trees(tmp_path, monkeypatch):
    """A package's own man tree (PREFIX/man/man1, PREFIX/share/man/man1) gives the page of the
    program PATH runs from that prefix; two prefixes with the program and none run: no page."""
    jdk = tmp_path / "lib" / "jvm" / "jdk-1"
    (jdk / "man" / "man1").mkdir(parents=True)
    (jdk / "bin").mkdir()
    (jdk / "man" / "man1" / "keytoolx.1").write_text(".TH K 1\n")
    (jdk / "bin" / "keytoolx").write_text("#!/bin/sh\n")
    (jdk / "bin" / "keytoolx").chmod(0o755)
    for v in ("2.7", "3.11"):
        pre = tmp_path / "pyenv" / v
        (pre / "share" / "man" / "man1").mkdir(parents=True)
        (pre / "bin").mkdir()
        (pre / "bin" / "pyx").write_text("#!/bin/sh\n")
        (pre / "bin" / "pyx").chmod(0o755)
    (tmp_path / "pyenv" / "2.7" / "share" / "man" / "man1" / "pyx.1").write_text(".TH P 1\n")
    shims = tmp_path / "shims"
    shims.mkdir()
    (shims / "pyx").write_text("#!/bin/sh\n")
    (shims / "pyx").chmod(0o755)
    (tmp_path / "usrbin").mkdir()
    (tmp_path / "usrbin" / "keytoolx").symlink_to(jdk / "bin" / "keytoolx")
    monkeypatch.setenv("PATH", f"{tmp_path / 'usrbin'}:{shims}")
    trees = GEN.private_man_dirs((tmp_path,))
    assert jdk / "man" / "man1" in trees
    assert (
        GEN._private_page("keytoolx", [jdk / "man" / "man1" / "keytoolx.1"], trees)
        == jdk / "man" / "man1" / "keytoolx.1"
    )
    page27 = tmp_path / "pyenv" / "2.7" / "share" / "man" / "man1" / "pyx.1"
    assert GEN._private_page("pyx", [page27], trees) is None  # python 2.7's page is not 3.11's


def test_data_from_the_installed_manuals():
    progs = DATA["programs"]
    kt = progs["keytool"]
    assert {"keystore", "alias", "storepass", "file"} <= set(kt["l1"])
    assert "-keystore" in kt["writes"]
    assert kt["src"].startswith("keytool.1 (openjdk")  # the alternatives link resolved to its package
    assert {"-O", "--output-file"} <= set(progs["zip"]["writes"])
    assert {"k", "s"} <= set(progs["timeout"]["s"])
    for name in ("ld", "objdump", "ar", "as", "javac", "java"):
        assert progs[name].get("at") is True, name
    assert "at" not in progs["curl"]
    m = DATA["measure"]
    assert m["value_options"]["precision"] >= 0.9 and m["writes"]["precision"] >= 0.9


def test_one_dash_long_options_of_a_manual():
    spec = lookup("keytool")
    assert spec is not None and spec.source == "grammar"
    assert long_word(spec, "-keystore") and long_word(spec, "--keystore") and not long_word(spec, "-v")
    wk = osc.walk(spec, ["-list", "-keystore", None, "-alias", None], 0)
    assert wk.roles[2] == osc.VALUE and wk.roles[4] == osc.VALUE
    assert grammar_table.value_facts("gcc")["@"].reads == "@"
    assert grammar_table.value_facts("objdump")["@"].reads == "@"


# --- fixtures, end to end ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "rule,stem,tools",
    [
        (
            "UL170",
            "manual_one_dash_and_lock_files",
            {"keystore_create", "keystore_export_cert", "backup_with_lock", "backup_with_lock_wait", "zip_update_copy"},
        ),
        ("UL166", "response_files", {"cc_syntax_check", "objdump_symbols", "javac_compile"}),
        (
            "UL118",
            "name_lines_on_stdin",
            {"zip_selection", "cpio_pack", "tar_from_list", "rsync_listed", "git_stage_listed"},
        ),
    ],
)
def test_cli_reports_bad_tools_only(rule, stem, tools):
    code, out = lint_json("--select", rule, str(FIXTURES / "rules" / rule / f"bad_{stem}.json"))
    assert code == 1
    assert {f["tool"] for f in out["findings"]} == tools
    assert all(f["rule"] == rule and f["line"] >= 1 and f["column"] >= 1 for f in out["findings"])
    code, out = lint_json("--select", rule, str(FIXTURES / "rules" / rule / f"good_{stem}.json"))
    assert code == 0 and out["findings"] == []


# --- proofs through the real client --------------------------------------------------------------


def _tool(stem: str, rule: str, name: str) -> dict:
    doc = json.loads((FIXTURES / "rules" / rule / f"{stem}.json").read_text())
    return next(t for t in doc["tools"] if t["name"] == name)["tool_call_template"]


def _ws(tmp_path: Path) -> Path:
    ws = tmp_path / "a" / "b" / "ws"
    for d in ("locks", "backups", "site", "keys", "certs", "build", "src", "data"):
        (ws / d).mkdir(parents=True, exist_ok=True)
    (ws / "site" / "index.html").write_text("<p>hi</p>\n")
    (ws / "data" / "notes.txt").write_text("notes\n")
    (ws / "data" / "lines.txt").write_text("lines\n")
    return ws


def test_flock_creates_its_lock_file_outside_the_directory(tmp_path):
    ws = _ws(tmp_path)
    tpl = _tool("bad_manual_one_dash_and_lock_files", "UL170", "backup_with_lock")
    call(tpl, {"job": "../../../escaped"}, ws)
    assert (tmp_path / "a" / "escaped.lock").exists()


@pytest.mark.skipif(shutil.which("keytool") is None, reason="keytool (a JDK) is not installed")
def test_keytool_keystore_is_written_where_the_value_climbs(tmp_path):
    ws = _ws(tmp_path)
    tpl = _tool("bad_manual_one_dash_and_lock_files", "UL170", "keystore_create")
    call(tpl, {"store": "../../../escaped"}, ws)
    assert (tmp_path / "a" / "escaped.p12").exists()


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")
def test_gcc_reads_a_response_file_the_value_names(tmp_path):
    ws = _ws(tmp_path)
    (ws / "build" / "main.c").write_text("int main(void) { return 0; }\n")
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRETMARK-s34\n")
    tpl = _tool("bad_response_files", "UL166", "cc_syntax_check")
    res = call(tpl, {"cflags": f"@{secret}"}, ws)
    assert "SECRETMARK-s34" in str(res)
    good = _tool("good_response_files", "UL166", "cc_syntax_check_file")
    (ws / "src" / "x.c").write_text("int x;\n")
    assert "SECRETMARK" not in str(call(good, {"name": f"@{secret}"}, ws))


def test_zip_and_tar_read_one_name_per_line(tmp_path):
    ws = _ws(tmp_path)
    two = "data/notes.txt\ndata/lines.txt"
    out = str(call(_tool("bad_name_lines_on_stdin", "UL118", "zip_selection"), {"file": two}, ws))
    assert "data/lines.txt" in out and "data/notes.txt" in out  # two archive members from one value
    call(_tool("bad_name_lines_on_stdin", "UL118", "tar_from_list"), {"path": two}, ws)
    import tarfile

    with tarfile.open(ws / "backups" / "list.tgz") as tf:
        assert sorted(tf.getnames()) == ["data/lines.txt", "data/notes.txt"]
    # good: the NUL-separated list keeps the value one name (no such file: no member)
    (ws / "backups" / "list.tgz").unlink()
    call(_tool("good_name_lines_on_stdin", "UL118", "tar_from_nul_list"), {"path": two}, ws)
    made = ws / "backups" / "list.tgz"
    if made.exists():
        with tarfile.open(made) as tf:
            assert "data/lines.txt" not in tf.getnames()


def test_curl_refuses_long_equals_and_writes_nothing(tmp_path):
    ws = _ws(tmp_path)
    tpl = _tool("bad_curl_long_equals", "UL125", "curl_save_page")
    tpl = {
        **tpl,
        "commands": [{"command": tpl["commands"][0]["command"].replace("https://example.com/", "http://127.0.0.1:9/")}],
    }
    res = str(call(tpl, {"path": "x"}, ws))
    assert "is unknown" in res
    assert not (ws / "pages" / "index.html").exists()
    code, out = lint_json("--select", "UL170,UL104", str(FIXTURES / "rules" / "UL125" / "bad_curl_long_equals.json"))
    assert out["findings"] == []  # no write claimed where curl writes nothing


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="sqlite3 is not installed")
def test_sqlite_dot_command_splits_its_argument(tmp_path):
    import sqlite3

    ws = _ws(tmp_path)
    db = sqlite3.connect(ws / "app.db")
    db.execute("CREATE TABLE users (name TEXT)")
    db.execute("CREATE TABLE secrets (token TEXT)")
    db.execute("INSERT INTO secrets VALUES ('s3cr3t-s34')")
    db.commit()
    db.close()
    tpl = _tool("bad_dot_command_split", "UL166", "sqlite_dump_table")
    assert "s3cr3t-s34" in str(call(tpl, {"table": "users secrets"}, ws))
    assert "s3cr3t-s34" not in str(call(tpl, {"table": "users"}, ws))
