// RUN: offload-opt %s -split-input-file --offload-check-bounds -verify-diagnostics

// Reading the next element runs off the end of a static buffer.
offload.kernel @next(%a: memref<64xf32>, %b: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %ip1 = arith.addi %i, %c1 : index
    // expected-error@+1 {{'memref.load' reads argument #0 of @next at indices 1 to 64 along dimension 0, but it has 64 elements there: the bounds of the loops around the access carry it past the buffer's end}}
    %v = memref.load %a[%ip1] : memref<64xf32>
    memref.store %v, %b[%i] : memref<64xf32>
  }
  offload.return
}

// -----

// The loop runs up to the buffer's run-time size: a[i + 1] reaches it.
offload.kernel @dynamic(%a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %ip1 = arith.addi %i, %c1 : index
    // expected-error@+1 {{'memref.load' reads argument #0 of @dynamic at indices 1 to its size along dimension 0, past its end (its size there is known at run time): the bounds of the loops around the access carry it past the buffer's end}}
    %v = memref.load %a[%ip1] : memref<?xf32>
    memref.store %v, %b[%i] : memref<?xf32>
  }
  offload.return
}

// -----

// a[i + n] with n = dim a: already past the end at the first iteration,
// whatever the last one reaches.
offload.kernel @shifted(%a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %j = arith.addi %i, %n : index
    // expected-error@+1 {{'memref.load' reads argument #0 of @shifted at indices its size to a run-time value along dimension 0, past its end (its size there is known at run time)}}
    %v = memref.load %a[%j] : memref<?xf32>
    memref.store %v, %b[%i] : memref<?xf32>
  }
  offload.return
}

// -----

// a[i - 1] from i = 0.
offload.kernel @previous(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 0.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %im1 = arith.subi %i, %c1 : index
    // expected-error@+1 {{'memref.store' writes argument #0 of @previous at indices -1 to its size - 2 along dimension 0, below 0: the bounds of the loops around the access carry it below the buffer's start}}
    memref.store %f, %a[%im1] : memref<?xf32>
  }
  offload.return
}

// -----

// The second dimension of a 2-D buffer, with an inner sequential loop.
offload.kernel @columns(%a: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %f = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    scf.for %j = %c0 to %c16 step %c2 {
      %j2 = arith.addi %j, %c2 : index
      // expected-error@+1 {{'memref.store' writes argument #0 of @columns at indices 2 to 16 along dimension 1, but it has 16 elements there}}
      memref.store %f, %a[%i, %j2] : memref<8x16xf32>
    }
  }
  offload.return
}

// -----

// The last vector of 4 elements reaches 3 past the end.
offload.kernel @vectors(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %v = arith.constant dense<1.0> : vector<4xf32>
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    // expected-error@+1 {{'vector.store' writes argument #0 of @vectors at indices 0 to 66 along dimension 0, but it has 64 elements there}}
    vector.store %v, %a[%i] : memref<64xf32>, vector<4xf32>
  }
  offload.return
}

// -----

// A view's own size counts.
offload.kernel @view(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %f = arith.constant 0.0 : f32
  %v = memref.subview %a[4] [8] [1] : memref<?xf32> to memref<8xf32, strided<[1], offset: 4>>
  scf.parallel (%i) = (%c0) to (%c9) step (%c1) {
    // expected-error@+1 {{'memref.store' writes a view of argument #0 of @view at indices 0 to 8 along dimension 0, but it has 8 elements there}}
    memref.store %f, %v[%i] : memref<8xf32, strided<[1], offset: 4>>
  }
  offload.return
}

// -----

// A step other than 1 up to a bound known at run time: the last iteration
// is not known, but the first is reached, and it reads before the buffer.
offload.kernel @step_three(%x: memref<?xi64>, %y: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %n = memref.dim %x, %c0 : memref<?xi64>
  %hi = arith.subi %n, %c3 : index
  scf.parallel (%i) = (%c2) to (%hi) step (%c3) {
    %im = arith.subi %i, %c3 : index
    // expected-error@+1 {{'memref.load' reads argument #0 of @step_three at indices -1 to a run-time value along dimension 0, below 0}}
    %l = memref.load %x[%im] : memref<?xi64>
    memref.store %l, %y[%i] : memref<?xi64>
  }
  offload.return
}

// -----

// A buffer the kernel allocates for each thread is checked too.
offload.kernel @private_buffer(%x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %a = memref.alloca() : memref<4xf32>
    %v = memref.load %x[%i] : memref<?xf32>
    scf.for %k = %c0 to %c5 step %c1 {
      // expected-error@+1 {{'memref.store' writes the buffer defined at}}
      memref.store %v, %a[%k] : memref<4xf32>
    }
    %w = memref.load %a[%c0] : memref<4xf32>
    memref.store %w, %y[%i] : memref<?xf32>
  }
  offload.return
}
