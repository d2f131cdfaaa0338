/* memcount: a counting allocator for the memlint runtime proof harness.
 *
 * Lowered with `--finalize-memref-to-llvm='use-generic-functions=1'`, every
 * memref.alloc / memref.dealloc (and memref.realloc after --expand-realloc)
 * becomes a call to one of the three generic entry points below (MLIR 22):
 *
 *   void *_mlir_memref_to_llvm_alloc(size_t size);
 *   void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size);
 *   void  _mlir_memref_to_llvm_free(void *ptr);
 *
 * This library implements them, remembers every block it handed out, and
 * classifies every free:
 *   - a free of a live block: fine; the block is NOT released, it goes into
 *     quarantine and (unless MEMCOUNT_POISON=0) is filled with the poison
 *     word 0xDEADBEEF, so a later read sees a recognisable value
 *     (f32 -6.25985e+18, i32 -559038737, i64 -2401053088876216593)
 *     instead of crashing or seeing a recycled block;
 *   - a free of a quarantined block: a double free;
 *   - a free of a pointer it never handed out (stack memory of a
 *     memref.alloca, the 0xdeadbeef "allocated pointer" of a
 *     memref.get_global, anything else): an invalid free. The pointer is
 *     never passed to libc.
 * Use after free: reads are made visible through the program's own printed
 * output (run once with poison, once with MEMCOUNT_POISON=0: a difference is
 * a read of freed memory); writes are caught because the poison of a
 * quarantined block is checked at every memcount_end() and at exit
 * (`uaf_writes`). Fresh blocks are zero-filled so runs are deterministic.
 *
 * Report lines (stderr, one line each, key=value separated by spaces):
 *   memcount: scope=call id=N allocs=A frees=F leaks=L invalid_frees=I double_frees=D uaf_writes=U live=V
 *   memcount: scope=exit allocs=A frees=F leaks=L invalid_frees=I double_frees=D uaf_writes=U live=V
 * `scope=call` comes from memcount_end() and counts what happened since the
 * matching memcount_begin(); its `leaks` are blocks allocated inside the call
 * and still live at its end. `scope=exit` is printed once when the library is
 * unloaded (process exit) and counts the whole run; its `leaks` = `live` =
 * blocks never freed.
 *
 * MLIR side:  func.func private @memcount_begin()
 *             func.func private @memcount_end()
 *             func.func private @memcount_live() -> i64
 *
 * Environment: MEMCOUNT_POISON=0 disables poisoning, MEMCOUNT_TRACE=1 prints
 * one `memcount: event=...` line per alloc/free.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define POISON_WORD 0xDEADBEEFu

enum { BLOCK_LIVE = 1, BLOCK_FREED = 2 };

typedef struct {
  void *ptr;
  size_t size;
  long call;        /* memcount_begin() id when allocated, 0 outside calls */
  int state;
  int corrupt_seen; /* uaf write already reported */
} Block;

typedef struct {
  long allocs, frees, invalid_frees, double_frees, uaf_writes;
} Counters;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static Block *blocks;
static size_t nblocks, capblocks;
static Counters total, at_begin;
static long current_call; /* 0 = not inside a begin/end pair */
static long ncalls;
static int poison = -1, trace = -1;
static int exit_reported;

static void read_env(void) {
  if (poison < 0) {
    const char *p = getenv("MEMCOUNT_POISON");
    poison = !(p && strcmp(p, "0") == 0);
  }
  if (trace < 0) {
    const char *t = getenv("MEMCOUNT_TRACE");
    trace = t && strcmp(t, "0") != 0 && *t;
  }
}

static Block *find(void *ptr) {
  /* Newest first: blocks are never reused, so an address appears once. */
  for (size_t i = nblocks; i-- > 0;)
    if (blocks[i].ptr == ptr)
      return &blocks[i];
  return NULL;
}

static void poison_block(Block *b) {
  uint32_t w = POISON_WORD;
  unsigned char *p = b->ptr;
  for (size_t i = 0; i < b->size; ++i)
    p[i] = ((unsigned char *)&w)[i % 4];
}

static int poison_intact(const Block *b) {
  uint32_t w = POISON_WORD;
  const unsigned char *p = b->ptr;
  for (size_t i = 0; i < b->size; ++i)
    if (p[i] != ((unsigned char *)&w)[i % 4])
      return 0;
  return 1;
}

/* Counts quarantined blocks whose poison was overwritten since last time. */
static long scan_uaf_writes(void) {
  long n = 0;
  if (!poison)
    return 0;
  for (size_t i = 0; i < nblocks; ++i) {
    Block *b = &blocks[i];
    if (b->state == BLOCK_FREED && !b->corrupt_seen && !poison_intact(b)) {
      b->corrupt_seen = 1;
      ++n;
    }
  }
  total.uaf_writes += n;
  return n;
}

static void *record(void *ptr, size_t size) {
  if (!ptr)
    return NULL;
  memset(ptr, 0, size);
  pthread_mutex_lock(&lock);
  read_env();
  if (nblocks == capblocks) {
    size_t cap = capblocks ? capblocks * 2 : 256;
    Block *nb = realloc(blocks, cap * sizeof(Block));
    if (!nb) {
      pthread_mutex_unlock(&lock);
      fprintf(stderr, "memcount: fatal: out of memory for bookkeeping\n");
      abort();
    }
    blocks = nb;
    capblocks = cap;
  }
  blocks[nblocks++] = (Block){ptr, size, current_call, BLOCK_LIVE, 0};
  ++total.allocs;
  if (trace)
    fprintf(stderr, "memcount: event=alloc ptr=%p size=%zu\n", ptr, size);
  pthread_mutex_unlock(&lock);
  return ptr;
}

void *_mlir_memref_to_llvm_alloc(size_t size) {
  size_t n = size ? size : 1;
  return record(malloc(n), n);
}

void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size) {
  size_t n = size ? size : 1;
  void *p = NULL;
  if (alignment < sizeof(void *))
    alignment = sizeof(void *);
  if (posix_memalign(&p, alignment, n) != 0)
    p = NULL;
  return record(p, n);
}

void _mlir_memref_to_llvm_free(void *ptr) {
  if (!ptr)
    return;
  pthread_mutex_lock(&lock);
  read_env();
  Block *b = find(ptr);
  const char *what;
  if (!b) {
    ++total.invalid_frees;
    what = "invalid_free";
  } else if (b->state == BLOCK_FREED) {
    ++total.double_frees;
    what = "double_free";
  } else {
    b->state = BLOCK_FREED;
    ++total.frees;
    if (poison)
      poison_block(b);
    what = "free";
  }
  if (trace)
    fprintf(stderr, "memcount: event=%s ptr=%p\n", what, ptr);
  pthread_mutex_unlock(&lock);
}

static long count_live(long call_only) {
  long n = 0;
  for (size_t i = 0; i < nblocks; ++i)
    if (blocks[i].state == BLOCK_LIVE &&
        (call_only == 0 || blocks[i].call == call_only))
      ++n;
  return n;
}

void memcount_begin(void) {
  pthread_mutex_lock(&lock);
  read_env();
  scan_uaf_writes(); /* attribute earlier corruption to nobody's call */
  current_call = ++ncalls;
  at_begin = total;
  pthread_mutex_unlock(&lock);
}

void memcount_end(void) {
  pthread_mutex_lock(&lock);
  read_env();
  scan_uaf_writes();
  long id = current_call ? current_call : ++ncalls;
  long leaks = current_call ? count_live(current_call) : 0;
  fflush(stdout);
  fprintf(stderr,
          "memcount: scope=call id=%ld allocs=%ld frees=%ld leaks=%ld "
          "invalid_frees=%ld double_frees=%ld uaf_writes=%ld live=%ld\n",
          id, total.allocs - at_begin.allocs, total.frees - at_begin.frees,
          leaks, total.invalid_frees - at_begin.invalid_frees,
          total.double_frees - at_begin.double_frees,
          total.uaf_writes - at_begin.uaf_writes, count_live(0));
  fflush(stderr);
  current_call = 0;
  at_begin = total;
  pthread_mutex_unlock(&lock);
}

int64_t memcount_live(void) {
  pthread_mutex_lock(&lock);
  long n = count_live(0);
  pthread_mutex_unlock(&lock);
  return n;
}

/* Prints the scope=exit line (once). Callable from MLIR too. */
void memcount_report(void) {
  pthread_mutex_lock(&lock);
  read_env();
  if (!exit_reported) {
    exit_reported = 1;
    scan_uaf_writes();
    long live = count_live(0);
    fflush(stdout);
    fprintf(stderr,
            "memcount: scope=exit allocs=%ld frees=%ld leaks=%ld "
            "invalid_frees=%ld double_frees=%ld uaf_writes=%ld live=%ld\n",
            total.allocs, total.frees, live, total.invalid_frees,
            total.double_frees, total.uaf_writes, live);
    fflush(stderr);
  }
  pthread_mutex_unlock(&lock);
}

__attribute__((constructor)) static void memcount_init(void) {
  read_env();
  atexit(memcount_report);
}

__attribute__((destructor)) static void memcount_fini(void) { memcount_report(); }
