//===- PassBisector.cpp - Lint after each pass, blame the first -----------===//
#include "cli/PassBisector.h"

#include "analysis/Engine.h"
#include "analysis/LifetimeAnalysis.h"

#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cctype>
#include <set>

using namespace mlir;

namespace memlint {

std::vector<PipelinePass> flattenPipeline(llvm::StringRef printed) {
  std::vector<PipelinePass> out;
  std::vector<std::string> anchors;
  size_t i = 0, n = printed.size();
  auto isNameChar = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
           c == '-' || c == '.' || c == '$';
  };
  while (i < n) {
    char c = printed[i];
    if (c == ')') {
      if (!anchors.empty())
        anchors.pop_back();
      ++i;
      continue;
    }
    if (!isNameChar(c)) {
      ++i;
      continue;
    }
    size_t start = i;
    while (i < n && isNameChar(printed[i]))
      ++i;
    std::string name = printed.slice(start, i).str();
    if (i < n && printed[i] == '(') {
      anchors.push_back(name);
      ++i;
      continue;
    }
    if (i < n && printed[i] == '{') {
      // Options: skip to the matching brace (values may nest braces).
      unsigned depth = 0;
      for (; i < n; ++i) {
        if (printed[i] == '{')
          ++depth;
        else if (printed[i] == '}' && --depth == 0) {
          ++i;
          break;
        }
      }
    }
    out.push_back({name, anchors.empty() ? "any" : anchors.back()});
  }
  return out;
}

PassBisector::PassBisector(ModuleOp module, std::vector<PipelinePass> passes,
                           std::shared_ptr<const LocationRanges> origin,
                           LintOptions opts, std::string dumpDir)
    : module(module), pipeline(std::move(passes)),
      assigned(pipeline.size(), false), origin(std::move(origin)),
      opts(std::move(opts)), dumpDir(std::move(dumpDir)) {}

unsigned PassBisector::indexOf(Pass *pass, Operation *op) {
  auto it = indices.find(pass);
  if (it != indices.end())
    return it->second;
  // Passes first run in pipeline order; a pass nested under an op the
  // module does not hold never runs, so the next unassigned pass of the
  // same argument and anchor after the last one seen is this one.
  auto matches = [&](size_t j, bool anchored) {
    const PipelinePass &p = pipeline[j];
    return !assigned[j] && p.argument == pass->getArgument() &&
           (!anchored || p.anchor == "any" ||
            p.anchor == op->getName().getStringRef());
  };
  unsigned found = 0;
  for (size_t j = lastAssigned; j < pipeline.size() && !found; ++j)
    if (matches(j, true))
      found = j + 1;
  for (size_t j = 0; j < pipeline.size() && !found; ++j)
    if (matches(j, false))
      found = j + 1;
  if (found) {
    assigned[found - 1] = true;
    lastAssigned = found;
  }
  return indices[pass] = found;
}

void PassBisector::runBeforePass(Pass *pass, Operation *op) {
  // Pass adaptors (the nesting) have no argument; only real passes count.
  if (pass->getArgument().empty())
    return;
  indexOf(pass, op);
  if (dumpDir.empty())
    return;
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os);
  before.push_back(std::move(text));
}

void PassBisector::runAfterPass(Pass *pass, Operation *op) {
  if (pass->getArgument().empty())
    return;
  unsigned stage = indexOf(pass, op);
  bool introduced = update(op, stage);
  if (dumpDir.empty())
    return;
  std::string was = std::move(before.back());
  before.pop_back();
  if (!introduced || !stage)
    return;
  std::string now;
  llvm::raw_string_ostream os(now);
  op->print(os);
  dump(stage, "before", was);
  dump(stage, "after", now);
}

void PassBisector::dump(unsigned stage, const std::string &suffix,
                        const std::string &text) {
  // NN-PASS.before.mlir / .after.mlir; a nested pass that introduced
  // findings in several functions appends each function.
  std::string name = (stage < 10 ? "0" : "") + std::to_string(stage) + "-" +
                     pipeline[stage - 1].argument + "." + suffix + ".mlir";
  llvm::SmallString<256> path(dumpDir);
  llvm::sys::path::append(path, name);
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_Append);
  if (ec) {
    llvm::errs() << "memlint bisect: cannot write " << path << ": "
                 << ec.message() << "\n";
    return;
  }
  if (out.tell() > 0)
    out << "// -----\n";
  out << text << "\n";
}

void PassBisector::lintInput() { update(module, 0); }

/// `message` without the positions it quotes ("the loop at 12:3", or "?"
/// where the op has no location): the same finding either way. Only
/// quoted positions and a lone "?" go; the digits of a name (%alloc_0
/// against %alloc_1) tell two findings apart.
static std::string withoutPositions(const Message &message) {
  const std::string &text = message.str();
  std::string out;
  size_t next = 0;
  auto copyPlain = [&](size_t end) {
    for (size_t i = next; i < end; ++i) {
      bool alone = text[i] == '?' && (i == 0 || text[i - 1] == ' ') &&
                   (i + 1 == text.size() ||
                    !std::isalnum(static_cast<unsigned char>(text[i + 1])));
      out += alone ? '#' : text[i];
    }
  };
  for (const Message::Quote &q : message.quotes()) {
    copyPlain(q.offset);
    out += '#';
    next = q.offset + q.length;
  }
  copyPlain(text.size());
  return out;
}

PassBisector::Key PassBisector::keyOf(FunctionState &state, Finding &f) {
  auto text = std::make_pair(f.check, withoutPositions(f.message));
  if (f.range.isValid()) {
    Key key{f.check, f.range.start.line, f.range.start.column};
    state.byText.insert_or_assign(text, FunctionState::Placed{key, f});
    return key;
  }
  auto it = state.byText.find(text);
  if (it == state.byText.end())
    return Key{f.check, 0, 0};
  const Finding &placed = it->second.finding;
  f.range = placed.range;
  // Notes in the same order (the same message): their ranges too.
  if (placed.related.size() == f.related.size())
    for (size_t i = 0; i < f.related.size(); ++i)
      if (!f.related[i].range.isValid())
        f.related[i].range = placed.related[i].range;
  return it->second.key;
}

bool PassBisector::update(Operation *op, unsigned stage) {
  std::unique_ptr<Document> doc = Document::attach(module, origin);
  ModuleLifetimes named(module,
                        [d = doc.get()](Value v) { return d->nameOf(v); });
  const std::vector<FunctionOpInterface> &all = named.functions();
  // The functions the pass changed (or made) under `op`.
  llvm::SetVector<Operation *> relint;
  std::set<std::string> present;
  for (FunctionOpInterface fn : all) {
    std::string name = fn.getName().str();
    present.insert(name);
    if (op != fn && !op->isProperAncestor(fn))
      continue;
    OperationFingerPrint print(fn);
    FunctionState &state = functions[name];
    if (!state.print || *state.print != print) {
      state.print = print;
      relint.insert(fn);
    }
  }
  if (op == module.getOperation())
    for (auto it = functions.begin(); it != functions.end();)
      it = present.count(it->first) ? std::next(it) : functions.erase(it);
  if (relint.empty())
    return false;
  // A callee's summary reaches its callers: they are linted again too.
  std::map<Operation *, std::vector<Operation *>> callers;
  for (FunctionOpInterface fn : all)
    fn->walk([&](CallOpInterface call) {
      if (FunctionOpInterface callee = named.calleeOf(call))
        callers[callee].push_back(fn);
    });
  for (size_t i = 0; i < relint.size(); ++i)
    for (Operation *caller : callers[relint[i]])
      relint.insert(caller);

  std::vector<FunctionOpInterface> only;
  for (Operation *fn : relint)
    only.push_back(cast<FunctionOpInterface>(fn));
  std::vector<std::vector<Finding>> found =
      lintFunctions(*doc, opts, named, only);
  bool introduced = false;
  for (size_t i = 0; i < only.size(); ++i) {
    FunctionState &state = functions[only[i].getName().str()];
    std::map<Key, unsigned> since;
    for (Finding &f : found[i]) {
      Key key = keyOf(state, f);
      auto old = state.since.find(key);
      bool known = old != state.since.end();
      introduced |= !known;
      since.emplace(key, known ? old->second : stage);
      state.first.emplace(key, stage);
    }
    state.since = std::move(since);
    state.latest = std::move(found[i]);
  }
  return introduced;
}

std::vector<BlamedFinding> PassBisector::finalFindings() {
  std::unique_ptr<Document> doc = Document::attach(module, origin);
  ModuleLifetimes lifetimes(module,
                            [d = doc.get()](Value v) { return d->nameOf(v); });
  const std::vector<FunctionOpInterface> &all = lifetimes.functions();
  // Every change was linted after the pass that made it: only a function
  // no update saw (none, unless the pipeline ran no pass on it after it
  // appeared) is linted here. A function has a fingerprint once linted.
  std::vector<FunctionOpInterface> unseen;
  for (FunctionOpInterface fn : all)
    if (!functions[fn.getName().str()].print)
      unseen.push_back(fn);
  std::vector<std::vector<Finding>> found =
      lintFunctions(*doc, opts, lifetimes, unseen);
  for (size_t i = 0; i < unseen.size(); ++i)
    functions[unseen[i].getName().str()].latest = std::move(found[i]);
  std::vector<BlamedFinding> out;
  for (FunctionOpInterface fn : all) {
    FunctionState &state = functions[fn.getName().str()];
    for (Finding &f : state.latest) {
      Key key = keyOf(state, f);
      auto it = state.first.find(key);
      unsigned pass = it != state.first.end() ? it->second : lastAssigned;
      out.push_back({f, pass});
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const BlamedFinding &a, const BlamedFinding &b) {
                     return findingLess(a.finding, b.finding);
                   });
  return out;
}

} // namespace memlint
