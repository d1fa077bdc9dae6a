// RUN: offload-translate %s --mlir-to-llvmir -split-input-file -verify-diagnostics

// #offload.libomptarget only registers images: kernels are launched with
// offload.launch (lowered to __tgt_target_kernel), never gpu.launch_func.

module attributes {gpu.container_module} {
  gpu.binary @images <#offload.libomptarget> [#gpu.object<#offload.host, bin = "\7FELF">]
  llvm.func @run(%n: i64) {
    // expected-error@+2 {{gpu.launch_func cannot use the #offload.libomptarget handler; launch offload kernels with offload.launch}}
    // expected-error@+1 {{LLVM Translation failed for operation: gpu.launch_func}}
    gpu.launch_func @images::@k blocks in (%n, %n, %n) threads in (%n, %n, %n) : i64
    llvm.return
  }
}

// -----

// Only NVPTX images may be bitcode that the runtime compiles.
module attributes {gpu.container_module} {
  // expected-error@+2 {{only NVPTX images can be LLVM bitcode (compiled by the runtime); #offload.host is not}}
  // expected-error@+1 {{LLVM Translation failed for operation: gpu.binary}}
  gpu.binary @images <#offload.libomptarget> [#gpu.object<#offload.host, offload = "BC">]
}

// -----

// The kernel's host address is a global.
module {
  // expected-error@+1 {{'offload.entry' belongs on an llvm.mlir.global}}
  llvm.func @f() attributes {offload.entry = "k"} {
    llvm.return
  }
}

// -----

// The launch state holds the descriptor and the runtime library's state.
module attributes {gpu.container_module} {
  // expected-error@+1 {{cannot record the offload descriptor in the launch state}}
  llvm.mlir.global internal @state(0 : i8) {offload.runtime_state} : i8
  // expected-error@+1 {{LLVM Translation failed for operation: gpu.binary}}
  gpu.binary @images <#offload.libomptarget> [#gpu.object<#offload.host, bin = "\7FELF">]
}
