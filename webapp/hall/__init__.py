"""The hall: every table in memory, the connections at them, and every operation a client may ask for.

A package whose imports run one way: :mod:`~webapp.hall.hall` (the app's entry) over the protocol's
:mod:`~webapp.hall.commands` over the services (:mod:`~webapp.hall.rooms` and the modules it assembles) over
:mod:`webapp.tables`, :mod:`webapp.journal` and the engine. docs/server.md draws the map.
"""

from webapp.hall.hall import Hall

__all__ = ["Hall"]
