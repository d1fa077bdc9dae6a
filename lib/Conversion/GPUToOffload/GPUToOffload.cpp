//===- GPUToOffload.cpp - gpu dialect input to the offload runtime -*- C++ -*-//
//
// convert-gpu-to-offload: the kernels of gpu.modules go into the device
// module of every target (GPUKernels.cpp), host operations become calls into
// the support library (include/offload/Runtime/GPUDialectRuntime.h).
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/GPUToOffload/GPUToOffload.h"

#include "offload/Conversion/OffloadToGPU/OffloadToGPU.h"
#include "offload/Conversion/OffloadToOpenMP/OffloadToOpenMP.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Dialect/Offload/Utils/KernelABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::offload {
#define GEN_PASS_DEF_CONVERTGPUTOOFFLOAD
#include "offload/Conversion/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// `file:line:col` of `loc`, or "unknown location".
static std::string formatLocation(Location loc) {
  if (auto file = loc->findInstanceOf<FileLineColLoc>())
    return (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()))
        .str();
  return "unknown location";
}

/// A NUL-terminated constant in `module` (binary contents allowed), named
/// after `prefix`.
static Value getConstantBytes(OpBuilder &b, Location loc, ModuleOp module,
                              StringRef prefix, StringRef bytes) {
  std::string name = prefix.str();
  for (unsigned i = 0; module.lookupSymbol(name); ++i)
    name = (prefix + "_" + Twine(i)).str();
  std::string data = bytes.str();
  data.push_back('\0');
  LLVM::GlobalOp global;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    global = LLVM::GlobalOp::create(
        b, loc, LLVM::LLVMArrayType::get(b.getI8Type(), data.size()),
        /*isConstant=*/true, LLVM::Linkage::Internal, name,
        b.getStringAttr(data));
  }
  return LLVM::AddressOfOp::create(b, loc, global);
}

/// `what at file:line:col`, as the support library prints it in messages.
static Value getWhere(OpBuilder &b, Operation *op, StringRef what) {
  return getConstantBytes(b, op->getLoc(), op->getParentOfType<ModuleOp>(),
                          "__offload_gpu_where",
                          (what + " at " + formatLocation(op->getLoc())).str());
}

/// Calls support library function `name` of `result(args)`, declaring it.
static Value callRuntime(OpBuilder &b, Operation *op, StringRef name,
                         Type result, ValueRange args) {
  auto module = op->getParentOfType<ModuleOp>();
  auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
  MLIRContext *ctx = b.getContext();
  if (!func) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    func = LLVM::LLVMFuncOp::create(
        b, op->getLoc(), name,
        LLVM::LLVMFunctionType::get(
            result ? result : LLVM::LLVMVoidType::get(ctx),
            llvm::map_to_vector(args, [](Value v) { return v.getType(); })));
  }
  auto call = LLVM::CallOp::create(b, op->getLoc(), func, args);
  return result ? call.getResult() : Value();
}

static Value i64Constant(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                  b.getI64IntegerAttr(value));
}

static Value i32Constant(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(value));
}

static Value toI64(OpBuilder &b, Location loc, Value index) {
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
}

/// The number of elements of `memref` (an i64).
static Value getNumElements(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  Value count = arith::ConstantIndexOp::create(b, loc, 1);
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    count = arith::MulIOp::create(b, loc, count,
                                  memref::DimOp::create(b, loc, memref, dim));
  return toI64(b, loc, count);
}

/// The address of `memref`'s first element (an !llvm.ptr).
static Value getPointer(OpBuilder &b, Location loc, Value memref) {
  return getFirstElementPointer(b, loc, memref);
}

/// Whether the elements of `type` are contiguous in row-major order, as
/// gpu.memcpy and gpu.memset need.
static bool isContiguous(MemRefType type) {
  return type.getLayout().isIdentity() ||
         memref::isStaticShapeAndContiguousRowMajor(type);
}

/// The single value a (1:1 converted) operand has.
static Value single(ValueRange values) {
  assert(values.size() == 1 && "expected a 1:1 conversion");
  return values.front();
}

/// Replaces `op` by `values` and its async token, if any, by nothing.
static void replaceWithoutToken(ConversionPatternRewriter &rewriter,
                                Operation *op, ValueRange values) {
  SmallVector<SmallVector<Value>> replacements;
  unsigned next = 0;
  for (Value result : op->getResults()) {
    if (isa<gpu::AsyncTokenType>(result.getType()))
      replacements.push_back({});
    else
      replacements.push_back({values[next++]});
  }
  rewriter.replaceOpWithMultiple(op, std::move(replacements));
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {
/// gpu.launch_func: `__offload_gpu_launch(where, host_addr, grid, block,
/// dynamic_shared, count, args, kinds)` with the lowered arguments
/// (KernelABI.h) as i64, and per argument whether it is a buffer address.
struct LaunchFuncLowering : public OpConversionPattern<gpu::LaunchFuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(gpu::LaunchFuncOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = getContext();
    auto module = op->getParentOfType<ModuleOp>();
    auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
        op, op.getKernel());
    auto name =
        kernel ? kernel->getAttrOfType<StringAttr>(getDeviceKernelAttrName())
               : StringAttr();
    auto address = name ? module.lookupSymbol<LLVM::GlobalOp>(
                              getKernelAddressName(name.getValue()))
                        : LLVM::GlobalOp();
    if (!address)
      return rewriter.notifyMatchFailure(op, "kernel was not lowered");

    Type ptrType = LLVM::LLVMPointerType::get(ctx);
    Type i64 = rewriter.getI64Type();
    SmallVector<Value> values;
    std::string kinds;
    for (ValueRange operand : adaptor.getKernelOperands()) {
      Value value = single(operand);
      SmallVector<Value> packed = packKernelArgument(rewriter, loc, value);
      for (auto [i, part] : llvm::enumerate(packed)) {
        kinds.push_back(i == 0 && isa<MemRefType>(value.getType()) ? 1 : 0);
        if (isa<LLVM::LLVMPointerType>(part.getType()))
          part = LLVM::PtrToIntOp::create(rewriter, loc, i64, part);
        values.push_back(part);
      }
    }

    // The arguments, in an array at the start of the function (launches in
    // loops reuse it).
    auto arrayType =
        LLVM::LLVMArrayType::get(i64, std::max<size_t>(values.size(), 1));
    Value array;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      auto func = op->getParentOfType<FunctionOpInterface>();
      rewriter.setInsertionPointToStart(&func.getFunctionBody().front());
      array = LLVM::AllocaOp::create(rewriter, loc, ptrType, arrayType,
                                     i32Constant(rewriter, loc, 1));
    }
    for (auto [i, value] : llvm::enumerate(values)) {
      Value slot = LLVM::GEPOp::create(
          rewriter, loc, ptrType, arrayType, array,
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
      LLVM::StoreOp::create(rewriter, loc, value, slot);
    }

    SmallVector<Value> args = {
        getWhere(rewriter, op,
                 ("kernel @" + op.getKernelModuleName().getValue() + "::@" +
                  op.getKernelName().getValue())
                     .str()),
        LLVM::AddressOfOp::create(rewriter, loc, address)};
    for (ValueRange size : {adaptor.getGridSizeX(), adaptor.getGridSizeY(),
                            adaptor.getGridSizeZ(), adaptor.getBlockSizeX(),
                            adaptor.getBlockSizeY(), adaptor.getBlockSizeZ()})
      args.push_back(toI64(rewriter, loc, single(size)));
    ValueRange shared = adaptor.getDynamicSharedMemorySize();
    args.push_back(shared.empty() ? i32Constant(rewriter, loc, 0)
                                  : single(shared));
    args.push_back(i32Constant(rewriter, loc, values.size()));
    args.push_back(array);
    args.push_back(
        getConstantBytes(rewriter, loc, module, "__offload_gpu_kinds", kinds));
    callRuntime(rewriter, op, "__offload_gpu_launch", Type(), args);
    replaceWithoutToken(rewriter, op, {});
    return success();
  }
};

/// gpu.alloc: `__offload_gpu_alloc(where, bytes, host_shared)`, and the
/// memref rebuilt around the pointer.
struct AllocLowering : public OpConversionPattern<gpu::AllocOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(gpu::AllocOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MemRefType type = op.getMemref().getType();
    SmallVector<Value> sizes; // per dimension, index
    auto dynamic = adaptor.getDynamicSizes();
    unsigned next = 0;
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      sizes.push_back(type.isDynamicDim(dim)
                          ? single(dynamic[next++])
                          : arith::ConstantIndexOp::create(rewriter, loc,
                                                           type.getDimSize(dim))
                                .getResult());
    Value count = arith::ConstantIndexOp::create(rewriter, loc, 1);
    for (Value size : sizes)
      count = arith::MulIOp::create(rewriter, loc, count, size);
    Value bytes = arith::MulIOp::create(
        rewriter, loc, toI64(rewriter, loc, count),
        i64Constant(rewriter, loc,
                    getElementSizeInBytes(type.getElementType())));
    Value pointer =
        callRuntime(rewriter, op, "__offload_gpu_alloc",
                    LLVM::LLVMPointerType::get(getContext()),
                    {getWhere(rewriter, op, "gpu.alloc"), bytes,
                     i32Constant(rewriter, loc, op.getHostShared() ? 1 : 0)});
    // The descriptor: the pointer, the dynamic sizes, then the dynamic
    // strides of the identity layout (products of the sizes inside).
    SmallVector<Value> params = {pointer};
    SmallVector<int64_t> strides;
    int64_t offset;
    (void)type.getStridesAndOffset(strides, offset);
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        params.push_back(toI64(rewriter, loc, sizes[dim]));
    for (int64_t dim = 0; dim < type.getRank(); ++dim) {
      if (!ShapedType::isDynamic(strides[dim]))
        continue;
      Value stride = arith::ConstantIndexOp::create(rewriter, loc, 1);
      for (int64_t inner = dim + 1; inner < type.getRank(); ++inner)
        stride = arith::MulIOp::create(rewriter, loc, stride, sizes[inner]);
      params.push_back(toI64(rewriter, loc, stride));
    }
    Value memref = unpackKernelArgument(rewriter, loc, type, params);
    replaceWithoutToken(rewriter, op, memref);
    return success();
  }
};

/// The ops that lower to one call of a support library function returning
/// nothing, whose first argument says which op it is and where
/// (`getWhere`); `getArguments` gives the others. The op goes, its async
/// token (if any) with it.
template <typename OpTy>
struct RuntimeCallLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OneToNOpAdaptor = typename OpConversionPattern<OpTy>::OneToNOpAdaptor;

  virtual StringRef getFunction(OpTy op) const = 0;
  virtual SmallVector<Value>
  getArguments(OpTy op, OneToNOpAdaptor adaptor,
               ConversionPatternRewriter &rewriter) const = 0;

  LogicalResult
  matchAndRewrite(OpTy op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    SmallVector<Value> args = {
        getWhere(rewriter, op, op->getName().getStringRef())};
    llvm::append_range(args, getArguments(op, adaptor, rewriter));
    callRuntime(rewriter, op, getFunction(op), Type(), args);
    replaceWithoutToken(rewriter, op, {});
    return success();
  }
};

/// gpu.dealloc: `__offload_gpu_free(where, pointer)`.
struct DeallocLowering : public RuntimeCallLowering<gpu::DeallocOp> {
  using RuntimeCallLowering::RuntimeCallLowering;

  StringRef getFunction(gpu::DeallocOp) const override {
    return "__offload_gpu_free";
  }
  SmallVector<Value>
  getArguments(gpu::DeallocOp op, OneToNOpAdaptor adaptor,
               ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value aligned = memref::ExtractAlignedPointerAsIndexOp::create(
        rewriter, loc, single(adaptor.getMemref()));
    return {LLVM::IntToPtrOp::create(rewriter, loc,
                                     LLVM::LLVMPointerType::get(getContext()),
                                     toI64(rewriter, loc, aligned))};
  }
};

/// gpu.memcpy: `__offload_gpu_memcpy(where, dst, src, bytes, src_bytes)`.
struct MemcpyLowering : public RuntimeCallLowering<gpu::MemcpyOp> {
  using RuntimeCallLowering::RuntimeCallLowering;

  StringRef getFunction(gpu::MemcpyOp) const override {
    return "__offload_gpu_memcpy";
  }
  SmallVector<Value>
  getArguments(gpu::MemcpyOp op, OneToNOpAdaptor adaptor,
               ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value dst = single(adaptor.getDst()), src = single(adaptor.getSrc());
    auto type = cast<MemRefType>(dst.getType());
    Value elementBytes = i64Constant(
        rewriter, loc, getElementSizeInBytes(type.getElementType()));
    Value bytes = arith::MulIOp::create(
        rewriter, loc, getNumElements(rewriter, loc, dst), elementBytes);
    Value srcBytes = arith::MulIOp::create(
        rewriter, loc, getNumElements(rewriter, loc, src), elementBytes);
    return {getPointer(rewriter, loc, dst), getPointer(rewriter, loc, src),
            bytes, srcBytes};
  }
};

/// gpu.memset: `__offload_gpu_memset(where, dst, bits, element_bytes,
/// count)`.
struct MemsetLowering : public RuntimeCallLowering<gpu::MemsetOp> {
  using RuntimeCallLowering::RuntimeCallLowering;

  StringRef getFunction(gpu::MemsetOp) const override {
    return "__offload_gpu_memset";
  }
  SmallVector<Value>
  getArguments(gpu::MemsetOp op, OneToNOpAdaptor adaptor,
               ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value dst = single(adaptor.getDst());
    Value value = single(adaptor.getValue());
    auto type = cast<MemRefType>(dst.getType());
    return {getPointer(rewriter, loc, dst),
            packKernelArgument(rewriter, loc, value).front(),
            i32Constant(rewriter, loc,
                        getElementSizeInBytes(type.getElementType())),
            getNumElements(rewriter, loc, dst)};
  }
};

/// gpu.host_register and gpu.host_unregister: `__offload_gpu_host_register`
/// (or `_unregister`) `(where, rank, descriptor, element_bytes)` with the
/// unranked memref's rank and ranked descriptor.
template <typename OpTy>
struct HostRegisterLowering : public RuntimeCallLowering<OpTy> {
  using RuntimeCallLowering<OpTy>::RuntimeCallLowering;
  using OneToNOpAdaptor = typename RuntimeCallLowering<OpTy>::OneToNOpAdaptor;

  StringRef getFunction(OpTy) const override {
    return std::is_same_v<OpTy, gpu::HostRegisterOp>
               ? "__offload_gpu_host_register"
               : "__offload_gpu_host_unregister";
  }
  SmallVector<Value>
  getArguments(OpTy op, OneToNOpAdaptor adaptor,
               ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    Value value = single(adaptor.getValue());
    auto type = cast<UnrankedMemRefType>(value.getType());
    Type ptrType = LLVM::LLVMPointerType::get(ctx);
    Type i64 = rewriter.getI64Type();
    // The LLVM lowering's unranked descriptor: the rank, then a pointer to
    // the ranked descriptor.
    auto descType = LLVM::LLVMStructType::getLiteral(ctx, {i64, ptrType});
    Value desc =
        UnrealizedConversionCastOp::create(rewriter, loc, descType, value)
            .getResult(0);
    Value rank =
        LLVM::ExtractValueOp::create(rewriter, loc, desc, ArrayRef<int64_t>{0});
    Value ranked =
        LLVM::ExtractValueOp::create(rewriter, loc, desc, ArrayRef<int64_t>{1});
    return {rank, ranked,
            i64Constant(rewriter, loc,
                        getElementSizeInBytes(type.getElementType()))};
  }
};

/// gpu.set_default_device: `__offload_gpu_set_default_device(where, n)`.
struct SetDefaultDeviceLowering
    : public RuntimeCallLowering<gpu::SetDefaultDeviceOp> {
  using RuntimeCallLowering::RuntimeCallLowering;

  StringRef getFunction(gpu::SetDefaultDeviceOp) const override {
    return "__offload_gpu_set_default_device";
  }
  SmallVector<Value>
  getArguments(gpu::SetDefaultDeviceOp, OneToNOpAdaptor adaptor,
               ConversionPatternRewriter &) const override {
    return {single(adaptor.getDevIndex())};
  }
};

/// gpu.wait: every operation has completed when it returns, so there is
/// nothing to wait for; the token it makes is dropped.
struct WaitLowering : public OpConversionPattern<gpu::WaitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(gpu::WaitOp op, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    replaceWithoutToken(rewriter, op, {});
    return success();
  }
};
} // namespace

void mlir::offload::populateGPUToOffloadConversionPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns
      .add<LaunchFuncLowering, AllocLowering, DeallocLowering, MemcpyLowering,
           MemsetLowering, HostRegisterLowering<gpu::HostRegisterOp>,
           HostRegisterLowering<gpu::HostUnregisterOp>,
           SetDefaultDeviceLowering, WaitLowering>(converter,
                                                   patterns.getContext());
}

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

/// Whether `op` is a host operation the patterns lower.
static bool isLoweredHostOp(Operation *op) {
  return isa<gpu::LaunchFuncOp, gpu::AllocOp, gpu::DeallocOp, gpu::MemcpyOp,
             gpu::MemsetOp, gpu::WaitOp, gpu::HostRegisterOp,
             gpu::HostUnregisterOp, gpu::SetDefaultDeviceOp>(op);
}

/// Whether `type` can be a kernel argument: an integer, float or index, or a
/// strided memref in the default memory space.
static bool isSupportedKernelArgument(Type type) {
  if (type.isIntOrIndexOrFloat())
    return true;
  auto memref = dyn_cast<MemRefType>(type);
  return memref && !memref.getMemorySpace() && memref.isStrided() &&
         memref.getElementType().isIntOrIndexOrFloat();
}

/// Checks a host operation of the gpu dialect (outside gpu.modules) before
/// anything is lowered.
static LogicalResult checkHostOp(Operation *op) {
  if (isa<gpu::LaunchOp>(op))
    return op->emitError()
           << "'gpu.launch' must be outlined into a gpu.module first (run "
              "gpu-kernel-outlining, as offload-pipeline does)";
  if (auto kernel = op->getParentOfType<KernelOp>();
      kernel && !isLoweredHostOp(op))
    return op->emitError()
           << "'" << op->getName() << "' in kernel @" << kernel.getSymName()
           << ": offload kernels are written without GPU-only operations "
              "(barriers, shuffles, thread ids); write such a kernel in a "
              "gpu.module and launch it with gpu.launch_func";
  if (!isLoweredHostOp(op))
    return op->emitError() << "'" << op->getName()
                           << "' in host code is not supported by the offload "
                              "lowering of the gpu dialect";
  for (Value result : op->getResults()) {
    if (!isa<gpu::AsyncTokenType>(result.getType()))
      continue;
    for (Operation *user : result.getUsers())
      if (!isLoweredHostOp(user))
        return user->emitError()
               << "uses an async token of '" << op->getName()
               << "': tokens can only be used by gpu operations (every gpu "
                  "operation completes before it returns)";
  }
  if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op)) {
    if (launch.getAsyncObject())
      return launch.emitOpError() << "with an async object (a stream) is not "
                                     "supported";
    if (launch.hasClusterSize())
      return launch.emitOpError() << "with thread block clusters is not "
                                     "supported";
    auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
        launch, launch.getKernel());
    if (!kernel || !kernel->getParentOfType<gpu::GPUModuleOp>())
      return launch.emitOpError()
             << "launches " << launch.getKernel()
             << ", which is not a kernel of a gpu.module (kernels of a "
                "gpu.binary are not supported)";
    for (Value arg : launch.getKernelOperands())
      if (!isSupportedKernelArgument(arg.getType()))
        return launch.emitOpError()
               << "passes a kernel argument of type " << arg.getType()
               << "; supported are integers, floats, index and strided "
                  "memrefs in the default memory space";
  }
  auto checkLayout = [&](Value value, StringRef what) -> LogicalResult {
    auto type = cast<MemRefType>(value.getType());
    if (type.getMemorySpace())
      return op->emitOpError()
             << what << " must be in the default memory space, not "
             << type.getMemorySpace();
    if (!isContiguous(type))
      return op->emitOpError()
             << what << " must be contiguous (the identity layout), not "
             << type;
    return success();
  };
  if (auto alloc = dyn_cast<gpu::AllocOp>(op)) {
    if (!alloc.getSymbolOperands().empty() ||
        !alloc.getType().getLayout().isIdentity())
      return alloc.emitOpError()
             << "must allocate a memref with the identity layout";
    return checkLayout(alloc.getMemref(), "the allocation");
  }
  if (auto memcpy = dyn_cast<gpu::MemcpyOp>(op))
    return failure(failed(checkLayout(memcpy.getDst(), "the destination")) ||
                   failed(checkLayout(memcpy.getSrc(), "the source")));
  if (auto memset = dyn_cast<gpu::MemsetOp>(op))
    return checkLayout(memset.getDst(), "the destination");
  if (auto dealloc = dyn_cast<gpu::DeallocOp>(op))
    if (cast<MemRefType>(dealloc.getMemref().getType()).getMemorySpace())
      return dealloc.emitOpError()
             << "frees a memref outside the default memory space";
  return success();
}

/// Checks what convert-gpu-to-offload lowers in a kernel for every target.
static LogicalResult checkKernel(gpu::GPUFuncOp kernel) {
  for (Type type : kernel.getFunctionType().getInputs())
    if (!isSupportedKernelArgument(type))
      return kernel.emitOpError()
             << "has an argument of type " << type
             << "; supported are integers, floats, index and strided memrefs "
                "in the default memory space";
  return success();
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {
struct ConvertGPUToOffloadPass
    : public offload::impl::ConvertGPUToOffloadBase<ConvertGPUToOffloadPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();

    // The input: gpu.modules (not the device modules of the offload
    // lowering) and host operations.
    SmallVector<gpu::GPUModuleOp> sources;
    for (auto gpuModule : module.getOps<gpu::GPUModuleOp>())
      if (!gpuModule->hasAttr(OffloadDialect::getTargetAttrName()))
        sources.push_back(gpuModule);
    bool failed = false, hostOps = false;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<gpu::GPUModuleOp, gpu::BinaryOp>(op))
        return WalkResult::skip();
      if (isa_and_nonnull<gpu::GPUDialect>(op->getDialect())) {
        hostOps = true;
        failed |= mlir::failed(checkHostOp(op));
        // The body of a gpu.launch is device code.
        if (isa<gpu::LaunchOp>(op))
          return WalkResult::skip();
      }
      return WalkResult::advance();
    });
    if (sources.empty() && !hostOps)
      return;
    for (gpu::GPUModuleOp source : sources)
      for (auto kernel : source.getOps<gpu::GPUFuncOp>())
        if (kernel.isKernel())
          failed |= mlir::failed(checkKernel(kernel));
    if (failed)
      return signalPassFailure();

    SmallVector<TargetAttrInterface> targets;
    auto list =
        module->getAttrOfType<ArrayAttr>(OffloadDialect::getTargetsAttrName());
    if (!list) {
      module.emitError() << "a module in the gpu dialect needs its targets "
                            "(offload.targets; offload-set-targets sets "
                            "them)";
      return signalPassFailure();
    }
    for (Attribute attr : list) {
      auto target = dyn_cast<TargetAttrInterface>(attr);
      if (!target) {
        module.emitError() << "target " << attr
                           << " has no implementation registered in this "
                              "tool (call offload::registerAllTargets)";
        return signalPassFailure();
      }
      targets.push_back(target);
    }
    bool hostOnly = llvm::none_of(targets, [](TargetAttrInterface target) {
      return target.usesThreadGrid();
    });

    // Symbols that several gpu.modules define get the module's name in
    // front (the device modules hold them all), and kernels whose name is
    // not a C identifier (gpu-kernel-outlining names them after their
    // function: `main.1_kernel`) get one; launches follow.
    llvm::StringMap<unsigned> counts;
    for (gpu::GPUModuleOp source : sources)
      for (Operation &op : source.getBody()->getOperations())
        if (auto symbol = dyn_cast<SymbolOpInterface>(op))
          ++counts[symbol.getName()];
    SmallVector<gpu::LaunchFuncOp> launches;
    module.walk([&](gpu::LaunchFuncOp op) { launches.push_back(op); });
    for (gpu::GPUModuleOp source : sources) {
      SymbolTable symbols(source);
      for (Operation &op :
           llvm::make_early_inc_range(source.getBody()->getOperations())) {
        auto symbol = dyn_cast<SymbolOpInterface>(op);
        if (!symbol)
          continue;
        bool clashes = counts[symbol.getName()] >= 2;
        bool badKernel =
            isa<gpu::GPUFuncOp>(op) && !isKernelName(symbol.getName());
        if (!clashes && !badKernel)
          continue;
        StringAttr old = symbol.getNameAttr();
        std::string base =
            clashes ? (source.getName() + "_" + symbol.getName()).str()
                    : symbol.getName().str();
        if (badKernel)
          base = toKernelName(base);
        std::string name = base;
        for (unsigned suffix = 0; counts.count(name); ++suffix)
          name = base + "_" + std::to_string(suffix);
        ++counts[name];
        auto renamed = StringAttr::get(ctx, name);
        if (mlir::failed(symbols.rename(&op, renamed)))
          return signalPassFailure();
        for (gpu::LaunchFuncOp launch : launches)
          if (launch.getKernelModuleName() == source.getNameAttr() &&
              launch.getKernelName() == old)
            launch.setKernelAttr(SymbolRefAttr::get(
                source.getNameAttr(), {FlatSymbolRefAttr::get(renamed)}));
      }
    }

    // The kernels, their names in the device modules, and what keeps each
    // from the host device.
    struct Kernel {
      gpu::GPUFuncOp op;
      Operation *hostBlocker;
    };
    SmallVector<Kernel> kernels;
    llvm::StringSet<> offloadKernels;
    for (auto kernel : module.getOps<KernelOp>())
      offloadKernels.insert(kernel.getSymName());
    for (gpu::GPUModuleOp source : sources) {
      SymbolTable symbols(source);
      for (auto kernel : source.getOps<gpu::GPUFuncOp>()) {
        if (!kernel.isKernel())
          continue;
        if (offloadKernels.contains(kernel.getName())) {
          kernel.emitOpError()
              << "has the name of an offload.kernel of the module; rename "
                 "one of them";
          return signalPassFailure();
        }
        kernel->setAttr(getDeviceKernelAttrName(), kernel.getNameAttr());
        Operation *blocker = findHostBlocker(kernel, symbols);
        if (blocker && hostOnly) {
          InFlightDiagnostic diag =
              blocker->emitError()
              << "'" << blocker->getName()
              << "' cannot run on the host device, this module's only "
                 "target: the host runs the threads of a block one after "
                 "another (build for a GPU too, e.g. "
                 "--offload-targets=nvptx,host)";
          diag.attachNote(kernel.getLoc())
              << "in kernel @" << source.getName() << "::@" << kernel.getName();
          failed = true;
        }
        kernels.push_back({kernel, blocker});
      }
    }
    if (failed)
      return signalPassFailure();

    // One device module per target (convert-offload-to-gpu adds the
    // offload kernels to it).
    OpBuilder b(ctx);
    SymbolTable moduleSymbols(module);
    for (TargetAttrInterface target : targets) {
      std::string name = getDeviceModuleName(target);
      auto device = moduleSymbols.lookup<gpu::GPUModuleOp>(name);
      if (!device) {
        b.setInsertionPointToEnd(module.getBody());
        device = gpu::GPUModuleOp::create(
            b, module.getLoc(), name,
            b.getArrayAttr({target.getDeviceModuleTarget()}));
        device->setAttr(OffloadDialect::getTargetAttrName(), target);
        moduleSymbols.insert(device);
      }
      b.setInsertionPointToEnd(device.getBody());
      bool threadGrid = target.usesThreadGrid();
      // Functions and globals of the gpu.modules first.
      for (gpu::GPUModuleOp source : sources)
        for (Operation &op : source.getBody()->getOperations()) {
          auto func = dyn_cast<gpu::GPUFuncOp>(op);
          if (func && func.isKernel())
            continue;
          if (threadGrid || !func) {
            b.clone(op);
            continue;
          }
          // A device function on the host: a func.func.
          auto copy = func::FuncOp::create(b, func.getLoc(), func.getName(),
                                           func.getFunctionType());
          IRMapping mapping;
          func.getBody().cloneInto(&copy.getBody(), mapping);
          copy.walk([&](gpu::ReturnOp ret) {
            OpBuilder::InsertionGuard guard(b);
            b.setInsertionPoint(ret);
            func::ReturnOp::create(b, ret.getLoc(), ret.getOperands());
            ret.erase();
          });
        }
      for (auto [kernel, blocker] : kernels) {
        StringRef kernelName = kernel.getName();
        if (threadGrid) {
          gpu::GPUFuncOp lowered = buildGPUKernel(b, kernel, kernelName);
          target.annotateKernel(lowered);
        } else if (!blocker) {
          buildHostKernel(b, kernel, kernelName);
        } else {
          buildHostKernelStub(
              b, kernel, kernelName,
              ("kernel @" + kernelName +
               " cannot run on the host device: it "
               "uses '" +
               blocker->getName().getStringRef() + "' at " +
               formatLocation(blocker->getLoc()) +
               ", which needs the threads of a block to run together")
                  .str());
        }
      }
      if (!threadGrid)
        dropGPUAddressSpaces(device);
    }

    // The kernels' host addresses, which their offload entries name.
    b.setInsertionPointToStart(module.getBody());
    for (auto &kernel : kernels) {
      std::string name = getKernelAddressName(kernel.op.getName());
      if (moduleSymbols.lookup(name)) {
        kernel.op.emitOpError() << "cannot create its address: the module "
                                   "already has a symbol named @"
                                << name;
        return signalPassFailure();
      }
      auto global = LLVM::GlobalOp::create(
          b, kernel.op.getLoc(), b.getI8Type(), /*isConstant=*/true,
          LLVM::Linkage::Internal, name, b.getI8IntegerAttr(0));
      global->setAttr(OffloadDialect::getEntryAttrName(),
                      kernel.op.getNameAttr());
    }

    // Host operations.
    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion(
        [](gpu::AsyncTokenType, SmallVectorImpl<Type> &) { return success(); });
    ConversionTarget target(*ctx);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    target.addIllegalOp<gpu::LaunchFuncOp, gpu::AllocOp, gpu::DeallocOp,
                        gpu::MemcpyOp, gpu::MemsetOp, gpu::WaitOp,
                        gpu::HostRegisterOp, gpu::HostUnregisterOp,
                        gpu::SetDefaultDeviceOp>();
    RewritePatternSet patterns(ctx);
    populateGPUToOffloadConversionPatterns(converter, patterns);
    if (mlir::failed(
            applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    for (gpu::GPUModuleOp source : sources)
      source.erase();
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    b.getUnitAttr());
  }
};
} // namespace
