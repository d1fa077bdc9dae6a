// RUN: offload-opt %s --convert-offload-to-gpu --convert-offload-to-omp | FileCheck %s

// Two views of one buffer that may overlap without one holding the other
// (buf[0:n] and buf[o:o+n]): libomptarget would refuse the second range
// ("explicit extension not allowed"), so when they overlap at run time both
// entries map the hull of the two, with the copies of both; the base
// pointers stay, so each kernel argument points at its own view.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @add(%x: memref<?xi32, strided<[1], offset: ?>>, %y: memref<?xi32, strided<[1], offset: ?>>, %z: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %z, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %a = memref.load %x[%i] : memref<?xi32, strided<[1], offset: ?>>
      %b = memref.load %y[%i] : memref<?xi32, strided<[1], offset: ?>>
      %s = arith.addi %a, %b : i32
      memref.store %s, %z[%i] : memref<?xi32>
    }
    offload.return
  }
  // CHECK-LABEL: func.func @views(
  func.func @views(%o: index, %n: index) {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %buf = memref.alloc(%c100) : memref<?xi32>
    %z = memref.alloc(%n) : memref<?xi32>
    %x = memref.subview %buf[%c0] [%n] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
    %y = memref.subview %buf[%o] [%n] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
    // The entries' ranges: [begin, begin + size) of x and of y.
    // CHECK: %[[XB:.*]] = llvm.ptrtoint %[[XP:.*]] : !llvm.ptr to i64
    // CHECK: %[[XE:.*]] = llvm.add %[[XB]], %[[XS:.*]] : i64
    // CHECK: %[[YB:.*]] = llvm.ptrtoint %[[YP:.*]] : !llvm.ptr to i64
    // CHECK: %[[YE:.*]] = llvm.add %[[YB]], %[[YS:.*]] : i64
    // They overlap (both not empty): each takes the hull and both copies.
    // CHECK: %[[B1:.*]] = llvm.icmp "ult" %[[XB]], %[[YE]] : i64
    // CHECK: %[[B2:.*]] = llvm.icmp "ult" %[[YB]], %[[XE]] : i64
    // CHECK: %[[BOTH:.*]] = llvm.and %[[B1]], %[[B2]] : i1
    // CHECK: %[[OVERLAP:.*]] = llvm.and %[[BOTH]], %{{.*}} : i1
    // CHECK: %[[FIRST:.*]] = llvm.icmp "ult" %[[XB]], %[[YB]] : i64
    // CHECK: %[[LO:.*]] = llvm.select %[[FIRST]], %[[XB]], %[[YB]] : i1, i64
    // CHECK: %[[LAST:.*]] = llvm.icmp "ult" %[[XE]], %[[YE]] : i64
    // CHECK: %[[HI:.*]] = llvm.select %[[LAST]], %[[YE]], %[[XE]] : i1, i64
    // CHECK: %[[XLO:.*]] = llvm.select %[[OVERLAP]], %[[LO]], %[[XB]] : i1, i64
    // CHECK: %[[YLO:.*]] = llvm.select %[[OVERLAP]], %[[LO]], %[[YB]] : i1, i64
    // CHECK: %[[XHI:.*]] = llvm.select %[[OVERLAP]], %[[HI]], %[[XE]] : i1, i64
    // CHECK: %[[YHI:.*]] = llvm.select %[[OVERLAP]], %[[HI]], %[[YE]] : i1, i64
    // CHECK: %[[XBEGIN:.*]] = llvm.inttoptr %[[XLO]] : i64 to !llvm.ptr
    // CHECK: %[[XSIZE:.*]] = llvm.sub %[[XHI]], %[[XLO]] : i64
    // CHECK: %[[YBEGIN:.*]] = llvm.inttoptr %[[YLO]] : i64 to !llvm.ptr
    // CHECK: %[[YSIZE:.*]] = llvm.sub %[[YHI]], %[[YLO]] : i64
    // Entry 0 (x): its own base, the hull's begin and size.
    // CHECK: llvm.store %[[XV:.*]], %{{.*}} : !llvm.ptr, !llvm.ptr
    // CHECK: llvm.store %[[XBEGIN]], %{{.*}} : !llvm.ptr, !llvm.ptr
    // CHECK: llvm.store %[[XSIZE]], %{{.*}} : i64, !llvm.ptr
    // CHECK: llvm.store %[[YBEGIN]], %{{.*}} : !llvm.ptr, !llvm.ptr
    // CHECK: llvm.store %[[YSIZE]], %{{.*}} : i64, !llvm.ptr
    // CHECK: llvm.call @__tgt_target_kernel
    offload.launch @add(%x, %y, %z) map(to: %x : memref<?xi32, strided<[1], offset: ?>>, to: %y : memref<?xi32, strided<[1], offset: ?>>, from: %z : memref<?xi32>) : (memref<?xi32, strided<[1], offset: ?>>, memref<?xi32, strided<[1], offset: ?>>, memref<?xi32>) -> ()
    memref.dealloc %z : memref<?xi32>
    memref.dealloc %buf : memref<?xi32>
    return
  }
}
