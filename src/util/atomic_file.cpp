#include "util/atomic_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <system_error>
#include <vector>

#include "util/error.hpp"
#include "util/os_random.hpp"

namespace cuzk {
namespace {

namespace fs = std::filesystem;

constexpr const char* kTemporaryInfix = ".tmp.";
constexpr std::size_t kRandomChars = 6;  // as mkstemp's XXXXXX

std::string errno_text() { return std::strerror(errno); }

fs::path directory_of(const fs::path& target) {
  return target.has_parent_path() ? target.parent_path() : fs::path(".");
}

// Takes the writer's lock on a fresh temporary; nobody else can hold it yet.
void lock_temporary(const UniqueFd& fd, const fs::path& target) {
  if (::flock(fd.get(), LOCK_EX | LOCK_NB) != 0) {
    throw Error(target.string() + ": cannot lock the temporary output file: " + errno_text());
  }
}

// Removes what killed writers of `target` left: old temporaries no live process holds locked.
// Best effort: a directory that cannot be read or written fails later, when the new temporary
// is created, with a message that names the cause.
void remove_stale_temporaries(const fs::path& target) {
  std::error_code ec;
  for (fs::directory_iterator it(directory_of(target), ec), end; !ec && it != end;
       it.increment(ec)) {
    const fs::path& candidate = it->path();
    if (!is_atomic_file_temporary(target, candidate)) continue;
    const UniqueFd fd(::open(candidate.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    struct stat opened {};
    struct stat named {};
    if (!fd || ::fstat(fd.get(), &opened) != 0 || !S_ISREG(opened.st_mode)) continue;
    if (::time(nullptr) - opened.st_mtime < kStaleTemporaryAge.count()) continue;
    if (::flock(fd.get(), LOCK_EX | LOCK_NB) != 0) continue;  // a live writer holds it
    // Still the file that was locked (not replaced since it was opened): remove it.
    if (::stat(candidate.c_str(), &named) == 0 && named.st_ino == opened.st_ino &&
        named.st_dev == opened.st_dev) {
      ::unlink(candidate.c_str());
    }
  }
}

// An unnamed file in `dir` (O_TMPFILE), or an empty descriptor where the file system or kernel
// does not support it. Linking it later goes through /proc/self/fd, so that must exist too.
UniqueFd open_unnamed(const fs::path& dir, const fs::path& target) {
  if (::access("/proc/self/fd", X_OK) != 0) return {};
  UniqueFd fd(::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600));
  if (fd) return fd;
  // Kernels before 3.11 read O_TMPFILE as O_DIRECTORY (EISDIR); some file systems refuse it.
  if (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL) return {};
  throw Error(target.string() + ": cannot create output file: " + errno_text());
}

std::string random_suffix() {
  static constexpr char kAlphabet[] =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  std::array<std::uint8_t, kRandomChars> bytes{};
  os_random_bytes(bytes);
  std::string s;
  for (std::uint8_t b : bytes) s += kAlphabet[b % (sizeof kAlphabet - 1)];
  return s;
}

}  // namespace

bool is_atomic_file_temporary(const fs::path& target, const fs::path& candidate) {
  const std::string prefix = target.filename().string() + kTemporaryInfix;
  const std::string name = candidate.filename().string();
  return name.size() == prefix.size() + kRandomChars && name.compare(0, prefix.size(), prefix) == 0;
}

AtomicFile::AtomicFile(fs::path target, TemporaryFile temporary) : target_(std::move(target)) {
  remove_stale_temporaries(target_);
  if (temporary == TemporaryFile::kUnnamedWhereSupported) {
    fd_ = open_unnamed(directory_of(target_), target_);
  }
  if (!fd_) {
    // mkstemp wants a mutable template ending in XXXXXX. Until the lock below, only the
    // file's age keeps another AtomicFile of the target from taking it for stale.
    std::string pattern = target_.string() + kTemporaryInfix + std::string(kRandomChars, 'X');
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    fd_ = UniqueFd(::mkostemp(buffer.data(), O_CLOEXEC));
    if (!fd_) throw Error(target_.string() + ": cannot create output file: " + errno_text());
    temporary_ = buffer.data();
  }
  lock_temporary(fd_, target_);
}

AtomicFile::~AtomicFile() {
  if (fd_ && !temporary_.empty()) ::unlink(temporary_.c_str());
}

void AtomicFile::write(std::span<const std::uint8_t> bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd_.get(), bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw Error(target_.string() + ": write failed: " + errno_text());
    }
    done += static_cast<std::size_t>(n);
  }
}

void AtomicFile::name_temporary() {
  const std::string fd_path = "/proc/self/fd/" + std::to_string(fd_.get());
  for (int attempt = 0; attempt < 100; ++attempt) {
    const fs::path name = target_.string() + kTemporaryInfix + random_suffix();
    if (::linkat(AT_FDCWD, fd_path.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0) {
      temporary_ = name;
      return;
    }
    if (errno != EEXIST) break;
  }
  throw Error(target_.string() + ": cannot name the output file: " + errno_text());
}

void AtomicFile::commit() {
  // The temporary is 0600 (mkstemp, O_TMPFILE); give the result the usual 0644 of an output file.
  // (Reading the umask would need umask() twice, which is process-wide and racy under threads.)
  if (::fchmod(fd_.get(), 0644) != 0 || ::fsync(fd_.get()) != 0) {
    throw Error(target_.string() + ": cannot finish output file: " + errno_text());
  }
  if (temporary_.empty()) name_temporary();
  if (std::rename(temporary_.c_str(), target_.c_str()) != 0) {
    throw Error(target_.string() + ": cannot rename output into place: " + errno_text());
  }
  temporary_.clear();
  // Make the rename itself durable. Best effort: the file is complete either way, and some file
  // systems refuse fsync on a directory.
  if (const UniqueFd dir(::open(directory_of(target_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
      dir) {
    ::fsync(dir.get());
  }
  // The lock goes with the descriptor, only now that no temporary is left to protect.
  fd_.close();
}

}  // namespace cuzk
