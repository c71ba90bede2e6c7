#include <cstdio>
#include <exception>

#include "cli/cli.hpp"

int main(int argc, char** argv) try {
  return cuzk::cli::run(argc, argv);
} catch (const std::exception& e) {
  std::fprintf(stderr, "cuzk: %s\n", e.what());
  return cuzk::cli::kExitFailure;
}
