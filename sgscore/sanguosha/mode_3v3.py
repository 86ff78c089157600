"""The names of ``sgscore.sanguosha.variants.mode_3v3``, where this variant of identity mode lives
(``variants/``), also here for the code that imports them from this module."""

from .variants.mode_3v3 import *  # noqa: F403
from .variants.mode_3v3 import __all__  # noqa: F401
