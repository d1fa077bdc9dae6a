//===- TiledContraction.cpp - the tiled contraction strategy ----*- C++ -*-===//
//
// Placeholder until the tiled generator lands: no contraction is tiled, so
// contractions are lowered to loops by offload-lower-linalg.
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/OffloadToGPU/KernelStrategy.h"

using namespace mlir;
using namespace mlir::offload;

bool mlir::offload::canTileContraction(const ContractionMatch &) {
  return false;
}

ContractionTiling
mlir::offload::chooseContractionTiling(const ContractionMatch &) {
  return {};
}

void mlir::offload::buildTiledContraction(RewriterBase &,
                                          const ContractionMatch &,
                                          linalg::FillOp,
                                          const ContractionTiling &) {
  llvm_unreachable("canTileContraction accepts no contraction yet");
}
