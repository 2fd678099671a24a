"""Option grammars of programs that are not installed here, read from their public reference
documentation (issue 23 item 1: ``linter/data/option_grammar_docs.json``, read through the one
lookup, ``option_table.lookup`` -> ``grammar_table.grammar_spec``), and what programs do with
an option's value themselves (``values``: split it, read the file a leading ``@`` names)."""

from __future__ import annotations

import json
import shlex

import pytest
from conftest import ROOT, lint_json

from utcp_lint.template import grammar_table, option_scan as osc, programs
from utcp_lint.template.option_table import lookup, option_writes

DOCS = json.loads((ROOT / "linter" / "data" / "option_grammar_docs.json").read_text())
FIX = ROOT / "fixtures" / "rules" / "UL150"


def test_every_entry_names_its_public_source_and_no_hand_entry_is_shadowed():
    progs = DOCS["programs"]
    assert len(progs) >= 40
    for name, g in progs.items():
        assert "https://" in g["src"] or "http://" in g["src"], name
        assert name not in programs.BY_NAME, name  # a hand entry always wins: never a second table
        assert any(k in g for k in ("s", "l", "l1", "f", "fl", "nosep")), name
    for name, v in DOCS["values"].items():
        assert all("https://" in (f.get("src") or v["src"]) for k, f in v.items() if k != "src"), name


def test_documented_grammar_wins_over_the_installed_manual():
    # xxd's manual extraction lists -l as a switch; its source (xxd.c) reads the next word
    spec = lookup("xxd")
    assert spec is not None and spec.source == "grammar" and "l" in spec.short_values


CODE = {osc.OPTION: "o", osc.VALUE: "v", osc.OPERAND: "p", osc.END: "e", osc.AFTER: "a", osc.SUBCOMMAND: "s"}


@pytest.mark.parametrize(
    "argv,expected",
    [
        # redis-cli reads options up to the command word; its arguments are data
        ("redis-cli -h 127.0.0.1 -n 0 --raw GET -x", "o v o v o p a"),
        # hg: -u is a switch of pull, takes a revision in clone
        ("hg pull -u -x", "s o o"),
        ("hg clone -u -x src", "s o v p"),
        # gh: --repo/-R take a value
        ("gh issue view 3 --repo -x", "p p p o v"),
        ("gh pr view 12 -R -x --json title", "p p p o v o v"),
        # 7z: values attached only, -- ends switches
        ("7z x a.7z -oout -x", "p p o o"),
        ("7z x a.7z -oout -- -x", "p p o e a"),
        # ffmpeg: one-dash long options, -vn a switch, -i a value
        ("ffmpeg -i in.mov -vn -x", "o v o o"),
        ("ffmpeg -y -i in.mov -x", "o o v o"),
        # xxd -l N takes the next word whatever it starts with
        ("xxd -l -5 -- -x", "o v e a"),
        # ghostscript -dNAME is a complete option word
        ("gs -dBATCH -dNOPAUSE -x", "o o o"),
    ],
)
def test_walk_reads_the_documented_grammar(argv, expected):
    words = shlex.split(argv)
    wk = osc.walk(lookup(words[0]), words, 1)
    got = " ".join(CODE.get(wk.roles[i], wk.roles[i]) for i in range(1, len(words)))
    assert got == expected


def test_documented_written_files():
    assert option_writes(lookup("nmap"), "-oN")
    assert option_writes(lookup("7z"), "-oout")
    hg = lookup("hg")
    assert hg is not None and option_writes(hg.subcommand("cat"), "--output") and not option_writes(hg, "-R")
    assert "--rdb" in grammar_table.grammar_writes("redis-cli")


def test_fixtures_end_to_end_through_the_cli():
    rc, bad = lint_json(str(FIX / "bad_docs_grammar.json"), "--select", "UL150")
    assert rc == 1
    tools = {f["tool"] for f in bad["findings"] if f["severity"] == "warning"}
    assert tools == {
        "hg_pull_update",
        "sevenzip_extract_member",
        "ffmpeg_extract_audio",
        "gh_pr_checkout",
        "nmap_service_scan",
        "aws_s3_list",
        "redis_cli_command",
        "cargo_add_crate",
    }
    rc, good = lint_json(str(FIX / "good_docs_grammar.json"), "--select", "UL150")
    assert rc == 0 and good["findings"] == []
