//===- LegalizeMapNames.cpp - offload-legalize-map-names --------*- C++ -*-===//
//
// Works around LLVM 22's OpenMP translation writing map names in the ident_t
// layout: see the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "offload/Conversion/OffloadToOpenMP/OffloadToOpenMP.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLEGALIZEMAPNAMES
#include "offload/Conversion/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct OffloadLegalizeMapNamesPass
    : public offload::impl::OffloadLegalizeMapNamesBase<
          OffloadLegalizeMapNamesPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    getOperation().walk([&](omp::MapInfoOp op) {
      std::optional<StringRef> name = op.getName();
      if (!name)
        return;
      // The translation writes `;<file>;<NameLoc name>;<line>;<col>;;` for a
      // NameLoc around a FileLineColLoc: put the buffer's name where the
      // file goes and the file where the name goes.
      auto fileLoc = op->getLoc()->findInstanceOf<FileLineColLoc>();
      StringAttr file = fileLoc ? fileLoc.getFilename()
                                : StringAttr::get(ctx, "unknown");
      unsigned line = fileLoc ? fileLoc.getLine() : 0;
      unsigned col = fileLoc ? fileLoc.getColumn() : 0;
      op->setLoc(NameLoc::get(file, FileLineColLoc::get(ctx, *name, line,
                                                        col)));
    });
  }
};
} // namespace
