#pragma once

#include <istream>
#include <ostream>

namespace tiaoqi::protocol {

// Exit codes of the command line.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

// The `tiaoqi` command line: without a command it speaks the protocol on
// `in`/`out`; `bench [depth]` and `perft <depth> [--fen ...]` run once and
// exit. Unknown flags or arguments print the usage and return kExitUsage.
int run_command_line(int argc, const char* const* argv, std::istream& in, std::ostream& out,
                     std::ostream& err);

}  // namespace tiaoqi::protocol
