#include "engine/perft.hpp"

#include "engine/game.hpp"
#include "engine/movegen.hpp"

namespace tiaoqi {

std::uint64_t perft(const Position& position, int depth) {
  // A move that ends the game is a leaf like any other; below it, nothing.
  if (depth == 0) return 1;
  if (position.is_over()) return 0;
  if (depth == 1) {
    // Bulk counting: the last ply only needs the number of moves.
    const int count = count_moves(position);
    if (count > 0) return static_cast<std::uint64_t>(count);
    Position after = position;
    after.eliminate_side_to_move();
    return perft(after, depth);
  }
  MoveList moves;
  generate_moves(position, moves);
  if (moves.empty()) {
    Position after = position;
    after.eliminate_side_to_move();
    return perft(after, depth);
  }
  std::uint64_t nodes = 0;
  for (const Move& move : moves) {
    Position child = position;
    child.play(move);
    nodes += perft(child, depth - 1);
  }
  return nodes;
}

namespace {

// perft() with a stop check above the poll depth.
std::uint64_t checked_perft(const Position& position, int depth, const std::atomic<bool>& stop,
                            bool& stopped) {
  if (depth <= kDividePollDepth || position.is_over()) return perft(position, depth);
  if (stop.load(std::memory_order_relaxed)) {
    stopped = true;
    return 0;
  }
  MoveList moves;
  generate_moves(position, moves);
  if (moves.empty()) {
    Position after = position;
    after.eliminate_side_to_move();
    return checked_perft(after, depth, stop, stopped);
  }
  std::uint64_t nodes = 0;
  for (const Move& move : moves) {
    Position child = position;
    child.play(move);
    nodes += checked_perft(child, depth - 1, stop, stopped);
    if (stopped) break;
  }
  return nodes;
}

}  // namespace

PerftDivide perft_divide(const Position& position, int depth, const std::atomic<bool>* stop) {
  PerftDivide divide{position, {}, 0, false};
  settle(divide.root_after_eliminations);
  const Position& root = divide.root_after_eliminations;
  if (depth < 1 || root.is_over()) return divide;
  MoveList moves;
  generate_moves(root, moves);
  for (const Move& move : moves) {
    Position child = root;
    child.play(move);
    const std::uint64_t count =
        stop ? checked_perft(child, depth - 1, *stop, divide.stopped) : perft(child, depth - 1);
    if (divide.stopped) break;
    divide.counts.emplace_back(move, count);
    divide.total += count;
  }
  return divide;
}

}  // namespace tiaoqi
