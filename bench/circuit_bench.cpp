// Synthesis throughput of the SHA-256 gadget (the bulk of the PoRep circuit) in each constraint
// system, single thread: constraints per second of thread CPU time (the build machine is shared,
// so wall time is also printed but means less).
// Usage: cuzk_bench_circuit [blocks=100] [repeats=3] [all|proving|witness|counting|fingerprint]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "circuit/counting_cs.hpp"
#include "circuit/fingerprint_cs.hpp"
#include "circuit/gadgets/sha256.hpp"
#include "circuit/proving_cs.hpp"
#include "circuit/witness_cs.hpp"
#include "util/bench_timer.hpp"

using namespace cuzk::circuit;

namespace {

// SHA-256 of a message of `blocks` * 64 - 9 allocated bytes: `blocks` compressions, all but the
// first with a variable state, like create_label's 20-block hash.
template <class CS>
void synthesize(CS& cs, const std::vector<std::uint8_t>& message) {
  std::vector<Boolean> bits;
  bits.reserve(8 * message.size());
  for (std::size_t i = 0; i < 8 * message.size(); ++i) {
    std::optional<bool> v;
    if constexpr (CS::kKeepsWitness) v = ((message[i / 8] >> (7 - i % 8)) & 1) != 0;
    bits.push_back(AllocatedBit::alloc(cs, v));
  }
  const auto digest = sha256(cs, std::span<const Boolean>(bits));
  cuzk::do_not_optimize(digest.size());
}

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

template <class Make>
void report(const char* name, std::size_t repeats, Make&& run_once) {
  double best_cpu = 1e30, best_wall = 1e30;
  std::size_t constraints = 0;
  for (std::size_t r = 0; r < repeats; ++r) {
    const auto start = std::chrono::steady_clock::now();
    const double cpu0 = thread_cpu_seconds();
    constraints = run_once();
    best_cpu = std::min(best_cpu, thread_cpu_seconds() - cpu0);
    best_wall = std::min(
        best_wall, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::printf("%-14s %10zu constraints  cpu %7.3f s  %6.2f M/s   (wall %7.3f s)\n", name,
              constraints, best_cpu, static_cast<double>(constraints) / best_cpu / 1e6, best_wall);
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t blocks = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 100;
  const std::size_t repeats = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 3;
  const std::string mode = argc > 3 ? argv[3] : "all";
  const auto wanted = [&](const char* m) { return mode == "all" || mode == m; };
  std::mt19937_64 rng(1);
  std::vector<std::uint8_t> message(blocks * 64 - 9);
  for (auto& b : message) b = static_cast<std::uint8_t>(rng());
  std::printf("SHA-256 of %zu blocks, best of %zu, one thread\n", blocks, repeats);

  CountingCS shape;
  synthesize(shape, message);

  if (wanted("proving"))
    report("ProvingCS", repeats, [&] {
      ProvingCS cs;
      cs.reserve(shape.num_inputs(), shape.num_aux(), shape.num_constraints());
      synthesize(cs, message);
      return cs.num_constraints();
    });
  if (wanted("witness"))
    report("WitnessCS", repeats, [&] {
      WitnessCS cs;
      synthesize(cs, message);
      return cs.num_constraints();
    });
  if (wanted("counting"))
    report("CountingCS", repeats, [&] {
      CountingCS cs;
      synthesize(cs, message);
      return cs.num_constraints();
    });
  if (wanted("fingerprint"))
    report("FingerprintCS", repeats, [&] {
      FingerprintCS cs(shape.size());
      synthesize(cs, message);
      cuzk::do_not_optimize(cs.finish());
      return cs.num_constraints();
    });
  return 0;
}
