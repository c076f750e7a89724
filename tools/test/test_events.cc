#include "tools/test/test_events.h"

#include <stdexcept>

#include <boost/json.hpp>
#include <fmt/format.h>

#include "tools/common/discovery.h"

namespace toolchain::tools::test {

namespace json = boost::json;

namespace {

Location location_of(const json::value* value) {
  Location out;
  if (!value || !value->is_object()) return out;
  const auto& obj = value->as_object();
  if (auto* f = obj.if_contains("fileName"); f && f->is_string()) out.file = std::string(f->as_string());
  if (auto* l = obj.if_contains("lineNumber"); l && l->is_number()) out.line = static_cast<int>(l->to_number<double>());
  if (auto* c = obj.if_contains("columnNumber"); c && c->is_number())
    out.column = static_cast<int>(c->to_number<double>());
  return out;
}

Outcome outcome_of(const json::value& value) {
  Outcome out;
  if (value.is_string()) {
    out.kind = value.as_string() == "ignored" ? Outcome::Kind::Ignored : Outcome::Kind::Ok;
  } else if (value.is_object()) {
    const auto& obj = value.as_object();
    if (auto* f = obj.if_contains("failed")) {
      out.kind = Outcome::Kind::Failed;
      out.error = f->is_string() ? std::string(f->as_string()) : json::serialize(*f);
    } else if (auto* s = obj.if_contains("failedSteps")) {
      out.kind = Outcome::Kind::FailedSteps;
      out.failed_steps = static_cast<int>(s->to_number<double>());
    }
  }
  return out;
}

double number(const json::object& obj, const char* key) {
  auto* v = obj.if_contains(key);
  return v && v->is_number() ? v->to_number<double>() : 0;
}

std::string string(const json::object& obj, const char* key) {
  auto* v = obj.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

}  // namespace

// JSON.stringify writes a lone surrogate as a `\ud800` escape, which is valid
// JSON but not UTF-16, and Boost.JSON refuses it: such an escape becomes
// U+FFFD, what Deno prints for it.
std::string well_formed_json(const std::string& text) {
  auto surrogate_at = [&](size_t i, char low, char high) {
    if (i + 6 > text.size() || text[i] != '\\' || text[i + 1] != 'u' || (text[i + 2] | 0x20) != 'd') return false;
    char c = static_cast<char>(text[i + 3] | 0x20);
    return c >= low && c <= high;
  };
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] != 'u') {  // another escape: copy both characters
      out += text[i];
      out += text[++i];
      continue;
    }
    if (surrogate_at(i, '8', 'b') && surrogate_at(i + 6, 'c', 'f')) {  // a pair: keep it
      out.append(text, i, 12);
      i += 11;
    } else if (surrogate_at(i, '8', 'f')) {  // alone
      out += "\\ufffd";
      i += 5;
    } else {
      out += text[i];
    }
  }
  return out;
}

Event parse_event(const std::string& origin, const std::string& text) {
  json::value value = json::parse(well_formed_json(text));
  if (!value.is_object()) throw std::runtime_error("test event is not an object");
  const auto& obj = value.as_object();
  Event e;
  e.origin = origin;
  std::string type = string(obj, "type");
  e.id = static_cast<uint64_t>(number(obj, "id"));
  e.duration_ms = number(obj, "duration");
  if (type == "plan") {
    e.kind = Event::Kind::Plan;
    e.filtered_out = static_cast<size_t>(number(obj, "filteredOut"));
    if (auto* u = obj.if_contains("usedOnly")) e.used_only = u->is_bool() && u->as_bool();
    if (auto* tests = obj.if_contains("tests"); tests && tests->is_array()) {
      for (const auto& t : tests->as_array()) {
        const auto& to = t.as_object();
        e.tests.push_back({static_cast<uint64_t>(number(to, "id")), string(to, "name"), location_of(to.if_contains("location"))});
      }
    }
  } else if (type == "wait") {
    e.kind = Event::Kind::Wait;
  } else if (type == "output") {
    e.kind = Event::Kind::Output;
    e.text = string(obj, "text");
    if (auto* s = obj.if_contains("stderr")) e.stderr = s->is_bool() && s->as_bool();
  } else if (type == "result" || type == "stepResult") {
    e.kind = type == "result" ? Event::Kind::Result : Event::Kind::StepResult;
    if (auto* r = obj.if_contains("result")) e.outcome = outcome_of(*r);
  } else if (type == "stepWait") {
    e.kind = Event::Kind::StepWait;
    e.parent = static_cast<uint64_t>(number(obj, "parent"));
    e.level = static_cast<int>(number(obj, "level"));
    e.name = string(obj, "name");
    e.location = location_of(obj.if_contains("location"));
  } else {
    throw std::runtime_error("unknown test event: " + type);
  }
  return e;
}

Record* Tally::find(const std::string& origin, uint64_t id) {
  auto it = records_.find({origin, id});
  return it == records_.end() ? nullptr : &it->second;
}

std::string Tally::full_name(const Record& record) {
  std::string name = record.name;
  for (const Record* r = &record; r->parent != 0;) {
    r = find(r->origin, r->parent);
    if (!r) break;
    name = r->name + " ... " + name;
  }
  return name;
}

Record* Tally::apply(const Event& e) {
  switch (e.kind) {
    case Event::Kind::Plan:
      origins.push_back(e.origin);
      counts.filtered_out += e.filtered_out;
      used_only = used_only || e.used_only;
      for (const auto& t : e.tests) {
        Record r;
        r.origin = e.origin;
        r.id = t.id;
        r.name = t.name;
        r.location = t.location;
        records_[{e.origin, t.id}] = r;
        tests_of[e.origin].push_back(t.id);
      }
      return nullptr;
    case Event::Kind::StepWait: {
      Record r;
      r.origin = e.origin;
      r.id = e.id;
      r.parent = e.parent;
      r.level = e.level;
      r.name = e.name;
      r.location = e.location;
      auto& slot = records_[{e.origin, e.id}];
      slot = r;
      if (Record* parent = find(e.origin, e.parent)) parent->steps.push_back(e.id);
      return find(e.origin, e.id);
    }
    case Event::Kind::Uncaught:
      failures.push_back({display_path(e.origin, cwd_) + " (uncaught error)", e.text, true});
      ++counts.failed;
      return nullptr;
    default:
      break;
  }
  Record* r = find(e.origin, e.id);
  if (!r) return nullptr;
  if (e.kind == Event::Kind::Output) {
    r->output += e.text;
  } else if (e.kind == Event::Kind::Result || e.kind == Event::Kind::StepResult) {
    r->outcome = e.outcome;
    r->duration_ms = e.duration_ms;
    bool step = r->parent != 0;
    switch (e.outcome.kind) {
      case Outcome::Kind::Ok: ++(step ? counts.passed_steps : counts.passed); break;
      case Outcome::Kind::Ignored: ++(step ? counts.ignored_steps : counts.ignored); break;
      case Outcome::Kind::Failed:
        failures.push_back({title(*r), e.outcome.error, false});
        [[fallthrough]];
      case Outcome::Kind::FailedSteps:
      case Outcome::Kind::Cancelled: ++(step ? counts.failed_steps : counts.failed); break;
    }
  }
  return r;
}

std::string Tally::title(const Record& record) {
  return fmt::format("{} => {}:{}:{}", full_name(record), display_path(record.location.file, cwd_),
                     record.location.line, record.location.column);
}

std::vector<Record*> Tally::unfinished(const std::string& origin) {
  std::vector<Record*> out;
  for (uint64_t id : tests_of[origin]) {
    Record* r = find(origin, id);
    if (r && !r->outcome) out.push_back(r);
  }
  return out;
}

}  // namespace toolchain::tools::test
