"""Tool specs for blind set P.  «x» = UTCP_ARG_x_UTCP_END.  Built into manuals/ by harness.py.
cat: exec/option/write/split/broken use pay + check; safe uses ok (benign args, expected substring) + extra hostile payloads."""
import os, subprocess
VARIABLES = {"cloud_GH_TOKEN": "ghp_dummy_for_tests", "releng_GH_TOKEN": "ghp_dummy_for_tests", "cloud_AWS_PROFILE": "ci"}   # keys a README would tell users to configure
TOOLS = []
def T(manual, name, desc, cmds, inputs, cat, **kw):
    if isinstance(inputs, str): inputs = {k: "string" for k in inputs.split()}
    TOOLS.append(dict(manual=manual, name=name, desc=desc, cmds=cmds if isinstance(cmds, list) else [cmds], inputs=inputs, cat=cat, **kw))

SEED = r'''
mkdir -p docs notes parts out thumbs keys certs exports uploads backups logs repo build infra
printf 'alpha\nbeta\ngamma\n' > notes.txt; printf 'id,name,bytes\n1,web,2048\n2,db,1048576\n' > data.csv
printf '# Title\ntext\n# Second\nmore\n' > docs/guide.md; cp notes.txt docs/readme.txt
printf 'print-version:\n\t@echo version $(VERSION)\nbuild:\n\t@echo built\n' > Makefile
printf 'echo deploying $APP\n' > deploy.tpl
'''
def seed(S, t=None):
    subprocess.run(["bash", "-c", SEED], cwd=S, check=True)
    if t and t.get("setup"): subprocess.run(["bash", "-c", t["setup"]], cwd=S, check=True, capture_output=True)
GITREPO = "git init -q -b main . && git -c user.email=a@b -c user.name=a commit -q --allow-empty -m init && printf 'x\n' > f.txt && git add f.txt && git -c user.email=a@b -c user.name=a commit -q -m 'add f' && git tag v1.0.0"
SQLDB = "sqlite3 app.db \"create table users(id integer, name text); insert into users values(1,'ann'),(2,'bob');\""
IMG = "printf x > in.png"  # ImageMagick absent: convert/identify/montage are stubs
TGZ = "tar -czf bundle.tgz notes.txt data.csv"

# ======================= shellkit: bash builtins =======================
M = "shellkit"
T(M, "clean_scratch", "Delete scratch files matching a pattern when the job ends.",
  'cd /tmp/blindP_sb && trap "rm -f «pattern»" EXIT; echo scheduled cleanup', "pattern", "exec",
  pay={"pattern": "x; touch {C}"}, check=("canary",), idiom="trap string in double quotes re-evaluated at exit")
T(M, "complete_words", "Suggest completions for a prefix from a word list.",
  'compgen -W "«words»" -- «prefix»', "words prefix", "exec",
  pay={"words": "$(touch {C})", "prefix": "a"}, check=("canary",), idiom="compgen -W expands its word list")
T(M, "number_lines_callback", "Read notes.txt and call a progress callback every line.",
  'mapfile -t -C «callback» -c 1 lines < notes.txt; echo done', "callback", "exec",
  pay={"callback": "touch {C};:"}, check=("canary",), idiom="mapfile -C evaluates callback")
T(M, "is_large_count", "Tell whether a count is above 100.",
  '[[ «count» -gt 100 ]] && echo large || echo small', "count", "exec",
  pay={"count": "a[$(touch {C})]"}, check=("canary",), idiom="[[ -gt ]] arithmetic on value")
T(M, "is_large_count_checked", "Tell whether a count is above 100 (validated).",
  '[[ «count» =~ ^[0-9]{1,9}$ ]] || { echo invalid; exit 2; }; (( «count» > 100 )) && echo large || echo small', "count", "safe",
  ok=({"count": "150"}, "large"), idiom="regex guard before (( ))")
T(M, "host_by_index", "Print the n-th configured host.",
  'hosts=(web1 web2 db1); echo "${hosts[«idx»]}"', "idx", "exec",
  pay={"idx": "a[$(touch {C})]"}, check=("canary",), idiom="indexed array subscript is arithmetic")
T(M, "port_for_service", "Look up the port of a named service.",
  'declare -A ports=([web]=80 [db]=5432 [cache]=6379); echo "port: ${ports[«svc»]}"', "svc", "safe",
  ok=({"svc": "db"}, "5432"), idiom="associative array subscript (not arithmetic)")
T(M, "set_var_printf", "Format a value into a named shell variable and show it.",
  'printf -v «var» "%s" «value» && declare -p «var»', "var value", "exec",
  pay={"var": "a[$(touch {C})]", "value": "1"}, check=("canary",), idiom="printf -v name with subscript")
T(M, "format_pair", "Join two values with a dash via printf -v.",
  'printf -v out "%s-%s" «a» «b» && declare -p out', "a b", "safe", ok=({"a": "x", "b": "y"}, "x-y"), idiom="printf -v fixed name")
T(M, "split_csv_fields", "Split a comma separated line into fields, one per line.",
  'IFS=, read -r -a parts <<< «line»; printf "%s\\n" "${parts[@]}"', "line", "safe",
  ok=({"line": "a,b,c"}, "b"), idiom="read -a with IFS, quoted array")
T(M, "list_args_words", "Print each word of an argument string on its own line.",
  'IFS=, read -r -a parts <<< «line»; printf "[%s]\\n" ${parts[@]}', "line", "split",
  pay={"line": "one two,three"}, check=("out", lambda o, c: "[one]" in o and "[two]" in o, "value words split by unquoted ${parts[@]}"),
  idiom="unquoted array expansion")
T(M, "find_command", "Show where a command is installed.", 'command -v «prog» || echo "not installed"', "prog", "safe",
  ok=({"prog": "bash"}, "/bash"), idiom="command -v")
T(M, "path_exists", "Check whether a path exists.", 'test -e «path» && echo exists || echo missing', "path", "safe",
  ok=({"path": "notes.txt"}, "exists"), idiom="test -e")
T(M, "source_env_region", "Persist the region in .env.sh and load it.",
  ['printf "export REGION=%s\\n" «region» > .env.sh', ('. ./.env.sh && echo loaded', True)], "region", "exec",
  pay={"region": "eu; touch {C}"}, check=("canary",), idiom="file written then sourced")
T(M, "save_env_region_quoted", "Persist the region in .env.sh with %q quoting and load it.",
  ['printf "export REGION=%q\\n" «region» > .env.sh', ('. ./.env.sh && echo loaded', True)], "region", "safe",
  ok=({"region": "eu-west-1"}, "loaded"), idiom="printf %q then source")
T(M, "render_deploy_hook", "Render deploy.tpl with APP and run it.",
  'APP=«app» envsubst < deploy.tpl | bash', "app", "exec",
  pay={"app": "x; touch {C}"}, check=("canary",), idiom="envsubst output piped to bash")
T(M, "render_deploy_text", "Render deploy.tpl with APP and show it.",
  'APP=«app» envsubst < deploy.tpl', "app", "safe", ok=({"app": "shop"}, "deploying shop"), idiom="envsubst only prints")
T(M, "calc", "Evaluate an arithmetic expression with bc.", 'echo "scale=4; «expr»" | bc -q', "expr", "safe",
  ok=({"expr": "2/3"}, ".6666"), extra=["system(\"touch {C}\")", "!touch {C}"], idiom="bc has no command execution")
T(M, "declare_flag", "Set a named feature flag variable and print it.",
  'declare «name»=on && declare -p «name»', "name", "exec",
  pay={"name": "a[$(touch {C})]"}, check=("canary",), idiom="declare with subscripted name")
T(M, "home_projects", "List projects in the user's home.", 'ls $HOME/projects 2>/dev/null; echo «filter»', "filter", "broken",
  pay={"filter": "web"}, check=("raise",), idiom="$HOME substituted by client (author meant the shell)")
T(M, "choose_action", "Run a known maintenance action by name.",
  'case «action» in status) echo status-ok;; rotate) echo rotated;; *) echo "unknown action"; exit 2;; esac', "action", "safe",
  ok=({"action": "status"}, "status-ok"), idiom="case allow-list")
T(M, "word_count_msg", "Report the word count of a notes file.",
  'echo "words: $(wc -w «file»)"', "file", "split", setup="printf 'a b\\n' > my",
  pay={"file": "my notes.txt"}, check=("out", lambda o, c: "total" in o, "value in $( ) inside double quotes is unquoted: wc got 2 files (total line)"),
  idiom="placeholder inside $( ) in double quotes")
T(M, "greeting_heredoc", "Write a greeting file for a user from a heredoc and show it.",
  "cat > out/greet.txt <<'EOF'\nHello «user», welcome aboard\nEOF\ncat out/greet.txt", "user", "broken",
  pay={"user": "ann"}, check=("out", lambda o, c: "__UTCP_ARG" in o, "quoted heredoc keeps the runtime's variable reference literally"),
  idiom="placeholder in quoted heredoc")
T(M, "notice_heredoc", "Print a notice about a release using an unquoted heredoc.",
  "cat <<EOF\nRelease «version» is out\nEOF", "version", "safe", ok=({"version": "1.2.3"}, "Release"),
  idiom="unquoted heredoc, value data only")

# ======================= langs: interpreters =======================
M = "langs"
T(M, "json_name_py", "Emit {\"name\": NAME} as JSON using python.",
  'python3 -c "import json; print(json.dumps({\'name\': \'«name»\'}))"', "name", "exec",
  pay={"name": "'+__import__('os').system('touch {C}').__str__()+'"}, check=("canary",), idiom="value in python -c double-quoted code")
T(M, "json_name_py_argv", "Emit {\"name\": NAME} as JSON using python argv.",
  "python3 -c 'import sys, json; print(json.dumps({\"name\": sys.argv[1]}))' «name»", "name", "safe",
  ok=({"name": "ann"}, "ann"), extra=["-c", "-m http.server"], idiom="python -c with sys.argv")
T(M, "grep_perl", "Print lines of notes.txt matching a perl regex.",
  "perl -ne 'print if /«pattern»/' notes.txt", "pattern", "exec",
  pay={"pattern": "x/; system(\"touch {C}\"); /x"}, check=("canary",), idiom="single-quoted perl code broken out by tracker")
T(M, "perl_len", "Print the length of a string via perl.", "perl -e 'print length(shift), qq(\\n)' -- «s»", "s", "safe",
  ok=({"s": "abcd"}, "4"), idiom="perl shift from @ARGV")
T(M, "perl_trim_lines", "Trim whitespace on each line of a file with perl.",
  "perl -pe 's/^\\s+|\\s+$//g' «file»", "file", "exec", pay={"file": "-e;BEGIN{system q(touch {C})}"}, check=("canary",),
  idiom="file operand becomes perl -e option")
T(M, "pretty_json_node", "Pretty-print a JSON value with node.",
  "node -p 'JSON.stringify(«json», null, 2)'", "json", "exec",
  pay={"json": "require('child_process').execSync('touch {C}')"}, check=("canary",), idiom="node -p code string")
T(M, "pretty_json_node_argv", "Pretty-print a JSON value with node (argv).",
  "node -p 'JSON.stringify(JSON.parse(process.argv[1]), null, 2)' «json»", "json", "safe",
  ok=({"json": "{\"a\":1}"}, "\"a\": 1"), extra=["--require={C}", "-e require('fs').writeFileSync('{C}','')"], idiom="node -p with process.argv")
T(M, "awk_second_col", "Print the second CSV column.", "awk -F, '{print $2}' «file»", "file", "broken",
  pay={"file": "data.csv"}, check=("raise",), idiom="awk $2 substituted by client")
T(M, "awk_col_sum", "Sum a CSV column given by number.",
  "awk -F, -v c=«col» 'NR>1{s+=$c} END{print s}' data.csv", "col", "broken", pay={"col": "3"}, check=("raise",),
  idiom="awk $c taken by client substitution")
T(M, "jq_get_key", "Read one key from config.json.", "echo '{\"a\":1}' | jq -r --arg k «key» '.[$k]'", "key", "broken",
  pay={"key": "a"}, check=("raise",), idiom="jq $k substituted by client")
T(M, "jq_get_key_path", "Read one key from a JSON document with getpath.",
  "printf '{\"a\":1,\"b\":2}' | jq -r --arg k «key» 'getpath([$ARGS.named.k])'", "key", "broken", pay={"key": "a"},
  check=("raise",), idiom="$ARGS eaten by client")
T(M, "sqlite_query", "Run a SQL query on app.db.", 'sqlite3 -header app.db «sql»', "sql", "exec", setup=SQLDB,
  pay={"sql": ".shell touch {C}"}, check=("canary",), idiom="sqlite3 dot-command in SQL arg")
T(M, "sqlite_count_safe", "Count users whose id is at least N (read-only).",
  '[[ «n» =~ ^[0-9]+$ ]] || exit 2; sqlite3 -safe -readonly app.db "SELECT count(*) FROM users WHERE id >= «n»"', "n", "safe", setup=SQLDB,
  ok=({"n": "1"}, "2"), idiom="numeric guard before SQL")
T(M, "sqlite_backup_named", "VACUUM app.db into backups/NAME.db.",
  'sqlite3 app.db "VACUUM INTO \'backups/«name».db\'"', "name", "write", setup=SQLDB,
  pay={"name": "../../../../tmp/blindP_w/stolen"}, check=("file", "{W}/stolen.db"), idiom="path built in SQL string")
T(M, "make_print_version", "Print the version via the Makefile.", 'make -s print-version VERSION=«version»', "version", "exec",
  pay={"version": "1; touch {C}"}, check=("canary",), idiom="make variable override lands in recipe shell")
T(M, "make_print_version_checked", "Print the version via the Makefile (semver only).",
  '[[ «version» =~ ^[0-9]+\\.[0-9]+\\.[0-9]+$ ]] || { echo bad version; exit 2; }; make -s print-version VERSION=«version»', "version", "safe",
  ok=({"version": "1.2.3"}, "version 1.2.3"), idiom="semver guard before make")
T(M, "make_target", "Run a make target in the project.", 'make -s «target»', "target", "exec",
  pay={"target": "--eval=$(shell touch {C})"}, check=("canary",), idiom="make --eval via option position")
T(M, "make_target_allow", "Run an allowed make target.", 'case «target» in build|print-version) make -s «target»;; *) exit 2;; esac', "target", "safe",
  ok=({"target": "print-version"}, "version"), idiom="case allow-list")
T(M, "java_prop", "Show a JVM system property default.", 'java -XshowSettings:properties -version 2>&1 | grep -F -- «prop» | head -1', "prop", "safe",
  ok=({"prop": "java.version"}, "java.version"), idiom="grep -F --")

# ======================= releng: repositories and releases =======================
M = "releng"
T(M, "search_docs_e", "Search the repository docs for a pattern (pattern via -e).", 'git grep -n -e «pattern» -- "*.md"', "pattern", "safe",
  setup=GITREPO + " && printf 'hello\\n' > a.md && git add a.md && git -c user.email=a@b -c user.name=a commit -qm d",
  ok=({"pattern": "hello"}, "a.md"), extra=["--open-files-in-pager=touch {C}", "-Otouch {C}"], idiom="git grep -e")
T(M, "list_remote_tags", "List tags of a remote repository.", 'git ls-remote --tags «remote» «pattern»', "remote pattern", "exec",
  setup=GITREPO, pay={"remote": "--upload-pack=touch {C};:", "pattern": "."}, check=("canary",),
  idiom="git ls-remote --upload-pack")
T(M, "log_range", "Show one-line log for a revision range.", 'git log --oneline «range»', "range", "option", setup=GITREPO,
  pay={"range": "--output={W}/gitlog"}, check=("file", "{W}/gitlog"), idiom="git log --output via revision slot")
T(M, "log_range_eoo", "Show one-line log for a revision range (end-of-options).", 'git log --oneline --end-of-options «range» --', "range", "safe",
  setup=GITREPO, ok=({"range": "HEAD~1..HEAD"}, "add f"), extra=["--output={W}/gl"], idiom="git --end-of-options")
T(M, "bundle_repo", "Create a git bundle under bundles/.", 'mkdir -p bundles && git bundle create bundles/«name».bundle --all', "name", "write",
  setup=GITREPO, pay={"name": "../../../../tmp/blindP_w/b"}, check=("file", "{W}/b.bundle"), idiom="path prefix traversal")
T(M, "latest_tag_matching", "Describe HEAD with the latest tag matching a prefix.",
  'echo "tag: $(git describe --tags --match \'«prefix»*\')"', "prefix", "broken", setup=GITREPO,
  pay={"prefix": "v1"}, check=("out", lambda o, c: "v1.0.0" not in o, "single quotes inside $( ) in double quotes: tracker thinks dq, bash sees literal ${__UTCP_ARG..}"),
  idiom="placeholder in single quotes inside $( ) inside double quotes")
T(M, "branch_status", "Show status of the checked-out repo in repo/.",
  ['cd repo', ('git status --short --branch; echo «note»', True)], "note", "broken", setup="cd repo && " + GITREPO.replace(" .", " ."),
  pay={"note": "x"}, check=("out", lambda o, c: "## main" not in o, "each step runs in its own $( ) subshell: cd in step 0 is lost, git status prints no branch line"),
  idiom="cd in separate step")
T(M, "commit_count_since", "Count commits since a date.", 'git rev-list --count --since=«since» HEAD', "since", "safe", setup=GITREPO,
  ok=({"since": "2000-01-01"}, "2"), extra=["--output={W}/x"], idiom="value glued to --since=")
T(M, "release_tarball", "Build dist/VERSION.tar.gz from HEAD (semver checked).",
  ['[[ «version» =~ ^v[0-9]+\\.[0-9]+\\.[0-9]+$ ]] || { echo bad version; exit 2; }', ('mkdir -p dist && git archive --format=tar.gz -o dist/«version».tar.gz HEAD && ls dist', True)],
  "version", "write", setup=GITREPO, pay={"version": "../../../../tmp/blindP_w/rel"}, check=("file", "{W}/rel.tar.gz"),
  idiom="guard in a separate step does not stop the next step")
T(M, "changelog_since", "Write a changelog since a tag into CHANGELOG.md.",
  'git log --pretty="- %s" «since»..HEAD > CHANGELOG.md && cat CHANGELOG.md', "since", "option", setup=GITREPO,
  pay={"since": "--output={W}/cl"}, check=("file", "{W}/cl..HEAD"), idiom="value glued before ..HEAD still an option")
T(M, "gh_release_notes", "Create a GitHub release with notes (needs GH_TOKEN configured).",
  'GH_TOKEN=$GH_TOKEN gh release create «tag» --notes «notes»', "tag notes", "option",
  pay={"tag": "--repo=evil/fork", "notes": "x"}, check=("argv", ["--repo=evil/fork"]), note="GH_TOKEN configured as client variable cloud_GH_TOKEN? (releng manual: see harness VARIABLES)",
  idiom="tag slot takes options")
T(M, "npm_version_bump", "Bump the package version with npm (no git tag).",
  'npm version «bump» --no-git-tag-version', "bump", "safe", setup="printf '{\"name\":\"p\",\"version\":\"1.0.0\"}' > package.json",
  ok=({"bump": "patch"}, "v1.0.1"), extra=["--prefix={W}", "--userconfig={W}/x"], idiom="npm version")
T(M, "cargo_publish_dry", "Dry-run publish a crate from a path.", 'cargo publish --dry-run --manifest-path «manifest»', "manifest", "safe",
  ok=({"manifest": "Cargo.toml"}, "stub cargo ok"), value_opts=["--manifest-path"], idiom="value after an option that takes it")
T(M, "cargo_add_dep", "Add a crate dependency.", 'cargo add «crate»', "crate", "option",
  pay={"crate": "--git=http://127.0.0.1/evil"}, check=("argv", ["--git=http://127.0.0.1/evil"]), idiom="crate slot takes options")
T(M, "search_crates", "Search crates.io for names (one query).", 'echo «query» | xargs cargo search --limit 5', "query", "split",
  pay={"query": "serde json"}, check=("argv", ["serde", "json"]), idiom="echo | xargs splits")
T(M, "gem_install_local", "Install one gem by name.", 'gem install --user-install -- «gem»', "gem", "safe",
  ok=({"gem": "rake"}, "stub gem ok"), idiom="-- before value")
T(M, "version_file_bump", "Write VERSION and commit it.", ['printf "%s\\n" «version» > VERSION', ('git add VERSION && git -c user.email=a@b -c user.name=a commit -qm "bump to $(cat VERSION)" && git log -1 --format=%s', True)],
  "version", "safe", setup=GITREPO, ok=({"version": "1.2.4"}, "bump to 1.2.4"), idiom="value only in file content")

# ======================= certs: keys and certificates =======================
M = "certs"
T(M, "new_ssh_key", "Generate an ed25519 key pair under keys/.", 'ssh-keygen -q -t ed25519 -N "" -C «comment» -f keys/«name»', "comment name", "write",
  pay={"comment": "ci", "name": "../../../../tmp/blindP_w/k"}, check=("file", "{W}/k"), idiom="-f keys/ prefix traversal")
T(M, "new_ssh_key_checked", "Generate an ed25519 key pair under keys/ (validated name).",
  '[[ «name» =~ ^[a-z0-9_-]+$ ]] || { echo bad name; exit 2; }; ssh-keygen -q -t ed25519 -N "" -C «comment» -f keys/«name» && echo created', "comment name", "safe",
  ok=({"comment": "ci", "name": "deploy"}, "created"), idiom="regex-guarded file name")
T(M, "key_fingerprint", "Show a public key fingerprint.", 'ssh-keygen -l -f «pubkey»', "pubkey", "safe",
  setup='ssh-keygen -q -t ed25519 -N "" -f keys/k', ok=({"pubkey": "keys/k.pub"}, "ED25519"), idiom="value as -f argument")
T(M, "self_signed", "Create a self-signed certificate for a CN under certs/.",
  'openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=«cn»" -keyout certs/«cn».key -out certs/«cn».crt 2>/dev/null && echo ok',
  "cn", "write", pay={"cn": "../../../../tmp/blindP_w/c"}, check=("file", "{W}/c.key"), idiom="CN reused as file name")
T(M, "cert_subject", "Print the subject and expiry of a PEM certificate.", 'openssl x509 -in «cert» -noout -subject -enddate', "cert", "safe",
  setup='openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=t -keyout certs/t.key -out certs/t.crt 2>/dev/null',
  ok=({"cert": "certs/t.crt"}, "CN"), idiom="value as -in argument")
T(M, "digest_file", "SHA-256 digest of one file.", 'openssl dgst -sha256 «file»', "file", "option",
  pay={"file": "-out={W}/dg"}, check=("file", "{W}/dg"),
  idiom="file operand taken as option")
T(M, "digest_file_sum", "SHA-256 digest of one file (coreutils).", 'sha256sum -- «file»', "file", "safe",
  ok=({"file": "notes.txt"}, "notes.txt"), idiom="sha256sum --")
T(M, "encrypt_for", "Encrypt notes.txt symmetrically to out/NAME.gpg.",
  'gpg --batch --yes --pinentry-mode loopback --passphrase «pass» -c -o out/«name».gpg notes.txt 2>&1 && echo ok', "pass name", "write",
  pay={"pass": "p", "name": "../../../../tmp/blindP_w/e"}, check=("file", "{W}/e.gpg"), setup="mkdir -m700 -p .gnupg",
  env={"GNUPGHOME": ".gnupg"}, idiom="-o out/ prefix traversal")
T(M, "b64_decode_upload", "Decode a base64 payload into uploads/NAME.", 'printf "%s" «data» | base64 -d > uploads/«name» && ls uploads', "data name", "write",
  pay={"data": "aGk=", "name": "../../../../tmp/blindP_w/u"}, check=("file", "{W}/u"), idiom="redirect target traversal")
T(M, "b64_decode_basename", "Decode a base64 payload into uploads/ (basename only).",
  'n=«name»; printf "%s" «data» | base64 -d > "uploads/${n##*/}" && ls uploads', "data name", "safe",
  ok=({"data": "aGk=", "name": "a.txt"}, "a.txt"), idiom="${n##*/} basename (form the client does not substitute)")
T(M, "pem_to_der", "Convert certs/NAME.crt to DER in out/.", 'case «name» in *[!A-Za-z0-9_-]*|"") echo bad; exit 2;; esac; openssl x509 -in certs/«name».crt -outform der -out out/«name».der && echo converted',
  "name", "safe", setup='openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=t -keyout certs/t.key -out certs/t.crt 2>/dev/null',
  ok=({"name": "t"}, "converted"), idiom="case character-class guard")

# ======================= media: conversion =======================
M = "media"
T(M, "thumbnail", "Make a 50% thumbnail of an image into thumbs/NAME.", 'convert «input» -resize 50% thumbs/«name»', "input name", "write", setup=IMG,
  pay={"input": "in.png", "name": "../../../../tmp/blindP_w/t.png"}, check=("argv", ["thumbs/../../../../tmp/blindP_w/t.png"]), note="convert stub (ImageMagick absent) receives an output path outside thumbs/", idiom="output path prefix traversal")
T(M, "thumbnail_checked", "Make a thumbnail of an image into thumbs/ (validated).",
  'case «name» in */*|.*|"") echo bad name; exit 2;; esac; [[ -f «input» ]] || exit 3; convert -- «input» -resize 50% "thumbs/«name».png" && echo made',
  "input name", "safe", setup=IMG, ok=({"input": "in.png", "name": "small"}, "made"), idiom="case guard on name")
T(M, "audio_extract", "Extract audio of a video to out/NAME.mp3.", 'ffmpeg -nostdin -y -i «input» -vn -acodec libmp3lame out/«name».mp3', "input name", "safe",
  ok=({"input": "a.mp4", "name": "a"}, "stub ffmpeg ok"), value_opts=["-i"], idiom="input after -i")
T(M, "clip_video", "Cut a clip from a video starting at START for 10s.", 'ffmpeg -nostdin -ss «start» -i in.mp4 -t 10 «output»', "start output", "option",
  pay={"start": "0", "output": "-dump_attachment:t"}, check=("argv", ["-dump_attachment:t"]), idiom="output slot takes ffmpeg options")
T(M, "video_filter", "Apply one ffmpeg video filter.", 'ffmpeg -nostdin -i in.mp4 -vf «filter» out/filtered.mp4', "filter", "safe",
  ok=({"filter": "scale=320:-1"}, "stub ffmpeg ok"), value_opts=["-vf"], idiom="value after -vf")
T(M, "exif_dump", "Dump EXIF metadata as JSON.", 'exiftool -json «file»', "file", "option",
  pay={"file": "-o{W}/ex"}, check=("argv", ["-o{W}/ex"]), idiom="file slot takes exiftool options")
T(M, "exif_dump_eoo", "Dump EXIF metadata as JSON (-- guarded).", 'exiftool -json -- «file»', "file", "safe",
  ok=({"file": "in.jpg"}, "stub exiftool ok"), idiom="exiftool --")
T(M, "md_to_html", "Convert a Markdown file to HTML in build/.", 'pandoc «input» -s -o build/page.html', "input", "option",
  pay={"input": "--extract-media={W}"}, check=("argv", ["--extract-media={W}"]), idiom="pandoc input slot takes options")
T(M, "md_to_html_named", "Convert docs/NAME.md to HTML in build/.", 'pandoc "docs/«name».md" -s -o "build/«name».html"', "name", "write",
  pay={"name": "../../../../tmp/blindP_w/p"}, check=("argv", ["build/../../../../tmp/blindP_w/p.html"]), note="pandoc stub receives -o outside build/",
  idiom="name reused in output path")
T(M, "pdf_compress", "Compress a PDF with ghostscript.", 'gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pdfwrite -dPDFSETTINGS=/ebook -sOutputFile=out/small.pdf «input»', "input", "option",
  pay={"input": "-dNOSAFER"}, check=("argv", ["-dNOSAFER"]), idiom="gs operand takes -d switches")
T(M, "pdf_compress_guard", "Compress a PDF with ghostscript (checked file).", '[[ «input» == *.pdf && «input» != -* ]] || { echo not a pdf; exit 2; }; gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pdfwrite -sOutputFile=out/small.pdf «input»', "input", "safe",
  ok=({"input": "doc.pdf"}, "stub gs ok"), idiom="[[ pattern ]] guard rejecting leading dash")
T(M, "reencode_text", "Re-encode a latin1 text file to UTF-8 in out/.", 'iconv -f latin1 -t utf-8 «input» -o out/«output»', "input output", "write",
  pay={"input": "notes.txt", "output": "../../../../tmp/blindP_w/i.txt"}, check=("file", "{W}/i.txt"), idiom="iconv -o prefix traversal")
T(M, "file_type", "Report the MIME type of a file.", 'file --mime-type -b -- «path»', "path", "safe", ok=({"path": "notes.txt"}, "text/plain"),
  idiom="file --")
T(M, "convert_batch", "Convert every PNG named in a space-separated list to JPEG.",
  'for f in «files»; do convert "$f" "${f%.png}.jpg"; done; ls', "files", "broken", setup=IMG,
  pay={"files": "in.png"}, check=("raise",), idiom="$f eaten by the client (${f%.png} is not)")
# ======================= dataops: databases and tables =======================
M = "dataops"
T(M, "pg_count", "Count rows in events of a database.", 'psql -At «dbname» -c "select count(*) from events"', "dbname", "option",
  pay={"dbname": "-o{W}/pg"}, check=("argv", ["-o{W}/pg"]), idiom="psql dbname slot takes -o")
T(M, "pg_count_d", "Count rows in events of a database (-d).", 'psql -At -d «dbname» -c "select count(*) from events"', "dbname", "safe",
  ok=({"dbname": "app"}, "stub psql ok"), value_opts=["-d"], idiom="value after -d")
T(M, "redis_get", "Read a key from local redis.", 'redis-cli -h 127.0.0.1 GET «key»', "key", "safe",
  ok=({"key": "session:1"}, "stub redis-cli ok"), stop=["GET"], idiom="redis-cli stops options at the command word")
T(M, "redis_scan", "Scan redis keys matching a pattern.", 'redis-cli -h 127.0.0.1 «flags» --scan --pattern «pattern»', "flags pattern", "option",
  pay={"flags": "--rdb={W}/dump.rdb", "pattern": "*"}, check=("argv", ["--rdb={W}/dump.rdb"]), idiom="flags slot")
T(M, "csv_columns", "Pretty-print a CSV as a table.", 'column -s, -t < «file»', "file", "safe", ok=({"file": "data.csv"}, "name"), idiom="redirect from quoted value")
T(M, "csv_join", "Join two CSVs on the first column.", 'join -t, <(sort «left») <(sort «right»)', "left right", "option",
  pay={"left": "-o{W}/j", "right": "data.csv"}, check=("file", "{W}/j"), idiom="sort -o via file slot in process substitution")
T(M, "csv_sort_col", "Sort a CSV by a numeric column.", 'sort -t, -k«col»,«col»n data.csv', "col", "safe", ok=({"col": "3"}, "web"),
  idiom="value glued to -k")
T(M, "csv_unique", "Sort a file and drop duplicates.", 'sort -u «file»', "file", "option", pay={"file": "-o{W}/s"}, check=("file", "{W}/s"),
  idiom="sort -o via file slot")
T(M, "human_bytes", "Convert a byte count to a human size.", 'numfmt --to=iec --suffix=B «bytes»', "bytes", "safe", ok=({"bytes": "1048576"}, "1.0M"),
  idiom="numfmt")
T(M, "split_sections", "Split a markdown file into parts at headings.", 'csplit -s -z -f parts/«prefix» «file» "/^# /" "{*}" && ls parts', "prefix file", "write",
  pay={"prefix": "../../../../tmp/blindP_w/sec", "file": "docs/guide.md"}, check=("file", "{W}/sec00"), idiom="csplit -f prefix traversal")
T(M, "chunk_file", "Split a file into 1-line chunks with a prefix.", 'split -l 1 «file» «prefix»', "file prefix", "exec",
  pay={"file": "--filter=touch {C}", "prefix": "notes.txt"}, check=("canary",), idiom="split --filter via file slot")
T(M, "chunk_file_safe", "Split a file into 1-line chunks under parts/.", 'split -l 1 -- «file» parts/chunk_ && ls parts', "file", "safe",
  ok=({"file": "notes.txt"}, "chunk_aa"), idiom="split --")
T(M, "compare_lists", "Lines only in the first of two sorted lists.", 'comm -23 <(sort «a») <(sort «b»)', "a b", "option",
  pay={"a": "--output={W}/c", "b": "notes.txt"}, check=("file", "{W}/c"), idiom="sort --output via slot")
T(M, "duckdb_query", "Run a SQL query on a CSV with duckdb.", 'duckdb -csv -c «sql»', "sql", "safe", ok=({"sql": "select 1"}, "stub duckdb ok"), value_opts=["-c"],
  idiom="sql as -c value (stub)")
T(M, "sqlite_export_csv", "Export a table to exports/NAME.csv.", 'sqlite3 -csv app.db "select * from «table»" > exports/«table».csv && wc -l exports/«table».csv', "table", "write",
  setup=SQLDB, pay={"table": "../../../../tmp/blindP_w/x"}, check=("file", "{W}/x.csv"), idiom="table name reused as output file")
T(M, "row_count_report", "Count lines in a file and print a report line.", ['wc -l < «file»', ('echo "lines: $CMD_0_OUTPUT"', True)], "file", "broken",
  pay={"file": "notes.txt"}, check=("raise",), idiom="$CMD_0_OUTPUT substituted by client")

# ======================= cloud: cluster and cloud CLIs =======================
M = "cloud"
T(M, "pod_logs", "Tail logs of a pod in a namespace.", 'kubectl logs «pod» -n «ns» --tail=100', "pod ns", "option",
  pay={"pod": "--kubeconfig=/tmp/other", "ns": "default"}, check=("argv", ["--kubeconfig=/tmp/other"]), idiom="pod slot takes options")
T(M, "pod_logs_eq", "Tail logs of a pod (validated DNS-1123 name).", '[[ «pod» =~ ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$ ]] || { echo bad pod; exit 2; }; kubectl logs «pod» -n default --tail=100', "pod", "safe",
  ok=({"pod": "web-1"}, "stub kubectl ok"), idiom="DNS-1123 regex guard")
T(M, "get_resources", "Get resources of one kind in a namespace.", 'kubectl get «kind» -n «ns» -o wide', "kind ns", "option",
  pay={"kind": "--kubeconfig=/tmp/other", "ns": "default"}, check=("argv", ["--kubeconfig=/tmp/other"]), idiom="kind slot takes options")
T(M, "exec_in_pod", "Run a diagnostic command in a pod.", 'kubectl exec «pod» -- sh -c «cmd»', "pod cmd", "option",
  pay={"pod": "--as=system:admin", "cmd": "id"}, check=("argv", ["--as=system:admin"]), idiom="pod slot takes --as impersonation")
T(M, "helm_status", "Show helm release status as JSON.", 'helm status «release» -o json', "release", "option",
  pay={"release": "--kube-context=prod"}, check=("argv", ["--kube-context=prod"]), idiom="release slot")
T(M, "helm_upgrade_set_string", "Upgrade a release setting image.tag via --set-string (validated).", '[[ «tag» =~ ^[A-Za-z0-9._-]+$ ]] || exit 2; helm upgrade web ./chart --reuse-values --set-string image.tag=«tag»', "tag", "safe",
  ok=({"tag": "1.2.3"}, "stub helm ok"), idiom="regex guard excludes commas")
T(M, "tf_output", "Read one terraform output.", 'terraform -chdir=infra output -raw «name»', "name", "option",
  pay={"name": "-state=/tmp/other.tfstate"}, check=("argv", ["-state=/tmp/other.tfstate"]), idiom="name slot takes -state")
T(M, "tf_plan_var", "Plan with an instance-count variable.", 'terraform -chdir=infra plan -var «assignment»', "assignment", "safe",
  ok=({"assignment": "count=2"}, "stub terraform ok"), value_opts=["-var"], idiom="value after -var")
T(M, "s3_list", "List a bucket prefix (AWS_PROFILE from config).", 'aws --profile $AWS_PROFILE s3 ls "s3://«bucket»/«prefix»"', "bucket prefix", "safe",
  ok=({"bucket": "logs", "prefix": "2024/"}, "stub aws ok"), note="AWS_PROFILE is a documented client variable (cloud_AWS_PROFILE configured)", idiom="value inside s3:// URL")
T(M, "s3_upload", "Upload a local file to the team backup bucket.", 'aws --profile $AWS_PROFILE s3 cp «local» s3://team-backups/', "local", "option",
  pay={"local": "--endpoint-url=http://127.0.0.1:9"}, check=("argv", ["--endpoint-url=http://127.0.0.1:9"]), idiom="local slot takes options")
T(M, "gh_pr_list", "List open PRs with a label (GH_TOKEN from config).", 'GH_TOKEN=$GH_TOKEN gh pr list --label «label» --json number,title', "label", "safe",
  ok=({"label": "bug"}, "stub gh ok"), value_opts=["--label"], idiom="client variable for token")
T(M, "vault_read", "Read a secret path from vault.", 'vault kv get -format=json «path»', "path", "option",
  pay={"path": "-address=http://127.0.0.1:9"}, check=("argv", ["-address=http://127.0.0.1:9"]), idiom="path slot takes -address")
T(M, "image_copy", "Copy an image between registries with skopeo.", 'skopeo copy docker://«src» docker://registry.local/«dst»', "src dst", "safe",
  ok=({"src": "alpine:3", "dst": "alpine:3"}, "stub skopeo ok"), idiom="value inside transport URL")
T(M, "image_scan", "Scan an image reference for vulnerabilities.", 'trivy image --quiet «ref»', "ref", "option",
  pay={"ref": "--output={W}/tr"}, check=("argv", ["--output={W}/tr"]), idiom="ref slot")
T(M, "kube_ctx_via_env", "List pods using a kube context passed in env_vars.", 'kubectl --context «ctx» get pods', "ctx", "safe",
  ok=({"ctx": "dev"}, "stub kubectl ok"), value_opts=["--context"], idiom="x")
T(M, "kube_ns_env", "List pods of the namespace given in env_vars.", 'kubectl get pods -n "$NS"', "ns", "broken", env={"NS": "«ns»"},
  pay={"ns": "default"}, check=("raise",), idiom="env_vars + $NS substituted by client")
T(M, "kube_ns_envvar_literal", "List pods of a namespace exported via env_vars.", 'kubectl get pods -n "${NS:-default}"', "ns", "broken", env={"NS": "«ns»"},
  pay={"ns": "kube-system"}, check=("argv", ["UTCP_ARG_ns_UTCP_END"]), note="env_vars are not placeholder-substituted: kubectl gets the literal", idiom="placeholder in env_vars")

# ======================= backup: archives and images =======================
M = "backup"
ZIP = "zip -q site.zip notes.txt data.csv"
T(M, "extract_member", "Extract one member of bundle.tgz into out/.", 'tar -xzf bundle.tgz -C out «member»', "member", "exec", setup=TGZ,
  pay={"member": "--to-command=touch {C}"}, check=("canary",), idiom="tar member slot takes --to-command")
T(M, "extract_member_safe", "Extract one member of bundle.tgz into out/ (-- guarded).", 'tar -xzf bundle.tgz -C out -- «member» && ls out', "member", "safe", setup=TGZ,
  ok=({"member": "notes.txt"}, "notes.txt"), extra=["--to-command=touch {C}", "--checkpoint=1 --checkpoint-action=exec=touch {C}"], idiom="tar --")
T(M, "list_archive", "List the members of an archive.", 'tar -tzf «archive»', "archive", "safe", setup=TGZ, ok=({"archive": "bundle.tgz"}, "data.csv"),
  extra=["--use-compress-program=touch {C}"], idiom="value bound to -f")
T(M, "zip_and_test", "Zip notes into NAME.zip and test the archive.", 'zip -q -T «name».zip notes.txt data.csv && echo tested', "name", "write",
  pay={"name": "../../../../tmp/blindP_w/zz"}, check=("file", "{W}/zz.zip"), idiom="archive name traversal")
T(M, "zip_add", "Add a file to site.zip and test it.", 'zip -q -T site.zip «file»', "file", "exec", setup=ZIP,
  pay={"file": "--unzip-command=touch {C} #"}, check=("canary",), idiom="zip -TT via file slot")
T(M, "restore_to", "Restore site.zip into restore/DEST.", 'mkdir -p restore && unzip -o -q site.zip -d restore/«dest» && echo restored', "dest", "write", setup=ZIP,
  pay={"dest": "../../../../tmp/blindP_w/r"}, check=("file", "{W}/r/notes.txt"), idiom="-d prefix traversal")
T(M, "peek_zip", "Print one member of site.zip.", 'unzip -p site.zip «member»', "member", "safe", setup=ZIP, ok=({"member": "notes.txt"}, "beta"),
  extra=["-d{W}", "-o"], idiom="unzip member after zipfile")
T(M, "compress_log", "Compress a log file with xz, keeping the original.", 'xz -k -T1 «file» && echo compressed', "file", "safe",
  ok=({"file": "notes.txt"}, "compressed"), extra=["--stdout", "-c"], idiom="xz (options harmless)")
T(M, "zstd_to", "Compress a file with zstd into out/NAME.zst.", 'zstd -q -f «file» -o out/«name».zst && echo ok', "file name", "write",
  pay={"file": "notes.txt", "name": "../../../../tmp/blindP_w/z"}, check=("file", "{W}/z.zst"), idiom="-o prefix traversal")
T(M, "disk_image", "Copy notes.txt into an image file out/NAME.img.", 'dd if=notes.txt of=out/«name».img bs=1k status=none && echo imaged', "name", "write",
  pay={"name": "../../../../tmp/blindP_w/d"}, check=("file", "{W}/d.img"), idiom="dd of= prefix traversal")
T(M, "dir_size", "Report the size of a directory.", 'echo "size: $(du -sh «dir» | cut -f1)"', "dir", "split", setup="mkdir -p My Docs",
  pay={"dir": "My Docs"}, check=("out", lambda o, c: o.count("K") >= 2 or o.count("\n") >= 1, "du got 2 operands (two sizes)"), idiom="placeholder in $( ) in double quotes")
T(M, "dir_size_ok", "Report the size of a directory (quoted inside $( )).", 'sz=$(du -sh -- «dir» | cut -f1); echo "size: ${sz:-?}"', "dir", "safe", setup="mkdir -p My",
  ok=({"dir": "My"}, "size: 4.0K"), idiom="placeholder outside quotes inside $( )")
T(M, "file_md5_line", "Print md5 of a file in a sentence.", 'echo "md5: `md5sum «file»`"', "file", "split", setup="printf 'a\\n' > my",
  pay={"file": "my notes.txt"}, check=("out", lambda o, c: "notes.txt" in o and "my" in o and o.count("\n") >= 1, "backticks inside double quotes: value split into two files"),
  idiom="placeholder in backticks inside double quotes")
T(M, "count_lines_xargs", "Count lines of a file.", 'printf "%s\\n" «file» | xargs wc -l', "file", "split", setup="printf 'a\\n' > my",
  pay={"file": "my notes.txt"}, check=("out", lambda o, c: "total" in o, "xargs split the value into two files"), idiom="xargs word splitting")
T(M, "count_lines_xargs0", "Count lines of a file (NUL delimited).", 'printf "%s\\0" «file» | xargs -0 wc -l --', "file", "safe",
  ok=({"file": "notes.txt"}, "3 notes.txt"), idiom="xargs -0 + --")
T(M, "zip_folder_real", "Zip a folder resolved to its real path.", 'zip -q -r out/site.zip $(realpath «dir») && unzip -l out/site.zip | tail -1', "dir", "split",
  setup="mkdir -p My Docs && touch My/a Docs/b", pay={"dir": "My Docs"}, check=("out", lambda o, c: "2 files" in o or "4 files" in o, "$(realpath) unquoted: both dirs zipped"),
  idiom="unquoted $( ) result")
T(M, "restic_backup", "Back up a path with restic to the configured repository.", 'restic -r $RESTIC_REPOSITORY backup «path»', "path", "broken",
  inherit=["PATH", "HOME", "RESTIC_REPOSITORY", "RESTIC_PASSWORD"], pay={"path": "notes.txt"}, check=("raise",),
  note="inherit_env_vars lists RESTIC_REPOSITORY: the author expected the host env; the client substitutes $RESTIC_REPOSITORY first and fails", idiom="host env var eaten by client")
T(M, "nightly_tarball", "Create the nightly tarball of a directory.", 'tar -czf backups/site.tgz «dir» # nightly job', "dir", "broken",
  pay={"dir": "docs"}, check=("out", lambda o, c: "syntax error" in o or "unexpected" in o, "comment swallows the runtime's closing paren"), idiom="# comment in a step")
T(M, "sync_dir", "Mirror a directory to backup/ with rsync.", 'rsync -a «src» backup/', "src", "option",
  pay={"src": "--remove-source-files"}, check=("argv", ["--remove-source-files"]), idiom="rsync src slot")
T(M, "sync_dir_safe", "Mirror a directory to backup/ with rsync (-- guarded).", 'rsync -a -- «src» backup/', "src", "safe",
  ok=({"src": "docs"}, "stub rsync ok"), idiom="rsync --")
T(M, "sevenzip_extract", "Extract a 7z archive into out/.", '7z x -y -oout «archive»', "archive", "option",
  pay={"archive": "-o/etc"}, check=("argv", ["-o/etc"]), idiom="7z archive slot takes -o")
T(M, "cpio_list", "List a cpio archive.", 'cpio -it < «archive»', "archive", "safe", ok=({"archive": "notes.txt"}, "stub cpio ok"), idiom="stdin redirect from value")
T(M, "bzip_dir_name", "Compress a file with bzip2 using a name placeholder.", 'bzip2 -k UTCP_ARG_file-name_UTCP_END && echo ok', {"file-name": "string"}, "broken",
  pay={"file-name": "notes.txt"}, check=("out", lambda o, c: "UTCP_ARG_file-name" in o or "No such file" in o, "hyphenated placeholder not recognised by the runtime"),
  idiom="hyphen in placeholder name")

# ======================= sysadm: services, logs, users =======================
M = "sysadm"
T(M, "unit_status", "Show the status of a systemd unit.", 'systemctl status --no-pager «unit»', "unit", "option",
  pay={"unit": "--host=127.0.0.1"}, check=("argv", ["--host=127.0.0.1"]), idiom="unit slot")
T(M, "unit_status_guard", "Show the status of a systemd unit (validated).", '[[ «unit» =~ ^[A-Za-z0-9@._-]+$ && «unit» != -* ]] || exit 2; systemctl status --no-pager «unit»', "unit", "safe",
  ok=({"unit": "nginx.service"}, "stub systemctl ok"), idiom="regex + leading dash guard")
T(M, "unit_status_many", "Show status of one unit given by name.", 'echo «units» | xargs systemctl status --no-pager', "units", "split",
  pay={"units": "nginx sshd"}, check=("argv", ["nginx", "sshd"]), idiom="echo | xargs")
T(M, "unit_logs", "Show recent logs of a unit.", 'journalctl --no-pager -n 50 -u «unit»', "unit", "safe", ok=({"unit": "nginx"}, "stub journalctl ok"), value_opts=["-u"],
  idiom="value bound to -u")
T(M, "install_crontab", "Install a crontab file for the deploy user.", 'crontab -u deploy «file»', "file", "option",
  pay={"file": "-r"}, check=("argv", ["-r"]), idiom="file slot: -r removes crontab")
T(M, "append_log", "Append a message to logs/NAME.log.", 'echo «msg» | tee -a logs/«name».log', "msg name", "write",
  pay={"msg": "hi", "name": "../../../../tmp/blindP_w/l"}, check=("file", "{W}/l.log"), idiom="tee path traversal")
T(M, "append_log_safe", "Append a message to logs/app.log.", 'printf "%s\\n" «msg» | tee -a logs/app.log', "msg", "safe", ok=({"msg": "hi"}, "hi"), idiom="fixed tee path")
T(M, "truncate_log", "Truncate logs/NAME.", 'truncate -s 0 logs/«name» && echo truncated', "name", "write",
  pay={"name": "../../../../tmp/blindP_w/tr"}, check=("file", "{W}/tr"), idiom="truncate path traversal")
T(M, "install_conf", "Install a config file as conf.d/NAME.conf.", 'install -D -m 0644 notes.txt conf.d/«name».conf && echo installed', "name", "write",
  pay={"name": "../../../../tmp/blindP_w/cf"}, check=("file", "{W}/cf.conf"), idiom="install -D traversal")
T(M, "user_entry", "Show the passwd entry of a user.", 'echo "entry: $(getent passwd «user»)"', "user", "split",
  pay={"user": "root daemon"}, check=("out", lambda o, c: "root:" in o and "daemon:" in o, "getent got two keys"), idiom="$( ) in double quotes")
T(M, "user_entry_ok", "Show the passwd entry of a user.", 'getent passwd -- «user» || echo "no such user"', "user", "safe", ok=({"user": "root"}, "root:x:0"), idiom="getent --")
T(M, "date_from", "Show the epoch of a date expression.", 'date -u «when» +%s', "when", "option",
  pay={"when": "-f/etc/hostname"}, check=("out", lambda o, c: "invalid date" in o or open('/etc/hostname').read().strip() in o, "date -f read an unintended file"), idiom="date operand takes -f")
T(M, "date_from_d", "Show the epoch of a date expression (-d).", 'date -u -d «when» +%s', "when", "safe", ok=({"when": "2020-01-01"}, "1577836800"), idiom="value bound to -d")
T(M, "with_lock", "Run the nightly report under a lock file in /tmp.", 'flock -w 5 /tmp/blindP_sb/«lock».lock echo report-done', "lock", "write",
  pay={"lock": "../blindP_w/lk"}, check=("file", "{W}/lk.lock"), idiom="lock file path traversal (flock creates it)")
T(M, "run_with_timeout", "Run df with a timeout in seconds.", 'timeout «secs» df -h /', "secs", "option",
  pay={"secs": "--signal=KILL"}, check=("out", lambda o, c: "Filesystem" not in o, "secs slot took an option: df became the duration"), idiom="timeout duration slot")
T(M, "renice_job", "Run the report at a niceness level.", 'nice -n «level» echo report', "level", "safe", ok=({"level": "10"}, "report"), value_opts=["-n"], idiom="value bound to -n")
T(M, "log_event", "Send an event to syslog with a tag.", 'logger -t «tag» «message»', "tag message", "option",
  pay={"tag": "app", "message": "-f/etc/shadow"}, check=("argv", ["-f/etc/shadow"]), idiom="message slot takes logger -f (log a file)")
T(M, "disk_usage_report", "Disk usage of the workspace written to a report.", ['df -h . > out/df.txt', ('echo "Report for $USER:"; cat out/df.txt; echo «note»', True)], "note", "broken",
  pay={"note": "ok"}, check=("raise",), idiom="$USER meant from the shell")
T(M, "env_dir_listing", "List files in the working directory given in config.", 'ls', "x", "broken", wd="/srv/app",
  pay={"x": "1"}, check=("raise",), idiom="working_dir that does not exist on any host (/srv/app)")

# ======================= netdiag: network diagnostics =======================
M = "netdiag"
T(M, "remote_uptime", "Show uptime of a host over ssh.", 'ssh -o BatchMode=yes -o ConnectTimeout=3 «host» uptime', "host", "exec",
  pay={"host": "-oProxyCommand=touch {C}"}, check=("canary",), idiom="ssh host slot takes -oProxyCommand")
T(M, "remote_uptime_guard", "Show uptime of a host over ssh (validated host).", '[[ «host» =~ ^[A-Za-z0-9][A-Za-z0-9.-]*$ ]] || { echo bad host; exit 2; }; ssh -o BatchMode=yes -o ConnectTimeout=2 -p 1 «host» uptime; echo checked', "host", "safe",
  ok=({"host": "127.0.0.1"}, "checked"), idiom="hostname regex guard")
T(M, "dns_lookup", "Resolve a name.", 'dig +short «name» «rtype»', "name rtype", "option",
  pay={"name": "-f/etc/passwd", "rtype": "A"}, check=("argv", ["-f/etc/passwd"]), idiom="dig name slot takes -f batch file")
T(M, "dns_lookup_q", "Resolve a name (-q).", 'dig +short -q «name» -t «rtype»', "name rtype", "safe", ok=({"name": "example.org", "rtype": "A"}, "stub dig ok"),
  value_opts=["-q", "-t"], idiom="values bound to -q/-t")
T(M, "port_check", "Check whether a TCP port is open on a host.", 'nc -z -w 2 «host» «port» && echo open || echo closed', "host port", "option",
  pay={"host": "-lk", "port": "4444"}, check=("argv", ["-lk"]), idiom="nc host slot takes -l (listener)")
T(M, "fetch_local_file", "Fetch a file:// URL into downloads/NAME.", 'mkdir -p downloads && curl -fsS «url» -o downloads/«name» && echo saved', "url name", "write",
  setup="echo hi > /tmp/blindP_sb/src.txt", pay={"url": "file:///etc/hostname", "name": "../../../../tmp/blindP_w/f"}, check=("file", "{W}/f"), idiom="curl -o prefix traversal")
T(M, "probe_http", "HEAD a local service path.", 'curl -sS -o /dev/null -w "%{http_code}\\n" "http://127.0.0.1:9/«path»"', "path", "safe",
  ok=({"path": "health"}, "000"), idiom="value inside URL")
T(M, "ssh_keyscan_known", "Record a host key into known_hosts.d/NAME.", 'ssh-keyscan -T 1 127.0.0.1 > known_hosts.d/«name» 2>/dev/null; echo stored', "name", "write",
  setup="mkdir -p known_hosts.d", pay={"name": "../../../../tmp/blindP_w/kh"}, check=("file", "{W}/kh"), idiom="redirect traversal")
T(M, "batch_ping_hosts", "Ping each host of a space separated list once.", 'for h in «hosts»; do echo "checking $h"; done', "hosts", "broken",
  pay={"hosts": "a b"}, check=("raise",), idiom="loop variable $h eaten by client")
T(M, "ed_replace", "Replace text in notes.txt with ed.", "printf '%s\\n' ',s/«old»/«new»/g' w q | ed -s notes.txt && cat notes.txt", "old new", "exec",
  pay={"old": "alpha", "new": "x/g\n!touch {C}\ns/x/y"}, check=("canary",), idiom="ed script via printf lines")
T(M, "check_hosts_xargs", "Check each host with a small shell snippet.", "printf '%s\\n' «hosts» | xargs -I{} sh -c 'echo checking {}'", "hosts", "exec",
  pay={"hosts": "a; touch {C}"}, check=("canary",), idiom="xargs -I{} into sh -c code")
T(M, "man_page_safe", "Show the first lines of a man page (section validated).", '[[ «section» =~ ^[1-9]$ ]] || exit 2; man -P cat «section» -- «page» 2>/dev/null | head -3', "section page", "safe",
  ok=({"section": "1", "page": "ls"}, "LS"), idiom="section regex + --")

M = "sysadm"
T(M, "file_bytes", "Print the size in bytes of a file.", 'echo "bytes: $(stat -c %s «file»)"', "file", "split", setup="printf 'a\\n' > my",
  pay={"file": "my notes.txt"}, check=("out", lambda o, c: o.count("\n") >= 1, "stat got two operands (two sizes)"), idiom="$( ) in double quotes")
T(M, "run_with_mode", "Print APP_MODE as seen by a child started with env -S.", 'env -S "APP_MODE=«mode»" printenv APP_MODE', "mode", "exec",
  pay={"mode": "x sh -c 'touch {C}'"}, check=("canary",), idiom="env -S splits its string into a command line")
T(M, "run_with_mode_ok", "Print APP_MODE as seen by a child process.", 'env APP_MODE=«mode» printenv APP_MODE', "mode", "safe",
  ok=({"mode": "prod"}, "prod"), idiom="env NAME=value (no -S)")
M = "dataops"
T(M, "resolved_bytes", "Byte count of a file after resolving symlinks.", 'wc -c $(readlink -f «file»)', "file", "split", setup="printf 'a\\n' > my",
  pay={"file": "my notes.txt"}, check=("out", lambda o, c: "total" in o, "unquoted $( ) result split into two files"), idiom="unquoted $( )")
M = "backup"
T(M, "parent_listing", "List the directory containing a path.", 'ls $(dirname «path»)', "path", "split", setup="mkdir -p My Docs && touch Docs/b",
  pay={"path": "My Docs/x"}, check=("out", lambda o, c: "Docs:" in o, "dirname got two operands; ls lists both"), idiom="unquoted $( )")
M = "cloud"
T(M, "ctx_pods", "List pods in a kube context.", "kubectl get pods $(printf -- '--context=%s' «ctx»)", "ctx", "split",
  pay={"ctx": "dev --all-namespaces"}, check=("argv", ["--context=dev", "--all-namespaces"]), idiom="unquoted $(printf) result")
