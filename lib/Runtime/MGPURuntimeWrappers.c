/*===- MGPURuntimeWrappers.c - MLIR's mgpu* functions over liboffload -*- C -*-=*\
|*                                                                            *|
|* The functions that MLIR's upstream GPU lowering calls (gpu-to-llvm and   *|
|* the gpu.binary translation: mgpuModuleLoad, mgpuLaunchKernel,            *|
|* mgpuMemAlloc, ...), implemented over LLVM's liboffload (the ol* API of   *|
|* libLLVMOffload.so.22.1), so that a program lowered by                    *|
|* gpu-lower-to-nvvm-pipeline runs with Debian's stock mlir-runner-22:      *|
|*                                                                            *|
|*   mlir-runner-22 prog.mlir --shared-libs=libOffloadMGPURuntime.so,...    *|
|*                                                                            *|
|* docs/GPUDialect.md says how. NVIDIA GPUs; modules are cubins (ELF): the  *|
|* CUDA driver takes a kernel's arguments as one buffer here, laid out as   *|
|* the cubin's parameter table (.nv.info.<kernel>) says.                    *|
|*                                                                            *|
|* liboffload's plugins register LLVM's code generation options when they   *|
|* start; mlir-runner has options of some of the same names, so those are   *|
|* taken out of LLVM's registry first (MGPUOptions.cpp), or the process     *|
|* would stop ("Option 'march' registered more than once!"). (A link        *|
|* namespace of its own, dlmopen, would avoid that, but the CUDA driver     *|
|* crashes there: seen on an H100.)                                          *|
|*                                                                            *|
|* Environment: OFFLOAD_MGPU_DEVICE=n picks the n-th GPU liboffload finds    *|
|* (default 0; mgpuSetDefaultDevice too).                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

/* OffloadAPI.h uses `bool` without including <stdbool.h>. */
#include <stdbool.h>

#include <offload/OffloadAPI.h>

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

/*===----------------------------------------------------------------------===*/
/* liboffload, in a namespace of its own                                      */
/*===----------------------------------------------------------------------===*/

#define OL_FUNCTIONS(X)                                                        \
  X(olInit) X(olShutDown) X(olIterateDevices) X(olGetDeviceInfo) X(olGetPlatformInfo)       \
  X(olCreateProgram) X(olDestroyProgram) X(olGetSymbol) X(olLaunchKernel)     \
  X(olCreateQueue) X(olDestroyQueue) X(olSyncQueue) X(olCreateEvent)          \
  X(olDestroyEvent) X(olSyncEvent) X(olWaitEvents) X(olMemAlloc)              \
  X(olMemFree) X(olMemcpy) X(olMemFill)

static struct {
#define FIELD(name) __typeof__(&name) name;
  OL_FUNCTIONS(FIELD)
#undef FIELD
} ol;

/* MGPUOptions.cpp. */
void __offload_mgpu_yield_codegen_options(void);

/* Loads liboffload (22: the ol* API of another major version differs). */
static int loadLiboffload(void) {
  const char *library = "libLLVMOffload.so.22.1";
  void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    fprintf(stderr, "mgpu: cannot load liboffload (%s): %s\n", library,
            dlerror());
    return 0;
  }
#define LOAD(name)                                                             \
  if (!(ol.name = (__typeof__(ol.name))dlsym(handle, #name))) {                \
    fprintf(stderr, "mgpu: liboffload has no %s\n", #name);                    \
    return 0;                                                                  \
  }
  OL_FUNCTIONS(LOAD)
#undef LOAD
  return 1;
}

/*===----------------------------------------------------------------------===*/
/* State and errors                                                           */
/*===----------------------------------------------------------------------===*/

typedef struct {
  uint32_t offset, size;
} Param;

typedef struct {
  ol_program_handle_t program;
  char *image; /* a copy, for the kernels' parameter tables */
  size_t size;
} Module;

typedef struct {
  ol_symbol_handle_t symbol;
  char *name;
  uint32_t numParams, bufferSize;
  Param *params; /* by ordinal */
} Function;

typedef struct {
  ol_event_handle_t event; /* NULL until recorded */
} Event;

typedef struct {
  void *begin;
  size_t size;
} Allocation;

static struct {
  pthread_once_t once;
  pthread_mutex_t lock;
  int ok;
  /* liboffload was shut down at exit: what the program's own destructors
   * free afterwards (mgpuModuleUnload from a global destructor) is gone
   * with it. */
  int finished;
  int wanted; /* which GPU */
  ol_device_handle_t device, host;
  Allocation *allocations;
  size_t numAllocations, capacity;
} g = {.once = PTHREAD_ONCE_INIT, .lock = PTHREAD_MUTEX_INITIALIZER};

static void report(const char *what, ol_result_t result) {
  fprintf(stderr, "mgpu: %s failed: %s\n", what,
          result && result->Details ? result->Details : "unknown error");
}

#define CHECK(call)                                                            \
  do {                                                                         \
    ol_result_t result_ = (call);                                              \
    if (result_ != OL_SUCCESS)                                                 \
      report(#call, result_);                                                  \
  } while (0)

typedef struct {
  int seen, wanted;
} Search;

static bool visit(ol_device_handle_t device, void *data) {
  Search *search = data;
  ol_platform_handle_t platform;
  ol_platform_backend_t backend = OL_PLATFORM_BACKEND_UNKNOWN;
  if (ol.olGetDeviceInfo(device, OL_DEVICE_INFO_PLATFORM, sizeof platform,
                      &platform) == OL_SUCCESS)
    ol.olGetPlatformInfo(platform, OL_PLATFORM_INFO_BACKEND, sizeof backend,
                      &backend);
  if (backend == OL_PLATFORM_BACKEND_HOST) {
    g.host = device;
  } else if (backend == OL_PLATFORM_BACKEND_CUDA) {
    if (search->seen++ == search->wanted)
      g.device = device;
  }
  return true;
}

static void pickDevice(void) {
  Search search = {0, g.wanted};
  g.device = NULL;
  ol.olIterateDevices(visit, &search);
  if (!g.device)
    fprintf(stderr,
            "mgpu: liboffload finds %d NVIDIA GPUs, so there is no GPU %d\n",
            search.seen, g.wanted);
}

static void shutDown(void) {
  g.finished = 1;
  ol.olShutDown();
}

static void initOnce(void) {
  if (!loadLiboffload())
    return;
  __offload_mgpu_yield_codegen_options();
  ol_result_t result = ol.olInit();
  if (result != OL_SUCCESS) {
    report("olInit", result);
    return;
  }
  /* Before the process's own destructors run (the plugins' objects). */
  atexit(shutDown);
  const char *env = getenv("OFFLOAD_MGPU_DEVICE");
  g.wanted = env ? atoi(env) : 0;
  pickDevice();
  g.ok = g.device && g.host;
}

/* Initializes on first use; 0 when there is no GPU to use. */
static int ready(void) {
  pthread_once(&g.once, initOnce);
  return g.ok;
}

static int isDevicePointer(const void *ptr) {
  const char *p = ptr;
  int found = 0;
  pthread_mutex_lock(&g.lock);
  for (size_t i = 0; i < g.numAllocations && !found; ++i)
    found = p >= (const char *)g.allocations[i].begin &&
            p < (const char *)g.allocations[i].begin + g.allocations[i].size;
  pthread_mutex_unlock(&g.lock);
  return found;
}

/*===----------------------------------------------------------------------===*/
/* Modules and kernels                                                        */
/*===----------------------------------------------------------------------===*/

/* Reads the parameter table of kernel `name` from the cubin `image`: the
 * EIATTR_KPARAM_INFO records (attribute 0x17: index, ordinal, offset, and
 * the size in the top 14 bits of the last word) of section
 * `.nv.info.<name>`. Returns the number of parameters, or -1. */
static int readParams(const char *image, size_t size, const char *name,
                      Param **out, uint32_t *bufferSize) {
  if (size < 64 || memcmp(image, "\177ELF", 4) != 0 || image[4] != 2)
    return -1;
  uint64_t shoff;
  uint16_t shentsize, shnum, shstrndx;
  memcpy(&shoff, image + 0x28, 8);
  memcpy(&shentsize, image + 0x3a, 2);
  memcpy(&shnum, image + 0x3c, 2);
  memcpy(&shstrndx, image + 0x3e, 2);
  if (shentsize < 64 || shoff + (uint64_t)shnum * shentsize > size ||
      shstrndx >= shnum)
    return -1;
  const char *strtabHeader = image + shoff + (uint64_t)shstrndx * shentsize;
  uint64_t strOffset, strSize;
  memcpy(&strOffset, strtabHeader + 0x18, 8);
  memcpy(&strSize, strtabHeader + 0x20, 8);
  if (strOffset + strSize > size)
    return -1;
  char wanted[512];
  snprintf(wanted, sizeof wanted, ".nv.info.%s", name);
  for (uint16_t s = 0; s < shnum; ++s) {
    const char *header = image + shoff + (uint64_t)s * shentsize;
    uint32_t nameOffset;
    uint64_t offset, length;
    memcpy(&nameOffset, header, 4);
    memcpy(&offset, header + 0x18, 8);
    memcpy(&length, header + 0x20, 8);
    if (nameOffset >= strSize || offset + length > size ||
        strncmp(image + strOffset + nameOffset, wanted, strSize - nameOffset))
      continue;
    /* Records: format (1 byte), attribute (1 byte), then for format 4 a
     * 2-byte size and that many bytes, else a 2-byte value. */
    int count = 0;
    Param *params = NULL;
    uint32_t total = 0;
    for (uint64_t i = offset; i + 4 <= offset + length;) {
      uint8_t format = (uint8_t)image[i], attribute = (uint8_t)image[i + 1];
      uint16_t payload;
      memcpy(&payload, image + i + 2, 2);
      if (format != 4) {
        i += 4;
        continue;
      }
      if (i + 4 + payload > offset + length)
        break;
      if (attribute == 0x17 && payload >= 12) {
        uint16_t ordinal, paramOffset;
        uint32_t flags;
        memcpy(&ordinal, image + i + 8, 2);
        memcpy(&paramOffset, image + i + 10, 2);
        memcpy(&flags, image + i + 12, 4);
        if (ordinal >= count) {
          Param *grown = realloc(params, (ordinal + 1) * sizeof(Param));
          if (!grown) {
            free(params);
            return -1;
          }
          memset(grown + count, 0, (ordinal + 1 - count) * sizeof(Param));
          params = grown;
          count = ordinal + 1;
        }
        params[ordinal].offset = paramOffset;
        params[ordinal].size = flags >> 18;
        if (paramOffset + (flags >> 18) > total)
          total = paramOffset + (flags >> 18);
      }
      i += 4 + payload;
    }
    *out = params;
    *bufferSize = total;
    return count;
  }
  /* No table: the kernel takes no parameters. */
  *out = NULL;
  *bufferSize = 0;
  return 0;
}

EXPORT void *mgpuModuleLoad(void *data, size_t size) {
  if (!ready())
    return NULL;
  Module *module = calloc(1, sizeof(Module));
  if (!module)
    return NULL;
  module->image = malloc(size);
  if (!module->image) {
    free(module);
    return NULL;
  }
  memcpy(module->image, data, size);
  module->size = size;
  ol_result_t result =
      ol.olCreateProgram(g.device, module->image, size, &module->program);
  if (result != OL_SUCCESS) {
    report("olCreateProgram", result);
    if (memcmp(data, "\177ELF", 4) != 0)
      fprintf(stderr, "mgpu: the module is not a cubin: lower it with "
                      "gpu-module-to-binary{format=bin} "
                      "(gpu-lower-to-nvvm-pipeline{cubin-format=bin})\n");
    free(module->image);
    free(module);
    return NULL;
  }
  return module;
}

EXPORT void *mgpuModuleLoadJIT(void *data, int optLevel) {
  (void)data;
  (void)optLevel;
  fprintf(stderr, "mgpu: PTX modules (format isa) need the CUDA driver's JIT, "
                  "which liboffload does not offer: lower with "
                  "gpu-module-to-binary{format=bin} "
                  "(gpu-lower-to-nvvm-pipeline{cubin-format=bin})\n");
  return NULL;
}

EXPORT void mgpuModuleUnload(void *handle) {
  Module *module = handle;
  if (!module)
    return;
  if (!g.finished)
    CHECK(ol.olDestroyProgram(module->program));
  free(module->image);
  free(module);
}

EXPORT void *mgpuModuleGetFunction(void *handle, const char *name) {
  Module *module = handle;
  if (!module)
    return NULL;
  Function *function = calloc(1, sizeof(Function));
  if (!function)
    return NULL;
  ol_result_t result = ol.olGetSymbol(module->program, name,
                                   OL_SYMBOL_KIND_KERNEL, &function->symbol);
  int count = result == OL_SUCCESS
                  ? readParams(module->image, module->size, name,
                               &function->params, &function->bufferSize)
                  : -1;
  if (result != OL_SUCCESS)
    report("olGetSymbol", result);
  else if (count < 0)
    fprintf(stderr, "mgpu: no parameter table for kernel %s in the module "
                    "(not a cubin?)\n",
            name);
  if (count < 0) {
    free(function);
    return NULL;
  }
  function->numParams = (uint32_t)count;
  function->name = strdup(name);
  return function;
}

EXPORT void mgpuLaunchKernel(void *handle, intptr_t gridX, intptr_t gridY,
                             intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                             intptr_t blockZ, int32_t smem, void *stream,
                             void **params, void **extra, size_t paramsCount) {
  (void)extra;
  Function *function = handle;
  if (!function) {
    fprintf(stderr, "mgpu: launch of a kernel that was not loaded\n");
    return;
  }
  if (paramsCount != function->numParams) {
    fprintf(stderr,
            "mgpu: kernel %s takes %u parameters, the launch passes %zu\n",
            function->name, function->numParams, paramsCount);
    return;
  }
  char *buffer = calloc(1, function->bufferSize ? function->bufferSize : 1);
  if (!buffer)
    return;
  for (size_t i = 0; i < paramsCount; ++i)
    memcpy(buffer + function->params[i].offset, params[i],
           function->params[i].size);
  ol_kernel_launch_size_args_t sizes = {
      .Dimensions = 3,
      .NumGroups = {(uint32_t)gridX, (uint32_t)gridY, (uint32_t)gridZ},
      .GroupSize = {(uint32_t)blockX, (uint32_t)blockY, (uint32_t)blockZ},
      .DynSharedMemory = (size_t)smem};
  CHECK(ol.olLaunchKernel((ol_queue_handle_t)stream, g.device, function->symbol,
                       buffer, function->bufferSize, &sizes));
  free(buffer);
}

/*===----------------------------------------------------------------------===*/
/* Streams and events                                                         */
/*===----------------------------------------------------------------------===*/

EXPORT void *mgpuStreamCreate(void) {
  if (!ready())
    return NULL;
  ol_queue_handle_t queue = NULL;
  CHECK(ol.olCreateQueue(g.device, &queue));
  return queue;
}

EXPORT void mgpuStreamDestroy(void *stream) {
  if (stream)
    CHECK(ol.olDestroyQueue((ol_queue_handle_t)stream));
}

EXPORT void mgpuStreamSynchronize(void *stream) {
  if (stream)
    CHECK(ol.olSyncQueue((ol_queue_handle_t)stream));
}

EXPORT void *mgpuEventCreate(void) { return calloc(1, sizeof(Event)); }

EXPORT void mgpuEventDestroy(void *handle) {
  Event *event = handle;
  if (!event)
    return;
  if (event->event)
    CHECK(ol.olDestroyEvent(event->event));
  free(event);
}

/* liboffload makes an event by recording it on a queue. */
EXPORT void mgpuEventRecord(void *handle, void *stream) {
  Event *event = handle;
  if (!event || !stream)
    return;
  if (event->event)
    CHECK(ol.olDestroyEvent(event->event));
  event->event = NULL;
  CHECK(ol.olCreateEvent((ol_queue_handle_t)stream, &event->event));
}

EXPORT void mgpuEventSynchronize(void *handle) {
  Event *event = handle;
  if (event && event->event)
    CHECK(ol.olSyncEvent(event->event));
}

EXPORT void mgpuStreamWaitEvent(void *stream, void *handle) {
  Event *event = handle;
  if (stream && event && event->event)
    CHECK(ol.olWaitEvents((ol_queue_handle_t)stream, &event->event, 1));
}

/*===----------------------------------------------------------------------===*/
/* Memory                                                                     */
/*===----------------------------------------------------------------------===*/

EXPORT void *mgpuMemAlloc(uint64_t size, void *stream, bool isHostShared) {
  (void)stream;
  if (!ready())
    return NULL;
  void *ptr = NULL;
  CHECK(ol.olMemAlloc(g.device,
                   isHostShared ? OL_ALLOC_TYPE_MANAGED : OL_ALLOC_TYPE_DEVICE,
                   size ? size : 1, &ptr));
  if (ptr && !isHostShared) {
    pthread_mutex_lock(&g.lock);
    if (g.numAllocations == g.capacity) {
      size_t capacity = g.capacity ? 2 * g.capacity : 16;
      Allocation *grown =
          realloc(g.allocations, capacity * sizeof(Allocation));
      if (grown) {
        g.allocations = grown;
        g.capacity = capacity;
      }
    }
    if (g.numAllocations < g.capacity)
      g.allocations[g.numAllocations++] = (Allocation){ptr, size ? size : 1};
    pthread_mutex_unlock(&g.lock);
  }
  return ptr;
}

EXPORT void mgpuMemFree(void *ptr, void *stream) {
  if (!ptr)
    return;
  /* The free is not ordered on the stream: wait for what uses it. */
  if (stream)
    CHECK(ol.olSyncQueue((ol_queue_handle_t)stream));
  pthread_mutex_lock(&g.lock);
  for (size_t i = 0; i < g.numAllocations; ++i)
    if (g.allocations[i].begin == ptr) {
      g.allocations[i] = g.allocations[--g.numAllocations];
      break;
    }
  pthread_mutex_unlock(&g.lock);
  CHECK(ol.olMemFree(ptr));
}

EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  if (!ready() || sizeBytes == 0)
    return;
  ol_device_handle_t dstDevice = isDevicePointer(dst) ? g.device : g.host;
  ol_device_handle_t srcDevice = isDevicePointer(src) ? g.device : g.host;
  CHECK(ol.olMemcpy((ol_queue_handle_t)stream, dst, dstDevice, src, srcDevice,
                 sizeBytes));
}

EXPORT void mgpuMemset32(void *dst, unsigned int value, size_t count,
                         void *stream) {
  if (ready() && count)
    CHECK(ol.olMemFill((ol_queue_handle_t)stream, dst, sizeof value, &value,
                    count * sizeof value));
}

EXPORT void mgpuMemset16(void *dst, unsigned short value, size_t count,
                         void *stream) {
  if (ready() && count)
    CHECK(ol.olMemFill((ol_queue_handle_t)stream, dst, sizeof value, &value,
                    count * sizeof value));
}

/* Host memory the GPU may read and write in place: liboffload 22's CUDA
 * plugin does not register host memory with the driver (olMemRegister
 * returns the host address and pins nothing: a kernel on it faults, seen on
 * an H100), so this says so instead of letting kernels fault. */
EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  (void)ptr;
  (void)sizeBytes;
  fprintf(stderr, "mgpu: gpu.host_register is not supported over liboffload "
                  "22 (its CUDA plugin does not register host memory with "
                  "the driver): copy the buffer with gpu.memcpy instead\n");
}

EXPORT void mgpuMemHostUnregister(void *ptr) { (void)ptr; }

/* A ranked memref descriptor: allocated, aligned, offset, sizes[rank],
 * strides[rank]. The bytes from its first element to its last. */
static void getSpan(int64_t rank, const void *descriptor,
                    int64_t elementSizeBytes, char **begin, uint64_t *bytes) {
  char *const *pointers = (char *const *)(uintptr_t)descriptor;
  const int64_t *fields = (const int64_t *)(pointers + 2);
  const int64_t *sizes = fields + 1, *strides = fields + 1 + rank;
  int64_t span = 1;
  for (int64_t d = 0; d < rank; ++d) {
    if (sizes[d] == 0)
      span = 0;
    if (span)
      span += (sizes[d] - 1) * strides[d];
  }
  *begin = pointers[1] + fields[0] * elementSizeBytes;
  *bytes = (uint64_t)(span * elementSizeBytes);
}

EXPORT void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                      int64_t elementSizeBytes) {
  char *begin;
  uint64_t bytes;
  getSpan(rank, descriptor, elementSizeBytes, &begin, &bytes);
  mgpuMemHostRegister(begin, bytes);
}

EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                        int64_t elementSizeBytes) {
  char *begin;
  uint64_t bytes;
  getSpan(rank, descriptor, elementSizeBytes, &begin, &bytes);
  mgpuMemHostUnregister(begin);
}

EXPORT void mgpuSetDefaultDevice(int32_t device) {
  pthread_once(&g.once, initOnce);
  g.wanted = device;
  pickDevice();
  g.ok = g.device && g.host;
}
