//===- offload-fuzz.cpp - libFuzzer harness for the compiler ----*- C++ -*-===//
//
// Feeds each input (MLIR text; `// -----` splits it into modules as
// -split-input-file does) through parsing, verification and one pass
// pipeline: every offload pass on its own, the stages in the order
// offload-pipeline runs them, and offload-pipeline itself for several
// targets. The pipeline is picked from a hash of the input (so a crash
// reproduces from the input alone) unless OFFLOAD_FUZZ_PIPELINE names one
// (its number or its text). Besides crashes and hangs it reports, as
// crashes, a pipeline that fails without an error diagnostic and one that
// succeeds after emitting one, and an error with no location.
//
//   offload-fuzz CORPUS_DIR SEED_DIR...     (libFuzzer's options apply)
//   OFFLOAD_FUZZ_VERBOSE=1 offload-fuzz crash-<hash>   shows the pipeline
//
// docs/Fuzzing.md says how CI runs it and how to run it longer.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Utils/ParserGuards.h"
#include "offload/InitAllDialects.h"
#include "offload/InitAllPasses.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace mlir;

/// What each input goes through after parsing and verification.
static const char *const kPipelines[] = {
    // Every offload pass on its own.
    "builtin.module(offload-set-targets)",
    "builtin.module(offload-set-targets{targets=nvptx:sm_90,amdgpu:gfx942,"
    "host})",
    "builtin.module(offload-outline-linalg)",
    "builtin.module(offload-bufferize-host)",
    "builtin.module(offload.kernel(offload-raise-contractions))",
    "builtin.module(offload-lower-linalg)",
    "builtin.module(offload-split-kernels)",
    "builtin.module(offload-check-aliasing)",
    "builtin.module(offload-add-entry-checks{remarks=1})",
    "builtin.module(offload-infer-maps{remarks=1})",
    "builtin.module(offload-infer-maps,offload-hoist-transfers{remarks=1})",
    "builtin.module(func.func(offload-chain-launches{remarks=1}))",
    "builtin.module(offload-infer-maps,convert-offload-to-gpu{remarks=1})",
    "builtin.module(offload-infer-maps,convert-offload-to-gpu,"
    "offload-insert-checks)",
    "builtin.module(offload-set-targets{targets=nvptx:sm_90:bitcode,host},"
    "offload-infer-maps,convert-offload-to-gpu,"
    "offload-lower-device-modules)",
    "builtin.module(offload-infer-maps,convert-offload-to-omp)",
    // The stages and the whole pipeline.
    "builtin.module(offload-bufferize-pipeline)",
    "builtin.module(offload-device-pipeline{targets=host})",
    "builtin.module(offload-pipeline{targets=host})",
    "builtin.module(offload-pipeline{targets=host check=1})",
    "builtin.module(offload-pipeline{targets=host bufferize=1})",
    "builtin.module(offload-pipeline{targets=nvptx:sm_90:bitcode})",
    "builtin.module(offload-pipeline{targets=nvptx:sm_60:bitcode})",
    "builtin.module(offload-pipeline{targets=amdgpu:gfx942})",
};
static constexpr size_t kNumPipelines = std::size(kPipelines);

static DialectRegistry *registry;
static int forcedPipeline = -1;
static std::string forcedText;
static bool verbose = false;

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv) {
  offload::registerAllPasses();
  registry = new DialectRegistry();
  offload::registerAllDialects(*registry);
  if (const char *env = std::getenv("OFFLOAD_FUZZ_PIPELINE")) {
    unsigned n;
    if (!llvm::StringRef(env).getAsInteger(10, n) && n < kNumPipelines)
      forcedPipeline = n;
    else
      forcedText = env;
  }
  verbose = std::getenv("OFFLOAD_FUZZ_VERBOSE") != nullptr;
  return 0;
}

/// Aborts with `message` (libFuzzer reports it as a crash).
[[noreturn]] static void fail(const llvm::Twine &message) {
  llvm::errs() << "offload-fuzz: " << message << "\n";
  std::abort();
}

static void runOne(llvm::StringRef text, llvm::StringRef pipeline) {
  MLIRContext context(*registry, MLIRContext::Threading::DISABLED);
  bool anyError = false;
  std::string firstError;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() != DiagnosticSeverity::Error)
      return success();
    if (!anyError) {
      firstError = diag.str();
      // Parse errors carry the buffer's location; an error from a pass
      // must point somewhere too.
      if (isa<UnknownLoc>(diag.getLocation()))
        fail("an error without a location: " + firstError);
    }
    anyError = true;
    return success();
  });
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "input"), llvm::SMLoc());
  // What MLIR 22's parser crashes on is refused first, as our tools do.
  if (failed(offload::checkParserCrashes(sourceMgr, &context)))
    return;
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module || failed(verify(*module)))
    return;
  anyError = false;
  PassManager pm(&context);
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  if (failed(parsePassPipeline(pipeline, pm, errorStream)))
    fail("bad pipeline '" + pipeline + "': " + error);
  if (verbose)
    llvm::errs() << "offload-fuzz: running " << pipeline << "\n";
  LogicalResult result = pm.run(*module);
  if (failed(result) && !anyError)
    fail("'" + pipeline + "' failed without an error");
  if (succeeded(result) && anyError)
    fail("'" + pipeline + "' succeeded after an error: " + firstError);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  // A stable hash of the input picks the pipeline.
  uint64_t hash = 14695981039346656037ull;
  for (uint8_t byte : input.bytes())
    hash = (hash ^ byte) * 1099511628211ull;
  std::string pipeline =
      !forcedText.empty()
          ? forcedText
          : kPipelines[forcedPipeline >= 0 ? forcedPipeline
                                           : hash % kNumPipelines];
  llvm::SmallVector<llvm::StringRef> chunks;
  input.split(chunks, "// -----");
  for (llvm::StringRef chunk : chunks)
    runOne(chunk, pipeline);
  return 0;
}
