#include "protocol/go_command.hpp"

#include <array>
#include <string>

#include "engine/notation.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi::protocol {
namespace {

// Every keyword of `go` other than the clocks (a `searchmoves` list ends at one).
constexpr std::array<std::string_view, 9> kKeywords = {"movestogo",   "movetime", "depth",
                                                       "nodes",       "infinite", "ponder",
                                                       "searchmoves", "perft",    "choose"};

// A clock keyword: p1time..p6time, p1inc..p6inc, wtime/btime/winc/binc.
// Returns the player index and whether it is an increment.
std::optional<std::pair<int, bool>> clock_keyword(std::string_view token) {
  if (token == "wtime") return std::pair{0, false};
  if (token == "btime") return std::pair{1, false};
  if (token == "winc") return std::pair{0, true};
  if (token == "binc") return std::pair{1, true};
  if (token.size() >= 5 && token[0] == 'p' && token[1] >= '1' && token[1] <= '6') {
    const std::string_view rest = token.substr(2);
    if (rest == "time") return std::pair{token[1] - '1', false};
    if (rest == "inc") return std::pair{token[1] - '1', true};
  }
  return std::nullopt;
}

bool is_keyword(std::string_view token) {
  if (clock_keyword(token)) return true;
  for (std::string_view keyword : kKeywords)
    if (token == keyword) return true;
  return false;
}

}  // namespace

Expected<GoCommand> parse_go(const std::vector<std::string_view>& tokens, const Position& position,
                             int max_perft_depth) {
  GoCommand command;
  search::SearchLimits& limits = command.limits;
  bool searching_parameter = false;
  std::size_t i = 0;
  // The value after a keyword, as a number in [min, max].
  const auto value = [&](std::string_view keyword, std::int64_t min,
                         std::int64_t max) -> Expected<std::int64_t> {
    if (i + 1 >= tokens.size())
      return fail("go: " + std::string(keyword) + " needs a number from " + std::to_string(min) +
                  " to " + std::to_string(max) + ", got nothing");
    return util::parse_integer(tokens[++i], min, max, "go: " + std::string(keyword));
  };

  // Each parameter once: a second value would silently win over the first
  // (wtime and p1time name the same clock). Each given parameter's slot,
  // with the word that gave it.
  std::vector<std::pair<std::string, std::string_view>> given;
  for (; i < tokens.size(); ++i) {
    const std::string_view token = tokens[i];
    if (is_keyword(token)) {
      const auto clock = clock_keyword(token);
      const std::string slot =
          clock ? "p" + std::to_string(clock->first + 1) + (clock->second ? "inc" : "time")
                : std::string(token);
      for (const auto& [earlier, word] : given) {
        if (earlier != slot) continue;
        if (word == token)
          return fail("go: " + std::string(token) +
                      " is given twice; each parameter may come once");
        return fail("go: " + std::string(word) + " and " + std::string(token) +
                    " set the same clock; give it once");
      }
      given.emplace_back(slot, token);
    }
    if (const auto clock = clock_keyword(token)) {
      auto ms = value(token, 0, search::kMaxClockMs);
      if (!ms) return Error{ms.error()};
      (clock->second ? limits.increment_ms : limits.time_ms)[clock->first] = *ms;
      searching_parameter = true;
    } else if (token == "movestogo") {
      auto n = value(token, 1, search::kMaxMovesToGo);
      if (!n) return Error{n.error()};
      limits.moves_to_go = static_cast<int>(*n);
      searching_parameter = true;
    } else if (token == "movetime") {
      auto ms = value(token, 0, search::kMaxClockMs);
      if (!ms) return Error{ms.error()};
      limits.move_time_ms = *ms;
      searching_parameter = true;
    } else if (token == "depth") {
      auto n = value(token, 1, search::kMaxDepth);
      if (!n) return Error{n.error()};
      limits.depth = static_cast<int>(*n);
      searching_parameter = true;
    } else if (token == "nodes") {
      auto n = value(token, 1, search::kMaxNodes);
      if (!n) return Error{n.error()};
      limits.nodes = static_cast<std::uint64_t>(*n);
      searching_parameter = true;
    } else if (token == "infinite") {
      limits.infinite = true;
      searching_parameter = true;
    } else if (token == "ponder") {
      limits.ponder = true;
      searching_parameter = true;
    } else if (token == "searchmoves") {
      searching_parameter = true;
      std::size_t count = 0;
      while (i + 1 < tokens.size() && !is_keyword(tokens[i + 1])) {
        auto move = parse_move(position, tokens[++i]);
        if (!move) return fail("go: searchmoves: " + move.error());
        limits.search_moves.push_back(*move);
        ++count;
      }
      if (count == 0) return fail("go: searchmoves needs at least one move, got nothing");
    } else if (token == "perft") {
      auto depth = value(token, 1, max_perft_depth);
      if (!depth) return Error{depth.error()};
      command.perft_depth = static_cast<int>(*depth);
    } else if (token == "choose") {
      const int players = position.rules().player_count();
      auto player = value(token, 1, players);
      if (!player) return Error{player.error()};
      command.choose_player = static_cast<int>(*player) - 1;
    } else {
      return fail("go: unknown parameter " + util::quote_input(token) +
                  "; expected p1time..p6time, p1inc..p6inc, wtime, btime, winc, binc, movestogo, "
                  "movetime, depth, nodes, infinite, ponder, searchmoves or perft");
    }
  }
  if (limits.infinite && limits.ponder)
    return fail(
        "go: infinite and ponder contradict each other (ponder ends at ponderhit, infinite only "
        "at stop); give one of them");
  if (command.perft_depth && (searching_parameter || tokens.size() != 2))
    return fail("go: perft takes only a depth ('go perft <depth>'), got other parameters too");
  if (command.choose_player && tokens.size() != 2)
    return fail("go: choose takes only a player ('go choose <player>'), got other parameters too");
  // A clock for others but none for the mover would be a search without
  // end; a GUI that sends it has lost track of whose turn it is.
  const int mover = position.side_to_move();
  bool any_clock = false;
  for (const auto& time : limits.time_ms) any_clock = any_clock || time.has_value();
  const bool other_limit = limits.move_time_ms || limits.depth || limits.nodes || limits.infinite;
  if (any_clock && !limits.time_ms[mover] && !other_limit && !position.is_over()) {
    const std::string player = std::to_string(mover + 1);
    return fail("go: the clocks given have none for player " + player +
                ", the player to move; expected p" + player + "time" +
                (mover < 2 ? std::string(mover == 0 ? " or wtime" : " or btime") : "") +
                " (or movetime, depth, nodes or infinite)");
  }
  return command;
}

}  // namespace tiaoqi::protocol
