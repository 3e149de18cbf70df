#pragma once
// A whole file as text, for the files drivemock reads in one piece: scenario
// files, recordings, the local CA's PEM files.

#include <filesystem>
#include <optional>
#include <string>

namespace drivemock {

/// The file's bytes, unchanged; nullopt when it cannot be opened or read,
/// or is a directory.
std::optional<std::string> read_file_text(const std::filesystem::path& path);

}  // namespace drivemock
