#include "tools/common/json.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace tiaoqi::tools {
namespace {

const Json kNull;
const std::string kEmptyString;
const Json::Array kEmptyArray;
const Json::Object kEmptyObject;

void dump_string(std::string& out, std::string_view text) {
  out += '"';
  for (char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char code[8];
          std::snprintf(code, sizeof code, "\\u%04x", c);
          out += code;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Expected<Json> document() {
    auto value = parse_value();
    if (!value) return value;
    skip_space();
    if (at_ < text_.size()) return error("trailing characters");
    return value;
  }

 private:
  Error error(const std::string& what) const {
    return fail("JSON at offset " + std::to_string(at_) + ": " + what);
  }
  void skip_space() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\t' || text_[at_] == '\r'))
      ++at_;
  }
  bool consume(std::string_view word) {
    if (text_.substr(at_, word.size()) != word) return false;
    at_ += word.size();
    return true;
  }

  Expected<Json> parse_value() {
    skip_space();
    if (at_ >= text_.size()) return error("unexpected end");
    const char c = text_[at_];
    if (c == '{') return parse_object();
    if (c == '[') return parse_array();
    if (c == '"') {
      auto text = parse_string();
      if (!text) return Error{text.error()};
      return Json(*text);
    }
    if (consume("true")) return Json(true);
    if (consume("false")) return Json(false);
    if (consume("null")) return Json();
    char* end = nullptr;
    const std::string copy(text_.substr(at_, 64));
    const double number = std::strtod(copy.c_str(), &end);
    if (end == copy.c_str()) return error("expected a value");
    at_ += static_cast<std::size_t>(end - copy.c_str());
    return Json(number);
  }

  Expected<std::string> parse_string() {
    ++at_;
    std::string out;
    while (at_ < text_.size() && text_[at_] != '"') {
      char c = text_[at_++];
      if (c == '\\' && at_ < text_.size()) {
        const char escaped = text_[at_++];
        switch (escaped) {
          case 'n':
            c = '\n';
            break;
          case 't':
            c = '\t';
            break;
          case 'r':
            c = '\r';
            break;
          case 'u': {
            if (at_ + 4 > text_.size()) return error("bad \\u escape");
            c = static_cast<char>(
                std::strtol(std::string(text_.substr(at_, 4)).c_str(), nullptr, 16));
            at_ += 4;
            break;
          }
          default:
            c = escaped;
        }
      }
      out += c;
    }
    if (at_ >= text_.size()) return error("unterminated string");
    ++at_;
    return out;
  }

  Expected<Json> parse_array() {
    ++at_;
    Json::Array items;
    skip_space();
    if (consume("]")) return Json(items);
    while (true) {
      auto item = parse_value();
      if (!item) return item;
      items.push_back(std::move(*item));
      skip_space();
      if (consume("]")) return Json(std::move(items));
      if (!consume(",")) return error("expected , or ]");
    }
  }

  Expected<Json> parse_object() {
    ++at_;
    Json::Object members;
    skip_space();
    if (consume("}")) return Json(members);
    while (true) {
      skip_space();
      if (at_ >= text_.size() || text_[at_] != '"') return error("expected a key");
      auto key = parse_string();
      if (!key) return Error{key.error()};
      skip_space();
      if (!consume(":")) return error("expected :");
      auto value = parse_value();
      if (!value) return value;
      members.emplace_back(std::move(*key), std::move(*value));
      skip_space();
      if (consume("}")) return Json(std::move(members));
      if (!consume(",")) return error("expected , or }");
    }
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace

const std::string& Json::string() const {
  return is_string() ? std::get<std::string>(value_) : kEmptyString;
}
const Json::Array& Json::array() const {
  return is_array() ? std::get<Array>(value_) : kEmptyArray;
}
const Json::Object& Json::object() const {
  return is_object() ? std::get<Object>(value_) : kEmptyObject;
}

const Json& Json::operator[](std::string_view key) const {
  for (const auto& [name, value] : object())
    if (name == key) return value;
  return kNull;
}

Json& Json::set(std::string key, Json value) {
  if (!is_object()) value_ = Object{};
  auto& members = std::get<Object>(value_);
  for (auto& [name, existing] : members)
    if (name == key) return existing = std::move(value);
  members.emplace_back(std::move(key), std::move(value));
  return members.back().second;
}

Json& Json::push(Json value) {
  if (!is_array()) value_ = Array{};
  auto& items = std::get<Array>(value_);
  items.push_back(std::move(value));
  return items.back();
}

void Json::dump_to(std::string& out, int indent, int depth) const {
  const auto newline = [&](int level) {
    if (indent <= 0) return;
    out += '\n';
    out.append(static_cast<std::size_t>(level * indent), ' ');
  };
  if (is_null())
    out += "null";
  else if (std::holds_alternative<bool>(value_))
    out += std::get<bool>(value_) ? "true" : "false";
  else if (is_number()) {
    const double value = std::get<double>(value_);
    if (!std::isfinite(value)) {
      out += "null";
    } else if (value == std::floor(value) && std::fabs(value) < 1e15) {
      out += std::to_string(static_cast<long long>(value));
    } else {
      char text[32];
      std::snprintf(text, sizeof text, "%.10g", value);
      out += text;
    }
  } else if (is_string())
    dump_string(out, string());
  else if (is_array()) {
    const auto& items = array();
    // Short arrays of plain values stay on one line.
    bool flat = items.size() <= 12;
    for (const auto& item : items) flat = flat && !item.is_array() && !item.is_object();
    out += '[';
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (i) out += flat ? ", " : ",";
      if (!flat) newline(depth + 1);
      items[i].dump_to(out, indent, depth + 1);
    }
    if (!flat && !items.empty()) newline(depth);
    out += ']';
  } else {
    const auto& members = object();
    out += '{';
    for (std::size_t i = 0; i < members.size(); ++i) {
      if (i) out += ',';
      newline(depth + 1);
      dump_string(out, members[i].first);
      out += indent > 0 ? ": " : ":";
      members[i].second.dump_to(out, indent, depth + 1);
    }
    if (!members.empty()) newline(depth);
    out += '}';
  }
}

std::string Json::dump(int indent) const {
  std::string out;
  dump_to(out, indent, 0);
  return out;
}

Expected<Json> Json::parse(std::string_view text) { return Parser(text).document(); }

}  // namespace tiaoqi::tools
