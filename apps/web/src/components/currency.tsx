import { formatRupiah } from "../lib/format";

export function Currency({ amount, className }: { amount: number | null | undefined; className?: string }) {
  return <span className={className ? `currency ${className}` : "currency"}>{formatRupiah(amount)}</span>;
}
