#!/usr/bin/env bash
# Fuzzes cuzk's readers of untrusted files with libFuzzer: the C1 parser, the .params and .vk
# readers, the proof reader and the update input reader (test/fuzz/README.md). Builds the targets with clang, ASan and
# UBSan in build-fuzz/ and runs each on its checked-in seed corpus, test/fuzz/corpus/<reader>/
# (only read; what a run discovers goes to build-fuzz/corpus/<reader>/). A crash ends the run
# with the input in build-fuzz/artifacts/: fix the reader, and add the input to
# test/fuzz/regressions/<reader>/, where the test suite replays it.
#
# Usage: scripts/fuzz-readers.sh --ci                  # 60 s in all, as scripts/test.sh runs it
#        scripts/fuzz-readers.sh [SECONDS [READER...]]  # SECONDS per reader (default 120);
#                                                       # READER: c1 params vk proof update (default all)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${CUZK_FUZZ_BUILD:-"$root/build-fuzz"}

declare -A seconds
if [[ ${1:-} == --ci ]]; then
  # The C1 parser gets the most: its inputs are the largest and the slowest to parse.
  seconds=([c1]=20 [params]=10 [vk]=10 [proof]=10 [update]=10)
else
  per_reader=${1:-120}
  readers=("${@:2}")
  ((${#readers[@]})) || readers=(c1 params vk proof update)
  for r in "${readers[@]}"; do seconds[$r]=$per_reader; done
fi

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DCUZK_CUDA=OFF -DCUZK_FUZZ=ON \
  -DCMAKE_CXX_COMPILER=clang++ ${CUZK_FUZZ_CMAKE_ARGS:-} >/dev/null
targets=()
for r in "${!seconds[@]}"; do targets+=("cuzk_fuzz_$r"); done
cmake --build "$build" --parallel "$(nproc)" --target "${targets[@]}"

mkdir -p "$build/artifacts"
for r in c1 params vk proof update; do
  [[ -n ${seconds[$r]:-} ]] || continue
  mkdir -p "$build/corpus/$r"
  echo "fuzz: $r for ${seconds[$r]} s" >&2
  "$build/test/fuzz/cuzk_fuzz_$r" "$build/corpus/$r" "$root/test/fuzz/corpus/$r" \
    -max_total_time="${seconds[$r]}" -artifact_prefix="$build/artifacts/$r-" \
    -print_final_stats=1 2>"$build/$r.log" || {
    tail -n 40 "$build/$r.log" >&2
    echo "fuzz: $r crashed; the input is in $build/artifacts/" >&2
    exit 1
  }
  grep -E "^stat::number_of_executed_units|^stat::new_units_added" "$build/$r.log" |
    sed "s/^/fuzz: $r: /" >&2
done
