// Host faults for tests, without root and without filling a real disk:
// - FileSizeLimit: RLIMIT_FSIZE with SIGXFSZ ignored, so a write past the limit fails with EFBIG
//   as it would with ENOSPC on a full disk.
// - run_in_child: runs a check in a forked child, optionally as an unprivileged user (root
//   ignores directory permissions, so a read-only directory needs another user), or to be killed.
// - Workers: processes that run concurrently, to race each other.
#pragma once

#include <doctest/doctest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "temp_dir.hpp"

namespace cuzk::test {

class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    REQUIRE(getrlimit(RLIMIT_FSIZE, &saved_) == 0);
    saved_handler_ = signal(SIGXFSZ, SIG_IGN);
    rlimit limit = saved_;
    limit.rlim_cur = bytes;
    REQUIRE(setrlimit(RLIMIT_FSIZE, &limit) == 0);
  }
  ~FileSizeLimit() {
    setrlimit(RLIMIT_FSIZE, &saved_);
    signal(SIGXFSZ, saved_handler_);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  rlimit saved_{};
  sighandler_t saved_handler_ = SIG_DFL;
};

enum class ChildUser { kSame, kUnprivileged };

// The uid/gid of "nobody" on Debian and most Linux systems.
inline constexpr uid_t kNobody = 65534;

// Runs `check` in a forked child and returns what it returned: an empty string when all was as
// expected, else what went wrong. With kUnprivileged a root parent's child runs as nobody. The
// child must not start OpenMP work (libgomp does not survive fork) and ends with _exit.
inline std::string run_in_child(const std::function<std::string()>& check,
                                ChildUser user = ChildUser::kSame) {
  int pipe_fds[2];
  REQUIRE(pipe(pipe_fds) == 0);
  std::fflush(nullptr);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    close(pipe_fds[0]);
    std::string result;
    if (user == ChildUser::kUnprivileged && geteuid() == 0 &&
        (setgid(kNobody) != 0 || setuid(kNobody) != 0)) {
      result = "cannot become nobody";
    } else {
      try {
        result = check();
      } catch (const std::exception& e) {
        result = std::string("exception: ") + e.what();
      }
    }
    if (result.empty()) result = "ok";
    (void)!write(pipe_fds[1], result.data(), result.size());
    _exit(0);
  }
  close(pipe_fds[1]);
  std::string out;
  char buf[512];
  for (ssize_t n; (n = read(pipe_fds[0], buf, sizeof buf)) > 0;) out.append(buf, n);
  close(pipe_fds[0]);
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  if (!WIFEXITED(status)) return "the child died (status " + std::to_string(status) + ")";
  return out == "ok" ? std::string() : out;
}

// Forks a child that runs `work` and _exits, and SIGKILLs it after `delay_us` microseconds (it
// may be done by then). Returns true if the kill came before the child finished.
inline bool kill_child_after(const std::function<void()>& work, unsigned delay_us) {
  std::fflush(nullptr);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    try {
      work();
    } catch (...) {
      _exit(1);
    }
    _exit(0);
  }
  usleep(delay_us);
  kill(pid, SIGKILL);
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

// A directory `name` in `scratch` that a child run as ChildUser::kUnprivileged can enter but not
// write: the scratch directory 0755, the new one 0555.
inline std::filesystem::path make_read_only_dir(const TempDir& scratch, const std::string& name) {
  const std::filesystem::path dir = scratch / name;
  std::filesystem::create_directories(dir);
  std::filesystem::permissions(scratch.path(), std::filesystem::perms(0755));
  std::filesystem::permissions(dir, std::filesystem::perms(0555));
  return dir;
}

// `count` forked processes, each running work(i) and exiting 0, or 1 if it threw. The work must
// not start OpenMP (libgomp does not survive fork).
class Workers {
 public:
  Workers(int count, const std::function<void(int)>& work) {
    std::fflush(nullptr);
    for (int i = 0; i < count; ++i) {
      const pid_t pid = fork();
      REQUIRE(pid >= 0);
      if (pid == 0) {
        try {
          work(i);
        } catch (...) {
          _exit(1);
        }
        _exit(0);
      }
      running_.push_back(pid);
    }
  }
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;
  ~Workers() { (void)all_succeeded(); }

  // Whether any is still running (those that ended are reaped and their status kept).
  bool running() {
    std::vector<pid_t> still;
    for (const pid_t pid : running_) {
      int status = 0;
      if (waitpid(pid, &status, WNOHANG) == pid) {
        record(status);
      } else {
        still.push_back(pid);
      }
    }
    running_ = still;
    return !running_.empty();
  }

  // Waits for the rest; true when every one exited with status 0.
  bool all_succeeded() {
    for (const pid_t pid : running_) {
      int status = 0;
      if (waitpid(pid, &status, 0) == pid) record(status);
    }
    running_.clear();
    return failures_ == 0;
  }

 private:
  void record(int status) {
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) ++failures_;
  }

  std::vector<pid_t> running_;
  int failures_ = 0;
};

}  // namespace cuzk::test
