#pragma once
// A fresh directory under the system's temporary directory, removed with
// everything in it when the test is done.

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace drivemock::testing {

struct TempDir {
  TempDir() {
    path = std::filesystem::temp_directory_path() /
           ("drivemock-test-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  /// The path of `name` inside the directory.
  std::string file(const std::string& name) const { return (path / name).string(); }

  std::filesystem::path path;
  static inline int counter = 0;
};

/// The whole text of the file at `path` (empty when it cannot be read).
inline std::string read_text_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace drivemock::testing
