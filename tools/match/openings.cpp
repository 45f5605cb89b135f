#include "tools/match/openings.hpp"

#include <numeric>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/notation.hpp"
#include "engine/position_string.hpp"
#include "engine/util/hash.hpp"
#include "engine/util/text.hpp"
#include "tools/common/replay.hpp"
#include "tools/common/text_file.hpp"

namespace tiaoqi::match {
namespace {

// The order in which the file's lines are played: as written, or a
// permutation drawn from the seed (Fisher-Yates over SplitMix64, which is
// the same on every platform).
std::vector<std::size_t> line_order(const OpeningsConfig& config) {
  std::vector<std::size_t> order(config.file_lines.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (!config.random_order) return order;
  std::uint64_t state = config.seed ^ 0x6F70656E696E6773ULL;
  for (std::size_t i = order.size(); i > 1; --i)
    std::swap(order[i - 1], order[util::splitmix64_next(state) % i]);
  return order;
}

}  // namespace

Expected<Opening> parse_opening_line(std::string_view line, const RuleOptions& rules) {
  const auto words = util::tokenize(line);
  std::size_t moves_at = 0;
  while (moves_at < words.size() && words[moves_at] != "moves") ++moves_at;
  const std::string base_text = util::join(words, 0, moves_at);
  auto setup =
      base_text == "startpos" ? start_setup(rules) : parse_position_string(base_text, rules);
  if (!setup) return fail(util::quote_input(base_text, 80) + ": " + setup.error());
  Position position = setup->position;
  settle(position);
  Opening opening;
  opening.base = position_string(position);
  for (std::size_t i = moves_at + 1; i < words.size(); ++i) {
    if (position.is_over())
      return fail("move " + util::quote_input(words[i]) + ": the game is over before it");
    auto move = parse_move(position, words[i]);
    // The error names the move.
    if (!move) return Error{move.error()};
    // The record keeps the path as written when it is a full path.
    const auto holes = tools::split_path(position.geometry(), words[i]);
    opening.moves.push_back(holes.size() > 2 ? std::string(words[i]) : move_text(position, *move));
    position.play(*move);
    settle(position);
  }
  if (moves_at + 1 == words.size()) return fail("'moves' is followed by no move");
  if (position.is_over()) return fail("the game is over after the opening");
  opening.position = position_string(position);
  return opening;
}

std::string opening_line(const Opening& opening) {
  std::string line = opening.base;
  if (!opening.moves.empty()) line += " moves";
  for (const auto& move : opening.moves) line += ' ' + move;
  return line;
}

Expected<Opening> random_opening(const RuleOptions& rules, int plies, std::uint64_t seed,
                                 int index) {
  auto setup = start_setup(rules);
  if (!setup) return Error{setup.error()};
  const int rounds = (plies + rules.players - 1) / rules.players;
  // SplitMix64 is fully specified, so openings are the same on every
  // platform (the standard distributions are not).
  std::uint64_t state = seed * 0x100000001B3ULL + static_cast<std::uint64_t>(index);
  Position start = setup->position;
  settle(start);
  for (int attempt = 0; attempt < 100; ++attempt) {
    Position position = start;
    Opening opening{position_string(start), {}, {}};
    for (int ply = 0; ply < rounds * rules.players && !position.is_over(); ++ply) {
      MoveList moves;
      generate_moves(position, moves);
      const Move move = moves[static_cast<int>(util::splitmix64_next(state) %
                                               static_cast<std::uint64_t>(moves.size()))];
      opening.moves.push_back(move_text(position, move));
      position.play(move);
      settle(position);
    }
    if (!position.is_over()) {
      opening.position = position_string(position);
      return opening;
    }
  }
  return fail("no random opening of " + util::plural(plies, "ply", "plies") +
              " keeps the game going");
}

Expected<std::vector<std::string>> read_openings_file(const std::string& path) {
  auto text = tools::read_text_file(path, "openings file");
  if (!text) return Error{text.error()};
  std::vector<std::string> lines;
  for (std::string_view line : util::split(*text, '\n')) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    line = util::trim(line);
    if (line.empty() || line[0] == '#') continue;
    lines.emplace_back(line);
  }
  if (lines.empty())
    return fail("openings file " + util::quote_input(path, 200) + " holds no opening");
  return lines;
}

Expected<std::vector<Opening>> openings_for_slots(const OpeningsConfig& config,
                                                  const RuleOptions& rules, int first, int last) {
  const int repeat = std::max(1, config.repeat);
  const std::vector<std::size_t> order = line_order(config);
  std::vector<Opening> openings;
  for (int slot = first; slot < last; ++slot) {
    const int opening = slot / repeat;
    if (slot > first && opening == (slot - 1) / repeat) {
      openings.push_back(openings.back());
      continue;
    }
    if (config.file_lines.empty()) {
      auto made = random_opening(rules, config.random_plies, config.seed, opening);
      if (!made) return Error{made.error()};
      openings.push_back(std::move(*made));
      continue;
    }
    const std::size_t index =
        order[(static_cast<std::size_t>(config.start - 1) + static_cast<std::size_t>(opening)) %
              order.size()];
    auto parsed = parse_opening_line(config.file_lines[index], rules);
    if (!parsed)
      return fail("openings file, opening " + std::to_string(index + 1) + ": " + parsed.error());
    openings.push_back(std::move(*parsed));
  }
  return openings;
}

}  // namespace tiaoqi::match
