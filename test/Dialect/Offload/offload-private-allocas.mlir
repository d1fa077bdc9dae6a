// RUN: offload-opt %s --offload-private-allocas | FileCheck %s

// An alloca of the default memory space allocates in private memory and is
// cast back for its users; one already in a memory space stays.
// CHECK-LABEL: gpu.func @scratch(
// CHECK: %[[P:.*]] = memref.alloca(%{{.*}}) : memref<4x?xf32, #gpu.address_space<private>>
// CHECK-NEXT: %[[A:.*]] = memref.memory_space_cast %[[P]] : memref<4x?xf32, #gpu.address_space<private>> to memref<4x?xf32>
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: memref.alloca() : memref<2xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: memory_space_cast
// CHECK: gpu.return
gpu.module @device {
  gpu.func @scratch(%n: index, %v: f32) kernel {
    %c0 = arith.constant 0 : index
    %a = memref.alloca(%n) : memref<4x?xf32>
    memref.store %v, %a[%c0, %c0] : memref<4x?xf32>
    %w = memref.alloca() : memref<2xf32, #gpu.address_space<workgroup>>
    memref.store %v, %w[%c0] : memref<2xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
