// libFuzzer target: arbitrary bytes as protocol input lines, through a
// session whose output is thrown away. Finds crashes, hangs and sanitizer
// reports in the command parser and everything it calls.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "protocol/session.hpp"
#include "protocol/uci/dialect.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Small perft and bench depths and searches only, so that no input runs
  // for long.
  tiaoqi::protocol::SessionConfig config;
  config.max_perft_depth = 3;
  config.max_bench_depth = 2;
  config.max_search_nodes = 100;
  tiaoqi::protocol::Session session([](std::string_view) { return true; },
                                    tiaoqi::protocol::uci::make_dialect(), config);
  // A small table: clearing the default 64 MiB under the sanitizers would
  // cost most of every input's time.
  session.handle_line("setoption name Hash value 1");
  std::string_view input(reinterpret_cast<const char*>(data), size);
  while (!input.empty()) {
    const std::size_t end = input.find('\n');
    std::string_view line = input.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!session.handle_line(line)) break;
    if (end == std::string_view::npos) break;
    input.remove_prefix(end + 1);
  }
  session.end_of_input();
  return 0;
}
