"""The conformance suite: one set of checks over every registered game configuration."""
