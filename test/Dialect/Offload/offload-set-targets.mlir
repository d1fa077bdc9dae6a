// RUN: offload-opt %s -split-input-file --offload-set-targets="targets=nvptx:sm_80:bitcode,amdgpu:gfx90a,host" | FileCheck %s --check-prefix=SET
// RUN: offload-opt %s -split-input-file --offload-set-targets | FileCheck %s --check-prefix=KEEP
// RUN: offload-opt %s -split-input-file --offload-set-targets=targets= | FileCheck %s --check-prefix=KEEP
// RUN: offload-opt %s -split-input-file --offload-set-targets=targets=, | FileCheck %s --check-prefix=KEEP
// RUN: offload-opt %s -split-input-file --offload-set-targets="targets=' , '" | FileCheck %s --check-prefix=KEEP
// RUN: offload-opt %s -split-input-file --offload-set-targets="targets=host,amdgpu,nvptx:sm_90a:cubin,nvptx:sm_90a:bitcode" | FileCheck %s --check-prefix=ORDER
// RUN: offload-opt %s -split-input-file --offload-set-targets="targets=nvptx,amdgpu:gfx1100" | offload-opt -split-input-file --offload-set-targets | FileCheck %s --check-prefix=DEFAULTS

// The option replaces the module's own list, in the order given; an option
// left empty, or holding only commas and blanks, keeps it.

// SET-LABEL: module @with_targets
// SET-SAME: attributes {offload.targets = [#offload.nvptx<chip = "sm_80", format = "bitcode">, #offload.amdgpu<chip = "gfx90a">, #offload.host], test.other}
// KEEP-LABEL: module @with_targets
// KEEP-SAME: attributes {offload.targets = [#offload.nvptx<chip = "sm_70", features = "+ptx70">, #offload.host], test.other}
// ORDER-LABEL: module @with_targets
// ORDER-SAME: attributes {offload.targets = [#offload.host, #offload.amdgpu, #offload.nvptx<chip = "sm_90a", format = "cubin">, #offload.nvptx<chip = "sm_90a", format = "bitcode">], test.other}
// DEFAULTS-LABEL: module @with_targets
// DEFAULTS-SAME: attributes {offload.targets = [#offload.nvptx, #offload.amdgpu<chip = "gfx1100">], test.other}
module @with_targets attributes {
    offload.targets = [#offload.nvptx<chip = "sm_70", features = "+ptx70">, #offload.host],
    test.other} {
  // SET: offload.kernel @k(
  // KEEP: offload.kernel @k(
  offload.kernel @k(%x: memref<?xf32>) {
    offload.return
  }
}

// -----

// A module without targets gets the host, and only with an empty option.

// SET-LABEL: module @without_targets
// SET-SAME: attributes {offload.targets = [#offload.nvptx<chip = "sm_80", format = "bitcode">, #offload.amdgpu<chip = "gfx90a">, #offload.host]}
// KEEP-LABEL: module @without_targets
// KEEP-SAME: attributes {offload.targets = [#offload.host]}
// ORDER-LABEL: module @without_targets
// ORDER-SAME: attributes {offload.targets = [#offload.host, #offload.amdgpu, #offload.nvptx<chip = "sm_90a", format = "cubin">, #offload.nvptx<chip = "sm_90a", format = "bitcode">]}
// DEFAULTS-LABEL: module @without_targets
// DEFAULTS-SAME: attributes {offload.targets = [#offload.nvptx, #offload.amdgpu<chip = "gfx1100">]}
module @without_targets {
  offload.kernel @k(%x: memref<?xf32>) {
    offload.return
  }
}

// -----

// A module that holds no offload IR yet (a front end's output before the
// first offload pass): the offload dialect is not loaded when it is parsed,
// and offload-set-targets still creates its attributes.

// SET-LABEL: module @no_offload_ir
// SET-SAME: attributes {offload.targets = [#offload.nvptx<chip = "sm_80", format = "bitcode">, #offload.amdgpu<chip = "gfx90a">, #offload.host]}
// KEEP-LABEL: module @no_offload_ir
// KEEP-SAME: attributes {offload.targets = [#offload.host]}
// ORDER-LABEL: module @no_offload_ir
// ORDER-SAME: attributes {offload.targets = [#offload.host, #offload.amdgpu, #offload.nvptx<chip = "sm_90a", format = "cubin">, #offload.nvptx<chip = "sm_90a", format = "bitcode">]}
// DEFAULTS-LABEL: module @no_offload_ir
// DEFAULTS-SAME: attributes {offload.targets = [#offload.nvptx, #offload.amdgpu<chip = "gfx1100">]}
module @no_offload_ir {
  // SET: func.func @host_only(
  // KEEP: func.func @host_only(
  func.func @host_only(%x: memref<?xf32>) {
    return
  }
}

// -----

// Chips and features the backends know (generic AMDGPU targets, features
// enabled and disabled) pass the backend check unchanged.

// KEEP-LABEL: module @known_features
// KEEP-SAME: attributes {offload.targets = [#offload.amdgpu<chip = "gfx9-4-generic", features = "+sramecc,-xnack">, #offload.amdgpu<chip = "gfx1100", features = "+cumode">, #offload.nvptx<chip = "sm_90a", features = "+ptx80">, #offload.nvptx<chip = "sm_60">]}
module @known_features attributes {
    offload.targets = [#offload.amdgpu<chip = "gfx9-4-generic", features = "+sramecc,-xnack">,
                       #offload.amdgpu<chip = "gfx1100", features = "+cumode">,
                       #offload.nvptx<chip = "sm_90a", features = "+ptx80">,
                       #offload.nvptx<chip = "sm_60">]} {
}
