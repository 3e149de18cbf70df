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

std::string ascii_lowercase(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

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
