"""utcp-lint: static security linter and registration validator for UTCP."""

__version__ = "0.1.0"
