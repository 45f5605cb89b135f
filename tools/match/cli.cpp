#include "tools/match/cli.hpp"

#include <algorithm>
#include <cctype>

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi::match {
namespace {

// More shards than games make no sense; the bound keeps K and N in an int.
constexpr std::int64_t kMaxShards = 1'000'000;

bool is_negative_number(const std::string& word) {
  return word.size() > 1 && word[0] == '-' &&
         (std::isdigit(static_cast<unsigned char>(word[1])) || word[1] == '.');
}

void set_option(EngineSpec& spec, std::string name, const std::string& value) {
  // "option.Hash=16" (cutechess) and "Hash=16" both set an option.
  if (name.rfind("option.", 0) == 0) name = name.substr(7);
  for (auto& [existing, old_value] : spec.options)
    if (util::iequals(existing, name)) {
      old_value = value;
      return;
    }
  spec.options.emplace_back(name, value);
}

}  // namespace

void set_limit(EngineSpec& spec, const std::string& name, const std::string& value) {
  for (auto& [existing, old_value] : spec.limits)
    if (existing == name) {
      old_value = value;
      return;
    }
  spec.limits.emplace_back(name, value);
}

SplitArguments split_engine_groups(int argc, const char* const* argv,
                                   const std::vector<std::string>& value_flags) {
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
    if (i + 1 < argc && is_negative_number(argv[i + 1]) &&
        std::find(value_flags.begin(), value_flags.end(), word) != value_flags.end()) {
      split.rest.push_back(word + "=" + argv[++i]);
      continue;
    }
    split.rest.push_back(word);
  }
  return split;
}

bool uses_engines_file(const SplitArguments& split) {
  const auto has_conf = [](const std::vector<std::string>& words) {
    return std::any_of(words.begin(), words.end(),
                       [](const std::string& word) { return word.rfind("conf=", 0) == 0; });
  };
  return has_conf(split.each) || std::any_of(split.engines.begin(), split.engines.end(), has_conf);
}

Expected<EngineSpec> parse_engine_group(const std::vector<std::string>& words,
                                        const std::vector<std::string>& each, int index,
                                        const std::vector<EngineSpec>& configured) {
  const std::string which = "-engine " + std::to_string(index + 1);
  EngineSpec spec;
  std::vector<std::pair<std::string, std::string>> settings;
  for (const auto* list : {&each, &words})
    for (const auto& word : *list) {
      auto pair = util::split_name_value(word);
      if (!pair) return fail(which + ": " + pair.error());
      if (pair->first != "conf") {
        settings.push_back(*pair);
        continue;
      }
      // The configuration comes first, whatever its place in the group.
      const auto found = std::find_if(configured.begin(), configured.end(),
                                      [&](const EngineSpec& e) { return e.name == pair->second; });
      if (found == configured.end()) {
        std::string known;
        for (const auto& e : configured) known += (known.empty() ? "" : ", ") + e.name;
        return fail(
            which + ": conf=" + util::quote_input(pair->second) +
            " names no engine of the engines file" +
            (known.empty() ? std::string(" (it lists none)") : " (it lists " + known + ")"));
      }
      spec = *found;
    }
  for (const auto& [name, value] : settings) {
    if (name == "cmd")
      spec.command = value;
    else if (name == "name")
      spec.name = value;
    else if (name == "dir")
      spec.directory = value;
    else if (name == "tc")
      spec.time_control = value;
    else if (name == "proto" && (value == "ccp" || value == "uci"))
      spec.ccp = value == "ccp";
    else if (name == "proto")
      return fail(which + ": proto= expects uci (the default) or ccp, got " +
                  util::quote_input(value));
    else if (name == "nodes" || name == "depth" || name == "movetime")
      set_limit(spec, name, value);
    else
      set_option(spec, name, value);
  }
  if (spec.command.empty()) return fail(which + ": cmd=<command> or conf=<name> is missing");
  if (spec.name.empty()) {
    // The program's file name: "./build/tiaoqi --threads 2" is "tiaoqi".
    const auto program_words = util::tokenize(spec.command);
    const std::string_view program = program_words.empty() ? std::string_view{} : program_words[0];
    spec.name = std::string(program.substr(program.find_last_of('/') + 1));
  }
  if (spec.name.empty())
    return fail(which + ": name=<name> is missing and cmd=" + util::quote_input(spec.command) +
                " gives none");
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
