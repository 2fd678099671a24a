# ======================= manual: repo_ops (git and release chores) =======================
M = "repo_ops"
R = {"working_dir": "/tmp/blindM_ws/repo"}
T("A01", M, "diff_tool_summary", "Run the configured difftool against a revision and summarise changed files.",
  ["git difftool -y --no-prompt «rev»", "git diff --stat «rev»"], I(rev=S), "exec", **R,
  payload={"rev": "--extcmd=touch {C}"}, idiom="git difftool rev -> --extcmd", programs=["git"])
T("A02", M, "ls_remote_refs", "List refs advertised by a remote.",
  ["git ls-remote --heads «remote»"], I(remote=S), "exec", **R,
  payload={"remote": "--upload-pack=touch {C};git-upload-pack"}, idiom="ls-remote --upload-pack", programs=["git"])
T("A03", M, "ls_remote_refs_checked", "List refs of one of the configured remotes (origin or upstream).",
  ['case "«remote»" in origin|upstream) git ls-remote --heads "«remote»" ;; *) echo "unknown remote" ; exit 2 ;; esac'],
  I(remote=S), "safe", **R, benign={"remote": "origin"}, expect="refs/heads/main",
  extra_hostile=["--upload-pack=touch {C}", "origin --upload-pack=touch {C}"], idiom="case allowlist", programs=["git"])
T("A04", M, "log_range", "Show one-line log for a revision range.",
  ["git log --oneline -n 20 «range»"], I(range=S), "option", **R,
  payload={"range": "--output={W}"}, check=lambda c: wfile(c), idiom="git log --output", programs=["git"])
T("A05", M, "log_range_safe", "Show one-line log for a revision range.",
  ["git log --oneline -n 20 --end-of-options «range» --"], I(range=S), "safe", **R,
  benign={"range": "HEAD~1..HEAD"}, expect="second", extra_hostile=["--output={W}", "--exec=touch {C}"],
  idiom="--end-of-options", programs=["git"])
T("A06", M, "merged_branches", "List branches already merged into main (excluding main).",
  ["git branch --merged main --format='%(refname:short)'", "echo \"$CMD_0_OUTPUT\" | grep -vx main"], I(), "broken", **R,
  payload={}, check=exc_has("CMD_0_OUTPUT"), idiom="$CMD_0_OUTPUT taken by client substitution", programs=["git", "grep"])
T("A07", M, "stage_path", "Stage one path (file name may come from the user).",
  [{"command": "printf '%s\\n' \"«path»\" | xargs git -C repo add --verbose --", "append_to_final_output": True}, "git -C repo status --short"], I(path=S), "split",
  working_dir="/tmp/blindM_ws", payload={"path": "docs/a b.md"}, check=out_has("'docs/a'"),
  idiom="xargs splits one path", programs=["git", "xargs", "printf"])
T("A08", M, "export_patches", "Export the last N commits as mbox patches into patches/<series>.",
  ["git format-patch -n -2 -o ../patches/«series»"], I(series=S), "write", **R,
  payload={"series": "../../../../tmp/blindM_w_{ID}"}, check=wfile, idiom="format-patch -o traversal", programs=["git"])
T("A09", M, "export_patches_checked", "Export the last 2 commits as patches into patches/<series>.",
  ['[[ "«series»" =~ ^[A-Za-z0-9_-]+$ ]] || { echo "invalid series name"; exit 2; }; git format-patch -2 -o "../patches/«series»" && ls ../patches/«series»'],
  I(series=S), "safe", **R, benign={"series": "rel-1"}, expect="0001", idiom="regex guard same step", programs=["git", "ls"])
T("A10", M, "export_patches_validated", "Validate series name, then export patches.",
  ['[[ "«series»" =~ ^[a-z0-9-]+ ]] || exit 1', {"command": "git format-patch -2 -o \"../patches/«series»\"", "append_to_final_output": True}],
  I(series=S), "write", **R, payload={"series": "../../../../tmp/blindM_w_{ID}"}, check=wfile,
  idiom="guard in separate step (exit only leaves step subshell)", programs=["git"])
T("A11", M, "archive_subdir", "Create release.tar.gz of HEAD limited to a path.",
  ["git archive --format=tar.gz -o ../out/release.tar.gz HEAD «path»"], I(path=S), "option", **R,
  payload={"path": "--output={W}"}, check=wfile, idiom="git archive option after tree-ish", programs=["git"])
T("A12", M, "archive_subdir_safe", "Create release.tar.gz of HEAD limited to a path.",
  ["git archive --format=tar.gz -o ../out/release.tar.gz HEAD -- «path» && echo archived"], I(path=S), "safe", **R,
  benign={"path": "README.md"}, expect="archived", extra_hostile=["--output={W}", "--remote=/tmp/blindM_ws/origin.git"],
  idiom="-- before pathspec", programs=["git"])
T("A13", M, "commit_all", "Commit all tracked changes with a message.",
  ["git -c user.name=bot -c user.email=bot@example.com commit -qam «message» && git log -1 --format=%s"], I(message=S), "safe", **R,
  benign={"message": "update app"}, expect="update app", extra_hostile=["--template=/etc/passwd", "-F/etc/passwd", "--author=x <y>"],
  idiom="-am consumes value", programs=["git"])
T("A14", M, "bundle_repo", "Write a git bundle of all refs to out/<name>.bundle.",
  ["git bundle create ../out/«name».bundle --all"], I(name=S), "write", **R,
  payload={"name": "../../../../tmp/blindM_w_{ID}"}, check=wfile, idiom="bundle path traversal", programs=["git"])
T("A15", M, "add_worktree", "Create a detached worktree under worktrees/<name>.",
  ['git worktree add --detach "../worktrees/«name»" HEAD'], I(name=S), "write", **R,
  payload={"name": "../../../tmp/blindM_w_{ID}"}, check=wfile, idiom="worktree path traversal", programs=["git"])
T("A16", M, "recent_authors", "List distinct author e-mails of the last N commits.",
  ["git log --format='%an %ae' -n «n» | awk '{print $2}' | sort -u"], I(n="integer"), "broken", **R,
  payload={"n": 5}, check=exc_has("_2"), idiom="awk $2 eaten by client substitution", programs=["git", "awk", "sort"])
T("A17", M, "discard_or_switch", "Switch to another branch.",
  ["git checkout «branch» && git status --short"], I(branch=S), "option", **R,
  payload={"branch": "--force"}, check=lambda c: "local change" not in open("/tmp/blindM_ws/repo/app.py").read() and "uncommitted local change discarded by git checkout --force",
  idiom="checkout --force discards work", programs=["git"])
T("A18", M, "push_branch", "Push a branch to origin.",
  ["git push origin «branch» 2>&1; git ls-remote --heads origin"], I(branch=S), "option", **R,
  payload={"branch": "--mirror"}, check=lambda c: "refs/heads/feature" in c.text() and subprocess.run(["git","-C","/tmp/blindM_ws/origin.git","show-ref"],capture_output=True,text=True).stdout.count("refs/heads/") >= 2 and subprocess.run(["git","-C","/tmp/blindM_ws/origin.git","rev-parse","main"],capture_output=True,text=True).stdout.strip() == subprocess.run(["git","-C","/tmp/blindM_ws/repo","rev-parse","main"],capture_output=True,text=True).stdout.strip() and "git push --mirror rewrote origin with all local refs" ,
  idiom="push --mirror", programs=["git"])
T("A19", M, "push_branch_safe", "Push a branch to origin.",
  ['git check-ref-format --branch "«branch»" >/dev/null || exit 2; git push origin "refs/heads/«branch»" 2>&1 | tail -n1'], I(branch=S), "safe", **R,
  benign={"branch": "feature"}, expect="", extra_hostile=["--mirror", "--force", "--delete", "--receive-pack=touch {C}", "-f"],
  idiom="refs/heads/ prefix pins value", programs=["git", "tail"])
T("A20", M, "show_at_rev", "Print a file at a revision.",
  ["git show «rev»:«file»"], I(rev=S, file=S), "option", **R, payload={"rev": "--output=/tmp/blindM_w_{ID}", "file": "README.md"},
  check=wfile, idiom="rev starts the rev:path word -> --output", programs=["git"])
T("A21", M, "changed_files_since", "List files changed since a tag, one per line, then line counts.",
  ["git diff --name-only «since»", "for f in ${CMD_0_OUTPUT:-}; do wc -l \"$f\"; done"], I(since=S), "broken", **R,
  payload={"since": "HEAD~1"}, check=exc_has("_f"), idiom="loop var $f substituted by client", programs=["git", "wc"])

# ======================= manual: text_tools (coreutils long tail) =======================
M = "text_tools"
W = {"working_dir": "/tmp/blindM_ws"}
T("B01", M, "split_into_parts", "Split data.csv into N line-aligned parts with a file prefix.",
  ["split -n l/«parts» data.csv «prefix»", "ls"], I(parts="integer", prefix=S), "exec", **W,
  payload={"parts": 2, "prefix": "--filter=touch {C}"}, idiom="split --filter", programs=["split"])
T("B02", M, "split_by_lines", "Split data.csv into chunks of N lines under chunks/<prefix>.",
  ["split -l «lines» ../data.csv «prefix»"], I(lines="integer", prefix=S), "write", working_dir="/tmp/blindM_ws/chunks",
  payload={"lines": 2, "prefix": "../../../tmp/blindM_w_{ID}_"}, check=wfile, idiom="split prefix traversal", programs=["split"])
T("B03", M, "split_by_lines_checked", "Split data.csv into 2 parts under chunks/<prefix>_.",
  ['[[ "«prefix»" =~ ^[a-z]+$ ]] || { echo "prefix must be lowercase letters"; exit 2; }; split -n l/2 -- ../data.csv "«prefix»_" && ls'],
  I(prefix=S), "safe", working_dir="/tmp/blindM_ws/chunks", benign={"prefix": "part"}, expect="part_aa",
  extra_hostile=["--filter=touch {C}"], idiom="regex guard + --", programs=["split", "ls"])
T("B04", M, "sort_by_age", "Sort a CSV file numerically by its second column.",
  ["sort -t, -k2,2n «file»"], I(file=S), "option", **W, payload={"file": "-o{W}"}, check=wfile,
  idiom="sort -o via value", programs=["sort"])
T("B05", M, "sort_by_age_safe", "Sort a CSV file numerically by its second column.",
  ["sort -t, -k2,2n -- «file»"], I(file=S), "safe", **W, benign={"file": "data.csv"}, expect="dave",
  extra_hostile=["--compress-program=touch {C}", "-o{W}", "--files0-from=/etc/hostname"], idiom="sort --", programs=["sort"])
T("B06", M, "sample_rows", "Return N random rows of data.csv.",
  ["shuf -n «n» data.csv"], I(n=S), "safe", **W, benign={"n": "2"}, expect=",", extra_hostile=["-o{W}", "2 -o {W}", "--output={W}"],
  idiom="value consumed by -n", programs=["shuf"])
T("B07", M, "shuffle_file", "Shuffle the lines of a file and return three.",
  ["shuf «file» -n 3"], I(file=S), "option", **W, payload={"file": "-o{W}"}, check=wfile, idiom="shuf -o", programs=["shuf"])
T("B08", M, "now_formatted", "Print the current date in a format such as +%Y-%m-%d.",
  ["date «format»"], I(format=S), "option", payload={"format": "--file=/etc/passwd"}, check=out_has("root:x:0"),
  idiom="date --file reads arbitrary file", programs=["date"])
T("B09", M, "normalize_date", "Normalise a human date to ISO-8601 UTC.",
  ["date -u -d «when» +%Y-%m-%dT%H:%M:%SZ"], I(when=S), "safe", benign={"when": "2026-01-02 10:00"}, expect="2026-01-02T10:00:00Z",
  extra_hostile=["--file=/etc/passwd", "-f/etc/passwd", "--set=2020-01-01"], idiom="value consumed by -d", programs=["date"])
T("B11", M, "to_utf8_fixed", "Convert data.csv from the given encoding to UTF-8.",
  ["iconv -f «from» -t UTF-8 data.csv"], I(**{"from": S}), "safe", **W, benign={"from": "LATIN1"}, expect="alice",
  extra_hostile=["--output={W}", "-o{W}"], idiom="value consumed by -f", programs=["iconv"])
T("B12", M, "sort_by_key", "Sort data.csv by a sort key spec such as 2,2n (C locale).",
  ["env -S 'LC_ALL=C sort -t, -k «key» data.csv'"], I(key=S), "split", **W,
  payload={"key": "2 -o {W}"}, check=wfile, idiom="env -S re-splits the value", programs=["env", "sort"])
T("B13", M, "run_tests_with_env", "Run the project tests with one extra environment variable.",
  ['env "«name»=«value»" make -s -C proj test'], I(name=S, value=S), "exec", **W,
  payload={"name": "-Ssh -c 'touch {C}' ", "value": "x"}, idiom="env -S via variable name", programs=["env", "make"])
T("B14", M, "run_tests_with_mode", "Run the project tests with MODE set.",
  ['env -- "MODE=«value»" make -s -C proj test'], I(value=S), "safe", **W, benign={"value": "ci"}, expect="testing ok",
  extra_hostile=["-Stouch {C}", "x -S touch {C}"], idiom="fixed NAME= prefix", programs=["env", "make"])
T("B15", M, "snapshot_disk", "Copy disk.img into backups/<name>.img.",
  ["dd if=disk.img of=backups/«name».img bs=4k status=none && ls backups"], I(name=S), "write", **W,
  payload={"name": "../../../tmp/blindM_w_{ID}"}, check=wfile, idiom="dd of= traversal", programs=["dd", "ls"])
T("B16", M, "snapshot_disk_checked", "Copy disk.img into backups/<name>.img.",
  ['case "«name»" in ""|*[!A-Za-z0-9_-]*) echo "bad name"; exit 2 ;; esac; dd if=disk.img of="backups/«name».img" bs=4k status=none && ls backups'],
  I(name=S), "safe", **W, benign={"name": "nightly"}, expect="nightly.img", extra_hostile=["of=/tmp/blindM_w_{ID}"],
  idiom="case charset guard", programs=["dd", "ls"])
T("B17", M, "truncate_log", "Truncate a log file under logs/.",
  ['truncate -s 0 "logs/«file»" && ls logs'], I(file=S), "write", **W,
  payload={"file": "../../../tmp/blindM_w_{ID}"}, check=wfile, idiom="truncate traversal", programs=["truncate"])
T("B18", M, "truncate_log_checked", "Truncate a log file under logs/.",
  ['case "$(realpath -m -- "logs/«file»")" in /tmp/blindM_ws/logs/*) truncate -s 0 -- "logs/«file»" && echo truncated ;; *) echo "outside logs/"; exit 2 ;; esac'],
  I(file=S), "safe", **W, benign={"file": "app.log"}, expect="truncated", idiom="realpath prefix guard", programs=["truncate", "realpath"])
T("B19", M, "truncate_log_prefix", "Truncate a log file under logs/.",
  ['case "$(realpath -m -- "logs/«file»")" in /tmp/blindM_ws/logs*) truncate -s 0 -- "logs/«file»" && echo truncated ;; *) echo "outside logs/"; exit 2 ;; esac'],
  I(file=S), "write", **W, payload={"file": "../logs-blindM_w_{ID}"}, check=exists("/tmp/blindM_ws/logs-blindM_w_{ID}"),
  idiom="prefix guard without trailing slash", programs=["truncate", "realpath"])
T("B20", M, "count_lines", "Count lines of one file.",
  ["printf '%s\\n' \"«path»\" | xargs -r wc -l"], I(path=S), "split", **W, payload={"path": "my notes.txt"},
  check=out_has("wc: my:"), idiom="xargs word-splits", programs=["xargs", "wc"])
T("B21", M, "checksum_file", "SHA-256 of a file given by path.",
  ['sha256sum $(realpath -- "«file»")'], I(file=S), "split", **W, payload={"file": "my notes.txt"},
  check=out_has("blindM_ws/my:"), idiom="unquoted $(realpath)", programs=["sha256sum", "realpath"])
T("B22", M, "dir_usage", "Disk usage of a directory.",
  ['realpath -- "«dir»"', "du -sh ${CMD_0_OUTPUT%/}"], I(dir=S), "split", **W, payload={"dir": "docs/a b.md"},
  check=out_has("docs/a'"), idiom="unquoted ${CMD_0_OUTPUT%/}", programs=["du", "realpath"])
T("B23", M, "search_docs", "Search the docs for a phrase.",
  ['read -r -a words <<< "«phrase»"; grep -rn "${words[@]}" docs'], I(phrase=S), "split", **W,
  payload={"phrase": "TODO notes.txt"}, check=out_has("notes.txt:3"), idiom="read -a splits phrase", programs=["grep"])
T("B35", M, "append_row", "Append a row to data.csv.",
  ['printf \'%s,%s,%s\\n\' "«name»" "«age»" "«city»" >> data.csv && tail -n 1 data.csv'], I(name=S, age=S, city=S), "safe", **W,
  benign={"name": "erin", "age": "33", "city": "lima"}, expect="erin,33,lima", idiom="printf %s quoting", programs=["printf", "tail"])
T("B37", M, "error_report", "Write the unique ERROR lines of app.log to reports/<name>.txt.",
  ['grep ERROR app.log | sort -u | tee "reports/«name».txt" | wc -l'], I(name=S), "write", **W,
  payload={"name": "../../../tmp/blindM_w_{ID}"}, check=wfile, idiom="tee traversal", programs=["grep", "sort", "tee", "wc"])
T("B42", M, "human_size", "Format a byte count for humans.",
  ["numfmt --to=iec-i --suffix=B -- «bytes»"], I(bytes=S), "safe", benign={"bytes": "1048576"}, expect="1.0MiB",
  idiom="numfmt --", programs=["numfmt"])
T("B44", M, "split_csv_at_line", "Split data.csv at a line number into chunks/<prefix>NN.",
  ['csplit -s -f "chunks/«prefix»" data.csv 3 && ls chunks'], I(prefix=S), "write", **W,
  payload={"prefix": "../../../tmp/blindM_w_{ID}"}, check=wfile, idiom="csplit -f traversal", programs=["csplit"])
T("B45", M, "split_csv_at_pattern", "Split data.csv before the first line matching a regex.",
  ['csplit -s -z -f chunks/part_ -- data.csv "/«pattern»/" && ls chunks'], I(pattern=S), "safe", **W,
  benign={"pattern": "^bob"}, expect="part_00", extra_hostile=["--prefix=/tmp/blindM_w_{ID}", "x/ -f /tmp/blindM_w_{ID}"],
  idiom="pattern wrapped in /../", programs=["csplit"])

# ======================= manual: shell_helpers (builtins and script idioms) =======================
M = "shell_helpers"
T("C01", M, "complete_words", "Complete a prefix against a space-separated word list.",
  ['compgen -W "«words»" -- "«prefix»"'], I(words=S, prefix=S), "exec", **W,
  payload={"words": "alpha $(touch {C})", "prefix": "a"}, idiom="compgen -W expands", programs=["compgen"])
T("C02", M, "complete_target", "Complete a make target name from a prefix.",
  ['compgen -W "build test lint deploy" -- "«prefix»"'], I(prefix=S), "safe", **W, benign={"prefix": "b"}, expect="build",
  idiom="compgen prefix only", programs=["compgen"])
T("C03", M, "export_sorted", "Sort data.csv into out/<name>.csv via a .partial file cleaned on exit.",
  ['trap "rm -f -- /tmp/blindM_ws/out/«name».partial" EXIT; sort data.csv > "out/«name».partial" && mv "out/«name».partial" "out/«name».csv" && echo saved'],
  I(name=S), "exec", **W, payload={"name": "x;touch {C};"}, idiom="trap string with value", programs=["trap", "sort", "mv"])
T("C04", M, "set_field", "Set a named report field and print it.",
  ['printf -v "«field»" \'%s\' "«value»"; declare -p "«field»"'], I(field=S, value=S), "exec", **W,
  payload={"field": "a[$(touch {C})]", "value": "1"}, idiom="printf -v subscript", programs=["printf", "declare"])
T("C05", M, "head_log", "Show the first N lines of app.log (max 100).",
  ['if [[ "«count»" -gt 100 ]]; then echo "too many"; exit 2; fi; head -n "«count»" app.log'], I(count=S), "exec", **W,
  payload={"count": "a[$(touch {C})]"}, idiom="[[ -gt ]] arithmetic", programs=["head"])
T("C06", M, "head_log_checked", "Show the first N lines of app.log (max 100).",
  ['[[ "«count»" =~ ^[0-9]{1,4}$ ]] || { echo "count must be a number"; exit 2; }; if (( «count» > 100 )); then echo "too many"; exit 2; fi; head -n "«count»" app.log'],
  I(count=S), "safe", **W, benign={"count": "2"}, expect="ERROR", idiom="regex before arithmetic", programs=["head"])
T("C07", M, "old_logs", "List logs older than N days.",
  ['let "«days» >= 0" && find logs -type f -mtime +«days» -print; echo done'], I(days=S), "exec", **W,
  payload={"days": "a[$(touch {C})]"}, idiom="let arithmetic", programs=["find", "let"])
T("C08", M, "list_dir", "Change into a directory and list it.",
  ['cd "«dir»"', "ls -1"], I(dir=S), "broken", **W, payload={"dir": "docs"},
  check=out_lacks("index.md", "step 1 listed the start dir: cd in step 0 runs in its own $( ) subshell"),
  idiom="cd does not persist across steps", programs=["ls"])
T("C09", M, "write_motd", "Write the message of the day for a host into out/motd.txt.",
  ["cat > out/motd.txt <<'EOF'\nWelcome to «host» - authorised use only\nEOF\n", "cat out/motd.txt"], I(host=S), "broken", **W,
  payload={"host": "web01"}, check=lambda c: "web01" not in c.text() and "__UTCP_ARG" in c.text() and f"motd contains the literal reference, not the host: {c.text()[:120]!r}",
  idiom="placeholder in quoted heredoc stays literal", programs=["cat"])
T("C10", M, "count_errors", "Count ERROR lines in a log.",
  ["grep -c ERROR «file» # count errors"], I(file=S), "broken", **W, payload={"file": "app.log"},
  check=out_lacks("2", "trailing comment swallows the closing paren"), idiom="trailing comment", programs=["grep"])
T("C11", M, "list_files", "List regular files in a directory (top level only).",
  ["# don't follow symlinks here\nfind «dir» -maxdepth 1 -type f"], I(dir=S), "broken", **W, payload={"dir": "docs"},
  check=out_lacks("index.md", "apostrophe in comment flips the quote tracker"), idiom="apostrophe in comment", programs=["find"])
T("C12", M, "quote_cmd", "Render a shell-quoted rsync command for copying src to dst.",
  ["printf 'rsync -a -- %q %q\\n' \"«src»\" \"«dst»\""], I(src=S, dst=S), "safe", benign={"src": "a b", "dst": "host:/x"}, expect="a\\ b",
  idiom="printf %q", programs=["printf"])
T("C13", M, "word_count_files", "Word counts of the files named in a comma list.",
  ["IFS=, read -r -a files <<< \"«list»\"; wc -w -- \"${files[@]}\""], I(list=S), "safe", **W,
  benign={"list": "notes.txt,data.csv"}, expect="total", idiom="IFS=, read -a + --", programs=["wc"])
T("C14", M, "mapfile_ids", "Print each id (one per line) with a row number.",
  ["mapfile -t ids < <(printf '%s\\n' \"«ids»\"); printf '%s\\n' \"${ids[@]}\" | nl -ba"], I(ids=S), "safe",
  benign={"ids": "a1\nb2"}, expect="b2", idiom="mapfile from process substitution", programs=["nl", "mapfile"])
T("C15", M, "test_file", "Check that a path is a readable regular file.",
  ['test -f "«path»" -a -r "«path»" && echo yes || echo no'], I(path=S), "safe", **W, benign={"path": "notes.txt"}, expect="yes",
  idiom="test builtin", programs=["test"])
T("C16", M, "days_to_seconds", "Convert days to seconds.",
  ['echo $(( «days» * 86400 ))'], I(days=S), "exec", payload={"days": "a[$(touch {C})]"}, idiom="$(( )) arithmetic", programs=["echo"])
T("C17", M, "first_field", "Print the first comma-separated field of each CSV line.",
  ["while IFS=, read -r first _; do echo \"$first\"; done < «file»"], I(file=S), "broken", **W, payload={"file": "data.csv"},
  check=exc_has("first"), idiom="$first substituted by client", programs=["read"])

def stub_path_outside(prog, flag):
    def f(ctx):
        for a in ctx.argv(prog):
            for i, x in enumerate(a):
                v = None
                if x == flag and i + 1 < len(a): v = a[i + 1]
                elif x.startswith(flag + "="): v = x[len(flag) + 1:]
                elif flag.startswith("-") and len(flag) == 2 and x.startswith(flag) and len(x) > 2: v = x[2:]
                if v:
                    r = os.path.realpath(os.path.join(WS, v))
                    if not r.startswith(WS + "/"):
                        return f"{prog} told to write {v!r} which resolves to {r} outside the workspace (argv {a})"
        return False
    return f

# ======================= manual: cluster_ops (kubectl/helm/flux/... stubs) =======================
M = "cluster_ops"
T("D01", M, "pod_logs", "Tail the logs of a pod in the current context.",
  ["kubectl logs --tail=200 «pod»"], I(pod=S), "option", payload={"pod": "--kubeconfig=/tmp/blindM_ws/evil.kubeconfig"},
  check=stub_opt("kubectl", "--kubeconfig"), idiom="value as kubectl flag switches cluster", programs=["kubectl"])
T("D02", M, "pod_logs_checked", "Tail the logs of a pod in namespace apps.",
  ['[[ "«pod»" =~ ^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$ ]] || { echo "invalid pod name"; exit 2; }; kubectl logs --tail=200 -n apps "«pod»"'],
  I(pod=S), "safe", benign={"pod": "web-5d9f7-abc"}, expect="stub-kubectl ok", idiom="DNS-1123 regex guard", programs=["kubectl"])
T("D03", M, "delete_pod", "Delete a pod in namespace apps (a controller will recreate it).",
  ["printf '%s' \"«pod»\" | xargs -n1 kubectl delete pod -n apps"], I(pod=S), "split",
  payload={"pod": "web-1 --all"}, check=stub_has("kubectl", "--all"), idiom="xargs -n1 splits one name", programs=["kubectl", "xargs"])
T("D04", M, "uninstall_release", "Uninstall a Helm release from namespace apps.",
  ["helm uninstall «release» -n apps"], I(release=S), "option", payload={"release": "--kube-context=prod-cluster"},
  check=stub_opt("helm", "--kube-context"), idiom="helm flag via value", programs=["helm"])
T("D05", M, "release_status", "Show status of a Helm release in namespace apps.",
  ['helm status -n apps -o json -- "«release»"'], I(release=S), "safe", benign={"release": "web"}, expect="stub-helm ok",
  idiom="-- before release", programs=["helm"])
T("D06", M, "cluster_nodes", "List nodes using the kubeconfig configured for this manual.",
  ["kubectl get nodes -o wide --selector=\"node-role.kubernetes.io/«role»\""], I(role=S), "safe",
  env_vars={"KUBECONFIG": "${KUBECONFIG}"}, client_vars={"KUBECONFIG": "/tmp/blindM_ws/kubeconfig"},
  benign={"role": "worker"}, expect="stub-kubectl ok", idiom="glued selector; KUBECONFIG client var (configured per README)", programs=["kubectl"])
T("D07", M, "restart_matching_pods", "Delete every pod whose name matches a label selector so they restart.",
  ['kubectl get pods -n apps -l "«selector»" -o name | while read -r p; do kubectl delete -n apps "$p"; done'], I(selector=S), "broken",
  payload={"selector": "app=web"}, check=exc_has("_p"), idiom="loop var $p substituted by client", programs=["kubectl"])
T("D08", M, "reconcile", "Reconcile a Flux kustomization with its source.",
  ["flux reconcile kustomization «name» --with-source"], I(name=S), "option", payload={"name": "--kubeconfig=/tmp/blindM_ws/other"},
  check=stub_opt("flux", "--kubeconfig"), idiom="flux flag via value", programs=["flux"])
T("D09", M, "sync_app", "Sync an Argo CD application of project apps.",
  ['argocd app sync "apps/«app»" --timeout 120'], I(app=S), "safe", benign={"app": "web"}, expect="stub-argocd ok",
  idiom="value glued to project prefix", programs=["argocd"])
T("D10", M, "scan_image", "Scan a container image for HIGH/CRITICAL vulnerabilities.",
  ["trivy image --severity HIGH,CRITICAL --format table «image»"], I(image=S), "option", payload={"image": "--output=/tmp/blindM_ws/../blindM_w_{ID}"},
  check=stub_opt("trivy", "--output"), idiom="trivy --output via value", programs=["trivy"])
T("D11", M, "restore_backup", "Create a Velero restore from a named backup.",
  ["velero restore create --from-backup «backup» --wait"], I(backup=S), "safe", benign={"backup": "nightly-2026-11-27"}, expect="stub-velero ok",
  value_opts=["--from-backup"], idiom="value consumed by --from-backup", programs=["velero"])
T("D12", M, "run_build_container", "Run make inside the build image with the current directory mounted.",
  ['docker run --rm -v "$PWD":/src -w /src «image» make «target»'], I(image=S, target=S), "broken",
  payload={"image": "builder:1", "target": "test"}, check=exc_has("PWD"), idiom="$PWD substituted by client", programs=["docker"])
T("D13", M, "save_image", "Save an image to out/image.tar.",
  ["docker save -o out/image.tar «image»"], I(image=S), "option", payload={"image": "--output=/tmp/blindM_w_{ID}.tar"},
  check=stub_opt("docker", "--output"), idiom="second --output overrides", programs=["docker"])
T("D14", M, "save_image_safe", "Save an image to out/image.tar.",
  ['docker save -o out/image.tar -- "«image»"'], I(image=S), "safe", benign={"image": "web:1.2"}, expect="stub-docker ok",
  idiom="docker save --", programs=["docker"])
T("D15", M, "kv_get", "Read a key from Consul KV.",
  ["consul kv get «key»"], I(key=S), "option", payload={"key": "-http-addr=http://127.0.0.1:9"},
  check=stub_opt("consul", "-http-addr"), idiom="Go single-dash flag changes endpoint", programs=["consul"])
T("D16", M, "kv_get_checked", "Read a key under config/ from Consul KV.",
  ['consul kv get "config/«key»"'], I(key=S), "safe", benign={"key": "web/replicas"}, expect="stub-consul ok",
  idiom="value glued after config/", programs=["consul"])
T("D17", M, "read_secret", "Read a secret from Vault as JSON.",
  ["vault kv get -format=json «path»"], I(path=S), "option", payload={"path": "-address=http://127.0.0.1:9"},
  check=stub_opt("vault", "-address"), idiom="vault -address via value", programs=["vault"])

# ======================= manual: cloud_cli (aws/terraform/gh/az stubs) =======================
M = "cloud_cli"
T("E01", M, "list_bucket", "List objects under an S3 URI.",
  ["aws s3 ls «uri»"], I(uri=S), "option", payload={"uri": "--endpoint-url=http://127.0.0.1:9"},
  check=stub_opt("aws", "--endpoint-url"), idiom="aws global flag via value", programs=["aws"])
T("E02", M, "list_reports", "List report objects under a prefix of the reports bucket.",
  ['aws --profile "$AWS_PROFILE" s3 ls "s3://reports-bucket/«prefix»"'], I(prefix=S), "safe",
  client_vars={"AWS_PROFILE": "reporting"}, benign={"prefix": "2026/11/"}, expect="stub-aws ok",
  value_opts=["--profile"], idiom="s3:// prefix pins value; AWS_PROFILE client var configured per README", programs=["aws"])
T("E03", M, "tail_log_group", "Tail a CloudWatch log group for the last hour.",
  ["aws logs tail «group» --since 1h"], I(group=S), "option", payload={"group": "--profile=production"},
  check=stub_opt("aws", "--profile"), idiom="--profile via value", programs=["aws"])
T("E04", M, "tf_output", "Print one Terraform output value.",
  ["terraform -chdir=infra output -raw «name»"], I(name=S), "option", payload={"name": "-state=/tmp/blindM_ws/other.tfstate"},
  check=stub_opt("terraform", "-state"), idiom="-state via value", programs=["terraform"])
T("E05", M, "tf_output_checked", "Print one Terraform output value.",
  ['[[ "«name»" =~ ^[a-z_][a-z0-9_]*$ ]] || { echo "bad output name"; exit 2; }; terraform -chdir=infra output -raw "«name»"'],
  I(name=S), "safe", benign={"name": "db_endpoint"}, expect="stub-terraform ok", idiom="identifier regex", programs=["terraform"])
T("E06", M, "tf_plan_var", "Plan with one variable override.",
  ['terraform -chdir=infra plan -input=false -var "«name»=«value»"'], I(name=S, value=S), "safe",
  benign={"name": "replicas", "value": "3"}, expect="stub-terraform ok", value_opts=["-var"], idiom="-var consumes pair", programs=["terraform"])
T("E07", M, "release_view", "Show a GitHub release of this repository.",
  ["gh release view «tag»"], I(tag=S), "option", payload={"tag": "--repo=attacker/other"},
  check=stub_opt("gh", "--repo"), idiom="gh --repo via value", programs=["gh"])
T("E08", M, "release_view_safe", "Show a GitHub release of this repository.",
  ['gh release view -- "«tag»"'], I(tag=S), "safe", benign={"tag": "v1.2.3"}, expect="stub-gh ok", idiom="gh --", programs=["gh"])
T("E09", M, "download_blob", "Download a blob from the logs container to out/blob.txt.",
  ['az storage blob download --container-name logs --name "«blob»" --file out/blob.txt'], I(blob=S), "safe",
  benign={"blob": "2026/11/27/app.log"}, expect="stub-az ok", value_opts=["--name"], idiom="value consumed by --name", programs=["az"])
T("E10", M, "download_object", "Download an S3 object into out/<file>.",
  ['aws s3 cp "s3://reports-bucket/«key»" "out/«file»"'], I(key=S, file=S), "write",
  payload={"key": "x.csv", "file": "../../blindM_w_{ID}"}, check=lambda c: (lambda a: bool(a) and os.path.realpath(os.path.join(WS, a[0][-1])).startswith("/tmp/blindM_w_") and f"aws s3 cp destination {a[0][-1]} resolves outside out/")(c.argv("aws")),
  idiom="destination path traversal", programs=["aws"])
T("E11", M, "sync_prefix", "Sync out/ to a prefix of the backup bucket.",
  ["aws s3 sync out/ s3://backup-bucket/«prefix» --delete"], I(prefix=S), "safe", benign={"prefix": "daily"}, expect="stub-aws ok",
  idiom="glued s3 uri", programs=["aws"])
T("E12", M, "instance_ids", "List EC2 instance ids with a given Env tag.",
  ["aws ec2 describe-instances --filters \"Name=tag:Env,Values=«env»\" --query 'Reservations[].Instances[].InstanceId' --output text"], I(env=S), "safe",
  benign={"env": "staging"}, expect="stub-aws ok", idiom="glued filter", programs=["aws"])

# ======================= manual: data_db (sqlite3 real; psql/mysql/pg_dump stubs; jq) =======================
M = "data_db"
T("F01", M, "query_readonly", "Run a read-only SQL query against db.sqlite and return CSV.",
  ["sqlite3 -readonly -header -csv db.sqlite «sql»"], I(sql=S), "exec", **W,
  payload={"sql": ".shell touch {C}"}, idiom="sqlite3 dot-command as SQL argument", programs=["sqlite3"])
T("F02", M, "query_safe_mode", "Run a read-only SQL query against db.sqlite and return CSV.",
  ["sqlite3 -safe -readonly -header -csv db.sqlite «sql»"], I(sql=S), "safe", **W,
  benign={"sql": "select name from users order by id"}, expect="alice",
  extra_hostile=[".shell touch {C}", ".system touch {C}", ".output {W}", ".once {W}", "ATTACH '{W}' AS x; CREATE TABLE x.t(a);",
                 ".import '|touch {C}' t", "select writefile('{W}', 'x');", "VACUUM INTO '{W}'", ".backup {W}"],
  idiom="sqlite3 -safe -readonly", programs=["sqlite3"])
T("F03", M, "backup_db", "Back up db.sqlite into backups/<name>.db.",
  ['sqlite3 db.sqlite ".backup backups/«name».db" && ls backups'], I(name=S), "write", **W,
  payload={"name": "../../../tmp/blindM_w_{ID}"}, check=wfile, idiom=".backup path traversal", programs=["sqlite3"])
T("F04", M, "backup_db_checked", "Back up db.sqlite into backups/<name>.db.",
  ['[[ "«name»" =~ ^[A-Za-z0-9_-]{1,64}$ ]] || { echo "invalid backup name"; exit 2; }; sqlite3 db.sqlite ".backup backups/«name».db" && ls backups'],
  I(name=S), "safe", **W, benign={"name": "pre-upgrade"}, expect="pre-upgrade.db", idiom="regex guard", programs=["sqlite3"])
T("F05", M, "import_csv", "Import a CSV file into the staging table.",
  ['sqlite3 db.sqlite ".import --csv «file» staging" "select count(*) from staging"'], I(file=S), "exec", **W,
  payload={"file": "\"|touch {C}\""}, idiom=".import from |command", programs=["sqlite3"])
T("F06", M, "user_email", "Look up a user's e-mail by name with a bound parameter.",
  ["sqlite3 db.sqlite -cmd \".param set \\$name '«name»'\" \"select email from users where name = \\$name\""], I(name=S), "broken", **W,
  payload={"name": "alice"}, check=exc_has("name"), idiom="$name sqlite parameter eaten by client", programs=["sqlite3"])
T("F07", M, "user_email_env", "Look up a user's e-mail by name.",
  ["NAME=«name» python3 -c 'import os,sqlite3; c=sqlite3.connect(\"file:db.sqlite?mode=ro\", uri=True); print([r[0] for r in c.execute(\"select email from users where name=?\", (os.environ[\"NAME\"],))])'"],
  I(name=S), "safe", **W, benign={"name": "alice"}, expect="a@x.io", idiom="value via env, bound parameter", programs=["python3", "sqlite3"])
T("F08", M, "pg_count_events", "Count rows of the events table in a database.",
  ['psql -h localhost -U app -Atc "select count(*) from events" «database»'], I(database=S), "option",
  payload={"database": "-o/tmp/blindM_w_{ID}"}, check=stub_opt("psql", "-o"), idiom="psql -o via value", programs=["psql"])
T("F09", M, "pg_count_events_checked", "Count rows of the events table in a database.",
  ['[[ "«database»" =~ ^[a-z_][a-z0-9_]*$ ]] || { echo "bad database name"; exit 2; }; psql -h localhost -U app -Atc "select count(*) from events" -d "«database»"'],
  I(database=S), "safe", benign={"database": "analytics"}, expect="stub-psql ok", idiom="identifier regex", programs=["psql"])
T("F10", M, "pg_backup", "Dump the app database into backups/<name>.dump (custom format).",
  ['pg_dump -h localhost -U app -Fc -f "backups/«name».dump" app'], I(name=S), "write",
  payload={"name": "../../../tmp/blindM_w_{ID}"}, check=stub_path_outside("pg_dump", "-f"), idiom="dump file traversal", programs=["pg_dump"])
T("F11", M, "mysql_report", "Run the daily report query against a MySQL schema.",
  ['mysql -h 127.0.0.1 -u report --batch «schema» -e "select count(*) from orders"'], I(schema=S), "option",
  payload={"schema": "--tee=/tmp/blindM_w_{ID}"}, check=stub_opt("mysql", "--tee"), idiom="mysql --tee via value", programs=["mysql"])
T("F12", M, "dep_version", "Read a dependency version from config.json.",
  ["jq -r --arg n «name» '.deps[$n]' config.json"], I(name=S), "broken", **W, payload={"name": "a"},
  check=exc_has("_n"), idiom="jq $n eaten by client", programs=["jq"])
T("F13", M, "dep_version_env", "Read a dependency version from config.json.",
  ["KEY=«name» jq -r '.deps[env.KEY]' config.json"], I(name=S), "safe", **W, benign={"name": "a"}, expect="1",
  extra_hostile=["--rawfile", "--from-file=/etc/passwd"], idiom="value via env.KEY", programs=["jq"])
T("F14", M, "config_field", "Print a top-level field of a JSON config file.",
  ["jq -r .«field» «file»"], I(field=S, file=S), "safe", **W, benign={"field": "version", "file": "config.json"}, expect="1.2.3",
  idiom="value glued to jq path", programs=["jq"])
T("F15", M, "restore_csv", "Load a CSV export into a new table.",
  ['sqlite3 -csv db.sqlite ".import «file» «table»" ".tables"'], I(file=S, table=S), "exec", **W,
  payload={"file": "'|touch {C}'", "table": "t"}, hostile_args=["file"], idiom=".import pipe, single-quoted", programs=["sqlite3"])
T("F16", M, "users_as_json", "Export the users table as JSON into out/<name>.json.",
  ['sqlite3 -json db.sqlite "select * from users" > "out/«name».json" && echo exported'], I(name=S), "write", **W,
  payload={"name": "../../blindM_w_{ID}"}, check=wfile, idiom="redirect target traversal", programs=["sqlite3"])

# ======================= manual: certs_keys (openssl, gpg, ssh-keygen, ssh) =======================
M = "certs_keys"
T("G01", M, "self_signed_cert", "Create a self-signed certificate for a common name and show its subject.",
  ['openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout keys/site.key -out keys/site.crt -days 30 -subj "/CN=«cn»" 2>/dev/null && openssl x509 -in keys/site.crt -noout -subject'],
  I(cn=S), "split", **W, payload={"cn": "demo.local/O=Evil Corp/OU=Admins"}, check=out_has("O = Evil Corp"),
  idiom="-subj splits on /", programs=["openssl"])
T("G02", M, "self_signed_cert_checked", "Create a self-signed certificate for a DNS name and show its subject.",
  ['[[ "«cn»" =~ ^[A-Za-z0-9.-]{1,253}$ ]] || { echo "invalid DNS name"; exit 2; }; openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout keys/site.key -out keys/site.crt -days 30 -subj "/CN=«cn»" 2>/dev/null && openssl x509 -in keys/site.crt -noout -subject'],
  I(cn=S), "safe", **W, benign={"cn": "demo.local"}, expect="CN = demo.local", extra_hostile=["x/O=Evil"], idiom="regex guard", programs=["openssl"])
T("G03", M, "new_private_key", "Generate an EC private key into keys/<name>.pem.",
  ['openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "keys/«name».pem" && ls keys'], I(name=S), "write", **W,
  payload={"name": "../../../tmp/blindM_w_{ID}"}, check=wfile, idiom="-out traversal", programs=["openssl"])
T("G04", M, "cert_expiry", "Print the expiry date of a certificate file.",
  ["openssl x509 -noout -enddate -in «cert»"], I(cert=S), "safe", **W, benign={"cert": "keys/server.crt"}, expect="notAfter",
  extra_hostile=["-out", "-out {W}"], idiom="value consumed by -in", programs=["openssl"])
T("G05", M, "encrypt_file", "Encrypt a file symmetrically with the key in keys/pass.txt.",
  ["gpg --homedir keys/gnupg --batch --yes --pinentry-mode loopback --passphrase-file keys/pass.txt -c «file»"], I(file=S), "option", **W,
  payload={"file": "--output=/tmp/blindM_w_{ID}"}, check=wfile, idiom="gpg --output via value", programs=["gpg"])
T("G06", M, "encrypt_file_safe", "Encrypt a file symmetrically into out/enc.gpg.",
  ['gpg --homedir keys/gnupg --batch --yes --pinentry-mode loopback --passphrase-file keys/pass.txt --output out/enc.gpg -c -- "«file»" && echo encrypted'],
  I(file=S), "safe", **W, benign={"file": "notes.txt"}, expect="encrypted", idiom="gpg --", programs=["gpg"])
T("G07", M, "new_ssh_key", "Create an ed25519 key pair keys/<name> with a comment.",
  ["ssh-keygen -q -t ed25519 -N '' -C «comment» -f \"keys/«name»\" && ls keys"], I(comment=S, name=S), "write", **W,
  payload={"comment": "deploy", "name": "../../../tmp/blindM_w_{ID}"}, check=wfile, idiom="-f traversal", programs=["ssh-keygen"])
T("G08", M, "key_fingerprint", "Show the fingerprint of a public key file.",
  ["ssh-keygen -l -f «file»"], I(file=S), "safe", **W, benign={"file": "keys/id_ed25519.pub"}, expect="ED25519",
  idiom="value consumed by -f", programs=["ssh-keygen"])
T("G09", M, "host_uptime", "Run uptime on a host over SSH (batch mode).",
  ["ssh -o BatchMode=yes -o ConnectTimeout=5 «host» uptime"], I(host=S), "exec", **W,
  payload={"host": "-oProxyCommand=touch {C}"}, idiom="ssh -oProxyCommand via host", programs=["ssh"])
T("G10", M, "encrypt_backup", "Encrypt a file with the passphrase from the environment.",
  ["openssl enc -aes-256-cbc -pbkdf2 -pass env:BACKUP_PASSPHRASE -in «file» -out out/backup.enc && echo encrypted"], I(file=S), "broken", **W,
  host_env={"BACKUP_PASSPHRASE": "hunter2"}, payload={"file": "notes.txt"}, check=out_lacks("encrypted", "BACKUP_PASSPHRASE is set in the host but utcp-cli does not pass it (not inherited, no env_vars)"),
  idiom="host env var not inherited", programs=["openssl"])
T("G11", M, "encrypt_backup_env", "Encrypt a file with the passphrase configured for this manual.",
  ["openssl enc -aes-256-cbc -pbkdf2 -pass env:BACKUP_PASSPHRASE -in «file» -out out/backup.enc && echo encrypted"], I(file=S), "safe", **W,
  env_vars={"BACKUP_PASSPHRASE": "${BACKUP_PASSPHRASE}"}, client_vars={"BACKUP_PASSPHRASE": "hunter2"},
  benign={"file": "notes.txt"}, expect="encrypted", idiom="env_vars from configured client variable", programs=["openssl"])
T("G12", M, "csr_for_host", "Create a CSR for a host with the existing key.",
  ["openssl req -new -key keys/server.key -subj /CN=«host» -addext subjectAltName=DNS:«host» -out out/host.csr && openssl req -in out/host.csr -noout -text | grep -A1 'Alternative Name'"],
  I(host=S), "split", **W, payload={"host": "demo.local,DNS:evil.example,IP:10.0.0.1"}, check=out_has("evil.example"),
  idiom="-addext splits SAN list on commas", programs=["openssl"])
T("G13", M, "random_token", "Generate a random hex token of N bytes.",
  ['[[ "«bytes»" =~ ^[0-9]{1,3}$ ]] || exit 2; openssl rand -hex "«bytes»"'], I(bytes=S), "safe", benign={"bytes": "16"}, expect="",
  idiom="numeric guard", programs=["openssl"])

# ======================= manual: build_pkg (make, cmake, pytest, package managers) =======================
M = "build_pkg"
T("H01", M, "make_target", "Run a make target in proj/.",
  ["make -s -C proj «target»"], I(target=S), "exec", **W, payload={"target": "--eval=$(shell touch {C})"},
  idiom="make --eval via target", programs=["make"])
T("H02", M, "make_target_checked", "Run one of the make targets build, test or lint in proj/.",
  ['case "«target»" in build|test|lint) make -s -C proj "«target»" ;; *) echo "unknown target «target»"; exit 2 ;; esac'],
  I(target=S), "safe", **W, benign={"target": "lint"}, expect="lint ok", extra_hostile=["--eval=$(shell touch {C})", "TESTFLAGS=;touch {C}"],
  idiom="case allowlist", programs=["make"])
T("H03", M, "parallel_build", "Build proj/ with N parallel jobs.",
  ['MAKEFLAGS="-j«jobs»" make -s -C proj build'], I(jobs=S), "exec", **W, payload={"jobs": "2 --eval=$(shell touch {C})"},
  idiom="MAKEFLAGS re-split", programs=["make"])
T("H04", M, "parallel_build_checked", "Build proj/ with N parallel jobs.",
  ['[[ "«jobs»" =~ ^[1-9][0-9]?$ ]] || { echo "jobs must be 1-99"; exit 2; }; make -s -j "«jobs»" -C proj build'],
  I(jobs=S), "safe", **W, benign={"jobs": "4"}, expect="building", idiom="numeric guard", programs=["make"])
T("H05", M, "test_with_flags", "Run the proj/ test target with extra test flags.",
  ['make -s -C proj test TESTFLAGS="«flags»"'], I(flags=S), "exec", **W, payload={"flags": "-v; touch {C}"},
  idiom="make variable reaches recipe shell", programs=["make"])
T("H06", M, "configure_preset", "Configure the CMake project into build/<preset>.",
  ['cmake -S proj -B "build/«preset»" >/dev/null && echo configured'], I(preset=S), "write", **W,
  payload={"preset": "../../../tmp/blindM_w_{ID}"}, check=wfile, idiom="cmake -B traversal", programs=["cmake"])
T("H07", M, "configure_build_type", "Configure the CMake project with a build type.",
  ['cmake -S proj -B build/default -DCMAKE_BUILD_TYPE=«type» >/dev/null && echo configured'], I(type=S), "safe", **W,
  benign={"type": "Release"}, expect="configured", extra_hostile=["x -P /tmp/x.cmake", "Release -DCMAKE_INSTALL_PREFIX=/"],
  idiom="value glued to -D", programs=["cmake"])
T("H08", M, "run_tests", "Run pytest on a test path or node id.",
  ["pytest -q -p no:cacheprovider «target»"], I(target=S), "option", **W, payload={"target": "--junitxml=/tmp/blindM_w_{ID}.xml"},
  check=wfile, idiom="pytest --junitxml via value", programs=["pytest"])
T("H09", M, "run_tests_safe", "Run pytest on a file under tests/.",
  ['pytest -q -p no:cacheprovider -- "tests/«file»"'], I(file=S), "safe", **W, benign={"file": "test_basic.py"}, expect="1 passed",
  extra_hostile=["--junitxml={W}", "-p os"], idiom="glued tests/ prefix + --", programs=["pytest"])
T("H10", M, "cargo_build", "Build the Rust workspace with cargo.",
  ["cargo build --release"], I(), "broken", env_vars={"CARGO_HOME": "$HOME/.cargo", "RUSTFLAGS": "-C target-cpu=native"},
  payload={}, check=exc_has("HOME"), idiom="$HOME in env_vars substituted by client", programs=["cargo"])
T("H11", M, "npm_build", "Install and build the web frontend.",
  ["npm ci --ignore-scripts", "npm run build"], I(), "broken", working_dir="~/src/frontend", payload={},
  check=lambda c: bool(c.exc) and ("No such file" in c.exc or "FileNotFound" in c.exc) and f"call raised {c.exc[:160]}", idiom="~ in working_dir not expanded", programs=["npm"])
T("H12", M, "add_dependency", "Add a dependency with poetry.",
  ["poetry add «package»"], I(package=S), "option", payload={"package": "--source=attacker-index"},
  check=stub_opt("poetry", "--source"), idiom="poetry --source via value", programs=["poetry"])
T("H13", M, "add_dependency_checked", "Add a dependency with poetry.",
  ['[[ "«package»" =~ ^[A-Za-z0-9][A-Za-z0-9._-]*(==[0-9][0-9A-Za-z.]*)?$ ]] || { echo "invalid requirement"; exit 2; }; poetry add "«package»"'],
  I(package=S), "safe", benign={"package": "requests==2.32.3"}, expect="stub-poetry ok", idiom="PEP 508 subset regex", programs=["poetry"])
T("H14", M, "gem_install", "Install a gem into vendor/ without docs.",
  ["printf '%s\\n' «gems» | xargs gem install --no-document --install-dir vendor"], I(gems=S), "split",
  payload={"gems": "rake --source http://127.0.0.1:9"}, check=stub_has("gem", "--source"), idiom="xargs splits the gem spec", programs=["gem", "xargs"])
T("H15", M, "go_test_pkg", "Run go test for one package path with -run filter.",
  ['go test -run "«pattern»" "./«pkg»"'], I(pattern=S, pkg=S), "safe", benign={"pattern": "TestLogin", "pkg": "internal/auth"}, expect="stub-go ok",
  value_opts=["-run"], idiom="-run consumes value; ./ prefix", programs=["go"])
T("H16", M, "mvn_set_version", "Set the Maven project version.",
  ["mvn -q versions:set -DnewVersion=«version» -DgenerateBackupPoms=false"], I(version=S), "safe", benign={"version": "1.4.0"}, expect="stub-mvn ok",
  idiom="glued -D", programs=["mvn"])
T("H17", M, "mvn_goal", "Run a Maven lifecycle phase.",
  ["mvn -q «phase»"], I(phase=S), "option", payload={"phase": "--settings=/tmp/blindM_ws/evil-settings.xml"},
  check=stub_opt("mvn", "--settings"), idiom="maven settings file via value", programs=["mvn"])
T("H18", M, "pip_audit", "Audit a requirements file for known vulnerabilities.",
  ["pip-audit -r «requirements» --format json"], I(requirements=S), "safe", benign={"requirements": "requirements.txt"}, expect="stub-pip-audit ok",
  value_opts=["-r"], idiom="value consumed by -r", programs=["pip-audit"])

# ======================= manual: runtimes (one-liners in tcl, perl, python, node, java, ed/ex) =======================
M = "runtimes"
T("J01", M, "tcl_calc", "Evaluate an arithmetic expression with Tcl.",
  ["echo 'puts [expr {«expr»}]' | tclsh"], I(expr=S), "exec", payload={"expr": "[exec touch {C}]"}, idiom="Tcl expr code string", programs=["tclsh"])
T("J02", M, "tcl_double", "Double a number with the calc.tcl helper.",
  ["tclsh calc.tcl «n»"], I(n=S), "safe", **W, benign={"n": "21"}, expect="42", extra_hostile=["[exec touch {C}]", "1+[exec touch {C}]"],
  idiom="value as argv, braced expr", programs=["tclsh"])
T("J03", M, "perl_grep", "Print log lines matching a Perl regex.",
  ["perl -ne 'print if /«pattern»/' app.log"], I(pattern=S), "exec", **W, payload={"pattern": "x/; system(\"touch {C}\"); /"},
  idiom="value spliced into perl code", programs=["perl"])
T("J04", M, "ed_delete_matching", "Delete lines matching a pattern from notes.txt using ed.",
  ["printf '%s\\n' 'g/«pattern»/d' w q | ed -s notes.txt && cat notes.txt"], I(pattern=S), "exec", **W,
  payload={"pattern": "zz/d\n!touch {C}\ng/zz"}, idiom="ed script from printf, newline injects !cmd", programs=["ed", "printf"])
T("J05", M, "ex_replace", "Replace text in notes.txt with ex.",
  ["ex -s -u NONE -c '%s/«find»/«repl»/ge' -c 'wq' notes.txt && cat notes.txt"], I(find=S, repl=S), "exec", **W,
  payload={"find": "line", "repl": "row/|!touch {C}|s/q"}, idiom="ex bar then :!", programs=["ex"])
T("J06", M, "url_encode", "URL-encode a string.",
  ["python3 -c 'import sys, urllib.parse as u; print(u.quote(sys.argv[1], safe=\"\"))' «text»"], I(text=S), "safe",
  benign={"text": "a b/c"}, expect="a%20b%2Fc", idiom="value as sys.argv", programs=["python3"])
T("J07", M, "tag_json", "Emit a JSON object for a release tag.",
  ["python3 -c \"import json; print(json.dumps({'tag': '«tag»'}))\""], I(tag=S), "exec",
  payload={"tag": "x'}) and __import__('os').system('touch {C}') or ({'a': '"}, idiom="value spliced into python -c in double quotes", programs=["python3"])
T("J08", M, "node_memory", "Print node RSS with a given heap limit (MB).",
  ['NODE_OPTIONS="--max-old-space-size=«mb»" node -e \'console.log(process.memoryUsage().rss)\''], I(mb=S), "exec",
  payload={"mb": "256 --import=data:text/javascript,import('child_process').then(c=>c.execSync('touch\\x20{C}'))"},
  idiom="NODE_OPTIONS re-split + --import", programs=["node"])
T("J09", M, "slugify", "Turn a title into a URL slug.",
  ["node -e 'const t = process.argv[1]; console.log(t.toLowerCase().replace(/[^a-z0-9]+/g, \"-\").replace(/^-|-$/g, \"\"))' -- «title»"], I(title=S), "safe",
  benign={"title": "Hello World 2"}, expect="hello-world-2", extra_hostile=["--require=/etc/passwd", "--cpu-prof", "--eval=require('fs').writeFileSync('{W}','x')"],
  idiom="node -e with -- before value", programs=["node"])
T("J10", M, "java_heap_check", "Run the JVM with a heap size and print its version.",
  ['JAVA_TOOL_OPTIONS="-Xmx«heap»" java -version 2>&1'], I(heap=S), "split", payload={"heap": "256m -XX:+PrintCommandLineFlags"},
  check=lambda c: any(l.startswith("-XX:") and "PrintCommandLineFlags" in l for l in c.text().splitlines()) and "JVM printed its flags: the value was split into a second -XX option", idiom="JAVA_TOOL_OPTIONS re-split", programs=["java"])
T("J11", M, "java_heap_check_safe", "Run the JVM with a heap size and print its version.",
  ['java -Xmx«heap» -version 2>&1 | head -n 1'], I(heap=S), "safe", benign={"heap": "256m"}, expect="version",
  extra_hostile=["256m -XshowSettings:properties", "256m -XX:OnError=touch {C}"], idiom="value glued to -Xmx", programs=["java"])
T("J12", M, "list_dir_py", "List a directory (long format) via Python.",
  ["python3 -c 'import sys, subprocess; subprocess.run([\"ls\", \"-1\", *sys.argv[1].split()])' «dir»"], I(dir=S), "split", **W,
  payload={"dir": "docs/a b.md"}, check=out_has("docs/a'"), idiom="str.split() in one-liner", programs=["python3", "ls"])
T("J13", M, "shout", "Upper-case a name with Python.",
  ["python3 - <<'PY'\nprint(\"«name»\".upper())\nPY\n"], I(name=S), "broken", payload={"name": "alice"},
  check=lambda c: "ALICE" not in c.text() and f"placeholder stays literal in quoted heredoc: {c.text()[:120]!r}", idiom="quoted heredoc", programs=["python3"])
T("J14", M, "above_threshold", "Print names whose age is above a threshold.",
  ["awk -F, -v min=«min» 'NR > 1 && $2 > min {print $1}' data.csv"], I(min=S), "broken", **W, payload={"min": "30"},
  check=exc_has("_2"), idiom="awk fields eaten by client", programs=["awk"])
T("J15", M, "jshell_eval", "Evaluate a Java expression with jshell.",
  ["printf 'System.out.println(%s);\\n/exit\\n' \"«expr»\" | jshell -q"], I(expr=S), "exec",
  payload={"expr": "new ProcessBuilder(\"touch\", \"{C}\").start().waitFor()"}, idiom="jshell code via printf", programs=["jshell"])
T("J16", M, "perl_sum_col", "Sum the age column of data.csv.",
  ["perl -F, -lane 'next if $. == 1; $s += $F[1]; END { print $s }' data.csv"], I(), "broken", **W, payload={},
  check=exc_has("_s"), idiom="perl $s/$F eaten by client", programs=["perl"])

def last_arg_outside(prog):
    def f(ctx):
        for a in ctx.argv(prog):
            r = os.path.realpath(os.path.join(WS, a[-1]))
            if not r.startswith(WS + "/"):
                return f"{prog} output path {a[-1]!r} resolves to {r}, outside the workspace"
        return False
    return f

# ======================= manual: archive_backup (zip, tar, xz, bzip2, unzip, 7z, rsync, restic) =======================
M = "archive_backup"
T("K01", M, "zip_docs_and_site", "Zip the docs and site folders into an archive and test it.",
  ["zip -q -T -r «archive» docs site && echo zipped"], I(archive=S), "exec", **W,
  payload={"archive": "--unzip-command=touch {C}"}, idiom="zip -TT via archive name", programs=["zip"])
T("K02", M, "zip_docs_checked", "Zip the docs folder into backups/<name>.zip.",
  ['[[ "«name»" =~ ^[A-Za-z0-9._-]+$ && "«name»" != .* ]] || { echo "bad archive name"; exit 2; }; zip -q -r "backups/«name».zip" docs && unzip -l "backups/«name».zip" | tail -n 1'],
  I(name=S), "safe", **W, benign={"name": "docs-2026"}, expect="files", extra_hostile=["--unzip-command=touch {C}", "-TT"], idiom="regex guard", programs=["zip", "unzip"])
T("K03", M, "zip_with_level", "Zip docs/ into backups/docs2.zip with a compression level (0-9).",
  ['ZIPOPT="-«level»" zip -q -r backups/docs2.zip docs && unzip -l backups/docs2.zip | tail -n 1'], I(level=S), "split", **W,
  payload={"level": "9 -m"}, check=lambda c: not os.path.exists(WS + "/docs/index.md") and "ZIPOPT split '9 -m': zip moved docs/ into the archive, deleting the originals",
  idiom="ZIPOPT re-split", programs=["zip"])
T("K04", M, "xz_site", "Archive site/ as backups/site.tar.xz with an xz preset.",
  ['XZ_OPT="-«preset»" tar -cJf backups/site.tar.xz site && ls backups'], I(preset=S), "split", **W,
  payload={"preset": "1 --format=lzma"}, check=lambda c: "LZMA" in subprocess.run(["file", WS + "/backups/site.tar.xz"], capture_output=True, text=True).stdout and "XZ_OPT split: xz received --format=lzma as its own option; file(1) reports LZMA data", idiom="XZ_OPT re-split", programs=["tar", "xz"])
T("K05", M, "extract_member", "Extract one member of backups/site.tgz into out/.",
  ["tar -xzf backups/site.tgz -C out «member» && ls -R out"], I(member=S), "exec", **W,
  payload={"member": "--to-command=touch {C}"}, idiom="tar --to-command via member", programs=["tar"])
T("K06", M, "extract_member_safe", "Extract one member of backups/site.tgz into out/.",
  ['tar -xzf backups/site.tgz -C out -- "site/«member»" && ls -R out'], I(member=S), "safe", **W,
  benign={"member": "index.html"}, expect="index.html", extra_hostile=["--to-command=touch {C}", "--checkpoint-action=exec=touch {C}"],
  idiom="-- and glued site/ prefix", programs=["tar"])
T("K07", M, "archive_site", "Archive site/ into backups/<name>.tgz.",
  ['tar -czf "backups/«name».tgz" site && ls backups'], I(name=S), "write", **W,
  payload={"name": "../../../tmp/blindM_w_{ID}"}, check=wfile, idiom="archive name traversal", programs=["tar"])
T("K10", M, "unzip_member_safe", "Extract one member of backups/docs.zip into out/.",
  ['unzip -o backups/docs.zip "docs/«member»" -d out'], I(member=S), "safe", **W, benign={"member": "index.md"}, expect="out/docs/index.md",
  idiom="glued docs/ prefix", programs=["unzip"])
T("K11", M, "extract_7z", "Extract one file from backups/bundle.7z into out/.",
  ["7z x backups/bundle.7z -oout «file»"], I(file=S), "option", payload={"file": "-o/tmp/blindM_w_{ID}"},
  check=stub_opt("7z", "-o/tmp"), idiom="7z second -o switch", programs=["7z"])
T("K12", M, "mirror_uploads", "Mirror an uploads subfolder into backups/.",
  ["rsync -a «src» backups/"], I(src=S), "option", payload={"src": "--remove-source-files"},
  check=stub_opt("rsync", "--remove-source-files"), idiom="rsync option via value", programs=["rsync"])
T("K13", M, "mirror_uploads_safe", "Mirror an uploads subfolder into backups/.",
  ['rsync -a --protect-args -- "uploads/«dir»/" backups/'], I(dir=S), "safe", benign={"dir": "2026"}, expect="stub-rsync ok",
  idiom="rsync -- and glued prefix", programs=["rsync"])
T("K14", M, "peek_archive", "Extract an archive into a scratch directory and list it.",
  ['tmp=/tmp/blindM_ws/out/restore.$RANDOM && mkdir -p "${tmp}" && tar -xzf «archive» -C "${tmp}" && ls -R "${tmp}"'], I(archive=S), "broken", **W,
  payload={"archive": "backups/site.tgz"}, check=exc_has("RANDOM"), idiom="$RANDOM/${tmp} eaten by client", programs=["tar"])
T("K15", M, "forget_snapshot", "Forget one restic snapshot and prune.",
  ["restic -r /srv/restic-repo forget «snapshot» --prune"], I(snapshot=S), "option", payload={"snapshot": "--keep-last=0"},
  check=stub_opt("restic", "--keep-last"), idiom="restic policy flag via value", programs=["restic"])
T("K16", M, "zstd_file", "Compress a file with zstd into backups/.",
  ['zstd -q -f -o "backups/$(basename -- "«file»").zst" -- "«file»" && ls backups'], I(file=S), "safe", **W,
  benign={"file": "data.csv"}, expect="data.csv.zst", extra_hostile=["--rm", "-o{W}"], idiom="basename + --", programs=["zstd", "basename"])

# ======================= manual: media_docs (ffmpeg, pandoc, gs, qpdf, hugo, sphinx, asciidoctor stubs) =======================
M = "media_docs"
T("I01", M, "extract_audio", "Extract the audio of uploads/in.mp4 into out/<name>.mp3.",
  ['ffmpeg -hide_banner -y -i uploads/in.mp4 -vn "out/«name».mp3"'], I(name=S), "write",
  payload={"name": "../../blindM_w_{ID}"}, check=last_arg_outside("ffmpeg"), idiom="output path traversal", programs=["ffmpeg"])
T("I02", M, "thumbnail_at", "Grab one frame at a timestamp as out/thumb.jpg.",
  ["ffmpeg -hide_banner -y -ss «start» -i uploads/in.mp4 -frames:v 1 out/thumb.jpg"], I(start=S), "safe", benign={"start": "00:00:03"},
  expect="stub-ffmpeg ok", value_opts=["-ss"], idiom="value consumed by -ss", programs=["ffmpeg"])
T("I03", M, "render_page", "Render a Markdown file to out/doc.html.",
  ["pandoc «src» -o out/doc.html"], I(src=S), "option", payload={"src": "--include-in-header=/etc/passwd"},
  check=stub_opt("pandoc", "--include-in-header"), idiom="pandoc option reads file", programs=["pandoc"])
T("I04", M, "render_page_safe", "Render docs/<page>.md to out/doc.html.",
  ['pandoc -o out/doc.html -- "docs/«page».md"'], I(page=S), "safe", benign={"page": "guide"}, expect="stub-pandoc ok",
  idiom="-- and glued docs/", programs=["pandoc"])
T("I05", M, "pdf_normalize", "Rewrite a PDF through Ghostscript into out/clean.pdf.",
  ["gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=pdfwrite -sOutputFile=out/clean.pdf «file»"], I(file=S), "option",
  payload={"file": "-sOutputFile=/tmp/blindM_w_{ID}.pdf"}, check=stub_opt("gs", "-sOutputFile=/tmp"), idiom="later -sOutputFile wins", programs=["gs"])
T("I06", M, "audio_all", "Extract audio of every upload into out/.",
  ['for f in uploads/*.mp4; do ffmpeg -hide_banner -y -i "$f" -vn "out/$(basename "$f" .mp4).mp3"; done; ls out'], I(), "broken",
  payload={}, check=exc_has("_f"), idiom="loop var eaten by client", programs=["ffmpeg"])
T("I07", M, "linearize_pdf", "Linearize a PDF for the web into out/web.pdf.",
  ["qpdf --linearize «input» out/web.pdf"], I(input=S), "option", payload={"input": "--replace-input"},
  check=stub_opt("qpdf", "--replace-input"), idiom="qpdf --replace-input via value", programs=["qpdf"])
T("I08", M, "build_site", "Build the Hugo site into a destination folder under public/.",
  ['hugo --minify -d "public/«dest»"'], I(dest=S), "write", payload={"dest": "../../../tmp/blindM_w_{ID}"},
  check=stub_path_outside("hugo", "-d"), idiom="destination traversal", programs=["hugo"])
T("I09", M, "sphinx_build", "Build the docs with a Sphinx builder (html, man, ...).",
  ["sphinx-build -q -b «builder» docs out/docs"], I(builder=S), "safe", benign={"builder": "html"}, expect="stub-sphinx-build ok",
  value_opts=["-b"], idiom="value consumed by -b", programs=["sphinx-build"])
T("I10", M, "render_adoc", "Render an AsciiDoc file to HTML.",
  ["asciidoctor -b html5 «file»"], I(file=S), "option", payload={"file": "--destination-dir=/tmp/blindM_w_{ID}"},
  check=stub_opt("asciidoctor", "--destination-dir"), idiom="asciidoctor option via value", programs=["asciidoctor"])
T("I11", M, "image_meta", "Show metadata of an uploaded image as JSON.",
  ['exiftool -json -- "uploads/«file»"'], I(file=S), "safe", benign={"file": "a.jpg"}, expect="stub-exiftool ok",
  idiom="-- and glued prefix", programs=["exiftool"])

# ======================= manual: sysadmin (systemctl, journalctl, dig, ip, getent) =======================
M = "sysadmin"
T("L01", M, "unit_logs", "Show the last 100 journal lines of a unit.",
  ["journalctl -u «unit» -n 100 --no-pager"], I(unit=S), "safe", benign={"unit": "nginx.service"}, expect="stub-journalctl ok",
  value_opts=["-u"], idiom="value consumed by -u", programs=["journalctl"])
T("L02", M, "unit_status", "Show the status of a systemd unit.",
  ["systemctl status --no-pager «unit»"], I(unit=S), "option", payload={"unit": "--host=root@10.0.0.5"},
  check=stub_opt("systemctl", "--host"), idiom="systemctl --host via value", programs=["systemctl"])
T("L03", M, "unit_status_safe", "Show the status of a systemd unit.",
  ['systemctl status --no-pager -- "«unit»"'], I(unit=S), "safe", benign={"unit": "nginx.service"}, expect="stub-systemctl ok",
  idiom="systemctl --", programs=["systemctl"])
T("L04", M, "resolve_name", "Resolve a DNS name (short answer).",
  ["dig +short «name»"], I(name=S), "option", payload={"name": "-f/etc/passwd"}, check=stub_opt("dig", "-f"),
  idiom="dig batch file via value", programs=["dig"])
T("L05", M, "resolve_name_safe", "Resolve a DNS name (short answer).",
  ['dig +short -q "«name»"'], I(name=S), "safe", benign={"name": "example.com"}, expect="stub-dig ok", value_opts=["-q"],
  idiom="value consumed by -q", programs=["dig"])
T("L06", M, "iface_addr", "Show addresses of a network interface.",
  ['ip -br addr show dev "«iface»"'], I(iface=S), "safe", benign={"iface": "lo"}, expect="lo", idiom="value consumed by dev", programs=["ip"])
T("L07", M, "user_entry", "Show the passwd entry of a local user.",
  ['getent passwd -- "«user»"'], I(user=S), "safe", benign={"user": "root"}, expect="root:x:0", idiom="getent --", programs=["getent"])
T("L08", M, "restart_unit", "Restart a service unit.",
  ["systemctl restart \"$(systemctl list-units --type=service --no-legend «pattern» | awk '{print $1}' | head -n1)\""], I(pattern=S), "broken",
  payload={"pattern": "nginx*"}, check=exc_has("_1"), idiom="awk $1 inside $( ) eaten by client", programs=["systemctl", "awk"])
