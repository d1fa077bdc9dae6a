//===- OffloadToOpenMP.cpp - offload host code to libomptarget --*- C++ -*-===//
//
// Lowers launches to __tgt_target_kernel calls and data movement to the omp
// dialect's target data operations.
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/OffloadToOpenMP/OffloadToOpenMP.h"

#include "offload/Conversion/OffloadToGPU/KernelStrategy.h"
#include "offload/Conversion/OffloadToGPU/OffloadToGPU.h"
#include "offload/Dialect/Offload/Analysis/KernelAccess.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Utils/KernelABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/CachedHashString.h"
#include "llvm/Frontend/OpenMP/OMPConstants.h"

namespace mlir::offload {
#define GEN_PASS_DEF_CONVERTOFFLOADTOOPENMP
#include "offload/Conversion/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;
using llvm::omp::OpenMPOffloadMappingFlags;

std::string mlir::offload::getKernelAddressName(StringRef kernelName) {
  return ("__offload_region_" + kernelName).str();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static constexpr int64_t kKernelArgsVersion = 3;
/// Default threads per block by rank of the parallel loop, x first.
static constexpr int64_t kThreads[3][3] = {{256, 1, 1}, {32, 8, 1}, {32, 4, 2}};
/// Blocks per hardware dimension when the iteration space cannot be computed
/// on the host (each thread then strides over the loop).
static constexpr int64_t kDefaultBlocks[3] = {1024, 16, 16};
/// CUDA's grid limits, x first.
static constexpr int64_t kMaxBlocks[3] = {(1ll << 31) - 1, 65535, 65535};

static uint64_t bits(OpenMPOffloadMappingFlags flags) {
  return static_cast<std::underlying_type_t<OpenMPOffloadMappingFlags>>(flags);
}

/// libomptarget map-type bits of a map clause.
static uint64_t getMapTypeBits(MapAttr map) {
  uint64_t type = 0;
  if (map.copiesIn())
    type |= bits(OpenMPOffloadMappingFlags::OMP_MAP_TO);
  if (map.copiesOut())
    type |= bits(OpenMPOffloadMappingFlags::OMP_MAP_FROM);
  if (map.getKind() == MapKind::del)
    type |= bits(OpenMPOffloadMappingFlags::OMP_MAP_DELETE);
  if (map.isAlways())
    type |= bits(OpenMPOffloadMappingFlags::OMP_MAP_ALWAYS);
  if (map.isPresent())
    type |= bits(OpenMPOffloadMappingFlags::OMP_MAP_PRESENT);
  return type;
}

/// The omp dialect's spelling of a map clause.
static omp::ClauseMapFlags getOmpMapFlags(MapAttr map) {
  omp::ClauseMapFlags flags = omp::ClauseMapFlags::none;
  switch (map.getKind()) {
  case MapKind::to:
    flags = omp::ClauseMapFlags::to;
    break;
  case MapKind::from:
    flags = omp::ClauseMapFlags::from;
    break;
  case MapKind::tofrom:
    flags = omp::ClauseMapFlags::to | omp::ClauseMapFlags::from;
    break;
  case MapKind::alloc:
  case MapKind::release:
    flags = omp::ClauseMapFlags::storage;
    break;
  case MapKind::del:
    flags = omp::ClauseMapFlags::del;
    break;
  }
  if (map.isAlways())
    flags = flags | omp::ClauseMapFlags::always;
  if (map.isPresent())
    flags = flags | omp::ClauseMapFlags::present;
  return flags;
}

static Value i64Constant(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                  b.getI64IntegerAttr(value));
}

static Value i32Constant(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(value));
}

/// The device number as the i64 the runtime takes (-1: default device).
static Value getDeviceId(OpBuilder &b, Location loc, Value device) {
  if (!device)
    return i64Constant(b, loc, llvm::omp::OMP_DEVICEID_UNDEF);
  if (device.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), device);
  if (device.getType().getIntOrFloatBitWidth() < 64)
    return arith::ExtSIOp::create(b, loc, b.getI64Type(), device);
  if (device.getType().getIntOrFloatBitWidth() > 64)
    return arith::TruncIOp::create(b, loc, b.getI64Type(), device);
  return device;
}

/// File, line and column of `loc`, as the offload runtime prints them.
static std::tuple<std::string, unsigned, unsigned>
getFileLineCol(Location loc) {
  if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>())
    return {fileLoc.getFilename().str(), fileLoc.getLine(),
            fileLoc.getColumn()};
  return {"unknown", 0, 0};
}

/// The `psource` of an `ident_t`: `;file;function;line;col;;`.
static std::string getIdentString(Location loc, StringRef function) {
  auto [file, line, col] = getFileLineCol(loc);
  return (";" + file + ";" + function + ";" + Twine(line) + ";" + Twine(col) +
          ";;")
      .str();
}

/// A map name as the runtime parses it: `;name;file;line;col;;`.
static std::string getMapNameString(Location loc, StringRef name) {
  auto [file, line, col] = getFileLineCol(loc);
  return (";" + name + ";" + file + ";" + Twine(line) + ";" + Twine(col) + ";;")
      .str();
}

namespace {
/// Creates the constant globals a lowering needs at the top of the module,
/// with names unique in the module.
class GlobalBuilder {
public:
  GlobalBuilder(RewriterBase &rewriter, Operation *anchor)
      : rewriter(rewriter), module(anchor->getParentOfType<ModuleOp>()) {}

  LLVM::GlobalOp string(Location loc, StringRef base, StringRef text) {
    std::string value = text.str();
    value.push_back('\0');
    auto type = LLVM::LLVMArrayType::get(rewriter.getI8Type(), value.size());
    return create(base, [&](StringRef name) {
      return LLVM::GlobalOp::create(rewriter, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Private, name,
                                    rewriter.getStringAttr(value));
    });
  }

  LLVM::GlobalOp i64Array(Location loc, StringRef base,
                          ArrayRef<int64_t> values) {
    auto type = LLVM::LLVMArrayType::get(rewriter.getI64Type(), values.size());
    auto data = DenseElementsAttr::get(
        RankedTensorType::get({int64_t(values.size())}, rewriter.getI64Type()),
        values);
    return create(base, [&](StringRef name) {
      return LLVM::GlobalOp::create(rewriter, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Private, name, data);
    });
  }

  /// An array of pointers to `globals`.
  LLVM::GlobalOp pointerArray(Location loc, StringRef base,
                              ArrayRef<LLVM::GlobalOp> globals) {
    Type ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
    auto type = LLVM::LLVMArrayType::get(ptrType, globals.size());
    return create(base, [&](StringRef name) {
      auto global = LLVM::GlobalOp::create(
          rewriter, loc, type, true, LLVM::Linkage::Private, name, Attribute());
      Block *block = rewriter.createBlock(&global.getInitializerRegion());
      rewriter.setInsertionPointToStart(block);
      Value array = LLVM::UndefOp::create(rewriter, loc, type);
      for (auto [index, element] : llvm::enumerate(globals))
        array = LLVM::InsertValueOp::create(
            rewriter, loc, array,
            LLVM::AddressOfOp::create(rewriter, loc, element),
            ArrayRef<int64_t>{int64_t(index)});
      LLVM::ReturnOp::create(rewriter, loc, array);
      return global;
    });
  }

  /// A zero-initialized internal (mutable) global of `type`.
  LLVM::GlobalOp zeroed(Location loc, StringRef base, Type type) {
    return create(base, [&](StringRef name) {
      auto global = LLVM::GlobalOp::create(rewriter, loc, type,
                                           /*isConstant=*/false,
                                           LLVM::Linkage::Internal, name,
                                           Attribute());
      Block *block = rewriter.createBlock(&global.getInitializerRegion());
      rewriter.setInsertionPointToStart(block);
      LLVM::ReturnOp::create(
          rewriter, loc, LLVM::ZeroOp::create(rewriter, loc, type).getResult());
      return global;
    });
  }

  /// An `ident_t` naming the source location `text`.
  LLVM::GlobalOp ident(Location loc, StringRef base, StringRef text) {
    LLVM::GlobalOp str = string(loc, base.str() + "_loc", text);
    MLIRContext *ctx = rewriter.getContext();
    Type i32 = rewriter.getI32Type();
    auto type = LLVM::LLVMStructType::getLiteral(
        ctx, {i32, i32, i32, i32, LLVM::LLVMPointerType::get(ctx)});
    return create(base, [&](StringRef name) {
      auto global = LLVM::GlobalOp::create(
          rewriter, loc, type, true, LLVM::Linkage::Private, name, Attribute());
      Block *block = rewriter.createBlock(&global.getInitializerRegion());
      rewriter.setInsertionPointToStart(block);
      Value value = LLVM::UndefOp::create(rewriter, loc, type);
      // {reserved, flags = KMP_IDENT_KMPC, reserved, size, psource}
      int64_t fields[] = {0, 2, 0, int64_t(text.size())};
      for (auto [index, field] : llvm::enumerate(fields))
        value = LLVM::InsertValueOp::create(rewriter, loc, value,
                                            i32Constant(rewriter, loc, field),
                                            ArrayRef<int64_t>{int64_t(index)});
      value = LLVM::InsertValueOp::create(
          rewriter, loc, value, LLVM::AddressOfOp::create(rewriter, loc, str),
          ArrayRef<int64_t>{4});
      LLVM::ReturnOp::create(rewriter, loc, value);
      return global;
    });
  }

private:
  LLVM::GlobalOp create(StringRef base,
                        function_ref<LLVM::GlobalOp(StringRef)> build) {
    // Each name is checked, so the hint (the number after the last name
    // made from `base` in this module) only saves probing the taken ones:
    // a module with thousands of launches made them one by one, each
    // probe a scan of the module.
    static thread_local llvm::DenseMap<
        std::pair<Operation *, llvm::CachedHashString>, unsigned>
        nextIndex;
    unsigned &hint =
        nextIndex[{module.getOperation(), llvm::CachedHashString(base)}];
    std::string name = base.str();
    if (SymbolTable::lookupSymbolIn(module, name)) {
      // The hint holds where this module's names reach it (another module
      // may have had this address).
      unsigned i = 0;
      if (hint > 0 && SymbolTable::lookupSymbolIn(
                          module, (base + "_" + Twine(hint - 1)).str()))
        i = hint;
      do
        name = (base + "_" + Twine(i++)).str();
      while (SymbolTable::lookupSymbolIn(module, name));
      hint = i;
    }
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    return build(name);
  }

  RewriterBase &rewriter;
  ModuleOp module;
};

/// The address of an `ident_t` (in a global named after `name`) giving
/// `op`'s location and the function holding it, as the runtime library
/// prints them in its messages.
static Value getOpIdent(RewriterBase &rewriter, Operation *op, StringRef name) {
  StringRef function = "unknown";
  if (auto func = op->getParentOfType<FunctionOpInterface>())
    function = func.getName();
  Location loc = op->getLoc();
  return LLVM::AddressOfOp::create(
      rewriter, loc,
      GlobalBuilder(rewriter, op)
          .ident(loc, name, getIdentString(loc, function)));
}
} // namespace

/// An alloca of `type` at the start of the function around `op`, so that
/// launches in loops reuse one slot instead of growing the stack. (Loop
/// bodies such as scf.for's are allocation scopes too: they do not count.)
static Value createScopeAlloca(RewriterBase &rewriter, Operation *op,
                               Type type) {
  OpBuilder::InsertionGuard guard(rewriter);
  // The function, or a region that runs on several host threads (an
  // omp.parallel, outlined into a function of its own), each of which needs
  // its own slot.
  Operation *scope = op->getParentOfType<FunctionOpInterface>();
  if (auto parallel = op->getParentOfType<omp::ParallelOp>();
      parallel && (!scope || scope->isProperAncestor(parallel)))
    scope = parallel;
  if (!scope)
    scope = op->getParentWithTrait<OpTrait::AutomaticAllocationScope>();
  rewriter.setInsertionPointToStart(&scope->getRegion(0).front());
  Location loc = op->getLoc();
  return LLVM::AllocaOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(rewriter.getContext()), type,
      i64Constant(rewriter, loc, 1), /*alignment=*/8);
}

/// Declares `name` with `type` (and `linkage`) in the module unless it
/// exists.
static LLVM::LLVMFuncOp
getOrDeclareFunction(RewriterBase &rewriter, Operation *anchor, StringRef name,
                     LLVM::LLVMFunctionType type,
                     LLVM::Linkage linkage = LLVM::Linkage::External) {
  auto module = anchor->getParentOfType<ModuleOp>();
  if (auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return func;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(rewriter, anchor->getLoc(), name, type,
                                  linkage);
}

/// `int name(void)` of the OpenMP runtime, called at the rewriter's point
/// through the declaration the module has (func.func, as
/// offload-split-devices makes them, or llvm.func) or a new func.func.
static Value callOmpQuery(RewriterBase &rewriter, Location loc,
                          Operation *anchor, StringRef name) {
  auto module = anchor->getParentOfType<ModuleOp>();
  Type i32 = rewriter.getI32Type();
  if (auto llvmFunc = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return LLVM::CallOp::create(rewriter, loc, llvmFunc, ValueRange())
        .getResult();
  auto func = module.lookupSymbol<func::FuncOp>(name);
  if (!func) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    func = func::FuncOp::create(rewriter, loc, name,
                                rewriter.getFunctionType({}, {i32}));
    func.setPrivate();
  }
  return func::CallOp::create(rewriter, loc, func, ValueRange()).getResult(0);
}

/// The function that resolves a device number (i64; -1: the default
/// device) to one the runtime has: the default device's number, or for a
/// number it has no device for (`device(7)` with 4 devices,
/// OMP_DEFAULT_DEVICE=99) the initial device, the host, after a message the
/// first time. libomptarget stops the program at any other number ("device
/// number out of range"); with the host, launches run their host copy and
/// data ops move nothing, as with no device at all (and under
/// OMP_TARGET_OFFLOAD=mandatory the runtime reports the launch).
static constexpr llvm::StringLiteral kResolveDevice =
    "__offload_resolve_device";

static func::FuncOp getOrCreateDeviceResolver(RewriterBase &rewriter,
                                              Operation *anchor) {
  auto module = anchor->getParentOfType<ModuleOp>();
  if (auto existing = module.lookupSymbol<func::FuncOp>(kResolveDevice))
    return existing;
  OpBuilder::InsertionGuard guard(rewriter);
  MLIRContext *ctx = rewriter.getContext();
  Location loc = rewriter.getUnknownLoc();
  Type i64 = rewriter.getI64Type(), i32 = rewriter.getI32Type();
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  // At the end, out of the way of the module's own code.
  rewriter.setInsertionPointToEnd(module.getBody());
  // The runtime's count of devices, once asked (-1 before).
  auto cachedCount = LLVM::GlobalOp::create(
      rewriter, loc, i32, /*isConstant=*/false, LLVM::Linkage::Private,
      "__offload_resolve_device_count", rewriter.getI32IntegerAttr(-1));
  // Whether the message was printed.
  auto warned = LLVM::GlobalOp::create(
      rewriter, loc, i32, /*isConstant=*/false, LLVM::Linkage::Private,
      "__offload_resolve_device_warned", rewriter.getI32IntegerAttr(0));
  auto cString = [&](StringRef name, StringRef value) {
    std::string data = value.str();
    data.push_back('\0');
    return LLVM::GlobalOp::create(
        rewriter, loc,
        LLVM::LLVMArrayType::get(rewriter.getI8Type(), data.size()),
        /*isConstant=*/true, LLVM::Linkage::Private, name,
        rewriter.getStringAttr(data));
  };
  auto message = cString("__offload_resolve_device_message",
                         "offload: device %ld does not exist (the runtime has "
                         "%d): launches on it run on the host\n");
  auto variable =
      cString("__offload_resolve_device_variable", "OMP_TARGET_OFFLOAD");
  auto mandatory = cString("__offload_resolve_device_mandatory", "mandatory");
  auto func = func::FuncOp::create(rewriter, loc, kResolveDevice,
                                   rewriter.getFunctionType({i64}, {i64}));
  // One per module: modules linked into one program must not clash.
  func.setPrivate();
  func->setAttr("llvm.linkage",
                LLVM::LinkageAttr::get(ctx, LLVM::Linkage::Internal));
  Block *body = func.addEntryBlock();
  rewriter.setInsertionPointToStart(body);
  Value device = body->getArgument(0);
  Value isDefault = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::eq, device,
      i64Constant(rewriter, loc, llvm::omp::OMP_DEVICEID_UNDEF));
  auto resolved = scf::IfOp::create(rewriter, loc, TypeRange{i64}, isDefault,
                                    /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard inner(rewriter);
    rewriter.setInsertionPointToStart(resolved.thenBlock());
    Value defaultDevice =
        callOmpQuery(rewriter, loc, func, "omp_get_default_device");
    scf::YieldOp::create(
        rewriter, loc,
        ValueRange{arith::ExtSIOp::create(rewriter, loc, i64, defaultDevice)});
    rewriter.setInsertionPointToStart(resolved.elseBlock());
    scf::YieldOp::create(rewriter, loc, ValueRange{device});
  }
  Value number = resolved.getResult(0);
  // The count, asked once (it does not change once the runtime is up; the
  // query takes a lock).
  Value countSlot = LLVM::AddressOfOp::create(rewriter, loc, cachedCount);
  Value cached = LLVM::LoadOp::create(rewriter, loc, i32, countSlot, 4,
                                      /*isVolatile=*/false,
                                      /*isNonTemporal=*/false,
                                      /*isInvariant=*/false,
                                      /*isInvariantGroup=*/false,
                                      LLVM::AtomicOrdering::monotonic);
  Value unknown =
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, cached,
                            i32Constant(rewriter, loc, 0));
  auto ifUnknown = scf::IfOp::create(rewriter, loc, TypeRange{i32}, unknown,
                                     /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard inner(rewriter);
    rewriter.setInsertionPointToStart(ifUnknown.thenBlock());
    Value asked = callOmpQuery(rewriter, loc, func, "omp_get_num_devices");
    LLVM::StoreOp::create(rewriter, loc, asked, countSlot, 4,
                          /*isVolatile=*/false, /*isNonTemporal=*/false,
                          /*isInvariantGroup=*/false,
                          LLVM::AtomicOrdering::monotonic);
    scf::YieldOp::create(rewriter, loc, ValueRange{asked});
    rewriter.setInsertionPointToStart(ifUnknown.elseBlock());
    scf::YieldOp::create(rewriter, loc, ValueRange{cached});
  }
  Value count32 = ifUnknown.getResult(0);
  // The initial device is number `count` (omp_get_initial_device()).
  Value count = arith::ExtSIOp::create(rewriter, loc, i64, count32);
  Value valid = arith::AndIOp::create(
      rewriter, loc,
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, number,
                            i64Constant(rewriter, loc, 0)),
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sle, number,
                            count));
  auto result = scf::IfOp::create(rewriter, loc, TypeRange{i64}, valid,
                                  /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard inner(rewriter);
    rewriter.setInsertionPointToStart(result.thenBlock());
    scf::YieldOp::create(rewriter, loc, ValueRange{number});
    rewriter.setInsertionPointToStart(result.elseBlock());
    // Under OMP_TARGET_OFFLOAD=mandatory the number stays: libomptarget
    // stops the program, naming it.
    auto getenv = getOrDeclareFunction(rewriter, func, "getenv",
                                       LLVM::LLVMFunctionType::get(ptr, {ptr}));
    auto strcasecmp =
        getOrDeclareFunction(rewriter, func, "strcasecmp",
                             LLVM::LLVMFunctionType::get(i32, {ptr, ptr}));
    Value setting =
        LLVM::CallOp::create(
            rewriter, loc, getenv,
            ValueRange{LLVM::AddressOfOp::create(rewriter, loc, variable)})
            .getResult();
    Value isSet =
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, setting,
                             LLVM::ZeroOp::create(rewriter, loc, ptr));
    auto ifSet = scf::IfOp::create(rewriter, loc, TypeRange{i32}, isSet,
                                   /*withElseRegion=*/true);
    rewriter.setInsertionPointToStart(ifSet.thenBlock());
    scf::YieldOp::create(
        rewriter, loc,
        ValueRange{LLVM::CallOp::create(
                       rewriter, loc, strcasecmp,
                       ValueRange{setting, LLVM::AddressOfOp::create(
                                               rewriter, loc, mandatory)})
                       .getResult()});
    rewriter.setInsertionPointToStart(ifSet.elseBlock());
    scf::YieldOp::create(rewriter, loc,
                         ValueRange{i32Constant(rewriter, loc, 1)});
    rewriter.setInsertionPointAfter(ifSet);
    Value isMandatory = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, ifSet.getResult(0),
        i32Constant(rewriter, loc, 0));
    auto ifMandatory = scf::IfOp::create(rewriter, loc, TypeRange{i64},
                                         isMandatory, /*withElseRegion=*/true);
    scf::YieldOp::create(rewriter, loc, ifMandatory.getResults());
    rewriter.setInsertionPointToStart(ifMandatory.thenBlock());
    scf::YieldOp::create(rewriter, loc, ValueRange{number});
    rewriter.setInsertionPointToStart(ifMandatory.elseBlock());
    Value flag = LLVM::AddressOfOp::create(rewriter, loc, warned);
    Value before = LLVM::AtomicRMWOp::create(
        rewriter, loc, LLVM::AtomicBinOp::xchg, flag,
        i32Constant(rewriter, loc, 1), LLVM::AtomicOrdering::monotonic);
    Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        before, i32Constant(rewriter, loc, 0));
    auto ifFirst =
        scf::IfOp::create(rewriter, loc, first, /*withElseRegion=*/false);
    rewriter.setInsertionPointToStart(ifFirst.thenBlock());
    auto dprintf = getOrDeclareFunction(
        rewriter, func, "dprintf",
        LLVM::LLVMFunctionType::get(i32, {i32, ptr}, /*isVarArg=*/true));
    LLVM::CallOp::create(
        rewriter, loc, dprintf,
        ValueRange{i32Constant(rewriter, loc, 2),
                   LLVM::AddressOfOp::create(rewriter, loc, message), number,
                   count32});
    rewriter.setInsertionPointAfter(ifFirst);
    scf::YieldOp::create(rewriter, loc, ValueRange{count});
  }
  func::ReturnOp::create(rewriter, loc, result.getResults());
  return func;
}

/// `device` (null: the default device) as the number of a device the
/// runtime has, or of the host (getOrCreateDeviceResolver), as an i64.
static Value getResolvedDeviceId(RewriterBase &rewriter, Location loc,
                                 Operation *anchor, Value device) {
  Value id = getDeviceId(rewriter, loc, device);
  return func::CallOp::create(rewriter, loc,
                              getOrCreateDeviceResolver(rewriter, anchor),
                              ValueRange{id})
      .getResult(0);
}

//===----------------------------------------------------------------------===//
// The runtime library (include/offload/Runtime/OffloadRuntime.h)
//===----------------------------------------------------------------------===//

/// `__offload_rt_launch`: queues a launch; returns 0 when it did.
static constexpr llvm::StringLiteral kRuntimeLaunch = "__offload_rt_launch";
/// `__offload_rt_wait`: waits for every queued launch.
static constexpr llvm::StringLiteral kRuntimeWait = "__offload_rt_wait";
/// `__offload_rt_device_copy`: queues a copy between devices; returns 0
/// when it did.
static constexpr llvm::StringLiteral kRuntimeDeviceCopy =
    "__offload_rt_device_copy";
/// `__offload_rt_reduction_blocks`: the grid of a grid reduction.
static constexpr llvm::StringLiteral kRuntimeReductionBlocks =
    "__offload_rt_reduction_blocks";

/// `__offload_rt_all_devices`: the devices of `devices(all)`.
static constexpr llvm::StringLiteral kRuntimeAllDevices =
    "__offload_rt_all_devices";

/// `__offload_rt_prepare_tma` / `__offload_rt_finish_tma`: tensor maps for
/// a tensor-core contraction (OffloadRuntime.h).
static constexpr llvm::StringLiteral kRuntimePrepareTma =
    "__offload_rt_prepare_tma";
static constexpr llvm::StringLiteral kRuntimeFinishTma =
    "__offload_rt_finish_tma";
/// int64 fields per operand of `__offload_rt_prepare_tma`.
static constexpr int64_t kTmaOperandFields = 20;

/// Declares runtime library function `name` weakly, so that programs linked
/// without the library still link (and launch through libomptarget only).
static LLVM::LLVMFuncOp getOrDeclareRuntimeFunction(
    RewriterBase &rewriter, Operation *anchor, StringRef name,
    LLVM::LLVMFunctionType type) {
  return getOrDeclareFunction(rewriter, anchor, name, type,
                              LLVM::Linkage::ExternWeak);
}

/// Whether the runtime library's `function` was linked in (i1).
static Value isLinkedIn(RewriterBase &rewriter, Location loc,
                        LLVM::LLVMFuncOp function) {
  Value address = LLVM::AddressOfOp::create(rewriter, loc, function);
  Value null = LLVM::ZeroOp::create(rewriter, loc, address.getType());
  return LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, address,
                              null);
}

/// Calls the runtime library's `function` with `args` when it is linked
/// in: whether it returned 0 (it did the work itself); false when it is not
/// linked in.
static Value callRuntimeIfLinkedIn(RewriterBase &rewriter, Location loc,
                                   LLVM::LLVMFuncOp function, ValueRange args) {
  auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{rewriter.getI1Type()},
                                isLinkedIn(rewriter, loc, function),
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(ifOp.thenBlock());
  Value rc = LLVM::CallOp::create(rewriter, loc, function, args).getResult();
  scf::YieldOp::create(
      rewriter, loc,
      ValueRange{LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                      rc, i32Constant(rewriter, loc, 0))});
  rewriter.setInsertionPointToStart(ifOp.elseBlock());
  scf::YieldOp::create(
      rewriter, loc,
      ValueRange{arith::ConstantIntOp::create(rewriter, loc, 0, 1)});
  return ifOp.getResult(0);
}

/// The module's launch state for the runtime library (`__offload_rt_module`:
/// the module's offload descriptor, which the translation to LLVM IR fills
/// in, and the library's state), made by the first launch lowered.
static LLVM::GlobalOp getOrCreateLaunchState(RewriterBase &rewriter,
                                             Operation *anchor) {
  auto module = anchor->getParentOfType<ModuleOp>();
  StringRef attrName = OffloadDialect::getRuntimeStateAttrName();
  for (auto global : module.getOps<LLVM::GlobalOp>())
    if (global->hasAttr(attrName))
      return global;
  Type ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
  LLVM::GlobalOp global = GlobalBuilder(rewriter, anchor).zeroed(
      anchor->getLoc(), "__offload_module",
      LLVM::LLVMStructType::getLiteral(rewriter.getContext(),
                                       {ptrType, ptrType}));
  global->setAttr(attrName, rewriter.getUnitAttr());
  return global;
}

/// `void __offload_rt_wait(ident_t *)`, declared weakly.
static LLVM::LLVMFuncOp getOrDeclareRuntimeWait(RewriterBase &rewriter,
                                                Operation *anchor) {
  MLIRContext *ctx = rewriter.getContext();
  return getOrDeclareRuntimeFunction(
      rewriter, anchor, kRuntimeWait,
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                  {LLVM::LLVMPointerType::get(ctx)}));
}

//===----------------------------------------------------------------------===//
// Launch grid
//===----------------------------------------------------------------------===//

namespace {
struct Grid {
  Value blocks[3], threads[3]; // i32, x first
  Value tripCount;             // i64, 0 when unknown
};
} // namespace

/// The grid of a launch without an explicit one: enough blocks for one
/// thread per iteration of the kernel's parallel loop, whose bounds are
/// recomputed on the host from the launch's arguments.
/// The grid of a tiled contraction: one block per output tile (x along the
/// columns, y along the rows, z along the batch), ContractionTiling::threads()
/// threads each.
static Grid computeContractionGrid(RewriterBase &rewriter, LaunchOp launch,
                                   KernelOp kernel,
                                   const KernelStrategy &strategy) {
  Location loc = launch.getLoc();
  const ContractionMatch &match = *strategy.contraction;
  IRMapping mapping;
  for (auto [arg, operand] : llvm::zip(kernel.getArguments(), launch.getArgs()))
    mapping.map(arg, operand);
  auto hostSize = [&](unsigned loop) -> Value {
    auto [buffer, dim] = match.getLoopSizeSource(loop);
    auto type = cast<MemRefType>(buffer.getType());
    if (!type.isDynamicDim(dim))
      return arith::ConstantIndexOp::create(rewriter, loc,
                                            type.getDimSize(dim));
    Value host = materializeOnHost(rewriter, kernel, buffer, mapping);
    if (!host)
      return nullptr;
    return memref::DimOp::create(rewriter, loc, host, dim);
  };
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  auto blocksFor = [&](Value size, int64_t tile) -> Value {
    if (!size)
      return i32Constant(rewriter, loc, 1);
    Value blocks = arith::CeilDivSIOp::create(
        rewriter, loc, size,
        arith::ConstantIndexOp::create(rewriter, loc, tile));
    blocks = arith::MaxSIOp::create(rewriter, loc, blocks, one);
    return arith::IndexCastOp::create(rewriter, loc, rewriter.getI32Type(),
                                      blocks);
  };
  // A tensor-core contraction's grid has one block per 128x256 tile (its
  // tiled-contraction path strides over smaller tiles on the same grid).
  bool tensorCores = strategy.kind == KernelStrategyKind::TensorCoreContraction;
  Grid grid;
  grid.blocks[0] =
      blocksFor(hostSize(match.n),
                tensorCores ? TensorCoreTiling::tileN : strategy.tiling.tileN);
  grid.blocks[1] =
      blocksFor(hostSize(match.m),
                tensorCores ? TensorCoreTiling::tileM : strategy.tiling.tileM);
  grid.blocks[2] = match.batch >= 0 ? blocksFor(hostSize(match.batch), 1)
                                    : i32Constant(rewriter, loc, 1);
  grid.threads[0] = i32Constant(rewriter, loc, strategy.getBlockThreads());
  grid.threads[1] = grid.threads[2] = i32Constant(rewriter, loc, 1);
  grid.tripCount = i64Constant(rewriter, loc, 0);
  return grid;
}

static Grid computeGrid(RewriterBase &rewriter, LaunchOp launch,
                        KernelOp kernel) {
  Location loc = launch.getLoc();
  KernelStrategy strategy = selectKernelStrategy(kernel);
  if (strategy.kind == KernelStrategyKind::TiledContraction ||
      strategy.kind == KernelStrategyKind::TensorCoreContraction)
    return computeContractionGrid(rewriter, launch, kernel, strategy);
  Grid grid;
  Operation *loop = kernel.getParallelLoop();
  unsigned rank = kernel.getParallelRank();
  if (!loop || rank == 0 || rank > 3) {
    for (unsigned h = 0; h < 3; ++h)
      grid.blocks[h] = grid.threads[h] = i32Constant(rewriter, loc, 1);
    grid.tripCount = i64Constant(rewriter, loc, 1);
    return grid;
  }
  SmallVector<OpFoldResult> lbs, ubs, steps;
  if (auto parallel = dyn_cast<scf::ParallelOp>(loop)) {
    lbs = getAsOpFoldResult(parallel.getLowerBound());
    ubs = getAsOpFoldResult(parallel.getUpperBound());
    steps = getAsOpFoldResult(parallel.getStep());
  } else {
    auto forall = cast<scf::ForallOp>(loop);
    lbs = forall.getMixedLowerBound();
    ubs = forall.getMixedUpperBound();
    steps = forall.getMixedStep();
  }
  IRMapping mapping;
  for (auto [arg, operand] : llvm::zip(kernel.getArguments(), launch.getArgs()))
    mapping.map(arg, operand);
  auto toHost = [&](OpFoldResult ofr) -> Value {
    if (auto attr = dyn_cast<Attribute>(ofr))
      return arith::ConstantIndexOp::create(rewriter, loc,
                                            cast<IntegerAttr>(attr).getInt());
    return materializeOnHost(rewriter, kernel, cast<Value>(ofr), mapping);
  };
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value total = one;
  bool allKnown = true;
  // One block per iteration of a loop whose nested loops go on the threads.
  bool onBlocks = mapsParallelLoopOnBlocks(kernel);
  for (unsigned h = 0; h < 3; ++h) {
    int64_t threads = onBlocks ? (h == 0 ? kBlockMappingThreads : 1)
                               : kThreads[rank - 1][h];
    bool transpose = strategy.kind == KernelStrategyKind::TiledTranspose;
    if (transpose)
      threads = h == 0 ? kTransposeTile : (h == 1 ? kTransposeRows : 1);
    grid.threads[h] = i32Constant(rewriter, loc, threads);
    if (h >= rank) {
      grid.blocks[h] = i32Constant(rewriter, loc, 1);
      continue;
    }
    unsigned d = rank - 1 - h; // innermost loop dimension on x
    Value lb = toHost(lbs[d]), ub = toHost(ubs[d]), step = toHost(steps[d]);
    if (!lb || !ub || !step) {
      allKnown = false;
      grid.blocks[h] = i32Constant(rewriter, loc, kDefaultBlocks[h]);
      continue;
    }
    Value diff = arith::SubIOp::create(rewriter, loc, ub, lb);
    diff = arith::MaxSIOp::create(rewriter, loc, diff, zero);
    Value trips = arith::CeilDivSIOp::create(rewriter, loc, diff, step);
    total = arith::MulIOp::create(rewriter, loc, total, trips);
    // The innermost dimension of a vectorized grid loop runs vectorWidth
    // iterations per thread.
    // The innermost dimension of a vectorized grid loop runs vectorWidth
    // iterations per thread.
    int64_t perBlock = threads;
    if (h == 0 && (strategy.kind == KernelStrategyKind::GridLoop ||
                   strategy.kind == KernelStrategyKind::GridReduction))
      perBlock *= strategy.vectorWidth;
    if (transpose)
      perBlock = kTransposeTile; // a tile of 32 x 32 iterations per block
    Value blocks =
        onBlocks ? trips
                 : arith::CeilDivSIOp::create(
                       rewriter, loc, trips,
                       arith::ConstantIndexOp::create(rewriter, loc, perBlock))
                       .getResult();
    blocks = arith::MaxSIOp::create(rewriter, loc, blocks, one);
    blocks = arith::MinSIOp::create(
        rewriter, loc, blocks,
        arith::ConstantIndexOp::create(rewriter, loc, kMaxBlocks[h]));
    grid.blocks[h] = arith::IndexCastOp::create(rewriter, loc,
                                                rewriter.getI32Type(), blocks);
  }
  grid.tripCount = allKnown ? arith::IndexCastOp::create(
                                  rewriter, loc, rewriter.getI64Type(), total)
                                  .getResult()
                            : i64Constant(rewriter, loc, 0);
  return grid;
}

/// Stops the program, with a message naming the launch, when a step of its
/// kernel's parallel loop that is not a constant is 0 or negative at run
/// time: the grid would divide by it, and the loop would never end (or
/// run off its buffers) on the host.
static void checkSteps(RewriterBase &rewriter, LaunchOp launch,
                       KernelOp kernel) {
  auto parallel = dyn_cast_or_null<scf::ParallelOp>(kernel.getParallelLoop());
  if (!parallel)
    return;
  Location loc = launch.getLoc();
  IRMapping mapping;
  for (auto [arg, operand] : llvm::zip(kernel.getArguments(), launch.getArgs()))
    mapping.map(arg, operand);
  MLIRContext *ctx = rewriter.getContext();
  Type i32 = rewriter.getI32Type(), ptr = LLVM::LLVMPointerType::get(ctx);
  for (auto [dim, step] : llvm::enumerate(parallel.getStep())) {
    if (getConstantIntValue(step))
      continue;
    Value value = materializeOnHost(rewriter, kernel, step, mapping);
    if (!value)
      continue;
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value bad = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sle,
                                      value, zero);
    auto ifBad = scf::IfOp::create(rewriter, loc, bad, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(ifBad.thenBlock());
    auto [file, line, col] = getFileLineCol(loc);
    std::string format =
        ("offload: launch of @" + kernel.getSymName() + " at " + file + ":" +
         Twine(line) + ":" + Twine(col) + ": dimension " + Twine(dim) +
         " of its parallel loop would run with step %ld; loop steps must be "
         "positive\n")
            .str();
    GlobalBuilder globals(rewriter, launch);
    Value message = LLVM::AddressOfOp::create(
        rewriter, loc, globals.string(loc, "__offload_step_message", format));
    auto dprintf = getOrDeclareFunction(
        rewriter, launch, "dprintf",
        LLVM::LLVMFunctionType::get(i32, {i32, ptr}, /*isVarArg=*/true));
    LLVM::CallOp::create(
        rewriter, loc, dprintf,
        ValueRange{i32Constant(rewriter, loc, 2), message,
                   arith::IndexCastOp::create(rewriter, loc,
                                              rewriter.getI64Type(), value)});
    auto exit = getOrDeclareFunction(
        rewriter, launch, "exit",
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {i32}));
    LLVM::CallOp::create(rewriter, loc, exit,
                         ValueRange{i32Constant(rewriter, loc, 1)});
  }
}

/// Blocks of a grid reduction when the runtime library cannot say how many
/// fill the device evenly (or is not linked in).
static constexpr int32_t kDefaultReductionBlocks = 1024;

/// A kernel with reductions runs on at most kMaxReductionBlocks blocks, all
/// along x (its threads stride over the rest). A grid the compiler chose is
/// capped further to what `__offload_rt_reduction_blocks` says fills every
/// multiprocessor of the device equally (8 x 132 blocks of 256 threads on
/// an H100); an explicit `blocks(...)` only to kMaxReductionBlocks.
static void capGridForReductions(RewriterBase &rewriter, Location loc,
                                 LaunchOp launch, KernelOp kernel, Value device,
                                 Grid &grid) {
  auto parallel = dyn_cast_or_null<scf::ParallelOp>(kernel.getParallelLoop());
  if (!parallel || parallel.getNumResults() == 0)
    return;
  Value cap = i32Constant(rewriter, loc, kMaxReductionBlocks);
  if (launch.getBlocks().empty()) {
    Type i32 = rewriter.getI32Type();
    // int32_t __offload_rt_reduction_blocks(int64_t device,
    //     int32_t threads_per_block, int32_t max_blocks, int32_t fallback)
    auto function = getOrDeclareRuntimeFunction(
        rewriter, launch, kRuntimeReductionBlocks,
        LLVM::LLVMFunctionType::get(
            i32, {rewriter.getI64Type(), i32, i32, i32}));
    Value fallback = i32Constant(rewriter, loc, kDefaultReductionBlocks);
    auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{i32},
                                  isLinkedIn(rewriter, loc, function),
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
    Value threads = arith::MulIOp::create(
        rewriter, loc,
        arith::MulIOp::create(rewriter, loc, grid.threads[0], grid.threads[1]),
        grid.threads[2]);
    Value blocks =
        LLVM::CallOp::create(rewriter, loc, function,
                             ValueRange{device, threads, cap, fallback})
            .getResult();
    scf::YieldOp::create(rewriter, loc, blocks);
    rewriter.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(rewriter, loc, fallback);
    cap = ifOp.getResult(0);
  }
  grid.blocks[0] = arith::MinSIOp::create(rewriter, loc, grid.blocks[0], cap);
  grid.blocks[1] = grid.blocks[2] = i32Constant(rewriter, loc, 1);
}

/// The grid given on the launch (hardware order, x first).
static Grid getExplicitGrid(RewriterBase &rewriter, LaunchOp launch) {
  Location loc = launch.getLoc();
  Grid grid;
  auto toI32 = [&](ValueRange values, unsigned h) -> Value {
    if (h >= values.size())
      return i32Constant(rewriter, loc, 1);
    return arith::IndexCastOp::create(rewriter, loc, rewriter.getI32Type(),
                                      values[h]);
  };
  for (unsigned h = 0; h < 3; ++h) {
    grid.blocks[h] = toI32(launch.getBlocks(), h);
    grid.threads[h] = toI32(launch.getThreads(), h);
  }
  grid.tripCount = i64Constant(rewriter, loc, 0);
  return grid;
}

//===----------------------------------------------------------------------===//
// Tensor maps
//===----------------------------------------------------------------------===//

/// CUtensorMapDataType of `type` (f16, bf16 and f32).
static int64_t getTensorMapDataType(Type type) {
  if (type.isF32())
    return 7; // CU_TENSOR_MAP_DATA_TYPE_FLOAT32 (TF32 wgmma reads it as is)
  return type.isBF16() ? 9 : 6; // CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 : FLOAT16
}

/// Calls `__offload_rt_prepare_tma` (when the runtime library is linked in)
/// for the launch of tensor-core contraction `kernel`, with the tensor maps
/// it needs, in the boxes of TensorCoreOperands (A[m][k] in tileK x 128
/// (k x m) boxes, B[k][n] of f16/bf16 in 64 x 64 (n x k) boxes, ...),
/// 128-byte swizzled but for an f32 B[k][n] (TensorCoreContraction.cpp reads
/// them that way); with a batch, 3-D maps whose boxes span one batch. An
/// f32 A[k][m] runs the mma.sync kernel on every target
/// (TensorCoreOperands::needsMmaSync): the launch asks for its stages'
/// shared memory only (the maps the runtime makes go unused). Returns the
/// i1 "the runtime mapped A and B"
/// and the operand fields (an `int64_t[2][kTmaOperandFields]`,
/// OffloadRuntime.h).
static std::pair<Value, Value>
prepareTensorMaps(RewriterBase &rewriter, LaunchOp launch,
                  const KernelStrategy &strategy,
                  const DenseMap<Value, size_t> &slotOf, size_t strategySlots,
                  Value ident, Value device, Value argsPtr) {
  Location loc = launch.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  const ContractionMatch &match = *strategy.contraction;
  Type ptrType = LLVM::LLVMPointerType::get(ctx);
  Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
  auto arrayType = LLVM::LLVMArrayType::get(i64, 2 * kTmaOperandFields);
  Value array = createScopeAlloca(rewriter, launch, arrayType);
  auto store = [&](int64_t field, Value value) {
    Value slot = LLVM::GEPOp::create(rewriter, loc, ptrType, arrayType, array,
                                     ArrayRef<LLVM::GEPArg>{0, int32_t(field)});
    LLVM::StoreOp::create(rewriter, loc, value, slot);
  };
  auto toI64 = [&](Value index) -> Value {
    return arith::IndexCastOp::create(rewriter, loc, i64, index);
  };
  TensorCoreOperands ops = getTensorCoreOperands(match);
  struct Operand {
    Value kernelArg;
    TensorCoreOperands::Box box;
  } operands[2] = {{match.getA(), ops.getABox()},
                   {match.getB(), ops.getBBox()}};
  for (auto [i, operand] : llvm::enumerate(operands)) {
    int64_t base = i * kTmaOperandFields;
    unsigned argIndex = cast<BlockArgument>(operand.kernelArg).getArgNumber();
    Value host = launch.getArgs()[argIndex];
    auto type = cast<MemRefType>(host.getType());
    int64_t bytes = type.getElementTypeBitWidth() / 8;
    for (int64_t f = 0; f < kTmaOperandFields; ++f)
      store(base + f, i64Constant(rewriter, loc, 0));
    store(base + 0, i64Constant(rewriter, loc, slotOf.lookup(host)));
    store(base + 1, i64Constant(rewriter, loc, strategySlots + i));
    store(base + 2, i64Constant(rewriter, loc,
                                getTensorMapDataType(type.getElementType())));
    int64_t rank = type.getRank();
    store(base + 3, i64Constant(rewriter, loc, rank));
    // Dimensions innermost first (a batch is the outermost), the strides of
    // the outer ones in bytes, the box (1 along the batch).
    auto meta = memref::ExtractStridedMetadataOp::create(rewriter, loc, host);
    for (int64_t d = 0; d < rank; ++d) {
      int64_t dim = rank - 1 - d;
      store(base + 4 + d, toI64(meta.getSizes()[dim]));
      if (d > 0)
        store(base + 9 + d - 1,
              LLVM::MulOp::create(rewriter, loc, toI64(meta.getStrides()[dim]),
                                  i64Constant(rewriter, loc, bytes)));
      store(base + 13 + d, i64Constant(rewriter, loc,
                                       d == 0   ? operand.box.inner
                                       : d == 1 ? operand.box.outer
                                                : 1));
    }
    // CU_TENSOR_MAP_SWIZZLE_128B or _NONE.
    store(base + 18,
          i64Constant(rewriter, loc, operand.box.swizzled ? 3 : 0));
    store(base + 19, i64Constant(rewriter, loc, bytes));
  }
  // int32_t __offload_rt_prepare_tma(ident_t *, int64_t device,
  //     KernelArgsTy *, uint32_t shared_bytes, uint32_t warp_shared_bytes,
  //     uint32_t operands, const int64_t *fields)
  auto prepare = getOrDeclareRuntimeFunction(
      rewriter, launch, kRuntimePrepareTma,
      LLVM::LLVMFunctionType::get(
          i32, {ptrType, i64, ptrType, i32, i32, i32, ptrType}));
  auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{rewriter.getI1Type()},
                                isLinkedIn(rewriter, loc, prepare),
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(ifOp.thenBlock());
  Value rc =
      LLVM::CallOp::create(
          rewriter, loc, prepare,
          ValueRange{ident, device, argsPtr,
                     i32Constant(rewriter, loc,
                                 ops.needsMmaSync() ? MmaSyncTiling::sharedBytes
                                                    : ops.sharedBytes()),
                     i32Constant(rewriter, loc, MmaSyncTiling::sharedBytes),
                     i32Constant(rewriter, loc, 2), array})
          .getResult();
  scf::YieldOp::create(
      rewriter, loc,
      ValueRange{LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                      rc, i32Constant(rewriter, loc, 0))});
  rewriter.setInsertionPointToStart(ifOp.elseBlock());
  scf::YieldOp::create(
      rewriter, loc,
      ValueRange{arith::ConstantIntOp::create(rewriter, loc, 0, 1)});
  return {ifOp.getResult(0), array};
}

//===----------------------------------------------------------------------===//
// offload.launch
//===----------------------------------------------------------------------===//

/// Whether the mapped section `section` with clause `map` is moved as a box
/// (docs/DataMovement.md, "Sections in two dimensions"): a 2-D view whose
/// rows are contiguous (static innermost stride 1) and whose clause copies.
/// Whether it is narrower than its rows is known only at run time.
namespace {
/// A box section of a launch: the parameter slot of its buffer, the
/// section, and the copy bits its rows get as members of the parent entry
/// that holds the rows' span.
struct BoxEntry {
  size_t slot;
  Value section;
  uint64_t copyBits;
};
} // namespace

static bool isBoxCandidate(Value section, MapAttr map) {
  auto type = cast<MemRefType>(section.getType());
  if (type.getRank() != 2 || !(map.copiesIn() || map.copiesOut()))
    return false;
  // Rows packed one after the other (an identity layout, or static strides
  // that say so) are one contiguous range.
  if (type.getLayout().isIdentity())
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) || strides[1] != 1)
    return false;
  return ShapedType::isDynamic(strides[0]) || type.isDynamicDim(1) ||
         strides[0] != type.getDimSize(1);
}

/// Whether the device `device` (the default device when null) holds the
/// byte at `pointer`: `omp_target_is_present`, as an i1.
static Value buildIsPresent(ConversionPatternRewriter &rewriter,
                            Operation *anchor, Value pointer, Value device) {
  Location loc = anchor->getLoc();
  Type i32 = rewriter.getI32Type();
  Type ptrType = LLVM::LLVMPointerType::get(rewriter.getContext());
  // (offload-split-devices may have declared them as func.func.)
  auto call = [&](StringRef name, ArrayRef<Type> params,
                  ValueRange operands) -> Value {
    auto module = anchor->getParentOfType<ModuleOp>();
    if (auto fn = module.lookupSymbol<func::FuncOp>(name))
      return func::CallOp::create(rewriter, loc, fn, operands).getResult(0);
    auto fn = getOrDeclareFunction(rewriter, anchor, name,
                                   LLVM::LLVMFunctionType::get(i32, params));
    return LLVM::CallOp::create(rewriter, loc, fn, operands).getResult();
  };
  // int omp_get_default_device(void)
  Value id = device ? LLVM::TruncOp::create(rewriter, loc, i32,
                                            getDeviceId(rewriter, loc, device))
                          .getResult()
                    : call("omp_get_default_device", {}, {});
  // Asked only of a device the runtime has (with none, or offloading
  // disabled, it stops the program for any number).
  // int omp_get_num_devices(void)
  Value available = call("omp_get_num_devices", {}, {});
  Value valid = LLVM::AndOp::create(
      rewriter, loc,
      LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::sge, id,
                           i32Constant(rewriter, loc, 0)),
      LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::slt, id,
                           available));
  auto ifValid = scf::IfOp::create(rewriter, loc, TypeRange{i32}, valid,
                                   /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(ifValid.thenBlock());
    // int omp_target_is_present(const void *pointer, int device)
    Value answer = call("omp_target_is_present", {ptrType, i32}, {pointer, id});
    scf::YieldOp::create(rewriter, loc, answer);
    rewriter.setInsertionPointToStart(ifValid.elseBlock());
    scf::YieldOp::create(rewriter, loc, i32Constant(rewriter, loc, 0));
  }
  return LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                              ifValid.getResult(0),
                              i32Constant(rewriter, loc, 0));
}

/// The map names of a launch's entries (`names`), as libomptarget reads
/// them: a global array of pointers to `;file;name;line;column;;` strings,
/// or null when there are none.
static Value buildNameArray(ConversionPatternRewriter &rewriter, Location loc,
                            GlobalBuilder &globals, StringRef prefix,
                            ArrayRef<std::string> names) {
  if (names.empty())
    return LLVM::ZeroOp::create(rewriter, loc,
                                LLVM::LLVMPointerType::get(
                                    rewriter.getContext()));
  SmallVector<LLVM::GlobalOp> nameGlobals;
  for (StringRef name : names)
    nameGlobals.push_back(globals.string(loc, (prefix + "_mapname").str(),
                                         getMapNameString(loc, name)));
  return LLVM::AddressOfOp::create(
      rewriter, loc,
      globals.pointerArray(loc, (prefix + "_mapnames").str(), nameGlobals));
}

/// The argument arrays of a launch with box sections (isBoxCandidate), on
/// the stack (given back by the caller with the stack save returned last):
/// the `values.size()` entries of the parameters as usual, then, for each
/// box narrower than its rows, one entry per row: the parent entry maps the
/// span from the box's first element to its last without copying
/// (allocates it, or finds it present), and each row, a MEMBER_OF entry of
/// the parent, copies only its part of the box. libomptarget copies a
/// member in when its parent was just allocated and out when the parent is
/// about to go, as it does for the members of a struct: what stays on the
/// device across launches is not copied, and no element outside the box
/// moves either way. A box as wide as its rows (or of one row) is one
/// contiguous range and maps as usual. So does, with `denseSpans`, a box
/// whose rows are at most a sixteenth shorter than their stride (the
/// interior of a grid): the span costs at most 1/16 more bytes than the
/// box, in one copy instead of one per row. Only where copying the gaps
/// cannot overwrite newer values: `DenseSpans::in` for copies in when the
/// span is allocated (a launch's entry, `begin`), `DenseSpans::launch`
/// for a launch's entry also copying out, which gets the gaps in first
/// when it only copied out (rows of at most 32 KiB: a bound on the bytes
/// the copy in adds, not a timed threshold). Returns the base pointer,
/// pointer, size and type arrays, the number of entries (i32) and the
/// stack save.
/// With `paramNames` (the entries' names, a global array), `names` is set
/// to an array on the stack naming each row as its buffer.
enum class DenseSpans { none, in, launch };
static std::tuple<Value, Value, Value, Value, Value, Value> buildBoxArguments(
    ConversionPatternRewriter &rewriter, Location loc, ArrayRef<Value> values,
    ArrayRef<Value> sizes, ArrayRef<int64_t> types, ArrayRef<Value> mergedTypes,
    const DenseMap<size_t, Value> &boxOverlaps,
    const DenseMap<unsigned, Value> &sectionBegins, ArrayRef<BoxEntry> boxes,
    function_ref<Value(Value)> asPointer,
    function_ref<Value(Value)> isPresent = nullptr,
    DenseSpans denseSpans = DenseSpans::none, Value paramNames = nullptr,
    Value *names = nullptr) {
  MLIRContext *ctx = rewriter.getContext();
  Type ptrType = LLVM::LLVMPointerType::get(ctx);
  Type i8 = rewriter.getI8Type(), i32 = rewriter.getI32Type(),
       i64 = rewriter.getI64Type();
  const uint64_t copyBits = bits(OpenMPOffloadMappingFlags::OMP_MAP_TO |
                                 OpenMPOffloadMappingFlags::OMP_MAP_FROM);
  size_t count = values.size();
  Value stack = LLVM::StackSaveOp::create(rewriter, loc, ptrType);
  auto toI64 = [&](Value index) -> Value {
    return arith::IndexCastOp::create(rewriter, loc, i64, index);
  };
  // Per box: rows, row length and row stride (elements), whether it is
  // narrower than its rows, and whether it maps its span with its gaps
  // copied in (DenseSpans).
  struct Rows {
    Value rows, length, stride, narrow, first, spanIn;
  };
  const uint64_t toBit = bits(OpenMPOffloadMappingFlags::OMP_MAP_TO);
  const uint64_t fromBit = bits(OpenMPOffloadMappingFlags::OMP_MAP_FROM);
  const uint64_t alwaysBit = bits(OpenMPOffloadMappingFlags::OMP_MAP_ALWAYS);
  SmallVector<Rows> rowsOf;
  Value total = i64Constant(rewriter, loc, count);
  Value zero = i64Constant(rewriter, loc, 0);
  Value one = i64Constant(rewriter, loc, 1);
  for (const auto &box : boxes) {
    auto meta = memref::ExtractStridedMetadataOp::create(rewriter, loc,
                                                         box.section);
    Rows r{toI64(meta.getSizes()[0]), toI64(meta.getSizes()[1]),
           toI64(meta.getStrides()[0]), Value(), Value(), Value()};
    Value several =
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::sgt, r.rows,
                             one);
    Value nonEmpty = LLVM::ICmpOp::create(rewriter, loc,
                                          LLVM::ICmpPredicate::sgt, r.length,
                                          zero);
    Value gaps = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                      r.length, r.stride);
    r.narrow = LLVM::AndOp::create(
        rewriter, loc, LLVM::AndOp::create(rewriter, loc, several, nonEmpty),
        gaps);
    // Gaps of at most a sixteenth of the rows: the span in one copy.
    uint64_t type = types[box.slot];
    bool copiesIn = type & toBit, copiesOut = type & fromBit;
    if (denseSpans != DenseSpans::none && mergedTypes.empty() &&
        !(type & alwaysBit) &&
        (copiesIn || (denseSpans == DenseSpans::launch && copiesOut))) {
      Value gap = LLVM::SubOp::create(rewriter, loc, r.stride, r.length);
      Value dense = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::sle,
          LLVM::MulOp::create(rewriter, loc, gap,
                              i64Constant(rewriter, loc, 16)),
          r.length);
      if (!copiesIn) {
        auto type = cast<MemRefType>(box.section.getType());
        int64_t rowLimit =
            (32 << 10) / getElementSizeInBytes(type.getElementType());
        dense = LLVM::AndOp::create(
            rewriter, loc, dense,
            LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::sle,
                                 r.length, i64Constant(rewriter, loc,
                                                       rowLimit)));
        r.spanIn = LLVM::AndOp::create(rewriter, loc, r.narrow, dense);
      }
      Value one1 = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                            rewriter.getBoolAttr(true));
      r.narrow = LLVM::AndOp::create(
          rewriter, loc, r.narrow,
          LLVM::XOrOp::create(rewriter, loc, dense, one1));
    }
    // A box whose bytes overlap another entry's (one buffer passed twice)
    // maps its span whole, with its copies: its rows would copy only if
    // its entry were new.
    if (Value overlap = boxOverlaps.lookup(box.slot)) {
      Value one1 = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                            rewriter.getBoolAttr(true));
      r.narrow = LLVM::AndOp::create(
          rewriter, loc, r.narrow,
          LLVM::XOrOp::create(rewriter, loc, overlap, one1));
    }
    // A span the device holds already (the buffer kept there across
    // launches): its rows would copy nothing, and a launch with thousands
    // of them spent milliseconds in the runtime's lookups.
    if (isPresent) {
      Value first = sectionBegins.lookup(box.slot);
      Value held = isPresent(first ? first : asPointer(values[box.slot]));
      Value one1 = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                            rewriter.getBoolAttr(true));
      r.narrow =
          LLVM::AndOp::create(rewriter, loc, r.narrow,
                              LLVM::XOrOp::create(rewriter, loc, held, one1));
    }
    r.first = total;
    total = LLVM::AddOp::create(
        rewriter, loc, total,
        LLVM::SelectOp::create(rewriter, loc, r.narrow, r.rows, zero));
    rowsOf.push_back(r);
  }
  auto allocate = [&](Type elementType) -> Value {
    return LLVM::AllocaOp::create(rewriter, loc, ptrType, elementType, total,
                                  /*alignment=*/8);
  };
  Value basePtrs = allocate(ptrType), ptrs = allocate(ptrType),
        sizeArray = allocate(i64), typeArray = allocate(i64);
  auto store = [&](Value array, Type elementType, Value index, Value value) {
    Value slot = LLVM::GEPOp::create(rewriter, loc, ptrType, elementType,
                                     array, ValueRange{index});
    LLVM::StoreOp::create(rewriter, loc, value, slot);
  };
  // The entries' names, from the global array; each row's is its buffer's.
  SmallVector<Value> nameOf;
  if (paramNames) {
    *names = allocate(ptrType);
    for (size_t i = 0; i < count; ++i) {
      Value slot = LLVM::GEPOp::create(rewriter, loc, ptrType, ptrType,
                                       paramNames,
                                       ArrayRef<LLVM::GEPArg>{int32_t(i)});
      nameOf.push_back(LLVM::LoadOp::create(rewriter, loc, ptrType, slot));
      store(*names, ptrType, i64Constant(rewriter, loc, i), nameOf.back());
    }
  }
  // The entries' types (computed at run time where buffers may overlap:
  // a box's rows then take the copies its entry took from the others).
  SmallVector<Value> typeValues(mergedTypes);
  SmallVector<Value> rowCopies;
  for (const auto &box : mergedTypes.empty() ? ArrayRef<BoxEntry>() : boxes) {
    Value own = i64Constant(rewriter, loc, box.copyBits);
    rowCopies.push_back(
        mergedTypes.empty()
            ? own
            : LLVM::OrOp::create(
                  rewriter, loc, own,
                  LLVM::AndOp::create(rewriter, loc, mergedTypes[box.slot],
                                      i64Constant(rewriter, loc, copyBits)))
                  .getResult());
  }
  if (typeValues.empty())
    for (int64_t type : types)
      typeValues.push_back(i64Constant(rewriter, loc, type));
  // A dense box mapped as its span copying only out copies in too (the
  // gaps come back as they were).
  for (auto [box, r] : llvm::zip(boxes, rowsOf))
    if (r.spanIn)
      typeValues[box.slot] = LLVM::SelectOp::create(
          rewriter, loc, r.spanIn,
          i64Constant(rewriter, loc, types[box.slot] | toBit),
          typeValues[box.slot]);
  // A narrow box's parent allocates (or finds) the span and copies nothing:
  // its rows copy their parts.
  for (auto [box, r] : llvm::zip(boxes, rowsOf)) {
    Value noCopies =
        mergedTypes.empty()
            ? i64Constant(rewriter, loc, types[box.slot] & ~copyBits)
            : LLVM::AndOp::create(
                  rewriter, loc, typeValues[box.slot],
                  i64Constant(rewriter, loc, ~static_cast<int64_t>(copyBits)))
                  .getResult();
    typeValues[box.slot] = LLVM::SelectOp::create(
        rewriter, loc, r.narrow, noCopies, typeValues[box.slot]);
  }
  for (auto [i, value] : llvm::enumerate(values)) {
    Value index = i64Constant(rewriter, loc, i);
    Value asPtr = asPointer(value);
    store(basePtrs, ptrType, index, asPtr);
    Value begin = sectionBegins.lookup(i);
    store(ptrs, ptrType, index, begin ? begin : asPtr);
    store(sizeArray, i64, index, sizes[i]);
    store(typeArray, i64, index, typeValues[i]);
  }
  // The rows of each narrow box.
  for (auto [boxIndex, box, r] : llvm::enumerate(boxes, rowsOf)) {
    auto type = cast<MemRefType>(box.section.getType());
    int64_t eltBytes = getElementSizeInBytes(type.getElementType());
    Value elt = i64Constant(rewriter, loc, eltBytes);
    Value base = asPointer(values[box.slot]);
    Value first = sectionBegins.lookup(box.slot);
    if (!first)
      first = base;
    Value rowBytes = LLVM::MulOp::create(rewriter, loc, r.length, elt);
    Value strideBytes = LLVM::MulOp::create(rewriter, loc, r.stride, elt);
    Value memberOf = i64Constant(
        rewriter, loc,
        static_cast<int64_t>(static_cast<uint64_t>(box.slot + 1) << 48));
    Value memberType =
        mergedTypes.empty()
            ? i64Constant(rewriter, loc,
                          static_cast<int64_t>(
                              box.copyBits |
                              (static_cast<uint64_t>(box.slot + 1) << 48)))
            : LLVM::OrOp::create(rewriter, loc, rowCopies[boxIndex], memberOf)
                  .getResult();
    Value rows = LLVM::SelectOp::create(rewriter, loc, r.narrow, r.rows, zero);
    auto loop = scf::ForOp::create(rewriter, loc, zero, rows, one);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(loop.getBody());
    Value row = loop.getInductionVar();
    Value index = LLVM::AddOp::create(rewriter, loc, r.first, row);
    Value offset = LLVM::MulOp::create(rewriter, loc, row, strideBytes);
    Value begin = LLVM::GEPOp::create(rewriter, loc, ptrType, i8, first,
                                      ValueRange{offset});
    store(basePtrs, ptrType, index, base);
    store(ptrs, ptrType, index, begin);
    store(sizeArray, i64, index, rowBytes);
    store(typeArray, i64, index, memberType);
    if (paramNames)
      store(*names, ptrType, index, nameOf[box.slot]);
  }
  Value numArgs = LLVM::TruncOp::create(rewriter, loc, i32, total);
  return {basePtrs, ptrs, sizeArray, typeArray, numArgs, stack};
}

/// Whether two buffers are distinct memory whatever the run: different
/// allocations of the function, different globals, or one an argument the
/// function's signature says no other pointer reaches (`llvm.noalias`, as
/// a front end marks a Rust `&mut` or a C `restrict` pointer).
static bool areDistinct(Value a, Value b) {
  Value rootA = getViewRoot(a), rootB = getViewRoot(b);
  if (rootA == rootB)
    return false;
  auto isNoAlias = [](Value root) {
    auto arg = dyn_cast<BlockArgument>(root);
    if (!arg || !arg.getOwner()->isEntryBlock())
      return false;
    auto fn = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
    return fn && fn.getArgAttr(arg.getArgNumber(),
                               LLVM::LLVMDialect::getNoAliasAttrName());
  };
  if (isNoAlias(rootA) || isNoAlias(rootB))
    return true;
  auto isAllocation = [](Value root) {
    return isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(
        root.getDefiningOp());
  };
  if (isAllocation(rootA) && isAllocation(rootB))
    return true;
  auto globalA = rootA.getDefiningOp<memref::GetGlobalOp>();
  auto globalB = rootB.getDefiningOp<memref::GetGlobalOp>();
  if (globalA && globalB)
    return globalA.getName() != globalB.getName();
  // An allocation of the function is new memory: not an argument, which
  // existed before it, nor a global (a value loaded from memory or a call's
  // result may be the allocation itself).
  auto isArgumentOrGlobal = [](Value root) {
    auto arg = dyn_cast<BlockArgument>(root);
    if (arg)
      return arg.getOwner()->isEntryBlock() &&
             isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
    return isa_and_nonnull<memref::GetGlobalOp>(root.getDefiningOp());
  };
  return (isAllocation(rootA) && isArgumentOrGlobal(rootB)) ||
         (isAllocation(rootB) && isArgumentOrGlobal(rootA));
}

/// Whether a stride of `buffer`'s layout may be negative (dynamic, or a
/// negative constant): its lowest element may be below its first.
static bool mayHaveNegativeStrides(Value buffer) {
  int64_t offset;
  SmallVector<int64_t> strides;
  auto type = cast<MemRefType>(buffer.getType());
  return failed(type.getStridesAndOffset(strides, offset)) ||
         llvm::any_of(strides, [](int64_t stride) {
           return ShapedType::isDynamic(stride) || stride < 0;
         });
}

/// The pairs of entries of `mapped` (entry and buffer) that copy
/// differently and may be one buffer at run time (areDistinct), or of which
/// one is a box (`boxSlots`: its rows copy only when its entry was just
/// allocated, so any overlap matters).
static SmallVector<std::pair<size_t, size_t>>
getMayAliasPairs(ArrayRef<std::pair<size_t, Value>> mapped,
                 ArrayRef<int64_t> types, ArrayRef<size_t> boxSlots = {}) {
  const uint64_t copyBits = bits(OpenMPOffloadMappingFlags::OMP_MAP_TO |
                                 OpenMPOffloadMappingFlags::OMP_MAP_FROM);
  SmallVector<std::pair<size_t, size_t>> pairs;
  for (unsigned i = 0, e = mapped.size(); i < e; ++i)
    for (unsigned j = i + 1; j < e; ++j) {
      auto [first, firstBuffer] = mapped[i];
      auto [second, secondBuffer] = mapped[j];
      bool box = llvm::is_contained(boxSlots, first) ||
                 llvm::is_contained(boxSlots, second);
      if ((box || ((types[first] ^ types[second]) & copyBits)) &&
          !areDistinct(firstBuffer, secondBuffer))
        pairs.push_back({first, second});
    }
  return pairs;
}

/// The map types of a launch's entries (`types`) computed at run time, when
/// two of its buffers (`mapped`: entry and buffer) may overlap and copy
/// differently: each entry that overlaps another also takes its copies
/// (the 'to' of one, the 'from' of the other), since libomptarget finds the
/// second present and copies nothing for it. Empty when no pair needs it.
/// `begin(index)` is entry index's first mapped byte.
static SmallVector<Value> mergeAliasedMapTypes(
    OpBuilder &b, Location loc, ArrayRef<std::pair<size_t, Value>> mapped,
    ArrayRef<int64_t> types, ArrayRef<Value> sizes,
    function_ref<Value(size_t)> begin, ArrayRef<size_t> boxSlots,
    DenseMap<size_t, Value> &boxOverlaps) {
  const uint64_t copyBits = bits(OpenMPOffloadMappingFlags::OMP_MAP_TO |
                                 OpenMPOffloadMappingFlags::OMP_MAP_FROM);
  SmallVector<std::pair<size_t, size_t>> pairs =
      getMayAliasPairs(mapped, types, boxSlots);
  if (pairs.empty())
    return {};
  Type i64 = b.getI64Type();
  SmallVector<Value> result;
  for (int64_t type : types)
    result.push_back(i64Constant(b, loc, type));
  Value zero = i64Constant(b, loc, 0);
  DenseMap<size_t, std::pair<Value, Value>> ranges;
  auto getRange = [&](size_t index) {
    auto [it, inserted] = ranges.try_emplace(index);
    if (inserted) {
      Value start = LLVM::PtrToIntOp::create(b, loc, i64, begin(index));
      it->second = {start, LLVM::AddOp::create(b, loc, start, sizes[index])};
    }
    return it->second;
  };
  auto ult = [&](Value x, Value y) {
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, x, y);
  };
  for (auto [first, second] : pairs) {
    auto [firstBegin, firstEnd] = getRange(first);
    auto [secondBegin, secondEnd] = getRange(second);
    Value overlap = LLVM::AndOp::create(b, loc, ult(firstBegin, secondEnd),
                                        ult(secondBegin, firstEnd));
    // Both not empty.
    overlap =
        LLVM::AndOp::create(b, loc, overlap,
                            LLVM::AndOp::create(b, loc, ult(zero, sizes[first]),
                                                ult(zero, sizes[second])));
    for (size_t slot : {first, second})
      if (llvm::is_contained(boxSlots, slot)) {
        Value &any = boxOverlaps[slot];
        any = any ? LLVM::OrOp::create(b, loc, any, overlap).getResult()
                  : overlap;
      }
    for (auto [to, from] : {std::pair(first, second), {second, first}}) {
      int64_t added = types[from] & copyBits & ~types[to];
      if (!added)
        continue;
      Value merged =
          LLVM::OrOp::create(b, loc, result[to], i64Constant(b, loc, added));
      result[to] = LLVM::SelectOp::create(b, loc, overlap, merged, result[to]);
    }
  }
  return result;
}

/// Entries of one launch or data call (`mapped`: entry and buffer) that
/// may overlap at run time without one holding the other would make
/// libomptarget refuse the second ("explicit extension not allowed": two
/// views of one buffer, or a caller passing overlapping views as two
/// arguments). So every entry that overlaps another maps, at run time, the
/// hull of all those it overlaps (transitively), with the copies of all of
/// them: whichever comes first maps and copies what each needs, the others
/// find their range present. The base pointers stay, so each kernel
/// argument still points at its own buffer. Entries in `skip` (boxes, whose
/// rows map separately) keep their ranges. Updates `sizes`, `begins` (the
/// entries' first mapped bytes, set for the entries it widens) and
/// `mergedTypes` (the types at run time; made from `types` when empty).
/// `begin(index)` is entry index's first mapped byte as it was.
static void widenOverlappingRanges(
    OpBuilder &b, Location loc, ArrayRef<std::pair<size_t, Value>> mapped,
    ArrayRef<int64_t> types, SmallVectorImpl<Value> &sizes,
    function_ref<Value(size_t)> begin, DenseMap<unsigned, Value> &begins,
    SmallVectorImpl<Value> &mergedTypes, ArrayRef<size_t> skip) {
  SmallVector<std::pair<size_t, size_t>> pairs;
  llvm::SetVector<size_t> involved;
  for (unsigned i = 0, e = mapped.size(); i < e; ++i)
    for (unsigned j = i + 1; j < e; ++j) {
      auto [first, firstBuffer] = mapped[i];
      auto [second, secondBuffer] = mapped[j];
      if (firstBuffer == secondBuffer || llvm::is_contained(skip, first) ||
          llvm::is_contained(skip, second) ||
          areDistinct(firstBuffer, secondBuffer))
        continue;
      pairs.push_back({first, second});
      involved.insert(first);
      involved.insert(second);
    }
  if (pairs.empty())
    return;
  const uint64_t copyBits = bits(OpenMPOffloadMappingFlags::OMP_MAP_TO |
                                 OpenMPOffloadMappingFlags::OMP_MAP_FROM);
  Type i64 = b.getI64Type();
  if (mergedTypes.empty())
    for (int64_t type : types)
      mergedTypes.push_back(i64Constant(b, loc, type));
  Value zero = i64Constant(b, loc, 0);
  Value copyMask = i64Constant(b, loc, copyBits);
  DenseMap<size_t, std::pair<Value, Value>> ranges;
  DenseMap<size_t, Value> nonEmpty;
  for (size_t index : involved) {
    Value start = LLVM::PtrToIntOp::create(b, loc, i64, begin(index));
    ranges[index] = {start, LLVM::AddOp::create(b, loc, start, sizes[index])};
    nonEmpty[index] = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult,
                                           zero, sizes[index]);
  }
  auto ult = [&](Value x, Value y) {
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, x, y);
  };
  auto select = [&](Value c, Value x, Value y) {
    return LLVM::SelectOp::create(b, loc, c, x, y).getResult();
  };
  // A chain of n overlapping entries joins in n - 1 rounds.
  for (size_t round = 1; round < involved.size(); ++round)
    for (auto [first, second] : pairs) {
      auto &[firstBegin, firstEnd] = ranges[first];
      auto &[secondBegin, secondEnd] = ranges[second];
      Value overlap = LLVM::AndOp::create(b, loc, ult(firstBegin, secondEnd),
                                          ult(secondBegin, firstEnd));
      overlap = LLVM::AndOp::create(
          b, loc, overlap,
          LLVM::AndOp::create(b, loc, nonEmpty[first], nonEmpty[second]));
      Value lo = select(ult(firstBegin, secondBegin), firstBegin, secondBegin);
      Value hi = select(ult(firstEnd, secondEnd), secondEnd, firstEnd);
      firstBegin = select(overlap, lo, firstBegin);
      secondBegin = select(overlap, lo, secondBegin);
      firstEnd = select(overlap, hi, firstEnd);
      secondEnd = select(overlap, hi, secondEnd);
      Value copies = LLVM::AndOp::create(
          b, loc,
          LLVM::OrOp::create(b, loc, mergedTypes[first], mergedTypes[second]),
          copyMask);
      for (size_t index : {first, second})
        mergedTypes[index] = select(
            overlap, LLVM::OrOp::create(b, loc, mergedTypes[index], copies),
            mergedTypes[index]);
    }
  Type ptrType = LLVM::LLVMPointerType::get(b.getContext());
  for (size_t index : involved) {
    auto [start, end] = ranges[index];
    begins[index] = LLVM::IntToPtrOp::create(b, loc, ptrType, start);
    sizes[index] = LLVM::SubOp::create(b, loc, end, start);
  }
}

namespace {
struct LaunchOpLowering : public OpConversionPattern<LaunchOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(LaunchOp launch, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = launch.getLoc();
    MLIRContext *ctx = getContext();
    if (launch.getAllDevices() || !launch.getDevices().empty())
      return launch.emitOpError()
             << "cannot be lowered: it runs on several devices (run "
                "offload-split-devices first)";
    auto kernel = SymbolTable::lookupNearestSymbolFrom<KernelOp>(
        launch, launch.getKernelAttr());
    StringRef kernelName = launch.getKernel();
    auto fallback = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        launch, StringAttr::get(ctx, getFallbackName(kernelName)));
    auto address = SymbolTable::lookupNearestSymbolFrom<LLVM::GlobalOp>(
        launch, StringAttr::get(ctx, getKernelAddressName(kernelName)));
    if (!kernel || !fallback || !address)
      return launch.emitOpError()
             << "cannot be lowered: kernel " << launch.getKernelAttr()
             << " has no host copy or address (run convert-offload-to-gpu "
                "first)";

    // One entry per lowered kernel parameter after the runtime's pointer.
    SmallVector<Value> values, sizes;
    // Where a mapped section starts, for arguments mapped by a section
    // (the runtime passes the kernel the argument's device address).
    DenseMap<unsigned, Value> sectionBegins;
    SmallVector<int64_t> types;
    SmallVector<std::string> names;
    // The entries of the buffers the kernel touches, with their buffers.
    SmallVector<std::pair<size_t, Value>> mapped;
    const uint64_t literal =
        bits(OpenMPOffloadMappingFlags::OMP_MAP_LITERAL |
             OpenMPOffloadMappingFlags::OMP_MAP_TARGET_PARAM);
    const uint64_t param =
        bits(OpenMPOffloadMappingFlags::OMP_MAP_TARGET_PARAM);
    SmallVector<BoxEntry> boxes;
    SmallVector<std::pair<Value, std::string>> members;
    // The first parameter slot of each member (kernel arguments that are
    // not aggregates are members of their own).
    DenseMap<Value, size_t> slotOf;
    for (auto [index, arg] : llvm::enumerate(launch.getArgs())) {
      std::string name = (kernelName + " argument " + Twine(index)).str();
      if (!isa<TupleType>(arg.getType())) {
        members.push_back({arg, name});
        continue;
      }
      for (auto [m, member] : llvm::enumerate(getAggregateMembers(arg)))
        members.push_back({member, name + " member " + std::to_string(m)});
    }
    for (auto &[operand, name] : members) {
      slotOf.try_emplace(operand, values.size());
      SmallVector<Value> packed = packKernelArgument(rewriter, loc, operand);
      for (auto [part, value] : llvm::enumerate(packed)) {
        values.push_back(value);
        names.push_back(part == 0 ? name
                                  : name + " size/stride " +
                                        std::to_string(part - 1));
        MapAttr map = part == 0 && isa<MemRefType>(operand.getType())
                          ? launch.getMapFor(operand)
                          : MapAttr();
        if (map) {
          Value section = launch.getMappedSection(operand);
          mapped.push_back({types.size(), operand});
          types.push_back(param | getMapTypeBits(map));
          sizes.push_back(getMappedSizeInBytes(rewriter, loc, section));
          // (Where a section starts, or the buffer's lowest element when
          // a stride may be negative: the kernel gets the first.)
          if (section != operand || mayHaveNegativeStrides(section))
            sectionBegins[values.size() - 1] =
                getLowestElementPointer(rewriter, loc, section);
          if (isBoxCandidate(section, map))
            boxes.push_back(
                {values.size() - 1, section,
                 getMapTypeBits(map) &
                     bits(OpenMPOffloadMappingFlags::OMP_MAP_TO |
                          OpenMPOffloadMappingFlags::OMP_MAP_FROM |
                          OpenMPOffloadMappingFlags::OMP_MAP_ALWAYS)});
        } else {
          // Scalars, sizes, strides, and buffers the kernel never touches
          // (their host address is passed but not dereferenced).
          types.push_back(literal);
          sizes.push_back(i64Constant(rewriter, loc, 8));
        }
      }
    }

    // The strategy's parameters: for a tensor-core contraction, the device
    // addresses of the tensor maps of A and B, 0 until the runtime makes
    // them (__offload_rt_prepare_tma).
    KernelStrategy strategy = selectKernelStrategy(kernel);
    size_t strategySlots = values.size();
    for (unsigned i = 0, e = getNumStrategyParams(strategy); i < e; ++i) {
      values.push_back(i64Constant(rewriter, loc, 0));
      names.push_back((kernelName + " strategy parameter " + Twine(i)).str());
      types.push_back(literal);
      sizes.push_back(i64Constant(rewriter, loc, 8));
    }

    // The argument arrays.
    Type ptrType = LLVM::LLVMPointerType::get(ctx);
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    size_t count = values.size();
    auto asPointer = [&](Value value) -> Value {
      if (isa<LLVM::LLVMPointerType>(value.getType()))
        return value;
      return LLVM::IntToPtrOp::create(rewriter, loc, ptrType, value);
    };
    GlobalBuilder globals(rewriter, launch);
    std::string prefix = ("__offload_" + kernelName).str();
    Value basePtrs, ptrs, sizeArray, typeArray, nameArray, numArgs;
    // With box sections, the stack the arrays take is given back after the
    // launch (it may sit in a loop).
    Value stackSave;
    // Two buffers that may be one at run time (a caller passed one buffer
    // as two arguments) with different copies: libomptarget maps the second
    // as present and copies nothing for it, so each takes the copies of
    // both when they overlap.
    SmallVector<size_t> boxSlots;
    for (const BoxEntry &box : boxes)
      boxSlots.push_back(box.slot);
    DenseMap<size_t, Value> boxOverlaps;
    auto beginOf = [&](size_t index) {
      Value begin = sectionBegins.lookup(index);
      return begin ? begin : asPointer(values[index]);
    };
    SmallVector<Value> mergedTypes = mergeAliasedMapTypes(
        rewriter, loc, mapped, types, sizes, beginOf, boxSlots, boxOverlaps);
    widenOverlappingRanges(rewriter, loc, mapped, types, sizes, beginOf,
                           sectionBegins, mergedTypes, boxSlots);
    if (boxes.empty()) {
      auto ptrArrayType =
          LLVM::LLVMArrayType::get(ptrType, std::max<size_t>(count, 1));
      auto i64ArrayType =
          LLVM::LLVMArrayType::get(i64, std::max<size_t>(count, 1));
      basePtrs = createScopeAlloca(rewriter, launch, ptrArrayType);
      ptrs = createScopeAlloca(rewriter, launch, ptrArrayType);
      sizeArray = createScopeAlloca(rewriter, launch, i64ArrayType);
      for (auto [i, value] : llvm::enumerate(values)) {
        int32_t index = i;
        Value asPtr = asPointer(value);
        auto slot = [&](Value array, Type arrayType) {
          return LLVM::GEPOp::create(rewriter, loc, ptrType, arrayType, array,
                                     ArrayRef<LLVM::GEPArg>{0, index});
        };
        LLVM::StoreOp::create(rewriter, loc, asPtr,
                              slot(basePtrs, ptrArrayType));
        Value begin = sectionBegins.lookup(index);
        LLVM::StoreOp::create(rewriter, loc, begin ? begin : asPtr,
                              slot(ptrs, ptrArrayType));
        LLVM::StoreOp::create(rewriter, loc, sizes[index],
                              slot(sizeArray, i64ArrayType));
      }
      if (!mergedTypes.empty()) {
        auto i64ArrayType = LLVM::LLVMArrayType::get(i64, count);
        typeArray = createScopeAlloca(rewriter, launch, i64ArrayType);
        for (auto [i, type] : llvm::enumerate(mergedTypes)) {
          int32_t index = i;
          Value slot =
              LLVM::GEPOp::create(rewriter, loc, ptrType, i64ArrayType,
                                  typeArray, ArrayRef<LLVM::GEPArg>{0, index});
          LLVM::StoreOp::create(rewriter, loc, type, slot);
        }
      } else {
        typeArray = LLVM::AddressOfOp::create(
            rewriter, loc,
            globals.i64Array(loc, prefix + "_maptypes",
                             count ? ArrayRef<int64_t>(types)
                                   : ArrayRef<int64_t>{0}));
      }
      nameArray = buildNameArray(rewriter, loc, globals, prefix, names);
    } else {
      // libomptarget reads one name per entry: the rows get their buffer's.
      Value paramNames = buildNameArray(rewriter, loc, globals, prefix, names);
      std::tie(basePtrs, ptrs, sizeArray, typeArray, numArgs, stackSave) =
          buildBoxArguments(rewriter, loc, values, sizes, types, mergedTypes,
                            boxOverlaps, sectionBegins, boxes, asPointer,
                            [&](Value begin) {
                              return buildIsPresent(rewriter, launch, begin,
                                                    launch.getDevice());
                            },
                            DenseSpans::launch, paramNames, &nameArray);
    }

    // The device (one the runtime has, or the host), once for the grid
    // and the launch.
    Value device =
        getResolvedDeviceId(rewriter, loc, launch, launch.getDevice());

    // The grid.
    checkSteps(rewriter, launch, kernel);
    Grid grid = launch.getBlocks().empty()
                    ? computeGrid(rewriter, launch, kernel)
                    : getExplicitGrid(rewriter, launch);
    capGridForReductions(rewriter, loc, launch, kernel, device, grid);

    // KernelArgsTy, version 3.
    auto dim3 = LLVM::LLVMArrayType::get(i32, 3);
    auto argsType = LLVM::LLVMStructType::getLiteral(
        ctx, {i32, i32, ptrType, ptrType, ptrType, ptrType, ptrType, ptrType,
              i64, i64, dim3, dim3, i32});
    Value null = LLVM::ZeroOp::create(rewriter, loc, ptrType);
    Value args = LLVM::UndefOp::create(rewriter, loc, argsType);
    auto insert = [&](Value field, ArrayRef<int64_t> position) {
      args = LLVM::InsertValueOp::create(rewriter, loc, args, field, position);
    };
    insert(i32Constant(rewriter, loc, kKernelArgsVersion), {0});
    insert(numArgs ? numArgs : i32Constant(rewriter, loc, count), {1});
    insert(basePtrs, {2});
    insert(ptrs, {3});
    insert(sizeArray, {4});
    insert(typeArray, {5});
    insert(nameArray, {6});
    insert(null, {7}); // mappers
    insert(grid.tripCount, {8});
    insert(i64Constant(rewriter, loc, 0), {9}); // flags: wait for the kernel
    for (int64_t h = 0; h < 3; ++h) {
      insert(grid.blocks[h], {10, h});
      insert(grid.threads[h], {11, h});
    }
    insert(i32Constant(rewriter, loc, 0), {12}); // dynamic shared memory
    Value argsPtr = createScopeAlloca(rewriter, launch, argsType);
    LLVM::StoreOp::create(rewriter, loc, args, argsPtr);

    Value ident = LLVM::AddressOfOp::create(
        rewriter, loc,
        globals.ident(loc, prefix + "_ident", getIdentString(loc, kernelName)));
    Value hostAddress = LLVM::AddressOfOp::create(rewriter, loc, address);

    // A tensor-core contraction: the runtime makes the tensor maps of A and
    // B once their device addresses are known, stores their addresses in
    // the strategy's slots and gives the kernel its dynamic shared memory,
    // when the device is a Hopper GPU; when it had to map the buffers for
    // this, the launch is followed by __offload_rt_finish_tma.
    Value mappedForTma, tmaFields;
    if (strategy.kind == KernelStrategyKind::TensorCoreContraction)
      std::tie(mappedForTma, tmaFields) =
          prepareTensorMaps(rewriter, launch, strategy, slotOf, strategySlots,
                            ident, device, argsPtr);
    auto finishTensorMaps = [&] {
      if (!mappedForTma)
        return;
      // void __offload_rt_finish_tma(ident_t *, int64_t device,
      //     KernelArgsTy *, uint32_t operands, const int64_t *fields)
      auto finish = getOrDeclareRuntimeFunction(
          rewriter, launch, kRuntimeFinishTma,
          LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                      {ptrType, i64, ptrType, i32, ptrType}));
      auto ifOp = scf::IfOp::create(rewriter, loc, mappedForTma,
                                    /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      LLVM::CallOp::create(rewriter, loc, finish,
                           ValueRange{ident, device, argsPtr,
                                      i32Constant(rewriter, loc, 2),
                                      tmaFields});
    };

    // First offer the launch to the runtime library, which queues it when
    // libomptarget would move no data for it (docs/LaunchPath.md):
    // int32_t __offload_rt_launch(__offload_rt_module *, ident_t *,
    //                             int64_t device, void *host_addr,
    //                             KernelArgsTy *)
    auto rtLaunch = getOrDeclareRuntimeFunction(
        rewriter, launch, kRuntimeLaunch,
        LLVM::LLVMFunctionType::get(i32,
                                    {ptrType, ptrType, i64, ptrType, ptrType}));
    auto rtWait = getOrDeclareRuntimeWait(rewriter, launch);
    Value state = LLVM::AddressOfOp::create(
        rewriter, loc, getOrCreateLaunchState(rewriter, launch));
    Value wasQueued = callRuntimeIfLinkedIn(
        rewriter, loc, rtLaunch,
        ValueRange{state, ident, device, hostAddress, argsPtr});
    auto queued = scf::IfOp::create(rewriter, loc, wasQueued,
                                    /*withElseRegion=*/true);

    // Queued: a launch without `nowait` waits for its kernel here.
    rewriter.setInsertionPointToStart(queued.thenBlock());
    if (!launch.getNowait())
      LLVM::CallOp::create(rewriter, loc, rtWait, ValueRange{ident});
    finishTensorMaps();

    // Not queued: through libomptarget, which maps, launches and waits.
    // int __tgt_target_kernel(ident_t *, int64_t device, int32_t teams,
    //                         int32_t threads, void *host_ptr, KernelArgsTy *)
    rewriter.setInsertionPointToStart(queued.elseBlock());
    auto targetKernel = getOrDeclareFunction(
        rewriter, launch, "__tgt_target_kernel",
        LLVM::LLVMFunctionType::get(
            i32, {ptrType, i64, i32, i32, ptrType, ptrType}));
    Value rc = LLVM::CallOp::create(rewriter, loc, targetKernel,
                                    ValueRange{ident, device, grid.blocks[0],
                                               grid.threads[0], hostAddress,
                                               argsPtr})
                   .getResult();
    // Before the host copy may run: the buffers are back on the host.
    finishTensorMaps();

    // The runtime returns non-zero when it did not run the kernel (no
    // device, offloading disabled): run the host copy instead.
    Value failed = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                        rc, i32Constant(rewriter, loc, 0));
    auto ifOp = scf::IfOp::create(rewriter, loc, failed,
                                  /*withElseRegion=*/false);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
    SmallVector<Value> fallbackArgs = {null};
    fallbackArgs.append(values);
    func::CallOp::create(rewriter, loc, fallback, fallbackArgs);
    if (stackSave) {
      rewriter.setInsertionPointAfter(ifOp);
      LLVM::StackRestoreOp::create(rewriter, loc, stackSave);
    }
    rewriter.eraseOp(launch);
    return success();
  }
};

/// offload.wait: `__offload_rt_wait` when the runtime library is linked in
/// (without it nothing is ever queued).
struct WaitOpLowering : public OpConversionPattern<WaitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(WaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto rtWait = getOrDeclareRuntimeWait(rewriter, op);
    Value ident = getOpIdent(rewriter, op, "__offload_wait_ident");
    auto ifOp = scf::IfOp::create(rewriter, loc,
                                  isLinkedIn(rewriter, loc, rtWait),
                                  /*withElseRegion=*/false);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
    LLVM::CallOp::create(rewriter, loc, rtWait, ValueRange{ident});
    rewriter.eraseOp(op);
    return success();
  }
};

/// The omp.map.info of one map clause: the bytes from the buffer's lowest
/// element to its highest.
static Value createMapInfo(ConversionPatternRewriter &rewriter, Location loc,
                           Value buffer, MapAttr map, StringRef name) {
  MLIRContext *ctx = rewriter.getContext();
  Value begin = getLowestElementPointer(rewriter, loc, buffer);
  Value bytes = getMappedSizeInBytes(rewriter, loc, buffer);
  Value zero = i64Constant(rewriter, loc, 0);
  Value one = i64Constant(rewriter, loc, 1);
  Value last = LLVM::SubOp::create(rewriter, loc, bytes, one);
  Value bounds = omp::MapBoundsOp::create(
      rewriter, loc, omp::MapBoundsType::get(ctx), zero, last, bytes, one,
      /*stride_in_bytes=*/false, zero);
  return omp::MapInfoOp::create(
      rewriter, loc, LLVM::LLVMPointerType::get(ctx), begin,
      rewriter.getI8Type(), getOmpMapFlags(map),
      omp::VariableCaptureKind::ByRef, /*var_ptr_ptr=*/Value(),
      /*members=*/ValueRange(), /*members_index=*/ArrayAttr(),
      ValueRange{bounds}, /*mapper_id=*/FlatSymbolRefAttr(),
      rewriter.getStringAttr(name), /*partial_map=*/false);
}

template <typename OpTy>
static SmallVector<Value> createMapInfos(ConversionPatternRewriter &rewriter,
                                         OpTy op) {
  SmallVector<Value> infos;
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(op.getMapVars(), op.getMapKindsAttr()))) {
    auto [var, kind] = pair;
    std::string name =
        (op->getName().getStringRef() + " map " + Twine(index)).str();
    infos.push_back(
        createMapInfo(rewriter, op.getLoc(), var, cast<MapAttr>(kind), name));
  }
  return infos;
}

/// The device of a data op, resolved (getResolvedDeviceId), as the i64 omp
/// accepts.
static Value getOmpDevice(RewriterBase &rewriter, Location loc, Operation *op,
                          Value device) {
  return getResolvedDeviceId(rewriter, loc, op, device);
}

/// Whether a map clause of `op` moves a box (isBoxCandidate): omp's map
/// entries cannot say "these rows only", so such an op calls libomptarget
/// itself (callDataMapper).
template <typename OpTy> static bool hasBoxClause(OpTy op) {
  return llvm::any_of(llvm::zip(op.getMapVars(), op.getMapKindsAttr()),
                      [](auto pair) {
                        auto [var, kind] = pair;
                        return isBoxCandidate(var, cast<MapAttr>(kind));
                      });
}

/// Whether two map clauses of `op` copy differently and may name one buffer
/// at run time (areDistinct): omp's map entries would lose the second's
/// copies, so such an op calls libomptarget itself (callDataMapper), which
/// merges their map types where their bytes overlap.
template <typename OpTy> static bool hasAliasedClauses(OpTy op) {
  if (std::is_same_v<OpTy, UpdateOp>)
    return false;
  SmallVector<std::pair<size_t, Value>> mapped;
  SmallVector<int64_t> types;
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(op.getMapVars(), op.getMapKindsAttr()))) {
    mapped.push_back({index, std::get<0>(pair)});
    types.push_back(getMapTypeBits(cast<MapAttr>(std::get<1>(pair))));
  }
  return !getMayAliasPairs(mapped, types).empty();
}

/// Calls libomptarget's `function` (`__tgt_target_data_begin_mapper`, `_end_`
/// or `_update_`) for the map clauses of `op` on `device`: each clause's
/// buffer from its first element to its last, and a box narrower than its
/// rows as in a launch (buildBoxArguments): its span without copying, and
/// each row a member of it with the clause's copy bits. libomptarget copies
/// the rows in when `begin` allocates the span, out when `end` is about to
/// remove it, and always on `update`, so no element outside the box moves.
template <typename OpTy>
static void callDataMapper(ConversionPatternRewriter &rewriter, OpTy op,
                           StringRef function) {
  Location loc = op.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  Type ptrType = LLVM::LLVMPointerType::get(ctx);
  Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
  SmallVector<Value> values, sizes;
  SmallVector<int64_t> types;
  SmallVector<BoxEntry> boxes;
  const uint64_t copyBits = bits(OpenMPOffloadMappingFlags::OMP_MAP_TO |
                                 OpenMPOffloadMappingFlags::OMP_MAP_FROM |
                                 OpenMPOffloadMappingFlags::OMP_MAP_ALWAYS);
  for (auto [var, kind] : llvm::zip(op.getMapVars(), op.getMapKindsAttr())) {
    auto map = cast<MapAttr>(kind);
    if (isBoxCandidate(var, map))
      boxes.push_back({values.size(), var, getMapTypeBits(map) & copyBits});
    values.push_back(getLowestElementPointer(rewriter, loc, var));
    sizes.push_back(getMappedSizeInBytes(rewriter, loc, var));
    types.push_back(getMapTypeBits(map));
  }
  // Two clauses naming buffers that may be one at run time, with different
  // copies (a caller passed one buffer as two arguments): libomptarget maps
  // the second as present and copies nothing for it, so where their bytes
  // overlap each takes the other's copies ('update' copies every entry).
  SmallVector<Value> mergedTypes;
  DenseMap<size_t, Value> boxOverlaps;
  // The first bytes of the entries widenOverlappingRanges widens.
  DenseMap<unsigned, Value> begins;
  if (!std::is_same_v<OpTy, UpdateOp>) {
    SmallVector<std::pair<size_t, Value>> mapped;
    for (auto [index, var] : llvm::enumerate(op.getMapVars()))
      mapped.push_back({index, var});
    SmallVector<size_t> boxSlots;
    for (const BoxEntry &box : boxes)
      boxSlots.push_back(box.slot);
    auto beginOf = [&](size_t index) { return values[index]; };
    mergedTypes = mergeAliasedMapTypes(rewriter, loc, mapped, types, sizes,
                                       beginOf, boxSlots, boxOverlaps);
    widenOverlappingRanges(rewriter, loc, mapped, types, sizes, beginOf, begins,
                           mergedTypes, boxSlots);
  }
  auto [basePtrs, ptrs, sizeArray, typeArray, numArgs, stack] =
      buildBoxArguments(
          rewriter, loc, values, sizes, types, mergedTypes, boxOverlaps, begins,
          boxes, [](Value value) { return value; }, nullptr,
          function == "__tgt_target_data_begin_mapper" ? DenseSpans::in
                                                       : DenseSpans::none);
  StringRef name = op->getName().getStringRef();
  GlobalBuilder globals(rewriter, op);
  Value ident = LLVM::AddressOfOp::create(
      rewriter, loc,
      globals.ident(loc, "__offload_data_ident", getIdentString(loc, name)));
  Value null = LLVM::ZeroOp::create(rewriter, loc, ptrType);
  // void __tgt_target_data_*_mapper(ident_t *, int64_t device, int32_t n,
  //     void **bases, void **begins, int64_t *sizes, int64_t *types,
  //     void **names, void **mappers)
  auto callee = getOrDeclareFunction(
      rewriter, op, function,
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                  {ptrType, i64, i32, ptrType, ptrType, ptrType,
                                   ptrType, ptrType, ptrType}));
  LLVM::CallOp::create(
      rewriter, loc, callee,
      ValueRange{ident, getResolvedDeviceId(rewriter, loc, op, op.getDevice()),
                 numArgs, basePtrs, ptrs, sizeArray, typeArray, null, null});
  LLVM::StackRestoreOp::create(rewriter, loc, stack);
}

struct DataOpLowering : public OpConversionPattern<DataOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DataOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (hasBoxClause(op) || hasAliasedClauses(op)) {
      // The region's maps around its body, by libomptarget's calls.
      callDataMapper(rewriter, op, "__tgt_target_data_begin_mapper");
      Block *body = &op.getBody().front();
      rewriter.setInsertionPointToEnd(body);
      callDataMapper(rewriter, op, "__tgt_target_data_end_mapper");
      rewriter.inlineBlockBefore(body, op);
      rewriter.eraseOp(op);
      return success();
    }
    SmallVector<Value> infos = createMapInfos(rewriter, op);
    auto data = omp::TargetDataOp::create(
        rewriter, loc, getOmpDevice(rewriter, loc, op, op.getDevice()),
        /*if_expr=*/Value(), infos, ValueRange(), ValueRange());
    Region &region = data.getRegion();
    rewriter.inlineRegionBefore(op.getBody(), region, region.end());
    rewriter.setInsertionPointToEnd(&region.front());
    omp::TerminatorOp::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

template <typename SourceOp, typename TargetOp>
struct StandaloneDataOpLowering : public OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (hasBoxClause(op) || hasAliasedClauses(op)) {
      StringRef function = std::is_same_v<TargetOp, omp::TargetEnterDataOp>
                               ? "__tgt_target_data_begin_mapper"
                           : std::is_same_v<TargetOp, omp::TargetExitDataOp>
                               ? "__tgt_target_data_end_mapper"
                               : "__tgt_target_data_update_mapper";
      callDataMapper(rewriter, op, function);
      rewriter.eraseOp(op);
      return success();
    }
    SmallVector<Value> infos = createMapInfos(rewriter, op);
    rewriter.replaceOpWithNewOp<TargetOp>(
        op, /*depend_kinds=*/ArrayAttr(), /*depend_vars=*/ValueRange(),
        getOmpDevice(rewriter, loc, op, op.getDevice()), /*if_expr=*/Value(),
        infos,
        /*nowait=*/UnitAttr());
    return success();
  }
};

/// offload.device_copy: first offered to the runtime library, which queues
/// it (and waits for it here unless `nowait`); otherwise the device
/// addresses of the view's first element on both devices
/// (`omp_get_mapped_ptr`), then `omp_target_memcpy` between them. A buffer
/// either device does not hold, or a failed copy, stops the program with a
/// message on standard error.
struct DeviceCopyOpLowering : public OpConversionPattern<DeviceCopyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DeviceCopyOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Type ptr = LLVM::LLVMPointerType::get(ctx);
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    auto mappedPtr =
        getOrDeclareFunction(rewriter, op, "omp_get_mapped_ptr",
                             LLVM::LLVMFunctionType::get(ptr, {ptr, i32}));
    // int omp_target_memcpy(void *dst, const void *src, size_t length,
    //                       size_t dst_offset, size_t src_offset,
    //                       int dst_device, int src_device)
    auto memcpy = getOrDeclareFunction(
        rewriter, op, "omp_target_memcpy",
        LLVM::LLVMFunctionType::get(i32, {ptr, ptr, i64, i64, i64, i32, i32}));
    auto toI32 = [&](Value device) -> Value {
      return arith::TruncIOp::create(rewriter, loc, i32,
                                     getDeviceId(rewriter, loc, device));
    };
    Value source = toI32(op.getSource()), dest = toI32(op.getDest());
    Value begin = getLowestElementPointer(rewriter, loc, op.getBuffer());
    Value bytes = getMappedSizeInBytes(rewriter, loc, op.getBuffer());
    Value zero = i64Constant(rewriter, loc, 0);
    Value any = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                     bytes, zero);
    auto ifAny =
        scf::IfOp::create(rewriter, loc, any, /*withElseRegion=*/false);
    rewriter.setInsertionPointToStart(ifAny.thenBlock());

    // int32_t __offload_rt_device_copy(ident_t *, int64_t dest,
    //                                  int64_t source, void *host_begin,
    //                                  int64_t bytes)
    auto rtCopy = getOrDeclareRuntimeFunction(
        rewriter, op, kRuntimeDeviceCopy,
        LLVM::LLVMFunctionType::get(i32, {ptr, i64, i64, ptr, i64}));
    auto rtWait = getOrDeclareRuntimeWait(rewriter, op);
    Value ident = getOpIdent(rewriter, op, "__offload_device_copy_ident");
    Value wasQueued = callRuntimeIfLinkedIn(
        rewriter, loc, rtCopy,
        ValueRange{ident, arith::ExtSIOp::create(rewriter, loc, i64, dest),
                   arith::ExtSIOp::create(rewriter, loc, i64, source), begin,
                   bytes});
    auto queued = scf::IfOp::create(rewriter, loc, wasQueued,
                                    /*withElseRegion=*/true);
    // Queued: without `nowait` the copy has finished when the op returns.
    rewriter.setInsertionPointToStart(queued.thenBlock());
    if (!op.getNowait())
      LLVM::CallOp::create(rewriter, loc, rtWait, ValueRange{ident});

    // Not queued: through libomptarget.
    rewriter.setInsertionPointToStart(queued.elseBlock());
    Value from = LLVM::CallOp::create(rewriter, loc, mappedPtr,
                                      ValueRange{begin, source})
                     .getResult();
    Value to =
        LLVM::CallOp::create(rewriter, loc, mappedPtr, ValueRange{begin, dest})
            .getResult();
    Value null = LLVM::ZeroOp::create(rewriter, loc, ptr);
    Value absent = LLVM::OrOp::create(
        rewriter, loc,
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, from,
                             null),
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, to, null));
    auto ifPresent = scf::IfOp::create(rewriter, loc, TypeRange{i32}, absent,
                                       /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifPresent.thenBlock());
      scf::YieldOp::create(rewriter, loc,
                           ValueRange{i32Constant(rewriter, loc, -1)});
      rewriter.setInsertionPointToStart(ifPresent.elseBlock());
      Value rc = LLVM::CallOp::create(
                     rewriter, loc, memcpy,
                     ValueRange{to, from, bytes, zero, zero, dest, source})
                     .getResult();
      scf::YieldOp::create(rewriter, loc, ValueRange{rc});
    }
    Value failed = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                        ifPresent.getResult(0),
                                        i32Constant(rewriter, loc, 0));
    auto ifFailed =
        scf::IfOp::create(rewriter, loc, failed, /*withElseRegion=*/false);
    rewriter.setInsertionPointToStart(ifFailed.thenBlock());
    // offload: device_copy at file:line:col: cannot copy N bytes from
    // device S to device D (not mapped on both, or the runtime failed)
    auto [file, line, col] = getFileLineCol(loc);
    std::string format =
        ("offload: device_copy at " + file + ":" + Twine(line) + ":" +
         Twine(col) +
         ": cannot copy %ld bytes from device %d to device %d (a device "
         "does not hold the buffer, or the runtime failed)\n")
            .str();
    GlobalBuilder globals(rewriter, op);
    Value message = LLVM::AddressOfOp::create(
        rewriter, loc,
        globals.string(loc, "__offload_device_copy_message", format));
    auto dprintf = getOrDeclareFunction(
        rewriter, op, "dprintf",
        LLVM::LLVMFunctionType::get(i32, {i32, ptr}, /*isVarArg=*/true));
    LLVM::CallOp::create(rewriter, loc, dprintf,
                         ValueRange{i32Constant(rewriter, loc, 2), message,
                                    bytes, source, dest});
    auto exit = getOrDeclareFunction(
        rewriter, op, "exit",
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {i32}));
    LLVM::CallOp::create(rewriter, loc, exit,
                         ValueRange{i32Constant(rewriter, loc, 1)});
    rewriter.eraseOp(op);
    return success();
  }
};

/// `int omp_get_num_devices(void)` at the rewriter's point, through the
/// declaration the module has (func.func, as offload-split-devices makes
/// it, or llvm.func) or a new func.func.
static Value callNumDevices(ConversionPatternRewriter &rewriter, Location loc,
                            Operation *anchor) {
  return callOmpQuery(rewriter, loc, anchor, "omp_get_num_devices");
}

/// offload.all_devices: `__offload_rt_all_devices(list, capacity)` when the
/// runtime library is linked in and finds libomptarget; otherwise every
/// device, 0 to omp_get_num_devices() - 1.
struct AllDevicesOpLowering : public OpConversionPattern<AllDevicesOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AllDevicesOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Type ptr = LLVM::LLVMPointerType::get(ctx);
    Type i32 = rewriter.getI32Type();
    Type index = rewriter.getIndexType();
    Value list = op.getList();
    Value capacity = memref::DimOp::create(rewriter, loc, list, 0);
    Value capacity32 = arith::IndexCastOp::create(rewriter, loc, i32, capacity);
    auto function = getOrDeclareRuntimeFunction(
        rewriter, op, kRuntimeAllDevices,
        LLVM::LLVMFunctionType::get(i32, {ptr, i32}));
    Value unknown = i32Constant(rewriter, loc, -1);
    auto ifLinked = scf::IfOp::create(rewriter, loc, TypeRange{i32},
                                      isLinkedIn(rewriter, loc, function),
                                      /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifLinked.thenBlock());
      Value begin = getFirstElementPointer(rewriter, loc, list);
      Value count = LLVM::CallOp::create(rewriter, loc, function,
                                         ValueRange{begin, capacity32})
                        .getResult();
      scf::YieldOp::create(rewriter, loc, count);
      rewriter.setInsertionPointToStart(ifLinked.elseBlock());
      scf::YieldOp::create(rewriter, loc, unknown);
    }
    Value found = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::sge, ifLinked.getResult(0),
        i32Constant(rewriter, loc, 0));
    auto ifFound = scf::IfOp::create(rewriter, loc, TypeRange{index}, found,
                                     /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(ifFound.thenBlock());
      scf::YieldOp::create(rewriter, loc,
                           ValueRange{arith::IndexCastOp::create(
                               rewriter, loc, index, ifLinked.getResult(0))});
      // Every device, as many as the list holds.
      rewriter.setInsertionPointToStart(ifFound.elseBlock());
      Value available = arith::IndexCastOp::create(
          rewriter, loc, index, callNumDevices(rewriter, loc, op));
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
      Value count = arith::MinSIOp::create(
          rewriter, loc, arith::MaxSIOp::create(rewriter, loc, available, zero),
          capacity);
      scf::ForOp::create(
          rewriter, loc, zero, count, one, ValueRange(),
          [&](OpBuilder &body, Location, Value device, ValueRange) {
            memref::StoreOp::create(
                body, loc, arith::IndexCastOp::create(body, loc, i32, device),
                list, device);
            scf::YieldOp::create(body, loc);
          });
      scf::YieldOp::create(rewriter, loc, count);
    }
    rewriter.replaceOp(op, ifFound.getResult(0));
    return success();
  }
};
} // namespace

void mlir::offload::populateOffloadToOpenMPConversionPatterns(
    RewritePatternSet &patterns) {
  patterns.add<LaunchOpLowering, WaitOpLowering, DataOpLowering,
               StandaloneDataOpLowering<EnterDataOp, omp::TargetEnterDataOp>,
               StandaloneDataOpLowering<ExitDataOp, omp::TargetExitDataOp>,
               StandaloneDataOpLowering<UpdateOp, omp::TargetUpdateOp>,
               DeviceCopyOpLowering, AllDevicesOpLowering>(
      patterns.getContext());
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {
struct ConvertOffloadToOpenMPPass
    : public offload::impl::ConvertOffloadToOpenMPBase<
          ConvertOffloadToOpenMPPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    SmallVector<KernelOp> kernels(module.getOps<KernelOp>());
    bool hasHostOps = false;
    module.walk([&](Operation *op) {
      if (isa<LaunchOp, WaitOp, DataOp, EnterDataOp, ExitDataOp, UpdateOp,
              DeviceCopyOp, AllDevicesOp>(op))
        hasHostOps = true;
    });
    if (kernels.empty() && !hasHostOps)
      return;

    // The host address of each kernel, which its offload entry names.
    OpBuilder builder(ctx);
    builder.setInsertionPointToStart(module.getBody());
    for (KernelOp kernel : kernels) {
      std::string name = getKernelAddressName(kernel.getSymName());
      if (module.lookupSymbol(name)) {
        kernel.emitOpError() << "cannot create its address: the module "
                                "already has a symbol named @"
                             << name;
        return signalPassFailure();
      }
      auto global = LLVM::GlobalOp::create(
          builder, kernel.getLoc(), builder.getI8Type(), /*isConstant=*/true,
          LLVM::Linkage::Internal, name, builder.getI8IntegerAttr(0));
      global->setAttr(OffloadDialect::getEntryAttrName(),
                      kernel.getSymNameAttr());
    }

    // Launches need their kernel's host copy, which convert-offload-to-gpu
    // makes: report a missing one once, clearly, before converting.
    WalkResult missing = module.walk([&](LaunchOp launch) {
      if (module.lookupSymbol<func::FuncOp>(
              getFallbackName(launch.getKernel())))
        return WalkResult::advance();
      launch.emitOpError() << "cannot be lowered: kernel "
                           << launch.getKernelAttr()
                           << " has no host copy (run convert-offload-to-gpu "
                              "first)";
      return WalkResult::interrupt();
    });
    if (missing.wasInterrupted())
      return signalPassFailure();

    ConversionTarget target(*ctx);
    target.addIllegalOp<LaunchOp, WaitOp, DataOp, EnterDataOp, ExitDataOp,
                        UpdateOp, DeviceCopyOp, AllDevicesOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(ctx);
    populateOffloadToOpenMPConversionPatterns(patterns);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    for (KernelOp kernel : kernels)
      kernel.erase();

    // Aggregates existed for the launches, which now pass their members:
    // unpacks (of grid computations cloned to the host) fold, packs die.
    SmallVector<UnpackOp> unpacks;
    module.walk([&](UnpackOp op) { unpacks.push_back(op); });
    for (UnpackOp op : unpacks)
      if (auto pack = op.getAggregate().getDefiningOp<PackOp>()) {
        op.replaceAllUsesWith(pack.getMembers());
        op.erase();
      }
    SmallVector<PackOp> packs;
    module.walk([&](PackOp op) { packs.push_back(op); });
    for (PackOp op : llvm::reverse(packs))
      if (op->use_empty())
        op.erase();

    // What the OpenMP translation needs to emit the data mapping calls.
    SmallVector<Attribute> triples;
    if (auto list = module->getAttrOfType<ArrayAttr>(
            OffloadDialect::getTargetsAttrName()))
      for (Attribute t : list) {
        if (isa<NVPTXTargetAttr>(t))
          triples.push_back(builder.getStringAttr("nvptx64-nvidia-cuda"));
        else if (isa<AMDGPUTargetAttr>(t))
          triples.push_back(builder.getStringAttr("amdgcn-amd-amdhsa"));
        else
          triples.push_back(builder.getStringAttr("x86_64-pc-linux-gnu"));
      }
    if (triples.empty())
      triples.push_back(builder.getStringAttr("x86_64-pc-linux-gnu"));
    module->setAttr("omp.is_target_device", builder.getBoolAttr(false));
    module->setAttr("omp.target_triples", builder.getArrayAttr(triples));
  }
};
} // namespace
