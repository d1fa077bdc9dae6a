// RUN: offload-opt %s --convert-gpu-to-offload -split-input-file | FileCheck %s

// Kernels go into the device module of each target with the runtime's
// calling convention (a leading pointer; a memref as its first-element
// pointer and its dynamic size; the scalar as an i64), then the grid, the
// block and the dynamic shared memory. On the GPU the body stays; on the
// host a body function runs for every thread of every block.

// CHECK-LABEL: module attributes {gpu.container_module
// CHECK-DAG: llvm.mlir.global internal constant @__offload_region_scale(0 : i8) {addr_space = 0 : i32, offload.entry = "scale"}
// CHECK-DAG: llvm.func @__offload_gpu_launch(!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i32, i32, !llvm.ptr, !llvm.ptr)
// CHECK-DAG: llvm.func @__offload_gpu_alloc(!llvm.ptr, i64, i32) -> !llvm.ptr
// CHECK-DAG: llvm.func @__offload_gpu_memcpy(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64)
// CHECK-DAG: llvm.func @__offload_gpu_free(!llvm.ptr, !llvm.ptr)
// CHECK-DAG: llvm.mlir.global internal constant @__offload_gpu_kinds("\01\00\00\00")
// CHECK-DAG: llvm.mlir.global internal constant @__offload_gpu_where{{.*}}("kernel @k::@scale at {{.*}}convert-gpu-to-offload.mlir:{{[0-9]+}}:{{[0-9]+}}\00")
// CHECK-NOT: gpu.module @k

// CHECK-LABEL: func.func @host(
// CHECK-SAME: %[[H:.*]]: memref<?xf32>, %[[N:.*]]: index, %[[S:.*]]: f32)
// CHECK: %[[BYTES:.*]] = arith.muli {{.*}} : i64
// CHECK: %[[PTR:.*]] = llvm.call @__offload_gpu_alloc(%{{.*}}, %[[BYTES]], %{{.*}}) : (!llvm.ptr, i64, i32) -> !llvm.ptr
// CHECK: %[[D:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<?xf32>
// CHECK: llvm.call @__offload_gpu_memcpy
// CHECK: llvm.store
// CHECK: llvm.store
// CHECK: llvm.store
// CHECK: llvm.call @__offload_gpu_launch({{.*}}) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i32, i32, !llvm.ptr, !llvm.ptr) -> ()
// CHECK: llvm.call @__offload_gpu_memcpy
// CHECK: llvm.call @__offload_gpu_free
// CHECK-NOT: gpu.

// CHECK-LABEL: gpu.module @__offload_nvptx_sm_90 [#nvvm.target<O = 3, chip = "sm_90">] attributes {offload.target = #offload.nvptx}
// CHECK: gpu.func @scale(%[[P:.*]]: !llvm.ptr, %[[X:.*]]: !llvm.ptr, %[[XN:.*]]: i64, %[[F:.*]]: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64) kernel
// CHECK: %[[FT:.*]] = arith.trunci %[[F]] : i64 to i32
// CHECK: %[[FF:.*]] = arith.bitcast %[[FT]] : i32 to f32
// CHECK: gpu.global_id x
// CHECK: arith.mulf %{{.*}}, %[[FF]] : f32
// CHECK: gpu.return

// CHECK-LABEL: gpu.module @__offload_host [#offload.host] attributes {offload.target = #offload.host}
// CHECK: func.func private @__offload_gpu_body_scale(%[[BX:.*]]: memref<?xf32>, %[[BF:.*]]: f32, %[[TX:.*]]: index, %{{.*}}: index, %{{.*}}: index, %[[BLX:.*]]: index, %{{.*}}: index, %{{.*}}: index, %[[DX:.*]]: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: memref<?xi8>) attributes {llvm.linkage = #llvm.linkage<internal>}
// CHECK: %[[O:.*]] = arith.muli %[[BLX]], %[[DX]] : index
// CHECK: %[[I:.*]] = arith.addi %[[O]], %[[TX]] : index
// CHECK: memref.load %[[BX]][%[[I]]]
// CHECK-NOT: gpu.
// CHECK: return
// CHECK: func.func @scale(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %[[GX:.*]]: i64, %[[GY:.*]]: i64, %[[GZ:.*]]: i64, %[[KX:.*]]: i64, %[[KY:.*]]: i64, %[[KZ:.*]]: i64, %[[SH:.*]]: i64)
// CHECK: %[[SHI:.*]] = arith.index_cast %[[SH]] : i64 to index
// CHECK: %[[DYN:.*]] = memref.alloc(%[[SHI]]) : memref<?xi8>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: call @__offload_gpu_body_scale(
// CHECK: memref.dealloc %[[DYN]]
module attributes {gpu.container_module, offload.targets = [#offload.nvptx<chip = "sm_90">, #offload.host]} {
  gpu.module @k {
    gpu.func @scale(%x: memref<?xf32>, %f: f32) kernel {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<?xf32>
      %r = arith.mulf %v, %f : f32
      memref.store %r, %x[%i] : memref<?xf32>
      gpu.return
    }
  }
  func.func @host(%h: memref<?xf32>, %n: index, %s: f32) {
    %c1 = arith.constant 1 : index
    %d = gpu.alloc (%n) : memref<?xf32>
    gpu.memcpy %d, %h : memref<?xf32>, memref<?xf32>
    gpu.launch_func @k::@scale blocks in (%n, %c1, %c1) threads in (%c1, %c1, %c1) args(%d : memref<?xf32>, %s : f32)
    gpu.memcpy %h, %d : memref<?xf32>, memref<?xf32>
    gpu.dealloc %d : memref<?xf32>
    return
  }
}

// -----

// Async tokens are dropped (every operation completes before it returns);
// gpu.wait leaves nothing. gpu.memset passes the value's bits, the element
// size and the count; dynamic shared memory goes to the launch.

// CHECK-LABEL: func.func @tokens(
// CHECK-SAME: %[[V:.*]]: f32, %[[SH:.*]]: i32)
// CHECK-NOT: gpu.wait
// CHECK: llvm.call @__offload_gpu_alloc
// CHECK: %[[BITS:.*]] = arith.bitcast %[[V]] : f32 to i32
// CHECK: %[[WIDE:.*]] = arith.extui %[[BITS]] : i32 to i64
// CHECK: %[[FOUR:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: llvm.call @__offload_gpu_memset(%{{.*}}, %{{.*}}, %[[WIDE]], %[[FOUR]], %{{.*}}) : (!llvm.ptr, !llvm.ptr, i64, i32, i64) -> ()
// CHECK: llvm.call @__offload_gpu_launch(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SH]], %{{.*}}, %{{.*}}, %{{.*}})
// CHECK: llvm.call @__offload_gpu_free
// CHECK-NOT: gpu.wait
// CHECK: return
module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  gpu.module @k {
    gpu.func @fill(%x: memref<64xf32>) kernel {
      gpu.return
    }
  }
  func.func @tokens(%v: f32, %sh: i32) {
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<64xf32>
    %t2 = gpu.memset async [%t1] %d, %v : memref<64xf32>, f32
    %t3 = gpu.launch_func async [%t2] @k::@fill blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) dynamic_shared_memory_size %sh args(%d : memref<64xf32>)
    %t4 = gpu.dealloc async [%t3] %d : memref<64xf32>
    gpu.wait [%t4]
    return
  }
}

// -----

// A kernel whose name is not a C identifier (gpu-kernel-outlining names
// kernels after their function: `step.1_kernel`) gets one, in the device
// modules and in the launch; a name taken gets a suffix.
// CHECK-LABEL: module attributes {gpu.container_module
// CHECK-DAG: @__offload_region_step_1_kernel_0(0 : i8) {addr_space = 0 : i32, offload.entry = "step_1_kernel_0"}
// CHECK: func.func @step.1(
// CHECK: llvm.mlir.addressof @__offload_region_step_1_kernel_0
// CHECK-LABEL: gpu.module @__offload_host
// CHECK-DAG: func.func @step_1_kernel_0(
module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  gpu.module @"step.1_kernel" {
    gpu.func @"step.1_kernel"(%x: memref<4xi32>) kernel {
      gpu.return
    }
    gpu.func @step_1_kernel(%x: memref<4xi32>) kernel {
      gpu.return
    }
  }
  func.func @"step.1"(%x: memref<4xi32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @"step.1_kernel"::@"step.1_kernel" blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4xi32>)
    return
  }
}

// -----

// Two gpu.modules that define the same symbols: both get their module's
// name in front, in the device modules and in the launches.

// CHECK-LABEL: module attributes {gpu.container_module
// CHECK-DAG: @__offload_region_a_k(0 : i8) {addr_space = 0 : i32, offload.entry = "a_k"}
// CHECK-DAG: @__offload_region_b_k(0 : i8) {addr_space = 0 : i32, offload.entry = "b_k"}
// CHECK-DAG: @__offload_region_only(0 : i8) {addr_space = 0 : i32, offload.entry = "only"}
// CHECK: func.func @two(
// CHECK: llvm.mlir.addressof @__offload_region_a_k
// CHECK: llvm.mlir.addressof @__offload_region_b_k
// CHECK: llvm.mlir.addressof @__offload_region_only
// CHECK-LABEL: gpu.module @__offload_host
// CHECK-DAG: func.func @a_f(
// CHECK-DAG: func.func @b_f(
// CHECK-DAG: func.func @a_k(
// CHECK-DAG: func.func @b_k(
// CHECK-DAG: func.func @only(
// CHECK-DAG: call @a_f(
// CHECK-DAG: call @b_f(
module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  gpu.module @a {
    func.func @f(%x: memref<4xi32>) {
      return
    }
    gpu.func @k(%x: memref<4xi32>) kernel {
      func.call @f(%x) : (memref<4xi32>) -> ()
      gpu.return
    }
  }
  gpu.module @b {
    func.func @f(%x: memref<4xi32>) {
      return
    }
    gpu.func @k(%x: memref<4xi32>) kernel {
      func.call @f(%x) : (memref<4xi32>) -> ()
      gpu.return
    }
    gpu.func @only(%x: memref<4xi32>) kernel {
      gpu.return
    }
  }
  func.func @two(%x: memref<4xi32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @a::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4xi32>)
    gpu.launch_func @b::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4xi32>)
    gpu.launch_func @b::@only blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4xi32>)
    return
  }
}

// -----

// A kernel with a barrier, built for a GPU and the host: the GPU gets it, the
// host image a kernel that stops the program with a message. Workgroup
// attributions stay on the GPU; gpu.printf becomes printf on the host.

// CHECK-LABEL: gpu.module @__offload_nvptx_sm_90
// CHECK: gpu.func @sync(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64) workgroup(%[[WG:.*]] : memref<32xf32, #gpu.address_space<workgroup>>) kernel
// CHECK: gpu.barrier
// CHECK: gpu.func @hello(
// CHECK: gpu.printf "thread %d\0A"
// CHECK-LABEL: gpu.module @__offload_host
// CHECK-DAG: llvm.mlir.global internal constant @__offload_unsupported("offload: kernel @sync cannot run on the host device: it uses 'gpu.barrier' at {{.*}}convert-gpu-to-offload.mlir:[[#BARRIER:]]:7, which needs the threads of a block to run together\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @__offload_printf("thread %d\0A\00")
// CHECK-DAG: llvm.func @write(i32, !llvm.ptr, i64) -> i64
// CHECK-DAG: llvm.func @abort()
// CHECK-DAG: llvm.func @printf(!llvm.ptr, ...) -> i32
// CHECK: func.func @sync(
// CHECK: llvm.call @write(
// CHECK: llvm.call @abort()
// CHECK: func.func private @__offload_gpu_body_hello(
// CHECK: %[[T:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: llvm.call @printf(%{{.*}}, %[[T]]) vararg(!llvm.func<i32 (ptr, ...)>)
module attributes {gpu.container_module, offload.targets = [#offload.nvptx<chip = "sm_90">, #offload.host]} {
  gpu.module @k {
    gpu.func @sync(%x: memref<32xf32>) workgroup(%sh : memref<32xf32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<32xf32>
      memref.store %v, %sh[%t] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      gpu.return
    }
    gpu.func @hello() kernel {
      %t = gpu.thread_id x
      gpu.printf "thread %d\n", %t : index
      gpu.return
    }
  }
}

// -----

// gpu.host_register passes the unranked memref's rank and ranked descriptor
// (and the element size); host_shared allocations say so;
// gpu.set_default_device passes the device.

// CHECK-LABEL: func.func @host_memory(
// CHECK-SAME: %[[U:.*]]: memref<*xf32>, %[[DEV:.*]]: i32)
// CHECK: %[[DESC:.*]] = builtin.unrealized_conversion_cast %[[U]] : memref<*xf32> to !llvm.struct<(i64, ptr)>
// CHECK: %[[RANK:.*]] = llvm.extractvalue %[[DESC]][0] : !llvm.struct<(i64, ptr)>
// CHECK: %[[RANKED:.*]] = llvm.extractvalue %[[DESC]][1] : !llvm.struct<(i64, ptr)>
// CHECK: %[[FOUR:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK: llvm.call @__offload_gpu_host_register(%{{.*}}, %[[RANK]], %[[RANKED]], %[[FOUR]]) : (!llvm.ptr, i64, !llvm.ptr, i64) -> ()
// CHECK: llvm.call @__offload_gpu_set_default_device(%{{.*}}, %[[DEV]]) : (!llvm.ptr, i32) -> ()
// CHECK: %[[SHARED:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: llvm.call @__offload_gpu_alloc(%{{.*}}, %{{.*}}, %[[SHARED]])
// CHECK: llvm.call @__offload_gpu_host_unregister(
module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  func.func @host_memory(%u: memref<*xf32>, %dev: i32) {
    gpu.host_register %u : memref<*xf32>
    gpu.set_default_device %dev
    %m = gpu.alloc host_shared () : memref<16xf32>
    gpu.host_unregister %u : memref<*xf32>
    return
  }
}
