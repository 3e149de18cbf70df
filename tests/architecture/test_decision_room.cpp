// The architecture test of scenario/, where the answer is chosen: small
// functions (a person reads a choice of answer whole), and nothing of the
// journal's, which records what scenario/ decided and must not shape it.
#include <catch2/catch.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "source_tree.h"

using namespace drivemock::architecture;

namespace {

constexpr int kMaxFunctionLines = 40;

/// Each function defined at the top level of a .cpp file of `folder` that
/// is longer than kMaxFunctionLines, as "file:line name (N lines)". A
/// definition starts at a line in column 0 holding a parenthesis and ends at
/// the first `}` in column 0 after the `{` that opens it; comments and
/// literals are blanked first.
std::vector<std::string> long_functions(const std::vector<SourceFile>& files,
                                        const std::string& folder) {
  static const std::regex not_a_function(R"(^(namespace|struct|class|enum|using|template|#|\}))");
  std::vector<std::string> found;
  for (const auto& file : files) {
    if (folder_of(file.path) != folder || !file.path.ends_with(".cpp")) continue;
    std::istringstream lines(code_only(file.text));
    std::string line, head;
    int number = 0, start = 0;
    bool opened = false;
    while (std::getline(lines, line)) {
      ++number;
      if (start == 0 && !line.empty() && !std::isspace(static_cast<unsigned char>(line[0])) &&
          line.find('(') != std::string::npos && !std::regex_search(line, not_a_function)) {
        start = number;
        head = line.substr(0, line.find('('));
        opened = false;
      }
      if (start == 0) continue;
      if (!opened && line.find(';') != std::string::npos && line.find('{') == std::string::npos) {
        start = 0;  // a declaration, or a call at namespace level
        continue;
      }
      if (line.find('{') != std::string::npos) opened = true;
      if (opened && line == "}") {
        int length = number - start + 1;
        if (length > kMaxFunctionLines) {
          found.push_back(file.path + ":" + std::to_string(start) + " " + head + " (" +
                          std::to_string(length) + " lines)");
        }
        start = 0;
      }
    }
  }
  return found;
}

/// Each include of journal/ in `folder`.
std::vector<std::string> journal_includes(const std::vector<SourceFile>& files,
                                          const std::string& folder) {
  static const std::regex include(R"(#\s*include\s*"journal/[^"]+")");
  std::vector<std::string> found;
  for (const auto& file : files) {
    if (folder_of(file.path) != folder) continue;
    auto included = includes_matching(file, include);
    found.insert(found.end(), included.begin(), included.end());
  }
  return found;
}

std::string lines_of(int n) {
  std::string body;
  for (int i = 0; i < n; ++i) body += "  x();\n";
  return body;
}

}  // namespace

TEST_CASE("no function in scenario/ is over 40 lines: the choice of answer reads whole") {
  auto found = long_functions(source_tree(), "scenario");
  INFO(listed(found));
  CHECK(found.empty());
  std::vector<SourceFile> sample = {
      {"scenario/a.cpp", "void short_one() {\n" + lines_of(38) + "}\n"},
      {"scenario/b.cpp",
       "Reply Engine::answer(int a,\n                    int b) {\n" + lines_of(40) + "}\n"},
      {"scenario/c.h", "inline void in_a_header() {\n" + lines_of(50) + "}\n"},
      {"journal/d.cpp", "void elsewhere() {\n" + lines_of(50) + "}\n"},
  };
  CHECK(long_functions(sample, "scenario") ==
        std::vector<std::string>{"scenario/b.cpp:1 Reply Engine::answer (43 lines)"});
}

TEST_CASE(
    "scenario/ includes nothing from journal/: the journal records a decision, never makes one") {
  auto found = journal_includes(source_tree(), "scenario");
  INFO(listed(found));
  CHECK(found.empty());
  CHECK(journal_includes({{"scenario/x.cpp", "#include \"journal/entry_json.h\"\n"},
                          {"scenario/z.cpp", "// #include \"journal/journal.h\"\n"},
                          {"admin/y.cpp", "#include \"journal/journal.h\"\n"}},
                         "scenario")
            .size() == 1);
}
