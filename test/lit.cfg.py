# -*- Python -*-
# lit configuration of the offload tests (check-offload, `make test`).

import os
import shutil
import subprocess

import lit.formats
from lit.llvm import llvm_config

config.name = "OFFLOAD"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".c"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.offload_obj_root, "test")
# Inputs of other tests, not tests.
config.excludes = ["Inputs", "CMakeLists.txt", "README.md", "lit.cfg.py",
                   "lit.site.cfg.py", "lit.local.cfg"]

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.offload_tools_dir,
                             append_path=True)
# Tests launch through the offload runtime: never fall back silently.
config.environment["OMP_TARGET_OFFLOAD"] = "mandatory"
for var in ["LIBOMPTARGET_INFO", "LIBOMPTARGET_DEBUG", "OMP_DEFAULT_DEVICE"]:
    config.environment.pop(var, None)

tools = ["offload-opt", "offload-translate", "offload-cc", "FileCheck",
         "not", "count", "llvm-readelf", "llvm-objdump", "llvm-dis",
         "mlir-translate"]
llvm_config.add_tool_substitutions(
    tools, [config.offload_tools_dir, config.llvm_tools_dir])

config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%offload_src", config.offload_src_root))
config.substitutions.append(("%offload_obj", config.offload_obj_root))
config.substitutions.append(
    ("%omptarget_dir", config.offload_libomptarget_dir))
# C + OpenMP twins of our programs, offloaded to the host device.
config.substitutions.append(
    ("%clang-omp",
     f"{config.offload_clang} -O2 -fopenmp "
     f"-fopenmp-targets=x86_64-pc-linux-gnu "
     f"-Wl,-rpath,{config.offload_libomptarget_dir}"))
# After %clang-omp: lit substitutes in order.
config.substitutions.append(("%clang", config.offload_clang))

# Optional parts of the toolchain.
if config.offload_ptxas and os.access(config.offload_ptxas, os.X_OK):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.offload_ptxas))
    # CUDA's libdevice, in the toolkit of that ptxas.
    libdevice = os.path.join(os.path.dirname(os.path.dirname(
        config.offload_ptxas)), "nvvm", "libdevice", "libdevice.10.bc")
    if os.path.exists(libdevice):
        config.available_features.add("libdevice")
        config.substitutions.append(("%libdevice", libdevice))
if config.offload_rocm_bitcode_dir and os.path.exists(
        os.path.join(config.offload_rocm_bitcode_dir, "ocml.bc")):
    config.available_features.add("rocm-device-libs")
# The fuzz harness (built when clang has libFuzzer, libclang-rt-22-dev).
if os.path.exists(os.path.join(config.offload_tools_dir, "offload-fuzz")):
    config.available_features.add("offload-fuzz")
if os.path.exists(os.path.join(config.offload_libomptarget_dir,
                               "libomptarget.so")):
    config.available_features.add("libomptarget")
# The host's architecture (libomptarget's host plugin's devices are named
# after it).
import platform
config.available_features.add("host-" + platform.machine())

# A GPU the offload runtime can use (tests in Integration/GPU).
def has_cuda_gpu():
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        return subprocess.run([smi, "-L"], capture_output=True,
                              timeout=20).returncode == 0
    except Exception:
        return False

if has_cuda_gpu():
    config.available_features.add("cuda-gpu")
