import { idParam } from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { errorAnswers } from "../../lib/contract-schemas.js";
import { requestLanguage } from "../../lib/i18n.js";
import { requireUser } from "../../plugins/auth.js";
import { invoicePdf } from "./service.js";

export async function invoicesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // The answer is a PDF, not JSON: only the error answers have a schema.
  const invoiceSchema = {
    tags: ["orders"],
    summary: "An order's invoice as a PDF, for its owner and admins",
    params: idParam,
    produces: ["application/pdf"],
    response: errorAnswers,
  };
  app.get("/order/:id/invoice", { schema: invoiceSchema }, async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(idParam, request.params);
    const { displayId, pdf } = await invoicePdf(ctx, user, id, requestLanguage(request));
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="invoice-${displayId}.pdf"`)
      .header("cache-control", "private, no-store")
      .send(pdf);
  });
}
