#include "tools/common/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "engine/util/text.hpp"

namespace tiaoqi::tools {
namespace {

constexpr std::size_t kTranscriptLines = 12;
constexpr int kPollSliceMs = 50;

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Pipes whose ends are closed on exec: other children (started by other
// threads) must not inherit them, which would hide this child's end of
// file.
struct Pipes {
  int input[2] = {-1, -1};
  int output[2] = {-1, -1};
  int error[2] = {-1, -1};
  // The child writes errno here when exec fails; end of file means the
  // program runs.
  int exec_error[2] = {-1, -1};

  bool open() {
    return ::pipe2(input, O_CLOEXEC) == 0 && ::pipe2(output, O_CLOEXEC) == 0 &&
           ::pipe2(error, O_CLOEXEC) == 0 && ::pipe2(exec_error, O_CLOEXEC) == 0;
  }
  void close_all() {
    for (int* pair : {input, output, error, exec_error}) {
      close_fd(pair[0]);
      close_fd(pair[1]);
    }
  }
};

int status_code(int status) {
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

Status ChildProcess::start(const std::string& command, const std::string& directory) {
  return launch({"/bin/sh", "-c", command}, false, directory);
}

Status ChildProcess::start_argv(const std::vector<std::string>& argv) {
  return launch(argv, argv.empty() || argv[0].find('/') == std::string::npos);
}

Status ChildProcess::launch(const std::vector<std::string>& argv, bool search_path,
                            const std::string& directory) {
  kill();
  if (argv.empty()) return fail("no program to run");
  // A child that dies while we write to it must surface as a failed write,
  // not as a signal that ends the caller.
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, nullptr);

  // Built before fork: the child may only make async-signal-safe calls.
  std::vector<char*> arguments;
  for (const auto& word : argv) arguments.push_back(const_cast<char*>(word.c_str()));
  arguments.push_back(nullptr);

  Pipes pipes;
  if (!pipes.open()) {
    const int error = errno;
    pipes.close_all();
    return fail(std::string("pipe: ") + std::strerror(error));
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int error = errno;
    pipes.close_all();
    return fail(std::string("fork: ") + std::strerror(error));
  }
  if (pid == 0) {
    ::setpgid(0, 0);
    ::dup2(pipes.input[0], 0);
    ::dup2(pipes.output[1], 1);
    ::dup2(pipes.error[1], 2);
    if (!directory.empty() && ::chdir(directory.c_str()) != 0) {
      // Negative: the directory failed, not the program.
      const int error = -errno;
      [[maybe_unused]] const auto written = ::write(pipes.exec_error[1], &error, sizeof error);
      ::_exit(127);
    }
    if (search_path)
      ::execvp(arguments[0], arguments.data());
    else
      ::execv(arguments[0], arguments.data());
    const int error = errno;
    [[maybe_unused]] const auto written = ::write(pipes.exec_error[1], &error, sizeof error);
    ::_exit(127);
  }
  ::setpgid(pid, pid);
  close_fd(pipes.input[0]);
  close_fd(pipes.output[1]);
  close_fd(pipes.error[1]);
  close_fd(pipes.exec_error[1]);
  int exec_error = 0;
  ssize_t got;
  do {
    got = ::read(pipes.exec_error[0], &exec_error, sizeof exec_error);
  } while (got < 0 && errno == EINTR);
  close_fd(pipes.exec_error[0]);
  pid_ = pid;
  in_fd_ = pipes.input[1];
  out_fd_ = pipes.output[0];
  err_fd_ = pipes.error[0];
  exit_status_.reset();
  out_buffer_.clear();
  err_buffer_.clear();
  transcript_.clear();
  if (got == static_cast<ssize_t>(sizeof exec_error)) {
    kill();
    if (exec_error < 0)
      return fail("cannot enter the working directory " + util::quote_input(directory, 200) + ": " +
                  std::strerror(-exec_error));
    return fail("cannot run " + util::quote_input(argv[0], 200) + ": " + std::strerror(exec_error));
  }
  ::fcntl(out_fd_, F_SETFL, O_NONBLOCK);
  ::fcntl(err_fd_, F_SETFL, O_NONBLOCK);
  return Done{};
}

bool ChildProcess::reap(int options) {
  if (pid_ <= 0) return true;
  int status = 0;
  pid_t result;
  do {
    result = ::waitpid(pid_, &status, options);
  } while (result < 0 && errno == EINTR);
  if (result == pid_) {
    exit_status_ = status_code(status);
    pid_ = -1;
    return true;
  }
  if (result < 0 && errno == ECHILD) {
    pid_ = -1;
    return true;
  }
  return false;
}

bool ChildProcess::exited() { return reap(WNOHANG); }

std::optional<int> ChildProcess::wait_exit(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (!exited()) {
    const auto now = Clock::now();
    if (now >= deadline) return std::nullopt;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now);
    poll_output(static_cast<int>(std::min<long long>(left.count() + 1, kPollSliceMs)));
  }
  // What the child wrote before it ended is still in the pipes.
  take_output();
  take_errors();
  return exit_status_;
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

bool ChildProcess::write(std::string_view bytes) {
  if (in_fd_ < 0) return false;
  while (!bytes.empty()) {
    const ssize_t n = ::write(in_fd_, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

bool ChildProcess::write_line(std::string_view line) {
  if (in_fd_ < 0) return false;
  remember("> " + std::string(line));
  std::string data(line);
  data += '\n';
  return write(data);
}

void ChildProcess::close_input() { close_fd(in_fd_); }

void ChildProcess::close_output() { close_fd(out_fd_); }

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

void ChildProcess::take_output() {
  if (out_fd_ < 0 || drain(out_fd_, out_buffer_, false)) return;
  close_fd(out_fd_);
  // A last line without its newline still counts.
  if (!out_buffer_.empty() && out_buffer_.back() != '\n') out_buffer_ += '\n';
}

void ChildProcess::take_errors() {
  if (err_fd_ >= 0 && !drain(err_fd_, err_buffer_, true)) close_fd(err_fd_);
}

bool ChildProcess::poll_output(int wait_ms) {
  pollfd fds[2];
  int count = 0;
  // Standard output waits while a full buffer of it is unread.
  const bool read_output = out_fd_ >= 0 && out_buffer_.size() <= 2 * kMaxLine;
  if (read_output) fds[count++] = {out_fd_, POLLIN, 0};
  if (err_fd_ >= 0) fds[count++] = {err_fd_, POLLIN, 0};
  // With nothing to read, a short sleep: the caller waits for an exit.
  if (count == 0) wait_ms = std::min(wait_ms, 5);
  const int ready = ::poll(fds, static_cast<nfds_t>(count), wait_ms);
  if (ready < 0) return errno == EINTR;
  for (int i = 0; i < count; ++i) {
    if (!fds[i].revents) continue;
    if (fds[i].fd == err_fd_)
      take_errors();
    else
      take_output();
  }
  return true;
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
    if (!poll_output(static_cast<int>(std::min<long long>(left, kPollSliceMs))))
      return ReadStatus::kClosed;
  }
}

std::optional<std::string> ChildProcess::next_line(std::chrono::milliseconds timeout) {
  std::string line;
  if (read_line(line, Clock::now() + timeout) != ReadStatus::kLine) return std::nullopt;
  return line;
}

void ChildProcess::stop(std::string_view quit_line, std::chrono::milliseconds grace) {
  if (pid_ <= 0) return;
  write_line(quit_line);
  close_input();
  wait_exit(grace);
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
    reap(0);
  }
  close_pipes();
}

}  // namespace tiaoqi::tools
