#include "protocol/ccp/dialect.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/position_string.hpp"
#include "engine/util/text.hpp"
#include "protocol/board_text.hpp"
#include "protocol/ccp/cells.hpp"
#include "protocol/commands.hpp"
#include "protocol/format.hpp"
#include "protocol/identity.hpp"
#include "protocol/options.hpp"

namespace tiaoqi::protocol::ccp {
namespace {

using Args = Dialect::Args;

// `analyze topk N`: at most this many moves, and the depth searched when
// the command names no limit of its own.
constexpr int kMaxTopK = 64;
constexpr int kDefaultAnalyzeDepth = 4;
// Scores become the value in [-1, 1] and the preferences through these
// scales (centi-steps; 100 is one step of progress).
constexpr double kValueScale = 400.0;
constexpr double kPreferenceScale = 100.0;

std::string score_words(int score) {
  // CCP borrows UCI's words: mate counts moves of the side to move.
  if (is_win(score)) return "mate " + std::to_string((plies_to_result(score) + 1) / 2);
  if (is_loss(score)) return "mate -" + std::to_string((plies_to_result(score) + 1) / 2);
  return "cp " + std::to_string(score);
}

std::string decimal(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", value);
  // "-0.000" reads as a negative zero.
  return std::string(text) == "-0.000" ? "0.000" : text;
}

std::string pv_words(const Position& root, const std::vector<Move>& pv) {
  std::string text;
  Position position = root;
  for (const Move& move : pv) {
    if (position.is_over()) break;
    text += (text.empty() ? "" : " ") + path_text(position, move);
    position.play(move);
    settle(position);
  }
  return text;
}

// The engine's preference over the analysed moves, summing to 1: the
// share of the simulations when the search counts them (MCTS, which
// prefers the most simulated move), otherwise a softmax of the scores.
std::vector<double> preferences(const std::vector<facade::AnalysisLine>& lines) {
  std::vector<double> weights;
  std::uint64_t visits = 0;
  for (const auto& line : lines) visits += line.visits;
  for (const auto& line : lines) {
    if (visits > 0) {
      weights.push_back(static_cast<double>(line.visits));
    } else {
      const double below_best = std::clamp(line.score - lines.front().score, -3000, 0);
      weights.push_back(std::exp(below_best / kPreferenceScale));
    }
  }
  double total = 0;
  for (double weight : weights) total += weight;
  for (double& weight : weights) weight = total > 0 ? weight / total : 1.0 / weights.size();
  return weights;
}

// The games CCP's cells can hold: two players on the standard board with
// ten pieces each.
bool fits_cells(const RuleOptions& rules) {
  return rules.variant == Variant::kStandard && rules.players == 2 &&
         rules.armies_per_player == 1 && rules.board_size == kMaxArmSize &&
         rules.pieces_per_army == 10;
}

// A position as `position cells` takes it; another game's as its
// position string.
std::string cells_position(const Position& position) {
  RuleOptions rules = position.rules().options();
  rules.board_size = position.geometry().arm_size();
  if (!fits_cells(rules)) return position_string(position);
  return "cells " + cells_text(position) + " player " + std::to_string(position.side_to_move()) +
         " ply " + std::to_string(position.move_count());
}

void handshake(Session& session, const Args&) {
  Output& output = session.output();
  output.line("id name " + engine_name());
  output.line("id author " + engine_author());
  // The defaults announced are the values in force: the profile's rules.
  for (const facade::OptionSpec& spec : facade::option_specs())
    output.line(option_line(spec, session.engine().options()));
  output.line("ccpok");
}

void protocol_name(Session& session, const Args&) {
  session.output().line("protocol ccp rules " + std::string(facade::kCcerlProfileName));
}

void position(Session& session, const Args& args) {
  Output& output = session.output();
  facade::PositionRequest request;
  if (args.size() == 1 && args[0] == "startpos") {
    // The start of the rule options (the profile unless changed).
  } else if (!args.empty() && args[0] == "cells") {
    if (args.size() != 6 || args[2] != "player" || args[4] != "ply") {
      output.error("position: expected 'position cells <121 cells> player <0|1> ply <N>', got " +
                   util::quote_input(util::join(args, 0, args.size()), 200));
      return;
    }
    if (!fits_cells(session.engine().options().rules)) {
      output.error(
          "position cells: CCP positions are two-player games on the standard board with 10 "
          "pieces each; the rule options say otherwise");
      return;
    }
    auto text = position_string_of(args[1], args[3], args[5]);
    if (!text) {
      output.error(text.error() + "; the position is unchanged");
      return;
    }
    request.position_string = *text;
  } else {
    output.error("position: expected 'startpos' or 'cells <121 cells> player <0|1> ply <N>', got " +
                 (args.empty() ? std::string("nothing")
                               : util::quote_input(util::join(args, 0, args.size()), 200)));
    return;
  }
  if (auto set = session.engine().set_position(request); !set)
    output.error("position: " + set.error() + "; the position is unchanged");
}

// `analyze topk N [limit]`: an analysis of the best N moves, answered by
// one `analysis` line when it ends; the command waits for it.
void analyze(Session& session, const Args& args) {
  Output& output = session.output();
  if (args.size() < 2 || args[0] != "topk") {
    output.error("analyze: expected 'analyze topk <N>' with N from 1 to " +
                 std::to_string(kMaxTopK) + " and optionally depth, nodes or movetime, got " +
                 (args.empty() ? std::string("nothing")
                               : util::quote_input(util::join(args, 0, args.size()))));
    return;
  }
  auto top_k = util::parse_integer(args[1], 1, kMaxTopK, "analyze: topk");
  if (!top_k) {
    output.error(top_k.error());
    return;
  }
  facade::Engine& engine = session.engine();
  Args limit_words(args.begin() + 2, args.end());
  const std::string default_depth = std::to_string(kDefaultAnalyzeDepth);
  if (limit_words.empty()) limit_words = {"depth", default_depth};
  auto go = parse_go(limit_words, engine.game().position(), 1);
  if (!go || go->perft_depth || go->choose_player || !go->limits.ends_by_itself(0)) {
    output.error("analyze: expected a limit (depth, nodes or movetime) after topk, got " +
                 util::quote_input(util::join(limit_words, 0, limit_words.size())));
    return;
  }
  go->limits.received = session.line_received();
  start_job(session, "analyze", "analysing the last valid game",
            [&] { return engine.analyse(go->limits, static_cast<int>(*top_k)); });
  // The answer comes before the next command's (a `stop` waiting in the
  // input still ends the analysis early).
  session.wait_for_engine();
}

// `status`: as section 4's, with CCP's player numbers (from 0).
void ccp_status(Session& session, const Args&) {
  session.output().line(status_line(session.engine().game().position(), 0));
}

class CcpDialect final : public Dialect {
 public:
  const std::vector<Command>& commands() const override { return commands_; }

  std::string info_line(const search::SearchInfo& info) const override {
    return protocol::info_line(info, InfoWords{score_words, pv_words});
  }

  std::string bestmove_line(const facade::BestMove& best) const override {
    // CCP's referee reads 0000 as no move.
    if (best.best.is_none() || best.root.is_over()) return "bestmove 0000";
    return "bestmove " + path_text(best.root, best.best);
  }

  std::string analysis_line(const facade::Analysis& analysis) const override {
    const Position& root = analysis.root;
    const auto& lines = analysis.lines;
    double value = 0;
    if (root.is_over()) {
      // Alone in first place 1, sharing it (a draw) 0, else -1.
      const bool first = root.place_of(root.side_to_move()) == 0;
      value = !first ? -1.0 : root.standings().front().size() == 1 ? 1.0 : 0.0;
    } else if (!lines.empty()) {
      const int score = lines.front().score;
      value = is_win(score) ? 1.0 : is_loss(score) ? -1.0 : std::tanh(score / kValueScale);
    }
    std::string json = "{\"value\":" + decimal(value) + ",\"moves\":[";
    const std::vector<double> weights = preferences(lines);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (i) json += ",";
      json += "{\"move\":\"" + path_text(root, lines[i].move) +
              "\",\"policy\":" + decimal(weights[i]) + "}";
    }
    // A search cut short by stop says so: its value and moves are what it
    // had found by then, not the answer to the limit asked for.
    return "analysis " + json + "]" + (analysis.stopped ? ",\"stopped\":true" : "") + "}";
  }

  // perft's moves and `d`'s holes, players and position in CCP's numbers.
  std::vector<std::string> perft_lines(const facade::PerftReport& report) const override {
    return protocol::perft_lines(report, path_text);
  }

  std::vector<std::string> describe_lines(const facade::Engine& engine) const override {
    return describe(engine, BoardStyle{0, true, cells_position});
  }

 private:
  const std::vector<Command> commands_ = {
      {"ccp", handshake, false, false},
      {"protocol", protocol_name, false, false},
      shared_command("isready"),
      shared_command("setoption"),
      shared_command("ucinewgame"),
      {"position", position, true, true},
      shared_command("go"),
      {"analyze", analyze, true, true},
      shared_command("stop"),
      shared_command("quit"),
      shared_command("d"),
      shared_command("perft"),
      {"status", ccp_status, false, false},
      shared_command("bench"),
  };
};

}  // namespace

void enter(Session& session) {
  facade::Options options = session.engine().options();
  options.rules = facade::ccerl_rule_options();
  // The options of a valid profile are always accepted.
  (void)session.engine().set_options(options);
  session.use_dialect(std::make_unique<CcpDialect>());
}

}  // namespace tiaoqi::protocol::ccp
