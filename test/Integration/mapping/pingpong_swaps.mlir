// pingpong_swaps: 10 rounds over two buffers that swap in three ways a
// front end may write: a helper that launches and returns its arguments
// exchanged (`%r:2 = call @advance(cur, nxt)`), an inner loop of 2
// ping-pong steps, and an scf.if that swaps them on some rounds and adds
// one into the other in place on the others. The compiler should keep both
// buffers on the device across all of it: copy the first in, only allocate
// the second, bring back the buffer the host reads at the end. The result
// is checked against the same rounds on the host.
//
//   offload-cc pingpong_swaps.mlir -o pingpong_swaps && ./pingpong_swaps
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  // out[i] = (3 in[i] + in[(i + 1) mod n]) mod 65521, n the size of out.
  offload.kernel @mix(%in: memref<?xi32>, %out: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %out, %c0 : memref<?xi32>
    %three = arith.constant 3 : i32
    %m = arith.constant 65521 : i32
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ip = arith.addi %i, %c1 : index
      %wrap = arith.cmpi eq, %ip, %n : index
      %j = arith.select %wrap, %c0, %ip : index
      %x = memref.load %in[%i] : memref<?xi32>
      %y = memref.load %in[%j] : memref<?xi32>
      %x3 = arith.muli %x, %three : i32
      %s = arith.addi %x3, %y : i32
      %r = arith.remui %s, %m : i32
      memref.store %r, %out[%i] : memref<?xi32>
    }
    offload.return
  }

  // y[i] = (y[i] + x[i]) mod 65521.
  offload.kernel @accum(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %y, %c0 : memref<?xi32>
    %m = arith.constant 65521 : i32
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %a = memref.load %x[%i] : memref<?xi32>
      %b = memref.load %y[%i] : memref<?xi32>
      %s = arith.addi %a, %b : i32
      %r = arith.remui %s, %m : i32
      memref.store %r, %y[%i] : memref<?xi32>
    }
    offload.return
  }

  func.func private @advance(%u: memref<?xi32>, %v: memref<?xi32>)
      -> (memref<?xi32>, memref<?xi32>) {
    offload.launch @mix(%u, %v) : (memref<?xi32>, memref<?xi32>) -> ()
    return %v, %u : memref<?xi32>, memref<?xi32>
  }

  // The same steps on the host, for the check.
  func.func private @host_mix(%in: memref<?xi32>, %out: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %out, %c0 : memref<?xi32>
    %three = arith.constant 3 : i32
    %m = arith.constant 65521 : i32
    scf.for %i = %c0 to %n step %c1 {
      %ip = arith.addi %i, %c1 : index
      %wrap = arith.cmpi eq, %ip, %n : index
      %j = arith.select %wrap, %c0, %ip : index
      %x = memref.load %in[%i] : memref<?xi32>
      %y = memref.load %in[%j] : memref<?xi32>
      %x3 = arith.muli %x, %three : i32
      %s = arith.addi %x3, %y : i32
      %r = arith.remui %s, %m : i32
      memref.store %r, %out[%i] : memref<?xi32>
    }
    return
  }
  func.func private @host_accum(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %y, %c0 : memref<?xi32>
    %m = arith.constant 65521 : i32
    scf.for %i = %c0 to %n step %c1 {
      %a = memref.load %x[%i] : memref<?xi32>
      %b = memref.load %y[%i] : memref<?xi32>
      %s = arith.addi %a, %b : i32
      %r = arith.remui %s, %m : i32
      memref.store %r, %y[%i] : memref<?xi32>
    }
    return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("pingpong_swaps: %ld rounds over %ld integers, %ld equal to the host's, x[4321] = %d: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %n = arith.constant 262144 : index
    %rounds = arith.constant 10 : index
    %seed = arith.constant 7919 : i32
    %m = arith.constant 65521 : i32
    %a = memref.alloc(%n) : memref<?xi32>
    %b = memref.alloc(%n) : memref<?xi32>
    %ra = memref.alloc(%n) : memref<?xi32>
    %rb = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %v = arith.muli %ii, %seed : i32
      %w = arith.remui %v, %m : i32
      memref.store %w, %a[%i] : memref<?xi32>
      memref.store %w, %ra[%i] : memref<?xi32>
    }
    %res:2 = scf.for %k = %c0 to %rounds step %c1
        iter_args(%cur = %a, %nxt = %b) -> (memref<?xi32>, memref<?xi32>) {
      %r:2 = func.call @advance(%cur, %nxt) : (memref<?xi32>, memref<?xi32>) -> (memref<?xi32>, memref<?xi32>)
      %q:2 = scf.for %s = %c0 to %c2 step %c1
          iter_args(%u = %r#0, %v = %r#1) -> (memref<?xi32>, memref<?xi32>) {
        offload.launch @mix(%u, %v) : (memref<?xi32>, memref<?xi32>) -> ()
        scf.yield %v, %u : memref<?xi32>, memref<?xi32>
      }
      %km = arith.remui %k, %c3 : index
      %swap = arith.cmpi ne, %km, %c2 : index
      %p:2 = scf.if %swap -> (memref<?xi32>, memref<?xi32>) {
        scf.yield %q#1, %q#0 : memref<?xi32>, memref<?xi32>
      } else {
        offload.launch @accum(%q#1, %q#0) : (memref<?xi32>, memref<?xi32>) -> ()
        scf.yield %q#0, %q#1 : memref<?xi32>, memref<?xi32>
      }
      scf.yield %p#0, %p#1 : memref<?xi32>, memref<?xi32>
    }
    %ref:2 = scf.for %k = %c0 to %rounds step %c1
        iter_args(%cur = %ra, %nxt = %rb) -> (memref<?xi32>, memref<?xi32>) {
      func.call @host_mix(%cur, %nxt) : (memref<?xi32>, memref<?xi32>) -> ()
      func.call @host_mix(%nxt, %cur) : (memref<?xi32>, memref<?xi32>) -> ()
      func.call @host_mix(%cur, %nxt) : (memref<?xi32>, memref<?xi32>) -> ()
      %km = arith.remui %k, %c3 : index
      %swap = arith.cmpi ne, %km, %c2 : index
      %p:2 = scf.if %swap -> (memref<?xi32>, memref<?xi32>) {
        scf.yield %cur, %nxt : memref<?xi32>, memref<?xi32>
      } else {
        func.call @host_accum(%cur, %nxt) : (memref<?xi32>, memref<?xi32>) -> ()
        scf.yield %nxt, %cur : memref<?xi32>, memref<?xi32>
      }
      scf.yield %p#0, %p#1 : memref<?xi32>, memref<?xi32>
    }
    %same = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
      %v = memref.load %res#0[%i] : memref<?xi32>
      %w = memref.load %ref#0[%i] : memref<?xi32>
      %eq = arith.cmpi eq, %v, %w : i32
      %inc = arith.addi %acc, %c1 : index
      %next = arith.select %eq, %inc, %acc : index
      scf.yield %next : index
    }
    %all = arith.cmpi eq, %same, %n : index
    %probe = arith.constant 4321 : index
    %x = memref.load %res#0[%probe] : memref<?xi32>
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %r64 = arith.index_cast %rounds : index to i64
    %n64 = arith.index_cast %n : index to i64
    %same64 = arith.index_cast %same : index to i64
    llvm.call @printf(%fmt, %r64, %n64, %same64, %x, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i32, !llvm.ptr) -> i32
    memref.dealloc %a : memref<?xi32>
    memref.dealloc %b : memref<?xi32>
    memref.dealloc %ra : memref<?xi32>
    memref.dealloc %rb : memref<?xi32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
