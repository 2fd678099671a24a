"""What a client would load and whether it changed: client-config following and lock files."""
