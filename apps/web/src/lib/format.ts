const rupiahFormat = new Intl.NumberFormat("id-ID", {
  style: "currency",
  currency: "IDR",
  maximumFractionDigits: 0,
});

/** Money is a whole number of rupiah, shown in the Indonesian locale (docs/rules.md, Money). */
export function formatRupiah(amount: number | null | undefined): string {
  return rupiahFormat.format(Number.isFinite(amount) ? Number(amount) : 0);
}

/** Order display id: MB- plus the id padded with zeros to 3 digits, MB-001 (docs/rules.md). */
export function formatOrderId(orderId: number | string): string {
  return `MB-${String(orderId).padStart(3, "0")}`;
}

const customerDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });

/** Customer screens show dates in the en-GB format ("5 Mar 2026"); an unreadable date shows as a dash. */
export function formatCustomerDate(value: string | null | undefined): string {
  if (!value) return "-";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "-";
  return customerDate.format(date);
}

/** Status badge class: the lowercased status with spaces turned into hyphens ("in-delivery"). */
export function statusClass(status: string | null | undefined): string {
  return (status ?? "").trim().toLowerCase().replace(/\s+/g, "-");
}

/** Up to two initials for the locally drawn avatar. */
export function initialsOf(username: string | null | undefined): string {
  const words = (username ?? "")
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return "?";
  const first = words[0] ?? "";
  const second = words[1] ?? "";
  const letters = second ? `${first.charAt(0)}${second.charAt(0)}` : first.slice(0, 2);
  return letters.toUpperCase();
}
