// Where loading a scenario file goes: yaml-cpp's parse of the text, then
// drivemock's own work on the parsed document (validating it, building the
// model) and building the catalog. Best of ROUNDS for each, in milliseconds
// of the process's user CPU time (all threads): loading runs on threads of
// the lowest priority, whose wall-clock time says more about the machine's
// other work than about the load, and the kernel's time (first-touch page
// faults) moves by a factor of two between runs of a 100,000-uuid load.
// Usage: bench_load_phases FILE [ROUNDS]
// Prints: "yaml MS" (YAML::Load, and freeing its node tree), "model MS"
// (parse_scenario minus that),
// "catalog MS", "own_share R" ((model + catalog) / yaml).
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

double ms_since(double start) {
  return cpu_ms() - start;
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
  double yaml = std::numeric_limits<double>::max();
  double parse = yaml;
  double catalog = yaml;
  for (int r = 0; r < rounds; ++r) {
    // yaml-cpp's part: the parse, and freeing the node tree it built.
    Diagnostics ignored;
    double start = cpu_ms();
    if (!load_yaml(text, argv[1], ignored)) return 1;
    yaml = std::min(yaml, ms_since(start));

    start = cpu_ms();
    auto set = scenario::parse_scenario(text, argv[1], "bench");
    parse = std::min(parse, ms_since(start));
    if (!set) return 1;

    std::vector<scenario::ScenarioSet> sets;
    sets.push_back(std::move(*set));
    start = cpu_ms();
    auto built = scenario::build_catalog(std::move(sets));
    catalog = std::min(catalog, ms_since(start));
    if (!built) return 1;
  }
  double model = std::max(0.0, parse - yaml);
  std::printf("yaml %.1f\nmodel %.1f\ncatalog %.1f\nown_share %.3f\n", yaml, model, catalog,
              (model + catalog) / yaml);
  return 0;
}
