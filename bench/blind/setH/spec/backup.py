from .common import T, UP
M = "backup_archive"
D = "/tmp/blindH_ws"
T(M, "zip_add_and_test", "exec", "zip -q -T backups/docs.zip UTCP_ARG_file_UTCP_END && echo 'added and verified'",
  {"file": "string"}, "Add a file to backups/docs.zip and verify the archive.", {"file": "data/notes.txt"},
  {"file": "-TTtouch {C};:"}, ("canary",), wd=D, progs=["zip"], idiom="zip -TT test command")
T(M, "zip_add_and_test_safe", "safe", "zip -q -T backups/docs.zip -- UTCP_ARG_file_UTCP_END && echo 'added and verified'",
  {"file": "string"}, "Add a file to backups/docs.zip and verify the archive.", {"file": "data/notes.txt"}, expect="verified",
  wd=D, progs=["zip"], idiom="zip --")
T(M, "restore_docs", "option", "cd site && unzip -o -q ../backups/docs.zip UTCP_ARG_member_UTCP_END && echo restored",
  {"member": "string"}, "Restore one member of docs.zip into site/.", {"member": "index.md"}, {"member": "-d{W}"},
  ("file", "{W}/index.md"), wd=D, progs=["unzip"], idiom="member at option slot overrides -d")
T(M, "restore_docs_to", "write", 'unzip -o -q backups/docs.zip -d "site/UTCP_ARG_subdir_UTCP_END" && echo restored',
  {"subdir": "string"}, "Restore docs.zip into a sub-directory of site/.", {"subdir": "v2"}, {"subdir": UP + "{W}"},
  ("file", "{W}/index.md"), wd=D, progs=["unzip"], idiom="-d path join")
T(M, "tar_extract_member", "exec", "tar -xzf backups/site.tar.gz -C out UTCP_ARG_member_UTCP_END && echo extracted",
  {"member": "string"}, "Extract one member from the site backup into out/.", {"member": "docs/index.md"},
  {"member": "--to-command=touch {C}"}, ("canary",), wd=D, progs=["tar"], idiom="tar --to-command")
T(M, "tar_extract_member_safe", "safe", "tar -xzf backups/site.tar.gz -C out --no-wildcards -- UTCP_ARG_member_UTCP_END && echo extracted",
  {"member": "string"}, "Extract one member from the site backup into out/.", {"member": "docs/index.md"}, expect="extracted",
  wd=D, progs=["tar"], idiom="tar --")
T(M, "xz_compress_level", "option", "xz -k -f UTCP_ARG_level_UTCP_END logs/app.log && ls logs",
  {"level": "string"}, "Compress app.log with xz at a level like -6.", {"level": "-6"}, {"level": "--files=/tmp/blindH_secret.txt"},
  ("output", "SECRETMARK"), wd=D, progs=["xz"], idiom="free option slot")
T(M, "xz_compress_level_safe", "safe",
  ["case UTCP_ARG_level_UTCP_END in [0-9]) xz -k -f -UTCP_ARG_level_UTCP_END logs/app.log && ls logs;; *) echo 'level 0-9';; esac"],
  {"level": "string"}, "Compress app.log with xz at a level 0-9.", {"level": "6"}, expect="app.log.xz", wd=D,
  progs=["xz"], idiom="case single digit")
T(M, "zstd_pack", "write", 'zstd -q -f -19 logs/app.log -o "backups/UTCP_ARG_name_UTCP_END.zst" && echo packed',
  {"name": "string"}, "Pack app.log with zstd into backups/.", {"name": "app-nov"}, {"name": UP + "{W}"}, ("file", "{W}.zst"),
  wd=D, progs=["zstd"], idiom="-o path join")
T(M, "lz4_stream", "safe", "lz4 -q -c logs/app.log | base64 -w0 | head -c UTCP_ARG_max_bytes_UTCP_END",
  {"max_bytes": "string"}, "Return app.log lz4-compressed as base64 (truncated).", {"max_bytes": "200"}, expect="BC",
  wd=D, progs=["lz4", "base64", "head"], idiom="value as -c argument")
T(M, "gz_rotate", "write",
  ['gzip -c logs/app.log > "logs/UTCP_ARG_stamp_UTCP_END.gz" && : > logs/app.log && echo rotated'],
  {"stamp": "string"}, "Rotate app.log to logs/<stamp>.gz and truncate it.", {"stamp": "2026-11-27"}, {"stamp": UP + "{W}"},
  ("file", "{W}.gz"), wd=D, progs=["gzip"], idiom="redirect path join")
T(M, "gz_rotate_stamp", "safe",
  ['stamp=$(date -u -d UTCP_ARG_day_UTCP_END +%Y%m%d) || exit 2; gzip -c logs/app.log > "logs/app-${stamp:-x}.gz" && : > logs/app.log && echo rotated'],
  {"day": "string"}, "Rotate app.log to logs/app-<YYYYMMDD>.gz for a given day.", {"day": "2026-11-27"}, expect="rotated",
  wd=D, progs=["gzip", "date"], idiom="value normalised through date")
T(M, "bzip_check", "safe", "bzip2 -t -- UTCP_ARG_archive_UTCP_END && echo intact",
  {"archive": "string"}, "Test a .bz2 archive's integrity.", {"archive": "backups/x.bz2"}, expect="intact", wd=D,
  progs=["bzip2"], idiom="--")
T(M, "rsync_mirror", "option", "rsync -a --delete site/ UTCP_ARG_dest_UTCP_END",
  {"dest": "string"}, "Mirror site/ to a destination like backup-host:/srv/site.", {"dest": "backup:/srv/site"}, {"dest": "-e"},
  ("argv", "rsync", ["-e"]), wd=D, progs=["rsync"], idiom="destination at option slot")
T(M, "restic_snapshot", "safe", "restic backup --tag UTCP_ARG_tag_UTCP_END site docs",
  {"tag": "string"}, "Back up site and docs with restic, tagged.", {"tag": "nightly"}, expect="restic-stub-ok", optargs=["--tag"], env={"RESTIC_REPOSITORY": "/srv/restic", "RESTIC_PASSWORD": "${API_TOKEN}"}, wd=D, progs=["restic"], idiom="value as --tag arg")
T(M, "restic_restore", "option", "restic restore UTCP_ARG_snapshot_UTCP_END --target out/restore",
  {"snapshot": "string"}, "Restore a restic snapshot into out/restore.", {"snapshot": "latest"}, {"snapshot": "--target=/"},
  ("argv", "restic", ["--target=/"]), env={"RESTIC_REPOSITORY": "/srv/restic", "RESTIC_PASSWORD": "${API_TOKEN}"}, wd=D,
  progs=["restic"], idiom="snapshot id at option slot")
T(M, "borg_create", "broken", "borg create --stats /srv/borg::'{hostname}-{now}' site && echo \"archived for $HOSTNAME\"",
  {}, "Create a borg archive of site/.", {}, check=("broken", "archived for"), wd=D, progs=["borg"], idiom="$HOSTNAME substituted by client")
T(M, "rclone_sync", "safe", ['[[ UTCP_ARG_prefix_UTCP_END =~ ^[a-z0-9][a-z0-9-]*$ ]] || { echo "prefix: [a-z0-9-]"; exit 2; }; rclone sync site "remote:bucket/site/UTCP_ARG_prefix_UTCP_END" --checksum'],
  {"prefix": "string"}, "Sync site/ to the remote bucket under a prefix.", {"prefix": "v2"}, expect="rclone-stub-ok", wd=D,
  progs=["rclone"], idiom="remote: prefix")
T(M, "dd_image_slice", "write", 'dd if=backups/site.tar.gz of="out/UTCP_ARG_name_UTCP_END.part" bs=512 count=1 status=none && echo sliced',
  {"name": "string"}, "Write the first 512 bytes of the site backup to out/<name>.part.", {"name": "hdr"}, {"name": UP + "{W}"},
  ("file", "{W}.part"), wd=D, progs=["dd"], idiom="of= path join")
T(M, "prealloc_scratch", "write", 'mkdir -p out/scratch && fallocate -l UTCP_ARG_size_UTCP_END "out/scratch/UTCP_ARG_name_UTCP_END.img" 2>/dev/null || truncate -s UTCP_ARG_size_UTCP_END "out/scratch/UTCP_ARG_name_UTCP_END.img"; ls out/scratch',
  {"size": "string", "name": "string"}, "Preallocate a scratch image in out/scratch.", {"size": "1M", "name": "disk1"},
  {"size": "1M", "name": UP + "{W}"}, ("file", "{W}.img"), wd=D, progs=["fallocate", "truncate"], idiom="path join")
T(M, "shred_old_backup", "write", 'shred -u "backups/old/UTCP_ARG_file_UTCP_END" && echo shredded',
  {"file": "string"}, "Securely delete a file from backups/old.", {"file": "x.tar"}, {"file": "../../cfg/app.env"},
  ("gone", "/tmp/blindH_ws/cfg/app.env"), wd=D, progs=["shred"], idiom="destructive path join")
T(M, "backup_with_lock", "write", 'flock "locks/UTCP_ARG_job_UTCP_END.lock" tar -czf backups/nightly.tgz site && echo locked-and-done',
  {"job": "string"}, "Run the nightly backup under a named lock.", {"job": "nightly"}, {"job": UP + "{W}"}, ("file", "{W}.lock"),
  wd=D, progs=["flock", "tar"], idiom="lock file path join")
T(M, "list_archive", "split", 'echo "members: $(tar -tzf "UTCP_ARG_archive_UTCP_END" | wc -l)"',
  {"archive": "string"}, "Count members of a tar.gz archive.", {"archive": "backups/site.tar.gz"}, {"archive": "backups/site.tar.gz docs/index.md"},
  ("output", "members: 1"), wd=D, progs=["tar", "wc"], idiom="tracker misreads nested dq")
