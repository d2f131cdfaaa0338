/*===- run_transformer.c - Run examples/transformer_block_gpu.mlir ------===*
 *
 * Links against the object of `memlint emit --target=cuda --emit=llvm
 * examples/transformer_block_gpu.mlir` (its module constructor loads the
 * PTX through mgpu_runtime.c), runs @transformer_block once on the GPU on
 * seeded inputs, and compares the result with the same block computed
 * here on the CPU. Exit 0 when they agree.
 *
 * With MGPU_STATS=1 it prints the device allocations of that one call and
 * the most device bytes they held at once. With MGPU_TIMED_RUNS=N it then
 * calls the block N more times (after 3 untimed calls) and prints the
 * median and fastest wall time of a call, each ended by a synchronize:
 * what the allocations cost a caller, kernels included.
 *
 *===---------------------------------------------------------------------===*/
#define _POSIX_C_SOURCE 199309L /* clock_gettime under -std=c11 */
#include <cuda.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { S = 128, D = 256, F = 1024 };

CUstream mgpuStreamCreate(void);
void mgpuStreamDestroy(CUstream stream);
void mgpuStatsPrint(void);

/* The lowered function takes each memref as its expanded descriptor:
 * allocated pointer, aligned pointer, offset, sizes, strides. */
#define MEMREF2 float *, float *, int64_t, int64_t, int64_t, int64_t, int64_t
#define MEMREF1 float *, float *, int64_t, int64_t, int64_t
void transformer_block(MEMREF2, MEMREF2, MEMREF2, MEMREF2, MEMREF2, MEMREF1,
                       MEMREF1, MEMREF2, MEMREF2, MEMREF2);
#define ARG2(p, rows, cols) (p), (p), 0, (rows), (cols), (cols), 1
#define ARG1(p, n) (p), (p), 0, (n), 1

#define CHECK_CU(call)                                                         \
  do {                                                                         \
    CUresult status_ = (call);                                                 \
    if (status_ != CUDA_SUCCESS) {                                             \
      fprintf(stderr, "%s failed: %d\n", #call, (int)status_);                 \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

static uint32_t seed = 12345;
static float uniform(float scale) {
  seed = seed * 1664525u + 1013904223u;
  return ((float)(seed >> 8) / 16777216.0f - 0.5f) * scale;
}

static float *randomArray(size_t n, float scale) {
  float *a = malloc(n * sizeof(float));
  for (size_t i = 0; i < n; ++i)
    a[i] = uniform(scale);
  return a;
}

static float *toDevice(const float *host, size_t n) {
  CUdeviceptr p;
  CHECK_CU(cuMemAlloc(&p, n * sizeof(float)));
  CHECK_CU(cuMemcpyHtoD(p, host, n * sizeof(float)));
  return (float *)p;
}

/* c[m x n] = a[m x k] b[k x n] */
static void matmul(const float *a, const float *b, float *c, int m, int k,
                   int n) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float acc = 0;
      for (int t = 0; t < k; ++t)
        acc += a[i * k + t] * b[t * n + j];
      c[i * n + j] = acc;
    }
}

static void reference(const float *x, const float *wq, const float *wk,
                      const float *wv, const float *wo, const float *gamma,
                      const float *beta, const float *w1, const float *w2,
                      float *out) {
  float *q = malloc(sizeof(float) * S * D), *k = malloc(sizeof(float) * S * D);
  float *v = malloc(sizeof(float) * S * D), *p = malloc(sizeof(float) * S * S);
  float *attn = malloc(sizeof(float) * S * D);
  float *h = malloc(sizeof(float) * S * D), *ln = malloc(sizeof(float) * S * D);
  float *ffn = malloc(sizeof(float) * S * F);
  matmul(x, wq, q, S, D, D);
  matmul(x, wk, k, S, D, D);
  matmul(x, wv, v, S, D, D);
  for (int i = 0; i < S; ++i) {
    float max = -INFINITY, sum = 0;
    for (int j = 0; j < S; ++j) {
      float s = 0;
      for (int d = 0; d < D; ++d)
        s += q[i * D + d] * k[j * D + d];
      p[i * S + j] = s * 0.0625f;
      max = fmaxf(max, p[i * S + j]);
    }
    for (int j = 0; j < S; ++j)
      sum += expf(p[i * S + j] - max);
    for (int j = 0; j < S; ++j)
      p[i * S + j] = expf(p[i * S + j] - max) / sum;
  }
  matmul(p, v, attn, S, S, D);
  matmul(attn, wo, h, S, D, D);
  for (int i = 0; i < S * D; ++i)
    h[i] += x[i];
  for (int i = 0; i < S; ++i) {
    float sum = 0, sq = 0;
    for (int d = 0; d < D; ++d)
      sum += h[i * D + d];
    float mean = sum / D;
    for (int d = 0; d < D; ++d)
      sq += (h[i * D + d] - mean) * (h[i * D + d] - mean);
    float rstd = 1.0f / sqrtf(sq / D + 1e-5f);
    for (int d = 0; d < D; ++d)
      ln[i * D + d] = (h[i * D + d] - mean) * rstd * gamma[d] + beta[d];
  }
  matmul(ln, w1, ffn, S, D, F);
  for (int i = 0; i < S * F; ++i)
    ffn[i] = fmaxf(ffn[i], 0);
  matmul(ffn, w2, out, S, F, D);
  for (int i = 0; i < S * D; ++i)
    out[i] += h[i];
  free(q), free(k), free(v), free(p), free(attn), free(h), free(ln), free(ffn);
}

static int envFlag(const char *name) {
  const char *value = getenv(name);
  return value && *value && *value != '0';
}

static double nowMicroseconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(void) {
  /* The module constructor made the context current already; this makes
   * sure of it. */
  mgpuStreamDestroy(mgpuStreamCreate());

  float *x = randomArray(S * D, 2.0f);
  float *wq = randomArray(D * D, 0.125f), *wk = randomArray(D * D, 0.125f);
  float *wv = randomArray(D * D, 0.125f), *wo = randomArray(D * D, 0.125f);
  float *gamma = randomArray(D, 1.0f), *beta = randomArray(D, 1.0f);
  float *w1 = randomArray(D * F, 0.125f), *w2 = randomArray(F * D, 0.0625f);
  for (int d = 0; d < D; ++d)
    gamma[d] += 1.0f;

  float *dX = toDevice(x, S * D), *dWq = toDevice(wq, D * D);
  float *dWk = toDevice(wk, D * D), *dWv = toDevice(wv, D * D);
  float *dWo = toDevice(wo, D * D), *dGamma = toDevice(gamma, D);
  float *dBeta = toDevice(beta, D), *dW1 = toDevice(w1, D * F);
  float *dW2 = toDevice(w2, F * D);
  float *dOut = toDevice(x, S * D); /* overwritten */
#define CALL_BLOCK()                                                           \
  transformer_block(ARG2(dX, S, D), ARG2(dWq, D, D), ARG2(dWk, D, D),          \
                    ARG2(dWv, D, D), ARG2(dWo, D, D), ARG1(dGamma, D),         \
                    ARG1(dBeta, D), ARG2(dW1, D, F), ARG2(dW2, F, D),          \
                    ARG2(dOut, S, D))
  CALL_BLOCK();
  CHECK_CU(cuCtxSynchronize());
  if (envFlag("MGPU_STATS"))
    mgpuStatsPrint();

  float *gpu = malloc(sizeof(float) * S * D),
        *cpu = malloc(sizeof(float) * S * D);
  CHECK_CU(cuMemcpyDtoH(gpu, (CUdeviceptr)dOut, sizeof(float) * S * D));
  reference(x, wq, wk, wv, wo, gamma, beta, w1, w2, cpu);

  double maxErr = 0, maxRef = 0;
  for (int i = 0; i < S * D; ++i) {
    maxErr = fmax(maxErr, fabs((double)gpu[i] - cpu[i]));
    maxRef = fmax(maxRef, fabs((double)cpu[i]));
    if (isnan(gpu[i]))
      maxErr = INFINITY;
  }
  double rel = maxErr / (maxRef > 0 ? maxRef : 1);

  const char *runsText = getenv("MGPU_TIMED_RUNS");
  int runs = runsText ? atoi(runsText) : 0;
  if (runs > 0) {
    double *times = malloc(sizeof(double) * runs);
    for (int i = 0; i < 3 + runs; ++i) {
      double start = nowMicroseconds();
      CALL_BLOCK();
      CHECK_CU(cuCtxSynchronize());
      if (i >= 3)
        times[i - 3] = nowMicroseconds() - start;
    }
    qsort(times, runs, sizeof(double), compareDoubles);
    printf("time per call: median %.1f us, fastest %.1f us (%d runs)\n",
           times[runs / 2], times[0], runs);
    free(times);
  }
  printf("out[0][0..3] gpu %.6f %.6f %.6f %.6f cpu %.6f %.6f %.6f %.6f\n",
         gpu[0], gpu[1], gpu[2], gpu[3], cpu[0], cpu[1], cpu[2], cpu[3]);
  printf("max |gpu - cpu| = %.3g (max |cpu| = %.3g, relative %.3g): %s\n",
         maxErr, maxRef, rel, rel <= 1e-3 ? "OK" : "MISMATCH");
  /* Freed so that compute-sanitizer's leak check sees only the block's. */
  float *inputs[] = {dX, dWq, dWk, dWv, dWo, dGamma, dBeta, dW1, dW2, dOut};
  for (size_t i = 0; i < sizeof(inputs) / sizeof(inputs[0]); ++i)
    CHECK_CU(cuMemFree((CUdeviceptr)inputs[i]));
  return rel <= 1e-3 ? 0 : 1;
}
