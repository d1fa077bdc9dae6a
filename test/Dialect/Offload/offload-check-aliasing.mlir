// RUN: offload-opt %s -split-input-file --offload-check-aliasing -verify-diagnostics | FileCheck %s
//
// Launches with errors print nothing; the last part, accepted as a whole,
// is printed and checked.

// A buffer passed twice to a kernel that writes one of the arguments: the
// kernel's writes through one race with its accesses through the other.

offload.kernel @copy(%src: memref<?xf32>, %dst: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %src, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %src[%i] : memref<?xf32>
    memref.store %v, %dst[%i] : memref<?xf32>
  }
  offload.return
}

func.func @same_buffer(%n: index) {
  // expected-note@+1 {{both are defined here}}
  %x = memref.alloc(%n) : memref<?xf32>
  // expected-error@+1 {{arguments #0 and #1 of the launch of @copy are the same buffer, and the kernel writes argument #1: writes through one would race with accesses through the other. Pass distinct buffers, or add 'allow_aliasing' to the launch if the overlap is intended}}
  offload.launch @copy(%x, %x) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

// A written view with stride 0: every iteration writes the one element.
offload.kernel @fill(%x: memref<?xf32, strided<[?], offset: ?>>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %y, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %y[%i] : memref<?xf32>
    memref.store %v, %x[%i] : memref<?xf32, strided<[?], offset: ?>>
  }
  offload.return
}

func.func @zero_stride(%buf: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  %v = memref.subview %buf[0] [%n] [0] : memref<?xf32> to memref<?xf32, strided<[0]>>
  // expected-note@+1 {{argument #0 is defined here}}
  %vc = memref.cast %v : memref<?xf32, strided<[0]>> to memref<?xf32, strided<[?], offset: ?>>
  // expected-error@+1 {{argument #0 of the launch of @fill has stride 0 along dimension 0 (each index there is the same element), and the kernel writes it: writes at different indices would race on one element. Pass a view without zero strides, or add 'allow_aliasing' to the launch if that is intended}}
  offload.launch @fill(%vc, %y) : (memref<?xf32, strided<[?], offset: ?>>, memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @copy(%src: memref<?xf32, strided<[1], offset: ?>>,
                     %dst: memref<?xf32, strided<[1], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %src, %c0 : memref<?xf32, strided<[1], offset: ?>>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %src[%i] : memref<?xf32, strided<[1], offset: ?>>
    memref.store %v, %dst[%i] : memref<?xf32, strided<[1], offset: ?>>
  }
  offload.return
}

// Views of one buffer: overlapping, or not provably disjoint, is an error;
// provably disjoint static views, read-only aliasing, distinct allocations,
// and the explicit opt-out are accepted.

func.func @views(%k: index) {
  %x = memref.alloc() : memref<64xf32>
  %lo = memref.subview %x[0] [40] [1] : memref<64xf32> to memref<40xf32, strided<[1]>>
  %hi = memref.subview %x[24] [40] [1] : memref<64xf32> to memref<40xf32, strided<[1], offset: 24>>
  // expected-note@+1 {{argument #0 is defined here}}
  %a = memref.cast %lo : memref<40xf32, strided<[1]>> to memref<?xf32, strided<[1], offset: ?>>
  // expected-note@+1 {{argument #1 is defined here}}
  %b = memref.cast %hi : memref<40xf32, strided<[1], offset: 24>> to memref<?xf32, strided<[1], offset: ?>>
  // The casts hide the static layouts: not provably disjoint.
  // expected-error@+1 {{arguments #0 and #1 of the launch of @copy are views of the same buffer that the compiler cannot prove disjoint, and the kernel writes argument #1}}
  offload.launch @copy(%a, %b) : (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) -> ()
  %y = memref.alloc(%k) : memref<?xf32>
  %c = memref.cast %y : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
  // Distinct allocations.
  offload.launch @copy(%a, %c) : (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) -> ()
  return
}

// -----

// Tiles of one buffer at run-time offsets: x[(i-1)T, iT) and x[iT, (i+1)T)
// are disjoint by their offsets and sizes as linear indices (the previous
// tile ends where the next starts); x[iT, iT + T) and x[iT + 1, iT + 1 + T)
// are not.

offload.kernel @copy(%src: memref<?xf32, strided<[1], offset: ?>>,
                     %dst: memref<?xf32, strided<[1], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %src, %c0 : memref<?xf32, strided<[1], offset: ?>>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %src[%i] : memref<?xf32, strided<[1], offset: ?>>
    memref.store %v, %dst[%i] : memref<?xf32, strided<[1], offset: ?>>
  }
  offload.return
}

func.func @tiles(%x: memref<?xf32>, %t: index, %nt: index) {
  %c1 = arith.constant 1 : index
  scf.for %i = %c1 to %nt step %c1 {
    %off = arith.muli %i, %t : index
    %prev = arith.subi %off, %t : index
    %next = arith.addi %off, %c1 : index
    %p = memref.subview %x[%prev] [%t] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    // expected-note@+1 {{argument #0 is defined here}}
    %q = memref.subview %x[%off] [%t] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    // expected-note@+1 {{argument #1 is defined here}}
    %r = memref.subview %x[%next] [%t] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
    offload.launch @copy(%p, %q) : (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) -> ()
    offload.launch @copy(%q, %p) : (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) -> ()
    // expected-error@+1 {{arguments #0 and #1 of the launch of @copy are views of the same buffer that the compiler cannot prove disjoint, and the kernel writes argument #1}}
    offload.launch @copy(%q, %r) : (memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) -> ()
  }
  return
}

// -----

offload.kernel @copy(%src: memref<8xf32, strided<[1], offset: ?>>,
                     %dst: memref<8xf32, strided<[1], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %src[%i] : memref<8xf32, strided<[1], offset: ?>>
    memref.store %v, %dst[%i] : memref<8xf32, strided<[1], offset: ?>>
  }
  offload.return
}

offload.kernel @sum(%a: memref<8xf32, strided<[1], offset: ?>>,
                    %b: memref<8xf32, strided<[1], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<8xf32, strided<[1], offset: ?>>
  %w = memref.load %b[%c0] : memref<8xf32, strided<[1], offset: ?>>
  offload.return
}

func.func @static_views() {
  %x = memref.alloc() : memref<16xf32>
  %lo = memref.subview %x[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %hi = memref.subview %x[8] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 8>>
  %mid = memref.subview %x[4] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 4>>
  // expected-note@+1 {{argument #0 is defined here}}
  %a = memref.cast %lo : memref<8xf32, strided<[1]>> to memref<8xf32, strided<[1], offset: ?>>
  // expected-note@+1 {{argument #1 is defined here}}
  %b = memref.cast %hi : memref<8xf32, strided<[1], offset: 8>> to memref<8xf32, strided<[1], offset: ?>>
  %m = memref.cast %mid : memref<8xf32, strided<[1], offset: 4>> to memref<8xf32, strided<[1], offset: ?>>
  // Behind casts to dynamic offsets the compiler cannot prove [0, 8) and
  // [8, 16) disjoint: rejected below. Aliasing without writes is accepted.
  offload.launch @sum(%m, %a) : (memref<8xf32, strided<[1], offset: ?>>, memref<8xf32, strided<[1], offset: ?>>) -> ()
  // expected-error@+1 {{arguments #0 and #1 of the launch of @copy are views of the same buffer that the compiler cannot prove disjoint}}
  offload.launch @copy(%a, %b) : (memref<8xf32, strided<[1], offset: ?>>, memref<8xf32, strided<[1], offset: ?>>) -> ()
  return
}

// -----

offload.kernel @copy(%src: memref<8xf32, strided<[1], offset: 0>>,
                     %dst: memref<8xf32, strided<[1], offset: 8>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %src[%i] : memref<8xf32, strided<[1], offset: 0>>
    memref.store %v, %dst[%i] : memref<8xf32, strided<[1], offset: 8>>
  }
  offload.return
}

offload.kernel @copy_overlapping(%src: memref<8xf32, strided<[1], offset: 0>>,
                                 %dst: memref<8xf32, strided<[1], offset: 4>>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %src[%c0] : memref<8xf32, strided<[1], offset: 0>>
  memref.store %v, %dst[%c0] : memref<8xf32, strided<[1], offset: 4>>
  offload.return
}

// Static layouts: elements [0, 8) and [8, 16) are disjoint; [0, 8) and
// [4, 12) overlap.
func.func @static_layouts() {
  %x = memref.alloc() : memref<16xf32>
  // expected-note@+1 {{argument #0 is defined here}}
  %lo = memref.subview %x[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 0>>
  %hi = memref.subview %x[8] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 8>>
  // expected-note@+1 {{argument #1 is defined here}}
  %mid = memref.subview %x[4] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 4>>
  offload.launch @copy(%lo, %hi) : (memref<8xf32, strided<[1], offset: 0>>, memref<8xf32, strided<[1], offset: 8>>) -> ()
  // expected-error@+1 {{arguments #0 and #1 of the launch of @copy_overlapping are overlapping views of the same buffer, and the kernel writes argument #1}}
  offload.launch @copy_overlapping(%lo, %mid) : (memref<8xf32, strided<[1], offset: 0>>, memref<8xf32, strided<[1], offset: 4>>) -> ()
  return
}

// -----

offload.kernel @copy(%src: memref<8xf32, strided<[1], offset: ?>>,
                     %dst: memref<8xf32, strided<[1], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %v = memref.load %src[%i] : memref<8xf32, strided<[1], offset: ?>>
    memref.store %v, %dst[%i] : memref<8xf32, strided<[1], offset: ?>>
  }
  offload.return
}

offload.kernel @copy_static(%src: memref<8xf32, strided<[1], offset: 0>>,
                            %dst: memref<8xf32, strided<[1], offset: 8>>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %src[%c0] : memref<8xf32, strided<[1], offset: 0>>
  memref.store %v, %dst[%c0] : memref<8xf32, strided<[1], offset: 8>>
  offload.return
}

offload.kernel @read2(%a: memref<8xf32, strided<[1], offset: ?>>,
                      %b: memref<8xf32, strided<[1], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<8xf32, strided<[1], offset: ?>>
  %w = memref.load %b[%c0] : memref<8xf32, strided<[1], offset: ?>>
  offload.return
}

// Accepted: the explicit opt-out, distinct allocations, aliasing without
// writes, statically disjoint views, and distinct function arguments (the
// runtime stops a program whose arguments partially overlap when it maps
// them).
// CHECK-LABEL: func.func @accepted(
// CHECK: offload.launch @copy(%[[A:.*]], %[[A]]) {allow_aliasing}
// CHECK: offload.launch @copy(%[[A]], %[[Y:.*]]) :
// CHECK: offload.launch @read2(%[[A]], %[[A]]) :
// CHECK: offload.launch @copy_static(%{{.*}}, %{{.*}}) :
// CHECK: offload.launch @copy(%[[P:.*]], %[[Q:.*]]) :
func.func @accepted(%p: memref<8xf32, strided<[1], offset: ?>>, %q: memref<8xf32, strided<[1], offset: ?>>) {
  %x = memref.alloc() : memref<8xf32>
  %a = memref.cast %x : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>>
  %y0 = memref.alloc() : memref<8xf32>
  %y = memref.cast %y0 : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>>
  offload.launch @copy(%a, %a) {allow_aliasing} : (memref<8xf32, strided<[1], offset: ?>>, memref<8xf32, strided<[1], offset: ?>>) -> ()
  offload.launch @copy(%a, %y) : (memref<8xf32, strided<[1], offset: ?>>, memref<8xf32, strided<[1], offset: ?>>) -> ()
  offload.launch @read2(%a, %a) : (memref<8xf32, strided<[1], offset: ?>>, memref<8xf32, strided<[1], offset: ?>>) -> ()
  %z = memref.alloc() : memref<16xf32>
  %lo = memref.subview %z[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 0>>
  %hi = memref.subview %z[8] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 8>>
  offload.launch @copy_static(%lo, %hi) : (memref<8xf32, strided<[1], offset: 0>>, memref<8xf32, strided<[1], offset: 8>>) -> ()
  offload.launch @copy(%p, %q) : (memref<8xf32, strided<[1], offset: ?>>, memref<8xf32, strided<[1], offset: ?>>) -> ()
  return
}

// -----

// Members of an aggregate are buffers like any other.

offload.kernel @members(%p: tuple<memref<?xf32>, memref<?xf32>>) {
  %a, %b = offload.unpack %p : tuple<memref<?xf32>, memref<?xf32>>
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<?xf32>
  memref.store %v, %b[%c0] : memref<?xf32>
  offload.return
}

func.func @member_alias(%n: index) {
  // expected-note@+1 {{both are defined here}}
  %x = memref.alloc(%n) : memref<?xf32>
  %p = offload.pack %x, %x : tuple<memref<?xf32>, memref<?xf32>>
  // expected-error@+1 {{arguments #0 member #0 and #0 member #1 of the launch of @members are the same buffer, and the kernel writes argument #0 member #1}}
  offload.launch @members(%p) : (tuple<memref<?xf32>, memref<?xf32>>) -> ()
  return
}
