#!/usr/bin/env python3
"""utcp-lint's Python scan against bandit and ruff on real projects (issue 25).

    python bench/bench_pyscan_real.py [--cache DIR] [--split SPLIT|all] [--projects a,b] [--rounds N]

SPLIT is one of the splits of ``PROJECTS`` (``dev``, ``held-out``, ``fresh``, ``fresh2`` ...),
the choices ``--help`` lists.

Downloads a pinned list of real projects that shell out a lot (wheels from the
package index, ``pip download --no-deps --only-binary :all:``; cached in
``--cache``, default ``~/.cache/utcp-lint-bench/pyscan-real``; with no network
and an empty cache it says so and exits 0), runs on the same ``.py`` files:

* utcp-lint, its Python rules only (``--select UL4 --no-config --no-cache``),
* bandit's shell checks (``-t B602,B603,B604,B605,B606,B607,B609``),
* ruff's (``--select S602,S603,S604,S605,S606,S607,S609``),

and prints findings per project and tool, the CPU time of each tool, and the
agreement between them.  CPU time (user + system of the process and its
workers) is the median of ``--rounds`` alternating runs (utcp-lint cold,
bandit, ruff, utcp-lint warm, in turn on each project), the load average
printed with each round.  Cold: ``--no-cache``; warm: the same run again with
a result cache (``--cache-dir``) that an untimed run filled, nothing changed.
Every tool runs with its bytecode compiled (one untimed run first, a private
``PYTHONPYCACHEPREFIX``, ``PYTHONDONTWRITEBYTECODE`` removed), as installed
packages are: bandit's and ruff's are, and a machine that forbids writing
bytecode would otherwise charge utcp-lint's compilation to every run.  With
``--before DIR`` (another build's ``utcp_lint`` package) that build's cold and
warm runs alternate with the others and are printed beside them.  The
agreement (a finding is its file and line; a finding on any line of a labelled
multi-line call counts at that call's label, for every tool alike).  With the labelled
sample ``bench/data/pyscan_real_labels.jsonl`` (one line per judged
location: project, file, line, ``true``/``false`` risk, one line of reasoning),
it prints each tool's precision on the judged findings and recall of the
judged true risks.

Split, fixed from the start: the ``dev`` projects may be read while writing
the analysis; the ``held-out`` ones are for the figure that counts and are
never read to write or tune it; each ``freshN`` split was added later and labelled by its own
reviewer who never read the engine (``bench/data/pyscan_real_labels_freshN.jsonl``; who, when and how
in ``bench/data/README.md``).  Every ``pyscan_real_labels*.jsonl`` file there is read.
bandit and ruff are bench tools only (``pip install bandit ruff``), not dependencies.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LABELS = ROOT / "bench" / "data" / "pyscan_real_labels.jsonl"
# every labelled sample: held-out (above), dev, and one file per fresh split (see bench/data/README.md)
LABEL_FILES = sorted(LABELS.parent.glob("pyscan_real_labels*.jsonl"))

# (distribution, version, split): versions as served on 2026-11-27
PROJECTS = [
    ("invoke", "3.0.3", "dev"),
    ("fabric", "3.2.3", "dev"),
    ("plumbum", "2.0.2", "dev"),
    ("sh", "2.4.0", "dev"),
    ("pexpect", "4.9.0", "dev"),
    ("sshuttle", "2.0.0", "dev"),
    ("pre-commit", "4.7.0", "dev"),
    ("tox", "4.67.13", "dev"),
    ("nox", "2026.10.20", "dev"),
    ("meson", "1.12.1", "dev"),
    ("utcp-cli", "1.1.5", "dev"),
    ("ansible-core", "2.21.5", "held-out"),
    ("salt", "3008.5", "held-out"),
    ("conan", "2.34.0", "held-out"),
    ("scons", "4.11.1", "held-out"),
    ("yt-dlp", "2026.10.26", "held-out"),
    ("xonsh", "0.25.0", "held-out"),
    ("supervisor", "4.3.0", "held-out"),
    ("pipx", "1.18.4", "held-out"),
    ("cookiecutter", "2.7.1", "held-out"),
    ("duplicity", "3.2.1", "held-out"),
    ("molecule", "26.10.0", "held-out"),
    ("mcp-server-git", "2026.10.19", "held-out"),
    ("virtualenv", "21.15.7", "held-out"),
    ("platformio", "6.2.0", "held-out"),
    ("buildbot-worker", "4.3.0", "held-out"),
    ("thefuck", "3.32", "held-out"),
    # fresh split (2026-11-27): judged by a reviewer who never read the engine (bench/data/README.md)
    ("pyinfra", "3.10.0", "fresh"),
    ("borgmatic", "2.1.10", "fresh"),
    ("ansible-runner", "2.4.3", "fresh"),
    ("gitpython", "3.2.1", "fresh"),
    ("doit", "0.37.0", "fresh"),
    ("bump-my-version", "1.8.1", "fresh"),
    ("python-vagrant", "1.0.0", "fresh"),
    ("certbot", "5.8.0", "fresh"),
    ("sultan", "0.9.1", "fresh"),
    ("hatch", "1.18.2", "fresh"),
    # second fresh split (2026-11-27): judged by another reviewer who never read the engine (bench/data/README.md)
    ("commitizen", "4.19.3", "fresh2"),
    ("honcho", "2.0.0", "fresh2"),
    ("circus", "0.19.0", "fresh2"),
    ("buildozer", "1.6.0", "fresh2"),
    ("cibuildwheel", "4.3.5", "fresh2"),
    ("tmuxp", "1.76.0", "fresh2"),
    ("libtmux", "0.62.0", "fresh2"),
    ("autorandr", "1.15.post1", "fresh2"),
    ("gitlint-core", "0.19.1", "fresh2"),
    ("git-filter-repo", "2.47.0", "fresh2"),
    # third fresh split (2026-11-27): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("delegator.py", "0.1.1", "fresh3"),
    ("dotbot", "1.24.1", "fresh3"),
    ("dotdrop", "1.18.0", "fresh3"),
    ("mcp-shell-server", "1.1.14", "fresh3"),
    ("nodeenv", "1.12.0", "fresh3"),
    ("shell-gpt", "1.5.1", "fresh3"),
    ("watchdog", "7.1.0", "fresh3"),
    ("git-up", "2.6.1", "fresh3"),
    ("pdm", "2.29.4", "fresh3"),
    ("jupyter-core", "5.9.1", "fresh3"),
    # fourth fresh split (2026-11-27): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("sarge", "0.1.8", "fresh4"),
    ("executor", "23.2", "fresh4"),
    ("glances", "4.5.8", "fresh4"),
    ("asciinema", "2.4.0", "fresh4"),
    ("ghp-import", "2.1.0", "fresh4"),
    ("pew", "1.2.0", "fresh4"),
    ("mkdocs", "1.6.1", "fresh4"),
    ("patchwork", "1.0.1", "fresh4"),
    ("parallel-ssh", "2.16.0.post1", "fresh4"),
    ("deb-pkg-tools", "8.4", "fresh4"),
    # fifth fresh split (2026-11-27): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("git-review", "2.5.0", "fresh5"),
    ("copier", "9.19.1", "fresh5"),
    ("west", "1.5.0", "fresh5"),
    ("streamlink", "8.6.3", "fresh5"),
    ("briefcase", "0.4.7", "fresh5"),
    ("pip-tools", "7.6.2", "fresh5"),
    ("kas", "5.5", "fresh5"),
    ("py3status", "3.64", "fresh5"),
    ("paver", "1.3.4", "fresh5"),
    ("pywal", "3.8.15", "fresh5"),
    # sixth fresh split (2026-11-27): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("taskipy", "1.14.1", "fresh6"),
    ("tbump", "6.11.0", "fresh6"),
    ("spur", "0.3.23", "fresh6"),
    ("zfs-autobackup", "3.3", "fresh6"),
    ("duty", "1.10.1", "fresh6"),
    ("pywinrm", "0.5.0", "fresh6"),
    ("poethepoet", "0.49.0", "fresh6"),
    ("pypyr", "5.9.1", "fresh6"),
    ("pytest-testinfra", "10.2.2", "fresh6"),
    ("cmd2", "4.3.1", "fresh6"),
    # seventh fresh split (2026-11-27): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("git-machete", "3.46.1", "fresh7"),
    ("vcstool", "0.3.0", "fresh7"),
    ("mackup", "0.11.2", "fresh7"),
    ("you-get", "0.4.1743", "fresh7"),
    ("cli-mcp-server", "0.2.5", "fresh7"),
    ("mr-developer", "3.0.0", "fresh7"),
    ("nbstripout", "0.9.1", "fresh7"),
    ("gallery-dl", "1.32.18", "fresh7"),
    ("mycli", "2.30.1", "fresh7"),
    ("ipython", "9.18.1", "fresh7"),
    # eighth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("sceptre", "4.7.0", "fresh8"),
    ("python-semantic-release", "10.7.0", "fresh8"),
    ("dunamai", "1.26.5", "fresh8"),
    ("jupytext", "1.19.6", "fresh8"),
    ("nbqa", "1.9.1", "fresh8"),
    ("mitogen", "0.3.54", "fresh8"),
    ("reframe-hpc", "4.10.4", "fresh8"),
    ("dulwich", "1.2.21", "fresh8"),
    ("luigi", "3.8.1", "fresh8"),
    ("tuir", "1.29.0", "fresh8"),
    # ninth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("nikola", "8.3.3", "fresh9"),
    ("archinstall", "2.8.3", "fresh9"),
    ("aider-chat", "0.86.2", "fresh9"),
    ("zxpy", "1.6.4", "fresh9"),
    ("subprocess-tee", "0.4.2", "fresh9"),
    ("pbr", "7.1.3", "fresh9"),
    ("jupyter-client", "8.10.0", "fresh9"),
    ("nvchecker", "2.22", "fresh9"),
    ("qtile", "0.33.0", "fresh9"),
    # tenth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("open-interpreter", "0.4.3", "fresh10"),
    ("python-for-android", "2026.5.9", "fresh10"),
    ("git-cola", "4.19.0", "fresh10"),
    ("rez", "3.4.0", "fresh10"),
    ("smolagents", "1.26.0", "fresh10"),
    ("mu-repo", "1.9.0", "fresh10"),
    ("cekit", "4.16.0", "fresh10"),
    ("envoy", "0.0.3", "fresh10"),
    ("ansible-navigator", "26.10.0", "fresh10"),
    ("gptme", "0.35.1", "fresh10"),
    # eleventh fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("fab-classic", "1.21.0", "fresh11"),
    ("bundlewrap", "5.2.0", "fresh11"),
    ("batchspawner", "1.3.0", "fresh11"),
    ("ipyparallel", "9.2.0", "fresh11"),
    ("dask-jobqueue", "0.9.0", "fresh11"),
    ("beets", "2.14.1", "fresh11"),
    ("getmac", "0.9.6", "fresh11"),
    ("ffmpeg-python", "0.2.0", "fresh11"),
    ("colcon-core", "0.21.3", "fresh11"),
    ("ghstack", "0.18.0", "fresh11"),
    # twelfth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("mcp-server-shell", "0.1.0", "fresh12"),
    ("mini-swe-agent", "2.4.6", "fresh12"),
    ("mpremote", "1.29.0", "fresh12"),
    ("nbdime", "4.0.4", "fresh12"),
    ("pwntools", "4.15.0", "fresh12"),
    ("pypandoc", "1.17", "fresh12"),
    ("swe-rex", "1.4.0", "fresh12"),
    ("visidata", "3.4", "fresh12"),
    ("youtube-dl", "2021.12.17", "fresh12"),
    ("zc.buildout", "6.0.1", "fresh12"),
    # thirteenth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("bloom", "0.14.4", "fresh13"),
    ("bpytop", "1.0.68", "fresh13"),
    ("bumpver", "2026.1132", "fresh13"),
    ("check-manifest", "0.51", "fresh13"),
    ("ducktape", "0.17.0", "fresh13"),
    ("execnet", "2.1.2", "fresh13"),
    ("frappe-bench", "5.31.1", "fresh13"),
    ("hererocks", "0.25.1", "fresh13"),
    ("labgrid", "26.0.1", "fresh13"),
    ("lftools", "0.37.26", "fresh13"),
    # fourteenth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("mrjob", "0.7.4", "fresh14"),
    ("neovim-remote", "2.5.1", "fresh14"),
    ("pudb", "2026.1", "fresh14"),
    ("pyperclip", "1.11.0", "fresh14"),
    ("rtv", "1.27.1", "fresh14"),
    ("s-tui", "1.5.0", "fresh14"),
    ("snakemake", "9.27.1", "fresh14"),
    ("thonny", "5.0.1", "fresh14"),
    ("udiskie", "2.7.0", "fresh14"),
    ("wpgtk", "6.7.1", "fresh14"),
    # fifteenth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("bugwarrior", "2.1.0", "fresh15"),
    ("bumblebee-status", "2.3.0", "fresh15"),
    ("catkin-tools", "0.9.5", "fresh15"),
    ("click", "8.5.1", "fresh15"),
    ("command-runner", "1.7.6", "fresh15"),
    ("cylc-flow", "8.5.4", "fresh15"),
    ("doitlive", "5.2.1", "fresh15"),
    ("emborg", "1.43", "fresh15"),
    ("invocations", "4.0.2", "fresh15"),
    ("llm-cmd", "0.2a0", "fresh15"),
    # sixteenth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("nbconvert", "7.17.2", "fresh16"),
    ("meson-python", "0.22.1", "fresh16"),
    ("rosdep", "0.27.0", "fresh16"),
    ("mike", "2.2.0", "fresh16"),
    ("rofimoji", "6.9.0", "fresh16"),
    ("pipenv", "2026.10.3", "fresh16"),
    ("xxh-xxh", "0.8.14", "fresh16"),
    ("pyznap", "1.6.0", "fresh16"),
    ("yewtube", "2.13.1", "fresh16"),
    ("papis", "0.16.1", "fresh16"),
    ("datalad", "1.7.1", "fresh17"),
    ("clearml-agent", "3.0.3", "fresh17"),
    ("cwltool", "3.3.20260925135507", "fresh17"),
    ("alibuild", "1.17.48", "fresh17"),
    ("devpi-client", "7.3.0", "fresh17"),
    ("ansible-builder", "3.2.0", "fresh17"),
    ("chaostoolkit-lib", "1.44.0", "fresh17"),
    ("bash_kernel", "0.10.0", "fresh17"),
    ("apache-airflow-providers-ssh", "7.0.1", "fresh17"),
    ("cruft", "2.16.0", "fresh17"),
    # eighteenth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("fusesoc", "2.4.7", "fresh18"),
    ("edalize", "0.6.8", "fresh18"),
    ("i3pystatus", "3.35", "fresh18"),
    ("lektor", "3.3.14", "fresh18"),
    ("langchain-experimental", "0.4.2", "fresh18"),
    ("flexget", "3.22.8", "fresh18"),
    ("exegol", "6.0.2", "fresh18"),
    ("legendary-gl", "0.21.1", "fresh18"),
    ("git-aggregator", "4.1", "fresh18"),
    ("gns3-server", "3.0.6", "fresh18"),
    # nineteenth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("parsl", "2026.10.26", "fresh19"),
    ("pyinstaller", "6.22.3", "fresh19"),
    ("poetry", "2.5.1", "fresh19"),
    ("robotframework", "7.5", "fresh19"),
    ("rbtools", "7.0", "fresh19"),
    ("prompt-toolkit", "3.0.53", "fresh19"),
    ("pyscaffold", "4.6", "fresh19"),
    ("r2pipe", "2.1.0", "fresh19"),
    ("oslo.concurrency", "7.6.1", "fresh19"),
    ("mps-youtube", "0.2.8", "fresh19"),
    # twentieth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("stestr", "4.2.1", "fresh20"),
    ("zest.releaser", "9.9.1", "fresh20"),
    ("scp", "0.16.2", "fresh20"),
    ("vdirsyncer", "0.21.0", "fresh20"),
    ("tmt", "1.78.0", "fresh20"),
    ("webdriver-manager", "4.1.2", "fresh20"),
    ("wcgw", "5.6.7", "fresh20"),
    ("strands-agents-tools", "0.8.10", "fresh20"),
    ("subprocrunner", "2.0.1", "fresh20"),
    ("tuxmake", "1.45.0", "fresh20"),
    # twenty-first fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("cloudmesh-common", "5.0.64", "fresh21"),
    ("conda-lock", "4.0.3", "fresh21"),
    ("archey4", "4.15.0.0", "fresh21"),
    ("delocate", "0.13.0", "fresh21"),
    ("compiledb", "0.10.7", "fresh21"),
    ("dtrx", "8.7.1", "fresh21"),
    ("crossenv", "1.6.2", "fresh21"),
    ("archivebox", "0.7.4", "fresh21"),
    ("ClusterShell", "1.10.1", "fresh21"),
    ("dagster-shell", "0.25.13", "fresh21"),
    # twenty-second fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("easyprocess", "1.1", "fresh22"),
    ("ec2instanceconnectcli", "1.0.3", "fresh22"),
    ("esphome", "2026.6.5", "fresh22"),
    ("git-pw", "2.9.0", "fresh22"),
    ("gyp-next", "0.22.4", "fresh22"),
    ("hatchling", "1.33.0", "fresh22"),
    ("jedi", "0.20.1", "fresh22"),
    ("jupyterhub", "6.1.1", "fresh22"),
    ("kapitan", "0.36.3", "fresh22"),
    ("lithops", "3.8.0", "fresh22"),
    # twenty-third fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("ocrmypdf", "17.13.0", "fresh23"),
    ("metaflow", "2.19.39", "fresh23"),
    ("python-on-whales", "0.81.0", "fresh23"),
    ("pytest-docker", "3.2.6", "fresh23"),
    ("mozdevice", "4.2.0", "fresh23"),
    ("mozprocess", "1.4.0", "fresh23"),
    ("qmk", "1.2.0", "fresh23"),
    ("rclone-python", "0.1.25", "fresh23"),
    ("pyright", "1.1.414", "fresh23"),
    ("mininet", "2.3.0.dev6", "fresh23"),
    ("toil", "9.6.0", "fresh24"),
    ("spython", "0.3.14", "fresh24"),
    ("vcspull", "1.68.0", "fresh24"),
    ("stdeb", "0.11.0", "fresh24"),
    ("shiv", "1.0.8", "fresh24"),
    ("sqlmap", "1.10.10", "fresh24"),
    ("sphinx-autobuild", "2025.8.25", "fresh24"),
    ("scikit-build", "0.19.1", "fresh24"),
    ("swebench", "5.0.2", "fresh24"),
    ("skypilot", "0.14.1", "fresh24"),
    # twenty-fifth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("aexpect", "1.8.0", "fresh25"),
    ("ansible-compat", "26.10.0", "fresh25"),
    ("avocado-framework", "113.0", "fresh25"),
    ("bauh", "0.10.7", "fresh25"),
    ("benchexec", "3.35", "fresh25"),
    ("bump2version", "1.0.1", "fresh25"),
    ("cmdstanpy", "1.3.2", "fresh25"),
    ("cogapp", "3.6.0", "fresh25"),
    ("deepagents", "0.7.32", "fresh25"),
    ("dsub", "0.5.6", "fresh25"),
    # twenty-sixth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("impacket", "0.13.1", "fresh26"),
    ("lit", "23.1.5", "fresh26"),
    ("exabgp", "5.0.15", "fresh26"),
    ("kayobe", "18.6.0", "fresh26"),
    ("globus-compute-endpoint", "4.19.0", "fresh26"),
    ("fireworks", "2.1.4", "fresh26"),
    ("guildai", "0.9.0", "fresh26"),
    ("in-toto", "3.1.0", "fresh26"),
    ("enoslib", "10.9.0", "fresh26"),
    ("khard", "0.22.0", "fresh26"),
    # twenty-seventh fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("osc", "1.28.0", "fresh27"),
    ("maestrowf", "1.2.1", "fresh27"),
    ("reprounzip-docker", "1.2", "fresh27"),
    ("python-crontab", "3.4.0", "fresh27"),
    ("prefect-shell", "0.3.7", "fresh27"),
    ("reprounzip", "1.3.2", "fresh27"),
    ("moviepy", "2.2.1", "fresh27"),
    ("pip", "26.3", "fresh27"),
    ("octoprint", "1.11.8", "fresh27"),
    ("nipype", "1.11.0", "fresh27"),
    # twenty-eighth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("simple-slurm", "0.3.6", "fresh28"),
    ("sos", "0.25.2", "fresh28"),
    ("spin", "0.19", "fresh28"),
    ("submitit", "1.5.4", "fresh28"),
    ("tern", "2.12.1", "fresh28"),
    ("tockloader", "1.19.0", "fresh28"),
    ("tsrc", "3.0.1", "fresh28"),
    ("udocker", "1.3.17", "fresh28"),
    ("virtme-ng", "1.42", "fresh28"),
    ("vit", "2.3.4", "fresh28"),
    # twenty-ninth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("apache-airflow-providers-standard", "1.21.0", "fresh29"),
    ("autogen-ext", "0.7.5", "fresh29"),
    ("auditwheel", "6.8.2", "fresh29"),
    ("adbutils", "2.12.0", "fresh29"),
    ("bbot", "3.0.2", "fresh29"),
    ("charmcraft", "4.5.0", "fresh29"),
    ("conda-pack", "0.9.2", "fresh29"),
    ("craft-parts", "2.37.2", "fresh29"),
    ("craft-providers", "3.8.0", "fresh29"),
    ("docker-compose", "1.29.2", "fresh29"),
    # thirtieth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("edk2-pytool-library", "0.23.17", "fresh30"),
    ("ffmpeg-normalize", "1.43.0", "fresh30"),
    ("gcovr", "8.8", "fresh30"),
    ("gdbgui", "0.15.2.0", "fresh30"),
    ("ggshield", "1.56.1", "fresh30"),
    ("github-backup", "0.65.1", "fresh30"),
    ("gpt-engineer", "0.1.0", "fresh30"),
    ("holmesgpt", "0.45.0", "fresh30"),
    ("jupyter-repo2docker", "2026.4.0", "fresh30"),
    ("leverage", "3.1.0", "fresh30"),
    # thirty-first fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("myqueue", "26.8.1", "fresh31"),
    ("podman-compose", "1.6.0", "fresh31"),
    ("radicale", "3.9.0", "fresh31"),
    ("ops", "3.9.0", "fresh31"),
    ("manim", "0.22.0", "fresh31"),
    ("plyer", "2.1.0", "fresh31"),
    ("ramalama", "0.25.0", "fresh31"),
    ("os-brick", "7.1.1", "fresh31"),
    ("pydra", "0.25", "fresh31"),
    ("qwen-agent", "0.0.34", "fresh31"),
    # thirty-second fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("virtualfish", "2.5.9", "fresh32"),
    ("versioneer", "0.29", "fresh32"),
    ("towncrier", "26.9.0", "fresh32"),
    ("zappa", "0.63.0", "fresh32"),
    ("scuba", "2.14.2", "fresh32"),
    ("vpn-slice", "0.16.1", "fresh32"),
    ("taskw", "2.0.0", "fresh32"),
    ("shub", "2.18.1", "fresh32"),
    ("terminal-controller", "0.1.9", "fresh32"),
    ("serena-agent", "2.1.0", "fresh32"),
    # thirty-third fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("agno", "3.1.10", "fresh33"),
    ("asv", "0.6.6", "fresh33"),
    ("ffmpy", "1.0.0", "fresh33"),
    ("ansible-lint", "26.10.1", "fresh33"),
    ("apio", "1.6.0", "fresh33"),
    ("codemcp", "0.1.0", "fresh33"),
    ("clickable-ut", "8.10.0", "fresh33"),
    ("ffsubsync", "0.5.1", "fresh33"),
    ("cumulusci", "4.10.1", "fresh33"),
    ("dvc", "3.67.1", "fresh33"),
    # thirty-fourth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("git-revise", "0.8.0", "fresh34"),
    ("jupyterlab-git-core", "0.55.0", "fresh34"),
    ("ironic-python-agent", "13.0.0", "fresh34"),
    ("oslo.rootwrap", "7.10.0", "fresh34"),
    ("mlflow-skinny", "3.17.2", "fresh34"),
    ("litecli", "1.17.1", "fresh34"),
    ("jrnl", "4.6", "fresh34"),
    ("nbgitpuller", "1.3.0", "fresh34"),
    ("os-net-config", "18.1.0", "fresh34"),
    ("jupyter-server-proxy", "4.6.0", "fresh34"),
    # thirty-fifth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("pex", "2.105.2", "fresh35"),
    ("python-gnupg", "0.5.7", "fresh35"),
    ("python-dotenv", "1.2.4", "fresh35"),
    ("shellous", "0.42.0", "fresh35"),
    ("rpyc", "6.0.2", "fresh35"),
    ("sphinx-multiversion", "0.2.4", "fresh35"),
    ("pyvirtualdisplay", "3.0", "fresh35"),
    ("pyspelling", "2.13", "fresh35"),
    ("rebench", "1.4.0", "fresh35"),
    ("pyperf", "2.11.0", "fresh35"),
    # thirty-sixth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("versioningit", "3.3.0", "fresh36"),
    ("watchfiles", "1.3.0", "fresh36"),
    ("terminado", "0.18.1", "fresh36"),
    ("ytdl-sub", "2026.10.27", "fresh36"),
    ("vmn", "0.11.2", "fresh36"),
    ("tuxrun", "1.11.0", "fresh36"),
    ("tab-shell-mcp", "0.1.2", "fresh36"),
    ("twisted", "26.10.0", "fresh36"),
    ("testcontainers", "4.15.0", "fresh36"),
    ("tacoshop", "0.1.0", "fresh36"),
    # fresh37: versions as served on 2026-11-28
    ("edk2-pytool-extensions", "0.31.3", "fresh37"),
    ("copyparty", "1.20.26", "fresh37"),
    ("cve-bin-tool", "3.4", "fresh37"),
    ("aiida-core", "2.9.4", "fresh37"),
    ("dmgbuild", "1.6.7", "fresh37"),
    ("batou", "2.7.1", "fresh37"),
    ("debops", "3.3.2", "fresh37"),
    ("cocotb", "2.1.0", "fresh37"),
    ("fprime-tools", "4.4.0", "fresh37"),
    ("codecov", "2.1.13", "fresh37"),
    # thirty-eighth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("graphviz", "0.21", "fresh38"),
    ("gh-cli-mcp-server", "0.3.0", "fresh38"),
    ("hyfetch", "2.1.0", "fresh38"),
    ("imageio-ffmpeg", "0.8.1", "fresh38"),
    ("jupyter-server", "2.21.1", "fresh38"),
    ("kolla", "23.0.0", "fresh38"),
    ("letta", "0.34.12", "fresh38"),
    ("mbed-cli", "1.10.4", "fresh38"),
    ("nanobot-ai", "0.3.5", "fresh38"),
    ("openhands-ai", "0.9.8", "fresh38"),
    # thirty-ninth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("phidata", "2.7.10", "fresh39"),
    ("praisonaiagents", "1.7.17", "fresh39"),
    ("proxmoxer", "2.3.0", "fresh39"),
    ("pydub", "0.25.1", "fresh39"),
    ("pytesseract", "0.3.13", "fresh39"),
    ("reflex", "0.10.1", "fresh39"),
    ("runway", "2.8.4", "fresh39"),
    ("ploomber", "0.23.3", "fresh39"),
    ("spotdl", "4.6.0", "fresh39"),
    ("sysrsync", "1.1.1", "fresh39"),
    # fortieth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("tempest", "47.0.0", "fresh40"),
    ("testrepository", "0.0.22", "fresh40"),
    ("torchx", "0.7.0", "fresh40"),
    ("trains-agent", "0.16.3", "fresh40"),
    ("ubelt", "1.4.3", "fresh40"),
    ("uiautomator2", "3.7.1", "fresh40"),
    ("unblob", "26.6.4", "fresh40"),
    ("vcstools", "0.1.42", "fresh40"),
    ("xdoctest", "1.3.2", "fresh40"),
    ("xvfbwrapper", "0.2.37", "fresh40"),
    # forty-first fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("agentscope", "2.0.11", "fresh41"),
    ("build", "1.6.1", "fresh41"),
    ("chalice", "1.34.0", "fresh41"),
    ("crewai-tools", "1.15.30", "fresh41"),
    ("dbt-core", "1.12.6", "fresh41"),
    ("fabric3", "1.14.post1", "fresh41"),
    ("flit", "4.2.0", "fresh41"),
    ("iterfzf", "1.9.0.67.0", "fresh41"),
    ("jupyterlab", "4.6.6", "fresh41"),
    ("kedro", "1.7.0", "fresh41"),
    ("linux-utils", "0.7", "fresh42"),
    ("pdf2image", "1.17.0", "fresh42"),
    ("protontricks", "1.15.0", "fresh42"),
    ("py2deb", "5.0", "fresh42"),
    ("rotate-backups", "8.1", "fresh42"),
    ("rsync-system-backup", "1.1", "fresh42"),
    ("runhouse", "0.0.42", "fresh42"),
    ("signac-flow", "0.29.1", "fresh42"),
    ("tftest", "1.8.8", "fresh42"),
    ("vcs-repo-mgr", "4.2", "fresh42"),
    ("ansible-dev-environment", "26.10.0", "fresh43"),
    ("diskimage-builder", "3.43.0", "fresh43"),
    ("e3-core", "22.10.0", "fresh43"),
    ("aws-lambda-builders", "1.68.0", "fresh43"),
    ("Flask-Shell2HTTP", "1.9.1", "fresh43"),
    ("ansible-bender", "0.10.1", "fresh43"),
    ("bindep", "2.14.0", "fresh43"),
    ("fast-agent-mcp", "0.2.36", "fresh43"),
    ("bpython", "0.26", "fresh43"),
    ("cdist", "7.0.0", "fresh43"),
    # forty-fourth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("gitman", "3.9", "fresh44"),
    ("hatch-jupyter-builder", "0.10.0", "fresh44"),
    ("httpstat", "2.0.0", "fresh44"),
    ("i3-resurrect", "1.4.5", "fresh44"),
    ("jupyter-packaging", "0.12.3", "fresh44"),
    ("koji", "1.36.1", "fresh44"),
    ("language-tool-python", "3.4.0", "fresh44"),
    ("nbdev", "3.3.26", "fresh44"),
    ("netmiko", "4.8.0", "fresh44"),
    ("organize-tool", "3.3.0", "fresh44"),
    # forty-sixth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("taskcat", "0.9.58", "fresh46"),
    ("termtosvg", "1.1.0", "fresh46"),
    ("tripleo-common", "18.0.0", "fresh46"),
    ("tuxbake", "1.1.1", "fresh46"),
    ("vex", "0.0.19", "fresh46"),
    ("virtualenv-clone", "0.5.7", "fresh46"),
    ("websockify", "0.13.0", "fresh46"),
    ("xontrib-sh", "0.3.2", "fresh46"),
    ("ydiff", "1.5", "fresh46"),
    ("zuul", "14.3.0", "fresh46"),
    # forty-fifth fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("paramiko", "5.1.0", "fresh45"),
    ("pip-run", "16.1.0", "fresh45"),
    ("powerline-shell", "0.7.0", "fresh45"),
    ("pwncat-cs", "0.5.4", "fresh45"),
    ("pyscreenshot", "3.1", "fresh45"),
    ("reuse", "4.0.3", "fresh45"),
    ("ruffus", "3.0.0", "fresh45"),
    ("scapy", "2.8.0", "fresh45"),
    ("shellingham", "1.5.4", "fresh45"),
    ("sphinx", "9.0.4", "fresh45"),
    ("yq", "4.4.5", "fresh48"),
    ("mkdocs-git-revision-date-localized-plugin", "1.6.3", "fresh48"),
    ("onionshare-cli", "2.7", "fresh48"),
    ("localstack", "2026.8.2", "fresh48"),
    ("mentat", "1.0.19", "fresh48"),
    ("ntfy", "2.7.0", "fresh48"),
    ("mypy", "2.4.1", "fresh48"),
    ("unoserver", "3.7", "fresh48"),
    ("iredis", "1.16.1", "fresh48"),
    ("os-vif", "5.3.0", "fresh48"),
    # fifty-second fresh split (2026-11-29): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("patroni", "4.1.5", "fresh52"),
    ("pybuilder", "0.13.24", "fresh52"),
    ("scikit-build-core", "1.1.2", "fresh52"),
    ("pypsrp", "0.9.1", "fresh52"),
    ("sphinxcontrib-programoutput", "0.20", "fresh52"),
    ("pynsist", "2.8", "fresh52"),
    ("rawdog-ai", "0.1.6", "fresh52"),
    ("pdfkit", "1.0.0", "fresh52"),
    ("paramiko-expect", "0.3.5", "fresh52"),
    ("pre-commit-hooks", "6.0.0", "fresh52"),
    # forty-ninth fresh split (2026-11-29): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("barman", "3.19.1", "fresh49"),
    ("ase", "3.29.0", "fresh49"),
    ("custodian", "2026.10.21", "fresh49"),
    ("camel-ai", "0.2.90", "fresh49"),
    ("appimage-builder", "1.1.0", "fresh49"),
    ("biobb-common", "5.3.1", "fresh49"),
    ("crewai", "1.15.30", "fresh49"),
    ("aiida-shell", "0.9.0", "fresh49"),
    ("codalab", "1.7.5", "fresh49"),
    ("buildbot", "4.3.0", "fresh49"),
    # forty-seventh fresh split (2026-11-28): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("asitop", "0.0.24", "fresh47"),
    ("aws-gate", "0.11.3", "fresh47"),
    ("aws-sam-cli", "1.170.0", "fresh47"),
    ("checkbox-ng", "1.18.1", "fresh47"),
    ("claude-code-sdk", "0.0.25", "fresh47"),
    ("ebuildtester", "48", "fresh47"),
    ("faraday-agent-dispatcher", "3.9.1", "fresh47"),
    ("ffmpeg-progress-yield", "1.1.4", "fresh47"),
    ("gitchangelog", "3.0.4", "fresh47"),
    ("gitingest", "0.3.1", "fresh47"),
    # fiftieth fresh split (2026-11-29): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("dstack", "0.22.5", "fresh50"),
    ("dpdispatcher", "1.1.0", "fresh50"),
    ("django-dbbackup", "5.4.0", "fresh50"),
    ("elastalert2", "2.19.0", "fresh50"),
    ("gitlabci-local", "13.2.0", "fresh50"),
    ("griptape", "1.13.0", "fresh50"),
    ("git-sim", "0.4.0", "fresh50"),
    ("galaxy-util", "26.1.2", "fresh50"),
    ("hdlmake", "4.0", "fresh50"),
    ("heudiconv", "1.5.1", "fresh50"),
    # fifty-third fresh split (2026-11-29): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("tcconfig", "0.30.1", "fresh53"),
    ("taskcluster-taskgraph", "24.5.1", "fresh53"),
    ("vanna", "2.0.2", "fresh53"),
    ("webassets", "3.0.0", "fresh53"),
    ("zfs-replicate", "4.1.0", "fresh53"),
    ("unidep", "3.4.2", "fresh53"),
    ("trove", "26.0.0", "fresh53"),
    ("zkg", "3.2.0", "fresh53"),
    ("vastai", "1.9.1", "fresh53"),
    ("userpath", "1.9.2", "fresh53"),
    # fifty-first fresh split (2026-11-29): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("inspect-ai", "0.3.285", "fresh51"),
    ("kconfiglib", "14.1.0", "fresh51"),
    ("livereload", "2.7.1", "fresh51"),
    ("kolla-ansible", "22.2.0", "fresh51"),
    ("osxphotos", "0.77.2", "fresh51"),
    ("notify-py", "0.3.43", "fresh51"),
    ("lsassy", "3.1.16", "fresh51"),
    ("mcp-proxy", "0.13.0", "fresh51"),
    ("mercurial", "7.2.4", "fresh51"),
    ("octavia", "19.0.0", "fresh51"),
    # fifty-fourth fresh split (2026-11-29): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("psij-python", "0.9.11", "fresh54"),
    ("ra-aid", "0.30.2", "fresh54"),
    ("pytest-shutil", "1.8.1", "fresh54"),
    ("git-changelog", "2.10.0", "fresh54"),
    ("gorilla-cli", "0.0.10", "fresh54"),
    ("rofi-rbw", "1.7.0", "fresh54"),
    ("wheel2deb", "0.9.5", "fresh54"),
    ("pytest-virtualenv", "1.8.1", "fresh54"),
    ("pytest-shell-utilities", "1.9.7", "fresh54"),
    ("darker", "3.0.0", "fresh54"),
    # fifty-sixth fresh split (2026-11-29): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("flintrock", "2.1.0", "fresh56"),
    ("hatch-build-scripts", "1.0.0", "fresh56"),
    ("gitup", "0.5.2", "fresh56"),
    ("exodus-bundler", "2.0.4", "fresh56"),
    ("envo", "1.6.0", "fresh56"),
    ("docx2pdf", "0.1.8", "fresh56"),
    ("gc3pie", "2.6.8", "fresh56"),
    ("git-imerge", "1.2.0", "fresh56"),
    ("gnome-extensions-cli", "0.11.0", "fresh56"),
    ("devchat", "0.3.0", "fresh56"),
    ("mobly", "1.13.1", "fresh57"),
    ("kivy-ios", "2025.5.17", "fresh57"),
    ("ironic-lib", "7.0.0", "fresh57"),
    ("isolate", "0.26.12", "fresh57"),
    ("maestral", "1.9.6", "fresh57"),
    ("manimgl", "1.7.2", "fresh57"),
    ("mbed-tools", "7.59.0", "fresh57"),
    ("mkdocs-git-authors-plugin", "0.10.0", "fresh57"),
    ("objection", "1.12.5", "fresh57"),
    ("llm-shell", "0.5.0", "fresh57"),
    ("buildstream", "2.8.1", "fresh55"),
    ("asciidoc", "10.2.1", "fresh55"),
    ("ag2", "1.2.1", "fresh55"),
    ("claude-agent-sdk", "0.2.189", "fresh55"),
    ("autohooks", "26.9.0", "fresh55"),
    ("cppman", "0.6.3", "fresh55"),
    ("androidviewclient", "25.0.1", "fresh55"),
    ("cwl-utils", "0.45", "fresh55"),
    ("archspec", "0.2.7", "fresh55"),
    ("cylc-rose", "1.6.1", "fresh55"),
    ("pyprojectx", "4.0.0", "fresh58"),
    ("pyprland", "3.4.6", "fresh58"),
    ("py-cpuinfo", "9.0.0", "fresh58"),
    ("pySMART", "1.4.3", "fresh58"),
    ("snakemake-executor-plugin-slurm", "2.8.0", "fresh58"),
    ("pyperformance", "1.14.0", "fresh58"),
    ("riot", "0.23.0", "fresh58"),
    ("peru", "1.3.5", "fresh58"),
    ("pip-audit", "2.10.1", "fresh58"),
    ("setuptools-rust", "1.13.0", "fresh58"),
    ("git-fame", "4.2.1", "fresh60"),
    ("metakernel", "1.0.7", "fresh60"),
    ("maturin", "1.16.0", "fresh60"),
    ("hupper", "1.12.1", "fresh60"),
    ("mozrunner", "8.4.0", "fresh60"),
    ("dcm2bids", "3.3.1", "fresh60"),
    ("fslpy", "3.29.1", "fresh60"),
    ("dotenv-cli", "3.4.1", "fresh60"),
    ("jill", "0.12.0", "fresh60"),
    ("git-pull-request", "6.0.2", "fresh60"),
    ("motioneye", "0.44.0", "fresh65"),
    ("monasca-agent", "10.0.0", "fresh65"),
    ("mobsf", "4.4.0", "fresh65"),
    ("mmengine", "0.10.7", "fresh65"),
    ("nextstrain-cli", "11.1.2", "fresh65"),
    ("nextstrain-augur", "34.3.0", "fresh65"),
    ("openmim", "0.3.9", "fresh65"),
    ("mob-suite", "3.1.9", "fresh65"),
    ("metagpt", "0.8.2", "fresh65"),
    ("meltano", "4.4.1", "fresh65"),
    ("wllvm", "1.3.1", "fresh59"),
    ("trogon", "0.6.0", "fresh59"),
    ("xlwings", "0.37.8", "fresh59"),
    ("weasel", "1.0.1", "fresh59"),
    ("ultralytics", "8.4.190", "fresh59"),
    ("unsloth", "2026.10.9", "fresh59"),
    ("tox-conda", "0.10.2", "fresh59"),
    ("twitch-dl", "3.3.2", "fresh59"),
    ("yawsso", "1.4.0", "fresh59"),
    ("upsonic", "0.77.3", "fresh59"),
    ("autosubmit", "4.1.17.1", "fresh61"),
    ("agentscope-runtime", "1.1.6.post2", "fresh61"),
    ("acryl-executor", "0.3.20", "fresh61"),
    ("arcade-mcp", "1.16.3", "fresh61"),
    ("aws-parallelcluster", "3.16.1", "fresh61"),
    ("b4", "0.16.0", "fresh61"),
    ("biopython", "1.88", "fresh61"),
    ("breezy", "3.3.23", "fresh61"),
    ("aws-shell", "0.2.2", "fresh61"),
    # sixty-second fresh split (2026-11-29): judged by a further reviewer who never read the engine (bench/data/README.md)
    ("dodo-commands", "0.52.1", "fresh62"),
    ("composio-core", "0.7.22", "fresh62"),
    ("cloudmesh-cmd5", "5.0.20", "fresh62"),
    ("conan-package-tools", "0.38.1", "fresh62"),
    ("cx-Freeze", "8.7.3", "fresh62"),
    ("exscript", "2.6.32", "fresh62"),
    ("cijoe", "0.9.61", "fresh62"),
    ("deepspeed", "0.3.1.dev5", "fresh62"),
    ("dephell", "0.8.3", "fresh62"),
    ("cocotb-test", "0.3.0", "fresh62"),
    ("litex", "2024.12", "fresh63"),
    ("flent", "2.3.0", "fresh63"),
    ("freezer", "19.0.0", "fresh63"),
    ("llm-sandbox", "0.3.46", "fresh63"),
    ("guake", "3.10", "fresh63"),
    ("gwf", "1.7.2", "fresh63"),
    ("hydra-core", "1.3.8", "fresh63"),
    ("julia", "0.6.2", "fresh63"),
    ("linuxfabrik-lib", "8.2.0", "fresh63"),
    ("git-archive-all", "1.24.0", "fresh63"),
    ("pifpaf", "3.4.0", "fresh64"),
    ("pulp", "3.3.2", "fresh64"),
    ("pybedtools", "0.12.1", "fresh64"),
    ("pyodide-build", "0.25.1", "fresh64"),
    ("pyrasite-ng", "2.0.3", "fresh64"),
    ("pyocd", "0.46.0", "fresh64"),
    ("ptpython", "3.0.32", "fresh64"),
    ("reprozip", "1.3.2", "fresh64"),
    ("rospkg", "1.6.3", "fresh64"),
    ("rst2pdf", "0.105", "fresh64"),
    ("spyder", "6.1.8", "fresh66"),
    ("upydev", "0.4.3", "fresh66"),
    ("wakatime", "13.1.0", "fresh66"),
    ("stack-pr", "0.1.7", "fresh66"),
    ("sox", "1.4.1", "fresh66"),
    ("scikit-video", "1.1.11", "fresh66"),
    ("suricata-update", "1.2.1", "fresh66"),
    ("sphinxcontrib-svg2pdfconverter", "2.1.0", "fresh66"),
    ("sphinxcontrib-mermaid", "2.1.1", "fresh66"),
    ("swarms", "16.0.3", "fresh66"),
    ("exec-helpers", "8.2.0", "fresh68"),
    ("git-delete-merged-branches", "7.7.0", "fresh68"),
    ("dfetch", "0.14.4", "fresh68"),
    ("esp-idf-monitor", "1.10.0", "fresh68"),
    ("doccmd", "2026.9.16.1", "fresh68"),
    ("idf-component-manager", "3.1.2", "fresh68"),
    ("detect-secrets", "1.5.0", "fresh68"),
    ("django-extensions", "4.1", "fresh68"),
    ("git-autoshare", "1.0.0b6", "fresh68"),
    ("jupyterlab-code-formatter", "3.1.0", "fresh68"),
    ("langgraph-cli", "0.4.40", "fresh69"),
    ("lean", "1.0.230", "fresh69"),
    ("llama-stack", "0.2.12", "fresh69"),
    ("mkdocs-drawio-exporter", "0.10.2", "fresh69"),
    ("nbsphinx", "0.9.8", "fresh69"),
    ("panflute", "2.3.1", "fresh69"),
    ("pdfCropMargins", "2.2.1", "fresh69"),
    ("PyExifTool", "0.5.6", "fresh69"),
    ("pyre-check", "0.10.0", "fresh69"),
    ("pywhatkit", "5.4", "fresh69"),
    ("crytic-compile", "0.4.2", "fresh67"),
    ("autokey", "0.96.0", "fresh67"),
    ("coconut", "3.2.0", "fresh67"),
    ("catkin-pkg", "1.1.1", "fresh67"),
    ("aqtinstall", "3.3.0", "fresh67"),
    ("cosmic-ray", "8.7.0", "fresh67"),
    ("bzt", "1.17.2", "fresh67"),
    ("aicodebot", "0.30.0", "fresh67"),
    ("cfbs", "5.8.1", "fresh67"),
    ("adafruit-ampy", "1.1.0", "fresh67"),
    ("scalene", "2.4.0", "fresh70"),
    ("scrapyd", "1.6.0", "fresh70"),
    ("selenium", "4.52.0", "fresh70"),
    ("solc-select", "1.2.0", "fresh70"),
    ("sphinx-gallery", "0.22.1", "fresh70"),
    ("spyder-kernels", "3.1.6", "fresh70"),
    ("streamlit", "1.67.0", "fresh70"),
    ("tornado", "6.6.1", "fresh70"),
    ("trio", "0.35.0", "fresh70"),
    ("wandb", "0.31.0", "fresh70"),
    ("cgatcore", "0.6.22", "fresh71"),
    ("cloudmesh-multipass", "4.1.4", "fresh71"),
    ("cloudmesh-git", "5.0.9", "fresh71"),
    ("apache-airflow-providers-teradata", "3.7.1", "fresh71"),
    ("apache-libcloud", "3.9.1", "fresh71"),
    ("distributed", "2026.8.0", "fresh71"),
    ("byexample", "11.0.0", "fresh71"),
    ("amaranth", "0.5.10", "fresh71"),
    ("awscli", "1.46.3", "fresh71"),
    ("Cython", "3.3.1", "fresh71"),
    ("flytekit", "1.16.31", "fresh72"),
    ("fs.sshfs", "1.0.2", "fresh72"),
    ("gravity", "1.2.4", "fresh72"),
    ("http-prompt", "2.1.0", "fresh72"),
    ("invoke-release", "4.6.0", "fresh72"),
    ("ipykernel", "7.4.0", "fresh72"),
    ("jubilant", "1.14.0", "fresh72"),
    ("jumpssh", "1.6.5", "fresh72"),
    ("junos-eznc", "2.8.2", "fresh72"),
    ("konch", "6.1.1", "fresh72"),
    ("nni", "3.0", "fresh73"),
    ("py", "1.11.0", "fresh73"),
    ("pytest", "9.2.0", "fresh73"),
    ("marimo", "0.25.2", "fresh73"),
    ("markdown-exec", "1.12.6", "fresh73"),
    ("mktestdocs", "0.2.5", "fresh73"),
    ("pytest-codeblocks", "0.18.0", "fresh73"),
    ("pytest-console-scripts", "1.4.1", "fresh73"),
    ("pydeps", "3.0.9", "fresh73"),
    ("openapi-python-client", "0.29.1", "fresh73"),
    ("spotty", "1.3.3", "fresh74"),
    ("sumatra", "0.8.1", "fresh74"),
    ("streamparse", "5.0.1", "fresh74"),
    ("sos-notebook", "0.24.7", "fresh74"),
    ("viztracer", "1.1.1", "fresh74"),
    ("scriv", "1.8.0", "fresh74"),
    ("sacred", "0.8.7", "fresh74"),
    ("scrapy", "2.19.0", "fresh74"),
    ("sciluigi", "0.10.1", "fresh74"),
    ("shpyx", "1.0.0", "fresh74"),
    ("hermes-agent", "0.19.0", "fresh75"),
    ("agent-starter-pack", "0.41.3", "fresh75"),
    ("bedrock-agentcore-starter-toolkit", "0.3.14", "fresh75"),
    ("db-contrib-tool", "2.4.7", "fresh75"),
    ("edx-i18n-tools", "2.0.0", "fresh75"),
    ("mcp-stata", "3.3.0", "fresh75"),
    ("harbormaster-mcp", "27.1.2", "fresh75"),
    ("crosshair-tool", "0.0.113", "fresh75"),
    ("llm", "0.36", "fresh75"),
    ("lean-lsp-mcp", "0.32.0", "fresh75"),
    ("cg", "88.24.0", "fresh76"),
    ("automatix", "3.2.1", "fresh76"),
    ("bakefile", "0.0.81", "fresh76"),
    ("adafruit-python-shell", "1.14.0", "fresh76"),
    ("cua-auto", "0.1.2", "fresh76"),
    ("exasol-integration-test-docker-environment", "6.5.1", "fresh76"),
    ("adeploy", "1.3.4", "fresh76"),
    ("datarobot-drum", "1.18.1", "fresh76"),
    ("aws-glue-sessions", "1.0.9", "fresh76"),
    ("autobuild", "3.10.2", "fresh76"),
    ("kcli", "99.0.202610251748", "fresh77"),
    ("jovian", "0.2.47", "fresh77"),
    ("lxdock", "0.4.1", "fresh77"),
    ("lookatme", "2.5.5", "fresh77"),
    ("flowtask", "5.13.8", "fresh77"),
    ("fmf", "1.7.0", "fresh77"),
    ("juju", "3.6.1.3", "fresh77"),
    ("git-pylint-commit-hook", "2.6.1", "fresh77"),
    ("habu", "0.1.39", "fresh77"),
    ("flet-cli", "1.0.5", "fresh77"),
    ("offlineimap", "8.0.3", "fresh78"),
    ("pubs", "0.8.3", "fresh78"),
    ("mpfshell", "0.9.3", "fresh78"),
    ("pycallgraph2", "1.1.3", "fresh78"),
    ("pybombs", "2.3.5", "fresh78"),
    ("rpkg", "1.70", "fresh78"),
    ("rebasehelper", "0.29.7", "fresh78"),
    ("octave-kernel", "1.1.1", "fresh78"),
    ("pyp2rpm", "3.3.10", "fresh78"),
    ("pynvim", "0.6.0", "fresh78"),
    ("shot-scraper", "1.12", "fresh79"),
    ("sqlite-utils", "4.2.1", "fresh79"),
    ("tdda", "3.3.0", "fresh79"),
    ("xorq", "0.4.9", "fresh79"),
    ("snowflake-cli", "3.31.0", "fresh79"),
    ("sceptre-cmd-resolver", "2.0.0", "fresh79"),
    ("scan-build", "3.1.0", "fresh79"),
    ("socketsecurity", "2.11.13", "fresh79"),
    ("smartsim", "0.8.0", "fresh79"),
    ("uipath", "2.14.44", "fresh79"),
    ("rfswarm-agent", "1.6.0", "fresh80"),
    ("openai-agents", "0.24.0", "fresh80"),
    ("setuptools", "84.2.1", "fresh80"),
    ("jcodemunch-mcp", "1.108.399", "fresh80"),
    ("notebooklm-mcp-cli", "0.15.8", "fresh80"),
    ("dcc-mcp-core", "0.20.49", "fresh80"),
    ("k8s-agent-sandbox", "1.0.8", "fresh80"),
    ("python-tools-scripts", "0.20.5", "fresh80"),
    ("epik8s-tools", "0.17.0", "fresh80"),
    ("ddapm-test-agent", "1.69.1", "fresh80"),
    ("drep", "4.0.3", "fresh81"),
    ("datasette", "0.65.5", "fresh81"),
    ("clusterfuzz", "2.6.0", "fresh81"),
    ("datadog-checks-dev", "40.0.1", "fresh81"),
    ("asyncssh", "2.24.1", "fresh81"),
    ("cloudmesh-vpn", "6.0.1", "fresh81"),
    ("cloudmesh-installer", "5.0.2", "fresh81"),
    ("cloudmesh-ee", "5.0.5", "fresh81"),
    ("apache-airflow-providers-apache-spark", "6.3.4", "fresh81"),
    ("ansible-rulebook", "1.3.2", "fresh81"),
    ("galaxy-app", "26.1.2", "fresh82"),
    ("localstack-core", "2026.3.0", "fresh82"),
    ("kobo", "0.42.0", "fresh82"),
    ("keepercommander", "18.1.8", "fresh82"),
    ("hammer-vlsi", "1.2.0", "fresh82"),
    ("ipyflow-core", "0.0.231", "fresh82"),
    ("fypp", "3.3", "fresh82"),
    ("kanban-framework", "0.199.2", "fresh82"),
    ("lightning", "2.6.6", "fresh82"),
    ("gradio", "6.31.0", "fresh82"),
    ("pathos", "0.3.5", "fresh83"),
    ("pox", "0.3.7", "fresh83"),
    ("ppft", "1.7.8", "fresh83"),
    ("py2app", "0.28.10", "fresh83"),
    ("qibuild", "3.18", "fresh83"),
    ("rally", "5.1.1", "fresh83"),
    ("pytest-server-fixtures", "1.8.1", "fresh83"),
    ("rpaframework", "33.0.2", "fresh83"),
    ("mlrun", "1.12.1", "fresh83"),
    ("nf-core", "4.2.1", "fresh83"),
    ("seleniumbase", "4.56.4", "fresh84"),
    ("tinybird", "5.0.3", "fresh84"),
    ("superlance", "2.0.0", "fresh84"),
    ("snakemake-executor-plugin-lsf", "0.3.3", "fresh84"),
    ("snakemake-executor-plugin-cluster-generic", "1.0.9", "fresh84"),
    ("snakemake-executor-plugin-slurm-jobstep", "0.6.1", "fresh84"),
    ("sip", "6.17.2", "fresh84"),
    ("sphinx-theme-builder", "0.3.2", "fresh84"),
    ("zdaemon", "5.2.1", "fresh84"),
    ("semgrep", "1.185.0", "fresh84"),
    ("codemagic-cli-tools", "0.70.0", "fresh85"),
    ("nameless-deploy-tools", "1.337", "fresh85"),
    ("kubectl-mcp-server", "2.0.0", "fresh85"),
    ("mcp-win-stdio-ssh", "0.4.2", "fresh85"),
    ("mcp-deploy-server", "0.3.0", "fresh85"),
    ("execution-agent", "0.1.2", "fresh85"),
    ("autonomous-devops-agent", "0.1.1", "fresh85"),
    ("devops-ai-agent", "1.0.0", "fresh85"),
    ("mini-code-agent", "1.1.0", "fresh85"),
    ("host-terminal-mcp", "0.2.5", "fresh85"),
    ("benchmark-runner", "1.0.1064", "fresh86"),
    ("cloudmesh-cc", "5.0.3", "fresh86"),
    ("deployfish", "1.18.1", "fresh86"),
    ("apssh", "0.27.0", "fresh86"),
    ("chester-ml", "2.0.0", "fresh86"),
    ("citizenshell", "2.2.8", "fresh86"),
    ("bg-helper", "0.1.24", "fresh86"),
    ("certora-cli", "8.20.3", "fresh86"),
    ("csspin", "3.2.0", "fresh86"),
    ("dbbasic-deploy", "0.1.0", "fresh86"),
    ("linchpin", "2.0.4.1", "fresh87"),
    ("hypershell", "2.8.2", "fresh87"),
    ("ikctl", "0.6.4", "fresh87"),
    ("kdev-cli", "0.1.4", "fresh87"),
    ("jupyter-remote-kernel", "2.7.1", "fresh87"),
    ("hpc-rocket", "0.6.3", "fresh87"),
    ("kube-shell", "0.0.21", "fresh87"),
    ("inmanta-core", "14.0.0", "fresh87"),
    ("kick-runner", "0.1.1", "fresh87"),
    ("hapless", "0.15.1", "fresh87"),
    ("pyiron-base", "0.15.20", "fresh88"),
    ("pyani", "0.2.12", "fresh88"),
    ("pelican", "4.12.0", "fresh88"),
    ("os-collect-config", "14.1.0", "fresh88"),
    ("robotframework-pabot", "5.2.2", "fresh88"),
    ("qcengine", "0.52.0", "fresh88"),
    ("packitos", "1.17.0", "fresh88"),
    ("runs", "1.3.0", "fresh88"),
    ("python-lsp-server", "1.15.0", "fresh88"),
    ("mutmut", "3.8.1", "fresh88"),
    ("tobiko", "0.8.33", "fresh89"),
    ("teflo", "2.4.1", "fresh89"),
    ("scikit-ci-addons", "0.25.0", "fresh89"),
    ("scikit-ci", "0.21.0", "fresh89"),
    ("watcher", "0.4.1", "fresh89"),
    ("sahara-plugin-spark", "10.0.0", "fresh89"),
    ("sahara-plugin-vanilla", "10.0.0", "fresh89"),
    ("sahara-plugin-storm", "10.0.0", "fresh89"),
    ("solum", "15.0.0", "fresh89"),
    ("virt-lightning", "2.5.0", "fresh89"),
    ("server-ops-mcp", "0.1.9", "fresh90"),
    ("portal-mcp-server", "4.0.3", "fresh90"),
    ("device-scanner-mcp", "1.1.0", "fresh90"),
    ("server-guardian-mcp", "1.0.5", "fresh90"),
    ("klingon-tools", "3.0.6", "fresh90"),
    ("ansible-heal-agent", "0.2.0", "fresh90"),
    ("jugaad-agent", "0.1.4", "fresh90"),
    ("shellmcp", "1.1.0", "fresh90"),
    ("remote-admin-mcp", "0.2.1", "fresh90"),
    ("linuxagent", "4.1.0", "fresh90"),
]


def _label_spans(tree: Path, lab: dict) -> dict:
    """For each labelled location, the lines of the call that starts there.

    A label sits on the first line of a call; bandit and ruff report a multi-line call
    on the line of its ``shell=`` keyword or of its first argument.  A finding on any
    line of a labelled call is matched to that call's label (the same rule for every
    tool), unless its own line carries a label.  file -> [(first, last, label line)]."""
    import ast

    out: dict = collections.defaultdict(list)
    for file in {f for f, _ in lab}:
        try:
            mod = ast.parse((tree / file).read_text(encoding="utf-8", errors="replace"))
        except (OSError, SyntaxError, ValueError):
            continue
        want = {ln for f, ln in lab if f == file}
        for node in ast.walk(mod):
            if isinstance(node, ast.Call) and node.lineno in want:
                out[file].append((node.lineno, node.end_lineno or node.lineno, node.lineno, lab))
    return out


def _snap(spans: dict, path: str, line: int) -> tuple:
    """(path, line), or the label location of the innermost labelled call holding that line."""
    path = os.path.normpath(path)
    best = None
    for first, last, at, lab in spans.get(path, ()):
        if (path, line) in lab:
            return (path, line)
        if first <= line <= last and (best is None or last - first < best[1] - best[0]):
            best = (first, last, at)
    return (path, best[2]) if best else (path, line)


BANDIT_TESTS = "B602,B603,B604,B605,B606,B607,B609"
RUFF_RULES = "S602,S603,S604,S605,S606,S607,S609"


def _tool(name: str) -> str | None:
    cand = Path(sys.executable).parent / name
    return str(cand) if cand.exists() else shutil.which(name)


def fetch(cache: Path, dist: str, version: str) -> Path | None:
    """The project's files, unpacked once into ``cache/dist-version`` (None: not obtainable)."""
    dest = cache / f"{dist}-{version}"
    if (dest / ".complete").exists():
        return dest
    dl = Path(tempfile.mkdtemp(prefix="pyscan-real-"))
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary",
            ":all:",
            "-d",
            str(dl),
            f"{dist}=={version}",
        ],
        capture_output=True,
        text=True,
    )
    wheels = list(dl.glob("*.whl"))
    if r.returncode != 0 or not wheels:
        shutil.rmtree(dl, ignore_errors=True)
        return None
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    with zipfile.ZipFile(wheels[0]) as z:
        for info in z.infolist():
            name = info.filename
            if name.endswith(".py") and ".." not in Path(name).parts and not name.startswith("/"):
                z.extract(info, dest)
    (dest / ".complete").write_text(wheels[0].name)
    shutil.rmtree(dl, ignore_errors=True)
    return dest


ENV = dict(os.environ)
ENV.pop("PYTHONDONTWRITEBYTECODE", None)
ENV["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="pyscan-real-pyc-")


def _run(cmd: list[str], cwd: Path, env: dict | None = None) -> tuple[subprocess.CompletedProcess, float]:
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, env=env or ENV)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return p, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def utcp_lint(tree: Path, cache_dir: Path | None = None, before: str | None = None) -> tuple[set, float]:
    """Cold (no cache) or, with ``cache_dir``, a run reading and writing that result cache;
    ``before``: the build whose ``utcp_lint`` package is in that directory instead of this one."""
    cache = ["--cache-dir", str(cache_dir)] if cache_dir is not None else ["--no-cache"]
    cmd = [sys.executable, "-m", "utcp_lint", "--select", "UL4", "--no-config", *cache, "--format", "json", "."]
    env = None
    if before:
        env = dict(ENV, PYTHONPATH=before, PYTHONPYCACHEPREFIX=ENV["PYTHONPYCACHEPREFIX"] + "-before")
    p, cpu = _run(cmd, tree, env)
    try:
        found = json.loads(p.stdout)["findings"]
    except (ValueError, KeyError):
        return set(), cpu
    return {(f["path"], f["line"], f["rule"]) for f in found}, cpu


def bandit(tree: Path) -> tuple[set, float] | None:
    exe = _tool("bandit")
    if exe is None:
        return None
    p, cpu = _run([exe, "-r", ".", "-t", BANDIT_TESTS, "-f", "json", "-q"], tree)
    try:
        res = json.loads(p.stdout)["results"]
    except (ValueError, KeyError):
        return set(), cpu
    return {(os.path.normpath(r["filename"]), r["line_number"], r["test_id"]) for r in res}, cpu


def ruff(tree: Path) -> tuple[set, float] | None:
    exe = _tool("ruff")
    if exe is None:
        return None
    p, cpu = _run(
        [exe, "check", "--no-cache", "--isolated", "--select", RUFF_RULES, "--output-format", "json", "."], tree
    )
    try:
        res = json.loads(p.stdout or "[]")
    except ValueError:
        return set(), cpu
    return {(os.path.relpath(r["filename"], tree), r["location"]["row"], r["code"]) for r in res}, cpu


def _median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else 0.0


def _split_order(split: str) -> tuple:
    """dev, held-out, fresh, fresh2, fresh3 ... in that order (``--help`` lists them so)."""
    if split in ("dev", "held-out"):
        return (0, ("dev", "held-out").index(split))
    return (1, int(split[5:] or 1))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", default=str(Path.home() / ".cache" / "utcp-lint-bench" / "pyscan-real"))
    ap.add_argument(
        "--split",
        choices=(*sorted({s for _d, _v, s in PROJECTS}, key=_split_order), "all"),
        default="all",
    )
    ap.add_argument("--projects", default="", help="comma-separated distributions (default: the whole split)")
    ap.add_argument("--rounds", type=int, default=3, help="alternating timed runs per tool and project (median)")
    ap.add_argument(
        "--before",
        default="",
        help="a directory holding another build's utcp_lint package (git archive REV linter rules, laid out "
        "as utcp_lint/ with rules/ inside): its cold and warm runs alternate with this build's",
    )
    a = ap.parse_args()
    cache = Path(a.cache)
    cache.mkdir(parents=True, exist_ok=True)
    chosen = [p for p in PROJECTS if a.split in ("all", p[2])]
    if a.projects:
        want = set(a.projects.split(","))
        chosen = [p for p in chosen if p[0] in want]
    labels = collections.defaultdict(dict)
    for path in LABEL_FILES:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                d = json.loads(line)
                labels[d["project"]][(os.path.normpath(d["file"]), int(d["line"]))] = bool(d["risk"])
    has_b, has_r = _tool("bandit") is not None, _tool("ruff") is not None
    print(
        f"load {_load()}; split {a.split}; rounds {a.rounds} (median CPU of alternating runs); "
        f"bandit {'yes' if has_b else 'NOT installed'}, ruff {'yes' if has_r else 'NOT installed'}"
    )
    trees = []
    for dist, version, split in chosen:
        tree = fetch(cache, dist, version)
        if tree is None:
            print(f"{dist:18} {split:9} not obtainable (offline, or no wheel for this platform): skipped")
            continue
        trees.append((dist, split, tree))
    if not trees:
        print("no project could be obtained (offline?): nothing measured")
        return 0
    # untimed: bytecode of every tool compiled, each project's warm cache filled
    work = Path(tempfile.mkdtemp(prefix="pyscan-real-warm-"))
    found: dict = {}
    for dist, _split, tree in trees:
        u, _ = utcp_lint(tree)
        uw, _ = utcp_lint(tree, work / dist)
        if uw != u:
            print(f"{dist}: the cached run's findings differ from the cold run's ({len(uw)} vs {len(u)})")
        if a.before:
            ub, _ = utcp_lint(tree, before=a.before)
            utcp_lint(tree, work / f"{dist}-before", before=a.before)
            if ub != u:
                print(f"{dist}: the --before build's findings differ ({len(ub)} vs {len(u)})")
        b = bandit(tree)
        r = ruff(tree)
        found[dist] = (u, b[0] if b else set(), r[0] if r else set())
    cpu: dict = collections.defaultdict(lambda: collections.defaultdict(list))
    for rnd in range(a.rounds):
        print(f"round {rnd + 1}: load {_load()}")
        for dist, _split, tree in trees:
            cpu[dist]["u"].append(utcp_lint(tree)[1])
            if has_b:
                cpu[dist]["b"].append((bandit(tree) or (set(), 0.0))[1])
            if has_r:
                cpu[dist]["r"].append((ruff(tree) or (set(), 0.0))[1])
            cpu[dist]["w"].append(utcp_lint(tree, work / dist)[1])
            if a.before:
                cpu[dist]["U"].append(utcp_lint(tree, before=a.before)[1])
                cpu[dist]["W"].append(utcp_lint(tree, work / f"{dist}-before", before=a.before)[1])
    shutil.rmtree(work, ignore_errors=True)
    print(f"load {_load()} at the end\n")
    hdr = f"{'project':18} {'split':9} {'files':>6} {'utcp-lint':>9} {'bandit':>7} {'ruff':>6} {'u&b':>5} {'u&r':>5}"
    print(hdr + f" {'cpu s: cold warm bandit ruff':>30}" + ("   before: cold warm" if a.before else ""))
    totals = collections.Counter()
    judged = {"utcp-lint": [0, 0], "bandit": [0, 0], "ruff": [0, 0]}  # [true, judged]
    found_true = collections.Counter()
    per_project: list[str] = []
    n_true = 0
    for dist, split, tree in trees:
        files = sum(1 for _ in tree.rglob("*.py"))
        u, b, r = found[dist]
        spans = _label_spans(tree, labels.get(dist, {}))
        lines = {
            "utcp-lint": {_snap(spans, p, ln) for p, ln, _ in u},
            "bandit": {_snap(spans, p, ln) for p, ln, _ in b},
            "ruff": {_snap(spans, p, ln) for p, ln, _ in r},
        }
        med = {k: _median(cpu[dist][k]) for k in "uwbrUW"}
        print(
            f"{dist:18} {split:9} {files:6} {len(lines['utcp-lint']):9} {len(lines['bandit']):7} {len(lines['ruff']):6} "
            f"{len(lines['utcp-lint'] & lines['bandit']):5} {len(lines['utcp-lint'] & lines['ruff']):5} "
            f"{med['u']:10.2f} {med['w']:5.2f} {med['b']:6.2f} {med['r']:5.2f}"
            + (f"   {med['U']:12.2f} {med['W']:5.2f}" if a.before else "")
        )
        totals.update(
            {"files": files, "u": len(lines["utcp-lint"]), "b": len(lines["bandit"]), "r": len(lines["ruff"])}
        )
        totals.update({f"cpu_{k}": v for k, v in med.items()})
        lab = labels.get(dist, {})
        n_true += sum(lab.values())
        for tool, locs in lines.items():
            for loc in locs:
                if loc in lab:
                    judged[tool][1] += 1
                    judged[tool][0] += lab[loc]
                    found_true[tool] += lab[loc]
        if lab:
            hit = [lab[x] for x in lines["utcp-lint"] if x in lab]
            per_project.append(
                f"  {dist:18} utcp-lint precision {sum(hit)}/{len(hit)}, recall {sum(hit)}/{sum(lab.values())}"
            )
    cu, cw, cb = totals["cpu_u"], totals["cpu_w"], totals["cpu_b"]
    print(
        f"\ntotal: {totals['files']} files; findings utcp-lint {totals['u']}, bandit {totals['b']}, ruff {totals['r']}\n"
        f"CPU (sum of the per-project medians): utcp-lint cold {cu:.2f} s, warm {cw:.2f} s, "
        f"bandit {cb:.2f} s, ruff {totals['cpu_r']:.2f} s\n"
        f"utcp-lint cold = {cu / max(cb, 1e-9):.3f} x bandit (goal <= 0.15); "
        f"warm = {cw / max(cu, 1e-9):.3f} x cold (goal <= 0.10)"
    )
    big = max(trees, key=lambda t: sum(f.stat().st_size for f in t[2].rglob("*.py")))[0]
    mb = {k: _median(cpu[big][k]) for k in "uwbUW"}
    print(
        f"largest tree ({big}): cold {mb['u']:.2f} s = {mb['u'] / max(mb['b'], 1e-9):.3f} x bandit, "
        f"warm {mb['w']:.2f} s = {mb['w'] / max(mb['u'], 1e-9):.3f} x cold"
    )
    if a.before:
        cU, cW = totals["cpu_U"], totals["cpu_W"]
        print(
            f"--before build: cold {cU:.2f} s = {cU / max(cb, 1e-9):.3f} x bandit, warm {cW:.2f} s = "
            f"{cW / max(cU, 1e-9):.3f} x its cold; largest tree cold {mb['U']:.2f} s, warm {mb['W']:.2f} s"
        )
    if n_true:
        print(f"\nlabelled sample ({LABELS.parent.relative_to(ROOT)}/pyscan_real_labels*.jsonl): {n_true} true risks")
        print("\n".join(per_project))
        for tool, (t, j) in judged.items():
            prec = f"{t / j:.2f}" if j else "n/a"
            print(
                f"  {tool:10} precision {prec} ({t}/{j} judged findings true); recall {found_true[tool] / n_true:.2f}"
            )
    else:
        print(f"\nno labelled sample at {LABELS.relative_to(ROOT)}: precision and recall not computed")
    return 0


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


if __name__ == "__main__":
    sys.exit(main())
