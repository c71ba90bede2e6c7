#include "serve/proving_service.hpp"

#include <exception>
#include <new>
#include <optional>
#include <string>

#include "pipeline/sector_job.hpp"
#include "serve/circuit_id.hpp"
#include "serve/proof_request.hpp"
#include "serve/status.hpp"

namespace cuzk::serve {

namespace {

namespace pb = cuzk::v1;

// Runs a handler's body; whatever it throws becomes a status with one line, so that no exception
// reaches gRPC (and a bad call never ends the daemon).
template <class Body>
grpc::Status answer(Body&& body) {
  try {
    return body();
  } catch (const JobConflict& e) {
    return {grpc::StatusCode::ALREADY_EXISTS, e.what()};
  } catch (const TableClosed& e) {
    return {grpc::StatusCode::UNAVAILABLE, e.what()};
  } catch (const std::bad_alloc&) {
    return {grpc::StatusCode::RESOURCE_EXHAUSTED, "out of host memory (an allocation failed)"};
  } catch (...) {
    return {grpc::StatusCode::INTERNAL, pipeline::failure_from_current_exception().message};
  }
}

pb::AwaitProofResponse::Status wire_status(JobState state) {
  switch (state) {
    case JobState::kCompleted:
      return pb::AwaitProofResponse::COMPLETED;
    case JobState::kFailed:
      return pb::AwaitProofResponse::FAILED;
    case JobState::kCancelled:
      return pb::AwaitProofResponse::CANCELLED;
    default:
      return pb::AwaitProofResponse::TIMEOUT;  // still queued or running
  }
}

// The circuit a PreloadSRS or EvictSRS names, or the status that refuses it.
std::optional<pipeline::CircuitKind> circuit(const std::string& id, grpc::Status& refusal) {
  if (const auto kind = circuit_for_id(id)) return kind;
  if (id.starts_with("wpost-") || id.starts_with("winning-")) {
    refusal = {grpc::StatusCode::UNIMPLEMENTED,
               "circuit_id '" + id + "': cuzk serve proves PoRep C2 and SnapDeals updates only"};
  } else {
    refusal = {grpc::StatusCode::INVALID_ARGUMENT,
               "circuit_id '" + id + "' is unknown; cuzk serve knows " + circuit_ids()};
  }
  return std::nullopt;
}

}  // namespace

ProvingService::ProvingService(JobTable& table, ProverWorker& worker, const Metrics& metrics)
    : table_(table), worker_(worker), metrics_(metrics), start_(std::chrono::steady_clock::now()) {}

double ProvingService::uptime_seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

grpc::Status ProvingService::SubmitProof(grpc::ServerContext*,
                                         const pb::SubmitProofRequest* request,
                                         pb::SubmitProofResponse* response) {
  return answer([&] {
    const JobTable::Submitted submitted = table_.submit(job_spec(*request));
    response->set_job_id(submitted.id);
    response->set_queue_position(submitted.queue_position);
    return grpc::Status::OK;
  });
}

grpc::Status ProvingService::AwaitProof(grpc::ServerContext* context,
                                        const pb::AwaitProofRequest* request,
                                        pb::AwaitProofResponse* response) {
  return answer([&] {
    if (request->job_id().empty()) {
      return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "job_id is empty");
    }
    return await(*context, request->job_id(), request->timeout_ms(), *response);
  });
}

grpc::Status ProvingService::Prove(grpc::ServerContext* context, const pb::ProveRequest* request,
                                   pb::ProveResponse* response) {
  return answer([&] {
    if (!request->has_submit()) {
      return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "ProveRequest.submit is missing");
    }
    const JobTable::Submitted submitted = table_.submit(job_spec(request->submit()));
    return await(*context, submitted.id, 0, *response->mutable_result());
  });
}

grpc::Status ProvingService::await(grpc::ServerContext& context, const std::string& id,
                                   std::uint64_t timeout_ms, pb::AwaitProofResponse& out) {
  std::optional<Clock::time_point> until;
  if (timeout_ms != 0) until = Clock::now() + std::chrono::milliseconds(timeout_ms);
  const std::optional<JobTable::View> view =
      table_.await(id, until, [&context] { return context.IsCancelled(); });
  if (!view) return {grpc::StatusCode::NOT_FOUND, "no job '" + id + "'"};
  if (!is_final(view->state) && context.IsCancelled()) {
    return {grpc::StatusCode::CANCELLED, "the client went away; job '" + id + "' goes on"};
  }
  out.set_job_id(id);
  out.set_status(wire_status(view->state));
  if (!is_final(view->state)) return grpc::Status::OK;
  const JobResult& r = view->result;
  out.set_proof(r.proof.data(), r.proof.size());
  out.set_error_message(r.error);
  out.set_queue_wait_ms(r.times.queue_wait_ms);
  out.set_srs_load_ms(r.times.srs_load_ms);
  out.set_synthesis_ms(r.times.synthesis_ms);
  out.set_gpu_compute_ms(r.times.gpu_compute_ms);
  out.set_total_ms(r.times.total_ms);
  return grpc::Status::OK;
}

grpc::Status ProvingService::CancelProof(grpc::ServerContext*,
                                         const pb::CancelProofRequest* request,
                                         pb::CancelProofResponse* response) {
  return answer([&] {
    switch (table_.cancel(request->job_id())) {
      case JobTable::Cancelled::kUnknown:
        return grpc::Status(grpc::StatusCode::NOT_FOUND, "no job '" + request->job_id() + "'");
      case JobTable::Cancelled::kWasRunning:
        response->set_was_running(true);
        break;
      default:
        break;
    }
    return grpc::Status::OK;
  });
}

grpc::Status ProvingService::GetStatus(grpc::ServerContext*, const pb::GetStatusRequest*,
                                       pb::GetStatusResponse* response) {
  return answer([&] {
    fill_status(table_.counts(), worker_.snapshot(), uptime_seconds(), *response);
    return grpc::Status::OK;
  });
}

grpc::Status ProvingService::GetMetrics(grpc::ServerContext*, const pb::GetMetricsRequest*,
                                        pb::GetMetricsResponse* response) {
  return answer([&] {
    response->set_prometheus_text(
        metrics_.text(gauges(table_.counts(), worker_.snapshot(), uptime_seconds())));
    return grpc::Status::OK;
  });
}

grpc::Status ProvingService::PreloadSRS(grpc::ServerContext*, const pb::PreloadSrsRequest* request,
                                        pb::PreloadSrsResponse* response) {
  return answer([&] {
    grpc::Status refusal;
    const auto proof = circuit(request->circuit_id(), refusal);
    if (!proof) return refusal;
    try {
      const PreloadOutcome outcome = worker_.preload(*proof);
      response->set_already_loaded(outcome.already_loaded);
      response->set_load_time_ms(static_cast<std::uint64_t>(outcome.seconds * 1000));
    } catch (const TableClosed&) {
      throw;
    } catch (const std::exception& e) {
      // A missing or broken parameter file: the operator's to fix, the daemon goes on.
      return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION, e.what());
    }
    return grpc::Status::OK;
  });
}

grpc::Status ProvingService::EvictSRS(grpc::ServerContext*, const pb::EvictSrsRequest* request,
                                      pb::EvictSrsResponse* response) {
  return answer([&] {
    grpc::Status refusal;
    const auto proof = circuit(request->circuit_id(), refusal);
    if (!proof) return refusal;
    const EvictOutcome outcome = worker_.evict(*proof);
    response->set_was_loaded(outcome.was_loaded);
    response->set_freed_bytes(outcome.freed_bytes);
    return grpc::Status::OK;
  });
}

}  // namespace cuzk::serve
