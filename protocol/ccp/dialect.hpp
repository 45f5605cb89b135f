#pragma once

#include <memory>

#include "protocol/session.hpp"

namespace tiaoqi::protocol::ccp {

// Switches a session to CCP (docs/protocol.md, "CCP"): the rule options
// become the rating list's profile (facade::ccerl_profile), and from now on
// lines are read and written as CCP. Call it while the engine is idle.
void enter(Session& session);

}  // namespace tiaoqi::protocol::ccp
