#pragma once
// An input stream over text held elsewhere. yaml-cpp parses streams; making
// one from a string copies the string, twice through YAML::Load(std::string),
// which for a big scenario file is tens of megabytes at the peak of a load.

#include <istream>
#include <streambuf>
#include <string_view>

namespace drivemock {

class TextStream : public std::istream {
 public:
  /// `text` must outlive the stream.
  explicit TextStream(std::string_view text) : std::istream(&buffer_), buffer_(text) {}

 private:
  struct Buffer : std::streambuf {
    explicit Buffer(std::string_view text) {
      char* begin = const_cast<char*>(text.data());  // only ever read
      setg(begin, begin, begin + text.size());
    }
  };
  Buffer buffer_;
};

}  // namespace drivemock
