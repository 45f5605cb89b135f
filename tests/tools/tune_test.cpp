// Tests of the evaluation tuner (tools/tune): the fitter on synthetic data
// from a known logistic model, the dataset reader on small records.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>

#include "engine/facade/options.hpp"
#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/position_string.hpp"
#include "engine/util/text.hpp"
#include "tools/tune/cli.hpp"
#include "tools/tune/dataset.hpp"
#include "tools/tune/logistic.hpp"
#include "tools/tune/report.hpp"

namespace tiaoqi::tune {
namespace {

constexpr double kTrueScale = 250;

// Features added after these five get weight 10.
RealWeights true_weights() {
  RealWeights weights;
  weights.feature.fill(10);
  weights.feature[kDistance] = 100;
  weights.feature[kStraggler] = 60;
  weights.feature[kLastPiece] = -20;
  weights.feature[kOutsideTarget] = 35;
  weights.feature[kInHome] = 15;
  weights.tempo = 25;
  return weights;
}

// Samples with independent features and, as in real data, the side to
// move's view (tempo sign +1). Each label is the model's own prediction,
// or a result drawn from it.
std::vector<Sample> synthetic_samples(int count, bool draw_results, unsigned seed) {
  std::mt19937 random(seed);
  std::array<int, kFeatureCount> spread;
  spread.fill(3);
  spread[kDistance] = 30;
  spread[kLastPiece] = 8;
  spread[kOutsideTarget] = 6;
  std::vector<Sample> samples(count);
  int group = 0;
  for (Sample& sample : samples) {
    sample.group = group++;
    for (int f = 0; f < kFeatureCount; ++f)
      sample.difference[f] = std::uniform_int_distribution<int>(-spread[f], spread[f])(random);
    const double p = sigmoid(score_of(sample, true_weights()) / kTrueScale);
    sample.label = draw_results ? (std::uniform_real_distribution<double>(0, 1)(random) < p) : p;
  }
  return samples;
}

FitOptions fit_everything(Loss loss) {
  FitOptions options;
  options.loss = loss;
  options.fit_feature = all_but_distance().feature;
  options.fit_tempo = true;
  options.start = real_weights(kEvalWeights);
  return options;
}

void expect_weights_near(const FitResult& fit, double tolerance, double scale_tolerance) {
  const RealWeights expected = true_weights();
  for (int f = 0; f < kFeatureCount; ++f)
    EXPECT_NEAR(fit.weights.feature[f], expected.feature[f], tolerance)
        << feature_name(static_cast<EvalFeature>(f));
  EXPECT_NEAR(fit.weights.tempo, expected.tempo, tolerance);
  EXPECT_NEAR(fit.scale, kTrueScale, scale_tolerance);
}

TEST(TuneFit, RecoversKnownWeightsFromExactPredictions) {
  const std::vector<Sample> samples = synthetic_samples(4000, false, 1);
  for (Loss loss : {Loss::kLog, Loss::kSquared}) {
    auto fit = tune::fit(samples, fit_everything(loss));
    ASSERT_TRUE(fit.ok()) << fit.error();
    EXPECT_TRUE(fit->converged) << loss_name(loss);
    expect_weights_near(*fit, 1e-6, 1e-6);
  }
}

TEST(TuneFit, RecoversKnownWeightsFromDrawnResults) {
  const std::vector<Sample> samples = synthetic_samples(200000, true, 2);
  auto fit = tune::fit(samples, fit_everything(Loss::kLog));
  ASSERT_TRUE(fit.ok()) << fit.error();
  EXPECT_TRUE(fit->converged);
  expect_weights_near(*fit, 6, 10);
  // The truth lies within a few standard errors, which are small.
  const RealWeights expected = true_weights();
  for (int f = kDistance + 1; f < kFeatureCount; ++f) {
    const double error = fit->standard_error.feature[f];
    EXPECT_GT(error, 0.1);
    EXPECT_LT(error, 5);
    EXPECT_NEAR(fit->weights.feature[f], expected.feature[f], 4 * error);
  }
  EXPECT_NEAR(fit->weights.tempo, expected.tempo, 4 * fit->standard_error.tempo);
  EXPECT_NEAR(fit->scale, kTrueScale, 4 * fit->scale_standard_error);
  EXPECT_EQ(fit->standard_error.feature[kDistance], 0);
}

TEST(TuneFit, HeldWeightsStayAndTheScaleAlone) {
  const std::vector<Sample> samples = synthetic_samples(4000, false, 3);
  FitOptions options;
  options.start = true_weights();
  options.start.feature[kStraggler] = 0;
  options.fit_feature[kStraggler] = true;
  auto fit = tune::fit(samples, options);
  ASSERT_TRUE(fit.ok()) << fit.error();
  expect_weights_near(*fit, 1e-6, 1e-6);

  // Only the scale moves: the true weights need the true scale.
  options.fit_feature = {};
  options.start = true_weights();
  auto scale_only = tune::fit(samples, options);
  ASSERT_TRUE(scale_only.ok());
  expect_weights_near(*scale_only, 0, 1e-6);
  EXPECT_NEAR(scale_only->loss, mean_loss(samples, true_weights(), kTrueScale, Loss::kLog), 1e-12);
}

TEST(TuneFit, RefusesWhatItCannotFit) {
  EXPECT_FALSE(tune::fit({}, FitOptions{}).ok());
  // The side that is behind always wins: no positive scale fits.
  std::vector<Sample> samples = synthetic_samples(200, false, 4);
  for (Sample& sample : samples) sample.label = sample.difference[kDistance] < 0;
  auto fit = tune::fit(samples, FitOptions{});
  EXPECT_FALSE(fit.ok());
}

TEST(TuneCli, ParsesFeatureLists) {
  auto selection = parse_fit_selection({"straggler,tempo", "in_home"});
  ASSERT_TRUE(selection.ok()) << selection.error();
  EXPECT_TRUE(selection->feature[kStraggler]);
  EXPECT_TRUE(selection->feature[kInHome]);
  EXPECT_FALSE(selection->feature[kLastPiece]);
  EXPECT_TRUE(selection->tempo);
  EXPECT_FALSE(parse_fit_selection({"distance"}).ok());
  EXPECT_FALSE(parse_fit_selection({"speed"}).ok());
  EXPECT_FALSE(parse_loss("l1").ok());
  EvalWeights weights;
  weights.feature[kDistance] = 100;
  weights.feature[kStraggler] = -40;
  weights.tempo = 32;
  const std::string line = paste_line(weights);
  EXPECT_EQ(line.rfind("inline constexpr EvalWeights kEvalWeights = {{100, -40, 0, ", 0), 0u)
      << line;
  EXPECT_TRUE(line.ends_with(", 0}, 32};")) << line;
}

// A game from the start with the given moves, finished by the move limit.
tools::GameRecord record_of(const std::vector<std::string>& moves, int max_plies) {
  RuleOptions options;
  options.max_plies = max_plies;
  auto setup = start_setup(options);
  Position position = setup->position;
  tools::GameRecord record;
  record.game = 1;
  record.engines = {"a", "b"};
  record.seating = {"a", "b"};
  record.options = facade::format_rule_options(options);
  record.opening = position_string(position);
  for (const std::string& text : moves) {
    auto move = parse_move(position, text);
    EXPECT_TRUE(move.ok()) << text << ": " << move.error();
    record.events.push_back({tools::RecordEvent::Kind::kMove, position.side_to_move() + 1,
                             move_text(position, *move), 5, ""});
    position.play(*move);
    settle(position);
  }
  record.result = position.is_over() ? tools::format_standings(position.standings()) : "*";
  record.termination = "finished";
  return record;
}

TEST(TuneDataset, MirroredMovesShareFirstPlace) {
  // Each side steps one piece two rows forward; the move limit adjudicates
  // equal distances as a shared first place.
  const tools::GameRecord record = record_of({"l3l5", "g15g13"}, 2);
  ASSERT_EQ(record.result, "1=2");
  auto samples = game_samples(record, {});
  ASSERT_TRUE(samples.ok()) << samples.error();
  // The final position is over and left out.
  ASSERT_EQ(samples->size(), 2u);
  EXPECT_EQ((*samples)[0].difference, FeatureValues{});
  // The second player to move trails by the first player's two rows.
  EXPECT_EQ((*samples)[1].difference[kDistance], -2);
  for (const Sample& sample : *samples) {
    EXPECT_EQ(sample.label, 0.5);
    EXPECT_EQ(sample.tempo_sign, 1);
  }
}

// A longer game, moves picked by a fixed rule, and the rows recomputed
// position by position.
TEST(TuneDataset, RowsAreTheSideToMovesView) {
  RuleOptions options;
  options.max_plies = 12;
  auto setup = start_setup(options);
  std::vector<Position> positions{setup->position};
  std::vector<std::string> moves;
  while (!positions.back().is_over()) {
    Position position = positions.back();
    MoveList list;
    generate_moves(position, list);
    const Move move = list[(position.move_count() * 5) % list.size()];
    moves.push_back(move_text(position, move));
    position.play(move);
    settle(position);
    positions.push_back(position);
  }
  const tools::GameRecord record = record_of(moves, 12);
  const Position& last = positions.back();

  SamplingOptions sampling;
  sampling.skip_plies = 2;
  sampling.every = 3;
  auto samples = game_samples(record, sampling);
  ASSERT_TRUE(samples.ok()) << samples.error();
  // Positions 2, 5, 8 and 11; 12 is over.
  ASSERT_EQ(samples->size(), 4u);
  for (std::size_t i = 0; i < samples->size(); ++i) {
    const Position& position = positions[2 + 3 * i];
    const int own = position.side_to_move();
    const FeatureValues mine = player_features(position, own);
    const FeatureValues theirs = player_features(position, 1 - own);
    const Sample& sample = (*samples)[i];
    for (int f = 0; f < kFeatureCount; ++f)
      EXPECT_EQ(sample.difference[f], theirs[f] - mine[f]) << i << " " << f;
    const double expected = last.place_of(own) != 0 ? 0 : last.place_of(1 - own) == 0 ? 0.5 : 1;
    EXPECT_EQ(sample.label, expected);
    // The score the tuner sees is the evaluation's.
    EXPECT_EQ(score_of(sample, real_weights(kEvalWeights)), evaluate(position));
  }
}

TEST(TuneDataset, ReadsFilesAndSkipsUnusableGames) {
  const tools::GameRecord finished = record_of({"l3l5", "g15g13"}, 2);
  tools::GameRecord unfinished = record_of({"l3l5"}, 0);
  ASSERT_EQ(unfinished.result, "*");
  tools::GameRecord faulted = finished;
  faulted.events.resize(1);
  faulted.events.push_back({tools::RecordEvent::Kind::kElimination, 2, "crashed", 0, ""});
  EXPECT_TRUE(is_usable(finished));
  EXPECT_FALSE(is_usable(unfinished));
  EXPECT_FALSE(is_usable(faulted));

  const std::string path = ::testing::TempDir() + "tune_test_records.txt";
  std::ofstream(path) << tools::format_record(finished) << "\n"
                      << tools::format_record(unfinished) << "\n"
                      << tools::format_record(faulted);
  auto dataset = read_dataset({path}, {});
  ASSERT_TRUE(dataset.ok()) << dataset.error();
  EXPECT_EQ(dataset->stats.games, 1);
  EXPECT_EQ(dataset->stats.games_skipped, 2);
  EXPECT_EQ(dataset->stats.positions, 2);
  EXPECT_FALSE(read_dataset({path + ".missing"}, {}).ok());
  std::remove(path.c_str());
}

TEST(TuneDataset, HoldsOutWholeOpenings) {
  std::vector<Sample> samples(10);
  for (int i = 0; i < 10; ++i) samples[i].group = i / 2;
  const Split split = split_by_group(samples, 3);
  ASSERT_EQ(split.holdout.size(), 2u);
  EXPECT_EQ(split.holdout[0].group, 2);
  EXPECT_EQ(split.holdout[1].group, 2);
  EXPECT_EQ(split.fit.size(), 8u);
  EXPECT_EQ(split_by_group(samples, 0).fit.size(), 10u);
}

}  // namespace
}  // namespace tiaoqi::tune
