//===- LiftControlFlow.cpp - offload-lift-control-flow ----------*- C++ -*-===//
//
// Host functions whose bodies are control-flow graphs (blocks joined by cf
// branches) become one block of structured control flow, through
// upstream's transformCFGToSCF and the ControlFlow dialect's lifting, so
// that the data-movement passes see their loops and branches.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/CFGToSCF.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLIFTCONTROLFLOW
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct OffloadLiftControlFlowPass
    : public offload::impl::OffloadLiftControlFlowBase<
          OffloadLiftControlFlowPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (fn.isExternal() || fn.getBody().hasOneBlock())
      return;
    // Only graphs of the ControlFlow dialect's branches, which the lifting
    // turns into scf ops: a function with other branches (`llvm.cond_br`)
    // stays as it is.
    for (Block &block : fn.getBody()) {
      Operation *terminator = block.getTerminator();
      if (!isa<cf::BranchOp, cf::CondBranchOp, cf::SwitchOp, func::ReturnOp>(
              terminator)) {
        markAllAnalysesPreserved();
        return;
      }
    }
    ControlFlowToSCFTransformation transformation;
    auto &dominance = getAnalysis<DominanceInfo>();
    if (failed(transformCFGToSCF(fn.getBody(), transformation, dominance)))
      return signalPassFailure();
  }
};
} // namespace
