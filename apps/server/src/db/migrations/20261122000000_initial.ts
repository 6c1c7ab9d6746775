import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

type Db = Kysely<any>;

function isPostgres(db: Db) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Adds an auto-incrementing integer primary key on either database. */
function withId(db: Db, table: string, column: string) {
  const builder = db.schema.createTable(table);
  return isPostgres(db)
    ? builder.addColumn(column, "serial", (c) => c.primaryKey())
    : builder.addColumn(column, "integer", (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: Db): Promise<void> {
  await withId(db, "users", "user_id")
    .addColumn("username", "text", notNull)
    .addColumn("email", "text", notNull)
    .addColumn("password_hash", "text", notNull)
    .addColumn("role", "text", (c) => c.notNull().defaultTo("customer").check(sql`role in ('admin', 'customer')`))
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("users_username_unique").on("users").expression(sql`lower(username)`).unique().execute();
  await db.schema.createIndex("users_email_unique").on("users").expression(sql`lower(email)`).unique().execute();

  await db.schema
    .createTable("sessions")
    .addColumn("session_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.user_id").onDelete("cascade"))
    .addColumn("created_at", "text", notNull)
    .addColumn("expires_at", "text", notNull)
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_at").on("sessions").column("expires_at").execute();

  await withId(db, "password_resets", "reset_id")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.user_id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", notNull)
    .addColumn("expires_at", "text", notNull)
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("password_resets_user_id").on("password_resets").column("user_id").execute();

  await withId(db, "login_attempts", "attempt_id")
    .addColumn("attempt_key", "text", notNull)
    .addColumn("attempted_at", "text", notNull)
    .execute();
  await db.schema
    .createIndex("login_attempts_key_time")
    .on("login_attempts")
    .columns(["attempt_key", "attempted_at"])
    .execute();

  await withId(db, "categories", "category_id")
    .addColumn("name", "text", (c) => c.notNull().unique())
    .execute();

  await withId(db, "products", "product_id")
    .addColumn("category_id", "integer", (c) => c.references("categories.category_id").onDelete("set null"))
    .addColumn("name", "text", notNull)
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("price", "integer", (c) => c.notNull().check(sql`price >= 0`))
    .addColumn("stock_quantity", "integer", (c) => c.notNull().defaultTo(0).check(sql`stock_quantity >= 0`))
    .addColumn("image_url", "text")
    .addColumn("availability_status", "text", (c) =>
      c.notNull().defaultTo("in_stock").check(sql`availability_status in ('in_stock', 'out_of_stock')`),
    )
    .addColumn("size_options", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("color_options", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("product_type", "text", (c) => c.notNull().defaultTo("real"))
    .addColumn("archived_at", "text")
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();
  await db.schema.createIndex("products_category_id").on("products").column("category_id").execute();
  await db.schema.createIndex("products_archived_at").on("products").column("archived_at").execute();

  await withId(db, "product_images", "image_id")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.product_id").onDelete("cascade"))
    .addColumn("color_name", "text", notNull)
    .addColumn("image_url", "text", notNull)
    .addColumn("stock_quantity", "integer", (c) => c.notNull().defaultTo(0).check(sql`stock_quantity >= 0`))
    .addColumn("created_at", "text", notNull)
    .execute();
  await db.schema.createIndex("product_images_product_id").on("product_images").column("product_id").execute();

  await withId(db, "customizations", "customization_id")
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("price", "integer", (c) => c.notNull().check(sql`price >= 0`))
    .execute();

  await withId(db, "carts", "cart_id")
    .addColumn("user_id", "integer", (c) => c.notNull().unique().references("users.user_id").onDelete("cascade"))
    .addColumn("created_at", "text", notNull)
    .execute();

  await withId(db, "cart_items", "cart_item_id")
    .addColumn("cart_id", "integer", (c) => c.notNull().references("carts.cart_id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.product_id").onDelete("cascade"))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn("size", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("color", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("color_hex", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", notNull)
    .addUniqueConstraint("cart_items_line_unique", ["cart_id", "product_id", "size", "color"])
    .execute();
  await db.schema.createIndex("cart_items_product_id").on("cart_items").column("product_id").execute();

  await db.schema
    .createTable("cart_item_customizations")
    .addColumn("cart_item_id", "integer", (c) => c.notNull().references("cart_items.cart_item_id").onDelete("cascade"))
    .addColumn("customization_id", "integer", (c) =>
      c.notNull().references("customizations.customization_id").onDelete("cascade"),
    )
    .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(1).check(sql`quantity >= 1`))
    .addPrimaryKeyConstraint("cart_item_customizations_pk", ["cart_item_id", "customization_id"])
    .execute();

  await withId(db, "orders", "order_id")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.user_id"))
    .addColumn("shipping_address", "text", notNull)
    .addColumn("shipping_cost", "integer", (c) => c.notNull().check(sql`shipping_cost >= 0`))
    .addColumn("total_price", "integer", (c) => c.notNull().check(sql`total_price >= 0`))
    .addColumn("order_status", "text", notNull)
    .addColumn("payment_status", "text", notNull)
    .addColumn("order_date", "text", notNull)
    .addColumn("delivery_date", "text")
    .addColumn("order_proof", "text")
    .addColumn("updated_at", "text", notNull)
    .execute();
  await db.schema.createIndex("orders_user_id_date").on("orders").columns(["user_id", "order_date"]).execute();
  await db.schema.createIndex("orders_order_date").on("orders").column("order_date").execute();
  await db.schema.createIndex("orders_status_date").on("orders").columns(["order_status", "order_date"]).execute();

  await withId(db, "order_items", "order_item_id")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.order_id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.references("products.product_id").onDelete("set null"))
    .addColumn("product_name", "text", notNull)
    .addColumn("unit_price", "integer", (c) => c.notNull().check(sql`unit_price >= 0`))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn("line_price", "integer", (c) => c.notNull().check(sql`line_price >= 0`))
    .addColumn("size", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("color", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("order_items_order_id").on("order_items").column("order_id").execute();
  await db.schema.createIndex("order_items_product_id").on("order_items").column("product_id").execute();

  await withId(db, "order_item_customizations", "order_item_customization_id")
    .addColumn("order_item_id", "integer", (c) =>
      c.notNull().references("order_items.order_item_id").onDelete("cascade"),
    )
    .addColumn("customization_id", "integer", (c) =>
      c.references("customizations.customization_id").onDelete("set null"),
    )
    .addColumn("name", "text", notNull)
    .addColumn("price", "integer", (c) => c.notNull().check(sql`price >= 0`))
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
    .execute();
  await db.schema
    .createIndex("order_item_customizations_item")
    .on("order_item_customizations")
    .column("order_item_id")
    .execute();

  await withId(db, "reviews", "review_id")
    .addColumn("order_id", "integer", (c) => c.notNull().unique().references("orders.order_id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.user_id").onDelete("cascade"))
    .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn("comment", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("review_date", "text", notNull)
    .execute();
  await db.schema.createIndex("reviews_review_date").on("reviews").column("review_date").execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", notNull)
    .execute();

  await withId(db, "posts", "post_id")
    .addColumn("title", "text", notNull)
    .addColumn("excerpt", "text", notNull)
    .addColumn("image_url", "text")
    .addColumn("author", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("category", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sections", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("published_at", "text", notNull)
    .execute();
  await db.schema.createIndex("posts_published_at").on("posts").column("published_at").execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    "posts",
    "settings",
    "reviews",
    "order_item_customizations",
    "order_items",
    "orders",
    "cart_item_customizations",
    "cart_items",
    "carts",
    "customizations",
    "product_images",
    "products",
    "categories",
    "login_attempts",
    "password_resets",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
