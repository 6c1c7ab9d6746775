import { type Kysely, type Migration, Migrator } from "kysely";
import * as initial from "./migrations/20261122000000_initial.js";
import * as orderProofIndex from "./migrations/20261123000000_order_proof_index.js";
import * as accountKeys from "./migrations/20261124100000_account_keys.js";
import * as loginThrottles from "./migrations/20261124100100_login_throttles.js";
import * as orderItemLineNo from "./migrations/20261124200000_order_item_line_no.js";
import * as deliverySchedule from "./migrations/20261125100000_delivery_schedule.js";
import * as jobs from "./migrations/20261125200000_jobs.js";
import * as payments from "./migrations/20261125300000_payments.js";
import * as reminders from "./migrations/20261125400000_reminders.js";
import * as categoryPosition from "./migrations/20261126100000_category_position.js";
import * as customizationArchive from "./migrations/20261126200000_customization_archive.js";
import * as postEditor from "./migrations/20261127100000_post_editor.js";
import * as orderSearch from "./migrations/20261128100000_order_search.js";
import * as bookingsIndex from "./migrations/20261128200000_bookings_index.js";
import * as catalogVersion from "./migrations/20261129100000_catalog_version.js";
import * as occasionsAndSearch from "./migrations/20261129200000_occasions_and_search.js";
import * as userLanguage from "./migrations/20261130100000_user_language.js";
import * as catalogChangeNotice from "./migrations/20261201100000_catalog_change_notice.js";
import * as orderIncomeIndex from "./migrations/20261201100100_order_income_index.js";
import * as photoPhoneCopies from "./migrations/20261202100000_photo_phone_copies.js";
import * as deliveryBookings from "./migrations/20261203100000_delivery_bookings.js";
import * as settingsChangeNotice from "./migrations/20261204100000_settings_change_notice.js";
import * as bankAccountsChangeNotice from "./migrations/20261205100000_bank_accounts_change_notice.js";
import * as accountLanguageChangeNotice from "./migrations/20261206100000_account_language_change_notice.js";
import * as partialOrderIndexes from "./migrations/20261207100000_partial_order_indexes.js";
import * as orderItemsIndexByOrder from "./migrations/20261208100000_order_items_index_by_order.js";
import * as mailThreads from "./migrations/20261209100000_mail_threads.js";
import * as jobsQueueOrder from "./migrations/20261210100000_jobs_queue_order.js";
import * as mailsKeptWhole from "./migrations/20261211100000_mails_kept_whole.js";
import * as sessionEndNotice from "./migrations/20261212100000_session_end_notice.js";
import * as photoThumbCopies from "./migrations/20261213100000_photo_thumb_copies.js";

/** Migrations listed in code so they run the same from source, tests and any bundle. */
const migrations: Record<string, Migration> = {
  "20261122000000_initial": initial,
  "20261123000000_order_proof_index": orderProofIndex,
  "20261124100000_account_keys": accountKeys,
  "20261124100100_login_throttles": loginThrottles,
  "20261124200000_order_item_line_no": orderItemLineNo,
  "20261125100000_delivery_schedule": deliverySchedule,
  "20261125200000_jobs": jobs,
  "20261125300000_payments": payments,
  "20261125400000_reminders": reminders,
  "20261126100000_category_position": categoryPosition,
  "20261126200000_customization_archive": customizationArchive,
  "20261127100000_post_editor": postEditor,
  "20261128100000_order_search": orderSearch,
  "20261128200000_bookings_index": bookingsIndex,
  "20261129100000_catalog_version": catalogVersion,
  "20261129200000_occasions_and_search": occasionsAndSearch,
  "20261130100000_user_language": userLanguage,
  "20261201100000_catalog_change_notice": catalogChangeNotice,
  "20261201100100_order_income_index": orderIncomeIndex,
  "20261202100000_photo_phone_copies": photoPhoneCopies,
  "20261203100000_delivery_bookings": deliveryBookings,
  "20261204100000_settings_change_notice": settingsChangeNotice,
  "20261205100000_bank_accounts_change_notice": bankAccountsChangeNotice,
  "20261206100000_account_language_change_notice": accountLanguageChangeNotice,
  "20261207100000_partial_order_indexes": partialOrderIndexes,
  "20261208100000_order_items_index_by_order": orderItemsIndexByOrder,
  "20261209100000_mail_threads": mailThreads,
  "20261210100000_jobs_queue_order": jobsQueueOrder,
  "20261211100000_mails_kept_whole": mailsKeptWhole,
  "20261212100000_session_end_notice": sessionEndNotice,
  "20261213100000_photo_thumb_copies": photoThumbCopies,
};

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : error}`,
    );
  }
}
