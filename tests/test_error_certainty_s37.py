"""Issue 23, session 37: UL150 says ``error`` only where the grammar KNOWS the value reaches an
option position.

After a long option that a hand entry of the program table does not list, the option's
documented grammar decides (git-SUB.1 pages, kubectl/docker ``--help``, the helm, terraform,
npm, openssl, rsync and pandoc references in linter/data/option_grammar_docs.json): a
documented switch keeps the error, a documented value-taking option makes the word that
option's argument (no finding: ``kubectl scale --replicas V``, ``git for-each-ref --sort V``),
and an option no grammar knows makes it a guess (warning, low confidence, said in the
message).  The git cases are proven through the real UtcpClient runtime with real git.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
from pathlib import Path

import pytest

from tests.realcli import call

ROOT = Path(__file__).resolve().parent.parent
LINT = ROOT / ".venv" / "bin" / "utcp-lint"


def _manual(cmd: str, arg: str) -> dict:
    return {
        "manual_version": "1.0.0",
        "utcp_version": "1.0.2",
        "tools": [
            {
                "name": "t",
                "description": "d",
                "inputs": {"type": "object", "properties": {arg: {"type": "string"}}, "required": [arg]},
                "outputs": {"type": "object"},
                "tags": [],
                "tool_call_template": {"call_template_type": "cli", "commands": [{"command": cmd}]},
            }
        ],
    }


def _ul150(tmp_path: Path, cmd: str, arg: str = "v") -> list:
    m = tmp_path / "m.json"
    m.write_text(json.dumps(_manual(cmd, arg)))
    p = subprocess.run(
        [str(LINT), "--format", "json", "--no-config", "--no-cache", "--select", "UL150", str(m)],
        capture_output=True,
        text=True,
        check=False,
    )
    return [(f["severity"], f["confidence"], f["message"]) for f in json.loads(p.stdout)["findings"]]


@pytest.mark.parametrize(
    "cmd",
    [
        "kubectl scale deployment/web --replicas UTCP_ARG_v_UTCP_END",
        "kubectl port-forward --address UTCP_ARG_v_UTCP_END pod/web 8080:80",
        "kubectl create secret generic app-env --from-literal UTCP_ARG_v_UTCP_END",
        "git for-each-ref --sort UTCP_ARG_v_UTCP_END refs/heads",
        "git worktree lock --reason UTCP_ARG_v_UTCP_END ../tree",
    ],
)
def test_documented_value_taking_option_takes_the_value(tmp_path, cmd):
    assert _ul150(tmp_path, cmd) == []


@pytest.mark.parametrize(
    "cmd",
    [
        "kubectl logs --timestamps UTCP_ARG_v_UTCP_END",
        "helm upgrade --install --atomic UTCP_ARG_v_UTCP_END ./chart",
        "git ls-remote --heads UTCP_ARG_v_UTCP_END",
        "docker container rm --volumes UTCP_ARG_v_UTCP_END",
        "terraform output -raw UTCP_ARG_v_UTCP_END",
    ],
)
def test_documented_switch_keeps_the_error(tmp_path, cmd):
    got = _ul150(tmp_path, cmd)
    assert len(got) == 1 and got[0][0] == "error" and "a guess" not in got[0][2]


def test_option_no_grammar_knows_is_a_guess(tmp_path):
    (got,) = _ul150(tmp_path, "npm audit --audit-level UTCP_ARG_v_UTCP_END")
    assert got[:2] == ("warning", "low")
    assert "a guess" in got[2] and "--audit-level of npm audit" in got[2]


def _repo(tmp_path: Path) -> Path:
    work = tmp_path / "work"
    bare = tmp_path / "origin.git"
    env = {"GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"}
    run = lambda *a, cwd=None: subprocess.run(  # noqa: E731
        ["git", "-c", "user.name=t", "-c", "user.email=t@e", *a],
        cwd=cwd,
        check=True,
        capture_output=True,
        env={**env, "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    run("init", "-q", "--bare", str(bare))
    run("init", "-q", str(work))
    (work / "f").write_text("x\n")
    run("add", "f", cwd=work)
    run("commit", "-qm", "c", cwd=work)
    run("remote", "add", "origin", str(bare), cwd=work)
    run("push", "-q", "origin", "HEAD:refs/heads/main", cwd=work)
    return work


def test_real_client_documented_switch_lets_the_value_in_as_an_option(tmp_path):
    work = _repo(tmp_path)
    canary = tmp_path / "CANARY"
    payload = f"--upload-pack=touch {canary}; git-upload-pack"
    call({"commands": ["git ls-remote --heads UTCP_ARG_remote_UTCP_END"]}, {"remote": payload}, work)
    assert canary.exists()  # --heads takes no value: the value was an option, and ran a command


def test_real_client_documented_value_option_swallows_the_value(tmp_path):
    work = _repo(tmp_path)
    out = call(
        {"commands": ["git for-each-ref --sort UTCP_ARG_key_UTCP_END --format='%(refname)' refs/heads"]},
        {"key": "--format=PWNED"},
        work,
    )
    # --sort took the value as its sort key (git rejects the key: a leading '-' means
    # descending), so --format=PWNED never applied: no ref is printed as PWNED
    assert "unknown field name: -format=PWNED" in str(out)
    assert "PWNED" not in str(out).splitlines()


def _help_grammar():
    spec = importlib.util.spec_from_file_location("gen_help_grammar_s37", ROOT / "scripts" / "gen_help_grammar.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_help_parser_reads_pflag_booleans_and_values():
    gen = _help_grammar()
    kubectl = gen.parse(
        "kubectl", "    -f, --follow=false:\n    --since=0s:\n    -c, --container='':\n    --dry-run='none':\n"
    )
    assert kubectl == {"s": "c", "l": ["container", "since"], "f": "f", "fl": ["dry-run", "follow"]}
    docker = gen.parse("docker", "  -d, --detach        Run container\n      --name string   Assign a name\n")
    assert docker == {"l": ["name"], "f": "d", "fl": ["detach"]}


def _findings(tmp_path: Path, cmd: str, arg: str, rule: str) -> list:
    m = tmp_path / "g.json"
    m.write_text(json.dumps(_manual(cmd, arg)))
    p = subprocess.run(
        [str(LINT), "--format", "json", "--no-config", "--no-cache", "--select", rule, str(m)],
        capture_output=True,
        text=True,
        check=False,
    )
    return [(f["severity"], f["message"]) for f in json.loads(p.stdout)["findings"]]


GUARDED_EVAL = (
    'a=UTCP_ARG_action_UTCP_END; [[ "${a:-}" =~ RX ]] || { echo refused; exit 2; }; cmd="echo ran ${a:-}"; '
    'eval "${cmd:-}"'
)


def test_anchored_alternatives_guard_is_read_and_protects_the_copy(tmp_path):
    # ^start$|^stop$: each alternative anchored at both ends, the union of their bytes
    assert _findings(tmp_path, GUARDED_EVAL.replace("RX", "^start$|^stop$"), "action", "UL102") == []
    # the same through the real runtime: a payload is refused, a listed value runs
    canary = tmp_path / "CANARY"
    tpl = {"commands": [GUARDED_EVAL.replace("RX", "^start$|^stop$")]}
    for bad in (f"start; touch {canary}", f"$(touch {canary})", f"stop`touch {canary}`"):
        out = call(tpl, {"action": bad}, tmp_path)
        assert "refused" in str(out) and not canary.exists()
    assert "ran start" in str(call(tpl, {"action": "start"}, tmp_path))


def test_guard_that_lets_dangerous_bytes_through_keeps_the_error(tmp_path):
    # ^.*$ is read: any byte passes, so the eval still runs the value (error, certain)
    (got,) = _findings(tmp_path, GUARDED_EVAL.replace("RX", "^.*$"), "action", "UL102")
    assert got[0] == "error"
    canary = tmp_path / "CANARY"
    call({"commands": [GUARDED_EVAL.replace("RX", "^.*$")]}, {"action": f"x; touch {canary}"}, tmp_path)
    assert canary.exists()


def test_guard_the_analysis_cannot_read_makes_it_a_warning(tmp_path):
    # an anchor inside the pattern: not a whole-string match the reader understands; the
    # check may keep the value out, so the finding is not certain
    (got,) = _findings(tmp_path, GUARDED_EVAL.replace("RX", "^[a-z]+x^y$"), "action", "UL102")
    assert got[0] == "warning"


def test_option_position_past_an_unreadable_check_is_a_warning(tmp_path):
    cmd = 'a=UTCP_ARG_v_UTCP_END; [[ "${a:-}" =~ RX ]] || exit 2; git clone "${a:-}" /tmp/checkout'
    (got,) = _ul150(tmp_path, cmd.replace("RX", "^[a-z]+x^y$"))
    assert got[0] == "warning"
    # read, and it lets a leading '-' and '=' by: certain
    (got,) = _ul150(tmp_path, cmd.replace("RX", "^.*$"))
    assert got[0] == "error"
