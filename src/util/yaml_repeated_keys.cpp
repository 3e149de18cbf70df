#include "util/yaml_repeated_keys.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "util/text.h"

namespace drivemock {
namespace {

// Mappings up to this size are compared key by key: no allocation for the
// many small ones (an answer, a rule); bigger ones are sorted.
constexpr size_t kComparedPairwise = 8;

void repeats_in(const YAML::Node& map, std::vector<RepeatedKey>& out) {
  std::vector<YAML::Node> keys;
  keys.reserve(map.size());
  for (const auto& kv : map) {
    if (kv.first.IsScalar()) keys.push_back(kv.first);
  }
  if (keys.size() < 2) return;
  if (keys.size() <= kComparedPairwise) {
    for (size_t i = 1; i < keys.size(); ++i) {
      for (size_t j = 0; j < i; ++j) {
        if (keys[i].Scalar() == keys[j].Scalar()) {
          out.push_back({keys[j], keys[i]});
          break;
        }
      }
    }
    return;
  }
  std::vector<std::pair<std::string_view, size_t>> order;
  order.reserve(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) order.emplace_back(keys[i].Scalar(), i);
  std::sort(order.begin(), order.end());
  for (size_t i = 1; i < order.size(); ++i) {
    if (order[i].first != order[i - 1].first) continue;
    // The first of a run of equal keys is the one given first.
    size_t first = i - 1;
    while (first > 0 && order[first - 1].first == order[i].first) --first;
    out.push_back({keys[order[first].second], keys[order[i].second]});
  }
}

}  // namespace

std::vector<RepeatedKey> repeated_keys(const YAML::Node& root) {
  std::vector<RepeatedKey> out;
  std::vector<YAML::Node> pending{root};
  while (!pending.empty()) {
    YAML::Node node = std::move(pending.back());
    pending.pop_back();
    if (node.IsMap()) {
      repeats_in(node, out);
      for (const auto& kv : node) pending.push_back(kv.second);
    } else if (node.IsSequence()) {
      for (const auto& item : node) pending.push_back(item);
    }
  }
  return out;
}

std::string repeated_key_message(std::string_view key, int first_line) {
  return "the key '" + shortened(key, 64) + "' is given twice in this mapping (first at line " +
         std::to_string(first_line) +
         "); expected each key once: only one of the two would be read";
}

}  // namespace drivemock
