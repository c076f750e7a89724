// JSON-RPC 2.0 parsing, validation and replies.
#include <gtest/gtest.h>

#include "protocol/jsonrpc.h"

namespace toolchain::daemon::jsonrpc {
namespace {

template <typename T>
T as(const Message& m) {
  EXPECT_TRUE(std::holds_alternative<T>(m)) << "variant index " << m.index();
  return std::holds_alternative<T>(m) ? std::get<T>(m) : T{};
}

TEST(JsonRpc, Request) {
  auto m = parse(R"({"jsonrpc":"2.0","id":7,"method":"run","params":{"argv":["x"]}})");
  const auto r = as<Request>(m);
  EXPECT_EQ(r.id, json::value(7));
  EXPECT_EQ(r.method, "run");
  EXPECT_EQ(r.params.at("argv").at(0), "x");
}

TEST(JsonRpc, StringIdAndArrayParamsAndNoParams) {
  const auto a = as<Request>(parse(R"({"jsonrpc":"2.0","id":"abc","method":"m","params":[1,2]})"));
  EXPECT_EQ(a.id, json::value("abc"));
  EXPECT_TRUE(a.params.is_array());
  const auto b = as<Request>(parse(R"({"jsonrpc":"2.0","id":-3,"method":"m"})"));
  EXPECT_TRUE(b.params.is_null());
}

TEST(JsonRpc, Notification) {
  const auto n = as<Notification>(parse(R"({"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}})"));
  EXPECT_EQ(n.method, "$/cancelRequest");
  EXPECT_EQ(n.params.at("id"), json::value(1));
}

TEST(JsonRpc, Responses) {
  const auto ok = as<Response>(parse(R"({"jsonrpc":"2.0","id":1,"result":null})"));
  ASSERT_TRUE(ok.result);
  EXPECT_TRUE(ok.result->is_null());
  const auto err = as<Response>(parse(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x","data":5}})"));
  ASSERT_TRUE(err.error);
  EXPECT_EQ(err.error->code, -32700);
  EXPECT_EQ(err.error->data, json::value(5));
}

TEST(JsonRpc, ParseErrors) {
  for (const char* body : {"", "{", "{\"jsonrpc\":\"2.0\",}", "nul", "\xff\xfe", "[1,2"}) {
    const auto inv = as<Invalid>(parse(body));
    EXPECT_EQ(inv.error.code, kParseError) << body;
    EXPECT_TRUE(inv.id.is_null());
  }
  std::string deep(10000, '[');
  EXPECT_EQ(as<Invalid>(parse(deep)).error.code, kParseError);
}

TEST(JsonRpc, InvalidRequests) {
  struct Case {
    const char* body;
    json::value id;
  };
  Case cases[] = {
      {R"([{"jsonrpc":"2.0","id":1,"method":"m"}])", nullptr},  // batch
      {R"("just a string")", nullptr},
      {R"(42)", nullptr},
      {R"({"id":1,"method":"m"})", 1},                        // no jsonrpc
      {R"({"jsonrpc":"1.0","id":1,"method":"m"})", 1},
      {R"({"jsonrpc":2.0,"id":1,"method":"m"})", 1},
      {R"({"jsonrpc":"2.0","id":1,"method":5})", 1},          // method not a string
      {R"({"jsonrpc":"2.0","id":1.5,"method":"m"})", nullptr},  // id types
      {R"({"jsonrpc":"2.0","id":true,"method":"m"})", nullptr},
      {R"({"jsonrpc":"2.0","id":{},"method":"m"})", nullptr},
      {R"({"jsonrpc":"2.0","id":null,"method":"m"})", nullptr},
      {R"({"jsonrpc":"2.0","id":"x","method":"m","params":"str"})", "x"},  // params scalar
      {R"({"jsonrpc":"2.0","id":2,"method":"m","params":3})", 2},
      {R"({"jsonrpc":"2.0"})", nullptr},                                       // nothing
      {R"({"jsonrpc":"2.0","id":1})", nullptr},                                // neither result nor error
      {R"({"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":"m"}})", nullptr},
      {R"({"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}})", nullptr},
  };
  for (const Case& c : cases) {
    const auto inv = as<Invalid>(parse(c.body));
    EXPECT_EQ(inv.error.code, kInvalidRequest) << c.body;
    EXPECT_EQ(inv.id, c.id) << c.body;
    EXPECT_FALSE(inv.error.message.empty());
  }
}

TEST(JsonRpc, Replies) {
  EXPECT_EQ(serialize(make_result(1, json::object{{"exitCode", 0}})),
            R"({"jsonrpc":"2.0","id":1,"result":{"exitCode":0}})");
  EXPECT_EQ(serialize(make_error(nullptr, {kParseError, "bad", nullptr})),
            R"({"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad"}})");
  EXPECT_EQ(serialize(make_error("a", {kInvalidParams, "p", json::object{{"k", 1}}})),
            R"({"jsonrpc":"2.0","id":"a","error":{"code":-32602,"message":"p","data":{"k":1}}})");
  EXPECT_EQ(serialize(make_notification("$/cancelRequest", json::object{{"id", 3}})),
            R"({"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":3}})");
  EXPECT_EQ(serialize(make_request(2, "shutdown")), R"({"jsonrpc":"2.0","id":2,"method":"shutdown"})");
  // A reply parses back as a response.
  EXPECT_TRUE(std::holds_alternative<Response>(classify(make_result(1, 2))));
}

TEST(JsonRpc, IdKeys) {
  EXPECT_NE(id_key(1), id_key("1"));
  EXPECT_EQ(id_key(1), id_key(json::value(std::uint64_t{1})));
  EXPECT_TRUE(is_valid_id(1));
  EXPECT_TRUE(is_valid_id("x"));
  EXPECT_FALSE(is_valid_id(1.0));
  EXPECT_FALSE(is_valid_id(nullptr));
}

TEST(JsonRpc, RpcErrorCarriesTheError) {
  RpcError e(kInvalidParams, "nope", "d");
  EXPECT_EQ(e.error().code, kInvalidParams);
  EXPECT_EQ(e.error().message, "nope");
  EXPECT_STREQ(e.what(), "nope");
}

}  // namespace
}  // namespace toolchain::daemon::jsonrpc
