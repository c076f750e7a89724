#include "protocol/jsonrpc.h"

namespace toolchain::daemon::jsonrpc {

bool is_valid_id(const json::value& id) { return id.is_int64() || id.is_uint64() || id.is_string(); }

std::string id_key(const json::value& id) { return json::serialize(id); }

namespace {

Invalid invalid(json::value id, std::string message) {
  return Invalid{std::move(id), Error{kInvalidRequest, std::move(message), nullptr}};
}

std::optional<Error> parse_error_object(const json::value& v) {
  const json::object* o = v.if_object();
  if (!o) return std::nullopt;
  const json::value* code = o->if_contains("code");
  const json::value* message = o->if_contains("message");
  if (!code || !code->is_int64() || !message || !message->is_string()) return std::nullopt;
  Error e{static_cast<int>(code->as_int64()), std::string(message->as_string()), nullptr};
  if (const json::value* data = o->if_contains("data")) e.data = *data;
  return e;
}

}  // namespace

Message classify(json::value value) {
  if (value.is_array()) return invalid(nullptr, "batch requests are not supported");
  json::object* o = value.if_object();
  if (!o) return invalid(nullptr, "a message must be a JSON object");

  // The id, when usable, goes back in any error reply.
  json::value id = nullptr;
  const json::value* raw_id = o->if_contains("id");
  bool id_ok = raw_id && is_valid_id(*raw_id);
  if (id_ok) id = *raw_id;

  const json::value* version = o->if_contains("jsonrpc");
  if (!version || !version->is_string() || version->as_string() != "2.0")
    return invalid(id, "\"jsonrpc\" must be \"2.0\"");

  if (const json::value* method = o->if_contains("method")) {
    if (!method->is_string()) return invalid(id, "\"method\" must be a string");
    json::value params = nullptr;
    if (const json::value* p = o->if_contains("params")) {
      if (!p->is_object() && !p->is_array())
        return invalid(id, "\"params\" must be an object or an array");
      params = *p;
    }
    std::string name(method->as_string());
    if (!raw_id) return Notification{std::move(name), std::move(params)};
    if (!id_ok) return invalid(nullptr, "\"id\" must be an integer or a string");
    return Request{std::move(id), std::move(name), std::move(params)};
  }

  // No method: a response.
  const json::value* result = o->if_contains("result");
  const json::value* error = o->if_contains("error");
  if (!raw_id) return invalid(nullptr, "a message needs \"method\" or \"id\"");
  if (!id_ok && !raw_id->is_null()) return invalid(nullptr, "\"id\" must be an integer or a string");
  if ((result != nullptr) == (error != nullptr))
    return invalid(nullptr, "a response needs exactly one of \"result\" and \"error\"");
  Response r{raw_id->is_null() ? json::value(nullptr) : id, std::nullopt, std::nullopt};
  if (result) {
    r.result = *result;
  } else {
    r.error = parse_error_object(*error);
    if (!r.error) return invalid(nullptr, "\"error\" needs an integer \"code\" and a string \"message\"");
  }
  return r;
}

Message parse(std::string_view body) {
  boost::system::error_code ec;
  json::parse_options options;
  options.max_depth = 64;
  json::value value = json::parse(body, ec, {}, options);
  if (ec) return Invalid{nullptr, Error{kParseError, "invalid JSON: " + ec.message(), nullptr}};
  return classify(std::move(value));
}

json::object make_result(const json::value& id, json::value result) {
  return json::object{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

json::object make_error(const json::value& id, const Error& error) {
  json::object e{{"code", error.code}, {"message", error.message}};
  if (!error.data.is_null()) e["data"] = error.data;
  return json::object{{"jsonrpc", "2.0"}, {"id", id}, {"error", std::move(e)}};
}

json::object make_request(const json::value& id, std::string_view method, json::value params) {
  json::object o{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}};
  if (!params.is_null()) o["params"] = std::move(params);
  return o;
}

json::object make_notification(std::string_view method, json::value params) {
  json::object o{{"jsonrpc", "2.0"}, {"method", method}};
  if (!params.is_null()) o["params"] = std::move(params);
  return o;
}

std::string serialize(const json::value& message) { return json::serialize(message); }

}  // namespace toolchain::daemon::jsonrpc
