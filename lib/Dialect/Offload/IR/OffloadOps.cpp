//===- OffloadOps.cpp - offload operations ----------------------*- C++ -*-===//
//
// Builders, the map-clause syntax, verifiers and side effects of the offload
// operations.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/IR/OffloadOps.h"

#include "llvm/ADT/StringExtras.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::offload;

//===----------------------------------------------------------------------===//
// Map clauses: `map(always, to: %x : memref<?xf32>, tofrom: %y : ...)`
//===----------------------------------------------------------------------===//

static ParseResult
parseMapClauses(OpAsmParser &parser,
                SmallVectorImpl<OpAsmParser::UnresolvedOperand> &vars,
                SmallVectorImpl<Type> &types, ArrayAttr &kinds) {
  SmallVector<Attribute> clauses;
  auto parseClause = [&]() -> ParseResult {
    // Modifiers and the kind, separated by commas, up to the colon.
    SmallVector<StringRef> words;
    SMLoc loc = parser.getCurrentLocation();
    do {
      StringRef word;
      if (parser.parseKeyword(&word))
        return failure();
      words.push_back(word);
    } while (succeeded(parser.parseOptionalComma()));
    MapModifier modifiers = MapModifier::none;
    for (StringRef word : ArrayRef(words).drop_back()) {
      std::optional<MapModifier> modifier = symbolizeMapModifier(word);
      if (!modifier || *modifier == MapModifier::none)
        return parser.emitError(loc) << "unknown map modifier '" << word
                                     << "' (expected 'always' or 'present')";
      modifiers = modifiers | *modifier;
    }
    std::optional<MapKind> kind = symbolizeMapKind(words.back());
    if (!kind)
      return parser.emitError(loc)
             << "unknown map kind '" << words.back()
             << "' (expected to, from, tofrom, alloc, release or delete)";
    OpAsmParser::UnresolvedOperand var;
    Type type;
    if (parser.parseColon() || parser.parseOperand(var) ||
        parser.parseColonType(type))
      return failure();
    vars.push_back(var);
    types.push_back(type);
    clauses.push_back(MapAttr::get(parser.getContext(), *kind, modifiers));
    return success();
  };
  // Clauses are separated by commas too; a clause starts with a keyword, so
  // parse clause by clause.
  if (parseClause())
    return failure();
  while (succeeded(parser.parseOptionalComma()))
    if (parseClause())
      return failure();
  kinds = parser.getBuilder().getArrayAttr(clauses);
  return success();
}

static void printMapClauses(OpAsmPrinter &p, Operation *, OperandRange vars,
                            TypeRange types, ArrayAttr kinds) {
  if (!kinds)
    return;
  llvm::interleaveComma(
      llvm::zip(vars, types, kinds.getAsRange<MapAttr>()), p, [&](auto it) {
        auto [var, type, clause] = it;
        if (clause.isAlways())
          p << "always, ";
        if (clause.isPresent())
          p << "present, ";
        p << stringifyMapKind(clause.getKind()) << ": " << var << " : " << type;
      });
}

//===----------------------------------------------------------------------===//
// Device lists: `devices(%d0, %d1 : i32, i32)` or `devices(all)`
//===----------------------------------------------------------------------===//

static ParseResult
parseDevices(OpAsmParser &parser,
             SmallVectorImpl<OpAsmParser::UnresolvedOperand> &devices,
             SmallVectorImpl<Type> &types, UnitAttr &all) {
  if (failed(parser.parseOptionalKeyword("devices")))
    return success();
  if (parser.parseLParen())
    return failure();
  if (succeeded(parser.parseOptionalKeyword("all"))) {
    all = parser.getBuilder().getUnitAttr();
    return parser.parseRParen();
  }
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalRParen()))
    return parser.emitError(loc)
           << "'devices()' lists no device: give device numbers "
              "('devices(%d0, %d1 : i32, i32)'), a buffer of them "
              "('devices(%list : memref<?xi32>)'), or 'all'";
  if (parser.parseOperandList(devices) || parser.parseColonTypeList(types) ||
      parser.parseRParen())
    return failure();
  return success();
}

static void printDevices(OpAsmPrinter &p, Operation *, OperandRange devices,
                         TypeRange types, UnitAttr all) {
  if (all) {
    p << "devices(all)";
    return;
  }
  if (devices.empty())
    return;
  p << "devices(" << devices << " : " << types << ")";
}

/// Verifies the map clauses of `op`: one kind per value, values are
/// memrefs, no value twice, and every kind is one of `allowed`.
static LogicalResult verifyMapClauses(Operation *op, OperandRange vars,
                                      ArrayAttr kinds,
                                      ArrayRef<MapKind> allowed) {
  size_t numKinds = kinds ? kinds.size() : 0;
  if (numKinds != vars.size())
    return op->emitOpError()
           << "has " << vars.size() << " mapped value(s) but " << numKinds
           << " map kind(s)";
  llvm::SmallPtrSet<Value, 8> seen;
  for (auto [index, var] : llvm::enumerate(vars)) {
    if (!isa<MemRefType>(var.getType()))
      return op->emitOpError()
             << "map clause #" << index << " names a value of type "
             << var.getType() << ", not a buffer (memref)";
    if (!seen.insert(var).second)
      return op->emitOpError()
             << "map clause #" << index << " maps a buffer that an earlier "
             << "clause already maps";
    auto clause = cast<MapAttr>(kinds[index]);
    if (!llvm::is_contained(allowed, clause.getKind())) {
      InFlightDiagnostic diag = op->emitOpError()
                                << "map kind '"
                                << stringifyMapKind(clause.getKind())
                                << "' is not allowed here (allowed: ";
      llvm::interleaveComma(
          allowed, diag, [&](MapKind kind) { diag << stringifyMapKind(kind); });
      return diag << ")";
    }
  }
  return success();
}

/// Launches and data movement are host code: a kernel cannot contain them.
static LogicalResult verifyHostOnly(Operation *op) {
  if (op->getParentOfType<KernelOp>())
    return op->emitOpError()
           << "is host code and cannot be used inside an offload.kernel";
  return success();
}

//===----------------------------------------------------------------------===//
// Kernel argument types
//===----------------------------------------------------------------------===//

/// Scalars a kernel can take: integers of at most 64 bits, index, and the
/// floats every target has (f16, bf16, f32, f64; not tf32 or the 8- and
/// 4-bit formats, which no target lowers as values).
static bool isSupportedScalar(Type type) {
  if (isa<IndexType>(type))
    return true;
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.getWidth() <= 64;
  return isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type);
}

/// Plain structs a buffer may hold, moved bitwise: complex numbers, and
/// vectors of 2^k scalars (whose size has no padding).
static bool isSupportedElement(Type type) {
  if (isSupportedScalar(type))
    return true;
  if (auto complex = dyn_cast<ComplexType>(type))
    return isa<FloatType>(complex.getElementType()) &&
           isSupportedScalar(complex.getElementType());
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getRank() == 1 && !vector.isScalable() &&
           llvm::isPowerOf2_64(vector.getNumElements()) &&
           isSupportedScalar(vector.getElementType()) &&
           !isa<IndexType>(vector.getElementType());
  return false;
}

bool mlir::offload::isSupportedKernelArgType(Type type) {
  if (isSupportedScalar(type))
    return true;
  if (auto tuple = dyn_cast<TupleType>(type))
    return tuple.size() > 0 && llvm::all_of(tuple.getTypes(), [](Type member) {
             return !isa<TupleType>(member) &&
                    isSupportedKernelArgType(member);
           });
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !isSupportedElement(memref.getElementType()))
    return false;
  if (Attribute space = memref.getMemorySpace()) {
    auto intSpace = dyn_cast<IntegerAttr>(space);
    if (!intSpace || intSpace.getInt() != 0)
      return false;
  }
  return memref.isStrided();
}

//===----------------------------------------------------------------------===//
// KernelOp
//===----------------------------------------------------------------------===//

void KernelOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                     FunctionType type) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addRegion();
}

ParseResult KernelOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void KernelOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

bool mlir::offload::isKernelName(StringRef name) {
  return !name.empty() && !llvm::isDigit(name.front()) &&
         llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

std::string mlir::offload::toKernelName(StringRef name) {
  std::string result;
  if (name.empty() || llvm::isDigit(name.front()))
    result.push_back('_');
  for (char c : name)
    result.push_back(llvm::isAlnum(c) ? c : '_');
  return result;
}

LogicalResult KernelOp::verify() {
  // The name is the kernel's symbol in every device image (PTX, AMDGPU
  // assembly, the host's ELF), which take C identifiers.
  StringRef name = getSymName();
  if (!isKernelName(name))
    return emitOpError() << "name '" << name
                         << "' cannot be a symbol of every device image: a "
                            "kernel's name is a C identifier (letters, "
                            "digits and '_', not starting with a digit)";
  if (getFunctionType().getNumResults() != 0)
    return emitOpError() << "kernels return no values; write results to a "
                            "buffer argument instead";
  for (auto [index, type] : llvm::enumerate(getArgumentTypes()))
    if (!isSupportedKernelArgType(type))
      return emitOpError()
             << "argument #" << index << " has unsupported type " << type
             << ": kernel arguments are memrefs (identity or strided layout, "
                "default memory space) of integers, floats (f16, bf16, f32, "
                "f64), index, complex numbers or vectors of 2^k integers or "
                "floats, and integer, float or index scalars of at most 64 "
                "bits";
  if (getBody().empty())
    return emitOpError() << "needs a body";
  for (BlockArgument arg : getArguments())
    if (isa<TupleType>(arg.getType()))
      for (Operation *user : arg.getUsers())
        if (!isa<UnpackOp>(user))
          return user->emitOpError()
                 << "uses aggregate argument #" << arg.getArgNumber()
                 << " of the kernel; take it apart with offload.unpack "
                    "first";
  if (getParallelRank() > 3)
    return getParallelLoop()->emitError()
           << "a kernel's parallel loop has 1 to 3 dimensions, this one "
           << getParallelRank();
  return success();
}

Operation *KernelOp::getParallelLoop() {
  for (Operation &op : getBody().front())
    if (isa<scf::ParallelOp, scf::ForallOp>(op))
      return &op;
  return nullptr;
}

unsigned KernelOp::getParallelRank() {
  Operation *loop = getParallelLoop();
  if (auto parallel = dyn_cast_or_null<scf::ParallelOp>(loop))
    return parallel.getNumLoops();
  if (auto forall = dyn_cast_or_null<scf::ForallOp>(loop))
    return forall.getRank();
  return 0;
}

//===----------------------------------------------------------------------===//
// PackOp, UnpackOp
//===----------------------------------------------------------------------===//

LogicalResult PackOp::verify() {
  auto type = cast<TupleType>(getAggregate().getType());
  if (!isSupportedKernelArgType(type))
    return emitOpError()
           << "makes " << type
           << ": an aggregate has at least one member, and its members are "
              "what a kernel argument may be (buffers and scalars), not "
              "aggregates";
  return success();
}

LogicalResult UnpackOp::fold(FoldAdaptor,
                             SmallVectorImpl<OpFoldResult> &results) {
  auto pack = getAggregate().getDefiningOp<PackOp>();
  if (!pack)
    return failure();
  llvm::append_range(results, pack.getMembers());
  return success();
}

SmallVector<Value> mlir::offload::getAggregateMembers(Value value) {
  if (auto pack = value.getDefiningOp<PackOp>())
    return llvm::to_vector(pack.getMembers());
  return {value};
}

//===----------------------------------------------------------------------===//
// LaunchOp
//===----------------------------------------------------------------------===//

/// The argument a map clause of a launch names: `var` itself or the source
/// of the subview `var` is.
static Value getSectionSource(Value var) {
  if (auto subview = var.getDefiningOp<memref::SubViewOp>())
    return subview.getSource();
  return var;
}

/// `value` without the memref.casts around it (the same elements).
static Value stripMemRefCasts(Value value) {
  while (auto cast = value.getDefiningOp<memref::CastOp>())
    value = cast.getSource();
  return value;
}

/// Whether map clause `var` names `value`: itself, a subview of it, or
/// (when no clause names it so) a cast of the same buffer, which an
/// argument passed also as a cast of itself shares.
static bool namesArgument(Value var, Value value, bool throughCasts) {
  if (var == value || getSectionSource(var) == value)
    return true;
  return throughCasts &&
         stripMemRefCasts(getSectionSource(var)) == stripMemRefCasts(value);
}

MapAttr LaunchOp::getMapFor(Value value) {
  ArrayAttr kinds = getMapKindsAttr();
  if (!kinds)
    return {};
  for (bool throughCasts : {false, true})
    for (auto [var, kind] : llvm::zip(getMapVars(), kinds))
      if (namesArgument(var, value, throughCasts))
        return cast<MapAttr>(kind);
  return {};
}

Value LaunchOp::getMappedSection(Value value) {
  for (bool throughCasts : {false, true})
    for (Value var : getMapVars())
      if (namesArgument(var, value, throughCasts))
        return var;
  return {};
}

LogicalResult LaunchOp::verify() {
  if (failed(verifyHostOnly(*this)))
    return failure();
  if (getAllDevices() && !getDevices().empty())
    return emitOpError() << "lists devices and also asks for all of them; "
                            "give one of 'devices(...)' and 'devices(all)'";
  if (getDevices().size() > 1)
    for (Value device : getDevices())
      if (isa<MemRefType>(device.getType()))
        return emitOpError() << "lists devices both as values and in a "
                                "buffer; give one buffer or the values";
  for (Value device : getDevices())
    if (auto list = dyn_cast<MemRefType>(device.getType());
        list && !list.isStrided())
      return emitOpError() << "lists its devices in " << list
                           << ", whose layout is not strided: the host reads "
                              "the list element by element";
  if (getAllDevices() || !getDevices().empty()) {
    if (getDevice())
      return emitOpError() << "has both 'device(...)' and 'devices(...)'";
    if (!getMapVars().empty())
      return emitOpError()
             << "has map clauses on a launch over several devices; each "
                "device's sections are inferred, leave 'map(...)' out";
    if (!getBlocks().empty() || !getThreads().empty())
      return emitOpError()
             << "sets a grid on a launch over several devices; each device's "
                "grid is chosen for its share, leave 'blocks(...)' and "
                "'threads(...)' out";
  }
  if (getMapKindsAttr() && getMapKindsAttr().empty())
    return emitOpError() << "has an empty 'map_kinds' attribute; leave it out "
                            "when nothing is mapped";
  if (failed(verifyMapClauses(
          *this, getMapVars(), getMapKindsAttr(),
          {MapKind::to, MapKind::from, MapKind::tofrom, MapKind::alloc})))
    return failure();
  // What map clauses may name: arguments and the members of aggregates.
  SmallVector<Value> mappable;
  for (auto [index, arg] : llvm::enumerate(getArgs())) {
    if (isa<TupleType>(arg.getType()) && !arg.getDefiningOp<PackOp>())
      return emitOpError() << "argument #" << index
                           << " is an aggregate that is not made by an "
                              "offload.pack the launch can see; pack its "
                              "members next to the launch";
    llvm::append_range(mappable, getAggregateMembers(arg));
  }
  llvm::SmallDenseSet<Value> mapped;
  for (auto [index, var] : llvm::enumerate(getMapVars())) {
    Value arg = llvm::is_contained(mappable, var) ? var
                                                  : getSectionSource(var);
    if (!llvm::is_contained(mappable, arg))
      return emitOpError() << "map clause #" << index
                           << " names a buffer that is neither an argument "
                              "of the launch (or a member of one) nor a "
                              "memref.subview of one";
    if (!mapped.insert(arg).second)
      return emitOpError() << "map clause #" << index
                           << " maps an argument that an earlier clause "
                              "already maps";
  }
  if (getBlocks().size() != getThreads().size())
    return emitOpError() << "has " << getBlocks().size()
                         << " block dimensions but " << getThreads().size()
                         << " thread dimensions; give both with the same rank";
  if (getBlocks().size() > 3)
    return emitOpError() << "has a grid of " << getBlocks().size()
                         << " dimensions; grids have 1 to 3";
  return success();
}

LogicalResult LaunchOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  Operation *symbol =
      symbolTable.lookupNearestSymbolFrom(*this, getKernelAttr());
  if (!symbol) {
    InFlightDiagnostic diag = emitOpError()
                              << "launches unknown kernel " << getKernelAttr();
    // The kernel of the enclosing symbol tables whose name is nearest.
    StringRef wanted = getKernel();
    StringRef best;
    unsigned bestDistance = std::max<size_t>(wanted.size() / 3, 1) + 1;
    for (Operation *table = SymbolTable::getNearestSymbolTable(*this); table;
         table = table->getParentOp()
                     ? SymbolTable::getNearestSymbolTable(table->getParentOp())
                     : nullptr)
      for (Region &region : table->getRegions())
        for (auto kernel : region.getOps<KernelOp>()) {
          unsigned distance = wanted.edit_distance(kernel.getSymName());
          if (distance < bestDistance) {
            bestDistance = distance;
            best = kernel.getSymName();
          }
        }
    if (!best.empty())
      diag << "; did you mean @" << best << "?";
    return diag;
  }
  auto kernel = dyn_cast<KernelOp>(symbol);
  if (!kernel)
    return emitOpError() << getKernelAttr() << " is a '" << symbol->getName()
                         << "', not an offload.kernel";
  ArrayRef<Type> expected = kernel.getArgumentTypes();
  if (expected.size() != getArgs().size())
    return emitOpError() << "passes " << getArgs().size()
                         << " arguments but kernel " << getKernelAttr()
                         << " takes " << expected.size();
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(getArgs().getTypes(), expected))) {
    auto [actual, want] = pair;
    if (actual != want)
      return emitOpError() << "argument #" << index << " has type " << actual
                           << " but kernel " << getKernelAttr() << " expects "
                           << want;
  }
  unsigned rank = kernel.getParallelRank();
  if (!getBlocks().empty() && rank != 0 && rank != getBlocks().size())
    return emitOpError() << "has a grid of " << getBlocks().size()
                         << " dimensions but the parallel loop of kernel "
                         << getKernelAttr() << " has " << rank;
  return success();
}

/// Reads and writes device memory and the runtime's mapping table.
static void addDeviceEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(),
                       DeviceMemoryResource::get());
  effects.emplace_back(MemoryEffects::Write::get(),
                       DeviceMemoryResource::get());
}

void LaunchOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // Running a kernel changes device state (and can print), so a launch is
  // never dead, even without buffers.
  addDeviceEffects(effects);
  for (OpOperand &operand : getArgsMutable()) {
    if (!isa<MemRefType>(operand.get().getType()))
      continue;
    effects.emplace_back(MemoryEffects::Read::get(), &operand);
    effects.emplace_back(MemoryEffects::Write::get(), &operand);
  }
}

LogicalResult WaitOp::verify() { return verifyHostOnly(*this); }

void WaitOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // Kernels finish writing device memory here; and nothing that touches
  // memory moves across a wait.
  addDeviceEffects(effects);
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}

//===----------------------------------------------------------------------===//
// Data operations
//===----------------------------------------------------------------------===//

/// Data operations change the device's mappings, read the host copy of
/// what they copy in and write the host copy of what they copy out.
static void getDataOpEffects(
    MutableOperandRange vars, ArrayAttr kinds,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addDeviceEffects(effects);
  if (!kinds)
    return;
  for (auto [operand, kind] : llvm::zip(vars, kinds)) {
    auto clause = cast<MapAttr>(kind);
    effects.emplace_back(MemoryEffects::Read::get(), &operand);
    if (clause.copiesOut())
      effects.emplace_back(MemoryEffects::Write::get(), &operand);
  }
}

LogicalResult DataOp::verify() {
  if (failed(verifyHostOnly(*this)))
    return failure();
  if (getMapVars().empty())
    return emitOpError() << "needs at least one map clause";
  return verifyMapClauses(
      *this, getMapVars(), getMapKindsAttr(),
      {MapKind::to, MapKind::from, MapKind::tofrom, MapKind::alloc});
}

void DataOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getDataOpEffects(getMapVarsMutable(), getMapKindsAttr(), effects);
}

LogicalResult EnterDataOp::verify() {
  if (failed(verifyHostOnly(*this)))
    return failure();
  if (getMapVars().empty())
    return emitOpError() << "needs at least one map clause";
  return verifyMapClauses(*this, getMapVars(), getMapKindsAttr(),
                          {MapKind::to, MapKind::alloc});
}

LogicalResult ExitDataOp::verify() {
  if (failed(verifyHostOnly(*this)))
    return failure();
  if (getMapVars().empty())
    return emitOpError() << "needs at least one map clause";
  return verifyMapClauses(*this, getMapVars(), getMapKindsAttr(),
                          {MapKind::from, MapKind::release, MapKind::del});
}

LogicalResult UpdateOp::verify() {
  if (failed(verifyHostOnly(*this)))
    return failure();
  if (getMapVars().empty())
    return emitOpError() << "needs at least one map clause";
  if (failed(verifyMapClauses(*this, getMapVars(), getMapKindsAttr(),
                              {MapKind::to, MapKind::from})))
    return failure();
  for (auto clause : getMapKindsAttr().getAsRange<MapAttr>())
    if (clause.isAlways())
      return emitOpError() << "'always' has no meaning on an update, which "
                              "always copies";
  return success();
}

LogicalResult DeviceCopyOp::verify() {
  if (failed(verifyHostOnly(*this)))
    return failure();
  if (!getBuffer().getType().isStrided())
    return emitOpError() << "copies " << getBuffer().getType()
                         << ", whose layout is not strided: the runtime "
                            "copies a range of bytes";
  return success();
}

void DeviceCopyOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // Device memory only: the host's copy is not touched (its address names
  // the mapping).
  addDeviceEffects(effects);
}

//===----------------------------------------------------------------------===//
// AllDevicesOp
//===----------------------------------------------------------------------===//

LogicalResult AllDevicesOp::verify() {
  if (failed(verifyHostOnly(*this)))
    return failure();
  if (!getList().getType().getLayout().isIdentity())
    return emitOpError() << "writes " << getList().getType()
                         << ": the list must have the identity layout";
  return success();
}

#define GET_OP_CLASSES
#include "offload/Dialect/Offload/IR/OffloadOps.cpp.inc"
