#include "model/request.h"

#include "util/text.h"

namespace drivemock {

const std::string* find_header(const std::vector<Header>& headers, std::string_view name) {
  for (const auto& h : headers) {
    if (iequals(h.name, name)) return &h.value;
  }
  return nullptr;
}

const std::string* RequestView::header(std::string_view name) const {
  return find_header(headers, name);
}

const std::string* RequestView::query_param(std::string_view name) const {
  for (const auto& q : query) {
    if (q.name == name) return &q.value;
  }
  return nullptr;
}

}  // namespace drivemock
