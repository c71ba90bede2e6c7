#include "cli/interrupt.hpp"

#include "util/error.hpp"

namespace cuzk::cli {

namespace {

// What a signal handler may touch: lock-free atomics.
std::atomic<bool> g_requested{false};
std::atomic<int> g_signal{0};
std::atomic<bool> g_installed{false};

static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

extern "C" void record_signal(int signal) {
  g_signal.store(signal);
  g_requested.store(true);
}

}  // namespace

InterruptHandler::InterruptHandler() {
  if (g_installed.exchange(true)) throw Error("interrupt handlers are already installed");
  g_requested.store(false);
  g_signal.store(0);
  struct sigaction action {};
  action.sa_handler = record_signal;
  sigemptyset(&action.sa_mask);
  // No SA_RESTART: a blocked read returns EINTR. SA_RESETHAND: a second signal acts as if none
  // were handled (it ends the process at once, and an AtomicFile still leaves nothing behind).
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, &previous_int_);
  sigaction(SIGTERM, &action, &previous_term_);
}

InterruptHandler::~InterruptHandler() {
  sigaction(SIGINT, &previous_int_, nullptr);
  sigaction(SIGTERM, &previous_term_, nullptr);
  g_installed.store(false);
}

const std::atomic<bool>& InterruptHandler::requested() const { return g_requested; }

int InterruptHandler::exit_status() const {
  const int signal = g_signal.load();
  return signal == 0 ? 0 : 128 + signal;
}

}  // namespace cuzk::cli
