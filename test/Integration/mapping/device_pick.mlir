// device_pick: host_read's loop on a device the program picks. A function
// steps(a, launches, d) runs 10 launches that each add 1 to every element of
// a 2^20 f32 array on device d (`device(%d)`), the host reading a single
// element a[k] after each; main calls it with d = 1. The compiler should
// keep a on device d for the whole loop (enter and exit on d) and bring
// back just the element the host reads after each launch, from d.
//
//   offload-cc device_pick.mlir -o device_pick && ./device_pick
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @inc(%a: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    %n = memref.dim %a, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ai = memref.load %a[%i] : memref<?xf32>
      %r = arith.addf %ai, %one : f32
      memref.store %r, %a[%i] : memref<?xf32>
    }
    offload.return
  }

  /// v mod 1024 as a float.
  func.func @pattern(%v: index) -> f32 {
    %c1024 = arith.constant 1024 : index
    %r = arith.remui %v, %c1024 : index
    %i = arith.index_cast %r : index to i32
    %f = arith.sitofp %i : i32 to f32
    return %f : f32
  }

  /// The element the host reads after launch %it: 100003 * it + 7.
  func.func @probe(%it: index) -> index {
    %stride = arith.constant 100003 : index
    %c7 = arith.constant 7 : index
    %m = arith.muli %it, %stride : index
    %k = arith.addi %m, %c7 : index
    return %k : index
  }

  /// Launches of a += 1 on device d, the host reading one element of a
  /// after each; the sum of what it read.
  func.func @steps(%a: memref<?xf32>, %launches: index, %d: i32) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %sum = scf.for %it = %c0 to %launches step %c1 iter_args(%s = %zero) -> f32 {
      offload.launch @inc(%a) device(%d : i32) : (memref<?xf32>) -> ()
      %k = func.call @probe(%it) : (index) -> index
      %v = memref.load %a[%k] : memref<?xf32>
      %next = arith.addf %s, %v : f32
      scf.yield %next : f32
    }
    return %sum : f32
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("device_pick: n = %ld, %ld launches of a += 1 on device %d, checksum of a[k] after each = %.1f (expected %.1f), %ld of %ld elements as expected: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %n = arith.constant 1048576 : index
    %launches = arith.constant 10 : index
    %a = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = func.call @pattern(%i) : (index) -> f32
      memref.store %v, %a[%i] : memref<?xf32>
    }

    %dev = arith.constant 1 : i32
    %sum = func.call @steps(%a, %launches, %dev) : (memref<?xf32>, index, i32) -> f32

    // After launch it, a[k] = pattern(k) + it + 1; all the values are small
    // integers, so the sums are exact.
    %expect = scf.for %it = %c0 to %launches step %c1 iter_args(%s = %zero) -> f32 {
      %k = func.call @probe(%it) : (index) -> index
      %v = func.call @pattern(%k) : (index) -> f32
      %it1 = arith.addi %it, %c1 : index
      %it1i = arith.index_cast %it1 : index to i32
      %it1f = arith.sitofp %it1i : i32 to f32
      %w = arith.addf %v, %it1f : f32
      %next = arith.addf %s, %w : f32
      scf.yield %next : f32
    }
    %li = arith.index_cast %launches : index to i32
    %lf = arith.sitofp %li : i32 to f32
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%count = %c0) -> index {
      %v = func.call @pattern(%i) : (index) -> f32
      %w = arith.addf %v, %lf : f32
      %got = memref.load %a[%i] : memref<?xf32>
      %eq = arith.cmpf oeq, %got, %w : f32
      %inc = arith.addi %count, %c1 : index
      %next = arith.select %eq, %inc, %count : index
      scf.yield %next : index
    }
    %allok = arith.cmpi eq, %ok, %n : index
    %sumok = arith.cmpf oeq, %sum, %expect : f32
    %all = arith.andi %allok, %sumok : i1
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %n64 = arith.index_cast %n : index to i64
    %l64 = arith.index_cast %launches : index to i64
    %sum64 = arith.extf %sum : f32 to f64
    %expect64 = arith.extf %expect : f32 to f64
    %ok64 = arith.index_cast %ok : index to i64
    llvm.call @printf(%fmt, %n64, %l64, %dev, %sum64, %expect64, %ok64, %n64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i32, f64, f64, i64, i64, !llvm.ptr) -> i32
    memref.dealloc %a : memref<?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
