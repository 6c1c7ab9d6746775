import { messageAnswerSchema, REMINDERS_OFF_MESSAGE, reminderOptOutBody } from "@florist/contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { parse } from "../../errors.js";
import { type ContractTypeProvider, errorAnswers } from "../../lib/contract-schemas.js";
import { requestLanguage, t } from "../../lib/i18n.js";
import { optOut } from "./reminders.js";

const optOutSchema = {
  tags: ["reminders"],
  summary: 'Turn off the "remind me next year" mails with the token of a reminder\'s link',
  body: reminderOptOutBody,
  response: { 200: messageAnswerSchema, ...errorAnswers },
};

export async function remindersRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  app.post("/reminders/opt-out", { schema: optOutSchema }, async (request) => {
    const { token } = parse(reminderOptOutBody, request.body);
    await optOut(ctx, token);
    return { message: t(requestLanguage(request), REMINDERS_OFF_MESSAGE) };
  });
}
