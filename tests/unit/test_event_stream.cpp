// The journal as Server-Sent Events: what a stream sends, from where, and
// what it skips.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <thread>

#include "journal/event_stream.h"
#include "journal/journal.h"

using namespace drivemock;
using namespace drivemock::journal;
using namespace std::chrono_literals;

namespace {

/// No interval between batches: the tests do not wait for one.
constexpr StreamLimits kAtOnce{0ms, 500};

/// The ids of the request events in `text`, in order, as "1 2 3".
std::string ids_in(const std::string& text) {
  std::string ids;
  for (size_t at = text.find("id: "); at != std::string::npos; at = text.find("id: ", at + 1)) {
    size_t end = text.find('\n', at);
    ids += (ids.empty() ? "" : " ") + text.substr(at + 4, end - at - 4);
  }
  return ids;
}

/// What a stream from the first entry sends after its retry line, once
/// `count` entries are journaled in `j`.
std::string first_batch(Journal& j, int count, StreamLimits limits) {
  JournalEvents stream(j, 0, limits);
  stream.next(1s);  // the retry line
  for (int i = 0; i < count; ++i) j.record({});
  return stream.next(1s).value_or("");
}

}  // namespace

TEST_CASE("the journal gives the entries after an id, only the newest when there are more") {
  Journal j(10);
  for (int i = 0; i < 5; ++i) j.record({});
  CHECK(j.last_id() == 5);
  auto after = j.after(2, 100);
  REQUIRE(after.size() == 3);
  CHECK(after.front()->id == 3);
  CHECK(after.back()->id == 5);
  CHECK(j.after(2, 2).front()->id == 4);
  CHECK(j.after(5, 100).empty());
  CHECK(Journal(1).last_id() == 0);
}

TEST_CASE("waiting for newer entries ends with one, at the deadline, or on release") {
  Journal j(10);
  j.record({});
  auto soon = [] { return std::chrono::steady_clock::now() + 10ms; };
  CHECK(j.wait_newer(0, soon()) == Journal::Waited::newer);
  CHECK(j.wait_newer(1, soon()) == Journal::Waited::timeout);
  std::thread recorder([&] { j.record({}); });
  CHECK(j.wait_newer(1, std::chrono::steady_clock::now() + 10s) == Journal::Waited::newer);
  recorder.join();
  j.release_waiters();
  CHECK(j.wait_newer(5, std::chrono::steady_clock::now() + 10s) == Journal::Waited::released);
}

TEST_CASE("a stream sends each entry after its start as one request event with the entry's id") {
  Journal j(10);
  j.record({});
  JournalEvents stream(j, 1, kAtOnce);
  j.record({});
  j.record({});
  // First, at once: how soon a browser reconnects.
  CHECK(stream.next(10s) == std::string("retry: 1000\n\n"));
  auto text = stream.next(1s);
  REQUIRE(text);
  CHECK(ids_in(*text) == "2 3");
  CHECK(text->find("id: 2\nevent: request\ndata: {\"id\":2,") != std::string::npos);
  CHECK(text->ends_with("}\n\n"));
  // Nothing new: empty once the wait is over; then the next entry.
  CHECK(stream.next(1ms) == std::string());
  j.record({});
  CHECK(ids_in(stream.next(1s).value_or("")) == "4");
}

TEST_CASE("an entry's data is one line, whatever its strings hold") {
  Entry e;
  e.id = 7;
  e.classification().operation = "line\nbreak";
  std::string event = request_event(e);
  CHECK(event.starts_with("id: 7\nevent: request\ndata: {"));
  CHECK(event.find("line\\nbreak") != std::string::npos);
  CHECK(std::count(event.begin(), event.end(), '\n') == 4);  // id, event, data, blank line
}

TEST_CASE("a stream that fell behind the journal says how many entries it missed") {
  Journal j(3);  // keeps 3: a stream from 0 has missed the 7 before them
  auto text = first_batch(j, 10, kAtOnce);
  CHECK(text.find("event: missed\ndata: {\"missed\":7}\n\n") != std::string::npos);
  CHECK(ids_in(text) == "8 9 10");
}

TEST_CASE("a stream sends at most a batch at a time, skipping the older entries") {
  Journal j(100);
  auto text = first_batch(j, 5, StreamLimits{0ms, 2});
  CHECK(text.find("{\"missed\":3}") != std::string::npos);
  CHECK(ids_in(text) == "4 5");
}

TEST_CASE("a stream waits out its interval between batches, and a release ends it") {
  Journal j(100);
  JournalEvents stream(j, 0, StreamLimits{10s, 500});
  stream.next(1s);  // the retry line
  j.record({});
  CHECK(ids_in(stream.next(1s).value_or("")) == "1");
  j.record({});
  // The next batch is due in 10 s: a release (the server stopping) must
  // not wait for it.
  std::thread stopper([&] { j.release_waiters(); });
  CHECK_FALSE(stream.next(1s));
  stopper.join();
}
