#include "control/test_outcome.h"

#include <cmath>
#include <cstdio>

#include "util/json.h"
#include "util/text.h"

namespace drivemock::control {
namespace {

/// A value a caller gave where another was expected, shortened for the message.
std::string found(const rapidjson::Value& value) {
  return shortened(json::to_string(value), 64);
}

/// The string member `name` of `body` ("" when absent), or what is wrong with it.
Result<std::string, Error> optional_string(const rapidjson::Value& body, const char* name) {
  auto member = body.FindMember(name);
  if (member == body.MemberEnd() || member->value.IsNull()) return std::string();
  if (!member->value.IsString()) {
    return Error{std::string(name) + " must be a string, found " + found(member->value)};
  }
  return json::valid_utf8({member->value.GetString(), member->value.GetStringLength()});
}

std::string milliseconds(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0f", ms);
  return text;
}

}  // namespace

Result<TestOutcome, Error> read_test_outcome(const rapidjson::Value& body, std::string_view also) {
  if (!body.IsObject()) return Error{"the body must be a JSON object"};
  for (const auto& member : body.GetObject()) {
    std::string_view key(member.name.GetString(), member.name.GetStringLength());
    if (!also.empty() && key == also) continue;
    if (key != "outcome" && key != "durationMs" && key != "message" && key != "location") {
      return Error{"Unknown key '" + shortened(json::valid_utf8(key), 64) +
                   "' in the body; expected outcome, durationMs, message, location"};
    }
  }
  TestOutcome outcome;
  auto state = body.FindMember("outcome");
  if (state == body.MemberEnd() || !state->value.IsString()) {
    return Error{"outcome is required: passed, failed or skipped"};
  }
  outcome.state.assign(state->value.GetString(), state->value.GetStringLength());
  if (outcome.state != "passed" && outcome.state != "failed" && outcome.state != "skipped") {
    return Error{"outcome is '" + shortened(json::valid_utf8(outcome.state), 64) +
                 "'; expected passed, failed or skipped"};
  }
  auto duration = body.FindMember("durationMs");
  if (duration != body.MemberEnd()) {
    // Up to about eleven days: a finite, non-negative count of milliseconds.
    if (!duration->value.IsNumber() || !std::isfinite(duration->value.GetDouble()) ||
        duration->value.GetDouble() < 0 || duration->value.GetDouble() > 1e9) {
      return Error{"durationMs must be a number of milliseconds from 0 to 1e9, found " +
                   found(duration->value)};
    }
    outcome.duration_ms = duration->value.GetDouble();
  }
  auto message = optional_string(body, "message");
  if (!message) return message.error();
  auto location = optional_string(body, "location");
  if (!location) return location.error();
  outcome.message = shortened(*message, kMaxMessageBytes);
  outcome.location = shortened(*location, kMaxLocationBytes);
  return outcome;
}

int outcome_rank(std::string_view state) {
  return state == "failed" ? 3 : state == "skipped" ? 2 : 1;
}

journal::AdminEvent outcome_event(const TestOutcome& outcome,
                                  std::shared_ptr<const SessionTag> session) {
  std::string text = "test " + outcome.state + " in " + milliseconds(outcome.duration_ms) + " ms";
  if (!outcome.message.empty()) text += ": " + outcome.message;
  return journal::admin_event("test-outcome", std::move(text), std::move(session),
                              {{"outcome", outcome.state},
                               {"durationMs", milliseconds(outcome.duration_ms)},
                               {"message", outcome.message},
                               {"location", outcome.location}});
}

}  // namespace drivemock::control
