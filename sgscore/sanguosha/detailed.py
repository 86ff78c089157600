"""The names of ``sgscore.sanguosha.variants.detailed``, where this variant of identity mode lives
(``variants/``), also here for the code that imports them from this module."""

from .variants.detailed import *  # noqa: F403
from .variants.detailed import __all__  # noqa: F401
