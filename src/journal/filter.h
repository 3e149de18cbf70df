#pragma once
// The request filter of the verification API (count, find, wait), the same
// type for the admin API's JSON body and the in-process C++ API. Every field
// given must hold; an empty filter matches every entry.

#include <rapidjson/document.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/entry.h"
#include "util/result.h"

namespace drivemock::journal {

struct RequestFilter {
  std::optional<std::string> method;
  std::optional<std::string> url;  ///< exact path
  std::optional<std::string> operation;
  std::optional<std::string> uuid;
  /// A session's id: its requests only (closed sessions' too).
  std::optional<std::string> session;
  /// JSON object text: every field given must equal the request body's.
  std::optional<std::string> body;
  /// WireMock's bodyPatterns equalToJson: the whole body equals this JSON.
  std::vector<std::string> equal_to_json;
};

/// A filter with its JSON parsed once, ready to match many entries.
class FilterMatcher {
 public:
  /// Parses the filter's JSON, or says what is wrong with it.
  static Result<FilterMatcher> create(RequestFilter filter);

  bool matches(const Entry& entry) const;

 private:
  RequestFilter filter_;
  std::optional<rapidjson::Document> body_;
  std::vector<rapidjson::Document> equal_to_json_;
};

/// Reads a filter from an admin JSON body (extra keys in `allowed_extra`
/// are left for the caller, any other unknown key is an error).
Result<RequestFilter> parse_filter(const rapidjson::Value& object,
                                   const std::vector<std::string>& allowed_extra);

}  // namespace drivemock::journal
