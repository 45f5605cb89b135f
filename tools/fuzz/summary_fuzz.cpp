// libFuzzer target: the JSON summary reader of `tiaoqi-match merge`. A
// document that parses must print back to the same value; merging it must
// answer with a summary or an error, and a merged summary must merge again
// to the same results.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "tools/common/json.hpp"
#include "tools/match/merge.hpp"

using tiaoqi::tools::dump_json;
using tiaoqi::tools::parse_json;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto json = parse_json(text);
  if (!json) return 0;
  const auto reread = parse_json(dump_json(*json));
  if (!reread || *reread != *json) std::abort();
  const auto merged = tiaoqi::match::merge_summaries({*json});
  if (!merged) return 0;
  const auto written = parse_json(dump_json(merged->summary));
  if (!written) std::abort();
  const auto again = tiaoqi::match::merge_summaries({*written});
  if (!again || again->games != merged->games ||
      dump_json(again->summary["results"]) != dump_json(merged->summary["results"]))
    std::abort();
  return 0;
}
