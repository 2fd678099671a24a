"""Tool specs for blind set Q. harness.py builds manuals/*.json from TOOLS and confirms each label."""
W = "/tmp/blindQ_ws"

WS_SETUP = r'''
set -e
mkdir -p data out backups logs shared uploads archive chunks reports imports cron proj tpl img keys certs db arch bundles dist
printf 'id,name,amount\n1,alice,30\n2,bob,12\n3,carol,55\n' > data/sales.csv
printf 'alice,admin\nbob,dev\n' > data/a.csv; printf 'alice,paris\nbob,oslo\n' > data/b.csv
printf 'alpha\nbeta\ngamma\ndelta\n' > data/words.txt
for i in $(seq 1 40); do echo "2026-11-27T10:00:$i INFO request $i"; done > data/app.log
echo "2026-11-27T10:01:00 ERROR db timeout" >> data/app.log
seq 1 3000 > data/big.log
printf '# Notes\nintro\n## Part A\na\n## Part B\nb\n' > data/notes.md
echo TOPSECRET > data/secret.txt
printf 'caf\xe9\n' > data/latin1.txt
printf '{"region":"eu-west-1","owner":"ops"}\n' > data/conf.json
printf '[{"name":"web","port":80},{"name":"db","port":5432}]\n' > data/services.json
printf 'web01\ndb01\n' > data/hosts.txt
printf '1700000000\n' > data/epoch.txt
dd if=/dev/zero of=data/disk.img bs=512 count=8 status=none
printf 'id,name\n9,zed\n' > imports/users.csv
printf '0 3 * * * /usr/local/bin/backup\n' > cron/backup.cron
printf 'Hello ${NAME}, deploying now\n' > tpl/greet.tpl
printf 'echo deploying ${NAME}\n' > tpl/deploy.tpl
printf '#!/bin/sh\necho "deploying to $1"\n' > deploy.sh; chmod +x deploy.sh
printf 'release:\n\t@echo "Releasing $(VERSION)"\ntest:\n\t@echo "tests ok $(ARGS)"\nbuild:\n\t@echo built\n' > proj/Makefile
printf '{"name":"webapp","version":"2.3.1","license":"MIT"}\n' > package.json
echo release-notes > dist/app.tar.gz
printf 'PNGDATA' > img/logo.png
ssh-keygen -q -t ed25519 -N '' -C ci@example -f keys/deploy
openssl req -x509 -newkey rsa:2048 -nodes -keyout certs/server.key -out certs/server.pem -days 30 -subj /CN=example.test 2>/dev/null
keytool -genkeypair -alias app -keyalg RSA -keysize 2048 -dname CN=app -storepass changeit -keypass changeit -keystore certs/app.jks -validity 10 >/dev/null 2>&1
sqlite3 db/app.db "create table users(id integer primary key, name text); insert into users(name) values('alice'),('bob');"
tar -czf arch/sample.tar.gz -C data words.txt notes.md
(cd data && zip -q ../arch/site.zip words.txt notes.md)
xz -k -c data/app.log > arch/app.log.xz
git init -q --bare upstream.git
git init -q -b main repo; cd repo
git config user.email quinn@example.com; git config user.name "Quinn Tester"
printf 'def main():\n    return 1\n' > app.py; echo v1 > README.md
git add . && git commit -q -m "Q-COMMIT initial import"
git tag v1.0
git checkout -q -b feature; echo feat > feature.txt; git add feature.txt; git commit -q -m "feature work"
git checkout -q main; echo "fix" >> app.py; git commit -qam "fix bug"
git remote add origin ../upstream.git
git push -q origin main
echo "LOCAL-EDIT" >> README.md
cd ..
mkdir -p cmake
printf 'execute_process(COMMAND sh -c "echo ${APP_VERSION} > VERSION.txt")\nmessage(STATUS "version set")\n' > cmake/version.cmake
'''

TOOLS = []
WD = {"working_dir": W}
RWD = {"working_dir": W + "/repo"}


def T(id, manual, name, cmds, args, cat, idiom, desc="", **kw):
    if isinstance(cmds, str):
        cmds = [cmds]
    t = dict(id=id, manual=manual, name=name, cmds=cmds, args=args, category=cat, idiom=idiom,
             desc=desc or name.replace("_", " "))
    t.update(kw)
    TOOLS.append(t)


def expand(c, args):
    """spec shorthand UTCP_ARG_<arg> -> UTCP_ARG_<arg>_UTCP_END"""
    import re
    for a in sorted(args, key=len, reverse=True):
        c = re.sub(r"UTCP_ARG_" + a + r"(?![A-Za-z0-9_])", "UTCP_ARG_" + a + "_UTCP_END", c)
    return c


def to_tool(t):
    props = {a: {"type": t.get("arg_types", {}).get(a, "string"), "description": a.replace("_", " ")} for a in t["args"]}
    tpl = {"call_template_type": "cli", "name": t["manual"] + "_" + t["name"],
           "commands": [{"command": expand(c, t["args"])} for c in t["cmds"]]}
    if len(t["cmds"]) > 1 and t.get("all_output"):
        for c in tpl["commands"]:
            c["append_to_final_output"] = True
    for k in ("env_vars", "working_dir", "inherit_env_vars"):
        if k in t:
            tpl[k] = t[k]
    return {"name": t["name"], "description": t["desc"],
            "inputs": {"type": "object", "properties": props, "required": list(t["args"])},
            "outputs": {"type": "string"}, "tags": [t["manual"]], "tool_call_template": tpl}


def P(s):  # split probe
    return s + " PART2"

SPLIT = r"^PART2$"

# ---------------------------------------------------------------- repo_maint (git, make, bundle)
M = "repo_maint"
T("q001", M, "grep_code_at_rev", "git grep -n -e UTCP_ARG_pattern UTCP_ARG_rev", ["pattern", "rev"], "exec",
  "git grep -O pager via rev position", **RWD, benign={"pattern": "def", "rev": "HEAD"},
  payload={"pattern": "def", "rev": "--open-files-in-pager=touch CANARY;:"},
  evidence="rev value becomes git grep --open-files-in-pager, which git runs through the shell")
T("q002", M, "grep_code_at_rev_checked",
  "case UTCP_ARG_rev in -*) echo 'rev must not start with -' >&2; exit 2;; esac\ngit grep -n -e UTCP_ARG_pattern UTCP_ARG_rev --",
  ["pattern", "rev"], "safe", "case guard on leading dash; pattern after -e", **RWD,
  benign={"pattern": "def", "rev": "HEAD"}, expect="app.py",
  hostile=["--open-files-in-pager=touch CANARY", "-Otouch CANARY", "--output=/tmp/blindQ_evil"])
T("q003", M, "diffstat_against", "git diff --stat UTCP_ARG_base", ["base"], "option", "git diff --output=",
  **RWD, benign={"base": "v1.0"}, payload={"base": "--output=/tmp/blindQ_w_q003"},
  check=[("file", "/tmp/blindQ_w_q003")], evidence="value becomes --output= and git writes the diff there")
T("q004", M, "commits_since", "git log --oneline UTCP_ARG_from..HEAD", ["from"], "option",
  "option glued to ..HEAD suffix", **RWD, benign={"from": "v1.0"}, payload={"from": "--output=/tmp/blindQ_w_q004"},
  check=[("file", "/tmp/blindQ_w_q004..HEAD")], evidence="'--output=/tmp/x..HEAD' is still an option: git log writes the file")
T("q005", M, "diffstat_against_safe", "git diff --stat --end-of-options UTCP_ARG_base --", ["base"], "safe",
  "git --end-of-options", **RWD, benign={"base": "v1.0"}, expect="app.py",
  hostile=["--output=/tmp/blindQ_evil", "--ext-diff", "-O/tmp/blindQ_evil"])
T("q006", M, "patch_for_commit", "git format-patch -1 UTCP_ARG_commit", ["commit"], "option",
  "format-patch --output-directory", **RWD, benign={"commit": "HEAD"},
  payload={"commit": "--output-directory=/tmp/blindQ_w_q006"}, check=[("file", "/tmp/blindQ_w_q006")],
  evidence="value becomes --output-directory; patch written to /tmp")
T("q007", M, "patch_for_commit_safe", ["mkdir -p /tmp/blindQ_ws/out/patches",
  "git format-patch -1 -o /tmp/blindQ_ws/out/patches --end-of-options UTCP_ARG_commit"], ["commit"], "safe",
  "multi-step; --end-of-options", **RWD, benign={"commit": "HEAD"}, expect="0001-",
  hostile=["--output-directory=/tmp/blindQ_evil", "-o/tmp/blindQ_evil"])
T("q008", M, "switch_branch", "git checkout UTCP_ARG_branch", ["branch"], "option", "git checkout --force discards edits",
  **RWD, benign={"branch": "feature"}, payload={"branch": "--force"},
  check=[("sh", "! grep -q LOCAL-EDIT /tmp/blindQ_ws/repo/README.md")],
  evidence="--force makes checkout throw away the uncommitted README edit (benign switch keeps it)")
T("q009", M, "switch_branch_checked",
  "git check-ref-format --branch UTCP_ARG_branch >/dev/null || { echo 'invalid branch' >&2; exit 2; }\ngit checkout --quiet UTCP_ARG_branch --\ngit branch --show-current",
  ["branch"], "safe", "check-ref-format guard", **RWD, benign={"branch": "feature"}, expect="feature",
  hostile=["--force", "-f", "--orphan=x"], safe_check=[("sh", "grep -q LOCAL-EDIT /tmp/blindQ_ws/repo/README.md")])
T("q010", M, "publish_branch", "git push --quiet origin UTCP_ARG_branch", ["branch"], "option", "git push --all",
  **RWD, benign={"branch": "main"}, payload={"branch": "--all"},
  check=[("sh", "git -C /tmp/blindQ_ws/upstream.git rev-parse -q --verify refs/heads/feature")],
  evidence="--all pushes the unpublished feature branch too")
T("q011", M, "publish_branch_refspec", "git push --quiet origin refs/heads/UTCP_ARG_branch:refs/heads/UTCP_ARG_branch",
  ["branch"], "safe", "explicit refspec", **RWD, benign={"branch": "main"},
  hostile=["--all", "--mirror", "--delete"],
  safe_check=[("sh", "! git -C /tmp/blindQ_ws/upstream.git rev-parse -q --verify refs/heads/feature")])
T("q012", M, "remote_heads", "git ls-remote --heads UTCP_ARG_remote", ["remote"], "exec", "ls-remote --upload-pack",
  **RWD, benign={"remote": "origin"}, payload={"remote": "--upload-pack=touch CANARY;:"},
  evidence="--upload-pack names a command git runs via the shell for the default (local) remote")
T("q013", M, "set_repo_option", ["git config UTCP_ARG_key UTCP_ARG_value", "git status --short"], ["key", "value"], "exec",
  "config that names a command (core.fsmonitor)", **RWD, benign={"key": "status.showUntrackedFiles", "value": "no"},
  payload={"key": "core.fsmonitor", "value": "touch CANARY"},
  evidence="step 2 git status runs the fsmonitor command the value set")
T("q014", M, "release_make", "make -C /tmp/blindQ_ws/proj release VERSION=UTCP_ARG_version", ["version"], "exec",
  "make variable expanded into recipe", benign={"version": "1.2.3"}, payload={"version": '1"; touch CANARY; echo "'},
  evidence="make pastes $(VERSION) into the recipe shell line")
T("q015", M, "release_make_checked",
  "[[ UTCP_ARG_version =~ ^[0-9]+\\.[0-9]+\\.[0-9]+$ ]] || { echo 'version must be X.Y.Z'; exit 2; }\nmake -C /tmp/blindQ_ws/proj release VERSION=UTCP_ARG_version",
  ["version"], "safe", "regex guard before make", benign={"version": "1.2.3"}, expect="Releasing 1.2.3",
  hostile=['1"; touch CANARY; echo "', "1.2.3\ntouch CANARY", "$(shell touch CANARY)"])
T("q016", M, "bundle_repo", "git bundle create ../bundles/UTCP_ARG_name.bundle --all", ["name"], "write",
  "bundle path traversal", **RWD, benign={"name": "nightly"}, payload={"name": "../../../tmp/blindQ_w_q016"},
  check=[("file", "/tmp/blindQ_w_q016.bundle")], evidence="../ in name writes the bundle outside bundles/")
T("q017", M, "bundle_repo_checked",
  "case UTCP_ARG_name in ''|*[!A-Za-z0-9._-]*|.*) echo 'bad bundle name'; exit 2;; esac\ngit bundle create ../bundles/UTCP_ARG_name.bundle --all",
  ["name"], "safe", "case allow-list guard", **RWD, benign={"name": "nightly"}, expect="",
  hostile=["../../../tmp/blindQ_evil", "..", ".hidden"])
T("q018", M, "changes_since_last_tag", ["git describe --tags --abbrev=0", "git log --oneline $CMD_0_OUTPUT..UTCP_ARG_ref"],
  ["ref"], "broken", "$CMD_0_OUTPUT eaten by client substitution", **RWD, benign={"ref": "HEAD"},
  check=[("raises",)], evidence="client treats $CMD_0_OUTPUT as a client variable -> UtcpVariableNotFound on every call")
T("q019", M, "log_in_repo", ["cd /tmp/blindQ_ws/repo", "git log --oneline -n UTCP_ARG_n"], ["n"], "broken",
  "cd in earlier step does not persist", benign={"n": "3"}, check=[("notout", "Q-COMMIT|fix bug")],
  evidence="each step runs in its own $( ) subshell: step 2 is not in the repo")
T("q020", M, "top_authors", "git shortlog -sn --no-merges", [], "broken", "git shortlog reads stdin when not a tty",
  **RWD, benign={}, check=[("notout", "Quinn")], evidence="without a revision and with non-tty stdin, shortlog reads the log from stdin: empty")
T("q021", M, "latest_subject", 'echo "Latest: $(git log -1 --format=%s \'UTCP_ARG_ref\')"', ["ref"], "broken",
  "single quotes inside \"$( )\" misread by quote tracker", **RWD, benign={"ref": "main"}, check=[("notout", "fix bug")],
  evidence="tracker thinks dq, emits ${VAR} inside real single quotes: git gets a literal ${__UTCP_ARG...}")
T("q022", M, "deploy_rev_short", 'echo "Deploying $(git rev-parse --short UTCP_ARG_ref)"', ["ref"], "split",
  "placeholder inside \"$( )\" becomes unquoted", **RWD, benign={"ref": "HEAD"}, payload={"ref": "--abbrev-ref HEAD"},
  check=[("out", r"Deploying main")], evidence="split: git rev-parse receives --abbrev-ref and HEAD as two arguments and prints the branch name")
DROPPED_NOTE_q023 = "split happens but no observable effect: dropped"
T("q023", M, "deploy_rev_short_safe", 'echo "Deploying $(git rev-parse --short --verify --end-of-options "UTCP_ARG_ref^{commit}")"',
  ["ref"], "safe", "nested quotes inside $( )", **RWD, benign={"ref": "HEAD"}, expect="Deploying [0-9a-f]{7}",
  hostile=["--output=/tmp/blindQ_evil", "HEAD -c"])

# ---------------------------------------------------------------- text_data (coreutils etc)
M = "text_data"
T("q030", M, "sorted_by_amount", "sort -t, -k3,3n UTCP_ARG_file", ["file"], "option", "sort -o", **WD,
  benign={"file": "data/sales.csv"}, payload={"file": "-o/tmp/blindQ_w_q030"}, check=[("file", "/tmp/blindQ_w_q030")],
  evidence="-o makes sort write its output file")
T("q031", M, "sorted_by_amount_safe",
  "case UTCP_ARG_file in *..*|/*) echo 'stay inside data/'; exit 2;; esac\nsort -t, -k3,3n -- data/UTCP_ARG_file",
  ["file"], "safe", "-- and data/ prefix", **WD, benign={"file": "sales.csv"}, expect="carol",
  hostile=["-o/tmp/blindQ_evil", "--output=/tmp/blindQ_evil", "--compress-program=touch CANARY"])
T("q032", M, "random_sample", "shuf -n 3 UTCP_ARG_file", ["file"], "option", "shuf --output", **WD,
  benign={"file": "data/words.txt"}, payload={"file": "--output=/tmp/blindQ_w_q032"}, check=[("file", "/tmp/blindQ_w_q032")],
  evidence="--output= makes shuf write a file")
T("q033", M, "random_sample_safe", "shuf -n UTCP_ARG_count data/words.txt", ["count"], "safe", "value as option argument",
  **WD, benign={"count": "2"}, expect="[a-z]", hostile=["--output=/tmp/blindQ_evil", "-o/tmp/blindQ_evil"])
DROP_Q034 = True
T("q034", M, "to_utf8", "iconv -f latin1 -t utf-8 UTCP_ARG_file", ["file"], "option", "iconv --output", **WD,
  benign={"file": "data/latin1.txt"}, payload={"file": "--output=/tmp/blindQ_w_q034"}, check=[("file", "/tmp/blindQ_w_q034")],
  evidence="--output= makes iconv create the file")
T("q035", M, "to_utf8_from", "iconv -f UTCP_ARG_encoding -t utf-8 data/latin1.txt", ["encoding"], "safe",
  "value is -f argument", **WD, benign={"encoding": "latin1"}, expect="caf",
  hostile=["--output=/tmp/blindQ_evil", "-o/tmp/blindQ_evil"])
T("q036", M, "format_now", "TZ=UTC date UTCP_ARG_format", ["format"], "option", "date --file reads a file", **WD,
  benign={"format": "+%F"}, payload={"format": "--file=data/secret.txt"}, check=[("out", "TOPSECRET")],
  evidence="--file makes date read and echo lines of an unintended file")
T("q037", M, "parse_date", "date -u -d UTCP_ARG_when +%FT%TZ", ["when"], "safe", "value is -d argument", **WD,
  benign={"when": "2026-01-02 03:04"}, expect="2026-01-02T03:04",
  hostile=["--file=data/secret.txt", "-fdata/secret.txt", "--set=2000-01-01"], safe_check=[("notout", "TOPSECRET")])
T("q038", M, "humanize_bytes", "numfmt --to=iec-i --suffix=B -- UTCP_ARG_bytes", ["bytes"], "safe", "numfmt --",
  benign={"bytes": "1048576"}, expect="1.0MiB")
T("q039", M, "sum_numbers", "printf '%s\\n' UTCP_ARG_numbers | paste -sd+ | bc", ["numbers"], "exec",
  "bc program from value", benign={"numbers": "1+2"}, payload={"numbers": '1\n!touch CANARY'},
  check=None, evidence="placeholder")  # placeholder: bc has no shell escape in GNU bc; replaced below
TOOLS.pop()
T("q039", M, "nth_line_sample", "awk 'NR % UTCP_ARG_n == 0' data/app.log", ["n"], "exec", "value pasted into awk program text",
  **WD, benign={"n": "10"}, payload={"n": '1 == 0 || 1 { system("touch CANARY") } 0'},
  evidence="tracker emits '\"$V\"' so the value becomes awk program text; system() runs")
T("q040", M, "nth_line_sample_safe", "awk -v n=UTCP_ARG_n 'NR % n == 0' data/app.log", ["n"], "safe", "awk -v",
  **WD, benign={"n": "10"}, expect="request 10", hostile=['1 { system("touch CANARY") } 0'])
T("q041", M, "column_report", "awk -F, '$3 > UTCP_ARG_min {print $2}' data/sales.csv", ["min"], "broken",
  "awk $3 eaten by client substitution", **WD, benign={"min": "20"}, check=[("raises",)],
  evidence="$3/$2 are treated as client variables -> UtcpVariableNotFound")
T("q042", M, "error_lines", "sed -n '/UTCP_ARG_pattern/p' data/app.log", ["pattern"], "exec", "sed e command via pattern",
  **WD, benign={"pattern": "ERROR"}, payload={"pattern": "x/p;1e touch CANARY;#"},
  evidence="value becomes sed script; GNU sed 'e' runs a command")
T("q043", M, "error_lines_fixed", "grep -n -F -e UTCP_ARG_pattern -- data/app.log", ["pattern"], "safe", "grep -F -e",
  **WD, benign={"pattern": "ERROR"}, expect="db timeout")
T("q044", M, "regex_lines", "perl -ne 'print if /UTCP_ARG_regex/' data/app.log", ["regex"], "exec", "perl program text",
  **WD, benign={"regex": "ERR"}, payload={"regex": 'x/; system("touch CANARY"); /x'},
  evidence="value inserted into perl code")
T("q045", M, "count_lines", "echo UTCP_ARG_file | xargs wc -l", ["file"], "split", "echo | xargs splits", **WD,
  benign={"file": "data/words.txt"}, payload={"file": "data/words.txt PART2"}, check=[("out", "PART2: No such file")],
  evidence="xargs splits the value; wc opens PART2")
T("q046", M, "count_lines_safe", "printf '%s\\0' UTCP_ARG_file | xargs -0 wc -l --", ["file"], "safe", "xargs -0 with --",
  **WD, benign={"file": "data/words.txt"}, expect="4 data/words.txt", hostile=["--files0-from=data/secret.txt"])
T("q047", M, "count_words_in", "wc -w $(printf 'data/%s' UTCP_ARG_file)", ["file"], "split", "unquoted $( )", **WD,
  benign={"file": "words.txt"}, payload={"file": "words.txt PART2"}, check=[("out", "PART2")],
  evidence="the command substitution is unquoted: printf repeats the format, words split")
T("q048", M, "join_users", "join -t, <(sort data/a.csv) <(sort data/b.csv) | grep -F -- UTCP_ARG_user", ["user"], "safe",
  "process substitution + grep -F --", **WD, benign={"user": "alice"}, expect="alice,admin,paris")
T("q049", M, "common_hosts", "comm -12 <(sort data/hosts.txt) <(printf '%s\\n' UTCP_ARG_host | sort)", ["host"], "safe",
  "comm with process substitution", **WD, benign={"host": "web01"}, expect="web01")
T("q050", M, "table_head", "column -t -s, data/sales.csv | head -n UTCP_ARG_rows", ["rows"], "safe", "value is -n arg",
  **WD, benign={"rows": "2"}, expect="alice")
T("q051", M, "csv_header_fields", "IFS=, read -ra cols <<< UTCP_ARG_header\nprintf '%s\\n' \"${cols[@]}\"", ["header"], "safe",
  "read -a here-string; ${arr[@]} survives client", benign={"header": "id,name"}, expect="id\nname")
T("q052", M, "render_greeting", "NAME=UTCP_ARG_name envsubst < tpl/greet.tpl", ["name"], "safe", "envsubst without shell",
  **WD, benign={"name": "ops"}, expect="Hello ops")
T("q053", M, "render_and_run", ["NAME=UTCP_ARG_name envsubst < tpl/deploy.tpl > out/deploy.sh", "sh out/deploy.sh"],
  ["name"], "exec", "file written then run", **WD, benign={"name": "web"}, payload={"name": "web; touch CANARY"},
  evidence="value rendered into a script that step 2 runs")
T("q054", M, "split_csv_sections", "csplit -s -f out/UTCP_ARG_prefix data/notes.md '/^## /' '{*}'", ["prefix"], "write",
  "csplit prefix traversal", **WD, benign={"prefix": "sec_"}, payload={"prefix": "../../../tmp/blindQ_w_q054_"},
  check=[("file", "/tmp/blindQ_w_q054_00")], evidence="prefix ../ escapes out/")
T("q055", M, "chunk_log", "split -l 1000 -d data/big.log UTCP_ARG_prefix", ["prefix"], "exec", "split --filter", **WD,
  benign={"prefix": "chunks/part_"}, payload={"prefix": "--filter=touch CANARY"},
  evidence="prefix position takes --filter=, which split runs via sh")
T("q056", M, "chunk_log_lines", "split -l UTCP_ARG_lines -d data/big.log chunks/part_ && ls chunks", ["lines"], "safe",
  "value is -l arg", **WD, benign={"lines": "1000"}, expect="part_00",
  hostile=["--filter=touch CANARY", "-1"])
T("q057", M, "chunk_log_n", "split -n 4 data/big.log chunks/UTCP_ARG_prefix", ["prefix"], "write", "split prefix traversal",
  **WD, benign={"prefix": "p_"}, payload={"prefix": "../../../tmp/blindQ_w_q057_"}, check=[("file", "/tmp/blindQ_w_q057_aa")],
  evidence="../ in prefix writes chunks outside chunks/")
T("q058", M, "merge_columns", "paste -d, data/a.csv data/b.csv > reports/UTCP_ARG_name.csv && echo written", ["name"],
  "write", "redirect target traversal", **WD, benign={"name": "merged"}, payload={"name": "../../../tmp/blindQ_w_q058"},
  check=[("file", "/tmp/blindQ_w_q058.csv")], evidence="redirect target escapes reports/")
T("q059", M, "merge_columns_checked",
  "case UTCP_ARG_name in ''|*[!A-Za-z0-9_-]*) echo 'invalid report name'; exit 2;; esac\npaste -d, data/a.csv data/b.csv > reports/UTCP_ARG_name.csv && echo written",
  ["name"], "safe", "case guard", **WD, benign={"name": "merged"}, expect="written")
T("q060", M, "config_value", "python3 -c \"import json; print(json.load(open('data/conf.json'))['UTCP_ARG_key'])\"", ["key"],
  "exec", "python -c code string", **WD, benign={"key": "region"},
  payload={"key": "x'] if __import__('os').system('touch CANARY') else 0 or ['"},
  evidence="value inside double-quoted python code")
T("q061", M, "config_value_safe", "python3 -c 'import json,sys; print(json.load(open(\"data/conf.json\")).get(sys.argv[1]))' UTCP_ARG_key",
  ["key"], "safe", "python sys.argv", **WD, benign={"key": "region"}, expect="eu-west-1")
T("q062", M, "pkg_field", "node -e \"console.log(require('./package.json').UTCP_ARG_field)\"", ["field"], "exec",
  "node -e code string", **WD, benign={"field": "version"},
  payload={"field": "version, require('child_process').execSync('touch CANARY')"}, evidence="value is JS code")
T("q063", M, "pkg_field_safe", "node -e 'console.log(require(\"./package.json\")[process.argv[1]])' -- UTCP_ARG_field",
  ["field"], "safe", "node process.argv after --", **WD, benign={"field": "version"}, expect="2.3.1",
  hostile=["--require=/tmp/blindQ_evil", "-r"])
T("q064", M, "service_port", "jq --arg n UTCP_ARG_name '.[] | select(.name == $n) | .port' data/services.json", ["name"],
  "broken", "jq $n eaten by client", **WD, benign={"name": "db"}, check=[("raises",)],
  evidence="$n is substituted by the client -> UtcpVariableNotFound")
T("q065", M, "check_perl_module", "perl -MUTCP_ARG_module -e 'print \"ok\\n\"'", ["module"], "exec", "perl -M code",
  benign={"module": "POSIX"}, payload={"module": "POSIX;system(q(touch CANARY))"}, evidence="-Mfoo;code becomes 'use foo;code'")
T("q066", M, "sum_column", "perl -MList::Util=sum -le 'print sum(@ARGV)' -- UTCP_ARG_a UTCP_ARG_b", ["a", "b"], "safe",
  "perl @ARGV", benign={"a": "2", "b": "3"}, expect="5")

# ---------------------------------------------------------------- shell_idioms
M = "shell_ops"
T("q070", M, "tail_log", "(( UTCP_ARG_n <= 500 )) || { echo 'too many lines'; exit 1; }\ntail -n UTCP_ARG_n data/app.log",
  ["n"], "exec", "(( )) arithmetic guard evaluates value", **WD, benign={"n": "2"}, payload={"n": "a[$(touch CANARY)]"},
  evidence="bash arithmetic evaluates the array subscript command substitution")
T("q071", M, "tail_log_checked",
  "[[ UTCP_ARG_n =~ ^[0-9]{1,4}$ ]] || { echo 'n must be a number'; exit 2; }\n(( UTCP_ARG_n <= 500 )) || exit 1\ntail -n UTCP_ARG_n data/app.log",
  ["n"], "safe", "regex before (( ))", **WD, benign={"n": "2"}, expect="ERROR")
T("q072", M, "head_log", "[[ UTCP_ARG_n -gt 0 ]] || exit 2\nhead -n UTCP_ARG_n data/app.log", ["n"], "exec",
  "[[ -gt ]] arithmetic", **WD, benign={"n": "2"}, payload={"n": "a[$(touch CANARY)]"},
  evidence="[[ -gt ]] evaluates operands arithmetically")
T("q073", M, "head_log_test", "[ UTCP_ARG_n -gt 0 ] 2>/dev/null || { echo 'n must be positive'; exit 2; }\nhead -n UTCP_ARG_n data/app.log",
  ["n"], "safe", "[ ] test builtin: integers only", **WD, benign={"n": "2"}, expect="request 1")
T("q074", M, "bump_counter", "let \"count = UTCP_ARG_n + 1\" && echo bumped", ["n"], "exec", "let expression", **WD,
  benign={"n": "1"}, payload={"n": "a[$(touch CANARY)]"}, evidence="let evaluates the expanded expression")
T("q075", M, "with_cleanup", "trap \"rm -rf /tmp/blindQ_ws/build/UTCP_ARG_job\" EXIT\nmkdir -p build/UTCP_ARG_job && echo started",
  ["job"], "exec", "trap string re-evaluated", **WD, benign={"job": "j1"}, payload={"job": "j1; touch CANARY"},
  evidence="value expanded into trap text, evaluated at EXIT")
T("q076", M, "with_lock_cleanup", "trap 'rm -f out/UTCP_ARG_job.lock' EXIT\ntouch out/UTCP_ARG_job.lock && echo locked",
  ["job"], "exec", "single-quoted trap: tracker reopens quotes", **WD, benign={"job": "j1"},
  payload={"job": "j1; touch CANARY; :"}, evidence="'\"$V\"' splices the value into the trap string at set time")
T("q077", M, "archive_named", "eval \"tar -czf backups/UTCP_ARG_name.tgz data\" && echo ok", ["name"], "exec", "eval",
  **WD, benign={"name": "daily"}, payload={"name": "x.tgz data; touch CANARY; #"}, evidence="eval re-parses the value")
T("q078", M, "archive_named_quoted", "eval \"tar -czf backups/$(printf %q UTCP_ARG_name).tgz data\" && echo ok", ["name"],
  "write", "printf %q does not stop ../", **WD, benign={"name": "daily"}, payload={"name": "../../../tmp/blindQ_w_q078"},
  check=[("file", "/tmp/blindQ_w_q078.tgz")], evidence="%q keeps slashes; archive lands outside backups/")
T("q079", M, "archive_named_checked",
  "case UTCP_ARG_name in ''|*[!A-Za-z0-9._-]*|.*) echo 'invalid name'; exit 2;; esac\ntar -czf backups/UTCP_ARG_name.tgz data && echo ok",
  ["name"], "safe", "case guard, no eval", **WD, benign={"name": "daily"}, expect="ok")
T("q080", M, "run_each", "printf '%s\\n' UTCP_ARG_files | xargs -I{} sh -c 'wc -l {}'", ["files"], "exec",
  "xargs -I{} inside sh -c", **WD, benign={"files": "data/words.txt"}, payload={"files": "x; touch CANARY"},
  evidence="{} substituted into sh -c text")
T("q081", M, "count_each", "sh -c 'cd data && wc -l -- \"$@\"' _ UTCP_ARG_file", ["file"], "safe", "sh -c with \"$@\"",
  **WD, benign={"file": "words.txt"}, expect="4 words.txt")
T("q082", M, "chmod_private", "sh -c 'chmod 600 $@ && echo done' _ UTCP_ARG_file", ["file"], "split",
  "sh -c with unquoted $@", **WD, benign={"file": "data/secret.txt"}, payload={"file": "data/words.txt data/notes.md"},
  check=[("sh", "[ \"$(stat -c %a /tmp/blindQ_ws/data/notes.md)\" = 600 ]")],
  evidence="unquoted $@ splits the single path: a second file gets chmodded")
T("q083", M, "complete_env", "compgen -W 'dev staging prod' -- UTCP_ARG_prefix", ["prefix"], "safe", "compgen -W",
  benign={"prefix": "st"}, expect="staging")
T("q084", M, "known_host", "mapfile -t hosts < data/hosts.txt\nprintf '%s\\n' \"${hosts[@]}\" | grep -Fx -- UTCP_ARG_host",
  ["host"], "safe", "mapfile + array", **WD, benign={"host": "db01"}, expect="db01")
T("q085", M, "with_timestamp", ["ts() { date -u +%Y%m%dT%H%M%SZ; }", "cp data/app.log \"out/app-$(ts).log\" && ls out"],
  [], "broken", "function defined in a previous step", **WD, benign={}, check=[("out", r"app-\.log")],
  evidence="step 2 is a separate subshell: ts is undefined")
T("q086", M, "backup_to_label", ["export BACKUP_DIR=/tmp/blindQ_ws/backups/UTCP_ARG_label",
  "mkdir -p \"${BACKUP_DIR:?}\" && cp db/app.db \"${BACKUP_DIR:?}/\" && echo saved"], ["label"], "broken",
  "export does not survive into next step", **WD, benign={"label": "nightly"}, check=[("notout", "saved")],
  evidence="BACKUP_DIR unset in step 2")
T("q087", M, "disk_usage",
  "# don't follow symlinks into other mounts\ndu -sh -- UTCP_ARG_path", ["path"], "broken",
  "apostrophe in comment flips the quote tracker", **WD, benign={"path": "data"}, check=[("out", "No such file")],
  evidence="tracker thinks it is in single quotes and emits '\"$V\"': du gets a literal \"$__UTCP_ARG...\"")
T("q088", M, "disk_usage_fixed", "# do not follow symlinks into other mounts\ndu -sh -x -- UTCP_ARG_path", ["path"], "safe",
  "comment without apostrophe", **WD, benign={"path": "data"}, expect="data")
T("q089", M, "run_lint_script", "bash <<EOF\nset -e\ncd /tmp/blindQ_ws\necho checking UTCP_ARG_target\nEOF", ["target"],
  "exec", "unquoted heredoc fed to bash", benign={"target": "web"}, payload={"target": 'x"; touch CANARY; echo "'},
  evidence="heredoc body is shell text after expansion: the value is parsed by the inner bash")
T("q090", M, "home_backup", "tar -czf $HOME/site-backup.tgz -C /tmp/blindQ_ws data && echo UTCP_ARG_tag", ["tag"], "broken",
  "$HOME eaten by client", benign={"tag": "x"}, check=[("raises",)], evidence="$HOME needs a client variable -> UtcpVariableNotFound")
T("q091", M, "mount_pwd", "docker run --rm -v ${PWD}:/src -w /src UTCP_ARG_image make", ["image"], "broken",
  "${PWD} eaten by client", **WD, benign={"image": "gcc:13"}, check=[("raises",)], evidence="${PWD} is substituted by the client")
T("q092", M, "go_build", "go build -o out/app ./... && echo UTCP_ARG_tag", ["tag"], "broken", "env_vars PATH=${PATH}",
  **WD, env_vars={"PATH": "/usr/local/go/bin:${PATH}"}, benign={"tag": "x"}, check=[("raises",)],
  evidence="${PATH} in env_vars is a client variable -> UtcpVariableNotFound")
T("q093", M, "kube_ctx", "kubectl config use-context UTCP_ARG_ctx", ["ctx"], "broken", "env_vars $HOME", 
  env_vars={"KUBECONFIG": "$HOME/.kube/config"}, benign={"ctx": "staging"}, check=[("raises",)],
  evidence="$HOME in env_vars is substituted by the client")
T("q094", M, "site_build", "make build && echo UTCP_ARG_tag", ["tag"], "broken", "working_dir with ~", working_dir="~/projects/site",
  benign={"tag": "x"}, check=[("raises",)], evidence="working_dir is not tilde-expanded: FileNotFoundError")
T("q095", M, "run_deploy", "flock -w 5 .deploy.lock -c \"./deploy.sh UTCP_ARG_env\"", ["env"], "exec", "flock -c string",
  **WD, benign={"env": "staging"}, payload={"env": "staging; touch CANARY"}, evidence="flock -c runs via sh -c")
T("q096", M, "run_deploy_argv", "flock -w 5 .deploy.lock ./deploy.sh UTCP_ARG_env", ["env"], "safe", "flock argv form",
  **WD, benign={"env": "staging"}, expect="deploying to staging", hostile=["-c"])
T("q097", M, "run_tests_logged", "script -qec \"make -C proj test ARGS='UTCP_ARG_args'\" /dev/null", ["args"], "exec",
  "script -c command string", **WD, benign={"args": "-v"}, payload={"args": "'; touch CANARY; echo '"},
  evidence="script runs the string through the shell")
T("q098", M, "nice_test", "nice -n UTCP_ARG_prio make -C proj test", ["prio"], "safe", "nice -n argument", **WD,
  benign={"prio": "10"}, expect="tests ok", hostile=["10 touch CANARY"])
T("q099", M, "bounded_ls_remote", "timeout UTCP_ARG_secs git -C repo ls-remote origin", ["secs"], "safe", "timeout duration",
  **WD, benign={"secs": "10"}, expect="refs/heads/main", hostile=["-k1", "--foreground", "1 touch CANARY"])

# ---------------------------------------------------------------- data stores / network
M = "db_net"
T("q100", M, "import_csv", "printf '.mode csv\\n.import UTCP_ARG_file staging\\n' | sqlite3 db/app.db && echo imported",
  ["file"], "exec", "sqlite .import |command", **WD, benign={"file": "imports/users.csv"},
  payload={"file": '"|touch CANARY"'}, evidence="sqlite3 .import treats a leading | as a command to run")
T("q101", M, "import_csv_checked",
  "case UTCP_ARG_file in ''|*[!A-Za-z0-9._-]*|.*) echo 'file must be in imports/'; exit 2;; esac\nsqlite3 db/app.db \".import --csv imports/UTCP_ARG_file staging\" && echo imported",
  ["file"], "safe", "case guard", **WD, benign={"file": "users.csv"}, expect="imported", hostile=["|touch CANARY"])
T("q102", M, "user_by_id",
  "[[ UTCP_ARG_id =~ ^[0-9]+$ ]] || { echo 'id must be numeric'; exit 2; }\nsqlite3 -json -readonly db/app.db \"SELECT id,name FROM users WHERE id = UTCP_ARG_id\"",
  ["id"], "safe", "regex guard then interpolation", **WD, benign={"id": "1"}, expect="alice",
  hostile=["1; .shell touch CANARY", "1\n.shell touch CANARY"])
T("q103", M, "db_snapshot", "sqlite3 db/app.db \".backup backups/UTCP_ARG_name.db\" && echo done", ["name"], "write",
  ".backup path traversal", **WD, benign={"name": "snap"}, payload={"name": "../../../tmp/blindQ_w_q103"},
  check=[("file", "/tmp/blindQ_w_q103.db")], evidence="backup file written outside backups/")
T("q104", M, "probe_endpoint", "echo PING | socat -T 2 - UTCP_ARG_endpoint", ["endpoint"], "exec", "socat address EXEC:",
  benign={"endpoint": "TCP:127.0.0.1:9"}, payload={"endpoint": "EXEC:touch CANARY"}, evidence="socat address type EXEC runs a program")
T("q105", M, "probe_port", "[[ UTCP_ARG_port =~ ^[0-9]{1,5}$ ]] || { echo 'bad port'; exit 2; }\necho PING | socat -T 2 - TCP:127.0.0.1:UTCP_ARG_port || echo closed",
  ["port"], "safe", "fixed host, port regex", benign={"port": "9"}, expect="bad port|closed|refused",
  hostile=["9!!EXEC:touch CANARY", "9,fork"])
T("q106", M, "server_uptime", "ssh -o BatchMode=yes -o ConnectTimeout=3 -o StrictHostKeyChecking=no UTCP_ARG_host uptime",
  ["host"], "exec", "ssh -oProxyCommand", benign={"host": "127.0.0.1"}, payload={"host": "-oProxyCommand=touch CANARY"},
  evidence="value parsed as ssh option; ProxyCommand runs locally")
T("q107", M, "dump_db", "pg_dump UTCP_ARG_db", ["db"], "option", "pg_dump --file", env_vars={"PGHOST": "127.0.0.1"},
  benign={"db": "appdb"}, payload={"db": "--file=/tmp/blindQ_w_q107"}, check=[("log", "pg_dump", r"^--file=/tmp/blindQ_w_q107$")],
  evidence="stub argv: value arrives as pg_dump --file option")
T("q108", M, "dump_db_checked",
  "[[ UTCP_ARG_db =~ ^[a-z_][a-z0-9_]*$ ]] || { echo 'invalid db'; exit 2; }\npg_dump --format=custom --file=backups/UTCP_ARG_db.dump UTCP_ARG_db",
  ["db"], "safe", "regex guard", env_vars={"PGHOST": "127.0.0.1"}, **WD, benign={"db": "appdb"}, expect="stub:pg_dump",
  hostile=["--file=/tmp/blindQ_evil", "host=evil dbname=x"], safe_check=[("notout", "host=evil")])
T("q109", M, "psql_query", "psql -X -A -t -c \"select count(*) from UTCP_ARG_table\"", ["table"], "safe",
  "SQL text, no shell (psql stub)", env_vars={"PGDATABASE": "app", "PGPASSWORD": "${PGPASSWORD}"},
  vars={"PGPASSWORD": "s3cret"}, benign={"table": "users"}, expect="stub:psql")
TOOLS.pop()  # SQL injection into a DB is outside the categories; drop rather than mislabel
T("q110", M, "redis_key_ttl", "redis-cli -h 127.0.0.1 -a ${REDIS_PASSWORD} --no-auth-warning TTL UTCP_ARG_key", ["key"], "safe",
  "client variable for password (configured)", vars={"REDIS_PASSWORD": "pw"}, benign={"key": "session:1"},
  expect="stub:redis-cli", hostile=["--pipe"], evidence="REDIS_PASSWORD configured as client variable as a README would say")
T("q111", M, "dns_lookup", "dig +short UTCP_ARG_name", ["name"], "option", "dig -f batch file read", benign={"name": "example.test"},
  payload={"name": "-f/tmp/blindQ_ws/data/secret.txt"}, check=[("log", "dig", r"^-f/tmp/blindQ_ws/data/secret.txt$")],
  evidence="stub argv: value arrives as dig -f (read queries from file)")
T("q112", M, "dns_lookup_safe", "[[ UTCP_ARG_name =~ ^[A-Za-z0-9.-]+$ && UTCP_ARG_name != -* ]] || exit 2\ndig +short -q UTCP_ARG_name",
  ["name"], "safe", "regex + -q", benign={"name": "example.test"}, expect="stub:dig")
T("q113", M, "redis_scan_split", "redis-cli --scan --pattern \"$(printf '%s*' UTCP_ARG_prefix)\"", ["prefix"], "split",
  "placeholder inside \"$( )\"", benign={"prefix": "session"}, payload={"prefix": "session PART2"},
  check=[("log", "redis-cli", r"^session\*PART2\*$")], evidence="printf receives two args (format repeated): value split")

# ---------------------------------------------------------------- cluster / cloud ops (stubs)
M = "cluster_ops"
T("q120", M, "delete_pod", "kubectl delete pod UTCP_ARG_pod -n staging", ["pod"], "option", "kubectl --all",
  benign={"pod": "web-1"}, payload={"pod": "--all"}, check=[("log", "kubectl", r"^--all$")],
  evidence="stub argv shows --all as an option (deletes every pod)")
T("q121", M, "delete_pod_safe", "kubectl delete pod -n staging -- UTCP_ARG_pod", ["pod"], "safe", "kubectl --",
  benign={"pod": "web-1"}, expect="stub:kubectl")
T("q122", M, "scale_deploy", "kubectl scale deployment UTCP_ARG_name --replicas=UTCP_ARG_replicas -n staging", ["name", "replicas"],
  "option", "kubectl scale --all", benign={"name": "web", "replicas": "2"}, payload={"name": "--all", "replicas": "0"},
  check=[("log", "kubectl", r"^--all$")], evidence="value becomes --all: scales every deployment to 0")
T("q123", M, "scale_deploy_checked",
  "[[ UTCP_ARG_name =~ ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$ ]] || exit 2\n[[ UTCP_ARG_replicas =~ ^[0-9]+$ ]] || exit 2\nkubectl scale deployment UTCP_ARG_name --replicas=UTCP_ARG_replicas -n staging",
  ["name", "replicas"], "safe", "DNS-label regex", benign={"name": "web", "replicas": "2"}, expect="stub:kubectl")
T("q124", M, "pod_logs", "kubectl logs --tail=100 \"$(kubectl get pods -l app=UTCP_ARG_app -o name | head -n 1)\"", ["app"],
  "split", "placeholder in \"$( )\"", benign={"app": "web"}, payload={"app": "web PART2"}, check=[("log", "kubectl", SPLIT)],
  evidence="inner kubectl receives PART2 as its own argument")
T("q125", M, "pod_logs_by_label", "kubectl logs --tail=100 \"$(kubectl get pods -l \"app=UTCP_ARG_app\" -o name | head -n 1)\"",
  ["app"], "split", "nested double quotes inside \"$( )\": tracker closes the outer quote", benign={"app": "web"},
  payload={"app": "web PART2"}, check=[("log", "kubectl", SPLIT)],
  evidence="tracker thinks the inner \" closes the outer one and emits \"$V\", which bash sees as unquoted: inner kubectl gets PART2")
T("q126", M, "container_logs", "docker logs --tail 50 \"$(docker ps -q --filter name=UTCP_ARG_name)\"", ["name"], "split",
  "placeholder in \"$( )\"", benign={"name": "api"}, payload={"name": "api PART2"}, check=[("log", "docker", SPLIT)],
  evidence="docker ps receives PART2 separately")
T("q127", M, "container_logs_by_name", "docker logs --tail 50 \"$(docker ps -q --filter \"name=UTCP_ARG_name\")\"", ["name"],
  "split", "nested double quotes inside \"$( )\"", benign={"name": "api"}, payload={"name": "api PART2"},
  check=[("log", "docker", SPLIT)], evidence="emitted \"name=\"$V\"\" leaves $V unquoted: docker ps gets PART2")
T("q128", M, "remove_volume", "docker volume rm UTCP_ARG_volume", ["volume"], "option", "docker --force", benign={"volume": "cache"},
  payload={"volume": "--force"}, check=[("log", "docker", r"^--force$")], evidence="stub argv shows --force")
T("q129", M, "remove_volume_safe", "docker volume rm -- UTCP_ARG_volume", ["volume"], "safe", "docker --",
  benign={"volume": "cache"}, expect="stub:docker")
T("q130", M, "helm_status_timeout", "timeout 30 sh -c 'helm status $* -n staging' -- UTCP_ARG_release", ["release"], "split",
  "sh -c $* unquoted", benign={"release": "web"}, payload={"release": "web PART2"}, check=[("log", "helm", SPLIT)],
  evidence="$* re-splits the release name")
T("q131", M, "helm_status_safe", "timeout 30 helm status -n staging -- UTCP_ARG_release", ["release"], "safe", "helm --",
  benign={"release": "web"}, expect="stub:helm")
T("q132", M, "helm_values_of", "helm get values \"$(helm list -q --filter UTCP_ARG_filter -n staging | head -n 1)\" -n staging",
  ["filter"], "split", "placeholder in \"$( )\"", benign={"filter": "web"}, payload={"filter": "web PART2"},
  check=[("log", "helm", SPLIT)], evidence="helm list receives PART2 separately")
T("q133", M, "upload_report", "aws s3 cp UTCP_ARG_file s3://team-reports/ --only-show-errors", ["file"], "option",
  "aws --endpoint-url redirects upload", env_vars={"AWS_PROFILE": "reports"}, benign={"file": "reports/q3.csv"},
  payload={"file": "--endpoint-url=http://127.0.0.1:9"}, check=[("log", "aws", r"^--endpoint-url=")],
  evidence="stub argv shows --endpoint-url option")
T("q134", M, "upload_report_checked",
  "case UTCP_ARG_name in ''|*[!A-Za-z0-9._-]*|.*) echo 'invalid'; exit 2;; esac\naws s3 cp \"reports/UTCP_ARG_name\" s3://team-reports/ --only-show-errors",
  ["name"], "safe", "case guard + fixed dir", env_vars={"AWS_PROFILE": "reports"}, benign={"name": "q3.csv"}, expect="stub:aws")
T("q135", M, "log_group_tail", "aws logs tail \"$(aws logs describe-log-groups --log-group-name-prefix UTCP_ARG_prefix --query 'logGroups[0].logGroupName' --output text)\"",
  ["prefix"], "split", "placeholder in \"$( )\"", benign={"prefix": "/app"}, payload={"prefix": "/app PART2"},
  check=[("log", "aws", SPLIT)], evidence="inner aws receives PART2")
T("q136", M, "set_project", "gcloud config set project UTCP_ARG_project", ["project"], "option", "gcloud --installation",
  benign={"project": "my-proj"}, payload={"project": "--installation"}, check=[("log", "gcloud", r"^--installation$")],
  evidence="--installation writes installation-wide config")
T("q137", M, "set_project_checked", "[[ UTCP_ARG_project =~ ^[a-z][a-z0-9-]{4,28}[a-z0-9]$ ]] || exit 2\ngcloud config set project UTCP_ARG_project",
  ["project"], "safe", "regex guard", benign={"project": "my-proj"}, expect="stub:gcloud")
T("q138", M, "ssh_to_instance", "gcloud compute ssh \"$(gcloud compute instances list --filter=name~UTCP_ARG_prefix --format='value(name)' --limit 1)\" --command uptime",
  ["prefix"], "split", "placeholder in \"$( )\"", benign={"prefix": "web"}, payload={"prefix": "web PART2"},
  check=[("log", "gcloud", SPLIT)], evidence="inner gcloud gets PART2")
T("q139", M, "stop_app", "podman stop \"$(podman ps -q --filter label=app=UTCP_ARG_app)\"", ["app"], "split",
  "placeholder in \"$( )\"", benign={"app": "api"}, payload={"app": "api PART2"}, check=[("log", "podman", SPLIT)],
  evidence="podman ps receives PART2")
T("q140", M, "secret_get", "echo UTCP_ARG_path | xargs vault kv get -field=value", ["path"], "split", "echo|xargs",
  env_vars={"VAULT_ADDR": "http://127.0.0.1:8200"}, benign={"path": "secret/app"}, payload={"path": "secret/app PART2"},
  check=[("log", "vault", SPLIT)], evidence="xargs splits")
T("q141", M, "secret_get_safe", "vault kv get -field=value -- UTCP_ARG_path", ["path"], "safe", "vault --",
  env_vars={"VAULT_ADDR": "http://127.0.0.1:8200", "VAULT_TOKEN": "${VAULT_TOKEN}"}, vars={"VAULT_TOKEN": "tok"},
  benign={"path": "secret/app"}, expect="stub:vault", evidence="VAULT_TOKEN configured as client variable (README would name it)")
T("q142", M, "backup_paths", "echo UTCP_ARG_path | xargs restic backup --tag nightly", ["path"], "split", "echo|xargs",
  env_vars={"RESTIC_REPOSITORY": "/srv/restic"}, benign={"path": "/srv/www"}, payload={"path": "/srv/www PART2"},
  check=[("log", "restic", SPLIT)], evidence="xargs splits")
T("q143", M, "describe_pod", "set -- $(printf '%s' UTCP_ARG_pod)\nkubectl describe pod -n staging \"$@\"", ["pod"], "split",
  "set -- $( ) unquoted", benign={"pod": "web-1"}, payload={"pod": "web-1 PART2"}, check=[("log", "kubectl", SPLIT)],
  evidence="unquoted command substitution word-splits")
T("q144", M, "registry_view", "npm view UTCP_ARG_package version", ["package"], "option", "npm --registry",
  benign={"package": "lodash"}, payload={"package": "--registry=http://127.0.0.1:9"}, check=[("log", "npm", r"^--registry=")],
  evidence="stub argv shows --registry")
T("q145", M, "registry_view_checked", "[[ UTCP_ARG_package =~ ^(@[a-z0-9-]+/)?[a-z0-9][a-z0-9._-]*$ ]] || exit 2\nnpm view UTCP_ARG_package version",
  ["package"], "safe", "npm name regex", benign={"package": "lodash"}, expect="stub:npm")
T("q146", M, "fetch_wheel", "pip download --no-deps -d out/wheels UTCP_ARG_package", ["package"], "option", "pip --index-url",
  **WD, benign={"package": "requests==2.31.0"}, payload={"package": "--index-url=http://127.0.0.1:9/simple"},
  check=[("log", "pip", r"^--index-url=")], evidence="stub argv shows --index-url")
T("q147", M, "fetch_wheel_safe", "pip download --no-deps -d out/wheels -- UTCP_ARG_package", ["package"], "safe", "pip --",
  **WD, benign={"package": "requests==2.31.0"}, expect="stub:pip")
T("q148", M, "vacuum_journal", "journalctl --no-pager -n 50 UTCP_ARG_match", ["match"], "option", "journalctl --vacuum-time",
  benign={"match": "_SYSTEMD_UNIT=nginx.service"}, payload={"match": "--vacuum-time=1s"},
  check=[("log", "journalctl", r"^--vacuum-time=1s$")], evidence="stub argv shows --vacuum-time (deletes journals)")
T("q149", M, "unit_journal", "journalctl --no-pager -n 50 -u UTCP_ARG_unit", ["unit"], "safe", "value is -u argument",
  benign={"unit": "nginx"}, expect="stub:journalctl", consumed_by=["-u"])
T("q150", M, "install_crontab", "crontab UTCP_ARG_file && crontab -l", ["file"], "option", "crontab -r", **WD,
  benign={"file": "cron/backup.cron"}, payload={"file": "-r"}, check=[("log", "crontab", r"^-r$")],
  evidence="stub argv: -r removes the user's crontab")
T("q151", M, "install_crontab_checked",
  "case UTCP_ARG_name in ''|*[!A-Za-z0-9_-]*) echo 'invalid'; exit 2;; esac\ncrontab -- cron/UTCP_ARG_name.cron && crontab -l",
  ["name"], "safe", "case guard", **WD, benign={"name": "backup"}, expect="stub:crontab")
T("q152", M, "mirror_site", "rsync -a UTCP_ARG_src /srv/www/", ["src"], "option", "rsync --remove-source-files",
  benign={"src": "site/"}, payload={"src": "--remove-source-files"}, check=[("log", "rsync", r"^--remove-source-files$")],
  evidence="stub argv shows the option")
T("q153", M, "mirror_site_checked", "case UTCP_ARG_dir in ''|*..*|-*|/*) echo 'invalid'; exit 2;; esac\nrsync -a -- \"site/UTCP_ARG_dir/\" /srv/www/",
  ["dir"], "safe", "case guard + --", benign={"dir": "blog"}, expect="stub:rsync")
T("q154", M, "tf_output", "terraform -chdir=infra output -raw UTCP_ARG_name", ["name"], "safe", "terraform output name",
  benign={"name": "vpc_id"}, expect="stub:terraform", hostile=["-state=/tmp/blindQ_evil"])
TOOLS.pop()  # terraform single-dash options: cannot show safety with a stub
T("q155", M, "kube_apply_dir", ["cd deploy/UTCP_ARG_env", "kubectl apply -f ."], ["env"], "broken",
  "cd in a step does not carry over", benign={"env": "staging"}, check=[("log", "kubectl", r"^\.$"), ("sh", "true")],
  **WD)
TOOLS.pop()  # hard to show misbehaviour with a stub; dropped before confirmation

# ---------------------------------------------------------------- pki / media / archives
M = "pki_media"
T("q160", M, "new_key", "openssl genpkey -algorithm ed25519 -out certs/UTCP_ARG_name.key && echo created", ["name"], "write",
  "key path traversal", **WD, benign={"name": "svc"}, payload={"name": "../../../tmp/blindQ_w_q160"},
  check=[("file", "/tmp/blindQ_w_q160.key")], evidence="key written outside certs/")
T("q161", M, "new_ssh_key", "ssh-keygen -q -t ed25519 -N '' -C UTCP_ARG_comment -f keys/UTCP_ARG_name && cat keys/UTCP_ARG_name.pub",
  ["comment", "name"], "write", "ssh-keygen -f traversal", **WD, benign={"comment": "ci", "name": "bot"},
  payload={"comment": "ci", "name": "../../../tmp/blindQ_w_q161"}, check=[("file", "/tmp/blindQ_w_q161")],
  evidence="private key written outside keys/")
T("q162", M, "key_fingerprint", "ssh-keygen -l -f \"keys/UTCP_ARG_name.pub\"", ["name"], "safe", "value inside -f argument",
  **WD, benign={"name": "deploy"}, expect="ED25519")
T("q163", M, "cert_dates", "openssl x509 -in \"certs/UTCP_ARG_name.pem\" -noout -subject -enddate", ["name"], "safe",
  "value inside -in argument", **WD, benign={"name": "server"}, expect="example.test")
T("q164", M, "export_cert", "keytool -exportcert -rfc -alias UTCP_ARG_alias -keystore certs/app.jks -storepass:env STOREPASS -file out/UTCP_ARG_alias.pem && echo exported",
  ["alias"], "write", "keytool -file traversal", **WD, env_vars={"STOREPASS": "changeit"}, benign={"alias": "app"},
  payload={"alias": "../../../tmp/blindQ_w_q164"}, check=[("sh", "true")])
TOOLS.pop()  # alias must exist in keystore, so traversal value cannot also be a valid alias
T("q165", M, "list_key_alias", "keytool -list -keystore certs/app.jks -storepass:env STOREPASS -alias UTCP_ARG_alias", ["alias"],
  "safe", "env_vars secret, value is -alias arg", **WD, env_vars={"STOREPASS": "changeit"}, benign={"alias": "app"},
  expect="PrivateKeyEntry")
T("q166", M, "thumbnail", "convert img/logo.png -resize 8x8 out/UTCP_ARG_name.png && echo ok", ["name"], "write",
  "convert output traversal", **WD, benign={"name": "thumb"}, payload={"name": "../../../tmp/blindQ_w_q166"},
  check=[("log", "convert", r"^out/\.\./\.\./\.\./tmp/blindQ_w_q166\.png$")], evidence="stub argv: output path escapes out/ (convert writes where told)")
T("q167", M, "thumbnail_checked",
  "case UTCP_ARG_name in ''|*[!A-Za-z0-9_-]*) echo 'invalid'; exit 2;; esac\nconvert img/logo.png -resize 8x8 \"out/UTCP_ARG_name.png\" && echo ok",
  ["name"], "safe", "case guard", **WD, benign={"name": "thumb"}, expect="ok")
T("q168", M, "raw_image", "dd if=data/disk.img of=out/UTCP_ARG_name.img bs=512 status=none && echo copied", ["name"], "write",
  "dd of= traversal", **WD, benign={"name": "disk"}, payload={"name": "../../../tmp/blindQ_w_q168"},
  check=[("file", "/tmp/blindQ_w_q168.img")], evidence="dd writes outside out/")
T("q169", M, "boot_sector", "dd if=data/disk.img of=out/mbr.bin bs=512 count=UTCP_ARG_count status=none && echo copied",
  ["count"], "safe", "dd count= operand", **WD, benign={"count": "1"}, expect="copied", hostile=["1 of=/tmp/blindQ_evil"])
T("q170", M, "save_upload", "printf '%s' UTCP_ARG_content | base64 -d > uploads/UTCP_ARG_filename && echo stored",
  ["content", "filename"], "write", "redirect traversal", **WD, benign={"content": "aGVsbG8=", "filename": "a.txt"},
  payload={"content": "aGVsbG8=", "filename": "../../../tmp/blindQ_w_q170"}, check=[("file", "/tmp/blindQ_w_q170")],
  evidence="decoded upload written outside uploads/")
T("q171", M, "encode_text", "printf '%s' UTCP_ARG_text | base64 -w0", ["text"], "safe", "printf %s | base64",
  benign={"text": "hello"}, expect="aGVsbG8=")
T("q172", M, "extract_site", "unzip -o -q arch/site.zip -d out/UTCP_ARG_dir && echo extracted", ["dir"], "write",
  "unzip -d traversal", **WD, benign={"dir": "site"}, payload={"dir": "../../../tmp/blindQ_w_q172"},
  check=[("file", "/tmp/blindQ_w_q172/words.txt")], evidence="extraction directory escapes out/")
T("q173", M, "extract_archive_member", "tar -xzf arch/sample.tar.gz -C out UTCP_ARG_member && echo extracted", ["member"], "exec", "tar --to-command",
  **WD, benign={"member": "words.txt"}, payload={"member": "--to-command=touch CANARY"}, evidence="tar runs the command per member")
T("q174", M, "cat_archive_member", "tar -xzf arch/sample.tar.gz -O -- UTCP_ARG_member", ["member"], "safe", "tar --",
  **WD, benign={"member": "words.txt"}, expect="gamma", hostile=["--to-command=touch CANARY", "--checkpoint-action=exec=touch CANARY"])
T("q175", M, "compress_log", "xz -c data/app.log > archive/UTCP_ARG_name.xz && echo ok", ["name"], "write", "redirect traversal",
  **WD, benign={"name": "app"}, payload={"name": "../../../tmp/blindQ_w_q175"}, check=[("file", "/tmp/blindQ_w_q175.xz")],
  evidence="writes outside archive/")
T("q176", M, "read_compressed", "case UTCP_ARG_name in ''|*[!A-Za-z0-9._-]*|.*) exit 2;; esac\nxz -dc -- \"arch/UTCP_ARG_name.xz\" | tail -n 1",
  ["name"], "safe", "case guard", **WD, benign={"name": "app.log"}, expect="ERROR")
T("q177", M, "zstd_snapshot", "zstd -q -f -o backups/UTCP_ARG_name.zst data/app.log && echo ok", ["name"], "write",
  "zstd -o traversal", **WD, benign={"name": "app"}, payload={"name": "../../../tmp/blindQ_w_q177"},
  check=[("file", "/tmp/blindQ_w_q177.zst")], evidence="writes outside backups/")
T("q178", M, "publish_file", "cp data/notes.md \"shared/UTCP_ARG_name\" && echo shared", ["name"], "write", "quoted but traversal",
  **WD, benign={"name": "notes.md"}, payload={"name": "../../../tmp/blindQ_w_q178"}, check=[("file", "/tmp/blindQ_w_q178")],
  evidence="quotes do not stop ../")
T("q179", M, "publish_doc", "[[ UTCP_ARG_dest != ../* && UTCP_ARG_dest != /* ]] || { echo 'no traversal'; exit 2; }\ncp data/notes.md shared/UTCP_ARG_dest && echo shared",
  ["dest"], "write", "prefix-only traversal guard", **WD, benign={"dest": "notes.md"},
  payload={"dest": "./../../../tmp/blindQ_w_q179"}, check=[("sh", "true"), ("file", "/tmp/blindQ_w_q179")],
  evidence="guard only checks a leading ../; an inner ../ escapes")
T("q180", M, "publish_doc_checked",
  "case \"$(realpath -m -- \"shared/UTCP_ARG_dest\")\" in /tmp/blindQ_ws/shared/*) cp data/notes.md \"shared/UTCP_ARG_dest\" && echo shared;; *) echo 'outside shared/'; exit 2;; esac",
  ["dest"], "split", "realpath containment guard, nested quotes inside \"$( )\" leave the value unquoted", **WD,
  benign={"dest": "notes.md"}, payload={"dest": "notes.md ../../../etc"},
  check=[("out", r"cannot create regular file 'shared/notes.md \.\./\.\./\.\./etc'")],
  evidence="realpath gets two words, the multi-line result still matches the containment pattern: guard bypassed by splitting")
T("q181", M, "checksum_dist", "case UTCP_ARG_file in ''|*/*|.*) echo invalid; exit 2;; esac\nb2sum --tag -- \"dist/UTCP_ARG_file\"",
  ["file"], "safe", "case guard, b2sum --", **WD, benign={"file": "app.tar.gz"}, expect="BLAKE2b")
T("q182", M, "log_to_file", "printf '%s %s\\n' \"$(date -u +%FT%TZ)\" UTCP_ARG_msg | tee -a logs/agent.log", ["msg"], "safe",
  "tee -a fixed file", **WD, benign={"msg": "deploy ok"}, expect="deploy ok")
T("q183", M, "log_to_named", "printf '%s\\n' UTCP_ARG_msg | tee -a logs/UTCP_ARG_channel.log", ["msg", "channel"], "write",
  "tee target traversal", **WD, benign={"msg": "m", "channel": "ops"}, payload={"msg": "m", "channel": "../../../tmp/blindQ_w_q183"},
  check=[("file", "/tmp/blindQ_w_q183.log")], evidence="tee appends outside logs/")
T("q184", M, "doc_convert", "pandoc UTCP_ARG_input -o out/doc.html", ["input"], "option", "pandoc --lua-filter / --output",
  **WD, benign={"input": "data/notes.md"}, payload={"input": "--output=/tmp/blindQ_w_q184"},
  check=[("log", "pandoc", r"^--output=/tmp/blindQ_w_q184$")], evidence="stub argv: value parsed as pandoc --output")
T("q185", M, "doc_convert_safe", "case UTCP_ARG_name in ''|*[!A-Za-z0-9_-]*) exit 2;; esac\npandoc -f markdown -t html -o \"out/UTCP_ARG_name.html\" -- \"docs/UTCP_ARG_name.md\"",
  ["name"], "safe", "case guard + --", **WD, benign={"name": "intro"}, expect="stub:pandoc")
T("q186", M, "strip_metadata", "exiftool -all= -overwrite_original UTCP_ARG_file", ["file"], "option", "exiftool -o/-w options",
  **WD, benign={"file": "img/logo.png"}, payload={"file": "-w!/tmp/blindQ_w_q186"},
  check=[("log", "exiftool", r"^-w!/tmp/blindQ_w_q186$")], evidence="stub argv: value parsed as exiftool -w (write output files)")
T("q187", M, "transcode_audio", "ffmpeg -nostdin -y -i \"media/UTCP_ARG_name.wav\" \"out/UTCP_ARG_name.mp3\"", ["name"], "write",
  "ffmpeg output traversal", **WD, benign={"name": "intro"}, payload={"name": "../../../tmp/blindQ_w_q187"},
  check=[("log", "ffmpeg", r"^out/\.\./\.\./\.\./tmp/blindQ_w_q187\.mp3$")], evidence="stub argv: output path escapes out/")
T("q188", M, "pdf_preview", "gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m -dFirstPage=1 -dLastPage=1 -o out/preview.png UTCP_ARG_pdf",
  ["pdf"], "option", "gs option injection", **WD, benign={"pdf": "docs/manual.pdf"}, payload={"pdf": "-dNOSAFER"},
  check=[("log", "gs", r"^-dNOSAFER$")], evidence="stub argv: value is a gs switch (disables SAFER)")

# ---------------------------------------------------------------- build / binutils
M = "build_tools"
T("q200", M, "stamp_version", "cmake -DAPP_VERSION=UTCP_ARG_version -P cmake/version.cmake && cat VERSION.txt", ["version"], "exec",
  "cmake -D value used in execute_process(sh -c)", **WD, benign={"version": "1.4.0"}, payload={"version": "1; touch CANARY"},
  evidence="the cache variable is pasted into an sh -c string by the project's cmake script")
T("q201", M, "index_symbols", "ctags -R -f out/tags UTCP_ARG_dir && wc -l out/tags", ["dir"], "option", "ctags -o overrides -f",
  **WD, benign={"dir": "repo"}, payload={"dir": "-o/tmp/blindQ_w_q201"}, check=[("file", "/tmp/blindQ_w_q201")],
  evidence="-o (alias of -f) given later wins: the tags file is written to /tmp")
T("q205", M, "list_symbols", "nm -C --defined-only UTCP_ARG_object | head -n 20", ["object"], "option", "binutils @file response file",
  **WD, benign={"object": "/bin/true"}, payload={"object": "@data/secret.txt"}, check=[("out", "TOPSECRET")],
  evidence="@file makes nm read options/file names from an unintended file and echo its content")
T("q204", M, "elf_header_field", "readelf -h /bin/true | grep -F -- UTCP_ARG_field", ["field"], "safe", "readelf fixed file, grep -F --",
  benign={"field": "Machine"}, expect="Machine")
T("q209", M, "diff_with_tool", "git difftool -y -x UTCP_ARG_tool HEAD~1 -- app.py", ["tool"], "exec", "git difftool --extcmd",
  **RWD, benign={"tool": "diff"}, payload={"tool": "touch CANARY"}, evidence="difftool -x runs the named command through the shell")
T("q212", M, "compress_lz4", "lz4 -q -f data/app.log archive/UTCP_ARG_name.lz4 && echo ok", ["name"], "write", "lz4 output traversal",
  **WD, benign={"name": "app"}, payload={"name": "../../../tmp/blindQ_w_q212"}, check=[("file", "/tmp/blindQ_w_q212.lz4")],
  evidence="output written outside archive/")
T("q213", M, "install_doc", "install -D -m 0644 data/notes.md \"docs/UTCP_ARG_path\" && echo installed", ["path"], "write",
  "install -D traversal", **WD, benign={"path": "guide/notes.md"}, payload={"path": "../../../tmp/blindQ_w_q213/x.md"},
  check=[("file", "/tmp/blindQ_w_q213/x.md")], evidence="install -D creates and writes outside docs/")
T("q208", M, "artifact_size", "case UTCP_ARG_file in ''|*/*|.*) echo invalid; exit 2;; esac\nstat -c '%s %n' -- \"dist/UTCP_ARG_file\"",
  ["file"], "safe", "case guard + stat --", **WD, benign={"file": "app.tar.gz"}, expect="dist/app.tar.gz")
T("q221", M, "cert_expiry", ["openssl x509 -in \"certs/UTCP_ARG_name.pem\" -noout -enddate",
  "echo \"UTCP_ARG_name expires ${CMD_0_OUTPUT#notAfter=}\""], ["name"], "safe",
  "${CMD_0_OUTPUT#...} survives client substitution", **WD, benign={"name": "server"}, expect="server expires [A-Z][a-z]{2}")
T("q222", M, "conf_key_py", "python3 - <<'PY'\nimport json\nconf = json.load(open('data/conf.json'))\nprint(conf['UTCP_ARG_key'])\nPY",
  ["key"], "broken", "quoted heredoc: tracker sees ' and emits '\"$V\"'", **WD, benign={"key": "region"},
  check=[("notout", "eu-west-1")], evidence="the value never reaches python: KeyError on a literal \"$__UTCP_ARG...\"")
T("q228", M, "commits_by_author", "git log -n 5 --format='%h %an %s' --author=UTCP_ARG_author", ["author"], "safe",
  "value glued to --author=", **RWD, benign={"author": "Quinn"}, expect="Quinn Tester")
