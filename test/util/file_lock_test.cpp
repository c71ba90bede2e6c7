#include "util/file_lock.hpp"

#include <doctest/doctest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "host_faults.hpp"
#include "temp_dir.hpp"
#include "util/error.hpp"

namespace fs = std::filesystem;

namespace {

std::string read_text(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Forks a child that takes the lock, says so through a pipe, then runs `then` and exits.
pid_t hold_in_child(const fs::path& lock, void (*then)(const fs::path&), const fs::path& arg) {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    close(fds[0]);
    const cuzk::FileLock held(lock);
    (void)!write(fds[1], "L", 1);
    then(arg);
    _exit(0);
  }
  close(fds[1]);
  char c = 0;
  REQUIRE(read(fds[0], &c, 1) == 1);  // the child holds the lock now
  close(fds[0]);
  return pid;
}

}  // namespace

TEST_CASE("FileLock waits for the process that holds it") {
  const cuzk::test::TempDir scratch("file_lock_wait");
  const fs::path log = scratch / "log";
  const pid_t child = hold_in_child(
      scratch / "set.lock",
      [](const fs::path& log) {
        std::ofstream(log) << "child start ";
        usleep(300'000);
        std::ofstream(log, std::ios::app) << "child end ";
      },
      log);
  {
    const cuzk::FileLock lock(scratch / "set.lock");
    // Only now, after the child let go: its whole critical section is in the log.
    std::ofstream(log, std::ios::app) << "parent";
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  CHECK(read_text(log) == "child start child end parent");
}

TEST_CASE("FileLock: a holder killed with SIGKILL leaves no stale lock") {
  const cuzk::test::TempDir scratch("file_lock_kill");
  const pid_t child = hold_in_child(
      scratch / "set.lock", [](const fs::path&) { pause(); }, scratch.path());
  kill(child, SIGKILL);
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  const cuzk::FileLock lock(scratch / "set.lock");  // returns: the kernel dropped the lock
  CHECK(fs::exists(lock.path()));
}

TEST_CASE("FileLock in a read-only directory fails with the path and the reason") {
  const cuzk::test::TempDir scratch("file_lock_readonly");
  const fs::path dir = cuzk::test::make_read_only_dir(scratch, "cache");
  const fs::path lock = dir / "set.lock";
  CHECK(cuzk::test::run_in_child(
            [&]() -> std::string {
              try {
                const cuzk::FileLock held(lock);
              } catch (const cuzk::Error& e) {
                const std::string want =
                    lock.string() + ": cannot create the lock file: Permission denied";
                return e.what() == want ? "" : std::string("message: ") + e.what();
              }
              return "no error";
            },
            cuzk::test::ChildUser::kUnprivileged) == "");
  CHECK(fs::is_empty(dir));
}
