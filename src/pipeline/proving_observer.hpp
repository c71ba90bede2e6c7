// How a sector prover tells what it is doing, for progress output: one interface for the CPU and
// the GPU implementation (sector_prover.hpp). Lines for people, in three levels, and the CPU
// prover's phase events (prover/seal/seal_prover.hpp's ProveObserver), which the GPU path does
// not send. The command line implements it (cli/progress.hpp); SilentObserver says nothing.
// Calls never overlap: the provers serialize those made from several threads.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "prover/seal/seal_prover.hpp"

namespace cuzk::pipeline {

class ProvingObserver : public prover::seal::ProveObserver {
 public:
  virtual void log(const std::string& line) const = 0;     // an event worth telling a user
  virtual void warn(const std::string& line) const = 0;    // shown even when quiet
  virtual void detail(const std::string& line) const = 0;  // only when asked for detail
};

class SilentObserver final : public ProvingObserver {
 public:
  void log(const std::string&) const override {}
  void warn(const std::string&) const override {}
  void detail(const std::string&) const override {}
  void phase_started(prover::seal::SealPhase, std::uint32_t, std::uint32_t,
                     std::uint32_t) override {}
  void partition_done(prover::seal::SealPhase, std::uint32_t, std::uint32_t) override {}
};

}  // namespace cuzk::pipeline
