#include "engine/perft.hpp"

#include <thread>
#include <vector>

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
    settle(after);
    return perft(after, depth);
  }
  MoveList moves;
  generate_moves(position, moves);
  if (moves.empty()) {
    Position after = position;
    settle(after);
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
    settle(after);
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

// One piece of a shared perft: a position below root move `root_index`,
// to be counted `depth` plies deep.
struct PerftTask {
  int root_index;
  Position position;
  int depth;
};

// The positions one move below `position`, as perft walks them (an
// elimination is not a move: the same depth goes on), or the position
// itself when it is a leaf or the game is over.
void expand(const Position& position, int depth, int root_index, std::vector<PerftTask>& tasks) {
  if (depth == 0 || position.is_over()) {
    tasks.push_back({root_index, position, depth});
    return;
  }
  MoveList moves;
  generate_moves(position, moves);
  if (moves.empty()) {
    Position after = position;
    settle(after);
    expand(after, depth, root_index, tasks);
    return;
  }
  for (const Move& move : moves) {
    Position child = position;
    child.play(move);
    tasks.push_back({root_index, child, depth - 1});
  }
}

// Below this depth a shared perft is not worth a thread.
constexpr int kMinSharedDepth = 4;

}  // namespace

PerftDivide perft_divide(const Position& position, int depth, const std::atomic<bool>* stop,
                         int threads) {
  PerftDivide divide{position, {}, 0, false};
  settle(divide.root_after_eliminations);
  const Position& root = divide.root_after_eliminations;
  if (depth < 1 || root.is_over()) return divide;
  MoveList moves;
  generate_moves(root, moves);
  const std::atomic<bool> never{false};
  const std::atomic<bool>& stop_flag = stop ? *stop : never;

  // Pieces a ply below the root, or two when the root has few moves, so
  // that every thread stays busy to the end.
  std::vector<PerftTask> tasks;
  const bool shared = threads > 1 && depth >= kMinSharedDepth;
  for (int i = 0; i < moves.size(); ++i) {
    Position child = root;
    child.play(moves[i]);
    if (shared && moves.size() < 8 * threads)
      expand(child, depth - 1, i, tasks);
    else
      tasks.push_back({i, child, depth - 1});
  }

  std::vector<std::uint64_t> counts(static_cast<std::size_t>(moves.size()), 0);
  std::vector<std::uint64_t> task_counts(tasks.size(), 0);
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stopped{false};
  auto work = [&] {
    bool seen_stop = false;
    for (std::size_t t = next++; t < tasks.size() && !seen_stop; t = next++) {
      task_counts[t] = checked_perft(tasks[t].position, tasks[t].depth, stop_flag, seen_stop);
    }
    if (seen_stop) stopped = true;
  };
  if (shared) {
    std::vector<std::thread> helpers;
    for (int i = 1; i < threads; ++i) helpers.emplace_back(work);
    work();
    for (std::thread& helper : helpers) helper.join();
  } else {
    work();
  }
  divide.stopped = stopped || stop_flag.load();
  if (divide.stopped) return divide;
  for (std::size_t t = 0; t < tasks.size(); ++t)
    counts[static_cast<std::size_t>(tasks[t].root_index)] += task_counts[t];
  for (int i = 0; i < moves.size(); ++i) {
    divide.counts.emplace_back(moves[i], counts[static_cast<std::size_t>(i)]);
    divide.total += counts[static_cast<std::size_t>(i)];
  }
  return divide;
}

}  // namespace tiaoqi
