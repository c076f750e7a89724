// The TypeScript constructs with runtime meaning, rewritten in place: enums,
// namespaces and constructor parameter properties. Generated code goes on
// the lines of the construct it replaces, so every later line keeps its
// number; the shapes follow what tsc emits.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "runtime/transpile/walker.h"

namespace toolchain::transpile::detail {
namespace {

std::string str(std::string_view s) { return std::string(s); }

// A numeric literal's value (decimal, hex, octal, binary, separators).
EnumValue parseNumber(std::string_view t) {
  std::string digits;
  for (char c : t)
    if (c != '_') digits += c;
  if (digits.empty() || digits.back() == 'n') return {};  // BigInt: not an enum value
  double v;
  if (digits.size() > 2 && digits[0] == '0' && std::strchr("xXoObB", digits[1])) {
    int base = (digits[1] | 0x20) == 'x' ? 16 : (digits[1] | 0x20) == 'o' ? 8 : 2;
    v = double(std::strtoull(digits.c_str() + 2, nullptr, base));
  } else {
    v = std::strtod(digits.c_str(), nullptr);
  }
  return {EnumValue::Number, v};
}

int32_t toInt32(double v) {
  if (!std::isfinite(v)) return 0;
  double m = std::fmod(std::trunc(v), 4294967296.0);
  if (m < 0) m += 4294967296.0;
  return int32_t(uint32_t(m));
}

// A number as JavaScript prints it (enough for enum auto-increment values).
std::string formatNumber(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  if (v == std::trunc(v) && std::fabs(v) < 1e21) {
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 0);
    std::string s(buf, r.ptr);
    return s == "-0" ? "0" : s;
  }
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  size_t e = s.find('e');
  if (e != std::string::npos) {  // 1e+21 -> 1e21, 1e-07 -> 1e-7
    std::string exp = s.substr(e + 1);
    bool negative = exp[0] == '-';
    size_t i = (exp[0] == '-' || exp[0] == '+') ? 1 : 0;
    while (i + 1 < exp.size() && exp[i] == '0') i++;
    s = s.substr(0, e + 1) + (negative ? "-" : "+") + exp.substr(i);
  }
  return s;
}

}  // namespace

std::string Transpiler::bindingTarget(std::string_view name, bool exportedFromNamespace) const {
  std::string n = str(name);
  if (exportedFromNamespace) {
    std::string p = str(ns_->name) + "." + n;
    return n + " = " + p + " || (" + p + " = {})";
  }
  return n + " || (" + n + " = {})";
}

// ---------------------------------------------------------------------------
// Enums

// enum E { A, B = A << 1, C = "c" }  becomes, each member on its own line,
//   var E; (function (E) { E[E["A"] = 0] = "A"; E[E["B"] = E.A << 1] = "B";
//   E["C"] = "c"; })(E || (E = {}));
void Transpiler::rewriteEnum(TSNode en, TSNode exportStmt) {
  TSNode nameNode = childOf(en, S.identifier), body = childOf(en, S.enum_body);
  if (ts_node_is_null(nameNode) || ts_node_is_null(body)) return;
  std::string name = str(text(nameNode));
  bool exported = !ts_node_is_null(exportStmt);
  bool merged = declaredInScope(text(nameNode));
  declareInScope(text(nameNode));

  // Members of earlier declarations of a merged enum are in scope too.
  EnumInfo& info = enums_[qualified(name)];
  if (!merged) info = {};
  Kids k(*this, body);
  for (TSNode c : k) {
    TSNode key = is(c, S.enum_assignment) ? firstNamed(c) : c;
    if (is(key, S.property_identifier)) info.members.insert(text(key));
  }
  if (exported && ns_) ns_->exported.push_back(text(nameNode));

  // `export` stays for a module-level enum declared once; inside a namespace
  // the export is the property assignment, and a merged enum is already exported.
  if (exported && (ns_ || merged)) erase(start(exportStmt), start(en));
  std::string header = (merged ? "" : "var " + name + "; ") + "(function (" + name + ") {";

  std::unordered_map<std::string_view, EnumValue>& values = info.values;
  EnumValue prev;
  std::string prevKey;
  bool first = true;
  EnumScope scope{text(nameNode), &info.members};
  for (TSNode c : k) {
    TSSymbol s = ts_node_symbol(c);
    if (s == S.tok_lbrace) {
      replace(start(en), end(c), header);
      continue;
    }
    if (s == S.tok_rbrace) {
      replace(start(c), end(c), "})(" + bindingTarget(name, exported && ns_) + ");");
      continue;
    }
    if (s == S.tok_comma) {
      erase(c);
      continue;
    }
    if (s != S.enum_assignment && s != S.property_identifier && s != S.string &&
        s != S.computed_property_name && s != S.number)
      continue;  // comments
    TSNode keyNode = s == S.enum_assignment ? firstNamed(c) : c;
    TSNode init{};
    if (s == S.enum_assignment) {
      Kids parts(*this, c);
      for (size_t i = 0; i + 1 < parts.size(); i++)
        if (is(parts[i], S.tok_eq)) init = parts[i + 1];
    }
    std::string key;
    std::string_view memberName;
    if (is(keyNode, S.property_identifier)) {
      memberName = text(keyNode);
      key = "\"" + str(memberName) + "\"";
    } else if (is(keyNode, S.string)) {
      key = str(text(keyNode));
      TSNode fragment = childOf(keyNode, S.string_fragment);
      if (!ts_node_is_null(fragment)) memberName = text(fragment);
    } else if (is(keyNode, S.computed_property_name)) {
      error(start(keyNode), "Computed enum member names are not supported");
      continue;
    } else {
      error(start(keyNode), "An enum member cannot have a numeric name");
      continue;
    }

    EnumValue value;
    if (ts_node_is_null(init)) {
      std::string v;
      if (first) {
        value = {EnumValue::Number, 0};
        v = "0";
      } else if (prev.kind == EnumValue::Number) {
        value = {EnumValue::Number, prev.number + 1};
        v = formatNumber(value.number);
      } else if (prev.kind == EnumValue::String) {
        error(start(c), "Enum member must have initializer");
        continue;
      } else {
        v = name + "[" + prevKey + "] + 1";  // previous value known only at run time
      }
      replace(start(c), end(c), name + "[" + name + "[" + key + "] = " + v + "] = " + key + ";");
    } else {
      value = evalEnum(init, values, text(nameNode));
      // String members get no reverse mapping, as in tsc.
      if (value.kind == EnumValue::String) {
        replace(start(c), start(init), name + "[" + key + "] = ");
      } else {
        replace(start(c), start(init), name + "[" + name + "[" + key + "] = ");
      }
      const EnumScope* saved = enum_;
      enum_ = &scope;
      visit(init);
      enum_ = saved;
      insert(end(init), value.kind == EnumValue::String ? ";" : "] = " + key + ";");
    }
    if (!memberName.empty()) values[memberName] = value;
    prev = value;
    prevKey = key;
    first = false;
  }
}

// The constant value of an enum initialiser, where tsc could compute it:
// needed for auto-increment and to know string members (no reverse mapping).
EnumValue Transpiler::evalEnum(TSNode e,
                               const std::unordered_map<std::string_view, EnumValue>& values,
                               std::string_view enumName, int depth) {
  if (depth > 200) return {};  // deeper constants are not worth folding
  TSSymbol s = ts_node_symbol(e);
  if (s == S.number) return parseNumber(text(e));
  if (s == S.string) return {EnumValue::String, 0};
  if (s == S.template_string)
    return ts_node_is_null(childOf(e, S.template_substitution)) ? EnumValue{EnumValue::String, 0}
                                                                : EnumValue{};
  if (s == S.parenthesized_expression) {
    TSNode inner = firstNamed(e);
    return ts_node_is_null(inner) ? EnumValue{} : evalEnum(inner, values, enumName, depth + 1);
  }
  if (s == S.identifier) {
    auto it = values.find(text(e));
    return it == values.end() ? EnumValue{} : it->second;
  }
  if (s == S.member_expression) {  // E.A
    TSNode object = firstNamed(e), property = childOf(e, S.property_identifier);
    if (!is(object, S.identifier) || text(object) != enumName || ts_node_is_null(property))
      return {};
    auto it = values.find(text(property));
    return it == values.end() ? EnumValue{} : it->second;
  }
  Kids k(*this, e);
  if (s == S.unary_expression && k.size() == 2) {
    EnumValue v = evalEnum(k[1], values, enumName, depth + 1);
    if (v.kind != EnumValue::Number) return {};
    std::string_view op = text(k[0]);
    if (op == "+") return v;
    if (op == "-") return {EnumValue::Number, -v.number};
    if (op == "~") return {EnumValue::Number, double(~toInt32(v.number))};
    return {};
  }
  if (s == S.binary_expression && k.size() == 3) {
    EnumValue l = evalEnum(k[0], values, enumName, depth + 1),
              r = evalEnum(k[2], values, enumName, depth + 1);
    std::string_view op = text(k[1]);
    if (l.kind == EnumValue::Unknown || r.kind == EnumValue::Unknown) return {};
    if (l.kind == EnumValue::String || r.kind == EnumValue::String)
      return op == "+" ? EnumValue{EnumValue::String, 0} : EnumValue{};
    double a = l.number, b = r.number;
    uint32_t shift = uint32_t(toInt32(b)) & 31;
    double v;
    if (op == "+")
      v = a + b;
    else if (op == "-")
      v = a - b;
    else if (op == "*")
      v = a * b;
    else if (op == "/")
      v = a / b;
    else if (op == "%")
      v = std::fmod(a, b);
    else if (op == "**")
      v = std::pow(a, b);
    else if (op == "<<")
      v = double(int32_t(uint32_t(toInt32(a)) << shift));
    else if (op == ">>")
      v = double(toInt32(a) >> shift);
    else if (op == ">>>")
      v = double(uint32_t(toInt32(a)) >> shift);
    else if (op == "&")
      v = double(toInt32(a) & toInt32(b));
    else if (op == "|")
      v = double(toInt32(a) | toInt32(b));
    else if (op == "^")
      v = double(toInt32(a) ^ toInt32(b));
    else
      return {};
    return {EnumValue::Number, v};
  }
  return {};
}

// ---------------------------------------------------------------------------
// Namespaces

// A namespace with only types (or nothing) has no runtime value and is erased.
bool Transpiler::isInstantiated(TSNode block) {
  if (stackExhausted(block)) return true;
  Kids k(*this, block);
  for (TSNode c : k) {
    TSSymbol s = ts_node_symbol(c);
    if (s == S.tok_lbrace || s == S.tok_rbrace || s == S.comment || s == S.empty_statement ||
        s == S.interface_declaration || s == S.type_alias_declaration ||
        s == S.ambient_declaration || s == S.function_signature || s == S.import_alias)
      continue;
    if (s == S.import_statement && hasToken(c, S.kw_type)) continue;
    TSNode inner = c;
    if (s == S.export_statement || s == S.expression_statement) {
      inner = firstNamed(c);
      TSSymbol is_ = ts_node_symbol(inner);
      if (is_ == S.interface_declaration || is_ == S.type_alias_declaration ||
          is_ == S.ambient_declaration || is_ == S.function_signature)
        continue;
      if (s == S.export_statement && hasToken(c, S.kw_type)) continue;
    }
    if (is(inner, S.internal_module) || is(inner, S.module)) {
      TSNode body = childOf(inner, S.statement_block);
      if (ts_node_is_null(body) || is(childOf(inner, S.string), S.string) || !isInstantiated(body))
        continue;
    }
    return true;
  }
  return false;
}

// namespace A.B { export const x = 1; }  becomes, the body's lines where they were,
//   var A; (function (A) { var B; (function (B) { const x = 1; B.x = x;
//   })(B = A.B || (A.B = {})); })(A || (A = {}));
void Transpiler::rewriteNamespace(TSNode mod, TSNode stmt, TSNode exportStmt) {
  TSNode nameNode{}, body{};
  {
    Kids k(*this, mod);
    for (TSNode c : k) {
      if (is(c, S.statement_block))
        body = c;
      else if (is(c, S.identifier) || is(c, S.nested_identifier) || is(c, S.string))
        nameNode = c;
    }
  }
  if (ts_node_is_null(nameNode) || ts_node_is_null(body) || is(nameNode, S.string) ||
      !isInstantiated(body)) {
    // Ambient `module "x"`, or a namespace of types only.
    if (!ts_node_is_null(nameNode) && !is(nameNode, S.string)) {
      TSNode root = nameNode;
      while (is(root, S.nested_identifier)) root = firstNamed(root);
      typeNames_.insert(text(root));
    }
    eraseStatement(stmt);
    return;
  }

  std::vector<std::string_view> names;  // A.B.C -> A, B, C
  for (TSNode n = nameNode;;) {
    if (is(n, S.nested_identifier)) {
      TSNode property = childOf(n, S.property_identifier);
      names.insert(names.begin(), text(property));
      n = firstNamed(n);
    } else {
      names.insert(names.begin(), text(n));
      break;
    }
  }
  bool exported = !ts_node_is_null(exportStmt);
  bool merged = declaredInScope(names[0]);
  declareInScope(names[0]);
  if (exported && (ns_ || merged)) erase(start(exportStmt), start(mod));
  if (exported && ns_) ns_->exported.push_back(names[0]);

  std::string header =
      (merged ? "" : "var " + str(names[0]) + "; ") + "(function (" + str(names[0]) + ") {";
  for (size_t i = 1; i < names.size(); i++)
    header += " var " + str(names[i]) + "; (function (" + str(names[i]) + ") {";

  // A namespace opened again sees what its earlier blocks exported, unqualified
  // (tsc rewrites such references to N.x): bind them locally, unless this
  // block declares the name itself. A snapshot: later reassignments of an
  // exported `let` from another block are not seen.
  std::string key;
  for (std::string_view n : names) {
    if (!key.empty()) namespaces_[key].push_back(n);  // `namespace A.B` exports B from A
    key += (key.empty() ? qualified(n) : "." + str(n));
  }
  std::vector<std::string_view> earlier;
  if (auto it = namespaces_.find(key); it != namespaces_.end()) earlier = it->second;
  std::string close;
  for (size_t i = names.size(); i-- > 1;) {
    std::string n = str(names[i]), p = str(names[i - 1]) + "." + n;
    close += "})(" + n + " = " + p + " || (" + p + " = {})); ";
  }
  close += "})(" + bindingTarget(names[0], exported && ns_) + ");";

  Kids k(*this, body);
  std::vector<Namespace> chain;  // one per name, so nested exports bind to the innermost
  chain.reserve(names.size());
  Namespace* saved = ns_;
  for (std::string_view n : names) {
    chain.push_back({n, ns_, {}, {}, {}});
    ns_ = &chain.back();
  }
  scopes_.emplace_back();
  uint32_t headerEnd = start(body) + 1;
  for (TSNode c : k) {
    if (is(c, S.tok_lbrace))
      headerEnd = end(c);
    else if (is(c, S.tok_rbrace))
      replace(start(c), end(c), close);
    else
      visit(c);
  }
  scopes_.pop_back();
  if (!earlier.empty()) {
    // Bound after the walk, so only names read somewhere are bound.
    std::vector<std::string_view> own;
    for (TSNode st : k) declaredNames(st, own);
    std::string bindings, n = str(names.back());
    for (std::string_view x : earlier) {
      if (!used_.count(x) || std::find(own.begin(), own.end(), x) != own.end()) continue;
      own.push_back(x);
      bindings += (bindings.empty() ? " var " : ", ") + str(x) + " = " + n + "." + str(x);
    }
    if (!bindings.empty()) header += bindings + ";";
  }
  replace(start(mod), headerEnd, header);
  finishNamespace(chain.back());
  auto& registry = namespaces_[key];
  registry.insert(registry.end(), chain.back().exported.begin(), chain.back().exported.end());
  ns_ = saved;
}

// `export` inside a namespace: the declaration stays local and its names are
// copied onto the namespace object right after it.
void Transpiler::exportFromNamespace(TSNode exportStmt, TSNode decl) {
  erase(start(exportStmt), start(decl));
  TSSymbol s = ts_node_symbol(decl);
  std::string ns = str(ns_->name);
  if (s == S.lexical_declaration || s == S.variable_declaration) {
    visit(decl);
    NsExport e{end(decl), src_[end(decl) - 1] != ';', !hasToken(decl, S.kw_const), {}};
    Kids k(*this, decl);
    for (TSNode d : k)
      if (is(d, S.variable_declarator)) {
        TSNode pattern = firstNamed(d);
        if (!ts_node_is_null(pattern)) collectBoundNames(pattern, e.names);
      }
    ns_->exported.insert(ns_->exported.end(), e.names.begin(), e.names.end());
    ns_->exports.push_back(std::move(e));
    return;
  }
  TSNode name{};
  if (s == S.function_declaration || s == S.generator_function_declaration)
    name = childOf(decl, S.identifier);
  else if (s == S.class_declaration || s == S.abstract_class_declaration)
    name = childOf(decl, S.type_identifier);
  visit(decl);
  if (ts_node_is_null(name)) return;
  ns_->exported.push_back(text(name));
  insert(end(decl), " " + ns + "." + str(text(name)) + " = " + str(text(name)) + ";");
}

// Exported let/var bindings the namespace assigns to are exposed through
// accessors, so `N.count` follows `count++` inside the namespace as tsc's
// rewriting to `N.count++` would.
void Transpiler::finishNamespace(const Namespace& ns) {
  std::string n = str(ns.name);
  for (const NsExport& e : ns.exports) {
    std::string t = e.semicolon ? ";" : "";
    for (std::string_view v : e.names) {
      std::string x = str(v);
      if (e.mutable_binding && ns.assigned.count(v))
        t += " Object.defineProperty(" + n + ", \"" + x + "\", { get: () => " + x + ", set: (" + x +
             "_) => { " + x + " = " + x + "_; }, enumerable: true, configurable: true });";
      else
        t += " " + n + "." + x + " = " + x + ";";
    }
    insert(e.at, std::move(t));
  }
}

// ---------------------------------------------------------------------------
// Parameter properties

// constructor(public x: number) { super(); }  becomes
//   constructor(       x        ) { super(); this.x = x; }
// and visitClass declares `x;` as the class's first field.
void Transpiler::insertParameterProperties(TSNode ctor,
                                           const std::vector<std::string_view>& props) {
  TSNode body = childOf(ctor, S.statement_block);
  if (ts_node_is_null(body)) return;
  std::string assign;
  for (std::string_view p : props) assign += " this." + str(p) + " = " + str(p) + ";";
  if (!classExtends_) {
    insert(start(body) + 1, std::move(assign));
    return;
  }
  // In a derived class `this` exists only after super(): assign right after
  // the root-level super call.
  Kids k(*this, body);
  for (TSNode st : k) {
    if (!is(st, S.expression_statement)) continue;
    TSNode call = firstNamed(st);
    if (!is(call, S.call_expression) || !is(firstNamed(call), S.super_)) continue;
    insert(end(st), (src_[end(st) - 1] == ';' ? "" : ";") + assign);
    return;
  }
  error(start(ctor),
        "A 'super' call must be a root-level statement within a constructor of a derived class "
        "that contains parameter properties");
}

}  // namespace toolchain::transpile::detail
