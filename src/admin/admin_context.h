#pragma once
// What admin handlers work on, and what they answer. Handlers are small free
// functions from (request, context) to a reply; the router picks one.

#include <chrono>
#include <string>

#include "http/request_view.h"
#include "journal/journal.h"
#include "scenario/engine.h"

namespace drivemock::admin {

struct Context {
  journal::Journal& journal;
  scenario::Engine& engine;
  std::chrono::steady_clock::time_point started;
  std::string version;
};

struct Reply {
  int status = 200;
  std::string body;  ///< JSON
};

/// A JSON error reply: `{"status":"error","message":…,"code":…}`.
Reply error(int status, const std::string& message, const char* code);

}  // namespace drivemock::admin
