#include "interchange/provider_state.h"

#include <rapidjson/document.h>

#include "interchange/pact_states.h"
#include "util/json.h"
#include "util/text.h"

namespace drivemock::interchange {
namespace {

constexpr size_t kMaxValue = 1024;  ///< a state's name, a uuid or a state

/// What a body or a query gives: a name, an action and string params.
struct Asked {
  std::optional<std::string> name;
  std::optional<std::string> action;
  std::vector<Header> params;
};

const std::string* param(const Asked& asked, std::string_view name) {
  for (const auto& p : asked.params) {
    if (p.name == name) return &p.value;
  }
  return nullptr;
}

Result<Asked> from_body(const rapidjson::Document& doc) {
  Asked asked;
  for (const auto& m : doc.GetObject()) {
    std::string_view key(m.name.GetString(), m.name.GetStringLength());
    if (key == "state" || key == "action") {
      if (!m.value.IsString()) {
        return Error{"'" + std::string(key) + "' must be a string, found " +
                     json::type_name(m.value)};
      }
      (key == "state" ? asked.name : asked.action) =
          std::string(m.value.GetString(), m.value.GetStringLength());
    } else if (key == "params") {
      if (m.value.IsNull()) continue;
      if (!m.value.IsObject()) {
        return Error{"'params' must be an object, found " + std::string(json::type_name(m.value))};
      }
      for (const auto& p : m.value.GetObject()) {
        std::string name(p.name.GetString(), p.name.GetStringLength());
        if (!p.value.IsString()) {
          return Error{"params." + shortened(name, 64) + " must be a string, found " +
                       json::type_name(p.value)};
        }
        asked.params.push_back({name, {p.value.GetString(), p.value.GetStringLength()}});
      }
    } else {
      return Error{"unknown key '" + shortened(key, 64) + "'; expected state, params and action"};
    }
  }
  return asked;
}

Asked from_query(const RequestView& request) {
  Asked asked;
  for (const auto& q : request.query) {
    if (q.name == "state" && !asked.name) {
      asked.name = q.value;
    } else if (q.name == "action" && !asked.action) {
      asked.action = q.value;
    } else if (q.name != "session") {
      asked.params.push_back(q);
    }
  }
  return asked;
}

}  // namespace

Result<ProviderStateChange> read_provider_state(const RequestView& request) {
  Asked asked;
  if (request.body.empty()) {
    asked = from_query(request);
  } else {
    auto doc = json::parse_untrusted(request.body);
    if (!doc || !doc->IsObject()) {
      return Error{
          R"(The body must be Pact's state change: {"state": "…", "params": {…}, "action": "setup"})"};
    }
    auto read = from_body(*doc);
    if (!read) return read.error();
    asked = std::move(*read);
  }
  if (!asked.name) {
    return Error{"No provider state named: expected 'state' (its name) in the body or the query"};
  }
  ProviderStateChange change;
  change.name = *asked.name;
  if (asked.action && *asked.action == "teardown") {
    change.action = StateAction::teardown;
  } else if (asked.action && *asked.action != "setup") {
    return Error{"action '" + shortened(*asked.action, 64) +
                 "' is none; expected setup or teardown"};
  }
  for (const auto& p : asked.params) {
    if (p.value.size() > kMaxValue) {
      return Error{"params." + shortened(p.name, 64) + " is longer than " +
                   std::to_string(kMaxValue) + " bytes"};
    }
  }
  if (change.name.size() > kMaxValue) {
    return Error{"The state's name is longer than " + std::to_string(kMaxValue) + " bytes"};
  }
  const std::string* uuid = param(asked, "uuid");
  if (uuid) change.uuid = *uuid;
  // An interaction with no provider state: verifiers call with the name "".
  if (change.action == StateAction::teardown || change.name.empty()) return change;
  bool ours = change.name == kStateInAState || directory_state_of(change.name);
  if (!uuid && ours) {
    return Error{"Provider state '" + change.name +
                 "' names no directory: expected the param uuid (drivemock's pacts give '" +
                 std::string(kStateInAState) + "' {uuid, directoryState}, '" +
                 std::string(kStateExists) + "' {uuid} and '" + std::string(kStateTrashed) +
                 "' {uuid})"};
  }
  if (change.name == kStateInAState) {
    // directoryState; `state` as pacts before it named the param (body form only:
    // in the query form, `state` is the name).
    const std::string* wanted = param(asked, "directoryState");
    if (!wanted) wanted = param(asked, "state");
    if (!wanted || wanted->empty()) {
      return Error{"Provider state '" + std::string(kStateInAState) +
                   "' needs the param directoryState (the uuid's state)"};
    }
    change.directory_state = *wanted;
  } else if (auto state = directory_state_of(change.name)) {
    change.directory_state = *state;
  } else {
    change.directory_state = change.name;
  }
  return change;
}

}  // namespace drivemock::interchange
