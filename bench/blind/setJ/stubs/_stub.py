#!/usr/bin/env python3
# generic stub: logs argv (one per line) to /tmp/blindJ_stublog; some emulate remote/exec semantics
import os, sys, subprocess
prog = os.path.basename(sys.argv[0]); a = sys.argv[1:]
with open("/tmp/blindJ_stublog", "a") as f:
    f.write("== " + prog + "\n" + "".join("[" + x + "]\n" for x in a))
print("stub", prog, " ".join(a))
def run_after(i):
    if i < len(a): subprocess.run(a[i:])
if prog in ("docker", "podman") and a[:1] == ["exec"]:
    i = 1
    while i < len(a) and a[i].startswith("-"): i += 2 if a[i] in ("-u", "-w", "-e", "--user", "--workdir") else 1
    run_after(i + 1)
elif prog == "kubectl" and "exec" in a and "--" in a:
    run_after(a.index("--") + 1)
elif prog in ("ansible",) and "-a" in a:
    subprocess.run(["sh", "-c", a[a.index("-a") + 1]])
elif prog == "gcloud" and any(x.startswith("--command=") for x in a):
    subprocess.run(["sh", "-c", [x for x in a if x.startswith("--command=")][0][10:]])
