#include "serve/update_request.hpp"

#include <cstdint>
#include <span>
#include <utility>

#include "pipeline/circuit_kind.hpp"
#include "porep/update/update_input_checks.hpp"

namespace cuzk::serve {

namespace {

namespace pb = cuzk::v1;
namespace pu = porep::update;

using Refusal = Unexpected<std::string>;

std::span<const std::uint8_t> bytes_of(const std::string& field) {
  return {reinterpret_cast<const std::uint8_t*>(field.data()), field.size()};
}

}  // namespace

Expected<pu::UpdateInput, std::string> update_input_from_request(const pb::SubmitProofRequest& r) {
  const std::optional<pu::RegisteredUpdateProof> proof =
      pu::update_proof_from_id(r.registered_proof());
  if (!proof) {
    return Refusal{"registered_proof " + std::to_string(r.registered_proof()) +
                   " is not a registered update proof (0 to " +
                   std::to_string(pu::kRegisteredUpdateProofCount - 1) + ")"};
  }
  const pu::UpdateProofInfo& info = pu::update_proof_info(*proof);
  const std::string name = pipeline::circuit_name(*proof);
  if (r.sector_size() != 0 && r.sector_size() != info.sector_size) {
    return Refusal{"sector_size " + std::to_string(r.sector_size()) + " does not match " + name +
                   "'s " + std::to_string(info.sector_size) + " bytes"};
  }
  const auto& partitions = r.vanilla_proofs();
  if (partitions.empty()) {
    return Refusal{std::string(kVanillaProofsName) +
                   " is empty: a SnapDeals update needs the sector's partition proofs (" +
                   std::to_string(info.partitions) + " for " + name + ")"};
  }
  if (auto problem =
          pu::partition_count_problem(static_cast<std::size_t>(partitions.size()), info)) {
    return Refusal{std::string(kVanillaProofsName) + ": " + *problem};
  }

  pu::UpdateInput input;
  input.proof = *proof;
  struct Commitment {
    const char* name;
    const std::string& bytes;
    porep::Domain& slot;
  };
  for (const Commitment& c : {Commitment{"comm_r_old", r.comm_r_old(), input.comm_r_old},
                              Commitment{"comm_d_new", r.comm_d_new(), input.comm_d_new},
                              Commitment{"comm_r_new", r.comm_r_new(), input.comm_r_new}}) {
    const auto domain = pu::commitment_from_bytes(bytes_of(c.bytes));
    if (!domain) return Refusal{std::string(c.name) + ": " + domain.error()};
    c.slot = *domain;
  }
  input.partitions.reserve(info.partitions);
  for (int k = 0; k < partitions.size(); ++k) {
    auto partition = pu::decode_partition_bytes(bytes_of(partitions[k]), info);
    if (!partition) {
      return Refusal{std::string(kVanillaProofsName) + "[" + std::to_string(k) +
                     "]: " + partition.error()};
    }
    input.partitions.push_back(std::move(partition.value()));
  }
  input.miner_id = r.miner_id();
  input.sector_number = r.sector_number();
  return input;
}

}  // namespace cuzk::serve
