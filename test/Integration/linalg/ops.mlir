// Every kind of linalg op inside kernels, with sizes that are multiples of
// no tile: lowered by offload-lower-linalg, fused and split by
// offload-split-kernels, run through the runtime on the host device, then
// with offloading disabled (the host copies). Inputs are small integers in
// f32, so every result is exact; each output is printed as a weighted
// checksum (Inputs/linalg_ops_expected.py computes the same with numpy).
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-targets=host -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: offload-cc %s --offload-targets=host --offload-check -o %t.check
// RUN: %t.check | FileCheck %s
// RUN: offload-cc %s --offload-targets=host --offload-remarks --emit=mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// CHECK: layer 53883.0
// CHECK-NEXT: bmm -301.0
// CHECK-NEXT: matvec 2615.0
// CHECK-NEXT: transpose -4918.0
// CHECK-NEXT: transpose2 -4918.0
// CHECK-NEXT: broadcast -3987.0
// CHECK-NEXT: rowsum -2090.0
// CHECK-NEXT: dot 171.0
// CHECK-NEXT: map -23428.0
// CHECK-NEXT: conv 940.0
// CHECK-NEXT: copy -4918.0
// CHECK-NEXT: twoloops 2100.0

// The matmul of @layer is kept whole (tiled contraction), its elementwise
// op runs in its epilogue: one launch.
// REMARK-DAG: remark: 'linalg.matmul' kept whole for the tiled contraction strategy
// REMARK-DAG: remark: 'linalg.generic' kept whole as the epilogue of the contraction before it
// REMARK-NOT: remark: launch of @layer split
// REMARK-DAG: remark: launch of @twoloops split into 2 launches

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%s %.1f\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_layer("layer\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_bmm("bmm\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_matvec("matvec\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_transpose("transpose\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_broadcast("broadcast\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_transpose2("transpose2\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_rowsum("rowsum\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_dot("dot\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_map("map\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_conv("conv\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_copy("copy\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_twoloops("twoloops\00") {addr_space = 0 : i32}

  // C = relu(A * B + bias[j]): fill, matmul, elementwise epilogue.
  offload.kernel @layer(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %bias: memref<?xf32>, %c: memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    linalg.generic {indexing_maps = [#col, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%bias : memref<?xf32>) outs(%c : memref<?x?xf32>) {
    ^bb0(%bv: f32, %cv: f32):
      %s = arith.addf %cv, %bv : f32
      %r = arith.maximumf %s, %zero : f32
      linalg.yield %r : f32
    }
    offload.return
  }

  offload.kernel @bmm(%a: memref<2x5x7xf32>, %b: memref<2x7x3xf32>, %c: memref<2x5x3xf32>) {
    linalg.batch_matmul ins(%a, %b : memref<2x5x7xf32>, memref<2x7x3xf32>) outs(%c : memref<2x5x3xf32>)
    offload.return
  }

  offload.kernel @matvec(%a: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>) {
    linalg.matvec ins(%a, %x : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>)
    offload.return
  }

  offload.kernel @transpose(%a: memref<?x?xf32>, %t: memref<?x?xf32>) {
    linalg.transpose ins(%a : memref<?x?xf32>) outs(%t : memref<?x?xf32>) permutation = [1, 0]
    offload.return
  }

  // The transpose written with the store transposed.
  offload.kernel @transpose2(%a: memref<?x?xf32>, %t: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.dim %a, %c0 : memref<?x?xf32>
    %n = memref.dim %a, %c1 : memref<?x?xf32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
      %v = memref.load %a[%i, %j] : memref<?x?xf32>
      memref.store %v, %t[%j, %i] : memref<?x?xf32>
    }
    offload.return
  }

  offload.kernel @broadcast(%v: memref<?xf32>, %o: memref<?x?xf32>) {
    linalg.broadcast ins(%v : memref<?xf32>) outs(%o : memref<?x?xf32>) dimensions = [0]
    offload.return
  }

  offload.kernel @rowsum(%a: memref<?x?xf32>, %s: memref<?xf32>) {
    linalg.reduce ins(%a : memref<?x?xf32>) outs(%s : memref<?xf32>) dimensions = [1]
      (%in: f32, %acc: f32) {
        %r = arith.addf %in, %acc : f32
        linalg.yield %r : f32
      }
    offload.return
  }

  offload.kernel @dot(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<f32>) {
    linalg.dot ins(%x, %y : memref<?xf32>, memref<?xf32>) outs(%out : memref<f32>)
    offload.return
  }

  offload.kernel @map(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %o: memref<?x?xf32>) {
    linalg.map { arith.mulf } ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%o : memref<?x?xf32>)
    offload.return
  }

  offload.kernel @conv(%in: memref<2x8x7x3xf32>, %f: memref<3x3x3x4xf32>, %out: memref<2x6x5x4xf32>) {
    linalg.conv_2d_nhwc_hwcf ins(%in, %f : memref<2x8x7x3xf32>, memref<3x3x3x4xf32>) outs(%out : memref<2x6x5x4xf32>)
    offload.return
  }

  offload.kernel @copy(%a: memref<?x?xf32>, %o: memref<?x?xf32>) {
    linalg.copy ins(%a : memref<?x?xf32>) outs(%o : memref<?x?xf32>)
    offload.return
  }

  // Two loops that cannot fuse (the second reads t in reverse): two
  // kernels, launched one after the other.
  offload.kernel @twoloops(%x: memref<?xf32>, %t: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2.0 : f32
    %n = memref.dim %x, %c0 : memref<?xf32>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32>
      %d = arith.mulf %v, %two : f32
      memref.store %d, %t[%i] : memref<?xf32>
    }
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %j = arith.subi %last, %i : index
      %v = memref.load %t[%j] : memref<?xf32>
      %w = arith.addf %v, %two : f32
      memref.store %w, %y[%i] : memref<?xf32>
    }
    offload.return
  }

  // a[l] = ((7 * l + off) mod m) - h, over the elements in row-major order.
  func.func @init(%a: memref<?xf32>, %off: index, %m: index, %h: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %n = memref.dim %a, %c0 : memref<?xf32>
    scf.for %l = %c0 to %n step %c1 {
      %s = arith.muli %l, %c7 : index
      %t = arith.addi %s, %off : index
      %r = arith.remui %t, %m : index
      %v = arith.subi %r, %h : index
      %i = arith.index_cast %v : index to i64
      %f = arith.sitofp %i : i64 to f32
      memref.store %f, %a[%l] : memref<?xf32>
    }
    return
  }

  // sum over l of a[l] * ((l mod 13) + 1)
  func.func @checksum(%a: memref<?xf32>) -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c13 = arith.constant 13 : index
    %z = arith.constant 0.0 : f64
    %n = memref.dim %a, %c0 : memref<?xf32>
    %s = scf.for %l = %c0 to %n step %c1 iter_args(%acc = %z) -> f64 {
      %v = memref.load %a[%l] : memref<?xf32>
      %v64 = arith.extf %v : f32 to f64
      %r = arith.remui %l, %c13 : index
      %w = arith.addi %r, %c1 : index
      %wi = arith.index_cast %w : index to i64
      %wf = arith.sitofp %wi : i64 to f64
      %p = arith.mulf %v64, %wf : f64
      %n2 = arith.addf %acc, %p : f64
      scf.yield %n2 : f64
    }
    return %s : f64
  }

  func.func @print(%name: !llvm.ptr, %a: memref<?xf32>) {
    %s = func.call @checksum(%a) : (memref<?xf32>) -> f64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %p = llvm.call @printf(%fmt, %name, %s) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, f64) -> i32
    return
  }

  func.func @flat(%a: memref<?x?xf32>) -> memref<?xf32> {
    %f = memref.collapse_shape %a [[0, 1]] : memref<?x?xf32> into memref<?xf32>
    return %f : memref<?xf32>
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c9 = arith.constant 9 : index
    %c10 = arith.constant 10 : index
    %c11 = arith.constant 11 : index
    %c19 = arith.constant 19 : index
    %c23 = arith.constant 23 : index
    %c37 = arith.constant 37 : index

    // layer: A 37x19, B 19x23, bias 23, C 37x23
    %a = memref.alloc(%c37, %c19) : memref<?x?xf32>
    %b = memref.alloc(%c19, %c23) : memref<?x?xf32>
    %bias = memref.alloc(%c23) : memref<?xf32>
    %c = memref.alloc(%c37, %c23) : memref<?x?xf32>
    %af = func.call @flat(%a) : (memref<?x?xf32>) -> memref<?xf32>
    %bf = func.call @flat(%b) : (memref<?x?xf32>) -> memref<?xf32>
    %cf = func.call @flat(%c) : (memref<?x?xf32>) -> memref<?xf32>
    func.call @init(%af, %c1, %c9, %c5) : (memref<?xf32>, index, index, index) -> ()
    func.call @init(%bf, %c2, %c11, %c5) : (memref<?xf32>, index, index, index) -> ()
    func.call @init(%bias, %c3, %c10, %c5) : (memref<?xf32>, index, index, index) -> ()
    func.call @init(%cf, %c5, %c9, %c0) : (memref<?xf32>, index, index, index) -> ()
    offload.launch @layer(%a, %b, %bias, %c) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xf32>, memref<?x?xf32>) -> ()
    %n_layer = llvm.mlir.addressof @n_layer : !llvm.ptr
    func.call @print(%n_layer, %cf) : (!llvm.ptr, memref<?xf32>) -> ()

    // bmm
    %ba = memref.alloc() : memref<2x5x7xf32>
    %bb = memref.alloc() : memref<2x7x3xf32>
    %bc = memref.alloc() : memref<2x5x3xf32>
    %baf0 = memref.collapse_shape %ba [[0, 1, 2]] : memref<2x5x7xf32> into memref<70xf32>
    %bbf0 = memref.collapse_shape %bb [[0, 1, 2]] : memref<2x7x3xf32> into memref<42xf32>
    %bcf0 = memref.collapse_shape %bc [[0, 1, 2]] : memref<2x5x3xf32> into memref<30xf32>
    %baf = memref.cast %baf0 : memref<70xf32> to memref<?xf32>
    %bbf = memref.cast %bbf0 : memref<42xf32> to memref<?xf32>
    %bcf = memref.cast %bcf0 : memref<30xf32> to memref<?xf32>
    func.call @init(%baf, %c1, %c9, %c5) : (memref<?xf32>, index, index, index) -> ()
    func.call @init(%bbf, %c2, %c11, %c5) : (memref<?xf32>, index, index, index) -> ()
    func.call @init(%bcf, %c3, %c5, %c2) : (memref<?xf32>, index, index, index) -> ()
    offload.launch @bmm(%ba, %bb, %bc) : (memref<2x5x7xf32>, memref<2x7x3xf32>, memref<2x5x3xf32>) -> ()
    %n_bmm = llvm.mlir.addressof @n_bmm : !llvm.ptr
    func.call @print(%n_bmm, %bcf) : (!llvm.ptr, memref<?xf32>) -> ()

    // matvec: A 37x19 (a), x 19, y 37
    %x = memref.alloc(%c19) : memref<?xf32>
    %y = memref.alloc(%c37) : memref<?xf32>
    func.call @init(%x, %c3, %c10, %c5) : (memref<?xf32>, index, index, index) -> ()
    func.call @init(%y, %c1, %c5, %c2) : (memref<?xf32>, index, index, index) -> ()
    offload.launch @matvec(%a, %x, %y) : (memref<?x?xf32>, memref<?xf32>, memref<?xf32>) -> ()
    %n_matvec = llvm.mlir.addressof @n_matvec : !llvm.ptr
    func.call @print(%n_matvec, %y) : (!llvm.ptr, memref<?xf32>) -> ()

    // transpose of a (37x19) into 19x37
    %t = memref.alloc(%c19, %c37) : memref<?x?xf32>
    offload.launch @transpose(%a, %t) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    %tf = func.call @flat(%t) : (memref<?x?xf32>) -> memref<?xf32>
    %n_transpose = llvm.mlir.addressof @n_transpose : !llvm.ptr
    func.call @print(%n_transpose, %tf) : (!llvm.ptr, memref<?xf32>) -> ()

    %t2 = memref.alloc(%c19, %c37) : memref<?x?xf32>
    offload.launch @transpose2(%a, %t2) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    %t2f = func.call @flat(%t2) : (memref<?x?xf32>) -> memref<?xf32>
    %n_transpose2 = llvm.mlir.addressof @n_transpose2 : !llvm.ptr
    func.call @print(%n_transpose2, %t2f) : (!llvm.ptr, memref<?xf32>) -> ()

    // broadcast of bias (23) over 37 rows
    %bo = memref.alloc(%c37, %c23) : memref<?x?xf32>
    offload.launch @broadcast(%bias, %bo) : (memref<?xf32>, memref<?x?xf32>) -> ()
    %bof = func.call @flat(%bo) : (memref<?x?xf32>) -> memref<?xf32>
    %n_broadcast = llvm.mlir.addressof @n_broadcast : !llvm.ptr
    func.call @print(%n_broadcast, %bof) : (!llvm.ptr, memref<?xf32>) -> ()

    // rowsum of a into y (37), accumulating onto y's current values
    offload.launch @rowsum(%a, %y) : (memref<?x?xf32>, memref<?xf32>) -> ()
    %n_rowsum = llvm.mlir.addressof @n_rowsum : !llvm.ptr
    func.call @print(%n_rowsum, %y) : (!llvm.ptr, memref<?xf32>) -> ()

    // dot of x with bias' first 19... of x with itself
    %d = memref.alloc() : memref<f32>
    %d1 = memref.expand_shape %d [] output_shape [1] : memref<f32> into memref<1xf32>
    %d1d = memref.cast %d1 : memref<1xf32> to memref<?xf32>
    func.call @init(%d1d, %c2, %c5, %c0) : (memref<?xf32>, index, index, index) -> ()
    offload.launch @dot(%x, %x, %d) : (memref<?xf32>, memref<?xf32>, memref<f32>) -> ()
    %n_dot = llvm.mlir.addressof @n_dot : !llvm.ptr
    func.call @print(%n_dot, %d1d) : (!llvm.ptr, memref<?xf32>) -> ()

    // map: c (37x23) * bo (37x23)
    %mo = memref.alloc(%c37, %c23) : memref<?x?xf32>
    offload.launch @map(%c, %bo, %mo) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    %mof = func.call @flat(%mo) : (memref<?x?xf32>) -> memref<?xf32>
    %n_map = llvm.mlir.addressof @n_map : !llvm.ptr
    func.call @print(%n_map, %mof) : (!llvm.ptr, memref<?xf32>) -> ()

    // conv
    %ci = memref.alloc() : memref<2x8x7x3xf32>
    %cw = memref.alloc() : memref<3x3x3x4xf32>
    %co = memref.alloc() : memref<2x6x5x4xf32>
    %cif0 = memref.collapse_shape %ci [[0, 1, 2, 3]] : memref<2x8x7x3xf32> into memref<336xf32>
    %cwf0 = memref.collapse_shape %cw [[0, 1, 2, 3]] : memref<3x3x3x4xf32> into memref<108xf32>
    %cof0 = memref.collapse_shape %co [[0, 1, 2, 3]] : memref<2x6x5x4xf32> into memref<240xf32>
    %cif = memref.cast %cif0 : memref<336xf32> to memref<?xf32>
    %cwf = memref.cast %cwf0 : memref<108xf32> to memref<?xf32>
    %cof = memref.cast %cof0 : memref<240xf32> to memref<?xf32>
    func.call @init(%cif, %c1, %c5, %c2) : (memref<?xf32>, index, index, index) -> ()
    func.call @init(%cwf, %c2, %c3, %c1) : (memref<?xf32>, index, index, index) -> ()
    func.call @init(%cof, %c0, %c2, %c0) : (memref<?xf32>, index, index, index) -> ()
    offload.launch @conv(%ci, %cw, %co) : (memref<2x8x7x3xf32>, memref<3x3x3x4xf32>, memref<2x6x5x4xf32>) -> ()
    %n_conv = llvm.mlir.addressof @n_conv : !llvm.ptr
    func.call @print(%n_conv, %cof) : (!llvm.ptr, memref<?xf32>) -> ()

    // copy of a into a new 37x19 buffer
    %cp = memref.alloc(%c37, %c19) : memref<?x?xf32>
    offload.launch @copy(%a, %cp) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    %cpf = func.call @flat(%cp) : (memref<?x?xf32>) -> memref<?xf32>
    %n_copy = llvm.mlir.addressof @n_copy : !llvm.ptr
    func.call @print(%n_copy, %cpf) : (!llvm.ptr, memref<?xf32>) -> ()

    // two loops over 37 elements
    %tx = memref.alloc(%c37) : memref<?xf32>
    %tt = memref.alloc(%c37) : memref<?xf32>
    %ty = memref.alloc(%c37) : memref<?xf32>
    func.call @init(%tx, %c2, %c9, %c1) : (memref<?xf32>, index, index, index) -> ()
    offload.launch @twoloops(%tx, %tt, %ty) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
    %n_twoloops = llvm.mlir.addressof @n_twoloops : !llvm.ptr
    func.call @print(%n_twoloops, %ty) : (!llvm.ptr, memref<?xf32>) -> ()
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
