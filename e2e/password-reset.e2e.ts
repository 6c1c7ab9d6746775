import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApiSession } from "./support/api";
import { screenshot, VIEWPORTS } from "./support/browser";
import { shopSuite } from "./support/suite";
import { fillLogin, uniqueUser, waitForPath } from "./support/ui";

const suite = shopSuite();

/** The reset link from the newest mail to this address in the outbox (quoted-printable decoded). */
async function resetLinkFor(email: string): Promise<string> {
  const outbox = path.join(suite.shop.dataDir, "outbox");
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const names = (await fs.readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const raw = await fs.readFile(path.join(outbox, name), "utf8");
      const text = raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
      if (!text.toLowerCase().includes(`to: ${email}`)) continue;
      const link = /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/.exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No reset mail for ${email} in ${outbox}`);
}

describe.each(VIEWPORTS)("a customer at $width px", (viewport) => {
  it("resets a forgotten password through the mailed link", async () => {
    const user = uniqueUser("lina");
    await new ApiSession(suite.baseUrl).register(user.username, user.email, user.password);
    await suite.journey(viewport, "password-reset", async (tab) => {
      const { page } = tab;

      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await waitForPath(page, "/forgot-password");
      await page.getByRole("heading", { name: "Forgot password" }).waitFor();
      await page.getByLabel("Email").fill(user.email);
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await page.getByText("Email reset password telah dikirim. Silakan periksa inbox Anda.").waitFor();
      await screenshot(tab, "password-reset", "01-mail-sent");

      const link = new URL(await resetLinkFor(user.email));
      expect(link.origin).toBe(suite.baseUrl);
      await page.goto(link.pathname);
      await page.getByRole("heading", { name: "Reset password" }).waitFor();
      await page.getByLabel("New password", { exact: true }).fill("Mawar2026");
      await page.getByLabel("Confirm new password").fill("Mawar2025");
      await page.getByRole("button", { name: "Change Password" }).click();
      await page.getByText("Password dan konfirmasi password tidak sama.").waitFor();
      await screenshot(tab, "password-reset", "02-mismatch");
      await page.getByLabel("Confirm new password").fill("Mawar2026");
      await page.getByRole("button", { name: "Change Password" }).click();
      await page.getByText("Password berhasil diubah! Silakan login kembali.").waitFor();
      await screenshot(tab, "password-reset", "03-changed");
      await waitForPath(page, "/login");

      await page.getByRole("heading", { name: "Welcome back" }).waitFor();
      await fillLogin(page, user.email, "Mawar2026");
      await waitForPath(page, "/");
    });
  });
});
