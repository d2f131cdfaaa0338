//===- EditorSettings.cpp - Lint settings sent by the editor --------------===//
#include "server/EditorSettings.h"

namespace memlint {

EditorSettings EditorSettings::fromJSON(const llvm::json::Value *v,
                                        std::vector<std::string> &problems) {
  EditorSettings s;
  const llvm::json::Object *o = v ? v->getAsObject() : nullptr;
  if (!o) {
    if (v && v->kind() != llvm::json::Value::Null)
      problems.push_back("settings must be an object: {\"checks\": [...], "
                         "\"capacities\": {...}}");
    return s;
  }
  if (const llvm::json::Value *checks = o->get("checks")) {
    std::string list;
    bool ok = true;
    if (std::optional<llvm::StringRef> str = checks->getAsString()) {
      list = str->str();
    } else if (const llvm::json::Array *items = checks->getAsArray()) {
      for (const llvm::json::Value &item : *items) {
        std::optional<llvm::StringRef> name = item.getAsString();
        ok &= name.has_value();
        if (name)
          list += (list.empty() ? "" : ",") + name->str();
      }
    } else {
      ok = checks->kind() == llvm::json::Value::Null;
    }
    std::string error;
    LintOptions scratch;
    if (!ok)
      problems.push_back("settings: checks must be a list of check names");
    else if (!list.empty() && !applyCheckList(list, scratch, error))
      problems.push_back("settings: checks: " + error);
    else if (!list.empty())
      s.checks = list;
  }
  if (const llvm::json::Value *caps = o->get("capacities")) {
    const llvm::json::Object *spaces = caps->getAsObject();
    if (!spaces && caps->kind() != llvm::json::Value::Null)
      problems.push_back("settings: capacities must map memory spaces to "
                         "bytes");
    if (spaces)
      for (const auto &[space, bytes] : *spaces) {
        std::optional<int64_t> n = bytes.getAsInteger();
        llvm::StringRef name = space;
        if (name.empty() || !n || *n < 0) {
          problems.push_back("settings: capacities: ignored '" + name.str() +
                             "': not a whole number of bytes");
          continue;
        }
        s.capacities[name.str()] = static_cast<uint64_t>(*n);
      }
  }
  return s;
}

void EditorSettings::applyTo(LintOptions &opts) const {
  std::string error;
  if (checks)
    (void)applyCheckList(*checks, opts, error); // checked when read
  for (const auto &[space, bytes] : capacities)
    opts.capacity[space] = bytes;
}

} // namespace memlint
