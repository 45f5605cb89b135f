#pragma once

#include <functional>
#include <string_view>

#include "protocol/session.hpp"

namespace tiaoqi::protocol {

// The commands every dialect shares, each the same in all of them (isready,
// setoption, ucinewgame, go, stop, ponderhit, quit, d, perft, eval, legal,
// status, bench): a dialect's table takes the row by name.
const Dialect::Command& shared_command(std::string_view name);

// Starts an engine job by `start` and reports why it could not start, or
// that it runs on the last valid game (`instead` says what it does there)
// when the rule options make no valid game; these lines come before any of
// the job's own. `command` names the command in the messages. Returns
// whether the job started.
bool start_job(Session& session, std::string_view command, std::string_view instead,
               const std::function<Expected<facade::JobStart>()>& start);

}  // namespace tiaoqi::protocol
