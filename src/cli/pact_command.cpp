#include "cli/pact_command.h"

#include <httplib.h>

#include <fstream>
#include <iostream>

#include "cli/admin_token.h"
#include "interchange/pact_writer.h"
#include "util/file_text.h"
#include "util/json.h"
#include "util/owned_path.h"
#include "util/text.h"

namespace drivemock::cli {
namespace {

constexpr int kExitFailed = 1;

int fail(const std::string& why) {
  // It may quote what a server answered: escaped, as the server's log is.
  std::cerr << "drivemock pact: error: " << escape_controls(why) << '\n';
  return kExitFailed;
}

/// The pact of a journal file's lines, or the first line that is no entry.
Result<interchange::Pact> pact_of_file(const PactFlags& flags) {
  auto text = read_file_text(flags.journal);
  if (!text) return Error{"cannot read the journal file " + flags.journal};
  std::vector<interchange::PactCall> calls;
  size_t line_number = 0;
  std::string_view rest = *text;
  while (!rest.empty()) {
    ++line_number;
    std::string_view line = rest.substr(0, rest.find('\n'));
    rest.remove_prefix(std::min(rest.size(), line.size() + 1));
    if (line.empty()) continue;
    auto parsed = json::parse_untrusted(line);
    auto call =
        parsed ? interchange::pact_call(*parsed) : Result<interchange::PactCall>(parsed.error());
    if (!call) {
      return Error{flags.journal + ":" + std::to_string(line_number) + ": " + call.error().message +
                   " (expected a line that --journal-file wrote)"};
    }
    if (flags.session.empty() || call->session == flags.session) calls.push_back(std::move(*call));
  }
  return interchange::write_pact(std::move(calls), {flags.consumer, flags.provider});
}

/// The pact a running drivemock writes of its journal.
Result<std::string> pact_of_server(const PactFlags& flags) {
  auto token = admin_token("", flags.admin_token_file);
  if (!token) return Error{token.error().message};
  httplib::Client client(flags.url);
  if (!client.is_valid()) return Error{"--url " + flags.url + " is not an http(s) URL"};
  httplib::Headers headers;
  if (*token) headers.emplace("Authorization", "Bearer " + **token);
  std::vector<std::pair<std::string_view, std::string_view>> members = {
      {"consumer", flags.consumer}, {"provider", flags.provider}};
  if (!flags.session.empty()) members.emplace_back("session", flags.session);
  rapidjson::StringBuffer buffer;
  json::Writer w(buffer);
  w.StartObject();
  for (const auto& [key, value] : members) json::write_member(w, key, value);
  w.EndObject();
  auto answer = client.Post("/__admin/pact", headers, buffer.GetString(), "application/json");
  if (!answer) {
    return Error{"no answer from " + flags.url + " (" + httplib::to_string(answer.error()) +
                 "); is drivemock running there? (--url)"};
  }
  if (answer->status != 200) {
    auto message = json::top_level_string(answer->body, "message");
    return Error{flags.url + " answered " + std::to_string(answer->status) + ": " +
                 message.value_or(answer->body.substr(0, 200)) +
                 (answer->status == 401 ? " (give the token with --admin-token-file or "
                                          "DRIVEMOCK_ADMIN_TOKEN)"
                                        : "")};
  }
  return std::move(answer->body);
}

/// The warnings a pact's metadata carries, one per line on standard error.
void print_warnings(const std::string& pact) {
  auto parsed = json::parse_untrusted(pact);
  if (!parsed || !parsed->IsObject()) return;
  const rapidjson::Document& doc = *parsed;
  auto metadata = doc.FindMember("metadata");
  if (metadata == doc.MemberEnd() || !metadata->value.IsObject()) return;
  auto by = metadata->value.FindMember("drivemock");
  if (by == metadata->value.MemberEnd() || !by->value.IsObject()) return;
  auto warnings = by->value.FindMember("warnings");
  if (warnings == by->value.MemberEnd() || !warnings->value.IsArray()) return;
  for (const auto& w : warnings->value.GetArray()) {
    // A warning names what a client sent (its uuid): escaped, as the server's log escapes it.
    if (w.IsString()) {
      std::cerr << "drivemock pact: warning: "
                << escape_controls({w.GetString(), w.GetStringLength()}) << '\n';
    }
  }
}

}  // namespace

CLI::App* add_pact_command(CLI::App& app, PactFlags& flags) {
  CLI::App* pact = app.add_subcommand(
      "pact", "Write a Pact v4 file of the calls a running drivemock (or a journal file) holds");
  pact->add_option("--consumer", flags.consumer, "The consumer's name (the client under test)")
      ->required();
  pact->add_option("--provider", flags.provider, "The provider's name (the service)")->required();
  pact->add_option("--session", flags.session, "Only this session's calls");
  pact->add_option("--out", flags.out, "Write the pact here (default: standard output)");
  pact->add_option("--url", flags.url, "The running drivemock's base URL")->capture_default_str();
  pact->add_option("--journal", flags.journal,
                   "Read this journal file (written with --journal-file) instead of asking a "
                   "running drivemock")
      ->check(CLI::ExistingFile);
  pact->add_option("--admin-token-file", flags.admin_token_file,
                   "The admin token, read from this file (else DRIVEMOCK_ADMIN_TOKEN)");
  return pact;
}

int run_pact(const PactFlags& flags) {
  std::string pact;
  if (!flags.journal.empty()) {
    auto written = pact_of_file(flags);
    if (!written) return fail(written.error().message);
    pact = std::move(written->json);
  } else {
    auto fetched = pact_of_server(flags);
    if (!fetched) return fail(fetched.error().message);
    pact = std::move(*fetched);
  }
  print_warnings(pact);
  if (flags.out.empty()) {
    std::cout << pact << std::flush;
    return 0;
  }
  // Whole or not at all, and never through a link planted at --out.
  if (auto written = write_file_atomically(flags.out, pact); !written) {
    return fail(written.error().message);
  }
  std::cerr << "drivemock pact: wrote " << flags.out << '\n';
  return 0;
}

}  // namespace drivemock::cli
