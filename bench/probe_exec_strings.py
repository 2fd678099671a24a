"""Issue 23 probe: realistic shapes of commands hidden in strings programs run or split later (E: code runs,
W: adds options/keys, G: safe), linted; prints caught / misses / errors on safe shapes.
usage: python bench/probe_exec_strings.py .venv/bin/utcp-lint
"""

import json
import os
import subprocess
import sys
import tempfile

V = "UTCP_ARG_v_UTCP_END"
# (label, command, env_vars)
S = [
    ("E", f'script -qc "echo {V}" /dev/null', None),
    ("E", f'script -q -c "ls {V}" /dev/null', None),
    ("E", f'script --command "grep -r {V} ." log.txt', None),
    ("E", f'tmux new-session -d "tail -f {V}"', None),
    ("E", f'tmux new-session -d -s work "make {V}"', None),
    ("E", f'tmux run-shell "echo {V}"', None),
    ("E", f'tmux send-keys -t work "cd {V}" Enter', None),
    ("E", f'tmux split-window "htop -p {V}"', None),
    ("E", f'LESSOPEN="|lesspipe {V}" less README', None),
    ("G", f'PAGER="less {V}" man ls', None),
    ("G", f'GIT_PAGER="less {V}" git log', None),
    ("G", f'MANPAGER="less {V}" man ls', None),
    ("E", f'EDITOR="vim {V}" crontab -e', None),
    ("E", f'GIT_EDITOR="vim {V}" git commit', None),
    ("E", f'BASH_ENV={V} bash -c "echo hi"', None),
    ("E", f"PERL5OPT={V} perl -e 1", None),
    ("E", f'NODE_OPTIONS="--require {V}" node app.js', None),
    ("E", f"NODE_OPTIONS={V} node app.js", None),
    ("E", f"RUBYOPT={V} ruby app.rb", None),
    ("E", f"LD_PRELOAD={V} ls", None),
    ("E", f"GIT_ASKPASS={V} git fetch", None),
    ("E", f"GIT_EXTERNAL_DIFF={V} git diff", None),
    ("E", f"SSH_ASKPASS={V} ssh host true", None),
    ("E", "git log", {"GIT_PAGER": V}),
    ("E", "git fetch origin", {"GIT_SSH_COMMAND": f"ssh -i {V}"}),
    ("E", "perl -e 1", {"PERL5OPT": V}),
    ("E", "node app.js", {"NODE_OPTIONS": V}),
    ("E", "man ls", {"MANPAGER": V}),
    ("E", "less README", {"LESSOPEN": f"|cat {V}"}),
    ("G", f'export GIT_PAGER="{V}"; git log', None),
    ("E", f'export NODE_OPTIONS="{V}"\nnode app.js', None),
    ("E", f"export PERL5OPT={V} && perl script.pl", None),
    ("E", f'export GIT_SSH_COMMAND="ssh -i {V}"\ngit fetch origin', None),
    ("E", f'export LESSOPEN="|cat {V}"; less README', None),
    ("E", f'export EDITOR="vim {V}"; git commit', None),
    ("G", f'export EDITOR="vim"; git commit -m "{V}"', None),
    ("G", f'export LESSOPEN="|lesspipe %s"; less -- "{V}"', None),
    ("G", f'export GIT_AUTHOR_NAME="{V}"; git commit -m msg', None),
    ("E", f'(crontab -l; echo "0 * * * * {V}") | crontab -', None),
    ("E", f'echo "0 * * * * backup {V}" | crontab -', None),
    ("E", f'echo "tar czf /b.tgz {V}" | at now', None),
    ("E", f'echo "rm {V}" | batch', None),
    ("E", f"echo \"alias ll='ls {V}'\" >> ~/.bashrc", None),
    ("E", f'printf "#!/bin/sh\\nmake {V}\\n" > .git/hooks/pre-commit', None),
    ("E", f'printf "all:\\n\\techo {V}\\n" > Makefile && make', None),
    ("E", f'echo "ExecStart=/usr/bin/run {V}" >> /etc/systemd/system/x.service', None),
    ("W", f'rsync -e "ssh -p {V}" -a src/ host:/dst', None),
    ("W", f"helm upgrade app chart --set image.tag={V}", None),
    ("W", f"helm install app chart --set-string name={V}", None),
    ("W", f'ffmpeg -i in.mp4 -vf "scale={V}" out.mp4', None),
    ("E", f'perl -e "print {V}"', None),
    ("E", f'sqlite3 db.sqlite ".import {V} t"', None),
    ("E", f'sqlite3 db.sqlite ".import --csv {V} t"', None),
    ("E", f'sqlite3 db.sqlite ".read {V}"', None),
    ("G", f'sqlite3 db.sqlite ".import data.csv {V}"', None),
    ("G", 'sqlite3 -readonly db.sqlite ".tables" -- ', None),
    ("E", f'(echo a; echo "{V}") | sh', None),
    ("E", f'{{ crontab -l; echo "@daily {V}"; }} | crontab -', None),
    ("G", f'(echo a; echo "{V}") | grep -c a', None),
    ("G", f'(cd /srv && ls) | grep -F -- "{V}"', None),
    ("G", f'(echo "{V}" > /tmp/x.txt; echo done) | sh', None),
    ("E", f'if true; then echo "rm {V}"; fi | bash', None),
    ("E", f'echo "$(echo "{V}" | wc -c)" | sh', None),
    ("G", f'(printf "%s\\n" "{V}") | sort | uniq -c', None),
    ("E", f"git -c core.pager={V} log", None),
    ("E", f"ssh -o ProxyCommand={V} host", None),
    ("E", f'find . -name "*.log" -exec sh -c "gzip {V}" \\;', None),
    ("E", f'awk "BEGIN{{print {V}}}"', None),
    ("E", f"make CC={V}", None),
    ("E", f'xargs -I{{}} sh -c "echo {{}} {V}" < list', None),
    ("E", f'watch -n 5 "ls {V}"', None),
    ("E", f'flock /tmp/l -c "run {V}"', None),
    ("E", f'su -c "ls {V}" nobody', None),
    ("E", f'sudo sh -c "ls {V}"', None),
    ("E", f'timeout 5 bash -c "ping {V}"', None),
    ("E", f'parallel "echo {V}" ::: a b', None),
    ("E", f'nohup sh -c "sleep 1; {V}" &', None),
    ("E", f'git bisect run sh -c "make {V}"', None),
    ("E", f'docker exec c sh -c "ls {V}"', None),
    ("E", f'kubectl exec pod -- sh -c "cat {V}"', None),
    ("E", f'entr -s "make {V}" < files', None),
    ("E", f'strace -o log -- sh -c "ls {V}"', None),
    ("E", f'expect -c "spawn ssh {V}"', None),
    # goods
    ("E", f'script -qc "echo hi" "{V}"', None),
    ("G", f'tmux new-session -d -s "{V}"', None),
    ("G", 'tmux send-keys -t work -l -- "$X"', None),
    ("G", f'less -- "{V}"', None),
    ("G", f'PAGER=cat git log -- "{V}"', None),
    ("G", f'GIT_PAGER=cat git log --author="{V}"', None),
    ("G", f'NAME="{V}" node app.js', None),
    ("E", "node app.js", {"APP_NAME": V}),
    ("E", "git log", {"GIT_AUTHOR_NAME": V}),
    ("E", f'export GREETING="{V}"; echo "$GREETING"', None),
    ("G", f'export APP_NAME="{V}"; node app.js', None),
    ("G", f'rsync -a -- "{V}" host:/dst', None),
    ("G", f'rsync -e "ssh -p 2222" -a -- "{V}" host:/dst', None),
    ("G", f'helm upgrade app chart --set-file cfg=values.yaml -- "{V}"', None),
    ("G", f'ffmpeg -i "{V}" -vf scale=640:480 out.mp4', None),
    ("G", f'crontab -l | grep -F -- "{V}"', None),
    ("G", f'echo "{V}" >> notes.txt', None),
    ("G", f'echo "{V}" >> ~/notes.txt', None),
    ("G", f'printf "%s\\n" "{V}" > build/version.txt && make', None),
    ("G", f'echo "version={V}" > .git/description', None),
    ("G", f'git log --format=%H -- "{V}" > /tmp/out.txt', None),
    ("G", f'make -C /srv/app test NAME_ARG=x -- && echo "{V}" > out.log', None),
    ("G", f'git commit -m "{V}"', None),
    ("G", f'curl -s -- "https://api.example.com/q?x={V}"', None),
    ("E", f'jq --arg v "{V}" ".[] | select(.n==\\$v)" f.json', None),
    ("G", f'LANG=C sort -- "{V}"', None),
    ("G", f'TZ="{V}" date', None),
]


def lint(cmd, env):
    tpl = {"call_template_type": "cli", "commands": [{"command": cmd}]}
    if env:
        tpl["env_vars"] = env
    man = {
        "manual_version": "1.0.0",
        "utcp_version": "1.0.0",
        "tools": [
            {
                "name": "t",
                "description": "d",
                "inputs": {
                    "type": "object",
                    "properties": {"v": {"type": "string", "description": "x"}},
                    "required": ["v"],
                },
                "outputs": {"type": "object"},
                "tags": [],
                "tool_call_template": tpl,
            }
        ],
    }
    return man


d = tempfile.mkdtemp()
paths = []
for i, (_lab, cmd, env) in enumerate(S):
    p = os.path.join(d, f"s{i:03d}.json")
    json.dump(lint(cmd, env), open(p, "w"))
    paths.append(p)
lin = sys.argv[1]
r = subprocess.run([lin, "--format", "json", "--no-config", "--no-cache", d], capture_output=True, text=True)
res = json.loads(r.stdout)
fs = res["findings"] if isinstance(res, dict) else res
by = {}
for f in fs:
    by.setdefault(os.path.basename(f["path"]), []).append(f)
caught = fp = 0
nE = nG = 0
for i, (lab, cmd, env) in enumerate(S):
    ff = by.get(f"s{i:03d}.json", [])
    sec = [f for f in ff if f["rule"] not in ("UL300", "UL033")]
    worst = (
        "error"
        if any(f["severity"] == "error" for f in sec)
        else ("warning" if any(f["severity"] == "warning" for f in sec) else ("note" if sec else "-"))
    )
    rules = ",".join(sorted({f["rule"] + ":" + f["severity"][0] for f in sec}))
    if lab == "G":
        nG += 1
        bad = worst == "error"
        fp += bad
        mark = "FP " if bad else "ok "
    else:
        nE += 1
        ok = worst == "error" if lab == "E" else worst in ("error", "warning")
        caught += ok
        mark = "ok " if ok else "MISS"
    print(f"{mark} {lab} {worst:7} {rules:30} {cmd!r} {env or ''}")
print(f"shapes={len(S)} bad={nE} caught={caught} good={nG} fp_error={fp}")
