// Whole files as text: bytes unchanged, and no text where there is no file.
#include <catch2/catch.hpp>
#include <fstream>

#include "temp_dir.h"
#include "util/file_text.h"

using drivemock::read_file_text;
using drivemock::testing::TempDir;

TEST_CASE("a file reads back byte for byte: CRLF, NUL and bytes that are not UTF-8 kept") {
  TempDir dir;
  const std::string bytes("a: 1\r\nb: \0\xff\n", 12);
  std::ofstream(dir.file("f.yaml"), std::ios::binary) << bytes;
  CHECK(read_file_text(dir.file("f.yaml")) == bytes);
  std::ofstream(dir.file("empty.yaml"));
  CHECK(read_file_text(dir.file("empty.yaml")) == "");
}

TEST_CASE("a missing file or a directory has no text") {
  TempDir dir;
  CHECK_FALSE(read_file_text(dir.file("missing.yaml")));
  CHECK_FALSE(read_file_text(dir.path));
}
