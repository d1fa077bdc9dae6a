//===- OffloadToLLVMIRTranslation.cpp - offload to LLVM IR ------*- C++ -*-===//
//
// Embeds a module's device images as one OpenMP offload descriptor
// (llvm::offloading::wrapOpenMPBinaries) with an offload entry per kernel.
//
//===----------------------------------------------------------------------===//

#include "offload/Target/LLVMIR/OffloadToLLVMIRTranslation.h"

#include "offload/Dialect/Offload/IR/OffloadDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/LLVMTranslationInterface.h"
#include "mlir/Target/LLVMIR/ModuleTranslation.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Frontend/Offloading/OffloadWrapper.h"
#include "llvm/Frontend/Offloading/Utility.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace mlir;
using namespace mlir::offload;

/// Adds a constructor that initializes LLVM's `target` (e.g. "NVPTX") in the
/// process, looking the initializers up with dlsym: the offload runtime
/// compiles bitcode images with the libLLVM it loads, but the Debian build
/// does not initialize the GPU targets itself.
static void emitJitTargetInitializer(llvm::Module &module, StringRef target) {
  llvm::LLVMContext &ctx = module.getContext();
  auto *ptrTy = llvm::PointerType::getUnqual(ctx);
  auto *voidFnTy = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), false);
  llvm::FunctionCallee dlsym = module.getOrInsertFunction(
      "dlsym", llvm::FunctionType::get(ptrTy, {ptrTy, ptrTy}, false));
  auto *init = llvm::Function::Create(
      voidFnTy, llvm::GlobalValue::InternalLinkage,
      ".offload.init_" + target.lower() + "_jit", module);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", init));
  // When an initializer is missing, say so on stderr (write(2, ...)): the
  // runtime's own error would only say that no target is registered.
  llvm::FunctionCallee write = module.getOrInsertFunction(
      "write", llvm::FunctionType::get(b.getInt64Ty(),
                                       {b.getInt32Ty(), ptrTy, b.getInt64Ty()},
                                       false));
  std::string warning =
      ("offload: " + target +
       " images are LLVM bitcode that the offload runtime compiles when the "
       "program starts, but the process has no LLVMInitialize" + target +
       "* functions (the runtime's libLLVM lacks the " + target +
       " target); kernels cannot run on those GPUs\n")
          .str();
  llvm::Value *message = b.CreateGlobalString(warning);
  for (StringRef part : {"TargetInfo", "Target", "TargetMC", "AsmPrinter"}) {
    std::string name = ("LLVMInitialize" + target + part).str();
    llvm::Value *fn = b.CreateCall(
        dlsym, {llvm::ConstantPointerNull::get(ptrTy) /*RTLD_DEFAULT*/,
                b.CreateGlobalString(name)});
    auto *call = llvm::BasicBlock::Create(ctx, "call", init);
    auto *missing = llvm::BasicBlock::Create(ctx, "missing", init);
    b.CreateCondBr(b.CreateIsNotNull(fn), call, missing);
    b.SetInsertPoint(missing);
    b.CreateCall(write,
                 {b.getInt32(2), message, b.getInt64(warning.size())});
    b.CreateRetVoid();
    b.SetInsertPoint(call);
    b.CreateCall(voidFnTy, fn);
  }
  b.CreateRetVoid();
  // Before the image registration constructor (priority 101).
  llvm::appendToGlobalCtors(module, init, /*Priority=*/100);
}

/// Adds a constructor that makes the CUDA primary context of every visible
/// GPU active before the offload runtime starts. The runtime's CUDA plugin
/// gives an inactive primary context the flag CU_CTX_SCHED_BLOCKING_SYNC, so
/// every wait for a kernel puts the host thread to sleep and wakes it up by
/// interrupt: 10 to 100 us per launch on an H100. An active context keeps
/// CUDA's default (CU_CTX_SCHED_AUTO: spin while cores are free), as in
/// programs built with nvcc. The driver is looked up with dlopen; without it
/// the constructor does nothing.
static void emitCudaContextInitializer(llvm::Module &module) {
  llvm::LLVMContext &ctx = module.getContext();
  auto *ptrTy = llvm::PointerType::getUnqual(ctx);
  auto *i32Ty = llvm::Type::getInt32Ty(ctx);
  auto *voidFnTy = llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), false);
  llvm::FunctionCallee dlopen = module.getOrInsertFunction(
      "dlopen", llvm::FunctionType::get(ptrTy, {ptrTy, i32Ty}, false));
  llvm::FunctionCallee dlsym = module.getOrInsertFunction(
      "dlsym", llvm::FunctionType::get(ptrTy, {ptrTy, ptrTy}, false));
  auto *init = llvm::Function::Create(voidFnTy,
                                      llvm::GlobalValue::InternalLinkage,
                                      ".offload.init_cuda_contexts", module);
  auto *entry = llvm::BasicBlock::Create(ctx, "entry", init);
  auto *done = llvm::BasicBlock::Create(ctx, "done", init);
  llvm::IRBuilder<> b(done);
  b.CreateRetVoid();
  b.SetInsertPoint(entry);
  // RTLD_LAZY | RTLD_LOCAL
  llvm::Value *lib = b.CreateCall(
      dlopen, {b.CreateGlobalString("libcuda.so.1"), b.getInt32(1)});
  auto *haveLib = llvm::BasicBlock::Create(ctx, "have_lib", init);
  b.CreateCondBr(b.CreateIsNotNull(lib), haveLib, done);
  b.SetInsertPoint(haveLib);
  SmallVector<llvm::Value *> fns;
  for (StringRef name : {"cuInit", "cuDeviceGetCount", "cuDeviceGet",
                         "cuDevicePrimaryCtxRetain"}) {
    llvm::Value *fn = b.CreateCall(dlsym, {lib, b.CreateGlobalString(name)});
    auto *next = llvm::BasicBlock::Create(ctx, "have_" + name, init);
    b.CreateCondBr(b.CreateIsNotNull(fn), next, done);
    b.SetInsertPoint(next);
    fns.push_back(fn);
  }
  // CUresult cuInit(unsigned), cuDeviceGetCount(int *),
  // cuDeviceGet(CUdevice *, int), cuDevicePrimaryCtxRetain(CUcontext *, dev)
  auto *initTy = llvm::FunctionType::get(i32Ty, {i32Ty}, false);
  auto *countTy = llvm::FunctionType::get(i32Ty, {ptrTy}, false);
  auto *getTy = llvm::FunctionType::get(i32Ty, {ptrTy, i32Ty}, false);
  auto *retainTy = llvm::FunctionType::get(i32Ty, {ptrTy, i32Ty}, false);
  llvm::IRBuilder<> allocas(&init->getEntryBlock(),
                            init->getEntryBlock().begin());
  llvm::Value *count = allocas.CreateAlloca(i32Ty);
  llvm::Value *device = allocas.CreateAlloca(i32Ty);
  llvm::Value *context = allocas.CreateAlloca(ptrTy);
  b.CreateStore(b.getInt32(0), count);
  llvm::Value *rc = b.CreateCall(initTy, fns[0], {b.getInt32(0)});
  auto *inited = llvm::BasicBlock::Create(ctx, "inited", init);
  b.CreateCondBr(b.CreateICmpEQ(rc, b.getInt32(0)), inited, done);
  b.SetInsertPoint(inited);
  b.CreateCall(countTy, fns[1], {count});
  llvm::Value *n = b.CreateLoad(i32Ty, count);
  auto *header = llvm::BasicBlock::Create(ctx, "loop", init);
  auto *body = llvm::BasicBlock::Create(ctx, "body", init);
  b.CreateBr(header);
  b.SetInsertPoint(header);
  llvm::PHINode *i = b.CreatePHI(i32Ty, 2);
  i->addIncoming(b.getInt32(0), inited);
  b.CreateCondBr(b.CreateICmpSLT(i, n), body, done);
  b.SetInsertPoint(body);
  llvm::Value *got = b.CreateCall(getTy, fns[2], {device, i});
  auto *retain = llvm::BasicBlock::Create(ctx, "retain", init);
  auto *latch = llvm::BasicBlock::Create(ctx, "latch", init);
  b.CreateCondBr(b.CreateICmpEQ(got, b.getInt32(0)), retain, latch);
  b.SetInsertPoint(retain);
  b.CreateCall(retainTy, fns[3], {context, b.CreateLoad(i32Ty, device)});
  b.CreateBr(latch);
  b.SetInsertPoint(latch);
  i->addIncoming(b.CreateAdd(i, b.getInt32(1)), latch);
  b.CreateBr(header);
  // Before the image registration constructor (priority 101).
  llvm::appendToGlobalCtors(module, init, /*Priority=*/100);
}

/// Adds a constructor that hands the module's launch state to the runtime
/// library (`__offload_rt_register_module`, referenced weakly: a program
/// linked without the library skips the call), after the images are
/// registered (priority 101): the library's own constructor (priority 103)
/// then sets liboffload up for the module while the program starts, so that
/// the first launch does not (docs/LaunchPath.md, "Start-up").
static void emitLaunchStateRegistration(llvm::Module &module,
                                        llvm::GlobalValue *state) {
  llvm::LLVMContext &ctx = module.getContext();
  auto *ptrTy = llvm::PointerType::getUnqual(ctx);
  auto *voidTy = llvm::Type::getVoidTy(ctx);
  auto *registerTy = llvm::FunctionType::get(voidTy, {ptrTy}, false);
  llvm::Function *registerFn =
      module.getFunction("__offload_rt_register_module");
  if (!registerFn)
    registerFn = llvm::Function::Create(
        registerTy, llvm::GlobalValue::ExternalWeakLinkage,
        "__offload_rt_register_module", module);
  auto *init = llvm::Function::Create(
      llvm::FunctionType::get(voidTy, false),
      llvm::GlobalValue::InternalLinkage, ".offload.register_module", module);
  auto *entry = llvm::BasicBlock::Create(ctx, "entry", init);
  auto *call = llvm::BasicBlock::Create(ctx, "register", init);
  auto *done = llvm::BasicBlock::Create(ctx, "done", init);
  llvm::IRBuilder<> b(entry);
  b.CreateCondBr(b.CreateIsNotNull(registerFn), call, done);
  b.SetInsertPoint(call);
  b.CreateCall(registerTy, registerFn, {state});
  b.CreateBr(done);
  b.SetInsertPoint(done);
  b.CreateRetVoid();
  llvm::appendToGlobalCtors(module, init, /*Priority=*/102);
}

FailureOr<llvm::GlobalVariable *> mlir::offload::embedOffloadImages(
    gpu::BinaryOp binary, llvm::Module &module,
    llvm::function_ref<llvm::GlobalValue *(LLVM::GlobalOp)> lookupGlobal) {
  SmallVector<ArrayRef<char>> images;
  bool jitNVPTX = false, anyNVPTX = false;
  uint64_t hash = 0;
  for (auto object : binary.getObjects().getAsRange<gpu::ObjectAttr>()) {
    StringRef bytes = object.getObject().getValue();
    images.emplace_back(bytes.data(), bytes.size());
    hash = llvm::hash_combine(hash, llvm::xxh3_64bits(bytes));
    anyNVPTX |= isa<NVVM::NVVMTargetAttr>(object.getTarget());
    if (object.getFormat() == gpu::CompilationTarget::Offload) {
      if (!isa<NVVM::NVVMTargetAttr>(object.getTarget()))
        return binary.emitError()
               << "only NVPTX images can be LLVM bitcode (compiled by the "
                  "runtime); "
               << object.getTarget() << " is not";
      jitNVPTX = true;
    }
  }

  // One entry per kernel, in a section of this module's own so that
  // several offload modules linked into one program each register just
  // their kernels.
  SmallVector<std::pair<StringRef, LLVM::GlobalOp>> kernels;
  for (auto global :
       binary->getParentOfType<ModuleOp>().getOps<LLVM::GlobalOp>())
    if (auto name = global->getAttrOfType<StringAttr>(
            OffloadDialect::getEntryAttrName())) {
      kernels.emplace_back(name.getValue(), global);
      hash = llvm::hash_combine(hash, name.getValue());
    }
  std::string section = "offload_entries_" + llvm::utohexstr(hash, true);
  for (auto [name, global] : kernels) {
    llvm::GlobalValue *address = lookupGlobal(global);
    if (!address)
      return global.emitError() << "kernel address was not translated";
    llvm::GlobalVariable *entry = llvm::offloading::emitOffloadingEntry(
        module, llvm::object::OffloadKind::OFK_OpenMP, address, name,
        /*Size=*/0, /*Flags=*/0, /*Data=*/0, /*AuxAddr=*/nullptr, section);
    // Entries are weak: keep same-named kernels of other modules apart.
    entry->setName(".offloading.entry." + section + "." + name);
  }
  llvm::offloading::EntryArrayTy entries =
      llvm::offloading::getOffloadEntryArray(module, section);
  std::string suffix = "." + llvm::utohexstr(hash, true);
  if (llvm::Error error = llvm::offloading::wrapOpenMPBinaries(
          module, images, entries, suffix))
    return binary.emitError() << "cannot register the device images: "
                              << llvm::toString(std::move(error));
  auto *descriptor =
      module.getNamedGlobal(".omp_offloading.descriptor" + suffix);
  if (!descriptor)
    return binary.emitError() << "cannot find the offload descriptor";
  if (jitNVPTX)
    emitJitTargetInitializer(module, "NVPTX");
  if (anyNVPTX)
    emitCudaContextInitializer(module);
  for (auto global :
       binary->getParentOfType<ModuleOp>().getOps<LLVM::GlobalOp>()) {
    if (!global->hasAttr(OffloadDialect::getRuntimeStateAttrName()))
      continue;
    llvm::GlobalValue *state = lookupGlobal(global);
    if (!state)
      return global.emitError() << "launch state was not translated";
    emitLaunchStateRegistration(module, state);
  }
  return descriptor;
}

namespace {
/// `#offload.libomptarget`: registers a gpu.binary's objects as the device
/// images of one offload descriptor.
struct LibomptargetHandler
    : public gpu::OffloadingLLVMTranslationAttrInterface::ExternalModel<
          LibomptargetHandler, LibomptargetAttr> {
  LogicalResult embedBinary(Attribute, Operation *op, llvm::IRBuilderBase &,
                            LLVM::ModuleTranslation &translation) const {
    auto binary = cast<gpu::BinaryOp>(op);
    llvm::Module &module = *translation.getLLVMModule();
    FailureOr<llvm::GlobalVariable *> descriptor =
        embedOffloadImages(binary, module, [&](LLVM::GlobalOp global) {
          return translation.lookupGlobal(global);
        });
    if (failed(descriptor))
      return failure();

    // The launch state the runtime library queues launches with
    // (include/offload/Runtime/OffloadRuntime.h) starts with the offload
    // descriptor wrapOpenMPBinaries made: it finds the images and entries
    // through it.
    for (auto global :
         binary->getParentOfType<ModuleOp>().getOps<LLVM::GlobalOp>()) {
      if (!global->hasAttr(OffloadDialect::getRuntimeStateAttrName()))
        continue;
      auto *state = dyn_cast_or_null<llvm::GlobalVariable>(
          translation.lookupGlobal(global));
      auto *stateType =
          state ? dyn_cast<llvm::StructType>(state->getValueType()) : nullptr;
      if (!stateType || stateType->getNumElements() != 2)
        return global.emitError()
               << "cannot record the offload descriptor in the launch state";
      auto *ptrTy = llvm::PointerType::getUnqual(module.getContext());
      state->setInitializer(llvm::ConstantStruct::get(
          stateType, {*descriptor, llvm::ConstantPointerNull::get(ptrTy)}));
    }
    return success();
  }

  LogicalResult launchKernel(Attribute, Operation *launch, Operation *,
                             llvm::IRBuilderBase &,
                             LLVM::ModuleTranslation &) const {
    return launch->emitError()
           << "gpu.launch_func cannot use the #offload.libomptarget "
              "handler; launch offload kernels with offload.launch";
  }
};

/// The offload dialect's attributes left on LLVM dialect ops need no
/// translation of their own: `offload.entry` and `offload.runtime_state` are
/// read by the handler above.
struct OffloadDialectLLVMIRTranslationInterface
    : public LLVMTranslationDialectInterface {
  using LLVMTranslationDialectInterface::LLVMTranslationDialectInterface;

  LogicalResult amendOperation(Operation *op, ArrayRef<llvm::Instruction *>,
                               NamedAttribute attribute,
                               LLVM::ModuleTranslation &) const override {
    if ((attribute.getName() == OffloadDialect::getEntryAttrName() ||
         attribute.getName() == OffloadDialect::getRuntimeStateAttrName()) &&
        !isa<LLVM::GlobalOp>(op))
      return op->emitError() << "'" << attribute.getName()
                             << "' belongs on an llvm.mlir.global";
    return success();
  }
};
} // namespace

void mlir::offload::registerOffloadDialectTranslation(
    DialectRegistry &registry) {
  registry.insert<OffloadDialect>();
  registry.addExtension(+[](MLIRContext *ctx, OffloadDialect *dialect) {
    dialect->addInterfaces<OffloadDialectLLVMIRTranslationInterface>();
    LibomptargetAttr::attachInterface<LibomptargetHandler>(*ctx);
  });
}

void mlir::offload::registerOffloadToLLVMIRTranslations(
    DialectRegistry &registry) {
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerOffloadDialectTranslation(registry);
}
