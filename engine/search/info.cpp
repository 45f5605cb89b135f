#include "engine/search/info.hpp"

#include "engine/search/control.hpp"
#include "engine/search/win_shares.hpp"

namespace tiaoqi::search {

void add_score_values(SearchInfo& line) {
  if (!line.root || line.root->rules().player_count() < 3) return;
  const WinShares shares = shares_of_score(*line.root, line.pv, line.score);
  line.values.assign(shares.begin(), shares.begin() + line.root->rules().player_count());
}

void report_one_ply(const Position& root, const SearchControl& control, std::uint64_t nodes,
                    int multipv, Move move, int score, const InfoSink& info) {
  if (!info) return;
  SearchInfo line;
  line.root = &root;
  line.depth = 1;
  line.seldepth = 1;
  line.time_ms = control.elapsed_ms();
  line.nodes = nodes;
  line.multipv = multipv;
  line.score = score;
  line.pv = {move};
  add_score_values(line);
  info(line);
}

void report_text(const InfoSink& info, std::string text) {
  if (!info) return;
  SearchInfo line;
  line.text = std::move(text);
  info(line);
}

}  // namespace tiaoqi::search
