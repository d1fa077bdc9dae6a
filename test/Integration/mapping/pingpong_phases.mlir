// pingpong_phases: pingpong in two phases: a loop of 60 smoothing steps
// swapping the two buffers in its iteration arguments, then a second such
// loop of 40 steps starting with the first one's results. The first loop
// leaves the buffers on the device for the second, which takes them as its
// enter: nothing crosses between the phases, and only the result's buffer
// comes back. The result is checked against the same steps on the host.
//
//   offload-cc pingpong_phases.mlir -o pingpong_phases && ./pingpong_phases
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  // out[i] = (in[i-1] + 2 in[i] + in[i+1]) mod 65521 inside, the ends
  // copied.
  offload.kernel @smooth(%in: memref<1048576xi32>, %out: memref<1048576xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 1048576 : index
    %last = arith.constant 1048575 : index
    %two = arith.constant 2 : i32
    %m = arith.constant 65521 : i32
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %first = arith.cmpi eq, %i, %c0 : index
      %end = arith.cmpi eq, %i, %last : index
      %edge = arith.ori %first, %end : i1
      %v = scf.if %edge -> i32 {
        %x = memref.load %in[%i] : memref<1048576xi32>
        scf.yield %x : i32
      } else {
        %im = arith.subi %i, %c1 : index
        %ip = arith.addi %i, %c1 : index
        %l = memref.load %in[%im] : memref<1048576xi32>
        %c = memref.load %in[%i] : memref<1048576xi32>
        %r = memref.load %in[%ip] : memref<1048576xi32>
        %c2 = arith.muli %c, %two : i32
        %s = arith.addi %l, %c2 : i32
        %t = arith.addi %s, %r : i32
        %u = arith.remui %t, %m : i32
        scf.yield %u : i32
      }
      memref.store %v, %out[%i] : memref<1048576xi32>
    }
    offload.return
  }

  // The same step on the host, for the check.
  func.func @host_smooth(%in: memref<1048576xi32>, %out: memref<1048576xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %last = arith.constant 1048575 : index
    %two = arith.constant 2 : i32
    %m = arith.constant 65521 : i32
    %x0 = memref.load %in[%c0] : memref<1048576xi32>
    memref.store %x0, %out[%c0] : memref<1048576xi32>
    %xl = memref.load %in[%last] : memref<1048576xi32>
    memref.store %xl, %out[%last] : memref<1048576xi32>
    scf.for %i = %c1 to %last step %c1 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %in[%im] : memref<1048576xi32>
      %c = memref.load %in[%i] : memref<1048576xi32>
      %r = memref.load %in[%ip] : memref<1048576xi32>
      %c2 = arith.muli %c, %two : i32
      %s = arith.addi %l, %c2 : i32
      %t = arith.addi %s, %r : i32
      %u = arith.remui %t, %m : i32
      memref.store %u, %out[%i] : memref<1048576xi32>
    }
    return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("pingpong_phases: %ld steps over %ld integers, %ld equal to the host's, x[12345] = %d: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 1048576 : index
    %steps = arith.constant 100 : index
    %seed = arith.constant 7919 : i32
    %m = arith.constant 65521 : i32
    %a = memref.alloc() : memref<1048576xi32>
    %b = memref.alloc() : memref<1048576xi32>
    %ra = memref.alloc() : memref<1048576xi32>
    %rb = memref.alloc() : memref<1048576xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %v = arith.muli %ii, %seed : i32
      %w = arith.remui %v, %m : i32
      memref.store %w, %a[%i] : memref<1048576xi32>
      memref.store %w, %ra[%i] : memref<1048576xi32>
    }
    %first = arith.constant 60 : index
    %phase:2 = scf.for %k = %c0 to %first step %c1
        iter_args(%cur = %a, %nxt = %b) -> (memref<1048576xi32>, memref<1048576xi32>) {
      offload.launch @smooth(%cur, %nxt) : (memref<1048576xi32>, memref<1048576xi32>) -> ()
      scf.yield %nxt, %cur : memref<1048576xi32>, memref<1048576xi32>
    }
    %res:2 = scf.for %k = %first to %steps step %c1
        iter_args(%cur = %phase#0, %nxt = %phase#1) -> (memref<1048576xi32>, memref<1048576xi32>) {
      offload.launch @smooth(%cur, %nxt) : (memref<1048576xi32>, memref<1048576xi32>) -> ()
      scf.yield %nxt, %cur : memref<1048576xi32>, memref<1048576xi32>
    }
    %ref:2 = scf.for %k = %c0 to %steps step %c1
        iter_args(%cur = %ra, %nxt = %rb) -> (memref<1048576xi32>, memref<1048576xi32>) {
      func.call @host_smooth(%cur, %nxt) : (memref<1048576xi32>, memref<1048576xi32>) -> ()
      scf.yield %nxt, %cur : memref<1048576xi32>, memref<1048576xi32>
    }
    %same = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
      %v = memref.load %res#0[%i] : memref<1048576xi32>
      %w = memref.load %ref#0[%i] : memref<1048576xi32>
      %eq = arith.cmpi eq, %v, %w : i32
      %inc = arith.addi %acc, %c1 : index
      %next = arith.select %eq, %inc, %acc : index
      scf.yield %next : index
    }
    %all = arith.cmpi eq, %same, %n : index
    %probe = arith.constant 12345 : index
    %x = memref.load %res#0[%probe] : memref<1048576xi32>
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %s64 = arith.index_cast %steps : index to i64
    %n64 = arith.index_cast %n : index to i64
    %same64 = arith.index_cast %same : index to i64
    llvm.call @printf(%fmt, %s64, %n64, %same64, %x, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i32, !llvm.ptr) -> i32
    memref.dealloc %a : memref<1048576xi32>
    memref.dealloc %b : memref<1048576xi32>
    memref.dealloc %ra : memref<1048576xi32>
    memref.dealloc %rb : memref<1048576xi32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
