// The architecture test: folders under src/ depend in one direction only,
// and only the command line and the logger write to the terminal. The floors
// below are the ones ARCHITECTURE.md draws; a new folder must be given one.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "paths.h"
#include "source_tree.h"

using namespace drivemock::architecture;

namespace {

namespace fs = std::filesystem;

/// Each folder's floor: a file may include from its own folder and from
/// folders on lower floors. Folders on one floor do not know each other.
const std::map<std::string, int> kFloors = {
    {"util", 0},    {"model", 1},   {"tls", 1},         {"document", 1},  {"contract", 2},
    {"http", 2},    {"journal", 2}, {"interchange", 3}, {"scenario", 4},  {"record", 5},
    {"session", 5}, {"control", 6}, {"admin", 7},       {"drivemock", 8}, {"cli", 9},
};

/// Files allowed to write to standard output or error.
bool may_write_to_terminal(const std::string& relative) {
  return relative.starts_with("cli/") || relative.starts_with("util/log.") ||
         relative == "main.cpp";
}

/// Every include that goes up a floor or sideways, or comes from a folder
/// without a floor, as "file: includes folder/header".
std::vector<std::string> layer_violations(const std::vector<SourceFile>& files) {
  static const std::regex include(R"(#\s*include\s*"([a-z_]+)/[^"]+")");
  std::vector<std::string> found;
  for (const auto& file : files) {
    std::string from = folder_of(file.path);
    if (from.empty()) continue;  // main.cpp: the executable's entry, above everything
    auto floor = kFloors.find(from);
    if (floor == kFloors.end()) {
      found.push_back(file.path + ": folder '" + from + "' has no floor in kFloors");
      continue;
    }
    std::string code = code_only(file.text);
    for (std::sregex_iterator it(code.begin(), code.end(), include), end; it != end; ++it) {
      std::string to = (*it)[1];
      if (to == from) continue;
      auto target = kFloors.find(to);
      if (target == kFloors.end() || target->second >= floor->second) {
        found.push_back(file.path + ": includes " + it->str().substr(it->str().find('"')));
      }
    }
  }
  return found;
}

/// Every use of standard output or error outside the files allowed to.
std::vector<std::string> terminal_writes(const std::vector<SourceFile>& files) {
  static const std::regex writes(
      R"(\b(std::cout|std::cerr|std::clog|stdout|stderr|STDOUT_FILENO|STDERR_FILENO|printf|fprintf|puts|fputs|perror|putchar)\b|\bwrite\s*\(\s*[12]\s*,)");
  std::vector<std::string> found;
  for (const auto& file : files) {
    if (may_write_to_terminal(file.path)) continue;
    std::string code = code_only(file.text);
    std::smatch match;
    if (std::regex_search(code, match, writes)) {
      found.push_back(file.path + ": uses " + match.str());
    }
  }
  return found;
}

/// OpenAPI and Pact have one room, interchange/: a file elsewhere whose name
/// says pact or openapi is out of it, unless it is a caller's own (an admin
/// call's handlers, a command of the command line, the scenario loader's
/// step that makes a pact's interactions, read in interchange/, into the
/// scenario model, which interchange/ is a floor below).
std::vector<std::string> contracts_out_of_their_room(const std::vector<SourceFile>& files) {
  std::vector<std::string> found;
  for (const auto& file : files) {
    std::string folder = folder_of(file.path);
    std::string name = file.path.substr(file.path.rfind('/') + 1);
    bool about =
        name.find("pact") != std::string::npos || name.find("openapi") != std::string::npos;
    bool caller = (folder == "admin" && name.find("_handlers.") != std::string::npos) ||
                  (folder == "cli" && name.find("_command.") != std::string::npos) ||
                  (folder == "scenario" && name.starts_with("pact_set."));
    if (about && folder != "interchange" && !caller) found.push_back(file.path);
  }
  return found;
}

/// YAML has one room, document/ (its readers, its slicers, its writer): a
/// file elsewhere that includes yaml-cpp is out of it.
std::vector<std::string> yaml_out_of_its_room(const std::vector<SourceFile>& files) {
  static const std::regex include(R"(#\s*include\s*<yaml-cpp/)");
  std::vector<std::string> found;
  for (const auto& file : files) {
    if (folder_of(file.path) == "document") continue;
    if (std::regex_search(code_only(file.text), include)) found.push_back(file.path);
  }
  return found;
}

}  // namespace

TEST_CASE("only document/ includes yaml-cpp: YAML is read and written in one room") {
  auto stray = yaml_out_of_its_room(source_tree());
  INFO(listed(stray));
  CHECK(stray.empty());
  CHECK(yaml_out_of_its_room({{"document/yaml_tree.cpp", "#include <yaml-cpp/yaml.h>\n"},
                              {"util/yaml_x.cpp", "#include <yaml-cpp/eventhandler.h>\n"},
                              {"scenario/y.cpp", "// #include <yaml-cpp/yaml.h>\n"}}) ==
        std::vector<std::string>{"util/yaml_x.cpp"});
}

TEST_CASE("every folder of src includes only from folders on lower floors") {
  auto files = source_tree();
  REQUIRE(files.size() > 50);  // the tree was found
  auto violations = layer_violations(files);
  INFO(listed(violations));
  CHECK(violations.empty());
}

TEST_CASE("only the command line and the logger write to standard output or error") {
  auto violations = terminal_writes(source_tree());
  INFO(listed(violations));
  CHECK(violations.empty());
}

TEST_CASE("OpenAPI and Pact, in and out, live in interchange/, reached by their callers") {
  auto files = source_tree();
  auto stray = contracts_out_of_their_room(files);
  INFO(listed(stray));
  CHECK(stray.empty());
  CHECK(contracts_out_of_their_room({{"journal/pact_writer.cpp", ""},
                                     {"interchange/pact_writer.cpp", ""},
                                     {"admin/pact_handlers.cpp", ""},
                                     {"cli/pact_command.cpp", ""}}) ==
        std::vector<std::string>{"journal/pact_writer.cpp"});
}

TEST_CASE("the layer check reports an include that goes up, sideways or to an unknown folder") {
  std::vector<SourceFile> files = {
      {"model/reply.h", "#include \"util/json.h\"\n#include \"model/request.h\"\n"},
      {"http/a.cpp", "#include \"scenario/model.h\"\n"},      // up
      {"journal/b.cpp", "#include \"http/connection.h\"\n"},  // sideways
      {"record/c.cpp", "#include \"mock/x.h\"\n"},            // no such floor
      {"newfolder/d.cpp", "#include \"util/json.h\"\n"},      // a folder without a floor
      {"scenario/e.cpp", "// #include \"admin/router.h\" in a comment\n"},
  };
  auto violations = layer_violations(files);
  REQUIRE(violations.size() == 4);
  CHECK(violations[0] == "http/a.cpp: includes \"scenario/model.h\"");
  CHECK(violations[1] == "journal/b.cpp: includes \"http/connection.h\"");
  CHECK(violations[2] == "record/c.cpp: includes \"mock/x.h\"");
  CHECK(violations[3].starts_with("newfolder/d.cpp: folder 'newfolder' has no floor"));
}

TEST_CASE("the terminal check reports writes in code, not in comments or strings") {
  std::vector<SourceFile> files = {
      {"journal/a.cpp", "void f() { std::cerr << 1; }"},
      {"http/b.cpp", "void g() { ::write(2, p, n); }"},
      {"scenario/c.cpp", "// logs to stderr\nconst char* s = \"see stdout\";"},
      {"record/d.cpp", "int n = std::snprintf(buf, 4, \"x\");"},
      {"cli/e.cpp", "void h() { std::cout << 1; }"},
      {"util/log.cpp", "void k() { fputs(s, stderr); }"},
  };
  auto violations = terminal_writes(files);
  REQUIRE(violations.size() == 2);
  CHECK(violations[0] == "journal/a.cpp: uses std::cerr");
  CHECK(violations[1] == "http/b.cpp: uses write(2,");
}

TEST_CASE("every test name reaches ctest whole: none starts with two dashes or holds a semicolon") {
  // Catch2's ctest discovery passes the name as an argument (one starting
  // with -- is read as an option) and ctest splits lists at ';': either way
  // the test is reported as failed, or silently not run.
  std::vector<std::string> bad;
  fs::path tests = fs::path(drivemock::testing::source_dir()) / ".." / "tests";
  const std::regex name(R"rx(TEST_CASE\(\s*"([^"]*)")rx");
  for (const auto& entry : fs::recursive_directory_iterator(tests)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".cpp") continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    std::string source = text.str();
    for (std::sregex_iterator it(source.begin(), source.end(), name), end; it != end; ++it) {
      std::string test = (*it)[1];
      if (test.starts_with("--") || test.find(';') != std::string::npos) {
        bad.push_back(entry.path().filename().string() + ": " + test);
      }
    }
  }
  INFO(listed(bad));
  CHECK(bad.empty());
}
