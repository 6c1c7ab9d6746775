import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * Finding a gift (contract §7.7): the occasions products are tagged with, and a word index over each
 * product's name, description and category for the shop's search (docs/decisions/0023).
 *
 * The index is kept in step by triggers, whoever changes a product or renames a category. On
 * SQLite it is an FTS5 table whose `unicode61 remove_diacritics 2` tokenizer folds case and
 * accents. On PostgreSQL it is a table of tsvectors under a GIN index, folded by `unaccent` (a
 * trusted extension of the contrib package, which the database owner may create) through an
 * immutable wrapper that indexes may call.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("occasions")
    .addColumn("occasion_id", postgres ? "serial" : "integer", (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("occasions_name_unique").on("occasions").expression(sql`lower(name)`).unique().execute();
  await db.schema
    .createTable("product_occasions")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.product_id").onDelete("cascade"))
    .addColumn("occasion_id", "integer", (c) => c.notNull().references("occasions.occasion_id").onDelete("cascade"))
    .addPrimaryKeyConstraint("product_occasions_pkey", ["product_id", "occasion_id"])
    .execute();
  await db.schema.createIndex("product_occasions_occasion").on("product_occasions").column("occasion_id").execute();

  if (postgres) await postgresSearch(db);
  else await sqliteSearch(db);
  await catalogChangesWithTags(db, postgres);
}

/**
 * A product's occasions are part of the catalogue (and of its filter by occasion), so tagging
 * raises the catalogue's version as migration 20261129100000 does for products: deleting an
 * occasion untags its products through the cascade, which fires these too.
 */
async function catalogChangesWithTags(db: Kysely<any>, postgres: boolean) {
  if (postgres) {
    await sql`create constraint trigger product_occasions_catalog_changed
      after insert or update or delete on product_occasions
      deferrable initially deferred for each row execute function catalog_changed()`.execute(db);
    return;
  }
  for (const event of ["insert", "update", "delete"]) {
    await sql`create trigger ${sql.id(`product_occasions_catalog_${event}`)} after ${sql.raw(event)} on product_occasions
      begin update catalog_versions set version = version + 1 where slot = 0; end`.execute(db);
  }
}

async function sqliteSearch(db: Kysely<any>) {
  await sql`create virtual table product_search using fts5(name, description, category, tokenize = 'unicode61 remove_diacritics 2')`.execute(
    db,
  );
  const document = (row: "new") => sql`${sql.raw(row)}.name, ${sql.raw(row)}.description,
    coalesce((select name from categories where category_id = ${sql.raw(row)}.category_id), '')`;
  await sql`insert into product_search (rowid, name, description, category)
    select p.product_id, p.name, p.description, coalesce(c.name, '')
    from products p left join categories c on c.category_id = p.category_id`.execute(db);
  await sql`create trigger product_search_insert after insert on products begin
    insert into product_search (rowid, name, description, category) values (new.product_id, ${document("new")});
  end`.execute(db);
  await sql`create trigger product_search_update after update of name, description, category_id on products begin
    delete from product_search where rowid = old.product_id;
    insert into product_search (rowid, name, description, category) values (new.product_id, ${document("new")});
  end`.execute(db);
  await sql`create trigger product_search_delete after delete on products begin
    delete from product_search where rowid = old.product_id;
  end`.execute(db);
  await sql`create trigger product_search_category after update of name on categories begin
    update product_search set category = new.name
    where rowid in (select product_id from products where category_id = new.category_id);
  end`.execute(db);
}

async function postgresSearch(db: Kysely<any>) {
  await sql`create extension if not exists unaccent`.execute(db);
  // unaccent() is only stable (its dictionary could change); naming the dictionary makes it fit for an index.
  await sql`create function search_fold(text) returns text language sql immutable parallel safe strict
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$`.execute(db);
  await db.schema
    .createTable("product_search")
    .addColumn("product_id", "integer", (c) => c.primaryKey().references("products.product_id").onDelete("cascade"))
    .addColumn("name", sql`tsvector`, (c) => c.notNull())
    .addColumn("document", sql`tsvector`, (c) => c.notNull())
    .execute();
  await sql`create index product_search_document on product_search using gin (document)`.execute(db);
  const refresh = (where: string) => sql`
    insert into product_search (product_id, name, document)
    select p.product_id, to_tsvector('simple', search_fold(p.name)),
      to_tsvector('simple', search_fold(p.name || ' ' || p.description || ' ' || coalesce(c.name, '')))
    from products p left join categories c on c.category_id = p.category_id
    where ${sql.raw(where)}
    on conflict (product_id) do update set name = excluded.name, document = excluded.document`;
  await sql`${refresh("true")}`.execute(db);
  await sql`create function product_search_product() returns trigger language plpgsql as $$
    begin ${refresh("p.product_id = new.product_id")}; return null; end $$`.execute(db);
  await sql`create function product_search_category() returns trigger language plpgsql as $$
    begin ${refresh("p.category_id = new.category_id")}; return null; end $$`.execute(db);
  await sql`create trigger product_search_product after insert or update of name, description, category_id
    on products for each row execute function product_search_product()`.execute(db);
  await sql`create trigger product_search_category after update of name
    on categories for each row execute function product_search_category()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger product_occasions_catalog_changed on product_occasions`.execute(db);
    await sql`drop trigger product_search_product on products`.execute(db);
    await sql`drop trigger product_search_category on categories`.execute(db);
    await sql`drop function product_search_product()`.execute(db);
    await sql`drop function product_search_category()`.execute(db);
    await db.schema.dropTable("product_search").execute();
    await sql`drop function search_fold(text)`.execute(db);
  } else {
    for (const trigger of ["insert", "update", "delete", "category"]) {
      await sql`drop trigger ${sql.id(`product_search_${trigger}`)}`.execute(db);
    }
    await sql`drop table product_search`.execute(db);
    for (const event of ["insert", "update", "delete"]) {
      await sql`drop trigger ${sql.id(`product_occasions_catalog_${event}`)}`.execute(db);
    }
  }
  await db.schema.dropTable("product_occasions").execute();
  await db.schema.dropTable("occasions").execute();
}
