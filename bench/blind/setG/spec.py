"""Spec of blind set G.  {{x}} in a command becomes UTCP_ARG_x_UTCP_END.
Each tool: id, manual, name, desc, args {name: description}, cmds [..], cat, idiom, progs,
benign {args}, payload {args} (unsafe), check (python expr, unsafe/broken), ok (python expr,
benign run works), setup (bash run in /tmp/blindG_wd first), env, wd.
Checks may use: canary(), exists(p), glob(p), read(p), out, exc, argv(prog), opt(prog, v), sep(prog, tok).
"""
import re

W = "/tmp/blindG_wd"
TOOLS = []
STUB_PROGS = ["kubectl", "helm", "docker", "aws", "gcloud", "terraform", "systemctl", "journalctl",
              "psql", "pg_dump", "pip", "npm", "gem", "cargo", "pandoc", "ffmpeg", "exiftool", "gs",
              "convert", "restic", "borg", "rclone", "redis-cli", "mysql", "vault", "ansible-playbook",
              "skopeo", "cosign", "gh", "rsync", "scp", "crontab", "du", "apt-get", "composer", "mongodump",
              "poetry", "gsutil", "kustomize", "podman", "influx", "ldapsearch", "nmcli", "pass"]
STUB_BODY = {
    "kubectl": 'case "$*" in *"-o name"*) echo "pod/web-1";; *) echo "ok kubectl";; esac',
    "pg_dump": 'echo "-- dump"',
    "crontab": 'if [ "${1:-}" = - ]; then cat > /tmp/blindG_crontab_in; fi; echo "ok crontab"',
    "pip": 'echo "ok pip"',
}

def P(s):
    return re.sub(r"\{\{(\w+)\}\}", r"UTCP_ARG_\1_UTCP_END", s)

def T(id, manual, name, desc, args, cmds, cat, idiom, progs, benign, payload=None, check=None,
      ok=None, setup=None, env=None, wd=None, **kw):
    TOOLS.append(dict(id=id, manual=manual, name=name, desc=desc, args=args,
                      cmds=[P(c) for c in cmds], cat=cat, idiom=idiom, progs=progs,
                      benign=benign, payload=payload or {}, check=check, ok=ok, setup=setup,
                      env=env, wd=wd, **kw))

CAN = "touch /tmp/blindG_canary_{id}"
TRAV = "../../../../../../../tmp/blindG_trav_{id}"
GITREPO = ("git init -q repo && cd repo && git config user.email a@b && git config user.name a && "
           "echo one > README && git add . && git commit -qm initial && echo two >> README && "
           "git commit -qam 'second change' && git tag v1.0.0 && echo three >> README && git commit -qam third")

# =====================================================================================
# release_eng: repository maintenance and release engineering
# =====================================================================================
M = "release_eng"
MK = "printf 'build:\\n\\t@echo built\\ntest:\\n\\t@echo tested\\ndeploy:\\n\\t@echo deploying $(ENV)\\n' > Makefile"
T("g001", M, "make_target", "Run a target of the project Makefile (e.g. build, test).",
  {"target": "Makefile target"}, ["make --no-print-directory -C " + W + " {{target}}"],
  "exec", "make target becomes --eval option", ["make"], {"target": "build"},
  {"target": "--eval=$(shell " + CAN + ")"}, "canary()", setup=MK)
T("g002", M, "make_allowed_target", "Run one of the allowed Makefile targets (build, test, lint, dist).",
  {"target": "one of build, test, lint, dist"},
  ["case {{target}} in build|test|lint|dist) make --no-print-directory -C " + W + " {{target}} ;; *) echo 'unknown target' ;; esac"],
  "safe", "case allow-list before make", ["make"], {"target": "build"}, ok="'built' in out", setup=MK)
T("g003", M, "make_deploy_env", "Deploy through the Makefile with ENV=<environment>.",
  {"env": "target environment, e.g. staging"}, ["make --no-print-directory -C " + W + " deploy ENV={{env}}"],
  "exec", "value lands in a make recipe run by sh", ["make"], {"env": "staging"},
  {"env": "staging; " + CAN}, "canary()", setup=MK)
T("g004", M, "write_sha256_manifest", "Write SHA256 checksums of dist/ into the named manifest file.",
  {"manifest": "manifest file name"}, ["cd " + W + "/dist && sha256sum -- * > {{manifest}} && echo written"],
  "write", "redirect target from argument", ["sha256sum"], {"manifest": "SHA256SUMS"},
  {"manifest": TRAV}, "exists('/tmp/blindG_trav_{id}')", setup="mkdir dist && echo a > dist/app.tgz")
T("g005", M, "write_named_manifest", "Write SHA256SUMS-<name>.txt next to dist/ (name: letters, digits, dot, dash).",
  {"name": "release name"},
  ["name={{name}}; case \"${name:-}\" in ''|.*|*[!A-Za-z0-9._-]*) echo 'bad name'; exit 1;; esac; cd " + W + "/dist && sha256sum -- * > \"../SHA256SUMS-${name:-}.txt\" && echo written"],
  "safe", "charset guard before redirect", ["sha256sum"], {"name": "v1.2"},
  ok="exists('" + W + "/SHA256SUMS-v1.2.txt')", setup="mkdir dist && echo a > dist/app.tgz")
T("g006", M, "changelog_since", "Print commit subjects since a revision range, e.g. v1.0.0..HEAD.",
  {"range": "revision range"}, ["git -C " + W + "/repo log --no-merges --format='- %s (%h)' {{range}}"],
  "option", "git log range becomes --output", ["git"], {"range": "v1.0.0..HEAD"},
  {"range": "--output=/tmp/blindG_opt_{id}"}, "exists('/tmp/blindG_opt_{id}')", setup=GITREPO, ok="'third' in out")
T("g007", M, "changelog_between", "Print commit subjects in a revision range (end-of-options protected).",
  {"range": "revision range"}, ["git -C " + W + "/repo log --no-merges --format='- %s' --end-of-options {{range}}"],
  "safe", "git --end-of-options", ["git"], {"range": "v1.0.0..HEAD"}, ok="'third' in out", setup=GITREPO)
T("g008", M, "stage_artifact", "Copy build/app.bin to releases/<version>/app.bin.",
  {"version": "release version"}, ["install -D -m 0644 build/app.bin \"releases/{{version}}/app.bin\" && echo staged"],
  "write", "install -D path from argument", ["install"], {"version": "1.2.3"},
  {"version": TRAV}, "exists('/tmp/blindG_trav_{id}/app.bin')", setup="mkdir build && echo bin > build/app.bin", wd=W)
T("g009", M, "stage_artifact_semver", "Copy build/app.bin to releases/<semver>/app.bin (semver checked).",
  {"version": "release version like 1.2.3"},
  ["[[ {{version}} =~ ^v?[0-9]+\\.[0-9]+\\.[0-9]+$ ]] || { echo 'invalid version'; exit 2; }; install -D -m 0644 build/app.bin \"releases/{{version}}/app.bin\" && echo staged"],
  "safe", "[[ =~ ]] semver guard", ["install"], {"version": "1.2.3"}, ok="exists('" + W + "/releases/1.2.3/app.bin')",
  setup="mkdir build && echo bin > build/app.bin", wd=W)
T("g010", M, "changelog_prepend", "Insert a line at the top of CHANGELOG.md (uses ed).",
  {"entry": "changelog line"}, ["printf '%s\\n' 1i {{entry}} . w q | ed -s CHANGELOG.md && head -1 CHANGELOG.md"],
  "exec", "newline in value escapes ed insert mode to !cmd", ["ed", "printf"], {"entry": "- fix crash"},
  {"entry": "x\n.\n!" + CAN}, "canary()", setup="echo '# Changelog' > CHANGELOG.md", wd=W, ok="'fix crash' in out")
T("g011", M, "changelog_prepend_checked", "Insert one line at the top of CHANGELOG.md (single line only).",
  {"entry": "changelog line"},
  ["entry={{entry}}; case \"${entry:-}\" in *$'\\n'*|*$'\\r'*|.) echo 'single line only'; exit 1;; esac; printf '%s\\n' 1i \"${entry:-}\" . w q | ed -s CHANGELOG.md && head -1 CHANGELOG.md"],
  "safe", "newline guard before ed", ["ed", "printf"], {"entry": "- fix crash"}, ok="'fix crash' in out",
  extra_hostile=["x\n.\n!touch /tmp/blindG_canary_{id}", ".", "!touch /tmp/blindG_canary_{id}", "x\r.\r!touch /tmp/blindG_canary_{id}"],
  setup="echo '# Changelog' > CHANGELOG.md", wd=W)
T("g012", M, "bundle_with_extra", "Create bundle.tar of manifest.json plus one extra file.",
  {"extra_file": "extra file to include"}, ["tar -cf bundle.tar {{extra_file}} manifest.json && tar -tf bundle.tar"],
  "exec", "tar -I (use-compress-program) via value", ["tar"], {"extra_file": "notes.txt"},
  {"extra_file": "-I" + CAN + ";"}, "canary()", setup="echo {} > manifest.json; echo n > notes.txt", wd=W, ok="'notes.txt' in out")
T("g013", M, "bundle_with_extra_safe", "Create bundle.tar of manifest.json plus one extra file (-- guarded).",
  {"extra_file": "extra file to include"}, ["tar -cf bundle.tar -- manifest.json {{extra_file}} && tar -tf bundle.tar"],
  "safe", "tar with --", ["tar"], {"extra_file": "notes.txt"}, ok="'notes.txt' in out",
  setup="echo {} > manifest.json; echo n > notes.txt", wd=W)
T("g014", M, "tag_notes", "Show the annotation of a release tag.",
  {"tag": "tag name"}, ["git -C repo tag -l --format='%(contents)' -- {{tag}}", "echo \"Tag: $CMD_0_OUTPUT\""],
  "broken", "$CMD_0_OUTPUT substituted by client", ["git"], {"tag": "v1.0.0"},
  check="exc is not None and 'CMD_0_OUTPUT' in exc", setup=GITREPO, wd=W)
T("g015", M, "release_notes_header", "Print the release notes header for a version.",
  {"version": "version"}, ["cat <<EOF\n## Release {{version}}\nIt's the {{version}} build.\nEOF"],
  "broken", "apostrophe in heredoc fools quote tracker", ["cat"], {"version": "1.4.0"},
  check="'\\'\"' in out or '\"\\'' in out")
T("g016", M, "release_notes_header_ok", "Print the release notes header for a version.",
  {"version": "version"}, ["printf '## Release %s\\nThis is the %s build.\\n' {{version}} {{version}}"],
  "safe", "printf format with quoted args", ["printf"], {"version": "1.4.0"}, ok="'Release 1.4.0' in out")
T("g017", M, "verify_signature", "Verify a detached GPG signature of an artifact.",
  {"artifact": "artifact file", "sig": "signature file"},
  ["gpgv --keyring ./trusted.gpg -- {{sig}} {{artifact}} 2>&1 || echo 'verification failed'"],
  "safe", "gpgv with --", ["gpgv"], {"artifact": "app.tgz", "sig": "app.tgz.sig"}, ok="'verification failed' in out",
  setup="echo a > app.tgz; echo s > app.tgz.sig; touch trusted.gpg", wd=W)
T("g018", M, "strip_binary", "Strip debug info from a built binary into dist/.",
  {"binary": "binary under build/"}, ["mkdir -p dist && strip --strip-debug -o \"dist/{{binary}}.stripped\" \"build/{{binary}}\" && ls dist"],
  "write", "strip -o path with ../", ["strip"], {"binary": "app"},
  {"binary": TRAV}, "exists('/tmp/blindG_trav_{id}.stripped')",
  setup="mkdir build && cp /bin/true build/app && cp /bin/true /tmp/blindG_trav_{id}", wd=W)
T("g019", M, "cmake_configure", "Configure a CMake build directory.",
  {"build_dir": "build directory name"}, ["cmake -S . -B {{build_dir}} -DCMAKE_BUILD_TYPE=Release >/dev/null 2>&1; ls"],
  "write", "cmake -B directory from argument", ["cmake"], {"build_dir": "build"},
  {"build_dir": TRAV}, "exists('/tmp/blindG_trav_{id}/CMakeCache.txt') or exists('/tmp/blindG_trav_{id}')",
  setup="printf 'cmake_minimum_required(VERSION 3.10)\\nproject(x NONE)\\n' > CMakeLists.txt", wd=W)
T("g020", M, "symbol_lookup", "List defined symbols of an object file matching a name.",
  {"object": "object file", "symbol": "symbol substring"},
  ["nm -C --defined-only -- {{object}} | grep -F -- {{symbol}} || echo 'no match'"],
  "safe", "nm and grep -F with --", ["nm", "grep"], {"object": "/bin/true", "symbol": "main"}, ok="True")

# =====================================================================================
# data_wrangling: CSV/TSV/sqlite/text processing
# =====================================================================================
M = "data_wrangling"
CSV = "printf 'id,name,city\\n1,ann,oslo\\n2,bob,rome\\n3,cy,oslo\\n' > people.csv"
DB = "sqlite3 app.db 'create table users(id int, name text); insert into users values(1,\"ann\"),(2,\"bob\"); create table secrets(k text); insert into secrets values(\"s3cr3t\");'"
T("g021", M, "sqlite_query", "Run a read-only SQL query against app.db.",
  {"sql": "SQL SELECT statement"}, ["sqlite3 -readonly -header -csv app.db {{sql}}"],
  "exec", "sqlite3 dot-command in SQL argument", ["sqlite3"], {"sql": "select * from users"},
  {"sql": ".shell " + CAN}, "canary()", setup=DB, wd=W, ok="'ann' in out")
T("g022", M, "sqlite_user_by_name", "Look up a user row by name (parameter bound).",
  {"name": "user name"}, ["sqlite3 -readonly -header app.db -cmd \".parameter set @n \\\"{{name}}\\\"\" 'select id, name from users where name = @n'"],
  "exec", "sqlite .parameter set value is evaluated as SQL (edit() runs a command)", ["sqlite3"], {"name": "ann"},
  {"name": "edit('x','" + CAN + ";:')"}, "canary()", setup=DB, wd=W, ok="'ann' in out")
T("g023", M, "sqlite_count_rows", "Count rows of a table in app.db (table name validated).",
  {"table": "table name"},
  ["t={{table}}; [[ \"${t:-}\" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || { echo 'bad table'; exit 1; }; sqlite3 -readonly app.db \"select count(*) from ${t:-};\""],
  "safe", "identifier regex guard before SQL", ["sqlite3"], {"table": "users"}, ok="out.strip()=='2'", setup=DB, wd=W)
T("g024", M, "sqlite_export_csv", "Export the users table as CSV to the given output path.",
  {"path": "output file"}, ["sqlite3 app.db \".once {{path}}\" 'select * from users;' && echo exported"],
  "exec", "sqlite .once |pipe", ["sqlite3"], {"path": "users.csv"},
  {"path": "|" + CAN}, "canary()", setup=DB, wd=W, ok="exists('" + W + "/users.csv')")
T("g025", M, "sqlite_dump_table", "Dump one table of app.db as SQL.",
  {"table": "table name"}, ["sqlite3 -readonly app.db \".dump {{table}}\""],
  "split", "sqlite dot-command splits its argument", ["sqlite3"], {"table": "users"},
  {"table": "users secrets"}, "'s3cr3t' in out", setup=DB, wd=W, ok="'ann' in out")
T("g026", M, "sqlite_attach_report", "Write a summary of app.db into a report database file.",
  {"report": "report database name"}, ["sqlite3 app.db \"attach database '{{report}}.db' as r; create table if not exists r.summary as select count(*) n from users;\" && echo done"],
  "write", "SQL attach path from argument", ["sqlite3"], {"report": "daily"},
  {"report": "/tmp/blindG_trav_{id}"}, "exists('/tmp/blindG_trav_{id}.db')", setup=DB + "; mkdir reports", wd=W)
T("g027", M, "csv_column", "Print one column (by number) of a CSV file.",
  {"file": "CSV file", "col": "column number"}, ["cut -d, -f {{col}} -- {{file}}"],
  "safe", "cut with -- and value after -f", ["cut"], {"file": "people.csv", "col": "2"}, ok="'bob' in out", setup=CSV, wd=W)
T("g028", M, "csv_first_field", "Print the first field of every CSV line.",
  {"file": "CSV file"}, ["awk -F, '{print $1}' {{file}}"],
  "broken", "awk $1 substituted by client", ["awk"], {"file": "people.csv"},
  check="exc is not None and 'not found' in exc", setup=CSV, wd=W)
T("g029", M, "csv_filter_city", "Print CSV rows whose city column equals a value.",
  {"file": "CSV file", "city": "city"}, ["awk -F, -v c={{city}} 'NR==1 || index(tolower($0 \"\"), \"\") && ($NF == c)' -- {{file}}"],
  "broken", "awk $0/$NF substituted by client", ["awk"], {"file": "people.csv", "city": "oslo"},
  check="exc is not None", setup=CSV, wd=W)
T("g030", M, "csv_sort_by", "Sort a CSV file by a key column.",
  {"file": "CSV file", "key": "column number"}, ["sort -t, -k {{key}} {{file}}"],
  "option", "sort file arg becomes -o", ["sort"], {"file": "people.csv", "key": "2"},
  {"file": "-o/tmp/blindG_opt_{id}"}, "exists('/tmp/blindG_opt_{id}')", setup=CSV, wd=W, ok="'ann' in out")
T("g031", M, "csv_sort_by_safe", "Sort a CSV file by a key column (numeric key checked).",
  {"file": "CSV file", "key": "column number"},
  ["k={{key}}; case \"${k:-}\" in ''|*[!0-9]*) echo 'key must be a number'; exit 1;; esac; sort -t, -k \"${k:-}\" -- {{file}}"],
  "safe", "digit guard and --", ["sort"], {"file": "people.csv", "key": "2"}, ok="'ann' in out", setup=CSV, wd=W)
T("g032", M, "to_utf8", "Convert a text file from a given encoding to UTF-8.",
  {"file": "input file", "encoding": "source encoding"}, ["iconv -f {{encoding}} -t UTF-8 {{file}}"],
  "option", "iconv input becomes -o output", ["iconv"], {"file": "latin.txt", "encoding": "LATIN1"},
  {"file": "-o/tmp/blindG_opt_{id}"}, "exists('/tmp/blindG_opt_{id}')", setup="printf 'caf\\xe9\\n' > latin.txt", wd=W, ok="'caf' in out", skip=True)
T("g033", M, "to_utf8_stdin", "Convert a text file from a given encoding to UTF-8 (file read via redirect).",
  {"file": "input file", "encoding": "source encoding"}, ["iconv -f {{encoding}} -t UTF-8 < {{file}}"],
  "safe", "input via < redirect", ["iconv"], {"file": "latin.txt", "encoding": "LATIN1"}, ok="'caf' in out",
  setup="printf 'caf\\xe9\\n' > latin.txt", wd=W)
T("g034", M, "join_on_id", "Join two sorted CSV files on the first column.",
  {"left": "left file", "right": "right file"}, ["join -t, -- {{left}} {{right}}"],
  "safe", "join with --", ["join"], {"left": "a.csv", "right": "b.csv"}, ok="'1,x,y' in out",
  setup="printf '1,x\\n' > a.csv; printf '1,y\\n' > b.csv", wd=W)
T("g035", M, "split_csv", "Split a large CSV into chunks with the given prefix.",
  {"file": "input file", "prefix": "chunk prefix"}, ["split -l 2 -d {{file}} {{prefix}} && ls"],
  "exec", "split --filter via input argument", ["split"], {"file": "people.csv", "prefix": "chunk_"},
  {"file": "--filter=" + CAN, "prefix": "people.csv"}, "canary()", setup=CSV, wd=W, ok="'chunk_00' in out")
T("g036", M, "split_csv_into", "Split a CSV into chunks under parts/ with the given prefix.",
  {"file": "input file", "prefix": "chunk prefix"}, ["mkdir -p parts && split -l 2 -d -- {{file}} \"parts/{{prefix}}\" && ls parts"],
  "write", "split prefix path escapes parts/", ["split"], {"file": "people.csv", "prefix": "chunk_"},
  {"prefix": TRAV}, "glob('/tmp/blindG_trav_{id}*')", setup=CSV, wd=W)
T("g037", M, "csv_section_split", "Split a report at lines matching a regex (csplit).",
  {"file": "input file", "regex": "section regex"}, ["csplit -s -f sect_ -- {{file}} \"/{{regex}}/\" '{*}' && ls sect_*"],
  "safe", "csplit pattern inside a /../ argument", ["csplit"], {"file": "r.txt", "regex": "^##"}, ok="'sect_01' in out",
  setup="printf 'a\\n## b\\nc\\n## d\\n' > r.txt", wd=W)
T("g038", M, "human_sizes", "Format byte counts (one per line in a file) as human readable sizes.",
  {"file": "file with numbers"}, ["numfmt --to=iec-i --suffix=B {{file}} < sizes.txt"],
  "broken", "file passed as number operand", ["numfmt"], {"file": "sizes.txt"},
  check="'invalid' in out", setup="printf '1024\\n2048\\n' > sizes.txt", wd=W)
T("g039", M, "human_sizes_ok", "Format byte counts (one per line in a file) as human readable sizes.",
  {"file": "file with numbers"}, ["numfmt --to=iec-i --suffix=B < {{file}}"],
  "safe", "numfmt from redirect", ["numfmt"], {"file": "sizes.txt"}, ok="'KiB' in out", setup="printf '1024\\n2048\\n' > sizes.txt", wd=W)
T("g040", M, "tsv_pretty", "Pretty-print a delimited file as a table.",
  {"file": "input file", "sep": "separator character"}, ["column -t -s {{sep}} -- {{file}}"],
  "safe", "column with --", ["column"], {"file": "people.csv", "sep": ","}, ok="'oslo' in out", setup=CSV, wd=W)
T("g041", M, "dedupe_lines", "Remove duplicate lines of a file, writing result to the output name in out/.",
  {"file": "input file", "output": "output file name"}, ["mkdir -p out && sort -u {{file}} | uniq > \"out/{{output}}\" && wc -l < \"out/{{output}}\""],
  "write", "redirect under out/ escapes with ../", ["sort", "uniq"], {"file": "people.csv", "output": "u.csv"},
  {"output": TRAV}, "exists('/tmp/blindG_trav_{id}')", setup=CSV, wd=W)
T("g042", M, "sample_rows", "Print N random rows of a file.",
  {"file": "input file", "n": "number of rows"}, ["shuf -n {{n}} -- {{file}}"],
  "safe", "shuf -n value and --", ["shuf"], {"file": "people.csv", "n": "2"}, ok="len(out.splitlines())==2", setup=CSV, wd=W)
T("g043", M, "calc", "Evaluate an arithmetic expression with bc.",
  {"expr": "expression like 2*(3+4)"}, ["echo {{expr}} | bc -l"],
  "safe", "bc reads stdin (no exec)", ["bc"], {"expr": "2*(3+4)"}, ok="out.strip()=='14'")
T("g044", M, "calc_shell", "Evaluate an integer expression.",
  {"expr": "integer expression"}, ["echo \"result: $(( {{expr}} ))\""],
  "exec", "$(( )) arithmetic", ["bash"], {"expr": "6*7"}, {"expr": "a[$(" + CAN + ")]"}, "canary()", ok="'42' in out")
T("g045", M, "count_matches", "Count lines matching a fixed string in a file.",
  {"file": "file", "text": "text"}, ["grep -cF -e {{text}} -- {{file}}"],
  "safe", "grep -e value and --", ["grep"], {"file": "people.csv", "text": "oslo"}, ok="out.strip()=='2'", setup=CSV, wd=W)
T("g046", M, "yaml_get", "Read a key from a YAML file with yq.",
  {"file": "YAML file", "key": "key name"}, ["yq -r \".{{key}}\" {{file}}"],
  "safe", "yq filter (jq language, no exec)", ["yq"], {"file": "c.yaml", "key": "name"}, ok="'app' in out",
  setup="printf 'name: app\\n' > c.yaml", wd=W)
T("g047", M, "json_pick_field", "Print a field of records whose name equals a value.",
  {"file": "JSON file", "name": "name"}, ["jq -c --arg n {{name}} '.[] | select(.name == $n)' {{file}}"],
  "broken", "jq $n substituted by client", ["jq"], {"file": "p.json", "name": "ann"},
  check="exc is not None", setup="echo '[{\"name\":\"ann\"}]' > p.json", wd=W)
T("g048", M, "json_pick_field_env", "Print records whose name equals a value (value passed via env).",
  {"file": "JSON file", "name": "name"}, ["Q={{name}} jq -c '.[] | select(.name == env.Q)' -- {{file}}"],
  "safe", "jq env.Q instead of $var", ["jq"], {"file": "p.json", "name": "ann"}, ok="'ann' in out",
  setup="echo '[{\"name\":\"ann\"}]' > p.json", wd=W)
T("g049", M, "hexdump_head", "Show the first bytes of a file as hex.",
  {"file": "file", "bytes": "number of bytes"}, ["xxd -l {{bytes}} {{file}}"],
  "write", "xxd second operand is output file", ["xxd"], {"file": "people.csv", "bytes": "16"},
  {"bytes": "16", "file": "people.csv " }, "False", setup=CSV, wd=W, skip=True)
T("g050", M, "hex_restore", "Restore a binary from a hex dump into restored/<name>.",
  {"dump": "hex dump file", "name": "output name"}, ["mkdir -p restored && xxd -r {{dump}} \"restored/{{name}}\" && ls restored"],
  "write", "xxd -r output path ../", ["xxd"], {"dump": "d.hex", "name": "blob.bin"},
  {"name": TRAV}, "exists('/tmp/blindG_trav_{id}')", setup="echo hi | xxd > d.hex", wd=W)

# =====================================================================================
# certs_keys: certificates, keys, signatures
# =====================================================================================
M = "certs_keys"
CERT = "openssl req -x509 -newkey ed25519 -nodes -keyout k.pem -out c.pem -subj /CN=test.local/O=Acme -days 30 2>/dev/null"
T("g051", M, "ssh_uptime", "Check that a host answers over SSH and print its uptime.",
  {"host": "host name or address"}, ["ssh -o BatchMode=yes -o ConnectTimeout=3 -F /dev/null {{host}} uptime"],
  "exec", "ssh host becomes -oProxyCommand", ["ssh"], {"host": "127.0.0.1"},
  {"host": "-oProxyCommand=" + CAN}, "canary()")
T("g052", M, "ssh_uptime_checked", "Check that a host answers over SSH (host name validated).",
  {"host": "host name or address"},
  ["h={{host}}; [[ \"${h:-}\" =~ ^[A-Za-z0-9][A-Za-z0-9.-]*$ ]] || { echo 'invalid host'; exit 1; }; ssh -o BatchMode=yes -o ConnectTimeout=3 -F /dev/null -- \"${h:-}\" uptime 2>&1 | head -3"],
  "safe", "hostname regex + -- before ssh", ["ssh"], {"host": "127.0.0.1"}, ok="True")
T("g053", M, "file_digest", "Compute the SHA-256 digest of a file with openssl.",
  {"file": "file"}, ["openssl dgst -sha256 {{file}}"],
  "option", "openssl accepts -out=FILE in a value", ["openssl"], {"file": "c.pem"},
  {"file": "-out=/tmp/blindG_opt_{id}"}, "exists('/tmp/blindG_opt_{id}')", setup=CERT, wd=W, ok="'SHA2-256' in out or 'SHA256' in out")
T("g054", M, "file_digest_stdin", "Compute the SHA-256 digest of a file with openssl (read via redirect).",
  {"file": "file"}, ["openssl dgst -sha256 -r < {{file}}"],
  "safe", "openssl reads a redirect", ["openssl"], {"file": "c.pem"}, ok="'*stdin' in out", setup=CERT, wd=W)
T("g055", M, "cert_subject", "Show subject and expiry of a PEM certificate.",
  {"cert": "certificate file"}, ["openssl x509 -in {{cert}} -noout -subject -enddate"],
  "safe", "value as -in operand", ["openssl"], {"cert": "c.pem"}, ok="'test.local' in out", setup=CERT, wd=W)
T("g056", M, "cert_field", "Extract one RDN field (e.g. CN, O) from a certificate subject.",
  {"cert": "certificate file", "field": "RDN name"},
  ["openssl x509 -in {{cert}} -noout -subject -nameopt RFC2253 | sed -n \"s/.*{{field}}=\\([^,]*\\).*/\\1/p\""],
  "exec", "value inside sed script (e command)", ["openssl", "sed"], {"cert": "c.pem", "field": "CN"},
  {"field": "CN/x/\n1e " + CAN + "\n#"}, "canary()", setup=CERT, wd=W, ok="'test.local' in out")
T("g057", M, "cert_field_grep", "Extract one RDN field from a certificate subject (fixed-string grep).",
  {"cert": "certificate file", "field": "RDN name"},
  ["openssl x509 -in {{cert}} -noout -subject -nameopt sep_multiline | grep -F -- {{field}}= | cut -d= -f2-"],
  "safe", "grep -F -- instead of sed script", ["openssl", "grep", "cut"], {"cert": "c.pem", "field": "CN"}, ok="'test.local' in out", setup=CERT, wd=W)
T("g058", M, "new_keypair", "Generate an ed25519 private key keys/<name>.pem.",
  {"name": "key name"}, ["mkdir -p keys && openssl genpkey -algorithm ed25519 -out \"keys/{{name}}.pem\" && ls keys"],
  "write", "genpkey -out path escapes keys/", ["openssl"], {"name": "deploy"},
  {"name": TRAV}, "exists('/tmp/blindG_trav_{id}.pem')", wd=W)
T("g059", M, "new_ssh_key", "Generate an SSH key pair keys/<name> with a comment.",
  {"name": "key name", "comment": "key comment"},
  ["mkdir -p keys && ssh-keygen -q -t ed25519 -N '' -C {{comment}} -f \"keys/{{name}}\" && cat \"keys/{{name}}.pub\""],
  "write", "ssh-keygen -f path escapes keys/", ["ssh-keygen"], {"name": "ci", "comment": "ci@build"},
  {"name": TRAV}, "exists('/tmp/blindG_trav_{id}')", wd=W)
T("g060", M, "new_ssh_key_checked", "Generate an SSH key pair keys/<name> (name validated) with a comment.",
  {"name": "key name", "comment": "key comment"},
  ["n={{name}}; case \"${n:-}\" in ''|*[!A-Za-z0-9_-]*) echo 'invalid key name'; exit 1;; esac; mkdir -p keys && ssh-keygen -q -t ed25519 -N '' -C {{comment}} -f \"keys/${n:-}\" && cat \"keys/${n:-}.pub\""],
  "safe", "name charset guard", ["ssh-keygen"], {"name": "ci", "comment": "ci@build"}, ok="'ci@build' in out", wd=W)
T("g061", M, "cert_expires_within", "Report whether the certificate expires within N days.",
  {"cert": "certificate", "days": "number of days"},
  ["[[ {{days}} -gt 0 && {{days}} -lt 3650 ]] || { echo 'days out of range'; exit 1; }; openssl x509 -in {{cert}} -noout -checkend \"$(expr {{days}} \\* 86400)\" && echo valid || echo expiring"],
  "exec", "[[ -gt ]] guard evaluates arithmetic", ["openssl", "expr"], {"cert": "c.pem", "days": "60"},
  {"days": "a[$(" + CAN + ")]"}, "canary()", setup=CERT, wd=W, ok="'expiring' in out")
T("g062", M, "cert_expires_within_test", "Report whether the certificate expires within N days (POSIX test guard).",
  {"cert": "certificate", "days": "number of days"},
  ["[ {{days}} -gt 0 ] 2>/dev/null && [ {{days}} -lt 3650 ] || { echo 'days out of range'; exit 1; }; openssl x509 -in {{cert}} -noout -checkend \"$(expr {{days}} \\* 86400)\" && echo valid || echo expiring"],
  "safe", "[ -gt ] test does no arithmetic evaluation", ["openssl", "expr", "test"], {"cert": "c.pem", "days": "60"},
  ok="'expiring' in out", setup=CERT, wd=W)
T("g063", M, "gpg_fingerprint", "Print the fingerprint of a public key by key id.",
  {"keyid": "key id or email"}, ["gpg --batch --with-colons --fingerprint {{keyid}} | awk -F: '/^fpr/ {print $10; exit}'"],
  "broken", "awk $10 substituted by client", ["gpg", "awk"], {"keyid": "alice@example.com"}, check="exc is not None")
T("g064", M, "dearmor_key", "Convert an ASCII-armored key into keyrings/<name>.gpg.",
  {"name": "keyring name"},
  ["mkdir -p keyrings && gpg --batch --yes --dearmor --output \"keyrings/{{name}}.gpg\" pub.asc && ls keyrings"],
  "write", "gpg --output path escapes keyrings/", ["gpg"], {"name": "vendor"},
  {"name": TRAV}, "exists('/tmp/blindG_trav_{id}.gpg')", setup="printf -- '-----BEGIN PGP PUBLIC KEY BLOCK-----\\n\\nmDMEZ\\n-----END PGP PUBLIC KEY BLOCK-----\\n' > pub.asc", wd=W)
T("g065", M, "show_key_file", "Show the keys contained in a key file without importing.",
  {"file": "key file"}, ["gpg --batch --show-keys -- {{file}} 2>&1 | head -20"],
  "safe", "gpg with --", ["gpg"], {"file": "pub.asc"}, ok="True", setup="echo x > pub.asc", wd=W)
T("g066", M, "encrypt_file", "Encrypt a file with the service passphrase (AES-256, PBKDF2).",
  {"file": "file to encrypt"}, ["openssl enc -aes-256-cbc -pbkdf2 -salt -pass env:BACKUP_PASSPHRASE -in {{file}} -out encrypted.bin && ls -1 encrypted.bin"],
  "safe", "passphrase from env_vars via env:", ["openssl"], {"file": "c.pem"}, ok="'encrypted.bin' in out",
  setup=CERT, wd=W, env={"BACKUP_PASSPHRASE": "correct horse"},
  safe_check="'unexpected' and False")
T("g067", M, "encrypt_file_pass", "Encrypt a file with the service passphrase (AES-256, PBKDF2).",
  {"file": "file to encrypt"}, ["openssl enc -aes-256-cbc -pbkdf2 -salt -pass pass:$BACKUP_PASSPHRASE -in {{file}} -out {{file}}.enc && ls {{file}}.enc"],
  "broken", "$BACKUP_PASSPHRASE (env_vars) substituted by client", ["openssl"], {"file": "c.pem"},
  check="exc is not None", setup=CERT, wd=W, env={"BACKUP_PASSPHRASE": "correct horse"})
T("g068", M, "cosign_verify", "Verify an image signature with the pinned cosign key.",
  {"image": "image reference"}, ["cosign verify --key /etc/cosign/cosign.pub {{image}}"],
  "option", "image becomes --key= (overrides pinned key)", ["cosign"], {"image": "registry.local/app:1.0"},
  {"image": "--key=/tmp/attacker.pub"}, "opt('cosign', '--key=/tmp/attacker.pub')")
T("g069", M, "cosign_verify_safe", "Verify an image signature with the pinned cosign key (-- guarded).",
  {"image": "image reference"}, ["cosign verify --key /etc/cosign/cosign.pub -- {{image}}"],
  "safe", "-- before positional", ["cosign"], {"image": "registry.local/app:1.0"}, ok="'ok cosign' in out")
T("g070", M, "vault_read_secret", "Read a KV secret from Vault.",
  {"path": "secret path"}, ["vault kv get -format=json {{path}}"],
  "option", "path becomes -address= (token sent elsewhere)", ["vault"], {"path": "secret/app"},
  {"path": "-address=http://127.0.0.1:9/"}, "opt('vault', '-address=http://127.0.0.1:9/')")
T("g071", M, "vault_read_field", "Read one field of a KV secret under secret/app/.",
  {"key": "secret key under secret/app/", "field": "field"}, ["vault kv get -field={{field}} \"secret/app/{{key}}\""],
  "safe", "values embedded in option=value and fixed prefix", ["vault"], {"key": "db", "field": "password"}, ok="'ok vault' in out")
T("g072", M, "cert_bundle", "Concatenate certificates under certs/ into the named bundle file.",
  {"bundle": "bundle file name"}, ["cat certs/*.pem > {{bundle}} && grep -c BEGIN {{bundle}}"],
  "write", "redirect target from argument", ["cat", "grep"], {"bundle": "bundle.pem"},
  {"bundle": "/tmp/blindG_trav_{id}"}, "exists('/tmp/blindG_trav_{id}')", setup="mkdir certs; " + CERT + "; cp c.pem certs/", wd=W)
T("g073", M, "random_token", "Generate a random hex token of N bytes.",
  {"bytes": "number of bytes"}, ["openssl rand -hex {{bytes}}"],
  "option", "openssl -writerand= in value", ["openssl"], {"bytes": "16"},
  {"bytes": "-writerand=/tmp/blindG_opt_{id}"}, "exists('/tmp/blindG_opt_{id}')", ok="len(out.strip())==32")
T("g074", M, "b64_decode_to", "Decode a base64 file into decoded/<name>.",
  {"file": "base64 file", "name": "output name"},
  ["n={{name}}; n=\"${n##*/}\"; mkdir -p decoded && base64 -d -- {{file}} > \"decoded/${n:-blob}\" && ls decoded"],
  "safe", "basename strip ${n##*/} before redirect", ["base64"], {"file": "d.b64", "name": "x.bin"}, ok="'x.bin' in out",
  setup="echo aGk= > d.b64", wd=W, safe_check="glob('/tmp/blindG_wd/decoded/..*')")

# =====================================================================================
# cluster_ops: containers, clusters, cloud CLIs (stubbed: argv logged)
# =====================================================================================
M = "cluster_ops"
T("g075", M, "pod_logs", "Show the last lines of logs of a pod in a namespace.",
  {"pod": "pod name", "namespace": "namespace"}, ["kubectl logs --tail=100 -n {{namespace}} {{pod}}"],
  "option", "pod becomes --kubeconfig/--server option", ["kubectl"], {"pod": "web-1", "namespace": "prod"},
  {"pod": "--server=http://127.0.0.1:9"}, "opt('kubectl', '--server=http://127.0.0.1:9')")
T("g076", M, "pod_logs_safe", "Show the last lines of logs of a pod (pod name validated).",
  {"pod": "pod name", "namespace": "namespace"},
  ["p={{pod}}; n={{namespace}}; for v in \"${p:-}\" \"${n:-}\"; do [[ \"${v:-}\" =~ ^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$ ]] || { echo \"invalid name: ${v:-}\"; exit 1; }; done; kubectl logs --tail=100 -n \"${n:-}\" \"${p:-}\""],
  "safe", "DNS-1123 regex loop", ["kubectl"], {"pod": "web-1", "namespace": "prod"}, ok="'ok kubectl' in out")
T("g077", M, "restart_deployment", "Restart a deployment and wait for rollout.",
  {"deployment": "deployment name"}, ["kubectl rollout restart deployment/{{deployment}} -n prod", "kubectl rollout status deployment/{{deployment}} -n prod --timeout=120s"],
  "safe", "value appended to resource prefix", ["kubectl"], {"deployment": "api"}, ok="'ok kubectl' in out")
T("g078", M, "pod_list_ns", "List pods, optionally in a namespace.",
  {"namespace": "namespace"}, ["opts=\"-n {{namespace}}\"; kubectl get pods ${opts:-} -o wide"],
  "split", "options string expanded unquoted", ["kubectl"], {"namespace": "prod"},
  {"namespace": "prod --all-namespaces"}, "sep('kubectl', '--all-namespaces')")
T("g079", M, "delete_pod", "Delete one pod by name (trailing whitespace trimmed).",
  {"pod": "pod name"}, ["echo {{pod}} | tr -d '\\r' | xargs kubectl delete pod -n prod"],
  "split", "xargs word-splits the value", ["kubectl", "xargs", "tr"], {"pod": "web-1"},
  {"pod": "web-1 --all"}, "sep('kubectl', '--all')")
T("g080", M, "delete_pod_safe", "Delete one pod by name.",
  {"pod": "pod name"}, ["kubectl delete pod -n prod -- {{pod}}"],
  "safe", "-- before pod name", ["kubectl"], {"pod": "web-1"}, ok="'ok kubectl' in out")
T("g081", M, "first_pod_logs", "Show logs of the first pod of an app label.",
  {"app": "app label"}, ["kubectl get pods -l app={{app}} -o name | head -1", "kubectl logs ${CMD_0_OUTPUT} --tail=50"],
  "broken", "${CMD_0_OUTPUT} substituted by client", ["kubectl"], {"app": "web"}, check="exc is not None")
T("g082", M, "first_pod_logs_ok", "Show logs of the first pod of an app label.",
  {"app": "app label"}, ["kubectl get pods -l app={{app}} -o name | head -1", "kubectl logs \"${CMD_0_OUTPUT:-}\" --tail=50"],
  "broken", "step 2 runs in its own shell line; CMD_0_OUTPUT set but step 1 prints nothing? (checked)", ["kubectl"], {"app": "web"},
  check="False", skip=True)
T("g083", M, "helm_upgrade", "Upgrade or install a Helm release with an image tag.",
  {"release": "release name", "tag": "image tag"}, ["helm upgrade --install {{release}} ./chart --set image.tag={{tag}} -n prod"],
  "option", "release becomes --post-renderer (runs a program)", ["helm"], {"release": "api", "tag": "1.2.3"},
  {"release": "--post-renderer=/tmp/x.sh"}, "opt('helm', '--post-renderer=/tmp/x.sh')")
T("g084", M, "helm_set_value", "Set one chart value on a release (key=value).",
  {"release": "release name", "tag": "image tag"}, ["helm upgrade {{release}} ./chart --reuse-values --set \"image.tag={{tag}}\" -n prod"],
  "split", "helm --set splits on commas", ["helm"], {"release": "api", "tag": "1.2.3"},
  {"tag": "1.2.3,securityContext.privileged=true"}, "any('image.tag=1.2.3,securityContext.privileged=true' in a for a in argv('helm'))",
  skip=True)
T("g085", M, "helm_list_flags", "List Helm releases in a namespace.",
  {"namespace": "namespace"}, ["flags=(--namespace {{namespace}}); helm list ${flags[*]}"],
  "split", "array expanded unquoted with [*]", ["helm"], {"namespace": "prod"},
  {"namespace": "prod --kube-context=other"}, "sep('helm', '--kube-context=other')")
T("g086", M, "helm_list_flags_ok", "List Helm releases in a namespace.",
  {"namespace": "namespace"}, ["flags=(--namespace {{namespace}}); helm list \"${flags[@]}\""],
  "safe", "quoted array [@]", ["helm"], {"namespace": "prod"}, ok="'ok helm' in out", positional_ok=[], flag_only=[])
T("g087", M, "docker_run_job", "Run a one-off job container with a command name from the job catalog.",
  {"job": "job name"}, ["[[ {{job}} =~ ^[a-z][a-z0-9-]*$ ]] || { echo 'unknown job'; exit 1; }; docker run --rm registry.local/jobs:latest \"/jobs/{{job}}.sh\""],
  "safe", "job regex before fixed path prefix", ["docker"], {"job": "reindex"}, ok="'ok docker' in out")
T("g088", M, "docker_exec_sql", "Run a SQL statement in the database container.",
  {"sql": "SQL statement"}, ["docker exec db sh -c \"psql -U app -c '{{sql}}'\""],
  "exec", "sh -c string inside container", ["docker", "sh"], {"sql": "select 1"},
  {"sql": "x'; " + CAN + "; echo '"}, "any('" + CAN + "' in ' '.join(a) for a in argv('docker'))", skip=True)
T("g089", M, "docker_remove", "Remove a stopped container by id.",
  {"id": "container id"}, ["read -ra ids <<< {{id}}; docker rm \"${ids[@]}\""],
  "split", "read -ra splits the value", ["docker"], {"id": "3f2a"},
  {"id": "3f2a --force --volumes"}, "sep('docker', '--force')")
T("g090", M, "docker_tag_push", "Tag the local build and push it with a version.",
  {"version": "version tag"}, ["docker tag app:build \"registry.local/app:{{version}}\"", "docker push \"registry.local/app:{{version}}\""],
  "safe", "value inside image reference", ["docker"], {"version": "1.2.3"}, ok="'ok docker' in out")
T("g091", M, "docker_build_arg", "Build the image with a build argument.",
  {"arg": "build arg KEY=VALUE"}, ["docker build -t app:build --build-arg {{arg}} ."],
  "safe", "value as option operand", ["docker"], {"arg": "VERSION=1"}, ok="'ok docker' in out")
T("g092", M, "compose_logs", "Show logs of a compose service.",
  {"service": "service name"}, ["docker compose logs --tail 50 {{service}}"],
  "option", "service becomes -f/--file style option", ["docker"], {"service": "web"},
  {"service": "--file=/tmp/evil.yml"}, "opt('docker', '--file=/tmp/evil.yml')", skip=True)  # compose --file is not a logs option: unconfirmed
T("g093", M, "tf_plan_var", "Run terraform plan with an image tag variable.",
  {"tag": "image tag"}, ["terraform -chdir=infra plan -input=false -var \"image_tag={{tag}}\""],
  "safe", "value inside -var k=v", ["terraform"], {"tag": "1.2.3"}, ok="'ok terraform' in out")
T("g094", M, "tf_workspace", "Select a terraform workspace and plan.",
  {"workspace": "workspace name"}, ["terraform -chdir=infra workspace select {{workspace}}", "terraform -chdir=infra plan -input=false"],
  "option", "workspace becomes -or-create/option", ["terraform"], {"workspace": "staging"},
  {"workspace": "-chdir=/tmp"}, "opt('terraform', '-chdir=/tmp')", skip=True)  # -chdir is global-only: harm unconfirmed
T("g095", M, "tf_state_show", "Show one resource from terraform state.",
  {"address": "resource address"}, ["terraform -chdir=infra state show -- {{address}}"],
  "safe", "-- before address", ["terraform"], {"address": "aws_s3_bucket.logs"}, ok="'ok terraform' in out")
T("g096", M, "s3_upload", "Upload a build artifact to the releases bucket.",
  {"file": "local file"}, ["aws s3 cp {{file}} s3://acme-releases/ --only-show-errors"],
  "option", "file becomes --endpoint-url", ["aws"], {"file": "app.tgz"},
  {"file": "--endpoint-url=http://127.0.0.1:9"}, "opt('aws', '--endpoint-url=http://127.0.0.1:9')")
T("g097", M, "s3_list_prefix", "List objects under a prefix of the releases bucket.",
  {"prefix": "key prefix"}, ["aws s3 ls \"s3://acme-releases/{{prefix}}\""],
  "safe", "value inside s3:// URL", ["aws"], {"prefix": "v1/"}, ok="'ok aws' in out")
T("g098", M, "gcloud_ssh_cmd", "Run a diagnostic command on a VM through gcloud compute ssh.",
  {"vm": "VM name", "check": "one of disk, mem, load"},
  ["case {{check}} in disk) c='df -h';; mem) c='free -m';; load) c=uptime;; *) echo 'unknown check'; exit 1;; esac; gcloud compute ssh {{vm}} --zone europe-west1-b --command=\"${c:-}\""],
  "option", "vm name becomes an option (--ssh-flag)", ["gcloud"], {"vm": "web-1", "check": "disk"},
  {"vm": "--ssh-flag=-oProxyCommand=x"}, "opt('gcloud', '--ssh-flag=-oProxyCommand=x')")
T("g099", M, "service_status", "Show systemd status of a unit.",
  {"unit": "unit name"}, ["systemctl status --no-pager {{unit}}"],
  "option", "unit becomes -H/--host option", ["systemctl"], {"unit": "nginx.service"},
  {"unit": "--host=root@127.0.0.1"}, "opt('systemctl', '--host=root@127.0.0.1')")
T("g100", M, "service_restart", "Restart an allowed service (nginx, api, worker).",
  {"unit": "nginx, api or worker"},
  ["case {{unit}} in nginx|api|worker) systemctl restart -- \"{{unit}}.service\" && systemctl is-active -- \"{{unit}}.service\";; *) echo 'not allowed';; esac"],
  "safe", "case allow-list", ["systemctl"], {"unit": "api"}, ok="'ok systemctl' in out")
T("g101", M, "unit_journal", "Show journal lines of a unit since a time.",
  {"unit": "unit name", "since": "time like '1 hour ago'"}, ["journalctl --no-pager -u {{unit}} --since {{since}} -n 200"],
  "safe", "values as option operands", ["journalctl"], {"unit": "nginx", "since": "1 hour ago"}, ok="'ok journalctl' in out")
T("g102", M, "registry_copy", "Copy an image between registries with skopeo.",
  {"image": "image name:tag"}, ["skopeo copy \"docker://registry.local/{{image}}\" \"docker://mirror.local/{{image}}\""],
  "safe", "value inside transport URLs", ["skopeo"], {"image": "app:1.0"}, ok="'ok skopeo' in out")
T("g103", M, "kustomize_build", "Render a kustomize overlay.",
  {"overlay": "overlay directory under overlays/"}, ["kustomize build \"overlays/{{overlay}}\" | head -100"],
  "safe", "read-only render of path", ["kustomize"], {"overlay": "prod"}, ok="'ok kustomize' in out")
T("g104", M, "podman_inspect", "Inspect a container with a Go template field.",
  {"container": "container", "field": "field like .State.Status"}, ["podman inspect --format \"{{{{{field}}}}}\" {{container}}"],
  "broken", "braces around placeholder", ["podman"], {"container": "web", "field": ".State.Status"},
  check="False", skip=True)
T("g105", M, "kube_exec_env", "Print one environment variable inside a pod.",
  {"pod": "pod", "var": "variable name"}, ["kubectl exec {{pod}} -- printenv {{var}}"],
  "option", "pod name before -- becomes --server/--kubeconfig", ["kubectl"], {"pod": "web-1", "var": "HOME"},
  {"pod": "--server=http://127.0.0.1:9"}, "opt('kubectl', '--server=http://127.0.0.1:9')")

# =====================================================================================
# shell_helpers: bash builtins and idioms
# =====================================================================================
M = "shell_helpers"
T("g106", M, "set_config_var", "Store a value in a named shell variable of the generated config and print it.",
  {"name": "variable name", "value": "value"}, ["printf -v {{name}} '%s' {{value}} && declare -p {{name}} 2>/dev/null | cut -d' ' -f3-"],
  "exec", "printf -v with array subscript", ["bash"], {"name": "APP_MODE", "value": "prod"},
  {"name": "a[$(" + CAN + ")]"}, "canary()", ok="'prod' in out")
T("g107", M, "set_config_var_checked", "Store a value in a config variable (name validated) and print the line.",
  {"name": "variable name", "value": "value"},
  ["n={{name}}; [[ \"${n:-}\" =~ ^[A-Z][A-Z0-9_]*$ ]] || { echo 'invalid name'; exit 1; }; printf '%s=%q\\n' \"${n:-}\" {{value}}"],
  "safe", "regex guard then printf %q", ["bash"], {"name": "APP_MODE", "value": "prod"}, ok="'APP_MODE=prod' in out")
T("g108", M, "retry_count_ok", "Check a retry count is within limits.",
  {"retries": "retry count"}, ["if [[ {{retries}} -le 5 ]]; then echo accepted; else echo 'too many'; fi"],
  "exec", "[[ -le ]] arithmetic on value", ["bash"], {"retries": "3"}, {"retries": "a[$(" + CAN + ")]"}, "canary()", ok="'accepted' in out")
T("g109", M, "retry_count_ok_regex", "Check a retry count is within limits (digits only).",
  {"retries": "retry count"},
  ["r={{retries}}; if [[ \"${r:-}\" =~ ^[0-9]{1,3}$ ]] && (( 10#${r:-0} <= 5 )); then echo accepted; else echo 'too many or invalid'; fi"],
  "safe", "regex before (( ))", ["bash"], {"retries": "3"}, ok="'accepted' in out")
T("g110", M, "suggest_env", "Suggest completions among a list of environment names for a prefix.",
  {"names": "space separated environment names", "prefix": "prefix"}, ["compgen -W \"{{names}}\" -- {{prefix}}"],
  "exec", "compgen -W word list is expanded", ["bash"], {"names": "dev staging prod", "prefix": "st"},
  {"names": "dev $(" + CAN + ")"}, "canary()", ok="'staging' in out")
T("g111", M, "suggest_env_grep", "Suggest environment names starting with a prefix.",
  {"names": "space separated environment names", "prefix": "prefix"},
  ["printf '%s\\n' {{names}} | tr ' ' '\\n' | grep -F -- {{prefix}} | sort -u"],
  "safe", "tr/grep instead of compgen", ["tr", "grep", "sort"], {"names": "dev staging prod", "prefix": "st"}, ok="'staging' in out")
T("g112", M, "with_cleanup_msg", "Run the report job and print a custom message when it exits.",
  {"message": "exit message"}, ["trap \"echo {{message}}\" EXIT; echo running report"],
  "exec", "trap string evaluated at exit", ["bash"], {"message": "done"}, {"message": "x; " + CAN}, "canary()", ok="'done' in out")
T("g113", M, "with_cleanup_msg_ok", "Run the report job and print a custom message when it exits.",
  {"message": "exit message"}, ["msg={{message}}; trap 'printf \"%s\\n\" \"${msg:-}\"' EXIT; echo running report"],
  "safe", "trap with single-quoted body referencing variable", ["bash"], {"message": "done"}, ok="'done' in out")
T("g114", M, "declare_setting", "Declare a setting NAME=VALUE for the session and echo it.",
  {"assignment": "NAME=VALUE"}, ["declare {{assignment}} && echo ok"],
  "exec", "declare with subscript assignment", ["bash"], {"assignment": "MODE=fast"},
  {"assignment": "a[$(" + CAN + ")]=1"}, "canary()", ok="'ok' in out")
T("g115", M, "read_first_field", "Read the first whitespace-separated field of a line into a variable and print it.",
  {"line": "input line", "var": "variable name"}, ["read -r {{var}} _ <<< {{line}}; declare -p {{var}} | cut -d= -f2-"],
  "exec", "read into a subscripted name", ["bash"], {"line": "alpha beta", "var": "FIRST"},
  {"var": "a[$(" + CAN + ")]"}, "canary()", ok="'alpha' in out")
T("g116", M, "read_first_field_ok", "Print the first whitespace-separated field of a line.",
  {"line": "input line"}, ["read -r first _ <<< {{line}}; printf '%s\\n' \"${first:-}\""],
  "safe", "read into a fixed name", ["bash"], {"line": "alpha beta"}, ok="out.strip()=='alpha'")
T("g117", M, "let_offset", "Compute a page offset from page and size.",
  {"page": "page number", "size": "page size"}, ["let \"off = ({{page}} - 1) * {{size}}\"; echo \"${off:-0}\""],
  "exec", "let arithmetic on value", ["bash"], {"page": "3", "size": "20"}, {"page": "a[$(" + CAN + ")]"}, "canary()", ok="'40' in out")
T("g118", M, "quoted_eval_list", "List files of a directory using a prepared command (quoted with printf %q).",
  {"dir": "directory"}, ["cmd=\"ls -1 -- $(printf '%q' {{dir}})\"; eval \"${cmd:-}\""],
  "safe", "eval with printf %q", ["bash", "ls"], {"dir": "sub"}, ok="'f1' in out", setup="mkdir sub; touch sub/f1", wd=W)
T("g119", M, "eval_list", "List files of a directory using a prepared command.",
  {"dir": "directory"}, ["cmd=\"ls -1 -- {{dir}}\"; eval \"${cmd:-}\""],
  "exec", "eval of a string holding the value", ["bash", "ls"], {"dir": "sub"}, {"dir": "sub; " + CAN}, "canary()", setup="mkdir sub; touch sub/f1", wd=W, ok="'f1' in out")
T("g120", M, "map_lines", "Number the lines of a file, calling back every N lines.",
  {"file": "file", "every": "callback interval"}, ["mapfile -t -c {{every}} -C 'printf \"%s \" ' lines < {{file}}; echo; echo \"${#lines[@]} lines\""],
  "safe", "mapfile with fixed callback", ["bash"], {"file": "people.csv", "every": "1"}, ok="'4 lines' in out", setup=CSV, wd=W)
T("g121", M, "source_profile", "Set a profile value in .env and show the resulting environment value.",
  {"value": "profile value"}, ["echo \"export PROFILE={{value}}\" > .env; . ./.env; echo \"profile=${PROFILE:-}\""],
  "exec", "value written to a file then sourced", ["bash"], {"value": "blue"}, {"value": "x; " + CAN}, "canary()", wd=W, ok="'profile=blue' in out")
T("g122", M, "source_profile_q", "Set a profile value in .env (shell-quoted) and show the value.",
  {"value": "profile value"}, ["printf 'export PROFILE=%q\\n' {{value}} > .env; . ./.env; echo \"profile=${PROFILE:-}\""],
  "safe", "printf %q when writing a sourced file", ["bash"], {"value": "blue"}, ok="'profile=blue' in out", wd=W)
T("g123", M, "for_each_host", "Ping-check each host of a comma separated list.",
  {"hosts": "comma separated hosts"}, ["IFS=, read -ra hs <<< {{hosts}}; for h in \"${hs[@]}\"; do echo \"check ${h:-}\"; done"],
  "safe", "IFS read -ra split by design, quoted use", ["bash"], {"hosts": "a,b"}, ok="'check b' in out")
T("g124", M, "greet_fn", "Format a greeting line via a helper function.",
  {"name": "name"}, ["greet() { printf 'Hello, %s!\\n' \"$1\"; }; greet {{name}}"],
  "broken", "$1 inside function substituted by client", ["bash"], {"name": "Ann"}, check="exc is not None")
T("g125", M, "greet_fn_ok", "Format a greeting line via a helper function.",
  {"name": "name"}, ["greet() { printf 'Hello, %s!\\n' \"${@:1:1}\"; }; greet {{name}}"],
  "safe", "function arg via ${@:1:1}", ["bash"], {"name": "Ann"}, ok="'Hello, Ann!' in out")
T("g126", M, "define_then_use", "Define a logging helper and use it to log a message.",
  {"message": "message"}, ["log_line() { printf '[%s] %s\\n' \"$(date +%H:%M)\" \"${*:-}\"; }", "log_line {{message}}"],
  "broken", "function defined in another step's subshell", ["bash", "date"], {"message": "hello"}, check="'command not found' in out")
T("g127", M, "cd_then_list", "Enter the site directory and list its content pages.",
  {"section": "section name"}, ["cd site", "ls -1 content/{{section}}"],
  "broken", "cd in an earlier step does not persist", ["ls"], {"section": "blog"}, check="'No such file' in out",
  setup="mkdir -p site/content/blog && touch site/content/blog/post.md", wd=W)
T("g128", M, "dir_size_comment", "Show the size of a directory.",
  {"dir": "directory"}, ["du -sh -- {{dir}} # human readable size"],
  "broken", "trailing comment swallows the runtime's closing paren", ["du"], {"dir": "."}, check="'unexpected' in out or 'syntax' in out or exc is not None")
T("g129", M, "ansi_banner", "Print a release banner with the version in quotes.",
  {"version": "version"}, ["printf $'Release \\'{{version}}\\' ready\\n'"],
  "broken", "$'..\\'..' misread by quote tracker", ["printf"], {"version": "1.2"}, check="'1.2' not in out")
T("g130", M, "tag_line", "Print a tag line for a version.",
  {"version": "version"}, ["echo \"Tag: $(printf '%s' 'v{{version}}')\""],
  "broken", "single quotes inside $( ) inside double quotes", ["printf"], {"version": "1.2"}, check="'v1.2' not in out")
T("g131", M, "random_suffix", "Create a scratch file name with a random suffix for a job.",
  {"job": "job name"}, ["echo \"{{job}}-$RANDOM.tmp\""],
  "broken", "$RANDOM substituted by client", ["bash"], {"job": "etl"}, check="exc is not None")
T("g132", M, "word_count_files", "Count words in the files of a directory.",
  {"dir": "directory"}, ["wc -w $(dirname {{dir}}/x)/*"],
  "split", "unquoted $(dirname ...) splits", ["wc", "dirname"], {"dir": "docs"},
  {"dir": "docs sub"}, "'docs: Is a directory' in out and 'sub/s.txt' in out", setup="mkdir docs sub; echo a b > docs/a.txt; echo c > sub/s.txt", wd=W, ok="'a.txt' in out")
T("g133", M, "param_typo", "Count lines of a log file.",
  {"file_name": "log file"}, ["wc -l < UTCP_ARG_filename_UTCP_END"],
  "broken", "placeholder name does not match the input", ["wc"], {"file_name": "people.csv"},
  check="'MISSING_ARG' in out or 'No such' in out", setup=CSV, wd=W)
T("g134", M, "param_hyphen", "Count lines of a log file.",
  {"log-file": "log file"}, ["wc -l < UTCP_ARG_log-file_UTCP_END"],
  "broken", "hyphen in placeholder name is not substituted", ["wc"], {"log-file": "people.csv"},
  check="'No such' in out or 'UTCP_ARG' in out", setup=CSV, wd=W)

# =====================================================================================
# media_docs: documents, media, text formatting
# =====================================================================================
M = "media_docs"
T("g135", M, "md_to_html", "Convert a Markdown file to HTML with pandoc.",
  {"input": "Markdown file"}, ["pandoc --standalone {{input}} -o out.html && echo converted"],
  "option", "input becomes --lua-filter (runs Lua)", ["pandoc"], {"input": "README.md"},
  {"input": "--lua-filter=/tmp/evil.lua"}, "opt('pandoc', '--lua-filter=/tmp/evil.lua')")
T("g136", M, "md_to_html_safe", "Convert a Markdown file to HTML with pandoc (-- guarded).",
  {"input": "Markdown file"}, ["pandoc --standalone -o out.html -- {{input}} && echo converted"],
  "safe", "pandoc with --", ["pandoc"], {"input": "README.md"}, ok="'converted' in out")
T("g137", M, "md_title_env", "Convert Markdown to HTML with a document title (via env -S).",
  {"title": "document title"}, ["env -S \"pandoc --metadata=title:{{title}} README.md -o out.html\""],
  "split", "env -S splits the string", ["env", "pandoc"], {"title": "Guide"},
  {"title": "Guide --lua-filter=/tmp/evil.lua"}, "sep('pandoc', '--lua-filter=/tmp/evil.lua')")
T("g138", M, "pdf_compress", "Recompress a PDF with Ghostscript (SAFER mode).",
  {"input": "PDF file"}, ["gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -dPDFSETTINGS=/ebook -sOutputFile=small.pdf {{input}}"],
  "option", "input becomes -dNOSAFER", ["gs"], {"input": "doc.pdf"},
  {"input": "-dNOSAFER"}, "opt('gs', '-dNOSAFER')")
T("g139", M, "pdf_compress_safe", "Recompress a PDF with Ghostscript (SAFER mode, input checked).",
  {"input": "PDF file"},
  ["f={{input}}; case \"${f:-}\" in -*|'') echo 'invalid file'; exit 1;; esac; [ -f \"${f:-}\" ] || { echo 'no such file'; exit 1; }; gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -sOutputFile=small.pdf \"${f:-}\""],
  "safe", "leading-dash and existence guard", ["gs"], {"input": "doc.pdf"}, ok="'ok gs' in out", setup="echo %PDF > doc.pdf", wd=W)
T("g140", M, "audio_extract", "Extract the audio track of a video starting at a timestamp.",
  {"input": "video file", "start": "start time"}, ["ffmpeg -hide_banner -y -ss {{start}} -i {{input}} -vn -acodec copy audio.aac"],
  "safe", "values as option operands", ["ffmpeg"], {"input": "v.mp4", "start": "00:00:05"}, ok="'ok ffmpeg' in out")
T("g141", M, "video_thumbnail", "Write a thumbnail of a video to thumbs/<name>.png.",
  {"input": "video file", "name": "thumbnail name"}, ["ffmpeg -hide_banner -y -i {{input}} -frames:v 1 {{name}}.png"],
  "option", "output name becomes an option", ["ffmpeg"], {"input": "v.mp4", "name": "t1"},
  {"name": "-report"}, "opt('ffmpeg', '-report.png') or opt('ffmpeg', '-report')", skip=True)
T("g142", M, "image_meta", "Show metadata of an image as JSON.",
  {"file": "image file"}, ["exiftool -json -- {{file}}"],
  "safe", "exiftool with --", ["exiftool"], {"file": "a.jpg"}, ok="'ok exiftool' in out")
T("g143", M, "edit_replace_vim", "Replace a word in a text file with vim in ex mode.",
  {"file": "file", "old": "word to replace", "new": "replacement"},
  ["vim -es -u NONE -c '%s/{{old}}/{{new}}/g' -c 'wq' -- {{file}} && cat {{file}}"],
  "exec", "value in vim ex command (| !cmd)", ["vim"], {"file": "n.txt", "old": "foo", "new": "bar"},
  {"new": "x/g|!" + CAN + ";:"}, "canary()", setup="echo foo > n.txt", wd=W, ok="'bar' in out")
T("g144", M, "wrap_text", "Wrap a text file to a given width.",
  {"file": "file", "width": "column width"}, ["fold -s -w {{width}} -- {{file}}"],
  "safe", "fold with --", ["fold"], {"file": "n.txt", "width": "20"}, ok="'lorem' in out", setup="echo lorem ipsum dolor sit amet consectetur > n.txt", wd=W)
T("g145", M, "paginate", "Paginate a text file with a header for printing.",
  {"file": "file", "header": "page header"}, ["pr -h {{header}} -l 30 -- {{file}} | head -20"],
  "safe", "pr header operand", ["pr"], {"file": "n.txt", "header": "Report"}, ok="'Report' in out", setup="echo lorem > n.txt", wd=W)
T("g146", M, "number_lines", "Number the lines of a file.",
  {"file": "file"}, ["nl -ba {{file}}"],
  "safe", "nl options are harmless", ["nl"], {"file": "n.txt"}, ok="'1' in out", setup="echo lorem > n.txt", wd=W)
T("g147", M, "encode_b64", "Base64-encode a file.",
  {"file": "file"}, ["base64 -w0 {{file}}"],
  "safe", "base64 has no harmful options", ["base64"], {"file": "n.txt"}, ok="'bG9yZW0K' in out", setup="echo lorem > n.txt", wd=W)
T("g148", M, "file_type", "Detect the type of a file.",
  {"file": "file"}, ["file -b -- {{file}}"],
  "safe", "file with --", ["file"], {"file": "n.txt"}, ok="'text' in out", setup="echo lorem > n.txt", wd=W)
T("g149", M, "render_page_template", "Render the page template with a site name.",
  {"site": "site name"}, ["SITE_NAME={{site}} envsubst '$SITE_NAME' < page.tpl"],
  "broken", "envsubst variable list substituted by client", ["envsubst"], {"site": "Docs"}, check="exc is not None",
  setup="echo 'Welcome to ${SITE_NAME}' > page.tpl", wd=W)
T("g150", M, "render_page_sed", "Render the page template with a site name.",
  {"site": "site name"}, ["sed \"s/@SITE@/{{site}}/g\" page.tpl"],
  "exec", "value inside sed replacement (e flag)", ["sed"], {"site": "Docs"},
  {"site": "x/e\n1e " + CAN + "\n#"}, "canary()", setup="echo 'Welcome to @SITE@' > page.tpl", wd=W, ok="'Welcome to Docs' in out", skip=False)
T("g151", M, "render_page_awk", "Render the page template with a site name (awk index/substr).",
  {"site": "site name"},
  ["SITE={{site}} awk 'BEGIN { s = ENVIRON[\"SITE\"] } { while ((i = index(x = $0 \"\", \"@SITE@\")) > 0) {} print }' page.tpl"],
  "broken", "awk $0 substituted by client", ["awk"], {"site": "Docs"}, check="exc is not None", setup="echo 'Welcome to @SITE@' > page.tpl", wd=W)
T("g152", M, "heading_py", "Print a Markdown heading for a title (Python).",
  {"title": "title"}, ["python3 -c \"print('# ' + '{{title}}'.strip().title())\""],
  "exec", "value inside python -c string", ["python3"], {"title": "install guide"},
  {"title": "x'+__import__('os').system('" + CAN + "').__str__()+'"}, "canary()", ok="'# Install Guide' in out")
T("g153", M, "heading_py_argv", "Print a Markdown heading for a title (Python, argv).",
  {"title": "title"}, ["python3 -c 'import sys; print(\"# \" + sys.argv[1].strip().title())' {{title}}"],
  "safe", "value via sys.argv", ["python3"], {"title": "install guide"}, ok="'# Install Guide' in out")
T("g154", M, "slugify_heredoc", "Make a URL slug from a title (Python heredoc).",
  {"title": "title"}, ["python3 - <<EOF\nimport re\nprint(re.sub(r'[^a-z0-9]+', '-', \"{{title}}\".lower()).strip('-'))\nEOF"],
  "exec", "value inside unquoted heredoc code", ["python3"], {"title": "Install Guide"},
  {"title": "x\"+__import__('os').system('" + CAN + "').__str__()+\""}, "canary()", ok="'install-guide' in out")
T("g155", M, "slugify_quoted_heredoc", "Make a URL slug from a title (Python quoted heredoc).",
  {"title": "title"}, ["python3 - <<'PY'\nimport re\nprint(re.sub(r'[^a-z0-9]+', '-', \"{{title}}\".lower()).strip('-'))\nPY"],
  "broken", "placeholder inside quoted heredoc is never expanded", ["python3"], {"title": "Install Guide"}, check="'install-guide' not in out")
T("g156", M, "slugify_env", "Make a URL slug from a title (value via environment).",
  {"title": "title"}, ["TITLE={{title}} python3 -c 'import os,re; print(re.sub(r\"[^a-z0-9]+\", \"-\", os.environ[\"TITLE\"].lower()).strip(\"-\"))'"],
  "safe", "value via environment to python", ["python3"], {"title": "Install Guide"}, ok="'install-guide' in out")
T("g157", M, "js_title_case", "Title-case a string with Node.",
  {"text": "text"}, ["node -e \"console.log('{{text}}'.replace(/\\b\\w/g, c => c.toUpperCase()))\""],
  "exec", "value inside node -e code", ["node"], {"text": "hello world"},
  {"text": "x');require('child_process').execSync('" + CAN + "');('"}, "canary()", ok="'Hello World' in out")
T("g158", M, "js_title_case_argv", "Title-case a string with Node (argv).",
  {"text": "text"}, ["node -e 'console.log(process.argv[1].replace(/\\b\\w/g, c => c.toUpperCase()))' -- {{text}}"],
  "safe", "value via process.argv", ["node"], {"text": "hello world"}, ok="'Hello World' in out")
T("g159", M, "grep_perl", "Print lines matching a Perl regex.",
  {"file": "file", "regex": "regex"}, ["perl -ne 'print if /{{regex}}/' -- {{file}}"],
  "exec", "value inside perl code (sq tracker)", ["perl"], {"file": "n.txt", "regex": "lor"},
  {"regex": "x/; system(\"" + CAN + "\"); /x"}, "canary()", setup="echo lorem > n.txt", wd=W, ok="'lorem' in out")
T("g160", M, "first_column_perl", "Print the first column of a whitespace-separated file.",
  {"file": "file"}, ["perl -lane 'print $F[0]' -- {{file}}"],
  "broken", "perl $F substituted by client", ["perl"], {"file": "n.txt"}, check="exc is not None", setup="echo a b > n.txt", wd=W)
T("g161", M, "awk_banner", "Print a banner line with a title using awk.",
  {"title": "title"}, ["awk \"BEGIN { printf \\\"== %s ==\\\\n\\\", \\\"{{title}}\\\" }\""],
  "exec", "value inside awk program text", ["awk"], {"title": "Docs"},
  {"title": "x\"; system(\"" + CAN + "\"); printf \"" }, "canary()", ok="'== Docs ==' in out")
T("g162", M, "awk_banner_v", "Print a banner line with a title using awk -v.",
  {"title": "title"}, ["awk -v t={{title}} 'BEGIN { printf \"== %s ==\\n\", t }'"],
  "safe", "awk -v (escape processing only)", ["awk"], {"title": "Docs"}, ok="'== Docs ==' in out",
  extra_hostile=["x\"; system(\"touch /tmp/blindG_canary_{id}\"); \"", "x\\\"; system(\\\"touch /tmp/blindG_canary_{id}\\\")"])

# =====================================================================================
# backups_db: backups, archives, database maintenance
# =====================================================================================
M = "backups_db"
DATA = "mkdir -p data backups restore && echo row > data/a.csv && tar -czf backups/latest.tgz data"
T("g163", M, "restore_member", "Restore one member of the latest backup archive into restore/.",
  {"member": "archive member path"}, ["tar -xzf backups/latest.tgz -C restore {{member}} && ls -R restore"],
  "exec", "member becomes --to-command", ["tar"], {"member": "data/a.csv"},
  {"member": "--to-command=" + CAN}, "canary()", setup=DATA, wd=W, ok="'a.csv' in out")
T("g164", M, "restore_member_safe", "Restore one member of the latest backup archive into restore/ (-- guarded).",
  {"member": "archive member path"}, ["tar -xzf backups/latest.tgz -C restore -- {{member}} && ls -R restore"],
  "safe", "tar -- before member", ["tar"], {"member": "data/a.csv"}, ok="'a.csv' in out", setup=DATA, wd=W)
T("g165", M, "backup_labeled", "Create backups/<label>.tgz from data/.",
  {"label": "backup label"}, ["tar -czf \"backups/{{label}}.tgz\" data && ls backups"],
  "write", "archive path escapes backups/", ["tar"], {"label": "nightly"},
  {"label": TRAV}, "exists('/tmp/blindG_trav_{id}.tgz')", setup=DATA, wd=W)
T("g166", M, "backup_labeled_dated", "Create backups/<date>-<label>.tgz from data/ (label validated).",
  {"label": "backup label"},
  ["l={{label}}; [[ \"${l:-}\" =~ ^[a-z0-9-]{1,32}$ ]] || { echo 'invalid label'; exit 1; }; tar -czf \"backups/$(date +%F)-${l:-}.tgz\" data && ls backups"],
  "safe", "label regex guard", ["tar", "date"], {"label": "nightly"}, ok="'nightly.tgz' in out", setup=DATA, wd=W)
T("g167", M, "locked_backup", "Back up a directory under an exclusive lock.",
  {"dir": "directory to back up"}, ["flock /tmp/blindG_wd/backup.lock -c \"tar -czf backups/locked.tgz {{dir}}\" && ls backups"],
  "exec", "flock -c string holds the value", ["flock", "tar"], {"dir": "data"},
  {"dir": "data; " + CAN}, "canary()", setup=DATA, wd=W, ok="'locked.tgz' in out")
T("g168", M, "locked_backup_safe", "Back up a directory under an exclusive lock.",
  {"dir": "directory to back up"}, ["flock /tmp/blindG_wd/backup.lock tar -czf backups/locked.tgz -- {{dir}} && ls backups"],
  "safe", "flock with argv command", ["flock", "tar"], {"dir": "data"}, ok="'locked.tgz' in out", setup=DATA, wd=W)
T("g169", M, "sqlite_backup_to", "Online backup of app.db to the given file name under backups/.",
  {"name": "backup file name"}, ["cd backups && sqlite3 ../app.db \".backup {{name}}\" && ls"],
  "write", "sqlite .backup path escapes backups/", ["sqlite3"], {"name": "app-1.db"},
  {"name": "/tmp/blindG_trav_{id}"}, "exists('/tmp/blindG_trav_{id}')", setup=DB + "; mkdir backups", wd=W)
T("g170", M, "sqlite_vacuum_into", "Write a compacted copy of app.db named backups/<name>.db.",
  {"name": "copy name"},
  ["n={{name}}; case \"${n:-}\" in ''|*[!A-Za-z0-9_-]*) echo 'invalid name'; exit 1;; esac; sqlite3 app.db \"vacuum into 'backups/${n:-}.db'\" && ls backups"],
  "safe", "charset guard before SQL path", ["sqlite3"], {"name": "compact"}, ok="'compact.db' in out", setup=DB + "; mkdir backups", wd=W)
T("g171", M, "clear_log", "Truncate a log file under logs/.",
  {"name": "log name"}, ["truncate -s 0 \"logs/{{name}}.log\" && ls -l logs"],
  "write", "truncate path escapes logs/", ["truncate"], {"name": "app"},
  {"name": TRAV}, "exists('/tmp/blindG_trav_{id}.log')", setup="mkdir logs; echo x > logs/app.log", wd=W)
T("g172", M, "shred_temp", "Securely delete a temporary export under tmp/.",
  {"name": "file name"}, ["shred -u \"tmp/{{name}}\" && echo removed"],
  "write", "shred path escapes tmp/", ["shred"], {"name": "export.csv"},
  {"name": TRAV}, "not exists('/tmp/blindG_trav_{id}') and 'removed' in out", setup="mkdir tmp; echo x > tmp/export.csv; echo keep > /tmp/blindG_trav_{id}", wd=W)
T("g173", M, "image_copy", "Copy a disk image to the backup volume with dd.",
  {"src": "source image"}, ["dd if={{src}} of=backups/disk.img bs=64k status=none && ls backups"],
  "safe", "dd operand if=VALUE stays one operand", ["dd"], {"src": "disk.img"}, ok="'disk.img' in out", setup="mkdir backups; head -c 1000 /dev/zero > disk.img", wd=W)
T("g174", M, "image_write_to", "Write the golden image to a target file with dd.",
  {"dest": "target file"}, ["dd if=golden.img of={{dest}} bs=64k status=none && echo written"],
  "write", "dd of= from argument", ["dd"], {"dest": "vm1.img"},
  {"dest": "/tmp/blindG_trav_{id}"}, "exists('/tmp/blindG_trav_{id}')", setup="head -c 1000 /dev/zero > golden.img", wd=W)
T("g175", M, "compress_lz4", "Compress a file with lz4 into the given output file.",
  {"input": "input file", "output": "output name under out/"}, ["mkdir -p out && lz4 -q -f {{input}} \"out/{{output}}\" && ls out"],
  "write", "lz4 output path escapes out/", ["lz4"], {"input": "data.bin", "output": "data.lz4"},
  {"output": TRAV}, "exists('/tmp/blindG_trav_{id}')", setup="echo x > data.bin", wd=W)
T("g176", M, "compress_zstd", "Compress a file with zstd (level 19), keeping the original.",
  {"file": "file"}, ["zstd -q -19 -k -f -- {{file}} && ls"],
  "safe", "zstd with --", ["zstd"], {"file": "data.bin"}, ok="'data.bin.zst' in out", setup="echo x > data.bin", wd=W)
T("g177", M, "xz_list", "Show information about an .xz archive.",
  {"file": "archive"}, ["xz --robot --list -- {{file}}"],
  "safe", "xz with --", ["xz"], {"file": "d.xz"}, ok="'totals' in out", setup="echo x | xz > d.xz", wd=W)
T("g178", M, "rsync_backup", "Mirror a directory to the backup host path.",
  {"src": "source directory"}, ["rsync -a --delete {{src}} backup@127.0.0.1:/srv/backup/"],
  "option", "src becomes --rsh/-e option", ["rsync"], {"src": "data/"},
  {"src": "--rsh=sh -c 'id'"}, "opt('rsync', \"--rsh=sh -c 'id'\")")
T("g179", M, "rsync_backup_safe", "Mirror a directory to the backup host path (-- guarded, local path forced).",
  {"src": "source directory"}, ["rsync -a --delete -- \"./{{src}}\" backup@127.0.0.1:/srv/backup/"],
  "safe", "./ prefix and --", ["rsync"], {"src": "data/"}, ok="'ok rsync' in out")
T("g180", M, "restic_snapshot", "Back up a path with restic.",
  {"path": "path to back up"}, ["restic -r /srv/restic --password-file /etc/restic.pass backup {{path}}"],
  "option", "path becomes --password-command", ["restic"], {"path": "/srv/data"},
  {"path": "--password-command=id"}, "opt('restic', '--password-command=id')")
T("g181", M, "borg_archive", "Create a borg archive with a name.",
  {"name": "archive name"}, ["borg create --stats \"/srv/borg::{{name}}\" /srv/data"],
  "safe", "value inside repo::archive", ["borg"], {"name": "daily-1"}, ok="'ok borg' in out")
T("g182", M, "pg_dump_db", "Dump a database in custom format to backups/<db>.dump.",
  {"db": "database name"}, ["pg_dump -Fc -f \"backups/{{db}}.dump\" {{db}}"],
  "option", "db name becomes -f/--file", ["pg_dump"], {"db": "app"},
  {"db": "--file=/tmp/blindG_x.dump"}, "opt('pg_dump', '--file=/tmp/blindG_x.dump')")
T("g183", M, "pg_dump_table", "Dump one table of the app database.",
  {"table": "table name"}, ["cmd=\"pg_dump --table={{table}} app\"; ${cmd:-}"],
  "split", "command string expanded unquoted", ["pg_dump"], {"table": "users"},
  {"table": "users -f /tmp/x.sql"}, "sep('pg_dump', '-f')")
T("g184", M, "pg_dump_table_ok", "Dump one table of the app database.",
  {"table": "table name"}, ["cmd=(pg_dump \"--table={{table}}\" app); \"${cmd[@]}\""],
  "safe", "command held in an array", ["pg_dump"], {"table": "users"}, ok="'dump' in out")
T("g185", M, "psql_count", "Count rows of a table in the app database.",
  {"table": "table name"}, ["psql -d app -At -c \"select count(*) from {{table}}\""],
  "safe", "SQL value (psql stubbed; not shell)", ["psql"], {"table": "users"}, ok="'ok psql' in out", skip=True)
T("g186", M, "redis_get", "Read a cache key from the local Redis.",
  {"key": "cache key"}, ["redis-cli -h 127.0.0.1 --raw GET {{key}}"],
  "safe", "argument after command name", ["redis-cli"], {"key": "session:1"}, ok="'ok redis-cli' in out", positional_ok=["redis-cli"])
T("g187", M, "ldap_user", "Look up a user's name and mail in LDAP.",
  {"user": "uid"}, ["user=$(echo {{user}} | tr -d '\\r'); ldapsearch -x -LLL \"uid=${user:-}\" cn mail"],
  "safe", "trimmed value quoted", ["ldapsearch", "tr"], {"user": "ann"}, ok="'ok ldapsearch' in out")
T("g188", M, "ldap_user_trim", "Look up a user's name and mail in LDAP.",
  {"user": "uid"}, ["user=$(echo {{user}} | tr -d '\\r'); ldapsearch -x -LLL uid=${user:-} cn mail"],
  "split", "trimmed value expanded unquoted", ["ldapsearch", "tr"], {"user": "ann"},
  {"user": "* userPassword"}, "sep('ldapsearch', 'userPassword')")
T("g189", M, "mongo_dump_coll", "Dump one MongoDB collection.",
  {"collection": "collection"}, ["mongodump --db app --collection {{collection}} --out dumps/"],
  "safe", "value as option operand", ["mongodump"], {"collection": "users"}, ok="'ok mongodump' in out")
T("g190", M, "backup_home_tar", "Archive the service home into the backups folder.",
  {"name": "archive name"}, ["tar -czf ${HOME}/backups/{{name}}.tgz data"],
  "broken", "${HOME} substituted by client", ["tar"], {"name": "home"}, check="exc is not None", setup=DATA, wd=W)
T("g191", M, "compress_logs_loop", "Compress all .log files in a directory.",
  {"dir": "directory"}, ["for f in {{dir}}/*.log; do gzip -k \"$f\"; done; ls {{dir}}"],
  "broken", "$f substituted by client", ["gzip"], {"dir": "logs"}, check="exc is not None", setup="mkdir logs; echo x > logs/a.log", wd=W)
T("g192", M, "compress_logs_loop_ok", "Compress all .log files in a directory.",
  {"dir": "directory"}, ["for f in {{dir}}/*.log; do gzip -kf -- \"${f:-}\"; done; ls {{dir}}"],
  "safe", "${f:-} survives client substitution", ["gzip"], {"dir": "logs"}, ok="'a.log.gz' in out", setup="mkdir logs; echo x > logs/a.log", wd=W,
  safe_check="glob('/tmp/blindG_trav_{id}*')")
T("g193", M, "gzip_files", "Compress the named file in the exports directory (name trimmed).",
  {"file": "file name"}, ["cd exports && printf '%s\\n' {{file}} | xargs gzip -kf && ls"],
  "split", "xargs splits the value into several files", ["gzip", "xargs"], {"file": "part1"},
  {"file": "part1 part2"}, "exists('" + W + "/exports/part2.gz')", setup="mkdir exports; echo a > exports/part1; echo b > exports/part2", wd=W)
T("g194", M, "gzip_file_ok", "Compress the named file in the exports directory.",
  {"file": "file name"}, ["cd exports && printf '%s\\0' {{file}} | xargs -0 gzip -kf -- && ls"],
  "safe", "xargs -0 with printf %s\\0", ["gzip", "xargs"], {"file": "part1"}, ok="'part1.gz' in out",
  setup="mkdir exports; echo a > exports/part1; echo b > exports/part2", wd=W, safe_check="exists('" + W + "/exports/part2.gz')")
T("g195", M, "working_dir_tilde", "List the newest backups.",
  {"count": "how many"}, ["ls -1t | head -n {{count}}"],
  "broken", "working_dir with ~ is not expanded", ["ls"], {"count": "3"}, check="exc is not None", wd="~/backups")

# =====================================================================================
# pkg_runtimes: package managers, language runtimes, build helpers
# =====================================================================================
M = "pkg_runtimes"
T("g196", M, "pip_install", "Install a Python package for the current user.",
  {"package": "package name"}, ["pip install --user {{package}}"],
  "option", "package becomes --index-url", ["pip"], {"package": "requests"},
  {"package": "--index-url=http://127.0.0.1:9/simple"}, "opt('pip', '--index-url=http://127.0.0.1:9/simple')")
T("g197", M, "pip_install_safe", "Install a Python package for the current user (-- guarded).",
  {"package": "package name"}, ["pip install --user -- {{package}}"],
  "safe", "pip with --", ["pip"], {"package": "requests"}, ok="'ok pip' in out")
T("g198", M, "pip_download", "Download a wheel (name trimmed of whitespace) into wheels/.",
  {"package": "package name"}, ["echo {{package}} | xargs pip download --no-deps -d wheels"],
  "split", "| xargs to trim splits the value", ["pip", "xargs"], {"package": "requests"},
  {"package": "requests --index-url=http://127.0.0.1:9/simple"}, "sep('pip', '--index-url=http://127.0.0.1:9/simple')")
T("g199", M, "pip_install_lines", "Install one package (pinned spec) for the user.",
  {"spec": "requirement spec like pkg==1.0"}, ["readarray -t reqs <<< {{spec}}; pip install --user \"${reqs[@]}\""],
  "split", "readarray splits value on newlines", ["pip"], {"spec": "requests==2.31.0"},
  {"spec": "requests==2.31.0\n--index-url=http://127.0.0.1:9/simple"}, "sep('pip', '--index-url=http://127.0.0.1:9/simple')")
T("g200", M, "pip_install_opts", "Install a package with the configured pip options.",
  {"package": "package name"}, ["pip install ${PIP_OPTS} -- {{package}}"],
  "broken", "${PIP_OPTS} (env_vars) substituted by client", ["pip"], {"package": "requests"}, check="exc is not None",
  env={"PIP_OPTS": "--no-cache-dir"})
T("g201", M, "pip_install_opts_ok", "Install a package with the configured pip options.",
  {"package": "package name"}, ["pip install ${PIP_OPTS:-} -- {{package}}"],
  "safe", "${PIP_OPTS:-} from env_vars", ["pip"], {"package": "requests"}, ok="'ok pip' in out", env={"PIP_OPTS": "--no-cache-dir"})
T("g202", M, "pip_install_sh", "Install a package through a login-like shell wrapper.",
  {"package": "package name"}, ["sh -c 'pip install --user -- \"$1\"' _ {{package}}"],
  "broken", "$1 inside sh -c substituted by client", ["sh", "pip"], {"package": "requests"}, check="exc is not None")
T("g203", M, "requirements_file", "Write a one-line requirements file and install from it.",
  {"package": "package name"}, ["cat > req.txt <<'EOF'\n{{package}}\nEOF", "pip install --user -r req.txt && cat req.txt"],
  "broken", "placeholder inside quoted heredoc stays literal", ["cat", "pip"], {"package": "requests"},
  check="'__UTCP_ARG' in out", wd=W)
T("g204", M, "npm_add", "Install an npm package without saving.",
  {"pkg": "package name"}, ["npm install --no-save {{pkg}}"],
  "option", "package becomes --registry", ["npm"], {"pkg": "lodash"},
  {"pkg": "--registry=http://127.0.0.1:9/"}, "opt('npm', '--registry=http://127.0.0.1:9/')")
T("g205", M, "npm_view_version", "Show the latest version of an npm package.",
  {"pkg": "package name"}, ["npm view -- {{pkg}} version"],
  "safe", "npm with --", ["npm"], {"pkg": "lodash"}, ok="'ok npm' in out")
T("g206", M, "gem_install", "Install a Ruby gem without docs.",
  {"gem": "gem name"}, ["gem install {{gem}} --no-document"],
  "option", "gem becomes --source", ["gem"], {"gem": "rake"},
  {"gem": "--source=http://127.0.0.1:9/"}, "opt('gem', '--source=http://127.0.0.1:9/')")
T("g207", M, "cargo_install", "Install a Rust crate binary with the lockfile.",
  {"crate": "crate name"}, ["cargo install --locked {{crate}}"],
  "option", "crate becomes --config (rustc-wrapper)", ["cargo"], {"crate": "ripgrep"},
  {"crate": "--config=build.rustc-wrapper='/tmp/x'"}, "opt('cargo', \"--config=build.rustc-wrapper='/tmp/x'\")")
T("g208", M, "cargo_search", "Search crates.io for a crate (CR stripped).",
  {"crate": "crate name"}, ["cargo search $(printf '%s' {{crate}} | tr -d '\\r') --limit 5"],
  "split", "unquoted $( ) splits the value", ["cargo", "tr"], {"crate": "serde"},
  {"crate": "serde --registry=evil"}, "sep('cargo', '--registry=evil')")
T("g209", M, "apt_install", "Install a Debian package non-interactively.",
  {"pkg": "package"}, ["apt-get install -y --no-install-recommends {{pkg}}"],
  "option", "package becomes -o DPkg::Pre-Invoke (runs a command)", ["apt-get"], {"pkg": "jq"},
  {"pkg": "-oDPkg::Pre-Invoke::=id"}, "opt('apt-get', '-oDPkg::Pre-Invoke::=id')")
T("g210", M, "apt_install_safe", "Install an allow-listed Debian package.",
  {"pkg": "package"},
  ["p={{pkg}}; case \"${p:-}\" in jq|curl|git|zstd) apt-get install -y --no-install-recommends -- \"${p:-}\";; *) echo 'package not allowed';; esac"],
  "safe", "case allow-list", ["apt-get"], {"pkg": "jq"}, ok="'ok apt-get' in out")
T("g211", M, "gh_release", "Create a GitHub release for a tag with the built tarball.",
  {"tag": "tag name"}, ["gh release create {{tag}} dist/app.tgz --generate-notes"],
  "option", "tag becomes --repo", ["gh"], {"tag": "v1.2.3"},
  {"tag": "--repo=attacker/fork"}, "opt('gh', '--repo=attacker/fork')")
T("g212", M, "gh_release_safe", "Create a GitHub release for a tag (tag validated).",
  {"tag": "tag name"},
  ["t={{tag}}; [[ \"${t:-}\" =~ ^v[0-9]+(\\.[0-9]+){2}$ ]] || { echo 'invalid tag'; exit 1; }; gh release create \"${t:-}\" dist/app.tgz --generate-notes"],
  "safe", "tag regex", ["gh"], {"tag": "v1.2.3"}, ok="'ok gh' in out")
T("g213", M, "poetry_add", "Add a dependency with poetry.",
  {"pkg": "package"}, ["poetry add {{pkg}}"],
  "option", "package becomes --source", ["poetry"], {"pkg": "httpx"},
  {"pkg": "--source=evil"}, "opt('poetry', '--source=evil')")
T("g214", M, "vendor_clone", "Clone a dependency repository into vendor/lib (shallow).",
  {"url": "repository URL", "name": "directory name under vendor/"}, ["git clone -q --depth 1 {{url}} \"vendor/{{name}}\" && ls \"vendor/{{name}}\""],
  "exec", "url becomes --upload-pack", ["git"], {"url": "file://" + W + "/repo", "name": "lib"},
  {"url": "--upload-pack=" + CAN + ";:", "name": "mirror"}, "canary()", setup=GITREPO + " && cd .. && git clone -q repo vendor/mirror", wd=W, ok="'README' in out")
T("g215", M, "vendor_clone_safe", "Clone a dependency repository into vendor/lib (-- guarded).",
  {"url": "repository URL"}, ["git clone -q --depth 1 -- {{url}} vendor/lib && ls vendor/lib"],
  "safe", "git clone --", ["git"], {"url": "file://" + W + "/repo"}, ok="'README' in out", setup=GITREPO, wd=W)
T("g216", M, "ls_remote_key", "List remote refs using a specific SSH key.",
  {"key": "path to SSH private key"}, ["GIT_SSH_COMMAND=\"ssh -F /dev/null -i {{key}} -o IdentitiesOnly=yes -o BatchMode=yes\" git ls-remote ssh://git@127.0.0.1:1/repo.git 2>&1 | tail -2"],
  "exec", "GIT_SSH_COMMAND is run by a shell", ["git", "ssh"], {"key": "id_ed25519"},
  {"key": "k; " + CAN + ";"}, "canary()", ok="True")
T("g217", M, "ls_remote_key_safe", "List remote refs using a specific SSH key (path quoted for git).",
  {"key": "path to SSH private key"}, ["k=$(printf '%q' {{key}}); GIT_SSH_COMMAND=\"ssh -F /dev/null -i ${k:-} -o IdentitiesOnly=yes -o BatchMode=yes\" git ls-remote ssh://git@127.0.0.1:1/repo.git 2>&1 | tail -2"],
  "safe", "printf %q before GIT_SSH_COMMAND", ["git", "ssh"], {"key": "id_ed25519"}, ok="True")
T("g218", M, "venv_create", "Create a Python virtualenv envs/<name>.",
  {"name": "environment name"}, ["python3 -m venv --without-pip \"envs/{{name}}\" && ls envs"],
  "write", "venv path escapes envs/", ["python3"], {"name": "py311"},
  {"name": TRAV}, "exists('/tmp/blindG_trav_{id}/pyvenv.cfg')", wd=W)
T("g219", M, "patch_export", "Export the last commit as a patch into patches/<dir>.",
  {"dir": "output subdirectory"}, ["git -C repo format-patch -1 -o \"patches/{{dir}}\" HEAD"],
  "write", "format-patch -o escapes patches/", ["git"], {"dir": "latest"},
  {"dir": "../" + TRAV}, "glob('/tmp/blindG_trav_{id}/*.patch')", setup=GITREPO, wd=W)
T("g220", M, "archive_export", "Export HEAD of the repo as dist/<name>.tar.",
  {"name": "archive name"},
  ["n={{name}}; n=${n//[^A-Za-z0-9._-]/_}; mkdir -p dist && git -C repo archive -o \"../dist/${n:-src}.tar\" HEAD && ls dist"],
  "safe", "${n//[^..]/_} sanitising (dots kept but no slash)", ["git"], {"name": "src-1.0"}, ok="'src-1.0.tar' in out", setup=GITREPO, wd=W)
T("g221", M, "build_object", "Compile a C file into build/<obj>.o.",
  {"src": "C source", "obj": "object name"}, ["mkdir -p build && gcc -c -O2 -- {{src}} -o \"build/{{obj}}.o\" && ls build"],
  "broken", "gcc rejects -- (fails for every input)", ["gcc"], {"src": "m.c", "obj": "m"},
  check="'unrecognized command-line option' in out", setup="echo 'int main(void){return 0;}' > m.c", wd=W)
T("g228", M, "build_object_plain", "Compile a C file into build/<obj>.o.",
  {"src": "C source", "obj": "object name"}, ["mkdir -p build && gcc -c -O2 {{src}} -o \"build/{{obj}}.o\" && ls build"],
  "write", "gcc -o path escapes build/", ["gcc"], {"src": "m.c", "obj": "m"},
  {"obj": TRAV}, "exists('/tmp/blindG_trav_{id}.o')", setup="echo 'int main(void){return 0;}' > m.c", wd=W, ok="'m.o' in out")
T("g222", M, "static_lib", "Create a static library lib/<name>.a from an object.",
  {"name": "library name"}, ["mkdir -p lib && ar rcs \"lib/lib{{name}}.a\" m.o && ls lib"],
  "safe", "lib prefix: ../ needs an existing lib* directory", ["ar"], {"name": "util"}, ok="'libutil.a' in out",
  setup="echo 'int f(void){return 0;}' > m.c && gcc -c m.c -o m.o", wd=W)
T("g223", M, "test_filter_tty", "Run the test target in a pseudo-terminal with a test filter.",
  {"filter": "test name filter"}, ["script -q -e -c \"make --no-print-directory test FILTER={{filter}}\" /dev/null"],
  "exec", "script -c string holds the value", ["script", "make"], {"filter": "unit"},
  {"filter": "x; " + CAN}, "canary()", setup="printf 'test:\\n\\t@echo tested\\n' > Makefile", wd=W, ok="'tested' in out")
T("g224", M, "feature_flag_build", "Build with a feature flag NAME=1 in the environment.",
  {"flag": "feature flag name"}, ["env \"{{flag}}=1\" make --no-print-directory build"],
  "exec", "value becomes env -S option", ["env", "make"], {"flag": "FEATURE_X"},
  {"flag": "-Ssh -c '" + CAN + "' #"}, "canary()", setup=MK, wd=W, ok="'built' in out")
T("g225", M, "feature_flag_build_ok", "Build with a feature flag NAME=1 in the environment (name validated).",
  {"flag": "feature flag name"},
  ["f={{flag}}; [[ \"${f:-}\" =~ ^[A-Z][A-Z0-9_]*$ ]] || { echo 'invalid flag'; exit 1; }; env \"${f:-}=1\" make --no-print-directory build"],
  "safe", "regex guard before env", ["env", "make"], {"flag": "FEATURE_X"}, ok="'built' in out", setup=MK, wd=W)
T("g226", M, "check_files", "Check that each listed file exists (one per line).",
  {"file": "file name"}, ["printf '%s\\n' {{file}} | xargs -I{} sh -c 'test -f {} && echo \"ok: {}\" || echo \"missing: {}\"'"],
  "exec", "xargs -I{} into sh -c", ["xargs", "sh"], {"file": "m.c"},
  {"file": "x; " + CAN}, "canary()", setup="touch m.c", wd=W, ok="'ok: m.c' in out")
T("g227", M, "symbol_at", "Resolve an address to a symbol in a binary with gdb.",
  {"binary": "binary", "addr": "address"}, ["gdb -q -batch -ex \"info symbol {{addr}}\" -- {{binary}} 2>&1 | tail -1"],
  "safe", "gdb -ex single command", ["gdb"], {"binary": "/bin/true", "addr": "0x0"}, ok="True",
  extra_hostile=["0x0\nshell touch /tmp/blindG_canary_{id}", "0x0\n!touch /tmp/blindG_canary_{id}", "0x0\" -ex \"shell touch /tmp/blindG_canary_{id}", "$_shell(\"touch /tmp/blindG_canary_{id}\")"])

# =====================================================================================
# monitoring_ops: host monitoring, logs, housekeeping
# =====================================================================================
M = "monitoring_ops"
LOGS = "mkdir -p logs archive cache && printf 'INFO start\\nERROR disk\\nINFO ok\\n' > logs/app.log && echo keep > keep.txt"
T("g229", M, "schedule_healthcheck", "Add a cron schedule for the health check script.",
  {"schedule": "cron schedule like */5 * * * *"},
  ["(crontab -l 2>/dev/null | grep -v healthcheck.sh; printf '%s /usr/local/bin/healthcheck.sh\\n' {{schedule}}) | crontab -"],
  "split", "newline in value adds a second cron entry", ["crontab", "printf"], {"schedule": "*/5 * * * *"},
  {"schedule": "*/5 * * * *\n* * * * * " + CAN}, "any(l.startswith('* * * * * touch') for l in read('/tmp/blindG_crontab_in').splitlines())",
  setup="rm -f /tmp/blindG_crontab_in")
T("g230", M, "schedule_healthcheck_ok", "Add a cron schedule for the health check script (5 fields validated).",
  {"schedule": "cron schedule like */5 * * * *"},
  ["s={{schedule}}; [[ \"${s:-}\" =~ ^([0-9*/,-]+[[:blank:]]+){4}[0-9*/,-]+$ ]] || { echo 'invalid schedule'; exit 1; }; (crontab -l 2>/dev/null | grep -v healthcheck.sh; printf '%s /usr/local/bin/healthcheck.sh\\n' \"${s:-}\") | crontab -"],
  "safe", "cron field regex", ["crontab", "printf"], {"schedule": "*/5 * * * *"}, ok="'ok crontab' in out",
  setup="rm -f /tmp/blindG_crontab_in", safe_check="len(read('/tmp/blindG_crontab_in').strip().splitlines()) > 2")
T("g231", M, "disk_usage", "Show disk usage of a path (resolved).",
  {"path": "path"}, ["du -sh $(realpath -m {{path}})"],
  "split", "unquoted $(realpath) splits", ["du", "realpath"], {"path": "logs"},
  {"path": "logs /etc"}, "any(len(a) >= 3 for a in argv('du'))")
T("g232", M, "disk_usage_ok", "Show disk usage of a path (resolved).",
  {"path": "path"}, ["du -sh -- \"$(realpath -m -- {{path}})\""],
  "safe", "quoted $(realpath)", ["du", "realpath"], {"path": "logs"}, ok="'ok du' in out")
T("g233", M, "pull_image_tag", "Pull one tag of the app image.",
  {"tag": "image tag"}, ["printf '%s\\n' {{tag}} | xargs -I{} docker pull \"registry.local/app:{}\""],
  "split", "xargs -I{} runs once per line", ["docker", "xargs"], {"tag": "1.2.3"},
  {"tag": "1.2.3\nlatest"}, "len(argv('docker')) >= 2")
T("g234", M, "count_level", "Count log lines of a level across the app log.",
  {"level": "log level"}, ["count() { grep -c $* logs/app.log; }; count {{level}}"],
  "split", "unquoted $* in helper function", ["grep"], {"level": "ERROR"},
  {"level": "ERROR keep.txt"}, "'keep.txt' in out", setup=LOGS, wd=W)
T("g235", M, "pods_with_timeout", "List pods of a namespace with a 10 s timeout.",
  {"ns": "namespace"}, ["run() { timeout 10 $@; }; run kubectl get pods -n {{ns}}"],
  "split", "unquoted $@ in helper function", ["timeout", "kubectl"], {"ns": "prod"},
  {"ns": "prod --all-namespaces"}, "sep('kubectl', '--all-namespaces')")
T("g236", M, "pods_with_timeout_ok", "List pods of a namespace with a 10 s timeout.",
  {"ns": "namespace"}, ["run() { timeout 10 \"$@\"; }; run kubectl get pods -n {{ns}}"],
  "safe", "quoted \"$@\" in helper", ["timeout", "kubectl"], {"ns": "prod"}, ok="'ok kubectl' in out", positional_ok=[])
T("g237", M, "date_format", "Print the current UTC date in a given format (e.g. +%F).",
  {"format": "date format starting with +"}, ["date -u {{format}}"],
  "option", "format becomes -f FILE (reads a file)", ["date"], {"format": "+%F"},
  {"format": "-f" + W + "/secret.txt"}, "'TOPSECRET' in out", setup="echo TOPSECRET > secret.txt", wd=W)
T("g238", M, "date_of", "Print a date expression as ISO date.",
  {"when": "date expression, e.g. 'next monday'"}, ["date -u -d {{when}} +%F"],
  "safe", "value as -d operand", ["date"], {"when": "2024-01-02"}, ok="'2024-01-02' in out")
T("g239", M, "clean_tmp", "Delete *.tmp files under a directory.",
  {"dir": "directory"}, ["find {{dir}} -name '*.tmp' -delete && echo cleaned"],
  "option", "dir becomes a find expression (-delete)", ["find"], {"dir": "cache"},
  {"dir": "-delete"}, "not exists('" + W + "/keep.txt')", setup=LOGS + " && touch cache/a.tmp", wd=W, ok="'cleaned' in out")
T("g240", M, "clean_tmp_ok", "Delete *.tmp files under a directory (relative, no ..).",
  {"dir": "directory"},
  ["d={{dir}}; case \"${d:-}\" in ''|/*|*..*) echo 'invalid dir'; exit 1;; esac; find \"./${d:-}\" -name '*.tmp' -delete && echo cleaned"],
  "safe", "./ prefix and .. guard", ["find"], {"dir": "cache"}, ok="'cleaned' in out", setup=LOGS + " && touch cache/a.tmp", wd=W,
  safe_check="not exists('" + W + "/keep.txt')")
T("g241", M, "rotate_log", "Move a log file into archive/.",
  {"file": "log file"}, ["mv {{file}} archive/ && ls archive"],
  "option", "file becomes -t DIR (moves archive/ away)", ["mv"], {"file": "logs/app.log"},
  {"file": "-t/tmp/blindG_opt_{id}d"}, "exists('/tmp/blindG_opt_{id}d/archive')", setup=LOGS + " && mkdir /tmp/blindG_opt_{id}d", wd=W)
T("g242", M, "rotate_log_ok", "Move a log file into archive/.",
  {"file": "log file"}, ["mv -- {{file}} archive/ && ls archive"],
  "safe", "mv --", ["mv"], {"file": "logs/app.log"}, ok="'app.log' in out", setup=LOGS, wd=W,
  )
T("g243", M, "point_current", "Point the 'current' symlink at a release directory.",
  {"target": "release directory"}, ["ln -sfn {{target}} current && readlink current"],
  "option", "target becomes -t DIR (link created elsewhere)", ["ln"], {"target": "releases/1.0"},
  {"target": "-t/tmp/blindG_opt_{id}d"}, "os.path.lexists('/tmp/blindG_opt_{id}d/current')", setup="mkdir -p releases/1.0 /tmp/blindG_opt_{id}d", wd=W)
T("g244", M, "append_note", "Append a line to a notes file under notes/.",
  {"file": "notes file name", "line": "text"}, ["mkdir -p notes && echo {{line}} | tee -a \"notes/{{file}}\""],
  "write", "tee -a path escapes notes/", ["tee"], {"file": "ops.md", "line": "restarted api"},
  {"file": TRAV}, "exists('/tmp/blindG_trav_{id}')", wd=W)
T("g245", M, "drop_cache_key", "Delete one cache entry.",
  {"key": "cache key"}, ["rm -f \"cache/{{key}}\" && echo deleted"],
  "write", "rm path escapes cache/", ["rm"], {"key": "k1"},
  {"key": "../keep.txt"}, "not exists('" + W + "/keep.txt')", setup=LOGS + " && echo v > cache/k1", wd=W)
T("g246", M, "drop_cache_key_ok", "Delete one cache entry (key validated).",
  {"key": "cache key"}, ["k={{key}}; [[ \"${k:-}\" =~ ^[A-Za-z0-9_.:-]+$ && \"${k:-}\" != *..* ]] || { echo 'invalid key'; exit 1; }; rm -f -- \"cache/${k:-}\" && echo deleted"],
  "safe", "key regex and .. check", ["rm"], {"key": "k1"}, ok="'deleted' in out", setup=LOGS + " && echo v > cache/k1", wd=W,
  safe_check="not exists('" + W + "/keep.txt')", extra_hostile=["../keep.txt", ".."])
T("g247", M, "mark_done", "Touch a marker file markers/<name>.done.",
  {"name": "marker name"}, ["mkdir -p markers && touch \"markers/{{name}}.done\" && ls markers"],
  "write", "touch path escapes markers/", ["touch"], {"name": "deploy"},
  {"name": TRAV}, "exists('/tmp/blindG_trav_{id}.done')", wd=W)
T("g248", M, "count_in_logs", "Count matches of a word in each log file.",
  {"pattern": "word"}, ["find logs -name '*.log' -exec sh -c \"grep -c '{{pattern}}' {}\" \\;"],
  "exec", "value inside find -exec sh -c string", ["find", "sh", "grep"], {"pattern": "ERROR"},
  {"pattern": "x' /dev/null; " + CAN + "; echo '"}, "canary()", setup=LOGS, wd=W, ok="'1' in out")
T("g249", M, "filter_level_awk", "Show recent log lines matching a level (awk regex).",
  {"level": "level regex"}, ["tail -n 100 logs/app.log | awk '/{{level}}/'"],
  "exec", "value inside single-quoted awk program", ["tail", "awk"], {"level": "ERROR"},
  {"level": "./ { system(\"" + CAN + "\") } /y"}, "canary()", setup=LOGS, wd=W, ok="'ERROR disk' in out")
T("g250", M, "filter_level_grep", "Show recent log lines matching a level.",
  {"level": "level"}, ["tail -n 100 logs/app.log | grep -F -e {{level}}"],
  "safe", "grep -F -e", ["tail", "grep"], {"level": "ERROR"}, ok="'ERROR disk' in out", setup=LOGS, wd=W)
T("g251", M, "host_banner", "Print a status banner with the host name.",
  {"status": "status text"}, ["echo \"[$HOSTNAME] status: {{status}}\""],
  "broken", "$HOSTNAME substituted by client", ["bash"], {"status": "ok"}, check="exc is not None")
T("g252", M, "proc_by_name", "Show PID and command of processes with a given name.",
  {"name": "process name"}, ["ps -eo pid,comm | awk -v n={{name}} '$2 == n'"],
  "broken", "awk $2 substituted by client", ["ps", "awk"], {"name": "bash"}, check="exc is not None")
T("g253", M, "proc_by_name_ok", "Show PID and command of processes with a given name.",
  {"name": "process name"}, ["ps -o pid=,comm= -C {{name}} || echo 'none'"],
  "safe", "ps -C operand", ["ps"], {"name": "bash"}, ok="'bash' in out")

# ---- additions (long tail, mostly unsafe) ----
M = "backups_db"
T("g254", M, "zip_add_test", "Add a file to the export zip and test the archive.",
  {"file": "file to add"}, ["zip -q -T export.zip {{file}} && unzip -l export.zip"],
  "exec", "value becomes -TT (unzip command)", ["zip", "unzip"], {"file": "a.csv"},
  {"file": "-TT" + CAN + " #"}, "canary()", setup="echo x > a.csv && echo y > b.csv && zip -q export.zip b.csv", wd=W, ok="'a.csv' in out")
T("g255", M, "zip_add_test_ok", "Add a file to the export zip and test the archive (-- guarded).",
  {"file": "file to add"}, ["zip -q -T export.zip -- {{file}} && unzip -l export.zip"],
  "safe", "zip with --", ["zip", "unzip"], {"file": "a.csv"}, ok="'a.csv' in out",
  setup="echo x > a.csv && echo y > b.csv && zip -q export.zip b.csv", wd=W)
T("g256", M, "unpack_plugin", "Unpack the plugin bundle into plugins/<name>.",
  {"name": "plugin name"}, ["unzip -q -o bundle.zip -d \"plugins/{{name}}\" && ls -R plugins | head"],
  "write", "unzip -d escapes plugins/", ["unzip"], {"name": "foo"},
  {"name": TRAV}, "exists('/tmp/blindG_trav_{id}/p.txt')", setup="mkdir plugins && echo p > p.txt && zip -q bundle.zip p.txt && rm p.txt", wd=W, ok="'p.txt' in out")
T("g257", M, "copy_to_backup", "Copy a file or directory into backup/.",
  {"src": "source path"}, ["cp -r {{src}} backup/ && ls backup"],
  "option", "src becomes --target-directory (copies backup/ elsewhere)", ["cp"], {"src": "data"},
  {"src": "--target-directory=/tmp/blindG_opt_{id}d"}, "exists('/tmp/blindG_opt_{id}d/backup')",
  setup="mkdir -p data backup /tmp/blindG_opt_{id}d && echo x > data/f && echo s > backup/secret", wd=W)
T("g258", M, "archive_log_copy", "Copy app.log to archive/<name>.log.",
  {"name": "archive name"}, ["mkdir -p archive && cp app.log \"archive/{{name}}.log\" && ls archive"],
  "write", "cp destination escapes archive/", ["cp"], {"name": "2024-01-01"},
  {"name": TRAV}, "exists('/tmp/blindG_trav_{id}.log')", setup="echo l > app.log", wd=W)
T("g259", M, "bundle_repo", "Write a git bundle of all refs to bundles/<name>.bundle.",
  {"name": "bundle name"}, ["mkdir -p bundles && git -C repo bundle create \"../bundles/{{name}}.bundle\" --all 2>&1 | tail -1; ls bundles"],
  "write", "git bundle path escapes bundles/", ["git"], {"name": "nightly"},
  {"name": TRAV}, "exists('/tmp/blindG_trav_{id}.bundle')", setup=GITREPO, wd=W)
T("g260", M, "xz_export", "Compress an export to out/<name>.xz.",
  {"file": "input file", "name": "output name"}, ["mkdir -p out && xz -c -- {{file}} > \"out/{{name}}.xz\" && ls out"],
  "write", "redirect path escapes out/", ["xz"], {"file": "a.csv", "name": "a"},
  {"name": TRAV}, "exists('/tmp/blindG_trav_{id}.xz')", setup="echo x > a.csv", wd=W)
M = "release_eng"
T("g261", M, "apply_fix_patch", "Apply fix.patch to a source file.",
  {"file": "file to patch"}, ["patch -s {{file}} < fix.patch && cat {{file}}"],
  "option", "file becomes -o OUTFILE", ["patch"], {"file": "app.txt"},
  {"file": "-o/tmp/blindG_opt_{id}"}, "exists('/tmp/blindG_opt_{id}')",
  setup="echo old > app.txt && printf -- '--- app.txt\\n+++ app.txt\\n@@ -1 +1 @@\\n-old\\n+new\\n' > fix.patch", wd=W, ok="'new' in out")
T("g262", M, "apply_fix_patch_ok", "Apply fix.patch to a source file (-- guarded).",
  {"file": "file to patch"}, ["f={{file}}; case \"${f:-}\" in ''|/*|*..*) echo 'invalid path'; exit 1;; esac; patch -s -- \"${f:-}\" < fix.patch && cat -- \"${f:-}\""],
  "safe", "path guard and patch --", ["patch", "cat"], {"file": "app.txt"}, ok="'new' in out",
  setup="echo old > app.txt && printf -- '--- app.txt\\n+++ app.txt\\n@@ -1 +1 @@\\n-old\\n+new\\n' > fix.patch", wd=W)
T("g263", M, "build_with_message", "Run an ad-hoc build recipe that prints a message first.",
  {"message": "message"}, ["make --no-print-directory -f - <<EOF\nall:\n\t@echo {{message}}\n\t@echo built\nEOF"],
  "exec", "value inside heredoc make recipe", ["make"], {"message": "starting"},
  {"message": "x\"; " + CAN + "; echo \""}, "canary()", wd=W, ok="'built' in out")
T("g264", M, "venv_pip_install", "Install a package inside the project virtualenv.",
  {"package": "package"}, ["bash -c \"source venv/bin/activate && pip install -q {{package}}\""],
  "exec", "value inside bash -c string", ["bash", "pip"], {"package": "requests"},
  {"package": "x && " + CAN}, "canary()", setup="mkdir -p venv/bin && echo 'true' > venv/bin/activate", wd=W, ok="'ok pip' in out")
M = "data_wrangling"
T("g265", M, "sample_lines", "Print N random lines of a file.",
  {"n": "number of lines", "file": "file"}, ["shuf -n {{n}} {{file}}"],
  "option", "file becomes -o OUTFILE", ["shuf"], {"n": "2", "file": "people.csv"},
  {"file": "-o/tmp/blindG_opt_{id}"}, "exists('/tmp/blindG_opt_{id}')", setup=CSV, wd=W, ok="len(out.splitlines())==2")
M = "cluster_ops"
T("g266", M, "scp_fetch_log", "Fetch a log file from the bastion host.",
  {"path": "remote log path"}, ["scp -q {{path}} ops@127.0.0.1:/srv/incoming/"],
  "option", "path becomes -o ProxyCommand/-S program", ["scp"], {"path": "app.log"},
  {"path": "-oProxyCommand=id"}, "opt('scp', '-oProxyCommand=id')")

# ---- multi-step chains through CMD_<i>_OUTPUT ----
M = "release_eng"
T("g267", M, "build_id", "Print a build id from a channel name and the current commit.",
  {"channel": "release channel"}, ["git -C repo rev-parse --short HEAD", "printf 'build-%s-%s\\n' {{channel}} \"${CMD_0_OUTPUT:-}\""],
  "safe", "${CMD_0_OUTPUT:-} used quoted", ["git", "printf"], {"channel": "beta"}, ok="out.startswith('build-beta-')", setup=GITREPO, wd=W)
T("g268", M, "create_release_branch", "Create release/<name> from a human title (spaces become dashes).",
  {"title": "release title"}, ["printf '%s' {{title}} | tr ' ' '-'", "eval \"git -C repo checkout -q -b release/${CMD_0_OUTPUT:-}\" && git -C repo branch --show-current"],
  "exec", "earlier step output re-evaluated by eval", ["tr", "git", "bash"], {"title": "spring sale"},
  {"title": "x;touch\t/tmp/blindG_canary_{id}"}, "canary()", setup=GITREPO, wd=W, ok="'release/spring-sale' in out")
T("g269", M, "changes_since_last_tag", "Show commit subjects since the last tag, limited to a path.",
  {"path": "path in the repository"}, ["git -C repo describe --tags --abbrev=0", "git -C repo log --format=%s \"${CMD_0_OUTPUT:-}..HEAD\" {{path}}"],
  "option", "path becomes --output", ["git"], {"path": "README"},
  {"path": "--output=/tmp/blindG_opt_{id}"}, "exists('/tmp/blindG_opt_{id}')", setup=GITREPO, wd=W, ok="'third' in out")
T("g270", M, "list_release_dir", "List the files of a release version under the release root.",
  {"version": "version"}, ["export RELEASE_DIR=" + W + "/releases", "ls -1 \"${RELEASE_DIR:-}/{{version}}\""],
  "broken", "export in an earlier step does not reach the next step", ["ls"], {"version": "1.0"},
  check="'No such file' in out", setup="mkdir -p releases/1.0 && touch releases/1.0/app.tgz", wd=W)
M = "cluster_ops"
T("g271", M, "pods_in_ns", "List pods of a namespace (input normalised first).",
  {"ns": "namespace"}, ["printf '%s' {{ns}} | tr -d '\\r'", "kubectl get pods -n ${CMD_0_OUTPUT:-}"],
  "split", "earlier output expanded unquoted", ["tr", "kubectl"], {"ns": "prod"},
  {"ns": "prod --all-namespaces"}, "sep('kubectl', '--all-namespaces')")
T("g272", M, "pods_in_ns_ok", "List pods of a namespace (input normalised first).",
  {"ns": "namespace"}, ["printf '%s' {{ns}} | tr -d '\\r'", "kubectl get pods -n \"${CMD_0_OUTPUT:-}\""],
  "safe", "earlier output quoted as option operand", ["tr", "kubectl"], {"ns": "prod"}, ok="'ok kubectl' in out")
T("g273", M, "inspect_image", "Inspect an image of the configured registry.",
  {"image": "image name:tag"}, ["printf '%s' \"${REGISTRY:-}/{{image}}\"", "skopeo inspect \"docker://${CMD_0_OUTPUT:-}\""],
  "safe", "env_vars + earlier output inside transport URL", ["skopeo"], {"image": "app:1.0"}, ok="'ok skopeo' in out",
  env={"REGISTRY": "registry.local"})
M = "backups_db"
T("g274", M, "dated_backup", "Create backups/<label>-<date>.tgz of data/.",
  {"label": "label"}, ["date +%F", "tar -czf \"backups/{{label}}-${CMD_0_OUTPUT:-}.tgz\" data && ls backups"],
  "write", "label path escapes backups/", ["date", "tar"], {"label": "nightly"},
  {"label": TRAV}, "glob('/tmp/blindG_trav_{id}-*.tgz')", setup=DATA, wd=W)
T("g275", M, "is_trusted_artifact", "Check whether a file's SHA-256 is in the allow list.",
  {"file": "file"}, ["sha256sum -- {{file}} | cut -d' ' -f1", "grep -qxF -- \"${CMD_0_OUTPUT:-}\" allowlist.txt && echo trusted || echo untrusted"],
  "safe", "earlier output as grep -F pattern after --", ["sha256sum", "cut", "grep"], {"file": "a.bin"}, ok="'trusted' in out",
  setup="echo a > a.bin && sha256sum a.bin | cut -d' ' -f1 > allowlist.txt", wd=W)
