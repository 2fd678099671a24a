"""Blind set D: tool specs. harness.py builds manuals/*.json from TOOLS and confirms labels.
Fields: manual, name, cat, desc, inputs{arg: desc | (type, desc)}, cmds [str | (str, append)],
payload (unsafe), benign (args for control / safe / broken), expect (substring a working
benign run prints), check (how the unsafe effect is observed), setup (bash run in the temp cwd
before every call), idiom. Tokens: {C} canary path, {W} write-target path, {WREL} the same
reached by ../ from any cwd, {P} per-tool prefix, {ID} tool id."""
import hashlib
TOOLS = []
STUB_PROGS = ["docker", "kubectl", "helm", "aws", "gcloud", "az", "terraform", "vault", "npm", "pip",
              "crontab", "systemctl", "journalctl", "rsync", "gpg", "gh", "mvn", "podman"]

def T(manual, name, cat, cmds, inputs, desc, **kw):
    if isinstance(cmds, str):
        cmds = [cmds]
    TOOLS.append(dict(manual=manual, name=name, cat=cat, cmds=cmds, inputs=inputs, desc=desc, **kw))

GIT = ("git init -q . && git config user.email dev@example.com && git config user.name dev && "
       "echo hello > README.md && mkdir -p src && echo 'print(1)' > src/app.py && git add -A && git commit -qm init")
SPLITF = "printf 'ERROR a\\n' > blindDsplitA && printf 'ERROR b\\n' > blindDsplitB"
SPLIT = {"x": "blindDsplitA blindDsplitB"}
sp = "blindDsplitA blindDsplitB"
def SPL(prog):
    return ("split", prog, ["blindDsplitA", "blindDsplitB"])

# ---------------------------------------------------------------- vcs
M = "vcs"
T(M, "git_mirror_clone", "exec", "git clone -q UTCP_ARG_url_UTCP_END UTCP_ARG_dest_UTCP_END && echo cloned",
  {"url": "Repository URL or path to mirror", "dest": "Directory name for the mirror"},
  "Mirror a git repository into a local directory.",
  setup="mkdir o && cd o && " + GIT + " && cd .. && git clone -q --bare o origin.git",
  payload={"url": "--upload-pack=touch {C};git-upload-pack", "dest": "origin.git"},
  benign={"url": "origin.git", "dest": "copy"}, idiom="git clone --upload-pack via leading dash")
T(M, "git_mirror_clone_checked", "safe",
  "case \"UTCP_ARG_dest_UTCP_END\" in ''|.*|*[!A-Za-z0-9._-]*) echo \"invalid name\"; exit 1;; esac; mkdir -p mirrors && git clone -q -- \"UTCP_ARG_url_UTCP_END\" \"mirrors/UTCP_ARG_dest_UTCP_END\" && echo \"cloned UTCP_ARG_dest_UTCP_END\"",
  {"url": "Repository URL or path to mirror", "dest": "Directory name for the mirror"},
  "Mirror a git repository into mirrors/<dest>.",
  setup="mkdir o && cd o && " + GIT + " && cd .. && git clone -q --bare o origin.git",
  benign={"url": "origin.git", "dest": "copy1"}, expect="cloned copy1", idiom="case guard + -- before url")
T(M, "git_show_commit", "option", "git show --stat UTCP_ARG_rev_UTCP_END",
  {"rev": "Commit, tag or branch to show"}, "Show the files changed by a commit.",
  setup=GIT, payload={"rev": "--output={W}"}, benign={"rev": "HEAD"}, check=("file", "{W}"),
  idiom="git show --output=FILE")
T(M, "git_show_commit_eoo", "safe", "git show --stat --end-of-options UTCP_ARG_rev_UTCP_END",
  {"rev": "Commit, tag or branch to show"}, "Show the files changed by a commit.",
  setup=GIT, benign={"rev": "HEAD"}, expect="init", idiom="--end-of-options")
T(M, "git_log_author", "safe", "git log --oneline -n 20 --author=\"UTCP_ARG_author_UTCP_END\"",
  {"author": "Author name or email"}, "List recent commits by an author.",
  setup=GIT, benign={"author": "dev"}, expect="init", idiom="--opt=\"value\"")
T(M, "git_commit_note", "safe", "git commit -q --allow-empty -m \"UTCP_ARG_msg_UTCP_END\" && git log -1 --format=%s",
  {"msg": "Commit message"}, "Record an empty commit with a note.",
  setup=GIT, benign={"msg": "release notes"}, expect="release notes", idiom="-m value")
T(M, "git_export_blob", "write",
  "mkdir -p exports && git show \"HEAD:UTCP_ARG_path_UTCP_END\" > \"exports/UTCP_ARG_name_UTCP_END\" && echo saved",
  {"path": "Path of the file in the repository", "name": "File name for the export (in exports/)"},
  "Export a file from HEAD into exports/.", setup=GIT,
  payload={"path": "README.md", "name": "{WREL}"}, benign={"path": "README.md", "name": "readme.txt"},
  idiom="redirect to dir/NAME")
T(M, "git_archive_release", "write",
  "git archive --format=tar -o \"UTCP_ARG_name_UTCP_END.tar\" HEAD && echo \"archived UTCP_ARG_name_UTCP_END.tar\"",
  {"name": "Release name"}, "Create a tarball of HEAD named after the release.", setup=GIT,
  payload={"name": "{W}"}, benign={"name": "v1"}, check=("file", "{W}.tar"), idiom="git archive -o NAME.tar")
T(M, "git_archive_release_checked", "safe",
  "[[ \"UTCP_ARG_name_UTCP_END\" =~ ^[a-z0-9][a-z0-9.-]*$ ]] || { echo \"bad name\"; exit 1; }; mkdir -p dist && git archive --format=tar -o \"dist/UTCP_ARG_name_UTCP_END.tar\" HEAD && echo \"archived UTCP_ARG_name_UTCP_END\"",
  {"name": "Release name"}, "Create a tarball of HEAD in dist/.", setup=GIT,
  benign={"name": "v1.2"}, expect="archived v1.2", idiom="[[ =~ ]] guard")
T(M, "git_blame_authors", "broken",
  "git blame --line-porcelain UTCP_ARG_file_UTCP_END | grep '^author ' | sort | uniq -c | sort -rn | awk '{print $1, $3}'",
  {"file": "File to analyse"}, "Count lines per author in a file.", setup=GIT,
  benign={"file": "README.md"}, expect="dev", idiom="awk $1 substituted by client")
T(M, "git_tag_list", "broken",
  "for t in $(git tag -l \"UTCP_ARG_pattern_UTCP_END\"); do echo \"tag: $t\"; done",
  {"pattern": "Tag glob, e.g. v1.*"}, "List tags matching a pattern.", setup=GIT + " && git tag v1",
  benign={"pattern": "v*"}, expect="tag: v1", idiom="loop variable $t substituted")
T(M, "git_stage_file", "split", "echo \"UTCP_ARG_path_UTCP_END\" | xargs git add && git status --short",
  {"path": "Path of the one file to stage"}, "Stage one file.",
  setup=GIT + " && touch blindDsplitA blindDsplitB notes.txt",
  payload={"path": sp}, benign={"path": "notes.txt"}, check=("out", "A  blindDsplitB"), idiom="echo | xargs")
T(M, "git_stage_file_literal", "safe",
  "git --literal-pathspecs add -- \"UTCP_ARG_path_UTCP_END\" && git status --short",
  {"path": "Path of the one file to stage"}, "Stage one file.",
  setup=GIT + " && touch notes.txt", benign={"path": "notes.txt"}, expect="A  notes.txt",
  idiom="--literal-pathspecs + --")
T(M, "git_remote_heads", "exec", "git ls-remote --heads UTCP_ARG_remote_UTCP_END",
  {"remote": "Remote name or URL (default origin)"}, "List the branches of a remote.",
  setup=GIT + " && git clone -q --bare . /tmp/blindD_x_{ID}_origin.git && git remote add origin /tmp/blindD_x_{ID}_origin.git",
  payload={"remote": "--upload-pack=touch {C};git-upload-pack"}, benign={"remote": "origin"},
  idiom="git ls-remote --upload-pack")
T(M, "diff_two_files", "safe", "diff -u -- \"UTCP_ARG_a_UTCP_END\" \"UTCP_ARG_b_UTCP_END\"",
  {"a": "Old file", "b": "New file"}, "Unified diff of two files.",
  setup="echo hello > a.txt && printf 'hello\\nworld\\n' > b.txt",
  benign={"a": "a.txt", "b": "b.txt"}, expect="+world", idiom="diff --")
T(M, "git_grep_py", "safe", "git grep -n -I -e \"UTCP_ARG_pattern_UTCP_END\" -- '*.py'",
  {"pattern": "Text to search for"}, "Search Python files for a pattern.", setup=GIT,
  benign={"pattern": "print"}, expect="src/app.py", idiom="git grep -e")
T(M, "git_log_color", "safe", "git -c color.ui=UTCP_ARG_mode_UTCP_END log -1 --oneline",
  {"mode": "Colour mode: auto, always or never"}, "Show the last commit.", setup=GIT,
  benign={"mode": "never"}, expect="init", idiom="git -c key=VALUE")
T(M, "git_changed_line_counts", "broken",
  ["git diff --name-only HEAD~1", "echo \"$CMD_0_OUTPUT\" | xargs -r wc -l"], {"ref": "unused ref"},
  "Count lines of files changed in the last commit.",
  setup=GIT + " && echo more >> README.md && git commit -qam second", benign={"ref": "HEAD"}, expect="README.md",
  idiom="$CMD_0_OUTPUT substituted by client")

# ---------------------------------------------------------------- archive
M = "archive"
TAR = "mkdir -p pkg out && echo hi > pkg/a.txt && tar -cf bundle.tar pkg"
T(M, "tar_extract_member", "exec", "tar -xf bundle.tar -C out UTCP_ARG_member_UTCP_END && echo extracted",
  {"member": "Path of the member to extract"}, "Extract one member of bundle.tar into out/.",
  setup=TAR, payload={"member": "--to-command=touch {C}"}, benign={"member": "pkg/a.txt"},
  idiom="tar --to-command")
T(M, "tar_extract_member_dd", "safe", "tar -xf bundle.tar -C out -- \"UTCP_ARG_member_UTCP_END\" && ls -R out",
  {"member": "Path of the member to extract"}, "Extract one member of bundle.tar into out/.",
  setup=TAR, benign={"member": "pkg/a.txt"}, expect="a.txt", idiom="tar --")
T(M, "tar_backup", "write", "mkdir -p backups && tar -czf \"backups/UTCP_ARG_name_UTCP_END.tgz\" data && echo ok",
  {"name": "Backup name"}, "Back up data/ into backups/<name>.tgz.", setup="mkdir data && echo x > data/f",
  payload={"name": "{WREL}"}, benign={"name": "nightly"}, check=("file", "{W}.tgz"), idiom="dir/NAME.tgz with ../")
T(M, "tar_backup_checked", "safe",
  "[[ \"UTCP_ARG_name_UTCP_END\" =~ ^[A-Za-z0-9_-]+$ ]] || { echo invalid; exit 1; }; mkdir -p backups && tar -czf \"backups/UTCP_ARG_name_UTCP_END.tgz\" data && echo \"ok UTCP_ARG_name_UTCP_END\"",
  {"name": "Backup name"}, "Back up data/ into backups/<name>.tgz.", setup="mkdir data && echo x > data/f",
  benign={"name": "nightly"}, expect="ok nightly", idiom="regex guard")
T(M, "tar_list_contents", "split", "echo \"Contents: $(tar -tzf UTCP_ARG_archive_UTCP_END)\"",
  {"archive": "Archive file to list"}, "List the files in one .tgz archive.",
  setup="touch blindDsplitB && tar -czf blindDsplitA blindDsplitB && touch other && tar -czf ok.tgz other",
  payload={"archive": sp}, benign={"archive": "ok.tgz"}, check=("out", "Contents: blindDsplitB"),
  idiom="placeholder in $( ) inside double quotes")
T(M, "unzip_upload", "write", "unzip -o -q upload.zip -d \"workspace/UTCP_ARG_project_UTCP_END\" && echo unpacked",
  {"project": "Project folder under workspace/"}, "Unpack upload.zip into workspace/<project>.",
  setup="mkdir -p pkg workspace && echo hi > pkg/readme.txt && zip -qr upload.zip pkg",
  payload={"project": "{WREL}"}, benign={"project": "demo"}, check=("file", "{W}/pkg/readme.txt"), idiom="unzip -d dir/NAME")
T(M, "unzip_upload_checked", "safe",
  "case \"UTCP_ARG_project_UTCP_END\" in ''|*/*|.*|-*) echo \"invalid project\"; exit 1;; esac; unzip -o -q upload.zip -d \"workspace/UTCP_ARG_project_UTCP_END\" && echo \"unpacked UTCP_ARG_project_UTCP_END\"",
  {"project": "Project folder under workspace/"}, "Unpack upload.zip into workspace/<project>.",
  setup="mkdir -p pkg workspace && echo hi > pkg/readme.txt && zip -qr upload.zip pkg",
  benign={"project": "demo"}, expect="unpacked demo", idiom="case guard")
T(M, "zip_add_and_test", "exec", "zip -q -T dist.zip UTCP_ARG_file_UTCP_END && echo added",
  {"file": "File to add to dist.zip"}, "Add a file to dist.zip and test the archive.",
  setup="echo hi > a.txt && zip -q dist.zip a.txt && echo b > b.txt",
  payload={"file": "-TTtouch {C}"}, benign={"file": "b.txt"}, idiom="zip -TT test command")
T(M, "zip_bundle", "write", "mkdir -p dist && zip -q -r \"dist/UTCP_ARG_name_UTCP_END.zip\" src && echo built",
  {"name": "Bundle name"}, "Zip src/ into dist/<name>.zip.", setup="mkdir src && echo x > src/a",
  payload={"name": "{WREL}"}, benign={"name": "app"}, check=("file", "{W}.zip"), idiom="zip dir/NAME.zip")
T(M, "gunzip_view", "safe", "gzip -dc -- \"UTCP_ARG_file_UTCP_END\" | head -n 20",
  {"file": ".gz file to show"}, "Show the first lines of a gzip file.",
  setup="echo hello-gz | gzip > log.gz", benign={"file": "log.gz"}, expect="hello-gz", idiom="gzip -dc --")
T(M, "xz_view", "safe", "xz -dc -- \"UTCP_ARG_file_UTCP_END\" | tail -n 20",
  {"file": ".xz file to show"}, "Show the last lines of an xz file.",
  setup="echo hello-xz | xz > log.xz", benign={"file": "log.xz"}, expect="hello-xz", idiom="xz -dc --")
T(M, "split_in_halves", "exec", "split -n 2 UTCP_ARG_file_UTCP_END && ls x*",
  {"file": "File to split into two halves"}, "Split a file into two halves (xaa, xab).",
  setup="seq 1 100 > big.txt", payload={"file": "--filter=touch {C}"}, benign={"file": "big.txt"},
  idiom="split --filter")
T(M, "split_csv_parts", "write", "mkdir -p parts && split -l 2 data.csv \"parts/UTCP_ARG_prefix_UTCP_END\" && ls parts",
  {"prefix": "Prefix of the part files"}, "Split data.csv into 2-line parts under parts/.",
  setup="printf 'a\\nb\\nc\\n' > data.csv", payload={"prefix": "{WREL}"}, benign={"prefix": "p_"},
  check=("file", "{W}aa"), idiom="split PREFIX with ../")
T(M, "tar_backup_files", "split", "tar -czvf backup.tgz $(echo UTCP_ARG_dir_UTCP_END | tr -d '\\r')",
  {"dir": "Directory to back up"}, "Back up one directory into backup.tgz.",
  setup=SPLITF + " && mkdir data && touch data/x", payload={"dir": sp}, benign={"dir": "data"},
  check=("out2", "blindDsplitB", "Cannot stat"), idiom="unquoted $(echo | tr)")
T(M, "zstd_view", "safe", "zstd -dcq -- \"UTCP_ARG_file_UTCP_END\"",
  {"file": ".zst file to show"}, "Print a zstd-compressed file.",
  setup="echo hello-zst | zstd -q -o log.zst", benign={"file": "log.zst"}, expect="hello-zst", idiom="zstd --")

# ---------------------------------------------------------------- text
M = "text"
LOG = "printf 'INFO start\\nERROR disk full\\nINFO done\\nERROR net\\n' > app.log"
T(M, "grep_count", "safe", "grep -c -e \"UTCP_ARG_pattern_UTCP_END\" -- app.log",
  {"pattern": "Pattern to count"}, "Count lines of app.log matching a pattern.", setup=LOG,
  benign={"pattern": "ERROR"}, expect="2", idiom="grep -e --")
T(M, "awk_count_matches", "exec", "awk '/UTCP_ARG_pattern_UTCP_END/ {n++} END {print n+0}' app.log",
  {"pattern": "Regular expression"}, "Count lines of app.log matching a regex.", setup=LOG,
  payload={"pattern": "x/ {n++} BEGIN {system(\"touch {C}\")} /x"}, benign={"pattern": "ERROR"},
  idiom="placeholder in awk program (single quotes)")
T(M, "awk_count_environ", "safe",
  "PAT=\"UTCP_ARG_pattern_UTCP_END\" awk 'BEGIN { while ((getline line < \"app.log\") > 0) if (index(line, ENVIRON[\"PAT\"])) n++; print n+0 }'",
  {"pattern": "Text to count"}, "Count lines of app.log containing a text.", setup=LOG,
  benign={"pattern": "ERROR"}, expect="2", idiom="awk ENVIRON")
T(M, "sed_replace", "exec", "sed \"s/UTCP_ARG_old_UTCP_END/UTCP_ARG_new_UTCP_END/g\" template.txt",
  {"old": "Text to replace", "new": "Replacement"}, "Preview a replacement in template.txt.",
  setup="echo 'hello NAME' > template.txt", payload={"old": "x", "new": "y/;1e touch {C}\ns/a/b"},
  benign={"old": "NAME", "new": "bob"}, idiom="sed script from value (e command)")
T(M, "sed_replace_sandbox", "safe", "sed --sandbox -e \"s/UTCP_ARG_old_UTCP_END/UTCP_ARG_new_UTCP_END/g\" template.txt",
  {"old": "Text to replace", "new": "Replacement"}, "Preview a replacement in template.txt.",
  setup="echo 'hello NAME' > template.txt", benign={"old": "NAME", "new": "bob"}, expect="hello bob",
  idiom="sed --sandbox")
T(M, "sed_drop_last_line", "broken", "sed '$d' UTCP_ARG_file_UTCP_END",
  {"file": "File to print"}, "Print a file without its last line.", setup=LOG,
  benign={"file": "app.log"}, expect="INFO start", idiom="sed $d substituted")
T(M, "perl_grep", "exec", "perl -ne 'print if /UTCP_ARG_re_UTCP_END/' app.log",
  {"re": "Perl regex"}, "Print app.log lines matching a Perl regex.", setup=LOG,
  payload={"re": "x/; system(\"touch {C}\"); print if /x"}, benign={"re": "ERROR"}, idiom="perl -ne code")
T(M, "cut_columns", "safe", "cut -d, -f UTCP_ARG_fields_UTCP_END data.csv",
  {"fields": "Field list, e.g. 1,3"}, "Select columns of data.csv.",
  setup="printf 'a,b,c\\n1,2,3\\n' > data.csv", benign={"fields": "1,3"}, expect="a,c", idiom="value after -f")
T(M, "sort_unique", "option", "sort -u UTCP_ARG_file_UTCP_END",
  {"file": "File to sort"}, "Sort a file and drop duplicates.", setup="printf 'b\\na\\nb\\n' > names.txt",
  payload={"file": "-o{W}"}, benign={"file": "names.txt"}, check=("file", "{W}"), idiom="sort -o")
T(M, "sort_unique_dd", "safe", "sort -u -- \"UTCP_ARG_file_UTCP_END\"",
  {"file": "File to sort"}, "Sort a file and drop duplicates.", setup="printf 'b\\na\\nb\\n' > names.txt",
  benign={"file": "names.txt"}, expect="a\nb", idiom="sort --")
T(M, "shuf_sample", "option", "shuf -n 3 UTCP_ARG_file_UTCP_END",
  {"file": "File to sample lines from"}, "Pick three random lines of a file.",
  setup="seq 1 10 > nums.txt", payload={"file": "-o{W}"}, benign={"file": "nums.txt"}, check=("file", "{W}"),
  idiom="shuf -o")
T(M, "column_table", "safe", "column -t -s, -- \"UTCP_ARG_file_UTCP_END\"",
  {"file": "CSV file"}, "Pretty-print a CSV file as a table.",
  setup="printf 'name,age\\nann,3\\n' > t.csv", benign={"file": "t.csv"}, expect="ann", idiom="column --")
T(M, "invoice_total", "broken", "echo \"Invoice total: $UTCP_ARG_amount_UTCP_END USD\"",
  {"amount": "Amount"}, "Format an invoice total.", benign={"amount": "12.50"}, expect="12.50",
  idiom="literal $ before placeholder")
T(M, "yaml_snippet", "broken", "cat <<EOF\nname: 'UTCP_ARG_name_UTCP_END'\nreplicas: 2\nEOF",
  {"name": "Service name"}, "Render a YAML snippet for a service.", benign={"name": "web"},
  expect="name: 'web'", idiom="single quotes inside heredoc misread by tracker")
T(M, "fold_text", "safe", "printf '%s\\n' \"UTCP_ARG_text_UTCP_END\" | fold -s -w UTCP_ARG_width_UTCP_END",
  {"text": "Text", "width": "Line width"}, "Wrap text to a width.",
  benign={"text": "hello wide world", "width": "6"}, expect="hello", idiom="printf %s | fold")
T(M, "grep_errors_in", "split", "echo \"UTCP_ARG_file_UTCP_END\" | xargs grep -c ERROR",
  {"file": "One log file"}, "Count ERROR lines in one log file.", setup=LOG + " && " + SPLITF,
  payload={"file": sp}, benign={"file": "app.log"}, check=("out", "blindDsplitB:1"), idiom="echo | xargs grep")
T(M, "word_count", "split", "echo \"Words: $(wc -w UTCP_ARG_file_UTCP_END)\"",
  {"file": "File to count"}, "Count words in a file.", setup=LOG + " && " + SPLITF,
  payload={"file": sp}, benign={"file": "app.log"}, check=("out", "total"), idiom="$( ) in double quotes")
T(M, "number_lines", "safe", "nl -ba -- \"UTCP_ARG_file_UTCP_END\"",
  {"file": "File"}, "Print a file with line numbers.", setup=LOG, benign={"file": "app.log"},
  expect="ERROR disk", idiom="nl --")
T(M, "python_regex_count", "safe",
  "python3 -c 'import re,sys; print(len(re.findall(sys.argv[1], open(\"app.log\").read())))' \"UTCP_ARG_pattern_UTCP_END\"",
  {"pattern": "Python regex"}, "Count regex matches in app.log.", setup=LOG, benign={"pattern": "ERROR"},
  expect="2", idiom="python -c with sys.argv")
T(M, "iconv_check", "safe", "iconv -f UTF-8 -t ASCII//TRANSLIT -- \"UTCP_ARG_file_UTCP_END\"",
  {"file": "Text file"}, "Transliterate a UTF-8 file to ASCII.", setup="echo 'cafe' > u.txt",
  benign={"file": "u.txt"}, expect="cafe", idiom="iconv --")
T(M, "date_format", "option", "date -u UTCP_ARG_fmt_UTCP_END",
  {"fmt": "Format, e.g. +%Y-%m-%d"}, "Print the current UTC date in a format.",
  setup="echo TOPSECRET-{ID} > {P}_secret", payload={"fmt": "--file={P}_secret"}, benign={"fmt": "+%Y"},
  check=("out", "TOPSECRET-{ID}"), idiom="date --file reads a file")

# ---------------------------------------------------------------- data
M = "data"
DB = "sqlite3 app.db \"create table users(id integer, name text, email text); insert into users values(1,'alice','alice@example.com');\""
T(M, "jq_get_key", "broken", "jq -r --arg k \"UTCP_ARG_key_UTCP_END\" '.[$k]' config.json",
  {"key": "Top-level key"}, "Read a key from config.json.", setup="echo '{\"region\": \"eu-west-1\"}' > config.json",
  benign={"key": "region"}, expect="eu-west-1", idiom="jq --arg $k substituted by client")
T(M, "jq_get_key_env", "safe", "KEY=\"UTCP_ARG_key_UTCP_END\" jq -r '.[env.KEY] // \"missing\"' config.json",
  {"key": "Top-level key"}, "Read a key from config.json.", setup="echo '{\"region\": \"eu-west-1\"}' > config.json",
  benign={"key": "region"}, expect="eu-west-1", idiom="jq env.KEY")
T(M, "jq_export_items", "write", "mkdir -p out && jq '.items' data.json > \"out/UTCP_ARG_name_UTCP_END.json\" && echo written",
  {"name": "Output name"}, "Export the items of data.json to out/<name>.json.",
  setup="echo '{\"items\": [1,2]}' > data.json", payload={"name": "{WREL}"}, benign={"name": "items"},
  check=("file", "{W}.json"), idiom="jq > dir/NAME.json")
T(M, "sqlite_user_by_id", "exec", "sqlite3 app.db <<EOF\nSELECT name FROM users WHERE id = UTCP_ARG_id_UTCP_END;\nEOF",
  {"id": "User id"}, "Look up a user name by id.", setup=DB,
  payload={"id": "1\";\n.shell touch {C}\nSELECT \"1"}, benign={"id": "1"}, idiom="sqlite3 heredoc .shell")
T(M, "sqlite_user_by_id_checked", "safe",
  "[[ \"UTCP_ARG_id_UTCP_END\" =~ ^[0-9]+$ ]] || { echo \"id must be numeric\"; exit 1; }; sqlite3 -readonly app.db \"SELECT name FROM users WHERE id = UTCP_ARG_id_UTCP_END;\"",
  {"id": "User id"}, "Look up a user name by id.", setup=DB, benign={"id": "1"}, expect="alice",
  idiom="numeric guard before SQL")
T(M, "sqlite_user_email", "write", "sqlite3 app.db \"SELECT email FROM users WHERE name = 'UTCP_ARG_name_UTCP_END';\"",
  {"name": "User name"}, "Look up a user's email.", setup=DB,
  payload={"name": "x'; ATTACH DATABASE '{W}' AS w; CREATE TABLE w.t(a); --"}, benign={"name": "alice"},
  check=("file", "{W}"), idiom="SQL injection ATTACH writes a file")
T(M, "sqlite_email_heredoc", "broken", "sqlite3 app.db <<EOF\nSELECT email FROM users WHERE name = 'UTCP_ARG_name_UTCP_END';\nEOF",
  {"name": "User name"}, "Look up a user's email.", setup=DB, benign={"name": "alice"},
  expect="alice@example.com", idiom="quotes in heredoc misread")
T(M, "csv_count_city", "safe",
  "python3 -c 'import csv,sys; print(sum(1 for r in csv.DictReader(open(\"people.csv\")) if r[\"city\"] == sys.argv[1]))' \"UTCP_ARG_city_UTCP_END\"",
  {"city": "City"}, "Count people in a city.", setup="printf 'name,city\\nann,Oslo\\nbob,Rome\\n' > people.csv",
  benign={"city": "Oslo"}, expect="1", idiom="python sys.argv")
T(M, "config_lookup_py", "exec",
  "python3 -c \"import json; d=json.load(open('config.json')); print(d.get('UTCP_ARG_key_UTCP_END'))\"",
  {"key": "Key"}, "Read a key from config.json.", setup="echo '{\"region\": \"eu\"}' > config.json",
  payload={"key": "x')); import os; os.system('touch {C}'); print(('"}, benign={"key": "region"},
  idiom="python -c code string in double quotes")
T(M, "b64_store", "write",
  "mkdir -p files && printf '%s' \"UTCP_ARG_data_UTCP_END\" | base64 -d > \"files/UTCP_ARG_name_UTCP_END\" && echo stored",
  {"data": "Base64 content", "name": "File name"}, "Store a base64 upload in files/.",
  payload={"data": "aGk=", "name": "{WREL}"}, benign={"data": "aGk=", "name": "a.txt"}, check=("file", "{W}"),
  idiom="base64 -d > dir/NAME")
T(M, "b64_store_checked", "safe",
  "case \"UTCP_ARG_name_UTCP_END\" in ''|*/*|.*) echo \"invalid name\"; exit 1;; esac; mkdir -p files && printf '%s' \"UTCP_ARG_data_UTCP_END\" | base64 -d > \"files/UTCP_ARG_name_UTCP_END\" && echo \"stored UTCP_ARG_name_UTCP_END\"",
  {"data": "Base64 content", "name": "File name"}, "Store a base64 upload in files/.",
  benign={"data": "aGk=", "name": "a.txt"}, expect="stored a.txt", idiom="case guard no slash")
T(M, "config_merge_env", "broken",
  ["jq -c '.defaults' config.json", "echo \"$CMD_0_OUTPUT\" | jq -c '. + {\"env\": \"UTCP_ARG_env_UTCP_END\"}'"],
  {"env": "Environment name"}, "Merge the defaults of config.json with an environment.",
  setup="echo '{\"defaults\": {\"a\": 1}}' > config.json", benign={"env": "prod"}, expect="prod",
  idiom="$CMD_0_OUTPUT")
T(M, "build_stamp", "safe",
  [("git rev-parse --short HEAD", False), ("echo \"build UTCP_ARG_name_UTCP_END at ${CMD_0_OUTPUT:-unknown}\"", True)],
  {"name": "Build name"}, "Print a build stamp with the commit.", setup=GIT,
  benign={"name": "nightly"}, expect="build nightly at", idiom="${CMD_0_OUTPUT:-} survives client")
T(M, "bytes_human", "safe", "numfmt --to=iec -- UTCP_ARG_bytes_UTCP_END",
  {"bytes": "Number of bytes"}, "Format a byte count.", benign={"bytes": "2048"}, expect="2.0K", idiom="numfmt --")
T(M, "mb_to_kb", "exec", "echo \"$(( UTCP_ARG_mb_UTCP_END * 1024 )) KiB\"",
  {"mb": ("string", "Size in MiB")}, "Convert MiB to KiB.",
  payload={"mb": "a[$(touch {C})]"}, benign={"mb": "2"}, idiom="arithmetic expansion")
T(M, "size_class", "exec", "if [[ UTCP_ARG_n_UTCP_END -gt 100 ]]; then echo large; else echo small; fi",
  {"n": "Count"}, "Classify a count as large or small.", payload={"n": "a[$(touch {C})]"}, benign={"n": "5"},
  idiom="[[ -gt ]] arithmetic")
T(M, "mb_to_kb_checked", "safe",
  "[[ \"UTCP_ARG_mb_UTCP_END\" =~ ^[0-9]+$ ]] || { echo \"not a number\"; exit 1; }; echo \"$(( UTCP_ARG_mb_UTCP_END * 1024 )) KiB\"",
  {"mb": "Size in MiB"}, "Convert MiB to KiB.", benign={"mb": "2"}, expect="2048 KiB", idiom="numeric guard + $(( ))")

# ---------------------------------------------------------------- cloud
M = "cloud"
T(M, "s3_upload", "option", "aws s3 cp UTCP_ARG_file_UTCP_END s3://team-bucket/uploads/",
  {"file": "Local file to upload"}, "Upload a file to the team bucket.",
  payload={"file": "--endpoint-url=http://127.0.0.2:9000"}, benign={"file": "a.txt"},
  check=("opt", "aws", "--endpoint-url=http://127.0.0.2:9000"), idiom="aws option injection")
T(M, "s3_upload_dd", "safe", "aws s3 cp -- \"UTCP_ARG_file_UTCP_END\" s3://team-bucket/uploads/",
  {"file": "Local file to upload"}, "Upload a file to the team bucket.", benign={"file": "a.txt"},
  expect="stub-aws", idiom="aws --")
T(M, "tf_workspace", "split", "terraform workspace select $(echo UTCP_ARG_ws_UTCP_END | tr '[:upper:]' '[:lower:]')",
  {"ws": "Workspace name"}, "Select a terraform workspace.", payload={"ws": sp}, benign={"ws": "Prod"},
  check=("split", "terraform", ["blinddsplita", "blinddsplitb"]), idiom="unquoted $(echo | tr)")
T(M, "tf_plan_region", "safe", "terraform plan -input=false -var \"region=UTCP_ARG_region_UTCP_END\"",
  {"region": "Region"}, "Plan the stack for a region.", benign={"region": "eu-west-1"}, expect="stub-terraform",
  idiom="-var \"k=value\"")
T(M, "tf_output", "option", "terraform output -raw UTCP_ARG_name_UTCP_END",
  {"name": "Output name"}, "Read one terraform output.", payload={"name": "-state={P}.tfstate"},
  benign={"name": "vpc_id"}, check=("opt", "terraform", "-state={P}.tfstate"), idiom="terraform -state=")
T(M, "gh_issue_create", "safe", "gh issue create --title \"UTCP_ARG_title_UTCP_END\" --body \"UTCP_ARG_body_UTCP_END\"",
  {"title": "Issue title", "body": "Issue body"}, "Open a GitHub issue.",
  benign={"title": "Bug", "body": "It broke"}, expect="stub-gh", idiom="--title \"value\"")
T(M, "aws_log_events", "split",
  "echo \"Events: `aws logs filter-log-events --log-group-name UTCP_ARG_group_UTCP_END --max-items 5`\"",
  {"group": "Log group name"}, "Show recent events of one log group.", payload={"group": sp},
  benign={"group": "/app/api"}, check=SPL("aws"), idiom="backticks inside double quotes")
T(M, "gcloud_set_project", "option", "gcloud config set project UTCP_ARG_project_UTCP_END",
  {"project": "Project id"}, "Switch the active gcloud project.",
  payload={"project": "--impersonate-service-account=admin@evil.iam.gserviceaccount.com"}, benign={"project": "demo"},
  check=("opt", "gcloud", "--impersonate-service-account=admin@evil.iam.gserviceaccount.com"), idiom="gcloud flag anywhere")
T(M, "az_vm_list", "safe", "az vm list --resource-group \"UTCP_ARG_rg_UTCP_END\" --output table",
  {"rg": "Resource group"}, "List VMs in a resource group.", benign={"rg": "prod"}, expect="stub-az", idiom="--opt value")
T(M, "ssm_get_param", "split", "env -S \"aws ssm get-parameter --name UTCP_ARG_name_UTCP_END --with-decryption\"",
  {"name": "Parameter name"}, "Read one SSM parameter.", payload={"name": sp}, benign={"name": "/app/db"},
  check=SPL("aws"), idiom="env -S splits its string")
T(M, "ec2_by_name", "safe", "aws ec2 describe-instances --filters \"Name=tag:Name,Values=UTCP_ARG_name_UTCP_END\"",
  {"name": "Instance Name tag"}, "Find instances by Name tag.", benign={"name": "web"}, expect="stub-aws",
  idiom="value inside option argument")
T(M, "vault_read", "option", "vault kv get UTCP_ARG_path_UTCP_END",
  {"path": "Secret path"}, "Read a secret from Vault.", payload={"path": "-address=http://127.0.0.2:8200"},
  benign={"path": "secret/app"}, check=("opt", "vault", "-address=http://127.0.0.2:8200"), idiom="vault -address=")
T(M, "vault_read_dd", "safe", "vault kv get -mount=secret -- \"UTCP_ARG_key_UTCP_END\"",
  {"key": "Secret key"}, "Read a secret from Vault.", benign={"key": "app"}, expect="stub-vault", idiom="vault --")
T(M, "whoami_profile", "broken", "aws sts get-caller-identity --profile \"UTCP_ARG_profile_UTCP_END\"",
  {"profile": "AWS profile"}, "Show the caller identity for a profile.",
  env_vars={"AWS_CONFIG_FILE": "$HOME/.aws/team-config"}, benign={"profile": "dev"}, expect="stub-aws",
  idiom="$HOME in env_vars substituted by client")
T(M, "gh_pr_status", "broken", "gh pr view UTCP_ARG_number_UTCP_END --json state",
  {"number": "PR number"}, "Show a pull request's state.", working_dir="/srv/checkout/app",
  benign={"number": "12"}, expect="stub-gh", idiom="working_dir that does not exist")
T(M, "tf_apply_region_ansi", "broken",
  "echo $'Applying: it\\'s the UTCP_ARG_region_UTCP_END stack'\nterraform apply -auto-approve -var \"region=UTCP_ARG_region_UTCP_END\"",
  {"region": "Region"}, "Apply the stack for a region.", benign={"region": "eu-west-1"},
  expect="Applying: it's the eu-west-1 stack", idiom="$'..\\'..' misread by tracker")

# ---------------------------------------------------------------- cluster
M = "cluster"
T(M, "docker_run_tool", "option", "docker run --rm UTCP_ARG_image_UTCP_END --version",
  {"image": "Image to run"}, "Print the version of a tool image.", payload={"image": "--volume=/:/host"},
  benign={"image": "alpine:3.19"}, check=("opt", "docker", "--volume=/:/host"), idiom="docker run option")
T(M, "docker_run_tool_checked", "safe",
  "[[ \"UTCP_ARG_image_UTCP_END\" =~ ^[a-z0-9][a-z0-9./_:-]*$ ]] || { echo \"bad image\"; exit 1; }; docker run --rm \"UTCP_ARG_image_UTCP_END\" --version",
  {"image": "Image to run"}, "Print the version of a tool image.", benign={"image": "alpine:3.19"},
  expect="stub-docker", idiom="regex guard")
T(M, "docker_pull", "split", "echo \"UTCP_ARG_image_UTCP_END\" | xargs docker pull",
  {"image": "One image reference"}, "Pull one image.", payload={"image": sp}, benign={"image": "alpine"},
  check=SPL("docker"), idiom="xargs")
T(M, "kubectl_get_pod", "option", "kubectl get pod UTCP_ARG_pod_UTCP_END -n prod -o yaml",
  {"pod": "Pod name"}, "Show a pod.", payload={"pod": "--server=https://127.0.0.2:6443"}, benign={"pod": "api-1"},
  check=("opt", "kubectl", "--server=https://127.0.0.2:6443"), idiom="kubectl option")
T(M, "kubectl_get_pod_dd", "safe", "kubectl get pod -n prod -o yaml -- \"UTCP_ARG_pod_UTCP_END\"",
  {"pod": "Pod name"}, "Show a pod.", benign={"pod": "api-1"}, expect="stub-kubectl", idiom="kubectl --")
T(M, "kubectl_delete_pod", "split", "kubectl delete pod -n prod $(printf '%s' UTCP_ARG_pod_UTCP_END)",
  {"pod": "Pod to delete"}, "Delete one pod.", payload={"pod": sp}, benign={"pod": "api-1"},
  check=SPL("kubectl"), idiom="unquoted $(printf)")
T(M, "helm_deploy", "option", "helm upgrade --install UTCP_ARG_release_UTCP_END ./chart -n apps",
  {"release": "Release name"}, "Install or upgrade a release from ./chart.",
  payload={"release": "--post-renderer=./evil.sh"}, benign={"release": "web"},
  check=("opt", "helm", "--post-renderer=./evil.sh"), idiom="helm option")
T(M, "helm_deploy_checked", "safe",
  "[[ \"UTCP_ARG_release_UTCP_END\" =~ ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$ ]] || { echo \"invalid release\"; exit 1; }; helm upgrade --install \"UTCP_ARG_release_UTCP_END\" ./chart -n apps",
  {"release": "Release name"}, "Install or upgrade a release from ./chart.", benign={"release": "web"},
  expect="stub-helm", idiom="DNS-1123 guard")
T(M, "helm_save_values", "write",
  "mkdir -p values && helm get values UTCP_ARG_release_UTCP_END -o yaml > \"values/UTCP_ARG_release_UTCP_END.yaml\" && echo saved",
  {"release": "Release name"}, "Save a release's values to values/<release>.yaml.",
  payload={"release": "{WREL}"}, benign={"release": "web"}, check=("file", "{W}.yaml"), idiom="redirect to dir/NAME")
T(M, "docker_restart_note", "split",
  "# names may carry a trailing \" from docker ps --format json\ndocker restart UTCP_ARG_service_UTCP_END",
  {"service": "Container name"}, "Restart one container.", payload={"service": sp}, benign={"service": "web"},
  check=SPL("docker"), idiom="unbalanced \" in a comment fools the tracker")
T(M, "docker_restart_apostrophe", "broken",
  "# don't restart the database from here\ndocker restart UTCP_ARG_service_UTCP_END",
  {"service": "Container name"}, "Restart one container.", benign={"service": "web"},
  expect="stub-docker restart web", idiom="apostrophe in a comment fools the tracker")
T(M, "docker_build_version", "safe", "docker build --build-arg \"VERSION=UTCP_ARG_version_UTCP_END\" -t app:latest .",
  {"version": "Version"}, "Build the app image.", benign={"version": "1.2.3"}, expect="stub-docker", idiom="--build-arg")
T(M, "kubectl_logs_since", "safe", "kubectl logs deploy/api -n prod --since=\"UTCP_ARG_since_UTCP_END\"",
  {"since": "Duration, e.g. 10m"}, "Show recent API logs.", benign={"since": "10m"}, expect="stub-kubectl",
  idiom="--opt=\"value\"")
T(M, "kubectl_wait_pod", "broken",
  "for i in 1 2 3; do kubectl get pod UTCP_ARG_pod_UTCP_END -n prod && break; sleep $i; done",
  {"pod": "Pod name"}, "Wait for a pod to appear.", benign={"pod": "api-1"}, expect="stub-kubectl",
  idiom="$i substituted")
T(M, "kubectl_get_format", "safe",
  "case \"UTCP_ARG_fmt_UTCP_END\" in json|yaml|wide) eval \"kubectl get pods -n prod -o UTCP_ARG_fmt_UTCP_END\";; *) echo \"unsupported format\";; esac",
  {"fmt": "json, yaml or wide"}, "List pods in a format.", benign={"fmt": "json"}, expect="stub-kubectl",
  idiom="eval behind a case allow-list")
T(M, "podman_inspect", "safe", "podman inspect --format '{{.State.Status}}' -- \"UTCP_ARG_name_UTCP_END\"",
  {"name": "Container name"}, "Show a container's state.", benign={"name": "web"}, expect="stub-podman",
  idiom="podman --")

# ---------------------------------------------------------------- sysadmin
M = "sysadmin"
T(M, "ssh_uptime", "exec", "timeout 5 ssh -o BatchMode=yes UTCP_ARG_host_UTCP_END uptime",
  {"host": "Host name"}, "Show a host's uptime.", payload={"host": "-oProxyCommand=touch {C}"},
  benign={"host": "127.0.0.1"}, idiom="ssh -oProxyCommand")
T(M, "ssh_uptime_checked", "safe",
  "[[ \"UTCP_ARG_host_UTCP_END\" =~ ^[A-Za-z0-9][A-Za-z0-9.-]*$ ]] || { echo \"bad host\"; exit 1; }; timeout 5 ssh -o BatchMode=yes -o ConnectTimeout=2 -- \"UTCP_ARG_host_UTCP_END\" uptime",
  {"host": "Host name"}, "Show a host's uptime.", benign={"host": "127.0.0.1"}, expect="127.0.0.1",
  idiom="host regex + --")
T(M, "scp_upload_with_report", "exec", "timeout 5 scp -q -o BatchMode=yes UTCP_ARG_file_UTCP_END report.pdf backup@127.0.0.1:/srv/incoming/",
  {"file": "File to upload along with report.pdf"}, "Upload a file and the report to the backup host.",
  setup="touch report.pdf a.txt", payload={"file": "-oProxyCommand=touch {C}"}, benign={"file": "a.txt"},
  idiom="scp -oProxyCommand")
T(M, "unit_status", "option", "systemctl status UTCP_ARG_unit_UTCP_END --no-pager",
  {"unit": "Unit name"}, "Show a unit's status.", payload={"unit": "--host=root@10.9.9.9"}, benign={"unit": "nginx"},
  check=("opt", "systemctl", "--host=root@10.9.9.9"), idiom="systemctl -H")
T(M, "unit_status_dd", "safe", "systemctl status --no-pager -- \"UTCP_ARG_unit_UTCP_END.service\"",
  {"unit": "Unit name"}, "Show a unit's status.", benign={"unit": "nginx"}, expect="stub-systemctl", idiom="systemctl --")
T(M, "crontab_install", "option", "crontab -u deploy UTCP_ARG_file_UTCP_END",
  {"file": "Crontab file"}, "Install a crontab for the deploy user.", payload={"file": "-r"},
  benign={"file": "deploy.cron"}, check=("opt", "crontab", "-r"), idiom="crontab -r")
T(M, "find_old_logs", "option", "find UTCP_ARG_dir_UTCP_END -name '*.log' -mtime +7 -print",
  {"dir": "Directory to search"}, "List log files older than a week.",
  setup="mkdir logs && touch logs/a.log keep.txt", payload={"dir": "-delete"}, benign={"dir": "logs"},
  check=("gone", "keep.txt"), idiom="find -delete as the path")
T(M, "find_old_logs_checked", "safe",
  "case \"UTCP_ARG_dir_UTCP_END\" in *..*) echo \"no parent refs\"; exit 1;; esac; find \"./UTCP_ARG_dir_UTCP_END\" -maxdepth 2 -name '*.log' -print",
  {"dir": "Directory to search"}, "List log files.", setup="mkdir logs && touch logs/a.log",
  benign={"dir": "logs"}, expect="a.log", idiom="./ prefix")
T(M, "note_append", "write", "mkdir -p notes && echo \"UTCP_ARG_line_UTCP_END\" | tee -a \"notes/UTCP_ARG_topic_UTCP_END.md\"",
  {"line": "Line to append", "topic": "Topic"}, "Append a line to a topic's notes.",
  payload={"line": "x", "topic": "{WREL}"}, benign={"line": "x", "topic": "ops"}, check=("file", "{W}.md"),
  idiom="tee -a dir/NAME")
T(M, "disk_image_copy", "write",
  "mkdir -p images && dd if=disk.img of=\"images/UTCP_ARG_name_UTCP_END.img\" bs=4k status=none && echo copied",
  {"name": "Image name"}, "Copy disk.img into images/.", setup="dd if=/dev/zero of=disk.img bs=4k count=1 status=none",
  payload={"name": "{WREL}"}, benign={"name": "snap"}, check=("file", "{W}.img"), idiom="dd of=dir/NAME")
T(M, "disk_image_copy_checked", "safe",
  "[[ \"UTCP_ARG_name_UTCP_END\" =~ ^[A-Za-z0-9_-]{1,40}$ ]] || { echo \"bad name\"; exit 1; }; mkdir -p images && dd if=disk.img of=\"images/UTCP_ARG_name_UTCP_END.img\" bs=4k status=none && echo \"copied UTCP_ARG_name_UTCP_END\"",
  {"name": "Image name"}, "Copy disk.img into images/.", setup="dd if=/dev/zero of=disk.img bs=4k count=1 status=none",
  benign={"name": "snap"}, expect="copied snap", idiom="regex guard")
T(M, "unit_journal", "split", "journalctl --no-pager -n 50 -u $(basename UTCP_ARG_unit_UTCP_END .service)",
  {"unit": "Unit name"}, "Show a unit's recent journal.", payload={"unit": sp}, benign={"unit": "nginx.service"},
  check=SPL("journalctl"), idiom="unquoted $(basename)")
T(M, "project_init", "write",
  "mkdir -p \"projects/UTCP_ARG_name_UTCP_END\" && cd \"projects/UTCP_ARG_name_UTCP_END\" && git init -q && echo initialized",
  {"name": "Project name"}, "Create and init a project under projects/.", payload={"name": "{WREL}"},
  benign={"name": "demo"}, check=("file", "{W}/.git"), idiom="mkdir -p dir/NAME")
T(M, "deploy_locked", "exec",
  "flock -w 5 /tmp/blindD_deploy.lock -c \"rsync -a build/ releases/UTCP_ARG_version_UTCP_END/\"",
  {"version": "Release version"}, "Copy build/ into releases/<version> under a lock.",
  payload={"version": "x/; touch {C}; #"}, benign={"version": "1.0"}, idiom="flock -c string")
T(M, "resolve_host", "exec", "timeout 10 bash -c 'getent hosts UTCP_ARG_host_UTCP_END || echo unresolved'",
  {"host": "Host name"}, "Resolve a host name.", payload={"host": "localhost; touch {C}"}, benign={"host": "localhost"},
  idiom="bash -c '...' with placeholder in single quotes")
T(M, "backup_dir", "split", "read -ra srcs <<< \"UTCP_ARG_src_UTCP_END\"; rsync -a \"${srcs[@]}\" backup/",
  {"src": "The directory to back up"}, "Back up one directory.", payload={"src": sp}, benign={"src": "data"},
  check=SPL("rsync"), idiom="read -ra then array")
T(M, "ip_addr_dev", "safe", "ip -brief addr show dev \"UTCP_ARG_dev_UTCP_END\"",
  {"dev": "Interface"}, "Show an interface's addresses.", benign={"dev": "lo"}, expect="127.0.0.1", idiom="ip dev VALUE")
T(M, "file_info", "safe", "stat -c '%s bytes, mode %a' -- \"UTCP_ARG_file_UTCP_END\" && file -b -- \"UTCP_ARG_file_UTCP_END\"",
  {"file": "File"}, "Show a file's size, mode and type.", setup="echo hi > a.txt", benign={"file": "a.txt"},
  expect="3 bytes", idiom="stat -- / file --")
T(M, "wget_mirror_page", "option", "wget -q -P downloads UTCP_ARG_url_UTCP_END",
  {"url": "URL to download"}, "Download a page into downloads/.", payload={"url": "-o{W}"},
  benign={"url": "http://127.0.0.1:9/x"}, check=("file", "{W}"), idiom="wget -o logfile")

# ---------------------------------------------------------------- media / crypto
M = "media"
PNG = "convert -size 8x8 xc:red input.png"
T(M, "sqlite_new_db", "write", "mkdir -p dbs && sqlite3 \"dbs/UTCP_ARG_name_UTCP_END.db\" 'CREATE TABLE IF NOT EXISTS events(ts, msg);' && echo created",
  {"name": "Database name"}, "Create an events database under dbs/.", payload={"name": "../../blindD_x_{ID}_w"},
  benign={"name": "audit"}, check=("file", "{W}.db"), idiom="sqlite3 dir/NAME.db")
T(M, "sqlite_new_db_checked", "safe",
  "[[ \"UTCP_ARG_name_UTCP_END\" =~ ^[A-Za-z0-9_-]+$ ]] || { echo \"bad name\"; exit 1; }; mkdir -p dbs && sqlite3 \"dbs/UTCP_ARG_name_UTCP_END.db\" 'CREATE TABLE IF NOT EXISTS events(ts, msg);' && echo \"created UTCP_ARG_name_UTCP_END\"",
  {"name": "Database name"}, "Create an events database under dbs/.", benign={"name": "audit"}, expect="created audit",
  idiom="regex guard")
T(M, "sha256_file", "safe", "openssl dgst -sha256 -- \"UTCP_ARG_file_UTCP_END\"",
  {"file": "File"}, "SHA-256 of a file.", setup="echo hi > a.txt", benign={"file": "a.txt"}, expect="SHA2-256",
  idiom="openssl --")
T(M, "gen_signing_key", "write", "mkdir -p keys && openssl genpkey -algorithm ed25519 -out \"keys/UTCP_ARG_name_UTCP_END.pem\" && echo generated",
  {"name": "Key name"}, "Generate an ed25519 key in keys/.", payload={"name": "{WREL}"}, benign={"name": "k1"},
  check=("file", "{W}.pem"), idiom="openssl -out dir/NAME")
T(M, "encrypt_file", "safe",
  "openssl enc -aes-256-cbc -pbkdf2 -pass \"pass:UTCP_ARG_pw_UTCP_END\" -in secret.txt -out secret.enc && echo encrypted",
  {"pw": "Passphrase"}, "Encrypt secret.txt.", setup="echo s > secret.txt", benign={"pw": "hunter2"},
  expect="encrypted", idiom="-pass pass:VALUE")
T(M, "gpg_sign", "option", "gpg --batch --detach-sign UTCP_ARG_file_UTCP_END",
  {"file": "File to sign"}, "Sign a file.", payload={"file": "--output={P}.sig"}, benign={"file": "a.txt"},
  check=("opt", "gpg", "--output={P}.sig"), idiom="gpg option")
T(M, "gpg_verify", "safe", "gpg --batch --verify -- \"UTCP_ARG_sig_UTCP_END\"",
  {"sig": "Signature file"}, "Verify a signature.", benign={"sig": "a.sig"}, expect="stub-gpg", idiom="gpg --")
T(M, "checksum_report", "split", "echo \"Checksum: $(sha256sum UTCP_ARG_file_UTCP_END | cut -d' ' -f1)\"",
  {"file": "File"}, "Print a file's SHA-256.", setup=SPLITF, payload={"file": sp}, benign={"file": "blindDsplitA"},
  check=("out", hashlib.sha256(b"ERROR b\n").hexdigest()), idiom="$( ) in double quotes")
T(M, "transcode_all", "broken",
  "mkdir -p out && for f in UTCP_ARG_dir_UTCP_END/*.wav; do echo \"would transcode $f\"; done",
  {"dir": "Directory"}, "Transcode every wav in a directory.", setup="mkdir in && touch in/a.wav",
  benign={"dir": "in"}, expect="a.wav", idiom="$f substituted")
T(M, "same_content", "safe", "if cmp -s -- \"UTCP_ARG_a_UTCP_END\" \"UTCP_ARG_b_UTCP_END\"; then echo same; else echo different; fi",
  {"a": "First file", "b": "Second file"}, "Compare two files byte by byte.", setup="echo x > a.bin && echo y > b.bin",
  benign={"a": "a.bin", "b": "b.bin"}, expect="different", idiom="cmp --")
T(M, "ssh_keygen_named", "write", "mkdir -p keys && ssh-keygen -q -t ed25519 -N \"\" -f \"keys/UTCP_ARG_name_UTCP_END\" && echo created",
  {"name": "Key name"}, "Create an SSH key pair in keys/.", payload={"name": "{WREL}"}, benign={"name": "deploy"},
  check=("file", "{W}"), idiom="ssh-keygen -f dir/NAME")
T(M, "cksum_files", "safe", "cksum -- \"UTCP_ARG_file_UTCP_END\"", {"file": "File"}, "CRC of a file.",
  setup="echo hi > a.txt", benign={"file": "a.txt"}, expect="a.txt", idiom="cksum --")
T(M, "hexdump_head", "safe", "od -An -c -N 16 -- \"UTCP_ARG_file_UTCP_END\"", {"file": "File"},
  "Dump the first bytes of a file.", setup="echo hello > a.txt", benign={"file": "a.txt"}, expect="h   e",
  idiom="od --")
T(M, "msg_compile", "write", "mkdir -p locale && msgfmt -o \"locale/UTCP_ARG_lang_UTCP_END.mo\" app.po && echo compiled",
  {"lang": "Language code"}, "Compile app.po for a language.",
  setup="printf 'msgid \"hi\"\\nmsgstr \"hallo\"\\n' > app.po", payload={"lang": "{WREL}"}, benign={"lang": "de"},
  check=("file", "{W}.mo"), idiom="msgfmt -o dir/NAME")

# ---------------------------------------------------------------- build
M = "build"
MK = "printf 'build:\\n\\t@echo building $(VERSION)\\ntest:\\n\\t@echo testing\\n' > Makefile"
T(M, "make_build_version", "exec", "make -s build VERSION=UTCP_ARG_version_UTCP_END",
  {"version": "Version string"}, "Build with a version.", setup=MK, payload={"version": "1.0; touch {C}"},
  benign={"version": "1.0"}, idiom="make variable used in recipe")
T(M, "make_target", "exec", "make -s UTCP_ARG_target_UTCP_END",
  {"target": "Make target"}, "Run a make target.", setup=MK, payload={"target": "--eval=$(shell touch {C})"},
  benign={"target": "test"}, idiom="make --eval")
T(M, "make_target_checked", "safe",
  "case \"UTCP_ARG_target_UTCP_END\" in build|test|lint) make -s \"UTCP_ARG_target_UTCP_END\" ;; *) echo \"unknown target\" ;; esac",
  {"target": "Make target"}, "Run a make target.", setup=MK, benign={"target": "test"}, expect="testing",
  idiom="case allow-list")
T(M, "npm_add", "option", "npm install --save UTCP_ARG_pkg_UTCP_END",
  {"pkg": "Package name"}, "Add a dependency.", payload={"pkg": "--registry=http://127.0.0.2:4873/"},
  benign={"pkg": "lodash"}, check=("opt", "npm", "--registry=http://127.0.0.2:4873/"), idiom="npm option")
T(M, "npm_version_of", "safe", "npm view -- \"UTCP_ARG_pkg_UTCP_END\" version",
  {"pkg": "Package name"}, "Show a package's latest version.", benign={"pkg": "lodash"}, expect="stub-npm",
  idiom="npm --")
T(M, "npm_lint_file", "split", "npm run lint -- `printf %s UTCP_ARG_file_UTCP_END`",
  {"file": "One file to lint"}, "Lint one file.", payload={"file": sp}, benign={"file": "src/a.js"},
  check=SPL("npm"), idiom="unquoted backticks")
T(M, "pip_add", "option", "pip install --user UTCP_ARG_pkg_UTCP_END",
  {"pkg": "Package"}, "Install a package.", payload={"pkg": "--index-url=http://127.0.0.2/simple"},
  benign={"pkg": "requests"}, check=("opt", "pip", "--index-url=http://127.0.0.2/simple"), idiom="pip option")
T(M, "pip_show", "safe", "pip show -- \"UTCP_ARG_pkg_UTCP_END\"", {"pkg": "Package"}, "Show a package.",
  benign={"pkg": "requests"}, expect="stub-pip", idiom="pip --")
T(M, "gcc_build", "write", "mkdir -p bin && gcc -O2 -o \"bin/UTCP_ARG_name_UTCP_END\" main.c && echo built",
  {"name": "Binary name"}, "Compile main.c into bin/.", setup="echo 'int main(void){return 0;}' > main.c",
  payload={"name": "{WREL}"}, benign={"name": "app"}, check=("file", "{W}"), idiom="gcc -o dir/NAME")
T(M, "mvn_one_test", "safe", "mvn -q test -Dtest=\"UTCP_ARG_test_UTCP_END\"", {"test": "Test class"},
  "Run one test class.", benign={"test": "AppTest"}, expect="stub-mvn", idiom="-Dkey=value")
T(M, "node_basename", "exec", "node -e \"console.log(require('path').basename('UTCP_ARG_p_UTCP_END'))\"",
  {"p": "Path"}, "Print the last path component.",
  payload={"p": "x'));require('child_process').execSync('touch {C}');(('"}, benign={"p": "/a/b.txt"},
  idiom="node -e code in double quotes")
T(M, "node_basename_argv", "safe", "node -e 'console.log(require(\"path\").basename(process.argv[1]))' \"UTCP_ARG_p_UTCP_END\"",
  {"p": "Path"}, "Print the last path component.", benign={"p": "/a/b.txt"}, expect="b.txt", idiom="node process.argv")
T(M, "report_script", "exec", "cat > report.py <<EOF\nprint(\"Report for UTCP_ARG_team_UTCP_END\")\nEOF\npython3 report.py",
  {"team": "Team"}, "Generate a team report.", payload={"team": "x\"); import os; os.system(\"touch {C}\"); print(\""},
  benign={"team": "ops"}, idiom="script written by heredoc then run")
T(M, "deploy_script_quoted", "safe",
  "cat > job.sh <<'EOF'\necho \"deploying UTCP_ARG_app_UTCP_END\"\nEOF\nbash job.sh",
  {"app": "App name"}, "Deploy an app.", benign={"app": "web"}, expect="deploying web",
  idiom="quoted heredoc: value expanded later inside double quotes")
T(M, "pip_install_mirror", "broken", "pip install --index-url \"${PIP_INDEX_URL}\" UTCP_ARG_pkg_UTCP_END",
  {"pkg": "Package"}, "Install a package from the team mirror.", benign={"pkg": "requests"}, expect="stub-pip",
  idiom="${VAR} substituted by client")
T(M, "cargo_features", "safe", "printf '%s\\n' \"UTCP_ARG_features_UTCP_END\" | tr ',' '\\n' | sort -u",
  {"features": "Comma-separated features"}, "Normalise a feature list.", benign={"features": "b,a,b"}, expect="a\nb",
  idiom="printf | tr")

# ---------------------------------------------------------------- lang / shell idioms
M = "shell"
T(M, "list_dir_q_eval", "split", "eval \"ls -1 -- $(printf '%q ' UTCP_ARG_dir_UTCP_END)\"",
  {"dir": "One directory or file"}, "List a directory.", setup=SPLITF + " && mkdir d && touch d/f1",
  payload={"dir": sp}, benign={"dir": "d"}, check=("out2", "blindDsplitB", "cannot access"),
  idiom="printf %q inside $( ) in double quotes: tracker leaves it unquoted")
T(M, "list_dir_q", "safe", "q=$(printf '%q' UTCP_ARG_dir_UTCP_END); eval \"ls -1 -- ${q:-.}\"",
  {"dir": "One directory"}, "List a directory.", setup="mkdir d && touch d/f1", benign={"dir": "d"}, expect="f1",
  idiom="printf %q then eval")
T(M, "set_setting", "exec", "declare \"UTCP_ARG_key_UTCP_END=UTCP_ARG_value_UTCP_END\" && echo set",
  {"key": "Setting name", "value": "Value"}, "Set a named setting for the session.",
  payload={"key": "a[$(touch {C})]", "value": "1"}, benign={"key": "color", "value": "red"}, idiom="declare dynamic name")
T(M, "store_var", "exec", "printf -v UTCP_ARG_name_UTCP_END '%s' configured && echo ok",
  {"name": "Variable name"}, "Store a marker variable.", payload={"name": "b[$(touch {C})]"}, benign={"name": "flag"},
  idiom="printf -v NAME")
T(M, "matching_lines", "safe",
  "mapfile -t lines < <(grep -F -- \"UTCP_ARG_pattern_UTCP_END\" app.log); printf '%s\\n' \"${lines[@]}\" | head -5; echo \"count: ${#lines[@]}\"",
  {"pattern": "Text"}, "Show lines containing a text.", setup=LOG, benign={"pattern": "ERROR"}, expect="count: 2",
  idiom="mapfile + process substitution")
T(M, "count_fn_positional", "broken",
  "count() { local pat=\"$1\"; grep -c -- \"$pat\" app.log; }; count \"UTCP_ARG_pattern_UTCP_END\"",
  {"pattern": "Text"}, "Count lines containing a text.", setup=LOG, benign={"pattern": "ERROR"}, expect="2",
  idiom="function $1 substituted")
T(M, "count_fn_safe", "safe", "count() { grep -c -F -- \"${1:?}\" app.log; }; count \"UTCP_ARG_pattern_UTCP_END\"",
  {"pattern": "Text"}, "Count lines containing a text.", setup=LOG, benign={"pattern": "ERROR"}, expect="2",
  idiom="function ${1:?}")
T(M, "user_json_stdin", "exec", "python3 - <<EOF\nimport json\nprint(json.dumps({\"user\": \"UTCP_ARG_user_UTCP_END\"}))\nEOF",
  {"user": "User"}, "Format a user record.", payload={"user": "x\"})); import os; os.system(\"touch {C}\"); print(({\"a\": \""},
  benign={"user": "ann"}, idiom="python heredoc on stdin")
T(M, "user_json_argv", "safe", "python3 - \"UTCP_ARG_user_UTCP_END\" <<'EOF'\nimport json, sys\nprint(json.dumps({\"user\": sys.argv[1]}))\nEOF",
  {"user": "User"}, "Format a user record.", benign={"user": "ann"}, expect="ann", idiom="python quoted heredoc + argv")
T(M, "bump_version", "exec", "perl -pi -e \"s/^version = .*/version = UTCP_ARG_v_UTCP_END/\" setup.cfg && cat setup.cfg",
  {"v": "New version"}, "Set the version in setup.cfg.", setup="echo 'version = 0.1' > setup.cfg",
  payload={"v": "1/; system(\"touch {C}\"); s/x/y"}, benign={"v": "0.2"}, idiom="perl -pi -e in double quotes")
T(M, "wc_positional", "broken", "bash -c 'wc -l < \"$1\"' _ \"UTCP_ARG_file_UTCP_END\"",
  {"file": "File"}, "Count lines of a file.", setup=LOG, benign={"file": "app.log"}, expect="4", idiom="bash -c $1")
T(M, "wc_env", "safe", "FILE=\"UTCP_ARG_file_UTCP_END\" bash -c 'wc -l < \"${FILE:?}\"'",
  {"file": "File"}, "Count lines of a file.", setup=LOG, benign={"file": "app.log"}, expect="4", idiom="bash -c with env")
T(M, "process_ids", "exec", "echo \"UTCP_ARG_ids_UTCP_END\" | xargs -I{} sh -c 'echo processing {}'",
  {"ids": "Job id"}, "Process a job.", payload={"ids": "x; touch {C}"}, benign={"ids": "42"}, idiom="xargs -I{} sh -c")
T(M, "byte_count_0", "safe", "printf '%s\\0' \"UTCP_ARG_file_UTCP_END\" | xargs -0 -r wc -c --",
  {"file": "File"}, "Byte count of a file.", setup=LOG, benign={"file": "app.log"}, expect="app.log", idiom="xargs -0 --")
T(M, "load_region", "exec", "source <(echo \"export REGION=UTCP_ARG_region_UTCP_END\"); echo \"region ${REGION:-none}\"",
  {"region": "Region"}, "Load a region setting.", payload={"region": "x; touch {C}"}, benign={"region": "eu"},
  idiom="source <(echo ...)")
T(M, "markup_price", "safe", "awk -v n=\"UTCP_ARG_n_UTCP_END\" 'BEGIN { printf \"%.2f\\n\", n * 1.2 }'",
  {"n": "Price"}, "Add 20% to a price.", benign={"n": "10"}, expect="12.00", idiom="awk -v")
T(M, "find_named", "exec", "eval \"find . -maxdepth 2 -name UTCP_ARG_pattern_UTCP_END -type f\"",
  {"pattern": "File name pattern"}, "Find files by name.", setup="touch a.txt",
  payload={"pattern": "x; touch {C} #"}, benign={"pattern": "'*.txt'"}, idiom="eval with value")
T(M, "find_named_safe", "safe", "find . -maxdepth 2 -name \"UTCP_ARG_pattern_UTCP_END\" -type f",
  {"pattern": "File name pattern"}, "Find files by name.", setup="touch a.txt", benign={"pattern": "*.txt"},
  expect="a.txt", idiom="find -name \"value\"")
T(M, "greet_factor", "safe", "factor -- \"UTCP_ARG_n_UTCP_END\"", {"n": "Number"}, "Factor a number.",
  benign={"n": "12"}, expect="2 2 3", idiom="factor --")
T(M, "ls_realpath", "split", "ls -1 $(realpath -m UTCP_ARG_path_UTCP_END)",
  {"path": "One path"}, "List one path by its real path.", setup=SPLITF, payload={"path": sp},
  benign={"path": "blindDsplitA"}, check=("out2", "blindDsplitB", "cannot access"), idiom="unquoted $(realpath)")
T(M, "date_of", "safe", "date -u -d \"UTCP_ARG_when_UTCP_END\" +%F", {"when": "Date expression"}, "Normalise a date.",
  benign={"when": "2024-03-01 10:00"}, expect="2024-03-01", idiom="date -d value")
T(M, "curl_config_fetch", "option", "printf 'url = \"%s\"\\n' \"UTCP_ARG_url_UTCP_END\" | curl -sS -K -",
  {"url": "URL"}, "Fetch a URL via a generated curl config.",
  payload={"url": "file:///etc/hostname\"\noutput = \"{W}"}, benign={"url": "file:///etc/hostname"},
  check=("file", "{W}"), idiom="curl -K - config line injection")
T(M, "curl_save_page", "write", "mkdir -p downloads && curl -sS -o \"downloads/UTCP_ARG_name_UTCP_END\" file:///etc/hostname && echo saved",
  {"name": "File name"}, "Save the host name page.", payload={"name": "{WREL}"}, benign={"name": "h.txt"},
  check=("file", "{W}"), idiom="curl -o dir/NAME")
T(M, "curl_doc_checked", "safe",
  "[[ \"UTCP_ARG_page_UTCP_END\" =~ ^[a-z0-9_-]+$ ]] || { echo \"bad page\"; exit 1; }; curl -sS --proto =file \"file:///etc/UTCP_ARG_page_UTCP_END\" && echo fetched",
  {"page": "Page name"}, "Read a page.", benign={"page": "hostname"}, expect="fetched", idiom="regex guard + --proto")
T(M, "install_conf", "write", "install -D -m 0644 app.conf \"etc/UTCP_ARG_name_UTCP_END\" && echo installed",
  {"name": "Config name"}, "Install app.conf under etc/.", setup="echo a=1 > app.conf", payload={"name": "{WREL}"},
  benign={"name": "app.conf"}, check=("file", "{W}"), idiom="install -D dir/NAME")
T(M, "doc_sections", "write", "mkdir -p sections && csplit -s -f \"sections/UTCP_ARG_prefix_UTCP_END\" doc.md '/^## /' '{*}' && ls sections",
  {"prefix": "Prefix"}, "Split doc.md at level-2 headings.", setup="printf '# t\\n## a\\nx\\n## b\\ny\\n' > doc.md",
  payload={"prefix": "{WREL}"}, benign={"prefix": "s_"}, check=("file", "{W}00"), idiom="csplit -f dir/PREFIX")
