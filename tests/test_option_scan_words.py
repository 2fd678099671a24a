"""The option scan builds only the argv words it reads (issue 15): ``SimpleCommand.word``
gives the same Word as ``words`` (one object per argv word), whichever is asked first."""

from utcp_lint.template.bash import analyze_commands
from utcp_lint.template.option_scan import option_hits

P = "UTCP_ARG_v_UTCP_END"


def test_word_before_words_is_the_same_object_and_the_same_facts():
    a = analyze_commands([f'rm -f of="$X" {P} "$Y" tail'])
    (cmd,) = a.commands
    w3 = cmd.word(3)
    assert cmd.word(-3) is cmd.word(3) and cmd.prefix(2) == "of=" and cmd.word_count == 6
    assert "words" not in cmd.__dict__  # only the words asked for were built
    words = cmd.words
    assert words[3] is w3 and cmd.word(4) is words[4]
    fresh = analyze_commands([f'rm -f of="$X" {P} "$Y" tail']).commands[0].words
    for x, y in zip(words, fresh):
        assert (x.index, x.start, x.end, x.text, x.value, x.prefix, x.node_type, x.placeholder_ids) == (
            y.index,
            y.start,
            y.end,
            y.text,
            y.value,
            y.prefix,
            y.node_type,
            y.placeholder_ids,
        )


def test_option_hits_words_are_the_commands_words():
    a = analyze_commands([f"git clone {P} dir; cp x {P}"])
    hits = option_hits(a)
    assert [h.program for h in hits] == ["git", "cp"]
    for h in hits:
        assert h.word is h.command.words[h.word.index]
        assert h.insert_word is None or h.insert_word is h.command.words[h.insert_word.index]
    assert hits[1].insert_word is not None and hits[1].marker == "--"
