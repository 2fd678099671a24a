from .common import T, UP
M = "shell_helpers"
D = "/tmp/blindH_ws"
T(M, "set_config_key", "exec",
  ["declare -A cfg=([env]=dev [region]=eu); printf -v \"cfg[UTCP_ARG_key_UTCP_END]\" '%s' UTCP_ARG_value_UTCP_END; declare -p cfg"],
  {"key": "string", "value": "string"}, "Set a key in the session config map and show it.", {"key": "tier", "value": "gold"},
  {"key": "x$(touch {C})", "value": "v"}, ("canary",), progs=["printf", "declare"], idiom="printf -v assoc subscript")
T(M, "threshold_check", "exec", "[[ UTCP_ARG_value_UTCP_END -gt 100 ]] && echo over || echo within",
  {"value": "string"}, "Is a metric value over 100?", {"value": "120"}, {"value": "a[$(touch {C})]"}, ("canary",),
  progs=["[["], idiom="[[ -gt ]] arithmetic on string")
T(M, "threshold_check_test", "safe", "[ UTCP_ARG_value_UTCP_END -gt 100 ] 2>/dev/null && echo over || echo within",
  {"value": "string"}, "Is a metric value over 100?", {"value": "120"}, expect="over", progs=["test"], idiom="[ -gt ] no arithmetic eval")
T(M, "double_quota", "exec", "let \"q = UTCP_ARG_quota_UTCP_END * 2\"; echo \"new quota: ${q:-0}\"",
  {"quota": "string"}, "Double a quota value.", {"quota": "21"}, {"quota": "a[$(touch {C})]"}, ("canary",), progs=["let"], idiom="let")
T(M, "env_by_index", "exec", "envs=(dev staging prod); echo \"${envs[UTCP_ARG_index_UTCP_END]}\"",
  {"index": "string"}, "Name of the environment at an index (0-2).", {"index": "1"}, {"index": "a[$(touch {C})]"}, ("canary",),
  progs=["bash arrays"], idiom="array subscript arithmetic")
T(M, "env_by_index_case", "safe", "envs=(dev staging prod); case UTCP_ARG_index_UTCP_END in [0-2]) echo \"${envs[UTCP_ARG_index_UTCP_END]}\";; *) echo 'index 0-2';; esac",
  {"index": "string"}, "Name of the environment at an index (0-2).", {"index": "1"}, expect="staging", progs=["bash arrays"], idiom="case digit guard")
T(M, "ls_path_parts", "split", "read -ra parts <<< UTCP_ARG_path_UTCP_END; ls -ld \"${parts[@]}\"",
  {"path": "string"}, "Long listing of one path.", {"path": "data/notes.txt"}, {"path": "data/notes.txt data/lines.txt"},
  ("output", "lines.txt"), wd=D, progs=["read", "ls"], idiom="read -a splits value")
T(M, "pull_images", "split", "mapfile -t refs < <(printf '%s\\n' UTCP_ARG_image_UTCP_END); docker pull -q \"${refs[@]}\"",
  {"image": "string"}, "Pull one image.", {"image": "alpine:3"}, {"image": "blindHa\nblindHb"}, ("argv", "docker", ["blindHa", "blindHb"], False),
  progs=["mapfile", "docker"], idiom="mapfile splits on newline")
T(M, "workdir_cleanup_trap", "exec",
  ["trap \"rm -rf out/UTCP_ARG_scratch_UTCP_END\" EXIT; mkdir -p \"out/UTCP_ARG_scratch_UTCP_END\" && echo working > \"out/UTCP_ARG_scratch_UTCP_END/state\" && cat \"out/UTCP_ARG_scratch_UTCP_END/state\""],
  {"scratch": "string"}, "Use a scratch dir under out/ that is removed at exit.", {"scratch": "job1"}, {"scratch": "j; touch {C}"},
  ("canary",), wd=D, progs=["trap", "rm"], idiom="trap dq string")
T(M, "workdir_cleanup_trap_sq", "exec",
  ["trap 'rm -rf -- \"out/UTCP_ARG_scratch_UTCP_END\"' EXIT; mkdir -p \"out/UTCP_ARG_scratch_UTCP_END\" && echo working"],
  {"scratch": "string"}, "Use a scratch dir under out/ that is removed at exit.", {"scratch": "job1"}, {"scratch": "j\"; touch {C}; : \""},
  ("canary",), wd=D, progs=["trap", "rm"], idiom="trap sq string: tracker closes the sq")
T(M, "workdir_cleanup_trap_var", "safe",
  ["d='UTCP_ARG_scratch_UTCP_END'; case \"${d:-}\" in ''|*/*|.*) echo 'plain name'; exit 2;; esac; trap 'rm -rf -- \"out/${d:-}\"' EXIT; mkdir -p \"out/${d:-}\" && echo working"],
  {"scratch": "string"}, "Use a scratch dir under out/ that is removed at exit.", {"scratch": "job1"}, expect="working", wd=D,
  progs=["trap", "rm"], idiom="trap refers to variable, guard")
T(M, "parse_flags", "broken",
  ["set -- UTCP_ARG_flags_UTCP_END; v=0; while getopts 'vq' o; do case $o in v) v=1;; q) v=-1;; esac; done; echo verbosity=${v:-0}"],
  {"flags": "string"}, "Parse -v/-q flags and report verbosity.", {"flags": "-v"}, check=("broken", "verbosity=1"),
  progs=["getopts"], idiom="$o eaten by client")
T(M, "suggest_env", "exec", "compgen -W \"UTCP_ARG_candidates_UTCP_END\" -- UTCP_ARG_prefix_UTCP_END",
  {"candidates": "string", "prefix": "string"}, "Complete a prefix against a space-separated candidate list.",
  {"candidates": "dev staging prod", "prefix": "st"}, {"candidates": "$(touch {C})", "prefix": "x"}, ("canary",),
  progs=["compgen"], idiom="compgen -W re-expands word list")
T(M, "suggest_command", "safe", "compgen -c -- UTCP_ARG_prefix_UTCP_END | sort -u | head -n 5",
  {"prefix": "string"}, "Commands starting with a prefix.", {"prefix": "bas"}, expect="bash", progs=["compgen"], idiom="compgen -c --")
T(M, "session_log", "write", "exec 3>>\"logs/UTCP_ARG_session_UTCP_END.log\"; echo \"session start\" >&3; echo ok",
  {"session": "string"}, "Append a start line to logs/<session>.log.", {"session": "s1"}, {"session": UP + "{W}"}, ("file", "{W}.log"),
  wd=D, progs=["exec"], idiom="exec fd redirect path join")
T(M, "make_with_opts", "exec", "eval \"opts=(UTCP_ARG_opts_UTCP_END)\"; make -s -C build \"${opts[@]}\"",
  {"opts": "string"}, "Run make with extra arguments like 'all TARGET=x'.", {"opts": "all TARGET=x"}, {"opts": "$(touch {C})"},
  ("canary",), progs=["eval", "make"], idiom="eval array")
T(M, "greet_eval_q", "safe", "q=$(printf '%q' UTCP_ARG_name_UTCP_END); eval \"echo Hello, ${q:-}\"",
  {"name": "string"}, "Greet someone (templated).", {"name": "Ada Lovelace"}, expect="Hello, Ada Lovelace",
  progs=["printf", "eval"], idiom="printf %q before eval")
T(M, "feature_flag", "exec", "declare \"UTCP_ARG_flag_UTCP_END=1\"; compgen -v | grep -c '^FEATURE_' || true",
  {"flag": "string"}, "Enable a FEATURE_ flag for this session.", {"flag": "FEATURE_X"}, {"flag": "a[$(touch {C})]"}, ("canary",),
  progs=["declare"], idiom="declare name=value")
T(M, "service_action", "safe",
  ["case UTCP_ARG_action_UTCP_END in start|stop|status|restart) systemctl UTCP_ARG_action_UTCP_END nginx.service;; *) echo 'action?';; esac"],
  {"action": "string"}, "Start/stop/status/restart nginx.", {"action": "status"}, expect="systemctl-stub-ok", progs=["systemctl"], idiom="case allowlist")
T(M, "render_ini_quoted_heredoc", "broken", ["cat <<'EOF' > cfg/app.ini\n[app]\nname = UTCP_ARG_name_UTCP_END\nEOF\ncat cfg/app.ini"],
  {"name": "string"}, "Write cfg/app.ini with an app name.", {"name": "svc"}, check=("broken", "name = svc"), wd=D,
  progs=["cat", "heredoc"], idiom="placeholder in quoted heredoc stays a literal $var")
T(M, "render_ini_heredoc", "broken", ["cat <<EOF > cfg/app.ini\n[app]\nname = UTCP_ARG_name_UTCP_END\nEOF\ncat cfg/app.ini"],
  {"name": "string"}, "Write cfg/app.ini with an app name.", {"name": "svc"}, check=("broken", "name = svc\n"), wd=D,
  progs=["cat", "heredoc"], idiom="bare placeholder in heredoc gets literal quotes")
T(M, "release_note_heredoc", "broken", ["cat <<EOF\nDon't forget: release UTCP_ARG_version_UTCP_END ships today.\nEOF"],
  {"version": "string"}, "Draft a one-line release reminder.", {"version": "1.4.2"}, check=("broken", "release 1.4.2 ships"),
  progs=["cat", "heredoc"], idiom="apostrophe in heredoc flips the quote tracker")
T(M, "release_note_printf", "safe", ["printf \"Don't forget: release %s ships today.\\n\" UTCP_ARG_version_UTCP_END"],
  {"version": "string"}, "Draft a one-line release reminder.", {"version": "1.4.2"}, expect="release 1.4.2 ships", progs=["printf"],
  idiom="apostrophe inside dq, placeholder bare")
T(M, "wc_each_file", "safe", "printf '%s\\0' UTCP_ARG_file_UTCP_END | xargs -0 wc -l --",
  {"file": "string"}, "Line count of one file.", {"file": "data/lines.txt"}, expect="4", wd=D, progs=["xargs", "wc"], idiom="xargs -0 --")
T(M, "run_clean_env", "exec", "env -i UTCP_ARG_assignment_UTCP_END PATH=/usr/bin:/bin printenv APP_MODE",
  {"assignment": "string"}, "Run with a clean environment plus one NAME=value assignment and show APP_MODE.", {"assignment": "APP_MODE=dev"},
  {"assignment": "-Stouch {C}"}, ("canary",), wd=D, progs=["env"], idiom="env -S splits")
T(M, "dry_run_flag", "broken", "if [ UTCP_ARG_dry_run_UTCP_END = true ]; then echo 'would deploy'; else echo 'deploying'; fi",
  {"dry_run": "boolean"}, "Deploy, or only show what would happen when dry_run is true.", {"dry_run": True}, check=("broken", "would deploy"),
  progs=["test"], idiom="boolean arrives as Python 'True'")
T(M, "tag_list", "broken", "for t in UTCP_ARG_tags_UTCP_END; do git -C repo tag -l \"v*\" | grep -c . ; done; echo checked UTCP_ARG_tags_UTCP_END",
  {"tags": {"type": "array", "items": {"type": "string"}}}, "Check several tags exist.", {"tags": ["v1.0.0", "v2.0.0"]},
  check=("broken", "checked v1.0.0 v2.0.0"), wd=D, progs=["git"], idiom="array arg arrives as Python repr")
