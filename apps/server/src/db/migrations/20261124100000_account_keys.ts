import { type Kysely, sql } from "kysely";

// Frozen: this migration must keep producing the same schema, so it imports nothing from the app.

/** The comparison form of names and addresses as the app computed it when this migration was written. */
function accountKey(text: string): string {
  return text.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");
}

/**
 * Usernames and e-mails were unique by lower(), which folds only ASCII on SQLite and let look-alikes
 * such as full-width "ａｄｍｉｎ" register beside "admin". They are now compared by a key computed in
 * JavaScript (the same on both databases) and unique by it. Existing accounts whose keys collide are
 * not refused: the later account's key gets its id appended (so nobody can type it and the index
 * holds), and the collision is reported for the shop to sort out.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("username_key", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("email_key", "text", (c) => c.notNull().defaultTo(""))
    .execute();

  const users = await db.selectFrom("users").select(["user_id", "username", "email"]).orderBy("user_id").execute();
  const taken = { username: new Map<string, number>(), email: new Map<string, number>() };
  const collisions: string[] = [];
  const keyOf = (field: "username" | "email", user: { user_id: number; username: string; email: string }) => {
    const key = accountKey(user[field]);
    const holder = taken[field].get(key);
    if (holder === undefined) {
      taken[field].set(key, user.user_id);
      return key;
    }
    collisions.push(`${field} "${user[field]}" of user ${user.user_id} matches user ${holder}`);
    return `${key}#${user.user_id}`;
  };
  for (const user of users) {
    await db
      .updateTable("users")
      .set({ username_key: keyOf("username", user), email_key: keyOf("email", user) })
      .where("user_id", "=", user.user_id)
      .execute();
  }
  if (collisions.length > 0) {
    console.warn(
      `Accounts that look alike (the later one can log in only by its other field until renamed): ${collisions.join("; ")}`,
    );
  }

  await db.schema.dropIndex("users_username_unique").execute();
  await db.schema.dropIndex("users_email_unique").execute();
  await db.schema.createIndex("users_username_key_unique").on("users").column("username_key").unique().execute();
  await db.schema.createIndex("users_email_key_unique").on("users").column("email_key").unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("users_username_key_unique").execute();
  await db.schema.dropIndex("users_email_key_unique").execute();
  await db.schema.alterTable("users").dropColumn("username_key").execute();
  await db.schema.alterTable("users").dropColumn("email_key").execute();
  await db.schema.createIndex("users_username_unique").on("users").expression(sql`lower(username)`).unique().execute();
  await db.schema.createIndex("users_email_unique").on("users").expression(sql`lower(email)`).unique().execute();
}
