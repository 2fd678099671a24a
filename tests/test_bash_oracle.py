"""The engine's quoting verdicts against real bash (the oracle).

Each template holds one placeholder ``x`` in some context and prints what bash
made of it.  The script is rendered by the executor and run under /bin/bash with
the value ``QQ  *`` in a directory holding one file ``F1``:

* ``QQ  *`` in the output   -> expanded as ONE word (quoted),
* ``QQ`` without ``QQ  *``  -> expanded and split (and globbed),
* ``__UTCP_ARG_``         -> never substituted (literal reference),
* none of these           -> dropped (comment).

The engine must predict the same class from the parse alone.
"""

from __future__ import annotations

import os
import subprocess

import pytest

from utcp_lint.executor.render import compose_env, render
from utcp_lint.template.bash import COMMENT, EXPANDING, LITERAL, analyze_commands

X = "UTCP_ARG_x_UTCP_END"
VALUE = "QQ  *"

CONTEXTS = [
    f"printf '<%s>' {X}",
    f"printf '<%s>' \"{X}\"",
    f"printf '<%s>' '{X}'",
    f"printf '<%s>' \"a {X} b\"",
    f"printf '<%s>' 'a {X} b'",
    f"printf '<%s>' pre-{X}-post",
    f"printf '<%s>' \"$(printf '%s' {X})\"",
    f"printf '<%s>' \"$(printf '%s' \"{X}\")\"",
    f"printf '<%s>' \"`printf '%s' \"{X}\"`\"",
    f"printf '<%s>' $(printf '[%s]' {X})",
    f"printf '<%s>' $'a\\'b' \"{X}\"",
    f"printf '<%s>' $'a {X} b'",
    f"# it's\nprintf '<%s>' {X}",
    f"# say \"hi\nprintf '<%s>' {X}",
    f"printf '<%s>' {X} # comment\n",
    f"# {X}\nprintf '<%s>' none",
    f"cat <<EOF\n<{X}>\nEOF\n",
    f"cat <<'EOF'\n<{X}>\nEOF\n",
    f"cat <<\\EOF\n<{X}>\nEOF\n",
    f"cat <<-EOF\n\t<{X}>\n\tEOF\n",
    f'cat <<EOF\na "\\{X}" b\nEOF\n',
    f"printf '<%s>' \"${{HOME:+{X}}}\"",
    f"printf '<%s>' ${{HOME:+{X}}}",
    f"printf '<%s>' \"\\{X}\"",
    f"v={X}; printf '<%s>' \"$v\"",
    f"printf '<%s>' \"it's {X}\"",
    f"printf '<%s>' 'it'\\''s {X}'",
    f"printf '<%s>' \"a\"'b'{X}",
    f"for i in {X}; do printf '<%s>' \"$i\"; done",
    f"arr=({X}); printf '<%s>' \"${{arr[@]}}\"",
    f"f() {{ printf '<%s>' \"$@\"; }}; f {X}",
    f'printf \'<%s>\' "$(echo "a $(printf \'%s\' "{X}") b")"',
    f"echo \"$(printf '<%s>' '{X}')\"",
    f'echo "$(printf \'<%s>\' "{X}")"',
    f"x=1; echo \"$(printf '<%s>' {X})\"",
    f"printf '<%s>' \"$( (printf '%s' {X}) )\"",
    f"if true; then printf '<%s>' {X}; fi",
    f"printf '<%s>' {X} | cat",
    f"{{ printf '<%s>' {X}; }}",
    f"printf '<%s>' \"${{undefined:-{X}}}\"",
    f"printf '<%s>' ${{undefined:-{X}}}",
    f'printf \'<%s>\' "${{undefined:-"{X}"}}"',
    f"printf '<%s>' \"#{X}\"",
    f"printf '<%s>' a#{X}",
    f"printf '<%s>' \"$(# it's\nprintf '%s' {X})\"",
    f"printf '<%s>' \"$(printf '%s' '{X}')\"",
    f"printf '%s' \"<$(cat <<EOF\n{X}\nEOF\n)>\"",
]


def observe(cmd: str, tmp_path) -> str:
    r = render([cmd], {"x": VALUE})
    (tmp_path / "F1").write_text("")
    env = {**compose_env(None, None, os.environ), **r.env}
    p = subprocess.run(
        ["/bin/bash", "-c", r.script],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=20,
    )
    out = p.stdout
    if VALUE in out:
        return "one-word"
    if "__UTCP_ARG_" in out:
        return "literal"
    if "QQ" in out:
        return "split"
    return "dropped"


def predict(cmd: str) -> str:
    a = analyze_commands([cmd])
    (ref,) = a.placeholders
    if ref.quoting in LITERAL:
        return "literal"
    if ref.quoting == COMMENT:
        return "dropped"
    assert ref.quoting in EXPANDING, ref.quoting
    return "split" if (ref.splits or ref.outer_split) else "one-word"


@pytest.mark.parametrize("cmd", CONTEXTS)
def test_engine_agrees_with_bash(cmd, tmp_path):
    assert predict(cmd) == observe(cmd, tmp_path)


def test_oracle_covers_every_class(tmp_path):
    """The context list really exercises each outcome (the test cannot pass vacuously)."""
    seen = {observe(c, tmp_path) for c in CONTEXTS}
    assert seen == {"one-word", "split", "literal", "dropped"}
