// libFuzzer target: the engine configuration file (-engine conf=NAME).
// Whatever it reads must name every engine once, with a command, and each
// engine must be found again through conf= with its settings unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string_view>

#include "tools/match/cli.hpp"
#include "tools/match/engines_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto engines = tiaoqi::match::parse_engines_file(text);
  if (!engines) return 0;
  std::set<std::string> names;
  for (const auto& engine : *engines) {
    if (engine.name.empty() || engine.command.empty() || !names.insert(engine.name).second)
      std::abort();
    const auto found = tiaoqi::match::parse_engine_group({"conf=" + engine.name}, {}, 0, *engines);
    if (!found) continue;  // a name the command line cannot hold (';' or '"')
    if (found->command != engine.command || found->directory != engine.directory ||
        found->time_control != engine.time_control)
      std::abort();
  }
  return 0;
}
