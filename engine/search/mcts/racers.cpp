#include "engine/search/mcts/racers.hpp"

#include <algorithm>

#include "engine/movegen.hpp"
#include "engine/search/movepick.hpp"

namespace tiaoqi::search::mcts {

RacerTally tally_racers(const std::vector<Position>& history, const std::vector<Move>& moves,
                        int window) {
  RacerTally tally;
  MoveList legal;
  const std::size_t count = std::min(moves.size(), history.size());
  const std::size_t players = history.empty() ? 0 : history[0].rules().player_count();
  const std::size_t first = count - std::min(count, players * static_cast<std::size_t>(window));
  for (std::size_t i = count; i-- > first;) {
    const Position& before = history[i];
    generate_moves(before, legal);
    if (legal.empty()) continue;
    const auto player = static_cast<std::size_t>(before.side_to_move());
    const int played = progress_gain(before, moves[i]);
    int better = 0;
    for (const Move move : legal) better += progress_gain(before, move) > played;
    ++tally.moves[player];
    ++tally.better[player][static_cast<std::size_t>(std::min(better, RacerTally::kBins - 1))];
  }
  return tally;
}

std::array<int, kMaxPlayers> opponent_widths(const RacerTally& tally, int width, double share) {
  std::array<int, kMaxPlayers> widths;
  widths.fill(width);
  if (share <= 0) return widths;
  for (std::size_t p = 0; p < widths.size(); ++p) {
    if (tally.moves[p] < kRacerEvidence) continue;
    // The moves with fewer than k better ones are among the k of most
    // progress; the last bin stands for moves far down the order: all.
    int covered = 0, k = 0;
    while (k < RacerTally::kBins - 1 && covered < share * tally.moves[p])
      covered += tally.better[p][static_cast<std::size_t>(k++)];
    widths[p] = covered < share * tally.moves[p] ? 0 : k;
  }
  return widths;
}

}  // namespace tiaoqi::search::mcts
