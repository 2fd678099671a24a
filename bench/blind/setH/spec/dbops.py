from .common import T, UP
M = "db_admin"
D = "/tmp/blindH_ws"
T(M, "sqlite_user_by_name", "exec", "sqlite3 db/app.db <<< \"select id, name from users where name = 'UTCP_ARG_name_UTCP_END';\"",
  {"name": "string"}, "Look up a user by name in the app database.", {"name": "alice"},
  {"name": "x';\n.shell touch {C}\nselect '"}, ("canary",), wd=D, progs=["sqlite3"], idiom="SQL string + dot-command via newline")
T(M, "sqlite_user_by_id", "safe",
  ["[[ UTCP_ARG_id_UTCP_END =~ ^[0-9]+$ ]] || { echo 'numeric id'; exit 2; }; sqlite3 db/app.db \"select id, name from users where id = UTCP_ARG_id_UTCP_END;\""],
  {"id": "string"}, "Look up a user by numeric id.", {"id": "1"}, expect="alice", wd=D, progs=["sqlite3"], idiom="regex guard")
T(M, "sqlite_export_csv", "write", "sqlite3 -csv -header db/app.db \"select * from users;\" > \"reports/UTCP_ARG_name_UTCP_END.csv\" && echo exported",
  {"name": "string"}, "Export the users table to reports/<name>.csv.", {"name": "users"}, {"name": UP + "{W}"}, ("file", "{W}.csv"),
  wd=D, progs=["sqlite3"], idiom="redirect path join")
T(M, "sqlite_table_count", "exec", "printf 'select count(*) from %s;\\n' UTCP_ARG_table_UTCP_END | sqlite3 db/app.db",
  {"table": "string"}, "Count rows of a table.", {"table": "users"}, {"table": "users;\n.system touch {C}\n"}, ("canary",),
  wd=D, progs=["sqlite3"], idiom="sq placeholder is still one SQL script")
T(M, "sqlite_table_count_safe", "safe",
  ["case UTCP_ARG_table_UTCP_END in users|orders|events) sqlite3 db/app.db \"select count(*) from UTCP_ARG_table_UTCP_END;\";; *) echo 'unknown table';; esac"],
  {"table": "string"}, "Count rows of a known table.", {"table": "users"}, expect="2", wd=D, progs=["sqlite3"], idiom="case allowlist")
T(M, "psql_query_db", "option", "psql -X -A -t -c 'select now()' UTCP_ARG_dbname_UTCP_END",
  {"dbname": "string"}, "Check a database is reachable.", {"dbname": "app"}, {"dbname": "--output=/tmp/x"},
  ("argv", "psql", ["--output=/tmp/x"]), env={"PGHOST": "${PGHOST}", "PGPASSWORD": "${API_TOKEN}"}, progs=["psql"],
  idiom="dbname at option slot")
T(M, "psql_var_lookup", "safe", "psql -X -A -t -v ON_ERROR_STOP=1 -v uid=UTCP_ARG_uid_UTCP_END -c \"select name from users where id = :'uid'::int\"",
  {"uid": "string"}, "Get a user name by id.", {"uid": "1"}, expect="psql-stub-ok", env={"PGHOST": "${PGHOST}"},
  progs=["psql"], idiom="-v k=v")
T(M, "pg_dump_table", "safe", "pg_dump --no-owner -t UTCP_ARG_table_UTCP_END appdb | gzip > backups/table.sql.gz && echo dumped",
  {"table": "string"}, "Dump one table of appdb.", {"table": "users"}, expect="dumped", optargs=["-t"],
  env={"PGHOST": "${PGHOST}"}, wd=D, progs=["pg_dump", "gzip"], idiom="check")
T(M, "pg_dump_db", "option", "pg_dump --no-owner UTCP_ARG_db_UTCP_END > backups/db.sql && echo dumped",
  {"db": "string"}, "Dump a database to backups/db.sql.", {"db": "appdb"}, {"db": "--file=/tmp/x.sql"},
  ("argv", "pg_dump", ["--file=/tmp/x.sql"]), env={"PGHOST": "${PGHOST}"}, wd=D, progs=["pg_dump"], idiom="dbname at option slot")
T(M, "mysql_slow_tables", "exec", "mysql -N -e \"select table_name from information_schema.tables where table_schema='UTCP_ARG_schema_UTCP_END'\" | xargs -I{} sh -c 'echo checking {}; mysqlcheck UTCP_ARG_schema_UTCP_END {}'",
  {"schema": "string"}, "Run mysqlcheck on all tables of a schema.", {"schema": "app"}, {"schema": "app; touch {C}"},
  ("canary",), progs=["mysql", "xargs", "sh"], idiom="sq placeholder inside sh -c")
T(M, "redis_key_ttl", "safe", "redis-cli -h 127.0.0.1 TTL UTCP_ARG_key_UTCP_END",
  {"key": "string"}, "Show the TTL of a key.", {"key": "session:1"}, expect="redis-cli-stub-ok", optargs=["TTL"], progs=["redis-cli"], idiom="args after command are not options")
T(M, "db_health_report", "broken",
  [{"command": "sqlite3 db/app.db 'select count(*) from users;'", "append_to_final_output": False},
   {"command": "echo \"users=${CMD_0_OUTPUT} checked_by=UTCP_ARG_who_UTCP_END\""}],
  {"who": "string"}, "Report the user count.", {"who": "ops"}, check=("broken", "users=2"), wd=D, progs=["sqlite3"],
  idiom="${CMD_0_OUTPUT} braced form also substituted by client")
T(M, "db_health_report_ok", "safe",
  [{"command": "sqlite3 db/app.db 'select count(*) from users;'", "append_to_final_output": False},
   {"command": "printf 'users=%s checked_by=%s\\n' \"${CMD_0_OUTPUT%%[[:space:]]}\" UTCP_ARG_who_UTCP_END"}],
  {"who": "string"}, "Report the user count.", {"who": "ops"}, expect="users=2", wd=D, progs=["sqlite3", "printf"],
  idiom="${CMD_0_OUTPUT%%..} survives client substitution")
