//===- offload-opt.cpp - the offload optimizer driver -----------*- C++ -*-===//
//
// mlir-opt for offload programs: parses the offload dialect and the dialects
// kernels and host code are written in, and runs our passes and pipelines
// (see --help, e.g. --offload-pipeline="targets=nvptx:sm_90,host").
//
//===----------------------------------------------------------------------===//

#include "offload/InitAllDialects.h"
#include "offload/InitAllPasses.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

namespace mlir::offload::test {
void registerTestMatchContractionsPass();
} // namespace mlir::offload::test

int main(int argc, char **argv) {
  mlir::offload::registerAllPasses();
  // Test passes (test/lib).
  mlir::offload::test::registerTestMatchContractionsPass();
  mlir::DialectRegistry registry;
  mlir::offload::registerAllDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "offload optimizer driver\n", registry));
}
