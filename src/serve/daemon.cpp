#include "serve/daemon.hpp"

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <memory>
#include <optional>
#include <thread>

#include "serve/circuit_id.hpp"
#include "serve/job_table.hpp"
#include "serve/metrics.hpp"
#include "serve/proving_service.hpp"
#include "serve/socket_file.hpp"
#include "util/error.hpp"

namespace cuzk::serve {

namespace {

class Lines {
 public:
  explicit Lines(const pipeline::ProvingObserver* observer) : observer_(observer) {}
  void log(const std::string& line) const {
    if (observer_ != nullptr) observer_->log(line);
  }
  void warn(const std::string& line) const {
    if (observer_ != nullptr) observer_->warn(line);
  }

 private:
  const pipeline::ProvingObserver* observer_;
};

std::unique_ptr<grpc::Server> start_server(const ListenAddress& listen, ProvingService& service,
                                           int& bound_port) {
  grpc::ServerBuilder builder;
  builder.AddListeningPort(listen.grpc_uri(), grpc::InsecureServerCredentials(), &bound_port);
  builder.RegisterService(&service);
  builder.SetMaxReceiveMessageSize(kMaxMessageBytes);
  builder.SetMaxSendMessageSize(kMaxMessageBytes);
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (server == nullptr || (!listen.unix_socket && bound_port == 0)) {
    throw Error("cannot listen on " + listen.display() +
                (listen.unix_socket ? "" : " (the port in use, or the host not this machine's?)"));
  }
  return server;
}

}  // namespace

void run_daemon(const ServeOptions& options, const std::atomic<bool>& stop) {
  const Lines lines(options.worker.proving.observer);
  if (options.listen.unix_socket) prepare_socket_path(options.listen.socket_path);

  Metrics metrics;
  std::atomic<ProverWorker*> wake_target{nullptr};
  JobTable table(
      [&wake_target] {
        if (ProverWorker* w = wake_target.load()) w->wake();
      },
      [&metrics](const std::string& kind, const JobResult& r) { metrics.job_ended(kind, r); },
      options.keep_finished);
  ProverWorker worker(table, options.worker);
  wake_target.store(&worker);
  ProvingService service(table, worker, metrics);

  int bound_port = 0;
  const std::unique_ptr<grpc::Server> server = start_server(options.listen, service, bound_port);
  std::optional<SocketFile> socket_file;
  if (options.listen.unix_socket) socket_file.emplace(options.listen.socket_path);
  lines.log("listening on " + options.listen.display(static_cast<std::uint16_t>(bound_port)) +
            " (no authentication: whoever reaches this address can submit proofs)");
  if (!options.listen.local) {
    lines.warn(
        "listening on a non-local address (--allow-remote): anyone who can reach it can "
        "use the prover");
  }

  // Also stopped by the worker's own failure; the shutdown below runs either way.
  const auto stopped = [&] { return stop.load() || !worker.failure().empty(); };
  std::optional<Error> failure;
  try {
    for (const pipeline::CircuitKind& kind : options.preload) {
      if (stopped()) break;
      lines.log("preloading " + circuit_id(kind) + " (" + pipeline::circuit_name(kind) + ")");
      worker.preload(kind);
    }
  } catch (const std::exception& e) {
    failure.emplace(std::string("--preload: ") + e.what());
  }
  while (!failure && !stopped()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  if (!failure && !worker.failure().empty()) failure.emplace(worker.failure());

  const JobTable::Counts counts = table.counts();
  lines.log("stopping: " + std::to_string(counts.queued) + " queued job(s) cancelled, " +
            std::to_string(counts.held) + " in flight stopped at their next step");
  table.close("cancelled: the daemon is shutting down");
  // The waiting calls have their answers now (their jobs ended); others get a few seconds.
  server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(5));
  worker.stop();
  server->Wait();
  if (failure) throw *failure;
}

}  // namespace cuzk::serve
