#include "http/request_reader.h"

#include <array>
#include <string_view>

namespace drivemock {
namespace {

constexpr std::array<std::string_view, 4> kPseudoHeaders = {"REMOTE_ADDR", "REMOTE_PORT",
                                                            "LOCAL_ADDR", "LOCAL_PORT"};

bool is_pseudo_header(const std::string& name) {
  for (auto pseudo : kPseudoHeaders) {
    if (name == pseudo) return true;
  }
  return false;
}

}  // namespace

RequestView to_view(const httplib::Request& request) {
  RequestView view;
  view.method = request.method;
  view.path = request.path;
  view.url = request.target.empty() ? request.path : request.target;
  view.headers.reserve(request.headers.size());
  for (const auto& [name, value] : request.headers) {
    if (!is_pseudo_header(name)) view.headers.push_back({name, value});
  }
  for (const auto& [name, value] : request.params) view.query.push_back({name, value});
  view.body = request.body;
  view.client_ip = request.remote_addr;
  return view;
}

}  // namespace drivemock
