// RUN: offload-opt %s -split-input-file --offload-infer-maps -verify-diagnostics | FileCheck %s

// Explicit clauses stay as written; offload-infer-maps warns where one
// provably does not give the kernel what it reads.

// @inc reads and writes all of %x: a clause moving 2 of its 1024 elements
// leaves the kernel running past the device's copy.
offload.kernel @inc(%x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %r = arith.addf %v, %one : f32
    memref.store %r, %x[%i] : memref<?xf32>
  }
  offload.return
}

// CHECK-LABEL: func.func @narrow
// CHECK: %[[S:.*]] = memref.subview
// CHECK: offload.launch @inc(%{{.*}}) map(tofrom: %[[S]] : memref<2xf32, strided<[1]>>)
func.func @narrow() {
  %n = arith.constant 1024 : index
  %x = memref.alloc(%n) : memref<?xf32>
  %s = memref.subview %x[0][2][1] : memref<?xf32> to memref<2xf32, strided<[1]>>
  // expected-warning@+1 {{kernel @inc may reach elements [0, 1024) of argument #0 along dimension 0, but its map clause moves only [0, 2): accesses outside the section run past the device's copy}}
  offload.launch @inc(%x) map(tofrom: %s : memref<2xf32, strided<[1]>>) : (memref<?xf32>) -> ()
  memref.dealloc %x : memref<?xf32>
  return
}

// A section holding every element the loop reaches, and one whose size is
// not known here: no warning.
// CHECK-LABEL: func.func @enough
func.func @enough(%m: index) {
  %x = memref.alloc() : memref<64xf32>
  %y = memref.cast %x : memref<64xf32> to memref<?xf32>
  %s = memref.subview %y[0][64][1] : memref<?xf32> to memref<64xf32, strided<[1]>>
  offload.launch @inc(%y) map(tofrom: %s : memref<64xf32, strided<[1]>>) : (memref<?xf32>) -> ()
  %z = memref.alloc(%m) : memref<?xf32>
  %t = memref.subview %z[1][2][1] : memref<?xf32> to memref<2xf32, strided<[1], offset: 1>>
  offload.launch @inc(%z) map(tofrom: %t : memref<2xf32, strided<[1], offset: 1>>) : (memref<?xf32>) -> ()
  return
}

// -----

// A rows-from-1 stencil: it reaches rows [0, 9) of %x.
offload.kernel @shift(%x: memref<10xf32>, %y: memref<10xf32>) {
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  scf.parallel (%i) = (%c1) to (%c9) step (%c1) {
    %im1 = arith.subi %i, %c1 : index
    %v = memref.load %x[%im1] : memref<10xf32>
    memref.store %v, %y[%i] : memref<10xf32>
  }
  offload.return
}

func.func @stencil() {
  %x = memref.alloc() : memref<10xf32>
  %y = memref.alloc() : memref<10xf32>
  %s = memref.subview %x[1][9][1] : memref<10xf32> to memref<9xf32, strided<[1], offset: 1>>
  // expected-warning@+1 {{kernel @shift may reach elements [0, 8) of argument #0 along dimension 0, but its map clause moves only [1, 10)}}
  offload.launch @shift(%x, %y) map(to: %s : memref<9xf32, strided<[1], offset: 1>>) : (memref<10xf32>, memref<10xf32>) -> ()
  %t = memref.subview %x[0][8][1] : memref<10xf32> to memref<8xf32, strided<[1]>>
  offload.launch @shift(%x, %y) map(to: %t : memref<8xf32, strided<[1]>>) : (memref<10xf32>, memref<10xf32>) -> ()
  return
}

// -----

// 'from' and 'alloc' copy nothing in: a kernel reading the buffer first
// reads what the program never set, unless something else put it on the
// device.
offload.kernel @inc(%x: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %v = memref.load %x[%i] : memref<16xf32>
    %r = arith.addf %v, %one : f32
    memref.store %r, %x[%i] : memref<16xf32>
  }
  offload.return
}

offload.kernel @fill(%x: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    memref.store %one, %x[%i] : memref<16xf32>
  }
  offload.return
}

func.func @uninitialized() {
  %x = memref.alloc() : memref<16xf32>
  // expected-warning@+1 {{argument #0 is mapped 'from', which copies nothing to the device, but kernel @inc reads it before writing it: it reads memory the program never set}}
  offload.launch @inc(%x) map(from: %x : memref<16xf32>) : (memref<16xf32>) -> ()
  // expected-warning@+1 {{argument #0 is mapped 'alloc'}}
  offload.launch @inc(%x) map(alloc: %x : memref<16xf32>) : (memref<16xf32>) -> ()
  // Written before read: nothing to copy in.
  offload.launch @fill(%x) map(from: %x : memref<16xf32>) : (memref<16xf32>) -> ()
  return
}

// A data region, or an argument whose caller may have mapped it: no warning.
func.func @present(%arg: memref<16xf32>) {
  %x = memref.alloc() : memref<16xf32>
  offload.data map(to: %x : memref<16xf32>) {
    offload.launch @inc(%x) map(from: %x : memref<16xf32>) : (memref<16xf32>) -> ()
  }
  offload.launch @inc(%arg) map(from: %arg : memref<16xf32>) : (memref<16xf32>) -> ()
  return
}
