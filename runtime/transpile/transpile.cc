// TypeScript -> JavaScript by erasing types in place (see DESIGN.md "Runtime").
//
// One tree-sitter parse, one walk that records edits (blank a range, or put
// text in place of a range), then one pass that applies them. Erased text
// becomes spaces and every line terminator is kept, so each remaining token
// keeps its line and column and stack traces need no source map. The
// rewrites with runtime meaning (enums, namespaces, parameter properties)
// live in rewrite.cc; they put their generated code on the lines of the
// construct they replace.
#include "runtime/transpile/transpile.h"

#include <algorithm>
#include <cstring>

#include "runtime/transpile/fast_erase.h"
#include "runtime/transpile/walker.h"

extern "C" const TSLanguage* tree_sitter_typescript();
extern "C" const TSLanguage* tree_sitter_javascript();

namespace toolchain::transpile {
namespace detail {
namespace {

TSSymbol lookup(const TSLanguage* language, const char* name, bool named) {
  TSSymbol s = ts_language_symbol_for_name(language, name, uint32_t(strlen(name)), named);
  return s == 0 ? kNoSymbol : s;
}

bool isIdentChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || (unsigned char)c >= 0x80;
}
bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The token that starts at `p` as swc names it in "Expected ')', got '{'": a
// word, or the longest punctuator there.
std::string_view tokenAt(std::string_view s, size_t p) {
  if (isIdentChar(s[p])) {
    size_t e = p;
    while (e < s.size() && isIdentChar(s[e])) e++;
    return s.substr(p, e - p);
  }
  for (std::string_view op : {">>>=", "===", "!==", "**=", "...", "<<=", ">>=", ">>>", "&&=", "||=", "??=", "=>",
                              "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=",
                              "%=", "&=", "|=", "^=", "**", "<<", ">>"})
    if (s.substr(p).starts_with(op)) return op;
  return s.substr(p, 1);
}

// Whole-word occurrence of `word` at i.
bool wordAt(std::string_view s, size_t i, std::string_view word) {
  return s.compare(i, word.size(), word) == 0 && (i == 0 || !isIdentChar(s[i - 1])) &&
         (i + word.size() >= s.size() || !isIdentChar(s[i + word.size()]));
}

// `from "x" with { ... }` (or `assert`) after an import/export, or after a bare `import "x"`. The grammar
// cannot parse attributes on re-exports, so these clauses are blanked in the
// text given to the parser and `with` is rewritten to `assert` (the only
// form V8 10.2 parses) from this scan.
struct AttributeClause {
  uint32_t keyword, end;  // `with`/`assert` start, one past the closing brace
  bool with;
};

std::vector<AttributeClause> findAttributeClauses(std::string_view s) {
  std::vector<AttributeClause> out;
  for (std::string_view kw : {std::string_view("with"), std::string_view("assert")}) {
    for (size_t i = s.find(kw); i != std::string_view::npos; i = s.find(kw, i + 1)) {
      if (!wordAt(s, i, kw)) continue;
      size_t j = i;
      while (j > 0 && isSpace(s[j - 1])) j--;
      if (j < 2 || (s[j - 1] != '"' && s[j - 1] != '\'')) continue;
      char quote = s[j - 1];
      size_t k = j - 1;
      while (k > 0 && s[k - 1] != quote && s[k - 1] != '\n') k--;
      if (k == 0 || s[k - 1] != quote) continue;
      k--;
      while (k > 0 && isSpace(s[k - 1])) k--;
      // `from "x" with {…}`, or a bare `import "x" with {…}`
      if (!(k >= 4 && wordAt(s, k - 4, "from")) && !(k >= 6 && wordAt(s, k - 6, "import"))) continue;
      size_t b = i + kw.size();
      while (b < s.size() && isSpace(s[b])) b++;
      if (b >= s.size() || s[b] != '{') continue;
      size_t e = b + 1;
      int depth = 1;
      while (e < s.size() && depth > 0 && e - b < 4096) {
        char c = s[e++];
        if (c == '{')
          depth++;
        else if (c == '}')
          depth--;
        else if (c == '"' || c == '\'') {
          while (e < s.size() && s[e] != c && s[e] != '\n') e += s[e] == '\\' ? 2 : 1;
          e++;
        }
      }
      if (depth == 0) out.push_back({uint32_t(i), uint32_t(e), kw == "with"});
    }
  }
  std::sort(out.begin(), out.end(), [](const AttributeClause& a, const AttributeClause& b) {
    return a.keyword < b.keyword;
  });
  return out;
}

// The code before position i on its line, skipping spaces and tabs, ends
// with one of `chars` (or the line starts there).
bool afterLineStartOr(std::string_view s, size_t i, const char* chars) {
  while (i > 0 && (s[i - 1] == ' ' || s[i - 1] == '\t')) i--;
  return i == 0 || s[i - 1] == '\n' || s[i - 1] == '\r' || std::strchr(chars, s[i - 1]);
}

// `word` ends right before position i, but for spaces and tabs.
bool wordBefore(std::string_view s, size_t i, std::string_view word) {
  while (i > 0 && (s[i - 1] == ' ' || s[i - 1] == '\t')) i--;
  return i >= word.size() && wordAt(s, i - word.size(), word);
}

size_t skipBlanks(std::string_view s, size_t i) {
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) i++;
  return i;
}

// `import(x, { with: ... })`: a `with` key within the call's parentheses.
bool dynamicImportAttributes(std::string_view s) {
  for (size_t i = s.find("import"); i != std::string_view::npos; i = s.find("import", i + 1)) {
    size_t p = i + 6;
    while (p < s.size() && isSpace(s[p])) p++;
    if (!wordAt(s, i, "import") || p >= s.size() || s[p] != '(') continue;
    int depth = 0;
    for (size_t e = p; e < s.size() && e - p < 2000; e++) {
      char c = s[e];
      if (c == '(')
        depth++;
      else if (c == ')' && --depth == 0)
        break;
      else if (c == 'w' && wordAt(s, e, "with")) {
        size_t q = e + 4;
        if (q < s.size() && (s[q] == '"' || s[q] == '\'')) q++;
        while (q < s.size() && isSpace(s[q])) q++;
        if (q < s.size() && s[q] == ':') return true;
      }
    }
  }
  return false;
}

// Does JavaScript need the parse at all? Import attributes must never be
// missed (V8 10.2 needs `assert`). The syntax V8 10.2 lacks (`using`,
// decorators, the RegExp `v` flag) only gets a clearer diagnostic than
// V8's, so those checks look for statement-like shapes and let prose in
// comments ("using the", "{@link}") through without a parse.
bool javascriptNeedsWork(std::string_view s) {
  if (!findAttributeClauses(s).empty() || dynamicImportAttributes(s)) return true;
  for (size_t i = s.find("using"); i != std::string_view::npos; i = s.find("using", i + 1)) {
    if (!wordAt(s, i, "using")) continue;
    if (!afterLineStartOr(s, i, ";{}(") && !wordBefore(s, i, "await")) continue;
    size_t j = skipBlanks(s, i + 5);
    if (j == i + 5 || j >= s.size() || !isIdentChar(s[j]) || (s[j] >= '0' && s[j] <= '9')) continue;
    while (j < s.size() && isIdentChar(s[j])) j++;
    j = skipBlanks(s, j);
    if ((j < s.size() && s[j] == '=' && (j + 1 >= s.size() || s[j + 1] != '=')) ||
        wordAt(s, j, "of"))
      return true;
  }
  for (size_t i = s.find('@'); i != std::string_view::npos; i = s.find('@', i + 1)) {
    if (i + 1 < s.size() && isIdentChar(s[i + 1]) && s[i + 1] != '$' &&
        (afterLineStartOr(s, i, "(;") || wordBefore(s, i, "export")))
      return true;
  }
  for (size_t i = s.find('/'); i != std::string_view::npos; i = s.find('/', i + 1)) {
    size_t j = i + 1;
    bool v = false;
    while (j < s.size() && s[j] && std::strchr("dgimsuyv", s[j])) v |= s[j++] == 'v';
    if (v && (j >= s.size() || !isIdentChar(s[j]))) return true;
  }
  return false;
}

}  // namespace

void appendBlank(std::string& out, std::string_view r, bool semicolon) {
  for (size_t i = 0; i < r.size(); i++) {
    unsigned char c = r[i];
    if (c == '\n' || c == '\r') {
      out += char(c);
    } else if ((c & 0xC0) == 0x80) {
      // UTF-8 continuation byte: its code point already became a space.
    } else if (c == 0xE2 && i + 2 < r.size() && (unsigned char)r[i + 1] == 0x80 &&
               ((unsigned char)r[i + 2] == 0xA8 || (unsigned char)r[i + 2] == 0xA9)) {
      out.append(r.substr(i, 3));  // U+2028/U+2029 end lines for V8
      i += 2;
    } else {
      // One space per UTF-16 unit, so V8's columns stay right.
      out += semicolon ? ';' : ' ';
      semicolon = false;
      if (c >= 0xF0) out += ' ';
    }
  }
}

void appendLineTerminators(std::string& out, std::string_view r) {
  for (size_t i = 0; i < r.size(); i++) {
    unsigned char c = r[i];
    if (c == '\n' || c == '\r')
      out += char(c);
    else if (c == 0xE2 && i + 2 < r.size() && (unsigned char)r[i + 1] == 0x80 &&
             ((unsigned char)r[i + 2] == 0xA8 || (unsigned char)r[i + 2] == 0xA9))
      out.append(r.substr(i, 3)), i += 2;
  }
}

Symbols::Symbols(const TSLanguage* language, bool typescript) {
#define TC_LOOKUP(name) name = lookup(language, #name, true);
  TC_NAMED_KINDS(TC_LOOKUP)
#undef TC_LOOKUP
#define TC_LOOKUP(name, text) name = lookup(language, text, true);
  TC_NAMED_KINDS2(TC_LOOKUP)
#undef TC_LOOKUP
#define TC_LOOKUP(name, text) name = lookup(language, text, false);
  TC_TOKEN_KINDS(TC_LOOKUP)
#undef TC_LOOKUP
  error = kErrorSymbol;
  act.assign(ts_language_symbol_count(language), Act::Walk);
  if (!typescript) return;  // the JavaScript walk does not use the table
  auto set = [&](std::initializer_list<TSSymbol> symbols, Act a) {
    for (TSSymbol s : symbols)
      if (s < act.size()) act[s] = a;
  };
  set({type_annotation, type_parameters, type_arguments, type_predicate_annotation,
       asserts_annotation, omitting_type_annotation, opting_type_annotation, adding_type_annotation,
       implements_clause},
      Act::EraseType);
  set({interface_declaration, type_alias_declaration, ambient_declaration, function_signature,
       abstract_method_signature, method_signature, index_signature},
      Act::EraseStatement);
  set({identifier}, Act::Identifier);
  set({shorthand_property_identifier}, Act::ShorthandProperty);
  set({comment, string, number, property_identifier, string_fragment, type_identifier, this_,
       super_, regex_flags},
      Act::Leaf);
  set({program,
       statement_block,
       expression_statement,
       enum_declaration,
       internal_module,
       module,
       import_statement,
       import_alias,
       export_statement,
       class_declaration,
       class_,
       abstract_class_declaration,
       formal_parameters,
       arrow_function,
       variable_declarator,
       non_null_expression,
       as_expression,
       satisfies_expression,
       type_assertion,
       call_expression,
       subscript_expression,
       binary_expression,
       decorator,
       regex,
       kw_using,
       kw_accessor,
       function_declaration,
       generator_function_declaration,
       assignment_expression,
       augmented_assignment_expression,
       update_expression},
      Act::Special);
}

// ---------------------------------------------------------------------------
// Plumbing

Transpiler::Transpiler(std::string_view source, const Symbols& symbols, bool typescript)
    : src_(source), S(symbols), ts_(typescript) {
  scopes_.emplace_back();
}

Transpiler::~Transpiler() {
  if (cursorReady_) ts_tree_cursor_delete(&cursor_);
}

Transpiler::Kids::Kids(Transpiler& t, TSNode n) : t_(t) {
  if (!t.pool_.empty()) {
    v_ = std::move(t.pool_.back());
    t.pool_.pop_back();
    v_.clear();
  }
  if (!t.cursorReady_) {
    t.cursor_ = ts_tree_cursor_new(n);
    t.cursorReady_ = true;
  } else {
    ts_tree_cursor_reset(&t.cursor_, n);
  }
  if (ts_tree_cursor_goto_first_child(&t.cursor_)) {
    do v_.push_back(ts_tree_cursor_current_node(&t.cursor_));
    while (ts_tree_cursor_goto_next_sibling(&t.cursor_));
  }
}

Transpiler::Kids::~Kids() { t_.pool_.push_back(std::move(v_)); }

TSNode Transpiler::firstNamed(TSNode n) {
  Kids k(*this, n);
  for (TSNode c : k)
    if (ts_node_is_named(c) && !is(c, S.comment)) return c;
  return TSNode{};
}

TSNode Transpiler::childOf(TSNode n, TSSymbol s) {
  Kids k(*this, n);
  for (TSNode c : k)
    if (ts_node_symbol(c) == s) return c;
  return TSNode{};
}

bool Transpiler::hasToken(TSNode n, TSSymbol s) { return !ts_node_is_null(childOf(n, s)); }

// Blanking a statement or a member's leading modifiers can join the code
// before it with the code after it (`x = 1\n private [k] = 2` would become
// `x = 1[k] = 2`). Then the blank starts with ';': when the code before does
// not end with ';' or '{' and the code after starts with a token that can
// continue an expression.
bool Transpiler::needsSemicolon(uint32_t before, uint32_t after) const {
  uint32_t p = before;
  while (p > 0 && isSpace(src_[p - 1])) p--;
  if (p == 0 || src_[p - 1] == ';' || src_[p - 1] == '{') return false;
  size_t q = after;
  for (;;) {  // skip white space and comments
    while (q < src_.size() && isSpace(src_[q])) q++;
    if (src_.compare(q, 2, "//") == 0) {
      q = src_.find('\n', q);
      if (q == std::string_view::npos) return false;
    } else if (src_.compare(q, 2, "/*") == 0) {
      q = src_.find("*/", q + 2);
      if (q == std::string_view::npos) return false;
      q += 2;
    } else {
      break;
    }
  }
  return q < src_.size() && std::strchr("([`+-/*<.", src_[q]) != nullptr;
}

void Transpiler::erase(uint32_t s, uint32_t e) {
  if (s < e) edits_.push_back({s, e, EditKind::Blank, false, {}});
}

void Transpiler::eraseStatement(TSNode n) {
  uint32_t s = start(n), e = end(n);
  // A blanked import/export also takes its attribute clause (`with {...}`),
  // which the parser never saw.
  for (const auto& [kw, clauseEnd] : attributes_) {
    if (kw < e) continue;
    bool adjacent = true;
    for (uint32_t i = e; i < kw && adjacent; i++) adjacent = isSpace(src_[i]);
    if (adjacent) e = clauseEnd;
    break;
  }
  edits_.push_back({s, e, needsSemicolon(s, e) ? EditKind::BlankSemi : EditKind::Blank, false, {}});
}

void Transpiler::eraseLeading(uint32_t s, uint32_t e) {
  edits_.push_back({s, e, needsSemicolon(s, e) ? EditKind::BlankSemi : EditKind::Blank, false, {}});
}

void Transpiler::insert(uint32_t at, const char* text) { replace(at, at, text); }

void Transpiler::replace(uint32_t s, uint32_t e, std::string text) {
  edits_.push_back({s, e, EditKind::Text, false, std::move(text)});
}

void Transpiler::addImportAttributeEdit(uint32_t keyword, uint32_t clauseEnd, bool with) {
  attributes_.push_back({keyword, clauseEnd});
  if (with) edits_.push_back({keyword, keyword + 4, EditKind::Text, true, "assert"});
}

void Transpiler::error(uint32_t byte, std::string message) {
  // 1-based line; column in UTF-16 units as V8 and Deno count them.
  int line = 1;
  uint32_t lineStart = 0;
  for (uint32_t i = 0; i < byte && i < src_.size(); i++)
    if (src_[i] == '\n') line++, lineStart = i + 1;
  int column = 1;
  for (uint32_t i = lineStart; i < byte && i < src_.size(); i++) {
    unsigned char c = src_[i];
    if ((c & 0xC0) != 0x80) column += c >= 0xF0 ? 2 : 1;
  }
  errors_.push_back({line, column, std::move(message)});
}

bool Transpiler::declaredInScope(std::string_view name) const {
  const auto& scope = scopes_.back();
  return std::find(scope.begin(), scope.end(), name) != scope.end();
}

// ---------------------------------------------------------------------------
// Syntax errors (TypeScript only: for JavaScript, V8 reports them)

bool Transpiler::isBenignError(TSNode n, TSSymbol parent) {
  // `export import x = require("y")` reads as an alias missing its ';';
  // visitImportAlias reports it with a clearer message.
  if (ts_node_is_missing(n)) return parent == S.import_alias;
  // `export type * from "x"`: the grammar lacks it; visitExport erases it.
  if (parent == S.export_statement && text(n) == "type") return true;
  // Variance annotations `<in out T>` inside type parameters, which are erased.
  if (parent == S.type_parameters) {
    Kids k(*this, n);
    for (TSNode c : k)
      if (!is(c, S.identifier)) return false;
    return true;
  }
  return false;
}

bool Transpiler::findSyntaxError(TSNode root, TSNode* out) {
  TSTreeCursor c = ts_tree_cursor_new(root);
  std::vector<TSSymbol> parents;  // symbols of the nodes above the cursor
  bool found = false;
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&c);
    if ((ts_node_is_missing(n) || ts_node_symbol(n) == S.error) &&
        !isBenignError(n, parents.empty() ? TSSymbol(0) : parents.back())) {
      *out = n;
      found = true;
      break;
    }
    if (ts_node_has_error(n) && ts_tree_cursor_goto_first_child(&c)) {
      parents.push_back(ts_node_symbol(n));
      continue;
    }
    bool done = false;
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      if (!ts_tree_cursor_goto_parent(&c)) {
        done = true;
        break;
      }
      parents.pop_back();
    }
    if (done) break;
  }
  ts_tree_cursor_delete(&c);
  return found;
}

// Whether the last token before `at` is an operator that wants an operand after it.
bool Transpiler::followsOperator(uint32_t at) const {
  while (at > 0 && isSpace(src_[at - 1])) at--;
  return at > 0 && std::string_view("=+-*/%&|^<>!?:~").find(src_[at - 1]) != std::string_view::npos;
}

bool Transpiler::firstSyntaxError(TSNode root, uint32_t* at, uint32_t* errorEnd,
                                  std::string* message) {
  TSNode bad;
  if (!findSyntaxError(root, &bad)) return false;
  *errorEnd = std::max(end(bad), start(bad) + 1);
  // Inside an ERROR node a MISSING token, if any, shows best what went wrong;
  // otherwise the ERROR's first token is the unexpected one.
  TSNode missing{};
  if (!ts_node_is_missing(bad)) {
    TSTreeCursor c = ts_tree_cursor_new(bad);
    for (bool more = ts_tree_cursor_goto_first_child(&c); more;) {
      TSNode n = ts_tree_cursor_current_node(&c);
      if (ts_node_is_missing(n)) {
        missing = n;
        break;
      }
      if (ts_node_has_error(n) && ts_tree_cursor_goto_first_child(&c)) continue;
      while (!(more = ts_tree_cursor_goto_next_sibling(&c)))
        if (!ts_tree_cursor_goto_parent(&c) || ts_node_eq(ts_tree_cursor_current_node(&c), bad))
          break;
    }
    ts_tree_cursor_delete(&c);
  } else {
    missing = bad;
  }
  if (!ts_node_is_null(missing)) {
    // Reported where the next token starts, as swc does, or just after the
    // last token when the file ends first.
    uint32_t p = start(missing);
    while (p < src_.size() && isSpace(src_[p])) p++;
    *at = p;
    std::string_view type = ts_node_type(missing);
    if (!ts_node_is_named(missing)) {
      std::string got = "<eof>";
      if (p < src_.size()) {
        got = tokenAt(src_, p);
      } else {
        while (*at > 0 && isSpace(src_[*at - 1])) --*at;
      }
      *message = "Expected '" + std::string(type) + "', got '" + got + "'";
    } else {
      // swc's words: a missing name (a declaration's, a member's) is "Expected
      // ident"; a missing operand tree-sitter stands an identifier in for is
      // "Expression expected", as anything else missing.
      TSNode parent = ts_node_parent(missing);
      bool is_name = false;
      for (const char* field : {"name", "property"}) {
        TSNode named = ts_node_is_null(parent) ? TSNode{} : ts_node_child_by_field_name(parent, field, uint32_t(strlen(field)));
        is_name = is_name || (!ts_node_is_null(named) && ts_node_eq(named, missing));
      }
      *message = type.find("identifier") != std::string_view::npos && is_name ? "Expected ident" : "Expression expected";
    }
    return true;
  }
  TSNode leaf = bad;
  while (ts_node_child_count(leaf) > 0) leaf = ts_node_child(leaf, 0);
  *at = start(leaf);
  std::string_view token = text(leaf);
  if (*at >= src_.size() || token.empty())
    *message = "Unexpected end of file";
  else if (token.size() == 1 && std::string_view(")]};,").find(token[0]) != std::string_view::npos &&
           followsOperator(*at))
    *message = "Expression expected";  // `= )`, `a + ;`: swc's words for an operand that is not there
  else
    *message = "Unexpected token `" + std::string(token.substr(0, 40)) + "`";
  return true;
}

// ---------------------------------------------------------------------------
// The TypeScript walk

void Transpiler::walkTypeScript(TSNode root) {
  stackBase_ = uintptr_t(__builtin_frame_address(0));
  visit(root);
}

void Transpiler::visitChildren(TSNode n) {
  Kids k(*this, n);
  for (TSNode c : k) visit(c);
}

// The walk recurses over the tree. Deeper nesting than its stack budget is
// refused with a diagnostic rather than overflowing the stack of the thread
// that transpiles (V8's own parser, with about 1 MB of stack, gives up on
// similar nesting). Binary operator chains, the usual deep shape of
// generated code, are walked without recursion.
constexpr uintptr_t kStackBudget = 1 << 20;

bool Transpiler::stackExhausted(TSNode n) {
  uintptr_t here = uintptr_t(__builtin_frame_address(0));
  if (stackBase_ - here < kStackBudget) return false;
  tooDeep(n);
  return true;
}

void Transpiler::visit(TSNode n) {
  if (!stackExhausted(n)) {
    TSSymbol s = ts_node_symbol(n);
    switch (S.of(s)) {
      case Act::Walk:
        if (ts_node_child_count(n) > 0) visitChildren(n);
        break;
      case Act::Leaf:
        break;
      case Act::EraseType:
        erase(n);
        break;
      case Act::EraseStatement:
        eraseTypeStatement(n);
        break;
      case Act::Identifier:
        visitIdentifier(n);
        break;
      case Act::ShorthandProperty:
        used_.insert(text(n));
        break;
      case Act::Special:
        visitSpecial(n, s);
        break;
    }
  }
}

void Transpiler::tooDeep(TSNode n) {
  if (!tooDeep_) error(start(n), "The code is nested too deeply to transpile");
  tooDeep_ = true;
}

void Transpiler::eraseTypeStatement(TSNode n) {
  if (is(n, S.interface_declaration) || is(n, S.type_alias_declaration)) {
    TSNode name = childOf(n, S.type_identifier);
    if (!ts_node_is_null(name)) typeNames_.insert(text(name));
  }
  eraseStatement(n);
}

void Transpiler::visitIdentifier(TSNode n) {
  if (enum_ && enum_->members->count(text(n))) {
    // A bare reference to a member inside an enum initialiser.
    replace(start(n), end(n), std::string(enum_->name) + "." + std::string(text(n)));
    return;
  }
  used_.insert(text(n));
}

// Dispatch only: each case has its own function, so the frames on the
// recursive path stay small.
void Transpiler::visitSpecial(TSNode n, TSSymbol s) {
  if (s == S.program)
    visitProgram(n);
  else if (s == S.statement_block)
    visitBlock(n);
  else if (s == S.expression_statement)
    visitExpressionStatement(n);
  else if (s == S.enum_declaration)
    rewriteEnum(n, TSNode{});
  else if (s == S.internal_module || s == S.module)
    rewriteNamespace(n, n, TSNode{});
  else if (s == S.import_statement)
    visitImport(n);
  else if (s == S.import_alias)
    visitImportAlias(n, TSNode{});
  else if (s == S.export_statement)
    visitExport(n);
  else if (s == S.class_declaration || s == S.class_ || s == S.abstract_class_declaration)
    visitClass(n);
  else if (s == S.function_declaration || s == S.generator_function_declaration)
    visitFunction(n);
  else if (s == S.formal_parameters)
    visitParams(n, nullptr);
  else if (s == S.arrow_function)
    visitArrow(n);
  else if (s == S.variable_declarator || s == S.non_null_expression)
    visitErasingBang(n);
  else if (s == S.as_expression || s == S.satisfies_expression)
    visitAs(n);
  else if (s == S.type_assertion)
    visitTypeAssertion(n);
  else if (s == S.call_expression || s == S.subscript_expression)
    visitCallOrSubscript(n);
  else if (s == S.binary_expression)
    visitBinary(n);
  else if (s == S.decorator)
    error(start(n), "Decorators are not supported yet");
  else if (s == S.regex)
    checkRegex(n);
  else if (s == S.kw_using)
    error(start(n), "'using' declarations are not supported yet");
  else if (s == S.kw_accessor)
    error(start(n), "Auto-accessors ('accessor' fields) are not supported yet");
  else if (s == S.assignment_expression || s == S.augmented_assignment_expression ||
           s == S.update_expression)
    visitAssignment(n);
  else
    visitChildren(n);
}

void Transpiler::visitProgram(TSNode n) {
  Kids k(*this, n);
  for (TSNode c : k) collectTopLevelNames(c);
  for (TSNode c : k) visit(c);
}

void Transpiler::visitBlock(TSNode n) {
  scopes_.emplace_back();
  visitChildren(n);
  scopes_.pop_back();
}

void Transpiler::visitExpressionStatement(TSNode n) {
  TSNode e = firstNamed(n);
  if (is(e, S.internal_module))
    rewriteNamespace(e, n, TSNode{});  // `namespace X {}`
  else
    visitChildren(n);
}

// Binding names (declared, not read) are not visited: only reads count as
// value uses for import elision.
void Transpiler::visitFunction(TSNode n) {
  Kids k(*this, n);
  for (TSNode c : k) {
    if (is(c, S.identifier))
      declareInScope(text(c));
    else
      visit(c);
  }
}

// `let x!: T` (definite assignment) and `x!` (non-null assertion).
void Transpiler::visitErasingBang(TSNode n) {
  Kids k(*this, n);
  bool declarator = is(n, S.variable_declarator);
  for (size_t i = 0; i < k.size(); i++) {
    if (is(k[i], S.tok_bang))
      erase(k[i]);
    else if (!(declarator && i == 0 && is(k[i], S.identifier)))
      visit(k[i]);
  }
}

void Transpiler::visitAs(TSNode n) {
  Kids k(*this, n);
  visit(k[0]);
  if (k.size() > 1) erase(start(k[1]), end(n));
}

// `<T>x`. When x is an object, function or class, blanking `<T>` could leave
// `{`/`function`/`class` where JavaScript reads a block or a declaration
// (`() => <T>{ a: 1 }` must return the object), and after a line break
// `return <T>\n x` would return undefined. Then `<T>` becomes `(` and a `)`
// follows x.
void Transpiler::visitTypeAssertion(TSNode n) {
  Kids k(*this, n);
  TSNode type = k.size() > 0 ? k[0] : TSNode{}, operand = k.size() > 1 ? k[k.size() - 1] : TSNode{};
  if (!is(type, S.type_arguments) || ts_node_is_null(operand)) return visitChildren(n);
  bool wrap =
      src_.substr(start(type), start(operand) - start(type)).find('\n') != std::string_view::npos;
  for (TSNode d = operand; !wrap && !ts_node_is_null(d);  // what x starts with
       d = ts_node_child_count(d) ? ts_node_child(d, 0) : TSNode{})
    wrap = is(d, S.object) || is(d, S.function_expression) || is(d, S.generator_function) ||
           is(d, S.class_);
  if (wrap) {
    replace(start(type), start(type) + 1, "(");
    erase(start(type) + 1, end(type));
  } else {
    erase(type);
  }
  visit(operand);
  if (wrap) insert(end(operand), ")");
}

void Transpiler::visitCallOrSubscript(TSNode n) {
  Kids k(*this, n);
  // tree-sitter reads `x as T\n(y)` as a call of `x as T`; TypeScript ends
  // the statement after the type (ASI), so keep the two statements apart.
  if (k.size() > 0 && (is(k[0], S.as_expression) || is(k[0], S.satisfies_expression)))
    insert(end(k[0]), ";");
  if (is(n, S.call_expression) && k.size() > 0 && is(k[0], S.import_)) importCallAttributes(n);
  for (TSNode c : k) visit(c);
}

void Transpiler::visitBinary(TSNode n) {
  // The left spine of a chain `a + b + c ...`, top first.
  std::vector<TSNode> spine;
  for (TSNode b = n; is(b, S.binary_expression); b = ts_node_child(b, 0)) spine.push_back(b);
  visit(ts_node_child(spine.back(), 0));
  for (size_t i = spine.size(); i-- > 0;) {
    Kids k(*this, spine[i]);
    // The grammar reads a tagged template with type arguments, tag<T>`x`, as
    // (tag < T) > `x`; TypeScript reads `<T>` before a template as type arguments.
    if (i > 0 && k.size() == 3 && text(k[1]) == "<" &&
        (is(k[2], S.identifier) || is(k[2], S.member_expression))) {
      Kids up(*this, spine[i - 1]);
      if (up.size() == 3 && text(up[1]) == ">" && is(up[2], S.template_string)) {
        erase(start(k[1]), end(up[1]));
        visit(up[2]);
        i--;
        continue;
      }
    }
    for (size_t j = 1; j < k.size(); j++) visit(k[j]);  // k[0] is done: the spine below
  }
}

void Transpiler::visitAssignment(TSNode n) {
  if (ns_) {
    Kids k(*this, n);
    for (TSNode c : k)
      if (ts_node_is_named(c)) {
        noteAssignmentTarget(c);
        break;
      }
  }
  visitChildren(n);
}

void Transpiler::checkRegex(TSNode n) {
  TSNode flags = childOf(n, S.regex_flags);
  if (!ts_node_is_null(flags) && text(flags).find('v') != std::string_view::npos)
    error(start(n), "RegExp literals with the 'v' flag are not supported yet");
}

// `import("./a.json", { with: { type: "json" } })`: V8 10.2 reads `assert`.
void Transpiler::importCallAttributes(TSNode call) {
  TSNode args = childOf(call, S.arguments);
  if (ts_node_is_null(args)) return;
  Kids k(*this, args);
  int index = 0;
  for (TSNode a : k) {
    if (!ts_node_is_named(a) || is(a, S.comment)) continue;
    if (index++ != 1 || !is(a, S.object)) continue;
    Kids props(*this, a);
    for (TSNode p : props) {
      if (!is(p, S.pair)) continue;
      TSNode key = firstNamed(p);
      std::string_view t = text(key);
      if (is(key, S.property_identifier) && t == "with")
        replace(start(key), end(key), "assert");
      else if (is(key, S.string) && t.size() == 6 && t.substr(1, 4) == "with")
        replace(start(key), end(key), std::string(1, t[0]) + "assert" + t[0]);
    }
  }
}

void Transpiler::noteAssignmentTarget(TSNode n) {
  if (stackExhausted(n)) return;
  if (is(n, S.identifier)) {
    for (Namespace* ns = ns_; ns; ns = ns->parent) ns->assigned.insert(text(n));
    return;
  }
  if (is(n, S.object_pattern) || is(n, S.array_pattern) || is(n, S.pair_pattern) ||
      is(n, S.assignment_pattern) || is(n, S.object_assignment_pattern) || is(n, S.rest_pattern) ||
      is(n, S.shorthand_property_identifier_pattern)) {
    if (is(n, S.shorthand_property_identifier_pattern)) {
      for (Namespace* ns = ns_; ns; ns = ns->parent) ns->assigned.insert(text(n));
      return;
    }
    Kids k(*this, n);
    for (TSNode c : k) noteAssignmentTarget(c);
  }
}

// Names a binding pattern declares (`a`, `{ b, c: d }`, `[e, ...f]`).
void Transpiler::collectBoundNames(TSNode n, std::vector<std::string_view>& out) {
  if (stackExhausted(n)) return;
  if (is(n, S.identifier) || is(n, S.shorthand_property_identifier_pattern)) {
    out.push_back(text(n));
    return;
  }
  if (is(n, S.pair_pattern)) {  // key: value — only the value binds
    Kids k(*this, n);
    for (size_t i = k.size(); i-- > 0;)
      if (ts_node_is_named(k[i])) return collectBoundNames(k[i], out);
    return;
  }
  if (is(n, S.assignment_pattern) || is(n, S.object_assignment_pattern)) {
    TSNode left = firstNamed(n);
    if (!ts_node_is_null(left)) collectBoundNames(left, out);
    return;
  }
  if (is(n, S.object_pattern) || is(n, S.array_pattern) || is(n, S.rest_pattern)) {
    Kids k(*this, n);
    for (TSNode c : k) collectBoundNames(c, out);
  }
}

// Top-level value names, so `export { X }` can tell a value from a type.
void Transpiler::collectTopLevelNames(TSNode stmt) {
  std::vector<std::string_view> names;
  declaredNames(stmt, names);
  valueNames_.insert(names.begin(), names.end());
}

// The value names a statement declares in its scope.
void Transpiler::declaredNames(TSNode stmt, std::vector<std::string_view>& out) {
  if (is(stmt, S.export_statement)) {
    Kids k(*this, stmt);
    for (TSNode c : k)
      if (ts_node_is_named(c) && !is(c, S.export_clause)) declaredNames(c, out);
    return;
  }
  if (is(stmt, S.lexical_declaration) || is(stmt, S.variable_declaration)) {
    Kids k(*this, stmt);
    for (TSNode d : k)
      if (is(d, S.variable_declarator)) {
        TSNode name = firstNamed(d);
        if (!ts_node_is_null(name)) collectBoundNames(name, out);
      }
    return;
  }
  if (is(stmt, S.expression_statement)) stmt = firstNamed(stmt);
  if (is(stmt, S.internal_module) || is(stmt, S.module)) {
    TSNode body = childOf(stmt, S.statement_block);
    if (ts_node_is_null(body) || !isInstantiated(body)) return;  // a namespace of types
  }
  TSNode name{};
  if (is(stmt, S.function_declaration) || is(stmt, S.generator_function_declaration) ||
      is(stmt, S.enum_declaration) || is(stmt, S.internal_module) || is(stmt, S.module) ||
      is(stmt, S.import_alias))
    name = firstNamed(stmt);
  else if (is(stmt, S.class_declaration) || is(stmt, S.abstract_class_declaration))
    name = childOf(stmt, S.type_identifier);
  while (is(name, S.nested_identifier)) name = firstNamed(name);
  if (is(name, S.identifier) || is(name, S.type_identifier)) out.push_back(text(name));
}

std::string Transpiler::qualified(std::string_view name) const {
  std::string q(name);
  for (const Namespace* ns = ns_; ns; ns = ns->parent) q = std::string(ns->name) + "." + q;
  return q;
}

void Transpiler::visitClass(TSNode n) {
  bool savedExtends = classExtends_;
  classExtends_ = false;
  Kids k(*this, n);
  for (TSNode c : k) {
    TSSymbol s = ts_node_symbol(c);
    if (s == S.kw_abstract) {
      erase(c);
    } else if (s == S.type_identifier) {
      if (!is(n, S.class_)) declareInScope(text(c));
    } else if (s == S.class_heritage) {
      Kids h(*this, c);
      for (TSNode clause : h) {
        if (is(clause, S.extends_clause)) classExtends_ = true;
        visit(clause);  // extends: value kept, type arguments erased; implements: erased
      }
    } else if (s == S.class_body) {
      std::vector<std::string_view> properties;
      Kids members(*this, c);
      for (TSNode m : members) visitClassMember(m, properties);
      // Parameter properties are class fields declared first, as tsc emits them
      // with useDefineForClassFields (the default for ES2022): `x;` so that
      // key order and `Object.keys` match.
      if (!properties.empty()) {
        std::string fields;
        for (std::string_view p : properties) fields.append(" ").append(p).append(";");
        insert(start(c) + 1, std::move(fields));
      }
    } else {
      visit(c);
    }
  }
  classExtends_ = savedExtends;
}

void Transpiler::visitClassMember(TSNode m, std::vector<std::string_view>& properties) {
  TSSymbol s = ts_node_symbol(m);
  if (s != S.public_field_definition && s != S.method_definition) {
    visit(m);  // erased signatures, static blocks, decorators, ';'
    return;
  }
  if (s == S.public_field_definition && (hasToken(m, S.kw_declare) || hasToken(m, S.kw_abstract))) {
    eraseStatement(m);
    return;
  }
  bool constructor = false;
  if (s == S.method_definition) {
    TSNode name = childOf(m, S.property_identifier);
    constructor = !ts_node_is_null(name) && text(name) == "constructor";
  }
  size_t before = properties.size();
  Kids k(*this, m);
  auto isModifier = [&](TSNode c) {
    return is(c, S.accessibility_modifier) || is(c, S.override_modifier) || is(c, S.kw_readonly);
  };
  // Leading modifiers are blanked as one range, which may need a ';' first.
  size_t i = 0;
  while (i < k.size() && isModifier(k[i])) i++;
  if (i > 0 && i < k.size()) eraseLeading(start(m), start(k[i]));
  for (; i < k.size(); i++) {
    TSNode c = k[i];
    TSSymbol cs = ts_node_symbol(c);
    if (isModifier(c) || cs == S.tok_question || cs == S.tok_bang) {
      erase(c);  // `static override x`, optional member `x?`, definite assignment `x!`
    } else if (cs == S.formal_parameters && constructor) {
      visitParams(c, &properties);
    } else {
      visit(c);
    }
  }
  if (properties.size() > before)
    insertParameterProperties(m, {properties.begin() + before, properties.end()});
}

void Transpiler::visitParams(TSNode params, std::vector<std::string_view>* properties) {
  Kids k(*this, params);
  for (size_t i = 0; i < k.size(); i++) {
    TSNode p = k[i];
    if (!is(p, S.required_parameter) && !is(p, S.optional_parameter)) {
      visit(p);
      continue;
    }
    Kids pk(*this, p);
    if (pk.size() > 0 && is(pk[0], S.this_)) {  // `this: T` parameter, with its comma
      uint32_t e = end(p);
      if (i + 1 < k.size() && is(k[i + 1], S.tok_comma)) e = end(k[++i]);
      erase(start(p), e);
      continue;
    }
    bool property = false;
    TSNode pattern{};
    for (TSNode c : pk) {
      TSSymbol cs = ts_node_symbol(c);
      if (cs == S.accessibility_modifier || cs == S.override_modifier || cs == S.kw_readonly) {
        erase(c);
        property = true;
      } else if (cs == S.tok_question || cs == S.type_annotation) {
        erase(c);
      } else if (ts_node_is_null(pattern) && ts_node_is_named(c) && cs != S.decorator &&
                 cs != S.comment) {
        pattern = c;
        if (cs != S.identifier) visit(c);  // a plain name binds, it is not a read
      } else {
        visit(c);
      }
    }
    if (property && properties) {
      if (is(pattern, S.identifier))
        properties->push_back(text(pattern));
      else
        error(start(p), "A parameter property may not be declared using a binding pattern");
    }
  }
}

void Transpiler::visitArrow(TSNode n) {
  Kids k(*this, n);
  TSNode params{}, ret{};
  uint32_t arrow = end(n);
  for (TSNode c : k) {
    TSSymbol s = ts_node_symbol(c);
    if (s == S.type_annotation || s == S.type_predicate_annotation || s == S.asserts_annotation) {
      ret = c;
      erase(c);
    } else if (s == S.tok_arrow) {
      arrow = start(c);
      visit(c);
    } else {
      if (s == S.formal_parameters) params = c;
      visit(c);
    }
  }
  // `(a): {\n ...\n} => a` would leave a line break before `=>`, which JS
  // forbids: move the `)` of the parameters to the end of the return type.
  if (!ts_node_is_null(ret) && !ts_node_is_null(params) &&
      src_.substr(end(params), arrow - end(params)).find('\n') != std::string_view::npos)
    moveArrowParenthesis(params, ret);
}

void Transpiler::moveArrowParenthesis(TSNode params, TSNode ret) {
  erase(end(params) - 1, end(params));
  insert(end(ret), ")");
}

// ---------------------------------------------------------------------------
// Imports and exports

void Transpiler::visitImport(TSNode n) {
  Kids k(*this, n);
  bool typeOnly = false;
  TSNode clause{}, require{};
  for (TSNode c : k) {
    if (is(c, S.kw_type))
      typeOnly = true;
    else if (is(c, S.import_clause))
      clause = c;
    else if (is(c, S.import_require_clause))
      require = c;
  }
  if (!ts_node_is_null(require)) {
    if (typeOnly)
      eraseStatement(n);
    else
      error(start(n),
            "Import assignments (`import x = require(...)`) are not supported; use an ES import");
    return;
  }
  if (ts_node_is_null(clause)) return;  // `import "./x"` runs for its side effects
  ImportDecl d{n, TSNode{}, 0, {}};
  Kids ck(*this, clause);
  for (size_t i = 0; i < ck.size(); i++) {
    TSNode c = ck[i];
    if (is(c, S.identifier)) {  // default import, erased with its comma
      uint32_t e = end(c);
      if (i + 1 < ck.size() && is(ck[i + 1], S.tok_comma)) e = end(ck[i + 1]);
      d.bindings.push_back({c, text(c), typeOnly, start(c), e});
    } else if (is(c, S.namespace_import)) {  // erased with the comma before it
      uint32_t s = start(c);
      if (i > 0 && is(ck[i - 1], S.tok_comma)) s = start(ck[i - 1]);
      TSNode name = childOf(c, S.identifier);
      if (!ts_node_is_null(name)) d.bindings.push_back({c, text(name), typeOnly, s, end(c)});
    } else if (is(c, S.named_imports)) {
      d.named = c;
      d.namedStart = (i > 0 && is(ck[i - 1], S.tok_comma)) ? start(ck[i - 1]) : start(c);
      Kids sk(*this, c);
      for (size_t j = 0; j < sk.size(); j++) {
        TSNode sp = sk[j];
        if (!is(sp, S.import_specifier)) continue;
        bool type = typeOnly;
        std::string_view local;
        Kids parts(*this, sp);
        for (TSNode part : parts) {
          if (is(part, S.kw_type))
            type = true;
          else if (is(part, S.identifier))
            local = text(part);  // the alias when there is one
        }
        uint32_t e = end(sp);
        if (j + 1 < sk.size() && is(sk[j + 1], S.tok_comma)) e = end(sk[j + 1]);
        d.bindings.push_back({sp, local, type, start(sp), e});
      }
    }
  }
  for (const Binding& b : d.bindings) (b.type_only ? typeNames_ : valueNames_).insert(b.local);
  if (typeOnly)
    eraseStatement(n);
  else
    imports_.push_back(std::move(d));
}

// `import x = N.y` becomes `var x = N.y` when x is used as a value.
void Transpiler::visitImportAlias(TSNode alias, TSNode exportStmt) {
  Kids k(*this, alias);
  TSNode name{}, target{};
  for (TSNode c : k) {
    if (!ts_node_is_named(c) || is(c, S.comment)) continue;
    if (ts_node_is_null(name))
      name = c;
    else if (ts_node_is_null(target))
      target = c;
  }
  if (ts_node_is_null(target) || (is(target, S.identifier) && text(target) == "require")) {
    error(start(alias),
          "Import assignments (`import x = require(...)`) are not supported; use an ES import");
    return;
  }
  if (ts_node_is_null(exportStmt)) {
    aliases_.push_back({alias, name, target});
    return;
  }
  // Exported: always a value.
  replace(start(alias), start(alias) + 6, "var   ");
  TSNode root = target;
  while (is(root, S.nested_identifier)) root = firstNamed(root);
  used_.insert(text(root));
  if (ns_) {
    erase(start(exportStmt), start(alias));
    NsExport e{end(alias), src_[end(alias) - 1] != ';', false, {text(name)}};
    ns_->exported.push_back(text(name));
    ns_->exports.push_back(std::move(e));
  }
}

void Transpiler::visitExport(TSNode n) {
  Kids k(*this, n);
  bool type = false, deflt = false, assign = false, as = false, source = false;
  TSNode clause{}, decl{};
  for (TSNode c : k) {
    TSSymbol s = ts_node_symbol(c);
    if (s == S.kw_type || s == S.error)
      type = true;  // ERROR: `export type *` (isBenignError)
    else if (s == S.kw_default)
      deflt = true;
    else if (s == S.tok_eq)
      assign = true;
    else if (s == S.kw_as)
      as = true;
    else if (s == S.export_clause)
      clause = c;
    else if (s == S.string)
      source = true;
    else if (s == S.decorator)
      visit(c);
    else if (ts_node_is_named(c) && s != S.comment && s != S.namespace_export)
      decl = c;
  }
  if (assign) {
    error(start(n), "Export assignments (`export =`) are not supported; use ES exports");
    return;
  }
  if (type || (as && ts_node_is_null(clause))) {  // `export type ...`, `export as namespace X`
    eraseStatement(n);
    return;
  }
  if (!ts_node_is_null(clause)) {
    if (ns_) {
      error(start(n), "Export declarations are not permitted in a namespace");
      return;
    }
    ExportClause ec{n, source, {}};
    Kids sk(*this, clause);
    for (size_t j = 0; j < sk.size(); j++) {
      TSNode sp = sk[j];
      if (!is(sp, S.export_specifier)) continue;
      bool typeOnly = hasToken(sp, S.kw_type);
      TSNode name = firstNamed(sp);
      std::string_view local = is(name, S.identifier) ? text(name) : std::string_view();
      if (!typeOnly && !source && !local.empty()) used_.insert(local);
      uint32_t e = end(sp);
      if (j + 1 < sk.size() && is(sk[j + 1], S.tok_comma)) e = end(sk[j + 1]);
      ec.specs.push_back({sp, local, typeOnly, start(sp), e});
    }
    exportClauses_.push_back(std::move(ec));
    return;
  }
  if (ts_node_is_null(decl)) return;  // export * from "x"
  TSSymbol ds = ts_node_symbol(decl);
  if (ds == S.interface_declaration || ds == S.type_alias_declaration) {
    TSNode name = childOf(decl, S.type_identifier);
    if (!ts_node_is_null(name)) typeNames_.insert(text(name));
    eraseStatement(n);
  } else if (ds == S.ambient_declaration || ds == S.function_signature) {
    eraseStatement(n);
  } else if (ds == S.enum_declaration) {
    rewriteEnum(decl, n);
  } else if (ds == S.internal_module || ds == S.module) {
    rewriteNamespace(decl, n, n);
  } else if (ds == S.import_alias) {
    visitImportAlias(decl, n);
  } else if (ns_) {
    if (deflt)
      error(start(n), "A default export is not permitted in a namespace");
    else
      exportFromNamespace(n, decl);
  } else if (deflt && ds == S.identifier) {
    used_.insert(text(decl));
    exportDefaults_.push_back({n, text(decl)});
  } else {
    visit(decl);
  }
}

// Import elision, as TypeScript does with verbatimModuleSyntax off: a binding
// never read as a value is dropped, and so is a declaration left with none.
void Transpiler::resolveImports() {
  // Aliases last to first, so `import b = N.B; import a = b.C;` keeps b when a is used.
  for (auto it = aliases_.rbegin(); it != aliases_.rend(); ++it) {
    if (!used_.count(text(it->name))) {
      eraseStatement(it->stmt);
      continue;
    }
    replace(start(it->stmt), start(it->stmt) + 6, "var   ");
    TSNode root = it->target;
    while (is(root, S.nested_identifier)) root = firstNamed(root);
    used_.insert(text(root));
  }
  for (const ImportDecl& d : imports_) {
    size_t kept = 0, keptNamed = 0, named = 0;
    for (const Binding& b : d.bindings) {
      bool keep = !b.type_only && used_.count(b.local);
      kept += keep;
      if (is(b.node, S.import_specifier)) named++, keptNamed += keep;
    }
    if (kept == 0) {
      eraseStatement(d.stmt);
      continue;
    }
    if (named > 0 && keptNamed == 0) erase(d.namedStart, end(d.named));
    for (const Binding& b : d.bindings) {
      bool keep = !b.type_only && used_.count(b.local);
      if (keep || (named > 0 && keptNamed == 0 && is(b.node, S.import_specifier))) continue;
      erase(b.eraseStart, b.eraseEnd);
    }
  }
  for (const ExportClause& ec : exportClauses_) {
    auto drop = [&](const Binding& b) {
      return b.type_only ||
             (!ec.reexport && typeNames_.count(b.local) && !valueNames_.count(b.local));
    };
    size_t dropped = 0;
    for (const Binding& b : ec.specs) dropped += drop(b);
    if (dropped == 0) continue;
    if (dropped == ec.specs.size()) {
      eraseStatement(ec.stmt);
      continue;
    }
    for (const Binding& b : ec.specs)
      if (drop(b)) erase(b.eraseStart, b.eraseEnd);
  }
  for (const auto& [stmt, name] : exportDefaults_)
    if (typeNames_.count(name) && !valueNames_.count(name)) eraseStatement(stmt);
}

Result Transpiler::finish() {
  if (ts_ && errors_.empty()) resolveImports();
  std::stable_sort(edits_.begin(), edits_.end(), [](const Edit& a, const Edit& b) {
    return a.start != b.start ? a.start < b.start : a.end < b.end;
  });
  size_t extra = 0;
  for (const Edit& e : edits_) extra += e.text.size();
  Result r;
  r.code.reserve(src_.size() + extra);
  uint32_t pos = 0;
  for (const Edit& e : edits_) {
    if (e.start < pos) {
      if (!e.soft) error(e.start, "Internal transpiler error: overlapping edits");
      continue;
    }
    r.code.append(src_.substr(pos, e.start - pos));
    std::string_view range = src_.substr(e.start, e.end - e.start);
    if (e.kind == EditKind::Text) {
      r.code += e.text;
      appendLineTerminators(r.code, range);
    } else {
      appendBlank(r.code, range, e.kind == EditKind::BlankSemi);
    }
    pos = e.end;
  }
  r.code.append(src_.substr(pos));
  std::stable_sort(errors_.begin(), errors_.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return a.line != b.line ? a.line < b.line : a.column < b.column;
  });
  r.errors = std::move(errors_);
  return r;
}

// ---------------------------------------------------------------------------
// The JavaScript walk: only import attributes and syntax V8 10.2 lacks.

void Transpiler::walkJavaScript(TSNode root) {
  TSTreeCursor c = ts_tree_cursor_new(root);
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&c);
    TSSymbol s = ts_node_symbol(n);
    bool descend = true;
    if (s == S.decorator) {
      error(start(n), "Decorators are not supported yet");
    } else if (s == S.regex) {
      checkRegex(n);
      descend = false;
    } else if (s == S.call_expression) {
      TSNode callee = ts_node_child(n, 0);
      if (is(callee, S.import_)) importCallAttributes(n);
    } else if (s == S.identifier) {
      // The grammar has no `using` declarations: `using x = f()` parses as the
      // identifier `using` followed by an ERROR.
      if (text(n) == "using" && is(ts_node_next_sibling(n), S.error))
        error(start(n), "'using' declarations are not supported yet");
      descend = false;
    } else if (s == S.string || s == S.comment || s == S.template_string) {
      descend = s == S.template_string;
    }
    if (descend && ts_tree_cursor_goto_first_child(&c)) continue;
    bool done = false;
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      if (!ts_tree_cursor_goto_parent(&c)) {
        done = true;
        break;
      }
    }
    if (done) break;
  }
  ts_tree_cursor_delete(&c);
}

}  // namespace detail

// ---------------------------------------------------------------------------
// Entry point

namespace {

using detail::Symbols;

const Symbols& typescriptSymbols() {
  static const Symbols s(tree_sitter_typescript(), true);
  return s;
}
const Symbols& javascriptSymbols() {
  static const Symbols s(tree_sitter_javascript(), false);
  return s;
}

// One parser per grammar and thread, reused across calls.
struct Parsers {
  TSParser* ts = nullptr;
  TSParser* js = nullptr;
  ~Parsers() {
    if (ts) ts_parser_delete(ts);
    if (js) ts_parser_delete(js);
  }
  TSParser* get(bool typescript) {
    TSParser*& p = typescript ? ts : js;
    if (!p) {
      p = ts_parser_new();
      ts_parser_set_language(p, typescript ? tree_sitter_typescript() : tree_sitter_javascript());
    }
    return p;
  }
};
thread_local Parsers parsers;

struct Tree {
  TSTree* tree = nullptr;
  ~Tree() {
    if (tree) ts_tree_delete(tree);
  }
  void parse(bool typescript, std::string_view text) {
    if (tree) ts_tree_delete(tree);
    tree = ts_parser_parse_string(parsers.get(typescript), nullptr, text.data(),
                                  uint32_t(text.size()));
  }
  TSNode root() const { return ts_tree_root_node(tree); }
};

// The text the parser sees: import attribute clauses and a BOM blanked, same length.
std::string parserText(std::string_view source,
                       const std::vector<detail::AttributeClause>& clauses) {
  std::string t(source);
  if (t.compare(0, 3, "\xEF\xBB\xBF") == 0) t.replace(0, 3, "   ");
  for (const auto& c : clauses)
    for (uint32_t i = c.keyword; i < c.end; i++)
      if (t[i] != '\n' && t[i] != '\r') t[i] = ' ';
  return t;
}

// Start of an error-free JSX element overlapping [from, to), as the
// JavaScript grammar (which has JSX) reads the file; UINT32_MAX if none.
uint32_t jsxAround(std::string_view text, uint32_t from, uint32_t to) {
  Tree tree;
  tree.parse(false, text);
  if (!tree.tree) return UINT32_MAX;
  const Symbols& S = javascriptSymbols();
  TSTreeCursor c = ts_tree_cursor_new(tree.root());
  uint32_t found = UINT32_MAX;
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&c);
    bool inside = ts_node_start_byte(n) < to && from < ts_node_end_byte(n);
    TSSymbol s = ts_node_symbol(n);
    if (inside && (s == S.jsx_element || s == S.jsx_self_closing_element) &&
        !ts_node_has_error(n)) {
      found = ts_node_start_byte(n);
      break;
    }
    if (inside && ts_tree_cursor_goto_first_child(&c)) continue;
    bool done = false;
    while (!ts_tree_cursor_goto_next_sibling(&c))
      if (!ts_tree_cursor_goto_parent(&c)) {
        done = true;
        break;
      }
    if (done) break;
  }
  ts_tree_cursor_delete(&c);
  return found;
}

bool insideLiteral(TSNode root, uint32_t at, const Symbols& S) {
  TSNode n = ts_node_descendant_for_byte_range(root, at, at + 1);
  TSSymbol s = ts_node_symbol(n);
  return s == S.string || s == S.string_fragment || s == S.template_string || s == S.comment ||
         s == S.regex || ts_node_type(n) == std::string_view("regex_pattern");
}

}  // namespace

Result transpile(std::string_view source, Dialect dialect) {
  const bool typescript = dialect == Dialect::TypeScript;
  if (!typescript && !detail::javascriptNeedsWork(source)) return {std::string(source), {}};
  if (source.size() >= (1u << 31))
    return {std::string(source), {{1, 1, "File too large to transpile"}}};
  const Symbols& S = typescript ? typescriptSymbols() : javascriptSymbols();

  auto clauses = detail::findAttributeClauses(source);
  bool bom = source.substr(0, 3) == "\xEF\xBB\xBF";
  std::string text;
  std::string_view parsed = source;
  if (!clauses.empty() || bom) parsed = text = parserText(source, clauses);
  Tree tree;
  tree.parse(typescript, parsed);
  if (!tree.tree) return {std::string(source), {{1, 1, "The parser failed"}}};
  if (!clauses.empty()) {
    // A clause the scan found inside a string or comment is not one: parse again without it.
    size_t before = clauses.size();
    std::erase_if(clauses, [&](const detail::AttributeClause& c) {
      return insideLiteral(tree.root(), c.keyword, S);
    });
    if (clauses.size() != before) {
      parsed = text = parserText(source, clauses);
      tree.parse(typescript, parsed);
      if (!tree.tree) return {std::string(source), {{1, 1, "The parser failed"}}};
    }
  }

  detail::Transpiler t(source, S, typescript);
  for (const auto& c : clauses) t.addImportAttributeEdit(c.keyword, c.end, c.with);
  if (typescript) {
    uint32_t at, errorEnd;
    std::string message;
    if (ts_node_has_error(tree.root()) &&
        t.firstSyntaxError(tree.root(), &at, &errorEnd, &message)) {
      uint32_t jsx = jsxAround(parsed, std::min(at, errorEnd - 1), errorEnd);
      if (jsx != UINT32_MAX)
        t.error(jsx, "JSX is not supported in .ts files");
      else
        t.error(at, std::move(message));
      Result r = t.finish();
      r.code = std::string(source);
      return r;
    }
    t.walkTypeScript(tree.root());
  } else {
    t.walkJavaScript(tree.root());
  }
  return t.finish();
}

Result transpile_fast(std::string_view source, Dialect dialect) {
  if (dialect == Dialect::TypeScript)
    if (auto code = detail::eraseTypesFast(source)) return {std::move(*code), {}};
  return transpile(source, dialect);
}

}  // namespace toolchain::transpile
