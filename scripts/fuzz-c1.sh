#!/usr/bin/env bash
# Builds the C1 parser fuzz target with clang (libFuzzer, ASan, UBSan) in build-fuzz/ and runs it
# on a seed corpus of valid 2 KiB C1 files. Not part of CI. See test/fuzz/README.md.
# Usage: scripts/fuzz-c1.sh [seconds]   (default 120)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-120}
out="$root/build-fuzz"
mkdir -p "$out/artifacts"
cd "$root"

sources=(src/porep/*.cpp src/util/*.cpp)
clang++ -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -Isrc test/fuzz/c1_parser_fuzz.cpp "${sources[@]}" -lsimdjson -lcrypto -o "$out/c1_parser_fuzz"
clang++ -std=c++20 -O1 -Isrc -Itest test/fuzz/c1_fuzz_corpus.cpp "${sources[@]}" \
  -lsimdjson -lcrypto -o "$out/c1_fuzz_corpus"

"$out/c1_fuzz_corpus" "$out/corpus"
"$out/c1_parser_fuzz" "$out/corpus" -max_total_time="$seconds" -max_len=200000 \
  -artifact_prefix="$out/artifacts/"
