#pragma once

#include <memory>

#include "protocol/session.hpp"

namespace tiaoqi::protocol::uci {

// Our UCI-style protocol (docs/protocol.md), the one a session starts in:
// `uci`, `position`, the shared commands, and `ccp`, which switches the
// session to CCP.
std::unique_ptr<Dialect> make_dialect();

}  // namespace tiaoqi::protocol::uci
