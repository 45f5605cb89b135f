#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/move.hpp"
#include "engine/position.hpp"
#include "engine/search/solitaire/effort.hpp"

namespace tiaoqi::search::solitaire {

// A crossing of the solitaire game (Players 1): moves that, played one
// after another from the root, make the army arrive.
struct Plan {
  std::vector<Move> moves;
  // No shorter crossing exists (an exhaustive search ruled them out).
  bool proven_optimal = false;
  // Every crossing from the root has at least this many moves.
  int lower_bound = 0;
};

// Finds short crossings for the single-army game: all pieces from their
// home into the opposite target in as few moves as possible.
//
// The search is anytime. A bidirectional beam search (forward from the root,
// backward from the arrived army, each side keeping the states of most
// progress along the board) meets in the middle and gives a crossing within
// milliseconds; doubling beam widths improve it. From the standard start the
// two sides are mirror images and meet at the 27-move optimum within about
// a second. Between beams an IDA* with a table of proven bounds and an
// admissible bound (pieces outside the target, and the exact distance in a
// relaxation that keeps only the number of pieces per rank) raises the
// proven lower bound until it meets the best crossing, which proves it
// optimal, or finds the optimum itself.
//
// One solver belongs to one game: the last plan is kept, and a root that
// lies on it is answered from it without searching.
class Solver {
 public:
  using StopPoll = solitaire::StopPoll;
  // (plan length, or after a completed IDA* iteration the proven lower
  // bound; nodes searched; the best plan so far).
  using ProgressSink = std::function<void(int length, std::uint64_t nodes, const Plan& plan)>;

  // The memory budget: a quarter for the table of bounds, a quarter for the
  // rank relaxation, half for the beams.
  explicit Solver(std::size_t table_megabytes = 64);
  // A solver of that budget; null when the memory cannot be had
  // (SearchState::kept).
  static std::unique_ptr<Solver> make(std::size_t table_megabytes);
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;

  // Finds a crossing from `root` (a position with one player and one army,
  // not over). Polls `should_stop(nodes)` every few thousand nodes (nodes:
  // positions generated, plus states of the rank relaxation labelled) and
  // then returns the best crossing found so far; a first crossing is
  // normally found before the first poll. The plan is empty when the root
  // is not a solitaire position or no crossing was found.
  Plan solve(const Position& root, const StopPoll& should_stop, const ProgressSink& on_progress);

  // A new game: forgets the plan and the table.
  void clear();

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tiaoqi::search::solitaire
