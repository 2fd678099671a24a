"""Records, findings and the few helpers every stage shares (safe writes, printable text)."""
