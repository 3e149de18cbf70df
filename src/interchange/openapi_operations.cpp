#include "interchange/openapi_operations.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "contract/request_checks.h"
#include "document/tree_json.h"
#include "interchange/openapi_writer.h"
#include "util/text.h"

namespace drivemock::interchange {
namespace {

using contract::Field;
using contract::FieldType;
using contract::Operation;
using document::Kind;
using document::Node;

/// Hops a chain of $refs may take before it is called a cycle.
constexpr int kMaxRefHops = 32;

constexpr std::array<std::string_view, 7> kOtherMethods = {"get",  "put",   "delete", "options",
                                                           "head", "patch", "trace"};

/// Schema keywords that say nothing drivemock would check differently.
const std::set<std::string, std::less<>> kQuietKeywords = {
    "type", "description", "title",    "example",   "examples", "default",
    "$ref", "deprecated",  "readOnly", "writeOnly", "$comment", "externalDocs"};

/// A JSON pointer's next token, ~1 and ~0 unescaped.
std::string unescape(std::string_view token) {
  std::string out;
  for (size_t i = 0; i < token.size(); ++i) {
    if (token[i] == '~' && i + 1 < token.size() && (token[i + 1] == '0' || token[i + 1] == '1')) {
      out += token[++i] == '0' ? '~' : '/';
    } else {
      out += token[i];
    }
  }
  return out;
}

class OpenApiReader {
 public:
  OpenApiReader(Node root, document::Reader& in) : root_(root), in_(in) {}

  std::vector<Operation> read(const contract::OperationSet& taken) {
    std::vector<Operation> out;
    if (!root_.is_map() || !root_.member("openapi").is_scalar() ||
        !root_.member("openapi").text().starts_with("3.")) {
      in_.error(root_, "expected an OpenAPI 3.x document (openapi: 3.0.3 or 3.1.0 at its top)");
      return out;
    }
    Node paths = root_.member("paths");
    if (!paths || !in_.expect(paths, Kind::map, "paths: a mapping of path to item")) {
      return out;
    }
    std::string prefix = server_prefix();
    std::unordered_set<std::string> names, seen_paths;
    for (auto [name, value] : members(paths)) {
      auto item = resolve(value, "path item " + std::string(name.text()));
      if (!item || !item->is_map()) continue;
      std::string path = prefix + std::string(name.text());
      for (auto [method, operation_node] : members(*item)) {
        std::string verb(method.text());
        if (std::find(kOtherMethods.begin(), kOtherMethods.end(), verb) != kOtherMethods.end()) {
          in_.warning(method, ascii_upper(verb) + " " + path +
                                  ": drivemock serves POST operations only; not served");
        }
        if (verb == "parameters") warn_parameters(operation_node, path);
        if (verb != "post") continue;
        auto op = operation(path, operation_node);
        if (!op) continue;
        if (Node parameters = operation_node.member("parameters")) {
          warn_parameters(parameters, path);
        }
        // The document of drivemock's own operations (contract --openapi)
        // describes them as they are: nothing to say.
        const Operation* same = taken.by_name(op->name);
        if (same && same->path == op->path && same->key == op->key && same->fields == op->fields) {
          continue;
        }
        if (same || taken.by_path(op->path) || !names.insert(op->name).second ||
            !seen_paths.insert(op->path).second) {
          in_.warning(operation_node, "'" + op->name + "' (POST " + op->path +
                                          "): an operation of that name or path is defined "
                                          "already; this one is not used");
          continue;
        }
        out.push_back(std::move(*op));
      }
    }
    return out;
  }

 private:
  static std::string ascii_upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
  }

  /// Parameters (query, header, path, cookie) are not what drivemock's
  /// operations check: said once per list, where it is.
  void warn_parameters(Node parameters, const std::string& path) {
    if (!parameters.is_sequence() || parameters.size() == 0) return;
    in_.warning(parameters, path +
                                ": parameters (query, header, path, cookie) are not checked; "
                                "drivemock checks the request's JSON body and its media types");
  }

  /// The path of the first server's URL (`https://host/v3` → "/v3"), which
  /// the document's paths are relative to.
  std::string server_prefix() {
    Node servers = root_.member("servers");
    if (!servers.is_sequence() || servers.size() == 0) return "";
    Node url = servers[0].member("url");
    if (!url.is_scalar()) return "";
    std::string_view text = url.text();
    auto scheme = text.find("://");
    if (scheme != std::string_view::npos) {
      auto slash = text.find('/', scheme + 3);
      text = slash == std::string_view::npos ? std::string_view() : text.substr(slash);
    }
    if (!text.starts_with("/") || text.find('{') != std::string_view::npos) return "";
    while (text.ends_with("/")) text.remove_suffix(1);
    return std::string(text);
  }

  /// The node a chain of $refs ends at, within this document; nothing
  /// (warned) for an external ref, a target that is not there or a cycle.
  std::optional<Node> resolve(Node node, const std::string& what) {
    Node at = node;
    std::vector<std::string> chain;
    while (at.is_map() && at.member("$ref")) {
      Node ref = at.member("$ref");
      std::string target = ref.is_scalar() ? std::string(ref.text()) : "";
      if (!target.starts_with("#/")) {
        in_.warning(ref, what + ": $ref '" + target +
                             "' is outside this document; drivemock follows refs within it "
                             "only (#/...): not used");
        return std::nullopt;
      }
      if (std::find(chain.begin(), chain.end(), target) != chain.end() ||
          chain.size() >= kMaxRefHops) {
        in_.warning(ref, what + ": $ref '" + target + "' leads round in a cycle; not used");
        return std::nullopt;
      }
      chain.push_back(target);
      Node next = root_;
      std::string_view rest = std::string_view(target).substr(2);
      std::string_view prefix = std::string_view(target).substr(0, 1);
      while (next && !rest.empty()) {
        auto slash = rest.find('/');
        std::string token = unescape(rest.substr(0, slash));
        next = next.is_map() ? member(next, prefix, token) : Node();
        prefix =
            std::string_view(target).substr(0, prefix.size() + 1 + rest.substr(0, slash).size());
        rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
      }
      if (!next) {
        in_.warning(ref, what + ": $ref '" + target + "' names nothing in this document");
        return std::nullopt;
      }
      at = next;
    }
    return at;
  }

  /// The member `key` of `map`, the node at JSON pointer `pointer`: a big
  /// mapping (components/schemas of 10,000) is indexed once, not scanned
  /// per $ref.
  Node member(Node map, std::string_view pointer, const std::string& key) {
    constexpr size_t kScanned = 16;
    if (map.size() <= kScanned) return map.member(key);
    auto [index, fresh] = indexes_.try_emplace(std::string(pointer));
    if (fresh) {
      // emplace keeps the first of a repeated name, as member() finds it.
      for (auto [name, value] : members(map)) index->second.emplace(name.text(), value);
    }
    auto found = index->second.find(key);
    return found == index->second.end() ? Node() : found->second;
  }

  std::optional<Operation> operation(const std::string& path, Node node) {
    std::string where = "POST " + path;
    if (!node.is_map()) return std::nullopt;
    Node id = node.member("operationId");
    if (!id.is_scalar() || id.text().empty()) {
      in_.warning(node, where +
                            ": no operationId, which names the operation in scenarios and "
                            "the journal; not served");
      return std::nullopt;
    }
    if (!contract::is_operation_path(path)) {
      in_.warning(node, where + ": drivemock serves operations under /v3/ only; not served");
      return std::nullopt;
    }
    Operation op;
    op.name = id.text();
    op.path = path;
    op.source = in_.file();
    op.line = node.line();
    op.column = node.column();
    auto schema = body_schema(node, where);
    if (!schema || !read_fields(*schema, where, op)) return std::nullopt;
    read_key(node, where, op);
    read_answer(node, where, op);
    return op;
  }

  std::optional<Node> body_schema(Node node, const std::string& where) {
    Node body = node.member("requestBody");
    auto resolved = body ? resolve(body, where + " requestBody") : std::nullopt;
    Node content = resolved ? resolved->member("content") : Node();
    if (content.is_map()) {
      for (auto [media, value] : members(content)) {
        if (!contract::is_json_media_type(std::string(media.text()))) continue;
        Node schema = value.member("schema");
        if (schema) return resolve(schema, where + " request body schema");
      }
    }
    if (body && !resolved) return std::nullopt;  // the ref's warning says why
    if (!resolved) {
      in_.warning(node, where +
                            ": no request body; drivemock's operations take a JSON object; "
                            "not served");
    } else if (content) {
      in_.warning(content, where + ": no application/json request body with a schema; not served");
    }
    return std::nullopt;
  }

  std::optional<FieldType> field_type(Node type) {
    static const std::map<std::string, FieldType, std::less<>> kTypes = {
        {"string", FieldType::string},  {"number", FieldType::number},
        {"integer", FieldType::number}, {"boolean", FieldType::boolean},
        {"object", FieldType::object},  {"array", FieldType::array}};
    if (!type.is_scalar()) return std::nullopt;
    auto it = kTypes.find(type.text());
    if (it == kTypes.end()) return std::nullopt;
    return it->second;
  }

  /// Why a field's schema gives no type drivemock checks.
  static std::string why_unchecked(Node field) {
    for (const char* composed : {"oneOf", "anyOf", "allOf", "not"}) {
      if (field.member(composed)) return "is typed with " + std::string(composed);
    }
    Node type = field.member("type");
    if (type.is_sequence()) return "has a list of types";
    if (type) return "has a type that is none of JSON's";
    return "has no type";
  }

  bool read_fields(Node schema, const std::string& where, Operation& op) {
    for (const char* composed : {"allOf", "oneOf", "anyOf", "not"}) {
      if (schema.member(composed)) {
        in_.warning(schema.member(composed),
                    where + ": a request body schema made with " + std::string(composed) +
                        " is not supported (drivemock checks an object's listed fields); "
                        "not served");
        return false;
      }
    }
    Node type = schema.member("type");
    Node properties = schema.member("properties");
    if ((type && (!type.is_scalar() || type.text() != "object")) ||
        (properties && !properties.is_map())) {
      in_.warning(schema, where +
                              ": the request body schema is not an object with properties; "
                              "not served");
      return false;
    }
    if (properties) {
      for (auto [key, value] : members(properties)) {
        std::string name(key.text());
        auto field = resolve(value, where + " field " + name);
        if (!field) return false;
        auto t = field_type(field->member("type"));
        if (t) {
          warn_unchecked(*field, where + ": field '" + name + "'");
        } else {
          // One field drivemock cannot check does not cost the operation.
          in_.warning(key, where + ": field '" + name + "' " + why_unchecked(*field) +
                               ": drivemock accepts any JSON value for it");
          t = FieldType::any;
        }
        op.fields.push_back({name, *t, contract::Presence::optional});
      }
    }
    for (Node r : items(schema.member("required"))) {
      auto f = std::find_if(op.fields.begin(), op.fields.end(),
                            [&](const Field& x) { return r.is_scalar() && x.name == r.text(); });
      if (f == op.fields.end()) {
        in_.warning(r, where + ": required names no listed field; ignored");
      } else {
        f->presence = contract::Presence::required;
      }
    }
    return true;
  }

  /// One warning for the keywords of a field's schema that drivemock does
  /// not check (it checks presence and JSON type).
  void warn_unchecked(Node field, const std::string& what) {
    std::string unchecked;
    for (auto [name, value] : members(field)) {
      std::string_view key = name.text();
      if (kQuietKeywords.contains(key) || key.starts_with("x-")) continue;
      // drivemock's own pattern (contract --openapi): what it checks anyway.
      if (key == "pattern" && value.is_scalar() && value.text() == interchange::kNoNulPattern) {
        continue;
      }
      unchecked += (unchecked.empty() ? "" : ", ") + std::string(key);
    }
    if (!unchecked.empty()) {
      in_.warning(field, what + ": " + unchecked +
                             " not checked (drivemock checks a field's presence and JSON type)");
    }
  }

  void read_key(Node node, const std::string& where, Operation& op) {
    auto is_key = [&](std::string_view name) {
      return std::any_of(op.fields.begin(), op.fields.end(), [&](const Field& f) {
        return f.name == name && f.type == FieldType::string &&
               f.presence == contract::Presence::required;
      });
    };
    Node marked = node.member(interchange::kKeyExtension);
    if (marked.is_null()) {
      op.key.clear();
      return;
    }
    if (marked.is_scalar() && is_key(marked.text())) {
      op.key = marked.text();
      return;
    }
    if (marked) {
      in_.warning(marked, where + ": " + std::string(interchange::kKeyExtension) +
                              " must name a required string field (or be null)");
    }
    op.key = is_key("uuid") ? "uuid" : "";
  }

  /// The answer of the lowest 2xx response with a JSON example.
  void read_answer(Node node, const std::string& where, Operation& op) {
    for (auto [status, value] : members(node.member("responses"))) {
      std::string code(status.text());
      if (code.size() != 3 || code[0] != '2' ||
          !std::isdigit(static_cast<unsigned char>(code[1])) ||
          !std::isdigit(static_cast<unsigned char>(code[2]))) {
        continue;
      }
      auto response = resolve(value, where + " response " + code);
      auto example = response ? json_example(*response, where) : std::nullopt;
      if (!example) continue;
      op.builtin_answer = json_reply(std::stoi(code), document::to_json(*example));
      return;
    }
    op.builtin_message = "Success.";
    op.builtin_code = "success";
  }

  std::optional<Node> json_example(Node response, const std::string& where) {
    for (auto [media, value] : members(response.member("content"))) {
      if (!contract::is_json_media_type(std::string(media.text()))) continue;
      if (Node example = value.member("example")) return example;
      Node examples = value.member("examples");
      if (examples.is_map() && examples.size() > 0) {
        auto first = resolve(examples[0], where + " example");
        if (first && first->member("value")) return first->member("value");
      }
      Node schema = value.member("schema");
      auto resolved = schema ? resolve(schema, where + " answer schema") : std::nullopt;
      if (resolved && resolved->member("example")) return resolved->member("example");
    }
    return std::nullopt;
  }

  Node root_;
  document::Reader& in_;
  /// JSON pointer of a big mapping → its members by name.
  std::unordered_map<std::string, std::unordered_map<std::string_view, Node>> indexes_;
};

}  // namespace

std::vector<Operation> read_openapi_operations(document::Node root, document::Reader& in,
                                               const contract::OperationSet& taken) {
  return OpenApiReader(root, in).read(taken);
}

}  // namespace drivemock::interchange
