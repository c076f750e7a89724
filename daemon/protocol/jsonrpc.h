#pragma once
// JSON-RPC 2.0 messages as Boost.JSON values: parse and validate requests,
// notifications and responses; build replies. Nothing about transport.
#include <boost/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

namespace toolchain::daemon::jsonrpc {

namespace json = boost::json;

// Standard codes, LSP's, and this daemon's own (server range -32000..-32099).
enum ErrorCode : int {
  kParseError = -32700,
  kInvalidRequest = -32600,
  kMethodNotFound = -32601,
  kInvalidParams = -32602,
  kInternalError = -32603,
  kServerNotInitialized = -32002,  // LSP
  kRequestCancelled = -32800,      // LSP
  kShuttingDown = -32001,          // the daemon is shutting down: start a new one
};

struct Error {
  int code = kInternalError;
  std::string message;
  json::value data;  // null: no "data" member
};

// Thrown by method handlers to answer with a JSON-RPC error.
class RpcError : public std::runtime_error {
 public:
  RpcError(int code, std::string message, json::value data = nullptr)
      : std::runtime_error(message), error_{code, std::move(message), std::move(data)} {}
  const Error& error() const { return error_; }

 private:
  Error error_;
};

struct Request {
  json::value id;  // an integer or a string
  std::string method;
  json::value params;  // an object or an array; null when absent
};

struct Notification {
  std::string method;
  json::value params;
};

struct Response {
  json::value id;  // null when the request could not be read
  std::optional<json::value> result;
  std::optional<Error> error;  // exactly one of result and error
};

// A message that cannot be served: answer it with `error` (and `id`, null when
// the message has no usable id).
struct Invalid {
  json::value id;
  Error error;
};

using Message = std::variant<Request, Notification, Response, Invalid>;

// Parses one message body. Never throws.
Message parse(std::string_view body);
Message classify(json::value value);

bool is_valid_id(const json::value& id);  // integer or string
// A map key for an id: `1` and `"1"` differ.
std::string id_key(const json::value& id);

json::object make_result(const json::value& id, json::value result);
json::object make_error(const json::value& id, const Error& error);
json::object make_request(const json::value& id, std::string_view method, json::value params = nullptr);
json::object make_notification(std::string_view method, json::value params = nullptr);
std::string serialize(const json::value& message);

}  // namespace toolchain::daemon::jsonrpc
