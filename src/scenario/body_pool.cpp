#include "scenario/body_pool.h"

namespace drivemock::scenario {

std::shared_ptr<const std::string> BodyPool::intern(std::string text) {
  auto found = entries_.find(text);
  if (found != entries_.end()) return found->second.text;
  auto pooled = std::make_shared<const std::string>(std::move(text));
  entries_.emplace(*pooled, Entry{pooled, std::nullopt});
  return pooled;
}

}  // namespace drivemock::scenario
