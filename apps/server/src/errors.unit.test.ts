import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, parse, registerErrorHandler } from "./errors.js";

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
