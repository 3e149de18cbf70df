// Reading an answer and its forms: status, body or raw text, headers,
// delays (fixed or drawn), dribble, faults and templates; warning where a
// body does not fit the dialect.
#include "document/tree_json.h"
#include "model/outcome.h"
#include "scenario/answer_checks.h"
#include "scenario/answer_template.h"
#include "scenario/document_parser.h"

namespace drivemock::scenario {

/// An answer; with `weight`, an answer of a one_of, which may have one.
std::optional<Reply> DocumentParser::parse_answer(const Operation& op, Node node, double* weight) {
  if (!in_.expect(node, document::Kind::map,
                  "an answer (mapping with http, body, raw, headers, "
                  "delay_ms or fault)")) {
    return std::nullopt;
  }
  size_t errors_before = in_.error_count();
  auto members = in_.fields(node, weight ? kWeightedAnswerKeys : kAnswerKeys,
                            weight ? "an answer of one_of" : "an answer");
  Reply answer;
  if (const auto& http = members["http"])
    answer.status = in_.integer(http, "an HTTP status", 100, 599).value_or(200);
  if (const auto& delay = members["delay_ms"]) parse_delay(delay, answer);
  if (const auto& dribble = members["dribble"]) parse_dribble(dribble, answer);
  if (weight) {
    if (const auto& w = members["weight"]) {
      *weight = in_.number(w, "a weight", 0, kMaxWeight).value_or(0);
    }
  }
  if (const auto& fault = members["fault"]) parse_fault(fault, answer);
  if (const auto& headers = members["headers"]) parse_headers(headers, answer);
  parse_body(op, members["body"], members["raw"], answer);
  if (const auto& templated = members["template"]) {
    if (in_.boolean(templated, "template").value_or(false)) {
      answer.templated = members["raw"] ? Templated::raw_body : Templated::json_body;
      check_templates(op, members["body"], members["raw"], members["headers"]);
    }
  }
  if (in_.error_count() != errors_before) return std::nullopt;
  if (members["raw"]) type_raw_text(answer);
  read_envelope(answer);
  return answer;
}

/// `delay_ms`: milliseconds, `{uniform: [MIN, MAX]}` or
/// `{lognormal: {median: M, sigma: S, max: CAP}}` (CAP defaults to the
/// longest delay, 600000).
void DocumentParser::parse_delay(Node node, Reply& answer) {
  if (!node.is_map()) {
    if (node.is_sequence()) {
      in_.error(node,
                "delay_ms is milliseconds, {uniform: [MIN, MAX]} or "
                "{lognormal: {median: M, sigma: S, max: CAP}}; found a list");
      return;
    }
    answer.delay_ms = in_.integer(node, "delay_ms", 0, kMaxDelayMs).value_or(0);
    return;
  }
  auto members = in_.fields(node, kRandomDelayKeys, "a random delay");
  const auto& uniform = members["uniform"];
  const auto& lognormal = members["lognormal"];
  if (!uniform == !lognormal) {
    // Other keys are reported already, with the keys expected.
    if (uniform || node.size() == 0) {
      in_.error(node,
                "a random delay is either {uniform: [MIN, MAX]} or "
                "{lognormal: {median: M, sigma: S, max: CAP}}");
    }
    return;
  }
  auto d = uniform ? parse_uniform_delay(uniform) : parse_lognormal_delay(lognormal);
  if (d) answer.random_delay = std::make_shared<const DelayDistribution>(*d);
}

/// `uniform: [MIN, MAX]`, in milliseconds.
std::optional<DelayDistribution> DocumentParser::parse_uniform_delay(Node uniform) {
  if (!in_.expect(uniform, document::Kind::sequence, "[MIN, MAX] in milliseconds")) return {};
  if (uniform.size() != 2) {
    in_.error(uniform, "expected [MIN, MAX] in milliseconds, found a list of " +
                           std::to_string(uniform.size()));
    return {};
  }
  auto min = in_.integer(uniform[0], "the least delay_ms", 0, kMaxDelayMs);
  auto max = in_.integer(uniform[1], "the most delay_ms", 0, kMaxDelayMs);
  if (!min || !max) return {};
  if (*min > *max) {
    in_.error(uniform, "uniform delay from " + std::to_string(*min) + " to " +
                           std::to_string(*max) + " ms: MIN must not be above MAX");
    return {};
  }
  DelayDistribution d;
  d.min_ms = *min;
  d.max_ms = *max;
  return d;
}

/// `lognormal: {median: M, sigma: S, max: CAP}`: max optional.
std::optional<DelayDistribution> DocumentParser::parse_lognormal_delay(Node lognormal) {
  if (!in_.expect(lognormal, document::Kind::map, "{median: M, sigma: S, max: CAP}")) return {};
  auto fields = in_.fields(lognormal, kLognormalKeys, "a lognormal delay");
  std::optional<double> median, sigma;
  if (const auto& m = fields["median"]) median = in_.number(m, "median (ms)", 0, kMaxDelayMs);
  if (const auto& s = fields["sigma"]) sigma = in_.number(s, "sigma", 0, kMaxSigma);
  if (!fields["median"] || !fields["sigma"]) {
    in_.error(lognormal, "a lognormal delay needs median (ms) and sigma; max (ms) is optional");
  }
  if (!median || !sigma) return {};
  DelayDistribution d;
  d.kind = DelayDistribution::Kind::lognormal;
  d.median_ms = *median;
  d.sigma = *sigma;
  d.max_ms = kMaxDelayMs;
  if (const auto& cap = fields["max"]) {
    auto value = in_.integer(cap, "max (ms)", 0, kMaxDelayMs);
    if (!value) return {};
    d.max_ms = *value;
  }
  return d;
}

/// `dribble: {chunks: N, over_ms: T}`: both needed.
void DocumentParser::parse_dribble(Node node, Reply& answer) {
  if (!in_.expect(node, document::Kind::map, "{chunks: N, over_ms: T} (dribble)")) return;
  auto members = in_.fields(node, kDribbleKeys, "dribble");
  const auto& chunks = members["chunks"];
  const auto& over = members["over_ms"];
  if (!chunks || !over) {
    in_.error(node, "dribble needs chunks (how many pieces) and over_ms (over how long)");
    return;
  }
  auto n = in_.integer(chunks, "chunks", 1, kMaxDribbleChunks);
  auto ms = in_.integer(over, "over_ms", 0, kMaxDelayMs);
  if (n && ms) answer.dribble = Dribble{*n, *ms};
}

/// Load errors for the placeholders of every string a template fills in.
void DocumentParser::check_templates(const Operation& op, Node body, Node raw, Node headers) {
  check_template_strings(op, body);
  check_template_strings(op, raw);
  if (headers && headers.is_map()) {
    for (auto kv : document::members(headers)) check_template_strings(op, kv.second);
  }
}

void DocumentParser::check_template_strings(const Operation& op, Node node) {
  if (!node) return;
  if (node.is_scalar()) {
    for (auto& problem : template_problems(node.text(), op)) in_.error(node, problem);
  } else if (node.is_map()) {
    for (auto kv : document::members(node)) check_template_strings(op, kv.second);
  } else if (node.is_sequence()) {
    for (Node item : document::items(node)) check_template_strings(op, item);
  }
}

void DocumentParser::parse_fault(Node node, Reply& answer) {
  auto name = in_.scalar(node, "a fault name");
  if (!name) return;
  if (auto fault = fault_from_name(*name)) {
    answer.fault = *fault;
  } else {
    in_.error(node,
              "unknown fault '" + *name + "'; expected one of: reset, empty, malformed, hang");
  }
}

void DocumentParser::parse_headers(Node node, Reply& answer) {
  if (!in_.expect(node, document::Kind::map, "a mapping of header name to value")) return;
  std::vector<Header> headers;
  for (auto kv : document::members(node)) {
    const std::string name(kv.first.text());
    auto value = in_.scalar(kv.second, "a header value (string)");
    if (auto problem = header_name_problem(name)) {
      in_.error(kv.first, std::move(*problem));
    } else if (auto bad = value ? header_value_problem(name, *value) : std::nullopt) {
      in_.error(kv.second, std::move(*bad));
    } else if (value) {
      headers.push_back({name, *value});
    }
  }
  if (!headers.empty()) answer.headers = bodies_.intern(std::move(headers));
}

void DocumentParser::parse_body(const Operation& op, Node body, Node raw, Reply& answer) {
  if (body && raw) {
    in_.error(raw, "an answer has either body or raw, not both");
  } else if (raw) {
    if (auto text = in_.scalar(raw, "raw text (string)")) {
      answer.body = bodies_.intern(std::move(*text));
    }
  } else if (body && in_.expect(body, document::Kind::map, "a body mapping (sent as JSON)")) {
    std::string json = document::to_json(body);
    answer.body = bodies_.intern(std::move(json));
    warn_on_answer_body(op, body, answer.body);
  }
}

void DocumentParser::warn_on_answer_body(const Operation& op, Node at,
                                         const std::shared_ptr<const std::string>& json) {
  for (auto& warning : answer_body_warnings(bodies_, dialect_, op, json)) {
    in_.warning(at, std::move(warning));
  }
}

}  // namespace drivemock::scenario
