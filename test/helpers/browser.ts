import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Debian's Chromium; playwright's own browser downloads are not used. */
export const chromiumPath = "/usr/bin/chromium";

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Launches Chromium, or fails with the command that installs it: browser tests never skip. */
export function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium is not installed at ${chromiumPath}. Install it with: apt-get install chromium`);
  }
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}
