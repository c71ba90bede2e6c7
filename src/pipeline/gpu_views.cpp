#include "pipeline/gpu_views.hpp"

#include <algorithm>

namespace cuzk::pipeline {

static_assert(circuit::kInputColumn == kernels::kInputColumnFlag,
              "the recorded shape and the GPU agree on how an input column is marked");

namespace {

kernels::SparseRows rows_view(const circuit::CompactMatrix& m) {
  return {m.row_start, m.column, m.coeff};
}

}  // namespace

kernels::R1csView r1cs_view(const circuit::CompactR1cs& r) {
  kernels::R1csView v;
  v.num_inputs = r.size.num_inputs;
  v.num_aux = r.size.num_aux;
  v.num_constraints = r.size.num_constraints;
  v.a = rows_view(r.a);
  v.b = rows_view(r.b);
  v.c = rows_view(r.c);
  v.coefficients = r.coefficients;
  v.a_aux_density = r.a_aux_density.words();
  v.b_input_density = r.b_input_density.words();
  v.b_aux_density = r.b_aux_density.words();
  return v;
}

kernels::R1csView r1cs_view(const circuit::stacked::PartitionRecording& r) {
  const circuit::stacked::PartitionLayout& layout = r.layout;
  const circuit::CircuitSize size = r.size();
  kernels::R1csView v;
  v.num_inputs = size.num_inputs;
  v.num_aux = size.num_aux;
  v.num_constraints = size.num_constraints;
  v.a = rows_view(r.a);
  v.b = rows_view(r.b);
  v.c = rows_view(r.c);
  v.repeated = kernels::RepeatedBlocks{layout.prefix.num_constraints,
                                       layout.block.num_constraints,
                                       layout.challenges,
                                       static_cast<std::uint32_t>(layout.prefix.num_inputs),
                                       static_cast<std::uint32_t>(layout.prefix.num_aux),
                                       static_cast<std::uint32_t>(layout.block.num_inputs),
                                       static_cast<std::uint32_t>(layout.block.num_aux)};
  v.coefficients = r.coefficients;
  v.a_aux_density = r.a_aux_density.words();
  v.b_input_density = r.b_input_density.words();
  v.b_aux_density = r.b_aux_density.words();
  return v;
}

kernels::R1csView r1cs_view(const RecordedR1cs& recording) {
  return std::visit([](const auto& r) { return r1cs_view(r); }, recording);
}

void GpuWitness::assign(const circuit::CompactWitness& witness) {
  const std::span<const std::uint64_t> bits = witness.bits.words();
  inputs_.resize(witness.inputs.size());
  bits_.resize(bits.size());
  wide_index_.resize(witness.wide.size());
  wide_value_.resize(witness.wide.size());
  std::ranges::copy(witness.inputs, inputs_.data());
  std::ranges::copy(bits, bits_.data());
  for (std::size_t i = 0; i < witness.wide.size(); ++i) {
    wide_index_.data()[i] = witness.wide[i].aux_index;
    wide_value_.data()[i] = witness.wide[i].value;
  }
}

kernels::WitnessView GpuWitness::view() const {
  return {inputs_.span(), bits_.span(), wide_index_.span(), wide_value_.span()};
}

}  // namespace cuzk::pipeline
