// The one kernel of the prototype, compiled to an sm_90 cubin with
// `nvcc -cubin -arch=sm_90`. Its signature follows our generated kernels'
// ABI (docs/RuntimeFacts.md): a leading pointer the kernel ignores (the
// `dyn_ptr` libomptarget prepends to every launch of a v3 KernelArgsTy),
// then every argument in 8 bytes. One thread updates x[0] = 3 * x[0] + k, so
// the final value depends on the order of the launches: a lost, repeated or
// reordered launch changes it.
extern "C" __global__ void bump(void *dynPtr, unsigned *x,
                                unsigned long long k) {
  (void)dynPtr;
  if (threadIdx.x == 0 && blockIdx.x == 0)
    x[0] = 3u * x[0] + (unsigned)k;
}
