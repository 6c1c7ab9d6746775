import type { MessageAnswer, ReminderOptOutInput } from "@florist/contract";
import { api } from "../../../lib/api-client";

/** Turns off the "remind me next year" mails with the token of a reminder's link. */
export function stopReminders(token: string) {
  const body: ReminderOptOutInput = { token };
  return api.post<MessageAnswer>("/reminders/opt-out", body);
}
