#pragma once

#include <string>

namespace tiaoqi::protocol {

// Who the engine is, for `uci`, `--version` and the greeting.
std::string engine_name();    // "Tiaoqi 0.1.0"
std::string engine_author();  // "the Tiaoqi developers"
// The first line in protocol mode, as UCI engines greet: "Tiaoqi 0.1.0 by ...".
std::string greeting();

}  // namespace tiaoqi::protocol
