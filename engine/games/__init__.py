"""One package per game (``engine/games/<id>/``); each package's ``__init__`` defines ``DECL`` (a
:class:`engine.core.GameDecl`), docs/engine.md."""
