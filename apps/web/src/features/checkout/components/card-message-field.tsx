import { useId } from "react";
import { useTranslation } from "../../../lib/i18n";
import { CARD_MESSAGE_MAX, cardMessageLength, clampCardMessage } from "../card-message";

export interface CardMessageFieldProps {
  message: string;
  anonymous: boolean;
  onMessage: (message: string) => void;
  onAnonymous: (anonymous: boolean) => void;
}

/**
 * A change that fits is taken; typing past the limit is refused (the message stays as it was), while a
 * paste into a message with room left keeps what fits.
 */
function nextMessage(current: string, typed: string): string {
  if (cardMessageLength(typed) <= CARD_MESSAGE_MAX) return typed;
  return cardMessageLength(current) < CARD_MESSAGE_MAX ? clampCardMessage(typed) : current;
}

/** The gift card: a message with a live counter that counts as the server does, and sending it anonymously. */
export function CardMessageField({ message, anonymous, onMessage, onAnonymous }: CardMessageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const length = cardMessageLength(message);
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-card`}>
          {t("Card message")} <span className="optional">{t("(optional)")}</span>
        </label>
        <textarea
          id={`${id}-card`}
          name="cardMessage"
          className="textarea"
          rows={4}
          placeholder={t("Happy birthday, Mum! With love…")}
          aria-describedby={`${id}-count`}
          value={message}
          onChange={(event) => onMessage(nextMessage(message, event.target.value))}
        />
        <p
          className={
            length >= CARD_MESSAGE_MAX ? "field-hint card-counter card-counter-full" : "field-hint card-counter"
          }
          id={`${id}-count`}
          aria-live="polite"
        >
          {length}/{CARD_MESSAGE_MAX}
        </p>
      </div>
      <label className="checkbox card-anonymous">
        <input type="checkbox" checked={anonymous} onChange={(event) => onAnonymous(event.target.checked)} />
        <span>
          {t("Send anonymously")}
          <span className="field-hint">{t("The card will not carry your name.")}</span>
        </span>
      </label>
    </>
  );
}
