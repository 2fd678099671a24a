"""The one table of programs: ONE description per program (issue 11 item 3, issue 13 item 4).

The sink analysis (``bash_commands``: which word is program text, which operand a
wrapper runs), the option analysis (``option_table``/``option_scan``: which words the
program's option parser reads, which options run code), the declaration inference
(``declarations``: builtins are not subprocesses) and the MCP server rule (UL054: a
shell started with its code flag) all read the entries below.  Adding a program is
one :class:`Program` entry (see CONTRIBUTING.md, "Add a program to the table").

Shells and interpreters (``PROGRAMS``) describe their names, the short/long options
whose value is program text, the other options that take a value, where option
parsing stops, and the example of an option that runs code:

* ``code_short`` / ``code_long``: ``-e CODE`` / ``--eval CODE`` (value = program text);
* ``value_short``: other short options taking a value as the next word (``-I DIR``);
* ``attached_short``: short options whose value can only be attached (``-MFoo``);
* ``digit_short``: options followed by digits in the same word (``-l0``, ``-0777``);
* ``stops_at_operand``: options are read only before the first operand (the script
  file or, for shells, the ``-c`` command string); everything after it goes to the
  program (``python3 s.py ARGS``, ``bash -c 'script' NAME ARGS``);
* ``options_after_code``: options are still read after ``-e CODE`` (node, perl,
  ruby: measured) — python's ``-c`` ends them instead (``terminating``);
* ``option_example``: the option that turns an injected value into code.

Every other program the analyses know is an entry here too (issue 13 item 4):

* ``wrapper`` (:class:`Wrapper`): the program runs one of its operands as a command
  (``env``, ``sudo``, ``timeout``, ``nice``, ``nohup``, ``xargs`` …): its options, the
  operands before the command (``timeout DURATION``), the options after which it
  runs nothing (``command -v``) and those that split a string into a command line
  (``env -S``).  The sink analysis looks through it; ``find -exec`` is a grammar of
  its own in ``bash_commands._find_exec``;
* ``handler``: the name of an argv grammar in ``bash_commands.HANDLERS`` that gives
  words their sink roles (``eval``, ``source``, ``ssh`` remote command, ``read``
  variable names, ``curl -o`` files …); ``stdin_reads``: the program runs what it
  reads on standard input (``psql``, ``at``);
* ``options`` (:class:`Options`): the option-parser view used by UL150 (which
  options take a value, where parsing stops, the worst an injected option does);
  programs with sub-commands (git, docker, kubectl, npm, pip) nest one ``Options`` of
  the same shape per sub-command (``subcommands``, ``default_subcommand``).
  ``option_table.spec_of`` turns an entry into the scanner's ``ProgramSpec``;
* ``code_subcommand``: a sub-command whose next word is program text (``deno eval``);
* ``ps_names`` / ``ps_code``: the names PowerShell starts it by and its code flags
  (``python -c``), read by the PowerShell sink analysis, with ``ps_handler`` (cmd /c,
  powershell -Command, wsl), ``ps_value_params`` and ``ps_batch_shim`` (npm.cmd);
  ``WINDOWS_PROGRAMS`` holds the programs only Windows command lines start;
* ``builtin``: a bash builtin or keyword, not a program of its own (declarations;
  ``SHELL_BUILTINS``, and ``DATA_BUILTINS`` for those that run nothing).

:func:`register` adds an entry at run time (tests, plugins); every analysis reads
the table through :data:`BY_NAME`, so a registered entry takes effect at once.
"""

# no ``from __future__ import annotations`` here: the table's NamedTuple classes would
# then hold every field's annotation as text, and typing compiles each such text into a
# ForwardRef when the class is made (102 compiles, ~5 ms of every run's start; issue 25)
from typing import NamedTuple


def _longs(s: str) -> frozenset:
    return frozenset("--" + w for w in s.split())


def digits_end(word: str, k: int) -> int:
    """The index after the digits that follow a ``digit_short`` option letter at ``word[k]``.

    Those options take only digits, and the cluster goes on after them: perlrun(1)
    ``-0[octal/hexadecimal]`` (``-0xHHH``) and ``-l[octnum]``; ruby(1) ``-0[octal]``.  So
    ``perl -le CODE`` is ``-l`` then ``-e CODE`` (measured: ``perl -le 'print uc shift'
    '-e;system(...)'`` runs the second program), not ``-l`` with the value ``e``."""
    j = k + 1
    if word[k] == "0" and word[j : j + 1] == "x":
        j += 1
        while j < len(word) and word[j] in "0123456789abcdefABCDEF":
            j += 1
        return j
    while j < len(word) and word[j] in "01234567":
        j += 1
    return j


class Wrapper(NamedTuple):
    """How a wrapper finds the command it runs (GNU-style option scan from its name)."""

    short_values: str = ""  # short options taking a value (attached or next word)
    long_values: frozenset = frozenset()  # ``--name`` options taking the next word
    optional_attached: str = ""  # short options whose value may only be attached
    assignments: bool = False  # NAME=VALUE words are skipped (env, sudo)
    operands_before: int = 0  # operands before the command (timeout DURATION, chroot NEWROOT)
    no_command: frozenset = frozenset()  # any of these seen: the wrapper runs no command
    no_command_when_alone: bool = False  # ... only when no operand follows (sudo -l)
    split: frozenset = frozenset()  # options whose value is split into a command line (env -S)
    grammar: str = ""  # a custom grammar in bash_commands.WRAPPER_GRAMMARS ("next", "nice" …)


class CodeValue(NamedTuple):
    """An option whose argument is run: a command line, shell text or program text.

    ``mode`` says how much of the argument is code: ``"shell"`` (the program hands the
    whole argument to ``sh -c`` or its own command language: a value anywhere in it is
    code), ``"argv"`` (the program splits the argument into a command line itself, so the
    word that starts it chooses the program).  ``prefixes``: for an option whose argument
    is code only in some forms (``ssh -o ProxyCommand=CMD``, ``tar
    --checkpoint-action=exec=CMD``, ``git -c core.sshCommand=CMD``), the static beginnings
    of the argument after which the rest is code (compared case-insensitively); empty:
    every form is code.  A value that forms the start of the argument always chooses the
    form.  ``source``: where the fact comes from (a man page, GTFOBins)."""

    option: str  # "--to-command", "-I" (single-dash long options as "-cmd")
    mode: str
    source: str
    prefixes: tuple = ()
    # "argv" arguments the program splits into words itself: how, and the worst an added
    # word does (a value after a static beginning adds arguments to the command it runs)
    splits: str = ""
    # for operand code (option ""): a value forming the WHOLE operand chooses the form too
    # (make V, V = 'X:=$(shell CMD)'), and operands after `--` are still read as code (GNU
    # make reads NAME=VALUE operands after `--`: measured, make 4.3)
    whole_operand: bool = False
    # mode ``"options"`` (an environment variable the program splits on blanks into its own
    # OPTIONS, read before the command line's: XZ_OPT, MAKEFLAGS): the worst an added option
    # does, ``"exec"`` (an option runs code) or ``"write"``/``"behavior"`` (option injection)
    impact: str = "exec"


class Options(NamedTuple):
    """The option-parser view of a program (UL150); see ``option_table.ProgramSpec``."""

    short_values: str = ""
    long_values: str = ""  # space separated long option names (without --) taking a value
    end_of_options: str | None = "--"
    operand_limit: int | None = None
    impact: str = "behavior"  # exec | write | read | behavior
    example: str = ""
    optional_attached: str = ""  # short options whose value can only be attached (sed -i[SUF])
    long_two_values: str = ""  # long options taking TWO following words (jq --arg NAME VALUE)
    severity: str | None = None  # severity override (echo: a swallowed -n is a nuisance)
    # sub-command word -> the options of that sub-command, as (word, Options) pairs (the
    # program's own options stay valid before the sub-command word: git -C DIR clone …)
    subcommands: tuple = ()
    # the options of a sub-command not listed (None: the program has no sub-commands)
    default_subcommand: "Options | None" = None
    # the first word may be a dash-less cluster of option letters (tar czf FILE, ar rcs LIB,
    # ps aux): the letters listed here take the next words in order ("" = no such form)
    oldstyle: str = ""
    # long options are written with one dash (sqlite3 -cmd, gdb -ex, find -name)
    single_dash_long: bool = False
    # options whose argument is run as a command or as program text: (CodeValue, ...)
    code_values: tuple = ()
    # `--` is accepted only after this many operands: before them the program refuses it
    # and exits (zip: "can't use -- before archive name")
    dashdash_after: int = 0
    # environment variables the program runs as a command (GIT_SSH_COMMAND): CodeValues
    # named by the variable
    code_env: tuple = ()
    # options whose argument names a file the program writes (creates or overwrites):
    # space separated, written as on the command line ("-o --output --log-file"); a value
    # forming that argument chooses the file written (issue 23: output-file options)
    writes: str = ""
    # options whose argument names a file the program reads OPTION LINES from (a config
    # file whose lines are options: curl -K, aria2c -i, pip -r); given `-` (or /dev/stdin)
    # the lines come from standard input, so a value written there with a newline adds a
    # whole option line: (OptionFile, ...)
    option_files: tuple = ()
    # short switches after which the program writes no file (unzip -p/-l/-t: to stdout, list,
    # test): an injected option then changes what is read or shown, never what is written
    nowrite_switches: str = ""
    # ``--`` ends options only once this many operands were read (jq 1.6: after the filter;
    # ``jq -- FILTER`` is a usage error): 0 = anywhere
    end_after_operands: int = 0
    # options whose argument names a file the program runs as code (make -f FILE), and the
    # files it runs when none is given (make: GNUmakefile makefile Makefile): space separated
    runs_file_options: str = ""
    runs_files: str = ""
    # False: a long option never takes ``=VALUE`` in its word (curl 7.88: ``--output=FILE``
    # exits 2 "option --output=FILE: is unknown"): such a word is an unknown option, the call
    # fails, nothing is written
    long_equals: bool = True
    # options whose argument is the NAME of a shell variable the builtin assigns (printf -v
    # NAME): bash evaluates the subscript of a name such as ``a[$(CMD)]`` arithmetically, so
    # CMD runs (bash(1) "Arrays"; measured, bash 5.2): a value reaching that argument - or an
    # option word, where it can become ``-vNAME`` - runs code (issue 23, blind set I)
    assigns_names: str = ""
    # switches that turn off every feature by which the program runs code or writes files
    # it is not told to (sqlite3 -safe: .shell/.system/edit()/ATTACH/.output refused): with
    # one written before the value, no argument is code and an injected option only
    # changes behaviour; space separated, as written on the command line
    disarms: str = ""


class OptionFile(NamedTuple):
    """An option whose argument is a file of option lines (``curl -K FILE``): a value written
    into that stream adds options to the program (``output = /path`` in a curl config)."""

    option: str  # "-K", "--config" (as written on the command line)
    impact: str  # what an injected line can do: exec | write | read
    example: str  # an injected line and its effect
    source: str
    # option "" (issue 23, session 37): the program reads its standard input as such a
    # document when no file operand is given (groff: every line starting with `.` is a
    # request); ``lines`` says what the lines are, ``exec_switches`` the switches with which
    # an injected line runs commands whatever ``impact`` says (groff -U: .sy/.pso)
    lines: str = "option lines"
    exec_switches: str = ""


class Program(NamedTuple):
    """One entry of the program table: everything the engines know about a program (see the module docstring)."""

    name: str
    family: str  # "shell" | "interpreter" | "awk" | "sed"
    aliases: tuple = ()
    code_short: str = ""
    code_long: frozenset = frozenset()
    value_short: str = ""
    value_long: str = ""  # space separated long option names (without --) taking a value
    attached_short: str = ""
    digit_short: str = ""
    stops_at_operand: bool = True
    terminating: str = ""  # short options whose value ends option parsing (python -c/-m)
    option_example: str = ""
    wrapper: Wrapper | None = None
    handler: str = ""  # argv grammar in bash_commands.HANDLERS
    stdin_reads: str = ""  # "{name} (… reads standard input)": runs what it reads on stdin
    stdin_confidence: str = "medium"
    options: Options | None = None
    builtin: bool = False  # bash builtin or keyword: never a subprocess
    # primaries whose words up to `;`/`+` are a command it runs (find -exec CMD {} ;)
    exec_primaries: frozenset = frozenset()
    # expression primaries and how many words each takes (find -name PATTERN)
    primary_args: tuple = ()
    # a sub-command whose next word is program text (``deno eval CODE``)
    code_subcommand: str = ""
    # PowerShell side: the names a PowerShell command line starts it by (``py``, ``pythonw``)
    # and the words right before a value that make the value its program text (``-c``)
    ps_names: tuple = ()
    ps_code: tuple = ()
    # a grammar in ps_sinks.PS_HANDLERS for a program whose arguments are code on Windows
    # ("cmd": cmd /c, "powershell": -Command/-File, "wsl": the Linux shell's command line)
    ps_handler: str = ""
    # parameters of that program taking a value (powershell -ExecutionPolicy VALUE)
    ps_value_params: frozenset = frozenset()
    # on a usual Windows install a .cmd/.bat shim run by cmd.exe (npm, npx, az …)
    ps_batch_shim: bool = False
    # options whose argument names a module or file the interpreter loads and runs before
    # its program (node -r/--require, ruby -r): space separated, as written
    load_options: str = ""

    @property
    def names(self) -> tuple:
        return (self.name,) + self.aliases


_L = frozenset

PROGRAMS: tuple = (
    Program(
        "bash",
        "shell",
        (
            "sh",
            "dash",
            "zsh",
            "ksh",
            "mksh",
            "ash",
            "rbash",
            "yash",
            "posh",
            "ksh93",
            "pdksh",
            "lksh",
            "oksh",
            "fish",
            "busybox-sh",
        ),
        code_short="c",
        value_short="oO",
        value_long="init-file rcfile",
        option_example="-cCODE runs CODE",
        ps_names=("bash", "sh", "zsh", "dash"),
        ps_code=("-c",),
    ),
    Program(
        "python3",
        "interpreter",
        ("python", "python2", "pypy", "pypy3"),
        code_short="c",
        value_short="mWXQ",
        value_long="check-hash-based-pycs",
        terminating="cm",
        option_example="-cCODE runs CODE",
        ps_names=("python", "python3", "py", "pythonw"),
        ps_code=("-c",),
    ),
    Program(
        "node",
        "interpreter",
        ("nodejs", "bun"),
        code_short="ep",
        code_long=_L({"--eval", "--print"}),
        value_short="rC",
        value_long="require import input-type loader experimental-loader conditions title env-file",
        option_example="--eval=CODE, --require=FILE or --import=URL runs code",
        # node(1) / nodejs.org/api/cli.html: "-r, --require module: preload the specified
        # module at startup"; "--import=module: preload the specified module at startup"
        # (v18.18, v20); "--loader, --experimental-loader=module: specify the module
        # containing exported module customization hooks" (the module runs)
        load_options="-r --require --import --loader --experimental-loader",
        ps_names=("node",),
        ps_code=("-e", "-p", "--eval", "--print", "-pe"),
    ),
    Program(
        "perl",
        "interpreter",
        code_short="eE",
        attached_short="iIMmxFCdD",
        digit_short="l0",
        option_example="-eCODE or -MMODULE runs code",
        ps_names=("perl",),
        ps_code=("-e", "-E"),
    ),
    Program(
        "ruby",
        "interpreter",
        code_short="e",
        value_short="IrCEF",
        attached_short="ixTWK",
        digit_short="l0",
        option_example="-eCODE or -rLIBRARY runs code",
        # ruby(1): "-r library: causes Ruby to load the library using require"
        load_options="-r",
        ps_names=("ruby",),
        ps_code=("-e",),
    ),
    Program(
        "php",
        "interpreter",
        code_short="rBRE",
        value_short="cdfzt",
        option_example="-rCODE runs CODE",
        ps_names=("php",),
        ps_code=("-r",),
    ),
    Program("lua", "interpreter", code_short="e", value_short="l", option_example="-eCODE runs CODE"),
    Program("luajit", "interpreter", code_short="e", value_short="lbj", option_example="-eCODE runs CODE"),
    Program("Rscript", "interpreter", ("R",), code_short="e", option_example="-eCODE runs CODE"),
    Program("osascript", "interpreter", code_short="e", value_short="l", option_example="-eCODE runs CODE"),
    Program("tclsh", "interpreter"),
    # julia(1) / `julia --help` (1.10): "-e, --eval <expr> Evaluate <expr>", "-E, --print
    # <expr> Evaluate <expr> and display the result", "-L, --load <file> Load <file>
    # immediately on all processors", "-J, --sysimage <file>", "-p, --procs", "-t, --threads"
    Program(
        "julia",
        "interpreter",
        code_short="eE",
        code_long=_L({"--eval", "--print"}),
        value_short="JLpt",
        value_long="sysimage load procs threads project machine-file",
        option_example="-e CODE runs CODE (run(`cmd`) runs commands)",
        load_options="-L --load",
    ),
    # expect(1): "The -c flag prefaces a command to be executed before any in the script";
    # "-f file" reads commands from file; expect's `exec`/`system` run commands
    Program(
        "expect",
        "interpreter",
        code_short="c",
        value_short="fD",
        option_example="-c CMDS runs Tcl/expect commands (exec/system run programs)",
    ),
    # emacs(1) / GNU Emacs manual "Command Line Arguments for Emacs Invocation" (Action
    # Arguments): "--eval=expression, --execute=expression: Evaluate Lisp expression
    # expression"; "-l file, --load=file: Load a Lisp library named file"; "-f function,
    # --funcall=function: Call Lisp function function" (shell-command runs a shell)
    Program(
        "emacs",
        "interpreter",
        code_long=_L({"--eval", "--execute", "-eval", "-execute"}),
        value_short="lfLdtT",
        value_long="load funcall directory insert find-file visit file script chdir terminal display",
        option_example="--eval=EXPR runs Lisp (shell-command runs CMD)",
        load_options="-l --load -script --script",
        stops_at_operand=False,
    ),
    Program(
        "awk",
        "awk",
        ("gawk", "mawk", "nawk", "original-awk", "bawk"),
        value_short="fvFE",
        value_long="file assign field-separator exec include load source",
        option_example="--source=PROG, -fFILE or -EFILE runs awk code (system())",
    ),
)

# ---------------------------------------------------------------------------
# wrappers: the named operand is the command they run
# ---------------------------------------------------------------------------
_W = Wrapper
_FAKEROOT_EVAL = frozenset({"-s", "-i", "-l", "--lib", "-f", "--faked"})
_EXEC_OPTS = "exec"
# rsync(1) -e/--rsh: "Command-line arguments are permitted in COMMAND provided that COMMAND is
# presented to rsync as a single argument. You must use spaces (not tabs or other whitespace)
# to separate the command and its arguments from each other, and you can use single- and/or
# double-quotes to preserve spaces in an argument"; ssh_config(5) ProxyCommand runs a command
_RSYNC_SPLIT = "splits it on spaces into the remote shell's arguments (an ssh option -oProxyCommand=CMD runs CMD)"
WRAPPER_PROGRAMS: tuple = (
    Program(
        "env",
        "wrapper",
        wrapper=_W(
            "uCS",
            _longs("unset chdir split-string block-signal default-signal ignore-signal"),
            assignments=True,
            split=frozenset({"-S", "--split-string"}),
        ),
        options=Options(
            "CSu",
            "chdir split-string unset",
            operand_limit=1,
            impact=_EXEC_OPTS,
            example="-S'CMD ARGS' runs CMD (split-string)",
        ),
    ),
    Program(
        "sudo",
        "wrapper",
        wrapper=_W(
            "ugCDhprtTU",
            _longs("user group close-from chdir host prompt role type command-timeout other-user"),
            assignments=True,
            no_command=frozenset({"-l", "-v", "-V", "-k", "-K", "--list", "--validate", "--version", "-e", "--edit"}),
            no_command_when_alone=True,
        ),
    ),
    Program("doas", "wrapper", wrapper=_W("uC")),
    # fakeroot(1) 1.31 (a sh script): -s/-i/-l/-f values reach `eval $FAKED $FAKEDOPTS $PIPEIN` or
    # `eval echo "$1"` unquoted (/usr/bin/fakeroot-sysv; measured: `fakeroot -s 'x; touch CANARY #'`).
    # fakeroot(1) 1.31: fakeroot [-l|--lib LIB] [--faked BIN] [-i FILE] [-s FILE] [-u] [-b FD] [--] [COMMAND]
    # (measured, bench_program_truth: `fakeroot ./evil.sh` and `fakeroot -- ./evil.sh` run it)
    Program(
        "fakeroot",
        "wrapper",
        ("fakeroot-sysv", "fakeroot-tcp"),
        wrapper=_W("lfisb", _longs("lib faked"), split=_FAKEROOT_EVAL),
    ),
    # valgrind(1) 3.19: valgrind [valgrind-options] [your-program] [your-program-options]; its own
    # options are --name=value words (no value as the next word); sotruss(1) glibc 2.36:
    # sotruss [-F|--from LIST] [-T|--to LIST] [-o|--output FILE] [-e] [-f] [--] EXECUTABLE [ARGS]
    # (both measured, bench_program_truth: `valgrind -- ./evil.sh`, `sotruss -- ./evil.sh` run it)
    Program("valgrind", "wrapper", wrapper=_W()),
    Program("sotruss", "wrapper", wrapper=_W("FTo", _longs("from to output"))),
    Program("timeout", "wrapper", wrapper=_W("sk", _longs("signal kill-after"), operands_before=1)),
    # nice(1) coreutils: -n, --adjustment=N take a value (read by the walk of a wrapper's own
    # words, option_scan.wrapper_option_hits; the command is found by the "nice" grammar)
    Program("nice", "wrapper", wrapper=_W("n", _longs("adjustment"), grammar="nice")),
    Program("nohup", "wrapper", wrapper=_W()),
    Program("command", "wrapper", builtin=True, wrapper=_W(no_command=frozenset({"-v", "-V"}))),
    Program("exec", "wrapper", builtin=True, wrapper=_W("a")),
    Program("time", "wrapper", wrapper=_W("fo", _longs("format output"))),
    Program("stdbuf", "wrapper", wrapper=_W("ioe", _longs("input output error"))),
    Program(
        "ionice",
        "wrapper",
        wrapper=_W(
            "cnp",
            _longs("class classdata pid pgid uid"),
            no_command=frozenset({"-p", "-P", "-u", "--pid", "--pgid", "--uid"}),
        ),
    ),
    Program("chroot", "wrapper", wrapper=_W(long_values=_longs("userspec groups"), operands_before=1)),
    Program("setsid", "wrapper", wrapper=_W()),
    # taskset(1) util-linux 2.38: taskset [options] mask command [argument...], taskset [options]
    # -p [mask] pid (-a, -c, -p are switches); chrt(1) util-linux 2.38: chrt [options] priority
    # command [argument...], chrt [options] -p [priority] pid (-T/-P/-D take a value, -m shows
    # the limits): both run their command operand (GTFOBins taskset, chrt)
    Program("taskset", "wrapper", wrapper=_W(no_command=frozenset({"-p", "--pid"}), operands_before=1)),
    Program(
        "chrt",
        "wrapper",
        wrapper=_W(
            "TPD",
            _longs("sched-runtime sched-period sched-deadline"),
            operands_before=1,
            no_command=frozenset({"-p", "--pid", "-m", "--max"}),
        ),
    ),
    Program("builtin", "wrapper", ("then", "do", "noglob", "nocorrect"), builtin=True, wrapper=_W(grammar="next")),
    Program("busybox", "wrapper", wrapper=_W(grammar="next")),
    Program(
        "flock",
        "wrapper",
        handler="flock",
        wrapper=_W("wE", _longs("timeout wait conflict-exit-code"), grammar="flock"),
    ),
    Program("watch", "wrapper", wrapper=_W(grammar="watch"), handler="watch"),
    Program(
        "xargs",
        "wrapper",
        wrapper=_W(
            "adEILnPs",
            _longs("arg-file delimiter max-lines max-args max-procs max-chars process-slot-var"),
            optional_attached="iel",
        ),
        options=Options(
            "aEeIiLlnPsd",
            "arg-file delimiter eof replace max-lines max-args max-procs max-chars process-slot-var",
            operand_limit=1,
            impact=_EXEC_OPTS,
            example="-a FILE or -I{} changes which command runs with which arguments",
        ),
    ),
    # xvfb-run(1) (Debian xvfb 21.1 script: getopt --options +ade:f:hn:lp:s:w: --long
    # auto-display,auto-servernum,error-file:,auth-file:,help,server-num:,listen-tcp,
    # xauth-protocol:,server-args:,wait:): "xvfb-run [options] command" runs command
    Program(
        "xvfb-run",
        "wrapper",
        wrapper=_W("efnpsw", _longs("error-file auth-file server-num xauth-protocol server-args wait")),
    ),
    # unbuffer(1) (expect 5.45): "unbuffer [-p] program [args]" runs program (-p is a switch)
    Program("unbuffer", "wrapper", wrapper=_W()),
    # ssh-agent(1) (OpenSSH 9): "ssh-agent [-c | -s] [-Dd] [-a bind_address] [-E fingerprint_hash]
    # [-O option] [-P allowed_providers] [-t life] command [arg ...]" runs command as its child
    Program("ssh-agent", "wrapper", wrapper=_W("aEOPt")),
    # sshpass(1) 1.09: "sshpass [-ffilename|-dnum|-ppassword|-e] [options] command arguments"
    # (-P prompt takes a value too): runs the command (mostly ssh, whose remote command the
    # remote shell runs) feeding it the password
    Program("sshpass", "wrapper", wrapper=_W("fdpP")),
    # sandbox and launcher wrappers (issue 25, pyA37): each runs its command operand after its
    # own options.  nsjail (google/nsjail cmdline.cc, Apache-2.0: "Usage: nsjail [options] --
    # path_to_command [args]"; the required_argument entries of custom_opts below)
    Program(
        "nsjail",
        "wrapper",
        wrapper=_W(
            "MCxcughDpilLtEUGRBTmsPI",
            _longs(
                "mode config exec_file chroot user group hostname cwd port bindhost max_conns_per_ip log "
                "log_fd time_limit max_cpus env cap pass_fd rlimit_as rlimit_core rlimit_cpu rlimit_fsize "
                "rlimit_nofile rlimit_nproc rlimit_stack uid_mapping gid_mapping bindmount_ro bindmount "
                "tmpfsmount mount symlink proc_path seccomp_policy seccomp_string nice_level cgroup_mem_max "
                "cgroup_mem_mount cgroup_mem_parent cgroup_pids_max cgroup_pids_mount cgroup_pids_parent "
                "cgroup_net_cls_classid cgroup_net_cls_mount cgroup_net_cls_parent cgroup_cpu_ms_per_sec "
                "cgroup_cpu_mount cgroup_cpu_parent cgroupv2_mount iface_own macvlan_iface macvlan_vs_ip "
                "macvlan_vs_nm macvlan_vs_gw macvlan_vs_ma exec_wrapper"
            ),
        ),
    ),
    # setpriv(1) util-linux 2.38: "setpriv [options] program [arguments]"; the long options
    # --reuid/--regid/--ruid/--euid/--rgid/--egid/--groups/--inh-caps/--ambient-caps/
    # --bounding-set/--securebits/--pdeathsig/--selinux-label/--apparmor-profile/
    # --landlock-access/--landlock-rule take a value; -d (--dump) shows the state, runs nothing
    Program(
        "setpriv",
        "wrapper",
        wrapper=_W(
            "",
            _longs(
                "reuid regid ruid euid rgid egid groups inh-caps ambient-caps bounding-set securebits "
                "pdeathsig selinux-label apparmor-profile landlock-access landlock-rule"
            ),
            no_command=frozenset({"-d", "--dump"}),
        ),
    ),
    # prlimit(1) util-linux 2.38: "prlimit [options] [--resource=limits] [command]"; -p/--pid
    # (another process: no command) and -o/--output take a value; the resource options take
    # theirs only attached (-v[limits], --as[=limits]: optional arguments)
    Program(
        "prlimit",
        "wrapper",
        wrapper=_W(
            "po",
            _longs("pid output"),
            optional_attached="cdefilmnqrstvxy",
            no_command=frozenset({"-p", "--pid"}),
        ),
    ),
    # numactl(8) 2.0: "numactl [--interleave nodes] [--preferred node] [--membind nodes]
    # [--cpunodebind nodes] [--physcpubind cpus] [--localalloc] [--] command {arguments ...}";
    # -i -p -m -N -C -P -w -b take a value; -s/--show and -H/--hardware run nothing
    Program(
        "numactl",
        "wrapper",
        wrapper=_W(
            "ipmNCPw",
            _longs("interleave preferred preferred-many membind cpunodebind cpubind physcpubind weighted-interleave"),
            no_command=frozenset({"-s", "--show", "-H", "--hardware"}),
        ),
    ),
    # cgexec(1) libcgroup 3.0: "cgexec [-h] [-g <controllers>:<path>] [--sticky] [-r
    # <systemd-scope>] command [arguments]"
    Program("cgexec", "wrapper", wrapper=_W("gr")),
    # chpst(8) runit 2.1: "chpst [-vP012] [-u user] [-U user] [-b argv0] [-e dir] [-/ root]
    # [-n inc] [-l|-L lock] [-m bytes] [-d bytes] [-o n] [-p n] [-f bytes] [-c bytes] prog"
    Program("chpst", "wrapper", wrapper=_W("uUben/lLmdopfc")),
    # tsp(1) task-spooler 1.0 (Debian names ts as tsp; moreutils' ts is another program):
    # "ts [actions] [-ngfdE] [-L <lab>] [-D <id>] [-N <slots>] [command...]" queues and runs
    # the command; the actions (-K -C -l -S -t -c -p -o -i -s -r -w -k -u -U -h -V -T) run none
    Program(
        "tsp",
        "wrapper",
        wrapper=_W(
            "LDNW",
            no_command=frozenset("-" + c for c in "KClStcpoisrwkuUhVT"),
        ),
    ),
    # srun(1) Slurm 23.02: "srun [OPTIONS(0)... [executable(0) [args(0)...]]]" runs the
    # executable on the allocated nodes; the short options taking a value (-A -B -b -C -c -D -d
    # -e -G -i -J -L -M -m -N -n -o -p -q -r -S -T -t -W -w -x) and the common long ones
    Program(
        "srun",
        "wrapper",
        wrapper=_W(
            "ABbCcDdeGiJLMmNnopqrSTtWwx",
            _longs(
                "account partition nodes ntasks ntasks-per-node cpus-per-task time job-name chdir output "
                "error input mem mem-per-cpu mem-per-gpu gres gpus gpus-per-node constraint qos nodelist "
                "exclude reservation dependency cpu-bind mpi export distribution clusters licenses"
            ),
        ),
    ),
)

# ---------------------------------------------------------------------------
# programs whose words are code, variable names or files to write (sink roles)
# ---------------------------------------------------------------------------
_RSYNC_LONG = (
    "rsh rsync-path filter exclude include exclude-from include-from files-from temp-dir "
    "compare-dest copy-dest link-dest partial-dir log-file log-file-format password-file chmod chown "
    "bwlimit timeout port out-format backup-dir suffix max-size min-size max-delete block-size "
    "checksum-choice compress-choice compress-level iconv sockopts write-batch read-batch "
    "only-write-batch protocol usermap groupmap info debug address contimeout remote-option "
    "stop-at stop-after modify-window outbuf skip-compress"
)
_TAR_LONG = (
    "add-file after-date blocking-factor checkpoint-action directory exclude exclude-caches-under "
    "exclude-from exclude-ignore exclude-ignore-recursive exclude-tag exclude-tag-all "
    "exclude-tag-under file files-from format group group-map hole-detection index-file info-script "
    "label level listed-incremental mode mtime new-volume-script newer newer-mtime no-quote-chars "
    "owner owner-map pax-option quote-chars quoting-style record-size rmt-command rsh-command sort "
    "sparse-version starting-file strip-components suffix tape-length to-command transform "
    "use-compress-program volno-file warning xattrs-exclude xattrs-include xform"
)
SSH_VALUES = "BbcDEeFIiJLlmOopQRSWw"
_CV = CodeValue
WRITE_IMPACT = "write"
_OF = OptionFile
# ssh_config(5): these keywords' values are command lines run by the user's shell (RemoteCommand:
# by the user's shell on the remote host, as the remote command operands of ssh)
_SSH_CMD_FORMS = (
    "ProxyCommand=",
    "LocalCommand=",
    "KnownHostsCommand=",
    "Match exec",
    "ProxyCommand ",
    "RemoteCommand=",
    "RemoteCommand ",
)
_SSH_O = _CV(
    "-o",
    "shell",
    "ssh_config(5) ProxyCommand/LocalCommand/RemoteCommand; GTFOBins ssh: shell via -o ProxyCommand",
    _SSH_CMD_FORMS,
)
# git-config(1): values of these keys are commands git runs through the shell
_GIT_CMD_FORMS = (
    "core.sshCommand=",
    "core.pager=",
    "core.editor=",
    "core.fsmonitor=",
    "core.hooksPath=",
    "core.gitProxy=",
    "core.askPass=",
    "sequence.editor=",
    "diff.external=",
    "credential.helper=",
    "uploadpack.packObjectsHook=",
    "protocol.ext.allow=",
    "alias.",
    "pager.",
    "diff.",
    "merge.",
    "filter.",
    "remote.",
    "url.",
    "include.path=",
)
# git-config(1): the keys whose value git later runs as a shell command line (git's
# run-command with use_shell: a value holding shell syntax goes to `sh -c`), written with
# `git config KEY VALUE` (or `git config set KEY VALUE`, git 2.46).  `*` is one subsection.
# Sources, git-config(1): core.sshCommand ("in the same form as GIT_SSH_COMMAND", which git(1)
# says "is interpreted by the shell"), core.editor/sequence.editor/core.pager/pager.<cmd>
# ("this command"), core.askPass, diff.external, alias.* ("If the alias expansion is prefixed
# with an exclamation point, it will be treated as a shell command"), credential.helper
# (gitcredentials(7): "If the helper string begins with `!`, it is considered a shell
# snippet"), filter.<driver>.clean/smudge/process (gitattributes(5): "the command"),
# diff.<driver>.textconv/command, merge.<driver>.driver (gitattributes(5)).
GIT_CONFIG_COMMAND_KEYS = (
    "core.sshcommand",
    "core.editor",
    "core.pager",
    "core.askpass",
    "sequence.editor",
    "diff.external",
    "credential.helper",
    "pager.*",
    "alias.*",
    "filter.*.clean",
    "filter.*.smudge",
    "filter.*.process",
    "diff.*.textconv",
    "diff.*.command",
    "merge.*.driver",
)
_GIT_C = _CV(
    "-c", "shell", "git-config(1): core.sshCommand, core.pager, alias.X=!CMD run commands; GTFOBins git", _GIT_CMD_FORMS
)
_GIT_UPLOAD = _CV(
    "--upload-pack",
    "shell",
    "git-clone(1)/git-fetch(1) --upload-pack runs the program (SonarSource argument-injection-vectors: git)",
)
# mysql and mariadb (the same client and options, mariadb(1) = mysql(1))
_MYSQL_CLIENT_OPTIONS = Options(
    "eDhuPpSABCfLNnrstvVwX",
    "execute database host user port socket password default-character-set "
    "defaults-file defaults-extra-file init-command pager tee plugin-dir default-auth",
    impact=_EXEC_OPTS,
    example="-e 'system CMD' runs CMD; --pager=CMD runs CMD",
    code_values=(
        _CV("-e", "shell", "mysql(1) -e: client commands such as system/\\! run shell commands; GTFOBins mysql"),
        _CV("--execute", "shell", "mysql(1) --execute"),
        _CV("--pager", "shell", "mysql(1) --pager=command"),
        _CV("--init-command", "shell", "mysql(1) --init-command=str (SQL run on connect)"),
    ),
)


HANDLER_PROGRAMS: tuple = (
    Program("eval", "builtin", builtin=True, handler="eval"),
    Program("source", "builtin", (".",), builtin=True, handler="source"),
    Program("trap", "builtin", builtin=True, handler="trap"),
    # bash manual, "Bash Builtin Commands": alias NAME=VALUE, hash -p FILENAME NAME
    Program("alias", "builtin", builtin=True, handler="alias"),
    Program("hash", "builtin", builtin=True, handler="hash"),
    # bash manual, "Programmable Completion Builtins": compgen's options taking a value
    # (-A action -G globpat -W wordlist -F function -C command -X filterpat -P prefix -S suffix -o option)
    Program("compgen", "builtin", builtin=True, handler="compgen", value_short="AGWFCXPSo"),
    Program("mapfile", "builtin", ("readarray",), builtin=True, handler="mapfile", value_short="dnOsuCc"),
    Program("read", "builtin", builtin=True, handler="read", value_short="adinNptu"),
    Program(
        "printf",
        "builtin",
        builtin=True,
        handler="printf",
        # bash(1) "Bash Builtin Commands": printf [-v var] format [arguments]; an option word
        # is read up to the format operand (``printf -v out VALUE`` still reads VALUE as -v)
        options=Options(
            "v",
            "",
            operand_limit=1,
            example="-v 'a[$(CMD)]' assigns a variable whose subscript bash evaluates: CMD runs",
            assigns_names="-v",
        ),
    ),
    Program("unset", "builtin", builtin=True, handler="unset"),
    Program("test", "builtin", ("[",), builtin=True, handler="test"),
    Program("let", "builtin", builtin=True, handler="let"),
    Program("su", "runner", ("runuser",), handler="su"),
    # adb(1) shell / exec-out: the device's sh -c runs the joined words (bash_commands._adb)
    Program("adb", "runner", handler="adb"),
    # i3-msg(1), swaymsg(1): a window-manager command whose `exec` runs /bin/sh -c
    # (bash_commands._wm_msg)
    Program("i3-msg", "runner", ("swaymsg",), handler="wm-msg"),
    Program("autossh", "runner", handler="ssh"),  # (no option spec: a note at low confidence)
    Program(
        "ssh",
        "runner",
        handler="ssh",
        options=Options(
            SSH_VALUES,
            "",
            operand_limit=2,
            impact=_EXEC_OPTS,
            example="-oProxyCommand=CMD runs CMD locally",
            code_values=(_SSH_O,),
            option_files=(
                _OF(
                    "-F",
                    "exec",
                    "a line 'ProxyCommand CMD' runs CMD locally",
                    "ssh(1) -F configfile; ssh_config(5) ProxyCommand, LocalCommand",
                ),
            ),
        ),
    ),
    Program(
        "script",
        "runner",
        handler="script",
        # util-linux script(1): the option grammar (clusters: `script -qc CMD FILE`); -c runs
        # CMD with $SHELL -c (measured: `script -qc 'touch CANARY' /dev/null`)
        options=Options(
            "cEBIOTmo",
            "command echo log-io log-in log-out log-timing logging-format output-limit",
            optional_attached="t",
            impact=_EXEC_OPTS,
            example="-c CMD runs CMD with the user's shell",
            code_values=(
                _CV("-c", "shell", "script(1) util-linux: -c, --command COMMAND (run with $SHELL -c)"),
                _CV("--command", "shell", "script(1) util-linux: -c, --command COMMAND"),
            ),
        ),
    ),
    # GNU parallel(1): the command template (words before :::) runs through the shell
    Program(
        "parallel",
        "runner",
        handler="parallel",
        options=Options(
            "aCdEIjJLlnNPsS",
            "arg-file colsep delimiter eof replace jobs max-procs profile max-lines max-args max-chars "
            "sshlogin sshloginfile tmpdir workdir joblog results timeout delay env tag-string basefile "
            "return halt memfree load nice retries",
            operand_limit=1,  # options end at the command template (Getopt::Long require_order)
            impact="exec",
            example="-S/--sshlogin or --ssh=CMD runs CMD",
        ),
    ),
    Program(
        "find",
        "runner",
        exec_primaries=frozenset({"-exec", "-execdir", "-ok", "-okdir"}),
        primary_args=(
            ("-name", 1),
            ("-iname", 1),
            ("-path", 1),
            ("-ipath", 1),
            ("-wholename", 1),
            ("-iwholename", 1),
            ("-regex", 1),
            ("-iregex", 1),
            ("-type", 1),
            ("-xtype", 1),
            ("-user", 1),
            ("-group", 1),
            ("-perm", 1),
            ("-size", 1),
            ("-mtime", 1),
            ("-mmin", 1),
            ("-atime", 1),
            ("-amin", 1),
            ("-ctime", 1),
            ("-cmin", 1),
            ("-newer", 1),
            ("-anewer", 1),
            ("-cnewer", 1),
            ("-maxdepth", 1),
            ("-mindepth", 1),
            ("-printf", 1),
            ("-fprintf", 2),
            ("-fprint", 1),
            ("-fprint0", 1),
            ("-fls", 1),
            ("-samefile", 1),
            ("-inum", 1),
            ("-links", 1),
            ("-uid", 1),
            ("-gid", 1),
            ("-lname", 1),
            ("-ilname", 1),
            ("-used", 1),
            ("-context", 1),
            ("-fstype", 1),
            ("-regextype", 1),
            ("-files0-from", 1),
            ("-D", 1),
            ("-O", 0),
        ),
        options=Options(
            end_of_options=None, impact=_EXEC_OPTS, example="-delete removes every file; -exec CMD ; runs CMD"
        ),
    ),
    Program(
        "sed",
        "sed",
        handler="sed",
        options=Options(
            "efl",
            "expression file line-length",
            impact=_EXEC_OPTS,
            optional_attached="i",
            example="-e1e\\ CMD runs CMD; -i edits files in place",
        ),
    ),
    Program("gsed", "sed", ("ssed",), handler="sed"),  # (no option spec: judged as unknown)
    # a runner whose `eval` sub-command takes program text (no option facet)
    Program("deno", "runner", code_subcommand="eval", ps_names=("deno",), ps_code=("eval",)),
    Program("tee", "writer", handler="tee"),
    Program("dd", "writer", handler="dd"),
    Program(
        "psql",
        "stdin",
        stdin_reads="psql (`\\!` runs shell commands)",
        options=Options(
            "cdfFhLopPRTUv",
            "command dbname file field-separator host log-file output port pset record-separator "
            "table-attr username set variable",
            impact=_EXEC_OPTS,
            example="-c '\\! CMD' runs CMD; -o '|CMD' pipes output to CMD",
            code_values=(
                _CV("-c", "shell", "psql(1) -c: meta-commands such as \\! run shell commands; GTFOBins psql"),
                _CV("--command", "shell", "psql(1) --command"),
                _CV("-o", "shell", "psql(1) -o |command pipes output to a shell command", ("|",)),
                _CV("--output", "shell", "psql(1) --output=|command", ("|",)),
            ),
        ),
    ),
    Program(
        "sqlite3",
        "stdin",
        stdin_reads="sqlite3 (`.shell` runs shell commands)",
        options=Options(
            "",
            "cmd init separator newline nullvalue vfs lookaside maxsize mmap pagecache heap",
            end_of_options="--",
            single_dash_long=True,
            impact=_EXEC_OPTS,
            example="-cmd '.shell CMD' runs CMD",
            # sqlite.org/cli.html "--safe": .shell, .system, edit(), ATTACH, .output FILE …
            # refused (measured, sqlite3 3.40.1: "cannot run .shell in safe mode", also from -cmd)
            disarms="-safe --safe",
            # measured, sqlite3 3.40.1: "-cmd=.shell X" / "--init=F" are "unknown option"
            long_equals=False,
            code_values=(
                _CV(
                    "--cmd",
                    "shell",
                    "sqlite3 CLI -cmd COMMAND (dot-commands .shell/.system run commands); GTFOBins sqlite3",
                ),
                # sqlite3 [OPTIONS] FILENAME [SQL...]: every argument after the database is SQL
                # or a dot-command, and SQL text runs commands: the CLI's edit(TEXT, EDITOR)
                # function runs EDITOR through system(), ATTACH creates any file
                # (sqlite.org/cli.html "The edit() SQL function", lang_attach.html)
                _CV(
                    "#2",
                    "shell",
                    "sqlite3 CLI: SQL arguments run; edit(text, command) runs command, ATTACH writes files",
                    (
                        ".shell",
                        ".system",
                        ".once |",
                        ".output |",
                        ".once '|",
                        ".output '|",
                        '.once "|',
                        '.output "|',
                        # .import FILE TABLE / .read FILE: a FILE starting with '|' is a command
                        # whose output is read (sqlite.org/cli.html; measured with a canary)
                        r"re:\.(?:import|read|once|output)\s+(?:--?\w+\s+)*$",
                        "!.",
                    ),
                ),
            ),
        ),
    ),
    Program(
        "mysql",
        "stdin",
        stdin_reads="mysql (`system` runs shell commands)",
        options=_MYSQL_CLIENT_OPTIONS,
    ),
    Program(
        "mariadb",
        "stdin",
        stdin_reads="mariadb (`system` runs shell commands)",
        options=_MYSQL_CLIENT_OPTIONS,
    ),
    Program("at", "stdin", ("batch",), stdin_reads="{name} (schedules the commands it reads from standard input)"),
    # batch systems: with no script operand the job script is read from standard input and run
    # by the job's shell.  Slurm sbatch(1): "sbatch will read in a script from standard input
    # if no filename is given"; PBS/Torque qsub(1B) and Grid Engine qsub(1): "If no script is
    # specified, qsub reads the script from standard input"; IBM LSF bsub: "bsub < jobfile"
    # ("the job file is read from standard input")
    Program(
        "sbatch",
        "stdin",
        ("qsub", "bsub"),
        stdin_reads="{name} (submits the job script it reads from standard input: the job's shell runs it)",
        stdin_confidence="high",
    ),
    # option facet only (their code-running options are named in the example)
    Program(
        "rsync",
        "options",
        options=Options(
            "eBfTM",
            _RSYNC_LONG,
            impact=_EXEC_OPTS,
            example="-e CMD or --rsh=CMD runs CMD",
            code_values=(
                _CV("-e", "argv", "rsync(1) --rsh; GTFOBins rsync: shell via -e", splits=_RSYNC_SPLIT),
                _CV("--rsh", "argv", "rsync(1) --rsh=COMMAND", splits=_RSYNC_SPLIT),
                _CV("--rsync-path", "shell", "rsync(1) --rsync-path=PROGRAM (run by the remote shell)"),
            ),
            code_env=(_CV("RSYNC_RSH", "argv", "rsync(1) ENVIRONMENT: RSYNC_RSH (as --rsh)", splits=_RSYNC_SPLIT),),
        ),
    ),
    Program(
        "tar",
        "options",
        options=Options(
            "CFHIKLNTVXbfg",
            _TAR_LONG,
            impact=_EXEC_OPTS,
            example="--to-command=CMD or --checkpoint-action=exec=CMD runs CMD",
            oldstyle="CFHIKLNTVXbfg",  # tar(1) "old options": tar czf FILE (arguments follow in order)
            code_values=(
                _CV("--to-command", "shell", "tar(1) --to-command=COMMAND (run by sh -c); GTFOBins tar"),
                _CV(
                    "--checkpoint-action",
                    "shell",
                    "tar(1) --checkpoint-action=exec=CMD; GTFOBins tar: shell",
                    ("exec=",),
                ),
                _CV(
                    "--use-compress-program",
                    "shell",
                    "tar(1) -I/--use-compress-program=COMMAND; GTFOBins tar: shell via -I",
                ),
                _CV("-I", "shell", "tar(1) -I COMMAND; GTFOBins tar: shell via -I"),
                # not listed: -F/--info-script and --new-volume-script run only at the end of a
                # volume (multi-volume archives), --rsh-command/--rmt-command only for a remote
                # archive (HOST:FILE): measured, none runs for a local archive
                # (bench/bench_program_truth.py)
            ),
            # tar(1) ENVIRONMENT: TAR_OPTIONS is split into options read before the command line's
            code_env=(
                _CV("TAR_OPTIONS", "shell", "tar(1) TAR_OPTIONS: options such as --to-command=CMD"),
                # tar -J/-z/-j (or -a by suffix) runs xz/bzip2 as a filter, which read their
                # default options from these (xz(1) ENVIRONMENT: XZ_DEFAULTS, XZ_OPT; bzip2(1)
                # ENVIRONMENT: BZIP2, BZIP); measured, xz 5.4.1: XZ_OPT='--suffix=.x' xz -k F
                # writes F.x, and under tar -cJf XZ_OPT='--files=F' makes xz compress F;
                # bzip2 1.0.8: BZIP2='-k F' under tar -cjf writes F.bz2
                *(
                    _CV(v, "options", f"{src} (read by the filter tar -{flag} runs)", impact=imp)
                    for v, src, flag, imp in (
                        ("XZ_OPT", "xz(1) ENVIRONMENT: XZ_OPT", "J", WRITE_IMPACT),
                        ("XZ_DEFAULTS", "xz(1) ENVIRONMENT: XZ_DEFAULTS", "J", WRITE_IMPACT),
                        ("BZIP2", "bzip2(1) ENVIRONMENT: BZIP2", "j", WRITE_IMPACT),
                        ("BZIP", "bzip2(1) ENVIRONMENT: BZIP", "j", WRITE_IMPACT),
                    )
                ),
            ),
        ),
    ),
)

# ---------------------------------------------------------------------------
# programs known for their options only (UL150).  The option lists come from the
# programs' own ``--help`` output and manuals (docs/design/bash-options.md).
# ---------------------------------------------------------------------------
EXEC, WRITE, READ, BEHAVIOR = "exec", "write", "read", "behavior"


# Vim: -c/--cmd/+CMD run Ex commands (":!CMD" runs a shell command): vim(1); GTFOBins vim
_VIM_OPTIONS = Options(
    "cSTuUiwWqt",  # (-s takes a script file, but not after -e/-es: left out, as -es is the idiom)
    "cmd",
    optional_attached="oOp",
    impact="exec",
    example="-c '!CMD' or +'!CMD' runs CMD",
    code_values=(
        CodeValue("-c", "shell", "vim(1) -c command (Ex commands; :!cmd runs the shell); GTFOBins vim"),
        CodeValue("--cmd", "shell", "vim(1) --cmd command"),
        CodeValue("", "shell", "vim(1) +command: an operand starting with + is an Ex command", ("+",)),
    ),
)


# wgetrc(5) commands are matched ignoring case, '-' and '_' (wget(1) "Wgetrc Syntax")
_WGET_ASKPASS = ("use_askpass=", "use_askpass =", "useaskpass=", "use-askpass=")


def _opt(name, short="", long="", **kw) -> Program:
    return Program(name, "options", options=Options(short, long, **kw))


def _opt_reads(reads: str, name, short="", long="", **kw) -> Program:
    """An option entry whose program also runs commands it reads from standard input."""
    return Program(name, "options", stdin_reads=reads, options=Options(short, long, **kw))


_CURL_LONG = (
    "abstract-unix-socket alt-svc aws-sigv4 cacert capath cert cert-type ciphers config "
    "connect-timeout connect-to continue-at cookie cookie-jar create-file-mode crlfile curves data "
    "data-ascii data-binary data-raw data-urlencode delegation dns-interface dns-ipv4-addr "
    "dns-ipv6-addr dns-servers doh-url dump-header egd-file engine etag-compare etag-save "
    "expect100-timeout form form-string ftp-account ftp-alternative-to-user ftp-method ftp-port "
    "ftp-ssl-ccc-mode happy-eyeballs-timeout-ms header hostpubmd5 hostpubsha256 hsts interface json "
    "keepalive-time key key-type krb libcurl limit-rate local-port login-options mail-auth "
    "mail-from mail-rcpt max-filesize max-redirs max-time netrc-file noproxy oauth2-bearer output "
    "output-dir parallel-max pass pinnedpubkey proto proto-default proto-redir proxy proxy-cacert "
    "proxy-capath proxy-cert proxy-cert-type proxy-ciphers proxy-crlfile proxy-header proxy-key "
    "proxy-key-type proxy-pass proxy-pinnedpubkey proxy-service-name proxy-tls13-ciphers "
    "proxy-tlsauthtype proxy-tlspassword proxy-tlsuser proxy-user proxy1.0 pubkey quote random-file "
    "range rate referer request request-target resolve retry retry-delay retry-max-time "
    "sasl-authzid service-name socks4 socks4a socks5 socks5-gssapi-service socks5-hostname "
    "speed-limit speed-time stderr telnet-option tftp-blksize time-cond tls-max tls13-ciphers "
    "tlsauthtype tlspassword tlsuser trace trace-ascii unix-socket upload-file url url-query user "
    "user-agent write-out variable ech ipfs-gateway"
)
_WGET_LONG = (
    "accept-regex backups bind-address body-data body-file ca-certificate ca-directory certificate "
    "certificate-type ciphers compression config connect-timeout crl-file cut-dirs default-page "
    "dns-timeout exclude-domains follow-tags ftp-password ftp-user header http-password http-user "
    "ignore-tags limit-rate load-cookies local-encoding method password pinnedpubkey post-data "
    "post-file prefer-family private-key private-key-type progress proxy-password proxy-user "
    "read-timeout referer regex-type reject-regex rejected-log remote-encoding report-speed "
    "restrict-file-names retry-on-http-error save-cookies secure-protocol start-pos use-askpass user "
    "waitretry warc-dedup warc-file warc-header warc-max-size warc-tempdir output-document "
    "output-file append-output execute input-file base directory-prefix tries timeout user-agent "
    "wait quota accept reject domains include-directories exclude-directories level"
)

OPTION_PROGRAMS: tuple = (
    Program(
        "curl",
        "writer",
        handler="curl",
        options=Options(
            "ACDEFHKPQTUXYbcdemortuwyz",
            _CURL_LONG,
            impact=WRITE,
            example="-o FILE or --output FILE overwrites FILE; --upload-file FILE sends FILE away",
            # curl(1) 7.88: options whose argument names a file curl writes
            writes="-o --output -c --cookie-jar -D --dump-header --trace --trace-ascii --libcurl --stderr --etag-save",
            # curl(1) 7.88 "--option value": no --option=value form (measured: curl --output=x URL
            # exits 2, "option --output=x: is unknown", and writes nothing)
            long_equals=False,
            option_files=tuple(
                _OF(
                    o,
                    WRITE,
                    "a line 'output = /path' overwrites /path, 'upload-file = FILE' sends FILE away",
                    "curl(1) -K/--config FILE: one long option per line; '-' reads standard input",
                )
                for o in ("-K", "--config")
            ),
        ),
    ),
    Program(
        "wget",
        "writer",
        handler="wget",
        options=Options(
            "aBDeiIloOPQRtTUwXA",
            _WGET_LONG,
            impact=EXEC,
            example="--use-askpass=CMD runs CMD; -O FILE overwrites FILE",
            code_values=(
                _CV("--use-askpass", "argv", "wget(1) --use-askpass=command"),
                # wget(1) -e/--execute COMMAND: one wgetrc command; `use_askpass = command` runs
                # the command (measured: wget -e use_askpass=./evil.sh URL runs it)
                _CV("-e", "argv", "wget(1) -e command (wgetrc use_askpass runs a command)", _WGET_ASKPASS),
                _CV("--execute", "argv", "wget(1) --execute command (wgetrc use_askpass)", _WGET_ASKPASS),
            ),
            # wget(1) 1.21: options whose argument names a file wget writes
            writes="-O --output-document -o --output-file -a --append-output --save-cookies --rejected-log",
            option_files=(
                _OF(
                    "--config",
                    WRITE,
                    "a line 'output_document = /path' overwrites /path",
                    "wget(1) --config=FILE: wgetrc commands (wgetrc 'output_document', 'dir_prefix')",
                ),
            ),
        ),
    ),
    _opt(
        "grep",
        "ABCDdefm",
        "after-context before-context binary-files context devices directories "
        "exclude exclude-dir exclude-from file group-separator include label max-count regexp",
        impact=READ,
        example="-f FILE or -r reads files the tool was not meant to read",
    ),
    _opt("rm", impact=WRITE, example="-rf deletes whole trees"),
    # GNU date (date --help, coreutils): -f/--file FILE reads FILE and prints each line's date
    # ("invalid date 'LINE'" for the others: the file's text reaches the output), -r FILE
    # reads its mtime, -s/--set sets the clock; -I[FMT] takes only an attached value
    _opt(
        "date",
        "dfrs",
        "date file reference set rfc-3339 resolution",
        optional_attached="I",
        impact=READ,
        example="--file=FILE reads FILE and echoes its lines",
    ),
    _opt(
        "cp",
        "St",
        "no-preserve sparse suffix target-directory",
        impact=WRITE,
        example="-t DIR or --target-directory=DIR copies into any directory",
    ),
    _opt("mv", "St", "suffix target-directory", impact=WRITE, example="--target-directory=DIR moves files anywhere"),
    _opt("ln", "St", "suffix target-directory", impact=WRITE, example="-sf overwrites the link target"),
    _opt(
        "scp",
        "cDFiJlOoPSX",
        "",
        impact=EXEC,
        example="-oProxyCommand=CMD or -SCMD runs CMD",
        code_values=(_SSH_O, _CV("-S", "argv", "scp(1) -S program; GTFOBins scp: shell via -S")),
    ),
    # sftp(1): commands are read from standard input when it is not a terminal (and with
    # `-b -`); "!command  Execute command in local shell"
    _opt_reads(
        "sftp (`!CMD` runs a local shell command)",
        "sftp",
        "BbcDFiJlOoPRSs",
        "",
        impact=EXEC,
        example="-oProxyCommand=CMD runs CMD",
        code_values=(
            _SSH_O,
            _CV("-S", "argv", "sftp(1) -S program"),
            _CV("-D", "argv", "sftp(1) -D sftp_server_command"),
        ),
    ),
    # jq 1.6 (measured here): `jq FILTER -- -x.json` reads the file -x.json, `jq -- FILTER`
    # fails with its usage text: -- ends options after the filter only
    _opt(
        "jq",
        "fL",
        "indent from-file",
        end_after_operands=1,
        impact=READ,
        long_two_values="arg argjson slurpfile rawfile",
        example="--rawfile NAME FILE or -f FILE reads any file",
    ),
    # Options that change the output only (issue 23 item 5): none writes a file, reads a
    # file other than the operands, runs code or sends anything -- GNU coreutils manual
    # (coreutils 9.1): ls "What information is listed", "Sorting the output", "General
    # output formatting" (-R, --hide, -I PATTERN only filter or recurse the listing); cat
    # (-A -b -e -n -s -t -u -v); nl (-b -d -f -h -i -l -n -p -s -v -w: numbering format);
    # base64/base32/basenc (-d, -i, -w COLS and the encodings): an injected option is a note
    _opt(
        "ls",
        "ITw",
        "block-size format hide ignore indicator-style quoting-style sort tabsize time time-style width",
        impact=BEHAVIOR,
        severity="note",
        example="-R lists whole trees",
    ),
    _opt("cat", impact=BEHAVIOR, severity="note", example="-A or -v changes the output"),
    _opt(
        "nl",
        "bdfhilnsvw",
        "body-numbering footer-numbering header-numbering join-blank-lines line-increment number-format "
        "number-separator number-width section-delimiter starting-line-number",
        impact=BEHAVIOR,
        severity="note",
        example="-v N or -s TEXT changes the numbering",
    ),
    *(
        _opt(b, "w", "wrap", impact=BEHAVIOR, severity="note", example="-d decodes instead of encoding")
        for b in ("base64", "base32", "basenc")
    ),
    # journalctl(1) (systemd 252): -S/--since=, -U/--until=, -u/--unit=, -t/--identifier= …
    # take a value; --cursor-file=FILE writes the last cursor to FILE
    _opt(
        "journalctl",
        "DMSUcuptgoF",
        "machine directory file root image namespace since until cursor after-cursor cursor-file unit "
        "user-unit identifier priority facility grep output output-fields interval verify-key field "
        "vacuum-size vacuum-time vacuum-files",
        impact=WRITE,
        example="--cursor-file=FILE overwrites FILE",
        writes="--cursor-file",
    ),
    _opt("head", "cn", "bytes lines"),
    _opt("tail", "cns", "bytes lines max-unchanged-stats pid sleep-interval", example="-f never returns"),
    _opt(
        "sort",
        "kSTot",
        "batch-size buffer-size compress-program field-separator files0-from key "
        "output parallel random-source sort temporary-directory",
        impact=EXEC,
        example="--compress-program=CMD runs CMD; -o FILE overwrites FILE",
        code_values=(_CV("--compress-program", "argv", "sort(1) --compress-program=PROG"),),
        writes="-o --output",  # sort(1): -o, --output=FILE write result to FILE
    ),
    _opt("uniq", "fsw", "check-chars skip-chars skip-fields"),
    # patch(1) GNU patch 2.7.6 (`patch --help`): options taking a value; -o/--output FILE and
    # -r/--reject-file FILE write there (the manual grammar lacks its long options)
    _opt(
        "patch",
        "pFiordDVBYzgx",
        "strip fuzz input output reject-file ifdef version-control prefix basename-prefix suffix get "
        "directory reject-format quoting-style read-only",
        impact=WRITE,
        example="-oFILE / --output=FILE writes the patched file to FILE",
        writes="-o --output -r --reject-file",
    ),
    # csplit(1) GNU coreutils 9.1: -f, --prefix=PREFIX names the pieces written (PREFIX00, …)
    _opt(
        "csplit",
        "bfn",
        "suffix-format prefix digits",
        impact=WRITE,
        example="-f PREFIX writes the pieces wherever PREFIX points",
        writes="-f --prefix",
    ),
    _opt(
        "split",
        "abClnt",
        "additional-suffix bytes filter line-bytes lines number numeric-suffixes hex-suffixes separator suffix-length",
        impact=EXEC,
        example="--filter=CMD runs CMD through the shell",
        code_values=(_CV("--filter", "shell", "split(1) GNU coreutils: --filter=COMMAND, write to shell COMMAND"),),
    ),
    _opt("cut", "bcdf", "bytes characters delimiter fields output-delimiter"),
    _opt("wc", "", "files0-from", impact=READ, example="--files0-from=FILE reads a list of files"),
    _opt("mkdir", "m", "mode", impact=WRITE, example="-m 777 makes a world-writable directory"),
    _opt("touch", "drt", "date reference time", impact=WRITE, example="-r FILE or -d DATE sets other times"),
    _opt("chmod", "", "reference", impact=WRITE, example="-R changes whole trees"),
    _opt("chown", "", "from reference", impact=WRITE, example="-R changes whole trees"),
    _opt(
        "du",
        "BXdt",
        "block-size exclude exclude-from files0-from max-depth threshold time time-style",
        impact=READ,
        example="--files0-from=FILE reads a list of files",
    ),
    _opt(
        "diff",
        "CDFISUWXx",
        "exclude exclude-from from-file horizon-lines ifdef "
        "ignore-matching-lines label line-format palette show-function-line starting-file tabsize "
        "to-file width",
        impact=READ,
        example="--from-file=FILE compares any file",
    ),
    _opt("stat", "c", "cached format printf"),
    _opt(
        "zip",
        "bdnOPtx",
        "unzip-command",
        impact=EXEC,
        example="-TT CMD with -T runs CMD",
        # zip 3.0 (measured): `zip -r -- out.zip src` exits 16 "Invalid command arguments
        # (can't use -- before archive name)"; `zip out.zip -- src` works
        dashdash_after=1,
        code_values=(
            _CV("-TT", "shell", "zip(1) -TT/--unzip-command cmd; GTFOBins zip: shell via -TT"),
            _CV("--unzip-command", "shell", "zip(1) --unzip-command cmd"),
        ),
        # zip(1) ENVIRONMENT: ZIPOPT holds default options, split on blanks; measured, zip 3.0
        # (session 36): ZIPOPT='-T -TT=touch${IFS}F;' runs touch, ZIPOPT='-9 -m' deletes the inputs
        code_env=(_CV("ZIPOPT", "options", "zip(1) ENVIRONMENT: ZIPOPT (default options)"),),
    ),
    # unzip(1) Info-ZIP: -d exdir, the directory the files are extracted into
    # unzip 6.0 (measured as nobody): after the zip file only -d and -x are options, and -- there
    # is a member pattern ("filename not matched: --", exit 11) that protects nothing: no -- fix;
    # with -p (pipe), -c, -l, -t, -v, -z or -Z nothing is extracted ("not extracting; -d ignored")
    _opt(
        "unzip",
        "dPx",
        "",
        end_of_options=None,
        impact=WRITE,
        example="-d DIR extracts anywhere",
        writes="-d",
        nowrite_switches="pcltvzZ",
        # unzip(1) ENVIRONMENT OPTIONS: UNZIP holds default options; measured, unzip 6.0
        # (session 36): UNZIP='-o -d DIR' extracts into DIR
        code_env=(_CV("UNZIP", "options", "unzip(1) ENVIRONMENT OPTIONS: UNZIP", impact=WRITE_IMPACT),),
    ),
    _opt("kill", "sn", "signal", impact=WRITE, example="-9 -1 kills every process of the user"),
    # bash builtins parse options only before the first operand (no permutation)
    _opt("cd", operand_limit=1, impact=BEHAVIOR, severity="note", example="-P or -@ changes how the path is resolved"),
    _opt(
        "echo",
        "",
        "",
        end_of_options=None,
        operand_limit=1,
        impact=BEHAVIOR,
        severity="note",
        example="-n, -e or -E is swallowed and changes the output",
    ),
    _opt(
        "man",
        "CMPpSsmLrHRTE",
        "config-file manpath pager preprocessor sections systems locale html recode",
        impact=EXEC,
        example="--pager=CMD, -PCMD or --html=BROWSER runs CMD",
    ),
    # binutils ar(1): the first word is the operation and modifiers, dash optional (ar rcs
    # LIB FILES); a/b/i take the member name that positions, N a count; --plugin loads code
    _opt(
        "ar",
        "abiN",
        "plugin target output",
        oldstyle="abiN",
        impact=EXEC,
        example="--plugin=FILE loads FILE as a shared library",
    ),
    # procps ps(1): BSD options without a dash (ps aux, ps axo pid,comm); p U t o O k take a value
    _opt("ps", "CGgOopstUuk", "cols columns format group pid ppid rows sid sort tty user", oldstyle="pUtoOk"),
    # the same options for its other names (vim(1): "vi", "view", "ex", "nvim" … start Vim
    # in another mode; nvim(1) -c/--cmd/+command alike; Debian vi/view/ex are vim.basic)
    Program("vim", "options", ("vi", "view", "vim.basic", "vim.tiny", "nvim", "gvim", "vimdiff"), options=_VIM_OPTIONS),
    # GNU make: --eval text is makefile syntax ($(shell CMD)); SHELL=PROG on the command line
    # chooses the shell recipes run with (GNU make manual "Options Summary", "Choosing the Shell")
    # -j/--jobs and -l/--load-average take an OPTIONAL argument (make(1) "-j [jobs]", "-l
    # [load]"; getopt "j::"): make takes the next word as it only when it is a number (GNU make
    # main.c decode_switches: all digits for -j, a digit or '.' first for -l; measured, make
    # 4.3: `make -j --eval='$(shell touch C)' all` runs touch), so a value there is an option
    _opt(
        "make",
        "CfIoWE",
        "directory file makefile include-dir old-file assume-old what-if new-file assume-new eval",
        optional_attached="jl",
        impact=EXEC,
        example="--eval='$(shell CMD)' or SHELL=CMD runs CMD",
        # GNU make manual "What Name to Give Your Makefile": GNUmakefile, makefile, Makefile,
        # or -f/--file/--makefile FILE; recipes run with /bin/sh (measured with a canary)
        runs_file_options="-f --file --makefile",
        runs_files="GNUmakefile makefile Makefile",
        # GNU make manual "Communicating Options to a Sub-make": make reads MAKEFLAGS from its
        # environment as options and variable definitions (measured, make 4.3:
        # MAKEFLAGS='--eval=$(shell CMD)' make runs CMD)
        code_env=(_CV("MAKEFLAGS", "options", "GNU make manual: MAKEFLAGS holds make options (--eval=TEXT)"),),
        code_values=(
            _CV("--eval", "shell", "make(1) --eval=string; GTFOBins make: shell via --eval"),
            _CV("-E", "shell", "make(1) -E string (--eval)"),
            _CV(
                "",
                "shell",
                "GNU make manual: a command-line variable's value is make text, expanded when recipes "
                "run ($(shell CMD)); SHELL= chooses the recipe shell (measured: make V='$(shell CMD)' all, "
                "and make -- 'X:=$(shell CMD)': an operand after -- is still an assignment)",
                ("re:[A-Za-z_.][A-Za-z0-9_.]*[:+?!]?=",),
                whole_operand=True,
            ),
        ),
    ),
    # ip(8) (iproute2; tc(8) and bridge(8) share its main loop): global options are read only
    # before the OBJECT word (`ip [OPTIONS] OBJECT {COMMAND | help}`); after it every word is a
    # keyword or the value of the keyword before it (`dev NAME`), so a value there is never an
    # option (measured, iproute2 6.x: `ip addr show dev -batch` -> 'Device "-batch" does not
    # exist', `ip addr show -s` -> 'Device "-s" does not exist'; `ip -- -brief addr` -> 'Object
    # "-brief" is unknown': -- ends the options).  Options are one-dash long
    # names taking abbreviations (-b[atch] FILE runs the ip commands of FILE, -n[etns] NAME)
    Program(
        "ip",
        "options",
        ("tc", "bridge"),
        options=Options(
            "flnb",
            "f family l loops n netns b batch rc rcvbuf",
            operand_limit=1,
            single_dash_long=True,
            impact=READ,
            example="-batch FILE runs the ip commands read from FILE",
        ),
    ),
    # gdb(1): one-dash long options; -ex/-iex run gdb commands (shell CMD, !CMD); GTFOBins gdb
    _opt_reads(
        # gdb(1) reads commands from standard input; `shell CMD` / `!CMD` run CMD (measured)
        "gdb (`shell CMD` runs shell commands)",
        "gdb",
        "",
        "ex iex eval-command init-eval-command x ix command init-command p pid c core cd d directory "
        "s symbols e exec se data-directory",
        single_dash_long=True,
        impact=EXEC,
        example="-ex '!CMD' runs CMD",
        code_values=(
            _CV("--ex", "shell", "gdb(1) -ex command (gdb's shell command runs CMD); GTFOBins gdb"),
            _CV("--iex", "shell", "gdb(1) -iex command"),
            _CV("--eval-command", "shell", "gdb(1) --eval-command=command"),
            _CV("--init-eval-command", "shell", "gdb(1) --init-eval-command=command"),
        ),
    ),
    # tcpdump(8): -z postrotate-command runs a program on each saved file; GTFOBins tcpdump
    _opt(
        "tcpdump",
        "BcCDEFGiMmrsTVwWyzZj",
        "buffer-size interface snapshot-length time-stamp-type time-stamp-precision direction print-sampling",
        impact=EXEC,
        example="-z CMD with -w/-G runs CMD",
        code_values=(_CV("-z", "argv", "tcpdump(8) -z postrotate-command; GTFOBins tcpdump"),),
    ),
    # ansible(1): -a ARGS of the default 'command' module (or 'shell') is the command it runs
    _opt(
        "ansible",
        "aBefiMmPtTuck",
        "args background extra-vars forks inventory module-path module-name poll tree timeout user "
        "connection become-user become-method private-key limit vault-password-file",
        impact=EXEC,
        example="-a CMD runs CMD on the hosts (module command/shell)",
        code_values=(
            _CV("-a", "argv", "ansible(1) -a MODULE_ARGS (default module: command)"),
            _CV("--args", "argv", "ansible(1) --args MODULE_ARGS"),
        ),
    ),
    _opt(
        "less",
        "bhjkoOPTtxyz#",
        "log-file LOG-FILE lesskey-file tag tag-file",
        impact=WRITE,
        example="-oFILE writes the shown text to FILE; +!CMD style commands run at start",
        # less(1) INPUT PREPROCESSOR: LESSOPEN is a command line run for every file opened
        # ("|cmd %s" pipes its output, "cmd %s" names a replacement file), LESSCLOSE after it;
        # measured: run even when standard output is not a terminal (utcp-cli's pipe)
        code_env=(
            _CV("LESSOPEN", "shell", "less(1) INPUT PREPROCESSOR: LESSOPEN command line"),
            _CV("LESSCLOSE", "shell", "less(1) INPUT PREPROCESSOR: LESSCLOSE command line"),
        ),
    ),
    # crontab(1): `crontab -` (or no file) installs the table read from standard input, whose
    # lines' commands cron(8) runs with sh (crontab(5)); -e runs the editor named by VISUAL
    # or EDITOR on a temporary copy
    Program(
        "crontab",
        "stdin",
        stdin_reads="crontab (installs the table it reads from standard input: cron runs each line's command with sh)",
        options=Options(
            "u",
            "",
            impact=EXEC,
            example="EDITOR/VISUAL name the command -e runs",
            code_env=(
                _CV("VISUAL", "shell", "crontab(1) -e: the editor in VISUAL or EDITOR"),
                _CV("EDITOR", "shell", "crontab(1) -e: the editor in VISUAL or EDITOR"),
            ),
        ),
    ),
)

# ---------------------------------------------------------------------------
# programs with sub-commands: the program's own options, then one nested ``Options`` per
# sub-command (same shape), and the options of any other sub-command
# ---------------------------------------------------------------------------
_GIT_REV = "author committer grep since after until before skip max-count output decorate-refs decorate-refs-exclude"
_GIT_DIFF = (
    "output anchored color-moved-ws diff-algorithm dst-prefix src-prefix find-object "
    "ignore-matching-lines inter-hunk-context line-prefix rotate-to skip-to stat-count "
    "stat-graph-width stat-name-width stat-width word-diff-regex ws-error-highlight "
    "output-indicator-context output-indicator-new output-indicator-old"
)


def _git(short: str = "", long: str = "", **kw) -> Options:
    """git ends options with ``--end-of-options`` (git >= 2.24): ``--`` separates
    revisions from paths, so inserting it would change what a word means."""
    return Options(short, long, end_of_options="--end-of-options", **kw)


_GIT_SUBS = (
    (
        "clone",
        _git(
            "bcjou",
            "branch bundle-uri config depth filter jobs origin reference "
            "reference-if-able separate-git-dir server-option shallow-exclude shallow-since "
            "template upload-pack",
            impact=EXEC,
            example="--upload-pack=CMD runs CMD",
            code_values=(
                _GIT_UPLOAD,
                _CV("-u", "shell", "git-clone(1) -u upload-pack"),
                _CV("-c", "shell", "git-clone(1) -c key=value (git-config(1) keys run commands)", _GIT_CMD_FORMS),
                _CV("--config", "shell", "git-clone(1) --config key=value", _GIT_CMD_FORMS),
            ),
        ),
    ),
    ("log", _git("nLSG", _GIT_REV + " " + _GIT_DIFF, impact=WRITE, example="--output=FILE overwrites FILE")),
    ("show", _git("nLSG", _GIT_REV + " " + _GIT_DIFF, impact=WRITE, example="--output=FILE overwrites FILE")),
    ("diff", _git("GISl", _GIT_DIFF, impact=WRITE, example="--output=FILE overwrites FILE")),
    (
        "checkout",
        _git("Bb", "conflict orphan pathspec-from-file", impact=READ, example="--pathspec-from-file=FILE reads FILE"),
    ),
    ("switch", _git("Cc", "conflict create force-create orphan")),
    (
        "commit",
        _git(
            "CFcmt",
            "author cleanup date file message pathspec-from-file "
            "reedit-message reuse-message squash template trailer fixup",
            impact=READ,
            example="--file=FILE takes the message from any file",
        ),
    ),
    (
        "grep",
        _git(
            "ABCefm",
            "after-context before-context context max-count max-depth threads",
            optional_attached="O",
            impact=EXEC,
            example="--open-files-in-pager=CMD runs CMD",
            # git-grep(1) -O[<pager>], --open-files-in-pager[=<pager>]: the pager is run by the
            # shell even without a terminal (measured: git grep -O'touch CANARY;true' PATTERN)
            code_values=(
                _CV("-O", "shell", "git-grep(1) -O<pager> (run by the shell, measured)"),
                _CV("--open-files-in-pager", "shell", "git-grep(1) --open-files-in-pager=<pager>"),
            ),
        ),
    ),
    (
        "difftool",
        _git(
            "tx",
            "tool extcmd",
            impact=EXEC,
            example="--extcmd=CMD runs CMD",
            # git-difftool(1) -x <command>, --extcmd=<command>: run for each file (measured)
            code_values=(
                _CV("-x", "shell", "git-difftool(1) -x <command> (run by the shell, measured)"),
                _CV("--extcmd", "shell", "git-difftool(1) --extcmd=<command>"),
            ),
        ),
    ),
    (
        "submodule",
        _git(
            impact=EXEC,
            example="foreach CMD runs CMD in every submodule",
            # git-submodule(1) "foreach [--recursive] <command>: Evaluates an arbitrary shell
            # command in each checked out submodule"
            subcommands=(
                (
                    "foreach",
                    _git(
                        impact=EXEC,
                        example="its command operand is shell text",
                        code_values=(_CV("#1", "shell", "git-submodule(1) foreach <command> (a shell command)"),),
                    ),
                ),
            ),
            default_subcommand=_git("b", "branch depth name reference jobs"),
        ),
    ),
    (
        "filter-branch",
        _git(
            "d",
            "env-filter tree-filter index-filter parent-filter msg-filter commit-filter tag-name-filter "
            "subdirectory-filter prune-empty original state-branch setup",
            impact=EXEC,
            example="--tree-filter=CMD runs CMD",
            # git-filter-branch(1) "Filters": each <command> is evaluated in the shell (eval)
            code_values=tuple(
                _CV("--" + f, "shell", "git-filter-branch(1): the filter <command> is evaluated by the shell")
                for f in ("env-filter", "tree-filter", "index-filter", "parent-filter", "msg-filter", "commit-filter")
            )
            + (_CV("--setup", "shell", "git-filter-branch(1) --setup <command>"),),
        ),
    ),
    (
        "fetch",
        _git(
            "jo",
            "deepen depth filter jobs negotiation-tip refmap server-option shallow-exclude shallow-since upload-pack",
            impact=EXEC,
            example="--upload-pack=CMD runs CMD",
            code_values=(_GIT_UPLOAD,),
        ),
    ),
    (
        "pull",
        _git(
            "Xos",
            "cleanup deepen depth negotiation-tip refmap server-option "
            "shallow-exclude shallow-since strategy strategy-option upload-pack",
            impact=EXEC,
            example="--upload-pack=CMD runs CMD",
            code_values=(_GIT_UPLOAD,),
        ),
    ),
    (
        "push",
        _git(
            "o",
            "exec push-option receive-pack repo",
            impact=EXEC,
            example="--receive-pack=CMD runs CMD",
            code_values=(
                _CV("--receive-pack", "shell", "git-push(1) --receive-pack=git-receive-pack"),
                _CV("--exec", "shell", "git-push(1) --exec=git-receive-pack"),
            ),
        ),
    ),
    (
        "archive",
        _git(
            "o",
            "add-file add-virtual-file exec format output prefix remote",
            impact=EXEC,
            example="--output=FILE overwrites FILE; --exec=CMD runs CMD",
            code_values=(_CV("--exec", "shell", "git-archive(1) --exec=git-upload-archive"),),
            writes="-o --output",  # git-archive(1): -o FILE, --output=FILE
        ),
    ),
    (
        "ls-remote",
        _git(
            "o",
            "server-option sort upload-pack",
            impact=EXEC,
            example="--upload-pack=CMD runs CMD",
            code_values=(_GIT_UPLOAD,),
        ),
    ),
    ("branch", _git("u", "contains format merged no-contains no-merged points-at set-upstream-to sort")),
    (
        "tag",
        _git(
            "Fmu",
            "cleanup contains file format local-user merged message no-contains no-merged points-at sort",
            impact=READ,
            example="--file=FILE reads the message from any file",
        ),
    ),
    ("add", _git("", "pathspec-from-file chmod", impact=READ, example="--pathspec-from-file=FILE reads FILE")),
    # git-stash(1): git stash push [-m <message>] [--pathspec-from-file=<file>] [--] [<pathspec>…]
    ("stash", _git("m", "message pathspec-from-file", impact=READ, example="--pathspec-from-file=FILE reads FILE")),
    ("rm", _git("", "pathspec-from-file", impact=WRITE, example="-r removes whole trees")),
    ("status", _git()),
    (
        "blame",
        _git("LS", "contents ignore-rev ignore-revs-file", impact=READ, example="--contents=FILE reads any file"),
    ),
    (
        "config",
        _git(
            "f",
            "blob default file type",
            impact=EXEC,
            example="--file=FILE writes config to any file; core.* values run commands",
        ),
    ),
    ("rev-parse", _git()),
    # git-check-ref-format(1): `--branch <branchname-shorthand>` takes the next word as the
    # name to check (measured: `git check-ref-format --branch --help` refuses '--help' as
    # a branch name); its other options only print or relax the check
    ("check-ref-format", _git("", "branch")),
    ("ls-files", _git("Xx", "exclude exclude-from exclude-per-directory format with-tree")),
    ("reset", _git("", "pathspec-from-file", impact=WRITE, example="--hard discards work")),
    ("restore", _git("s", "conflict pathspec-from-file source", impact=WRITE, example="--source=REV overwrites files")),
    ("merge", _git("FXms", "cleanup file into-name message strategy strategy-option")),
    (
        "rebase",
        _git(
            "CXsx",
            "empty exec onto strategy strategy-option whitespace",
            impact=EXEC,
            example="--exec=CMD runs CMD",
            code_values=(
                _CV("--exec", "shell", "git-rebase(1) --exec cmd (run by the shell)"),
                _CV("-x", "shell", "git-rebase(1) -x cmd"),
            ),
        ),
    ),
    ("describe", _git("", "candidates exclude match")),
    ("shortlog", _git("", "group")),
    (
        "init",
        _git(
            "b",
            "initial-branch object-format separate-git-dir template",
            impact=EXEC,
            example="--template=DIR installs hooks from DIR",
        ),
    ),
    (
        "apply",
        _git(
            "Cp",
            "build-fake-ancestor directory exclude include whitespace",
            impact=WRITE,
            example="--directory=DIR writes elsewhere",
        ),
    ),
    ("am", _git("Cp", "directory empty exclude include patch-format quoted-cr whitespace")),
    (
        "format-patch",
        _git(
            "ov",
            "add-header base cc cover-from-description "
            "creation-factor filename-max-length in-reply-to interdiff output-directory "
            "range-diff reroll-count signature signature-file start-number "
            "subject-prefix suffix to",
            impact=WRITE,
            example="--output-directory=DIR writes anywhere",
        ),
    ),
)

_DOCKER_RUN = (
    "add-host annotation attach blkio-weight blkio-weight-device cap-add cap-drop "
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
    "volumes-from workdir"
)
_DOCKER_EXAMPLE = "-v/:/host or --privileged gives the container the host"
_DOCKER_SUBS = (
    ("run", Options("acehlmpuvw", _DOCKER_RUN, operand_limit=1, impact=EXEC, example=_DOCKER_EXAMPLE)),
    ("create", Options("acehlmpuvw", _DOCKER_RUN, operand_limit=1, impact=EXEC, example=_DOCKER_EXAMPLE)),
    (
        "exec",
        Options(
            "euw",
            "detach-keys env env-file user workdir",
            operand_limit=1,
            impact=EXEC,
            example="--privileged or -uroot runs as root",
        ),
    ),
    (
        "build",
        Options(
            "fmt",
            "add-host build-arg cache-from cgroup-parent cpu-period "
            "cpu-quota cpu-shares cpuset-cpus cpuset-mems file iidfile isolation label "
            "memory memory-swap network platform security-opt shm-size tag target ulimit",
            impact=EXEC,
            example="--file=PATH builds an attacker's Dockerfile",
        ),
    ),
    ("logs", Options("n", "since tail until")),
    ("ps", Options("fn", "filter format last")),
    ("images", Options("f", "filter format")),
    ("inspect", Options("f", "format type")),
    ("stop", Options("st", "signal timeout")),
    ("pull", Options("", "platform")),
    ("push", Options("", "platform")),
)

_KUBE_GLOBAL = (
    "as as-uid as-group cache-dir certificate-authority client-certificate client-key "
    "cluster context kubeconfig namespace password profile profile-output "
    "request-timeout server tls-server-name token user username"
)
_KUBE_EXAMPLE = "--kubeconfig=FILE runs the exec plugin FILE names; --server=URL sends the token away"
_KUBE_COMMON = (
    "chunk-size field-selector filename kustomize label-columns output raw selector "
    "sort-by subresource template container limit-bytes max-log-requests "
    "pod-running-timeout since since-time tail field-manager grace-period "
    "prune-allowlist timeout annotations env image image-pull-policy labels "
    "override-type overrides port restart retries"
)

# helm 3 (helm --help, helm install --help, helm upgrade --help; cobra/pflag: options are
# read anywhere before `--`, GNU style).  --post-renderer PATH runs the executable PATH on
# the rendered manifests (helm.sh/docs/topics/advanced "Post Rendering"); --kubeconfig
# FILE can name an exec credential plugin (as for kubectl); -f/--values and --set-file read
# files.
_HELM_GLOBAL = (
    "burst-limit kube-apiserver kube-as-group kube-as-user kube-ca-file kube-context kube-token "
    "kube-tls-server-name kubeconfig namespace qps registry-config repository-cache repository-config"
)
_HELM_RELEASE = (
    " ca-file cert-file description key-file keyring labels name-template output password "
    "post-renderer post-renderer-args repo set set-file set-json set-literal set-string timeout "
    "username values version"
)
_HELM_EXAMPLE = "--post-renderer=PATH runs the program PATH; --kubeconfig=FILE runs its exec plugin"
_HELM_CODE = (
    _CV("--post-renderer", "argv", "helm install/upgrade --help: path to an executable used for post rendering"),
)


# helm list --help (Helm 3.14), also as `helm ls`: these options take a value
_HELM_LIST_VALUES = " filter max offset output selector time-format"


# a kubeconfig names a command run for credentials (users[].user.exec.command; Kubernetes
# docs "client-go credential plugins"): the file read chooses a command that runs
_KUBECONFIG = OptionFile(
    "--kubeconfig",
    "exec",
    "a kubeconfig's users[].user.exec.command runs",
    "kubectl(1) --kubeconfig; kubernetes.io client-go credential plugins",
)


def _tmux_subs() -> tuple:
    """tmux(1) sub-commands (with their aliases) whose first operand is a shell command, and
    the options each takes with a value (from the command's synopsis in tmux(1))."""
    cmd_subs = (
        (("new-session", "new"), "cefFnstxyX", "tmux(1) new-session [shell-command]"),
        (("new-window", "neww"), "ceFnt", "tmux(1) new-window [shell-command]"),
        (("split-window", "splitw"), "ceFlt", "tmux(1) split-window [shell-command]"),
        (("respawn-pane", "respawnp"), "cet", "tmux(1) respawn-pane [shell-command]"),
        (("respawn-window", "respawnw"), "cet", "tmux(1) respawn-window [shell-command]"),
        (("run-shell", "run"), "cdt", "tmux(1) run-shell shell-command (run with /bin/sh)"),
        (("if-shell", "if"), "t", "tmux(1) if-shell shell-command command"),
        (("pipe-pane", "pipep"), "t", "tmux(1) pipe-pane [shell-command]"),
        (("display-popup", "popup"), "bcdehsStTwxy", "tmux(1) display-popup [shell-command]"),
        (("send-keys", "send"), "cNt", "tmux(1) send-keys key ...: typed into the pane's shell"),
    )
    out: list = []
    for names, short, source in cmd_subs:
        opts = Options(
            short, "", impact=EXEC, example="its shell-command operand runs", code_values=(_CV("#1", "shell", source),)
        )
        out.extend((n, opts) for n in names)
    return tuple(out)


def _helm(more: str = "") -> Options:
    return Options(
        "nflo",
        _HELM_GLOBAL + more,
        impact=EXEC,
        example=_HELM_EXAMPLE,
        code_values=_HELM_CODE,
        option_files=(_KUBECONFIG,),
    )


_HELM_LIST = _helm(_HELM_LIST_VALUES)


_NPM_CONFIG = (
    "registry prefix userconfig globalconfig cache tag save-prefix workspace loglevel "
    "script-shell otp access scope omit include before node-options location "
    "package call"
)
_NPM_EXAMPLE = "--script-shell=PROG runs PROG; --registry=URL installs an attacker's package"

_PIP_GENERAL = (
    "cache-dir cert client-cert exists-action keyring-provider log proxy python "
    "retries timeout trusted-host use-deprecated use-feature"
)
_PIP_INSTALL = (
    "abi config-settings constraint editable extra-index-url find-links global-option "
    "implementation index-url no-binary only-binary platform prefix progress-bar "
    "python-version report requirement root root-user-action src target "
    "upgrade-strategy dest exclude format path"
)
_PIP_EXAMPLE = "--index-url=URL or -eURL installs (and runs) an attacker's package"

# openssl(1) commands' options that take a value (openssl-dgst(1), -enc(1), -req(1), -x509(1),
# -rsa(1), -pkey(1), -genpkey(1), -s_client(1), -verify(1), -cms(1), -pkcs12(1) OPTIONS): one
# dash, `-name value` or `-name=value` (OpenSSL 3 opt_next), parsing stops at the first operand
# or `--` (measured: `openssl dgst F -out=X` reads a file named "-out=X").  A value arriving as an
# option writes files (`-out=FILE`) or loads a shared library (`-engine=LIB`; GTFOBins openssl)
_OPENSSL_VALUES = (
    "out in inform outform keyform passin passout pass rand writerand engine provider provider-path "
    "propquery sign verify prverify signature hmac mac macopt sigopt key keyfile kdf kdfopt iv K S "
    "md cipher config subj newkey keyout set_serial days extensions reqexts extfile CA CAkey CAfile "
    "CApath CAserial certfile untrusted trusted connect servername host port cert nameopt certopt "
    "name section pkeyopt paramfile algorithm inkey peerkey digest addext"  # openssl-req(1) -addext ext
)
_OPENSSL_OPTS = Options(
    "",
    _OPENSSL_VALUES,
    operand_limit=1,
    single_dash_long=True,
    impact=EXEC,
    example="-out=FILE overwrites FILE; -engine=LIB loads LIB (GTFOBins openssl)",
    writes="-out -keyout",  # openssl-req(1) -out, -keyout; openssl-dgst(1) -out
    option_files=(
        OptionFile(
            "-config",
            "exec",
            "an engine section's dynamic_path loads a shared library",
            "openssl-req(1) -config; config(5) 'Engine Configuration' dynamic_path",
        ),
    ),
)

SUBCOMMAND_PROGRAMS: tuple = (
    Program(
        "openssl",
        "options",
        options=Options(
            "",
            "",
            single_dash_long=True,
            impact=EXEC,
            example=_OPENSSL_OPTS.example,
            subcommands=(),
            default_subcommand=_OPENSSL_OPTS,
        ),
    ),
    Program(
        "helm",
        "options",
        options=Options(
            "n",
            _HELM_GLOBAL,
            impact=EXEC,
            example=_HELM_EXAMPLE,
            subcommands=(
                ("install", _helm(_HELM_RELEASE)),
                ("upgrade", _helm(_HELM_RELEASE)),
                ("template", _helm(_HELM_RELEASE)),
                ("list", _HELM_LIST),
                ("ls", _HELM_LIST),
            ),
            default_subcommand=_helm(" output revision timeout"),
        ),
    ),
    # tmux(1) (3.x): the sub-commands whose shell-command operand tmux runs with the default
    # shell (`new-session -d CMD`, measured with a canary), and send-keys, whose keys are typed
    # into the pane's shell (run with `Enter`); tmux's own -c runs a shell command
    Program(
        "tmux",
        "options",
        options=Options(
            "cfLST",
            "",
            end_of_options="--",
            impact=EXEC,
            example="new-session/new-window/run-shell CMD runs CMD with the shell",
            code_values=(_CV("-c", "shell", "tmux(1): -c shell-command (executed using the default shell)"),),
            subcommands=_tmux_subs(),
            default_subcommand=Options(impact=BEHAVIOR),
        ),
    ),
    Program(
        "git",
        "options",
        options=Options(
            "Cc",
            "git-dir work-tree namespace config-env super-prefix",
            end_of_options="--end-of-options",
            impact=EXEC,
            example="-c core.sshCommand=CMD or --upload-pack=CMD runs CMD",
            code_values=(_GIT_C,),
            code_env=(
                _CV("GIT_SSH_COMMAND", "shell", "git(1) ENVIRONMENT: GIT_SSH_COMMAND is run by the shell"),
                _CV("GIT_SSH", "argv", "git(1) ENVIRONMENT: GIT_SSH names the ssh program"),
                _CV("GIT_PROXY_COMMAND", "argv", "git-config(1) core.gitProxy / GIT_PROXY_COMMAND"),
                _CV("GIT_EXTERNAL_DIFF", "shell", "git(1) ENVIRONMENT: GIT_EXTERNAL_DIFF"),
                _CV("GIT_ASKPASS", "argv", "gitcredentials(7): GIT_ASKPASS program"),
                _CV("GIT_EDITOR", "shell", "git-var(1): GIT_EDITOR is run by the shell"),
                _CV("GIT_SEQUENCE_EDITOR", "shell", "git-rebase(1): GIT_SEQUENCE_EDITOR"),
                # git-var(1) GIT_EDITOR: "$GIT_EDITOR, then core.editor, then $VISUAL, then
                # $EDITOR"; measured: `EDITOR=CMD git commit` runs CMD without a terminal
                _CV("VISUAL", "shell", "git-var(1): VISUAL (when GIT_EDITOR and core.editor are unset)"),
                _CV("EDITOR", "shell", "git-var(1): EDITOR (when GIT_EDITOR, core.editor, VISUAL are unset)"),
                _CV("GIT_CONFIG_PARAMETERS", "shell", "git(1): configuration from the environment", ()),
            ),
            subcommands=_GIT_SUBS,
            default_subcommand=_git(impact=EXEC, example="sub-command options such as --exec=CMD run CMD"),
        ),
    ),
    Program(
        "docker",
        "options",
        ("podman",),
        options=Options(
            "Hcl",
            "config context host log-level tlscacert tlscert tlskey",
            impact=EXEC,
            example=_DOCKER_EXAMPLE,
            subcommands=_DOCKER_SUBS,
            default_subcommand=Options(impact=EXEC, example=_DOCKER_EXAMPLE),
        ),
    ),
    Program(
        "kubectl",
        "options",
        ("oc",),
        options=Options(
            "ns",
            _KUBE_GLOBAL,
            impact=EXEC,
            example=_KUBE_EXAMPLE,
            option_files=(_KUBECONFIG,),
            subcommands=(
                (
                    "exec",
                    Options(
                        "cfns",
                        _KUBE_GLOBAL + " container filename pod-running-timeout",
                        impact=EXEC,
                        example=_KUBE_EXAMPLE,
                    ),
                ),
            ),
            default_subcommand=Options(
                "cfklLnos", _KUBE_GLOBAL + " " + _KUBE_COMMON, impact=EXEC, example=_KUBE_EXAMPLE
            ),
        ),
    ),
    Program(
        "npm",
        "options",
        options=Options(
            "Cwpc",
            _NPM_CONFIG,
            impact=EXEC,
            example=_NPM_EXAMPLE,
            default_subcommand=Options("Cwpc", _NPM_CONFIG, impact=EXEC, example=_NPM_EXAMPLE),
        ),
        ps_names=("npm",),
        ps_batch_shim=True,
    ),
    Program(
        "pip",
        "options",
        ("pip3",),
        options=Options(
            "",
            _PIP_GENERAL,
            impact=EXEC,
            example=_PIP_EXAMPLE,
            default_subcommand=Options(
                "rcetifdC",
                _PIP_GENERAL + " " + _PIP_INSTALL,
                impact=EXEC,
                example=_PIP_EXAMPLE,
                option_files=tuple(
                    _OF(
                        o,
                        EXEC,
                        "a line '--index-url URL' or '-e URL' installs (and builds, running its code) "
                        "a package of the caller's choice",
                        "pip docs 'Requirements File Format': lines may hold --index-url, "
                        "--extra-index-url, --find-links, -e; -r - reads standard input",
                    )
                    for o in ("-r", "--requirement", "-c", "--constraint")
                ),
            ),
        ),
    ),
)

# ---------------------------------------------------------------------------
# programs of Windows command lines (PowerShell analysis; UL054's foreign shells)
# ---------------------------------------------------------------------------
WINDOWS_PROGRAMS: tuple = (
    Program("cmd", "windows-shell", ("cmd.exe",), ps_names=("cmd",), ps_handler="cmd"),
    Program(
        "powershell",
        "windows-shell",
        ("powershell.exe", "pwsh", "pwsh.exe"),
        ps_names=("powershell", "pwsh"),
        ps_handler="powershell",
        ps_value_params=frozenset(
            {
                "executionpolicy",
                "ep",
                "ex",
                "windowstyle",
                "w",
                "outputformat",
                "o",
                "of",
                "inputformat",
                "if",
                "psconsolefile",
                "version",
                "v",
                "configurationname",
                "config",
                "workingdirectory",
                "wd",
                "settingsfile",
                "encodedarguments",
                "ea",
            }
        ),
    ),
    Program("wsl", "runner", ps_names=("wsl",), ps_handler="wsl"),
) + tuple(
    Program(n, "tool", ps_names=(n,), ps_batch_shim=True)
    for n in "npx yarn pnpm code az gcloud mvn gradle tsc ng".split()
)


# ---------------------------------------------------------------------------
# program classes (sets of names; a program in none of them is judged by its entry)
# ---------------------------------------------------------------------------
# commands that print their arguments (a value there flows down a pipe)
class NameLines(NamedTuple):
    """A program that reads NAMES ONE PER LINE from standard input when one of ``triggers``
    is in its argv (each a word, or two words: ``("-T", "-")``; a one-letter option also
    inside a cluster): a value printed into it splits at each newline into several names.
    ``unless``: options that make the list NUL-separated (no split at newlines)."""

    triggers: tuple
    unless: tuple = ()
    source: str = ""


# key: program name, or "program sub-command" (git update-index); read by
# bash/line_readers.py for UL118.  du --files0-from / xargs -0 read NUL-separated names: not
# here.  xargs itself is UL118's own (it also splits at blanks and strips quotes).
NAME_LINES: dict[str, NameLines] = {
    "zip": NameLines(
        ("-@",), source="zip(1) Info-ZIP 3.0: -@ takes the list of input files from standard input, one name per line"
    ),
    "cpio": NameLines(
        ("-o", "--create", "-p", "--pass-through"),
        ("-0", "--null"),
        "cpio(1) GNU cpio 2.13: copy-out (-o) and copy-pass (-p) read the list of file names from standard input, one per line; -0 for NUL",
    ),
    "tar": NameLines(
        (("-T", "-"), "-T-", "--files-from=-", ("--files-from", "-")),
        ("--null",),
        "tar(1) GNU tar 1.34: -T FILE reads the names to archive from FILE ('-' standard input), one per line; --null for NUL",
    ),
    "rsync": NameLines(
        ("--files-from=-", ("--files-from", "-")),
        ("-0", "--from0"),
        "rsync(1) 3.2: --files-from=- reads the list of files from standard input, one per line; -0/--from0 for NUL",
    ),
    "git update-index": NameLines(
        ("--stdin",), ("-z",), "git-update-index(1) 2.39: --stdin reads the list of paths, one per line; -z for NUL"
    ),
    "git checkout-index": NameLines(
        ("--stdin",), ("-z",), "git-checkout-index(1) 2.39: --stdin reads paths one per line; -z for NUL"
    ),
    "git check-ignore": NameLines(
        ("--stdin",), ("-z",), "git-check-ignore(1) 2.39: --stdin reads pathnames one per line; -z for NUL"
    ),
    "git check-attr": NameLines(
        ("--stdin",), ("-z",), "git-check-attr(1) 2.39: --stdin reads pathnames one per line; -z for NUL"
    ),
    "git hash-object": NameLines(
        ("--stdin-paths",), (), "git-hash-object(1) 2.39: --stdin-paths reads file paths one per line"
    ),
}


class NamePrinter(NamedTuple):
    """A program whose standard output is a list of FILE NAMES, one per line, chosen by its
    arguments (``find DIR -name PATTERN``, ``grep -l PATTERN FILES``): names of existing files,
    which may hold blanks, quotes or newlines.  ``when``: options (a one-letter one also inside
    a cluster) without which it prints no names ("" = always); ``unless``: options or
    primaries after which the output is not a newline-separated name list (NUL-separated,
    formatted, or long listings)."""

    when: tuple = ()
    unless: tuple = ()
    source: str = ""
    # the options or primaries whose argument chooses the names by their text (find -name
    # PATTERN; the words before the first primary, find's starting points, do too); empty:
    # any argument (a value elsewhere, find -mtime +N, only picks among names by other facts)
    names_by: tuple = ()
    # how it prints the same list NUL-separated, for xargs -0 (find -print0, grep -Z)
    nul: str = ""


# read by bash/sinks.name_list_splits for UL118: names xargs splits again (a value that
# chooses them chooses which file names, blanks and quotes included, reach the command)
NAME_PRINTERS: dict[str, NamePrinter] = {
    "find": NamePrinter(
        (),
        (
            "-print0",
            "-printf",
            "-fprint",
            "-fprint0",
            "-fprintf",
            "-ls",
            "-fls",
            "-exec",
            "-execdir",
            "-ok",
            "-okdir",
            "-delete",
            "-quit",
        ),
        "find(1) GNU findutils 4.9: -print (the default action) prints the full file name followed by a newline; "
        "-print0 by a NUL; -exec/-ok/-delete/-printf/-ls replace the default action",
        ("-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname"),
        "find … -print0",
    ),
    "ls": NamePrinter(
        (),
        ("-l", "-m", "-x", "-C", "-Q", "-n", "-g", "-o", "-s", "--zero", "--quoting-style", "--quote-name", "--format"),
        "ls(1) GNU coreutils 9.1: to a pipe, one name per line, unquoted; -l/-n/-g/-o long listings, -m/-x/-C columns",
        nul="ls --zero (coreutils 9.1), or find … -print0",
    ),
    "grep": NamePrinter(
        ("-l", "-L", "--files-with-matches", "--files-without-match"),
        ("-Z", "--null"),
        "grep(1) GNU grep 3.8: -l/-L print the name of each matching (non-matching) file, one per line; -Z ends each with a NUL",
        nul="grep -lZ",
    ),
    "locate": NamePrinter(
        (),
        ("-0", "--null", "-c", "--count", "-S", "--statistics"),
        "locate(1) plocate 1.1: prints each matching file name on a line; -0 separates with NUL",
        nul="locate -0",
    ),
}
NAME_PRINTERS["git"] = NamePrinter(
    ("ls-files", "--name-only"),
    ("-z", "--format", "--name-status", "--stat"),
    "git-ls-files(1), git-diff(1) --name-only (git 2.39): one path per line; only paths with a double quote, "
    "backslash, control or non-ASCII byte are quoted (core.quotePath), blanks are not; -z ends each with a NUL",
    nul="git … -z",
)
NAME_PRINTERS["egrep"] = NAME_PRINTERS["fgrep"] = NAME_PRINTERS["grep"]
NAME_PRINTERS["plocate"] = NAME_PRINTERS["locate"]

PRINTERS = frozenset({"echo", "printf"})
# commands that copy stdin to stdout (a pipe keeps flowing through them)
PASS_THROUGH = frozenset({"cat", "tee", "head", "tail", "dd", "stdbuf", "pv", "buffer"})
# commands whose arguments are text, never run (no nested-interpreter scan)
NON_EXEC = frozenset(
    {
        "echo",
        "printf",
        "grep",
        "egrep",
        "fgrep",
        "rg",
        "ag",
        "cat",
        "ls",
        "test",
        "[",
        "[[",
        "man",
        "which",
        "type",
        "whereis",
        "apropos",
        "head",
        "tail",
        "wc",
        "cut",
        "sort",
        "uniq",
        "tr",
        "jq",
        "yq",
        "curl",
        "wget",
        "git",
        "logger",
        "notify-send",
        "printenv",
        "basename",
        "dirname",
        "realpath",
        "readlink",
        "stat",
        "file",
        "diff",
        "cmp",
        "mkdir",
        "rm",
        "rmdir",
        "touch",
        "cp",
        "mv",
        "ln",
        "chmod",
        "chown",
        "tar",
        "zip",
        "unzip",
        "gzip",
        "gunzip",
        "pgrep",
        "pkill",
        "kill",
        "ps",
        "date",
        "sleep",
        "true",
        "false",
        ":",
    }
)
# programs that run the rest of their argv as a command, after their own words, as the
# Python scan reads an argv list (its shell-after-a-prefix check; RUNNERS below is the bash
# engine's reading of the same fact and differs in membership)
# (``docker exec CONTAINER sh -c CMD``, ``kubectl exec POD -- sh -c CMD``, ``arch -x86_64
# /bin/sh -c CMD``, ``chroot DIR sh -c CMD``): docker-exec(1), podman-exec(1),
# kubectl exec --help, arch(1) (macOS), chroot(1), nsenter(1), unshare(1), bwrap(1),
# firejail(1), systemd-run(1), flatpak-spawn(1), lxc exec --help, schroot(1)
CONTAINER_EXEC = frozenset(
    {
        "docker",
        "podman",
        "nerdctl",
        "kubectl",
        "oc",
        "lxc",
        "incus",
        "arch",
        "chroot",
        "schroot",
        "nsenter",
        "unshare",
        "bwrap",
        "firejail",
        "systemd-run",
        "systemd-nspawn",
        "flatpak-spawn",
        "toolbox",
        "distrobox-enter",
    }
)
# runners whose trailing words form another command line (docker run img CMD ...)
RUNNERS = frozenset(
    {
        "docker",
        "podman",
        "nerdctl",
        "kubectl",
        "oc",
        "lxc",
        "incus",
        "vagrant",
        "nsenter",
        "unshare",
        "systemd-run",
        "firejail",
        "bwrap",
        "proot",
        "fakeroot",
        "fakechroot",
        "schroot",
        "toolbox",
        "distrobox",
        "flatpak",
        "strace",
        "ltrace",
        "valgrind",
        "perf",
        "catchsegv",
        "setpriv",
        "sg",
        "machinectl",
        "apptainer",
        "singularity",
        "gdb",
        "caffeinate",
        "taskset",
        "chrt",
        "numactl",
        "cgexec",
        "runcon",
        "prlimit",
        "faketime",
        "torsocks",
        "proxychains",
        "proxychains4",
        "tsocks",
        "script",
        "expect",
        "eatmydata",
        "with-contenv",
        "tini",
        "dumb-init",
        "gosu",
        "su-exec",
        "chpst",
        "s6-setuidgid",
        "direnv",
        "pipenv",
        "poetry",
        "uv",
        "npx",
        "bunx",
        "pnpm",
        "yarn",
        "conda",
        "mamba",
        "micromamba",
        "nix-shell",
        "nix",
        "devbox",
        "mise",
        "asdf",
        "rbenv",
        "pyenv",
        "nvm",
        "bundle",
        "tox",
        "nox",
    }
)

# bash builtins and keywords: not separate programs (declarations: never a subprocess
# binary unless they receive a placeholder)
SHELL_BUILTINS = frozenset(
    """
: . [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs
disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local
logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend
test times trap true type typeset ulimit umask unalias unset wait
""".split()
)

# builtins that take a value as plain data and run no program (declarations: never in a
# generated declaration; the strict executor treats a placeholder only they receive as
# covered).  Builtins that run code (eval, source, exec, command, trap, let …) are not here.
# Commands that succeed only for an operand that cannot be read as an option: used as a
# guard (`VALIDATOR "$V" || exit`, `if VALIDATOR "$V"; then …`), they prove the value
# does not start with '-' where the guard holds.  Key: the argv words before the operand.
VALIDATES_NOT_OPTION: dict[tuple[str, ...], str] = {
    # git-check-ref-format(1) --branch: "cannot begin with a dash"; measured: exit 128 for
    # '-x', '--help', '--normalize'
    ("git", "check-ref-format", "--branch"): "git check-ref-format --branch",
}

DATA_BUILTINS = frozenset(
    """
: [ cd echo printf test read pwd pushd popd true false exit return type
compgen complete compopt hash shopt umask ulimit wait kill dirs help
""".split()
)
# (issue 23 item 4: compgen/complete/compopt read a word to complete or a spec, hash/shopt/
# umask/ulimit/wait/kill/dirs/help a name, mask, limit, pid or topic -- bash(1) "SHELL
# BUILTIN COMMANDS"; none starts a program.  Their code-running forms are sinks the bash
# rules report: compgen -W/-C/-F, hash -p (UL102/UL103), and such steps are left to them.)

# programs that accept no `--` anywhere: the GCC drivers (gcc 12.2.0, Debian 12.2.0-14, measured:
# `gcc -c -- m.c` -> "gcc: error: unrecognized command-line option '--'", exit 1, wherever `--`
# stands; g++, cc, c++ and gcc-12 are the same driver).  clang is not installed here: not listed.
DASHDASH_NEVER = frozenset({"gcc", "g++", "cc", "c++"})

# BSD/macOS option forms the GNU programs of the runtime (Linux) refuse or read otherwise,
# each a usage error or a wrong operand on every call: program -> ((option, shape of the
# word it needs, what GNU does), …).  shape: "" the option word itself (GNU has no such
# option), "empty-or-suffix" the NEXT word is '' or a .suffix, "percent" the NEXT word holds
# a '%' format.  Sources: FreeBSD date(1) -j, -v; FreeBSD sed(1) "-i extension" vs GNU sed
# manual "-i[SUFFIX]" (attached only); FreeBSD stat(1) "-f format" vs GNU coreutils stat(1)
# "-f, --file-system" (format is -c); macOS base64(1) -D vs GNU coreutils base64(1) -d.
# A 4th element: options whose presence in the command cancels the form.
# Measured (date/stat/base64 coreutils 9.1, GNU sed 4.9): `date -v+1d`, `date -j -f …`
# "invalid option", `stat -f %z F` "cannot read file system information for '%z'", `sed -i ''
# 's/…/'` "can't read s/…/", `sed -i .bak …` "unknown command: `.'", `base64 -D` "invalid
# option": every call fails
BSD_ONLY_FORMS: dict = {
    "date": (
        ("-j", "", "GNU date has no -j option (BSD: do not set the clock)"),
        ("-v", "", "GNU date has no -v option (BSD: adjust the date; GNU: -d '+1 day')"),
    ),
    "sed": (
        (
            "-i",
            "empty-or-suffix",
            "GNU sed takes -i's suffix only attached (-i.bak), so the next word becomes the script",
            # with a script option the word is only a missing file: the edit still runs
            ("-e", "-f", "--expression", "--file"),
        ),
    ),
    "stat": (("-f", "percent", "GNU stat's -f is --file-system, so the format becomes a file name (GNU: -c FORMAT)"),),
    "base64": (("-D", "", "GNU base64 has no -D option (GNU: -d, --decode)"),),
}

# programs whose operands are FILEs they open by name and never match as patterns
# themselves (GNU coreutils 9 manuals: "FILE…" operands of cat, head, tail, wc, du, ls,
# stat, rm, chmod, chown, touch, cksum, the *sum programs; gzip(1), bzip2(1), xz(1),
# zstd(1), file(1)): a `*` in the value is pathname expansion's job, which bash does
# only on unquoted words (bash(1) "Pathname Expansion"), and the runtime quotes every value
FILE_OPERANDS_NO_GLOB = frozenset(
    {
        "cat", "head", "tail", "wc", "du", "ls", "stat", "file", "rm", "chmod", "chown", "chgrp",
        "touch", "shred", "cksum", "sum", "md5sum", "sha1sum", "sha224sum", "sha256sum",
        "sha384sum", "sha512sum", "b2sum", "gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz",
        "zstd", "unzstd", "nl", "od", "strings", "dos2unix",
    }
)  # fmt: skip

BY_NAME: dict[str, Program] = {}
# the entries under the names a PowerShell command line starts them by (``Program.ps_names``)
PS_BY_NAME: dict[str, Program] = {}


_version = 0  # bumped by changed(): results computed from the table carry it in their cache key


def version() -> int:
    """The table's version: changes whenever :func:`register` (or :func:`changed`) runs."""
    return _version


def changed() -> None:
    """Say the table changed (register does; code that edits :data:`BY_NAME` directly, such as
    a test restoring it, calls this): cached argv analyses are not reused across versions."""
    global _version
    _version += 1


def register(program: Program) -> None:
    """Add (or replace) one entry: every analysis reads it through :data:`BY_NAME` (and
    PowerShell's through :data:`PS_BY_NAME`)."""
    for n in program.names:
        BY_NAME[n] = program
    for n in program.ps_names:
        PS_BY_NAME[n] = program
    changed()


# Programs commonly wrapped by tools whose options name files they write or read (issue 23,
# categories 3 and 4): their value-taking options (so a value after a switch such as
# `terraform output -raw V` is known to be an operand, which a leading '-' turns into an
# option) and the options whose argument names a file written (``Options.writes``).
_TF_VALUES = (
    "state state-out backup var var-file out target replace lock-timeout parallelism chdir "
    "plugin-dir backend-config from-module generate-config-out json-into test-directory filter"
)
# Long option spellings that name a file written in every program that has them (GNU
# Coding Standards "Table of Long Options": --output-file, --log-file, --output-dir …;
# curl(1), wget(1), msgfmt(1), pytest, pip --log): for a program the table lacks, a value
# forming their argument chooses the file written.  `--output`/`-o` are not here: many
# programs take a format there (`kubectl -o json`, `az --output table`).
GENERIC_WRITES = frozenset(
    "--output-file --outfile --out-file --output-document --log-file --logfile --output-dir "
    "--output-directory --outdir --out-dir "
    # destinations by name (issue 23, set R: mkdocs --site-dir, cargo --target-dir, meson
    # --build-dir, make-style --destdir, aria2c-style --download-dir); measured: no safe tool
    # of sets A-R, no fixture or corpus manual passes a placeholder to one of them
    "--site-dir --target-dir --build-dir --dest-dir --destdir --download-dir".split()
)

# line editors whose standard input holds text lines after an append/insert/change command
# until a line holding only `.` (POSIX ed(1) "a, c, i ... input mode ... terminated by a line
# consisting of the single character '.'"; ex is not listed: not measured): a line of input mode
# is text, never a command, so a value without a newline printed there stays text (measured
# with a canary through the real client: `printf 'a\\n%s\\n.\\nw\\nq\\n' V | ed -s F`)
TEXT_MODE_EDITORS: frozenset = frozenset({"ed"})

ISSUE23_PROGRAMS: tuple = (
    # line editors reading their commands from standard input (`echo CMDS | ed FILE`):
    # ed(1) "!command: executes command via sh(1)"; ex(1) (vim ex mode) ":!cmd"; both
    # measured with a canary; `red`, the restricted ed, refuses `!`
    Program("ed", "stdin", stdin_reads="ed (`!CMD` runs shell commands)"),
    # ex is Vim in Ex mode: its -c/+cmd options run Ex commands as vim's do (vim(1))
    Program("ex", "stdin", stdin_reads="ex (`!CMD` runs shell commands)", options=_VIM_OPTIONS),
    # dc(1) GNU bc manual: "! Will run the rest of the line as a system command"
    Program("dc", "stdin", stdin_reads="dc (`!CMD` runs a system command)"),
    # jshell(1) (JDK): reads Java snippets from standard input and runs them; Java's
    # Runtime.exec runs commands (measured: echo '…Runtime.getRuntime().exec(…)…' | jshell -q)
    Program("jshell", "stdin", stdin_reads="jshell (runs the Java snippets it reads; Runtime.exec runs commands)"),
    # strace(1) 6.x: "-o filename ... If the filename begins with '|' or '!', the rest of the
    # name is treated as a command and all output is piped to it" (measured: `strace -o
    # '|touch CANARY' true` runs it); options end at the traced command (its first operand)
    _opt(
        "strace",
        "abeEIoOpPsSuUXY",
        "abbrev attach columns const-print-style daemonize decode-fds decode-pids detach-on env "
        "fault inject kvm output pidns-translation quiet raw read signal silence silent status "
        "string-limit strings-in-hex summary-columns summary-sort-by summary-syscall-overhead trace "
        "trace-path user verbose write",
        operand_limit=1,
        impact=EXEC,
        example="-o '|CMD' runs CMD; -o FILE overwrites FILE",
        code_values=(
            _CV("-o", "shell", "strace(1) -o: a filename starting with '|' or '!' is a command", ("|", "!")),
            _CV("--output", "shell", "strace(1) --output: '|CMD' or '!CMD' is a command", ("|", "!")),
        ),
        writes="-o --output",
    ),
    # aria2c(1) 1.36: -i/--input-file FILE lists URIs, each followed by indented option
    # lines (" dir=/path", " out=NAME"; "Input File"); '-' reads standard input
    _opt(
        "aria2c",
        "dilojsxUkmtc",
        "dir input-file log out max-concurrent-downloads split max-connection-per-server "
        "user-agent min-split-size max-tries timeout conf-path save-session on-download-complete "
        "on-download-error on-download-start on-download-stop on-bt-download-complete header "
        "http-user http-passwd referer checksum",
        impact=EXEC,
        example="--on-download-complete=CMD runs CMD; -d DIR or -o NAME writes anywhere",
        code_values=(
            _CV("--on-download-complete", "argv", "aria2c(1) --on-download-complete=COMMAND"),
            _CV("--on-download-start", "argv", "aria2c(1) --on-download-start=COMMAND"),
        ),
        writes="-d --dir -o --out -l --log --save-session",
        option_files=tuple(
            _OF(
                o,
                EXEC,
                "an indented line ' on-download-complete=CMD' runs CMD; ' dir=/path' writes there",
                "aria2c(1) 'Input File': options after each URI, one per indented line; -i - reads stdin",
            )
            for o in ("-i", "--input-file")
        ),
    ),
    # terraform(1) (Go `flag` package: one-dash long options `-name=value` or `-name value`,
    # parsing stops at the first operand; `terraform -help <command>`): -state=PATH reads any
    # state file, -state-out/-out/-backup write files, -chdir=DIR runs in another directory
    Program(
        "terraform",
        "options",
        aliases=("tofu",),
        options=Options(
            "",
            "chdir",
            single_dash_long=True,
            impact=WRITE,
            example="-state=PATH reads another state file; -out=FILE or -state-out=FILE overwrites FILE",
            # commands with a command word of their own (`terraform workspace select NAME`,
            # `state rm ADDR`, `providers lock`): flags are read up to their first operand
            # after that word
            subcommands=tuple(
                (
                    w,
                    Options(
                        "",
                        "",
                        single_dash_long=True,
                        impact=WRITE,
                        subcommands=(),
                        default_subcommand=Options(
                            "",
                            _TF_VALUES,
                            single_dash_long=True,
                            operand_limit=1,
                            impact=WRITE,
                            example="-state=PATH reads another state file; -state-out=FILE overwrites FILE",
                            writes="-state-out -out -backup",
                        ),
                    ),
                )
                for w in ("workspace", "state", "providers", "metadata")
            ),
            default_subcommand=Options(
                "",
                _TF_VALUES,
                single_dash_long=True,
                operand_limit=1,
                impact=WRITE,
                example="-state=PATH reads another state file; -out=FILE or -state-out=FILE overwrites FILE",
                writes="-state-out -out -backup -generate-config-out",
            ),
        ),
    ),
    # pandoc(1) 3.x OPTIONS: -o/--output FILE writes FILE, --extract-media DIR writes there,
    # --filter/--lua-filter/--pdf-engine PROGRAM run a program, -d FILE reads a defaults
    # file that can name filters
    _opt(
        "pandoc",
        "frtwodMVLHBAcT",
        "from read to write output data-dir metadata metadata-file defaults template variable "
        "filter lua-filter resource-path include-in-header include-before-body include-after-body "
        "css reference-doc epub-cover-image epub-metadata epub-embed-font epub-subdirectory "
        "bibliography csl citation-abbreviations pdf-engine pdf-engine-opt log extract-media "
        "highlight-style syntax-definition abbreviations indented-code-classes "
        "default-image-extension shift-heading-level-by tab-stop columns dpi eol wrap toc-depth "
        "number-offset top-level-division email-obfuscation id-prefix title-prefix split-level "
        "chunk-template ipynb-output request-header",
        impact=EXEC,
        example="--filter=PROG or --lua-filter=FILE runs code; -o FILE overwrites FILE",
        code_values=(
            _CV("--filter", "argv", "pandoc(1) --filter PROGRAM"),
            _CV("--pdf-engine", "argv", "pandoc(1) --pdf-engine PROGRAM"),
        ),
        writes="-o --output --extract-media --log",
    ),
)

# ---------------------------------------------------------------------------
# issue 23 (session 37, long tail): entries for programs of the blind sets the table
# lacked; each fact names its source (installed man page / --help, measured as nobody,
# or the program's reference documentation)
# ---------------------------------------------------------------------------
# groff(1)/troff(1) 1.22.4 (installed): "If no files are given, or a file is -, standard
# input is read"; every input line starting with `.` or `'` is a request.  Measured as
# nobody: `.so /etc/hostname` on standard input prints the file in the default safer mode
# (-S); with -U (unsafe) `.sy touch F` creates F.  nroff(1) runs groff with the same input.
_ROFF_INPUT = OptionFile(
    "",
    READ,
    "a line `.so /etc/passwd` prints any file, even in safer mode; with -U `.sy CMD` runs CMD",
    "groff(1)/troff(1): standard input is read when no file is given; groff_man(7) .so; measured",
    lines="troff request lines",
    exec_switches="-U",
)
S37_PROGRAMS: tuple = (
    _opt(
        "groff",
        "DFIKLMPTWdfmnorw",
        "",
        impact=READ,
        example="-U enables .sy/.pso; -I DIR reads files from DIR",
        option_files=(_ROFF_INPUT,),
    ),
    _opt("troff", "FIMTWdfmnorw", "", impact=READ, example="-U enables .sy/.pso", option_files=(_ROFF_INPUT,)),
    # nroff(1): a script running groff -Tutf8 -mtty-char; -m/-n/-o/-r/-T/-d/-M/-w/-W take values
    _opt("nroff", "dMmnorTwW", "", impact=READ, example="-U enables .sy/.pso", option_files=(_ROFF_INPUT,)),
    # qpdf manual "Running qpdf" (qpdf.readthedocs.io/en/stable/cli.html, qpdf 11): options and
    # files in any order; a value-taking option needs `--opt=value`; `--replace-input` in place
    # of the output overwrites the input; `@FILE` reads more arguments from FILE; `--` is not an
    # end of options (it closes --pages/--encrypt sub-lists)
    _opt(
        "qpdf",
        "",
        "",
        end_of_options=None,
        impact=WRITE,
        example="--replace-input overwrites the input file; @FILE reads arguments from FILE",
    ),
)

ALL_PROGRAMS: tuple = (
    PROGRAMS
    + WRAPPER_PROGRAMS
    + HANDLER_PROGRAMS
    + OPTION_PROGRAMS
    + SUBCOMMAND_PROGRAMS
    + WINDOWS_PROGRAMS
    + ISSUE23_PROGRAMS
    + S37_PROGRAMS
)
for _p in ALL_PROGRAMS:
    for _n in _p.names:
        BY_NAME.setdefault(_n, _p)
    for _n in _p.ps_names:
        PS_BY_NAME.setdefault(_n, _p)


def family_names(family: str) -> frozenset:
    return frozenset(n for p in PROGRAMS if p.family == family for n in p.names)


SHELL_NAMES = family_names("shell")
AWK_NAMES = family_names("awk")
# shells of other platforms an MCP server may start (UL054): same meaning of "code flag"
FOREIGN_SHELLS = frozenset(n for p in WINDOWS_PROGRAMS if p.family == "windows-shell" for n in p.names)
SHELL_CODE_FLAGS = frozenset({"-c", "/c", "/C", "-command", "-Command", "-C", "-lc", "-ic"})


def lookup(name: str):
    return BY_NAME.get(name)


def wrapper_of(name: str) -> Wrapper | None:
    p = BY_NAME.get(name)
    return p.wrapper if p is not None else None


def powershell_entry(norm: str) -> Program | None:
    """The entry a PowerShell command line starts by the (normalized) name ``norm``."""
    return PS_BY_NAME.get(norm)


def powershell_code_flags(norm: str) -> tuple | None:
    """The words before a value that make it program text, for a program PowerShell starts
    by the (normalized) name ``norm``; None when the table has no such program."""
    p = PS_BY_NAME.get(norm)
    return p.ps_code if p is not None and p.ps_code else None


def handler_of(name: str) -> Program | None:
    """The entry when it gives words sink roles (``handler``) or reads code on stdin."""
    p = BY_NAME.get(name)
    return p if p is not None and (p.handler or p.stdin_reads) else None


__all__ = [
    "TEXT_MODE_EDITORS",
    "CONTAINER_EXEC",
    "NAME_LINES",
    "NameLines",
    "DASHDASH_NEVER",
    "BSD_ONLY_FORMS",
    "FILE_OPERANDS_NO_GLOB",
    "Program",
    "Wrapper",
    "Options",
    "PROGRAMS",
    "WRAPPER_PROGRAMS",
    "HANDLER_PROGRAMS",
    "OPTION_PROGRAMS",
    "SUBCOMMAND_PROGRAMS",
    "WINDOWS_PROGRAMS",
    "ALL_PROGRAMS",
    "EXEC",
    "WRITE",
    "READ",
    "BEHAVIOR",
    "SHELL_BUILTINS",
    "DATA_BUILTINS",
    "SSH_VALUES",
    "register",
    "wrapper_of",
    "powershell_code_flags",
    "powershell_entry",
    "PS_BY_NAME",
    "handler_of",
    "BY_NAME",
    "SHELL_NAMES",
    "AWK_NAMES",
    "FOREIGN_SHELLS",
    "SHELL_CODE_FLAGS",
    "family_names",
    "GENERIC_WRITES",
    "OptionFile",
    "lookup",
]


# ---------------------------------------------------------------------------
# Paths a program writes, creates, deletes or moves (issue 23, category 3): which
# option values and which operands name such a path.  Read by
# ``template/bash/traversal.py`` (a value after a literal ``DIR/`` in one of these
# words climbs out of DIR with ``../``).  The options taking a value (to count
# operands) come from the program's ``Options`` entry above, plus ``values`` here.


class PathWrite(NamedTuple):
    """One fact per program (or ``program sub-command``): what it does at a path."""

    action: str  # what the program does at the path ("copies a file to")
    operands: str = ""  # "all" | "last" | "first" | "second" | "rest" (all but the first) | ""
    options: tuple = ()  # option names whose value is such a path ("-o", "--output", "of=")
    requires: str = ""  # short letters / long names, one of which must be in the argv (tar x)
    values: str = ""  # extra options taking a value (space separated), beside ``Options``
    source: str = ""
    unless: str = ""  # options that make it read only (sqlite3 -readonly), space separated
    # the first argument word is a bundle of mode letters read for ``requires`` (cmake -E tar
    # czf ARCHIVE: "tar [cxt][vf][zjJ] file.tar")
    flags_word: bool = False


_PW = PathWrite
_COPY = "-t --target-directory -S --suffix"
# key: program name, or "program sub-command" (git clone, python3 -m venv -> "python3 venv")
PATH_WRITES: dict[str, PathWrite | tuple] = {
    "cp": _PW("copies a file to", "last", ("-t", "--target-directory"), values=_COPY, source="cp(1) GNU coreutils"),
    # mv: every operand is changed (the sources are removed from where they were)
    "mv": _PW(
        "moves a file to or from", "all", ("-t", "--target-directory"), values=_COPY, source="mv(1) GNU coreutils"
    ),
    "install": _PW(
        "installs a file at", "last", ("-t", "--target-directory"), values=_COPY + " -m -o -g", source="install(1)"
    ),
    "ln": _PW("creates a link at", "last", ("-t", "--target-directory"), values=_COPY, source="ln(1) GNU coreutils"),
    "rm": _PW("deletes", "all", source="rm(1) GNU coreutils"),
    "rmdir": _PW("deletes the directory", "all", source="rmdir(1) GNU coreutils"),
    "unlink": _PW("deletes", "all", source="unlink(1) GNU coreutils"),
    "shred": _PW("overwrites and deletes", "all", values="-n --iterations -s --size", source="shred(1)"),
    "mkdir": _PW("creates the directory", "all", values="-m --mode", source="mkdir(1) GNU coreutils"),
    "touch": _PW("creates", "all", values="-d --date -r --reference -t", source="touch(1) GNU coreutils"),
    "truncate": _PW("truncates or creates", "all", values="-s --size -r --reference", source="truncate(1)"),
    "tar": (
        _PW(
            "extracts into",
            "",
            ("-C", "--directory"),
            requires="x --extract --get",
            source="tar(1) GNU tar: -C DIR with -x extracts into DIR",
        ),
        _PW(
            "writes the archive",
            "",
            ("-f", "--file"),
            requires="c r u A --create --append --update --catenate",
            source="tar(1) GNU tar: -f ARCHIVE with -c/-r/-u/-A writes ARCHIVE",
        ),
    ),
    "unzip": _PW("extracts into", "", ("-d",), source="unzip(1) Info-ZIP: -d exdir"),
    "zip": _PW("creates the archive", "first", values="-b -n -t -tt -P", source="zip(1) Info-ZIP: zip ZIPFILE FILES"),
    "git clone": _PW("clones into", "second", source="git-clone(1): git clone REPO [DIRECTORY]"),
    "git archive": _PW("writes the archive", "", ("-o", "--output"), source="git-archive(1) -o FILE"),
    "openssl": _PW("writes", "", ("-out", "-keyout"), source="openssl(1): -out FILE, req -keyout FILE"),
    "gpg": _PW("writes", "", ("-o", "--output"), source="gpg(1) --output FILE"),
    "ssh-keygen": _PW(
        "writes the key",
        "",
        ("-f",),
        unless="-l -y -B -F -e -i",
        source="ssh-keygen(1) -f FILENAME; -l/-y/-B/-F/-e/-i only read the key file and print",
    ),
    # compilers: -o names the output file (gcc(1) "-o file: place the primary output in
    # file"; clang(1) the same)
    **{
        cc: _PW("writes the output", "", ("-o",), values="-x -I -L -l -D -U -MF -MT", source="gcc(1) -o FILE")
        for cc in ("gcc", "g++", "cc", "c++", "clang", "clang++")
    },
    "cmake": _PW("generates the build tree in", "", ("-B",), values="-S -G -D -T -A -C", source="cmake(1) -B DIR"),
    # cmake(1) "Command-Line Tool Mode" (`cmake -E` help, cmake 3.25.1): the file commands
    # and the paths they create, change or remove (keys: program, then its literal words)
    **{
        f"cmake -E {sub}": _PW(action, ops, values=vals, source=f"cmake(1) -E {sub} {usage}")
        for sub, action, ops, vals, usage in (
            ("make_directory", "creates the directory", "all", "", "<dir>..."),
            ("touch", "creates", "all", "", "<file>..."),
            ("touch_nocreate", "touches", "all", "", "<file>..."),
            ("copy", "copies a file to", "last", "", "<file>... destination"),
            ("copy_directory", "copies a directory to", "last", "", "<dir>... destination"),
            ("copy_if_different", "copies a file to", "last", "", "<file>... destination"),
            ("rename", "moves a file to or from", "all", "", "oldname newname"),
            ("create_symlink", "creates a link at", "last", "", "old new"),
            ("create_hardlink", "creates a link at", "last", "", "old new"),
            ("remove", "deletes", "all", "", "[-f] <file>..."),
            ("rm", "deletes", "all", "", "[-rRf] [--] <file/dir>..."),
            ("remove_directory", "deletes the directory", "all", "", "<dir>..."),
        )
    },
    # cmake(1) -E tar [cxt][vf][zjJ] file.tar [<options>] [--] [<pathname>...]: the first
    # word holds the mode letters, the second is the archive, written with c (created)
    "cmake -E tar": _PW(
        "writes the archive",
        "second",
        requires="c",
        values="--files-from --format --mtime",
        flags_word=True,
        source="cmake(1) -E tar [cxt][vf][zjJ] file.tar [<options>] [--] [<pathname>...]",
    ),
    # in-place compressors: each FILE operand is replaced by FILE.gz (gzip(1): "each file is
    # replaced by one with the extension .gz"; -k keeps it, the output is still written next
    # to it); -c writes to stdout, -l/-t only read
    **{
        z: _PW(
            "writes the compressed file next to",
            "all",
            ("-o",) if z == "zstd" else (),
            unless="-c --stdout --to-stdout -l --list -t --test",
            values="-S --suffix -b -T" if z != "gzip" else "-S --suffix",
            source=f"{z}(1): FILE is replaced by (or, with -k, written next to) its compressed form"
            + ("; -o FILE" if z == "zstd" else ""),
        )
        for z in ("gzip", "gunzip", "bzip2", "xz", "zstd", "lz4")
    },
    "git worktree": _PW(
        "creates (or removes) the worktree at",
        "second",
        values="-b -B --reason",
        source="git-worktree(1): git worktree add [-b NEW] PATH [COMMIT], remove PATH",
    ),
    # git-format-patch(1): "-o <dir>, --output-directory <dir>: Use <dir> to store the
    # resulting files"; -v/--start-number/--subject-prefix/… take values
    "git format-patch": _PW(
        "writes the patch files into",
        "",
        ("-o", "--output-directory"),
        values="-v --reroll-count --start-number --subject-prefix --suffix --in-reply-to --base -N",
        source="git-format-patch(1) -o DIR",
    ),
    "git bundle": _PW("writes the bundle at", "second", source="git-bundle(1): git bundle create FILE REV-LIST-ARGS"),
    "split": _PW(
        "writes the pieces at",
        "second",
        values="-a -b -C -l -n -t --additional-suffix",
        source="split(1): split [INPUT [PREFIX]]",
    ),
    "sqlite3": _PW(
        "opens (creating) the database",
        "first",
        # dot-commands given as an argument that write the file they name (sqlite.org/cli.html)
        (".backup ", ".save ", ".output ", ".once ", ".excel ", ".clone "),
        unless="-readonly --readonly",
        source="sqlite3(1): sqlite3 [OPTIONS] FILENAME [SQL]; -readonly opens it read-only",
    ),
    "python venv": _PW("creates the environment", "all", values="--prompt", source="python -m venv ENV_DIR"),
    # static-site generators (issue 23, set R): what their sub-commands create or write
    "hugo new": _PW(
        "creates",
        "all",
        values="-k --kind -s --source -c --contentDir --config --editor",
        source="hugo new content|site|theme PATH (https://gohugo.io/commands/hugo_new_content/): creates the file",
    ),
    "mkdocs build": _PW(
        "writes the site into",
        "",
        ("-d", "--site-dir"),
        values="-f --config-file -t --theme",
        source="mkdocs build -d/--site-dir PATH (https://www.mkdocs.org/user-guide/cli/): the output directory",
    ),
    "mkdocs gh-deploy": _PW(
        "writes the site into",
        "",
        ("-d", "--site-dir"),
        values="-f --config-file -m --message -b --remote-branch -r --remote-name -t --theme",
        source="mkdocs gh-deploy -d/--site-dir PATH (https://www.mkdocs.org/user-guide/cli/)",
    ),
    "mkdocs new": _PW("creates the project", "all", source="mkdocs new PROJECT_DIRECTORY (mkdocs.org/user-guide/cli/)"),
    "jekyll build": _PW(
        "writes the site into",
        "",
        ("-d", "--destination"),
        values="-s --source --config -b --baseurl",
        source="jekyll build -d/--destination DIR (https://jekyllrb.com/docs/configuration/options/)",
    ),
    "jekyll new": _PW("creates the site", "all", source="jekyll new PATH (https://jekyllrb.com/docs/usage/)"),
    "sphinx-build": _PW(
        "writes the output into",
        "second",
        ("-d", "--doctree-dir", "-w", "--warning-file"),
        values="-b --builder -t --tag -j --jobs -c --conf-dir -D --define -A --html-define",
        source="sphinx-build(1): sphinx-build [options] SOURCEDIR OUTPUTDIR (sphinx-doc.org/en/master/man/sphinx-build.html)",
    ),
    "sed": _PW(
        "edits in place", "rest", requires="i --in-place", values="-e -f -l", source="sed(1) GNU sed -i FILE..."
    ),
    "sort": _PW("writes", "", ("-o", "--output"), values="-k -t -S -T", source="sort(1) -o FILE"),
    "uniq": _PW("writes", "second", values="-f -s -w", source="uniq(1): uniq [INPUT [OUTPUT]]"),
    "convert": _PW("writes the image", "last", source="ImageMagick convert(1): last argument is the output"),
    "magick": _PW("writes the image", "last", source="ImageMagick magick(1): last argument is the output"),
    "ffmpeg": _PW("writes", "last", source="ffmpeg(1): the last argument is the output url"),
    # exiftool(1): -overwrite_original rewrites each FILE operand in place
    "exiftool": _PW(
        "rewrites",
        "all",
        ("-o", "-out"),
        requires="-overwrite_original -overwrite_original_in_place",
        values="-o -out -w -ext -if -p -d -c -charset -api -tagsFromFile -execute -srcfile -userParam",
        source="exiftool(1) -overwrite_original, -o OUTFILE",
    ),
    "wget": _PW("writes", "", ("-O", "--output-document", "-P", "--directory-prefix"), source="wget(1)"),
    "curl": _PW("writes", "", ("-o", "--output", "--output-dir"), source="curl(1) -o FILE"),
    "dd": _PW("writes", "", ("of=",), source="dd(1) of=FILE"),
    "tee": _PW("writes", "all", source="tee(1)"),
    # flock FILE COMMAND / flock FILE -c COMMAND: FILE is opened with O_CREAT (created when
    # missing, as the running user) before the command runs; measured as nobody
    # (tests/test_program_knowledge_s34.py)
    "flock": _PW(
        "creates the lock file",
        "first",
        values="-w --wait --timeout -E --conflict-exit-code",
        source="flock(1) util-linux 2.38: flock [options] file|directory command; the file is created if it does not exist",
    ),
}


# Files other programs run as shell code later, outside the tool's own call: a value written
# into one runs in the user's next session, commit or scheduled job.  (glob over the
# normalised path, who runs it, source.)  Read by the bash analysis (a write to such a path).
RUN_LATER_PATHS: tuple = (
    ("~/.bashrc", "every interactive bash", "bash(1) INVOCATION: ~/.bashrc"),
    ("~/.bash_profile", "every login bash", "bash(1) INVOCATION: ~/.bash_profile"),
    ("~/.bash_login", "every login bash", "bash(1) INVOCATION: ~/.bash_login"),
    ("~/.profile", "every login shell", "bash(1)/dash(1) INVOCATION: ~/.profile"),
    ("~/.bash_logout", "bash at logout", "bash(1) INVOCATION: ~/.bash_logout"),
    ("~/.zshrc", "every interactive zsh", "zsh(1) STARTUP/SHUTDOWN FILES"),
    ("~/.zshenv", "every zsh", "zsh(1) STARTUP/SHUTDOWN FILES"),
    ("~/.zprofile", "every login zsh", "zsh(1) STARTUP/SHUTDOWN FILES"),
    ("/etc/profile", "every login shell", "bash(1) INVOCATION: /etc/profile"),
    ("/etc/profile.d/*", "every login shell", "/etc/profile sources /etc/profile.d/*.sh"),
    ("/etc/bash.bashrc", "every interactive bash", "bash(1) (Debian: SYS_BASHRC)"),
    ("*.git/hooks/*", "git (a hook)", "githooks(5): hooks in $GIT_DIR/hooks run on git events"),
    ("/etc/cron.d/*", "cron", "crontab(5): /etc/cron.d files, each line's command run by sh"),
    ("/etc/crontab", "cron", "crontab(5): /etc/crontab"),
    ("/etc/cron.hourly/*", "cron (run-parts)", "cron(8): run-parts /etc/cron.{hourly,daily,weekly,monthly}"),
    ("/etc/cron.daily/*", "cron (run-parts)", "cron(8): run-parts /etc/cron.daily"),
    ("/var/spool/cron/*", "cron", "crontab(1): the per-user tables"),
    ("/etc/systemd/system/*", "systemd (a unit's Exec lines)", "systemd.service(5): ExecStart= command lines"),
    ("~/.config/systemd/user/*", "systemd --user", "systemd.service(5): ExecStart= command lines"),
    ("~/.config/autostart/*", "the desktop session", "XDG autostart: Exec= of .desktop files"),
    ("/etc/rc.local", "the boot", "rc.local(8)"),
)


# ---------------------------------------------------------------------------
# Operands a program requires (issue 23, "broken"): the fewest operands a program, in a
# mode, accepts; given fewer it prints a usage error and does nothing, on every call
# (``cp FILE`` "missing destination file operand", ``tar -czf X.tgz -C DIR`` "Cowardly
# refusing to create an empty archive").  Read by the breakage pass
# (``bash/breakage.py``), which counts the operands through the one option grammar
# (``option_scan.walk``).  Each fact is from the program's manual SYNOPSIS and was run
# here (GNU coreutils 9.1, GNU tar 1.34, GNU diffutils 3.8, grep 3.8, sed 4.9, Info-ZIP
# 3.0, OpenSSH 9.2, bash 5.2 builtins; measured as nobody in a scratch directory, the
# message quoted in ``source``).


class OperandNeed(NamedTuple):
    """The fewest operands a program needs (in ``mode``)."""

    minimum: int
    # short letters / long names (space separated), one of which selects the mode this
    # fact is about (tar ``c --create``); "" = every call
    mode: str = ""
    # options (short letters / long names, space separated) with which the program takes
    # its inputs elsewhere: then it needs ``relaxed`` operands (cp -t DIR: 1; tar -T LIST: 0)
    unless: str = ""
    relaxed: int = 0
    # short letters of the program's switches, for a program that reads any other
    # dash word as an operand (chmod -w FILE: ``-w`` is the mode)
    dash_operand_unless: str | None = None
    source: str = ""


_ON = OperandNeed
OPERAND_NEEDS: dict[str, OperandNeed] = {
    "tar": _ON(
        1,
        mode="c --create",
        unless="T --files-from",
        source="tar(1) -c: 'tar -c [-f ARCHIVE] [OPTIONS] [FILE...]'; measured: 'Cowardly refusing to create an empty archive'",
    ),
    **{
        p: _ON(
            2,
            unless="t --target-directory",
            relaxed=1,
            source=f"{p}(1) GNU coreutils SYNOPSIS; measured: 'missing destination file operand'",
        )
        for p in ("cp", "mv")
    },
    "install": _ON(
        2,
        unless="t d --target-directory --directory",
        relaxed=1,
        source="install(1) SYNOPSIS; measured: 'missing destination file operand'",
    ),
    "ln": _ON(1, source="ln(1) SYNOPSIS (2nd form: ln TARGET); measured: 'missing file operand'"),
    "link": _ON(2, source="link(1): link FILE1 FILE2; measured: 'missing operand'"),
    "diff": _ON(
        2,
        unless="--from-file --to-file",
        source="diff(1): FILES are 'FILE1 FILE2' unless --from-file/--to-file; measured: 'missing operand'",
    ),
    "cmp": _ON(1, source="cmp(1): cmp FILE1 [FILE2]; measured: 'missing operand'"),
    "comm": _ON(2, source="comm(1): comm FILE1 FILE2; measured: 'missing operand'"),
    "join": _ON(2, source="join(1): join FILE1 FILE2; measured: 'missing operand'"),
    "chmod": _ON(
        2,
        unless="--reference",
        relaxed=1,
        dash_operand_unless="cfvR",
        source="chmod(1): chmod MODE FILE..., --reference=RFILE FILE...; measured: 'missing operand'",
    ),
    **{
        p: _ON(
            2,
            unless="--reference",
            relaxed=1,
            source=f"{p}(1): {p} OWNER FILE..., --reference=RFILE FILE...; measured: 'missing operand'",
        )
        for p in ("chown", "chgrp")
    },
    **{
        p: _ON(1, source=f"{p}(1) GNU coreutils SYNOPSIS; measured: 'missing operand'")
        for p in (
            "mkdir",
            "rmdir",
            "touch",
            "truncate",
            "mkfifo",
            "unlink",
            "basename",
            "dirname",
            "realpath",
            "readlink",
            "stat",
            "sleep",
        )
    },
    "rm": _ON(1, unless="f --force", source="rm(1); measured: 'missing operand' (none with -f)"),
    "tr": _ON(
        2,
        unless="d s --delete --squeeze-repeats",
        relaxed=1,
        source="tr(1): tr SET1 [SET2]; measured: 'missing operand after SET1'",
    ),
    "kill": _ON(1, unless="l L --list --table", source="bash(1) kill builtin; measured: usage error"),
    "grep": _ON(
        1,
        unless="e f --regexp --file",
        source="grep(1): PATTERNS is the first operand unless -e/-f; measured: usage error",
    ),
    "sed": _ON(
        1,
        unless="e f --expression --file",
        source="sed(1): the script is the first operand unless -e/-f; measured: usage error",
    ),
    "zip": _ON(
        2,
        unless="@ d f u F T A J U O z --freshen --update --fix --fixfix --test --adjust-sfx --junk-sfx --copy --out --archive-comment --names-stdin --delete",
        relaxed=1,
        source="zip(1): zip ZIPFILE FILES (or -@); measured: 'zip error: Nothing to do!' exit 12",
    ),
    "scp": _ON(2, source="scp(1): scp SOURCE... TARGET; measured: usage error"),
    # sub-commands (key: program, sub-command, and the literal words naming the command)
    "git mv": _ON(2, source="git-mv(1): git mv SOURCE... DESTINATION; measured: usage error"),
    "docker cp": _ON(2, source="docker-cp(1): docker cp SRC DEST; measured: \"'docker cp' requires 2 arguments\""),
    "docker tag": _ON(2, source='docker-tag(1): docker tag SOURCE TARGET; measured: "requires 2 arguments"'),
    "kubectl cp": _ON(
        2, source="kubectl cp --help: kubectl cp SRC DEST; measured: 'source and destination are required'"
    ),
    **{
        f"aws s3 {sub}": _ON(
            2,
            source=f"aws s3 {sub} help: <LocalPath> <S3Uri> or <S3Uri> <LocalPath>; measured: 'arguments are required: paths'",
        )
        for sub in ("cp", "mv", "sync")
    },
}
# the programs OPERAND_NEEDS has a fact about (directly or for a sub-command)
OPERAND_PROGRAMS = frozenset(k.split()[0] for k in OPERAND_NEEDS)


# ---------------------------------------------------------------------------
# issue 23 (session 37, long tail): environment variables a program splits into its OWN
# options, for programs whose option grammar comes from elsewhere (a man-page grammar,
# or none): name -> CodeValues of mode "options", read by option_scan beside a hand
# entry's ``Options.code_env``.  Every fact measured as nobody with the installed
# OpenJDK 17.0.15 and Maven 3.8.7 (session 37) unless said otherwise.
# ---------------------------------------------------------------------------
# JVM TI specification "Environment Variable JAVA_TOOL_OPTIONS" (read by the VM itself,
# whatever launcher started it; split on white space, quotes group): measured,
# JAVA_TOOL_OPTIONS='-Xshare:off -XX:MaxMetaspaceSize=3m -XX:OnOutOfMemoryError=./evil.sh'
# java -version runs evil.sh (the class loading of start-up exhausts the metaspace), and
# '-Xlog:all=info:file=F' writes F under java, keytool, jshell and mvn; _JAVA_OPTIONS
# (HotSpot, the same parser) likewise under java
_JVM_SRC = "JVM TI spec: JAVA_TOOL_OPTIONS (read by every JVM, split on blanks; -XX:OnOutOfMemoryError=CMD)"
_JVM_ENV = (
    _CV("JAVA_TOOL_OPTIONS", "options", _JVM_SRC),
    _CV("_JAVA_OPTIONS", "options", "HotSpot: _JAVA_OPTIONS (read by every JVM like JAVA_TOOL_OPTIONS)"),
)
# java(1) "Using the JDK_JAVA_OPTIONS Launcher Environment Variable": read by the `java`
# launcher only (measured: keytool ignores it; mvn's script execs java, which reads it)
_JDK_JAVA = _CV("JDK_JAVA_OPTIONS", "options", "java(1): JDK_JAVA_OPTIONS (prepended to the java launcher's options)")
# programs that start a JVM: the JDK tools (java(1), javac(1), jar(1), keytool(1), jshell(1)
# ... of OpenJDK 17) and launchers that exec `java` (mvn(1) script: `exec "$JAVACMD"
# $MAVEN_OPTS ...`, unquoted, so the shell splits MAVEN_OPTS too; gradle(1) start script:
# GRADLE_OPTS and JAVA_OPTS; sbt: SBT_OPTS and JAVA_OPTS (sbt manual "Command line
# reference"); ant(1): ANT_OPTS; kotlin/kotlinc, groovy, scala, lein, clojure: JAVA_OPTS)
_JVM_TOOLS = (
    "javac jar jarsigner javadoc javap jdeps jlink jpackage jshell jcmd jconsole jdb jfr "
    "jhsdb jinfo jmap jps jrunscript jstack jstat jstatd keytool serialver"
)
_JVM_LAUNCHER_OPTS = {
    "mvn": ("MAVEN_OPTS", "mvn(1) script: MAVEN_OPTS (JVM options, expanded unquoted)"),
    "mvnw": ("MAVEN_OPTS", "Maven wrapper script: MAVEN_OPTS (JVM options)"),
    "gradle": ("GRADLE_OPTS", "gradle start script: GRADLE_OPTS (JVM options)"),
    "gradlew": ("GRADLE_OPTS", "gradle wrapper script: GRADLE_OPTS (JVM options)"),
    "sbt": ("SBT_OPTS", "sbt reference: SBT_OPTS (JVM options)"),
    "ant": ("ANT_OPTS", "ant(1): ANT_OPTS (JVM options)"),
}
_JAVA_OPTS = "launcher script: JAVA_OPTS (JVM options)"
ENV_OPTIONS: dict[str, tuple] = {
    "java": (*_JVM_ENV, _JDK_JAVA),
    **{n: _JVM_ENV for n in _JVM_TOOLS.split()},
    **{
        n: (*_JVM_ENV, _JDK_JAVA, _CV(var, "options", src))
        + ((_CV("JAVA_OPTS", "options", _JAVA_OPTS),) if n in ("gradle", "gradlew", "sbt") else ())
        for n, (var, src) in _JVM_LAUNCHER_OPTS.items()
    },
    **{
        n: (*_JVM_ENV, _JDK_JAVA, _CV("JAVA_OPTS", "options", _JAVA_OPTS))
        for n in "kotlin kotlinc groovy scala lein clojure".split()
    },
}


def env_options(name: str) -> tuple:
    """The environment variables ``name`` splits into its own options (:data:`ENV_OPTIONS`),
    for a program whose entry (if any) does not list them itself; () for most programs."""
    return ENV_OPTIONS.get(name, ())


# issue 23 (session 37): destinations of the long tail, read by the traversal analysis
# (UL170: a value after a literal DIR/ that climbs out with ../)
PATH_WRITES.update(
    {
        # aws s3 cp help (AWS CLI v2): "cp <LocalPath> <S3Uri> or <S3Uri> <LocalPath> or
        # <S3Uri> <S3Uri>"; mv and sync the same shape: the last operand is the destination
        **{
            f"aws s3 {sub}": _PW(
                "downloads to" if sub != "mv" else "moves an object to",
                "last",
                values="--acl --grants --sse --sse-c --sse-kms-key-id --storage-class --content-type "
                "--cache-control --content-disposition --content-encoding --content-language --expires "
                "--metadata --metadata-directive --exclude --include --region --profile --endpoint-url "
                "--expected-size --page-size --source-region --request-payer --checksum-algorithm",
                source=f"aws s3 {sub} help: <LocalPath> <S3Uri> or <S3Uri> <LocalPath>",
            )
            for sub in ("cp", "mv", "sync")
        },
        # hugo(1) (gohugo.io/commands/hugo): -d, --destination string: filesystem path to
        # write files to
        "hugo": _PW(
            "builds the site into",
            "",
            ("-d", "--destination"),
            values="-s --source -c --contentDir -b --baseURL -e --environment --config --configDir "
            "--cacheDir -t --theme --themesDir --layoutDir --logLevel -M --renderToMemory",
            source="hugo(1): -d, --destination string (filesystem path to write files to)",
        ),
        # rsync(1): rsync [OPTION...] SRC... [DEST]: the last operand is the destination
        "rsync": _PW(
            "copies files into",
            "last",
            values="-e --rsh --rsync-path --exclude --include --exclude-from --include-from --files-from "
            "--filter -f --backup-dir --suffix --chmod --chown --timeout --bwlimit --log-file --partial-dir "
            "--temp-dir -T --compare-dest --copy-dest --link-dest --port --password-file --max-size --min-size",
            source="rsync(1): rsync [OPTION...] SRC... [DEST]",
        ),
        # gsutil cp (cloud.google.com/storage/docs/gsutil/commands/cp): gsutil cp SRC_URL DST_URL
        "gsutil cp": _PW("copies to", "last", values="-h -p -s -z -x -I", source="gsutil help cp: gsutil cp SRC DST"),
        # rclone copy/sync/move SOURCE DEST (rclone.org/commands/rclone_copy)
        **{
            f"rclone {sub}": _PW("copies into", "last", source=f"rclone {sub} SOURCE DEST (rclone.org/commands)")
            for sub in ("copy", "sync", "move", "copyto", "moveto")
        },
        # sphinx-build(1): sphinx-build [options] SOURCEDIR OUTPUTDIR [FILENAMES...]
        "sphinx-build": _PW(
            "builds the documentation into",
            "second",
            ("-d", "--doctree-dir", "-w", "--warning-file"),
            values="-b -M -t -j -c -D -A --builder --tag --jobs --conf-dir --define --html-define",
            source="sphinx-build(1): SOURCEDIR OUTPUTDIR; -d PATH, -w FILE",
        ),
        # pdftotext(1) poppler: pdftotext [options] PDF-file [text-file]
        "pdftotext": _PW(
            "writes the text to",
            "second",
            values="-f -l -r -x -y -W -H -enc -eol -opw -upw",
            source="pdftotext(1): PDF-file [text-file]",
        ),
        # tesseract(1): tesseract IMAGE OUTPUTBASE [options]: writes OUTPUTBASE.txt
        "tesseract": _PW(
            "writes the recognised text at",
            "second",
            values="-l -c --psm --oem --dpi --tessdata-dir --user-words --user-patterns --loglevel",
            source="tesseract(1): IMAGE OUTPUTBASE writes OUTPUTBASE.txt",
        ),
        # etcdctl README: SNAPSHOT SAVE <filename>
        "etcdctl snapshot save": _PW(
            "saves the snapshot to",
            "first",
            values="--endpoints --cacert --cert --key --user --password -w --write-out --dial-timeout --command-timeout",
            source="etcdctl README: snapshot save <filename>",
        ),
        # velero backup download NAME -o FILE (velero backup download --help)
        "velero backup download": _PW(
            "downloads the backup to",
            "",
            ("-o", "--output"),
            values="-n --namespace --kubeconfig --kubecontext --timeout",
            source="velero backup download --help: -o, --output FILE",
        ),
        # qemu-img(1) (qemu.org/docs/master/tools/qemu-img.html): convert ... OUTPUT_FILENAME
        # (the last operand) and create FILENAME [SIZE] (the first) write an image
        "qemu-img convert": _PW(
            "writes the image",
            "last",
            values="-f -O -o -t -T -S -m -l -B -r --object",
            source="qemu-img(1): convert [...] FILENAME... OUTPUT_FILENAME",
        ),
        "qemu-img create": _PW(
            "creates the image",
            "first",
            values="-f -o -b -F --object",
            source="qemu-img(1): create [-f FMT] [-o OPTIONS] [-b BACKING] FILENAME [SIZE]",
        ),
        # patch(1) GNU patch 2.7: patch [options] [originalfile [patchfile]]: the original
        # file is rewritten (and ORIGINAL.orig / .rej written beside it); -o FILE writes there
        "patch": _PW(
            "rewrites",
            "first",
            ("-o", "--output", "-r", "--reject-file"),
            values="-B --prefix -D --ifdef -F --fuzz -V --version-control -Y --basename-prefix -d --directory "
            "-i --input -p --strip -z --suffix -g --get -x --debug",
            source="patch(1) GNU patch 2.7.6: [originalfile [patchfile]], -o outfile, -r rejectfile",
        ),
    }
)
# Options whose value names an ENVIRONMENT VARIABLE the program reads (program -> (options,
# value prefix)); the process environment the runtime builds holds only the inherited and
# `env_vars` names (template/process_env.py).  Written `-opt VALUE` or `-opt=VALUE`.
ENV_NAMED_VALUES: dict[str, tuple[frozenset, str]] = {
    # openssl-passphrase-options(1): "env:var Obtain the password from the environment
    # variable var"; -pass (enc, pkcs12, ...), -passin, -passout; measured: `No environment
    # variable NAME` / `Error getting password`, exit 1
    "openssl": (frozenset({"-pass", "-passin", "-passout"}), "env:"),
}


class Follows(NamedTuple):
    """A program that, given one of its follow options, never exits on its own (it waits for
    new data until killed): ``follow_short`` letters, ``follow_long`` names (a
    ``--name=…`` form counts); ``value_short``/``value_long``: options taking the next word
    as their value (so a cluster ``-nf`` is read right); ``exits_long``: options that make
    it end after all (tail ``--pid``)."""

    follow_short: str
    follow_long: frozenset
    value_short: str
    value_long: frozenset
    exits_long: frozenset
    source: str


# Programs that never exit when following (template/never_exits.py; utcp-cli kills the
# script after call_tool's 120 s timeout and raises TimeoutError, on every call).
NEVER_EXITS: dict[str, Follows] = {
    "tail": Follows(
        "fF",
        frozenset({"follow"}),
        "ncs",
        frozenset({"lines", "bytes", "sleep-interval", "max-unchanged-stats", "pid"}),
        frozenset({"pid"}),
        "tail(1): -f, --follow 'output appended data as the file grows'; -F = --follow=name "
        "--retry; --pid=PID 'terminate after process ID, PID dies'; measured: no exit",
    ),
    "journalctl": Follows(
        "f",
        frozenset({"follow"}),
        "unpDSUotgMFIm",
        frozenset(
            {"unit", "user-unit", "lines", "priority", "directory", "since", "until", "output", "identifier"}
            | {"grep", "machine", "field", "file", "cursor", "after-cursor", "facility", "namespace", "root"}
        ),
        frozenset(),
        "journalctl(1): -f, --follow 'continuously print new entries as they are appended to the "
        "journal'; measured: no exit (timeout 3 journalctl -f -n 1 exits 124)",
    ),
}
