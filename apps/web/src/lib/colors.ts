import { COLOR_SEPARATOR, parseColorOption as splitColorOption } from "@florist/contract/rules";

/**
 * Colour options are stored as "label" or "label::#hex"; whether a hex counts is the contract's rule
 * (the same the server applies). Without a valid hex the label is looked up in a map of English and
 * Indonesian colour names, for the chip only.
 */

export { COLOR_SEPARATOR };
/** Storefront fallback when neither a valid hex nor a known name is given. */
export const FALLBACK_COLOR = "#9ca3af";

const NAMED_COLORS: Record<string, string> = {
  black: "#111827",
  hitam: "#111827",
  white: "#f8fafc",
  putih: "#f8fafc",
  "rose gold": "#f2c6b6",
  pink: "#f7c6d7",
  "merah muda": "#f7c6d7",
  blue: "#a5d8ff",
  biru: "#a5d8ff",
  red: "#e03131",
  merah: "#e03131",
  yellow: "#ffd43b",
  kuning: "#ffd43b",
  purple: "#b197fc",
  ungu: "#b197fc",
  lavender: "#d0bfff",
  green: "#69db7c",
  hijau: "#69db7c",
  orange: "#ffa94d",
  oranye: "#ffa94d",
  jingga: "#ffa94d",
  cream: "#f5ebd7",
  krem: "#f5ebd7",
  peach: "#ffc9a9",
  persik: "#ffc9a9",
  gold: "#d4a72c",
  emas: "#d4a72c",
  silver: "#ced4da",
  perak: "#ced4da",
  brown: "#8b5e3c",
  coklat: "#8b5e3c",
  cokelat: "#8b5e3c",
  grey: "#9ca3af",
  gray: "#9ca3af",
  abu: "#9ca3af",
  "abu-abu": "#9ca3af",
  navy: "#1e3a8a",
  maroon: "#7f1d1d",
  tosca: "#38d9a9",
  champagne: "#f7e7ce",
};

export interface ColorOption {
  /** The text shown to the shopper and sent as the chosen colour. */
  label: string;
  /** A CSS colour for the chip: the option's own hex, a known name's colour, or the fallback. */
  hex: string;
  /** The option exactly as the server stores it. */
  raw: string;
}

export function colorForName(name: string, fallback = FALLBACK_COLOR): string {
  return NAMED_COLORS[name.trim().toLowerCase().replace(/\s+/g, " ")] ?? fallback;
}

export function parseColorOption(raw: string, fallback = FALLBACK_COLOR): ColorOption {
  const { label, hex } = splitColorOption(raw);
  return { label, hex: hex ? hex.toLowerCase() : colorForName(label, fallback), raw };
}

export function parseColorOptions(options: readonly string[] | null | undefined): ColorOption[] {
  return (options ?? []).filter((option) => option.trim() !== "").map((option) => parseColorOption(option));
}
