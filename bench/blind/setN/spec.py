# Spec of blind set N: every tool, its label and how to confirm it.  harness.py builds manuals/*.json from this.
# Tokens in payload/benign/setup: {C} canary path, {W} outside-write target, {T} ../-traversal to {W}
TOOLS = []
def t(m, name, cat, idiom, progs, cmds, args, desc, benign=None, expect=None, payload=None, check=None,
      env=None, wd=None, setup="", extra=(), inherit=None, optok=(), vars=None):
    TOOLS.append(dict(m=m, name=name, cat=cat, idiom=idiom, progs=progs, cmds=cmds, args=args, desc=desc,
                      benign=benign or {}, expect=expect, payload=payload, check=check, env=env, wd=wd,
                      setup=setup, extra=list(extra), inherit=inherit, optok=list(optok), vars=vars or {}))

GITSETUP = "git init -q repo && cd repo && git config user.email a@b && git config user.name a && echo hi > README && git add . && git commit -qm init && git tag v1.0.0"
LOGSETUP = "mkdir -p logs && printf 'a 1\\nb 2\\nerror x\\nc 3\\n' > logs/app.log && printf 'z\\ny\\nx\\n' > data.txt"

# ---------------- shell builtins / bash idioms ----------------
M = "blindN_shell"
t(M, "complete_word", "exec", "compgen -W expands its word list", ["bash"],
  ["compgen -W \"UTCP_ARG_candidates_UTCP_END\" -- UTCP_ARG_prefix_UTCP_END"],
  {"candidates": "space separated candidate words", "prefix": "prefix to complete"},
  "Complete a prefix against a list of candidate words (like shell tab completion).",
  benign={"candidates": "deploy destroy diff", "prefix": "de"}, expect="deploy",
  payload={"candidates": "a $(touch {C})", "prefix": "a"}, check="canary")
t(M, "complete_word_safe", "safe", "compgen -W with printf %q-escaped words", ["bash"],
  ["words=$(printf '%q ' UTCP_ARG_candidate_UTCP_END); compgen -W \"${words:-}\" -- UTCP_ARG_prefix_UTCP_END"],
  {"candidate": "one candidate word", "prefix": "prefix to complete"},
  "Check whether a single candidate word completes the prefix.",
  benign={"candidate": "deploy", "prefix": "de"}, expect="deploy")
t(M, "check_threshold", "exec", "(( )) arithmetic on a variable holding the value", ["bash"],
  ["n=UTCP_ARG_count_UTCP_END; if (( n > 100 )); then echo 'too many'; else echo ok; fi"],
  {"count": "number of items"}, "Tell whether an item count exceeds the alert threshold of 100.",
  benign={"count": "5"}, expect="ok", payload={"count": "x[$(touch {C})]"}, check="canary")
t(M, "check_threshold_safe", "safe", "regex guard before (( ))", ["bash"],
  ["n=UTCP_ARG_count_UTCP_END; [[ \"${n:-}\" =~ ^[0-9]{1,9}$ ]] || { echo 'not a number'; exit 1; }; if (( n > 100 )); then echo 'too many'; else echo ok; fi"],
  {"count": "number of items"}, "Tell whether an item count exceeds the alert threshold of 100 (validated).",
  benign={"count": "5"}, expect="ok")
t(M, "retry_budget", "exec", "[[ -ge ]] arithmetic guard", ["bash"],
  ["if [[ UTCP_ARG_retries_UTCP_END -ge 1 && UTCP_ARG_retries_UTCP_END -le 5 ]]; then echo \"retries accepted\"; else echo 'retries must be 1-5'; fi"],
  {"retries": "retry count 1-5"}, "Validate a retry budget between 1 and 5.",
  benign={"retries": "3"}, expect="accepted", payload={"retries": "a[$(touch {C})]"}, check="canary")
t(M, "retry_budget_safe", "safe", "test builtin [ -ge ] (no arithmetic eval)", ["bash"],
  ["if [ UTCP_ARG_retries_UTCP_END -ge 1 ] 2>/dev/null && [ UTCP_ARG_retries_UTCP_END -le 5 ]; then echo \"retries accepted\"; else echo 'retries must be 1-5'; fi"],
  {"retries": "retry count 1-5"}, "Validate a retry budget between 1 and 5.",
  benign={"retries": "3"}, expect="accepted")
t(M, "declare_port", "exec", "declare -i assignment evaluates arithmetic", ["bash"],
  ["declare -i port=UTCP_ARG_port_UTCP_END; printf 'listen %d\\n' \"${port:-0}\""],
  {"port": "TCP port"}, "Render a listen directive for a port number.",
  benign={"port": "8080"}, expect="listen 8080", payload={"port": "z[$(touch {C})]"}, check="canary")
t(M, "printf_port_safe", "safe", "printf %d (no arithmetic eval)", ["bash"],
  ["printf 'listen %d\\n' UTCP_ARG_port_UTCP_END"],
  {"port": "TCP port"}, "Render a listen directive for a port number.",
  benign={"port": "8080"}, expect="listen 8080")
t(M, "notify_on_exit", "exec", "trap string built from value in double quotes", ["bash"],
  ["trap \"echo finished job UTCP_ARG_label_UTCP_END\" EXIT; sleep 0.1; echo started"],
  {"label": "job label to print on completion"}, "Run a short job and print a completion line with the given label.",
  benign={"label": "nightly"}, expect="finished job nightly", payload={"label": "x; touch {C}"}, check="canary")
t(M, "notify_on_exit_safe", "safe", "trap with single-quoted body reading a variable", ["bash"],
  ["label=UTCP_ARG_label_UTCP_END; trap 'printf \"finished job %s\\n\" \"${label:-}\"' EXIT; sleep 0.1; echo started"],
  {"label": "job label to print on completion"}, "Run a short job and print a completion line with the given label.",
  benign={"label": "nightly"}, expect="finished job nightly")
t(M, "each_line_callback", "exec", "mapfile -C callback named by value", ["bash"],
  ["mapfile -t -c 1 -C UTCP_ARG_callback_UTCP_END lines < data.txt; echo \"read ${#lines[@]} lines\""],
  {"callback": "name of the progress callback (e.g. echo)"}, "Read data.txt into an array, calling a progress callback for each line.",
  benign={"callback": "echo"}, expect="read 3 lines", payload={"callback": "touch {C}; :"}, check="canary", setup=LOGSETUP)
t(M, "read_fields", "split", "read -a splits the value into array words", ["bash", "kubectl"],
  ["read -r -a parts <<< UTCP_ARG_selector_UTCP_END; kubectl get pods -l \"${parts[0]}\" \"${parts[@]:1}\""],
  {"selector": "label selector, e.g. app=web"}, "List pods matching a label selector.",
  benign={"selector": "app=web"}, expect="stub kubectl", payload={"selector": "app=web --all-namespaces"},
  check=("log", "--all-namespaces"))
t(M, "read_fields_safe", "safe", "IFS= read -r keeps the value whole", ["bash", "kubectl"],
  ["IFS= read -r sel <<< UTCP_ARG_selector_UTCP_END; kubectl get pods -l \"${sel:-}\""],
  {"selector": "label selector, e.g. app=web"}, "List pods matching a label selector.",
  benign={"selector": "app=web"}, expect="stub kubectl", optok=["-l"])
t(M, "source_release_env", "exec", "value written with printf %s into a file that is sourced", ["bash"],
  ["printf 'export RELEASE_TAG=%s\\n' UTCP_ARG_tag_UTCP_END > .release.env && . ./.release.env && echo \"tag=${RELEASE_TAG:-}\""],
  {"tag": "release tag"}, "Persist the release tag into .release.env and echo what the release scripts will see.",
  benign={"tag": "v1.2.3"}, expect="tag=v1.2.3", payload={"tag": "v1; touch {C}"}, check="canary")
t(M, "source_release_env_safe", "safe", "printf %q before sourcing", ["bash"],
  ["printf 'export RELEASE_TAG=%q\\n' UTCP_ARG_tag_UTCP_END > .release.env && . ./.release.env && echo \"tag=${RELEASE_TAG:-}\""],
  {"tag": "release tag"}, "Persist the release tag into .release.env and echo what the release scripts will see.",
  benign={"tag": "v1.2.3"}, expect="tag=v1.2.3")
t(M, "run_in_subshell", "safe", "bash -c with value passed as \"$@\"", ["bash", "helm"],
  ["bash -c 'cd /tmp && helm status -- \"$@\"' helm-status UTCP_ARG_release_UTCP_END"],
  {"release": "helm release name"}, "Show helm release status from a clean working directory.",
  benign={"release": "web"}, expect="stub helm")
t(M, "run_in_subshell_positional", "broken", "bash -c '... \"$1\"' -- client substitutes $1", ["bash", "helm"],
  ["bash -c 'helm status -- \"$1\"' helm-status UTCP_ARG_release_UTCP_END"],
  {"release": "helm release name"}, "Show helm release status.",
  benign={"release": "web"}, check=("exc", "not found"))
t(M, "eval_printf_q", "safe", "eval of printf %q-quoted command", ["bash", "terraform"],
  ["cmd=\"terraform workspace select -- $(printf '%q' UTCP_ARG_workspace_UTCP_END)\"; eval \"${cmd:-true}\""],
  {"workspace": "terraform workspace name"}, "Select a terraform workspace.",
  benign={"workspace": "staging"}, expect="stub terraform")
t(M, "eval_joined", "exec", "eval of a command string with the value inside", ["bash", "terraform"],
  ["eval \"terraform workspace select UTCP_ARG_workspace_UTCP_END\""],
  {"workspace": "terraform workspace name"}, "Select a terraform workspace.",
  benign={"workspace": "staging"}, expect="stub terraform", payload={"workspace": "x; touch {C}"}, check="canary")
t(M, "loop_hosts", "broken", "for loop variable $h substituted by client", ["bash", "dig"],
  ["for h in UTCP_ARG_hosts_UTCP_END; do dig +short \"$h\"; done"],
  {"hosts": "host to resolve"}, "Resolve hosts with dig.", benign={"hosts": "example.internal"}, check=("exc", "not found"))
t(M, "getopts_flags", "split", "value split into $(…) words fed to getopts", ["bash"],
  ["parse(){ local OPTIND o; while getopts 'vn:' o; do case \"${o:-}\" in v) echo verbose;; n) echo \"name=${OPTARG:-}\";; esac; done; }; parse $(printf '%s' UTCP_ARG_flags_UTCP_END)"],
  {"flags": "a single flag such as -v"}, "Parse one flag for the deploy wrapper and echo how it was understood.",
  benign={"flags": "-v"}, expect="verbose", payload={"flags": "-v -n splitB"}, check=("out", "name=splitB"))
t(M, "command_v_safe", "safe", "command -v -- value", ["bash"],
  ["if command -v -- UTCP_ARG_program_UTCP_END >/dev/null; then echo present; else echo missing; fi"],
  {"program": "program name"}, "Check whether a program is installed.", benign={"program": "bash"}, expect="present")
# ---------------- text / data wrangling (coreutils long tail) ----------------
M = "blindN_data"
t(M, "sort_report", "option", "file operand can become sort -o", ["sort"],
  ["sort -t' ' -k2,2n UTCP_ARG_file_UTCP_END"],
  {"file": "report file to sort"}, "Sort a whitespace report numerically by its second column.",
  benign={"file": "logs/app.log"}, expect="a 1", payload={"file": "-o{W}"}, check=("file", "{W}"), setup=LOGSETUP)
t(M, "sort_report_safe", "safe", "sort with -- before the file operand", ["sort"],
  ["sort -t' ' -k2,2n -- UTCP_ARG_file_UTCP_END"],
  {"file": "report file to sort"}, "Sort a whitespace report numerically by its second column.",
  benign={"file": "logs/app.log"}, expect="a 1", setup=LOGSETUP)
t(M, "parse_dates", "option", "value as date operand becomes -f FILE (reads any file)", ["date"],
  ["date -u UTCP_ARG_format_UTCP_END"],
  {"format": "output format starting with +, e.g. +%F"}, "Print the current UTC date in a given format.",
  benign={"format": "+%Y"}, expect="20", payload={"format": "-f/etc/passwd"}, check=("out", "root:x:0"))
t(M, "parse_dates_safe", "safe", "value forced into +FORMAT", ["date"],
  ["date -u \"+UTCP_ARG_format_UTCP_END\""],
  {"format": "strftime format without +, e.g. %F"}, "Print the current UTC date in a given format.",
  benign={"format": "%Y"}, expect="20", extra=["%s -f/etc/passwd"])
t(M, "convert_encoding_safe", "safe", "iconv reading the file on stdin", ["iconv"],
  ["iconv -f latin1 -t utf-8 < UTCP_ARG_file_UTCP_END"],
  {"file": "latin-1 encoded file"}, "Convert a Latin-1 file to UTF-8 and print it.",
  benign={"file": "data.txt"}, expect="z", setup=LOGSETUP)
t(M, "sample_lines", "option", "shuf operand can become -o FILE", ["shuf"],
  ["shuf -n UTCP_ARG_count_UTCP_END UTCP_ARG_file_UTCP_END"],
  {"count": "number of lines", "file": "input file"}, "Pick a random sample of lines from a file.",
  benign={"count": "2", "file": "data.txt"}, expect="\n", payload={"count": "1", "file": "--output={W}"}, check=("file", "{W}"), setup=LOGSETUP)
t(M, "sample_lines_safe", "safe", "shuf with --", ["shuf"],
  ["shuf -n UTCP_ARG_count_UTCP_END -- UTCP_ARG_file_UTCP_END"],
  {"count": "number of lines", "file": "input file"}, "Pick a random sample of lines from a file.",
  benign={"count": "2", "file": "data.txt"}, expect="\n", setup=LOGSETUP)
t(M, "split_log", "write", "split prefix escapes parts/", ["split"],
  ["mkdir -p parts && split -l 2 logs/app.log \"parts/UTCP_ARG_prefix_UTCP_END\" && ls parts"],
  {"prefix": "prefix for the chunk files"}, "Split the application log into 2-line chunks under parts/.",
  benign={"prefix": "app_"}, expect="app_aa", payload={"prefix": "{T}"}, check=("file", "{W}aa"), setup=LOGSETUP)
t(M, "split_log_safe", "safe", "prefix checked against a strict pattern", ["split"],
  ["p=UTCP_ARG_prefix_UTCP_END; case \"${p:-}\" in ''|*[!A-Za-z0-9_-]*) echo 'bad prefix'; exit 2;; esac; mkdir -p parts && split -l 2 logs/app.log \"parts/${p:-}\" && ls parts"],
  {"prefix": "prefix for the chunk files"}, "Split the application log into 2-line chunks under parts/.",
  benign={"prefix": "app_"}, expect="app_aa", setup=LOGSETUP)
t(M, "csplit_sections", "write", "csplit -f prefix escapes sections/", ["csplit"],
  ["mkdir -p sections && csplit -s -f \"sections/UTCP_ARG_name_UTCP_END-\" logs/app.log '/error/' && ls sections"],
  {"name": "base name for the section files"}, "Split the log at the first error line into section files.",
  benign={"name": "app"}, expect="app-00", payload={"name": "{T}"}, check=("file", "{W}-00"), setup=LOGSETUP)
t(M, "csplit_sections_safe", "safe", "basename strips directories", ["csplit", "basename"],
  ["n=$(basename -- UTCP_ARG_name_UTCP_END); mkdir -p sections && csplit -s -f \"sections/${n:-x}-\" logs/app.log '/error/' && ls sections"],
  {"name": "base name for the section files"}, "Split the log at the first error line into section files.",
  benign={"name": "app"}, expect="app-00", setup=LOGSETUP)
t(M, "tee_snapshot", "write", "tee target under logs/ with ../", ["tee", "ps"],
  ["ps -eo pid,comm | head -5 | tee \"logs/UTCP_ARG_name_UTCP_END.txt\" > /dev/null && echo saved"],
  {"name": "snapshot name"}, "Save a process snapshot into logs/<name>.txt.",
  benign={"name": "snap1"}, expect="saved", payload={"name": "{T}"}, check=("file", "{W}.txt"), setup=LOGSETUP)
t(M, "tee_snapshot_safe", "safe", "name validated with [[ =~ ]]", ["tee", "ps"],
  ["[[ UTCP_ARG_name_UTCP_END =~ ^[A-Za-z0-9._-]+$ && UTCP_ARG_name_UTCP_END != *..* ]] || { echo 'invalid name'; exit 2; }; ps -eo pid,comm | head -5 | tee \"logs/UTCP_ARG_name_UTCP_END.txt\" > /dev/null && echo saved"],
  {"name": "snapshot name"}, "Save a process snapshot into logs/<name>.txt.",
  benign={"name": "snap1"}, expect="saved", setup=LOGSETUP)
t(M, "wrap_text", "safe", "fold width validated, file after --", ["fold"],
  ["w=UTCP_ARG_width_UTCP_END; [[ \"${w:-}\" =~ ^[0-9]+$ ]] || exit 2; fold -w \"${w:-80}\" -- UTCP_ARG_file_UTCP_END"],
  {"width": "line width", "file": "input file"}, "Wrap a text file to a given width.",
  benign={"width": "40", "file": "data.txt"}, expect="z", setup=LOGSETUP)
t(M, "join_inventories", "broken", "process substitution inside step fine but second step uses $CMD_0_OUTPUT", ["join", "sort", "wc"],
  [{"command": "join <(sort UTCP_ARG_left_UTCP_END) <(sort UTCP_ARG_right_UTCP_END)", "append_to_final_output": False},
   {"command": "echo \"$CMD_0_OUTPUT\" | wc -l"}],
  {"left": "first inventory file", "right": "second inventory file"}, "Count hosts present in both inventories.",
  benign={"left": "data.txt", "right": "data.txt"}, check=("exc", "CMD_0_OUTPUT"), setup=LOGSETUP)
t(M, "join_inventories_ok", "safe", "second step reads ${CMD_0_OUTPUT:-}", ["join", "sort", "wc"],
  [{"command": "join <(sort -- UTCP_ARG_left_UTCP_END) <(sort -- UTCP_ARG_right_UTCP_END)", "append_to_final_output": False},
   {"command": "printf '%s\\n' \"${CMD_0_OUTPUT:-}\" | wc -l"}],
  {"left": "first inventory file", "right": "second inventory file"}, "Count hosts present in both inventories.",
  benign={"left": "data.txt", "right": "data.txt"}, expect="3", setup=LOGSETUP)
t(M, "dedupe_env", "broken", "author's env_vars referenced as $INPUT_DIR, client substitutes it", ["sort", "uniq"],
  ["sort \"$INPUT_DIR/UTCP_ARG_file_UTCP_END\" | uniq -c"],
  {"file": "file inside the input directory"}, "Count duplicate lines in a file of the input directory.",
  env={"INPUT_DIR": "/tmp/blindN_ws"}, benign={"file": "data.txt"}, check=("exc", "INPUT_DIR"))
t(M, "dedupe_env_ok", "safe", "env_vars read as ${INPUT_DIR:-.}", ["sort", "uniq"],
  ["sort -- \"${INPUT_DIR:-.}/UTCP_ARG_file_UTCP_END\" | uniq -c"],
  {"file": "file inside the input directory"}, "Count duplicate lines in a file of the input directory.",
  env={"INPUT_DIR": "."}, benign={"file": "data.txt"}, expect="1 x", setup=LOGSETUP)
t(M, "top_talkers", "split", "$(…) unquoted splits a field list into separate cut options/files", ["cut", "sort", "uniq"],
  ["cut -d' ' -f1 $(printf '%s' UTCP_ARG_file_UTCP_END) | sort | uniq -c | sort -rn | head"],
  {"file": "access log path"}, "Show the most frequent first fields of an access log.",
  benign={"file": "logs/app.log"}, expect="1 a", payload={"file": "logs/app.log data.txt"}, check=("out", "1 z"), setup=LOGSETUP)
t(M, "paginate_report", "safe", "pr with header option argument", ["pr"],
  ["pr -h UTCP_ARG_title_UTCP_END -l 20 -- logs/app.log | head -5"],
  {"title": "page header"}, "Paginate the log with a header.", benign={"title": "Weekly"}, expect="Weekly", setup=LOGSETUP, optok=["-h"])

# ---------------- archives and compression ----------------
M = "blindN_archive"
ARSETUP = "mkdir -p src out && echo one > src/a.txt && echo two > src/b.txt && tar -cf bundle.tar -C src a.txt b.txt && (cd src && zip -q ../bundle.zip a.txt b.txt)"
t(M, "extract_member", "exec", "member name can become tar --to-command", ["tar"],
  ["mkdir -p out && tar -xf bundle.tar -C out UTCP_ARG_member_UTCP_END && ls out"],
  {"member": "archive member to print"}, "Extract one member of bundle.tar into out/.",
  benign={"member": "a.txt"}, expect="a.txt", payload={"member": "--to-command=touch {C}"}, check="canary", setup=ARSETUP)
t(M, "extract_member_safe", "safe", "tar with --no-wildcards -- member", ["tar"],
  ["tar -xOf bundle.tar --no-wildcards -- UTCP_ARG_member_UTCP_END"],
  {"member": "archive member to print"}, "Print one member of bundle.tar.",
  benign={"member": "a.txt"}, expect="one", setup=ARSETUP)
t(M, "extract_to_dir_safe", "safe", "tar strips ../ from member names", ["tar"],
  ["mkdir -p out && tar -xf bundle.tar -C out -- UTCP_ARG_member_UTCP_END && ls out"],
  {"member": "member to extract"}, "Extract one member into out/.",
  benign={"member": "a.txt"}, expect="a.txt", setup=ARSETUP)
t(M, "gzip_copy", "write", "redirect target out/NAME.gz escapes", ["gzip"],
  ["gzip -c -- src/a.txt > \"out/UTCP_ARG_name_UTCP_END.gz\" && echo compressed"],
  {"name": "name of the compressed copy"}, "Compress src/a.txt into out/<name>.gz.",
  benign={"name": "a"}, expect="compressed", payload={"name": "{T}"}, check=("file", "{W}.gz"), setup=ARSETUP)
t(M, "gzip_copy_safe", "safe", "name rejected if it contains /", ["gzip"],
  ["n=UTCP_ARG_name_UTCP_END; case \"${n:-}\" in */*|''|.*) echo refused; exit 2;; esac; gzip -c -- src/a.txt > \"out/${n:-}.gz\" && echo compressed"],
  {"name": "name of the compressed copy"}, "Compress src/a.txt into out/<name>.gz.",
  benign={"name": "a"}, expect="compressed", setup=ARSETUP)
t(M, "decompress_gz", "broken", "appends .gz to a path described as the .gz file", ["gzip"],
  ["gzip -dc \"UTCP_ARG_archive_UTCP_END.gz\""],
  {"archive": "path of the .gz file to decompress"}, "Decompress a .gz file to stdout.",
  benign={"archive": "src/a.txt.gz"}, check=("out", "No such file"), setup=ARSETUP + " && gzip -k src/a.txt")
t(M, "xz_check_safe", "safe", "xz -t -- file", ["xz"],
  ["xz -t -- UTCP_ARG_file_UTCP_END && echo intact"],
  {"file": ".xz file to verify"}, "Verify an xz archive.", benign={"file": "src/a.txt.xz"}, expect="intact", setup=ARSETUP + " && xz -k src/a.txt")
t(M, "zip_release", "write", "zip archive name under dist/ escapes", ["zip"],
  ["mkdir -p dist && zip -qr \"dist/UTCP_ARG_version_UTCP_END.zip\" src && ls dist"],
  {"version": "release version"}, "Zip src/ into dist/<version>.zip.",
  benign={"version": "1.0"}, expect="1.0.zip", payload={"version": "{T}"}, check=("file", "{W}.zip"), setup=ARSETUP)
t(M, "zip_release_safe", "safe", "version validated as semver", ["zip"],
  ["v=UTCP_ARG_version_UTCP_END; [[ \"${v:-}\" =~ ^[0-9]+(\\.[0-9]+){1,2}$ ]] || { echo 'bad version'; exit 2; }; mkdir -p dist && zip -qr \"dist/${v:-}.zip\" src && ls dist"],
  {"version": "release version"}, "Zip src/ into dist/<version>.zip.", benign={"version": "1.0"}, expect="1.0.zip", setup=ARSETUP)
t(M, "zip_test_cmd", "exec", "zip -T -TT with tester command from value", ["zip"],
  ["zip -q -T -TT UTCP_ARG_tester_UTCP_END test.zip src/a.txt && echo ok"],
  {"tester": "test command to verify the archive (default 'unzip -tqq')"}, "Create test.zip and verify it with a test command.",
  benign={"tester": "unzip -tqq"}, expect="ok", payload={"tester": "touch {C}"}, check="canary", setup=ARSETUP)
t(M, "workdir_bundle", "broken", "cd in step 0 does not carry to step 1 (each step runs in $( ))", ["tar"],
  [{"command": "cd UTCP_ARG_dir_UTCP_END", "append_to_final_output": False},
   {"command": "tar -czf ../bundle.tgz . && echo bundled"}],
  {"dir": "directory to bundle"}, "Bundle a directory into ../bundle.tgz.",
  benign={"dir": "src"}, check=("file_missing", "src/../bundle.tgz.expected"), setup=ARSETUP)

# ---------------- crypto / certs / keys ----------------
M = "blindN_crypto"
t(M, "new_deploy_key", "write", "ssh-keygen -f keys/NAME traversal", ["ssh-keygen"],
  ["mkdir -p keys && ssh-keygen -q -t ed25519 -N '' -C UTCP_ARG_name_UTCP_END -f \"keys/UTCP_ARG_name_UTCP_END\" && cat \"keys/UTCP_ARG_name_UTCP_END.pub\""],
  {"name": "key name"}, "Generate an ed25519 deploy key under keys/ and print the public key.",
  benign={"name": "ci"}, expect="ssh-ed25519", payload={"name": "{T}"}, check=("file", "{W}"))
t(M, "new_deploy_key_guarded_step", "write", "guard in step 0 exits only its own $( ) subshell", ["ssh-keygen"],
  [{"command": "case UTCP_ARG_name_UTCP_END in *[!a-z0-9-]*) echo 'invalid key name'; exit 1;; esac", "append_to_final_output": True},
   {"command": "mkdir -p keys && ssh-keygen -q -t ed25519 -N '' -f \"keys/UTCP_ARG_name_UTCP_END\" && echo created"}],
  {"name": "key name"}, "Generate an ed25519 deploy key under keys/ after validating the name.",
  benign={"name": "ci"}, expect="created", payload={"name": "{T}"}, check=("file", "{W}"))
t(M, "new_deploy_key_safe", "safe", "guard and action in the same step", ["ssh-keygen"],
  ["case UTCP_ARG_name_UTCP_END in ''|*[!a-z0-9-]*) echo 'invalid key name'; exit 1;; esac; mkdir -p keys && ssh-keygen -q -t ed25519 -N '' -f \"keys/UTCP_ARG_name_UTCP_END\" && echo created"],
  {"name": "key name"}, "Generate an ed25519 deploy key under keys/ after validating the name.",
  benign={"name": "ci"}, expect="created")
t(M, "ssh_reachable", "exec", "host operand becomes ssh -oProxyCommand", ["ssh"],
  ["timeout 10 ssh -o BatchMode=yes -o ConnectTimeout=3 UTCP_ARG_host_UTCP_END true && echo reachable || echo unreachable"],
  {"host": "host to test"}, "Check that a host accepts key-based SSH.",
  benign={"host": "127.0.0.1"}, expect="reachable", payload={"host": "-oProxyCommand=touch {C}"}, check="canary")
t(M, "ssh_reachable_safe", "safe", "host validated by regex, -- before host", ["ssh"],
  ["h=UTCP_ARG_host_UTCP_END; [[ \"${h:-}\" =~ ^[A-Za-z0-9.-]+$ ]] || { echo 'bad host'; exit 2; }; timeout 10 ssh -o BatchMode=yes -o ConnectTimeout=3 -- \"${h:-}\" true && echo reachable || echo unreachable"],
  {"host": "host to test"}, "Check that a host accepts key-based SSH.", benign={"host": "127.0.0.1"}, expect="reachable")
t(M, "cert_subject_safe", "safe", "openssl x509 -in value", ["openssl"],
  ["openssl x509 -in UTCP_ARG_cert_UTCP_END -noout -subject -enddate"],
  {"cert": "PEM certificate"}, "Show subject and expiry of a certificate.", benign={"cert": "c.pem"}, expect="subject",
  setup="openssl req -x509 -newkey rsa:2048 -nodes -keyout k.pem -out c.pem -subj /CN=test -days 1 2>/dev/null", optok=["-in"])
t(M, "new_private_key", "write", "openssl genpkey -out keys/NAME.pem traversal", ["openssl"],
  ["mkdir -p keys && openssl genpkey -algorithm ed25519 -out \"keys/UTCP_ARG_name_UTCP_END.pem\" && echo written"],
  {"name": "key name"}, "Generate an Ed25519 private key under keys/.",
  benign={"name": "api"}, expect="written", payload={"name": "{T}"}, check=("file", "{W}.pem"))
t(M, "new_private_key_safe", "safe", "realpath containment check", ["openssl", "realpath"],
  ["mkdir -p keys && p=$(realpath -m -- \"keys/UTCP_ARG_name_UTCP_END.pem\") && case \"${p:-}\" in \"$(pwd -P)\"/keys/*) openssl genpkey -algorithm ed25519 -out \"${p:-}\" && echo written;; *) echo 'outside keys/'; exit 2;; esac"],
  {"name": "key name"}, "Generate an Ed25519 private key under keys/.", benign={"name": "api"}, expect="written")
t(M, "checksum_verify", "broken", "sha256sum -c given a path but fed to stdin as checksum line", ["sha256sum"],
  ["echo UTCP_ARG_file_UTCP_END | sha256sum --check --status && echo OK || echo FAILED"],
  {"file": "file to verify against SHA256SUMS"}, "Verify a file against its SHA256SUMS entry.",
  benign={"file": "a.txt"}, check=("out", "FAILED"), setup="echo one > a.txt && sha256sum a.txt > SHA256SUMS")
t(M, "checksum_verify_ok", "safe", "grep exact line then sha256sum -c -", ["sha256sum", "grep"],
  ["grep -F -- \"  UTCP_ARG_file_UTCP_END\" SHA256SUMS | sha256sum --check"],
  {"file": "file to verify against SHA256SUMS"}, "Verify a file against its SHA256SUMS entry.",
  benign={"file": "a.txt"}, expect="OK", setup="echo one > a.txt && sha256sum a.txt > SHA256SUMS")
t(M, "dearmor_key", "option", "key file operand becomes gpg --output", ["gpg"],
  ["gpg --batch --yes --dearmor UTCP_ARG_keyfile_UTCP_END && echo dearmored"],
  {"keyfile": "ASCII-armored key file"}, "Convert an ASCII-armored key to binary (writes <file>.gpg).",
  benign={"keyfile": "k.asc"}, expect="dearmored", payload={"keyfile": "--output={W}"}, check=("file", "{W}"),
  setup="echo hi > k && gpg --batch --enarmor < k > k.asc")
t(M, "api_token_header", "safe", "client variable API token configured in the client", ["curl"],
  ["p=UTCP_ARG_path_UTCP_END; [[ \"${p:-}\" =~ ^[a-z0-9_/-]+\\.json$ && \"${p:-}\" != *..* ]] || { echo 'bad path'; exit 2; }; curl -s -H \"Authorization: Bearer $VAULT_TOKEN\" \"file://$(pwd)/${p:-}\""],
  {"path": "relative secret path"}, "Read a secret from the local vault mirror (needs VAULT_TOKEN configured in the client).",
  benign={"path": "s.json"}, expect="secret", setup="echo '{\"v\":\"secret\"}' > s.json", vars={"VAULT_TOKEN": "t0k"})

# ---------------- cluster / cloud CLIs (stubs) ----------------
M = "blindN_cluster"
t(M, "pod_logs", "option", "pod operand becomes kubectl --kubeconfig", ["kubectl"],
  [{"command": "kubectl config current-context", "append_to_final_output": True}, "kubectl logs --tail=100 UTCP_ARG_pod_UTCP_END"],
  {"pod": "pod name"}, "Tail a pod's logs.", benign={"pod": "web-1"}, expect="stub kubectl",
  payload={"pod": "--kubeconfig=/tmp/blindN_evil"}, check=("log", "--kubeconfig=/tmp/blindN_evil"))
t(M, "pod_logs_safe", "safe", "kubectl logs -- pod", ["kubectl"],
  ["kubectl logs --tail=100 -- UTCP_ARG_pod_UTCP_END"],
  {"pod": "pod name"}, "Tail a pod's logs.", benign={"pod": "web-1"}, expect="stub kubectl")
t(M, "delete_pods", "split", "xargs splits the pod name", ["kubectl", "xargs"],
  ["printf '%s\\n' UTCP_ARG_pod_UTCP_END | xargs kubectl delete pod --wait=false"],
  {"pod": "pod to delete"}, "Delete a pod.", benign={"pod": "web-1"}, expect="stub kubectl",
  payload={"pod": "web-1 splitB"}, check=("log", "splitB"))
t(M, "delete_pods_safe", "safe", "xargs -d newline with -- and -r", ["kubectl", "xargs"],
  ["printf '%s\\n' UTCP_ARG_pod_UTCP_END | head -n1 | xargs -r -d '\\n' kubectl delete pod --wait=false --"],
  {"pod": "pod to delete"}, "Delete a pod.", benign={"pod": "web-1"}, expect="stub kubectl")
t(M, "scale_deploy", "split", "env -S splits the string", ["env", "kubectl"],
  ["env -S \"LC_ALL=C kubectl annotate deploy/web note=UTCP_ARG_note_UTCP_END --overwrite\""],
  {"note": "change note"}, "Annotate the web deployment with a change note.", benign={"note": "hotfix"}, expect="stub kubectl",
  payload={"note": "hot fix splitB"}, check=("log", "splitB"))
t(M, "annotate_safe", "safe", "annotation passed as one argv element", ["env", "kubectl"],
  ["env LC_ALL=C kubectl annotate deploy/web \"note=UTCP_ARG_note_UTCP_END\" --overwrite"],
  {"note": "change note"}, "Annotate the web deployment with a change note.", benign={"note": "hotfix"}, expect="stub kubectl")
t(M, "helm_values", "option", "values file operand becomes helm --post-renderer option", ["helm"],
  ["helm upgrade --install web ./chart -f UTCP_ARG_values_UTCP_END UTCP_ARG_extra_UTCP_END"],
  {"values": "values file", "extra": "extra --set key=value"}, "Upgrade the web release with a values file and one extra --set.",
  benign={"values": "v.yaml", "extra": "--set=image.tag=1"}, expect="stub helm",
  payload={"values": "v.yaml", "extra": "--post-renderer=/tmp/blindN_evil"}, check=("log", "--post-renderer=/tmp/blindN_evil"))
t(M, "helm_release_cmd0", "broken", "$CMD_0_OUTPUT reference resolved by client", ["helm", "kubectl"],
  [{"command": "kubectl config current-context", "append_to_final_output": False},
   {"command": "helm list --kube-context \"$CMD_0_OUTPUT\" -f UTCP_ARG_filter_UTCP_END"}],
  {"filter": "release filter"}, "List helm releases in the current context.", benign={"filter": "web"}, check=("exc", "CMD_0_OUTPUT"))
t(M, "helm_release_ctx_var", "safe", "client variable KUBE_CONTEXT documented for the user", ["helm"],
  ["helm list --kube-context \"$KUBE_CONTEXT\" --filter UTCP_ARG_filter_UTCP_END"],
  {"filter": "release filter regex"}, "List helm releases in the configured context (configure KUBE_CONTEXT).",
  benign={"filter": "web"}, expect="stub helm", vars={"KUBE_CONTEXT": "prod"}, optok=["--filter"])
t(M, "tf_target", "option", "target operand becomes terraform option", ["terraform"],
  ["terraform -chdir=infra plan -target=module.app UTCP_ARG_varfile_UTCP_END"],
  {"varfile": "-var-file=... argument"}, "Plan the app module with a var file.",
  benign={"varfile": "-var-file=prod.tfvars"}, expect="stub terraform", payload={"varfile": "-state-out=/tmp/blindN_evil"},
  check=("log", "-state-out=/tmp/blindN_evil"))
t(M, "tf_varfile_safe", "safe", "var file validated then passed as -var-file=", ["terraform"],
  ["f=UTCP_ARG_env_UTCP_END; case \"${f:-}\" in dev|staging|prod) terraform -chdir=infra plan \"-var-file=${f:-}.tfvars\";; *) echo 'unknown env'; exit 2;; esac"],
  {"env": "dev, staging or prod"}, "Plan infra with an environment's var file.", benign={"env": "prod"}, expect="stub terraform")
t(M, "tf_workspace_loop", "broken", "loop over workspaces uses $ws", ["terraform"],
  ["for ws in UTCP_ARG_workspaces_UTCP_END; do terraform workspace select \"$ws\" && terraform plan -lock=false; done"],
  {"workspaces": "workspace list"}, "Plan several workspaces.", benign={"workspaces": "dev"}, check=("exc", "not found"))
t(M, "s3_upload", "option", "source operand becomes aws --endpoint-url", ["aws"],
  [{"command": "aws sts get-caller-identity --query Account --output text", "append_to_final_output": False}, "aws s3 cp UTCP_ARG_file_UTCP_END s3://team-artifacts/uploads/"],
  {"file": "local file"}, "Upload a file to the team artifact bucket.", benign={"file": "a.txt"}, expect="stub aws",
  payload={"file": "--endpoint-url=http://127.0.0.1:9"}, check=("log", "--endpoint-url=http://127.0.0.1:9"))
t(M, "s3_upload_safe", "safe", "file checked with [ -f ] and ./ prefix", ["aws"],
  ["f=UTCP_ARG_file_UTCP_END; [ -f \"./${f#/}\" ] || { echo 'no such file'; exit 2; }; aws s3 cp \"./${f#/}\" s3://team-artifacts/uploads/"],
  {"file": "local file (relative)"}, "Upload a file to the team artifact bucket.", benign={"file": "a.txt"}, expect="stub aws", setup="echo x > a.txt")
t(M, "aws_profile_var", "safe", "client variable AWS_PROFILE from config", ["aws"],
  ["aws --profile \"$AWS_PROFILE\" ec2 describe-instances --instance-ids UTCP_ARG_id_UTCP_END"],
  {"id": "instance id"}, "Describe an EC2 instance (configure AWS_PROFILE in the client).",
  benign={"id": "i-123"}, expect="stub aws", vars={"AWS_PROFILE": "ops"}, optok=["--instance-ids"])
t(M, "gcloud_ssh", "broken", "unquoted value(name) parentheses: bash syntax error", ["gcloud"],
  ["gcloud compute instances list --zones $(echo UTCP_ARG_zone_UTCP_END) --format=value(name)"],
  {"zone": "zone"}, "List instances in a zone.", benign={"zone": "europe-west1-b"}, expect="stub gcloud",
  check=("out", "syntax error"))
t(M, "vault_read", "option", "path operand becomes vault -output-curl-string / -address", ["vault"],
  [{"command": "vault token lookup -format=json >/dev/null && echo authenticated", "append_to_final_output": True}, "vault kv get UTCP_ARG_path_UTCP_END"],
  {"path": "secret path"}, "Read a KV secret.", benign={"path": "secret/app"}, expect="stub vault",
  payload={"path": "-address=http://127.0.0.1:9"}, check=("log", "-address=http://127.0.0.1:9"))
t(M, "vault_read_safe", "safe", "path validated to start with secret/", ["vault"],
  ["p=UTCP_ARG_path_UTCP_END; case \"${p:-}\" in secret/*) vault kv get \"${p:-}\";; *) echo 'path must start with secret/'; exit 2;; esac"],
  {"path": "secret path"}, "Read a KV secret.", benign={"path": "secret/app"}, expect="stub vault")
t(M, "podman_run_cmd", "split", "command string split into argv by $( )", ["podman"],
  ["podman run --rm alpine:3 $(printf '%s' UTCP_ARG_cmd_UTCP_END)"],
  {"cmd": "single program name to run in the container"}, "Run a program in a throwaway alpine container.",
  benign={"cmd": "uptime"}, expect="stub podman", payload={"cmd": "uptime splitB"}, check=("log", "splitB"))
t(M, "skopeo_inspect_safe", "safe", "docker:// prefix forces value into one argv", ["skopeo"],
  ["skopeo inspect \"docker://UTCP_ARG_image_UTCP_END\""],
  {"image": "image reference"}, "Inspect a remote image.", benign={"image": "alpine:3"}, expect="stub skopeo")
t(M, "cosign_verify", "option", "image operand becomes cosign --key", ["cosign"],
  ["cosign verify --certificate-identity-regexp '.*' --certificate-oidc-issuer https://token.actions.githubusercontent.com UTCP_ARG_image_UTCP_END"],
  {"image": "image reference"}, "Verify an image signature.", benign={"image": "ghcr.io/a/b:1"}, expect="stub cosign",
  payload={"image": "--key=/tmp/blindN_evil.pub"}, check=("log", "--key=/tmp/blindN_evil.pub"))
t(M, "trivy_scan_safe", "safe", "trivy image -- ref", ["trivy"],
  ["trivy image --severity HIGH,CRITICAL --quiet -- UTCP_ARG_image_UTCP_END"],
  {"image": "image reference"}, "Scan an image for vulnerabilities.", benign={"image": "alpine:3"}, expect="stub trivy")
t(M, "gh_release_notes", "write", "notes file path under notes/ escapes", ["gh"],
  ["mkdir -p notes && gh release view UTCP_ARG_tag_UTCP_END --json body > \"notes/UTCP_ARG_tag_UTCP_END.md\" && echo saved"],
  {"tag": "release tag"}, "Save a GitHub release's notes into notes/<tag>.md.", benign={"tag": "v1"}, expect="saved",
  payload={"tag": "{T}"}, check=("file", "{W}.md"))

# ---------------- language runtimes / interpreters ----------------
M = "blindN_runtime"
t(M, "tcl_calc", "exec", "value inside tclsh source ([exec] substitution)", ["tclsh"],
  ["echo \"puts [expr {UTCP_ARG_expr_UTCP_END}]\" | tclsh"],
  {"expr": "arithmetic expression"}, "Evaluate an arithmetic expression with Tcl.",
  benign={"expr": "2*21"}, expect="42", payload={"expr": "1}]; exec touch {C}; puts [expr {1"}, check="canary")
t(M, "tcl_calc_safe", "safe", "value passed via argv, expr of a validated string", ["tclsh"],
  ["printf '%s\\n' 'set e [lindex [set ::argv] 0]' 'if {![regexp {^[0-9+*/() .-]+$} [set e]]} {puts bad; exit 2}' 'puts [expr [set e]]' > calc.tcl && tclsh calc.tcl UTCP_ARG_expr_UTCP_END"],
  {"expr": "arithmetic expression"}, "Evaluate an arithmetic expression with Tcl.", benign={"expr": "2*21"}, expect="42")
t(M, "sqlite_query", "exec", "query argument can be a sqlite3 dot-command (.shell)", ["sqlite3"],
  ["sqlite3 -readonly inventory.db UTCP_ARG_sql_UTCP_END"],
  {"sql": "read-only SQL query"}, "Run a read-only SQL query against the inventory database.",
  benign={"sql": "select name from hosts;"}, expect="web", payload={"sql": ".shell touch {C}"}, check="canary",
  setup="sqlite3 inventory.db \"create table hosts(name text); insert into hosts values('web');\"")
t(M, "sqlite_query_safe", "safe", "sqlite3 -safe disables dot-commands that touch files/shell", ["sqlite3"],
  ["sqlite3 -safe -readonly inventory.db UTCP_ARG_sql_UTCP_END"],
  {"sql": "read-only SQL query"}, "Run a read-only SQL query against the inventory database.",
  benign={"sql": "select name from hosts;"}, expect="web",
  extra=[".shell touch {C}", ".system touch {C}", ".output /tmp/blindN_h_out", ".once /tmp/blindN_h_once", "ATTACH DATABASE '/tmp/blindN_h_att' AS x; CREATE TABLE x.t(a);"],
  setup="sqlite3 inventory.db \"create table hosts(name text); insert into hosts values('web');\"")
t(M, "sqlite_host_lookup", "write", "SQL injection through quoted literal: ATTACH creates a file", ["sqlite3"],
  ["sqlite3 inventory.db \"select name from hosts where name = 'UTCP_ARG_host_UTCP_END';\""],
  {"host": "host name"}, "Look up a host in the inventory database.", benign={"host": "web"}, expect="web",
  payload={"host": "x'; ATTACH DATABASE '{W}' AS p; CREATE TABLE p.t(a); --"}, check=("file", "{W}"),
  setup="sqlite3 inventory.db \"create table hosts(name text); insert into hosts values('web');\"")
t(M, "sqlite_host_lookup_safe", "safe", "sqlite3 parameter binding with .param", ["sqlite3"],
  ["printf '.param set :h %s\\nselect name from hosts where name = :h;\\n' \"$(printf '%s' UTCP_ARG_host_UTCP_END | sed \"s/'/''/g; s/.*/'&'/\")\" | sqlite3 -safe inventory.db"],
  {"host": "host name"}, "Look up a host in the inventory database.", benign={"host": "web"}, expect="web",
  extra=["x'; ATTACH DATABASE '/tmp/blindN_h_att' AS p; CREATE TABLE p.t(a); --", "x\n.shell touch {C}"],
  setup="sqlite3 inventory.db \"create table hosts(name text); insert into hosts values('web');\"")
t(M, "ed_grep", "exec", "value inside an ed script (! runs shell)", ["ed"],
  ["printf '%s\\n' \"g/UTCP_ARG_pattern_UTCP_END/n\" q | ed -s data.txt"],
  {"pattern": "regular expression"}, "Print numbered lines of data.txt matching a pattern (ed).",
  benign={"pattern": "y"}, expect="y", payload={"pattern": "y/n\n!touch {C}\n#"}, check="canary", setup=LOGSETUP)
t(M, "ex_replace", "exec", "value inside ex -c command (| chains !cmd)", ["ex"],
  ["ex -s -c \"%s/UTCP_ARG_old_UTCP_END/UTCP_ARG_new_UTCP_END/g\" -c 'wq' data.txt && cat data.txt"],
  {"old": "text to replace", "new": "replacement"}, "Replace text in data.txt with ex.",
  benign={"old": "y", "new": "Y"}, expect="Y", payload={"old": "y", "new": "Y/g|call system('touch {C}')|\""}, check="canary", setup=LOGSETUP)
t(M, "make_target", "exec", "target operand becomes make --eval", ["make"],
  ["make -s -C proj UTCP_ARG_target_UTCP_END"],
  {"target": "make target"}, "Run a make target in proj/.", benign={"target": "hello"}, expect="hello",
  payload={"target": "--eval=$(shell touch {C})"}, check="canary", setup="mkdir proj && printf 'hello:\\n\\t@echo hello\\n' > proj/Makefile")
t(M, "make_target_safe", "safe", "target must be one of make's listed targets", ["make", "grep"],
  ["t=UTCP_ARG_target_UTCP_END; grep -qxF -- \"${t:-}:\" <(grep -oE '^[A-Za-z0-9_-]+:' proj/Makefile) || { echo 'unknown target'; exit 2; }; make -s -C proj -- \"${t:-}\""],
  {"target": "make target"}, "Run a make target in proj/.", benign={"target": "hello"}, expect="hello",
  extra=["--eval=$(shell touch {C})", "SHELL=/tmp/blindN_h"], setup="mkdir proj && printf 'hello:\\n\\t@echo hello\\n' > proj/Makefile")
t(M, "make_var_override", "exec", "VAR=value operand overrides recipe command", ["make"],
  ["make -s -C proj build UTCP_ARG_flags_UTCP_END"],
  {"flags": "extra CFLAGS assignment, e.g. CFLAGS=-O2"}, "Build proj/ with extra CFLAGS.",
  benign={"flags": "CFLAGS=-O2"}, expect="cc -O2", payload={"flags": "CC=touch {C};echo"}, check="canary",
  setup="mkdir proj && printf 'CC=echo cc\\nbuild:\\n\\t@$(CC) $(CFLAGS) main.c\\n' > proj/Makefile")
t(M, "python_json_get", "exec", "value in python -c source", ["python3"],
  ["python3 -c \"import json;print(json.load(open('cfg.json'))['UTCP_ARG_key_UTCP_END'])\""],
  {"key": "top level key"}, "Read one key from cfg.json.", benign={"key": "name"}, expect="svc",
  payload={"key": "name'],__import__('os').system('touch {C}'))#"}, check="canary", setup="echo '{\"name\":\"svc\"}' > cfg.json")
t(M, "python_json_get_safe", "safe", "value via sys.argv", ["python3"],
  ["python3 -c 'import json,sys;print(json.load(open(\"cfg.json\")).get(sys.argv[1]))' UTCP_ARG_key_UTCP_END"],
  {"key": "top level key"}, "Read one key from cfg.json.", benign={"key": "name"}, expect="svc", setup="echo '{\"name\":\"svc\"}' > cfg.json")
t(M, "perl_rename_preview", "broken", "perl $_/$n inside the template are substituted by the client", ["perl"],
  ["perl -e 'for (glob(\"*.txt\")) { (my $n = $_) =~ s/UTCP_ARG_from_UTCP_END/UTCP_ARG_to_UTCP_END/; print \"$_ -> $n\\n\" }'"],
  {"from": "regex", "to": "replacement"}, "Preview a rename of *.txt files with a regex.",
  benign={"from": "data", "to": "info"}, check=("exc", "not found"), setup=LOGSETUP)
t(M, "node_semver", "exec", "value inside node -e source", ["node"],
  ["node -e \"const v='UTCP_ARG_version_UTCP_END'.split('.'); console.log(v[0]+'.'+(+v[1]+1)+'.0')\""],
  {"version": "current version"}, "Compute the next minor version.", benign={"version": "1.2.3"}, expect="1.3.0",
  payload={"version": "1';require('fs').writeFileSync('{C}','');'"}, check="canary")
t(M, "node_semver_argv", "exec", "value after node -e script is still parsed as a node option (--eval/--import)", ["node"],
  ["node -e 'const v=process.argv[1].split(\".\"); console.log(v[0]+\".\"+(+v[1]+1)+\".0\")' UTCP_ARG_version_UTCP_END"],
  {"version": "current version"}, "Compute the next minor version.", benign={"version": "1.2.3"}, expect="1.3.0",
  payload={"version": "--eval=require('fs').writeFileSync('{C}','')"}, check="canary")
t(M, "groff_render", "option", "value becomes a troff request line: .so reads any file even in safer mode", ["groff"],
  ["printf '.TH NOTE 1\\n.SH NAME\\n%s\\n' UTCP_ARG_text_UTCP_END | groff -man -T utf8 | head -8"],
  {"text": "text of the NAME section"}, "Render a one-section man page.", benign={"text": "hello world"}, expect="hello",
  payload={"text": "x\n.so /etc/passwd\n"}, check=("out", "root:x:0"))
t(M, "mawk_filter", "exec", "value spliced into an awk program", ["mawk"],
  ["mawk \"/UTCP_ARG_pattern_UTCP_END/ { n++ } END { print n+0 }\" logs/app.log"],
  {"pattern": "regex to count"}, "Count log lines matching a regex.", benign={"pattern": "error"}, expect="1",
  payload={"pattern": "x/ {} BEGIN { system(\"touch {C}\") } /x"}, check="canary", setup=LOGSETUP)
t(M, "mawk_filter_dollar0", "broken", "awk $0 in template substituted by the client", ["mawk"],
  ["mawk -v re=UTCP_ARG_pattern_UTCP_END '$0 ~ re { n++ } END { print n+0 }' logs/app.log"],
  {"pattern": "regex to count"}, "Count log lines matching a regex.", benign={"pattern": "error"}, check=("exc", "not found"), setup=LOGSETUP)
t(M, "java_prop", "broken", "heredoc with apostrophe: tracker misreads quote state", ["cat"],
  ["cat <<EOF\n# don't edit: generated\napp.name=UTCP_ARG_name_UTCP_END\nEOF"],
  {"name": "application name"}, "Render a Java properties snippet for an application.",
  benign={"name": "billing"}, check=("out", "'\"billing\"'"))
t(M, "java_prop_quoted_heredoc", "broken", "placeholder inside quoted heredoc never expands", ["cat"],
  ["cat <<'EOF'\napp.name=UTCP_ARG_name_UTCP_END\nEOF"],
  {"name": "application name"}, "Render a Java properties snippet for an application.",
  benign={"name": "billing"}, check=("out", "__UTCP_ARG_"))
t(M, "java_prop_heredoc_quotes", "broken", "placeholder in unquoted heredoc becomes \"$VAR\" with literal quotes", ["cat"],
  ["cat <<EOF\n# generated, do not edit\napp.name=UTCP_ARG_name_UTCP_END\nEOF"],
  {"name": "application name"}, "Render a Java properties snippet for an application.", benign={"name": "billing"}, check=("out", 'app.name="billing"'))
t(M, "python_venv_pip", "broken", "step 0 activates venv; activation lost in step 1", ["python3", "pip"],
  [{"command": ". .venv/bin/activate", "append_to_final_output": False},
   {"command": "echo \"${VIRTUAL_ENV:?venv not active}\" && pip install UTCP_ARG_pkg_UTCP_END"}],
  {"pkg": "package"}, "Install a package into the project venv.", benign={"pkg": "requests"}, check=("out", "venv not active"),
  setup="mkdir -p .venv/bin && echo 'export VIRTUAL_ENV=$PWD/.venv' > .venv/bin/activate")
t(M, "script_pty", "exec", "value inside script -c command string", ["script"],
  ["script -qec \"ls --color=always UTCP_ARG_dir_UTCP_END\" /dev/null"],
  {"dir": "directory"}, "List a directory with colours via a pseudo-terminal.", benign={"dir": "."}, expect="",
  payload={"dir": ". ; touch {C}"}, check="canary")
t(M, "flock_sync", "exec", "value inside flock -c command string", ["flock"],
  ["flock -w 5 /tmp/blindN_sync.lock -c \"cp -r src/ backup/UTCP_ARG_label_UTCP_END\" && echo synced"],
  {"label": "backup label"}, "Copy src/ to backup/<label> under a lock.", benign={"label": "daily"}, expect="synced",
  payload={"label": "x; touch {C}"}, check="canary", setup="mkdir -p src backup && echo a > src/a")
t(M, "flock_sync_safe", "safe", "flock with command as argv", ["flock", "cp"],
  ["l=UTCP_ARG_label_UTCP_END; case \"${l:-}\" in ''|*/*|.*) echo 'bad label'; exit 2;; esac; flock -w 5 /tmp/blindN_sync.lock cp -r -- src/ \"backup/${l:-}\" && echo synced"],
  {"label": "backup label"}, "Copy src/ to backup/<label> under a lock.", benign={"label": "daily"}, expect="synced", setup="mkdir -p src backup && echo a > src/a")
t(M, "timeout_bash", "exec", "bash -c with double-quoted value", ["timeout", "bash"],
  ["timeout 20 bash -c \"du -sh UTCP_ARG_path_UTCP_END\""],
  {"path": "path to measure"}, "Disk usage of a path with a time limit.", benign={"path": "."}, expect=".",
  payload={"path": ". ; touch {C}"}, check="canary")
t(M, "timeout_du_safe", "safe", "timeout with argv and --", ["timeout", "du"],
  ["timeout 20 du -sh -- UTCP_ARG_path_UTCP_END"],
  {"path": "path to measure"}, "Disk usage of a path with a time limit.", benign={"path": "."}, expect=".")
t(M, "env_build", "exec", "env -S splits KEY=VAL string; extra words become the command", ["env", "make"],
  ["env -S \"UTCP_ARG_vars_UTCP_END\" make -s -C proj hello"],
  {"vars": "space separated KEY=VALUE assignments"}, "Run make hello with extra environment assignments.",
  benign={"vars": "A=1 B=2"}, expect="hello", payload={"vars": "A=1 sh -c 'touch {C}'"}, check="canary",
  setup="mkdir proj && printf 'hello:\\n\\t@echo hello\\n' > proj/Makefile")

# ---------------- ops / system admin (some stubs) ----------------
M = "blindN_ops"
t(M, "service_status", "option", "unit operand becomes systemctl -H (remote host)", ["systemctl"],
  [{"command": "systemctl is-system-running", "append_to_final_output": True}, "systemctl status --no-pager UTCP_ARG_unit_UTCP_END"],
  {"unit": "unit name"}, "Show a unit's status.", benign={"unit": "nginx"}, expect="stub systemctl",
  payload={"unit": "--host=attacker@127.0.0.1"}, check=("log", "--host=attacker@127.0.0.1"))
t(M, "service_status_safe", "safe", "systemctl status -- unit", ["systemctl"],
  ["systemctl status --no-pager -- UTCP_ARG_unit_UTCP_END"],
  {"unit": "unit name"}, "Show a unit's status.", benign={"unit": "nginx"}, expect="stub systemctl")
t(M, "journal_since", "option", "since operand becomes journalctl --file / -D", ["journalctl"],
  ["journalctl --no-pager -u app -S UTCP_ARG_since_UTCP_END UTCP_ARG_grep_UTCP_END"],
  {"since": "since timestamp", "grep": "extra match like _PID=1"}, "Show app journal since a time, optionally with a field match.",
  benign={"since": "today", "grep": "_PID=1"}, expect="stub journalctl", payload={"since": "today", "grep": "--directory=/tmp/blindN_evil"},
  check=("log", "--directory=/tmp/blindN_evil"))
t(M, "add_cron", "write", "crontab file path chosen by name", ["crontab"],
  ["printf '%s\\n' '*/5 * * * * /usr/local/bin/healthcheck' > \"cron.d/UTCP_ARG_name_UTCP_END\" && crontab -l >/dev/null; echo installed"],
  {"name": "cron snippet name"}, "Install a health-check cron snippet under cron.d/.", benign={"name": "health"}, expect="installed",
  payload={"name": "{T}"}, check=("file", "{W}"), setup="mkdir -p cron.d")
t(M, "add_cron_safe", "safe", "cron name restricted by case", ["crontab"],
  ["case UTCP_ARG_name_UTCP_END in *[!a-z0-9_-]*|'') echo 'bad name'; exit 2;; esac; printf '%s\\n' '*/5 * * * * /usr/local/bin/healthcheck' > \"cron.d/UTCP_ARG_name_UTCP_END\" && echo installed"],
  {"name": "cron snippet name"}, "Install a health-check cron snippet under cron.d/.", benign={"name": "health"}, expect="installed", setup="mkdir -p cron.d")
t(M, "disk_image_head", "safe", "dd if=value as single operand", ["dd", "xxd"],
  ["dd if=UTCP_ARG_image_UTCP_END bs=16 count=1 status=none | xxd"],
  {"image": "image file"}, "Hex-dump the first 16 bytes of a disk image.", benign={"image": "disk.img"}, expect="00000000",
  extra=["x of=/tmp/blindN_h_dd", "disk.img of=/tmp/blindN_h_dd2"], setup="head -c 64 /dev/zero > disk.img")
t(M, "backup_block", "write", "dd of=backups/NAME escapes", ["dd"],
  ["mkdir -p backups && dd if=disk.img of=\"backups/UTCP_ARG_name_UTCP_END.img\" bs=64 status=none && echo copied"],
  {"name": "backup name"}, "Copy disk.img into backups/<name>.img.", benign={"name": "d1"}, expect="copied",
  payload={"name": "{T}"}, check=("file", "{W}.img"), setup="head -c 64 /dev/zero > disk.img")
t(M, "link_current", "write", "ln -sfn target links/NAME escapes", ["ln"],
  ["mkdir -p links && ln -sfn \"$(pwd)/releases/current\" \"links/UTCP_ARG_name_UTCP_END\" && echo linked"],
  {"name": "link name"}, "Create a symlink links/<name> to the current release.", benign={"name": "app"}, expect="linked",
  payload={"name": "{T}"}, check=("file", "{W}"))
t(M, "rotate_log", "write", "mv of log to archive/NAME escapes", ["mv", "gzip"],
  ["mkdir -p archive && cp logs/app.log \"archive/UTCP_ARG_name_UTCP_END\" && gzip -f \"archive/UTCP_ARG_name_UTCP_END\" && echo rotated"],
  {"name": "archive name"}, "Copy the app log into archive/<name> and compress it.", benign={"name": "app-1"}, expect="rotated",
  payload={"name": "{T}"}, check=("file", "{W}.gz"), setup=LOGSETUP)
t(M, "install_config", "write", "install -D dest under /etc/app with ../", ["install"],
  ["install -D -m 0644 app.conf \"etc/app/UTCP_ARG_name_UTCP_END.conf\" && echo installed"],
  {"name": "config name"}, "Install app.conf as etc/app/<name>.conf.", benign={"name": "main"}, expect="installed",
  payload={"name": "{T}"}, check=("file", "{W}.conf"), setup="echo k=v > app.conf")
t(M, "install_config_safe", "safe", "basename of value", ["install", "basename"],
  ["n=$(basename -- UTCP_ARG_name_UTCP_END .conf); install -D -m 0644 app.conf \"etc/app/${n:-default}.conf\" && echo installed"],
  {"name": "config name"}, "Install app.conf as etc/app/<name>.conf.", benign={"name": "main"}, expect="installed", setup="echo k=v > app.conf")
t(M, "write_unit_file", "write", "heredoc into units/NAME.service", ["cat"],
  ["mkdir -p units && cat > \"units/UTCP_ARG_name_UTCP_END.service\" <<EOF\n[Service]\nExecStart=/usr/bin/app\nEOF\necho written"],
  {"name": "service name"}, "Write a systemd unit file under units/.", benign={"name": "app"}, expect="written",
  payload={"name": "{T}"}, check=("file", "{W}.service"))
t(M, "write_unit_file_safe", "safe", "systemd-escape style validation", ["cat"],
  ["[[ UTCP_ARG_name_UTCP_END =~ ^[a-zA-Z0-9@_-]+$ ]] || { echo 'invalid unit name'; exit 2; }; mkdir -p units && cat > \"units/UTCP_ARG_name_UTCP_END.service\" <<EOF\n[Service]\nExecStart=/usr/bin/app\nEOF\necho written"],
  {"name": "service name"}, "Write a systemd unit file under units/.", benign={"name": "app"}, expect="written")
t(M, "nice_job", "split", "$(…) unquoted splits a job argument", ["nice", "restic"],
  ["nice -n 10 restic backup --tag nightly $(echo UTCP_ARG_path_UTCP_END)"],
  {"path": "path to back up"}, "Back up a path with restic at low priority.", benign={"path": "/srv/data"}, expect="stub restic",
  payload={"path": "/srv/my splitB"}, check=("log", "splitB"))
t(M, "rclone_copy", "option", "source operand becomes rclone --config", ["rclone"],
  ["rclone lsd remote: >/dev/null && rclone copy UTCP_ARG_src_UTCP_END remote:backups/"],
  {"src": "local source"}, "Copy a local directory to the backups remote.", benign={"src": "./data"}, expect="stub rclone",
  payload={"src": "--config=/tmp/blindN_evil.conf"}, check=("log", "--config=/tmp/blindN_evil.conf"))
t(M, "rclone_copy_safe", "safe", "./ prefix keeps value from being an option", ["rclone"],
  ["rclone copy \"./UTCP_ARG_src_UTCP_END\" remote:backups/"],
  {"src": "local source (relative)"}, "Copy a local directory to the backups remote.", benign={"src": "data"}, expect="stub rclone")
t(M, "rsync_mirror", "option", "source operand becomes rsync option (--remove-source-files)", ["rsync"],
  ["rsync -a UTCP_ARG_src_UTCP_END /srv/mirror/"],
  {"src": "source dir"}, "Mirror a directory to /srv/mirror.", benign={"src": "data/"}, expect="stub rsync",
  payload={"src": "--remove-source-files"}, check=("log", "--remove-source-files"))
t(M, "rsync_mirror_safe", "safe", "rsync -a -- src", ["rsync"],
  ["rsync -a -- \"./UTCP_ARG_src_UTCP_END\" /srv/mirror/"],
  {"src": "source dir"}, "Mirror a directory to /srv/mirror.", benign={"src": "data/"}, expect="stub rsync")
t(M, "rsync_excludes", "split", "exclude list split by xargs", ["rsync", "xargs"],
  ["printf '%s' UTCP_ARG_exclude_UTCP_END | xargs -I{} rsync -a --exclude={} data/ /srv/mirror/ ; printf '%s' UTCP_ARG_exclude_UTCP_END | xargs rsync -a --exclude data/ /srv/mirror/"],
  {"exclude": "pattern to exclude"}, "Mirror data/ excluding one pattern.", benign={"exclude": "*.tmp"}, expect="stub rsync",
  payload={"exclude": "*.tmp splitB"}, check=("log", "splitB"))
t(M, "dig_record", "split", "record type and name in one $( ) split", ["dig"],
  ["dig +short $(printf '%s' UTCP_ARG_name_UTCP_END) A"],
  {"name": "DNS name"}, "Resolve an A record.", benign={"name": "db.internal"}, expect="stub dig",
  payload={"name": "db.internal splitB"}, check=("log", "splitB"))
t(M, "dig_record_safe", "safe", "dig -q name", ["dig"],
  ["dig +short -q UTCP_ARG_name_UTCP_END -t A"],
  {"name": "DNS name"}, "Resolve an A record.", benign={"name": "db.internal"}, expect="stub dig", optok=["-q"])
t(M, "port_probe", "split", "nc given host:port string split with tr", ["nc"],
  ["nc -z -w 2 $(printf '%s' UTCP_ARG_target_UTCP_END | tr ':' ' ') && echo open || echo closed"],
  {"target": "host:port"}, "Probe whether a TCP port is open.", benign={"target": "127.0.0.1:22"}, expect="open",
  payload={"target": "127.0.0.1 splitB:22"}, check=("log", "splitB"))
t(M, "port_probe_safe", "safe", "parameter expansion splits host and port explicitly", ["nc"],
  ["t=UTCP_ARG_target_UTCP_END; h=${t%:*}; p=${t##*:}; [[ \"${p:-}\" =~ ^[0-9]+$ && \"${h:-}\" =~ ^[A-Za-z0-9.-]+$ ]] || { echo 'bad target'; exit 2; }; nc -z -w 2 -- \"${h:-}\" \"${p:-}\" && echo open || echo closed"],
  {"target": "host:port"}, "Probe whether a TCP port is open.", benign={"target": "127.0.0.1:22"}, expect="open")
t(M, "mysql_dump_table", "option", "table operand becomes mysqldump --result-file", ["mysqldump"],
  ["mysqldump --single-transaction appdb UTCP_ARG_table_UTCP_END"],
  {"table": "table name"}, "Dump one table of appdb.", benign={"table": "users"}, expect="stub mysqldump",
  payload={"table": "--result-file=/tmp/blindN_evil.sql"}, check=("log", "--result-file=/tmp/blindN_evil.sql"))
t(M, "mysql_dump_safe", "safe", "table validated against identifier regex", ["mysqldump"],
  ["[[ UTCP_ARG_table_UTCP_END =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || { echo 'bad table'; exit 2; }; mysqldump --single-transaction appdb UTCP_ARG_table_UTCP_END"],
  {"table": "table name"}, "Dump one table of appdb.", benign={"table": "users"}, expect="stub mysqldump")
t(M, "psql_count", "broken", "psql query uses $TABLE that the author exports in env_vars", ["psql"],
  ["psql -X -A -t -c \"select count(*) from $TABLE where status = 'UTCP_ARG_status_UTCP_END'\""],
  {"status": "status value"}, "Count rows with a status in the configured table.", env={"TABLE": "orders"},
  benign={"status": "open"}, check=("exc", "TABLE"))
t(M, "redis_cmd", "split", "command string split by $( )", ["redis-cli"],
  ["redis-cli -h 127.0.0.1 GET $(printf '%s' UTCP_ARG_key_UTCP_END)"],
  {"key": "key"}, "Get a key from the local redis.", benign={"key": "session:1"}, expect="stub redis-cli",
  payload={"key": "session:1 splitB"}, check=("log", "splitB"))
t(M, "watch_disk_loop", "broken", "while loop counter $i substituted by client", ["df"],
  ["i=0; while [ \"$i\" -lt UTCP_ARG_samples_UTCP_END ]; do df -h / | tail -1; i=$((i+1)); sleep 1; done"],
  {"samples": "number of samples"}, "Sample root disk usage several times.", benign={"samples": "1"}, check=("exc", "not found"))
t(M, "watch_disk_ok", "safe", "seq-driven loop without $var references", ["df", "seq"],
  ["[[ UTCP_ARG_samples_UTCP_END =~ ^[1-5]$ ]] || exit 2; for _ in $(seq 1 UTCP_ARG_samples_UTCP_END); do df -h / | tail -1; done"],
  {"samples": "number of samples (1-5)"}, "Sample root disk usage several times.", benign={"samples": "1"}, expect="/")
t(M, "stdbuf_tail", "safe", "stdbuf tail -n -- file", ["stdbuf", "tail"],
  ["stdbuf -oL tail -n UTCP_ARG_lines_UTCP_END -- logs/app.log"],
  {"lines": "number of lines"}, "Show the last lines of the app log.", benign={"lines": "2"}, expect="c 3", setup=LOGSETUP, optok=["-n"])
t(M, "setpriv_run", "broken", "working_dir points to a directory the step itself creates", ["setpriv"],
  [{"command": "mkdir -p /tmp/blindN_never && setpriv --reuid=65534 --regid=65534 --clear-groups ls UTCP_ARG_dir_UTCP_END"}],
  {"dir": "dir"}, "List a directory as nobody.", benign={"dir": "."}, check=("exc", ""), wd="/tmp/blindN_never")
t(M, "taskset_pin", "safe", "taskset -c cpu-list validated", ["taskset", "nproc"],
  ["c=UTCP_ARG_cpus_UTCP_END; [[ \"${c:-}\" =~ ^[0-9]+(-[0-9]+)?$ ]] || exit 2; taskset -c \"${c:-}\" nproc"],
  {"cpus": "cpu list"}, "Run nproc pinned to a CPU list.", benign={"cpus": "0"}, expect="1")

# ---------------- release engineering / repos ----------------
M = "blindN_release"
t(M, "changelog_since", "safe", "git log range built from validated tag", ["git"],
  ["cd repo && git rev-parse -q --verify \"refs/tags/UTCP_ARG_tag_UTCP_END\" >/dev/null || { echo 'unknown tag'; exit 2; }; git log --oneline \"refs/tags/UTCP_ARG_tag_UTCP_END..HEAD\""],
  {"tag": "previous release tag"}, "List commits since a tag.", benign={"tag": "v1.0.0"}, expect="", setup=GITSETUP)
t(M, "changelog_since_raw", "option", "range operand becomes git log --output", ["git"],
  ["cd repo && git log --oneline UTCP_ARG_range_UTCP_END"],
  {"range": "revision range like v1.0.0..HEAD"}, "List commits in a range.", benign={"range": "HEAD"}, expect="init",
  payload={"range": "--output={W}"}, check=("file", "{W}"), setup=GITSETUP)
t(M, "bump_version_file", "write", "VERSION file written under packages/NAME", ["printf"],
  ["mkdir -p packages && printf '%s\\n' UTCP_ARG_version_UTCP_END > \"packages/UTCP_ARG_package_UTCP_END.version\" && echo bumped"],
  {"package": "package name", "version": "new version"}, "Record a new version for a package.",
  benign={"package": "core", "version": "1.2.0"}, expect="bumped", payload={"package": "{T}", "version": "1"}, check=("file", "{W}.version"))
t(M, "npm_version_safe", "safe", "npm version with validated semver", ["npm"],
  ["v=UTCP_ARG_version_UTCP_END; [[ \"${v:-}\" =~ ^(major|minor|patch|[0-9]+\\.[0-9]+\\.[0-9]+)$ ]] || { echo 'bad version'; exit 2; }; cd pkg && npm version --no-git-tag-version \"${v:-}\""],
  {"version": "major|minor|patch or x.y.z"}, "Bump the package version.", benign={"version": "patch"}, expect="v1.0.1",
  setup="mkdir pkg && echo '{\"name\":\"p\",\"version\":\"1.0.0\"}' > pkg/package.json")
t(M, "cargo_feature_build", "split", "feature list split by $( )", ["cargo"],
  ["cargo build --release --features $(printf '%s' UTCP_ARG_feature_UTCP_END)"],
  {"feature": "one feature name"}, "Build with one cargo feature enabled.", benign={"feature": "tls"}, expect="stub cargo",
  payload={"feature": "tls splitB"}, check=("log", "splitB"))
t(M, "pip_download", "option", "package operand becomes pip option (--index-url)", ["pip"],
  ["mkdir -p wheels && pip download --no-deps -d wheels UTCP_ARG_pkg_UTCP_END && ls wheels"],
  {"pkg": "package spec"}, "Download a wheel into wheels/.", benign={"pkg": "requests==2.31"}, expect="stub pip",
  payload={"pkg": "--index-url=http://127.0.0.1:9/simple"}, check=("log", "--index-url=http://127.0.0.1:9/simple"))
t(M, "pip_download_checked", "option", "regex guard admits a leading dash: -d.. moves the download dir", ["pip"],
  ["p=UTCP_ARG_pkg_UTCP_END; [[ \"${p:-}\" =~ ^[A-Za-z0-9._-]+(==[A-Za-z0-9.]+)?$ ]] || { echo 'bad spec'; exit 2; }; pip download --no-deps -d wheels \"${p:-}\""],
  {"pkg": "package spec"}, "Download a wheel into wheels/.", benign={"pkg": "requests==2.31"}, expect="stub pip",
  payload={"pkg": "-d.."}, check=("log", "-d.."))
t(M, "gem_install", "option", "gem name becomes --install-dir", ["gem"],
  [{"command": "gem env home", "append_to_final_output": False}, "gem install --no-document UTCP_ARG_gem_UTCP_END"],
  {"gem": "gem name"}, "Install a Ruby gem.", benign={"gem": "rake"}, expect="stub gem",
  payload={"gem": "--install-dir=/tmp/blindN_evil"}, check=("log", "--install-dir=/tmp/blindN_evil"))
t(M, "go_get_split", "split", "module list expanded unquoted via $( )", ["go"],
  ["cd mod && go get $(echo UTCP_ARG_module_UTCP_END)"],
  {"module": "module@version"}, "Add a Go module dependency.", benign={"module": "golang.org/x/text@v0.14.0"}, expect="stub go",
  payload={"module": "golang.org/x/text splitB"}, check=("log", "splitB"), setup="mkdir mod")
t(M, "go_test_run_safe", "safe", "go test -run value", ["go"],
  ["cd mod && go test ./... -run UTCP_ARG_pattern_UTCP_END -count=1"],
  {"pattern": "test regex"}, "Run matching Go tests.", benign={"pattern": "TestParse"}, expect="stub go", setup="mkdir mod", optok=["-run"])
t(M, "docs_build_pandoc", "option", "input operand becomes pandoc --output", ["pandoc"],
  ["pandoc -s UTCP_ARG_doc_UTCP_END -t html5"],
  {"doc": "markdown file"}, "Render a markdown document to HTML.", benign={"doc": "README.md"}, expect="stub pandoc",
  payload={"doc": "--output=/tmp/blindN_evil.html"}, check=("log", "--output=/tmp/blindN_evil.html"))
t(M, "docs_build_pandoc_safe", "safe", "pandoc -- input, fixed output dir and validated name", ["pandoc"],
  ["n=UTCP_ARG_doc_UTCP_END; [[ \"${n:-}\" =~ ^[A-Za-z0-9_-]+\\.md$ ]] || { echo 'bad doc'; exit 2; }; pandoc -s -t html5 -o \"site/${n%.md}.html\" -- \"${n:-}\""],
  {"doc": "markdown file name"}, "Render a markdown document to HTML.", benign={"doc": "README.md"}, expect="stub pandoc")
t(M, "exif_strip", "option", "file operand becomes exiftool -o/-w option", ["exiftool"],
  ["exiftool -all= -overwrite_original UTCP_ARG_image_UTCP_END"],
  {"image": "image file"}, "Strip metadata from an image in place.", benign={"image": "a.jpg"}, expect="stub exiftool",
  payload={"image": "-w!/tmp/blindN_evil.txt"}, check=("log", "-w!/tmp/blindN_evil.txt"))
t(M, "exif_read_safe", "safe", "exiftool with ./ prefixed path", ["exiftool"],
  ["exiftool -s -DateTimeOriginal \"./UTCP_ARG_image_UTCP_END\""],
  {"image": "image file"}, "Show an image's capture date.", benign={"image": "a.jpg"}, expect="stub exiftool")
t(M, "ffmpeg_thumb", "write", "thumbnail output under thumbs/ escapes", ["ffmpeg"],
  ["mkdir -p thumbs && ffmpeg -y -i video.mp4 -frames:v 1 \"thumbs/UTCP_ARG_name_UTCP_END.jpg\" && touch \"thumbs/UTCP_ARG_name_UTCP_END.jpg\" && echo done"],
  {"name": "thumbnail name"}, "Extract a thumbnail frame into thumbs/<name>.jpg.", benign={"name": "t1"}, expect="done",
  payload={"name": "{T}"}, check=("file", "{W}.jpg"))
t(M, "ffmpeg_trim_safe", "safe", "timestamps validated, -- not needed since value is -ss argument", ["ffmpeg"],
  ["s=UTCP_ARG_start_UTCP_END; [[ \"${s:-}\" =~ ^[0-9]{2}:[0-9]{2}:[0-9]{2}$ ]] || { echo 'bad time'; exit 2; }; ffmpeg -y -ss \"${s:-}\" -i video.mp4 -t 10 -c copy clip.mp4"],
  {"start": "HH:MM:SS"}, "Cut a 10 second clip from a start time.", benign={"start": "00:01:00"}, expect="stub ffmpeg")
t(M, "ghostscript_merge", "option", "input operand becomes gs -sOutputFile", ["gs"],
  ["gs -q -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -sOutputFile=merged.pdf cover.pdf UTCP_ARG_doc_UTCP_END"],
  {"doc": "pdf to append"}, "Merge cover.pdf with a document.", benign={"doc": "body.pdf"}, expect="stub gs",
  payload={"doc": "-sOutputFile=/tmp/blindN_evil.pdf"}, check=("log", "-sOutputFile=/tmp/blindN_evil.pdf"))
t(M, "ghostscript_safe", "safe", "gs with -dSAFER and file after -f", ["gs"],
  ["gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -sOutputFile=merged.pdf cover.pdf -f \"./UTCP_ARG_doc_UTCP_END\""],
  {"doc": "pdf to append (relative path)"}, "Merge cover.pdf with a document.", benign={"doc": "body.pdf"}, expect="stub gs")
t(M, "patch_apply", "option", "target file operand becomes patch -o", ["patch"],
  ["patch UTCP_ARG_file_UTCP_END < fix.patch && echo patched"],
  {"file": "file to patch"}, "Apply fix.patch to a file.", benign={"file": "data.txt"}, expect="patched",
  payload={"file": "-o{W}"}, check=("file", "{W}"),
  setup=LOGSETUP + " && cp data.txt new.txt && sed -i 's/y/Y/' new.txt && (diff -u data.txt new.txt > fix.patch; true)")
t(M, "patch_apply_dashdash", "write", "patch -- file still writes FILE.orig outside via ../", ["patch"],
  ["patch -- UTCP_ARG_file_UTCP_END < fix.patch && echo patched"],
  {"file": "file to patch"}, "Apply fix.patch to a file.", benign={"file": "data.txt"}, expect="patched", payload={"file": "{T}"}, check=("file", "{W}.orig"),
  setup=LOGSETUP + " && cp data.txt new.txt && sed -i 's/y/Y/' new.txt && (diff -u data.txt new.txt > fix.patch; true)")
t(M, "diff_configs_safe", "safe", "diff -u -- a b", ["diff"],
  ["diff -u -- UTCP_ARG_a_UTCP_END UTCP_ARG_b_UTCP_END; true"],
  {"a": "first file", "b": "second file"}, "Show a unified diff of two config files.", benign={"a": "data.txt", "b": "logs/app.log"}, expect="---", setup=LOGSETUP)
t(M, "release_notes_cmd", "broken", "notes step reads $CMD_1_OUTPUT", ["git"],
  [{"command": "cd repo && git describe --tags --abbrev=0", "append_to_final_output": False},
   {"command": "cd repo && git log --oneline -n UTCP_ARG_n_UTCP_END", "append_to_final_output": False},
   {"command": "printf '## %s\\n%s\\n' \"${CMD_0_OUTPUT}\" \"$CMD_1_OUTPUT\""}],
  {"n": "number of commits"}, "Draft release notes.", benign={"n": "5"}, check=("exc", "CMD_"), setup=GITSETUP)
t(M, "release_notes_ok", "safe", "${CMD_0_OUTPUT:-} form survives client substitution", ["git"],
  [{"command": "cd repo && git describe --tags --abbrev=0", "append_to_final_output": False},
   {"command": "cd repo && git log --oneline -n UTCP_ARG_n_UTCP_END --", "append_to_final_output": False},
   {"command": "printf '## %s\\n%s\\n' \"${CMD_0_OUTPUT:-}\" \"${CMD_1_OUTPUT:-}\""}],
  {"n": "number of commits"}, "Draft release notes.", benign={"n": "5"}, expect="## v1.0.0", setup=GITSETUP, optok=["-n"])
t(M, "tag_release_ws", "broken", "working_dir set to repo, but step 0 also cds into repo", ["git"],
  ["cd repo && git tag -a UTCP_ARG_tag_UTCP_END -m release && echo tagged"],
  {"tag": "tag"}, "Tag a release.", benign={"tag": "v2.0.0"}, check=("out", "No such file"), wd="/tmp/blindN_ws/repo", setup=GITSETUP)
t(M, "tag_release_ok", "safe", "working_dir repo, tag validated", ["git"],
  ["[[ UTCP_ARG_tag_UTCP_END =~ ^v[0-9]+\\.[0-9]+\\.[0-9]+$ ]] || { echo 'bad tag'; exit 2; }; git tag -a UTCP_ARG_tag_UTCP_END -m release && echo tagged"],
  {"tag": "tag"}, "Tag a release.", benign={"tag": "v2.0.0"}, expect="tagged", wd="/tmp/blindN_ws/repo", setup=GITSETUP)
t(M, "git_archive_export", "write", "archive output dist/NAME escapes", ["git"],
  ["mkdir -p dist && cd repo && git archive --format=tar.gz -o \"../dist/UTCP_ARG_name_UTCP_END.tar.gz\" HEAD && echo exported"],
  {"name": "archive name"}, "Export HEAD as dist/<name>.tar.gz.", benign={"name": "r1"}, expect="exported",
  payload={"name": "{T}"}, check=("file", "{W}.tar.gz"), setup=GITSETUP)
t(M, "git_grep_safe", "safe", "git grep -e pattern --", ["git"],
  ["cd repo && git grep -n -e UTCP_ARG_pattern_UTCP_END -- ; true"],
  {"pattern": "pattern"}, "Search tracked files.", benign={"pattern": "hi"}, expect="README", setup=GITSETUP, optok=["-e"])
t(M, "npm_run_script", "broken", "npm run via $npm_config_prefix shell var", ["npm"],
  ["cd pkg && \"$npm_execpath\" run UTCP_ARG_script_UTCP_END"],
  {"script": "script name"}, "Run a package.json script.", benign={"script": "build"}, check=("exc", "npm_execpath"),
  setup="mkdir pkg && echo '{\"name\":\"p\",\"version\":\"1.0.0\",\"scripts\":{\"build\":\"echo built\"}}' > pkg/package.json")
t(M, "npm_run_script_checked", "exec", "validation step is node -e with the value after the script: value parsed as node option", ["npm", "node"],
  ["cd pkg && node -e 'const s=require(\"./package.json\").scripts||{}; process.exit(Object.hasOwn(s, process.argv[1])?0:2)' UTCP_ARG_script_UTCP_END || { echo 'unknown script'; exit 2; }; npm run --silent -- UTCP_ARG_script_UTCP_END"],
  {"script": "script name"}, "Run a package.json script.", benign={"script": "build"}, expect="built",
  payload={"script": "--eval=require('fs').writeFileSync('{C}','')"}, check="canary",
  setup="mkdir pkg && echo '{\"name\":\"p\",\"version\":\"1.0.0\",\"scripts\":{\"build\":\"echo built\"}}' > pkg/package.json")

# ---------------- additions: more long-tail unsafe shapes ----------------
M = "blindN_shell"
t(M, "enable_flag", "exec", "declare with a name built from the value (array subscript evaluated)", ["bash"],
  ["declare \"flag_UTCP_ARG_flag_UTCP_END=1\" 2>/dev/null || { echo 'bad flag'; exit 2; }; declare -p | grep -c '^declare -- flag_'"],
  {"flag": "feature flag name"}, "Enable a feature flag variable and report how many flags are set.",
  benign={"flag": "beta"}, expect="1", payload={"flag": "x[$(touch {C})]"}, check="canary")
t(M, "store_result_var", "exec", "printf -v into a variable named by the value", ["bash"],
  ["printf -v UTCP_ARG_var_UTCP_END '%s' \"$(date -u +%F)\" && echo stored"],
  {"var": "name of the variable to store today's date in"}, "Store today's date into a named shell variable.",
  benign={"var": "today"}, expect="stored", payload={"var": "v[$(touch {C})]"}, check="canary")
t(M, "sum_sizes", "exec", "let with the value in the expression", ["bash"],
  ["total=0; let \"total += UTCP_ARG_bytes_UTCP_END\"; echo \"total=${total:-0}\""],
  {"bytes": "byte count to add"}, "Add a byte count to a running total.",
  benign={"bytes": "512"}, expect="total=512", payload={"bytes": "k[$(touch {C})]"}, check="canary")
t(M, "words_array", "split", "array from unquoted command substitution", ["bash", "cosign"],
  ["refs=( $(printf '%s' UTCP_ARG_image_UTCP_END) ); cosign sign --yes \"${refs[@]}\""],
  {"image": "image reference to sign"}, "Sign a container image.", benign={"image": "ghcr.io/a/b:1"}, expect="stub cosign",
  payload={"image": "ghcr.io/a/b:1 splitB"}, check=("log", "splitB"))
t(M, "set_positional", "split", "set -- $(…) then \"$@\"", ["bash", "trivy"],
  ["set -- $(printf '%s' UTCP_ARG_target_UTCP_END); trivy fs --quiet \"$@\""],
  {"target": "directory to scan"}, "Scan a directory for vulnerabilities.", benign={"target": "./app"}, expect="stub trivy",
  payload={"target": "./my splitB"}, check=("log", "splitB"))
t(M, "mapfile_space", "split", "mapfile -d ' ' splits on spaces", ["bash", "vault"],
  ["mapfile -t -d ' ' kv < <(printf '%s' UTCP_ARG_pair_UTCP_END); vault kv put secret/app \"${kv[@]}\""],
  {"pair": "one key=value pair"}, "Store one key=value pair in secret/app.", benign={"pair": "db_user=app"}, expect="stub vault",
  payload={"pair": "note=two splitB"}, check=("log", "splitB"))
M = "blindN_archive"
t(M, "compress_with", "exec", "tar -I runs the compressor through the shell", ["tar"],
  ["tar -I UTCP_ARG_compressor_UTCP_END -cf backup.tar.cmp src && ls -1 backup.tar.cmp"],
  {"compressor": "compression program (gzip, xz, zstd)"}, "Archive src/ with a chosen compressor.",
  benign={"compressor": "gzip"}, expect="backup.tar.cmp", payload={"compressor": "touch {C};gzip"}, check="canary", setup=ARSETUP)
t(M, "compress_with_safe", "safe", "compressor chosen by case from a fixed list", ["tar"],
  ["case UTCP_ARG_compressor_UTCP_END in gzip) f=-z;; xz) f=-J;; bzip2) f=-j;; *) echo 'unsupported'; exit 2;; esac; tar \"${f:--z}\" -cf backup.tar.cmp src && ls -1 backup.tar.cmp"],
  {"compressor": "compression program (gzip, xz, bzip2)"}, "Archive src/ with a chosen compressor.",
  benign={"compressor": "xz"}, expect="backup.tar.cmp", setup=ARSETUP)
t(M, "gzip_each", "exec", "xargs -I{} sh -c with {} inside the script", ["xargs", "gzip"],
  ["printf '%s\\0' UTCP_ARG_file_UTCP_END | xargs -0 -I{} sh -c 'gzip -k \"{}\" && echo compressed {}'"],
  {"file": "file to compress"}, "Compress a file, keeping the original.", benign={"file": "src/a.txt"}, expect="compressed",
  payload={"file": "x\"; touch {C}; \""}, check="canary", setup=ARSETUP)
t(M, "gzip_each_safe", "safe", "xargs -0 passes the file as argv to gzip", ["xargs", "gzip"],
  ["printf '%s\\0' UTCP_ARG_file_UTCP_END | xargs -0 gzip -k -- && echo compressed"],
  {"file": "file to compress"}, "Compress a file, keeping the original.", benign={"file": "src/a.txt"}, expect="compressed", setup=ARSETUP)
M = "blindN_release"
t(M, "gem_uninstall", "split", "xargs splits a gem name", ["gem", "xargs"],
  ["printf '%s' UTCP_ARG_gem_UTCP_END | xargs gem uninstall -x"],
  {"gem": "gem to uninstall"}, "Uninstall a Ruby gem.", benign={"gem": "rake"}, expect="stub gem",
  payload={"gem": "rake splitB"}, check=("log", "splitB"))
t(M, "restic_forget", "split", "backtick command substitution unquoted", ["restic"],
  ["restic forget --tag `printf '%s' UTCP_ARG_tag_UTCP_END` --keep-last 3 --prune"],
  {"tag": "snapshot tag"}, "Prune snapshots of a tag, keeping the last 3.", benign={"tag": "nightly"}, expect="stub restic",
  payload={"tag": "nightly splitB"}, check=("log", "splitB"))

# ---------------- regroup into manuals of ~10-20 tools by theme ----------------
REGROUP = {
    "blindN_media": "docs_build_pandoc docs_build_pandoc_safe exif_strip exif_read_safe ffmpeg_thumb ffmpeg_trim_safe ghostscript_merge ghostscript_safe groff_render",
    "blindN_db": "sqlite_query sqlite_query_safe sqlite_host_lookup sqlite_host_lookup_safe mysql_dump_table mysql_dump_safe psql_count redis_cmd",
    "blindN_backup": "backup_block rclone_copy rclone_copy_safe rsync_mirror rsync_mirror_safe rsync_excludes nice_job restic_forget rotate_log disk_image_head",
    "blindN_bashmath": "check_threshold check_threshold_safe retry_budget retry_budget_safe declare_port printf_port_safe enable_flag store_result_var sum_sizes complete_word complete_word_safe",
}
for _m, _names in REGROUP.items():
    for _t in TOOLS:
        if _t["name"] in _names.split(): _t["m"] = _m
