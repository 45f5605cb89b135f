#include "tools/common/record.hpp"

#include <charconv>
#include <fstream>
#include <sstream>

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
  std::size_t begin = 0;
  while (begin <= text.size()) {
    auto end = text.find(';', begin);
    if (end == std::string_view::npos) end = text.size();
    std::string_view part = text.substr(begin, end - begin);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    if (!part.empty()) parts.emplace_back(part);
    begin = end + 1;
  }
  return parts;
}

template <class T>
bool parse_number(std::string_view text, T& value) {
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  return result.ec == std::errc() && result.ptr == text.data() + text.size();
}

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const std::size_t begin = i;
    while (i < line.size() && line[i] != ' ') ++i;
    if (i > begin) out.push_back(line.substr(begin, i - begin));
  }
  return out;
}

// Applies one "[Tag "value"]" line to a record.
Expected<bool> apply_tag(GameRecord& record, std::string_view line) {
  const auto space = line.find(' ');
  if (line.size() < 5 || line.back() != ']' || space == std::string_view::npos ||
      line[space + 1] != '"' || line[line.size() - 2] != '"')
    return fail("expected [Tag \"value\"]");
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
    if (!parse_number(value, record.game)) return fail("Game tag: expected a number");
  } else if (tag == "Round") {
    const auto dot = value.find('.');
    if (dot == std::string::npos ||
        !parse_number(std::string_view(value).substr(0, dot), record.opening_index) ||
        !parse_number(std::string_view(value).substr(dot + 1), record.rotation))
      return fail("Round tag: expected <opening>.<rotation>");
  } else if (tag == "Engines")
    record.engines = split_list(value);
  else if (tag == "Seating")
    record.seating = split_list(value);
  else if (tag == "Options")
    record.options = value;
  else if (tag == "Opening")
    record.opening = value;
  else if (tag == "Result")
    record.result = value;
  else if (tag == "Termination")
    record.termination = value;
  // Unknown tags are kept out of the way: later versions may add some.
  return true;
}

Expected<bool> parse_player(std::string_view word, int& player) {
  if (word.size() < 2 || word[0] != 'p' || !parse_number(word.substr(1), player) || player < 1)
    return fail("expected a player such as p1, got '" + std::string(word) + "'");
  return true;
}

}  // namespace

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
  for (std::string_view group : words(text)) {
    std::vector<int> players;
    std::size_t begin = 0;
    while (begin <= group.size()) {
      auto end = group.find('=', begin);
      if (end == std::string_view::npos) end = group.size();
      int player = 0;
      if (!parse_number(group.substr(begin, end - begin), player) || player < 1)
        return fail("result '" + std::string(text) + "': expected players such as '1 2=3'");
      players.push_back(player - 1);
      begin = end + 1;
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
  out << "[Result " << quote(record.result) << "]\n";
  out << "[Termination " << quote(record.termination) << "]\n\n";
  int ply = 0;
  for (const auto& event : record.events) {
    if (event.kind == RecordEvent::Kind::kMove)
      out << ++ply << ". p" << event.player << ' ' << event.text << ' ' << event.millis << '\n';
    else
      out << "x p" << event.player << ' ' << event.text << '\n';
  }
  return out.str();
}

Expected<std::vector<GameRecord>> parse_records(std::string_view text) {
  std::vector<GameRecord> records;
  bool in_tags = false;
  int line_number = 0;
  std::size_t begin = 0;
  while (begin < text.size()) {
    auto end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(begin, end - begin);
    begin = end + 1;
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
    const auto parts = words(line);
    RecordEvent event;
    if (parts.size() >= 2 && parts[0] == "x") {
      event.kind = RecordEvent::Kind::kElimination;
      auto player = parse_player(parts[1], event.player);
      if (!player) return where(player.error());
      const auto reason_at = line.find(parts[1]) + parts[1].size();
      std::string_view reason = line.substr(reason_at);
      while (!reason.empty() && reason.front() == ' ') reason.remove_prefix(1);
      event.text = std::string(reason);
    } else {
      if (parts.size() != 4 || parts[0].back() != '.')
        return where("expected '<ply>. p<player> <path> <ms>', got '" + std::string(line) + "'");
      auto player = parse_player(parts[1], event.player);
      if (!player) return where(player.error());
      event.text = std::string(parts[2]);
      if (!parse_number(parts[3], event.millis)) return where("bad milliseconds");
    }
    records.back().events.push_back(std::move(event));
  }
  return records;
}

Expected<std::vector<GameRecord>> read_record_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return fail("cannot read record file '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_records(text.str());
}

}  // namespace tiaoqi::tools
