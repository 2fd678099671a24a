#!/usr/bin/env python3
"""Bench the UL400/UL401 argv fixes (libcst) and the lint cold start.

    python bench/bench_argvfix.py [TREE] [--base REV] [--runs N]

TREE defaults to this interpreter's site-packages, the tree of
bench/bench_pyscan.py.  Its ``.py`` files are copied to a temporary directory
(the fix writes files) and, in one run, this prints:

* ``utcp-lint --no-cache`` on the copy (the anchor: a cold lint) and
  ``utcp-lint --no-cache --extend-select UL412 --fix --unsafe-fixes`` on a fresh copy (UL412: the
  constant commands, opt-in since session 41, so every fixable call is measured): wall and CPU
  seconds, files/s, the fix/lint ratio, how many files got a fix and how many
  files libcst parsed a call of (only files with a planned fix pay for it);
* the lint cold start: ``utcp-lint`` on one small manual and on one small
  Python file with a sink, median of N runs, for this checkout and for REV
  (default a2b9718, the commit before the fixes) extracted with ``git
  archive`` and imported first on ``sys.path``; plus whether libcst was
  imported (it must not be, when not fixing).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd, cwd=None, env=None):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, env=env)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return p, wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def copy_py(tree, dest):
    n = 0
    for dp, _dn, fn in os.walk(tree):
        for f in fn:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(dp, f), tree)
                os.makedirs(os.path.join(dest, os.path.dirname(rel)), exist_ok=True)
                shutil.copyfile(os.path.join(dp, f), os.path.join(dest, rel))
                n += 1
    return n


def changed_files(a, b):
    n = 0
    for dp, _dn, fn in os.walk(a):
        for f in fn:
            p = os.path.join(dp, f)
            q = os.path.join(b, os.path.relpath(p, a))
            with open(p, "rb") as x, open(q, "rb") as y:
                n += x.read() != y.read()
    return n


CLI = (
    "import sys\nsys.argv = ['utcp-lint'] + sys.argv[1:]\nfrom utcp_lint.cli.app import main\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    "sys.stderr.write('LIBCST=%s MODULES=%d FROM=%s\\n' % ('libcst' in sys.modules, len(sys.modules), "
    "sys.modules['utcp_lint'].__file__))\n"
)


def base_checkout(rev, tmp):
    """``utcp_lint`` of ``rev`` as an importable directory (linter/ + rules/ as utcp_lint.rules)."""
    d = os.path.join(tmp, "base")
    os.makedirs(d)
    arc = subprocess.run(["git", "-C", REPO, "archive", rev, "linter", "rules"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", d], input=arc.stdout, check=True)
    os.rename(os.path.join(d, "linter"), os.path.join(d, "utcp_lint"))
    os.rename(os.path.join(d, "rules"), os.path.join(d, "utcp_lint", "rules"))
    return d


def cold_start(pythonpath, args):
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    p, wall, _cpu = timed([sys.executable, "-c", CLI, "--no-config", "--no-cache", "-q", *args], cwd=REPO, env=env)
    info = [x for x in p.stderr.splitlines() if x.startswith("LIBCST=")][-1]
    return wall, info


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tree", nargs="?", default=sysconfig.get_paths()["purelib"])
    ap.add_argument("--base", default="a2b9718")
    ap.add_argument("--runs", type=int, default=7)
    a = ap.parse_args()
    exe = os.path.join(os.path.dirname(sys.executable), "utcp-lint")
    with tempfile.TemporaryDirectory() as tmp:
        lint_dir, fix_dir = os.path.join(tmp, "lint"), os.path.join(tmp, "fix")
        n = copy_py(a.tree, lint_dir)
        copy_py(a.tree, fix_dir)
        print(f"tree: {a.tree} ({n} .py files, copied)")
        # cwd outside the copies: a copied package (libcst/, click/...) must not shadow the real one
        p, lw, lc = timed([exe, "--no-config", "--no-cache", "-q", "--format", "json", lint_dir], cwd=tmp)
        print(f"lint  --no-cache            : {lw:7.2f} s wall {lc:6.2f} s CPU  {n / lw:7.1f} files/s")
        code = (
            "import sys, utcp_lint.pyscan.argvfix_cst as m\n"
            "calls = [0]; files = set(); real = m.rewrite_call\n"
            "def wrap(plan, ctx, sp):\n    calls[0] += 1; files.add(id(ctx.text)); return real(plan, ctx, sp)\n"
            "m.rewrite_call = wrap\n"
            "import time, utcp_lint.run.fixes as fx\n"
            "stage = [0.0]; real_cf = fx.compute_fixes\n"
            "def cf(*a, **k):\n    t = time.perf_counter(); r = real_cf(*a, **k)\n"
            "    stage[0] += time.perf_counter() - t; return r\n"
            "fx.compute_fixes = cf\n"
            "sys.argv = ['utcp-lint', '--no-config', '--no-cache', '-q', '--extend-select', 'UL412', '--fix', '--unsafe-fixes', sys.argv[1]]\n"
            "from utcp_lint.cli.app import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "sys.stderr.write('REWRITES=%d\\n' % calls[0])\n"
            "sys.stderr.write('STAGE=%.3f\\n' % stage[0])\n"
        )
        p, fw, fc = timed([sys.executable, "-c", code, fix_dir], cwd=tmp)
        rewrites = [x for x in p.stderr.splitlines() if x.startswith("REWRITES=")]
        fixed = changed_files(lint_dir, fix_dir)
        print(f"fix   --fix --unsafe-fixes  : {fw:7.2f} s wall {fc:6.2f} s CPU  {n / fw:7.1f} files/s")
        print(f"      fix / lint ratio      : {fw / lw:.2f} (wall)  {fc / max(lc, 1e-9):.2f} (CPU)")
        print(
            f"      files changed         : {fixed}; libcst call rewrites: "
            f"{rewrites[-1].split('=')[1] if rewrites else '?'} (libcst parses only those call slices)"
        )
        st = [x for x in p.stderr.splitlines() if x.startswith("STAGE=")]
        if st:
            print(
                f"      fix stage alone       : {float(st[-1].split('=')[1]):.2f} s (plan + libcst + in-memory "
                f"re-lint of fixed files); the rest is the lint before and the CLI's re-lint after writing"
            )
        print("      " + " | ".join(x for x in p.stderr.strip().splitlines() if x.startswith(("Fixed", "No fixes"))))
        base = base_checkout(a.base, tmp)
        small_py = os.path.join(tmp, "small.py")
        with open(small_py, "w") as f:
            f.write("import os\n\n\ndef f(path):\n    os.system(f\"ls -l '{path}'\")\n")
        manual = os.path.join(REPO, "fixtures", "example", "manual.json")
        for label, args in (("manual.json", [manual]), ("small.py", [small_py])):
            new, old = [], []
            for _ in range(a.runs):  # interleaved: load changes hit both alike
                w, info_new = cold_start("", args)
                new.append(w)
                w, info_old = cold_start(base, args)
                old.append(w)
            assert "FROM=" + base in info_old, info_old
            print(
                f"cold start {label:12}: this min {min(new) * 1000:5.0f} ms median {statistics.median(new) * 1000:5.0f}"
                f" | base {a.base} min {min(old) * 1000:5.0f} median {statistics.median(old) * 1000:5.0f}"
                f" | min ratio {min(new) / min(old):.2f}   [this {' '.join(info_new.split()[:2])};"
                f" base {' '.join(info_old.split()[:2])}]"
            )


if __name__ == "__main__":
    main()
