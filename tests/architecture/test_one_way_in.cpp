// The architecture test of the rooms that cross the floors: every change
// goes through control/ (the admin API's handlers reach the journal,
// scenarios and sessions only through it), and a request's session is
// worked out in session/ alone (session/scope.h), for both APIs.
#include <catch2/catch.hpp>
#include <regex>
#include <string>
#include <vector>

#include "source_tree.h"

using namespace drivemock::architecture;

namespace {

/// Each admin handler file's include of scenario/, session/ or journal/:
/// a handler parses, calls control/ and writes the answer.
std::vector<std::string> handlers_around_control(const std::vector<SourceFile>& files) {
  static const std::regex include(R"(#\s*include\s*"(scenario|session|journal)/[^"]+")");
  std::vector<std::string> found;
  for (const auto& file : files) {
    if (!file.path.starts_with("admin/") || !file.path.ends_with("_handlers.cpp")) continue;
    auto included = includes_matching(file, include);
    found.insert(found.end(), included.begin(), included.end());
  }
  return found;
}

/// Each place outside session/ that works out a session itself: reads the
/// session header or `?session=`, or looks a session up by id or key.
std::vector<std::string> sessions_worked_out_elsewhere(const std::vector<SourceFile>& files) {
  // On the text (the names are string literals), and on the code (calls).
  static const std::regex literal(
      R"rx((header|query_param|find_header)\s*\([^)]*"(x-drivemock-session|session)")rx",
      std::regex::icase);
  static const std::regex call(R"(\b(by_id|by_key|kSessionHeader|kSessionParam)\b)");
  std::vector<std::string> found;
  for (const auto& file : files) {
    if (folder_of(file.path) == "session") continue;
    std::smatch match;
    if (std::regex_search(file.text, match, literal))
      found.push_back(file.path + ": " + match.str());
    std::string code = code_only(file.text);
    if (std::regex_search(code, match, call)) found.push_back(file.path + ": " + match.str());
  }
  return found;
}

}  // namespace

TEST_CASE("admin handlers change the server only through control/") {
  auto found = handlers_around_control(source_tree());
  INFO(listed(found));
  CHECK(found.empty());
  CHECK(handlers_around_control({{"admin/x_handlers.cpp", "#include \"journal/journal.h\"\n"},
                                 {"admin/x_handlers.cpp", "// #include \"scenario/engine.h\"\n"},
                                 {"admin/admin_json.cpp", "#include \"journal/entry_json.h\"\n"},
                                 {"admin/y_handlers.cpp", "#include \"control/control.h\"\n"}}) ==
        std::vector<std::string>{"admin/x_handlers.cpp: #include \"journal/journal.h\""});
}

TEST_CASE("a request's session is worked out in session/ alone, for both APIs") {
  auto found = sessions_worked_out_elsewhere(source_tree());
  INFO(listed(found));
  CHECK(found.empty());
  auto caught = sessions_worked_out_elsewhere({
      {"admin/a.cpp", "auto* id = request.query_param(\"session\");"},
      {"admin/b.cpp", "if (request.header(\"X-Drivemock-Session\")) {}"},
      {"control/c.cpp", "auto s = sessions.by_id(id);"},
      {"drivemock/d.cpp", "auto k = registry.by_key(token);"},
      {"session/scope.cpp", "auto s = sessions.by_id(id);"},
      {"model/redaction.cpp",
       "// X-Drivemock-Session is redacted\nconst char* n = \"x-drivemock-session\";"},
  });
  CHECK(caught.size() == 4);
}
