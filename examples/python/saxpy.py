"""Compile offload kernels from Python and call them with numpy arrays.

    python3 examples/python/saxpy.py                   # compile, run, check
    python3 examples/python/saxpy.py --save saxpy.so   # ... and keep the module
    python3 examples/python/saxpy.py --load saxpy.so   # run a saved module
                                                       # (no compiler needed)

Walk-through in docs/Python.md.
"""

import argparse
import os

import numpy as np

import offload

HERE = os.path.dirname(os.path.abspath(__file__))


def check(name, got, want):
    bad = int(np.count_nonzero(got != want))
    print("%s: %d of %d elements exact: %s"
          % (name, got.size - bad, got.size, "PASS" if bad == 0 else "FAIL"))
    return bad == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--save", help="also save the compiled module here")
    parser.add_argument("--load", help="run this saved module instead of "
                        "compiling")
    parser.add_argument("-n", type=int, default=1 << 20)
    args = parser.parse_args()

    for device in offload.devices():
        print("device %d: %s (%s)" % (device.id, device.kind, device.name))

    if args.load:
        mod = offload.load(args.load)
    else:
        mod = offload.compile(os.path.join(HERE, "saxpy.mlir"))
        if args.save:
            mod.save(args.save)
    for function in mod.functions.values():
        print(function.signature)

    # x[i] = i mod 1024 and y[i] = 1: every result is an exact float.
    x = (np.arange(args.n) % 1024).astype(np.float32)
    y = np.ones(args.n, dtype=np.float32)
    mod.saxpy(2.0, x, y)             # y is updated in place
    ok = check("saxpy", y, 2 * x + 1)
    ok &= check("x unchanged", x, np.arange(args.n) % 1024)

    y = np.ones(args.n, dtype=np.float32)
    mod.saxpy_steps(0.5, x, y, 10)   # 10 launches, data kept on the device
    ok &= check("saxpy_steps", y, 1 + 10 * (0.5 * x))

    # Mistakes are Python exceptions that name the argument.
    try:
        mod.saxpy(2.0, x.astype(np.float64), y)
    except TypeError as error:
        print("TypeError:", error)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
