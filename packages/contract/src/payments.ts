import { z } from "zod";
import { int, numberFrom } from "./common.js";
import { orderDetailSchema } from "./orders.js";

/*
 * Paying by bank transfer (contract §7.2). The shopper's upload is the "transfer receipt" everywhere
 * (`payment_proof` on the wire), never to be confused with the admin's delivery proof (`order_proof`).
 * Input messages carry no final period, so a 400 names the field: "bankAccounts.0.bank: is required".
 */

export const MAX_PAYMENT_WINDOW_MINUTES = 30 * 24 * 60;

export const bankAccountSchema = z.object({ bank: z.string(), accountNumber: z.string(), accountName: z.string() });
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const paymentSettingsSchema = z.object({
  bankAccounts: z.array(bankAccountSchema),
  /** 0: unpaid orders never lapse. */
  paymentWindowMinutes: int,
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

const requiredText = (max: number) =>
  z.string({ error: "is required" }).trim().min(1, "is required").max(max, `is at most ${max} characters`);

export const paymentSettingsBody = z.object({
  bankAccounts: z
    .array(
      z.object({
        bank: requiredText(60),
        accountNumber: requiredText(40).regex(/^[0-9][0-9 .-]*$/, "must be digits"),
        accountName: requiredText(100),
      }),
    )
    .max(10, "are at most 10"),
  paymentWindowMinutes: numberFrom(
    z
      .number({ error: "must be a number" })
      .int("must be a whole number of minutes")
      .min(0, "must be at least 1 minute, or 0 to turn expiry off")
      .max(MAX_PAYMENT_WINDOW_MINUTES, `is at most ${MAX_PAYMENT_WINDOW_MINUTES}`),
  ),
});
export type PaymentSettingsInput = z.input<typeof paymentSettingsBody>;

/**
 * PATCH /api/order/{id}/payment (admin): approve or reject the transfer receipt that awaits
 * verification, or mark the order paid without one ("paid": money seen in the bank, cash, a chat
 * confirmation), which needs a note saying how.
 */
export const paymentDecisionBody = z
  .object({
    decision: z.enum(["approve", "reject", "paid"], { error: "must be approve, reject or paid" }),
    note: z.string({ error: "must be text" }).trim().max(500, "is at most 500 characters").optional(),
  })
  .superRefine((body, ctx) => {
    if (body.decision === "paid" && !body.note) {
      ctx.addIssue({ code: "custom", path: ["note"], message: "is required to mark an order paid" });
    }
  });
export type PaymentDecisionInput = z.input<typeof paymentDecisionBody>;

/** GET /api/order/admin/payments (admin): transfer receipts awaiting verification, oldest first. */
export const paymentQueueSchema = z.object({ orders: z.array(orderDetailSchema) });
export type PaymentQueue = z.infer<typeof paymentQueueSchema>;
