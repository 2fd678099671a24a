"""The bash analysis's shortcuts (issue 15) give what the general code gives.

* the argv semantics of a command come from a bounded per-process cache of a pure
  function: equal to a fresh :func:`bash_commands.semantics` of the same words;
* word texts of an ASCII script are slices of the script, of other scripts decoded
  from the parsed bytes: the same values either way;
* a one-part command name's value is its part's value.
"""

from __future__ import annotations

from test_bash_corpus import CORPUS

from utcp_lint.template import bash_commands as bc
from utcp_lint.template.bash import analyze_commands
from utcp_lint.template.bash.commands import _argv_semantics


def test_argv_semantics_cache_is_bounded() -> None:
    assert _argv_semantics.cache_info().maxsize == 4096


def test_cached_semantics_equal_fresh_ones_on_the_corpus() -> None:
    checked = 0
    for command in CORPUS:
        a = analyze_commands([command])
        for cmd in a.commands:
            if cmd.kind == "test":
                continue
            fresh = bc.semantics(bc.Argv([v for v, _p in cmd._statics], [p for _v, p in cmd._statics]))
            assert cmd.semantics == fresh, command
            assert cmd.name == (fresh.name if cmd.kind == "command" else cmd.name)
            checked += 1
    assert checked > 100


def test_word_values_are_the_same_in_an_ascii_and_a_non_ascii_script() -> None:
    ascii_ = analyze_commands(['cp -- "a b" c\\ d UTCP_ARG_x_UTCP_END /tmp/out'])
    other = analyze_commands(['cp -- "a b" c\\ d UTCP_ARG_x_UTCP_END /tmp/\u00e9t\u00e9'])
    assert ascii_._ascii and not other._ascii
    va = [w.value for w in ascii_.commands[0].words]
    vo = [w.value for w in other.commands[0].words]
    assert va[:-1] == vo[:-1] == ["cp", "--", "a b", "c d", None]
    assert (va[-1], vo[-1]) == ("/tmp/out", "/tmp/\u00e9t\u00e9")
    assert [w.text for w in other.commands[0].words][-1] == "/tmp/\u00e9t\u00e9"


def test_command_name_values() -> None:
    a = analyze_commands(['"/usr/bin/env" python3 -c UTCP_ARG_code_UTCP_END', "e'ch'o hi", "$UTCP_ARG_x_UTCP_END y"])
    names = [(c.values[0], c.name) for c in a.commands]
    assert names[0] == ("/usr/bin/env", "python3")
    assert names[1] == ("echo", "echo")
    assert names[2][0] is None and names[2][1] is None
