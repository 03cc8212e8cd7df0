"""The rules reference: a page per game, its explorer and the explorer's "what would the bot play?".

Everything game-specific comes from the engine: the declaration (players, deck, options), ``DECL.rules()`` (prose,
tables, rulings) and ``DECL.explore()`` (the explorer's verdicts). The pages add no rule of their own, so a game
registered in ``engine/games/`` appears here without any change to this package.

:mod:`~webapp.rules.routes` (the blueprint) serves what :mod:`~webapp.rules.options` (the query read as option
values), :mod:`~webapp.rules.words` (the pages' and the games' words), :mod:`~webapp.rules.document` (the rules
document in words), :mod:`~webapp.rules.pictures` ("How to play", the tables' and examples' cards) and
:mod:`~webapp.rules.explorer` (the explorer's requests checked, the bot's advice) make.
"""
