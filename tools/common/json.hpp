#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "engine/util/expected.hpp"

namespace tiaoqi::tools {

// A small JSON value, enough for the match summaries the runner writes and
// `merge` reads back. Objects keep their keys in insertion order so that the
// files diff well.
class Json {
 public:
  using Array = std::vector<Json>;
  using Object = std::vector<std::pair<std::string, Json>>;

  Json() = default;
  Json(std::nullptr_t) {}
  Json(bool value) : value_(value) {}
  Json(int value) : value_(static_cast<double>(value)) {}
  Json(long value) : value_(static_cast<double>(value)) {}
  Json(long long value) : value_(static_cast<double>(value)) {}
  Json(double value) : value_(value) {}
  Json(const char* value) : value_(std::string(value)) {}
  Json(std::string value) : value_(std::move(value)) {}
  Json(Array value) : value_(std::move(value)) {}
  Json(Object value) : value_(std::move(value)) {}

  bool is_null() const { return std::holds_alternative<std::monostate>(value_); }
  bool is_number() const { return std::holds_alternative<double>(value_); }
  bool is_string() const { return std::holds_alternative<std::string>(value_); }
  bool is_array() const { return std::holds_alternative<Array>(value_); }
  bool is_object() const { return std::holds_alternative<Object>(value_); }

  double number(double fallback = 0) const {
    return is_number() ? std::get<double>(value_) : fallback;
  }
  bool boolean() const { return std::holds_alternative<bool>(value_) && std::get<bool>(value_); }
  const std::string& string() const;
  const Array& array() const;
  const Object& object() const;
  // The member of an object, or a null value.
  const Json& operator[](std::string_view key) const;
  // Adds or replaces a member (turns a null value into an object).
  Json& set(std::string key, Json value);
  // Appends to an array (turns a null value into an array).
  Json& push(Json value);

  std::string dump(int indent = 2) const;
  static Expected<Json> parse(std::string_view text);

 private:
  void dump_to(std::string& out, int indent, int depth) const;

  std::variant<std::monostate, bool, double, std::string, Array, Object> value_;
};

}  // namespace tiaoqi::tools
