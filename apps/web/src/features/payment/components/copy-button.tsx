import { useEffect, useState } from "react";
import { useTranslation } from "../../../lib/i18n";

export interface CopyButtonProps {
  /** What lands on the clipboard, e.g. the account number without its spaces. */
  value: string;
  /** What is copied, for a screen reader: "account number 123 456". */
  what: string;
}

/** Copies one value; the button says "Copied" for a moment, or that the browser refused. */
export function CopyButton({ value, what }: CopyButtonProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  const label = state === "copied" ? t("Copied") : state === "failed" ? t("Copy failed") : t("Copy");
  return (
    <button
      type="button"
      className="btn btn-secondary btn-small copy-button"
      onClick={copy}
      aria-label={t("Copy {{what}}", { what })}
    >
      <span aria-live="polite">{label}</span>
    </button>
  );
}
