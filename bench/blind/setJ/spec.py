# Spec of blind set J: the harness builds manuals/*.json from TOOLS and confirms labels.
# @@name@@ -> UTCP_ARG_name_UTCP_END.  CANARY/OUTF in payloads -> per-tool /tmp paths.
TOOLS = []
VARIABLES = {"cloudj_AWS_PROFILE": "dev", "cloudj_VAULT_ADDR": "http://127.0.0.1:8200",
             "relengj_GH_TOKEN": "ghp_dummy", "clusterj_KUBE_CONTEXT": "staging",
             "dataj_REPORT_DIR": "/tmp/blindJ_ws/reports"}
def _t(cat, manual, name, desc, inputs, cmds, **kw):
    TOOLS.append(dict(cat=cat, manual=manual, name=name, desc=desc, inputs=inputs, cmds=cmds, **kw))
def S(*a, **k): _t("safe", *a, **k)
def E(*a, **k): _t("exec", *a, **k)
def O(*a, **k): _t("option", *a, **k)
def W(*a, **k): _t("write", *a, **k)
def X(*a, **k): _t("split", *a, **k)
def B(*a, **k): _t("broken", *a, **k)
EX = "x; touch CANARY #"
GIT = "git init -q . && git config user.email a@b && git config user.name a && echo 'TODO fix' > a.py && git add . && git commit -qm init"

# ---------------- shellj: bash builtins and idioms
m = "shellj"
E(m, "retry_count_check", "Check whether a job exceeded its retry budget.", {"retries": "number of retries so far"},
  ["if (( @@retries@@ > 3 )); then echo over-budget; else echo ok; fi"],
  payload={"retries": "a[$(touch CANARY)]"}, idiom="arith (( )) on arg")
S(m, "retry_count_check_test", "Check whether a job exceeded its retry budget (POSIX test).", {"retries": "retries so far"},
  ["if test @@retries@@ -gt 3 2>/dev/null; then echo over-budget; else echo ok; fi"],
  benign={"retries": "5"}, want="over-budget", idiom="test -gt (no arith eval)")
E(m, "bump_counter", "Store a build counter for a named pipeline.", {"pipeline": "pipeline name", "value": "counter value"},
  ["declare -A counters; declare -a order; printf -v 'order[@@pipeline@@]' '%s' @@value@@ && echo stored"],
  payload={"pipeline": "x[$(touch CANARY)]", "value": "1"}, idiom="printf -v array subscript")
E(m, "bump_counter_assoc", "Store a build counter for a named pipeline (associative).", {"pipeline": "pipeline name", "value": "counter value"},
  ["declare -A counters; printf -v 'counters[@@pipeline@@]' '%s' @@value@@ && declare -p counters"],
  payload={"pipeline": "$(touch CANARY)", "value": "7"}, idiom="printf -v assoc subscript")
E(m, "complete_branch", "Complete a branch name from a list of candidates.", {"candidates": "space separated names", "prefix": "typed prefix"},
  ["compgen -W \"@@candidates@@\" -- @@prefix@@"],
  payload={"candidates": "main $(touch CANARY)", "prefix": "m"}, idiom="compgen -W re-expands")
S(m, "complete_branch_grep", "Complete a branch name from a list of candidates.", {"candidates": "space separated names", "prefix": "typed prefix"},
  ["printf '%s\\n' @@candidates@@ | tr ' ' '\\n' | grep -F -- @@prefix@@ || true"],
  benign={"candidates": "main maint dev", "prefix": "mai"}, want="maint", idiom="grep -F -- look-alike")
E(m, "lock_and_run_cleanup", "Take a job lock and register cleanup of the job temp dir.", {"job": "job id"},
  ["trap \"rm -rf /tmp/blindJ_ws/job-@@job@@\" EXIT; mkdir -p /tmp/blindJ_ws/job-@@job@@ && echo locked"],
  payload={"job": "1; touch CANARY"}, idiom="trap string in dq")
S(m, "lock_and_run_cleanup_fn", "Take a job lock and register cleanup of the job temp dir.", {"job": "job id (digits)"},
  ["[[ @@job@@ =~ ^[0-9]+$ ]] || { echo 'bad job id'; exit 1; }; trap \"rm -rf /tmp/blindJ_ws/job-@@job@@\" EXIT; mkdir -p /tmp/blindJ_ws/job-@@job@@ && echo locked"],
  benign={"job": "42"}, want="locked", idiom="regex guard before trap")
E(m, "int_setting", "Validate an integer setting.", {"value": "integer"},
  ["declare -i n=@@value@@; echo \"value ok\""],
  payload={"value": "a[$(touch CANARY)]"}, idiom="declare -i arith")
S(m, "int_setting_regex", "Validate an integer setting.", {"value": "integer"},
  ["case @@value@@ in ''|*[!0-9]*) echo invalid ;; *) echo 'value ok' ;; esac"],
  benign={"value": "12"}, want="value ok", idiom="case guard")
E(m, "cond_threshold", "Compare disk usage percent to a threshold.", {"threshold": "percent"},
  ["used=$(df --output=pcent / | tail -1 | tr -dc 0-9); [[ \"${used:-0}\" -gt @@threshold@@ ]] && echo ALERT || echo fine"],
  payload={"threshold": "a[$(touch CANARY)]"}, idiom="[[ -gt ]] arith eval")
E(m, "let_quota", "Compute a new quota.", {"delta": "MB to add"},
  ["let 'q = 100 + @@delta@@' && echo quota-updated"],
  payload={"delta": "a[$(touch CANARY)]"}, idiom="let")
S(m, "let_quota_expr", "Compute a new quota.", {"delta": "MB to add"},
  ["expr 100 + @@delta@@ 2>&1 || true"], benign={"delta": "20"}, want="120", idiom="expr look-alike")
E(m, "release_env_file", "Write the release version to .release.env and load it.", {"version": "semver"},
  ["printf 'APP_VERSION=%s\\n' @@version@@ > .release.env && . ./.release.env && grep -c APP_VERSION .release.env"],
  payload={"version": "1.0; touch CANARY"}, idiom="write then source (%s)")
S(m, "release_env_file_q", "Write the release version to .release.env and load it.", {"version": "semver"},
  ["printf 'APP_VERSION=%q\\n' @@version@@ > .release.env && . ./.release.env && cat .release.env"],
  benign={"version": "1.4.2"}, want="APP_VERSION=1.4.2", idiom="write %q then source")
B(m, "job_args_getopts", "Parse job flags with getopts and print the chosen mode.", {"flags": "flags like -m fast"},
  ["set -- @@flags@@; while getopts m: opt; do case $opt in m) echo \"mode=$OPTARG\";; esac; done"],
  benign={"flags": "-m fast"}, want="mode=fast", idiom="getopts with $opt (client var)")
E(m, "eval_export", "Export a KEY=VALUE into the environment of the report step.", {"assignment": "KEY=VALUE"},
  ["eval \"export @@assignment@@\" && env | grep -c '=' >/dev/null && echo exported"],
  payload={"assignment": "A=1; touch CANARY"}, idiom="eval export")
S(m, "export_checked", "Export a KEY=VALUE into the environment of the report step.", {"assignment": "KEY=VALUE"},
  ["[[ @@assignment@@ =~ ^[A-Z_][A-Z0-9_]*=[A-Za-z0-9._-]*$ ]] || { echo rejected; exit 2; }; export @@assignment@@ && env | grep -F -- @@assignment@@"],
  benign={"assignment": "TIER=gold"}, want="TIER=gold", idiom="regex-checked export")
B(m, "apostrophe_comment", "Count TODO markers in the repo.", {"marker": "marker text"},
  ["# don't count vendored files\ngrep -rc -- @@marker@@ --include='*.py' . | grep -v ':0' || echo none"],
  setup=GIT, benign={"marker": "TODO"}, want=r"a\.py:1", idiom="apostrophe in comment flips tracker")
E(m, "mapfile_callback", "Read a hosts file and report each line via a callback command.", {"callback": "callback name"},
  ["printf 'h1\\nh2\\n' > hosts.txt; mapfile -t -c 1 -C @@callback@@ hosts < hosts.txt; echo done"],
  payload={"callback": "touch CANARY"}, idiom="mapfile -C names a command")
S(m, "read_fields", "Split host:port into parts.", {"addr": "host:port"},
  ["IFS=: read -r h p <<< @@addr@@; printf 'host=%s port=%s\\n' \"${h:-}\" \"${p:-}\""],
  benign={"addr": "db.local:5432"}, want="host=db.local port=5432", idiom="read with herestring")
B(m, "source_profile_local", "Print the deploy profile name from profile.env.", {"name": "profile name"},
  ["echo \"PROFILE=@@name@@\" > profile.env", "source ./profile.env && echo \"profile is ${PROFILE}\""],
  benign={"name": "blue"}, want="profile is blue", idiom="${PROFILE} client-substituted")

# ---------------- langj: language runtimes
m = "langj"
E(m, "py_slugify", "Slugify a title.", {"title": "title"},
  ["python3 -c \"import re; print(re.sub(r'[^a-z0-9]+', '-', '@@title@@'.lower()).strip('-'))\""],
  payload={"title": "x'+__import__('os').popen('touch CANARY').read()+'"}, idiom="python -c code string")
S(m, "py_slugify_argv", "Slugify a title.", {"title": "title"},
  ["python3 -c 'import re,sys; print(re.sub(r\"[^a-z0-9]+\", \"-\", sys.argv[1].lower()).strip(\"-\"))' @@title@@"],
  benign={"title": "Hello World 2"}, want="hello-world-2", idiom="python argv")
E(m, "py_heredoc_render", "Render a greeting template.", {"user": "user name"},
  ["python3 - <<EOF\nname = @@user@@\nprint('Hello, ' + name)\nEOF"],
  payload={"user": "x\"+__import__(\"os\").popen(\"touch CANARY\").read()+\""}, idiom="unquoted heredoc python")
S(m, "py_heredoc_env", "Render a greeting template.", {"user": "user name"},
  ["USER_NAME=@@user@@ python3 - <<'EOF'\nimport os\nprint('Hello, ' + os.environ['USER_NAME'])\nEOF"],
  benign={"user": "ada"}, want="Hello, ada", idiom="quoted heredoc + env")
E(m, "perl_filter_log", "Print log lines matching a regex.", {"regex": "perl regex"},
  ["printf 'GET /a\\nPOST /b\\n' > access.log; perl -ne \"print if /@@regex@@/\" access.log"],
  payload={"regex": "x/; system(\"touch CANARY\"); /y"}, idiom="perl -ne code")
B(m, "perl_filter_log_env", "Print log lines matching a regex (literal).", {"regex": "text"},
  ["printf 'GET /a\\nPOST /b\\n' > access.log; PAT=@@regex@@ perl -ne 'print if index($_, $ENV{PAT}) >= 0' access.log"],
  benign={"regex": "POST"}, want="POST /b", idiom="perl env literal")
E(m, "node_semver_major", "Print the major version of a semver.", {"version": "semver"},
  ["node -p \"'@@version@@'.split('.')[0]\""],
  payload={"version": "1'+require('child_process').execSync('touch CANARY')+'"}, idiom="node -p code")
S(m, "node_semver_major_argv", "Print the major version of a semver.", {"version": "semver"},
  ["node -e 'console.log(String(process.argv[1]).split(\".\")[0])' @@version@@"],
  benign={"version": "3.2.1"}, want=r"^3", idiom="node argv")
E(m, "awk_count_status", "Count log lines with a status code.", {"status": "HTTP status"},
  ["printf '200 /a\\n404 /b\\n200 /c\\n' > app.log; awk \"/^@@status@@ / {c++} END {print c+0}\" app.log"],
  payload={"status": "x/ || system(\"touch CANARY\") || /y"}, idiom="awk program string")
B(m, "awk_count_status_v", "Count log lines with a status code.", {"status": "HTTP status"},
  ["printf '200 /a\\n404 /b\\n200 /c\\n' > app.log; awk -v s=@@status@@ 'index($0, s \" \") == 1 {c++} END {print c+0}' app.log"],
  benign={"status": "200"}, want=r"^2", idiom="awk -v (but $0)")
E(m, "sed_set_key", "Set a key in config.ini.", {"key": "key", "value": "value"},
  ["printf 'port=1\\nhost=a\\n' > config.ini; sed -i \"s/^@@key@@=.*/@@key@@=@@value@@/\" config.ini && cat config.ini"],
  payload={"key": "port", "value": "2/;1e touch CANARY\n#"}, idiom="GNU sed e command")
E(m, "ed_delete_line", "Delete lines matching a pattern with ed.", {"pattern": "pattern"},
  ["printf 'a\\nb\\n' > list.txt; printf '%s\\n' \"g/@@pattern@@/d\" w q | ed -s list.txt; cat list.txt"],
  payload={"pattern": "zz/d\n!touch CANARY\n"}, idiom="ed script via printf")
S(m, "bc_calc", "Evaluate an arithmetic expression with 2 decimals.", {"expr": "expression"},
  ["printf 'scale=2; %s\\n' @@expr@@ | bc 2>&1 | head -3"],
  benign={"expr": "10/4"}, want=r"2\.50", idiom="bc stdin")
B(m, "awk_sum_column", "Sum a numeric column of a CSV.", {"column": "column number"},
  ["printf '1,2\\n3,4\\n' > d.csv; awk -F, -v c=@@column@@ '{s+=$c} END {print s}' d.csv"],
  benign={"column": "2"}, want=r"^6", idiom="$c in awk client-substituted")
B(m, "py_venv_steps", "Create a venv and print its python prefix.", {"dir": "venv dir"},
  ["python3 -m venv --without-pip @@dir@@", "source @@dir@@/bin/activate", "python -c 'import sys; print(sys.prefix)'"],
  benign={"dir": "venv"}, want="venv", idiom="activate in earlier step does not persist")

# ---------------- relengj: release engineering
m = "relengj"
O(m, "git_log_range", "Show one-line history for a revision range.", {"range": "revision range"},
  ["git log --oneline @@range@@"], setup=GIT, payload={"range": "--output=OUTF"}, idiom="git log --output option")
S(m, "git_log_range_eoo", "Show one-line history for a revision range.", {"range": "revision range"},
  ["git log --oneline --end-of-options @@range@@ --"], setup=GIT, benign={"range": "HEAD"}, want="init", idiom="--end-of-options")
E(m, "git_grep_todo", "Search the tree for a pattern at a revision.", {"pattern": "pattern", "rev": "revision"},
  ["git grep -n @@pattern@@ @@rev@@"], setup=GIT, payload={"pattern": "--open-files-in-pager=touch CANARY", "rev": "TODO"}, idiom="git grep -O pager")
S(m, "git_grep_e", "Search the tree for a pattern in a pathspec.", {"pattern": "pattern", "path": "pathspec"},
  ["git grep -n -e @@pattern@@ -- @@path@@ || echo 'no match'"], setup=GIT, benign={"pattern": "TODO", "path": "*.py"}, want=r"a\.py:1", idiom="git grep -e --")
E(m, "git_ls_remote", "List refs of a remote.", {"remote": "remote name or url"},
  ["git ls-remote @@remote@@ 2>&1 | head -5"], setup=GIT + " && git remote add origin /tmp/blindJ_ws/none",
  payload={"remote": "--upload-pack=touch CANARY"}, idiom="git ls-remote --upload-pack")
W(m, "git_archive_release", "Build a release tarball dist/<name>.tar.gz.", {"name": "archive base name"},
  ["mkdir -p dist && git archive --format=tar.gz -o dist/@@name@@.tar.gz HEAD && ls dist"], setup=GIT,
  payload={"name": "../../../../../tmp/blindJ_w_git_archive_release"}, expect_file="OUTF.tar.gz", idiom="path concat ../")
S(m, "git_archive_release_guard", "Build a release tarball dist/<name>.tar.gz.", {"name": "archive base name"},
  ["case @@name@@ in ''|.*|*[!A-Za-z0-9._-]*) echo 'invalid name'; exit 1 ;; esac; mkdir -p dist && git archive --format=tar.gz -o dist/@@name@@.tar.gz HEAD && ls dist"],
  setup=GIT, benign={"name": "v1.2"}, want=r"v1\.2\.tar\.gz", idiom="case whitelist")
B(m, "gh_release_notes", "Create a GitHub release noting the build commit.", {"tag": "tag"},
  ["gh release create @@tag@@ --notes \"Built from $GITHUB_SHA\""], env_vars={"GH_TOKEN": "${GH_TOKEN}"},
  benign={"tag": "v1.0.0"}, want=r"\[v1\.0\.0\]", idiom="$GITHUB_SHA client var")
S(m, "gh_release_create", "Create a GitHub release.", {"tag": "tag", "title": "title"},
  ["gh release create --title @@title@@ --notes-file CHANGELOG.md -- @@tag@@"], env_vars={"GH_TOKEN": "${GH_TOKEN}"},
  benign={"tag": "v1.0.0", "title": "First"}, want=r"\[--\]\n\[v1\.0\.0\]", idiom="options first then --")
X(m, "twine_upload", "Upload a built distribution file from dist/.", {"file": "file name in dist"},
  ["twine upload --skip-existing $(printf 'dist/%s' @@file@@)"], payload={"file": "alpha beta"}, expect=r"^\[beta\]$", idiom="unquoted $( ) split")
S(m, "twine_upload_quoted", "Upload a built distribution file from dist/.", {"file": "file name in dist"},
  ["f=$(printf 'dist/%s' @@file@@) && twine upload --skip-existing \"${f#./}\""], benign={"file": "pkg-1.0.whl"}, want=r"\[dist/pkg-1\.0\.whl\]", idiom="assign $( ) then ${f#./}")
X(m, "npm_install_one", "Install one npm package pinned exactly.", {"package": "package spec"},
  ["echo @@package@@ | xargs npm install --save-exact"], payload={"package": "alpha beta"}, expect=r"^\[alpha\]$", idiom="echo | xargs")
S(m, "npm_install_one_dd", "Install one npm package pinned exactly.", {"package": "package spec"},
  ["npm install --save-exact -- @@package@@"], benign={"package": "left-pad@1.3.0"}, want=r"\[left-pad@1\.3\.0\]", idiom="npm --")
O(m, "npm_version_bump", "Bump the package version (major|minor|patch).", {"bump": "bump kind"},
  ["npm version @@bump@@ --no-git-tag-version"], payload={"bump": "--registry=http://127.0.0.1:9/"}, expect=r"^\[--registry=", idiom="npm option")
S(m, "npm_version_bump_case", "Bump the package version (major|minor|patch).", {"bump": "bump kind"},
  ["case @@bump@@ in major|minor|patch) npm version @@bump@@ --no-git-tag-version ;; *) echo 'bump must be major, minor or patch' ;; esac"],
  benign={"bump": "minor"}, want=r"\[minor\]", idiom="case guard")
O(m, "cargo_test_filter", "Run cargo tests matching a filter.", {"filter": "test name filter"},
  ["cargo test @@filter@@"], payload={"filter": "--target-dir=/tmp/blindJ_w_x"}, expect=r"^\[--target-dir=", idiom="cargo option")
S(m, "cargo_test_filter_dd", "Run cargo tests matching a filter.", {"filter": "test name filter"},
  ["cargo test --quiet -- @@filter@@"], benign={"filter": "parser"}, want=r"\[--\]\n\[parser\]", idiom="cargo test --")
E(m, "make_target", "Run a make target.", {"target": "target"},
  ["make -s @@target@@"], setup="printf 'build:\\n\\t@echo built\\n' > Makefile",
  payload={"target": "--eval=x:=$(shell touch CANARY)"}, idiom="make --eval")
S(m, "make_target_case", "Run a make target (build, test or lint).", {"target": "target"},
  ["case @@target@@ in build|test|lint) make -s @@target@@ ;; *) echo 'unknown target' ;; esac"],
  setup="printf 'build:\\n\\t@echo built\\n' > Makefile", benign={"target": "build"}, want="built", idiom="case guard")
E(m, "make_version", "Build with a VERSION variable.", {"version": "version"},
  ["make -s build VERSION=@@version@@"], setup="printf 'build:\\n\\t@echo building $(VERSION)\\n' > Makefile",
  payload={"version": "1; touch CANARY"}, idiom="make var into recipe")
B(m, "make_in_subdir", "Build the frontend.", {"target": "target"},
  ["cd frontend", "make -s @@target@@"], setup="mkdir frontend && printf 'build:\\n\\t@echo built\\n' > frontend/Makefile",
  benign={"target": "build"}, want="built", idiom="cd in earlier step")
W(m, "docs_append_section", "Append a line to docs/<section>.md.", {"section": "section name", "line": "text"},
  ["mkdir -p docs && printf '%s\\n' @@line@@ | tee -a docs/@@section@@.md"],
  payload={"section": "../../../../../tmp/blindJ_w_docs_append_section", "line": "x"}, expect_file="OUTF.md", idiom="tee -a path concat")
S(m, "changelog_append", "Append an entry to CHANGELOG.md.", {"entry": "entry"},
  ["printf -- '- %s\\n' @@entry@@ >> CHANGELOG.md && tail -1 CHANGELOG.md"], benign={"entry": "fix crash"}, want="- fix crash", idiom="fixed file")
B(m, "changelog_from_tags", "List commits since the previous tag.", {"tag": "tag"},
  ["git describe --tags --abbrev=0 @@tag@@^", "git log --oneline $CMD_0_OUTPUT..@@tag@@"], setup=GIT + " && git tag v1 && git commit -q --allow-empty -m two && git tag v2",
  benign={"tag": "v2"}, want="two", idiom="$CMD_0_OUTPUT client var")
S(m, "changelog_refs", "List tags with their commit subject.", {"pattern": "tag glob"},
  ["git for-each-ref --format='%(refname:short)' refs/tags/@@pattern@@ | while read -r ref; do echo \"$ref: $(git log -1 --format=%s \"$ref\")\"; done"],
  setup=GIT + " && git tag v1", benign={"pattern": "v*"}, want="v1: init", idiom="$ref survives client substitution")

# ---------------- certsj: certificates and keys
m = "certsj"
X(m, "csr_for_host", "Create a key and CSR for a host and show the subject.", {"cn": "host name"},
  ["openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout k.pem -subj \"/CN=@@cn@@\" -out r.csr 2>/dev/null && openssl req -in r.csr -noout -subject"],
  payload={"cn": "app.local/O=Evil Corp"}, expect=r"O\s*=\s*Evil", idiom="openssl -subj splits on /")
S(m, "csr_for_host_checked", "Create a key and CSR for a host and show the subject.", {"cn": "host name"},
  ["[[ @@cn@@ =~ ^[A-Za-z0-9.-]+$ ]] || { echo 'invalid host'; exit 1; }; openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout k.pem -subj \"/CN=@@cn@@\" -out r.csr 2>/dev/null && openssl req -in r.csr -noout -subject"],
  benign={"cn": "app.local"}, want=r"CN\s*=\s*app\.local", idiom="regex guard")
W(m, "genkey_named", "Generate an ed25519 key keys/<name>.pem.", {"name": "key name"},
  ["mkdir -p keys && openssl genpkey -algorithm ed25519 -out keys/@@name@@.pem && ls keys"],
  payload={"name": "../../../../../tmp/blindJ_w_genkey_named"}, expect_file="OUTF.pem", idiom="-out path concat")
S(m, "genkey_named_basename", "Generate an ed25519 key keys/<name>.pem.", {"name": "key name"},
  ["mkdir -p keys && n=$(basename -- @@name@@) && openssl genpkey -algorithm ed25519 -out \"keys/${n%.pem}.pem\" && ls keys"],
  benign={"name": "api"}, want=r"api\.pem", idiom="basename + ${n%.pem}")
B(m, "truststore_import", "Import ca.pem into the Java truststore.", {"alias": "alias"},
  ["keytool -importcert -noprompt -alias @@alias@@ -file ca.pem -keystore truststore.jks -storepass $STOREPASS"],
  benign={"alias": "corp-ca"}, want="added", idiom="$STOREPASS client var")
S(m, "secret_from_b64", "Decode a base64 secret and print its sha256 prefix.", {"b64": "base64"},
  ["printf '%s' @@b64@@ | base64 -d > secret.bin && sha256sum secret.bin | cut -c1-16"],
  benign={"b64": "aGVsbG8="}, want="2cf24dba5fb0a30e", idiom="printf | base64 -d")
W(m, "secret_to_file", "Decode a base64 secret into secrets/<name>.", {"b64": "base64", "name": "secret name"},
  ["mkdir -p secrets && printf '%s' @@b64@@ | base64 -d > secrets/@@name@@ && ls secrets"],
  payload={"b64": "aGVsbG8=", "name": "../../../../../tmp/blindJ_w_secret_to_file"}, idiom="redirect path concat")
O(m, "cert_dates", "Print validity dates of a PEM certificate.", {"cert": "certificate path"},
  ["openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout k.pem -subj /CN=x -out c.pem 2>/dev/null; sort -u @@cert@@ | head -1"],
  payload={"cert": "--output=OUTF"}, idiom="sort --output")
S(m, "cert_dates_x509", "Print validity dates of a PEM certificate.", {"cert": "certificate path"},
  ["openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout k.pem -subj /CN=x -out c.pem 2>/dev/null; openssl x509 -noout -dates -in @@cert@@ 2>&1"],
  benign={"cert": "c.pem"}, want="notAfter", idiom="openssl -in option-arg")
S(m, "ssh_key_fingerprint", "Show the fingerprint of a public key file.", {"pubkey": "path"},
  ["ssh-keygen -q -t ed25519 -N '' -f id_test >/dev/null; ssh-keygen -l -f @@pubkey@@ 2>&1"],
  benign={"pubkey": "id_test.pub"}, want="ED25519", idiom="ssh-keygen -f option-arg")
W(m, "ssh_key_generate", "Generate a deploy key ~/.deploy/<name>.", {"name": "key name"},
  ["mkdir -p deploykeys && ssh-keygen -q -t ed25519 -N '' -C deploy -f deploykeys/@@name@@ && ls deploykeys"],
  payload={"name": "../../../../../tmp/blindJ_w_ssh_key_generate"}, idiom="-f path concat")
E(m, "ssh_host_check", "Check SSH reachability of a host.", {"host": "host"},
  ["timeout 5 ssh -o BatchMode=yes -o ConnectTimeout=2 @@host@@ true 2>&1 | tail -1"],
  payload={"host": "-oProxyCommand=touch CANARY"}, idiom="ssh -oProxyCommand")
S(m, "ssh_host_check_dd", "Check SSH reachability of a host.", {"host": "host"},
  ["[[ @@host@@ != -* ]] || { echo 'bad host'; exit 1; }; timeout 5 ssh -o BatchMode=yes -o ConnectTimeout=1 -- @@host@@ true 2>&1 | tail -1; echo checked"],
  benign={"host": "127.0.0.1"}, want="checked", idiom="leading-dash guard + --")
X(m, "checksum_files", "Print sha256 of a file in the release dir.", {"file": "file name"},
  ["cd release 2>/dev/null || mkdir release; echo @@file@@ | xargs sha256sum 2>&1"],
  setup="mkdir release", payload={"file": "globbait.txt other"}, expect=r"other: No such file", idiom="xargs split")
S(m, "checksum_file_quoted", "Print sha256 of a file.", {"file": "file name"},
  ["sha256sum -- @@file@@ 2>&1"], benign={"file": "globbait.txt"}, want="globbait.txt", idiom="sha256sum --")

# ---------------- clusterj: containers and clusters (stubs log argv; exec stubs emulate remote shells)
m = "clusterj"
E(m, "pod_tail_log", "Tail an application log inside a pod.", {"pod": "pod name", "lines": "line count"},
  ["kubectl exec @@pod@@ -- sh -c 'tail -n @@lines@@ /var/log/app.log 2>/dev/null; echo tailed'"],
  payload={"pod": "web-0", "lines": "1; touch CANARY"}, idiom="kubectl exec sh -c with sq placeholder")
S(m, "pod_tail_log_argv", "Tail an application log inside a pod.", {"pod": "pod name", "lines": "line count"},
  ["kubectl exec pod/@@pod@@ -- tail -n @@lines@@ /var/log/app.log"],
  benign={"pod": "web-0", "lines": "20"}, want=r"\[20\]", idiom="kubectl exec pod/ prefix argv")
O(m, "pods_by_label", "List pods matching a label selector.", {"selector": "label selector"},
  ["kubectl get pods -l @@selector@@ -o wide", "kubectl get pods @@selector@@"],
  payload={"selector": "--kubeconfig=/tmp/blindJ_w_evil"}, expect=r"\[pods\]\n\[--kubeconfig=", idiom="kubectl positional becomes option")
S(m, "pods_by_label_eq", "List pods matching a label selector.", {"selector": "label selector"},
  ["kubectl get pods --selector=@@selector@@ -o wide"], benign={"selector": "app=web"}, want=r"\[--selector=app=web\]", idiom="--opt=value form")
E(m, "container_shell_du", "Disk usage of a directory inside a container.", {"container": "container", "dir": "directory"},
  ["docker exec @@container@@ sh -c \"du -sh /data/@@dir@@ 2>/dev/null; echo measured\""],
  payload={"container": "db", "dir": "x; touch CANARY"}, idiom="docker exec sh -c dq")
S(m, "container_du_argv", "Disk usage of a directory inside a container.", {"container": "container", "dir": "directory"},
  ["[[ @@container@@ =~ ^[a-zA-Z0-9][a-zA-Z0-9_.-]*$ ]] || { echo 'bad container'; exit 1; }; docker exec @@container@@ du -sh -- /data/@@dir@@"], benign={"container": "db", "dir": "pg"}, want=r"\[/data/pg\]", idiom="docker exec argv + name guard")
O(m, "run_healthcheck_image", "Run the healthcheck of an image.", {"image": "image ref"},
  ["docker run --rm @@image@@ healthcheck"], payload={"image": "--privileged"}, expect=r"\[run\]\n\[--rm\]\n\[--privileged\]", idiom="docker run image as option")
S(m, "run_healthcheck_image_guard", "Run the healthcheck of an image.", {"image": "image ref"},
  ["[[ @@image@@ =~ ^[a-z0-9][a-z0-9._/:@-]*$ ]] || { echo 'invalid image'; exit 1; }; docker run --rm @@image@@ healthcheck"],
  benign={"image": "nginx:1.25"}, want=r"\[nginx:1\.25\]", idiom="image regex guard")
X(m, "helm_set_tag", "Deploy a release with an image tag.", {"release": "release", "tag": "image tag"},
  ["helm upgrade --install @@release@@ ./chart $(echo --set image.tag=@@tag@@)"], payload={"release": "web", "tag": "alpha beta"},
  expect=r"^\[beta\]$", idiom="unquoted $( echo ) split")
S(m, "helm_set_string", "Deploy a release with an image tag.", {"release": "release", "tag": "image tag"},
  ["[[ @@tag@@ =~ ^[A-Za-z0-9._-]+$ ]] || { echo 'invalid tag'; exit 1; }; helm upgrade --install -- @@release@@ ./chart --set-string image.tag=@@tag@@"],
  benign={"release": "web", "tag": "1.4.2"}, want=r"\[image\.tag=1\.4\.2\]", idiom="tag regex + --set-string")
X(m, "delete_pods", "Delete a pod by name.", {"pod": "pod name"},
  ["kubectl delete pod $(printf '%s' @@pod@@)"], payload={"pod": "alpha beta"}, expect=r"^\[alpha\]$", idiom="unquoted printf $( )")
B(m, "rollout_context", "Restart a deployment in the configured context.", {"deploy": "deployment"},
  ["kubectl --context \"${KUBE_CONTEXT}\" rollout restart deployment/@@deploy@@", "kubectl rollout status deployment/@@deploy@@ --context $CTX"],
  benign={"deploy": "web"}, want=r"\[deployment/web\]", idiom="$CTX undefined client var")
S(m, "rollout_restart", "Restart a deployment in the configured context.", {"deploy": "deployment"},
  ["kubectl --context \"${KUBE_CONTEXT}\" rollout restart deployment/@@deploy@@"], benign={"deploy": "web"}, want=r"\[staging\]", idiom="${VAR} provided by client config")
W(m, "kube_save_manifest", "Save a deployment manifest to manifests/<name>.yaml.", {"name": "deployment"},
  ["mkdir -p manifests && kubectl get deploy @@name@@ -o yaml > manifests/@@name@@.yaml && ls manifests"],
  payload={"name": "../../../../../tmp/blindJ_w_kube_save_manifest"}, expect_file="OUTF.yaml", idiom="redirect path concat")
S(m, "kube_save_manifest_guard", "Save a deployment manifest to manifests/<name>.yaml.", {"name": "deployment"},
  ["[[ @@name@@ =~ ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$ ]] || { echo 'not a DNS-1123 name'; exit 1; }; mkdir -p manifests && kubectl get deploy @@name@@ -o yaml > manifests/@@name@@.yaml && ls manifests"],
  benign={"name": "web"}, want=r"web\.yaml", idiom="DNS-1123 guard")
O(m, "skopeo_copy", "Mirror an image tag into the internal registry.", {"src": "source image"},
  ["skopeo copy docker://@@src@@ docker://registry.internal/mirror:latest", "skopeo inspect @@src@@"],
  payload={"src": "--authfile=/tmp/blindJ_w_auth"}, expect=r"\[inspect\]\n\[--authfile=", idiom="skopeo positional option")
E(m, "ansible_service_status", "Show service status on an inventory host.", {"host": "host pattern", "service": "service"},
  ["ansible @@host@@ -m shell -a \"systemctl status @@service@@ --no-pager\""], payload={"host": "web", "service": "x; touch CANARY #"}, idiom="ansible -m shell -a")
W(m, "velero_backup_log", "Download a backup's log to logs/.", {"backup": "backup name"},
  ["mkdir -p logs && velero backup logs @@backup@@ > logs/@@backup@@.log; ls logs"],
  payload={"backup": "../../../../../tmp/blindJ_w_velero_backup_log"}, expect_file="OUTF.log", idiom="redirect path concat")

# ---------------- cloudj: cloud CLIs
m = "cloudj"
E(m, "vm_journal", "Show recent journal lines of a unit on a VM.", {"vm": "vm name", "unit": "systemd unit"},
  ["gcloud compute ssh @@vm@@ --zone europe-west1-b --command=\"journalctl -u @@unit@@ -n 50 --no-pager\""],
  payload={"vm": "app-1", "unit": "x; touch CANARY #"}, idiom="gcloud --command remote shell")
S(m, "s3_list_prefix", "List objects under a prefix.", {"prefix": "prefix"},
  ["aws s3 ls \"s3://acme-artifacts/@@prefix@@\" --profile \"${AWS_PROFILE}\""], benign={"prefix": "builds/"}, want=r"\[s3://acme-artifacts/builds/\]", idiom="quoted url")
O(m, "s3_download", "Download an object from the artifacts bucket.", {"key": "object key", "dest": "local file"},
  ["aws s3 cp s3://acme-artifacts/@@key@@ @@dest@@ --profile \"${AWS_PROFILE}\""], payload={"key": "a.txt", "dest": "--endpoint-url=http://127.0.0.1:9"},
  expect=r"\[--endpoint-url=", idiom="aws positional option")
S(m, "s3_download_fixed", "Download an object into downloads/.", {"key": "object key"},
  ["case @@key@@ in *..*|/*|-*) echo 'bad key'; exit 1 ;; esac; aws s3 cp \"s3://acme-artifacts/@@key@@\" ./downloads/ --profile \"${AWS_PROFILE}\""],
  benign={"key": "a.txt"}, want=r"\[s3://acme-artifacts/a\.txt\]", idiom="case guard")
X(m, "ec2_describe", "Describe one EC2 instance.", {"instance": "instance id"},
  ["aws ec2 describe-instances --instance-ids $(echo @@instance@@) --profile \"${AWS_PROFILE}\""],
  payload={"instance": "alpha beta"}, expect=r"^\[beta\]$", idiom="unquoted $( echo )")
B(m, "ssm_param", "Read a parameter from SSM for the active profile.", {"name": "parameter name"},
  ["aws ssm get-parameter --name @@name@@ --profile $AWS_PROFILE --region $AWS_REGION"],
  benign={"name": "/app/db"}, want=r"\[/app/db\]", idiom="$AWS_REGION missing client var")
S(m, "terraform_plan_var", "Plan with a region variable.", {"region": "region"},
  ["terraform plan -input=false -var \"region=@@region@@\""], benign={"region": "eu-west-1"}, want=r"\[region=eu-west-1\]", idiom="-var quoted")
X(m, "terraform_plan_target", "Plan optionally targeting one resource.", {"target": "resource address"},
  ["terraform plan -input=false $(test -n @@target@@ && echo -target=@@target@@)"], payload={"target": "alpha beta"}, expect=r"^\[beta\]$", idiom="conditional unquoted $( )")
O(m, "terraform_workspace", "Select a terraform workspace.", {"workspace": "workspace"},
  ["terraform workspace select @@workspace@@", "terraform workspace show"], payload={"workspace": "-or-create=true"},
  expect=r"\[select\]\n\[-or-create=true\]", idiom="terraform positional option")
W(m, "tf_state_pull", "Save the remote state to states/<workspace>.tfstate.", {"workspace": "workspace"},
  ["mkdir -p states && terraform state pull > states/@@workspace@@.tfstate; ls states"],
  payload={"workspace": "../../../../../tmp/blindJ_w_tf_state_pull"}, expect_file="OUTF.tfstate", idiom="redirect path concat")
O(m, "rclone_sync", "Sync the local site to the remote bucket.", {"remote_path": "remote path"},
  ["rclone sync ./site remote:@@remote_path@@", "rclone check ./site @@remote_path@@"], payload={"remote_path": "--config=/tmp/blindJ_w_rc"},
  expect=r"\[./site\]\n\[--config=", idiom="rclone positional option")
S(m, "rclone_sync_prefixed", "Sync the local site to the remote bucket.", {"remote_path": "remote path"},
  ["rclone sync ./site \"remote:@@remote_path@@\""], benign={"remote_path": "www"}, want=r"\[remote:www\]", idiom="prefixed remote")
E(m, "vault_read_jq", "Read a secret field.", {"path": "secret path", "field": "field"},
  ["vault kv get -format=json @@path@@ 2>/dev/null | jq -r \".data.data.@@field@@\" 2>&1; sh -c \"echo reading @@field@@\""],
  env_vars={"VAULT_ADDR": "${VAULT_ADDR}"}, payload={"path": "kv/app", "field": "x; touch CANARY"}, idiom="sh -c with dq placeholder")
S(m, "vault_read_field", "Read a secret field.", {"path": "secret path", "field": "field"},
  ["vault kv get -field=@@field@@ -- @@path@@"], env_vars={"VAULT_ADDR": "${VAULT_ADDR}"},
  benign={"path": "kv/app", "field": "password"}, want=r"\[-field=password\]", idiom="-field= form + --")
W(m, "s3cmd_get", "Download a key into ./cache keeping its name.", {"name": "object name"},
  ["mkdir -p cache && s3cmd get s3://acme/@@name@@ cache/@@name@@ && touch cache/@@name@@ && ls cache"],
  payload={"name": "../../../../../tmp/blindJ_w_s3cmd_get"}, idiom="touch path concat")
S(m, "doctl_droplets", "List droplets with a tag.", {"tag": "tag"},
  ["doctl compute droplet list --tag-name @@tag@@ --format Name,PublicIPv4"], benign={"tag": "web"}, want=r"\[--tag-name\]\n\[web\]", idiom="option-arg")

# ---------------- dataj: data wrangling with coreutils / sqlite / jq
m = "dataj"
CSV = "printf 'id,name,team\\n1,ada,core\\n2,bob,web\\n3,cy,core\\n' > people.csv"
E(m, "sqlite_query_heredoc", "Count rows of a table in app.db for a team.", {"team": "team"},
  ["sqlite3 app.db <<EOF\nCREATE TABLE IF NOT EXISTS t(team);\nINSERT INTO t VALUES('core');\nSELECT count(*) FROM t WHERE team = '@@team@@';\nEOF"],
  payload={"team": "x';\n.shell touch CANARY\nSELECT '"}, idiom="sqlite3 heredoc dot-command")
E(m, "sqlite_run_sql", "Run a read-only SQL query against app.db.", {"sql": "SELECT statement"},
  ["sqlite3 -readonly app.db @@sql@@"], setup="sqlite3 app.db 'create table t(a); insert into t values(1);'", payload={"sql": ".shell touch CANARY"}, idiom="sqlite3 arg dot-command")
S(m, "sqlite_param_query", "Count rows for a team (bound parameter).", {"team": "team"},
  ["sqlite3 app.db 'CREATE TABLE IF NOT EXISTS t(team); INSERT INTO t VALUES(\"core\");' && sqlite3 -cmd \".parameter set :team '\"@@team@@\"'\" app.db 'SELECT count(*) FROM t WHERE team = :team;' 2>&1"],
  benign={"team": "core"}, want=r"^1", idiom="looks parametrised but .parameter line")
S(m, "sqlite_export_csv", "Export a table to exports/people.csv.", {"table": "table name"},
  ["[[ @@table@@ =~ ^[a-z_]+$ ]] || { echo 'bad table'; exit 1; }; mkdir -p exports && sqlite3 -csv -header app.db \"SELECT * FROM @@table@@;\" > exports/people.csv && wc -l < exports/people.csv"],
  setup="sqlite3 app.db 'create table people(a); insert into people values(1);'", benign={"table": "people"}, want=r"^2", idiom="identifier regex")
W(m, "csv_split_rows", "Split people.csv into chunks with a prefix.", {"prefix": "chunk prefix"},
  [CSV + " && mkdir -p chunks && split -l 2 people.csv chunks/@@prefix@@ && ls chunks"],
  payload={"prefix": "../../../../../tmp/blindJ_w_csv_split_rows"}, expect_file="OUTFaa", idiom="split prefix ../")
S(m, "csv_split_rows_fixed", "Split people.csv into chunks of N rows.", {"rows": "rows per chunk"},
  [CSV + " && mkdir -p chunks && split -l @@rows@@ -- people.csv chunks/part_ 2>&1; ls chunks"],
  benign={"rows": "2"}, want="part_aa", idiom="split --")
W(m, "uniq_report", "Write unique teams to a report file.", {"report": "report name"},
  [CSV + " && cut -d, -f3 people.csv | sort | uniq - @@report@@ && echo written"],
  payload={"report": "OUTF"}, idiom="uniq OUTPUT positional")
O(m, "sort_file", "Sort a CSV file numerically.", {"file": "file"},
  [CSV + " && sort -n @@file@@ people.csv"], payload={"file": "--output=OUTF"}, idiom="sort positional --output")
S(m, "sort_file_dd", "Sort a CSV file numerically.", {"file": "file"},
  [CSV + " && sort -n -- @@file@@ 2>&1"], benign={"file": "people.csv"}, want="1,ada", idiom="sort --")
S(m, "csv_column", "Print one column of people.csv.", {"column": "column number"},
  [CSV + " && case @@column@@ in [1-3]) cut -d, -f@@column@@ people.csv ;; *) echo 'column out of range' ;; esac"],
  benign={"column": "2"}, want="ada", idiom="case digit guard")
S(m, "csv_join_teams", "Join people with team leads.", {"team": "team"},
  [CSV + " && printf 'core,zed\\nweb,yan\\n' > leads.csv && grep -F -- @@team@@ leads.csv | join -t, -1 3 -2 1 <(tail -n +2 people.csv | sort -t, -k3,3) - 2>&1"],
  benign={"team": "core"}, want="ada", idiom="process substitution + join")
W(m, "iconv_convert", "Convert a file to UTF-8 into converted/<name>.", {"name": "file name"},
  ["mkdir -p converted && printf 'caf\\xe9\\n' > in.txt && iconv -f latin1 -t utf-8 in.txt -o converted/@@name@@ && ls converted"],
  payload={"name": "../../../../../tmp/blindJ_w_iconv_convert"}, idiom="iconv -o path concat")
X(m, "numfmt_sizes", "Humanize a byte count.", {"bytes": "byte count"},
  ["numfmt --to=iec $(echo @@bytes@@)"], payload={"bytes": "1024 2048"}, expect=r"1\.0K\s+2\.0K", idiom="unquoted $( ) split")
S(m, "numfmt_sizes_q", "Humanize a byte count.", {"bytes": "byte count"},
  ["numfmt --to=iec -- @@bytes@@ 2>&1"], benign={"bytes": "1048576"}, want=r"1\.0M", idiom="numfmt --")

# ---------------- backupj: archivers, compression, dd
m = "backupj"
DATA = "mkdir -p data && echo payload > data/a.txt"
E(m, "tar_extract_member", "Extract one member from backup.tar into restore/.", {"member": "member path"},
  [DATA + " && tar -cf backup.tar data && mkdir -p restore && tar -xf backup.tar -C restore @@member@@ && ls -R restore"],
  payload={"member": "--to-command=touch CANARY"}, idiom="tar --to-command")
S(m, "tar_extract_member_dd", "Extract one member from backup.tar into restore/.", {"member": "member path"},
  [DATA + " && tar -cf backup.tar data && mkdir -p restore && tar -xf backup.tar -C restore -- @@member@@ 2>&1; ls -R restore"],
  benign={"member": "data/a.txt"}, want="a.txt", idiom="tar --")
E(m, "tar_compress_with", "Create a backup compressed with the chosen program.", {"compressor": "gzip|xz|zstd"},
  [DATA + " && tar -cf backup.tar.x --use-compress-program=@@compressor@@ data 2>&1; ls"],
  payload={"compressor": "touch CANARY"}, idiom="tar --use-compress-program")
S(m, "tar_compress_case", "Create a backup compressed with gzip, xz or zstd.", {"compressor": "gzip|xz|zstd"},
  [DATA + " && case @@compressor@@ in gzip|xz|zstd) tar -cf backup.tar.x --use-compress-program=@@compressor@@ data && ls ;; *) echo unsupported ;; esac"],
  benign={"compressor": "xz"}, want=r"backup\.tar\.x", idiom="case whitelist")
E(m, "zip_and_test", "Zip the data dir and test the archive.", {"zipname": "zip name"},
  [DATA + " && zip -qr @@zipname@@ data -T 2>&1; ls"], payload={"zipname": "-TTtouch CANARY"}, idiom="zip -TT via name")
S(m, "zip_data", "Zip the data dir into out/<name>.zip.", {"zipname": "zip name"},
  [DATA + " && mkdir -p out && n=$(basename -- @@zipname@@ .zip) && zip -qr \"out/${n%.zip}.zip\" data && ls out"],
  benign={"zipname": "nightly"}, want=r"nightly\.zip", idiom="basename into out/")
X(m, "zip_file_list", "Zip a single named file using zip -@.", {"file": "file name"},
  [DATA + " && echo payload > alpha && echo p > beta && printf '%s\\n' @@file@@ | tr ' ' '\\n' | zip -q files.zip -@ && unzip -l files.zip"],
  payload={"file": "alpha beta"}, expect=r"\bbeta\b", idiom="tr + zip -@")
W(m, "unzip_to", "Unzip an upload into uploads/<dir>.", {"dir": "target dir"},
  [DATA + " && zip -qr up.zip data && mkdir -p uploads && unzip -qo up.zip -d uploads/@@dir@@ && ls uploads"],
  payload={"dir": "../../../../../tmp/blindJ_w_unzip_to"}, idiom="unzip -d path concat")
S(m, "unzip_to_guard", "Unzip an upload into uploads/<dir>.", {"dir": "target dir"},
  [DATA + " && zip -qr up.zip data && mkdir -p uploads && case @@dir@@ in *..*|/*|-*|'') echo 'bad dir'; exit 1 ;; esac; unzip -qo up.zip -d uploads/@@dir@@ && ls uploads"],
  benign={"dir": "today"}, want="today", idiom="case guard")
W(m, "dd_image_to", "Write a disk image to images/<name>.img.", {"name": "image name"},
  ["mkdir -p images && dd if=/dev/zero of=images/@@name@@.img bs=1k count=4 status=none && ls images"],
  payload={"name": "../../../../../tmp/blindJ_w_dd_image_to"}, expect_file="OUTF.img", idiom="dd of= concat")
S(m, "zstd_compress", "Compress a file with zstd at a level.", {"level": "1-19"},
  [DATA + " && case @@level@@ in [1-9]|1[0-9]) zstd -q -@@level@@ data/a.txt -o a.zst && ls ;; *) echo 'bad level' ;; esac"],
  benign={"level": "3"}, want=r"a\.zst", idiom="numeric case")
O(m, "zstd_compress_level", "Compress a file with zstd at a level.", {"level": "level"},
  [DATA + " && zstd -q -f -@@level@@ data/a.txt -o a.zst && ls"], payload={"level": "-output-dir-flat=/tmp/blindJ_w_zstd_compress_level"},
  expect_file="OUTF/a.txt.zst", idiom="option glued to -")
W(m, "xz_decompress_to", "Decompress a .xz file to restore/<name>.", {"name": "output name"},
  [DATA + " && xz -k data/a.txt && mkdir -p restore && xz -dc data/a.txt.xz > restore/@@name@@ && ls restore"],
  payload={"name": "../../../../../tmp/blindJ_w_xz_decompress_to"}, idiom="redirect concat")
S(m, "lz4_roundtrip", "Compress and verify a file with lz4.", {"file": "file"},
  [DATA + " && lz4 -q -f -- @@file@@ out.lz4 2>&1 && lz4 -t out.lz4 2>&1 && echo verified"], benign={"file": "data/a.txt"}, want="verified", idiom="lz4 --")
W(m, "lz4_compress_to", "Compress a file with lz4 to a named output.", {"file": "file", "out": "output name"},
  [DATA + " && mkdir -p lz && lz4 -q -f @@file@@ lz/@@out@@ && ls lz"], payload={"file": "data/a.txt", "out": "../../../../../tmp/blindJ_w_lz4_compress_to"},
  idiom="lz4 output concat")
E(m, "restic_backup_hook", "Back up a path with restic, then run post hook.", {"path": "path"},
  ["restic backup @@path@@ && bash -c 'echo backed up @@path@@'"], payload={"path": "x; touch CANARY"}, idiom="bash -c sq placeholder")
S(m, "restic_backup", "Back up a path with restic.", {"path": "path"},
  ["restic backup --tag nightly -- @@path@@ && echo 'backed up'"], benign={"path": "/srv/data"}, want="backed up", idiom="restic --")
B(m, "borg_create_date", "Create a borg archive named after today.", {"repo": "repo path"},
  ["borg create @@repo@@::backup-$(date +%F) /srv/data", "echo created $CMD_0_OUTPUT"], benign={"repo": "/backups/borg"}, want="created", idiom="$CMD_0_OUTPUT")
B(m, "ar_list_members", "List members of a static library.", {"lib": "archive"},
  ["printf 'int f(){return 1;}' > f.c && cc -c f.c -o f.o && ar rcs libf.a f.o", "ar t @@lib@@ | while read -r obj; do echo \"member: $obj\"; done"],
  benign={"lib": "libf.a"}, want="member: f.o", idiom="$obj client var")

# ---------------- sysadminj: services, scheduling, locks
m = "sysadminj"
E(m, "locked_maintenance", "Run the maintenance task for a site under a lock.", {"site": "site name"},
  ["flock -w 5 /tmp/blindJ_ws/maint.lock -c 'echo maintaining @@site@@'"], payload={"site": "x; touch CANARY"}, idiom="flock -c sq placeholder")
S(m, "locked_maintenance_argv", "Run the maintenance task for a site under a lock.", {"site": "site name"},
  ["flock -w 5 /tmp/blindJ_ws/maint.lock printf 'maintaining %s\\n' @@site@@"], benign={"site": "blog"}, want="maintaining blog", idiom="flock argv form")
E(m, "record_session", "Record the output of a diagnostics run for a unit.", {"unit": "unit"},
  ["script -q -c \"systemctl status @@unit@@ --no-pager\" /dev/null"], payload={"unit": "x; touch CANARY #"}, idiom="script -c dq")
S(m, "unit_status", "Show the status of a systemd unit.", {"unit": "unit"},
  ["[[ @@unit@@ =~ ^[A-Za-z0-9@._-]+$ ]] || { echo 'bad unit'; exit 1; }; systemctl status --no-pager -- @@unit@@"], benign={"unit": "nginx.service"}, want=r"\[nginx\.service\]", idiom="unit regex + --")
O(m, "unit_restart", "Restart a systemd unit.", {"unit": "unit"},
  ["systemctl restart @@unit@@"], payload={"unit": "--host=root@127.0.0.1"}, expect=r"\[restart\]\n\[--host=", idiom="systemctl positional option")
S(m, "cron_schedule_check", "Validate a five-field cron schedule.", {"schedule": "cron schedule"},
  ["[[ @@schedule@@ =~ ^([0-9*/,-]+\\ ){4}[0-9*/,-]+$ ]] && echo valid || echo invalid"], benign={"schedule": "0 3 * * *"}, want="^valid", idiom="regex cron")
E(m, "nice_run_job", "Run a batch job binary with low priority.", {"job": "job name"},
  ["nice -n 10 timeout 10 env $(echo JOB=@@job@@) printenv JOB"], payload={"job": "alpha touch CANARY"}, expect=r"No such file|touch", idiom="unquoted env assignment split")
S(m, "nice_run_job_q", "Run a batch job with low priority.", {"job": "job name"},
  ["nice -n 10 timeout 10 env JOB=@@job@@ printenv JOB"], benign={"job": "reindex"}, want="reindex", idiom="env VAR=value quoted")
E(m, "env_split_run", "Run the report with extra environment settings.", {"settings": "KEY=VALUE"},
  ["env @@settings@@ date +%F"], payload={"settings": "-Stouch CANARY"}, idiom="env -S from value")
W(m, "install_config", "Install a config template as /etc-like conf.d/<name>.conf.", {"name": "config name"},
  ["echo 'k=v' > tpl.conf && mkdir -p confd && install -m 0644 tpl.conf confd/@@name@@.conf && ls confd"],
  payload={"name": "../../../../../tmp/blindJ_w_install_config"}, expect_file="OUTF.conf", idiom="install dest concat")
S(m, "install_config_guard", "Install a config template as conf.d/<name>.conf.", {"name": "config name"},
  ["[[ @@name@@ =~ ^[a-z0-9-]+$ ]] || { echo 'bad name'; exit 1; }; echo 'k=v' > tpl.conf && mkdir -p confd && install -m 0644 tpl.conf confd/@@name@@.conf && ls confd"],
  benign={"name": "web"}, want=r"web\.conf", idiom="regex guard")
S(m, "disk_usage", "Show disk usage of a directory.", {"dir": "directory"},
  [DATA + " && du -sh -- @@dir@@ 2>&1"], benign={"dir": "data"}, want=r"\tdata", idiom="du --")
S(m, "stat_file_dd", "Show size and mtime of a file.", {"file": "file"},
  ["stat -c '%s %y' -- @@file@@ 2>&1"], benign={"file": "globbait.txt"}, want=r"^5 ", idiom="stat --")
B(m, "tmp_workdir", "Create a scratch dir and report it.", {"prefix": "prefix"},
  ["mktemp -d /tmp/blindJ_ws/@@prefix@@.XXXX", "ls -d $CMD_0_OUTPUT"], benign={"prefix": "scratch"}, want="scratch", idiom="$CMD_0_OUTPUT")

# ---------------- mediaj: media and documents
m = "mediaj"
O(m, "ffmpeg_convert", "Convert a video to mp4.", {"input": "input file", "output": "output name"},
  ["ffmpeg -hide_banner -i @@input@@ @@output@@.mp4"], payload={"input": "in.mov", "output": "-filter_script:v /tmp/blindJ_w_f"},
  expect=r"\[-filter_script:v /tmp", idiom="ffmpeg output as option")
S(m, "ffmpeg_convert_named", "Convert a video to mp4 in out/.", {"input": "input file", "output": "output name"},
  ["[[ @@output@@ =~ ^[A-Za-z0-9_-]+$ ]] || { echo 'bad name'; exit 1; }; ffmpeg -hide_banner -nostdin -i \"file:@@input@@\" \"out/@@output@@.mp4\""],
  benign={"input": "in.mov", "output": "clip"}, want=r"\[out/clip\.mp4\]", idiom="file: protocol prefix")
E(m, "pandoc_render", "Render README.md to HTML with a filter.", {"filter": "lua filter name"},
  ["pandoc README.md --lua-filter=filters/@@filter@@.lua -o README.html", "sh -c \"echo rendered with @@filter@@\""],
  payload={"filter": "x; touch CANARY #"}, idiom="sh -c dq")
S(m, "pandoc_render_fmt", "Render README.md to a format.", {"format": "html|pdf|docx"},
  ["case @@format@@ in html|pdf|docx) pandoc README.md -o \"README.@@format@@\" ;; *) echo 'unsupported format' ;; esac"],
  benign={"format": "html"}, want=r"\[README\.html\]", idiom="case whitelist")
O(m, "exif_strip", "Strip metadata from an image.", {"image": "image"},
  ["exiftool -overwrite_original -all= @@image@@"], payload={"image": "-o/tmp/blindJ_w_exif"}, expect=r"\[-all=\]\n\[-o/tmp", idiom="exiftool positional option")
S(m, "exif_strip_dd", "Strip metadata from an image.", {"image": "image"},
  ["exiftool -overwrite_original -all= -- @@image@@"], benign={"image": "photo.jpg"}, want=r"\[--\]\n\[photo\.jpg\]", idiom="exiftool --")
E(m, "gs_pdf_merge", "Merge PDFs with ghostscript then count pages.", {"out": "output name"},
  ["gs -q -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -sOutputFile=@@out@@ a.pdf b.pdf", "bash -c \"echo merged into @@out@@\""],
  payload={"out": "x; touch CANARY #"}, idiom="bash -c dq")

# ---------------- netj: network diagnostics (127.0.0.1 only)
m = "netj"
X(m, "dig_record", "Look up a DNS record of a given type.", {"name": "domain", "type": "record type"},
  ["dig +short $(echo @@name@@ @@type@@)"], payload={"name": "example.com @127.0.0.1", "type": "A"}, expect=r"^\[@127\.0\.0\.1\]$", idiom="unquoted $( ) split")
S(m, "dig_record_q", "Look up a DNS record of a given type.", {"name": "domain", "type": "record type"},
  ["case @@type@@ in A|AAAA|MX|TXT|NS|CNAME) dig +short -q @@name@@ -t @@type@@ ;; *) echo 'bad type' ;; esac"],
  benign={"name": "example.com", "type": "MX"}, want=r"\[-q\]\n\[example\.com\]", idiom="dig -q/-t option-args")
O(m, "dig_name", "Look up the A record of a name.", {"name": "domain"},
  ["dig +short @@name@@"], payload={"name": "-f/etc/hostname"}, expect=r"\[-f/etc/hostname\]", idiom="dig -f reads batch file")
X(m, "port_probe", "Probe a TCP port on localhost.", {"ports": "port"},
  ["for p in $(echo @@ports@@); do nc -z -w1 127.0.0.1 \"${p%/tcp}\"; done; echo probed"], payload={"ports": "alpha beta"}, expect=r"^\[alpha\]$", idiom="for over unquoted $( )")
S(m, "port_probe_one", "Probe one TCP port on localhost.", {"port": "port"},
  ["case @@port@@ in ''|*[!0-9]*) echo 'bad port' ;; *) nc -z -w1 127.0.0.1 @@port@@; echo probed ;; esac"], benign={"port": "8080"}, want="probed", idiom="numeric case")
S(m, "curl_local_file", "Fetch a local fixture via file URL.", {"name": "fixture name"},
  ["mkdir -p fixtures && echo hello > fixtures/a.txt && case @@name@@ in *[!A-Za-z0-9._-]*|.*) echo 'bad name'; exit 1;; esac; curl -fsS \"file://$(pwd)/fixtures/@@name@@\""],
  benign={"name": "a.txt"}, want="hello", idiom="file url + case")
W(m, "wget_mirror_page", "Save a page under mirror/<name>.", {"url": "url", "name": "file name"},
  ["echo hello > page.txt && mkdir -p mirror && curl -fsS \"file://$(pwd)/page.txt\" -o mirror/@@name@@ && ls mirror"],
  payload={"url": "x", "name": "../../../../../tmp/blindJ_w_wget_mirror_page"}, idiom="curl -o concat")

# ---------------- buildj: compilers and binutils
m = "buildj"
CSRC = "printf 'int main(void){return 0;}\\n' > main.c"
S(m, "cc_compile_file_dd", "Compile main.c with an optimisation level.", {"level": "0-3"},
  [CSRC + " && case @@level@@ in [0-3]) cc -O@@level@@ -o app main.c && echo compiled ;; *) echo 'bad level' ;; esac"], benign={"level": "2"}, want="compiled", idiom="case digit")
S(m, "nm_symbols", "List symbols of an object file.", {"obj": "object file"},
  [CSRC + " && cc -c main.c -o main.o && nm -- @@obj@@ 2>&1"], benign={"obj": "main.o"}, want="T main", idiom="nm --")
S(m, "readelf_header", "Show the ELF header of a binary.", {"bin": "binary"},
  [CSRC + " && cc -o app main.c && readelf -h -- @@bin@@ 2>&1 | head -3"], benign={"bin": "app"}, want="ELF Header", idiom="readelf --")
W(m, "patch_apply", "Apply a patch file, writing the result to patched/<name>.", {"name": "output file name"},
  ["printf 'a\\n' > f.txt && printf 'b\\n' > g.txt && (diff -u f.txt g.txt > p.diff || true) && mkdir -p patched && patch -s -o patched/@@name@@ f.txt p.diff && ls patched"],
  payload={"name": "../../../../../tmp/blindJ_w_patch_apply"}, idiom="patch -o concat")
S(m, "diff_files", "Unified diff of two files in the workspace.", {"a": "file a", "b": "file b"},
  ["printf 'a\\n' > f.txt && printf 'b\\n' > g.txt && diff -u -- @@a@@ @@b@@; echo diffed"], benign={"a": "f.txt", "b": "g.txt"}, want=r"\+b", idiom="diff --")
B(m, "ninja_in_build", "Build the configured ninja project.", {"target": "target"},
  ["mkdir -p build && printf 'rule t\\n  command = echo built\\nbuild all: t\\n' > build/build.ninja && cd build", "ninja @@target@@"],
  benign={"target": "all"}, want="built", idiom="cd in earlier step")
S(m, "ninja_target", "Build a ninja target in build/.", {"target": "target"},
  ["mkdir -p build && printf 'rule t\\n  command = echo built\\nbuild all: t\\n' > build/build.ninja && ninja -C build -- @@target@@ 2>&1 | tail -1"],
  benign={"target": "all"}, want="built", idiom="ninja -C --")

# ---------------- opsj: working_dir / env_vars interplay, databases
m = "opsj"
VARIABLES.update({"opsj_WORKSPACE": "/tmp/blindJ_ws/wsp"})
WSREPO = "mkdir -p /tmp/blindJ_ws/repo && cd /tmp/blindJ_ws/repo && " + GIT
S(m, "repo_status_path", "Short git status for a path in the workspace repo.", {"path": "path"},
  ["git status --short -- @@path@@ && git log -1 --format=%s"], working_dir="/tmp/blindJ_ws/repo", setup=WSREPO,
  benign={"path": "a.py"}, want="init", idiom="working_dir + --")
W(m, "export_report", "Write a report into the reports dir.", {"name": "report name", "text": "text"},
  ["printf '%s\\n' @@text@@ > @@name@@.txt && ls"], working_dir="/tmp/blindJ_ws/app/reports", setup="mkdir -p /tmp/blindJ_ws/app/reports",
  payload={"name": "../../../blindJ_w_export_report", "text": "x"}, expect_file="OUTF.txt", idiom="working_dir relative ../")
S(m, "export_report_guard", "Write a report into the reports dir.", {"name": "report name", "text": "text"},
  ["case @@name@@ in *[!A-Za-z0-9_-]*|'') echo 'bad name'; exit 1 ;; esac; printf '%s\\n' @@text@@ > @@name@@.txt && ls"],
  working_dir="/tmp/blindJ_ws/app/reports", setup="mkdir -p /tmp/blindJ_ws/app/reports", benign={"name": "weekly", "text": "ok"}, want=r"weekly\.txt", idiom="case guard in working_dir")
B(m, "app_current_logs", "Tail the current release log.", {"lines": "line count"},
  ["tail -n @@lines@@ log/app.log"], working_dir="${APP_HOME}/current", benign={"lines": "5"}, want=r"^(?!EXC)", idiom="working_dir ${APP_HOME} unresolved")
S(m, "workspace_ls", "List files in the configured workspace.", {"glob": "name filter"},
  ["find . -maxdepth 1 -name @@glob@@ -print | sort"], working_dir="${WORKSPACE}", setup="mkdir -p /tmp/blindJ_ws/wsp && touch /tmp/blindJ_ws/wsp/notes.md",
  benign={"glob": "*.md"}, want=r"notes\.md", idiom="working_dir from client variable")
E(m, "ls_remote_with_key", "List refs of the deploy repo using a specific SSH key.", {"key": "key path"},
  ["GIT_SSH_COMMAND=\"ssh -i @@key@@ -o BatchMode=yes -o ConnectTimeout=1\" timeout 8 git ls-remote ssh://git@127.0.0.1:1/repo.git 2>&1 | tail -1"],
  payload={"key": "x; touch CANARY;"}, idiom="GIT_SSH_COMMAND run by shell")
S(m, "ls_remote_url", "List refs of a remote repository URL.", {"url": "repo url"},
  ["timeout 8 git -c core.sshCommand='ssh -o BatchMode=yes -o ConnectTimeout=1' ls-remote -- @@url@@ 2>&1 | tail -1; echo listed"],
  benign={"url": "/tmp/blindJ_ws/none"}, want="listed", idiom="ls-remote --")
X(m, "pg_dump_table", "Dump one table of the app database.", {"table": "table name"},
  ["pg_dump --no-owner $(echo -t @@table@@) app"], payload={"table": "alpha beta"}, expect=r"^\[beta\]$", idiom="unquoted $( echo )")
S(m, "pg_dump_table_eq", "Dump one table of the app database.", {"table": "table name"},
  ["pg_dump --no-owner --table=@@table@@ --dbname=app"], benign={"table": "users"}, want=r"\[--table=users\]", idiom="--opt=value")
O(m, "psql_count", "Count rows in the users table of a database.", {"db": "database name"},
  ["psql -X -A -t @@db@@ -c 'SELECT count(*) FROM users'"], payload={"db": "--file=/tmp/blindJ_w_evil.sql"}, expect=r"\[-t\]\n\[--file=", idiom="psql db name as option")
S(m, "psql_count_dbname", "Count rows in the users table of a database.", {"db": "database name"},
  ["psql -X -A -t --dbname=@@db@@ -c 'SELECT count(*) FROM users'"], benign={"db": "app"}, want=r"\[--dbname=app\]", idiom="--dbname=")
B(m, "cache_prune", "Prune cache entries older than N days.", {"days": "days"},
  ["mkdir -p \"${CACHE_DIR}\" && find \"${CACHE_DIR}\" -mtime +@@days@@ -print"], env_vars={"CACHE_DIR": "$HOME/.cache/blindj"},
  benign={"days": "7"}, want="^$|EXC(?!.*VariableNotFound)", idiom="env_vars $HOME client-substituted")
E(m, "gzip_each", "Gzip a file in place and report it.", {"file": "file"},
  ["printf '%s\\n' @@file@@ | xargs -I{} sh -c 'gzip -kf {} 2>/dev/null; echo {}.gz'"], payload={"file": "x; touch CANARY #"}, idiom="xargs -I{} into sh -c")
S(m, "gzip_each_argv", "Gzip a file in place and report it.", {"file": "file"},
  ["printf '%s\\0' @@file@@ | xargs -0 -I{} gzip -kf -- {} 2>&1; ls *.gz 2>/dev/null || echo none"], benign={"file": "globbait.txt"}, want=r"globbait\.txt\.gz", idiom="xargs -0 argv")
W(m, "note_tee", "Append a note to a notes file in the notes dir.", {"file": "notes file", "text": "text"},
  ["printf '%s\\n' @@text@@ | tee -a @@file@@"], working_dir="/tmp/blindJ_ws/notes", setup="mkdir -p /tmp/blindJ_ws/notes",
  payload={"file": "OUTF", "text": "x"}, idiom="tee -a chosen file")
S(m, "mysql_user_count", "Count users in a schema.", {"schema": "schema"},
  ["[[ @@schema@@ =~ ^[A-Za-z0-9_]+$ ]] || { echo 'bad schema'; exit 1; }; mysql --batch -e \"SELECT COUNT(*) FROM @@schema@@.users\""],
  benign={"schema": "shop"}, want=r"\[SELECT COUNT\(\*\) FROM shop\.users\]", idiom="identifier regex into SQL")
E(m, "mysql_user_lookup", "Look up a user by email.", {"email": "email"},
  ["mysql --batch -e \"SELECT id FROM users WHERE email='@@email@@'\" app", "sh -c \"echo looked up @@email@@\""],
  payload={"email": "x; touch CANARY #"}, idiom="sh -c dq in 2nd step")
