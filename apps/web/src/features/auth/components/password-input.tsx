import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";

type PasswordInputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "type">;

/** A password field with a show/hide toggle, which matters most on a phone keyboard. */
export function PasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input {...props} type={visible ? "text" : "password"} className="input" />
      <button
        type="button"
        className="password-toggle"
        onClick={() => setVisible((value) => !value)}
        aria-label={visible ? t("Hide password") : t("Show password")}
        aria-pressed={visible}
      >
        {visible ? t("Hide") : t("Show")}
      </button>
    </div>
  );
}
