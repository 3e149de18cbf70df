// Fuzz target: the admin filter parser (the JSON body of count, find and
// wait). Any bytes in; a matcher or an error message out, never a crash.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "admin/admin_json.h"
#include "journal/filter.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string body(reinterpret_cast<const char*>(data), size);
  drivemock::journal::RequestFilter filter;
  std::string error;
  if (!drivemock::admin::parse_filter(body, filter, error)) {
    if (error.empty()) std::abort();  // a refusal always says what is wrong
    return 0;
  }
  if (!drivemock::journal::FilterMatcher::create(filter, error) && error.empty()) std::abort();
  return 0;
}
