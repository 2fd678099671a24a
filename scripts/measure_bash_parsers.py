"""Measurement behind choosing tree-sitter-bash over bashlex (docs/design.md).

Needs bashlex, which is NOT a dependency:  pip install bashlex && python scripts/measure_bash_parsers.py
"""

import time

import bashlex
import tree_sitter_bash
from tree_sitter import Language, Parser

cases = {
    "arith $(( ))": 'echo $(( "$V" * 2 ))',
    "arith (( ))": '(( x = "$V" + 1 ))',
    "[[ -eq ]]": '[[ "$V" -eq 3 ]] && echo ok',
    "mixed-quote word": """echo 'a'"b"$'c\\n'"$V"'d'""",
    "array subscript": "a[${V}]=1",
    "substring": "echo ${x:${V}:2}",
    "heredoc": "cat <<EOF\nhello ${V}\nEOF\n",
    "nested $( ) in dq": 'echo "$(printf "%s" "${V}")"',
    "ansi-c": "echo $'it\\'s' \"$V\"",
    "pipeline+redir": 'grep -e "$V" -- f | sort > "$V.out" 2>&1',
    "wrapper line": 'CMD_0_OUTPUT=$(git log --author "$V" 2>&1)',
    "case": 'case "$V" in a) echo a;; esac',
}
p = Parser(Language(tree_sitter_bash.language()))
ok_b = ok_t = 0
for name, src in cases.items():
    try:
        bashlex.parse(src)
        b = "ok"
        ok_b += 1
    except Exception as e:
        b = "FAIL " + type(e).__name__
    t = p.parse(src.encode())
    tt = "ERROR" if t.root_node.has_error else "ok"
    ok_t += tt == "ok"
    print(f"{name:20} bashlex={b:28} tree-sitter={tt}")
print(f"bashlex {ok_b}/{len(cases)}  tree-sitter {ok_t}/{len(cases)}")
src = "\n".join(cases.values()) * 50
t0 = time.perf_counter()
[p.parse(src.encode()) for _ in range(20)]
ts = (time.perf_counter() - t0) / 20
print(f"tree-sitter parse of {len(src)} chars: {ts * 1000:.2f} ms")
