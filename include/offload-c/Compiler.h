/*===- Compiler.h - C API: compile offload modules --------------*- C -*-===*\
|*                                                                            *|
|* Parse, verify, lower, translate and compile offload modules, with the      *|
|* diagnostics collected for the caller (file, line, column, message).        *|
|* Every function reports failure through MlirLogicalResult or a null         *|
|* handle, after emitting diagnostics on the module's context: attach an      *|
|* OffloadDiagnosticCollector to see them.                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef OFFLOAD_C_COMPILER_H
#define OFFLOAD_C_COMPILER_H

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// Contexts and diagnostics
//===----------------------------------------------------------------------===//

/// Creates a context with every dialect of offloadRegisterAllDialects
/// registered and loaded, and the passes registered. Destroy it with
/// mlirContextDestroy.
MLIR_CAPI_EXPORTED MlirContext offloadContextCreate(void);

/// Collects the diagnostics of a context from its creation until it is
/// destroyed; while attached, diagnostics are not printed.
typedef struct OffloadDiagnosticCollector {
  void *ptr;
} OffloadDiagnosticCollector;

/// One collected diagnostic. `file` is empty and `line`/`column` are 0 when
/// the diagnostic has no file location. The string references live as long
/// as the collector is neither cleared nor destroyed. Notes attached to the
/// diagnostic follow its message on lines of their own ("note: ...").
typedef struct OffloadDiagnostic {
  MlirDiagnosticSeverity severity;
  MlirStringRef file;
  unsigned line;
  unsigned column;
  MlirStringRef message;
} OffloadDiagnostic;

MLIR_CAPI_EXPORTED OffloadDiagnosticCollector
offloadDiagnosticCollectorCreate(MlirContext context);
/// Detaches the collector from its context and frees it.
MLIR_CAPI_EXPORTED void
offloadDiagnosticCollectorDestroy(OffloadDiagnosticCollector collector);
MLIR_CAPI_EXPORTED intptr_t
offloadDiagnosticCollectorGetNumDiagnostics(OffloadDiagnosticCollector c);
MLIR_CAPI_EXPORTED OffloadDiagnostic
offloadDiagnosticCollectorGetDiagnostic(OffloadDiagnosticCollector c,
                                        intptr_t pos);
MLIR_CAPI_EXPORTED void
offloadDiagnosticCollectorClear(OffloadDiagnosticCollector c);

//===----------------------------------------------------------------------===//
// Modules
//===----------------------------------------------------------------------===//

/// Parses and verifies `source`; `filename` names it in locations and
/// diagnostics. Returns a null module on failure.
MLIR_CAPI_EXPORTED MlirModule offloadModuleParse(MlirContext context,
                                                 MlirStringRef source,
                                                 MlirStringRef filename);

/// Reads, parses and verifies the file at `path`. Returns a null module on
/// failure (also when the file cannot be read).
MLIR_CAPI_EXPORTED MlirModule offloadModuleParseFile(MlirContext context,
                                                     MlirStringRef path);

/// Verifies `module`, emitting a diagnostic for each problem.
MLIR_CAPI_EXPORTED MlirLogicalResult offloadModuleVerify(MlirModule module);

/// Runs a textual pass pipeline on `module`: either anchored
/// ("builtin.module(offload-pipeline{targets=host})") or a pass list
/// ("offload-infer-maps,canonicalize"). A malformed pipeline is reported as
/// an error diagnostic at the module's location.
MLIR_CAPI_EXPORTED MlirLogicalResult
offloadModuleRunPassPipeline(MlirModule module, MlirStringRef pipeline);

/// What offloadModuleLower and offloadCompileSharedLibrary do.
typedef struct OffloadCompileOptions {
  /// Targets overriding the module's offload.targets, in --offload-targets
  /// syntax ("nvptx:sm_90,host"); empty keeps the module's own.
  MlirStringRef targets;
  /// Host code optimization level, 0 to 3.
  unsigned optLevel;
} OffloadCompileOptions;

/// The defaults of offload-cc: the module's targets, -O2.
MLIR_CAPI_EXPORTED OffloadCompileOptions offloadCompileOptionsGetDefault(void);

/// Runs offload-pipeline: leaves the LLVM and omp dialects with the device
/// images embedded.
MLIR_CAPI_EXPORTED MlirLogicalResult
offloadModuleLower(MlirModule module, OffloadCompileOptions options);

/// Translates a lowered module to LLVM IR text, passed to `callback` in one
/// or more pieces.
MLIR_CAPI_EXPORTED MlirLogicalResult offloadModuleTranslateToLLVMIR(
    MlirModule module, MlirStringCallback callback, void *userData);

/// Lowers `module` (unless it is lowered already), compiles its host code
/// and links a shared library at `outputPath` (offload-cc -shared). Loading
/// the library registers its device images with the offload runtime.
MLIR_CAPI_EXPORTED MlirLogicalResult
offloadCompileSharedLibrary(MlirModule module, MlirStringRef outputPath,
                            OffloadCompileOptions options);

//===----------------------------------------------------------------------===//
// C-callable entry points
//===----------------------------------------------------------------------===//

/// Makes the module callable through a stable C ABI, before it is lowered:
///   - every public func.func with a body gets `llvm.emit_c_interface`, so
///     that the library exports `_mlir_ciface_<name>` taking each memref as
///     a pointer to its descriptor {allocated, aligned, offset, sizes[rank],
///     strides[rank]};
///   - every offload.kernel @k gets a host function `__offload_launch_k`
///     with the kernel's signature that launches it (maps inferred), with
///     its C interface too;
///   - the interface (below) is embedded as the NUL-terminated global
///     `__offload_interface`, which the runtime half of the Python package
///     reads.
MLIR_CAPI_EXPORTED MlirLogicalResult
offloadModuleAddCInterface(MlirModule module);

/// The JSON description of the entry points offloadModuleAddCInterface makes
/// (names, C symbols, parameter names and types, memref element types,
/// shapes, and the map kind the compiler inferred for each memref), for a
/// module that has not been lowered. The module is not changed.
MLIR_CAPI_EXPORTED MlirLogicalResult offloadModuleGetInterface(
    MlirModule module, MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif // OFFLOAD_C_COMPILER_H
