#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/util/expected.hpp"

namespace tiaoqi::util {

// Tokens of a line: runs of characters other than space and tab.
std::vector<std::string_view> tokenize(std::string_view line);
// The text without the spaces and tabs at either end.
std::string_view trim(std::string_view text);
// The parts between separators, empty ones included ("a//b" has three).
std::vector<std::string_view> split(std::string_view text, char separator);

// Input text made safe to echo in an error message: quoted, control and
// non-ASCII bytes written as \xNN, cut after `limit` characters.
std::string quote_input(std::string_view text, std::size_t limit = 40);

// Decimal digits with an optional leading '-', as a number; nullopt for
// anything else (signs, spaces, hex, a leading zero as in "007") or a
// value beyond 64 bits.
std::optional<std::int64_t> to_integer(std::string_view text);

// A decimal number with an optional '-' and at most one '.' ("-12", "0.5",
// ".25"); nullopt for anything else (exponents, "nan", "inf", hex, '+',
// spaces) or a value beyond the range of a double.
std::optional<double> to_decimal(std::string_view text);

// A decimal integer in [min, max]: digits only (a leading '-' is read to
// say that a negative number is out of range). `what` names the value in
// the error message.
Expected<std::int64_t> parse_integer(std::string_view token, std::int64_t min, std::int64_t max,
                                     std::string_view what);

bool iequals(std::string_view a, std::string_view b);
std::string lower(std::string_view text);

// Splits "Name=Value" at the first '='; the name must not be empty.
Expected<std::pair<std::string, std::string>> split_name_value(std::string_view text);

// A count and its noun: "1 game", "3 games"; `many` is the plural where
// it is not the noun plus 's' ("ply", "plies").
std::string plural(std::int64_t count, std::string_view one, std::string_view many = {});

// Joins tokens with single spaces.
std::string join(const std::vector<std::string_view>& tokens, std::size_t begin, std::size_t end);

}  // namespace tiaoqi::util
