import { colorForName } from "../../../lib/colors";

/** The colour a new colour row starts with, and the one a colour without a usable hex falls back to. */
export const DEFAULT_COLOR = "#111827";

/** The preset swatches of the colour select; any other hex shows as 'Custom Color'. */
export const PRESET_COLORS: readonly { label: string; hex: string }[] = [
  "Black",
  "White",
  "Rose Gold",
  "Pink",
  "Red",
  "Peach",
  "Orange",
  "Yellow",
  "Cream",
  "Champagne",
  "Gold",
  "Green",
  "Tosca",
  "Blue",
  "Navy",
  "Lavender",
  "Purple",
  "Maroon",
  "Brown",
  "Silver",
].map((label) => ({ label, hex: colorForName(label, DEFAULT_COLOR) }));

export function presetFor(hex: string): { label: string; hex: string } | undefined {
  const wanted = hex.trim().toLowerCase();
  return PRESET_COLORS.find((preset) => preset.hex === wanted);
}

/** input[type=color] only takes #rrggbb, so #rgb is spelled out and anything else shows the default. */
export function sixDigitHex(hex: string): string {
  const value = hex.trim().toLowerCase();
  if (/^#[0-9a-f]{3}$/.test(value)) {
    return `#${[...value.slice(1)].map((digit) => digit + digit).join("")}`;
  }
  return /^#[0-9a-f]{6}$/.test(value) ? value : DEFAULT_COLOR;
}
