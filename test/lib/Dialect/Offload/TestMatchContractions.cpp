//===- TestMatchContractions.cpp - test pass for matchContraction -*- C++ -*-//
//
// Reports, for every linalg op but fills, what `matchContraction` makes of
// it (the loops and operand layouts of a contraction, or a rejection), so that
// tests can check that an op is a contraction for the passes that rely on the
// matcher, and with which loops.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Utils/Contraction.h"

#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
struct TestMatchContractionsPass
    : public PassWrapper<TestMatchContractionsPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestMatchContractionsPass)

  StringRef getArgument() const final {
    return "test-offload-match-contractions";
  }
  StringRef getDescription() const final {
    return "Report what matchContraction makes of every linalg op";
  }

  void runOnOperation() override {
    getOperation()->walk([](linalg::LinalgOp op) {
      if (isa<linalg::FillOp>(op))
        return;
      std::optional<ContractionMatch> match = matchContraction(op);
      if (!match) {
        op->emitRemark() << "matchContraction rejects this op";
        return;
      }
      std::string message;
      llvm::raw_string_ostream os(message);
      auto printOperand = [&](StringRef name, ArrayRef<unsigned> dims,
                              Type type) {
        os << name << " [";
        llvm::interleaveComma(dims, os,
                              [&](unsigned dim) { os << "d" << dim; });
        os << "] " << type;
      };
      os << "contraction: ";
      if (match->batch >= 0)
        os << "batch = d" << match->batch << ", ";
      os << "m = d" << match->m << ", n = d" << match->n << ", k = d"
         << match->k << "; ";
      printOperand("A", match->aDims, match->aType);
      os << ", ";
      printOperand("B", match->bDims, match->bType);
      os << ", ";
      printOperand("C", match->cDims, match->cType);
      op->emitRemark(message);
    });
  }
};
} // namespace

namespace mlir::offload::test {
void registerTestMatchContractionsPass() {
  PassRegistration<TestMatchContractionsPass>();
}
} // namespace mlir::offload::test
