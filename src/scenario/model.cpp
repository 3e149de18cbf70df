#include "scenario/model.h"

#include <array>
#include <utility>

namespace drivemock::scenario {
namespace {

constexpr std::array<std::pair<Fault, const char*>, 5> kFaultNames = {
    {{Fault::none, "none"},
     {Fault::reset, "reset"},
     {Fault::empty, "empty"},
     {Fault::malformed, "malformed"},
     {Fault::hang, "hang"}}};

}  // namespace

const char* fault_name(Fault fault) {
  for (const auto& [f, name] : kFaultNames) {
    if (f == fault) return name;
  }
  return "none";
}

std::optional<Fault> fault_from_name(std::string_view name) {
  for (const auto& [f, n] : kFaultNames) {
    if (f != Fault::none && name == n) return f;
  }
  return std::nullopt;
}

}  // namespace drivemock::scenario
