// What keeps a journal entry small reads back the same: the packed request
// (model/recorded_request.h) gives back exactly what was sent, however each
// header line was kept (an interned line's id, inline, hex packed); entries
// share a classification only when it says the same (model/entry.h); and the
// interned tables stay bounded whatever clients send (model/header_lines.h,
// util/name.h).
#include <catch2/catch.hpp>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "model/entry.h"
#include "model/header_lines.h"
#include "model/recorded_request.h"
#include "util/name.h"

using namespace drivemock;

namespace {

using Lines = std::vector<std::pair<std::string, std::string>>;

Lines read_back(const RecordedRequest& request) {
  Lines seen;
  request.for_each_header(
      [&](std::string_view name, std::string_view value) { seen.emplace_back(name, value); });
  return seen;
}

RequestView view_with(Lines lines, std::string body = R"({"uuid":"d1","color":"red"})") {
  RequestView view{"POST", "/v3/dir/color", "/v3/dir/color", {}, std::move(body), "127.0.0.1", {}};
  for (auto& [name, value] : lines) view.headers.push_back({name, value});
  return view;
}

// The SDK's Checksum: the SHA-512 of the body, 128 lowercase hex digits.
const std::string kChecksum =
    "75c17ea427455b1a0c03b2e6a78bdfd381c2490be640d1ac47b1f3f384116cd2"
    "6d57b8b19927791bf3aaed6eae68824586a12ee5e73b51e6f06cd1ddc181b92c";

}  // namespace

TEST_CASE("a recorded request reads back every header line, in order, however it was kept") {
  Lines lines = {{"Accept", "application/json, text/plain, */*"},
                 {"Checksum", kChecksum},                              // hex, packed
                 {"X-Upper-Hex", "75C17EA427455B1A0C03B2E6A78BDFD3"},  // not lowercase: as sent
                 {"X-Odd-Hex", kChecksum.substr(0, 33)},               // odd length: as sent
                 {"X-Long", std::string(200, 'v')},                    // too long to intern
                 {"User-Agent", "filen-sdk"},
                 {"Accept", "application/json, text/plain, */*"}};  // again
  RecordedRequest request(view_with(lines), "d1");
  CHECK(read_back(request) == lines);
  CHECK(request.method() == "POST");
  CHECK(request.url() == "/v3/dir/color");
  CHECK(request.body() == R"({"uuid":"d1","color":"red"})");
  CHECK(request.client_ip() == "127.0.0.1");
  CHECK(request.uuid() == "d1");
}

TEST_CASE("a recorded request keeps a shared line as an id and a hex digest in half its length") {
  Lines sdk = {{"Accept", "application/json, text/plain, */*"}, {"User-Agent", "filen-sdk"}};
  RecordedRequest shared(view_with(sdk));
  RecordedRequest with_checksum(view_with({{"Checksum", kChecksum}}));
  std::string body = R"({"uuid":"d1","color":"red"})";
  size_t rest = body.size() + std::string("POST/v3/dir/color127.0.0.1").size();
  CHECK(shared.bytes() == rest + 2 * sizeof(uint32_t));
  // The name and the value's length in front, then 64 bytes for 128 digits.
  CHECK(with_checksum.bytes() == rest + 2 * sizeof(uint32_t) + 8 + 64);
}

TEST_CASE("the uuid is read back whether the body holds it verbatim or not") {
  RecordedRequest in_body(view_with({}), "d1");
  CHECK(in_body.uuid() == "d1");
  // Read from JSON escapes: not in the body as sent, so kept after it.
  RecordedRequest escaped(view_with({}, R"({"uuid":"\u0064\u0031"})"), "d1");
  CHECK(escaped.uuid() == "d1");
  CHECK(escaped.body() == R"({"uuid":"\u0064\u0031"})");
  CHECK(RecordedRequest(view_with({}), "").uuid() == "");
  CHECK_FALSE(RecordedRequest(view_with({})).uuid().has_value());
}

TEST_CASE("a request with more header lines than are interned keeps the rest inline") {
  Lines lines;
  for (int i = 0; i < 100; ++i) lines.emplace_back("X-Line-" + std::to_string(i % 3), "v");
  RecordedRequest request(view_with(lines));
  CHECK(read_back(request) == lines);
  RecordedRequest copy = request;
  CHECK(read_back(copy) == lines);
  CHECK(copy.body() == request.body());
}

namespace {

/// The entry make_entry builds for a request that learnt `seen`.
Entry entry_of(Classification seen) {
  static const Reply answer = json_reply(200, "{}");
  RequestView view = view_with({});
  return make_entry({view, std::nullopt, std::move(seen), answer}, {}, system_clock());
}

Classification plain() {
  Classification seen;
  seen.operation = "color";
  seen.matched = Matched{"flow", 1};
  seen.state = "active";
  seen.named = true;
  return seen;
}

}  // namespace

TEST_CASE(
    "entries that learnt the same share one classification, and any difference keeps its own") {
  Entry first = entry_of(plain());
  Entry same = entry_of(plain());
  CHECK(&same.seen() == &first.seen());
  CHECK(same.seen().state == "active");

  // Each field on its own: an entry that differs in it is not shared.
  std::vector<std::function<void(Classification&)>> differences = {
      [](Classification& c) { c.operation = "trash"; },
      [](Classification& c) {
        c.matched = Matched{"flow", 2};
      },
      [](Classification& c) {
        c.matched = Matched{"other", 1};
      },
      [](Classification& c) { c.matched.reset(); },
      [](Classification& c) { c.state = "trashed"; },
      [](Classification& c) { c.named = false; },
      [](Classification& c) { c.housekeeping = true; },
      [](Classification& c) {
        c.violations.push_back({"rule", "message"});
      },
      [](Classification& c) { c.scripted = std::make_shared<Scripting>(); },
      [](Classification& c) {
        c.session = std::make_shared<const SessionTag>(SessionTag{"s1", "t"});
      },
  };
  for (size_t i = 0; i < differences.size(); ++i) {
    INFO("difference " << i);
    Entry before = entry_of(plain());
    Classification changed = plain();
    differences[i](changed);
    Entry other = entry_of(changed);
    CHECK(&other.seen() != &before.seen());
    CHECK(&entry_of(plain()).seen() == &before.seen());
  }
  // Changing an entry built by hand never changes the one it shared.
  Entry edited = entry_of(plain());
  edited.classification().state = "edited";
  CHECK(first.seen().state == "active");
}

// The two cases below fill the process's tables: they come last in this
// file, whose cases share one process under the sanitizers.
TEST_CASE(
    "a client sending a new header value on every call cannot grow the interned lines past their "
    "bound") {
  // What a hostile client can do: fill the table. It stops at kCapacity,
  // and the lines past it read back as sent, kept in their entries.
  std::vector<RecordedRequest> kept;
  for (uint32_t i = 0; i < header_lines::kCapacity + 10; ++i) {
    kept.emplace_back(view_with({{"X-Request-Id", "hostile-" + std::to_string(i)}}));
  }
  CHECK(header_lines::size() == header_lines::kCapacity);
  CHECK(read_back(kept.back()) ==
        Lines{{"X-Request-Id", "hostile-" + std::to_string(header_lines::kCapacity + 9)}});
  CHECK(read_back(kept.front()) == Lines{{"X-Request-Id", "hostile-0"}});
}

TEST_CASE("a name is its text, interned up to a bound and owned past it") {
  Name color = std::string("color");
  Name again("color");
  CHECK(color == again);
  CHECK(color == "color");
  CHECK(color.str() == "color");
  CHECK(Name().empty());
  CHECK(Name("").empty());
  Name copy = color;
  CHECK(copy == "color");

  std::string long_text(Name::kMostInternedBytes + 1, 'n');
  size_t before = Name::interned();
  Name owned(long_text);
  CHECK(Name::interned() == before);  // too long to intern: owned
  Name owned_copy = owned;
  owned = Name("other");
  CHECK(owned_copy == long_text);
  CHECK(owned == "other");

  // Pushed scenario text names what it likes: past the bound, names are
  // owned, and the table does not grow.
  for (size_t i = Name::interned(); i <= Name::kMostInterned; ++i) {
    Name filler("state-" + std::to_string(i));
  }
  CHECK(Name::interned() == Name::kMostInterned);
  Name past("one more state");
  CHECK(past == "one more state");
  CHECK(Name::interned() == Name::kMostInterned);
}
