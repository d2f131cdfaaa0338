#!/bin/sh
# Builds the planner benchmark on its own (no MLIR needed) and runs it on the
# MiniMalloc suite. Extra arguments go to the benchmark, e.g.
#   bench/planner/run.sh --nodes=2000000
#   bench/planner/run.sh --alignment=64 path/to/csvs
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${MEMLINT_PLANNER_BUILD:-$root/build-planner-bench}
mkdir -p "$build"
cat > "$build/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(memlint_planner_bench CXX)
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_BUILD_TYPE Release)
add_subdirectory("$root/analysis/planner" planner)
add_subdirectory("$root/bench/planner" bench)
CMAKE
cmake -S "$build" -B "$build/out" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build/out" --target memlint_planner_bench -j 2 >/dev/null
exec "$build/out/bench/memlint_planner_bench" "$@"
