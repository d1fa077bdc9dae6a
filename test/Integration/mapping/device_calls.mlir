// device_calls: a loop of 10 calls to step(a, d), each launching a += 1
// twice on device d (`device(%d)`, d = 1 here). offload-hoist-transfers
// keeps a on device 1 around the whole loop (the caller's data ops name the
// device the callee's launches pick) and calls a copy of step entered with
// a there. device_calls.test checks the copies and the result.
//
//   offload-cc device_calls.mlir -o device_calls && ./device_calls
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

  func.func @step(%a: memref<?xf32>, %d: i32) {
    offload.launch @inc(%a) device(%d : i32) : (memref<?xf32>) -> ()
    offload.launch @inc(%a) device(%d : i32) : (memref<?xf32>) -> ()
    return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("device_calls: %ld of %ld elements equal 20 + i mod 1024\0A\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %c1024 = arith.constant 1024 : index
    %n = arith.constant 1048576 : index
    %dev = arith.constant 1 : i32
    %a = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %r = arith.remui %i, %c1024 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      memref.store %f, %a[%i] : memref<?xf32>
    }
    scf.for %k = %c0 to %c10 step %c1 {
      func.call @step(%a, %dev) : (memref<?xf32>, i32) -> ()
    }
    %twenty = arith.constant 20.0 : f32
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
      %r = arith.remui %i, %c1024 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      %want = arith.addf %f, %twenty : f32
      %got = memref.load %a[%i] : memref<?xf32>
      %eq = arith.cmpf oeq, %want, %got : f32
      %inc = arith.addi %acc, %c1 : index
      %next = arith.select %eq, %inc, %acc : index
      scf.yield %next : index
    }
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %ok64 = arith.index_cast %ok : index to i64
    %n64 = arith.index_cast %n : index to i64
    llvm.call @printf(%fmt, %ok64, %n64) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
    memref.dealloc %a : memref<?xf32>
    %z = arith.constant 0 : i32
    return %z : i32
  }
}
