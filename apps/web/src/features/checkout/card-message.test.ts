import { describe, expect, it } from "vitest";
import { CARD_MESSAGE_MAX, cardMessageLength, clampCardMessage } from "./card-message";

describe("the card message limit", () => {
  it("leaves a message that fits as it is", () => {
    expect(clampCardMessage("Selamat ulang tahun, Ibu! 🌷")).toBe("Selamat ulang tahun, Ibu! 🌷");
  });

  it("keeps the first 250 characters of a longer paste, an emoji with its skin tone counting as one", () => {
    const wave = "👋🏽";
    const long = wave.repeat(CARD_MESSAGE_MAX + 10);
    const kept = clampCardMessage(long);
    expect(cardMessageLength(kept)).toBe(CARD_MESSAGE_MAX);
    expect(kept).toBe(wave.repeat(CARD_MESSAGE_MAX));
  });
});
