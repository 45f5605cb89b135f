#include "protocol/ccp/cells.hpp"

#include "engine/notation.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi::protocol::ccp {
namespace {

// CCP's board is the standard one.
const Geometry& board() { return Geometry::of(kMaxArmSize); }

constexpr std::int64_t kMaxPly = 1'000'000'000;

}  // namespace

std::string path_text(const Position& position, Move move) {
  std::string text;
  for (Hole h : shortest_path(position, move))
    text += (text.empty() ? "" : "-") + std::to_string(h);
  return text;
}

std::string cells_text(const Position& position) {
  std::string cells(kCellCount, '.');
  for (int h : position.army(0)) cells[h] = '0';
  for (int h : position.army(3)) cells[h] = '1';
  return cells;
}

Expected<std::string> position_string_of(std::string_view cells, std::string_view player,
                                         std::string_view ply) {
  if (cells.size() != kCellCount)
    return fail("position cells: expected " + std::to_string(kCellCount) +
                " characters (one per cell: '.', '0' or '1'), got " + std::to_string(cells.size()) +
                ": " + util::quote_input(cells));
  int counts[2] = {0, 0};
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const char c = cells[i];
    if (c != '.' && c != '0' && c != '1')
      return fail("position cells: expected '.', '0' or '1' for every cell, got " +
                  util::quote_input(std::string_view(&cells[i], 1)) + " at cell " +
                  std::to_string(i));
    if (c != '.') ++counts[c - '0'];
  }
  for (int p = 0; p < 2; ++p)
    if (counts[p] > 10)
      return fail("position cells: player " + std::to_string(p) + " has " +
                  std::to_string(counts[p]) + " pieces, at most 10");
  if (player != "0" && player != "1")
    return fail("position: expected player 0 or 1, got " + util::quote_input(player));
  auto plies = util::parse_integer(ply, 0, kMaxPly, "position: the ply");
  if (!plies) return Error{plies.error()};

  // The engine's position string: ranks from the top (17) down, each west
  // to east, runs of empty holes as numbers.
  const Geometry& geometry = board();
  std::string text;
  for (int rank = geometry.rank_count(); rank >= 1; --rank) {
    if (!text.empty()) text += '/';
    int empty = 0;
    for (int i = 0; i < geometry.rank_length(rank); ++i) {
      const char c = cells[geometry.rank_first(rank) + i];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) text += std::to_string(empty);
      empty = 0;
      text += c == '0' ? 'a' : 'd';
    }
    if (empty) text += std::to_string(empty);
  }
  text += std::string(" ") + (player == "0" ? "1" : "2") + " a/d " + std::to_string(*plies);
  return text;
}

Expected<std::string> move_of(std::string_view text) {
  std::string names;
  int count = 0;
  for (std::string_view id : util::split(text, '-')) {
    auto cell = util::parse_integer(id, 0, kCellCount - 1, "a cell id");
    if (!cell)
      return fail("move " + util::quote_input(text) +
                  ": expected cell ids from 0 to 120 joined by '-', such as '58-56-34'");
    names += board().name(static_cast<Hole>(*cell));
    ++count;
  }
  if (count < 2)
    return fail("move " + util::quote_input(text) + ": expected at least two cell ids");
  return names;
}

}  // namespace tiaoqi::protocol::ccp
