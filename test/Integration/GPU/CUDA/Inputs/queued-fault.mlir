// A queued kernel that faults (it writes far outside its buffer): the
// failure surfaces when the program waits, and stops it with a message that
// names the device, the kernel and where it was launched and waited for.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">, #offload.host]} {
  offload.kernel @wild(%x: memref<?xf32>, %far: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
      %j = arith.addi %i, %far : index
      memref.store %one, %x[%j] : memref<?xf32>
    }
    offload.return
  }

  func.func @launch_wild(%x: memref<?xf32>, %far: index) {
    offload.launch @wild(%x, %far) : (memref<?xf32>, index) -> ()
    return
  }

  func.func @main() -> i32 {
    %c16 = arith.constant 16 : index
    // 2^40 elements past the buffer.
    %far = arith.constant 1099511627776 : index
    %x = memref.alloc(%c16) : memref<?xf32>
    offload.enter_data map(alloc: %x : memref<?xf32>)
    func.call @launch_wild(%x, %far) : (memref<?xf32>, index) -> ()
    offload.exit_data map(release: %x : memref<?xf32>)
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
