#include "engine/rules.hpp"

#include <algorithm>
#include <vector>

#include "engine/util/text.hpp"

namespace tiaoqi {
namespace {

struct StandardSeating {
  int players;
  int armies_per_player;
  const char* seating;
};

// docs/rules.md, section "Players and armies".
constexpr StandardSeating kStandardSeatings[] = {
    {2, 1, "a/d"}, {3, 1, "a/c/e"}, {4, 1, "a/b/d/e"}, {6, 1, "a/b/c/d/e/f"},
    {1, 1, "a"},   {2, 2, "ab/de"}, {2, 3, "abc/def"}, {3, 2, "ab/cd/ef"},
};

int opposite(int army) { return (army + 3) % kArmies; }

}  // namespace

Expected<Seating> Seating::standard(int players, int armies_per_player) {
  for (const auto& entry : kStandardSeatings) {
    if (entry.players == players && entry.armies_per_player == armies_per_player)
      return parse(entry.seating);
  }
  if (players < 1 || players > kMaxPlayers || players == 5)
    return fail("Players " + std::to_string(players) +
                " is not a valid player count (1, 2, 3, 4 or 6)");
  return fail("no seating for Players " + std::to_string(players) + " with ArmiesPerPlayer " +
              std::to_string(armies_per_player) +
              " (valid: 1x1, 2x1, 3x1, 4x1, 6x1, 2x2, 2x3, 3x2)");
}

Expected<Seating> Seating::parse(std::string_view text) {
  Seating seating;
  std::uint8_t used = 0;
  std::vector<int> current;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '/') {
      if (current.empty())
        return fail("seating " + util::quote_input(text) + " has a player with no army");
      seating.armies.push_back(current);
      current.clear();
      continue;
    }
    const char c = text[i];
    if (c < 'a' || c > 'f')
      return fail("seating " + util::quote_input(text) +
                  ": expected an army letter a-f or '/', got " +
                  util::quote_input(std::string(1, c)));
    const int army = c - 'a';
    if (used & (1u << army))
      return fail("seating " + util::quote_input(text) + " names army '" + std::string(1, c) +
                  "' twice");
    used |= static_cast<std::uint8_t>(1u << army);
    current.push_back(army);
  }
  if (seating.player_count() > kMaxPlayers)
    return fail("seating " + util::quote_input(text) + " has more than 6 players");
  return seating;
}

std::string Seating::to_string() const {
  std::string text;
  for (std::size_t p = 0; p < armies.size(); ++p) {
    if (p) text += '/';
    for (int army : armies[p]) text += army_letter(army);
  }
  return text;
}

namespace {

// Every check of a game's options against its seating and board, each
// refusal saying what the rules need (docs/rules.md, "Players and armies"
// and the options' sections).
Status check_game(const RuleOptions& options, const Seating& seating, int arm_size) {
  if (options.variant == Variant::kDragons) {
    // The hidden-dragon game is one setting: three players in a/c/e, ten
    // pieces each, the standard board.
    if (options.players != 3 || options.armies_per_player != 1)
      return fail(
          "Variant dragons is played by 3 players with 1 army each (Players 3, "
          "ArmiesPerPlayer 1), not Players " +
          std::to_string(options.players) + " with ArmiesPerPlayer " +
          std::to_string(options.armies_per_player));
    if (options.pieces_per_army != 10)
      return fail("Variant dragons is played with 10 pieces an army (PiecesPerArmy 10)");
    if (arm_size != kMaxArmSize)
      return fail("Variant dragons is played on the standard board (BoardSize 4)");
    if (seating.to_string() != "a/c/e")
      return fail("Variant dragons seats the armies a/c/e, not '" + seating.to_string() + "'");
  }
  if (arm_size < kMinArmSize || arm_size > kMaxArmSize)
    return fail("board arm size " + std::to_string(arm_size) + " is out of range 2..4");
  // The player and army counts must be one of the seatings of docs/rules.md
  // ("Players and armies").
  auto standard = Seating::standard(options.players, options.armies_per_player);
  if (!standard) return Error{standard.error()};
  if (seating.player_count() != options.players)
    return fail("seating '" + seating.to_string() + "' has " +
                std::to_string(seating.player_count()) + " players but Players is " +
                std::to_string(options.players));
  for (const auto& armies : seating.armies) {
    if (static_cast<int>(armies.size()) != options.armies_per_player)
      return fail("seating '" + seating.to_string() + "' gives a player " +
                  std::to_string(armies.size()) + " armies but ArmiesPerPlayer is " +
                  std::to_string(options.armies_per_player));
  }
  if (options.pieces_per_army != 10 && options.pieces_per_army != 15)
    return fail("PiecesPerArmy must be 10 or 15, got " + std::to_string(options.pieces_per_army));
  if (options.home_deadline < 0 || options.max_plies < 0)
    return fail("HomeDeadline and MaxPlies must not be negative");
  if (options.repetitions == 1 || options.repetitions < 0)
    return fail("Repetitions must be 0 (off) or at least 2, got " +
                std::to_string(options.repetitions));
  if (options.variant == Variant::kStandard) {
    if (options.goal_lock_in_chain && !options.goal_lock)
      return fail("GoalLockInChain extends the goal lock: it needs GoalLock true");
    if (options.equal_turns_at_once && options.equal_turns)
      return fail("EqualTurns and EqualTurnsAtOnce are two readings of equal turns; choose one");
    if (options.equal_turns_at_once && options.players != 2)
      return fail("EqualTurnsAtOnce is a rule of two-player games, not of Players " +
                  std::to_string(options.players));
    if (options.move_limit_draw && options.max_plies == 0)
      return fail("MoveLimitDraw needs a move limit (MaxPlies above 0)");
  }

  if (options.pieces_per_army == 15) {
    if (arm_size != kMaxArmSize)
      return fail("PiecesPerArmy 15 exists only on the standard board (BoardSize 4)");
    std::uint8_t seated = 0;
    for (const auto& armies : seating.armies)
      for (int army : armies) seated |= static_cast<std::uint8_t>(1u << army);
    for (int army = 0; army < kArmies; ++army) {
      const int next = (army + 1) % kArmies;
      if ((seated >> army & 1) && (seated >> next & 1))
        return fail(std::string("PiecesPerArmy 15 needs armies in non-neighbouring arms, but '") +
                    army_letter(army) + "' and '" + army_letter(next) + "' are neighbours");
    }
  }
  return Done{};
}

}  // namespace

Expected<Rules> Rules::make(const RuleOptions& options) {
  auto seating = Seating::standard(options.players, options.armies_per_player);
  if (!seating) return Error{seating.error()};
  if (options.board_size < kMinArmSize || options.board_size > kMaxArmSize)
    return fail("BoardSize " + std::to_string(options.board_size) + " is out of range 2..4");
  return make(options, *seating, options.board_size);
}

Expected<Rules> Rules::make(const RuleOptions& options, const Seating& seating, int arm_size) {
  if (Status checked = check_game(options, seating, arm_size); !checked)
    return Error{checked.error()};
  Rules rules;
  rules.options_ = options;
  if (rules.dragons()) {
    // The options of the race to the target do not apply to the dragons
    // (docs/rules.md, "The dragons variant"): the hot path reads them off.
    rules.options_.long_jumps = rules.options_.foreign_stop = rules.options_.goal_lock =
        rules.options_.goal_lock_in_chain = rules.options_.swap_rule = rules.options_.equal_turns =
            rules.options_.equal_turns_at_once = false;
    rules.options_.home_deadline = 0;
  }
  const RuleOptions& read = rules.options_;
  rules.generator_ = read.long_jumps           ? Generator::kLongJumps
                     : read.goal_lock_in_chain ? Generator::kShortJumpsChainLock
                                               : Generator::kShortJumps;
  rules.bulk_count_ = rules.generator_ == Generator::kShortJumps && !read.swap_rule &&
                      read.variant != Variant::kDragons;
  rules.seating_ = seating;
  rules.geometry_ = &Geometry::of(arm_size);
  rules.player_count_ = seating.player_count();
  rules.player_of_.fill(kNoPlayer);
  for (int p = 0; p < rules.player_count_; ++p) {
    for (int army : seating.armies[p]) {
      rules.player_of_[army] = p;
      rules.armies_of_[p] |= static_cast<std::uint8_t>(1u << army);
      rules.seated_armies_ |= static_cast<std::uint8_t>(1u << army);
    }
  }

  const bool wide = options.pieces_per_army == 15;
  for (int army = 0; army < kArmies; ++army) rules.fill_army(army, wide);
  rules.home_size_ = rules.home_[0].count();
  for (int p = 0; p < rules.player_count_; ++p) {
    for (int army : seating.armies[p]) {
      rules.homes_of_[p] |= rules.home_[army];
      rules.targets_of_[p] |= rules.target_[army];
    }
  }
  return rules;
}

void Rules::fill_army(int army, bool wide) {
  const Geometry& geometry = *geometry_;
  home_[army] = wide ? geometry.wide_arm(army) : geometry.arm(army);
  target_[army] = wide ? geometry.wide_arm(opposite(army)) : geometry.arm(opposite(army));
  // In the dragons variant a piece may stop anywhere.
  stop_allowed_[army] = options_.foreign_stop || options_.variant == Variant::kDragons
                            ? geometry.all_holes()
                            : geometry.hexagon() | home_[army] | target_[army];
  target_tips_[army] = geometry.tip(opposite(army));
  for (int h = 0; h < geometry.hole_count(); ++h)
    tip_distances_[army][h] =
        static_cast<std::uint8_t>(geometry.distance(static_cast<Hole>(h), target_tips_[army]));
  for (int h = 0; h < geometry.hole_count(); ++h) {
    int count = 0;
    for (int d = 0; d < kDirections; ++d) {
      const Hole landing = geometry.beyond(static_cast<Hole>(h), d);
      if (landing == kNoHole || tip_distances_[army][landing] >= tip_distances_[army][h] ||
          count == kMaxForwardJumps)
        continue;
      // A jump changes the tip distance by at most 2 and at least -2, and
      // at most three of the six directions lead nearer the tip.
      forward_jumps_[army][h][count++] = {geometry.neighbour(static_cast<Hole>(h), d), landing};
      forward_grid_[army][d][geometry.parity_class(static_cast<Hole>(h))].set(
          geometry.grid_bit(static_cast<Hole>(h)));
    }
  }
  for (int h : geometry.all_holes()) {
    const int distance = tip_distances_[army][h];
    for (int bit = 0; bit < kDistanceBits; ++bit)
      if (distance >> bit & 1) tip_distance_bits_[army][bit].set(h);
    for (int d = 0; d <= distance && d <= kMaxTipDistance; ++d)
      tip_distance_at_least_[army][d].set(h);
  }
  std::vector<int> target_distances;
  for (int h : target_[army]) target_distances.push_back(tip_distances_[army][h]);
  std::sort(target_distances.begin(), target_distances.end());
  int sum = 0;
  for (std::size_t k = 0; k < target_distances.size(); ++k) {
    sum += target_distances[k];
    best_tip_sums_[army][k + 1] = static_cast<std::uint8_t>(sum);
  }
  for (int c = 0; c < kParityClasses; ++c) {
    stop_allowed_grid_[army][c] = geometry.to_grid(stop_allowed_[army], c);
    target_grid_[army][c] = geometry.to_grid(target_[army], c);
  }
  for (int h : geometry.all_holes()) {
    for (int d = 0; d < kDirections; ++d) {
      const Hole step = geometry.neighbour(static_cast<Hole>(h), d);
      if (step != kNoHole && stop_allowed_[army].test(step))
        step_grid_[army][d][geometry.parity_class(static_cast<Hole>(h))].set(
            geometry.grid_bit(static_cast<Hole>(h)));
    }
  }
  if (seated_armies_ >> army & 1)
    for (int h : target_[army]) target_armies_[h] |= static_cast<std::uint8_t>(1u << army);
}

}  // namespace tiaoqi
