"""Events: an evening of several tables the app runs (Swiss, round robin, Blot's rotating partners or fixed teams,
duplicate deals). :mod:`pairing` and :mod:`standings` are pure; :mod:`service` drives the hall's tables."""
