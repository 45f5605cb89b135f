// Tests of the evaluation tuner (bench/tune): the fitter on synthetic data
// from a known model (two players: logistic; more: a softmax over the
// players), the dataset reader on small records.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <random>

#include "bench/tune/cli.hpp"
#include "bench/tune/dataset.hpp"
#include "bench/tune/logistic.hpp"
#include "bench/tune/report.hpp"
#include "engine/facade/options.hpp"
#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/position_string.hpp"
#include "engine/search/win_shares.hpp"
#include "engine/util/text.hpp"
#include "tests/tools/tool_runs.hpp"

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

// Samples of `players` contenders with independent features, one of them
// to move. Each contender's share of first place is the model's chance,
// or a first place drawn from the chances.
std::vector<Sample> synthetic_samples(int count, int players, bool draw_results, unsigned seed) {
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
    sample.contender_count = players;
    for (int k = 0; k < players; ++k) {
      Contender& contender = sample.contenders[k];
      for (int f = 0; f < kFeatureCount; ++f)
        contender.features[f] = std::uniform_int_distribution<int>(0, spread[f])(random);
      contender.to_move = k == sample.group % players;
    }
    const auto chances = first_place_chances(sample, true_weights(), kTrueScale);
    if (draw_results) {
      std::discrete_distribution<int> first(chances.begin(), chances.begin() + players);
      sample.contenders[first(random)].share = 1;
    } else {
      for (int k = 0; k < players; ++k) sample.contenders[k].share = chances[k];
    }
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
  for (int players : {2, 3, 6}) {
    const std::vector<Sample> samples = synthetic_samples(4000, players, false, 1);
    for (Loss loss : {Loss::kLog, Loss::kSquared}) {
      auto fit = tune::fit(samples, fit_everything(loss));
      ASSERT_TRUE(fit.ok()) << fit.error();
      EXPECT_TRUE(fit->converged) << players << " players, " << loss_name(loss);
      SCOPED_TRACE(std::to_string(players) + " players, " + std::string(loss_name(loss)));
      expect_weights_near(*fit, 1e-6, 1e-6);
      // The loss reported is the loss of the weights found.
      EXPECT_NEAR(fit->loss, mean_loss(samples, fit->weights, fit->scale, loss), 1e-12);
    }
  }
}

// The truth lies within a few standard errors, which are small.
void expect_within_errors(const FitResult& fit) {
  const RealWeights expected = true_weights();
  for (int f = kDistance + 1; f < kFeatureCount; ++f) {
    const double error = fit.standard_error.feature[f];
    EXPECT_GT(error, 0.1) << feature_name(static_cast<EvalFeature>(f));
    EXPECT_LT(error, 5) << feature_name(static_cast<EvalFeature>(f));
    EXPECT_NEAR(fit.weights.feature[f], expected.feature[f], 4 * error)
        << feature_name(static_cast<EvalFeature>(f));
  }
  EXPECT_NEAR(fit.weights.tempo, expected.tempo, 4 * fit.standard_error.tempo);
  EXPECT_NEAR(fit.scale, kTrueScale, 4 * fit.scale_standard_error);
  EXPECT_EQ(fit.standard_error.feature[kDistance], 0);
}

// First places drawn from the model: two players (the side to move's
// result) and six (who of the six finishes first).
TEST(TuneFit, RecoversKnownWeightsFromDrawnResults) {
  for (const auto& [players, count, seed] :
       {std::tuple{2, 200000, 2u}, std::tuple{6, 100000, 5u}}) {
    SCOPED_TRACE(std::to_string(players) + " players");
    const std::vector<Sample> samples = synthetic_samples(count, players, true, seed);
    auto fit = tune::fit(samples, fit_everything(Loss::kLog));
    ASSERT_TRUE(fit.ok()) << fit.error();
    EXPECT_TRUE(fit->converged);
    expect_weights_near(*fit, 6, 10);
    expect_within_errors(*fit);
  }
}

// Two players: the softmax over the two is the logistic model of the
// side to move's result on the difference of the costs.
TEST(TuneFit, TwoPlayersAreTheLogisticModel) {
  const std::vector<Sample> samples = synthetic_samples(50, 2, true, 6);
  for (const Sample& sample : samples) {
    const Contender& side =
        sample.contenders[0].to_move ? sample.contenders[0] : sample.contenders[1];
    const Contender& other =
        sample.contenders[0].to_move ? sample.contenders[1] : sample.contenders[0];
    const double score = score_of(side, true_weights()) - score_of(other, true_weights());
    const double chance = sigmoid(score / kTrueScale);
    const auto chances = first_place_chances(sample, true_weights(), kTrueScale);
    EXPECT_NEAR(chances[&side - sample.contenders.data()], chance, 1e-15);
    const double log_loss = -(side.share * std::log(chance) + other.share * std::log(1 - chance));
    EXPECT_NEAR(mean_loss(std::span(&sample, 1), true_weights(), kTrueScale, Loss::kLog), log_loss,
                1e-12);
    const double squared = (chance - side.share) * (chance - side.share);
    EXPECT_NEAR(mean_loss(std::span(&sample, 1), true_weights(), kTrueScale, Loss::kSquared),
                squared, 1e-15);
  }
}

// A first place shared by k players counts as the mean of the k games
// in which each of them wins alone: the same loss, the same fit and, as
// the k games are one group, the same standard errors.
TEST(TuneFit, ASharedFirstPlaceSplitsTheWinAmongTheSharers) {
  for (int sharers : {2, 3}) {
    SCOPED_TRACE(std::to_string(sharers) + " sharers");
    std::vector<Sample> shared = synthetic_samples(3000, 4, true, 7);
    std::vector<Sample> split;
    for (Sample& sample : shared) {
      // The drawn winner shares with the contenders after it.
      int winner = 0;
      while (sample.contenders[winner].share == 0) ++winner;
      for (int s = 0; s < sharers; ++s) {
        Sample alone = sample;
        for (Contender& contender : alone.contenders) contender.share = 0;
        alone.contenders[(winner + s) % 4].share = 1;
        split.push_back(alone);
        sample.contenders[(winner + s) % 4].share = 1.0 / sharers;
      }
    }
    ASSERT_EQ(split.size(), shared.size() * sharers);
    auto fit_shared = tune::fit(shared, fit_everything(Loss::kLog));
    auto fit_split = tune::fit(split, fit_everything(Loss::kLog));
    ASSERT_TRUE(fit_shared.ok()) << fit_shared.error();
    ASSERT_TRUE(fit_split.ok()) << fit_split.error();
    EXPECT_TRUE(fit_shared->converged);
    for (int f = 0; f < kFeatureCount; ++f) {
      EXPECT_NEAR(fit_shared->weights.feature[f], fit_split->weights.feature[f], 1e-6);
      EXPECT_NEAR(fit_shared->standard_error.feature[f], fit_split->standard_error.feature[f],
                  1e-6);
    }
    EXPECT_NEAR(fit_shared->weights.tempo, fit_split->weights.tempo, 1e-6);
    EXPECT_NEAR(fit_shared->scale, fit_split->scale, 1e-6);
    EXPECT_NEAR(fit_shared->scale_standard_error, fit_split->scale_standard_error, 1e-6);
    EXPECT_NEAR(fit_shared->loss, fit_split->loss, 1e-12);
    // The loss of a shared sample, spelt out: -sum over the sharers of
    // 1/k log chance.
    const Sample& first = shared.front();
    const auto chances = first_place_chances(first, true_weights(), kTrueScale);
    double expected = 0;
    for (int k = 0; k < 4; ++k)
      if (first.contenders[k].share > 0) expected -= std::log(chances[k]) / sharers;
    EXPECT_NEAR(mean_loss(std::span(&first, 1), true_weights(), kTrueScale, Loss::kLog), expected,
                1e-12);
  }
}

TEST(TuneFit, HeldWeightsStayAndTheScaleAlone) {
  for (int players : {2, 6}) {
    SCOPED_TRACE(std::to_string(players) + " players");
    const std::vector<Sample> samples = synthetic_samples(4000, players, false, 3);
    FitOptions options;
    options.start = true_weights();
    options.start.feature[kStraggler] = 0;
    options.start.tempo = 0;
    // Held at wrong values, the others cannot reach the truth but stay.
    options.start.feature[kInHome] = -40;
    options.fit_feature[kStraggler] = true;
    options.fit_tempo = true;
    auto fit = tune::fit(samples, options);
    ASSERT_TRUE(fit.ok()) << fit.error();
    EXPECT_EQ(fit->weights.feature[kInHome], -40);
    EXPECT_EQ(fit->weights.feature[kLastPiece], true_weights().feature[kLastPiece]);
    EXPECT_EQ(fit->standard_error.feature[kInHome], 0);
    EXPECT_EQ(fit->standard_error.feature[kLastPiece], 0);
    EXPECT_GT(fit->standard_error.feature[kStraggler], 0);
    EXPECT_GT(fit->loss, 1e-3 + mean_loss(samples, true_weights(), kTrueScale, Loss::kLog));

    // Only the in-home weight wrong: fitting it alone finds every weight.
    options.start = true_weights();
    options.start.feature[kInHome] = -40;
    options.fit_feature = {};
    options.fit_feature[kInHome] = true;
    options.fit_tempo = false;
    auto one = tune::fit(samples, options);
    ASSERT_TRUE(one.ok()) << one.error();
    expect_weights_near(*one, 1e-6, 1e-6);

    // Only the scale moves: the true weights need the true scale.
    options.fit_feature = {};
    options.start = true_weights();
    auto scale_only = tune::fit(samples, options);
    ASSERT_TRUE(scale_only.ok());
    expect_weights_near(*scale_only, 0, 1e-6);
    EXPECT_NEAR(scale_only->loss, mean_loss(samples, true_weights(), kTrueScale, Loss::kLog),
                1e-12);
  }
}

TEST(TuneFit, RefusesWhatItCannotFit) {
  EXPECT_FALSE(tune::fit({}, FitOptions{}).ok());
  FitOptions no_unit;
  no_unit.start.feature[kDistance] = 0;
  EXPECT_FALSE(tune::fit(synthetic_samples(10, 3, false, 4), no_unit).ok());
  // The player farthest behind always wins: no positive scale fits.
  for (int players : {2, 3, 6}) {
    std::vector<Sample> samples = synthetic_samples(200, players, false, 4);
    for (Sample& sample : samples) {
      int last = 0;
      for (int k = 0; k < players; ++k) {
        if (sample.contenders[k].features[kDistance] > sample.contenders[last].features[kDistance])
          last = k;
        sample.contenders[k].share = 0;
      }
      sample.contenders[last].share = 1;
    }
    auto fit = tune::fit(samples, FitOptions{});
    ASSERT_FALSE(fit.ok()) << players << " players";
    EXPECT_NE(fit.error().find("the fit gives a lead in distance no value"), std::string::npos)
        << fit.error();
  }
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
  EXPECT_EQ(scale_paste_line(512.49), "inline constexpr double kShareScale = 512;");
}

TEST(TuneReport, NamesThePlayersAndTheModel) {
  TuneReport report;
  report.selection = all_but_distance();
  report.stats = {6, 12, 1, 3000};
  report.before.weights = report.after.weights = real_weights(kEvalWeights);
  report.rounded.weights = real_weights(kEvalWeights);
  report.rounded.scale = 430.6;
  const std::string text = format_report(report);
  EXPECT_EQ(text.rfind("12 games of 6 players (1 skipped), 3000 positions", 0), 0u) << text;
  EXPECT_NE(text.find("softmax"), std::string::npos) << text;
  EXPECT_TRUE(text.ends_with("inline constexpr double kShareScale = 431;\n")) << text;
  const tools::Json json = report_json(report);
  EXPECT_EQ(json["players"], 6);
  EXPECT_EQ(json["model"], "softmax");
  EXPECT_EQ(json["paste_scale"], "inline constexpr double kShareScale = 431;");
  report.stats.players = 2;
  EXPECT_NE(format_report(report).find("sigmoid(score / scale)"), std::string::npos);
  EXPECT_EQ(report_json(report)["model"], "logistic");
}

// A game from the start with the given moves, finished by the move limit.
tools::GameRecord record_of(const std::vector<std::string>& moves, int max_plies, int players = 2) {
  RuleOptions options;
  options.players = players;
  options.max_plies = max_plies;
  auto setup = start_setup(options);
  EXPECT_TRUE(setup.ok()) << setup.error();
  Position position = setup->position;
  tools::GameRecord record;
  record.game = 1;
  for (int p = 0; p < players; ++p) record.engines.push_back(std::string(1, char('a' + p)));
  record.seating = record.engines;
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

// One move for each player in turn, each bringing its army `gains[p]`
// steps nearer its target.
std::vector<std::string> moves_gaining(int players, const std::vector<int>& gains) {
  RuleOptions options;
  options.players = players;
  auto setup = start_setup(options);
  Position position = setup->position;
  std::vector<std::string> moves;
  for (int gain : gains) {
    const int player = position.side_to_move();
    const int before = position.distance_sum(player);
    MoveList list;
    generate_moves(position, list);
    bool found = false;
    for (const Move& move : list) {
      Position after = position;
      after.play(move);
      if (before - after.distance_sum(player) != gain) continue;
      moves.push_back(move_text(position, move));
      position.play(move);
      settle(position);
      found = true;
      break;
    }
    EXPECT_TRUE(found) << "no move of player " << player + 1 << " gains " << gain;
  }
  return moves;
}

double share_of(const Sample& sample, bool to_move) {
  for (const Contender& contender : sample.in_game())
    if (contender.to_move == to_move) return contender.share;
  return -1;
}

TEST(TuneDataset, MirroredMovesShareFirstPlace) {
  // Each side steps one piece two rows forward; the move limit adjudicates
  // equal distances as a shared first place.
  const tools::GameRecord record = record_of({"l3l5", "g15g13"}, 2);
  ASSERT_EQ(record.result, "1=2");
  auto game = game_samples(record, {});
  ASSERT_TRUE(game.ok()) << game.error();
  EXPECT_EQ(game->players, 2);
  // The final position is over and left out.
  ASSERT_EQ(game->samples.size(), 2u);
  for (const Sample& sample : game->samples) {
    ASSERT_EQ(sample.contender_count, 2);
    EXPECT_TRUE(sample.contenders[0].to_move != sample.contenders[1].to_move);
    EXPECT_EQ(sample.contenders[0].share, 0.5);
    EXPECT_EQ(sample.contenders[1].share, 0.5);
  }
  EXPECT_EQ(game->samples[0].contenders[0].features, game->samples[0].contenders[1].features);
  // Player 2 to move trails by player 1's two rows.
  EXPECT_EQ(game->samples[1].contenders[1].features[kDistance] -
                game->samples[1].contenders[0].features[kDistance],
            2);
}

// Three players: two gain two steps, one gains one; the move limit places
// the first two first together, and each takes half of the first place.
TEST(TuneDataset, AFirstPlaceSharedAmongThreePlayers) {
  for (const auto& [gains, result, shares] :
       {std::tuple{std::vector<int>{2, 2, 1}, "1=2 3", std::array<double, 3>{0.5, 0.5, 0}},
        std::tuple{std::vector<int>{2, 2, 2}, "1=2=3",
                   std::array<double, 3>{1. / 3, 1. / 3, 1. / 3}},
        std::tuple{std::vector<int>{1, 2, 1}, "2 1=3", std::array<double, 3>{0, 1, 0}}}) {
    const tools::GameRecord record = record_of(moves_gaining(3, gains), 3, 3);
    ASSERT_EQ(record.result, result);
    auto game = game_samples(record, {});
    ASSERT_TRUE(game.ok()) << game.error();
    EXPECT_EQ(game->players, 3);
    ASSERT_EQ(game->samples.size(), 3u);
    for (std::size_t ply = 0; ply < 3; ++ply) {
      const Sample& sample = game->samples[ply];
      ASSERT_EQ(sample.contender_count, 3);
      for (int p = 0; p < 3; ++p) {
        EXPECT_EQ(sample.contenders[p].share, shares[p]) << result << " ply " << ply;
        EXPECT_EQ(sample.contenders[p].to_move, p == static_cast<int>(ply));
      }
    }
  }
}

// A longer game, moves picked by a fixed rule, and the rows recomputed
// position by position.
// The positions point at rules that `rules` keeps alive.
tools::GameRecord game_by_rule(int players, int max_plies, std::vector<Position>& positions,
                               std::shared_ptr<const Rules>& rules) {
  RuleOptions options;
  options.players = players;
  options.max_plies = max_plies;
  auto setup = start_setup(options);
  rules = setup->rules;
  positions = {setup->position};
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
  return record_of(moves, max_plies, players);
}

TEST(TuneDataset, RowsAreThePlayersFeatures) {
  std::vector<Position> positions;
  std::shared_ptr<const Rules> rules;
  const tools::GameRecord record = game_by_rule(2, 12, positions, rules);
  const Position& last = positions.back();

  SamplingOptions sampling;
  sampling.skip_plies = 2;
  sampling.every = 3;
  auto game = game_samples(record, sampling);
  ASSERT_TRUE(game.ok()) << game.error();
  // Positions 2, 5, 8 and 11; 12 is over.
  ASSERT_EQ(game->samples.size(), 4u);
  for (std::size_t i = 0; i < game->samples.size(); ++i) {
    const Position& position = positions[2 + 3 * i];
    const int own = position.side_to_move();
    const Sample& sample = game->samples[i];
    ASSERT_EQ(sample.contender_count, 2);
    for (int p = 0; p < 2; ++p) {
      EXPECT_EQ(sample.contenders[p].features, player_features(position, p)) << i << " " << p;
      EXPECT_EQ(sample.contenders[p].to_move, p == own);
    }
    const double expected = last.place_of(own) != 0 ? 0 : last.place_of(1 - own) == 0 ? 0.5 : 1;
    EXPECT_EQ(share_of(sample, true), expected);
    EXPECT_EQ(share_of(sample, false), 1 - expected);
    // The score the tuner sees is the evaluation's.
    const RealWeights weights = real_weights(kEvalWeights);
    EXPECT_EQ(
        score_of(sample.contenders[own], weights) - score_of(sample.contenders[1 - own], weights),
        evaluate(position));
  }
}

// With the engine's weights and scale, the tuner's chances of first place
// are the win shares the searches of six players start from.
TEST(TuneDataset, SixPlayerChancesAreTheSearchesStaticShares) {
  std::vector<Position> positions;
  std::shared_ptr<const Rules> rules;
  const tools::GameRecord record = game_by_rule(6, 60, positions, rules);
  auto game = game_samples(record, {});
  ASSERT_TRUE(game.ok()) << game.error();
  EXPECT_EQ(game->players, 6);
  ASSERT_EQ(game->samples.size(), 60u);
  const std::vector<std::vector<int>> standings = positions.back().standings();
  for (std::size_t ply = 0; ply < game->samples.size(); ++ply) {
    const Sample& sample = game->samples[ply];
    ASSERT_EQ(sample.contender_count, 6);
    const auto chances =
        first_place_chances(sample, real_weights(kEvalWeights), search::kShareScale);
    const search::WinShares shares = search::static_shares(positions[ply]);
    double total = 0;
    for (int p = 0; p < 6; ++p) {
      EXPECT_NEAR(chances[p], shares[p], 1e-12) << "ply " << ply << " player " << p;
      total += sample.contenders[p].share;
    }
    EXPECT_DOUBLE_EQ(total, 1);
    for (int p : standings.front())
      EXPECT_EQ(sample.contenders[p].share, 1.0 / static_cast<double>(standings.front().size()));
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
  EXPECT_EQ(dataset->stats.players, 2);
  EXPECT_EQ(dataset->stats.games, 1);
  EXPECT_EQ(dataset->stats.games_skipped, 2);
  EXPECT_EQ(dataset->stats.positions, 2);
  EXPECT_FALSE(read_dataset({path + ".missing"}, {}).ok());
  std::remove(path.c_str());
}

// Each player count has its own scale: records of two counts are refused,
// by the reader and by the program, before anything is fitted.
TEST(TuneDataset, RefusesRecordsOfMoreThanOnePlayerCount) {
  tools::GameRecord three = record_of(moves_gaining(3, {2, 2, 1}), 3, 3);
  three.game = 2;
  const std::string two_path = ::testing::TempDir() + "tune_test_two.txt";
  const std::string three_path = ::testing::TempDir() + "tune_test_three.txt";
  std::ofstream(two_path) << tools::format_record(record_of({"l3l5", "g15g13"}, 2));
  std::ofstream(three_path) << tools::format_record(three);
  ASSERT_TRUE(read_dataset({three_path}, {}).ok());
  auto mixed = read_dataset({two_path, three_path}, {});
  ASSERT_FALSE(mixed.ok());
  EXPECT_EQ(mixed.error(), "'" + three_path +
                               "': game 2 has 3 players, the games before it 2: fit each player "
                               "count on its own (each has its own scale)");

  const tools::ToolRun ran =
      tools::run_tool({TIAOQI_TUNE_BINARY, "--records", two_path, three_path});
  EXPECT_EQ(ran.status, 2);
  EXPECT_NE(ran.err.find("game 2 has 3 players, the games before it 2"), std::string::npos)
      << ran.err;
  EXPECT_TRUE(ran.out.empty()) << ran.out;
  std::remove(two_path.c_str());
  std::remove(three_path.c_str());
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
