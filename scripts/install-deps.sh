#!/usr/bin/env bash
# Installs the Debian packages offload needs that are missing (LLVM/MLIR 22,
# clang, lld, the offload runtime, ROCm device libraries, build tools and the
# Python test dependencies). Safe to run again: it installs nothing when all
# are present.
set -euo pipefail

# clang-tools-22 has clang-linker-wrapper, which links the C + OpenMP twins
# of the mapping tests (clang -fopenmp -fopenmp-targets=...);
# libclang-rt-22-dev has libFuzzer (tools/offload-fuzz, -fsanitize=fuzzer).
packages=(
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22 clang-tools-22 lld-22
  liboffload-22-dev libomp-22-dev libclang-rt-22-dev rocm-device-libs
  cmake ninja-build ccache
  python3 python3-numpy python3-pytest pybind11-dev
  python3-pip python3-setuptools python3-wheel
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: all ${#packages[@]} packages are installed"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || {
    echo "install-deps: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  }
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
