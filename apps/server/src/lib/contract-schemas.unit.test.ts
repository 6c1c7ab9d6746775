import { orderSummarySchema, productImageSchema } from "@florist/contract";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { registerErrorHandler } from "../errors.js";
import { AnswerSchemaError, answerSerializerCompiler, errorAnswers } from "./contract-schemas.js";

const image = { imageId: 7, color_name: "Merah", image_url: "/uploads/a.webp", stockQuantity: 3 };

function serializer(checked: boolean, schema: z.ZodType = productImageSchema) {
  return answerSerializerCompiler(checked)({ schema, method: "GET", url: "/api/test", httpStatus: "200" });
}

/** An app whose one route answers `answer` under the product image schema, as the shop's routes declare it. */
async function appAnswering(answer: unknown, checkAnswers: boolean) {
  const app = Fastify();
  registerErrorHandler(app);
  app.setSerializerCompiler(answerSerializerCompiler(checkAnswers));
  app.get("/api/test", { schema: { response: { 200: productImageSchema, ...errorAnswers } } }, async () => answer);
  await app.ready();
  return app;
}

describe("the answer serializer", () => {
  it("writes an answer that matches its schema, in tests and in production alike", () => {
    expect(JSON.parse(serializer(true)(image))).toEqual(image);
    expect(JSON.parse(serializer(false)(image))).toEqual(image);
  });

  it("writes nullable fields both ways: text or null, a nested object or null", () => {
    const order = {
      orderId: 1,
      orderDate: "2026-11-23T10:00:00.000Z",
      orderStatus: "Order Received",
      paymentStatus: "Pending",
      totalPrice: 400000,
      shippingCost: 50000,
      review: null,
      orderProof: null,
      delivery: null,
      deliveryZone: null,
      recipientName: null,
      recipientPhone: null,
      cardMessage: null,
      senderAnonymous: false,
      paymentDueAt: "2026-11-24T10:00:00.000Z",
      paymentProof: null,
      paymentNote: null,
    };
    const reviewed = {
      ...order,
      orderProof: "/uploads/proofs/a.webp",
      delivery: {
        date: "2026-11-27",
        slotId: 1,
        label: "Morning",
        start: "09:00",
        end: "12:00",
        zoneId: null,
        zoneName: null,
      },
      cardMessage: "Selamat ulang tahun!",
      paymentDueAt: null,
      paymentProof: "/uploads/receipts/b.webp",
      review: {
        review_id: 2,
        order_id: 1,
        user_id: 3,
        customer_name: "sari",
        rating: 5,
        comment: "Cantik!",
        review_date: "2026-11-24T10:00:00.000Z",
      },
    };
    for (const checked of [true, false]) {
      const write = serializer(checked, orderSummarySchema);
      expect(JSON.parse(write(order))).toEqual(order);
      expect(JSON.parse(write(reviewed))).toEqual(reviewed);
    }
  });

  it("refuses, in tests and development, an answer whose field has the wrong type or is missing", () => {
    expect(() => serializer(true)({ ...image, stockQuantity: "3" })).toThrow(AnswerSchemaError);
    expect(() => serializer(true)({ ...image, stockQuantity: 2.5 })).toThrow(/stockQuantity/);
    const { image_url: _, ...withoutUrl } = image;
    expect(() => serializer(true)(withoutUrl)).toThrow(/image_url/);
  });

  it("refuses, in tests and development, a field the schema lacks, which production would silently drop", () => {
    const answer = { ...image, sizeAvailable: "Small" };
    expect(() => serializer(true)(answer)).toThrow(/missing from the schema/);
    // What production would have sent: the client never sees the field.
    expect(JSON.parse(serializer(false)(answer))).toEqual(image);
  });

  it("turns a broken answer into the shop's 500 error body, so any API test that meets one fails", async () => {
    const app = await appAnswering({ ...image, imageId: "seven" }, true);
    const res = await app.inject({ url: "/api/test" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Something went wrong on our side. Please try again.", code: "INTERNAL" });
    await app.close();
  });

  it("serialises without checking in production", async () => {
    const app = await appAnswering({ ...image, secret: "not for clients" }, false);
    const res = await app.inject({ url: "/api/test" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(image);
    await app.close();
  });

  it("checks error bodies too: a readable message is required", () => {
    const compile = answerSerializerCompiler(true);
    const errors = compile({ schema: errorAnswers["4xx"], method: "GET", url: "/api/test", httpStatus: "4xx" });
    expect(JSON.parse(errors({ message: "Not found.", code: "NOT_FOUND" }))).toEqual({
      message: "Not found.",
      code: "NOT_FOUND",
    });
    expect(() => errors({ code: "NOT_FOUND" })).toThrow(/message/);
  });
});
