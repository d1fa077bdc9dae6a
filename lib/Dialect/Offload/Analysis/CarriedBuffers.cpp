//===- CarriedBuffers.cpp - Buffers loops pass between iterations ---------===//
//
// A union-find over the memref values inside a loop that may hold what it
// carries: the walk starts at the loop's region arguments and follows what
// the body makes of them; a value made of several (an scf.if's result, an
// inner loop's argument) joins them all, and one made of something else (a
// buffer allocated in the loop) leaves its group open.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Analysis/CarriedBuffers.h"
#include "offload/Dialect/Offload/Analysis/KernelAccess.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/MapVector.h"

#include <optional>

using namespace mlir;
using namespace mlir::offload;

namespace {
/// Classes of the memref values inside a loop that may hold one buffer.
struct ValueClasses {
  DenseMap<Value, unsigned> ids;
  SmallVector<Value> values;
  SmallVector<unsigned> leader;
  SmallVector<std::string> open;
  SmallVector<Value> worklist;

  void add(Value value) {
    if (!isa<BaseMemRefType>(value.getType()))
      return;
    auto [it, inserted] = ids.try_emplace(value, values.size());
    if (!inserted)
      return;
    values.push_back(value);
    leader.push_back(leader.size());
    open.emplace_back();
    worklist.push_back(value);
  }
  unsigned find(unsigned j) {
    while (leader[j] != j)
      j = leader[j] = leader[leader[j]];
    return j;
  }
  void unite(unsigned a, unsigned b) { leader[find(a)] = find(b); }
};
} // namespace

/// The values `value` (one the walk reached inside the loop) is made of.
static std::optional<SmallVector<Value>> getSources(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
      if (arg.getArgNumber() == 0)
        return std::nullopt;
      unsigned i = arg.getArgNumber() - 1;
      return SmallVector<Value>{forOp.getInitArgs()[i],
                                forOp.getYieldedValues()[i]};
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
      unsigned i = arg.getArgNumber();
      if (arg.getOwner() == whileOp.getBeforeBody())
        return SmallVector<Value>{whileOp.getInits()[i],
                                  whileOp.getYieldOp().getOperand(i)};
      return SmallVector<Value>{whileOp.getConditionOp().getArgs()[i]};
    }
    return std::nullopt;
  }
  auto result = cast<OpResult>(value);
  Operation *op = result.getOwner();
  unsigned i = result.getResultNumber();
  if (auto cast = dyn_cast<memref::CastOp>(op))
    return SmallVector<Value>{cast.getSource()};
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    if (ifOp.getElseRegion().empty())
      return std::nullopt;
    return SmallVector<Value>{ifOp.thenYield().getOperand(i),
                              ifOp.elseYield().getOperand(i)};
  }
  if (auto forOp = dyn_cast<scf::ForOp>(op))
    return SmallVector<Value>{forOp.getInitArgs()[i],
                              forOp.getYieldedValues()[i]};
  if (auto whileOp = dyn_cast<scf::WhileOp>(op))
    return SmallVector<Value>{whileOp.getConditionOp().getArgs()[i]};
  if (auto call = dyn_cast<CallOpInterface>(op))
    if (std::optional<unsigned> arg = getReturnedArgument(call, i))
      return SmallVector<Value>{call.getArgOperands()[*arg]};
  return std::nullopt;
}

bool mlir::offload::passesCarriedBuffer(Operation *loop, OpOperand &use) {
  Operation *user = use.getOwner();
  if (!loop->isAncestor(user))
    return false;
  if (isa<scf::YieldOp, scf::ConditionOp>(user))
    return isa<scf::IfOp, scf::ForOp, scf::WhileOp>(user->getParentOp());
  if (user == loop)
    return false;
  if (auto forOp = dyn_cast<scf::ForOp>(user))
    return use.getOperandNumber() >= forOp.getNumControlOperands();
  return isa<scf::WhileOp>(user);
}

std::vector<CarriedGroup> mlir::offload::getCarriedGroups(Operation *loop) {
  ValueClasses classes;
  // The loop's nodes: for scf.for, its iteration arguments; for scf.while,
  // the arguments of its "before" region (one per initial value), then
  // those of its "after" region (one per result).
  SmallVector<Value> members;
  SmallVector<std::optional<unsigned>> initOf;
  SmallVector<Value> resultOf;
  auto forOp = dyn_cast<scf::ForOp>(loop);
  auto whileOp = dyn_cast<scf::WhileOp>(loop);
  if (forOp) {
    for (unsigned j = 0, e = forOp.getNumRegionIterArgs(); j < e; ++j) {
      members.push_back(forOp.getRegionIterArgs()[j]);
      initOf.push_back(j);
      resultOf.push_back(forOp.getResult(j));
    }
  } else {
    for (unsigned i = 0, e = whileOp.getInits().size(); i < e; ++i) {
      members.push_back(whileOp.getBeforeArguments()[i]);
      initOf.push_back(i);
      resultOf.push_back(Value());
    }
    for (unsigned j = 0, e = whileOp.getNumResults(); j < e; ++j) {
      members.push_back(whileOp.getAfterArguments()[j]);
      initOf.push_back(std::nullopt);
      resultOf.push_back(whileOp.getResult(j));
    }
  }
  for (Value member : members)
    classes.add(member);
  // What the body makes of them.
  SmallVector<Value> derived;
  auto reach = [&](Value value) {
    if (!classes.ids.count(value) && isa<BaseMemRefType>(value.getType()))
      derived.push_back(value);
    classes.add(value);
  };
  while (!classes.worklist.empty()) {
    Value value = classes.worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (user == loop || !loop->isAncestor(user))
        continue;
      unsigned number = use.getOperandNumber();
      if (auto cast = dyn_cast<memref::CastOp>(user)) {
        reach(cast.getResult());
      } else if (isa<scf::YieldOp, scf::ConditionOp>(user)) {
        Operation *parent = user->getParentOp();
        if (parent == loop)
          continue;
        if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
          reach(ifOp.getResult(number));
        } else if (auto inner = dyn_cast<scf::ForOp>(parent)) {
          reach(inner.getRegionIterArgs()[number]);
          reach(inner.getResult(number));
        } else if (auto inner = dyn_cast<scf::WhileOp>(parent)) {
          if (isa<scf::YieldOp>(user)) {
            reach(inner.getBeforeArguments()[number]);
          } else if (number > 0) {
            reach(inner.getAfterArguments()[number - 1]);
            reach(inner.getResult(number - 1));
          }
        }
      } else if (auto inner = dyn_cast<scf::ForOp>(user)) {
        unsigned first = inner.getNumControlOperands();
        if (number >= first) {
          reach(inner.getRegionIterArgs()[number - first]);
          reach(inner.getResult(number - first));
        }
      } else if (auto inner = dyn_cast<scf::WhileOp>(user)) {
        reach(inner.getBeforeArguments()[number]);
      } else if (auto call = dyn_cast<CallOpInterface>(user)) {
        unsigned begin = call.getArgOperands().getBeginOperandIndex();
        if (number < begin || number >= begin + call.getArgOperands().size())
          continue;
        for (OpResult result : call->getResults())
          if (getReturnedArgument(call, result.getResultNumber()) ==
              number - begin)
            reach(result);
      }
    }
  }
  // A value made of several joins them; of something else, it is open.
  for (Value value : derived) {
    unsigned id = classes.ids.lookup(value);
    std::optional<SmallVector<Value>> sources = getSources(value);
    Operation *maker = isa<BlockArgument>(value)
                           ? value.getParentBlock()->getParentOp()
                           : value.getDefiningOp();
    if (!sources) {
      classes.open[id] = ("'" + maker->getName().getStringRef() +
                          "' in the loop may give another buffer")
                             .str();
      continue;
    }
    for (Value source : *sources) {
      auto it = classes.ids.find(source);
      if (it == classes.ids.end()) {
        classes.open[id] = ("'" + maker->getName().getStringRef() +
                            "' in the loop may give another buffer than one "
                            "the loop started with")
                               .str();
        continue;
      }
      classes.unite(id, it->second);
    }
  }
  // The loop's terminators pass values to its nodes.
  auto link = [&](unsigned node, Value value, const Twine &why) {
    if (!isa<BaseMemRefType>(members[node].getType()))
      return;
    unsigned id = classes.ids.lookup(members[node]);
    auto it = classes.ids.find(value);
    if (it == classes.ids.end()) {
      classes.open[id] = why.str();
      return;
    }
    classes.unite(id, it->second);
  };
  if (forOp) {
    for (unsigned j = 0, e = forOp.getNumRegionIterArgs(); j < e; ++j)
      link(j, forOp.getYieldedValues()[j],
           "iteration argument #" + Twine(j) +
               " is given another buffer than one the loop started with");
  } else {
    unsigned numInits = whileOp.getInits().size();
    ValueRange passed = whileOp.getConditionOp().getArgs();
    for (unsigned j = 0, e = passed.size(); j < e; ++j)
      link(numInits + j, passed[j],
           "its condition passes on another buffer as argument #" + Twine(j));
    ValueRange yielded = whileOp.getYieldOp().getOperands();
    for (unsigned i = 0; i < numInits; ++i)
      link(i, yielded[i],
           "iteration argument #" + Twine(i) +
               " is given another buffer than one the loop started with");
  }
  llvm::MapVector<unsigned, CarriedGroup> groups;
  for (unsigned j = 0, e = members.size(); j < e; ++j) {
    if (!isa<BaseMemRefType>(members[j].getType()))
      continue;
    CarriedGroup &group = groups[classes.find(classes.ids.lookup(members[j]))];
    if (initOf[j])
      group.inits.push_back({*initOf[j], members[j]});
    group.values.push_back(members[j]);
    if (resultOf[j])
      group.results.push_back(resultOf[j]);
  }
  for (unsigned id = 0, e = classes.values.size(); id < e; ++id) {
    auto it = groups.find(classes.find(id));
    if (it == groups.end())
      continue;
    CarriedGroup &group = it->second;
    if (!group.contains(classes.values[id]))
      group.values.push_back(classes.values[id]);
    if (group.open.empty())
      group.open = classes.open[id];
  }
  std::vector<CarriedGroup> result;
  for (auto &entry : groups)
    result.push_back(std::move(entry.second));
  return result;
}
