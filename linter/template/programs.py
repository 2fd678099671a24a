"""ONE description per shell and interpreter (issue 11 item 3, issue 13 item 4).

The sink analysis (``bash_commands``: which word is program text), the option
analysis (``option_table``/``option_scan``: which words the program's option
parser reads, which options run code) and the MCP server rule (UL054: a shell
started with its code flag) all read the entries below.  Adding an interpreter
is one :class:`Program` entry: its names, the short/long options whose value is
program text, the other options that take a value, where option parsing stops,
and the example of an option that runs code.

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

Wrappers (``env``, ``sudo``, ``timeout``, ``xargs``, ``find -exec`` …) and the
special handlers (``eval``, ``source``, ``trap``, ``ssh`` …) stay functions in
``bash_commands`` because each has its own argv grammar.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Program:
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

    @property
    def names(self) -> tuple:
        return (self.name,) + self.aliases


_L = frozenset

PROGRAMS: tuple = (
    Program("bash", "shell", ("sh", "dash", "zsh", "ksh", "mksh", "ash", "rbash", "yash", "posh",
                              "ksh93", "pdksh", "lksh", "oksh", "fish", "busybox-sh"),
            code_short="c", value_short="oO", value_long="init-file rcfile",
            option_example="-cCODE runs CODE"),
    Program("python3", "interpreter", ("python", "python2", "pypy", "pypy3"),
            code_short="c", value_short="mWXQ", value_long="check-hash-based-pycs",
            terminating="cm", option_example="-cCODE runs CODE"),
    Program("node", "interpreter", ("nodejs", "bun"), code_short="ep", code_long=_L({"--eval", "--print"}),
            value_short="rC", value_long="require import input-type loader experimental-loader "
            "conditions title env-file", option_example="--eval=CODE, --require=FILE or --import=URL runs code"),
    Program("perl", "interpreter", code_short="eE", attached_short="iIMmxFCdD",
            digit_short="l0", option_example="-eCODE or -MMODULE runs code"),
    Program("ruby", "interpreter", code_short="e", value_short="IrCEF", attached_short="ixTWK",
            digit_short="l0", option_example="-eCODE or -rLIBRARY runs code"),
    Program("php", "interpreter", code_short="rBRE", value_short="cdfzt",
            option_example="-rCODE runs CODE"),
    Program("lua", "interpreter", code_short="e", value_short="l", option_example="-eCODE runs CODE"),
    Program("luajit", "interpreter", code_short="e", value_short="lbj", option_example="-eCODE runs CODE"),
    Program("Rscript", "interpreter", ("R",), code_short="e", option_example="-eCODE runs CODE"),
    Program("osascript", "interpreter", code_short="e", value_short="l", option_example="-eCODE runs CODE"),
    Program("tclsh", "interpreter"),
    Program("awk", "awk", ("gawk", "mawk", "nawk", "original-awk", "bawk"), value_short="fvFE",
            value_long="file assign field-separator exec include load source",
            option_example="--source=PROG, -fFILE or -EFILE runs awk code (system())"),
)

BY_NAME: dict = {n: p for p in PROGRAMS for n in p.names}


def family_names(family: str) -> frozenset:
    return frozenset(n for p in PROGRAMS if p.family == family for n in p.names)


SHELL_NAMES = family_names("shell")
AWK_NAMES = family_names("awk")
# shells of other platforms an MCP server may start (UL054): same meaning of "code flag"
FOREIGN_SHELLS = frozenset({"cmd", "cmd.exe", "powershell", "powershell.exe", "pwsh", "pwsh.exe"})
SHELL_CODE_FLAGS = frozenset({"-c", "/c", "/C", "-command", "-Command", "-C", "-lc", "-ic"})


def lookup(name: str):
    return BY_NAME.get(name)


__all__ = ["Program", "PROGRAMS", "BY_NAME", "SHELL_NAMES", "AWK_NAMES", "FOREIGN_SHELLS",
           "SHELL_CODE_FLAGS", "family_names", "lookup"]
