"""Issue 25: a package that star-imports its own modules (deployfish's ``core/models``:
``from .abstract import *`` ... for 15 modules) made the project pass read every key that
names one of those modules through the package (``pkg.models.ecs.Service.new.run``) as a
name each star import might have brought, under every module again at each depth:
``pkg.models.abstract.ecs...``, ``pkg.models.appscaling.abstract.ecs...``.  On deployfish
1.18.1: 271,281 lookups, 6.0 of the run's 6.2 CPU-s.  ``pkg.models.ecs`` is the package's
submodule (importing it binds the name in the package), so the star imports are not read
for it.  Guarded by counting the lookups (not by timing); the flows through the star
re-export are still found."""

import json
import os
import subprocess
import sys

from test_pyscan_reexport_clique import DRIVER

N = 12


def _tree(root):
    pkg = root / "fleet" / "models"
    pkg.mkdir(parents=True)
    (root / "fleet" / "__init__.py").write_text("")
    names = [f"m{i}" for i in range(N)]
    (pkg / "__init__.py").write_text("".join(f"from .{m} import *\n" for m in names))
    for i, m in enumerate(names[1:], 1):
        (pkg / f"{m}.py").write_text(f"class Thing{i}:\n    def run(self, v):\n        return v\n")
    (pkg / "m0.py").write_text(
        "import subprocess\n\n\nclass Service:\n    @classmethod\n    def new(cls, name):\n        return cls()\n\n"
        "    def run(self, cmd):\n        return subprocess.run(cmd, shell=True)\n\n\n"
        "def go(cmd):\n    return subprocess.run(cmd, shell=True)\n"
    )
    (root / "app.py").write_text(
        "import sys\n\nimport fleet.models\nimport fleet.models.m0\n\n\n"
        "def main():\n    fleet.models.go(sys.argv[1])\n\n\n"
        "def other():\n    fleet.models.m0.Service.new('x').run(sys.argv[2])\n"
    )
    return root


def test_star_imported_submodules_are_not_read_as_star_names(tmp_path):
    root = _tree(tmp_path)
    env = dict(os.environ, PYTHONHASHSEED="0")
    r = subprocess.run([sys.executable, "-c", DRIVER, str(root)], capture_output=True, text=True, env=env)
    assert "Traceback" not in r.stderr, r.stderr
    lookups = int(r.stderr.rsplit("LOOKUPS ", 1)[1].split()[0])
    found = json.loads(r.stdout)["findings"]
    # the flow through the package's star import still found: fleet.models.go is m0.go
    assert any(f["rule"] == "UL411" and f["path"].endswith("app.py") and f["line"] == 8 for f in found), found
    assert any(f["rule"] == "UL401" and f["path"].endswith("m0.py") for f in found), found
    # every key through fleet.models.m0 was read under each of the 12 star imports again, at
    # each depth: 22,625 lookups before; 5 now
    assert lookups < 1_000, lookups
