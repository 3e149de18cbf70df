// Where loading a scenario file goes: yaml-cpp's parse of the text (and
// freeing the node tree it built), drivemock's own work on the parsed tree
// (validating it, building the model: scenario::read_scenario), and building
// the catalog. Each phase is timed on its own, on this thread, best of
// ROUNDS, in milliseconds of the process's user CPU time: the kernel's time
// (first-touch page faults) moves by a factor of two between runs of a
// 100,000-uuid load, and says nothing about either part's code.
// Usage: bench_load_phases FILE [ROUNDS]
// Prints: "yaml MS", "model MS", "catalog MS", "own_share R" ((model +
// catalog) / yaml).
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include "scenario/catalog.h"
#include "scenario/loader.h"
#include "util/yaml_reader.h"

namespace {

/// User CPU time of the whole process so far, in milliseconds.
double cpu_ms() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec) * 1e3 +
         static_cast<double>(usage.ru_utime.tv_usec) / 1e3;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace drivemock;
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_load_phases FILE [ROUNDS]\n");
    return 2;
  }
  int rounds = argc > 2 ? std::stoi(argv[2]) : 3;
  std::ifstream in(argv[1], std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();

  // A first load warms the heap, so that no phase pays for fresh pages alone.
  if (!scenario::parse_scenario(text, argv[1], "bench")) return 1;
  const double none = std::numeric_limits<double>::max();
  double yaml = none;
  double model = none;
  double catalog = none;
  for (int r = 0; r < rounds; ++r) {
    Diagnostics ignored;
    double start = cpu_ms();
    auto root = load_yaml(text, argv[1], ignored);
    double parsed = cpu_ms();
    if (!root) return 1;
    auto set = scenario::read_scenario(*root, argv[1], "bench");
    double read = cpu_ms();
    root.reset();
    double freed = cpu_ms();
    if (!set) return 1;
    yaml = std::min(yaml, (parsed - start) + (freed - read));
    model = std::min(model, read - parsed);

    std::vector<scenario::ScenarioSet> sets;
    sets.push_back(std::move(*set));
    start = cpu_ms();
    auto built = scenario::build_catalog(std::move(sets));
    catalog = std::min(catalog, cpu_ms() - start);
    if (!built) return 1;
  }
  std::printf("yaml %.1f\nmodel %.1f\ncatalog %.1f\nown_share %.3f\n", yaml, model, catalog,
              (model + catalog) / yaml);
  return 0;
}
