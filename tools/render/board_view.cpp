#include "tools/render/board_view.hpp"

#include <algorithm>

#include "engine/notation.hpp"
#include "engine/position_string.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi::render {
namespace {

// Reads one rank of the board field ("3ab2"): pieces and runs of empty
// holes; `rank_length` holes in all.
Status read_rank(std::string_view row, int rank, const Geometry& geometry,
                 std::vector<Piece>& pieces) {
  const int length = geometry.rank_length(rank);
  int file = 0;
  for (std::size_t k = 0; k < row.size();) {
    if (row[k] >= '0' && row[k] <= '9') {
      const std::size_t begin = k;
      while (k < row.size() && row[k] >= '0' && row[k] <= '9') ++k;
      const auto run = util::to_integer(row.substr(begin, k - begin));
      if (!run || *run > length - file)
        return fail("rank " + std::to_string(rank) + " has too many holes");
      file += static_cast<int>(*run);
      continue;
    }
    const char c = row[k++];
    const bool dragon = c >= 'A' && c <= 'F';
    if (!dragon && (c < 'a' || c > 'f'))
      return fail("rank " + std::to_string(rank) + ": expected a-f, A-F or a digit, got " +
                  util::quote_input(std::string_view(&c, 1)));
    if (file >= length) return fail("rank " + std::to_string(rank) + " has too many holes");
    pieces.push_back(
        {static_cast<Hole>(geometry.rank_first(rank) + file), dragon ? c - 'A' : c - 'a', dragon});
    ++file;
  }
  if (file != length)
    return fail("rank " + std::to_string(rank) + " describes " + util::plural(file, "hole") +
                "; it has " + std::to_string(length));
  return Done{};
}

}  // namespace

Expected<BoardView> view_of_position_string(std::string_view text) {
  const auto fields = util::tokenize(text);
  const std::string_view board = fields.empty() ? std::string_view{} : fields[0];
  const std::string_view side = fields.size() > 1 ? fields[1] : std::string_view{};
  const auto ranks = util::split(board, '/');
  const int rank_count = static_cast<int>(ranks.size());
  if (rank_count != 9 && rank_count != 13 && rank_count != 17)
    return fail("board field has " + util::plural(rank_count, "rank") + "; expected 9, 13 or 17");
  BoardView view;
  view.arm_size = (rank_count - 1) / 4;
  const Geometry& geometry = Geometry::of(view.arm_size);
  for (int i = 0; i < rank_count; ++i) {
    auto read =
        read_rank(ranks[static_cast<std::size_t>(i)], rank_count - i, geometry, view.pieces);
    if (!read) return Error{read.error()};
  }
  if (!side.empty() && side[0] >= '1' && side[0] <= '6') view.side_to_move = side[0] - '1';
  view.caption = std::string(text);
  // The legend when the seating field reads ("a/d", "ab/de-").
  if (fields.size() > 2) {
    std::string plain;
    std::vector<bool> eliminated;
    for (std::string_view group : util::split(fields[2], '/')) {
      eliminated.push_back(!group.empty() && group.back() == '-');
      if (eliminated.back()) group.remove_suffix(1);
      plain += (plain.empty() ? "" : "/") + std::string(group);
    }
    if (auto seating = Seating::parse(plain))
      view.legend = legend_of(*seating, {}, view.side_to_move, eliminated);
  }
  return view;
}

std::vector<LegendEntry> legend_of(const Seating& seating, const std::vector<std::string>& names,
                                   int side_to_move, const std::vector<bool>& eliminated) {
  std::vector<LegendEntry> legend;
  for (int p = 0; p < seating.player_count(); ++p) {
    const auto index = static_cast<std::size_t>(p);
    std::string text = "p" + std::to_string(p + 1);
    if (index < names.size()) text += " " + names[index];
    if (index < eliminated.size() && eliminated[index])
      text += " (out)";
    else if (p == side_to_move)
      text += " (to move)";
    legend.push_back({seating.armies[index], text});
  }
  return legend;
}

namespace {

// The board field of a position string for the pieces given.
std::string board_field(const Geometry& geometry, const std::vector<Piece>& pieces) {
  std::vector<int> army_at(static_cast<std::size_t>(geometry.hole_count()), -1);
  for (const Piece& piece : pieces) army_at[static_cast<std::size_t>(piece.hole)] = piece.army;
  std::string field;
  const int ranks = 4 * geometry.arm_size() + 1;
  for (int rank = ranks; rank >= 1; --rank) {
    if (rank < ranks) field += '/';
    int run = 0;
    for (int file = 0; file < geometry.rank_length(rank); ++file) {
      const int army = army_at[static_cast<std::size_t>(geometry.rank_first(rank) + file)];
      if (army < 0) {
        ++run;
        continue;
      }
      if (run) field += std::to_string(run);
      run = 0;
      field += static_cast<char>('a' + army);
    }
    if (run) field += std::to_string(run);
  }
  return field;
}

}  // namespace

Status check_last_move(std::string_view text, const std::vector<Hole>& path, RuleOptions options) {
  auto view = view_of_position_string(text);
  if (!view) return Error{view.error()};
  const auto fields = util::tokenize(text);
  if (fields.size() != 4)
    return fail("the position string needs 4 fields to check a path, got " +
                std::to_string(fields.size()));
  const Geometry& geometry = Geometry::of(view->arm_size);
  std::string path_text;
  for (Hole h : path) path_text += geometry.name(h);
  const std::string move = util::quote_input(path_text);
  for (const Piece& piece : view->pieces)
    if (piece.dragon)
      return fail("cannot check " + move + ": dragons are not played by this version");
  // The players and armies the seating field gives, for the rules.
  std::string plain;
  for (std::string_view group : util::split(fields[2], '/')) {
    if (!group.empty() && group.back() == '-') group.remove_suffix(1);
    plain += (plain.empty() ? "" : "/") + std::string(group);
  }
  auto seating = Seating::parse(plain);
  if (!seating) return fail("seating field: " + seating.error());
  options.players = seating->player_count();
  options.armies_per_player = static_cast<int>(seating->armies[0].size());

  auto at = [&](Hole h) {
    return std::find_if(view->pieces.begin(), view->pieces.end(),
                        [&](const Piece& piece) { return piece.hole == h; });
  };
  const auto mover = at(path.back());
  if (mover == view->pieces.end())
    return fail(move + " ends on the empty hole " + geometry.name(path.back()) +
                "; a last move ends where its piece stands");
  const auto swapped = at(path.front());
  if (swapped != view->pieces.end() && !options.swap_rule)
    return fail(move + " starts on " + geometry.name(path.front()) +
                ", which holds a piece (only the swap rule leaves one there)");
  // The position before the move: the piece back at its start (and a
  // swapped piece back at the end).
  std::vector<Piece> before = view->pieces;
  int player = -1;
  for (int p = 0; p < seating->player_count(); ++p)
    for (int army : seating->armies[static_cast<std::size_t>(p)])
      if (army == mover->army) player = p;
  if (player < 0)
    return fail(move + ": the piece on " + geometry.name(path.back()) +
                " belongs to no player of the seating");
  for (Piece& piece : before) {
    if (piece.hole == path.back())
      piece.hole = path.front();
    else if (piece.hole == path.front())
      piece.hole = path.back();
  }
  const auto count = util::to_integer(fields[3]);
  const std::string previous = board_field(geometry, before) + " " + std::to_string(player + 1) +
                               " " + std::string(fields[2]) + " " +
                               std::to_string(count && *count > 0 ? *count - 1 : 0);
  auto setup = parse_position_string(previous, options);
  if (!setup) return fail("cannot check " + move + ": " + setup.error());
  auto parsed = parse_move(setup->position, path_text);
  if (!parsed) return fail("not a legal last move: " + parsed.error());
  return Done{};
}

BoardView view_of_position(const Position& position) {
  BoardView view;
  const Geometry& geometry = position.geometry();
  view.arm_size = geometry.arm_size();
  for (int h = 0; h < geometry.hole_count(); ++h) {
    const int army = position.army_at(static_cast<Hole>(h));
    if (army >= 0) view.pieces.push_back({static_cast<Hole>(h), army, position.dragons().test(h)});
  }
  view.side_to_move = position.is_over() ? -1 : position.side_to_move();
  std::vector<bool> eliminated;
  for (int p = 0; p < position.rules().player_count(); ++p)
    eliminated.push_back(position.is_eliminated(p));
  view.legend = legend_of(position.rules().seating(), {}, view.side_to_move, eliminated);
  return view;
}

}  // namespace tiaoqi::render
