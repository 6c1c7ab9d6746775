import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/**
 * axe-core, the accessibility engine Lighthouse runs (it arrives with Lighthouse, already in the
 * lock file), read once from node_modules: nothing is downloaded.
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: AxeNode[];
}

/**
 * The serious and critical WCAG 2.x A/AA (and 2.2 AA) violations axe finds on the page as it is now,
 * one line per element. The script is evaluated through the browser's debugging channel, which the
 * shop's Content-Security-Policy does not govern, so the page's policy stays as it is served.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A dialog fading in is drawn half-transparent: its colours are only what they are once the
  // transitions and animations that end have ended (a spinner's endless one is left running).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) =>
          Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      resultTypes: ["violations"],
    })) as { violations: AxeViolation[] };
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} at ${node.target.join(" ")}: ${(node.failureSummary ?? "").replace(/\s+/g, " ")}`,
      ),
    );
}
