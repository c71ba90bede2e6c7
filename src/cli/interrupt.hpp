// SIGINT and SIGTERM during a long run (`cuzk prove --jobs`): the handler only records the signal;
// the work polls the flag between jobs, phases and partitions and unwinds normally, so every
// destructor runs (an AtomicFile removes its temporary) and no partial output is left.
#pragma once

#include <atomic>
#include <csignal>

namespace cuzk::cli {

// Installs the handlers for its lifetime (one at a time) and restores the previous ones after.
// Blocking reads are not restarted after a signal (no SA_RESTART), so a wait for input ends too.
// Only the first signal is caught: a second one ends the process the default way.
class InterruptHandler {
 public:
  InterruptHandler();
  ~InterruptHandler();
  InterruptHandler(const InterruptHandler&) = delete;
  InterruptHandler& operator=(const InterruptHandler&) = delete;

  // True once SIGINT or SIGTERM has arrived.
  const std::atomic<bool>& requested() const;
  // The exit status that reports the signal (128 + its number: 130 for SIGINT), 0 if none came.
  int exit_status() const;

 private:
  struct sigaction previous_int_ {};
  struct sigaction previous_term_ {};
};

}  // namespace cuzk::cli
