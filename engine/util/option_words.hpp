#pragma once

#include <string_view>

namespace tiaoqi {

// What an option says of itself to a person: the few words a form shows
// beside it (units in brackets) and one line on what it does. The option
// table (facade/options) holds one for every option, the search's
// parameters bringing theirs from their own table (search/config).
struct OptionWords {
  std::string_view label;
  std::string_view help;
};

}  // namespace tiaoqi
