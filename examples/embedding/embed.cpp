// Lowers a module with offload's pipeline from C++ (as an ML compiler that
// embeds offload would), then counts what is left.
#include "offload/InitAllDialects.h"
#include "offload/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/raw_ostream.h"

static const char *kSource = R"mlir(
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @scale(%a: f32, %x: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32>
      %r = arith.mulf %a, %v : f32
      memref.store %r, %x[%i] : memref<?xf32>
    }
    offload.return
  }
  func.func @twice(%a: f32, %x: memref<?xf32>) {
    offload.launch @scale(%a, %x) : (f32, memref<?xf32>) -> ()
    offload.launch @scale(%a, %x) : (f32, memref<?xf32>) -> ()
    return
  }
}
)mlir";

int main() {
  mlir::DialectRegistry registry;
  mlir::offload::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(kSource, &context);
  if (!module)
    return 1;
  mlir::PassManager pm(&context);
  mlir::offload::OffloadPipelineOptions options;
  mlir::offload::buildOffloadPipeline(pm, options);
  if (mlir::failed(pm.run(*module)))
    return 1;
  unsigned kernelLaunches = 0, functions = 0;
  module->walk([&](mlir::Operation *op) {
    llvm::StringRef name = op->getName().getStringRef();
    functions += name == "llvm.func";
    if (name == "llvm.call")
      if (auto callee = op->getAttrOfType<mlir::FlatSymbolRefAttr>("callee"))
        kernelLaunches += callee.getValue() == "__tgt_target_kernel";
  });
  llvm::outs() << "lowered: " << kernelLaunches
               << " kernel launch(es), " << functions << " llvm.func\n";
  return 0;
}
