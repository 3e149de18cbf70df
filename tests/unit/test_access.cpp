// Who may call the admin API without a token (admin/access), and the host
// names and addresses it and the recorder's guard read (util/net_address).
#include <catch2/catch.hpp>

#include "admin/access.h"
#include "util/net_address.h"

using namespace drivemock;

namespace {

RequestView call(std::vector<Header> headers) {
  RequestView r;
  r.method = "POST";
  r.path = r.url = "/__admin/reset";
  r.headers = std::move(headers);
  return r;
}

bool refused(std::vector<Header> headers, const admin::AdminAccess& access = {}) {
  return admin::refuse_foreign(call(std::move(headers)), access).has_value();
}

}  // namespace

TEST_CASE("host names and addresses of this machine are loopback, others are not") {
  for (const char* host :
       {"localhost", "app.localhost", "127.0.0.1", "127.8.9.10", "::1", "0.0.0.0"}) {
    INFO(host);
    CHECK(is_loopback_host(host));
  }
  for (const char* host :
       {"evil.example", "localhost.evil.example", "10.0.0.1", "128.0.0.1", "::ffff:8.8.8.8", ""}) {
    INFO(host);
    CHECK_FALSE(is_loopback_host(host));
  }
}

TEST_CASE("an origin of this machine is http(s), a loopback host, any port, and nothing more") {
  for (const char* origin : {"http://localhost:5173", "https://127.0.0.1", "http://[::1]:3000",
                             "http://app.localhost:4000"}) {
    INFO(origin);
    CHECK(is_loopback_origin(origin));
  }
  for (const char* origin :
       {"null", "file://", "https://app.example", "http://localhost.evil.example",
        "http://127.0.0.1.nip.io", "http://evil.example@localhost", "http://localhost/x",
        "http://localhost?x", "http://[fe80::1]", "ws://localhost", "http://"}) {
    INFO(origin);
    CHECK_FALSE(is_loopback_origin(origin));
  }
}

TEST_CASE("an authority's host and port are read with and without brackets") {
  CHECK(authority_host("LocalHost:8080") == "localhost");
  CHECK(authority_host("[::1]:8080") == "::1");
  CHECK(authority_host("::1") == "::1");
  CHECK(authority_host("[::1") == "");
  // Brackets hold an IPv6 literal and nothing else (a fuzzer's find: this
  // read as the host "pass.example:8443", a --proxy-pass entry).
  CHECK(authority_host("[pass.example:8443]") == "");
  CHECK(authority_host("[127.0.0.1]") == "");
  CHECK(authority_host("[::1]x") == "");
  CHECK(authority_port("h:8080") == 8080);
  CHECK(authority_port("[::1]:443") == 443);
  CHECK_FALSE(authority_port("h"));
  CHECK_FALSE(authority_port("h:99999"));
  CHECK_FALSE(authority_port("::1"));
}

TEST_CASE("link-local and metadata addresses are told from others, mapped ones too") {
  auto first = [](const char* host) { return resolve_host(host).at(0); };
  CHECK(is_link_local_or_metadata(first("169.254.169.254")));
  CHECK(is_link_local_or_metadata(first("fd00:ec2::254")));
  CHECK(is_link_local_or_metadata(first("fe80::1")));
  CHECK(is_link_local_or_metadata(first("::ffff:169.254.1.1")));
  CHECK(is_link_local_or_metadata(first("100.100.100.200")));         // Alibaba Cloud
  CHECK(is_link_local_or_metadata(first("192.0.0.192")));             // Oracle Cloud, older
  CHECK(is_link_local_or_metadata(first("::ffff:100.100.100.200")));  // mapped
  CHECK(is_link_local_or_metadata(first("64:ff9b::a9fe:a9fe")));      // NAT64 169.254.169.254
  CHECK(is_link_local_or_metadata(first("64:ff9b::6464:64c8")));      // NAT64 100.100.100.200
  CHECK(is_link_local_or_metadata(first("64:ff9b:1::a9fe:a9fe")));    // local-use NAT64
  CHECK_FALSE(is_link_local_or_metadata(first("64:ff9b::7f00:1")));
  CHECK_FALSE(is_link_local_or_metadata(first("100.100.100.201")));
  CHECK_FALSE(is_link_local_or_metadata(first("127.0.0.1")));
  CHECK_FALSE(is_link_local_or_metadata(first("fd00:ec2::253")));
  CHECK(is_loopback_address(first("127.0.0.2")));
  CHECK(is_loopback_address(first("::ffff:127.0.0.1")));
  CHECK(is_local_interface(first("127.0.0.1")));
}

TEST_CASE("without a token, calls from other sites and to other host names are refused") {
  CHECK_FALSE(refused({}));
  CHECK_FALSE(refused({{"Host", "localhost:8080"}, {"Origin", "http://127.0.0.1:8080"}}));
  CHECK_FALSE(refused({{"Sec-Fetch-Site", "same-origin"}}));
  CHECK(refused({{"Host", "evil.example"}}));
  CHECK(refused({{"Origin", "https://evil.example"}}));
  CHECK(refused({{"Origin", "null"}}));
  CHECK(refused({{"Origin", "http://localhost.evil.example"}}));
  CHECK(refused({{"Origin", "http://127.0.0.1/path"}}));
  CHECK(refused({{"Sec-Fetch-Site", "Cross-Site"}}));
  // A page of the user's own dev server on another loopback site is still cross-site.
  CHECK(refused({{"Origin", "http://localhost:3000"}, {"Sec-Fetch-Site", "cross-site"}}));
}

TEST_CASE("allowed origins and hosts are let in, and with a token the token check decides") {
  admin::AdminAccess access;
  access.allowed_origins = {"https://Mock.Example:8443/"};
  access.allowed_hosts = {"drivemock", "proxy.example:443"};
  CHECK_FALSE(
      refused({{"Origin", "https://mock.example:8443"}, {"Sec-Fetch-Site", "cross-site"}}, access));
  CHECK(refused({{"Origin", "https://mock.example"}}, access));
  CHECK_FALSE(refused({{"Host", "drivemock:8080"}}, access));
  CHECK_FALSE(refused({{"Host", "proxy.example"}}, access));
  CHECK(refused({{"Host", "drivemock.evil.example"}}, access));
  access.allowed_hosts = {"*"};
  CHECK_FALSE(refused({{"Host", "anything.example"}}, access));
  admin::AdminAccess token;
  token.token = "t";
  CHECK_FALSE(refused({{"Host", "evil.example"}, {"Origin", "https://evil.example"}}, token));
}

TEST_CASE("a refusal is a 403 in the error envelope that names the flag to allow it") {
  auto reply = admin::refuse_foreign(call({{"Host", "box.lan:8080"}}), {});
  REQUIRE(reply);
  CHECK(reply->status == 403);
  CHECK(reply->body_text().find("\"code\":\"forbidden\"") != std::string::npos);
  CHECK(reply->body_text().find("--allow-host box.lan") != std::string::npos);
}

TEST_CASE("a token made for the run is asked of callers off loopback, and of no loopback one") {
  admin::AdminAccess made{"secret", {}, {}, admin::TokenFrom::off_loopback};
  auto from = [](const char* ip) {
    RequestView r = call({});
    r.client_ip = ip;
    return r;
  };
  for (const char* ip : {"127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1"}) {
    INFO(ip);
    CHECK_FALSE(admin::token_applies(from(ip), made));
  }
  // A peer never has 0.0.0.0; a remote one, or one whose address is unknown,
  // must bring the token.
  for (const char* ip :
       {"172.18.0.1", "10.0.0.7", "::ffff:8.8.8.8", "fd00::1", "0.0.0.0", "::", "localhost", ""}) {
    INFO(ip);
    CHECK(admin::token_applies(from(ip), made));
  }
  // A spared loopback caller is checked as without a token: a foreign page is refused.
  RequestView page = from("127.0.0.1");
  page.headers = {{"Origin", "https://evil.example"}};
  CHECK(admin::refuse_foreign(page, made).has_value());
  // A token given (everyone) is asked of loopback callers too.
  admin::AdminAccess given{"secret", {}, {}, admin::TokenFrom::everyone};
  CHECK(admin::token_applies(from("127.0.0.1"), given));
  CHECK_FALSE(admin::refuse_foreign(page, given).has_value());
  CHECK_FALSE(admin::token_applies(from("10.0.0.7"), admin::AdminAccess{}));
}
