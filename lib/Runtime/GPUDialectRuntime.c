/*===- GPUDialectRuntime.c - host operations of the gpu dialect ----*- C -*-===*\
|*                                                                            *|
|* The support library's functions for programs written in MLIR's gpu        *|
|* dialect (include/offload/Runtime/GPUDialectRuntime.h), over libomptarget: *|
|* device memory from omp_target_alloc, copies with omp_target_memcpy,      *|
|* launches with __tgt_target_kernel in bare mode (the grid and block of    *|
|* the launch, every argument a LITERAL). libomptarget's functions are      *|
|* looked up in the process, so the library adds no link dependency.        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "offload/Runtime/GPUDialectRuntime.h"

#include "LibomptargetABI.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HIDDEN __attribute__((visibility("hidden")))

/* The lowered kernel's parameters after its arguments: grid, block, dynamic
 * shared bytes (kNumGPULaunchParams in GPUToOffload.h). */
enum { kLaunchParams = 7 };

/*===----------------------------------------------------------------------===*/
/* State                                                                      */
/*===----------------------------------------------------------------------===*/

typedef struct {
  char *begin;
  size_t bytes;
  int shared; /* gpu.alloc host_shared: the host reaches it too */
} Range;

typedef struct {
  Range *items;
  size_t size, capacity;
} RangeList;

static struct {
  pthread_once_t once;
  pthread_mutex_t lock;
  int device;
  int initial; /* the host, as libomptarget numbers it */
  RangeList allocations, registered;
  int (*getDefaultDevice)(void);
  int (*getInitialDevice)(void);
  void *(*alloc)(size_t, int);
  void (*free)(void *, int);
  void *(*allocShared)(size_t, int);
  void (*freeShared)(void *, int);
  int (*memcpy)(void *, const void *, size_t, size_t, size_t, int, int);
  int (*isAccessible)(const void *, size_t, int);
  int (*targetKernel)(IdentTy *, int64_t, int32_t, int32_t, void *,
                      KernelArgsTy *);
} gState = {.once = PTHREAD_ONCE_INIT, .lock = PTHREAD_MUTEX_INITIALIZER};

static void fail(const char *where, const char *message) {
  fprintf(stderr, "offload: %s: %s\n", where, message);
  fflush(stderr);
  abort();
}

static void *lookup(const char *name) {
  return __offload_rt_lookup_openmp(name);
}

static void initOnce(void) {
  gState.getDefaultDevice = (int (*)(void))lookup("omp_get_default_device");
  gState.getInitialDevice = (int (*)(void))lookup("omp_get_initial_device");
  gState.alloc = (void *(*)(size_t, int))lookup("omp_target_alloc");
  gState.free = (void (*)(void *, int))lookup("omp_target_free");
  gState.allocShared =
      (void *(*)(size_t, int))lookup("llvm_omp_target_alloc_shared");
  gState.freeShared = (void (*)(void *, int))lookup("llvm_omp_target_free_shared");
  gState.memcpy = (int (*)(void *, const void *, size_t, size_t, size_t, int,
                           int))lookup("omp_target_memcpy");
  gState.isAccessible =
      (int (*)(const void *, size_t, int))lookup("omp_target_is_accessible");
  gState.targetKernel =
      (int (*)(IdentTy *, int64_t, int32_t, int32_t, void *,
               KernelArgsTy *))lookup("__tgt_target_kernel");
  gState.device = gState.getDefaultDevice ? gState.getDefaultDevice() : 0;
  gState.initial = gState.getInitialDevice ? gState.getInitialDevice() : -1;
  /* A default device the runtime does not have (OMP_DEFAULT_DEVICE=99; the
   * initial device is numbered after the others): the gpu dialect's
   * buffers are the device's, so there is no host fallback; say so here
   * rather than leave it to libomptarget's abort at the first allocation. */
  if (gState.initial >= 0 &&
      (gState.device < 0 || gState.device > gState.initial)) {
    char message[160];
    snprintf(message, sizeof message,
             "the default device %d (OMP_DEFAULT_DEVICE) does not exist: "
             "the runtime has %d",
             gState.device, gState.initial);
    fail("offload runtime", message);
  }
}

/* Initializes on first use; fails unless libomptarget is in the process. */
static void init(const char *where) {
  pthread_once(&gState.once, initOnce);
  if (!gState.alloc || !gState.free || !gState.memcpy || !gState.targetKernel)
    fail(where, "libomptarget is not loaded in this process (link the "
                "program with -lomptarget, as offload-cc does)");
}

static void addRange(RangeList *list, Range range) {
  if (list->size == list->capacity) {
    size_t capacity = list->capacity ? 2 * list->capacity : 16;
    Range *items = realloc(list->items, capacity * sizeof(Range));
    if (!items)
      fail("offload runtime", "out of memory");
    list->items = items;
    list->capacity = capacity;
  }
  list->items[list->size++] = range;
}

/* The index of the range of `list` that holds `ptr`, or -1. */
static long findRange(const RangeList *list, const void *ptr) {
  const char *p = (const char *)ptr;
  for (size_t i = 0; i < list->size; ++i) {
    const Range *r = &list->items[i];
    if (p >= r->begin && (p < r->begin + r->bytes ||
                          (r->bytes == 0 && p == r->begin)))
      return (long)i;
  }
  return -1;
}

static void removeRange(RangeList *list, long index) {
  list->items[index] = list->items[--list->size];
}

/* The device that holds `ptr`: the device of its allocation, or the host. */
static int deviceOf(const void *ptr) {
  pthread_mutex_lock(&gState.lock);
  long index = findRange(&gState.allocations, ptr);
  int onDevice = index >= 0 && !gState.allocations.items[index].shared;
  pthread_mutex_unlock(&gState.lock);
  return onDevice ? gState.device : gState.initial;
}

/*===----------------------------------------------------------------------===*/
/* Memory                                                                     */
/*===----------------------------------------------------------------------===*/

HIDDEN void *__offload_gpu_alloc(const char *where, int64_t bytes,
                                 int32_t shared) {
  init(where);
  if (bytes < 0)
    fail(where, "negative allocation size");
  if (shared && !gState.allocShared)
    fail(where, "this libomptarget has no llvm_omp_target_alloc_shared");
  /* Zero bytes still get a distinct address. */
  size_t size = bytes ? (size_t)bytes : 1;
  void *ptr = shared ? gState.allocShared(size, gState.device)
                     : gState.alloc(size, gState.device);
  if (!ptr) {
    char message[160];
    snprintf(message, sizeof message,
             "cannot allocate %lld bytes on device %d", (long long)bytes,
             gState.device);
    fail(where, message);
  }
  pthread_mutex_lock(&gState.lock);
  addRange(&gState.allocations, (Range){ptr, (size_t)bytes, shared});
  pthread_mutex_unlock(&gState.lock);
  return ptr;
}

HIDDEN void __offload_gpu_free(const char *where, void *ptr) {
  init(where);
  pthread_mutex_lock(&gState.lock);
  long index = findRange(&gState.allocations, ptr);
  int shared = 0;
  if (index >= 0 && gState.allocations.items[index].begin == (char *)ptr) {
    shared = gState.allocations.items[index].shared;
    removeRange(&gState.allocations, index);
  } else {
    index = -1;
  }
  pthread_mutex_unlock(&gState.lock);
  if (index < 0)
    fail(where, "the memref was not allocated by gpu.alloc");
  if (shared)
    gState.freeShared(ptr, gState.device);
  else
    gState.free(ptr, gState.device);
}

HIDDEN void __offload_gpu_memcpy(const char *where, void *dst, const void *src,
                                 int64_t bytes, int64_t srcBytes) {
  init(where);
  if (bytes != srcBytes) {
    char message[160];
    snprintf(message, sizeof message,
             "copying between buffers of different sizes (%lld bytes into "
             "%lld)",
             (long long)srcBytes, (long long)bytes);
    fail(where, message);
  }
  if (bytes <= 0)
    return;
  int dstDevice = deviceOf(dst), srcDevice = deviceOf(src);
  if (dstDevice == gState.initial && srcDevice == gState.initial) {
    memmove(dst, src, (size_t)bytes);
    return;
  }
  if (gState.memcpy(dst, src, (size_t)bytes, 0, 0, dstDevice, srcDevice)) {
    char message[160];
    snprintf(message, sizeof message,
             "copying %lld bytes from device %d to device %d failed",
             (long long)bytes, srcDevice, dstDevice);
    fail(where, message);
  }
}

static void fill(char *dst, int64_t bits, int32_t elementBytes,
                 int64_t count) {
  for (int64_t i = 0; i < count; ++i)
    memcpy(dst + i * elementBytes, &bits, (size_t)elementBytes);
}

HIDDEN void __offload_gpu_memset(const char *where, void *dst, int64_t bits,
                                 int32_t elementBytes, int64_t count) {
  init(where);
  if (elementBytes != 1 && elementBytes != 2 && elementBytes != 4 &&
      elementBytes != 8)
    fail(where, "elements must have 1, 2, 4 or 8 bytes");
  if (count <= 0)
    return;
  int device = deviceOf(dst);
  if (device == gState.initial) {
    fill(dst, bits, elementBytes, count);
    return;
  }
  /* Filled on the host, then copied. */
  size_t bytes = (size_t)count * (size_t)elementBytes;
  char *staging = malloc(bytes);
  if (!staging)
    fail(where, "out of host memory for the staging buffer");
  fill(staging, bits, elementBytes, count);
  int rc = gState.memcpy(dst, staging, bytes, 0, 0, device, gState.initial);
  free(staging);
  if (rc)
    fail(where, "copying the pattern to the device failed");
}

/* The bytes of the buffer an unranked memref's ranked descriptor views:
 * from its first element to its last. */
static Range viewedRange(int64_t rank, const void *descriptor,
                         int64_t elementBytes) {
  char *const *pointers = (char *const *)(uintptr_t)descriptor;
  const int64_t *fields = (const int64_t *)(pointers + 2);
  int64_t offset = fields[0];
  const int64_t *sizes = fields + 1, *strides = fields + 1 + rank;
  int64_t span = 1;
  for (int64_t d = 0; d < rank; ++d) {
    if (sizes[d] == 0)
      span = 0;
    if (span)
      span += (sizes[d] - 1) * strides[d];
  }
  Range range = {pointers[1] + offset * elementBytes,
                 (size_t)(span * elementBytes), 0};
  return range;
}

HIDDEN void __offload_gpu_host_register(const char *where, int64_t rank,
                                        const void *descriptor,
                                        int64_t elementBytes) {
  init(where);
  Range range = viewedRange(rank, descriptor, elementBytes);
  pthread_mutex_lock(&gState.lock);
  addRange(&gState.registered, range);
  pthread_mutex_unlock(&gState.lock);
}

HIDDEN void __offload_gpu_host_unregister(const char *where, int64_t rank,
                                          const void *descriptor,
                                          int64_t elementBytes) {
  init(where);
  Range range = viewedRange(rank, descriptor, elementBytes);
  pthread_mutex_lock(&gState.lock);
  long index = -1;
  for (size_t i = 0; i < gState.registered.size; ++i)
    if (gState.registered.items[i].begin == range.begin)
      index = (long)i;
  if (index >= 0)
    removeRange(&gState.registered, index);
  pthread_mutex_unlock(&gState.lock);
  if (index < 0)
    fail(where, "the memref was not registered");
}

HIDDEN void __offload_gpu_set_default_device(const char *where,
                                             int32_t device) {
  init(where);
  gState.device = device;
}

/*===----------------------------------------------------------------------===*/
/* Launches                                                                   */
/*===----------------------------------------------------------------------===*/

HIDDEN void __offload_gpu_launch(const char *where, void *hostAddr,
                                 int64_t gridX, int64_t gridY, int64_t gridZ,
                                 int64_t blockX, int64_t blockY,
                                 int64_t blockZ, int32_t dynamicShared,
                                 int32_t count, const int64_t *args,
                                 const char *kinds) {
  init(where);
  int64_t sizes[6] = {gridX, gridY, gridZ, blockX, blockY, blockZ};
  int empty = 0;
  for (int i = 0; i < 6; ++i) {
    if (sizes[i] < 0 || sizes[i] > 0x7fffffff)
      fail(where, "grid and block sizes must be between 0 and 2^31-1");
    empty |= sizes[i] == 0;
  }
  if (dynamicShared < 0)
    fail(where, "negative dynamic shared memory size");
  /* No thread to run (an empty batch: ceildiv(0, n) blocks). */
  if (empty)
    return;
  uint32_t total = (uint32_t)count + kLaunchParams;
  void **bases = malloc(total * sizeof(void *));
  void **begins = malloc(total * sizeof(void *));
  int64_t *byteSizes = malloc(total * sizeof(int64_t));
  int64_t *types = malloc(total * sizeof(int64_t));
  if (!bases || !begins || !byteSizes || !types)
    fail(where, "out of host memory for the launch's arguments");
  int64_t launch[kLaunchParams] = {gridX,  gridY,  gridZ,        blockX,
                                   blockY, blockZ, dynamicShared};
  pthread_mutex_lock(&gState.lock);
  for (uint32_t i = 0; i < total; ++i) {
    int64_t value = i < (uint32_t)count ? args[i] : launch[i - count];
    bases[i] = begins[i] = (void *)(intptr_t)value;
    byteSizes[i] = 8;
    types[i] = MAP_LITERAL | MAP_TARGET_PARAM;
    if (i >= (uint32_t)count || !kinds[i])
      continue;
    /* A registered host buffer the device cannot reach: copied to the
     * device and back around the kernel, which gets its device address. */
    long index = findRange(&gState.registered, bases[i]);
    if (index < 0)
      continue;
    Range range = gState.registered.items[index];
    if (gState.device == gState.initial ||
        (gState.isAccessible &&
         gState.isAccessible(range.begin, range.bytes, gState.device)))
      continue;
    begins[i] = range.begin;
    byteSizes[i] = (int64_t)range.bytes;
    types[i] = MAP_TO | MAP_FROM | MAP_TARGET_PARAM;
  }
  pthread_mutex_unlock(&gState.lock);

  KernelArgsTy kernelArgs;
  memset(&kernelArgs, 0, sizeof kernelArgs);
  kernelArgs.Version = 3;
  kernelArgs.NumArgs = total;
  kernelArgs.ArgBasePtrs = bases;
  kernelArgs.ArgPtrs = begins;
  kernelArgs.ArgSizes = byteSizes;
  kernelArgs.ArgTypes = types;
  for (int i = 0; i < 3; ++i) {
    kernelArgs.NumTeams[i] = (uint32_t)sizes[i];
    kernelArgs.ThreadLimit[i] = (uint32_t)sizes[3 + i];
  }
  kernelArgs.DynCGroupMem = (uint32_t)dynamicShared;
  static IdentTy ident = {0, 2, 0, 22, ";unknown;unknown;0;0;;"};
  int rc = gState.targetKernel(&ident, gState.device, (int32_t)gridX,
                               (int32_t)blockX, hostAddr, &kernelArgs);
  free(bases);
  free(begins);
  free(byteSizes);
  free(types);
  if (rc) {
    char message[200];
    snprintf(message, sizeof message,
             "the kernel could not be launched on device %d (no image for "
             "the device, or offloading disabled; LIBOMPTARGET_INFO=-1 says "
             "more)",
             gState.device);
    fail(where, message);
  }
}
