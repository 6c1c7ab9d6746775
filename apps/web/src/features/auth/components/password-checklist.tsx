import { useTranslation } from "../../../lib/i18n";
import { passwordChecklist } from "../password-rules";

/** Each rule of the checklist in the shop's language (the English version keeps the shop's Indonesian). */
function useCheckLabel(): (key: string, fallback: string) => string {
  const { t } = useTranslation();
  return (key, fallback) => {
    const labels: Record<string, string> = {
      length: t("Minimal 8 karakter"),
      uppercase: t("Minimal 1 huruf kapital"),
      digit: t("Minimal 1 angka"),
    };
    return labels[key] ?? fallback;
  };
}

export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  const labelOf = useCheckLabel();
  return (
    <ul className="password-checklist" id={id} aria-live="polite">
      {passwordChecklist(password).map((item) => (
        <li key={item.key} className={item.met ? "met" : undefined}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            {item.met ? (
              <path
                d="M5 12.5l4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
              />
            ) : (
              <circle cx="12" cy="12" r="5" fill="none" stroke="currentColor" strokeWidth="2" />
            )}
          </svg>
          {labelOf(item.key, item.label)}
          <span className="visually-hidden"> {item.met ? t("(terpenuhi)") : t("(belum terpenuhi)")}</span>
        </li>
      ))}
    </ul>
  );
}
