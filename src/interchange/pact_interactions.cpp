#include "interchange/pact_interactions.h"

#include <map>

#include "contract/request_checks.h"
#include "document/tree_json.h"
#include "interchange/pact_states.h"
#include "util/text.h"

namespace drivemock::interchange {
namespace {

using document::Kind;
using document::Node;

/// A request or response body: v4's {content, contentType, encoded}, or the
/// value itself in older pacts.
struct PactBody {
  Node content;
  std::string content_type;
  bool binary = false;
};

/// A pact's body is JSON unless its content type says otherwise.
bool is_json_type(const std::string& type) {
  return type.substr(0, type.find(';')).empty() || contract::is_json_media_type(type);
}

std::string text_of(Node node) {
  return std::string(node.text());
}

class PactReader {
 public:
  explicit PactReader(document::Reader& in) : in_(in) {}

  std::optional<std::vector<PactInteraction>> read(Node root) {
    if (!read_version(root)) return std::nullopt;
    Node list = root.member("interactions");
    in_.set_context(root);
    if (!in_.expect(list, Kind::sequence, "interactions: a list")) return std::nullopt;
    std::vector<PactInteraction> out;
    out.reserve(list.size());
    for (Node node : items(list)) {
      if (auto i = interaction(node)) out.push_back(std::move(*i));
    }
    return out;
  }

 private:
  bool read_version(Node root) {
    Node metadata = root.member("metadata");
    Node version;
    for (const char* name : {"pactSpecification", "pact-specification"}) {
      Node spec = metadata.member(name);
      if (spec.member("version")) version = spec.member("version");
    }
    if (!version) version = metadata.member("pactSpecificationVersion");
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

  PactBody body_of(Node message) {
    PactBody out;
    Node body = message.member("body");
    if (!body) return out;
    Node content = body.member("content");
    if (major_ >= 4 && body.is_map() && content) {
      out.content = content;
      out.content_type = text_of(body.member("contentType"));
      Node encoded = body.member("encoded");
      out.binary = encoded && !(encoded.is_scalar() && encoded.text() == "false");
    } else {
      out.content = body;
    }
    return out;
  }

  /// One warning per matching rule or generator: drivemock serves examples.
  void warn_rules(Node message, const PactBody& body, const std::string& side) {
    for (const char* what : {"matchingRules", "generators"}) {
      for (auto [category, rules] : members(message.member(what))) {
        std::string name(category.text());
        if (name.starts_with("$") || !rules.is_map()) {
          warn_rule(category, {what, name, side}, body);
          continue;
        }
        for (auto [rule, value] : members(rules)) {
          warn_rule(rule, {what, name + " " + std::string(rule.text()), side}, body);
        }
      }
    }
  }

  struct RuleName {
    std::string kind;  ///< matchingRules or generators
    std::string where;
    std::string side;  ///< request or response
  };

  void warn_rule(Node at, const RuleName& rule, const PactBody& body) {
    std::string example;
    std::string_view path = rule.where;
    if (path.starts_with("body $.")) path.remove_prefix(7);
    if (path.starts_with("$.body.")) path.remove_prefix(7);
    Node value = body.content.member(path);
    if (value) example = ": " + document::to_json(value);
    bool matching = rule.kind == "matchingRules";
    in_.warning(at, rule.side + (matching ? " matching rule on " : " generator on ") + rule.where +
                        " is not supported; drivemock " +
                        (matching ? (rule.side == "request" ? "matches the example exactly"
                                                            : "answers the example as is")
                                  : "uses the example as is") +
                        example);
  }

  std::optional<PactInteraction> interaction(Node node) {
    if (!in_.expect(node, Kind::map, "an interaction (a mapping)")) return std::nullopt;
    Node type = node.member("type");
    if (type && text_of(type) != "Synchronous/HTTP") {
      in_.warning(type, "a '" + text_of(type) +
                            "' interaction is not HTTP; drivemock serves HTTP interactions only");
      return std::nullopt;
    }
    Node request = node.member("request");
    Node response = node.member("response");
    in_.set_context(node);
    if (!in_.expect(request, Kind::map, "request: a mapping") ||
        !in_.expect(response, Kind::map, "response: a mapping")) {
      return std::nullopt;
    }
    PactInteraction out;
    out.node = node;
    out.path = text_of(request.member("path"));
    if (ascii_lowercase(text_of(request.member("method"))) != "post") {
      in_.warning(request, "a " + text_of(request.member("method")) + " " + out.path +
                               " request: drivemock serves POST operations only; left out");
      return std::nullopt;
    }
    PactBody asked = body_of(request);
    warn_rules(request, asked, "request");
    if (asked.binary || !asked.content.is_map()) {
      in_.warning(request, std::string("the request body is ") +
                               (asked.binary ? "binary (encoded)" : "not a JSON object") +
                               "; drivemock matches JSON object bodies only: left out");
      return std::nullopt;
    }
    out.body = asked.content;
    out.state = state_of(node);
    auto answer = response_of(response);
    if (!answer) return std::nullopt;
    out.response = std::move(*answer);
    return out;
  }

  std::optional<std::string> state_of(Node node) {
    Node states = node.member("providerStates");
    if (states.is_sequence() && states.size() > 0) {
      if (states.size() > 1) {
        in_.warning(states, "drivemock keeps one state per uuid: the first provider state is used");
      }
      // The state the uuid is in as the state-change URL sets it
      // (provider_state.h): drivemock's own names stand for a directory
      // state; any other name is the state itself.
      std::string name = text_of(states[0].member("name"));
      if (auto state = directory_state_of(name)) return std::string(*state);
      if (name != kStateInAState) return name;
      // The uuid's state is a param (`state` before it was `directoryState`).
      Node params = states[0].member("params");
      Node state = params.member("directoryState");
      if (!state) state = params.member("state");
      return state.is_scalar() ? std::optional(text_of(state)) : name;
    }
    Node legacy = node.member("providerState");
    if (legacy.is_scalar()) return text_of(legacy);
    return std::nullopt;
  }

  std::optional<PactResponse> response_of(Node response) {
    PactBody body = body_of(response);
    warn_rules(response, body, "response");
    if (body.binary) {
      in_.warning(response,
                  "the response body is binary (encoded); drivemock answers text: left out");
      return std::nullopt;
    }
    PactResponse out;
    out.node = response;
    out.status = response.member("status");
    if (out.status) out.code = out.status.is_scalar() ? std::atoi(text_of(out.status).c_str()) : 0;
    std::map<std::string, std::string> headers;
    out.headers_at = response.member("headers");
    for (auto [name, value] : members(out.headers_at)) {
      std::string joined;
      if (value.is_sequence()) {
        for (Node v : items(value)) joined += (joined.empty() ? "" : ", ") + text_of(v);
      } else {
        joined = text_of(value);
      }
      headers[text_of(name)] = joined;
    }
    if (body.content_type.empty()) {
      for (const auto& [name, value] : headers) {
        if (iequals(name, "Content-Type")) body.content_type = value;
      }
    }
    out.body_at = body.content;
    if (body.content.is_map() && is_json_type(body.content_type)) {
      out.json = document::to_json(body.content);
    } else if (body.content) {
      // Any other body is sent as is: JSON that is no object, or text.
      bool json = is_json_type(body.content_type) && !body.content.is_null();
      out.raw = json ? document::to_json(body.content) : text_of(body.content);
      if (body.content_type.empty())
        headers["Content-Type"] = json ? "application/json" : "text/plain";
    }
    out.headers.assign(headers.begin(), headers.end());
    return out;
  }

  document::Reader& in_;
  int major_ = 3;
};

}  // namespace

std::optional<std::vector<PactInteraction>> read_pact_interactions(Node root,
                                                                   document::Reader& in) {
  return PactReader(in).read(root);
}

}  // namespace drivemock::interchange
