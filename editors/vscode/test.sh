#!/usr/bin/env bash
# Builds, checks and packages the VS Code extension. Needs Node 20 and npm;
# the only network use is `npm ci` (which the npm cache can serve offline).
#   tsc --noEmit, esbuild bundle, vsce package (-> memlint-VERSION.vsix),
#   node --test: pure logic, the bundle activated under a stubbed `vscode`
#   against a fake memlint, and the .vsix contents.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --prefer-offline --no-audit --no-fund
npm test
