// residual_swap: residual_while written as ping-pong: Jacobi iterations
// for 2.5 x[i] - x[i-1] - x[i+1] = b[i] on 65536 points, one sweep per
// iteration from the current grid into the other, whose residual max
// |cur - nxt| a one-thread kernel writes into a one-element buffer the host
// loads to decide whether to go on; the scf.while passes the two grids to
// the next iteration swapped. The compiler should map both grids and b once
// around the loop, bring back just the residual (4 bytes) each iteration,
// and after the loop only the grid the loop's first result names.
//
//   offload-cc residual_swap.mlir -o residual_swap && ./residual_swap
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  // One sweep: out[i] = (b[i] + in[i-1] + in[i+1]) * 0.4 inside the fixed
  // ends.
  offload.kernel @sweep(%in: memref<?xf32>, %b: memref<?xf32>,
                        %out: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %w = arith.constant 0.4 : f32
    %n = memref.dim %in, %c0 : memref<?xf32>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c1) to (%last) step (%c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %bi = memref.load %b[%i] : memref<?xf32>
      %l = memref.load %in[%im] : memref<?xf32>
      %r = memref.load %in[%ip] : memref<?xf32>
      %bl = arith.addf %bi, %l : f32
      %s = arith.addf %bl, %r : f32
      %v = arith.mulf %s, %w : f32
      memref.store %v, %out[%i] : memref<?xf32>
    }
    offload.return
  }

  // res[0] = max |x - y|, by one thread (no parallel loop).
  offload.kernel @residual(%x: memref<?xf32>, %y: memref<?xf32>,
                           %res: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %x, %c0 : memref<?xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %zero) -> f32 {
      %xi = memref.load %x[%i] : memref<?xf32>
      %yi = memref.load %y[%i] : memref<?xf32>
      %d = arith.subf %xi, %yi : f32
      %nd = arith.negf %d : f32
      %a = arith.maximumf %d, %nd : f32
      %next = arith.maximumf %m, %a : f32
      scf.yield %next : f32
    }
    memref.store %r, %res[%c0] : memref<1xf32>
    offload.return
  }

  // The same two on the host, for the check.
  func.func @host_sweep(%in: memref<?xf32>, %b: memref<?xf32>,
                        %out: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %w = arith.constant 0.4 : f32
    %n = memref.dim %in, %c0 : memref<?xf32>
    %last = arith.subi %n, %c1 : index
    scf.for %i = %c1 to %last step %c1 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %bi = memref.load %b[%i] : memref<?xf32>
      %l = memref.load %in[%im] : memref<?xf32>
      %r = memref.load %in[%ip] : memref<?xf32>
      %bl = arith.addf %bi, %l : f32
      %s = arith.addf %bl, %r : f32
      %v = arith.mulf %s, %w : f32
      memref.store %v, %out[%i] : memref<?xf32>
    }
    return
  }

  func.func @host_residual(%x: memref<?xf32>, %y: memref<?xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %x, %c0 : memref<?xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %zero) -> f32 {
      %xi = memref.load %x[%i] : memref<?xf32>
      %yi = memref.load %y[%i] : memref<?xf32>
      %d = arith.subf %xi, %yi : f32
      %nd = arith.negf %d : f32
      %a = arith.maximumf %d, %nd : f32
      %next = arith.maximumf %m, %a : f32
      scf.yield %next : f32
    }
    return %r : f32
  }

  // x = y = 0, b[i] = i mod 3.
  func.func @init(%x: memref<?xf32>, %y: memref<?xf32>, %b: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %m = arith.remui %i, %c3 : index
      %mi = arith.index_cast %m : index to i32
      %mf = arith.sitofp %mi : i32 to f32
      memref.store %zero, %x[%i] : memref<?xf32>
      memref.store %zero, %y[%i] : memref<?xf32>
      memref.store %mf, %b[%i] : memref<?xf32>
    }
    return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("residual_swap: n = %ld, %ld iterations of 1 sweep, swapped, on the device (host: %ld) until max |x - y| = %.3e < 1e-4, %ld of %ld points equal to the host's: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 65536 : index
    %max = arith.constant 200 : index
    %tol = arith.constant 1.0e-4 : f32
    %inf = arith.constant 0x7F800000 : f32
    %x = memref.alloc(%n) : memref<?xf32>
    %y = memref.alloc(%n) : memref<?xf32>
    %b = memref.alloc(%n) : memref<?xf32>
    %res = memref.alloc() : memref<1xf32>
    %rx = memref.alloc(%n) : memref<?xf32>
    %ry = memref.alloc(%n) : memref<?xf32>
    func.call @init(%x, %y, %b) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
    func.call @init(%rx, %ry, %b) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()

    // The host reads the residual after every iteration, nothing else; the
    // grids swap roles at every iteration.
    %cur, %nxt, %iters, %r = scf.while (%u = %x, %v = %y, %k = %c0, %rk = %inf)
        : (memref<?xf32>, memref<?xf32>, index, f32) -> (memref<?xf32>, memref<?xf32>, index, f32) {
      %more = arith.cmpi ult, %k, %max : index
      %big = arith.cmpf oge, %rk, %tol : f32
      %go = arith.andi %more, %big : i1
      scf.condition(%go) %u, %v, %k, %rk : memref<?xf32>, memref<?xf32>, index, f32
    } do {
    ^bb0(%u: memref<?xf32>, %v: memref<?xf32>, %k: index, %rk: f32):
      offload.launch @sweep(%u, %b, %v) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
      offload.launch @residual(%u, %v, %res) : (memref<?xf32>, memref<?xf32>, memref<1xf32>) -> ()
      %next = memref.load %res[%c0] : memref<1xf32>
      %k1 = arith.addi %k, %c1 : index
      scf.yield %v, %u, %k1, %next : memref<?xf32>, memref<?xf32>, index, f32
    }

    // The same iterations on the host.
    %hcur, %hnxt, %hiters, %hr = scf.while (%u = %rx, %v = %ry, %k = %c0, %rk = %inf)
        : (memref<?xf32>, memref<?xf32>, index, f32) -> (memref<?xf32>, memref<?xf32>, index, f32) {
      %more = arith.cmpi ult, %k, %max : index
      %big = arith.cmpf oge, %rk, %tol : f32
      %go = arith.andi %more, %big : i1
      scf.condition(%go) %u, %v, %k, %rk : memref<?xf32>, memref<?xf32>, index, f32
    } do {
    ^bb0(%u: memref<?xf32>, %v: memref<?xf32>, %k: index, %rk: f32):
      func.call @host_sweep(%u, %b, %v) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
      %next = func.call @host_residual(%u, %v) : (memref<?xf32>, memref<?xf32>) -> f32
      %k1 = arith.addi %k, %c1 : index
      scf.yield %v, %u, %k1, %next : memref<?xf32>, memref<?xf32>, index, f32
    }

    %same = scf.for %i = %c0 to %n step %c1 iter_args(%count = %c0) -> index {
      %v = memref.load %cur[%i] : memref<?xf32>
      %w = memref.load %hcur[%i] : memref<?xf32>
      %eq = arith.cmpf oeq, %v, %w : f32
      %inc = arith.addi %count, %c1 : index
      %next = arith.select %eq, %inc, %count : index
      scf.yield %next : index
    }
    %allx = arith.cmpi eq, %same, %n : index
    %sameit = arith.cmpi eq, %iters, %hiters : index
    %samer = arith.cmpf oeq, %r, %hr : f32
    %conv = arith.cmpf olt, %r, %tol : f32
    %a1 = arith.andi %allx, %sameit : i1
    %a2 = arith.andi %a1, %samer : i1
    %all = arith.andi %a2, %conv : i1
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %n64 = arith.index_cast %n : index to i64
    %it64 = arith.index_cast %iters : index to i64
    %hit64 = arith.index_cast %hiters : index to i64
    %r64 = arith.extf %r : f32 to f64
    %same64 = arith.index_cast %same : index to i64
    llvm.call @printf(%fmt, %n64, %it64, %hit64, %r64, %same64, %n64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, f64, i64, i64, !llvm.ptr) -> i32
    memref.dealloc %x : memref<?xf32>
    memref.dealloc %y : memref<?xf32>
    memref.dealloc %b : memref<?xf32>
    memref.dealloc %res : memref<1xf32>
    memref.dealloc %rx : memref<?xf32>
    memref.dealloc %ry : memref<?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
