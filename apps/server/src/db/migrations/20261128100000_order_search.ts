import { type Kysely, PostgresAdapter, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/**
 * The admin's order search matches any part of a customer's name, ignoring case. A `like '%…%'`
 * cannot use an ordinary index, so each database gets one made for it: on PostgreSQL a trigram
 * index (pg_trgm, a trusted extension the database owner may create); on SQLite a trigram FTS5
 * table over the usernames, kept in step with `users` by triggers (docs/decisions/0020).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index users_username_trigram on users using gin (lower(username) gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table users_search using fts5(username, content='users', content_rowid='user_id', tokenize='trigram')`.execute(
    db,
  );
  await sql`insert into users_search (users_search) values ('rebuild')`.execute(db);
  await sql`create trigger users_search_insert after insert on users begin
    insert into users_search (rowid, username) values (new.user_id, new.username);
  end`.execute(db);
  await sql`create trigger users_search_delete after delete on users begin
    insert into users_search (users_search, rowid, username) values ('delete', old.user_id, old.username);
  end`.execute(db);
  await sql`create trigger users_search_update after update of username on users begin
    insert into users_search (users_search, rowid, username) values ('delete', old.user_id, old.username);
    insert into users_search (rowid, username) values (new.user_id, new.username);
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index users_username_trigram`.execute(db);
    return;
  }
  for (const trigger of ["users_search_insert", "users_search_delete", "users_search_update"]) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table users_search`.execute(db);
}
