#!/usr/bin/env bash
# The whole test suite, from a fresh clone: install dependencies, configure, build, run ctest;
# then fuzz the readers of untrusted files for 60 s (scripts/fuzz-readers.sh, in <build-dir>-fuzz)
# and run the suite again under ASan and UBSan (scripts/test-sanitizers.sh, in <build-dir>-asan).
# Usage: scripts/test.sh [build-dir]   (default: build)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-"$root/build"}

"$root/scripts/setup.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release ${CUZK_CMAKE_ARGS:-}
cmake --build "$build" --parallel "$(nproc)"
ctest --test-dir "$build" --output-on-failure --timeout 3000
CUZK_FUZZ_BUILD="$build-fuzz" "$root/scripts/fuzz-readers.sh" --ci
"$root/scripts/test-sanitizers.sh" "$build-asan"
