// RUN: offload-opt %s --offload-infer-maps --convert-offload-to-gpu --convert-offload-to-omp | FileCheck %s --implicit-check-not=offload.pack --implicit-check-not=offload.unpack

// An aggregate argument crosses as its members, each with its own map
// clause: x (read and written) tofrom, v (read) to, n a literal. The device
// function takes the members' parameters and the aggregate is gone.

module attributes {offload.targets = [#offload.host]} {
  offload.kernel @advance(%p: tuple<memref<?xf32>, memref<?xf32>, index>) {
    %x, %v, %n = offload.unpack %p : tuple<memref<?xf32>, memref<?xf32>, index>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %xi = memref.load %x[%i] : memref<?xf32>
      %vi = memref.load %v[%i] : memref<?xf32>
      %r = arith.addf %xi, %vi : f32
      memref.store %r, %x[%i] : memref<?xf32>
    }
    offload.return
  }

  // x tofrom (35), its size literal (288), v to (33), its size, n.
  // CHECK-DAG: llvm.mlir.global private constant @__offload_advance_maptypes(dense<[35, 288, 33, 288, 288]> : tensor<5xi64>)
  // CHECK-DAG: llvm.mlir.global private constant @__offload_advance_mapname(";advance argument 0 member 0;
  // CHECK-DAG: llvm.mlir.global private constant @__offload_advance_mapname_1(";advance argument 0 member 1;
  // CHECK-DAG: llvm.mlir.global private constant @__offload_advance_mapname_3(";advance argument 0 member 2;
  // dyn_ptr, then x (ptr, size), v (ptr, size), n; on the host and device.
  // CHECK: func.func private @__offload_fallback_advance(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64)
  // CHECK-LABEL: func.func @launch(
  // CHECK: llvm.call @__tgt_target_kernel
  // CHECK: call @__offload_fallback_advance(
  // CHECK: func.func @advance(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64)
  // (llvm.noalias: x and v are distinct, their map types constants.)
  func.func @launch(%x: memref<?xf32> {llvm.noalias}, %v: memref<?xf32>, %n: index) {
    %p = offload.pack %x, %v, %n : tuple<memref<?xf32>, memref<?xf32>, index>
    offload.launch @advance(%p) : (tuple<memref<?xf32>, memref<?xf32>, index>) -> ()
    return
  }
}
