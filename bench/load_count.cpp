// Sends exactly N requests (10 keep-alive connections on 10 threads), for
// memory measurements that need an exact journal size. Throughput does not
// matter here; wrk measures that. HEADER ("Name: value", optional) goes with
// every request: a session's bearer, for the cost of a session. --sdk sends
// what the official SDK sends on every call (read off its traffic to
// drivemock, @filen/sdk 0.3.12): its Accept, a bearer, the body's SHA-512 as
// Checksum, its Content-Type, Host and User-Agent.
// Usage: bench_load_count PORT N [--sdk] [HEADER]
#include <httplib.h>
#include <openssl/evp.h>

#include <atomic>
#include <cstdio>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

std::string sha512_hex(std::string_view text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_Digest(text.data(), text.size(), digest, &length, EVP_sha512(), nullptr);
  std::string hex;
  for (unsigned int i = 0; i < length; ++i) {
    char pair[3];
    std::snprintf(pair, sizeof pair, "%02x", digest[i]);
    hex += pair;
  }
  return hex;
}

httplib::Headers sdk_headers() {
  return {{"Accept", "application/json, text/plain, */*"},
          {"Authorization", "Bearer " + std::string(64, 'f')},
          {"Host", "gateway.filen.net"},
          {"User-Agent", "filen-sdk"}};
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  bool sdk = args.size() > 2 && args[2] == "--sdk";
  if (sdk) args.erase(args.begin() + 2);
  if (args.size() != 2 && args.size() != 3) return 2;
  int port = std::stoi(args[0]);
  long total = std::stol(args[1]);
  httplib::Headers headers = sdk ? sdk_headers() : httplib::Headers{};
  if (args.size() == 3) {
    const std::string& line = args[2];
    auto colon = line.find(": ");
    if (colon == std::string::npos) return 2;
    headers.emplace(line.substr(0, colon), line.substr(colon + 2));
  }
  constexpr int kConnections = 10;
  std::vector<std::thread> threads;
  std::atomic<long> failed{0};
  for (int t = 0; t < kConnections; ++t) {
    threads.emplace_back([&, t] {
      httplib::Client client("127.0.0.1", port);
      client.set_keep_alive(true);
      client.set_tcp_nodelay(true);
      long mine = total / kConnections + (t < total % kConnections ? 1 : 0);
      for (long i = 0; i < mine; ++i) {
        char body[96];
        std::snprintf(body, sizeof body,
                      R"({"uuid":"a0b1c2d3-0000-4000-8000-%012ld","color":"red"})", i % 1000);
        httplib::Headers these = headers;
        if (sdk) these.emplace("Checksum", sha512_hex(body));
        auto res = client.Post("/v3/dir/color", these, body, "application/json");
        if (!res || res->status != 200) ++failed;
      }
    });
  }
  for (auto& t : threads) t.join();
  if (failed > 0) std::fprintf(stderr, "bench_load_count: %ld requests failed\n", failed.load());
  return failed > 0 ? 1 : 0;
}
