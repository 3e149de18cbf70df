// The HTTP layer's pieces that need no socket: refusals, the body-size rule,
// and how a Reply fills the library's response.
#include <catch2/catch.hpp>
#include <cstdint>
#include <future>

#include "http/body_limit.h"
#include "http/refusal.h"
#include "http/reply_writer.h"

using namespace drivemock;

TEST_CASE("a refusal answers the error envelope, closes, and journals its rule") {
  Refusal r = make_refusal(Envelope(), {431, "header_too_large", "header_too_long"},
                           "A header is too long");
  CHECK(r.reply.status == 431);
  CHECK(r.reply.body_text() ==
        R"({"status":"error","message":"A header is too long","code":"header_too_large"})");
  CHECK(*find_header(r.reply.header_list(), "Connection") == "close");
  CHECK(r.violation.rule == "header_too_long");
  CHECK(r.violation.message == "A header is too long");
  CHECK(std::string(reason_phrase(431)) == "Request Header Fields Too Large");
}

TEST_CASE("what the library refused by itself is named by why it did") {
  CHECK(library_refusal(400, "POST", ClientState::gone, Envelope()).violation.rule ==
        "incomplete_request");
  CHECK(library_refusal(414, "GET", ClientState::connected, Envelope()).reply.status == 414);
  auto method = library_refusal(400, "BREW", ClientState::connected, Envelope());
  CHECK(method.reply.status == 405);
  CHECK(method.violation.message == "Method BREW is not served");
  CHECK(library_refusal(400, "POST", ClientState::connected, Envelope()).violation.rule ==
        "malformed_request");
}

TEST_CASE("a request line gives its method at once and its url once complete") {
  RequestView partial;
  parse_request_line("POST /v3/dir/tr", LineState::partial, partial);
  CHECK(partial.method == "POST");
  CHECK(partial.url.empty());
  RequestView whole;
  parse_request_line("POST /v3/dir/trash?a=1 HTTP/1.1\r", LineState::complete, whole);
  CHECK(whole.url == "/v3/dir/trash?a=1");
  CHECK(whole.path == "/v3/dir/trash");
}

TEST_CASE("the body-size rule refuses only what is announced larger than the limit") {
  CHECK(announced_too_large("101", 100) == 101u);
  CHECK_FALSE(announced_too_large("100", 100));
  CHECK_FALSE(announced_too_large("", 100));
  CHECK(announced_too_large("99999999999999999999999", 100) == SIZE_MAX);
}

TEST_CASE("a body refused as too large is kept up to the limit, and the journal says so") {
  RequestView request;
  request.body = std::string(150, 'y');
  Refusal r = too_large(150, 100, request, Envelope());
  CHECK(request.body == std::string(100, 'y'));
  CHECK(r.reply.status == 413);
  CHECK(r.reply.body_text().find("\"code\":\"payload_too_large\"") != std::string::npos);
  CHECK(r.reply.body_text().find("journal") == std::string::npos);
  CHECK(r.violation.rule == "body_too_large");
  CHECK(r.violation.message ==
        "The request body is 150 bytes; the limit is 100 bytes (--max-body); the journal keeps "
        "100 bytes of it");
}

TEST_CASE("a reply fills the response: its status, its headers, and JSON unless it says") {
  httplib::Response json;
  Reply reply = json_reply(201, R"({"a":1})");
  reply.add_header("X-Trace", "t1");
  fill_response(json, reply);
  CHECK(json.status == 201);
  CHECK(json.body == R"({"a":1})");
  CHECK(json.get_header_value("Content-Type") == "application/json");
  CHECK(json.get_header_value("X-Trace") == "t1");

  httplib::Response text;
  Reply raw = json_reply(200, "plain");
  raw.add_header("content-type", "text/plain");
  fill_response(text, raw);
  CHECK(text.get_header_value("Content-Type") == "text/plain");
  CHECK(text.get_header_value_count("Content-Type") == 1);
}

TEST_CASE("a reply's delay ends at once when the server stops") {
  httplib::Response response;
  StopSignal stopping;
  ReplyWriter writer(response, stopping);
  Reply slow = json_reply(200, "{}");
  slow.delay_ms = 20 * 1000;  // broken, the test fails after 10 s and ends after 20
  auto waiting = std::async(std::launch::async, [&] { writer.wait_delay(slow); });
  stopping.trip();
  CHECK(waiting.wait_for(std::chrono::seconds(10)) == std::future_status::ready);
}

TEST_CASE("a dribbled body goes in pieces as even as bytes allow, the last at over_ms") {
  using std::chrono::milliseconds;
  auto plan = dribble_plan(10, Dribble{4, 2000});
  REQUIRE(plan.size() == 4);
  size_t next = 0;
  for (const auto& piece : plan) {
    CHECK(piece.offset == next);  // no gap, no overlap
    CHECK((piece.length == 2 || piece.length == 3));
    next += piece.length;
  }
  CHECK(next == 10);
  CHECK(plan[0].at == milliseconds(500));
  CHECK(plan[3].at == milliseconds(2000));
  // Never more pieces than bytes; nothing for an empty body; all at once at over_ms 0.
  auto few = dribble_plan(3, Dribble{10, 300});
  REQUIRE(few.size() == 3);
  CHECK(few[0].at == milliseconds(100));
  CHECK(dribble_plan(0, Dribble{4, 100}).empty());
  for (const auto& piece : dribble_plan(5, Dribble{5, 0})) CHECK(piece.at == milliseconds(0));
}
