"""Irono Ofubi tests."""
