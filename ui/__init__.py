"""Screens and input: displayio on the board and in the laptop window."""
