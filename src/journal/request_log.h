#pragma once
// --log text|json: one line per request (method, path, uuid, matched rule or
// built-in, status or fault, micros) and one per admin change.

#include <string>
#include <string_view>

#include "model/entry.h"

namespace drivemock::journal {

enum class LogFormat { none, text, json };

/// The log line for one journaled request.
std::string request_line(const Entry& entry, LogFormat format);

/// The log line for one change made through the admin API.
std::string admin_line(std::string_view change, LogFormat format);

}  // namespace drivemock::journal
