// Internal to runtime/transpile: the tree walker shared by transpile.cc
// (erasure, imports/exports, diagnostics) and rewrite.cc (enums, namespaces,
// parameter properties). Not part of the public interface.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "runtime/transpile/transpile.h"

namespace toolchain::transpile::detail {

// Node kinds we look at, resolved once per grammar to symbol ids so the walk
// compares integers, not strings. Kinds a grammar lacks get kNoSymbol.
// clang-format off
#define TC_NAMED_KINDS(X)                                                                       \
  X(program) X(statement_block) X(expression_statement) X(empty_statement)                      \
  X(interface_declaration) X(type_alias_declaration) X(ambient_declaration)                     \
  X(function_signature) X(abstract_method_signature) X(method_signature) X(index_signature)     \
  X(enum_declaration) X(enum_body) X(enum_assignment) X(internal_module) X(module)              \
  X(import_statement) X(import_clause) X(named_imports) X(import_specifier) X(namespace_import) \
  X(namespace_export) X(import_require_clause) X(import_alias) X(export_statement)              \
  X(export_clause) X(export_specifier) X(class_declaration) X(abstract_class_declaration)       \
  X(class_body) X(class_heritage) X(extends_clause) X(implements_clause)                        \
  X(public_field_definition) X(method_definition) X(formal_parameters) X(required_parameter)    \
  X(optional_parameter) X(accessibility_modifier) X(override_modifier) X(type_annotation)       \
  X(type_parameters) X(type_arguments) X(type_predicate_annotation) X(asserts_annotation)       \
  X(omitting_type_annotation) X(opting_type_annotation) X(adding_type_annotation)               \
  X(as_expression) X(satisfies_expression) X(type_assertion) X(non_null_expression)             \
  X(variable_declarator) X(lexical_declaration) X(variable_declaration) X(function_declaration) \
  X(generator_function_declaration) X(function_expression) X(generator_function)                \
  X(arrow_function) X(call_expression) X(subscript_expression) X(member_expression)             \
  X(binary_expression) X(unary_expression) X(parenthesized_expression) X(assignment_expression) \
  X(augmented_assignment_expression) X(update_expression) X(decorator) X(regex) X(regex_flags)  \
  X(identifier) X(shorthand_property_identifier) X(shorthand_property_identifier_pattern)       \
  X(property_identifier) X(type_identifier) X(nested_identifier) X(string) X(string_fragment)   \
  X(template_string) X(template_substitution) X(number) X(computed_property_name) X(arguments)  \
  X(object) X(pair) X(comment) X(array_pattern) X(object_pattern) X(pair_pattern)               \
  X(assignment_pattern) X(object_assignment_pattern) X(rest_pattern) X(jsx_element)             \
  X(jsx_self_closing_element)

// Named kinds whose names are C++ keywords.
#define TC_NAMED_KINDS2(X) X(class_, "class") X(this_, "this") X(super_, "super") X(import_, "import")

#define TC_TOKEN_KINDS(X)                                                                   \
  X(kw_abstract, "abstract") X(kw_declare, "declare") X(kw_readonly, "readonly")            \
  X(kw_type, "type") X(kw_default, "default") X(kw_using, "using") X(kw_const, "const")     \
  X(kw_as, "as") X(kw_accessor, "accessor") X(tok_question, "?") X(tok_bang, "!")           \
  X(tok_eq, "=") X(tok_comma, ",") X(tok_lbrace, "{") X(tok_rbrace, "}") X(tok_arrow, "=>")
// clang-format on

inline constexpr TSSymbol kNoSymbol = 0xFFFE;
inline constexpr TSSymbol kErrorSymbol = 0xFFFF;  // ts_builtin_sym_error

// What visit() does with a node kind; a table indexed by symbol.
enum class Act : uint8_t {
  Walk,            // visit the children
  Leaf,            // nothing to do, no children worth visiting
  EraseType,       // type annotation / parameters / arguments: blank it
  EraseStatement,  // a type-only statement or class member: blank it
  Identifier,
  ShorthandProperty,
  Special,  // handled by name in visit()
};

struct Symbols {
#define TC_DECLARE(name) TSSymbol name;
  TC_NAMED_KINDS(TC_DECLARE)
#undef TC_DECLARE
#define TC_DECLARE(name, text) TSSymbol name;
  TC_NAMED_KINDS2(TC_DECLARE)
  TC_TOKEN_KINDS(TC_DECLARE)
#undef TC_DECLARE
  TSSymbol error;
  std::vector<Act> act;
  explicit Symbols(const TSLanguage* language, bool typescript);
  Act of(TSSymbol s) const { return s < act.size() ? act[s] : Act::Walk; }
};

enum class EditKind : uint8_t {
  Blank,      // replace by spaces, keeping line terminators
  BlankSemi,  // same, but the first character becomes ';' (ends the previous statement)
  Text,       // replace by text, then the line terminators the range had
};
struct Edit {
  uint32_t start, end;
  EditKind kind;
  bool soft;  // dropped silently when it overlaps another edit (import attributes)
  std::string text;
};

// Value of an enum member as far as it can be known without type information.
struct EnumValue {
  enum Kind : uint8_t { Unknown, Number, String } kind = Unknown;
  double number = 0;
};

// Appends the blanked form of `range` (spaces, its line terminators kept;
// `semicolon`: the first character becomes ';'). Shared with fast_erase.cc.
void appendBlank(std::string& out, std::string_view range, bool semicolon);
void appendLineTerminators(std::string& out, std::string_view range);

class Transpiler {
 public:
  Transpiler(std::string_view source, const Symbols& symbols, bool typescript);
  ~Transpiler();
  Transpiler(const Transpiler&) = delete;
  Transpiler& operator=(const Transpiler&) = delete;

  void walkTypeScript(TSNode root);
  void walkJavaScript(TSNode root);
  // An attribute clause `with {...}` found by the text scan (the parser never sees it).
  void addImportAttributeEdit(uint32_t keyword, uint32_t clauseEnd, bool with);
  // First ERROR or MISSING node, with a message; false when the tree is clean.
  bool firstSyntaxError(TSNode root, uint32_t* at, uint32_t* errorEnd, std::string* message);
  bool followsOperator(uint32_t at) const;
  [[gnu::noinline]] void error(uint32_t byte, std::string message);
  Result finish();  // resolves import elision, applies the edits

 private:
  // Children of a node, read with one shared cursor into pooled vectors
  // (ts_node_child is linear per call in tree-sitter 0.20).
  class Kids {
   public:
    [[gnu::noinline]] Kids(Transpiler& t, TSNode n);
    ~Kids();
    Kids(const Kids&) = delete;
    Kids& operator=(const Kids&) = delete;
    size_t size() const { return v_.size(); }
    TSNode operator[](size_t i) const { return v_[i]; }
    const TSNode* begin() const { return v_.data(); }
    const TSNode* end() const { return v_.data() + v_.size(); }

   private:
    Transpiler& t_;
    std::vector<TSNode> v_;
  };

  struct Binding {  // a name an import binds, or an export specifier
    TSNode node;
    std::string_view local;
    bool type_only;
    uint32_t eraseStart, eraseEnd;  // the range to blank, with its comma
  };
  struct ImportDecl {
    TSNode stmt;
    TSNode named;         // named_imports, or null
    uint32_t namedStart;  // start of named_imports or of the comma before it
    std::vector<Binding> bindings;
  };
  struct ExportClause {
    TSNode stmt;
    bool reexport;  // `export { ... } from "x"`
    std::vector<Binding> specs;
  };
  struct AliasDecl {
    TSNode stmt, name, target;
  };                 // import x = A.B
  struct NsExport {  // names a namespace's `export let/var/import` declares
    uint32_t at;     // end of the declaration
    bool semicolon;  // the declaration lacks its own ';'
    bool mutable_binding;
    std::vector<std::string_view> names;
  };
  struct Namespace {
    std::string_view name;
    Namespace* parent;
    std::unordered_set<std::string_view> assigned;  // names written to inside
    std::vector<NsExport> exports;
    std::vector<std::string_view> exported;  // every name this block exports
  };
  struct EnumInfo {  // shared by the declarations of one (merged) enum
    std::unordered_set<std::string_view> members;
    std::unordered_map<std::string_view, EnumValue> values;
  };
  struct EnumScope {
    std::string_view name;
    const std::unordered_set<std::string_view>* members;
  };

  // --- source and positions ---
  uint32_t start(TSNode n) const { return ts_node_start_byte(n); }
  uint32_t end(TSNode n) const { return ts_node_end_byte(n); }
  std::string_view text(TSNode n) const { return src_.substr(start(n), end(n) - start(n)); }
  bool is(TSNode n, TSSymbol s) const { return !ts_node_is_null(n) && ts_node_symbol(n) == s; }
  TSNode firstNamed(TSNode n);
  TSNode childOf(TSNode n, TSSymbol s);
  bool hasToken(TSNode n, TSSymbol s);
  bool needsSemicolon(uint32_t before, uint32_t after) const;

  // --- edits ---
  // Out of line: they build temporaries that would otherwise enlarge the
  // frames of the recursive walk.
  [[gnu::noinline]] void erase(uint32_t s, uint32_t e);
  void erase(TSNode n) { erase(start(n), end(n)); }
  [[gnu::noinline]] void eraseStatement(TSNode n);  // blanks, with ';' first when needed
  [[gnu::noinline]] void eraseLeading(uint32_t s, uint32_t e);  // same, for member modifiers
  [[gnu::noinline]] void replace(uint32_t s, uint32_t e, std::string text);
  [[gnu::noinline]] void insert(uint32_t at, const char* text);
  void insert(uint32_t at, std::string text) { replace(at, at, std::move(text)); }

  // --- walk (transpile.cc) ---
  bool isBenignError(TSNode n, TSSymbol parent);
  bool findSyntaxError(TSNode root, TSNode* out);
  [[gnu::noinline]] void visit(TSNode n);
  [[gnu::noinline]] void visitChildren(TSNode n);
  bool stackExhausted(TSNode n);  // reports once when the walk is too deep
  [[gnu::noinline]] void tooDeep(TSNode n);
  [[gnu::noinline]] void eraseTypeStatement(TSNode n);
  [[gnu::noinline]] void visitIdentifier(TSNode n);
  [[gnu::noinline]] void visitSpecial(TSNode n, TSSymbol s);
  [[gnu::noinline]] void visitProgram(TSNode n);
  [[gnu::noinline]] void visitBlock(TSNode n);
  [[gnu::noinline]] void visitExpressionStatement(TSNode n);
  [[gnu::noinline]] void visitFunction(TSNode n);
  [[gnu::noinline]] void visitErasingBang(TSNode n);
  [[gnu::noinline]] void visitAs(TSNode n);
  [[gnu::noinline]] void visitTypeAssertion(TSNode n);
  [[gnu::noinline]] void visitCallOrSubscript(TSNode n);
  [[gnu::noinline]] void visitBinary(TSNode n);
  [[gnu::noinline]] void visitAssignment(TSNode n);
  [[gnu::noinline]] void visitClass(TSNode n);
  [[gnu::noinline]] void visitClassMember(TSNode n, std::vector<std::string_view>& properties);
  [[gnu::noinline]] void visitParams(TSNode params, std::vector<std::string_view>* properties);
  [[gnu::noinline]] void visitArrow(TSNode n);
  [[gnu::noinline]] void moveArrowParenthesis(TSNode params, TSNode ret);
  void visitImport(TSNode n);
  void visitImportAlias(TSNode alias, TSNode exportStmt);
  void visitExport(TSNode n);
  void checkRegex(TSNode n);
  void importCallAttributes(TSNode call);
  void noteAssignmentTarget(TSNode n);
  void collectBoundNames(TSNode pattern, std::vector<std::string_view>& out);
  void collectTopLevelNames(TSNode stmt);
  void declaredNames(TSNode stmt, std::vector<std::string_view>& out);
  std::string qualified(std::string_view name) const;  // with the enclosing namespaces
  void declareInScope(std::string_view name) { scopes_.back().push_back(name); }
  bool declaredInScope(std::string_view name) const;
  void resolveImports();

  // --- rewrites (rewrite.cc) ---
  void rewriteEnum(TSNode en, TSNode exportStmt);
  EnumValue evalEnum(TSNode e, const std::unordered_map<std::string_view, EnumValue>& values,
                     std::string_view enumName, int depth = 0);
  void rewriteNamespace(TSNode mod, TSNode stmt, TSNode exportStmt);
  bool isInstantiated(TSNode block);
  void exportFromNamespace(TSNode exportStmt, TSNode decl);
  void finishNamespace(const Namespace& ns);
  void insertParameterProperties(TSNode ctor, const std::vector<std::string_view>& props);
  std::string bindingTarget(std::string_view name, bool exportedFromNamespace) const;

  std::string_view src_;
  const Symbols& S;
  bool ts_;
  TSTreeCursor cursor_;
  bool cursorReady_ = false;
  std::vector<std::vector<TSNode>> pool_;

  std::vector<Edit> edits_;
  std::vector<Diagnostic> errors_;
  std::vector<std::pair<uint32_t, uint32_t>> attributes_;  // attribute clauses: keyword, end

  std::unordered_set<std::string_view> used_;        // identifiers read as values
  std::unordered_set<std::string_view> typeNames_;   // interfaces, type aliases, type imports
  std::unordered_set<std::string_view> valueNames_;  // top-level value declarations
  std::vector<ImportDecl> imports_;
  std::vector<AliasDecl> aliases_;
  std::vector<ExportClause> exportClauses_;
  std::vector<std::pair<TSNode, std::string_view>> exportDefaults_;  // export default X
  std::vector<std::vector<std::string_view>> scopes_;  // class/function/enum/namespace names
  std::unordered_map<std::string, EnumInfo> enums_;    // by qualified name
  std::unordered_map<std::string, std::vector<std::string_view>> namespaces_;  // exported names

  Namespace* ns_ = nullptr;
  const EnumScope* enum_ = nullptr;
  bool classExtends_ = false;
  uintptr_t stackBase_ = 0;  // frame address where the walk started
  bool tooDeep_ = false;
};

}  // namespace toolchain::transpile::detail
