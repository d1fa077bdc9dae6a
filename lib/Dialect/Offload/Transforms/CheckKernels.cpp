//===- CheckKernels.cpp - offload-check-kernels -----------------*- C++ -*-===//
//
// What a kernel may contain, checked once for every target before any
// target-specific lowering: a host-only build rejects what a GPU build
// rejects.
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/OffloadToGPU/OffloadToGPU.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADCHECKKERNELS
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
/// Kernels are compiled at the top of the module the pipeline runs on; one
/// in a nested module would be launched without ever being built.
static LogicalResult verifyNestedKernels(ModuleOp module) {
  bool failed = false;
  module.walk([&](KernelOp kernel) {
    if (kernel->getParentOp() == module.getOperation())
      return;
    kernel.emitError()
        << "kernel @" << kernel.getSymName()
        << " is in a nested module: kernels are compiled at the top of the "
           "module the pipeline runs on (move it there, or run the pipeline "
           "on the nested module)";
    failed = true;
  });
  return success(!failed);
}

/// GPU workgroup and private memory exist only inside kernels: host code
/// (functions outside kernels and device modules) cannot hold memrefs in
/// those address spaces.
static LogicalResult verifyHostMemorySpaces(ModuleOp module) {
  auto gpuSpace = [](Type type) -> gpu::AddressSpaceAttr {
    if (auto memref = dyn_cast<BaseMemRefType>(type))
      return dyn_cast_or_null<gpu::AddressSpaceAttr>(memref.getMemorySpace());
    return {};
  };
  bool failed = false;
  auto report = [&](Operation *op, Type type, gpu::AddressSpaceAttr space) {
    op->emitError() << "host code cannot use " << type << ": GPU "
                    << gpu::stringifyAddressSpace(space.getValue())
                    << " memory exists only inside kernels";
    failed = true;
  };
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<KernelOp, gpu::GPUModuleOp>(op))
      return WalkResult::skip();
    SmallVector<Type> types;
    if (auto func = dyn_cast<FunctionOpInterface>(op)) {
      llvm::append_range(types, func.getArgumentTypes());
      llvm::append_range(types, func.getResultTypes());
    } else {
      llvm::append_range(types, op->getOperandTypes());
      llvm::append_range(types, op->getResultTypes());
    }
    for (Type type : types)
      if (auto space = gpuSpace(type)) {
        report(op, type, space);
        return WalkResult::skip();
      }
    return WalkResult::advance();
  });
  return success(!failed);
}

/// Host code is lowered from memrefs: tensors left in it (linalg on
/// tensors, not bufferized) would stop the host lowering with upstream's
/// internal errors. One error per function, at its first op on tensors.
static LogicalResult verifyHostBufferized(ModuleOp module) {
  bool failed = false;
  for (auto func : module.getOps<FunctionOpInterface>()) {
    WalkResult result = func->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<KernelOp>(op))
        return WalkResult::skip();
      auto isTensor = [](Type type) { return isa<TensorType>(type); };
      if (op != func.getOperation() &&
          !llvm::any_of(op->getOperandTypes(), isTensor) &&
          !llvm::any_of(op->getResultTypes(), isTensor))
        return WalkResult::advance();
      if (op == func.getOperation() &&
          !llvm::any_of(func.getArgumentTypes(), isTensor) &&
          !llvm::any_of(func.getResultTypes(), isTensor))
        return WalkResult::advance();
      op->emitError() << "host code on tensors must be bufferized before it "
                         "is lowered: run the pipeline with bufferize=1 "
                         "(--offload-pipeline=bufferize=1; offload-cc and the "
                         "C and Python APIs do it when the module holds "
                         "tensors)";
      return WalkResult::interrupt();
    });
    failed |= result.wasInterrupted();
  }
  return success(!failed);
}

/// Host functions defined under the name of a function of the C library
/// or of the offload runtime (libomptarget, libomp, the support library):
/// the program exports them, and they replace those the runtime, the C
/// library itself and the generated code call (a `@realloc` that
/// launches a kernel, called by the runtime's constructor).
static LogicalResult verifyHostFunctionNames(ModuleOp module) {
  static constexpr llvm::StringLiteral kLibraryNames[] = {
      "abort",   "aligned_alloc", "atexit",         "calloc",   "dlclose",
      "dlerror", "dlopen",        "dlsym",          "exit",     "fprintf",
      "free",    "fwrite",        "getenv",         "malloc",   "memcmp",
      "memcpy",  "memmove",       "memset",         "posix_memalign",
      "printf",  "puts",          "realloc",        "snprintf", "strcmp",
      "strdup",  "strlen",        "strncmp",        "write"};
  static constexpr llvm::StringLiteral kRuntimePrefixes[] = {
      "__tgt_", "__kmpc_", "omp_", "ompx_", "__offload_rt_", "pthread_"};
  bool failed = false;
  for (Operation &op : *module.getBody()) {
    auto fn = dyn_cast<FunctionOpInterface>(&op);
    if (!fn || isa<KernelOp>(&op) || fn.isExternal())
      continue;
    StringRef name = SymbolTable::getSymbolName(&op).getValue();
    bool library = llvm::is_contained(kLibraryNames, name);
    bool runtime = llvm::any_of(kRuntimePrefixes, [&](StringRef prefix) {
      return name.starts_with(prefix);
    });
    if (!library && !runtime)
      continue;
    op.emitError() << "function @" << name << " has the name of a "
                   << (library ? "C library function" : "runtime function")
                   << " that the program, the offload runtime or the C "
                      "library call: defining it replaces theirs; rename it";
    failed = true;
  }
  return success(!failed);
}

struct OffloadCheckKernelsPass
    : public offload::impl::OffloadCheckKernelsBase<OffloadCheckKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool failed = false;
    for (KernelOp kernel : module.getOps<KernelOp>())
      failed |= mlir::failed(verifyKernelContents(kernel));
    failed |= mlir::failed(verifyNestedKernels(module));
    failed |= mlir::failed(verifyHostMemorySpaces(module));
    failed |= mlir::failed(verifyHostBufferized(module));
    failed |= mlir::failed(verifyHostFunctionNames(module));
    SymbolTableCollection symbols;
    module.walk([&](LaunchOp launch) {
      if (auto kernel = symbols.lookupNearestSymbolFrom<KernelOp>(
              launch, launch.getKernelAttr()))
        failed |= mlir::failed(verifyLaunchOfKernel(launch, kernel));
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
