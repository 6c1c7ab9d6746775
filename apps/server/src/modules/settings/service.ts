import {
  DEFAULT_DELIVERY_FEE,
  DEFAULT_WINDOW_DAYS,
  MAX_PAYMENT_WINDOW_MINUTES,
  MAX_WINDOW_DAYS,
  type PaymentSettings,
  type paymentSettingsBody,
} from "@florist/contract";
import { DEFAULT_PAYMENT_WINDOW_MINUTES } from "@florist/contract/rules";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { type Executor, SETTING_KEYS } from "../../db/database.js";
import { keptRead } from "../../db/kept-reads.js";
import { type Actor, recordChange } from "../audit/service.js";
import { getOrderSettingValues, getSetting, listBankAccounts, putSetting, replaceBankAccounts } from "./repository.js";

/** The fee every new order pays; orders keep the fee they were placed with. */
export async function getDeliveryFee(db: Executor): Promise<number> {
  return deliveryFeeOf(await getSetting(db, SETTING_KEYS.deliveryFee));
}

function deliveryFeeOf(stored: string | undefined): number {
  const value = Number(stored);
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_DELIVERY_FEE;
}

export async function setDeliveryFee(ctx: AppContext, actor: Actor, fee: number): Promise<number> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await getDeliveryFee(trx);
    await putSetting(trx, SETTING_KEYS.deliveryFee, String(fee));
    await recordChange(trx, actor, {
      action: "settings.delivery-fee",
      target: "settings:delivery-fee",
      details: { before: { deliveryFee: before }, after: { deliveryFee: fee } },
    });
  });
  return fee;
}

/** How many days ahead, today included, a shopper may book a delivery. */
export async function getDeliveryWindowDays(db: Executor): Promise<number> {
  return (await getOrderSettings(db)).deliveryWindowDays;
}

function windowDaysOf(stored: string | undefined): number {
  const value = Number(stored);
  return Number.isInteger(value) && value >= 1 && value <= MAX_WINDOW_DAYS ? value : DEFAULT_WINDOW_DAYS;
}

export async function setDeliveryWindowDays(db: Executor, days: number): Promise<void> {
  await putSetting(db, SETTING_KEYS.deliveryWindowDays, String(days));
}

/** Minutes a new order may stay unpaid before it lapses; 0: it never does. */
export async function getPaymentWindowMinutes(db: Executor): Promise<number> {
  return paymentWindowOf(await getSetting(db, SETTING_KEYS.paymentWindowMinutes));
}

function paymentWindowOf(stored: string | undefined): number {
  const value = Number(stored);
  return stored !== undefined && Number.isInteger(value) && value >= 0 && value <= MAX_PAYMENT_WINDOW_MINUTES
    ? value
    : DEFAULT_PAYMENT_WINDOW_MINUTES;
}

/** What a new order is placed with: the delivery fee, the payment window and the delivery window. */
export interface OrderSettings {
  deliveryFee: number;
  paymentWindowMinutes: number;
  deliveryWindowDays: number;
}

/**
 * The settings of a new order in one read, each as its own getter above would answer it; kept until
 * a setting changes (db/kept-reads.ts), as every order reads them.
 */
export function getOrderSettings(db: Executor): Promise<OrderSettings> {
  return keptRead(db, "order-settings", async () => {
    const stored = await getOrderSettingValues(db);
    return {
      deliveryFee: deliveryFeeOf(stored.get(SETTING_KEYS.deliveryFee)),
      paymentWindowMinutes: paymentWindowOf(stored.get(SETTING_KEYS.paymentWindowMinutes)),
      deliveryWindowDays: windowDaysOf(stored.get(SETTING_KEYS.deliveryWindowDays)),
    };
  });
}

/**
 * The shop's bank accounts, kept in memory until the admin saves them again (db/kept-reads.ts): every
 * new order's mail shows them. Shared: callers must not change the list.
 */
export function keptBankAccounts(db: Executor) {
  return keptRead(db, "bank-accounts", () => listBankAccounts(db));
}

/** Where to transfer to and how long a new order waits for the money (contract §7.2). */
export async function getPaymentSettings(db: Executor): Promise<PaymentSettings> {
  const [accounts, paymentWindowMinutes] = await Promise.all([listBankAccounts(db), getPaymentWindowMinutes(db)]);
  return {
    bankAccounts: accounts.map((a) => ({ bank: a.bank, accountNumber: a.account_number, accountName: a.account_name })),
    paymentWindowMinutes,
  };
}

/** Replaces the bank accounts and the window together; orders already placed keep their deadlines. */
export async function setPaymentSettings(
  ctx: AppContext,
  actor: Actor,
  input: z.output<typeof paymentSettingsBody>,
): Promise<PaymentSettings> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await getPaymentSettings(trx);
    await replaceBankAccounts(
      trx,
      input.bankAccounts.map((a) => ({ bank: a.bank, account_number: a.accountNumber, account_name: a.accountName })),
    );
    await putSetting(trx, SETTING_KEYS.paymentWindowMinutes, String(input.paymentWindowMinutes));
    // The accounts shoppers transfer to are public on the checkout page: no secret among them.
    await recordChange(trx, actor, {
      action: "settings.payment",
      target: "settings:payment",
      details: {
        before,
        after: { bankAccounts: input.bankAccounts, paymentWindowMinutes: input.paymentWindowMinutes },
      },
    });
  });
  return getPaymentSettings(ctx.db);
}
