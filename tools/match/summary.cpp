#include "tools/match/summary.hpp"

#include <algorithm>

#include "engine/facade/options.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi::match {

tools::Json summary_json(const tools::Json& match_info, const MatchResults& results,
                         const std::vector<GameSummary>& games) {
  std::vector<GameSummary> sorted = games;
  std::sort(sorted.begin(), sorted.end(),
            [](const GameSummary& a, const GameSummary& b) { return a.game < b.game; });
  tools::Json json;
  json["match"] = match_info;
  json["results"] = results_json(results);
  json["games"] = games_json(sorted);
  return json;
}

const std::vector<const char*>& match_identity_keys() {
  static const std::vector<const char*> keys = {
      "engines",        "options",         "seed",          "time",
      "tournament",     "openings",        "openings_file", "openings_order",
      "openings_start", "openings_repeat", "random_plies",  "dragons"};
  return keys;
}

namespace {

// The first path below `field` where the two values differ: into objects
// by key and into lists of one length by index; elsewhere the whole value.
std::optional<MatchDifference> difference_below(const std::string& field, const tools::Json& first,
                                                const tools::Json& second) {
  if (first == second) return std::nullopt;
  if (first.is_object() && second.is_object()) {
    for (const tools::Json* side : {&first, &second})
      for (const auto& [key, value] : side->items()) {
        (void)value;
        const tools::Json none;
        const tools::Json& a = first.contains(key) ? first[key] : none;
        const tools::Json& b = second.contains(key) ? second[key] : none;
        if (auto found = difference_below(field + "." + key, a, b)) return found;
      }
  }
  if (first.is_array() && second.is_array() && first.size() == second.size())
    for (std::size_t i = 0; i < first.size(); ++i)
      if (auto found = difference_below(field + "[" + std::to_string(i) + "]", first[i], second[i]))
        return found;
  return MatchDifference{field, first, second};
}

}  // namespace

std::optional<MatchDifference> match_difference(const tools::Json& first, const tools::Json& second,
                                                bool with_shard) {
  std::vector<const char*> keys = match_identity_keys();
  if (with_shard) keys.push_back("shard");
  const tools::Json none;
  for (const char* key : keys) {
    const tools::Json& a = first.is_object() && first.contains(key) ? first[key] : none;
    const tools::Json& b = second.is_object() && second.contains(key) ? second[key] : none;
    if (auto found = difference_below(key, a, b)) return found;
  }
  return std::nullopt;
}

std::string another_match_text(const MatchDifference& difference, const std::string& second_name) {
  return "comes from another match: its \"" + difference.field + "\" is " +
         util::quote_input(tools::dump_json(difference.first), 120) + ", " + second_name + "'s " +
         util::quote_input(tools::dump_json(difference.second), 120);
}

namespace {

// An engine option's value as its type reads: a spin's as a number, a
// check's as true or false, any other (combo, string, or not declared) as
// the text sent.
tools::Json typed_value(const MatchConfig& config, std::size_t engine, const std::string& name,
                        const std::string& value) {
  std::string type;
  if (engine < config.option_types.size())
    for (const auto& [option, declared] : config.option_types[engine])
      if (option == name) type = declared;
  if (type == "spin")
    if (auto number = util::to_integer(value)) return *number;
  if (type == "check" && (value == "true" || value == "false")) return value == "true";
  return value;
}

}  // namespace

tools::Json match_info_json(const MatchConfig& config, const MatchRun& run,
                            const std::string& openings_file) {
  tools::Json info;
  info["event"] = config.referee.event;
  tools::Json engines = tools::Json::array();
  for (std::size_t e = 0; e < config.engines.size(); ++e) {
    const EngineSpec& engine = config.engines[e];
    tools::Json options = tools::Json::object();
    for (const auto& [name, value] : engine.options)
      options[name] = typed_value(config, e, name, value);
    engines.push_back(
        {{"name", engine.name}, {"command", engine.command}, {"options", std::move(options)}});
  }
  info["engines"] = std::move(engines);
  info["options"] = facade::format_rule_options(config.referee.rules);
  std::string time = config.referee.time.describe();
  // Time odds: the engines with a clock of their own.
  for (std::size_t i = 0; i < config.engines.size(); ++i)
    if ((!config.engines[i].time_control.empty() || !config.engines[i].limits.empty()) &&
        i < config.referee.engine_times.size())
      time += "; " + config.engines[i].name + ": " + config.referee.engine_times[i].describe();
  info["time"] = time;
  info["seed"] = config.schedule.openings.seed;
  const OpeningsConfig& openings = config.schedule.openings;
  info["tournament"] = tournament_name(config.schedule.tournament);
  info["openings_file"] = openings_file;
  info["openings"] = openings.count;
  info["openings_order"] = openings.random_order ? "random" : "sequential";
  info["openings_start"] = openings.start;
  info["openings_repeat"] = openings.repeat;
  info["random_plies"] = openings.random_plies;
  tools::Json adjudication = tools::Json::object();
  if (const auto& resign = config.referee.adjudication.resign)
    adjudication["resign"] = {{"moves", resign->moves}, {"score", resign->score}};
  if (const auto& draw = config.referee.adjudication.draw)
    adjudication["draw"] = {{"moves", draw->moves}, {"score", draw->score}, {"after", draw->after}};
  info["adjudication"] = std::move(adjudication);
  // Dragons variant: how the dragons were chosen ("drawn" from the seed,
  // "choose" by the engines, or the holes given); the games hold them.
  if (config.referee.rules.variant == Variant::kDragons)
    info["dragons"] = config.referee.dragons.empty() ? "drawn" : config.referee.dragons;
  info["shard"] =
      std::to_string(config.schedule.shard + 1) + "/" + std::to_string(config.schedule.shard_count);
  info["scheduled"] = run.scheduled;
  info["resumed_games"] = run.carried;
  info["interrupted"] = run.interrupted;
  info["sprt_stopped"] = run.sprt_stopped;
  return info;
}

}  // namespace tiaoqi::match
