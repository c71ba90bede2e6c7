// cuzk.v1.ProvingEngine on gRPC's synchronous server: each call runs on one of gRPC's threads,
// and one waiting for a proof (Prove, AwaitProof) holds its thread until the job ends, its
// timeout passes or its client goes. Every handler answers: a job's failure is a FAILED answer;
// a call that cannot be served is a gRPC status with one line (INVALID_ARGUMENT, NOT_FOUND,
// ALREADY_EXISTS for a request_id in use by another request, UNAVAILABLE while shutting down,
// UNIMPLEMENTED for another kind's parameters); no exception leaves a handler.
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>

#include "cuzk/v1/proving.grpc.pb.h"
#include "serve/job_table.hpp"
#include "serve/metrics.hpp"
#include "serve/prover_worker.hpp"

namespace cuzk::serve {

class ProvingService final : public cuzk::v1::ProvingEngine::Service {
 public:
  ProvingService(JobTable& table, ProverWorker& worker, const Metrics& metrics);

  grpc::Status SubmitProof(grpc::ServerContext* context,
                           const cuzk::v1::SubmitProofRequest* request,
                           cuzk::v1::SubmitProofResponse* response) override;
  grpc::Status AwaitProof(grpc::ServerContext* context, const cuzk::v1::AwaitProofRequest* request,
                          cuzk::v1::AwaitProofResponse* response) override;
  grpc::Status Prove(grpc::ServerContext* context, const cuzk::v1::ProveRequest* request,
                     cuzk::v1::ProveResponse* response) override;
  grpc::Status CancelProof(grpc::ServerContext* context,
                           const cuzk::v1::CancelProofRequest* request,
                           cuzk::v1::CancelProofResponse* response) override;
  grpc::Status GetStatus(grpc::ServerContext* context, const cuzk::v1::GetStatusRequest* request,
                         cuzk::v1::GetStatusResponse* response) override;
  grpc::Status GetMetrics(grpc::ServerContext* context, const cuzk::v1::GetMetricsRequest* request,
                          cuzk::v1::GetMetricsResponse* response) override;
  grpc::Status PreloadSRS(grpc::ServerContext* context, const cuzk::v1::PreloadSrsRequest* request,
                          cuzk::v1::PreloadSrsResponse* response) override;
  grpc::Status EvictSRS(grpc::ServerContext* context, const cuzk::v1::EvictSrsRequest* request,
                        cuzk::v1::EvictSrsResponse* response) override;

 private:
  // Waits for job `id` as AwaitProof does (timeout_ms 0: no timeout) and fills `out`.
  grpc::Status await(grpc::ServerContext& context, const std::string& id, std::uint64_t timeout_ms,
                     cuzk::v1::AwaitProofResponse& out);
  double uptime_seconds() const;

  JobTable& table_;
  ProverWorker& worker_;
  const Metrics& metrics_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace cuzk::serve
