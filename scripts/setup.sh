#!/usr/bin/env bash
# Installs cuzk's build dependencies from Debian/Ubuntu packages. Idempotent and non-interactive:
# packages already present are left alone, and apt runs only when something is missing.
set -euo pipefail

packages=(build-essential cmake libcli11-dev libsimdjson-dev libmimalloc-dev doctest-dev libssl-dev
  libomp-dev
  # `cuzk serve`: gRPC and protobuf, and the compilers that generate their code at build time;
  # Python's grpcio and protobuf for the test that drives the daemon (test/serve/).
  libgrpc++-dev libprotobuf-dev protobuf-compiler protobuf-compiler-grpc python3-grpcio
  python3-protobuf
  # The fuzz targets (scripts/fuzz-readers.sh): clang, and libFuzzer with the sanitizer runtimes,
  # which are in libclang-rt-dev on Debian 12 and inside clang's own dependencies on older Ubuntu.
  clang libclang-rt-dev)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

sudo=""
if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
available=()
for p in "${missing[@]}"; do
  if [[ $p == libclang-rt-dev ]] && ! apt-cache show "$p" >/dev/null 2>&1; then continue; fi
  available+=("$p")
done
$sudo apt-get install -y -qq --no-install-recommends "${available[@]}"
