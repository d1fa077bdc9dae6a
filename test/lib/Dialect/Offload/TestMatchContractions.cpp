//===- TestMatchContractions.cpp - test pass for matchContraction -*- C++ -*-//
//
// Reports, for every linalg op but fills, what `matchContraction` makes of
// it, so that tests can check that an op is a contraction for the passes
// that rely on the matcher, and with which loops.
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
        op->emitRemark() << "not a contraction";
        return;
      }
      auto printDims = [](InFlightDiagnostic &diag, ArrayRef<unsigned> dims) {
        diag << "[";
        llvm::interleaveComma(dims, diag,
                              [&](unsigned dim) { diag << "d" << dim; });
        diag << "]";
      };
      InFlightDiagnostic diag = op->emitRemark();
      diag << "contraction: ";
      if (match->batch >= 0)
        diag << "batch = d" << match->batch << ", ";
      diag << "m = d" << match->m << ", n = d" << match->n << ", k = d"
           << match->k << "; A ";
      printDims(diag, match->aDims);
      diag << " " << match->aType << ", B ";
      printDims(diag, match->bDims);
      diag << " " << match->bType << ", C ";
      printDims(diag, match->cDims);
      diag << " " << match->cType;
    });
  }
};
} // namespace

namespace mlir::offload::test {
void registerTestMatchContractionsPass() {
  PassRegistration<TestMatchContractionsPass>();
}
} // namespace mlir::offload::test
