#pragma once
// The script both request fuzz targets serve: a state, a sequence with a 503,
// a raw non-JSON answer with a header, connection faults, and a fallback
// rule, so that inputs reach every kind of answer.

namespace drivemock::fuzzing {

inline constexpr const char* kScenario = R"(
name: fuzz
directories:
  d1:
    state: fresh
    trash:
      - when: {state: trashed}
        respond: {body: {status: error, code: dir_already_trashed}}
      - respond: [{http: 503, body: {status: error}}, {body: {status: success}}]
        then: trashed
    color:
      - when: {color: red}
        respond: {http: 418, headers: {X-Why: red}, raw: "not json"}
      - when: {color: reset}
        respond: {fault: reset}
      - when: {color: hang}
        respond: {fault: hang}
      - respond: {body: {status: success, code: dir_color_changed}}
)";

}  // namespace drivemock::fuzzing
