// The paths of the tiled transpose strategy (on the GPU; the host device
// runs the loops as they are): 32x32 tiles through shared memory, a whole
// tile without bounds checks, a tile on the upper edges with them, one tile
// per block under the default grid and blocks striding over the tiles
// under an explicit grid of fewer blocks.
//   - @tload reads `a` transposed, plus `c` along the loop's rows:
//     b[i, j] = 2 * a[j, i] + c[i, j];
//   - @tstore writes `b` transposed: b[j, i] = a[i, j] + 1.
// Each on a 70 x 45 loop (whole tiles and edge tiles) and a 96 x 64 one
// (whole tiles only), with the default grid and with 1 x 2 blocks. Every
// result is compared with the host's: printed are the elements that
// differ, 1 when none does, and a weighted sum of the result (i32).
// Built for the host device here (and for the GPU in Integration/GPU), run
// through the runtime, then with offloading disabled (the host copies).
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s

// CHECK: tload 70x45 default 0 1 -457072147
// CHECK-NEXT: tload 70x45 blocks 0 1 -457072147
// CHECK-NEXT: tstore 70x45 default 0 1 437966366
// CHECK-NEXT: tstore 70x45 blocks 0 1 437966366
// CHECK-NEXT: tload 96x64 default 0 1 -1448762880
// CHECK-NEXT: tload 96x64 blocks 0 1 -1448762880
// CHECK-NEXT: tstore 96x64 default 0 1 846297600
// CHECK-NEXT: tstore 96x64 blocks 0 1 846297600


module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%s %ldx%ld %s %ld %d %d\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_tload("tload\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_tstore("tstore\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_default("default\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @n_blocks("blocks\00") {addr_space = 0 : i32}

  // b (m x n) from a (n x m) and c (m x n).
  offload.kernel @tload(%a: memref<?x?xi32>, %c: memref<?x?xi32>, %b: memref<?x?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i32
    %m = memref.dim %b, %c0 : memref<?x?xi32>
    %n = memref.dim %b, %c1 : memref<?x?xi32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
      %v = memref.load %a[%j, %i] : memref<?x?xi32>
      %w = memref.load %c[%i, %j] : memref<?x?xi32>
      %d = arith.muli %v, %two : i32
      %s = arith.addi %d, %w : i32
      memref.store %s, %b[%i, %j] : memref<?x?xi32>
    }
    offload.return
  }

  // b (n x m) from a (m x n).
  offload.kernel @tstore(%a: memref<?x?xi32>, %b: memref<?x?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %m = memref.dim %a, %c0 : memref<?x?xi32>
    %n = memref.dim %a, %c1 : memref<?x?xi32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
      %v = memref.load %a[%i, %j] : memref<?x?xi32>
      %s = arith.addi %v, %one : i32
      memref.store %s, %b[%j, %i] : memref<?x?xi32>
    }
    offload.return
  }

  // x[i, j] = 1000 * i + j + k
  func.func @init(%x: memref<?x?xi32>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1000 = arith.constant 1000 : index
    %m = memref.dim %x, %c0 : memref<?x?xi32>
    %n = memref.dim %x, %c1 : memref<?x?xi32>
    scf.for %i = %c0 to %m step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %t = arith.muli %i, %c1000 : index
        %u = arith.addi %t, %j : index
        %u32 = arith.index_cast %u : index to i32
        %v = arith.addi %u32, %k : i32
        memref.store %v, %x[%i, %j] : memref<?x?xi32>
      }
    }
    return
  }

  // (elements of x that differ from y, sum of x[i, j] * (i + 3j + 1) as i32)
  func.func @compare(%x: memref<?x?xi32>, %y: memref<?x?xi32>) -> (i64, i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %z64 = arith.constant 0 : i64
    %z32 = arith.constant 0 : i32
    %one64 = arith.constant 1 : i64
    %m = memref.dim %x, %c0 : memref<?x?xi32>
    %n = memref.dim %x, %c1 : memref<?x?xi32>
    %r:2 = scf.for %i = %c0 to %m step %c1 iter_args(%bad = %z64, %sum = %z32) -> (i64, i32) {
      %q:2 = scf.for %j = %c0 to %n step %c1 iter_args(%b2 = %bad, %s2 = %sum) -> (i64, i32) {
        %v = memref.load %x[%i, %j] : memref<?x?xi32>
        %w = memref.load %y[%i, %j] : memref<?x?xi32>
        %ne = arith.cmpi ne, %v, %w : i32
        %inc = arith.addi %b2, %one64 : i64
        %b3 = arith.select %ne, %inc, %b2 : i64
        %j3 = arith.muli %j, %c3 : index
        %k = arith.addi %i, %j3 : index
        %k1 = arith.addi %k, %c1 : index
        %k32 = arith.index_cast %k1 : index to i32
        %p = arith.muli %v, %k32 : i32
        %s3 = arith.addi %s2, %p : i32
        scf.yield %b3, %s3 : i64, i32
      }
      scf.yield %q#0, %q#1 : i64, i32
    }
    return %r#0, %r#1 : i64, i32
  }

  func.func @print(%name: !llvm.ptr, %m: index, %n: index, %grid: !llvm.ptr, %bad: i64, %sum: i32) {
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %z = arith.constant 0 : i64
    %ok = arith.cmpi eq, %bad, %z : i64
    %ok32 = arith.extui %ok : i1 to i32
    %p = llvm.call @printf(%fmt, %name, %m64, %n64, %grid, %bad, %ok32, %sum) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i64, i64, !llvm.ptr, i64, i32, i32) -> i32
    return
  }

  // Both kernels on an m x n loop, with the default grid and 1 x 2 blocks.
  func.func @run(%m: index, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0 : i32
    %k = arith.constant 7 : i32
    %two = arith.constant 2 : i32
    %one = arith.constant 1 : i32
    %nload = llvm.mlir.addressof @n_tload : !llvm.ptr
    %nstore = llvm.mlir.addressof @n_tstore : !llvm.ptr
    %ndef = llvm.mlir.addressof @n_default : !llvm.ptr
    %nblk = llvm.mlir.addressof @n_blocks : !llvm.ptr
    // tload: a is n x m, c and b are m x n.
    %a = memref.alloc(%n, %m) : memref<?x?xi32>
    %c = memref.alloc(%m, %n) : memref<?x?xi32>
    %b1 = memref.alloc(%m, %n) : memref<?x?xi32>
    %b2 = memref.alloc(%m, %n) : memref<?x?xi32>
    %want = memref.alloc(%m, %n) : memref<?x?xi32>
    func.call @init(%a, %zero) : (memref<?x?xi32>, i32) -> ()
    func.call @init(%c, %k) : (memref<?x?xi32>, i32) -> ()
    func.call @init(%b1, %zero) : (memref<?x?xi32>, i32) -> ()
    func.call @init(%b2, %zero) : (memref<?x?xi32>, i32) -> ()
    scf.for %i = %c0 to %m step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %v = memref.load %a[%j, %i] : memref<?x?xi32>
        %w = memref.load %c[%i, %j] : memref<?x?xi32>
        %d = arith.muli %v, %two : i32
        %s = arith.addi %d, %w : i32
        memref.store %s, %want[%i, %j] : memref<?x?xi32>
      }
    }
    offload.launch @tload(%a, %c, %b1) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
    offload.launch @tload(%a, %c, %b2) blocks(%c1, %c2) threads(%c32, %c8) : (memref<?x?xi32>, memref<?x?xi32>, memref<?x?xi32>) -> ()
    %r1:2 = func.call @compare(%b1, %want) : (memref<?x?xi32>, memref<?x?xi32>) -> (i64, i32)
    func.call @print(%nload, %m, %n, %ndef, %r1#0, %r1#1) : (!llvm.ptr, index, index, !llvm.ptr, i64, i32) -> ()
    %r2:2 = func.call @compare(%b2, %want) : (memref<?x?xi32>, memref<?x?xi32>) -> (i64, i32)
    func.call @print(%nload, %m, %n, %nblk, %r2#0, %r2#1) : (!llvm.ptr, index, index, !llvm.ptr, i64, i32) -> ()
    // tstore: a is m x n, b is n x m.
    %s1 = memref.alloc(%n, %m) : memref<?x?xi32>
    %s2 = memref.alloc(%n, %m) : memref<?x?xi32>
    %swant = memref.alloc(%n, %m) : memref<?x?xi32>
    func.call @init(%s1, %zero) : (memref<?x?xi32>, i32) -> ()
    func.call @init(%s2, %zero) : (memref<?x?xi32>, i32) -> ()
    scf.for %i = %c0 to %m step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %v = memref.load %c[%i, %j] : memref<?x?xi32>
        %s = arith.addi %v, %one : i32
        memref.store %s, %swant[%j, %i] : memref<?x?xi32>
      }
    }
    offload.launch @tstore(%c, %s1) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
    offload.launch @tstore(%c, %s2) blocks(%c1, %c2) threads(%c32, %c8) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
    %r3:2 = func.call @compare(%s1, %swant) : (memref<?x?xi32>, memref<?x?xi32>) -> (i64, i32)
    func.call @print(%nstore, %m, %n, %ndef, %r3#0, %r3#1) : (!llvm.ptr, index, index, !llvm.ptr, i64, i32) -> ()
    %r4:2 = func.call @compare(%s2, %swant) : (memref<?x?xi32>, memref<?x?xi32>) -> (i64, i32)
    func.call @print(%nstore, %m, %n, %nblk, %r4#0, %r4#1) : (!llvm.ptr, index, index, !llvm.ptr, i64, i32) -> ()
    return
  }

  func.func @main() -> i32 {
    %c45 = arith.constant 45 : index
    %c64 = arith.constant 64 : index
    %c70 = arith.constant 70 : index
    %c96 = arith.constant 96 : index
    func.call @run(%c70, %c45) : (index, index) -> ()
    func.call @run(%c96, %c64) : (index, index) -> ()
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
