//===- GPUKernels.cpp - gpu dialect kernels for each target -----*- C++ -*-===//
//
// The device side of convert-gpu-to-offload: a gpu.func kernel lowered to
// the offload runtime's calling convention, for GPU targets (the body as it
// is) and for the host device (the body run for every thread of every block
// in turn).
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/GPUToOffload/GPUToOffload.h"

#include "offload/Dialect/Offload/Utils/KernelABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::offload;

//===----------------------------------------------------------------------===//
// What the host device can run
//===----------------------------------------------------------------------===//

/// gpu operations a kernel's body keeps on the host device (the ids become
/// loop indices, the rest have host counterparts).
static bool isHostKernelOp(Operation *op) {
  return isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp,
             gpu::GlobalIdOp, gpu::DynamicSharedMemoryOp, gpu::ReturnOp,
             gpu::PrintfOp>(op);
}

/// Dialects whose operations only a GPU runs.
static bool isGPUOnlyDialect(StringRef name) {
  return name == "gpu" || name == "nvvm" || name == "rocdl" ||
         name == "nvgpu" || name == "amdgpu";
}

Operation *mlir::offload::findHostBlocker(gpu::GPUFuncOp kernel,
                                          SymbolTable &symbols) {
  llvm::SetVector<Operation *> functions;
  functions.insert(kernel);
  Operation *blocker = nullptr;
  for (size_t i = 0; i < functions.size() && !blocker; ++i) {
    bool inKernel = functions[i] == kernel.getOperation();
    functions[i]->walk([&](Operation *op) {
      if (op == functions[i])
        return WalkResult::advance();
      bool gpuOnly = isGPUOnlyDialect(
          op->getDialect() ? op->getDialect()->getNamespace() : StringRef());
      bool allowed = isa<gpu::ReturnOp, gpu::PrintfOp>(op) ||
                     (inKernel && isHostKernelOp(op));
      if ((gpuOnly && !allowed) || isa<LLVM::InlineAsmOp>(op)) {
        blocker = op;
        return WalkResult::interrupt();
      }
      if (auto call = dyn_cast<CallOpInterface>(op))
        if (auto ref = llvm::dyn_cast_if_present<SymbolRefAttr>(
                call.getCallableForCallee()))
          if (Operation *callee = symbols.lookup(ref.getRootReference()))
            functions.insert(callee);
      return WalkResult::advance();
    });
  }
  return blocker;
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static Type dropGPUAddressSpace(Type type) {
  // Any memory space: gpu ones, and the numbers of NVVM's and ROCDL's.
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.getMemorySpace())
    return type;
  return MemRefType::get(memref.getShape(), memref.getElementType(),
                         memref.getLayout());
}

void mlir::offload::dropGPUAddressSpaces(Operation *root) {
  root->walk([](Operation *op) {
    for (Value result : op->getResults())
      result.setType(dropGPUAddressSpace(result.getType()));
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          arg.setType(dropGPUAddressSpace(arg.getType()));
    if (auto global = dyn_cast<memref::GlobalOp>(op))
      global.setType(cast<MemRefType>(dropGPUAddressSpace(global.getType())));
    if (auto func = dyn_cast<FunctionOpInterface>(op)) {
      auto type = dyn_cast<FunctionType>(func.getFunctionType());
      if (!type)
        return;
      auto map = [](TypeRange types) {
        return llvm::map_to_vector(types, dropGPUAddressSpace);
      };
      func.setType(FunctionType::get(op->getContext(), map(type.getInputs()),
                                     map(type.getResults())));
    }
  });
}

/// The parameters of a lowered kernel whose arguments have `argTypes`.
static FunctionType getLoweredType(MLIRContext *ctx, TypeRange argTypes) {
  SmallVector<Type> params = getLoweredKernelParamTypes(ctx, argTypes);
  params.append(kNumGPULaunchParams, IntegerType::get(ctx, 64));
  return FunctionType::get(ctx, params, {});
}

/// Rebuilds the arguments of `kernel` from the parameters of the lowered
/// kernel whose entry block is `entry` (at the insertion point), each of the
/// type `typeOf` gives it.
static SmallVector<Value> unpackArguments(OpBuilder &b, gpu::GPUFuncOp kernel,
                                          Block *entry,
                                          function_ref<Type(Type)> typeOf) {
  SmallVector<Value> values;
  unsigned next = 1; // parameter 0 is the runtime's pointer
  for (auto [index, type] :
       llvm::enumerate(kernel.getFunctionType().getInputs())) {
    unsigned count = getNumLoweredParams(type);
    values.push_back(unpackKernelArgument(
        b, kernel.getArgument(index).getLoc(), typeOf(type),
        entry->getArguments().slice(next, count)));
    next += count;
  }
  return values;
}

/// Clones the body of `kernel` into `region` (whose entry block is the
/// insertion block) with `mapping`, which maps every argument and
/// attribution of the kernel, and merges its entry block into that block.
static void cloneBody(gpu::GPUFuncOp kernel, Region &region,
                      IRMapping &mapping) {
  Block *entry = &region.front();
  kernel.getBody().cloneInto(&region, mapping);
  Block *cloned = entry->getNextNode();
  entry->getOperations().splice(entry->end(), cloned->getOperations());
  cloned->erase();
}

/// Private in MLIR and internal in LLVM IR.
static void makeInternal(func::FuncOp func) {
  func.setPrivate();
  func->setAttr(
      "llvm.linkage",
      LLVM::LinkageAttr::get(func.getContext(), LLVM::Linkage::Internal));
}

/// A NUL-terminated string constant in the symbol table around `anchor`,
/// named after `prefix`.
static LLVM::GlobalOp getStringGlobal(OpBuilder &b, Operation *anchor,
                                      StringRef prefix, StringRef text) {
  Operation *table = SymbolTable::getNearestSymbolTable(anchor);
  std::string name = prefix.str();
  for (unsigned i = 0; SymbolTable::lookupSymbolIn(table, name); ++i)
    name = (prefix + "_" + Twine(i)).str();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&table->getRegion(0).front());
  std::string bytes = text.str();
  bytes.push_back('\0');
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), bytes.size());
  return LLVM::GlobalOp::create(b, anchor->getLoc(), type, /*isConstant=*/true,
                                LLVM::Linkage::Internal, name,
                                b.getStringAttr(bytes));
}

/// Declares C function `name` of `type` in the symbol table around `anchor`
/// unless it is there.
static LLVM::LLVMFuncOp getOrDeclare(OpBuilder &b, Operation *anchor,
                                     StringRef name,
                                     LLVM::LLVMFunctionType type) {
  Operation *table = SymbolTable::getNearestSymbolTable(anchor);
  if (auto func = dyn_cast_or_null<LLVM::LLVMFuncOp>(
          SymbolTable::lookupSymbolIn(table, name)))
    return func;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&table->getRegion(0).front());
  return LLVM::LLVMFuncOp::create(b, anchor->getLoc(), name, type);
}

//===----------------------------------------------------------------------===//
// GPU targets
//===----------------------------------------------------------------------===//

gpu::GPUFuncOp mlir::offload::buildGPUKernel(OpBuilder &b,
                                             gpu::GPUFuncOp kernel,
                                             StringRef name) {
  MLIRContext *ctx = kernel.getContext();
  auto attributionTypes = [](ArrayRef<BlockArgument> args) {
    return llvm::map_to_vector(args,
                               [](BlockArgument a) { return a.getType(); });
  };
  auto func = gpu::GPUFuncOp::create(
      b, kernel.getLoc(), name,
      getLoweredType(ctx, kernel.getFunctionType().getInputs()),
      attributionTypes(kernel.getWorkgroupAttributions()),
      attributionTypes(kernel.getPrivateAttributions()));
  func->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
  if (auto known = kernel.getKnownBlockSizeAttr())
    func.setKnownBlockSizeAttr(known);
  if (auto known = kernel.getKnownGridSizeAttr())
    func.setKnownGridSizeAttr(known);

  OpBuilder::InsertionGuard guard(b);
  Block *entry = &func.getBody().front();
  b.setInsertionPointToStart(entry);
  IRMapping mapping;
  SmallVector<Value> args =
      unpackArguments(b, kernel, entry, [](Type type) { return type; });
  for (auto [index, value] : llvm::enumerate(args))
    mapping.map(kernel.getArgument(index), value);
  for (auto [from, to] : llvm::zip(kernel.getWorkgroupAttributions(),
                                   func.getWorkgroupAttributions()))
    mapping.map(from, to);
  for (auto [from, to] : llvm::zip(kernel.getPrivateAttributions(),
                                   func.getPrivateAttributions()))
    mapping.map(from, to);
  cloneBody(kernel, func.getBody(), mapping);
  return func;
}

//===----------------------------------------------------------------------===//
// The host device
//===----------------------------------------------------------------------===//

/// Replaces `printf` (in host code) by a call to the C library's printf:
/// floats go as doubles and integers narrower than 32 bits as i32, as C's
/// variadic calls pass them.
static void lowerPrintf(RewriterBase &rewriter, gpu::PrintfOp printf) {
  Location loc = printf.getLoc();
  MLIRContext *ctx = printf.getContext();
  rewriter.setInsertionPoint(printf);
  Type ptrType = LLVM::LLVMPointerType::get(ctx);
  auto callee =
      getOrDeclare(rewriter, printf, "printf",
                   LLVM::LLVMFunctionType::get(rewriter.getI32Type(), {ptrType},
                                               /*isVarArg=*/true));
  LLVM::GlobalOp format =
      getStringGlobal(rewriter, printf, "__offload_printf", printf.getFormat());
  SmallVector<Value> args = {
      LLVM::AddressOfOp::create(rewriter, loc, format).getResult()};
  for (Value arg : printf.getArgs()) {
    Type type = arg.getType();
    if (isa<IndexType>(type))
      arg =
          arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), arg);
    else if (isa<FloatType>(type) && type.getIntOrFloatBitWidth() < 64)
      arg = arith::ExtFOp::create(rewriter, loc, rewriter.getF64Type(), arg);
    else if (type.isInteger() && type.getIntOrFloatBitWidth() < 32)
      arg = arith::ExtSIOp::create(rewriter, loc, rewriter.getI32Type(), arg);
    args.push_back(arg);
  }
  LLVM::CallOp::create(rewriter, loc, callee, args);
  rewriter.eraseOp(printf);
}

/// Ids and sizes a body function takes after its arguments and workgroup
/// buffers: thread id, block id, block size and grid size, x, y, z each.
static constexpr unsigned kNumHostIds = 12;

/// Builds the function that runs `kernel`'s body for one thread: the
/// kernel's arguments and workgroup buffers, then the ids and sizes
/// (kNumHostIds), then the dynamic shared memory.
static func::FuncOp buildHostBody(OpBuilder &b, gpu::GPUFuncOp kernel,
                                  StringRef name) {
  MLIRContext *ctx = kernel.getContext();
  Location loc = kernel.getLoc();
  SmallVector<Type> types;
  for (Type type : kernel.getFunctionType().getInputs())
    types.push_back(dropGPUAddressSpace(type));
  for (BlockArgument buffer : kernel.getWorkgroupAttributions())
    types.push_back(dropGPUAddressSpace(buffer.getType()));
  types.append(kNumHostIds, b.getIndexType());
  types.push_back(MemRefType::get({ShapedType::kDynamic}, b.getI8Type()));
  auto body =
      func::FuncOp::create(b, loc, name, FunctionType::get(ctx, types, {}));
  makeInternal(body);

  OpBuilder::InsertionGuard guard(b);
  Block *entry = body.addEntryBlock();
  b.setInsertionPointToStart(entry);
  IRMapping mapping;
  unsigned numArgs = kernel.getNumArguments();
  unsigned numBuffers = kernel.getNumWorkgroupAttributions();
  for (unsigned i = 0; i < numArgs; ++i)
    mapping.map(kernel.getArgument(i), entry->getArgument(i));
  for (auto [i, buffer] : llvm::enumerate(kernel.getWorkgroupAttributions()))
    mapping.map(buffer, entry->getArgument(numArgs + i));
  for (BlockArgument buffer : kernel.getPrivateAttributions())
    mapping.map(buffer,
                memref::AllocaOp::create(
                    b, buffer.getLoc(),
                    cast<MemRefType>(dropGPUAddressSpace(buffer.getType()))));
  cloneBody(kernel, body.getBody(), mapping);
  dropGPUAddressSpaces(body);

  ValueRange ids =
      entry->getArguments().slice(numArgs + numBuffers, kNumHostIds);
  Value dynamicShared = entry->getArguments().back();
  auto id = [&](unsigned group, gpu::Dimension dim) {
    return ids[group * 3 + static_cast<unsigned>(dim)];
  };
  SmallVector<Operation *> ops;
  body.walk([&](Operation *op) {
    if (isHostKernelOp(op))
      ops.push_back(op);
  });
  IRRewriter rewriter(ctx);
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    llvm::TypeSwitch<Operation *>(op)
        .Case([&](gpu::ThreadIdOp op) {
          rewriter.replaceOp(op, id(0, op.getDimension()));
        })
        .Case([&](gpu::BlockIdOp op) {
          rewriter.replaceOp(op, id(1, op.getDimension()));
        })
        .Case([&](gpu::BlockDimOp op) {
          rewriter.replaceOp(op, id(2, op.getDimension()));
        })
        .Case([&](gpu::GridDimOp op) {
          rewriter.replaceOp(op, id(3, op.getDimension()));
        })
        .Case([&](gpu::GlobalIdOp op) {
          gpu::Dimension dim = op.getDimension();
          Value offset = arith::MulIOp::create(rewriter, op.getLoc(),
                                               id(1, dim), id(2, dim));
          rewriter.replaceOpWithNewOp<arith::AddIOp>(op, offset, id(0, dim));
        })
        .Case([&](gpu::DynamicSharedMemoryOp op) {
          rewriter.replaceOp(op, dynamicShared);
        })
        .Case([&](gpu::ReturnOp op) {
          rewriter.replaceOpWithNewOp<func::ReturnOp>(op);
        })
        .Case([&](gpu::PrintfOp op) { lowerPrintf(rewriter, op); });
  }
  return body;
}

func::FuncOp mlir::offload::buildHostKernel(OpBuilder &b, gpu::GPUFuncOp kernel,
                                            StringRef name) {
  MLIRContext *ctx = kernel.getContext();
  Location loc = kernel.getLoc();
  func::FuncOp body =
      buildHostBody(b, kernel, ("__offload_gpu_body_" + name).str());
  auto func = func::FuncOp::create(
      b, loc, name, getLoweredType(ctx, kernel.getFunctionType().getInputs()));

  OpBuilder::InsertionGuard guard(b);
  Block *entry = func.addEntryBlock();
  b.setInsertionPointToStart(entry);
  SmallVector<Value> args =
      unpackArguments(b, kernel, entry, dropGPUAddressSpace);
  SmallVector<Value> sizes;
  for (Value param : entry->getArguments().take_back(kNumGPULaunchParams))
    sizes.push_back(
        arith::IndexCastOp::create(b, loc, b.getIndexType(), param));
  // Workgroup buffers and the dynamic shared memory, once per launch: the
  // blocks run one after another.
  SmallVector<Value> buffers;
  for (BlockArgument buffer : kernel.getWorkgroupAttributions())
    buffers.push_back(memref::AllocOp::create(
        b, buffer.getLoc(),
        cast<MemRefType>(dropGPUAddressSpace(buffer.getType()))));
  Value dynamicShared = memref::AllocOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI8Type()),
      ValueRange{sizes[6]});

  // Blocks (z, y, x), then their threads (z, y, x).
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> lbs(6, zero), steps(6, one);
  SmallVector<Value> ubs = {sizes[2], sizes[1], sizes[0],
                            sizes[5], sizes[4], sizes[3]};
  scf::buildLoopNest(b, loc, lbs, ubs, steps,
                     [&](OpBuilder &nested, Location loc, ValueRange ivs) {
                       SmallVector<Value> callArgs(args);
                       llvm::append_range(callArgs, buffers);
                       // thread x, y, z; block x, y, z; block size; grid size.
                       llvm::append_range(
                           callArgs,
                           ValueRange{ivs[5], ivs[4], ivs[3], ivs[2], ivs[1],
                                      ivs[0], sizes[3], sizes[4], sizes[5],
                                      sizes[0], sizes[1], sizes[2]});
                       callArgs.push_back(dynamicShared);
                       func::CallOp::create(nested, loc, body, callArgs);
                     });
  for (Value buffer : buffers)
    memref::DeallocOp::create(b, loc, buffer);
  memref::DeallocOp::create(b, loc, dynamicShared);
  func::ReturnOp::create(b, loc);
  return func;
}

func::FuncOp mlir::offload::buildHostKernelStub(OpBuilder &b,
                                                gpu::GPUFuncOp kernel,
                                                StringRef name,
                                                StringRef message) {
  MLIRContext *ctx = kernel.getContext();
  Location loc = kernel.getLoc();
  auto func = func::FuncOp::create(
      b, loc, name, getLoweredType(ctx, kernel.getFunctionType().getInputs()));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(func.addEntryBlock());
  Type ptrType = LLVM::LLVMPointerType::get(ctx);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  std::string text = ("offload: " + message + "\n").str();
  LLVM::GlobalOp string =
      getStringGlobal(b, func, "__offload_unsupported", text);
  // write(2, text, size), then abort(): the C library of the process that
  // loaded the image.
  auto write = getOrDeclare(
      b, func, "write", LLVM::LLVMFunctionType::get(i64, {i32, ptrType, i64}));
  auto abort = getOrDeclare(
      b, func, "abort",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {}));
  Value fd = LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(2));
  Value size =
      LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(text.size()));
  Value address = LLVM::AddressOfOp::create(b, loc, string);
  LLVM::CallOp::create(b, loc, write, ValueRange{fd, address, size});
  LLVM::CallOp::create(b, loc, abort, ValueRange{});
  func::ReturnOp::create(b, loc);
  return func;
}
