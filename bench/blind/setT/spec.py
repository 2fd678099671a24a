"""Tool specs for blind set T. harness.py builds manuals/*.json from TOOLS and confirms each label."""
import os
T = []
W = "/tmp/blindT_ws"
def tool(manual, name, cat=None, desc=None, args=None, cmds=None, DROP=False, cat0=None, **kw):
    if DROP: cat, kw["DROP"] = cat0, True
    kw.setdefault("working_dir", W)
    if kw["working_dir"] is None: del kw["working_dir"]
    T.append(dict(manual=manual, name=name, cat=cat, desc=desc, args=args, cmds=cmds, **kw))
def A(x): return "UTCP_ARG_%s_UTCP_END" % x
def argv(p):
    try: return open(f"/tmp/blindT_log/{p}.log").read().split("\n")
    except OSError: return []
def ex(p): return os.path.exists(p)
def inj(p, fixed):
    """stub saw an option-looking argv element that the template did not put there (before any --)"""
    for a in argv(p):
        if a == "--": break
        if a.startswith("-") and a not in fixed and not a.startswith("---"): return True
    return False

# ---------------- ops: admin / shell idioms ----------------
M = "ops"
tool(M, "remote_uptime", "exec", "Show uptime of a host over SSH (batch mode).", {"host": "host name"},
     [f"ssh -o BatchMode=yes -o ConnectTimeout=2 {A('host')} uptime"], payload={"host": "-oProxyCommand=touch {C}"}, idiom="ssh -o ProxyCommand")
tool(M, "tail_lines", "exec", "Show the last N lines of the app log (max 500).", {"n": "number of lines"},
     [f"if [[ {A('n')} -gt 500 ]]; then echo 'too many lines'; else tail -n {A('n')} data/a.txt; fi"],
     payload={"n": "a[$(touch {C})]"}, idiom="[[ -gt ]] arithmetic guard")
tool(M, "tail_lines_checked", "safe", "Show the last N lines of the app log (1-500).", {"n": "number of lines"},
     [f"if [[ {A('n')} =~ ^[0-9]+$ ]] && (( {A('n')} <= 500 )); then tail -n {A('n')} -- data/a.txt; else echo 'n must be 1-500'; fi"],
     benign={"n": "2"}, hostile=["a[$(touch {C})]", "1+a[$(touch {C})]"], idiom="regex before (( ))")
tool(M, "head_window", "exec", "Print the first N lines of the data file.", {"count": "how many lines"},
     [f"mapfile -t lines < data/a.txt; printf '%s\\n' \"${{lines[@]:0:{A('count')}}}\""],
     payload={"count": "a[$(touch {C})]"}, idiom="mapfile slice arithmetic")
tool(M, "head_window_checked", "safe", "Print the first N lines of the data file.", {"count": "how many lines"},
     [f"case {A('count')} in ''|*[!0-9]*) echo 'count must be a number'; exit 1;; esac; mapfile -t lines < data/a.txt; printf '%s\\n' \"${{lines[@]:0:{A('count')}}}\""],
     benign={"count": "2"}, hostile=["a[$(touch {C})]"], idiom="case digit guard + mapfile")
tool(M, "disk_usage", "exec", "Report disk usage of a directory (10s timeout).", {"dir": "directory"},
     [f"timeout 10 bash -c \"du -sh {A('dir')}\""], payload={"dir": "data; touch {C}"}, idiom="bash -c dq")
tool(M, "disk_usage_safe", "safe", "Report disk usage of a directory (10s timeout).", {"dir": "directory"},
     [f"timeout 10 bash -c 'du -sh -- \"${{1:-.}}\"' _ {A('dir')}"], benign={"dir": "data"}, idiom="bash -c positional ${1:-}")
tool(M, "disk_usage_pos", "broken", "Report disk usage of a directory (10s timeout).", {"dir": "directory"},
     [f"timeout 10 bash -c 'du -sh -- \"$1\"' _ {A('dir')}"], payload={"dir": "data"}, check=lambda o: "EXC" in o, idiom="client eats $1")
tool(M, "wait_for_change", "exec", "Block until the listing of a path changes (5s max).", {"path": "path to watch"},
     [f"timeout 3 watch -g -n 1 ls -l {A('path')}"], env_vars={"TERM": "dumb"}, payload={"path": "data;touch {C}"}, idiom="watch joins argv to sh -c")
tool(M, "run_clean_env", "exec", "Print the environment a command would see under a clean env plus one assignment.", {"assign": "NAME=value"},
     [f"env -i {A('assign')} sh -c 'env | sort'"], payload={"assign": "-Ssh -c 'touch {C}'"}, idiom="env -S")
tool(M, "time_in_zone", "safe", "Show local time in a time zone.", {"tz": "IANA zone"},
     [f"env -i PATH=/usr/bin:/bin TZ={A('tz')} date '+%F %H:%M %Z'"], benign={"tz": "Europe/Paris"}, idiom="env assignment")
tool(M, "deploy_target", "exec", "Record the deploy target in .deployrc and echo the effective target.", {"target": "target env"},
     [f"printf 'TARGET=%s\\n' {A('target')} > .deployrc", ". ./.deployrc && echo \"deploy to ${TARGET:-none}\""],
     payload={"target": "x;touch {C}"}, idiom="written then sourced")
tool(M, "deploy_target_q", "safe", "Record the deploy target in .deployrc and echo the effective target.", {"target": "target env"},
     [f"printf 'TARGET=%q\\n' {A('target')} > .deployrc", ". ./.deployrc && echo \"deploy to ${TARGET:-none}\""],
     benign={"target": "staging"}, idiom="printf %q then source")
tool(M, "count_matches", "exec", "Count lines of the data file matching a pattern.", {"pattern": "pattern"},
     [f"eval \"$(printf 'grep -c %s data/a.txt' {A('pattern')})\""], payload={"pattern": "x;touch${IFS}{C};"}, idiom="eval printf %s (placeholder inside $( ) in dq)")
tool(M, "count_matches_q", "split", "Count lines of the data file matching a pattern.", {"pattern": "pattern"},
     [f"eval \"$(printf 'grep -c -- %q data/a.txt' {A('pattern')})\""], payload={"pattern": "a b"}, check=lambda o: "a.txtgrep" in o, idiom="eval printf %q but tracker leaves $V unquoted inside $( ) in dq")
tool(M, "cleanup_notice", "exec", "Run the nightly cleanup and announce the owner at exit.", {"owner": "who runs it"},
     [f"trap \"echo cleanup finished by {A('owner')}\" EXIT; find out -name '*.tmp' -delete"], payload={"owner": "$(touch {C})"}, idiom="trap dq string")
tool(M, "lock_note", "safe", "Write a lock note and remove it on exit.", {"owner": "who holds the lock"},
     [f"trap 'rm -f out/lock' EXIT; printf '%s\\n' {A('owner')} > out/lock; cat out/lock"], benign={"owner": "alice"}, idiom="trap sq fixed")
tool(M, "du_real", "split", "Disk usage of a directory, resolved to its real path.", {"dir": "directory"},
     [f"du -sh $(realpath {A('dir')})"], payload={"dir": "my dir"}, setup="mkdir -p 'my dir'",
     check=lambda o: "my': No such" in o or "cannot access" in o, idiom="unquoted $(realpath)")
tool(M, "du_real_q", "split", "Disk usage of a directory, resolved to its real path.", {"dir": "directory"},
     [f"du -sh -- \"$(realpath -- {A('dir')})\""], payload={"dir": "my dir"}, setup="mkdir -p 'my dir'", check=lambda o: "cannot access" in o, idiom="\"$(realpath -- V)\": tracker leaves V unquoted inside $( )")
tool(M, "sizes_of", "split", "Print byte size of one file.", {"file": "file path"},
     [f"stat -c '%s %n' `printf '%s' {A('file')}`"], payload={"file": "data/a.txt data/b.csv"}, check=lambda o: "data/b.csv" in o and "data/a.txt" in o, idiom="unquoted backticks")
tool(M, "compress_one", "split", "gzip one file, keeping the original.", {"file": "file to compress"},
     [f"printf '%s\\n' {A('file')} | xargs -r gzip -kf"], payload={"file": "data/a.txt data/b.csv"}, check=lambda o: ex(W+"/data/b.csv.gz"), idiom="xargs splits")
tool(M, "compress_one_0", "safe", "gzip one file, keeping the original.", {"file": "file to compress"},
     [f"[[ {A('file')} == data/* && {A('file')} != *..* ]] || {{ echo 'only files under data/'; exit 1; }}; printf '%s\\0' {A('file')} | xargs -0 -r gzip -kf --"],
     benign={"file": "data/a.txt"}, idiom="prefix guard + xargs -0 --")
tool(M, "file_list_array", "split", "Line count of the given file.", {"file": "file"},
     [f"declare -a files=( $(printf '%s' {A('file')}) ); wc -l \"${{files[@]}}\""], payload={"file": "data/a.txt data/b.csv"},
     check=lambda o: "total" in o, idiom="declare -a from unquoted $( )")
tool(M, "rotate_log", "write", "Truncate a log under logs/ after archiving.", {"name": "log file name"},
     [f"gzip -c logs/{A('name')} > archive/{A('name')}.gz 2>/dev/null; truncate -s 0 logs/{A('name')}"],
     payload={"name": "../../blindT_w_trunc"}, check=lambda o: ex("/tmp/blindT_w_trunc"), idiom="truncate traversal")
tool(M, "rotate_log_checked", "safe", "Truncate a log under logs/ after archiving.", {"name": "log file name"},
     [f"[[ {A('name')} =~ ^[A-Za-z0-9._-]+\\.log$ && {A('name')} != .* ]] || {{ echo 'bad log name'; exit 1; }}; touch logs/{A('name')}; gzip -c logs/{A('name')} > archive/{A('name')}.gz; truncate -s 0 logs/{A('name')}"],
     benign={"name": "app.log"}, hostile=["../../blindT_w_t.log", "..log"], idiom="regex basename guard")
tool(M, "tail_log_pos", "broken", "Show the last lines of every log file.", {"lines": "lines per file"},
     [f"for f in logs/*.log; do echo \"== $f\"; tail -n {A('lines')} \"$f\"; done"], payload={"lines": "5"}, check=lambda o: "EXC" in o, idiom="loop var eaten by client")
tool(M, "disk_free_pct", "broken", "Show filesystems above a usage threshold.", {"pct": "percent"},
     [f"df -P | awk -v max={A('pct')} 'NR>1 && $5+0 > max {{print $6, $5}}'"], payload={"pct": "10"}, check=lambda o: "EXC" in o, idiom="awk $5 eaten")
tool(M, "du_commented", "broken", "Disk usage of a directory.", {"dir": "directory"},
     [f"du -sh {A('dir')} # human readable"], payload={"dir": "data"}, check=lambda o: "data" not in o or "EOF" in o, idiom="trailing comment eats $( )")
tool(M, "cache_dir_env", "broken", "List the tool cache directory.", {"sub": "subdirectory"},
     [f"mkdir -p \"${{CACHE_ROOT:-/tmp}}\" && ls -la \"${{CACHE_ROOT:-/tmp}}\" | head -5 && echo {A('sub')}"], env_vars={"CACHE_ROOT": "$HOME/.cache/tool"},
     payload={"sub": "x"}, check=lambda o: "EXC" in o, idiom="env_vars $HOME client var")
tool(M, "projects_ls", "broken", "List files in the projects folder.", {"pattern": "glob"},
     [f"ls -1 -- {A('pattern')}"], working_dir="~/projects", payload={"pattern": "data"}, check=lambda o: "EXC" in o or "No such" in o or "rror" in o, idiom="working_dir ~")
tool(M, "file_size_bsd", "broken", "Size in bytes of a file.", {"file": "file"},
     [f"stat -f %z {A('file')}"], payload={"file": "data/a.txt"}, check=lambda o: "18" not in o.split(), idiom="BSD stat -f")
tool(M, "epoch_to_date_bsd", "broken", "Convert epoch seconds to a date.", {"ts": "epoch seconds"},
     [f"date -u -r {A('ts')} +%F"], payload={"ts": "1700000000"}, check=lambda o: "2023-11-14" not in o, idiom="BSD date -r")
tool(M, "epoch_to_date", "exec", "Convert epoch seconds to a date.", {"ts": "epoch seconds"},
     [f"perl -MPOSIX -le 'print POSIX::strftime(\"%F\", gmtime shift)' {A('ts')}"], payload={"ts": "-e;system(\"touch {C}\")"}, idiom="perl parses a later -e switch")
tool(M, "epoch_to_date_dd", "safe", "Convert epoch seconds to a date.", {"ts": "epoch seconds"},
     [f"perl -MPOSIX -le 'print POSIX::strftime(\"%F\", gmtime shift)' -- {A('ts')}"], benign={"ts": "1700000000"}, ok=lambda o: "2023-11-14" in o,
     hostile=["-e;system(\"touch {C}\")", "-i.bak"], idiom="perl -- then shift")
tool(M, "format_now", "option", "Current UTC time in a strftime format (e.g. +%F).", {"fmt": "+FORMAT"},
     [f"date -u {A('fmt')}"], payload={"fmt": "--file=/etc/hostname"}, check=lambda o: open("/etc/hostname").read().strip() in o, idiom="date --file reads")
tool(M, "format_now_plus", "safe", "Current UTC time in a strftime format (e.g. %F).", {"fmt": "FORMAT without +"},
     [f"date -u +{A('fmt')}"], benign={"fmt": "%F"}, idiom="date +VALUE")
tool(M, "parse_when", "safe", "Parse a human date into ISO-8601 UTC.", {"when": "date text"},
     [f"date -u -d {A('when')} +%Y-%m-%dT%H:%M:%SZ"], benign={"when": "2024-01-02 03:04"}, idiom="date -d VALUE")

# ---------------- data: text / db / language one-liners ----------------
M = "data"
tool(M, "sql_console", "exec", "Run a read query against the app database.", {"query": "SQL"},
     [f"sqlite3 -batch data/app.db {A('query')}"], payload={"query": ".system touch {C}"}, idiom="sqlite3 dot-command")
tool(M, "add_note", "split", "Store a note in the notes table.", {"body": "note text"},
     [f"sqlite3 data/app.db \"INSERT INTO notes(body) VALUES ('{A('body')}');\"", "sqlite3 data/app.db 'SELECT count(*) FROM notes;'"],
     payload={"body": "x'); DROP TABLE notes; --"}, check=lambda o: "no such table" in o, idiom="SQL string interpolation")
tool(M, "add_note_bound", "safe", "Store a note in the notes table.", {"body": "note text"},
     [f"python3 -c 'import sqlite3,sys; c=sqlite3.connect(\"data/app.db\"); c.execute(\"insert into notes(body) values (?)\", (sys.argv[1],)); c.commit(); print(c.execute(\"select count(*) from notes\").fetchone()[0])' {A('body')}"],
     benign={"body": "hi"}, ok=lambda o: "2" in o, hostile=["x'); DROP TABLE notes; --"], bad=lambda o: "no such table" in o, idiom="python sqlite bind")
tool(M, "db_snapshot", "write", "Back up the app database to out/<name>.", {"name": "backup file name"},
     [f"sqlite3 data/app.db \".backup out/{A('name')}\""], payload={"name": "../../blindT_w_db"}, check=lambda o: ex("/tmp/blindT_w_db"), idiom="sqlite .backup traversal")
tool(M, "db_snapshot_checked", "safe", "Back up the app database to out/<name>.db.", {"name": "backup name"},
     [f"case {A('name')} in *[!A-Za-z0-9_-]*|'') echo 'invalid name'; exit 1;; esac; sqlite3 data/app.db \".backup out/{A('name')}.db\" && ls out"],
     benign={"name": "nightly"}, idiom="case charset guard")
tool(M, "csv_filter", "exec", "Print CSV rows matching an awk condition on the columns.", {"cond": "awk condition"},
     [f"awk -F, 'NR==1 || (UTCP_ARG_cond_UTCP_END)' data/b.csv"], payload={"cond": "1) {system(\"touch {C}\")} (1"}, idiom="awk program sq break-out")
tool(M, "first_rows", "safe", "Print the first N rows of the CSV.", {"max": "row count"},
     [f"awk -v max={A('max')} 'NR <= max + 1' data/b.csv"], benign={"max": "1"}, idiom="awk -v")
tool(M, "csv_column", "broken", "Print one column of the CSV by number.", {"col": "column number"},
     [f"cut -d, -f{A('col')} data/b.csv | sort | uniq -c | awk '{{print $2\": \"$1}}'"], payload={"col": "2"}, check=lambda o: "EXC" in o, idiom="awk $2 eaten")
tool(M, "shout", "exec", "Upper-case a message (python).", {"msg": "text"},
     [f"python3 -c \"print('UTCP_ARG_msg_UTCP_END'.upper())\""], payload={"msg": "');__import__('os').system('touch {C}');print('"}, idiom="python -c dq")
tool(M, "shout_argv", "safe", "Upper-case a message (python).", {"msg": "text"},
     [f"python3 -c 'import sys; print(sys.argv[1].upper())' {A('msg')}"], benign={"msg": "hi"}, ok=lambda o: "HI" in o, idiom="python argv")
tool(M, "basename_js", "exec", "Base name of a path (node).", {"p": "path"},
     [f"node -e \"console.log(require('path').basename('UTCP_ARG_p_UTCP_END'))\""], payload={"p": "'+require('child_process').execSync('touch {C}')+'"}, idiom="node -e dq")
tool(M, "basename_js_argv", "safe", "Base name of a path (node).", {"p": "path"},
     [f"node -e 'console.log(require(\"path\").basename(process.argv[1]))' -- {A('p')}"], benign={"p": "/a/b.txt"}, ok=lambda o: "b.txt" in o, idiom="node argv")
tool(M, "perl_mod_check", "exec", "Check that a Perl module loads.", {"module": "Module::Name"},
     [f"perl -M{A('module')} -e 'print \"ok\\n\"'"], payload={"module": "strict;system(q(touch {C}))"}, idiom="perl -M")
tool(M, "perl_mod_check_safe", "safe", "Check that a Perl module loads.", {"module": "Module::Name"},
     [f"[[ {A('module')} =~ ^[A-Za-z][A-Za-z0-9_]*(::[A-Za-z0-9_]+)*$ ]] || {{ echo 'bad module name'; exit 2; }}; perl -M{A('module')} -e 'print \"ok\\n\"'"],
     benign={"module": "POSIX"}, ok=lambda o: "ok" in o, hostile=["strict;system(q(touch {C}))", "POSIX=system"], idiom="regex module guard")
tool(M, "grep_lines_perl", "exec", "Print lines matching a Perl regex.", {"re": "regex"},
     [f"perl -ne 'print if /UTCP_ARG_re_UTCP_END/' data/a.txt"], payload={"re": "(?{system(qq(touch \\x2ftmp\\x2fblindT_canary_grep_lines_perl))})"}, idiom="perl code regex")
tool(M, "sed_script", "exec", "Apply a sed expression to the data file (print only).", {"expr": "sed expression"},
     [f"sed -n {A('expr')} data/a.txt"], payload={"expr": "1e touch {C}"}, idiom="sed e command")
tool(M, "print_line", "safe", "Print line N of the data file.", {"n": "line number"},
     [f"[[ {A('n')} =~ ^[0-9]+$ ]] || exit 1; sed -n \"UTCP_ARG_n_UTCP_ENDp\" data/a.txt"], benign={"n": "2"}, ok=lambda o: "beta" in o, idiom="regex then sed dq")
tool(M, "rename_term", "write", "Replace a term in the data file, printing the result.", {"new": "replacement"},
     [f"sed \"s/alpha/{A('new')}/\" data/a.txt"], payload={"new": "x/w /tmp/blindT_w_sed\n#"}, check=lambda o: ex("/tmp/blindT_w_sed"), idiom="sed s///w injection")
tool(M, "merge_list", "option", "Merge another list into the base list, sorted and unique.", {"extra": "list file"},
     [f"sort -u data/a.txt {A('extra')}"], payload={"extra": "-o/tmp/blindT_w_sort"}, check=lambda o: ex("/tmp/blindT_w_sort"), idiom="sort -o permuted")
tool(M, "merge_list_dd", "safe", "Merge another list into the base list, sorted and unique.", {"extra": "list file"},
     [f"sort -u -- data/a.txt {A('extra')}"], benign={"extra": "data/a.txt"}, idiom="sort --")
tool(M, "to_ascii", "option", "Transliterate a file to ASCII.", {"file": "input file"},
     [f"iconv -f UTF-8 -t ASCII//TRANSLIT {A('file')}"], payload={"file": "-o/tmp/blindT_w_iconv"}, check=lambda o: ex("/tmp/blindT_w_iconv"), idiom="iconv -o")
tool(M, "to_ascii_stdin", "safe", "Transliterate text to ASCII.", {"text": "text"},
     [f"printf '%s' {A('text')} | iconv -f UTF-8 -t ASCII//TRANSLIT"], benign={"text": "café"}, idiom="stdin")
tool(M, "common_lines", "safe", "Lines shared between the data file and a given list.", {"items": "newline separated"},
     [f"comm -12 <(sort data/a.txt) <(printf '%s\\n' {A('items')} | sort)"], benign={"items": "beta\nzeta"}, ok=lambda o: "beta" in o, idiom="process substitution")
tool(M, "yaml_version", "safe", "Read the version field of the service yaml.", {"key": "top-level key"},
     [f"[[ {A('key')} =~ ^[a-z_]+$ ]] || {{ echo 'bad key'; exit 1; }}; yq -r \".UTCP_ARG_key_UTCP_END\" data/d.yaml"], benign={"key": "version"}, idiom="regex then yq")
tool(M, "json_field_sub", "broken", "Print a field from the service JSON with a label.", {"field": "field name"},
     [f"echo \"value: $(jq -r '.UTCP_ARG_field_UTCP_END' data/c.json)\""], payload={"field": "version"}, check=lambda o: "1.2.3" not in o, idiom="sq inside $( ) in dq misread")
tool(M, "bytes_human", "safe", "Format a byte count human-readably.", {"bytes": "integer"},
     [f"numfmt --to=iec -- {A('bytes')}"], benign={"bytes": "123456"}, idiom="numfmt --")
tool(M, "hex_dump", "safe", "Hex-encode a string.", {"text": "text"},
     [f"printf '%s' {A('text')} | xxd -p"], benign={"text": "hi"}, ok=lambda o: "6869" in o, idiom="xxd stdin")
tool(M, "verify_sum", "safe", "Verify the data file against an expected sha256.", {"sum": "hex digest"},
     [f"printf '%s  %s\\n' {A('sum')} data/a.txt | sha256sum -c -"], benign={"sum": "00"}, ok=lambda o: True, idiom="sha256sum -c -")
tool(M, "bump_version_bsd", "broken", "Set the version in the service yaml.", {"version": "new version"},
     [f"sed -i '' \"s/^version: .*/version: {A('version')}/\" data/d.yaml", "cat data/d.yaml"], payload={"version": "2.0.0"}, check=lambda o: "2.0.0" not in o, idiom="BSD sed -i ''")
tool(M, "decode_bsd", "broken", "Decode base64 text.", {"b64": "base64"},
     [f"printf '%s' {A('b64')} | base64 -D"], payload={"b64": "aGk="}, check=lambda o: o.strip() != "hi", idiom="macOS base64 -D")
tool(M, "json_field_arg", "broken", "Read one field of the service JSON.", {"field": "field"},
     [f"jq -r --arg k {A('field')} '.[$k]' data/c.json"], payload={"field": "version"}, check=lambda o: "EXC" in o, idiom="jq $k eaten by client")

# ---------------- release: vcs / build / packaging ----------------
M = "release"
tool(M, "log_range", "option", "One-line history of a revision range.", {"rev": "revision or range"},
     [f"git -C repo log --oneline {A('rev')}"], payload={"rev": "--output=/tmp/blindT_w_gitlog"}, check=lambda o: ex("/tmp/blindT_w_gitlog"), idiom="git log --output")
tool(M, "log_range_eoo", "safe", "One-line history of a revision range.", {"rev": "revision or range"},
     [f"git -C repo log --oneline --end-of-options {A('rev')} --"], benign={"rev": "HEAD"}, ok=lambda o: "init" in o, idiom="--end-of-options")
tool(M, "tag_release", "safe", "Create an annotated semver tag.", {"tag": "vX.Y.Z"},
     [f"[[ {A('tag')} =~ ^v[0-9]+\\.[0-9]+\\.[0-9]+$ ]] || {{ echo 'tag must be vX.Y.Z'; exit 1; }}; git -C repo tag -a -m 'release' {A('tag')} && git -C repo tag -l"],
     benign={"tag": "v1.2.3"}, ok=lambda o: "v1.2.3" in o, idiom="semver regex")
tool(M, "short_build_id", "broken", "Build id from the current commit.", {"prefix": "prefix"},
     ["git -C repo rev-parse --short HEAD", f"echo \"{A('prefix')}-$CMD_0_OUTPUT\""], payload={"prefix": "build"}, check=lambda o: "EXC" in o, idiom="$CMD_0_OUTPUT client var")
tool(M, "changelog_since", "broken", "Changelog lines since the latest tag.", {"fmt": "pretty format"},
     ["git -C repo describe --tags --abbrev=0", f"git -C repo log --pretty=format:{A('fmt')} \"${{CMD_0_OUTPUT}}..HEAD\""], payload={"fmt": "%s"}, check=lambda o: "EXC" in o, idiom="${CMD_0_OUTPUT} client var")
tool(M, "commit_msg_file", "split", "Commit staged changes with a message.", {"message": "commit message"},
     [f"printf '%s' {A('message')} > .git-msg", "git -C repo commit --allow-empty -q -m $(cat .git-msg) && git -C repo log -1 --format=%s"],
     payload={"message": "fix login bug"}, check=lambda o: "pathspec" in o or "did not match" in o, idiom="unquoted $(cat)")
tool(M, "commit_msg", "safe", "Commit staged changes with a message.", {"message": "commit message"},
     [f"git -C repo commit --allow-empty -q -F - <<< {A('message')} && git -C repo log -1 --format=%s"], benign={"message": "fix login bug"}, ok=lambda o: "fix login bug" in o, idiom="here-string -F -")
tool(M, "bundle_repo", "write", "Write a git bundle of all refs to a path.", {"file": "bundle path"},
     [f"git -C repo bundle create {A('file')} --all"], payload={"file": "/tmp/blindT_w_bundle"}, check=lambda o: ex("/tmp/blindT_w_bundle"), idiom="bundle dest")
tool(M, "bundle_repo_named", "safe", "Write a git bundle of all refs to out/<name>.bundle.", {"name": "bundle name"},
     [f"[[ {A('name')} =~ ^[a-z0-9-]+$ ]] || {{ echo 'bad name'; exit 1; }}; git -C repo bundle create ../out/{A('name')}.bundle --all 2>&1 | tail -1"], benign={"name": "nightly"}, idiom="regex + fixed dir")
tool(M, "make_target", "exec", "Run a make target of the project.", {"target": "make target"},
     [f"make --no-print-directory {A('target')}"], payload={"target": "--eval=$(shell touch {C})"}, idiom="make --eval")
tool(M, "make_target_case", "safe", "Run a make target of the project (build or test).", {"target": "build|test"},
     [f"case {A('target')} in build|test) make --no-print-directory {A('target')} ;; *) echo 'unknown target' ;; esac"], benign={"target": "build"}, ok=lambda o: "built" in o,
     hostile=["--eval=$(shell touch {C})", "SHELL=/tmp/x"], idiom="case allowlist")
tool(M, "archive_release", "exec", "Archive data/ with a chosen compressor (zstd, xz or gzip).", {"compressor": "compressor"},
     [f"case {A('compressor')} in zstd*|xz*|gzip*) tar -I {A('compressor')} -cf out/data.tar.x data ;; *) echo unsupported ;; esac"],
     payload={"compressor": "gzip;touch {C};gzip"}, idiom="tar -I with prefix-glob guard")
tool(M, "archive_release_exact", "safe", "Archive data/ with a chosen compressor (zstd, xz or gzip).", {"compressor": "compressor"},
     [f"case {A('compressor')} in zstd|xz|gzip) tar -I {A('compressor')} -cf out/data.tar.x data && echo done ;; *) echo unsupported ;; esac"],
     benign={"compressor": "gzip"}, ok=lambda o: "done" in o, hostile=["gzip;touch {C};gzip"], idiom="exact case guard")
tool(M, "restore_member", "exec", "Restore one member of the nightly backup into out/.", {"member": "member path"},
     [f"tar -C out -xf backup.tar {A('member')}"], payload={"member": "--to-command=touch {C}"}, idiom="tar --to-command")
tool(M, "restore_member_dd", "safe", "Restore one member of the nightly backup into out/.", {"member": "member path"},
     [f"tar -C out -xf backup.tar -- {A('member')} && ls out"], benign={"member": "a.txt"}, ok=lambda o: "a.txt" in o, hostile=["--to-command=touch {C}", "--checkpoint=1 --checkpoint-action=exec=touch {C}"], idiom="tar --")
tool(M, "restore_into", "write", "Restore the nightly backup into out/<dir>.", {"dir": "sub directory"},
     [f"mkdir -p out/{A('dir')} && tar -C out/{A('dir')} -xf backup.tar && echo restored"], payload={"dir": "../../blindT_w_tar"}, check=lambda o: ex("/tmp/blindT_w_tar/a.txt"), idiom="tar -C traversal")
tool(M, "unpack_bundle", "write", "Unpack the release bundle into a directory.", {"dest": "destination dir"},
     [f"unzip -o -q bundle.zip -d {A('dest')} && echo ok"], payload={"dest": "/tmp/blindT_w_unzip"}, check=lambda o: ex("/tmp/blindT_w_unzip"), idiom="unzip -d")
tool(M, "list_bundle", "safe", "Check whether a path is in the release bundle.", {"path": "member path"},
     [f"unzip -Z1 bundle.zip | grep -Fx -- {A('path')} || echo 'not in bundle'"], benign={"path": "data/a.txt"}, ok=lambda o: "data/a.txt" in o, idiom="unzip -Z1 | grep -Fx --")
tool(M, "split_chunks", "exec", "Split the data file into one-line chunks with a prefix.", {"prefix": "chunk prefix"},
     [f"split -l 1 data/a.txt {A('prefix')} && ls"], payload={"prefix": "--filter=touch {C}"}, idiom="split --filter")
tool(M, "split_chunks_dir", "write", "Split the data file into one-line chunks under out/.", {"prefix": "chunk prefix"},
     [f"split -l 1 -- data/a.txt out/{A('prefix')}"], payload={"prefix": "../../blindT_w_split"}, check=lambda o: ex("/tmp/blindT_w_splitaa"), idiom="split prefix traversal")
tool(M, "split_chunks_safe", "safe", "Split the data file into one-line chunks under out/.", {"prefix": "chunk prefix"},
     [f"[[ {A('prefix')} =~ ^[a-z0-9_]+$ ]] || {{ echo 'bad prefix'; exit 1; }}; split -l 1 -- data/a.txt out/{A('prefix')} && ls out"], benign={"prefix": "part_"}, idiom="regex + --")
tool(M, "section_split", "write", "Split the data file at a line into files with a prefix.", {"prefix": "output prefix"},
     [f"csplit -s -f {A('prefix')} data/a.txt 2 && ls"], payload={"prefix": "/tmp/blindT_w_cs"}, check=lambda o: ex("/tmp/blindT_w_cs00"), idiom="csplit -f")
tool(M, "section_split_at", "safe", "Split the data file at a line number into out/part_NN.", {"line": "line number"},
     [f"[[ {A('line')} =~ ^[0-9]+$ ]] || exit 1; csplit -s -f out/part_ data/a.txt {A('line')} && ls out"], benign={"line": "2"}, idiom="csplit fixed prefix")
tool(M, "install_conf", "write", "Install the default config as out/conf.d/<name>.", {"name": "config name"},
     [f"install -D -m 0644 data/a.txt out/conf.d/{A('name')} && echo installed"], payload={"name": "../../../blindT_w_inst"}, check=lambda o: ex("/tmp/blindT_w_inst"), idiom="install -D traversal")
tool(M, "install_conf_checked", "safe", "Install the default config as out/conf.d/<name>.conf.", {"name": "config name"},
     [f"case {A('name')} in */*|.*|'') echo 'bad name'; exit 1;; esac", f"[[ {A('name')} != */* && {A('name')} != .* ]] && install -D -m 0644 -- data/a.txt out/conf.d/{A('name')}.conf && echo installed"],
     benign={"name": "app"}, ok=lambda o: "installed" in o, idiom="guard repeated in step that acts")
tool(M, "install_conf_stepguard", "write", "Install the default config as out/conf.d/<name>.", {"name": "config name"},
     [f"case {A('name')} in */*|.*) echo 'bad name'; exit 1;; esac", f"install -D -m 0644 data/a.txt out/conf.d/{A('name')} && echo installed"],
     payload={"name": "../../../blindT_w_inst2"}, check=lambda o: ex("/tmp/blindT_w_inst2"), idiom="guard in separate step (no effect)")
tool(M, "pip_show", "split", "Show metadata of one installed Python package.", {"package": "package name"},
     [f"python3 -m pip show $(echo {A('package')} | tr -d '\\r')"], payload={"package": "pip setuptools"}, check=lambda o: o.count("Name:") >= 2 or "setuptools" in o, idiom="unquoted $(echo|tr)")
tool(M, "pip_show_q", "safe", "Show metadata of one installed Python package.", {"package": "package name"},
     [f"python3 -m pip show -- {A('package')}"], benign={"package": "pip"}, ok=lambda o: "Name: pip" in o, idiom="pip show --")

# ---------------- pki: keys and certificates ----------------
M = "pki"
tool(M, "new_key", "write", "Generate an RSA key as keys/<name>.pem.", {"name": "key name"},
     [f"openssl genrsa -out keys/{A('name')}.pem 2048 2>/dev/null && echo created"], payload={"name": "../../blindT_w_key"}, check=lambda o: ex("/tmp/blindT_w_key.pem"), idiom="openssl -out traversal")
tool(M, "new_key_checked", "safe", "Generate an RSA key as keys/<name>.pem.", {"name": "key name"},
     [f"[[ {A('name')} =~ ^[A-Za-z0-9_-]+$ ]] || {{ echo 'bad name'; exit 1; }}; openssl genrsa -out keys/{A('name')}.pem 2048 2>/dev/null && echo created"], benign={"name": "api"}, ok=lambda o: "created" in o, idiom="regex name")
tool(M, "new_ssh_key", "write", "Generate an ed25519 deploy key at keys/<name>.", {"name": "key name"},
     [f"ssh-keygen -q -t ed25519 -N '' -C deploy -f keys/{A('name')} && echo ok"], payload={"name": "../../blindT_w_sshkey"}, check=lambda o: ex("/tmp/blindT_w_sshkey"), idiom="ssh-keygen -f traversal")
tool(M, "key_fingerprint", "safe", "Fingerprint of a deploy key in keys/.", {"name": "key name"},
     [f"[[ {A('name')} =~ ^[a-z0-9_-]+$ ]] || {{ echo 'bad key'; exit 1; }}; ssh-keygen -l -f keys/{A('name')}.pub"], benign={"name": "deploy"}, ok=lambda o: "ED25519" in o, idiom="regex + fixed dir")
tool(M, "csr_subject", "split", "Create a CSR for a host name and show its subject.", {"cn": "common name"},
     ["openssl genrsa -out keys/host.key 2048 2>/dev/null", f"openssl req -new -key keys/host.key -subj \"/CN={A('cn')}\" -out out/host.csr", "openssl req -in out/host.csr -noout -subject"],
     payload={"cn": "app.example/O=Evil Corp"}, check=lambda o: "Evil Corp" in o, idiom="openssl -subj / splits RDNs")
tool(M, "csr_subject_checked", "safe", "Create a CSR for a host name and show its subject.", {"cn": "common name"},
     ["openssl genrsa -out keys/host.key 2048 2>/dev/null", f"[[ {A('cn')} =~ ^[A-Za-z0-9.-]+$ ]] && openssl req -new -key keys/host.key -subj \"/CN={A('cn')}\" -out out/host.csr && openssl req -in out/host.csr -noout -subject"],
     benign={"cn": "app.example"}, ok=lambda o: "app.example" in o, hostile=["a/O=Evil"], bad=lambda o: "Evil" in o, idiom="regex then -subj")
tool(M, "sign_user_cert", "split", "Sign an SSH user certificate for one principal and show it.", {"user": "login name"},
     ["ssh-keygen -q -t ed25519 -N '' -f keys/ca", "ssh-keygen -q -t ed25519 -N '' -f keys/user",
      f"ssh-keygen -q -s keys/ca -I deploy -n {A('user')} -V +1h keys/user.pub", "ssh-keygen -L -f keys/user-cert.pub"],
     payload={"user": "alice,root"}, check=lambda o: "root" in o, idiom="ssh-keygen -n comma list")
tool(M, "sign_user_cert_checked", "safe", "Sign an SSH user certificate for one principal and show it.", {"user": "login name"},
     ["ssh-keygen -q -t ed25519 -N '' -f keys/ca", "ssh-keygen -q -t ed25519 -N '' -f keys/user",
      f"[[ {A('user')} =~ ^[a-z_][a-z0-9_-]*$ ]] && ssh-keygen -q -s keys/ca -I deploy -n {A('user')} -V +1h keys/user.pub && ssh-keygen -L -f keys/user-cert.pub"],
     benign={"user": "alice"}, ok=lambda o: "alice" in o, hostile=["alice,root"], bad=lambda o: "root" in o, idiom="regex principal")
tool(M, "decode_to_file", "write", "Decode base64 data into out/<name>.", {"data": "base64", "name": "file name"},
     [f"printf '%s' {A('data')} | base64 -d > out/{A('name')} && echo written"], payload={"data": "aGk=", "name": "../../blindT_w_b64"}, check=lambda o: ex("/tmp/blindT_w_b64"), idiom="redirect traversal")
tool(M, "decode_to_file_checked", "safe", "Decode base64 data into out/<name>.", {"data": "base64", "name": "file name"},
     [f"[[ {A('name')} =~ ^[A-Za-z0-9._-]+$ && {A('name')} != .* ]] || {{ echo 'bad name'; exit 1; }}; printf '%s' {A('data')} | base64 -d > out/{A('name')} && echo written"],
     benign={"data": "aGk=", "name": "x.bin"}, ok=lambda o: "written" in o, idiom="regex + no leading dot")
tool(M, "fingerprint_cert_env", "broken", "Print the SHA-256 fingerprint of the CA certificate.", {"algo": "digest"},
     [f"openssl x509 -noout -fingerprint -{A('algo')} -in \"$CERT_DIR/ca.pem\""], env_vars={"CERT_DIR": "/etc/ssl/local"},
     payload={"algo": "sha256"}, check=lambda o: "EXC" in o, idiom="template $CERT_DIR meant for env_vars, eaten by client")
tool(M, "read_stream", "exec", "Read from a socat address and print it (one-way).", {"src": "socat address"},
     [f"timeout 5 socat -u {A('src')} STDOUT"], payload={"src": "EXEC:touch {C}"}, idiom="socat EXEC address")
tool(M, "read_local_file", "safe", "Read a file under data/ via socat.", {"name": "file name"},
     [f"[[ {A('name')} =~ ^[a-z0-9_]+\\.(txt|csv)$ ]] || {{ echo 'bad name'; exit 1; }}; timeout 5 socat -u OPEN:data/{A('name')},rdonly STDOUT"], benign={"name": "a.txt"}, ok=lambda o: "alpha" in o, idiom="regex then socat OPEN")

# ---------------- media / docs ----------------
M = "media"
tool(M, "placeholder_png", "write", "Create a blank placeholder PNG as out/<name>.png.", {"name": "image name"},
     [f"convert -size 10x10 xc:white out/{A('name')}.png && echo ok"], payload={"name": "../../blindT_w_img"}, check=lambda o: ex("/tmp/blindT_w_img.png"), idiom="convert out traversal")
tool(M, "placeholder_png_size", "safe", "Create a blank placeholder PNG of a given size as out/blank.png.", {"size": "WxH"},
     [f"[[ {A('size')} =~ ^[0-9]{{1,4}}x[0-9]{{1,4}}$ ]] || {{ echo 'size must be WxH'; exit 1; }}; convert -size {A('size')} xc:white out/blank.png && identify out/blank.png"],
     benign={"size": "10x10"}, ok=lambda o: "10x10" in o, idiom="regex geometry")
tool(M, "copy_blocks", "write", "Copy the data file to out/<name> with dd.", {"name": "output name"},
     [f"dd if=data/a.txt of=out/{A('name')} bs=4k status=none && echo copied"], payload={"name": "../../blindT_w_dd"}, check=lambda o: ex("/tmp/blindT_w_dd"), idiom="dd of= traversal")
tool(M, "copy_blocks_bs", "safe", "Copy the data file to out/copy.bin with a block size.", {"bs": "block size"},
     [f"dd if=data/a.txt of=out/copy.bin bs={A('bs')} status=none && echo copied"], benign={"bs": "4k"}, ok=lambda o: "copied" in o,
     hostile=["4k of=/tmp/blindT_w_dd2", "4k\nof=/tmp/blindT_w_dd3"], idiom="dd bs= value")
tool(M, "report_note", "write", "Append a note to out/reports/<name>.txt.", {"name": "report name", "text": "note"},
     [f"printf '%s\\n' {A('text')} | tee -a out/reports/{A('name')}.txt"], payload={"name": "../../../blindT_w_tee", "text": "x"}, check=lambda o: ex("/tmp/blindT_w_tee.txt"), idiom="tee traversal")
tool(M, "report_note_fixed", "safe", "Append a note to out/reports/notes.txt.", {"text": "note"},
     [f"printf '%s\\n' {A('text')} | tee -a out/reports/notes.txt"], benign={"text": "hello"}, idiom="tee fixed file")
tool(M, "to_pdf", "option", "Convert a markdown document to PDF with pandoc.", {"doc": "document path"},
     [f"pandoc {A('doc')} -o out/doc.pdf"], payload={"doc": "--lua-filter=/tmp/evil.lua"}, check=lambda o: "--lua-filter=/tmp/evil.lua" in argv("pandoc"), idiom="pandoc option (stub)")
tool(M, "to_pdf_dd", "safe", "Convert a markdown document to PDF with pandoc.", {"doc": "document path"},
     [f"pandoc -o out/doc.pdf -- {A('doc')}"], benign={"doc": "README.md"}, bad=lambda o: inj("pandoc", {"-o"}), idiom="pandoc -- (stub)")
tool(M, "extract_audio", "option", "Extract the audio of a video into out/audio.m4a.", {"video": "input file"},
     [f"ffmpeg -nostdin -i {A('video')} -vn -c:a copy out/audio.m4a"], payload={"video": "x.mp4"}, payload2=None,
     check=lambda o: False, idiom="ffmpeg -i (dropped intentionally if not shown)")
tool(M, "strip_metadata", "option", "Remove metadata from an image in place.", {"image": "image path"},
     [f"exiftool -overwrite_original -all= {A('image')}"], payload={"image": "-delete_original!"}, check=lambda o: "-delete_original!" in argv("exiftool"), idiom="exiftool option (stub)")
tool(M, "strip_metadata_dd", "safe", "Remove metadata from an image in place.", {"image": "image path"},
     [f"case {A('image')} in -*) echo 'bad path'; exit 1;; esac; exiftool -overwrite_original -all= {A('image')}"], benign={"image": "a.jpg"},
     bad=lambda o: inj("exiftool", {"-overwrite_original", "-all="}), idiom="case -* guard (stub)")
tool(M, "pdf_pages", "option", "Render page range of a PDF to PNGs with ghostscript.", {"pdf": "PDF path"},
     [f"gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m -o out/page-%d.png {A('pdf')}"], payload={"pdf": "-dNOSAFER"}, check=lambda o: "-dNOSAFER" in argv("gs"), idiom="gs -dNOSAFER (stub)")

# ---------------- cloud: cluster / infra CLIs (stubs) ----------------
M = "cloud"
tool(M, "describe_pod", "option", "Describe a pod in the staging namespace.", {"pod": "pod name"},
     [f"kubectl describe pod {A('pod')} -n staging"], payload={"pod": "--kubeconfig=/tmp/blindT_evil"}, check=lambda o: "--kubeconfig=/tmp/blindT_evil" in argv("kubectl"), idiom="kubectl positional")
tool(M, "describe_pod_checked", "safe", "Describe a pod in the staging namespace.", {"pod": "pod name"},
     [f"[[ {A('pod')} =~ ^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$ ]] || {{ echo 'invalid pod name'; exit 1; }}; kubectl describe pod {A('pod')} -n staging"],
     benign={"pod": "web-1"}, bad=lambda o: inj("kubectl", {"-n"}), idiom="DNS-1123 regex")
tool(M, "release_status", "option", "Helm release status in prod.", {"release": "release name"},
     [f"helm status {A('release')} --namespace prod"], payload={"release": "--kube-context=admin"}, check=lambda o: "--kube-context=admin" in argv("helm"), idiom="helm positional")
tool(M, "release_status_dd", "safe", "Helm release status in prod.", {"release": "release name"},
     [f"helm status --namespace prod -- {A('release')}"], benign={"release": "web"}, bad=lambda o: inj("helm", {"--namespace"}), idiom="helm --")
tool(M, "upload_artifact", "option", "Upload a build artifact to the backups bucket.", {"src": "local file"},
     [f"aws s3 cp {A('src')} s3://backups/ --sse AES256"], env_vars={"AWS_PROFILE": "ci"}, payload={"src": "--endpoint-url=http://127.0.0.1:9"},
     check=lambda o: "--endpoint-url=http://127.0.0.1:9" in argv("aws"), idiom="aws positional")
tool(M, "upload_artifact_checked", "safe", "Upload a build artifact from out/ to the backups bucket.", {"name": "artifact file name"},
     [f"[[ {A('name')} =~ ^[A-Za-z0-9._-]+$ && {A('name')} != .* ]] || {{ echo 'bad name'; exit 1; }}; aws s3 cp out/{A('name')} s3://backups/ --sse AES256"],
     env_vars={"AWS_PROFILE": "ci"}, benign={"name": "app.tgz"}, bad=lambda o: inj("aws", {"--sse"}), idiom="regex + prefix path")
tool(M, "tf_output", "option", "Read one terraform output value.", {"name": "output name"},
     [f"terraform -chdir=infra output -raw {A('name')}"], payload={"name": "-state=/tmp/other.tfstate"}, check=lambda o: "-state=/tmp/other.tfstate" in argv("terraform"), idiom="terraform positional")
tool(M, "tf_output_checked", "safe", "Read one terraform output value.", {"name": "output name"},
     [f"[[ {A('name')} =~ ^[a-z_][a-z0-9_]*$ ]] || {{ echo 'bad output name'; exit 1; }}; terraform -chdir=infra output -raw {A('name')}"],
     benign={"name": "vpc_id"}, bad=lambda o: inj("terraform", {"-chdir=infra", "-raw"}), idiom="regex identifier")
tool(M, "tf_outputs_json", "broken", "Read one terraform output value via JSON.", {"name": "output name"},
     [f"terraform -chdir=infra output -json | jq -r --arg k {A('name')} '.[$k].value'"], payload={"name": "vpc_id"}, check=lambda o: "EXC" in o, idiom="jq $k eaten")
tool(M, "run_image", "option", "Run an image's healthcheck once.", {"image": "image ref"},
     [f"docker run --rm {A('image')} sh -c 'echo ready'"], payload={"image": "--privileged"}, check=lambda o: "--privileged" in argv("docker"), idiom="docker run positional")
tool(M, "run_image_checked", "safe", "Run an image's healthcheck once.", {"image": "image ref"},
     [f"[[ {A('image')} =~ ^[a-z0-9][a-z0-9./:_-]*$ ]] || {{ echo 'bad image'; exit 1; }}; docker run --rm {A('image')} sh -c 'echo ready'"],
     benign={"image": "alpine:3.19"}, bad=lambda o: inj("docker", {"--rm", "-c"}), idiom="regex image ref")
tool(M, "stop_container", "split", "Stop one container by id.", {"id": "container id"},
     [f"echo {A('id')} | xargs -n1 docker stop"], payload={"id": "web db"}, check=lambda o: argv("docker").count("--- docker") >= 2, idiom="xargs -n1 splits")
tool(M, "stop_container_dd", "safe", "Stop one container by id.", {"id": "container id"},
     [f"docker stop -- {A('id')}"], benign={"id": "web"}, bad=lambda o: inj("docker", set()) or argv("docker").count("--- docker") > 1, idiom="docker stop --")
tool(M, "container_logs_ctx", "broken", "Tail logs of a container in the configured docker context.", {"name": "container"},
     [f"docker --context \"${{DOCKER_CTX}}\" logs --tail 50 {A('name')}"], payload={"name": "web"}, check=lambda o: "EXC" in o, idiom="${DOCKER_CTX} shell var eaten")
tool(M, "sync_backup", "option", "Copy a local path to the offsite rclone remote.", {"src": "local path"},
     [f"rclone copy {A('src')} offsite:backups"], payload={"src": "--config=/tmp/evil.conf"}, check=lambda o: "--config=/tmp/evil.conf" in argv("rclone"), idiom="rclone positional")
tool(M, "sync_backup_dd", "safe", "Copy a local path to the offsite rclone remote.", {"src": "local path"},
     [f"rclone copy -- {A('src')} offsite:backups"], benign={"src": "data"}, bad=lambda o: inj("rclone", set()), idiom="rclone --")
tool(M, "db_console", "option", "Run the monthly report query against a database.", {"db": "database name"},
     ["psql -X -A -c 'select count(*) from orders' UTCP_ARG_db_UTCP_END"], payload={"db": "--log-file=/tmp/blindT_w_psql"}, check=lambda o: "--log-file=/tmp/blindT_w_psql" in argv("psql"), idiom="psql positional")
tool(M, "db_console_checked", "safe", "Run the monthly report query against a database.", {"db": "database name"},
     [f"[[ {A('db')} =~ ^[a-z_][a-z0-9_]*$ ]] || {{ echo 'bad db'; exit 1; }}; psql -X -A -c 'select count(*) from orders' -d {A('db')}"], benign={"db": "shop"},
     bad=lambda o: inj("psql", {"-X", "-A", "-c", "-d"}), idiom="regex + -d")
tool(M, "fetch_release", "option", "Download the assets of a GitHub release.", {"tag": "release tag"},
     [f"gh release download {A('tag')} --repo acme/app --dir out"], payload={"tag": "--dir=/"}, check=lambda o: "--dir=/" in argv("gh"), idiom="gh positional")
tool(M, "scan_image", "option", "Vulnerability scan of an image.", {"image": "image ref"},
     [f"trivy image --severity HIGH,CRITICAL {A('image')}"], payload={"image": "--output=/tmp/blindT_w_trivy"}, check=lambda o: "--output=/tmp/blindT_w_trivy" in argv("trivy"), idiom="trivy positional")
tool(M, "scan_image_checked", "safe", "Vulnerability scan of an image.", {"image": "image ref"},
     [f"case {A('image')} in -*|*' '*) echo 'bad image'; exit 1;; esac; trivy image --severity HIGH,CRITICAL {A('image')}"], benign={"image": "alpine:3.19"},
     bad=lambda o: inj("trivy", {"--severity"}), idiom="case -* guard")
tool(M, "install_crate", "option", "Install a Rust CLI crate.", {"crate": "crate name"},
     [f"cargo install --locked {A('crate')}"], payload={"crate": "--root=/usr/local"}, check=lambda o: "--root=/usr/local" in argv("cargo"), idiom="cargo positional")
tool(M, "install_crate_checked", "safe", "Install a Rust CLI crate.", {"crate": "crate name"},
     [f"[[ {A('crate')} =~ ^[a-zA-Z][a-zA-Z0-9_-]*$ ]] || {{ echo 'bad crate'; exit 1; }}; cargo install --locked {A('crate')}"], benign={"crate": "ripgrep"},
     bad=lambda o: inj("cargo", {"--locked"}), idiom="regex crate")
tool(M, "kube_pods_wide", "broken", "List pods with node names for a namespace.", {"ns": "namespace"},
     [f"kubectl get pods -n {A('ns')} -o wide | awk 'NR>1 {{print $1, $7}}'"], payload={"ns": "default"}, check=lambda o: "EXC" in o, idiom="awk $1 eaten")
tool(M, "helm_values_heredoc", "broken", "Upgrade a release with an image tag via a values heredoc.", {"tag": "image tag"},
     [f"cat > out/values.yaml <<EOF\nimage:\n  tag: {A('tag')}\nEOF", "helm upgrade web ./chart -f out/values.yaml && cat out/values.yaml"],
     payload={"tag": "1.2.3"}, check=lambda o: "tag: 1.2.3" not in o, idiom="heredoc in $( ) unterminated")
tool(M, "scale_deploy_comment", "broken", "Scale a deployment.", {"replicas": "replica count"},
     [f"# don't scale below 1\nkubectl scale deploy/web --replicas={A('replicas')}"], payload={"replicas": "3"}, check=lambda o: "--replicas=3" not in argv("kubectl"), idiom="apostrophe in comment misleads tracker")
tool(M, "scale_deploy", "safe", "Scale a deployment.", {"replicas": "replica count"},
     [f"[[ {A('replicas')} =~ ^[0-9]+$ ]] || {{ echo 'replicas must be a number'; exit 1; }}; kubectl scale deploy/web --replicas={A('replicas')}"], benign={"replicas": "3"},
     bad=lambda o: inj("kubectl", {"--replicas=3"}) , ok=lambda o: "--replicas=3" in argv("kubectl"), idiom="regex count")
tool("release", "zip_one", "split", "Zip one file into out/one.zip and list it.", {"file": "file path"},
     [f"printf '%s\\n' {A('file')} | zip -q out/one.zip -@ && unzip -Z1 out/one.zip"], payload={"file": "data/a.txt\ndata/b.csv"}, check=lambda o: "data/b.csv" in o, idiom="zip -@ newline list")
tool("release", "verify_ref", "split", "Resolve one git ref to its commit id.", {"ref": "ref name"},
     [f"echo {A('ref')} | xargs -I{{}} git -C repo rev-parse --verify {{}}"], payload={"ref": "HEAD\nv1.0"}, check=lambda o: len([l for l in o.split() if len(l) == 40]) >= 2, idiom="xargs -I per line")
tool("release", "verify_ref_dd", "safe", "Resolve one git ref to its commit id.", {"ref": "ref name"},
     [f"git -C repo rev-parse --verify --end-of-options {A('ref')}^{{commit}}"], benign={"ref": "v1.0"}, ok=lambda o: len(o.strip()) >= 40, idiom="rev-parse --end-of-options")
# dropped before labelling: could not be confirmed here (ImageMagick is only a stand-in on this machine;
# gs: -dNOSAFER with no input file has no shown effect; iconv -o with no input did not create the file; ffmpeg -i takes the value as its argument, no effect shown)
DROPPED_NAMES = {"pdf_pages", "to_ascii", "placeholder_png", "placeholder_png_size", "extract_audio"}
DROPPED_SPEC = [t for t in T if t["name"] in DROPPED_NAMES]
TOOLS = [t for t in T if t not in DROPPED_SPEC]
