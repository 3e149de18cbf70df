// Sends exactly N requests (10 keep-alive connections on 10 threads), for
// memory measurements that need an exact journal size. Throughput does not
// matter here; wrk measures that. HEADER ("Name: value", optional) goes with
// every request: a session's bearer, for the cost of a session.
// Usage: bench_load_count PORT N [HEADER]
#include <httplib.h>

#include <cstdio>
#include <string>
#include <thread>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 3 && argc != 4) return 2;
  int port = std::stoi(argv[1]);
  long total = std::stol(argv[2]);
  httplib::Headers headers;
  if (argc == 4) {
    std::string line = argv[3];
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
        auto res = client.Post("/v3/dir/color", headers, body, "application/json");
        if (!res || res->status != 200) ++failed;
      }
    });
  }
  for (auto& t : threads) t.join();
  if (failed > 0) std::fprintf(stderr, "bench_load_count: %ld requests failed\n", failed.load());
  return failed > 0 ? 1 : 0;
}
