#include "record/capture_log.h"

#include <openssl/evp.h>

#include <algorithm>

#include "contract/field_json.h"
#include "util/json.h"

namespace drivemock::record {
namespace {

using SystemClock = std::chrono::system_clock;
using json::Writer;

/// Writes `bytes` as "key" when it is UTF-8, else as "key64" in base64:
/// a body's bytes come back exactly, whatever they are.
void write_bytes(Writer& w, std::string_view key, std::string_view bytes) {
  if (json::valid_utf8(bytes) == bytes) {
    json::write_member(w, key, bytes);
    return;
  }
  std::string encoded(4 * ((bytes.size() + 2) / 3) + 1, '\0');
  int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(encoded.data()),
                          reinterpret_cast<const unsigned char*>(bytes.data()),
                          static_cast<int>(bytes.size()));
  encoded.resize(static_cast<size_t>(n));
  json::write_member(w, std::string(key) + "64", encoded);
}

/// The bytes written by write_bytes under `key`; empty when neither is there.
std::string read_bytes(const rapidjson::Value& object, const std::string& key) {
  auto plain = object.FindMember(key.c_str());
  if (plain != object.MemberEnd() && plain->value.IsString()) {
    return {plain->value.GetString(), plain->value.GetStringLength()};
  }
  auto coded = object.FindMember((key + "64").c_str());
  if (coded == object.MemberEnd() || !coded->value.IsString()) return {};
  std::string_view text(coded->value.GetString(), coded->value.GetStringLength());
  std::string out(text.size() / 4 * 3 + 3, '\0');
  int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                          reinterpret_cast<const unsigned char*>(text.data()),
                          static_cast<int>(text.size()));
  if (n < 0) return {};
  // EVP_DecodeBlock counts the padding's bytes too.
  size_t padding = text.ends_with("==") ? 2 : text.ends_with("=") ? 1 : 0;
  out.resize(static_cast<size_t>(n) - padding);
  return out;
}

std::string string_of(const rapidjson::Value& object, const char* key) {
  auto it = object.FindMember(key);
  if (it == object.MemberEnd() || !it->value.IsString()) return {};
  return {it->value.GetString(), it->value.GetStringLength()};
}

std::optional<std::string> optional_string(const rapidjson::Value& object, const char* key) {
  auto it = object.FindMember(key);
  if (it == object.MemberEnd() || !it->value.IsString()) return std::nullopt;
  return std::string(it->value.GetString(), it->value.GetStringLength());
}

int int_of(const rapidjson::Value& object, const char* key, int otherwise) {
  auto it = object.FindMember(key);
  return it != object.MemberEnd() && it->value.IsInt() ? it->value.GetInt() : otherwise;
}

std::optional<contract::FieldType> field_type(std::string_view name) {
  using contract::FieldType;
  for (FieldType type : {FieldType::string, FieldType::number, FieldType::boolean,
                         FieldType::object, FieldType::array}) {
    if (name == contract::type_name(type)) return type;
  }
  return std::nullopt;
}

/// A line: `{"<kind>": <what write gives>}` and its end.
template <typename Write>
std::string line_of(std::string_view kind, Write write) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  json::write_string(w, kind);
  write(w);
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize()) + "\n";
}

void write_headers(Writer& w, const std::vector<Header>& headers) {
  w.StartArray();
  for (const auto& h : headers) {
    w.StartArray();
    json::write_string(w, h.name);
    json::write_string(w, h.value);
    w.EndArray();
  }
  w.EndArray();
}

std::vector<Header> read_headers(const rapidjson::Value& object, const char* key) {
  std::vector<Header> out;
  auto it = object.FindMember(key);
  if (it == object.MemberEnd() || !it->value.IsArray()) return out;
  for (const auto& pair : it->value.GetArray()) {
    if (pair.IsArray() && pair.Size() == 2 && pair[0].IsString() && pair[1].IsString()) {
      out.push_back({pair[0].GetString(), pair[1].GetString()});
    }
  }
  return out;
}

Capture read_capture(const rapidjson::Value& c) {
  Capture capture;
  capture.operation = string_of(c, "operation");
  capture.key = optional_string(c, "key");
  auto fields = c.FindMember("fields");
  if (fields != c.MemberEnd() && fields->value.IsArray()) {
    for (const auto& f : fields->value.GetArray()) {
      if (!f.IsObject()) continue;
      capture.fields.push_back(
          {string_of(f, "name"), string_of(f, "json"), field_type(string_of(f, "type"))});
    }
  }
  capture.status = int_of(c, "status", 200);
  capture.body = read_bytes(c, "body");
  capture.content_type = string_of(c, "contentType");
  capture.path = string_of(c, "path");
  capture.headers = read_headers(c, "headers");
  capture.delay_ms = std::clamp(int_of(c, "delayMs", 0), 0, kMaxRecordedDelayMs);
  return capture;
}

contract::Operation read_operation(const rapidjson::Value& o) {
  contract::Operation op;
  op.name = string_of(o, "name");
  op.path = string_of(o, "path");
  auto fields = o.FindMember("fields");
  if (fields != o.MemberEnd() && fields->value.IsArray()) {
    for (const auto& f : fields->value.GetArray()) {
      if (!f.IsObject()) continue;
      auto required = f.FindMember("required");
      bool is_required = required != f.MemberEnd() && required->value.IsTrue();
      op.fields.push_back(
          {string_of(f, "name"),
           field_type(string_of(f, "type")).value_or(contract::FieldType::string),
           is_required ? contract::Presence::required : contract::Presence::optional});
    }
  }
  op.key = string_of(o, "key");
  op.builtin_message = string_of(o, "message");
  op.builtin_code = string_of(o, "code");
  auto answer = o.FindMember("answer");
  if (answer != o.MemberEnd() && answer->value.IsObject()) {
    Reply reply =
        json_reply(int_of(answer->value, "status", 200), read_bytes(answer->value, "body"));
    auto headers = read_headers(answer->value, "headers");
    if (!headers.empty()) {
      reply.headers = std::make_shared<const std::vector<Header>>(std::move(headers));
    }
    op.builtin_answer = std::move(reply);
  }
  op.source = string_of(o, "source");
  op.line = int_of(o, "line", 0);
  op.column = int_of(o, "column", 0);
  op.state_on_success = optional_string(o, "stateOnSuccess");
  op.stored_field = optional_string(o, "storedField");
  return op;
}

/// A capture log as read so far.
struct Reading {
  LoggedRecording out;
  bool started = false;  ///< its recording line was read
};

/// Applies one line of a capture log; false when it does not read.
bool apply_line(std::string_view line, Reading& reading) {
  LoggedRecording& out = reading.out;
  auto parsed = json::parse_untrusted(line);
  if (!parsed || !parsed->IsObject() || parsed->MemberCount() != 1) return false;
  const rapidjson::Document& doc = *parsed;
  std::string_view kind(doc.MemberBegin()->name.GetString());
  const rapidjson::Value& v = doc.MemberBegin()->value;
  if (kind == "recording" && v.IsObject()) {
    out.recording.target = string_of(v, "target");
    auto ms = v.FindMember("startedMs");
    int64_t when = ms != v.MemberEnd() && ms->value.IsInt64() ? ms->value.GetInt64() : 0;
    out.recording.started = SystemClock::time_point(std::chrono::milliseconds(when));
    reading.started = true;
  } else if (kind == "capture" && v.IsObject()) {
    out.recording.captures.push_back(read_capture(v));
  } else if (kind == "operation" && v.IsObject()) {
    out.recording.operations.push_back(read_operation(v));
  } else if (kind == "taken" && v.IsArray()) {
    for (const auto& name : v.GetArray()) {
      if (name.IsString()) out.taken.emplace_back(name.GetString(), name.GetStringLength());
    }
  } else if (kind == "uncaptured" && v.IsObject()) {
    out.recording.note_uncaptured(string_of(v, "method"), string_of(v, "path"),
                                  string_of(v, "why"));
  } else {
    return false;
  }
  return true;
}

}  // namespace

std::string capture_log_path(const std::string& scenario_file) {
  return scenario_file + std::string(kCaptureLogSuffix);
}

std::string scenario_file_of(const std::string& capture_log) {
  std::string_view name(capture_log);
  if (name.ends_with(kCaptureLogSuffix)) name.remove_suffix(kCaptureLogSuffix.size());
  return std::string(name);
}

std::string start_line(const std::string& target, SystemClock::time_point started) {
  return line_of("recording", [&](Writer& w) {
    w.StartObject();
    json::write_member(w, "target", target);
    json::write_string(w, "startedMs");
    w.Int64(
        std::chrono::duration_cast<std::chrono::milliseconds>(started.time_since_epoch()).count());
    w.EndObject();
  });
}

std::string capture_line(const Capture& c) {
  return line_of("capture", [&](Writer& w) {
    w.StartObject();
    json::write_member(w, "operation", c.operation);
    json::write_string(w, "key");
    if (c.key) {
      json::write_string(w, *c.key);
    } else {
      w.Null();
    }
    json::write_array(w, "fields", c.fields, [&](const auto& f) {
      w.StartObject();
      json::write_member(w, "name", f.name);
      json::write_member(w, "json", f.json);
      if (f.type) json::write_member(w, "type", contract::type_name(*f.type));
      w.EndObject();
    });
    json::write_int(w, "status", c.status);
    write_bytes(w, "body", c.body);
    json::write_member(w, "contentType", c.content_type);
    json::write_member(w, "path", c.path);
    json::write_string(w, "headers");
    write_headers(w, c.headers);
    json::write_int(w, "delayMs", c.delay_ms);
    w.EndObject();
  });
}

std::string operation_line(const contract::Operation& op) {
  return line_of("operation", [&](Writer& w) {
    w.StartObject();
    json::write_member(w, "name", op.name);
    json::write_member(w, "path", op.path);
    contract::write_fields(w, op.fields);
    json::write_member(w, "key", op.key);
    json::write_member(w, "message", op.builtin_message);
    json::write_member(w, "code", op.builtin_code);
    if (op.builtin_answer) {
      json::write_string(w, "answer");
      w.StartObject();
      json::write_int(w, "status", op.builtin_answer->status);
      write_bytes(w, "body", op.builtin_answer->body_text());
      json::write_string(w, "headers");
      write_headers(w, op.builtin_answer->header_list());
      w.EndObject();
    }
    json::write_member(w, "source", op.source);
    json::write_int(w, "line", op.line);
    json::write_int(w, "column", op.column);
    if (op.state_on_success) json::write_member(w, "stateOnSuccess", *op.state_on_success);
    if (op.stored_field) json::write_member(w, "storedField", *op.stored_field);
    w.EndObject();
  });
}

std::string taken_line(const std::vector<std::string>& names) {
  return line_of("taken", [&](Writer& w) {
    w.StartArray();
    for (const auto& name : names) json::write_string(w, name);
    w.EndArray();
  });
}

std::string uncaptured_line(std::string_view method, std::string_view path, std::string_view why) {
  return line_of("uncaptured", [&](Writer& w) {
    w.StartObject();
    json::write_member(w, "method", method);
    json::write_member(w, "path", path);
    json::write_member(w, "why", why);
    w.EndObject();
  });
}

Result<LoggedRecording> read_capture_log(std::string_view text) {
  Reading reading;
  while (!text.empty()) {
    size_t end = text.find('\n');
    if (end == std::string_view::npos) {  // torn by a crash mid-write
      ++reading.out.unreadable;
      break;
    }
    if (!apply_line(text.substr(0, end), reading)) ++reading.out.unreadable;
    text.remove_prefix(end + 1);
  }
  if (!reading.started) return Error{"it is no drivemock capture log (no recording line)"};
  return std::move(reading.out);
}

}  // namespace drivemock::record
