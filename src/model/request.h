#pragma once
// The plain-data view of one HTTP request that everything past the HTTP layer
// works on, so that contract checks and matching are testable without sockets.

#include <string>
#include <string_view>
#include <vector>

namespace drivemock {

struct Header {
  std::string name;
  std::string value;
};

/// One request as the client sent it (server-side pseudo headers removed).
struct RequestView {
  std::string method;
  std::string url;   ///< path and query, as sent
  std::string path;  ///< path only, used for routing
  std::vector<Header> headers;
  std::string body;
  std::string client_ip;
  std::vector<Header> query;  ///< query parameters, decoded

  /// The first header of that name (case-insensitive), or nullptr.
  const std::string* header(std::string_view name) const;
  /// The first query parameter of that name, or nullptr.
  const std::string* query_param(std::string_view name) const;
};

/// The value of the first header of that name (case-insensitive), or nullptr.
const std::string* find_header(const std::vector<Header>& headers, std::string_view name);

}  // namespace drivemock
