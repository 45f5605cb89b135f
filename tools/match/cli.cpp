#include "tools/match/cli.hpp"

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi::match {
namespace {

// More shards than games make no sense; the bound keeps K and N in an int.
constexpr std::int64_t kMaxShards = 1'000'000;

}  // namespace

SplitArguments split_engine_groups(int argc, const char* const* argv) {
  SplitArguments split;
  std::vector<std::string>* group = nullptr;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "-engine" || word == "--engine") {
      split.engines.emplace_back();
      group = &split.engines.back();
      continue;
    }
    if (word == "-each" || word == "--each") {
      group = &split.each;
      continue;
    }
    if (group && !word.empty() && word[0] != '-') {
      group->push_back(word);
      continue;
    }
    group = nullptr;
    split.rest.push_back(word);
  }
  return split;
}

Expected<EngineSpec> parse_engine_group(const std::vector<std::string>& words,
                                        const std::vector<std::string>& each, int index) {
  EngineSpec spec;
  std::vector<std::string> all = each;
  all.insert(all.end(), words.begin(), words.end());
  for (const auto& word : all) {
    auto pair = util::split_name_value(word);
    if (!pair) return fail("-engine " + std::to_string(index + 1) + ": " + pair.error());
    auto& [name, value] = *pair;
    if (name == "cmd")
      spec.command = value;
    else if (name == "name")
      spec.name = value;
    else if (name == "tc")
      spec.time_control = value;
    else {
      // "option.Hash=16" (cutechess) and "Hash=16" both set an option.
      if (name.rfind("option.", 0) == 0) name = name.substr(7);
      bool replaced = false;
      for (auto& [existing, old_value] : spec.options)
        if (util::iequals(existing, name)) {
          old_value = value;
          replaced = true;
        }
      if (!replaced) spec.options.emplace_back(name, value);
    }
  }
  if (spec.command.empty())
    return fail("-engine " + std::to_string(index + 1) + ": cmd=<command> is missing");
  if (spec.name.empty()) {
    // The program's file name: "./build/tiaoqi --threads 2" is "tiaoqi".
    const auto words = util::tokenize(spec.command);
    const std::string_view program = words.empty() ? std::string_view{} : words[0];
    spec.name = std::string(program.substr(program.find_last_of('/') + 1));
  }
  if (spec.name.empty())
    return fail("-engine " + std::to_string(index + 1) + ": name=<name> is missing and cmd=" +
                util::quote_input(spec.command) + " gives none");
  if (spec.name.find_first_of(";\"") != std::string::npos)
    return fail("engine name " + util::quote_input(spec.name) + " may not contain ';' or '\"'");
  return spec;
}

Expected<std::pair<int, int>> parse_shard(const std::string& text) {
  const auto parts = util::split(text, '/');
  if (parts.size() == 2) {
    const auto k = util::to_integer(parts[0]);
    const auto n = util::to_integer(parts[1]);
    if (k && n && *n >= 1 && *n <= kMaxShards && *k >= 1 && *k <= *n)
      return std::pair{static_cast<int>(*k), static_cast<int>(*n)};
  }
  return fail("--shard: expected K/N with 1 <= K <= N <= " + std::to_string(kMaxShards) + ", got " +
              util::quote_input(text));
}

}  // namespace tiaoqi::match
