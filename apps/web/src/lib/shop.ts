/**
 * The shop's own contact details and media. They are read from the build environment so the
 * owner can set them without touching code; the defaults keep a fresh clone working.
 */
const env = import.meta.env;

function digitsOnly(value: string): string {
  return value.replace(/\D/g, "");
}

export const shop = {
  name: env.VITE_SHOP_NAME || "Bandung Florist",
  /** International format without "+", as wa.me expects. */
  whatsappNumber: digitsOnly(env.VITE_WHATSAPP_NUMBER || "6281234567890"),
  email: env.VITE_SHOP_EMAIL || "hello@bandungflorist.id",
  address: "Andir, Bandung, Indonesia",
  /** A YouTube video id, played through the privacy-enhanced youtube-nocookie.com embed. */
  commitmentVideoId: env.VITE_COMMITMENT_VIDEO_ID || "hOqUJq5ad-I",
};

export function whatsappLink(message?: string): string {
  const base = `https://wa.me/${shop.whatsappNumber}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}
