#include "record/recording_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace drivemock::record {

std::string default_recording_path(const std::string& name) {
  return "recordings/" + name + ".yaml";
}

std::optional<std::string> write_atomically(const std::string& path, const std::string& text) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path target(path);
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
  if (ec) return "cannot create " + target.parent_path().string() + ": " + ec.message();
  fs::path temp = target.string() + ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) return "cannot write " + temp.string() + ": " + std::strerror(errno);
  }
  fs::rename(temp, target, ec);
  if (ec) {
    fs::remove(temp, ec);
    return "cannot rename the recording to " + path + ": " + ec.message();
  }
  return std::nullopt;
}

std::variant<SavedRecording, std::string> save_recording(const Recording& recording,
                                                         const std::string& record_to) {
  std::string name = recording_name(recording.started);
  SavedRecording saved{record_to.empty() ? default_recording_path(name) : record_to,
                       recording_yaml(recording, name), recording.captures.size()};
  if (auto error = write_atomically(saved.file, saved.yaml)) return *error;
  return saved;
}

}  // namespace drivemock::record
