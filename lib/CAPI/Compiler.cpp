//===- Compiler.cpp - C API: compile offload modules ------------*- C++ -*-===//
//
// Thin wrappers over the driver library (offload/Driver/Driver.h) and the
// MLIR parser and pass manager, reporting every failure as a diagnostic on
// the module's context.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Utils/ParserGuards.h"
#include "offload-c/Compiler.h"
#include "offload-c/Dialects.h"

#include "CInterface.h"
#include "offload/Dialect/Offload/IR/OffloadOps.h"
#include "offload/Driver/Driver.h"
#include "offload/InitAllDialects.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/CAPI/Diagnostics.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/CAPI/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>
#include <string>

using namespace mlir;

//===----------------------------------------------------------------------===//
// Contexts and diagnostics
//===----------------------------------------------------------------------===//

MlirContext offloadContextCreate(void) {
  offloadRegisterAllPasses();
  DialectRegistry registry;
  offload::registerAllDialects(registry);
  auto *context = new MLIRContext(registry);
  context->loadAllAvailableDialects();
  // Diagnostics without a dump of the operation (see offload-cc).
  context->printOpOnDiagnostic(false);
  return wrap(context);
}

namespace {
struct StoredDiagnostic {
  MlirDiagnosticSeverity severity;
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
  std::string message;
};

struct Collector {
  MLIRContext *context;
  DiagnosticEngine::HandlerID id;
  // A deque keeps the strings in place as diagnostics are added.
  std::deque<StoredDiagnostic> diagnostics;
};
} // namespace

static MlirDiagnosticSeverity wrapSeverity(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return MlirDiagnosticError;
  case DiagnosticSeverity::Warning:
    return MlirDiagnosticWarning;
  case DiagnosticSeverity::Note:
    return MlirDiagnosticNote;
  case DiagnosticSeverity::Remark:
    return MlirDiagnosticRemark;
  }
  return MlirDiagnosticError;
}

OffloadDiagnosticCollector offloadDiagnosticCollectorCreate(MlirContext ctx) {
  auto *collector = new Collector{unwrap(ctx), {}, {}};
  collector->id = unwrap(ctx)->getDiagEngine().registerHandler(
      [collector](Diagnostic &diag) {
        StoredDiagnostic stored;
        stored.severity = wrapSeverity(diag.getSeverity());
        if (auto loc = diag.getLocation()->findInstanceOf<FileLineColLoc>()) {
          stored.file = loc.getFilename().str();
          stored.line = loc.getLine();
          stored.column = loc.getColumn();
        }
        stored.message = diag.str();
        for (Diagnostic &note : diag.getNotes())
          stored.message += "\nnote: " + note.str();
        collector->diagnostics.push_back(std::move(stored));
        return success();
      });
  return {collector};
}

void offloadDiagnosticCollectorDestroy(OffloadDiagnosticCollector c) {
  auto *collector = static_cast<Collector *>(c.ptr);
  if (!collector)
    return;
  collector->context->getDiagEngine().eraseHandler(collector->id);
  delete collector;
}

intptr_t offloadDiagnosticCollectorGetNumDiagnostics(
    OffloadDiagnosticCollector c) {
  return static_cast<Collector *>(c.ptr)->diagnostics.size();
}

OffloadDiagnostic
offloadDiagnosticCollectorGetDiagnostic(OffloadDiagnosticCollector c,
                                        intptr_t pos) {
  auto *collector = static_cast<Collector *>(c.ptr);
  OffloadDiagnostic result = {MlirDiagnosticError, {nullptr, 0}, 0, 0,
                              {nullptr, 0}};
  if (pos < 0 || pos >= static_cast<intptr_t>(collector->diagnostics.size()))
    return result;
  const StoredDiagnostic &stored = collector->diagnostics[pos];
  result.severity = stored.severity;
  result.file = wrap(llvm::StringRef(stored.file));
  result.line = stored.line;
  result.column = stored.column;
  result.message = wrap(llvm::StringRef(stored.message));
  return result;
}

void offloadDiagnosticCollectorClear(OffloadDiagnosticCollector c) {
  static_cast<Collector *>(c.ptr)->diagnostics.clear();
}

//===----------------------------------------------------------------------===//
// Modules
//===----------------------------------------------------------------------===//

/// Parses `buffer`, keeping the source names of function and kernel
/// arguments for the C interface (offload::capi::recordArgumentNames).
static MlirModule parseBuffer(MLIRContext *context,
                              std::unique_ptr<llvm::MemoryBuffer> buffer) {
  std::string name = buffer->getBufferIdentifier().str();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  if (failed(offload::checkParserCrashes(sourceMgr, context)))
    return MlirModule{nullptr};
  ParserConfig config(context);
  AsmParserState asmState;
  Block block;
  if (failed(parseAsmSourceFile(sourceMgr, &block, config, &asmState)))
    return MlirModule{nullptr};
  offload::capi::recordArgumentNames(asmState);
  OwningOpRef<ModuleOp> module =
      detail::constructContainerOpForParserIfNecessary<ModuleOp>(
          &block, context, FileLineColLoc::get(context, name, 0, 0));
  if (!module || failed(verify(*module)))
    return MlirModule{nullptr};
  return wrap(module.release());
}

MlirModule offloadModuleParse(MlirContext context, MlirStringRef source,
                              MlirStringRef filename) {
  llvm::StringRef name = unwrap(filename);
  return parseBuffer(unwrap(context),
                     llvm::MemoryBuffer::getMemBufferCopy(
                         unwrap(source), name.empty() ? "<string>" : name));
}

MlirModule offloadModuleParseFile(MlirContext context, MlirStringRef path) {
  MLIRContext *ctx = unwrap(context);
  llvm::StringRef file = unwrap(path);
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(file, /*IsText=*/true);
  if (!buffer) {
    emitError(FileLineColLoc::get(ctx, file, 0, 0))
        << "cannot read " << file << ": " << buffer.getError().message();
    return MlirModule{nullptr};
  }
  return parseBuffer(ctx, std::move(*buffer));
}

MlirLogicalResult offloadModuleVerify(MlirModule module) {
  return wrap(verify(unwrap(module)));
}

MlirLogicalResult offloadModuleRunPassPipeline(MlirModule module,
                                               MlirStringRef pipeline) {
  ModuleOp op = unwrap(module);
  offloadRegisterAllPasses();
  llvm::StringRef text = unwrap(pipeline).trim();
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  // An anchored pipeline runs on the module itself: parse its pass list.
  llvm::StringRef passes = text;
  if (passes.consume_front("builtin.module(") && passes.consume_back(")"))
    passes = passes.trim();
  else
    passes = text;
  PassManager pm(op.getContext());
  LogicalResult parsed = parsePassPipeline(passes, pm, errorStream);
  if (failed(parsed)) {
    emitError(op.getLoc()) << "invalid pass pipeline '" << text
                           << "': " << llvm::StringRef(errors).trim();
    return wrap(failure());
  }
  offload::capi::dropArgumentNames(op);
  return wrap(pm.run(op));
}

OffloadCompileOptions offloadCompileOptionsGetDefault(void) {
  return {{"", 0}, 2};
}

static offload::CompileOptions unwrapOptions(OffloadCompileOptions options) {
  offload::CompileOptions result;
  result.targets = unwrap(options.targets).str();
  result.optLevel = options.optLevel;
  return result;
}

static LogicalResult checkOptions(ModuleOp module,
                                  OffloadCompileOptions options) {
  if (options.optLevel > 3)
    return emitError(module.getLoc())
           << "optimization level " << options.optLevel
           << " is not one of 0 to 3";
  return success();
}

/// True once offload-pipeline ran: no offload kernels are left.
static bool isLowered(ModuleOp module) {
  return module.getOps<offload::KernelOp>().empty() &&
         llvm::all_of(module.getBody()->getOperations(), [](Operation &op) {
           return isa<LLVM::LLVMDialect>(op.getDialect()) ||
                  op.getName().getDialectNamespace() == "gpu" ||
                  op.getName().getDialectNamespace() == "omp";
         });
}

MlirLogicalResult offloadModuleLower(MlirModule module,
                                     OffloadCompileOptions options) {
  ModuleOp op = unwrap(module);
  if (failed(checkOptions(op, options)))
    return wrap(failure());
  offload::capi::dropArgumentNames(op);
  return wrap(offload::lowerOffloadModule(op, unwrapOptions(options)));
}

MlirLogicalResult offloadModuleTranslateToLLVMIR(MlirModule module,
                                                 MlirStringCallback callback,
                                                 void *userData) {
  ModuleOp op = unwrap(module);
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      offload::translateOffloadModule(op, llvmContext);
  if (!llvmModule)
    return wrap(failure());
  detail::CallbackOstream stream(callback, userData);
  llvmModule->print(stream, nullptr);
  stream.flush();
  return wrap(success());
}

MlirLogicalResult offloadCompileSharedLibrary(MlirModule module,
                                              MlirStringRef outputPath,
                                              OffloadCompileOptions options) {
  ModuleOp op = unwrap(module);
  if (outputPath.length == 0) {
    emitError(op.getLoc())
        << "offloadCompileSharedLibrary: the output path is empty";
    return wrap(failure());
  }
  if (failed(checkOptions(op, options)))
    return wrap(failure());
  offload::CompileOptions driverOptions = unwrapOptions(options);
  offload::capi::dropArgumentNames(op);
  if (!isLowered(op) &&
      failed(offload::lowerOffloadModule(op, driverOptions)))
    return wrap(failure());
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      offload::translateOffloadModule(op, llvmContext);
  if (!llvmModule)
    return wrap(failure());

  llvm::SmallString<128> object;
  if (std::error_code ec =
          llvm::sys::fs::createTemporaryFile("offload-capi", "o", object)) {
    emitError(op.getLoc()) << "cannot create a temporary object file: "
                           << ec.message();
    return wrap(failure());
  }
  llvm::FileRemover removeObject(object);
  if (llvm::Error error =
          offload::emitObjectFile(*llvmModule, object, driverOptions)) {
    emitError(op.getLoc()) << llvm::toString(std::move(error));
    return wrap(failure());
  }
  if (llvm::Error error = offload::linkProgram(
          {std::string(object)}, unwrap(outputPath), /*shared=*/true, {},
          driverOptions)) {
    emitError(op.getLoc()) << llvm::toString(std::move(error));
    return wrap(failure());
  }
  return wrap(success());
}

//===----------------------------------------------------------------------===//
// C-callable entry points
//===----------------------------------------------------------------------===//

MlirLogicalResult offloadModuleAddCInterface(MlirModule module) {
  return wrap(offload::capi::addCInterface(unwrap(module)));
}

MlirLogicalResult offloadModuleGetInterface(MlirModule module,
                                            MlirStringCallback callback,
                                            void *userData) {
  FailureOr<std::string> json = offload::capi::getInterface(unwrap(module));
  if (failed(json))
    return wrap(failure());
  callback(wrap(llvm::StringRef(*json)), userData);
  return wrap(success());
}
