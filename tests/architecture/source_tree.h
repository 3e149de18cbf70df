#pragma once
// The sources under src/ as the architecture tests read them: as text, with
// comments and literals blanked so that only code is searched.

#include <regex>
#include <string>
#include <vector>

namespace drivemock::architecture {

struct SourceFile {
  std::string path;  ///< relative to src/, e.g. "http/connection.cpp"
  std::string text;
};

/// Every .h, .cpp and .in file under src/.
std::vector<SourceFile> source_tree();

/// `text` with comments, string and character literals blanked out (newlines
/// kept), so that only code is searched.
std::string code_only(const std::string& text);

/// The folder of a path relative to src/ ("http" of "http/connection.cpp"; "" for main.cpp).
std::string folder_of(const std::string& relative);

/// Each include of `file`'s code (comments and literals left out) that
/// `include` matches, as "file: #include \"folder/header\"".
std::vector<std::string> includes_matching(const SourceFile& file, const std::regex& include);

/// One line each, for a failure's message.
std::string listed(const std::vector<std::string>& lines);

}  // namespace drivemock::architecture
