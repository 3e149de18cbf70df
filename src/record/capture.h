#pragma once
// What a recording holds: each proxied call that can be replayed, with the
// answer the upstream gave, and each one that cannot, with why. Plain data,
// made by record/proxy, kept by record/recorder, completed by
// record/learning and written by record/recording_yaml.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "contract/operations.h"

namespace drivemock::record {

/// A body field of a captured call, other than its key.
struct CapturedField {
  std::string name;
  std::string json;  ///< its value as JSON text: for grouping, and for `when`
  /// Its JSON type; none for null (learning types a field by its values).
  std::optional<contract::FieldType> type;
};

/// One proxied call and its answer.
struct Capture {
  /// The operation, or empty for a path no operation defines: learning
  /// (record/learning.h) names it when the recording stops.
  std::string operation;
  /// The key field's value; none when the operation names no entity (or
  /// until learning has decided what the key is).
  std::optional<std::string> key;
  std::vector<CapturedField> fields;
  int status = 200;
  std::string body;
  std::string content_type;  ///< empty or application/json: not written
  std::string path = {};     ///< the request's path, for learning
  /// The answer's other headers a replay gives back (Retry-After, the
  /// service's own; record/proxy.h replayed_headers), secrets "***".
  std::vector<Header> headers = {};
  /// How long the upstream took to answer, from the request sent to the
  /// answer read: the replay's `delay_ms` (0 when the recording drops it).
  int delay_ms = 0;
};

/// Whether a recording keeps the upstream's time as each answer's delay_ms.
enum class RecordedTime { kept, dropped };

/// The longest delay_ms a scenario takes (scenario/document_parser.h's
/// kMaxDelayMs): a slower upstream is written as that.
inline constexpr int kMaxRecordedDelayMs = 600000;

/// Proxied calls that could not be captured, alike in method, path and why.
struct Uncaptured {
  std::string method;
  std::string path;
  std::string why;
  size_t calls = 1;
};

struct Recording {
  std::string target;
  std::chrono::system_clock::time_point started;
  std::vector<Capture> captures;
  /// The operations beside the contract's own that captures use, in
  /// first-use order: added by scenarios (the service dialect's lock among
  /// them) or learnt from the traffic. The file defines them, answer and
  /// all, so that it replays on its own.
  std::vector<contract::Operation> operations;
  /// Names of the operations learnt from the traffic, in `operations` too.
  std::vector<std::string> learnt = {};
  /// What was proxied but not captured, at most kMaxUncapturedKinds kinds.
  std::vector<Uncaptured> uncaptured = {};
  size_t uncaptured_unlisted = 0;  ///< calls of kinds beyond that

  size_t uncaptured_calls() const {
    size_t n = uncaptured_unlisted;
    for (const auto& u : uncaptured) n += u.calls;
    return n;
  }

  /// Lists one call that was proxied but not captured: counted with alike
  /// calls, listed as a new kind while there are under kMaxUncapturedKinds,
  /// else counted among the unlisted. (The recorder as calls come, and a
  /// capture log as it is read back.)
  void note_uncaptured(std::string_view method, std::string_view path, std::string_view why);
};

/// Kinds of uncaptured calls a recording lists one by one: a client calling
/// ever new paths must not grow the recorder without bound.
inline constexpr size_t kMaxUncapturedKinds = 100;

inline void Recording::note_uncaptured(std::string_view method, std::string_view path,
                                       std::string_view why) {
  for (auto& u : uncaptured) {
    if (u.method == method && u.path == path && u.why == why) {
      ++u.calls;
      return;
    }
  }
  if (uncaptured.size() < kMaxUncapturedKinds) {
    uncaptured.push_back({std::string(method), std::string(path), std::string(why)});
  } else {
    ++uncaptured_unlisted;
  }
}

/// Where operations learnt from the traffic say they come from.
inline constexpr std::string_view kLearntSource = "learnt";

}  // namespace drivemock::record
