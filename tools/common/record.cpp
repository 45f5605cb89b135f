#include "tools/common/record.hpp"

#include <ctime>
#include <limits>
#include <sstream>

#include "engine/util/text.hpp"
#include "tools/common/text_file.hpp"

namespace tiaoqi::tools {
namespace {

std::string quote(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + '"';
}

std::string join(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& part : parts) out += (out.empty() ? "" : "; ") + part;
  return out;
}

std::vector<std::string> split_list(std::string_view text) {
  std::vector<std::string> parts;
  for (std::string_view part : util::split(text, ';'))
    if (!util::trim(part).empty()) parts.emplace_back(util::trim(part));
  return parts;
}

// A whole number of a tag or a move line, within int (or long long) range.
template <class T>
bool parse_number(std::string_view text, T& value) {
  const auto number = util::to_integer(text);
  if (!number || *number < std::numeric_limits<T>::min() || *number > std::numeric_limits<T>::max())
    return false;
  value = static_cast<T>(*number);
  return true;
}

// Applies one "[Tag "value"]" line to a record.
Expected<bool> apply_tag(GameRecord& record, std::string_view line) {
  const auto space = line.find(' ');
  // The opening quote follows the space; the closing one is another byte.
  if (line.back() != ']' || space == std::string_view::npos || line.size() < space + 4 ||
      line[space + 1] != '"' || line[line.size() - 2] != '"')
    return fail("expected [Tag \"value\"], got " + util::quote_input(line));
  const std::string_view tag = line.substr(1, space - 1);
  std::string value;
  const std::string_view raw = line.substr(space + 2, line.size() - space - 4);
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && i + 1 < raw.size()) ++i;
    value += raw[i];
  }
  if (tag == "Event")
    record.event = value;
  else if (tag == "Date")
    record.date = value;
  else if (tag == "Game") {
    if (!parse_number(value, record.game))
      return fail("Game tag: expected a number, got " + util::quote_input(value));
  } else if (tag == "Round") {
    const auto parts = util::split(value, '.');
    if (parts.size() != 2 || !parse_number(parts[0], record.opening_index) ||
        !parse_number(parts[1], record.rotation))
      return fail("Round tag: expected <opening>.<rotation>, got " + util::quote_input(value));
  } else if (tag == "Engines")
    record.engines = split_list(value);
  else if (tag == "Seating")
    record.seating = split_list(value);
  else if (tag == "Options")
    record.options = value;
  else if (tag == "Opening")
    record.opening = value;
  else if (tag == "Dragons")
    record.dragons = value;
  else if (tag == "Result")
    record.result = value;
  else if (tag == "Termination")
    record.termination = value;
  // Unknown tags are kept out of the way: later versions may add some.
  return true;
}

Expected<bool> parse_player(std::string_view word, int& player) {
  if (word.size() < 2 || word[0] != 'p' || !parse_number(word.substr(1), player) || player < 1)
    return fail("expected a player such as p1, got " + util::quote_input(word));
  return true;
}

}  // namespace

std::string record_date_now() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &local);
  return text;
}

std::string format_standings(const std::vector<std::vector<int>>& standings) {
  std::string text;
  for (const auto& group : standings) {
    if (group.empty()) continue;
    if (!text.empty()) text += ' ';
    for (std::size_t i = 0; i < group.size(); ++i)
      text += (i ? "=" : "") + std::to_string(group[i] + 1);
  }
  return text;
}

Expected<std::vector<std::vector<int>>> parse_standings(std::string_view text) {
  std::vector<std::vector<int>> standings;
  for (std::string_view group : util::tokenize(text)) {
    std::vector<int> players;
    for (std::string_view number : util::split(group, '=')) {
      int player = 0;
      if (!parse_number(number, player) || player < 1)
        return fail("result: expected players such as '1 2=3', got " + util::quote_input(text));
      players.push_back(player - 1);
    }
    standings.push_back(players);
  }
  return standings;
}

std::string format_record(const GameRecord& record) {
  std::ostringstream out;
  out << "[Event " << quote(record.event) << "]\n";
  out << "[Date " << quote(record.date) << "]\n";
  out << "[Game " << quote(std::to_string(record.game)) << "]\n";
  out << "[Round "
      << quote(std::to_string(record.opening_index) + "." + std::to_string(record.rotation))
      << "]\n";
  out << "[Engines " << quote(join(record.engines)) << "]\n";
  out << "[Seating " << quote(join(record.seating)) << "]\n";
  out << "[Options " << quote(record.options) << "]\n";
  out << "[Opening " << quote(record.opening) << "]\n";
  if (!record.dragons.empty()) out << "[Dragons " << quote(record.dragons) << "]\n";
  out << "[Result " << quote(record.result) << "]\n";
  out << "[Termination " << quote(record.termination) << "]\n\n";
  int ply = first_ply_number(record);
  for (const auto& event : record.events) {
    if (event.kind == RecordEvent::Kind::kMove) {
      out << ply++ << ". p" << event.player << ' ' << event.text << ' ' << event.millis;
      if (!event.comment.empty()) out << " {" << event.comment << '}';
      out << '\n';
    } else {
      out << "x p" << event.player << ' ' << event.text << '\n';
    }
  }
  return out.str();
}

std::string format_records(const std::vector<GameRecord>& records) {
  std::string text;
  for (const auto& record : records) text += format_record(record) + "\n";
  return text;
}

int first_ply_number(const GameRecord& record) {
  const auto fields = util::tokenize(record.opening);
  int move_count = 0;
  if (fields.size() == 4 && parse_number(fields[3], move_count) && move_count >= 0 &&
      move_count < std::numeric_limits<int>::max())
    return move_count + 1;
  return 1;
}

Expected<std::vector<GameRecord>> parse_records(std::string_view text) {
  std::vector<GameRecord> records;
  bool in_tags = false;
  int line_number = 0;
  for (std::string_view line : util::split(text, '\n')) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const auto where = [&](const std::string& what) {
      return fail("record line " + std::to_string(line_number) + ": " + what);
    };
    if (line.empty()) {
      in_tags = false;
      continue;
    }
    if (line.front() == '[') {
      if (!in_tags) records.emplace_back();
      in_tags = true;
      auto applied = apply_tag(records.back(), line);
      if (!applied) return where(applied.error());
      continue;
    }
    if (records.empty()) return where("a move before the first [Event] tag");
    const auto parts = util::tokenize(line);
    RecordEvent event;
    if (parts.size() >= 2 && parts[0] == "x") {
      event.kind = RecordEvent::Kind::kElimination;
      auto player = parse_player(parts[1], event.player);
      if (!player) return where(player.error());
      // The reason is the rest of the line after the player.
      const auto reason_at =
          static_cast<std::size_t>(parts[1].data() - line.data()) + parts[1].size();
      event.text = std::string(util::trim(line.substr(reason_at)));
    } else {
      if (parts.size() < 4 || parts[0].back() != '.')
        return where("expected '<ply>. p<player> <path> <ms> [{comment}]', got " +
                     util::quote_input(line));
      auto player = parse_player(parts[1], event.player);
      if (!player) return where(player.error());
      event.text = std::string(parts[2]);
      if (!parse_number(parts[3], event.millis) || event.millis < 0)
        return where("expected the milliseconds of the move, got " + util::quote_input(parts[3]));
      // The comment is the rest of the line, in braces.
      if (parts.size() > 4) {
        const auto comment_at = static_cast<std::size_t>(parts[4].data() - line.data());
        const std::string_view comment = util::trim(line.substr(comment_at));
        if (comment.size() < 2 || comment.front() != '{' || comment.back() != '}' ||
            comment.substr(1, comment.size() - 2).find_first_of("{}") != std::string_view::npos)
          return where("expected a comment in braces after the milliseconds, got " +
                       util::quote_input(comment));
        event.comment = std::string(comment.substr(1, comment.size() - 2));
      }
    }
    records.back().events.push_back(std::move(event));
  }
  return records;
}

Expected<std::vector<GameRecord>> read_record_file(const std::string& path) {
  auto text = read_text_file(path, "record file");
  if (!text) return Error{text.error()};
  auto records = parse_records(*text);
  if (!records) return fail(util::quote_input(path, 200) + ": " + records.error());
  return records;
}

}  // namespace tiaoqi::tools
