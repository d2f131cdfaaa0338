/*===- run_transformer.c - Run examples/transformer_block_gpu.mlir ------===*
 *
 * Links against the object of `memlint emit --target=cuda --emit=llvm
 * examples/transformer_block_gpu.mlir` (its module constructor loads the
 * PTX through mgpu_runtime.c), runs @transformer_block once on the GPU on
 * seeded inputs, and compares the result with the same block computed
 * here on the CPU. Exit 0 when they agree.
 *
 *===---------------------------------------------------------------------===*/
#include <cuda.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { S = 128, D = 256, F = 1024 };

CUstream mgpuStreamCreate(void);
void mgpuStreamDestroy(CUstream stream);

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

  float *dOut = toDevice(x, S * D); /* overwritten */
  transformer_block(
      ARG2(toDevice(x, S * D), S, D), ARG2(toDevice(wq, D * D), D, D),
      ARG2(toDevice(wk, D * D), D, D), ARG2(toDevice(wv, D * D), D, D),
      ARG2(toDevice(wo, D * D), D, D), ARG1(toDevice(gamma, D), D),
      ARG1(toDevice(beta, D), D), ARG2(toDevice(w1, D * F), D, F),
      ARG2(toDevice(w2, F * D), F, D), ARG2(dOut, S, D));
  CHECK_CU(cuCtxSynchronize());

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
  printf("out[0][0..3] gpu %.6f %.6f %.6f %.6f cpu %.6f %.6f %.6f %.6f\n",
         gpu[0], gpu[1], gpu[2], gpu[3], cpu[0], cpu[1], cpu[2], cpu[3]);
  printf("max |gpu - cpu| = %.3g (max |cpu| = %.3g, relative %.3g): %s\n",
         maxErr, maxRef, rel, rel <= 1e-3 ? "OK" : "MISMATCH");
  return rel <= 1e-3 ? 0 : 1;
}
