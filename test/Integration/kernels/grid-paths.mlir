// The ways a kernel's parallel loop is spread over the GPU grid, each with
// the default grid (computed on the host) and with an explicit one that has
// fewer threads than the loop has iterations:
//   - @fill2, a 2-D loop with a lower bound and a step: one iteration per
//     thread when the grid covers the loop, a grid-stride loop otherwise;
//   - @rows, a loop over rows holding parallel loops over columns with sum
//     and max reductions (initial values that are not neutral): rows on
//     blocks, columns on the block's threads (7 of them in the explicit
//     grid: a partial warp), gpu.all_reduce per row.
// Built for the host device here (and for the GPU in Integration/GPU), run
// through the runtime, then with offloading disabled (the host copies).
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s

// fill2 over rows 1..36 and even columns 0..48 of a 37x50 array of -1:
// 900 elements set to 1000*i + j (sum 16671600), 950 left at -1.
// rows over a 10x50 array with x[i,j] = i + j: s = 5 + 50i + 1225,
// m = i + 49, out[i,j] = 100*s + m + j, summed over the array.
// CHECK: fill2 16670650 16670650; rows 72789000 72789000

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("fill2 %ld %ld; rows %ld %ld\0A\00") {addr_space = 0 : i32}

  offload.kernel @fill2(%out: memref<?x?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c1000 = arith.constant 1000 : index
    %m = memref.dim %out, %c0 : memref<?x?xi32>
    %n = memref.dim %out, %c1 : memref<?x?xi32>
    %n1 = arith.subi %n, %c1 : index
    scf.parallel (%i, %j) = (%c1, %c0) to (%m, %n1) step (%c1, %c2) {
      %a = arith.muli %i, %c1000 : index
      %v = arith.addi %a, %j : index
      %w = arith.index_cast %v : index to i32
      memref.store %w, %out[%i, %j] : memref<?x?xi32>
    }
    offload.return
  }

  offload.kernel @rows(%x: memref<?x?xi32>, %out: memref<?x?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %five = arith.constant 5 : i32
    %zero = arith.constant 0 : i32
    %hundred = arith.constant 100 : i32
    %r = memref.dim %x, %c0 : memref<?x?xi32>
    %c = memref.dim %x, %c1 : memref<?x?xi32>
    scf.parallel (%i) = (%c0) to (%r) step (%c1) {
      %s = scf.parallel (%j) = (%c0) to (%c) step (%c1) init (%five) -> i32 {
        %v = memref.load %x[%i, %j] : memref<?x?xi32>
        scf.reduce(%v : i32) {
        ^bb0(%l: i32, %rr: i32):
          %t = arith.addi %l, %rr : i32
          scf.reduce.return %t : i32
        }
      }
      %m = scf.parallel (%j) = (%c0) to (%c) step (%c1) init (%zero) -> i32 {
        %v = memref.load %x[%i, %j] : memref<?x?xi32>
        scf.reduce(%v : i32) {
        ^bb0(%l: i32, %rr: i32):
          %t = arith.maxsi %l, %rr : i32
          scf.reduce.return %t : i32
        }
      }
      %s100 = arith.muli %s, %hundred : i32
      %base = arith.addi %s100, %m : i32
      scf.parallel (%j) = (%c0) to (%c) step (%c1) {
        %j32 = arith.index_cast %j : index to i32
        %v = arith.addi %base, %j32 : i32
        memref.store %v, %out[%i, %j] : memref<?x?xi32>
      }
    }
    offload.return
  }

  func.func @sum(%a: memref<?x?xi32>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.dim %a, %c0 : memref<?x?xi32>
    %n = memref.dim %a, %c1 : memref<?x?xi32>
    %z = arith.constant 0 : i64
    %s = scf.for %i = %c0 to %m step %c1 iter_args(%acc = %z) -> i64 {
      %t = scf.for %j = %c0 to %n step %c1 iter_args(%acc2 = %acc) -> i64 {
        %v = memref.load %a[%i, %j] : memref<?x?xi32>
        %v64 = arith.extsi %v : i32 to i64
        %r = arith.addi %acc2, %v64 : i64
        scf.yield %r : i64
      }
      scf.yield %t : i64
    }
    return %s : i64
  }

  // a[i, j] = k < 0 ? k : i + j
  func.func @init(%a: memref<?x?xi32>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i32
    %neg = arith.cmpi slt, %k, %z : i32
    %m = memref.dim %a, %c0 : memref<?x?xi32>
    %n = memref.dim %a, %c1 : memref<?x?xi32>
    scf.for %i = %c0 to %m step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %s = arith.addi %i, %j : index
        %s32 = arith.index_cast %s : index to i32
        %v = arith.select %neg, %k, %s32 : i32
        memref.store %v, %a[%i, %j] : memref<?x?xi32>
      }
    }
    return
  }

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c7 = arith.constant 7 : index
    %c10 = arith.constant 10 : index
    %c37 = arith.constant 37 : index
    %c50 = arith.constant 50 : index
    %minus1 = arith.constant -1 : i32
    %zero = arith.constant 0 : i32
    %a = memref.alloc(%c37, %c50) : memref<?x?xi32>
    %b = memref.alloc(%c37, %c50) : memref<?x?xi32>
    func.call @init(%a, %minus1) : (memref<?x?xi32>, i32) -> ()
    func.call @init(%b, %minus1) : (memref<?x?xi32>, i32) -> ()
    offload.launch @fill2(%a) : (memref<?x?xi32>) -> ()
    // 2 x 1 blocks of 4 x 2 threads for 25 x 36 iterations.
    offload.launch @fill2(%b) blocks(%c2, %c1) threads(%c4, %c2) : (memref<?x?xi32>) -> ()
    %x = memref.alloc(%c10, %c50) : memref<?x?xi32>
    %o1 = memref.alloc(%c10, %c50) : memref<?x?xi32>
    %o2 = memref.alloc(%c10, %c50) : memref<?x?xi32>
    func.call @init(%x, %zero) : (memref<?x?xi32>, i32) -> ()
    offload.launch @rows(%x, %o1) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
    // 3 blocks of 7 threads for 10 rows of 50 columns.
    offload.launch @rows(%x, %o2) blocks(%c3) threads(%c7) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
    %sa = func.call @sum(%a) : (memref<?x?xi32>) -> i64
    %sb = func.call @sum(%b) : (memref<?x?xi32>) -> i64
    %s1 = func.call @sum(%o1) : (memref<?x?xi32>) -> i64
    %s2 = func.call @sum(%o2) : (memref<?x?xi32>) -> i64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %p = llvm.call @printf(%fmt, %sa, %sb, %s1, %s2) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64) -> i32
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
