#include "source_tree.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "paths.h"

namespace drivemock::architecture {

namespace fs = std::filesystem;

std::string code_only(const std::string& text) {
  std::string out = text;
  size_t i = 0;
  auto blank = [&](size_t from, size_t to) {
    for (size_t k = from; k < to && k < out.size(); ++k) {
      if (out[k] != '\n') out[k] = ' ';
    }
  };
  while (i < text.size()) {
    if (text.compare(i, 2, "//") == 0) {
      size_t end = text.find('\n', i);
      if (end == std::string::npos) end = text.size();
      blank(i, end);
      i = end;
    } else if (text.compare(i, 2, "/*") == 0) {
      size_t end = text.find("*/", i + 2);
      end = end == std::string::npos ? text.size() : end + 2;
      blank(i, end);
      i = end;
    } else if (text.compare(i, 2, "R\"") == 0) {
      size_t open = text.find('(', i);
      std::string close = ")" + text.substr(i + 2, open - i - 2) + "\"";
      size_t end = text.find(close, open);
      end = end == std::string::npos ? text.size() : end + close.size();
      blank(i, end);
      i = end;
    } else if (text[i] == '"' || text[i] == '\'') {
      char quote = text[i];
      size_t end = i + 1;
      while (end < text.size() && text[end] != quote && text[end] != '\n') {
        end += text[end] == '\\' ? 2 : 1;
      }
      // An include's path is a string too: keep it, it is what is checked.
      bool include = text.rfind("#include", i) != std::string::npos &&
                     text.find('\n', text.rfind("#include", i)) > i;
      if (!include) blank(i, end + 1);
      i = end + 1;
    } else {
      ++i;
    }
  }
  return out;
}

std::vector<SourceFile> source_tree() {
  std::vector<SourceFile> files;
  fs::path root = drivemock::testing::source_dir();
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    auto ext = entry.path().extension();
    if (!entry.is_regular_file() || (ext != ".h" && ext != ".cpp" && ext != ".in")) continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    files.push_back({fs::relative(entry.path(), root).generic_string(), text.str()});
  }
  return files;
}

std::string listed(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines) out += line + "\n";
  return out;
}

std::string folder_of(const std::string& relative) {
  auto slash = relative.find('/');
  return slash == std::string::npos ? "" : relative.substr(0, slash);
}

std::vector<std::string> includes_matching(const SourceFile& file, const std::regex& include) {
  std::vector<std::string> found;
  std::string code = code_only(file.text);
  for (std::sregex_iterator it(code.begin(), code.end(), include), end; it != end; ++it) {
    found.push_back(file.path + ": " + it->str());
  }
  return found;
}

}  // namespace drivemock::architecture
