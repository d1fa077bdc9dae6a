// Matrix products split by rows over the host plugin's four devices: the
// loop nest of @matmul is raised to linalg.fill and linalg.matmul (kept
// whole for the tiled strategy), and each device computes the rows
// [lo, hi) of C from the same rows of A and all of B. Three iterations of
// C = A B, D = C E (A 37 x 19, B 19 x 23, E 23 x 13: shares of 10, 10, 10
// and 7 rows): the sections stay on the devices across the six launches,
// and D = C E needs no halo (each device reads the rows of C it wrote).
// Every element is compared with the host's.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-remarks -o %t 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t.remarks
// RUN: %t | FileCheck %s
// RUN: env OMP_THREAD_LIMIT=1 %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: offload-cc %s --offload-check -o %t.check
// RUN: %t.check | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=-1 OMP_THREAD_LIMIT=1 %t 2> %t.info > /dev/null
// RUN: %python %S/../Inputs/copies_per_device.py < %t.info | FileCheck %s --check-prefix=COPIES --match-full-lines

// CHECK: C: 851 of 851 elements equal to the host's; D: 481 of 481, D[36][12] = 10839

// REMARKS-DAG: remark: split launches of @matmul keep their sections on every device present across 2 launch(es) (2 in loops): each device enters the rows its share [lo, hi) reaches once before them and copies back only the rows it wrote after them; argument #0 of @matmul: rows [lo, hi) entered 'to', released; argument #1 of @matmul: every row entered 'to', released; argument #2 of @matmul: rows [lo, hi) entered 'to', rows [lo, hi) copied back; argument #1 of @matmul (launch 2 of it): every row entered 'to', released; argument #2 of @matmul (launch 2 of it): rows [lo, hi) entered 'to', rows [lo, hi) copied back; halo rows move device to device before 0 launch(es)
// REMARKS-DAG: remark: kernel @matmul_share: strategy 'tiled-contraction'

// Each device moves its rows of A, C and D and all of B and E in once,
// and its rows of C and D back once.
// COPIES: device 0: host->device 5 copies 5144 bytes: 1748 x1, 1196 x1, 920 x1, 760 x1, 520 x1
// COPIES-NEXT: device 0: device->host 2 copies 1440 bytes: 920 x1, 520 x1
// COPIES-NEXT: device 0: launches: matmul_share x6
// COPIES-NEXT: device 1: host->device 5 copies 5144 bytes: 1748 x1, 1196 x1, 920 x1, 760 x1, 520 x1
// COPIES-NEXT: device 1: device->host 2 copies 1440 bytes: 920 x1, 520 x1
// COPIES-NEXT: device 1: launches: matmul_share x6
// COPIES-NEXT: device 2: host->device 5 copies 5144 bytes: 1748 x1, 1196 x1, 920 x1, 760 x1, 520 x1
// COPIES-NEXT: device 2: device->host 2 copies 1440 bytes: 920 x1, 520 x1
// COPIES-NEXT: device 2: launches: matmul_share x6
// COPIES-NEXT: device 3: host->device 5 copies 4484 bytes: 1748 x1, 1196 x1, 644 x1, 532 x1, 364 x1
// COPIES-NEXT: device 3: device->host 2 copies 1008 bytes: 644 x1, 364 x1
// COPIES-NEXT: device 3: launches: matmul_share x6

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("C: %ld of %ld elements equal to the host's; D: %ld of %ld, D[36][12] = %.0f\0A\00") {addr_space = 0 : i32}

  // C = A B.
  offload.kernel @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %m = memref.dim %C, %c0 : memref<?x?xf32>
    %n = memref.dim %C, %c1 : memref<?x?xf32>
    %k = memref.dim %A, %c1 : memref<?x?xf32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
      %acc = scf.for %p = %c0 to %k step %c1 iter_args(%s = %zero) -> f32 {
        %a = memref.load %A[%i, %p] : memref<?x?xf32>
        %b = memref.load %B[%p, %j] : memref<?x?xf32>
        %ab = arith.mulf %a, %b : f32
        %t = arith.addf %s, %ab : f32
        scf.yield %t : f32
      }
      memref.store %acc, %C[%i, %j] : memref<?x?xf32>
    }
    offload.return
  }

  func.func @host_matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %m = memref.dim %C, %c0 : memref<?x?xf32>
    %n = memref.dim %C, %c1 : memref<?x?xf32>
    %k = memref.dim %A, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %m step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %acc = scf.for %p = %c0 to %k step %c1 iter_args(%s = %zero) -> f32 {
          %a = memref.load %A[%i, %p] : memref<?x?xf32>
          %b = memref.load %B[%p, %j] : memref<?x?xf32>
          %ab = arith.mulf %a, %b : f32
          %t = arith.addf %s, %ab : f32
          scf.yield %t : f32
        }
        memref.store %acc, %C[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  // x[i][j] = (i + 2 j + k) mod 7, small integers: every sum is exact.
  func.func @init(%x: memref<?x?xf32>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c7 = arith.constant 7 : index
    %m = memref.dim %x, %c0 : memref<?x?xf32>
    %n = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %m step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %j2 = arith.muli %j, %c2 : index
        %s = arith.addi %i, %j2 : index
        %t = arith.addi %s, %k : index
        %r = arith.remui %t, %c7 : index
        %ri = arith.index_cast %r : index to i32
        %v = arith.sitofp %ri : i32 to f32
        memref.store %v, %x[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  func.func @equal(%x: memref<?x?xf32>, %y: memref<?x?xf32>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %m = memref.dim %x, %c0 : memref<?x?xf32>
    %n = memref.dim %x, %c1 : memref<?x?xf32>
    %r = scf.for %i = %c0 to %m step %c1 iter_args(%acc = %zero) -> i64 {
      %row = scf.for %j = %c0 to %n step %c1 iter_args(%racc = %acc) -> i64 {
        %a = memref.load %x[%i, %j] : memref<?x?xf32>
        %b = memref.load %y[%i, %j] : memref<?x?xf32>
        %eq = arith.cmpf oeq, %a, %b : f32
        %add = arith.select %eq, %one, %zero : i64
        %next = arith.addi %racc, %add : i64
        scf.yield %next : i64
      }
      scf.yield %row : i64
    }
    return %r : i64
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c12 = arith.constant 12 : index
    %c36 = arith.constant 36 : index
    %m = arith.constant 37 : index
    %k = arith.constant 19 : index
    %n = arith.constant 23 : index
    %q = arith.constant 13 : index
    %A = memref.alloc(%m, %k) : memref<?x?xf32>
    %B = memref.alloc(%k, %n) : memref<?x?xf32>
    %C = memref.alloc(%m, %n) : memref<?x?xf32>
    %E = memref.alloc(%n, %q) : memref<?x?xf32>
    %D = memref.alloc(%m, %q) : memref<?x?xf32>
    %hC = memref.alloc(%m, %n) : memref<?x?xf32>
    %hD = memref.alloc(%m, %q) : memref<?x?xf32>
    func.call @init(%A, %c0) : (memref<?x?xf32>, index) -> ()
    func.call @init(%B, %c1) : (memref<?x?xf32>, index) -> ()
    func.call @init(%C, %c5) : (memref<?x?xf32>, index) -> ()
    func.call @init(%E, %c3) : (memref<?x?xf32>, index) -> ()
    func.call @init(%D, %c5) : (memref<?x?xf32>, index) -> ()
    scf.for %it = %c0 to %c3 step %c1 {
      offload.launch @matmul(%A, %B, %C) devices(all) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
      offload.launch @matmul(%C, %E, %D) devices(all) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    }
    func.call @host_matmul(%A, %B, %hC) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    func.call @host_matmul(%hC, %E, %hD) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    %eqC = func.call @equal(%C, %hC) : (memref<?x?xf32>, memref<?x?xf32>) -> i64
    %eqD = func.call @equal(%D, %hD) : (memref<?x?xf32>, memref<?x?xf32>) -> i64
    %mn = arith.muli %m, %n : index
    %mq = arith.muli %m, %q : index
    %mn64 = arith.index_cast %mn : index to i64
    %mq64 = arith.index_cast %mq : index to i64
    %probe = memref.load %D[%c36, %c12] : memref<?x?xf32>
    %probe64 = arith.extf %probe : f32 to f64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %p = llvm.call @printf(%fmt, %eqC, %mn64, %eqD, %mq64, %probe64) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, f64) -> i32
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
