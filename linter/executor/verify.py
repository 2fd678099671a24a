"""Dynamic proof of injections (``utcp-lint verify``; reported by rules UL501-UL504).

For every bash tool: render the script exactly like the runtime, give every
placeholder *occurrence* its own environment variable (only the variable name
in the emitted reference changes, never the shell structure), and run it in the
:mod:`.sandbox` once per payload, the other occurrences holding a benign value.
What is observed, and what it proves (a :class:`Proof` of a :class:`ProofKind`):

* code execution: a canary program ``utcp_canary_<k>`` (only reachable
  through the payload) ran, or the payload's canary file appeared;
* word splitting / globbing: a program received ``utcpsplit<k>x`` alone
  (the value ``utcpsplit<k>x <dir>/utcpglob<k>x*`` was split) or the file the
  glob matches;
* option injection: a program (not a shell builtin) received
  ``-utcpopt<k>x`` in an option position (no ``--`` before it, not consumed as
  the value of the previous option, not after the operands of a program that
  stops at its first operand);
* value never reaches: the benign value appears nowhere (argv of any
  program or wrapped builtin, stdin of recorded programs, output) and changing
  it changes nothing observable.
"""

from __future__ import annotations

import dataclasses
import os
import re
import secrets
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from ..core.lazyre import compile_pattern
from ..ruleset.ids import ENV_VAR_RUNS_CODE
from .facts import ProofKind
from .render import compose_env, render
from .sandbox import Call, Limits, Observation, Sandbox, SandboxUnavailable


@dataclass
class VerifyOptions:
    timeout: float = 10.0
    jobs: int | None = None
    weak: bool = False
    output_cap: int = 1 << 20
    # total wall-clock bound of one verify run (all tools); None: unbounded
    max_time: float | None = 600.0
    deadline: float | None = None  # set by verify_document from max_time
    # a tool whose runs timed out, hit the output cap or tampered with the log or canary
    # area is "inconclusive": exit 2 unless accepted (exit 0/1 then, by the proofs alone)
    accept_inconclusive: bool = False


class TimeBudgetExceeded(Exception):
    """The verify run's total time bound (--max-time) was reached."""


@dataclass
class Occurrence:
    k: int
    name: str
    step: int  # position in tpl.steps
    start: int
    end: int
    state: str
    var: str


@dataclass
class Proof:
    kind: ProofKind
    occurrence: Occurrence
    payload: str
    evidence: str


@dataclass
class ToolReport:
    name: str
    tpl: Any
    status: str  # verified | inconclusive | not-run | error
    message: str = ""
    occurrences: list[Occurrence] = field(default_factory=list)
    proofs: list[Proof] = field(default_factory=list)
    runs: int = 0
    elapsed: float = 0.0
    notes: list[str] = field(default_factory=list)
    inconclusive: list[str] = field(default_factory=list)  # why the runs prove nothing either way

    def proven(self, kind: ProofKind, k: int) -> list[Proof]:
        return [p for p in self.proofs if p.kind is kind and p.occurrence.k == k]


@dataclass
class VerifyReport:
    path: str
    tools: list[ToolReport]
    isolation: str
    unknown_tools: list[str] = field(default_factory=list)
    accept_inconclusive: bool = False

    def exit_code(self) -> int:
        if any(t.status == "error" for t in self.tools):
            return 2
        if any(t.proofs for t in self.tools):
            return 1  # a proof stands whatever else did not finish
        if not self.accept_inconclusive and any(t.status == "inconclusive" for t in self.tools):
            return 2  # nothing proven, but not everything was observed either: never a clean 0
        return 0


# ----------------------------------------------------------------------------
# payloads
# ----------------------------------------------------------------------------


def canary(k: int) -> str:
    return f"utcp_canary_{k}"


# Which interpreter a payload family targets, and the words in a template that make
# the family worth running.  Shell payloads always run.  A program the template does
# not name cannot run in the sandbox (PATH holds only shims), so skipping the other
# families loses nothing.
FAMILIES = {
    "shell": (),
    "python": ("python", "python3", "python2", "py"),
    "perl": ("perl", "ruby"),
    "awk": ("awk", "gawk", "mawk", "nawk"),
    "sed": ("sed",),
    # options that run code (issue 11): the value as a whole word in an option position
    "node": ("node", "nodejs"),
    "perlopt": ("perl",),
    "sedopt": ("sed",),
    "rsync": ("rsync",),
    "ssh": ("ssh",),
}


def code_payloads(k: int, families: set | None = None) -> list[str]:
    """The code-execution catalog for occurrence ``k`` (all families by default)."""
    c = canary(k)
    py = f'__import__("os").system("{c}")'
    catalog = {
        # one payload per distinct way in: substitution (two spellings: perl/ruby read
        # backticks too), separator, newline, single/double quote break-out, arithmetic
        # the bare canary name last: a value that IS the command name (`$c status`,
        # `${c:-true} status`, `${c,,} status`) runs the program it names (bash(1) "SIMPLE
        # COMMAND EXPANSION": the first word after expansion is the command)
        "shell": [f"$({c})", f"`{c}`", f"x;{c};#", f"x\n{c}\n", f"';{c};'", f'";{c};"', f"a[$({c})]", c],
        "python": [py, f"');{py};('", f'");{py};("', f"'+{py}+'", f"{{{py}}}", f"x\n{py}\n#"],
        "perl": [f'system("{c}")', f"';system(\"{c}\");'", f'";system("{c}");"', f'@{{[system("{c}")]}}'],
        "awk": [f'";system("{c}");"', f'x/;BEGIN{{system("{c}")}};/x', f'BEGIN{{system("{c}")}}'],
        "sed": [f"x/\ne {c}\n#", f"x/y/\ne {c}\n#"],
        # GNU sed: --expression makes the first operand a file; its `e` command runs a shell
        "sedopt": [f"--expression=e {c}"],
        # node parses options after the -e script; perl joins every -e into the program
        "node": [f'--eval=require("child_process").execSync("{c}")'],
        "perlopt": [f'-e;BEGIN{{system("{c}")}}'],  # BEGIN: runs under -n/-p without input too
        # argv shims (sandbox.py): rsync runs --rsh for a remote operand, ssh runs ProxyCommand
        "rsync": [f"--rsh={c}"],
        "ssh": [f"-oProxyCommand={c}"],
    }
    out: list[str] = []
    for fam, payloads in catalog.items():
        if families is None or fam in families:
            out.extend(p for p in payloads if p not in out)
    return out


def families_for(text: str) -> set:
    words = set(re.findall(r"[A-Za-z0-9_.+-]+", text))
    words |= {w.rsplit("/", 1)[-1] for w in words}
    return {
        fam
        for fam, names in FAMILIES.items()
        if not names
        or words & set(names)
        or any(w.startswith(n) for w in words for n in names if n.startswith("python"))
    }


def _printed_as_data(argv: list, word: str, hit: str) -> bool:
    """``printf FORMAT … piece …``: the split pieces are arguments after printf's format,
    which it only prints (no option is read there, nothing globbed): what
    ``read -a a <<< V; printf '%s\n' "${a[@]}"`` is written for (the static analysis
    states the same, valueflow._printf_data).  A piece that became the format, or a glob
    match, is still a proof."""
    if not argv or argv[0].rsplit("/", 1)[-1] != "printf" or hit in argv:
        return False
    args = argv[1:]
    return bool(args) and args[0] != word and not args[0].startswith("-") and word in args[1:]


def split_payload(k: int, glob_dir: str) -> str:
    return f"utcpsplit{k}x {glob_dir}/utcpglob{k}x*"


def option_payload(k: int) -> str:
    return f"-utcpopt{k}x"


def benign(k: int) -> str:
    return f"utcpval{k}x"


def alternates(k: int) -> list[str]:
    return [f"utcpalt{k}x", f"4243{k}"]


# ----------------------------------------------------------------------------
# option positions in an observed argv
# ----------------------------------------------------------------------------

# GNU echo takes only words made of n/e/E as options: the marker is printed, never parsed
NO_OPTION_PARSING = {"echo"}


def option_hits(call: Call, token: str) -> list[int]:
    """argv indexes where ``token`` starts an element that the program parses as an option.

    The one option grammar decides (``template.option_scan.walk`` over the program table,
    the same walk UL150 and its fixes use): ``tar czf -x`` gives ``-x`` to ``f`` as its
    argument, ``cmd -- -x`` ends the options.  A program the table does not know is read
    GNU-style; a word right after one of its options is taken as that option's argument."""
    from ..template.option_scan import OPTION, argv_arity_unknown, walk
    from ..template.option_table import lookup, wrapper_spec

    argv = call.argv
    spec = lookup(call.program) or wrapper_spec(call.program)
    wk = walk(spec, argv, 1)
    hits = []
    for i, role in sorted(wk.roles.items()):
        if role != OPTION or not argv[i].startswith(token):
            continue
        if spec is None and i > 1 and wk.roles.get(i - 1) == OPTION and "=" not in argv[i - 1]:
            if argv[i - 1].startswith("--") or len(argv[i - 1]) == 2:
                continue  # unknown program: probably the value of the option before it
        if spec is not None and spec.source == "table" and argv_arity_unknown(call.program, argv, 1, wk, i, spec):
            continue  # the option before it may take the value (its grammar says so, or nothing says)
        hits.append(i)
    return hits


# ----------------------------------------------------------------------------
# running one tool
# ----------------------------------------------------------------------------


def _occurrences(tpl, nonce: str):
    commands = [{"command": s.command, "append_to_final_output": s.append_to_final_output} for s in tpl.steps]
    rendered = render(commands, {}, shell="bash", nonce=nonce)
    occs = []
    script = rendered.script
    pieces = []
    last = 0
    for k, sp in enumerate(sorted(rendered.spans, key=lambda s: s.script_start)):
        var = f"__UTCP_ARG_{nonce}_o{k}"
        emitted = script[sp.script_start : sp.script_end]
        pieces.append(script[last : sp.script_start])
        pieces.append(emitted.replace(sp.env_var, var, 1))
        last = sp.script_end
        occs.append(Occurrence(k, sp.name, sp.step, sp.template_start, sp.template_end, sp.state, var))
    pieces.append(script[last:])
    return commands, "".join(pieces), occs


def _base_env(tpl) -> dict:
    host = {
        "PATH": "/usr/bin:/bin",
        "HOME": "/home/sandbox",
        "LANG": "C.UTF-8",
        "USER": "sandbox",
        "LOGNAME": "sandbox",
        "SHELL": "/bin/bash",
        "TERM": "dumb",
    }
    iev = tpl.raw.get("inherit_env_vars")
    ev = tpl.raw.get("env_vars")
    iev = [x for x in iev if isinstance(x, str)] if isinstance(iev, list) else None
    ev = {str(k): str(v) for k, v in ev.items()} if isinstance(ev, dict) else None
    return compose_env(iev, ev, host, "posix")


def _norm_obs(obs: Observation, tokens: dict | None = None) -> tuple:
    """Observation with run-specific paths and the varied tokens normalised."""

    def n(s: str) -> str:
        s = s.replace(obs.root, "<RUN>")
        for t, r in (tokens or {}).items():
            s = s.replace(t, r)
        return s

    def nb(b: bytes | None) -> str | None:
        return None if b is None else n(b.decode("utf-8", "surrogateescape"))

    calls = sorted((c.program, tuple(n(a) for a in c.argv), c.kind, nb(c.stdin)) for c in obs.calls)
    return (
        nb(obs.stdout),
        nb(obs.stderr),
        obs.returncode,
        obs.timed_out,
        tuple(calls),
        tuple(n(f) for f in obs.home_files),
    )


def _contains(obs: Observation, token: str, trace: bool = True) -> bool:
    """``token`` in the output, any argv, recorded stdin, home file names (or the xtrace).

    The xtrace shows expanded words for most commands but the *unexpanded* word of
    ``case``, so it proves that a value arrived, never that reference text did.
    """
    tb = token.encode("utf-8", "surrogateescape")
    if tb in obs.stdout or tb in obs.stderr or (trace and tb in obs.trace):
        return True
    for c in obs.calls:
        if any(token in a for a in c.argv) or (c.stdin is not None and tb in c.stdin):
            return True
    return any(token in f for f in obs.home_files)


# shells a tool may start itself: utcp-cli exports every value (``__UTCP_ARG_*``), so a child
# shell expands a reference that its parent left as text (``bash <<'EOF'``, ``cat > f <<'EOF'``
# then ``bash f``); the sandbox records rather than runs ``cat``, so the file such a child runs
# may not be the tool's, and "the value never reaches" cannot be told apart from "it reached a
# child the sandbox did not let it reach" (issue 23: bash/child_shell.py)
_CHILD_SHELLS = frozenset({"bash", "sh", "dash", "rbash", "zsh", "ksh", "mksh", "ash"})


# ``source FILE`` / ``. FILE``: the tool's own shell runs a file it may have written with a
# program the sandbox only records (``tee f <<'EOF'``): the same blind spot
_SOURCES_FILE = compile_pattern(r"(?:^|[;&|(\s])(?:source|\.)\s+[^\s;&|]")


def _child_shell_ran(obs: Observation) -> bool:
    return any(c.program in _CHILD_SHELLS for c in obs.calls)


def _shimmed_names(commands_text: str, canaries: list[str]) -> frozenset:
    """The program names the sandbox itself put on PATH or wrapped for this tool: the only
    names a proof may print (a log record's words are the tool's to write)."""
    from .sandbox import BASE_NAMES, WORD_RE, WRAPPED_BUILTINS

    return BASE_NAMES | frozenset(WRAPPED_BUILTINS) | frozenset(WORD_RE.findall(commands_text)) | frozenset(canaries)


def _program(c: Call, shimmed: frozenset) -> str:
    return c.program if c.program in shimmed and len(c.program) <= 64 else "a program"


def _inconclusive(report: ToolReport, runs: list, options: VerifyOptions) -> None:
    """Runs that prove nothing either way make the tool inconclusive: a run that timed out or
    hit the output cap stopped before the rest of the script (a tool can sleep past the timeout
    before its injectable line), and a run whose log or canary area was written other than by
    the shims recorded nothing trustworthy.  A timed-out code run of an occurrence whose code
    execution another payload proved changes nothing."""
    cut = [
        (kind, k, o)
        for kind, k, o in runs
        if (o.timed_out or o.capped) and not (kind == "code" and report.proven(ProofKind.CODE_EXECUTION, k))
    ]
    timed = sum(1 for _kind, _k, o in cut if o.timed_out)
    if timed:
        report.inconclusive.append(
            f"{timed} of {len(runs)} sandboxed run(s) did not finish within {options.timeout:g} s: "
            f"the rest of the script was never observed"
        )
    capped = sum(1 for _kind, _k, o in cut if o.capped and not o.timed_out)
    if capped:
        report.inconclusive.append(
            f"{capped} of {len(runs)} sandboxed run(s) were stopped at the output cap: "
            f"the rest of the script was never observed"
        )
    tampered = sorted({why for _kind, _k, o in runs for why in o.tampered})
    if tampered:
        n = sum(1 for _kind, _k, o in runs if o.tampered)
        report.inconclusive.append(
            f"the sandbox's records of {n} run(s) cannot be trusted (" + "; ".join(tampered[:3]) + "): "
            "nothing they show is reported as proven"
        )
    if report.inconclusive:
        report.status = "inconclusive"


def is_bash_tool(tpl) -> bool:
    """Verify runs a template unless it is (or reads as) a PowerShell template.

    ``--shell bash``/``both`` force bash; with ``auto`` a template that reads as
    PowerShell (see utcp_lint.template.detect) is left alone: it was written for
    the Windows runtime, and there is no PowerShell sandbox.
    """
    return bool(tpl.runs_as_bash)  # one definition: utcp_lint.ruleset.context.CliTemplate.runs_as_bash


def _run_chains(pool: ThreadPoolExecutor, jobs: list, run_one: Callable[[dict], Observation]) -> dict:
    """Futures for ``jobs`` (kind, k, payload, env): {future: job}, every future ends run or cancelled.

    The code payloads of one occurrence run one after another in catalog order and
    stop at the first whose canary ran (the rest are cancelled); every other job
    runs on its own.  So which payload proves an occurrence, and how many runs
    there were, never depend on timing or on the number of workers.
    """
    futures: dict = {Future(): job for job in jobs}
    chains: list[list] = []
    by_k: dict = {}
    for fut, job in futures.items():
        if job[0] == "code":
            if job[1] not in by_k:
                by_k[job[1]] = []
                chains.append(by_k[job[1]])
            by_k[job[1]].append((fut, job))
        else:
            chains.append([(fut, job)])

    def run_chain(chain: list) -> None:
        for i, (fut, job) in enumerate(chain):
            if not fut.set_running_or_notify_cancel():
                continue
            try:
                obs = run_one(job[3])
            except BaseException as e:  # noqa: BLE001 - handed to the reader of the future
                fut.set_exception(e)
                proven = True
            else:
                fut.set_result(obs)
                proven = job[0] == "code" and canary(job[1]) in obs.canaries
            if proven:
                for other, _job in chain[i + 1 :]:
                    other.cancel()
                    other.set_running_or_notify_cancel()  # tells as_completed (it waits otherwise)
                return

    for chain in chains:
        pool.submit(run_chain, chain)
    return futures


def verify_tool(tpl, sandbox: Sandbox, options: VerifyOptions, name: str) -> ToolReport:
    import time

    started = time.monotonic()
    report = ToolReport(name, tpl, "verified")
    if not is_bash_tool(tpl):
        report.status = "not-run"
        report.message = (
            "PowerShell tool: cannot be executed on this machine (verify runs bash tools in its sandbox only)"
        )
        return report
    if not tpl.steps:
        report.status = "not-run"
        report.message = "no commands"
        return report
    nonce = secrets.token_hex(8)
    commands, script, occs = _occurrences(tpl, nonce)
    report.occurrences = occs
    if not occs:
        report.message = "no placeholders: nothing to inject"
        return report
    if tpl.raw.get("working_dir"):
        report.notes.append("working_dir ignored: the sandbox runs in a fresh directory")
    base_env = _base_env(tpl)
    from .envsafe import strip as _strip_env

    _kept, dropped = _strip_env(base_env)
    if dropped:
        shown = ", ".join(sorted(dropped)[:8]) + (", ..." if len(dropped) > 8 else "")
        report.notes.append(
            f"env_vars {shown} removed in the sandbox: shells or the dynamic loader run "
            f"code from such names ({ENV_VAR_RUNS_CODE} reports them)"
        )
    text = "\n".join(c["command"] for c in commands)
    canaries = [canary(o.k) for o in occs]
    families = families_for(text)

    from .workdir import encode as _wd_encode, synthesise as _wd_synthesise

    workdir = _wd_synthesise(c["command"] for c in commands)
    if workdir:
        report.notes.append(
            f"working directory synthesised from the template: {len(workdir)} entr"
            f"{'y' if len(workdir) == 1 else 'ies'} ({', '.join(e[1] for e in workdir[:4])}"
            f"{', ...' if len(workdir) > 4 else ''})"
        )
    workdir_bytes = _wd_encode(workdir)

    with sandbox.session(text, canaries) as session:
        session_dir = session.dir
        glob_dir = os.path.join(session.dir, "g")
        os.makedirs(glob_dir, exist_ok=True)
        for o in occs:
            open(os.path.join(glob_dir, f"utcpglob{o.k}x-hit"), "w").close()
        os.chmod(session.dir, 0o755)

        def values(over: dict) -> dict:
            env = dict(base_env)
            for o in occs:
                env[o.var] = over.get(o.k, benign(o.k))
            return env

        split_vals = {o.k: split_payload(o.k, glob_dir) for o in occs}
        opt_vals = {o.k: option_payload(o.k) for o in occs}
        jobs: list[tuple[str, int | None, str, dict]] = [
            ("base", None, "", values({})),
            ("split", None, "", values(split_vals)),
            ("option", None, "", values(opt_vals)),
        ]
        for o in occs:
            for p in code_payloads(o.k, families):
                jobs.append(("code", o.k, p, values({o.k: p})))

        workers = max(1, options.jobs or os.cpu_count() or 1)

        def run_one(env: dict) -> Observation:
            if options.deadline is not None and time.monotonic() >= options.deadline:
                raise TimeBudgetExceeded()
            left = None if options.deadline is None else options.deadline - time.monotonic()
            return session.run(
                script,
                env,
                timeout=left if left is not None and left < options.timeout else None,
                workdir=workdir_bytes,
            )

        results: dict[str, Observation] = {}
        # (kind, k, observation) of every run whose result is used: checked for timeouts and tampering
        seen_runs: list[tuple[str, int | None, Observation]] = []
        with ThreadPoolExecutor(max_workers=workers) as pool:
            futures = _run_chains(pool, jobs, run_one)
            pending_code: dict[int, list] = {}
            for fut, job in futures.items():
                if job[0] == "code" and job[1] is not None:  # a code job names its occurrence
                    pending_code.setdefault(job[1], []).append(fut)
            for fut in as_completed(futures):
                if fut.cancelled():
                    continue
                kind, k, payload, _env = job = futures[fut]
                obs = fut.result()
                report.runs += 1
                seen_runs.append((kind, k, obs))
                if kind != "code":
                    results[kind] = obs
                    continue
                if canary(k) in obs.canaries and not obs.tampered and not report.proven(ProofKind.CODE_EXECUTION, k):
                    report.proofs.append(
                        Proof(
                            ProofKind.CODE_EXECUTION,
                            occs[k],
                            payload,
                            f"payload {payload!r} executed code: the canary program {canary(k)} ran",
                        )
                    )
                    for other in pending_code.get(k, ()):  # proven: skip the rest of its payloads
                        other.cancel()

        base = results["base"]
        if base.timed_out:
            report.notes.append(f"the tool did not finish within {options.timeout:g} s with benign values")
        if base.capped:
            report.notes.append("output cap reached with benign values")

        # UL504 candidates: the benign value appears nowhere, but the reference text does
        # (the shell received "$__UTCP_ARG_..." literally); confirmed by varying the value
        candidates = [
            o
            for o in occs
            if not base.timed_out
            and not base.tampered
            and not _contains(base, benign(o.k))
            and _contains(base, o.var, trace=False)
            and not _child_shell_ran(base)
            and not _SOURCES_FILE.search(text)
        ]
        if candidates:
            base_norm = _norm_obs(base)
            alt_jobs = [(o, alt) for o in candidates for alt in alternates(o.k)]
            with ThreadPoolExecutor(max_workers=workers) as pool:
                alt_obs = list(pool.map(lambda j: run_one(values({j[0].k: j[1]})), alt_jobs))
            report.runs += len(alt_jobs)
            seen_runs.extend(("alternate", oo.k, ob) for (oo, _alt), ob in zip(alt_jobs, alt_obs))
            for o in candidates:
                mine = [(alt, ob) for (oo, alt), ob in zip(alt_jobs, alt_obs) if oo is o]
                if all(
                    not ob.timed_out and not ob.tampered and not _contains(ob, alt) and _norm_obs(ob) == base_norm
                    for alt, ob in mine
                ):
                    report.proofs.append(
                        Proof(
                            ProofKind.VALUE_NEVER_REACHES,
                            o,
                            benign(o.k),
                            "the value never reaches any command, input or output (the shell received the "
                            "reference text itself, so the runtime's quote tracker misread the template) "
                            "and changing it changes nothing",
                        )
                    )

    _inconclusive(report, seen_runs, options)
    # splitting / globbing
    split_obs = results["split"]
    shimmed = _shimmed_names(text, canaries)
    for o in occs:
        if split_obs.tampered:
            break
        word = f"utcpsplit{o.k}x"
        hit = f"{glob_dir}/utcpglob{o.k}x-hit"
        for c in split_obs.calls:
            args = c.argv[1:]
            if _printed_as_data(c.argv, word, hit):
                continue
            if word in args or hit in args:
                what = (
                    "split into several words and glob-expanded"
                    if word in args and hit in args
                    else "split into several words"
                    if word in args
                    else "glob-expanded"
                )
                got = f"'{word}' as a separate argument" if word in args else "the file its glob matches"
                report.proofs.append(
                    Proof(
                        ProofKind.WORD_SPLITTING,
                        o,
                        split_vals[o.k],
                        f"value {what}: {_program(c, shimmed)} received {got}",
                    )
                )
                break
    # option injection
    opt_obs = results["option"]
    for o in occs:
        if opt_obs.tampered:
            break
        token = option_payload(o.k)
        for c in opt_obs.calls:
            if c.kind == "builtin" or c.program in NO_OPTION_PARSING:
                continue
            hits = option_hits(c, token)
            if hits:
                report.proofs.append(
                    Proof(
                        ProofKind.OPTION_INJECTION,
                        o,
                        token,
                        f"{_program(c, shimmed)} received the value as an option (argument {hits[0]})",
                    )
                )
                break
    for proof in report.proofs:
        proof.evidence = proof.evidence.replace(session_dir, "<sandbox>")
        proof.payload = proof.payload.replace(session_dir, "<sandbox>")
    report.proofs.sort(key=lambda p: (p.occurrence.k, p.kind.order))
    report.elapsed = time.monotonic() - started
    return report


# ----------------------------------------------------------------------------
# documents, caching for the rules
# ----------------------------------------------------------------------------

_SANDBOX: dict = {}


def _sandbox(options: VerifyOptions) -> Sandbox:
    key = (options.weak, options.timeout, options.output_cap)
    if key not in _SANDBOX:
        _SANDBOX[key] = Sandbox(Limits(timeout=options.timeout, output_cap=options.output_cap), weak=options.weak)
    return _SANDBOX[key]


def verify_template(tpl, options: VerifyOptions | None = None) -> ToolReport:
    """One template's verification (the four rules share it: ``tpl.verification``)."""
    options = options or VerifyOptions(weak=bool(getattr(tpl.options, "weak_sandbox", False)))
    try:
        sandbox = _sandbox(options)
    except SandboxUnavailable as e:
        raise SandboxUnavailable(str(e).replace("pass --weak-sandbox", "set UTCP_LINT_WEAK_SANDBOX=1")) from None
    try:
        rep = verify_tool(tpl, sandbox, options, tpl.display_name)
    finally:
        sandbox.close_servers()  # nothing keeps running between templates
    return rep


def _verify_one(tpl, name: str, sandbox: Sandbox, options: VerifyOptions) -> ToolReport:
    import time

    try:
        if options.deadline is not None and time.monotonic() >= options.deadline:
            raise TimeBudgetExceeded()
        return verify_tool(tpl, sandbox, options, name)
    except SandboxUnavailable:
        raise
    except TimeBudgetExceeded:
        return ToolReport(
            name, tpl, "error", f"not verified: the total time bound (--max-time {options.max_time:g} s) was reached"
        )
    except Exception as e:  # containment: one tool's failure never ends the run
        return ToolReport(name, tpl, "error", f"verification failed ({type(e).__name__}: {e})")


def _verify_tools(selected: list, sandbox: Sandbox, options: VerifyOptions) -> list[ToolReport]:
    """Reports of ``selected`` (template, name) pairs, in order.

    With several tools and workers, the workers take whole tools (each tool's runs
    one after another in its own sandbox server, set up once): no server is started
    per worker per tool, and the results are those of one worker.  A single tool
    spreads its runs over the workers instead.
    """
    workers = max(1, options.jobs or os.cpu_count() or 1)
    if workers == 1 or len(selected) < 2:
        return [_verify_one(tpl, name, sandbox, options) for tpl, name in selected]
    one = dataclasses.replace(options, jobs=1)
    with ThreadPoolExecutor(max_workers=min(workers, len(selected))) as pool:
        futures = [pool.submit(_verify_one, tpl, name, sandbox, one) for tpl, name in selected]
        return [f.result() for f in futures]


def verify_document(doc, tools: list[str] | None = None, options: VerifyOptions | None = None) -> VerifyReport:
    """Verify the CLI tools of ``doc`` (those named in ``tools``, else all): a
    :class:`ToolReport` of proofs per tool, in document order (the rules'
    findings are made from them by ``utcp_lint.rules._verify``)."""
    options = options or VerifyOptions()
    sandbox = _sandbox(options)
    templates = list(doc.templates)
    names = [t.display_name for t in templates]
    unknown = [t for t in (tools or []) if t not in names]
    report = VerifyReport(
        doc.source.path, [], sandbox.isolation.describe(), unknown, accept_inconclusive=options.accept_inconclusive
    )
    if unknown:
        return report
    import time

    if options.max_time is not None and options.deadline is None:
        options.deadline = time.monotonic() + options.max_time
    selected = [(tpl, name) for tpl, name in zip(templates, names) if not tools or name in tools]
    try:
        reps = _verify_tools(selected, sandbox, options)
    finally:
        sandbox.close_servers()  # nothing of this verification keeps running
    report.tools.extend(reps)
    return report


__all__ = [
    "VerifyOptions",
    "VerifyReport",
    "ToolReport",
    "Proof",
    "ProofKind",
    "Occurrence",
    "verify_tool",
    "verify_template",
    "verify_document",
    "option_hits",
    "code_payloads",
    "SandboxUnavailable",
]
