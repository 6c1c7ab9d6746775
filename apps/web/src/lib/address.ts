/**
 * The shipping address travels as a free text block (the order's shipping_address): full name, address, city,
 * 'Email: …', 'Telepon: …' and an optional 'Catatan: …', one per line.
 */

export interface ShippingDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  notes?: string;
}

export interface ReadAddress {
  recipient: string;
  address: string;
  email: string;
  phone: string;
  notes: string;
}

export function writeAddressBlock(details: ShippingDetails): string {
  const fullName = `${details.firstName.trim()} ${details.lastName.trim()}`.trim();
  const addressLines = details.address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const lines = [fullName, ...addressLines, details.city.trim(), `Email: ${details.email.trim()}`];
  lines.push(`Telepon: ${details.phone.trim()}`);
  const notes = details.notes?.trim();
  if (notes) lines.push(`Catatan: ${notes.replace(/\s*\r?\n\s*/g, " ")}`);
  return lines.join("\n");
}

const PREFIXES: { field: "email" | "phone" | "notes"; pattern: RegExp }[] = [
  { field: "email", pattern: /^email\s*:\s*/i },
  { field: "phone", pattern: /^(telepon|phone|no\.?\s*telp)\s*:\s*/i },
  { field: "notes", pattern: /^(catatan|notes)\s*:\s*/i },
];

export function readAddressBlock(block: string | null | undefined): ReadAddress {
  const lines = (block ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const result: ReadAddress = { recipient: lines[0] ?? "", address: "", email: "", phone: "", notes: "" };
  const addressLines: string[] = [];
  for (const line of lines.slice(1)) {
    const prefix = PREFIXES.find(({ pattern }) => pattern.test(line));
    if (prefix) result[prefix.field] = line.replace(prefix.pattern, "");
    else addressLines.push(line);
  }
  result.address = addressLines.join(", ");
  return result;
}
