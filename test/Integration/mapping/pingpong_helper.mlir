// pingpong_helper: a solver's ping-pong loop written in a helper,
// @relax(u, v), which runs 4 smoothing steps u -> v -> u ... and reads one
// element of u on the host afterwards; main calls it 6 times and sums what
// it read. The compiler should keep both buffers on the device across all
// the calls (the helper's loop launches on both arguments): copy u in once,
// allocate v, bring back one element per call and u at the end. The result
// is checked against the same steps on the host.
//
//   offload-cc pingpong_helper.mlir -o pingpong_helper && ./pingpong_helper
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  // out[i] = (3 in[i] + in[(i + 1) mod n]) mod 65521, n the size of out
  // (it writes all of it).
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

  func.func private @relax(%u: memref<?xi32>, %v: memref<?xi32>) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %probe = arith.constant 777 : index
    %r:2 = scf.for %k = %c0 to %c4 step %c1
        iter_args(%cur = %u, %nxt = %v) -> (memref<?xi32>, memref<?xi32>) {
      offload.launch @mix(%cur, %nxt) : (memref<?xi32>, memref<?xi32>) -> ()
      scf.yield %nxt, %cur : memref<?xi32>, memref<?xi32>
    }
    %x = memref.load %u[%probe] : memref<?xi32>
    return %x : i32
  }

  // The same steps on the host, for the check.
  func.func private @host_relax(%u: memref<?xi32>, %v: memref<?xi32>) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %probe = arith.constant 777 : index
    %n = memref.dim %u, %c0 : memref<?xi32>
    %three = arith.constant 3 : i32
    %m = arith.constant 65521 : i32
    %r:2 = scf.for %k = %c0 to %c4 step %c1
        iter_args(%cur = %u, %nxt = %v) -> (memref<?xi32>, memref<?xi32>) {
      scf.for %i = %c0 to %n step %c1 {
        %ip = arith.addi %i, %c1 : index
        %wrap = arith.cmpi eq, %ip, %n : index
        %j = arith.select %wrap, %c0, %ip : index
        %x = memref.load %cur[%i] : memref<?xi32>
        %y = memref.load %cur[%j] : memref<?xi32>
        %x3 = arith.muli %x, %three : i32
        %s = arith.addi %x3, %y : i32
        %q = arith.remui %s, %m : i32
        memref.store %q, %nxt[%i] : memref<?xi32>
      }
      scf.yield %nxt, %cur : memref<?xi32>, memref<?xi32>
    }
    %x = memref.load %u[%probe] : memref<?xi32>
    return %x : i32
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("pingpong_helper: %ld calls over %ld integers, %ld equal to the host's, sum %d (host %d): %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 262144 : index
    %calls = arith.constant 6 : index
    %seed = arith.constant 7919 : i32
    %m = arith.constant 65521 : i32
    %zero = arith.constant 0 : i32
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
    %sum = scf.for %e = %c0 to %calls step %c1 iter_args(%acc = %zero) -> i32 {
      %x = func.call @relax(%a, %b) : (memref<?xi32>, memref<?xi32>) -> i32
      %t = arith.addi %acc, %x : i32
      scf.yield %t : i32
    }
    %rsum = scf.for %e = %c0 to %calls step %c1 iter_args(%acc = %zero) -> i32 {
      %x = func.call @host_relax(%ra, %rb) : (memref<?xi32>, memref<?xi32>) -> i32
      %t = arith.addi %acc, %x : i32
      scf.yield %t : i32
    }
    %same = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
      %v = memref.load %a[%i] : memref<?xi32>
      %w = memref.load %ra[%i] : memref<?xi32>
      %eq = arith.cmpi eq, %v, %w : i32
      %inc = arith.addi %acc, %c1 : index
      %next = arith.select %eq, %inc, %acc : index
      scf.yield %next : index
    }
    %alleq = arith.cmpi eq, %same, %n : index
    %sumeq = arith.cmpi eq, %sum, %rsum : i32
    %all = arith.andi %alleq, %sumeq : i1
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %calls64 = arith.index_cast %calls : index to i64
    %n64 = arith.index_cast %n : index to i64
    %same64 = arith.index_cast %same : index to i64
    llvm.call @printf(%fmt, %calls64, %n64, %same64, %sum, %rsum, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i32, i32, !llvm.ptr) -> i32
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
