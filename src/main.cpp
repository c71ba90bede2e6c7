#include "cli/cli.hpp"

// cli::run reports every failure itself (one line on stderr and an exit code).
int main(int argc, char** argv) { return cuzk::cli::run(argc, argv); }
