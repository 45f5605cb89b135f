// A test double that speaks the protocol (docs/protocol.md): a random mover
// that can be told to misbehave after a number of searches (crash, hang,
// illegal move, garbage, slow answers), so the match runner's fault handling
// can be tested without the real engine. Its moves depend only on the
// position and the Seed option, which makes matches between doubles
// reproducible move for move.
//
//   test_engine [--mode random|crash|hang|illegal|garbage|slow|flaky] [--after N] [--delay MS]
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
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

struct Double {
  std::string mode = "random";
  int after = 0;
  int delay_ms = 0;
  RuleOptions rules;
  std::uint64_t seed = 0;
  std::optional<GameSetup> setup;  // keeps the rules of `position` alive
  Position* position = nullptr;
  int searches = 0;
  bool searching = false;

  void say(const std::string& line) { std::cout << line << std::endl; }
  void error(const std::string& what) { say("info string error: " + what); }

  void uci() {
    say("id name TestDouble " + mode);
    say("id author tiaoqi tests");
    for (const auto& [name, value] : facade::rule_option_values(RuleOptions{}))
      say("option name " + name + " type string default " + value);
    for (const char* option : {"Hash", "Threads", "Search", "Seed", "Move Overhead"})
      say(std::string("option name ") + option + " type string default 0");
    say("uciok");
  }

  void setoption(std::istringstream& in) {
    std::string word, name, value;
    in >> word;  // "name"
    while (in >> word && word != "value") name += (name.empty() ? "" : " ") + word;
    std::getline(in, value);
    if (!value.empty() && value[0] == ' ') value.erase(0, 1);
    if (const auto* spec = facade::find_option(name); spec && spec->is_rule) {
      auto set = facade::set_rule_option(rules, name, value);
      if (!set) error(set.error());
    } else if (util::iequals(name, "Seed")) {
      seed = std::strtoull(value.c_str(), nullptr, 10);
    }
  }

  void set_position(std::istringstream& in) {
    std::string kind, word, fen;
    in >> kind;
    std::vector<std::string> moves;
    if (kind == "fen") {
      while (in >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
    } else if (kind == "startpos") {
      in >> word;
    } else {
      return error("position: expected startpos or fen");
    }
    while (in >> word) moves.push_back(word);
    auto made = kind == "fen" ? parse_position_string(fen, rules) : start_setup(rules);
    if (!made) return error(made.error());
    Position next = made->position;
    settle(next);
    for (const auto& text : moves) {
      auto move = parse_move(next, text);
      if (!move) return error("move '" + text + "': " + move.error());
      next.play(*move);
      settle(next);
    }
    made->position = next;
    setup = std::move(*made);
    position = &setup->position;
  }

  void answer() {
    searching = false;
    if (!position || position->is_over()) return say("bestmove none");
    MoveList moves;
    generate_moves(*position, moves);
    if (moves.empty()) return say("bestmove none");
    const auto pick = fnv1a(position_string(*position), seed) % moves.size();
    say("info depth 1 nodes " + std::to_string(moves.size()));
    say("bestmove " + move_text(*position, moves[static_cast<int>(pick)]));
  }

  void go(std::istringstream& in) {
    std::string word;
    bool infinite = false;
    while (in >> word) infinite = infinite || word == "infinite";
    ++searches;
    const bool misbehave = searches > after;
    if (misbehave && mode == "crash") std::exit(3);
    if (misbehave && mode == "hang") {
      searching = false;
      return;
    }
    if (misbehave && mode == "garbage") return say("Segmentation fault (core dumped) ??? 42");
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

  int run() {
    std::string line;
    while (std::getline(std::cin, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      std::istringstream in(line);
      std::string command;
      in >> command;
      if (mode == "hang" && searches > after) {
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
        setoption(in);
      else if (command == "ucinewgame")
        searches = 0;  // "--after" counts per game
      else if (command == "position")
        set_position(in);
      else if (command == "go")
        go(in);
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
        int depth = 1;
        in >> depth;
        say("Nodes searched: " + std::to_string(position ? perft(*position, depth) : 0));
      } else if (command == "quit")
        return 0;
      else
        error("unknown command '" + command + "'");
    }
    return 0;
  }
};

}  // namespace

int main(int argc, char** argv) {
  Double engine;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--mode")
      engine.mode = argv[i + 1];
    else if (flag == "--after")
      engine.after = std::atoi(argv[i + 1]);
    else if (flag == "--delay")
      engine.delay_ms = std::atoi(argv[i + 1]);
  }
  return engine.run();
}
