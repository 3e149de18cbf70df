#include "model/reply.h"

#include <array>
#include <utility>

#include "model/error_envelope.h"
#include "util/text.h"

namespace drivemock {
namespace {

constexpr std::array<std::pair<Fault, const char*>, 5> kFaultNames = {
    {{Fault::none, "none"},
     {Fault::reset, "reset"},
     {Fault::empty, "empty"},
     {Fault::malformed, "malformed"},
     {Fault::hang, "hang"}}};

}  // namespace

const char* fault_name(Fault fault) {
  for (const auto& [f, name] : kFaultNames) {
    if (f == fault) return name;
  }
  return "none";
}

std::optional<Fault> fault_from_name(std::string_view name) {
  for (const auto& [f, n] : kFaultNames) {
    if (f != Fault::none && name == n) return f;
  }
  return std::nullopt;
}

const std::vector<Header>& Reply::header_list() const {
  static const std::vector<Header> none;
  return headers ? *headers : none;
}

void OwnSafetyHeaders::note(std::string_view name) {
  policy = policy || iequals(name, "Content-Security-Policy");
  nosniff = nosniff || iequals(name, "X-Content-Type-Options");
}

void Reply::add_header(std::string name, std::string value) {
  auto own = headers ? std::make_shared<std::vector<Header>>(*headers)
                     : std::make_shared<std::vector<Header>>();
  own->push_back({std::move(name), std::move(value)});
  headers = std::move(own);
}

std::vector<BodyPiece> dribble_plan(size_t size, const Dribble& dribble) {
  std::vector<BodyPiece> pieces;
  size_t count = std::min<size_t>(static_cast<size_t>(std::max(dribble.chunks, 1)), size);
  for (size_t k = 1; k <= count; ++k) {
    size_t begin = size * (k - 1) / count;
    size_t end = size * k / count;
    auto at = std::chrono::milliseconds(static_cast<int64_t>(dribble.over_ms) *
                                        static_cast<int64_t>(k) / static_cast<int64_t>(count));
    pieces.push_back({begin, end - begin, at});
  }
  return pieces;
}

Reply json_reply(int status, std::string body) {
  Reply reply;
  reply.status = status;
  reply.body = std::make_shared<const std::string>(std::move(body));
  return reply;
}

Reply error_reply(const Envelope& envelope, int status, std::string_view message,
                  std::string_view code) {
  Reply reply = json_reply(status, envelope.error(message, code));
  // Its envelope says error, in either dialect: known here, so that no one
  // parses the body again to learn it (model/outcome.h), as for the
  // catalog's folder_not_found sent on every call of an unknown uuid.
  reply.envelope = EnvelopeSays::error;
  return reply;
}

Reply error_reply(int status, std::string_view message, std::string_view code) {
  return error_reply(Envelope(), status, message, code);
}

}  // namespace drivemock
