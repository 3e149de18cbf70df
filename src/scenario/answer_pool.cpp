#include "scenario/answer_pool.h"

namespace drivemock::scenario {

std::shared_ptr<const std::string> AnswerPool::intern(std::string text) {
  auto found = entries_.find(text);
  if (found != entries_.end()) return found->second.text;
  auto pooled = std::make_shared<const std::string>(std::move(text));
  entries_.emplace(*pooled, Entry{pooled, std::nullopt});
  return pooled;
}

std::shared_ptr<const std::vector<Header>> AnswerPool::intern(std::vector<Header> headers) {
  std::string key;
  for (const auto& h : headers) {
    key += std::to_string(h.name.size()) + ':' + h.name + std::to_string(h.value.size()) + ':' +
           h.value;
  }
  auto& pooled = headers_[key];
  if (!pooled) pooled = std::make_shared<const std::vector<Header>>(std::move(headers));
  return pooled;
}

}  // namespace drivemock::scenario
