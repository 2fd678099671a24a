"""The one option grammar (``option_scan.walk`` over the program table), program by program.

Like shellcheck's getOpts tests: each case is a literal argv and the expected class of every
word after the program name: ``o`` option, ``v`` an option's argument, ``p`` operand, ``e``
the end-of-options word, ``a`` after option parsing ended, ``k`` old-style keys (``tar czf``),
``s`` sub-command.  The grammar is getopt's: GNU permutation unless the program stops at an
operand, ``--``, clustered short options with attached or separate arguments, long options
with ``=`` or a separate value, optional arguments only attached, old-style first-word
keys, one-dash long options."""

from __future__ import annotations

import shlex

import pytest

from utcp_lint.template import option_scan as osc
from utcp_lint.template.option_table import lookup

CODE = {
    osc.OPTION: "o",
    osc.VALUE: "v",
    osc.OPERAND: "p",
    osc.END: "e",
    osc.AFTER: "a",
    osc.KEYS: "k",
    osc.SUBCOMMAND: "s",
}

CASES = [
    # tar: old-style keys, clusters, permutation, -- (tar(1) "Option styles")
    ("tar czf out.tgz src", "k v p"),
    ("tar -czf out.tgz src", "o v p"),
    ("tar -xvzf a.tgz -C /tmp", "o v o v"),
    ("tar cf a.tar --exclude *.o src", "k v o v p"),
    ("tar -cf a.tar src --to-command cat", "o v p o v"),
    ("tar -cf a.tar -- -weird", "o v e a"),
    ("tar --file=a.tar -c src", "o o p"),
    ("tar cIf gzip out.tar src", "k v v p"),
    ("tar -cf a.tar --checkpoint=1 --checkpoint-action=exec=true src", "o v o o p"),
    ("tar xf a.tar -I zstd member", "k v o v p"),
    # ar / ps: old-style first words
    ("ar rcs libx.a a.o b.o", "k p p p"),
    ("ar rb pos.o libx.a new.o", "k v p p"),
    ("ar -rcs libx.a a.o", "o p p"),
    ("ps aux", "k"),
    ("ps axo pid,comm", "k v"),
    ("ps -o pid -p 1", "o v o v"),
    # GNU coreutils / grep / sed / sort: permutation, attached values
    ("ls -l --sort time dir", "o o v p"),
    ("ls --sort=time -- -x", "o e a"),
    ("grep -e pat -rn . -A 3", "o v o p o v"),
    ("grep -epat file", "o p"),
    ("grep -- -v file", "e a a"),
    ("grep -rn pat . --include *.py", "o p p o v"),
    ("sed -i.bak -e s/a/b/ f", "o o v p"),
    ("sed -n 1p f", "o p p"),
    ("sort -k2 -t, f", "o o p"),
    ("sort -o out -- -f", "o v e a"),
    ("rm -rf -- dir", "o e a"),
    ("cp -t dst a b", "o v p p"),
    ("cp a b -t dst", "p p o v"),
    ("head -n 5 file", "o v p"),
    ("cut -d, -f1 file", "o o p"),
    # curl / wget
    ("curl -sSo out https://x", "o v p"),
    ("curl -H a:b --data=x url", "o v o p"),
    ("curl url -o out", "p o v"),
    ("wget -qO- url", "o p"),
    ("wget -O out url", "o v p"),
    # ssh: options until the host and after it, until the command (ssh(1))
    ("ssh -p 22 host -l user uptime -x", "o v p o v p a"),
    ("ssh -oBatchMode=yes host ls -la", "o p p a"),
    ("scp -P 2222 a host:b", "o v p p"),
    # wrappers / POSIX style: stop at the first operand
    ("env -u HOME cmd -x", "o v p a"),
    ("xargs -I {} -n1 cp {} dst", "o v o p a a"),
    # find: starting points, then an expression
    ("find . -name *.py -exec rm {} ;", "p o v o v v v"),
    # ip(8): options only before the OBJECT word; after it, keywords and their values
    ("ip -brief addr show dev -batch", "o p a a a"),
    ("ip -n ns1 -batch cmds.txt", "o v o v"),
    ("ip route get -s", "p a a"),
    ("tc qdisc show dev -force", "p a a a"),
    ("find -L dir -maxdepth 2 -type f", "o p o v o v"),
    # git: global options, sub-command, --end-of-options
    ("git -C repo -c x=y clone --depth 1 url dir", "o v o v s o v p p"),
    ("git log --end-of-options -x", "s e a"),
    ("git log -n 3 -- path", "s o v e a"),
    ("git grep -e pat -- src", "s o v e a"),
    # interpreters: the script or -c ends the interpreter's options
    ("python3 -c code arg -x", "o v a a"),
    ("python3 -m http.server 8000", "o v a"),
    ("python3 script.py -v", "p a"),
    ("python3 -u -W ignore s.py", "o o v p"),
    ("node -e code -p x", "o v o v"),
    ("perl -ne print file", "o v p"),
    # perl digit switches end at their digits, the cluster goes on (perlrun(1) -l[octnum], -0[hex])
    ("perl -lne print file", "o v p"),
    ("perl -wle code arg", "o v p"),
    ("perl -0777 -ne code f", "o o v p"),
    ("perl -l0e code f", "o v p"),
    ("perl -0x1ff -e code f", "o o v p"),
    ("bash -c echo name arg", "o p a a"),
    ("awk -F, -v x=1 prog file", "o o v p a"),
    # jq: two-value options, no --
    ("jq --arg n v .x file", "o v v p p"),
    ("jq -r .x", "o p"),
    # sqlite3: one-dash long options (sqlite3 --help)
    ("sqlite3 -cmd .mode db.sqlite q", "o v p p"),
    ("sqlite3 -json db q", "o p p"),
    ("sqlite3 --cmd x db", "o v p"),
    ("sqlite3 -cmd=x db", "o p"),
    # docker: sub-command, options until the image
    ("docker run --rm -e A=1 img ls -la", "s o o v p a a"),
    ("docker -H tcp://h ps -a", "o v s o"),
    # helm (helm install --help; pflag: options anywhere until --)
    ("helm upgrade --install rel ./chart", "s o p p"),
    ("helm install -n ns --set a=b rel ./chart -f v.yaml", "s o v o v p p o v"),
    ("helm -n ns status rel", "o v s p"),
    # GNU date (date --help): -d/-f/-r/-s take a value, -I only attached
    ("date -u +%s", "o p"),
    ("date -d now -u +%F", "o v o p"),
    ("date -Iseconds -r file", "o o v"),
    # psql
    ("psql -d app -c q", "o v o v"),
    ("psql -At -f q.sql", "o o v"),
]


@pytest.mark.parametrize("line,expected", CASES, ids=[c[0] for c in CASES])
def test_word_classes(line, expected):
    words = shlex.split(line)
    spec = lookup(words[0])
    assert spec is not None, words[0]
    wk = osc.walk(spec, words, 1)
    got = " ".join(CODE[wk.roles[i]] for i in range(1, len(words)))
    assert got == expected


@pytest.mark.parametrize(
    "line,args",
    [
        ("tar czf out.tgz src", {2: ("-f", None)}),
        ("tar cIf gzip out.tar src", {2: ("-I", None), 3: ("-f", None)}),
        ("tar --to-command=cat -xf a.tar", {1: ("--to-command", 13), 3: ("-f", None)}),
        ("ssh -oProxyCommand=x host", {1: ("-o", 2)}),
        # sqlite3 has no -opt=VALUE form: 3.40.1 rejects `-cmd=x` as an unknown option (s38engR2, measured)
        ("sqlite3 -cmd=x db", {}),
        ("git -c core.pager=x log", {2: ("-c", None)}),
    ],
)
def test_option_arguments(line, args):
    """Which option each argument belongs to, and where an attached one starts."""
    words = shlex.split(line)
    wk = osc.walk(lookup(words[0]), words, 1)
    assert wk.args == args


def test_dynamic_word_with_an_option_prefix_is_an_option():
    """``--to-command=$V``: the static text says it is an option with an attached argument."""
    vals = ["tar", "-xf", "a.tar", None, None]
    prefixes = ["", "", "", "--to-command=", ""]
    wk = osc.walk(lookup("tar"), vals, 1, prefixes)
    assert wk.roles[3] == osc.OPTION and wk.args[3] == ("--to-command", 13)
    assert wk.roles[4] == osc.DYNAMIC  # a whole dynamic word: may be an option (UL150)


def test_unknown_program_guesses_gnu():
    wk = osc.walk(None, ["mytool", "-x", None, "--", None], 1)
    assert [wk.roles[i] for i in range(1, 5)] == [osc.OPTION, osc.VALUE_GUESS, osc.END, osc.AFTER]


@pytest.mark.parametrize(
    "argv,hits",
    [
        ("tar czf -utcpopt0x src", []),  # the argument of f: a file name, not an option
        ("tar czf out.tgz -utcpopt0x", [3]),
        ("tar -czf out.tgz -- -utcpopt0x", []),
        ("git log --end-of-options -utcpopt0x", []),
        ("git log -utcpopt0x", [2]),
        ("python3 -c code -utcpopt0x", []),
        ("timeout 5 ls -utcpopt0x", []),  # timeout's options end at its command
        ("timeout -utcpopt0x 5 ls", [1]),
        ("grep -e -utcpopt0x file", []),
        ("mytool --name -utcpopt0x", []),  # unknown program: probably --name's value
        ("mytool -utcpopt0x", [1]),
    ],
)
def test_verify_proves_an_option_only_where_the_grammar_reads_one(argv, hits):
    """``verify``'s proof of option injection reads the observed argv with the same grammar."""
    from utcp_lint.executor.sandbox import Call
    from utcp_lint.executor.verify import option_hits

    words = argv.split()
    assert option_hits(Call(words[0], words, "shim"), "-utcpopt0x") == hits
