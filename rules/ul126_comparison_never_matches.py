r"""A test compares a typed input with a literal the client never produces for that type.

## What it does
Reports a comparison of a placeholder's value with fixed text (`[ V = true ]`,
`[[ V == false ]]`, `[ V != true ]`, `case V in true) …`, `[ V -eq 1 ]`, also through a
variable assigned the value once) when the input's schema type makes every value the
client can pass miss the literal.

The client turns each argument into text with Python's `str()` (utcp-cli 1.1.5,
`env[v] = str(tool_args[name])`): a JSON `true` arrives as `True`, `false` as `False`,
`null` as `None` (measured through the real `UtcpClient.call_tool`:
`printf '[%s]' VALUE` prints `[True]` for `true`).  So for a `boolean` input:

* `[ V = true ]`, `[[ V == false ]]`, `case V in true|yes)` never match: the branch never
  runs (with `!=`, it always runs);
* `[ V -eq 1 ]` fails with "integer expression expected" on every call, and
  `[[ V -eq 1 ]]` / `(( ))` read `True` and `False` as unset variable names (both 0), so
  the test cannot tell the two values apart.

## Why is this dangerous
The branch the flag selects never runs (or always runs): a dry run applies, a force push
never forces, a "quiet" switch is ignored -- silently, since the script exits 0.  Severity:
**error** -- the tool cannot do what the flag asks for any input.  Not reported
under `shopt -s nocasematch` (then `[[ == ]]` and `case` ignore case), and not for a
comparison with the empty string (a defensive check).

## Example
```json
{"command": "if [ UTCP_ARG_dry_run_UTCP_END = true ]; then echo plan; else kubectl apply -f app.yaml; fi"}
```
applies the manifest when the caller asked for a dry run.

## Fix
Compare with the text the client sends (`[ UTCP_ARG_dry_run_UTCP_END = True ]`), or accept
both spellings (`case UTCP_ARG_dry_run_UTCP_END in [Tt]rue|1) …`), or declare the input as
a string enum (`"enum": ["true", "false"]`).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.bash.comparisons import matches

from ._bash import bash_analysis

RULE = Rule(
    id="UL126",
    name="bash-comparison-never-matches",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)

# the text str() gives the JSON values of a schema type (Python's str of the decoded value)
_PRODUCED = {"boolean": ("True", "False"), "null": ("None",)}


def _produced(schema: dict | None) -> tuple | None:
    """The texts every value of the schema arrives as, or None when they are not few and known."""
    if not isinstance(schema, dict) or "enum" in schema or "const" in schema:
        return None
    t = schema.get("type")
    types = [t] if isinstance(t, str) else t if isinstance(t, list) else None
    if not types or not all(x in _PRODUCED for x in types) or "boolean" not in types:
        return None
    return tuple(v for x in types for v in _PRODUCED[x])


def _never(c, values: tuple) -> bool | None:
    """Whether no value of ``values`` satisfies the patterns of ``c`` (None: unreadable)."""
    if any(op in ("''", '""', "*") for op in c.operands):
        return False  # a defensive emptiness check, a catch-all
    hits = [matches(c.kind, op, v) for op in c.operands for v in values]
    if any(h is None for h in hits):
        return None
    return not any(hits)


def _lits(comps: list) -> str:
    ops = [op for c in comps for op in c.operands]
    return " or ".join(f"'{op.strip(chr(39) + chr(34))}'" for op in ops)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = bash_analysis(tpl)
    if a is None or "nocasematch" in a.script:
        return
    groups: dict = {}
    for c in a.comparisons():
        groups.setdefault((id(c.ref), c.owner), []).append(c)
    for comps in groups.values():
        c = comps[0]
        ref = c.ref
        schema = tpl.input_schema(ref.name)
        values = _produced(schema)
        if values is None or schema is None:
            continue
        if c.kind == "integer":
            why = f"compares it as an integer ({c.what}), which none of them is: the test fails or reads both the same"
        elif c.what == "case":
            # a case tells the values apart when some item matches one: then it works
            verdicts = [_never(x, values) for x in comps]
            if (
                None in verdicts
                or not any(verdicts)
                or not all(v or "*" in x.operands for v, x in zip(verdicts, comps))
            ):
                continue
            dead = [x for v, x in zip(verdicts, comps) if v]
            why = f"matches it against {_lits(dead)} (case), which none of them is: that branch never runs"
        else:
            if not _never(c, values):
                continue
            runs = "always holds" if c.negated else "never holds"
            why = f"compares it with {_lits(comps)} ({c.what}), which none of them is: the test {runs}"
        yield RULE.at_template(
            tpl,
            ref.step,
            ref.template_start,
            ref.template_end,
            f"'{ref.name}' is a {schema.get('type')} input, which the client passes as the text "
            f"{'/'.join(values)} (Python str() of the JSON value), and the script {why}, for every input",
        )
