// Contracts of 10,000 (issue 39): an OpenAPI document of 10,000 operations
// written and read back, a pact of 10,000 interactions written and read
// back, each against a reference in the same run: loading the scenario file
// that adds the operations (export), yaml-cpp's parse of the same document
// (OpenAPI and pact import), and the journal's own JSON of the same calls
// (pact export). Thread CPU time in milliseconds, best of ROUNDS. Reading a
// contract in is measured for memory too (issue 56): the peak resident
// memory it adds, in a child process whose peak is reset before it reads,
// against the document's size.
// Usage: bench_contracts DIR [ROUNDS]   (DIR: where the documents are written)
// Prints one "name drivemock_ms reference_ms" line per figure, and one
// "name_peak added_bytes document_bytes" line per contract read in.
#include <malloc.h>
#include <sys/wait.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <limits>
#include <string>

#include "interchange/openapi_writer.h"
#include "interchange/pact_writer.h"
#include "journal/entry_json.h"
#include "scenario/answer_examples.h"
#include "scenario/catalog.h"
#include "scenario/loader.h"
#include "util/clock.h"

namespace {

using namespace drivemock;

constexpr int kCount = 10000;

double best_ms(int rounds, const std::function<void()>& work) {
  double best = std::numeric_limits<double>::max();
  for (int r = -1; r < rounds; ++r) {  // a first run warms the heap
    double start = thread_cpu_ms();
    work();
    double took = thread_cpu_ms() - start;
    if (r >= 0) best = std::min(best, took);
  }
  return best;
}

/// A line of /proc/self/status in bytes ("VmRSS", "VmHWM").
long status_bytes(const std::string& name) {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with(name + ":")) return std::stol(line.substr(name.size() + 1)) * 1024;
  }
  return -1;
}

/// The resident memory `work` adds at its peak, measured in a child: the
/// parent's heap, warmed by earlier rounds, would hide what it needs.
long peak_bytes(const std::function<void()>& work) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return -1;
  pid_t child = fork();
  if (child == 0) {
    // The parent's freed heap is resident and would be used again unseen.
    malloc_trim(0);
    long before = status_bytes("VmRSS");
    std::ofstream("/proc/self/clear_refs") << "5";  // resets VmHWM to the current RSS
    work();
    long added = status_bytes("VmHWM") - before;
    (void)!::write(pipe_fds[1], &added, sizeof added);
    _exit(0);
  }
  long added = -1;
  close(pipe_fds[1]);
  (void)!::read(pipe_fds[0], &added, sizeof added);
  close(pipe_fds[0]);
  waitpid(child, nullptr, 0);
  return added;
}

void write(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string operations_file() {
  std::string out = "operations:\n";
  for (int i = 0; i < kCount; ++i) {
    std::string n = std::to_string(i);
    out += "  op" + n + ":\n    path: /v3/op/" + n +
           "\n    fields: {uuid: string, name: string}\n" +
           "    answer: {body: {status: success, code: op" + n + "_done}}\n";
  }
  return out + "directories: {}\n";
}

std::vector<interchange::PactCall> calls() {
  std::vector<interchange::PactCall> out;
  for (int i = 0; i < kCount; ++i) {
    interchange::PactCall c;
    c.id = static_cast<uint64_t>(i) + 1;
    c.method = "POST";
    c.path = "/v3/dir/trash";
    c.content_type = "application/json";
    c.uuid = "6f1c7e0a-0000-4000-8000-" + std::to_string(100000000000 + i);
    c.body = R"({"uuid":")" + *c.uuid + "\"}";
    c.operation = "trash";
    c.state = "active";
    c.status = 200;
    c.response_body =
        R"({"status":"success","message":"Directory moved to trash.","code":"dir_trashed"})";
    out.push_back(std::move(c));
  }
  return out;
}

Entry entry_of(const interchange::PactCall& c) {
  RequestView view;
  view.method = c.method;
  view.url = view.path = c.path;
  view.headers = {{"Content-Type", c.content_type}};
  view.body = c.body;
  Entry e;
  e.id = c.id;
  e.request = RecordedRequest(view, *c.uuid);
  Classification& seen = e.classification();
  seen.operation = c.operation;
  seen.state = c.state;
  e.response.status = c.status;
  e.response.body = std::make_shared<const std::string>(c.response_body);
  return e;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_contracts DIR [ROUNDS]\n");
    return 2;
  }
  const std::string dir = argv[1];
  const int rounds = argc > 2 ? std::stoi(argv[2]) : 3;
  write(dir + "/operations-10k.yaml", operations_file());
  std::shared_ptr<const scenario::Catalog> catalog;
  double load = best_ms(rounds, [&] {
    auto sets = scenario::load_scenario_paths({dir + "/operations-10k.yaml"});
    catalog = *scenario::build_catalog(std::move(*sets));
  });
  std::string document;
  double export_yaml = best_ms(rounds, [&] {
    auto examples = scenario::answer_examples(*catalog);
    document = interchange::openapi_document({*catalog->operations, examples, Envelope(), "bench"},
                                             interchange::DocumentFormat::yaml);
  });
  double export_json = best_ms(rounds, [&] {
    auto examples = scenario::answer_examples(*catalog);
    interchange::openapi_document({*catalog->operations, examples, Envelope(), "bench"},
                                  interchange::DocumentFormat::json);
  });
  write(dir + "/openapi-10k.yaml", document);
  write(dir + "/imports-openapi.yaml", "operations: openapi-10k.yaml\ndirectories: {}\n");
  double parse_openapi = best_ms(rounds, [&] { YAML::Load(document); });
  size_t imported = 0;
  auto import_from = [&](const std::string& file) {
    return [&, file] {
      auto sets = scenario::load_scenario_paths({dir + "/" + file});
      imported = sets->empty() ? 0 : sets->front().operations.size();
    };
  };
  double import_openapi = best_ms(rounds, import_from("imports-openapi.yaml"));
  size_t imported_yaml = imported;
  std::string json_document = interchange::openapi_document(
      {*catalog->operations, scenario::answer_examples(*catalog), Envelope(), "bench"},
      interchange::DocumentFormat::json);
  write(dir + "/openapi-10k.json", json_document);
  write(dir + "/imports-openapi-json.yaml", "operations: openapi-10k.json\ndirectories: {}\n");
  double parse_openapi_json = best_ms(rounds, [&] { YAML::Load(json_document); });
  double import_openapi_json = best_ms(rounds, import_from("imports-openapi-json.yaml"));
  long openapi_peak = peak_bytes(import_from("imports-openapi-json.yaml"));
  long openapi_yaml_peak = peak_bytes([&] { YAML::Load(json_document); });
  auto pact_calls = calls();
  std::vector<Entry> entries;
  for (const auto& c : pact_calls) entries.push_back(entry_of(c));
  std::string pact;
  double export_pact = best_ms(rounds, [&] {
    pact = interchange::write_pact(pact_calls, {"c", "p"}).json;
  });
  double journal_json = best_ms(rounds, [&] {
    std::string all;
    for (const auto& e : entries) all += journal::entry_to_json(e) + "\n";
  });
  double parse_pact = best_ms(rounds, [&] { YAML::Load(pact); });
  size_t uuids = 0;
  auto import_pact_text = [&] {
    auto set = scenario::parse_scenario(pact, "pact-10k.json", "pact");
    uuids = set ? set->directories.size() : 0;
  };
  double import_pact = best_ms(rounds, import_pact_text);
  long pact_peak = peak_bytes(import_pact_text);
  long pact_yaml_peak = peak_bytes([&] { YAML::Load(pact); });
  constexpr auto kAll = static_cast<size_t>(kCount);
  if (imported != kAll || imported_yaml != kAll || uuids != kAll) {
    std::fprintf(stderr, "bench_contracts: read back %zu and %zu operations and %zu uuids\n",
                 imported_yaml, imported, uuids);
    return 1;
  }
  std::printf("openapi_export_yaml %.0f %.0f\n", export_yaml, load);
  std::printf("openapi_export_json %.0f %.0f\n", export_json, load);
  std::printf("openapi_import %.0f %.0f\n", import_openapi, parse_openapi);
  std::printf("openapi_import_json %.0f %.0f\n", import_openapi_json, parse_openapi_json);
  std::printf("openapi_import_json_peak %ld %zu\n", openapi_peak, json_document.size());
  std::printf("openapi_yaml_cpp_peak %ld %zu\n", openapi_yaml_peak, json_document.size());
  std::printf("pact_export %.0f %.0f\n", export_pact, journal_json);
  std::printf("pact_import %.0f %.0f\n", import_pact, parse_pact);
  std::printf("pact_import_peak %ld %zu\n", pact_peak, pact.size());
  std::printf("pact_yaml_cpp_peak %ld %zu\n", pact_yaml_peak, pact.size());
  return 0;
}
