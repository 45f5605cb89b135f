#pragma once

#include <optional>
#include <string>
#include <utility>

namespace tiaoqi::util {

// An error message for the user: what was expected and what arrived.
struct Error {
  std::string message;
};

inline Error fail(std::string message) { return Error{std::move(message)}; }

// A value or an error message; parsing and validation return these and
// never throw or exit on bad input.
template <class T>
class Expected {
 public:
  Expected(T value) : value_(std::move(value)) {}              // NOLINT: implicit by design
  Expected(Error error) : error_(std::move(error.message)) {}  // NOLINT

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  const T& operator*() const& { return *value_; }
  T& operator*() & { return *value_; }
  T&& operator*() && { return std::move(*value_); }
  const T* operator->() const { return &*value_; }
  T* operator->() { return &*value_; }
  const std::string& error() const { return error_; }

 private:
  std::optional<T> value_;
  std::string error_;
};

// The result of an action that returns nothing but may be refused.
struct Done {};
using Status = Expected<Done>;

}  // namespace tiaoqi::util

namespace tiaoqi {
// Vocabulary of every layer: results and errors read unqualified everywhere.
using util::Done;
using util::Error;
using util::Expected;
using util::fail;
using util::Status;
}  // namespace tiaoqi
