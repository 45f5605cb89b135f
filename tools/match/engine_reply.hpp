#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tiaoqi::match {

// Engine output lines the runner understands (info, bestmove, id, option,
// uciok, readyok, blank); anything else while it waits for a reply is
// garbage.
bool is_protocol_line(std::string_view line);

// The first word of a line; empty for a blank line.
std::string_view first_word(std::string_view line);

// An engine's error answer, "info string error: <message>": the message,
// or nullopt for any other line.
std::optional<std::string> error_message(std::string_view line);

// An engine's own words made safe to print in the runner's messages:
// control and non-ASCII bytes as \xNN, cut after `limit` characters (as
// util::quote_input, without the quotes).
std::string engine_words(std::string_view text, std::size_t limit = 300);

// What an info line says of the search: its depth and score, as the
// record's comment shows them. Lines of a second or later MultiPV line
// and lines without a score say nothing.
struct SearchInfo {
  int depth = 0;  // 0: not given
  // Centi-steps from the mover's view, or a proved result: `win` plies to
  // a first place (`score win n`), `loss` plies to a place below
  // (`score loss n`).
  enum class Kind { kNone, kCentiSteps, kWin, kLoss };
  Kind kind = Kind::kNone;
  long long value = 0;
  bool has_score() const { return kind != Kind::kNone; }
  // "+0.35", "-1.20", "+W5" (a win in 5 plies), "-L7" (a loss in 7).
  std::string score_text() const;
  // The score as centi-steps for adjudication: a proved win or loss is
  // beyond any threshold.
  long long adjudication_value() const;
};
std::optional<SearchInfo> read_search_info(std::string_view line);

// One line read while an engine searches, as the runner takes it.
struct ReplyLine {
  enum class Kind {
    kPass,     // a protocol line that is no answer (id, blank ...): read on
    kInfo,     // "info ..." with a score: `info` holds it; read on
    kMove,     // "bestmove <move> ...": `move` holds the move
    kError,    // "info string error: ...": the engine refused the position
               // or the go; `detail` holds its message, quoted
    kGarbage,  // anything else: `detail` says what arrived, quoted
  };
  Kind kind = Kind::kPass;
  std::string move;
  std::string detail;
  SearchInfo info;
};
ReplyLine read_reply_line(std::string_view line);

}  // namespace tiaoqi::match
