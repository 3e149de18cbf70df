// Fuzz target: scenario loading. Any text in; either a scenario set (which
// must then build a catalog) or positioned errors out, never a crash.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "scenario/catalog.h"
#include "scenario/loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  drivemock::Diagnostics diagnostics;
  auto set = drivemock::scenario::parse_scenario(text, "fuzz.yaml", "fuzz", diagnostics);
  if (!set) {
    // A refused document always says why, and where.
    if (!drivemock::has_errors(diagnostics)) std::abort();
    for (const auto& d : diagnostics) {
      if (d.severity == drivemock::Severity::error && d.line < 1) std::abort();
    }
    return 0;
  }
  drivemock::scenario::build_catalog({*set}, diagnostics);
  return 0;
}
