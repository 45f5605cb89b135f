#include "tools/common/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

namespace tiaoqi::tools {
namespace {

constexpr std::size_t kTranscriptLines = 12;
constexpr int kPollSliceMs = 50;

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

Expected<bool> ChildProcess::start(const std::string& command) {
  kill();
  // A child that dies while we write to it must surface as a failed write,
  // not as a signal that ends the whole runner.
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, nullptr);

  int in_pipe[2], out_pipe[2], err_pipe[2];
  // Close-on-exec keeps other children (started by other threads) from
  // inheriting our pipe ends, which would hide this child's end of file.
  if (::pipe2(in_pipe, O_CLOEXEC) || ::pipe2(out_pipe, O_CLOEXEC) || ::pipe2(err_pipe, O_CLOEXEC))
    return fail(std::string("pipe: ") + std::strerror(errno));
  const pid_t pid = ::fork();
  if (pid < 0) return fail(std::string("fork: ") + std::strerror(errno));
  if (pid == 0) {
    ::setpgid(0, 0);
    ::dup2(in_pipe[0], 0);
    ::dup2(out_pipe[1], 1);
    ::dup2(err_pipe[1], 2);
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::setpgid(pid, pid);
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  pid_ = pid;
  in_fd_ = in_pipe[1];
  out_fd_ = out_pipe[0];
  err_fd_ = err_pipe[0];
  ::fcntl(out_fd_, F_SETFL, O_NONBLOCK);
  ::fcntl(err_fd_, F_SETFL, O_NONBLOCK);
  out_buffer_.clear();
  err_buffer_.clear();
  transcript_.clear();
  return true;
}

bool ChildProcess::exited() {
  if (pid_ <= 0) return true;
  int status = 0;
  const pid_t result = ::waitpid(pid_, &status, WNOHANG);
  if (result == pid_ || (result < 0 && errno == ECHILD)) {
    pid_ = -1;
    return true;
  }
  return false;
}

void ChildProcess::remember(std::string line) {
  if (line.size() > 200) line = line.substr(0, 200) + "...";
  transcript_.push_back(std::move(line));
  while (transcript_.size() > kTranscriptLines) transcript_.pop_front();
}

std::string ChildProcess::transcript_text() const {
  std::string text;
  for (const auto& line : transcript_) text += "    " + line + "\n";
  return text;
}

bool ChildProcess::write_line(std::string_view line) {
  if (in_fd_ < 0) return false;
  remember("> " + std::string(line));
  std::string data(line);
  data += '\n';
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(in_fd_, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// Reads what is available; false at end of file.
bool ChildProcess::drain(int fd, std::string& buffer, bool is_error) {
  char chunk[4096];
  while (true) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n > 0) {
      buffer.append(chunk, static_cast<std::size_t>(n));
      if (is_error) {
        std::size_t newline;
        while ((newline = buffer.find('\n')) != std::string::npos) {
          remember("! " + buffer.substr(0, newline));
          buffer.erase(0, newline + 1);
        }
        // Standard error is only kept for the log, so cap it hard.
        if (buffer.size() > kMaxLine) buffer.clear();
      }
      if (!is_error && buffer.size() > 2 * kMaxLine) return true;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
    return false;
  }
}

ChildProcess::ReadStatus ChildProcess::read_line(std::string& line, Clock::time_point deadline) {
  while (true) {
    const auto newline = out_buffer_.find('\n');
    if (newline != std::string::npos) {
      line = out_buffer_.substr(0, newline);
      out_buffer_.erase(0, newline + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      remember("< " + line);
      if (line.size() > kMaxLine) return ReadStatus::kTooLong;
      return ReadStatus::kLine;
    }
    if (out_buffer_.size() > kMaxLine) {
      remember("< " + out_buffer_.substr(0, 200));
      out_buffer_.clear();
      return ReadStatus::kTooLong;
    }
    if (out_fd_ < 0) return ReadStatus::kClosed;
    if (cancel_ && cancel_->load()) return ReadStatus::kCancelled;
    const auto now = Clock::now();
    if (now >= deadline) return ReadStatus::kTimeout;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count() + 1;
    pollfd fds[2] = {{out_fd_, POLLIN, 0}, {err_fd_, POLLIN, 0}};
    const int count = err_fd_ >= 0 ? 2 : 1;
    const int ready = ::poll(fds, count, static_cast<int>(std::min<long long>(left, kPollSliceMs)));
    if (ready < 0 && errno != EINTR) return ReadStatus::kClosed;
    if (count == 2 && fds[1].revents) {
      if (!drain(err_fd_, err_buffer_, true)) close_fd(err_fd_);
    }
    if (fds[0].revents) {
      if (!drain(out_fd_, out_buffer_, false)) {
        close_fd(out_fd_);
        // A last line without its newline still counts.
        if (!out_buffer_.empty()) out_buffer_ += '\n';
      }
    }
  }
}

void ChildProcess::stop(std::string_view quit_line, std::chrono::milliseconds grace) {
  if (pid_ <= 0) return;
  write_line(quit_line);
  close_fd(in_fd_);
  const auto deadline = Clock::now() + grace;
  while (Clock::now() < deadline) {
    if (exited()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  kill();
}

void ChildProcess::close_pipes() {
  close_fd(in_fd_);
  close_fd(out_fd_);
  close_fd(err_fd_);
}

void ChildProcess::kill() {
  if (pid_ > 0) {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
  }
  close_pipes();
}

}  // namespace tiaoqi::tools
