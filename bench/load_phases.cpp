// Where loading a scenario file goes, against yaml-cpp's parse of the
// whole file (YAML::Load and freeing its tree: "yaml"). drivemock's load
// (scenario::parse_scenario_measured, on this thread) times its own calls
// into yaml-cpp (finding the entries of `directories`, parsing each, freeing
// their trees: "load_yaml"); the rest of it is drivemock's own work on the
// parsed nodes ("model"), and building the catalog follows ("catalog").
// Best of ROUNDS, in milliseconds of this thread's CPU time, so that what
// else the machine runs does not count.
// Usage: bench_load_phases FILE [ROUNDS]
// Prints: "yaml MS", "load_yaml MS", "model MS", "catalog MS", "own_share R"
// ((model + catalog) / yaml), "load_ratio R" ((load_yaml + model + catalog)
// / yaml: the whole load on one thread against yaml-cpp's parse).
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include "scenario/catalog.h"
#include "scenario/loader.h"
#include "util/clock.h"
#include "util/text_stream.h"

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

  const double none = std::numeric_limits<double>::max();
  double yaml = none;
  double load_yaml = none;
  double model = none;
  double catalog = none;
  // A first load warms the heap, so that no phase pays for fresh pages alone.
  for (int r = -1; r < rounds; ++r) {
    double start = thread_cpu_ms();
    {
      TextStream stream(text);
      YAML::Node whole = YAML::Load(stream);
    }
    double whole_ms = thread_cpu_ms() - start;

    scenario::YamlTime yaml_time;
    start = thread_cpu_ms();
    auto set = scenario::parse_scenario_measured(text, argv[1], "bench", yaml_time);
    double parsed = thread_cpu_ms();
    if (!set) return 1;
    std::vector<scenario::ScenarioSet> sets;
    sets.push_back(std::move(*set));
    auto built = scenario::build_catalog(std::move(sets));
    double done = thread_cpu_ms();
    if (!built) return 1;
    if (r < 0) continue;
    yaml = std::min(yaml, whole_ms);
    load_yaml = std::min(load_yaml, yaml_time.cpu_ms);
    model = std::min(model, parsed - start - yaml_time.cpu_ms);
    catalog = std::min(catalog, done - parsed);
  }
  std::printf(
      "yaml %.1f\nload_yaml %.1f\nmodel %.1f\ncatalog %.1f\nown_share %.3f\nload_ratio %.3f\n",
      yaml, load_yaml, model, catalog, (model + catalog) / yaml,
      (load_yaml + model + catalog) / yaml);
  return 0;
}
