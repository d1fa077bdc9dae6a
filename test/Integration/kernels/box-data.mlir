// Boxes (2-D subviews narrower than their rows) in data ops: enter_data,
// exit_data, update and offload.data move the box's rows only, as launches
// do (docs/DataMovement.md, "Sections in two dimensions"), never the span
// from its first element to its last: the device holds the span, but the
// elements between the rows were never copied there, and copying them back
// would overwrite the host's. @add1 adds 1 to every element of a box of
// rows [1, 4) x columns [2, 7) of a 6 x 10 f32 matrix, b[i][j] = 10 i + j:
//   - hoisted: two launches on the box, which offload-hoist-transfers keeps
//     on the device between one enter_data and one exit_data (3 rows in,
//     3 out);
//   - explicit: enter_data to(box) on device 1, a launch, update from(box),
//     a host write inside the box (b[2][3] += 100), update to(box), a
//     launch, exit_data from(box) (3 rows in, 3 out, 3 and 3 by update);
//   - region: offload.data map(tofrom: box) around two launches (3 rows in,
//     3 out).
// Every element is checked: inside the box added to, outside as the host
// wrote it. On the host device, with offloading disabled, and counted.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=-1 %t 2> %t.info > /dev/null
// RUN: grep -o "from host to device.*Size=[0-9]*" %t.info | sed "s/.*Size=//" | sort -n | uniq -c | FileCheck %s --check-prefix=IN
// RUN: grep -o "from device to host.*Size=[0-9]*" %t.info | sed "s/.*Size=//" | sort -n | uniq -c | FileCheck %s --check-prefix=OUT
//
// CHECK: box-data: hoisted 60 explicit 60 region 60 of 60
// Rows of 5 f32 (20 bytes) only, 12 each way: 3 hoisted, 3 + 3 explicit
// (enter or exit, and update), 3 region.
// IN: {{^ *}}12 20{{$}}
// IN-NOT: {{.}}
// OUT: {{^ *}}12 20{{$}}
// OUT-NOT: {{.}}

#box = strided<[?, 1], offset: ?>
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("box-data: hoisted %ld explicit %ld region %ld of 60\0A\00") {addr_space = 0 : i32}

  offload.kernel @add1(%s: memref<?x?xf32, #box>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    %m = memref.dim %s, %c0 : memref<?x?xf32, #box>
    %n = memref.dim %s, %c1 : memref<?x?xf32, #box>
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
      %v = memref.load %s[%i, %j] : memref<?x?xf32, #box>
      %w = arith.addf %v, %one : f32
      memref.store %w, %s[%i, %j] : memref<?x?xf32, #box>
    }
    offload.return
  }

  // A 6 x 10 matrix, b[i][j] = 10 i + j.
  func.func private @matrix() -> memref<?x?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %c10 = arith.constant 10 : index
    %b = memref.alloc(%c6, %c10) : memref<?x?xf32>
    scf.for %i = %c0 to %c6 step %c1 {
      scf.for %j = %c0 to %c10 step %c1 {
        %r = arith.muli %i, %c10 : index
        %l = arith.addi %r, %j : index
        %li = arith.index_cast %l : index to i64
        %f = arith.sitofp %li : i64 to f32
        memref.store %f, %b[%i, %j] : memref<?x?xf32>
      }
    }
    return %b : memref<?x?xf32>
  }

  // How many elements are as expected: 10 i + j, plus `k` inside the box,
  // plus `extra` at [2][3].
  func.func private @count(%b: memref<?x?xf32>, %k: f32, %extra: f32) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c10 = arith.constant 10 : index
    %zero = arith.constant 0.0 : f32
    %z = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %ok = scf.for %i = %c0 to %c6 step %c1 iter_args(%acc = %z) -> i64 {
      %row = scf.for %j = %c0 to %c10 step %c1 iter_args(%a = %acc) -> i64 {
        %r = arith.muli %i, %c10 : index
        %l = arith.addi %r, %j : index
        %li = arith.index_cast %l : index to i64
        %f = arith.sitofp %li : i64 to f32
        %i1 = arith.cmpi sge, %i, %c1 : index
        %i2 = arith.cmpi slt, %i, %c4 : index
        %j1 = arith.cmpi sge, %j, %c2 : index
        %j2 = arith.cmpi slt, %j, %c7 : index
        %ii = arith.andi %i1, %i2 : i1
        %jj = arith.andi %j1, %j2 : i1
        %in = arith.andi %ii, %jj : i1
        %add = arith.select %in, %k, %zero : f32
        %e0 = arith.addf %f, %add : f32
        %at2 = arith.cmpi eq, %i, %c2 : index
        %at3 = arith.cmpi eq, %j, %c3 : index
        %at = arith.andi %at2, %at3 : i1
        %more = arith.select %at, %extra, %zero : f32
        %e = arith.addf %e0, %more : f32
        %g = memref.load %b[%i, %j] : memref<?x?xf32>
        %eq = arith.cmpf oeq, %e, %g : f32
        %inc = arith.addi %a, %one : i64
        %nx = arith.select %eq, %inc, %a : i64
        scf.yield %nx : i64
      }
      scf.yield %row : i64
    }
    return %ok : i64
  }

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %d1 = arith.constant 1 : i32
    %k2 = arith.constant 2.0 : f32
    %none = arith.constant 0.0 : f32
    %hundred = arith.constant 100.0 : f32

    // Hoisted around two launches.
    %a = func.call @matrix() : () -> memref<?x?xf32>
    %sa = memref.subview %a[%c1, %c2] [%c3, %c5] [1, 1] : memref<?x?xf32> to memref<?x?xf32, #box>
    offload.launch @add1(%sa) : (memref<?x?xf32, #box>) -> ()
    offload.launch @add1(%sa) : (memref<?x?xf32, #box>) -> ()
    %ok1 = func.call @count(%a, %k2, %none) : (memref<?x?xf32>, f32, f32) -> i64

    // Explicit data ops on device 1, with a host write in between.
    %b = func.call @matrix() : () -> memref<?x?xf32>
    %sb = memref.subview %b[%c1, %c2] [%c3, %c5] [1, 1] : memref<?x?xf32> to memref<?x?xf32, #box>
    offload.enter_data map(to: %sb : memref<?x?xf32, #box>) device(%d1 : i32)
    offload.launch @add1(%sb) device(%d1 : i32) : (memref<?x?xf32, #box>) -> ()
    offload.update map(from: %sb : memref<?x?xf32, #box>) device(%d1 : i32)
    %v = memref.load %b[%c2, %c3] : memref<?x?xf32>
    %w = arith.addf %v, %hundred : f32
    memref.store %w, %b[%c2, %c3] : memref<?x?xf32>
    offload.update map(to: %sb : memref<?x?xf32, #box>) device(%d1 : i32)
    offload.launch @add1(%sb) device(%d1 : i32) : (memref<?x?xf32, #box>) -> ()
    offload.exit_data map(from: %sb : memref<?x?xf32, #box>) device(%d1 : i32)
    %ok2 = func.call @count(%b, %k2, %hundred) : (memref<?x?xf32>, f32, f32) -> i64

    // A region around two launches.
    %c = func.call @matrix() : () -> memref<?x?xf32>
    %sc = memref.subview %c[%c1, %c2] [%c3, %c5] [1, 1] : memref<?x?xf32> to memref<?x?xf32, #box>
    offload.data map(tofrom: %sc : memref<?x?xf32, #box>) {
      offload.launch @add1(%sc) : (memref<?x?xf32, #box>) -> ()
      offload.launch @add1(%sc) : (memref<?x?xf32, #box>) -> ()
    }
    %ok3 = func.call @count(%c, %k2, %none) : (memref<?x?xf32>, f32, f32) -> i64

    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %ok1, %ok2, %ok3) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64) -> i32
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %c : memref<?x?xf32>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
