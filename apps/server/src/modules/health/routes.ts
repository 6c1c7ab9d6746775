import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { AppContext } from "../../context.js";

export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get("/health", async (_request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return { status: "ok" };
    } catch {
      return reply.status(503).send({ status: "unavailable", message: "The database does not answer." });
    }
  });
}
