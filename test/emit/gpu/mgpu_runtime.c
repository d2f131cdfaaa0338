/*===- mgpu_runtime.c - The mgpu* calls of MLIR-lowered host code -------===*
 *
 * Host code lowered by `gpu-lower-to-nvvm-pipeline` calls a small runtime
 * (mgpuStreamCreate, mgpuMemAlloc, mgpuLaunchKernel, ...). Upstream ships
 * it as libmlir_cuda_runtime; Debian does not, so this is our own, written
 * over the CUDA driver API (libcuda). It covers the functions the module
 * that `memlint emit --target=cuda` produces declares (see
 * `memlint emit --emit=llvm ... | grep '^declare'`) plus the event and
 * copy helpers the async lowering can also reference.
 *
 * It also counts device allocations: mgpuStatsPrint() prints how many
 * mgpuMemAlloc calls there were so far and the most device bytes held at
 * once, so a run measures what the arena saved.
 *
 * Errors abort: this runs tests, not services.
 *
 *===---------------------------------------------------------------------===*/
#include <cuda.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK_CU(call)                                                         \
  do {                                                                         \
    CUresult status_ = (call);                                                 \
    if (status_ != CUDA_SUCCESS) {                                             \
      const char *name_ = "unknown";                                           \
      cuGetErrorName(status_, &name_);                                         \
      fprintf(stderr, "mgpu_runtime: %s failed: %s (%d)\n", #call, name_,      \
              (int)status_);                                                   \
      fflush(stdout);                                                          \
      abort();                                                                 \
    }                                                                          \
  } while (0)

static CUcontext context;
static int defaultDevice;

/* Device-memory accounting (MGPU_STATS=1). */
enum { kMaxLive = 4096 };
static struct {
  CUdeviceptr ptr;
  uint64_t bytes;
} live[kMaxLive];
static unsigned numLive;
static uint64_t allocCalls, liveBytes, peakBytes;

void mgpuStatsPrint(void) {
  fprintf(stderr,
          "mgpu_runtime: %llu device allocation(s), peak %llu bytes held\n",
          (unsigned long long)allocCalls, (unsigned long long)peakBytes);
}

/* The primary context of the default device, made current on first use:
 * the module constructor (mgpuModuleLoadJIT) runs before main. */
static void ensureContext(void) {
  if (context) {
    CHECK_CU(cuCtxSetCurrent(context));
    return;
  }
  CUdevice device;
  CHECK_CU(cuInit(0));
  CHECK_CU(cuDeviceGet(&device, defaultDevice));
  CHECK_CU(cuDevicePrimaryCtxRetain(&context, device));
  CHECK_CU(cuCtxSetCurrent(context));
}

void mgpuSetDefaultDevice(int32_t device) { defaultDevice = device; }

CUmodule mgpuModuleLoad(void *data, size_t size) {
  (void)size;
  ensureContext();
  CUmodule module;
  CHECK_CU(cuModuleLoadData(&module, data));
  return module;
}

CUmodule mgpuModuleLoadJIT(void *data, int optLevel) {
  ensureContext();
  CUmodule module;
  CUjit_option options[] = {CU_JIT_OPTIMIZATION_LEVEL};
  void *values[] = {(void *)(intptr_t)optLevel};
  CHECK_CU(cuModuleLoadDataEx(&module, data, 1, options, values));
  return module;
}

/* Called by the module's destructor, at exit: the driver may have shut
 * down before it (unloading every module then), and nothing that fails
 * here can change what the program computed, so it is reported, as
 * upstream's runtime does, not fatal. */
void mgpuModuleUnload(CUmodule module) {
  CUresult status = cuModuleUnload(module);
  if (status != CUDA_SUCCESS && status != CUDA_ERROR_DEINITIALIZED)
    fprintf(stderr, "mgpu_runtime: cuModuleUnload failed: %d\n", (int)status);
}

CUfunction mgpuModuleGetFunction(CUmodule module, const char *name) {
  CUfunction function;
  CHECK_CU(cuModuleGetFunction(&function, module, name));
  return function;
}

void mgpuLaunchKernel(CUfunction function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, CUstream stream,
                      void **params, void **extra, size_t paramsCount) {
  (void)paramsCount;
  ensureContext();
  if (smem > 0) {
    int maxShared = 0;
    CUdevice device;
    CHECK_CU(cuCtxGetDevice(&device));
    CHECK_CU(cuDeviceGetAttribute(
        &maxShared, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
        device));
    if (smem > maxShared) {
      fprintf(stderr,
              "mgpu_runtime: %d bytes of shared memory requested, "
              "the device allows %d\n",
              smem, maxShared);
      abort();
    }
    CHECK_CU(cuFuncSetAttribute(
        function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem));
  }
  CHECK_CU(cuLaunchKernel(function, (unsigned)gridX, (unsigned)gridY,
                          (unsigned)gridZ, (unsigned)blockX, (unsigned)blockY,
                          (unsigned)blockZ, (unsigned)smem, stream, params,
                          extra));
}

CUstream mgpuStreamCreate(void) {
  ensureContext();
  CUstream stream;
  CHECK_CU(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  return stream;
}

void mgpuStreamDestroy(CUstream stream) { CHECK_CU(cuStreamDestroy(stream)); }

void mgpuStreamSynchronize(CUstream stream) {
  CHECK_CU(cuStreamSynchronize(stream));
}

void mgpuStreamWaitEvent(CUstream stream, CUevent event) {
  CHECK_CU(cuStreamWaitEvent(stream, event, 0));
}

CUevent mgpuEventCreate(void) {
  ensureContext();
  CUevent event;
  CHECK_CU(cuEventCreate(&event, CU_EVENT_DISABLE_TIMING));
  return event;
}

void mgpuEventDestroy(CUevent event) { CHECK_CU(cuEventDestroy(event)); }

void mgpuEventSynchronize(CUevent event) {
  CHECK_CU(cuEventSynchronize(event));
}

void mgpuEventRecord(CUevent event, CUstream stream) {
  CHECK_CU(cuEventRecord(event, stream));
}

void *mgpuMemAlloc(uint64_t bytes, CUstream stream, bool isHostShared) {
  (void)stream;
  ensureContext();
  CUdeviceptr ptr = 0;
  if (bytes == 0)
    return NULL;
  if (isHostShared)
    CHECK_CU(cuMemAllocManaged(&ptr, bytes, CU_MEM_ATTACH_GLOBAL));
  else
    CHECK_CU(cuMemAlloc(&ptr, bytes));
  ++allocCalls;
  liveBytes += bytes;
  if (liveBytes > peakBytes)
    peakBytes = liveBytes;
  if (numLive < kMaxLive) {
    live[numLive].ptr = ptr;
    live[numLive].bytes = bytes;
    ++numLive;
  }
  return (void *)ptr;
}

void mgpuMemFree(void *ptr, CUstream stream) {
  if (!ptr)
    return;
  /* The free is ordered after the work queued on the stream before it. */
  if (stream)
    CHECK_CU(cuStreamSynchronize(stream));
  CHECK_CU(cuMemFree((CUdeviceptr)ptr));
  for (unsigned i = 0; i < numLive; ++i) {
    if (live[i].ptr != (CUdeviceptr)ptr)
      continue;
    liveBytes -= live[i].bytes;
    live[i] = live[--numLive];
    break;
  }
}

void mgpuMemcpy(void *dst, void *src, size_t bytes, CUstream stream) {
  CHECK_CU(cuMemcpyAsync((CUdeviceptr)dst, (CUdeviceptr)src, bytes, stream));
}

void mgpuMemset32(void *dst, uint32_t value, size_t count, CUstream stream) {
  CHECK_CU(cuMemsetD32Async((CUdeviceptr)dst, value, count, stream));
}

void mgpuMemset16(void *dst, unsigned short value, size_t count,
                  CUstream stream) {
  CHECK_CU(cuMemsetD16Async((CUdeviceptr)dst, value, count, stream));
}
