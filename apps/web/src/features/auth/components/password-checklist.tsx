import { passwordChecklist } from "../password-rules";

export function PasswordChecklist({ password, id }: { password: string; id: string }) {
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
          {item.label}
          <span className="visually-hidden">{item.met ? " (terpenuhi)" : " (belum terpenuhi)"}</span>
        </li>
      ))}
    </ul>
  );
}
