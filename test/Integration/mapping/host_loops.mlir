// host_loops: host writes that are not one element (a loop storing some
// elements, a copy into a view) between launches that keep the buffer on
// the device. The update after the memref.copy sends all of the buffer to
// the device, so the host first brings back what the launches wrote there;
// otherwise its stale copy of the other elements would overwrite theirs.
// The host loops store every element of the section they reach: that
// section alone goes to the device, and nothing comes back first.
//   1. In one function: @inc adds 1 to all of y (16 elements, y[i] = i
//      first), a host loop stores 100 into y[2] and y[3], @inc again, a
//      memref.copy writes 7, 7 into y[10, 12), @inc again.
//   2. Across calls: 5 times, @inc on z, then @poke(z, 4), whose host loop
//      stores 50 into z[4] and z[5] (z[i] = i first).
// Both check every element.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @inc(%a: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %n = memref.dim %a, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %a[%i] : memref<?xi32>
      %w = arith.addi %v, %one : i32
      memref.store %w, %a[%i] : memref<?xi32>
    }
    offload.return
  }

  /// Stores 50 into a[j] and a[j + 1] on the host.
  func.func private @poke(%a: memref<?xi32>, %j: index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %fifty = arith.constant 50 : i32
    %e = arith.addi %j, %c2 : index
    scf.for %k = %j to %e step %c1 {
      memref.store %fifty, %a[%k] : memref<?xi32>
    }
    return
  }

  /// a[i] = i.
  func.func private @iota(%a: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %a[%i] : memref<?xi32>
    }
    return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("host_loops: one function %ld of 16, across calls %ld of 16\0A\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c10 = arith.constant 10 : index
    %c12 = arith.constant 12 : index
    %c16 = arith.constant 16 : index
    %hundred = arith.constant 100 : i32
    %seven = arith.constant 7 : i32
    %zero64 = arith.constant 0 : i64
    %one64 = arith.constant 1 : i64

    %y = memref.alloc(%c16) : memref<?xi32>
    func.call @iota(%y) : (memref<?xi32>) -> ()
    %sevens = memref.alloc() : memref<2xi32>
    memref.store %seven, %sevens[%c0] : memref<2xi32>
    memref.store %seven, %sevens[%c1] : memref<2xi32>
    offload.launch @inc(%y) : (memref<?xi32>) -> ()
    scf.for %j = %c2 to %c4 step %c1 {
      memref.store %hundred, %y[%j] : memref<?xi32>
    }
    offload.launch @inc(%y) : (memref<?xi32>) -> ()
    %v = memref.subview %y[10] [2] [1] : memref<?xi32> to memref<2xi32, strided<[1], offset: 10>>
    memref.copy %sevens, %v : memref<2xi32> to memref<2xi32, strided<[1], offset: 10>>
    offload.launch @inc(%y) : (memref<?xi32>) -> ()
    // y[i] = i + 3, y[2, 4) = 102, y[10, 12) = 8.
    %ok1 = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero64) -> i64 {
      %ii = arith.index_cast %i : index to i32
      %three = arith.constant 3 : i32
      %base = arith.addi %ii, %three : i32
      %lo = arith.cmpi sge, %i, %c2 : index
      %hi = arith.cmpi slt, %i, %c4 : index
      %in1 = arith.andi %lo, %hi : i1
      %lo2 = arith.cmpi sge, %i, %c10 : index
      %hi2 = arith.cmpi slt, %i, %c12 : index
      %in2 = arith.andi %lo2, %hi2 : i1
      %c102 = arith.constant 102 : i32
      %c8 = arith.constant 8 : i32
      %e1 = arith.select %in1, %c102, %base : i32
      %e = arith.select %in2, %c8, %e1 : i32
      %g = memref.load %y[%i] : memref<?xi32>
      %eq = arith.cmpi eq, %g, %e : i32
      %inc = arith.addi %acc, %one64 : i64
      %next = arith.select %eq, %inc, %acc : i64
      scf.yield %next : i64
    }

    %z = memref.alloc(%c16) : memref<?xi32>
    func.call @iota(%z) : (memref<?xi32>) -> ()
    scf.for %it = %c0 to %c5 step %c1 {
      offload.launch @inc(%z) : (memref<?xi32>) -> ()
      func.call @poke(%z, %c4) : (memref<?xi32>, index) -> ()
    }
    // z[i] = i + 5, z[4, 6) = 50.
    %ok2 = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero64) -> i64 {
      %ii = arith.index_cast %i : index to i32
      %five = arith.constant 5 : i32
      %base = arith.addi %ii, %five : i32
      %lo = arith.cmpi sge, %i, %c4 : index
      %hi = arith.cmpi slt, %i, %c6 : index
      %in = arith.andi %lo, %hi : i1
      %c50 = arith.constant 50 : i32
      %e = arith.select %in, %c50, %base : i32
      %g = memref.load %z[%i] : memref<?xi32>
      %eq = arith.cmpi eq, %g, %e : i32
      %inc = arith.addi %acc, %one64 : i64
      %next = arith.select %eq, %inc, %acc : i64
      scf.yield %next : i64
    }
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %ok1, %ok2) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
    memref.dealloc %y : memref<?xi32>
    memref.dealloc %z : memref<?xi32>
    memref.dealloc %sevens : memref<2xi32>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
