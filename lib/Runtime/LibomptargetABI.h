/*===- LibomptargetABI.h - libomptarget 22's types, for the runtime -*- C -*-===*\
|*                                                                            *|
|* The parts of libomptarget 22's ABI that the support library's C files use  *|
|* (shared/notes/libomptarget-abi.md, docs/RuntimeFacts.md): offload entries, *|
|* device images and their descriptor, the version-3 kernel arguments of      *|
|* __tgt_target_kernel, ident_t and the map-type bits. Private to             *|
|* lib/Runtime: the library's interface is include/offload/Runtime/.          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef OFFLOAD_LIB_RUNTIME_LIBOMPTARGETABI_H
#define OFFLOAD_LIB_RUNTIME_LIBOMPTARGETABI_H

#include <stdint.h>

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
} DeviceImageTy;

typedef struct {
  int32_t NumDeviceImages;
  DeviceImageTy *DeviceImages;
  EntryTy *HostEntriesBegin, *HostEntriesEnd;
} BinDescTy;

typedef struct {
  uint32_t Version, NumArgs;
  void **ArgBasePtrs, **ArgPtrs;
  int64_t *ArgSizes, *ArgTypes;
  void **ArgNames, **ArgMappers;
  uint64_t Tripcount, Flags;
  uint32_t NumTeams[3], ThreadLimit[3], DynCGroupMem;
} KernelArgsTy;

typedef struct {
  int32_t Reserved1, Flags, Reserved2, Reserved3;
  const char *PSource; /* ";file;function;line;column;;" */
} IdentTy;

enum {
  MAP_TO = 0x1,
  MAP_FROM = 0x2,
  MAP_TARGET_PARAM = 0x20,
  MAP_LITERAL = 0x100,
  MAP_IMPLICIT = 0x200,
  MAP_CLOSE = 0x400,
  MAP_PRESENT = 0x1000,
};

/* The address of libomptarget's or libomp's function `name`: from the
 * process's global scope, or else from the scope of the object this runtime
 * is linked into (a program's module loaded with RTLD_LOCAL, as Python's
 * ctypes does, sees libomp through its own dependencies only). Null when
 * neither has it. */
__attribute__((visibility("hidden"))) void *
__offload_rt_lookup_openmp(const char *name);

#endif /* OFFLOAD_LIB_RUNTIME_LIBOMPTARGETABI_H */
