import { type Executor, SETTING_KEYS } from "../../db/database.js";
import { prepared } from "../../db/prepared.js";

const setting = prepared((db, key: string) => db.selectFrom("settings").select("value").where("key", "=", key));

export async function getSetting(db: Executor, key: string): Promise<string | undefined> {
  return (await setting.first(db, key))?.value;
}

// Every new order reads these three: one statement, built once (db/prepared.ts).
const orderSettingRows = prepared((db) =>
  db
    .selectFrom("settings")
    .select(["key", "value"])
    .where("key", "in", [SETTING_KEYS.deliveryFee, SETTING_KEYS.paymentWindowMinutes, SETTING_KEYS.deliveryWindowDays]),
);

/** The stored values of the settings a new order needs, by key; a key never set is absent. */
export async function getOrderSettingValues(db: Executor): Promise<Map<string, string>> {
  return new Map((await orderSettingRows.rows(db)).map((row) => [row.key, row.value]));
}

export async function putSetting(db: Executor, key: string, value: string): Promise<void> {
  await db
    .insertInto("settings")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

/** A bank account as the shop keeps it and lists it, in the admin's order. */
export interface BankAccountRow {
  bank: string;
  account_number: string;
  account_name: string;
}

const bankAccounts = prepared((db) =>
  db
    .selectFrom("bank_accounts")
    .select(["bank", "account_number", "account_name"])
    .orderBy("position")
    .orderBy("bank_account_id"),
);

/** The shop's bank accounts in the order the admin listed them (contract §7.2); every order's mail shows them. */
export function listBankAccounts(db: Executor) {
  return bankAccounts.rows(db);
}

/** The list as a whole is what the admin edits, so it is replaced as a whole. */
export async function replaceBankAccounts(db: Executor, accounts: BankAccountRow[]): Promise<void> {
  await db.deleteFrom("bank_accounts").execute();
  if (accounts.length === 0) return;
  await db
    .insertInto("bank_accounts")
    .values(accounts.map((account, position) => ({ ...account, position })))
    .execute();
}
