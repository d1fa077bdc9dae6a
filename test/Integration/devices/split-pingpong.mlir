// An iterated three-point stencil written as ping-pong (the loop swaps the
// two grids in its iteration arguments), split over every device (the host
// plugin's four): the grids' rows stay on the devices across the loop, and
// before each step only the rows next to each share move, device to
// device. Runs of 0, 1, 2 and 25 steps (the loop's result is the first or
// the second grid) are checked against the same steps on the host; a
// helper runs the loop, called with each count.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=-1 OMP_THREAD_LIMIT=1 %t 2> %t.info > /dev/null
// RUN: FileCheck %s --check-prefix=INFO < %t.info
// Rows of a share (about 2000 bytes) cross in 8 times per run, each
// device's rows of both grids once, 4 runs: 32 copies (per launch, 224).
// RUN: grep -E "from host to device.*Size=(199[0-9]|20[0-2][0-9])," %t.info | count 32
//
// CHECK: steps 0: 1001 of 1001 equal to the host's, x[500] = 500
// CHECK-NEXT: steps 1: 1001 of 1001 equal to the host's, x[500] = 2000
// CHECK-NEXT: steps 2: 1001 of 1001 equal to the host's, x[500] = 8000
// CHECK-NEXT: steps 25: 1001 of 1001 equal to the host's, x[500] = {{[0-9]+}}
// Each device enters its rows of both grids once per run of the loop (no
// copy of a whole grid, 8008 bytes), and launches its share at every step.
// INFO-NOT: Size=8008
// INFO-DAG: device 0 info: Launching kernel step_share
// INFO-DAG: device 3 info: Launching kernel step_share
module attributes {offload.targets = [#offload.host]} {
  // y[i] = x[i - 1] + 2 x[i] + x[i + 1] mod 1000003, inside the ends.
  offload.kernel @step(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i64
    %m = arith.constant 1000003 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c1) to (%last) step (%c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %x[%im] : memref<?xi64>
      %c = memref.load %x[%i] : memref<?xi64>
      %r = memref.load %x[%ip] : memref<?xi64>
      %c2 = arith.muli %c, %two : i64
      %s = arith.addi %l, %c2 : i64
      %t = arith.addi %s, %r : i64
      %u = arith.remui %t, %m : i64
      memref.store %u, %y[%i] : memref<?xi64>
    }
    offload.return
  }

  func.func @host_step(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i64
    %m = arith.constant 1000003 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    %last = arith.subi %n, %c1 : index
    scf.for %i = %c1 to %last step %c1 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %x[%im] : memref<?xi64>
      %c = memref.load %x[%i] : memref<?xi64>
      %r = memref.load %x[%ip] : memref<?xi64>
      %c2 = arith.muli %c, %two : i64
      %s = arith.addi %l, %c2 : i64
      %t = arith.addi %s, %r : i64
      %u = arith.remui %t, %m : i64
      memref.store %u, %y[%i] : memref<?xi64>
    }
    return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("steps %ld: %ld of %ld equal to the host's, x[500] = %ld\0A\00") {addr_space = 0 : i32}

  // `steps` steps on the devices and on the host from x[i] = i (both grids).
  func.func @run(%n: index, %steps: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c500 = arith.constant 500 : index
    %z = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %a = memref.alloc(%n) : memref<?xi64>
    %b = memref.alloc(%n) : memref<?xi64>
    %ha = memref.alloc(%n) : memref<?xi64>
    %hb = memref.alloc(%n) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %v = arith.index_cast %i : index to i64
      memref.store %v, %a[%i] : memref<?xi64>
      memref.store %v, %b[%i] : memref<?xi64>
      memref.store %v, %ha[%i] : memref<?xi64>
      memref.store %v, %hb[%i] : memref<?xi64>
    }
    %r:2 = scf.for %t = %c0 to %steps step %c1 iter_args(%p = %a, %q = %b) -> (memref<?xi64>, memref<?xi64>) {
      offload.launch @step(%p, %q) devices(all) : (memref<?xi64>, memref<?xi64>) -> ()
      scf.yield %q, %p : memref<?xi64>, memref<?xi64>
    }
    %h:2 = scf.for %t = %c0 to %steps step %c1 iter_args(%p = %ha, %q = %hb) -> (memref<?xi64>, memref<?xi64>) {
      func.call @host_step(%p, %q) : (memref<?xi64>, memref<?xi64>) -> ()
      scf.yield %q, %p : memref<?xi64>, memref<?xi64>
    }
    %same = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {
      %x = memref.load %r#0[%i] : memref<?xi64>
      %y = memref.load %h#0[%i] : memref<?xi64>
      %eq = arith.cmpi eq, %x, %y : i64
      %inc = arith.addi %acc, %one : i64
      %next = arith.select %eq, %inc, %acc : i64
      scf.yield %next : i64
    }
    %x500 = memref.load %r#0[%c500] : memref<?xi64>
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %s64 = arith.index_cast %steps : index to i64
    %n64 = arith.index_cast %n : index to i64
    llvm.call @printf(%fmt, %s64, %same, %n64, %x500) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64) -> i32
    memref.dealloc %a : memref<?xi64>
    memref.dealloc %b : memref<?xi64>
    memref.dealloc %ha : memref<?xi64>
    memref.dealloc %hb : memref<?xi64>
    return
  }

  func.func @main() -> i32 {
    %n = arith.constant 1001 : index
    %s0 = arith.constant 0 : index
    %s1 = arith.constant 1 : index
    %s2 = arith.constant 2 : index
    %s25 = arith.constant 25 : index
    func.call @run(%n, %s0) : (index, index) -> ()
    func.call @run(%n, %s1) : (index, index) -> ()
    func.call @run(%n, %s2) : (index, index) -> ()
    func.call @run(%n, %s25) : (index, index) -> ()
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}
