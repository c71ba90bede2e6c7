#!/usr/bin/env bash
# The whole test suite, from a fresh clone: install dependencies, configure, build, run ctest:
# the default suite, then the tests labelled "production" (32 and 64 GiB), then 60 s of fuzzing of
# the readers of untrusted files (scripts/fuzz-readers.sh, in <build-dir>-fuzz). The ASan+UBSan
# run of the suite (scripts/test-sanitizers.sh) takes about an hour on two cores and is run by
# hand.
# Usage: scripts/test.sh [build-dir]   (default: build)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-"$root/build"}

"$root/scripts/setup.sh"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release ${CUZK_CMAKE_ARGS:-}
cmake --build "$build" --parallel "$(nproc)"
# The default suite, then the production-size checks (32 and 64 GiB; test/CMakeLists.txt).
ctest --test-dir "$build" --output-on-failure --timeout 3000 --label-exclude production
ctest --test-dir "$build" --output-on-failure --timeout 3000 --label-regex production
CUZK_FUZZ_BUILD="$build-fuzz" "$root/scripts/fuzz-readers.sh" --ci
