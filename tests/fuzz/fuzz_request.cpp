// Fuzz target: one request through drivemock's request path without the
// socket: the admin router or the mock API's stages (classify, decide), then
// the journal entry and its JSON. The input is a request as text:
//
//   METHOD PATH?QUERY\n
//   Name: value\n ...
//   \n
//   BODY
//
// Oracles: nothing crashes, every answer is a JSON object with a status
// between 100 and 599, and every journal entry writes as valid JSON.
#include <rapidjson/document.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "admin/admin_router.h"
#include "contract/classify.h"
#include "fuzz_scenario_text.h"
#include "journal/entry_json.h"
#include "journal/journal.h"
#include "record/recorder.h"
#include "scenario/engine.h"
#include "server_parts.h"

namespace {

using namespace drivemock;

struct World : testing::ServerParts {
  World() : ServerParts({fuzzing::kScenario}) {}
};

RequestView parse(std::string_view text) {
  RequestView view;
  auto line_end = [&] { return std::min(text.find('\n'), text.size()); };
  std::string_view line = text.substr(0, line_end());
  text.remove_prefix(std::min(text.size(), line.size() + 1));
  auto space = line.find(' ');
  view.method = std::string(line.substr(0, space));
  view.url = space == std::string_view::npos ? "/" : std::string(line.substr(space + 1));
  view.path = view.url.substr(0, view.url.find('?'));
  if (auto q = view.url.find('?'); q != std::string::npos) {
    std::string_view query = std::string_view(view.url).substr(q + 1);
    while (!query.empty()) {
      auto pair = query.substr(0, std::min(query.find('&'), query.size()));
      auto eq = std::min(pair.find('='), pair.size());
      view.query.push_back({std::string(pair.substr(0, eq)),
                            std::string(pair.substr(std::min(eq + 1, pair.size())))});
      query.remove_prefix(std::min(query.size(), pair.size() + 1));
    }
  }
  while (!text.empty() && text.front() != '\n') {
    line = text.substr(0, line_end());
    text.remove_prefix(std::min(text.size(), line.size() + 1));
    auto colon = std::min(line.find(':'), line.size());
    std::string_view value = line.substr(std::min(colon + 1, line.size()));
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    view.headers.push_back({std::string(line.substr(0, colon)), std::string(value)});
  }
  if (!text.empty()) text.remove_prefix(1);
  view.body = std::string(text);
  view.client_ip = "127.0.0.1";
  return view;
}

void require_json_object(const std::string& text) {
  rapidjson::Document doc;
  doc.Parse<rapidjson::kParseIterativeFlag>(text.data(), text.size());
  if (doc.HasParseError() || !doc.IsObject()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static World world;
  RequestView view = parse({reinterpret_cast<const char*>(data), size});
  // Paths that wait, stop or write files are the server's, not the router's.
  for (const char* skipped : {"/wait", "/shutdown", "/recordings"}) {
    if (view.path.find(skipped) != std::string::npos) return 0;
  }
  if (admin::is_admin_path(view.path)) {
    Reply reply = admin::route(view, world.admin, admin::AdminAccess{});
    if (reply.status < 100 || reply.status > 599) std::abort();
    if (reply.status != 204) require_json_object(std::string(reply.body_text()));
    return 0;
  }
  auto started = system_clock().steady();
  auto catalog = world.engine.catalog();
  contract::Classified classified =
      contract::classify(view, *catalog->operations, contract::Strictness::lenient, Envelope());
  Reply reply = classified.early ? *classified.early : world.engine.answer(classified, catalog);
  if (reply.status < 100 || reply.status > 599) std::abort();
  uint64_t id = world.journal.record(make_entry(
      {view, classified.uuid(), std::move(classified.seen), reply}, started, system_clock()));
  require_json_object(journal::entry_to_json(*world.journal.entry(id)));
  return 0;
}
