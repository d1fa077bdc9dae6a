//===- offload-opt.cpp - the offload optimizer driver -----------*- C++ -*-===//
//
// mlir-opt for offload programs: parses the offload dialect and the dialects
// kernels and host code are written in, and runs our passes and pipelines
// (see --help, e.g. --offload-pipeline="targets=nvptx:sm_90,host").
// Diagnostics come without a dump of the operation unless
// --mlir-print-op-on-diagnostic asks for it.
//
//===----------------------------------------------------------------------===//

#include "offload/InitAllDialects.h"
#include "offload/InitAllPasses.h"

#include "offload/Dialect/Offload/Utils/ParserGuards.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

namespace mlir::offload::test {
void registerTestMatchContractionsPass();
} // namespace mlir::offload::test

/// Diagnostics name the operation and its location; a dump of the operation
/// after each (hundreds of lines inside a kernel) would bury them. MLIR
/// dumps by default: make `--mlir-print-op-on-diagnostic` default to false
/// here (the flag turns it back on).
static void quietDiagnosticsByDefault() {
  mlir::registerMLIRContextCLOptions();
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find("mlir-print-op-on-diagnostic");
  if (it != options.end())
    static_cast<llvm::cl::opt<bool> *>(it->second)->setInitialValue(false);
}

int main(int argc, char **argv) {
  quietDiagnosticsByDefault();
  mlir::offload::registerAllPasses();
  // Test passes (test/lib).
  mlir::offload::test::registerTestMatchContractionsPass();
  mlir::DialectRegistry registry;
  mlir::offload::registerAllDialects(registry);
  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv, "offload optimizer driver\n", registry);
  // Input MLIR 22's parser crashes on is an error here (a file; standard
  // input cannot be read twice).
  if (input != "-") {
    std::string message;
    if (std::unique_ptr<llvm::MemoryBuffer> file =
            mlir::openInputFile(input, &message)) {
      llvm::SourceMgr sourceMgr;
      sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
      mlir::MLIRContext context;
      mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context);
      if (mlir::failed(
              mlir::offload::checkParserCrashes(sourceMgr, &context)))
        return 1;
    }
  }
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, input, output, registry));
}
