# Blind set C: the tools as written. «name» in a command is the placeholder
# UTCP_ARG_name_UTCP_END. harness.py builds manuals/*.json from this file.
import re

TOOLS = []


def ph(s):
    return re.sub(r"«([^»]+)»", lambda m: "UTCP_ARG_" + m.group(1) + "_UTCP_END", s)


def T(m, n, d, a, c, cat, pay=None, chk=None, ben=None, exp="", setup="", env=None, wd=None,
      p=(), idiom="", xh=None, inherit=None, req=None):
    if isinstance(c, str):
        c = [c]
    c = [(ph(x[0]), x[1]) if isinstance(x, tuple) else ph(x) for x in c]
    if env:
        env = {k: ph(v) for k, v in env.items()}
    TOOLS.append(dict(m=m, n=n, d=d, a=a, c=c, cat=cat, pay=pay or {}, chk=chk, ben=ben or {}, exp=exp,
                      setup=setup, env=env, wd=wd, p=list(p), idiom=idiom, xh=xh or [], inherit=inherit,
                      **({"req": req} if req is not None else {})))


# client variables the deployment configures (per manual, un-namespaced)
CLIENT_VARS = {
    "cloud_ops": {"AWS_PROFILE": "dev", "KUBE_CONTEXT": "staging"},
    "net_fetch": {"API_TOKEN": "tok-123"},
}

# argv-logging stubs (programs missing here, or that must not really run)
SSH_EMU = r'''
# emulate the remote shell: options, host, then the remote command string run by sh -c
while [ $# -gt 0 ]; do case "$1" in -[pilFJoE]) shift 2;; -*) shift;; *) break;; esac; done
shift; [ $# -gt 0 ] && exec sh -c "$*"
'''
DOCKER_EMU = r'''
echo "ok docker"
if [ "$1" = exec ]; then shift; while [ $# -gt 0 ]; do case "$1" in -e|-u|-w) shift 2;; -*) shift;; *) break;; esac; done; shift; exec "$@"; fi
'''
KUBECTL_EMU = r'''
echo "ok kubectl"
if [ "$1" = exec ]; then while [ $# -gt 0 ] && [ "$1" != "--" ]; do shift; done; shift; exec "$@"; fi
'''
WRITE_LAST = r'''
echo "ok ${0##*/}"
out="${@: -1}"; case "$out" in -*) ;; *) : > "$out";; esac
'''
SUDO_EMU = r'''
while [ $# -gt 0 ]; do case "$1" in -u) shift 2;; -*) shift;; *) break;; esac; done
exec "$@"
'''
OK = 'echo "ok ${0##*/}"'
STUBS = {
    "docker": DOCKER_EMU, "kubectl": KUBECTL_EMU, "helm": OK, "terraform": OK, "aws": OK,
    "gcloud": OK, "gsutil": OK, "az": OK, "systemctl": OK, "journalctl": OK, "psql": OK,
    "pg_dump": OK, "npm": OK, "pip": OK, "pip3": OK, "cargo": OK, "mvn": OK, "rsync": OK,
    "scp": OK, "ssh": SSH_EMU, "sudo": SUDO_EMU, "ffmpeg": WRITE_LAST, "convert": WRITE_LAST,
    "pandoc": OK, "gh": OK, "rclone": OK, "restic": OK, "ansible": OK, "vault": OK,
    "redis-cli": OK, "mysql": OK, "yq": OK, "crontab": OK, "ufw": OK,
    "certbot": OK, "apt-get": OK, "brew": OK, "nmap": OK, "doctl": OK, "flyctl": OK,
    "skopeo": OK, "podman": OK, "virsh": OK, "ipmitool": OK, "lxc": OK, "nomad": OK,
    "consul": OK, "gradle": OK, "poetry": OK, "uv": OK, "conda": OK, "gem": OK,
    "composer": OK, "go": OK, "deno": OK, "tmux": OK, "mc": OK, "s3cmd": OK, "wrangler": OK,
    "heroku": OK, "mongosh": OK, "influx": OK, "kafkacat": OK, "bq": OK, "sops": OK,
    "age": OK, "cosign": OK, "exiftool": WRITE_LAST, "trivy": OK, "pulumi": OK, "packer": OK, "vagrant": OK,
}

WEB = {
    "report.csv": "id,name\n1,alice\n2,bob\n",
    "items.json": '[{"id":1,"name":"widget"},{"id":2,"name":"gadget"}]\n',
    "health": "OK\n",
}

GIT = ("git init -q -b main . && git config user.email dev@example.com && git config user.name Dev && "
       "echo hello > README.md && mkdir -p src && echo 'print(1)' > src/app.py && git add -A && "
       "git commit -qm init && echo more >> README.md && git commit -qam second")
NETRC = "printf 'machine api login bot password S3CRET_{ID}\\n' > /tmp/bcR/home/agent/.netrc"
TRAV = "../../../blindC_trav_{ID}"
HOMEF = "{R}/home/blindC_trav_{ID}"
SPL = "blindCsplitA blindCsplitB"

# ---------------------------------------------------------------- repo_tools (git & co)
M = "repo_tools"
T(M, "git_log_range", "Show the one-line history of a revision range (e.g. main..feature).",
  {"range": "revision or range"}, "git log --oneline -n 20 «range»", "option",
  pay={"range": "--output=/tmp/blindC_opt_{ID}"}, chk=("file", "/tmp/blindC_opt_{ID}"),
  ben={"range": "HEAD"}, exp="second", setup=GIT, p=["git"], idiom="git option --output")
T(M, "git_log_range_checked", "Show the one-line history of a revision range.",
  {"range": "revision or range"}, "git log --oneline -n 20 --end-of-options «range» --", "safe",
  ben={"range": "HEAD"}, exp="second", setup=GIT, p=["git"], idiom="--end-of-options")
T(M, "git_show_at", "Print a file as it was at a given revision.",
  {"rev": "revision", "path": "path in repo"}, 'git show "«rev»:«path»"', "option",
  pay={"rev": "--output=/tmp/blindC_opt_{ID}"}, chk=("sh", "ls /tmp/blindC_opt_* >/dev/null 2>&1"),
  ben={"rev": "HEAD", "path": "README.md"}, exp="more", setup=GIT, p=["git"], idiom="rev:path word starting with -")
T(M, "git_show_head_file", "Print a file of src/ as committed at HEAD.",
  {"path": "path under src/"}, 'git show "HEAD:src/«path»"', "safe",
  ben={"path": "app.py"}, exp="print(1)", setup=GIT, p=["git"], idiom="prefixed rev:path")
T(M, "git_fetch_remote", "Fetch a configured remote and show its newest commit.",
  {"remote": "remote name, e.g. origin"}, "git fetch -q «remote» && git log --oneline -1 FETCH_HEAD", "exec",
  pay={"remote": "--upload-pack=touch /tmp/blindC_canary_{ID};git-upload-pack"}, chk="canary",
  ben={"remote": "origin"}, exp="second",
  setup=GIT + " && git clone -q --bare . {R}/origin.git && git remote add origin {R}/origin.git",
  p=["git"], idiom="git --upload-pack via remote arg")
T(M, "git_config_then_status", "Set a repository config key (e.g. user.name) and show the status.",
  {"key": "config key", "value": "value"},
  ["git config «key» «value»", "git status --short --branch"], "exec",
  pay={"key": "core.fsmonitor", "value": "touch /tmp/blindC_canary_{ID}"}, chk="canary",
  ben={"key": "user.name", "value": "Bot"}, exp="## main", setup=GIT, p=["git"],
  idiom="config that names a command (core.fsmonitor)")
T(M, "git_commit_all", "Stage everything and commit with a message.",
  {"message": "commit message"}, "git add -A && git commit -q -m «message» && git log -1 --format=%s", "safe",
  ben={"message": "fix typo"}, exp="fix typo", setup=GIT + " && echo x > new.txt", p=["git"], idiom="-m value")
T(M, "git_switch_branch", "Switch to another local branch, keeping local edits, and show status.",
  {"branch": "branch name"}, "git checkout -q «branch» && git status --short", "option",
  pay={"branch": "--force"}, chk=("sh", "! grep -q local-edit README.md"),
  ben={"branch": "feature"}, exp="M README.md",
  setup=GIT + " && git branch feature && echo local-edit >> README.md", p=["git"], idiom="--force discards edits")
T(M, "git_grep_src", "Search tracked source files for a fixed string.",
  {"pattern": "text"}, "git grep -n -F -e «pattern» -- 'src/*'", "safe",
  ben={"pattern": "print"}, exp="print(1)", setup=GIT, p=["git"], idiom="-e value")
T(M, "git_clone_into", "Clone a repository URL into checkouts/<name>.",
  {"url": "repository url", "name": "checkout directory name"},
  'mkdir -p checkouts && git clone -q -- «url» "checkouts/«name»" && ls checkouts', "write",
  pay={"name": TRAV}, chk=("file", HOMEF + "/README.md"),
  ben={"url": "{R}/origin.git", "name": "demo"}, exp="demo",
  setup=GIT + " && git clone -q --bare . {R}/origin.git", p=["git"], idiom="../ in directory name")
T(M, "git_worktree_review", "Create a detached review worktree under worktrees/<name>.",
  {"name": "worktree name"}, 'git worktree add -q --detach "worktrees/«name»" HEAD && git worktree list | wc -l', "write",
  pay={"name": TRAV}, chk=("file", HOMEF + "/README.md"), ben={"name": "review"}, exp="2", setup=GIT, p=["git", "wc"],
  idiom="../ in worktree path")
T(M, "git_tag_release", "Create an annotated release tag v<version>.",
  {"version": "semver"}, "git tag -a \"v«version»\" -m \"Release «version»\" && git tag -l 'v*'", "safe",
  ben={"version": "1.2.0"}, exp="v1.2.0", setup=GIT, p=["git"], idiom="prefixed tag")
T(M, "git_blame_author", "Show who last touched a line of README.md.",
  {"line": "line number"}, "git blame -L «line»,+1 --porcelain README.md | awk '/^author /{print $2}'", "broken",
  ben={"line": "1"}, exp="Dev", setup=GIT, p=["git", "awk"], idiom="awk $2 taken as client variable")
T(M, "git_changed_count", "Count files changed since a base revision.",
  {"base": "base revision"}, 'echo "changed files: $(git diff --name-only «base» | wc -l)"', "split",
  pay={"base": "HEAD~1 --output=/tmp/blindC_opt_{ID}"}, chk=("file", "/tmp/blindC_opt_{ID}"),
  ben={"base": "HEAD~1"}, exp="changed files: 1", setup=GIT, p=["git", "wc"], idiom="placeholder in $( ) inside double quotes")
T(M, "git_log_ref", "Show the last three commits reachable from a ref.",
  {"ref": "branch, tag or commit"}, 'ref=«ref»; git log -3 --format=%h%x09%s --end-of-options "$ref" --', "safe",
  ben={"ref": "HEAD"}, exp="second", setup=GIT, p=["git"], idiom="$ref is skipped by the client substitutor")
T(M, "git_archive_release", "Export HEAD as dist/<name>.tar.gz.",
  {"name": "archive base name"}, 'mkdir -p dist && git archive --format=tar.gz -o "dist/«name».tar.gz" HEAD && ls dist', "write",
  pay={"name": TRAV}, chk=("file", HOMEF + ".tar.gz"), ben={"name": "app-1.0"}, exp="app-1.0.tar.gz", setup=GIT,
  p=["git"], idiom="../ in output name")
T(M, "git_stash_save", "Stash local changes with a description.",
  {"message": "stash description"}, "git stash push -q -m «message» && git stash list", "safe",
  ben={"message": "wip parser"}, exp="wip parser", setup=GIT + " && echo wip >> README.md", p=["git"])
T(M, "git_blame_range", "Blame five lines of README.md starting at a line.",
  {"start": "first line"}, 'git blame -L "«start»,+5" -- README.md', "safe",
  ben={"start": "1"}, exp="hello", setup=GIT, p=["git"], idiom="-L value")
T(M, "git_log_count", "Show the N most recent commits.",
  {"max-count": "how many commits"}, "git log --oneline --max-count=«max-count»", "broken",
  ben={"max-count": "1"}, exp="second", setup=GIT, p=["git"], idiom="hyphen in placeholder name is not substituted")
T(M, "git_format_patch", "Write the latest commit as a patch into patches/.",
  {"rev": "revision"}, "git format-patch -q -1 «rev» && ls *.patch", "option",
  pay={"rev": "--output-directory=/tmp/blindC_opt_{ID}"}, chk=("sh", "ls /tmp/blindC_opt_*/ 2>/dev/null | grep -q patch"),
  ben={"rev": "HEAD"}, exp="0001", setup=GIT, p=["git"], idiom="later option overrides -o")
T(M, "gh_pr_create", "Open a pull request with a title.",
  {"title": "PR title", "base": "base branch"}, 'gh pr create --title «title» --base «base» --body "Opened by agent"', "safe",
  ben={"title": "Fix parser", "base": "main"}, exp="ok gh", p=["gh"], idiom="option values")
T(M, "diff_configs", "Unified diff of two config files under conf/.",
  {"left": "file name", "right": "file name"},
  'case "«left»«right»" in */*|-*) echo "plain file names only"; exit 1;; esac; diff -u "conf/«left»" "conf/«right»"', "safe",
  ben={"left": "a.ini", "right": "b.ini"}, exp="+level=debug",
  setup="mkdir conf && echo level=info > conf/a.ini && echo level=debug > conf/b.ini", p=["diff"], idiom="case guard")

# ---------------------------------------------------------------- text_data
M = "text_data"
SVC = "echo '[{\"name\":\"api\",\"ref\":\"v2\"},{\"name\":\"web\",\"ref\":\"v1\"}]' > services.json"
T(M, "jq_service", "Show one service record by name from services.json.",
  {"name": "service name"}, "jq -c --arg n «name» '.[] | select(.name == $n)' services.json", "broken",
  ben={"name": "api"}, exp="api", setup=SVC, p=["jq"], idiom="jq $n taken as client variable")
T(M, "jq_by_ref", "Show services deployed at a git ref.",
  {"ref": "git ref"}, "jq -c --arg ref «ref» '.[] | select(.ref == $ref)' services.json", "safe",
  ben={"ref": "v2"}, exp="api", setup=SVC, p=["jq"], idiom="--arg (the $ref name escapes substitution)")
T(M, "jq_config_key", "Read a top-level key from config.json.",
  {"key": "key"}, "KEY=«key» jq -r '.[env.KEY] // \"unset\"' config.json", "safe",
  ben={"key": "region"}, exp="eu-west-1", setup="echo '{\"region\":\"eu-west-1\"}' > config.json", p=["jq"],
  idiom="value through env, not the filter")
T(M, "awk_column", "Print one CSV column by number.",
  {"col": "column number"}, "awk -F, '{print $«col»}' data.csv", "broken",
  ben={"col": "2"}, exp="alice", setup="printf 'id,name\\n1,alice\\n' > data.csv", p=["awk"],
  idiom="$ before placeholder: client variable")
T(M, "awk_upper", "Upper-case a phrase with awk.",
  {"text": "text"}, "awk 'BEGIN { printf \"%s\\n\", toupper(\"«text»\") }'", "exec",
  pay={"text": "\") ; system(\"touch /tmp/blindC_canary_{ID}\") ; print(\""}, chk="canary",
  ben={"text": "hello"}, exp="HELLO", p=["awk"], idiom="placeholder in single-quoted awk program")
T(M, "awk_long_lines", "List lines of README.md longer than N characters.",
  {"max": "length"}, "awk -v max=«max» 'length > max+0 {print FILENAME \": \" FNR}' README.md", "safe",
  ben={"max": "3"}, exp="README.md: 1", setup="echo 'hello world' > README.md", p=["awk"], idiom="awk -v")
T(M, "sed_set_level", "Replace a word in config.ini everywhere.",
  {"old": "word", "new": "replacement"}, 'sed -i "s/«old»/«new»/g" config.ini && cat config.ini', "exec",
  pay={"new": "x/;e touch /tmp/blindC_canary_{ID}\n#"}, chk="canary",
  ben={"old": "debug", "new": "info"}, exp="level=info", setup="echo level=debug > config.ini", p=["sed"],
  idiom="sed script in double quotes (e command)")
T(M, "sed_print_line", "Print one numbered line of notes.txt.",
  {"line": "line number"}, '[[ «line» =~ ^[0-9]+$ ]] || { echo "line must be a number"; exit 1; }; sed -n "«line»p" notes.txt', "safe",
  ben={"line": "2"}, exp="beta", setup="printf 'alpha\\nbeta\\n' > notes.txt", p=["sed"], idiom="regex guard before sed")
T(M, "grep_app_log", "Find lines in app.log containing a fixed string.",
  {"pattern": "text"}, "grep -n -F -- «pattern» app.log", "safe",
  ben={"pattern": "ERROR"}, exp="ERROR", setup="printf 'INFO ok\\nERROR bad\\n' > app.log", p=["grep"], idiom="--")
T(M, "date_format", "Print the current date in a given format (e.g. +%Y-%m-%d).",
  {"format": "date format"}, "date «format»", "option",
  pay={"format": "--file=/tmp/bcR/home/agent/.netrc"}, chk=("out", "S3CRET_{ID}"),
  ben={"format": "+%Y"}, exp="20", setup=NETRC, p=["date"], idiom="--file reads an unintended file")
T(M, "date_parse", "Normalise a date string to YYYY-MM-DD.",
  {"when": "date text"}, 'date -d «when» "+%Y-%m-%d"', "safe",
  ben={"when": "2024-01-02"}, exp="2024-01-02", p=["date"], idiom="-d value")
T(M, "top_values", "Most frequent lines of a file.",
  {"file": "file"}, "sort «file» | uniq -c | sort -rn | head -5", "option",
  pay={"file": "-o/tmp/blindC_opt_{ID}"}, chk=("file", "/tmp/blindC_opt_{ID}"),
  ben={"file": "access.log"}, exp="2 GET", setup="printf 'GET\\nGET\\nPOST\\n' > access.log", p=["sort", "uniq", "head"],
  idiom="sort -o")
T(M, "sort_dataset", "Sort data/<name>.csv by its second column.",
  {"name": "dataset name"},
  'case «name» in *[!A-Za-z0-9_-]*|"") echo "invalid name"; exit 1;; esac; sort -t, -k2 -- "data/«name».csv"', "safe",
  ben={"name": "users"}, exp="1,alice", setup="mkdir data && printf '2,bob\\n1,alice\\n' > data/users.csv", p=["sort"],
  idiom="case guard")
T(M, "cut_preview", "Preview selected CSV fields (e.g. 1,3).",
  {"fields": "field list"}, 'echo "$(cut -d, -f«fields» data.csv | head -3)"', "split",
  pay={"fields": "2 secret.txt"}, chk=("out", "S3CRET"),
  ben={"fields": "2"}, exp="alice", setup="printf 'id,alice\\n' > data.csv && echo S3CRET > secret.txt", p=["cut", "head"],
  idiom="placeholder inside $( ) in double quotes")
T(M, "csv_to_json", "Convert a CSV file to JSON.",
  {"file": "csv file"},
  "python3 -c \"import csv,json; print(json.dumps(list(csv.DictReader(open('«file»')))))\"", "exec",
  pay={"file": "data.csv'))))) or __import__('os').system('touch /tmp/blindC_canary_{ID}') #"}, chk="canary",
  ben={"file": "data.csv"}, exp="alice", setup="printf 'id,name\\n1,alice\\n' > data.csv", p=["python3"],
  idiom="python -c code string")
T(M, "csv_to_json_argv", "Convert a CSV file to JSON.",
  {"file": "csv file"},
  "python3 -c 'import csv,json,sys; print(json.dumps(list(csv.DictReader(open(sys.argv[1])))))' «file»", "safe",
  ben={"file": "data.csv"}, exp="alice", setup="printf 'id,name\\n1,alice\\n' > data.csv", p=["python3"],
  idiom="value via sys.argv")
T(M, "slugify", "Turn a title into a URL slug.",
  {"title": "title"}, "printf '%s' «title» | tr '[:upper:] ' '[:lower:]-' | tr -cd 'a-z0-9-'", "safe",
  ben={"title": "Hello World"}, exp="hello-world", p=["printf", "tr"])
T(M, "disk_usage", "Disk usage of a directory.",
  {"path": "directory"}, "du -sh $(echo «path»)", "split",
  pay={"path": SPL}, chk=("out", "blindCsplitB'"), ben={"path": "logs"}, exp="logs",
  setup="mkdir logs && echo x > logs/a", p=["du", "echo"], idiom="$(echo ...) unquoted")
T(M, "disk_usage_files", "Disk usage of a directory.",
  {"path": "directory"}, "du -sh «path»", "option",
  pay={"path": "--files0-from=/tmp/bcR/home/agent/.netrc"}, chk=("out", "S3CRET_{ID}"),
  ben={"path": "logs"}, exp="logs", setup="mkdir logs && echo x > logs/a && " + NETRC, p=["du"],
  idiom="--files0-from reads an unintended file")
T(M, "count_lines", "Count lines of a file under logs/.",
  {"file": "file name"}, 'wc -l < "logs/«file»"', "safe",
  ben={"file": "a.log"}, exp="2", setup="mkdir logs && printf '1\\n2\\n' > logs/a.log", p=["wc"], idiom="redirect input")
T(M, "iconv_to_utf8", "Re-encode a latin1 file to UTF-8 under out/.",
  {"name": "file name"}, 'mkdir -p out && iconv -f LATIN1 -t UTF-8 "in/«name»" > "out/«name»" && ls out', "write",
  pay={"name": TRAV}, chk=("file", HOMEF),
  ben={"name": "a.txt"}, exp="a.txt", setup="mkdir in && echo hi > in/a.txt",
  p=["iconv"], idiom="../ in output redirect")
T(M, "base64_save", "Decode base64 data into decoded/<name>.",
  {"data": "base64", "name": "file name"}, 'mkdir -p decoded && printf \'%s\' «data» | base64 -d > "decoded/«name»" && echo saved', "write",
  pay={"name": TRAV}, chk=("file", HOMEF),
  ben={"data": "aGVsbG8=", "name": "h.txt"}, exp="saved", p=["base64"], idiom="../ in redirect target")
T(M, "base64_encode", "Base64-encode a string.",
  {"text": "text"}, "printf '%s' «text» | base64 -w0", "safe",
  ben={"text": "hello"}, exp="aGVsbG8=", p=["base64"])
T(M, "column_csv", "Pretty-print a CSV file from reports/ as a table.",
  {"report": "report name"}, '[[ «report» =~ ^[a-z0-9_]+$ ]] && column -t -s, "reports/«report».csv"', "safe",
  ben={"report": "q1"}, exp="alice", setup="mkdir reports && printf 'id,name\\n1,alice\\n' > reports/q1.csv", p=["column"])
T(M, "perl_fields", "Print the second whitespace-separated field of each line.",
  {"file": "file"}, "perl -lane 'print $F[1]' «file»", "broken",
  ben={"file": "data.txt"}, exp="alice", setup="echo '1 alice' > data.txt", p=["perl"], idiom="perl $F taken as client variable")
T(M, "perl_todo", "List TODO lines of a file.",
  {"file": "file"}, "perl -ne 'print if /TODO/' «file»", "exec",
  pay={"file": "touch /tmp/blindC_canary_{ID} |"}, chk="canary",
  ben={"file": "notes.txt"}, exp="TODO", setup="echo 'TODO fix' > notes.txt", p=["perl"], idiom="perl -n magic open of file name")
T(M, "perl_rename_word", "Replace a word in template.txt and print it.",
  {"from": "word", "to": "replacement"}, 'perl -pe "s/«from»/«to»/g" template.txt', "exec",
  pay={"to": "x/;system(\"touch /tmp/blindC_canary_{ID}\");s/x/y"}, chk="canary",
  ben={"from": "NAME", "to": "Ada"}, exp="Hello Ada", setup="echo 'Hello NAME' > template.txt", p=["perl"],
  idiom="perl code in double quotes")
T(M, "nl_number", "Number the lines of a notes file.",
  {"name": "notes name"}, 'nl -ba "notes/«name».txt"', "safe",
  ben={"name": "todo"}, exp="1", setup="mkdir notes && echo a > notes/todo.txt", p=["nl"])
T(M, "tac_tail", "Show the last N lines of app.log, newest first.",
  {"n": "count"}, 'tail -n «n» app.log | tac', "safe",
  ben={"n": "1"}, exp="ERROR", setup="printf 'INFO\\nERROR\\n' > app.log", p=["tail", "tac"])
T(M, "shuf_pick", "Pick N random lines of names.txt.",
  {"count": "how many"}, 'shuf -n «count» names.txt', "safe",
  ben={"count": "1"}, exp="a", setup="echo a > names.txt", p=["shuf"])
T(M, "fold_wrap", "Wrap a paragraph to a width.",
  {"width": "columns", "text": "text"}, 'echo «text» | fold -s -w «width»', "safe",
  ben={"width": "20", "text": "hello there"}, exp="hello there", p=["fold"])

# ---------------------------------------------------------------- files_archives
M = "files_archives"
TARSET = "mkdir -p src && echo alpha > src/a.txt && tar -cf bundle.tar -C src a.txt"
T(M, "tar_extract_member", "Extract one member of bundle.tar into out/.",
  {"member": "member path"}, "mkdir -p out && tar -xf bundle.tar -C out «member» && ls out", "exec",
  pay={"member": "--to-command=touch /tmp/blindC_canary_{ID}"}, chk="canary",
  ben={"member": "a.txt"}, exp="a.txt", setup=TARSET, p=["tar"], idiom="tar --to-command via member")
T(M, "tar_list", "List the members of archives/<name>.tar.",
  {"name": "archive name"}, 'tar -tvf "archives/«name».tar"', "safe",
  ben={"name": "bundle"}, exp="a.txt", setup=TARSET + " && mkdir archives && cp bundle.tar archives/", p=["tar"])
T(M, "tar_unpack_release", "Unpack upload.tgz into releases/<version>/.",
  {"version": "release version"},
  'mkdir -p "releases/«version»" && tar -xzf upload.tgz -C "releases/«version»" && ls "releases/«version»"', "write",
  pay={"version": TRAV}, chk=("file", HOMEF + "/a.txt"), ben={"version": "1.4.2"}, exp="a.txt",
  setup="mkdir -p src && echo alpha > src/a.txt && tar -czf upload.tgz -C src a.txt", p=["tar", "mkdir"],
  idiom="../ in -C directory")
T(M, "tar_backup_dir", "Archive a directory to backup.tar and list it.",
  {"dir": "directory"}, "tar -cf backup.tar «dir» && tar -tf backup.tar", "option",
  pay={"dir": "--files-from=/tmp/bcR/home/agent/.netrc"}, chk=("out", "S3CRET_{ID}"),
  ben={"dir": "docs"}, exp="docs/", setup="mkdir docs && echo d > docs/x && " + NETRC, p=["tar"],
  idiom="--files-from reads an unintended file")
T(M, "zip_export", "Zip the data folder as exports/<name>.zip.",
  {"name": "archive name"}, 'mkdir -p exports && zip -qr "exports/«name».zip" data && ls exports', "write",
  pay={"name": TRAV}, chk=("file", HOMEF + ".zip"), ben={"name": "q3"}, exp="q3.zip",
  setup="mkdir data && echo x > data/x", p=["zip"], idiom="../ in output name")
T(M, "unzip_batch", "Unpack incoming.zip into staging/<batch>.",
  {"batch": "batch id"},
  '[[ «batch» =~ ^[A-Za-z0-9_-]+$ ]] || { echo "bad batch id"; exit 1; }; unzip -o -q incoming.zip -d "staging/«batch»" && ls "staging/«batch»"', "safe",
  ben={"batch": "b1"}, exp="x", setup="mkdir data && echo x > data/x && cd data && zip -q ../incoming.zip x", p=["unzip"],
  idiom="regex guard")
T(M, "split_csv", "Split data.csv into chunks/<prefix>aa, ab, ...",
  {"prefix": "chunk prefix", "lines": "lines per chunk"}, 'mkdir -p chunks && split -l «lines» data.csv "chunks/«prefix»" && ls chunks', "write",
  pay={"prefix": TRAV}, chk=("file", HOMEF + "aa"), ben={"prefix": "part_", "lines": "1"}, exp="part_aa",
  setup="printf 'a\\nb\\n' > data.csv", p=["split"], idiom="../ in prefix")
T(M, "split_parts", "Split a file into 2 equal parts (xaa, xab).",
  {"file": "file"}, "split -n 2 «file» && ls x*", "exec",
  pay={"file": "--filter=touch /tmp/blindC_canary_{ID}"}, chk="canary", ben={"file": "data.csv"}, exp="xab",
  setup="printf 'aaaa\\nbbbb\\n' > data.csv", p=["split"], idiom="split --filter runs a shell command")
T(M, "find_grep_logs", "Grep every .log under logs/ for a term.",
  {"term": "term"}, 'find logs -name \'*.log\' -exec sh -c "grep -H «term» {}" \\;', "exec",
  pay={"term": "x /dev/null; touch /tmp/blindC_canary_{ID}"}, chk="canary",
  ben={"term": "ERROR"}, exp="ERROR", setup="mkdir logs && echo 'ERROR x' > logs/a.log", p=["find", "sh", "grep"],
  idiom="find -exec sh -c with value in the string")
T(M, "find_by_name", "Find files under logs/ by name pattern (e.g. *.log).",
  {"pattern": "glob"}, "find logs -type f -name «pattern» -print", "safe",
  ben={"pattern": "*.log"}, exp="logs/a.log", setup="mkdir logs && echo x > logs/a.log", p=["find"], idiom="-name value")
T(M, "xargs_remove", "Delete a temporary file by name.",
  {"file": "file name"}, "printf '%s\\n' «file» | xargs rm -f --", "split",
  pay={"file": SPL}, chk=("sh", "test ! -e blindCsplitB"), ben={"file": "old.tmp"}, exp="",
  setup="touch old.tmp blindCsplitA blindCsplitB 'blindCsplitA blindCsplitB'", p=["xargs", "rm"], idiom="xargs splits on blanks")
T(M, "xargs_checksum", "SHA-256 of one file.",
  {"file": "file"}, "printf '%s\\0' «file» | xargs -0 -r sha256sum --", "safe",
  ben={"file": "a.txt"}, exp="a.txt", setup="echo a > a.txt", p=["xargs", "sha256sum"], idiom="-0 and --")
T(M, "dd_blank_image", "Create a blank disk image disks/<name>.img of N KiB.",
  {"name": "image name", "kb": "size in KiB"}, 'mkdir -p disks && dd if=/dev/zero of="disks/«name».img" bs=1k count=«kb» status=none && ls disks', "write",
  pay={"name": TRAV}, chk=("file", HOMEF + ".img"), ben={"name": "vm1", "kb": "4"}, exp="vm1.img", p=["dd"],
  idiom="of= with ../")
T(M, "tee_note", "Append a line to notes/<topic>.md.",
  {"topic": "topic", "line": "text"}, 'mkdir -p notes && printf \'%s\\n\' «line» | tee -a "notes/«topic».md"', "write",
  pay={"topic": TRAV}, chk=("file", HOMEF + ".md"), ben={"topic": "ideas", "line": "ship it"}, exp="ship it", p=["tee"])
T(M, "tee_note_checked", "Append a line to notes/<topic>.md.",
  {"topic": "topic", "line": "text"},
  'case «topic» in ""|*/*|.*|-*) echo "invalid topic"; exit 1;; esac; mkdir -p notes && printf \'%s\\n\' «line» | tee -a "notes/«topic».md"', "safe",
  ben={"topic": "ideas", "line": "ship it"}, exp="ship it", p=["tee"], idiom="case guard")
T(M, "move_to_archive", "Move a file from inbox/ to archive/ under a new name.",
  {"file": "file in inbox", "newname": "new name"}, 'mkdir -p archive && mv "inbox/«file»" "archive/«newname»" && ls archive', "write",
  pay={"newname": TRAV}, chk=("file", HOMEF), ben={"file": "a.txt", "newname": "b.txt"}, exp="b.txt",
  setup="mkdir inbox && echo a > inbox/a.txt", p=["mv"])
T(M, "stat_file", "Name and size of a file.",
  {"path": "file"}, "stat -c '%n %s' -- «path»", "safe",
  ben={"path": "a.txt"}, exp="a.txt 2", setup="echo a > a.txt", p=["stat"])
T(M, "install_conf", "Install template.conf as etc/<service>/app.conf.",
  {"service": "service name"}, 'install -D -m 0644 template.conf "etc/«service»/app.conf" && echo installed', "write",
  pay={"service": TRAV}, chk=("file", HOMEF + "/app.conf"), ben={"service": "web"}, exp="installed",
  setup="echo x=1 > template.conf", p=["install"])
T(M, "clear_cache", "Remove one cache entry directory.",
  {"name": "cache entry"}, "cache=«name»; rm -rf cache/${cache:?} && ls cache", "split",
  pay={"name": SPL}, chk=("sh", "test ! -e blindCsplitB"), ben={"name": "old"}, exp="keep",
  setup="mkdir -p cache/old cache/keep blindCsplitB", p=["rm"], idiom="unquoted ${var:?}")
T(M, "clear_cache_checked", "Remove one cache entry directory.",
  {"name": "cache entry"},
  'cache=«name»; [[ ${cache:?} != *..* && ${cache:?} != */* ]] && rm -rf -- "cache/${cache:?}" && ls cache', "safe",
  ben={"name": "old"}, exp="keep", setup="mkdir -p cache/old cache/keep", p=["rm"], idiom="quoted ${var:?} with guard")
T(M, "gzip_keep", "Compress a file under logs/ keeping the original.",
  {"file": "file name"}, 'gzip -kf "logs/«file»" && ls logs', "write",
  pay={"file": "../../secret.log"}, chk=("file", "{R}/home/agent/secret.log.gz"),
  ben={"file": "a.log"}, exp="a.log.gz", setup="mkdir logs && echo x > logs/a.log && echo s > /tmp/bcR/home/agent/secret.log",
  p=["gzip"], idiom="../ picks a file outside; .gz written next to it")
T(M, "zstd_pack", "Compress a directory listing file with zstd to packs/<name>.zst.",
  {"name": "pack name"}, 'mkdir -p packs && ls -la | zstd -q -o "packs/«name».zst" && ls packs', "write",
  pay={"name": TRAV}, chk=("file", HOMEF + ".zst"), ben={"name": "p1"}, exp="p1.zst", p=["zstd", "ls"])
T(M, "xz_verify", "Test an .xz archive under dist/.",
  {"name": "archive"}, 'xz -t -- "dist/«name».xz" && echo ok', "safe",
  ben={"name": "a"}, exp="ok", setup="mkdir dist && echo a | xz > dist/a.xz", p=["xz"])
T(M, "cksum_compare", "Compare two files byte by byte.",
  {"a": "first file", "b": "second file"}, "cmp -s -- «a» «b» && echo same || echo different", "safe",
  ben={"a": "x", "b": "y"}, exp="same", setup="echo 1 > x && echo 1 > y", p=["cmp"])
T(M, "bzip_archive", "Compress reports/<name>.txt with bzip2 into out/.",
  {"name": "report name"}, 'mkdir -p out && bzip2 -c "reports/«name».txt" > "out/«name».txt.bz2" && ls out', "write",
  pay={"name": TRAV}, chk=("file", HOMEF + ".txt.bz2"), ben={"name": "r"}, exp="r.txt.bz2",
  setup="mkdir reports && echo x > reports/r.txt", p=["bzip2"])

# ---------------------------------------------------------------- cloud_ops (stubs log argv)
M = "cloud_ops"
T(M, "k8s_delete_pod", "Delete one pod in the staging namespace.",
  {"pod": "pod name"}, "kubectl delete pod «pod» -n staging --wait=false", "option",
  pay={"pod": "--all"}, chk=("argv", ["--all"]), ben={"pod": "web-1"}, exp="ok kubectl", p=["kubectl"],
  idiom="--all as pod name")
T(M, "k8s_delete_pod_checked", "Delete one pod in the staging namespace.",
  {"pod": "pod name"}, "kubectl delete pod -n staging --wait=false -- «pod»", "safe",
  ben={"pod": "web-1"}, exp="ok kubectl", p=["kubectl"], idiom="--")
T(M, "k8s_tail_file", "Print a log file from inside the api deployment.",
  {"file": "log file name"}, 'kubectl exec -n app deploy/api -- sh -c "tail -n 20 /var/log/app/«file»"', "exec",
  pay={"file": "x; touch /tmp/blindC_canary_{ID}"}, chk="canary", ben={"file": "current"}, exp="ok kubectl",
  p=["kubectl", "sh"], idiom="kubectl exec sh -c string")
T(M, "k8s_cat_file", "Print a log file from inside the api deployment.",
  {"file": "log file name"}, 'kubectl exec -n app deploy/api -- tail -n 20 -- "/var/log/app/«file»"', "safe",
  ben={"file": "current"}, exp="ok kubectl", p=["kubectl"], idiom="argv exec, no shell")
T(M, "k8s_logs_for_app", "Logs of the first pod of an app label.",
  {"app": "app label"}, 'kubectl logs -n app "$(kubectl get pods -n app -l app=«app» -o name | head -1)"', "split",
  pay={"app": SPL}, chk=("argv", ["blindCsplitB"]), ben={"app": "web"}, exp="ok kubectl", p=["kubectl", "head"],
  idiom="placeholder in $( ) inside double quotes")
T(M, "k8s_scale", "Scale a deployment in app to N replicas.",
  {"name": "deployment", "replicas": "count"},
  '[[ «replicas» =~ ^[0-9]+$ ]] || { echo "replicas must be a number"; exit 2; }; kubectl scale "deployment/«name»" -n app --replicas=«replicas»', "safe",
  ben={"name": "web", "replicas": "3"}, exp="ok kubectl", p=["kubectl"], idiom="regex guard + prefixed resource")
T(M, "k8s_context_pods", "List pods of a namespace in the configured context.",
  {"namespace": "namespace"}, "kubectl --context ${KUBE_CONTEXT} get pods -n «namespace»", "safe",
  ben={"namespace": "app"}, exp="ok kubectl", p=["kubectl"], idiom="configured client variable")
T(M, "helm_deploy", "Install or upgrade a release from ./chart.",
  {"release": "release name"}, "helm upgrade --install «release» ./chart -n apps", "option",
  pay={"release": "--post-renderer=./x.sh"}, chk=("argv", ["--post-renderer=./x.sh"]), ben={"release": "web"}, exp="ok helm",
  p=["helm"], idiom="--post-renderer as release")
T(M, "helm_values_dump", "Save a release's values to values/<release>.yaml.",
  {"release": "release"}, 'mkdir -p values && helm get values «release» -n apps -o yaml > "values/«release».yaml" && ls values', "write",
  pay={"release": TRAV}, chk=("file", HOMEF + ".yaml"), ben={"release": "web"}, exp="web.yaml", p=["helm"])
T(M, "tf_apply_plan", "Apply a saved Terraform plan file.",
  {"planfile": "plan file"}, "terraform apply -input=false «planfile»", "option",
  pay={"planfile": "-auto-approve"}, chk=("argv", ["-auto-approve"]), ben={"planfile": "prod.tfplan"}, exp="ok terraform",
  p=["terraform"], idiom="-auto-approve as plan file")
T(M, "tf_apply_named", "Apply plans/<name>.tfplan.",
  {"name": "plan name"}, 'terraform apply -input=false "plans/«name».tfplan"', "safe",
  ben={"name": "prod"}, exp="ok terraform", p=["terraform"])
T(M, "tf_plan_env", "Plan with a data dir under the home directory.",
  {"target": "resource address"}, "terraform plan -target=«target»", "broken",
  ben={"target": "aws_s3_bucket.logs"}, exp="ok terraform", env={"TF_DATA_DIR": "$HOME/.terraform.d/data"},
  p=["terraform"], idiom="$HOME in env_vars is a client variable")
T(M, "s3_list", "List objects under a prefix of the team bucket.",
  {"prefix": "key prefix"}, 'aws s3 ls "s3://team-artifacts/«prefix»" --profile ${AWS_PROFILE}', "safe",
  ben={"prefix": "builds/"}, exp="ok aws", p=["aws"])
T(M, "s3_list_uri", "List an S3 URI.",
  {"uri": "s3:// URI"}, "aws s3 ls «uri»", "option",
  pay={"uri": "--endpoint-url=http://127.0.0.1:9"}, chk=("argv", ["--endpoint-url=http://127.0.0.1:9"]),
  ben={"uri": "s3://team-artifacts/"}, exp="ok aws", p=["aws"], idiom="--endpoint-url as URI")
T(M, "s3_presign_each", "Presign several object keys (space separated).",
  {"keys": "keys"}, 'for k in «keys»; do aws s3 presign "s3://team-artifacts/$k"; done', "broken",
  ben={"keys": "a.zip b.zip"}, exp="ok aws", p=["aws"], idiom="loop variable $k is a client variable")
T(M, "gcs_fetch", "Copy an object from the data bucket into incoming/.",
  {"object": "object path"}, 'mkdir -p incoming && gsutil cp "gs://team-data/«object»" incoming/', "safe",
  ben={"object": "x.csv"}, exp="ok gsutil", p=["gsutil"])
T(M, "gcloud_ssh_vm", "Open an IAP SSH session to a VM and run uptime.",
  {"vm": "instance name"}, "gcloud compute ssh «vm» --zone us-central1-a --tunnel-through-iap --command uptime", "option",
  pay={"vm": "--ssh-flag=-oProxyCommand=x"}, chk=("argv", ["--ssh-flag=-oProxyCommand=x"]), ben={"vm": "web-1"},
  exp="ok gcloud", p=["gcloud"])
T(M, "gcloud_set_project", "Switch project then list instance names.",
  {"project": "project id"},
  ["gcloud config set project «project»", 'gcloud compute instances list --format="value(name)" --project=$PROJECT'], "broken",
  ben={"project": "demo"}, exp="ok gcloud", p=["gcloud"], idiom="$PROJECT never configured")
T(M, "docker_run_tests", "Run the test suite in a container image.",
  {"image": "image reference"}, "docker run --rm «image» npm test", "option",
  pay={"image": "--volume=/:/host"}, chk=("argv", ["--volume=/:/host"]), ben={"image": "node:20"}, exp="ok docker",
  p=["docker"], idiom="--volume as image")
T(M, "docker_ls", "List a directory inside the web container.",
  {"path": "path"}, 'docker exec web sh -c "ls -la «path»"', "exec",
  pay={"path": "/; touch /tmp/blindC_canary_{ID}"}, chk="canary", ben={"path": "/"}, exp="ok docker",
  p=["docker", "sh"], idiom="docker exec sh -c string")
T(M, "docker_ls_argv", "List a directory inside the web container.",
  {"path": "path"}, "docker exec web ls -la -- «path»", "safe",
  ben={"path": "/"}, exp="ok docker", p=["docker", "ls"], idiom="argv exec")
T(M, "docker_build_tag", "Build the current directory as registry.local/<name>:<tag>.",
  {"name": "image name", "tag": "tag"}, 'docker build -t "registry.local/«name»:«tag»" .', "safe",
  ben={"name": "api", "tag": "1.0"}, exp="ok docker", p=["docker"])
T(M, "docker_build_version", "Build and tag with the current git commit.",
  {"name": "image name"}, ["git rev-parse --short HEAD", 'docker build -t "«name»:$CMD_0_OUTPUT" .'], "broken",
  ben={"name": "api"}, exp="ok docker", setup=GIT, p=["docker", "git"], idiom="$CMD_0_OUTPUT taken as client variable")
T(M, "az_vm_restart", "Restart an Azure VM in the ops resource group.",
  {"vm": "vm name"}, "az vm restart -g ops -n «vm» --no-wait", "safe",
  ben={"vm": "web1"}, exp="ok az", p=["az"], idiom="option value")
T(M, "rclone_sync", "Sync the site folder to a remote path.",
  {"dest": "remote:path"}, "rclone sync ./site «dest» --checksum", "option",
  pay={"dest": "--config=/tmp/blindC_x.conf"}, chk=("argv", ["--config=/tmp/blindC_x.conf"]), ben={"dest": "s3:site"},
  exp="ok rclone", p=["rclone"])
T(M, "restic_snapshots", "List backup snapshots tagged with a tag.",
  {"tag": "tag"}, "restic -r /srv/restic snapshots --tag «tag»", "safe",
  ben={"tag": "daily"}, exp="ok restic", p=["restic"])
T(M, "vault_read", "Read a secret path from the kv engine.",
  {"path": "secret path"}, 'vault kv get -format=json "kv/«path»"', "safe",
  ben={"path": "app/db"}, exp="ok vault", p=["vault"])
T(M, "skopeo_inspect", "Inspect a remote image.",
  {"image": "image"}, 'skopeo inspect "docker://«image»"', "safe",
  ben={"image": "alpine:3"}, exp="ok skopeo", p=["skopeo"])
T(M, "podman_pull", "Pull an image by reference.",
  {"images": "image reference"}, "echo «images» | xargs -n1 podman pull", "split",
  pay={"images": SPL}, chk=("argv", ["blindCsplitB"]), ben={"images": "alpine"}, exp="ok podman",
  p=["podman", "xargs"], idiom="xargs -n1 turns one word into an option")
T(M, "virsh_snapshot", "Snapshot a libvirt domain.",
  {"domain": "domain", "name": "snapshot name"}, "virsh snapshot-create-as --domain «domain» --name «name»", "safe",
  ben={"domain": "vm1", "name": "pre-upgrade"}, exp="ok virsh", p=["virsh"])
T(M, "trivy_scan", "Scan an image and print a summary line.",
  {"image": "image"}, 'echo "scan: $(trivy image --quiet «image» | head -1)"', "split",
  pay={"image": SPL}, chk=("argv", ["blindCsplitB"]), ben={"image": "alpine"}, exp="ok trivy", p=["trivy", "head"])

# ---------------------------------------------------------------- build_run (build tools, language one-liners)
M = "build_run"
MK = "printf 'build:\\n\\t@echo built $(VERSION)\\ntest:\\n\\t@echo tested\\n' > Makefile"
T(M, "make_target", "Run a make target.",
  {"target": "target"}, "make -s «target»", "exec",
  pay={"target": "--eval=$(shell touch /tmp/blindC_canary_{ID})"}, chk="canary", ben={"target": "build"}, exp="built",
  setup=MK, p=["make"], idiom="make --eval as target")
T(M, "make_known_target", "Run one of the build, test or lint targets.",
  {"target": "target"}, 'case «target» in build|test|lint) make -s «target» ;; *) echo "unknown target" ;; esac', "safe",
  ben={"target": "test"}, exp="tested", setup=MK, p=["make"], idiom="case allowlist")
T(M, "make_versioned", "Build with a version string.",
  {"version": "version"}, "make -s build VERSION=«version»", "exec",
  pay={"version": "1; touch /tmp/blindC_canary_{ID}"}, chk="canary", ben={"version": "1.2"}, exp="built 1.2",
  setup=MK, p=["make"], idiom="make variable expanded into a recipe")
T(M, "npm_add", "Install an npm package into the project.",
  {"package": "package spec"}, "npm install «package» --no-audit --no-fund", "option",
  pay={"package": "--registry=http://127.0.0.1:9/"}, chk=("argv", ["--registry=http://127.0.0.1:9/"]),
  ben={"package": "lodash"}, exp="ok npm", p=["npm"], idiom="--registry as package")
T(M, "npm_add_checked", "Install an npm package into the project.",
  {"package": "package spec"},
  '[[ «package» =~ ^(@[a-z0-9-]+/)?[a-z0-9._-]+(@[0-9A-Za-z.^~-]+)?$ ]] || { echo "invalid package"; exit 1; }; npm install --no-audit --no-fund «package»', "safe",
  ben={"package": "lodash"}, exp="ok npm", p=["npm"], idiom="regex guard")
T(M, "pip_add", "pip install a requirement.",
  {"package": "requirement"}, "pip install --quiet «package»", "option",
  pay={"package": "--index-url=http://127.0.0.1:9/simple"}, chk=("argv", ["--index-url=http://127.0.0.1:9/simple"]),
  ben={"package": "requests"}, exp="ok pip", p=["pip"])
T(M, "pip_add_checked", "pip install a requirement.",
  {"package": "requirement"}, "pip install --quiet -- «package»", "safe",
  ben={"package": "requests"}, exp="ok pip", p=["pip"], idiom="--")
T(M, "pip_install_list", "pip install several packages (space separated).",
  {"packages": "packages"}, "pip install --quiet «packages»", "broken",
  ben={"packages": "requests rich"}, exp="ok pip", chk=("log", "ARG:requests rich"), p=["pip"], idiom="list arg is one quoted word")
T(M, "cargo_add_dep", "Add a crate dependency.",
  {"crate": "crate"}, "cargo add «crate»", "option",
  pay={"crate": "--git=http://127.0.0.1:9/evil"}, chk=("argv", ["--git=http://127.0.0.1:9/evil"]), ben={"crate": "serde"},
  exp="ok cargo", p=["cargo"])
T(M, "mvn_set_version", "Set the Maven project version.",
  {"version": "version"}, "mvn -q versions:set -DnewVersion=«version»", "safe",
  ben={"version": "1.0.1"}, exp="ok mvn", p=["mvn"])
T(M, "gcc_build", "Compile src/main.c to bin/<name>.",
  {"name": "binary name"}, 'mkdir -p bin && gcc -O2 -o "bin/«name»" src/main.c && ls bin', "write",
  pay={"name": TRAV}, chk=("file", HOMEF), ben={"name": "hello"}, exp="hello",
  setup="mkdir src && echo 'int main(){return 0;}' > src/main.c", p=["gcc"])
T(M, "node_pkg_field", "Read a field of package.json.",
  {"field": "field name"}, "node -e 'const p=require(\"./package.json\"); console.log(p[process.argv[1]])' «field»", "exec",
  pay={"field": "--eval=require('fs').writeFileSync('/tmp/blindC_canary_{ID}','')"}, chk="canary",
  ben={"field": "version"}, exp="1.0.0", setup="echo '{\"version\":\"1.0.0\"}' > package.json", p=["node"],
  idiom="value after node -e is parsed as a node option")
T(M, "node_pkg_field_dd", "Read a field of package.json.",
  {"field": "field name"}, "node -e 'const p=require(\"./package.json\"); console.log(p[process.argv[1]])' -- «field»", "safe",
  ben={"field": "version"}, exp="1.0.0", setup="echo '{\"version\":\"1.0.0\"}' > package.json", p=["node"], idiom="-- after -e")
T(M, "node_pkg_expr", "Read a (dotted) field of package.json.",
  {"field": "field path"}, "node -e \"console.log(require('./package.json').«field»)\"", "exec",
  pay={"field": "version); require('fs').writeFileSync('/tmp/blindC_canary_{ID}', ''); (1"}, chk="canary",
  ben={"field": "version"}, exp="1.0.0", setup="echo '{\"version\":\"1.0.0\"}' > package.json", p=["node"],
  idiom="JS code in double quotes")
T(M, "python_eval", "Evaluate an arithmetic expression.",
  {"expr": "expression"}, 'python3 -c "print(«expr»)"', "exec",
  pay={"expr": "__import__('os').system('touch /tmp/blindC_canary_{ID}')"}, chk="canary", ben={"expr": "2*21"}, exp="42",
  p=["python3"])
T(M, "bc_calc", "Evaluate an arithmetic expression with bc.",
  {"expr": "expression"}, "echo «expr» | bc -l", "safe",
  ben={"expr": "2*21"}, exp="42", p=["bc"], idiom="bc has no shell escape")
T(M, "expr_add", "Add two integers.",
  {"a": "integer", "b": "integer"}, "expr «a» + «b»", "safe",
  ben={"a": "2", "b": "40"}, exp="42", p=["expr"])
T(M, "cmake_configure", "Configure a CMake build directory build/<preset>.",
  {"preset": "preset name"}, 'cmake -S . -B "build/«preset»" -G Ninja >/dev/null && ls build', "write",
  pay={"preset": TRAV}, chk=("file", HOMEF + "/CMakeCache.txt"), ben={"preset": "release"}, exp="release",
  setup="printf 'cmake_minimum_required(VERSION 3.10)\\nproject(x NONE)\\n' > CMakeLists.txt", p=["cmake"])
T(M, "go_test_pkg", "Run go test on a package pattern.",
  {"pkg": "package"}, "go test «pkg»", "option",
  pay={"pkg": "-exec=./evil"}, chk=("argv", ["-exec=./evil"]), ben={"pkg": "./..."}, exp="ok go", p=["go"],
  idiom="go test -exec")
T(M, "poetry_add", "Add a dependency with poetry.",
  {"dep": "dependency"}, "poetry add -- «dep»", "safe", ben={"dep": "rich"}, exp="ok poetry", p=["poetry"])
T(M, "gem_install", "Install a gem.",
  {"gem": "gem name"}, "gem install «gem» --no-document", "option",
  pay={"gem": "--source=http://127.0.0.1:9"}, chk=("argv", ["--source=http://127.0.0.1:9"]), ben={"gem": "rake"}, exp="ok gem",
  p=["gem"])
T(M, "composer_require", "Require a PHP package.",
  {"package": "vendor/package"}, 'composer require "«package»"', "option",
  pay={"package": "--working-dir=/tmp"}, chk=("argv", ["--working-dir=/tmp"]), ben={"package": "monolog/monolog"}, exp="ok composer",
  p=["composer"], idiom="quoted but still an option")
T(M, "gradle_task", "Run one gradle task.",
  {"task": "task"}, "gradle -q «task»", "option",
  pay={"task": "--init-script=/tmp/evil.gradle"}, chk=("argv", ["--init-script=/tmp/evil.gradle"]), ben={"task": "test"},
  exp="ok gradle", p=["gradle"])
# ---------------------------------------------------------------- host_admin (sysadmin, ssh, crypto)
M = "host_admin"
T(M, "remote_df", "Disk usage of a mount point on the app01 host.",
  {"mount": "mount point"}, 'ssh -o BatchMode=yes deploy@app01 "df -h «mount»"', "exec",
  pay={"mount": "/; touch /tmp/blindC_canary_{ID}"}, chk="canary", ben={"mount": "/"}, exp="Filesystem",
  p=["ssh", "df"], idiom="remote command string re-parsed by the remote shell")
T(M, "remote_du_quoted", "Size of a directory on app01 (path is shell-quoted).",
  {"path": "directory"}, "ssh deploy@app01 \"du -sh $(printf '%q' «path»)\"", "split",
  pay={"path": SPL}, chk=("out", "blindCsplitAblindCsplitB"), ben={"path": "/tmp"}, exp="/tmp",
  p=["ssh", "printf", "du"], idiom="printf %q inside $( ) in double quotes: value word-split")
T(M, "remote_log_grep", "Search the remote app log on app01 for a fixed string (filtered locally).",
  {"pattern": "text"}, "ssh deploy@app01 'cat /etc/hostname /etc/os-release' | grep -F -- «pattern»", "safe",
  ben={"pattern": "NAME"}, exp="NAME", p=["ssh", "grep"], idiom="value used only locally")
T(M, "remote_host_uptime", "Uptime of a host.",
  {"host": "hostname"}, "ssh -o BatchMode=yes «host» uptime", "option",
  pay={"host": "-oProxyCommand=touch /tmp/blindC_x"}, chk=("argv", ["-oProxyCommand=touch /tmp/blindC_x"]),
  ben={"host": "app01"}, exp="load average", p=["ssh"], idiom="host as -o option")
T(M, "service_restart", "Restart a systemd unit with sudo.",
  {"unit": "unit name"}, 'sudo systemctl restart -- "«unit».service"', "safe",
  ben={"unit": "nginx"}, exp="ok systemctl", p=["sudo", "systemctl"], idiom="-- and suffix")
T(M, "service_status", "Status of a systemd unit.",
  {"unit": "unit name"}, "systemctl status «unit» --no-pager", "option",
  pay={"unit": "--host=root@10.0.0.1"}, chk=("argv", ["--host=root@10.0.0.1"]), ben={"unit": "nginx"}, exp="ok systemctl",
  p=["systemctl"])
T(M, "journal_unit", "Last 50 journal lines of a unit.",
  {"unit": "unit"}, "journalctl --no-pager -n 50 -u «unit»", "safe",
  ben={"unit": "nginx"}, exp="ok journalctl", p=["journalctl"], idiom="option value")
T(M, "sudo_conf_append", "Append a line to conf.d/<name>.conf as root.",
  {"name": "file name", "entry": "line"}, 'mkdir -p conf.d && printf \'%s\\n\' «entry» | sudo tee -a "conf.d/«name».conf" >/dev/null && echo added', "write",
  pay={"name": TRAV}, chk=("file", HOMEF + ".conf"), ben={"name": "limits", "entry": "nofile 4096"}, exp="added",
  p=["sudo", "tee"])
T(M, "env_build", "Run ./build.sh with one extra environment setting (KEY=value).",
  {"setting": "KEY=value"}, "env «setting» bash ./build.sh", "exec",
  pay={"setting": "BASH_ENV=$(touch /tmp/blindC_canary_{ID})"}, chk="canary", ben={"setting": "CI=true"}, exp="build ok",
  setup="echo 'echo build ok' > build.sh", p=["env", "bash"], idiom="BASH_ENV is expanded by bash")
T(M, "env_build_checked", "Run ./build.sh in CI mode with a build label.",
  {"label": "label"}, "BUILD_LABEL=«label» bash ./build.sh", "safe",
  ben={"label": "nightly"}, exp="build ok", setup="echo 'echo build ok' > build.sh", p=["bash"], idiom="value as env assignment")
T(M, "health_timeout", "Call a health endpoint path with a 10s timeout.",
  {"path": "path"}, 'timeout 10 bash -c "curl -fsS http://127.0.0.1:18931/«path»"', "exec",
  pay={"path": "health; touch /tmp/blindC_canary_{ID}"}, chk="canary", ben={"path": "health"}, exp="OK",
  p=["timeout", "bash", "curl"], idiom="bash -c string")
T(M, "health_timeout_argv", "Call a health endpoint path with a 10s timeout.",
  {"path": "path"}, 'timeout 10 curl -fsS "http://127.0.0.1:18931/«path»"', "safe",
  ben={"path": "health"}, exp="OK", p=["timeout", "curl"], idiom="URL prefix")
T(M, "gpg_seal", "Encrypt notes.txt symmetrically into vault/<name>.gpg.",
  {"name": "name", "passphrase": "passphrase"},
  'mkdir -p vault && gpg --batch --yes --pinentry-mode loopback -c --passphrase «passphrase» -o "vault/«name».gpg" notes.txt && ls vault', "write",
  pay={"name": TRAV}, chk=("file", HOMEF + ".gpg"), ben={"name": "n1", "passphrase": "pw"}, exp="n1.gpg",
  setup="echo secret > notes.txt && mkdir -p -m 700 /tmp/bcR/home/agent/.gnupg", p=["gpg"])
T(M, "keygen", "Generate an ed25519 deploy key keys/<name>.",
  {"name": "key name", "comment": "comment"}, 'mkdir -p keys && ssh-keygen -q -t ed25519 -N "" -C «comment» -f "keys/«name»" && ls keys', "write",
  pay={"name": TRAV}, chk=("file", HOMEF), ben={"name": "deploy", "comment": "ci"}, exp="deploy.pub", p=["ssh-keygen"])
T(M, "keygen_checked", "Generate an ed25519 deploy key keys/<name>.",
  {"name": "key name", "comment": "comment"},
  '[[ «name» =~ ^[a-z0-9_-]+$ ]] || { echo "bad key name"; exit 1; }; mkdir -p keys && ssh-keygen -q -t ed25519 -N "" -C «comment» -f "keys/«name»" && ls keys', "safe",
  ben={"name": "deploy", "comment": "ci"}, exp="deploy.pub", p=["ssh-keygen"], idiom="regex guard")
T(M, "key_fingerprint", "Fingerprint of a public key under keys/.",
  {"name": "key name"}, 'ssh-keygen -l -f "keys/«name».pub"', "safe",
  ben={"name": "k"}, exp="ED25519", setup="mkdir keys && ssh-keygen -q -t ed25519 -N '' -f keys/k", p=["ssh-keygen"])
T(M, "openssl_rand", "Random hex token of N bytes.",
  {"bytes": "byte count"}, "openssl rand -hex «bytes»", "option",
  pay={"bytes": "-out=/tmp/blindC_opt_{ID}"}, chk=("file", "/tmp/blindC_opt_{ID}"), ben={"bytes": "4"}, exp="", p=["openssl"],
  idiom="openssl -opt=value form")
T(M, "cert_subject", "Subject of a certificate under certs/.",
  {"name": "cert name"}, 'openssl x509 -in "certs/«name».pem" -noout -subject', "safe",
  ben={"name": "site"}, exp="CN", setup="mkdir certs && openssl req -x509 -newkey rsa:1024 -nodes -keyout certs/k.pem -out certs/site.pem -subj /CN=site -days 1 2>/dev/null",
  p=["openssl"])
T(M, "csr_create", "Create a key and CSR for a host under csr/.",
  {"host": "host name"},
  'mkdir -p csr && openssl req -new -newkey rsa:1024 -nodes -keyout "csr/«host».key" -out "csr/«host».csr" -subj "/CN=«host»" 2>/dev/null && ls csr', "write",
  pay={"host": TRAV}, chk=("file", HOMEF + ".key"), ben={"host": "web"}, exp="web.csr", p=["openssl"])
T(M, "tz_time", "Current time in a time zone.",
  {"tz": "IANA zone"}, "TZ=«tz» date +%H:%M", "safe", ben={"tz": "UTC"}, exp=":", p=["date"])
T(M, "trap_workdir", "Prepare a scratch work directory that is removed when done.",
  {"workdir": "directory name"}, 'trap "rm -rf «workdir»" EXIT; mkdir -p «workdir» && echo ready', "exec",
  pay={"workdir": "x; touch /tmp/blindC_canary_{ID}"}, chk="canary", ben={"workdir": "scratch"}, exp="ready",
  p=["trap", "rm"], idiom="trap string re-evaluated")
T(M, "trap_workdir_sq", "Prepare a scratch work directory that is removed when done.",
  {"workdir": "directory name"}, "case «workdir» in *..*|/*|-*|'') echo 'bad name'; exit 1;; esac; mkdir -p -- \"scratch/«workdir»\" && trap 'rm -rf -- scratch' EXIT && echo ready", "safe",
  ben={"workdir": "scratch"}, exp="ready", p=["trap", "mkdir"], idiom="fixed trap")
T(M, "app_env_source", "Write the app name to .app.env and load it.",
  {"name": "application name"}, 'echo "export APP_NAME=«name»" > .app.env && . ./.app.env && echo "configured ${APP_NAME:-}"', "exec",
  pay={"name": "x; touch /tmp/blindC_canary_{ID}"}, chk="canary", ben={"name": "shop"}, exp="configured shop",
  p=["echo", "source"], idiom="file written then sourced")
T(M, "app_env_source_q", "Write the app name to .app.env and load it.",
  {"name": "application name"}, "printf 'export APP_NAME=%q\\n' «name» > .app.env && . ./.app.env && echo \"configured ${APP_NAME:-}\"", "safe",
  ben={"name": "shop"}, exp="configured shop", p=["printf", "source"], idiom="printf %q before source")
T(M, "crontab_show", "Show the crontab of a service user.",
  {"user": "user"}, "crontab -l -u «user»", "safe", ben={"user": "deploy"}, exp="ok crontab", p=["crontab"])
T(M, "ufw_allow", "Allow a TCP port in the firewall.",
  {"port": "port"}, '[[ «port» =~ ^[0-9]{1,5}$ ]] && sudo ufw allow "«port»/tcp"', "safe",
  ben={"port": "8080"}, exp="ok ufw", p=["sudo", "ufw"])
T(M, "certbot_issue", "Issue a certificate for a domain.",
  {"domain": "domain"}, "certbot certonly --webroot -w /var/www -d «domain» --non-interactive", "safe",
  ben={"domain": "example.org"}, exp="ok certbot", p=["certbot"])
T(M, "apt_install", "Install a Debian package.",
  {"pkg": "package"}, "sudo apt-get install -y «pkg»", "option",
  pay={"pkg": "-oDPkg::Pre-Invoke::=touch /tmp/blindC_x"}, chk=("argv", ["-oDPkg::Pre-Invoke::=touch /tmp/blindC_x"]),
  ben={"pkg": "htop"}, exp="ok apt-get", p=["sudo", "apt-get"])
T(M, "nmap_scan", "Port scan one host of the lab network.",
  {"host": "host"}, "nmap -Pn -p 22,80,443 «host»", "option",
  pay={"host": "-oN/tmp/blindC_x"}, chk=("argv", ["-oN/tmp/blindC_x"]), ben={"host": "10.0.0.5"}, exp="ok nmap", p=["nmap"])
T(M, "logrotate_df_comment", "Free space of a mount point.",
  {"mount": "mount point"}, "df -h «mount» # human readable", "broken",
  ben={"mount": "/"}, exp="Filesystem", p=["df"], idiom="trailing comment swallows the runtime's closing paren")
T(M, "ipmi_power", "Power status of a BMC.",
  {"bmc": "bmc host"}, "ipmitool -I lanplus -H «bmc» -U admin -E chassis power status", "safe",
  ben={"bmc": "10.0.0.9"}, exp="ok ipmitool", p=["ipmitool"])

# ---------------------------------------------------------------- shell_kit (bash idioms)
M = "shell_kit"
T(M, "minutes_to_seconds", "Convert minutes to seconds.",
  {"minutes": "minutes"}, "echo $(( «minutes» * 60 ))", "exec",
  pay={"minutes": "a[$(touch /tmp/blindC_canary_{ID})]"}, chk="canary", ben={"minutes": "2"}, exp="120", p=["bash"],
  idiom="arithmetic expansion")
T(M, "minutes_to_seconds_checked", "Convert minutes to seconds.",
  {"minutes": "minutes"}, '[[ «minutes» =~ ^[0-9]+$ ]] || { echo "not a number"; exit 1; }; echo $(( «minutes» * 60 ))', "safe",
  ben={"minutes": "2"}, exp="120", p=["bash"], idiom="regex guard before arithmetic")
T(M, "retry_budget", "Tell whether a retry count is above the limit.",
  {"retries": "count"}, 'if [[ «retries» -gt 5 ]]; then echo "too many"; else echo "fine"; fi', "exec",
  pay={"retries": "a[$(touch /tmp/blindC_canary_{ID})]"}, chk="canary", ben={"retries": "2"}, exp="fine", p=["bash"],
  idiom="[[ -gt ]] evaluates arithmetic")
T(M, "retry_budget_test", "Tell whether a retry count is above the limit.",
  {"retries": "count"}, 'if [ «retries» -gt 5 ] 2>/dev/null; then echo "too many"; else echo "fine"; fi', "safe",
  ben={"retries": "2"}, exp="fine", p=["bash"], idiom="[ -gt ] does not evaluate")
T(M, "pad_number", "Zero-pad a build number to 6 digits.",
  {"n": "number"}, "printf '%06d\\n' «n»", "safe", ben={"n": "42"}, exp="000042", p=["printf"], idiom="printf %d does not evaluate")
T(M, "port_next", "Next port after a base port.",
  {"port": "port"}, 'declare -i p=«port»; echo "next port: $((p + 1))"', "exec",
  pay={"port": "a[$(touch /tmp/blindC_canary_{ID})]"}, chk="canary", ben={"port": "8080"}, exp="next port: 8081", p=["bash"],
  idiom="declare -i assignment")
T(M, "color_by_index", "Pick a palette colour by index (0-2).",
  {"idx": "index"}, 'colors=(red green blue); echo "${colors[«idx»]}"', "exec",
  pay={"idx": "a[$(touch /tmp/blindC_canary_{ID})]"}, chk="canary", ben={"idx": "1"}, exp="green", p=["bash"],
  idiom="array subscript is arithmetic")
T(M, "color_by_name", "Look up a palette colour by name.",
  {"name": "name"}, 'declare -A colors=([ok]=green [warn]=yellow [fail]=red); echo "${colors[«name»]:-unknown}"', "safe",
  ben={"name": "warn"}, exp="yellow", p=["bash"], idiom="associative subscript is not arithmetic")
T(M, "big_or_small", "Classify a size.",
  {"n": "size"}, "(( «n» > 100 )) && echo big || echo small", "exec",
  pay={"n": "a[$(touch /tmp/blindC_canary_{ID})]"}, chk="canary", ben={"n": "5"}, exp="small", p=["bash"])
T(M, "set_setting", "Set a named setting and show it.",
  {"key": "setting name", "value": "value"}, 'declare "«key»=«value»"; declare -p «key»', "exec",
  pay={"key": "a[$(touch /tmp/blindC_canary_{ID})]", "value": "1"}, chk="canary", ben={"key": "mode", "value": "fast"},
  exp='mode="fast"', p=["bash"], idiom="declare with a computed name")
T(M, "printf_to_var", "Format a greeting into a variable and print it.",
  {"var": "variable name", "who": "name"}, "printf -v «var» 'hello %s' «who» && declare -p «var»", "exec",
  pay={"var": "a[$(touch /tmp/blindC_canary_{ID})]", "who": "x"}, chk="canary", ben={"var": "msg", "who": "ann"},
  exp="hello ann", p=["printf"], idiom="printf -v name")
T(M, "greet_heredoc", "Greeting built with a here-document.",
  {"name": "name"}, "read -r greeting <<EOF\nHello «name»\nEOF\necho \"${greeting:-}\"", "broken",
  ben={"name": "bob"}, exp="Hello bob", p=["read"], idiom="placeholder quotes stay literal in a here-doc")
T(M, "motd_quoted_heredoc", "Render the message of the day with a name.",
  {"name": "name"}, "cat <<'EOF'\nWelcome «name», have a nice day\nEOF", "broken",
  ben={"name": "bob"}, exp="Welcome bob", p=["cat"], idiom="quoted here-doc: reference never expanded")
T(M, "motd_printf", "Render the message of the day with a name.",
  {"name": "name"}, "printf 'Welcome %s, have a nice day\\n' «name»", "safe",
  ben={"name": "bob"}, exp="Welcome bob", p=["printf"])
T(M, "report_title", "Print '<name>'s report for <period>'.",
  {"name": "name", "period": "period"}, "printf $'%s\\'s report for %s\\n' Team «period»", "broken",
  ben={"name": "x", "period": "Q3"}, exp="Team's report for Q3", p=["printf"], idiom="$'..' with escaped quote fools the tracker")
T(M, "ls_comment", "List a directory (long format).",
  {"dir": "directory"}, "# won't follow symlinks\nls -l «dir»", "broken",
  ben={"dir": "logs"}, exp="a.log", setup="mkdir logs && touch logs/a.log", p=["ls"], idiom="apostrophe in a comment")
T(M, "ls_plain", "List a directory (long format).",
  {"dir": "directory"}, "# does not follow symlinks\nls -l -- «dir»", "safe",
  ben={"dir": "logs"}, exp="a.log", setup="mkdir logs && touch logs/a.log", p=["ls"], idiom="comment without quote")
T(M, "node_names", "Print node names node-1..node-N.",
  {"count": "N"}, "printf 'node-%s\\n' {1..«count»}", "broken",
  ben={"count": "3"}, exp="node-2", p=["printf"], idiom="brace expansion happens before the value")
T(M, "node_names_seq", "Print node names node-1..node-N.",
  {"count": "N"}, "seq -f 'node-%g' -- «count»", "safe", ben={"count": "3"}, exp="node-2", p=["seq"])
T(M, "enter_and_list", "List the files of a project directory.",
  {"dir": "project directory"}, ["cd «dir»", "ls"], "broken",
  ben={"dir": "proj"}, exp="main.py", setup="mkdir proj && touch proj/main.py", p=["cd", "ls"], idiom="cd does not survive the step")
T(M, "enter_and_list_one", "List the files of a project directory.",
  {"dir": "project directory"}, "cd -- «dir» && ls", "safe",
  ben={"dir": "proj"}, exp="main.py", setup="mkdir proj && touch proj/main.py", p=["cd", "ls"])
T(M, "missing_input", "Line count of a file.",
  {"filename": "file"}, "wc -l «file_name»", "broken",
  ben={"filename": "a.txt"}, exp="1 ", setup="echo a > a.txt", p=["wc"], idiom="placeholder name differs from the input")
T(M, "home_report", "Copy a report into the reports folder of the home directory.",
  {"report": "report file"}, 'mkdir -p "$HOME/reports" && cp -- «report» "$HOME/reports/"', "broken",
  ben={"report": "a.txt"}, exp="", chk=("err", None), setup="echo a > a.txt", p=["cp"], idiom="$HOME is a client variable")
T(M, "path_prefix_tool", "Run the project's pinned linter on a file.",
  {"file": "file"}, "eslint --no-color «file»", "broken",
  ben={"file": "a.js"}, exp="", chk=("err", None), env={"PATH": "/opt/node/bin:$PATH"}, p=["eslint"], idiom="$PATH in env_vars")
T(M, "func_wrapper", "Run git log through a helper function.",
  {"range": "range"}, 'gl() { git log --oneline "$@"; }; gl -n 5 --end-of-options «range» --', "safe",
  ben={"range": "HEAD"}, exp="second", setup=GIT, p=["git"], idiom="function with \"$@\"")
T(M, "func_first_arg", "Show the size of a file via a helper.",
  {"file": "file"}, 'sz() { stat -c %s "$1"; }; sz «file»', "broken",
  ben={"file": "a.txt"}, exp="2", setup="echo a > a.txt", p=["stat"], idiom="$1 is a client variable")
T(M, "func_default_arg", "List a directory via a helper with a default.",
  {"dir": "directory"}, "lsd() { ls -1 ${1:-.}; }; lsd «dir»", "split",
  pay={"dir": SPL}, chk=("out", "blindCsplitB"), ben={"dir": "logs"}, exp="a.log",
  setup="mkdir logs && touch logs/a.log blindCsplitB", p=["ls"], idiom="unquoted ${1:-.}")
T(M, "sh_c_args", "Archive the given paths with tar (via sh -c).",
  {"path": "path"}, "sh -c 'tar -czf out.tgz -- \"$@\" && tar -tzf out.tgz' sh «path»", "safe",
  ben={"path": "docs"}, exp="docs/", setup="mkdir docs && touch docs/a", p=["sh", "tar"], idiom="sh -c with \"$@\"")
T(M, "read_fields", "Split a 'user:group' pair and print it.",
  {"pair": "user:group"}, "IFS=: read -r u g <<< «pair»; echo \"user=${u:-} group=${g:-}\"", "safe",
  ben={"pair": "app:web"}, exp="user=app group=web", p=["read"], idiom="here-string")
T(M, "mapfile_hosts", "Ping-check hosts listed one per line.",
  {"hosts": "hosts, one per line"}, "mapfile -t hs <<< «hosts»; printf 'checking %s\\n' \"${hs[@]}\"", "safe",
  ben={"hosts": "a\nb"}, exp="checking b", p=["mapfile", "printf"], idiom="mapfile (intended newline split)")
T(M, "eval_alias", "Run one of the predefined maintenance commands by name.",
  {"name": "command name"}, 'eval "run_«name»" 2>/dev/null || echo "unknown"', "exec",
  pay={"name": "x; touch /tmp/blindC_canary_{ID}"}, chk="canary", ben={"name": "x"}, exp="unknown", p=["eval"])
T(M, "process_subst_diff", "Diff the sorted contents of two lists.",
  {"a": "file", "b": "file"}, "diff <(sort -- «a») <(sort -- «b») && echo same", "safe",
  ben={"a": "x", "b": "y"}, exp="same", setup="printf '1\\n2\\n' > x && printf '2\\n1\\n' > y", p=["diff", "sort"],
  idiom="process substitution")
T(M, "bash_c_grep", "Count matching lines in app.log.",
  {"term": "term"}, 'bash -c "grep -c «term» app.log"', "exec",
  pay={"term": "x app.log; touch /tmp/blindC_canary_{ID}; #"}, chk="canary", ben={"term": "ERROR"}, exp="1",
  setup="echo ERROR > app.log", p=["bash", "grep"])
T(M, "loop_targets", "Run lint for each target listed (space separated).",
  {"targets": "targets"}, 'for t in «targets»; do echo "lint ${t:-}"; done', "broken",
  ben={"targets": "api web"}, exp="lint web", p=["bash"], idiom="quoted list iterates once")

# ---------------------------------------------------------------- net_fetch (curl/wget against 127.0.0.1)
M = "net_fetch"
BASE = "http://127.0.0.1:18931"
T(M, "fetch_path", "GET a path of the internal API.",
  {"path": "path"}, 'curl -fsS "' + BASE + '/«path»"', "safe",
  ben={"path": "health"}, exp="OK", p=["curl"], idiom="URL prefix")
T(M, "fetch_to_downloads", "Download a file of the internal site into downloads/<name>.",
  {"file": "remote file", "name": "local name"}, 'mkdir -p downloads && curl -fsS -o "downloads/«name»" "' + BASE + '/«file»" && ls downloads', "write",
  pay={"name": TRAV}, chk=("file", HOMEF), ben={"file": "report.csv", "name": "r.csv"}, exp="r.csv", p=["curl"])
T(M, "fetch_save_as", "Download the report and save it under a file name.",
  {"out": "output file"}, "curl -fsS -o «out» " + BASE + "/report.csv && echo saved", "write",
  pay={"out": "/tmp/blindC_w_{ID}"}, chk=("file", "/tmp/blindC_w_{ID}"), ben={"out": "r.csv"}, exp="saved", p=["curl"],
  idiom="-o value is any path")
T(M, "fetch_with_token", "GET an API path with the configured bearer token.",
  {"path": "path"}, 'curl -fsS -H "Authorization: Bearer ${API_TOKEN}" "' + BASE + '/«path»"', "safe",
  ben={"path": "items.json"}, exp="widget", p=["curl"], idiom="configured client variable")
T(M, "fetch_header", "GET with an extra request header.",
  {"header": "Header: value"}, "curl -fsS -H «header» " + BASE + "/health", "safe",
  ben={"header": "X-Trace: 1"}, exp="OK", p=["curl"], idiom="-H value")
T(M, "fetch_url_split", "Fetch a URL and show the first line.",
  {"url": "url"}, 'echo "$(curl -fsS «url» | head -1)"', "split",
  pay={"url": BASE + "/health -o /tmp/blindC_opt_{ID}"}, chk=("file", "/tmp/blindC_opt_{ID}"),
  ben={"url": BASE + "/items.json"}, exp="widget", p=["curl", "head"], idiom="placeholder in $( ) inside double quotes")
T(M, "fetch_item_name", "Name of an item of the API by id.",
  {"id": "item id"}, "curl -fsS " + BASE + "/items.json | jq -r --argjson id «id» '.[] | select(.id == $id) | .name'", "broken",
  ben={"id": "2"}, exp="gadget", p=["curl", "jq"], idiom="jq $id client variable")
T(M, "fetch_items_names", "Names of all items.",
  {"fmt": "raw or json"}, "curl -fsS " + BASE + "/items.json | jq -c '[.[].name]' | sed 's/^/«fmt»: /'", "exec",
  pay={"fmt": "x/;e touch /tmp/blindC_canary_{ID}\n#"}, chk="canary",
  ben={"fmt": "raw"}, exp="raw: ", p=["curl", "jq", "sed"],
  idiom="placeholder in single-quoted sed program")
T(M, "wget_mirror_page", "Save one page of the internal site into mirror/.",
  {"page": "page"}, 'wget -q -P mirror "' + BASE + '/«page»" && ls mirror', "safe",
  ben={"page": "health"}, exp="health", p=["wget"])
T(M, "wget_save", "Save one page of the internal site as a given name in mirror/.",
  {"page": "page", "name": "name"}, 'mkdir -p mirror && wget -q -O "mirror/«name»" "' + BASE + '/«page»" && ls mirror', "write",
  pay={"name": TRAV}, chk=("file", HOMEF), ben={"page": "health", "name": "h.txt"}, exp="h.txt", p=["wget"])
T(M, "post_json", "POST a JSON body to an endpoint path.",
  {"path": "path", "body": "json"}, 'curl -fsS -X POST -H "Content-Type: application/json" --data-raw «body» "' + BASE + '/«path»" || echo "post failed"', "safe",
  ben={"path": "health", "body": "{}"}, exp="", p=["curl"], idiom="--data-raw value")
T(M, "curl_config_file", "GET an API path using the saved curl config (configs/<profile>.curlrc).",
  {"profile": "profile", "path": "path"}, 'curl -fsS -K "configs/«profile».curlrc" "' + BASE + '/«path»"', "safe",
  ben={"profile": "dev", "path": "health"}, exp="OK", setup="mkdir configs && echo 'silent' > configs/dev.curlrc", p=["curl"])

# ---------------------------------------------------------------- data_media (databases, media, docs)
M = "data_media"
DB = "sqlite3 app.db \"CREATE TABLE users(id INTEGER, name TEXT, email TEXT); INSERT INTO users VALUES (1,'ann','ann@x.org'),(2,'bob','bob@x.org');\""
T(M, "user_email", "Email of a user by name.",
  {"name": "user name"}, "echo \"SELECT email FROM users WHERE name = '«name»';\" | sqlite3 app.db", "exec",
  pay={"name": "x';\n.shell touch /tmp/blindC_canary_{ID}\nSELECT '"}, chk="canary", ben={"name": "ann"}, exp="ann@x.org",
  setup=DB, p=["sqlite3", "echo"], idiom="SQL text piped to sqlite3 (dot-commands on new lines)")
T(M, "user_email_param", "Email of a user by name.",
  {"name": "user name"},
  "python3 -c 'import sqlite3,sys; print(sqlite3.connect(\"app.db\").execute(\"SELECT email FROM users WHERE name=?\", (sys.argv[1],)).fetchone())' «name»", "safe",
  ben={"name": "ann"}, exp="ann@x.org", setup=DB, p=["python3", "sqlite3"], idiom="bound SQL parameter")
T(M, "table_count", "Row count of a table.",
  {"table": "table name"}, 'sqlite3 app.db "SELECT count(*) FROM «table»;"', "write",
  pay={"table": "users; ATTACH '/tmp/blindC_w_{ID}' AS x; CREATE TABLE x.t(a)"}, chk=("file", "/tmp/blindC_w_{ID}"),
  ben={"table": "users"}, exp="2", setup=DB, p=["sqlite3"], idiom="SQL injection ATTACH writes a file")
T(M, "table_count_checked", "Row count of a table.",
  {"table": "table name"},
  'case «table» in users|orders|events) sqlite3 app.db "SELECT count(*) FROM «table»;" ;; *) echo "unknown table";; esac', "safe",
  ben={"table": "users"}, exp="2", setup=DB, p=["sqlite3"], idiom="case allowlist before SQL")
T(M, "export_csv", "Export the users table to exports/<name>.csv.",
  {"name": "export name"}, 'mkdir -p exports && sqlite3 -csv app.db "SELECT * FROM users" > "exports/«name».csv" && ls exports', "write",
  pay={"name": TRAV}, chk=("file", HOMEF + ".csv"), ben={"name": "u"}, exp="u.csv", setup=DB, p=["sqlite3"])
T(M, "db_backup", "Online backup of app.db into backups/<name>.db.",
  {"name": "backup name"}, "mkdir -p backups && sqlite3 app.db \".backup 'backups/«name».db'\" && ls backups", "write",
  pay={"name": TRAV}, chk=("file", HOMEF + ".db"), ben={"name": "nightly"}, exp="nightly.db", setup=DB, p=["sqlite3"],
  idiom="dot-command path")
T(M, "user_by_id", "User row by numeric id.",
  {"id": "id"}, '[[ «id» =~ ^[0-9]+$ ]] || exit 1; sqlite3 app.db "SELECT name FROM users WHERE id = «id»;"', "safe",
  ben={"id": "2"}, exp="bob", setup=DB, p=["sqlite3"], idiom="regex guard before SQL")
T(M, "pg_count", "Row count of a table in the app database.",
  {"table": "table"}, 'psql -At -d app -c "SELECT count(*) FROM $(printf %s «table»)"', "split",
  pay={"table": SPL}, chk=("log", "blindCsplitAblindCsplitB"), ben={"table": "users"}, exp="ok psql", p=["psql", "printf"],
  idiom="placeholder in $( ) inside double quotes")
T(M, "pg_dump_table", "Dump one table of the app database to stdout.",
  {"table": "table"}, "pg_dump -d app -t «table» --data-only", "safe",
  ben={"table": "users"}, exp="ok pg_dump", p=["pg_dump"], idiom="-t value")
T(M, "redis_get", "Get a cache key.",
  {"key": "key"}, 'redis-cli -h 127.0.0.1 GET "cache:«key»"', "safe", ben={"key": "home"}, exp="ok redis-cli", p=["redis-cli"])
T(M, "video_thumb", "Grab a thumbnail of a video into thumbs/<name>.jpg.",
  {"video": "video file", "name": "thumbnail name"}, 'mkdir -p thumbs && ffmpeg -y -ss 1 -i «video» -frames:v 1 "thumbs/«name».jpg"', "write",
  pay={"name": TRAV}, chk=("file", HOMEF + ".jpg"), ben={"video": "a.mp4", "name": "a"}, exp="ok ffmpeg", p=["ffmpeg"])
T(M, "video_thumb_checked", "Grab a thumbnail of a video into thumbs/<name>.jpg.",
  {"video": "video file", "name": "thumbnail name"},
  '[[ «name» =~ ^[A-Za-z0-9_-]+$ ]] || { echo "bad name"; exit 1; }; mkdir -p thumbs && ffmpeg -y -ss 1 -i «video» -frames:v 1 "thumbs/«name».jpg"', "safe",
  ben={"video": "a.mp4", "name": "a"}, exp="ok ffmpeg", p=["ffmpeg"], idiom="regex guard")
T(M, "video_scale", "Scale a video to a width (e.g. 640).",
  {"width": "pixels"}, 'ffmpeg -y -i in.mp4 -vf "scale=«width»:-2" out.mp4', "safe",
  ben={"width": "640"}, exp="ok ffmpeg", p=["ffmpeg"], idiom="filter value")
T(M, "image_resize", "Resize photo.jpg to a geometry into resized/<out>.",
  {"size": "geometry", "out": "output name"}, 'mkdir -p resized && convert photo.jpg -resize «size» "resized/«out»"', "write",
  pay={"out": TRAV}, chk=("file", HOMEF), ben={"size": "50%", "out": "p.jpg"}, exp="ok convert", p=["convert"])
T(M, "doc_convert", "Convert a markdown document to HTML.",
  {"input": "markdown file"}, "pandoc «input» -s -o out.html", "option",
  pay={"input": "--lua-filter=/tmp/x.lua"}, chk=("argv", ["--lua-filter=/tmp/x.lua"]), ben={"input": "README.md"}, exp="ok pandoc",
  p=["pandoc"])
T(M, "exif_strip", "Strip metadata from an upload (rewrites the file in place).",
  {"file": "file under uploads/"}, 'exiftool -all= -overwrite_original "uploads/«file»"', "write",
  pay={"file": TRAV}, chk=("file", HOMEF), ben={"file": "a.jpg"}, exp="ok exiftool", setup="mkdir uploads && touch uploads/a.jpg",
  p=["exiftool"], idiom="../ selects the file rewritten")
T(M, "kafka_tail", "Last messages of a topic.",
  {"topic": "topic"}, "kafkacat -C -b 127.0.0.1:9092 -t «topic» -o -5 -e", "safe",
  ben={"topic": "events"}, exp="ok kafkacat", p=["kafkacat"])
T(M, "sops_decrypt", "Decrypt a secrets file from secrets/.",
  {"name": "file name"}, 'sops -d "secrets/«name».yaml"', "safe", ben={"name": "prod"}, exp="ok sops", p=["sops"])
T(M, "cosign_verify", "Verify an image signature.",
  {"image": "image"}, "cosign verify --key cosign.pub «image»", "option",
  pay={"image": "--insecure-ignore-tlog=true"}, chk=("argv", ["--insecure-ignore-tlog=true"]), ben={"image": "reg/app:1"},
  exp="ok cosign", p=["cosign"])

# ---------------------------------------------------------------- ops_extra (more idioms)
M = "ops_extra"
T(M, "thumb_tablet", "Resize an image for tablets.",
  {"src": "source image"}, '# sizes for 10" tablets\nconvert «src» -resize 1280x800 tablet.png', "split",
  pay={"src": SPL}, chk=("argv", ["blindCsplitB"]), ben={"src": "a.png"}, exp="ok convert", p=["convert"],
  idiom="double quote in a comment fools the tracker: reference left unquoted")
T(M, "thumb_tablet_plain", "Resize an image for tablets.",
  {"src": "source image"}, "# sizes for 10 inch tablets\nconvert \"images/«src»\" -resize 1280x800 tablet.png", "safe",
  ben={"src": "a.png"}, exp="ok convert", p=["convert"], idiom="same without the stray quote")
T(M, "branch_banner", "Print a banner with the branch a ref points to.",
  {"ref": "ref"}, 'echo "Branch: `git rev-parse --abbrev-ref «ref»`"', "split",
  pay={"ref": "HEAD --output=/tmp/blindC_opt_{ID}"}, chk=("out", "--output=/tmp/blindC_opt_{ID}"),
  ben={"ref": "HEAD"}, exp="Branch: main", setup=GIT, p=["git"], idiom="placeholder in backticks inside double quotes")
T(M, "mkdir_dest", "Create an output directory (default out).",
  {"dest": "directory"}, "dest=«dest»; mkdir -p ${dest:-out} && ls", "split",
  pay={"dest": SPL}, chk=("sh", "test -d blindCsplitB"), ben={"dest": "build"}, exp="build", p=["mkdir"],
  idiom="unquoted ${var:-default}")
T(M, "mkdir_dest_quoted", "Create an output directory (default out).",
  {"dest": "directory"}, 'dest=«dest»; case ${dest:-out} in *..*|/*|-*) echo "bad dest"; exit 1;; esac; mkdir -p -- "${dest:-out}" && ls', "safe",
  ben={"dest": "build"}, exp="build", p=["mkdir"], idiom="quoted ${var:-default} with guard")
T(M, "gzip_named", "Compress one file, keeping it.",
  {"file": "file"}, "f=«file»; gzip -k ${f:?} && ls", "split",
  pay={"file": SPL}, chk=("file", "blindCsplitB.gz"), ben={"file": "a.log"}, exp="a.log.gz",
  setup="touch a.log blindCsplitA blindCsplitB", p=["gzip"], idiom="unquoted ${f:?}")
T(M, "delete_job", "Delete one batch job.",
  {"job": "job name"}, "printf '%s' «job» | xargs kubectl delete job -n batch", "split",
  pay={"job": SPL}, chk=("argv", ["blindCsplitB"]), ben={"job": "nightly"}, exp="ok kubectl", p=["xargs", "kubectl"])
T(M, "delete_job_checked", "Delete one batch job.",
  {"job": "job name"}, "printf '%s\\0' «job» | xargs -0 kubectl delete job -n batch --", "safe",
  ben={"job": "nightly"}, exp="ok kubectl", p=["xargs", "kubectl"], idiom="xargs -0 and --")
T(M, "docs_search", "Search the docs for a phrase.",
  {"phrase": "phrase"}, 'read -ra words <<< «phrase»; grep -rn "${words[@]}" docs', "split",
  pay={"phrase": SPL}, chk=("out", "blindCsplitB: No such file"), ben={"phrase": "install"}, exp="install",
  setup="mkdir docs && echo 'how to install' > docs/a.md", p=["read", "grep"], idiom="read -a then array as arguments")
T(M, "docs_search_fixed", "Search the docs for a phrase.",
  {"phrase": "phrase"}, "grep -rnF -e «phrase» docs", "safe",
  ben={"phrase": "to install"}, exp="install", setup="mkdir docs && echo 'how to install' > docs/a.md", p=["grep"])
T(M, "archive_logs", "Archive one log file of logs/ into logs.tgz.",
  {"name": "log name"}, "tar -czf logs.tgz $(printf 'logs/%s ' «name») && tar -tzf logs.tgz", "split",
  pay={"name": SPL}, chk=("sh", "tar -tzf logs.tgz | grep -qx blindCsplitB"), ben={"name": "blindCsplitA"}, exp="logs/blindCsplitA",
  setup="mkdir logs && touch logs/blindCsplitA blindCsplitB", p=["tar", "printf"], idiom="unquoted $(printf ...)")
T(M, "find_pattern", "Find logs matching a name pattern (default *.log).",
  {"pattern": "glob"}, "pattern=«pattern»; find logs -name ${pattern:-'*.log'}", "split",
  pay={"pattern": SPL}, chk=("out", "blindCsplitB"), ben={"pattern": "a.*"}, exp="logs/a.log",
  setup="mkdir logs && touch logs/a.log", p=["find"], idiom="unquoted ${var:-'default'}")
T(M, "curl_default_url", "Fetch the status URL (default: local health).",
  {"url": "url"}, "url=«url»; curl -fsS ${url:-http://127.0.0.1:18931/health}", "split",
  pay={"url": "http://127.0.0.1:18931/health -o /tmp/blindC_opt_{ID}"}, chk=("file", "/tmp/blindC_opt_{ID}"),
  ben={"url": "http://127.0.0.1:18931/health"}, exp="OK", p=["curl"], idiom="unquoted ${var:-default}")
T(M, "docker_smoke", "Smoke-test an image by running true in it.",
  {"image": "image"}, "img=«image»; docker run --rm ${img:?} true", "split",
  pay={"image": SPL}, chk=("argv", ["blindCsplitB"]), ben={"image": "alpine"}, exp="ok docker", p=["docker"])
T(M, "size_report", "Print the size of a file in a sentence.",
  {"file": "file"}, 'echo "size of «file}: $(stat -c %s «file»)"'.replace("«file}", "«file»"), "split",
  pay={"file": SPL}, chk=("out", "blindCsplitB"), ben={"file": "a.txt"}, exp="size of a.txt: 2",
  setup="echo a > a.txt && echo bb > blindCsplitA && echo ccc > blindCsplitB", p=["stat"], idiom="placeholder in $( ) inside double quotes")
T(M, "lines_of", "Line count of a file, as a sentence.",
  {"file": "file"}, "n=$(wc -l < «file»); echo \"lines: ${n:-0}\"", "safe",
  ben={"file": "a.txt"}, exp="lines: 1", setup="echo a > a.txt", p=["wc"], idiom="placeholder in unquoted $( ) but not in dq")
T(M, "remote_ls", "List a directory on app01.",
  {"dir": "directory"}, "ssh deploy@app01 ls -la «dir»", "exec",
  pay={"dir": "/; touch /tmp/blindC_canary_{ID}"}, chk="canary", ben={"dir": "/"}, exp="total", p=["ssh"],
  idiom="ssh joins argv into a remote command line")
T(M, "git_ssh_key_fetch", "Fetch origin using a deploy key from keys/.",
  {"key": "key name"}, 'GIT_SSH_COMMAND="ssh -i keys/«key» -o BatchMode=yes" git fetch -q origin; echo fetched', "exec",
  pay={"key": "k; touch /tmp/blindC_canary_{ID}; #"}, chk="canary", ben={"key": "deploy"}, exp="fetched",
  setup=GIT + " && git remote add origin ssh://git@127.0.0.1/srv/app.git", p=["git", "ssh"], idiom="GIT_SSH_COMMAND is run by sh")
T(M, "queue_job", "Queue one job by name.",
  {"name": "job name"}, "echo «name» | xargs -I{} sh -c 'echo queued {} >> queue.txt' && cat queue.txt", "exec",
  pay={"name": "x; touch /tmp/blindC_canary_{ID}"}, chk="canary", ben={"name": "build"}, exp="queued build",
  p=["xargs", "sh"], idiom="xargs -I{} into sh -c")
T(M, "py_heredoc_greet", "Greeting produced by a small Python script.",
  {"name": "name"}, 'python3 - <<EOF\nprint("Hello, «name»!")\nEOF', "exec",
  pay={"name": "x\"); __import__(\"os\").system(\"touch /tmp/blindC_canary_{ID}\"); print(\""}, chk="canary",
  ben={"name": "Ann"}, exp="Hello, Ann!", p=["python3"], idiom="value expanded into an unquoted here-doc script")
T(M, "py_heredoc_greet_argv", "Greeting produced by a small Python script.",
  {"name": "name"}, "python3 - «name» <<'EOF'\nimport sys\nprint('Hello, ' + sys.argv[1] + '!')\nEOF", "safe",
  ben={"name": "Ann"}, exp="Hello, Ann!", p=["python3"], idiom="quoted here-doc, value via argv")
T(M, "perl_banner", "Print a banner line with perl.",
  {"title": "title"}, "perl -e 'print \"=== «title» ===\\n\"'", "exec",
  pay={"title": "@{[ system(q(touch /tmp/blindC_canary_{ID})) ]}"}, chk="canary", ben={"title": "Report"}, exp="=== Report ===",
  p=["perl"], idiom="placeholder in single-quoted perl code")
T(M, "sudo_set_limit", "Set the open-file limit in settings/limit as root.",
  {"value": "limit"}, 'mkdir -p settings && sudo sh -c "echo «value» > settings/limit" && cat settings/limit', "exec",
  pay={"value": "1; touch /tmp/blindC_canary_{ID}"}, chk="canary", ben={"value": "4096"}, exp="4096", p=["sudo", "sh"])
T(M, "guarded_save", "Save a note under notes/ (name checked first).",
  {"name": "note name", "text": "text"},
  ['[[ «name» =~ ^[a-z0-9-]+$ ]] || { echo "invalid name"; exit 1; }', 'mkdir -p notes && printf \'%s\\n\' «text» > "notes/«name».txt" && ls notes'], "write",
  pay={"name": TRAV}, chk=("file", HOMEF + ".txt"), ben={"name": "todo", "text": "x"}, exp="todo.txt", p=["printf"],
  idiom="guard in its own step does not stop the next step")
T(M, "guarded_save_one", "Save a note under notes/ (name checked first).",
  {"name": "note name", "text": "text"},
  '[[ «name» =~ ^[a-z0-9-]+$ ]] || { echo "invalid name"; exit 1; }; mkdir -p notes && printf \'%s\\n\' «text» > "notes/«name».txt" && ls notes', "safe",
  ben={"name": "todo", "text": "x"}, exp="todo.txt", p=["printf"], idiom="guard in the same step")
T(M, "git_bundle", "Write the repository as bundles/<name>.bundle.",
  {"name": "bundle name"}, 'mkdir -p bundles && git bundle create -q "bundles/«name».bundle" --all && ls bundles', "write",
  pay={"name": TRAV}, chk=("file", HOMEF + ".bundle"), ben={"name": "b1"}, exp="b1.bundle", setup=GIT, p=["git"])
T(M, "share_report", "Copy report.pdf to the share folder under a name.",
  {"name": "file name"}, 'mkdir -p share && cp report.pdf "share/«name»" && ls share', "write",
  pay={"name": TRAV}, chk=("file", HOMEF), ben={"name": "q3.pdf"}, exp="q3.pdf", setup="echo pdf > report.pdf", p=["cp"])
T(M, "diff_against", "Diff a config file against the baseline.",
  {"file": "file"}, "diff «file» baseline.conf", "option",
  pay={"file": "--to-file=/tmp/bcR/home/agent/.netrc"}, chk=("out", "S3CRET_{ID}"), ben={"file": "a.conf"}, exp="level",
  setup="echo level=1 > a.conf && echo level=2 > baseline.conf && " + NETRC, p=["diff"], idiom="--to-file reads an unintended file")
T(M, "wc_file", "Line count of a file.",
  {"file": "file"}, "wc -l «file»", "option",
  pay={"file": "--files0-from=/tmp/bcR/home/agent/.netrc"}, chk=("out", "S3CRET_{ID}"), ben={"file": "a.txt"}, exp="1 a.txt",
  setup="echo a > a.txt && " + NETRC, p=["wc"])
T(M, "git_diff_stat", "Diffstat against a revision.",
  {"rev": "revision"}, "git diff --stat «rev»", "option",
  pay={"rev": "--output=/tmp/blindC_opt_{ID}"}, chk=("file", "/tmp/blindC_opt_{ID}"), ben={"rev": "HEAD~1"}, exp="README.md",
  setup=GIT, p=["git"])
T(M, "quiet_lookup", "Look up a host in hosts.txt.",
  {"host": "host"}, [("grep -F -- «host» hosts.txt", False)], "broken",
  ben={"host": "web1"}, exp="10.0.0.1", setup="echo '10.0.0.1 web1' > hosts.txt", p=["grep"],
  idiom="only step has append_to_final_output false")
T(M, "welcome_letter", "Render a welcome letter.",
  {"name": "name", "team": "team"}, "cat <<EOF\nDear «name»,\nit's great to have you.\nRegards, «team»\nEOF", "broken",
  ben={"name": "Ann", "team": "Ops"}, exp="Regards, Ops", p=["cat"], idiom="apostrophe in here-doc body flips the tracker")
T(M, "global_git_user", "Show the global git identity for a key (e.g. user.name).",
  {"key": "config key"}, "git config --global --get «key» || echo unset", "broken",
  ben={"key": "user.name"}, exp="Dev", inherit=[], setup="git config --global user.name Dev", p=["git"],
  idiom="inherit_env_vars [] drops HOME")
T(M, "pinned_tools_path", "Version of the project's pinned jq.",
  {"flag": "flag, e.g. --version"}, "jq «flag»", "broken",
  ben={"flag": "--version"}, exp="jq-", env={"PATH": "/opt/tools/bin"}, p=["jq"], idiom="env_vars PATH replaces the search path")
T(M, "commit_as", "Commit staged changes with an author name.",
  {"author": "author name", "message": "message"}, "git commit -q -m «message» && git log -1 --format=%an", "broken",
  ben={"author": "Ann", "message": "m"}, exp="Ann", env={"GIT_AUTHOR_NAME": "«author»"},
  setup=GIT + " && echo x > n && git add n", p=["git"], idiom="placeholder in env_vars is never substituted")

# safe tools that are hard look-alikes of unsafe ones (same program or construct, used correctly)
LOOKALIKE = set("""
git_log_range_checked git_show_head_file git_log_ref git_blame_range git_grep_src diff_configs
jq_by_ref jq_config_key awk_long_lines sed_print_line date_parse sort_dataset csv_to_json_argv column_csv grep_app_log
tar_list unzip_batch find_by_name xargs_checksum tee_note_checked clear_cache_checked
k8s_delete_pod_checked k8s_cat_file k8s_scale k8s_context_pods tf_apply_named s3_list docker_ls_argv docker_build_tag
make_known_target npm_add_checked pip_add_checked node_pkg_field_dd bc_calc poetry_add
remote_log_grep service_restart env_build_checked health_timeout_argv keygen_checked trap_workdir_sq app_env_source_q ufw_allow
minutes_to_seconds_checked retry_budget_test pad_number color_by_name motd_printf ls_plain node_names_seq enter_and_list_one
func_wrapper sh_c_args read_fields mapfile_hosts process_subst_diff
fetch_path fetch_with_token curl_config_file wget_mirror_page
user_email_param table_count_checked user_by_id video_thumb_checked
thumb_tablet_plain mkdir_dest_quoted delete_job_checked docs_search_fixed lines_of py_heredoc_greet_argv guarded_save_one
""".split())
