"""The five games, one package each."""
