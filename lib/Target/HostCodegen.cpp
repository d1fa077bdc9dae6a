//===- HostCodegen.cpp - compile LLVM IR for the host -----------*- C++ -*-===//

#include "offload/Target/HostCodegen.h"

#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;
using namespace mlir::offload;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Error mlir::offload::compileToHostObject(llvm::Module &module,
                                               llvm::StringRef path,
                                               unsigned optLevel) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  llvm::Triple triple(llvm::sys::getProcessTriple());
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return makeError("no LLVM target for " + triple.str() + ": " + error);
  llvm::CodeGenOptLevel codegenLevel =
      optLevel == 0   ? llvm::CodeGenOptLevel::None
      : optLevel == 1 ? llvm::CodeGenOptLevel::Less
      : optLevel == 2 ? llvm::CodeGenOptLevel::Default
                      : llvm::CodeGenOptLevel::Aggressive;
  // Constructors (the image registration) in .init_array, as clang emits
  // them: linkers other than GNU ld (lld) leave .ctors sections unrun.
  llvm::TargetOptions targetOptions;
  targetOptions.UseInitArray = true;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, "generic", "", targetOptions, llvm::Reloc::PIC_, std::nullopt,
      codegenLevel));
  module.setTargetTriple(triple);
  module.setDataLayout(machine->createDataLayout());

  if (optLevel > 0) {
    llvm::LoopAnalysisManager lam;
    llvm::FunctionAnalysisManager fam;
    llvm::CGSCCAnalysisManager cgam;
    llvm::ModuleAnalysisManager mam;
    llvm::PassBuilder builder(machine.get());
    builder.registerModuleAnalyses(mam);
    builder.registerCGSCCAnalyses(cgam);
    builder.registerFunctionAnalyses(fam);
    builder.registerLoopAnalyses(lam);
    builder.crossRegisterProxies(lam, fam, cgam, mam);
    llvm::OptimizationLevel level = optLevel == 1   ? llvm::OptimizationLevel::O1
                                    : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                    : llvm::OptimizationLevel::O3;
    builder.buildPerModuleDefaultPipeline(level).run(module, mam);
  }

  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec);
  if (ec)
    return makeError("cannot write " + path + ": " + ec.message());
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, out, nullptr,
                                   llvm::CodeGenFileType::ObjectFile))
    return makeError("the host target cannot emit object files");
  codegen.run(module);
  return llvm::Error::success();
}
