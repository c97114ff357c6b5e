"""Benchmarks: random-playout speed for every game, and each game's bot strength."""
