"""Specs of the blind set O. «arg» is shorthand for UTCP_ARG_arg_UTCP_END.
Each tool: manual, name, cat, desc, args{name: description}, cmds (str or (str, append_to_final_output)),
optional env / wd / inherit / setup (bash run before every call), and
  unsafe: proofs = [(args, [conditions])]     safe: benign, expect=[conditions], hostile=[extra values]
{C} in a payload = the tool's canary path /tmp/blindO/canary_<tool>."""
W = "/tmp/blindO/ws"
COMMON_SETUP = "rm -rf /tmp/blindO/globdir; mkdir -p /tmp/blindO/ws /tmp/blindO/out /tmp/blindO/globdir && touch /tmp/blindO/globdir/globdir_hit"
# client variables a published manual would tell its user to configure (README of each manual)
CLIENT_VARS = {"cluster_AWS_PROFILE": "dev", "cluster_KUBE_CONTEXT": "staging", "db_PGHOST": "127.0.0.1", "db_PGUSER": "app"}
TOOLS = []
def T(manual, name, cat, desc, args, cmds, ev, **kw):
    TOOLS.append(dict(manual=manual, name=name, cat=cat, desc=desc, args=args, cmds=cmds, ev=ev, **kw))
def EX(args):
    return [(args, [("canary",)])]

# ---------------------------------------------------------------- shellkit: bash builtins idioms
M = "shellkit"
SKS = "rm -f /tmp/blindO/ws/outside.log*; touch /tmp/blindO/ws/outside.log; rm -rf /tmp/blindO/ws/sk; mkdir -p /tmp/blindO/ws/sk/logs; printf 'a\\n' > /tmp/blindO/ws/sk/logs/app.log; printf 'b\\n' > /tmp/blindO/ws/sk/logs/db.log"
T(M, "retry_budget", "exec", "Check a retry count against the budget of 5 attempts.",
  {"attempts": "number of attempts"},
  ["if [[ «attempts» -le 5 ]]; then echo \"ok: «attempts» attempts\"; else echo 'over budget'; fi"],
  "[[ x -le 5 ]] evaluates operands arithmetically; a[$(cmd)] subscript runs cmd", idiom="[[ -le ]] arithmetic",
  progs=["bash"], proofs=EX({"attempts": "a[$(touch {C})]"}))
T(M, "retry_budget_checked", "safe", "Check a retry count (digits only) against the budget of 5 attempts.",
  {"attempts": "number of attempts"},
  ["case «attempts» in ''|*[!0-9]*) echo 'attempts must be digits' >&2; exit 2;; esac; if [[ «attempts» -le 5 ]]; then echo ok; else echo 'over budget'; fi"],
  "case guard rejects anything but digits before [[ -le ]]", idiom="case digit guard",
  progs=["bash"], benign={"attempts": "3"}, expect=[("out_has", "ok")], hostile=["a[$(touch {C})]", "1+a[$(touch {C})]"])
T(M, "store_setting", "exec", "Store a named setting in a shell variable and show it.",
  {"name": "variable name", "value": "value"},
  ["printf -v «name» '%s' «value» && declare -p «name»"],
  "printf -v NAME evaluates an array subscript in NAME arithmetically", idiom="printf -v",
  progs=["bash"], proofs=EX({"name": "a[$(touch {C})]", "value": "x"}))
T(M, "sum_counters", "exec", "Add two counters with let and print the total.",
  {"a": "first counter", "b": "second counter"},
  ["let \"total = «a» + «b»\" ; echo \"total=$((total))\""],
  "let evaluates its string arithmetically, a[$(cmd)] runs cmd", idiom="let",
  progs=["bash"], proofs=EX({"a": "a[$(touch {C})]", "b": "1"}))
T(M, "sum_counters_checked", "safe", "Add two integer counters (validated) and print the total.",
  {"a": "first counter", "b": "second counter"},
  ["[[ «a» =~ ^-?[0-9]+$ && «b» =~ ^-?[0-9]+$ ]] || { echo 'integers only' >&2; exit 2; }; echo \"total=$(( «a» + «b» ))\""],
  "=~ regex anchors digits before arithmetic expansion", idiom="[[ =~ ]] guard + $(( ))",
  progs=["bash"], benign={"a": "2", "b": "40"}, expect=[("out_has", "total=42")], hostile=["a[$(touch {C})]", "1\na[$(touch {C})]"])
T(M, "complete_words", "exec", "Complete a prefix against a list of candidate words.",
  {"words": "space separated candidate words", "prefix": "prefix to complete"},
  ["compgen -W «words» -- «prefix»"],
  "compgen -W expands every word of the list again; $(cmd) in the list runs", idiom="compgen -W",
  progs=["bash"], proofs=EX({"words": "alpha $(touch {C}) beta", "prefix": "a"}))
T(M, "complete_words_literal", "safe", "Complete a prefix against a comma separated list of candidate words.",
  {"words": "comma separated candidate words", "prefix": "prefix to complete"},
  ["IFS=, read -r -a cands <<< «words»; for w in \"${cands[@]}\"; do [[ ${w:-} == «prefix»* ]] && printf '%s\\n' \"${w:-}\"; done; true"],
  "read -a stores the words literally; quoted [[ == ]] compare, no re-expansion", idiom="read -a + [[ == ]]",
  progs=["bash"], benign={"words": "alpha,beta,alps", "prefix": "al"}, expect=[("out_has", "alps")])
T(M, "cleanup_on_exit", "exec", "Run a job label and print a cleanup message when the script exits.",
  {"job": "job label"},
  ["trap 'echo \"cleanup for «job» done\"' EXIT; echo started"],
  "placeholder inside the single-quoted trap string is spliced into code that trap re-parses at exit", idiom="trap string",
  progs=["bash"], proofs=EX({"job": "\"; touch {C}; \""}))
T(M, "cleanup_on_exit_safe", "safe", "Run a job label and print a cleanup message when the script exits.",
  {"job": "job label"},
  ["job_label=«job»; trap 'printf \"cleanup for %s done\\n\" \"${job_label:-}\"' EXIT; echo started"],
  "the value lives in a variable that trap code references; never spliced into the code", idiom="trap + variable",
  progs=["bash"], benign={"job": "nightly"}, expect=[("out_has", "cleanup for nightly done")])
T(M, "load_deploy_env", "exec", "Persist the deploy environment name to .deploy.env and load it.",
  {"env": "environment name"},
  ["printf 'DEPLOY_ENV=%s\\n' «env» > /tmp/blindO/ws/.deploy.env && . /tmp/blindO/ws/.deploy.env && echo \"deploy env: ${DEPLOY_ENV:-unset}\""],
  "file written with %s then sourced: value is parsed as shell code", idiom="write then source",
  progs=["bash", "printf"], proofs=EX({"env": "x$(touch {C})"}))
T(M, "load_deploy_env_quoted", "safe", "Persist the deploy environment name to .deploy.env (shell-quoted) and load it.",
  {"env": "environment name"},
  ["printf 'DEPLOY_ENV=%q\\n' «env» > /tmp/blindO/ws/.deploy.env && . /tmp/blindO/ws/.deploy.env && echo \"deploy env: ${DEPLOY_ENV:-unset}\""],
  "printf %q quotes the value for re-reading by the shell", idiom="printf %q then source",
  progs=["bash", "printf"], benign={"env": "staging"}, expect=[("out_has", "deploy env: staging")])
T(M, "parse_flags", "exec", "Parse a flag string into positional parameters and list them.",
  {"flags": "flags such as '-v --name x'"},
  ["eval \"set -- «flags»\"; printf '[%s]\\n' \"$@\""],
  "eval re-parses the value as shell code", idiom="eval set --",
  progs=["bash"], proofs=EX({"flags": "-v; touch {C}"}))
T(M, "header_columns", "split", "List the column names of a CSV header line, one per line.",
  {"header": "CSV header line"},
  ["IFS=, read -r -a cols <<< «header»; printf '%s\\n' ${cols[@]}"],
  "unquoted ${cols[@]} re-splits a column name containing spaces into several words", idiom="unquoted array expansion",
  progs=["bash"], proofs=[({"header": "id,first name,email"}, [("out_has", "first\nname")])])
T(M, "header_columns_quoted", "safe", "List the column names of a CSV header line, one per line.",
  {"header": "CSV header line"},
  ["IFS=, read -r -a cols <<< «header»; printf '%s\\n' \"${cols[@]}\""],
  "quoted array expansion keeps each column one word", idiom="quoted array expansion",
  progs=["bash"], benign={"header": "id,first name,email"}, expect=[("out_has", "first name")])
T(M, "gzip_logs", "broken", "Compress every .log file in a log directory (keeps originals).",
  {"dir": "log directory"},
  ["for f in «dir»/*.log; do gzip -kf \"$f\"; done; ls «dir»"],
  "the UTCP client substitutes $f as client variable shellkit_f before the shell runs: UtcpVariableNotFound for every input",
  idiom="loop variable $f", progs=["bash", "gzip"], setup=SKS,
  proofs=[({"dir": W + "/sk/logs"}, [("out_has", "UtcpVariableNotFound"), ("absent", W + "/sk/logs/app.log.gz")])])
T(M, "gzip_logs_array", "safe", "Compress every .log file in the managed log directory (keeps originals).",
  {"name": "log file base name (without .log) or 'all'"},
  ["case «name» in */*) echo 'plain names only' >&2; exit 2;; esac; cd /tmp/blindO/ws/sk/logs || exit 1; if [[ «name» == all ]]; then files=(*.log); else files=(«name».log); fi; gzip -kf -- \"${files[@]}\" && ls"],
  "array expansion quoted, -- ends gzip options, fixed directory; a name with / stays inside names only", idiom="array + gzip --",
  progs=["bash", "gzip"], setup=SKS, benign={"name": "all"}, expect=[("out_has", "app.log.gz")],
  hostile=["--suffix=../../../pwn_sfx", "-S/../../../../tmp/blindO/pwn_s", "../../outside"], never=["/tmp/blindO/ws/outside.log.gz"])
T(M, "tool_available", "safe", "Report whether a command is installed.",
  {"tool": "command name"},
  ["if command -v -- «tool» >/dev/null 2>&1; then echo \"installed: «tool»\"; else echo \"missing: «tool»\"; fi"],
  "command -v only looks the name up", idiom="command -v --",
  progs=["bash"], benign={"tool": "bash"}, expect=[("out_has", "installed: bash")])
T(M, "render_banner", "broken", "Render the MOTD banner for a host from a quoted here-doc template.",
  {"host": "host name"},
  ["cat <<'EOF'\nWelcome to «host»\nAuthorized use only\nEOF"],
  "quoted here-doc: the emitted ${__UTCP_ARG...} reference is never expanded, so the banner never contains the host",
  idiom="quoted heredoc", progs=["bash", "cat"],
  proofs=[({"host": "web01"}, [("out_lacks", "web01"), ("out_has", "__UTCP_ARG_")])])
T(M, "render_banner_unquoted", "safe", "Render the MOTD banner for a host from a here-doc template.",
  {"host": "host name"},
  ["cat <<EOF\nWelcome to «host»\nAuthorized use only\nEOF"],
  "unquoted here-doc expands the reference once; the value is not re-parsed", idiom="heredoc",
  progs=["bash", "cat"], benign={"host": "web01"}, expect=[("out_has", "web01")])

# ---------------------------------------------------------------- relops: release engineering
M = "relops"
RS = ("rm -rf /tmp/blindO/ws/proj /tmp/blindO/ws/repo /tmp/blindO/ws/dist /tmp/blindO/ws/opt /tmp/blindO/ws/bin; mkdir -p /tmp/blindO/ws/proj /tmp/blindO/ws/dist; "
      "printf 'release:\\n\\t@echo releasing $(VERSION)\\nbuild:\\n\\t@echo built $(MAKEFLAGS)\\ntest:\\n\\t@echo tested\\n' > /tmp/blindO/ws/proj/Makefile; "
      "printf '# Changelog\\n' > /tmp/blindO/ws/proj/CHANGELOG.md; printf 'x\\n' > /tmp/blindO/ws/proj/o.txt; "
      "printf -- '--- o.txt\\n+++ o.txt\\n@@ -1 +1 @@\\n-x\\n+y\\n' > /tmp/blindO/ws/proj/fix.patch; "
      "printf '#!/bin/sh\\necho app\\n' > /tmp/blindO/ws/dist/app; echo data > /tmp/blindO/ws/dist/app.tgz; echo notes > /tmp/blindO/ws/notes.md; "
      "git init -q /tmp/blindO/ws/repo && cd /tmp/blindO/ws/repo && echo 'TODO: fix' > a.txt && git add . && git -c user.email=a@b -c user.name=a commit -qm init && git tag v1.0.0")
T(M, "make_release", "exec", "Run the release target of the project Makefile for a version.",
  {"version": "semantic version"},
  ["make -s -C /tmp/blindO/ws/proj release VERSION=«version»"],
  "command-line make variable is recursively expanded in the recipe: $(shell cmd) runs", idiom="make VAR=value",
  progs=["make"], setup=RS, proofs=EX({"version": "1.2.3$(shell touch {C})"}))
T(M, "make_target", "safe", "Run an allowed Makefile target (build, test, release needs VERSION).",
  {"target": "build or test"},
  ["case «target» in build|test) make -s -C /tmp/blindO/ws/proj -- «target»;; *) echo \"unknown target\" >&2; exit 2;; esac"],
  "case allow-list before make", idiom="case allow-list", progs=["make"], setup=RS,
  benign={"target": "build"}, expect=[("out_has", "built")], hostile=["VERSION=$(shell touch {C})", "--eval=$(shell touch {C})", "-f/etc/passwd"])
T(M, "make_parallel", "broken", "Build the project with a parallelism setting passed through MAKEFLAGS.",
  {"jobs": "MAKEFLAGS value such as -j4"},
  ["make -C /tmp/blindO/ws/proj build"], env={"MAKEFLAGS": "«jobs»"},
  ev="utcp-cli does not substitute placeholders inside env_vars: make receives MAKEFLAGS=UTCP_ARG_jobs_UTCP_END literally (the recipe echoes $(MAKEFLAGS) without j4; with MAKEFLAGS=-j4 really set it echoes -j4 --jobserver-auth=...)",
  idiom="placeholder in env_vars", progs=["make"], setup=RS,
  proofs=[({"jobs": "-j4"}, [("out_has", "built"), ("out_lacks", "j4")])])
T(M, "changelog_add", "exec", "Append an entry to CHANGELOG.md with ed.",
  {"entry": "changelog line"},
  ["printf 'a\\n%s\\n.\\nw\\nq\\n' «entry» | ed -s /tmp/blindO/ws/proj/CHANGELOG.md && tail -n 1 /tmp/blindO/ws/proj/CHANGELOG.md"],
  "a newline in the entry ends ed's input mode; the next line is an ed command, !cmd runs a shell", idiom="ed script via printf",
  progs=["ed", "printf"], setup=RS, proofs=EX({"entry": "- fix\n.\n!touch {C}\na\nx"}))
T(M, "changelog_add_oneline", "safe", "Append a one-line entry to CHANGELOG.md with ed.",
  {"entry": "changelog line"},
  ["case «entry» in *$'\\n'*|*$'\\r'*|.) echo 'one line only' >&2; exit 2;; esac; printf 'a\\n%s\\n.\\nw\\nq\\n' «entry» | ed -s /tmp/blindO/ws/proj/CHANGELOG.md && tail -n 1 /tmp/blindO/ws/proj/CHANGELOG.md"],
  "newlines rejected, so the entry stays text in ed's append mode", idiom="ed + newline guard",
  progs=["ed", "printf"], setup=RS, benign={"entry": "- fixed login"}, expect=[("out_has", "fixed login")],
  hostile=["x\n.\n!touch {C}\n", "!touch {C}", "x\n.\nw /tmp/blindO/pwn_ed\n"])
T(M, "git_log_range", "option", "Show one-line git history for a revision range.",
  {"range": "revision range such as v1.0.0..HEAD"},
  ["git -C /tmp/blindO/ws/repo log --oneline «range»"],
  "a range starting with - is parsed as a git log option: --output=FILE writes a file", idiom="git log rev",
  progs=["git"], setup=RS, proofs=[({"range": "--output=/tmp/blindO/pwn_gitlog"}, [("exists", "/tmp/blindO/pwn_gitlog")])])
T(M, "git_log_range_eoo", "safe", "Show one-line git history for a revision range.",
  {"range": "revision range such as v1.0.0..HEAD"},
  ["git -C /tmp/blindO/ws/repo log --oneline --end-of-options «range» --"],
  "--end-of-options makes the value a revision", idiom="git --end-of-options",
  progs=["git"], setup=RS, benign={"range": "HEAD"}, expect=[("out_has", "init")],
  hostile=["--output=/tmp/blindO/pwn_gitlog", "--ext-diff", "-p"])
T(M, "git_todo_count", "exec", "Count lines matching a pattern at a revision of the repository.",
  {"pattern": "pattern", "rev": "revision"},
  ["git -C /tmp/blindO/ws/repo grep --count «pattern» «rev»"],
  "pattern -O<cmd> (--open-files-in-pager) makes git run cmd", idiom="git grep -O",
  progs=["git"], setup=RS, proofs=EX({"pattern": "-Otouch {C}", "rev": "TODO"}))
T(M, "git_todo_count_e", "safe", "Count lines matching a pattern at a revision of the repository.",
  {"pattern": "pattern", "rev": "revision"},
  ["rev=$(git -C /tmp/blindO/ws/repo rev-parse --verify --quiet --end-of-options «rev»^{commit}) || { echo 'unknown revision' >&2; exit 2; }; git -C /tmp/blindO/ws/repo grep --count -e «pattern» \"${rev:-}\" --"],
  "-e binds the pattern; the revision is resolved to a commit id by rev-parse --end-of-options first", idiom="git grep -e",
  progs=["git"], setup=RS, benign={"pattern": "TODO", "rev": "HEAD"}, expect=[("out_has", ":1")],
  hostile=["-Otouch {C}", "--open-files-in-pager=touch {C}"])
T(M, "bundle_zip", "exec", "Zip a release directory and test the archive.",
  {"path": "directory to bundle"},
  ["cd /tmp/blindO/ws && zip -q -r -T /tmp/blindO/ws/dist/bundle.zip «path» notes.md && echo bundled"],
  "a path -TT<cmd> sets zip's archive test command, which zip runs", idiom="zip -T",
  progs=["zip"], setup=RS, proofs=EX({"path": "-TTtouch {C}"}))
T(M, "bundle_zip_safe", "safe", "Zip a release directory and test the archive.",
  {"path": "directory to bundle (relative to the workspace)"},
  ["cd /tmp/blindO/ws && zip -q -r -T /tmp/blindO/ws/dist/bundle.zip -- «path» && echo bundled"],
  "-- ends zip options (zip 3 honours it)", idiom="zip --", progs=["zip"], setup=RS,
  benign={"path": "proj"}, expect=[("out_has", "bundled")], hostile=["-TTtouch {C}", "--unzip-command=touch {C}", "-O/tmp/blindO/pwn_zo"])
T(M, "apply_fix_patch", "option", "Apply fix.patch to a file of the project.",
  {"file": "file to patch"},
  ["cd /tmp/blindO/ws/proj && patch --forward «file» < fix.patch"],
  "a file value -o<path> is patch's output option: the result is written to an arbitrary path", idiom="patch ORIGFILE",
  progs=["patch"], setup=RS, proofs=[({"file": "-o/tmp/blindO/pwn_patch"}, [("exists", "/tmp/blindO/pwn_patch")])])
T(M, "apply_fix_patch_safe", "safe", "Apply fix.patch to a file of the project (dry run first).",
  {"file": "file to patch"},
  ["cd /tmp/blindO/ws/proj && case «file» in -*|/*|*..*) echo 'bad file' >&2; exit 2;; esac && patch --dry-run --forward -- «file» < fix.patch && patch --forward -- «file» < fix.patch"],
  "rejects option-like, absolute and .. names; -- before the operand", idiom="case guard + --",
  progs=["patch"], setup=RS, benign={"file": "o.txt"}, expect=[("out_has", "patching file o.txt")])
T(M, "install_release", "write", "Install the built binary under /tmp/blindO/ws/opt/<version>/bin.",
  {"version": "version directory"},
  ["install -D -m 0755 /tmp/blindO/ws/dist/app \"/tmp/blindO/ws/opt/«version»/bin/app\" && echo installed"],
  "version ../.. escapes opt/: install -D creates the path anywhere", idiom="install -D path",
  progs=["install"], setup=RS, proofs=[({"version": "../../../../../../tmp/blindO/pwn_inst"}, [("exists", "/tmp/blindO/pwn_inst/bin/app")])])
T(M, "install_release_digits", "write", "Install the built binary under /tmp/blindO/ws/opt/<version>/bin (version digits and dots).",
  {"version": "version such as 1.4.2"},
  ["case «version» in ''|*[!0-9.]*) echo 'bad version' >&2; exit 2;; esac; install -D -m 0755 /tmp/blindO/ws/dist/app \"/tmp/blindO/ws/opt/«version»/bin/app\" && echo installed"],
  "the guard allows '..' (only dots), so version '..' writes /tmp/blindO/ws/bin/app outside opt/", idiom="weak char-class guard",
  progs=["install"], setup=RS, proofs=[({"version": ".."}, [("exists", "/tmp/blindO/ws/bin/app")])])
T(M, "install_release_semver", "safe", "Install the built binary under /tmp/blindO/ws/opt/<version>/bin (strict semver).",
  {"version": "version such as 1.4.2"},
  ["[[ «version» =~ ^[0-9]+\\.[0-9]+\\.[0-9]+$ ]] || { echo 'bad version' >&2; exit 2; }; install -D -m 0755 /tmp/blindO/ws/dist/app \"/tmp/blindO/ws/opt/«version»/bin/app\" && echo installed"],
  "anchored semver regex", idiom="[[ =~ ]] semver", progs=["install"], setup=RS,
  benign={"version": "1.4.2"}, expect=[("exists", "/tmp/blindO/ws/opt/1.4.2/bin/app")], hostile=["..", "1.2.3/../../../../../tmp/blindO/pwn_v"],
  never=["/tmp/blindO/ws/bin/app"])
T(M, "gh_release", "option", "Create a GitHub release for a tag with the built tarball.",
  {"tag": "tag name"},
  ["gh release create «tag» /tmp/blindO/ws/dist/app.tgz --notes-file /tmp/blindO/ws/notes.md"],
  "a tag such as --repo=attacker/fork is a gh flag (cobra parses flags anywhere): release goes to another repository (stub argv log)",
  idiom="gh positional", progs=["gh"], setup=RS,
  proofs=[({"tag": "--repo=attacker/fork"}, [("log_has", "--repo=attacker/fork")])])
T(M, "gh_release_dd", "safe", "Create a GitHub release for a tag with the built tarball.",
  {"tag": "tag name"},
  ["gh release create --notes-file /tmp/blindO/ws/notes.md -- «tag» /tmp/blindO/ws/dist/app.tgz"],
  "-- before the tag (cobra stops flag parsing)", idiom="gh --", progs=["gh"], setup=RS,
  benign={"tag": "v1.2.0"}, expect=[("log_has", "v1.2.0")], hostile=["--repo=attacker/fork"])
T(M, "cmake_configure", "broken", "Configure the CMake project with install prefix in the user's ~/.local.",
  {"build_type": "Debug or Release"},
  ["cmake -S /tmp/blindO/ws/proj -B /tmp/blindO/ws/proj/build -DCMAKE_BUILD_TYPE=«build_type» -DCMAKE_INSTALL_PREFIX=$HOME/.local"],
  "$HOME is meant for the shell but the client resolves it as client variable relops_HOME: UtcpVariableNotFound on every call",
  idiom="$HOME in template", progs=["cmake"], setup=RS,
  proofs=[({"build_type": "Release"}, [("out_has", "UtcpVariableNotFound")])])
T(M, "record_build", "exec", "Run a make target under script(1) and keep a transcript.",
  {"target": "make target"},
  ["script -q -e -c \"make -s -C /tmp/blindO/ws/proj «target»\" /tmp/blindO/ws/dist/build.log >/dev/null; tail -n 2 /tmp/blindO/ws/dist/build.log"],
  "script -c hands the string to sh -c; the value is spliced into that command line", idiom="script -c",
  progs=["script", "make"], setup=RS, proofs=EX({"target": "build; touch {C}"}))
T(M, "trace_build", "exec", "Summarise system calls of a make target with strace into a log file.",
  {"logfile": "log file name"},
  ["cd /tmp/blindO/ws/dist && strace -f -c -o «logfile» -- make -s -C /tmp/blindO/ws/proj build && echo traced"],
  "strace -o '|cmd' pipes the trace into a shell command", idiom="strace -o pipe",
  progs=["strace", "make"], setup=RS, proofs=EX({"logfile": "|touch {C}"}))

# ---------------------------------------------------------------- certs: certificate and key handling
M = "certs"
CS = ("rm -rf /tmp/blindO/ws/certs /tmp/blindO/ws/keys /tmp/blindO/ws/ks /tmp/blindO/ws/uploads; mkdir -p /tmp/blindO/ws/certs /tmp/blindO/ws/keys /tmp/blindO/ws/ks /tmp/blindO/ws/uploads; "
      "cd /tmp/blindO/ws/certs && [ -f /tmp/blindO/ca.crt ] || openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 -subj /CN=blindO-ca -keyout /tmp/blindO/ca.key -out /tmp/blindO/ca.crt 2>/dev/null; "
      "cp /tmp/blindO/ca.crt /tmp/blindO/ws/certs/site.crt; [ -f /tmp/blindO/id_test ] || ssh-keygen -q -t ed25519 -N '' -f /tmp/blindO/id_test; cp /tmp/blindO/id_test.pub /tmp/blindO/ws/keys/deploy.pub; "
      "echo secretpass > /tmp/blindO/ws/.pass; echo payload > /tmp/blindO/ws/certs/report.txt")
T(M, "selfsigned_cert", "write", "Create a self-signed certificate and key for a common name in the certs store.",
  {"cn": "common name"},
  ["openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 -subj \"/CN=«cn»\" -keyout \"/tmp/blindO/ws/certs/«cn».key\" -out \"/tmp/blindO/ws/certs/«cn».crt\" 2>&1 | tail -n 1; ls /tmp/blindO/ws/certs"],
  "cn with ../ places key and cert outside the store", idiom="openssl -keyout path",
  progs=["openssl"], setup=CS, proofs=[({"cn": "../../../../../../tmp/blindO/pwn_cert"}, [("exists", "/tmp/blindO/pwn_cert.key")])])
T(M, "selfsigned_cert_checked", "safe", "Create a self-signed certificate and key for a host name in the certs store.",
  {"cn": "host name (lowercase letters, digits, dots, dashes)"},
  ["[[ «cn» =~ ^[a-z0-9][a-z0-9.-]{0,62}$ ]] || { echo 'invalid host name' >&2; exit 2; }; openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 -subj \"/CN=«cn»\" -keyout \"/tmp/blindO/ws/certs/«cn».key\" -out \"/tmp/blindO/ws/certs/«cn».crt\" 2>/dev/null; ls /tmp/blindO/ws/certs"],
  "anchored host-name regex: no slash, cannot start with a dot", idiom="[[ =~ ]] hostname",
  progs=["openssl"], setup=CS, benign={"cn": "api.example.test"}, expect=[("out_has", "api.example.test.crt")], hostile=["..", "a/../../../../../tmp/blindO/pwn_c"])
T(M, "cert_dates", "safe", "Show subject and validity dates of a PEM certificate.",
  {"cert": "path of the certificate"},
  ["openssl x509 -in «cert» -noout -subject -dates"],
  "value is the argument of -in, never parsed as an option", idiom="option-argument position",
  progs=["openssl"], setup=CS, benign={"cert": W + "/certs/site.crt"}, expect=[("out_has", "blindO-ca")],
  hostile=["-out=/tmp/blindO/pwn_x509", "-engine", "/tmp/blindO/ws/certs/site.crt -out /tmp/blindO/pwn_x2"])
T(M, "random_token", "option", "Generate a random hex token of N bytes.",
  {"nbytes": "number of bytes"},
  ["openssl rand -hex «nbytes»"],
  "a value -out=<file> is taken by openssl 3 as its -out option: the token is written to that file", idiom="openssl positional",
  progs=["openssl"], proofs=[({"nbytes": "-out=/tmp/blindO/pwn_rand"}, [("exists", "/tmp/blindO/pwn_rand")])])
T(M, "random_token_checked", "safe", "Generate a random hex token of N bytes (1-64).",
  {"nbytes": "number of bytes"},
  ["[[ «nbytes» =~ ^[0-9]{1,2}$ ]] && (( 10#«nbytes» >= 1 && 10#«nbytes» <= 64 )) || { echo 'nbytes 1-64' >&2; exit 2; }; openssl rand -hex «nbytes»"],
  "digits-only regex before arithmetic and openssl", idiom="regex + (( ))", progs=["openssl"],
  benign={"nbytes": "16"}, expect=[("out_has", "")], hostile=["-out=/tmp/blindO/pwn_rand", "a[$(touch {C})]"])
T(M, "deploy_key", "write", "Generate an ed25519 deploy key pair under keys/<name>/.",
  {"name": "key name", "comment": "key comment"},
  ["mkdir -p \"/tmp/blindO/ws/keys/«name»\" && ssh-keygen -q -t ed25519 -N '' -C «comment» -f \"/tmp/blindO/ws/keys/«name»/id_ed25519\" && cat \"/tmp/blindO/ws/keys/«name»/id_ed25519.pub\""],
  "name with ../ creates the key directory anywhere", idiom="mkdir -p + ssh-keygen -f",
  progs=["ssh-keygen", "mkdir"], setup=CS, proofs=[({"name": "../../../../../../tmp/blindO/pwn_key", "comment": "ci"}, [("exists", "/tmp/blindO/pwn_key/id_ed25519")])])
T(M, "key_fingerprint", "safe", "Show the SHA256 fingerprint of a public key file.",
  {"pubkey": "path of the public key"},
  ["ssh-keygen -l -E sha256 -f «pubkey»"],
  "value is the argument of -f", idiom="option-argument position", progs=["ssh-keygen"], setup=CS,
  benign={"pubkey": W + "/keys/deploy.pub"}, expect=[("out_has", "SHA256:")], hostile=["-D/tmp/blindO/pwn.so", "-y"])
T(M, "probe_ssh", "exec", "Check that a host accepts SSH connections (batch mode).",
  {"host": "host name"},
  ["timeout 10 ssh -o BatchMode=yes -o ConnectTimeout=3 -o StrictHostKeyChecking=no «host» true 2>&1; echo \"exit=$?\""],
  "host -oProxyCommand=<cmd> is an ssh option; ssh runs the proxy command locally", idiom="ssh host position",
  progs=["ssh", "timeout"], proofs=EX({"host": "-oProxyCommand=touch {C}"}))
T(M, "probe_ssh_checked", "safe", "Check that a host accepts SSH connections (batch mode).",
  {"host": "host name or IPv4"},
  ["[[ «host» =~ ^[A-Za-z0-9][A-Za-z0-9.-]*$ ]] || { echo 'bad host' >&2; exit 2; }; timeout 10 ssh -o BatchMode=yes -o ConnectTimeout=3 -o StrictHostKeyChecking=no -- «host» true 2>&1; echo \"exit=$?\""],
  "host must start with an alphanumeric; -- before the host", idiom="regex + ssh --",
  progs=["ssh", "timeout"], benign={"host": "127.0.0.1"}, expect=[("out_has", "exit=")],
  hostile=["-oProxyCommand=touch {C}", "-oLocalCommand=touch {C}", "127.0.0.1 -oProxyCommand=touch {C}"])
T(M, "trust_cert", "write", "Import a CA certificate into a PKCS12 truststore named after its alias.",
  {"alias": "alias"},
  ["keytool -importcert -noprompt -alias «alias» -file /tmp/blindO/ws/certs/site.crt -keystore \"/tmp/blindO/ws/ks/«alias».p12\" -storetype PKCS12 -storepass changeit"],
  "alias with ../ writes the keystore outside ks/", idiom="keytool -keystore path",
  progs=["keytool"], setup=CS, proofs=[({"alias": "../../../../../../tmp/blindO/pwn_ks"}, [("exists", "/tmp/blindO/pwn_ks.p12")])])
T(M, "save_upload", "write", "Decode a base64 upload and save it in uploads/.",
  {"filename": "file name", "data": "base64 content"},
  ["printf '%s' «data» | base64 -d > \"/tmp/blindO/ws/uploads/«filename»\" && echo saved"],
  "filename with ../ writes anywhere", idiom="redirect path", progs=["base64", "printf"], setup=CS,
  proofs=[({"filename": "../../../../../../tmp/blindO/pwn_b64", "data": "aGkK"}, [("exists", "/tmp/blindO/pwn_b64")])])
T(M, "save_upload_checked", "safe", "Decode a base64 upload and save it in uploads/ (plain names).",
  {"filename": "file name", "data": "base64 content"},
  ["case «filename» in ''|*/*|.*) echo 'bad file name' >&2; exit 2;; esac; printf '%s' «data» | base64 -d > \"/tmp/blindO/ws/uploads/«filename»\" && echo saved"],
  "rejects slashes and leading dots", idiom="case guard", progs=["base64", "printf"], setup=CS,
  benign={"filename": "a.txt", "data": "aGkK"}, expect=[("out_has", "saved")], hostile=["..", "../x"])
T(M, "encrypt_file", "option", "Encrypt a file symmetrically with the team passphrase (writes <file>.gpg).",
  {"file": "file to encrypt"},
  ["cd /tmp/blindO/ws/certs && gpg --batch --yes --quiet --pinentry-mode loopback --passphrase-file /tmp/blindO/ws/.pass -c «file» && ls"],
  "a file value --output=<path> is a gpg option: ciphertext written to any path (stdin encrypted)", idiom="gpg positional",
  progs=["gpg"], setup=CS + "; export GNUPGHOME=/tmp/blindO/gnupg; mkdir -p -m 700 /tmp/blindO/gnupg",
  proofs=[({"file": "--output=/tmp/blindO/pwn_gpg"}, [("exists", "/tmp/blindO/pwn_gpg")])])
T(M, "encrypt_file_fixed_out", "safe", "Encrypt a file of the certs store symmetrically into out/encrypted.gpg.",
  {"file": "file name in the certs store"},
  ["cd /tmp/blindO/ws/certs && gpg --batch --yes --quiet --pinentry-mode loopback --passphrase-file /tmp/blindO/ws/.pass --output /tmp/blindO/out/encrypted.gpg -c -- «file» && echo encrypted"],
  "fixed --output and -- before the file", idiom="gpg --", progs=["gpg"], setup=CS,
  benign={"file": "report.txt"}, expect=[("exists", "/tmp/blindO/out/encrypted.gpg")],
  hostile=["--output=/tmp/blindO/pwn_gpg", "--homedir=/tmp/blindO/pwn_home", "--exec-path=/tmp"])
T(M, "new_key_with_pass", "broken", "Generate an encrypted EC private key protected by a passphrase.",
  {"passphrase": "passphrase", "name": "key name"},
  ["openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -aes256 -pass pass:$KEY_PASS -out \"/tmp/blindO/ws/keys/«name».pem\" && echo created"],
  env={"KEY_PASS": "«passphrase»"},
  ev="author sets KEY_PASS via env_vars for the shell, but the client resolves $KEY_PASS as client variable certs_KEY_PASS: UtcpVariableNotFound on every call",
  idiom="env var read as $NAME", progs=["openssl"], setup=CS,
  proofs=[({"passphrase": "s3cret-pass", "name": "api"}, [("out_has", "UtcpVariableNotFound")])])
T(M, "cert_expiry", "broken", "Print the expiry date of a certificate.",
  {"cert": "path of the certificate"},
  ["openssl x509 -enddate -noout -in «cert» | awk -F= '{print $2}'"],
  ev="awk's $2 is substituted by the client as variable certs_2: UtcpVariableNotFound on every call",
  idiom="awk $2 in template", progs=["openssl", "awk"], setup=CS,
  proofs=[({"cert": W + "/certs/site.crt"}, [("out_has", "UtcpVariableNotFound")])])
T(M, "cert_expiry_cut", "safe", "Print the expiry date of a certificate.",
  {"cert": "path of the certificate"},
  ["openssl x509 -enddate -noout -in «cert» | cut -d= -f2-"],
  "value is the -in argument; cut instead of awk", idiom="cut", progs=["openssl", "cut"], setup=CS,
  benign={"cert": W + "/certs/site.crt"}, expect=[("out_has", "GMT")])
T(M, "resolve_host", "split", "Resolve a host name to addresses with dig.",
  {"host": "host name"},
  ["dig +short +time=2 $(printf '%s' «host» | tr -d '[:cntrl:]')"],
  "unquoted $( ) output is word-split: 'name @server' gives dig a second argument (another resolver); stub argv log shows separate words",
  idiom="unquoted $( )", progs=["dig", "tr"],
  proofs=[({"host": "example.test @10.0.0.53"}, [("log_has", "example.test"), ("log_has", "@10.0.0.53")])])
T(M, "resolve_host_subst", "split", "Resolve a host name (control characters stripped) with dig.",
  {"host": "host name"},
  ["dig +short +time=2 -q \"$(printf '%s' «host» | tr -d '[:cntrl:]')\""],
  "the quote tracker sees the placeholder inside \"...\" and emits an unquoted ${VAR} - but it sits inside $( ), a new unquoted context: the value is word-split and globbed",
  idiom="placeholder in \"$( )\" (tracker misread)", progs=["dig", "tr", "printf"],
  proofs=[({"host": "/tmp/blindO/globdir/*"}, [("log_has", "/tmp/blindO/globdir/globdir_hit")])])
T(M, "resolve_host_q", "safe", "Resolve a host name to addresses with dig.",
  {"host": "host name"},
  ["dig +short +time=2 -q «host»"],
  "value is the argument of -q", idiom="dig -q", progs=["dig"],
  benign={"host": "example.test"}, expect=[("log_has", "example.test")], optarg_ok=True,
  hostile=["example.test @10.0.0.53"])

# ---------------------------------------------------------------- dataw: data wrangling with coreutils & friends
M = "dataw"
DS = ("rm -rf /tmp/blindO/ws/data /tmp/blindO/ws/parts; mkdir -p /tmp/blindO/ws/data /tmp/blindO/ws/parts; cd /tmp/blindO/ws/data; "
      "printf 'id,name,team\\n3,carol,ops\\n1,alice,dev\\n2,bob,dev\\n' > users.csv; printf 'caf\\xe9\\n' > legacy.txt; "
      "printf '# T\\n## A\\na\\n## B\\nb\\n' > doc.md; printf 'line1\\r\\nline2\\r\\n' > win.txt; echo TOPSECRET > /tmp/blindO/ws/secret.txt; "
      "printf 'one\\ntwo\\n' > 'my notes.txt'; printf 'one\\n' > a.txt; printf 'one\\nthree\\n' > b.txt; "
      "printf 'image:\\n  repository: app\\n  tag: v1\\n' > values.yaml; printf '{\"users\":[{\"name\":\"alice\",\"role\":\"admin\"},{\"name\":\"bob\",\"role\":\"dev\"}]}' > users.json")
T(M, "sort_by_column", "option", "Sort a CSV file by its second column.",
  {"file": "CSV file"},
  ["cd /tmp/blindO/ws/data && sort -t, -k2,2 «file»"],
  "file value -o<path> is sort's output option: writes an arbitrary file", idiom="sort positional",
  progs=["sort"], setup=DS, proofs=[({"file": "-o/tmp/blindO/pwn_sort"}, [("exists", "/tmp/blindO/pwn_sort")])])
T(M, "sort_by_column_dd", "safe", "Sort a CSV file of the data directory by its second column.",
  {"file": "CSV file name"},
  ["cd /tmp/blindO/ws/data && case «file» in */*) echo 'plain file names only' >&2; exit 2;; esac && sort -t, -k2,2 -- «file»"],
  "-- before the operand, no slashes", idiom="sort --", progs=["sort"], setup=DS,
  benign={"file": "users.csv"}, expect=[("out_has", "1,alice,dev")], hostile=["--compress-program=touch {C}", "--files0-from=/tmp/blindO/ws/secret.txt"])
T(M, "sample_rows", "safe", "Print N random rows of the users file.",
  {"count": "number of rows"},
  ["shuf -n «count» /tmp/blindO/ws/data/users.csv"],
  "value is -n's argument; shuf rejects non-numbers", idiom="option-argument position", progs=["shuf"], setup=DS,
  benign={"count": "2"}, expect=[("out_has", ",")])
T(M, "sample_file", "option", "Print 3 random lines of a file.",
  {"file": "file"},
  ["shuf -n 3 «file»"],
  "--output=<path> as the file value writes shuf's output to an arbitrary file", idiom="shuf positional",
  progs=["shuf"], setup=DS, proofs=[({"file": "--output=/tmp/blindO/pwn_shuf"}, [("exists", "/tmp/blindO/pwn_shuf")])])
T(M, "chunk_file", "write", "Split the users file into 2-line parts with a prefix in parts/.",
  {"prefix": "part prefix"},
  ["split -l 2 -d /tmp/blindO/ws/data/users.csv \"/tmp/blindO/ws/parts/«prefix»\" && ls /tmp/blindO/ws/parts"],
  "prefix with ../ writes the parts anywhere", idiom="split prefix", progs=["split"], setup=DS,
  proofs=[({"prefix": "../../../../../../tmp/blindO/pwn_split"}, [("exists", "/tmp/blindO/pwn_split00")])])
T(M, "chunk_by", "exec", "Split the users file with a chunking option such as --lines=100 or --number=4.",
  {"chunking": "chunking option"},
  ["split «chunking» /tmp/blindO/ws/data/users.csv /tmp/blindO/ws/parts/part_ && ls /tmp/blindO/ws/parts"],
  "split --filter=CMD runs CMD through the shell for every chunk", idiom="option passthrough",
  progs=["split"], setup=DS, proofs=EX({"chunking": "--filter=touch {C}"}))
T(M, "chunk_by_checked", "safe", "Split the users file by lines, chunks or bytes (--lines=N, --number=N, --bytes=N).",
  {"chunking": "chunking option"},
  ["case «chunking» in --lines=[0-9]*|--number=[0-9]*|--bytes=[0-9]*) ;; *) echo 'unsupported chunking' >&2; exit 2;; esac; split «chunking» /tmp/blindO/ws/data/users.csv /tmp/blindO/ws/parts/part_ && ls /tmp/blindO/ws/parts"],
  "only three option forms with a numeric start; the whole value stays one argument", idiom="case allow-list of option forms",
  progs=["split"], setup=DS, benign={"chunking": "--lines=2"}, expect=[("out_has", "part_aa")],
  hostile=["--filter=touch {C}", "--lines=1 --filter=touch {C}", "--number=2\n--filter=touch {C}"])
T(M, "split_sections", "write", "Split a Markdown document at level-2 headings into parts/<prefix>NN.",
  {"prefix": "file prefix"},
  ["csplit -s -z -f \"/tmp/blindO/ws/parts/«prefix»\" /tmp/blindO/ws/data/doc.md '/^## /' '{*}' && ls /tmp/blindO/ws/parts"],
  "prefix with ../ writes the sections anywhere", idiom="csplit -f", progs=["csplit"], setup=DS,
  proofs=[({"prefix": "../../../../../../tmp/blindO/pwn_cs"}, [("exists", "/tmp/blindO/pwn_cs00")])])
T(M, "file_digest", "option", "Print the SHA-256 digest of a data file.",
  {"file": "file"},
  ["cd /tmp/blindO/ws/data && openssl dgst -sha256 «file»"],
  "a file value -out=<path> is openssl's -out option (openssl 3 accepts -opt=value): digest written to an arbitrary file",
  idiom="openssl positional", progs=["openssl"], setup=DS,
  proofs=[({"file": "-out=/tmp/blindO/pwn_dgst"}, [("exists", "/tmp/blindO/pwn_dgst")])])
T(M, "file_digest_dd", "safe", "Print the SHA-256 digest of a data file.",
  {"file": "file"},
  ["cd /tmp/blindO/ws/data && openssl dgst -sha256 -- «file»"],
  "-- ends openssl's option parsing", idiom="openssl --", progs=["openssl"], setup=DS,
  benign={"file": "users.csv"}, expect=[("out_has", "SHA2-256(users.csv)")], hostile=["-out=/tmp/blindO/pwn_dgst", "-sign=/tmp/blindO/ca.key"])
T(M, "legacy_to_utf8", "safe", "Convert the legacy export from a given charset to UTF-8.",
  {"charset": "source charset such as latin1"},
  ["iconv -f «charset» -t UTF-8 /tmp/blindO/ws/data/legacy.txt"],
  "value is -f's argument", idiom="option-argument position", progs=["iconv"], setup=DS,
  benign={"charset": "latin1"}, expect=[("out_has", "caf")])
T(M, "format_now", "option", "Print the current time in a date(1) format such as +%F.",
  {"format": "date format"},
  ["date -u «format»"],
  "a value -f<file> makes date read that file line by line and echo unparsable lines in errors: reads an unintended file",
  idiom="date positional", progs=["date"], setup=DS,
  proofs=[({"format": "-f/tmp/blindO/ws/secret.txt"}, [("out_has", "TOPSECRET")])])
T(M, "format_now_plus", "safe", "Print the current time in a date(1) format such as +%F.",
  {"format": "date format starting with +"},
  ["case «format» in +*) date -u «format»;; *) echo 'format must start with +' >&2; exit 2;; esac"],
  "only values starting with + reach date, which takes them as the format", idiom="case prefix guard", progs=["date"],
  benign={"format": "+%Y"}, expect=[("out_has", "20")], hostile=["-f/tmp/blindO/ws/secret.txt", "+%s -f /tmp/blindO/ws/secret.txt", "--set=2001-01-01"],
  setup=DS)
T(M, "human_bytes", "safe", "Format a byte count in IEC units.",
  {"bytes": "byte count"},
  ["numfmt --to=iec-i --suffix=B -- «bytes»"],
  "-- before the number", idiom="numfmt --", progs=["numfmt"], benign={"bytes": "1048576"}, expect=[("out_has", "1.0MiB")])
T(M, "strip_crlf", "broken", "Strip Windows line endings from a file in place.",
  {"file": "file"},
  ["sed -i '' 's/\\r$//' «file» && echo done"],
  ev="BSD sed -i '' syntax: GNU sed takes '' as the script and the s command as a file name; fails for every input",
  idiom="BSD-ism sed -i ''", progs=["sed"], setup=DS,
  proofs=[({"file": W + "/data/win.txt"}, [("out_has", "can't read"), ("file_has", W + "/data/win.txt", "\r")])])
T(M, "date_in_days", "broken", "Print the date N days from today.",
  {"days": "number of days"},
  ["date -v+«days»d +%F"],
  ev="BSD date -v adjust flag; GNU date rejects -v for every input",
  idiom="BSD-ism date -v", progs=["date"], proofs=[({"days": "3"}, [("out_has", "invalid option")])])
T(M, "date_in_days_gnu", "safe", "Print the date N days from today.",
  {"days": "number of days"},
  ["[[ «days» =~ ^-?[0-9]{1,4}$ ]] || { echo 'days must be an integer' >&2; exit 2; }; date -u -d \"«days» days\" +%F"],
  "integer regex; value inside -d's argument", idiom="regex + date -d", progs=["date"],
  benign={"days": "3"}, expect=[("out_has", "-")])
T(M, "common_lines", "safe", "Print lines common to two files of the data directory.",
  {"a": "first file", "b": "second file"},
  ["cd /tmp/blindO/ws/data && comm -12 <(sort -- «a») <(sort -- «b»)"],
  "process substitution with quoted operands after --", idiom="comm <( )", progs=["comm", "sort"], setup=DS,
  benign={"a": "a.txt", "b": "b.txt"}, expect=[("out_has", "one")], hostile=["--compress-program=touch {C}", "-o/tmp/blindO/pwn_o2"])
T(M, "number_lines", "split", "Number the lines of a notes file (resolved to its absolute path).",
  {"path": "notes file"},
  ["cd /tmp/blindO/ws/data && nl -ba $(readlink -f «path»)"],
  "unquoted $(readlink ...) word-splits a path with spaces into two nl operands", idiom="unquoted $( )",
  progs=["nl", "readlink"], setup=DS,
  proofs=[({"path": "my notes.txt"}, [("out_has", "/tmp/blindO/ws/data/my: No such file")])])
T(M, "number_lines_quoted", "safe", "Number the lines of a notes file (resolved to its absolute path).",
  {"path": "notes file"},
  ["cd /tmp/blindO/ws/data && p=$(readlink -f -- «path») && nl -ba -- \"${p:?}\""],
  "resolved path kept in a variable and quoted", idiom="quoted variable", progs=["nl", "readlink"], setup=DS,
  benign={"path": "my notes.txt"}, expect=[("out_has", "two")])
T(M, "find_user", "broken", "Look up a user record by name in users.json.",
  {"name": "user name"},
  ["jq --arg name «name» '.users[] | select(.name == $name)' /tmp/blindO/ws/data/users.json"],
  ev="jq's $name is substituted by the UTCP client as client variable dataw_name: UtcpVariableNotFound for every input",
  idiom="jq --arg $var", progs=["jq"], setup=DS,
  proofs=[({"name": "alice"}, [("out_has", "UtcpVariableNotFound")])])
T(M, "find_user_env", "safe", "Look up a user record by name in users.json.",
  {"name": "user name"},
  ["NAME=«name» jq '.users[] | select(.name == env.NAME)' /tmp/blindO/ws/data/users.json"],
  "value passed through the environment and read with env.NAME inside the jq program", idiom="jq env.", progs=["jq"], setup=DS,
  benign={"name": "alice"}, expect=[("out_has", "admin")], hostile=["alice\") or true | (\"", "\" | input_filename | \""])
T(M, "set_image_tag", "split", "Set image.tag in values.yaml.",
  {"tag": "image tag"},
  ["yq -y -i '.image.tag = \"«tag»\"' /tmp/blindO/ws/data/values.yaml && cat /tmp/blindO/ws/data/values.yaml"],
  "the tag is spliced into the jq/yq program text: a quote ends the string and adds further assignments (several commands where one value was meant)",
  idiom="value in yq program", progs=["yq"], setup=DS,
  proofs=[({"tag": "v2\" | .securityContext.privileged = true | .x = \""}, [("out_has", "privileged: true")])])
T(M, "set_image_tag_arg", "safe", "Set image.tag in values.yaml.",
  {"tag": "image tag"},
  ["TAG=«tag» yq -y -i '.image.tag = env.TAG' /tmp/blindO/ws/data/values.yaml && cat /tmp/blindO/ws/data/values.yaml"],
  "tag read from the environment inside the program", idiom="yq env.", progs=["yq"], setup=DS,
  benign={"tag": "v2"}, expect=[("out_has", "tag: v2")], hostile=["v2\" | .securityContext.privileged = true | .x = \""])

# ---------------------------------------------------------------- cluster: container / cluster / cloud CLIs (stubbed, argv logged)
# README of this manual tells users to configure KUBE_CONTEXT and AWS_PROFILE (client variables cluster_KUBE_CONTEXT, cluster_AWS_PROFILE).
M = "cluster"
KS = "mkdir -p /tmp/blindO/ws/chart /tmp/blindO/ws/app && echo 'FROM scratch' > /tmp/blindO/ws/app/Dockerfile"
T(M, "pod_logs", "option", "Tail the last 200 log lines of a pod in the configured context.",
  {"pod": "pod name"},
  ["kubectl --context=$KUBE_CONTEXT logs --tail=200 «pod»"],
  "pod value --kubeconfig=<file> is a kubectl flag (flags parse anywhere): talks to another cluster with attacker config (stub argv)",
  idiom="kubectl positional + client var", progs=["kubectl"],
  proofs=[({"pod": "--kubeconfig=/tmp/attacker.yaml"}, [("log_has", "--kubeconfig=/tmp/attacker.yaml"), ("log_has", "--context=staging")])])
T(M, "pod_logs_checked", "safe", "Tail the last 200 log lines of a pod in the configured context.",
  {"pod": "pod name"},
  ["[[ «pod» =~ ^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$ ]] || { echo 'invalid pod name' >&2; exit 2; }; kubectl --context=$KUBE_CONTEXT logs --tail=200 «pod»"],
  "DNS-1123 regex: value cannot start with a dash", idiom="[[ =~ ]] k8s name", progs=["kubectl"],
  benign={"pod": "web-7d9c"}, expect=[("log_has", "web-7d9c")])
T(M, "delete_pod", "split", "Delete a pod in the staging namespace.",
  {"pod": "pod name"},
  ["printf '%s' «pod» | xargs kubectl delete pod --namespace=staging"],
  "xargs splits the value on blanks: 'web-1 --all' gives kubectl two arguments (deletes every pod)", idiom="printf | xargs",
  progs=["xargs", "kubectl"], proofs=[({"pod": "web-1 --all"}, [("log_has", "web-1"), ("log_has", "--all")])])
T(M, "delete_pod_nul", "safe", "Delete a pod in the staging namespace.",
  {"pod": "pod name"},
  ["printf '%s\\0' «pod» | xargs -0 -r kubectl delete pod --namespace=staging --"],
  "NUL-delimited xargs keeps the value one argument; -- before it", idiom="xargs -0 + --", progs=["xargs", "kubectl"],
  benign={"pod": "web-1"}, expect=[("log_has", "web-1")], hostile=["web-1 --all"])
T(M, "scale_deployment", "safe", "Scale a deployment to N replicas.",
  {"name": "deployment name", "replicas": "replica count"},
  ["kubectl --context=$KUBE_CONTEXT scale deployment/«name» --replicas=«replicas»"],
  "both values are glued to a fixed prefix inside one argument: never an option, never split", idiom="prefix-glued args",
  progs=["kubectl"], benign={"name": "web", "replicas": "3"}, expect=[("log_has", "deployment/web")])
T(M, "tag_image", "split", "Tag the app image for the local registry.",
  {"tag": "tag"},
  ["docker tag app:latest $(printf 'registry.local/app:%s' «tag»)"],
  "unquoted $( ) is word-split: a tag with blanks becomes extra docker arguments", idiom="unquoted $( )",
  progs=["docker", "printf"], proofs=[({"tag": "v1 --help"}, [("log_has", "registry.local/app:v1"), ("log_has", "--help")])])
T(M, "run_image_version", "option", "Run an image's --version to report its tool version.",
  {"image": "image reference"},
  ["docker run --rm «image» --version"],
  "image value --privileged / -v/:/host is taken by docker run as an option (stub argv)", idiom="docker run positional",
  progs=["docker"], proofs=[({"image": "--volume=/:/host"}, [("log_has", "--volume=/:/host")])])
T(M, "run_with_env", "safe", "Run the app image with an APP_ENV value.",
  {"env": "environment name"},
  ["docker run --rm --env APP_ENV=«env» app:latest"],
  "value glued into --env's argument", idiom="option-argument glued", progs=["docker"],
  benign={"env": "prod"}, expect=[("log_has", "APP_ENV=prod")])
T(M, "release_status", "split", "Show helm status of a release (default myapp).",
  {"release": "release name"},
  ["RELEASE=«release»; helm status ${RELEASE:-myapp} --namespace=prod"],
  "unquoted ${RELEASE:-myapp} is word-split: blanks yield extra helm arguments", idiom="unquoted ${VAR:-default}",
  progs=["helm"], proofs=[({"release": "myapp --kube-context=prod-admin"}, [("log_has", "myapp"), ("log_has", "--kube-context=prod-admin")])])
T(M, "upgrade_release", "option", "Upgrade or install a release from ./chart.",
  {"release": "release name"},
  ["helm upgrade --install «release» /tmp/blindO/ws/chart --namespace=prod"],
  "release value --post-renderer=<bin> or --kubeconfig is a helm flag (stub argv)", idiom="helm positional",
  progs=["helm"], proofs=[({"release": "--post-renderer=/tmp/evil"}, [("log_has", "--post-renderer=/tmp/evil")])])
T(M, "upgrade_release_dd", "safe", "Upgrade or install a release from ./chart.",
  {"release": "release name"},
  ["helm upgrade --install --namespace=prod -- «release» /tmp/blindO/ws/chart"],
  "-- ends helm's flag parsing", idiom="helm --", progs=["helm"],
  benign={"release": "myapp"}, expect=[("log_has", "myapp")], hostile=["--post-renderer=/tmp/evil"])
T(M, "chart_lint", "broken", "Lint a chart from the user's charts checkout.",
  {"chart": "chart directory name"},
  ["helm lint «chart»"], wd="~/charts",
  ev="working_dir '~/charts' is passed to the subprocess as cwd without tilde expansion: FileNotFoundError on every call",
  idiom="~ in working_dir", progs=["helm"], proofs=[({"chart": "web"}, [("out_has", "EXCEPTION")])])
T(M, "list_artifacts", "option", "List objects in the artifacts bucket under an optional prefix.",
  {"prefix": "s3 URL or prefix"},
  ["aws --profile $AWS_PROFILE s3 ls «prefix»"],
  "prefix value --endpoint-url=<url> is an aws global option: signed requests go to another endpoint (stub argv)",
  idiom="aws positional + client var", progs=["aws"],
  proofs=[({"prefix": "--endpoint-url=http://127.0.0.1:9"}, [("log_has", "--endpoint-url=http://127.0.0.1:9"), ("log_has", "dev")])])
T(M, "list_artifacts_prefixed", "safe", "List objects in the artifacts bucket under a prefix.",
  {"prefix": "key prefix"},
  ["aws --profile $AWS_PROFILE s3 ls \"s3://artifacts/«prefix»\""],
  "value glued after s3://artifacts/: never an option", idiom="URL prefix", progs=["aws"],
  benign={"prefix": "builds/"}, expect=[("log_has", "s3://artifacts/builds/")])
T(M, "build_branch_image", "split", "Build the app image tagged with the branch name (slashes become dashes).",
  {"branch": "branch name"},
  [("printf '%s' «branch» | tr '/' '-'", False), "cd /tmp/blindO/ws/app && docker build -t app:${CMD_0_OUTPUT:-dev} ."],
  "step 2 expands ${CMD_0_OUTPUT:-dev} unquoted: a branch with blanks gives docker extra arguments", idiom="$CMD_0_OUTPUT unquoted (default form)",
  progs=["docker", "tr"], setup=KS, proofs=[({"branch": "feat/x --build-arg=SECRET=1"}, [("log_has", "app:feat-x"), ("log_has", "--build-arg=SECRET=1")])])
T(M, "image_digest", "broken", "Resolve the digest of an image and print the pinned reference.",
  {"image": "image reference"},
  [("docker inspect --format '{{index .RepoDigests 0}}' «image»", False), "echo \"pinned: $CMD_0_OUTPUT\""],
  ev="$CMD_0_OUTPUT is substituted by the UTCP client as client variable cluster_CMD_0_OUTPUT before bash runs: UtcpVariableNotFound for every input",
  idiom="$CMD_0_OUTPUT", progs=["docker"], proofs=[({"image": "app:latest"}, [("out_has", "UtcpVariableNotFound")])])
T(M, "kube_apply_dir", "safe", "Server-side dry-run apply of a manifest directory in the workspace.",
  {"dir": "directory under /tmp/blindO/ws/manifests"},
  ["case «dir» in *..*|/*|-*) echo 'bad dir' >&2; exit 2;; esac; kubectl --context=$KUBE_CONTEXT apply --dry-run=server -f \"/tmp/blindO/ws/manifests/«dir»\""],
  "value glued under a fixed directory, no .. or leading dash", idiom="case guard + prefix", progs=["kubectl"],
  benign={"dir": "web"}, expect=[("log_has", "/tmp/blindO/ws/manifests/web")])

# ---------------------------------------------------------------- db: database administration
# README tells users to configure PGHOST and PGUSER (client variables db_PGHOST, db_PGUSER).
M = "db"
QS = ("rm -rf /tmp/blindO/ws/db; mkdir -p /tmp/blindO/ws/db/backups /tmp/blindO/ws/db/exports; cd /tmp/blindO/ws/db; "
      "sqlite3 app.db \"create table users(name text, email text); insert into users values('alice','a@x'),('bob','b@x');\"")
T(M, "sql_readonly", "exec", "Run a read-only SQL query against the app database.",
  {"sql": "SQL query"},
  ["sqlite3 -readonly /tmp/blindO/ws/db/app.db «sql»"],
  "sqlite3 runs dot-commands given as arguments; .shell runs a program even with -readonly", idiom="sqlite3 SQL arg",
  progs=["sqlite3"], setup=QS, proofs=EX({"sql": ".shell touch {C}"}))
T(M, "sql_readonly_safe", "safe", "Run a read-only SQL query against the app database (sqlite safe mode).",
  {"sql": "SQL query"},
  ["sqlite3 -safe -readonly /tmp/blindO/ws/db/app.db «sql»"],
  "-safe disables .shell/.system/.output/ATTACH and other file access; -readonly forbids writes", idiom="sqlite3 -safe",
  progs=["sqlite3"], setup=QS, benign={"sql": "select count(*) from users;"}, expect=[("out_has", "2")],
  hostile=[".shell touch {C}", ".system touch {C}", ".output /tmp/blindO/pwn_sq", "ATTACH '/tmp/blindO/pwn_att.db' AS p; CREATE TABLE p.t(a);",
           ".once /tmp/blindO/pwn_once", "select writefile('/tmp/blindO/pwn_wf','x');", ".import /etc/hostname users", "-cmd"])
T(M, "user_email", "split", "Look up the e-mail of a user by name.",
  {"name": "user name"},
  ["sqlite3 -safe /tmp/blindO/ws/db/app.db \"SELECT email FROM users WHERE name = '«name»';\""],
  "the name is spliced into the SQL text: a quote ends the literal and further statements run (one value becomes several SQL commands)",
  idiom="SQL string splice", progs=["sqlite3"], setup=QS,
  proofs=[({"name": "x'; DELETE FROM users; SELECT 'rows=' || count(*) FROM users; --"}, [("out_has", "rows=0")])])
T(M, "user_email_checked", "safe", "Look up the e-mail of a user by name (names are [a-z0-9_]).",
  {"name": "user name"},
  ["[[ «name» =~ ^[a-z0-9_]{1,32}$ ]] || { echo 'invalid user name' >&2; exit 2; }; sqlite3 -safe -readonly /tmp/blindO/ws/db/app.db \"SELECT email FROM users WHERE name = '«name»';\""],
  "anchored regex: no quote can reach the SQL text", idiom="regex before SQL splice", progs=["sqlite3"], setup=QS,
  benign={"name": "alice"}, expect=[("out_has", "a@x")], hostile=["x'; DELETE FROM users; --", "x' OR '1'='1"])
T(M, "backup_db", "write", "Make an online backup of the app database into backups/<name>.db.",
  {"name": "backup name"},
  ["sqlite3 /tmp/blindO/ws/db/app.db \".backup '/tmp/blindO/ws/db/backups/«name».db'\" && ls /tmp/blindO/ws/db/backups"],
  "name with ../ writes the backup anywhere", idiom="sqlite .backup path", progs=["sqlite3"], setup=QS,
  proofs=[({"name": "../../../pwn_sqlbk"}, [("exists", "/tmp/blindO/pwn_sqlbk.db")])])
T(M, "export_csv", "safe", "Export a table of the app database as CSV into exports/<table>.csv.",
  {"table": "table name"},
  ["[[ «table» =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || { echo 'bad table' >&2; exit 2; }; sqlite3 -csv -header /tmp/blindO/ws/db/app.db \"SELECT * FROM «table»;\" > \"/tmp/blindO/ws/db/exports/«table».csv\" && wc -l < \"/tmp/blindO/ws/db/exports/«table».csv\""],
  "identifier regex guards both the SQL and the output path", idiom="identifier regex", progs=["sqlite3", "wc"], setup=QS,
  benign={"table": "users"}, expect=[("out_has", "3")], hostile=["users; DROP TABLE users", "../x"])
T(M, "pg_dump_db", "option", "Dump a PostgreSQL database in custom format to backups/db.dump.",
  {"dbname": "database name"},
  ["pg_dump -h $PGHOST -U $PGUSER --format=custom «dbname» > /tmp/blindO/ws/db/backups/db.dump"],
  "dbname value --file=<path> is a pg_dump option: dump written to an arbitrary file (stub argv)",
  idiom="pg_dump positional + client vars", progs=["pg_dump"], setup=QS,
  proofs=[({"dbname": "--file=/tmp/attacker.dump"}, [("log_has", "--file=/tmp/attacker.dump"), ("log_has", "127.0.0.1")])])
T(M, "pg_dump_db_named", "safe", "Dump a PostgreSQL database in custom format to backups/db.dump.",
  {"dbname": "database name"},
  ["pg_dump -h $PGHOST -U $PGUSER --format=custom --dbname=«dbname» > /tmp/blindO/ws/db/backups/db.dump"],
  "value glued into --dbname=", idiom="--opt=value", progs=["pg_dump"], setup=QS,
  benign={"dbname": "app"}, expect=[("log_has", "--dbname=app")])
T(M, "pg_table_sizes", "broken", "List the ten largest tables of a database.",
  {"dbname": "database name"},
  ["psql -h $PGHOST -U $PGUSER -d «dbname» -At -c \"SELECT relname, pg_size_pretty(pg_total_relation_size(oid)) FROM pg_class WHERE relkind = 'r' ORDER BY 2 DESC LIMIT 10\" | awk -F'|' '{printf \"%-40s %s\\n\", $1, $2}'"],
  ev="awk's $1/$2 are substituted by the client as client variables db_1/db_2: UtcpVariableNotFound for every input",
  idiom="awk $1 in template", progs=["psql", "awk"], proofs=[({"dbname": "app"}, [("out_has", "UtcpVariableNotFound")])])
T(M, "redis_get", "safe", "Read a key from the local Redis cache.",
  {"key": "key"},
  ["redis-cli -h 127.0.0.1 --raw GET «key»"],
  "redis-cli stops option parsing at the first command word (GET); the key is one argument", idiom="args after command word",
  progs=["redis-cli"], benign={"key": "session:1"}, expect=[("log_has", "session:1")], optarg_ok=True)
T(M, "vacuum_into", "write", "Write a compacted copy of the app database with VACUUM INTO.",
  {"target": "output file name"},
  ["cd /tmp/blindO/ws/db/backups && sqlite3 /tmp/blindO/ws/db/app.db \"VACUUM INTO '«target»'\" && ls"],
  "target with ../ or an absolute path writes the copy anywhere", idiom="VACUUM INTO path", progs=["sqlite3"], setup=QS,
  proofs=[({"target": "/tmp/blindO/pwn_vac.db"}, [("exists", "/tmp/blindO/pwn_vac.db")])])
T(M, "table_count_multi", "broken", "Count the rows of a table and report it with the table name.",
  {"table": "table name"},
  [("sqlite3 /tmp/blindO/ws/db/app.db \"SELECT count(*) FROM «table»;\"", False), "echo \"«table»: ${CMD_0_OUTPUT} rows\""],
  ev="${CMD_0_OUTPUT} (braced) is substituted by the UTCP client as client variable db_CMD_0_OUTPUT: UtcpVariableNotFound for every input",
  idiom="${CMD_0_OUTPUT}", progs=["sqlite3"], setup=QS, proofs=[({"table": "users"}, [("out_has", "UtcpVariableNotFound")])])
T(M, "table_count_multi_default", "safe", "Count the rows of a table and report it with the table name.",
  {"table": "table name"},
  [("[[ «table» =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] && sqlite3 -safe -readonly /tmp/blindO/ws/db/app.db \"SELECT count(*) FROM «table»;\"", False), "echo \"«table»: ${CMD_0_OUTPUT:-?} rows\""],
  "identifier regex; previous output read with a default form the client leaves alone", idiom="${CMD_0_OUTPUT:-}",
  progs=["sqlite3"], setup=QS, benign={"table": "users"}, expect=[("out_has", "users: 2 rows")])

# ---------------------------------------------------------------- backup: archives, images, copies
M = "backup"
BS = ("rm -rf /tmp/blindO/ws/bk; mkdir -p /tmp/blindO/ws/bk/src /tmp/blindO/ws/bk/images /tmp/blindO/ws/bk/arch /tmp/blindO/ws/bk/locale; cd /tmp/blindO/ws/bk; "
      "echo data > src/a.txt; echo more > src/b.txt; printf 'msgid \"hi\"\\nmsgstr \"salut\"\\n' > app.po; for i in 1 2 3 4 5; do echo $i > arch/snap-$i.tar; done")
T(M, "disk_image", "write", "Copy the first blocks of a source into images/<name>.img with dd.",
  {"name": "image name"},
  ["dd if=/tmp/blindO/ws/bk/src/a.txt of=\"/tmp/blindO/ws/bk/images/«name».img\" bs=4k count=1 status=none && ls /tmp/blindO/ws/bk/images"],
  "name with ../ makes dd write anywhere", idiom="dd of= path", progs=["dd"], setup=BS,
  proofs=[({"name": "../../../../../../tmp/blindO/pwn_dd"}, [("exists", "/tmp/blindO/pwn_dd.img")])])
T(M, "disk_image_blocksize", "option", "Copy a source into images/snap.img with a block size operand such as bs=4M.",
  {"blocksize": "dd block-size operand, e.g. bs=1M"},
  ["dd if=/tmp/blindO/ws/bk/src/a.txt of=/tmp/blindO/ws/bk/images/snap.img «blocksize» status=none && ls /tmp/blindO/ws/bk/images"],
  "the value is a dd operand; of=<path> repeats the operand and the last one wins: output goes to another file",
  idiom="dd operand passthrough", progs=["dd"], setup=BS,
  proofs=[({"blocksize": "of=/tmp/blindO/pwn_ddop"}, [("exists", "/tmp/blindO/pwn_ddop")])])
T(M, "disk_image_blocksize_checked", "safe", "Copy a source into images/snap.img with a block size such as 4M.",
  {"blocksize": "block size like 4M"},
  ["[[ «blocksize» =~ ^[0-9]+[KMG]?$ ]] || { echo 'bad block size' >&2; exit 2; }; dd if=/tmp/blindO/ws/bk/src/a.txt of=/tmp/blindO/ws/bk/images/snap.img bs=«blocksize» status=none && ls /tmp/blindO/ws/bk/images"],
  "anchored regex; value glued after bs=", idiom="regex + glued operand", progs=["dd"], setup=BS,
  benign={"blocksize": "4K"}, expect=[("out_has", "snap.img")], hostile=["4K of=/tmp/blindO/pwn_ddop", "of=/tmp/blindO/pwn_ddop"])
T(M, "compress_copy", "write", "Write a gzip copy of a source file into arch/<name>.gz.",
  {"file": "source file name", "name": "archive name"},
  ["gzip -c -- \"/tmp/blindO/ws/bk/src/«file»\" > \"/tmp/blindO/ws/bk/arch/«name».gz\" && echo ok"],
  "archive name with ../ redirects the output anywhere", idiom="redirect path", progs=["gzip"], setup=BS,
  proofs=[({"file": "a.txt", "name": "../../../../../../tmp/blindO/pwn_gz"}, [("exists", "/tmp/blindO/pwn_gz.gz")])])
T(M, "compress_copy_basename", "safe", "Write a gzip copy of a source file into arch/<name>.gz.",
  {"file": "source file name", "name": "archive name"},
  ["f=$(basename -- «file») && n=$(basename -- «name») && case \"${n:-}\" in .|..|'') exit 2;; esac && gzip -c -- \"/tmp/blindO/ws/bk/src/${f:-x}\" > \"/tmp/blindO/ws/bk/arch/${n:-x}.gz\" && echo ok"],
  "basename strips directories from both values before they are joined to fixed directories", idiom="basename --", progs=["gzip", "basename"], setup=BS,
  benign={"file": "a.txt", "name": "a"}, expect=[("out_has", "ok")])
T(M, "compile_catalog", "write", "Compile the app .po catalog into locale/<lang>/LC_MESSAGES/app.mo.",
  {"lang": "language code"},
  ["mkdir -p \"/tmp/blindO/ws/bk/locale/«lang»/LC_MESSAGES\" && msgfmt -o \"/tmp/blindO/ws/bk/locale/«lang»/LC_MESSAGES/app.mo\" /tmp/blindO/ws/bk/app.po && echo compiled"],
  "lang with ../ creates and writes the catalog anywhere", idiom="mkdir -p + msgfmt -o", progs=["msgfmt", "mkdir"], setup=BS,
  proofs=[({"lang": "../../../../../../tmp/blindO/pwn_mo"}, [("exists", "/tmp/blindO/pwn_mo/LC_MESSAGES/app.mo")])])
T(M, "compile_catalog_checked", "safe", "Compile the app .po catalog into locale/<lang>/LC_MESSAGES/app.mo.",
  {"lang": "language code like de or pt_BR"},
  ["[[ «lang» =~ ^[a-z]{2,3}(_[A-Z]{2})?$ ]] || { echo 'bad language code' >&2; exit 2; }; mkdir -p \"/tmp/blindO/ws/bk/locale/«lang»/LC_MESSAGES\" && msgfmt -o \"/tmp/blindO/ws/bk/locale/«lang»/LC_MESSAGES/app.mo\" /tmp/blindO/ws/bk/app.po && echo compiled"],
  "locale regex", idiom="regex", progs=["msgfmt", "mkdir"], setup=BS, benign={"lang": "pt_BR"}, expect=[("out_has", "compiled")])
T(M, "mirror_dir", "safe", "Mirror the source directory to a backup host path with rsync.",
  {"dest": "destination such as backup:/srv/b"},
  ["rsync -a --protect-args -- /tmp/blindO/ws/bk/src/ «dest»"],
  "-- ends rsync options; --protect-args stops remote word splitting", idiom="rsync -- -s", progs=["rsync"], setup=BS,
  benign={"dest": "backup:/srv/b"}, expect=[("log_has", "backup:/srv/b")], hostile=["-e touch {C}", "--rsync-path=touch {C}"])
T(M, "mirror_dir_with_opts", "split", "Mirror the source directory with extra rsync filter words (default --exclude=*.tmp).",
  {"filters": "filter option"},
  ["FILTERS=«filters»; rsync -a ${FILTERS:---exclude=*.tmp} -- /tmp/blindO/ws/bk/src/ backup:/srv/b"],
  "unquoted ${FILTERS:-...} is split into several rsync arguments", idiom="unquoted ${VAR:-default}",
  progs=["rsync"], setup=BS, proofs=[({"filters": "--exclude=*.log --remove-source-files"}, [("log_has", "--exclude=*.log"), ("log_has", "--remove-source-files")])])
T(M, "rotate_snapshots", "broken", "Delete all but the newest N snapshot archives.",
  {"keep": "number to keep"},
  ["cd /tmp/blindO/ws/bk/arch && ls -1t snap-*.tar | tail -n +$((«keep» + 1)) | while read -r f; do rm -f -- \"$f\"; done; ls"],
  ev="the loop variable $f is substituted by the UTCP client as client variable backup_f: UtcpVariableNotFound, nothing is rotated",
  idiom="while read $f", progs=["ls", "tail", "rm"], setup=BS,
  proofs=[({"keep": "2"}, [("out_has", "UtcpVariableNotFound"), ("exists", "/tmp/blindO/ws/bk/arch/snap-1.tar")])])
T(M, "rotate_snapshots_xargs", "safe", "Delete all but the newest N snapshot archives.",
  {"keep": "number to keep"},
  ["[[ «keep» =~ ^[0-9]{1,3}$ ]] || { echo 'keep must be a number' >&2; exit 2; }; cd /tmp/blindO/ws/bk/arch && ls -1t snap-*.tar | tail -n +$((10#«keep» + 1)) | xargs -r -d '\\n' rm -f -- ; ls"],
  "digits checked before arithmetic; file names newline-delimited to rm after --", idiom="regex + xargs -d", progs=["ls", "tail", "xargs", "rm"], setup=BS,
  benign={"keep": "2"}, expect=[("out_has", "snap-"), ("out_lacks", "\n\n")], hostile=["a[$(touch {C})]", "0 -o"])
T(M, "snapshot_checksum", "broken", "Write checksums of a snapshot next to it, stamped with a random id.",
  {"snapshot": "snapshot file name"},
  ["cd /tmp/blindO/ws/bk/arch && sha256sum -- «snapshot» > «snapshot».$RANDOM.sha256 && ls"],
  ev="$RANDOM is taken by the UTCP client as client variable backup_RANDOM: UtcpVariableNotFound for every input",
  idiom="$RANDOM", progs=["sha256sum"], setup=BS, proofs=[({"snapshot": "snap-1.tar"}, [("out_has", "UtcpVariableNotFound")])])
T(M, "xz_archive", "option", "Compress an archive with xz keeping the original.",
  {"file": "archive file name"},
  ["cd /tmp/blindO/ws/bk/arch && xz -k -T1 «file» && ls"],
  "a file value --files=<list> makes xz read the names to compress from another file: compresses (writes .xz next to) unintended files",
  idiom="xz positional", progs=["xz"], setup=BS + "; echo secret > /tmp/blindO/ws/outside.dat; printf '/tmp/blindO/ws/outside.dat\\n' > /tmp/blindO/ws/names.lst",
  proofs=[({"file": "--files=/tmp/blindO/ws/names.lst"}, [("exists", "/tmp/blindO/ws/outside.dat.xz")])])
T(M, "xz_archive_dd", "safe", "Compress an archive with xz keeping the original.",
  {"file": "archive file name"},
  ["cd /tmp/blindO/ws/bk/arch && case «file» in */*) echo 'plain names' >&2; exit 2;; esac && xz -k -T1 -- «file» && ls"],
  "-- before the name, no directories", idiom="xz --", progs=["xz"], setup=BS,
  benign={"file": "snap-1.tar"}, expect=[("out_has", "snap-1.tar.xz")], hostile=["--files=/tmp/blindO/ws/names.lst", "--suffix=/../../../../../tmp/blindO/pwn_x"])

# ---------------------------------------------------------------- sysops: service and host administration
M = "sysops"
SS = ("rm -rf /tmp/blindO/ws/sys; mkdir -p /tmp/blindO/ws/sys/dist /tmp/blindO/ws/sys/hosts.d /tmp/blindO/ws/sys/bin; cd /tmp/blindO/ws/sys; echo x > dist/app; "
      "printf '#!/bin/sh\\necho deploying \"$APP_NAME\" to \"$TARGET\"\\n' > deploy.tpl; printf '#!/bin/sh\\necho healthy\\n' > bin/health.sh; chmod +x bin/health.sh")
T(M, "restart_unit", "split", "Restart a systemd service unit.",
  {"unit": "unit name without .service"},
  ["systemctl restart $(printf '%s.service' «unit»)"],
  "unquoted $( ) output is word-split: 'nginx sshd' restarts several units / passes flags", idiom="unquoted $( )",
  progs=["systemctl", "printf"], proofs=[({"unit": "nginx --force"}, [("log_has", "nginx"), ("log_has", "--force.service")])])
T(M, "restart_unit_dd", "safe", "Restart a systemd service unit.",
  {"unit": "unit name without .service"},
  ["systemctl restart -- «unit».service"],
  "quoted value after --", idiom="systemctl --", progs=["systemctl"], benign={"unit": "nginx"}, expect=[("log_has", "nginx.service")])
T(M, "unit_journal", "option", "Show recent journal lines matching a journal field match such as _SYSTEMD_UNIT=nginx.service.",
  {"match": "journal match"},
  ["journalctl --no-pager -n 50 «match»"],
  "a match value such as --vacuum-size=1 or -D/dir is a journalctl option (deletes journal files / reads another journal) (stub argv)",
  idiom="journalctl positional", progs=["journalctl"], proofs=[({"match": "--vacuum-size=1"}, [("log_has", "--vacuum-size=1")])])
T(M, "unit_journal_u", "safe", "Show recent journal lines of a unit.",
  {"unit": "unit name"},
  ["journalctl --no-pager -n 50 --unit=«unit»"],
  "value glued into --unit=", idiom="--opt=value", progs=["journalctl"], benign={"unit": "nginx"}, expect=[("log_has", "--unit=nginx")])
T(M, "log_event", "option", "Write a deployment event message to syslog.",
  {"message": "message"},
  ["logger -t deploy «message»"],
  "message -f<file> makes logger send that file's lines to syslog (reads an unintended file) (stub argv)",
  idiom="logger positional", progs=["logger"], proofs=[({"message": "-f/etc/shadow"}, [("log_has", "-f/etc/shadow")])])
T(M, "log_event_dd", "safe", "Write a deployment event message to syslog.",
  {"message": "message"},
  ["logger -t deploy -- «message»"],
  "-- before the message", idiom="logger --", progs=["logger"], benign={"message": "deployed v2"}, expect=[("log_has", "deployed v2")])
T(M, "locked_sync", "exec", "Copy the build to a destination while holding the deploy lock.",
  {"dest": "destination directory"},
  ["flock -w 5 /tmp/blindO/ws/sys/deploy.lock -c \"cp -r /tmp/blindO/ws/sys/dist/. «dest»\" && echo synced"],
  "flock -c passes the string to sh -c; the value is spliced into that command line", idiom="flock -c",
  progs=["flock", "cp"], setup=SS, proofs=EX({"dest": "/tmp/blindO/ws/sys/out; touch {C}"}))
T(M, "locked_sync_argv", "safe", "Copy the build into out/<name> while holding the deploy lock.",
  {"dest": "destination name under out/"},
  ["case «dest» in ''|*/*|.*|-*) echo 'bad destination name' >&2; exit 2;; esac; mkdir -p \"/tmp/blindO/ws/sys/out/«dest»\" && flock -w 5 /tmp/blindO/ws/sys/deploy.lock cp -r -- /tmp/blindO/ws/sys/dist/. \"/tmp/blindO/ws/sys/out/«dest»\" && echo synced"],
  "flock runs cp directly (no sh -c); the value is a plain name glued under out/", idiom="flock cmd args + case guard", progs=["flock", "cp"], setup=SS,
  benign={"dest": "blue"}, expect=[("out_has", "synced")], hostile=["--target-directory=/tmp/blindO/pwn_t", "-t/tmp/blindO", ".."])
T(M, "render_deploy_script", "exec", "Render deploy.sh from the template for an app and target, then run it.",
  {"app": "app name", "target": "target host"},
  ["cd /tmp/blindO/ws/sys && APP_NAME=«app» TARGET=«target» envsubst < deploy.tpl > deploy.sh && sh deploy.sh"],
  "envsubst pastes the raw value into a shell script that is then executed", idiom="envsubst then sh",
  progs=["envsubst", "sh"], setup=SS, proofs=EX({"app": "web\"; touch {C}; echo \"", "target": "h1"}))
T(M, "render_deploy_env", "broken", "Render deploy.sh from the template restricted to APP_NAME, then show it.",
  {"app": "app name"},
  ["cd /tmp/blindO/ws/sys && APP_NAME=«app» envsubst '${APP_NAME}' < deploy.tpl"],
  ev="the SHELL-FORMAT argument '${APP_NAME}' is substituted by the UTCP client (client variable sysops_APP_NAME): UtcpVariableNotFound for every input",
  idiom="envsubst SHELL-FORMAT", progs=["envsubst"], setup=SS, proofs=[({"app": "web"}, [("out_has", "UtcpVariableNotFound")])])
T(M, "add_hosts_entry", "write", "Add a hosts entry file under hosts.d/<name>.conf.",
  {"name": "entry name", "line": "hosts line"},
  ["printf '%s\\n' «line» | tee \"/tmp/blindO/ws/sys/hosts.d/«name».conf\""],
  "name with ../ makes tee write anywhere", idiom="tee path", progs=["tee", "printf"], setup=SS,
  proofs=[({"name": "../../../../../../tmp/blindO/pwn_tee", "line": "10.0.0.1 db"}, [("exists", "/tmp/blindO/pwn_tee.conf")])])
T(M, "add_hosts_entry_checked", "safe", "Add a hosts entry file under hosts.d/<name>.conf.",
  {"name": "entry name", "line": "hosts line"},
  ["[[ «name» =~ ^[a-z0-9-]+$ ]] || { echo 'bad entry name' >&2; exit 2; }; printf '%s\\n' «line» | tee \"/tmp/blindO/ws/sys/hosts.d/«name».conf\""],
  "name regex; line is data", idiom="regex + tee", progs=["tee", "printf"], setup=SS,
  benign={"name": "db", "line": "10.0.0.1 db"}, expect=[("out_has", "10.0.0.1 db")])
T(M, "low_priority_health", "safe", "Run the health check with a niceness adjustment.",
  {"niceness": "niceness 0-19"},
  ["nice -n «niceness» /tmp/blindO/ws/sys/bin/health.sh"],
  "value is -n's argument; nice rejects non-numbers", idiom="option-argument position", progs=["nice"], setup=SS,
  benign={"niceness": "10"}, expect=[("out_has", "healthy")])
T(M, "health_with_timeout", "safe", "Run the health check with a time limit such as 5s.",
  {"limit": "duration"},
  ["timeout -- «limit» /tmp/blindO/ws/sys/bin/health.sh"],
  "-- before the duration; timeout rejects invalid durations", idiom="timeout --", progs=["timeout"], setup=SS,
  benign={"limit": "5s"}, expect=[("out_has", "healthy")])
T(M, "service_user_home", "safe", "Show the passwd entry of a service user.",
  {"user": "user name"},
  ["getent passwd -- «user» || echo 'no such user'"],
  "-- before the key", idiom="getent --", progs=["getent"], benign={"user": "root"}, expect=[("out_has", "root:")])
T(M, "deploy_note", "broken", "Record a deployment note line into the workspace journal.",
  {"note": "note text"},
  ["# don't print secrets here\necho \"«note»\" >> /tmp/blindO/ws/sys/journal.txt && tail -n 1 /tmp/blindO/ws/sys/journal.txt"],
  ev="the apostrophe in the comment makes the quote tracker believe it is inside '...': it emits '\"$VAR\"' inside the double quotes, so every note is stored wrapped in literal single quotes",
  idiom="apostrophe in comment (tracker misread)", progs=["bash", "tail"], setup=SS,
  proofs=[({"note": "deployed v2"}, [("out_has", "'deployed v2'")])])

# ---------------------------------------------------------------- langs: language runtime one-liners
M = "langs"
LS = ("rm -rf /tmp/blindO/ws/lang; mkdir -p /tmp/blindO/ws/lang; cd /tmp/blindO/ws/lang; echo 'console.log(\"built\")' > build.js; "
      "echo '{\"version\": \"2.4.1\"}' > package.json; printf '[server]\\nhost = foo\\nport = 80\\n' > config.ini")
NODE_IMPORT = "--import=data:text/javascript,import{writeFileSync}from'node:fs';writeFileSync('{C}','')"
T(M, "title_case", "exec", "Title-case a phrase with Tcl.",
  {"text": "phrase"},
  ["echo 'puts [string totitle \"«text»\"]' | tclsh"],
  "the phrase is spliced into Tcl source; [exec ...] inside a Tcl string runs a program", idiom="value in Tcl source",
  progs=["tclsh"], proofs=EX({"text": "x[exec touch {C}]"}))
T(M, "title_case_argv", "safe", "Title-case a phrase with Tcl.",
  {"text": "phrase"},
  ["tclsh <(printf '%s\\n' 'puts [string totitle [lindex [set ::argv] 0]]') «text»"],
  "phrase passed as argv, read with lindex; never evaluated", idiom="Tcl argv", progs=["tclsh"],
  benign={"text": "hello world"}, expect=[("out_has", "Hello world")], hostile=["x[exec touch {C}]", "-encoding", "[exec touch {C}]"])
T(M, "title_case_argv_var", "broken", "Title-case a phrase with Tcl.",
  {"text": "phrase"},
  ["tclsh <(printf '%s\\n' 'puts [string totitle [lindex $argv 0]]') «text»"],
  ev="Tcl's $argv is substituted by the UTCP client as client variable langs_argv: UtcpVariableNotFound for every input",
  idiom="$argv in single quotes", progs=["tclsh"], proofs=[({"text": "hello"}, [("out_has", "UtcpVariableNotFound")])])
T(M, "js_basename", "exec", "Print the base name of a path using Node's path module.",
  {"file": "path"},
  ["node -p \"require('path').basename('«file»')\""],
  "the path is spliced into a JavaScript string literal; a quote ends it and code runs", idiom="value in node -p code",
  progs=["node"], proofs=EX({"file": "x'); require('fs').writeFileSync('{C}', ''); ('"}))
T(M, "js_basename_argv", "exec", "Print the base name of a path using Node's path module.",
  {"file": "path"},
  ["node -p 'require(\"path\").basename(process.argv[1])' «file»"],
  "node keeps parsing its own options after the -p script: a value --import=data:... loads and runs a module", idiom="node argv without --",
  progs=["node"], proofs=EX({"file": NODE_IMPORT}))
T(M, "js_basename_argv_dd", "safe", "Print the base name of a path using Node's path module.",
  {"file": "path"},
  ["node -p 'require(\"path\").basename(process.argv[1])' -- «file»"],
  "-- ends node's options; the value is process.argv[1]", idiom="node -- argv", progs=["node"],
  benign={"file": "/a/b/c.txt"}, expect=[("out_has", "c.txt")], hostile=[NODE_IMPORT, "--require=/tmp/blindO/ws/lang/build.js", "'); require('fs').writeFileSync('{C}',''); ('"])
T(M, "run_build_with_opts", "exec", "Run build.js with extra Node options such as --max-old-space-size=4096.",
  {"opts": "NODE_OPTIONS value"},
  ["cd /tmp/blindO/ws/lang && NODE_OPTIONS=«opts» node build.js"],
  "NODE_OPTIONS accepts --import/--require: a data: URL module runs code", idiom="NODE_OPTIONS passthrough",
  progs=["node"], setup=LS, proofs=EX({"opts": NODE_IMPORT}))
T(M, "run_build_with_heap", "safe", "Run build.js with a heap limit in MB.",
  {"mb": "heap size in MB"},
  ["[[ «mb» =~ ^[0-9]{2,5}$ ]] || { echo 'heap size in MB' >&2; exit 2; }; cd /tmp/blindO/ws/lang && NODE_OPTIONS=--max-old-space-size=«mb» node build.js"],
  "digits-only value glued after the option name", idiom="regex + glued NODE_OPTIONS", progs=["node"], setup=LS,
  benign={"mb": "512"}, expect=[("out_has", "built")], hostile=[NODE_IMPORT, "512 --require=/tmp/x"])
T(M, "pkg_version", "exec", "Print the version field of a package.json.",
  {"file": "path of package.json"},
  ["python3 -c \"import json; print(json.load(open('«file»'))['version'])\""],
  "the path is spliced into Python source", idiom="value in python -c code", progs=["python3"], setup=LS,
  proofs=EX({"file": "x') if __import__('os').system('touch {C}') else open('/tmp/blindO/ws/lang/package.json"}))
T(M, "pkg_version_argv", "safe", "Print the version field of a package.json.",
  {"file": "path of package.json"},
  ["python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[\"version\"])' «file»"],
  "python stops option parsing after -c code; the value is sys.argv[1]", idiom="python -c argv", progs=["python3"], setup=LS,
  benign={"file": W + "/lang/package.json"}, expect=[("out_has", "2.4.1")], hostile=["-c", "-m", "x'); __import__('os').system('touch {C}'); ('"])
T(M, "ini_replace", "exec", "Replace a word in config.ini with ex.",
  {"old": "word to replace", "new": "replacement"},
  ["ex -s -c '%s/«old»/«new»/g' -c 'wq' /tmp/blindO/ws/lang/config.ini </dev/null && cat /tmp/blindO/ws/lang/config.ini"],
  "the values are spliced into an ex command line; '|' starts a new ex command and :! runs a shell", idiom="value in ex -c",
  progs=["ex"], setup=LS, proofs=EX({"old": "foo", "new": "bar/g|!touch {C}|s/x/y"}))
T(M, "ini_set_port", "safe", "Set the port in config.ini (digits only) with ex.",
  {"port": "port number"},
  ["[[ «port» =~ ^[0-9]{1,5}$ ]] || { echo 'bad port' >&2; exit 2; }; ex -s -c '%s/^port = .*/port = «port»/' -c 'wq' /tmp/blindO/ws/lang/config.ini </dev/null && cat /tmp/blindO/ws/lang/config.ini"],
  "port restricted to digits before it reaches the ex command", idiom="regex before ex", progs=["ex"], setup=LS,
  benign={"port": "8080"}, expect=[("out_has", "port = 8080")], hostile=["80/|!touch {C}|s/x/y"])
T(M, "calc", "safe", "Evaluate an arithmetic expression with bc.",
  {"expr": "expression"},
  ["printf '%s\\n' «expr» | bc -l"],
  "bc has no command execution or file writing; the value is only bc input", idiom="stdin to bc", progs=["bc"],
  benign={"expr": "2^10"}, expect=[("out_has", "1024")], hostile=["!touch {C}", "system(\"touch {C}\")"])
T(M, "pretty_json", "safe", "Pretty-print a JSON file with python -m json.tool.",
  {"file": "JSON file"},
  ["python3 -m json.tool --sort-keys -- «file»"],
  "-- ends json.tool's options; its optional outfile operand cannot be reached with one argument", idiom="python -m --",
  progs=["python3"], setup=LS, benign={"file": W + "/lang/package.json"}, expect=[("out_has", "2.4.1")])

# ---------------------------------------------------------------- media: media and document conversion (stubbed, argv logged)
M = "media"
T(M, "md_to_html", "option", "Convert a Markdown file to site/index.html with pandoc.",
  {"input": "Markdown file"},
  ["pandoc «input» --standalone -o /tmp/blindO/ws/site/index.html"],
  "input --lua-filter=<file> / --output=<path> is a pandoc option (stub argv)", idiom="pandoc positional",
  progs=["pandoc"], proofs=[({"input": "--lua-filter=/tmp/evil.lua"}, [("log_has", "--lua-filter=/tmp/evil.lua")])])
T(M, "md_to_html_dd", "safe", "Convert a Markdown file to site/index.html with pandoc.",
  {"input": "Markdown file"},
  ["pandoc --standalone -o /tmp/blindO/ws/site/index.html -- «input»"],
  "-- ends pandoc's options", idiom="pandoc --", progs=["pandoc"], benign={"input": "README.md"}, expect=[("log_has", "README.md")])
T(M, "md_with_title", "safe", "Convert README.md to HTML with a document title.",
  {"title": "document title"},
  ["pandoc --standalone --metadata=title:«title» -o /tmp/blindO/ws/site/readme.html -- README.md"],
  "value glued into --metadata=", idiom="--opt=value", progs=["pandoc"], benign={"title": "Guide"}, expect=[("log_has", "--metadata=title:Guide")])
T(M, "clip_video", "split", "Cut a 10 s clip from in.mp4 starting at a timestamp.",
  {"start": "start time hh:mm:ss"},
  ["ffmpeg -y -i /tmp/blindO/ws/in.mp4 $(printf -- '-ss %s' «start») -t 10 /tmp/blindO/ws/clip.mp4"],
  "unquoted $( ) splits the timestamp further: blanks add ffmpeg arguments (e.g. another output file)", idiom="unquoted $(printf -- '-opt %s')",
  progs=["ffmpeg", "printf"], proofs=[({"start": "00:00:05 /tmp/evil.mp4"}, [("log_has", "00:00:05"), ("log_has", "/tmp/evil.mp4")])])
T(M, "clip_video_ss", "safe", "Cut a 10 s clip from in.mp4 starting at a timestamp.",
  {"start": "start time hh:mm:ss"},
  ["ffmpeg -y -ss «start» -i /tmp/blindO/ws/in.mp4 -t 10 /tmp/blindO/ws/clip.mp4"],
  "value is -ss's argument, one word", idiom="option-argument position", progs=["ffmpeg"], optarg_ok=True,
  benign={"start": "00:00:05"}, expect=[("log_has", "00:00:05")])
T(M, "image_metadata", "option", "Print image metadata as JSON with exiftool.",
  {"file": "image file"},
  ["exiftool -json «file»"],
  "file -o<path> / -@ <argfile> are exiftool options (write a copy / read more options) (stub argv)", idiom="exiftool positional",
  progs=["exiftool"], proofs=[({"file": "-o/tmp/blindO/pwn_exif"}, [("log_has", "-o/tmp/blindO/pwn_exif")])])
T(M, "image_metadata_dd", "safe", "Print image metadata as JSON with exiftool.",
  {"file": "image file"},
  ["exiftool -json -- «file»"],
  "-- ends exiftool options", idiom="exiftool --", progs=["exiftool"], benign={"file": "a.jpg"}, expect=[("log_has", "a.jpg")])
T(M, "pdf_first_page", "option", "Render the first page of a PDF to page.png with Ghostscript.",
  {"pdf": "PDF file"},
  ["gs -q -dSAFER -dBATCH -dNOPAUSE -dFirstPage=1 -dLastPage=1 -sDEVICE=png16m -r72 -sOutputFile=/tmp/blindO/ws/page.png «pdf»"],
  "pdf -sOutputFile=<path> (or -dNOSAFER) is a gs switch that overrides the earlier one (stub argv)", idiom="gs positional",
  progs=["gs"], proofs=[({"pdf": "-sOutputFile=/tmp/blindO/pwn_gs.png"}, [("log_has", "-sOutputFile=/tmp/blindO/pwn_gs.png")])])
T(M, "pdf_first_page_f", "safe", "Render the first page of a PDF to page.png with Ghostscript.",
  {"pdf": "PDF file"},
  ["case «pdf» in -*) echo 'bad file name' >&2; exit 2;; esac; gs -q -dSAFER -dBATCH -dNOPAUSE -dFirstPage=1 -dLastPage=1 -sDEVICE=png16m -r72 -sOutputFile=/tmp/blindO/ws/page.png -f «pdf»"],
  "leading dash rejected; -f marks the file", idiom="case guard + gs -f", progs=["gs"], benign={"pdf": "doc.pdf"}, expect=[("log_has", "doc.pdf")])
T(M, "docs_build", "broken", "Build the HTML docs and print where they are.",
  {"builder": "sphinx builder such as html"},
  ["make -s -C /tmp/blindO/ws/proj «builder» >/dev/null 2>&1; echo \"docs built in $PWD/_build/«builder»\""],
  ev="$PWD is substituted by the UTCP client as client variable media_PWD: UtcpVariableNotFound for every input",
  idiom="$PWD", progs=["make"], proofs=[({"builder": "html"}, [("out_has", "UtcpVariableNotFound")])])

# ---------------------------------------------------------------- additions (various themes)
M = "relops"
T(M, "git_status_with_config", "exec", "Show short git status with a one-off config setting such as color.status=always.",
  {"config": "name=value config setting"},
  ["git -C /tmp/blindO/ws/repo -c «config» status --short && echo clean-check-done"],
  "git -c core.fsmonitor=<cmd> makes git status run cmd", idiom="git -c passthrough",
  progs=["git"], setup=RS, proofs=EX({"config": "core.fsmonitor=touch {C}"}))
T(M, "make_targets", "exec", "Run several Makefile targets given comma separated (e.g. build,test).",
  {"targets": "comma separated targets"},
  ["make -s -C /tmp/blindO/ws/proj $(printf '%s' «targets» | tr ',' ' ')"],
  "unquoted $( ) splits on blanks too: a word VERSION=$(shell ...) becomes a make variable assignment that the release recipe expands, - or SHELL=/prog .SHELLFLAGS=args, so make runs any program for the recipe (payload runs touch on the canary)",
  idiom="unquoted $( ) into make", progs=["make", "tr"], setup=RS, proofs=EX({"targets": "release SHELL=/usr/bin/touch .SHELLFLAGS={C}"}))
T(M, "make_targets_checked", "safe", "Run several Makefile targets given comma separated (e.g. build,test).",
  {"targets": "comma separated targets"},
  ["IFS=, read -r -a tg <<< «targets»; for t in \"${tg[@]}\"; do case \"${t:-}\" in build|test) ;; *) echo \"unknown target\" >&2; exit 2;; esac; done; make -s -C /tmp/blindO/ws/proj -- \"${tg[@]}\""],
  "split on commas only with read -a, each target allow-listed", idiom="read -a + case allow-list", progs=["make"], setup=RS,
  benign={"targets": "build,test"}, expect=[("out_has", "tested")], hostile=["release VERSION=$(shell touch {C})", "build,VERSION=$(shell touch {C})", "build SHELL=/usr/bin/touch .SHELLFLAGS={C}", "build,SHELL=/usr/bin/touch"])
T(M, "source_archive", "write", "Export HEAD as dist/<name>.tar.gz with git archive.",
  {"name": "archive base name"},
  ["git -C /tmp/blindO/ws/repo archive --format=tar.gz -o \"/tmp/blindO/ws/dist/«name».tar.gz\" HEAD && ls /tmp/blindO/ws/dist"],
  "name with ../ writes the archive anywhere", idiom="git archive -o path", progs=["git"], setup=RS,
  proofs=[({"name": "../../../../../../tmp/blindO/pwn_garch"}, [("exists", "/tmp/blindO/pwn_garch.tar.gz")])])
T(M, "issue_with_labels", "split", "Open an issue with comma separated labels.",
  {"title": "issue title", "labels": "comma separated labels"},
  ["gh issue create --title «title» --body 'filed by agent' --label $(printf '%s' «labels» | tr ',' ' ')"],
  "unquoted $( ): a label with a blank ('good first issue') or extra words become separate gh arguments", idiom="unquoted $( ) list",
  progs=["gh", "tr"], proofs=[({"title": "t", "labels": "bug,good first issue"}, [("log_has", "good"), ("log_has", "issue"), ("log_has", "first")])])
T(M, "issue_with_labels_joined", "safe", "Open an issue with comma separated labels.",
  {"title": "issue title", "labels": "comma separated labels"},
  ["gh issue create --title «title» --body 'filed by agent' --label «labels»"],
  "gh --label accepts a comma separated list in one argument; both values are option arguments", idiom="option-argument position",
  progs=["gh"], optarg_ok=True, benign={"title": "t", "labels": "bug,good first issue"}, expect=[("log_has", "bug,good first issue")])

M = "backup"
T(M, "compress_zstd", "write", "Compress a source file into arch/<name>.zst.",
  {"name": "archive name"},
  ["zstd -q -f /tmp/blindO/ws/bk/src/a.txt -o \"/tmp/blindO/ws/bk/arch/«name».zst\" && ls /tmp/blindO/ws/bk/arch"],
  "name with ../ writes the archive anywhere", idiom="zstd -o path", progs=["zstd"], setup=BS,
  proofs=[({"name": "../../../../../../tmp/blindO/pwn_zst"}, [("exists", "/tmp/blindO/pwn_zst.zst")])])
T(M, "reset_log", "write", "Truncate a service log logs/<name>.log to zero bytes.",
  {"name": "log name"},
  ["mkdir -p /tmp/blindO/ws/bk/logs && truncate -s 0 \"/tmp/blindO/ws/bk/logs/«name».log\" && echo truncated"],
  "name with ../ truncates (or creates) any file ending in .log", idiom="truncate path", progs=["truncate"], setup=BS,
  proofs=[({"name": "../../../../../../tmp/blindO/pwn_trunc"}, [("exists", "/tmp/blindO/pwn_trunc.log")])])
T(M, "point_current", "write", "Point links/<name> at the current source tree.",
  {"name": "link name"},
  ["mkdir -p /tmp/blindO/ws/bk/links && ln -sfn /tmp/blindO/ws/bk/src \"/tmp/blindO/ws/bk/links/«name»\" && ls -l /tmp/blindO/ws/bk/links"],
  "name with ../ creates (or replaces) a symlink anywhere", idiom="ln -sfn path", progs=["ln"], setup=BS, keep_abs=True,
  proofs=[({"name": "../../../../../../tmp/blindO/pwn_link"}, [("exists", "/tmp/blindO/pwn_link")])])
T(M, "copy_to_backup", "option", "Copy a source path into the backup directory.",
  {"src": "source path"},
  ["mkdir -p /tmp/blindO/ws/bk/backup && touch /tmp/blindO/ws/bk/backup/marker && cp -r «src» /tmp/blindO/ws/bk/backup/ && echo copied"],
  "src -t<dir> is cp's --target-directory: the backup directory itself is copied to another place", idiom="cp positional",
  progs=["cp"], setup=BS + "; rm -rf /tmp/blindO/backup",
  proofs=[({"src": "-t/tmp/blindO"}, [("exists", "/tmp/blindO/backup/marker")])])
T(M, "copy_to_backup_dd", "safe", "Copy a source path of src/ into the backup directory.",
  {"src": "path under src/"},
  ["mkdir -p /tmp/blindO/ws/bk/backup && cd /tmp/blindO/ws/bk/src && case «src» in /*|*..*) echo 'stay inside src/' >&2; exit 2;; esac && cp -r -- «src» /tmp/blindO/ws/bk/backup/ && echo copied"],
  "-- before the operand, absolute and .. paths rejected", idiom="case guard + cp --", progs=["cp"], setup=BS + "; rm -rf /tmp/blindO/backup",
  benign={"src": "a.txt"}, expect=[("out_has", "copied")], hostile=["-t/tmp/blindO", "--target-directory=/tmp/blindO"], never=["/tmp/blindO/backup"])
T(M, "count_selected", "split", "Remember a selected file, then count its lines.",
  {"file": "file path"},
  [("printf '%s\\n' «file» > /tmp/blindO/ws/bk/.selected", False), "wc -l $(cat /tmp/blindO/ws/bk/.selected)"],
  "step 2 expands $(cat ...) unquoted: a path with blanks becomes several wc operands", idiom="multi-step via file, unquoted $( )",
  progs=["wc", "cat"], setup=BS + "; printf 'x\\n' > '/tmp/blindO/ws/bk/src/my file.txt'",
  proofs=[({"file": "/tmp/blindO/ws/bk/src/my file.txt"}, [("out_has", "/tmp/blindO/ws/bk/src/my: No such file")])])

M = "sysops"
T(M, "set_git_identity", "broken", "Set the global git identity for the deploy user (runs with a strict, empty environment).",
  {"name": "user name"},
  ["git config --global user.name «name» && git config --global --get user.name"], inherit=[],
  ev="inherit_env_vars [] gives the script no HOME: git config --global fails ('$HOME not set') for every input",
  idiom="strict env, no HOME", progs=["git"], proofs=[({"name": "Deploy Bot"}, [("out_has", "HOME not set")])])
T(M, "target_banner", "broken", "Print a banner naming the deploy target.",
  {"target": "target host"},
  ["printf $'Deploy\\'s target: %s\\n' «target»"],
  ev="bash's $'...' allows \\' but the quote tracker ends the string there; it then believes the placeholder is inside '...' and emits '\"$VAR\"' while bash is outside quotes, so printf prints the literal \"$__UTCP_ARG...\" reference",
  idiom="ANSI-C $'..' (tracker misread)", progs=["printf"], proofs=[({"target": "web01"}, [("out_lacks", "web01"), ("out_has", "UTCP_ARG")])])
T(M, "ssh_with_option", "exec", "Run uptime on the local host over SSH with one extra ssh option such as ConnectTimeout=5.",
  {"option": "ssh -o option"},
  ["timeout 10 ssh -o BatchMode=yes -o «option» 127.0.0.1 uptime 2>&1; echo done"],
  "ssh -o ProxyCommand=<cmd> runs cmd locally", idiom="ssh -o passthrough", progs=["ssh", "timeout"],
  proofs=EX({"option": "ProxyCommand=touch {C}"}))
T(M, "ssh_connect_timeout", "safe", "Run uptime on the local host over SSH with a connect timeout in seconds.",
  {"seconds": "timeout seconds"},
  ["[[ «seconds» =~ ^[0-9]{1,3}$ ]] || { echo 'seconds must be a number' >&2; exit 2; }; timeout 10 ssh -o BatchMode=yes -o ConnectTimeout=«seconds» 127.0.0.1 uptime 2>&1; echo done"],
  "digits-only value glued after ConnectTimeout=", idiom="regex + glued -o", progs=["ssh", "timeout"],
  benign={"seconds": "3"}, expect=[("out_has", "done")], hostile=["3 -oProxyCommand=touch {C}", "ProxyCommand=touch {C}"])

# ---------------------------------------------------------------- working_dir: most authors publish tools that run inside
# their project directory; tools below get working_dir = the directory their commands work in, and the
# commands use relative paths (same files, same semantics).
import re as _re
def _with_working_dir(t):
    if t.get("wd") or t.get("inherit") is not None or not t.get("setup") or t.get("keep_abs"):
        return
    cmds = [c if isinstance(c, str) else c[0] for c in t["cmds"]]
    m = _re.match(r"cd (/tmp/blindO/ws/[\w/.-]+) (?:&&|\|\| exit 1;) ", cmds[0])
    if m and len(cmds) == 1:
        t["wd"] = m.group(1); new = [cmds[0][m.end():]]
    else:
        if len(cmds) > 1 or "cd " in cmds[0]:
            return
        dirs = _re.findall(r"/tmp/blindO/ws/[\w.-]+", cmds[0])
        if not dirs:
            return
        d = max(set(dirs), key=dirs.count)
        if d not in t["setup"]:
            return
        t["wd"] = d
        new = [_re.sub(_re.escape(d) + r"/", "", cmds[0])]
        new = [_re.sub(_re.escape(d) + r"(?=[\s\"';]|$)", ".", new[0])]
    new = [_re.sub(r" -C \. ", " ", n) for n in new]
    new = [_re.sub(r"\bls \.(?=$|[\s;&])", "ls", n) for n in new]
    t["cmds"] = [n if isinstance(o, str) else (n, o[1]) for n, o in zip(new, t["cmds"])]
for _t in TOOLS:
    _with_working_dir(_t)
