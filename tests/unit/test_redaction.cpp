// What the journal keeps of secrets (model/redaction).
#include <catch2/catch.hpp>

#include "model/redacted_yaml.h"
#include "model/redaction.h"
#include "util/text.h"

using namespace drivemock;

TEST_CASE("credential headers are secret by name in any case, and others are not") {
  Redaction built_in;
  for (const char* name :
       {"Authorization", "proxy-authorization", "Cookie", "Set-Cookie", "X-Auth-Token",
        "X-Amz-Security-Token", "X-Api-Key", "apikey", "API_KEY", "X-Client-Secret", "X-Password",
        "X-CLIENT-SECRET", "x-SeCrEt-y", "PASSWORD", "x-tOKEN", "sEcReT"}) {
    INFO(name);
    CHECK(built_in.secret_header(name));
  }
  // Names with some of a secret's letters ("cre", "ret", "ke", "oo") but no
  // secret part.
  for (const char* name : {"Accept", "Content-Type", "User-Agent", "X-Request-Id", "X-Cre",
                           "X-Secre", "X-Crete", "Kite", "Zone", "Wide", ""}) {
    INFO(name);
    CHECK_FALSE(built_in.secret_header(name));
  }
  Redaction extra({"X-Session"});
  CHECK(extra.secret_header("x-session"));
  CHECK_FALSE(built_in.secret_header("x-session"));
}

TEST_CASE("secret query parameters are written as ***, the rest of the url as sent") {
  Redaction r;
  CHECK(r.redact_url("/v3/dir/trash?access_token=abc&x=1&api_key=k") ==
        "/v3/dir/trash?access_token=***&x=1&api_key=***");
  CHECK(r.redact_url("/p?token=") == "/p?token=");
  CHECK(r.redact_url("/p?x=1&token=a&token=b") == "/p?x=1&token=***&token=***");
  CHECK_FALSE(r.url_has_secret("/v3/dir/trash"));
  CHECK_FALSE(r.url_has_secret("/v3/dir/trash?uuid=u"));
  CHECK(r.url_has_secret("/p?password=x"));
}

TEST_CASE("control characters are written out, so that a line stays one line of text") {
  CHECK_FALSE(has_control("plain text, ünïcödé"));
  CHECK(has_control("a\nb"));
  CHECK(escape_controls("a\nb\r\x1b[2J\x07\x7f") == R"(a\x0ab\x0d\x1b[2J\x07\x7f)");
  CHECK(escape_controls(std::string("nul\0end", 7)) == R"(nul\x00end)");
  CHECK(escape_controls("csi\xc2\x9b"
                        "31m ok \xc2\xa0") == "csi\\u009b31m ok \xc2\xa0");
}

TEST_CASE("a set's YAML is shown with secret keys' values as ***, in every style") {
  Redaction redaction({"X-Custom"});
  auto shown = [&](const std::string& yaml) { return redacted_yaml(yaml, redaction); };
  CHECK(shown("headers:\n  Set-Cookie: sid=1\n  X-Other: keep\n") ==
        "headers:\n  Set-Cookie: \"***\"\n  X-Other: keep\n");
  CHECK(shown("h: {Set-Cookie: 'a, b', X-Auth-Token: t1, Content-Type: x}") ==
        "h: {Set-Cookie: \"***\", X-Auth-Token: \"***\", Content-Type: x}");
  CHECK(shown("\"X-Custom\": \"v \\\" w\" # why") == "\"X-Custom\": \"***\" # why");
  CHECK(shown("Set-Cookie: |\n  line one\n\n  line two\nnext: 1\n") ==
        "Set-Cookie: |\n  ***\n\n  ***\nnext: 1\n");
  CHECK(shown("Set-Cookie:\n- a\n- b\nnext: 1") == "Set-Cookie:\n***\n***\nnext: 1");
  CHECK(shown("  - X-Api-Key: k\n    other: v") == "  - X-Api-Key: \"***\"\n    other: v");
  // Not keys: a secret name inside a value, a comment, or without its colon.
  std::string kept = "body: {message: Set-Cookie is set}\n# Set-Cookie: x\nSet-Cookie-ish";
  CHECK(shown(kept) == kept);
}
