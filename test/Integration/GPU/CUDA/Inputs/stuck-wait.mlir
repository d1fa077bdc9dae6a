// A tensor-core matmul built as a debug build (offload.bounded_waits: every
// mbarrier wait gives up after 500 ms). Run normally it prints C's sum
// (256 x 256 elements of 64 x 1 x 1 = 4194304). With
// OFFLOAD_TEST_SHORT_TMA_BOX=1 the runtime halves every tensor map's box,
// so the stages never receive the bytes their mbarriers expect: the wait
// gives up, the kernel prints its name and traps, and the launch fails
// instead of hanging.
module attributes {offload.bounded_waits = 500 : i64,
                   offload.targets = [#offload.nvptx<chip = "sm_90">, #offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("sum %f\0A\00") {addr_space = 0 : i32}

  offload.kernel @mm(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xbf16>, memref<?x?xbf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 256 : index
    %k = arith.constant 64 : index
    %one = arith.constant 1.0 : bf16
    %a = memref.alloc(%n, %k) : memref<?x?xbf16>
    %b = memref.alloc(%k, %n) : memref<?x?xbf16>
    %c = memref.alloc(%n, %n) : memref<?x?xf32>
    linalg.fill ins(%one : bf16) outs(%a : memref<?x?xbf16>)
    linalg.fill ins(%one : bf16) outs(%b : memref<?x?xbf16>)
    offload.launch @mm(%a, %b, %c) : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xf32>) -> ()
    %zero = arith.constant 0.0 : f32
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%s = %zero) -> f32 {
      %row = scf.for %j = %c0 to %n step %c1 iter_args(%t = %s) -> f32 {
        %v = memref.load %c[%i, %j] : memref<?x?xf32>
        %u = arith.addf %t, %v : f32
        scf.yield %u : f32
      }
      scf.yield %row : f32
    }
    %wide = arith.extf %sum : f32 to f64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %wide) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32
    memref.dealloc %a : memref<?x?xbf16>
    memref.dealloc %b : memref<?x?xbf16>
    memref.dealloc %c : memref<?x?xf32>
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
