// Fuzz target: the readers of journaled entries that build what a run
// leaves behind: the report (run_report), the pact of the running journal
// and of a journal file's lines (pact_writer), and the journal's own JSON.
// The input is split at newlines into a request body, an answer body, a
// uuid and an answer header's value, all of which a client or an upstream
// chooses. Whatever they hold (nesting 200,000 levels deep among the seeds),
// the report is written, the pacts are JSON, and nothing recurses on depth.
#include <rapidjson/document.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "admin/run_report.h"
#include "interchange/pact_writer.h"
#include "journal/entry_json.h"
#include "util/json.h"

namespace {

using drivemock::Entry;

/// The next part of `rest` up to a newline (the rest when there is none).
std::string_view take_part(std::string_view& rest) {
  size_t end = rest.find('\n');
  std::string_view part = rest.substr(0, end);
  rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
  return part;
}

drivemock::EntryPtr journaled(std::string_view request_body, std::string_view answer,
                              std::string_view uuid, std::string_view header, bool in_session) {
  drivemock::RequestView view;
  view.method = "POST";
  view.url = view.path = "/v3/dir/color";
  view.body = request_body;
  view.headers.push_back({"Content-Type", "application/json"});
  auto e = std::make_shared<Entry>();
  e->id = in_session ? 2 : 1;
  e->request = drivemock::RecordedRequest(view, uuid);
  e->classification().operation = "color";
  e->classification().state = "default";
  e->response.status = 200;
  e->response.body = std::make_shared<const std::string>(answer);
  e->response.headers = std::make_shared<const std::vector<drivemock::Header>>(
      std::vector<drivemock::Header>{{"Content-Type", std::string(header)}});
  if (in_session) {
    e->classification().session = std::make_shared<const drivemock::SessionTag>(
        drivemock::SessionTag{"s1", std::string(uuid)});
  }
  return e;
}

/// Any depth: a pact nests a body of 64 levels a few levels further in.
void must_be_json(const std::string& text) {
  rapidjson::Document doc;
  doc.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag>(text.data(),
                                                                                    text.size());
  if (doc.HasParseError()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  std::string_view request_body = take_part(rest);
  std::string_view answer = take_part(rest);
  std::string_view uuid = take_part(rest);
  std::string_view header = take_part(rest);

  drivemock::admin::ReportInput input;
  input.entries = {journaled(request_body, answer, uuid, header, false),
                   journaled(request_body, answer, uuid, header, true)};
  input.folded = {"lock"};
  auto report = drivemock::admin::build_report(input);
  if (report.html.empty() || report.requests != 2) std::abort();

  const drivemock::interchange::PactParties parties{"app", "service"};
  std::vector<drivemock::interchange::PactCall> running, from_file;
  for (const auto& e : input.entries) {
    running.push_back(drivemock::interchange::pact_call(*e));
    // As `drivemock pact --journal` reads the line --journal-file wrote.
    auto line = drivemock::json::parse_untrusted(drivemock::journal::entry_to_json(*e));
    if (!line) std::abort();  // the journal writes JSON whatever it holds
    auto call = drivemock::interchange::pact_call(*line);
    if (call) from_file.push_back(std::move(*call));
  }
  must_be_json(drivemock::interchange::write_pact(running, parties).json);
  must_be_json(drivemock::interchange::write_pact(from_file, parties).json);
  return 0;
}
