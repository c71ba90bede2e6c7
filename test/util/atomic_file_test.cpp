#include "util/atomic_file.hpp"

#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/file.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <vector>

#include "host_faults.hpp"
#include "temp_dir.hpp"
#include "util/error.hpp"
#include "util/unique_fd.hpp"

namespace fs = std::filesystem;

namespace {

std::vector<std::uint8_t> read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("a committed AtomicFile replaces the target whole and leaves no temporary") {
  const cuzk::test::TempDir scratch("atomic_commit");
  const fs::path& dir = scratch.path();
  const fs::path target = dir / "proof.bin";
  { std::ofstream(target) << "old"; }
  const std::vector<std::uint8_t> bytes{1, 2, 3, 4, 5};
  {
    cuzk::AtomicFile out(target);
    out.write(bytes);
    CHECK(read_all(target) == std::vector<std::uint8_t>{'o', 'l', 'd'});  // untouched until commit
    out.commit();
  }
  CHECK(read_all(target) == bytes);
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator{}) == 1);
}

TEST_CASE("an AtomicFile abandoned by an exception leaves neither target nor temporary") {
  const cuzk::test::TempDir scratch("atomic_abandon");
  const fs::path& dir = scratch.path();
  const fs::path target = dir / "proof.bin";
  try {
    cuzk::AtomicFile out(target);
    out.write(std::vector<std::uint8_t>{9, 9});
    throw std::runtime_error("verification failed");
  } catch (const std::runtime_error&) {
  }
  CHECK_FALSE(fs::exists(target));
  CHECK(fs::is_empty(dir));
}

TEST_CASE("an AtomicFile in a missing directory fails with the path in the message") {
  const fs::path target = fs::temp_directory_path() / "cuzk_no_such_dir" / "x" / "proof.bin";
  try {
    cuzk::AtomicFile out(target);
    FAIL("expected an error");
  } catch (const cuzk::Error& e) {
    CHECK(std::string(e.what()).find(target.string()) != std::string::npos);
  }
}

namespace {

using cuzk::AtomicFile;
using cuzk::TemporaryFile;

constexpr TemporaryFile kModes[] = {TemporaryFile::kUnnamedWhereSupported, TemporaryFile::kNamed};

std::string mode_name(TemporaryFile mode) {
  return mode == TemporaryFile::kNamed ? "named temporary" : "O_TMPFILE where supported";
}

std::vector<std::string> listing(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

void write_file(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }

// Pretends a file was last written two minutes ago, as a killed run's temporary would be.
void age(const fs::path& p) {
  fs::last_write_time(p, fs::file_time_type::clock::now() - std::chrono::minutes(2));
}

// Writes `bytes` bytes of `fill` in 64 KiB pieces and commits.
void write_whole(const fs::path& target, TemporaryFile mode, std::size_t bytes, std::uint8_t fill) {
  AtomicFile out(target, mode);
  const std::vector<std::uint8_t> piece(64 << 10, fill);
  for (std::size_t done = 0; done < bytes; done += piece.size()) out.write(piece);
  out.commit();
}

// Absent, or exactly `bytes` bytes all equal to one of `fills`.
bool absent_or_whole(const fs::path& target, std::size_t bytes,
                     std::initializer_list<std::uint8_t> fills) {
  std::ifstream in(target, std::ios::binary);
  if (!in) return true;
  const std::vector<std::uint8_t> got{std::istreambuf_iterator<char>(in),
                                      std::istreambuf_iterator<char>()};
  if (got.size() != bytes) return false;
  return std::any_of(fills.begin(), fills.end(), [&](std::uint8_t f) {
    return std::all_of(got.begin(), got.end(), [&](std::uint8_t b) { return b == f; });
  });
}

}  // namespace

TEST_CASE("disk full: a failed write throws, and leaves the old target and no temporary") {
  for (const TemporaryFile mode : kModes) {
    INFO(mode_name(mode));
    const cuzk::test::TempDir scratch("atomic_full");
    const fs::path target = scratch / "proof.bin";
    write_file(target, "old");
    {
      const cuzk::test::FileSizeLimit limit(1000);  // a write past 1000 bytes fails with EFBIG
      AtomicFile out(target, mode);
      try {
        out.write(std::vector<std::uint8_t>(4096, 7));
        FAIL("expected the write to fail");
      } catch (const cuzk::Error& e) {
        CHECK(std::string(e.what()) == target.string() + ": write failed: File too large");
      }
    }
    CHECK(read_all(target) == std::vector<std::uint8_t>{'o', 'l', 'd'});
    CHECK(listing(scratch.path()) == std::vector<std::string>{"proof.bin"});
  }
}

TEST_CASE("a read-only directory: the AtomicFile is refused at once, nothing is written") {
  for (const TemporaryFile mode : kModes) {
    INFO(mode_name(mode));
    const cuzk::test::TempDir scratch("atomic_readonly");
    const fs::path dir = cuzk::test::make_read_only_dir(scratch, "out");
    const fs::path target = dir / "proof.bin";
    const std::string failure = cuzk::test::run_in_child(
        [&]() -> std::string {
          try {
            AtomicFile out(target, mode);
          } catch (const cuzk::Error& e) {
            const std::string want =
                target.string() + ": cannot create output file: Permission denied";
            return e.what() == want ? "" : std::string("message: ") + e.what();
          }
          return "no error";
        },
        cuzk::test::ChildUser::kUnprivileged);
    CHECK(failure == "");
    CHECK(fs::is_empty(dir));
  }
}

TEST_CASE("stale temporaries: a killed writer's are removed, a live or recent writer's are kept") {
  const cuzk::test::TempDir scratch("atomic_stale");
  const fs::path target = scratch / "proof.bin";
  const fs::path stale = scratch / "proof.bin.tmp.AAAAAA";
  const fs::path held = scratch / "proof.bin.tmp.BBBBBB";
  const fs::path recent = scratch / "proof.bin.tmp.CCCCCC";
  for (const fs::path& p : {stale, held, recent}) write_file(p, "partial");
  write_file(scratch / "proof.bin.tmp.too-long", "not ours");
  write_file(scratch / "other.bin.tmp.DDDDDD", "another target's");
  age(stale);
  age(held);
  age(scratch / "other.bin.tmp.DDDDDD");
  // A live writer: its lock, as AtomicFile takes it, on another open file description.
  const cuzk::UniqueFd holder(::open(held.c_str(), O_RDONLY | O_CLOEXEC));
  REQUIRE(::flock(holder.get(), LOCK_EX | LOCK_NB) == 0);

  AtomicFile out(target);
  out.write(std::vector<std::uint8_t>{1});
  out.commit();
  CHECK(listing(scratch.path()) ==
        std::vector<std::string>{"other.bin.tmp.DDDDDD", "proof.bin", "proof.bin.tmp.BBBBBB",
                                 "proof.bin.tmp.CCCCCC", "proof.bin.tmp.too-long"});
  CHECK(cuzk::is_atomic_file_temporary(target, held));
  CHECK_FALSE(cuzk::is_atomic_file_temporary(target, scratch / "proof.bin.tmp.too-long"));
}

TEST_CASE("SIGKILL at any moment leaves the target absent or whole; the next run cleans up") {
  constexpr std::size_t kBytes = std::size_t{2} << 20;
  for (const TemporaryFile mode : kModes) {
    INFO(mode_name(mode));
    const cuzk::test::TempDir scratch("atomic_kill");
    const fs::path target = scratch / "proof.bin";
    int killed = 0;
    int finished = 0;
    for (unsigned delay_us = 0; delay_us <= 30'000; delay_us += 750) {
      INFO("killed after " << delay_us << " us");
      const bool was_killed =
          cuzk::test::kill_child_after([&] { write_whole(target, mode, kBytes, 0x5a); }, delay_us);
      (was_killed ? killed : finished) += 1;
      CHECK(absent_or_whole(target, kBytes, {0x5a}));
      for (const auto& e : fs::directory_iterator(scratch.path())) {
        if (e.path() != target) CHECK(cuzk::is_atomic_file_temporary(target, e.path()));
      }
    }
    MESSAGE(mode_name(mode) << ": " << killed << " runs killed, " << finished << " finished");
    CHECK(killed > 0);
    // The next run, a minute later: whatever the killed runs left is removed.
    for (const auto& e : fs::directory_iterator(scratch.path())) age(e.path());
    write_whole(target, mode, kBytes, 0x6b);
    CHECK(listing(scratch.path()) == std::vector<std::string>{"proof.bin"});
    CHECK(absent_or_whole(target, kBytes, {0x6b}));
  }
}

TEST_CASE("two processes writing one target: it is always whole, from one of them") {
  constexpr std::size_t kBytes = std::size_t{1} << 20;
  constexpr int kRounds = 25;
  for (const TemporaryFile mode : kModes) {
    INFO(mode_name(mode));
    const cuzk::test::TempDir scratch("atomic_race");
    const fs::path target = scratch / "params";
    cuzk::test::Workers writers(2, [&](int w) {
      for (int r = 0; r < kRounds; ++r) {
        write_whole(target, mode, kBytes, static_cast<std::uint8_t>(0xa0 + w));
      }
    });
    // Read while they write: never a mixture, never a partial file.
    int reads = 0;
    bool whole = true;
    while (writers.running()) {
      whole = whole && absent_or_whole(target, kBytes, {0xa0, 0xa1});
      ++reads;
    }
    CHECK(writers.all_succeeded());
    CHECK(whole);
    CHECK(reads > 1);
    CHECK(absent_or_whole(target, kBytes, {0xa0, 0xa1}));
    CHECK(fs::exists(target));
    CHECK(listing(scratch.path()) == std::vector<std::string>{"params"});
  }
}
