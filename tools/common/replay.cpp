#include "tools/common/replay.hpp"

#include "engine/dragons.hpp"
#include "engine/facade/options.hpp"
#include "engine/game.hpp"
#include "engine/notation.hpp"
#include "engine/position_string.hpp"
#include "engine/util/text.hpp"

namespace tiaoqi::tools {

std::vector<Hole> split_path(const Geometry& geometry, std::string_view text) {
  std::vector<Hole> holes;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '-') {
      ++i;
      continue;
    }
    std::size_t end = i + 1;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
    const auto hole = geometry.parse_hole(text.substr(i, end - i));
    if (!hole) return {};
    holes.push_back(*hole);
    i = end;
  }
  return holes;
}

Expected<Replay> replay_record(const GameRecord& record) {
  auto options = facade::parse_rule_options(record.options);
  if (!options) return fail("Options tag: " + options.error());
  auto setup = parse_position_string(record.opening, *options);
  if (!setup) return fail("Opening tag: " + setup.error());
  Replay replay{setup->rules, {}};
  Position position = setup->position;
  const bool dragons = setup->rules->dragons();
  if (dragons != !record.dragons.empty())
    return fail(dragons ? "Dragons tag: a game of the dragons variant names every dragon, and "
                          "this one has no such tag"
                        : "Dragons tag: dragons exist only in the dragons variant");
  if (dragons) {
    auto holes = parse_dragons(position, record.dragons);
    if (!holes) return fail("Dragons tag: " + holes.error());
    place_dragons(position, *holes);
  }
  settle(position);
  RepetitionCount repetitions;
  repetitions.add(position);
  replay.frames.push_back({position, {}, -1});
  std::uint8_t revealed = 0;
  int ply = 0;
  for (const auto& event : record.events) {
    const std::string where =
        "game " + std::to_string(record.game) + ", after ply " + std::to_string(ply) + ": ";
    if (position.is_over()) return fail(where + "the game is already over");
    if (event.player - 1 != position.side_to_move())
      return fail(where + "p" + std::to_string(event.player) + " is recorded, but p" +
                  std::to_string(position.side_to_move() + 1) + " is to move");
    if (event.kind == RecordEvent::Kind::kElimination) {
      eliminate_by_referee(position);
      settle(position);
      replay.frames.push_back({position, {}, event.player - 1, kNoHole, revealed});
      continue;
    }
    ++ply;
    DragonMarks marks;
    const std::string_view text = strip_dragon_marks(event.text, marks);
    if ((marks.revealed || marks.captured) && !dragons)
      return fail(where + "move " + util::quote_input(event.text) +
                  ": '*' and '#' mark dragons, which exist only in the dragons variant");
    auto move = parse_move(position, text);
    // The error names the move.
    if (!move) return fail(where + move.error());
    if (dragons) {
      const DragonMarks truth = referee_marks(position, *move);
      if (truth.revealed != marks.revealed || truth.captured != marks.captured)
        return fail(where + "move " + util::quote_input(event.text) + ": the dragons give " +
                    util::quote_input(marked_move(text, truth)));
      revealed = revealed_after(revealed, position.side_to_move(), marks);
    }
    // Under the swap rule an occupied end is a swap, not a capture.
    const Hole captured = dragons && position.occupied().test(move->to) ? move->to : kNoHole;
    std::vector<Hole> path = split_path(position.geometry(), text);
    if (path.size() <= 2) path = shortest_path(position, *move);
    position.play(*move);
    settle(position);
    repetitions.add(position);
    replay.frames.push_back({position, path, event.player - 1, captured, revealed});
  }
  if (record.result != "*" && !position.is_over() &&
      record.termination.starts_with(kDrawAdjudication)) {
    // A draw the runner adjudicated: all players share first place.
    std::vector<int> everyone;
    for (int p = 0; p < position.rules().player_count(); ++p) everyone.push_back(p);
    if (record.result != format_standings({everyone}))
      return fail("game " + std::to_string(record.game) + ": a draw by adjudication must place " +
                  "every player first, got " + util::quote_input(record.result));
    return replay;
  }
  if (record.result != "*") {
    if (!position.is_over())
      return fail("game " + std::to_string(record.game) + ": result " +
                  util::quote_input(record.result) +
                  " is recorded but the game is not over after its moves");
    const std::string places = format_standings(position.standings());
    if (places != record.result)
      return fail("game " + std::to_string(record.game) + ": result tag says " +
                  util::quote_input(record.result) + ", the rules give '" + places + "'");
  }
  return replay;
}

}  // namespace tiaoqi::tools
