// Runs a fuzz target's entry point once on every input file of the
// directories given, without libFuzzer: the seed corpus and every input that
// once made a target fail replay as ordinary tests in every build
// (tests/fuzz/README.md). Files whose names start with '.' (.keep) are not
// inputs. A directory that is missing, or a seed corpus (the first
// directory) without inputs, fails the run: a wrong path must not pass.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s CORPUS [REGRESSIONS...]\n", argv[0]);
    return 2;
  }
  size_t total = 0;
  for (int i = 1; i < argc; ++i) {
    if (!std::filesystem::is_directory(argv[i])) {
      std::fprintf(stderr, "fuzz replay: no directory %s\n", argv[i]);
      return 1;
    }
    size_t inputs = 0;
    for (const auto& file : std::filesystem::directory_iterator(argv[i])) {
      if (!file.is_regular_file() || file.path().filename().string().starts_with(".")) continue;
      std::ifstream in(file.path(), std::ios::binary);
      std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
      ++inputs;
    }
    std::printf("replayed %zu inputs from %s\n", inputs, argv[i]);
    if (i == 1 && inputs == 0) {
      std::fprintf(stderr, "fuzz replay: the seed corpus %s has no inputs\n", argv[i]);
      return 1;
    }
    total += inputs;
  }
  return total > 0 ? 0 : 1;
}
