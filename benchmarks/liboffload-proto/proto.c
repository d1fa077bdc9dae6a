// Prototype (issue 4, launch chain): launches through LLVM's liboffload
// (libLLVMOffload.so.22.1, the `ol*` API) on buffers mapped by libomptarget.
//
//   proto <bump.cubin> [launches=1000] [reps=7] [image of `bumpk` ...]
//
// 1. Registers the cubin with libomptarget (a hand-made __tgt_bin_desc, as
//    the compiler's wrapOpenMPBinaries would) and maps a buffer x with
//    `target enter data` (__tgt_target_data_begin_mapper); takes its device
//    pointer with omp_get_mapped_ptr.
// 2. olInit, finds the liboffload device with the same UID as libomptarget's
//    device (omp_get_uid_from_device / OL_DEVICE_INFO_UID), loads the same
//    cubin bytes with olCreateProgram, gets the kernel with olGetSymbol.
// 3. Times per launch (median and best of `reps`):
//      omptarget_wait  __tgt_target_kernel (it synchronizes every launch)
//      ol_wait         olLaunchKernel on a queue + olSyncQueue, each launch
//      ol_nullqueue    olLaunchKernel without a queue (synchronous)
//      ol_chain        `launches` x olLaunchKernel on one queue, then one
//                      olSyncQueue (also: the host time to enqueue them)
//      *_poll          the same, waiting by polling OL_QUEUE_INFO_EMPTY
//      omptarget_wait_preinit  omptarget_wait before olInit
// 4. Checks the exact value of x[0] (x = 3x + k per launch, order-sensitive)
//    through libomptarget after every variant: omp_target_memcpy from the
//    mapped device pointer, and `target update from`
//    (__tgt_target_data_update_mapper). Then an interop round: host write +
//    `target update to`, a liboffload chain, olSyncQueue, `target exit data
//    map(from:)`, check.
// 5. Each further argument is a device image made by our compiler
//    (`offload-cc bumpk.mlir --save-temps`: the .cubin, or the .bc of
//    `--offload-targets=nvptx:sm_90:bitcode`), the bytes it embeds. It is
//    loaded with olCreateProgram (bitcode is JIT-compiled by the plugin, after
//    the process initialised LLVM's NVPTX target), and its kernel `bumpk`
//    (our ABI: dyn_ptr, x, x's size, k) is chained on the same queue and
//    buffer, and checked.
// 6. A constructor retains the CUDA primary contexts first, as our generated
//    programs do (PROTO_NO_CTX_RETAIN=1 leaves them to the plugins).
//
// Build: see build.sh (clang-22 -fopenmp, -lomptarget -lLLVMOffload -lLLVM).
// OffloadAPI.h uses `bool` without including <stdbool.h> (fine in C++ and
// C23, an error in C17): include it first.
#include <stdbool.h>

#include <OffloadAPI.h>
#include <dlfcn.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// ---- libomptarget 22 ABI (docs/RuntimeFacts.md, shared notes) ----
typedef struct {
  uint64_t Reserved;
  uint16_t Version;
  uint16_t Kind;
  uint32_t Flags;
  void *Address;
  char *SymbolName;
  uint64_t Size;
  uint64_t Data;
  void *AuxAddr;
} EntryTy;
typedef struct {
  void *ImageStart, *ImageEnd;
  EntryTy *EntriesBegin, *EntriesEnd;
} TgtDeviceImage;
typedef struct {
  int32_t NumDeviceImages;
  TgtDeviceImage *DeviceImages;
  EntryTy *HostEntriesBegin, *HostEntriesEnd;
} TgtBinDesc;
typedef struct {
  uint32_t Version, NumArgs;
  void **ArgBasePtrs, **ArgPtrs;
  int64_t *ArgSizes, *ArgTypes;
  void **ArgNames, **ArgMappers;
  uint64_t Tripcount, Flags;
  uint32_t NumTeams[3], ThreadLimit[3], DynCGroupMem;
} KernelArgsTy;
void __tgt_register_lib(TgtBinDesc *);
void __tgt_unregister_lib(TgtBinDesc *);
int __tgt_target_kernel(void *Loc, int64_t DeviceId, int32_t NumTeams,
                        int32_t ThreadLimit, void *HostPtr, KernelArgsTy *);
typedef void MapperFn(void *Loc, int64_t DeviceId, int32_t ArgNum,
                      void **ArgsBase, void **Args, int64_t *ArgSizes,
                      int64_t *ArgTypes, void **ArgNames, void **ArgMappers);
MapperFn __tgt_target_data_begin_mapper, __tgt_target_data_end_mapper,
    __tgt_target_data_update_mapper;

// ---- the CUDA context, as our generated programs set it up ----
// lib/Target/LLVMIR/OffloadToLLVMIRTranslation.cpp gives every program a
// constructor (priority 100, before image registration) that retains the
// primary context of every GPU, so the plugins find it active and keep
// CU_CTX_SCHED_AUTO (spin) instead of setting CU_CTX_SCHED_BLOCKING_SYNC.
// Both plugin copies (libomptarget's and libLLVMOffload's) then use this one
// context. PROTO_NO_CTX_RETAIN=1 skips it (the plugins' blocking default).
__attribute__((constructor(100))) static void retainCudaContexts(void) {
  if (getenv("PROTO_NO_CTX_RETAIN"))
    return;
  void *lib = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (!lib)
    return;
  int (*init)(unsigned) = (int (*)(unsigned))dlsym(lib, "cuInit");
  int (*count)(int *) = (int (*)(int *))dlsym(lib, "cuDeviceGetCount");
  int (*get)(int *, int) = (int (*)(int *, int))dlsym(lib, "cuDeviceGet");
  int (*retain)(void **, int) =
      (int (*)(void **, int))dlsym(lib, "cuDevicePrimaryCtxRetain");
  int n = 0;
  if (!init || !count || !get || !retain || init(0) || count(&n))
    return;
  for (int i = 0; i < n; ++i) {
    int d;
    void *ctx;
    if (!get(&d, i))
      retain(&ctx, d);
  }
}

// ---- helpers ----
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}
static void olCheck(ol_result_t r, const char *what) {
  if (r != OL_SUCCESS) {
    fprintf(stderr, "liboffload: %s failed: code %d: %s\n", what, (int)r->Code,
            r->Details ? r->Details : "");
    exit(1);
  }
}
static int cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static void report(const char *name, double *t, int reps, long n) {
  qsort(t, reps, sizeof *t, cmpd);
  printf("%-22s median %7.2f us  best %7.2f us  per launch (%d x %ld)\n", name,
         1e6 * t[reps / 2] / n, 1e6 * t[0] / n, reps, n);
}

#define N 256 // elements of the mapped buffer; the kernel uses x[0]
static unsigned x[N];
static unsigned expected = 0; // x[0] after all launches so far
static unsigned long long launches = 0;
static int dev;         // libomptarget device number
static void *dx;        // x's device pointer, from libomptarget
static char bumpHostId; // the host address identifying the kernel
static int failures = 0;

// The data calls our generated code makes (clang drops `#pragma omp target
// ... data` when it compiles for no offload target, so call them directly).
// Map types: TO 0x1, FROM 0x2.
static void mapX(MapperFn *fn, int64_t type) {
  void *base[1] = {x};
  int64_t sizes[1] = {sizeof x};
  int64_t types[1] = {type};
  fn(NULL, dev, 1, base, base, sizes, types, NULL, NULL);
}

static void step(unsigned long long k) {
  expected = 3u * expected + (unsigned)k;
}

// libomptarget launch, as our generated code does (v3 KernelArgsTy, x by its
// host address with TO|FROM|TARGET_PARAM, k as a LITERAL in the pointer slot).
static void launchOmp(void) {
  unsigned long long k = launches++;
  void *base[2] = {x, (void *)(uintptr_t)k};
  int64_t sizes[2] = {sizeof x, 8};
  int64_t types[2] = {0x23, 0x120};
  KernelArgsTy a = {3,    2, base, base,      sizes,     types, NULL,
                    NULL, 1, 0,    {1, 1, 1}, {1, 1, 1}, 0};
  if (__tgt_target_kernel(NULL, dev, 1, 1, &bumpHostId, &a)) {
    fprintf(stderr, "__tgt_target_kernel failed\n");
    exit(1);
  }
  step(k);
}

static ol_device_handle_t olDev;
static ol_queue_handle_t queue;
static ol_symbol_handle_t kern;
static const ol_kernel_launch_size_args_t grid = {1, {1, 1, 1}, {1, 1, 1}, 0};
// The packed argument buffer: the kernel's parameters at their natural
// offsets (dyn_ptr, x, k). The same struct is rewritten for every launch:
// the CUDA driver copies it at cuLaunchKernel.
static struct {
  void *dyn;
  void *x;
  unsigned long long k;
} args;

static void launchOl(ol_queue_handle_t q) {
  args.dyn = NULL;
  args.x = dx;
  args.k = launches++;
  olCheck(olLaunchKernel(q, olDev, kern, &args, sizeof args, &grid),
          "olLaunchKernel");
  step(args.k);
}

// Waits by polling OL_QUEUE_INFO_EMPTY (cuStreamQuery underneath) instead of
// olSyncQueue, then olSyncQueue on the now empty queue (it also releases
// what the plugin keeps per queue).
static void waitPolling(void) {
  bool empty = false;
  while (!empty)
    olCheck(olGetQueueInfo(queue, OL_QUEUE_INFO_EMPTY, sizeof empty, &empty),
            "olGetQueueInfo");
  olCheck(olSyncQueue(queue), "olSyncQueue");
}

// Reads x[0] back through libomptarget, two ways, and compares.
static void check(const char *what) {
  unsigned viaMemcpy = 0;
  if (omp_target_memcpy(&viaMemcpy, dx, sizeof viaMemcpy, 0, 0,
                        omp_get_initial_device(), dev)) {
    fprintf(stderr, "omp_target_memcpy failed\n");
    exit(1);
  }
  mapX(__tgt_target_data_update_mapper, 0x2); // target update from
  int ok = viaMemcpy == expected && x[0] == expected;
  printf("check %-24s x[0]=%u (omp_target_memcpy) %u (update from) "
         "expected %u after %llu launches: %s\n",
         what, viaMemcpy, x[0], expected, launches, ok ? "ok" : "WRONG");
  failures += !ok;
}

// LLVM's C API (libLLVM.so, which both runtimes load): the NVPTX target
// must be registered before a plugin can JIT a bitcode image.
void LLVMInitializeNVPTXTargetInfo(void);
void LLVMInitializeNVPTXTarget(void);
void LLVMInitializeNVPTXTargetMC(void);
void LLVMInitializeNVPTXAsmPrinter(void);

static char *readFile(const char *path, long *size) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(1);
  }
  fseek(f, 0, SEEK_END);
  *size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *data = malloc(*size);
  if (fread(data, 1, *size, f) != (size_t)*size) {
    perror(path);
    exit(1);
  }
  fclose(f);
  return data;
}

// One of our compiler's images: load, chain `n` launches of `bumpk`, check.
static void runOurImage(const char *path, long n) {
  long size;
  char *image = readFile(path, &size);
  int bitcode = size > 4 && !memcmp(image, "BC\xc0\xde", 4);
  if (bitcode) {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  }
  ol_program_handle_t prog;
  ol_symbol_handle_t k;
  double t0 = now();
  olCheck(olCreateProgram(olDev, image, size, &prog), "olCreateProgram");
  olCheck(olGetSymbol(prog, "bumpk", OL_SYMBOL_KIND_KERNEL, &k), "olGetSymbol");
  printf("our image %s (%s, %ld bytes): olCreateProgram+olGetSymbol %.1f ms\n",
         path, bitcode ? "bitcode" : "cubin", size, 1e3 * (now() - t0));
  // Our kernel ABI: dyn_ptr, then 8 bytes per argument; a memref<?xi32> is
  // its aligned pointer and its size.
  struct {
    void *dyn;
    void *x;
    long long n;
    unsigned long long k;
  } a = {NULL, dx, N, 0};
  t0 = now();
  for (long i = 0; i < n; ++i) {
    a.k = launches++;
    olCheck(olLaunchKernel(queue, olDev, k, &a, sizeof a, &grid),
            "olLaunchKernel");
    step(a.k);
  }
  olCheck(olSyncQueue(queue), "olSyncQueue");
  printf("our image: chain of %ld launches %.2f us per launch\n", n,
         1e6 * (now() - t0) / n);
  check(bitcode ? "ours_bitcode_chain" : "ours_cubin_chain");
  olCheck(olDestroyProgram(prog), "olDestroyProgram");
  free(image);
}

struct Match {
  const char *uid;
  ol_device_handle_t found;
  int seen;
};
static bool pick(ol_device_handle_t d, void *user) {
  struct Match *m = user;
  ol_platform_handle_t p;
  ol_platform_backend_t b;
  olCheck(olGetDeviceInfo(d, OL_DEVICE_INFO_PLATFORM, sizeof p, &p),
          "platform");
  olCheck(olGetPlatformInfo(p, OL_PLATFORM_INFO_BACKEND, sizeof b, &b),
          "backend");
  char name[256] = "", uid[256] = "";
  if (b == OL_PLATFORM_BACKEND_CUDA) {
    olCheck(olGetDeviceInfo(d, OL_DEVICE_INFO_NAME, sizeof name, name), "name");
    olCheck(olGetDeviceInfo(d, OL_DEVICE_INFO_UID, sizeof uid, uid), "uid");
  }
  printf("liboffload device %d: backend %d name '%s' uid '%s'\n", m->seen++,
         (int)b, name, uid);
  if (b == OL_PLATFORM_BACKEND_CUDA && !m->found &&
      (!m->uid || !strcmp(uid, m->uid)))
    m->found = d;
  return true;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s bump.cubin [launches] [reps]\n", argv[0]);
    return 2;
  }
  printf("CUDA primary context: %s\n",
         getenv("PROTO_NO_CTX_RETAIN")
             ? "left to the plugins (CU_CTX_SCHED_BLOCKING_SYNC)"
             : "retained before the runtimes start (CU_CTX_SCHED_AUTO)");
  long n = argc > 2 ? atol(argv[2]) : 1000;
  int reps = argc > 3 ? atoi(argv[3]) : 7;
  double *t = calloc(reps, sizeof *t);

  // The cubin, read once; both runtimes get these bytes.
  long size;
  char *image = readFile(argv[1], &size);

  // libomptarget: register the image, map x.
  static EntryTy entry = {0, 1, 1, 0, &bumpHostId, "bump", 0, 0, NULL};
  TgtDeviceImage img = {image, image + size, &entry, &entry + 1};
  TgtBinDesc desc = {1, &img, &entry, &entry + 1};
  __tgt_register_lib(&desc);
  dev = omp_get_default_device();
  printf("libomptarget: %d device(s), default %d, uid '%s'\n",
         omp_get_num_devices(), dev, omp_get_uid_from_device(dev));
  mapX(__tgt_target_data_begin_mapper, 0x1); // target enter data map(to:)
  dx = omp_get_mapped_ptr(x, dev);
  printf("x mapped: host %p device %p present %d\n", (void *)x, dx,
         omp_target_is_present(x, dev));
  if (!dx)
    return 1;

  // The libomptarget path alone, before liboffload exists in the process.
  for (int i = 0; i < 100; ++i)
    launchOmp();
  for (int r = 0; r < reps; ++r) {
    double t0 = now();
    for (long i = 0; i < n; ++i)
      launchOmp();
    t[r] = now() - t0;
  }
  report("omptarget_wait_preinit", t, reps, n);
  check("omptarget_wait_preinit");

  // liboffload: the device with the same UID, the same image, one queue.
  double t0 = now();
  olCheck(olInit(), "olInit");
  double tInit = now() - t0;
  struct Match m = {omp_get_uid_from_device(dev), NULL, 0};
  olCheck(olIterateDevices(pick, &m), "olIterateDevices");
  if (!m.found) {
    fprintf(stderr, "no liboffload CUDA device matches libomptarget's\n");
    return 1;
  }
  olDev = m.found;
  ol_program_handle_t prog;
  t0 = now();
  olCheck(olCreateProgram(olDev, image, size, &prog), "olCreateProgram");
  olCheck(olGetSymbol(prog, "bump", OL_SYMBOL_KIND_KERNEL, &kern),
          "olGetSymbol");
  olCheck(olCreateQueue(olDev, &queue), "olCreateQueue");
  printf("olInit %.1f ms; olCreateProgram+olGetSymbol+olCreateQueue %.1f ms\n",
         1e3 * tInit, 1e3 * (now() - t0));

  // Warm-up, both paths.
  for (int i = 0; i < 100; ++i)
    launchOmp();
  for (int i = 0; i < 100; ++i)
    launchOl(queue);
  olCheck(olSyncQueue(queue), "olSyncQueue");
  check("warm-up");

  for (int r = 0; r < reps; ++r) {
    double t0 = now();
    for (long i = 0; i < n; ++i)
      launchOmp();
    t[r] = now() - t0;
  }
  report("omptarget_wait", t, reps, n);
  check("omptarget_wait");

  for (int r = 0; r < reps; ++r) {
    double t0 = now();
    for (long i = 0; i < n; ++i) {
      launchOl(queue);
      olCheck(olSyncQueue(queue), "olSyncQueue");
    }
    t[r] = now() - t0;
  }
  report("ol_wait", t, reps, n);
  check("ol_wait");

  for (int r = 0; r < reps; ++r) {
    double t0 = now();
    for (long i = 0; i < n; ++i)
      launchOl(NULL);
    t[r] = now() - t0;
  }
  report("ol_nullqueue", t, reps, n);
  check("ol_nullqueue");

  for (int r = 0; r < reps; ++r) {
    double t0 = now();
    for (long i = 0; i < n; ++i) {
      launchOl(queue);
      waitPolling();
    }
    t[r] = now() - t0;
  }
  report("ol_wait_poll", t, reps, n);
  check("ol_wait_poll");

  double *te = calloc(reps, sizeof *te);
  for (int r = 0; r < reps; ++r) {
    double t0 = now();
    for (long i = 0; i < n; ++i)
      launchOl(queue);
    te[r] = now() - t0;
    olCheck(olSyncQueue(queue), "olSyncQueue");
    t[r] = now() - t0;
  }
  report("ol_chain", t, reps, n);
  report("ol_chain_enqueue_only", te, reps, n);
  check("ol_chain");

  for (int r = 0; r < reps; ++r) {
    double t0 = now();
    for (long i = 0; i < n; ++i)
      launchOl(queue);
    waitPolling();
    t[r] = now() - t0;
  }
  report("ol_chain_poll", t, reps, n);
  check("ol_chain_poll");

  for (int i = 4; i < argc; ++i)
    runOurImage(argv[i], n);

  // Interleaving the runtimes: a liboffload chain, sync, one libomptarget
  // launch, repeated; order-sensitive, so a missing wait would show.
  for (int r = 0; r < 50; ++r) {
    for (int i = 0; i < 20; ++i)
      launchOl(queue);
    olCheck(olSyncQueue(queue), "olSyncQueue");
    launchOmp();
  }
  check("interleaved");

  // Host write -> `target update to` -> liboffload chain -> sync ->
  // `target exit data map(from:)`.
  x[0] = 12345u;
  expected = 12345u;
  mapX(__tgt_target_data_update_mapper, 0x1); // target update to
  for (int i = 0; i < 1000; ++i)
    launchOl(queue);
  olCheck(olSyncQueue(queue), "olSyncQueue");
  x[0] = 0;
  mapX(__tgt_target_data_end_mapper, 0x2); // target exit data map(from:)
  int ok = x[0] == expected;
  printf("check %-24s x[0]=%u expected %u: %s; present after exit %d\n",
         "update-to/chain/exit", x[0], expected, ok ? "ok" : "WRONG",
         omp_target_is_present(x, dev));
  failures += !ok;

  olCheck(olDestroyQueue(queue), "olDestroyQueue");
  olCheck(olDestroyProgram(prog), "olDestroyProgram");
  olCheck(olShutDown(), "olShutDown");
  __tgt_unregister_lib(&desc);
  printf("%s (%d failure(s))\n", failures ? "FAILED" : "all checks ok",
         failures);
  return failures != 0;
}
