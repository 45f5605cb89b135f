#include "tools/match/engine_reply.hpp"

#include <cstdio>
#include <limits>

#include "engine/util/text.hpp"

namespace tiaoqi::match {
namespace {

// Scores beyond this are no centi-steps an engine means; the bound keeps
// the arithmetic of adjudication far from overflow.
constexpr long long kMaxScore = 1'000'000'000;

}  // namespace

std::string_view first_word(std::string_view line) {
  const auto words = util::tokenize(line);
  return words.empty() ? std::string_view{} : words.front();
}

bool is_protocol_line(std::string_view line) {
  const std::string_view word = first_word(line);
  return word == "info" || word == "bestmove" || word == "id" || word == "option" ||
         word == "uciok" || word == "readyok" || word.empty();
}

std::optional<std::string> error_message(std::string_view line) {
  const std::string_view trimmed = util::trim(line);
  const auto words = util::tokenize(trimmed);
  // "info string error: ..." with any spacing between the first words.
  if (words.size() < 3 || words[0] != "info" || words[1] != "string" ||
      !words[2].starts_with("error"))
    return std::nullopt;
  const std::string_view rest =
      trimmed.substr(static_cast<std::size_t>(words[2].data() - trimmed.data()));
  if (!rest.starts_with("error:") && rest != "error") return std::nullopt;
  return std::string(util::trim(rest.substr(rest.size() > 5 ? 6 : 5)));
}

std::string engine_words(std::string_view text, std::size_t limit) {
  const std::string quoted = util::quote_input(text, limit);
  return quoted.substr(1, quoted.size() - 2);
}

std::string SearchInfo::score_text() const {
  char text[48];
  switch (kind) {
    case Kind::kCentiSteps:
      std::snprintf(text, sizeof text, "%+.2f", static_cast<double>(value) / 100.0);
      return text;
    case Kind::kWin:
      return "+W" + std::to_string(value);
    case Kind::kLoss:
      return "-L" + std::to_string(value);
    case Kind::kNone:
      break;
  }
  return "";
}

long long SearchInfo::adjudication_value() const {
  switch (kind) {
    case Kind::kWin:
      return std::numeric_limits<long long>::max();
    case Kind::kLoss:
      return std::numeric_limits<long long>::min();
    default:
      return value;
  }
}

std::optional<SearchInfo> read_search_info(std::string_view line) {
  const auto words = util::tokenize(line);
  if (words.empty() || words[0] != "info") return std::nullopt;
  SearchInfo info;
  for (std::size_t i = 1; i + 1 < words.size(); ++i) {
    // "string" and "pv" take the rest of the line.
    if (words[i] == "string" || words[i] == "pv") break;
    if (words[i] == "multipv") {
      const auto k = util::to_integer(words[i + 1]);
      if (!k || *k != 1) return std::nullopt;
      ++i;
    } else if (words[i] == "depth") {
      const auto depth = util::to_integer(words[i + 1]);
      if (depth && *depth >= 0 && *depth <= 10000) info.depth = static_cast<int>(*depth);
      ++i;
    } else if (words[i] == "score" && i + 2 < words.size()) {
      const auto value = util::to_integer(words[i + 2]);
      if (!value || *value < -kMaxScore || *value > kMaxScore) return std::nullopt;
      const std::string_view unit = words[i + 1];
      if (unit == "cp")
        info.kind = SearchInfo::Kind::kCentiSteps;
      else if (unit == "win" && *value >= 0)
        info.kind = SearchInfo::Kind::kWin;
      else if (unit == "loss" && *value >= 0)
        info.kind = SearchInfo::Kind::kLoss;
      else
        return std::nullopt;
      info.value = *value;
      i += 2;
    }
  }
  if (!info.has_score()) return std::nullopt;
  return info;
}

ReplyLine read_reply_line(std::string_view line) {
  const auto words = util::tokenize(line);
  ReplyLine reply;
  if (!words.empty() && words[0] == "bestmove") {
    if (words.size() < 2) {
      reply.kind = ReplyLine::Kind::kGarbage;
      reply.detail = "bestmove without a move";
      return reply;
    }
    reply.kind = ReplyLine::Kind::kMove;
    reply.move = std::string(words[1]);
    return reply;
  }
  if (auto message = error_message(line)) {
    reply.kind = ReplyLine::Kind::kError;
    reply.detail = "info string error: " + engine_words(*message);
    return reply;
  }
  if (auto info = read_search_info(line)) {
    reply.kind = ReplyLine::Kind::kInfo;
    reply.info = *info;
    return reply;
  }
  if (!is_protocol_line(line)) {
    reply.kind = ReplyLine::Kind::kGarbage;
    reply.detail = "garbage instead of bestmove: " + util::quote_input(line, 80);
  }
  return reply;
}

}  // namespace tiaoqi::match
