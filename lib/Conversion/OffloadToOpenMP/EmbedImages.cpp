//===- EmbedImages.cpp - offload-embed-images -------------------*- C++ -*-===//
//
// The device images and their registration as LLVM dialect globals and
// constructors, so that stock mlir-translate translates an offload module:
// the registration is built by the same code as offload-translate's
// (embedOffloadImages, over llvm::offloading::wrapOpenMPBinaries) in an LLVM
// module of its own, which is imported into the LLVM dialect and merged.
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/OffloadToOpenMP/OffloadToOpenMP.h"
#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Target/LLVMIR/OffloadToLLVMIRTranslation.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Target/LLVMIR/Import.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Host.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADEMBEDIMAGES
#include "offload/Conversion/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
/// Whether `op` only declares its symbol (a function without a body, a
/// global without an initial value).
static bool isDeclaration(Operation *op) {
  if (auto func = dyn_cast<LLVM::LLVMFuncOp>(op))
    return func.isExternal();
  if (auto global = dyn_cast<LLVM::GlobalOp>(op))
    return !global.getValueOrNull() && global.getInitializerRegion().empty();
  return false;
}

struct OffloadEmbedImagesPass
    : public offload::impl::OffloadEmbedImagesBase<OffloadEmbedImagesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::BinaryOp> binaries;
    for (auto binary : module.getOps<gpu::BinaryOp>())
      if (isa_and_nonnull<LibomptargetAttr>(
              binary.getOffloadingHandlerAttr()))
        binaries.push_back(binary);
    if (binaries.size() > 1) {
      binaries[1].emitError()
          << "a module has one gpu.binary of device images for the offload "
             "runtime; this is the second";
      return signalPassFailure();
    }
    if (!binaries.empty() && failed(embed(binaries.front())))
      return signalPassFailure();
    dropOffloadAttributes();
  }

  LogicalResult embed(gpu::BinaryOp binary) {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    llvm::LLVMContext llvmContext;
    auto wrapper =
        std::make_unique<llvm::Module>("offload-images", llvmContext);
    wrapper->setTargetTriple(llvm::Triple(llvm::sys::getProcessTriple()));
    // The kernels' addresses and the launch state are the module's globals:
    // declared here, they are found by name when the result is merged.
    auto *byteType = llvm::Type::getInt8Ty(llvmContext);
    FailureOr<llvm::GlobalVariable *> descriptor = embedOffloadImages(
        binary, *wrapper, [&](LLVM::GlobalOp global) -> llvm::GlobalValue * {
          return new llvm::GlobalVariable(
              *wrapper, byteType, /*isConstant=*/true,
              llvm::GlobalValue::ExternalLinkage, nullptr,
              global.getSymName());
        });
    if (failed(descriptor))
      return failure();
    std::string descriptorName = (*descriptor)->getName().str();

    OwningOpRef<ModuleOp> imported =
        translateLLVMIRToModule(std::move(wrapper), ctx,
                                /*emitExpensiveWarnings=*/false);
    if (!imported)
      return binary.emitError()
             << "cannot import the registration of the device images into "
                "the LLVM dialect";

    // Merge: definitions move over; declarations of what the module has
    // already (kernel addresses, dlsym, ...) are dropped; constructor and
    // destructor lists are joined.
    SymbolTable symbols(module);
    OpBuilder b(ctx);
    b.setInsertionPoint(binary);
    for (Operation &op :
         llvm::make_early_inc_range(imported->getBody()->getOperations())) {
      if (auto ctors = dyn_cast<LLVM::GlobalCtorsOp>(op)) {
        mergeStructors(ctors);
        continue;
      }
      if (auto dtors = dyn_cast<LLVM::GlobalDtorsOp>(op)) {
        mergeStructors(dtors);
        continue;
      }
      if (auto symbol = dyn_cast<SymbolOpInterface>(op)) {
        if (Operation *existing = symbols.lookup(symbol.getNameAttr())) {
          if (isDeclaration(&op))
            continue;
          if (!isDeclaration(existing))
            return existing->emitError()
                   << "'" << symbol.getName()
                   << "' is also defined by the registration of the device "
                      "images; rename it";
          symbols.erase(existing);
        }
      }
      op.moveBefore(binary);
    }

    // The launch state starts with the descriptor.
    for (auto global : module.getOps<LLVM::GlobalOp>()) {
      if (!global->hasAttr(OffloadDialect::getRuntimeStateAttrName()))
        continue;
      auto type = dyn_cast<LLVM::LLVMStructType>(global.getType());
      if (!type || type.getBody().size() != 2 || global.getAddrSpace() != 0)
        return global.emitError()
               << "cannot record the offload descriptor in the launch state "
                  "(a struct of two pointers in address space 0)";
      global.removeValueAttr();
      Region &init = global.getInitializerRegion();
      init.getBlocks().clear();
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(b.createBlock(&init));
      Location loc = global.getLoc();
      auto ptrType = LLVM::LLVMPointerType::get(ctx);
      Value state = LLVM::PoisonOp::create(b, loc, type);
      Value address =
          LLVM::AddressOfOp::create(b, loc, ptrType, descriptorName);
      state = LLVM::InsertValueOp::create(b, loc, state, address,
                                          ArrayRef<int64_t>{0});
      Value null = LLVM::ZeroOp::create(b, loc, ptrType);
      state = LLVM::InsertValueOp::create(b, loc, state, null,
                                          ArrayRef<int64_t>{1});
      LLVM::ReturnOp::create(b, loc, state);
    }
    binary.erase();
    return success();
  }

  /// Appends the entries of an imported llvm.mlir.global_ctors (or
  /// global_dtors) to the module's own, or moves it over.
  template <typename OpTy>
  void mergeStructors(OpTy imported) {
    ModuleOp module = getOperation();
    auto ops = module.getOps<OpTy>();
    if (ops.empty()) {
      imported->moveBefore(module.getBody(), module.getBody()->end());
      return;
    }
    OpTy existing = *ops.begin();
    auto join = [](ArrayAttr a, ArrayAttr b) {
      SmallVector<Attribute> all(a.getValue());
      llvm::append_range(all, b.getValue());
      return ArrayAttr::get(a.getContext(), all);
    };
    existing->setAttr("priorities", join(existing->template getAttrOfType<
                                             ArrayAttr>("priorities"),
                                         imported->template getAttrOfType<
                                             ArrayAttr>("priorities")));
    existing->setAttr("data",
                      join(existing->template getAttrOfType<ArrayAttr>("data"),
                           imported->template getAttrOfType<ArrayAttr>("data")));
    StringRef list = std::is_same_v<OpTy, LLVM::GlobalCtorsOp> ? "ctors"
                                                               : "dtors";
    existing->setAttr(list,
                      join(existing->template getAttrOfType<ArrayAttr>(list),
                           imported->template getAttrOfType<ArrayAttr>(list)));
    imported->erase();
  }

  /// The offload dialect's discardable attributes (`offload.targets` on the
  /// module, `offload.entry` and `offload.runtime_state` on globals, ...):
  /// nothing reads them after this pass, and a translator without the
  /// offload dialect cannot parse them.
  void dropOffloadAttributes() {
    StringRef prefix = OffloadDialect::getDialectNamespace();
    getOperation()->walk([&](Operation *op) {
      SmallVector<StringAttr> names;
      for (NamedAttribute attr : op->getDiscardableAttrs())
        if (attr.getName().getValue().starts_with((prefix + ".").str()))
          names.push_back(attr.getName());
      for (StringAttr name : names)
        op->removeDiscardableAttr(name);
    });
  }
};
} // namespace
