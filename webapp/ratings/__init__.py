"""Ratings per game with openskill's Plackett-Luce model: 2-6 players ranked in order, ties, Blot's two teams.

Which games count (:data:`~webapp.ratings.model.RULES`, shown on the profile page and in docs/server.md): finished
games, not lessons, not "play this deal again", in which no player holds two seats and at least one known player
plays against another player or a bot. Each seat is rated as whoever made most of its moves (the journal names the
mover of every move): a player's seat played mostly by a stand-in counts as that bot's, not his. Bots of each level
are rated players (``bot:easy``, ``bot:normal``, ``bot:hard``), so a number means something against them.

A finished game is settled once, in the order the server settled them (``rated_games.seq``); the ratings are
worked out from the journal alone, so :meth:`~webapp.ratings.store.Ratings.rebuild` (``python -m webapp.rerate``)
gives them again exactly. Settling runs off the event loop: in the bots' worker pool (a worker opens the journal
itself), or in the caller when there is no pool (tests).

:mod:`~webapp.ratings.model` judges a game and rates it, :mod:`~webapp.ratings.store` keeps the ratings in the
journal and answers the pages, :mod:`~webapp.ratings.settler` runs both off the event loop.
"""
