import { z } from "zod";

/**
 * POST /api/reminders/opt-out (public): the token from the link in a "remind me next year" mail
 * (contract §7.3). The link opens a page with a button, so a mail scanner that follows links turns
 * nothing off; the button posts the token.
 */
export const reminderOptOutBody = z.object({
  token: z.string({ error: "is required" }).regex(/^[A-Za-z0-9_-]{20,200}$/, "is not a reminder link's token"),
});
export type ReminderOptOutInput = z.input<typeof reminderOptOutBody>;

/** What the opt-out page says once the reminders are off. */
export const REMINDERS_OFF_MESSAGE = "Reminders are off. We will not send the yearly reminders you asked for.";
