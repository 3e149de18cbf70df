#include "http/request_view.h"

#include <algorithm>
#include <cctype>

namespace drivemock {

bool iequals(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  });
}

const std::string* RequestView::header(std::string_view name) const {
  for (const auto& h : headers) {
    if (iequals(h.name, name)) return &h.value;
  }
  return nullptr;
}

const std::string* RequestView::query_param(std::string_view name) const {
  for (const auto& q : query) {
    if (q.name == name) return &q.value;
  }
  return nullptr;
}

}  // namespace drivemock
