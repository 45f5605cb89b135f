#include "engine/util/text.hpp"

#include <charconv>

namespace tiaoqi::util {

std::vector<std::string_view> tokenize(std::string_view line) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t begin = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > begin) tokens.push_back(line.substr(begin, i - begin));
  }
  return tokens;
}

std::string_view trim(std::string_view text) {
  const auto begin = text.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return {};
  return text.substr(begin, text.find_last_not_of(" \t") - begin + 1);
}

std::string quote_input(std::string_view text, std::size_t limit) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "'";
  for (std::size_t i = 0; i < text.size() && i < limit; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  if (text.size() > limit) out += "...";
  out += "'";
  return out;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t begin = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == separator) {
      parts.push_back(text.substr(begin, i - begin));
      begin = i + 1;
    }
  }
  return parts;
}

std::optional<std::int64_t> to_integer(std::string_view text) {
  std::string_view digits = text;
  const bool negative = !digits.empty() && digits[0] == '-';
  if (negative) digits.remove_prefix(1);
  if (digits.empty()) return std::nullopt;
  for (char c : digits)
    if (c < '0' || c > '9') return std::nullopt;
  // One way to write a number: "3", never "003" (a position string's
  // counts are strict, and so is every other number the engine reads).
  if (digits.size() > 1 && digits[0] == '0') return std::nullopt;
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return negative ? -value : value;
}

std::optional<double> to_decimal(std::string_view text) {
  std::string_view body = text;
  if (!body.empty() && body[0] == '-') body.remove_prefix(1);
  int digits = 0;
  int dots = 0;
  for (char c : body) {
    if (c >= '0' && c <= '9')
      ++digits;
    else if (c == '.')
      ++dots;
    else
      return std::nullopt;
  }
  if (digits == 0 || dots > 1) return std::nullopt;
  double value = 0;
  const auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

Expected<std::int64_t> parse_integer(std::string_view token, std::int64_t min, std::int64_t max,
                                     std::string_view what) {
  const auto value = to_integer(token);
  if (!value || *value < min || *value > max)
    return fail(std::string(what) + " expects a number from " + std::to_string(min) + " to " +
                std::to_string(max) + ", got " + quote_input(token));
  return *value;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

Expected<std::pair<std::string, std::string>> split_name_value(std::string_view text) {
  const auto equals = text.find('=');
  if (equals == std::string_view::npos || equals == 0)
    return fail("expected Name=Value, got " + quote_input(text));
  return std::pair{std::string(text.substr(0, equals)), std::string(text.substr(equals + 1))};
}

std::string plural(std::int64_t count, std::string_view one, std::string_view many) {
  std::string out = std::to_string(count) + " ";
  if (count == 1) return out + std::string(one);
  return many.empty() ? out + std::string(one) + "s" : out + std::string(many);
}

std::string join(const std::vector<std::string_view>& tokens, std::size_t begin, std::size_t end) {
  std::string out;
  for (std::size_t i = begin; i < end && i < tokens.size(); ++i) {
    if (i > begin) out += ' ';
    out += tokens[i];
  }
  return out;
}

}  // namespace tiaoqi::util
