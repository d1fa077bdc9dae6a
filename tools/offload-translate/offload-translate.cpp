//===- offload-translate.cpp - offload modules to LLVM IR -------*- C++ -*-===//
//
// mlir-translate for modules lowered by offload-pipeline: --mlir-to-llvmir
// emits LLVM IR with the device images embedded and registered with the
// offload runtime.
//
//===----------------------------------------------------------------------===//

#include "offload/Driver/Driver.h"
#include "offload/InitAllDialects.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/IR/Module.h"

using namespace mlir;

int main(int argc, char **argv) {
  TranslateFromMLIRRegistration toLLVMIR(
      "mlir-to-llvmir",
      "Translate an offload module lowered to the LLVM dialect (by "
      "offload-pipeline) to LLVM IR with its device images",
      [](Operation *op, raw_ostream &output) {
        llvm::LLVMContext context;
        std::unique_ptr<llvm::Module> module =
            offload::translateOffloadModule(cast<ModuleOp>(op), context);
        if (!module)
          return failure();
        module->print(output, nullptr);
        return success();
      },
      [](DialectRegistry &registry) {
        registry.insert<DLTIDialect>();
        offload::registerAllDialects(registry);
      });
  return failed(mlirTranslateMain(argc, argv, "offload translation driver"));
}
