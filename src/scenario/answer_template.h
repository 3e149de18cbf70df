#pragma once
// Templated answers (`template: true`): {{uuid}}, {{operation}}, {{state}},
// {{calls}}, {{now}} and {{body.FIELD}} in body string values, raw text and
// header values, filled in per call. Names are checked at load against what
// can be known then (the names, the operation's fields); a field the
// request lacks is known only per call: it renders empty and is reported.

#include <rapidjson/document.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "contract/operations.h"
#include "model/reply.h"

namespace drivemock::scenario {

/// What a call fills a template with.
struct TemplateContext {
  std::string_view uuid;
  std::string_view operation;
  std::string_view state;  ///< as the call found it
  uint64_t calls = 0;      ///< this uuid's calls of this operation, this one included
  std::string_view now;    ///< ISO-8601 UTC
  const rapidjson::Value* body = nullptr;
};

/// What is wrong with the placeholders of `text` for `op`, one sentence
/// each: an unknown name, a body field `op` does not have, an unclosed {{.
std::vector<std::string> template_problems(std::string_view text, const contract::Operation& op);

/// `text` with its placeholders filled in; each body field the request
/// lacks renders empty and adds a sentence to `missing`.
std::string render_text(std::string_view text, const TemplateContext& context,
                        std::vector<std::string>& missing);

/// A JSON body with the placeholders of its string values filled in (and
/// escaped as JSON strings); other values as they are.
std::string render_json(std::string_view json, const TemplateContext& context,
                        std::vector<std::string>& missing);

/// `answer` with its placeholders filled in (its body as `answer.templated`
/// says, and its header values, never with a line break), as this call
/// finds the uuid; the names it could not fill go to `missing`.
Reply render_answer(const Reply& answer, const TemplateContext& context,
                    std::vector<std::string>& missing);

}  // namespace drivemock::scenario
