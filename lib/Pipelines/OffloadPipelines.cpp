//===- OffloadPipelines.cpp - offload-pipeline and its stages ---*- C++ -*-===//

#include "offload/Pipelines/Pipelines.h"

#include "offload/Conversion/Passes.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"
#include "offload/Target/Targets.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMPass.h"
#include "mlir/Conversion/MathToFuncs/MathToFuncs.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::offload;

void mlir::offload::buildOffloadBufferizePipeline(OpPassManager &pm) {
  // Elementwise arith and math ops on tensors (`arith.addf %a, %b :
  // tensor<4xf32>`), which bufferization does not take, as linalg.generic.
  pm.addPass(createConvertElementwiseToLinalgPass());
  // An empty tensor that an op then fills becomes that op's output buffer,
  // not a buffer of its own copied into it.
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  // Host code only, over function boundaries, with identity layouts.
  pm.addPass(createOffloadBufferizeHost());
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(createConvertBufferizationToMemRefPass());
}

bool mlir::offload::holdsTensors(Operation *module) {
  auto isTensor = [](Type type) { return isa<TensorType>(type); };
  return module
      ->walk<WalkOrder::PreOrder>([&](Operation *op) {
        // Kernels are not bufferized (offload-bufferize-host).
        if (isa<KernelOp>(op))
          return WalkResult::skip();
        if (llvm::any_of(op->getResultTypes(), isTensor) ||
            llvm::any_of(op->getOperandTypes(), isTensor))
          return WalkResult::interrupt();
        if (auto func = dyn_cast<FunctionOpInterface>(op))
          if (llvm::any_of(func.getArgumentTypes(), isTensor) ||
              llvm::any_of(func.getResultTypes(), isTensor))
            return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

void mlir::offload::buildOffloadDevicePipeline(
    OpPassManager &pm, const OffloadPipelineOptions &options) {
  // Host functions written as control-flow graphs: structured, so that
  // the passes below see their loops and branches.
  pm.addNestedPass<func::FuncOp>(createOffloadLiftControlFlow());
  // Aggregate linalg ops (linalg.softmax) as the ops they stand for, on
  // tensors before the bufferization.
  pm.addPass(createOffloadDecomposeLinalg());
  if (options.bufferize)
    buildOffloadBufferizePipeline(pm);
  OffloadSetTargetsOptions targets;
  targets.targets = options.targets;
  pm.addPass(createOffloadSetTargets(targets));
  // Programs in the gpu dialect: gpu.launch bodies into gpu.modules, then
  // their kernels into the device modules and their host operations into
  // calls of the support library (nothing to do for other programs).
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createConvertGPUToOffload());
  OffloadOutlineLinalgOptions outline;
  outline.remarks = options.remarks;
  pm.addPass(createOffloadOutlineLinalg(outline));
  // What kernels do through the functions they call, visible to every
  // analysis after it.
  OffloadInlineKernelCallsOptions inlineCalls;
  inlineCalls.remarks = options.remarks;
  pm.addPass(createOffloadInlineKernelCalls(inlineCalls));
  OffloadRaiseContractionsOptions raise;
  raise.remarks = options.remarks;
  pm.addNestedPass<KernelOp>(createOffloadRaiseContractions(raise));
  OffloadLowerLinalgOptions lowerLinalg;
  lowerLinalg.remarks = options.remarks;
  pm.addPass(createOffloadLowerLinalg(lowerLinalg));
  OffloadSplitKernelsOptions split;
  split.remarks = options.remarks;
  pm.addPass(createOffloadSplitKernels(split));
  // The checks, on the kernels as they will run (linalg lowered to loops,
  // one iteration space per kernel) and before anything is specific to a
  // target, so that every target gives the same verdict.
  pm.addPass(createOffloadCheckKernels());
  pm.addPass(createOffloadCheckBounds());
  pm.addPass(createOffloadCheckRaces());
  pm.addPass(createOffloadCheckAliasing());
  OffloadSplitDevicesOptions devices;
  devices.remarks = options.remarks;
  // Checked shares compare whole buffers: one at a time.
  devices.concurrent = !options.check;
  // Checked launches copy `always`: nothing stays on the devices.
  devices.resident = !options.check;
  pm.addPass(createOffloadSplitDevices(devices));
  OffloadInferMapsOptions infer;
  infer.remarks = options.remarks;
  pm.addPass(createOffloadInferMaps(infer));
  if (!options.check) {
    OffloadHoistTransfersOptions hoist;
    hoist.remarks = options.remarks;
    pm.addPass(createOffloadHoistTransfers(hoist));
  }
  // Math on f16 and bf16 in f32 (no target's math library has them all),
  // then integer powers (math.ipowi, math.fpowi) as functions of their own,
  // which kernels call like any function (every target, and host code).
  OffloadLowerMathOptions portableMath;
  portableMath.library = "portable";
  pm.addPass(createOffloadLowerMath(portableMath));
  pm.addPass(createConvertMathToFuncs());
  ConvertOffloadToGPUOptions toGPU;
  toGPU.remarks = options.remarks;
  pm.addPass(createConvertOffloadToGPU(toGPU));
  if (options.check)
    pm.addPass(createOffloadInsertChecks());
  pm.addPass(createOffloadLowerDeviceModules());
  OffloadSerializeDeviceModulesOptions serialize;
  serialize.keepAssembly = options.keepAssembly;
  pm.addPass(createOffloadSerializeDeviceModules(serialize));
}

void mlir::offload::buildOffloadHostPipeline(
    OpPassManager &pm, const OffloadPipelineOptions &options) {
  OffloadChainLaunchesOptions chain;
  chain.remarks = options.remarks;
  pm.addNestedPass<func::FuncOp>(createOffloadChainLaunches(chain));
  pm.addPass(createConvertOffloadToOpenMP());
  // Linalg ops that stay in host code (functions marked offload.host): to
  // loops, which the next passes lower with the rest of the host code.
  pm.addPass(createConvertLinalgToLoopsPass());
  // Math: LLVM intrinsics, and libm for what LLVM has none for.
  pm.addPass(createOffloadLowerMath());
  // Host code may hold what kernels do: memref.realloc (an alloc, a copy
  // and a dealloc of the old buffer) and vector ops (LLVM vectors).
  pm.addPass(memref::createExpandReallocPass());
  pm.addPass(createConvertVectorToLLVMPass());
  addHostFloatPasses(pm);
  addPreLLVMLoweringPasses(pm);
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createConvertOpenMPToLLVMPass());
  addPostLLVMLoweringPasses(pm);
  // Line tables for the host code: debuggers see the .mlir source, and the
  // OpenMP translation gives the runtime the source location of each data
  // operation (it reads it from the debug location). Call-site locations
  // (inlined code) outside functions crash LLVM 22's pass: not there.
  pm.addPass(createOffloadLegalizeCallSites());
  pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass());
  pm.addPass(createOffloadLegalizeMapNames());
  // Plain LLVM dialect: stock mlir-translate translates the result.
  if (options.embedImages)
    pm.addPass(createOffloadEmbedImages());
}

void mlir::offload::buildOffloadPipeline(
    OpPassManager &pm, const OffloadPipelineOptions &options) {
  buildOffloadDevicePipeline(pm, options);
  buildOffloadHostPipeline(pm, options);
}

void mlir::offload::registerOffloadPipelines() {
  PassPipelineRegistration<OffloadPipelineOptions>(
      "offload-pipeline",
      "Lower an offload module to the LLVM dialect with its device images "
      "embedded (offload-device-pipeline, then offload-host-pipeline)",
      buildOffloadPipeline);
  PassPipelineRegistration<>(
      "offload-bufferize-pipeline",
      "Bufferize a module written on tensors (one-shot-bufferize over "
      "function boundaries with identity layouts, buffer deallocation), the "
      "stage offload-pipeline{bufferize=1} starts with",
      buildOffloadBufferizePipeline);
  PassPipelineRegistration<OffloadPipelineOptions>(
      "offload-device-pipeline",
      "Infer maps and build the device images of an offload module",
      buildOffloadDevicePipeline);
  PassPipelineRegistration<OffloadPipelineOptions>(
      "offload-host-pipeline",
      "Lower launches and data movement to libomptarget calls and the host "
      "code to the LLVM dialect",
      buildOffloadHostPipeline);
}
