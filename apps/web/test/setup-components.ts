import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
// Components render in the default language, English, like a first visit from an English browser.
import "../src/lib/i18n";

// Each test renders into a fresh document body.
afterEach(() => {
  cleanup();
});
