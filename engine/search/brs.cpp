#include "engine/search/brs.hpp"

#include "engine/game.hpp"
#include "engine/movegen.hpp"

namespace tiaoqi::search {

void generate_best_replies(const Position& position, int root_player, MoveList& replies) {
  replies.clear();
  const int count = position.rules().player_count();
  const int first = position.side_to_move();
  Position turn = position;
  MoveList moves;
  for (int step = 0; step < count; ++step) {
    const int player = (first + step) % count;
    if (player == root_player || position.is_eliminated(player)) continue;
    turn.set_side_to_move(player);
    generate_moves(turn, moves);
    // The list holds every move of one player; several players together
    // could pass it only in positions no game reaches.
    for (const Move& move : moves) {
      if (replies.size() == kMaxMoves) return;
      replies.add(move);
    }
  }
}

void play_best_reply(Position& position, Move reply, int root_player) {
  position.set_side_to_move(position.rules().player_of(position.army_at(reply.from)));
  position.play(reply);
  if (!position.is_over()) position.set_side_to_move(root_player);
}

void keep_turn_order(const Position& root, std::vector<Move>& line) {
  Position position = root;
  std::size_t kept = 0;
  for (; kept < line.size() && !position.is_over(); ++kept) {
    const Move move = line[kept];
    if (position.army_at(move.from) < 0 ||
        position.rules().player_of(position.army_at(move.from)) != position.side_to_move())
      break;
    position.play(move);
    settle(position);
  }
  line.resize(kept);
}

}  // namespace tiaoqi::search
