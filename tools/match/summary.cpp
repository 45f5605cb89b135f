#include "tools/match/summary.hpp"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi::match {

tools::Json summary_json(const tools::Json& match_info, const MatchResults& results,
                         const std::vector<GameSummary>& games) {
  std::vector<GameSummary> sorted = games;
  std::sort(sorted.begin(), sorted.end(),
            [](const GameSummary& a, const GameSummary& b) { return a.game < b.game; });
  tools::Json json;
  json.set("match", match_info);
  json.set("results", results_json(results));
  json.set("games", games_json(sorted));
  return json;
}

tools::Json match_info_json(const MatchConfig& config, const MatchRun& run,
                            const std::string& openings_file) {
  tools::Json info;
  info.set("event", config.referee.event);
  tools::Json::Array engines;
  for (const auto& engine : config.engines) {
    tools::Json entry;
    entry.set("name", engine.name);
    entry.set("command", engine.command);
    tools::Json options = tools::Json::Object{};
    for (const auto& [name, value] : engine.options) options.set(name, value);
    entry.set("options", options);
    engines.push_back(entry);
  }
  info.set("engines", engines);
  info.set("options", facade::format_rule_options(config.referee.rules));
  std::string time = config.referee.time.describe();
  // Time odds: the engines with a clock of their own.
  for (std::size_t i = 0; i < config.engines.size(); ++i)
    if (!config.engines[i].time_control.empty() && i < config.referee.engine_times.size())
      time += "; " + config.engines[i].name + ": " + config.referee.engine_times[i].describe();
  info.set("time", time);
  info.set("seed", std::to_string(config.schedule.seed));
  info.set("openings_file", openings_file);
  info.set("openings", config.schedule.opening_count);
  info.set("random_plies", config.schedule.random_plies);
  info.set("shard", std::to_string(config.schedule.shard + 1) + "/" +
                        std::to_string(config.schedule.shard_count));
  info.set("scheduled", run.scheduled);
  info.set("interrupted", run.interrupted);
  info.set("sprt_stopped", run.sprt_stopped);
  return info;
}

Expected<MergedMatch> merge_summaries(const std::vector<tools::Json>& summaries) {
  if (summaries.empty()) return fail("merge: no summaries given");
  const tools::Json& first = summaries.front()["match"];
  std::vector<std::string> names;
  for (const auto& engine : first["engines"].array()) names.push_back(engine["name"].string());
  auto options = facade::parse_rule_options(first["options"].string());
  if (!options || names.empty()) return fail("merge: the first summary has no engines or options");

  std::vector<GameSummary> games;
  std::set<int> seen;
  int scheduled = 0;
  for (std::size_t i = 0; i < summaries.size(); ++i) {
    const tools::Json& match = summaries[i]["match"];
    if (match["engines"].dump() != first["engines"].dump() ||
        match["options"].string() != first["options"].string() ||
        match["seed"].dump() != first["seed"].dump() ||
        match["time"].string() != first["time"].string())
      return fail("merge: summary " + std::to_string(i + 1) +
                  " comes from another match (engines, options, seed or time differ)");
    scheduled += static_cast<int>(match["scheduled"].number());
    auto shard_games = games_from_json(summaries[i]["games"]);
    if (!shard_games) return Error{shard_games.error()};
    for (auto& game : *shard_games) {
      if (!seen.insert(game.game).second)
        return fail("merge: game " + std::to_string(game.game) + " is in two summaries");
      games.push_back(std::move(game));
    }
  }
  std::optional<SprtConfig> sprt;
  const tools::Json& sprt_json = summaries.front()["results"]["sprt"];
  if (sprt_json.is_object())
    sprt = SprtConfig{sprt_json["elo0"].number(), sprt_json["elo1"].number(),
                      sprt_json["alpha"].number(), sprt_json["beta"].number()};

  MergedMatch merged;
  merged.results = compute_results(names, options->players, games, sprt);
  tools::Json info = first;
  info.set("shard", "merged");
  info.set("scheduled", scheduled);
  merged.summary = summary_json(info, merged.results, games);
  merged.games = std::move(games);
  return merged;
}

Expected<tools::Json> read_json_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return fail("cannot read '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  auto json = tools::Json::parse(text.str());
  if (!json) return fail(path + ": " + json.error());
  return json;
}

bool write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  out << text;
  return static_cast<bool>(out);
}

}  // namespace tiaoqi::match
