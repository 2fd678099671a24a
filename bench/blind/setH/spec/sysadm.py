from .common import T, UP
M = "host_admin"
D = "/tmp/blindH_ws"
T(M, "unit_status", "option", "systemctl status --no-pager UTCP_ARG_unit_UTCP_END",
  {"unit": "string"}, "Show the status of a systemd unit.", {"unit": "nginx.service"}, {"unit": "--host=root@127.0.0.1"},
  ("argv", "systemctl", ["--host=root@127.0.0.1"]), progs=["systemctl"], idiom="unit at option slot")
T(M, "unit_status_safe", "safe", "systemctl status --no-pager -- UTCP_ARG_unit_UTCP_END",
  {"unit": "string"}, "Show the status of a systemd unit.", {"unit": "nginx.service"}, expect="systemctl-stub-ok",
  progs=["systemctl"], idiom="--")
T(M, "unit_logs_since", "safe", 'journalctl --no-pager -u UTCP_ARG_unit_UTCP_END --since "UTCP_ARG_since_UTCP_END" -n 200',
  {"unit": "string", "since": "string"}, "Recent journal lines of a unit.", {"unit": "nginx", "since": "1 hour ago"},
  expect="journalctl-stub-ok", progs=["journalctl"], idiom="values as option arguments", optargs=["-u", "--since"])
T(M, "unit_logs_grep", "option", "journalctl --no-pager -n 500 UTCP_ARG_match_UTCP_END",
  {"match": "string"}, "Journal lines matching a field match like _SYSTEMD_UNIT=nginx.service.", {"match": "_SYSTEMD_UNIT=nginx.service"},
  {"match": "--file=/tmp/blindH_secret.txt"}, ("argv", "journalctl", ["--file=/tmp/blindH_secret.txt"]), progs=["journalctl"],
  idiom="match at option slot")
T(M, "log_event_safe", "safe", "logger -s -t deploy-bot -- UTCP_ARG_message_UTCP_END; echo logged",
  {"message": "string"}, "Write a message to syslog.", {"message": "deploy started"}, expect="logged", progs=["logger"], idiom="--")
T(M, "disk_usage", "option", "du -sh UTCP_ARG_path_UTCP_END",
  {"path": "string"}, "Disk usage of a path.", {"path": "logs"}, {"path": "--files0-from=/tmp/blindH_secret.txt"},
  ("output", "SECRETMARK"), wd=D, progs=["du"], idiom="path at option slot (--files0-from leaks file)")
T(M, "disk_usage_safe", "safe", "du -sh -- UTCP_ARG_path_UTCP_END", {"path": "string"}, "Disk usage of a path.",
  {"path": "logs"}, expect="logs", wd=D, progs=["du"], idiom="--")
T(M, "prune_old_logs", "option", "find logs UTCP_ARG_age_filter_UTCP_END -name '*.log' -print",
  {"age_filter": "string"}, "List logs matching an age filter like -mtime +7.", {"age_filter": "-newer"},
  {"age_filter": "-delete"}, ("gone", "/tmp/blindH_ws/logs/app.log"), wd=D, progs=["find"], idiom="free predicate slot")
T(M, "prune_old_logs_days", "safe",
  ["[[ UTCP_ARG_days_UTCP_END =~ ^[0-9]{1,3}$ ]] || { echo 'days: integer'; exit 2; }; find logs -name '*.log' -mtime +UTCP_ARG_days_UTCP_END -print"],
  {"days": "string"}, "List logs older than N days.", {"days": "0"}, expect="", wd=D, progs=["find"], idiom="regex guard")
T(M, "file_mode", "safe", "stat -c '%A %U %n' -- UTCP_ARG_path_UTCP_END", {"path": "string"}, "Permissions of a file.",
  {"path": "data/notes.txt"}, expect="notes.txt", wd=D, progs=["stat"], idiom="--")
T(M, "file_mode_fmt", "safe", "stat -c UTCP_ARG_format_UTCP_END data/notes.txt",
  {"format": "string"}, "Stat notes.txt with a custom format.", {"format": "%a"}, expect="644", wd=D, progs=["stat"], idiom="value as -c argument")
T(M, "run_with_timeout", "safe", "timeout UTCP_ARG_seconds_UTCP_END make -s -C build all",
  {"seconds": "string"}, "Build with a time limit in seconds.", {"seconds": "30"}, expect="built", progs=["timeout", "make"], idiom="duration positional cannot become command")
T(M, "lookup_user", "safe", "getent passwd -- UTCP_ARG_user_UTCP_END | cut -d: -f1,6,7",
  {"user": "string"}, "Look up an account.", {"user": "nobody"}, expect="nobody", progs=["getent", "cut"], idiom="--")
T(M, "pkg_version", "broken", "dpkg-query -W -f='${Version}\\n' -- UTCP_ARG_package_UTCP_END",
  {"package": "string"}, "Installed version of a Debian package.", {"package": "bash"}, check=("broken", "5."), progs=["dpkg-query"], idiom="${Version} format eaten by client")
T(M, "process_by_name", "safe", "pgrep -a -f -- UTCP_ARG_pattern_UTCP_END || echo none",
  {"pattern": "string"}, "List processes whose command line matches.", {"pattern": "zzznope"}, expect="none", progs=["pgrep"], idiom="--")
T(M, "who_has_port", "broken", "lsof -nP -iTCP:UTCP_ARG_port_UTCP_END -sTCP:LISTEN | awk 'NR>1 {print $1, $2}'",
  {"port": "string"}, "Which process listens on a TCP port.", {"port": "22"}, check=("broken", "lsof"), progs=["lsof", "awk"],
  idiom="awk $1 $2 eaten by client")
T(M, "install_crontab", "option", "crontab UTCP_ARG_file_UTCP_END && crontab -l | tail -n 3",
  {"file": "string"}, "Install a crontab file for the service user.", {"file": "cfg/report.cron"}, {"file": "-r"},
  ("argv", "crontab", ["-r"]), wd=D, progs=["crontab"], idiom="file at option slot (-r removes crontab)")
T(M, "build_with_transcript", "exec", "script -qec \"make -s -C build UTCP_ARG_target_UTCP_END\" /dev/null",
  {"target": "string"}, "Run a make target under script(1) so colours are kept.", {"target": "all"}, {"target": "all; touch {C}"},
  ("canary",), wd=D, progs=["script", "make"], idiom="script -c dq string")
T(M, "net_listeners", "broken", "ss -ltnp | awk -v p=UTCP_ARG_port_UTCP_END '$4 ~ \":\"p\"$\"'",
  {"port": "string"}, "Show listeners on a port.", {"port": "22"}, check=("broken", "ss-stub-ok"), progs=["ss", "awk"],
  idiom="awk $4 eaten by client")
