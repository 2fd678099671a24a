"""Write linter/data/*.schema.json (but schema_output, the schema command's own): the JSON Schemas of a UTCP manual, a client
configuration and the [tool.utcp-lint] settings (linter/models/jsonschema.py).

    python scripts/gen_json_schemas.py          # write them
    python scripts/gen_json_schemas.py --check  # exit 1 if one is stale

``utcp-lint json-schema KIND`` prints the shipped copy.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "linter" / "data"


def main() -> int:
    from utcp_lint.models.jsonschema import FILES, SCHEMAS

    stale = []
    for kind, make in SCHEMAS.items():
        text = json.dumps(make(), indent=2, ensure_ascii=False) + "\n"
        path = OUT / FILES[kind]
        if "--check" in sys.argv[1:]:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path.relative_to(ROOT)))
        else:
            OUT.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if stale:
        print(f"stale: {', '.join(stale)}: run python scripts/gen_json_schemas.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
