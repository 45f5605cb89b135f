#include "tools/match/engine_reply.hpp"

#include "engine/util/text.hpp"

namespace tiaoqi::match {

std::string_view first_word(std::string_view line) {
  const auto words = util::tokenize(line);
  return words.empty() ? std::string_view{} : words.front();
}

bool is_protocol_line(std::string_view line) {
  const std::string_view word = first_word(line);
  return word == "info" || word == "bestmove" || word == "id" || word == "option" ||
         word == "uciok" || word == "readyok" || word.empty();
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
  if (!is_protocol_line(line)) {
    reply.kind = ReplyLine::Kind::kGarbage;
    reply.detail = "garbage instead of bestmove: " + util::quote_input(line, 80);
  }
  return reply;
}

}  // namespace tiaoqi::match
