// Sends exactly N requests (10 keep-alive connections on 10 threads), for
// memory measurements that need an exact journal size. Throughput does not
// matter here; wrk measures that. Each HEADER ("Name: value") goes with
// every request: a session's bearer, for the cost of a session. --sdk sends
// what the official SDK sends on every call (read off its traffic to
// drivemock, @filen/sdk 0.3.12 on Node): its Accept, a bearer, the body's
// SHA-512 as Checksum, its Content-Type, Host and User-Agent. In a browser
// its calls also carry the browser's Accept-Encoding (bench/common.sh adds
// it as a HEADER). --chunked sends each body chunked, as the SDK on Node
// does (Transfer-Encoding: chunked, no Content-Length).
// Usage: bench_load_count PORT N [--sdk] [--chunked] [HEADER...]
#include <httplib.h>
#include <openssl/evp.h>

#include <atomic>
#include <cstdio>
#include <cstring>
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
  bool chunked = args.size() > 2 && args[2] == "--chunked";
  if (chunked) args.erase(args.begin() + 2);
  if (args.size() < 2) return 2;
  int port = std::stoi(args[0]);
  long total = std::stol(args[1]);
  httplib::Headers headers = sdk ? sdk_headers() : httplib::Headers{};
  for (size_t i = 2; i < args.size(); ++i) {
    const std::string& line = args[i];
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
        httplib::Result res = chunked
                                  ? client.Post(
                                        "/v3/dir/color", these,
                                        [&body](size_t, httplib::DataSink& sink) {
                                          sink.write(body, std::strlen(body));
                                          sink.done();
                                          return true;
                                        },
                                        "application/json")
                                  : client.Post("/v3/dir/color", these, body, "application/json");
        if (!res || res->status != 200) ++failed;
      }
    });
  }
  for (auto& t : threads) t.join();
  if (failed > 0) std::fprintf(stderr, "bench_load_count: %ld requests failed\n", failed.load());
  return failed > 0 ? 1 : 0;
}
