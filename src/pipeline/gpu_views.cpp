#include "pipeline/gpu_views.hpp"

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

GpuWitness::GpuWitness(const circuit::CompactWitness& witness) : witness_(&witness) {
  wide_index_.reserve(witness.wide.size());
  wide_value_.reserve(witness.wide.size());
  for (const circuit::WideValue& w : witness.wide) {
    wide_index_.push_back(w.aux_index);
    wide_value_.push_back(w.value);
  }
}

kernels::WitnessView GpuWitness::view() const {
  return {witness_->inputs, witness_->bits.words(), wide_index_, wide_value_};
}

}  // namespace cuzk::pipeline
