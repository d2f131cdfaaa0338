//===- OwnershipFlag.cpp - Guarding a free with an ownership flag ---------===//
//
// Two phases. First the merges: starting from the freed block argument,
// every edge into its block is classified by what it passes (owned,
// borrowed, or another block argument, which is followed the same way);
// a fixpoint over those arguments says which are owned on every edge,
// borrowed on every edge, or mixed. Then the edits: each mixed argument
// gets a flag argument, each edge into it passes a constant or the flag of
// the argument it forwards, and the frees of the first argument are
// guarded.
//
//===----------------------------------------------------------------------===//
#include "fixes/OwnershipFlag.h"

#include "analysis/LifetimeAnalysis.h"
#include "analysis/Ownership.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include <map>

using namespace mlir;

namespace memlint {
namespace {

/// What an edge passes into a merged argument, and, for arguments, what
/// the fixpoint found: a lattice Unset < {Owned, Borrowed} < Mixed.
enum class Kind { Unset, Owned, Borrowed, Mixed };

Kind join(Kind a, Kind b) {
  if (a == Kind::Unset)
    return b;
  if (b == Kind::Unset)
    return a;
  return a == b ? a : Kind::Mixed;
}

bool usableName(llvm::StringRef name) {
  return !name.empty() && name[0] == '%' && name != "%<value>";
}

/// One edge into a merge block: successor `index` of `term`, passing
/// `value` (through views: `root`) as the merged argument.
struct Edge {
  Operation *term;
  unsigned index;
  Value root;
  Kind kind;   // Owned or Borrowed; Unset when `root` is a merge
  bool merged; // `root` is a merged block argument
};

class FlagBuilder {
public:
  FlagBuilder(const SourceText &src, LifetimeAnalysis &la)
      : src(src), la(la), fn(la.function()), dom(fn) {}

  /// Finds the merges behind `arg` and what each holds; false when some
  /// edge passes a value of unknown ownership or cannot be rewritten.
  bool analyze(BlockArgument arg);
  Kind kindOf(Value arg) const { return kinds.lookup(arg); }
  bool borrowsArgument() const { return argumentFlows; }
  /// The edits giving every mixed argument a flag; the flag of `arg`
  /// through `flagOf`.
  bool emit(std::vector<TextEdit> &edits);
  const std::string &flagOf(Value arg) { return flags[arg]; }

private:
  bool collect(BlockArgument arg);
  std::optional<std::string> constant(Operation *term, bool value,
                                      std::vector<TextEdit> &edits);

  const SourceText &src;
  LifetimeAnalysis &la;
  FunctionOpInterface fn;
  DominanceInfo dom;
  /// Merged arguments in discovery order, with their edges.
  std::vector<BlockArgument> order;
  llvm::DenseMap<Value, std::vector<Edge>> edgesOf;
  llvm::DenseMap<Value, Kind> kinds;
  llvm::DenseMap<Value, std::string> flags;
  std::map<std::pair<Operation *, bool>, std::string> created;
  llvm::StringSet<> reserved;
  bool argumentFlows = false;
};

bool FlagBuilder::collect(BlockArgument arg) {
  Block *merge = arg.getOwner();
  if (merge->isEntryBlock() || !isMemRef(arg))
    return false;
  std::vector<Edge> edges;
  llvm::SmallPtrSet<Block *, 8> seen;
  for (Block *pred : merge->getPredecessors()) {
    if (!seen.insert(pred).second)
      continue;
    Operation *term = pred->getTerminator();
    auto br = dyn_cast<BranchOpInterface>(term);
    if (!br || !src.opRange(term))
      return false;
    for (unsigned i = 0; i < term->getNumSuccessors(); ++i) {
      if (term->getSuccessor(i) != merge)
        continue;
      SuccessorOperands so = br.getSuccessorOperands(i);
      // The flag is appended after the forwarded operands, which must map
      // one to one onto the block's arguments.
      if (so.getProducedOperandCount() != 0 || arg.getArgNumber() >= so.size())
        return false;
      Edge e{term, i, viewRoot(so[arg.getArgNumber()]), Kind::Unset, false};
      if (la.bufferOf(e.root) >= 0) {
        e.kind = Kind::Owned;
      } else if (isStackAllocated(e.root) ||
                 (e.root.getDefiningOp() &&
                  isGlobalAccess(e.root.getDefiningOp()))) {
        e.kind = Kind::Borrowed;
      } else if (auto a = dyn_cast<BlockArgument>(e.root)) {
        if (a.getOwner() == &fn.getFunctionBody().front()) {
          e.kind = Kind::Borrowed;
          argumentFlows = true;
        } else {
          e.merged = true;
        }
      } else {
        // A select, an external call: whether the function owns it
        // depends on more than the edge, and one constant cannot say.
        return false;
      }
      edges.push_back(e);
    }
  }
  // In text order, so new names number the way the reader meets them.
  llvm::stable_sort(edges, [&](const Edge &a, const Edge &b) {
    return src.opRange(a.term)->first < src.opRange(b.term)->first;
  });
  edgesOf[arg] = std::move(edges);
  order.push_back(arg);
  return true;
}

bool FlagBuilder::analyze(BlockArgument arg) {
  // A merge of merges is followed up to a handful of blocks.
  constexpr unsigned MaxMerges = 8;
  if (!collect(arg))
    return false;
  for (size_t i = 0; i < order.size(); ++i)
    for (const Edge &e : edgesOf[order[i]])
      if (e.merged && !edgesOf.count(e.root)) {
        if (order.size() >= MaxMerges || !collect(cast<BlockArgument>(e.root)))
          return false;
      }
  // Loops make merges feed each other: iterate to the fixpoint (the
  // lattice has height 3, so this ends).
  for (bool changed = true; changed;) {
    changed = false;
    for (BlockArgument a : order) {
      Kind k = Kind::Unset;
      for (const Edge &e : edgesOf[a])
        k = join(k, e.merged ? kinds.lookup(e.root) : e.kind);
      if (k != kinds.lookup(a)) {
        kinds[a] = k;
        changed = true;
      }
    }
  }
  return true;
}

/// An i1 constant with value `value` that is in scope at `at`, named in
/// the text; null if none.
Value constantInScope(const SourceText &src, DominanceInfo &dom,
                      FunctionOpInterface fn, Operation *at, bool value) {
  Value found;
  fn->walk([&](Operation *op) {
    if (found || !op->hasTrait<OpTrait::ConstantLike>() ||
        op->getNumResults() != 1)
      return;
    Value r = op->getResult(0);
    APInt v;
    if (r.getType().isInteger(1) && matchPattern(r, m_ConstantInt(&v)) &&
        v.getBoolValue() == value && dom.properlyDominates(r, at) &&
        usableName(src.document().nameOf(r)))
      found = r;
  });
  return found;
}

std::optional<std::string> FlagBuilder::constant(Operation *term, bool value,
                                                 std::vector<TextEdit> &edits) {
  if (Value c = constantInScope(src, dom, fn, term, value))
    return src.document().nameOf(c);
  // One made for an earlier branch of the same value serves every branch
  // it dominates.
  for (auto &[key, name] : created)
    if (key.second == value &&
        (key.first == term || dom.properlyDominates(key.first, term)))
      return name;
  // Else a new one just before the branch.
  std::string name = freshValueName(
      src, term, value ? "memlint_true" : "memlint_false", reserved);
  reserved.insert(name);
  created[{term, value}] = name;
  std::string stmt = name + " = arith.constant " + (value ? "true" : "false");
  size_t s = src.opRange(term)->first;
  if (src.onlySpaceBefore(s))
    edits.push_back(src.edit(src.lineStart(s), src.lineStart(s),
                             src.indentAt(s) + stmt + "\n"));
  else
    edits.push_back(src.edit(s, s, stmt + " "));
  return name;
}

/// Position after the last non-blank character before `off`: where `, x`
/// goes to extend a list that ends at `off`.
size_t afterLastNonBlank(llvm::StringRef text, size_t off) {
  while (off > 0 && llvm::StringRef(" \t\r\n").contains(text[off - 1]))
    --off;
  return off;
}

bool FlagBuilder::emit(std::vector<TextEdit> &edits) {
  llvm::StringRef text = src.str();
  for (BlockArgument a : order)
    if (kinds.lookup(a) == Kind::Mixed) {
      flags[a] = freshValueName(src, &a.getOwner()->front(), "memlint_owned",
                                reserved);
      reserved.insert(flags[a]);
    }
  for (BlockArgument a : order) {
    if (kinds.lookup(a) != Kind::Mixed)
      continue;
    // The merge block's new argument.
    std::optional<size_t> argsEnd = blockArgumentsEnd(src, a.getOwner());
    if (!argsEnd)
      return false;
    size_t at = afterLastNonBlank(text, *argsEnd);
    edits.push_back(src.edit(at, at, ", " + flags[a] + ": i1"));
    for (const Edge &e : edgesOf[a]) {
      Kind k = e.merged ? kinds.lookup(e.root) : e.kind;
      std::optional<std::string> value;
      if (k == Kind::Mixed)
        value = flags[e.root];
      else if (k == Kind::Owned || k == Kind::Borrowed)
        value = constant(e.term, k == Kind::Owned, edits);
      std::optional<SuccessorText> where = successorText(src, e.term, e.index);
      if (!value || !where || where->groupBegin == where->groupEnd)
        return false;
      // `(%a : T)` becomes `(%a, %flag : T, i1)`.
      llvm::StringRef group = text.slice(where->groupBegin, where->groupEnd);
      size_t colon = group.find(':');
      if (colon == llvm::StringRef::npos)
        return false;
      size_t valuesEnd = afterLastNonBlank(text, where->groupBegin + colon);
      size_t typesEnd = afterLastNonBlank(text, where->groupEnd - 1);
      edits.push_back(src.edit(valuesEnd, valuesEnd, ", " + *value));
      edits.push_back(src.edit(typesEnd, typesEnd, ", i1"));
    }
  }
  return true;
}

} // namespace

std::optional<OwnershipFlagEdits> ownershipFlagEdits(const SourceText &src,
                                                     LifetimeAnalysis &la,
                                                     Operation *free) {
  if (!isPlainFree(free) || !src.opRange(free))
    return std::nullopt;
  auto arg = dyn_cast<BlockArgument>(viewRoot(freedOperands(free)[0]->get()));
  if (!arg)
    return std::nullopt;
  FlagBuilder builder(src, la);
  // Owned on every edge or on none: one of the other fixes applies.
  if (!builder.analyze(arg) || builder.kindOf(arg) != Kind::Mixed)
    return std::nullopt;
  OwnershipFlagEdits out;
  out.borrowsArgument = builder.borrowsArgument();
  if (!builder.emit(out.edits))
    return std::nullopt;

  // Every plain free of the merged value (or a view of it) is guarded: all
  // of them are invalid on the edges that pass borrowed memory.
  FunctionOpInterface fn = la.function();
  DominanceInfo dom(fn);
  bool guardedOurs = false;
  WalkResult walked = fn->walk([&](Operation *op) {
    if (!isPlainFree(op) ||
        viewRoot(freedOperands(op)[0]->get()) != Value(arg) ||
        !dom.properlyDominates(arg, op))
      return WalkResult::advance();
    std::optional<std::vector<TextEdit>> guard =
        guardOpEdits(src, op, builder.flagOf(arg), /*whenTrue=*/true);
    if (!guard)
      return WalkResult::interrupt();
    guardedOurs |= op == free;
    out.edits.insert(out.edits.end(), guard->begin(), guard->end());
    return WalkResult::advance();
  });
  if (walked.wasInterrupted() || !guardedOurs)
    return std::nullopt;
  return out;
}

} // namespace memlint
