"""``option_table.option_writes``: whether an option's argument names a file the program
writes (``programs.Options.writes``, issue 23), the fact UL170 reads for output-file options."""

from __future__ import annotations

import pytest

from utcp_lint.template import programs
from utcp_lint.template.option_table import lookup, option_writes


@pytest.mark.parametrize(
    "prog,option,expected",
    [
        ("curl", "-o", True),
        ("curl", "--output", True),
        ("curl", "--output=out.html", True),
        ("curl", "-oout.html", True),
        ("curl", "-c", True),
        ("curl", "-H", False),  # a header value: no file
        ("curl", "--header", False),
        ("curl", "--data", False),
        ("curl", "out.html", False),  # an operand, not an option
        ("wget", "-O", True),
        ("wget", "--output-document=x", True),
        ("wget", "--save-cookies", True),
        ("wget", "-i", False),  # input file: read, not written
        ("sort", "-o", True),
        ("sort", "-k", False),
        ("csplit", "-f", True),  # the prefix of the pieces written
        ("csplit", "--prefix=out/part", True),
        ("csplit", "-n", False),
    ],
)
def test_option_writes_table(prog, option, expected):
    assert option_writes(lookup(prog), option) is expected


def test_subcommand_writes():
    archive = lookup("git").subcommands["archive"]
    assert option_writes(archive, "-o") and option_writes(archive, "--output=r.tar")
    assert not option_writes(archive, "--prefix=r/")


def test_unknown_program_writes_nothing():
    assert option_writes(None, "-o") is False
    assert option_writes(lookup("echo"), "-n") is False


def test_registered_entry_writes():
    name = "utcp-lint-test-writer"
    p = programs.Program(name, "options", options=programs.Options("of", "output format", writes="-o --output"))
    programs.register(p)
    try:
        spec = lookup(name)
        assert spec is not None and spec.writes == frozenset({"-o", "--output"})
        assert option_writes(spec, "-o") and option_writes(spec, "--output=a")
        assert option_writes(spec, "-oFILE")
        assert not option_writes(spec, "-f") and not option_writes(spec, "--format")
    finally:
        for n in p.names:
            programs.BY_NAME.pop(n, None)
        programs.changed()
