// The envelope of drivemock's own answers, in both dialects, and what the
// loader says of scenario bodies in each.
#include <catch2/catch.hpp>

#include "model/error_envelope.h"
#include "scenario/loader.h"

using namespace drivemock;

TEST_CASE("the document dialect's envelope has a string status, the service dialect's a boolean") {
  Envelope document(Dialect::document);
  CHECK(document.error("No.", "nope") == R"({"status":"error","message":"No.","code":"nope"})");
  CHECK(document.success("Yes.", "yes") == R"({"status":"success","message":"Yes.","code":"yes"})");
  Envelope service(Dialect::service);
  CHECK(service.error("No.", "nope") == R"({"status":false,"message":"No.","code":"nope"})");
  CHECK(service.success("Yes.", "yes") == R"({"status":true,"message":"Yes.","code":"yes"})");
  CHECK(error_envelope("No.", "nope") == document.error("No.", "nope"));
}

TEST_CASE("dialects are named document and service, nothing else") {
  CHECK(dialect_from_name("service") == Dialect::service);
  CHECK(dialect_from_name("document") == Dialect::document);
  CHECK_FALSE(dialect_from_name("Service"));
  CHECK(std::string(dialect_name(Dialect::service)) == "service");
}

TEST_CASE("in the service dialect a string status warns that the official client reads success") {
  auto parsed =
      scenario::parse_scenario("directories: {u: {trash: {body: {status: error, code: x}}}}",
                               "s.yaml", "s", {Dialect::service});
  REQUIRE(parsed);
  REQUIRE(parsed.diagnostics.size() == 1);
  CHECK(parsed.diagnostics[0].severity == Severity::warning);
  CHECK(parsed.diagnostics[0].message.find("the official client reads any status but false as a "
                                           "success") != std::string::npos);
}

TEST_CASE("in the service dialect a boolean status and any data load without warnings") {
  auto parsed = scenario::parse_scenario(
      "directories: {u: {trash: {body: {status: false, code: x, data: {a: [1]}}}}}", "s.yaml", "s",
      {Dialect::service});
  REQUIRE(parsed);
  CHECK(parsed.diagnostics.empty());
}
