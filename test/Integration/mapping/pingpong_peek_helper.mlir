// pingpong_peek_helper: pingpong whose result the caller checks through a
// helper, @peek(r, k), reading one element of it on the host, at four
// indices. The calls join the loop's span and go to the helper's resident
// copy, which brings back just the element it reads: 16 bytes back instead
// of the result's 4 MiB. The elements are checked against the same steps
// on the host.
//
//   offload-cc pingpong_peek_helper.mlir -o pingpong_peek_helper && ./pingpong_peek_helper
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

  func.func private @peek(%r: memref<1048576xi32>, %k: index) -> i32 {
    %v = memref.load %r[%k] : memref<1048576xi32>
    return %v : i32
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
  llvm.mlir.global private constant @result("pingpong_peek_helper: %ld steps, x[0] x[1] x[12345] x[1048575] = %d %d %d %d, as the host's: %s\0A\00") {addr_space = 0 : i32}
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
    %res:2 = scf.for %k = %c0 to %steps step %c1
        iter_args(%cur = %a, %nxt = %b) -> (memref<1048576xi32>, memref<1048576xi32>) {
      offload.launch @smooth(%cur, %nxt) : (memref<1048576xi32>, memref<1048576xi32>) -> ()
      scf.yield %nxt, %cur : memref<1048576xi32>, memref<1048576xi32>
    }
    %ref:2 = scf.for %k = %c0 to %steps step %c1
        iter_args(%cur = %ra, %nxt = %rb) -> (memref<1048576xi32>, memref<1048576xi32>) {
      func.call @host_smooth(%cur, %nxt) : (memref<1048576xi32>, memref<1048576xi32>) -> ()
      scf.yield %nxt, %cur : memref<1048576xi32>, memref<1048576xi32>
    }
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 12345 : index
    %k3 = arith.constant 1048575 : index
    %x0 = func.call @peek(%res#0, %c0) : (memref<1048576xi32>, index) -> i32
    %x1 = func.call @peek(%res#0, %k1) : (memref<1048576xi32>, index) -> i32
    %x2 = func.call @peek(%res#0, %k2) : (memref<1048576xi32>, index) -> i32
    %x3 = func.call @peek(%res#0, %k3) : (memref<1048576xi32>, index) -> i32
    %y0 = memref.load %ref#0[%c0] : memref<1048576xi32>
    %y1 = memref.load %ref#0[%k1] : memref<1048576xi32>
    %y2 = memref.load %ref#0[%k2] : memref<1048576xi32>
    %y3 = memref.load %ref#0[%k3] : memref<1048576xi32>
    %e0 = arith.cmpi eq, %x0, %y0 : i32
    %e1 = arith.cmpi eq, %x1, %y1 : i32
    %e2 = arith.cmpi eq, %x2, %y2 : i32
    %e3 = arith.cmpi eq, %x3, %y3 : i32
    %e01 = arith.andi %e0, %e1 : i1
    %e23 = arith.andi %e2, %e3 : i1
    %all = arith.andi %e01, %e23 : i1
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %s64 = arith.index_cast %steps : index to i64
    llvm.call @printf(%fmt, %s64, %x0, %x1, %x2, %x3, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i32, i32, i32, i32, !llvm.ptr) -> i32
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
