"""offload: compile MLIR offload kernels and call them with numpy arrays.

    import numpy as np, offload
    mod = offload.compile("saxpy.mlir", targets="nvptx:sm_90,host")
    x = np.arange(8, dtype=np.float32); y = np.ones(8, dtype=np.float32)
    mod.saxpy(2.0, x, y)          # y is updated in place; x is not copied back
    mod.save("saxpy.so")          # ... and elsewhere: offload.load("saxpy.so")

The runtime half (``load``, ``devices``, ``Module``) needs only numpy and the
offload runtime (libomptarget); the compiler half (``compile``,
``run_pipeline``, ``translate``, ``interface``) loads libOffloadCAPI.so on
first use. See docs/Python.md.
"""

from .runtime import Device, Function, Module, devices, load
from .compiler import (CompileError, Diagnostic, compile, interface,
                       run_pipeline, translate)

__version__ = "0.1.0"

__all__ = ["CompileError", "Device", "Diagnostic", "Function", "Module",
           "compile", "devices", "interface", "load", "run_pipeline",
           "translate"]
