#pragma once

#include <string>

#include "tools/common/record.hpp"
#include "tools/common/replay.hpp"
#include "tools/render/svg.hpp"

namespace tiaoqi::render {

// One self-contained HTML page for a whole game: the board drawn once, the
// pieces of every position as hidden layers, and a few lines of script
// that step through them (buttons, a slider, the arrow keys, the move list).
// `viewer` as for frame_view.
std::string game_page(const tools::GameRecord& record, const tools::Replay& replay,
                      const SvgStyle& style, int viewer = -1);

// The view of one frame of a replay, with its caption. In the dragons
// variant `viewer` -1 shows every dragon (the referee's truth); a player
// (0-based) sees its own dragon and the revealed ones until the game is
// over, and then every one. The piece the frame's move captured is marked.
BoardView frame_view(const tools::GameRecord& record, const tools::Replay& replay,
                     std::size_t frame, int viewer = -1);

}  // namespace tiaoqi::render
