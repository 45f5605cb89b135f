#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/util/expected.hpp"
#include "tools/match/engine_reply.hpp"

namespace tiaoqi::match {

// Ending a two-player game early when both engines agree on it, like
// cutechess-cli's -resign and -draw (docs/match.md, "Adjudication"). A
// score is in centi-steps from the mover's view; a proved win or loss
// counts as beyond every threshold.
struct ResignRule {
  int moves = 3;  // moves of each engine in a row
  long long score = 1000;
};
struct DrawRule {
  int moves = 8;
  long long score = 20;
  int after = 40;  // game plies (book moves not counted) before it may apply
};
struct AdjudicationConfig {
  std::optional<ResignRule> resign;
  std::optional<DrawRule> draw;
  bool any() const { return resign || draw; }
};

// "moves=3 score=1000" (--resign) and "moves=8 score=20 after=40" (--draw),
// any order, each optional.
Expected<ResignRule> parse_resign(const std::vector<std::string>& words);
Expected<DrawRule> parse_draw(const std::vector<std::string>& words);

// The scores of one game, move by move, and what they agree on.
class Adjudicator {
 public:
  Adjudicator(const AdjudicationConfig& config, int players);
  // The score an engine gave with its move (none: no info line with a
  // score), which breaks every run.
  void record(int player, const SearchInfo& info);
  // Both engines have agreed, for the last `moves` moves of each, that
  // `player` is lost: its own scores at -score or below, the other's at
  // +score or above.
  bool resigns(int player) const;
  // Every engine has scored within +-score for its last `moves` moves, and
  // `plies` game plies have been played, at least `after`.
  bool draws(int plies) const;
  // What the termination tag says.
  std::string resign_text(int player) const;
  std::string draw_text() const;

 private:
  AdjudicationConfig config_;
  std::vector<int> lost_run_, won_run_, level_run_;
};

}  // namespace tiaoqi::match
