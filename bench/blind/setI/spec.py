"""Spec of blind set I: every tool, its label and how to confirm it.

@name@ in a command stands for UTCP_ARG_name_UTCP_END.  In payloads {C} = canary path,
{W} = /tmp/blindI_w_<id> (a write target outside the workspace), {WS} = workspace.
want: list of checks (see harness.check).  Safe tools: args (benign) + expect (regex on output);
the harness adds the hostile battery."""
WSD = "/tmp/blindI_ws"
TOOLS = []

def T(manual, name, cat, desc, inputs, cmds, progs, idiom, **kw):
    if kw.get("skip"): return
    d = dict(manual=manual, name=name, cat=cat, desc=desc, inputs=inputs, cmds=cmds, progs=progs, idiom=idiom)
    d.update(kw)
    TOOLS.append(d)

STUBS = ["docker", "kubectl", "helm", "terraform", "aws", "gcloud", "az", "rsync", "ffmpeg", "pandoc", "exiftool", "gs",
         "dig", "nc", "socat", "gh", "vault", "restic", "rclone", "borg", "skopeo", "cosign", "ansible-playbook", "mysql",
         "redis-cli", "mongosh", "psql", "pg_dump", "pg_restore", "systemctl", "crontab", "npm", "yarn", "pnpm", "cargo",
         "gem", "bundle", "composer", "poetry", "pipx", "apt-get", "brew", "kustomize", "argocd", "sops", "trivy",
         "promtool", "amtool", "influx", "mc", "doctl", "flyctl", "nomad", "consul", "podman", "buildah", "crane", "jsonnet",
         "ruby", "php", "lua", "Rscript", "mvn", "gradle", "go", "dotnet", "kubeseal", "stern", "k9s", "etcdctl", "mosquitto_pub",
         "ldapsearch", "smbclient", "lftp", "sshpass", "wkhtmltopdf", "pdftotext", "qpdf", "tesseract", "sox", "lame",
         "yt-dlp", "hugo", "mkdocs", "sphinx-build", "asciidoctor", "duckdb", "clickhouse-client", "cqlsh", "sqlcmd",
         "gsutil", "s3cmd", "az", "oci", "heroku", "vercel", "netlify", "wrangler", "supabase", "firebase", "cf"]
STUBS = sorted(set(STUBS + ["convert", "identify", "magick"]))
STUB_BODY = {}

FIXTURE = r"""
mkdir -p src out reports backups build keys certs docs logs data site repo chunks thumbs dist notes exports profiles
printf 'alpha\nbeta\ngamma\n' > notes.txt
printf 'id,name,qty\n1,apple,3\n2,pear,5\n' > data/items.csv
printf 'b 2\na 1\nc 3\n' > data/pairs.txt
printf '2026-11-01 INFO start\n2026-11-01 ERROR boom\n2026-11-02 WARN slow\n' > logs/app.log
printf '{"name":"demo","version":"1.2.3","deps":{"a":"1"}}\n' > package.json
printf 'int main(void){return 0;}\n' > src/main.c
printf 'all:\n\t@echo built\nclean:\n\t@echo cleaned\ntest:\n\t@echo tested\nrelease:\n\t@echo released $(VERSION)\n' > Makefile
printf '# Title\n\nhello\n' > docs/readme.md
printf '<html>hi</html>\n' > site/index.html
printf 'tarball\n' > dist/demo-1.0.0.tar.gz; printf 'keep\n' > keep1; printf 'keep\n' > keep2
printf 'export GREETING=hi\n' > profiles/dev.sh
tar -czf backups/site.tar.gz site
zip -qr backups/docs.zip docs
sqlite3 data/app.db "create table users(id integer, name text); insert into users values(1,'ann'),(2,'bob');"
git -C repo init -q; (cd repo; git config user.email a@b.c; git config user.name a; echo v1 > file.txt; git add .; git commit -qm init; git tag v1.0.0; echo v2>>file.txt; git commit -qam second)
openssl req -x509 -newkey rsa:2048 -nodes -keyout keys/server.key -out certs/server.pem -subj /CN=localhost -days 30 2>/dev/null
gcc -c src/main.c -o build/main.o
ar rcs build/libmain.a build/main.o
printf 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==' | base64 -d > site/logo.png
mkdir -p /tmp/blindI_kr && chmod 700 /tmp/blindI_kr && gpg --batch --homedir /tmp/blindI_kr --enarmor < notes.txt > keys/vendor.asc 2>/dev/null
printf 'hello world\n' | gzip > data/msg.gz
printf 'hello world\n' | xz > data/msg.xz
"""

# ---------------------------------------------------------------- shellkit: bash builtins
M = "shellkit"
AR = "a[$(touch {C})]"
T(M, "line_excerpt", "exec", "Return a substring of the first line of a text file (offset/length in characters).",
  {"file": "text file in the workspace", "offset": ("integer", "start offset"), "length": ("integer", "characters")},
  ["line=$(head -n 1 -- @file@)", "printf '%s\\n' \"${line:@offset@:@length@}\""][0:0] or
  ["line=$(head -n 1 -- @file@); printf '%s\\n' \"${line:@offset@:@length@}\""],
  ["head", "bash"], "substring offsets ${s:off:len} are arithmetic", pay={"file": "notes.txt", "offset": AR, "length": "2"}, args={"file": "notes.txt", "offset": "1", "length": "2"})
T(M, "check_quota", "exec", "Tell whether a usage number exceeds the quota.",
  {"used": ("integer", "used MB"), "quota": ("integer", "quota MB")},
  ["if [[ @used@ -gt @quota@ ]]; then echo over; else echo ok; fi"],
  ["bash"], "[[ -gt ]] evaluates operands as arithmetic", pay={"used": AR, "quota": "10"}, args={"used": "5", "quota": "10"})
T(M, "check_quota_posix", "safe", "Tell whether a usage number exceeds the quota (POSIX test).",
  {"used": ("integer", "used MB"), "quota": ("integer", "quota MB")},
  ["if test @used@ -gt @quota@ 2>/dev/null; then echo over; else echo within; fi"],
  ["test"], "test -gt does not evaluate arithmetic", args={"used": "5", "quota": "10"}, expect="within")
T(M, "page_count", "exec", "Compute the number of pages for a listing.",
  {"items": ("integer", "number of items"), "per_page": ("integer", "page size")},
  ["declare -i n=@items@ per=@per_page@", "echo $(( (n + per - 1) / per ))"],
  ["bash"], "declare -i assignment", pay={"items": AR, "per_page": "10"}, args={"items": "25", "per_page": "10"})
T(M, "page_count_checked", "safe", "Compute the number of pages for a listing (validated).",
  {"items": ("integer", "number of items"), "per_page": ("integer", "page size")},
  ["[[ @items@ =~ ^[0-9]+$ && @per_page@ =~ ^[1-9][0-9]*$ ]] || { echo 'bad number'; exit 1; }; echo $(( (@items@ + @per_page@ - 1) / @per_page@ ))"],
  ["bash"], "regex guard before $(( ))", args={"items": "25", "per_page": "10"}, expect="^3$")
T(M, "sum_sizes", "exec", "Add two byte counts.",
  {"a": ("integer", "first"), "b": ("integer", "second")},
  ["let \"total = @a@ + @b@\"; echo \"${total}\""][0:0] or ["let \"total = @a@ + @b@\" && printf '%d\\n' \"${total:-0}\""],
  ["bash"], "let with a double-quoted expression", pay={"a": AR, "b": "1"}, args={"a": "1", "b": "2"})
T(M, "fmt_field", "exec", "Format a value with a printf format (e.g. %-20s).",
  {"format": "printf format", "value": "value"},
  ["printf @format@ @value@; echo"],
  ["printf"], "printf format as first argument: -v option", pay={"format": "-va[$(touch {C})]", "value": "%s"}, args={"format": "%-8s|", "value": "x"})
T(M, "fmt_field_safe", "safe", "Format a value with a printf format (format validated).",
  {"format": "printf format", "value": "value"},
  ["case @format@ in %-[0-9]*s|%[0-9]*s|%s|%[0-9]*d) printf -- @format@ @value@; echo;; *) echo 'unsupported format'; exit 2;; esac"],
  ["printf"], "case allow-list + printf --", args={"format": "%-8s", "value": "x"}, expect="x")
T(M, "complete_words", "exec", "Complete a prefix against a list of words.",
  {"words": "space separated candidates", "prefix": "prefix"},
  ["compgen -W \"@words@\" -- @prefix@"],
  ["compgen"], "compgen -W expands its word list again", pay={"words": "$(touch {C})", "prefix": ""}, args={"words": "build test deploy", "prefix": "de"})
T(M, "env_value", "exec", "Print the value of a named environment variable.",
  {"name": "variable name"},
  ["var=@name@; printf '%s\\n' \"${!var}\""],
  ["bash"], "indirect expansion ${!var}", pay={"name": AR}, args={"name": "PATH"})
T(M, "env_value_checked", "safe", "Print the value of a named environment variable (name validated).",
  {"name": "variable name"},
  ["[[ @name@ =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || { echo 'invalid name'; exit 1; }; var=@name@; printf '%s\\n' \"${!var}\""],
  ["bash"], "identifier regex before ${!var}", args={"name": "PATH"}, expect="/")
T(M, "set_config_key", "exec", "Store a configuration key/value and print it back.",
  {"key": "key", "value": "value"},
  ["declare -g \"CFG_@key@=@value@\"; declare -p | grep -c CFG_"],
  ["declare"], "declare with a composed name", pay={"key": AR, "value": "1"}, args={"key": "mode", "value": "dev"})
T(M, "deref_setting", "exec", "Read a setting by name via a nameref helper.",
  {"setting": "setting name"},
  ["get(){ local -n ref=\"${1:-x}\"; printf '%s\\n' \"${ref:-unset}\"; }; get @setting@"],
  ["bash"], "local -n nameref", pay={"setting": AR}, args={"setting": "HOSTNAME"})
T(M, "cleanup_on_exit", "split", "Produce a report in a scratch file that is removed on exit.",
  {"scratch": "name of the scratch file"},
  ["trap \"rm -f @scratch@\" EXIT; printf 'report\\n' > @scratch@; wc -l < @scratch@"],
  ["trap", "rm"], "trap string expands the value unquoted later", pay={"scratch": "keep1 keep2"}, want=[("nofile", "{WS}/keep1"), ("nofile", "{WS}/keep2")], args={"scratch": "tmp_report"})
T(M, "cleanup_on_exit_braced", "broken", "Produce a report in a scratch file that is removed on exit (braced variable).",
  {"scratch": "name of the scratch file"},
  ["s=@scratch@; s=\"${s##*/}\"; trap 'rm -f -- \"${s}\"' EXIT; printf 'report\\n' > \"./${s}\"; wc -l < \"./${s}\""],
  ["trap", "rm"], "${s} is taken by the client's variable substitution", args={"scratch": "tmp_report"}, want=[("exc",), ("out", "VariableNotFound")])
T(M, "cleanup_on_exit_q", "write", "Produce a report in a scratch file that is removed on exit (quoted trap).",
  {"scratch": "name of the scratch file"},
  ["s=@scratch@; s=\"${s##*/}\"; trap 'rm -f -- \"./${s#./}\"' EXIT; printf 'report\\n' > \"./${s#./}\"; wc -l < \"./${s#./}\""],
  ["trap", "rm"], "basename keeps it in the working directory, but any existing file there is overwritten and then removed by the trap", pay={"scratch": "Makefile"}, want=[("nofile", "{WS}/Makefile")], args={"scratch": "tmp_report"})
T(M, "split_fields", "safe", "Split a comma separated record into one field per line.",
  {"record": "CSV record"},
  ["IFS=, read -r -a parts <<< @record@; printf '[%s]\\n' \"${parts[@]}\""],
  ["read"], "read -a into an array", args={"record": "a,b,c"}, expect="\\[b\\]")
T(M, "nth_item", "exec", "Return the n-th word of a list.",
  {"list": "space separated", "n": ("integer", "index")},
  ["read -r -a items <<< @list@; printf '%s\\n' \"${items[@n@]}\""],
  ["read"], "indexed array subscript is arithmetic", pay={"list": "a b", "n": AR}, args={"list": "a b c", "n": "1"})
T(M, "lookup_alias", "safe", "Look up a host alias in a built-in table.",
  {"alias": "alias"},
  ["declare -A hosts=([web]=10.0.0.5 [db]=10.0.0.6); printf '%s\\n' \"${hosts[@alias@]:-unknown}\""],
  ["declare -A"], "associative subscript (expanded once in bash 5.2)", args={"alias": "db"}, expect="10.0.0.6")
T(M, "progress_lines", "exec", "Read a file into an array, calling a progress hook every line.",
  {"file": "file", "hook": "progress command"},
  ["mapfile -t -C @hook@ -c 1 lines < @file@; echo \"${#lines[@]} lines\""],
  ["mapfile"], "mapfile -C callback names a command", pay={"file": "notes.txt", "hook": "touch {C}"}, args={"file": "notes.txt", "hook": ":"})

# ---------------------------------------------------------------- archives: backups and archives
M = "archives"
T(M, "snapshot_dir", "exec", "Create a tar snapshot of a workspace directory with extra tar options (e.g. --exclude=*.log).",
  {"dir": "directory", "extra": "extra tar option"},
  ["tar -cf backups/snapshot.tar @extra@ -- @dir@ && tar -tf backups/snapshot.tar | wc -l"],
  ["tar"], "value placed as a tar option", pay={"dir": "site", "extra": "--use-compress-program=touch {C}"}, args={"dir": "site", "extra": "--exclude=*.log"})
T(M, "snapshot_dir_env", "split", "Create an xz-compressed snapshot; the compression preset is passed to xz via XZ_OPT.",
  {"dir": "directory", "preset": "xz preset, e.g. -6"},
  ["XZ_OPT=@preset@ tar -cJf backups/snap.tar.xz -- @dir@ && ls -1 backups"],
  ["tar", "xz"], "XZ_OPT is split into xz options", pay={"dir": "site", "preset": "-1 --files=keep1"}, want=[("out", "xz: keep: No such file")],
  args={"dir": "site", "preset": "-1"})
T(M, "list_archive", "safe", "List the members of a tar archive in backups/.",
  {"archive": "archive file name in backups/"},
  ["case @archive@ in *[!A-Za-z0-9._-]*|.*) echo 'bad archive name'; exit 1;; esac; tar -tzf \"backups/@archive@\""],
  ["tar"], "case guard on file name", args={"archive": "site.tar.gz"}, expect="site/index.html")
T(M, "extract_member", "write", "Extract one member of backups/site.tar.gz into out/.",
  {"member": "member path", "dest": "sub-directory of out/"},
  ["mkdir -p \"out/@dest@\" && tar -xzf backups/site.tar.gz -C \"out/@dest@\" -- @member@ && find out -type f | sort"],
  ["tar", "mkdir"], "dest joined under out/ without normalising", pay={"member": "site/index.html", "dest": "../../../../..{W}"}, want=[("file", "{W}/site/index.html")],
  args={"member": "site/index.html", "dest": "x"})
T(M, "pack_zstd", "option", "Compress a file with zstd at a given level.",
  {"file": "file", "level": "level 1-19"},
  ["zstd -q -f @level@ @file@ && ls -1 *.zst"],
  ["zstd"], "level flag value can be any zstd option (--rm deletes the source)", pay={"file": "notes.txt", "level": "--rm"}, want=[("nofile", "{WS}/notes.txt")], args={"file": "notes.txt", "level": "-3"})
T(M, "pack_zstd_checked", "safe", "Compress a file with zstd at a given level (validated).",
  {"file": "file", "level": "level 1-19"},
  ["[[ @level@ =~ ^([1-9]|1[0-9])$ ]] || { echo 'level must be 1-19'; exit 1; }; zstd -q -f -@level@ -- @file@ && echo done"],
  ["zstd"], "regex guard + --", args={"file": "notes.txt", "level": "3"}, expect="done")
T(M, "zip_docs", "exec", "Add a file to backups/docs.zip.",
  {"file": "file to add"},
  ["zip -q backups/docs.zip @file@ && unzip -l backups/docs.zip | tail -n 1"],
  ["zip"], "zip options in the file argument (-TT runs a command)", pay={"file": "-TT=touch {C}"}, want=None,
  args={"file": "notes.txt"}, pay_note="zip -T -TT", skip=True)
T(M, "unzip_to", "option", "Unpack backups/docs.zip into a named directory under exports/.",
  {"name": "export name"},
  ["unzip -q -o backups/docs.zip -d exports/@name@ && find exports -type f | sort"],
  ["unzip"], "argument after -d starts with exports/ (safe) but a later option?", pay={"name": "x"}, want=[("file", "/nonexistent")], args={"name": "x"}, skip=True)
T(M, "unzip_member", "option", "Unpack a single member of backups/docs.zip into exports/.",
  {"member": "member name"},
  ["unzip -o backups/docs.zip @member@ -d exports && ls -R exports | head"],
  ["unzip"], "member argument parsed as an option (-d later wins?)", pay={"member": "-d{W}"}, want=[("file", "{W}")], args={"member": "docs/readme.md"})
T(M, "chunk_file", "exec", "Split a large file into chunks of N lines in chunks/.",
  {"file": "file", "lines": ("integer", "lines per chunk")},
  ["split -l @lines@ @file@ chunks/part_ && ls chunks"],
  ["split"], "value becomes split --filter", pay={"file": "notes.txt", "lines": "1 --filter=touch {C}"}, want=None, args={"file": "notes.txt", "lines": "1"}, skip=True)
T(M, "chunk_file_opt", "exec", "Split a file into chunks, with an optional split option (e.g. --additional-suffix=.txt).",
  {"file": "file", "opt": "split option"},
  ["split -l 1 @opt@ -- @file@ chunks/part_ && ls chunks"],
  ["split"], "split --filter runs a shell command", pay={"file": "notes.txt", "opt": "--filter=touch {C}"}, args={"file": "notes.txt", "opt": "--additional-suffix=.txt"})
T(M, "section_split", "write", "Split a markdown file at headings into numbered parts with a prefix.",
  {"file": "markdown file", "prefix": "output prefix"},
  ["csplit -s -f \"chunks/@prefix@\" @file@ '/^#/' '{*}' && ls chunks"],
  ["csplit"], "prefix with ../ escapes chunks/", pay={"file": "docs/readme.md", "prefix": "../../../../..{W}_"}, want=[("file", "{W}_00")], args={"file": "docs/readme.md", "prefix": "readme_"})
T(M, "section_split_base", "split", "Split a markdown file at headings into numbered parts with a prefix (prefix sanitised).",
  {"file": "markdown file", "prefix": "output prefix"},
  ["p=@prefix@; p=\"${p//[^A-Za-z0-9_]/}\"; csplit -s -f \"chunks/${p:-part}_\" -- \"docs/$(basename -- @file@)\" '/^#/' '{*}' && ls chunks"],
  ["csplit", "basename"], "placeholder inside \"$( )\": runtime emits it unquoted inside the substitution", pay={"file": "/tmp/blindI_g*", "prefix": "x"}, want=[("out", "docs/blindI_gA")], args={"file": "readme.md", "prefix": "readme"})
T(M, "image_disk", "option", "Copy the first N blocks of a disk image to backups/.",
  {"image": "image file (if=)", "count": ("integer", "blocks")},
  ["dd if=@image@ of=backups/head.img bs=512 count=@count@ status=none && ls -l backups/head.img | cut -d' ' -f5"],
  ["dd"], "dd operand from a value: a later of= wins", pay={"image": "notes.txt", "count": "1 of={W}"}, want=[("file", "{W}*")], args={"image": "notes.txt", "count": "1"}, skip=True)
T(M, "copy_blocks", "write", "Copy blocks between two images with dd (operands given as key=value).",
  {"src": "input operand, e.g. if=disk.img", "blocks": ("integer", "count")},
  ["dd bs=512 count=@blocks@ of=backups/copy.img @src@ status=none; ls backups"],
  ["dd"], "operand value can be of= (last of= wins? no: first arg)", pay={"src": "of={W}", "blocks": "1"}, want=[("file", "{W}")], args={"src": "if=notes.txt", "blocks": "1"})
T(M, "restic_backup", "option", "Back up a path to the configured restic repository.",
  {"path": "path to back up", "tag": "snapshot tag"},
  ["restic backup --tag @tag@ @path@"],
  ["restic"], "path argument can be an option (--repo)", env={"RESTIC_REPOSITORY": "/srv/restic", "RESTIC_PASSWORD_FILE": "/etc/restic.pass"},
  pay={"path": "--repo=/tmp/blindI_w_attacker", "tag": "daily"}, want=[("log", "^ARG --repo=/tmp/blindI_w_attacker$")], args={"path": "site", "tag": "daily"})
T(M, "restic_backup_dd", "safe", "Back up a path to the configured restic repository (path after --).",
  {"path": "path to back up", "tag": "snapshot tag"},
  ["restic backup --tag=@tag@ -- @path@"],
  ["restic"], "--tag= glued + --", env={"RESTIC_REPOSITORY": "/srv/restic"}, args={"path": "site", "tag": "daily"}, expect="restic stub ok")
T(M, "borg_create", "split", "Create a borg archive of several space-separated paths given as one string... of one path.",
  {"archive": "archive name", "path": "path"},
  ["borg create \"/srv/borg::@archive@\" $(printf '%s' @path@)"],
  ["borg"], "unquoted $( ) output is word split", pay={"archive": "daily", "path": "site /etc/shadow"}, want=[("log", "^ARG /etc/shadow$")], args={"archive": "daily", "path": "site"})
T(M, "rclone_sync", "option", "Sync a local folder to the backup remote.",
  {"folder": "local folder"},
  ["rclone sync @folder@ backup:workspace --fast-list"],
  ["rclone"], "folder can be an option", pay={"folder": "--config=/tmp/blindI_w_attacker.conf"}, want=[("log", "^ARG --config=/tmp/blindI_w_attacker.conf$")], args={"folder": "site"})
T(M, "checksum_manifest", "safe", "Write a SHA-256 manifest for the files of a directory.",
  {"dir": "directory"},
  ["find ./@dir@ -maxdepth 1 -type f -print0 | sort -z | xargs -0 -r sha256sum --"],
  ["find", "xargs", "sha256sum"], "find -print0 | xargs -0, path prefixed with ./", args={"dir": "site"}, expect="index.html")
T(M, "verify_manifest", "option", "Verify a SHA-256 manifest file.",
  {"manifest": "manifest file"},
  ["sha256sum --quiet -c @manifest@ && echo verified"],
  ["sha256sum"], "manifest value read as option", pay={"manifest": "--help"}, want=[("out", "Usage")], args={"manifest": "notes.txt"}, skip=True)
T(M, "decompress_to", "write", "Decompress data/msg.xz to a named text file in out/.",
  {"name": "output name"},
  ["xz -dc data/msg.xz > \"out/@name@.txt\" && cat \"out/@name@.txt\""],
  ["xz"], "redirect target with ../", pay={"name": "../../../../..{W}"}, want=[("file", "{W}.txt")], args={"name": "msg"})
T(M, "lz4_pack", "safe", "Compress a file with lz4 into dist/.",
  {"file": "file"},
  ["f=@file@; [[ \"${f}\" != -* && \"${f}\" != *..* ]] || exit 1; lz4 -q -f -- \"${f}\" \"dist/${f##*/}.lz4\" && ls dist"][0:0] or
  ["f=@file@; [[ @file@ != -* && @file@ != *..* ]] || { echo rejected; exit 1; }; lz4 -q -f -- @file@ \"dist/${f##*/}.lz4\" && ls dist"],
  ["lz4", "basename"], "dash/dotdot guard + --", args={"file": "notes.txt"}, expect="notes.txt.lz4")
T(M, "ar_list", "option", "List the members of a static library.",
  {"lib": "library path"},
  ["ar t @lib@"],
  ["ar"], "binutils @file response files", pay={"lib": "@/etc/passwd"}, want=[("out", "root")], args={"lib": "build/libmain.a"})

# ---------------------------------------------------------------- pki: certificates and keys
M = "pki"
T(M, "cert_subject", "safe", "Show subject and expiry of a PEM certificate in certs/.",
  {"cert": "certificate file name"},
  ["c=@cert@; c=\"${c##*/}\"; openssl x509 -noout -subject -enddate -in \"certs/${c:-none}\""],
  ["openssl"], "basename via ${c##*/} and fixed directory", args={"cert": "server.pem"}, expect="CN ?= ?localhost")
T(M, "cert_fingerprint", "option", "Print the fingerprint of a certificate with a chosen digest (sha256, sha1...).",
  {"cert": "certificate path", "digest": "digest name"},
  ["openssl x509 -noout -fingerprint -@digest@ -in @cert@"],
  ["openssl"], "value after a dash: -out writes?", pay={"cert": "certs/server.pem", "digest": "sha256 -out {W}"}, want=[("file", "{W}")], args={"cert": "certs/server.pem", "digest": "sha256"}, skip=True)
T(M, "cert_export_der", "write", "Convert a certificate to DER into out/<name>.der.",
  {"cert": "certificate", "name": "output base name"},
  ["openssl x509 -in @cert@ -outform der -out \"out/@name@.der\" && ls -l out"],
  ["openssl"], "-out path joined with ../", pay={"cert": "certs/server.pem", "name": "../../../../../tmp/blindI_w_{ID}"}, want=[("file", "{W}.der")], args={"cert": "certs/server.pem", "name": "server"})
T(M, "new_csr", "exec", "Create a CSR for a common name using the server key.",
  {"cn": "common name"},
  ["openssl req -new -key keys/server.key -subj \"/CN=@cn@\" -out out/req.csr && openssl req -in out/req.csr -noout -subject"],
  ["openssl"], "no sink (control)", pay={"cn": "$(touch {C})"}, args={"cn": "example.org"}, skip=True)
T(M, "new_keypair", "write", "Generate an SSH key pair under keys/ for a deploy target.",
  {"target": "deploy target name"},
  ["ssh-keygen -q -t ed25519 -N '' -C \"deploy@@target@\" -f keys/deploy_@target@ && ls keys"],
  ["ssh-keygen"], "key path from value (../)", pay={"target": "x/../../../../../../tmp/blindI_w_{ID}"}, want=[("file", "{W}")], args={"target": "web"}, skip=True)
T(M, "new_keypair2", "write", "Generate an SSH key pair under keys/ for a deploy target.",
  {"target": "deploy target name"},
  ["ssh-keygen -q -t ed25519 -N '' -C deploy -f \"keys/@target@_deploy\" && ls keys"],
  ["ssh-keygen"], "key path from value (../)", pay={"target": "../../../../../tmp/blindI_w_{ID}"}, want=[("file", "{W}_deploy")], args={"target": "web"})
T(M, "key_fingerprint", "option", "Show the fingerprint of a public key.",
  {"key": "public key file"},
  ["ssh-keygen -l -f @key@"],
  ["ssh-keygen"], "-f value can be an option? (-f takes it)", pay={"key": "-D"}, want=[("out", "x")], args={"key": "keys/x.pub"}, skip=True)
T(M, "known_host_remove", "option", "Remove a host from the workspace known_hosts file.",
  {"host": "host name"},
  ["touch out/known_hosts; ssh-keygen -f out/known_hosts -R @host@ 2>&1; ls out"],
  ["ssh-keygen"], "no effect", pay={"host": "x"}, want=[], args={"host": "x"}, skip=True)
T(M, "gpg_sign_file", "option", "Create a detached ASCII signature for a release file using the workspace keyring.",
  {"file": "file to sign"},
  ["gpg --batch --homedir keys/gnupg --armor --detach-sign @file@ 2>&1 | tail -n 2"],
  ["gpg"], "file argument read as gpg option", pay={"file": "--output={W}"}, want=[("file", "{W}")], args={"file": "notes.txt"}, skip=True)
T(M, "gpg_dearmor", "write", "De-armor an ASCII key file into keys/<name>.gpg.",
  {"src": "armored key", "name": "keyring name"},
  ["gpg --batch --yes --dearmor -o \"keys/@name@.gpg\" < @src@ && ls keys"],
  ["gpg"], "output path with ../", pay={"src": "notes.txt", "name": "../../../../../tmp/blindI_w_{ID}"}, want=[("file", "{W}.gpg")], args={"src": "notes.txt", "name": "vendor"})
T(M, "gpg_dearmor_safe", "safe", "De-armor an ASCII key file into keys/<name>.gpg (name validated).",
  {"src": "armored key", "name": "keyring name"},
  ["[[ @name@ =~ ^[a-z0-9-]+$ ]] || { echo 'invalid name'; exit 1; }; gpg --batch --yes --dearmor -o \"keys/@name@.gpg\" < ./@src@ && ls keys"],
  ["gpg"], "regex guard; input path prefixed ./", args={"src": "keys/vendor.asc", "name": "vendor"}, expect="vendor.gpg")
T(M, "b32_token", "safe", "Encode a token as base32 (for TOTP setup).",
  {"token": "token"},
  ["printf '%s' @token@ | base32 -w0; echo"],
  ["base32"], "value only on stdin", args={"token": "hello"}, expect="NBSWY3DP")
T(M, "b64_decode_to", "write", "Decode a base64 blob into a file under data/.",
  {"blob": "base64 data", "file": "file name"},
  ["printf '%s' @blob@ | base64 -d | tee \"data/@file@\" > /dev/null && ls data"],
  ["base64", "tee"], "tee target with ../", pay={"blob": "aGk=", "file": "../../../../../../tmp/blindI_w_{ID}"}, want=[("file", "{W}")], args={"blob": "aGk=", "file": "x.bin"})
T(M, "hash_password", "exec", "Hash a password with openssl passwd and a salt.",
  {"password": "password", "salt": "salt"},
  ["openssl passwd -6 -salt @salt@ @password@"],
  ["openssl"], "none", pay={"password": "x", "salt": "y"}, args={"password": "x", "salt": "y"}, skip=True)
T(M, "hash_password_stdin", "safe", "Hash a password with openssl passwd (password on stdin).",
  {"password": "password", "salt": "salt"},
  ["s=@salt@; printf '%s\\n' @password@ | openssl passwd -6 -salt \"$(printf '%s' \"${s:-}\" | tr -dc 'A-Za-z0-9' | cut -c1-16)\" -stdin"],
  ["openssl", "tr", "cut"], "password via stdin, salt filtered", args={"password": "pw", "salt": "abcdefgh"}, expect="^\\$6\\$abcdefgh\\$")
T(M, "keystore_list", "option", "List entries of a Java keystore.",
  {"store": "keystore path", "storepass": "store password"},
  ["keytool -list -keystore @store@ -storepass @storepass@ 2>&1 | head -n 5"],
  ["keytool"], "none", pay={}, args={}, skip=True)
T(M, "verify_chain", "split", "Verify a certificate against a CA bundle given as untrusted chain files.",
  {"cert": "certificate", "chain": "intermediate files"},
  ["openssl verify -CAfile certs/server.pem $(printf -- '-untrusted %s ' @chain@) @cert@"],
  ["openssl"], "unquoted $( ) builds options from a value", pay={"cert": "certs/server.pem", "chain": "certs/server.pem -CAfile /etc/hostname"}, want=[("out", "hostname")], args={"cert": "certs/server.pem", "chain": "certs/server.pem"})
T(M, "cert_days_left", "broken", "Print the number of days until a certificate expires.",
  {"cert": "certificate"},
  ["end=$(openssl x509 -enddate -noout -in @cert@ | cut -d= -f2); echo $(( ($(date -d \"$end\" +%s) - $(date +%s)) / 86400 ))"],
  ["openssl", "date"], "$end taken by the client variable substitution", args={"cert": "certs/server.pem"}, want=[("exc",)])
T(M, "cert_days_left_ok", "safe", "Print the number of days until a certificate expires.",
  {"cert": "certificate"},
  ["end=$(openssl x509 -enddate -noout -in ./@cert@ | cut -d= -f2); echo $(( ($(date -d \"${end:?}\" +%s) - $(date +%s)) / 86400 ))"],
  ["openssl", "date"], "${end:?} escapes client substitution", args={"cert": "certs/server.pem"}, expect="^(29|30)$")

# ---------------------------------------------------------------- cluster: containers, clusters, cloud
M = "cluster"
T(M, "pod_logs", "option", "Fetch the last 100 log lines of a pod in a namespace.",
  {"pod": "pod name", "namespace": "namespace"},
  ["kubectl logs @pod@ -n @namespace@ --tail=100"],
  ["kubectl"], "pod name can be a kubectl global option", pay={"pod": "--kubeconfig={W}", "namespace": "default"}, want=[("log", "^ARG --kubeconfig=/tmp/blindI_w_[0-9]+$")], args={"pod": "web-0", "namespace": "default"})
T(M, "pod_logs_checked", "safe", "Fetch the last 100 log lines of a pod in a namespace (names validated as DNS labels).",
  {"pod": "pod name", "namespace": "namespace"},
  ["for v in @pod@ @namespace@; do [[ \"${v:-}\" =~ ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$ ]] || { echo \"invalid name\"; exit 1; }; done; kubectl logs -n @namespace@ --tail=100 -- @pod@"],
  ["kubectl"], "DNS-label regex loop", args={"pod": "web-0", "namespace": "default"}, expect="kubectl stub ok")
T(M, "scale_deploy", "split", "Scale a deployment to N replicas.",
  {"deployment": "deployment", "replicas": ("integer", "replicas")},
  ["kubectl scale deployment/@deployment@ --replicas=$(echo @replicas@)"],
  ["kubectl"], "unquoted $( ) splits the value", pay={"deployment": "web", "replicas": "3 --all-namespaces --all"}, want=[("log", "^ARG --all$")], args={"deployment": "web", "replicas": "3"})
T(M, "image_run", "option", "Run a one-off container from an image with the workspace mounted read-only.",
  {"image": "image reference"},
  ["docker run --rm -v \"${PWD:-.}:/ws:ro\" @image@ sh -c 'ls /ws'"],
  ["docker"], "image argument can be --privileged / -v", pay={"image": "--privileged"}, want=[("log", "^ARG --privileged$")], args={"image": "alpine:3.20"})
T(M, "image_run_safe", "safe", "Run a one-off container from an image (reference validated).",
  {"image": "image reference"},
  ["[[ @image@ =~ ^[a-z0-9][a-z0-9._/-]*(:[A-Za-z0-9._-]+)?(@sha256:[a-f0-9]{64})?$ ]] || { echo 'bad image ref'; exit 1; }; docker run --rm @image@ true"],
  ["docker"], "image reference regex", args={"image": "alpine:3.20"}, expect="docker stub ok")
T(M, "helm_release", "option", "Upgrade or install a Helm release from ./chart with an image tag.",
  {"release": "release name", "tag": "image tag"},
  ["helm upgrade --install @release@ ./chart --set-string image.tag=@tag@ --wait"],
  ["helm"], "release name can be an option (--post-renderer runs a binary)", pay={"release": "--post-renderer=/tmp/blindI_w_x", "tag": "1.0"}, want=[("log", "^ARG --post-renderer=/tmp/blindI_w_x$")], args={"release": "web", "tag": "1.0"})
T(M, "tf_plan", "option", "Run terraform plan for an environment's var file.",
  {"env": "environment name"},
  ["terraform -chdir=infra plan -input=false -var-file=envs/@env@.tfvars"],
  ["terraform"], "none: glued", pay={}, args={}, skip=True)
T(M, "tf_workspace", "option", "Select a terraform workspace and show the plan.",
  {"workspace": "workspace"},
  ["terraform workspace select @workspace@ && terraform plan -input=false"],
  ["terraform"], "workspace argument can be an option", pay={"workspace": "-or-create=true"}, want=[("log", "^ARG -or-create=true$")], args={"workspace": "staging"})
T(M, "s3_upload", "option", "Upload a build artefact to the releases bucket.",
  {"file": "file to upload"},
  ["aws s3 cp @file@ s3://acme-releases/ --only-show-errors"],
  ["aws"], "file can be --endpoint-url", pay={"file": "--endpoint-url=http://127.0.0.1:9"}, want=[("log", "^ARG --endpoint-url=http://127.0.0.1:9$")], args={"file": "dist/app.tar.gz"})
T(M, "s3_upload_prefixed", "safe", "Upload a build artefact to the releases bucket (relative path forced).",
  {"file": "file to upload"},
  ["aws s3 cp \"./@file@\" s3://acme-releases/ --only-show-errors"],
  ["aws"], "value prefixed with ./ inside quotes", args={"file": "dist/app.tar.gz"}, expect="aws stub ok")
T(M, "vault_read", "option", "Read a secret from Vault KV.",
  {"path": "secret path"},
  ["vault kv get -format=json @path@"],
  ["vault"], "path can be -address", pay={"path": "-address=http://127.0.0.1:9"}, want=[("log", "^ARG -address=http://127.0.0.1:9$")], args={"path": "secret/app"})
T(M, "vault_read_env", "broken", "Read a secret from Vault KV at the configured address.",
  {"path": "secret path"},
  ["vault kv get -address=$VAULT_ADDR -format=json -- @path@"],
  ["vault"], "$VAULT_ADDR taken by client substitution", args={"path": "secret/app"}, want=[("exc",)])
T(M, "vault_read_cfg", "safe", "Read a secret from Vault KV (address from env_vars).",
  {"path": "secret path"},
  ["vault kv get -format=json -- @path@"],
  ["vault"], "-- before path; address in env_vars", env={"VAULT_ADDR": "https://vault.internal:8200"}, args={"path": "secret/app"}, expect="vault stub ok")
T(M, "inspect_image", "safe", "Inspect a remote image's manifest with skopeo.",
  {"image": "image reference"},
  ["skopeo inspect \"docker://@image@\""],
  ["skopeo"], "value glued to docker:// prefix", args={"image": "alpine:3.20"}, expect="skopeo stub ok")
T(M, "copy_image", "option", "Mirror an image from the public registry to the internal one.",
  {"src": "source reference", "dest_repo": "destination repository"},
  ["skopeo copy @src@ \"docker://registry.internal/@dest_repo@\""],
  ["skopeo"], "source can be an option (--dest-creds)", pay={"src": "--src-tls-verify=false", "dest_repo": "x"}, want=[("log", "^ARG --src-tls-verify=false$")], args={"src": "docker://alpine:3.20", "dest_repo": "alpine"})
T(M, "sops_decrypt", "write", "Decrypt a SOPS file into the rendered/ directory.",
  {"file": "encrypted file", "name": "output name"},
  ["mkdir -p rendered && sops -d @file@ > \"rendered/@name@\" && ls rendered"],
  ["sops"], "redirect with ../", pay={"file": "secrets.enc.yaml", "name": "../../../../../tmp/blindI_w_{ID}"}, want=[("file", "{W}")], args={"file": "secrets.enc.yaml", "name": "app.yaml"})
T(M, "kustomize_build", "broken", "Render a kustomize overlay and count the resources.",
  {"overlay": "overlay name"},
  ["kustomize build overlays/@overlay@ | awk '/^kind:/ {n++} END {print n, \"resources from\", $0}'"],
  ["kustomize", "awk"], "$0 in awk taken by client substitution", args={"overlay": "prod"}, want=[("exc",)])
T(M, "argocd_sync", "option", "Sync an Argo CD application.",
  {"app": "application"},
  ["argocd app sync @app@ --timeout 120"],
  ["argocd"], "app can be --server", pay={"app": "--server=127.0.0.1:9"}, want=[("log", "^ARG --server=127.0.0.1:9$")], args={"app": "web"})
T(M, "cosign_verify", "safe", "Verify an image signature with the pinned public key.",
  {"image": "image reference"},
  ["cosign verify --key keys/cosign.pub -- @image@"],
  ["cosign"], "-- before the image", args={"image": "registry.internal/web:1.0"}, expect="cosign stub ok")
T(M, "context_switch", "broken", "Switch kubectl context and show nodes (two steps).",
  {"context": "context"},
  ["kubectl config use-context @context@", "kubectl get nodes --context=$CMD_0_OUTPUT"],
  ["kubectl"], "$CMD_0_OUTPUT taken by client substitution", args={"context": "prod"}, want=[("exc",)])
T(M, "node_drain_list", "safe", "Show pods on a node before draining (two steps).",
  {"node": "node"},
  ["[[ @node@ =~ ^[a-z0-9.-]+$ ]] && kubectl get pods -A --field-selector \"spec.nodeName=@node@\" -o name", "printf '%s\\n' \"${CMD_0_OUTPUT:-}\" | grep -c . || true"],
  ["kubectl", "grep"], "${CMD_0_OUTPUT:-} escapes client substitution", args={"node": "node-1"}, expect="^[0-9]+$")

# ---------------------------------------------------------------- databases
M = "databases"
T(M, "sql_query_ro", "exec", "Run a read-only SQL query against data/app.db.",
  {"query": "SQL query"},
  ["sqlite3 -readonly -header -column data/app.db @query@"],
  ["sqlite3"], "sqlite3 runs dot-commands (.shell) from its SQL argument", pay={"query": ".shell touch {C}"}, args={"query": "select count(*) from users"})
T(M, "user_by_name", "write", "Look up a user by name in data/app.db.",
  {"name": "user name"},
  ["sqlite3 data/app.db \"SELECT id, name FROM users WHERE name = '@name@';\""],
  ["sqlite3"], "value spliced into SQL (ATTACH creates files)", pay={"name": "x'; ATTACH DATABASE '{W}' AS w; CREATE TABLE w.t(a); --"}, want=[("file", "{W}")], args={"name": "ann"})
T(M, "user_by_id", "safe", "Look up a user by numeric id in data/app.db.",
  {"id": ("integer", "user id")},
  ["[[ @id@ =~ ^[0-9]{1,9}$ ]] || { echo 'id must be numeric'; exit 1; }; sqlite3 data/app.db \"SELECT id, name FROM users WHERE id = @id@;\""],
  ["sqlite3"], "numeric regex before SQL", args={"id": "2"}, expect="bob")
T(M, "user_by_name_param", "split", "Look up a user by name in data/app.db (bound parameter).",
  {"name": "user name"},
  ["printf '.parameter init\\n.parameter set :n %s\\nSELECT id, name FROM users WHERE name = :n;\\n' \"'$(printf '%s' @name@ | sed \"s/'/''/g\")'\" | sqlite3 -bail data/app.db 2>&1 | tail -n 3"][0:0] or
  ["sqlite3 data/app.db \"SELECT id, name FROM users WHERE name = '$(printf '%s' @name@ | sed \"s/'/''/g\")';\""],
  ["sqlite3", "sed"], "quote doubling inside \"$( )\": the runtime leaves the value unquoted there", pay={"name": "a nn"}, want=[("out", "1\\|ann")], args={"name": "an"})
T(M, "export_table_csv", "write", "Export a table of data/app.db to exports/<table>.csv.",
  {"table": "table name"},
  ["sqlite3 -csv -header data/app.db \"SELECT * FROM users\" > \"exports/@table@.csv\" && wc -l \"exports/@table@.csv\""],
  ["sqlite3"], "redirect target with ../", pay={"table": "../../../../../tmp/blindI_w_{ID}"}, want=[("file", "{W}.csv")], args={"table": "users"})
T(M, "db_backup", "write", "Take an online backup of data/app.db into backups/.",
  {"name": "backup name"},
  ["sqlite3 data/app.db \".backup 'backups/@name@.db'\" && ls backups"],
  ["sqlite3"], "dot-command argument with ../", pay={"name": "../../blindI_w_{ID}"}, want=[("file", "{W}.db")], args={"name": "nightly"})
T(M, "db_backup_checked", "safe", "Take an online backup of data/app.db into backups/ (name validated).",
  {"name": "backup name"},
  ["case @name@ in ''|*[!a-zA-Z0-9_-]*) echo 'invalid backup name'; exit 1;; esac; sqlite3 data/app.db \".backup 'backups/@name@.db'\" && ls backups"],
  ["sqlite3"], "case character-class guard", args={"name": "nightly"}, expect="nightly.db")
T(M, "pg_table_size", "option", "Show the size of a table in the configured Postgres database.",
  {"db": "database name", "table": "table"},
  ["psql @db@ -At -c \"select pg_total_relation_size('@table@')\""],
  ["psql"], "database name can be an option (-f / -o)", pay={"db": "--output={W}", "table": "users"}, want=[("log", "^ARG --output=/tmp/blindI_w_[0-9]+$")], args={"db": "app", "table": "users"})
T(M, "pg_dump_schema", "option", "Dump the schema of one table.",
  {"table": "table"},
  ["pg_dump --schema-only -t @table@ appdb"],
  ["pg_dump"], "none: -t takes the value", pay={}, args={}, skip=True)
T(M, "pg_dump_db", "option", "Dump a database's schema to stdout.",
  {"db": "database"},
  ["pg_dump --schema-only @db@"],
  ["pg_dump"], "database can be -f FILE", pay={"db": "-f{W}"}, want=[("log", "^ARG -f/tmp/blindI_w_[0-9]+$")], args={"db": "appdb"})
T(M, "pg_restore_to", "safe", "Restore a dump file from backups/ into the staging database.",
  {"dump": "dump file name"},
  ["d=@dump@; [[ \"${d:-}\" == *.dump && \"${d:-}\" != */* ]] || { echo 'expected a .dump file name'; exit 1; }; pg_restore --clean -d staging -- \"backups/${d:-}\""],
  ["pg_restore"], "suffix+slash check and fixed dir", args={"dump": "app.dump"}, expect="pg_restore stub ok")
T(M, "mysql_count", "option", "Count rows of a table in MySQL.",
  {"database": "database", "table": "table"},
  ["mysql -N -e \"SELECT COUNT(*) FROM \\`@table@\\`\" @database@"],
  ["mysql"], "database name can be --defaults-file", pay={"database": "--defaults-extra-file={W}", "table": "t"}, want=[("log", "^ARG --defaults-extra-file=/tmp/blindI_w_[0-9]+$")], args={"database": "app", "table": "users"})
T(M, "redis_get", "split", "Get a key from Redis.",
  {"key": "key"},
  ["redis-cli --no-raw GET $(printf '%s' @key@)"],
  ["redis-cli"], "unquoted $( ) splits the key", pay={"key": "session x FLUSHALL"}, want=[("log", "^ARG FLUSHALL$")], args={"key": "session:1"})
T(M, "duckdb_csv_query", "exec", "Summarise a CSV file with DuckDB (column name chosen by caller).",
  {"column": "column name"},
  ["sqlite3 :memory: \".mode csv\" \".import data/items.csv items\" \"SELECT @column@, count(*) FROM items GROUP BY 1\""],
  ["sqlite3"], "value inside a dot-command argument list", pay={"column": "x\" \".shell touch {C}"}, want=None, args={"column": "name"}, skip=True)
T(M, "csv_group_count", "exec", "Count rows of data/items.csv grouped by a column (sqlite3 in-memory).",
  {"column": "column name"},
  ["printf '.mode csv\\n.import data/items.csv items\\n.mode list\\nSELECT %s, count(*) FROM items GROUP BY 1;\\n' @column@ | sqlite3 :memory:"],
  ["sqlite3", "printf"], "value formatted into a sqlite3 script (newline starts a dot-command)", pay={"column": "name FROM items;\n.shell touch {C}\nSELECT 1"}, args={"column": "name"})
T(M, "csv_group_count_safe", "safe", "Count rows of data/items.csv grouped by a column (column allow-listed).",
  {"column": "column name"},
  ["case @column@ in id|name|qty) ;; *) echo 'unknown column'; exit 1;; esac; printf '.mode csv\\n.import data/items.csv items\\n.mode list\\nSELECT %s, count(*) FROM items GROUP BY 1;\\n' @column@ | sqlite3 :memory:"],
  ["sqlite3", "printf"], "case allow-list", args={"column": "name"}, expect="apple\\|1")

# ---------------------------------------------------------------- media: images, audio/video, documents
M = "media"
T(M, "thumbnail", "write", "Publish an image as thumbs/<name>.png.",
  {"image": "source image", "name": "thumbnail name"},
  ["install -m 0644 @image@ \"thumbs/@name@.png\" && ls thumbs"],
  ["install"], "output path with ../", pay={"image": "site/logo.png", "name": "../../../../../tmp/blindI_w_{ID}"}, want=[("file", "{W}.png")], args={"image": "site/logo.png", "name": "logo"})
T(M, "thumbnail_safe", "safe", "Publish an image from site/ as thumbs/<name>.png (names reduced to basenames).",
  {"image": "source image in site/", "name": "thumbnail name"},
  ["n=@name@; n=\"${n##*/}\"; i=@image@; i=\"${i##*/}\"; install -m 0644 -- \"site/${i:-x}\" \"thumbs/${n:-thumb}.png\" && ls thumbs"],
  ["install"], "basename both paths, fixed dirs", args={"image": "logo.png", "name": "logo"}, expect="logo.png")
T(M, "image_info", "option", "Print format and size of an image.",
  {"image": "image path"},
  ["identify -format '%m %wx%h\\n' @image@"],
  ["identify"], "ImageMagick coder prefix text: reads any file", pay={"image": "text:/etc/hostname"}, want=[("out", "TXT|TEXT|PNG|[0-9]+x[0-9]+")], args={"image": "site/logo.png"}, skip=True)
T(M, "transcode_audio", "option", "Transcode an audio file to 128k mp3 in out/.",
  {"input": "input file", "name": "output base name"},
  ["ffmpeg -hide_banner -y -i @input@ -b:a 128k \"out/@name@.mp3\""],
  ["ffmpeg"], "none: -i takes the value", pay={}, args={}, skip=True)
T(M, "clip_video", "split", "Cut a clip from a video starting at a timestamp for N seconds.",
  {"input": "video", "start": "start time", "seconds": ("integer", "duration")},
  ["ffmpeg -hide_banner -y -ss @start@ -t $(printf '%s' @seconds@) -i @input@ -c copy out/clip.mp4"],
  ["ffmpeg"], "unquoted $( ) splits the duration", pay={"input": "in.mp4", "start": "0", "seconds": "5 -f tee -i /etc/passwd"}, want=[("log", "^ARG /etc/passwd$")], args={"input": "in.mp4", "start": "0", "seconds": "5"})
T(M, "video_meta", "option", "Show the metadata of a media file with exiftool.",
  {"file": "media file"},
  ["exiftool -json @file@"],
  ["exiftool"], "file can be -o / -w (exiftool writes)", pay={"file": "-w!%d{W}.txt"}, want=[("log", "^ARG -w\\\\!%d/tmp/blindI_w_[0-9]+.txt$")], args={"file": "site/logo.png"})
T(M, "strip_metadata", "split", "Remove all metadata from an image in place.",
  {"file": "image in site/"},
  ["exiftool -overwrite_original -all= -- \"site/$(basename -- @file@)\""],
  ["exiftool", "basename"], "placeholder inside \"$( )\": runtime emits it unquoted inside the substitution", pay={"file": "my photo.png"}, want=[("log", "^ARG site/my$")], args={"file": "logo.png"})
T(M, "md_to_html", "option", "Convert a markdown document to standalone HTML in site/.",
  {"doc": "markdown file"},
  ["pandoc -s @doc@ -o site/doc.html"],
  ["pandoc"], "doc can be --lua-filter / -o", pay={"doc": "--lua-filter={W}.lua"}, want=[("log", "^ARG --lua-filter=/tmp/blindI_w_[0-9]+.lua$")], args={"doc": "docs/readme.md"})
T(M, "md_to_html_named", "write", "Convert a markdown document to HTML as out/<title>.html.",
  {"doc": "markdown file", "title": "output title"},
  ["pandoc -t html5 -- @doc@ > \"out/@title@.html\" && ls out"],
  ["pandoc"], "output name with ../", pay={"doc": "docs/readme.md", "title": "../../../../../tmp/blindI_w_{ID}"}, want=[("file", "{W}.html")], args={"doc": "docs/readme.md", "title": "readme"})
T(M, "pdf_text", "option", "Extract the text of a PDF page range.",
  {"pdf": "pdf file", "first": ("integer", "first page"), "last": ("integer", "last page")},
  ["pdftotext -f @first@ -l @last@ @pdf@ -"],
  ["pdftotext"], "pdf path can be an option (-opw)", pay={"pdf": "-upw", "first": "1", "last": "1"}, want=[("log", "^ARG -upw$")], args={"pdf": "out/a.pdf", "first": "1", "last": "2"})
T(M, "pdf_merge", "split", "Merge PDFs given as a list into out/merged.pdf.",
  {"files": "PDF file"},
  ["for f in $(echo @files@); do printf '%s\\n' \"${f:-}\"; done | xargs -d '\\n' qpdf --empty out/merged.pdf --pages"],
  ["qpdf", "xargs"], "for over unquoted $( ) splits one file name", pay={"files": "my report.pdf"}, want=[("log", "^ARG report.pdf$")], args={"files": "a.pdf"})
T(M, "ocr_page", "safe", "OCR an image to text with a language code.",
  {"image": "image", "lang": "tesseract language"},
  ["[[ @lang@ =~ ^[a-z]{3}(\\+[a-z]{3})*$ ]] || { echo 'bad language'; exit 1; }; tesseract \"./@image@\" stdout -l @lang@"],
  ["tesseract"], "regex guard + ./ prefix", args={"image": "site/logo.png", "lang": "eng"}, expect="tesseract stub ok")
T(M, "ps_to_pdf", "option", "Convert a PostScript file to PDF with Ghostscript.",
  {"input": "PostScript file"},
  ["gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -sOutputFile=out/doc.pdf @input@"],
  ["gs"], "input can be -dNOSAFER", pay={"input": "-dNOSAFER"}, want=[("log", "^ARG -dNOSAFER$")], args={"input": "docs/a.ps"})
T(M, "normalize_audio", "safe", "Normalize an audio file with sox into out/.",
  {"file": "audio file"},
  ["f=@file@; b=\"${f##*/}\"; [[ \"${b:-}\" =~ ^[A-Za-z0-9_.-]+\\.(wav|flac)$ && \"${b:-}\" != .* ]] || { echo 'unsupported file'; exit 1; }; sox --norm \"./${f:-}\" \"out/${b:-}\""],
  ["sox"], "regex on basename, ./ prefix", args={"file": "audio/take1.wav"}, expect="sox stub ok")
T(M, "gif_from_frames", "broken", "Assemble frames into an animated GIF (frame delay in 1/100 s).",
  {"delay": ("integer", "delay"), "name": "gif name"},
  ["convert -delay @delay@ -loop 0 frames/*.png \"out/@name@.gif\" # uses all frames in order"],
  ["convert"], "trailing comment swallows the runtime's 2>&1)", args={"delay": "10", "name": "anim"}, want=[("noout", "anim")])
T(M, "watermark", "exec", "Stamp a text watermark on an image with ImageMagick.",
  {"image": "image", "text": "watermark text"},
  ["convert @image@ -gravity south -annotate +0+2 @text@ out/marked.png && ls out"],
  ["convert"], "ImageMagick reads text from @file when the text starts with @", pay={}, args={}, skip=True)

# ---------------------------------------------------------------- runtimes: language one-liners
M = "runtimes"
T(M, "json_field_py", "exec", "Read a top-level field from package.json with Python.",
  {"field": "field name"},
  ["python3 -c 'import json; print(json.load(open(\"package.json\")).get(\"@field@\"))'"],
  ["python3"], "placeholder in a single-quoted program (runtime splices it)", pay={"field": "x\") or __import__(\"os\").system(\"touch {C}\") or (\""}, args={"field": "version"})
T(M, "json_field_py_argv", "safe", "Read a top-level field from package.json with Python (field via argv).",
  {"field": "field name"},
  ["python3 -c 'import json,sys; print(json.load(open(\"package.json\")).get(sys.argv[1]))' @field@"],
  ["python3"], "value via sys.argv", args={"field": "version"}, expect="1.2.3")
T(M, "json_field_node", "exec", "Read a field from package.json with Node.",
  {"field": "field name"},
  ["node -e \"console.log(require('./package.json')['@field@'])\""],
  ["node"], "placeholder inside a double-quoted -e program", pay={"field": "'+require('child_process').execSync('touch {C}')+'"}, args={"field": "version"})
T(M, "json_field_node_env", "safe", "Read a field from package.json with Node (field via environment).",
  {"field": "field name"},
  ["FIELD=@field@ node -e 'console.log(require(\"./package.json\")[process.env.FIELD])'"],
  ["node"], "value via env prefix assignment", args={"field": "version"}, expect="1.2.3")
T(M, "grep_perl", "exec", "Print lines of a log matching a Perl regex.",
  {"pattern": "regex", "file": "log file"},
  ["perl -ne 'print if /@pattern@/' @file@"],
  ["perl"], "regex spliced into a single-quoted perl program", pay={"pattern": "x/; system(\"touch {C}\"); /y", "file": "logs/app.log"}, args={"pattern": "ERROR", "file": "logs/app.log"})
T(M, "grep_perl_env", "broken", "Print lines of a log matching a literal string (Perl, via environment).",
  {"pattern": "literal text", "file": "log file"},
  ["PAT=@pattern@ perl -ne 'print if index($_, $ENV{PAT}) >= 0' -- ./@file@"],
  ["perl"], "$_ and $ENV taken by client substitution", args={"pattern": "ERROR", "file": "logs/app.log"}, want=[("exc",)])
T(M, "tcl_upper", "exec", "Uppercase a string with Tcl.",
  {"text": "text"},
  ["echo 'puts [string toupper \"@text@\"]' | tclsh"],
  ["tclsh"], "value spliced into Tcl source: [ ] is command substitution", pay={"text": "[exec touch {C}]"}, args={"text": "hello"})
T(M, "tcl_upper_argv", "safe", "Uppercase a string with Tcl (argv).",
  {"text": "text"},
  ["printf 'puts [string toupper [lindex $argv 0]]\\n' > /tmp/blindI_up.tcl; tclsh /tmp/blindI_up.tcl @text@"][0:0] or
  ["echo 'puts [string toupper [lindex $::argv 0]]' > out/up.tcl && tclsh out/up.tcl @text@"],
  ["tclsh"], "value via argv", args={"text": "hello"}, expect="HELLO")
T(M, "awk_column_sum", "broken", "Sum a numeric column of data/pairs.txt.",
  {"col": ("integer", "column number")},
  ["awk -v c=@col@ '{ s += $c } END { print s }' data/pairs.txt"],
  ["awk"], "$c in awk taken by client substitution", args={"col": "2"}, want=[("exc",)])
T(M, "awk_match_count", "exec", "Count log lines matching a regex with awk.",
  {"regex": "regex"},
  ["awk '/@regex@/ { n++ } END { print n + 0 }' logs/app.log"],
  ["awk"], "regex spliced into a single-quoted awk program", pay={"regex": "x/ { n++ } BEGIN { system(\"touch {C}\") } /y"}, args={"regex": "ERROR"})
T(M, "awk_match_count_v", "safe", "Count log lines matching a regex with awk (regex via ENVIRON).",
  {"regex": "regex"},
  ["RX=@regex@ awk 'BEGIN { r = ENVIRON[\"RX\"]; while ((getline line < \"logs/app.log\") > 0) if (line ~ r) n++; print n + 0 }'"],
  ["awk"], "regex via ENVIRON, getline loop (no $ fields)", args={"regex": "ERROR"}, expect="^1$")
T(M, "gdb_backtrace", "exec", "Print a backtrace from a core file with a gdb command.",
  {"binary": "binary", "command": "gdb command, e.g. bt"},
  ["gdb -batch -ex @command@ @binary@ 2>&1 | tail -n 5"],
  ["gdb"], "gdb -ex value: shell command", pay={"binary": "build/main.o", "command": "shell touch {C}"}, args={"binary": "build/main.o", "command": "info files"})
T(M, "vim_format", "exec", "Re-indent a source file in place with vim in ex mode.",
  {"file": "file", "opts": "extra vim option, e.g. -u NONE"},
  ["vim -es @opts@ -c 'normal gg=G' -c 'wq' -- @file@ < /dev/null; head -n 3 -- @file@"],
  ["vim"], "value as a vim option (-c runs ex commands)", pay={"file": "src/main.c", "opts": "-c!touch {C}"}, args={"file": "src/main.c", "opts": "-N"})
T(M, "ed_replace_line", "exec", "Replace a line of a file using ed.",
  {"file": "file", "line": ("integer", "line number"), "text": "new text"},
  ["printf '%sc\\n%s\\n.\\nw\\nq\\n' @line@ @text@ | ed -s @file@ && cat @file@"],
  ["ed"], "newline in a value becomes an ed command (! runs a shell)", pay={"file": "notes.txt", "line": "1", "text": "x\n.\n!touch {C}\na\ny"}, args={"file": "notes.txt", "line": "2", "text": "BETA"})
T(M, "bc_eval", "safe", "Evaluate an arithmetic expression with bc.",
  {"expr": "expression"},
  ["printf '%s\\n' @expr@ | bc -l 2>&1 | head -n 1"],
  ["bc"], "bc has no command execution; value on stdin", args={"expr": "2+3"}, expect="^5$")
T(M, "java_prop", "option", "Run the bundled report jar with a system property.",
  {"prop": "system property key=value"},
  ["java -D@prop@ -version 2>&1 | head -n 1"],
  ["java"], "glued -D", pay={}, args={}, skip=True)
T(M, "ruby_template", "option", "Render an ERB template with ruby and a require'd helper library.",
  {"lib": "helper library"},
  ["ruby -r@lib@ -e 'puts :ok'"],
  ["ruby"], "glued -r loads any file", pay={"lib": "{W}"}, want=[("log", "^ARG -r/tmp/blindI_w_[0-9]+$")], args={"lib": "json"}, skip=True)

# ---------------------------------------------------------------- build: build tools and package managers
M = "build"
T(M, "make_release", "exec", "Run the release target with a version.",
  {"version": "version string"},
  ["make release VERSION=@version@"],
  ["make"], "make variable textually substituted into a recipe run by sh", pay={"version": "1.0; touch {C}"}, args={"version": "1.2.3"})
T(M, "make_target", "exec", "Run a Makefile target.",
  {"target": "target name"},
  ["make -s @target@"],
  ["make"], "target can be --eval=$(shell ...)", pay={"target": "--eval=$(shell touch {C})"}, args={"target": "test"})
T(M, "make_target_checked", "safe", "Run a Makefile target (allow-listed).",
  {"target": "target name"},
  ["case @target@ in all|test|clean) make -s -- @target@;; *) echo 'unknown target'; exit 2;; esac"],
  ["make"], "case allow-list", args={"target": "test"}, expect="tested")
T(M, "make_jobs", "broken", "Build with N parallel jobs, defaulting to the CPU count.",
  {"jobs": ("integer", "jobs")},
  ["make -s -j${JOBS:-$(nproc)} all", "echo \"built with $JOBS_USED jobs\""],
  ["make", "nproc"], "$JOBS_USED taken by client substitution", args={"jobs": "2"}, want=[("exc",)])
T(M, "compile_unit", "write", "Compile a C file with extra CFLAGS.",
  {"cflags": "extra compiler flag"},
  ["gcc -Wall @cflags@ -c src/main.c -o build/main.o && echo compiled"],
  ["gcc"], "flag value: -Wp,-MD,FILE writes a file anywhere", pay={"cflags": "-Wp,-MD,{W}"}, want=[("file", "{W}")], args={"cflags": "-O2"})
T(M, "compile_unit_checked", "safe", "Compile a C file with an optimisation level.",
  {"opt": "optimisation level 0-3 or s"},
  ["[[ @opt@ =~ ^[0-3s]$ ]] || { echo 'bad level'; exit 1; }; gcc -Wall -O@opt@ -c src/main.c -o build/main.o && echo compiled"],
  ["gcc"], "regex guard before a glued flag", args={"opt": "2"}, expect="compiled")
T(M, "gcc_response", "option", "Compile a C source file to build/.",
  {"source": "source file"},
  ["gcc -fsyntax-only @source@ 2>&1 | head -n 3"],
  ["gcc"], "@file response file read (binutils/gcc)", pay={"source": "@/etc/hostname"}, want=[("out", "no such file|error")], args={"source": "src/main.c"}, skip=True)
T(M, "cmake_configure", "split", "Configure a CMake build with a list of enabled features.",
  {"feature": "feature name"},
  ["cmake -E echo_append \"-DFEATURES=@feature@\" && echo; cmake -E env FOO=1 -- cmake -E echo $(printf '%s' @feature@)"][0:0] or
  ["cmake -E echo $(echo @feature@)"],
  ["cmake"], "unquoted $( ) splits", pay={"feature": "tls   http2"}, want=[("out", "^tls http2$")], args={"feature": "tls"})
T(M, "cmake_build_dir", "write", "Configure a CMake build tree named after a preset.",
  {"preset": "preset name"},
  ["cmake -E make_directory \"build/@preset@\" && cmake -E touch \"build/@preset@/.configured\" && ls build"],
  ["cmake"], "directory name with ../", pay={"preset": "../../../../../{W}"}, want=[("file", "{W}/.configured")], args={"preset": "release"})
T(M, "npm_add", "option", "Add an npm dependency to the project.",
  {"package": "package name"},
  ["npm install --save @package@"],
  ["npm"], "package can be --registry / --prefix", pay={"package": "--registry=http://127.0.0.1:9"}, want=[("log", "^ARG --registry=http://127.0.0.1:9$")], args={"package": "left-pad"})
T(M, "npm_add_dd", "safe", "Add an npm dependency to the project (name validated).",
  {"package": "package name"},
  ["[[ @package@ =~ ^[a-z0-9][a-z0-9._-]*(@[0-9][0-9A-Za-z.-]*)?$ ]] || { echo 'invalid package spec'; exit 1; }; npm install --save @package@"],
  ["npm"], "npm package-name regex", args={"package": "left-pad"}, expect="npm stub ok")
T(M, "npm_script", "option", "Run an npm script.",
  {"script": "script name"},
  ["npm run @script@ --if-present"],
  ["npm"], "script can be --script-shell", pay={"script": "--script-shell={W}"}, want=[("log", "^ARG --script-shell=/tmp/blindI_w_[0-9]+$")], args={"script": "build"})
T(M, "pip_download", "option", "Download a wheel for a requirement into dist/.",
  {"req": "requirement"},
  ["pip download --no-deps -d dist @req@ 2>&1 | tail -n 2"],
  ["pip"], "requirement can be -r FILE (reads any file)", pay={"req": "-r/etc/passwd"}, want=[("out", "root")], args={"req": "==="}, skip=True)
T(M, "cargo_install", "option", "Install a Rust binary crate.",
  {"crate": "crate"},
  ["cargo install --locked @crate@"],
  ["cargo"], "crate can be --root / --index", pay={"crate": "--root={W}"}, want=[("log", "^ARG --root=/tmp/blindI_w_[0-9]+$")], args={"crate": "ripgrep"})
T(M, "gem_install", "safe", "Install a Ruby gem at a version.",
  {"gem": "gem", "version": "version"},
  ["gem install --no-document --version \"=@version@\" -- @gem@"][0:0] or
  ["[[ @gem@ =~ ^[A-Za-z0-9_.-]+$ && @gem@ != -* ]] || { echo 'bad gem name'; exit 1; }; gem install --no-document --version=@version@ @gem@"],
  ["gem"], "name regex excluding a leading dash; version glued", args={"gem": "rake", "version": "13.0"}, expect="gem stub ok")
T(M, "go_test_pkg", "option", "Run go test for a package pattern.",
  {"pkg": "package pattern"},
  ["go test -count=1 @pkg@"],
  ["go"], "package can be -exec / -o", pay={"pkg": "-o={W}"}, want=[("log", "^ARG -o=/tmp/blindI_w_[0-9]+$")], args={"pkg": "./..."})
T(M, "mvn_goal", "split", "Run a Maven goal with a profile.",
  {"profile": "profile id"},
  ["mvn -B -q -P $(printf '%s' @profile@) verify"],
  ["mvn"], "unquoted $( )", pay={"profile": "prod -Dmaven.repo.local=/tmp/x"}, want=[("log", "^ARG -Dmaven.repo.local=/tmp/x$")], args={"profile": "prod"})
T(M, "poetry_add", "option", "Add a dependency with poetry.",
  {"dep": "dependency"},
  ["poetry add @dep@"],
  ["poetry"], "dependency can be --source / --directory", pay={"dep": "--directory=/tmp"}, want=[("log", "^ARG --directory=/tmp$")], args={"dep": "requests"})
T(M, "bump_version", "broken", "Bump the version in package.json (two steps).",
  {"version": "new version"},
  ["sed -i \"s/\\\"version\\\": \\\"[^\\\"]*\\\"/\\\"version\\\": \\\"@version@\\\"/\" package.json", "grep -o '\"version\": \"[^\"]*\"' package.json # show it"],
  ["sed", "grep"], "trailing comment in the last step swallows 2>&1)", args={"version": "1.3.0"}, want=[("noout", "1.3.0")])
T(M, "lockfile_hash", "safe", "Print a SHA-256 of a lock file in the project root.",
  {"lockfile": "lock file name"},
  ["case @lockfile@ in package-lock.json|yarn.lock|poetry.lock|Cargo.lock|package.json) sha256sum -- @lockfile@;; *) echo 'not a lock file'; exit 1;; esac"],
  ["sha256sum"], "case allow-list", args={"lockfile": "package.json"}, expect="package.json")

# ---------------------------------------------------------------- sysadmin: services, scheduling, logs
M = "sysadmin"
T(M, "restart_unit", "option", "Restart a systemd unit.",
  {"unit": "unit name"},
  ["systemctl restart @unit@ && systemctl is-active @unit@"],
  ["systemctl"], "unit can be -H host / --root", pay={"unit": "--host=admin@10.0.0.9"}, want=[("log", "^ARG --host=admin@10.0.0.9$")], args={"unit": "nginx.service"})
T(M, "restart_unit_checked", "safe", "Restart a systemd unit (name validated).",
  {"unit": "unit name"},
  ["[[ @unit@ =~ ^[A-Za-z0-9@_.:-]+\\.(service|timer|socket)$ && @unit@ != -* ]] || { echo 'invalid unit'; exit 1; }; systemctl restart -- @unit@"],
  ["systemctl"], "regex + no leading dash + --", args={"unit": "nginx.service"}, expect="systemctl stub ok")
T(M, "unit_logs", "option", "Show the journal of a unit since a time.",
  {"unit": "unit", "since": "since, e.g. -1h"},
  ["journalctl --no-pager -u @unit@ --since @since@ 2>&1 | tail -n 20"],
  ["journalctl"], "none", pay={}, args={}, skip=True)
T(M, "journal_grep", "option", "Search the journal files in a directory for a string.",
  {"dir": "journal directory", "text": "text"},
  ["journalctl --no-pager -D @dir@ -g @text@ 2>&1 | tail -n 5"],
  ["journalctl"], "none", pay={}, args={}, skip=True)
T(M, "add_cron", "exec", "Add a cron entry for the nightly backup at a given schedule.",
  {"schedule": "cron schedule, e.g. 0 3 * * *"},
  ["( crontab -l 2>/dev/null; printf '%s /usr/local/bin/backup.sh\\n' @schedule@ ) | crontab -"],
  ["crontab"], "newline in the schedule adds a cron job", pay={}, args={}, skip=True)
T(M, "run_locked", "exec", "Run a maintenance task under a lock file.",
  {"task": "make target"},
  ["flock -w 5 out/maint.lock -c \"make -s @task@\""],
  ["flock", "make"], "flock -c string goes to sh -c", pay={"task": "test; touch {C}"}, args={"task": "test"})
T(M, "run_locked_argv", "safe", "Run a maintenance task under a lock file (argv form).",
  {"task": "make target"},
  ["case @task@ in test|clean|all) flock -w 5 out/maint.lock make -s -- @task@;; *) echo 'unknown task'; exit 2;; esac"],
  ["flock", "make"], "flock argv form + allow-list", args={"task": "test"}, expect="tested")
T(M, "with_timeout", "exec", "Run the test suite with a time limit.",
  {"limit": "time limit, e.g. 30s"},
  ["timeout @limit@ make -s test"],
  ["timeout"], "value can be the -s/--kill option? (no: duration)", pay={}, args={}, skip=True)
T(M, "run_with_env", "exec", "Run the test target with one extra environment assignment (KEY=value).",
  {"assignment": "KEY=value"},
  ["env @assignment@ make -s test"],
  ["env"], "env -S splits and runs a command", pay={"assignment": "-Ssh -c 'touch {C}'"}, args={"assignment": "CI=1"})
T(M, "run_with_env_checked", "exec", "Run the test target with one extra environment assignment (validated).",
  {"assignment": "KEY=value"},
  ["[[ @assignment@ =~ ^[A-Z_][A-Z0-9_]*=[^\\n]*$ ]] || { echo 'expected KEY=value'; exit 1; }; env -- @assignment@ make -s test"],
  ["env"], "KEY= regex + env --, but the assignment may be MAKEFLAGS (make reads --eval from it)", pay={"assignment": "MAKEFLAGS=--eval=$(shell echo touch /tmp/bliNdI_caNary_{ID} | tr M-N m-o | sh)"}, args={"assignment": "CI=1"})
T(M, "watch_until", "exec", "Poll a command until its output changes (max 3 s).",
  {"path": "path to watch"},
  ["timeout 3 watch -n 1 -t -g \"ls -l @path@\" > /dev/null 2>&1; echo changed-or-timeout"],
  ["watch", "timeout"], "watch passes its command string to sh -c", pay={"path": "$(touch {C})"}, args={"path": "notes.txt"})
T(M, "trace_syscalls", "exec", "Count syscalls of a command and write the summary to a file.",
  {"output": "output file for the trace"},
  ["strace -f -c -o @output@ -- true 2>&1; echo traced"],
  ["strace"], "strace -o |cmd pipes into a shell command", pay={"output": "|touch {C}"}, args={"output": "out/trace.txt"})
T(M, "trace_syscalls_dir", "safe", "Count syscalls of a command and write the summary under out/.",
  {"name": "trace name"},
  ["n=@name@; strace -f -c -o \"out/${n//[^A-Za-z0-9_.-]/_}.trace\" -- true 2>&1; ls out"],
  ["strace"], "character-class substitution inside a fixed directory", args={"name": "run1"}, expect="run1.trace")
T(M, "log_event", "safe", "Write an event message to syslog with a tag.",
  {"tag": "tag", "message": "message"},
  ["logger -t @tag@ -- @message@ 2>&1; echo logged"],
  ["logger"], "-t takes the value, -- before message", args={"tag": "deploy", "message": "done"}, expect="logged")
T(M, "tail_service_log", "broken", "Show the last lines of a service log under the home directory.",
  {"service": "service", "lines": ("integer", "lines")},
  ["tail -n @lines@ \"$HOME/.local/state/@service@/service.log\""],
  ["tail"], "$HOME taken by client substitution", args={"service": "api", "lines": "5"}, want=[("exc",)])
T(M, "disk_usage", "split", "Show disk usage of a directory.",
  {"dir": "directory"},
  ["d=@dir@; du -sh ${d%/} 2>&1"],
  ["du"], "unquoted ${d%/} is split and globbed", pay={"dir": "site /etc/hostname"}, want=[("out", "/etc/hostname")], args={"dir": "site/"})
T(M, "disk_usage_q", "safe", "Show disk usage of a directory (quoted).",
  {"dir": "directory"},
  ["d=@dir@; du -sh -- \"${d%/}\" 2>&1"],
  ["du"], "quoted ${d%/} and --", args={"dir": "site/"}, expect="site")
T(M, "proc_by_name", "option", "List processes matching a name.",
  {"name": "process name"},
  ["pgrep -a @name@ || echo none"],
  ["pgrep"], "name can be an option (-f / --signal?)", pay={}, args={}, skip=True)
T(M, "tmux_send", "exec", "Send a command line to a tmux pane of the ops session.",
  {"line": "command line"},
  ["echo tmux"], ["tmux"], "", pay={}, args={}, skip=True)
T(M, "service_env", "broken", "Run the service health check with its PATH extension.",
  {"service": "service"},
  ["echo checking @service@ && command -v healthcheck || echo 'healthcheck missing'"],
  ["bash"], "env_vars value $PATH taken by client substitution", env={"PATH": "/opt/health/bin:$PATH"}, args={"service": "api"}, want=[("exc",)])
T(M, "rotate_log", "write", "Rotate a log file: move it to logs/archive/<name>.1.",
  {"name": "log name"},
  ["mkdir -p logs/archive && cp logs/app.log \"logs/archive/@name@.1\" && : > logs/app.log && ls logs/archive"],
  ["cp"], "destination with ../", pay={"name": "../../../../../../{W}"}, want=[("file", "{W}.1")], args={"name": "app"})

# ---------------------------------------------------------------- netops: ssh, transfer, probes
M = "netops"
T(M, "ssh_uptime", "exec", "Show uptime of a host through the bastion (ssh options allowed, e.g. -p2222).",
  {"host": "host", "opt": "extra ssh option"},
  ["timeout 5 ssh -o BatchMode=yes -o ConnectTimeout=2 @opt@ @host@ uptime 2>&1 | tail -n 1"],
  ["ssh", "timeout"], "ssh option value: ProxyCommand runs locally", pay={"host": "h", "opt": "-oProxyCommand=touch {C}"}, args={"host": "127.0.0.1", "opt": "-p1"})
T(M, "ssh_uptime_checked", "safe", "Show uptime of a host (host validated, no extra options).",
  {"host": "host"},
  ["[[ @host@ =~ ^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$ ]] || { echo 'invalid host'; exit 1; }; timeout 5 ssh -o BatchMode=yes -o ConnectTimeout=2 -p 1 -- @host@ uptime 2>&1 | tail -n 1"],
  ["ssh", "timeout"], "hostname regex + --", args={"host": "127.0.0.1"}, expect="refused|closed|timed out|Connection|ssh")
T(M, "scp_fetch", "exec", "Copy a remote file into the workspace with scp.",
  {"source": "user@host:path"},
  ["timeout 5 scp -o BatchMode=yes -o ConnectTimeout=2 @source@ out/ 2>&1 | tail -n 1"],
  ["scp", "timeout"], "source can be -oProxyCommand", pay={"source": "-oProxyCommand=touch {C}"}, args={"source": "127.0.0.1:/etc/hostname"}, skip=True)
T(M, "rsync_push", "option", "Push the site/ directory to a remote path.",
  {"dest": "destination host:path"},
  ["rsync -az --delete site/ @dest@"],
  ["rsync"], "destination can be -e / --rsync-path", pay={"dest": "--rsync-path=touch x"}, want=[("log", "^ARG --rsync-path=touch\\\\ x$")], args={"dest": "web1:/srv/site"})
T(M, "rsync_push_safe", "safe", "Push the site/ directory to a configured host (path validated).",
  {"path": "remote path under /srv"},
  ["[[ @path@ =~ ^/srv/[A-Za-z0-9_/-]+$ && @path@ != *..* ]] || { echo 'path must be under /srv'; exit 1; }; rsync -az --delete --protect-args site/ \"web1:@path@\""],
  ["rsync"], "path regex; host: prefix glued", args={"path": "/srv/site"}, expect="rsync stub ok")
T(M, "fetch_local", "option", "Fetch a URL (file: or http://127.0.0.1) and print the first bytes.",
  {"url": "URL"},
  ["curl -sS --max-time 5 @url@ | head -c 200"],
  ["curl"], "url can be -K config / -o", pay={"url": "-o{W}"}, want=[("sh", "true")], args={"url": "file:///etc/hostname"}, skip=True)
T(M, "download_to", "write", "Download a URL into downloads/<name>.",
  {"url": "URL", "name": "file name"},
  ["mkdir -p downloads && curl -sS --max-time 5 --proto =file,http -o \"downloads/@name@\" -- @url@ && ls downloads"],
  ["curl"], "-o path with ../", pay={"url": "file://{WS}/notes.txt", "name": "../../../../../{W}"}, want=[("file", "{W}")], args={"url": "file://{WS}/notes.txt", "name": "notes.txt"})
T(M, "download_to_safe", "safe", "Download a URL into downloads/ (name reduced to a safe basename).",
  {"url": "URL", "name": "file name"},
  ["n=@name@; n=\"${n##*/}\"; n=\"${n//[^A-Za-z0-9._-]/_}\"; [[ \"${n:-}\" != .* ]] || n=\"_${n:-}\"; mkdir -p downloads && curl -sS --max-time 5 --proto =file -o \"downloads/${n:-download}\" -- @url@; ls downloads"],
  ["curl"], "basename + class filter + no dotfile", args={"url": "file://{WS}/notes.txt", "name": "notes.txt"}, expect="notes.txt")
T(M, "post_json", "option", "POST a JSON body to the local API.",
  {"path": "API path", "body": "JSON body"},
  ["curl -sS --max-time 3 -X POST -H 'Content-Type: application/json' -d @body@ \"http://127.0.0.1:9/@path@\" 2>&1 | head -n 1"],
  ["curl"], "-d @file reads a local file into the request body", pay={}, args={}, skip=True)
T(M, "dns_lookup", "option", "Resolve a DNS name with dig.",
  {"name": "DNS name", "type": "record type"},
  ["dig +short @name@ @type@"],
  ["dig"], "name can be -f FILE (batch file)", pay={"name": "-f/etc/passwd", "type": "A"}, want=[("log", "^ARG -f/etc/passwd$")], args={"name": "example.org", "type": "A"})
T(M, "dns_lookup_server", "split", "Resolve a DNS name against a chosen resolver.",
  {"name": "DNS name", "server": "resolver IP"},
  ["dig +short $(printf '@%s' @server@) @name@"],
  ["dig"], "unquoted $( ) splits", pay={"name": "example.org", "server": "127.0.0.1 -f /etc/passwd"}, want=[("log", "^ARG /etc/passwd$")], args={"name": "example.org", "server": "127.0.0.1"})
T(M, "port_probe", "option", "Check whether a TCP port is open.",
  {"host": "host", "port": ("integer", "port")},
  ["nc -z -w 2 @host@ @port@ && echo open || echo closed"],
  ["nc"], "host can be -e/-c (exec)", pay={"host": "-e/bin/sh", "port": "1"}, want=[("log", "^ARG -e/bin/sh$")], args={"host": "127.0.0.1", "port": "22"})
T(M, "port_probe_bash", "safe", "Check whether a TCP port on localhost is open (bash /dev/tcp).",
  {"port": ("integer", "port")},
  ["[[ @port@ =~ ^[0-9]{1,5}$ ]] || { echo 'bad port'; exit 1; }; if timeout 2 bash -c 'exec 3<>\"/dev/tcp/127.0.0.1/${1:?}\"' _ @port@ 2>/dev/null; then echo open; else echo closed; fi"],
  ["bash", "timeout"], "port regex, value via positional parameter", args={"port": "1"}, expect="closed")
T(M, "socat_forward", "split", "Forward a local port to a target host:port with socat.",
  {"target": "host:port"},
  ["timeout 2 socat TCP-LISTEN:18080,reuseaddr TCP:@target@ 2>&1 || true; socat -V >/dev/null; echo forwarded"],
  ["socat"], "", pay={}, args={}, skip=True)
T(M, "ssh_known_host", "safe", "Fetch a host key fingerprint (local test host only).",
  {"host": "host"},
  ["h=@host@; [[ \"${h:-}\" =~ ^[a-z0-9.-]+$ ]] || { echo 'invalid host'; exit 1; }; timeout 4 ssh-keyscan -T 2 -p 1 -- \"${h:-}\" 2>&1 | tail -n 1; echo scanned"],
  ["ssh-keyscan"], "regex + --", args={"host": "127.0.0.1"}, expect="scanned")
T(M, "mqtt_publish", "option", "Publish a status message to an MQTT topic.",
  {"topic": "topic", "message": "message"},
  ["mosquitto_pub -h 127.0.0.1 -t @topic@ -m @message@"],
  ["mosquitto_pub"], "none: -t/-m consume", pay={}, args={}, skip=True)
T(M, "ldap_find_user", "option", "Search the directory for a user by uid.",
  {"uid": "uid"},
  ["ldapsearch -x -LLL -H ldap://127.0.0.1 -b dc=acme,dc=io \"(uid=@uid@)\" cn mail"],
  ["ldapsearch"], "LDAP filter injection (no shell effect)", pay={}, args={}, skip=True)
T(M, "lftp_mirror", "exec", "Mirror a remote FTP directory into downloads/.",
  {"dir": "remote directory"},
  ["lftp -c \"open ftp://127.0.0.1; mirror @dir@ downloads\""],
  ["lftp"], "", pay={}, args={}, skip=True)
T(M, "http_status_loop", "broken", "Print the HTTP status of each URL in a list file.",
  {"list": "file with URLs"},
  ["while read -r u; do printf '%s %s\\n' \"$u\" \"$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 \"$u\")\"; done < @list@"],
  ["curl", "read"], "$u taken by client substitution", args={"list": "notes.txt"}, want=[("exc",)])
T(M, "http_status_loop_ok", "safe", "Print the HTTP status of each URL in a list file.",
  {"list": "file with URLs"},
  ["while read -r u; do printf '%s %s\\n' \"${u:-}\" \"$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 --proto =file -- \"${u:-}\")\"; done < ./@list@"],
  ["curl", "read"], "${u:-} form; list path prefixed ./", args={"list": "notes.txt"}, expect="alpha 000")

# ---------------------------------------------------------------- textdata: coreutils/diffutils text wrangling
M = "textdata"
T(M, "sort_unique", "option", "Sort a file and drop duplicate lines.",
  {"file": "file"},
  ["sort -u @file@"],
  ["sort"], "file can be -o FILE", pay={"file": "-o{W}"}, want=[("file", "{W}")], args={"file": "notes.txt"})
T(M, "sort_unique_dd", "safe", "Sort a file and drop duplicate lines (-- before the file).",
  {"file": "file"},
  ["sort -u -- @file@"],
  ["sort"], "--", args={"file": "notes.txt"}, expect="gamma")
T(M, "sort_by_key", "split", "Sort data/pairs.txt by a key definition (e.g. 2n).",
  {"key": "sort key"},
  ["sort -k $(printf '%s' @key@) data/pairs.txt"],
  ["sort"], "unquoted $( )", pay={"key": "2n -o {W}"}, want=[("file", "{W}")], args={"key": "2n"})
T(M, "parse_date", "option", "Normalise a date string to ISO 8601.",
  {"when": "date expression"},
  ["date -u -d @when@ +%Y-%m-%dT%H:%M:%SZ 2>&1"][0:0] or ["date -u @when@ +%F 2>&1 | head -n 3"],
  ["date"], "value can be -f FILE: each line is echoed in an error", pay={"when": "-f/etc/passwd"}, want=[("out", "root:x:0:0")], args={"when": "-d2026-01-02"})
T(M, "parse_date_d", "safe", "Normalise a date string to ISO 8601 (-d takes the value).",
  {"when": "date expression"},
  ["date -u -d @when@ +%F 2>&1 | head -n 1"],
  ["date"], "value consumed by -d", args={"when": "2026-01-02"}, expect="2026-01-02")
T(M, "join_tables", "safe", "Join two whitespace tables on their first column.",
  {"left": "left file", "right": "right file"},
  ["join -- <(sort -- ./@left@) <(sort -- ./@right@)"],
  ["join", "sort"], "process substitution, ./ prefixed paths", args={"left": "data/pairs.txt", "right": "data/pairs.txt"}, expect="a 1 1")
T(M, "column_table", "broken", "Pretty-print a CSV file as a table.",
  {"file": "CSV file", "sep": "separator character"},
  ["[[ @sep@ =~ ^[,;|:]$ ]] || { echo 'unsupported separator'; exit 1; }; column -t -s @sep@ -- ./@file@"],
  ["column"], "unquoted ; and | inside a [[ =~ ]] regex: syntax error for every input", args={"file": "data/items.csv", "sep": ","}, want=[("out", "syntax error")])
T(M, "human_sizes", "safe", "Convert byte counts (one per line) to IEC units.",
  {"numbers": "newline-separated numbers"},
  ["printf '%s\\n' @numbers@ | numfmt --to=iec --invalid=ignore 2>&1"],
  ["numfmt"], "values on stdin", args={"numbers": "2048"}, expect="2.0K")
T(M, "diff_files", "option", "Show a unified diff between two workspace files.",
  {"a": "old file", "b": "new file"},
  ["diff -u @a@ @b@; true"],
  ["diff"], "file argument can be --to-file / -q...", pay={}, args={}, skip=True)
T(M, "diff_files_dd", "safe", "Show a unified diff between two workspace files (-- before files).",
  {"a": "old file", "b": "new file"},
  ["diff -u -- @a@ @b@; true"],
  ["diff"], "--", args={"a": "keep1", "b": "notes.txt"}, expect="\\+alpha")
T(M, "apply_patch", "option", "Apply a patch file to the workspace.",
  {"patch": "patch file"},
  ["patch -p1 --dry-run @patch@ < /dev/null 2>&1 | head -n 3"][0:0] or ["patch -p0 -i @patch@ 2>&1 | head -n 3"],
  ["patch"], "none", pay={}, args={}, skip=True)
T(M, "convert_encoding", "write", "Convert a Latin-1 text file to UTF-8 into out/<name>.",
  {"file": "input", "name": "output name"},
  ["iconv -f LATIN1 -t UTF-8 -o \"out/@name@\" -- @file@ && ls out"],
  ["iconv"], "-o path with ../", pay={"file": "notes.txt", "name": "../../../../../{W}"}, want=[("file", "{W}")], args={"file": "notes.txt", "name": "notes.utf8"})
T(M, "render_template", "safe", "Render a config template with envsubst (only $APP_NAME is substituted).",
  {"app": "application name"},
  ["printf 'name=${APP_NAME:-x}\\nhome=${HOME:-}\\n' > out/tpl.txt; APP_NAME=@app@ envsubst '${APP_NAME:-}' < out/tpl.txt"][0:0] or
  ["printf 'name=%s\\n' '${APP_NAME}' > out/tpl.txt; APP_NAME=@app@ envsubst < out/tpl.txt"],
  ["envsubst"], "value via environment; envsubst does not evaluate", args={"app": "web"}, expect="", skip=True)
T(M, "fold_text", "safe", "Wrap a text file to a given width.",
  {"file": "file", "width": ("integer", "width")},
  ["[[ @width@ =~ ^[0-9]{1,3}$ ]] || { echo 'bad width'; exit 1; }; fold -s -w @width@ -- ./@file@"],
  ["fold"], "numeric regex + --", args={"file": "notes.txt", "width": "20"}, expect="beta")
T(M, "count_words", "split", "Count the words of a file.",
  {"file": "file"},
  ["printf '%s\\n' @file@ | xargs wc -w"],
  ["xargs", "wc"], "xargs splits the file name on blanks", pay={"file": "keep1 /etc/hostname"}, want=[("out", "/etc/hostname")], args={"file": "notes.txt"})
T(M, "count_words_0", "safe", "Count the words of a file (NUL-delimited xargs).",
  {"file": "file"},
  ["printf '%s\\0' \"./@file@\" | xargs -0 wc -w --"],
  ["xargs", "wc"], "xargs -0 and ./ prefix", args={"file": "notes.txt"}, expect="3")
T(M, "expr_match", "option", "Return the length of the prefix of a string matching a regex.",
  {"text": "text", "regex": "basic regex"},
  ["expr @text@ : @regex@"],
  ["expr"], "expr keywords: length/index/substr in the value", pay={}, args={}, skip=True)
T(M, "hexdump_head", "safe", "Show a hex dump of the first N bytes of a file.",
  {"file": "file", "bytes": ("integer", "bytes")},
  ["[[ @bytes@ =~ ^[0-9]+$ ]] || exit 1; xxd -l @bytes@ -- ./@file@"][0:0] or ["[[ @bytes@ =~ ^[0-9]+$ ]] || { echo 'bad count'; exit 1; }; od -A x -t x1z -N @bytes@ -- ./@file@"],
  ["od"], "numeric guard + -- + ./", args={"file": "notes.txt", "bytes": "8"}, expect="alpha")
T(M, "xxd_restore", "write", "Rebuild a binary from a hex dump into build/<name>.",
  {"dump": "hex dump file", "name": "output name"},
  ["xxd -r -p @dump@ \"build/@name@\" && ls -l build | tail -n +2 | wc -l"],
  ["xxd"], "output path with ../", pay={"dump": "notes.txt", "name": "../../../../../{W}"}, want=[("file", "{W}")], args={"dump": "notes.txt", "name": "blob.bin"})
T(M, "tsv_select", "broken", "Select two columns of a TSV file.",
  {"file": "TSV file"},
  ["cut -f1,3 @file@ | awk -F'\\t' '{print $2 \"\\t\" $1}'"],
  ["cut", "awk"], "$2/$1 in awk taken by client substitution", args={"file": "data/items.csv"}, want=[("exc",)])
T(M, "line_range", "safe", "Print a line range of a file.",
  {"file": "file", "start": ("integer", "first line"), "end": ("integer", "last line")},
  ["[[ @start@ =~ ^[0-9]+$ && @end@ =~ ^[0-9]+$ ]] || { echo 'bad range'; exit 1; }; sed -n \"@start@,@end@p\" -- ./@file@"],
  ["sed"], "numeric guard before a sed script", args={"file": "notes.txt", "start": "2", "end": "3"}, expect="beta")
T(M, "line_range_unchecked", "exec", "Print a line range of a file.",
  {"file": "file", "start": ("integer", "first line"), "end": ("integer", "last line")},
  ["sed -n \"@start@,@end@p\" @file@"],
  ["sed"], "value spliced into a sed script (e command runs a shell)", pay={"file": "notes.txt", "start": "1", "end": "1p;1e touch {C}\n#"}, args={"file": "notes.txt", "start": "2", "end": "3"})
T(M, "report_note", "broken", "Append a note to the daily report.",
  {"note": "note text"},
  ["cat >> reports/daily.md <<EOF\n- Don't forget: @note@\nEOF\ntail -n 1 reports/daily.md"],
  ["cat"], "apostrophe in the heredoc body fools the runtime's quote tracker", args={"note": "ship it"}, want=[("out", "'\"ship it\"'")])
T(M, "report_note_quoted", "broken", "Append a verbatim note to the daily report.",
  {"note": "note text"},
  ["cat >> reports/daily.md <<'EOF'\n- note: @note@\nEOF\ntail -n 1 reports/daily.md"],
  ["cat"], "placeholder in a quoted heredoc is never expanded", args={"note": "ship it"}, want=[("out", "__UTCP_ARG_")])
T(M, "report_note_ok", "safe", "Append a note to the daily report.",
  {"note": "note text"},
  ["printf -- '- note: %s\\n' @note@ >> reports/daily.md && tail -n 1 reports/daily.md"],
  ["printf"], "printf %s with the value as argument", args={"note": "ship it"}, expect="note: ship it")

# ---------------------------------------------------------------- release: repository maintenance and release engineering
M = "release"
T(M, "changelog_since", "option", "Show commit subjects since a tag.",
  {"since": "tag or revision"},
  ["git log --oneline @since@..HEAD"],
  ["git"], "none: glued", pay={}, args={}, skip=True)
T(M, "commits_for_rev", "option", "Show the log of a revision.",
  {"rev": "revision"},
  ["git log --oneline -3 @rev@"],
  ["git"], "rev can be --output=FILE", pay={"rev": "--output={W}"}, want=[("file", "{W}")], args={"rev": "HEAD"}, wd=WSD + "/repo")
T(M, "commits_for_rev_safe", "safe", "Show the log of a revision (--end-of-options).",
  {"rev": "revision"},
  ["git log --oneline -3 --end-of-options @rev@ -- 2>&1"],
  ["git"], "--end-of-options", args={"rev": "HEAD"}, expect="second", wd=WSD + "/repo")
T(M, "tag_release", "safe", "Create an annotated release tag.",
  {"version": "semver"},
  ["[[ @version@ =~ ^[0-9]+\\.[0-9]+\\.[0-9]+$ ]] || { echo 'not semver'; exit 1; }; git tag -a \"v@version@\" -m \"release @version@\" && git tag --list 'v*'"],
  ["git"], "semver regex", args={"version": "1.1.0"}, expect="v1.1.0", wd=WSD + "/repo")
T(M, "show_ref", "split", "Show a short log for a ref (value kept in $ref).",
  {"ref": "ref"},
  ["ref=@ref@; git log --oneline -1 $ref 2>&1"],
  ["git"], "a string containing $ref skips client substitution; $ref is unquoted", pay={"ref": "HEAD --output={W}"}, want=[("file", "{W}")], args={"ref": "HEAD"}, wd=WSD + "/repo")
T(M, "archive_release", "write", "Create a source archive of a tag in dist/.",
  {"tag": "tag", "name": "archive base name"},
  ["git archive --format=tar.gz -o \"../dist/@name@.tar.gz\" --end-of-options @tag@ && ls ../dist"],
  ["git"], "-o path with ../", pay={"tag": "v1.0.0", "name": "../../../../../{W}"}, want=[("file", "{W}.tar.gz")], args={"tag": "v1.0.0", "name": "demo-1.0.0"}, wd=WSD + "/repo")
T(M, "repo_status_two_step", "broken", "Show the branch and status of the repository (two steps).",
  {"repo": "repository directory"},
  ["cd @repo@", "git status --short --branch 2>&1"],
  ["git"], "cd in one step does not carry over: each step runs in its own $( )", args={"repo": "repo"}, want=[("out", "not a git repository")])
T(M, "bump_and_tag", "broken", "Compute the next patch version from the latest tag and print it (two steps).",
  {"prefix": "tag prefix"},
  ["git describe --tags --abbrev=0 --match \"@prefix@*\"", "v=\"${CMD_0_OUTPUT:-}\"; echo \"next: ${v%.*}.$(( ${v##*.} + 1 ))\""],
  ["git"], "", args={"prefix": "v"}, want=[("exc",)], skip=True)
T(M, "latest_tag_next", "safe", "Compute the next patch version from the latest tag (two steps).",
  {"prefix": "tag prefix"},
  ["[[ @prefix@ =~ ^[a-z]*$ ]] || exit 1; git describe --tags --abbrev=0 --match \"@prefix@[0-9]*\"", "v=\"${CMD_0_OUTPUT:-0.0.0}\"; p=\"${v##*.}\"; [[ \"${p}\" =~ ^[0-9]+$ ]] && echo \"next: ${v%.*}.$(( p + 1 ))\""][0:0] or
  ["[[ @prefix@ =~ ^[a-z]*$ ]] || { echo 'bad prefix'; exit 1; }; git describe --tags --abbrev=0 --match \"@prefix@[0-9]*\"", "v=\"${CMD_0_OUTPUT:-0.0.0}\"; p=\"${v##*.}\"; [[ \"${p:-x}\" =~ ^[0-9]+$ ]] && echo \"next: ${v%.*}.$(( ${p:-0} + 1 ))\""],
  ["git"], "${CMD_0_OUTPUT:-} + numeric check before $(( ))", args={"prefix": "v"}, expect="next: v1.0.1", wd=WSD + "/repo")
T(M, "gh_release_notes", "option", "Create a GitHub release with notes from a file.",
  {"tag": "tag", "notes": "notes file"},
  ["gh release create @tag@ --notes-file @notes@"],
  ["gh"], "tag can be --repo", pay={"tag": "--repo=attacker/x", "notes": "docs/readme.md"}, want=[("log", "^ARG --repo=attacker/x$")], args={"tag": "v1.0.0", "notes": "docs/readme.md"})
T(M, "gh_release_notes_q", "split", "Create a GitHub release (tag validated).",
  {"tag": "tag", "notes": "notes file under docs/"},
  ["[[ @tag@ =~ ^v[0-9]+\\.[0-9]+\\.[0-9]+$ ]] || { echo 'bad tag'; exit 1; }; gh release create @tag@ --notes-file \"docs/$(basename -- \"@notes@\")\""],
  ["gh"], "\\\" inside \"$( )\" is a literal quote there: the value is left unquoted", pay={"tag": "v1.0.0", "notes": "my notes.md"}, want=[("log", r'^ARG docs/my$')], args={"tag": "v1.0.0", "notes": "readme.md"})
T(M, "checksums_file", "broken", "Write SHA256SUMS for the files in dist/.",
  {"pattern": "file glob within dist/, e.g. *.tar.gz"},
  ["case @pattern@ in */*|*..*|-*) echo 'pattern must be a plain glob'; exit 1;; esac; cd dist && sha256sum -- @pattern@ > SHA256SUMS 2>&1; cat SHA256SUMS"],
  ["sha256sum"], "the runtime quotes the value, so the documented glob is never expanded", args={"pattern": "*.tar.gz"}, want=[("out", "No such file")])
T(M, "sign_artifact", "option", "Sign a release artefact with the release key (detached, armored).",
  {"artifact": "artefact"},
  ["gpg --homedir /tmp/blindI_kr --batch --yes --armor --detach-sign @artifact@ 2>&1 | tail -n 1; ls -a | grep -c asc"],
  ["gpg"], "artefact can be --output", pay={"artifact": "--output={W}"}, want=[("sh", "true")], args={"artifact": "notes.txt"}, skip=True)
T(M, "docs_build", "broken", "Build the docs with extra sphinx options from one string.",
  {"opts": "sphinx option"},
  ["SPHINXOPTS=@opts@ make -s docs -f /dev/stdin <<'MK'\ndocs:\n\t@sphinx-build $(SPHINXOPTS) -b html docs site\nMK"],
  ["make", "sphinx-build"], "heredoc terminator on the last line: the runtime appends 2>&1) to it", args={"opts": "-W"}, want=[("out", "here-document"), ("noout", "stub ok"), ("nolog", "sphinx-build")], pay={})
T(M, "publish_site", "exec", "Publish the site with hugo using a base URL.",
  {"base_url": "base URL"},
  ["hugo --minify --baseURL \"@base_url@\" && echo \"published to @base_url@\" | tee -a logs/publish.log | sh -c 'cat >/dev/null; echo ok'"],
  ["hugo"], "", pay={}, args={}, skip=True)
T(M, "mkdocs_deploy", "option", "Build the docs site into a directory.",
  {"site_dir": "output directory"},
  ["mkdocs build --clean --site-dir @site_dir@"],
  ["mkdocs"], "none: consumed", pay={}, args={}, skip=True)
T(M, "release_notes_py", "exec", "Render release notes with a Python format string.",
  {"version": "version", "template": "format string, e.g. Release {v}"},
  ["python3 - @version@ <<'PY'\nimport sys\nprint(\"@template@\".format(v=sys.argv[1]))\nPY"],
  ["python3"], "placeholder in a quoted heredoc", pay={}, args={}, skip=True)
T(M, "release_notes_fmt", "option", "Render release notes with a Python format string.",
  {"version": "version", "template": "format string, e.g. Release {v}"},
  ["python3 -c 'import sys; print(sys.argv[1].format(v=sys.argv[2], env=__import__(\"os\").environ))' @template@ @version@"],
  ["python3"], "", pay={}, args={}, skip=True)

# ---------------------------------------------------------------- more hard negatives and runtime pitfalls
M = "textdata"
T(M, "column_table_ok", "safe", "Pretty-print a CSV file as a table (separator allow-listed with case).",
  {"file": "CSV file", "sep": "separator character"},
  ["case @sep@ in ','|';'|'|'|':') column -t -s @sep@ -- ./@file@;; *) echo 'unsupported separator'; exit 1;; esac"],
  ["column"], "case with quoted patterns", args={"file": "data/items.csv", "sep": ","}, expect="apple")
T(M, "common_lines", "safe", "Print lines common to two files.",
  {"a": "first file", "b": "second file"},
  ["comm -12 <(sort -- ./@a@) <(sort -- ./@b@)"],
  ["comm", "sort"], "process substitution with ./ paths", args={"a": "notes.txt", "b": "notes.txt"}, expect="beta")
T(M, "number_lines", "safe", "Number the lines of a file.",
  {"file": "file"},
  ["nl -ba -- ./@file@"],
  ["nl"], "./ + --", args={"file": "notes.txt"}, expect="2\\s+beta")
T(M, "head_bytes_dd", "safe", "Show the first 16 bytes of a file as characters.",
  {"file": "file"},
  ["dd if=./@file@ bs=16 count=1 status=none | od -c | head -n 2"],
  ["dd", "od"], "if=./value operand is one word", args={"file": "notes.txt"}, expect="a   l   p   h   a")
T(M, "grep_count_sh", "broken", "Count lines containing a string (sh -c with a positional parameter).",
  {"text": "text"},
  ["sh -c 'grep -c -F -e \"$1\" -- notes.txt' _ @text@"],
  ["sh", "grep"], "$1 inside the sh -c string taken by client substitution", args={"text": "beta"}, want=[("exc",)])
T(M, "grep_count_sh_ok", "safe", "Count lines containing a string (sh -c with a positional parameter).",
  {"text": "text"},
  ["sh -c 'grep -c -F -e \"${1:-}\" -- notes.txt' _ @text@"],
  ["sh", "grep"], "positional parameter written ${1:-}", args={"text": "beta"}, expect="^1$")
T(M, "echo_escaped_eval", "safe", "Show how a value would be echoed by the deploy shell (printf %q before eval).",
  {"value": "value"},
  ["printf -v q '%q' @value@; eval \"echo ${q:-}\""],
  ["printf", "eval"], "printf %q before eval", args={"value": "a b"}, expect="^a b$")
T(M, "strings_min", "safe", "List printable strings of at least N characters in a binary.",
  {"file": "binary", "min": ("integer", "minimum length")},
  ["[[ @min@ =~ ^[0-9]{1,2}$ ]] || { echo 'bad length'; exit 1; }; strings -n @min@ -- ./@file@ | head -n 5"],
  ["strings"], "numeric guard + ./ + --", args={"file": "build/main.o", "min": "4"}, expect="GCC|main|text")
M = "runtimes"
T(M, "lower_perl", "safe", "Lowercase a string with Perl (argv).",
  {"text": "text"},
  ["perl -le 'print lc shift' -- @text@"],
  ["perl"], "value via @ARGV after --", args={"text": "HeLLo"}, expect="^hello$")
T(M, "py_heredoc_stats", "safe", "Print line and word counts of a file with a small Python script.",
  {"file": "file"},
  ["python3 - @file@ <<'PY'\nimport sys\nt = open(sys.argv[1]).read()\nprint(len(t.splitlines()), len(t.split()))\nPY\n"],
  ["python3"], "quoted heredoc program, value via argv, trailing newline after the terminator", args={"file": "notes.txt"}, expect="^3 3$")
T(M, "py_heredoc_stats_eof", "broken", "Print line and word counts of a file with a small Python script.",
  {"file": "file"},
  ["python3 - @file@ <<'PY'\nimport sys\nt = open(sys.argv[1]).read()\nprint(len(t.splitlines()), len(t.split()))\nPY"],
  ["python3"], "heredoc terminator on the last line", args={"file": "notes.txt"}, want=[("noout", "^3 3$")], skip=True, dropped="runtime ran it correctly: not broken")
M = "cluster"
T(M, "pods_by_label", "safe", "List pods with an app label.",
  {"app": "app label value"},
  ["kubectl get pods -l \"app=@app@\" -o name"],
  ["kubectl"], "value glued into the -l argument", args={"app": "web"}, expect="kubectl stub ok")
T(M, "container_logs", "safe", "Tail the logs of a container.",
  {"container": "container name"},
  ["docker logs --tail 50 -- @container@"],
  ["docker"], "-- before the value", args={"container": "web"}, expect="docker stub ok")
T(M, "lambda_logs", "safe", "Tail the CloudWatch logs of a Lambda function.",
  {"function": "function name"},
  ["aws logs tail \"/aws/lambda/@function@\" --since 1h"],
  ["aws"], "value glued into a path argument", args={"function": "resize"}, expect="aws stub ok")
T(M, "helm_history", "safe", "Show the history of a Helm release.",
  {"release": "release"},
  ["[[ @release@ =~ ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$ ]] || { echo 'invalid release'; exit 1; }; helm history --max 5 @release@"],
  ["helm"], "DNS label regex", args={"release": "web"}, expect="helm stub ok")
M = "archives"
T(M, "archive_dir_safe", "safe", "Archive a workspace directory into backups/ with a dated name.",
  {"dir": "directory"},
  ["tar -czf \"backups/snap-$(date +%Y%m%d).tar.gz\" -- \"./@dir@\" 2>&1; ls backups | grep -c snap"],
  ["tar", "date"], "./ + -- and a generated output name", args={"dir": "site"}, expect="^1$")
T(M, "xz_cat", "safe", "Print an xz-compressed file.",
  {"file": "file"},
  ["xz -dc -- @file@"],
  ["xz"], "--", args={"file": "data/msg.xz"}, expect="hello world")
M = "pki"
T(M, "file_digest", "safe", "Print the SHA-256 digest of a file with openssl.",
  {"file": "file"},
  ["openssl dgst -sha256 \"./@file@\""],
  ["openssl"], "./ prefix (openssl has no --)", args={"file": "notes.txt"}, expect="SHA2-?256")
