// The dragons variant's search and belief (engine/search/dragons): games
// refereed in the tests, every player seeing only its own view.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/search/dragons/belief.hpp"
#include "engine/search/mcts/playout.hpp"
#include "engine/search/registry.hpp"
#include "tests/support/test_support.hpp"

namespace tiaoqi::search::dragons {
namespace {

using tiaoqi::testing::build;

RuleOptions dragons_rules() {
  RuleOptions options;
  options.variant = Variant::kDragons;
  options.players = 3;
  return options;
}

// The marks the referee, who knows every dragon (`truth`), puts on a move.
DragonMarks marks_of(const Position& truth, Move move) {
  DragonMarks marks;
  const Rules& rules = truth.rules();
  const int mover = rules.player_of(truth.army_at(move.from));
  if (truth.dragons().test(move.from))
    for (int army = 0; army < kArmies; ++army)
      if ((rules.seated_armies() >> army & 1) && rules.player_of(army) != mover &&
          rules.geometry().arm(army).test(move.to))
        marks.revealed = true;
  marks.captured = truth.army_at(move.to) >= 0 && truth.dragons().test(move.to);
  return marks;
}

// A refereed game: the truth and each player's view of it (its own dragon,
// the moves with their marks).
struct Refereed {
  explicit Refereed(const std::array<const char*, 3>& dragons)
      : truth(start(dragons, {0, 1, 2})),
        views{Game(start(dragons, {0})), Game(start(dragons, {1})), Game(start(dragons, {2}))} {}

  static GameSetup start(const std::array<const char*, 3>& dragons, std::vector<int> known) {
    GameSetup setup = tiaoqi::testing::start_of(dragons_rules());
    for (int p : known) {
      const auto hole = setup.position.geometry().parse_hole(dragons[static_cast<std::size_t>(p)]);
      EXPECT_TRUE(hole && setup.position.army_at(*hole) == 2 * p) << dragons[p];
      if (hole) setup.position.set_dragon(*hole, true);
    }
    return setup;
  }

  void play(Move move) {
    const DragonMarks marks = marks_of(truth.position(), move);
    truth.play(move);
    for (Game& view : views) view.play(move, marks);
  }

  Game truth;
  std::array<Game, 3> views;
};

// A move of a playout that also captures and goes home, drawn from `random`.
Move some_move(const Position& position, util::Random& random) {
  MoveList moves;
  generate_moves(position, moves);
  for (const Move& move : moves)
    if (position.army_at(move.to) >= 0 && random.unit() < 0.3) return move;
  PieceMoveList by_piece;
  generate_moves(position, by_piece);
  return mcts::playout_move(position, by_piece, 0.3, random);
}

void expect_consistent(const Belief& belief, const Game& view, const Game& truth,
                       const std::string& where) {
  const Position& seen = view.position();
  const Position& real = truth.position();
  for (int p = 0; p < 3; ++p) {
    if (belief.out(p)) {
      EXPECT_TRUE(real.is_eliminated(p)) << where;
      continue;
    }
    const Bitboard pieces = seen.pieces_of(p);
    double total = 0;
    for (int h = 0; h < seen.geometry().hole_count(); ++h) {
      const double share = belief.probability(p, static_cast<Hole>(h));
      EXPECT_GE(share, 0) << where;
      if (!pieces.test(h)) {
        EXPECT_EQ(share, 0) << where << " player " << p + 1;
      }
      total += share;
    }
    EXPECT_NEAR(total, 1, 1e-9) << where;
    const Bitboard dragon = real.pieces_of(p) & real.dragons();
    ASSERT_TRUE(dragon.any()) << where;
    const Hole true_hole = static_cast<Hole>(dragon.lowest());
    // The truth is always possible; a dragon the view knows is certain.
    EXPECT_GT(belief.probability(p, true_hole), 0) << where << " player " << p + 1;
    if (seen.dragons().test(true_hole)) {
      EXPECT_EQ(belief.probability(p, true_hole), 1) << where;
      EXPECT_EQ(belief.top(p), true_hole) << where;
    }
  }
}

TEST(DragonsBelief, NeverWeighsAPieceThatCannotBeTheDragon) {
  const std::array<std::array<const char*, 3>, 4> dragon_sets = {{
      {"m1", "a13", "m13"},
      {"k3", "c11", "j13"},
      {"l4", "d13", "l11"},
      {"j4", "b12", "k13"},
  }};
  int positions = 0, captures = 0, reveals = 0;
  for (unsigned game_index = 0; game_index < 8; ++game_index) {
    Refereed game(dragon_sets[game_index % dragon_sets.size()]);
    util::Random random(util::mix64(game_index + 1));
    for (int ply = 0; ply < 160 && !game.truth.position().is_over(); ++ply) {
      const Position& truth = game.truth.position();
      const Move move = some_move(truth, random);
      const DragonMarks marks = marks_of(truth, move);
      captures += truth.army_at(move.to) >= 0;
      reveals += marks.revealed;
      game.play(move);
      if (game.truth.position().is_over()) break;
      const int mover = game.truth.position().side_to_move();
      const Game& view = game.views[static_cast<std::size_t>(mover)];
      ASSERT_EQ(view.position().is_over(), false);
      for (const DragonBelief model :
           {DragonBelief::kBehaviour, DragonBelief::kUniform, DragonBelief::kSingle}) {
        const Belief belief = infer_belief(view, model);
        expect_consistent(belief, view, game.truth,
                          "game " + std::to_string(game_index) + " ply " + std::to_string(ply));
        // The player's own dragon is always known to it.
        EXPECT_TRUE(belief.known(mover));
      }
      ++positions;
    }
  }
  // The games saw what the rules of inference are about.
  EXPECT_GT(positions, 500);
  EXPECT_GT(captures, 20);
  EXPECT_GT(reveals, 0);
}

// The first legal move of the piece on `from` whose end satisfies `wanted`.
template <class Wanted>
Move move_from(const Position& position, const char* from, Wanted wanted) {
  const Hole start = *position.geometry().parse_hole(from);
  MoveList moves;
  generate_moves(position, moves);
  for (const Move& move : moves)
    if (move.from == start && wanted(move.to)) return move;
  ADD_FAILURE() << "no such move from " << from;
  return Move{};
}

TEST(DragonsBelief, ACapturedPieceAndAnUnrevealedVisitorAreNotTheDragon) {
  // a (dragon m1) takes c's piece on i11 without '#'; then c's j12 ends a
  // move in e's home without '*'.
  const GameSetup setup = build(dragons_rules(), {{'A', "m1"},
                                                  {'a', "i9"},
                                                  {'c', "i10"},
                                                  {'c', "i11"},
                                                  {'c', "j12"},
                                                  {'c', "a13"},
                                                  {'e', "m13"},
                                                  {'e', "l12"}});
  Game view(setup);
  const Geometry& geometry = view.position().geometry();
  ASSERT_TRUE(view.play("i9i11"));
  const Belief after_capture = infer_belief(view, DragonBelief::kUniform);
  EXPECT_EQ(after_capture.probability(1, *geometry.parse_hole("i11")), 0);
  EXPECT_NEAR(after_capture.probability(1, *geometry.parse_hole("i10")), 1.0 / 3, 1e-9);
  const Bitboard e_home = geometry.arm(4);
  const Move visit = move_from(view.position(), "j12", [&](Hole to) { return e_home.test(to); });
  ASSERT_FALSE(visit.is_none());
  view.play(visit);
  const Belief after_visit = infer_belief(view, DragonBelief::kUniform);
  EXPECT_EQ(after_visit.probability(1, visit.to), 0);
  EXPECT_NEAR(after_visit.probability(1, *geometry.parse_hole("i10")), 0.5, 1e-9);
  EXPECT_NEAR(after_visit.probability(1, *geometry.parse_hole("a13")), 0.5, 1e-9);
}

// Whether a player other than the owner of the piece on `hole` could take
// it with its next move.
bool capturable_on(const Position& position, Hole hole) {
  const int owner = position.rules().player_of(position.army_at(hole));
  for (int other = 0; other < 3; ++other) {
    if (other == owner || position.is_eliminated(other)) continue;
    Position turn = position;
    turn.set_side_to_move(other);
    MoveList moves;
    generate_moves(turn, moves);
    for (const Move& move : moves)
      if (move.to == hole) return true;
  }
  return false;
}

TEST(DragonsBelief, APieceMovedOutOfReachGainsWeight) {
  // c to move: a's i8 can jump over a's i9 and take c's i10, which c moves
  // to a hole out of everybody's reach.
  const GameSetup setup = build(dragons_rules(),
                                {{'A', "m1"},
                                 {'a', "i8"},
                                 {'a', "i9"},
                                 {'c', "i10"},
                                 {'c', "a13"},
                                 {'c', "b13"},
                                 {'e', "m13"}},
                                2);
  Game view(setup);
  ASSERT_TRUE(capturable_on(view.position(), *view.position().geometry().parse_hole("i10")));
  const Move escape = move_from(view.position(), "i10", [&](Hole to) {
    Position after = view.position();
    after.play(Move{*after.geometry().parse_hole("i10"), to});
    return !capturable_on(after, to);
  });
  ASSERT_FALSE(escape.is_none());
  view.play(escape);
  // Against the same prior without the evidence of moves.
  const Belief behaviour = infer_belief(view, DragonBelief::kBehaviour);
  const Belief prior = infer_belief(view, DragonBelief::kBehaviour, {1, 1});
  const Belief uniform = infer_belief(view, DragonBelief::kUniform);
  EXPECT_NEAR(uniform.probability(1, escape.to), 1.0 / 3, 1e-9);
  EXPECT_GT(behaviour.probability(1, escape.to), prior.probability(1, escape.to));
}

TEST(DragonsBelief, InfoNamesTheThreeLikeliestHolesOfEachOpponent) {
  const GameSetup setup = tiaoqi::testing::start_of(dragons_rules());
  Position start = setup.position;
  start.set_dragon(*start.geometry().parse_hole("m1"), true);
  const Game view(GameSetup{setup.rules, start});
  // Every piece alike: the first three holes of each home (from row 1 up),
  // a tenth each.
  EXPECT_EQ(infer_belief(view, DragonBelief::kUniform).describe(view.position(), 0),
            "belief p2 d10 0.10 c11 0.10 d11 0.10 p3 m10 0.10 l11 0.10 m11 0.10");
  // As this engine would choose: the tips first.
  const std::string text =
      infer_belief(view, DragonBelief::kBehaviour).describe(view.position(), 0);
  EXPECT_EQ(text.substr(0, 15), "belief p2 a13 0");
  EXPECT_NE(text.find(" p3 m13 0"), std::string::npos) << text;
}

SearchResult search(const Game& view, std::uint64_t nodes, std::int64_t seed = 1,
                    DragonBelief model = DragonBelief::kBehaviour,
                    std::vector<std::string>* infos = nullptr) {
  SearchState state(16);
  SearchParams params;
  params.seed = seed;
  params.dragon_belief = model;
  SearchLimits limits;
  limits.nodes = nodes;
  SearchControl control;
  control.start(TimeBudget{}, limits.nodes, false);
  const InfoSink sink = [infos](const SearchInfo& line) {
    if (infos && !line.text.empty()) infos->push_back(line.text);
  };
  const SearchPlan plan = plan_search(view.position(), params, limits, 0);
  return run_search({view, params, limits, plan, control, sink, state});
}

bool is_legal(const Position& position, Move move) {
  MoveList moves;
  generate_moves(position, moves);
  return moves.contains(move);
}

TEST(DragonsSearch, PlaysLegalMovesThroughRefereedGames) {
  int searched = 0;
  for (unsigned game_index = 0; game_index < 3; ++game_index) {
    Refereed game({"l3", "c11", "k12"});
    util::Random random(util::mix64(100 + game_index));
    for (int ply = 0; ply < 120 && !game.truth.position().is_over(); ++ply) {
      const int mover = game.truth.position().side_to_move();
      Move move = some_move(game.truth.position(), random);
      if (ply % 7 == 3) {
        const Game& view = game.views[static_cast<std::size_t>(mover)];
        const SearchResult result = search(view, 150, game_index, DragonBelief::kBehaviour);
        ASSERT_TRUE(is_legal(view.position(), result.best))
            << "ply " << ply << ": " << position_string(view.position()) << " "
            << (result.best.is_none() ? "none"
                                      : move_ends_text(view.position().geometry(), result.best));
        move = result.best;
        ++searched;
      }
      game.play(move);
    }
  }
  EXPECT_GT(searched, 20);
}

TEST(DragonsSearch, TwoWorldsThatDifferInHiddenDragonsGetTheSameMove) {
  // a's dragon is m1 in both; c's and e's differ. The same moves are
  // played in both worlds (when their marks would tell the worlds apart,
  // another move is drawn), and a sees the same in both.
  Refereed first({"m1", "a13", "m13"});
  Refereed second({"m1", "c11", "k12"});
  util::Random random(77);
  for (int ply = 0; ply < 45; ++ply) {
    Move move;
    for (int tries = 0; tries < 50; ++tries) {
      move = some_move(first.truth.position(), random);
      const DragonMarks a = marks_of(first.truth.position(), move);
      const DragonMarks b = marks_of(second.truth.position(), move);
      if (a.revealed == b.revealed && a.captured == b.captured && !a.captured) break;
    }
    first.play(move);
    second.play(move);
  }
  ASSERT_FALSE(first.views[0].position().is_over());
  ASSERT_EQ(first.views[0].position().side_to_move(), 0);
  ASSERT_NE(first.truth.position().dragons(), second.truth.position().dragons());
  EXPECT_EQ(position_string(first.views[0].position()),
            position_string(second.views[0].position()));
  std::vector<std::string> first_infos, second_infos;
  const SearchResult a = search(first.views[0], 800, 3, DragonBelief::kBehaviour, &first_infos);
  const SearchResult b = search(second.views[0], 800, 3, DragonBelief::kBehaviour, &second_infos);
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(first_infos, second_infos);
  ASSERT_FALSE(first_infos.empty());
  EXPECT_EQ(first_infos.front().substr(0, 7), "belief ");
}

TEST(DragonsSearch, CapturesTheLastEnemyDragon) {
  // c has lost; e's dragon was revealed on i11, where a's i9 can take it
  // over c's i10.
  GameSetup setup = build(dragons_rules(), {{'A', "m1"},
                                            {'a', "i9"},
                                            {'a', "l3"},
                                            {'c', "i10"},
                                            {'c', "a13"},
                                            {'E', "i11"},
                                            {'e', "m13"}});
  setup.position.set_eliminated(1);
  const Game view(setup);
  const SearchResult result = search(view, 500);
  const Geometry& geometry = view.position().geometry();
  EXPECT_EQ(move_ends_text(geometry, result.best), "i9i11");
}

TEST(DragonsSearch, CompletesItsGroupInAnotherHome) {
  // a's dragon on c12 stands in c's home; its only other piece, on e12,
  // joins it with one step (or the dragon steps next to it).
  const GameSetup setup =
      build(dragons_rules(),
            {{'A', "c12"}, {'a', "e12"}, {'c', "i10"}, {'c', "i11"}, {'e', "m13"}, {'e', "j5"}});
  const Game view(setup);
  ASSERT_FALSE(view.position().is_over());
  const SearchResult result = search(view, 500);
  Position after = view.position();
  after.play(result.best);
  EXPECT_TRUE(after.is_over());
  EXPECT_EQ(after.place_of(0), 0);
}

TEST(DragonsSearch, MovesItsDragonOutOfReach) {
  // c's i11 can jump over a's i10 and take a's dragon on i9: a saves it.
  const GameSetup setup = build(dragons_rules(), {{'A', "i9"},
                                                  {'a', "i10"},
                                                  {'a', "m1"},
                                                  {'a', "l2"},
                                                  {'c', "i11"},
                                                  {'c', "a13"},
                                                  {'e', "m13"},
                                                  {'e', "l13"}});
  const Game view(setup);
  for (const std::int64_t seed : {1, 2, 3}) {
    const SearchResult result = search(view, 3000, seed);
    Position after = view.position();
    after.play(result.best);
    ASSERT_FALSE(after.is_over());
    const Bitboard dragon = after.pieces_of(0) & after.dragons();
    ASSERT_TRUE(dragon.any());
    for (const int next : {1, 2}) {
      Position turn = after;
      turn.set_side_to_move(next);
      MoveList replies;
      generate_moves(turn, replies);
      for (const Move& reply : replies)
        EXPECT_FALSE(dragon.test(reply.to))
            << "seed " << seed << ": after " << move_ends_text(after.geometry(), result.best)
            << " player " << next + 1 << " takes the dragon";
    }
  }
}

}  // namespace
}  // namespace tiaoqi::search::dragons
