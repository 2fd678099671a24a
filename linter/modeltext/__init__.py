"""What the model reads: the strings of a document, hidden text and instructions aimed at the model."""
