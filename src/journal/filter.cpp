#include "journal/filter.h"

#include <algorithm>

#include "util/json.h"

namespace drivemock::journal {
namespace {

bool parse_json(std::string_view text, rapidjson::Document& doc) {
  auto parsed = json::parse_untrusted(text);
  if (parsed) doc = std::move(parsed).value();
  return parsed.ok();
}

bool body_has_fields(const rapidjson::Value& wanted, const rapidjson::Value& body) {
  if (!body.IsObject()) return false;
  for (const auto& member : wanted.GetObject()) {
    auto it = body.FindMember(member.name);
    if (it == body.MemberEnd() || it->value != member.value) return false;
  }
  return true;
}

std::optional<std::string> string_member(const rapidjson::Value& object, const char* key,
                                         std::string& error) {
  auto it = object.FindMember(key);
  if (it == object.MemberEnd()) return std::nullopt;
  if (!it->value.IsString()) {
    error = std::string("Filter field '") + key + "' is a " + json::type_name(it->value) +
            "; expected a string";
    return std::nullopt;
  }
  return std::string(it->value.GetString(), it->value.GetStringLength());
}

bool read_body_patterns(const rapidjson::Value& patterns, RequestFilter& filter,
                        std::string& error) {
  if (!patterns.IsArray()) {
    error = "Filter field 'bodyPatterns' must be a list of {\"equalToJson\": …}";
    return false;
  }
  for (const auto& p : patterns.GetArray()) {
    if (!p.IsObject() || !p.HasMember("equalToJson") || p.MemberCount() != 1) {
      error =
          "Each bodyPatterns entry must be {\"equalToJson\": …}; other WireMock "
          "matchers are not supported";
      return false;
    }
    const auto& v = p["equalToJson"];
    // WireMock accepts the JSON inline or as a string holding it.
    filter.equal_to_json.push_back(v.IsString() ? v.GetString() : json::to_string(v));
  }
  return true;
}

}  // namespace

Result<FilterMatcher> FilterMatcher::create(RequestFilter filter) {
  FilterMatcher matcher;
  if (filter.body) {
    matcher.body_.emplace();
    if (!parse_json(*filter.body, *matcher.body_) || !matcher.body_->IsObject()) {
      return Error{"Filter field 'body' must be a JSON object"};
    }
  }
  for (const auto& text : filter.equal_to_json) {
    matcher.equal_to_json_.emplace_back();
    if (!parse_json(text, matcher.equal_to_json_.back())) {
      return Error{"bodyPatterns equalToJson is not valid JSON: " + text};
    }
  }
  matcher.filter_ = std::move(filter);
  return matcher;
}

bool FilterMatcher::matches(const Entry& entry) const {
  const auto& f = filter_;
  if (f.method && *f.method != entry.request.method()) return false;
  if (f.url && *f.url != entry.request.path()) return false;
  if (f.operation && *f.operation != entry.seen().operation) return false;
  if (f.uuid && *f.uuid != entry.uuid()) return false;
  if (f.session && (!entry.seen().session || *f.session != entry.seen().session->id)) return false;
  if (!body_ && equal_to_json_.empty()) return true;
  rapidjson::Document body;
  if (!parse_json(entry.request.body(), body)) return false;
  if (body_ && !body_has_fields(*body_, body)) return false;
  return std::all_of(equal_to_json_.begin(), equal_to_json_.end(),
                     [&](const rapidjson::Document& wanted) { return wanted == body; });
}

Result<RequestFilter> parse_filter(const rapidjson::Value& object,
                                   const std::vector<std::string>& allowed_extra) {
  static const std::vector<std::string> kKeys = {"method", "url",     "operation",   "uuid",
                                                 "body",   "session", "bodyPatterns"};
  if (!object.IsObject()) return Error{"The filter must be a JSON object"};
  for (const auto& member : object.GetObject()) {
    std::string key = member.name.GetString();
    if (std::find(kKeys.begin(), kKeys.end(), key) == kKeys.end() &&
        std::find(allowed_extra.begin(), allowed_extra.end(), key) == allowed_extra.end()) {
      return Error{"Unknown filter field '" + key +
                   "'; expected method, url, operation, uuid, session, body or bodyPatterns"};
    }
  }
  std::string error;
  RequestFilter filter;
  filter.method = string_member(object, "method", error);
  filter.url = string_member(object, "url", error);
  filter.operation = string_member(object, "operation", error);
  filter.uuid = string_member(object, "uuid", error);
  filter.session = string_member(object, "session", error);
  if (!error.empty()) return Error{error};
  if (auto it = object.FindMember("body"); it != object.MemberEnd()) {
    if (!it->value.IsObject()) return Error{"Filter field 'body' must be a JSON object"};
    filter.body = json::to_string(it->value);
  }
  if (auto it = object.FindMember("bodyPatterns"); it != object.MemberEnd()) {
    if (!read_body_patterns(it->value, filter, error)) return Error{error};
  }
  return filter;
}

}  // namespace drivemock::journal
