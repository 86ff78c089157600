"""Card content: importing this package registers every card's rules."""

from . import basic, equipment, tricks

__all__ = ["basic", "equipment", "tricks"]
