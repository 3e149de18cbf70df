#include "interchange/openapi_writer.h"

#include <rapidjson/prettywriter.h>

#include <cctype>
#include <filesystem>
#include <map>
#include <set>
#include <unordered_map>

#include "contract/request_checks.h"
#include "document/yaml_writer.h"
#include "util/json.h"
#include "util/text.h"

namespace drivemock::interchange {
namespace {

using rapidjson::Value;
using Allocator = rapidjson::Document::AllocatorType;
using contract::answer_fields;
using contract::FieldType;
using contract::has_key;
using contract::Operation;
using contract::Presence;

Value str(std::string_view s, Allocator& a) {
  return Value(s.data(), static_cast<rapidjson::SizeType>(s.size()), a);
}

Value ref(std::string_view name, Allocator& a) {
  Value out(rapidjson::kObjectType);
  out.AddMember("$ref", str("#/components/schemas/" + std::string(name), a), a);
  return out;
}

Value type_schema(FieldType type, Allocator& a) {
  Value out(rapidjson::kObjectType);
  // Any JSON value: the empty schema.
  if (type != FieldType::any) out.AddMember("type", str(type_name(type), a), a);
  return out;
}

Value field_schema(FieldType type, Allocator& a) {
  Value out = type_schema(type, a);
  if (type == FieldType::string) out.AddMember("pattern", rapidjson::StringRef(kNoNulPattern), a);
  return out;
}

/// The name of an operation's request schema: a $ref fragment needs no escaping.
std::string schema_name(const Operation& op) {
  return openapi_token(op.name) + "Request";
}

/// The request body as the contract checks it: listed fields of their
/// types, the required ones present, no others.
Value request_schema(const Operation& op, Allocator& a) {
  Value properties(rapidjson::kObjectType);
  Value required(rapidjson::kArrayType);
  for (const auto& f : op.fields) {
    properties.AddMember(str(f.name, a), field_schema(f.type, a), a);
    if (f.presence == Presence::required) required.PushBack(str(f.name, a), a);
  }
  Value out(rapidjson::kObjectType);
  out.AddMember("type", "object", a);
  out.AddMember("properties", properties, a);
  if (!required.Empty()) out.AddMember("required", required, a);
  out.AddMember("additionalProperties", false, a);
  return out;
}

Value envelope_schema(const Envelope& envelope, Allocator& a) {
  Value properties(rapidjson::kObjectType);
  for (const auto& f : answer_fields(envelope)) {
    properties.AddMember(str(f.name, a), type_schema(f.type, a), a);
  }
  Value out(rapidjson::kObjectType);
  out.AddMember("type", "object", a);
  Value data(rapidjson::kObjectType);
  data.AddMember("type", "object", a);
  data.AddMember(
      "description",
      "What an answer carries beside status, message and code (a lock's, the service's trash)", a);
  properties.AddMember("data", data, a);
  out.AddMember("description",
                "The answer envelope. Answers of added operations and scenarios may carry more "
                "members.",
                a);
  out.AddMember("properties", properties, a);
  return out;
}

constexpr const char* kJson = "application/json";

/// name → body: the examples of one status and media type.
using Examples = std::map<std::string, std::string>;

/// The media type object of an answer, with its examples: JSON under the
/// envelope's schema; a scenario's raw text as a string, or, sent as JSON
/// that is none (a truncated body, on purpose), as any value.
Value media_object(std::string_view media_type, const Examples& examples, Allocator& a) {
  bool json_media = contract::is_json_media_type(media_type);
  bool all_json = json_media;
  Value list(rapidjson::kObjectType);
  for (const auto& [name, body] : examples) {
    Value example(rapidjson::kObjectType);
    if (!json_media) {
      example.AddMember("value", str(body, a), a);
    } else if (auto parsed = json::parse_untrusted(body)) {  // each body parsed once
      example.AddMember("value", Value(*parsed, a), a);
    } else {
      all_json = false;
      continue;  // no JSON value to give
    }
    list.AddMember(str(name, a), example, a);
  }
  Value media(rapidjson::kObjectType);
  if (all_json) {
    media.AddMember("schema", ref("Envelope", a), a);
  } else {
    Value schema(rapidjson::kObjectType);
    if (!json_media) schema.AddMember("type", "string", a);
    schema.AddMember("description", "A scenario's raw answer, sent as scripted", a);
    media.AddMember("schema", schema, a);
  }
  if (list.MemberCount() > 0) media.AddMember("examples", list, a);
  return media;
}

std::string builtin_body(const Operation& op, const Envelope& envelope) {
  if (op.builtin_answer) return std::string(op.builtin_answer->body_text());
  return envelope.success(op.builtin_message, op.builtin_code);
}

/// status → media type → example name → body: the built-in answer, the
/// refusals every operation may get, and the scenarios'.
using ExamplesByStatus = std::map<int, std::map<std::string, Examples>>;

/// The input's examples, by operation.
using ExamplesByOperation = std::unordered_map<std::string_view, std::vector<const AnswerExample*>>;

/// The refusals every operation may get: 400 and 413, the same bodies for
/// all, made once per document.
ExamplesByStatus refusal_examples(const Envelope& envelope) {
  ExamplesByStatus out;
  out[400][kJson]["invalid_params"] = envelope.error(
      "Field 'uuid' is missing from the request body; expected a string", "invalid_params");
  out[413][kJson]["payload_too_large"] =
      envelope.error("The request body is 2097152 bytes; the limit is 1048576 bytes (--max-body)",
                     "payload_too_large");
  return out;
}

/// What an operation's object is made of.
struct OperationInput {
  const OpenApiInput& in;
  const ExamplesByOperation& examples;
  const ExamplesByStatus& refusals;
};

ExamplesByStatus examples_of(const Operation& op, const OperationInput& in) {
  ExamplesByStatus out = in.refusals;
  int builtin_status = op.builtin_answer ? op.builtin_answer->status : 200;
  out[builtin_status][kJson]["built-in"] = builtin_body(op, in.in.envelope);
  auto mine = in.examples.find(op.name);
  if (mine == in.examples.end()) return out;
  std::map<std::pair<int, std::string>, std::set<std::string>> bodies;
  for (const auto& [status, by_media] : out) {
    for (const auto& [media, named] : by_media) {
      for (const auto& [name, body] : named) bodies[{status, media}].insert(body);
    }
  }
  for (const AnswerExample* e : mine->second) {
    auto& seen = bodies[{e->status, e->media_type}];
    if (seen.size() >= kMaxExamplesPerStatus || !seen.insert(e->body).second) continue;
    out[e->status][e->media_type][e->name] = e->body;
  }
  return out;
}

std::string response_description(int status) {
  switch (status) {
    case 200: return "Success: the built-in answer, or a scenario's";
    case 400: return "The request cannot be served (invalid_params)";
    case 413: return "The request body is larger than --max-body (payload_too_large)";
    case 429: return "Refused by a scenario's rate limit (Retry-After says when to call again)";
    default: return "Scripted by a scenario";
  }
}

Value responses(const Operation& op, const OperationInput& in, Allocator& a) {
  Value out(rapidjson::kObjectType);
  for (const auto& [status, by_media] : examples_of(op, in)) {
    Value response(rapidjson::kObjectType);
    response.AddMember("description", str(response_description(status), a), a);
    Value content(rapidjson::kObjectType);
    for (const auto& [media, named] : by_media) {
      content.AddMember(str(media, a), media_object(media, named, a), a);
    }
    response.AddMember("content", content, a);
    out.AddMember(str(std::to_string(status), a), response, a);
  }
  return out;
}

Value operation_object(const Operation& op, const OperationInput& in, Allocator& a) {
  Value post(rapidjson::kObjectType);
  post.AddMember("operationId", str(op.name, a), a);
  // The file's name, not its path: a published document holds no path of the machine.
  std::string source = std::filesystem::path(op.source).filename().string();
  post.AddMember("summary", str(op.name + " (" + source + ")", a), a);
  post.AddMember(str(kKeyExtension, a), has_key(op) ? str(op.key, a) : Value(), a);
  Value media(rapidjson::kObjectType);
  media.AddMember("schema", ref(schema_name(op), a), a);
  Value content(rapidjson::kObjectType);
  content.AddMember("application/json", media, a);
  Value body(rapidjson::kObjectType);
  body.AddMember("required", true, a);
  body.AddMember("description",
                 "A JSON object (member names unique, nested at most 64 deep): what the schema "
                 "cannot say, drivemock's checks add.",
                 a);
  body.AddMember("content", content, a);
  post.AddMember("requestBody", body, a);
  post.AddMember("responses", responses(op, in, a), a);
  return post;
}

/// Plain YAML scalars that a reader would take for another type.
bool needs_quotes(std::string_view s) {
  if (s.empty()) return true;
  static const std::set<std::string, std::less<>> kWords = {"true", "false", "null", "yes", "no",
                                                            "on",   "off",   "~",    "y",   "n"};
  if (kWords.contains(ascii_lowercase(s))) return true;
  char c = s.front();
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.';
}

}  // namespace

std::string openapi_token(std::string_view text) {
  std::string out;
  for (char c : text) {
    bool plain = std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
    out += plain ? c : '_';
  }
  return out;
}

std::string openapi_document(const OpenApiInput& in, DocumentFormat format) {
  rapidjson::Document doc(rapidjson::kObjectType);
  Allocator& a = doc.GetAllocator();
  doc.AddMember("openapi", "3.1.0", a);
  Value info(rapidjson::kObjectType);
  std::string dialect = in.envelope.dialect() == Dialect::service ? "service" : "document";
  info.AddMember("title", str("drivemock: the directory API v3 (" + dialect + " dialect)", a), a);
  info.AddMember("version", str(in.version, a), a);
  info.AddMember("description",
                 "The operations drivemock serves and checks, as its contract checks them "
                 "(written by drivemock contract --openapi).",
                 a);
  doc.AddMember("info", info, a);
  Value server(rapidjson::kObjectType);
  server.AddMember("url", "http://127.0.0.1:8080", a);
  Value servers(rapidjson::kArrayType);
  servers.PushBack(server, a);
  doc.AddMember("servers", servers, a);
  Value paths(rapidjson::kObjectType);
  Value schemas(rapidjson::kObjectType);
  schemas.AddMember("Envelope", envelope_schema(in.envelope, a), a);
  ExamplesByOperation examples;
  for (const auto& e : in.examples) examples[e.operation].push_back(&e);
  const ExamplesByStatus refusals = refusal_examples(in.envelope);
  for (const auto& op : in.operations.list) {
    Value item(rapidjson::kObjectType);
    item.AddMember("post", operation_object(op, {in, examples, refusals}, a), a);
    paths.AddMember(str(op.path, a), item, a);
    schemas.AddMember(str(schema_name(op), a), request_schema(op, a), a);
  }
  doc.AddMember("paths", paths, a);
  Value components(rapidjson::kObjectType);
  components.AddMember("schemas", schemas, a);
  // The live service wants its API key as a bearer; the document dialect,
  // as the API document gives it, none.
  Value security(rapidjson::kArrayType);
  if (in.envelope.dialect() == Dialect::service) {
    Value scheme(rapidjson::kObjectType);
    scheme.AddMember("type", "http", a);
    scheme.AddMember("scheme", "bearer", a);
    scheme.AddMember("description", "The account's API key (drivemock takes any)", a);
    Value schemes(rapidjson::kObjectType);
    schemes.AddMember("bearer", scheme, a);
    components.AddMember("securitySchemes", schemes, a);
    Value bearer(rapidjson::kObjectType);
    bearer.AddMember("bearer", Value(rapidjson::kArrayType), a);
    security.PushBack(bearer, a);
  }
  doc.AddMember("security", security, a);
  doc.AddMember("components", components, a);
  if (format == DocumentFormat::json) {
    rapidjson::StringBuffer buffer;
    rapidjson::PrettyWriter<rapidjson::StringBuffer> writer(buffer);
    writer.SetIndent(' ', 2);
    doc.Accept(writer);
    return std::string(buffer.GetString(), buffer.GetSize()) + "\n";
  }
  return document::json_as_yaml(doc, needs_quotes) + "\n";
}

}  // namespace drivemock::interchange
