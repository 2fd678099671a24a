from .common import T, UP
M = "release_ops"
R = "/tmp/blindH_ws/repo"
T(M, "git_log_range", "option", "git log --oneline --no-color UTCP_ARG_range_UTCP_END",
  {"range": "string"}, "Show commits in a revision range (e.g. v1.0.0..HEAD).",
  {"range": "v1.0.0..HEAD"}, {"range": "--output={W}"}, ("file", "{W}"), wd=R, progs=["git"], idiom="rev at option position")
T(M, "git_log_range_eoo", "safe", "git log --oneline --no-color --end-of-options UTCP_ARG_range_UTCP_END --",
  {"range": "string"}, "Show commits in a revision range.", {"range": "v1.0.0..HEAD"}, expect="second",
  wd=R, progs=["git"], idiom="--end-of-options")
T(M, "git_grep_symbol", "exec", "git grep -n UTCP_ARG_pattern_UTCP_END UTCP_ARG_pathspec_UTCP_END",
  {"pattern": "string", "pathspec": "string"}, "Search tracked files for a pattern, optionally limited to a pathspec.",
  {"pattern": "readme", "pathspec": "."}, {"pattern": "-Otouch {C};:", "pathspec": "readme"}, ("canary",),
  wd=R, progs=["git"], idiom="git grep --open-files-in-pager via short -O")
T(M, "git_grep_symbol_e", "safe", "git grep -n -e UTCP_ARG_pattern_UTCP_END -- UTCP_ARG_pathspec_UTCP_END",
  {"pattern": "string", "pathspec": "string"}, "Search tracked files for a pattern.",
  {"pattern": "readme", "pathspec": "."}, expect="README", wd=R, progs=["git"], idiom="-e and --")
T(M, "git_show_blob", "safe", 'git show "HEAD:UTCP_ARG_path_UTCP_END"', {"path": "string"},
  "Print a file as of HEAD.", {"path": "README.md"}, expect="readme", wd=R, progs=["git"], idiom="rev:path prefix")
T(M, "git_archive_release", "write",
  'git archive --format=tar.gz -o "../dist/UTCP_ARG_name_UTCP_END.tar.gz" HEAD && echo created',
  {"name": "string"}, "Create a release tarball in dist/.", {"name": "svc-1.0"}, {"name": UP + "{W}"},
  ("file", "{W}.tar.gz"), wd=R, progs=["git"], idiom="path join ../")
T(M, "git_archive_release_checked", "safe",
  ["case 'UTCP_ARG_name_UTCP_END' in *[!A-Za-z0-9._-]*|.*|'') echo 'invalid name' >&2; exit 1;; esac; git archive --format=tar.gz -o \"../dist/UTCP_ARG_name_UTCP_END.tar.gz\" HEAD && echo created"],
  {"name": "string"}, "Create a release tarball in dist/ (name validated).", {"name": "svc-1.0"}, expect="created",
  wd=R, progs=["git"], idiom="case allowlist same step")
T(M, "git_archive_twostep_guard", "write",
  ["case 'UTCP_ARG_name_UTCP_END' in *[!A-Za-z0-9._-]*|.*|'') echo 'invalid name'; exit 1;; esac",
   'git archive --format=tar.gz -o "../dist/UTCP_ARG_name_UTCP_END.tar.gz" HEAD && echo created'],
  {"name": "string"}, "Validate name, then create a release tarball in dist/.", {"name": "svc-1.0"},
  {"name": UP + "{W}"}, ("file", "{W}.tar.gz"), wd=R, progs=["git"], idiom="guard in separate step (subshell exit)")
T(M, "gh_release_create", "option", 'gh release create UTCP_ARG_tag_UTCP_END --title "UTCP_ARG_tag_UTCP_END" --notes-file CHANGELOG.md',
  {"tag": "string"}, "Publish a GitHub release for a tag.", {"tag": "v1.2.0"}, {"tag": "--repo=attacker/fork"},
  ("argv", "gh", ["--repo=attacker/fork"]), env={"GH_TOKEN": "${GITHUB_TOKEN}"}, wd=R, progs=["gh"], idiom="env_vars secret + option")
T(M, "gh_release_create_checked", "safe",
  ['[[ UTCP_ARG_tag_UTCP_END =~ ^v[0-9]+\\.[0-9]+\\.[0-9]+$ ]] || { echo "tag must look like v1.2.3"; exit 1; }; gh release create UTCP_ARG_tag_UTCP_END --title "Release UTCP_ARG_tag_UTCP_END" --notes-file CHANGELOG.md'],
  {"tag": "string"}, "Publish a GitHub release for a semver tag.", {"tag": "v1.2.0"}, expect="gh-stub-ok",
  env={"GH_TOKEN": "${GITHUB_TOKEN}"}, wd=R, progs=["gh"], idiom="[[ =~ ]] guard")
T(M, "make_greet", "exec", "make -s -C build hello NAME=UTCP_ARG_name_UTCP_END",
  {"name": "string"}, "Run the hello target with a NAME.", {"name": "team"}, {"name": "x; touch {C}"}, ("canary",),
  progs=["make"], idiom="make variable into recipe shell")
T(M, "make_target", "exec", "make -s -C build UTCP_ARG_target_UTCP_END",
  {"target": "string"}, "Build a make target.", {"target": "all"}, {"target": "--eval=$(shell touch {C})"}, ("canary",),
  progs=["make"], idiom="make --eval option")
T(M, "make_target_allowlist", "safe",
  ["case UTCP_ARG_target_UTCP_END in all|hello) make -s -C build UTCP_ARG_target_UTCP_END ;; *) echo \"unknown target\" ;; esac"],
  {"target": "string"}, "Build one of the known make targets (all, hello).", {"target": "all"}, expect="built",
  progs=["make"], idiom="case allowlist")
T(M, "cmake_configure", "safe", "cmake -S . -B out -DCMAKE_BUILD_TYPE=UTCP_ARG_build_type_UTCP_END",
  {"build_type": "string"}, "Configure the CMake build tree.", {"build_type": "Release"}, expect="Build files",
  wd="/tmp/blindH_ws/build", progs=["cmake"], idiom="-DVAR= prefix")
T(M, "cmake_configure_gen", "option", "cmake -S . -B out UTCP_ARG_generator_UTCP_END",
  {"generator": "string"}, "Configure the CMake build tree with extra cache options (e.g. -DFOO=1).", {"generator": "-DFOO=1"},
  {"generator": "-B/tmp/blindH_w_cmake_configure_gen"}, ("file", "/tmp/blindH_w_cmake_configure_gen"),
  wd="/tmp/blindH_ws/build", progs=["cmake"], idiom="free option slot")
T(M, "npm_version_bump", "option", "npm version UTCP_ARG_bump_UTCP_END --no-git-tag-version",
  {"bump": "string"}, "Bump package version (major|minor|patch).", {"bump": "patch"}, {"bump": "--userconfig=/tmp/evil.npmrc"},
  ("argv", "npm", ["--userconfig=/tmp/evil.npmrc"]), wd="/tmp/blindH_ws/data", progs=["npm"], idiom="positional at option slot")
T(M, "cargo_test_filter", "option", "cargo test UTCP_ARG_filter_UTCP_END -- --nocapture",
  {"filter": "string"}, "Run cargo tests whose name matches a filter.", {"filter": "parser"}, {"filter": "--target-dir=/tmp/x"},
  ("argv", "cargo", ["--target-dir=/tmp/x"]), wd=R, progs=["cargo"], idiom="filter before --")
T(M, "changelog_since_tag", "broken",
  [{"command": "git describe --tags --abbrev=0", "append_to_final_output": False},
   {"command": "git log --oneline $CMD_0_OUTPUT..HEAD"}],
  {}, "List commits since the last tag.", {}, check=("broken", "second"), wd=R, progs=["git"], idiom="$CMD_0_OUTPUT substituted by client")
T(M, "changelog_since_tag_ok", "safe",
  [{"command": "git describe --tags --abbrev=0", "append_to_final_output": False},
   {"command": "git log --oneline \"${CMD_0_OUTPUT:-}\"..HEAD -- UTCP_ARG_path_UTCP_END"}],
  {"path": "string"}, "List commits touching a path since the last tag.", {"path": "README.md"}, expect="second",
  wd=R, progs=["git"], idiom="${CMD_0_OUTPUT:-} multi-step")
T(M, "tag_prune_local", "split", "printf '%s\\n' UTCP_ARG_tags_UTCP_END | xargs git tag -d",
  {"tags": "string"}, "Delete one local tag.", {"tags": "v1.0.0"}, {"tags": "v1.0.0 keepme"},
  ("output", "tag 'keepme' not found"), wd=R, progs=["git", "xargs"], idiom="xargs word split")
T(M, "bump_version_file", "broken",
  [{"command": "cur=$(cat VERSION 2>/dev/null || echo 1.4.2)", "append_to_final_output": False},
   "printf '%s\\n' \"${cur%.*}.$((${cur##*.}+1))\" | tee VERSION && echo bumped-by UTCP_ARG_who_UTCP_END"],
  {"who": "string"}, "Bump the patch component of VERSION.", {"who": "bot"}, check=("broken", "1.4.3"),
  wd=R, progs=["tee"], idiom="shell var set in step 0 lost in step 1 (each step is its own $( ) subshell)")
T(M, "patch_apply", "option", "patch -p1 -N UTCP_ARG_target_UTCP_END < ../cfg/readme.patch",
  {"target": "string"}, "Apply the prepared README patch (optionally to a given file).", {"target": "README.md"}, {"target": "-o{W}"},
  ("file", "{W}"), wd=R, progs=["patch"], idiom="patch -o")
T(M, "diff_release_notes", "safe", ["case 'UTCP_ARG_old_UTCP_END' in */*|.*|'') echo 'bad name'; exit 2;; esac; diff -u -- \"../docs/UTCP_ARG_old_UTCP_END\" README.md; true"],
  {"old": "string"}, "Diff an old notes file against README.", {"old": "index.md"}, expect="README",
  wd=R, progs=["diff"], idiom="-- and prefix")
