#include "scenario/answer_template.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>

#include "util/json.h"
#include "util/text.h"

namespace drivemock::scenario {
namespace {

constexpr std::string_view kBodyPrefix = "body.";
const std::vector<std::string_view> kNames = {"uuid", "operation", "state", "calls", "now"};

/// Calls `literal(text)` and `placeholder(name)` for the parts of `text` in
/// order; false at an unclosed {{ (the rest goes to `literal`).
template <typename Literal, typename Placeholder>
bool each_part(std::string_view text, Literal literal, Placeholder placeholder) {
  for (;;) {
    size_t open = text.find("{{");
    if (open == std::string_view::npos) {
      literal(text);
      return true;
    }
    size_t close = text.find("}}", open + 2);
    if (close == std::string_view::npos) {
      literal(text);
      return false;
    }
    literal(text.substr(0, open));
    placeholder(trimmed(text.substr(open + 2, close - open - 2)));
    text.remove_prefix(close + 2);
  }
}

std::string value_text(const rapidjson::Value& value) {
  if (value.IsString()) return {value.GetString(), value.GetStringLength()};
  return json::to_string(value);
}

std::string fill(std::string_view name, const TemplateContext& c,
                 std::vector<std::string>& missing) {
  if (name == "uuid") return std::string(c.uuid);
  if (name == "operation") return std::string(c.operation);
  if (name == "state") return std::string(c.state);
  if (name == "calls") return std::to_string(c.calls);
  if (name == "now") return std::string(c.now);
  if (name.starts_with(kBodyPrefix)) {
    std::string field(name.substr(kBodyPrefix.size()));
    if (c.body && c.body->IsObject()) {
      auto it = c.body->FindMember(field.c_str());
      if (it != c.body->MemberEnd()) return value_text(it->value);
    }
    std::string sentence = "the template names body field '" + field +
                           "', which the request does not have; it rendered empty";
    if (std::find(missing.begin(), missing.end(), sentence) == missing.end()) {
      missing.push_back(std::move(sentence));  // once per field, however often it is named
    }
  }
  return {};
}

void render_value(rapidjson::Value& value, rapidjson::Document::AllocatorType& allocator,
                  const TemplateContext& context, std::vector<std::string>& missing) {
  if (value.IsString()) {
    std::string text = render_text({value.GetString(), value.GetStringLength()}, context, missing);
    value.SetString(text.data(), static_cast<rapidjson::SizeType>(text.size()), allocator);
  } else if (value.IsObject()) {
    // By index: comparing RapidJSON's non-const member iterators is
    // ambiguous to clang in C++20 (-Wambiguous-reversed-operator).
    for (rapidjson::SizeType i = 0, n = value.MemberCount(); i < n; ++i) {
      render_value((value.MemberBegin() + i)->value, allocator, context, missing);
    }
  } else if (value.IsArray()) {
    for (auto& item : value.GetArray()) render_value(item, allocator, context, missing);
  }
}

}  // namespace

std::vector<std::string> template_problems(std::string_view text, const contract::Operation& op) {
  std::vector<std::string> problems;
  bool closed = each_part(
      text, [](std::string_view) {},
      [&](std::string_view name) {
        if (std::find(kNames.begin(), kNames.end(), name) != kNames.end()) return;
        if (name.starts_with(kBodyPrefix)) {
          std::string_view field = name.substr(kBodyPrefix.size());
          bool known = std::any_of(op.fields.begin(), op.fields.end(),
                                   [&](const contract::Field& f) { return f.name == field; });
          if (!known) {
            problems.push_back(
                "template names body field '" + std::string(field) + "', which " + op.name +
                " requests do not have; fields: " + contract::field_names(op.fields));
          }
          return;
        }
        problems.push_back("unknown template name '" + std::string(name) +
                           "'; expected uuid, operation, state, calls, now or body.FIELD");
      });
  if (!closed) problems.push_back("a template's {{ is not closed with }}");
  return problems;
}

std::string render_text(std::string_view text, const TemplateContext& context,
                        std::vector<std::string>& missing) {
  std::string out;
  each_part(
      text, [&](std::string_view literal) { out += literal; },
      [&](std::string_view name) { out += fill(name, context, missing); });
  return out;
}

std::string render_json(std::string_view json, const TemplateContext& context,
                        std::vector<std::string>& missing) {
  // Bounded and iterative as every parse of a text drivemock did not write
  // (render_value and to_string recurse); deeper or not JSON: as text.
  auto doc = json::parse_untrusted(json);
  if (!doc) return render_text(json, context, missing);
  render_value(*doc, doc->GetAllocator(), context, missing);
  return json::to_string(*doc);
}

Reply render_answer(const Reply& answer, const TemplateContext& context,
                    std::vector<std::string>& missing) {
  Reply out = answer;
  std::string_view text = answer.body_text();
  out.body = std::make_shared<const std::string>(answer.templated == Templated::json_body
                                                     ? render_json(text, context, missing)
                                                     : render_text(text, context, missing));
  out.envelope = EnvelopeSays::unread;  // a placeholder may have filled in the status
  if (answer.headers) {
    auto headers = std::make_shared<std::vector<Header>>(*answer.headers);
    for (auto& h : *headers) {
      h.value = render_text(h.value, context, missing);
      // A request's field must not add a header line.
      std::erase_if(h.value, [](char c) { return c == '\r' || c == '\n'; });
    }
    out.headers = std::move(headers);
  }
  return out;
}

}  // namespace drivemock::scenario
