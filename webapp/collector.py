"""How a long-running process of ours (the server, and the benchmarks' own load generator and echo server) sets
Python's garbage collector: what start-up built frozen out of its reach, full collections rare."""

from __future__ import annotations

import gc

GC_THRESHOLDS = (700, 10, 10_000)
"""CPython's young-generation thresholds, but full collections 1,000 times rarer. Every table keeps its game and
event log, and a full collection walks them all: under load those pauses made most of the ack latency
(1,000 clients, measured with bench.load: p99 489 ms with CPython's (700, 10, 10), 209 ms with these,
183 ms with collection off). A load generator holding thousands of connections pauses the same way (2,000 clients:
its full collections took 150-600 ms, counted as the server's latency until it calmed its own collector)."""


def calm_garbage_collector() -> None:
    """Freeze what the process built so far (modules, games rebuilt from the journal, a benchmark's connections) out
    of the collector's reach and make full collections rare; cyclic garbage is still collected."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
