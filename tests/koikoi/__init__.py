"""Koi-Koi: rules, yaku, deal, notation, views, bots, terminal."""
