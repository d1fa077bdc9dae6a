//===- MGPUOptions.cpp - make room for liboffload's options -----*- C++ -*-===//
//
// liboffload's plugins register LLVM's code generation options
// (llvm::codegen::RegisterCodeGenFlags: -march, -mcpu, -mattr, ...) in
// libLLVM's option registry when olInit starts them. mlir-runner, which has
// parsed its command line long before, registered options of some of the
// same names itself, and LLVM stops a process that registers a name twice
// ("Option 'march' registered more than once!"). Before olInit,
// MGPURuntimeWrappers.c calls this to take the process's options of those
// names out of the registry: they have been read already.
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/CommandLine.h"

extern "C" __attribute__((visibility("hidden"))) void
__offload_mgpu_yield_codegen_options(void) {
  // The names that llvm::codegen::RegisterCodeGenFlags registers and that a
  // tool may define too.
  static const char *const names[] = {"march", "mcpu", "mattr"};
  auto &options = llvm::cl::getRegisteredOptions();
  for (const char *name : names) {
    auto it = options.find(name);
    if (it != options.end())
      it->second->removeArgument();
  }
}
