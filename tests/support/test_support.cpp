#include "tests/support/test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>

namespace tiaoqi::testing {

GameSetup setup_of(const std::string& position_text, const RuleOptions& options) {
  auto setup = parse_position_string(position_text, options);
  if (!setup) ADD_FAILURE() << "cannot parse '" << position_text << "': " << setup.error();
  return *setup;
}

GameSetup start_of(const RuleOptions& options) {
  auto setup = start_setup(options);
  if (!setup) ADD_FAILURE() << setup.error();
  return *setup;
}

RuleOptions small_board(int players) {
  RuleOptions options;
  options.board_size = 2;
  options.players = players;
  return options;
}

void play(Game& game, const std::string& move) {
  const auto played = game.play(move);
  ASSERT_TRUE(played) << played.error();
}

GameSetup build(const RuleOptions& options, const std::vector<std::pair<char, std::string>>& pieces,
                int player_to_move, int move_count) {
  GameSetup setup = start_of(options);
  Position position = Position::empty(*setup.rules);
  for (const auto& [letter, name] : pieces) {
    const auto hole = setup.rules->geometry().parse_hole(name);
    if (!hole) ADD_FAILURE() << "no hole " << name;
    // An upper-case letter is a dragon (dragons variant).
    const bool dragon = letter >= 'A' && letter <= 'F';
    position.put_piece(dragon ? letter - 'A' : letter - 'a', *hole);
    if (dragon) position.set_dragon(*hole, true);
  }
  position.set_side_to_move(player_to_move - 1);
  position.set_move_count(move_count);
  // Through the position string, so the set-up checks run as for a GUI.
  return setup_of(position_string(position), options);
}

std::vector<std::string> legal_moves(const Position& position) {
  MoveList moves;
  generate_moves(position, moves);
  std::vector<std::string> texts;
  for (const Move& move : moves) texts.push_back(move_ends_text(position.geometry(), move));
  std::sort(texts.begin(), texts.end());
  return texts;
}

std::vector<std::string> destinations_of(const Position& position, const std::string& hole) {
  const Geometry& geometry = position.geometry();
  const Hole from = *geometry.parse_hole(hole);
  MoveList moves;
  generate_moves(position, moves);
  std::vector<std::string> names;
  for (const Move& move : moves)
    if (move.from == from) names.push_back(geometry.name(move.to));
  std::sort(names.begin(), names.end());
  return names;
}

namespace {

struct ReferenceBoard {
  int n;
  const Position* position;

  bool exists(Cube c) const {
    return (c.x >= -n && c.y >= -n && c.z >= -n) || (c.x <= n && c.y <= n && c.z <= n);
  }
  int hole(Cube c) const { return position->geometry().at(c.x, c.y); }
  // Depth of a hole into arm k: how far past the hexagon edge it lies.
  static int arm_depth(Cube c, int arm) {
    const int values[6] = {-c.y, c.z, -c.x, c.y, -c.z, c.x};
    return values[arm];
  }
  bool in_hexagon(Cube c) const {
    return std::abs(c.x) <= n && std::abs(c.y) <= n && std::abs(c.z) <= n;
  }
  bool in_home(Cube c, int army, bool wide) const {
    const int depth = arm_depth(c, army);
    return depth > n || (wide && depth == n && in_hexagon(c));
  }
};

Cube add(Cube c, Cube d, int k) { return Cube{c.x + k * d.x, c.y + k * d.y, c.z + k * d.z}; }

}  // namespace

std::set<std::pair<int, int>> reference_moves(const Position& position) {
  std::set<std::pair<int, int>> moves;
  if (position.is_over()) return moves;
  const RuleOptions& options = position.rules().options();
  const Geometry& geometry = position.geometry();
  const ReferenceBoard board{geometry.arm_size(), &position};
  const bool wide = options.pieces_per_army == 15;
  const int player = position.side_to_move();

  for (int start = 0; start < geometry.hole_count(); ++start) {
    const int army = position.army_at(static_cast<Hole>(start));
    if (army < 0 || position.rules().player_of(army) != player) continue;
    const int target_army = (army + 3) % 6;
    const Cube origin = geometry.cube(static_cast<Hole>(start));
    auto in_target = [&](Cube c) { return board.in_home(c, target_army, wide); };
    const bool dragons = position.rules().dragons();
    auto may_stop = [&](Cube c) {
      return dragons || options.foreign_stop || board.in_hexagon(c) ||
             board.in_home(c, army, wide) || in_target(c);
    };
    const bool locked = options.goal_lock && in_target(origin);
    auto may_land = [&](Cube c) { return !locked || in_target(c); };
    // The moving piece is lifted from its start for the whole chain.
    auto occupied = [&](Cube c) {
      const int h = board.hole(c);
      return h != start && position.army_at(static_cast<Hole>(h)) >= 0;
    };
    auto swappable = [&](Cube c) {
      if (!options.swap_rule || !in_target(c) || !occupied(c)) return false;
      const int other = position.army_at(static_cast<Hole>(board.hole(c)));
      return position.rules().player_of(other) != player;
    };

    for (const Cube d : kDirectionVectors) {
      const Cube next = add(origin, d, 1);
      if (!board.exists(next) || !may_land(next)) continue;
      if ((!occupied(next) && may_stop(next)) || swappable(next))
        moves.insert({start, board.hole(next)});
    }

    std::set<int> visited{start};
    std::function<void(Cube)> explore = [&](Cube from) {
      for (const Cube d : kDirectionVectors) {
        const int max_k = options.long_jumps ? 8 : 1;
        for (int k = 1; k <= max_k; ++k) {
          const Cube pivot = add(from, d, k);
          if (!board.exists(pivot)) break;
          if (!occupied(pivot)) continue;
          bool clear = true;
          for (int j = k + 1; j < 2 * k && clear; ++j)
            clear = board.exists(add(from, d, j)) && !occupied(add(from, d, j));
          const Cube landing = add(from, d, 2 * k);
          if (clear && board.exists(landing) && may_land(landing)) {
            const int h = board.hole(landing);
            if (!occupied(landing)) {
              if (!visited.count(h)) {
                visited.insert(h);
                if (may_stop(landing) && h != start) moves.insert({start, h});
                explore(landing);
              }
            } else if (swappable(landing) ||
                       (dragons && position.rules().player_of(
                                       position.army_at(static_cast<Hole>(h))) != player)) {
              // The swap rule's swap, or a dragons capture.
              moves.insert({start, h});
            }
          }
          break;  // only the nearest piece on a line can be jumped
        }
      }
    };
    explore(origin);
  }
  return moves;
}

Position random_playout(const Position& start, unsigned seed, int plies) {
  std::mt19937 random(seed);
  Position position = start;
  settle(position);
  for (int i = 0; i < plies && !position.is_over(); ++i) {
    MoveList moves;
    generate_moves(position, moves);
    position.play(moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(random)]);
    settle(position);
  }
  return position;
}

}  // namespace tiaoqi::testing
