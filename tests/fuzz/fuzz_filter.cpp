// Fuzz target: the admin filter parser (the JSON body of count, find and
// wait), then the matcher against a journaled request. Any bytes in; a
// matcher or a 400 that says what is wrong out, never a crash.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "admin/admin_json.h"
#include "journal/filter.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  drivemock::RequestView request;
  request.method = "POST";
  request.path = request.url = "/__admin/requests/find";
  request.body.assign(reinterpret_cast<const char*>(data), size);
  rapidjson::Document doc;
  std::unique_ptr<drivemock::journal::FilterMatcher> matcher;
  if (auto refused = drivemock::admin::read_filter(request, doc, {"count", "timeoutMs"}, matcher)) {
    if (refused->status != 400 || refused->body.find("invalid_params") == std::string::npos) {
      std::abort();
    }
    return 0;
  }
  // The filter's own body as a journaled request: equal JSON on both sides.
  drivemock::journal::Entry entry;
  entry.request = drivemock::journal::RecordedRequest(request, "u");
  matcher->matches(entry);
  return 0;
}
