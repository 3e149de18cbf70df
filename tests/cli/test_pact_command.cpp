// `drivemock pact`: what it prints of a journal's contents, which a client
// wrote, reaches a terminal escaped, as the server's own log escapes it.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "cli/binary.h"
#include "cli/process.h"
#include "temp_dir.h"

using namespace drivemock::testing;

TEST_CASE("pact: a client's control characters in its warnings are printed escaped") {
  TempDir dir;
  // A call answered with a fault is left out with a warning naming its uuid,
  // which the client chose: ESC, BEL, CR, LF and a C1 control (U+009B).
  const std::string uuid = R"(u\u001b[31m\u0007\r\nX-Forged: 1\u009b)";
  std::ofstream(dir.file("journal.jsonl"))
      << R"({"id":1,"request":{"method":"POST","url":"/v3/dir/trash","headers":{"Content-Type":"application/json"},"body":"{\"uuid\":\")"
      << uuid << R"(\"}"},"operation":"trash","uuid":")" << uuid
      << R"(","response":{"status":200,"body":"","fault":"reset"}})"
      << "\n";
  Process p({kBinary, "pact", "--consumer", "c", "--provider", "p", "--journal",
             dir.file("journal.jsonl")});
  CHECK(p.wait_exit() == 0);
  INFO(p.err());
  CHECK(p.err().find("warning: request 1 (trash u\\x1b[31m\\x07\\x0d\\x0aX-Forged: 1\\u009b)") !=
        std::string::npos);
  for (char raw : {'\x1b', '\x07', '\r'}) CHECK(p.err().find(raw) == std::string::npos);
  CHECK(p.err().find("\xc2\x9b") == std::string::npos);
}

TEST_CASE("pact --out never writes through a link planted at the file") {
  TempDir dir;
  std::ofstream(dir.file("precious")) << "precious";
  std::ofstream(dir.file("journal.jsonl")) << "";
  std::filesystem::create_symlink(dir.file("precious"), dir.file("pact.json"));
  Process p({kBinary, "pact", "--consumer", "c", "--provider", "p", "--journal",
             dir.file("journal.jsonl"), "--out", dir.file("pact.json")});
  CHECK(p.wait_exit() == 1);
  CHECK(p.err().find("cannot write " + dir.file("pact.json") +
                     ": it exists and is not a regular file") != std::string::npos);
  CHECK(read_text_file(dir.file("precious")) == "precious");
}
