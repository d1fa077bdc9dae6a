//===- OffloadToOpenMP.h - offload host code to libomptarget ----*- C++ -*-===//

#ifndef OFFLOAD_CONVERSION_OFFLOADTOOPENMP_OFFLOADTOOPENMP_H
#define OFFLOAD_CONVERSION_OFFLOADTOOPENMP_OFFLOADTOOPENMP_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace offload {

#define GEN_PASS_DECL_CONVERTOFFLOADTOOPENMP
#define GEN_PASS_DECL_OFFLOADLEGALIZEMAPNAMES
#define GEN_PASS_DECL_OFFLOADLEGALIZECALLSITES
#define GEN_PASS_DECL_OFFLOADEMBEDIMAGES
#include "offload/Conversion/Passes.h.inc"

/// Name of the host global whose address identifies kernel `kernelName` to
/// the offload runtime.
std::string getKernelAddressName(StringRef kernelName);

/// Patterns lowering offload.launch to __tgt_target_kernel calls (with the
/// host fallback) and the data operations to omp.target_data /
/// target_enter_data / target_exit_data / target_update. The launch pattern
/// expects the kernel's address global (getKernelAddressName) and host copy
/// (getFallbackName) to exist.
void populateOffloadToOpenMPConversionPatterns(RewritePatternSet &patterns);

} // namespace offload
} // namespace mlir

#endif // OFFLOAD_CONVERSION_OFFLOADTOOPENMP_OFFLOADTOOPENMP_H
