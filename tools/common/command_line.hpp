#pragma once

#include <boost/program_options.hpp>

#include "engine/util/expected.hpp"

namespace tiaoqi::tools {

// Parses a tool's arguments in the one style every tool shares: long
// options may also be written with a single dash (`-engine`, as
// cutechess-cli users type them). A bad argument comes back as Boost's
// message; the caller prints it with its usage.
Expected<boost::program_options::variables_map> parse_arguments(
    int argc, const char* const* argv, const boost::program_options::options_description& flags,
    const boost::program_options::positional_options_description* positional = nullptr);

}  // namespace tiaoqi::tools
