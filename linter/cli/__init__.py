"""The ``utcp-lint`` command line: the main group and its subcommands."""
