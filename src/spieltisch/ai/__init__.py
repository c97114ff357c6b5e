"""Game-independent computer opponents: random, MCTS / information-set MCTS, levels."""
