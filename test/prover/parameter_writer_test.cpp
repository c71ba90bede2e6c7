// The streamed setup (scalars, a PointEncoder, files written vector by vector) writes exactly the
// bytes of the in-memory CPU setup's encode_parameters, for the same toxic waste; the file sizes
// are those parameter_file_sizes predicts; an encoder that gets a point wrong or drops one fails
// the setup with the vector named and leaves no file behind.
#include <doctest/doctest.h>

#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "groth16_circuits.hpp"
#include "prover/params/mapped_file.hpp"
#include "prover/setup/parameter_writer.hpp"
#include "prover/setup/point_encoder.hpp"
#include "prover/setup/setup_scalars.hpp"
#include "prover/setup/test_setup.hpp"
#include "temp_dir.hpp"
#include "util/error.hpp"

namespace {

namespace fs = std::filesystem;
using cuzk::test::TempDir;
using namespace cuzk::prover;

ToxicWaste waste(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  return ToxicWaste::random(rng);
}

// p.params and p.vk in `dir` from the streamed writer, counting the bytes it says it wrote.
VerifyingKey write_files(const SetupScalars& scalars, const SetupBases& bases,
                         PointEncoder& encoder, const fs::path& dir, std::size_t* observed) {
  cuzk::AtomicFile params(dir / "p.params");
  const WrittenSetup written =
      write_setup_params(scalars, bases, encoder, params, [&](std::span<const std::uint8_t> b) {
        if (observed != nullptr) *observed += b.size();
      });
  params.commit();
  cuzk::AtomicFile vk(dir / "p.vk");
  vk.write(written.vk_bytes);
  vk.commit();
  return written.vk;
}

std::vector<std::uint8_t> file_bytes(const fs::path& p) {
  const MappedFile file(p);
  return {file.bytes().begin(), file.bytes().end()};
}

std::vector<std::uint8_t> vk_bytes(const VerifyingKey& vk) {
  std::vector<std::uint8_t> out;
  append_encoding(vk, out);
  return out;
}

// Forwards to another encoder, then spoils what it hands over: point `index` of the `call`-th
// G1 vector gets a flipped byte, or the last chunk of that vector is dropped.
class FaultyEncoder final : public PointEncoder {
 public:
  enum class Fault { kFlipByte, kDropLastChunk };
  FaultyEncoder(PointEncoder& inner, int call, std::size_t index, Fault fault)
      : inner_(inner), call_(call), index_(index), fault_(fault) {}

  void encode_g1(std::span<const Fr> scalars, const Sink& sink) override {
    const bool spoil = calls_++ == call_;
    std::size_t seen = 0;
    inner_.encode_g1(scalars, [&](std::span<const std::uint8_t> bytes) {
      const std::size_t points = bytes.size() / 96;
      std::vector<std::uint8_t> copy(bytes.begin(), bytes.end());
      const bool last = seen + points == scalars.size();
      if (spoil && fault_ == Fault::kFlipByte && index_ >= seen && index_ < seen + points) {
        copy[(index_ - seen) * 96 + 50] ^= 1;
      }
      seen += points;
      if (!(spoil && fault_ == Fault::kDropLastChunk && last)) sink(copy);
    });
  }
  void encode_g2(std::span<const Fr> scalars, const Sink& sink) override {
    inner_.encode_g2(scalars, sink);
  }

 private:
  PointEncoder& inner_;
  int call_;
  std::size_t index_;
  Fault fault_;
  int calls_ = 0;
};

bool empty_directory(const fs::path& dir) { return fs::is_empty(dir); }

}  // namespace

TEST_CASE("streamed setup files equal the in-memory CPU setup's encoding") {
  cuzk::test::RandomCircuit random;
  random.inputs = 4;
  random.constraints = 3000;  // + 5 input rows -> m = 4096
  const std::vector<cuzk::circuit::CompactR1cs> circuits = {
      record_circuit(cuzk::test::CubicCircuit{}), record_circuit(random)};
  for (std::size_t k = 0; k < circuits.size(); ++k) {
    INFO("circuit " << k);
    const auto& r = circuits[k];
    const ToxicWaste w = waste(40 + k);
    const Parameters expected = generate_parameters(r, w);

    const TempDir dir("parameter_writer");
    const SetupScalars scalars = setup_scalars(r, w, SetupDevice::kCpu);
    const SetupBases bases = setup_bases(w);
    const auto encoder = make_point_encoder(bases, SetupDevice::kCpu);
    std::size_t observed = 0;
    const VerifyingKey vk = write_files(scalars, bases, *encoder, dir.path(), &observed);
    CHECK(observed == fs::file_size(dir / "p.params"));

    CHECK(vk == expected.vk);
    CHECK(file_bytes(dir / "p.params") == encode_parameters(expected));
    CHECK(file_bytes(dir / "p.vk") == vk_bytes(expected.vk));
    const VectorLengths lengths = setup_lengths(scalars);
    CHECK(lengths == InMemoryParameters(expected).lengths());
    CHECK(lengths == lengths_for_circuit(r));
    const ParameterFileSizes sizes = parameter_file_sizes(lengths);
    CHECK(sizes.params == fs::file_size(dir / "p.params"));
    CHECK(sizes.vk == fs::file_size(dir / "p.vk"));
  }
}

TEST_CASE("parameter_file_sizes: the cubic circuit's layout") {
  // vk 864 + 4 + 2 * 96; h 7, l 3, a 5, b_g1 2 (96 bytes each), b_g2 2 (192 each), five lengths.
  const ParameterFileSizes sizes = parameter_file_sizes({2, 7, 3, 5, 2, 2});
  CHECK(sizes.vk == 1060);
  CHECK(sizes.params == 1060 + 20 + 96 * 17 + 192 * 2);
}

TEST_CASE("a wrong or missing point from the encoder fails the setup and leaves no file") {
  cuzk::test::RandomCircuit random;
  random.constraints = 200;
  const auto r = record_circuit(random);
  const ToxicWaste w = waste(50);
  const SetupScalars scalars = setup_scalars(r, w, SetupDevice::kCpu);
  const SetupBases bases = setup_bases(w);
  const auto cpu = make_point_encoder(bases, SetupDevice::kCpu);
  // G1 calls: vk (alpha, beta, delta), ic, h, l, a, b_g1.
  struct Case {
    int call;
    std::size_t index;
    FaultyEncoder::Fault fault;
    std::string expect;
  };
  const std::vector<Case> cases = {
      {1, 0, FaultyEncoder::Fault::kFlipByte, "ic[0]: the encoded point differs"},
      {0, 2, FaultyEncoder::Fault::kFlipByte, "delta_g1[2]: the encoded point differs"},
      {2, 0, FaultyEncoder::Fault::kFlipByte, "h[0]: the encoded point differs"},
      {3, scalars.l.size() - 1, FaultyEncoder::Fault::kFlipByte,
       "l[" + std::to_string(scalars.l.size() - 1) + "]: the encoded point differs"},
      {4, 0, FaultyEncoder::Fault::kDropLastChunk,
       "a: the encoder handed over 0 of " + std::to_string(scalars.a.size()) + " points"},
  };
  for (const Case& c : cases) {
    INFO(c.expect);
    const TempDir dir("parameter_writer_fault");
    FaultyEncoder encoder(*cpu, c.call, c.index, c.fault);
    try {
      (void)write_files(scalars, bases, encoder, dir.path(), nullptr);
      FAIL("a spoiled point was written");
    } catch (const cuzk::Error& e) {
      CHECK(std::string(e.what()).find(c.expect) != std::string::npos);
    }
    CHECK(empty_directory(dir.path()));
  }
}
