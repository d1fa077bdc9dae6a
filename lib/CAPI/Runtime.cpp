//===- Runtime.cpp - C API: what the offload runtime sees -------*- C++ -*-===//
//
// libomptarget is loaded on first use. Before any image is registered it
// knows no devices, so the queries first initialise every plugin
// (__tgt_init_all_rtls). The device kind is read from what the runtime
// prints for the device (__tgt_print_device_info), the only per-device
// description libomptarget 22 exports.
//
//===----------------------------------------------------------------------===//

#include "offload-c/Runtime.h"

#include "offload/Target/Tools.h"

#include "mlir/CAPI/Support.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <dlfcn.h>
#include <mutex>
#include <string>
#include <unistd.h>

namespace {
struct Libomptarget {
  void (*rtlInit)() = nullptr;
  void (*initAllRtls)() = nullptr;
  int (*getNumDevices)() = nullptr;
  void (*printDeviceInfo)(int64_t) = nullptr;
  bool loaded = false;
};
} // namespace

static Libomptarget &getLibomptarget() {
  static Libomptarget lib;
  static std::once_flag once;
  std::call_once(once, [] {
    std::string path =
        mlir::offload::getLibomptargetDir() + "/libomptarget.so";
    void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
    if (!handle)
      handle = dlopen("libomptarget.so", RTLD_NOW | RTLD_GLOBAL);
    if (!handle)
      return;
    lib.rtlInit = reinterpret_cast<void (*)()>(dlsym(handle, "__tgt_rtl_init"));
    lib.initAllRtls =
        reinterpret_cast<void (*)()>(dlsym(handle, "__tgt_init_all_rtls"));
    lib.getNumDevices =
        reinterpret_cast<int (*)()>(dlsym(handle, "omp_get_num_devices"));
    lib.printDeviceInfo = reinterpret_cast<void (*)(int64_t)>(
        dlsym(handle, "__tgt_print_device_info"));
    if (!lib.rtlInit || !lib.initAllRtls || !lib.getNumDevices ||
        !lib.printDeviceInfo)
      return;
    lib.rtlInit();
    lib.initAllRtls();
    lib.loaded = true;
  });
  return lib;
}

int64_t offloadRuntimeGetNumDevices(void) {
  Libomptarget &lib = getLibomptarget();
  return lib.loaded ? lib.getNumDevices() : -1;
}

/// What the runtime prints for `device` (on stdout, through both C stdio
/// and LLVM's outs()), captured through a temporary file.
static std::string captureDeviceInfo(Libomptarget &lib, int64_t device) {
  std::fflush(stdout);
  llvm::outs().flush();
  std::FILE *tmp = std::tmpfile();
  if (!tmp)
    return "";
  int saved = dup(STDOUT_FILENO);
  dup2(fileno(tmp), STDOUT_FILENO);
  lib.printDeviceInfo(device);
  std::fflush(stdout);
  llvm::outs().flush();
  dup2(saved, STDOUT_FILENO);
  close(saved);
  std::string text;
  std::rewind(tmp);
  char buffer[4096];
  while (size_t n = std::fread(buffer, 1, sizeof(buffer), tmp))
    text.append(buffer, n);
  std::fclose(tmp);
  return text;
}

MlirStringRef offloadRuntimeGetDeviceKind(int64_t device) {
  Libomptarget &lib = getLibomptarget();
  if (!lib.loaded || device < 0 || device >= lib.getNumDevices())
    return mlirStringRefCreate("", 0);
  std::string info = captureDeviceInfo(lib, device);
  const char *kind = "unknown";
  if (info.find("CUDA") != std::string::npos)
    kind = "cuda";
  else if (info.find("HSA") != std::string::npos ||
           info.find("AMD") != std::string::npos)
    kind = "amdgpu";
  else if (info.find("Generic-elf") != std::string::npos)
    kind = "host";
  return mlirStringRefCreateFromCString(kind);
}
