//===- PlanCommand.cpp - memlint plan -------------------------------------===//
//
// memlint plan [--format=text|json|svg] [--alignment=N] [--time-budget-ms=N]
//              FILE
//
// Prints the memory plan of every function and memory space (MemoryPlan):
// each buffer with its live range and arena offset, the peak with and
// without reuse and the lower bound. JSON is CONTRACT.md "Plan JSON"; SVG is
// a timeline (program order across, offset down) per function and space.
//
//===----------------------------------------------------------------------===//
#include "analysis/Config.h"
#include "analysis/Document.h"
#include "analysis/LifetimeAnalysis.h"
#include "analysis/MemoryPlan.h"
#include "cli/Commands.h"
#include "cli/Driver.h"
#include "cli/StreamedJson.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace memlint {

namespace {

using OrderedJson = nlohmann::ordered_json;

const char *unplannedWhy(Unplanned u) {
  switch (u) {
  case Unplanned::DynamicSize:
    return "dynamic size, not in the arena";
  case Unplanned::SeveralInstances:
    return "several instances live at once, not in the arena";
  case Unplanned::OverAligned:
    return "aligned beyond the arena's alignment, not in the arena";
  case Unplanned::No:
    break;
  }
  return "";
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

OrderedJson formatPlanJson(const std::vector<FunctionPlan> &plans) {
  OrderedJson functions = OrderedJson::array();
  for (const FunctionPlan &fp : plans) {
    OrderedJson spaces = OrderedJson::array();
    for (const SpacePlan &sp : fp.spaces) {
      OrderedJson buffers = OrderedJson::array();
      for (const PlannedBuffer &b : sp.buffers) {
        OrderedJson jb;
        jb["name"] = b.name;
        jb["line"] = b.startLine;
        jb["bytes"] = b.bytes ? OrderedJson(*b.bytes) : OrderedJson(nullptr);
        jb["offset"] = b.offset ? OrderedJson(*b.offset) : OrderedJson(nullptr);
        jb["live"] = {{"start_line", b.startLine}, {"end_line", b.endLine}};
        buffers.push_back(std::move(jb));
      }
      OrderedJson js;
      js["space"] = sp.space;
      js["peak_bytes"] = sp.peakBytes;
      js["lower_bound_bytes"] = sp.lowerBoundBytes;
      js["no_reuse_bytes"] = sp.noReuseBytes;
      js["buffers"] = std::move(buffers);
      spaces.push_back(std::move(js));
    }
    OrderedJson jf;
    jf["name"] = fp.name;
    jf["spaces"] = std::move(spaces);
    functions.push_back(std::move(jf));
  }
  OrderedJson out;
  out["version"] = 1;
  out["functions"] = std::move(functions);
  return out;
}

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

std::string pad(const std::string &s, size_t width, bool right) {
  if (s.size() >= width)
    return s;
  std::string fill(width - s.size(), ' ');
  return right ? fill + s : s + fill;
}

std::string formatPlanText(const std::vector<FunctionPlan> &plans) {
  std::ostringstream os;
  bool firstFn = true;
  for (const FunctionPlan &fp : plans) {
    if (!firstFn)
      os << "\n";
    firstFn = false;
    os << "@" << fp.name << "\n";
    if (fp.spaces.empty())
      os << "  no buffers\n";
    for (const SpacePlan &sp : fp.spaces) {
      os << "  space " << sp.space << ": peak " << sp.peakBytes
         << " bytes, lower bound " << sp.lowerBoundBytes << ", without reuse "
         << sp.noReuseBytes;
      if (!sp.method.empty())
        os << " (" << (sp.optimal ? "optimal, " : "") << sp.method << ")";
      os << "\n";
      std::vector<std::vector<std::string>> rows;
      rows.push_back({"buffer", "line", "bytes", "offset", "live", ""});
      for (const PlannedBuffer &b : sp.buffers) {
        std::string bytes = b.bytes ? std::to_string(*b.bytes) : "?";
        if (!b.bytes && b.boundBytes)
          bytes = "<=" + std::to_string(*b.boundBytes);
        std::string note = unplannedWhy(b.unplanned);
        if (!b.aliasesFollowed)
          note += std::string(note.empty() ? "" : "; ") +
                  "aliases not followed, live throughout";
        else if (b.escapes)
          note += std::string(note.empty() ? "" : "; ") + "returned";
        rows.push_back(
            {b.name, std::to_string(b.startLine), bytes,
             b.offset ? std::to_string(*b.offset) : "-",
             std::to_string(b.startLine) + "-" + std::to_string(b.endLine),
             note});
      }
      std::vector<size_t> width(6, 0);
      for (const auto &row : rows)
        for (size_t i = 0; i < row.size(); ++i)
          width[i] = std::max(width[i], row[i].size());
      for (const auto &row : rows) {
        std::string line = "    " + pad(row[0], width[0], false);
        for (size_t i = 1; i < 4; ++i)
          line += "  " + pad(row[i], width[i], true);
        line += "  " + pad(row[4], width[4], false);
        if (!row[5].empty())
          line += "  " + row[5];
        while (!line.empty() && line.back() == ' ')
          line.pop_back();
        os << line << "\n";
      }
    }
  }
  return os.str();
}

//===----------------------------------------------------------------------===//
// SVG
//===----------------------------------------------------------------------===//

/// `s` as XML character data: markup escaped, and bytes XML cannot hold
/// (control characters, what is not UTF-8: MLIR's `@"mk\FF"`) as U+FFFD.
std::string xmlEscape(const std::string &s) {
  static constexpr llvm::StringLiteral Replacement = "\xEF\xBF\xBD";
  std::string out;
  for (size_t i = 0, e = s.size(); i < e; ++i) {
    unsigned char c = s[i];
    if (c >= 0x80) {
      unsigned n = llvm::getNumBytesForUTF8(c);
      const auto *p = reinterpret_cast<const llvm::UTF8 *>(s.data() + i);
      if (i + n <= e && llvm::isLegalUTF8Sequence(p, p + n)) {
        out.append(s, i, n);
        i += n - 1;
      } else {
        out += Replacement;
      }
      continue;
    }
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
        out += Replacement;
      else
        out += char(c);
    }
  }
  return out;
}

std::string num(double v) {
  std::ostringstream os;
  os.setf(std::ios::fixed);
  os.precision(1);
  os << v;
  return os.str();
}

/// Geometry of one arena panel.
constexpr double svgLeft = 90, svgPlotW = 720, svgPlotH = 220;
const char *const svgPalette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#b07aa1",
                                  "#76b7b2", "#edc948", "#e15759", "#9c755f",
                                  "#ff9da7", "#bab0ac"};

/// The arena of one space as a timeline whose top edge is at `top`: one
/// rectangle per planned buffer, the lower bound and the peak as lines.
void svgArena(std::ostream &body, const FunctionPlan &fp, const SpacePlan &sp,
              double top) {
  const double left = svgLeft, plotW = svgPlotW, plotH = svgPlotH;
  const char *const *palette = svgPalette;
  double maxY =
      std::max<double>({double(sp.peakBytes), double(sp.lowerBoundBytes), 1.0});
  double yScale = plotH / (maxY * 1.08);
  double points = std::max<double>(1, fp.numPoints);
  double xScale = plotW / points;
  // Frame and axes.
  body << "<rect x=\"" << num(left) << "\" y=\"" << num(top) << "\" width=\""
       << num(plotW) << "\" height=\"" << num(plotH)
       << "\" class=\"frame\"/>\n";
  body << "<text x=\"" << num(left) << "\" y=\"" << num(top + plotH + 16)
       << "\" class=\"axis\">program order &#8594;</text>\n";
  body << "<text x=\"10\" y=\"" << num(top + plotH / 2)
       << "\" class=\"axis\">offset &#8595;</text>\n";
  body << "<text x=\"" << num(left - 6) << "\" y=\"" << num(top + 10)
       << "\" class=\"axis\" text-anchor=\"end\">0</text>\n";
  size_t colour = 0;
  for (const PlannedBuffer &b : sp.buffers) {
    if (!b.offset)
      continue;
    double x = left + b.lower * xScale;
    double w = std::max(1.0, (b.upper - b.lower) * xScale);
    double ry = top + *b.offset * yScale;
    double h = std::max(1.0, *b.boundBytes * yScale);
    body << "<g class=\"buffer\"><title>" << xmlEscape(b.name) << ": "
         << *b.boundBytes << " bytes at offset " << *b.offset << ", live lines "
         << b.startLine << "-" << b.endLine << "</title>\n<rect x=\"" << num(x)
         << "\" y=\"" << num(ry) << "\" width=\"" << num(w) << "\" height=\""
         << num(h) << "\" fill=\"" << palette[colour++ % 10] << "\"/>\n";
    body << "<text x=\"" << num(x + 3) << "\" y=\""
         << num(ry + std::min(h - 2, 13.0)) << "\" class=\"label\">"
         << xmlEscape(b.name) << "</text></g>\n";
  }
  auto mark = [&](int64_t bytes, const char *cls, const std::string &what,
                  double dy) {
    double ly = top + bytes * yScale;
    body << "<line x1=\"" << num(left) << "\" y1=\"" << num(ly) << "\" x2=\""
         << num(left + plotW) << "\" y2=\"" << num(ly) << "\" class=\"" << cls
         << "\"/>\n";
    body << "<text x=\"" << num(left + plotW + 6) << "\" y=\"" << num(ly + dy)
         << "\" class=\"" << cls << "-label\">" << what << " " << bytes
         << "</text>\n";
  };
  mark(sp.lowerBoundBytes, "bound", "lower bound",
       sp.lowerBoundBytes == sp.peakBytes ? 12 : 4);
  mark(sp.peakBytes, "peak", "peak",
       sp.lowerBoundBytes == sp.peakBytes ? -2 : 4);
}

std::string formatPlanSvg(const std::vector<FunctionPlan> &plans,
                          const std::string &file) {
  const double width = svgLeft + svgPlotW + 150;
  std::ostringstream body;
  double y = 40;
  body << "<text x=\"10\" y=\"24\" class=\"title\">memory plan of "
       << xmlEscape(file) << "</text>\n";
  for (const FunctionPlan &fp : plans) {
    for (const SpacePlan &sp : fp.spaces) {
      double top = y + 28;
      body << "<g class=\"panel\">\n";
      body << "<text x=\"10\" y=\"" << num(y + 16) << "\" class=\"head\">@"
           << xmlEscape(fp.name) << ", space " << xmlEscape(sp.space)
           << ": peak " << sp.peakBytes << " bytes, lower bound "
           << sp.lowerBoundBytes << ", without reuse " << sp.noReuseBytes
           << "</text>\n";
      bool anyPlanned = llvm::any_of(
          sp.buffers, [](const PlannedBuffer &b) { return b.inArena(); });
      double next = top;
      if (anyPlanned) {
        svgArena(body, fp, sp, top);
        next = top + svgPlotH + 24;
      } else {
        body << "<text x=\"" << num(svgLeft) << "\" y=\"" << num(top + 4)
             << "\" class=\"axis\">no buffer in the arena</text>\n";
        next = top + 12;
      }
      std::string skipped;
      for (const PlannedBuffer &b : sp.buffers)
        if (!b.inArena())
          skipped += (skipped.empty() ? "" : ", ") + b.name + " (" +
                     unplannedWhy(b.unplanned) + ")";
      if (!skipped.empty()) {
        body << "<text x=\"" << num(svgLeft) << "\" y=\"" << num(next + 8)
             << "\" class=\"axis\">not planned: " << xmlEscape(skipped)
             << "</text>\n";
        next += 16;
      }
      body << "</g>\n";
      y = next + 16;
    }
  }
  std::ostringstream os;
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
     << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width)
     << "\" height=\"" << num(y) << "\" viewBox=\"0 0 " << num(width) << " "
     << num(y) << "\">\n"
     << "<style>\n"
     << "text { font-family: sans-serif; font-size: 11px; fill: #222; }\n"
     << ".title { font-size: 14px; font-weight: bold; }\n"
     << ".head { font-size: 12px; font-weight: bold; }\n"
     << ".axis { fill: #666; }\n"
     << ".label { fill: #fff; }\n"
     << ".frame { fill: #fafafa; stroke: #ccc; }\n"
     << ".buffer rect { stroke: #fff; stroke-width: 0.5; }\n"
     << ".peak { stroke: #d62728; stroke-dasharray: 6 3; }\n"
     << ".bound { stroke: #1f77b4; stroke-dasharray: 2 2; }\n"
     << ".peak-label { fill: #d62728; }\n"
     << ".bound-label { fill: #1f77b4; }\n"
     << "</style>\n"
     << "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n"
     << body.str() << "</svg>\n";
  return os.str();
}

bool parseCount(const std::string &text, int64_t &out, int64_t min) {
  long long v;
  if (llvm::StringRef(text).getAsInteger(10, v) || v < min)
    return false;
  out = v;
  return true;
}

} // namespace

int runPlan(const Args &args) {
  std::string format = "text", alignment, budget;
  Driver driver("plan");
  auto own = [&](const Args &args, size_t &i, std::string &) {
    return takeOption(args, i, "--format", format) ||
           takeOption(args, i, "--alignment", alignment) ||
           takeOption(args, i, "--time-budget-ms", budget);
  };
  if (!driver.parseArgs(args, own))
    return ExitError;
  if (format != "text" && format != "json" && format != "svg") {
    driver.error("unknown format '" + format + "' (text, json, svg)");
    return ExitError;
  }
  std::string file;
  if (!driver.singleInput(file))
    return ExitError;
  std::optional<LintOptions> config = driver.optionsFor(file);
  if (!config)
    return ExitError;
  MemoryPlanOptions opts;
  opts.alignment = config->alignment;
  opts.assumptions = config->assumptions;
  opts.capacity = capacitiesForPlanner(config->capacity);
  if (!alignment.empty() && (!parseCount(alignment, opts.alignment, 1) ||
                             !llvm::isPowerOf2_64(opts.alignment))) {
    driver.error("--alignment wants a power of two (bytes)");
    return ExitError;
  }
  if (!budget.empty() && !parseCount(budget, opts.timeBudgetMs, 0)) {
    driver.error("--time-budget-ms wants a count of milliseconds");
    return ExitError;
  }

  std::string shown = shownName(file);
  std::optional<std::string> text = readInput(file, config->maxInputSize);
  if (!text)
    return ExitError;
  std::unique_ptr<Document> doc = parseInput(*text, shown);
  if (!doc)
    return ExitError;
  ModuleLifetimes lifetimes(doc->module(),
                            [&](mlir::Value v) { return doc->nameOf(v); });
  std::vector<FunctionPlan> plans = planModule(*doc, lifetimes, opts);
  if (std::optional<std::string> refused = planError(plans)) {
    std::cerr << shown << ": error: cannot plan " << *refused << "\n";
    return ExitError;
  }
  if (format == "json")
    std::cout << jsonText(formatPlanJson(plans), 2) << "\n";
  else if (format == "svg")
    std::cout << formatPlanSvg(plans, shown);
  else
    std::cout << formatPlanText(plans);
  return ExitClean;
}

} // namespace memlint
