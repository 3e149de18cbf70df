#pragma once
// The envelope `{status, message, code}` of every answer drivemock composes
// itself (built-in successes, errors of the mock API, refusals, the proxy's
// 502), in the dialect the server speaks. This is the one place that knows
// its shape:
//   document: as the API document types it, `status` the string "success" or
//             "error" (drivemock's behaviour from the start);
//   service:  as the live service answers, `status` the boolean true or false,
//             which is what the official clients read (any status other than
//             false is a success to them).
// The admin API is drivemock's own and always answers in the document shape.

#include <optional>
#include <string>
#include <string_view>

#include "util/json.h"

namespace drivemock {

enum class Dialect { document, service };

/// "document" or "service".
const char* dialect_name(Dialect dialect);
/// The dialect of that name, or nullopt.
std::optional<Dialect> dialect_from_name(std::string_view name);

class Envelope {
 public:
  explicit Envelope(Dialect dialect = Dialect::document) : dialect_(dialect) {}

  Dialect dialect() const { return dialect_; }
  /// Whether `status` is a boolean (service) or a string (document).
  bool boolean_status() const { return dialect_ == Dialect::service; }
  /// `{"status":"error"|false,"message":…,"code":…}`.
  std::string error(std::string_view message, std::string_view code) const;
  /// `{"status":"success"|true,"message":…,"code":…}`.
  std::string success(std::string_view message, std::string_view code) const;
  /// An error's members, for an object that carries more (an open object).
  void write_error_members(json::Writer& w, std::string_view message, std::string_view code) const;

 private:
  /// What an envelope says of its call.
  enum class Outcome { success, error };
  std::string text(Outcome outcome, std::string_view message, std::string_view code) const;
  void write_members(json::Writer& w, Outcome outcome, std::string_view message,
                     std::string_view code) const;

  Dialect dialect_;
};

/// The document dialect's error envelope: the admin API's errors.
std::string error_envelope(std::string_view message, std::string_view code);

/// The document dialect's error members: the admin API's errors that carry more.
void write_error_members(json::Writer& w, std::string_view message, std::string_view code);

}  // namespace drivemock
