import type { Generated, Insertable, Updateable } from "kysely";

/**
 * Row types of every table. Timestamps are ISO 8601 strings in UTC (see docs/decisions/0001),
 * money is a whole number of rupiah, lists are JSON text.
 */
export interface UsersTable {
  user_id: Generated<number>;
  username: string;
  email: string;
  /** accountKey(username) and accountKey(email): what uniqueness and logins compare (lib/account-key.ts). */
  username_key: string;
  email_key: string;
  password_hash: string;
  role: "admin" | "customer";
  created_at: string;
  /** The language the account reads the shop and its mails in. */
  language: Generated<"en" | "id">;
}

export interface SessionsTable {
  session_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  reset_id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** One counter per key (an account, an address, an account at an address, a reset mail); see accounts/service.ts. */
export interface ThrottlesTable {
  throttle_key: string;
  failures: number;
  /** Attempts are refused until then; a time in the past when they are not. */
  blocked_until: string;
  expires_at: string;
}

/**
 * Every column of `Table` by name, for a statement kept prepared on PostgreSQL, which must not
 * select `*` (db/prepared.ts): a column of the table left out of `columns` is a type error.
 */
function everyColumn<Table>() {
  return <const Listed extends readonly (keyof Table)[]>(
    columns: Listed & (Exclude<keyof Table, Listed[number]> extends never ? unknown : never),
  ): Listed => columns;
}

/** Work done later or on a schedule (modules/jobs, docs/decisions/0013). */
export interface JobsTable {
  job_id: Generated<number>;
  /** Which handler runs it, e.g. "mail.send". */
  kind: string;
  /** JSON given to the handler. */
  payload: string;
  /** Set for a job that must exist once at most, such as each recurring job (its kind). */
  unique_key: string | null;
  state: "queued" | "done" | "failed";
  /** Not claimed before then; a retry moves it later. */
  run_at: string;
  /** Claims so far; the claim counts, so a job that kills its process still runs out of tries. */
  attempts: number;
  max_attempts: number;
  /** Written by each claim; only the holder of the current token may finish the job. */
  claim_token: string | null;
  /** The claim's lease: until then no other runner takes the job. */
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** Every column of a job by name, for the claims kept prepared on PostgreSQL (as ORDER_COLUMNS). */
export const JOB_COLUMNS = everyColumn<JobsTable>()([
  "job_id",
  "kind",
  "payload",
  "unique_key",
  "state",
  "run_at",
  "attempts",
  "max_attempts",
  "claim_token",
  "locked_until",
  "last_error",
  "created_at",
  "finished_at",
]);

/** A mail waiting in the durable queue, or sent (sent_at); its job sends it (modules/mail). */
export interface MailsTable {
  mail_id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** JSON: `{filename, contentType, cid, base64}[]`, or null for a mail without attachments. */
  attachments: string | null;
  created_at: string;
  sent_at: string | null;
  /** What the mail is about ("order:42"), or null: one reader's mails of one thread are sent in order. */
  thread: string | null;
}

/** Every column of a mail by name, for its read kept prepared on PostgreSQL (as ORDER_COLUMNS). */
export const MAIL_COLUMNS = everyColumn<MailsTable>()([
  "mail_id",
  "to_address",
  "subject",
  "text_body",
  "html_body",
  "attachments",
  "created_at",
  "sent_at",
  "thread",
]);

export interface CategoriesTable {
  category_id: Generated<number>;
  name: string;
  /** Place in the catalogue and its pills, smallest first; ties fall back to the id. */
  position: Generated<number>;
}

export interface ProductsTable {
  product_id: Generated<number>;
  category_id: number | null;
  name: string;
  description: string;
  price: number;
  stock_quantity: number;
  image_url: string | null;
  availability_status: "in_stock" | "out_of_stock";
  /** JSON: { label: string; price: number | null }[] */
  size_options: string;
  /** JSON: string[] of "label" or "label::#hex" */
  color_options: string;
  product_type: string;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductImagesTable {
  image_id: Generated<number>;
  product_id: number;
  color_name: string;
  image_url: string;
  stock_quantity: number;
  created_at: string;
}

export interface CustomizationsTable {
  customization_id: Generated<number>;
  name: string;
  price: number;
  /** Set when an add-on that orders used is deleted: it leaves the list and carts, orders keep their copy. */
  archived_at: string | null;
}

export interface CartsTable {
  cart_id: Generated<number>;
  user_id: number;
  created_at: string;
}

export interface CartItemsTable {
  cart_item_id: Generated<number>;
  cart_id: number;
  product_id: number;
  quantity: number;
  size: string;
  color: string;
  color_hex: string;
  created_at: string;
}

export interface CartItemCustomizationsTable {
  cart_item_id: number;
  customization_id: number;
  quantity: number;
}

export interface OrdersTable {
  order_id: Generated<number>;
  user_id: number;
  shipping_address: string;
  shipping_cost: number;
  total_price: number;
  order_status: string;
  payment_status: string;
  order_date: string;
  delivery_date: string | null;
  order_proof: string | null;
  updated_at: string;
  /** The shop's calendar date (YYYY-MM-DD, Asia/Jakarta) of the delivery; null: none arranged yet. */
  delivery_day: string | null;
  delivery_slot_id: number | null;
  delivery_zone_id: number | null;
  recipient_name: string | null;
  recipient_phone: string | null;
  card_message: string | null;
  /** 1: the gift card carries no sender name. */
  sender_anonymous: Generated<number>;
  /** When an unpaid order lapses, fixed when it is placed; null once paid or when expiry was off. */
  payment_due_at: string | null;
  /** The shopper's transfer receipt, a private /uploads/receipts/ path. */
  payment_proof: string | null;
  /** The admin's note on a rejected receipt or on a payment marked paid by hand. */
  payment_note: string | null;
  /** 1: the shopper asked for a reminder a year after the delivery (contract §7.3). */
  remind_next_year: Generated<number>;
  /** When the reminder a year later went out; it goes out once. */
  reminder_sent_at: string | null;
  /** SHA-256 of the token in that reminder's opt-out link. */
  reminder_token_hash: string | null;
  /** When the mail three hours before the payment deadline went out; it goes out once. */
  payment_reminder_sent_at: string | null;
}

/**
 * Every column of an order by name, for statements kept prepared on PostgreSQL, which must not
 * select `*` (db/prepared.ts); a column added to OrdersTable and not here is a type error.
 */
export const ORDER_COLUMNS = everyColumn<OrdersTable>()([
  "order_id",
  "user_id",
  "shipping_address",
  "shipping_cost",
  "total_price",
  "order_status",
  "payment_status",
  "order_date",
  "delivery_date",
  "order_proof",
  "updated_at",
  "delivery_day",
  "delivery_slot_id",
  "delivery_zone_id",
  "recipient_name",
  "recipient_phone",
  "card_message",
  "sender_anonymous",
  "payment_due_at",
  "payment_proof",
  "payment_note",
  "remind_next_year",
  "reminder_sent_at",
  "reminder_token_hash",
  "payment_reminder_sent_at",
]);

export interface OrderItemsTable {
  order_item_id: Generated<number>;
  order_id: number;
  /** 1, 2, … within the order, in the order the lines were placed; unique per order. */
  line_no: number;
  product_id: number | null;
  product_name: string;
  unit_price: number;
  quantity: number;
  line_price: number;
  size: string;
  color: string;
}

export interface OrderItemCustomizationsTable {
  order_item_customization_id: Generated<number>;
  order_item_id: number;
  customization_id: number | null;
  name: string;
  price: number;
  quantity: number;
}

export interface ReviewsTable {
  review_id: Generated<number>;
  order_id: number;
  user_id: number;
  rating: number;
  comment: string;
  review_date: string;
}

/** A bank account the shopper may transfer to, listed by position. */
export interface BankAccountsTable {
  bank_account_id: Generated<number>;
  position: number;
  bank: string;
  account_number: string;
  account_name: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** The keys the settings table holds: the delivery fee in rupiah, the delivery window, and what was seeded when. */
export const SETTING_KEYS = {
  deliveryFee: "delivery_fee",
  demoSeededAt: "demo_seeded_at",
  /** How many days ahead, today included, a delivery may be booked. */
  deliveryWindowDays: "delivery_window_days",
  /** When the delivery slots and zones were first set up; they are seeded once, even on SEED_DEMO=0. */
  deliveryScheduleSeededAt: "delivery_schedule_seeded_at",
  /** Minutes an order may stay unpaid before it lapses; 0: never. */
  paymentWindowMinutes: "payment_window_minutes",
} as const;

/** A delivery time slot of every day; times are "HH:MM" in the shop's time zone. */
export interface DeliverySlotsTable {
  slot_id: Generated<number>;
  label: string;
  start_time: string;
  end_time: string;
  /** Orders for the same day are taken until then; null: never for the same day. */
  same_day_cutoff: string | null;
  /** Orders per date. */
  capacity: number;
  /** 0 or 1; a slot is switched off, never deleted, because orders name it. */
  active: Generated<number>;
}

/** A kecamatan the shop delivers to, with its delivery fee in rupiah. */
export interface DeliveryZonesTable {
  zone_id: Generated<number>;
  name: string;
  fee: number;
  active: Generated<number>;
}

/** A date the shop does not deliver: the whole day when slot_id is null, otherwise that slot only. */
export interface ClosedDatesTable {
  closed_date_id: Generated<number>;
  date: string;
  slot_id: number | null;
  reason: Generated<string>;
}

/** Who changed what (contract §7.4); written in the same transaction as the change. */
export interface AuditLogTable {
  audit_id: Generated<number>;
  at: string;
  user_id: number | null;
  username: string;
  /** "area.verb", e.g. "order.move". */
  action: string;
  /** "kind:id", e.g. "order:12". */
  target: string;
  /** JSON: what changed, before → after; never a secret. */
  details: string;
}

export interface PostsTable {
  post_id: Generated<number>;
  title: string;
  excerpt: string;
  image_url: string | null;
  author: string;
  category: string;
  /** JSON: { heading, paragraphs, bullets? }[], derived from `body` whenever it is written. */
  sections: string;
  published_at: string;
  /** Markdown. */
  body: Generated<string>;
  status: Generated<"draft" | "published">;
  /** 1 when the home page's Blog & Tips features the post. */
  featured: Generated<number>;
  image_alt: Generated<string>;
  updated_at: string | null;
}

/**
 * The catalogue's version is the sum of these counters, raised by triggers whenever a product, a
 * product's picture, a category or a review changes (migration 20261129100000, docs/decisions/0022).
 */
export interface CatalogVersionsTable {
  slot: number;
  version: number;
}

/**
 * How many orders hold each delivery place, kept by triggers on every write of an order (migration
 * 20261203100000, docs/decisions/0030): what an order counts against the slot's capacity.
 */
export interface DeliveryBookingsTable {
  delivery_day: string;
  delivery_slot_id: number;
  booked: number;
}

/** An occasion products are tagged with (birthday, sympathy, …), in the admin's order. */
export interface OccasionsTable {
  occasion_id: Generated<number>;
  name: string;
  position: number;
}

export interface ProductOccasionsTable {
  product_id: number;
  occasion_id: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  throttles: ThrottlesTable;
  jobs: JobsTable;
  mails: MailsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  customizations: CustomizationsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  cart_item_customizations: CartItemCustomizationsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_item_customizations: OrderItemCustomizationsTable;
  reviews: ReviewsTable;
  settings: SettingsTable;
  bank_accounts: BankAccountsTable;
  posts: PostsTable;
  delivery_slots: DeliverySlotsTable;
  delivery_zones: DeliveryZonesTable;
  closed_dates: ClosedDatesTable;
  audit_log: AuditLogTable;
  occasions: OccasionsTable;
  product_occasions: ProductOccasionsTable;
  catalog_versions: CatalogVersionsTable;
  delivery_bookings: DeliveryBookingsTable;
}

export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderUpdate = Updateable<OrdersTable>;
export type NewOrderItem = Insertable<OrderItemsTable>;
/** A mail as it enters the queue: not sent yet. */
export type NewMail = Omit<Insertable<MailsTable>, "sent_at">;

/** A repository function runs on the database or inside a transaction alike. */
export type Executor = import("kysely").Kysely<Database> | import("kysely").Transaction<Database>;
