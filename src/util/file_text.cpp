#include "util/file_text.h"

#include <fstream>

namespace drivemock {

std::optional<std::string> read_file_text(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return std::nullopt;  // opens, reads nothing
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  // Read into a string of the file's size, not through a stringstream,
  // whose doubling buffer and final copy held three times a big file. The
  // size is a hint: a file that grows meanwhile is read to its end, a pipe
  // (size 0) too.
  std::string text;
  auto size = std::filesystem::file_size(path, ec);
  if (!ec) text.reserve(static_cast<size_t>(size));
  char chunk[1 << 16];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    text.append(chunk, static_cast<size_t>(in.gcount()));
  }
  if (in.bad()) return std::nullopt;
  return text;
}

}  // namespace drivemock
