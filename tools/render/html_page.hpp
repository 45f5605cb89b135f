#pragma once

#include <string>

#include "tools/common/record.hpp"
#include "tools/common/replay.hpp"
#include "tools/render/svg.hpp"

namespace tiaoqi::render {

// One self-contained HTML page for a whole game: the board drawn once, the
// pieces of every position as hidden layers, and a few lines of script
// that step through them (buttons, a slider, the arrow keys, the move list).
std::string game_page(const tools::GameRecord& record, const tools::Replay& replay,
                      const SvgStyle& style);

// The view of one frame of a replay, with its caption.
BoardView frame_view(const tools::GameRecord& record, const tools::Replay& replay,
                     std::size_t frame);

}  // namespace tiaoqi::render
