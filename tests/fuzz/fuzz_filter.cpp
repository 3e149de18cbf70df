// Fuzz target: the admin filter parser (the JSON body of count, find and
// wait), then the matcher. Any bytes in; a 400 that says what is wrong, or a
// matcher that agrees with a plain reading of the filter's JSON on a fixed
// set of journaled requests, never a crash.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "admin/admin_json.h"
#include "journal/filter.h"

namespace {

using drivemock::Entry;

Entry entry(const char* method, const char* url, const char* operation,
            std::optional<std::string_view> uuid, const char* body) {
  drivemock::RequestView view;
  view.method = method;
  view.url = url;
  view.path = std::string(url).substr(0, std::string(url).find('?'));
  view.body = body;
  Entry e;
  e.request = drivemock::RecordedRequest(view, uuid);
  e.classification().operation = operation;
  return e;
}

/// An entry of a session (sessions, issue 36).
Entry in_session(Entry e, const char* id) {
  e.classification().session =
      std::make_shared<const drivemock::SessionTag>(drivemock::SessionTag{id, "a test"});
  return e;
}

const std::vector<Entry>& entries() {
  static const std::vector<Entry> all = {
      entry("POST", "/v3/dir/trash", "trash", "d1", R"({"uuid":"d1"})"),
      in_session(entry("POST", "/v3/dir/trash", "trash", "d1", R"({"uuid":"d1"})"), "s1"),
      entry("POST", "/v3/dir/color?x=1", "color", "d2", R"({"uuid":"d2","color":"red"})"),
      entry("POST", "/v3/dir/trash", "trash", std::nullopt, "not json"),
      entry("PUT", "/other", "", std::nullopt, R"({"a":[1,2.5,"x"],"b":{"c":null},"t":true})"),
      entry("POST", "/v3/dir/color", "color", "", R"([1,{"uuid":""}])"),
  };
  return all;
}

std::optional<rapidjson::Document> json_of(std::string_view text) {
  rapidjson::Document doc;
  doc.Parse(text.data(), text.size());
  if (doc.HasParseError()) return std::nullopt;
  return doc;
}

/// The filter's JSON read the plain way: every field given must hold.
bool reference_matches(const rapidjson::Value& filter, const Entry& e) {
  auto text_field = [&](const char* key, std::optional<std::string_view> actual) {
    auto it = filter.FindMember(key);
    if (it == filter.MemberEnd()) return true;
    return actual &&
           std::string_view(it->value.GetString(), it->value.GetStringLength()) == *actual;
  };
  std::optional<std::string_view> session;
  if (e.seen().session) session = e.seen().session->id;
  if (!text_field("method", e.request.method()) || !text_field("url", e.request.path()) ||
      !text_field("operation", e.seen().operation) || !text_field("uuid", e.uuid()) ||
      !text_field("session", session))
    return false;
  auto body_it = filter.FindMember("body");
  auto patterns_it = filter.FindMember("bodyPatterns");
  bool has_patterns = patterns_it != filter.MemberEnd() && !patterns_it->value.Empty();
  if (body_it == filter.MemberEnd() && !has_patterns) return true;
  auto body = json_of(e.request.body());
  if (!body) return false;
  if (body_it != filter.MemberEnd()) {
    if (!body->IsObject()) return false;
    const auto& doc = *body;  // const iterators compare unambiguously in C++20
    for (const auto& wanted : body_it->value.GetObject()) {
      auto it = doc.FindMember(wanted.name);
      if (it == doc.MemberEnd() || it->value != wanted.value) return false;
    }
  }
  if (patterns_it != filter.MemberEnd()) {
    for (const auto& pattern : patterns_it->value.GetArray()) {
      const auto& v = pattern["equalToJson"];
      if (v.IsString()) {
        auto wanted = json_of({v.GetString(), v.GetStringLength()});
        if (!wanted || *wanted != *body) return false;
      } else if (v != *body) {
        return false;
      }
    }
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  drivemock::RequestView request;
  request.method = "POST";
  request.path = request.url = "/__admin/requests/find";
  request.body.assign(reinterpret_cast<const char*>(data), size);
  auto refused = [](const drivemock::Reply& reply) {
    if (reply.status != 400 || reply.body_text().find("invalid_params") == std::string::npos) {
      std::abort();
    }
    return 0;
  };
  auto doc = drivemock::admin::parse_object_body(request);
  if (!doc) return refused(doc.error());
  auto matcher = drivemock::admin::read_filter(*doc, {"count", "timeoutMs"});
  if (!matcher) return refused(matcher.error());
  for (const auto& e : entries()) {
    if (matcher->matches(e) != reference_matches(*doc, e)) std::abort();
  }
  // The filter's own body as a journaled request must not trip the matcher.
  Entry own;
  own.request = drivemock::RecordedRequest(request, "u");
  matcher->matches(own);
  return 0;
}
