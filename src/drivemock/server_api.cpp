// The in-process API's calls on a running server: each asks one of its
// parts (server_impl.h).
#include "drivemock/server_impl.h"
#include "util/random.h"

namespace drivemock {
namespace {

/// Runs `query` with the filter's matcher, or gives back why the filter is bad.
template <typename Query>
auto with_matcher(const RequestFilter& filter, Query query)
    -> Result<decltype(query(std::declval<const journal::FilterMatcher&>()))> {
  auto matcher = journal::FilterMatcher::create(filter);
  if (!matcher) return matcher.error();
  return query(*matcher);
}

}  // namespace

int Server::port() const {
  if (impl_->options.plain_http == PlainHttp::off && impl_->https) return impl_->https->port();
  return impl_->http.port();
}
std::string Server::base_url() const {
  if (impl_->options.plain_http == PlainHttp::off && impl_->https) return *tls_base_url();
  return "http://" + impl_->options.host + ":" + std::to_string(port());
}
std::optional<int> Server::tls_port() const {
  if (!impl_->https) return std::nullopt;
  return impl_->https->port();
}
std::optional<int> Server::proxy_port() const {
  if (!impl_->proxy) return std::nullopt;
  return impl_->proxy->port();
}
std::optional<std::string> Server::tls_ca_file() const {
  return impl_->ca_file;
}

std::optional<std::string> Server::tls_base_url() const {
  if (!impl_->https) return std::nullopt;
  return "https://" + impl_->options.host + ":" + std::to_string(impl_->https->port());
}

Result<size_t> Server::count(const RequestFilter& filter) const {
  return with_matcher(filter, [&](const auto& m) { return impl_->journal.count(m); });
}
Result<std::vector<EntryPtr>> Server::find(const RequestFilter& filter) const {
  return with_matcher(filter, [&](const auto& m) { return impl_->journal.find(m); });
}
Result<size_t> Server::wait_for(const RequestFilter& filter, size_t wanted,
                                std::chrono::milliseconds timeout) const {
  return with_matcher(filter,
                      [&](const auto& m) { return impl_->journal.wait_for(m, wanted, timeout); });
}

Result<journal::OrderCheck> Server::verify_order(const std::vector<RequestFilter>& filters) const {
  std::vector<journal::FilterMatcher> matchers;
  for (size_t i = 0; i < filters.size(); ++i) {
    auto matcher = journal::FilterMatcher::create(filters[i]);
    if (!matcher) return Error{"filter " + std::to_string(i) + ": " + matcher.error().message};
    matchers.push_back(std::move(matcher).value());
  }
  return journal::check_order(impl_->journal.entries(), matchers);
}

void Server::reset() {
  impl_->control.reset();
}

Status Server::reset(uint64_t seed) {
  if (seed > kMaxSeed) return Error{seed_range_error(seed)};
  impl_->control.reset(seed);
  return done();
}

uint64_t Server::seed() const {
  return impl_->engine.seed();
}
Diagnostics Server::push_scenarios(std::string_view yaml) {
  auto pushed = impl_->control.push(impl_->control.baseline(), yaml, {});
  return pushed ? pushed->diagnostics : Diagnostics{};  // the baseline takes any number of sets
}

void Server::serve_socket(int fd) {
  impl_->http.serve_connection(fd);
}
journal::Journal& Server::journal() {
  return impl_->journal;
}
scenario::Engine& Server::engine() {
  return impl_->engine;
}
control::Control& Server::control() {
  return impl_->control;
}
size_t Server::connections_queued() const {
  return impl_->http.connections_queued();
}

}  // namespace drivemock
