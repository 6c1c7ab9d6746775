import { useTranslation } from "../lib/i18n";
export function Stars({ rating, max = 5 }: { rating: number; max?: number }) {
  const { t } = useTranslation();
  return (
    <span className="stars" role="img" aria-label={t("{{rating}} out of {{max}} stars", { rating, max })}>
      {Array.from({ length: max }, (_, index) => (
        <svg
          // biome-ignore lint/suspicious/noArrayIndexKey: stars are positional and never reorder.
          key={index}
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          className={index < rating ? "star star-on" : "star"}
        >
          <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.3L12 17.1l-5.7 3.1 1.2-6.3-4.7-4.4 6.4-.8z" />
        </svg>
      ))}
    </span>
  );
}
