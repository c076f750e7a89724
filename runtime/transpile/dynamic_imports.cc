#include "runtime/transpile/dynamic_imports.h"

#include <tree_sitter/api.h>

extern "C" const TSLanguage* tree_sitter_javascript();

namespace toolchain::transpile {

namespace {

std::string_view text_of(std::string_view js, TSNode n) {
  return js.substr(ts_node_start_byte(n), ts_node_end_byte(n) - ts_node_start_byte(n));
}

// `{ with: { type: "json" } }` (or `assert`): the attribute's value, else "".
std::string type_attribute(std::string_view js, TSNode options) {
  if (ts_node_is_null(options) || std::string_view(ts_node_type(options)) != "object") return {};
  for (uint32_t i = 0; i < ts_node_named_child_count(options); ++i) {
    TSNode pair = ts_node_named_child(options, i);
    TSNode key = ts_node_child_by_field_name(pair, "key", 3);
    TSNode value = ts_node_child_by_field_name(pair, "value", 5);
    if (ts_node_is_null(key) || ts_node_is_null(value) || std::string_view(ts_node_type(value)) != "object") continue;
    auto name = text_of(js, key);
    if (name != "with" && name != "assert" && name != "\"with\"" && name != "'with'") continue;
    for (uint32_t j = 0; j < ts_node_named_child_count(value); ++j) {
      TSNode attr = ts_node_named_child(value, j);
      TSNode k = ts_node_child_by_field_name(attr, "key", 3);
      TSNode v = ts_node_child_by_field_name(attr, "value", 5);
      if (ts_node_is_null(k) || ts_node_is_null(v)) continue;
      auto kt = text_of(js, k);
      if ((kt == "type" || kt == "\"type\"" || kt == "'type'") && std::string_view(ts_node_type(v)) == "string") {
        auto vt = text_of(js, v);
        return std::string(vt.substr(1, vt.size() - 2));
      }
    }
  }
  return {};
}

}  // namespace

std::vector<DynamicImport> find_dynamic_imports(std::string_view js) {
  std::vector<DynamicImport> out;
  if (js.find("import") == std::string_view::npos) return out;
  TSParser* parser = ts_parser_new();
  ts_parser_set_language(parser, tree_sitter_javascript());
  TSTree* tree = ts_parser_parse_string(parser, nullptr, js.data(), uint32_t(js.size()));
  TSTreeCursor cursor = ts_tree_cursor_new(ts_tree_root_node(tree));
  for (bool more = true; more;) {
    TSNode n = ts_tree_cursor_current_node(&cursor);
    if (std::string_view(ts_node_type(n)) == "call_expression") {
      TSNode callee = ts_node_child_by_field_name(n, "function", 8);
      TSNode args = ts_node_child_by_field_name(n, "arguments", 9);
      if (!ts_node_is_null(callee) && !ts_node_is_null(args) && std::string_view(ts_node_type(callee)) == "import" &&
          ts_node_named_child_count(args) > 0) {
        TSNode first = ts_node_named_child(args, 0);
        std::string_view kind = ts_node_type(first);
        bool literal = kind == "string" ||
                       (kind == "template_string" && text_of(js, first).find("${") == std::string_view::npos);
        if (literal) {
          auto text = text_of(js, first);
          out.push_back({std::string(text.substr(1, text.size() - 2)),
                         type_attribute(js, ts_node_named_child_count(args) > 1 ? ts_node_named_child(args, 1)
                                                                                 : TSNode{}),
                         ts_node_start_byte(first), ts_node_end_byte(first)});
        }
      }
    }
    if (ts_tree_cursor_goto_first_child(&cursor)) continue;
    while (!ts_tree_cursor_goto_next_sibling(&cursor))
      if (!ts_tree_cursor_goto_parent(&cursor)) {
        more = false;
        break;
      }
  }
  ts_tree_cursor_delete(&cursor);
  ts_tree_delete(tree);
  ts_parser_delete(parser);
  return out;
}

}  // namespace toolchain::transpile
