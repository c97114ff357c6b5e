"""Reinforcement-learning fronts for every registered game (``pip install spieltisch[rl]``).

- `spieltisch.adapters.pettingzoo_env`: a PettingZoo AEC environment, every seat an agent;
- `spieltisch.adapters.gymnasium_env`: a Gymnasium environment for one seat against bots;
- `spieltisch.adapters.openspiel_game`: OpenSpiel Python games ``python_spieltisch_<key>``.

Each module imports its library only when imported itself.
"""
