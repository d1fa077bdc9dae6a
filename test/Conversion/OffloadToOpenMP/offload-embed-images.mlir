// RUN: offload-opt %s -split-input-file --offload-embed-images -verify-diagnostics | FileCheck %s

// The images of the gpu.binary become LLVM dialect globals: each image, the
// device image table and the descriptor, with an offload entry per kernel
// (the globals marked offload.entry) in a section of the module's own; the
// registration constructor joins the module's own constructors; the
// launch state starts with the descriptor, and a constructor after the
// registration hands it to the runtime library (weakly: a program without
// the library skips the call); no offload attribute is left.
// CHECK-LABEL: module attributes {gpu.container_module} {
//   CHECK-NOT: gpu.binary
//   CHECK-DAG: llvm.mlir.global internal constant @__offload_region_scale(0 : i8) {addr_space = 0 : i32} : i8
//   CHECK-DAG: llvm.mlir.global internal @__offload_module() {addr_space = 0 : i32} : !llvm.struct<(ptr, ptr)> {
//   CHECK-DAG:   %[[D:.*]] = llvm.mlir.addressof @".omp_offloading.descriptor.[[HASH:[0-9a-f]+]]" : !llvm.ptr
//   CHECK-DAG: llvm.mlir.global internal unnamed_addr constant @".omp_offloading.device_image.[[HASH]]"("\7FELF-not-really")
//   CHECK-DAG: llvm.mlir.global weak constant @".offloading.entry.offload_entries_[[HASH]].scale"() {{.*}}section = "offload_entries_[[HASH]]"
//   CHECK-DAG: llvm.mlir.global external hidden constant @__start_offload_entries_[[HASH]]()
//   CHECK-DAG: llvm.func internal @".omp_offloading.descriptor_reg.[[HASH]]"()
//   CHECK-DAG: llvm.call @__tgt_register_lib(
//   CHECK-DAG: llvm.mlir.global_ctors ctors = [@own_ctor, @".omp_offloading.descriptor_reg.[[HASH]]", @".offload.register_module"], priorities = [200 : i32, 101 : i32, 102 : i32]
//   CHECK-DAG: llvm.func extern_weak @__offload_rt_register_module(!llvm.ptr)
//   CHECK-DAG: llvm.func internal @".offload.register_module"()
//   CHECK-DAG:   %[[FN:.*]] = llvm.mlir.addressof @__offload_rt_register_module : !llvm.ptr
//   CHECK-DAG:   %[[STATE:.*]] = llvm.mlir.addressof @__offload_module : !llvm.ptr
//   CHECK-DAG:   %[[HAVE:.*]] = llvm.icmp "ne" %[[FN]], %{{.*}} : !llvm.ptr
//   CHECK-DAG:   llvm.cond_br %[[HAVE]], ^
//   CHECK-DAG:   llvm.call @__offload_rt_register_module(%[[STATE]]) : (!llvm.ptr) -> ()
//   CHECK-NOT: {{[{ ]}}offload.
module attributes {gpu.container_module, offload.targets = [#offload.host]} {
  llvm.mlir.global internal constant @__offload_region_scale(0 : i8) {addr_space = 0 : i32, offload.entry = "scale"} : i8
  llvm.mlir.global internal @__offload_module() {addr_space = 0 : i32, offload.runtime_state} : !llvm.struct<(ptr, ptr)> {
    %0 = llvm.mlir.zero : !llvm.struct<(ptr, ptr)>
    llvm.return %0 : !llvm.struct<(ptr, ptr)>
  }
  llvm.func @own_ctor() {
    llvm.return
  }
  llvm.mlir.global_ctors ctors = [@own_ctor], priorities = [200 : i32], data = [#llvm.zero]
  gpu.binary @__offload_images <#offload.libomptarget> [#gpu.object<#offload.host, bin = "\7FELF-not-really">]
}

// -----

// A module without images only loses its offload attributes.
// CHECK-LABEL: module {
//  CHECK-NEXT:   llvm.func @f()
module attributes {offload.targets = [#offload.host]} {
  llvm.func @f() attributes {offload.host} {
    llvm.return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.binary @a <#offload.libomptarget> [#gpu.object<#offload.host, bin = "A">]
  // expected-error@+1 {{a module has one gpu.binary of device images for the offload runtime; this is the second}}
  gpu.binary @b <#offload.libomptarget> [#gpu.object<#offload.host, bin = "B">]
}

// -----

module attributes {gpu.container_module} {
  // expected-error@+1 {{cannot record the offload descriptor in the launch state}}
  llvm.mlir.global internal @__offload_module() {addr_space = 0 : i32, offload.runtime_state} : i64
  gpu.binary @a <#offload.libomptarget> [#gpu.object<#offload.host, bin = "A">]
}

// -----

// (In another address space, found by offload-fuzz: the error had no
// location.)
module attributes {gpu.container_module} {
  // expected-error@+1 {{cannot record the offload descriptor in the launch state (a struct of two pointers in address space 0)}}
  llvm.mlir.global internal @__offload_module() {addr_space = 1 : i32, offload.runtime_state} : !llvm.struct<(ptr, ptr)> {
    %0 = llvm.mlir.zero : !llvm.struct<(ptr, ptr)>
    llvm.return %0 : !llvm.struct<(ptr, ptr)>
  }
  gpu.binary @a <#offload.libomptarget> [#gpu.object<#offload.host, bin = "A">]
}

// -----

module attributes {gpu.container_module} {
  // expected-error@+1 {{only NVPTX images can be LLVM bitcode (compiled by the runtime); #offload.host is not}}
  gpu.binary @a <#offload.libomptarget> [#gpu.object<#offload.host, offload = "A">]
}
