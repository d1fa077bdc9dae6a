// RUN: offload-opt %s --offload-legalize-map-names --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s

// The OpenMP translation writes a map's name as `;<file>;<name>;<line>;<col>;;`
// from a NameLoc around a FileLineColLoc, but the runtime reads the name
// first. A named omp.map.info gets a NameLoc named after the file around a
// FileLineColLoc whose "file" is the map's name, at the same line and
// column; without a file location, the file is "unknown" at 0:0. A map
// without a name and the other operations keep their locations.

// CHECK-LABEL: llvm.func @maps(
// CHECK: omp.map.info var_ptr(%{{.*}} : !llvm.ptr, i8) map_clauses(to) capture(ByRef) -> !llvm.ptr {name = "offload.data map 0"} loc("prog.mlir"("offload.data map 0":12:5))
// CHECK: omp.map.info var_ptr(%{{.*}} : !llvm.ptr, i8) map_clauses(from) capture(ByRef) -> !llvm.ptr loc("prog.mlir":13:5)
// CHECK: omp.map.info var_ptr(%{{.*}} : !llvm.ptr, i8) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "offload.data map 2"} loc("unknown"("offload.data map 2":0:0))
// CHECK: omp.target_data map_entries(
// CHECK: } loc("prog.mlir":14:5)
llvm.func @maps(%p: !llvm.ptr, %q: !llvm.ptr, %r: !llvm.ptr) {
  %0 = omp.map.info var_ptr(%p : !llvm.ptr, i8) map_clauses(to) capture(ByRef) -> !llvm.ptr {name = "offload.data map 0"} loc("prog.mlir":12:5)
  %1 = omp.map.info var_ptr(%q : !llvm.ptr, i8) map_clauses(from) capture(ByRef) -> !llvm.ptr loc("prog.mlir":13:5)
  %2 = omp.map.info var_ptr(%r : !llvm.ptr, i8) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "offload.data map 2"} loc(unknown)
  omp.target_data map_entries(%0, %1, %2 : !llvm.ptr, !llvm.ptr, !llvm.ptr) {
    omp.terminator
  } loc("prog.mlir":14:5)
  llvm.return
}
