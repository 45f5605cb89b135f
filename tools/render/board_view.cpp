#include "tools/render/board_view.hpp"

#include <sstream>

namespace tiaoqi::render {

Expected<BoardView> view_of_position_string(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::string board, side;
  in >> board >> side;
  std::vector<std::string> ranks;
  std::size_t begin = 0;
  while (true) {
    const auto slash = board.find('/', begin);
    ranks.push_back(
        board.substr(begin, slash == std::string::npos ? std::string::npos : slash - begin));
    if (slash == std::string::npos) break;
    begin = slash + 1;
  }
  const int rank_count = static_cast<int>(ranks.size());
  if (rank_count != 9 && rank_count != 13 && rank_count != 17)
    return fail("board field has " + std::to_string(rank_count) + " ranks; expected 9, 13 or 17");
  BoardView view;
  view.arm_size = (rank_count - 1) / 4;
  const Geometry& geometry = Geometry::of(view.arm_size);
  for (int i = 0; i < rank_count; ++i) {
    const int rank = rank_count - i;
    const std::string& row = ranks[static_cast<std::size_t>(i)];
    int file = 0;
    for (std::size_t k = 0; k < row.size();) {
      if (row[k] >= '0' && row[k] <= '9') {
        int run = 0;
        while (k < row.size() && row[k] >= '0' && row[k] <= '9') run = run * 10 + (row[k++] - '0');
        file += run;
        continue;
      }
      const char c = row[k++];
      const bool dragon = c >= 'A' && c <= 'F';
      if (!dragon && (c < 'a' || c > 'f'))
        return fail("rank " + std::to_string(rank) + ": unexpected '" + std::string(1, c) + "'");
      if (file >= geometry.rank_length(rank))
        return fail("rank " + std::to_string(rank) + " has too many holes");
      view.pieces.push_back({static_cast<Hole>(geometry.rank_first(rank) + file),
                             dragon ? c - 'A' : c - 'a', dragon});
      ++file;
    }
    if (file != geometry.rank_length(rank))
      return fail("rank " + std::to_string(rank) + " describes " + std::to_string(file) +
                  " holes; it has " + std::to_string(geometry.rank_length(rank)));
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
