// The GPU path of the prover (recorded shape x compact witness -> PartitionProver) against the CPU
// path (ProvingCS -> CpuBackend) on the same StackedDRG partition and the same parameters: the
// evaluations a, b, c, the quotient's coefficients and every query sum are equal (also when the
// GPU copies the challenge blocks of a recording itself); the proof
// assembled from the GPU's sums verifies; streamed parameters give the same sums as resident ones;
// partitions whose ones are summed as a batch, and two partitions in flight, give the sums each
// gives alone; a witness with one flipped bit is refused.
#include <doctest/doctest.h>

#ifdef CUZK_HAVE_CUDA

#include <random>
#include <string>
#include <vector>

#include "circuit/proving_cs.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "circuit/stacked/synthesize_witness.hpp"
#include "circuit/stacked_test_witness.hpp"
#include "gpu_test_support.hpp"
#include "kernels/curve/point_conversion.hpp"
#include "kernels/groth16/parameter_bases.hpp"
#include "kernels/groth16/partition_prover.hpp"
#include "pipeline/gpu_views.hpp"
#include "pipeline/params_reader.hpp"
#include "prover/cpu_backend.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/prover.hpp"
#include "prover/setup/test_setup.hpp"
#include "prover/verifier.hpp"
#include "temp_dir.hpp"

namespace cuzk::kernels::test {
namespace {

namespace stacked = circuit::stacked;

// rust-fil-proofs' small test shape: 8 nodes, 2 layers, 1 challenge, tree 8-0-0 (1.2 M rows).
const stacked::CircuitShape kShape{8, 2, 1, {8, 0, 0}};
// The same with two challenges, so that a block is repeated (2.4 M rows).
const stacked::CircuitShape kTwoChallenges{8, 2, 2, {8, 0, 0}};

struct Fixture {
  explicit Fixture(const stacked::CircuitShape& circuit_shape = kShape)
      : sector(circuit_shape, /*rng_seed=*/3),
        circuit(sector.circuit(0)),
        recording(stacked::record_partition_blocks(circuit_shape)),
        shape(stacked::expand(recording)) {
    std::mt19937_64 rng(11);
    // Keygen from the same recording the GPU evaluates; the CPU prover below synthesizes with
    // ProvingCS and checks the parameters' lengths against its own densities.
    const prover::Parameters params =
        prover::generate_parameters(shape, prover::ToxicWaste::random(rng));
    prover::write_parameters_file(params_path, params);
  }

  cuzk::test::NativeSector sector;
  stacked::StackedCircuit circuit;
  stacked::PartitionRecording recording;
  const stacked::PartitionLayout& layout = recording.layout;
  circuit::CompactR1cs shape;  // the recording's blocks copied on the host
  cuzk::test::TempDir dir{"gpu_partition"};
  std::filesystem::path params_path = dir.path() / "test.params";
};

circuit::CompactWitness witness_of(const Fixture& f) {
  return stacked::synthesize_witnesses(std::span(&f.circuit, 1), f.layout).at(0);
}

// Proves the fixture's partition on the GPU from `view` (its shape) and checks every stage against
// the CPU prover, then the proof.
void check_against_cpu(const Fixture& f, const R1csView& view) {
  const prover::MappedParameters params(f.params_path, bls12_381::SubgroupCheck::kNo);
  const circuit::ProvingCS p = prover::synthesize_for_proving(
      [&](circuit::ProvingCS& cs) { stacked::synthesize(cs, f.circuit); });
  const CpuPartition cpu = prove_on_cpu(params, p);
  const circuit::CompactWitness witness = witness_of(f);
  const GpuPartition gpu = prove_on_gpu(params, view, witness);
  check_gpu_equals_cpu(p, cpu, gpu, witness);

  // A proof from the GPU's sums verifies against the key.
  const prover::PreparedVerifyingKey pvk(params.vk());
  const std::vector<Fr> public_inputs(witness.inputs.begin() + 1, witness.inputs.end());
  CHECK(prover::verify_proof(pvk, proof_from(params.vk(), gpu.sums), public_inputs));
}

TEST_CASE("GPU partition prover: the CPU prover's a, b, c, h and sums; the proof verifies" *
          doctest::skip(no_gpu())) {
  const Fixture f;
  check_against_cpu(f, pipeline::r1cs_view(f.shape));
}

TEST_CASE("GPU partition prover: challenge blocks copied on the GPU give the CPU's results" *
          doctest::skip(no_gpu())) {
  const Fixture f(kTwoChallenges);
  REQUIRE(f.layout.challenges == 2);
  const R1csView view = pipeline::r1cs_view(f.recording);
  REQUIRE(view.repeated.has_value());
  // Only the prefix and one block go up: fewer rows than the whole partition's.
  CHECK(view.a.row_start.size() - 1 < f.shape.size.num_constraints * 3 / 4);
  CHECK(DeviceR1cs::bytes(view) == DeviceR1cs::bytes(pipeline::r1cs_view(f.shape)));
  check_against_cpu(f, view);
}

void check_same_sums(const PartitionSums& sums, const PartitionSums& expected) {
  CHECK(sums.h == expected.h);
  CHECK(sums.l == expected.l);
  CHECK(sums.a == expected.a);
  CHECK(sums.b_g1 == expected.b_g1);
  CHECK(sums.b_g2 == expected.b_g2);
}

TEST_CASE(
    "GPU partition prover: streamed parameters, parameters uploaded in the background, and the "
    "quotient in three vectors give the resident sums" *
    doctest::skip(no_gpu())) {
  const Fixture f;
  const prover::MappedParameters params(f.params_path, bls12_381::SubgroupCheck::kNo);
  const circuit::CompactWitness witness = witness_of(f);
  const pipeline::GpuWitness upload(kTestGpu, witness);
  const pipeline::ParamsFileReader reader(params);
  const DeviceR1cs device_shape(kTestGpu, pipeline::r1cs_view(f.shape));
  PartitionProver gpu(device_shape);
  const PartitionSums expected = [&] {
    ParameterBases resident = ParameterBases::resident(kTestGpu, reader.queries());
    return gpu.prove(resident, upload.view());
  }();

  SUBCASE("streamed") {
    const std::size_t inputs = f.shape.size.num_inputs;
    const std::size_t b_inputs = f.shape.b_input_density.count();
    // 4096-point slices: hundreds of slices per query, first slices holding the inputs.
    ParameterBases streamed = ParameterBases::streamed(kTestGpu, reader.queries(),
                                                       {0, 0, inputs, b_inputs, b_inputs}, 4096);
    CHECK(streamed.slice_count(Query::kL) > 100);
    check_same_sums(gpu.prove(streamed, upload.view()), expected);
  }
  SUBCASE("partly resident") {
    // H and B_G2 whole on the device, the others streamed: the queries run beside H on their own
    // stream, uploading their slices there.
    const std::size_t inputs = f.shape.size.num_inputs;
    const std::size_t b_inputs = f.shape.b_input_density.count();
    ParameterBases partly =
        ParameterBases::streamed(kTestGpu, reader.queries(), {0, 0, inputs, b_inputs, b_inputs},
                                 4096, {true, false, false, false, true});
    CHECK_FALSE(partly.is_resident());
    CHECK(partly.is_resident(Query::kH));
    CHECK(partly.slice_count(Query::kH) == 1);
    CHECK(partly.slice_count(Query::kL) > 100);
    check_same_sums(gpu.prove(partly, upload.view()), expected);
  }
  SUBCASE("uploaded in the background") {
    int calls = 0;  // written on the upload's thread before wait_resident() can return
    double seconds = 0;
    ParameterBases background =
        ParameterBases::resident_in_background(kTestGpu, reader.queries(), [&](double s) {
          seconds = s;
          ++calls;
        });
    // Proved at once: each query is waited for where the prover first takes it.
    const PartitionSums sums = gpu.prove(background, upload.view());
    background.wait_resident();
    CHECK(calls == 1);
    CHECK(seconds > 0);
    CHECK(seconds * 1000 == doctest::Approx(background.upload_ms()));
    check_same_sums(sums, expected);
  }
  SUBCASE("the quotient in three vectors, resident and streamed") {
    // c is dropped after the check and evaluated again: the same h, so the same H sum.
    PartitionProver three(device_shape, QuotientVectors::kThree);
    ParameterBases resident = ParameterBases::resident(kTestGpu, reader.queries());
    PartitionIntermediates mid;
    check_same_sums(three.prove(resident, upload.view(), nullptr, &mid), expected);
    PartitionIntermediates four_mid;
    (void)gpu.prove(resident, upload.view(), nullptr, &four_mid);
    CHECK(mid.c == four_mid.c);
    CHECK(mid.h == four_mid.h);
    const std::size_t inputs = f.shape.size.num_inputs;
    const std::size_t b_inputs = f.shape.b_input_density.count();
    ParameterBases streamed = ParameterBases::streamed(kTestGpu, reader.queries(),
                                                       {0, 0, inputs, b_inputs, b_inputs}, 4096);
    check_same_sums(three.prove(streamed, upload.view()), expected);
  }
}

TEST_CASE(
    "GPU partition prover: the ones summed for a batch of partitions give each partition's sums" *
    doctest::skip(no_gpu())) {
  const Fixture f;
  const prover::MappedParameters params(f.params_path, bls12_381::SubgroupCheck::kNo);
  // Three partitions of the sector: other challenges, the same shape.
  const std::vector<stacked::StackedCircuit> circuits = {f.sector.circuit(0), f.sector.circuit(1),
                                                         f.sector.circuit(2)};
  const std::vector<circuit::CompactWitness> witnesses =
      stacked::synthesize_witnesses(circuits, f.layout);
  std::vector<pipeline::GpuWitness> uploads;
  std::vector<std::span<const std::uint64_t>> bits;
  for (const circuit::CompactWitness& w : witnesses) {
    uploads.emplace_back(kTestGpu, w);
    bits.push_back(w.bits.words());
  }
  const pipeline::ParamsFileReader reader(params);
  const DeviceR1cs device_shape(kTestGpu, pipeline::r1cs_view(f.shape));
  PartitionProver gpu(device_shape);
  ParameterBases resident = ParameterBases::resident(kTestGpu, reader.queries());
  std::vector<PartitionSums> expected;
  for (const pipeline::GpuWitness& u : uploads) expected.push_back(gpu.prove(resident, u.view()));
  // The partitions' ones differ, so a sum taken from the wrong slot would show.
  REQUIRE(expected[0].l != expected[1].l);
  REQUIRE(expected[1].b_g2 != expected[2].b_g2);

  SUBCASE("resident") {
    gpu.begin_batch(bits);
    PartitionGpuTimings first;
    // The first partition proved sums the whole batch's ones; the order of the others is free.
    check_same_sums(gpu.prove(resident, uploads[1].view(), &first, nullptr, 1), expected[1]);
    CHECK(first.ones_batch_ms > 0);
    check_same_sums(gpu.prove(resident, uploads[0].view(), nullptr, nullptr, 0), expected[0]);
    check_same_sums(gpu.prove(resident, uploads[2].view(), nullptr, nullptr, 2), expected[2]);
    // A partition outside the batch is refused; one proved alone still gets its own sums.
    CHECK_THROWS_WITH(gpu.prove(resident, uploads[2].view(), nullptr, nullptr, 3),
                      doctest::Contains("partition 3 of a batch of 3"));
    check_same_sums(gpu.prove(resident, uploads[2].view()), expected[2]);
  }
  SUBCASE("two partitions in flight") {
    gpu.begin_batch(bits);
    gpu.submit(resident, uploads[0].view(), nullptr, nullptr, 0);
    gpu.submit(resident, uploads[1].view(), nullptr, nullptr, 1);
    CHECK(gpu.in_flight() == 2);
    CHECK_THROWS_WITH(gpu.submit(resident, uploads[2].view(), nullptr, nullptr, 2),
                      doctest::Contains("two partitions are in flight"));
    CHECK_THROWS_WITH(gpu.begin_batch(bits), doctest::Contains("in flight"));
    check_same_sums(gpu.collect(), expected[0]);
    gpu.submit(resident, uploads[2].view(), nullptr, nullptr, 2);
    check_same_sums(gpu.collect(), expected[1]);
    check_same_sums(gpu.collect(), expected[2]);
    CHECK(gpu.in_flight() == 0);
    CHECK_THROWS_WITH(gpu.collect(), doctest::Contains("no partition in flight"));
  }
  SUBCASE("streamed") {
    const std::size_t inputs = f.shape.size.num_inputs;
    const std::size_t b_inputs = f.shape.b_input_density.count();
    ParameterBases streamed = ParameterBases::streamed(kTestGpu, reader.queries(),
                                                       {0, 0, inputs, b_inputs, b_inputs}, 4096);
    gpu.begin_batch(std::span(bits).first(2));
    check_same_sums(gpu.prove(streamed, uploads[0].view(), nullptr, nullptr, 0), expected[0]);
    check_same_sums(gpu.prove(streamed, uploads[1].view(), nullptr, nullptr, 1), expected[1]);
  }
  SUBCASE("partly resident, three vectors, two partitions in flight") {
    const std::size_t inputs = f.shape.size.num_inputs;
    const std::size_t b_inputs = f.shape.b_input_density.count();
    ParameterBases partly =
        ParameterBases::streamed(kTestGpu, reader.queries(), {0, 0, inputs, b_inputs, b_inputs},
                                 4096, {true, false, true, false, false});
    PartitionProver three(device_shape, QuotientVectors::kThree);
    three.begin_batch(bits);
    three.submit(partly, uploads[0].view(), nullptr, nullptr, 0);
    three.submit(partly, uploads[1].view(), nullptr, nullptr, 1);
    check_same_sums(three.collect(), expected[0]);
    three.submit(partly, uploads[2].view(), nullptr, nullptr, 2);
    check_same_sums(three.collect(), expected[1]);
    check_same_sums(three.collect(), expected[2]);
  }
  SUBCASE("a bitmap that does not fit the shape is refused") {
    std::vector<std::span<const std::uint64_t>> wrong = bits;
    wrong[1] = wrong[1].first(wrong[1].size() - 1);
    CHECK_THROWS_WITH(gpu.begin_batch(wrong), doctest::Contains("bit words"));
    const std::vector<std::span<const std::uint64_t>> too_many(PartitionProver::max_batch() + 1,
                                                               bits[0]);
    CHECK_THROWS_WITH(gpu.begin_batch(too_many), doctest::Contains("partitions (1 to"));
  }
}

TEST_CASE("GPU partition prover: a witness that does not satisfy the circuit is refused" *
          doctest::skip(no_gpu())) {
  const Fixture f;
  const prover::MappedParameters params(f.params_path, bls12_381::SubgroupCheck::kNo);
  circuit::CompactWitness witness = witness_of(f);
  // Flip one bit (a SHA-256 wire) in the middle of the witness.
  std::size_t j = witness.num_aux / 2;
  while (!witness.aux(j).is_zero() && !witness.aux(j).is_one()) ++j;
  witness.bits.mutable_words()[j / 64] ^= std::uint64_t{1} << (j % 64);
  const pipeline::GpuWitness upload(kTestGpu, witness);
  const pipeline::ParamsFileReader reader(params);
  ParameterBases bases = ParameterBases::resident(kTestGpu, reader.queries());
  const DeviceR1cs device_shape(kTestGpu, pipeline::r1cs_view(f.shape));
  PartitionProver gpu(device_shape);
  CHECK_THROWS_WITH(gpu.prove(bases, upload.view()),
                    doctest::Contains("the witness does not satisfy constraint"));
}

}  // namespace
}  // namespace cuzk::kernels::test

#endif  // CUZK_HAVE_CUDA
