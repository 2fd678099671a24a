from .common import T, UP
M = "data_wrangling"
D = "/tmp/blindH_ws"
T(M, "csv_top_scores", "write", 'sort -t, -k3 -nr data/users.csv -o "reports/UTCP_ARG_report_UTCP_END.csv" && echo saved',
  {"report": "string"}, "Sort users by score and save a report under reports/.", {"report": "top"}, {"report": UP + "{W}"},
  ("file", "{W}.csv"), wd=D, progs=["sort"], idiom="sort -o path join")
T(M, "csv_sort_key", "safe", "sort -t, -k UTCP_ARG_key_UTCP_END data/users.csv",
  {"key": "string"}, "Sort users.csv by a key spec such as 3,3n.", {"key": "3,3n"}, expect="alice", wd=D,
  progs=["sort"], idiom="value is -k's argument")
T(M, "csv_sort_opts", "option", "sort -t, UTCP_ARG_opts_UTCP_END data/users.csv",
  {"opts": "string"}, "Sort users.csv with extra sort flags (e.g. -k3n).", {"opts": "-k3n"}, {"opts": "-o{W}"},
  ("file", "{W}"), wd=D, progs=["sort"], idiom="free flag slot")
T(M, "sample_rows", "option", "shuf -n 2 UTCP_ARG_file_UTCP_END",
  {"file": "string"}, "Random sample of 2 lines from a data file.", {"file": "data/users.csv"}, {"file": "-o{W}"},
  ("file", "{W}"), wd=D, progs=["shuf"], idiom="shuf -o")
T(M, "sample_rows_guarded", "safe",
  ["f='UTCP_ARG_file_UTCP_END'; case \"${f:-}\" in */*|.*|-*|'') echo 'plain file name in data/ only'; exit 2;; esac; shuf -n 2 -- \"data/${f:-}\""],
  {"file": "string"}, "Random sample of 2 lines from a file in data/.", {"file": "users.csv"}, expect=",", wd=D,
  progs=["shuf"], idiom="${f:-} survives client substitution + case guard")
T(M, "split_log_parts", "write", 'csplit -s -f "parts/UTCP_ARG_prefix_UTCP_END" data/lines.txt 3 && ls parts',
  {"prefix": "string"}, "Split lines.txt at line 3 into parts/<prefix>NN.", {"prefix": "lines_"}, {"prefix": UP + "{W}"},
  ("file", "{W}00"), wd=D, progs=["csplit"], idiom="csplit -f prefix")
T(M, "chunk_file", "exec", "split UTCP_ARG_split_opts_UTCP_END data/lines.txt parts/chunk_ && ls parts",
  {"split_opts": "string"}, "Split lines.txt into chunks (pass e.g. -l 2 or -n 2).", {"split_opts": "-l2"},
  {"split_opts": "--filter=touch {C}"}, ("canary",), wd=D, progs=["split"], idiom="split --filter")
T(M, "chunk_file_lines", "safe", "split -l UTCP_ARG_lines_UTCP_END -d data/lines.txt parts/chunk_ && ls parts",
  {"lines": "string"}, "Split lines.txt into chunks of N lines.", {"lines": "2"}, expect="chunk_00", wd=D,
  progs=["split"], idiom="value as -l argument")
T(M, "human_bytes", "safe", "numfmt --to=iec-i --suffix=B -- UTCP_ARG_bytes_UTCP_END",
  {"bytes": "string"}, "Format a byte count.", {"bytes": "1048576"}, expect="1.0MiB", progs=["numfmt"], idiom="--")
T(M, "date_format", "option", "date -u UTCP_ARG_format_UTCP_END",
  {"format": "string"}, "Print the current date with a format like +%F.", {"format": "+%F"},
  {"format": "-f/tmp/blindH_secret.txt"}, ("output", "SECRETMARK"), progs=["date"], idiom="date -f reads file")
T(M, "date_format_safe", "safe", 'date -u "+UTCP_ARG_format_UTCP_END"',
  {"format": "string"}, "Print the current date with a strftime format like %F.", {"format": "%Y"}, expect="2026",
  progs=["date"], idiom="+ prefix")
T(M, "paste_columns", "safe", "paste -d UTCP_ARG_delim_UTCP_END data/users.csv data/teams.csv",
  {"delim": "string"}, "Join users and teams side by side with a delimiter.", {"delim": "|"}, expect="alice", wd=D,
  progs=["paste"], idiom="value as -d argument")
T(M, "decode_attachment", "write", 'printf %s UTCP_ARG_b64_UTCP_END | base64 -d > "out/UTCP_ARG_filename_UTCP_END" && echo written',
  {"b64": "string", "filename": "string"}, "Decode a base64 attachment into out/.", {"b64": "aGk=", "filename": "hi.txt"},
  {"b64": "aGk=", "filename": UP + "{W}"}, ("file", "{W}"), wd=D, progs=["base64"], idiom="redirect path join")
T(M, "decode_attachment_safe", "safe",
  ['n=$(basename -- UTCP_ARG_filename_UTCP_END); [[ "${n:-}" == .* ]] && { echo "hidden names not allowed"; exit 2; }; printf %s UTCP_ARG_b64_UTCP_END | base64 -d > "out/${n:-}" && echo written'],
  {"b64": "string", "filename": "string"}, "Decode a base64 attachment into out/ (basename only).", {"b64": "aGk=", "filename": "hi.txt"},
  expect="written", wd=D, progs=["base64", "basename"], idiom="basename --")
T(M, "hexdump_head", "safe", 'xxd -l 64 -s UTCP_ARG_offset_UTCP_END data/notes.txt',
  {"offset": "string"}, "Hex dump 64 bytes of notes.txt from an offset.", {"offset": "0"}, expect="hello", wd=D,
  progs=["xxd"], idiom="value as -s argument")
T(M, "join_user_team", "broken", "join -t, -1 1 -2 1 <(tail -n +2 data/users.csv | sort) <(tail -n +2 data/teams.csv | sort) | awk -F, '{print $2\" \"$4}' | grep UTCP_ARG_team_UTCP_END",
  {"team": "string"}, "List users of a team.", {"team": "red"}, check=("broken", "alice"), wd=D,
  progs=["join", "awk"], idiom="awk $2 eaten by client var substitution")
T(M, "count_words", "split", 'wc -w $(printf %s "UTCP_ARG_files_UTCP_END")',
  {"files": "string"}, "Count words in one file.", {"files": "data/notes.txt"}, {"files": "data/notes.txt data/lines.txt"},
  ("output", "total"), wd=D, progs=["wc"], idiom="unquoted $( ) result")
T(M, "fmt_paragraph", "safe", 'fmt -w UTCP_ARG_width_UTCP_END < data/notes.txt',
  {"width": "string"}, "Reflow notes.txt to a width.", {"width": "40"}, expect="hello", wd=D, progs=["fmt"], idiom="-w arg")
T(M, "comm_new_users", "safe", "comm -13 <(cut -d, -f2 data/users.csv | sort) <(printf '%s\\n' UTCP_ARG_names_UTCP_END | tr ',' '\\n' | sort)",
  {"names": "string"}, "Which of the given comma-separated names are not yet users.", {"names": "alice,dave"}, expect="dave",
  wd=D, progs=["comm", "cut", "tr"], idiom="printf %s + process substitution")
T(M, "tsv_column_view", "exec", "column -t -s UTCP_ARG_sep_UTCP_END data/users.csv | sh -c \"head -n UTCP_ARG_rows_UTCP_END\"",
  {"sep": "string", "rows": "string"}, "Pretty-print the first rows of users.csv.", {"sep": ",", "rows": "2"},
  {"sep": ",", "rows": "2; touch {C}"}, ("canary",), wd=D, progs=["column", "sh"], idiom="sh -c with dq placeholder")
T(M, "load_greeting", "exec",
  "printf 'export GREETING=\"%s\"\\n' UTCP_ARG_greeting_UTCP_END > out/env.sh && . out/env.sh && printf '%s\\n' \"${GREETING:-}\"",
  {"greeting": "string"}, "Persist a greeting to out/env.sh and echo it back.", {"greeting": "hi there"},
  {"greeting": 'x"; touch {C}; : "'}, ("canary",), wd=D, progs=["printf", "source"], idiom="file written then sourced")
