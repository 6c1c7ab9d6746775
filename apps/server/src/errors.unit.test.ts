import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, DATABASE_REFUSED_MESSAGE, parse, registerErrorHandler } from "./errors.js";

async function appThrowing(error: unknown) {
  const app = Fastify();
  registerErrorHandler(app);
  app.get("/boom", async () => {
    throw error;
  });
  return app;
}

describe("the error handler", () => {
  it("answers an unexpected error with 500 and no stack trace, SQL or driver text", async () => {
    const failure = Object.assign(new Error('relation "orders" does not exist: select * from orders where id = $1'), {
      code: "42P01",
    });
    const res = await (await appThrowing(failure)).inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Something went wrong on our side. Please try again.", code: "INTERNAL" });
    expect(res.body).not.toMatch(/select|relation|42P01|at /);
  });

  it("answers an AppError with its status, message and extra fields", async () => {
    const res = await (
      await appThrowing(new AppError(409, "Stok tidak mencukupi", "OUT_OF_STOCK", { unavailableItems: [] }))
    ).inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "Stok tidak mencukupi", code: "OUT_OF_STOCK", unavailableItems: [] });
  });

  it.each([
    ["22003", 'value "2147483648" is out of range for type integer'],
    ["22021", 'invalid byte sequence for encoding "UTF8": 0x00'],
    ["22P02", 'invalid input syntax for type integer: "abc"'],
    ["SQLITE_TOOBIG", "string or blob too big"],
  ])("answers a database's refusal of an input value (%s) with 400 and no driver text", async (code, text) => {
    const res = await (await appThrowing(Object.assign(new Error(text), { code }))).inject({
      method: "GET",
      url: "/boom",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: DATABASE_REFUSED_MESSAGE, code: "INVALID_INPUT" });
    expect(res.body).not.toContain(code);
  });

  it("keeps other database errors a 500", async () => {
    const res = await (await appThrowing(Object.assign(new Error("deadlock detected"), { code: "40P01" }))).inject({
      method: "GET",
      url: "/boom",
    });
    expect(res.statusCode).toBe(500);
  });

  it("says which limit a request broke: too many form fields, or a body over the limit", async () => {
    const fields = await (
      await appThrowing(Object.assign(new Error("reach fields limit"), { code: "FST_FIELDS_LIMIT", statusCode: 413 }))
    ).inject({ method: "GET", url: "/boom" });
    expect(fields.statusCode).toBe(413);
    expect(fields.json().message).toBe("The form has too many fields or files.");
    const body = await (
      await appThrowing(
        Object.assign(new Error("Request body is too large"), { code: "FST_ERR_CTP_BODY_TOO_LARGE", statusCode: 413 }),
      )
    ).inject({ method: "GET", url: "/boom" });
    expect(body.statusCode).toBe(413);
    expect(body.json().message).toBe("The request body is too large.");
  });

  it("answers an unknown path with a JSON 404", async () => {
    const res = await (await appThrowing(new Error("x"))).inject({ method: "DELETE", url: "/api/nope?x=1" });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("No such endpoint: DELETE /api/nope");
  });
});

describe("parse", () => {
  it("turns the first schema problem into a readable 400", () => {
    const schema = z.object({ name: z.string().min(1, "Product name is required."), stock: z.number().min(0) });
    expect(() => parse(schema, { name: "" })).toThrowError(
      expect.objectContaining({ statusCode: 400, message: "Product name is required." }),
    );
    expect(() => parse(schema, { name: "Rose", stock: -1 })).toThrowError(
      expect.objectContaining({ statusCode: 400, message: expect.stringMatching(/^stock: /) }),
    );
  });
});
