export function ColorChip({ hex, label }: { hex: string; label?: string }) {
  return <span className="color-chip" style={{ backgroundColor: hex }} title={label} aria-hidden="true" />;
}
