#include "interchange/openapi_operations.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "contract/request_checks.h"
#include "interchange/openapi_writer.h"
#include "interchange/yaml_json.h"
#include "util/text.h"

namespace drivemock::interchange {
namespace {

using contract::Field;
using contract::FieldType;
using contract::Operation;

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
  OpenApiReader(const YAML::Node& root, YamlReader& in) : root_(root), in_(in) {}

  std::vector<Operation> read(const contract::OperationSet& taken) {
    std::vector<Operation> out;
    if (!root_.IsMap() || !yaml_member(root_, "openapi").IsScalar() ||
        !yaml_member(root_, "openapi").Scalar().starts_with("3.")) {
      in_.error(root_, "expected an OpenAPI 3.x document (openapi: 3.0.3 or 3.1.0 at its top)");
      return out;
    }
    auto paths = yaml_member(root_, "paths");
    if (!paths || !in_.expect(paths, YAML::NodeType::Map, "paths: a mapping of path to item")) {
      return out;
    }
    std::string prefix = server_prefix();
    std::unordered_set<std::string> names, seen_paths;
    for (const auto& entry : paths) {
      auto item = resolve(entry.second, "path item " + entry.first.Scalar());
      if (!item || !item->IsMap()) continue;
      std::string path = prefix + entry.first.Scalar();
      for (const auto& method : *item) {
        const std::string& verb = method.first.Scalar();
        if (std::find(kOtherMethods.begin(), kOtherMethods.end(), verb) != kOtherMethods.end()) {
          in_.warning(method.first, ascii_upper(verb) + " " + path +
                                        ": drivemock serves POST operations only; not served");
        }
        if (verb == "parameters") warn_parameters(method.second, path);
        if (verb != "post") continue;
        auto op = operation(path, method.second);
        if (!op) continue;
        if (auto parameters = yaml_member(method.second, "parameters")) {
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
          in_.warning(method.second, "'" + op->name + "' (POST " + op->path +
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
  void warn_parameters(const YAML::Node& parameters, const std::string& path) {
    if (!parameters.IsSequence() || parameters.size() == 0) return;
    in_.warning(parameters, path +
                                ": parameters (query, header, path, cookie) are not checked; "
                                "drivemock checks the request's JSON body and its media types");
  }

  /// The path of the first server's URL (`https://host/v3` → "/v3"), which
  /// the document's paths are relative to.
  std::string server_prefix() {
    auto servers = yaml_member(root_, "servers");
    if (!servers || !servers.IsSequence() || servers.size() == 0) return "";
    auto url = yaml_member(servers[0], "url");
    if (!url || !url.IsScalar()) return "";
    std::string_view text = url.Scalar();
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
  std::optional<YAML::Node> resolve(const YAML::Node& node, const std::string& what) {
    YAML::Node at(node);
    std::vector<std::string> chain;
    while (at.IsMap() && yaml_member(at, "$ref")) {
      auto ref = yaml_member(at, "$ref");
      std::string target = ref.IsScalar() ? ref.Scalar() : "";
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
      YAML::Node next(root_);
      std::string_view rest = std::string_view(target).substr(2);
      std::string_view prefix = std::string_view(target).substr(0, 1);
      while (next && !rest.empty()) {
        auto slash = rest.find('/');
        std::string token = unescape(rest.substr(0, slash));
        YAML::Node child = next.IsMap() ? member(next, prefix, token) : yaml_undefined();
        next.reset(child);
        prefix =
            std::string_view(target).substr(0, prefix.size() + 1 + rest.substr(0, slash).size());
        rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
      }
      if (!next) {
        in_.warning(ref, what + ": $ref '" + target + "' names nothing in this document");
        return std::nullopt;
      }
      at.reset(next);
    }
    return at;
  }

  /// The member `key` of `map`, the node at JSON pointer `pointer`: a big
  /// mapping (components/schemas of 10,000) is indexed once, not scanned
  /// per $ref.
  YAML::Node member(const YAML::Node& map, std::string_view pointer, const std::string& key) {
    constexpr size_t kScanned = 16;
    if (map.size() <= kScanned) return yaml_member(map, key);
    auto [index, fresh] = indexes_.try_emplace(std::string(pointer));
    if (fresh) {
      for (const auto& kv : map) {
        if (kv.first.IsScalar()) index->second.emplace(kv.first.Scalar(), kv.second);
      }
    }
    auto found = index->second.find(key);
    return found == index->second.end() ? yaml_undefined() : found->second;
  }

  std::optional<Operation> operation(const std::string& path, const YAML::Node& node) {
    std::string where = "POST " + path;
    if (!node.IsMap()) return std::nullopt;
    auto id = yaml_member(node, "operationId");
    if (!id || !id.IsScalar() || id.Scalar().empty()) {
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
    op.name = id.Scalar();
    op.path = path;
    op.source = in_.file();
    op.line = node.Mark().line + 1;
    op.column = node.Mark().column + 1;
    auto schema = body_schema(node, where);
    if (!schema || !read_fields(*schema, where, op)) return std::nullopt;
    read_key(node, where, op);
    read_answer(node, where, op);
    return op;
  }

  std::optional<YAML::Node> body_schema(const YAML::Node& node, const std::string& where) {
    auto body = yaml_member(node, "requestBody");
    auto resolved = body ? resolve(body, where + " requestBody") : std::nullopt;
    auto content = resolved ? yaml_member(*resolved, "content") : yaml_undefined();
    if (content && content.IsMap()) {
      for (const auto& media : content) {
        if (!contract::is_json_media_type(media.first.Scalar())) continue;
        auto schema = yaml_member(media.second, "schema");
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

  std::optional<FieldType> field_type(const YAML::Node& type) {
    static const std::map<std::string, FieldType, std::less<>> kTypes = {
        {"string", FieldType::string},  {"number", FieldType::number},
        {"integer", FieldType::number}, {"boolean", FieldType::boolean},
        {"object", FieldType::object},  {"array", FieldType::array}};
    if (!type.IsScalar()) return std::nullopt;
    auto it = kTypes.find(type.Scalar());
    if (it == kTypes.end()) return std::nullopt;
    return it->second;
  }

  /// Why a field's schema gives no type drivemock checks.
  static std::string why_unchecked(const YAML::Node& field) {
    for (const char* composed : {"oneOf", "anyOf", "allOf", "not"}) {
      if (yaml_member(field, composed)) return "is typed with " + std::string(composed);
    }
    auto type = yaml_member(field, "type");
    if (type && type.IsSequence()) return "has a list of types";
    if (type) return "has a type that is none of JSON's";
    return "has no type";
  }

  bool read_fields(const YAML::Node& schema, const std::string& where, Operation& op) {
    for (const char* composed : {"allOf", "oneOf", "anyOf", "not"}) {
      if (yaml_member(schema, composed)) {
        in_.warning(yaml_member(schema, composed),
                    where + ": a request body schema made with " + std::string(composed) +
                        " is not supported (drivemock checks an object's listed fields); "
                        "not served");
        return false;
      }
    }
    auto type = yaml_member(schema, "type");
    auto properties = yaml_member(schema, "properties");
    if ((type && (!type.IsScalar() || type.Scalar() != "object")) ||
        (properties && !properties.IsMap())) {
      in_.warning(schema, where +
                              ": the request body schema is not an object with properties; "
                              "not served");
      return false;
    }
    if (properties) {
      for (const auto& p : properties) {
        const std::string& name = p.first.Scalar();
        auto field = resolve(p.second, where + " field " + name);
        if (!field) return false;
        auto t = field_type(yaml_member(*field, "type"));
        if (t) {
          warn_unchecked(*field, where + ": field '" + name + "'");
        } else {
          // One field drivemock cannot check does not cost the operation.
          in_.warning(p.first, where + ": field '" + name + "' " + why_unchecked(*field) +
                                   ": drivemock accepts any JSON value for it");
          t = FieldType::any;
        }
        op.fields.push_back({name, *t, contract::Presence::optional});
      }
    }
    auto required = yaml_member(schema, "required");
    if (required && required.IsSequence()) {
      for (const auto& r : required) {
        auto f = std::find_if(op.fields.begin(), op.fields.end(),
                              [&](const Field& x) { return r.IsScalar() && x.name == r.Scalar(); });
        if (f == op.fields.end()) {
          in_.warning(r, where + ": required names no listed field; ignored");
        } else {
          f->presence = contract::Presence::required;
        }
      }
    }
    return true;
  }

  /// One warning for the keywords of a field's schema that drivemock does
  /// not check (it checks presence and JSON type).
  void warn_unchecked(const YAML::Node& field, const std::string& what) {
    std::string unchecked;
    for (const auto& k : field) {
      const std::string& key = k.first.Scalar();
      if (kQuietKeywords.contains(key) || key.starts_with("x-")) continue;
      // drivemock's own pattern (contract --openapi): what it checks anyway.
      if (key == "pattern" && k.second.IsScalar() &&
          k.second.Scalar() == interchange::kNoNulPattern) {
        continue;
      }
      unchecked += (unchecked.empty() ? "" : ", ") + key;
    }
    if (!unchecked.empty()) {
      in_.warning(field, what + ": " + unchecked +
                             " not checked (drivemock checks a field's presence and JSON type)");
    }
  }

  void read_key(const YAML::Node& node, const std::string& where, Operation& op) {
    auto is_key = [&](const std::string& name) {
      return std::any_of(op.fields.begin(), op.fields.end(), [&](const Field& f) {
        return f.name == name && f.type == FieldType::string &&
               f.presence == contract::Presence::required;
      });
    };
    auto marked = yaml_member(node, interchange::kKeyExtension);
    if (marked && marked.IsNull()) {
      op.key.clear();
      return;
    }
    if (marked && marked.IsScalar() && is_key(marked.Scalar())) {
      op.key = marked.Scalar();
      return;
    }
    if (marked) {
      in_.warning(marked, where + ": " + std::string(interchange::kKeyExtension) +
                              " must name a required string field (or be null)");
    }
    op.key = is_key("uuid") ? "uuid" : "";
  }

  /// The answer of the lowest 2xx response with a JSON example.
  void read_answer(const YAML::Node& node, const std::string& where, Operation& op) {
    auto responses = yaml_member(node, "responses");
    if (responses && responses.IsMap()) {
      for (const auto& r : responses) {
        const std::string& code = r.first.Scalar();
        if (code.size() != 3 || code[0] != '2' ||
            !std::isdigit(static_cast<unsigned char>(code[1])) ||
            !std::isdigit(static_cast<unsigned char>(code[2]))) {
          continue;
        }
        auto response = resolve(r.second, where + " response " + code);
        auto example = response ? json_example(*response, where) : std::nullopt;
        if (!example) continue;
        op.builtin_answer = json_reply(std::stoi(code), yaml_to_json(*example));
        return;
      }
    }
    op.builtin_message = "Success.";
    op.builtin_code = "success";
  }

  std::optional<YAML::Node> json_example(const YAML::Node& response, const std::string& where) {
    auto content = yaml_member(response, "content");
    if (!content || !content.IsMap()) return std::nullopt;
    for (const auto& media : content) {
      if (!contract::is_json_media_type(media.first.Scalar())) continue;
      if (auto example = yaml_member(media.second, "example")) return example;
      auto examples = yaml_member(media.second, "examples");
      if (examples && examples.IsMap() && examples.size() > 0) {
        auto first = resolve(examples.begin()->second, where + " example");
        if (first && yaml_member(*first, "value")) return yaml_member(*first, "value");
      }
      auto schema = yaml_member(media.second, "schema");
      auto resolved = schema ? resolve(schema, where + " answer schema") : std::nullopt;
      if (resolved && yaml_member(*resolved, "example")) return yaml_member(*resolved, "example");
    }
    return std::nullopt;
  }

  const YAML::Node& root_;
  YamlReader& in_;
  /// JSON pointer of a big mapping → its members by name.
  std::unordered_map<std::string, std::unordered_map<std::string, YAML::Node>> indexes_;
};

}  // namespace

std::vector<Operation> read_openapi_operations(const YAML::Node& root, YamlReader& in,
                                               const contract::OperationSet& taken) {
  return OpenApiReader(root, in).read(taken);
}

}  // namespace drivemock::interchange
