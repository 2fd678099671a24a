from .common import T, UP
M = "lang_runtimes"
D = "/tmp/blindH_ws"
T(M, "pkg_json_field", "exec", "node -e \"const p=require('./data/pkg.json'); console.log(p['UTCP_ARG_field_UTCP_END'])\"",
  {"field": "string"}, "Print a field of data/pkg.json.", {"field": "version"},
  {"field": "x']); require('child_process').execSync('touch {C}'); (p['"}, ("canary",), wd=D, progs=["node"], idiom="JS string in dq code")
T(M, "pkg_json_field_argv", "exec", "node -e \"const p=require('./data/pkg.json'); console.log(p[process.argv[1]])\" UTCP_ARG_field_UTCP_END",
  {"field": "string"}, "Print a field of data/pkg.json.", {"field": "version"},
  {"field": "--import=data:text/javascript,import('child_process').then(c=>c.execSync('touch {C}'))"}, ("canary",), wd=D,
  progs=["node"], idiom="process.argv, but node still parses options after -e code")
T(M, "pkg_json_field_argv_dd", "safe", "node -e \"const p=require('./data/pkg.json'); console.log(p[process.argv[1]])\" -- UTCP_ARG_field_UTCP_END",
  {"field": "string"}, "Print a field of data/pkg.json.", {"field": "version"}, expect="1.2.3", wd=D, progs=["node"], idiom="process.argv after --")
T(M, "node_preload_run", "exec", "node UTCP_ARG_node_flags_UTCP_END -e 'console.log(process.version)'",
  {"node_flags": "string"}, "Print the node version with extra runtime flags (e.g. --no-warnings).", {"node_flags": "--no-warnings"},
  {"node_flags": "--import=data:text/javascript,import('child_process').then(c=>c.execSync('touch {C}'))"}, ("canary",), progs=["node"], idiom="free flag slot (--import data: URL)")
T(M, "perl_rename_ext", "broken", "perl -e 'for (glob \"data/*.txt\") { (my $n=$_) =~ s/\\.txt$/.UTCP_ARG_ext_UTCP_END/; print \"$_ -> $n\\n\" }'",
  {"ext": "string"}, "Preview renaming data/*.txt to another extension.", {"ext": "md"}, check=("broken", "->"), wd=D, progs=["perl"], idiom="perl $n/$_ eaten by client")
T(M, "perl_subst_inplace", "exec", "perl -pi -e \"s/UTCP_ARG_from_UTCP_END/UTCP_ARG_to_UTCP_END/g\" data/notes.txt && cat data/notes.txt",
  {"from": "string", "to": "string"}, "Replace a word in notes.txt in place.", {"from": "hello", "to": "hi"},
  {"from": "hello", "to": '@{[system("touch", chr(47)."tmp".chr(47)."blindH_canary_perl_subst_inplace")]}'}, ("canary",), wd=D, progs=["perl"], idiom="perl s/// replacement interpolation")
T(M, "perl_subst_env", "broken", "FROM=UTCP_ARG_from_UTCP_END TO=UTCP_ARG_to_UTCP_END perl -pi -e 's/\\Q${\\ $ENV{FROM}}\\E/$ENV{TO}/g' data/notes.txt && cat data/notes.txt",
  {"from": "string", "to": "string"}, "Replace a literal string in notes.txt in place.", {"from": "hello", "to": "hi"}, check=("broken", "hi world"),
  wd=D, progs=["perl"], idiom="$ENV{..} eaten by client")
T(M, "py_csv_stats", "exec", "python3 -c \"import csv,statistics; rows=list(csv.DictReader(open('data/users.csv'))); print(statistics.mean(float(r['UTCP_ARG_column_UTCP_END']) for r in rows))\"",
  {"column": "string"}, "Mean of a numeric column in users.csv.", {"column": "score"},
  {"column": "score']) for r in rows) if __import__('os').system('touch {C}') else 0 or (float(r['score"}, ("canary",), wd=D,
  progs=["python3"], idiom="python string in dq code")
T(M, "py_csv_stats_argv", "safe", "python3 -c 'import csv,statistics,sys; rows=list(csv.DictReader(open(\"data/users.csv\"))); print(statistics.mean(float(r[sys.argv[1]]) for r in rows))' UTCP_ARG_column_UTCP_END",
  {"column": "string"}, "Mean of a numeric column in users.csv.", {"column": "score"}, expect="82", wd=D, progs=["python3"], idiom="sys.argv")
T(M, "java_props", "option", "java UTCP_ARG_jvm_opt_UTCP_END -XshowSettings:properties -version 2>&1 | grep -m1 java.version",
  {"jvm_opt": "string"}, "Show java.version with an extra JVM option (e.g. -Dfile.encoding=UTF-8).", {"jvm_opt": "-Dfile.encoding=UTF-8"},
  {"jvm_opt": "-Xlog:gc:file={W}"}, ("file", "{W}"), progs=["java"], idiom="free JVM option slot")
T(M, "java_props_d", "safe", "java -Dapp.profile=UTCP_ARG_profile_UTCP_END -XshowSettings:properties -version 2>&1 | grep -m1 app.profile",
  {"profile": "string"}, "Show the JVM seeing an app.profile system property.", {"profile": "prod"}, expect="prod", progs=["java"], idiom="-Dk= prefix")
T(M, "cc_syntax_check", "option", "gcc -fsyntax-only UTCP_ARG_cflags_UTCP_END build/main.c && echo syntax-ok",
  {"cflags": "string"}, "Syntax-check main.c with extra compiler flags.", {"cflags": "-Wall"}, {"cflags": "@/tmp/blindH_secret.txt"},
  ("output", "SECRETMARK"), wd=D, progs=["gcc"], idiom="@response-file reads any file")
T(M, "cc_object", "write", 'gcc -c build/main.c -o "out/UTCP_ARG_obj_UTCP_END.o" && echo compiled',
  {"obj": "string"}, "Compile main.c to out/<obj>.o.", {"obj": "main"}, {"obj": UP + "{W}"}, ("file", "{W}.o"), wd=D, progs=["gcc"], idiom="-o path join")
T(M, "pip_install_req", "option", "pip install --no-input UTCP_ARG_requirement_UTCP_END",
  {"requirement": "string"}, "Install a Python requirement such as requests==2.32.0.", {"requirement": "requests==2.32.0"},
  {"requirement": "--index-url=http://127.0.0.1:9/simple"}, ("argv", "pip", ["--index-url=http://127.0.0.1:9/simple"]),
  progs=["pip"], idiom="requirement at option slot")
T(M, "pip_install_req_checked", "safe",
  ["[[ UTCP_ARG_requirement_UTCP_END =~ ^[A-Za-z0-9][A-Za-z0-9._-]*(==[0-9][0-9A-Za-z.]*)?$ ]] || { echo 'name[==version] only'; exit 2; }; pip install --no-input UTCP_ARG_requirement_UTCP_END"],
  {"requirement": "string"}, "Install a Python requirement such as requests==2.32.0.", {"requirement": "requests==2.32.0"},
  expect="pip-stub-ok", progs=["pip"], idiom="anchored regex")
T(M, "gem_install", "option", "gem install --no-document UTCP_ARG_gem_UTCP_END",
  {"gem": "string"}, "Install a Ruby gem.", {"gem": "rake"}, {"gem": "--source=http://127.0.0.1:9"}, ("argv", "gem", ["--source=http://127.0.0.1:9"]),
  progs=["gem"], idiom="name at option slot")
T(M, "go_run_tool", "option", "go run UTCP_ARG_pkg_UTCP_END@latest -version",
  {"pkg": "string"}, "Run a Go tool at its latest version.", {"pkg": "golang.org/x/tools/cmd/stringer"}, {"pkg": "-exec=/tmp/x"},
  ("argv", "go", ["-exec=/tmp/x@latest"]), progs=["go"], idiom="bare placeholder glued to @latest still an option")
T(M, "poetry_add", "split", "poetry add $(echo UTCP_ARG_dependency_UTCP_END | tr -d '\\r')",
  {"dependency": "string"}, "Add one dependency with poetry.", {"dependency": "httpx"}, {"dependency": "blindHa blindHb"},
  ("argv", "poetry", ["blindHa", "blindHb"], False), progs=["poetry"], idiom="unquoted $( ) with tr")
T(M, "uv_pip_compile", "safe", "uv pip compile --quiet --output-file=requirements.lock -- UTCP_ARG_infile_UTCP_END",
  {"infile": "string"}, "Compile a requirements.in into requirements.lock.", {"infile": "requirements.in"}, expect="uv-stub-ok",
  progs=["uv"], idiom="--")
T(M, "ed_set_line", "exec", "printf '%s\\n' 'UTCP_ARG_line_UTCP_END c' UTCP_ARG_text_UTCP_END . w q | ed -s data/lines.txt && cat data/lines.txt",
  {"line": "string", "text": "string"}, "Replace line N of lines.txt with new text.", {"line": "2", "text": "LINE TWO"},
  {"line": "2", "text": "x\n.\n!touch {C}\na"}, ("canary",), wd=D, progs=["ed", "printf"], idiom="ed script via printf lines, newline in value")
T(M, "bc_calc", "safe", "printf 'scale=4; %s\\n' UTCP_ARG_expression_UTCP_END | bc -q",
  {"expression": "string"}, "Evaluate an arithmetic expression with bc.", {"expression": "2^10/3"}, expect="341.3333",
  progs=["bc"], idiom="bc has no exec/file I/O")
T(M, "vim_retab", "exec", "vim -Nes -c 'set et ts=UTCP_ARG_width_UTCP_END' -c 'retab' -c 'wq' data/notes.txt && echo retabbed",
  {"width": "string"}, "Expand tabs in notes.txt to N spaces.", {"width": "4"}, {"width": "4 | !touch {C}"}, ("canary",),
  wd=D, progs=["vim"], idiom="ex command bar")
