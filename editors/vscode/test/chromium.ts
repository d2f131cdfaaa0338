// The Chromium the browser tests drive (playwright-core launches it; nothing
// is downloaded): MEMLINT_CHROMIUM, else `chromium` or `chromium-browser` on PATH.

import * as fs from 'node:fs';
import * as path from 'node:path';

export function findChromium(): string | undefined {
  const candidates = [process.env.MEMLINT_CHROMIUM, 'chromium', 'chromium-browser'];
  for (const c of candidates) {
    if (!c) {
      continue;
    }
    if (c.includes('/')) {
      if (fs.existsSync(c)) {
        return c;
      }
      continue;
    }
    for (const dir of (process.env.PATH ?? '').split(':')) {
      const full = path.join(dir, c);
      if (dir && fs.existsSync(full)) {
        return full;
      }
    }
  }
  return undefined;
}
