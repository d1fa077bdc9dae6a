# offload: the two set-up commands.
#
#   make demo   install what is missing, build, then compile examples/saxpy.mlir
#               and run it (on the GPU when there is one, else on the host device)
#   make test   install what is missing, build, then run every test
#
# Other targets: build (tools into build/bin), configure, deps, clean,
# python (install the Python package `offload` for your user, docs/Python.md),
# fuzz (run the fuzz harness FUZZ_TIME seconds on FUZZ_JOBS cores, keeping
# what it finds in fuzz/; docs/Fuzzing.md).

BUILD_DIR ?= build
BUILD_TYPE ?= Release
CMAKE ?= cmake
# Shared cache for incremental rebuilds (CI keeps none; harmless there).
export CCACHE_DIR ?= $(HOME)/.cache/offload-ccache

# Looked up when the build is configured, i.e. after `deps` installed them
# (`=`, not `:=`): LLVM's clang, the compiler libMLIR.so was built with.
# Code built with another compiler disagrees with libMLIR.so on the TypeIDs
# of traits and other types MLIR identifies by their name (seen: g++ 12
# builds fail "symbol's parent must have the SymbolTable trait" in
# libOffloadCAPI.so).
CXX_COMPILER = $(shell command -v clang++-22 2>/dev/null || command -v c++)
C_COMPILER = $(shell command -v clang-22 2>/dev/null || command -v cc)
LAUNCHER = $(shell command -v ccache 2>/dev/null)
GENERATOR = $(if $(shell command -v ninja 2>/dev/null),Ninja,Unix Makefiles)

FUZZ_TIME ?= 3600
FUZZ_JOBS ?= 1
FUZZ_DIR ?= fuzz

.PHONY: all deps configure build demo test python fuzz clean

all: build

deps:
	@scripts/install-deps.sh

$(BUILD_DIR)/CMakeCache.txt: | deps
	$(CMAKE) -G "$(GENERATOR)" -S . -B $(BUILD_DIR) \
	  -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
	  -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
	  -DCMAKE_C_COMPILER=$(C_COMPILER) -DCMAKE_CXX_COMPILER=$(CXX_COMPILER) \
	  $(if $(LAUNCHER),-DCMAKE_CXX_COMPILER_LAUNCHER=$(LAUNCHER)) \
	  $(if $(findstring clang,$(CXX_COMPILER)),-DLLVM_USE_LINKER=lld)

configure: deps $(BUILD_DIR)/CMakeCache.txt

build: configure
	$(CMAKE) --build $(BUILD_DIR)

demo: build
	@scripts/demo.sh $(BUILD_DIR)

test: build
	$(CMAKE) --build $(BUILD_DIR) --target check-offload

python: build
	$(CMAKE) --build $(BUILD_DIR) --target install-offload-python

fuzz: build
	tools/offload-fuzz/run-fuzz.sh $(abspath $(BUILD_DIR))/bin/offload-fuzz \
	  $(FUZZ_TIME) $(FUZZ_DIR) $(if $(filter-out 1,$(FUZZ_JOBS)),-fork=$(FUZZ_JOBS) -ignore_crashes=1)

clean:
	rm -rf $(BUILD_DIR)
