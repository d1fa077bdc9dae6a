// Opens the library of local_library.mlir with dlopen(RTLD_LOCAL), the
// default, and calls it: neither libm nor the f16 conversions are visible
// to the runtime's host image through this program.
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
  void *allocated, *aligned;
  int64_t offset, size, stride;
} MemRef1D;

int main(int argc, char **argv) {
  void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    printf("dlopen: %s\n", dlerror());
    return 2;
  }
  void (*expo)(MemRef1D *, MemRef1D *, MemRef1D *) =
      (void (*)(MemRef1D *, MemRef1D *, MemRef1D *))dlsym(
          library, "_mlir_ciface_expo_all");
  float x[8], y[8];
  uint16_t h[8];
  for (int i = 0; i < 8; ++i) {
    x[i] = 0.0f;
    y[i] = -1.0f;
    h[i] = 0x3c00 + (i << 10); /* 1, 2, 4, ... in f16 */
  }
  MemRef1D mx = {x, x, 0, 8, 1}, mh = {h, h, 0, 8, 1}, my = {y, y, 0, 8, 1};
  expo(&mx, &mh, &my);
  int good = 0;
  for (int i = 0; i < 8; ++i)
    good += y[i] == 1.0f + (float)(1 << i);
  printf("expo: %d of 8 as expected\n", good);
  return good == 8 ? 0 : 1;
}
