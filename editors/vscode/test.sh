#!/usr/bin/env bash
# Builds, checks and packages the VS Code extension. Needs Node 20 and npm;
# the only network use is `npm ci` (which the npm cache can serve offline).
#   tsc --noEmit (extension and webview), esbuild bundles, vsce package
#   (-> memlint-VERSION.vsix), node --test: pure logic, the bundle activated
#   under a stubbed `vscode` against a fake memlint, and the .vsix contents;
#   then the plan view's page and the diagnostics in Monaco in Chromium
#   (test/planView.browser.ts, test/diagnostics.browser.ts) when a
#   Chromium is installed (Debian's `chromium`; MEMLINT_CHROMIUM=PATH names
#   another), else it says it skipped it.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --prefer-offline --no-audit --no-fund
npm test

chromium=${MEMLINT_CHROMIUM:-}
if [[ -z "$chromium" ]]; then
  chromium=$(command -v chromium || command -v chromium-browser || true)
fi
if [[ -n "$chromium" && -x "$chromium" ]]; then
  echo "== the plan view and the diagnostics in $chromium"
  MEMLINT_CHROMIUM="$chromium" npm run test:browser
else
  echo "test.sh: SKIPPED the browser tests (plan view, diagnostics): no chromium found" \
       "(apt-get install chromium, or MEMLINT_CHROMIUM=/path/to/chromium)"
fi
