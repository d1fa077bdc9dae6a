#!/usr/bin/env python3
"""offload.compile of the same source: the first time (compiled) against
the next times (loaded from the cache), in a fresh cache directory.

    PYTHONPATH=build/python_packages python3 benchmarks/compile_cache.py [file.mlir] [N]
"""
import os
import statistics
import sys
import tempfile
import time

os.environ["OFFLOAD_CACHE_DIR"] = tempfile.mkdtemp(prefix="offload-cache-bench-")
import offload  # noqa: E402

src = sys.argv[1] if len(sys.argv) > 1 else "python/tests/inputs/kernels.mlir"
n = int(sys.argv[2]) if len(sys.argv) > 2 else 20
start = time.perf_counter()
first = offload.compile(src, targets="host")
compiled = time.perf_counter() - start
again = []
for _ in range(n):
    start = time.perf_counter()
    m = offload.compile(src, targets="host")
    again.append(time.perf_counter() - start)
    assert m.cached
print("first compile (no cache): %.3f s" % compiled)
print("cached, median of %d: %.2f ms" % (n, statistics.median(again) * 1e3))
