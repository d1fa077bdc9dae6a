// The images in their gpu.binary, translated by offload-translate's
// #offload.libomptarget handler:
// RUN: offload-opt %s --offload-pipeline="targets=host embed-images=0" \
// RUN:   | offload-translate --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: offload-opt %s --offload-pipeline="targets=nvptx:sm_90:bitcode,host embed-images=0" \
// RUN:   | offload-translate --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefixes=CHECK,BITCODE
// The same, embedded in the LLVM dialect by offload-embed-images (the
// pipeline's default) and translated by stock mlir-translate:
// RUN: offload-opt %s --offload-pipeline="targets=host" \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefixes=CHECK,HOST
// RUN: offload-opt %s --offload-pipeline="targets=nvptx:sm_90:bitcode,host" \
// RUN:   | mlir-translate --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefixes=CHECK,BITCODE
// RUN: offload-opt %s --offload-pipeline="targets=host" --mlir-print-debuginfo \
// RUN:   | offload-translate --mlir-to-llvmir \
// RUN:   | FileCheck %s --check-prefix=NAMES

// The device images become one OpenMP offload descriptor registered by a
// global constructor, with an offload entry per kernel in a section of the
// module's own; launches call __tgt_target_kernel with the kernel's host
// address; data regions call the data mapper entry points.

module attributes {offload.targets = [#offload.host]} {
  offload.kernel @scale(%a: f32, %x: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32>
      %r = arith.mulf %a, %v : f32
      memref.store %r, %x[%i] : memref<?xf32>
    }
    offload.return
  }
  func.func @run(%a: f32, %x: memref<?xf32>) {
    offload.data map(tofrom: %x : memref<?xf32>) {
      offload.launch @scale(%a, %x) : (f32, memref<?xf32>) -> ()
    }
    return
  }
}

// The kernel's host address and its offload entry: Version 1, Kind 1
// (OpenMP), the address, the kernel's name in the image, Size 0.
// CHECK-DAG: @__offload_region_scale = internal constant i8 0
// CHECK-DAG: @__offload_scale_maptypes = private constant [3 x i64] [i64 288, i64 35, i64 288]
// CHECK-DAG: @[[NAME:\.offloading\.entry_name[.0-9]*]] = internal unnamed_addr constant [6 x i8] c"scale\00", section ".llvm.rodata.offloading"
// CHECK-DAG: @.offloading.entry.offload_entries_[[HASH:[0-9a-f]+]].scale = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 1, i32 0, ptr @__offload_region_scale, ptr @[[NAME]], i64 0, i64 0, ptr null }, section "offload_entries_[[HASH]]", align 8
// The linker's bounds of that section.
// CHECK-DAG: @__start_offload_entries_[[HASH]] = external hidden constant [0 x %struct.__tgt_offload_entry]
// CHECK-DAG: @__stop_offload_entries_[[HASH]] = external hidden constant [0 x %struct.__tgt_offload_entry]
// The images: the host shared object; with NVPTX bitcode first.
// HOST-DAG: @.omp_offloading.device_image.[[HASH]] = internal unnamed_addr constant [{{[0-9]+}} x i8] c"\7FELF
// HOST-DAG: @.omp_offloading.device_images.[[HASH]] = internal unnamed_addr constant [1 x %__tgt_device_image] [%__tgt_device_image { ptr @.omp_offloading.device_image.[[HASH]], ptr getelementptr {{(inbounds nuw )?}}({{.*}}), ptr @__start_offload_entries_[[HASH]], ptr @__stop_offload_entries_[[HASH]] }]
// HOST-DAG: @.omp_offloading.descriptor.[[HASH]] = internal constant %__tgt_bin_desc { i32 1, ptr @.omp_offloading.device_images.[[HASH]], ptr @__start_offload_entries_[[HASH]], ptr @__stop_offload_entries_[[HASH]] }
// HOST-DAG: @llvm.global_ctors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 101, ptr @.omp_offloading.descriptor_reg.[[HASH]], ptr null }, { i32, ptr, ptr } { i32 102, ptr @.offload.register_module, ptr null }]
// BITCODE-DAG: @.omp_offloading.device_image.[[HASH]] = internal unnamed_addr constant [{{[0-9]+}} x i8] c"BC\C0\DE
// BITCODE-DAG: @.omp_offloading.device_image.[[HASH]].1 = internal unnamed_addr constant [{{[0-9]+}} x i8] c"\7FELF
// BITCODE-DAG: @.omp_offloading.device_images.[[HASH]] = internal unnamed_addr constant [2 x %__tgt_device_image] [%__tgt_device_image { ptr @.omp_offloading.device_image.[[HASH]], ptr getelementptr {{(inbounds nuw )?}}({{.*}}), ptr @__start_offload_entries_[[HASH]], ptr @__stop_offload_entries_[[HASH]] }, %__tgt_device_image { ptr @.omp_offloading.device_image.[[HASH]].1, ptr getelementptr {{(inbounds nuw )?}}({{.*}}), ptr @__start_offload_entries_[[HASH]], ptr @__stop_offload_entries_[[HASH]] }]
// BITCODE-DAG: @.omp_offloading.descriptor.[[HASH]] = internal constant %__tgt_bin_desc { i32 2, ptr @.omp_offloading.device_images.[[HASH]], ptr @__start_offload_entries_[[HASH]], ptr @__stop_offload_entries_[[HASH]] }
// The runtime JIT-compiles the bitcode with its libLLVM, whose NVPTX target
// a constructor initializes first (priority 100, before the registration).
// Another one (priority 100) makes the CUDA primary contexts active before
// the runtime's CUDA plugin would give them CU_CTX_SCHED_BLOCKING_SYNC.
// The launch state goes to the runtime library in a constructor after the
// registration (priority 102).
// BITCODE-DAG: @llvm.global_ctors = appending global [4 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 101, ptr @.omp_offloading.descriptor_reg.[[HASH]], ptr null }, { i32, ptr, ptr } { i32 100, ptr @.offload.init_nvptx_jit, ptr null }, { i32, ptr, ptr } { i32 100, ptr @.offload.init_cuda_contexts, ptr null }, { i32, ptr, ptr } { i32 102, ptr @.offload.register_module, ptr null }]
// BITCODE-DAG: @[[LIBCUDA:([0-9]+|mlir\.llvm\.nameless_global_[0-9]+)]] = private unnamed_addr constant [13 x i8] c"libcuda.so.1\00"
// BITCODE-DAG: @[[CUINIT:([0-9]+|mlir\.llvm\.nameless_global_[0-9]+)]] = private unnamed_addr constant [7 x i8] c"cuInit\00"
// BITCODE-DAG: @[[CUCOUNT:([0-9]+|mlir\.llvm\.nameless_global_[0-9]+)]] = private unnamed_addr constant [17 x i8] c"cuDeviceGetCount\00"
// BITCODE-DAG: @[[CUGET:([0-9]+|mlir\.llvm\.nameless_global_[0-9]+)]] = private unnamed_addr constant [12 x i8] c"cuDeviceGet\00"
// BITCODE-DAG: @[[CURETAIN:([0-9]+|mlir\.llvm\.nameless_global_[0-9]+)]] = private unnamed_addr constant [25 x i8] c"cuDevicePrimaryCtxRetain\00"
// BITCODE-DAG: @[[INFO:([0-9]+|mlir\.llvm\.nameless_global_[0-9]+)]] = private unnamed_addr constant [30 x i8] c"LLVMInitializeNVPTXTargetInfo\00"
// BITCODE-DAG: @[[TARGET:([0-9]+|mlir\.llvm\.nameless_global_[0-9]+)]] = private unnamed_addr constant [26 x i8] c"LLVMInitializeNVPTXTarget\00"
// BITCODE-DAG: @[[MC:([0-9]+|mlir\.llvm\.nameless_global_[0-9]+)]] = private unnamed_addr constant [28 x i8] c"LLVMInitializeNVPTXTargetMC\00"
// BITCODE-DAG: @[[PRINTER:([0-9]+|mlir\.llvm\.nameless_global_[0-9]+)]] = private unnamed_addr constant [30 x i8] c"LLVMInitializeNVPTXAsmPrinter\00"
// BITCODE-DAG: @[[WARNING:([0-9]+|mlir\.llvm\.nameless_global_[0-9]+)]] = private unnamed_addr constant [{{[0-9]+}} x i8] c"offload: NVPTX images are LLVM bitcode that the offload runtime compiles when the program starts, but the process has no LLVMInitializeNVPTX* functions{{.*}}\0A\00"
// The launch state of the runtime library (queued launches) holds the
// descriptor, through which the library finds the images and entries.
// CHECK-DAG: @__offload_module = internal global { ptr, ptr } { ptr @.omp_offloading.descriptor.[[HASH]], ptr null }
// The data region's map: TO|FROM.
// CHECK-DAG: @.offload_maptypes = private unnamed_addr constant [1 x i64] [i64 3]
// With the locations kept, the runtime gets the name of each data map and
// where the data operation is, in its ";name;file;line;col;;" layout
// (offload-legalize-map-names).
// NAMES: @[[MAPNAME:([0-9]+|mlir\.llvm\.nameless_global_[0-9]+)]] = private unnamed_addr constant [{{[0-9]+}} x i8] c";offload.data map 0;{{.*}}offload-to-llvmir.mlir;[[#@LINE-50]];5;;\00"
// NAMES: @.offload_mapnames = private constant [1 x ptr] [ptr @[[MAPNAME]]]

// CHECK: declare i32 @__tgt_target_kernel(ptr, i64, i32, i32, ptr, ptr)
// The runtime library's entry points are weak: without the library (a
// program not linked by offload-cc) launches go through libomptarget.
// CHECK-DAG: declare extern_weak void @__offload_rt_wait(ptr)
// CHECK-DAG: declare extern_weak i32 @__offload_rt_launch(ptr, ptr, i64, ptr, ptr)

// The host copy is internal, like the kernel's host address: offload entries
// are made per module so that modules with same-named kernels can be linked
// into one program, and their host copies must not clash either ("multiple
// definition of `__offload_fallback_scale'").
// CHECK: define internal void @__offload_fallback_scale(ptr %{{.*}}, i64 %{{.*}}, ptr %{{.*}}, i64 %{{.*}})

// CHECK-LABEL: define void @run(
// The device: the default one, resolved to one the runtime has (or the host).
// CHECK: %[[DEV:[0-9]+]] = call i64 @__offload_resolve_device(i64 -1)
// CHECK: call void @__tgt_target_data_begin_mapper(ptr @{{.*}}, i64 %[[DEV]], i32 1, ptr %{{.*}}, ptr %{{.*}}, ptr %{{.*}}, ptr @.offload_maptypes, ptr @.offload_mapnames, ptr null)
// The launch is queued when the buffer is present (it is, in the data
// region) and waited for before the region ends.
// CHECK-DAG: %[[HAVE:[0-9]+]] = icmp ne ptr @__offload_rt_launch, null
// CHECK-DAG: br i1 %[[HAVE]],
// CHECK-DAG: call i32 @__offload_rt_launch(ptr @__offload_module, ptr @__offload_scale_ident, i64 %[[KDEV:[0-9]+]], ptr @__offload_region_scale, ptr %{{[0-9]+}})
// CHECK-DAG: %[[RC:[0-9]+]] = call i32 @__tgt_target_kernel(ptr @__offload_scale_ident, i64 %[[KDEV]], i32 %{{[0-9]+}}, i32 256, ptr @__offload_region_scale, ptr %{{[0-9]+}})
// CHECK-DAG: %[[FAILED:[0-9]+]] = icmp ne i32 %[[RC]], 0
// CHECK-DAG: br i1 %[[FAILED]], label %[[FALLBACK:[a-z0-9.]+]], label
// CHECK-DAG: [[FALLBACK]]:
// CHECK-DAG: call void @__offload_fallback_scale(ptr null,
// CHECK-DAG: call void @__offload_rt_wait(ptr @__offload_wait_ident)
// CHECK: call void @__tgt_target_data_end_mapper(ptr @{{.*}}, i64 %{{[0-9]+}}, i32 1, ptr %{{.*}}, ptr %{{.*}}, ptr %{{.*}}, ptr @.offload_maptypes, ptr @.offload_mapnames, ptr null)

// CHECK-LABEL: define internal void @.omp_offloading.descriptor_reg.{{[0-9a-f]+}}() section ".text.startup" {
// CHECK: call void @__tgt_register_lib(ptr @.omp_offloading.descriptor.[[HASH]])
// CHECK: call i32 @atexit(ptr @.omp_offloading.descriptor_unreg.[[HASH]])
// CHECK: declare void @__tgt_register_lib(ptr)
// CHECK-LABEL: define internal void @.omp_offloading.descriptor_unreg.{{[0-9a-f]+}}() section ".text.startup" {
// CHECK: call void @__tgt_unregister_lib(ptr @.omp_offloading.descriptor.[[HASH]])

// HOST-NOT: dlsym
// BITCODE-LABEL: define internal void @.offload.init_nvptx_jit() {
// BITCODE: %[[F0:[0-9]+]] = call ptr @dlsym(ptr null, ptr @[[INFO]])
// BITCODE: icmp ne ptr %[[F0]], null
// BITCODE: call void %[[F0]]()
// BITCODE: %[[F1:[0-9]+]] = call ptr @dlsym(ptr null, ptr @[[TARGET]])
// BITCODE: call void %[[F1]]()
// BITCODE: %[[F2:[0-9]+]] = call ptr @dlsym(ptr null, ptr @[[MC]])
// BITCODE: call void %[[F2]]()
// BITCODE: %[[F3:[0-9]+]] = call ptr @dlsym(ptr null, ptr @[[PRINTER]])
// BITCODE: call void %[[F3]]()
// BITCODE: ret void
// A missing initializer is reported on stderr, and the rest are skipped.
// BITCODE: call i64 @write(i32 2, ptr @[[WARNING]], i64 [[LEN:[0-9]+]])
// BITCODE-NEXT: ret void

// BITCODE-LABEL: define internal void @.offload.init_cuda_contexts() {
// BITCODE: %[[LIB:[0-9]+]] = call ptr @dlopen(ptr @[[LIBCUDA]], i32 1)
// BITCODE: icmp ne ptr %[[LIB]], null
// BITCODE: %[[INIT:[0-9]+]] = call ptr @dlsym(ptr %[[LIB]], ptr @[[CUINIT]])
// BITCODE: %[[COUNT:[0-9]+]] = call ptr @dlsym(ptr %[[LIB]], ptr @[[CUCOUNT]])
// BITCODE: %[[GET:[0-9]+]] = call ptr @dlsym(ptr %[[LIB]], ptr @[[CUGET]])
// BITCODE: %[[RETAIN:[0-9]+]] = call ptr @dlsym(ptr %[[LIB]], ptr @[[CURETAIN]])
// BITCODE: %[[RC:[0-9]+]] = call i32 %[[INIT]](i32 0)
// BITCODE: icmp eq i32 %[[RC]], 0
// BITCODE: call i32 %[[COUNT]](ptr
// BITCODE: call i32 %[[GET]](ptr %{{[0-9]+}}, i32 %{{[0-9]+}})
// BITCODE: call i32 %[[RETAIN]](ptr %{{[0-9]+}}, i32 %{{[0-9]+}})
// HOST-NOT: libcuda

// The constructor that hands the launch state to the runtime library (so
// that it sets liboffload up while the program starts), when the library
// is linked.
// CHECK: declare extern_weak void @__offload_rt_register_module(ptr)
// CHECK-LABEL: define internal void @.offload.register_module() {
// CHECK: %[[HAVE:[0-9]+]] = icmp ne ptr @__offload_rt_register_module, null
// CHECK: br i1 %[[HAVE]], label %[[CALL:.*]], label %[[DONE:.*]]
// CHECK: [[CALL]]:
// CHECK-NEXT: call void @__offload_rt_register_module(ptr @__offload_module)
