#include "document/yaml_shape.h"

namespace drivemock {
std::string alias_refusal() {
  return "aliases (*name) are not supported in scenario files; write the value out where it "
         "is used";
}

std::string depth_refusal() {
  return "mappings and lists are nested deeper than " + std::to_string(kMaxYamlDepth) +
         " levels here; expected at most " + std::to_string(kMaxYamlDepth);
}

}  // namespace drivemock
