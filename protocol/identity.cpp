#include "protocol/identity.hpp"

// Set from the project's version by CMake.
#ifndef TIAOQI_VERSION
#define TIAOQI_VERSION "0.0.0"
#endif

namespace tiaoqi::protocol {

std::string engine_name() { return "Tiaoqi " TIAOQI_VERSION; }
std::string engine_author() { return "the Tiaoqi developers"; }
std::string greeting() { return engine_name() + " by " + engine_author(); }

}  // namespace tiaoqi::protocol
