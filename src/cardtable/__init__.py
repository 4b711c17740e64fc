"""cardtable: the digital table for five tabletop card games."""

__version__ = "0.1.0"
