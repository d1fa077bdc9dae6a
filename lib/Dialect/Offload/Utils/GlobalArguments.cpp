//===- GlobalArguments.cpp - globals passed as arguments --------*- C++ -*-===//

#include "offload/Dialect/Offload/Utils/GlobalArguments.h"
#include "offload/Dialect/Offload/Analysis/KernelAccess.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::offload;

/// Whether `op`, nested in `fn`, may use values defined at `fn`'s entry: no
/// region in between is isolated from above.
static bool seesEntry(Operation *op, Operation *fn) {
  for (Operation *parent = op->getParentOp(); parent && parent != fn;
       parent = parent->getParentOp())
    if (parent->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return false;
  return true;
}

SmallVector<std::pair<Operation *, SmallVector<StringAttr>>>
mlir::offload::passGlobalsAsArguments(ModuleOp module) {
  SmallVector<std::pair<Operation *, SmallVector<StringAttr>>> changed;
  // Host functions: func.func with a body that no kernel reaches through
  // calls (device code keeps its globals).
  SymbolTable symbols(module);
  SmallVector<func::FuncOp> functions;
  DenseSet<Operation *> device;
  SmallVector<Operation *> worklist;
  module.walk([&](KernelOp kernel) { worklist.push_back(kernel); });
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    op->walk([&](CallOpInterface call) {
      Operation *callee = call.resolveCallable();
      if (callee && device.insert(callee).second)
        worklist.push_back(callee);
    });
  }
  for (auto fn : module.getOps<func::FuncOp>())
    if (!fn.isExternal() && !device.contains(fn))
      functions.push_back(fn);
  DenseSet<Operation *> isHost(functions.begin(), functions.end());

  // The globals launches may map: a memref.get_global whose value reaches a
  // launch, through views, the arguments of host functions, and what they
  // return to their callers (a fixpoint over those positions).
  DenseSet<std::pair<Operation *, unsigned>> argReaches, resultReaches;
  auto reaches = [&](Value value) {
    bool found = false;
    forEachUseThroughViews(value, [&](OpOperand &use) {
      Operation *user = use.getOwner();
      if (auto launch = dyn_cast<LaunchOp>(user)) {
        found |= launch.getMapFor(use.get()) != nullptr;
      } else if (isa<PackOp>(user)) {
        found = true; // an aggregate's member: launched, conservatively
      } else if (auto call = dyn_cast<func::CallOp>(user)) {
        Operation *callee = symbols.lookup(call.getCallee());
        found |=
            callee && argReaches.contains({callee, use.getOperandNumber()});
      } else if (isa<func::ReturnOp>(user)) {
        found |= resultReaches.contains(
            {user->getParentOp(), use.getOperandNumber()});
      }
    });
    return found;
  };
  for (bool grew = true; grew;) {
    grew = false;
    for (func::FuncOp fn : functions) {
      for (BlockArgument arg : fn.getArguments())
        if (isa<MemRefType>(arg.getType()) &&
            !argReaches.contains({fn, arg.getArgNumber()}) && reaches(arg))
          grew |= argReaches.insert({fn, arg.getArgNumber()}).second;
      fn.walk([&](func::CallOp call) {
        Operation *callee = symbols.lookup(call.getCallee());
        if (!callee || !isHost.contains(callee))
          return;
        for (OpResult result : call->getResults())
          if (isa<MemRefType>(result.getType()) &&
              !resultReaches.contains({callee, result.getResultNumber()}) &&
              reaches(result))
            grew |=
                resultReaches.insert({callee, result.getResultNumber()}).second;
      });
    }
  }
  llvm::SetVector<StringAttr> launched;
  for (func::FuncOp fn : functions)
    fn.walk([&](memref::GetGlobalOp get) {
      if (!launched.contains(get.getNameAttr().getAttr()) &&
          reaches(get.getResult()))
        launched.insert(get.getNameAttr().getAttr());
    });
  if (launched.empty())
    return changed;

  // The launched globals each function uses, itself or through the host
  // functions it calls.
  DenseMap<Operation *, llvm::SetVector<StringAttr>> reach;
  DenseMap<Operation *, SmallVector<Operation *>> callees;
  DenseMap<Operation *, unsigned> callers;
  for (func::FuncOp fn : functions) {
    fn.walk([&](Operation *op) {
      if (auto get = dyn_cast<memref::GetGlobalOp>(op)) {
        if (launched.contains(get.getNameAttr().getAttr()))
          reach[fn].insert(get.getNameAttr().getAttr());
      } else if (auto call = dyn_cast<func::CallOp>(op)) {
        Operation *callee = symbols.lookup(call.getCallee());
        if (callee && isHost.contains(callee)) {
          callees[fn].push_back(callee);
          ++callers[callee];
        }
      }
    });
  }
  for (bool grew = true; grew;) {
    grew = false;
    for (func::FuncOp fn : functions)
      for (Operation *callee : callees.lookup(fn))
        for (StringAttr name : reach.lookup(callee))
          grew |= reach[fn].insert(name);
  }

  // The functions that take them: those host functions call. A function
  // reached otherwise keeps its body; host calls call a copy. `taking`: the
  // function that takes them, by the one host calls called.
  DenseMap<Operation *, func::FuncOp> taking;
  for (func::FuncOp fn : functions) {
    if (!callers.lookup(fn) || reach.lookup(fn).empty())
      continue;
    SmallVector<StringAttr> names(reach[fn].begin(), reach[fn].end());
    llvm::sort(names, [](StringAttr a, StringAttr b) {
      return a.getValue() < b.getValue();
    });
    bool onlyHostCalls = fn.isPrivate();
    if (std::optional<SymbolTable::UseRange> uses =
            SymbolTable::getSymbolUses(fn, module)) {
      for (const SymbolTable::SymbolUse &use : *uses) {
        auto call = dyn_cast<func::CallOp>(use.getUser());
        Operation *caller =
            call ? call->getParentOfType<func::FuncOp>() : nullptr;
        onlyHostCalls &=
            caller && isHost.contains(caller) && seesEntry(call, caller);
      }
    } else {
      onlyHostCalls = false;
    }
    func::FuncOp target = fn;
    if (!onlyHostCalls) {
      target = fn.clone();
      target.setName((fn.getName() + "_globals").str());
      target.setPrivate();
      symbols.insert(target, std::next(Block::iterator(fn)));
    }
    Block &entry = target.getBody().front();
    for (StringAttr name : names) {
      auto global = symbols.lookup<memref::GlobalOp>(name);
      unsigned position = target.getNumArguments();
      if (failed(target.insertArgument(position, global.getType(), {},
                                       global.getLoc())))
        continue;
      Value arg = entry.getArgument(position);
      target.walk([&](memref::GetGlobalOp get) {
        if (get.getNameAttr().getAttr() == name && seesEntry(get, target)) {
          get.replaceAllUsesWith(arg);
          get.erase();
        }
      });
    }
    taking[fn] = target;
    changed.push_back({target, names});
  }
  // The globals each taking function takes, in order.
  DenseMap<Operation *, ArrayRef<StringAttr>> takes;
  for (auto &[target, names] : changed)
    takes[target] = names;

  // Every other host function gets each launched global once, at its entry
  // (one value the placement follows).
  SmallVector<func::FuncOp> all(functions);
  for (auto &entry : changed)
    if (!isHost.contains(entry.first))
      all.push_back(cast<func::FuncOp>(entry.first));
  for (func::FuncOp fn : all) {
    DenseMap<StringAttr, Value> values;
    Block &entry = fn.getBody().front();
    if (ArrayRef<StringAttr> names = takes.lookup(fn); !names.empty()) {
      unsigned first = fn.getNumArguments() - names.size();
      for (auto [k, name] : llvm::enumerate(names))
        values[name] = entry.getArgument(first + k);
    }
    auto valueOf = [&](StringAttr name) {
      Value &value = values[name];
      if (!value) {
        auto global = symbols.lookup<memref::GlobalOp>(name);
        OpBuilder b = OpBuilder::atBlockBegin(&entry);
        value = memref::GetGlobalOp::create(b, global.getLoc(),
                                            global.getType(), name.getValue());
      }
      return value;
    };
    SmallVector<memref::GetGlobalOp> gets;
    fn.walk([&](memref::GetGlobalOp get) {
      if (launched.contains(get.getNameAttr().getAttr()) && seesEntry(get, fn))
        gets.push_back(get);
    });
    for (memref::GetGlobalOp get : gets) {
      get.replaceAllUsesWith(valueOf(get.getNameAttr().getAttr()));
      get.erase();
    }
    fn.walk([&](func::CallOp call) {
      auto it = taking.find(symbols.lookup(call.getCallee()));
      if (it == taking.end() || !seesEntry(call, fn))
        return;
      SmallVector<Value> extra;
      for (StringAttr name : takes.lookup(it->second))
        extra.push_back(valueOf(name));
      call.setCallee(it->second.getName());
      call.getOperandsMutable().append(extra);
    });
  }
  return changed;
}
