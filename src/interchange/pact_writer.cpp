#include "interchange/pact_writer.h"

#include <rapidjson/prettywriter.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <tuple>

#include "util/json.h"
#include "util/text.h"

namespace drivemock::interchange {
namespace {

using rapidjson::Value;
using Allocator = rapidjson::Document::AllocatorType;

/// Headers a transport adds or a run varies: a provider's answer carries
/// its own, which a pact must not pin.
bool transport_header(std::string_view name) {
  static constexpr std::array<std::string_view, 8> kNames = {
      "content-length", "connection", "transfer-encoding", "date",
      "server",         "keep-alive", "content-type",      "retry-after"};
  return std::any_of(kNames.begin(), kNames.end(),
                     [&](std::string_view n) { return iequals(n, name); });
}

Value text(std::string_view s, Allocator& a) {
  std::string utf8 = json::valid_utf8(s);
  return Value(utf8.c_str(), static_cast<rapidjson::SizeType>(utf8.size()), a);
}

Value header_values(std::string_view value, Allocator& a) {
  Value list(rapidjson::kArrayType);
  list.PushBack(text(value, a), a);
  return list;
}

/// A pact body: JSON as JSON, anything else as text in its content type.
/// Null for an empty body (a pact then says none).
Value pact_body(std::string_view body, std::string_view content_type, Allocator& a) {
  if (body.empty()) return Value();
  Value out(rapidjson::kObjectType);
  auto parsed = json::parse_untrusted(body);
  if (parsed) {
    out.AddMember("content", Value(*parsed, a), a);
    out.AddMember("contentType", "application/json", a);
  } else {
    out.AddMember("content", text(body, a), a);
    out.AddMember("contentType", text(content_type.empty() ? "text/plain" : content_type, a), a);
  }
  out.AddMember("encoded", false, a);
  return out;
}

/// A client-made uuid in the request body, where the call has one: the
/// fixed example instead, and a rule that any uuid matches. A pact with the
/// value a run drew would be a new contract every run.
void generalize_client_made(const PactCall& call, Value& request, Allocator& a) {
  if (!call.client_made || !call.uuid) return;
  // By index, not by iterator: clang reads rapidjson's mutable iterators'
  // == and != as ambiguous in C++20.
  if (!request.HasMember("body")) return;
  Value& content = request["body"]["content"];
  if (!content.IsObject()) return;
  Value rules(rapidjson::kObjectType);
  for (rapidjson::SizeType i = 0; i < content.MemberCount(); ++i) {
    auto& member = *(content.MemberBegin() + i);
    if (!member.value.IsString() || member.value.GetString() != *call.uuid) continue;
    member.value.SetString(kClientMadeUuid.data(),
                           static_cast<rapidjson::SizeType>(kClientMadeUuid.size()), a);
    Value matcher(rapidjson::kObjectType);
    matcher.AddMember("match", "regex", a);
    matcher.AddMember(
        "regex", "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
        a);
    Value matchers(rapidjson::kArrayType);
    matchers.PushBack(matcher, a);
    Value rule(rapidjson::kObjectType);
    rule.AddMember("combine", "AND", a);
    rule.AddMember("matchers", matchers, a);
    std::string path = "$." + std::string(member.name.GetString(), member.name.GetStringLength());
    rules.AddMember(text(path, a), rule, a);
  }
  if (rules.MemberCount() == 0) return;
  Value by_part(rapidjson::kObjectType);
  by_part.AddMember("body", rules, a);
  request.AddMember("matchingRules", by_part, a);
}

Value pact_request(const PactCall& call, Allocator& a) {
  Value request(rapidjson::kObjectType);
  request.AddMember("method", text(call.method, a), a);
  request.AddMember("path", text(call.path, a), a);
  // The one request header the contract requires; any other (secrets
  // among them) stays out of the pact.
  if (!call.content_type.empty()) {
    Value headers(rapidjson::kObjectType);
    headers.AddMember("Content-Type", header_values(call.content_type, a), a);
    request.AddMember("headers", headers, a);
  }
  Value body = pact_body(call.body, call.content_type, a);
  if (!body.IsNull()) request.AddMember("body", body, a);
  generalize_client_made(call, request, a);
  return request;
}

std::string response_content_type(const PactCall& call) {
  for (const auto& h : call.response_headers) {
    if (iequals(h.name, "Content-Type") && h.value != "***") return h.value;
  }
  return json::parse_untrusted(call.response_body) ? "application/json" : "text/plain";
}

Value pact_response(const PactCall& call, Allocator& a) {
  Value response(rapidjson::kObjectType);
  response.AddMember("status", call.status, a);
  Value headers(rapidjson::kObjectType);
  std::string content_type = response_content_type(call);
  if (!call.response_body.empty()) {
    headers.AddMember("Content-Type", header_values(content_type, a), a);
  }
  for (const auto& h : call.response_headers) {
    // A redacted value is a secret's placeholder: never part of a contract.
    if (h.value == "***" || transport_header(h.name)) continue;
    headers.AddMember(text(h.name, a), header_values(h.value, a), a);
  }
  if (headers.MemberCount() > 0) response.AddMember("headers", headers, a);
  Value body = pact_body(call.response_body, content_type, a);
  if (!body.IsNull()) response.AddMember("body", body, a);
  return response;
}

/// What the provider must set up before the call (pact_states.h): a
/// scripted uuid in its state; a directory no scenario scripts as one that
/// exists (or is trashed). None for a uuid the client made up (the lock
/// makes it) or a call answered before any state.
bool has_state(const PactCall& call) {
  return !call.state.empty() && call.uuid && !call.client_made;
}

Value provider_states(const PactCall& call, Allocator& a) {
  Value states(rapidjson::kArrayType);
  if (!has_state(call)) return states;
  std::string_view name = call.named ? kStateInAState : state_name_of(call.state);
  Value params(rapidjson::kObjectType);
  params.AddMember("uuid", text(*call.uuid, a), a);
  // Not `state`: in Pact's query form of a state change (--state-change-as-query)
  // the params join the query, where `state` is the state's name.
  if (name == kStateInAState) params.AddMember("directoryState", text(call.state, a), a);
  Value state(rapidjson::kObjectType);
  state.AddMember("name", text(name, a), a);
  state.AddMember("params", params, a);
  states.PushBack(state, a);
  return states;
}

/// "trash 6f1c… in state trashed: 200 dir_already_trashed".
std::string describe(const PactCall& call) {
  std::string out = call.operation;
  // A uuid the client made up is no part of what the call is.
  if (call.uuid && !call.client_made) out += " " + *call.uuid;
  if (has_state(call)) out += " in state " + call.state;
  out += ": " + std::to_string(call.status);
  if (auto code = json::top_level_string(call.response_body, "code")) out += " " + *code;
  return out;
}

std::string named(const PactCall& call) {
  return "request " + std::to_string(call.id) + " (" + call.operation +
         (call.uuid ? " " + *call.uuid : "") + ")";
}

}  // namespace

Pact write_pact(std::vector<PactCall> calls, const PactParties& parties, uint64_t dropped) {
  std::sort(calls.begin(), calls.end(),
            [](const PactCall& x, const PactCall& y) { return x.id < y.id; });
  rapidjson::Document pact(rapidjson::kObjectType);
  Allocator& a = pact.GetAllocator();
  Pact out;
  Value interactions(rapidjson::kArrayType);
  std::set<std::string> seen;                  // request, states and answer
  std::map<std::string, uint64_t> first_seen;  // request and states → the first call's id
  std::set<std::string> descriptions;
  struct Kept {
    std::string description;
    std::string whole;
    Value interaction;
  };
  std::vector<Kept> kept;
  size_t other_paths = 0;
  for (const auto& call : calls) {
    if (call.operation.empty()) {
      ++other_paths;
      continue;
    }
    if (!call.fault.empty()) {
      out.warnings.push_back(named(call) + " was answered with the fault '" + call.fault +
                             "', which a pact cannot describe: left out");
      continue;
    }
    Value interaction(rapidjson::kObjectType);
    interaction.AddMember("type", "Synchronous/HTTP", a);
    interaction.AddMember("description", "", a);
    Value states = provider_states(call, a);
    bool has_states = !states.Empty();
    if (has_states) interaction.AddMember("providerStates", states, a);
    interaction.AddMember("request", pact_request(call, a), a);
    std::string asked = json::to_string(interaction);
    interaction.AddMember("response", pact_response(call, a), a);
    std::string whole = json::to_string(interaction);
    if (!seen.insert(whole).second) continue;
    auto [first, fresh] = first_seen.emplace(asked, call.id);
    if (!fresh) {
      out.warnings.push_back(named(call) + " got another answer than request " +
                             std::to_string(first->second) +
                             " to the same body in the same state (a sequence, a random pick "
                             "or a template): a pact holds one answer per request and provider "
                             "state, the first is kept");
      continue;
    }
    kept.push_back({describe(call), whole, std::move(interaction)});
  }
  // In the order of what they are, not of when they came: concurrent tests
  // interleave their calls differently each run.
  std::sort(kept.begin(), kept.end(), [](const Kept& x, const Kept& y) {
    return std::tie(x.description, x.whole) < std::tie(y.description, y.whole);
  });
  for (auto& k : kept) {
    std::string description = k.description;
    for (int n = 2; !descriptions.insert(description).second; ++n) {
      description = k.description + " (" + std::to_string(n) + ")";
    }
    k.interaction["description"] = text(description, a);  // a client's uuid: any bytes
    interactions.PushBack(k.interaction, a);
  }
  if (other_paths > 0) {
    out.warnings.push_back(std::to_string(other_paths) +
                           " request(s) to paths with no operation left out");
  }
  if (dropped > 0) {
    out.warnings.push_back(std::to_string(dropped) +
                           " older request(s) were dropped from the journal (--journal-limit, "
                           "--journal-bytes) and are not in this pact");
  }
  out.interactions = interactions.Size();
  Value consumer(rapidjson::kObjectType);
  consumer.AddMember("name", text(parties.consumer, a), a);
  Value provider(rapidjson::kObjectType);
  provider.AddMember("name", text(parties.provider, a), a);
  pact.AddMember("consumer", consumer, a);
  pact.AddMember("provider", provider, a);
  pact.AddMember("interactions", interactions, a);
  Value version(rapidjson::kObjectType);
  version.AddMember("version", "4.0", a);
  Value metadata(rapidjson::kObjectType);
  metadata.AddMember("pactSpecification", version, a);
  Value by(rapidjson::kObjectType);
  by.AddMember("warnings", Value(rapidjson::kArrayType), a);
  for (const auto& w : out.warnings) by["warnings"].PushBack(text(w, a), a);
  metadata.AddMember("drivemock", by, a);
  pact.AddMember("metadata", metadata, a);
  rapidjson::StringBuffer buffer;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> writer(buffer);
  writer.SetIndent(' ', 2);
  pact.Accept(writer);
  out.json.assign(buffer.GetString(), buffer.GetSize());
  out.json += '\n';
  return out;
}

PactCall pact_call(const Entry& entry) {
  PactCall call;
  call.id = entry.id;
  call.method = entry.request.method();
  call.path = entry.request.path();
  entry.request.for_each_header([&](std::string_view name, std::string_view value) {
    if (call.content_type.empty() && iequals(name, "Content-Type")) call.content_type = value;
  });
  call.body = entry.request.body();
  call.operation = entry.seen().operation;
  if (auto uuid = entry.uuid()) call.uuid = std::string(*uuid);
  call.client_made = entry.seen().housekeeping;
  call.state = entry.seen().state;
  call.named = entry.seen().named;
  if (entry.seen().session) call.session = entry.seen().session->id;
  call.status = entry.response.status;
  call.response_body = entry.response.body_text();
  if (entry.response.headers) call.response_headers = *entry.response.headers;
  if (entry.response.fault != Fault::none) call.fault = fault_name(entry.response.fault);
  return call;
}

namespace {

std::string string_member(const Value& object, const char* name) {
  if (!object.IsObject()) return {};
  auto it = object.FindMember(name);
  if (it == object.MemberEnd() || !it->value.IsString()) return {};
  return {it->value.GetString(), it->value.GetStringLength()};
}

const Value* object_member(const Value& object, const char* name) {
  if (!object.IsObject()) return nullptr;
  auto it = object.FindMember(name);
  return it != object.MemberEnd() && it->value.IsObject() ? &it->value : nullptr;
}

}  // namespace

Result<PactCall> pact_call(const Value& entry) {
  const Value* request = object_member(entry, "request");
  const Value* response = object_member(entry, "response");
  auto id = entry.IsObject() ? entry.FindMember("id") : Value::ConstMemberIterator();
  if (!request || !response || id == entry.MemberEnd() || !id->value.IsUint64()) {
    return Error{"not a journal entry (expected an object with id, request and response)"};
  }
  PactCall call;
  call.id = id->value.GetUint64();
  call.method = string_member(*request, "method");
  call.path = string_member(*request, "url");
  call.path = call.path.substr(0, call.path.find('?'));
  if (const Value* headers = object_member(*request, "headers")) {
    for (const auto& h : headers->GetObject()) {
      if (iequals(h.name.GetString(), "Content-Type") && h.value.IsString()) {
        call.content_type = h.value.GetString();
        break;
      }
    }
  }
  call.body = string_member(*request, "body");
  call.operation = string_member(entry, "operation");
  auto uuid = entry.FindMember("uuid");
  if (uuid != entry.MemberEnd() && uuid->value.IsString()) call.uuid = uuid->value.GetString();
  auto client_made = entry.FindMember("clientMade");
  call.client_made = client_made != entry.MemberEnd() && client_made->value.IsTrue();
  call.state = string_member(entry, "state");
  // Journal files before `named` kept a state for scripted uuids only.
  auto named = entry.FindMember("named");
  call.named = named != entry.MemberEnd() ? named->value.IsTrue() : !call.state.empty();
  if (const Value* session = object_member(entry, "session")) {
    call.session = string_member(*session, "id");
  }
  auto status = response->FindMember("status");
  if (status != response->MemberEnd() && status->value.IsInt())
    call.status = status->value.GetInt();
  call.response_body = string_member(*response, "body");
  call.fault = string_member(*response, "fault");
  if (const Value* headers = object_member(*response, "headers")) {
    for (const auto& h : headers->GetObject()) {
      if (h.value.IsString())
        call.response_headers.push_back({h.name.GetString(), h.value.GetString()});
    }
  }
  return call;
}

}  // namespace drivemock::interchange
