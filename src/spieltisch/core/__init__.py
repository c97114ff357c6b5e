"""The protocol, the registry, the referee and the bot protocol (stdlib only)."""
