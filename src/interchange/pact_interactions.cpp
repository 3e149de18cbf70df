#include "interchange/pact_interactions.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <map>
#include <set>

#include "contract/request_checks.h"
#include "interchange/pact_states.h"
#include "interchange/yaml_json.h"
#include "util/text.h"

namespace drivemock::interchange {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

/// A request or response body: v4's {content, contentType, encoded}, or the
/// value itself in older pacts.
struct PactBody {
  YAML::Node content = yaml_undefined();
  std::string content_type;
  bool binary = false;
};

/// A pact's body is JSON unless its content type says otherwise.
bool is_json_type(const std::string& type) {
  return type.substr(0, type.find(';')).empty() || contract::is_json_media_type(type);
}

std::string text_of(const YAML::Node& node) {
  return node && node.IsScalar() ? node.Scalar() : std::string();
}

/// Writes JSON text as a value.
void raw(Writer& w, const std::string& json) {
  w.RawValue(json.c_str(), json.size(), rapidjson::kObjectType);
}

void key(Writer& w, std::string_view k) {
  w.Key(k.data(), static_cast<rapidjson::SizeType>(k.size()));
}

class PactReader {
 public:
  explicit PactReader(YamlReader& in) : in_(in) {}

  std::optional<std::vector<PactInteraction>> read(const YAML::Node& root) {
    if (!read_version(root)) return std::nullopt;
    auto list = yaml_member(root, "interactions");
    if (!in_.expect(list, YAML::NodeType::Sequence, "interactions: a list")) return std::nullopt;
    std::vector<PactInteraction> out;
    for (const auto& node : list) {
      if (auto i = interaction(node)) out.push_back(std::move(*i));
    }
    return out;
  }

 private:
  bool read_version(const YAML::Node& root) {
    auto metadata = yaml_member(root, "metadata");
    YAML::Node version = yaml_undefined();
    for (const char* name : {"pactSpecification", "pact-specification"}) {
      auto spec = yaml_member(metadata, name);
      if (spec && yaml_member(spec, "version")) version.reset(yaml_member(spec, "version"));
    }
    if (!version && yaml_member(metadata, "pactSpecificationVersion")) {
      version.reset(yaml_member(metadata, "pactSpecificationVersion"));
    }
    if (!version) return true;  // no metadata: read as a v2/v3 pact
    std::string text = text_of(version);
    major_ = text.empty() ? 0 : text[0] - '0';
    if (major_ < 1 || major_ > 4 || (text.size() > 1 && text[1] != '.')) {
      in_.error(version, "pact specification version '" + text +
                             "' is not one drivemock reads; expected 1.x, 2.x, 3.x or 4.x");
      return false;
    }
    return true;
  }

  PactBody body_of(const YAML::Node& message) {
    PactBody out;
    auto body = yaml_member(message, "body");
    if (!body) return out;
    auto content = yaml_member(body, "content");
    if (major_ >= 4 && body.IsMap() && content) {
      out.content.reset(content);
      out.content_type = text_of(yaml_member(body, "contentType"));
      auto encoded = yaml_member(body, "encoded");
      out.binary = encoded && !(encoded.IsScalar() && (encoded.Scalar() == "false"));
    } else {
      out.content.reset(body);
    }
    return out;
  }

  /// One warning per matching rule or generator: drivemock serves examples.
  void warn_rules(const YAML::Node& message, const PactBody& body, const std::string& side) {
    for (const char* what : {"matchingRules", "generators"}) {
      auto rules = yaml_member(message, what);
      if (!rules || !rules.IsMap()) continue;
      for (const auto& category : rules) {
        const std::string& name = category.first.Scalar();
        if (name.starts_with("$") || !category.second.IsMap()) {
          warn_rule(category.first, {what, name, side}, body);
          continue;
        }
        for (const auto& rule : category.second) {
          warn_rule(rule.first, {what, name + " " + rule.first.Scalar(), side}, body);
        }
      }
    }
  }

  struct RuleName {
    std::string kind;  ///< matchingRules or generators
    std::string where;
    std::string side;  ///< request or response
  };

  void warn_rule(const YAML::Node& at, const RuleName& rule, const PactBody& body) {
    std::string example;
    std::string_view path = rule.where;
    if (path.starts_with("body $.")) path.remove_prefix(7);
    if (path.starts_with("$.body.")) path.remove_prefix(7);
    auto value = body.content.IsMap() ? yaml_member(body.content, path) : yaml_undefined();
    if (value) example = ": " + yaml_to_json(value);
    bool matching = rule.kind == "matchingRules";
    in_.warning(at, rule.side + (matching ? " matching rule on " : " generator on ") + rule.where +
                        " is not supported; drivemock " +
                        (matching ? (rule.side == "request" ? "matches the example exactly"
                                                            : "answers the example as is")
                                  : "uses the example as is") +
                        example);
  }

  std::optional<PactInteraction> interaction(const YAML::Node& node) {
    if (!in_.expect(node, YAML::NodeType::Map, "an interaction (a mapping)")) return std::nullopt;
    auto type = yaml_member(node, "type");
    if (type && text_of(type) != "Synchronous/HTTP") {
      in_.warning(type, "a '" + text_of(type) +
                            "' interaction is not HTTP; drivemock serves HTTP interactions only");
      return std::nullopt;
    }
    auto request = yaml_member(node, "request");
    auto response = yaml_member(node, "response");
    if (!in_.expect(request, YAML::NodeType::Map, "request: a mapping") ||
        !in_.expect(response, YAML::NodeType::Map, "response: a mapping")) {
      return std::nullopt;
    }
    PactInteraction out;
    out.node.reset(node);
    out.path = text_of(yaml_member(request, "path"));
    if (ascii_lowercase(text_of(yaml_member(request, "method"))) != "post") {
      in_.warning(request, "a " + text_of(yaml_member(request, "method")) + " " + out.path +
                               " request: drivemock serves POST operations only; left out");
      return std::nullopt;
    }
    PactBody asked = body_of(request);
    warn_rules(request, asked, "request");
    if (asked.binary || !asked.content.IsMap()) {
      in_.warning(request, std::string("the request body is ") +
                               (asked.binary ? "binary (encoded)" : "not a JSON object") +
                               "; drivemock matches JSON object bodies only: left out");
      return std::nullopt;
    }
    out.body.reset(asked.content);
    out.state = state_of(node);
    auto respond = respond_of(response);
    if (!respond) return std::nullopt;
    out.respond = std::move(*respond);
    return out;
  }

  std::optional<std::string> state_of(const YAML::Node& node) {
    auto states = yaml_member(node, "providerStates");
    if (states && states.IsSequence() && states.size() > 0) {
      if (states.size() > 1) {
        in_.warning(states, "drivemock keeps one state per uuid: the first provider state is used");
      }
      // The state the uuid is in as the state-change URL sets it
      // (provider_state.h): drivemock's own names stand for a directory
      // state; any other name is the state itself.
      std::string name = text_of(yaml_member(states[0], "name"));
      if (auto state = directory_state_of(name)) return std::string(*state);
      if (name != kStateInAState) return name;
      // The uuid's state is a param (`state` before it was `directoryState`).
      auto params = yaml_member(states[0], "params");
      auto state = yaml_member(params, "directoryState");
      // reset(), not =: yaml-cpp's assignment writes into the node it refers to.
      if (!state) state.reset(yaml_member(params, "state"));
      return state && state.IsScalar() ? std::optional(state.Scalar()) : name;
    }
    auto legacy = yaml_member(node, "providerState");
    if (legacy && legacy.IsScalar()) return legacy.Scalar();
    return std::nullopt;
  }

  std::optional<std::string> respond_of(const YAML::Node& response) {
    PactBody body = body_of(response);
    warn_rules(response, body, "response");
    if (body.binary) {
      in_.warning(response,
                  "the response body is binary (encoded); drivemock answers text: left out");
      return std::nullopt;
    }
    rapidjson::StringBuffer buffer;
    Writer w(buffer);
    w.StartObject();
    key(w, "http");
    auto status = yaml_member(response, "status");
    w.Int(status && status.IsScalar() ? std::atoi(status.Scalar().c_str()) : 200);
    std::map<std::string, std::string> headers;
    auto given = yaml_member(response, "headers");
    if (given && given.IsMap()) {
      for (const auto& h : given) {
        std::string value;
        if (h.second.IsSequence()) {
          for (const auto& v : h.second) value += (value.empty() ? "" : ", ") + text_of(v);
        } else {
          value = text_of(h.second);
        }
        headers[h.first.Scalar()] = value;
      }
    }
    if (body.content_type.empty()) {
      for (const auto& [name, value] : headers) {
        if (iequals(name, "Content-Type")) body.content_type = value;
      }
    }
    if (body.content && body.content.IsMap() && is_json_type(body.content_type)) {
      key(w, "body");
      raw(w, yaml_to_json(body.content));
    } else if (body.content) {
      // Any other body is sent as is: JSON that is no object, or text.
      bool json = is_json_type(body.content_type) && !body.content.IsNull();
      std::string text = json ? yaml_to_json(body.content) : text_of(body.content);
      key(w, "raw");
      w.String(text.c_str(), static_cast<rapidjson::SizeType>(text.size()));
      if (body.content_type.empty())
        headers["Content-Type"] = json ? "application/json" : "text/plain";
    }
    if (!headers.empty()) {
      key(w, "headers");
      w.StartObject();
      for (const auto& [name, value] : headers) {
        key(w, name);
        w.String(value.c_str(), static_cast<rapidjson::SizeType>(value.size()));
      }
      w.EndObject();
    }
    w.EndObject();
    return std::string(buffer.GetString(), buffer.GetSize());
  }

  YamlReader& in_;
  int major_ = 3;
};

}  // namespace

std::optional<std::vector<PactInteraction>> read_pact_interactions(const YAML::Node& root,
                                                                   YamlReader& in) {
  return PactReader(in).read(root);
}

}  // namespace drivemock::interchange
