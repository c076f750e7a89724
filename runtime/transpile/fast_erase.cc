// A type eraser for common TypeScript that builds no syntax tree.
//
// One lexing pass into tokens, then a recursive descent over them that knows
// just enough of the grammar to find where types are (annotations, type
// parameters and arguments, `as`/`satisfies`, `!`, interfaces, type aliases,
// type-only imports and exports) and records the same edits the tree-sitter
// walk would. Import elision follows the walk's rule: a binding never read
// as a value is dropped. Anything it cannot place with certainty — rewrites
// with runtime meaning (enums, namespaces, parameter properties), decorators,
// `<T>x`, a `/` after `}`, a name that is bound but never read — makes it give
// up, and transpile() parses the file instead. The unit tests hold its output
// to transpile()'s on every TypeScript file of the repository.
#include "runtime/transpile/fast_erase.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <unordered_set>
#include <vector>

#include "runtime/transpile/walker.h"

namespace toolchain::transpile::detail {
namespace {

struct Bail {};     // something the scanner does not handle: let tree-sitter parse
struct NotType {};  // the tokens do not fit the grammar here (speculative parses recover)

enum class K : uint8_t {
  Ident,
  Punct,
  String,
  Number,
  Template,        // `...` without substitutions
  TemplateHead,    // `...${
  TemplateMiddle,  // }...${
  TemplateTail,    // }...`
  Regex,
  Private,  // #name
  End,
};

struct Tok {
  uint32_t s, e;
  K k;
  bool nl;         // a line break before it
  uint32_t match;  // for ( [ {: the index of the closing token
};

bool identStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$'; }
bool identPart(char c) { return identStart(c) || (c >= '0' && c <= '9'); }

// Equality of short words without a call to memcmp for every mismatch.
bool same(std::string_view a, std::string_view b) {
  return a.size() == b.size() && (a.empty() || (a[0] == b[0] && a == b));
}

bool oneOf(std::string_view w, std::initializer_list<std::string_view> words) {
  for (std::string_view k : words)
    if (same(w, k)) return true;
  return false;
}

// Keywords after which a `/` starts a regular expression.
bool regexAfterWord(std::string_view w) {
  return oneOf(w, {"return", "typeof", "instanceof", "in", "new", "delete", "void", "throw", "case", "do", "else",
                   "yield", "await"});
}

// Words that start a statement and can never be an operand.
bool statementWord(std::string_view w) {
  return oneOf(w, {"if", "for", "while", "do", "return", "var", "const", "switch", "try", "catch", "finally",
                   "break", "continue", "export", "debugger", "else", "case", "default", "with", "throw"});
}

// The length of the punctuator at s[i] (longest match; `>` is always one
// character, so `A<B<C>>` closes two type argument lists).
size_t punctuatorLength(std::string_view s, size_t i) {
  char d = i + 1 < s.size() ? s[i + 1] : 0, e = i + 2 < s.size() ? s[i + 2] : 0;
  switch (s[i]) {
    case '.':
      return d == '.' && e == '.' ? 3 : 1;
    case '=':
      return d == '>' ? 2 : d == '=' ? (e == '=' ? 3 : 2) : 1;
    case '!':
      return d == '=' ? (e == '=' ? 3 : 2) : 1;
    case '*':
    case '<':
    case '&':
    case '|':
      if (d == s[i]) return e == '=' ? 3 : 2;
      return d == '=' ? 2 : 1;
    case '?':
      if (d == '?') return e == '=' ? 3 : 2;
      return d == '.' && !(e >= '0' && e <= '9') ? 2 : 1;
    case '+':
    case '-':
      return d == s[i] || d == '=' ? 2 : 1;
    case '%':
    case '^':
    case '/':
      return d == '=' ? 2 : 1;
    default:
      return 1;
  }
}

class Eraser {
 public:
  explicit Eraser(std::string_view src) : s_(src) {}
  std::string run();

 private:
  enum Stop : unsigned { kComma = 1, kAsi = 2, kColon = 4, kIn = 8 };
  struct Depth {
    explicit Depth(Eraser& e) : e_(e) {
      if (++e_.depth_ > 200) throw Bail();
    }
    ~Depth() { --e_.depth_; }
    Eraser& e_;
  };
  struct Binding {
    std::string_view local;
    bool type_only, named;
    uint32_t eraseStart, eraseEnd;
  };
  struct Import {
    uint32_t s, e;
    bool hasNamed = false;
    uint32_t namedStart = 0, namedEnd = 0;
    std::vector<Binding> bindings;
  };
  struct Edit {
    uint32_t s, e;
    bool semicolon;
  };

  // --- lexing ---
  void lex();
  uint32_t skipSpace(uint32_t i, bool& nl);
  uint32_t scanTemplate(uint32_t i, K& kind);  // after ` or }, to one past ` or ${
  bool regexAllowed() const;

  // --- tokens ---
  const Tok& at(size_t i) const { return t_[std::min(i, t_.size() - 1)]; }
  const Tok& cur() const { return at(p_); }
  std::string_view text(const Tok& t) const { return s_.substr(t.s, t.e - t.s); }
  bool isP(size_t i, std::string_view x) const { return at(i).k == K::Punct && same(text(at(i)), x); }
  bool isP(std::string_view x) const { return isP(p_, x); }
  bool isW(size_t i, std::string_view w) const { return at(i).k == K::Ident && same(text(at(i)), w); }
  bool isW(std::string_view w) const { return isW(p_, w); }
  bool isIdent(size_t i) const { return at(i).k == K::Ident; }
  void expectP(std::string_view x) {
    if (!isP(x)) throw NotType();
    p_++;
  }
  uint32_t prevEnd() const { return t_[p_ - 1].e; }

  // --- edits ---
  void erase(uint32_t s, uint32_t e) {
    if (s < e) edits_.push_back({s, e, false});
  }
  void eraseStatement(uint32_t s, uint32_t e) { edits_.push_back({s, e, needsSemicolon(s, e)}); }
  bool needsSemicolon(uint32_t before, uint32_t after) const;

  // --- statements ---
  void statements();
  void statement();
  void block();
  void endStatement();
  void declaration(bool forHeader);
  void functionRest(bool expression);
  void classRest();
  void classBody();
  void interfaceDeclaration(uint32_t start);
  void typeAlias(uint32_t start);
  void importDeclaration();
  void exportDeclaration();

  // --- expressions ---
  void expression(unsigned stop);
  bool identOperand(unsigned stop);
  bool continues(size_t i) const;
  int arrowAt(size_t i);  // 0: not an arrow's parameters, 1: an arrow, 2: one with a return type
  void arrow(unsigned stop);
  void arrowBody(unsigned stop);
  void arguments();
  void arrayElements();
  void objectLiteral();
  void propertyKey();
  void methodRest();
  void templateLiteral();
  void asExpression();
  bool typeArgumentsAhead();
  bool surelyLessThan() const;
  void params();
  void binding();
  void objectPattern();
  void arrayPattern();
  void bindingElement();

  // --- types ---
  void annotation();        // `: T`, erased
  void returnAnnotation();  // `: T`, `: x is T`, `: asserts x`, erased
  void type();
  void typeNoConditional();
  void typeOperand();
  void typePrimary();
  void typeArguments();
  void typeParameters();  // erased
  void skipTypeParameters();

  void read(std::string_view name) { reads_.insert(name); }
  void resolveImports();

  std::string_view s_;
  std::vector<Tok> t_;
  size_t p_ = 0;
  int depth_ = 0;
  std::vector<Edit> edits_;
  std::unordered_set<std::string_view> reads_;      // identifiers read as values
  std::unordered_set<std::string_view> uncertain_;  // names in binding patterns
  std::unordered_set<std::string_view> typeNames_;  // interfaces, type aliases, type-only imports
  std::vector<std::string_view> exportedLocals_;    // `export { x }`, `export default x`
  std::vector<Import> imports_;
};

// ---------------------------------------------------------------------------
// Lexing

uint32_t Eraser::skipSpace(uint32_t i, bool& nl) {
  const uint32_t n = uint32_t(s_.size());
  while (i < n) {
    char c = s_[i];
    if (c == ' ' || c == '\t' || c == '\v' || c == '\f') {
      i++;
    } else if (c == '\n' || c == '\r') {
      nl = true, i++;
    } else if (c == '/' && i + 1 < n && s_[i + 1] == '/') {
      while (i < n && s_[i] != '\n' && s_[i] != '\r') {
        // U+2028/U+2029 end a line comment for JavaScript, not for tree-sitter.
        if (s_[i] == '\xE2' && (s_.compare(i, 3, "\xE2\x80\xA8") == 0 || s_.compare(i, 3, "\xE2\x80\xA9") == 0))
          throw Bail();
        i++;
      }
    } else if (c == '/' && i + 1 < n && s_[i + 1] == '*') {
      size_t close = s_.find("*/", i + 2);
      if (close == std::string_view::npos) throw Bail();
      std::string_view body = s_.substr(i, close - i);
      if (body.find_first_of("\n\r") != std::string_view::npos) nl = true;
      if (body.find("\xE2\x80\xA8") != std::string_view::npos || body.find("\xE2\x80\xA9") != std::string_view::npos)
        throw Bail();
      i = uint32_t(close + 2);
    } else {
      break;
    }
  }
  return i;
}

uint32_t Eraser::scanTemplate(uint32_t i, K& kind) {
  const uint32_t n = uint32_t(s_.size());
  while (i < n) {
    char c = s_[i];
    if (c == '\\') {
      i += 2;
    } else if (c == '`') {
      return i + 1;
    } else if (c == '$' && i + 1 < n && s_[i + 1] == '{') {
      kind = kind == K::Template ? K::TemplateHead : K::TemplateMiddle;
      return i + 2;
    } else {
      i++;
    }
  }
  throw Bail();
}

bool Eraser::regexAllowed() const {
  if (t_.empty()) return true;
  const Tok& p = t_.back();
  switch (p.k) {
    case K::Ident:
      if (text(p) == "of") throw Bail();  // `for (x of /re/)` or `of / 2`
      return regexAfterWord(text(p));
    case K::TemplateHead:
    case K::TemplateMiddle:
      return true;
    case K::Punct: {
      std::string_view w = text(p);
      if (w == "]") return false;
      if (w == ")") return false;  // `if (x) /re/` is refused where the `)` is lexed
      if (w == "}" || w == "++" || w == "--") throw Bail();
      return true;
    }
    default:
      return false;
  }
}

void Eraser::lex() {
  const uint32_t n = uint32_t(s_.size());
  if (s_.starts_with("#!") || s_.starts_with("\xEF\xBB\xBF")) throw Bail();
  t_.reserve(s_.size() / 3);
  std::vector<uint32_t> open;            // indices of unclosed ( [ { and template heads
  std::vector<bool> parenAfterControl;   // per open `(`: after if/while/for/with
  uint32_t i = 0;
  for (;;) {
    bool nl = false;
    i = skipSpace(i, nl);
    if (i >= n) break;
    char c = s_[i];
    Tok t{i, i, K::Punct, nl, 0};
    if ((unsigned char)c >= 0x80 || c == '\\' || c == '@') throw Bail();
    if (identStart(c)) {
      while (i < n && identPart(s_[i])) i++;
      if (i < n && ((unsigned char)s_[i] >= 0x80 || s_[i] == '\\')) throw Bail();
      t.k = K::Ident;
    } else if ((c >= '0' && c <= '9') || (c == '.' && i + 1 < n && s_[i + 1] >= '0' && s_[i + 1] <= '9')) {
      bool hex = c == '0' && i + 1 < n && (s_[i + 1] | 0x20) == 'x';
      int dots = 0;
      while (i < n && (identPart(s_[i]) || s_[i] == '.')) {
        dots += s_[i] == '.';
        if (!hex && (s_[i] | 0x20) == 'e' && i + 1 < n && (s_[i + 1] == '+' || s_[i + 1] == '-')) i++;
        i++;
      }
      if (dots > 1) throw Bail();
      t.k = K::Number;
    } else if (c == '"' || c == '\'') {
      i++;
      while (i < n && s_[i] != c) {
        if (s_[i] == '\n' || s_[i] == '\r') throw Bail();
        i += s_[i] == '\\' ? 2 : 1;
      }
      if (i >= n) throw Bail();
      i++;
      t.k = K::String;
    } else if (c == '`') {
      t.k = K::Template;
      i = scanTemplate(i + 1, t.k);
      if (t.k == K::TemplateHead) open.push_back(uint32_t(t_.size()));
    } else if (c == '}' && !open.empty() && t_[open.back()].k != K::Punct) {
      // The end of a template substitution.
      t.k = K::TemplateTail;
      i = scanTemplate(i + 1, t.k);
      open.pop_back();
      if (t.k == K::TemplateMiddle) open.push_back(uint32_t(t_.size()));
    } else if (c == '#') {
      i++;
      if (i >= n || !identStart(s_[i])) throw Bail();
      while (i < n && identPart(s_[i])) i++;
      t.k = K::Private;
    } else if (c == '/' && regexAllowed()) {
      i++;
      bool inClass = false;
      while (i < n && (s_[i] != '/' || inClass)) {
        if (s_[i] == '\n' || s_[i] == '\r') throw Bail();
        if (s_[i] == '\\') i++;
        else if (s_[i] == '[') inClass = true;
        else if (s_[i] == ']') inClass = false;
        i++;
      }
      if (i >= n) throw Bail();
      i++;
      uint32_t flags = i;
      while (i < n && identPart(s_[i])) i++;
      if (s_.substr(flags, i - flags).find('v') != std::string_view::npos) throw Bail();
      t.k = K::Regex;
    } else {
      size_t len = punctuatorLength(s_, i);
      i += uint32_t(len);
      if (len == 1 && std::strchr("{}()[];,<>+-*/%&|^!~?:=.", c) == nullptr) throw Bail();
      if (c == '(' || c == '[' || c == '{') {
        if (c == '(') {
          bool control = !t_.empty() && t_.back().k == K::Ident &&
                         (text(t_.back()) == "if" || text(t_.back()) == "while" || text(t_.back()) == "for" ||
                          text(t_.back()) == "with");
          parenAfterControl.push_back(control);
        }
        open.push_back(uint32_t(t_.size()));
      } else if (c == ')' || c == ']' || c == '}') {
        if (open.empty()) throw Bail();
        Tok& o = t_[open.back()];
        char want = c == ')' ? '(' : c == ']' ? '[' : '{';
        if (o.k != K::Punct || s_[o.s] != want) throw Bail();
        o.match = uint32_t(t_.size());
        open.pop_back();
        if (c == ')') {
          bool control = parenAfterControl.back();
          parenAfterControl.pop_back();
          // `if (x) /re/.test(y)`: a regular expression after a control
          // statement's parenthesis. Rare enough to leave to tree-sitter.
          if (control) {
            bool nl2 = false;
            uint32_t j = skipSpace(i, nl2);
            if (j < n && s_[j] == '/') throw Bail();
          }
        }
      }
    }
    t.e = i;
    t_.push_back(t);
  }
  if (!open.empty()) throw Bail();
  t_.push_back({n, n, K::End, true, 0});
}

// ---------------------------------------------------------------------------
// Edits

// The walk's rule (Transpiler::needsSemicolon): a blanked statement or
// member modifiers start with ';' when the code before does not end with
// ';' or '{' and the code after starts with a token that could continue it.
bool Eraser::needsSemicolon(uint32_t before, uint32_t after) const {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  uint32_t p = before;
  while (p > 0 && space(s_[p - 1])) p--;
  if (p == 0 || s_[p - 1] == ';' || s_[p - 1] == '{') return false;
  size_t q = after;
  for (;;) {
    while (q < s_.size() && space(s_[q])) q++;
    if (s_.compare(q, 2, "//") == 0) {
      q = s_.find('\n', q);
      if (q == std::string_view::npos) return false;
    } else if (s_.compare(q, 2, "/*") == 0) {
      q = s_.find("*/", q + 2);
      if (q == std::string_view::npos) return false;
      q += 2;
    } else {
      break;
    }
  }
  return q < s_.size() && std::strchr("([`+-/*<.", s_[q]) != nullptr;
}

// ---------------------------------------------------------------------------
// Statements

void Eraser::statements() {
  while (cur().k != K::End && !isP("}")) statement();
}

void Eraser::block() {
  if (!isP("{")) throw NotType();
  p_++;
  statements();
  expectP("}");
}

void Eraser::endStatement() {
  if (isP(";")) {
    p_++;
    return;
  }
  if (cur().k == K::End || isP("}") || cur().nl) return;
  throw NotType();
}

void Eraser::statement() {
  Depth d(*this);
  const Tok& t = cur();
  if (t.k == K::Punct) {
    std::string_view w = text(t);
    if (w == ";") {
      p_++;
      return;
    }
    if (w == "{") return block();
  }
  if (t.k == K::Ident) {
    std::string_view w = text(t);
    const Tok& next = at(p_ + 1);
    bool nextOnLine = !next.nl && (next.k == K::Ident || next.k == K::String || isP(p_ + 1, "{"));
    if (w == "var" || w == "let" || w == "const") {
      declaration(false);
      return endStatement();
    }
    if (w == "function" || (w == "async" && isW(p_ + 1, "function") && !next.nl)) {
      if (w == "async") p_++;
      return functionRest(false);
    }
    if (w == "class") return classRest();
    if (w == "if" || w == "while" || w == "with") {
      p_++;
      expectP("(");
      expression(0);
      expectP(")");
      statement();
      if (w == "if" && isW("else")) {
        p_++;
        statement();
      }
      return;
    }
    if (w == "for") {
      p_++;
      if (isW("await")) p_++;
      expectP("(");
      if (isW("var") || isW("let") || isW("const"))
        declaration(true);
      else if (!isP(";"))
        expression(kIn);
      if (isW("of") || isW("in")) {
        p_++;
        expression(0);
      } else {
        expectP(";");
        if (!isP(";")) expression(0);
        expectP(";");
        if (!isP(")")) expression(0);
      }
      expectP(")");
      return statement();
    }
    if (w == "do") {
      p_++;
      statement();
      if (!isW("while")) throw NotType();
      p_++;
      expectP("(");
      expression(0);
      expectP(")");
      if (isP(";")) p_++;
      return;
    }
    if (w == "switch") {
      p_++;
      expectP("(");
      expression(0);
      expectP(")");
      expectP("{");
      while (!isP("}")) {
        if (cur().k == K::End) throw NotType();
        if (isW("case")) {
          p_++;
          expression(kColon);
          expectP(":");
        } else if (isW("default") && isP(p_ + 1, ":")) {
          p_ += 2;
        } else {
          statement();
        }
      }
      p_++;
      return;
    }
    if (w == "try") {
      p_++;
      block();
      if (isW("catch")) {
        p_++;
        if (isP("(")) {
          p_++;
          if (isIdent(p_)) {
            read(text(cur()));  // the walk visits a catch parameter as an identifier
            p_++;
          } else {
            binding();
          }
          if (isP(":")) annotation();
          expectP(")");
        }
        block();
      }
      if (isW("finally")) {
        p_++;
        block();
      }
      return;
    }
    if (w == "return" || w == "throw") {
      p_++;
      if (!(isP(";") || isP("}") || cur().k == K::End || cur().nl)) expression(kAsi);
      return endStatement();
    }
    if (w == "break" || w == "continue") {
      p_++;
      if (isIdent(p_) && !cur().nl) p_++;
      return endStatement();
    }
    if (w == "debugger") {
      p_++;
      return endStatement();
    }
    if (w == "import" && !isP(p_ + 1, "(") && !isP(p_ + 1, ".")) return importDeclaration();
    if (w == "export") return exportDeclaration();
    if (w == "interface" && next.k == K::Ident && !next.nl) return interfaceDeclaration(t.s);
    if (w == "type" && next.k == K::Ident && !next.nl && (isP(p_ + 2, "=") || isP(p_ + 2, "<")))
      return typeAlias(t.s);
    if ((w == "enum" || w == "namespace" || w == "module" || w == "declare" || w == "abstract" ||
         w == "global" || w == "using") &&
        nextOnLine)
      throw Bail();
    if (isP(p_ + 1, ":")) {  // a label
      p_ += 2;
      return statement();
    }
  }
  size_t start = p_;
  expression(kAsi);
  if (p_ == start) throw NotType();  // a token no statement starts with
  endStatement();
}

void Eraser::declaration(bool forHeader) {
  p_++;  // var, let, const
  for (;;) {
    if (isW("enum")) throw Bail();  // const enum
    if (isIdent(p_))
      p_++;  // a declared name is not a read
    else
      binding();
    if (isP("!")) {  // definite assignment
      erase(cur().s, cur().e);
      p_++;
    }
    if (isP(":")) annotation();
    if (isP("=")) {
      p_++;
      expression(kComma | (forHeader ? kIn : kAsi));
    }
    if (!isP(",")) return;
    p_++;
  }
}

void Eraser::functionRest(bool expression) {
  p_++;  // function
  if (isP("*")) p_++;
  if (isIdent(p_)) {
    // A function expression's name is visited as an identifier by the walk.
    if (expression) read(text(cur()));
    p_++;
  }
  if (isP("<")) typeParameters();
  if (!isP("(")) throw NotType();
  params();
  if (isP(":")) returnAnnotation();
  if (!isP("{")) throw Bail();  // an overload signature
  block();
}

void Eraser::classRest() {
  p_++;  // class
  if (isIdent(p_) && !isW("extends") && !isW("implements")) p_++;  // the name is not a read
  if (isP("<")) typeParameters();
  if (isW("extends")) {
    p_++;
    if (!isIdent(p_)) throw Bail();
    read(text(cur()));
    p_++;
    while (isP(".") && isIdent(p_ + 1)) p_ += 2;
    if (isP("<")) {
      uint32_t s = cur().s;
      typeArguments();
      erase(s, prevEnd());
    }
    if (isP("(")) {
      p_++;
      arguments();
    }
  }
  if (isW("implements")) {
    uint32_t s = cur().s;
    p_++;
    type();
    while (isP(",")) {
      p_++;
      type();
    }
    erase(s, prevEnd());
  }
  if (!isP("{")) throw Bail();
  classBody();
}

void Eraser::classBody() {
  p_++;  // {
  auto tsModifier = [](std::string_view w) {
    return w == "public" || w == "private" || w == "protected" || w == "readonly" || w == "override";
  };
  auto modifier = [&](std::string_view w) {
    return tsModifier(w) || w == "static" || w == "async" || w == "get" || w == "set" || w == "declare" ||
           w == "abstract" || w == "accessor";
  };
  auto nameStart = [&](size_t i) {
    const Tok& t = at(i);
    return t.k == K::Ident || t.k == K::String || t.k == K::Number || t.k == K::Private || isP(i, "[") ||
           isP(i, "*");
  };
  for (;;) {
    if (isP("}")) {
      p_++;
      return;
    }
    if (cur().k == K::End) throw NotType();
    if (isP(";")) {
      p_++;
      continue;
    }
    if (isW("static") && isP(p_ + 1, "{")) {  // a static block
      p_++;
      block();
      continue;
    }
    size_t first = p_;
    while (isIdent(p_) && modifier(text(cur())) && nameStart(p_ + 1)) {
      if (at(p_ + 1).nl) throw Bail();
      std::string_view w = text(cur());
      if (w == "declare" || w == "abstract" || w == "accessor") throw Bail();
      p_++;
    }
    // Leading TypeScript modifiers go as one range, later ones one by one.
    size_t lead = first;
    while (lead < p_ && tsModifier(text(t_[lead]))) lead++;
    if (lead > first) eraseStatement(t_[first].s, t_[lead].s);
    for (size_t i = lead; i < p_; i++)
      if (tsModifier(text(t_[i]))) erase(t_[i].s, t_[i].e);
    if (isP("*")) p_++;
    const Tok& name = cur();
    if (name.k == K::Ident || name.k == K::String || name.k == K::Number || name.k == K::Private) {
      p_++;
    } else if (isP("[")) {
      p_++;
      expression(0);
      expectP("]");
    } else {
      throw NotType();
    }
    if (isP("?") || isP("!")) {
      erase(cur().s, cur().e);
      p_++;
    }
    if (isP("(") || isP("<")) {
      if (isP("<")) typeParameters();
      params();  // refuses parameter properties
      if (isP(":")) returnAnnotation();
      if (!isP("{")) throw Bail();  // an overload or abstract signature
      block();
      continue;
    }
    if (isP(":")) annotation();
    if (isP("=")) {
      p_++;
      expression(kAsi | kComma);
    }
    if (isP(";")) {
      p_++;
    } else if (!isP("}") && !cur().nl) {
      throw NotType();
    }
  }
}

void Eraser::interfaceDeclaration(uint32_t start) {
  p_++;  // interface
  typeNames_.insert(text(cur()));
  p_++;
  if (isP("<")) skipTypeParameters();
  if (isW("extends")) {
    p_++;
    type();
    while (isP(",")) {
      p_++;
      type();
    }
  }
  if (!isP("{")) throw NotType();
  p_ = cur().match + 1;
  eraseStatement(start, prevEnd());
}

void Eraser::typeAlias(uint32_t start) {
  p_++;  // type
  typeNames_.insert(text(cur()));
  p_++;
  if (isP("<")) skipTypeParameters();
  expectP("=");
  type();
  if (isP(";"))
    p_++;
  else if (!(cur().k == K::End || isP("}") || cur().nl))
    throw NotType();
  eraseStatement(start, prevEnd());
}

void Eraser::importDeclaration() {
  Import d;
  d.s = cur().s;
  p_++;  // import
  if (cur().k == K::String) {  // for its side effects
    p_++;
    if ((isW("with") || isW("assert")) && !cur().nl) throw Bail();
    return endStatement();
  }
  bool typeOnly = false;
  if (isW("type")) {
    const Tok& next = at(p_ + 1);
    if (isP(p_ + 1, "{") || isP(p_ + 1, "*") || (next.k == K::Ident && (text(next) != "from" || isW(p_ + 2, "from"))))
      typeOnly = true, p_++;
  }
  if (isIdent(p_) && !isW("from")) {  // default import, with its comma
    uint32_t s = cur().s, e = cur().e;
    std::string_view local = text(cur());
    p_++;
    if (isP(",")) e = cur().e, p_++;
    d.bindings.push_back({local, typeOnly, false, s, e});
  } else if (isIdent(p_) && isW(p_ + 1, "from") && isW(p_ + 2, "from")) {
    throw Bail();  // `import from from "x"`
  }
  if (isP("*")) {
    uint32_t s = isP(p_ - 1, ",") ? at(p_ - 1).s : cur().s;
    p_++;
    if (!isW("as") || !isIdent(p_ + 1)) throw NotType();
    std::string_view local = text(at(p_ + 1));
    p_ += 2;
    d.bindings.push_back({local, typeOnly, false, s, prevEnd()});
  } else if (isP("{")) {
    d.hasNamed = true;
    d.namedStart = isP(p_ - 1, ",") ? at(p_ - 1).s : cur().s;
    p_++;
    while (!isP("}")) {
      uint32_t s = cur().s;
      bool type = typeOnly;
      if (isW("type") && isIdent(p_ + 1)) {
        if (isW(p_ + 1, "as")) throw Bail();  // `type as x`: which is the name?
        type = true, p_++;
      }
      if (!isIdent(p_)) throw Bail();  // string names
      std::string_view local = text(cur());
      p_++;
      if (isW("as")) {
        if (!isIdent(p_ + 1)) throw NotType();
        local = text(at(p_ + 1));
        p_ += 2;
      }
      uint32_t e = prevEnd();
      if (isP(",")) {
        e = cur().e, p_++;
      } else if (!isP("}")) {
        throw NotType();
      }
      d.bindings.push_back({local, type, true, s, e});
    }
    d.namedEnd = cur().e;
    p_++;
  }
  if (!isW("from") || at(p_ + 1).k != K::String) throw NotType();
  p_ += 2;
  if ((isW("with") || isW("assert")) && !cur().nl) throw Bail();
  if (isP(";"))
    p_++;
  else if (!(cur().k == K::End || isP("}") || cur().nl))
    throw NotType();
  d.e = prevEnd();
  for (const Binding& b : d.bindings)
    if (b.type_only) typeNames_.insert(b.local);
  if (typeOnly)
    eraseStatement(d.s, d.e);
  else
    imports_.push_back(std::move(d));
}

void Eraser::exportDeclaration() {
  uint32_t start = cur().s;
  p_++;  // export
  const Tok& t = cur();
  if (isW("type") && (isP(p_ + 1, "{") || isP(p_ + 1, "*"))) {  // export type { X } [from "x"]
    p_++;
    if (isP("{")) {
      p_ = cur().match + 1;
    } else {
      p_++;
      if (isW("as")) p_ += 2;
    }
    if (isW("from")) {
      p_++;
      if (cur().k != K::String) throw NotType();
      p_++;
      if ((isW("with") || isW("assert")) && !cur().nl) throw Bail();
    }
    if (isP(";"))
      p_++;
    else if (!(cur().k == K::End || isP("}") || cur().nl))
      throw NotType();
    eraseStatement(start, prevEnd());
    return;
  }
  if (isW("type") && isIdent(p_ + 1) && (isP(p_ + 2, "=") || isP(p_ + 2, "<"))) return typeAlias(start);
  if (isW("interface") && isIdent(p_ + 1)) return interfaceDeclaration(start);
  if (isP("{") || isP("*")) {
    std::vector<std::string_view> locals;
    if (isP("{")) {
      p_++;
      while (!isP("}")) {
        if (!isIdent(p_) || isW("type")) throw Bail();  // string names, `type X` specifiers
        locals.push_back(text(cur()));
        p_++;
        if (isW("as")) {
          if (at(p_ + 1).k != K::Ident) throw Bail();
          p_ += 2;
        }
        if (isP(","))
          p_++;
        else if (!isP("}"))
          throw NotType();
      }
      p_++;
    } else {
      p_++;
      if (isW("as")) {
        if (at(p_ + 1).k != K::Ident) throw Bail();
        p_ += 2;
      }
      if (!isW("from")) throw NotType();
    }
    if (isW("from")) {  // a re-export: nothing local is named
      p_++;
      if (cur().k != K::String) throw NotType();
      p_++;
      if ((isW("with") || isW("assert")) && !cur().nl) throw Bail();
    } else {
      for (std::string_view l : locals) {
        read(l);
        exportedLocals_.push_back(l);
      }
    }
    return endStatement();
  }
  if (t.k != K::Ident) throw Bail();  // `export =`
  std::string_view w = text(t);
  if (w == "var" || w == "let" || w == "const") {
    declaration(false);
    return endStatement();
  }
  if (w == "function") return functionRest(false);
  if (w == "async" && isW(p_ + 1, "function")) {
    p_++;
    return functionRest(false);
  }
  if (w == "class") return classRest();
  if (w == "default") {
    p_++;
    if (isW("function")) return functionRest(false);
    if (isW("async") && isW(p_ + 1, "function") && !at(p_ + 1).nl) {
      p_++;
      return functionRest(false);
    }
    if (isW("class")) return classRest();
    if (isW("interface") || isW("abstract") || isW("enum")) throw Bail();
    if (isIdent(p_)) exportedLocals_.push_back(text(cur()));
    expression(kAsi);
    return endStatement();
  }
  throw Bail();  // export declare/enum/namespace/import/abstract/as namespace
}

// ---------------------------------------------------------------------------
// Expressions

// After an operand, at a token on a new line: does the expression go on
// (no automatic semicolon)?
bool Eraser::continues(size_t i) const {
  const Tok& t = at(i);
  switch (t.k) {
    case K::Punct: {
      std::string_view w = text(t);
      return !(w == "{" || w == "!" || w == "~" || w == "++" || w == "--");
    }
    case K::Template:
    case K::TemplateHead:
      return true;
    case K::Ident: {
      std::string_view w = text(t);
      if (w == "as" || w == "satisfies") throw Bail();
      return w == "in" || w == "instanceof";
    }
    default:
      return false;
  }
}

void Eraser::expression(unsigned stop) {
  Depth d(*this);
  int ternary = 0;
  bool end = false;  // the previous token ends an operand
  for (;;) {
    const Tok& t = cur();
    if (t.k == K::End || t.k == K::TemplateMiddle || t.k == K::TemplateTail) return;
    if (end && t.nl && (stop & kAsi) && !continues(p_)) return;
    if (t.k == K::Ident) {
      std::string_view w = text(t);
      if (end) {
        if (w == "as" || w == "satisfies") {
          if (t.nl) throw Bail();
          asExpression();
        } else if (w == "in" || w == "of") {
          if (stop & kIn) return;
          if (w == "of") throw NotType();
          p_++, end = false;
        } else if (w == "instanceof") {
          p_++, end = false;
        } else {
          throw NotType();
        }
        continue;
      }
      end = identOperand(stop | (ternary > 0 ? kColon : 0));
      continue;
    }
    if (t.k != K::Punct) {
      if (end && t.k != K::Template && t.k != K::TemplateHead) throw NotType();
      if (t.k == K::TemplateHead)
        templateLiteral();
      else
        p_++;
      end = true;
      continue;
    }
    std::string_view w = text(t);
    if (w == ")" || w == "]" || w == "}" || w == ";") return;
    if (w == ",") {
      if (stop & kComma) return;
      p_++, end = false;
    } else if (w == "?") {
      ternary++, p_++, end = false;
    } else if (w == ":") {
      if (ternary == 0) {
        if (stop & kColon) return;
        throw NotType();
      }
      ternary--, p_++, end = false;
    } else if (w == "(") {
      if (end) {
        p_++;
        arguments();
      } else if (int a = arrowAt(p_)) {
        if (a == 2 && (ternary > 0 || (stop & kColon))) throw Bail();  // `c ? (x) : y => z`
        arrow(stop);
      } else {
        p_++;
        expression(0);
        expectP(")");
      }
      end = true;
    } else if (w == "[") {
      p_++;
      if (end) {
        expression(0);
        expectP("]");
      } else {
        arrayElements();
      }
      end = true;
    } else if (w == "{") {
      if (end) throw NotType();
      objectLiteral();
      end = true;
    } else if (w == "!") {
      if (end) {  // non-null assertion
        if (t.nl) throw NotType();
        erase(t.s, t.e);
      }
      p_++;
    } else if (w == "<") {
      if (!end) throw Bail();  // `<T>x` or a generic arrow function
      if (surelyLessThan() || !typeArgumentsAhead()) p_++, end = false;
    } else if (w == "." || w == "?.") {
      if (!end) throw Bail();  // `new.target`
      p_++;
      if (isIdent(p_) || cur().k == K::Private)
        p_++;  // a property name is not a read
      else if (w == "." || !(isP("(") || isP("[")))
        throw Bail();
    } else if (w == "++" || w == "--") {
      p_++;  // prefix or postfix: `end` stays as it is
    } else if (w == "=>") {
      throw Bail();
    } else {
      p_++, end = false;  // binary, assignment and prefix operators, `...`
    }
  }
}

// An identifier where an operand starts. False when it was a prefix keyword.
bool Eraser::identOperand(unsigned stop) {
  std::string_view w = text(cur());
  const Tok& next = at(p_ + 1);
  if (w == "new" || w == "typeof" || w == "void" || w == "delete" || w == "await" || w == "yield") {
    if (w == "new" && isP(p_ + 1, ".")) throw Bail();
    p_++;
    return false;
  }
  if (w == "function") {
    functionRest(true);
    return true;
  }
  if (w == "class") {
    classRest();
    return true;
  }
  if (w == "async" && !next.nl) {
    if (isW(p_ + 1, "function")) {
      p_++;
      functionRest(true);
      return true;
    }
    if (isP(p_ + 1, "(") && arrowAt(p_ + 1)) {
      if (arrowAt(p_ + 1) == 2 && (stop & kColon)) throw Bail();
      p_++;
      arrow(stop);
      return true;
    }
    if (next.k == K::Ident && isP(p_ + 2, "=>")) {
      p_++;
      read(text(cur()));
      p_ += 2;
      arrowBody(stop);
      return true;
    }
  }
  if (w == "import") {
    if (isP(p_ + 1, "(")) {
      // import(x, { with: ... }): the walk rewrites the attributes.
      for (size_t i = p_ + 2; i < next.match; i++) {
        if (isP(i, ",")) throw Bail();
        if (at(i).k == K::Punct && (isP(i, "(") || isP(i, "[") || isP(i, "{"))) i = at(i).match;
      }
    } else if (!isP(p_ + 1, ".")) {
      throw Bail();
    }
    p_++;
    return true;
  }
  if (w == "this" || w == "super" || w == "null" || w == "true" || w == "false") {
    p_++;  // keywords, not identifiers to the walk
    return true;
  }
  if (w == "using" || w == "enum" || w == "interface" || w == "declare" || statementWord(w)) throw Bail();
  read(w);
  p_++;
  if (isP("=>")) {  // x => ...
    if (cur().nl) throw NotType();
    p_++;
    arrowBody(stop);
  }
  return true;
}

int Eraser::arrowAt(size_t i) {
  size_t close = at(i).match;
  if (isP(close + 1, "=>")) return at(close + 1).nl ? 0 : 1;
  if (!isP(close + 1, ":")) return 0;
  size_t save = p_;
  p_ = close + 1;
  bool arrow = false;
  try {
    size_t before = edits_.size();
    returnAnnotation();
    edits_.resize(before);
    arrow = isP("=>");
  } catch (const NotType&) {
  }
  p_ = save;
  return arrow ? 2 : 0;
}

void Eraser::arrow(unsigned stop) {
  params();
  uint32_t paramsEnd = prevEnd();
  if (isP(":")) returnAnnotation();
  if (!isP("=>")) throw NotType();
  // A line break before `=>` moves the `)` in the walk.
  if (s_.substr(paramsEnd, cur().s - paramsEnd).find_first_of("\n\r") != std::string_view::npos) throw Bail();
  p_++;
  arrowBody(stop);
}

void Eraser::arrowBody(unsigned stop) {
  if (isP("{")) return block();
  expression(kComma | kColon | (stop & (kAsi | kIn)));
}

void Eraser::arguments() {
  for (;;) {
    if (isP(")")) {
      p_++;
      return;
    }
    if (isP("...")) p_++;
    expression(kComma);
    if (isP(","))
      p_++;
    else if (!isP(")"))
      throw NotType();
  }
}

void Eraser::arrayElements() {
  for (;;) {
    if (isP("]")) {
      p_++;
      return;
    }
    if (isP(",")) {
      p_++;
      continue;
    }
    if (isP("...")) p_++;
    expression(kComma);
    if (isP(","))
      p_++;
    else if (!isP("]"))
      throw NotType();
  }
}

void Eraser::propertyKey() {
  const Tok& t = cur();
  if (t.k == K::Ident || t.k == K::String || t.k == K::Number) {
    p_++;
  } else if (isP("[")) {
    p_++;
    expression(0);
    expectP("]");
  } else {
    throw NotType();
  }
}

void Eraser::methodRest() {
  if (isP("<")) typeParameters();
  if (!isP("(")) throw NotType();
  params();
  if (isP(":")) returnAnnotation();
  block();
}

void Eraser::objectLiteral() {
  Depth d(*this);
  p_++;  // {
  auto keyStart = [&](size_t i) {
    const Tok& t = at(i);
    return !t.nl && (t.k == K::Ident || t.k == K::String || t.k == K::Number || isP(i, "[") || isP(i, "*"));
  };
  while (!isP("}")) {
    if (isP("...")) {
      p_++;
      expression(kComma);
    } else {
      bool method = false;
      if ((isW("get") || isW("set") || isW("async")) && keyStart(p_ + 1)) p_++, method = true;
      if (isP("*")) p_++, method = true;
      bool identKey = isIdent(p_);
      std::string_view key = text(cur());
      propertyKey();
      if (isP("(") || isP("<")) {
        methodRest();
      } else if (method) {
        throw NotType();
      } else if (isP(":")) {
        p_++;
        expression(kComma);
      } else if (identKey && (isP(",") || isP("}"))) {
        read(key);  // shorthand property
      } else {
        throw Bail();  // `{ a = 1 }` (a pattern) and the like
      }
    }
    if (isP(","))
      p_++;
    else if (!isP("}"))
      throw NotType();
  }
  p_++;
}

void Eraser::templateLiteral() {
  p_++;  // the head
  for (;;) {
    expression(0);
    if (cur().k == K::TemplateMiddle) {
      p_++;
    } else if (cur().k == K::TemplateTail) {
      p_++;
      return;
    } else {
      throw NotType();
    }
  }
}

void Eraser::asExpression() {
  uint32_t s = cur().s;
  p_++;  // as, satisfies
  type();
  erase(s, prevEnd());
  // The walk reads `x as T\n(y)` as a call of `x as T` and parts the two.
  if (isP("(") || isP("[") || cur().k == K::Template || cur().k == K::TemplateHead) throw Bail();
}

// At `<` after an operand: type arguments of a call (erased), or `<` the
// operator. Other uses of type arguments are left to tree-sitter.
// Whether the `<` at p_ is certainly an operator, so the speculative parse of
// type arguments (which fails by throwing, ~5 µs a time) need not run: before
// any `>`, a token no type argument list holds outside brackets — `;`, an
// assignment, logical or update operator, the closer of a bracket opened
// before the `<` — or the end. `for (…; i < n; …)` and `if (a < b)` are then
// one short scan. It gives up after a few hundred tokens (the parse decides),
// so a long list of comparisons is not scanned once per `<`.
bool Eraser::surelyLessThan() const {
  for (size_t i = p_ + 1, steps = 0; steps < 256; ++i, ++steps) {
    const Tok& t = at(i);
    if (t.k == K::End) return true;
    if (t.k != K::Punct) continue;
    std::string_view w = text(t);
    if (w[0] == '>') return false;
    if (w == "(" || w == "[" || w == "{") {
      i = t.match;
      continue;
    }
    if (oneOf(w, {")", "]", "}", ";", "=", "&&", "||", "??", "==", "===", "!=", "!==", "++", "--", "+=", "-=",
                  "*=", "/=", "&&=", "||=", "??="}))
      return true;
  }
  return false;
}

bool Eraser::typeArgumentsAhead() {
  size_t save = p_;
  try {
    typeArguments();
  } catch (const NotType&) {
    p_ = save;
    return false;
  }
  if (!isP("(")) throw Bail();  // an instantiation expression, tag<T>`x`, or a < b > c
  erase(t_[save].s, prevEnd());
  return true;
}

void Eraser::params() {
  p_++;  // (
  for (;;) {
    if (isP(")")) {
      p_++;
      return;
    }
    const Tok& t = cur();
    if (t.k == K::Ident) {
      std::string_view w = text(t);
      bool modifier = w == "public" || w == "private" || w == "protected" || w == "readonly" || w == "override";
      const Tok& next = at(p_ + 1);
      if (modifier && (next.k == K::Ident || isP(p_ + 1, "{") || isP(p_ + 1, "["))) throw Bail();
      if (w == "this" && (isP(p_ + 1, ":") || isP(p_ + 1, ",") || isP(p_ + 1, ")"))) throw Bail();
    }
    if (isP("...")) p_++;
    if (isIdent(p_))
      p_++;  // a plain parameter name is not a read
    else
      binding();
    if (isP("?")) {
      erase(cur().s, cur().e);
      p_++;
    }
    if (isP(":")) annotation();
    if (isP("=")) {
      p_++;
      expression(kComma);
    }
    if (isP(","))
      p_++;
    else if (!isP(")"))
      throw NotType();
  }
}

// A binding pattern. The walk counts some of its names as reads and not
// others, so an import named like one of them is left to it.
void Eraser::binding() {
  Depth d(*this);
  if (isIdent(p_)) {
    uncertain_.insert(text(cur()));
    p_++;
  } else if (isP("{")) {
    objectPattern();
  } else if (isP("[")) {
    arrayPattern();
  } else {
    throw NotType();
  }
}

void Eraser::bindingElement() {
  binding();
  if (isP("=")) {
    p_++;
    expression(kComma);
  }
}

void Eraser::objectPattern() {
  p_++;  // {
  while (!isP("}")) {
    if (isP("...")) {
      p_++;
      binding();
    } else if (isIdent(p_) && !isP(p_ + 1, ":")) {  // shorthand, maybe with a default
      bindingElement();
    } else {
      propertyKey();
      expectP(":");
      bindingElement();
    }
    if (isP(","))
      p_++;
    else if (!isP("}"))
      throw NotType();
  }
  p_++;
}

void Eraser::arrayPattern() {
  p_++;  // [
  while (!isP("]")) {
    if (isP(",")) {
      p_++;
      continue;
    }
    if (isP("...")) {
      p_++;
      binding();
    } else {
      bindingElement();
    }
    if (isP(","))
      p_++;
    else if (!isP("]"))
      throw NotType();
  }
  p_++;
}

// ---------------------------------------------------------------------------
// Types: skipped, never read; the caller erases their range.

void Eraser::annotation() {
  uint32_t s = cur().s;
  p_++;  // :
  type();
  erase(s, prevEnd());
}

void Eraser::returnAnnotation() {
  uint32_t s = cur().s;
  p_++;  // :
  if (isW("asserts") && (isIdent(p_ + 1)) && !at(p_ + 1).nl) {
    p_ += 2;
    if (isW("is") && !cur().nl) {
      p_++;
      type();
    }
  } else if (isIdent(p_) && isW(p_ + 1, "is") && !at(p_ + 1).nl) {
    p_ += 2;
    type();
  } else {
    type();
  }
  erase(s, prevEnd());
}

void Eraser::type() {
  Depth d(*this);
  typeNoConditional();
  if (isW("extends") && !cur().nl) {  // A extends B ? C : D
    p_++;
    typeNoConditional();
    expectP("?");
    type();
    expectP(":");
    type();
  }
}

void Eraser::typeNoConditional() {
  if (isP("<")) {  // <T>(x: T) => T
    skipTypeParameters();
    if (!isP("(")) throw NotType();
  }
  if (isW("new")) {
    p_++;
    if (isP("<")) skipTypeParameters();
    if (!isP("(")) throw NotType();
  }
  if (isP("(") && isP(cur().match + 1, "=>")) {  // a function type
    p_ = cur().match + 2;
    type();
    return;
  }
  if (isP("|") || isP("&")) p_++;
  typeOperand();
  while (isP("|") || isP("&")) {
    p_++;
    typeOperand();
  }
}

void Eraser::typeOperand() {
  Depth d(*this);
  if ((isW("keyof") || isW("unique") || isW("readonly")) &&
      (isIdent(p_ + 1) || isP(p_ + 1, "(") || isP(p_ + 1, "[") || isP(p_ + 1, "{"))) {
    p_++;
    return typeOperand();
  }
  if (isW("infer") && isIdent(p_ + 1)) {
    p_ += 2;
    if (isW("extends")) throw Bail();
    return;
  }
  if (isW("typeof") && isIdent(p_ + 1)) {
    p_ += 2;
    if (isW(p_ - 1, "import")) throw Bail();
    while (isP(".") && (isIdent(p_ + 1) || at(p_ + 1).k == K::Private)) p_ += 2;
    if (isP("<") && !cur().nl) typeArguments();
  } else {
    typePrimary();
  }
  while (isP("[") && !cur().nl) {  // T[] and T[K]
    p_++;
    if (!isP("]")) type();
    expectP("]");
  }
}

void Eraser::typePrimary() {
  const Tok& t = cur();
  switch (t.k) {
    case K::Ident:
      if (isW("import") || isW("asserts") || isW("abstract")) throw Bail();
      if ((statementWord(text(t)) && !isW("const")) || isW("function") || isW("class")) throw NotType();
      p_++;
      while (isP(".") && isIdent(p_ + 1)) p_ += 2;
      if (isP("<") && !cur().nl) typeArguments();
      return;
    case K::String:
    case K::Number:
    case K::Template:
      p_++;
      return;
    case K::Punct:
      if (isP("(")) {
        p_++;
        type();
        expectP(")");
        return;
      }
      if (isP("{") || isP("[")) {  // object, mapped and tuple types
        p_ = t.match + 1;
        return;
      }
      if (isP("-") && at(p_ + 1).k == K::Number) {
        p_ += 2;
        return;
      }
      throw NotType();
    case K::TemplateHead:
      throw Bail();  // template literal types
    default:
      throw NotType();
  }
}

void Eraser::typeArguments() {
  p_++;  // <
  if (isP(">")) throw NotType();
  for (;;) {
    type();
    if (isP(",")) {
      p_++;
      continue;
    }
    expectP(">");
    return;
  }
}

void Eraser::skipTypeParameters() {
  p_++;  // <
  for (;;) {
    if (isW("const") || isW("in") || isW("out")) throw Bail();
    if (!isIdent(p_)) throw NotType();
    p_++;
    if (isW("extends")) {
      p_++;
      type();
    }
    if (isP("=")) {
      p_++;
      type();
    }
    if (isP(",")) {
      p_++;
      if (isP(">")) break;
      continue;
    }
    break;
  }
  expectP(">");
}

void Eraser::typeParameters() {
  uint32_t s = cur().s;
  skipTypeParameters();
  erase(s, prevEnd());
}

// ---------------------------------------------------------------------------
// Import elision and the result

void Eraser::resolveImports() {
  for (std::string_view local : exportedLocals_)
    if (typeNames_.count(local)) throw Bail();  // the walk drops exports of types
  for (const Import& d : imports_) {
    size_t kept = 0, keptNamed = 0, named = 0;
    for (const Binding& b : d.bindings) {
      bool keep = !b.type_only && reads_.count(b.local);
      if (!keep && !b.type_only && uncertain_.count(b.local)) throw Bail();
      kept += keep;
      if (b.named) named++, keptNamed += keep;
    }
    if (kept == 0) {
      eraseStatement(d.s, d.e);
      continue;
    }
    if (named > 0 && keptNamed == 0) erase(d.namedStart, d.namedEnd);
    for (const Binding& b : d.bindings) {
      bool keep = !b.type_only && reads_.count(b.local);
      if (keep || (named > 0 && keptNamed == 0 && b.named)) continue;
      erase(b.eraseStart, b.eraseEnd);
    }
  }
}

std::string Eraser::run() {
  lex();
  statements();
  if (cur().k != K::End) throw NotType();
  resolveImports();
  std::stable_sort(edits_.begin(), edits_.end(),
                   [](const Edit& a, const Edit& b) { return a.s != b.s ? a.s < b.s : a.e < b.e; });
  std::string out;
  out.reserve(s_.size());
  uint32_t pos = 0;
  for (const Edit& e : edits_) {
    if (e.s < pos) throw Bail();
    out.append(s_.substr(pos, e.s - pos));
    appendBlank(out, s_.substr(e.s, e.e - e.s), e.semicolon);
    pos = e.e;
  }
  out.append(s_.substr(pos));
  return out;
}

}  // namespace

std::optional<std::string> eraseTypesFast(std::string_view source) {
  if (source.size() >= (1u << 31)) return std::nullopt;
  try {
    return Eraser(source).run();
  } catch (const Bail&) {
    return std::nullopt;
  } catch (const NotType&) {
    return std::nullopt;
  }
}

}  // namespace toolchain::transpile::detail
