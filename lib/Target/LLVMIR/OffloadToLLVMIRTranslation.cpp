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

    SmallVector<ArrayRef<char>> images;
    bool jitNVPTX = false;
    uint64_t hash = 0;
    for (auto object : binary.getObjects().getAsRange<gpu::ObjectAttr>()) {
      StringRef bytes = object.getObject().getValue();
      images.emplace_back(bytes.data(), bytes.size());
      hash = llvm::hash_combine(hash, llvm::xxh3_64bits(bytes));
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
      llvm::GlobalValue *address = translation.lookupGlobal(global);
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
    if (llvm::Error error = llvm::offloading::wrapOpenMPBinaries(
            module, images, entries, "." + llvm::utohexstr(hash, true)))
      return binary.emitError() << "cannot register the device images: "
                                << llvm::toString(std::move(error));
    if (jitNVPTX)
      emitJitTargetInitializer(module, "NVPTX");
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
/// translation of their own: `offload.entry` is read by the handler above.
struct OffloadDialectLLVMIRTranslationInterface
    : public LLVMTranslationDialectInterface {
  using LLVMTranslationDialectInterface::LLVMTranslationDialectInterface;

  LogicalResult amendOperation(Operation *op, ArrayRef<llvm::Instruction *>,
                               NamedAttribute attribute,
                               LLVM::ModuleTranslation &) const override {
    if (attribute.getName() == OffloadDialect::getEntryAttrName() &&
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
