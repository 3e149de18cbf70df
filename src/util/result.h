#pragma once
// Errors as values, the one convention of drivemock's API and request path:
// a function that can fail for a reason its caller should show returns a
// Result, holding either the value or what went wrong. Nothing is thrown for
// bad input; positioned problems of a scenario file are Diagnostics instead
// (document/diagnostic.h), since a file can have many and still load with warnings.

#include <string>
#include <utility>
#include <variant>

namespace drivemock {

/// What went wrong, as a sentence for the person who gave the input.
struct Error {
  std::string message;
};

/// A value of T, or an E saying why there is none.
template <typename T, typename E = Error>
class [[nodiscard]] Result {
 public:
  Result(T value) : held_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit
  Result(E error) : held_(std::in_place_index<1>, std::move(error)) {}  // NOLINT: implicit

  bool ok() const { return held_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(held_); }
  const T& value() const& { return std::get<0>(held_); }
  /// By value: `for (auto& e : server.find(f).value())` must not refer into
  /// the temporary Result, which ends before the loop runs.
  T value() && { return std::get<0>(std::move(held_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const E& error() const { return std::get<1>(held_); }

 private:
  std::variant<T, E> held_;
};

/// Success with nothing to return, as the value of a Result.
struct Done {};

/// The result of an action that returns nothing when it succeeds.
using Status = Result<Done>;

/// The successful Status.
inline Status done() {
  return Done{};
}

}  // namespace drivemock
