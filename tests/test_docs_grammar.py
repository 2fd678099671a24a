"""Option grammars of programs that are not installed here, read from their public reference
documentation (issue 23 item 1: ``linter/data/option_grammar_docs.json``, read through the one
lookup, ``option_table.lookup`` -> ``grammar_table.grammar_spec``), and what programs do with
an option's value themselves (``values``: split it, read the file a leading ``@`` names)."""

from __future__ import annotations

import http.server
import json
import shlex
import shutil
import threading
from pathlib import Path

import pytest
from conftest import ROOT, lint_json

from utcp_lint.template import grammar_table, option_scan as osc, programs
from utcp_lint.template.option_table import lookup, option_writes

DOCS = json.loads((ROOT / "linter" / "data" / "option_grammar_docs.json").read_text())
FIX = ROOT / "fixtures" / "rules" / "UL150"


def test_every_entry_names_its_public_source_and_no_hand_entry_is_shadowed():
    progs = DOCS["programs"]
    assert len(progs) >= 70
    for name, g in progs.items():
        assert "https://" in g["src"] or "http://" in g["src"], name
        # a hand entry always wins (an entry holding only PowerShell facts, gcloud/az as .cmd
        # shims, has no bash grammar of its own: lookup reads this one); beside a hand entry
        # with options the documented grammar only says which options take no value
        # (option_scan.arity_unknown: helm upgrade --install, terraform output -raw)
        p = programs.BY_NAME.get(name)
        if p is not None and not (p.family == "tool" and p.options is None):
            assert lookup(name) is not None and lookup(name).source == "table", name
            assert not any(k in g for k in ("writes", "code", "reads", "at")), name  # no second table of facts
        elif p is not None:
            assert lookup(name) is not None and lookup(name).source == "grammar", name
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
        # command groups (gcloud compute ssh), release tracks (gcloud beta …), unlisted words
        ("gcloud compute ssh vm --zone z --command uptime -- -t", "s s p o v o v e a"),
        ("gcloud beta compute tpus tpu-vm ssh t -x", "s s s s s p o"),
        ("gcloud compute instances list --format -x", "s s p o v"),
        ("az vm run-command invoke -g rg -n vm --scripts x", "s s s o v o v o v"),
    ],
)
def test_walk_reads_the_documented_grammar(argv, expected):
    words = shlex.split(argv)
    wk = osc.walk(lookup(words[0]), words, 1)
    got = " ".join(CODE.get(wk.roles[i], wk.roles[i]) for i in range(1, len(words)))
    assert got == expected


@pytest.mark.parametrize(
    "argv,option,code",
    [
        ("gcloud compute ssh vm --command=X", "--command", True),
        ("gcloud beta compute tpus tpu-vm ssh t --command X", "--command", True),
        ("gcloud compute instances create vm --metadata X", "--metadata", False),
        ("vagrant ssh web -c X", "-c", True),
        ("az vm run-command invoke -n vm --scripts X", "--scripts", True),
        ("aws ssm send-command --parameters X", "--parameters", True),
        ("aws s3 cp X Y --metadata k=v", "--metadata", False),
    ],
)
def test_documented_code_options_of_command_groups(argv, option, code):
    """``code`` facts of a sub-command nested in command groups reach the spec the walk gives
    the word (the option's own spec; its source is the reference of the program)."""
    words = shlex.split(argv)
    top = lookup(words[0])
    wk = osc.walk(top, words, 1)
    i = next(k for k, w in enumerate(words) if w.startswith(option))
    eff = wk.specs.get(i) or top
    assert (option in eff.code_values) is code
    if code:
        assert "https://" in eff.code_values[option].source and eff.code_values[option].mode == "shell"


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
        "rclone_copy_source",
        "mysqldump_database",
    }
    rc, good = lint_json(str(FIX / "good_docs_grammar.json"), "--select", "UL150")
    assert rc == 0 and good["findings"] == []


# --- what programs do with an option's value (values) -------------------------------------

FIX166 = ROOT / "fixtures" / "rules" / "UL166"


def test_value_facts_end_to_end_through_the_cli():
    rc, bad = lint_json(str(FIX166 / "bad_program_splits.json"), "--select", "UL166")
    assert rc == 1
    got = {(f["tool"], f["severity"]) for f in bad["findings"]}
    assert got == {
        (t, "warning")
        for t in (
            "helm_values_set",
            "ec2_describe_by_name",
            "ansible_deploy_version",
            "gcloud_run_set_version",
            "curl_status_format",
            "curl_post_note",
            "vault_store_password",
            "http_post_note",
        )
    }
    rc, good = lint_json(str(FIX166 / "good_program_splits.json"), "--select", "UL166")
    assert rc == 0 and good["findings"] == []


def test_value_facts_are_read_per_program_only():
    facts = grammar_table.value_facts("helm")
    assert facts["--set"].splits == "," and "--set-literal" not in facts
    assert grammar_table.value_facts("curl")["-F"].after == "="
    assert grammar_table.value_facts("no-such-program") == {}


def _tool(manual: Path, name: str) -> dict:
    return next(t for t in json.loads(manual.read_text())["tools"] if t["name"] == name)["tool_call_template"]


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl not installed")
def test_curl_write_out_reads_the_file_named_after_at_through_the_real_client(tmp_path):
    """curl -w @FILE prints FILE: the bad fixture's tool, run through the real UtcpClient
    runtime on a local file:// URL, prints a canary file's content."""
    from realcli import call

    secret = tmp_path / "secret.txt"
    secret.write_text("CANARY-7f3e")
    (tmp_path / "index.html").write_text("hi")
    tpl = json.loads(json.dumps(_tool(FIX166 / "bad_program_splits.json", "curl_status_format")))
    tpl["commands"][0]["command"] = tpl["commands"][0]["command"].replace(
        "https://example.com/health", f"file://{tmp_path}/index.html"
    )
    out = call(tpl, {"format": f"@{secret}"}, tmp_path)
    assert "CANARY-7f3e" in str(out)
    assert "CANARY-7f3e" not in str(call(tpl, {"format": "%{http_code}"}, tmp_path))


class _Capture(http.server.BaseHTTPRequestHandler):
    bodies: list = []

    def do_POST(self):  # noqa: N802 (http.server's name)
        n = int(self.headers.get("Content-Length", 0))
        self.bodies.append(self.rfile.read(n).decode())
        self.send_response(200)
        self.send_header("Content-Type", "text/xml")
        self.end_headers()
        self.wfile.write(
            b'<DescribeInstancesResponse xmlns="http://ec2.amazonaws.com/doc/2016-11-15/">'
            b"<reservationSet/></DescribeInstancesResponse>"
        )

    def log_message(self, *a):
        pass


@pytest.mark.skipif(shutil.which("aws") is None, reason="aws CLI not installed")
def test_aws_shorthand_splits_the_value_through_the_real_client(tmp_path):
    """The bad fixture's aws tool, run through the real runtime against a local endpoint: the
    value 'web,db' arrives as two filter values (Filter.1.Value.2), one word for the shell."""
    from realcli import call

    srv = http.server.HTTPServer(("127.0.0.1", 0), _Capture)
    th = threading.Thread(target=srv.handle_request, daemon=True)
    th.start()
    tpl = json.loads(json.dumps(_tool(FIX166 / "bad_program_splits.json", "ec2_describe_by_name")))
    tpl["commands"][0]["command"] = tpl["commands"][0]["command"].replace(
        "aws ec2", f"aws --endpoint-url http://127.0.0.1:{srv.server_port} ec2"
    )
    env = {"AWS_ACCESS_KEY_ID": "x", "AWS_SECRET_ACCESS_KEY": "y", "AWS_DEFAULT_REGION": "us-east-1"}
    call(tpl, {"name": "web,db"}, tmp_path, env=env)
    th.join(30)
    srv.server_close()
    body = _Capture.bodies[-1]
    assert "Filter.1.Value.1=web" in body and "Filter.1.Value.2=db" in body


# --- jq 1.6: `--` ends options only after the filter (measured) -----------------------------


@pytest.mark.parametrize(
    "argv,expected",
    [
        ("jq -r keys[] -- -x", "o p e a"),
        ("jq -- keys[] -x", "o p o"),  # before the filter `--` is no end of options (jq 1.6 usage error)
    ],
)
def test_jq_end_of_options_after_the_filter(argv, expected):
    words = shlex.split(argv)
    wk = osc.walk(lookup("jq"), words, 1)
    got = " ".join(CODE.get(wk.roles[i], wk.roles[i]) for i in range(1, len(words)))
    assert got == expected


@pytest.mark.skipif(shutil.which("jq") is None, reason="jq not installed")
def test_jq_reads_a_value_after_its_filter_as_an_option_unless_dashdash_through_the_real_client(tmp_path):
    from realcli import call

    (tmp_path / "-n").write_text('{"a": 1}')
    bad = _tool(FIX / "bad_jq_filter_then_file.json", "json_keys_of_file")
    good = _tool(FIX / "good_jq_filter_then_file.json", "json_keys_dashdash")
    out_bad = str(call(bad, {"file": "-n"}, tmp_path))
    assert "a" not in out_bad.split()  # -n: jq read no file (null input)
    assert "a" in str(call(good, {"file": "-n"}, tmp_path)).split()  # the file named -n
    # the fix puts -- after the filter, where jq 1.6 reads it (before it, jq rejects it)
    copy = tmp_path / "m.json"
    copy.write_text((FIX / "bad_jq_filter_then_file.json").read_text())
    lint_json(str(copy), "--select", "UL150", "--fix")
    cmds = [t["tool_call_template"]["commands"][0]["command"] for t in json.loads(copy.read_text())["tools"]]
    assert cmds == [
        "jq -r 'keys[]' -- UTCP_ARG_file_UTCP_END",
        "jq -r '.version' -- UTCP_ARG_file_UTCP_END defaults.json",
    ]


# --- unzip 6.0: -d/-x after the zip file, nothing written with -p (measured) -----------------


@pytest.mark.skipif(shutil.which("unzip") is None or shutil.which("zip") is None, reason="unzip/zip not installed")
def test_unzip_member_value_writes_unless_piped_through_the_real_client(tmp_path):
    import subprocess

    from realcli import call

    (tmp_path / "a.txt").write_text("hello")
    subprocess.run(["zip", "-q", "bundle.zip", "a.txt"], cwd=tmp_path, check=True)
    manual = FIX / "bad_unzip_extract_entry.json"
    out = tmp_path / "elsewhere"
    call(_tool(manual, "unzip_extract_entry"), {"entry": f"-d{out}"}, tmp_path)
    assert (out / "a.txt").read_text() == "hello"  # the value chose where unzip writes
    out2 = tmp_path / "elsewhere2"
    printed = str(call(_tool(manual, "unzip_print_entry"), {"entry": f"-d{out2}"}, tmp_path))
    assert not out2.exists() and "hello" in printed  # -p: "not extracting; -d ignored"
    rc, got = lint_json(str(manual), "--select", "UL150")
    sev = {f["tool"]: f["severity"] for f in got["findings"]}
    assert sev == {"unzip_extract_entry": "error", "unzip_into_plot_dir": "error", "unzip_print_entry": "warning"}


# --- long switches measured across all grammars (unknown programs) --------------------------


def test_common_switches_are_measured_from_the_grammars():
    c = grammar_table.common_switches()
    assert len(c) >= 150
    assert {"--force", "--recursive", "--insecure", "--dry-run"} <= c
    assert "--output" not in c and "--file" not in c  # value-taking somewhere: never a common switch


def test_unknown_program_after_a_common_switch_end_to_end():
    rc, bad = lint_json(str(FIX / "bad_common_switch.json"), "--select", "UL150")
    assert rc == 1 and {f["tool"] for f in bad["findings"]} == {"hugo_new_site", "lychee_check_links"}
    assert all(f["severity"] == "warning" for f in bad["findings"])
    rc, good = lint_json(str(FIX / "good_common_switch.json"), "--select", "UL150")
    assert rc == 0 and good["findings"] == []


def test_ffmpeg_stream_specifier_is_part_of_the_option_word():
    """``-c:v CODEC`` is ``-c`` with a stream specifier (ffmpeg documentation, "Stream
    specifiers"): the next word is its value, as the verify shim and UL150 both read it."""
    from utcp_lint.template.option_scan import walk
    from utcp_lint.template.option_table import lookup

    spec = lookup("ffmpeg")
    roles = walk(spec, ["ffmpeg", "-i", "in.mov", "-c:v", "-x", "-b:a:0", "128k", "-y", "out.mp4"], 1).roles
    assert [roles[i] for i in range(1, 9)] == [
        "option",
        "value",
        "option",
        "value",
        "option",
        "value",
        "option",
        "operand",
    ]
