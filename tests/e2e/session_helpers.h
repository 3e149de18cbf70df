#pragma once
// What the session end-to-end tests share: a baseline, and sessions opened
// and called over HTTP, by bearer or by header.
#include <string>

#include "e2e/server_fixture.h"

namespace drivemock::testing::sessions {

inline const char* kBaseline = R"(
name: baseline
limits:
  - {calls: 2, per_ms: 600000, uuid: limited}
directories:
  seq:
    trash:
      - respond:
          - {http: 503, body: {status: error, code: internal_error}}
          - {body: {status: success, code: dir_trashed}}
  dice:
    color:
      one_of:
        - {body: {code: one}}
        - {body: {code: two}}
        - {body: {code: three}}
        - {body: {code: four}}
  shared:
    trash: {body: {status: success, code: baseline_answer}}
)";

struct OpenSession {
  std::string id, name, key;
};

inline OpenSession open_session(const RunningServer& mock, const std::string& name = "") {
  std::string body = name.empty() ? "" : R"({"name":")" + name + R"("})";
  auto doc = mock.admin_json("POST", "/__admin/sessions", body, 201);
  return {doc["id"].GetString(), doc["name"].GetString(), doc["apiKey"].GetString()};
}

/// A mock API call in a session: by its key as a bearer (the SDK's way) or
/// by the header.
enum class By { bearer, header };
inline httplib::Result call(const RunningServer& mock, const OpenSession& s,
                            const std::string& path, const std::string& body, By by = By::bearer) {
  httplib::Headers headers = {{"Accept", "application/json"}};
  if (by == By::bearer) headers.emplace("Authorization", "Bearer " + s.key);
  if (by == By::header) headers.emplace("X-Drivemock-Session", s.id);
  return mock.client().Post(path.c_str(), headers, body, "application/json");
}

inline httplib::Result trash(const RunningServer& mock, const OpenSession& s,
                             const std::string& uuid, By by = By::bearer) {
  return call(mock, s, "/v3/dir/trash", R"({"uuid":")" + uuid + R"("})", by);
}

inline std::string answer_for(const char* code) {
  return std::string("directories:\n  shared:\n    trash: {body: {status: success, code: ") + code +
         "}}\n";
}

/// The `code` of an answer, without Catch's macros, which are not for
/// threads: for calls made by a test's own threads ("" for no answer).
inline std::string code_in(const httplib::Result& res) {
  if (!res) return "";
  rapidjson::Document doc;
  doc.Parse(res->body.c_str());
  if (doc.HasParseError() || !doc.IsObject() || !doc.HasMember("code") || !doc["code"].IsString()) {
    return "";
  }
  return doc["code"].GetString();
}

}  // namespace drivemock::testing::sessions
