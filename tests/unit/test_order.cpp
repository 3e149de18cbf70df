#include <catch2/catch.hpp>

#include "journal/order.h"

using namespace drivemock;
using namespace drivemock::journal;

namespace {

/// Journal entries of `calls` ("trash a", "color b", ...), ids from 1.
std::vector<EntryPtr> journal_of(const std::vector<std::pair<std::string, std::string>>& calls) {
  std::vector<EntryPtr> entries;
  uint64_t id = 0;
  for (const auto& [operation, uuid] : calls) {
    auto e = std::make_shared<Entry>();
    e->id = ++id;
    e->classification().operation = operation;
    std::string body = R"({"uuid":")" + uuid + R"("})";
    e->request = RecordedRequest(
        RequestView{
            "POST", "/v3/dir/" + operation, "/v3/dir/" + operation, {}, body, "127.0.0.1", {}},
        uuid);
    entries.push_back(std::move(e));
  }
  return entries;
}

FilterMatcher filter(std::optional<std::string> operation, std::optional<std::string> uuid) {
  RequestFilter f;
  f.operation = std::move(operation);
  f.uuid = std::move(uuid);
  return FilterMatcher::create(f).value();
}

/// The filters, in order (a matcher moves, it does not copy).
template <typename... Filters>
std::vector<FilterMatcher> in_order(Filters... given) {
  std::vector<FilterMatcher> list;
  (list.push_back(std::move(given)), ...);
  return list;
}

}  // namespace

TEST_CASE("an order holds when each filter matches a later entry than the one before") {
  auto journal = journal_of({{"color", "a"}, {"trash", "b"}, {"color", "a"}, {"trash", "a"}});
  auto check = check_order(journal, in_order(filter("color", "a"), filter("trash", "a")));
  CHECK(check.in_order());
  CHECK(check.matched == std::vector<uint64_t>{1, 4});  // others in between are fine
  // The earliest placement leaves room for what follows.
  auto twice = check_order(
      journal, in_order(filter("color", "a"), filter("color", "a"), filter("trash", {})));
  CHECK(twice.in_order());
  CHECK(twice.matched == std::vector<uint64_t>{1, 3, 4});
}

TEST_CASE("a filter that matches only earlier entries fails the order, and says which it matches") {
  auto journal = journal_of({{"trash", "a"}, {"color", "a"}, {"color", "b"}});
  auto check = check_order(journal, in_order(filter("color", "a"), filter("trash", "a")));
  CHECK_FALSE(check.in_order());
  CHECK(check.failed == 1u);
  CHECK(check.matched == std::vector<uint64_t>{2});
  CHECK(check.failed_matches == std::vector<uint64_t>{1});
}

TEST_CASE("a filter that matches nothing fails where it stands, with no matches") {
  auto journal = journal_of({{"color", "a"}});
  auto first = check_order(journal, in_order(filter("trash", {}), filter("color", {})));
  CHECK(first.failed == 0u);
  CHECK(first.matched.empty());
  CHECK(first.failed_matches.empty());
  CHECK(check_order({}, in_order(filter({}, {}))).failed == 0u);
  // The same filter twice needs two entries.
  CHECK(check_order(journal, in_order(filter("color", "a"), filter("color", "a"))).failed == 1u);
}
