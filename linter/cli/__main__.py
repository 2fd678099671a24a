"""``python -m utcp_lint.cli``: the same command as ``utcp-lint``."""

from .app import main

if __name__ == "__main__":
    main()
