"""The names of ``sgscore.sanguosha.variants.reincarnation``, where this variant of identity mode lives
(``variants/``), also here for the code that imports them from this module."""

from .variants.reincarnation import *  # noqa: F403
from .variants.reincarnation import __all__  # noqa: F401
