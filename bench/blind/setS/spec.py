# Tool specs for blind set S.  harness.py builds manuals/*.json from TOOLS and confirms
# each label through the real UtcpClient.  Fields: name, manual, cat, prog, idiom, cmds
# (str or (str, append)), inputs {name: description}, env, wd (working_dir under the
# sandbox), vars (client variables a README would ask the user to configure), pay
# (payload args), expect ({file|gone|log|out}), benign/good (benign args, regex a
# working tool prints), extra (program-specific hostile payloads for safe tools),
# argopts (options whose next argv is a value, for stub-log checks).
STUBS = ["docker", "kubectl", "helm", "terraform", "aws", "gcloud", "gh", "vault", "systemctl",
         "journalctl", "psql", "rsync", "pip", "npm", "convert"]
TOOLS = []
STUBOK = r"stub \w+ ok"


def T(manual, name, cat, prog, idiom, cmds, inputs, desc, **kw):
    if isinstance(cmds, str):
        cmds = [cmds]
    d = dict(manual=manual, name=name, cat=cat, prog=prog, idiom=idiom, cmds=cmds, inputs=inputs, desc=desc)
    d.update(kw)
    TOOLS.append(d)


# ---------------------------------------------------------------- srepo: repository / release
M = "srepo"
T(M, "remote_tags", "exec", "git", "ls-remote value as --upload-pack",
  "git -C repo ls-remote --tags UTCP_ARG_remote_UTCP_END",
  {"remote": "Remote name or URL (default origin)"}, "List tags published on a remote.",
  pay={"remote": "--upload-pack=touch @C@;"})
T(M, "remote_heads", "safe", "git", "ls-remote with -- before remote and pattern",
  "git -C repo ls-remote --heads -- origin \"UTCP_ARG_pattern_UTCP_END\"",
  {"pattern": "Branch name pattern, e.g. main"}, "List branches on origin matching a pattern.",
  benign={"pattern": "main"}, good=r"refs/heads/main",
  extra=["--upload-pack=touch @C@", "--output=@W@"])
T(M, "fetch_with_key", "exec", "git", "GIT_SSH_COMMAND built from value (run by sh)",
  "GIT_SSH_COMMAND=\"ssh -i UTCP_ARG_keyfile_UTCP_END -o BatchMode=yes -o ConnectTimeout=2\" git -C repo fetch -q ssh://127.0.0.1:1/srv/app.git 2>&1 | tail -n 2",
  {"keyfile": "Path of the deploy key"}, "Fetch from the mirror using a specific deploy key.",
  pay={"keyfile": "x; touch @C@;"})
T(M, "diff_stat", "option", "git", "rev value becomes --output",
  "git diff --stat UTCP_ARG_rev_UTCP_END", {"rev": "Revision or range to diff against"},
  "Show a diffstat of the working tree against a revision.", wd="repo",
  pay={"rev": "--output=@W@"}, expect={"file": "@W@"})
T(M, "show_file_at_tag", "safe", "git", "fixed tag prefix in rev:path",
  "git show \"v1.0.0:UTCP_ARG_path_UTCP_END\"", {"path": "File path inside the repository"},
  "Print a file as it was at the v1.0.0 release.", wd="repo",
  benign={"path": "README.md"}, good=r"^hi", extra=["../../secret.txt", ":/etc/passwd"])
T(M, "fetch_tag", "safe", "git", "tag value only inside a fixed refspec",
  "git -C repo fetch --quiet origin \"refs/tags/UTCP_ARG_tag_UTCP_END:refs/tags/UTCP_ARG_tag_UTCP_END\" && git -C repo rev-parse --short \"refs/tags/UTCP_ARG_tag_UTCP_END\"",
  {"tag": "Tag to fetch"}, "Fetch one tag from origin.", benign={"tag": "v1.0.0"}, good=r"^[0-9a-f]{7}",
  extra=["x:refs/heads/main", "--upload-pack=touch @C@"])
T(M, "bundle_repo", "write", "git", "bundle file name with ../",
  ["mkdir -p bundles", "git -C repo bundle create \"../bundles/UTCP_ARG_name_UTCP_END.bundle\" --all 2>&1 | tail -n 1"],
  {"name": "Bundle name"}, "Create an offline git bundle of every ref.",
  pay={"name": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc.bundle"})
T(M, "snapshot_archive", "write", "git", "guard allows / and . so ../ passes",
  ["mkdir -p dist", "case \"UTCP_ARG_label_UTCP_END\" in *[!A-Za-z0-9._/-]*|'') echo 'invalid label'; exit 1;; esac; git -C repo archive --format=tar.gz -o \"../dist/UTCP_ARG_label_UTCP_END.tar.gz\" HEAD && echo written"],
  {"label": "Snapshot label"}, "Archive HEAD as dist/<label>.tar.gz.",
  pay={"label": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc.tar.gz"})
T(M, "release_archive", "safe", "git", "strict guard (no slash, no leading dot)",
  ["mkdir -p dist", "case \"UTCP_ARG_version_UTCP_END\" in *[!A-Za-z0-9._-]*|.*|-*|'') echo 'invalid version'; exit 1;; esac; git -C repo archive --format=tar.gz -o \"../dist/app-UTCP_ARG_version_UTCP_END.tar.gz\" HEAD && echo written"],
  {"version": "Version string"}, "Archive HEAD as dist/app-<version>.tar.gz.",
  benign={"version": "1.2.0"}, good=r"written", extra=["..", "../x", "/tmp/blindS_w_release_archive"])
T(M, "make_target", "exec", "make", "target value as --eval=$(shell)",
  "make --no-print-directory UTCP_ARG_target_UTCP_END", {"target": "Makefile target"}, "Run a Makefile target.",
  pay={"target": "--eval=$(shell touch @C@)"})
T(M, "make_target_checked", "safe", "make", "case allowlist",
  "case \"UTCP_ARG_target_UTCP_END\" in all|test) make --no-print-directory \"UTCP_ARG_target_UTCP_END\";; *) echo \"unknown target\"; exit 2;; esac",
  {"target": "all or test"}, "Run an allowed Makefile target.", benign={"target": "test"}, good=r"tested",
  extra=["--eval=$(shell touch @C@)", "all --eval=x", "test\n--eval=$(shell touch @C@)"])
T(M, "make_parallel", "exec", "make", "-j takes optional arg; non-numeric value becomes next option",
  "make --no-print-directory -j UTCP_ARG_jobs_UTCP_END all", {"jobs": "Number of parallel jobs"},
  "Build with N parallel jobs.", pay={"jobs": "--eval=$(shell touch @C@)"})
T(M, "apply_fix", "option", "patch", "origfile value becomes --output",
  "patch -p0 --forward UTCP_ARG_target_UTCP_END < fix.diff", {"target": "File to patch"},
  "Apply the pending fix.diff to a file.", pay={"target": "--output=@W@"}, expect={"file": "@W@"})
T(M, "check_fix", "safe", "patch", "--dry-run and -- before file",
  "patch --dry-run -p0 -i fix.diff -- \"UTCP_ARG_target_UTCP_END\"", {"target": "File to check the patch against"},
  "Check whether fix.diff applies to a file.", benign={"target": "a.txt"}, good=r"checking file|patching file",
  extra=["--output=@W@", "-o@W@"])
T(M, "release_notes", "option", "gh", "tag value as --notes-file (reads any file into a public release)",
  "gh release create UTCP_ARG_tag_UTCP_END --generate-notes --draft", {"tag": "Tag to release"},
  "Draft a GitHub release for a tag.", pay={"tag": "--notes-file=/etc/shadow"}, expect={"log": ("gh", r"^--notes-file=/etc/shadow$")})
T(M, "pr_title", "safe", "gh", "numeric case guard",
  "case \"UTCP_ARG_number_UTCP_END\" in ''|*[!0-9]*) echo 'not a PR number'; exit 1;; esac; gh pr view \"UTCP_ARG_number_UTCP_END\" --json title",
  {"number": "Pull request number"}, "Show a pull request title.", benign={"number": "42"}, good=STUBOK,
  extra=["--repo=evil/x", "1 --web"])
T(M, "recent_authors", "broken", "git", "awk $2 taken by the client variable substitutor",
  "git -C repo log --format='%an' -n UTCP_ARG_count_UTCP_END | sort | uniq -c | sort -rn | awk '{print $2}'",
  {"count": "Number of commits"}, "Most active recent authors.", benign={"count": "10"}, good=r"^t$",
  why="the author meant awk's $2; utcp 1.2.0 substitutes $2 as client variable srepo_2 (not configured by any README) and the call fails")
T(M, "untrack_file", "broken", "git", "apostrophe in a comment flips the quote tracker",
  "# stop tracking the file (it's kept on disk)\ngit -C repo rm --cached -q UTCP_ARG_path_UTCP_END && echo untracked",
  {"path": "Path to untrack"}, "Remove a file from the index but keep it on disk.",
  benign={"path": "README.md"}, good=r"^untracked", why="the tracker reads it's as an open single quote, so the placeholder becomes the literal text \"$__UTCP_ARG...\" and git gets that string")
T(M, "add_listed_files", "split", "xargs", "xargs splits a single path on blanks",
  "printf '%s\\n' \"UTCP_ARG_file_UTCP_END\" | xargs git -C repo add -- && git -C repo status --short",
  {"file": "File to stage"}, "Stage a file.", pay={"file": "blindSx blindSy"},
  expect={"out": r"pathspec 'blindSx' did not match"})
T(M, "tag_list", "safe", "git", "pattern after --list",
  "git tag --list \"UTCP_ARG_pattern_UTCP_END\"", {"pattern": "glob, e.g. v1.*"}, "List tags matching a glob.",
  wd="repo", benign={"pattern": "v1.*"}, good=r"v1\.0\.0", extra=["--contains=HEAD", "--format=%(contents)"])
T(M, "log_since_rev", "safe", "git", "--end-of-options before rev",
  "git -C repo log --oneline -n 5 --end-of-options \"UTCP_ARG_rev_UTCP_END\" --", {"rev": "Revision"},
  "Show the last commits up to a revision.", benign={"rev": "HEAD"}, good=r"init",
  extra=["--output=@W@"])

# ---------------------------------------------------------------- sdata: data wrangling
M = "sdata"
T(M, "format_today", "option", "date", "format value becomes --file (reads any file)",
  "date UTCP_ARG_format_UTCP_END", {"format": "date format, e.g. +%F"}, "Print the current date in a format.",
  pay={"format": "--file=@R@/secret.txt"}, expect={"out": r"TOPSECRET"})
T(M, "time_in_zone", "safe", "date", "TZ env prefix and -d value",
  "TZ=\"UTCP_ARG_tz_UTCP_END\" date -d \"UTCP_ARG_when_UTCP_END\" '+%Y-%m-%d %H:%M %Z'",
  {"tz": "IANA zone", "when": "date expression"}, "Convert a time to a zone.",
  benign={"tz": "Europe/Paris", "when": "2026-01-01 12:00 UTC"}, good=r"2026-01-01 13:00",
  extra=["--file=@R@/secret.txt", ":@R@/secret.txt"])
T(M, "epoch_to_iso", "safe", "date", "value after fixed @ prefix",
  "date -u -d \"@UTCP_ARG_epoch_UTCP_END\" +%FT%TZ", {"epoch": "Unix seconds"}, "Convert epoch seconds to ISO-8601.",
  benign={"epoch": "0"}, good=r"1970-01-01T00:00:00Z", extra=["--file=@R@/secret.txt"])
T(M, "dedupe_to", "write", "sort", "-o path with ../",
  "sort -u data.csv -o \"sorted/UTCP_ARG_name_UTCP_END.csv\" && echo done", {"name": "Output name"},
  "Sort and de-duplicate data.csv into sorted/<name>.csv.",
  pay={"name": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc.csv"})
T(M, "sort_rows", "option", "sort", "flags value becomes -o",
  "sort UTCP_ARG_order_UTCP_END -t, -k2 data.csv", {"order": "sort flag such as -r or -n"}, "Sort data.csv rows.",
  pay={"order": "-o@W@"}, expect={"file": "@W@"})
T(M, "sort_by_column", "safe", "sort", "value attached to -k",
  "sort -t, -k\"UTCP_ARG_col_UTCP_END\",\"UTCP_ARG_col_UTCP_END\" data.csv", {"col": "column number"}, "Sort data.csv by a column.",
  benign={"col": "2"}, good=r"apple", extra=["2 -o@W@", "--compress-program=touch @C@"])
T(M, "human_size", "safe", "numfmt", "-- before number",
  "numfmt --to=iec --suffix=B -- UTCP_ARG_bytes_UTCP_END", {"bytes": "byte count"}, "Render a byte count.",
  benign={"bytes": "1048576"}, good=r"1\.0MB", extra=["--format=%s", "--debug"])
T(M, "calc", "safe", "bc", "expression piped to bc (no command execution in bc)",
  "echo \"scale=4; UTCP_ARG_expr_UTCP_END\" | bc -l", {"expr": "arithmetic expression"}, "Evaluate an arithmetic expression.",
  benign={"expr": "2+3"}, good=r"^5", extra=["system(\"touch @C@\")", "quit", "!touch @C@"])
T(M, "over_threshold", "exec", "bash", "[[ -gt ]] arithmetic on value",
  "[[ UTCP_ARG_value_UTCP_END -gt 100 ]] && echo over || echo ok", {"value": "measured value"},
  "Check a value against the 100 threshold.", pay={"value": "a[$(touch @C@)]"})
T(M, "over_threshold_test", "safe", "test", "single-bracket test (no arithmetic expansion)",
  "[ \"UTCP_ARG_value_UTCP_END\" -gt 100 ] 2>/dev/null && echo over || echo ok", {"value": "measured value"},
  "Check a value against the 100 threshold.", benign={"value": "150"}, good=r"over")
T(M, "set_config_value", "exec", "bash", "declare with key in the name (subscript evaluated)",
  "declare \"cfg_UTCP_ARG_key_UTCP_END=UTCP_ARG_value_UTCP_END\" && declare -p | grep -c '^declare -- cfg_'",
  {"key": "setting name", "value": "setting value"}, "Validate a config key/value pair.",
  pay={"key": "x[$(touch @C@)]", "value": "1"})
T(M, "store_formatted", "exec", "bash", "printf -v with value as variable name",
  "printf -v \"UTCP_ARG_var_UTCP_END\" '%s' \"UTCP_ARG_value_UTCP_END\" && echo stored",
  {"var": "variable name", "value": "value"}, "Format a value into a named variable.",
  pay={"var": "a[$(touch @C@)]", "value": "1"})
T(M, "pad_columns", "safe", "printf", "values only as printf arguments",
  "printf '%-20s|%s\\n' \"UTCP_ARG_name_UTCP_END\" \"UTCP_ARG_value_UTCP_END\"", {"name": "label", "value": "value"},
  "Pad a label/value pair.", benign={"name": "a", "value": "b"}, good=r"^a +\|b")
T(M, "write_env_file", "exec", "bash", "value written into a sourced file inside double quotes",
  ["printf 'export APP_NAME=\"%s\"\\n' \"UTCP_ARG_name_UTCP_END\" > .env.sh && . ./.env.sh && echo \"configured ${APP_NAME:-}\""],
  {"name": "application name"}, "Write .env.sh and load it.", pay={"name": "$(touch @C@)"})
T(M, "write_env_file_q", "safe", "bash", "printf %q into the sourced file",
  ["printf 'export APP_NAME=%q\\n' \"UTCP_ARG_name_UTCP_END\" > .env.sh && . ./.env.sh && echo \"configured ${APP_NAME:-}\""],
  {"name": "application name"}, "Write .env.sh and load it.", benign={"name": "demo"}, good=r"configured demo")
T(M, "sort_keyspec", "split", "env", "env -S splits the value",
  "env -S \"sort -t, -k UTCP_ARG_key_UTCP_END\" < data.csv", {"key": "sort key"}, "Sort data.csv by a key spec.",
  pay={"key": "2 -o @W@"}, expect={"file": "@W@"})
T(M, "csv_sum_awk", "broken", "awk", "awk $col taken by the client substitutor",
  "awk -F, -v col=UTCP_ARG_col_UTCP_END 'NR>1{s+=$col} END{print s}' data.csv", {"col": "column number"},
  "Sum a column of data.csv.", benign={"col": "3"}, good=r"^15$",
  why="$col is awk's field reference; the client substitutes it as sdata_col, which no README would configure, so the call fails")
T(M, "csv_sum", "safe", "awk", "-v assignment and $(col+0) field",
  "awk -F, -v col=\"UTCP_ARG_col_UTCP_END\" 'NR>1{s+=$(col+0)} END{print s+0}' data.csv", {"col": "column number"},
  "Sum a column of data.csv.", benign={"col": "3"}, good=r"^15$", extra=["1;system(\"touch @C@\")", "3\" ; system(\"touch @C@\") ; \""])
T(M, "text_length", "exec", "awk", "value inside a double-quoted awk program",
  "awk \"BEGIN{print length(\\\"UTCP_ARG_text_UTCP_END\\\")}\"", {"text": "text"}, "Count characters.",
  pay={"text": "\"); system(\"touch @C@\"); print(\""})
T(M, "sample_rows", "option", "shuf", "file value becomes --output",
  "shuf -n 3 UTCP_ARG_file_UTCP_END", {"file": "file to sample"}, "Random sample of lines from a file.",
  pay={"file": "--output=@W@"}, expect={"file": "@W@"})
T(M, "convert_encoding_checked", "safe", "iconv", "case guard on name, -f takes value",
  "case \"UTCP_ARG_file_UTCP_END\" in */*|.*|-*|'') echo 'invalid file'; exit 1;; esac; iconv -f \"UTCP_ARG_from_UTCP_END\" -t UTF-8 -- \"UTCP_ARG_file_UTCP_END\"",
  {"from": "source encoding", "file": "file name in the current directory"}, "Convert a file to UTF-8.",
  benign={"from": "LATIN1", "file": "a.txt"}, good=r"alpha", extra=["--output=@W@"])
T(M, "users_by_name", "safe", "python3", "sqlite parameter binding via argv",
  "python3 -c 'import sqlite3,sys; c=sqlite3.connect(\"file:app.db?mode=ro\", uri=True); print(c.execute(\"select id,name from users where name=?\", (sys.argv[1],)).fetchall())' \"UTCP_ARG_name_UTCP_END\"",
  {"name": "user name"}, "Look up users by name.", benign={"name": "ann"}, good=r"\(1, 'ann'\)",
  extra=["' or 1=1 --", "x'); ATTACH '@W@' AS e; --"])
T(M, "add_user", "write", "sqlite3", "SQL string injection with ATTACH creates a file",
  "sqlite3 app.db \"insert into users(id,name) values(3,'UTCP_ARG_name_UTCP_END'); select count(*) from users;\"",
  {"name": "user name"}, "Add a user.",
  pay={"name": "x'); ATTACH '@R@/blindS_esc.db' AS e; CREATE TABLE e.t(a); --"}, expect={"file": "@R@/blindS_esc.db"})
T(M, "query_readonly", "exec", "sqlite3", "query arg may be a dot-command (.shell)",
  "sqlite3 -readonly app.db \"UTCP_ARG_query_UTCP_END\"", {"query": "SELECT statement"}, "Run a read-only query.",
  pay={"query": ".shell touch @C@"})
T(M, "count_lines_of", "split", "xargs", "xargs splits one file name",
  "echo UTCP_ARG_file_UTCP_END | xargs wc -l", {"file": "file name"}, "Count lines of a file.",
  pay={"file": "blindSx blindSy"}, expect={"out": r"blindSy: No such file"})
T(M, "count_lines_nul", "safe", "xargs", "NUL-delimited xargs -0 with --",
  "printf '%s\\0' \"UTCP_ARG_file_UTCP_END\" | xargs -0 wc -l --", {"file": "file name"}, "Count lines of a file.",
  benign={"file": "a.txt"}, good=r"3 a\.txt", extra=["--files0-from=@R@/secret.txt"])

# ---------------------------------------------------------------- sshell: shell builtins & job helpers
M = "sshell"
T(M, "complete_words", "exec", "compgen", "compgen -W expands its word list",
  "compgen -W \"UTCP_ARG_words_UTCP_END\" -- \"UTCP_ARG_prefix_UTCP_END\"", {"words": "candidate words", "prefix": "prefix"},
  "Complete a prefix from a word list.", pay={"words": "$(touch @C@)", "prefix": "a"})
T(M, "complete_files", "safe", "compgen", "compgen -f with prefix after --",
  "compgen -f -- \"UTCP_ARG_prefix_UTCP_END\" | sort", {"prefix": "file name prefix"}, "Complete file names.",
  benign={"prefix": "a."}, good=r"a\.txt")
T(M, "job_with_cleanup", "exec", "bash", "trap string in double quotes",
  "trap \"echo cleaned lock-UTCP_ARG_job_UTCP_END\" EXIT; echo running UTCP_ARG_job_UTCP_END", {"job": "job name"},
  "Run a job with a cleanup trap.", pay={"job": "$(touch @C@)"})
T(M, "job_with_cleanup_sq", "exec", "bash", "trap string in single quotes (tracker splices value in)",
  "trap 'echo \"cleaned lock-UTCP_ARG_job_UTCP_END\"' EXIT; echo running", {"job": "job name"},
  "Run a job with a cleanup trap.", pay={"job": "$(touch @C@)"})
T(M, "job_with_cleanup_var", "safe", "bash", "trap refers to a variable (${job:?})",
  "job=UTCP_ARG_job_UTCP_END; trap 'echo \"cleaned lock-${job:?}\"' EXIT; echo running", {"job": "job name"},
  "Run a job with a cleanup trap.", benign={"job": "nightly"}, good=r"cleaned lock-nightly")
T(M, "add_counts", "exec", "bash", "let arithmetic",
  "let \"total = UTCP_ARG_a_UTCP_END + UTCP_ARG_b_UTCP_END\"; echo \"${total:-0}\"", {"a": "first", "b": "second"},
  "Add two counts.", pay={"a": "a[$(touch @C@)]", "b": "1"})
T(M, "pick_word", "exec", "bash", "array subscript arithmetic",
  "read -ra parts <<< 'alpha beta gamma'; echo \"${parts[UTCP_ARG_idx_UTCP_END]}\"", {"idx": "word index"},
  "Pick the n-th word.", pay={"idx": "a[$(touch @C@)]"})
T(M, "pick_field", "safe", "cut", "value attached to -f",
  "cut -d' ' -f\"UTCP_ARG_idx_UTCP_END\" <<< 'alpha beta gamma'", {"idx": "field number"}, "Pick the n-th field.",
  benign={"idx": "2"}, good=r"^beta")
T(M, "file_exists", "safe", "test", "test -e on value",
  "test -e \"UTCP_ARG_path_UTCP_END\" && echo yes || echo no", {"path": "path"}, "Check whether a path exists.",
  benign={"path": "a.txt"}, good=r"^yes")
T(M, "count_lines_eval", "safe", "bash", "printf %q then eval",
  "cmd=$(printf 'wc -l -- %q' \"UTCP_ARG_file_UTCP_END\"); eval \"${cmd:?}\"", {"file": "file"}, "Count lines.",
  benign={"file": "a.txt"}, good=r"3 a\.txt")
T(M, "sort_with_flags", "exec", "bash", "eval of joined arguments",
  "eval sort -t, \"UTCP_ARG_flags_UTCP_END\" data.csv", {"flags": "sort flags"}, "Sort data.csv with flags.",
  pay={"flags": "-k2; touch @C@"})
T(M, "disk_usage_timeout", "exec", "bash", "bash -c string with value",
  "timeout 10 bash -c \"du -sh UTCP_ARG_dir_UTCP_END | sort -h\"", {"dir": "directory"}, "Disk usage with a timeout.",
  pay={"dir": "docs; touch @C@"})
T(M, "disk_usage_argv", "safe", "bash", "bash -c with \"${@}\" positional",
  "timeout 10 bash -c 'du -sh -- \"${@}\"' _ \"UTCP_ARG_dir_UTCP_END\"", {"dir": "directory"}, "Disk usage with a timeout.",
  benign={"dir": "docs"}, good=r"docs")
T(M, "disk_usage_dollar1", "broken", "bash", "bash -c '$1' taken by client substitutor",
  "timeout 10 bash -c 'du -sh -- \"$1\"' _ \"UTCP_ARG_dir_UTCP_END\"", {"dir": "directory"}, "Disk usage with a timeout.",
  benign={"dir": "docs"}, good=r"docs", why="$1 is meant for the inner bash; the client substitutes it as sshell_1, which nobody configures")
T(M, "deploy_locked", "exec", "flock", "flock -c runs the string via sh",
  "flock -w 5 .deploy.lock -c \"cp -r docs/. releases/UTCP_ARG_version_UTCP_END/ && echo deployed\"", {"version": "release version"},
  "Copy docs into a release dir under a lock.", pay={"version": "x; touch @C@;"})
T(M, "deploy_locked_argv", "safe", "flock", "strict regex guard, argv form",
  "[[ \"UTCP_ARG_version_UTCP_END\" =~ ^[0-9]+\\.[0-9]+\\.[0-9]+$ ]] || { echo 'bad version'; exit 1; }; flock -w 5 .deploy.lock cp -r -- docs/. \"releases/UTCP_ARG_version_UTCP_END/\" && echo deployed",
  {"version": "release version"}, "Copy docs into a release dir under a lock.", benign={"version": "1.2.3"}, good=r"deployed",
  extra=["1.2.3/../../..", "1.2.3\n../../x"])
T(M, "record_build", "exec", "script", "script -c runs the string via sh",
  "script -qec \"make --no-print-directory UTCP_ARG_target_UTCP_END\" build.log >/dev/null; tail -n 1 build.log",
  {"target": "make target"}, "Run a build and record a transcript.", pay={"target": "all; touch @C@"})
T(M, "slugify_two_steps", "broken", "bash", "function defined in step 0 used in step 1 (each step is its own subshell)",
  ["slugify() { tr '[:upper:] ' '[:lower:]-' <<< \"${1:-}\"; }", "slugify \"UTCP_ARG_title_UTCP_END\""],
  {"title": "title"}, "Make a URL slug from a title.", benign={"title": "Hello World"}, good=r"^hello-world",
  why="each step runs inside its own $( ) so the function does not exist in step 1")
T(M, "build_in_repo", "broken", "bash", "cd in step 0 does not carry to step 1",
  ["cd repo", "git log --oneline -n UTCP_ARG_n_UTCP_END"], {"n": "count"}, "Show recent commits of the repo.",
  benign={"n": "1"}, good=r"init", why="cd happens in the step-0 subshell; step 1 runs in the original cwd, which is not a repository")
T(M, "write_app_conf", "broken", "bash", "here-doc inside a step (terminator becomes 'EOF 2>&1)')",
  ["cat > app.conf <<EOF\nname=UTCP_ARG_name_UTCP_END\nEOF", "cat app.conf"], {"name": "app name"}, "Write app.conf.",
  benign={"name": "demo"}, good=r"name=demo", why="the runtime appends ' 2>&1)' after the here-doc terminator, so the here-doc never ends")
T(M, "dir_size", "broken", "du", "trailing comment swallows the runtime's ')'",
  "du -sh UTCP_ARG_dir_UTCP_END # human readable", {"dir": "directory"}, "Size of a directory.",
  benign={"dir": "docs"}, good=r"docs", why="the runtime wraps the step as $(... 2>&1) on one line; the comment swallows the closing parenthesis")
T(M, "ping_series", "broken", "bash", "loop variable $i taken by client substitutor",
  "for i in $(seq 1 UTCP_ARG_n_UTCP_END); do echo \"probe $i\"; done", {"n": "count"}, "Run n probes.",
  benign={"n": "2"}, good=r"probe 2", why="$i is a shell loop variable; the client substitutes it as sshell_i")
T(M, "stat_report", "split", "stat", "nested quotes inside \"$( )\" fool the tracker; value unquoted",
  "echo \"size: $(stat -c %s \"UTCP_ARG_file_UTCP_END\")\"", {"file": "file"}, "Report a file size.",
  pay={"file": "a.txt notes.md"}, expect={"out": r"size: \d+\s+\d+"})
T(M, "append_note", "safe", "tee", "fixed output file",
  "printf '%s\\n' \"UTCP_ARG_line_UTCP_END\" | tee -a logs/agent.log", {"line": "text"}, "Append a line to the agent log.",
  benign={"line": "hello"}, good=r"^hello")
T(M, "tmp_workspace", "write", "mktemp", "--tmpdir template with ../ escapes the tmp dir",
  ["mkdir -p tmp", "mktemp -d --tmpdir=\"$(pwd)/tmp\" \"UTCP_ARG_prefix_UTCP_END.XXXXXX\""], {"prefix": "workspace prefix"},
  "Create a temporary workspace.", pay={"prefix": "../../blindS_esc"}, expect={"out": r"/blindS_esc\.\w+"},
  why="mktemp accepted the ../ template; a directory was created two levels above tmp/")

# ---------------------------------------------------------------- scerts: certificates and keys
M = "scerts"
T(M, "deploy_key", "write", "ssh-keygen", "-f path with ../",
  "ssh-keygen -q -t ed25519 -N '' -C \"deploy@UTCP_ARG_name_UTCP_END\" -f \"keys/UTCP_ARG_name_UTCP_END\" && echo created",
  {"name": "key name"}, "Create a deploy key.", pay={"name": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc"})
T(M, "deploy_key_checked", "safe", "ssh-keygen", "anchored regex guard",
  "[[ \"UTCP_ARG_name_UTCP_END\" =~ ^[a-z][a-z0-9-]{0,30}$ ]] || { echo 'invalid name'; exit 1; }; ssh-keygen -q -t ed25519 -N '' -f \"keys/UTCP_ARG_name_UTCP_END\" && echo created",
  {"name": "key name"}, "Create a deploy key.", benign={"name": "ci"}, good=r"created", extra=["ci\n../../x", "../ci"])
T(M, "cert_subject", "safe", "openssl", "value after -in",
  "openssl x509 -in \"keys/UTCP_ARG_name_UTCP_END.crt\" -noout -subject", {"name": "certificate name"},
  "Show a certificate subject.", benign={"name": "server"}, good=r"CN ?= ?localhost", extra=["-out=@W@"])
T(M, "digest_file", "option", "openssl", "file value becomes -out=",
  "openssl dgst -sha256 UTCP_ARG_file_UTCP_END", {"file": "file"}, "SHA-256 of a file.",
  pay={"file": "-out=@W@"}, expect={"file": "@W@"})
T(M, "digest_file_dd", "safe", "sha256sum", "-- before file",
  "sha256sum -- \"UTCP_ARG_file_UTCP_END\" | cut -d' ' -f1", {"file": "file"}, "SHA-256 of a file.",
  benign={"file": "a.txt"}, good=r"^[0-9a-f]{64}")
T(M, "new_csr", "write", "openssl", "-keyout path with ../",
  "openssl req -new -newkey rsa:2048 -nodes -subj \"/CN=UTCP_ARG_cn_UTCP_END\" -keyout \"keys/UTCP_ARG_name_UTCP_END.key\" -out \"keys/UTCP_ARG_name_UTCP_END.csr\" 2>/dev/null && echo ok",
  {"cn": "common name", "name": "file name"}, "Create a key and CSR.",
  pay={"cn": "example.org", "name": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc.key"})
T(M, "decode_blob", "write", "base64", "redirect target with ../",
  "printf '%s' \"UTCP_ARG_data_UTCP_END\" | base64 -d > \"out/UTCP_ARG_name_UTCP_END\" && echo saved", {"data": "base64 data", "name": "file name"},
  "Decode a base64 blob to a file.", pay={"data": "aGk=", "name": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc"})
T(M, "encode_doc", "safe", "base64", "case guard, fixed directory",
  "case \"UTCP_ARG_name_UTCP_END\" in */*|.*|-*|'') echo 'invalid name'; exit 1;; esac; base64 -w0 -- \"docs/UTCP_ARG_name_UTCP_END\"",
  {"name": "file in docs/"}, "Base64 a document.", benign={"name": "index.md"}, good=r"ZG9j")
T(M, "export_cert", "write", "tee", "tee target with ../",
  "openssl x509 -in keys/server.crt -outform PEM | tee \"dist/UTCP_ARG_bundle_UTCP_END.pem\" | head -n 1",
  {"bundle": "bundle name"}, "Export the server certificate.", pay={"bundle": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc.pem"})
T(M, "key_fingerprint", "broken", "ssh-keygen", "$HOME taken by client substitutor",
  "ssh-keygen -l -f \"$HOME/.ssh/UTCP_ARG_key_UTCP_END.pub\"", {"key": "key name"}, "Fingerprint of one of my keys.",
  benign={"key": "id_ed25519"}, good=r"SHA256|No such file", why="$HOME is the shell's; the client substitutes it as scerts_HOME and fails")
T(M, "verify_cert", "safe", "openssl", "-CAfile fixed, value after -- ",
  "openssl verify -CAfile keys/server.crt -- \"keys/UTCP_ARG_name_UTCP_END.crt\"", {"name": "certificate name"},
  "Verify a certificate against the CA.", benign={"name": "server"}, good=r": OK", extra=["-out=@W@"])
T(M, "cert_expiry_days", "split", "openssl", "placeholder inside $( ) nested in double quotes: tracker leaves it unquoted",
  "end=$(date -d \"$(openssl x509 -in keys/UTCP_ARG_name_UTCP_END.crt -noout -enddate | cut -d= -f2)\" +%s); now=$(date +%s); echo $(( (end - now) / 86400 ))",
  {"name": "certificate name"}, "Days until a certificate expires.", pay={"name": "server.crt -out=@W@ -in keys/server"}, expect={"file": "@W@"})

# ---------------------------------------------------------------- sarch: archives and backups
M = "sarch"
T(M, "extract_member", "exec", "tar", "member value as --to-command",
  "tar -xzf release.tgz -C out UTCP_ARG_member_UTCP_END && echo extracted", {"member": "archive member"},
  "Extract one member of release.tgz.", pay={"member": "--to-command=touch @C@"})
T(M, "extract_member_dd", "safe", "tar", "-- before member",
  "tar -xzf release.tgz -C out -- \"UTCP_ARG_member_UTCP_END\" && echo extracted", {"member": "archive member"},
  "Extract one member of release.tgz.", benign={"member": "bin/app"}, good=r"extracted",
  extra=["--to-command=touch @C@", "--directory=@W@", "-C@W@"])
T(M, "backup_docs_plus", "option", "tar", "extra path becomes --remove-files",
  "tar -czf backups/docs.tgz docs UTCP_ARG_extra_UTCP_END && echo ok", {"extra": "additional path to include"},
  "Back up docs plus one more path.", pay={"extra": "--remove-files"}, expect={"gone": "@R@/work/docs/index.md"})
T(M, "backup_named", "write", "tar", "archive name with ../",
  "tar -czf \"backups/UTCP_ARG_label_UTCP_END-$(date +%F).tgz\" docs && echo ok", {"label": "backup label"},
  "Back up docs under a label.", pay={"label": "../../blindS_esc"}, expect={"out": r"^ok"},
  why="archive written at R/blindS_esc-<date>.tgz, outside backups/")
T(M, "unpack_site", "write", "unzip", "-d path with ../",
  ["mkdir -p sites", "unzip -oq site.zip -d \"sites/UTCP_ARG_name_UTCP_END\" && echo ok"], {"name": "site name"}, "Unpack site.zip.",
  pay={"name": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc/docs/index.md"})
T(M, "list_zip", "safe", "unzip", "case guard against options",
  "case \"UTCP_ARG_zip_UTCP_END\" in -*|'') echo 'invalid'; exit 1;; esac; unzip -l \"UTCP_ARG_zip_UTCP_END\"", {"zip": "zip file"},
  "List a zip file.", benign={"zip": "site.zip"}, good=r"docs/index\.md")
T(M, "compress_log", "write", "zstd", "-o path with ../",
  ["mkdir -p archive", "zstd -q -f app.log -o \"archive/UTCP_ARG_name_UTCP_END.zst\" && echo ok"], {"name": "archive name"},
  "Compress app.log.", pay={"name": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc.zst"})
T(M, "compress_log_checked", "safe", "zstd", "regex guard",
  ["mkdir -p archive", "[[ \"UTCP_ARG_name_UTCP_END\" =~ ^[A-Za-z0-9_-]+$ ]] || { echo invalid; exit 1; }; zstd -q -f app.log -o \"archive/UTCP_ARG_name_UTCP_END.zst\" && echo ok"],
  {"name": "archive name"}, "Compress app.log.", benign={"name": "app-2026"}, good=r"^ok")
T(M, "split_upload", "write", "split", "prefix with ../",
  "split -b 20 -d app.log \"chunks/UTCP_ARG_prefix_UTCP_END\" && echo ok", {"prefix": "chunk prefix"}, "Split app.log for upload.",
  pay={"prefix": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc00"})
T(M, "section_split", "write", "csplit", "-f prefix with ../",
  "csplit -s -f \"UTCP_ARG_prefix_UTCP_END\" notes.md '/^Hello/' && echo ok", {"prefix": "output prefix"}, "Split notes.md at the greeting.",
  pay={"prefix": "../blindS_esc"}, expect={"file": "@R@/blindS_esc00"})
T(M, "section_split_checked", "safe", "csplit", "regex guard and fixed directory",
  "[[ \"UTCP_ARG_prefix_UTCP_END\" =~ ^[a-z][a-z0-9_]*$ ]] || { echo invalid; exit 1; }; csplit -s -f \"chunks/UTCP_ARG_prefix_UTCP_END\" notes.md '/^Hello/' && echo ok",
  {"prefix": "output prefix"}, "Split notes.md at the greeting.", benign={"prefix": "part"}, good=r"^ok")
T(M, "archive_members", "option", "ar", "@file response file reads any file",
  "ar t UTCP_ARG_lib_UTCP_END", {"lib": "static library"}, "List members of a static library.",
  pay={"lib": "@@R@/secret.txt"}, expect={"out": r"TOPSECRET"})
T(M, "elf_header", "option", "readelf", "@file response file despite --",
  "readelf -h -- \"UTCP_ARG_bin_UTCP_END\"", {"bin": "binary"}, "ELF header of a binary.",
  pay={"bin": "@@R@/secret.txt"}, expect={"out": r"TOPSECRET"})
T(M, "image_slice", "write", "dd", "of= path with ../",
  "dd if=app.log of=\"out/UTCP_ARG_name_UTCP_END.img\" bs=1 count=10 status=none && echo ok", {"name": "image name"},
  "Cut the first bytes of app.log into an image.", pay={"name": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc.img"})
T(M, "compress_with_level", "split", "tar", "tar -I splits the compressor string",
  "tar -I \"zstd -UTCP_ARG_level_UTCP_END\" -cf backups/docs.tar.zst docs && echo ok", {"level": "zstd level"},
  "Back up docs with a zstd level.", pay={"level": "3 -o @W@"}, expect={"file": "@W@"})
T(M, "mirror_docs", "split", "rsync", "printf output unquoted in $( ) splits items",
  "rsync -a $(printf -- '--exclude=%s ' \"UTCP_ARG_pattern_UTCP_END\") ./docs/ ./backups/docs/", {"pattern": "exclude pattern"},
  "Mirror docs, excluding a pattern.", pay={"pattern": "*.tmp --delete"}, expect={"log": ("rsync", r"^--delete$")})
T(M, "zip_site", "option", "zip", "dir value becomes -m (move into archive, deleting originals)",
  "zip -qr dist/site.zip UTCP_ARG_dir_UTCP_END docs && echo ok", {"dir": "directory to add"}, "Zip a directory with docs.",
  pay={"dir": "-m"}, expect={"gone": "@R@/work/docs/index.md"})

# ---------------------------------------------------------------- sops: cluster / cloud / services
M = "sops"
T(M, "delete_pod", "option", "kubectl", "pod value becomes --all",
  "kubectl delete pod UTCP_ARG_pod_UTCP_END -n staging --wait=false", {"pod": "pod name"}, "Delete a pod in staging.",
  pay={"pod": "--all"}, expect={"log": ("kubectl", r"^--all$")})
T(M, "delete_pod_checked", "safe", "kubectl", "DNS-1123 regex guard",
  "[[ \"UTCP_ARG_pod_UTCP_END\" =~ ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$ ]] || { echo 'invalid pod name'; exit 1; }; kubectl delete pod \"UTCP_ARG_pod_UTCP_END\" -n staging --wait=false",
  {"pod": "pod name"}, "Delete a pod in staging.", benign={"pod": "api-7d9f"}, good=STUBOK, extra=["--all", "-A"])
T(M, "restart_deploy", "safe", "kubectl", "value after fixed deployment/ prefix; -n takes value",
  "kubectl rollout restart \"deployment/UTCP_ARG_name_UTCP_END\" -n \"UTCP_ARG_ns_UTCP_END\"", {"name": "deployment", "ns": "namespace"},
  "Restart a deployment.", benign={"name": "api", "ns": "staging"}, good=STUBOK, argopts=["-n"])
T(M, "scale_deploy", "split", "kubectl", "unquoted ${name:-api} default expansion",
  "name=UTCP_ARG_name_UTCP_END; kubectl scale deployment ${name:-api} --replicas=UTCP_ARG_replicas_UTCP_END -n staging",
  {"name": "deployment", "replicas": "replica count"}, "Scale a deployment.",
  pay={"name": "blindSx blindSy", "replicas": "2"}, expect={"log": ("kubectl", r"^blindSy$")})
T(M, "render_chart", "option", "helm", "release value becomes --output-dir",
  "helm template UTCP_ARG_release_UTCP_END ./chart --output-dir rendered", {"release": "release name"}, "Render the chart.",
  pay={"release": "--output-dir=/etc/cron.d"}, expect={"log": ("helm", r"^--output-dir=/etc/cron\.d$")})
T(M, "release_history", "safe", "helm", "-- before release",
  "helm history -n apps -- \"UTCP_ARG_release_UTCP_END\"", {"release": "release name"}, "Show release history.",
  benign={"release": "web"}, good=STUBOK, argopts=["-n"])
T(M, "run_image_version", "option", "docker", "image value becomes -v mount",
  "docker run --rm UTCP_ARG_image_UTCP_END --version", {"image": "image reference"}, "Print an image's tool version.",
  pay={"image": "-v/:/host"}, expect={"log": ("docker", r"^-v/:/host$")})
T(M, "pull_image", "safe", "docker", "case guard on image reference",
  "case \"UTCP_ARG_image_UTCP_END\" in -*|*[!a-zA-Z0-9./:@_-]*|'') echo 'bad image reference'; exit 1;; esac; docker pull -q \"UTCP_ARG_image_UTCP_END\"",
  {"image": "image reference"}, "Pull an image.", benign={"image": "alpine:3.20"}, good=STUBOK)
T(M, "stop_container", "split", "docker", "nested quotes inside \"$( )\"",
  "echo \"stopped: $(docker stop \"UTCP_ARG_name_UTCP_END\")\"", {"name": "container"}, "Stop a container.",
  pay={"name": "blindSx blindSy"}, expect={"log": ("docker", r"^blindSy$")})
T(M, "tag_release_image", "split", "docker", "unquoted ${ver#v} pattern expansion",
  "ver=UTCP_ARG_version_UTCP_END; docker tag app:latest registry.local/app:${ver#v} && echo tagged", {"version": "version, e.g. v1.2.3"},
  "Tag the app image.", pay={"version": "blindSx blindSy"}, expect={"log": ("docker", r"^blindSy$")})
T(M, "container_logs", "safe", "docker", "-- before container",
  "docker logs --tail 100 -- \"UTCP_ARG_container_UTCP_END\"", {"container": "container"}, "Tail container logs.",
  benign={"container": "web"}, good=STUBOK)
T(M, "inspect_normalized", "split", "docker", "step output ${CMD_0_OUTPUT:-} unquoted",
  ["printf '%s' \"UTCP_ARG_name_UTCP_END\" | tr '[:upper:]' '[:lower:]'", "docker inspect --format '{{.State.Status}}' ${CMD_0_OUTPUT:-}"],
  {"name": "container"}, "Inspect a container (name normalised).", pay={"name": "blindSx blindSy"},
  expect={"log": ("docker", r"^blindsy$")})
T(M, "inspect_normalized_q", "safe", "docker", "step output quoted after --",
  ["printf '%s' \"UTCP_ARG_name_UTCP_END\" | tr '[:upper:]' '[:lower:]'", "docker inspect --format '{{.State.Status}}' -- \"${CMD_0_OUTPUT:-}\""],
  {"name": "container"}, "Inspect a container (name normalised).", benign={"name": "Web"}, good=STUBOK, argopts=["--format"])
T(M, "inspect_chain", "broken", "docker", "plain $CMD_0_OUTPUT taken by the client substitutor",
  ["printf '%s' \"UTCP_ARG_name_UTCP_END\" | tr '[:upper:]' '[:lower:]'", "docker inspect -- \"$CMD_0_OUTPUT\""],
  {"name": "container"}, "Inspect a container (name normalised).", benign={"name": "web"}, good=STUBOK,
  why="utcp 1.2.0 substitutes $CMD_0_OUTPUT as client variable sops_CMD_0_OUTPUT before utcp-cli sees it; registration/call fails")
T(M, "s3_list", "option", "aws", "uri value becomes --endpoint-url",
  "aws s3 ls UTCP_ARG_uri_UTCP_END", {"uri": "s3 uri"}, "List an S3 prefix.",
  pay={"uri": "--endpoint-url=http://127.0.0.1:9"}, expect={"log": ("aws", r"^--endpoint-url=")})
T(M, "s3_publish", "safe", "aws", "value only inside fixed s3:// prefix",
  "aws s3 sync ./docs \"s3://releases/UTCP_ARG_prefix_UTCP_END\" --exclude '*.tmp'", {"prefix": "destination prefix"},
  "Publish docs to the release bucket.", benign={"prefix": "v1"}, good=STUBOK, argopts=["--exclude"])
T(M, "state_remove", "option", "terraform", "address value becomes -state-out",
  "terraform -chdir=infra state rm UTCP_ARG_address_UTCP_END", {"address": "resource address"}, "Forget a resource.",
  pay={"address": "-state-out=/tmp/blindS_w_x"}, expect={"log": ("terraform", r"^-state-out=")})
T(M, "plan_region", "safe", "terraform", "value inside -var key=value",
  "terraform -chdir=infra plan -input=false -var \"region=UTCP_ARG_region_UTCP_END\"", {"region": "region"}, "Plan for a region.",
  benign={"region": "eu-west-1"}, good=STUBOK, argopts=["-var"])
T(M, "read_secret", "option", "vault", "path value becomes -address",
  "vault kv get UTCP_ARG_path_UTCP_END", {"path": "secret path"}, "Read a secret.",
  env={"VAULT_TOKEN": "${VAULT_TOKEN}"}, vars={"VAULT_TOKEN": "s.dummy"},
  pay={"path": "-address=http://127.0.0.1:9"}, expect={"log": ("vault", r"^-address=")},
  why="VAULT_TOKEN is a client variable the README asks users to configure (configured as sops_VAULT_TOKEN)")
T(M, "read_app_secret", "safe", "vault", "-mount and fixed path prefix",
  "vault kv get -mount=secret \"apps/UTCP_ARG_app_UTCP_END/config\"", {"app": "application"}, "Read an app's config secret.",
  env={"VAULT_TOKEN": "${VAULT_TOKEN}"}, vars={"VAULT_TOKEN": "s.dummy"}, benign={"app": "web"}, good=STUBOK)
T(M, "journal_match", "option", "journalctl", "match value becomes --vacuum-time",
  "journalctl --no-pager -n 50 UTCP_ARG_match_UTCP_END", {"match": "journal match, e.g. _SYSTEMD_UNIT=nginx.service"},
  "Show journal entries.", pay={"match": "--vacuum-time=1s"}, expect={"log": ("journalctl", r"^--vacuum-time=1s$")})
T(M, "journal_unit", "safe", "journalctl", "value after -u",
  "journalctl --no-pager -n 50 -u \"UTCP_ARG_unit_UTCP_END\"", {"unit": "unit"}, "Show a unit's journal.",
  benign={"unit": "nginx"}, good=STUBOK, argopts=["-u"])
T(M, "restart_service", "safe", "systemctl", "case allowlist",
  "case \"UTCP_ARG_unit_UTCP_END\" in nginx|redis|app-worker) systemctl restart \"UTCP_ARG_unit_UTCP_END\";; *) echo 'unit not allowed'; exit 1;; esac",
  {"unit": "unit"}, "Restart an allowed service.", benign={"unit": "nginx"}, good=STUBOK)
T(M, "db_user_count", "option", "psql", "database value becomes --output",
  "psql -X -A -t -c 'select count(*) from users' UTCP_ARG_db_UTCP_END", {"db": "database name"}, "Count users.",
  env={"PGPASSWORD": "${PGPASSWORD}"}, vars={"PGPASSWORD": "pw"},
  pay={"db": "--output=/etc/cron.d/x"}, expect={"log": ("psql", r"^--output=")})
T(M, "db_find_user", "safe", "psql", "value in -v name=value, fixed -d",
  "psql -X -A -t -d appdb -v \"name=UTCP_ARG_name_UTCP_END\" -f queries/find_user.sql", {"name": "user name"}, "Find a user.",
  env={"PGPASSWORD": "${PGPASSWORD}"}, vars={"PGPASSWORD": "pw"}, benign={"name": "ann"}, good=STUBOK, argopts=["-v"])
T(M, "pip_version", "split", "pip", "nested quotes inside \"$( )\"",
  "echo \"installed: $(pip install -q \"UTCP_ARG_pkg_UTCP_END\" && echo ok)\"", {"pkg": "package"}, "Install a package.",
  pay={"pkg": "blindSx blindSy"}, expect={"log": ("pip", r"^blindSy$")})
T(M, "npm_outdated", "split", "xargs", "xargs splits a package name",
  "printf '%s\\n' \"UTCP_ARG_pkg_UTCP_END\" | xargs npm outdated --json", {"pkg": "package"}, "Check one package for updates.",
  pay={"pkg": "left-pad --registry=http://127.0.0.1:9"}, expect={"log": ("npm", r"^--registry=")})
T(M, "thumb", "split", "convert", "unquoted ${size:-320x240}",
  "size=UTCP_ARG_size_UTCP_END; convert docs/logo.png -resize ${size:-320x240} out/thumb.png && echo ok", {"size": "geometry"},
  "Make a thumbnail.", pay={"size": "blindSx blindSy"}, expect={"log": ("convert", r"^blindSy$")})
T(M, "kube_ctx_pods", "broken", "kubectl", "working_dir with ~ (not expanded)",
  "kubectl get pods -n UTCP_ARG_ns_UTCP_END", {"ns": "namespace"}, "List pods.", wd_raw="~/ops",
  benign={"ns": "default"}, good=STUBOK, why="working_dir '~/ops' is passed to the subprocess as a literal path, which does not exist")
T(M, "tool_path", "broken", "helm", "env_vars PATH replaces the inherited PATH",
  "helm list -n UTCP_ARG_ns_UTCP_END | head -n 5", {"ns": "namespace"}, "List helm releases.",
  env={"PATH": "/opt/helm/bin"}, benign={"ns": "apps"}, good=STUBOK, why="env_vars PATH overrides PATH, so neither helm nor head is found")

# ---------------------------------------------------------------- slang: language one-liners and editors
M = "slang"
T(M, "slugify", "exec", "python3", "placeholder inside single-quoted python -c source",
  "python3 -c 'import re; print(re.sub(r\"[^a-z0-9]+\", \"-\", \"UTCP_ARG_title_UTCP_END\".lower()).strip(\"-\"))'",
  {"title": "title"}, "Make a URL slug.", pay={"title": "\"+__import__(\"os\").system(\"touch @C@\")*\"\"+\""})
T(M, "slugify_argv", "safe", "python3", "sys.argv",
  "python3 -c 'import re,sys; print(re.sub(r\"[^a-z0-9]+\", \"-\", sys.argv[1].lower()).strip(\"-\"))' \"UTCP_ARG_title_UTCP_END\"",
  {"title": "title"}, "Make a URL slug.", benign={"title": "Hello World"}, good=r"^hello-world",
  extra=["\"+__import__(\"os\").system(\"touch @C@\")+\""])
T(M, "grep_perl", "exec", "perl", "value interpolated into a perl regex in the program text",
  "perl -ne \"print if /UTCP_ARG_re_UTCP_END/\" app.log", {"re": "regular expression"}, "Search app.log with a Perl regex.",
  pay={"re": "@{[ system(q(touch ).chr(47).q(tmp).chr(47).q(blindS_canary_grep_perl)) ]}"})
T(M, "count_matches_perl", "broken", "perl", "$_ and $n taken by client substitutor",
  "perl -ne '$n++ if index($_, \"UTCP_ARG_needle_UTCP_END\") >= 0; END { print $n+0, \"\\n\" }' app.log",
  {"needle": "text"}, "Count lines containing a string.", benign={"needle": "ERROR"}, good=r"^1$",
  why="$n and $_ are Perl variables; the client substitutes them (slang_n, slang__) and fails")
T(M, "js_basename", "exec", "node", "value in a node -e string",
  "node -e \"console.log(require('path').basename('UTCP_ARG_path_UTCP_END'))\"", {"path": "path"}, "Base name of a path.",
  pay={"path": "'+require('child_process').execSync('touch @C@')+'"})
T(M, "js_basename_argv", "exec", "node", "argv after node -e is still parsed as a node option (--eval)",
  "node -e 'console.log(require(\"path\").basename(process.argv[1]))' \"UTCP_ARG_path_UTCP_END\"", {"path": "path"},
  "Base name of a path.", pay={"path": "--eval=require(\"child_process\").execSync(\"touch @C@\")"})
T(M, "js_basename_dd", "safe", "node", "-- ends node options, process.argv",
  "node -e 'console.log(require(\"path\").basename(process.argv[1]))' -- \"UTCP_ARG_path_UTCP_END\"", {"path": "path"},
  "Base name of a path.", benign={"path": "a/b/c.txt"}, good=r"^c\.txt",
  extra=["--eval=require(\"child_process\").execSync(\"touch @C@\")", "--require=@R@/work/Makefile", "-p"])
T(M, "delete_matching_lines", "exec", "ed", "value fed to ed as a command line",
  "printf '%s\\n' \"g/UTCP_ARG_pattern_UTCP_END/d\" w q | ed -s app.log && wc -l < app.log", {"pattern": "regex"},
  "Delete lines matching a pattern from app.log.", pay={"pattern": "x/d\n!touch @C@\n#"})
T(M, "replace_in_notes", "exec", "sed", "value in GNU sed script (e command)",
  "sed -i \"s/UTCP_ARG_old_UTCP_END/UTCP_ARG_new_UTCP_END/g\" notes.md && cat notes.md", {"old": "text", "new": "replacement"},
  "Replace text in notes.md.", pay={"old": "Hello", "new": "x/;1e touch @C@\n#"})
T(M, "bump_version_bsd", "broken", "sed", "BSD sed -i '' form on GNU sed",
  "sed -i '' \"s/\\\"version\\\": \\\"[0-9.]*\\\"/\\\"version\\\": \\\"UTCP_ARG_version_UTCP_END\\\"/\" package.json && cat package.json",
  {"version": "new version"}, "Bump the version in package.json.", benign={"version": "2.0.0"}, good=r'^\{',
  why="GNU sed takes '' as the script and the real script as a file name: every call fails")
T(M, "file_size_bsd", "broken", "stat", "BSD stat -f %z on GNU stat",
  "stat -f %z \"UTCP_ARG_file_UTCP_END\"", {"file": "file"}, "Size of a file in bytes.", benign={"file": "a.txt"}, good=r"^17$",
  why="GNU stat -f means file-system status; %z is not a byte size there")
T(M, "vim_substitute", "exec", "ex", "value in an ex command (| chains !cmd)",
  "ex -s -c \"%s/UTCP_ARG_old_UTCP_END/UTCP_ARG_new_UTCP_END/g\" -c wq notes.md && cat notes.md", {"old": "text", "new": "replacement"},
  "Replace text in notes.md with ex.", pay={"old": "Hello", "new": "x/g|call system(\"touch @C@\")|\""})
T(M, "save_note", "write", "python3", "pathlib join with ../ or absolute value",
  "python3 -c 'import sys,pathlib; p=pathlib.Path(\"notes\", sys.argv[1] + \".md\"); p.write_text(sys.argv[2]); print(p)' \"UTCP_ARG_title_UTCP_END\" \"UTCP_ARG_body_UTCP_END\"",
  {"title": "note title", "body": "text"}, "Save a note.", pay={"title": "../../blindS_esc", "body": "x"}, expect={"file": "@R@/blindS_esc.md"})
T(M, "share_report", "write", "cp", "prefix case guard defeated by ../",
  "case \"UTCP_ARG_dest_UTCP_END\" in srv/share/*) cp report.txt \"UTCP_ARG_dest_UTCP_END\" && echo shared;; *) echo 'dest must be under srv/share'; exit 1;; esac",
  {"dest": "destination under srv/share"}, "Share the report.", pay={"dest": "srv/share/../../../blindS_esc"}, expect={"file": "@R@/blindS_esc"})
T(M, "link_shared", "write", "ln", "link name with ../",
  ["mkdir -p links", "ln -s ../docs \"links/UTCP_ARG_name_UTCP_END\" && echo linked"], {"name": "link name"}, "Link docs under links/.",
  pay={"name": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc"})
T(M, "tcp_probe", "exec", "socat", "address value may be SYSTEM:",
  "echo PING | timeout 3 socat -T2 - UTCP_ARG_address_UTCP_END", {"address": "socat address, e.g. TCP:127.0.0.1:6379"},
  "Send PING to a service.", pay={"address": "SYSTEM:touch @C@"})
T(M, "tcp_probe_hostport", "safe", "socat", "host/port inside fixed TCP: address",
  "[[ \"UTCP_ARG_port_UTCP_END\" =~ ^[0-9]+$ ]] || exit 1; [[ \"UTCP_ARG_host_UTCP_END\" =~ ^[A-Za-z0-9.-]+$ ]] || exit 1; echo PING | timeout 3 socat -T2 - \"TCP:UTCP_ARG_host_UTCP_END:UTCP_ARG_port_UTCP_END\" 2>&1 || echo unreachable",
  {"host": "host", "port": "port"}, "Send PING to a service.", benign={"host": "127.0.0.1", "port": "9"}, good=r"unreachable|refused",
  extra=["x:1!!SYSTEM:touch @C@", "127.0.0.1:9,fork"])
T(M, "remote_uptime", "exec", "ssh", "host value becomes -oProxyCommand",
  "ssh -o BatchMode=yes -o ConnectTimeout=3 UTCP_ARG_host_UTCP_END uptime", {"host": "host"}, "Uptime of a host.",
  pay={"host": "-oProxyCommand=touch @C@"})
T(M, "remote_uptime_checked", "safe", "ssh", "-- before destination",
  "ssh -o BatchMode=yes -o ConnectTimeout=3 -- \"UTCP_ARG_host_UTCP_END\" uptime", {"host": "host"}, "Uptime of a host.",
  benign={"host": "127.0.0.1"}, good=r"ssh|Connection|Permission|port", extra=["-oProxyCommand=touch @C@", "-oLocalCommand=touch @C@"])
T(M, "tmp_upload_path", "broken", "bash", "$RANDOM taken by client substitutor",
  "cp \"uploads/UTCP_ARG_file_UTCP_END\" \"/tmp/upload.$RANDOM\" && echo staged", {"file": "uploaded file"}, "Stage an upload.",
  benign={"file": "x"}, good=r"staged", why="$RANDOM is meant for bash; the client substitutes it as slang_RANDOM")
T(M, "java_prop", "safe", "java", "value in one -D argument",
  "java -Dapp.name=\"UTCP_ARG_name_UTCP_END\" -XshowSettings:properties -version 2>&1 | grep -m1 'app.name'", {"name": "app name"},
  "Show how the JVM sees an app name.", benign={"name": "demo"}, good=r"app\.name = demo",
  extra=["x -XX:OnOutOfMemoryError=touch @C@", "demo\n-jar"])

# ---------------------------------------------------------------- additions (long tail)
M = "sdata"
T(M, "import_csv", "exec", "sqlite3", ".import file argument may be '|command'",
  "sqlite3 app.db \".import --csv UTCP_ARG_file_UTCP_END staging\" && sqlite3 app.db 'select count(*) from staging'",
  {"file": "CSV file to import"}, "Import a CSV file into the staging table.", pay={"file": "'|touch @C@'"})
T(M, "import_csv_checked", "safe", "sqlite3", "case guard before .import",
  "case \"UTCP_ARG_file_UTCP_END\" in *[!A-Za-z0-9._-]*|.*|'') echo 'invalid file'; exit 1;; esac; sqlite3 app.db \".import --csv UTCP_ARG_file_UTCP_END staging\" && sqlite3 app.db 'select count(*) from staging'",
  {"file": "CSV file to import"}, "Import a CSV file into the staging table.", benign={"file": "data.csv"}, good=r"^\d+$",
  extra=["'|touch @C@'", "|touch @C@"])
T(M, "export_users", "write", "sqlite3", ".once path with ../",
  ["mkdir -p exports", "sqlite3 app.db \".once exports/UTCP_ARG_name_UTCP_END.csv\" 'select * from users' && echo exported"],
  {"name": "export name"}, "Export users to exports/<name>.csv.", pay={"name": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc.csv"})
T(M, "pkg_field", "broken", "jq", "jq $k variable taken by the client substitutor",
  "jq -r --arg k \"UTCP_ARG_field_UTCP_END\" '.[$k]' package.json", {"field": "package.json field"}, "Read a package.json field.",
  benign={"field": "version"}, good=r"^1\.2\.3$", why="$k is jq's variable; the client substitutes it as sdata_k, which no README would configure")
T(M, "render_template", "broken", "envsubst", "envsubst SHELL-FORMAT '${NAME}' taken by the client",
  "NAME=\"UTCP_ARG_name_UTCP_END\" envsubst '${NAME}' <<< 'hello ${NAME}'", {"name": "name"}, "Render a greeting template.",
  benign={"name": "ann"}, good=r"hello ann", why="${NAME} is meant for envsubst; the client substitutes it as sdata_NAME, which no README would configure")
T(M, "common_items", "safe", "comm", "process substitution, value only as data",
  "comm -12 <(sort a.txt) <(printf '%s\\n' \"UTCP_ARG_item_UTCP_END\" | sort)", {"item": "item"}, "Is an item in the list?",
  benign={"item": "beta"}, good=r"^beta")
T(M, "squeeze_spaces", "safe", "tr", "here-string into tr",
  "tr -s ' ' <<< \"UTCP_ARG_text_UTCP_END\"", {"text": "text"}, "Squeeze repeated spaces.", benign={"text": "a   b"}, good=r"^a b$")
T(M, "join_lines", "safe", "paste", "delimiter attached to -d",
  "paste -sd\"UTCP_ARG_sep_UTCP_END\" a.txt", {"sep": "delimiter"}, "Join the lines of a.txt.", benign={"sep": ","}, good=r"alpha,beta")
M = "sshell"
T(M, "is_defined", "exec", "bash", "[[ -v ]] evaluates an array subscript",
  "[[ -v UTCP_ARG_name_UTCP_END ]] && echo set || echo unset", {"name": "variable name"}, "Is a shell setting defined?",
  pay={"name": "a[$(touch @C@)]"})
T(M, "render_line", "exec", "bash", "value as printf format (-v NAME attached)",
  "printf \"UTCP_ARG_template_UTCP_END\" \"$(date +%F)\"; echo", {"template": "format, e.g. 'Report for %s'"}, "Render a line with today's date.",
  pay={"template": "-va[$(touch @C@)]"})
T(M, "open_log_fd", "write", "bash", "exec 3> redirect target with ../",
  "exec 3> \"logs/UTCP_ARG_name_UTCP_END.log\"; echo started >&3; echo opened", {"name": "log name"}, "Start a job log.",
  pay={"name": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc.log"})
T(M, "rotate_log", "write", "truncate", "truncate path with ../",
  "truncate -s 0 \"logs/UTCP_ARG_name_UTCP_END.log\" && echo rotated", {"name": "log name"}, "Empty a log file.",
  pay={"name": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc.log"})
T(M, "split_compress", "broken", "split", "split --filter '$FILE' taken by the client",
  "split -n l/2 --filter='gzip > $FILE.gz' UTCP_ARG_file_UTCP_END part_ && ls part_*", {"file": "file"}, "Split a file in two gzip parts.",
  benign={"file": "app.log"}, good=r"part_aa\.gz", why="$FILE is split's filter variable; the client substitutes it as sshell_FILE")
T(M, "fold_notes", "safe", "fold", "value after -w",
  "fold -s -w \"UTCP_ARG_width_UTCP_END\" -- notes.md", {"width": "width"}, "Wrap notes.md.", benign={"width": "20"}, good=r"Notes")
T(M, "touch_date", "safe", "touch", "value after -d, fixed file",
  "touch -d \"UTCP_ARG_when_UTCP_END\" -- docs/index.md && stat -c %y docs/index.md", {"when": "timestamp"}, "Set the doc timestamp.",
  benign={"when": "2026-01-01 00:00"}, good=r"2026-01-01 00:00")
T(M, "head_log", "safe", "head", "value after -n, -- before file",
  "head -n \"UTCP_ARG_lines_UTCP_END\" -- app.log", {"lines": "line count"}, "First lines of app.log.", benign={"lines": "1"}, good=r"INFO start")
T(M, "zgrep_count", "safe", "zgrep", "pattern after -e, fixed file",
  "zgrep -c -e \"UTCP_ARG_pattern_UTCP_END\" -- app.log.gz", {"pattern": "pattern"}, "Count matches in the compressed log.",
  benign={"pattern": "ERROR"}, good=r"^1$", extra=["--file=@R@/secret.txt", "x'; touch @C@; '"])
M = "sarch"
T(M, "archive_docs_cmake", "write", "cmake", "cmake -E tar output path with ../",
  "cmake -E tar czf \"dist/UTCP_ARG_name_UTCP_END.tgz\" docs && echo ok", {"name": "archive name"}, "Archive docs with cmake.",
  pay={"name": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc.tgz"})
T(M, "install_share", "write", "install", "install -D destination with ../",
  "install -D -m 0644 report.txt \"srv/share/UTCP_ARG_name_UTCP_END\" && echo installed", {"name": "file name"}, "Publish the report.",
  pay={"name": "../../../blindS_esc"}, expect={"file": "@R@/blindS_esc"})
M = "srepo"
T(M, "clone_vendor", "safe", "git", "-- before URL, ext:: disabled by default",
  ["rm -rf vendor/lib", "git clone -q --depth 1 -- \"UTCP_ARG_url_UTCP_END\" vendor/lib && git -C vendor/lib log --oneline -n 1"],
  {"url": "repository URL"}, "Vendor a library.", benign={"url": "file://@R@/work/origin.git"}, good=r"init",
  extra=["ext::sh -c touch% @C@", "--upload-pack=touch @C@", "-utouch @C@", "--template=@R@"])
M = "scerts"
T(M, "print_cert", "safe", "keytool", "value after -file",
  "keytool -printcert -file \"keys/UTCP_ARG_name_UTCP_END.crt\" | head -n 2", {"name": "certificate name"}, "Print a certificate with keytool.",
  benign={"name": "server"}, good=r"CN=localhost", extra=["-J-Dx=y"])

# ---------------------------------------------------------------- guards split over steps
M = "sops"
T(M, "delete_pod_steps", "option", "kubectl", "regex guard in step 0 does not stop step 1 (each step is its own subshell)",
  ["[[ \"UTCP_ARG_pod_UTCP_END\" =~ ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$ ]] || { echo 'invalid pod name'; exit 1; }",
   "kubectl delete pod UTCP_ARG_pod_UTCP_END -n staging --wait=false"],
  {"pod": "pod name"}, "Delete a pod in staging.", pay={"pod": "--all"}, expect={"log": ("kubectl", r"^--all$")})
T(M, "delete_pod_gated", "safe", "kubectl", "step 1 only uses the validated step-0 output, quoted after --",
  ["[[ \"UTCP_ARG_pod_UTCP_END\" =~ ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$ ]] && printf '%s' \"UTCP_ARG_pod_UTCP_END\"",
   "if [ -n \"${CMD_0_OUTPUT:-}\" ]; then kubectl delete pod -n staging --wait=false -- \"${CMD_0_OUTPUT:-}\"; else echo 'invalid pod name'; fi"],
  {"pod": "pod name"}, "Delete a pod in staging.", benign={"pod": "api-7d9f"}, good=STUBOK, extra=["--all", "-A"], argopts=["-n"])
M = "scerts"
T(M, "deploy_key_steps", "write", "ssh-keygen", "case guard in step 0, key written in step 1",
  ["case \"UTCP_ARG_name_UTCP_END\" in */*|.*|'') echo 'invalid name'; exit 1;; esac",
   "ssh-keygen -q -t ed25519 -N '' -f \"keys/UTCP_ARG_name_UTCP_END\" && echo created"],
  {"name": "key name"}, "Create a deploy key.", pay={"name": "../../blindS_esc"}, expect={"file": "@R@/blindS_esc"})
M = "srepo"
T(M, "run_target_steps", "exec", "make", "allowlist in step 0, make in step 1",
  ["case \"UTCP_ARG_target_UTCP_END\" in all|test) ;; *) echo 'unknown target'; exit 2;; esac",
   "make --no-print-directory UTCP_ARG_target_UTCP_END"],
  {"target": "all or test"}, "Run an allowed Makefile target.", pay={"target": "--eval=$(shell touch @C@)"})
T(M, "list_release_tags", "safe", "git", "fetch step then tag --list with pattern",
  ["git -C repo fetch -q --tags origin", "git -C repo tag --list \"v*\" --sort=-v:refname | grep -F -x -- \"UTCP_ARG_tag_UTCP_END\" || echo 'no such tag'"],
  {"tag": "tag to look for"}, "Is a tag published?", benign={"tag": "v1.0.0"}, good=r"^v1\.0\.0$", extra=["-e", "--file=@R@/secret.txt"])
M = "sdata"
T(M, "users_report", "safe", "python3", "header step and parameterised query step",
  [("echo '== users =='", True), ("python3 -c 'import sqlite3,sys; c=sqlite3.connect(\"app.db\"); print(c.execute(\"select count(*) from users where name like ?\", (sys.argv[1] + \"%\",)).fetchone()[0])' \"UTCP_ARG_prefix_UTCP_END\"", True)],
  {"prefix": "name prefix"}, "Count users by name prefix.", benign={"prefix": "a"}, good=r"== users ==\s+1")

# ---------------------------------------------------------------- deployment settings the authors publish
_ENV = {"kubectl": {"KUBECONFIG": "/etc/kube/staging.yaml"}, "helm": {"HELM_NAMESPACE": "apps"},
        "docker": {"DOCKER_CLI_HINTS": "false"}, "aws": {"AWS_PROFILE": "release", "AWS_PAGER": ""},
        "terraform": {"TF_IN_AUTOMATION": "1"}, "journalctl": {"SYSTEMD_PAGER": ""}, "systemctl": {"SYSTEMD_PAGER": ""},
        "pip": {"PIP_DISABLE_PIP_VERSION_CHECK": "1"}, "xargs": {"LC_ALL": "C"}, "convert": {"MAGICK_THREAD_LIMIT": "1"},
        "gh": {"GH_PROMPT_DISABLED": "1"}, "ssh": {"LC_ALL": "C"}, "openssl": {"OPENSSL_CONF": "/dev/null"},
        "ssh-keygen": {"LC_ALL": "C"}, "git": {"GIT_TERMINAL_PROMPT": "0"}, "date": {"LC_ALL": "C"},
        "sort": {"LC_ALL": "C"}, "python3": {"PYTHONDONTWRITEBYTECODE": "1"}, "node": {"NODE_OPTIONS": ""},
        "sqlite3": {"SQLITE_HISTORY": "/dev/null"}}
for _t in TOOLS:
    if _t["name"] in ("tool_path", "kube_ctx_pods"):
        continue
    if _t["manual"] in ("srepo", "sarch", "sdata", "slang") and not _t.get("wd"):
        _t["wd"] = True
    if not _t.get("env") and _t["prog"] in _ENV:
        _t["env"] = dict(_ENV[_t["prog"]])
