"""Which options of common programs take a value, and what an injected option can do.

The data of single-command programs is the ``options`` facet of their entries in
``programs.py`` (the one table of programs, issue 13 item 4); this module holds the
:class:`ProgramSpec` type the option scanner walks, the programs with sub-commands
(git, docker, kubectl, npm, pip), and builds a spec for every table entry.

Data for the option-injection rule (UL150) and the declaration inference.  Each
:class:`ProgramSpec` says, for one program (and per sub-command where the meaning
changes):

* ``short_values``: short option letters that take a value, attached (``-fFILE``)
  or as the next word (``-f FILE``);
* ``long_values``: long options that take a value as the next word when written
  without ``=`` (``--file FILE``).  Long options whose value is optional
  (``--color[=WHEN]``) are *not* listed: they never consume the next word;
* ``end_of_options``: the word that ends option parsing (``--``; ``--end-of-options``
  for git, where ``--`` separates revisions from paths), or ``None`` when the
  program does not accept one (``echo``, ``find``, ``jq`` 1.6);
* ``operand_limit``: for programs that stop parsing options after N operands
  (``ssh HOST CMD…`` parses options until the command, ``docker run IMAGE CMD…``
  until the image); ``None`` for GNU-style permuting parsers, which read an option
  anywhere on the line;
* ``impact``: the worst an attacker-chosen option does: ``exec`` (runs a command
  of the attacker's choice), ``write`` (creates, overwrites or deletes files),
  ``read`` (reads or sends out files), ``behavior`` (changes what the command
  does), with a concrete ``example``.

The option lists were taken from the programs' own ``--help`` output (GNU
coreutils 9.1, grep 3.8, sed 4.9, tar 1.34, curl 7.88, wget 1.21, git 2.39,
docker 28, kubectl 1.3x, pip 23) and their manuals (OpenSSH, rsync, jq 1.6, npm
10); see docs/design/bash-options.md.  A table can only be as complete as its
source: an option missing from ``long_values`` makes the following word look
like an operand, so the scanner errs on the side of reporting.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Optional

from .programs import BY_NAME as _BY_NAME

EXEC = "exec"
WRITE = "write"
READ = "read"
BEHAVIOR = "behavior"

IMPACT_SEVERITY = {EXEC: "error", WRITE: "error", READ: "warning", BEHAVIOR: "warning"}


def _longs(s: str) -> frozenset:
    return frozenset("--" + w for w in s.split())


@dataclass(frozen=True)
class ProgramSpec:
    name: str
    short_values: str = ""
    long_values: frozenset = frozenset()
    end_of_options: Optional[str] = "--"
    operand_limit: Optional[int] = None
    impact: str = BEHAVIOR
    example: str = ""
    # sub-command name -> spec of that sub-command's options (global options of
    # the program stay valid before the sub-command word)
    subcommands: Mapping[str, "ProgramSpec"] = field(default_factory=dict)
    # spec for a sub-command that is not listed (None: the program has no sub-commands)
    default_subcommand: Optional["ProgramSpec"] = None
    # short options whose value can only be attached (``-i[SUFFIX]`` of sed)
    short_optional_attached: str = ""
    # long options that take TWO following words (jq --arg NAME VALUE)
    long_two_values: frozenset = frozenset()
    # severity override (echo: a swallowed -n is a nuisance, not a vulnerability)
    severity: Optional[str] = None
    # short options whose value ENDS option parsing (python -c CODE ARGS: ARGS go to sys.argv)
    terminating_values: str = ""

    @property
    def finding_severity(self) -> str:
        return self.severity or IMPACT_SEVERITY[self.impact]

    @property
    def has_subcommands(self) -> bool:
        return self.default_subcommand is not None

    def subcommand(self, word: str) -> "ProgramSpec":
        return self.subcommands.get(word) or self.default_subcommand or self


def _spec(name, short="", long="", **kw) -> ProgramSpec:
    return ProgramSpec(name=name, short_values=short, long_values=_longs(long), **kw)


# ---------------------------------------------------------------------------
# git: global options, then a sub-command with its own options
# ---------------------------------------------------------------------------
_GIT_REV = ("author committer grep since after until before skip max-count output "
            "decorate-refs decorate-refs-exclude")
_GIT_DIFF = ("output anchored color-moved-ws diff-algorithm dst-prefix src-prefix find-object "
             "ignore-matching-lines inter-hunk-context line-prefix rotate-to skip-to stat-count "
             "stat-graph-width stat-name-width stat-width word-diff-regex ws-error-highlight "
             "output-indicator-context output-indicator-new output-indicator-old")


def _git(name, short="", long="", **kw) -> ProgramSpec:
    """git ends options with ``--end-of-options`` (git >= 2.24): ``--`` separates
    revisions from paths, so inserting it would change what a word means."""
    return _spec(name, short, long, end_of_options="--end-of-options", **kw)


_GIT_SUBS = {
    "clone": _git("git clone", "bcjou", "branch bundle-uri config depth filter jobs origin reference "
                   "reference-if-able separate-git-dir server-option shallow-exclude shallow-since "
                   "template upload-pack", impact=EXEC,
                   example="--upload-pack=CMD runs CMD"),
    "log": _git("git log", "nLSG", _GIT_REV + " " + _GIT_DIFF, impact=WRITE,
                 example="--output=FILE overwrites FILE"),
    "show": _git("git show", "nLSG", _GIT_REV + " " + _GIT_DIFF, impact=WRITE,
                  example="--output=FILE overwrites FILE"),
    "diff": _git("git diff", "GISl", _GIT_DIFF, impact=WRITE, example="--output=FILE overwrites FILE"),
    "checkout": _git("git checkout", "Bb", "conflict orphan pathspec-from-file", impact=READ,
                      example="--pathspec-from-file=FILE reads FILE"),
    "switch": _git("git switch", "Cc", "conflict create force-create orphan"),
    "commit": _git("git commit", "CFcmt", "author cleanup date file message pathspec-from-file "
                    "reedit-message reuse-message squash template trailer fixup", impact=READ,
                    example="--file=FILE takes the message from any file"),
    "grep": _git("git grep", "ABCefm", "after-context before-context context max-count max-depth "
                  "threads", impact=EXEC, example="--open-files-in-pager=CMD runs CMD"),
    "fetch": _git("git fetch", "jo", "deepen depth filter jobs negotiation-tip refmap server-option "
                   "shallow-exclude shallow-since upload-pack", impact=EXEC,
                   example="--upload-pack=CMD runs CMD"),
    "pull": _git("git pull", "Xos", "cleanup deepen depth negotiation-tip refmap server-option "
                  "shallow-exclude shallow-since strategy strategy-option upload-pack", impact=EXEC,
                  example="--upload-pack=CMD runs CMD"),
    "push": _git("git push", "o", "exec push-option receive-pack repo", impact=EXEC,
                  example="--receive-pack=CMD runs CMD"),
    "archive": _git("git archive", "o", "add-file add-virtual-file exec format output prefix remote",
                     impact=EXEC, example="--output=FILE overwrites FILE; --exec=CMD runs CMD"),
    "ls-remote": _git("git ls-remote", "o", "server-option sort upload-pack", impact=EXEC,
                       example="--upload-pack=CMD runs CMD"),
    "branch": _git("git branch", "u", "contains format merged no-contains no-merged points-at "
                    "set-upstream-to sort"),
    "tag": _git("git tag", "Fmu", "cleanup contains file format local-user merged message "
                 "no-contains no-merged points-at sort", impact=READ,
                 example="--file=FILE reads the message from any file"),
    "add": _git("git add", "", "pathspec-from-file chmod", impact=READ,
                 example="--pathspec-from-file=FILE reads FILE"),
    "rm": _git("git rm", "", "pathspec-from-file", impact=WRITE, example="-r removes whole trees"),
    "status": _git("git status"),
    "blame": _git("git blame", "LS", "contents ignore-rev ignore-revs-file", impact=READ,
                   example="--contents=FILE reads any file"),
    "config": _git("git config", "f", "blob default file type", impact=EXEC,
                    example="--file=FILE writes config to any file; core.* values run commands"),
    "rev-parse": _git("git rev-parse"),
    "ls-files": _git("git ls-files", "Xx", "exclude exclude-from exclude-per-directory format with-tree"),
    "reset": _git("git reset", "", "pathspec-from-file", impact=WRITE, example="--hard discards work"),
    "restore": _git("git restore", "s", "conflict pathspec-from-file source", impact=WRITE,
                     example="--source=REV overwrites files"),
    "merge": _git("git merge", "FXms", "cleanup file into-name message strategy strategy-option"),
    "rebase": _git("git rebase", "CXsx", "empty exec onto strategy strategy-option whitespace",
                    impact=EXEC, example="--exec=CMD runs CMD"),
    "describe": _git("git describe", "", "candidates exclude match"),
    "shortlog": _git("git shortlog", "", "group"),
    "init": _git("git init", "b", "initial-branch object-format separate-git-dir template",
                  impact=EXEC, example="--template=DIR installs hooks from DIR"),
    "apply": _git("git apply", "Cp", "build-fake-ancestor directory exclude include whitespace",
                   impact=WRITE, example="--directory=DIR writes elsewhere"),
    "am": _git("git am", "Cp", "directory empty exclude include patch-format quoted-cr whitespace"),
    "format-patch": _git("git format-patch", "ov", "add-header base cc cover-from-description "
                          "creation-factor filename-max-length in-reply-to interdiff output-directory "
                          "range-diff reroll-count signature signature-file start-number "
                          "subject-prefix suffix to", impact=WRITE,
                          example="--output-directory=DIR writes anywhere"),
}
GIT = _spec("git", "Cc", "git-dir work-tree namespace config-env super-prefix",
            end_of_options="--end-of-options", impact=EXEC,
            example="-c core.sshCommand=CMD or --upload-pack=CMD runs CMD",
            subcommands=_GIT_SUBS,
            default_subcommand=_git("git", impact=EXEC,
                                     example="sub-command options such as --exec=CMD run CMD"))

# ---------------------------------------------------------------------------
# docker / kubectl / npm / pip (sub-command programs)
# ---------------------------------------------------------------------------
_DOCKER_RUN = ("add-host annotation attach blkio-weight blkio-weight-device cap-add cap-drop "
               "cgroup-parent cgroupns cidfile cpu-count cpu-percent cpu-period cpu-quota "
               "cpu-rt-period cpu-rt-runtime cpu-shares cpus cpuset-cpus cpuset-mems detach-keys "
               "device device-cgroup-rule device-read-bps device-read-iops device-write-bps "
               "device-write-iops dns dns-option dns-search domainname entrypoint env env-file "
               "expose gpus group-add health-cmd health-interval health-retries "
               "health-start-interval health-start-period health-timeout hostname io-maxbandwidth "
               "io-maxiops ip ip6 ipc isolation kernel-memory label label-file link link-local-ip "
               "log-driver log-opt mac-address memory memory-reservation memory-swap "
               "memory-swappiness mount name network network-alias oom-score-adj pid pids-limit "
               "platform publish pull restart runtime security-opt shm-size stop-signal "
               "stop-timeout storage-opt sysctl tmpfs ulimit user userns uts volume volume-driver "
               "volumes-from workdir")
_DOCKER_EXAMPLE = "-v/:/host or --privileged gives the container the host"
DOCKER = _spec(
    "docker", "Hcl", "config context host log-level tlscacert tlscert tlskey", impact=EXEC,
    example=_DOCKER_EXAMPLE,
    subcommands={
        "run": _spec("docker run", "acehlmpuvw", _DOCKER_RUN, operand_limit=1, impact=EXEC,
                     example=_DOCKER_EXAMPLE),
        "create": _spec("docker create", "acehlmpuvw", _DOCKER_RUN, operand_limit=1, impact=EXEC,
                        example=_DOCKER_EXAMPLE),
        "exec": _spec("docker exec", "euw", "detach-keys env env-file user workdir", operand_limit=1,
                      impact=EXEC, example="--privileged or -uroot runs as root"),
        "build": _spec("docker build", "fmt", "add-host build-arg cache-from cgroup-parent cpu-period "
                       "cpu-quota cpu-shares cpuset-cpus cpuset-mems file iidfile isolation label memory "
                       "memory-swap network platform security-opt shm-size tag target ulimit",
                       impact=EXEC, example="--file=PATH builds an attacker's Dockerfile"),
        "logs": _spec("docker logs", "n", "since tail until"),
        "ps": _spec("docker ps", "fn", "filter format last"),
        "images": _spec("docker images", "f", "filter format"),
        "inspect": _spec("docker inspect", "f", "format type"),
        "stop": _spec("docker stop", "st", "signal timeout"),
        "pull": _spec("docker pull", "", "platform"),
        "push": _spec("docker push", "", "platform"),
    },
    default_subcommand=_spec("docker", impact=EXEC, example=_DOCKER_EXAMPLE))

_KUBE_GLOBAL = ("as as-uid as-group cache-dir certificate-authority client-certificate client-key "
                "cluster context kubeconfig namespace password profile profile-output request-timeout "
                "server tls-server-name token user username")
_KUBE_EXAMPLE = "--kubeconfig=FILE runs the exec plugin FILE names; --server=URL sends the token away"
_KUBE_COMMON = ("chunk-size field-selector filename kustomize label-columns output raw selector "
                "sort-by subresource template container limit-bytes max-log-requests "
                "pod-running-timeout since since-time tail field-manager grace-period "
                "prune-allowlist timeout annotations env image image-pull-policy labels "
                "override-type overrides port restart retries")
KUBECTL = _spec("kubectl", "ns", _KUBE_GLOBAL, impact=EXEC, example=_KUBE_EXAMPLE,
                subcommands={
                    "exec": _spec("kubectl exec", "cfns", _KUBE_GLOBAL + " container filename "
                                  "pod-running-timeout", impact=EXEC, example=_KUBE_EXAMPLE),
                },
                default_subcommand=_spec("kubectl", "cfklLnos", _KUBE_GLOBAL + " " + _KUBE_COMMON,
                                         impact=EXEC, example=_KUBE_EXAMPLE))

_NPM_CONFIG = ("registry prefix userconfig globalconfig cache tag save-prefix workspace loglevel "
               "script-shell otp access scope omit include before node-options location "
               "package call")
NPM = _spec("npm", "Cwpc", _NPM_CONFIG, impact=EXEC,
            example="--script-shell=PROG runs PROG; --registry=URL installs an attacker's package",
            default_subcommand=_spec("npm", "Cwpc", _NPM_CONFIG, impact=EXEC,
                                     example="--script-shell=PROG runs PROG; --registry=URL installs "
                                             "an attacker's package"))

_PIP_GENERAL = ("cache-dir cert client-cert exists-action keyring-provider log proxy python retries "
                "timeout trusted-host use-deprecated use-feature")
_PIP_INSTALL = ("abi config-settings constraint editable extra-index-url find-links global-option "
                "implementation index-url no-binary only-binary platform prefix progress-bar "
                "python-version report requirement root root-user-action src target "
                "upgrade-strategy dest exclude format path")
_PIP_EXAMPLE = "--index-url=URL or -eURL installs (and runs) an attacker's package"
PIP = _spec("pip", "", _PIP_GENERAL, impact=EXEC, example=_PIP_EXAMPLE,
            default_subcommand=_spec("pip", "rcetifdC", _PIP_GENERAL + " " + _PIP_INSTALL,
                                     impact=EXEC, example=_PIP_EXAMPLE))

# ---------------------------------------------------------------------------
# single-command programs
# ---------------------------------------------------------------------------
PROGRAMS: dict[str, ProgramSpec] = {}


def _add(*specs: ProgramSpec, aliases: tuple = ()) -> None:
    for s in specs:
        PROGRAMS[s.name] = s
    for a in aliases:
        PROGRAMS[a] = specs[0]


_add(GIT, DOCKER, KUBECTL, NPM, PIP)
PROGRAMS["podman"] = DOCKER
PROGRAMS["pip3"] = PIP
PROGRAMS["oc"] = KUBECTL


def _from_program(p) -> ProgramSpec:
    """The option-parser view of a shell/interpreter entry of programs.py (issue 11): options
    until the script operand (for shells the ``-c`` command string is that operand), so the
    words after ``python3 -c CODE``, ``python3 s.py`` or ``bash -c 'script' NAME`` are the
    program's; node/perl/ruby keep parsing options after ``-e CODE`` (measured)."""
    code = "" if p.family == "shell" else p.code_short
    return ProgramSpec(p.name, short_values=code + p.value_short,
                       long_values=frozenset(p.code_long) | _longs(p.value_long),
                       operand_limit=1 if p.stops_at_operand else None, impact=EXEC,
                       example=p.option_example, short_optional_attached=p.attached_short + p.digit_short,
                       terminating_values=p.terminating)


def _from_options(name: str, o) -> ProgramSpec:
    """The option facet (``programs.Options``) of an entry of programs.py."""
    return ProgramSpec(name, short_values=o.short_values, long_values=_longs(o.long_values),
                       end_of_options=o.end_of_options, operand_limit=o.operand_limit,
                       impact=o.impact, example=o.example,
                       short_optional_attached=o.optional_attached,
                       long_two_values=_longs(o.long_two_values), severity=o.severity)


def _add_from_table() -> None:
    """Shells and interpreters, and every other entry of programs.py with an option facet
    (env, xargs, ssh, rsync, tar, printf …): one entry per program there."""
    from .programs import HANDLER_PROGRAMS, OPTION_PROGRAMS, PROGRAMS as _P, WRAPPER_PROGRAMS
    for p in _P:
        spec = _from_program(p)
        for n in p.names:
            PROGRAMS.setdefault(n, spec)
    for p in WRAPPER_PROGRAMS + HANDLER_PROGRAMS + OPTION_PROGRAMS:
        if p.options is not None:
            for n in p.names:
                PROGRAMS.setdefault(n, _from_options(n, p.options))


_add_from_table()

# find is special: starting points first, then an expression whose primaries take
# arguments (``Program.primary_args`` of its entry in programs.py); a starting point that
# begins with '-' is read as a primary.
FIND = PROGRAMS["find"]
FIND_PRIMARY_ARGS = dict(_BY_NAME["find"].primary_args)

# Programs that do not treat ``--`` as the end of options: no fix is offered.
NO_END_OF_OPTIONS = frozenset(n for n, s in PROGRAMS.items() if s.end_of_options is None)


def lookup(name: Optional[str]) -> Optional[ProgramSpec]:
    """The spec for a resolved command basename (``python3.11`` style names are not here)."""
    if not name:
        return None
    spec = PROGRAMS.get(name)
    if spec is None:
        # an entry registered in programs.py at run time (programs.register)
        p = _BY_NAME.get(name)
        if p is not None and p.options is not None:
            spec = PROGRAMS[name] = _from_options(name, p.options)
    return spec


__all__ = ["ProgramSpec", "PROGRAMS", "FIND_PRIMARY_ARGS", "NO_END_OF_OPTIONS", "IMPACT_SEVERITY",
           "EXEC", "WRITE", "READ", "BEHAVIOR", "lookup"]
