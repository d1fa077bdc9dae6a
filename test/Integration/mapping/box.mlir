// box: a 2-D box of two 512 x 1024 f32 matrices, rows [128, 384) by columns
// [256, 320), on the device: a[i][j] = 2 * a[i][j] and b[i][j] = a[i][j] + 1
// (the doubled value) inside the box only, checked on the host. The kernel's
// parallel loop runs over the box and indexes both with its induction
// variables, so it touches only that box: the compiler maps the box (a
// 'tofrom', b 'from'), which moves one 256-byte piece per row, 256 rows,
// 64 KiB each way per matrix, not the 256 whole rows (1 MiB). The host's
// elements outside the box must stay as they were (the program checks
// every element of both).
//
//   offload-cc box.mlir -o box && ./box
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @box(%r0: index, %r1: index, %c0: index, %c1: index,
                      %a: memref<?x?xf32>, %b: memref<?x?xf32>) {
    %one = arith.constant 1 : index
    %two = arith.constant 2.0 : f32
    %fone = arith.constant 1.0 : f32
    scf.parallel (%i, %j) = (%r0, %c0) to (%r1, %c1) step (%one, %one) {
      %x = memref.load %a[%i, %j] : memref<?x?xf32>
      %y = arith.mulf %two, %x : f32
      memref.store %y, %a[%i, %j] : memref<?x?xf32>
      %z = arith.addf %y, %fone : f32
      memref.store %z, %b[%i, %j] : memref<?x?xf32>
    }
    offload.return
  }

  /// (i * 1024 + j) mod 1000 as a float, plus `shift`.
  func.func @pattern(%i: index, %j: index, %shift: f32) -> f32 {
    %c1024 = arith.constant 1024 : index
    %c1000 = arith.constant 1000 : index
    %row = arith.muli %i, %c1024 : index
    %v = arith.addi %row, %j : index
    %r = arith.remui %v, %c1000 : index
    %ri = arith.index_cast %r : index to i32
    %f = arith.sitofp %ri : i32 to f32
    %s = arith.addf %f, %shift : f32
    return %s : f32
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("box: %ld x %ld, rows [%ld, %ld) x columns [%ld, %ld) changed, %ld of %ld elements as expected: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %m = arith.constant 512 : index
    %n = arith.constant 1024 : index
    %r0 = arith.constant 128 : index
    %r1 = arith.constant 384 : index
    %k0 = arith.constant 256 : index
    %k1 = arith.constant 320 : index
    %zero = arith.constant 0.0 : f32
    %half = arith.constant 0.5 : f32
    %two = arith.constant 2.0 : f32
    %fone = arith.constant 1.0 : f32
    %a = memref.alloc(%m, %n) : memref<?x?xf32>
    %b = memref.alloc(%m, %n) : memref<?x?xf32>
    scf.for %i = %c0 to %m step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %v = func.call @pattern(%i, %j, %zero) : (index, index, f32) -> f32
        memref.store %v, %a[%i, %j] : memref<?x?xf32>
        %w = func.call @pattern(%i, %j, %half) : (index, index, f32) -> f32
        memref.store %w, %b[%i, %j] : memref<?x?xf32>
      }
    }

    offload.launch @box(%r0, %r1, %k0, %k1, %a, %b) : (index, index, index, index, memref<?x?xf32>, memref<?x?xf32>) -> ()

    // Inside the box a doubled and b the doubled value plus 1; outside
    // both as the host wrote them.
    %ok = scf.for %i = %c0 to %m step %c1 iter_args(%count = %c0) -> index {
      %row = scf.for %j = %c0 to %n step %c1 iter_args(%cnt = %count) -> index {
        %v = func.call @pattern(%i, %j, %zero) : (index, index, f32) -> f32
        %w = func.call @pattern(%i, %j, %half) : (index, index, f32) -> f32
        %d = arith.mulf %two, %v : f32
        %d1 = arith.addf %d, %fone : f32
        %ge = arith.cmpi uge, %i, %r0 : index
        %lt = arith.cmpi ult, %i, %r1 : index
        %gej = arith.cmpi uge, %j, %k0 : index
        %ltj = arith.cmpi ult, %j, %k1 : index
        %in0 = arith.andi %ge, %lt : i1
        %in1 = arith.andi %gej, %ltj : i1
        %in = arith.andi %in0, %in1 : i1
        %ea = arith.select %in, %d, %v : f32
        %eb = arith.select %in, %d1, %w : f32
        %ga = memref.load %a[%i, %j] : memref<?x?xf32>
        %gb = memref.load %b[%i, %j] : memref<?x?xf32>
        %oka = arith.cmpf oeq, %ga, %ea : f32
        %okb = arith.cmpf oeq, %gb, %eb : f32
        %inc1 = arith.addi %cnt, %c1 : index
        %inc2 = arith.addi %cnt, %c2 : index
        %one_ok = arith.select %okb, %inc1, %cnt : index
        %both = arith.select %okb, %inc2, %inc1 : index
        %next = arith.select %oka, %both, %one_ok : index
        scf.yield %next : index
      }
      scf.yield %row : index
    }
    %mn = arith.muli %m, %n : index
    %total = arith.muli %mn, %c2 : index
    %all = arith.cmpi eq, %ok, %total : index
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %r064 = arith.index_cast %r0 : index to i64
    %r164 = arith.index_cast %r1 : index to i64
    %k064 = arith.index_cast %k0 : index to i64
    %k164 = arith.index_cast %k1 : index to i64
    %ok64 = arith.index_cast %ok : index to i64
    %t64 = arith.index_cast %total : index to i64
    llvm.call @printf(%fmt, %m64, %n64, %r064, %r164, %k064, %k164, %ok64, %t64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64, i64, i64, i64, !llvm.ptr) -> i32
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
