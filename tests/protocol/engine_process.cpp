#include "tests/protocol/engine_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <stdexcept>
#include <thread>

#ifndef TIAOQI_BINARY
#error "TIAOQI_BINARY must name the tiaoqi executable"
#endif

namespace tiaoqi::testing {

EngineProcess::EngineProcess(const std::vector<std::string>& arguments) {
  // A closed pipe must not kill the test.
  signal(SIGPIPE, SIG_IGN);
  int to_child[2], from_child[2];
  if (pipe(to_child) != 0 || pipe(from_child) != 0) throw std::runtime_error("pipe failed");
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    dup2(to_child[0], STDIN_FILENO);
    dup2(from_child[1], STDOUT_FILENO);
    close(to_child[0]);
    close(to_child[1]);
    close(from_child[0]);
    close(from_child[1]);
    std::vector<std::string> argv_storage{TIAOQI_BINARY};
    argv_storage.insert(argv_storage.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (std::string& argument : argv_storage) argv.push_back(argument.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(to_child[0]);
  close(from_child[1]);
  input_ = to_child[1];
  output_ = from_child[0];
}

EngineProcess::~EngineProcess() {
  close_input();
  if (pid_ > 0 && !exit_code_) {
    if (!wait(std::chrono::milliseconds(3000))) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  if (output_ >= 0) close(output_);
}

bool EngineProcess::write(std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(input_, bytes.data(), bytes.size());
    if (written <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

void EngineProcess::close_input() {
  if (input_ >= 0) close(input_);
  input_ = -1;
}

std::optional<std::string> EngineProcess::read_line(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const std::size_t newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      return line;
    }
    if (output_ended_) return std::nullopt;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd descriptor{output_, POLLIN, 0};
    if (poll(&descriptor, 1, static_cast<int>(left.count())) <= 0) continue;
    char chunk[65536];
    const ssize_t got = read(output_, chunk, sizeof chunk);
    if (got <= 0) {
      output_ended_ = true;
      continue;
    }
    buffer_.append(chunk, static_cast<std::size_t>(got));
  }
}

std::optional<int> EngineProcess::wait(std::chrono::milliseconds timeout) {
  if (exit_code_) return exit_code_;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      return exit_code_;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return std::nullopt;
}

std::string normalise(const std::string& line) {
  for (const char* prefix : {"Nodes/second: ", "Total time (ms): "})
    if (line.rfind(prefix, 0) == 0) return prefix + std::string("*");
  // "time 12" and "nps 3400" inside info lines.
  std::string out;
  std::size_t i = 0;
  while (i < line.size()) {
    bool replaced = false;
    for (const std::string word : {"time ", "nps "}) {
      const bool at_word_start = i == 0 || line[i - 1] == ' ';
      if (!at_word_start || line.compare(i, word.size(), word) != 0) continue;
      std::size_t end = i + word.size();
      while (end < line.size() && line[end] >= '0' && line[end] <= '9') ++end;
      if (end == i + word.size()) continue;
      out += word + "*";
      i = end;
      replaced = true;
      break;
    }
    if (!replaced) out += line[i++];
  }
  return out;
}

}  // namespace tiaoqi::testing
