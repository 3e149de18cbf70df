#pragma once
// The one reply type: everything drivemock answers (a scenario's answer, a
// built-in one, an admin call's, a proxied upstream's, a refusal of the
// connection layer) is a Reply, and the HTTP layer sends any Reply the same
// way (http/reply_writer.h).

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/error_envelope.h"
#include "model/request.h"

namespace drivemock {

/// How an answer misbehaves at the connection level instead of answering.
enum class Fault : uint8_t { none, reset, empty, malformed, hang };

/// "reset", "hang", …; "none" for Fault::none.
const char* fault_name(Fault fault);
/// The fault of that name, or nullopt.
std::optional<Fault> fault_from_name(std::string_view name);

/// A delay drawn afresh for every call: `delay_ms: {uniform: [MIN, MAX]}` or
/// `{lognormal: {median: M, sigma: S, max: CAP}}`. The decide stage draws it
/// into the Reply's delay_ms before the reply is sent.
struct DelayDistribution {
  enum class Kind { uniform, lognormal };
  Kind kind = Kind::uniform;
  int min_ms = 0;        ///< uniform: the least, inclusive
  int max_ms = 0;        ///< uniform: the most, inclusive; lognormal: the cap
  double median_ms = 0;  ///< lognormal: half the draws are below it
  double sigma = 0;      ///< lognormal: the spread of the delay's logarithm
};

/// `dribble: {chunks: N, over_ms: T}`: the body in N pieces, the last T ms
/// after the head (a slow body, for a client's read time-out). No pieces
/// (chunks 0): the body at once.
struct Dribble {
  int chunks = 0;
  int over_ms = 0;
};

/// One piece of a dribbled body: its bytes, and when it goes, counted from
/// the head.
struct BodyPiece {
  size_t offset = 0;
  size_t length = 0;
  std::chrono::milliseconds at{0};
};

/// The pieces of a body of `size` bytes dribbled as `dribble` says: piece k
/// of N at T*k/N ms, sizes as even as bytes allow, never more pieces than
/// bytes; none for an empty body.
std::vector<BodyPiece> dribble_plan(size_t size, const Dribble& dribble);

/// `template: true`: the decide stage fills in the body's placeholders (in a
/// JSON body's string values, or anywhere in a raw one) and the headers'.
enum class Templated : uint8_t { no, json_body, raw_body };

/// What to send back: a status, headers and body, after a delay, or a fault.
/// An answer written as things happen (Server-Sent Events): after the head,
/// whatever next() gives, until the stream ends. The HTTP layer writes it on
/// the connection itself and closes the connection after it.
class EventSource {
 public:
  virtual ~EventSource() = default;
  /// The next events as text, waiting up to `wait` for them: empty when none
  /// came in that time, nullopt when the stream has ended.
  virtual std::optional<std::string> next(std::chrono::milliseconds wait) = 0;
};

/// What a reply's body's envelope says of its outcome, as read once by
/// read_envelope (model/outcome.h); unread: not read yet.
enum class EnvelopeSays : uint8_t { unread, nothing_against, error };

struct Reply {
  int status = 200;
  /// Shared, not copied: a scenario's answer is kept by its catalog and by
  /// every journal entry that sent it. Null means an empty body.
  std::shared_ptr<const std::string> body;
  /// Shared as the body is (a recording repeats the same few thousands of
  /// times). Null means none; no Content-Type among them means
  /// application/json.
  std::shared_ptr<const std::vector<Header>> headers;
  int delay_ms = 0;
  /// Null for a fixed delay_ms; shared, as the body is.
  std::shared_ptr<const DelayDistribution> random_delay;
  Dribble dribble;  ///< the body slowly, in pieces
  Templated templated = Templated::no;
  Fault fault = Fault::none;
  /// Whether the body's envelope says error, when read (model/outcome.h);
  /// whoever changes the body sets it back to unread.
  EnvelopeSays envelope = EnvelopeSays::unread;
  /// Set: the body is this stream, written until it ends, and `body` is not used.
  std::shared_ptr<EventSource> events;

  std::string_view body_text() const { return body ? std::string_view(*body) : std::string_view(); }
  /// The headers, an empty list when none.
  const std::vector<Header>& header_list() const;
  /// Adds a header to this reply's own copy of the list.
  void add_header(std::string name, std::string value);
};

/// Sent with every answer that does not set its own Content-Security-Policy
/// or X-Content-Type-Options: whatever an answer holds (a scenario's HTML,
/// an upstream's), a browser must not run it as a page of drivemock's origin,
/// where the admin API and its journal are.
inline constexpr std::string_view kSandboxPolicy = "sandbox";
inline constexpr std::string_view kNoSniff = "nosniff";

/// Which of those headers a reply sets itself.
struct OwnSafetyHeaders {
  bool policy = false;
  bool nosniff = false;
  /// Notes `name` when it is one of them.
  void note(std::string_view name);
};

/// A reply of `status` with a JSON `body`, no delay and no fault.
Reply json_reply(int status, std::string body);

/// A reply of `status` with the error envelope in the envelope's dialect
/// (model/error_envelope.h).
Reply error_reply(const Envelope& envelope, int status, std::string_view message,
                  std::string_view code);
/// The same in the document dialect: the admin API's errors.
Reply error_reply(int status, std::string_view message, std::string_view code);

}  // namespace drivemock
