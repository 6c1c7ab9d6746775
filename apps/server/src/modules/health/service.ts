import type { Executor } from "../../db/database.js";
import * as repo from "./repository.js";

/** Whether the database answers: a refused or broken connection is a "no", never an error. */
export async function databaseAnswers(db: Executor): Promise<boolean> {
  try {
    await repo.ping(db);
    return true;
  } catch {
    return false;
  }
}
