// A test double that speaks the protocol (docs/protocol.md): a random mover
// that can be told to misbehave after a number of searches (crash, hang,
// illegal move, garbage, slow answers, a refused go), so the match runner's
// fault handling can be tested without the real engine. Its moves depend
// only on the position and the Seed option, which makes matches between
// doubles reproducible move for move.
//
//   test_engine [--mode random|crash|hang|illegal|garbage|slow|flaky|refuse|lenient|older|
//                       shuffle]
//               [--after N] [--games N] [--delay MS] [--mark FILE] [--score CP]
//
// --mark appends a line to FILE at every go ("go"), ucinewgame ("newgame")
// and quit ("quit"), so that a test can wait for the moment a search has
// begun instead of guessing it with a clock; in the dragons variant also
// every position line, to show what the engine was told. --games N keeps the double
// sound for its first N games (ucinewgame) before the mode applies.
// --score makes every search report that score
// (centi-steps, the mover's view) for the runner's adjudication. Unknown
// options are refused as the real engine refuses them, except in mode
// lenient, which ignores them without a word; Hash takes 1 to 65536. Mode
// older is an engine written before the rule options GoalLockInChain,
// EqualTurnsAtOnce, MoveLimitDraw and Repetitions: it neither lists them
// nor knows them. Mode shuffle moves its last moved piece back where it
// came from whenever it can, so that two of them repeat positions.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/facade/options.hpp"
#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/perft.hpp"
#include "engine/position_string.hpp"
#include "engine/util/text.hpp"
#include "tools/common/record.hpp"

using namespace tiaoqi;

namespace {

std::uint64_t fnv1a(const std::string& text, std::uint64_t seed) {
  std::uint64_t hash = 1469598103934665603ULL ^ seed;
  for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ULL;
  return hash;
}

// The rule options that mode older has never heard of.
bool is_newer_rule(std::string_view name) {
  for (std::string_view newer :
       {"GoalLockInChain", "EqualTurnsAtOnce", "MoveLimitDraw", "Repetitions"})
    if (util::iequals(name, newer)) return true;
  return false;
}

struct Double {
  std::string mode = "random";
  int after = 0;
  int sound_games = 0;
  int games = 0;
  int delay_ms = 0;
  std::string mark_file;
  std::optional<long long> score;
  RuleOptions rules;
  std::uint64_t seed = 0;
  std::optional<GameSetup> setup;  // keeps the rules of `position` alive
  Position* position = nullptr;
  int searches = 0;
  bool searching = false;
  // Mode shuffle: the last move this engine played in the game.
  Move last_move;

  bool knows_not(std::string_view name) const { return mode == "older" && is_newer_rule(name); }
  void say(const std::string& line) { std::cout << line << std::endl; }
  void error(const std::string& what) { say("info string error: " + what); }

  void uci() {
    say("id name TestDouble " + mode);
    say("id author tiaoqi tests");
    for (const auto& [name, value] : facade::rule_option_values(RuleOptions{}))
      if (!knows_not(name)) say("option name " + name + " type string default " + value);
    for (const char* option : {"Hash", "Threads", "Search", "Seed", "Move Overhead"})
      say(std::string("option name ") + option + " type string default 0");
    say("uciok");
  }

  // setoption name <words> value <words>
  void setoption(const std::vector<std::string_view>& words) {
    std::size_t i = 2;
    while (i < words.size() && words[i] != "value") ++i;
    const std::string name = util::join(words, 2, i);
    const std::string value = util::join(words, i + 1, words.size());
    if (knows_not(name)) {
      error("setoption: unknown option " + util::quote_input(name));
    } else if (const auto* spec = facade::find_option(name); spec && spec->is_rule) {
      auto set = facade::set_rule_option(rules, name, value);
      if (!set) error(set.error());
    } else if (util::iequals(name, "Seed")) {
      const auto number = util::to_integer(value);
      if (!number) return error("Seed: expected a number, got " + util::quote_input(value));
      seed = static_cast<std::uint64_t>(*number);
    } else if (util::iequals(name, "Hash")) {
      auto number = util::parse_integer(value, 1, 65536, "setoption: Hash");
      if (!number) return error(number.error());
    } else if (!facade::find_option(name) && mode != "lenient") {
      error("setoption: unknown option " + util::quote_input(name));
    }
  }

  // position startpos [dragon <hole>]|fen <fields> [moves <move>...]; the
  // moves may carry the dragons variant's marks.
  void set_position(const std::vector<std::string_view>& words, const std::string& line) {
    const std::string_view kind = words.size() > 1 ? words[1] : "";
    std::size_t moves_at = 2;
    while (moves_at < words.size() && words[moves_at] != "moves") ++moves_at;
    if (kind != "fen" && kind != "startpos") return error("position: expected startpos or fen");
    // In the dragons variant the mark file keeps what the engine was told.
    if (!mark_file.empty() && rules.variant == Variant::kDragons)
      std::ofstream(mark_file, std::ios::app) << line << '\n';
    const std::string fen = util::join(words, 2, moves_at);
    auto made = kind == "fen" ? parse_position_string(fen, rules) : start_setup(rules);
    if (!made) return error(made.error());
    if (kind == "startpos" && moves_at == 4 && words[2] == "dragon") {
      const auto hole = made->position.geometry().parse_hole(words[3]);
      if (!hole) return error("position: dragon " + util::quote_input(words[3]) + " is no hole");
      made->position.set_dragon(*hole, true);
    }
    Game game(*made);
    for (std::size_t i = moves_at + 1; i < words.size(); ++i)
      if (auto played = game.play(words[i]); !played)
        return error("move " + util::quote_input(words[i]) + ": " + played.error());
    made->position = game.position();
    setup = std::move(*made);
    position = &setup->position;
  }

  void answer() {
    searching = false;
    if (!position || position->is_over()) return say("bestmove none");
    MoveList moves;
    generate_moves(*position, moves);
    if (moves.empty()) return say("bestmove none");
    Move chosen = moves[static_cast<int>(fnv1a(position_string(*position), seed) % moves.size())];
    if (mode == "shuffle") {
      const Move back{last_move.to, last_move.from};
      if (!last_move.is_none() && moves.contains(back)) chosen = back;
      last_move = chosen;
    }
    say("info depth 1 " + (score ? "score cp " + std::to_string(*score) + " " : std::string()) +
        "nodes " + std::to_string(moves.size()));
    say("bestmove " + move_text(*position, chosen));
  }

  // go choose <player>: a hole of that player's home for its dragon, or
  // (`wrong`) a hole of another player's home.
  void choose(std::string_view player_text, bool wrong) {
    if (!position) return error("go: choose needs a position");
    const int players = position->rules().player_count();
    auto player = util::parse_integer(player_text, 1, players, "go: choose");
    if (!player) return error(player.error());
    const int chosen = static_cast<int>(wrong ? *player % players : *player - 1);
    const Bitboard home = position->pieces_of(chosen) & position->rules().homes_of(chosen);
    int pick = static_cast<int>(fnv1a("choose " + std::string(player_text), seed) %
                                static_cast<std::uint64_t>(home.count()));
    for (int h : home)
      if (pick-- == 0) say("bestmove " + position->geometry().name(static_cast<Hole>(h)));
  }

  void go(const std::vector<std::string_view>& words) {
    const bool infinite = std::find(words.begin(), words.end(), "infinite") != words.end();
    if (!mark_file.empty()) std::ofstream(mark_file, std::ios::app) << "go\n";
    ++searches;
    const bool misbehave = searches > after && games > sound_games;
    if (misbehave && mode == "crash") std::exit(3);
    if (misbehave && mode == "hang") {
      searching = false;
      return;
    }
    if (misbehave && mode == "garbage") return say("Segmentation fault (core dumped) ??? 42");
    if (misbehave && mode == "refuse") return error("go: this double refuses to search");
    if (words.size() > 2 && words[1] == "choose")
      return choose(words[2], misbehave && mode == "illegal");
    const bool flaky =
        mode == "flaky" && position && fnv1a(position_string(*position), seed) % 4 != 0;
    if (((misbehave && mode == "illegal") || flaky) && position) {
      MoveList moves;
      generate_moves(*position, moves);
      // A chain that ends where it started is no move.
      const std::string hole = position->geometry().name(moves[0].from);
      return say("bestmove " + hole + hole);
    }
    if (misbehave && mode == "slow")
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    if (infinite) {
      searching = true;
      return;
    }
    answer();
  }

  void legal() {
    std::string line = "legal";
    if (position) {
      MoveList moves;
      generate_moves(*position, moves);
      std::vector<std::string> texts;
      for (const Move& m : moves) texts.push_back(move_ends_text(position->geometry(), m));
      std::sort(texts.begin(), texts.end());
      for (const auto& t : texts) line += " " + t;
    }
    say(line);
  }

  void perft_command(const std::vector<std::string_view>& words) {
    auto depth = words.size() > 1 ? util::parse_integer(words[1], 0, 6, "perft")
                                  : Expected<std::int64_t>(std::int64_t{1});
    if (!depth) return error(depth.error());
    say("Nodes searched: " +
        std::to_string(position ? perft(*position, static_cast<int>(*depth)) : 0));
  }

  int run() {
    std::string line;
    while (std::getline(std::cin, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      const auto words = util::tokenize(line);
      const std::string_view command = words.empty() ? "" : words[0];
      if (command == "quit" && !mark_file.empty())
        std::ofstream(mark_file, std::ios::app) << "quit\n";
      if (mode == "hang" && searches > after && games > sound_games) {
        // A hung engine reads on but never answers anything again.
        if (command == "quit") return 0;
        continue;
      }
      if (command.empty()) continue;
      if (command == "uci")
        uci();
      else if (command == "isready")
        say("readyok");
      else if (command == "setoption")
        setoption(words);
      else if (command == "ucinewgame") {
        searches = 0;  // "--after" counts per game
        ++games;
        last_move = Move{};
        if (!mark_file.empty()) std::ofstream(mark_file, std::ios::app) << "newgame\n";
      } else if (command == "position")
        set_position(words, line);
      else if (command == "go")
        go(words);
      else if (command == "stop") {
        if (searching) answer();
      } else if (command == "legal")
        legal();
      else if (command == "status") {
        if (!position || !position->is_over())
          say("status running");
        else
          say("status over " + tools::format_standings(position->standings()));
      } else if (command == "perft") {
        perft_command(words);
      } else if (command == "quit")
        return 0;
      else
        error("unknown command " + util::quote_input(command));
    }
    return 0;
  }
};

}  // namespace

int main(int argc, char** argv) {
  Double engine;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view flag = argv[i];
    const std::string_view value = argv[i + 1];
    if (flag == "--mode") {
      engine.mode = value;
    } else if (flag == "--mark") {
      engine.mark_file = value;
    } else if (flag == "--score") {
      auto number = util::parse_integer(value, -100000, 100000, flag);
      if (!number) {
        std::cerr << "test_engine: " << number.error() << '\n';
        return 2;
      }
      engine.score = *number;
    } else if (flag == "--after" || flag == "--delay" || flag == "--games") {
      auto number = util::parse_integer(value, 0, 1'000'000, flag);
      if (!number) {
        std::cerr << "test_engine: " << number.error() << '\n';
        return 2;
      }
      (flag == "--after"   ? engine.after
       : flag == "--delay" ? engine.delay_ms
                           : engine.sound_games) = static_cast<int>(*number);
    }
  }
  return engine.run();
}
