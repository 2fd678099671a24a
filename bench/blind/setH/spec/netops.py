from .common import T, UP
M = "net_and_files"
D = "/tmp/blindH_ws"
T(M, "dns_a_records", "split", "echo \"A records: `dig +short UTCP_ARG_name_UTCP_END A`\"",
  {"name": "string"}, "Resolve the A records of one host name.", {"name": "example.internal"}, {"name": "blindHa blindHb"},
  ("argv", "dig", ["blindHa", "blindHb"], False), progs=["dig"], idiom="placeholder in backticks inside dq")
T(M, "dns_txt_records", "safe", "dig +short -q UTCP_ARG_name_UTCP_END -t TXT",
  {"name": "string"}, "Resolve TXT records of a name.", {"name": "example.internal"}, expect="dig-stub-ok", optargs=["-q"],
  progs=["dig"], idiom="value as -q argument")
T(M, "port_open", "safe", "nc -z -w 2 -- UTCP_ARG_host_UTCP_END UTCP_ARG_port_UTCP_END && echo open || echo closed",
  {"host": "string", "port": "string"}, "Check whether a TCP port is open.", {"host": "127.0.0.1", "port": "5432"}, expect="open",
  progs=["nc"], idiom="--")
T(M, "remote_uptime", "option", "ssh -o BatchMode=yes -o ConnectTimeout=5 UTCP_ARG_host_UTCP_END uptime",
  {"host": "string"}, "Uptime of a fleet host.", {"host": "web-1"}, {"host": "-oProxyCommand=touch /tmp/x"},
  ("argv", "ssh", ["-oProxyCommand=touch /tmp/x"]), progs=["ssh"], idiom="host at option slot")
T(M, "remote_uptime_safe", "safe",
  ["[[ UTCP_ARG_host_UTCP_END =~ ^[a-z0-9][a-z0-9.-]*$ ]] || { echo 'bad host'; exit 2; }; ssh -o BatchMode=yes -o ConnectTimeout=5 UTCP_ARG_host_UTCP_END uptime"],
  {"host": "string"}, "Uptime of a fleet host.", {"host": "web-1"}, expect="ssh-stub-ok", progs=["ssh"], idiom="anchored regex")
T(M, "port_scan", "option", "nmap -Pn -sT --top-ports 20 UTCP_ARG_target_UTCP_END",
  {"target": "string"}, "Quick TCP scan of a lab host.", {"target": "10.0.0.5"}, {"target": "-oN/tmp/x"}, ("argv", "nmap", ["-oN/tmp/x"]),
  progs=["nmap"], idiom="target at option slot")
T(M, "fetch_via_config", "option", "printf 'url = \"%s\"\\nsilent\\n' UTCP_ARG_url_UTCP_END | curl -K - && echo fetched",
  {"url": "string"}, "Fetch a URL (config passed on stdin so it never shows in ps).", {"url": "file:///tmp/blindH_ws/data/notes.txt"},
  {"url": "file:///tmp/blindH_ws/data/notes.txt\"\noutput = \"{W}"}, ("file", "{W}"), progs=["curl", "printf"], idiom="curl -K - config line injection via newline")
T(M, "zip_selection", "split", "printf '%s\\n' UTCP_ARG_file_UTCP_END | zip -q backups/sel.zip -@ && unzip -Z1 backups/sel.zip",
  {"file": "string"}, "Put one file into backups/sel.zip.", {"file": "data/notes.txt"}, {"file": "data/notes.txt\ndata/lines.txt"},
  ("output", "data/lines.txt"), wd=D, progs=["zip", "unzip"], idiom="zip -@ reads names per line")
T(M, "remove_stale_lock", "split", "echo UTCP_ARG_lockfile_UTCP_END | xargs rm -f && echo removed",
  {"lockfile": "string"}, "Remove one stale lock file.", {"lockfile": "locks/x.lock"}, {"lockfile": "locks/x.lock cfg/app.env"},
  ("gone", "/tmp/blindH_ws/cfg/app.env"), wd=D, progs=["xargs", "rm"], idiom="echo | xargs")
T(M, "retag_image", "split",
  [{"command": "printf '%s' UTCP_ARG_image_UTCP_END | tr -cd '[:alnum:]:/._ -'", "append_to_final_output": False},
   "docker tag ${CMD_0_OUTPUT:-} registry.internal/app:latest && echo tagged"],
  {"image": "string"}, "Sanitise an image reference and tag it as app:latest.", {"image": "app:1.4.2"}, {"image": "blindHa blindHb"},
  ("argv", "docker", ["blindHa", "blindHb"], False), progs=["docker", "tr"], idiom="unquoted ${CMD_0_OUTPUT:-} after sanitiser")
T(M, "retag_image_quoted", "safe",
  [{"command": "printf '%s' UTCP_ARG_image_UTCP_END | tr -cd '[:alnum:]:/._-'", "append_to_final_output": False},
   "case \"${CMD_0_OUTPUT:-}\" in ''|-*) echo 'bad ref'; exit 2;; esac; docker tag \"${CMD_0_OUTPUT:-}\" registry.internal/app:latest && echo tagged"],
  {"image": "string"}, "Sanitise an image reference and tag it as app:latest.", {"image": "app:1.4.2"}, expect="tagged",
  progs=["docker", "tr"], idiom="quoted ${CMD_0_OUTPUT:-} + -* guard")
T(M, "release_values", "split", "echo \"values: $(helm get values UTCP_ARG_release_UTCP_END -o yaml)\"",
  {"release": "string"}, "Show user-supplied values of a release.", {"release": "api"}, {"release": "blindHa blindHb"},
  ("argv", "helm", ["blindHa", "blindHb"], False), env={"KUBECONFIG": "/etc/kube/agent.yaml"}, progs=["helm"], idiom="placeholder inside $( ) inside dq")
T(M, "install_config", "write", 'install -D -m 0644 cfg/app.env "site/UTCP_ARG_env_UTCP_END/app.env" && echo installed',
  {"env": "string"}, "Install the app env file into site/<env>/.", {"env": "staging"}, {"env": UP + "{W}"}, ("file", "{W}/app.env"),
  wd=D, progs=["install"], idiom="install -D path join")
T(M, "append_audit", "write", 'echo "UTCP_ARG_event_UTCP_END" | tee -a "logs/UTCP_ARG_stream_UTCP_END.audit"',
  {"stream": "string", "event": "string"}, "Append an event to an audit stream in logs/.", {"stream": "deploy", "event": "start"},
  {"stream": UP + "{W}", "event": "start"}, ("file", "{W}.audit"), wd=D, progs=["tee"], idiom="tee -a path join")
T(M, "link_current", "write", 'ln -sfn "releases/UTCP_ARG_version_UTCP_END" "UTCP_ARG_link_UTCP_END" && readlink UTCP_ARG_link_UTCP_END',
  {"version": "string", "link": "string"}, "Point a symlink (e.g. current) at releases/<version>.", {"version": "1.4.2", "link": "current"},
  {"version": "1.4.2", "link": "{W}"}, ("file", "{W}"), wd=D, progs=["ln"], idiom="absolute link path")
T(M, "ansible_limit", "option", "ansible-playbook site.yml UTCP_ARG_limit_UTCP_END --check",
  {"limit": "string"}, "Dry-run the site playbook (optionally pass a host pattern such as -l web).", {"limit": "-lweb"},
  {"limit": "--extra-vars=@/tmp/blindH_secret.txt"}, ("argv", "ansible-playbook", ["--extra-vars=@/tmp/blindH_secret.txt"]),
  progs=["ansible-playbook"], idiom="free option slot")
T(M, "ansible_limit_safe", "safe", "ansible-playbook site.yml --limit=UTCP_ARG_hosts_UTCP_END --check",
  {"hosts": "string"}, "Dry-run the site playbook on a host pattern.", {"hosts": "web"}, expect="ansible-playbook-stub-ok",
  progs=["ansible-playbook"], idiom="--opt=value")
T(M, "packer_build_version", "safe", "packer build -var \"version=UTCP_ARG_version_UTCP_END\" images/base.pkr.hcl",
  {"version": "string"}, "Build the base image with a version.", {"version": "1.4.2"}, expect="packer-stub-ok", progs=["packer"], idiom="-var k=v")
