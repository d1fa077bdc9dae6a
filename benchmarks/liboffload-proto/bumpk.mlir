// The prototype's kernel written in our dialect: x[0] = 3 * x[0] + k. Built
// with `offload-cc bumpk.mlir --save-temps` only for the device image it
// embeds (bumpk.nvptx-sm_90.cubin, or .bc with `nvptx:sm_90:bitcode`), which
// proto.c loads with olCreateProgram to show that liboffload takes the bytes
// our compiler embeds and that our kernel ABI (dyn_ptr, then 8 bytes per
// argument, a memref<?xi32> as pointer + size) is what olLaunchKernel's
// packed argument buffer must hold.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  offload.kernel @bumpk(%x: memref<?xi32>, %k: i64) {
    %c0 = arith.constant 0 : index
    %v = memref.load %x[%c0] : memref<?xi32>
    %c3 = arith.constant 3 : i32
    %m = arith.muli %v, %c3 : i32
    %kk = arith.trunci %k : i64 to i32
    %r = arith.addi %m, %kk : i32
    memref.store %r, %x[%c0] : memref<?xi32>
    offload.return
  }
  func.func @main() -> i32 {
    %z = arith.constant 0 : i32
    return %z : i32
  }
}
