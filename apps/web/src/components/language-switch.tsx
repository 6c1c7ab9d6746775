import { currentLanguage, type Language, useTranslation } from "../lib/i18n";
import "./language-switch.css";

interface LanguageSwitchProps {
  /** Switches the shop's language (and, for a logged-in shopper, the account's). */
  onSwitch: (language: Language) => void;
  className?: string;
}

const CHOICES: { language: Language; short: string; name: string }[] = [
  { language: "en", short: "EN", name: "English" },
  { language: "id", short: "ID", name: "Bahasa Indonesia" },
];

/** "EN | ID": each language is named in itself, whatever language the shop is showing. */
export function LanguageSwitch({ onSwitch, className }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <fieldset className={["language-switch", className].filter(Boolean).join(" ")} aria-label={t("Language")}>
      {CHOICES.map((choice) => (
        <button
          key={choice.language}
          type="button"
          lang={choice.language}
          aria-pressed={choice.language === active}
          onClick={() => onSwitch(choice.language)}
        >
          {/* Named in full for a screen reader; the short form is only what the eye reads (WCAG 2.5.3). */}
          <span aria-hidden="true">{choice.short}</span>
          <span className="visually-hidden">{choice.name}</span>
        </button>
      ))}
    </fieldset>
  );
}
