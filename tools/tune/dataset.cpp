#include "tools/tune/dataset.hpp"

#include <limits>
#include <map>

#include "engine/util/text.hpp"
#include "tools/common/replay.hpp"

namespace tiaoqi::tune {
namespace {

// The side to move's share of first place in a finished game.
double result_for(const Position& final_position, int player) {
  if (final_position.place_of(player) != 0) return 0;
  int sharing = 0;
  for (int p = 0; p < final_position.rules().player_count(); ++p)
    sharing += final_position.place_of(p) == 0;
  return sharing == 1 ? 1.0 : 0.5;
}

int cost_of(const FeatureValues& features, const EvalWeights& weights) {
  int cost = 0;
  for (int f = 0; f < kFeatureCount; ++f) cost += weights.feature[f] * features[f];
  return cost;
}

Sample sample_of(const Position& position, const EvalWeights& weights) {
  const int viewer = position.side_to_move();
  const FeatureValues own = player_features(position, viewer);
  // The best opponent as evaluate_terms picks it; alone, all zero.
  FeatureValues opponent{};
  int best_cost = std::numeric_limits<int>::max();
  for (int p = 0; p < position.rules().player_count(); ++p) {
    if (p == viewer || position.is_eliminated(p)) continue;
    const FeatureValues features = player_features(position, p);
    const int cost = cost_of(features, weights);
    if (cost >= best_cost) continue;
    best_cost = cost;
    opponent = features;
  }
  Sample sample;
  for (int f = 0; f < kFeatureCount; ++f) sample.difference[f] = opponent[f] - own[f];
  sample.tempo_sign = 1;
  return sample;
}

}  // namespace

bool is_usable(const tools::GameRecord& record) {
  if (record.result == "*") return false;
  for (const auto& event : record.events)
    if (event.kind == tools::RecordEvent::Kind::kElimination) return false;
  return true;
}

Expected<std::vector<Sample>> game_samples(const tools::GameRecord& record,
                                           const SamplingOptions& options) {
  if (!is_usable(record)) return std::vector<Sample>{};
  auto replay = tools::replay_record(record);
  if (!replay) return Error{replay.error()};
  const Position& final_position = replay->frames.back().position;
  const int every = options.every < 1 ? 1 : options.every;
  std::vector<Sample> samples;
  for (std::size_t ply = 0; ply < replay->frames.size(); ++ply) {
    const int index = static_cast<int>(ply) - options.skip_plies;
    if (index < 0 || index % every != 0) continue;
    const Position& position = replay->frames[ply].position;
    if (position.is_over()) continue;
    Sample sample = sample_of(position, options.weights);
    sample.label = result_for(final_position, position.side_to_move());
    sample.group = record.opening_index;
    samples.push_back(sample);
  }
  return samples;
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
      auto samples = game_samples(record, options);
      if (!samples) return fail(util::quote_input(path, 200) + ": " + samples.error());
      ++dataset.stats.games;
      const auto group = group_of_opening.try_emplace(record.opening_index, groups);
      if (group.second) ++groups;
      for (Sample& sample : *samples) sample.group = group.first->second;
      dataset.samples.insert(dataset.samples.end(), samples->begin(), samples->end());
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
