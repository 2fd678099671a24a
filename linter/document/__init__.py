"""Positioned JSON and the placeholder text of UTCP documents."""
