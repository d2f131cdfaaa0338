//===- AsyncRuntime.h - Upstream's async lowering, read for paths -*- C++ -*-//
//
// What `-async-to-async-runtime` (and `-convert-async-to-llvm` after it)
// makes of `async.execute` bodies, in the terms the lifetime analysis needs:
// which functions are its coroutines, which value tells a coroutine's
// resume from its suspend, and which values ask whether a task failed.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_ASYNCRUNTIME_H
#define MEMLINT_ANALYSIS_LIFETIME_ASYNCRUNTIME_H

#include "mlir/IR/Value.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace memlint::lifetime {

/// Whether `fn` begins a coroutine (`async.coro.begin`, or
/// `llvm.intr.coro.begin` once lowered to LLVM): an outlined `async.execute`
/// body or an `async.func`.
bool isCoroutine(mlir::FunctionOpInterface fn);

/// Whether `v` is what `llvm.intr.coro.suspend` returned (through integer
/// casts): 0 where the coroutine resumes, 1 where it is destroyed, -1 where
/// it suspends.
bool isCoroSuspendResult(mlir::Value v);

/// The memref arguments of coroutine `fn` whose memory its task accesses
/// on every run: by ops of the block it resumes in first (the start of the
/// `async.execute` body it was outlined from), not freeing them.
llvm::SmallVector<unsigned, 1>
argumentsUsedByTask(mlir::FunctionOpInterface fn);

/// Per result of coroutine `fn`: the memref argument the `!async.value`
/// returned there holds, where every return hands out one value
/// `async.runtime.create` made and the only `async.runtime.store` into it
/// stores that argument.
std::vector<std::optional<unsigned>>
asyncValuesHoldingArguments(mlir::FunctionOpInterface fn);

/// Whether `v` asks if an async task, value or group ended in the error
/// state (`async.runtime.is_error`, or the runtime's
/// `mlirAsyncRuntimeIs{Token,Value,Group}Error` after
/// `-convert-async-to-llvm`).
bool asksIfTaskFailed(mlir::Value v);

} // namespace memlint::lifetime

#endif
