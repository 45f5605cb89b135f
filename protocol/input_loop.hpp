#pragma once

#include <istream>

#include "protocol/session.hpp"

namespace tiaoqi::protocol {

// Runs a session on an input stream until quit or the end of the input.
//
// A reader thread reads lines (bounded, line_reader.hpp) into a queue and
// the calling thread handles them in order. A command that must wait for
// the engine (say `position` while a `go depth` search still runs) waits
// there, but the reader goes on reading, so a `stop` or `quit` behind it
// still reaches the engine at once.
// `input_may_block`: reading may block forever (standard input); after
// quit the reader thread is then left behind instead of joined.
void run_input(Session& session, std::istream& in, bool input_may_block = false);

// Runs the lines of a stream through the session on this thread (the
// `--commands` file); returns false when they included `quit`.
bool run_lines(Session& session, std::istream& in);

}  // namespace tiaoqi::protocol
