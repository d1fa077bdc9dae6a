// clang-format off
// __offload_rt_all_devices (lib/Runtime/OffloadRuntime.c), the devices
// `devices(all)` stands for, against a libomptarget this program fakes: it
// defines omp_get_num_devices and omp_get_uid_from_device itself (exported
// with -rdynamic, where the library looks them up with dlsym) and reports
// the devices that FAKE_UIDS lists, comma-separated. The host plugin's
// devices (UID "x86_64-<number>") are left out when there are others; when
// they are all there is (no GPU), or with OFFLOAD_ALL_DEVICES=every, every
// device is listed.
//
// REQUIRES: host-x86_64
// RUN: %clang %s %offload_obj/lib/libOffloadRuntime.a -rdynamic -ldl -lpthread -o %t
// RUN: env FAKE_UIDS=CUDA-0a1b,CUDA-2c3d,x86_64-0,x86_64-1,x86_64-2,x86_64-3 OFFLOAD_RUNTIME_INFO=1 %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GPUS
// RUN: env FAKE_UIDS=x86_64-0,CUDA-0a1b,x86_64-1,AMDGPU-77 %t | FileCheck %s --check-prefix=MIXED
// RUN: env FAKE_UIDS=x86_64-0,x86_64-1,x86_64-2,x86_64-3 %t | FileCheck %s --check-prefix=HOST
// RUN: env FAKE_UIDS=CUDA-0a1b,CUDA-2c3d,x86_64-0,x86_64-1 OFFLOAD_ALL_DEVICES=every %t \
// RUN:   | FileCheck %s --check-prefix=EVERY
// A UID that only starts like the host plugin's is another kind of device.
// RUN: env FAKE_UIDS=x86_64-0,x86_64-gpu,x86_64-,x86_64-1x %t | FileCheck %s --check-prefix=LOOKALIKE
// RUN: env FAKE_UIDS= %t | FileCheck %s --check-prefix=NONE
//
// GPUS: offload-rt: devices(all): 2 of the 6 devices; the host plugin's 4 (UID x86_64-<number>) are left out (OFFLOAD_ALL_DEVICES=every keeps them)
// GPUS: 6 devices: devices(all) = [0, 1]; capacity 1: [0]
// MIXED: 4 devices: devices(all) = [1, 3]; capacity 1: [1]
// HOST: 4 devices: devices(all) = [0, 1, 2, 3]; capacity 1: [0]
// EVERY: 4 devices: devices(all) = [0, 1, 2, 3]; capacity 1: [0]
// LOOKALIKE: 4 devices: devices(all) = [1, 2, 3]; capacity 1: [1]
// NONE: 0 devices: devices(all) = []; capacity 1: []
// clang-format on

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int32_t __offload_rt_all_devices(int32_t *list, int32_t capacity);

static char uids[16][32];
static int numUids = -1;

static void parse(void) {
  if (numUids >= 0)
    return;
  numUids = 0;
  const char *env = getenv("FAKE_UIDS");
  if (!env)
    return;
  for (const char *c = env; *c && numUids < 16;) {
    size_t length = strcspn(c, ",");
    if (length > 0 && length < sizeof uids[0]) {
      memcpy(uids[numUids], c, length);
      uids[numUids++][length] = '\0';
    }
    c += length;
    if (*c == ',')
      ++c;
  }
}

int omp_get_num_devices(void) {
  parse();
  return numUids;
}

const char *omp_get_uid_from_device(int device) {
  parse();
  return device >= 0 && device < numUids ? uids[device] : NULL;
}

static void print(const int32_t *list, int32_t count) {
  printf("[");
  for (int32_t i = 0; i < count; ++i)
    printf(i ? ", %d" : "%d", list[i]);
  printf("]");
}

int main(void) {
  int32_t list[16], one[1];
  int32_t count = __offload_rt_all_devices(list, 16);
  int32_t first = __offload_rt_all_devices(one, 1);
  printf("%d devices: devices(all) = ", omp_get_num_devices());
  print(list, count);
  printf("; capacity 1: ");
  print(one, first);
  printf("\n");
  return 0;
}
