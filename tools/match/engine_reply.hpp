#pragma once

#include <string>
#include <string_view>

namespace tiaoqi::match {

// Engine output lines the runner understands (info, bestmove, id, option,
// uciok, readyok, blank); anything else while it waits for a reply is
// garbage.
bool is_protocol_line(std::string_view line);

// The first word of a line; empty for a blank line.
std::string_view first_word(std::string_view line);

// One line read while an engine searches, as the runner takes it.
struct ReplyLine {
  enum class Kind {
    kPass,     // a protocol line that is no answer (info ...): read on
    kMove,     // "bestmove <move> ...": `move` holds the move
    kGarbage,  // anything else: `detail` says what arrived, quoted
  };
  Kind kind = Kind::kPass;
  std::string move;
  std::string detail;
};
ReplyLine read_reply_line(std::string_view line);

}  // namespace tiaoqi::match
