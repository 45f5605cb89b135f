// libFuzzer target: how the match runner reads what an engine prints while
// it searches. Every line is passed over, read as an info line with a
// score, taken as a move, as the engine's error or refused as garbage; a
// move is one word, an error and a refusal quote the line printably, a
// score prints as a short text; and a move goes on to the referee's checks
// against the start position.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "engine/notation.hpp"
#include "engine/position_string.hpp"
#include "engine/util/text.hpp"
#include "tools/common/replay.hpp"
#include "tools/match/engine_reply.hpp"

namespace {

bool printable(std::string_view text) {
  for (unsigned char c : text)
    if (c < 0x20 || c >= 0x7f) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using tiaoqi::match::ReplyLine;
  static const auto setup = tiaoqi::start_setup(tiaoqi::RuleOptions{});
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (std::string_view line : tiaoqi::util::split(text, '\n')) {
    const ReplyLine reply = tiaoqi::match::read_reply_line(line);
    switch (reply.kind) {
      case ReplyLine::Kind::kPass:
        if (!tiaoqi::match::is_protocol_line(line)) std::abort();
        break;
      case ReplyLine::Kind::kGarbage:
      case ReplyLine::Kind::kError:
        if (!printable(reply.detail)) std::abort();
        break;
      case ReplyLine::Kind::kInfo:
        if (!reply.info.has_score() || reply.info.score_text().empty() ||
            !printable(reply.info.score_text()))
          std::abort();
        break;
      case ReplyLine::Kind::kMove: {
        if (reply.move.empty() || tiaoqi::util::tokenize(reply.move).size() != 1) std::abort();
        const auto& position = setup->position;
        (void)tiaoqi::tools::split_path(position.geometry(), reply.move);
        (void)tiaoqi::parse_move(position, reply.move);
        break;
      }
    }
  }
  return 0;
}
