// Where a command may not write its output: a directory, or its own input under any name.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "util/output_refusal.hpp"

#include "temp_dir.hpp"

namespace fs = std::filesystem;

TEST_CASE("output_refusal: a new or another file may be written, a directory or the input not") {
  const cuzk::test::TempDir dir("output_refusal_test");
  const fs::path input = dir / "update.json";
  std::ofstream(input) << "{}";
  std::ofstream(dir / "old.proof") << "x";

  CHECK_FALSE(cuzk::output_refusal(dir / "new.proof", input, "update input"));
  CHECK_FALSE(cuzk::output_refusal(dir / "old.proof", input, "update input"));
  CHECK(cuzk::output_refusal(dir.path(), input, "update input") ==
        dir.path().string() + ": is a directory");

  // The input under another name: a hard link, a symbolic link, another spelling.
  fs::create_hard_link(input, dir / "hard.json");
  fs::create_symlink(input, dir / "soft.json");
  for (const fs::path& same : {dir / "hard.json", dir / "soft.json", dir / "." / "update.json"}) {
    INFO(same);
    CHECK(cuzk::output_refusal(same, input, "update input") ==
          same.string() + ": is the update input " + input.string() +
              "; the proof may not replace its input");
  }
}
