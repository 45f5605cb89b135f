#include "protocol/format.hpp"

#include <algorithm>

#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/search/levels.hpp"

namespace tiaoqi::protocol {

std::string score_text(int score) {
  if (is_win(score)) return "win " + std::to_string(plies_to_result(score));
  if (is_loss(score)) return "loss " + std::to_string(plies_to_result(score));
  return "cp " + std::to_string(score);
}

std::string pv_text(const Position& root, const std::vector<Move>& pv) {
  std::string text;
  Position position = root;
  for (const Move& move : pv) {
    if (position.is_over()) break;
    if (!text.empty()) text += ' ';
    text += move_text(position, move);
    position.play(move);
    settle(position);
  }
  return text;
}

namespace {

// The thousandths of a share printed per player in `values`.
constexpr int kValueUnits = 1000;

// " values 0.412 0.301 0.000 0.287": one share per seat, in seat order; a
// seat already out at the root has 0, and the shares of the others are
// written in thousandths rounded so that they sum to exactly 1 (the
// largest remainders round up). A GUI reads the n-th number as seat n's.
std::string values_text(const Position& root, const std::vector<double>& values) {
  const int seat_count = root.rules().player_count();
  std::vector<int> seats;
  for (int p = 0; p < seat_count && p < static_cast<int>(values.size()); ++p)
    if (!root.is_eliminated(p)) seats.push_back(p);
  double total = 0;
  for (int p : seats) total += std::max(values[p], 0.0);
  if (seats.empty() || total <= 0) return "";
  std::vector<int> units(static_cast<std::size_t>(seat_count), 0);
  std::vector<std::pair<double, int>> remainders;
  int given = 0;
  for (int p : seats) {
    const double exact = std::max(values[p], 0.0) / total * kValueUnits;
    units[p] = static_cast<int>(exact);
    given += units[p];
    remainders.emplace_back(exact - units[p], p);
  }
  std::stable_sort(remainders.begin(), remainders.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t k = 0; given < kValueUnits; ++k, ++given)
    ++units[remainders[k % remainders.size()].second];
  std::string text = " values";
  for (int unit : units) {
    const std::string digits = std::to_string(unit % kValueUnits);
    text += " " + std::to_string(unit / kValueUnits) + "." + std::string(3 - digits.size(), '0') +
            digits;
  }
  return text;
}

}  // namespace

std::string info_line(const search::SearchInfo& info, const InfoWords& words) {
  if (!info.text.empty()) return "info string " + info.text;
  const std::int64_t time = std::max<std::int64_t>(info.time_ms, 0);
  const std::uint64_t nps =
      info.nodes * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(time, 1));
  std::string line = "info depth " + std::to_string(info.depth) + " seldepth " +
                     std::to_string(info.seldepth) + " multipv " + std::to_string(info.multipv) +
                     " score " + words.score(info.score);
  if (info.root && !info.values.empty()) line += values_text(*info.root, info.values);
  line += " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(nps) + " time " +
          std::to_string(time);
  if (info.hashfull >= 0) line += " hashfull " + std::to_string(info.hashfull);
  if (info.root && !info.pv.empty()) line += " pv " + words.pv(*info.root, info.pv);
  return line;
}

std::string bestmove_line(const facade::BestMove& best) {
  if (best.best.is_none() || best.root.is_over()) return "bestmove none";
  std::string line = "bestmove " + move_text(best.root, best.best);
  if (!best.ponder.is_none()) {
    Position after = best.root;
    after.play(best.best);
    settle(after);
    if (!after.is_over()) line += " ponder " + move_text(after, best.ponder);
  }
  return line;
}

std::vector<std::string> perft_lines(const facade::PerftReport& report, MoveText move_text) {
  if (report.stopped) return {"info string perft stopped; the count is incomplete"};
  const Geometry& geometry = report.root.geometry();
  std::vector<std::pair<std::string, std::uint64_t>> rows;
  if (move_text) {
    std::vector<std::pair<Move, std::uint64_t>> counts = report.counts;
    std::sort(counts.begin(), counts.end(), [](const auto& a, const auto& b) {
      return std::pair(a.first.from, a.first.to) < std::pair(b.first.from, b.first.to);
    });
    for (const auto& [move, count] : counts) rows.emplace_back(move_text(report.root, move), count);
  } else {
    for (const auto& [move, count] : report.counts)
      rows.emplace_back(move_ends_text(geometry, move), count);
    std::sort(rows.begin(), rows.end());
  }
  std::vector<std::string> lines;
  for (const auto& [text, count] : rows) lines.push_back(text + ": " + std::to_string(count));
  lines.push_back("Nodes searched: " + std::to_string(report.total));
  return lines;
}

std::string bench_position_line(const facade::BenchLine& line) {
  return "info string bench position " + std::to_string(line.index) + " (" + line.name +
         "): nodes " + std::to_string(line.nodes) + ", best " + line.best;
}

std::vector<std::string> bench_lines(const facade::BenchResult& result) {
  if (result.stopped) return {"info string bench stopped; the count is incomplete"};
  const std::int64_t micros = std::max<std::int64_t>(result.elapsed_us, 1);
  const std::uint64_t nps = result.nodes * 1'000'000 / static_cast<std::uint64_t>(micros);
  return {"Total time (ms): " + std::to_string(result.elapsed_us / 1000),
          "Nodes searched: " + std::to_string(result.nodes),
          "Nodes/second: " + std::to_string(nps)};
}

std::string legal_line(const Position& position) {
  MoveList moves;
  if (!position.is_over()) generate_moves(position, moves);
  std::vector<std::string> texts;
  for (const Move& move : moves) texts.push_back(move_ends_text(position.geometry(), move));
  std::sort(texts.begin(), texts.end());
  std::string line = "legal";
  for (const std::string& text : texts) line += " " + text;
  return line;
}

std::vector<std::string> level_lines() {
  std::vector<std::string> lines;
  for (const search::Level& level : search::levels())
    lines.push_back("level " + std::string(level.name) + " elo " + std::to_string(level.elo));
  return lines;
}

std::string status_line(const Position& position, int first_player) {
  if (!position.is_over()) return "status running";
  std::string line = "status over";
  for (const auto& group : position.standings()) {
    line += ' ';
    for (std::size_t i = 0; i < group.size(); ++i) {
      if (i) line += '=';
      line += std::to_string(group[i] + first_player);
    }
  }
  return line;
}

std::string armies_text(const Rules& rules, int player) {
  std::string text;
  for (int army : rules.seating().armies[player]) text += army_letter(army);
  return text;
}

std::vector<std::string> eval_lines(const Position& position, const EvalTerms& terms) {
  std::vector<std::string> lines;
  const Rules& rules = position.rules();
  for (int p = 0; p < terms.players; ++p) {
    const PlayerTerms& player = terms.player[p];
    std::string line = "player " + std::to_string(p + 1) + " (" + armies_text(rules, p) + "):";
    if (!player.active) {
      lines.push_back(line + " eliminated, not counted");
      continue;
    }
    for (int f = 0; f < kFeatureCount; ++f)
      line += " " + std::string(feature_name(static_cast<EvalFeature>(f))) + " " +
              std::to_string(player.features[f]);
    line += " cost " + std::to_string(player.cost);
    if (p == terms.viewer) line += " (to move)";
    lines.push_back(line);
  }
  lines.push_back("score cp " + std::to_string(terms.score) + " (player " +
                  std::to_string(terms.viewer + 1) +
                  "'s view: lowest opponent cost - own cost + tempo, 100 = one step)");
  return lines;
}

}  // namespace tiaoqi::protocol
