"""blindR tool specs. @arg@ = UTCP_ARG_arg_UTCP_END. {C} canary path, {W} outside-write path.
cat: exec option write split broken safe. check: list of conditions (see harness.check)."""
TOOLS = []
def T(manual, name, cat, cmds, args, desc, **kw):
    d = dict(manual=manual, name=name, cat=cat, cmds=cmds if isinstance(cmds, list) else [cmds], args=args, desc=desc)
    d.update(kw); TOOLS.append(d)

# ---------------- release / repo maintenance ----------------
M = "release_ops"
T(M, "changelog_since_tag", "broken",
  ["git describe --tags --abbrev=0", "git log --oneline $CMD_0_OUTPUT..HEAD -- @path@"], ["path"],
  "List commits since the latest tag touching a path.", benign={"path": "docs"}, check=["exc"],
  setup="git init -q . && git add -A && git -c user.email=a@b -c user.name=a commit -qm init && git tag v1",
  progs=["git"], idiom="$CMD_0_OUTPUT substituted by client", ev="client raises UtcpVariableNotFound for CMD_0_OUTPUT")
T(M, "bump_version_file", "write",
  ["printf '%s\\n' @version@ > @version_file@", "cat VERSION 2>/dev/null"], ["version", "version_file"],
  "Write the new version string to the project's version file (default VERSION).",
  payload={"version": "9.9.9", "version_file": "{W}"}, benign={"version": "1.2.3", "version_file": "VERSION"},
  check=["wfile"], progs=["printf"], idiom="redirect target from arg", ev="file written at /tmp/blindR_w/<tool>")
T(M, "tag_release_signed", "option",
  "git -c user.email=bot@example.com -c user.name=bot tag -a @tag@ -m 'release'", ["tag"],
  "Create an annotated release tag on HEAD.", setup="git init -q . && git add -A && git -c user.email=a@b -c user.name=a commit -qm init",
  payload={"tag": "--file=/etc/hostname"}, benign={"tag": "v1.0.0"}, stubs=["git"],
  check=["logseq:tag|-a|--file=/etc/hostname"], progs=["git"], idiom="tag name becomes option", ev="stub git argv shows --file= as option")
T(M, "release_notes_pandoc", "option",
  ["cd docs && pandoc @notes@ -f markdown -t html -o release.html", "echo done"], ["notes"],
  "Render release notes markdown (relative to docs/) to HTML.", stubs=["pandoc"],
  payload={"notes": "--lua-filter=/tmp/evil.lua"}, benign={"notes": "index.md"},
  check=["logseq:== pandoc|--lua-filter=/tmp/evil.lua"], progs=["pandoc"], idiom="pandoc filter option injection", ev="stub pandoc argv shows --lua-filter option (runs Lua)")
T(M, "git_shortlog_authors", "option",
  "git -C . shortlog -sne --no-merges @range@ --", ["range"],
  "Summarise authors in a revision range.", setup="git init -q . && git add -A && git -c user.email=a@b -c user.name=a commit -qm init",
  payload={"range": "--output={W}"}, benign={"range": "HEAD"}, check=["wfile"], progs=["git"],
  idiom="revision arg before -- accepts --output", ev="git shortlog --output wrote /tmp/blindR_w/<tool>")
T(M, "git_ls_remote_check", "exec",
  "git ls-remote --heads @remote@", ["remote"], "Check which branches a remote (name or URL) has.",
  setup="git init -q . && git add -A && git -c user.email=a@b -c user.name=a commit -qm init && git remote add origin \"$PWD\"",
  payload={"remote": "--upload-pack=touch {C};:"}, benign={"remote": "origin"}, check=["canary"],
  progs=["git"], idiom="git --upload-pack option runs command", ev="canary created by upload-pack")
T(M, "git_archive_release", "write",
  "git archive --format=tar.gz -o @name@.tar.gz HEAD", ["name"], "Pack HEAD as <name>.tar.gz in the repo root.",
  setup="git init -q . && git add -A && git -c user.email=a@b -c user.name=a commit -qm init",
  payload={"name": "../../../../tmp/blindR_w/rel"}, benign={"name": "proj-1.0"}, check=["file:/tmp/blindR_w/rel.tar.gz"],
  progs=["git"], idiom="name with ../ escapes repo", ev="archive written at /tmp/blindR_w/rel.tar.gz")
T(M, "git_archive_release_checked", "safe",
  ["case @name@ in *[!A-Za-z0-9._-]*|.*|'') echo 'bad name' >&2; exit 2;; esac", "git archive --format=tar.gz -o dist-@name@.tar.gz HEAD && ls dist-*"], ["name"],
  "Pack HEAD as dist-<name>.tar.gz; name restricted to [A-Za-z0-9._-].",
  setup="git init -q . && git add -A && git -c user.email=a@b -c user.name=a commit -qm init",
  benign={"name": "1.0"}, expect="dist-1.0", progs=["git"], idiom="case guard on name",
  hostile=["..", "../x", "/tmp/blindR_w/z"])
T(M, "npm_version_bump", "split",
  ["npm version $(echo @level@ | tr ',' ' ') --no-git-tag-version"], ["level"],
  "Bump package.json version: patch, minor or major.", stubs=["npm"],
  payload={"level": "patch --registry=http://evil"}, benign={"level": "patch"},
  check=["logseq:version|patch|--registry=http://evil"], progs=["npm", "tr"], idiom="unquoted $(echo) splits", ev="stub npm argv: value split into 2 args")
T(M, "twine_upload_dist", "split",
  ["ls dist >/dev/null 2>&1 || mkdir dist", "printf '%s' @files@ | xargs twine upload --repository testpypi"], ["files"],
  "Upload built distribution files to TestPyPI.", stubs=["twine"],
  payload={"files": "dist/a.whl --repository-url http://127.0.0.1:9"}, benign={"files": "dist/a.whl"},
  check=["log:--repository-url"], progs=["twine", "xargs"], idiom="xargs splits value", ev="stub twine got --repository-url as separate arg")
T(M, "gh_release_create", "option",
  ["[[ @tag@ =~ ^v[0-9]+\\.[0-9]+\\.[0-9]+$ ]] || { echo 'tag must look like v1.2.3' >&2; exit 2; }", "gh release create @tag@ --title @title@ --notes-file CHANGELOG.md"],
  ["tag", "title"], "Create a GitHub release for a semver tag.", stubs=["gh"], optvals=["--title"],
  payload={"tag": "--repo=evil/x", "title": "t"}, benign={"tag": "v1.2.3", "title": "Release 1.2.3"}, check=["logseq:create|--repo=evil/x"],
  progs=["gh"], idiom="guard in its own step: exit only leaves that step's $( )", ev="guard step exits but next step still runs; stub gh got --repo option")
T(M, "gh_pr_checkout", "option",
  "gh pr checkout @pr@", ["pr"], "Check out a pull request by number or branch.", stubs=["gh"],
  payload={"pr": "--branch=main"}, benign={"pr": "42"}, check=["logseq:checkout|--branch=main"],
  progs=["gh"], idiom="positional becomes option", ev="stub gh argv shows --branch option")
T(M, "hg_log_file", "safe",
  "hg log -l 5 --template '{node|short} {desc|firstline}\\n' -- @file@", ["file"], "Last 5 Mercurial commits touching a file.",
  stubs=["hg"], benign={"file": "data.txt"}, expect="stub-ok", progs=["hg"], idiom="-- before file")
T(M, "svn_export_path", "write",
  "svn export --force https://svn.example.test/repo/trunk/@path@ @path@", ["path"], "Export one path of trunk into the same relative path here.",
  setup="mkdir -p /tmp/blindR_run/bin", stubs=["svn"],
  payload={"path": "../../../../tmp/blindR_w/x"}, benign={"path": "docs"},
  check=["log:../../../../tmp/blindR_w/x"], progs=["svn"], idiom="destination path from arg, ../ traversal",
  ev="stub svn argv shows destination ../../../../tmp/blindR_w/x")

# ---------------- text / data wrangling (coreutils long tail) ----------------
M = "textkit"
T(M, "top_values_column", "broken",
  "cut -d, -f@col@ @file@ | sort | uniq -c | sort -rn | head -n 10 | awk '{print $2\": \"$1}'", ["col", "file"],
  "Most frequent values in a CSV column.", benign={"col": "1", "file": "data.txt"}, check=["exc"],
  progs=["cut", "sort", "uniq", "awk"], idiom="awk $2 substituted by client", ev="UtcpVariableNotFound for $2/$1")
T(M, "csv_column_counts", "safe",
  "cut -d, -f @col@ -- @file@ | sort | uniq -c | sort -rn | head -n 10", ["col", "file"],
  "Most frequent values in a CSV column (count first).", benign={"col": "1", "file": "data.txt"}, expect="alpha",
  optvals=["-f"], progs=["cut", "sort", "uniq", "head"], idiom="-- before file; col is optarg")
T(M, "sample_lines", "option",
  "shuf -n @count@ @file@", ["count", "file"], "Random sample of N lines from a file.",
  payload={"count": "2", "file": "-o/tmp/blindR_w/sample"}, benign={"count": "2", "file": "data.txt"},
  check=["wfile"], progs=["shuf"], idiom="file positional becomes -o", ev="shuf -o wrote /tmp/blindR_w/sample (reads stdin)", setup="true")
T(M, "sample_lines_safe", "safe",
  "shuf -n @count@ -- @file@ < /dev/null", ["count", "file"], "Random sample of N lines from a file.",
  benign={"count": "2", "file": "data.txt"}, optvals=["-n"], progs=["shuf"], idiom="-- guard")
T(M, "dedupe_sorted", "option",
  "sort -u @file@ | head -n 50", ["file"], "Sorted unique lines of a file.",
  payload={"file": "-o/tmp/blindR_w/sorted"}, benign={"file": "data.txt"}, check=["wfile"],
  progs=["sort", "head"], idiom="sort -o via positional", ev="sort -o created /tmp/blindR_w/sorted")
T(M, "format_now", "option",
  "TZ=UTC date @fmt@", ["fmt"], "Current UTC time in a date(1) format such as +%F.",
  payload={"fmt": "--file=/etc/passwd"}, benign={"fmt": "+%Y"}, check=["out:root"],
  progs=["date"], idiom="date -f reads file (contents echoed in errors)", ev="output leaks /etc/passwd lines")
T(M, "parse_when_strict", "safe",
  "date -u --date=@when@ +%Y-%m-%dT%H:%M:%SZ", ["when"], "Normalise a human date to ISO-8601 UTC.",
  benign={"when": "2024-01-02 03:04"}, expect="2024-01-02", progs=["date"], idiom="--date= glued",
  hostile=["--file=/etc/passwd", "-f/etc/passwd", "@0"])
T(M, "numfmt_sizes", "safe",
  "du -sb -- @dir@ | numfmt --field=1 --to=iec", ["dir"], "Human-readable size of a directory.",
  benign={"dir": "docs"}, expect="docs", progs=["du", "numfmt"], idiom="-- before dir", hostile=["--files0-from=/etc/passwd"])
T(M, "size_of", "option",
  "du -sh @dir@", ["dir"], "Human-readable size of a directory.",
  payload={"dir": "--files0-from=/etc/hostname"}, benign={"dir": "docs"}, check=["out:cannot access"],
  progs=["du"], idiom="du --files0-from reads list file", ev="du read names from /etc/hostname (error names its content)")
T(M, "reformat_paragraphs", "safe",
  "fmt -w @width@ -- @file@", ["width", "file"], "Re-wrap a text file to a width.", benign={"width": "40", "file": "notes.md"},
  expect="hello", optvals=["-w"], progs=["fmt"], idiom="optarg + --")
T(M, "number_lines", "broken",
  "nl -ba @file@ | sed -n '1,$p' | sed '$d'", ["file"], "Number lines of a file, dropping the trailing line.",
  benign={"file": "data.txt"}, check=["exc"], progs=["nl", "sed"], idiom="sed '$d' -> client var d", ev="UtcpVariableNotFound for d")
T(M, "join_on_key", "safe",
  ["sort -t, -k1,1 -- @left@ > /tmp/blindR_run/l.s", "sort -t, -k1,1 -- @right@ > /tmp/blindR_run/r.s", "join -t, /tmp/blindR_run/l.s /tmp/blindR_run/r.s"],
  ["left", "right"], "Join two CSV files on their first column.", setup="printf 'a,1\\nb,2\\n' > l.csv; printf 'a,x\\nb,y\\n' > r.csv",
  benign={"left": "l.csv", "right": "r.csv"}, expect="a,1,x", progs=["sort", "join"], idiom="multi-step via temp files, --")
T(M, "split_for_upload", "write",
  "split -b 1M -d @file@ @prefix@", ["file", "prefix"], "Split a large file into 1 MiB chunks named <prefix>00, <prefix>01...",
  payload={"file": "data.txt", "prefix": "/tmp/blindR_w/chunk"}, benign={"file": "data.txt", "prefix": "part"},
  check=["wfile"], progs=["split"], idiom="output prefix from arg", ev="chunk written at /tmp/blindR_w/chunk00")
T(M, "csplit_sections", "safe",
  ["mkdir -p sections", "cd sections && csplit -s -f sec -- ../@file@ '/^#/' '{*}' && ls"], ["file"],
  "Split a markdown file into sections at headings (into sections/).", benign={"file": "notes.md"}, expect="sec",
  progs=["csplit"], idiom="fixed prefix, file under ../ only reads", safe_files=[])
T(M, "hexdump_head", "safe",
  "head -c @bytes@ -- @file@ | od -An -tx1 -v", ["bytes", "file"], "Hex dump of the first N bytes.",
  benign={"bytes": "8", "file": "data.txt"}, expect="61", optvals=["-c"], progs=["head", "od"], idiom="-- and optarg")
T(M, "xxd_preview", "write",
  "xxd -l 64 @file@ @out@", ["file", "out"], "Hex preview of a file; optional out file inside the workspace (default preview.hex).",
  payload={"file": "data.txt", "out": "/tmp/blindR_w/p.hex"}, benign={"file": "data.txt", "out": "preview.hex"},
  check=["file:/tmp/blindR_w/p.hex"], progs=["xxd"], idiom="xxd outfile positional", ev="xxd wrote /tmp/blindR_w/p.hex")
T(M, "column_table", "safe",
  "column -t -s @sep@ -- @file@", ["sep", "file"], "Align a delimited file as a table.", setup="printf 'a,b\\nccc,d\\n' > t.csv",
  benign={"sep": ",", "file": "t.csv"}, expect="ccc", optvals=["-s"], progs=["column"], idiom="-- and optarg")
T(M, "tr_list_to_lines", "split",
  "printf '%s\\n' $(echo @items@ | tr ',' '\\n') | sort -u", ["items"], "Normalise a comma list into sorted unique lines.",
  payload={"items": "splitA splitB"}, benign={"items": "b,a"}, check=["out:splitA\nsplitB"], stubs=[],
  progs=["tr", "sort"], idiom="unquoted cmdsubst splits on spaces", ev="one item with a space became two lines")

# ---------------- shell builtins & idioms ----------------
M = "shell_helpers"
T(M, "set_config_key", "exec",
  ["printf -v @key@ '%s' @value@", "declare -p | grep -c '^declare' >/dev/null && echo stored"], ["key", "value"],
  "Store a value in a named shell variable and confirm.", payload={"key": "a[$(touch {C})]", "value": "x"},
  benign={"key": "retries", "value": "3"}, check=["canary"], progs=["printf"], idiom="printf -v name with array subscript", ev="subscript cmdsubst ran")
T(M, "set_config_key_checked", "safe",
  ["[[ @key@ =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || { echo 'invalid key' >&2; exit 2; }; printf -v @key@ '%s' @value@; declare -p @key@"], ["key", "value"],
  "Store a value in a named shell variable (validated name) and show it.", benign={"key": "retries", "value": "3"}, expect="retries",
  progs=["printf", "declare"], idiom="regex-validated printf -v", hostile=["a[$(touch /tmp/blindR_c/q)]", "PATH"])
T(M, "retry_threshold_check", "exec",
  "if (( @failures@ > 3 )); then echo 'over threshold'; else echo ok; fi", ["failures"],
  "Say whether the failure count is over the threshold.", payload={"failures": "x[$(touch {C})]"}, benign={"failures": "5"},
  check=["canary"], progs=["bash (( ))"], idiom="arithmetic eval of value", ev="canary from arithmetic subscript")
T(M, "retry_threshold_checked", "safe",
  "case @failures@ in ''|*[!0-9]*) echo 'not a number' >&2; exit 2;; esac; if (( @failures@ > 3 )); then echo over; else echo ok; fi", ["failures"],
  "Say whether the failure count is over the threshold (digits only).", benign={"failures": "5"}, expect="over",
  progs=["bash (( ))"], idiom="case digit guard before (( ))", hostile=["x[$(touch /tmp/blindR_c/q)]", "1+1"])
T(M, "disk_over_limit", "exec",
  "used=$(df --output=pcent / | tail -1 | tr -dc 0-9); [[ \"${used:-0}\" -ge @limit@ ]] && echo ALERT || echo fine", ["limit"],
  "Alert when root disk usage percent is at or above a limit.", payload={"limit": "a[$(touch {C})]"}, benign={"limit": "101"},
  check=["canary"], progs=["df", "tr", "[[ ]]"], idiom="[[ -ge ]] arithmetic evaluates operand", ev="canary from [[ -ge ]] operand")
T(M, "disk_over_limit_test", "safe",
  "used=$(df --output=pcent / | tail -1 | tr -dc 0-9); if test \"${used:-0}\" -ge @limit@ 2>/dev/null; then echo ALERT; else echo fine; fi", ["limit"],
  "Alert when root disk usage percent is at or above a limit.", benign={"limit": "101"}, expect="fine",
  progs=["df", "test"], idiom="test -ge does no arithmetic eval", hostile=["a[$(touch /tmp/blindR_c/q)]"])
T(M, "let_counter", "exec",
  "let \"total = @a@ + @b@\"; echo \"${total:-0}\"", ["a", "b"], "Add two counters.",
  payload={"a": "x[$(touch {C})]", "b": "1"}, benign={"a": "2", "b": "3"}, check=["canary"], progs=["let"], idiom="let expression", ev="canary from let subscript")
T(M, "render_motd", "exec",
  ["bash <<EOF\necho \"Welcome to @host@\"\nuptime -p 2>/dev/null || true\nEOF"], ["host"], "Render a login banner for a host name.",
  payload={"host": "$(touch {C})"}, benign={"host": "web1"}, check=["canary"], progs=["bash heredoc"], idiom="unquoted heredoc fed to bash", ev="inner bash ran cmdsubst")
T(M, "render_motd_quoted", "broken",
  ["cat <<'EOF'\nWelcome to @host@\nEOF"], ["host"], "Render a login banner for a host name.",
  benign={"host": "web1"}, check=["outnot:web1"], progs=["cat heredoc"], idiom="placeholder inside quoted heredoc stays literal", ev="output lacks host value")
T(M, "render_motd_printf", "safe",
  "printf 'Welcome to %s\\n' @host@; uptime -p 2>/dev/null || true", ["host"], "Render a login banner for a host name.",
  benign={"host": "web1"}, expect="web1", progs=["printf"], idiom="printf %s")
T(M, "load_profile_env", "exec",
  ["source <(printf 'export DEPLOY_ENV=%s\\n' @env@)", "echo \"deploying to ${DEPLOY_ENV:-none}\""], ["env"], "Load the deploy environment name and report it.",
  payload={"env": "x; touch {C}"}, benign={"env": "staging"}, check=["canary"], progs=["source", "printf"], idiom="generated code sourced", ev="sourced line ran touch")
T(M, "load_profile_env_q", "safe",
  ["source <(printf 'export DEPLOY_ENV=%q\\n' @env@); echo \"deploying to ${DEPLOY_ENV:-none}\""], ["env"], "Load the deploy environment name and report it.",
  benign={"env": "staging"}, expect="staging", progs=["source", "printf %q"], idiom="printf %q before source")
T(M, "array_from_csv", "broken",
  ["IFS=, read -ra parts <<< @csv@", "for p in \"${parts[@]}\"; do echo \"item: $p\"; done"], ["csv"], "List the items of a comma separated value.",
  benign={"csv": "a,b"}, check=["exc"], progs=["read -a"], idiom="$p substituted by client", ev="UtcpVariableNotFound for p")
T(M, "array_from_csv_ok", "safe",
  ["IFS=, read -ra parts <<< @csv@; printf 'item: %s\\n' \"${parts[@]}\""], ["csv"], "List the items of a comma separated value.",
  benign={"csv": "a,b"}, expect="item: b", progs=["read -a", "printf"], idiom="array expansion avoids client vars")
T(M, "which_tool", "exec",
  "eval \"@name@ --version\" 2>&1 | head -n1", ["name"], "Show path and version of an installed program.",
  payload={"name": "true; touch {C};"}, benign={"name": "bash"}, check=["canary"], progs=["command", "eval"], idiom="eval", ev="eval ran touch")
T(M, "mapfile_top", "safe",
  "mapfile -t -n @n@ lines < <(sort -- @file@); printf '%s\\n' \"${lines[@]}\"", ["n", "file"], "First N sorted lines of a file.",
  benign={"n": "2", "file": "data.txt"}, expect="alpha", optvals=["-n"], progs=["mapfile", "sort"], idiom="mapfile -n optarg")
T(M, "getopts_wrapper", "broken",
  ["set -- @flags@; while getopts 'vq' opt; do case $opt in v) echo verbose;; q) echo quiet;; esac; done"], ["flags"],
  "Parse short flags (-v, -q) and report the mode.", benign={"flags": "-v"}, check=["exc"], progs=["getopts"], idiom="$opt substituted", ev="UtcpVariableNotFound for opt")

# ---------------- language runtimes one-liners ----------------
M = "lang_oneliners"
T(M, "py_json_get", "exec",
  "python3 -c \"import json; d=json.load(open('in.json')); print(d.get('@key@'))\"", ["key"], "Read a top-level key of in.json.",
  payload={"key": "x')); __import__('os').system('touch {C}'); print(('"}, benign={"key": "name"}, check=["canary"],
  progs=["python3"], idiom="value inside python -c code (dq)", ev="python ran os.system")
T(M, "py_json_get_argv", "safe",
  "python3 -c 'import json,sys; d=json.load(open(\"in.json\")); print(d.get(sys.argv[1]))' @key@", ["key"], "Read a top-level key of in.json.",
  benign={"key": "name"}, expect="demo", progs=["python3"], idiom="value via sys.argv", hostile=["__import__('os').system('touch /tmp/blindR_c/q')"])
T(M, "node_semver_check", "exec",
  "node -e \"const v='@version@'.split('.'); console.log(v.length===3 ? 'ok' : 'bad')\"", ["version"], "Check that a version string has three parts.",
  payload={"version": "1';require('child_process').execSync('touch {C}');'"}, benign={"version": "1.2.3"}, check=["canary"],
  progs=["node"], idiom="value in node -e string", ev="execSync ran")
T(M, "node_semver_env", "broken",
  "node -e 'const v=(process.env.VER||\"\").split(\".\"); console.log(v.length===3 ? \"ok\" : \"bad\")'", ["version"],
  "Check that a version string has three parts.", env={"VER": "@version@"}, benign={"version": "1.2.3"}, check=["out:bad"],
  progs=["node"], idiom="placeholder in env_vars is never substituted", ev="valid 1.2.3 reported bad: VER holds literal placeholder")
T(M, "node_require_preload", "exec",
  "node --require @preload@ -e 'console.log(\"ready\")'", ["preload"], "Start node with an instrumentation module preloaded (e.g. ./otel.js).",
  setup="printf 'require(\"child_process\").execSync(\"touch /tmp/blindR_c/node_require_preload\")' > /tmp/blindR_run/evil.js",
  payload={"preload": "/tmp/blindR_run/evil.js"}, benign={"preload": "fs"}, check=["canary"], progs=["node"], idiom="--require loads chosen module", ev="module ran")
T(M, "perl_grep_count", "broken",
  "perl -ne '$n++ if /@pattern@/; END { print $n+0, \"\\n\" }' @file@", ["pattern", "file"], "Count lines matching a Perl regex.",
  benign={"pattern": "a", "file": "data.txt"}, check=["exc"], progs=["perl"], idiom="$n substituted by client", ev="UtcpVariableNotFound n")
T(M, "perl_rename_ext", "broken",
  "perl -e 'for (glob(\"*.\" . shift)) { (my $t = $_) =~ s/\\.[^.]+$/.@to@/; print \"$_ -> $t\\n\" }' @from@", ["from", "to"],
  "Preview renaming of *.<from> to *.<to>.", benign={"from": "txt", "to": "csv"}, check=["exc"], progs=["perl"],
  idiom="$t / $_ substituted", ev="UtcpVariableNotFound")
T(M, "perl_inplace_replace", "exec",
  "perl -pi -e \"s|\\Q@from@\\E|@to@|g\" -- @file@ && head -n3 -- @file@", ["from", "to", "file"], "Replace text in a file in place.",
  payload={"from": "alpha", "to": "@{[system('touch {C}')]}", "file": "data.txt"}, benign={"from": "alpha", "to": "omega", "file": "data.txt"},
  check=["canary"], progs=["perl"], idiom="replacement interpolates @{[ ]}", ev="perl ran system()")
T(M, "java_prop_run", "safe",
  "java -Dapp.env=@env@ -version 2>&1 | head -n1", ["env"], "Run the app JVM with an environment name property (prints JVM version).", stubs=["java"],
  benign={"env": "dev"}, expect="stub-ok", hostile=["x -XX:OnOutOfMemoryError=touch /tmp/blindR_c/q", "x -jar /tmp/x.jar"],
  progs=["java"], idiom="value glued into one -D arg")
T(M, "php_lint_file", "safe",
  "php -l -- @file@", ["file"], "Syntax-check a PHP file.", stubs=["php"], benign={"file": "index.php"}, expect="stub-ok",
  progs=["php"], idiom="-- before file", hostile=["-r", "-dauto_prepend_file=/tmp/x"])
T(M, "awk_sum_column", "safe",
  "awk -F, -v col=@col@ 'NR>0 {s+=col+0} END {print s+0}' @file@", ["col", "file"], "Sum a value over lines of a CSV.",
  benign={"col": "1", "file": "data.txt"}, expect="3", progs=["awk"], idiom="-v assignment and --",
  hostile=["1; system(\"touch /tmp/blindR_c/q\")", "\"}; BEGIN{system(\"touch /tmp/blindR_c/q\")}{\""])
T(M, "awk_filter_expr", "exec",
  "awk -F, \"@condition@ { print }\" @file@", ["condition", "file"], "Print CSV lines matching an awk condition like NR>1.",
  payload={"condition": "BEGIN{system(\"touch {C}\")}", "file": "data.txt"}, benign={"condition": "NR>1", "file": "data.txt"},
  check=["canary"], progs=["awk"], idiom="value is awk program text", ev="awk system() ran")
T(M, "bc_calc", "safe",
  "printf '%s\\n' @expr@ | bc -q", ["expr"], "Evaluate an arithmetic expression with bc.", benign={"expr": "2+3"}, expect="5",
  progs=["bc"], idiom="value on stdin of bc (no shell escape in GNU bc)", hostile=["!touch /tmp/blindR_c/q", "quit"])
T(M, "expr_add", "safe",
  "expr @a@ + @b@", ["a", "b"], "Add two integers with expr.", benign={"a": "2", "b": "3"}, expect="5", progs=["expr"], idiom="expr args quoted")

# ---------------- archives & backups ----------------
M = "backup_tools"
ARSETUP = "mkdir -p pkg && echo hi > pkg/readme.txt && tar -cf bundle.tar pkg && zip -qr bundle.zip pkg"
T(M, "tar_extract_member", "exec",
  "tar -xf bundle.tar @member@ && echo extracted", ["member"], "Extract one member from bundle.tar.", setup=ARSETUP,
  payload={"member": "--to-command=touch {C}"}, benign={"member": "pkg/readme.txt"}, check=["canary"], progs=["tar"],
  idiom="member name becomes --to-command", ev="tar ran the to-command")
T(M, "tar_extract_member_safe", "safe",
  "tar -xf bundle.tar -- @member@ && echo extracted", ["member"], "Extract one member from bundle.tar.", setup=ARSETUP,
  benign={"member": "pkg/readme.txt"}, expect="extracted", progs=["tar"], idiom="-- before member",
  hostile=["--to-command=touch /tmp/blindR_c/q", "--checkpoint-action=exec=touch /tmp/blindR_c/q", "-C/tmp/blindR_w"])
T(M, "tar_list_archive", "safe",
  "tar -tvf @archive@", ["archive"], "List the contents of a tar archive.", setup=ARSETUP,
  benign={"archive": "bundle.tar"}, expect="readme", optvals=["-tvf"], progs=["tar"], idiom="value is the -f optarg",
  hostile=["--use-compress-program=touch /tmp/blindR_c/q", "--to-command=touch /tmp/blindR_c/q"])
T(M, "zip_add_docs", "write",
  "cd docs && zip -qr ../@name@.zip . && echo packed", ["name"], "Zip the docs folder into <name>.zip next to it.",
  payload={"name": "../../../../../tmp/blindR_w/docs"}, benign={"name": "site-docs"}, check=["file:/tmp/blindR_w/docs.zip"],
  progs=["zip"], idiom="../ traversal in output name", ev="zip at /tmp/blindR_w/docs.zip")
T(M, "unzip_list", "safe",
  "unzip -l -- @archive@", ["archive"], "List a zip archive.", setup=ARSETUP, benign={"archive": "bundle.zip"}, expect="readme",
  progs=["unzip"], idiom="--", hostile=["-d/tmp/blindR_w", "-o"])
T(M, "unzip_into", "write",
  "unzip -o -q bundle.zip -d @dest@ && echo ok", ["dest"], "Unpack bundle.zip into a folder of the workspace.", setup=ARSETUP,
  payload={"dest": "/tmp/blindR_w/u"}, benign={"dest": "out"}, check=["file:/tmp/blindR_w/u/pkg/readme.txt"],
  progs=["unzip"], idiom="destination path not confined", ev="files unpacked under /tmp/blindR_w/u")
T(M, "unzip_into_confined", "broken",
  "d=$(realpath -m -- @dest@); case \"${d}/\" in \"$(pwd -P)\"/*) unzip -o -q bundle.zip -d \"${d}\" && echo ok;; *) echo 'dest outside workspace' >&2; exit 2;; esac", ["dest"],
  "Unpack bundle.zip into a folder of the workspace.", setup=ARSETUP, benign={"dest": "out"}, check=["exc"],
  progs=["unzip", "realpath"], idiom="${d} shell var substituted by client", ev="UtcpVariableNotFound backup__tools_d")
T(M, "xz_compress_keep", "option",
  "xz -k -T0 @file@ && ls -1 *.xz", ["file"], "Compress a file with xz, keeping the original.",
  payload={"file": "--files=/etc/hostname"}, benign={"file": "data.txt"}, check=["out:No such file or directory"],
  progs=["xz"], idiom="--files= reads names from a file", ev="xz read file list from /etc/hostname")
T(M, "zstd_compress_to", "write",
  "zstd -q -f @file@ -o @out@.zst && echo done", ["file", "out"], "Compress a file to <out>.zst in the workspace.",
  payload={"file": "data.txt", "out": "/tmp/blindR_w/z"}, benign={"file": "data.txt", "out": "data"}, check=["file:/tmp/blindR_w/z.zst"],
  progs=["zstd"], idiom="output name unconfined", ev="wrote /tmp/blindR_w/z.zst")
T(M, "gzip_stream_copy", "safe",
  "gzip -c -- @file@ > backup.gz && ls -l backup.gz | cut -c1-10", ["file"], "Gzip a file to backup.gz.",
  benign={"file": "data.txt"}, expect="-rw", progs=["gzip"], idiom="-- and fixed output", hostile=["--suffix=x", "-S/tmp"])
T(M, "restic_snapshot", "split",
  "restic backup --tag $(echo @tags@ | tr , ' ') .", ["tags"], "Back up the workspace with restic using comma separated tags.", stubs=["restic"],
  payload={"tags": "daily --password-command=id"}, benign={"tags": "daily"}, check=["log:--password-command=id"],
  progs=["restic", "tr"], idiom="unquoted cmdsubst", ev="stub restic got --password-command as own arg")
T(M, "borg_create_archive", "safe",
  ["[[ @name@ =~ ^[A-Za-z0-9._-]+$ ]] && borg create --stats ::@name@ . || echo 'bad name'"], ["name"],
  "Create a borg archive with the given name in the configured repo.", stubs=["borg"], env={"BORG_REPO": "/srv/borg"},
  benign={"name": "nightly-1"}, expect="stub-ok", progs=["borg"], idiom="regex guard and ::prefix", hostile=["--rsh=touch /tmp/blindR_c/q"])
T(M, "rclone_copy_remote", "option",
  "rclone copy ./docs @remote@ --progress=false", ["remote"], "Copy docs/ to an rclone remote path like s3:bucket/docs.", stubs=["rclone"],
  payload={"remote": "--config=/tmp/evil.conf"}, benign={"remote": "s3:bucket/docs"}, check=["logseq:./docs|--config=/tmp/evil.conf"],
  progs=["rclone"], idiom="destination becomes --config", ev="stub rclone received --config option")
T(M, "cpio_pass_through", "broken",
  "find docs -print | cpio -pdm @dest@ 2>&1; ls -R $DEST_ROOT", ["dest"], "Copy docs tree into a destination with cpio.",
  stubs=["cpio"], benign={"dest": "out"}, check=["exc"], progs=["cpio", "find"], idiom="$DEST_ROOT expected from shell", ev="UtcpVariableNotFound DEST_ROOT")

# ---------------- certificates, keys, network ----------------
M = "pki_net"
T(M, "cert_fingerprint", "safe",
  "openssl x509 -in @cert@ -noout -fingerprint -sha256", ["cert"], "SHA-256 fingerprint of a PEM certificate.",
  setup="openssl req -x509 -newkey rsa:2048 -nodes -keyout k.pem -out c.pem -days 1 -subj /CN=t", benign={"cert": "c.pem"},
  expect="Fingerprint", optvals=["-in"], progs=["openssl"], idiom="value is -in optarg")
T(M, "cert_export_der", "write",
  "openssl x509 -in @cert@ -outform DER -out @name@.der && echo written", ["cert", "name"], "Convert a PEM certificate to DER (<name>.der).",
  setup="openssl req -x509 -newkey rsa:2048 -nodes -keyout k.pem -out c.pem -days 1 -subj /CN=t",
  payload={"cert": "c.pem", "name": "../../../../../tmp/blindR_w/c"}, benign={"cert": "c.pem", "name": "cert"}, check=["file:/tmp/blindR_w/c.der"],
  progs=["openssl"], idiom="-out name with ../", ev="DER at /tmp/blindR_w/c.der")
T(M, "csr_for_host", "safe",
  ["[[ @cn@ =~ ^[A-Za-z0-9.-]+$ ]] || { echo 'invalid host' >&2; exit 2; }; openssl req -new -newkey rsa:2048 -nodes -keyout host.key -subj \"/CN=@cn@\" -out host.csr 2>/dev/null && openssl req -in host.csr -noout -subject"], ["cn"],
  "Create a key and CSR for a host name.", benign={"cn": "web.example.test"}, expect="web.example.test",
  progs=["openssl"], idiom="regex guard in same step", hostile=["x/O=evil"])
T(M, "csr_subject_free", "option",
  "openssl req -new -newkey rsa:2048 -nodes -keyout host.key -subj \"/CN=@cn@\" -out host.csr 2>&1 >/dev/null; openssl req -in host.csr -noout -subject", ["cn"],
  "Create a key and CSR for a host name.", payload={"cn": "x/CN=admin/O=Acme Root"}, benign={"cn": "web"}, check=["out:O = Acme Root"],
  progs=["openssl"], idiom="subject field injection via /", ev="CSR subject gained O=Acme Root")
T(M, "ssh_uptime", "exec",
  "ssh -o BatchMode=yes -o ConnectTimeout=3 @host@ uptime", ["host"], "Uptime of a host over SSH.",
  payload={"host": "-oProxyCommand=touch {C}"}, benign={"host": "127.0.0.1"}, check=["canary"], progs=["ssh"],
  idiom="host becomes -oProxyCommand", ev="ssh ran ProxyCommand locally")
T(M, "ssh_keygen_new", "write",
  "ssh-keygen -q -t ed25519 -N '' -C @comment@ -f keys/@keyname@ && echo created", ["comment", "keyname"], "Generate an ed25519 key pair under keys/.",
  setup="mkdir keys", payload={"comment": "ci", "keyname": "../../../../../tmp/blindR_w/k"}, benign={"comment": "ci", "keyname": "deploy"},
  check=["file:/tmp/blindR_w/k"], progs=["ssh-keygen"], idiom="key path ../ traversal", ev="key at /tmp/blindR_w/k")
T(M, "ssh_keygen_fpr", "safe",
  "ssh-keygen -l -f keys/@keyname@.pub", ["keyname"], "Fingerprint of a public key under keys/.",
  setup="mkdir keys && ssh-keygen -q -t ed25519 -N '' -f keys/deploy", benign={"keyname": "deploy"}, expect="ED25519",
  progs=["ssh-keygen"], idiom="value glued into -f path (reads only)")
T(M, "gpg_verify_sig", "option",
  "gpg --batch --verify @sig@ release.tar.gz", ["sig"], "Verify a detached signature of release.tar.gz.", stubs=["gpg"],
  payload={"sig": "--output=/tmp/blindR_w/g"}, benign={"sig": "release.tar.gz.asc"}, check=["logseq:--verify|--output=/tmp/blindR_w/g"],
  progs=["gpg"], idiom="signature arg becomes option", ev="stub gpg argv shows --output")
T(M, "gpg_import_key_url", "split",
  "curl -fsS $(printf '%s' @urls@) | gpg --batch --import", ["urls"], "Import a public key from a URL.", stubs=["gpg", "curl"],
  payload={"urls": "http://127.0.0.1/k.asc -o/tmp/blindR_w/x"}, benign={"urls": "http://127.0.0.1/k.asc"}, check=["log:-o/tmp/blindR_w/x"],
  progs=["curl", "gpg"], idiom="unquoted cmdsubst splits URL", ev="stub curl got -o as separate arg")
T(M, "dig_records", "split",
  "dig +short $(echo @name@) @type@", ["name", "type"], "DNS lookup of a name and record type.", stubs=["dig"],
  payload={"name": "example.test -f/etc/passwd", "type": "A"}, benign={"name": "example.test", "type": "A"},
  check=["logseq:+short|example.test|-f/etc/passwd"], progs=["dig"], idiom="$(echo) unquoted", ev="stub dig got -f as separate arg")
T(M, "dig_records_safe", "safe",
  "dig +short -q @name@ -t @type@", ["name", "type"], "DNS lookup of a name and record type.", stubs=["dig"],
  benign={"name": "example.test", "type": "A"}, expect="stub-ok", optvals=["-q", "-t"], progs=["dig"], idiom="-q / -t optargs")
T(M, "port_probe", "exec",
  "echo | socat -T2 - @endpoint@ && echo reachable", ["endpoint"], "Probe a socat endpoint like TCP:127.0.0.1:8080.",
  payload={"endpoint": "SYSTEM:touch {C}"}, benign={"endpoint": "TCP:127.0.0.1:9"}, check=["canary"], progs=["socat"],
  idiom="socat address SYSTEM:", ev="socat ran SYSTEM address")
T(M, "port_probe_tcp", "safe",
  "[[ @port@ =~ ^[0-9]{1,5}$ ]] || exit 2; echo | socat -T1 - TCP:127.0.0.1:@port@,connect-timeout=1 2>&1 | head -c 200; echo probed", ["port"],
  "Probe a local TCP port.", benign={"port": "9"}, expect="probed", progs=["socat"], idiom="digits guard, fixed host",
  hostile=["9,exec=touch /tmp/blindR_c/q", "9!!SYSTEM:touch /tmp/blindR_c/q"])
T(M, "nc_send_line", "option",
  "printf '%s\\n' @line@ | nc -w1 127.0.0.1 @port@", ["line", "port"], "Send one line to a local TCP port.", stubs=["nc"],
  payload={"line": "x", "port": "-e/bin/sh"}, benign={"line": "ping", "port": "9"}, check=["log:-e/bin/sh"],
  progs=["nc"], idiom="port becomes -e exec option", ev="stub nc got -e/bin/sh")
T(M, "keytool_list", "safe",
  "keytool -list -keystore @store@ -storepass:env STOREPASS 2>&1 | head -n 3", ["store"], "List a Java keystore (password from STOREPASS).",
  env={"STOREPASS": "changeit"}, stubs=["keytool"], benign={"store": "app.jks"}, expect="stub-ok", optvals=["-keystore"],
  progs=["keytool"], idiom="optarg + env_vars")
T("monitoring", "curl_health", "broken",
  "curl -fsS -H \"X-Requested-By: ${USER}\" http://127.0.0.1:9/health/@svc@ || echo down", ["svc"], "Health of a local service.",
  stubs=["curl"], benign={"svc": "web"}, check=["exc"], progs=["curl"], idiom="${USER} meant from the login shell", ev="UtcpVariableNotFound monitoring_USER")
T(M, "curl_health_cfg", "safe",
  "curl -fsS -H \"Authorization: Bearer ${API_TOKEN}\" \"http://127.0.0.1:9/health/@svc@\" || echo down", ["svc"], "Health of a local service; configure pki_net_API_TOKEN.",
  stubs=["curl"], vars={"API_TOKEN": "tok123"}, benign={"svc": "web"}, expect="stub-ok", progs=["curl"], idiom="client variable configured per README",
  hostile=["x -o/tmp/blindR_w/q"])

# ---------------- cloud / cluster / infra ----------------
M = "cluster_ops"
T(M, "helm_upgrade_tag", "split",
  "env -S \"helm upgrade app ./chart --install --set image.tag=@tag@\"", ["tag"], "Upgrade the app release to an image tag.", stubs=["helm"],
  payload={"tag": "v1 --post-renderer=/tmp/x"}, benign={"tag": "v1"}, check=["log:--post-renderer=/tmp/x"],
  progs=["env -S", "helm"], idiom="env -S splits its string", ev="stub helm got --post-renderer as own arg")
T(M, "helm_upgrade_tag_safe", "safe",
  "helm upgrade app ./chart --install --set-string image.tag=@tag@", ["tag"], "Upgrade the app release to an image tag.", stubs=["helm"],
  benign={"tag": "v1"}, expect="stub-ok", optvals=["--set-string"], progs=["helm"], idiom="value inside one --set-string arg")
T(M, "helm_values_file", "safe",
  "helm template app ./chart -f @values@", ["values"], "Render chart templates with a values file.", stubs=["helm"],
  benign={"values": "values-dev.yaml"}, expect="stub-ok", optvals=["-f"], progs=["helm"], idiom="value is -f optarg")
T(M, "kubectl_logs_pod", "option",
  "kubectl logs --tail=100 @pod@", ["pod"], "Last 100 log lines of a pod.", stubs=["kubectl"],
  payload={"pod": "--kubeconfig=/tmp/evil"}, benign={"pod": "web-1"}, check=["logseq:--tail=100|--kubeconfig=/tmp/evil"],
  progs=["kubectl"], idiom="pod name becomes option", ev="stub kubectl got --kubeconfig")
T(M, "kubectl_logs_pod_safe", "safe",
  "[[ @pod@ =~ ^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$ ]] && kubectl logs --tail=100 @pod@ || echo 'invalid pod name'", ["pod"], "Last 100 log lines of a pod.",
  stubs=["kubectl"], benign={"pod": "web-1"}, expect="stub-ok", progs=["kubectl"], idiom="DNS-1123 regex guard")
T(M, "kubectl_ns_context", "broken",
  "kubectl --context \"$KUBE_CONTEXT\" -n @ns@ get pods -o wide", ["ns"], "List pods in a namespace of the current context.", stubs=["kubectl"],
  benign={"ns": "default"}, check=["exc"], progs=["kubectl"], idiom="$KUBE_CONTEXT expected from shell env (inherit)", inherit=["PATH", "HOME", "KUBE_CONTEXT"],
  ev="client substitutes KUBE_CONTEXT and fails although author listed it in inherit_env_vars")
T(M, "kubectl_apply_dir", "safe",
  "kubectl apply --dry-run=client -f ./manifests/@env@/ -o name", ["env"], "Dry-run apply the manifests of an environment.", stubs=["kubectl"],
  benign={"env": "dev"}, expect="stub-ok", optvals=["-f"], progs=["kubectl"], idiom="value glued into -f path")
T(M, "kustomize_edit_image", "split",
  "cd overlays/prod && kustomize edit set image $(echo @images@ | tr ';' ' ')", ["images"], "Pin images in the prod overlay (name=ref;name=ref).",
  setup="mkdir -p overlays/prod", stubs=["kustomize"], payload={"images": "app=v1 --help"}, benign={"images": "app=v1"}, check=["logseq:image|app=v1|--help"],
  progs=["kustomize"], idiom="unquoted tr output", ev="stub kustomize got extra arg")
T(M, "terraform_plan_var", "safe",
  "terraform -chdir=infra plan -input=false -var=region=@region@ -no-color", ["region"], "Plan infra for a region.", stubs=["terraform"],
  benign={"region": "eu-west-1"}, expect="stub-ok", progs=["terraform"], idiom="glued -var= arg")
T(M, "terraform_workspace", "option",
  "terraform -chdir=infra workspace select @ws@", ["ws"], "Select a terraform workspace.", stubs=["terraform"],
  payload={"ws": "-or-create=true"}, benign={"ws": "staging"}, check=["logseq:select|-or-create=true"], progs=["terraform"],
  idiom="workspace name becomes flag", ev="stub terraform got -or-create flag")
T(M, "aws_s3_download", "write",
  "aws s3 cp s3://team-artifacts/@key@ ./downloads/@key@ --only-show-errors", ["key"], "Download an artifact into downloads/.", stubs=["aws"],
  payload={"key": "../../../../../tmp/blindR_w/x"}, benign={"key": "build.zip"}, check=["log:./downloads/../../../../../tmp/blindR_w/x"],
  progs=["aws"], idiom="key reused as local path", ev="stub aws destination escapes downloads/")
T(M, "aws_profile_whoami", "safe",
  "aws sts get-caller-identity --profile \"$AWS_PROFILE\" --region @region@ --output json", ["region"], "Identity of the configured AWS profile (configure cluster_ops_AWS_PROFILE).",
  stubs=["aws"], vars={"AWS_PROFILE": "dev"}, benign={"region": "eu-west-1"}, optvals=["--region"], expect="stub-ok", progs=["aws"], idiom="client variable configured")
T(M, "docker_exec_psql", "safe",
  "docker exec -i db psql -U app -d app -v ON_ERROR_STOP=1 -c 'select now()' --set=tbl=@table@", ["table"], "Ping the database container.",
  stubs=["docker"], benign={"table": "users"}, expect="stub-ok", progs=["docker", "psql"], idiom="glued --set=")
T(M, "docker_build_args", "split",
  "docker build -t app:dev $(printf -- '--build-arg %s ' @args@) .", ["args"], "Build the app image with build args (KEY=VAL).", stubs=["docker"],
  payload={"args": "A=1 --network=host"}, benign={"args": "A=1"}, check=["log:--network=host"], progs=["docker", "printf"],
  idiom="printf in unquoted cmdsubst", ev="stub docker got --network=host")
T(M, "skopeo_copy_image", "option",
  "skopeo copy docker://registry.local/app:@tag@ @dest@", ["tag", "dest"], "Copy an image tag to a destination (oci:dir or docker://...).", stubs=["skopeo"],
  payload={"tag": "v1", "dest": "--authfile=/tmp/evil.json"}, benign={"tag": "v1", "dest": "oci:./out"}, check=["log:--authfile=/tmp/evil.json"],
  progs=["skopeo"], idiom="destination becomes option", ev="stub skopeo got --authfile")
T(M, "cosign_verify", "safe",
  "cosign verify --key cosign.pub -- registry.local/app@sha256:@digest@", ["digest"], "Verify the signature of an image digest.", stubs=["cosign"],
  benign={"digest": "abc"}, expect="stub-ok", progs=["cosign"], idiom="-- and glued digest")
T(M, "trivy_scan", "option",
  "trivy image --severity HIGH,CRITICAL @image@", ["image"], "Scan an image for HIGH/CRITICAL vulns.", stubs=["trivy"],
  payload={"image": "--output=/tmp/blindR_w/t"}, benign={"image": "alpine:3"}, check=["log:--output=/tmp/blindR_w/t"],
  progs=["trivy"], idiom="image becomes option", ev="stub trivy got --output")

# ---------------- media & documents ----------------
M = "media_docs"
T(M, "ffmpeg_extract_audio", "write",
  "ffmpeg -hide_banner -y -i @input@ -vn -acodec libmp3lame audio/@name@.mp3", ["input", "name"], "Extract the audio track to audio/<name>.mp3.", stubs=["ffmpeg"],
  payload={"input": "in.mov", "name": "../../../../../tmp/blindR_w/a"}, benign={"input": "in.mov", "name": "talk"}, check=["log:audio/../../../../../tmp/blindR_w/a.mp3"],
  progs=["ffmpeg"], idiom="-y overwrite + traversal in name", ev="stub ffmpeg output path escapes audio/")
T(M, "sox_trim_audio", "safe",
  "sox -- @input@ trimmed.wav trim 0 @seconds@", ["input", "seconds"], "Trim an audio file to its first N seconds.", stubs=["sox"],
  benign={"input": "a.wav", "seconds": "10"}, expect="stub-ok", progs=["sox"], idiom="--; seconds is an effect arg")
T(M, "image_resize", "option",
  "convert @src@ -resize @geometry@ resized.png && echo ok", ["src", "geometry"], "Resize an image to a geometry like 800x600.", stubs=["convert"],
  payload={"src": "-write", "geometry": "800x600"}, benign={"src": "logo.png", "geometry": "800x600"}, check=["logseq:== convert|-write|-resize"],
  progs=["convert"], idiom="src becomes -write operator", ev="stub convert got -write operator")
T(M, "image_resize_safe", "safe",
  "case @src@ in -*|*:*) echo 'bad source' >&2;; *) convert ./@src@ -resize @geometry@ resized.png && echo ok;; esac", ["src", "geometry"],
  "Resize an image to a geometry like 800x600.", stubs=["convert"], optvals=["-resize"], benign={"src": "logo.png", "geometry": "800x600"}, expect="ok",
  progs=["convert"], idiom="case guard + ./ prefix (no coders like msl:)")
T(M, "exif_strip", "write",
  "exiftool -all= -o @out@ @src@", ["src", "out"], "Copy an image without metadata to <out>.", stubs=["exiftool"],
  payload={"src": "a.jpg", "out": "/tmp/blindR_w/e.jpg"}, benign={"src": "a.jpg", "out": "clean.jpg"}, check=["logseq:-o|/tmp/blindR_w/e.jpg"],
  progs=["exiftool"], idiom="output path unconfined", ev="stub exiftool -o outside workspace")
T(M, "pdf_merge_gs", "option",
  "gs -q -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -sOutputFile=merged.pdf @files@", ["files"], "Merge a PDF into merged.pdf.", stubs=["gs"],
  payload={"files": "-sOutputFile=/tmp/blindR_w/m.pdf"}, benign={"files": "a.pdf"}, check=["log:-sOutputFile=/tmp/blindR_w/m.pdf"],
  progs=["gs"], idiom="file becomes later -sOutputFile (last wins)", ev="stub gs got second -sOutputFile")
T(M, "pdf_text_extract", "safe",
  "pdftotext -layout -- @file@ -", ["file"], "Extract text of a PDF.", stubs=["pdftotext"], benign={"file": "a.pdf"}, expect="stub-ok",
  progs=["pdftotext"], idiom="--")
T(M, "qpdf_decrypt", "split",
  "printf '%s\\n' @files@ | xargs -I{} qpdf --decrypt {} {}.dec.pdf", ["files"], "Decrypt one PDF (writes <file>.dec.pdf).", stubs=["qpdf"],
  payload={"files": "a.pdf\n--replace-input"}, benign={"files": "a.pdf"}, check=["log:--replace-input"],
  progs=["qpdf", "xargs"], idiom="newline in value -> second xargs item", ev="stub qpdf got a second invocation with --replace-input")
T(M, "mkdocs_build_site", "write",
  "mkdocs build --clean --site-dir @outdir@", ["outdir"], "Build the docs site into a folder (cleaned first).", stubs=["mkdocs"],
  payload={"outdir": "/tmp/blindR_w/site"}, benign={"outdir": "site"}, check=["logseq:--site-dir|/tmp/blindR_w/site"],
  progs=["mkdocs"], idiom="--clean deletes chosen dir", ev="stub mkdocs --site-dir outside workspace")
T(M, "hugo_new_post", "write",
  "cd site && hugo new content posts/@slug@.md", ["slug"], "Create a new blog post.", stubs=["hugo"], setup="mkdir site",
  payload={"slug": "../../../../../tmp/blindR_w/p"}, benign={"slug": "hello"}, check=["log:posts/../../../../../tmp/blindR_w/p.md"],
  progs=["hugo"], idiom="slug path traversal", ev="stub hugo got path escaping site/")
T(M, "doc_word_count", "safe",
  "pandoc -t plain -- @file@ | wc -w", ["file"], "Word count of a document.", stubs=["pandoc"], benign={"file": "notes.md"}, expect="2",
  progs=["pandoc", "wc"], idiom="--", hostile=["--lua-filter=/tmp/x.lua", "--filter=touch"])
T(M, "md_toc", "broken",
  "grep -E '^#{1,3} ' @file@ | sed -E 's/^(#+) (.*)$/\\1 \\2/' | awk '{ depth=length($1); print depth }'", ["file"], "Table of contents of a markdown file.",
  benign={"file": "notes.md"}, check=["exc"], progs=["grep", "sed", "awk"], idiom="$/ ok but awk $1 substituted", ev="UtcpVariableNotFound 1")

# ---------------- databases ----------------
M = "db_admin"
DBSETUP = "sqlite3 app.db 'create table users(id integer, name text); insert into users values (1,\"ann\"),(2,\"bob\");'"
T(M, "sqlite_query", "exec",
  "sqlite3 -readonly app.db @sql@", ["sql"], "Run a read-only SQL query on app.db.", setup=DBSETUP,
  payload={"sql": ".shell touch {C}"}, benign={"sql": "select count(*) from users"}, check=["canary"],
  progs=["sqlite3"], idiom="dot-command .shell in SQL arg", ev="sqlite3 ran .shell")
T(M, "sqlite_query_safe", "safe",
  "sqlite3 -safe -readonly app.db @sql@", ["sql"], "Run a read-only SQL query on app.db.", setup=DBSETUP,
  benign={"sql": "select count(*) from users"}, expect="2", progs=["sqlite3"], idiom="-safe mode",
  hostile=[".shell touch /tmp/blindR_c/q", ".system touch /tmp/blindR_c/q", "ATTACH '/tmp/blindR_w/x.db' AS x; CREATE TABLE x.t(a);", ".output /tmp/blindR_w/o", ".once /tmp/blindR_w/o"])
T(M, "sqlite_export_csv", "write",
  "sqlite3 -csv app.db \".once @out@\" 'select * from users' && echo exported", ["out"], "Export the users table as CSV to a file.", setup=DBSETUP,
  payload={"out": "/tmp/blindR_w/u.csv"}, benign={"out": "users.csv"}, check=["file:/tmp/blindR_w/u.csv"], progs=["sqlite3"],
  idiom=".once path unconfined", ev="CSV at /tmp/blindR_w/u.csv")
T(M, "sqlite_user_lookup", "safe",
  "sqlite3 -safe app.db \"select id, name from users where name = '$(printf %s @name@ | sed \"s/'/''/g\")';\"", ["name"], "Look up a user by name.",
  setup=DBSETUP, benign={"name": "ann"}, expect="ann", progs=["sqlite3", "sed"], idiom="quote doubling inside $( )", hostile=["x'; .shell touch /tmp/blindR_c/q; '"])
T(M, "pg_dump_db", "option",
  "pg_dump --no-owner @db@ > dump.sql && echo dumped", ["db"], "Dump a database into dump.sql.", stubs=["pg_dump"],
  payload={"db": "--file=/tmp/blindR_w/d.sql"}, benign={"db": "appdb"}, check=["logseq:--no-owner|--file=/tmp/blindR_w/d.sql"],
  progs=["pg_dump"], idiom="db name becomes --file", ev="stub pg_dump got --file")
T(M, "psql_count_rows", "safe",
  "psql -X -A -t -d appdb -v tbl=@table@ -c 'select 1'", ["table"], "Row count helper (psql variable).", stubs=["psql"],
  benign={"table": "users"}, expect="stub-ok", progs=["psql"], idiom="-v var=value glued")
T(M, "mongo_dump_coll", "write",
  "mongodump --db app --collection @coll@ --out backups/@coll@", ["coll"], "Dump a collection under backups/.", stubs=["mongodump"],
  payload={"coll": "../../../../../tmp/blindR_w/m"}, benign={"coll": "users"}, check=["log:backups/../../../../../tmp/blindR_w/m"],
  progs=["mongodump"], idiom="collection name reused as path", ev="stub mongodump --out escapes backups/")

# ---------------- system administration ----------------
M = "sysadmin"
T(M, "restart_unit", "option",
  "systemctl restart @unit@ && systemctl is-active @unit@", ["unit"], "Restart a systemd unit and show its state.", stubs=["systemctl"],
  payload={"unit": "--host=root@10.0.0.1"}, benign={"unit": "nginx.service"}, check=["logseq:restart|--host=root@10.0.0.1"],
  progs=["systemctl"], idiom="unit becomes --host", ev="stub systemctl got --host")
T(M, "restart_unit_safe", "safe",
  "case @unit@ in *.service|*.timer) systemctl restart -- @unit@ && systemctl is-active -- @unit@;; *) echo 'unit must end in .service or .timer';; esac", ["unit"],
  "Restart a systemd unit and show its state.", stubs=["systemctl"], benign={"unit": "nginx.service"}, expect="stub-ok", progs=["systemctl"], idiom="case suffix + --",
  hostile=["--host=root@x.service", "-H x.service"])
T(M, "journal_grep", "safe",
  "journalctl -u @unit@ --since @since@ --no-pager -g @pattern@", ["unit", "since", "pattern"], "Search a unit's journal.", stubs=["journalctl"],
  benign={"unit": "nginx", "since": "-1h", "pattern": "error"}, expect="stub-ok", optvals=["-u", "--since", "-g"], progs=["journalctl"], idiom="all optargs")
T(M, "log_message", "option",
  "logger -t deploy @message@", ["message"], "Write a message to syslog under the deploy tag.", stubs=["logger"],
  payload={"message": "--file=/etc/shadow"}, benign={"message": "deploy finished"}, check=["logseq:deploy|--file=/etc/shadow"],
  progs=["logger"], idiom="message becomes --file", ev="stub logger got --file")
T(M, "log_message_safe", "safe",
  "logger -t deploy -- @message@", ["message"], "Write a message to syslog under the deploy tag.", stubs=["logger"],
  benign={"message": "deploy finished"}, expect="stub-ok", progs=["logger"], idiom="--")
T(M, "append_audit", "write",
  "printf '%s %s\\n' \"$(date -u +%FT%TZ)\" @entry@ | tee -a logs/@logname@.log", ["entry", "logname"], "Append an audit entry to logs/<logname>.log.",
  setup="mkdir logs", payload={"entry": "x", "logname": "../../../../../tmp/blindR_w/a"}, benign={"entry": "login ok", "logname": "audit"},
  check=["file:/tmp/blindR_w/a.log"], progs=["tee", "date"], idiom="tee -a path traversal", ev="appended /tmp/blindR_w/a.log")
T(M, "append_audit_fixed", "safe",
  "printf '%s %s\\n' \"$(date -u +%FT%TZ)\" @entry@ | tee -a logs/audit.log", ["entry"], "Append an audit entry to logs/audit.log.",
  setup="mkdir logs", benign={"entry": "login ok"}, expect="login ok", progs=["tee", "date"], idiom="fixed tee target")
T(M, "write_image", "write",
  "dd if=@image@ of=@device@ bs=4M conv=fsync status=none && echo flashed", ["image", "device"], "Write a disk image to a device node.",
  setup="echo img > disk.img", payload={"image": "disk.img", "device": "/tmp/blindR_w/dev"}, benign={"image": "disk.img", "device": "out.img"},
  check=["file:/tmp/blindR_w/dev"], progs=["dd"], idiom="dd of= unconfined", ev="dd wrote /tmp/blindR_w/dev")
T(M, "install_config", "write",
  "install -m 0644 -D templates/app.conf @dest@ && echo installed", ["dest"], "Install the app config at a path under the workspace.",
  setup="mkdir templates && echo k=v > templates/app.conf", payload={"dest": "/tmp/blindR_w/etc/app.conf"}, benign={"dest": "conf/app.conf"},
  check=["file:/tmp/blindR_w/etc/app.conf"], progs=["install"], idiom="install -D dest unconfined", ev="file at /tmp/blindR_w/etc/app.conf")
T(M, "truncate_log", "write",
  "truncate -s 0 -- logs/@name@ && echo truncated", ["name"], "Empty a log file under logs/.", setup="mkdir logs && echo x > logs/app.log && echo keep > /tmp/blindR_xkeep",
  payload={"name": "../../../../../tmp/blindR_xkeep"}, benign={"name": "app.log"}, check=["empty:/tmp/blindR_xkeep"],
  progs=["truncate"], idiom="-- but ../ traversal", ev="emptied /tmp/blindR_xkeep outside logs/")
T(M, "with_lock", "exec",
  "flock -n /tmp/blindR_run/deploy.lock -c @task@", ["task"], "Run a deploy task under the deploy lock (task is one of build, test).",
  payload={"task": "touch {C}"}, benign={"task": "true"}, check=["canary"], progs=["flock"], idiom="flock -c runs shell string", ev="canary created")
T(M, "with_timeout", "safe",
  "case @task@ in build|test) timeout 5 make -s @task@;; *) echo 'unknown task';; esac", ["task"], "Run make build or test with a 5 s timeout.",
  setup="printf 'build:\\n\\t@echo built\\ntest:\\n\\t@echo tested\\n' > Makefile", benign={"task": "build"}, expect="built", progs=["timeout", "make"], idiom="case allow-list")
T(M, "make_target", "exec",
  "make -s @target@", ["target"], "Run a make target.", setup="printf 'build:\\n\\t@echo built\\n' > Makefile",
  payload={"target": "--eval=$(shell touch {C})"}, benign={"target": "build"}, check=["canary"], progs=["make"], idiom="--eval option", ev="make --eval ran $(shell)")
T(M, "nice_compress", "split",
  "nice -n 10 $(echo gzip -k @file@)", ["file"], "Compress a file at low priority.", stubs=["gzip"],
  payload={"file": "a b"}, benign={"file": "data.txt"}, check=["logseq:-k|a|b"], progs=["nice", "gzip"], idiom="command built in $(echo)", ev="stub gzip got a and b")
T(M, "ionice_rsync", "split",
  "ionice -c3 rsync -a $(printf '%s ' @src@) backup/", ["src"], "Copy a path to backup/ at idle IO priority.", stubs=["rsync"],
  payload={"src": "docs -e sh"}, benign={"src": "docs"}, check=["logseq:-a|docs|-e|sh"], progs=["ionice", "rsync"], idiom="unquoted printf", ev="stub rsync got -e sh")
T(M, "watch_disk", "safe",
  "df -h --output=source,pcent,target -- @mount@", ["mount"], "Disk usage for a mount point.", benign={"mount": "/"}, expect="%", progs=["df"], idiom="--")

# ---------------- package managers & build ----------------
M = "pkg_build"
T(M, "pip_install_pkg", "option",
  "pip install --user --no-input @package@", ["package"], "Install a Python package for the user.", stubs=["pip"],
  payload={"package": "--index-url=http://127.0.0.1:9/evil"}, benign={"package": "requests"}, check=["logseq:--no-input|--index-url=http://127.0.0.1:9/evil"],
  progs=["pip"], idiom="package name becomes --index-url", ev="stub pip got --index-url")
T(M, "pip_install_pinned", "safe",
  "[[ @package@ =~ ^[A-Za-z0-9][A-Za-z0-9._-]*(==[0-9A-Za-z.]+)?$ ]] && pip install --user --no-input @package@ || echo 'invalid requirement'", ["package"],
  "Install a Python package (name or name==version) for the user.", stubs=["pip"], benign={"package": "requests==2.31.0"}, expect="stub-ok",
  progs=["pip"], idiom="requirement regex")
T(M, "pip_install_many", "split",
  "pip install --user $(echo @packages@ | tr ',' ' ')", ["packages"], "Install comma-separated Python packages.", stubs=["pip"],
  payload={"packages": "requests --target=/tmp/x"}, benign={"packages": "requests,rich"}, check=["log:--target=/tmp/x"],
  progs=["pip", "tr"], idiom="tr + unquoted cmdsubst", ev="stub pip got --target")
T(M, "npm_add_dep", "option",
  "npm install --save-exact @pkg@", ["pkg"], "Add an exact npm dependency.", stubs=["npm"],
  payload={"pkg": "--prefix=/tmp/blindR_w"}, benign={"pkg": "lodash"}, check=["logseq:--save-exact|--prefix=/tmp/blindR_w"],
  progs=["npm"], idiom="pkg becomes --prefix", ev="stub npm got --prefix")
T(M, "cargo_add_crate", "split",
  "cargo add $(echo @crate@) --quiet", ["crate"], "Add a crate dependency.", stubs=["cargo"],
  payload={"crate": "serde --git http://127.0.0.1:9/evil"}, benign={"crate": "serde"}, check=["logseq:serde|--git|http://127.0.0.1:9/evil"],
  progs=["cargo"], idiom="$(echo) word splitting", ev="stub cargo got --git")
T(M, "cargo_features_test", "safe",
  "cargo test --quiet --features @features@ -- --test-threads=1", ["features"], "Run tests with a feature list.", stubs=["cargo"],
  benign={"features": "serde,tokio"}, expect="stub-ok", optvals=["--features"], progs=["cargo"], idiom="--features optarg")
T(M, "gem_install_version", "option",
  "gem install @gem@ --no-document --version @version@", ["gem", "version"], "Install a Ruby gem version.", stubs=["gem"],
  payload={"gem": "--install-dir=/tmp/blindR_w", "version": "1.0"}, benign={"gem": "rake", "version": "13.0"}, check=["logseq:install|--install-dir=/tmp/blindR_w"],
  progs=["gem"], idiom="gem name becomes option", ev="stub gem got --install-dir")
T(M, "go_install_tool", "safe",
  "case @module@ in -*) echo 'invalid module' ;; *@*) GOFLAGS=-mod=mod go install @module@ ;; *) echo 'need module@version' ;; esac", ["module"],
  "Install a Go tool (module@version).", stubs=["go"], benign={"module": "golang.org/x/tools/cmd/stringer@latest"}, expect="stub-ok", progs=["go"], idiom="case guard")
T(M, "poetry_add", "split",
  "cd @project@ && poetry add $(printf '%s' @spec@)", ["project", "spec"], "Add a dependency to a poetry project.", stubs=["poetry"], setup="mkdir proj",
  payload={"project": "proj", "spec": "rich --source evil"}, benign={"project": "proj", "spec": "rich"}, check=["logseq:rich|--source|evil"],
  progs=["poetry"], idiom="printf in unquoted cmdsubst", ev="stub poetry got --source")
T(M, "composer_require", "safe",
  "composer require --no-interaction -- @package@", ["package"], "Require a PHP package.", stubs=["composer"], benign={"package": "monolog/monolog"},
  expect="stub-ok", progs=["composer"], idiom="--")
T(M, "apt_show_pkg", "option",
  "apt-get -s install @pkg@ | tail -n 3", ["pkg"], "Simulate installing a Debian package.", stubs=["apt-get"],
  payload={"pkg": "-oAPT::Update::Pre-Invoke::=touch"}, benign={"pkg": "curl"}, check=["logseq:install|-oAPT::Update::Pre-Invoke::=touch"],
  progs=["apt-get"], idiom="pkg becomes -o config option", ev="stub apt-get got -o APT config")
T(M, "dpkg_contents", "safe",
  "dpkg-deb -c -- @deb@ | head -n 20", ["deb"], "List the files of a .deb.", stubs=["dpkg-deb"], benign={"deb": "a.deb"}, expect="stub-ok",
  progs=["dpkg-deb"], idiom="--")
T(M, "mvn_run_goal", "option",
  "mvn -q -B @goal@", ["goal"], "Run a Maven goal like test or package.", stubs=["mvn"],
  payload={"goal": "-Dexec.executable=touch"}, benign={"goal": "test"}, check=["log:-Dexec.executable=touch"],
  progs=["mvn"], idiom="goal becomes -D property", ev="stub mvn got -D")
T(M, "gradle_task_checked", "safe",
  "[[ @task@ =~ ^[a-zA-Z][a-zA-Z0-9:]*$ ]] || { echo 'invalid task'; exit 0; }; ./gradlew -q @task@", ["task"], "Run a Gradle task.",
  setup="printf '#!/bin/sh\\necho gradle \"$@\"\\n' > gradlew && chmod +x gradlew", benign={"task": "test"}, expect="test", progs=["gradlew"], idiom="regex guard")
T(M, "make_docs_var", "broken",
  "make -C docs html SPHINXOPTS=\"-W -j $(nproc)\" BUILDDIR=@builddir@ && ls $BUILDDIR", ["builddir"], "Build HTML docs into a build dir.",
  stubs=["make"], benign={"builddir": "_build"}, check=["exc"], progs=["make", "nproc"], idiom="$BUILDDIR make-var mistaken for shell var", ev="UtcpVariableNotFound BUILDDIR")

# ---------------- monitoring & log analysis ----------------
M = "monitoring"
T(M, "ping_host", "exec",
  "timeout 5 bash -c \"ping -c1 -W1 @host@ >/dev/null && echo up || echo down\"", ["host"], "Check if a host answers ping.",
  payload={"host": "127.0.0.1; touch {C}"}, benign={"host": "127.0.0.1"}, check=["canary"], progs=["timeout", "bash -c", "ping"], idiom="value inside bash -c string", ev="inner bash ran touch")
T(M, "log_errors_since", "safe",
  "grep -c -e @pattern@ -- @file@ || true", ["pattern", "file"], "Count log lines matching a pattern.", benign={"pattern": "ERROR", "file": "a.log"}, expect="1",
  optvals=["-e"], progs=["grep"], idiom="-e and --")
T(M, "log_errors_xargs", "exec",
  "printf '%s\\n' @files@ | xargs -I{} sh -c 'echo {}: $(grep -c ERROR {})'", ["files"], "Count ERROR lines per log file.",
  payload={"files": "a.log; touch {C}"}, benign={"files": "a.log"}, check=["canary"], progs=["xargs", "sh -c"], idiom="xargs -I{} into sh -c", ev="sh ran injected command")
T(M, "http_status_many", "split",
  "echo @urls@ | xargs -n1 curl -s -o /dev/null -w '%{http_code}\\n'", ["urls"], "HTTP status of a URL.", stubs=["curl"],
  payload={"urls": "http://127.0.0.1:9/ -o/tmp/blindR_w/x"}, benign={"urls": "http://127.0.0.1:9/"}, check=["log:-o/tmp/blindR_w/x"],
  progs=["xargs", "curl"], idiom="xargs -n1 splits value", ev="stub curl got -o from value")
T(M, "tail_service_log", "broken",
  ["cd /var/log/@service@", "tail -n 20 current.log"], ["service"], "Tail the current log of a service.",
  setup="true", benign={"service": "nginx"}, check=["out:No such file"], progs=["tail"], idiom="cd in own step does not persist", ev="step 2 runs in original dir: current.log missing")
T(M, "tail_service_log_wd", "broken",
  "tail -n 20 current.log | grep -i @level@", ["level"], "Tail the app log filtered by level.", wd="~/app/logs",
  benign={"level": "error"}, check=["exc"], progs=["tail", "grep"], idiom="working_dir with ~ is not expanded", ev="subprocess fails: no such directory ~/app/logs")
T(M, "tail_app_log", "safe",
  "tail -n @lines@ -- current.log | grep -i -e @level@ || echo 'no match'", ["lines", "level"], "Tail the app log filtered by level.", wd="/tmp/blindR_run/sb",
  setup="printf 'x error\\n' > current.log", benign={"lines": "5", "level": "error"}, expect="x error", optvals=["-n", "-e"], progs=["tail", "grep"], idiom="working_dir + -- + -e")
T(M, "prom_query", "safe",
  "curl -fsS -G --data-urlencode query=@q@ http://127.0.0.1:9/api/v1/query || echo unreachable", ["q"], "Run a PromQL instant query on the local Prometheus.",
  stubs=["curl"], benign={"q": "up"}, expect="stub-ok", progs=["curl"], idiom="glued query= in --data-urlencode")
T(M, "banner_note", "broken",
  ["echo 'Status report' # don't edit: generated", "echo \"host: @host@\""], ["host"], "Print a status banner for a host.",
  benign={"host": "web1"}, check=["outnot:web1"], progs=["echo"], idiom="apostrophe in comment flips the quote tracker", ev="output lacks host: placeholder emitted as literal")
T(M, "status_json_raw", "safe",
  "jq -cR '{host: .}' <<< @host@", ["host"], "Emit a status JSON object for a host.", benign={"host": "web1"}, expect="web1", progs=["jq"], idiom="here-string into jq -R")


# ---------------- multi-step pipelines ----------------
M = "pipelines"
T(M, "deploy_image_of", "broken",
  ["kubectl get deploy @deploy@ -o jsonpath='{.spec.template.spec.containers[0].image}'", "echo \"current image: ${CMD_0_OUTPUT}\""], ["deploy"],
  "Show the image a deployment runs.", stubs=["kubectl"], benign={"deploy": "web"}, check=["exc"], progs=["kubectl"],
  idiom="${CMD_0_OUTPUT} braced form substituted by client", ev="UtcpVariableNotFound CMD_0_OUTPUT")
T(M, "verify_checksum", "broken",
  ["sha256sum -- @file@ | cut -d' ' -f1", "[ \"$CMD_0_OUTPUT\" = @expected@ ] && echo match || echo mismatch"], ["file", "expected"],
  "Compare a file's SHA-256 with an expected value.", benign={"file": "data.txt", "expected": "abc"}, check=["exc"], progs=["sha256sum", "cut", "["],
  idiom="$CMD_0_OUTPUT in test", ev="UtcpVariableNotFound CMD_0_OUTPUT")
T(M, "export_then_helm", "broken",
  ["export RELEASE=@version@", "helm upgrade app ./chart --install --set image.tag=\"${RELEASE:-latest}\""], ["version"],
  "Roll the app to a version.", stubs=["helm"], benign={"version": "v2"}, check=["log:image.tag=latest"], progs=["export", "helm"],
  idiom="export in one step is lost in the next ($( ) subshell)", ev="stub helm always gets image.tag=latest")
T(M, "gen_deploy_script", "exec",
  ["printf '#!/bin/sh\\necho deploying %s\\n' @app@ > /tmp/blindR_run/deploy.sh", "sh /tmp/blindR_run/deploy.sh"], ["app"],
  "Generate and run the deploy script for an app.", payload={"app": "x; touch {C}"}, benign={"app": "web"}, check=["canary"],
  progs=["printf", "sh"], idiom="value written into a script then run", ev="generated script ran touch")
T(M, "gen_deploy_script_q", "safe",
  ["printf '#!/bin/sh\\necho deploying %q\\n' @app@ > /tmp/blindR_run/deploy.sh", "bash /tmp/blindR_run/deploy.sh"], ["app"],
  "Generate and run the deploy script for an app.", benign={"app": "web"}, expect="deploying web", progs=["printf %q", "bash"], idiom="printf %q in generated script")
T(M, "envsubst_render_run", "exec",
  ["APP=@app@ envsubst < deploy.tmpl > /tmp/blindR_run/rendered.sh", "bash /tmp/blindR_run/rendered.sh"], ["app"],
  "Render deploy.tmpl for an app and run it.", setup="printf 'echo deploying $APP\\n' > deploy.tmpl",
  payload={"app": "x; touch {C}"}, benign={"app": "web"}, check=["canary"], progs=["envsubst", "bash"], idiom="envsubst output executed", ev="rendered script ran touch")
T(M, "node_config_gen", "exec",
  ["printf 'module.exports = {name: \"%s\"};\\n' @name@ > app.config.js", "node -e 'console.log(require(\"./app.config.js\").name)'"], ["name"],
  "Write the app config module and print the configured name.",
  payload={"name": "x\"+require(\"child_process\").execSync(\"touch {C}\")+\""}, benign={"name": "shop"}, check=["canary"],
  progs=["printf", "node"], idiom="value written into JS then required", ev="require ran execSync")
T(M, "node_config_json", "safe",
  ["jq -R '{name: .}' <<< @name@ > app.json", "node -e 'console.log(require(\"./app.json\").name)'"], ["name"],
  "Write the app config as JSON and print the configured name.", benign={"name": "shop"}, expect="shop", progs=["jq", "node"], idiom="jq -R encodes value")
T(M, "report_copy", "write",
  ["mkdir -p reports", "cp -- a.log reports/@name@ && ls reports"], ["name"], "Save the current log as a named report in reports/.",
  payload={"name": "../../../../../tmp/blindR_w/r"}, benign={"name": "today.log"}, check=["file:/tmp/blindR_w/r"], progs=["mkdir", "cp"],
  idiom="-- does not stop ../", ev="copy at /tmp/blindR_w/r")
T(M, "report_copy_basename", "safe",
  ["mkdir -p reports", "cp -- a.log \"reports/$(basename -- @name@)\" && ls reports"], ["name"], "Save the current log as a named report in reports/.",
  benign={"name": "today.log"}, expect="today.log", progs=["cp", "basename"], idiom="basename strips dirs")
T(M, "git_stage_path", "split",
  ["git add -- $(echo @path@)", "git status --short"], ["path"], "Stage one path and show status.",
  setup="git init -q . && touch x", payload={"path": "data.txt notes.md"}, benign={"path": "data.txt"}, check=["out:A  notes.md"],
  progs=["git"], idiom="$(echo) splits a single path", ev="both files staged")
T(M, "git_stage_path_ok", "safe",
  ["git add -- @path@", "git status --short"], ["path"], "Stage one path and show status.", setup="git init -q .",
  benign={"path": "data.txt"}, expect="A  data.txt", progs=["git"], idiom="-- and quoted", hostile=["--chmod=+x", ":(exclude)*"])
T(M, "docker_save_image", "option",
  ["docker image inspect @image@ >/dev/null && echo found", "docker save @image@ | gzip > image.tar.gz && echo saved"], ["image"],
  "Save a local image to image.tar.gz.", stubs=["docker"], payload={"image": "--output=/tmp/blindR_w/i"}, benign={"image": "app:dev"},
  check=["logseq:save|--output=/tmp/blindR_w/i"], progs=["docker", "gzip"], idiom="image ref becomes --output", ev="stub docker save got --output")
T(M, "docker_save_image_ok", "safe",
  ["[[ @image@ =~ ^[a-z0-9][a-z0-9._/-]*(:[A-Za-z0-9._-]+)?$ ]] || { echo 'invalid image'; exit 0; }; docker save @image@ | gzip > image.tar.gz && echo saved"], ["image"],
  "Save a local image to image.tar.gz.", stubs=["docker"], benign={"image": "app:dev"}, expect="saved", progs=["docker", "gzip"], idiom="regex guard in same step")
T(M, "rotate_log", "write",
  ["mv -f logs/@name@ logs/@name@.1", "gzip -f logs/@name@.1 && ls logs"], ["name"], "Rotate a log under logs/ (name -> name.1.gz).",
  setup="mkdir logs && echo x > logs/app.log && echo keep > /tmp/blindR_xkeep", payload={"name": "../../../../../tmp/blindR_xkeep"}, benign={"name": "app.log"},
  check=["file:/tmp/blindR_xkeep.1.gz"], progs=["mv", "gzip"], idiom="../ in log name", ev="/tmp/blindR_xkeep.1.gz created")
T(M, "rsync_mirror", "option",
  ["mkdir -p mirror", "rsync -a @src@ mirror/ && echo mirrored"], ["src"], "Mirror a workspace folder into mirror/.", stubs=["rsync"],
  payload={"src": "--remove-source-files"}, benign={"src": "docs/"}, check=["logseq:-a|--remove-source-files"], progs=["rsync"],
  idiom="src becomes --remove-source-files", ev="stub rsync got --remove-source-files")
T(M, "rsync_mirror_ok", "safe",
  ["mkdir -p mirror", "rsync -a -- @src@ mirror/ && echo mirrored"], ["src"], "Mirror a workspace folder into mirror/.", stubs=["rsync"],
  benign={"src": "docs/"}, expect="mirrored", progs=["rsync"], idiom="--", hostile=["-e touch /tmp/blindR_c/q", "--rsync-path=touch"])
T(M, "release_checksum_file", "safe",
  ["mkdir -p dist && cp data.txt dist/app.bin", "case @file@ in */*|.*|'') echo 'plain file name only';; *) cd dist && sha256sum -- @file@ > @file@.sha256 && cat @file@.sha256;; esac"], ["file"],
  "Write <file>.sha256 next to a file in dist/.", benign={"file": "app.bin"}, expect="app.bin", progs=["sha256sum"], idiom="case guard then cd")
T(M, "release_checksum_split_guard", "write",
  ["case @file@ in */*|.*) echo 'plain file name only'; exit 1;; esac", "sha256sum -- dist/@file@ > dist/@file@.sha256; echo done"], ["file"],
  "Write <file>.sha256 next to a file in dist/.", setup="mkdir dist",
  payload={"file": "../../../../../tmp/blindR_w/c"}, benign={"file": "app.bin"}, check=["file:/tmp/blindR_w/c.sha256"], progs=["sha256sum"],
  idiom="guard in a separate step (exit only leaves its $( ))", ev="checksum file written at /tmp/blindR_w/c.sha256 despite guard")

# ---------------- environment the published manuals set (env_vars) ----------------
ENV_EXTRA = {
  "tag_release_signed": {"GIT_TERMINAL_PROMPT": "0"}, "git_ls_remote_check": {"GIT_TERMINAL_PROMPT": "0"},
  "git_shortlog_authors": {"GIT_PAGER": "cat"}, "git_archive_release": {"GIT_PAGER": "cat"},
  "gh_pr_checkout": {"GH_PROMPT_DISABLED": "1"}, "npm_version_bump": {"NPM_CONFIG_FUND": "false"},
  "twine_upload_dist": {"TWINE_NON_INTERACTIVE": "1"}, "top_values_column": {"LC_ALL": "C"}, "csv_column_counts": {"LC_ALL": "C"},
  "dedupe_sorted": {"LC_ALL": "C"}, "format_now": {"LC_TIME": "C"}, "parse_when_strict": {"LC_TIME": "C"},
  "xz_compress_keep": {"XZ_DEFAULTS": "-T0"}, "zstd_compress_to": {"ZSTD_CLEVEL": "19"}, "restic_snapshot": {"RESTIC_REPOSITORY": "/srv/restic"},
  "rclone_copy_remote": {"RCLONE_CONFIG": "/etc/rclone/rclone.conf"}, "gpg_verify_sig": {"GNUPGHOME": "/tmp/blindR_run/home/.gnupg"},
  "helm_upgrade_tag": {"HELM_NAMESPACE": "web"}, "helm_upgrade_tag_safe": {"HELM_NAMESPACE": "web"}, "helm_values_file": {"HELM_NAMESPACE": "web"},
  "kubectl_logs_pod": {"KUBECONFIG": "/etc/kube/ops.yaml"}, "kubectl_logs_pod_safe": {"KUBECONFIG": "/etc/kube/ops.yaml"},
  "terraform_plan_var": {"TF_IN_AUTOMATION": "1"}, "terraform_workspace": {"TF_IN_AUTOMATION": "1"}, "aws_s3_download": {"AWS_REGION": "eu-west-1"},
  "trivy_scan": {"TRIVY_NO_PROGRESS": "true"}, "ffmpeg_extract_audio": {"AV_LOG_FORCE_NOCOLOR": "1"}, "pg_dump_db": {"PGHOST": "127.0.0.1", "PGUSER": "backup"},
  "psql_count_rows": {"PGHOST": "127.0.0.1"}, "restart_unit": {"SYSTEMD_PAGER": "cat"}, "restart_unit_safe": {"SYSTEMD_PAGER": "cat"},
  "journal_grep": {"SYSTEMD_PAGER": "cat"}, "pip_install_pkg": {"PIP_DISABLE_PIP_VERSION_CHECK": "1"}, "pip_install_many": {"PIP_DISABLE_PIP_VERSION_CHECK": "1"},
  "pip_install_pinned": {"PIP_DISABLE_PIP_VERSION_CHECK": "1"}, "npm_add_dep": {"NPM_CONFIG_AUDIT": "false"}, "cargo_add_crate": {"CARGO_TERM_COLOR": "never"},
  "cargo_features_test": {"CARGO_TERM_COLOR": "never"}, "apt_show_pkg": {"DEBIAN_FRONTEND": "noninteractive"}, "mvn_run_goal": {"MAVEN_OPTS": "-Xmx512m"},
  "poetry_add": {"POETRY_VIRTUALENVS_IN_PROJECT": "true"}, "sqlite_query": {"SQLITE_HISTORY": "/dev/null"}, "sqlite_query_safe": {"SQLITE_HISTORY": "/dev/null"},
  "mongo_dump_coll": {"MONGODB_URI": "mongodb://127.0.0.1:27017"}, "skopeo_copy_image": {"REGISTRY_AUTH_FILE": "/etc/containers/auth.json"},
  "cosign_verify": {"COSIGN_EXPERIMENTAL": "0"}, "http_status_many": {"NO_PROXY": "127.0.0.1"}, "prom_query": {"NO_PROXY": "127.0.0.1"},
}
for _t in TOOLS:
    if _t["name"] in ENV_EXTRA:
        _t["env"] = {**ENV_EXTRA[_t["name"]], **(_t.get("env") or {})}
