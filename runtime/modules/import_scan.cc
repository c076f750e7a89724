#include "modules/import_scan.h"

namespace toolchain::modules {

namespace {

bool ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         static_cast<unsigned char>(c) >= 0x80;
}

struct Scanner {
  std::string_view s;
  size_t i = 0;

  bool at_end() const { return i >= s.size(); }

  // Skips spaces and comments; false at the end.
  bool skip_trivia() {
    while (i < s.size()) {
      char c = s[i];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        ++i;
      } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
        i = s.find('\n', i);
        if (i == std::string_view::npos) i = s.size();
      } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
        i = s.find("*/", i + 2);
        i = i == std::string_view::npos ? s.size() : i + 2;
      } else {
        return true;
      }
    }
    return false;
  }

  // At a quote: the string's contents (escapes kept as written), i past it.
  std::string_view string() {
    char quote = s[i++];
    size_t start = i;
    while (i < s.size() && s[i] != quote && s[i] != '\n') i += s[i] == '\\' ? 2 : 1;
    std::string_view out = s.substr(start, std::min(i, s.size()) - start);
    if (i < s.size()) ++i;
    return out;
  }

  // At a backtick: past the template, substitutions included.
  void template_literal() {
    ++i;
    int depth = 0;
    while (i < s.size()) {
      char c = s[i];
      if (c == '\\') {
        i += 2;
      } else if (depth == 0 && c == '`') {
        ++i;
        return;
      } else if (c == '$' && i + 1 < s.size() && s[i + 1] == '{') {
        ++depth, i += 2;
      } else if (depth > 0 && c == '}') {
        --depth, ++i;
      } else if (depth > 0 && (c == '"' || c == '\'')) {
        string();
      } else {
        ++i;
      }
    }
  }

  std::string_view word() {
    size_t start = i;
    while (i < s.size() && ident_char(s[i])) ++i;
    return s.substr(start, i - start);
  }

  // After `import`/`export`: the clause up to `from "x"` (or `import "x"`).
  void clause(bool is_import, std::vector<std::string>& out) {
    bool after_from = false;
    for (bool first = true; skip_trivia(); first = false) {
      char c = s[i];
      if (c == '"' || c == '\'') {
        std::string_view spec = string();
        if (after_from || (is_import && first)) out.emplace_back(spec);
        return;
      }
      if (ident_char(c)) {
        auto w = word();
        after_from = w == "from";
        continue;
      }
      if (c == '{' || c == '}' || c == ',' || c == '*') {
        after_from = false;
        ++i;
        continue;
      }
      return;  // `import(`, `import.meta`, `export const x =` …: no static import here
    }
  }
};

}  // namespace

std::vector<std::string> scan_static_imports(std::string_view js) {
  std::vector<std::string> out;
  Scanner sc{js};
  char previous = 0;  // the last significant character before a word
  while (sc.skip_trivia()) {
    char c = js[sc.i];
    if (c == '"' || c == '\'') {
      sc.string();
      previous = c;
    } else if (c == '`') {
      sc.template_literal();
      previous = c;
    } else if (ident_char(c)) {
      auto w = sc.word();
      if (previous != '.' && (w == "import" || w == "export")) sc.clause(w == "import", out);
      previous = 'a';
    } else {
      previous = c;
      ++sc.i;
    }
  }
  return out;
}

}  // namespace toolchain::modules
