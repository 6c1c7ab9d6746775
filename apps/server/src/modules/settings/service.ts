import { DEFAULT_DELIVERY_FEE } from "@florist/contract";
import type { Executor } from "../../db/database.js";
import { getSetting, putSetting } from "./repository.js";

const DELIVERY_FEE = "delivery_fee";

/** The fee every new order pays; orders keep the fee they were placed with. */
export async function getDeliveryFee(db: Executor): Promise<number> {
  const value = Number(await getSetting(db, DELIVERY_FEE));
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_DELIVERY_FEE;
}

export async function setDeliveryFee(db: Executor, fee: number): Promise<number> {
  await putSetting(db, DELIVERY_FEE, String(fee));
  return fee;
}

export async function ensureDeliveryFee(db: Executor): Promise<void> {
  if ((await getSetting(db, DELIVERY_FEE)) === undefined) await setDeliveryFee(db, DEFAULT_DELIVERY_FEE);
}
