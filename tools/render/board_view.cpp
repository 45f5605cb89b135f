#include "tools/render/board_view.hpp"

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
  return view;
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
  return view;
}

}  // namespace tiaoqi::render
