// RUN: offload-opt %s --offload-legalize-call-sites --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s

// A global made for an inlined launch (a map name, a message) has its
// location: outside any function, the call site goes, the callee's
// location stays (also inside fused and named locations). Operations in
// functions keep their call sites (line tables of inlined code).

// CHECK: llvm.mlir.global private constant @name("x\00") {addr_space = 0 : i32} loc("lib.mlir":3:4)
// CHECK: llvm.mlir.global private constant @fused("y\00") {addr_space = 0 : i32} loc(fused["lib.mlir":5:6, "app.mlir":1:1])
// CHECK: llvm.mlir.global private constant @named("z\00") {addr_space = 0 : i32} loc("n"("lib.mlir":7:8))
// CHECK-LABEL: llvm.func @f(
// CHECK: llvm.return loc(callsite("lib.mlir":9:1 at "app.mlir":10:2))
llvm.mlir.global private constant @name("x\00") {addr_space = 0 : i32} loc(callsite("lib.mlir":3:4 at "app.mlir":10:2))
llvm.mlir.global private constant @fused("y\00") {addr_space = 0 : i32} loc(fused[callsite("lib.mlir":5:6 at "app.mlir":10:2), "app.mlir":1:1])
llvm.mlir.global private constant @named("z\00") {addr_space = 0 : i32} loc("n"(callsite("lib.mlir":7:8 at "app.mlir":10:2)))
llvm.func @f() {
  llvm.return loc(callsite("lib.mlir":9:1 at "app.mlir":10:2))
} loc("app.mlir":20:1)
