"""The bash analysis alone, in process, two packages in the same run (issue 15).

    python bench/bench_bash_analysis.py MANUAL [--before PKG_ROOT] [--reps 5]
    python bench/bench_bash_analysis.py MANUAL --unique [--before PKG_ROOT]
    python bench/bench_bash_analysis.py MANUAL --dump OUT.txt [--root PKG_ROOT]
    python bench/bench_bash_analysis.py MANUAL --whole --before PKG_ROOT [--reps 5]

Timing mode: for the working tree's package and (``--before``) another package root
laid out as ``utcp_lint`` (e.g. ``/work/bench_tmp/a86/pkg``), alternating fresh
processes, each loads MANUAL, builds its CLI templates, then measures the CPU time
(``time.process_time``) of ``bash.analyze(tpl)`` for every template, and of the same
followed by what the rules read of it (``commands``, ``variables``, ``heredocs``,
``parse_errors``, and the option scan, which builds the word models), in one pass.  Prints the best CPU seconds of each package,
steps per CPU-second and the ratio.

``--unique`` first rewrites MANUAL so that no two steps share a command: the first line
of every step gets a distinct word appended (`` u<tool>_<step>``), unless that line
continues on the next one or holds a comment (see ``_OPEN_ENDS``).  Generated manuals
draw their steps from ~100 corpus commands, which repeat far more than real manuals do;
this measures the engine without the benefit of per-command caches (the runtime's
rendering keeps one result per command text).

``--whole`` times the whole run instead, ``utcp-lint --format json --no-cache
--no-config --jobs 1 MANUAL`` in a cold process per package (CPU of the child,
``RUSAGE_CHILDREN``), alternating, and prints steps per CPU-second.

Dump mode writes every fact of every template's analysis (placeholders and variable
references with their context and sinks, commands and words, heredocs, breakages,
guards, value-flow uses, option hits) as text, one block per template, so two packages
can be compared with ``cmp`` (the engine must produce the same facts, not only the same
findings).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_CHILD = r"""
import sys, time
root, manual, mode, out = sys.argv[1:5]
if root:
    sys.path.insert(0, root)
from utcp_lint.ruleset.context import DocumentContext, LintOptions, SourceFile
from utcp_lint.document.jsonpos import parse
from utcp_lint.template import bash as B
from utcp_lint.template.option_scan import option_hits

import os
paths = [manual]
if os.path.isdir(manual):  # dump mode over a tree of manuals (fixtures, corpus)
    paths = sorted(os.path.join(d, f) for d, _s, fs in os.walk(manual) for f in fs if f.endswith(".json"))
tpls = []
for path in paths:
    try:
        text = open(path, encoding="utf-8").read()
        doc = DocumentContext(SourceFile(path, text), parse(text), LintOptions())
        tpls += [t for t in doc.templates if t.steps]
    except Exception:
        continue  # not a UTCP document
steps = sum(len(t.steps) for t in tpls)


def cmd_facts(c):
    if c is None:
        return None
    return (c.kind, c.step, c.start, c.end, c.name, c.name_index, c.wrappers, c.dashdash)


def word_facts(w):
    if w is None:
        return None
    return (w.index, w.start, w.end, w.text, w.value, w.prefix, w.node_type, w.placeholder_ids)


def sink_facts(s):
    return (str(s.kind), s.detail, s.confidence, cmd_facts(s.command), s.chain)  # str: a kind's value (enum or str)


def redirect_facts(r):
    if r is None:
        return None
    return (r.op, r.fd, r.start, r.end, word_facts(r.target))


def heredoc_facts(h):
    if h is None:
        return None
    return tuple(getattr(h, f) for f in getattr(h, "_FIELDS", None) or h.__dataclass_fields__)


def ref_facts(r, deep=True):
    # a split use may be the placeholder itself (`sh -c '…$1…' sh VALUE`): its facts once, not again
    return (
        r.kind, r.name, r.step, r.template_start, r.template_end, r.script_start, r.script_end, r.ref_start,
        r.state, r.env_var, r.quoting, r.whole_word, r.context, cmd_facts(r.command), r.word_index,
        word_facts(r.word), r.assignment, r.arithmetic, redirect_facts(r.redirect), heredoc_facts(r.heredoc),
        r.herestring, r.test, r.pattern, r.nested, r.outer_split, r.in_error, [sink_facts(s) for s in r.sinks],
        r.cmd_output, r.tainted_name,
        [(n, ref_facts(u, u is not r) if deep else u.script_start, ch) for n, u, ch in r.split_uses],
    )


def sem_facts(s):
    return (s.name, s.name_index, s.wrappers, s.dashdash, s.stdin_code, s.stdin_confidence, s.xargs_code,
            sorted((k, [(str(x.kind), x.detail, x.confidence) for x in v]) for k, v in s.roles.items()))


def dump(a, fh):
    fh.write(repr((a.script, a.has_error, a.parses, a.parse_errors)) + "\n")
    for r in a.placeholders:
        fh.write("P " + repr(ref_facts(r)) + "\n")
    for r in a.variables:
        fh.write("V " + repr(ref_facts(r)) + "\n")
    for c in a.commands:
        fh.write("C " + repr((cmd_facts(c), c.values, sem_facts(c.semantics), [word_facts(w) for w in c.words],
                              [word_facts(w) for w in c.assignments], [redirect_facts(r) for r in c.redirects],
                              [heredoc_facts(h) for h in c.heredocs], [cmd_facts(x) for x in c.pipeline],
                              [word_facts(w) for w in c.args])) + "\n")
    for h in a.heredocs:
        fh.write("H " + repr(heredoc_facts(h)) + "\n")
    for b in a.breakages:
        fh.write("B " + repr(tuple(getattr(b, f) for f in getattr(b, "_FIELDS", None) or b.__dataclass_fields__)) + "\n")
    for g in a.guards:
        fh.write("G " + repr(g) + "\n")
    for u, p, name, names in a.flow_uses:
        fh.write("F " + repr((ref_facts(u), p.script_start, name, sorted(names))) + "\n")
    for h in option_hits(a):
        fh.write("O " + repr((h.ref.script_start, cmd_facts(h.command), word_facts(h.word), h.program, h.subcommand,
                              h.position, h.whole, h.confidence, h.severity, word_facts(h.insert_word), h.marker,
                              h.via)) + "\n")
    fh.write("-" * 8 + "\n")


if mode == "dump":
    with open(out, "w", encoding="utf-8") as fh:
        for t in tpls:
            try:
                a = B.analyze(t)
            except Exception as e:  # the same exception in both packages is the same fact
                fh.write(f"X {type(e).__name__}: {e}\n")
                continue
            dump(a, fh)
    sys.exit(0)

B.analyze(tpls[0])  # imports and the parser outside the measurement (one template)
import gc
gc.collect()
gc.freeze()  # the loaded document out of the collector's reach, as run/rules.py does
t_init = t_all = 0.0
for t in tpls:  # one pass: per-process caches start as cold as in a real run
    t0 = time.process_time()
    a = B.analyze(t)
    t1 = time.process_time()
    a.commands
    a.variables
    a.heredocs
    a.parse_errors
    option_hits(a)
    t2 = time.process_time()
    t_init += t1 - t0
    t_all += t2 - t0
print(steps, t_init, t_all)
"""


# a first line ending like this continues on the next line or closes a compound
# command: a word appended there breaks the syntax
_OPEN_ENDS = ("{", "\\", "|", "&", ";", "(", "then", "do", "in", "else", "'", '"', "=", "done", "fi", "}", ")", "esac")


def run(root: str, manual: str, mode: str, out: str = "") -> str:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), "bench-bash-analysis-pyc")
    env["PYTHONHASHSEED"] = "0"  # dumps print frozensets (guards): same order in both runs
    r = subprocess.run(
        [sys.executable, "-c", _CHILD, root, manual, mode, out],
        env=env,
        capture_output=True,
        text=True,
    )
    if r.returncode:
        raise SystemExit(f"the {mode} child failed (root {root or 'this checkout'}):\n{r.stderr[-3000:]}")
    return r.stdout


_WRAP = (
    "import resource, subprocess, sys\n"
    "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
    "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(u.ru_utime + u.ru_stime)\n"
)
_MAIN = "import sys; sys.path.insert(0, %r); sys.argv[0] = 'utcp-lint'; from utcp_lint.cli.app import main; main()"


def whole_run(root: str, manual: str) -> float:
    """CPU seconds of one cold ``utcp-lint --jobs 1`` run of the package at ``root``."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), "bench-bash-analysis-pyc")
    lint = [sys.executable, "-c", _MAIN % root, "--format", "json", "--no-cache", "--no-config", "--jobs", "1"]
    out = subprocess.run(
        [sys.executable, "-c", _WRAP] + lint + [manual], env=env, check=True, capture_output=True, text=True
    ).stdout
    return float(out.split()[0])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("manual")
    ap.add_argument("--before", default="", help="package root of the 'before' build (holds utcp_lint/)")
    ap.add_argument("--root", default=str(ROOT / "build" / "bench-src"), help="package root for --dump")
    ap.add_argument("--dump", default="", help="write every fact to this file instead of timing")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--whole", action="store_true", help="time whole cold runs (--jobs 1) instead")
    ap.add_argument("--unique", action="store_true", help="make every step's command distinct first")
    args = ap.parse_args()
    # the working tree laid out as utcp_lint (linter/ -> utcp_lint, rules/ -> utcp_lint/rules)
    mine = ROOT / "build" / "bench-src"
    pkg = mine / "utcp_lint"
    pkg.mkdir(parents=True, exist_ok=True)
    for name in os.listdir(ROOT / "linter"):
        link = pkg / name
        if not link.exists():
            link.symlink_to(ROOT / "linter" / name)
    if not (pkg / "rules").exists():
        (pkg / "rules").symlink_to(ROOT / "rules")
    if args.unique:
        doc = json.loads(Path(args.manual).read_text(encoding="utf-8"))
        for i, tool in enumerate(doc.get("tools", ())):
            for k, step in enumerate(tool["tool_call_template"]["commands"]):
                first, nl, rest = step["command"].partition("\n")
                if first.rstrip().endswith(_OPEN_ENDS) or "#" in first or "case " in first:
                    continue  # the word would break the syntax or vanish into a comment
                step["command"] = f"{first} u{i}_{k}{nl}{rest}"
        unique = ROOT / "build" / "bench-unique.json"
        unique.write_text(json.dumps(doc, indent=2), encoding="utf-8")
        args.manual = str(unique)
    if args.dump:
        run(args.root, args.manual, "dump", args.dump)
        return
    if args.whole:
        doc = json.loads(Path(args.manual).read_text(encoding="utf-8"))
        steps = sum(len(t["tool_call_template"].get("commands", ())) for t in doc.get("tools", ()))
        roots = [("after", str(mine))] + ([("before", args.before)] if args.before else [])
        for _label, root in roots:
            whole_run(root, args.manual)  # byte code cached
        cpu: dict = {}
        for _ in range(args.reps):
            for label, root in roots:
                cpu.setdefault(label, []).append(whole_run(root, args.manual))
        print(f"whole run, --jobs 1, {steps} steps, {args.reps} alternating cold processes each")
        for label, v in cpu.items():
            v.sort()
            print(f"{label:8} CPU s best {v[0]:.2f} median {v[len(v) // 2]:.2f}: {steps / v[0]:.0f} steps/CPU-s (best)")
        if "before" in cpu:
            print(f"after / before CPU (best) {min(cpu['after']) / min(cpu['before']):.3f}")
        return
    roots = [("after", str(mine))] + ([("before", args.before)] if args.before else [])
    best: dict = {}
    steps = 0
    for _ in range(args.reps):
        for label, root in roots:
            s, t_init, t_all = run(root, args.manual, "time").split()
            steps = int(s)
            b = best.setdefault(label, [1e9, 1e9])
            b[0] = min(b[0], float(t_init))
            b[1] = min(b[1], float(t_all))
    print(f"{steps} steps; best of {args.reps} alternating processes (CPU seconds, time.process_time)")
    print(f"{'package':8} {'analyze() s':>12} {'steps/CPU-s':>12} {'+ what rules read s':>20} {'steps/CPU-s':>12}")
    for label, (t_init, t_all) in best.items():
        print(f"{label:8} {t_init:12.3f} {steps / t_init:12.0f} {t_all:20.3f} {steps / t_all:12.0f}")
    if "before" in best:
        b, a = best["before"], best["after"]
        print(f"after / before: analyze() {a[0] / b[0]:.3f}; with what rules read {a[1] / b[1]:.3f}")


if __name__ == "__main__":
    main()
