/*===- OffloadRuntime.c - queued kernel launches -------------------*- C -*-===*\
|*                                                                            *|
|* Launches through liboffload (`olLaunchKernel` on one queue per device) on  *|
|* buffers libomptarget mapped; see include/offload/Runtime/OffloadRuntime.h  *|
|* for the interface and docs/LaunchPath.md for the design and the facts it   *|
|* rests on.                                                                  *|
|*                                                                            *|
|* Both runtimes are looked up at run time (libomptarget's `omp_*` functions  *|
|* in the process, liboffload with dlopen), so the library adds no link       *|
|* dependency and a process without liboffload or without a CUDA GPU simply   *|
|* launches through libomptarget.                                             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define _GNU_SOURCE /* dladdr */
#include "offload/Runtime/OffloadRuntime.h"

#include "LibomptargetABI.h"

/* OffloadAPI.h uses `bool` without including <stdbool.h>. */
#include <stdbool.h>

#include <offload/OffloadAPI.h>

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define HIDDEN __attribute__((visibility("hidden")))

/* Map-type bits of a buffer whose mapping is a no-op when it is present:
 * anything else (always, delete, ptr_and_obj, private, member_of, hold, ...)
 * makes libomptarget do work, so such a launch goes through it. */
static const int64_t kNoOpWhenPresent =
    MAP_TO | MAP_FROM | MAP_TARGET_PARAM | MAP_IMPLICIT | MAP_CLOSE |
    MAP_PRESENT;

/* Kernel parameters: the leading dyn_ptr, then one 8-byte slot per argument
 * (include/offload/Dialect/Offload/Utils/KernelABI.h). */
enum { kMaxArgs = 1024 };

/*===----------------------------------------------------------------------===*/
/* State                                                                      */
/*===----------------------------------------------------------------------===*/

typedef struct {
  pthread_mutex_t lock; /* the queue and this module state of the device */
  atomic_int checked;   /* set (release) under gLock once usable is known */
  int usable;           /* launches may be queued here */
  ol_device_handle_t handle;
  ol_queue_handle_t queue;
  uint32_t computeUnits; /* multiprocessors; 0 when not known */
  atomic_int pending; /* launches queued since the last wait */
  atomic_long queued, notQueued; /* counts, for OFFLOAD_RUNTIME_INFO */
  const char *lastKernel;        /* NULL: the last op queued was a copy */
  const IdentTy *lastIdent;
} Device;

typedef struct {
  int status; /* 0: not looked at, 1: program loaded, -1: none */
  ol_program_handle_t program;
  ol_symbol_handle_t *kernels; /* per entry, NULL until looked up */
  int32_t image;               /* which image of the descriptor */
  size_t bytes;                /* its size */
} ModuleDevice;

/* What the set-up at start-up made for one module: its program on each
 * liboffload device of `setUp.devices` (status 0 where it was not loaded). */
typedef struct {
  __offload_rt_module *module;
  ModuleDevice *devices;
} SetUpModule;

typedef struct {
  const BinDescTy *desc;
  size_t numEntries;
  const SetUpModule *setUp; /* NULL when the set-up did not see the module */
  ModuleDevice devices[];   /* one per libomptarget device */
} ModuleState;

static struct {
  pthread_once_t once;
  int enabled; /* 0: every launch goes through libomptarget */
  int info;
  int numDevices;
  Device *devices;
  /* libomptarget and libomp, from the process (lookUpOpenMP) */
  int (*getNumDevices)(void);
  int (*getDefaultDevice)(void);
  const char *(*getUidFromDevice)(int);
  void *(*getMappedPtr)(const void *, int);
  /* liboffload */
  int olLoaded; /* 0: not tried, 1: ready, -1: unusable (under gLock) */
  double dlopenMs, initMs; /* what loading it cost */
  __typeof__(&olInit) init;
  __typeof__(&olShutDown) shutDown;
  __typeof__(&olIterateDevices) iterateDevices;
  __typeof__(&olGetDeviceInfo) getDeviceInfo;
  __typeof__(&olGetDeviceInfoSize) getDeviceInfoSize;
  __typeof__(&olGetPlatformInfo) getPlatformInfo;
  __typeof__(&olCreateQueue) createQueue;
  __typeof__(&olSyncQueue) syncQueue;
  __typeof__(&olIsValidBinary) isValidBinary;
  __typeof__(&olCreateProgram) createProgram;
  __typeof__(&olGetSymbol) getSymbol;
  __typeof__(&olLaunchKernel) launchKernel;
  /* Copies between devices (optional: without them copies go through
   * libomptarget) */
  __typeof__(&olCreateEvent) createEvent;
  __typeof__(&olWaitEvents) waitEvents;
  __typeof__(&olDestroyEvent) destroyEvent;
  __typeof__(&olMemcpy) copy;
  /* Per (source, destination) pair of devices, source-major: 0 not tried,
   * 1 copies are queued, -1 they go through libomptarget. */
  atomic_schar *copyPaths;
} rt = {.once = PTHREAD_ONCE_INIT};

/* Module states and device checks are made under this lock, once each. */
static pthread_mutex_t gLock = PTHREAD_MUTEX_INITIALIZER;

/*===----------------------------------------------------------------------===*/
/* Messages                                                                   */
/*===----------------------------------------------------------------------===*/

/* `file:line:col` of an ident_t, or "an unknown location". */
static void formatLocation(const IdentTy *ident, char *out, size_t size) {
  snprintf(out, size, "an unknown location");
  if (!ident || !ident->PSource || ident->PSource[0] != ';')
    return;
  char file[512], function[256];
  unsigned line = 0, column = 0;
  if (sscanf(ident->PSource, ";%511[^;];%255[^;];%u;%u", file, function, &line,
             &column) == 4)
    snprintf(out, size, "%s:%u:%u", file, line, column);
}

/* Set on the thread that makes the set-up at start-up: its messages wait
 * in `setUpLog` until the first launch (or the exit) prints them, so that
 * they come out in a fixed place among the program's own. */
static _Thread_local int tDeferInfo;
static char setUpLog[4096];
static size_t setUpLogSize;

static void info(const char *format, ...) {
  if (!rt.info)
    return;
  va_list args;
  va_start(args, format);
  if (tDeferInfo) {
    char line[1024];
    int n = snprintf(line, sizeof line, "offload-rt: ");
    n += vsnprintf(line + n, sizeof line - (size_t)n - 1, format, args);
    if (n > (int)sizeof line - 2)
      n = (int)sizeof line - 2;
    line[n++] = '\n';
    if (setUpLogSize + (size_t)n < sizeof setUpLog) {
      memcpy(setUpLog + setUpLogSize, line, (size_t)n);
      setUpLogSize += (size_t)n;
    }
  } else {
    fputs("offload-rt: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
  }
  va_end(args);
}

static const char *details(ol_result_t result) {
  return result && result->Details ? result->Details : "no details";
}

/*===----------------------------------------------------------------------===*/
/* Set-up                                                                     */
/*===----------------------------------------------------------------------===*/

static int envIs(const char *name, const char *value) {
  const char *v = getenv(name);
  return v && strcasecmp(v, value) == 0;
}

/* Milliseconds on CLOCK_MONOTONIC, for OFFLOAD_RUNTIME_INFO's timings. */
static double nowMs(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

static pthread_once_t infoOnce = PTHREAD_ONCE_INIT;

static void readInfoEnv(void) {
  const char *infoEnv = getenv("OFFLOAD_RUNTIME_INFO");
  rt.info = infoEnv && *infoEnv && strcmp(infoEnv, "0") != 0;
}

/* libomptarget's and libomp's device functions, from the process (null
 * where missing). */
static pthread_once_t openMPOnce = PTHREAD_ONCE_INIT;
static pthread_once_t scopesOnce = PTHREAD_ONCE_INIT;
static void *ownScope, *libomptargetScope;

/* The object `address` is in, opened again for dlsym (which then searches
 * it and its dependencies); null when none is. */
static void *openObjectOf(const void *address) {
  Dl_info object;
  if (!address || !dladdr(address, &object) || !object.dli_fname)
    return NULL;
  return dlopen(object.dli_fname, RTLD_NOW | RTLD_NOLOAD);
}

/* libomptarget (the object that defines __tgt_register_lib), and the object
 * this runtime is linked into (a program, or a shared library loaded with
 * RTLD_LOCAL). */
static void openScopes(void) {
  ownScope = openObjectOf((const void *)&openScopes);
  void *registerLib = dlsym(RTLD_DEFAULT, "__tgt_register_lib");
  if (!registerLib && ownScope)
    registerLib = dlsym(ownScope, "__tgt_register_lib");
  libomptargetScope = openObjectOf(registerLib);
}

HIDDEN void *__offload_rt_lookup_openmp(const char *name) {
  pthread_once(&scopesOnce, openScopes);
  /* libomptarget's own first: libomp defines some of the same functions
   * (omp_get_num_devices), which forward to libomptarget only when libomp
   * finds it after itself in the global scope, not so where a host program
   * (Python) loaded libomptarget first: they say 0 devices there. */
  void *address = libomptargetScope ? dlsym(libomptargetScope, name) : NULL;
  if (!address)
    address = dlsym(RTLD_DEFAULT, name);
  if (!address && ownScope)
    address = dlsym(ownScope, name);
  return address;
}

static void lookUpOpenMP(void) {
  rt.getNumDevices =
      (int (*)(void))__offload_rt_lookup_openmp("omp_get_num_devices");
  rt.getDefaultDevice =
      (int (*)(void))__offload_rt_lookup_openmp("omp_get_default_device");
  rt.getUidFromDevice = (const char *(*)(int))__offload_rt_lookup_openmp(
      "omp_get_uid_from_device");
  rt.getMappedPtr = (void *(*)(const void *, int))__offload_rt_lookup_openmp(
      "omp_get_mapped_ptr");
}

static void initOnce(void) {
  pthread_once(&infoOnce, readInfoEnv);
  if (envIs("OFFLOAD_QUEUE_LAUNCHES", "0")) {
    info("OFFLOAD_QUEUE_LAUNCHES=0: every launch goes through libomptarget");
    return;
  }
  if (envIs("OMP_TARGET_OFFLOAD", "disabled"))
    return;
  pthread_once(&openMPOnce, lookUpOpenMP);
  if (!rt.getNumDevices || !rt.getDefaultDevice || !rt.getUidFromDevice ||
      !rt.getMappedPtr) {
    info("libomptarget's device functions are not in the process: every "
         "launch goes through libomptarget");
    return;
  }
  rt.numDevices = rt.getNumDevices();
  if (rt.numDevices <= 0)
    return;
  rt.devices = calloc((size_t)rt.numDevices, sizeof(Device));
  if (!rt.devices)
    return;
  for (int d = 0; d < rt.numDevices; ++d)
    pthread_mutex_init(&rt.devices[d].lock, NULL);
  rt.copyPaths = calloc((size_t)rt.numDevices * (size_t)rt.numDevices,
                        sizeof(atomic_schar));
  rt.enabled = 1;
}

static void shutDownLiboffload(void) {
  /* Every function that launches waits before it returns, so the queues
   * are empty here. */
  for (int d = 0; d < rt.numDevices; ++d)
    if (rt.devices[d].usable)
      info("device %d: %ld launches queued, %ld through libomptarget", d,
           (long)atomic_load(&rt.devices[d].queued),
           (long)atomic_load(&rt.devices[d].notQueued));
  rt.enabled = 0;
  rt.shutDown();
}

/* Loads liboffload and initializes it; under gLock, or on the set-up's
 * thread before anything else uses liboffload. `atExit`: shut it down at
 * exit (the set-up at start-up registers its own exit handler). */
static int loadLiboffload(int atExit) {
  if (rt.olLoaded)
    return rt.olLoaded > 0;
  rt.olLoaded = -1;
  double start = nowMs();
  /* The 22 API differs from later ones: never bind another major version. */
  void *lib = dlopen("libLLVMOffload.so.22.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    info("liboffload (libLLVMOffload.so.22.1) not found: %s", dlerror());
    return 0;
  }
#define LOAD(field, name)                                                      \
  if (!(rt.field = (__typeof__(rt.field))dlsym(lib, name))) {                  \
    info("liboffload has no %s", name);                                        \
    return 0;                                                                  \
  }
  LOAD(init, "olInit");
  LOAD(shutDown, "olShutDown");
  LOAD(iterateDevices, "olIterateDevices");
  LOAD(getDeviceInfo, "olGetDeviceInfo");
  LOAD(getDeviceInfoSize, "olGetDeviceInfoSize");
  LOAD(getPlatformInfo, "olGetPlatformInfo");
  LOAD(createQueue, "olCreateQueue");
  LOAD(syncQueue, "olSyncQueue");
  LOAD(isValidBinary, "olIsValidBinary");
  LOAD(createProgram, "olCreateProgram");
  LOAD(getSymbol, "olGetSymbol");
  LOAD(launchKernel, "olLaunchKernel");
#undef LOAD
  rt.createEvent = (__typeof__(rt.createEvent))dlsym(lib, "olCreateEvent");
  rt.waitEvents = (__typeof__(rt.waitEvents))dlsym(lib, "olWaitEvents");
  rt.destroyEvent = (__typeof__(rt.destroyEvent))dlsym(lib, "olDestroyEvent");
  rt.copy = (__typeof__(rt.copy))dlsym(lib, "olMemcpy");
  double loaded = nowMs();
  ol_result_t result = rt.init();
  if (result != OL_SUCCESS) {
    info("olInit failed: %s", details(result));
    return 0;
  }
  rt.dlopenMs = loaded - start;
  rt.initMs = nowMs() - loaded;
  if (atExit)
    atexit(shutDownLiboffload);
  rt.olLoaded = 1;
  return 1;
}

typedef struct {
  const char *uid;
  ol_device_handle_t found;
  int backend;
} DeviceSearch;

/* The backend of a liboffload device's platform (UNKNOWN when not told). */
static ol_platform_backend_t getBackend(ol_device_handle_t device) {
  ol_platform_handle_t platform;
  ol_platform_backend_t backend = OL_PLATFORM_BACKEND_UNKNOWN;
  if (rt.getDeviceInfo(device, OL_DEVICE_INFO_PLATFORM, sizeof platform,
                       &platform) == OL_SUCCESS)
    rt.getPlatformInfo(platform, OL_PLATFORM_INFO_BACKEND, sizeof backend,
                       &backend);
  return backend;
}

static bool matchDevice(ol_device_handle_t device, void *data) {
  DeviceSearch *search = data;
  size_t size = 0;
  if (rt.getDeviceInfoSize(device, OL_DEVICE_INFO_UID, &size) != OL_SUCCESS ||
      size == 0 || size > 4096)
    return true;
  char uid[4096];
  if (rt.getDeviceInfo(device, OL_DEVICE_INFO_UID, size, uid) != OL_SUCCESS ||
      strncmp(uid, search->uid, size) != 0)
    return true;
  search->found = device;
  search->backend = getBackend(device);
  return false;
}

/* Whether an image is LLVM bitcode (raw or in its wrapper), which the
 * plugin compiles (JIT and ptxas) when it loads it. */
static int isBitcode(const void *image, size_t size) {
  const unsigned char *b = image;
  return size >= 4 && ((b[0] == 'B' && b[1] == 'C' && b[2] == 0xC0 &&
                        b[3] == 0xDE) ||
                       (b[0] == 0xDE && b[1] == 0xC0 && b[2] == 0x17 &&
                        b[3] == 0x0B));
}

/* Loads the first image of `desc` that liboffload accepts for `handle` into
 * `md` and looks up the kernel of every entry (a failed look-up is retried,
 * and reported, at the kernel's launch). `where` names the device in
 * messages. Bitcode images are skipped when `skipBitcode`. Returns whether
 * an image loaded; `kernels` counts the kernels found. */
static int loadProgram(const BinDescTy *desc, size_t numEntries,
                       ol_device_handle_t handle, int skipBitcode,
                       const char *where, ModuleDevice *md, int *kernels) {
  for (int32_t i = 0; i < desc->NumDeviceImages; ++i) {
    const DeviceImageTy *image = &desc->DeviceImages[i];
    size_t size = (size_t)((char *)image->ImageEnd - (char *)image->ImageStart);
    bool valid = false;
    if (rt.isValidBinary(handle, image->ImageStart, size, &valid) !=
            OL_SUCCESS ||
        !valid)
      continue;
    if (skipBitcode && isBitcode(image->ImageStart, size))
      return 0;
    ol_result_t result =
        rt.createProgram(handle, image->ImageStart, size, &md->program);
    if (result != OL_SUCCESS) {
      info("%s: liboffload cannot load image %d (%s)", where, i,
           details(result));
      continue;
    }
    md->kernels = calloc(numEntries, sizeof(ol_symbol_handle_t));
    if (!md->kernels)
      return 0;
    const EntryTy *entries = desc->HostEntriesBegin;
    for (size_t e = 0; e < numEntries; ++e)
      if (rt.getSymbol(md->program, entries[e].SymbolName,
                       OL_SYMBOL_KIND_KERNEL, &md->kernels[e]) == OL_SUCCESS)
        ++*kernels;
      else
        md->kernels[e] = NULL;
    md->image = i;
    md->bytes = size;
    md->status = 1;
    return 1;
  }
  return 0;
}

/* The number of offload entries of a descriptor. */
static size_t countEntries(const BinDescTy *desc) {
  return desc && desc->HostEntriesEnd > desc->HostEntriesBegin
             ? (size_t)(desc->HostEntriesEnd - desc->HostEntriesBegin)
             : 0;
}

/*===----------------------------------------------------------------------===*/
/* Set-up at start-up                                                         */
/*===----------------------------------------------------------------------===*/

/* Setting up liboffload (loading it, olInit, which initializes every
 * device, a queue per device, each module's image and kernels) costs about
 * 2 ms on an H100 (1.5 ms of it olInit); made at the first launch, it made
 * that launch 2 ms against CUDA's 0.13 ms. So every module's constructor
 * registers its launch state (__offload_rt_register_module, priority 102,
 * after the CUDA contexts are made (100) and the images registered (101)),
 * and this library's constructor (priority 103) sets liboffload up for all
 * of them, where the program already waits for the CUDA contexts
 * (docs/LaunchPath.md, "Start-up"). OFFLOAD_QUEUE_SETUP=background makes it
 * on a thread of its own instead, while the program goes on (the first
 * launch waits for what is left: all but the time between start-up and
 * that launch), =launch at the first launch. Unless named, it is made only
 * when the CUDA driver is in the process at start-up (our CUDA-context
 * constructor loads it for every program with an NVPTX image): without it
 * no device can queue, and liboffload's CUDA plugin must not be the first
 * to make a context. */

enum { kSetUpLaunch, kSetUpBackground, kSetUpStartup };

typedef struct {
  ol_device_handle_t handle;
  ol_queue_handle_t queue; /* NULL when olCreateQueue failed */
} SetUpDevice;

static struct {
  pthread_once_t done;  /* joins the thread, prints its messages */
  pthread_mutex_t lock; /* modules, closed */
  int mode;
  int ran;     /* the set-up ran or runs: its results are used */
  int atExit;  /* the program exits without having launched */
  int thread;  /* on `threadId` */
  int closed;  /* modules registered from now on load at their first launch */
  pthread_t threadId;
  SetUpModule *modules;
  size_t numModules, capacity;
  SetUpDevice *devices; /* liboffload's CUDA devices */
  int numDevices;
  /* Where its time went, in ms (OFFLOAD_RUNTIME_INFO). */
  double totalMs, devicesMs, imagesMs, waitedMs;
  int images, kernels;
} setUp = {.done = PTHREAD_ONCE_INIT, .lock = PTHREAD_MUTEX_INITIALIZER};

typedef struct {
  SetUpDevice *devices;
  int count, capacity;
} DeviceList;

static bool collectCudaDevice(ol_device_handle_t device, void *data) {
  DeviceList *list = data;
  if (getBackend(device) != OL_PLATFORM_BACKEND_CUDA)
    return true;
  if (list->count == list->capacity) {
    int capacity = list->capacity ? 2 * list->capacity : 8;
    SetUpDevice *devices =
        realloc(list->devices, (size_t)capacity * sizeof(SetUpDevice));
    if (!devices)
      return false;
    list->devices = devices;
    list->capacity = capacity;
  }
  list->devices[list->count++] = (SetUpDevice){device, NULL};
  return true;
}

/* The set-up itself: on its thread, or in the constructor. */
static void runSetUp(void) {
  tDeferInfo = 1;
  double start = nowMs();
  if (loadLiboffload(/*atExit=*/0)) {
    double loaded = nowMs();
    DeviceList list = {NULL, 0, 0};
    rt.iterateDevices(collectCudaDevice, &list);
    for (int j = 0; j < list.count; ++j) {
      ol_result_t result =
          rt.createQueue(list.devices[j].handle, &list.devices[j].queue);
      if (result != OL_SUCCESS) {
        info("set-up: olCreateQueue failed (%s)", details(result));
        list.devices[j].queue = NULL;
      }
    }
    setUp.devices = list.devices;
    setUp.numDevices = list.count;
    double queued = nowMs();
    setUp.devicesMs = queued - loaded;
    /* Modules that register after this load at their first launch. */
    pthread_mutex_lock(&setUp.lock);
    setUp.closed = 1;
    pthread_mutex_unlock(&setUp.lock);
    for (size_t m = 0; m < setUp.numModules; ++m) {
      SetUpModule *module = &setUp.modules[m];
      const BinDescTy *desc = module->module->images;
      size_t entries = countEntries(desc);
      if (!entries || !setUp.numDevices)
        continue;
      module->devices = calloc((size_t)setUp.numDevices, sizeof(ModuleDevice));
      if (!module->devices)
        continue;
      for (int j = 0; j < setUp.numDevices; ++j)
        setUp.images += loadProgram(desc, entries, setUp.devices[j].handle,
                                    /*skipBitcode=*/1, "set-up",
                                    &module->devices[j], &setUp.kernels);
    }
    setUp.imagesMs = nowMs() - queued;
  }
  setUp.totalMs = nowMs() - start;
  tDeferInfo = 0;
}

static void *setUpThread(void *unused) {
  (void)unused;
  runSetUp();
  return NULL;
}

/* Waits for the set-up (once) and prints its messages. */
static void finishSetUp(void) {
  double start = nowMs();
  if (setUp.thread)
    pthread_join(setUp.threadId, NULL);
  setUp.waitedMs = nowMs() - start;
  if (!rt.info)
    return;
  fwrite(setUpLog, 1, setUpLogSize, stderr);
  if (rt.olLoaded > 0)
    info("liboffload set up at start-up (%s) in %.3f ms: dlopen %.3f ms, "
         "olInit %.3f ms, %d CUDA devices and queues %.3f ms, %d images "
         "and %d kernels %.3f ms; %s waited %.3f ms for it",
         setUp.mode == kSetUpBackground ? "in the background"
                                        : "in the constructor",
         setUp.totalMs, rt.dlopenMs, rt.initMs, setUp.numDevices,
         setUp.devicesMs, setUp.images, setUp.kernels, setUp.imagesMs,
         setUp.atExit ? "the exit (no launch)" : "the first launch",
         setUp.waitedMs);
}

/* Called by every entry point that uses liboffload's state. */
static void awaitSetUp(void) {
  if (setUp.ran)
    pthread_once(&setUp.done, finishSetUp);
}

static void setUpAtExit(void) {
  setUp.atExit = 1; /* read only when no launch got there first */
  awaitSetUp();
  if (rt.olLoaded > 0)
    shutDownLiboffload();
}

HIDDEN void __offload_rt_register_module(__offload_rt_module *module) {
  pthread_mutex_lock(&setUp.lock);
  if (!setUp.closed && setUp.numModules == setUp.capacity) {
    size_t capacity = setUp.capacity ? 2 * setUp.capacity : 8;
    SetUpModule *modules =
        realloc(setUp.modules, capacity * sizeof(SetUpModule));
    if (modules) {
      setUp.modules = modules;
      setUp.capacity = capacity;
    }
  }
  if (!setUp.closed && setUp.numModules < setUp.capacity)
    setUp.modules[setUp.numModules++] = (SetUpModule){module, NULL};
  pthread_mutex_unlock(&setUp.lock);
}

/* Starts the set-up once every module of the program (or shared library)
 * has registered. */
__attribute__((constructor(103))) static void startSetUp(void) {
  pthread_once(&infoOnce, readInfoEnv);
  if (!setUp.numModules || envIs("OFFLOAD_QUEUE_LAUNCHES", "0") ||
      envIs("OMP_TARGET_OFFLOAD", "disabled"))
    return;
  const char *mode = getenv("OFFLOAD_QUEUE_SETUP");
  if (mode && strcasecmp(mode, "launch") == 0)
    return;
  if (mode && strcasecmp(mode, "startup") == 0) {
    setUp.mode = kSetUpStartup;
  } else if (mode && strcasecmp(mode, "background") == 0) {
    setUp.mode = kSetUpBackground;
  } else {
    setUp.mode = kSetUpStartup;
    void *cuda = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD);
    if (!cuda)
      return;
    dlclose(cuda);
  }
  setUp.ran = 1;
  /* After __tgt_register_lib's exit handler was registered (priority 101):
   * runs before it. */
  atexit(setUpAtExit);
  if (setUp.mode == kSetUpBackground &&
      pthread_create(&setUp.threadId, NULL, setUpThread, NULL) == 0) {
    setUp.thread = 1;
    return;
  }
  setUp.mode = kSetUpStartup;
  runSetUp();
}

/* Finds the liboffload device that is libomptarget's device `d` (the same
 * UID) and makes its queue; under gLock. Only CUDA devices queue: liboffload
 * 22's host device cannot run kernels, and AMD GPUs are untested. */
static void checkDevice(int d) {
  Device *device = &rt.devices[d];
  const char *uid = rt.getUidFromDevice(d);
  if (!uid) {
    info("device %d: libomptarget gives no UID: launches go through "
         "libomptarget",
         d);
    return;
  }
  int loadedBefore = rt.olLoaded != 0;
  if (!loadLiboffload(/*atExit=*/1)) {
    info("device %d (%s): launches go through libomptarget", d, uid);
    return;
  }
  if (!loadedBefore)
    info("liboffload loaded at the first launch: dlopen %.3f ms, olInit "
         "%.3f ms",
         rt.dlopenMs, rt.initMs);
  double start = nowMs();
  DeviceSearch search = {uid, NULL, OL_PLATFORM_BACKEND_UNKNOWN};
  rt.iterateDevices(matchDevice, &search);
  if (!search.found) {
    info("device %d (%s): liboffload has no device with this UID: launches "
         "go through libomptarget",
         d, uid);
    return;
  }
  if (search.backend != OL_PLATFORM_BACKEND_CUDA) {
    info("device %d (%s): not a CUDA device: launches go through "
         "libomptarget",
         d, uid);
    return;
  }
  /* The queue the set-up at start-up made for it, if any. */
  for (int j = 0; j < setUp.numDevices; ++j)
    if (setUp.devices[j].handle == search.found)
      device->queue = setUp.devices[j].queue;
  ol_result_t result = OL_SUCCESS;
  if (!device->queue)
    result = rt.createQueue(search.found, &device->queue);
  if (result != OL_SUCCESS) {
    info("device %d (%s): olCreateQueue failed (%s): launches go through "
         "libomptarget",
         d, uid, details(result));
    return;
  }
  device->handle = search.found;
  device->usable = 1;
  uint32_t units = 0;
  if (rt.getDeviceInfo(search.found, OL_DEVICE_INFO_NUM_COMPUTE_UNITS,
                       sizeof units, &units) == OL_SUCCESS)
    device->computeUnits = units;
  info("device %d (%s): launches of present buffers are queued through "
       "liboffload (device and queue: %.3f ms)",
       d, uid, nowMs() - start);
}

static Device *getDevice(int d) {
  Device *device = &rt.devices[d];
  if (!atomic_load_explicit(&device->checked, memory_order_acquire)) {
    pthread_mutex_lock(&gLock);
    if (!atomic_load_explicit(&device->checked, memory_order_relaxed)) {
      checkDevice(d);
      atomic_store_explicit(&device->checked, 1, memory_order_release);
    }
    pthread_mutex_unlock(&gLock);
  }
  return device->usable ? device : NULL;
}

static ModuleState *getModuleState(__offload_rt_module *module) {
  ModuleState *state =
      __atomic_load_n((ModuleState **)&module->state, __ATOMIC_ACQUIRE);
  if (state)
    return state;
  pthread_mutex_lock(&gLock);
  state = module->state;
  if (!state) {
    const BinDescTy *desc = module->images;
    state = calloc(1, sizeof(ModuleState) +
                          (size_t)rt.numDevices * sizeof(ModuleDevice));
    if (state) {
      state->desc = desc;
      state->numEntries = countEntries(desc);
      for (size_t m = 0; m < setUp.numModules; ++m)
        if (setUp.modules[m].module == module && setUp.modules[m].devices)
          state->setUp = &setUp.modules[m];
      __atomic_store_n((ModuleState **)&module->state, state,
                       __ATOMIC_RELEASE);
    }
  }
  pthread_mutex_unlock(&gLock);
  return state;
}

/* Loads the module's image for the device into liboffload (libomptarget has
 * its own copy), or takes the one the set-up at start-up loaded; under the
 * device's lock. */
static ModuleDevice *getModuleDevice(ModuleState *state, int d,
                                     Device *device) {
  ModuleDevice *md = &state->devices[d];
  if (md->status)
    return md->status > 0 ? md : NULL;
  md->status = -1;
  const BinDescTy *desc = state->desc;
  if (!desc || state->numEntries == 0) {
    info("device %d: the module has no registered images: its launches go "
         "through libomptarget",
         d);
    return NULL;
  }
  for (int j = 0; state->setUp && j < setUp.numDevices; ++j)
    if (setUp.devices[j].handle == device->handle &&
        state->setUp->devices[j].status > 0) {
      *md = state->setUp->devices[j];
      info("device %d: image %d of the module loaded (%zu bytes) at "
           "start-up",
           d, md->image, md->bytes);
      return md;
    }
  char where[32];
  snprintf(where, sizeof where, "device %d", d);
  double start = nowMs();
  int kernels = 0;
  if (loadProgram(desc, state->numEntries, device->handle,
                  /*skipBitcode=*/0, where, md, &kernels)) {
    info("device %d: image %d of the module loaded (%zu bytes) at the "
         "first launch: %.3f ms with its %d kernels",
         d, md->image, md->bytes, nowMs() - start, kernels);
    return md;
  }
  info("device %d: no image of the module loads in liboffload: its launches "
       "go through libomptarget",
       d);
  return NULL;
}

/*===----------------------------------------------------------------------===*/
/* Waiting                                                                    */
/*===----------------------------------------------------------------------===*/

/* Waits for the device's queue; under its lock. */
static void syncDevice(int d, Device *device, const IdentTy *where) {
  if (!atomic_load_explicit(&device->pending, memory_order_relaxed))
    return;
  ol_result_t result = rt.syncQueue(device->queue);
  atomic_store_explicit(&device->pending, 0, memory_order_relaxed);
  if (result == OL_SUCCESS)
    return;
  char launched[600], waited[600];
  formatLocation(device->lastIdent, launched, sizeof launched);
  formatLocation(where, waited, sizeof waited);
  fflush(stdout);
  fprintf(stderr,
          "offload: device %d: a %s without waiting failed (the last one "
          "queued: %s%s at %s; found when waiting at %s): %s\n",
          d, device->lastKernel ? "kernel launched" : "copy queued",
          device->lastKernel ? "kernel @" : "a copy between devices",
          device->lastKernel ? device->lastKernel : "", launched, waited,
          details(result));
  abort();
}

static void waitAll(const IdentTy *where) {
  for (int d = 0; d < rt.numDevices; ++d) {
    Device *device = &rt.devices[d];
    if (!atomic_load_explicit(&device->pending, memory_order_acquire))
      continue;
    pthread_mutex_lock(&device->lock);
    syncDevice(d, device, where);
    pthread_mutex_unlock(&device->lock);
  }
}

HIDDEN void __offload_rt_wait(const void *ident) {
  pthread_once(&rt.once, initOnce);
  if (rt.enabled)
    waitAll(ident);
}

/*===----------------------------------------------------------------------===*/
/* Launching                                                                  */
/*===----------------------------------------------------------------------===*/

/* The kernel handle of entry `hostAddr`; under the device's lock. */
static ol_symbol_handle_t getKernel(ModuleState *state, ModuleDevice *md,
                                    int d, void *hostAddr,
                                    const char **name) {
  const EntryTy *entries = state->desc->HostEntriesBegin;
  for (size_t i = 0; i < state->numEntries; ++i) {
    if (entries[i].Address != hostAddr)
      continue;
    *name = entries[i].SymbolName;
    if (!md->kernels[i]) {
      ol_result_t result = rt.getSymbol(md->program, entries[i].SymbolName,
                                        OL_SYMBOL_KIND_KERNEL,
                                        &md->kernels[i]);
      if (result != OL_SUCCESS) {
        info("device %d: kernel %s not found in the image (%s)", d,
             entries[i].SymbolName, details(result));
        md->kernels[i] = NULL;
        return NULL;
      }
    }
    return md->kernels[i];
  }
  info("device %d: no offload entry of the module has address %p", d,
       hostAddr);
  return NULL;
}

/* The kernel's parameters: dyn_ptr, then the arguments with each mapped
 * buffer's host address replaced by its device address, as libomptarget
 * would pass them. Returns 0 when some buffer is not present in full or
 * needs work from libomptarget. */
static int translateArguments(const KernelArgsTy *args, int d,
                              uint64_t *params, const char **why) {
  params[0] = 0;
  for (uint32_t i = 0; i < args->NumArgs; ++i) {
    int64_t type = args->ArgTypes[i];
    if (!(type & MAP_TARGET_PARAM)) {
      *why = "an entry that is not a kernel argument";
      return 0;
    }
    if (type & MAP_LITERAL) {
      /* libomptarget passes ArgBasePtrs[i] of a literal unchanged. */
      params[1 + i] = (uint64_t)(uintptr_t)args->ArgBasePtrs[i];
      continue;
    }
    if (type & ~kNoOpWhenPresent) {
      *why = "a map with always, delete or another modifier";
      return 0;
    }
    int64_t size = args->ArgSizes[i];
    char *begin = args->ArgPtrs[i];
    if (size <= 0 || !begin) {
      *why = "an empty buffer";
      return 0;
    }
    char *deviceBegin = rt.getMappedPtr(begin, d);
    if (!deviceBegin) {
      *why = "a buffer that is not present on the device";
      return 0;
    }
    /* Its last byte must be present too, in the same mapping (libomptarget
     * never maps a range that overlaps an existing one partially). */
    char *deviceLast = rt.getMappedPtr(begin + size - 1, d);
    if (deviceLast != deviceBegin + (size - 1)) {
      *why = "a buffer that is only partly present on the device";
      return 0;
    }
    /* The device address of the base: a section's begin minus its offset. */
    ptrdiff_t offset = begin - (char *)args->ArgBasePtrs[i];
    params[1 + i] = (uint64_t)(uintptr_t)(deviceBegin - offset);
  }
  return 1;
}

HIDDEN int32_t __offload_rt_reduction_blocks(int64_t deviceNum,
                                             int32_t threadsPerBlock,
                                             int32_t maxBlocks,
                                             int32_t fallback) {
  pthread_once(&rt.once, initOnce);
  if (!rt.enabled)
    return fallback;
  awaitSetUp();
  int d = deviceNum < 0 ? rt.getDefaultDevice() : (int)deviceNum;
  Device *device = d >= 0 && d < rt.numDevices ? getDevice(d) : NULL;
  int32_t units = device ? (int32_t)device->computeUnits : 0;
  if (units <= 0 || units > maxBlocks || threadsPerBlock <= 0)
    return fallback;
  int32_t perUnit = 2048 / threadsPerBlock;
  if (perUnit < 1)
    perUnit = 1;
  if (perUnit > maxBlocks / units)
    perUnit = maxBlocks / units;
  return perUnit * units;
}

HIDDEN int32_t __offload_rt_launch(__offload_rt_module *module,
                                   const void *identPtr, int64_t deviceNum,
                                   void *hostAddr, void *kernelArgs) {
  pthread_once(&rt.once, initOnce);
  if (!rt.enabled)
    return 1;
  awaitSetUp();
  const IdentTy *ident = identPtr;
  const KernelArgsTy *args = kernelArgs;
  int d = deviceNum < 0 ? rt.getDefaultDevice() : (int)deviceNum;
  Device *device = d >= 0 && d < rt.numDevices ? getDevice(d) : NULL;
  ModuleState *state = getModuleState(module);
  if (!device || !state) {
    waitAll(ident);
    return 1;
  }

  const char *why = NULL, *name = NULL;
  pthread_mutex_lock(&device->lock);
  ModuleDevice *md = getModuleDevice(state, d, device);
  ol_symbol_handle_t kernel =
      md ? getKernel(state, md, d, hostAddr, &name) : NULL;
  uint64_t params[1 + kMaxArgs];
  ol_kernel_launch_size_args_t grid;
  if (!kernel) {
    why = "the kernel is not loaded in liboffload";
  } else if (!args || args->Version < 3 || args->ArgMappers) {
    why = "kernel arguments this library does not handle";
  } else if (args->NumArgs > kMaxArgs) {
    why = "too many arguments";
  } else if (args->NumTeams[0] == 0 || args->ThreadLimit[0] == 0) {
    why = "an empty grid"; /* libomptarget reports it */
  } else if (translateArguments(args, d, params, &why)) {
    grid.Dimensions = 3;
    grid.NumGroups.x = args->NumTeams[0];
    grid.NumGroups.y = args->NumTeams[1] ? args->NumTeams[1] : 1;
    grid.NumGroups.z = args->NumTeams[2] ? args->NumTeams[2] : 1;
    grid.GroupSize.x = args->ThreadLimit[0];
    grid.GroupSize.y = args->ThreadLimit[1] ? args->ThreadLimit[1] : 1;
    grid.GroupSize.z = args->ThreadLimit[2] ? args->ThreadLimit[2] : 1;
    grid.DynSharedMemory = args->DynCGroupMem;
    ol_result_t result =
        rt.launchKernel(device->queue, device->handle, kernel, params,
                        sizeof(uint64_t) * (1 + args->NumArgs), &grid);
    if (result == OL_SUCCESS) {
      atomic_store_explicit(&device->pending, 1, memory_order_release);
      atomic_fetch_add_explicit(&device->queued, 1, memory_order_relaxed);
      device->lastKernel = name;
      device->lastIdent = ident;
      pthread_mutex_unlock(&device->lock);
      return 0;
    }
    /* Not launched: libomptarget launches it (and reports what fails). */
    char where[600];
    formatLocation(ident, where, sizeof where);
    fprintf(stderr,
            "offload: device %d: queueing kernel @%s at %s failed (%s); its "
            "launches go through libomptarget from now on\n",
            d, name, where, details(result));
    syncDevice(d, device, ident);
    device->usable = 0;
    pthread_mutex_unlock(&device->lock);
    waitAll(ident);
    return 1;
  }
  atomic_fetch_add_explicit(&device->notQueued, 1, memory_order_relaxed);
  pthread_mutex_unlock(&device->lock);
  if (rt.info) {
    char where[600];
    formatLocation(ident, where, sizeof where);
    info("device %d: kernel @%s at %s goes through libomptarget: %s", d,
         name ? name : "?", where, why);
  }
  waitAll(ident);
  return 1;
}

/*===----------------------------------------------------------------------===*/
/* Copies between devices                                                     */
/*===----------------------------------------------------------------------===*/

/* Queues on the source's queue a copy of `bytes` from `from` (on the
 * source) to `to` (on the destination), after everything queued on either
 * device so far and before anything queued on either later: the copy waits
 * for the destination's queue (its kernels may still read what the copy
 * overwrites) and the destination's queue waits for the copy. The source's
 * later work follows the copy on its own queue. Under both devices' locks;
 * returns the first failure. */
static ol_result_t queueCopy(Device *source, Device *dest, void *to,
                             const void *from, size_t bytes) {
  ol_event_handle_t before = NULL, after = NULL;
  ol_result_t result = rt.createEvent(dest->queue, &before);
  if (result == OL_SUCCESS)
    result = rt.waitEvents(source->queue, &before, 1);
  if (result == OL_SUCCESS)
    result =
        rt.copy(source->queue, to, dest->handle, from, source->handle, bytes);
  if (result == OL_SUCCESS)
    result = rt.createEvent(source->queue, &after);
  if (result == OL_SUCCESS)
    result = rt.waitEvents(dest->queue, &after, 1);
  /* A queue's wait holds on to the event's state when it is queued, so the
   * events may go back to their pool now. */
  if (before)
    rt.destroyEvent(before);
  if (after)
    rt.destroyEvent(after);
  return result;
}

HIDDEN int32_t __offload_rt_device_copy(const void *identPtr, int64_t destNum,
                                        int64_t sourceNum,
                                        const void *hostBegin, int64_t bytes) {
  pthread_once(&rt.once, initOnce);
  if (!rt.enabled)
    return 1;
  awaitSetUp();
  const IdentTy *ident = identPtr;
  int s = sourceNum < 0 ? rt.getDefaultDevice() : (int)sourceNum;
  int t = destNum < 0 ? rt.getDefaultDevice() : (int)destNum;
  int valid = s >= 0 && s < rt.numDevices && t >= 0 && t < rt.numDevices;
  atomic_schar *path =
      valid && rt.copyPaths ? &rt.copyPaths[s * rt.numDevices + t] : NULL;
  Device *source = valid ? getDevice(s) : NULL;
  Device *dest = valid ? getDevice(t) : NULL;
  if (!path || atomic_load(path) < 0 || !source || !dest || bytes <= 0 ||
      !rt.createEvent || !rt.waitEvents || !rt.destroyEvent || !rt.copy) {
    waitAll(ident);
    return 1;
  }
  void *from = rt.getMappedPtr(hostBegin, s);
  void *to = rt.getMappedPtr(hostBegin, t);
  if (!from || !to) {
    /* The caller's copy through libomptarget reports it. */
    waitAll(ident);
    return 1;
  }
  if (s == t)
    return 0; /* one copy: nothing moves */

  Device *first = s < t ? source : dest, *second = s < t ? dest : source;
  pthread_mutex_lock(&first->lock);
  pthread_mutex_lock(&second->lock);
  ol_result_t result = queueCopy(source, dest, to, from, (size_t)bytes);
  atomic_store_explicit(&source->pending, 1, memory_order_release);
  atomic_store_explicit(&dest->pending, 1, memory_order_release);
  source->lastKernel = dest->lastKernel = NULL;
  source->lastIdent = dest->lastIdent = ident;
  if (result == OL_SUCCESS) {
    signed char untried = 0;
    if (atomic_compare_exchange_strong(path, &untried, 1))
      info("devices %d -> %d: copies between them are queued through "
           "liboffload",
           s, t);
    pthread_mutex_unlock(&second->lock);
    pthread_mutex_unlock(&first->lock);
    return 0;
  }
  /* What was queued before the failure finishes; libomptarget copies this
   * pair from now on. */
  syncDevice(s, source, ident);
  syncDevice(t, dest, ident);
  atomic_store(path, -1);
  pthread_mutex_unlock(&second->lock);
  pthread_mutex_unlock(&first->lock);
  char where[600];
  formatLocation(ident, where, sizeof where);
  info("devices %d -> %d: queueing the copy at %s failed (%s): copies "
       "between them go through libomptarget",
       s, t, where, details(result));
  waitAll(ident);
  return 1;
}

/*===----------------------------------------------------------------------===*/
/* The devices of devices(all)                                                */
/*===----------------------------------------------------------------------===*/

/* The name of libomptarget's host plugin, which its devices' UIDs start
 * with ("x86_64-3"): the host's architecture. */
#if defined(__x86_64__)
#define HOST_PLUGIN_NAME "x86_64"
#elif defined(__aarch64__)
#define HOST_PLUGIN_NAME "aarch64"
#elif defined(__powerpc64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define HOST_PLUGIN_NAME "ppc64le"
#elif defined(__powerpc64__)
#define HOST_PLUGIN_NAME "ppc64"
#elif defined(__s390x__)
#define HOST_PLUGIN_NAME "s390x"
#elif defined(__riscv) && __riscv_xlen == 64
#define HOST_PLUGIN_NAME "riscv64"
#elif defined(__loongarch64)
#define HOST_PLUGIN_NAME "loongarch64"
#else
#define HOST_PLUGIN_NAME ""
#endif

static struct {
  pthread_once_t once;
  int count; /* -1: libomptarget's device functions are missing */
  int *devices;
} allDevices = {PTHREAD_ONCE_INIT, -1, NULL};

/* Whether `uid` is the host plugin's: its name, '-', and a number. */
static int isHostPluginUid(const char *uid) {
  size_t length = strlen(HOST_PLUGIN_NAME);
  if (!uid || length == 0 || strncmp(uid, HOST_PLUGIN_NAME, length) != 0 ||
      uid[length] != '-' || uid[length + 1] == '\0')
    return 0;
  for (const char *c = uid + length + 1; *c; ++c)
    if (*c < '0' || *c > '9')
      return 0;
  return 1;
}

static void findAllDevices(void) {
  pthread_once(&infoOnce, readInfoEnv);
  pthread_once(&openMPOnce, lookUpOpenMP);
  if (!rt.getNumDevices || !rt.getUidFromDevice)
    return;
  int n = rt.getNumDevices();
  allDevices.devices = calloc(n > 0 ? (size_t)n : 1, sizeof(int));
  if (!allDevices.devices)
    return;
  int every = envIs("OFFLOAD_ALL_DEVICES", "every"), count = 0, host = 0;
  for (int d = 0; d < n; ++d) {
    if (!every && isHostPluginUid(rt.getUidFromDevice(d))) {
      ++host;
      continue;
    }
    allDevices.devices[count++] = d;
  }
  /* Only the host plugin's devices (a machine without GPUs): all of them. */
  if (count == 0)
    for (int d = 0; d < n; ++d)
      allDevices.devices[count++] = d;
  else if (host > 0)
    info("devices(all): %d of the %d devices; the host plugin's %d (UID "
         "%s-<number>) are left out (OFFLOAD_ALL_DEVICES=every keeps them)",
         count, n, host, HOST_PLUGIN_NAME);
  allDevices.count = count;
}

HIDDEN int32_t __offload_rt_all_devices(int32_t *list, int32_t capacity) {
  pthread_once(&allDevices.once, findAllDevices);
  if (allDevices.count < 0)
    return -1;
  int32_t count = 0;
  for (; count < allDevices.count && count < capacity; ++count)
    list[count] = allDevices.devices[count];
  return count;
}

/*===----------------------------------------------------------------------===*/
/* Tensor maps for tensor-core contractions                                   */
/*===----------------------------------------------------------------------===*/

/* The CUDA driver API this needs (cuda.h, CUDA 12), looked up in
 * libcuda.so.1 at run time so that nothing links CUDA. */
typedef int CUresult;
typedef int CUdevice;
typedef struct {
  _Alignas(64) uint64_t opaque[16];
} CUtensorMap;
enum {
  CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_TENSOR_MAP_INTERLEAVE_NONE = 0,
  CU_TENSOR_MAP_L2_PROMOTION_L2_256B = 3,
  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0, /* zeros */
};
enum { kTmaFields = 20, kTmaMaxRank = 5 };

typedef void (*DataMapperFn)(void *, int64_t, int32_t, void **, void **,
                             int64_t *, int64_t *, void **, void **);

typedef struct {
  int device;
  uint64_t address;
  int64_t fields[kTmaFields]; /* [0], [1] zeroed: not part of the key */
  void *map;                  /* device address of the CUtensorMap */
} TmaEntry;

static struct {
  pthread_once_t once;
  int usable;
  /* OFFLOAD_TEST_SHORT_TMA_BOX=1 (fault injection for the tests of bounded
   * mbarrier waits): every map's outermost box dimension is halved, so the
   * kernel's loads never bring the bytes its mbarriers expect. */
  int shortBox;
  /* OFFLOAD_PERSISTENT_GRID=0 keeps the grid the launch asked for instead
   * of one block per multiprocessor (for measurements). */
  int keepGrid;
  CUresult (*pointerGetAttribute)(void *, int, uint64_t);
  CUresult (*deviceGet)(CUdevice *, int);
  CUresult (*deviceGetAttribute)(int *, int, CUdevice);
  CUresult (*encodeTiled)(CUtensorMap *, int, uint32_t, void *,
                          const uint64_t *, const uint64_t *,
                          const uint32_t *, const uint32_t *, int, int, int,
                          int);
  DataMapperFn dataBegin, dataEnd;
  void *(*targetAlloc)(size_t, int);
  int (*targetMemcpy)(void *, const void *, size_t, size_t, size_t, int, int);
  int (*getInitialDevice)(void);
  int (*getDefaultDevice)(void);
  void *(*getMappedPtr)(const void *, int);
  pthread_mutex_t lock; /* the cache */
  TmaEntry *entries;
  size_t numEntries, capacity;
} tma = {.once = PTHREAD_ONCE_INIT, .lock = PTHREAD_MUTEX_INITIALIZER};

static void tmaInitOnce(void) {
  pthread_once(&rt.once, initOnce); /* OFFLOAD_RUNTIME_INFO */
  if (envIs("OMP_TARGET_OFFLOAD", "disabled"))
    return;
#define FIND(field, handle, name)                                              \
  if (!(tma.field = (__typeof__(tma.field))(                                   \
            handle == RTLD_DEFAULT ? __offload_rt_lookup_openmp(name)          \
                                   : dlsym(handle, name)))) {                  \
    info("tensor maps: %s not found: tensor-core kernels run without them",   \
         name);                                                                \
    return;                                                                    \
  }
  FIND(dataBegin, RTLD_DEFAULT, "__tgt_target_data_begin_mapper");
  FIND(dataEnd, RTLD_DEFAULT, "__tgt_target_data_end_mapper");
  FIND(targetAlloc, RTLD_DEFAULT, "omp_target_alloc");
  FIND(targetMemcpy, RTLD_DEFAULT, "omp_target_memcpy");
  FIND(getInitialDevice, RTLD_DEFAULT, "omp_get_initial_device");
  FIND(getDefaultDevice, RTLD_DEFAULT, "omp_get_default_device");
  FIND(getMappedPtr, RTLD_DEFAULT, "omp_get_mapped_ptr");
  void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!cuda) {
    info("tensor maps: no CUDA driver (libcuda.so.1): tensor-core kernels "
         "run without them");
    return;
  }
  FIND(pointerGetAttribute, cuda, "cuPointerGetAttribute");
  FIND(deviceGet, cuda, "cuDeviceGet");
  FIND(deviceGetAttribute, cuda, "cuDeviceGetAttribute");
  FIND(encodeTiled, cuda, "cuTensorMapEncodeTiled");
#undef FIND
  tma.shortBox = envIs("OFFLOAD_TEST_SHORT_TMA_BOX", "1");
  tma.keepGrid = envIs("OFFLOAD_PERSISTENT_GRID", "0");
  if (tma.shortBox)
    info("tensor maps: OFFLOAD_TEST_SHORT_TMA_BOX=1: boxes halved, the "
         "tensor-core kernels' waits will not complete");
  tma.usable = 1;
}

/* The operand's entry in the kernel's arguments, or -1. */
static int64_t tmaArg(const KernelArgsTy *args, const int64_t *fields) {
  int64_t arg = fields[0], param = fields[1];
  if (arg < 0 || param < 0 || (uint64_t)arg >= args->NumArgs ||
      (uint64_t)param >= args->NumArgs ||
      !(args->ArgTypes[param] & MAP_LITERAL) ||
      (args->ArgTypes[arg] & MAP_LITERAL) || args->ArgSizes[arg] <= 0)
    return -1;
  return arg;
}

/* Maps (begin) or unmaps (end) the operands' buffers as the launch maps
 * them, without the kernel-argument bit. */
static void tmaMapOperands(DataMapperFn mapper, const void *ident, int d,
                           const KernelArgsTy *args, uint32_t operands,
                           const int64_t *fields) {
  void *bases[8], *begins[8];
  int64_t sizes[8], types[8];
  int32_t n = 0;
  for (uint32_t i = 0; i < operands && n < 8; ++i) {
    int64_t arg = tmaArg(args, fields + i * kTmaFields);
    if (arg < 0)
      continue;
    bases[n] = args->ArgBasePtrs[arg];
    begins[n] = args->ArgPtrs[arg];
    sizes[n] = args->ArgSizes[arg];
    types[n] = args->ArgTypes[arg] & ~(int64_t)MAP_TARGET_PARAM;
    ++n;
  }
  if (n)
    mapper((void *)(uintptr_t)ident, d, n, bases, begins, sizes, types, NULL,
           NULL);
}

/* Whether the whole buffer of `arg` is present on device `d`. */
static int tmaPresent(const KernelArgsTy *args, int64_t arg, int d) {
  char *begin = args->ArgPtrs[arg];
  int64_t size = args->ArgSizes[arg];
  char *deviceBegin = tma.getMappedPtr(begin, d);
  return deviceBegin &&
         tma.getMappedPtr(begin + size - 1, d) == deviceBegin + (size - 1);
}

/* The device address of a tensor map for `fields` at `address` on device
 * `d`, made once; NULL (with the reason in `why`) when the driver refuses
 * it. Under tma.lock. */
static void *tmaGetMap(int d, uint64_t address, const int64_t *fields,
                       const char **why) {
  TmaEntry key = {.device = d, .address = address};
  memcpy(key.fields, fields, sizeof key.fields);
  key.fields[0] = key.fields[1] = 0;
  for (size_t i = 0; i < tma.numEntries; ++i) {
    TmaEntry *e = &tma.entries[i];
    if (e->device == d && e->address == address &&
        memcmp(e->fields, key.fields, sizeof key.fields) == 0)
      return e->map;
  }
  uint32_t rank = (uint32_t)fields[3];
  uint64_t bytes = (uint64_t)fields[19];
  if (rank < 1 || rank > kTmaMaxRank || bytes == 0) {
    *why = "a rank or element size the library does not handle";
    return NULL;
  }
  uint64_t dims[kTmaMaxRank], strides[kTmaMaxRank];
  uint32_t box[kTmaMaxRank], elementStrides[kTmaMaxRank];
  for (uint32_t r = 0; r < rank; ++r) {
    dims[r] = (uint64_t)fields[4 + r];
    box[r] = (uint32_t)fields[13 + r];
    elementStrides[r] = 1;
    if (r + 1 < rank)
      strides[r] = (uint64_t)fields[9 + r];
    if (dims[r] == 0) {
      *why = "an empty operand";
      return NULL;
    }
  }
  /* TMA's rules (cuTensorMapEncodeTiled): 16-byte aligned address and
   * strides. Checked here so that the reason can be told. */
  if (address % 16 != 0) {
    *why = "an operand whose address is not a multiple of 16 bytes";
    return NULL;
  }
  for (uint32_t r = 0; r + 1 < rank; ++r)
    if (strides[r] % 16 != 0) {
      *why = "an operand whose rows are not a multiple of 16 bytes apart";
      return NULL;
    }
  if (tma.shortBox && box[rank - 1] > 1)
    box[rank - 1] /= 2;
  CUtensorMap map;
  CUresult result = tma.encodeTiled(
      &map, (int)fields[2], rank, (void *)(uintptr_t)address, dims, strides,
      box, elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE, (int)fields[18],
      CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (result != 0) {
    *why = "cuTensorMapEncodeTiled refused the operand";
    return NULL;
  }
  /* Device memory for it, 64-byte aligned. */
  char *block = tma.targetAlloc(sizeof map + 64, d);
  if (!block) {
    *why = "no device memory for the tensor map";
    return NULL;
  }
  char *device = block + (64 - (uintptr_t)block % 64) % 64;
  if (tma.targetMemcpy(device, &map, sizeof map, 0, 0, d,
                       tma.getInitialDevice()) != 0) {
    *why = "copying the tensor map to the device failed";
    return NULL;
  }
  if (tma.numEntries == tma.capacity) {
    size_t capacity = tma.capacity ? 2 * tma.capacity : 16;
    TmaEntry *entries = realloc(tma.entries, capacity * sizeof(TmaEntry));
    if (!entries)
      return device; /* usable, just not kept */
    tma.entries = entries;
    tma.capacity = capacity;
  }
  key.map = device;
  tma.entries[tma.numEntries++] = key;
  return device;
}

/* Attribute `attribute` of the CUDA device that holds `address`, or -1
 * when the driver does not know the address (not CUDA memory). */
static int tmaDeviceAttribute(uint64_t address, int attribute) {
  int ordinal = -1, value = -1;
  CUdevice device;
  if (tma.pointerGetAttribute(&ordinal, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                              address) != 0 ||
      tma.deviceGet(&device, ordinal) != 0 ||
      tma.deviceGetAttribute(&value, attribute, device) != 0)
    return -1;
  return value;
}

HIDDEN int32_t __offload_rt_prepare_tma(const void *identPtr,
                                        int64_t deviceNum, void *kernelArgs,
                                        uint32_t sharedBytes,
                                        uint32_t warpSharedBytes,
                                        uint32_t operands,
                                        const int64_t *fields) {
  pthread_once(&tma.once, tmaInitOnce);
  KernelArgsTy *args = kernelArgs;
  if (!tma.usable || !args || args->Version < 3 || operands == 0 ||
      operands > 8)
    return 0;
  int d = deviceNum < 0 ? tma.getDefaultDevice() : (int)deviceNum;
  if (d < 0 || d == tma.getInitialDevice())
    return 0;
  const char *why = NULL;
  for (uint32_t i = 0; i < operands; ++i)
    if (tmaArg(args, fields + i * kTmaFields) < 0)
      return 0;

  /* The device addresses: map the operands first when they are not all
   * present (libomptarget counts references, so the launch then finds them
   * present and __offload_rt_finish_tma unmaps them). */
  int32_t mapped = 0;
  for (uint32_t i = 0; i < operands && !mapped; ++i)
    if (!tmaPresent(args, fields[i * kTmaFields], d)) {
      tmaMapOperands(tma.dataBegin, identPtr, d, args, operands, fields);
      mapped = 1;
    }
  uint64_t addresses[8];
  for (uint32_t i = 0; i < operands; ++i) {
    int64_t arg = fields[i * kTmaFields];
    char *begin = args->ArgPtrs[arg];
    char *deviceBegin = tma.getMappedPtr(begin, d);
    if (!deviceBegin) {
      why = "an operand that is not on the device";
      goto none;
    }
    addresses[i] = (uint64_t)(uintptr_t)(deviceBegin -
                                         (begin - (char *)args->ArgBasePtrs[arg]));
  }
  int major = tmaDeviceAttribute(addresses[0],
                                 CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
  /* Images for compute capability 8.0 and later may hold the mma.sync
   * kernel, whose stages are dynamic shared memory; the wgmma kernel's
   * need more (below). */
  if (major >= 8 && args->DynCGroupMem < warpSharedBytes)
    args->DynCGroupMem = warpSharedBytes;
  if (major >= 8 && major != 9) {
    if (rt.info) {
      char where[600];
      formatLocation(identPtr, where, sizeof where);
      info("device %d: the launch at %s gets %u bytes of dynamic shared "
           "memory for mma.sync and no tensor maps (compute capability "
           "%d.x)",
           d, where, (unsigned)args->DynCGroupMem, major);
    }
    return mapped;
  }
  if (major != 9) {
    why = major < 0 ? "not a CUDA device" : "not a compute capability 9.x GPU";
    goto none;
  }
  void *maps[8];
  pthread_mutex_lock(&tma.lock);
  for (uint32_t i = 0; i < operands; ++i) {
    maps[i] = tmaGetMap(d, addresses[i], fields + i * kTmaFields, &why);
    if (!maps[i]) {
      pthread_mutex_unlock(&tma.lock);
      goto none;
    }
  }
  pthread_mutex_unlock(&tma.lock);
  for (uint32_t i = 0; i < operands; ++i) {
    int64_t param = fields[i * kTmaFields + 1];
    args->ArgBasePtrs[param] = args->ArgPtrs[param] = maps[i];
  }
  if (args->DynCGroupMem < sharedBytes)
    args->DynCGroupMem = sharedBytes;
  /* The wgmma kernel is persistent (its blocks stride over the tiles and
   * load the next tile while storing this one): one block per
   * multiprocessor (its shared memory allows no more) when the grid is
   * larger. */
  int sms = tmaDeviceAttribute(addresses[0],
                               CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  uint64_t blocks = (uint64_t)args->NumTeams[0] *
                    (args->NumTeams[1] ? args->NumTeams[1] : 1) *
                    (args->NumTeams[2] ? args->NumTeams[2] : 1);
  if (!tma.keepGrid && sms > 0 && args->NumTeams[0] &&
      blocks > (uint64_t)sms) {
    args->NumTeams[0] = (uint32_t)sms;
    args->NumTeams[1] = args->NumTeams[2] = 1;
  }
  return mapped;

none:
  if (rt.info) {
    char where[600];
    formatLocation(identPtr, where, sizeof where);
    info("device %d: the launch at %s gets no tensor maps (%s): its kernel "
         "runs without tensor cores",
         d, where, why);
  }
  return mapped;
}

HIDDEN void __offload_rt_finish_tma(const void *identPtr, int64_t deviceNum,
                                    void *kernelArgs, uint32_t operands,
                                    const int64_t *fields) {
  pthread_once(&tma.once, tmaInitOnce);
  const KernelArgsTy *args = kernelArgs;
  if (!tma.usable || !args)
    return;
  /* A queued kernel may still read the buffers. */
  if (rt.enabled)
    waitAll(identPtr);
  int d = deviceNum < 0 ? tma.getDefaultDevice() : (int)deviceNum;
  tmaMapOperands(tma.dataEnd, identPtr, d, args, operands, fields);
}
