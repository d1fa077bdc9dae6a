//===- Inlining.cpp - inlining calls of one-block functions -----*- C++ -*-===//

#include "offload/Dialect/Offload/Utils/Inlining.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::offload;

CallGraphOfFuncs::CallGraphOfFuncs(ModuleOp module) {
  SymbolTable symbols(module);
  for (auto func : module.getOps<func::FuncOp>())
    func.walk([&](func::CallOp call) {
      if (auto callee = symbols.lookup<func::FuncOp>(call.getCallee()))
        callees[func].insert(callee);
    });
}

bool CallGraphOfFuncs::isRecursive(func::FuncOp func) {
  auto [it, inserted] = recursive.try_emplace(func, false);
  if (!inserted)
    return it->second;
  llvm::SmallPtrSet<Operation *, 8> seen;
  SmallVector<Operation *> stack(callees[func].begin(), callees[func].end());
  bool found = false;
  while (!stack.empty() && !found) {
    Operation *next = stack.pop_back_val();
    found = next == func.getOperation();
    if (seen.insert(next).second)
      stack.append(callees[next].begin(), callees[next].end());
  }
  recursive[func] = found;
  return found;
}

void mlir::offload::inlineOneBlockCall(func::CallOp call, func::FuncOp callee,
                                       bool callSite) {
  Block &body = callee.getBody().front();
  IRMapping mapping;
  mapping.map(body.getArguments(), call.getOperands());
  OpBuilder b(call);
  for (Operation &op : body.without_terminator()) {
    Operation *copy = b.clone(op, mapping);
    if (callSite)
      copy->walk([&](Operation *nested) {
        nested->setLoc(CallSiteLoc::get(nested->getLoc(), call.getLoc()));
      });
  }
  for (auto [result, value] :
       llvm::zip(call.getResults(), body.getTerminator()->getOperands()))
    result.replaceAllUsesWith(mapping.lookupOrDefault(value));
}
