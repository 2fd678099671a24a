from spec import T, WS
R = WS + "/repo"; D = WS + "/data"; L = WS + "/logs"; CE = WS + "/certs"
UP = "../../../../.."
# ---------------- relkit: release engineering / repo maintenance ----------------
M = "relkit"
T(M, "changelog_since", "safe", [r"git log --oneline --no-decorate --end-of-options §since§..HEAD"],
  {"since": "tag or commit to start from"}, "One-line changelog since a tag.", wd=R, progs=["git"],
  benign={"since": "v1.0.0"}, expect=["out:second"], idiom="end-of-options",
  hostile_extra=["--output={P}", "--upload-pack=touch {C}", "-c core.pager=touch {C}"])
T(M, "changelog_between", "option", [r"git log --oneline --no-decorate §from_ref§ §to_ref§"],
  {"from_ref": "older ref", "to_ref": "newer ref"}, "Commits between two refs.", wd=R, progs=["git"],
  benign={"from_ref": "v1.0.0", "to_ref": "HEAD"}, payload={"from_ref": "--output={W}", "to_ref": "HEAD"},
  check=["exists:{W}"], idiom="git log --output via ref")
T(M, "list_remote_tags", "exec", [r"git ls-remote --tags §remote§ §pattern§"],
  {"remote": "remote URL or path", "pattern": "tag glob"}, "List tags of a remote repository.", wd=R, progs=["git"],
  benign={"remote": ".", "pattern": "v1*"}, payload={"remote": "--upload-pack=touch {C};:", "pattern": "."},
  check=["exists:{C}"], idiom="git --upload-pack via remote")
T(M, "write_release_notes", "write",
  [r"mkdir -p notes && git log --format='- %s' §from_ref§..HEAD > notes/§version§.md && echo " + '"wrote notes/§version§.md"'],
  {"from_ref": "previous tag", "version": "new version"}, "Write release notes for a version.", wd=R, progs=["git", "mkdir"],
  benign={"from_ref": "v1.0.0", "version": "1.1.0"}, payload={"from_ref": "v1.0.0", "version": UP + "{W}"},
  check=["exists:{W}.md"], idiom="redirect to arg-named file")
T(M, "bump_version_checked", "safe",
  [r"[[ §version§ =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo 'invalid version'; exit 2; }; sed -i " + '"s/^version: .*/version: §version§/"' + r" ../data/conf.yaml && grep '^version' ../data/conf.yaml"],
  {"version": "semver"}, "Bump the version in conf.yaml.", wd=R, progs=["sed", "grep"], idiom="anchored regex guard",
  benign={"version": "2.0.0"}, expect=["out:version: 2.0.0"], hostile_extra=["1.0/;e touch {C} #", "1.0.0\n1e touch {C}", "1.0.0/w {P}"])
T(M, "bump_version", "exec",
  ['sed -i "s/^version: .*/version: §version§/" ../data/conf.yaml && grep ' + "'^version' ../data/conf.yaml"],
  {"version": "semver"}, "Bump the version in conf.yaml.", wd=R, progs=["sed"], idiom="sed e command via s///",
  benign={"version": "2.0.0"}, payload={"version": "1.0/;e touch {C} #"}, check=["exists:{C}"])
T(M, "bump_version_loose", "exec",
  [r"[[ §version§ =~ [0-9]+\.[0-9]+ ]] || exit 2; sed -i " + '"s/^version: .*/version: §version§/"' + " ../data/conf.yaml && cat ../data/conf.yaml"],
  {"version": "semver"}, "Bump the version (validated).", wd=R, progs=["sed"], idiom="unanchored regex guard",
  benign={"version": "2.0.0"}, payload={"version": "1.0/;e touch {C} #"}, check=["exists:{C}"])
T(M, "tag_release", "safe",
  ["case §tag§ in (v[0-9]*) ;; (*) echo 'tag must look like vX.Y.Z'; exit 2;; esac; git tag -a -m " + '"Release §tag§"' + " §tag§ && git tag -l 'v*'"],
  {"tag": "tag name"}, "Create an annotated release tag.", wd=R, progs=["git"], idiom="case guard",
  benign={"tag": "v2.0.0"}, expect=["out:v2.0.0"], hostile_extra=["v1 --upload-pack=touch {C}", "v1;touch {C}"])
T(M, "make_release", "exec", ["make -s release VERSION=§version§"],
  {"version": "version to package"}, "Run the project's release target.", wd=WS + "/build", progs=["make"],
  idiom="make variable into recipe shell", benign={"version": "1.2.3"}, payload={"version": "`touch {C}`"}, check=["exists:{C}"])
T(M, "make_target", "exec", ["make -s -C ../build §target§"],
  {"target": "make target"}, "Run a make target of the build dir.", wd=R, progs=["make"], idiom="make --eval via target",
  benign={"target": "all"}, payload={"target": "--eval=x:=$(shell touch {C})"}, check=["exists:{C}"])
T(M, "make_target_allowlisted", "safe",
  ["case §target§ in (all|clean|test) make -s -C ../build §target§ ;; (*) echo " + '"unknown target"' + "; exit 2;; esac"],
  {"target": "make target"}, "Run an allow-listed make target.", wd=R, progs=["make"], idiom="case allowlist",
  benign={"target": "all"}, expect=["out:built"], hostile_extra=["--eval=x:=$(shell touch {C})", "all --eval=x:=$(shell touch {C})", "VERSION=$(touch {C})"])
T(M, "archive_tree", "write", ["git archive --format=tar.gz -o ../out/§name§.tar.gz HEAD && ls ../out"],
  {"name": "archive base name"}, "Archive HEAD into out/.", wd=R, progs=["git"], idiom="-o path from arg",
  benign={"name": "demo"}, payload={"name": UP + "{W}"}, check=["exists:{W}.tar.gz"])
T(M, "archive_tree_checked", "safe",
  [r"[[ §name§ =~ ^[A-Za-z0-9._-]+$ && §name§ != .* ]] || { echo 'bad name'; exit 2; }; git archive --format=tar.gz -o ../out/§name§.tar.gz HEAD && ls ../out"],
  {"name": "archive base name"}, "Archive HEAD into out/ (checked name).", wd=R, progs=["git"], idiom="regex+dot guard",
  benign={"name": "demo"}, expect=["out:demo.tar.gz"], hostile_extra=["..", "../x", "-o{P}"])
T(M, "blame_rev", "option", ["git blame -s §rev§ -- README.md"],
  {"rev": "revision"}, "Blame README.md at a revision.", wd=R, progs=["git"], idiom="git blame --contents via rev",
  benign={"rev": "HEAD"}, payload={"rev": "--contents={S}"}, check=["out:BKSECRET42"])
T(M, "show_file_at_rev", "safe", ["git show --end-of-options §rev§:src/app.py"],
  {"rev": "revision"}, "Show src/app.py at a revision.", wd=R, progs=["git"], idiom="end-of-options, rev:path",
  benign={"rev": "HEAD"}, expect=["out:print(1)"], hostile_extra=["--output={P}", "--textconv --output={P}"])
T(M, "gh_release", "option", ['gh release create §tag§ --notes-file notes.md --title "Release §tag§"'],
  {"tag": "tag"}, "Publish a GitHub release.", wd=R, progs=["gh"], idiom="positional tag becomes option",
  benign={"tag": "v1.0.0"}, payload={"tag": "--repo=attacker/fork"}, check=["argv:gh:--repo=attacker/fork"])
T(M, "npm_dist_tag", "option", ["npm dist-tag add §pkg§@§ver§ latest"],
  {"pkg": "package", "ver": "version"}, "Point the latest dist-tag at a version.", wd=R, progs=["npm"], idiom="pkg@ver concatenation",
  benign={"pkg": "demo", "ver": "1.0.0"}, payload={"pkg": "--registry=http://127.0.0.1:9/x", "ver": "1.0.0"},
  check=["argv:npm:--registry=http://127.0.0.1:9/x@1.0.0"])
T(M, "cargo_yank", "safe", ["cargo yank --version §ver§ -- §crate§"],
  {"crate": "crate", "ver": "version"}, "Yank a crate version.", wd=R, progs=["cargo"], idiom="value of option + --",
  benign={"crate": "demo", "ver": "1.0.0"}, expect=["out:STUB:cargo"], val_opts=["--version"])

# ---------------- certops: keys and certificates ----------------
M = "certops"
T(M, "gen_key", "write", ["openssl genpkey -algorithm ed25519 -out §name§.key && echo created"],
  {"name": "key name"}, "Generate an Ed25519 private key in certs/.", wd=CE, progs=["openssl"], idiom="-out path from arg",
  benign={"name": "api"}, payload={"name": UP + "{W}"}, check=["exists:{W}.key"])
T(M, "gen_key_checked", "safe",
  ["case §name§ in (*/*|.*|-*|'') echo 'invalid key name'; exit 2;; esac; openssl genpkey -algorithm ed25519 -out ./§name§.key && echo created ./§name§.key"],
  {"name": "key name"}, "Generate an Ed25519 key (name checked).", wd=CE, progs=["openssl"], idiom="case guard on path",
  benign={"name": "api"}, expect=["out:created"], hostile_extra=["-engine x", ".."])
T(M, "cert_fingerprint", "safe", ["openssl x509 -noout -fingerprint -sha256 -in §cert§"],
  {"cert": "certificate file"}, "SHA-256 fingerprint of a certificate.", wd=CE, progs=["openssl"], idiom="value after -in",
  benign={"cert": "server.crt"}, expect=["out:Fingerprint"], hostile_extra=["-text", "-out {P}"])
T(M, "digest_file", "split", ["openssl dgst -sha256 $(echo §file§)"],
  {"file": "a file"}, "SHA-256 of a file.", wd=CE, progs=["openssl", "echo"], idiom="unquoted $(echo)",
  benign={"file": "server.crt"}, payload={"file": "-out {W} server.crt"}, check=["exists:{W}"])
T(M, "ssh_key_fingerprint", "safe", ["ssh-keygen -l -f §keyfile§"],
  {"keyfile": "public key file"}, "Fingerprint of an SSH public key.", wd=CE, progs=["ssh-keygen"], idiom="value after -f",
  benign={"keyfile": "id_test.pub"}, expect=["out:ED25519"], noread=False, hostile_extra=["-D{P}"])
T(M, "ssh_keygen_named", "write",
  ["ssh-keygen -q -t ed25519 -N '' -C §comment§ -f ../keys/§name§ && cat ../keys/§name§.pub"],
  {"name": "key name", "comment": "key comment"}, "Create a deploy key.", wd=CE, progs=["ssh-keygen"], idiom="-f path from arg",
  benign={"name": "deploy", "comment": "ci"}, payload={"name": UP + "{W}", "comment": "ci"}, check=["exists:{W}.pub"])
T(M, "ssh_keygen_checked", "safe",
  [r"[[ §name§ =~ ^[a-z0-9_]+$ ]] || { echo 'bad name'; exit 2; }; ssh-keygen -q -t ed25519 -N '' -C §comment§ -f ../keys/§name§ && cat ../keys/§name§.pub"],
  {"name": "key name", "comment": "key comment"}, "Create a deploy key (checked name).", wd=CE, progs=["ssh-keygen"],
  idiom="regex guard + -C value", benign={"name": "deploy", "comment": "ci"}, expect=["out:ssh-ed25519"])
T(M, "save_b64_blob", "write", ["printf '%s' §data§ | base64 -d > ../out/§filename§ && echo saved"],
  {"data": "base64 data", "filename": "file name"}, "Decode base64 into out/.", wd=CE, progs=["base64", "printf"],
  idiom="redirect target from arg", benign={"data": "aGk=", "filename": "blob.bin"},
  payload={"data": "aGk=", "filename": UP + "{W}"}, check=["exists:{W}"])
T(M, "cert_days_left", "broken",
  ["end=$(openssl x509 -in §cert§ -noout -enddate | cut -d= -f2); echo " + '"expires: $end"'],
  {"cert": "certificate"}, "When does a certificate expire.", wd=CE, progs=["openssl", "cut"], idiom="shell var $end eaten by client",
  benign={"cert": "server.crt"}, check=["fail:"])
T(M, "hash_password", "broken", ["openssl passwd -6 -salt $SALT §password§"],
  {"password": "password"}, "SHA-512 crypt hash with the deployment salt.", wd=CE, env={"SALT": "k3yS4lt"},
  progs=["openssl"], idiom="env_vars var referenced as $SALT", benign={"password": "hunter2"}, check=["fail:"])
T(M, "age_encrypt", "safe", ["age -r §recipient§ -o ../out/secret.age notes.txt"],
  {"recipient": "age recipient"}, "Encrypt notes for a recipient.", wd=CE, progs=["age"], idiom="value of -r",
  benign={"recipient": "age1abc"}, expect=["out:STUB:age"], val_opts=["-r", "-o"])
T(M, "sops_decrypt", "option", ["sops -d §file§"],
  {"file": "encrypted file"}, "Decrypt a sops file to stdout.", wd=CE, progs=["sops"], idiom="file operand becomes option",
  benign={"file": "secrets.enc.yaml"}, payload={"file": "--output={W}"}, check=["argv:sops:--output={W}"])
T(M, "step_inspect", "safe", ["step certificate inspect --short -- §cert§"],
  {"cert": "certificate"}, "Inspect a certificate with step.", wd=CE, progs=["step"], idiom="-- before operand",
  benign={"cert": "server.crt"}, expect=["out:STUB:step"])
T(M, "certbot_issue", "safe", ["certbot certonly --standalone --non-interactive --agree-tos -m §email§ -d §domain§"],
  {"email": "contact", "domain": "domain"}, "Issue a certificate.", wd=CE, progs=["certbot"], idiom="values of -m/-d",
  benign={"email": "ops@example.invalid", "domain": "example.invalid"}, expect=["out:STUB:certbot"], val_opts=["-m", "-d"])
T(M, "hexdump_head", "safe", ["xxd -l 64 < §file§"],
  {"file": "file in certs/"}, "Hex dump the first 64 bytes of a file.", wd=CE, progs=["xxd"], idiom="redirect from arg",
  benign={"file": "server.crt"}, expect=["out:00000000"], noread=False)

# ---------------- dataops: data wrangling ----------------
M = "dataops"
T(M, "sql_query", "exec", ["sqlite3 app.db §sql§"], {"sql": "SQL query"}, "Run a read-only SQL query.",
  wd=D, progs=["sqlite3"], idiom="sqlite3 dot-command in SQL arg",
  benign={"sql": "select name from users"}, payload={"sql": ".shell touch {C}"}, check=["exists:{C}"])
T(M, "sql_query_safe", "safe", ["sqlite3 -readonly -safe app.db §sql§"], {"sql": "SQL query"},
  "Run a read-only SQL query (safe mode).", wd=D, progs=["sqlite3"], idiom="sqlite3 -safe",
  benign={"sql": "select name from users"}, expect=["out:ann"],
  hostile_extra=[".shell touch {C}", ".system touch {C}", ".output {P}", ".once {P}", "ATTACH '{P}' AS p; CREATE TABLE p.t(a);",
                 "select writefile('{P}','x');", "select readfile('{S}');", ".read {S}"])
T(M, "find_user", "write", ['sqlite3 app.db "select id,name from users where name = \'§name§\'"'],
  {"name": "user name"}, "Look up a user by name.", wd=D, progs=["sqlite3"], idiom="SQL string interpolation -> ATTACH",
  benign={"name": "ann"}, payload={"name": "x'; ATTACH '{W}' AS p; CREATE TABLE p.t(a); --"}, check=["exists:{W}"])
T(M, "find_user_safe", "safe", ['sqlite3 -readonly -safe app.db "select id,name from users where name = \'§name§\'"'],
  {"name": "user name"}, "Look up a user by name (safe mode).", wd=D, progs=["sqlite3"], idiom="sqlite3 -safe limits injection",
  benign={"name": "ann"}, expect=["out:1|ann"],
  hostile_extra=["x'; ATTACH '{P}' AS p; CREATE TABLE p.t(a); --", "x' union select 1, writefile('{P}','x') --", "x' union select 1, readfile('{S}') --"])
T(M, "csv_column", "safe", ["cut -d, -f§col§ table.csv"], {"col": "column number"}, "Extract a CSV column.",
  wd=D, progs=["cut"], idiom="attached option value", benign={"col": "1"}, expect=["out:a"], hostile_extra=["1 -z", "1 --output-delimiter=x {S}"])
T(M, "sort_csv", "option", ["sort -t, -k§key§ §file§"], {"key": "sort key", "file": "csv file"}, "Sort a CSV file.",
  wd=D, progs=["sort"], idiom="file operand becomes -o", benign={"key": "1", "file": "table.csv"},
  payload={"key": "1", "file": "-o{W}"}, check=["exists:{W}"])
T(M, "sort_csv_checked", "safe", [r"[[ §key§ =~ ^[0-9]+(,[0-9]+)?$ ]] || exit 2; sort -t, -k§key§ -- §file§"],
  {"key": "sort key", "file": "csv file"}, "Sort a CSV file (checked).", wd=D, progs=["sort"], idiom="-- and regex guard",
  benign={"key": "1", "file": "table.csv"}, expect=["out:a,b"], noread=False,
  hostile_extra=["--compress-program=touch {C}", "-o{P}", "--files0-from={S}"])
T(M, "split_rows", "exec", ["split -l §lines§ §file§ ../out/part_ && ls ../out"], {"lines": "rows per part", "file": "input"},
  "Split a file into parts.", wd=D, progs=["split"], idiom="split --filter via file operand",
  benign={"lines": "1", "file": "table.csv"}, payload={"lines": "1", "file": "--filter=touch {C}"}, check=["exists:{C}"])
T(M, "split_rows_prefix", "write", ["split -l 1 -d table.csv ../out/§prefix§ && ls ../out"], {"prefix": "output prefix"},
  "Split table.csv one row per file.", wd=D, progs=["split"], idiom="prefix path from arg",
  benign={"prefix": "row_"}, payload={"prefix": UP + "{W}"}, check=["exists:{W}00"])
T(M, "human_size", "safe", ["numfmt --to=iec -- §bytes§"], {"bytes": "byte count"}, "Human readable size.",
  wd=D, progs=["numfmt"], idiom="--", benign={"bytes": "1048576"}, expect=["out:1.0M"])
T(M, "to_utf8", "option", ["iconv -f latin1 -t utf-8 §file§"], {"file": "input file"}, "Convert a Latin-1 file to UTF-8.",
  wd=D, progs=["iconv"], idiom="file operand becomes -o", benign={"file": "table.csv"},
  payload={"file": "-o{W}"}, check=["exists:{W}"])
T(M, "to_utf8_stdin", "safe", ["iconv -f latin1 -t utf-8 < §file§"], {"file": "input file"}, "Convert a Latin-1 file to UTF-8.",
  wd=D, progs=["iconv"], idiom="redirect from arg", benign={"file": "table.csv"}, expect=["out:a,b"], noread=False)
T(M, "json_field", "broken", ["jq -r --arg f §field§ '.[$f]' info.json"], {"field": "key"}, "Read a top-level JSON field.",
  wd=D, progs=["jq"], idiom="jq $var eaten by client", benign={"field": "name"}, check=["fail:"])
T(M, "json_field_py", "safe",
  ["python3 -c 'import json,sys; print(json.load(open(\"info.json\")).get(sys.argv[1], \"\"))' §field§"],
  {"field": "key"}, "Read a top-level JSON field.", wd=D, progs=["python3"], idiom="value via sys.argv",
  benign={"field": "name"}, expect=["out:demo"], hostile_extra=["__import__('os').system('touch {C}')"])
T(M, "sum_column", "broken", ["awk -F, -v c=§col§ 'NR>1 {s += $c} END {print s}' table.csv"], {"col": "column"},
  "Sum a CSV column.", wd=D, progs=["awk"], idiom="awk $c eaten by client", benign={"col": "1"}, check=["fail:"])
T(M, "sum_column_safe", "safe", ["awk -F, -v c=§col§ 'NR>1 {s += $(c+0)} END {print s}' table.csv"], {"col": "column"},
  "Sum a CSV column.", wd=D, progs=["awk"], idiom="awk -v + $(expr)", benign={"col": "1"}, expect=["out:4"],
  hostile_extra=["1;system(\"touch {C}\")", "1\nBEGIN{system(\"touch {C}\")}"])
T(M, "sample_rows", "option", ["shuf -n §count§ §file§"], {"count": "rows", "file": "input"}, "Random sample of rows.",
  wd=D, progs=["shuf"], idiom="file operand becomes -o", benign={"count": "1", "file": "table.csv"},
  payload={"count": "1", "file": "-o{W}"}, check=["exists:{W}"])
T(M, "paste_side_by_side", "safe", ["paste -d, -- §left§ §right§"], {"left": "file", "right": "file"}, "Paste two files.",
  wd=D, progs=["paste"], idiom="--", benign={"left": "table.csv", "right": "table.csv"}, expect=["out:a,b,a,b"], noread=False)

# ---------------- logkit: log analysis ----------------
M = "logkit"
T(M, "tail_log", "safe",
  [r"[[ §lines§ =~ ^[0-9]+$ ]] || exit 2; case §file§ in (*..*|/*) echo 'stay in logs/'; exit 2;; esac; tail -n §lines§ -- §file§"],
  {"file": "log file", "lines": "line count"}, "Tail a log file under logs/.", wd=L, progs=["tail"], idiom="path+number guards",
  benign={"file": "app.log", "lines": "2"}, expect=["out:timeout"])
T(M, "count_level", "broken", ["grep -c -- §level§ app.log # count matching lines"], {"level": "level"},
  "Count log lines of a level.", wd=L, progs=["grep"], idiom="trailing comment eats 2>&1)", benign={"level": "ERROR"},
  check=["out:unexpected"])
T(M, "errors_by_day", "broken",
  ["grep -- §level§ app.log | cut -d' ' -f1 | sort | uniq -c | while read count day; do echo " + '"$day: $count"' + "; done"],
  {"level": "level"}, "Count log lines per day.", wd=L, progs=["grep", "uniq"], idiom="while-read vars eaten by client",
  benign={"level": "ERROR"}, check=["fail:"])
T(M, "errors_by_day_safe", "safe",
  [r"[[ §top§ =~ ^[0-9]+$ ]] || exit 2; grep -- §level§ app.log | cut -d' ' -f1 | sort | uniq -c | sort -rn | head -n §top§"],
  {"level": "level", "top": "how many"}, "Count log lines per day.", wd=L, progs=["grep", "uniq", "sort", "head"],
  idiom="-- and numeric guard", benign={"level": "ERROR", "top": "3"}, expect=["out:2026-11-27"])
T(M, "search_logs_perl", "exec", ["perl -ne 'print if /§pattern§/' app.log"], {"pattern": "regex"}, "Search logs with a Perl regex.",
  wd=L, progs=["perl"], idiom="value in perl code", benign={"pattern": "disk"},
  payload={"pattern": "x/;system(\"touch {C}\");/x"}, check=["exists:{C}"])
T(M, "search_logs_fixed", "safe", ["grep -F -e §pattern§ -- app.log"], {"pattern": "text"}, "Search logs for fixed text.",
  wd=L, progs=["grep"], idiom="-e value + --", benign={"pattern": "disk"}, expect=["out:disk full"], hostile_extra=["-f{S}", "--file={S}"])
T(M, "count_archived_errors", "option", ["xz -dc §archive§ | grep -c ERROR"], {"archive": "xz archive"},
  "Count errors in an archived log.", wd=L, progs=["xz", "grep"], idiom="xz --files via operand",
  benign={"archive": "app.log.xz"}, payload={"archive": "--files={S}"}, check=["out:BKSECRET42"])
T(M, "compress_log_checked", "safe",
  ["case §file§ in (*/*|-*|.*) echo 'plain file names only'; exit 2;; esac; zstd -q -f -19 -o ../backups/§file§.zst -- §file§ && ls ../backups"],
  {"file": "log file"}, "Compress a log into backups/.", wd=L, progs=["zstd"], idiom="case guard + --",
  benign={"file": "app.log"}, expect=["out:app.log.zst"])
T(M, "compress_log", "write", ["zstd -q -f -o ../backups/§name§.zst app.log && echo ok"], {"name": "archive name"},
  "Compress app.log into backups/.", wd=L, progs=["zstd"], idiom="-o path from arg",
  benign={"name": "app"}, payload={"name": UP + "{W}"}, check=["exists:{W}.zst"])
T(M, "logs_since", "broken", ["awk -v a=§since§ '$1 >= a' app.log"], {"since": "date"}, "Log lines since a date.",
  wd=L, progs=["awk"], idiom="awk $1 eaten by client", benign={"since": "2026-11-01"}, check=["fail:"])
T(M, "lines_matching", "write", ['sed -n "/^§prefix§/p" app.log'], {"prefix": "line prefix"}, "Lines starting with a prefix.",
  wd=L, progs=["sed"], idiom="sed w command via pattern", benign={"prefix": "2026"},
  payload={"prefix": "x/w {W}\n#"}, check=["exists:{W}"])
T(M, "journal_unit", "safe", ["journalctl -u §unit§ --since today --no-pager"], {"unit": "systemd unit"},
  "Today's journal of a unit.", wd=L, progs=["journalctl"], idiom="value of -u", benign={"unit": "nginx"},
  expect=["out:STUB:journalctl"], val_opts=["-u"])
T(M, "journal_match", "option", ["journalctl --no-pager -n 50 §match§"], {"match": "journal field match, e.g. _PID=1"},
  "Journal entries matching a field.", wd=L, progs=["journalctl"], idiom="match operand becomes option",
  benign={"match": "_PID=1"}, payload={"match": "--vacuum-size=1K"}, check=["argv:journalctl:--vacuum-size=1K"])
T(M, "date_of", "safe", ["date -d §when§ +%F"], {"when": "date expression"}, "Normalise a date.", wd=L, progs=["date"],
  idiom="value of -d", benign={"when": "2026-01-02"}, expect=["out:2026-01-02"], hostile_extra=["--file={S}", "-f{S}"])
T(M, "now_formatted", "option", ["date -u §format§"], {"format": "format like +%F"}, "Current UTC time in a format.",
  wd=L, progs=["date"], idiom="format operand becomes -f", benign={"format": "+%F"}, payload={"format": "-f{S}"}, check=["out:BKSECRET42"])
T(M, "recent_lines_numbered", "safe", [r"[[ §n§ =~ ^[0-9]+$ ]] || exit 2; tac app.log | nl -ba | head -n §n§"],
  {"n": "count"}, "Newest log lines, numbered.", wd=L, progs=["tac", "nl", "head"], idiom="numeric guard",
  benign={"n": "2"}, expect=["out:timeout"])
T(M, "rotate_log", "write", ["install -m 0640 app.log ../backups/§name§ && echo rotated to §name§"], {"name": "backup name"},
  "Copy app.log into backups/.", wd=L, progs=["install"], idiom="install dest from arg",
  benign={"name": "app.1"}, payload={"name": UP + "{W}"}, check=["exists:{W}"])
