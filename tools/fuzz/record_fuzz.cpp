// libFuzzer target: the game record reader. Whatever it accepts must print
// back to text that reads to the same games, and replaying a game must
// answer (legal or not) without crashing.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "tools/common/record.hpp"
#include "tools/common/replay.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto records = tiaoqi::tools::parse_records(text);
  if (!records) return 0;
  std::string printed;
  for (const auto& record : *records) printed += tiaoqi::tools::format_record(record) + "\n";
  const auto again = tiaoqi::tools::parse_records(printed);
  if (!again || *again != *records) std::abort();
  for (const auto& record : *records) {
    const auto standings = tiaoqi::tools::parse_standings(record.result);
    if (standings &&
        tiaoqi::tools::parse_standings(tiaoqi::tools::format_standings(*standings)).ok() == false)
      std::abort();
    (void)tiaoqi::tools::replay_record(record);
  }
  return 0;
}
