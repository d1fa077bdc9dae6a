// Launches given overlapping views of one buffer (z = x + y over buf[0:60]
// and buf[20:80]): libomptarget refuses to map a range that partly
// overlaps one it mapped ("explicit extension not allowed"), and the
// program stopped. Each such entry now maps the hull of those it overlaps
// (overlap_views.test).
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @add(%x: memref<?xi32, strided<[1], offset: ?>>, %y: memref<?xi32, strided<[1], offset: ?>>, %z: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %z, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %a = memref.load %x[%i] : memref<?xi32, strided<[1], offset: ?>>
      %b = memref.load %y[%i] : memref<?xi32, strided<[1], offset: ?>>
      %s = arith.addi %a, %b : i32
      %o = memref.load %z[%i] : memref<?xi32>
      %t = arith.addi %s, %o : i32
      memref.store %t, %z[%i] : memref<?xi32>
    }
    offload.return
  }
  // Three views, the first and second overlapping, the second and third,
  // not the first and third.
  offload.kernel @add3(%x: memref<?xi32, strided<[1], offset: ?>>, %y: memref<?xi32, strided<[1], offset: ?>>, %v: memref<?xi32, strided<[1], offset: ?>>, %z: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %z, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %a = memref.load %x[%i] : memref<?xi32, strided<[1], offset: ?>>
      %b = memref.load %y[%i] : memref<?xi32, strided<[1], offset: ?>>
      %c = memref.load %v[%i] : memref<?xi32, strided<[1], offset: ?>>
      %s = arith.addi %a, %b : i32
      %t = arith.addi %s, %c : i32
      memref.store %t, %z[%i] : memref<?xi32>
    }
    offload.return
  }
  // A helper whose arguments the compiler cannot tell apart.
  func.func @add_args(%x: memref<?xi32, strided<[1], offset: ?>>, %y: memref<?xi32, strided<[1], offset: ?>>, %z: memref<?xi32>) {
    offload.launch @add(%x, %y, %z) : (memref<?xi32, strided<[1], offset: ?>>, memref<?xi32, strided<[1], offset: ?>>, memref<?xi32>) -> ()
    return
  }
  // d = x[1:] - x[:-1] on the rows of a matrix, as linalg (x[i][j] = i * i).
  func.func @diff(%x: memref<6x4xf32>, %d: memref<5x4xf32>) {
    %x5 = memref.subview %x[0, 0] [5, 4] [1, 1] : memref<6x4xf32> to memref<5x4xf32, strided<[4, 1]>>
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i + 1, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                    iterator_types = ["parallel", "parallel"]}
      ins(%x, %x5 : memref<6x4xf32>, memref<5x4xf32, strided<[4, 1]>>) outs(%d : memref<5x4xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %r = arith.subf %a, %b : f32
      linalg.yield %r : f32
    }
    return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%s: z[0] = %d, z[last] = %d, sum %d\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmtd("diff: sum %.1f, d[2][0] = %.1f, d[4][3] = %.1f\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n1("once\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n2("loop of 5\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n3("over devices 0 and 1, 5 times\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n4("helper, 3 calls\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n5("three views in a chain\00") {addr_space = 0 : i32}
  func.func @report(%name: !llvm.ptr, %z: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %n = memref.dim %z, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    %a = memref.load %z[%c0] : memref<?xi32>
    %b = memref.load %z[%last] : memref<?xi32>
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i32 {
      %v = memref.load %z[%i] : memref<?xi32>
      %t = arith.addi %acc, %v : i32
      scf.yield %t : i32
    }
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    %r = llvm.call @printf(%f, %name, %a, %b, %sum) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i32, i32, i32) -> i32
    %c0i = arith.constant 0 : i32
    scf.for %i = %c0 to %n step %c1 {
      memref.store %c0i, %z[%i] : memref<?xi32>
    }
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c20 = arith.constant 20 : index
    %c30 = arith.constant 30 : index
    %c40 = arith.constant 40 : index
    %c60 = arith.constant 60 : index
    %c100 = arith.constant 100 : index
    %d0 = arith.constant 0 : i32
    %d1 = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %buf = memref.alloc(%c100) : memref<?xi32>
    scf.for %i = %c0 to %c100 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %buf[%i] : memref<?xi32>
    }
    %z = memref.alloc(%c60) : memref<?xi32>
    scf.for %i = %c0 to %c60 step %c1 {
      memref.store %zero, %z[%i] : memref<?xi32>
    }
    %x = memref.subview %buf[%c0] [%c60] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
    %y = memref.subview %buf[%c20] [%c60] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
    offload.launch @add(%x, %y, %z) : (memref<?xi32, strided<[1], offset: ?>>, memref<?xi32, strided<[1], offset: ?>>, memref<?xi32>) -> ()
    %n1 = llvm.mlir.addressof @n1 : !llvm.ptr
    func.call @report(%n1, %z) : (!llvm.ptr, memref<?xi32>) -> ()
    scf.for %s = %c0 to %c5 step %c1 {
      offload.launch @add(%x, %y, %z) : (memref<?xi32, strided<[1], offset: ?>>, memref<?xi32, strided<[1], offset: ?>>, memref<?xi32>) -> ()
    }
    %n2 = llvm.mlir.addressof @n2 : !llvm.ptr
    func.call @report(%n2, %z) : (!llvm.ptr, memref<?xi32>) -> ()
    scf.for %s = %c0 to %c5 step %c1 {
      offload.launch @add(%x, %y, %z) devices(%d0, %d1 : i32, i32) : (memref<?xi32, strided<[1], offset: ?>>, memref<?xi32, strided<[1], offset: ?>>, memref<?xi32>) -> ()
    }
    %n3 = llvm.mlir.addressof @n3 : !llvm.ptr
    func.call @report(%n3, %z) : (!llvm.ptr, memref<?xi32>) -> ()
    scf.for %s = %c0 to %c3 step %c1 {
      func.call @add_args(%x, %y, %z) : (memref<?xi32, strided<[1], offset: ?>>, memref<?xi32, strided<[1], offset: ?>>, memref<?xi32>) -> ()
    }
    %n4 = llvm.mlir.addressof @n4 : !llvm.ptr
    func.call @report(%n4, %z) : (!llvm.ptr, memref<?xi32>) -> ()
    %zc = memref.alloc(%c40) : memref<?xi32>
    %v0 = memref.subview %buf[%c0] [%c40] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
    %v1 = memref.subview %buf[%c30] [%c40] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
    %v2 = memref.subview %buf[%c60] [%c40] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
    offload.launch @add3(%v0, %v1, %v2, %zc) : (memref<?xi32, strided<[1], offset: ?>>, memref<?xi32, strided<[1], offset: ?>>, memref<?xi32, strided<[1], offset: ?>>, memref<?xi32>) -> ()
    %n5 = llvm.mlir.addressof @n5 : !llvm.ptr
    func.call @report(%n5, %zc) : (!llvm.ptr, memref<?xi32>) -> ()

    %m = memref.alloc() : memref<6x4xf32>
    %d = memref.alloc() : memref<5x4xf32>
    scf.for %i = %c0 to %c6 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %sq = arith.muli %i, %i : index
        %si = arith.index_cast %sq : index to i32
        %f = arith.sitofp %si : i32 to f32
        memref.store %f, %m[%i, %j] : memref<6x4xf32>
      }
    }
    func.call @diff(%m, %d) : (memref<6x4xf32>, memref<5x4xf32>) -> ()
    %fz = arith.constant 0.0 : f32
    %dsum = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %fz) -> f32 {
      %row = scf.for %j = %c0 to %c4 step %c1 iter_args(%a = %acc) -> f32 {
        %v = memref.load %d[%i, %j] : memref<5x4xf32>
        %t = arith.addf %a, %v : f32
        scf.yield %t : f32
      }
      scf.yield %row : f32
    }
    %c2 = arith.constant 2 : index
    %e1 = memref.load %d[%c2, %c0] : memref<5x4xf32>
    %e2 = memref.load %d[%c4, %c3] : memref<5x4xf32>
    %s64 = arith.extf %dsum : f32 to f64
    %e164 = arith.extf %e1 : f32 to f64
    %e264 = arith.extf %e2 : f32 to f64
    %fd = llvm.mlir.addressof @fmtd : !llvm.ptr
    %r = llvm.call @printf(%fd, %s64, %e164, %e264) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64, f64, f64) -> i32
    memref.dealloc %buf : memref<?xi32>
    memref.dealloc %z : memref<?xi32>
    memref.dealloc %zc : memref<?xi32>
    memref.dealloc %m : memref<6x4xf32>
    memref.dealloc %d : memref<5x4xf32>
    return %zero : i32
  }
}
