"""One module per game; each defines ``DECL`` (a :class:`engine.core.GameDecl`)."""
