import fs from "node:fs/promises";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const SCREENSHOT_DIR = path.join(import.meta.dirname, "..", "screenshots");

export const VIEWPORTS = [
  { name: "mobile", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Answers the browser expects and that Chromium still logs as console errors. */
export interface ExpectedFailure {
  status: number;
  path: string;
}

/** A visitor asking who is logged in gets 401: that is how the app learns nobody is. */
const ALWAYS_EXPECTED: ExpectedFailure[] = [{ status: 401, path: "/api/users/session" }];

export interface ShopPage {
  page: Page;
  context: BrowserContext;
  viewport: Viewport;
  /** Console errors, page errors and failed requests seen so far, minus the expected ones. */
  problems: string[];
  /** Everything the Content-Security-Policy blocked so far (also counted among the problems). */
  cspViolations: string[];
  expectFailure(failure: ExpectedFailure): void;
  close(): Promise<void>;
}

/** How a tab differs from a shopper's phone in Bandung. */
export interface PageOptions {
  /** The browser's time zone (default Asia/Jakarta), for a shopper abroad. */
  timezoneId?: string;
  /** The browser's language (default en-GB): navigator.language and Accept-Language. */
  locale?: string;
  /** Device pixels a CSS pixel (default 1); a phone's screen has more, 1.75 on Lighthouse's phone. */
  deviceScaleFactor?: number;
}

/**
 * A fresh browser context (its own cookies) at one viewport. Every console error, uncaught
 * exception, failed request or answer of 400 and above is recorded so a test can fail on it.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: Viewport,
  options: PageOptions = {},
): Promise<ShopPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: options.deviceScaleFactor ?? 1,
    locale: options.locale ?? "en-GB",
    timezoneId: options.timezoneId ?? "Asia/Jakarta",
  });
  // Nothing outside the shop may be contacted (the video, for example, loads only when asked for).
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const problems: string[] = [];
  const cspViolations: string[] = [];
  // Chromium logs a blocked load as a console error, but not every violation (a report-only
  // policy, an eval in a frame); the page's own event names each one.
  await context.exposeBinding("reportCspViolation", (_source, violation: string) => {
    cspViolations.push(violation);
    problems.push(`Content Security Policy violation: ${violation}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} in ${event.documentURI}`);
    });
  });
  const page = await context.newPage();
  // E2E_CPU_THROTTLE=6 runs the page on a CPU that many times slower: timing faults a loaded CI machine
  // shows now and then (a tap in the first moment of a page) show every time.
  if (process.env.E2E_CPU_THROTTLE) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(process.env.E2E_CPU_THROTTLE) });
  }
  const expected = [...ALWAYS_EXPECTED];
  const failedResponses: { status: number; url: string }[] = [];
  const isExpected = (status: number, url: string) =>
    expected.some((e) => e.status === status && new URL(url).pathname === e.path);

  page.on("response", (response) => {
    if (response.status() >= 400) failedResponses.push({ status: response.status(), url: response.url() });
  });
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    const url = message.location().url;
    // "Failed to load resource" errors belong to a response; they count unless that answer was expected.
    if (text.startsWith("Failed to load resource") && url) {
      const status = Number(/status of (\d+)/.exec(text)?.[1]);
      if (isExpected(status, url)) return;
    }
    problems.push(`console error: ${text} (${url})`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => {
    const url = request.url();
    if (!url.startsWith(baseUrl)) return;
    const reason = request.failure()?.errorText ?? "";
    // Navigating away cancels requests still in flight; that is not a failure of the shop.
    if (reason.includes("ERR_ABORTED")) return;
    problems.push(`request failed: ${request.method()} ${url} ${reason}`);
  });

  return {
    page,
    context,
    viewport,
    problems,
    cspViolations,
    expectFailure(failure) {
      expected.push(failure);
    },
    async close() {
      const unexpected = failedResponses.filter((r) => !isExpected(r.status, r.url));
      for (const r of unexpected) problems.push(`HTTP ${r.status} ${r.url}`);
      await context.close();
    },
  };
}

/** A full-page screenshot named after the journey, the step and the viewport. */
export async function screenshot(shop: ShopPage, journey: string, step: string): Promise<void> {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  // Lazy images below the fold load only when near the viewport; load them all before the picture.
  await shop.page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const img of images) img.loading = "eager";
    await Promise.all(
      images
        .filter((img) => !img.complete)
        .map(
          (img) =>
            new Promise<void>((resolve) => {
              img.addEventListener("load", () => resolve(), { once: true });
              img.addEventListener("error", () => resolve(), { once: true });
              setTimeout(resolve, 3000);
            }),
        ),
    );
    // Large images decode off the main thread; a picture taken before that shows empty boxes.
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
  });
  // With a dialog open, the picture shows what the shopper sees: the viewport, not the whole page.
  const dialogOpen = (await shop.page.locator('[role="dialog"], [role="alertdialog"]').count()) > 0;
  // Sticky parts (header, product photo) would otherwise be drawn where the page was scrolled to.
  if (!dialogOpen) await shop.page.evaluate(() => window.scrollTo(0, 0));
  await shop.page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${journey}--${step}--${shop.viewport.width}.png`),
    fullPage: !dialogOpen,
    animations: "disabled",
  });
}

/**
 * Runs one journey in a fresh tab: on failure it keeps a picture of the page as it was, and at
 * the end it fails the test on any console error or unexpected failed request.
 */
export async function journey(
  browser: Browser,
  baseUrl: string,
  viewport: Viewport,
  name: string,
  steps: (tab: ShopPage) => Promise<void>,
  options: PageOptions = {},
): Promise<void> {
  const tab = await openPage(browser, baseUrl, viewport, options);
  try {
    await steps(tab);
  } catch (error) {
    await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
    await tab.page
      .screenshot({ path: path.join(SCREENSHOT_DIR, `FAILED-${name}--${viewport.width}.png`), fullPage: true })
      .catch(() => undefined);
    throw error;
  } finally {
    await tab.close();
  }
  if (tab.problems.length > 0) throw new Error(`The browser reported problems:\n${tab.problems.join("\n")}`);
}
