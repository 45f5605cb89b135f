#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/bitboard.hpp"
#include "engine/geometry.hpp"
#include "engine/util/expected.hpp"
#include "engine/util/spin_range.hpp"

namespace tiaoqi {

inline constexpr int kMaxPlayers = 6;
inline constexpr int kNoPlayer = -1;
// The most holes a home has: an arm plus a hexagon row (PiecesPerArmy 15).
inline constexpr int kMaxHomeSize = 15;

enum class GoalRule : std::uint8_t { kFilled, kOwn };
enum class Variant : std::uint8_t { kStandard, kDragons };

inline constexpr SpinRange kPlayersRange{2, 1, kMaxPlayers};
inline constexpr SpinRange kArmiesPerPlayerRange{1, 1, 3};
inline constexpr SpinRange kBoardSizeRange{kMaxArmSize, kMinArmSize, kMaxArmSize};
// HomeDeadline and MaxPlies: 0 is off.
inline constexpr SpinRange kRuleCountRange{0, 0, 10000};
// Repetitions: 0 is off; N draws the game when a position occurs the N-th
// time (1 is refused: every position occurs once).
inline constexpr SpinRange kRepetitionsRange{0, 0, 100};

// The rule options as the user sets them (docs/rules.md names each one);
// not yet validated.
struct RuleOptions {
  Variant variant = Variant::kStandard;
  int players = kPlayersRange.default_value;
  int armies_per_player = kArmiesPerPlayerRange.default_value;
  int pieces_per_army = 10;
  int board_size = kBoardSizeRange.default_value;
  bool long_jumps = false;
  bool foreign_stop = false;
  bool goal_lock = false;
  // With goal_lock: a landing in the target during a chain locks the piece
  // for the rest of the chain too.
  bool goal_lock_in_chain = false;
  bool swap_rule = false;
  bool equal_turns = false;
  // Two players: the game ends at the move that completes a target, except
  // that player 1 completing with its own pieces draws when player 2 could
  // complete its own with its next move.
  bool equal_turns_at_once = false;
  GoalRule goal_rule = GoalRule::kFilled;
  int home_deadline = kRuleCountRange.default_value;
  int max_plies = kRuleCountRange.default_value;
  // At max_plies the game is drawn rather than ranked by distance.
  bool move_limit_draw = false;
  int repetitions = kRepetitionsRange.default_value;

  bool operator==(const RuleOptions&) const = default;
};

// The armies of each player, players in turn order (army 0 = 'a').
struct Seating {
  std::vector<std::vector<int>> armies;

  int player_count() const { return static_cast<int>(armies.size()); }
  // The seating of docs/rules.md ("Players and armies") for a player and
  // army count.
  static Expected<Seating> standard(int players, int armies_per_player);
  // "a/c/e", "ab/de"; elimination marks are handled by the position parser.
  static Expected<Seating> parse(std::string_view text);
  std::string to_string() const;
  bool operator==(const Seating&) const = default;
};

// Validated rules: options plus seating plus board, with every mask the move
// generator and the end-of-game checks read, derived once.
class Rules {
 public:
  // Checks that the options, the seating and the arm size make a valid game.
  static Expected<Rules> make(const RuleOptions& options, const Seating& seating, int arm_size);
  // The standard seating and the BoardSize option.
  static Expected<Rules> make(const RuleOptions& options);

  const RuleOptions& options() const { return options_; }
  // Which move generator the rules need, chosen once here so that the
  // generator's inner loops never test the rarer options.
  enum class Generator : std::uint8_t { kShortJumps, kShortJumpsChainLock, kLongJumps };
  Generator generator() const { return generator_; }
  // perft's bulk count (jump_count.hpp) applies: short jumps, no swap, no
  // dragons, no lock inside a chain.
  bool bulk_count() const { return bulk_count_; }
  // The hidden-dragon variant: captures, no targets, a won group instead.
  bool dragons() const { return options_.variant == Variant::kDragons; }
  const Geometry& geometry() const { return *geometry_; }
  const Seating& seating() const { return seating_; }
  int player_count() const { return player_count_; }
  // Pieces an army has at the start (its home's size).
  int home_size() const { return home_size_; }

  // Bit mask of army indices seated, and of each player's armies.
  std::uint8_t seated_armies() const { return seated_armies_; }
  std::uint8_t armies_of(int player) const { return armies_of_[player]; }
  int player_of(int army) const { return player_of_[army]; }

  Bitboard home(int army) const { return home_[army]; }
  Bitboard target(int army) const { return target_[army]; }
  // Every home of a player's armies (for the home deadline).
  Bitboard homes_of(int player) const { return homes_of_[player]; }
  // Every target of a player's armies.
  Bitboard targets_of(int player) const { return targets_of_[player]; }
  // Holes where a piece of this army may end its move.
  Bitboard stop_allowed(int army) const { return stop_allowed_[army]; }
  // References into arrays of the four classes, which the vector count
  // (jump_count.cpp) loads at once.
  const GridBitboard& stop_allowed_grid(int army, int parity_class) const {
    return stop_allowed_grid_[army][parity_class];
  }
  // The nodes of a class grid whose neighbour in `direction` is a hole
  // where a piece of the army may end a step (empty or not).
  const GridBitboard& step_grid(int army, int direction, int parity_class) const {
    return step_grid_[army][direction][parity_class];
  }
  // The nodes of a class grid whose jump in `direction` lands nearer the
  // army's target tip (the forward jumps above, by direction).
  const GridBitboard& forward_grid(int army, int direction, int parity_class) const {
    return forward_grid_[army][direction][parity_class];
  }
  // The armies (bit mask) whose target holds the hole.
  std::uint8_t target_armies(Hole h) const { return target_armies_[h]; }
  GridBitboard target_grid(int army, int parity_class) const {
    return target_grid_[army][parity_class];
  }
  // The far tip of the army's target, for move-limit adjudication.
  Hole target_tip(int army) const { return target_tips_[army]; }
  // Hex distance from a hole to the army's target tip.
  int tip_distance(int army, Hole h) const { return tip_distances_[army][h]; }
  // The holes whose tip distance has bit `bit` set, and those at a tip
  // distance of `distance` or more: a sum and a maximum of tip distances
  // over a set of pieces take a few population counts.
  static constexpr int kDistanceBits = 5;
  static constexpr int kMaxTipDistance = 16;
  Bitboard tip_distance_bit(int army, int bit) const { return tip_distance_bits_[army][bit]; }
  Bitboard tip_distance_at_least(int army, int distance) const {
    return tip_distance_at_least_[army][distance];
  }
  // The smallest sum of tip distances `count` pieces of the army can have
  // (the target's holes nearest the tip); count is at most home_size().
  int best_tip_distance_sum(int army, int count) const { return best_tip_sums_[army][count]; }
  // The single jumps from a hole that land nearer the army's target tip:
  // (pivot, landing) pairs, kNoHole-terminated (the evaluation's ladders).
  struct Jump {
    Hole pivot = kNoHole;
    Hole landing = kNoHole;
  };
  static constexpr int kMaxForwardJumps = 4;
  const std::array<Jump, kMaxForwardJumps>& forward_jumps(int army, Hole h) const {
    return forward_jumps_[army][h];
  }

 private:
  // The tables of one army (homes, targets, distances, grids) for an army
  // of 15 pieces (`wide`) or 10.
  void fill_army(int army, bool wide);
  RuleOptions options_;
  Generator generator_ = Generator::kShortJumps;
  bool bulk_count_ = true;
  Seating seating_;
  const Geometry* geometry_ = nullptr;
  int player_count_ = 0;
  int home_size_ = 0;
  std::uint8_t seated_armies_ = 0;
  std::array<std::uint8_t, kMaxPlayers> armies_of_{};
  std::array<int, kArmies> player_of_{};
  std::array<Bitboard, kArmies> home_{}, target_{}, stop_allowed_{};
  std::array<Bitboard, kMaxPlayers> homes_of_{}, targets_of_{};
  std::array<std::array<GridBitboard, kParityClasses>, kArmies> stop_allowed_grid_{},
      target_grid_{};
  std::array<std::array<std::array<GridBitboard, kParityClasses>, kDirections>, kArmies>
      step_grid_{};
  std::array<std::uint8_t, kMaxHoles> target_armies_{};
  std::array<std::array<std::array<GridBitboard, kParityClasses>, kDirections>, kArmies>
      forward_grid_{};
  std::array<Hole, kArmies> target_tips_{};
  std::array<std::array<std::uint8_t, kMaxHoles>, kArmies> tip_distances_{};
  std::array<std::array<Bitboard, kDistanceBits>, kArmies> tip_distance_bits_{};
  std::array<std::array<Bitboard, kMaxTipDistance + 2>, kArmies> tip_distance_at_least_{};
  std::array<std::array<std::uint8_t, kMaxHomeSize + 1>, kArmies> best_tip_sums_{};
  std::array<std::array<std::array<Jump, kMaxForwardJumps>, kMaxHoles>, kArmies> forward_jumps_{};
};

inline char army_letter(int army) { return static_cast<char>('a' + army); }

}  // namespace tiaoqi
