// `cuzk serve`: the gRPC daemon that proves curio's PoRep C2 and SnapDeals update requests
// (docs/serve.md). One call runs it
// from start to shutdown:
//   a Unix socket's stale file removed (a live one refused), the address bound;
//   the job table, the prover's worker thread (prover_worker.hpp) and the service
//   (proving_service.hpp) on gRPC's threads;
//   the circuits of ServeOptions::preload loaded;
//   requests served until `stop` is set (SIGINT, SIGTERM) or the worker fails;
//   then every queued job cancelled and the one in flight stopped at its next step (their
//   waiters hear CANCELLED), the calls in progress answered, the server shut down, the socket
//   file removed.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "pipeline/circuit_kind.hpp"
#include "serve/listen_address.hpp"
#include "serve/prover_worker.hpp"

namespace cuzk::serve {

// A PoRep C1 of a 32 GiB sector is about 50 MB (a 32 GiB update's partition proofs about 10 MB);
// requests up to this size are read.
inline constexpr int kMaxMessageBytes = 128 << 20;

struct ServeOptions {
  ListenAddress listen;
  WorkerOptions worker;                        // its observer also hears the daemon's own lines
  std::vector<pipeline::CircuitKind> preload;  // loaded before the first request
  std::size_t keep_finished = 1000;            // ended jobs kept for AwaitProof
};

// Returns once stopped by `stop`. Throws cuzk::Error with one line when the address cannot be
// used, a preload fails, or the worker fails.
void run_daemon(const ServeOptions& options, const std::atomic<bool>& stop);

}  // namespace cuzk::serve
