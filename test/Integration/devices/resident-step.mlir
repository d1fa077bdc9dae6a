// Resident split launches of a loop of step 2 (odd rows only): 50 steps of
// x -> y, y -> x over four host devices keep each device's rows on it and
// exchange halo rows between launches; x and y must equal those of the same
// steps on one device, and the host's (offloading disabled).
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-remarks -o %t 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t.remarks
// RUN: %t | FileCheck %s
// RUN: env OMP_THREAD_LIMIT=1 %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
//
// CHECK: 1003 of 1003 equal to one device's, checksum 245453162
// REMARKS: split launches of @oddstep keep their sections on the devices their list names across 2 launch(es) (2 in loops)
module attributes {offload.targets = [#offload.host]} {
  // Odd rows of y from x's neighbours, and even rows untouched.
  offload.kernel @oddstep(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c1) to (%last) step (%c2) {
      %l = arith.subi %i, %c1 : index
      %r = arith.addi %i, %c1 : index
      %a = memref.load %x[%l] : memref<?xi64>
      %b = memref.load %x[%r] : memref<?xi64>
      %m = memref.load %x[%i] : memref<?xi64>
      %s = arith.addi %a, %b : i64
      %t = arith.addi %s, %m : i64
      %k = arith.constant 1000003 : i64
      %u = arith.remsi %t, %k : i64
      memref.store %u, %y[%i] : memref<?xi64>
    }
    offload.return
  }
  func.func @steps(%x: memref<?xi64>, %y: memref<?xi64>, %k: index, %devs: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %s = %c0 to %k step %c1 {
      offload.launch @oddstep(%x, %y) devices(%devs : memref<?xi32>) : (memref<?xi64>, memref<?xi64>) -> ()
      offload.launch @oddstep(%y, %x) devices(%devs : memref<?xi32>) : (memref<?xi64>, memref<?xi64>) -> ()
    }
    return
  }
  func.func @init(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %v = arith.index_cast %i : index to i64
      %w = arith.muli %v, %v : i64
      memref.store %v, %x[%i] : memref<?xi64>
      memref.store %w, %y[%i] : memref<?xi64>
    }
    return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%ld of %ld equal to one device's, checksum %ld\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %n = arith.constant 1003 : index
    %k = arith.constant 50 : index
    %x = memref.alloc(%n) : memref<?xi64>
    %y = memref.alloc(%n) : memref<?xi64>
    %x2 = memref.alloc(%n) : memref<?xi64>
    %y2 = memref.alloc(%n) : memref<?xi64>
    func.call @init(%x, %y) : (memref<?xi64>, memref<?xi64>) -> ()
    func.call @init(%x2, %y2) : (memref<?xi64>, memref<?xi64>) -> ()
    %one = memref.alloc(%c1) : memref<?xi32>
    %d0 = arith.constant 0 : i32
    memref.store %d0, %one[%c0] : memref<?xi32>
    %four = memref.alloc(%c4) : memref<?xi32>
    scf.for %i = %c0 to %c4 step %c1 {
      %d = arith.index_cast %i : index to i32
      memref.store %d, %four[%i] : memref<?xi32>
    }
    func.call @steps(%x, %y, %k, %one) : (memref<?xi64>, memref<?xi64>, index, memref<?xi32>) -> ()
    func.call @steps(%x2, %y2, %k, %four) : (memref<?xi64>, memref<?xi64>, index, memref<?xi32>) -> ()
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0, %sum = %c0) -> (index, index) {
      %a = memref.load %x[%i] : memref<?xi64>
      %b = memref.load %x2[%i] : memref<?xi64>
      %p = memref.load %y[%i] : memref<?xi64>
      %q = memref.load %y2[%i] : memref<?xi64>
      %e1 = arith.cmpi eq, %a, %b : i64
      %e2 = arith.cmpi eq, %p, %q : i64
      %e = arith.andi %e1, %e2 : i1
      %inc = arith.addi %acc, %c1 : index
      %nx = arith.select %e, %inc, %acc : index
      %ai = arith.index_cast %a : i64 to index
      %ns = arith.addi %sum, %ai : index
      scf.yield %nx, %ns : index, index
    }
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %o = arith.index_cast %r#0 : index to i64
    %n64 = arith.index_cast %n : index to i64
    %s64 = arith.index_cast %r#1 : index to i64
    llvm.call @printf(%fmt, %o, %n64, %s64) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64) -> i32
    %z = arith.constant 0 : i32
    return %z : i32
  }
}
