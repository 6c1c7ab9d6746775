import { DEFAULT_DELIVERY_FEE, DEFAULT_WINDOW_DAYS, MAX_WINDOW_DAYS } from "@florist/contract";
import { type Executor, SETTING_KEYS } from "../../db/database.js";
import { getSetting, putSetting } from "./repository.js";

/** The fee every new order pays; orders keep the fee they were placed with. */
export async function getDeliveryFee(db: Executor): Promise<number> {
  const value = Number(await getSetting(db, SETTING_KEYS.deliveryFee));
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_DELIVERY_FEE;
}

export async function setDeliveryFee(db: Executor, fee: number): Promise<number> {
  await putSetting(db, SETTING_KEYS.deliveryFee, String(fee));
  return fee;
}

/** How many days ahead, today included, a shopper may book a delivery. */
export async function getDeliveryWindowDays(db: Executor): Promise<number> {
  const value = Number(await getSetting(db, SETTING_KEYS.deliveryWindowDays));
  return Number.isInteger(value) && value >= 1 && value <= MAX_WINDOW_DAYS ? value : DEFAULT_WINDOW_DAYS;
}

export async function setDeliveryWindowDays(db: Executor, days: number): Promise<void> {
  await putSetting(db, SETTING_KEYS.deliveryWindowDays, String(days));
}
