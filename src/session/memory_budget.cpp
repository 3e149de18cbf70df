#include "session/memory_budget.h"

namespace drivemock::session {
namespace {

std::string mib(size_t bytes) {
  return std::to_string((bytes + (size_t{1} << 20) - 1) >> 20) + " MiB";
}

}  // namespace

bool MemoryBudget::reserve(size_t bytes) {
  size_t now = charged_.load();
  do {
    if (bytes > max_ || now > max_ - bytes) return false;
  } while (!charged_.compare_exchange_weak(now, now + bytes));
  return true;
}

std::string MemoryBudget::full_message(const std::string& what, size_t wanted) const {
  size_t now = charged();
  size_t left = now < max_ ? max_ - now : 0;
  return what + " would take " + mib(wanted) + ", and the open sessions hold " + mib(now) +
         " of the " + mib(max_) + " all sessions may (--max-session-bytes), " + mib(left) +
         " left; close the sessions of tests that ended (DELETE /__admin/sessions/ID), delete "
         "pushed sets they no longer need, or start drivemock with a larger --max-session-bytes";
}

}  // namespace drivemock::session
