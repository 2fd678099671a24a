from spec import T, WS
N = WS + "/notes"; B = WS + "/build"; D = WS + "/data"
UP = "../../../../.."
# ---------------- shellkit: shell builtins and language one-liners ----------------
M = "shellkit"
T(M, "calc", "exec", ["echo $(( §expr§ ))"], {"expr": "integer expression"}, "Evaluate integer arithmetic.", wd=N,
  progs=["bash-arith"], idiom="$(( )) evaluates value", benign={"expr": "6*7"}, payload={"expr": "a[$(touch {C})]"}, check=["exists:{C}"])
T(M, "calc_checked", "safe",
  [r"[[ §expr§ =~ ^[-0-9+*/%\ ]+$ ]] || { echo 'digits and + - * / % only'; exit 2; }; echo $(( §expr§ ))"],
  {"expr": "integer expression"}, "Evaluate integer arithmetic (checked).", wd=N, progs=["bash-arith"], idiom="regex guard before $(( ))",
  benign={"expr": "6 * 7"}, expect=["out:42"], hostile_extra=["a[$(touch {C})]", "x[`touch {C}`]"])
T(M, "retry_count", "exec", ["[[ §n§ -gt 0 ]] || { echo 'n must be positive'; exit 2; }; seq 1 §n§ | tail -n1"],
  {"n": "attempts"}, "Validate an attempt count.", wd=N, progs=["bash-[[", "seq"], idiom="[[ -gt ]] arithmetic guard",
  benign={"n": "3"}, payload={"n": "a[$(touch {C})]"}, check=["exists:{C}"])
T(M, "retry_count_test", "safe",
  ["test §n§ -gt 0 2>/dev/null || { echo 'n must be a positive integer'; exit 2; }; seq 1 §n§ | tail -n1"],
  {"n": "attempts"}, "Validate an attempt count.", wd=N, progs=["test", "seq"], idiom="test -gt (no arithmetic eval)",
  benign={"n": "3"}, expect=["out:3"], hostile_extra=["a[$(touch {C})]", "-f {S}"])
T(M, "double_it", "exec", ["declare -i n=§n§; echo $(( n * 2 ))"], {"n": "number"}, "Double a number.", wd=N,
  progs=["declare"], idiom="declare -i evaluates value", benign={"n": "21"}, payload={"n": "a[$(touch {C})]"}, check=["exists:{C}"])
T(M, "next_build_number", "exec", ['let "next = §n§ + 1" && echo "next build: $((next))"'], {"n": "current build number"},
  "Next build number.", wd=N, progs=["let"], idiom="let string", benign={"n": "41"}, payload={"n": "a[$(touch {C})]"}, check=["exists:{C}"])
T(M, "first_lines", "exec", ["mapfile -t lines < todo.txt; printf '%s\\n' " + '"${lines[@]:0:§n§}"'], {"n": "count"},
  "First n lines of the todo list.", wd=N, progs=["mapfile"], idiom="array slice offset is arithmetic",
  benign={"n": "2"}, payload={"n": "a[$(touch {C})]"}, check=["exists:{C}"])
T(M, "first_lines_checked", "safe",
  [r"[[ §n§ =~ ^[0-9]+$ ]] || exit 2; mapfile -t lines < todo.txt; printf '%s\n' " + '"${lines[@]:0:§n§}"'], {"n": "count"},
  "First n lines of the todo list (checked).", wd=N, progs=["mapfile"], idiom="regex guard before slice",
  benign={"n": "2"}, expect=["out:line two"], hostile_extra=["a[$(touch {C})]"])
T(M, "sorted_unique", "broken", ["tmp=$(mktemp); trap 'rm -f \"$tmp\"' EXIT; sort -- §file§ > \"$tmp\" && uniq -c \"$tmp\""],
  {"file": "file"}, "Count unique lines.", wd=N, progs=["mktemp", "trap", "uniq"], idiom="$tmp eaten by client",
  benign={"file": "todo.txt"}, check=["fail:"])
T(M, "set_deploy_env", "exec", ["printf 'export DEPLOY_ENV=%s\\n' §envname§ > ../tmp/profile.sh && . ../tmp/profile.sh && echo loaded"],
  {"envname": "environment"}, "Write and load the deploy profile.", wd=N, progs=["printf", "source"], idiom="file written then sourced",
  benign={"envname": "staging"}, payload={"envname": "x; touch {C}"}, check=["exists:{C}"])
T(M, "set_deploy_env_q", "safe", ["printf 'export DEPLOY_ENV=%q\\n' §envname§ > ../tmp/profile.sh && . ../tmp/profile.sh && echo loaded"],
  {"envname": "environment"}, "Write and load the deploy profile.", wd=N, progs=["printf", "source"], idiom="printf %q before source",
  benign={"envname": "staging"}, expect=["out:loaded"])
T(M, "complete_word", "exec", ["compgen -W §words§ -- §prefix§"], {"words": "space separated candidates", "prefix": "prefix"},
  "Complete a prefix against candidates.", wd=N, progs=["compgen"], idiom="compgen -W expands its word list",
  benign={"words": "start stop status", "prefix": "st"}, payload={"words": "$(touch {C})", "prefix": "st"}, check=["exists:{C}"])
T(M, "complete_command", "safe", ["compgen -c -- §prefix§ | sort -u | head -n 20"], {"prefix": "prefix"},
  "Commands starting with a prefix.", wd=N, progs=["compgen"], idiom="compgen -c word not expanded",
  benign={"prefix": "tai"}, expect=["out:tail"])
T(M, "build_with_env", "exec", ["env §assignment§ make -s -C ../build all"], {"assignment": "one NAME=value"},
  "Run the build with one extra environment variable.", wd=N, progs=["env", "make"], idiom="env -S via operand",
  benign={"assignment": "CFLAGS=-O2"}, payload={"assignment": "-Ssh -c 'touch {C}'"}, check=["exists:{C}"])
T(M, "locked_make", "exec", ['flock -w 5 ../tmp/job.lock -c "make -s -C ../build §target§"'], {"target": "target"},
  "Run a make target under a lock.", wd=N, progs=["flock", "make"], idiom="flock -c string",
  benign={"target": "all"}, payload={"target": "all; touch {C}"}, check=["exists:{C}"])
T(M, "locked_make_checked", "safe",
  [r"[[ §target§ =~ ^[a-z]+$ ]] || exit 2; flock -w 5 ../tmp/job.lock make -s -C ../build §target§"], {"target": "target"},
  "Run a make target under a lock (checked).", wd=N, progs=["flock", "make"], idiom="regex + argv form",
  benign={"target": "all"}, expect=["out:built"])
# ---------------- scriptkit: language one-liners, heredocs, quoting inside $( ) ----------------
M = "scriptkit"
T(M, "node_field", "exec", ['node -e "const p=require(\'../data/info.json\'); console.log(p.§field§)"'], {"field": "field"},
  "Print a field of info.json.", wd=N, progs=["node"], idiom="value inside node -e code",
  benign={"field": "name"}, payload={"field": "name);require('child_process').execSync('touch {C}');(1"}, check=["exists:{C}"])
T(M, "node_field_argv", "safe",
  ["node -e 'const p=require(\"../data/info.json\"); console.log(p[process.argv[1]])' -- §field§"], {"field": "field"},
  "Print a field of info.json.", wd=N, progs=["node"], idiom="value via process.argv",
  benign={"field": "name"}, expect=["out:demo"], hostile_extra=["--require={S}", "constructor"])
T(M, "py_greeting", "exec", ['python3 - <<EOF\nname = "§name§"\nprint("Hello, " + name)\nEOF\n'], {"name": "name"},
  "Greeting rendered by python.", wd=N, progs=["python3", "heredoc"], idiom="placeholder in unquoted heredoc",
  benign={"name": "ann"}, payload={"name": "x\"; __import__(\"os\").system(\"touch {C}\"); y=\""}, check=["exists:{C}"])
T(M, "py_greeting_argv", "safe", ["python3 - §name§ <<'EOF'\nimport sys\nprint(\"Hello, \" + sys.argv[1])\nEOF\n"], {"name": "name"},
  "Greeting rendered by python.", wd=N, progs=["python3", "heredoc"], idiom="quoted heredoc + argv",
  benign={"name": "ann"}, expect=["out:Hello, ann"])
T(M, "release_blurb", "broken", ["cat <<EOF\nIt's release §version§, tag it.\nEOF\n"], {"version": "version"},
  "Release announcement text.", wd=N, progs=["cat", "heredoc"], idiom="apostrophe in heredoc misleads tracker",
  benign={"version": "1.2.3"}, check=["out:'\"1.2.3\"'"])
T(M, "match_count", "broken", ['echo "Matches: $(grep -c \'§word§\' todo.txt)"'], {"word": "word"},
  "Count lines containing a word.", wd=N, progs=["grep"], idiom="single quotes inside \"$( )\" keep placeholder literal",
  benign={"word": "line"}, check=["out:Matches: 0"])
T(M, "line_count", "split", ['echo "Lines: $(wc -l §file§)"'], {"file": "file"}, "Count lines of a file.", wd=N,
  progs=["wc"], idiom="bare placeholder inside \"$( )\" (tracker)", benign={"file": "todo.txt"},
  payload={"file": "todo.txt {S}"}, check=["out:blindK_secret.txt"])
T(M, "split_fields", "safe", ["IFS=, read -ra parts <<< §csv§; printf '[%s]\\n' " + '"${parts[@]}"'], {"csv": "comma list"},
  "Split a comma list into items.", wd=N, progs=["read"], idiom="read -a from herestring",
  benign={"csv": "a,b"}, expect=["out:[a]"])
T(M, "bc_calc", "safe", ["bc -l <<< §expr§"], {"expr": "bc expression"}, "Evaluate with bc.", wd=N, progs=["bc"],
  idiom="herestring into bc", benign={"expr": "6*7"}, expect=["out:42"], hostile_extra=["system(\"touch {C}\")", "!touch {C}"])
T(M, "string_length", "safe", ["expr length + §s§"], {"s": "string"}, "Length of a string.", wd=N, progs=["expr"],
  idiom="expr + quoting", benign={"s": "hello"}, expect=["out:5"])
T(M, "top_lines", "split", ["sort todo.txt | uniq -c | sort -rn | head -n $(echo §n§)"], {"n": "count"},
  "Most frequent lines.", wd=N, progs=["sort", "uniq", "head"], idiom="unquoted $(echo) as option value",
  benign={"n": "2"}, payload={"n": "1 {S}"}, check=["out:BKSECRET42"])
T(M, "db_tables", "split", ['echo "Tables: $(sqlite3 ../data/app.db ".tables §pattern§")"'], {"pattern": "table pattern"},
  "List tables matching a pattern.", wd=N, progs=["sqlite3"], idiom="quoted arg inside \"$( )\" (tracker)",
  benign={"pattern": "users"}, payload={"pattern": "users .schema"}, check=['out:CREATE TABLE'])
T(M, "repo_log_in_steps", "broken", [("cd ../repo", False), "git log --oneline -n §n§"], {"n": "count"},
  "Recent commits of the repo.", wd=N, progs=["git", "cd"], idiom="cd in an earlier step does not persist",
  benign={"n": "2"}, check=["out:not a git repository"])
T(M, "write_motd", "broken", ["cat > ../tmp/motd.txt <<EOF\nWelcome to §host§\nEOF", "cat ../tmp/motd.txt"], {"host": "host"},
  "Write the message of the day.", wd=N, progs=["cat", "heredoc"], idiom="bare placeholder in heredoc keeps literal quotes",
  benign={"host": "web-1"}, check=['out:Welcome to "web-1"'])
T(M, "checksum_one", "split", ["echo §file§ | xargs sha1sum"], {"file": "file in data/"}, "SHA-1 of a data file.", wd=D,
  progs=["xargs", "sha1sum"], idiom="echo | xargs splits", benign={"file": "table.csv"}, payload={"file": "table.csv {S}"},
  check=["out:blindK_secret.txt"])

# ---------------- buildkit ----------------
M = "buildkit"
T(M, "disasm", "option", ["objdump -d §binary§ | head -n 40"], {"binary": "binary"}, "Disassemble a binary.", wd=B,
  progs=["objdump"], idiom="binutils @file", benign={"binary": "app.bin"}, payload={"binary": "@{S}"}, check=["out:BKSECRET42"])
T(M, "elf_header", "safe", ["readelf -h ./§binary§"], {"binary": "binary in build/"}, "ELF header of a binary.", wd=B,
  progs=["readelf"], idiom="./ prefix", benign={"binary": "app.bin"}, expect=["out:ELF Header"], hostile_extra=["@{S}"])
T(M, "strip_copy", "write", ["strip -o ../out/§name§ app.bin && ls ../out"], {"name": "output name"}, "Stripped copy of app.bin.",
  wd=B, progs=["strip"], idiom="-o path from arg", benign={"name": "app"}, payload={"name": UP + "{W}"}, check=["exists:{W}"])
T(M, "ninja_build", "option", ["ninja -C ninja §target§"], {"target": "target"}, "Build a ninja target.", wd=B,
  progs=["ninja"], idiom="target becomes -t tool", benign={"target": "out.txt"}, payload={"target": "-tclean"},
  check=["absent:{WS}/build/ninja/out.txt"])
T(M, "ninja_build_checked", "safe", ["ninja -C ninja -- §target§"], {"target": "target"}, "Build a ninja target.", wd=B,
  progs=["ninja"], idiom="--", benign={"target": "out.txt"}, expect=["out:ninja"], safe_check=["exists:{WS}/build/ninja/out.txt"],
  hostile_extra=["-tclean", "-t clean"])
T(M, "pip_add", "option", ["pip install --user §pkg§"], {"pkg": "package"}, "Install a Python package.", wd=B, progs=["pip"],
  idiom="pkg operand becomes option", benign={"pkg": "requests"}, payload={"pkg": "--index-url=http://127.0.0.1:9/simple"},
  check=["argv:pip:--index-url=http://127.0.0.1:9/simple"])
T(M, "pip_add_checked", "safe", [r"[[ §pkg§ =~ ^[A-Za-z0-9._-]+(==[0-9.]+)?$ ]] || exit 2; pip install --user -- §pkg§"],
  {"pkg": "package"}, "Install a Python package (checked).", wd=B, progs=["pip"], idiom="regex + --",
  benign={"pkg": "requests"}, expect=["out:STUB:pip"])
T(M, "mvn_set_version", "safe", ["mvn -q versions:set -DnewVersion=§v§ -DgenerateBackupPoms=false"], {"v": "version"},
  "Set the Maven project version.", wd=B, progs=["mvn"], idiom="-Dprop=value", benign={"v": "1.2.3"},
  expect=["out:STUB:mvn"], val_prefixes=["-DnewVersion="])
T(M, "diff_files", "safe", ["diff -u -- §a§ §b§"], {"a": "file", "b": "file"}, "Unified diff of two files.", wd=D,
  progs=["diff"], idiom="--", benign={"a": "table.csv", "b": "info.json"}, expect=["out:+++"], noread=False,
  hostile_extra=["--to-file={S}", "--from-file={S}"])
T(M, "same_file", "safe", ["cmp -s -- §a§ §b§ && echo same || echo differ"], {"a": "file", "b": "file"}, "Compare two files.",
  wd=D, progs=["cmp"], idiom="--", benign={"a": "table.csv", "b": "table.csv"}, expect=["out:same"], noread=False)
T(M, "sync_version_from_tag", "broken",
  [("git -C ../repo describe --tags --abbrev=0", False), 'sed -i "s/^VERSION=.*/VERSION=$CMD_0_OUTPUT/" version.env && cat version.env'],
  {}, "Copy the latest tag into version.env.", wd=B, progs=["git", "sed"], idiom="$CMD_0_OUTPUT eaten by client", benign={}, check=["fail:"])
T(M, "go_test", "option", ["go test -count=1 §pkg§"], {"pkg": "package path"}, "Run Go tests of a package.", wd=B,
  progs=["go"], idiom="pkg operand becomes -exec", benign={"pkg": "./internal/api"}, payload={"pkg": "-exec=/tmp/blindK_w_x"},
  check=["argv:go:-exec=/tmp/blindK_w_x"])
T(M, "go_test_checked", "safe", ["go test -count=1 ./§pkg§/..."], {"pkg": "package dir"}, "Run Go tests below a dir.", wd=B,
  progs=["go"], idiom="./ prefix", benign={"pkg": "internal"}, expect=["out:STUB:go"])
T(M, "compile_hello", "write", ["gcc -O2 -o ../out/§name§ hello.c && echo built ../out/§name§"], {"name": "binary name"},
  "Compile hello.c into out/.", wd=B, progs=["gcc"], idiom="-o path from arg", benign={"name": "hello"},
  payload={"name": UP + "{W}"}, check=["exists:{W}"])

# ---------------- opskit: hosts and services ----------------
M = "opskit"
T(M, "host_uptime", "exec", ["ssh -o BatchMode=yes -o ConnectTimeout=3 §host§ uptime"], {"host": "host"}, "Uptime of a host.",
  wd=WS, progs=["ssh"], idiom="host becomes -oProxyCommand", benign={"host": "127.0.0.1"},
  payload={"host": "-oProxyCommand=touch {C}"}, check=["exists:{C}"])
T(M, "host_uptime_checked", "safe",
  [r"[[ §host§ =~ ^[A-Za-z0-9][A-Za-z0-9.-]*$ ]] || { echo 'invalid host'; exit 2; }; ssh -o BatchMode=yes -o ConnectTimeout=3 §host§ uptime"],
  {"host": "host"}, "Uptime of a host (checked).", wd=WS, progs=["ssh"], idiom="host regex guard",
  benign={"host": "127.0.0.1"}, expect=["out:127.0.0.1"], hostile_extra=["-oProxyCommand=touch {C}"])
T(M, "ssh_hostname_for", "option", ["ssh -G §host§ | grep -i '^hostname'"], {"host": "host alias"},
  "Resolved HostName of an ssh alias.", wd=WS, progs=["ssh", "grep"], idiom="host becomes -F config",
  benign={"host": "web"}, payload={"host": "-F{S}"}, check=["out:bksecret42"])
T(M, "dns_a", "option", ["dig +short §name§ A"], {"name": "name"}, "A records of a name.", wd=WS, progs=["dig"],
  idiom="name becomes -f batch file", benign={"name": "example.invalid"}, payload={"name": "-f{S}"}, check=["argv:dig:-f{S}"])
T(M, "dns_a_checked", "safe", ["dig +short -q §name§ -t A"], {"name": "name"}, "A records of a name.", wd=WS, progs=["dig"],
  idiom="value of -q", benign={"name": "example.invalid"}, expect=["out:STUB:dig"], val_opts=["-q"])
T(M, "service_restart", "option", ["systemctl restart §unit§"], {"unit": "unit"}, "Restart a unit.", wd=WS,
  progs=["systemctl"], idiom="unit becomes --host", benign={"unit": "nginx.service"}, payload={"unit": "--host=root@127.0.0.1"},
  check=["argv:systemctl:--host=root@127.0.0.1"])
T(M, "service_restart_suffix", "option",
  [r"[[ §unit§ =~ ^[A-Za-z0-9@._-]+\.(service|timer)$ ]] || { echo 'not a unit'; exit 2; }; systemctl restart §unit§"],
  {"unit": "unit"}, "Restart a unit (validated).", wd=WS, progs=["systemctl"], idiom="regex allows leading dash",
  benign={"unit": "nginx.service"}, payload={"unit": "-Hattacker.service"}, check=["argv:systemctl:-Hattacker.service"])
T(M, "service_restart_checked", "safe",
  [r"[[ §unit§ =~ ^[A-Za-z0-9@._-]+\.(service|timer)$ ]] || { echo 'not a unit'; exit 2; }; systemctl restart -- §unit§"],
  {"unit": "unit"}, "Restart a unit (validated).", wd=WS, progs=["systemctl"], idiom="regex + --",
  benign={"unit": "nginx.service"}, expect=["out:STUB:systemctl"], hostile_extra=["-Hattacker.service", "--host=a.service"])
T(M, "dir_size", "option", ["du -sh §dir§"], {"dir": "directory"}, "Size of a directory.", wd=WS, progs=["du"],
  idiom="dir becomes --files0-from", benign={"dir": "data"}, payload={"dir": "--files0-from={S}"}, check=["out:BKSECRET42"])
T(M, "dir_size_checked", "safe", ["du -sh -- §dir§"], {"dir": "directory"}, "Size of a directory.", wd=WS, progs=["du"],
  idiom="--", benign={"dir": "data"}, expect=["out:data"], hostile_extra=["--files0-from={S}"], noread=False)
T(M, "file_owner_line", "split", ['echo "Owner: $(stat -c %U §path§)"'], {"path": "path"}, "Owner of a path.", wd=WS,
  progs=["stat"], idiom="bare placeholder inside \"$( )\" (tracker)", benign={"path": "data/table.csv"},
  payload={"path": "data/table.csv {S}"}, check=["out:root\\nroot"])
T(M, "short_checksum", "split", ['echo "Checksum: $(sha256sum §file§ | cut -c1-16)"'], {"file": "file"}, "Short SHA-256 of a file.",
  wd=WS, progs=["sha256sum", "cut"], idiom="bare placeholder inside \"$( )\" (tracker)", benign={"file": "data/table.csv"},
  payload={"file": "data/table.csv {S}"}, check=["out:\\n"])
T(M, "empty_log", "write", ["truncate -s 0 logs/§file§ && echo truncated"], {"file": "log file"}, "Empty a log file.", wd=WS,
  progs=["truncate"], idiom="path from arg", benign={"file": "app.log"}, payload={"file": UP + "{W}"}, check=["exists:{W}"])
T(M, "file_mode", "safe", ["stat -c '%U %a %n' -- §path§"], {"path": "path"}, "Owner and mode of a path.", wd=WS,
  progs=["stat"], idiom="--", benign={"path": "data/table.csv"}, expect=["out:root"], noread=False)
T(M, "iface_addr", "safe", ["ip -j addr show dev §iface§"], {"iface": "interface"}, "Addresses of an interface.", wd=WS,
  progs=["ip"], idiom="value of dev", benign={"iface": "eth0"}, expect=["out:STUB:ip"], val_opts=["dev"])
T(M, "install_crontab", "option", ["crontab §file§ && crontab -l"], {"file": "crontab file"}, "Install a crontab file.",
  wd=WS + "/infra", progs=["crontab"], idiom="file becomes -r", benign={"file": "jobs.cron"}, payload={"file": "-r"},
  check=["argv:crontab:-r"])
T(M, "install_crontab_checked", "safe", ["crontab ../infra/§file§ && crontab -l"], {"file": "crontab file"},
  "Install a crontab file from infra/.", wd=WS + "/infra", progs=["crontab"], idiom="dir prefix", benign={"file": "jobs.cron"},
  expect=["out:STUB:crontab"])
T(M, "save_page", "write", ["printf '%s\\n' §text§ | tee ../site/§page§.txt >/dev/null && echo saved"], {"page": "page", "text": "text"},
  "Save a text page into site/.", wd=WS + "/infra", progs=["tee"], idiom="tee path from arg",
  benign={"page": "about", "text": "hi"}, payload={"page": UP + "{W}", "text": "hi"}, check=["exists:{W}.txt"])
T(M, "pr_for_branch", "split", ["gh pr view \"$(gh pr list --head §branch§ --json number -q '.[0].number')\""],
  {"branch": "branch"}, "Show the PR of a branch.", wd=WS + "/repo", progs=["gh"], idiom="bare placeholder inside \"$( )\" (tracker)",
  benign={"branch": "feat"}, payload={"branch": "feat --repo=evil/x"}, check=["argv:gh:--repo=evil/x"])
