// RUN: offload-opt %s --convert-gpu-to-offload -split-input-file -verify-diagnostics

// What the host device cannot run is an error when the host is the only
// target (with a GPU target too, the host image gets a kernel that stops
// the program: convert-gpu-to-offload.mlir).

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  gpu.module @k {
    // expected-note@+1 {{in kernel @k::@sync}}
    gpu.func @sync(%x: memref<32xf32>) kernel {
      // expected-error@+1 {{'gpu.barrier' cannot run on the host device, this module's only target: the host runs the threads of a block one after another (build for a GPU too, e.g. --offload-targets=nvptx,host)}}
      gpu.barrier
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  gpu.module @k {
    // expected-note@+1 {{in kernel @k::@shuffle}}
    gpu.func @shuffle(%x: memref<32xf32>, %v: f32) kernel {
      %c1 = arith.constant 1 : i32
      %w = arith.constant 32 : i32
      // expected-error@+1 {{'gpu.shuffle' cannot run on the host device}}
      %s, %p = gpu.shuffle xor %v, %c1, %w : f32
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  gpu.module @k {
    // expected-note@+1 {{in kernel @k::@reduce}}
    gpu.func @reduce(%v: f32) kernel {
      // expected-error@+1 {{'gpu.all_reduce' cannot run on the host device}}
      %s = gpu.all_reduce add %v {} : (f32) -> (f32)
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  gpu.module @k {
    // expected-note@+1 {{in kernel @k::@sub}}
    gpu.func @sub(%v: i32) kernel {
      // expected-error@+1 {{'gpu.subgroup_reduce' cannot run on the host device}}
      %s = gpu.subgroup_reduce add %v : (i32) -> i32
      gpu.return
    }
  }
}

// -----

// Thread ids are loop indices of the kernel on the host: a function the
// kernel calls cannot ask for them.
module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  gpu.module @k {
    func.func @callee() -> index {
      // expected-error@+1 {{'gpu.thread_id' cannot run on the host device}}
      %t = gpu.thread_id x
      return %t : index
    }
    // expected-note@+1 {{in kernel @k::@caller}}
    gpu.func @caller() kernel {
      %t = func.call @callee() : () -> index
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  gpu.module @k {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @outside(%s: !gpu.async.token) {
    %c1 = arith.constant 1 : index
    %t = gpu.launch_func async [%s] @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    // expected-error@+1 {{uses an async token of 'gpu.launch_func': tokens can only be used by gpu operations (every gpu operation completes before it returns)}}
    func.call @sink(%t) : (!gpu.async.token) -> ()
    return
  }
  func.func private @sink(!gpu.async.token)
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  func.func @inline(%n: index) {
    // expected-error@+1 {{'gpu.launch' must be outlined into a gpu.module first (run gpu-kernel-outlining, as offload-pipeline does)}}
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n)
               threads(%tx, %ty, %tz) in (%sx = %n, %sy = %n, %sz = %n) {
      gpu.terminator
    }
    return
  }
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  gpu.module @k {
    gpu.func @k(%x: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @strided(%x: memref<4xf32, strided<[2]>>, %y: memref<4xf32>) {
    // expected-error@+1 {{'gpu.memcpy' op the source must be contiguous (the identity layout), not 'memref<4xf32, strided<[2]>>'}}
    gpu.memcpy %y, %x : memref<4xf32>, memref<4xf32, strided<[2]>>
    return
  }
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  gpu.module @k {
    // expected-error@+1 {{'gpu.func' op has an argument of type 'vector<4xf32>'; supported are integers, floats, index and strided memrefs in the default memory space}}
    gpu.func @vec(%v: vector<4xf32>) kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  func.func @host_id() -> index {
    // expected-error@+1 {{'gpu.thread_id' in host code is not supported by the offload lowering of the gpu dialect}}
    %t = gpu.thread_id x
    return %t : index
  }
}

// -----

// Inside an offload kernel: the message says where it is, and where such a
// kernel goes.
module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  offload.kernel @k(%x: memref<?xf32>) {
    // expected-error@+1 {{'gpu.barrier' in kernel @k: offload kernels are written without GPU-only operations (barriers, shuffles, thread ids); write such a kernel in a gpu.module and launch it with gpu.launch_func}}
    gpu.barrier
    offload.return
  }
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  gpu.module @k {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @stream(%s: !llvm.ptr) {
    %c1 = arith.constant 1 : index
    // expected-error@+1 {{'gpu.launch_func' op with an async object (a stream) is not supported}}
    gpu.launch_func <%s : !llvm.ptr> @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  gpu.module @k {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @clusters() {
    %c1 = arith.constant 1 : index
    // expected-error@+1 {{'gpu.launch_func' op with thread block clusters is not supported}}
    gpu.launch_func @k::@k clusters in (%c1, %c1, %c1) blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  gpu.binary @bin [#gpu.object<#nvvm.target, "">]
  func.func @binary() {
    %c1 = arith.constant 1 : index
    // expected-error@+1 {{'gpu.launch_func' op launches @bin::@k, which is not a kernel of a gpu.module (kernels of a gpu.binary are not supported)}}
    gpu.launch_func @bin::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  func.func @spaces(%x: memref<4xf32, 1>, %y: memref<4xf32>, %v: f32) {
    // expected-error@+1 {{'gpu.memcpy' op the destination must be in the default memory space, not 1}}
    gpu.memcpy %x, %y : memref<4xf32, 1>, memref<4xf32>
    return
  }
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  func.func @layout() {
    // expected-error@+1 {{'gpu.alloc' op must allocate a memref with the identity layout}}
    %m = gpu.alloc () : memref<4x4xf32, strided<[8, 1]>>
    return
  }
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  func.func @free(%x: memref<4xf32, 1>) {
    // expected-error@+1 {{'gpu.dealloc' op frees a memref outside the default memory space}}
    gpu.dealloc %x : memref<4xf32, 1>
    return
  }
}

// -----

// expected-error@+1 {{a module in the gpu dialect needs its targets (offload.targets; offload-set-targets sets them)}}
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  offload.kernel @same(%x: memref<4xf32>) {
    offload.return
  }
  gpu.module @k {
    // expected-error@+1 {{'gpu.func' op has the name of an offload.kernel of the module; rename one of them}}
    gpu.func @same() kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  llvm.mlir.global internal constant @__offload_region_k(0 : i8) : i8
  gpu.module @m {
    // expected-error@+1 {{'gpu.func' op cannot create its address: the module already has a symbol named @__offload_region_k}}
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  gpu.module @k {
    // expected-error@+1 {{'gpu.func' op has an argument of type 'vector<2xf32>'}}
    gpu.func @k(%v: vector<2xf32>) kernel {
      gpu.return
    }
  }
  func.func @vector(%v: vector<2xf32>) {
    %c1 = arith.constant 1 : index
    // expected-error@+1 {{'gpu.launch_func' op passes a kernel argument of type 'vector<2xf32>'; supported are integers, floats, index and strided memrefs in the default memory space}}
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%v : vector<2xf32>)
    return
  }
}
