#include "bench/tune/dataset.hpp"

#include <map>

#include "engine/util/text.hpp"
#include "tools/common/replay.hpp"

namespace tiaoqi::tune {
namespace {

using Shares = std::array<double, kMaxPlayers>;

// Each player's share of first place, from the result tag (which the
// replay has checked against the rules, or found to be the runner's
// adjudicated draw: everyone first).
Expected<Shares> first_place_shares(const tools::GameRecord& record) {
  auto standings = tools::parse_standings(record.result);
  if (!standings) return Error{standings.error()};
  Shares shares{};
  if (standings->empty() || standings->front().empty()) return shares;
  const std::vector<int>& first = standings->front();
  for (int player : first)
    if (player < kMaxPlayers) shares[player] = 1.0 / static_cast<double>(first.size());
  return shares;
}

Sample sample_of(const Position& position, const Shares& shares) {
  Sample sample;
  for (int p = 0; p < position.rules().player_count(); ++p) {
    if (position.is_eliminated(p)) continue;
    Contender& contender = sample.contenders[sample.contender_count++];
    contender.features = player_features(position, p);
    contender.to_move = p == position.side_to_move();
    contender.share = shares[p];
  }
  return sample;
}

}  // namespace

bool is_usable(const tools::GameRecord& record) {
  if (record.result == "*") return false;
  for (const auto& event : record.events)
    if (event.kind == tools::RecordEvent::Kind::kElimination) return false;
  return true;
}

Expected<int> visit_game_samples(const tools::GameRecord& record, const SamplingOptions& options,
                                 const SampleVisitor& visit) {
  if (!is_usable(record)) return 0;
  auto replay = tools::replay_record(record);
  if (!replay) return Error{replay.error()};
  auto shares = first_place_shares(record);
  if (!shares) return Error{shares.error()};
  const int every = options.every < 1 ? 1 : options.every;
  for (std::size_t ply = 0; ply < replay->frames.size(); ++ply) {
    const int index = static_cast<int>(ply) - options.skip_plies;
    if (index < 0 || index % every != 0) continue;
    const Position& position = replay->frames[ply].position;
    if (position.is_over()) continue;
    Sample sample = sample_of(position, *shares);
    // A player alone in the game has nothing to be compared with.
    if (sample.contender_count < 2) continue;
    sample.group = record.opening_index;
    visit(position, sample);
  }
  return replay->rules->player_count();
}

Expected<GameSamples> game_samples(const tools::GameRecord& record,
                                   const SamplingOptions& options) {
  GameSamples game;
  auto players = visit_game_samples(
      record, options,
      [&game](const Position&, const Sample& sample) { game.samples.push_back(sample); });
  if (!players) return Error{players.error()};
  game.players = *players;
  return game;
}

Expected<Dataset> read_dataset(const std::vector<std::string>& paths,
                               const SamplingOptions& options) {
  Dataset dataset;
  int groups = 0;
  for (const auto& path : paths) {
    auto records = tools::read_record_file(path);
    if (!records) return Error{records.error()};
    std::map<int, int> group_of_opening;
    for (const auto& record : *records) {
      if (!is_usable(record)) {
        ++dataset.stats.games_skipped;
        continue;
      }
      const std::string file = util::quote_input(path, 200);
      auto game = game_samples(record, options);
      if (!game) return fail(file + ": " + game.error());
      if (dataset.stats.players == 0) dataset.stats.players = game->players;
      if (game->players != dataset.stats.players)
        return fail(file + ": game " + std::to_string(record.game) + " has " +
                    util::plural(game->players, "player") + ", the games before it " +
                    std::to_string(dataset.stats.players) +
                    ": fit each player count on its own (each has its own scale)");
      ++dataset.stats.games;
      const auto group = group_of_opening.try_emplace(record.opening_index, groups);
      if (group.second) ++groups;
      for (Sample& sample : game->samples) sample.group = group.first->second;
      dataset.samples.insert(dataset.samples.end(), game->samples.begin(), game->samples.end());
    }
  }
  dataset.stats.positions = static_cast<int>(dataset.samples.size());
  return dataset;
}

Split split_by_group(const std::vector<Sample>& samples, int every_kth) {
  Split split;
  for (const Sample& sample : samples) {
    const bool held = every_kth > 0 && sample.group % every_kth == every_kth - 1;
    (held ? split.holdout : split.fit).push_back(sample);
  }
  return split;
}

}  // namespace tiaoqi::tune
