// A kernel whose loop calls helper functions (`@avg3(x, i)` reads x[i - 1],
// x[i], x[i + 1]; `@put(y, i, v)` stores v / 3 in y[i]): the pipeline
// inlines them into the kernel (offload-inline-kernel-calls), so the race
// check sees each iteration write its own element (it rejected the call as
// writing all of y), and the split over the host plugin's four devices
// sees the rows each share reads: the devices keep their rows across the
// 20 launches and exchange one halo row (4 bytes) per neighbour before
// each, instead of whole shares. Expected values from a Python model.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-remarks -o %t 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t.remarks
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: offload-cc %s --offload-check -o %t.check
// RUN: %t.check | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=-1 OMP_THREAD_LIMIT=1 %t 2> %t.info > /dev/null
// RUN: %python %S/../Inputs/copies_per_device.py < %t.info | FileCheck %s --check-prefix=COPIES --match-full-lines

// CHECK: a[500] 15 a[10] 10 sum 45745

// REMARKS-DAG: remark: call of @avg3 inlined into kernel @step
// REMARKS-DAG: remark: call of @put inlined into kernel @step
// REMARKS-DAG: remark: split launches of @step keep their sections on every device present across 2 launch(es) (2 in loops): {{.*}}argument #0 of @step: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; argument #1 of @step: rows [lo - 1, hi + 1) entered 'to'{{.*}}; halo rows move device to device before 2 launch(es)

// Shares [1, 251), [251, 501), [501, 751), [751, 999): each device enters
// rows [lo - 1, hi + 1) of both (1008 bytes; device 3: 1000) and copies
// back its rows of a; one 4-byte row to and from each neighbour per launch.
// COPIES: device 0: host->device 22 copies 2096 bytes: 1008 x2, 4 x20
// COPIES-NEXT: device 0: device->host 21 copies 1080 bytes: 1000 x1, 4 x20
// COPIES-NEXT: device 0: launches: step_share x20
// COPIES-NEXT: device 1: host->device 42 copies 2176 bytes: 1008 x2, 4 x40
// COPIES-NEXT: device 1: device->host 41 copies 1160 bytes: 1000 x1, 4 x40
// COPIES-NEXT: device 1: launches: step_share x20
// COPIES-NEXT: device 2: host->device 42 copies 2176 bytes: 1008 x2, 4 x40
// COPIES-NEXT: device 2: device->host 41 copies 1160 bytes: 1000 x1, 4 x40
// COPIES-NEXT: device 2: launches: step_share x20
// COPIES-NEXT: device 3: host->device 22 copies 2080 bytes: 1000 x2, 4 x20
// COPIES-NEXT: device 3: device->host 21 copies 1072 bytes: 992 x1, 4 x20
// COPIES-NEXT: device 3: launches: step_share x20
module attributes {offload.targets = [#offload.host]} {
  func.func private @avg3(%x: memref<?xi32>, %i: index) -> i32 {
    %c1 = arith.constant 1 : index
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %l = memref.load %x[%im] : memref<?xi32>
    %m = memref.load %x[%i] : memref<?xi32>
    %r = memref.load %x[%ip] : memref<?xi32>
    %s0 = arith.addi %l, %m : i32
    %s1 = arith.addi %s0, %r : i32
    return %s1 : i32
  }
  func.func private @put(%y: memref<?xi32>, %i: index, %v: i32) {
    %c3 = arith.constant 3 : i32
    %q = arith.divsi %v, %c3 : i32
    memref.store %q, %y[%i] : memref<?xi32>
    return
  }
  offload.kernel @step(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c1) to (%last) step (%c1) {
      %v = func.call @avg3(%x, %i) : (memref<?xi32>, index) -> i32
      func.call @put(%y, %i, %v) : (memref<?xi32>, index, i32) -> ()
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("a[500] %d a[10] %d sum %d\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %n = arith.constant 1000 : index
    %z = arith.constant 0 : i32
    %a = memref.alloc(%n) : memref<?xi32>
    %b = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %c97 = arith.constant 97 : i32
      %v = arith.remsi %ii, %c97 : i32
      memref.store %v, %a[%i] : memref<?xi32>
      memref.store %v, %b[%i] : memref<?xi32>
    }
    scf.for %t = %c0 to %c10 step %c1 {
      offload.launch @step(%a, %b) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
      offload.launch @step(%b, %a) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
    }
    %c5 = arith.constant 500 : index
    %v = memref.load %a[%c5] : memref<?xi32>
    %w = memref.load %a[%c10] : memref<?xi32>
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> i32 {
      %e = memref.load %a[%i] : memref<?xi32>
      %s1 = arith.addi %s, %e : i32
      scf.yield %s1 : i32
    }
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %v, %w, %sum) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32) -> i32
    return %z : i32
  }
}
