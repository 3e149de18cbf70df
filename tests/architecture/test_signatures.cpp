// The signature test: no function or constructor in src/ takes more than four
// parameters or a bare bool (STYLE.md: a small struct for what travels
// together, an enum class for a choice). It reads declarations and
// definitions as text: a line, indented at most one level, that names a type
// and then a function, or a CamelCase constructor.
#include <algorithm>
#include <catch2/catch.hpp>
#include <regex>
#include <string>
#include <vector>

#include "source_tree.h"

using namespace drivemock::architecture;

namespace {

constexpr size_t kMaxParameters = 4;

struct Signature {
  int line = 0;
  std::string name;
  std::vector<std::string> parameters;  ///< as written, trimmed
};

std::string trimmed(const std::string& text) {
  size_t first = text.find_first_not_of(" \t\n");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\n") - first + 1);
}

struct ParameterList {
  std::vector<std::string> parameters;
  size_t close = 0;  ///< where its closing parenthesis is
};

/// The parameters from just after an opening parenthesis to its closing
/// one, split at the commas outside brackets of any kind.
ParameterList parameters_at(const std::string& code, size_t open) {
  std::vector<std::string> out;
  std::string current;
  int depth = 0;
  size_t i = open;
  for (; i < code.size(); ++i) {
    char c = code[i];
    if (c == ')' && depth == 0) break;
    if (c == '(' || c == '[' || c == '{' || c == '<') ++depth;
    if (c == ')' || c == ']' || c == '}' || c == '>') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(trimmed(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!trimmed(current).empty() || !out.empty()) out.push_back(trimmed(current));
  return {out, i};
}

/// The classes and structs a file declares: only their constructors are
/// read as such, and not C functions that start with a capital.
std::vector<std::string> classes_in(const std::string& code) {
  static const std::regex declared(R"(\b(?:class|struct)\s+(\w+))");
  std::vector<std::string> out;
  for (std::sregex_iterator it(code.begin(), code.end(), declared), end; it != end; ++it) {
    out.push_back((*it)[1]);
  }
  return out;
}

/// `Name` or `Name::Name`, of a class the file declares.
bool is_constructor(const std::string& name, const std::vector<std::string>& classes) {
  auto colons = name.find("::");
  if (colons != std::string::npos) return name.substr(0, colons) == name.substr(colons + 2);
  return std::find(classes.begin(), classes.end(), name) != classes.end();
}

/// After the parameter list: `.` or `->` follow a call (`Walk(a, b).visit()`).
bool followed_by_member_access(const std::string& code, size_t close) {
  size_t next = code.find_first_not_of(" \t\n", close + 1);
  return next != std::string::npos && (code[next] == '.' || code.compare(next, 2, "->") == 0);
}

bool is_statement_keyword(const std::string& word) {
  static const std::vector<std::string> keywords = {"return", "else", "throw", "new",
                                                    "delete", "case", "goto",  "co_return"};
  return std::find(keywords.begin(), keywords.end(), word) != keywords.end();
}

/// The functions and constructors a file declares or defines.
std::vector<Signature> signatures(const SourceFile& file) {
  // type, then name: `Reply forward(`, `  static Connection* current(`
  static const std::regex function(
      R"(^ {0,2}([A-Za-z_][\w:<>,*& ]*?[\w>*&])\s+[*&]?(~?[A-Za-z_]\w*|operator\S+?)\s*\()");
  // constructors: `  explicit Connection(` in a class, `Connection::Connection(` outside
  static const std::regex constructor(R"(^ {0,2}(?:explicit\s+)?((?:[A-Z]\w*::)?[A-Z]\w*)\s*\()");
  std::string code = code_only(file.text);
  std::vector<std::string> classes = classes_in(code);
  std::vector<Signature> out;
  size_t start = 0;
  for (int line = 1; start < code.size(); ++line) {
    size_t end = code.find('\n', start);
    if (end == std::string::npos) end = code.size();
    std::string text = code.substr(start, end - start);
    std::smatch match;
    std::string name;
    if (std::regex_search(text, match, function)) {
      std::string type = match[1];
      if (!is_statement_keyword(type.substr(0, type.find(' ')))) name = match[2];
    } else if (std::regex_search(text, match, constructor) && is_constructor(match[1], classes)) {
      name = match[1];
    }
    if (!name.empty()) {
      size_t open = start + static_cast<size_t>(match.position(0) + match.length(0));
      ParameterList list = parameters_at(code, open);
      if (!followed_by_member_access(code, list.close)) {
        out.push_back({line, name, std::move(list.parameters)});
      }
    }
    start = end + 1;
  }
  return out;
}

/// `bool b`, `const bool& b = false`: a named bool parameter. An unnamed one
/// is ignored, set by the interface a library calls (RapidJSON's handlers).
bool is_bare_bool(const std::string& parameter) {
  static const std::regex bare(R"(^(const\s+)?bool\s*&?\s*\w+(\s*=[\s\S]*)?$)");
  return std::regex_match(parameter, bare);
}

/// Every signature with too many parameters or a bare bool, as
/// "file:line: what".
std::vector<std::string> signature_violations(const std::vector<SourceFile>& files) {
  std::vector<std::string> found;
  for (const auto& file : files) {
    for (const auto& signature : signatures(file)) {
      std::string where = file.path + ":" + std::to_string(signature.line) + ": " + signature.name;
      if (signature.parameters.size() > kMaxParameters) {
        found.push_back(where + " takes " + std::to_string(signature.parameters.size()) +
                        " parameters");
      }
      for (const auto& parameter : signature.parameters) {
        if (is_bare_bool(parameter)) found.push_back(where + " takes a bare '" + parameter + "'");
      }
    }
  }
  return found;
}

}  // namespace

TEST_CASE("no function in src takes more than four parameters or a bare bool") {
  auto files = source_tree();
  REQUIRE(files.size() > 50);  // the tree was found
  // Compared as text, so that a failure lists what it found.
  CHECK(listed(signature_violations(files)) == "");
}

TEST_CASE("the signature check reports long parameter lists and bare bools, not calls") {
  std::vector<SourceFile> files = {
      {"a.h",
       "Reply forward(Upstream& u, const std::string& t, const RequestView& r,\n"
       "              Classified& c, const OperationSet& s);\n"},
      {"b.h",
       "class Connection {\n public:\n  Connection(int fd, int stop, Limits l,\n"
       "             const Clock& c, const Envelope& e);\n};\n"},
      {"c.cpp",
       "Connection::Connection(int fd, int stop, Limits l, const Clock& c, Env e)\n"
       "    : fd_(fd) {}\n"
       "void g() {\n  Connection(1, 2, l, c, e).serve();\n"
       "  X509V3_set_ctx(&ctx, issuer, cert, nullptr, nullptr, 0);\n}\n"},
      {"d.h", "  void answer_from(const Rules& r, bool numbered = false);\n"},
      {"e.cpp",
       "bool String(const char* s, SizeType n, bool) { return true; }\n"
       "void f() {\n  return g(1, 2, 3, 4, 5);\n}\n"
       "int h(std::map<int, int> m, std::function<void(int, int)> f, int a, int b);\n"},
  };
  auto violations = signature_violations(files);
  REQUIRE(violations.size() == 4);
  CHECK(violations[0] == "a.h:1: forward takes 5 parameters");
  CHECK(violations[1] == "b.h:3: Connection takes 5 parameters");
  CHECK(violations[2] == "c.cpp:1: Connection::Connection takes 5 parameters");
  CHECK(violations[3] == "d.h:1: answer_from takes a bare 'bool numbered = false'");
}
