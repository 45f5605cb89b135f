#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/facade/options.hpp"
#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/nnue/accumulators.hpp"
#include "engine/nnue/network.hpp"
#include "engine/search/mcts/playout.hpp"
#include "engine/util/random.hpp"
#include "tests/engine/search/fixtures.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi::nnue {
namespace {

std::shared_ptr<const Network> built_in() {
  auto network = parse_network(embedded_network());
  if (!network) return nullptr;
  return std::make_shared<const Network>(*network);
}

RuleOptions players(int count) {
  RuleOptions options;
  options.players = count;
  return options;
}

std::vector<std::uint8_t> embedded_copy() {
  const auto bytes = embedded_network();
  return {bytes.begin(), bytes.end()};
}

TEST(Network, TheBuiltInFileParses) {
  auto network = parse_network(embedded_network());
  ASSERT_TRUE(network) << network.error();
  EXPECT_GT(network->activation_one, 0);
  EXPECT_EQ(embedded_network().size(), kNetworkFileSize);
}

// Each damage is refused with a message that names what was expected.
TEST(Network, ABrokenFileIsRefusedWithAMessage) {
  {
    auto bytes = embedded_copy();
    bytes[0] = 'X';
    auto parsed = parse_network(bytes);
    ASSERT_FALSE(parsed);
    EXPECT_NE(parsed.error().find("magic 'TQNN'"), std::string::npos) << parsed.error();
  }
  {
    auto bytes = embedded_copy();
    bytes[4] = 9;
    auto parsed = parse_network(bytes);
    ASSERT_FALSE(parsed);
    EXPECT_NE(parsed.error().find("expected version 1, got 9"), std::string::npos)
        << parsed.error();
  }
  {
    auto bytes = embedded_copy();
    bytes.pop_back();
    auto parsed = parse_network(bytes);
    ASSERT_FALSE(parsed);
    EXPECT_NE(parsed.error().find("bytes, got"), std::string::npos) << parsed.error();
  }
  {
    auto bytes = embedded_copy();
    bytes[100] ^= 1;
    auto parsed = parse_network(bytes);
    ASSERT_FALSE(parsed);
    EXPECT_NE(parsed.error().find("checksum"), std::string::npos) << parsed.error();
  }
  EXPECT_FALSE(parse_network(std::vector<std::uint8_t>{}));
}

// Every army's frame turns its home onto a's home and its target onto a's
// target, so at the start every perspective's own inputs are the same.
TEST(Frame, EveryArmyRunsAsArmyADoes) {
  const GameSetup setup = tiaoqi::testing::start_of(players(6));
  const Rules& rules = setup.position.rules();
  std::set<int> own_of_a;
  for (int hole : setup.position.army(0)) own_of_a.insert(input_index(rules, 0, 0, Hole(hole)));
  for (int army = 0; army < kArmies; ++army) {
    std::set<int> own;
    for (int hole : setup.position.army(army))
      own.insert(input_index(rules, army, army, Hole(hole)));
    EXPECT_EQ(own, own_of_a) << "army " << army;
    std::set<int> target;
    for (int hole : rules.target(army)) target.insert(input_index(rules, army, army, Hole(hole)));
    std::set<int> target_of_a;
    for (int hole : rules.target(0)) target_of_a.insert(input_index(rules, 0, 0, Hole(hole)));
    EXPECT_EQ(target, target_of_a) << "army " << army;
  }
}

// After every move of random games, the accumulators followed move by
// move, and those brought up from the start in one go, equal a refresh.
TEST(Accumulators, IncrementalUpdatesEqualARefresh) {
  const auto network = built_in();
  ASSERT_TRUE(network);
  util::Random random(7);
  for (int count : {2, 3, 4, 6}) {
    RuleOptions options = players(count);
    options.swap_rule = count == 2;
    const GameSetup setup = tiaoqi::testing::start_of(options);
    Position position = setup.position;
    Accumulators followed, from_start;
    followed.refresh(*network, position);
    from_start = followed;
    MoveList moves;
    for (int ply = 0; ply < 300 && !position.is_over(); ++ply) {
      generate_moves(position, moves);
      if (moves.empty()) {
        position.eliminate_side_to_move();
        continue;
      }
      position.play(moves[static_cast<int>(random.below(moves.size()))]);
      followed.update(*network, position);
      Accumulators fresh;
      fresh.refresh(*network, position);
      for (int army = 0; army < kArmies; ++army)
        ASSERT_EQ(followed.of_army(army), fresh.of_army(army))
            << count << " players, ply " << ply << ", army " << army;
    }
    from_start.update(*network, position);
    Accumulators fresh;
    fresh.refresh(*network, position);
    for (int army = 0; army < kArmies; ++army)
      EXPECT_EQ(from_start.of_army(army), fresh.of_army(army)) << count << " players";
  }
}

// The seats that tools/nnue/train wrote with the network: the engine's
// integer cost is the trainer's integer cost, and within 16 centi-steps
// of the float network's (the rounding of the weights; a share moves by
// under 4% of itself at the scale of 461).
TEST(Network, QuantisedCostsAreTheTrainersAndNearTheFloatOnes) {
  const auto network = built_in();
  ASSERT_TRUE(network);
  std::ifstream file(TIAOQI_NETWORK_CHECK);
  ASSERT_TRUE(file) << TIAOQI_NETWORK_CHECK;
  std::string line;
  int seats = 0;
  while (std::getline(file, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    double expected_float = 0;
    int expected = 0;
    words >> expected_float >> expected;
    Accumulator accumulator = network->input_bias;
    for (int input; words >> input;) {
      ASSERT_GE(input, 0);
      ASSERT_LT(input, kInputs);
      add_column(*network, input, accumulator);
    }
    const int cost = cost_of(*network, accumulator);
    EXPECT_EQ(cost, expected) << line;
    EXPECT_LE(std::abs(cost - expected_float), 16.0) << line;
    ++seats;
  }
  EXPECT_GE(seats, 10);
}

TEST(Network, AppliesToTheStandardGameOnly) {
  EXPECT_TRUE(applies(tiaoqi::testing::start_of(players(6)).position.rules()));
  RuleOptions two_armies = players(2);
  two_armies.armies_per_player = 2;
  EXPECT_FALSE(applies(tiaoqi::testing::start_of(two_armies).position.rules()));
  RuleOptions small = players(2);
  small.board_size = 3;
  EXPECT_FALSE(applies(tiaoqi::testing::start_of(small).position.rules()));
  RuleOptions wide = players(2);
  wide.pieces_per_army = 15;
  EXPECT_FALSE(applies(tiaoqi::testing::start_of(wide).position.rules()));
}

// The network's costs move the shares of a cut-off: a player whose pieces
// are further on gets more than one still at home.
TEST(Network, CostsGiveTheShares) {
  const auto network = built_in();
  ASSERT_TRUE(network);
  const GameSetup setup = tiaoqi::testing::start_of(players(2));
  Accumulators accumulators;
  accumulators.refresh(*network, setup.position);
  const auto costs = search::mcts::network_costs(setup.position, *network, accumulators);
  EXPECT_EQ(costs[0], accumulators.cost(*network, setup.position.rules(), 0) - network->tempo);
  EXPECT_EQ(costs[1], accumulators.cost(*network, setup.position.rules(), 1));
  // The start is symmetric: the two costs differ by the tempo alone.
  EXPECT_EQ(costs[1] - costs[0], network->tempo);
}

// MCTS with the network answers legal moves at every table size.
TEST(Network, MctsWithTheNetworkPlaysLegalMoves) {
  const auto network = built_in();
  ASSERT_TRUE(network);
  for (int count : {2, 3, 4, 6}) {
    const GameSetup setup = tiaoqi::testing::start_of(players(count));
    Position position = setup.position;
    for (int move = 0; move < 3 && !position.is_over(); ++move) {
      search::testing::RunOptions options;
      options.search = "mcts";
      options.nodes = 2000;
      options.network = network;
      const auto run = search::testing::run(position, options);
      MoveList legal;
      generate_moves(position, legal);
      ASSERT_TRUE(legal.contains(run.result.best)) << count << " players, move " << move;
      position.play(run.result.best);
      settle(position);
    }
  }
}

TEST(Network, TheOptionTakesClassicOrNetworkOnly) {
  facade::Options options;
  EXPECT_EQ(options.engine.evaluation, search::Evaluation::kClassic);
  ASSERT_TRUE(facade::set_option(options, "Evaluation", "Network"));
  EXPECT_EQ(options.engine.evaluation, search::Evaluation::kNetwork);
  const Status refused = facade::set_option(options, "Evaluation", "learned");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error(), "Evaluation expects classic or network, got 'learned'");
  EXPECT_EQ(options.engine.evaluation, search::Evaluation::kNetwork);
}

}  // namespace
}  // namespace tiaoqi::nnue
