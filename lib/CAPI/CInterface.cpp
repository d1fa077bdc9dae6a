//===- CInterface.cpp - C-callable entry points of a module -----*- C++ -*-===//
//
// Makes a module callable from C (and from Python through ctypes): every
// public function gets MLIR's C wrapper (`_mlir_ciface_<name>`, memrefs
// passed as pointers to their descriptors) and every kernel a host function
// that launches it. The description of these entry points (JSON, version 1)
// is embedded in the module as `__offload_interface`:
//
//   {"version": 1, "functions": [
//     {"name": "saxpy", "kind": "kernel", "symbol": "_mlir_ciface_...",
//      "args": [{"name": "a", "kind": "scalar", "dtype": "float32"},
//               {"name": "x", "kind": "memref", "dtype": "float32",
//                "shape": [-1], "map": "to", "writes": false}, ...],
//      "results": ["float64"], "unsupported": "<reason>" (optional),
//      "check": "_mlir_ciface___offload_check_saxpy" (optional),
//      "devices_symbol": "_mlir_ciface___offload_launch_saxpy__devices"
//      (kernels)}]}
//
// "devices_symbol" launches the kernel over several devices: the kernel's
// arguments, then a 1-D memref of i32 device numbers (offload-split-devices
// gives each device present an equal share; none present: the host).
// "map" is what the compiler moves for the buffer (to, from, tofrom, alloc,
// or none when no device code uses it directly); "writes" says whether the
// function may write the buffer. "check" names the entry's checker
// (offload-add-entry-checks): the same arguments, then `char *message,
// int64_t size`; it returns 0, or nonzero with the reason in `message` when
// a buffer is too small for what the function reaches or two buffers
// overlap where one is written.
//
//===----------------------------------------------------------------------===//

#include "CInterface.h"

#include "offload/Dialect/Offload/Analysis/KernelAccess.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace mlir::offload;

static constexpr llvm::StringLiteral kArgNamesAttr = "offload_capi.arg_names";
static constexpr llvm::StringLiteral kLauncherPrefix = "__offload_launch_";
/// On the launcher of a kernel (addKernelLaunchers).
static constexpr llvm::StringLiteral kLauncherAttr = "offload_capi.launcher";
static constexpr llvm::StringLiteral kInterfaceGlobal = "__offload_interface";
static constexpr llvm::StringLiteral kCheckerAttr = "offload_capi.checker";
static constexpr llvm::StringLiteral kEntryCheckAttr =
    "offload_capi.entry_check";
/// On a launcher over several devices: a unit attribute; on the kernel's
/// launcher: the symbol of that launcher.
static constexpr llvm::StringLiteral kDevicesLauncherAttr =
    "offload_capi.devices_launcher";

void capi::recordArgumentNames(const AsmParserState &state) {
  for (const AsmParserState::BlockDefinition &def : state.getBlockDefs()) {
    Block *block = def.block;
    if (!block || !block->isEntryBlock())
      continue;
    Operation *parent = block->getParentOp();
    if (!isa_and_nonnull<func::FuncOp, KernelOp>(parent) ||
        def.arguments.size() != block->getNumArguments())
      continue;
    SmallVector<Attribute> names;
    for (auto [i, arg] : llvm::enumerate(def.arguments)) {
      llvm::StringRef text;
      if (arg.loc.isValid())
        text = llvm::StringRef(arg.loc.Start.getPointer(),
                               arg.loc.End.getPointer() -
                                   arg.loc.Start.getPointer());
      text.consume_front("%");
      std::string name = text.empty() || !(isalpha(text[0]) || text[0] == '_')
                             ? "arg" + std::to_string(i)
                             : text.str();
      names.push_back(StringAttr::get(parent->getContext(), name));
    }
    parent->setAttr(kArgNamesAttr, ArrayAttr::get(parent->getContext(), names));
  }
}

void capi::dropArgumentNames(ModuleOp module) {
  module.walk([](Operation *op) { op->removeAttr(kArgNamesAttr); });
}

/// A host function named `name` that launches `kernel` with its arguments:
/// on the default device, or (`overDevices`) over the devices listed in one
/// more argument, a memref<?xi32, strided<[?], offset: ?>>.
static func::FuncOp createLauncher(OpBuilder &b, KernelOp kernel,
                                   StringRef name, bool overDevices) {
  SmallVector<Type> inputs(kernel.getArgumentTypes());
  // (Any 1-D view: the descriptor's offset and stride say where its
  // numbers are.)
  if (overDevices)
    inputs.push_back(MemRefType::get(
        {ShapedType::kDynamic}, b.getI32Type(),
        StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic,
                               {ShapedType::kDynamic})));
  auto func = func::FuncOp::create(b, kernel.getLoc(), name,
                                   b.getFunctionType(inputs, {}));
  Block *entry = func.addEntryBlock();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(entry);
  ValueRange args = entry->getArguments();
  LaunchOp::create(b, kernel.getLoc(), TypeRange(), kernel.getSymName(),
                   overDevices ? args.drop_back() : args, ValueRange(),
                   nullptr, Value(), ValueRange(), ValueRange(),
                   overDevices ? args.take_back() : ValueRange(),
                   /*allow_aliasing=*/false, /*nowait=*/false,
                   /*all_devices=*/false);
  func::ReturnOp::create(b, kernel.getLoc());
  return func;
}

/// A host function `__offload_launch_<k>` launching each kernel (the
/// entry point `k` of the library); an error when the module has another
/// symbol of that name.
static LogicalResult addKernelLaunchers(ModuleOp module) {
  OpBuilder b(module.getContext());
  b.setInsertionPointToEnd(module.getBody());
  for (KernelOp kernel : llvm::to_vector(module.getOps<KernelOp>())) {
    // A kernel taking an aggregate (offload.pack) is launched by the
    // module's own functions: a caller outside has no aggregate to give.
    if (llvm::any_of(kernel.getArgumentTypes(),
                     [](Type type) { return isa<TupleType>(type); })) {
      kernel.emitRemark() << "kernel @" << kernel.getSymName()
                          << " is no entry point of the library: it takes "
                             "an aggregate (call a function that packs it)";
      continue;
    }
    std::string name = (kLauncherPrefix + kernel.getSymName()).str();
    if (Operation *existing = module.lookupSymbol(name)) {
      if (existing->hasAttr(kLauncherAttr))
        continue;
      return existing->emitError()
             << "@" << name << " is the name of kernel @"
             << kernel.getSymName()
             << "'s entry point in the library; rename it";
    }
    auto func = createLauncher(b, kernel, name, /*overDevices=*/false);
    func->setAttr(kLauncherAttr, UnitAttr::get(b.getContext()));
    if (Attribute names = kernel->getAttr(kArgNamesAttr))
      func->setAttr(kArgNamesAttr, names);
  }
  return success();
}

/// For each kernel, a second launcher that runs it over the devices listed
/// in a buffer of i32 device numbers, its last argument
/// (`devices(%list : memref<?xi32>)`, split by offload-split-devices). It is
/// part of the kernel's description ("devices_symbol"), not an entry of its
/// own.
static void addDeviceLaunchers(ModuleOp module) {
  SymbolTable symbols(module);
  OpBuilder b(module.getContext());
  b.setInsertionPointToEnd(module.getBody());
  for (KernelOp kernel : llvm::to_vector(module.getOps<KernelOp>())) {
    auto launcher = module.lookupSymbol<func::FuncOp>(
        (kLauncherPrefix + kernel.getSymName()).str());
    if (!launcher || launcher->hasAttr(kDevicesLauncherAttr))
      continue;
    auto func = createLauncher(
        b, kernel, (launcher.getSymName() + "__devices").str(),
        /*overDevices=*/true);
    symbols.insert(func); // renamed if a kernel's launcher has the name
    func->setAttr(kDevicesLauncherAttr, UnitAttr::get(b.getContext()));
    launcher->setAttr(kDevicesLauncherAttr,
                      FlatSymbolRefAttr::get(func.getSymNameAttr()));
  }
}

/// The functions that get a C interface: public, with a body (checkers
/// and the launchers over several devices aside: they are part of their
/// entry's description).
static SmallVector<func::FuncOp> getEntryPoints(ModuleOp module) {
  SmallVector<func::FuncOp> result;
  for (auto func : module.getOps<func::FuncOp>())
    if (func.isPublic() && !func.isExternal() && !func->hasAttr(kCheckerAttr) &&
        !isa_and_nonnull<UnitAttr>(func->getAttr(kDevicesLauncherAttr)))
      result.push_back(func);
  return result;
}

/// The checker of every entry point (offload-add-entry-checks), with a
/// remark for each access it cannot check.
static LogicalResult addEntryChecks(ModuleOp module) {
  PassManager pm(module.getContext());
  OffloadAddEntryChecksOptions options;
  options.remarks = true;
  pm.addPass(createOffloadAddEntryChecks(options));
  return pm.run(module);
}

/// The numpy dtype of a scalar or element type, or "" when none fits.
static std::string getDType(Type type, bool scalar) {
  if (type.isIndex())
    return "int64";
  if (auto i = dyn_cast<IntegerType>(type)) {
    if (i.isUnsigned())
      return "";
    switch (i.getWidth()) {
    case 1:
      return "bool";
    case 8:
    case 16:
    case 32:
    case 64:
      return "int" + std::to_string(i.getWidth());
    default:
      return "";
    }
  }
  if (type.isF16())
    return scalar ? "" : "float16";
  if (type.isF32())
    return "float32";
  if (type.isF64())
    return "float64";
  return "";
}

static std::string typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

namespace {
struct MapUse {
  bool mapped = false, in = false, out = false, hostWrites = false;
};
} // namespace

template <typename OpTy>
static void addMaps(OpTy op, Value value, MapUse &use) {
  ArrayAttr kinds = op.getMapKindsAttr();
  if (!kinds)
    return;
  for (auto [var, kind] : llvm::zip(op.getMapVars(), kinds)) {
    // A clause names the buffer, a section of it, or one element.
    if (getViewRoot(var) != value)
      continue;
    auto map = cast<MapAttr>(kind);
    use.mapped = true;
    use.in |= map.copiesIn();
    use.out |= map.copiesOut();
  }
}

/// Whether `user` only reads `value` by what it says of its memory effects
/// (a linalg op's input, memref.copy's source); a call, or an op that says
/// nothing, may write it.
static bool onlyReads(Operation *user, Value value) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(user);
  if (!effects)
    return false;
  SmallVector<MemoryEffects::EffectInstance> list;
  effects.getEffects(list);
  return llvm::none_of(list, [&](const MemoryEffects::EffectInstance &effect) {
    bool writes =
        isa<MemoryEffects::Write, MemoryEffects::Free>(effect.getEffect());
    // An effect on no particular value may be on this one.
    return writes && (!effect.getValue() || effect.getValue() == value);
  });
}

/// What the device code and the host code do with `arg`.
static MapUse getMapUse(BlockArgument arg) {
  MapUse use;
  llvm::SmallPtrSet<Operation *, 8> seen;
  forEachUseThroughViews(arg, [&](OpOperand &operand) {
    Operation *user = operand.getOwner();
    if (!seen.insert(user).second)
      return;
    if (auto launch = dyn_cast<LaunchOp>(user))
      addMaps(launch, arg, use);
    else if (auto data = dyn_cast<DataOp>(user))
      addMaps(data, arg, use);
    else if (auto enter = dyn_cast<EnterDataOp>(user))
      addMaps(enter, arg, use);
    else if (auto exit = dyn_cast<ExitDataOp>(user))
      addMaps(exit, arg, use);
    else if (auto update = dyn_cast<UpdateOp>(user))
      addMaps(update, arg, use);
    else if (isa<memref::LoadOp, memref::DimOp, memref::RankOp,
                 memref::ExtractAlignedPointerAsIndexOp,
                 memref::ExtractStridedMetadataOp, DeviceCopyOp>(user))
      return;
    else if (!onlyReads(user, operand.get()))
      use.hostWrites = true; // a store, or a use we cannot see through
  });
  return use;
}

static llvm::json::Object describe(func::FuncOp func) {
  llvm::json::Object entry;
  llvm::StringRef name = func.getSymName();
  bool kernel = name.consume_front(kLauncherPrefix);
  entry["name"] = name.str();
  entry["kind"] = kernel ? "kernel" : "function";
  entry["symbol"] = ("_mlir_ciface_" + func.getSymName()).str();
  if (auto check = func->getAttrOfType<FlatSymbolRefAttr>(kEntryCheckAttr))
    entry["check"] = ("_mlir_ciface_" + check.getValue()).str();
  if (auto devices =
          func->getAttrOfType<FlatSymbolRefAttr>(kDevicesLauncherAttr))
    entry["devices_symbol"] = ("_mlir_ciface_" + devices.getValue()).str();
  std::string unsupported;
  auto names = func->getAttrOfType<ArrayAttr>(kArgNamesAttr);
  llvm::json::Array args;
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    llvm::json::Object arg;
    std::string argName = "arg" + std::to_string(i);
    if (names && i < names.size())
      argName = cast<StringAttr>(names[i]).str();
    arg["name"] = argName;
    if (auto memref = dyn_cast<MemRefType>(type)) {
      std::string dtype = getDType(memref.getElementType(), false);
      arg["kind"] = "memref";
      arg["dtype"] = dtype;
      llvm::json::Array shape;
      for (int64_t size : memref.getShape())
        shape.push_back(ShapedType::isDynamic(size) ? -1 : size);
      arg["shape"] = std::move(shape);
      MapUse use = getMapUse(func.getArgument(i));
      arg["map"] = !use.mapped              ? "none"
                   : use.in && use.out      ? "tofrom"
                   : use.in                 ? "to"
                   : use.out                ? "from"
                                            : "alloc";
      arg["writes"] = use.out || use.hostWrites;
      if (unsupported.empty() && dtype.empty())
        unsupported = "argument '" + argName + "' is a memref of " +
                      typeString(memref.getElementType()) +
                      ", which has no numpy dtype";
      if (unsupported.empty() && (!memref.getLayout().isIdentity() ||
                                  memref.getMemorySpace()))
        unsupported = "argument '" + argName + "' has type " +
                      typeString(type) +
                      "; only memrefs with the identity layout in the "
                      "default memory space take numpy arrays";
    } else {
      std::string dtype = getDType(type, true);
      arg["kind"] = "scalar";
      arg["dtype"] = dtype;
      if (dtype.empty())
        arg["type"] = typeString(type); // a tensor, a tuple: for messages
      if (unsupported.empty() && dtype.empty())
        unsupported = "argument '" + argName + "' has type " +
                      typeString(type) + ", which Python cannot pass";
    }
    args.push_back(std::move(arg));
  }
  entry["args"] = std::move(args);
  llvm::json::Array results;
  for (Type type : func.getResultTypes()) {
    std::string dtype = isa<MemRefType>(type) ? "" : getDType(type, true);
    // A result Python cannot take shows its MLIR type.
    results.push_back(dtype.empty() ? typeString(type) : dtype);
    if (unsupported.empty() && dtype.empty())
      unsupported = "result type " + typeString(type) +
                    " cannot be returned to Python (only integer, index, "
                    "f32 and f64 scalars)";
  }
  if (unsupported.empty() && func.getNumResults() > 1)
    unsupported = "functions with more than one result cannot be called "
                  "from Python";
  entry["results"] = std::move(results);
  if (!unsupported.empty())
    entry["unsupported"] = unsupported;
  return entry;
}

/// The interface of a module that has its launchers already.
static FailureOr<std::string> computeInterface(ModuleOp module) {
  OwningOpRef<ModuleOp> copy = module.clone();
  PassManager pm(module.getContext());
  // Launches over several devices get their maps once split (as the
  // pipeline does, after the kernels' calls are inlined).
  pm.addPass(createOffloadInlineKernelCalls());
  pm.addPass(createOffloadSplitDevices());
  pm.addPass(createOffloadInferMaps());
  if (failed(pm.run(*copy)))
    return failure();
  llvm::json::Array functions;
  for (func::FuncOp func : getEntryPoints(*copy))
    functions.push_back(describe(func));
  llvm::json::Object root;
  root["version"] = 1;
  root["functions"] = std::move(functions);
  return llvm::formatv("{0}", llvm::json::Value(std::move(root))).str();
}

FailureOr<std::string> capi::getInterface(ModuleOp module) {
  OwningOpRef<ModuleOp> copy = module.clone();
  // Remarks come from offloadModuleAddCInterface only.
  ScopedDiagnosticHandler quiet(module.getContext(), [](Diagnostic &diag) {
    return success(diag.getSeverity() == DiagnosticSeverity::Remark);
  });
  if (failed(addKernelLaunchers(*copy)))
    return failure();
  if (failed(addEntryChecks(*copy)))
    return failure();
  addDeviceLaunchers(*copy);
  return computeInterface(*copy);
}

LogicalResult capi::addCInterface(ModuleOp module) {
  if (module.lookupSymbol(kInterfaceGlobal))
    return emitError(module.getLoc())
           << "the module has a C interface already ('" << kInterfaceGlobal
           << "' exists)";
  if (failed(addKernelLaunchers(module)))
    return failure();
  if (failed(addEntryChecks(module)))
    return failure();
  addDeviceLaunchers(module);
  FailureOr<std::string> json = computeInterface(module);
  if (failed(json))
    return failure();
  MLIRContext *ctx = module.getContext();
  SmallVector<func::FuncOp> wrapped = getEntryPoints(module);
  for (auto func : module.getOps<func::FuncOp>())
    if (isa_and_nonnull<UnitAttr>(func->getAttr(kDevicesLauncherAttr)))
      wrapped.push_back(func);
  for (func::FuncOp func : wrapped)
    func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                  UnitAttr::get(ctx));
  dropArgumentNames(module);
  OpBuilder b(ctx);
  b.setInsertionPointToEnd(module.getBody());
  std::string bytes = *json;
  bytes.push_back('\0');
  auto type = LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), bytes.size());
  LLVM::GlobalOp::create(b, module.getLoc(), type, /*isConstant=*/true,
                         LLVM::Linkage::External, kInterfaceGlobal,
                         b.getStringAttr(bytes));
  return success();
}
