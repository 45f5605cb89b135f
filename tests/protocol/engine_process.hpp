#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tiaoqi::testing {

// The real `tiaoqi` binary, started with pipes for its standard input and
// output (standard error is left alone).
class EngineProcess {
 public:
  explicit EngineProcess(const std::vector<std::string>& arguments = {});
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  // Writes raw bytes; false when the engine has closed its input.
  bool write(std::string_view bytes);
  bool send(std::string_view line) { return write(std::string(line) + "\n"); }
  void close_input();
  // The next output line without its newline; nullopt at the end of the
  // output or after the timeout.
  std::optional<std::string> read_line(
      std::chrono::milliseconds timeout = std::chrono::milliseconds(10000));
  // Waits for the process to end; its exit code, or nullopt on timeout.
  std::optional<int> wait(std::chrono::milliseconds timeout = std::chrono::milliseconds(10000));

 private:
  int pid_ = -1;
  int input_ = -1;
  int output_ = -1;
  std::string buffer_;
  bool output_ended_ = false;
  std::optional<int> exit_code_;
};

// Replaces the figures that change from run to run (time, nps) by '*'.
std::string normalise(const std::string& line);

}  // namespace tiaoqi::testing
