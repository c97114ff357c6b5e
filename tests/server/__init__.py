"""Tests of the web table server over real HTTP and websockets."""
