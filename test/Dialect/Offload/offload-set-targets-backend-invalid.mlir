// Chips and features that LLVM's backends do not know fail
// offload-set-targets with an error on the module, before anything is
// lowered for them (they used to reach the backend, which ignored them with
// a warning or crashed).
// RUN: offload-opt %s -split-input-file --offload-set-targets -verify-diagnostics

// expected-error@+1 {{AMDGPU chip 'gfx1234' is not a processor LLVM's amdgcn-amd-amdhsa backend knows}}
module attributes {offload.targets = [#offload.amdgpu<chip = "gfx1234">]} {
}

// -----

// expected-error@+1 {{AMDGPU feature 'foo' is not one LLVM's amdgcn-amd-amdhsa backend knows}}
module attributes {offload.targets = [#offload.amdgpu<chip = "gfx90a", features = "+sramecc,+foo">]} {
}

// -----

// expected-error@+1 {{AMDGPU feature 'xnack' must start with '+' (enable) or '-' (disable)}}
module attributes {offload.targets = [#offload.amdgpu<chip = "gfx90a", features = "xnack">]} {
}

// -----

// expected-error@+1 {{NVPTX chip 'sm_12' is not a processor LLVM's nvptx64-nvidia-cuda backend knows}}
module attributes {offload.targets = [#offload.host, #offload.nvptx<chip = "sm_12">]} {
}

// -----

// expected-error@+1 {{NVPTX feature 'ptx999' is not one LLVM's nvptx64-nvidia-cuda backend knows}}
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90", features = "+ptx999">]} {
}
