import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import * as contract from "@florist/contract";
import type { FastifyInstance } from "fastify";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";

export const API_DOCS_PREFIX = "/api/docs";

/** The answer shapes the document names as components, so that each is written out once. */
const COMPONENTS: Record<string, z.ZodType> = {
  ErrorBody: contract.errorBodySchema,
  UnavailableItem: contract.unavailableItemSchema,
  User: contract.userSchema,
  Category: contract.categorySchema,
  CatalogCategory: contract.catalogCategorySchema,
  CatalogProduct: contract.catalogProductSchema,
  Product: contract.productSchema,
  ProductImage: contract.productImageSchema,
  Customization: contract.customizationSchema,
  CartCustomization: contract.cartCustomizationSchema,
  CartItem: contract.cartItemSchema,
  Cart: contract.cartSchema,
  Review: contract.reviewSchema,
  OrderSummary: contract.orderSummarySchema,
  OrderItemDetail: contract.orderItemDetailSchema,
  OrderDetail: contract.orderDetailSchema,
  AdminOverview: contract.adminOverviewSchema,
  Post: contract.postSchema,
  PostDetail: contract.postDetailSchema,
};

/** The shop's policy with inline styles allowed, for the Swagger UI's pages only. */
export function docsCsp(policy: string): string {
  return policy.replace(/style-src 'self'(?=;|$)/, "style-src 'self' 'unsafe-inline'");
}

function componentRegistry() {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  return registry;
}

/**
 * The OpenAPI document, generated from the zod schemas every route declares, and the Swagger UI
 * that shows it at /api/docs. Registered before the routes, whose schemas it collects as they are
 * added. The UI loads only its own scripts and styles, but injects one inline <style> element, so
 * its pages alone (not the shop's) allow inline styles; scripts stay 'self' only. Its schema
 * validator badge (a request to validator.swagger.io) is off.
 */
export async function apiDocs(app: FastifyInstance) {
  const schemaRegistry = componentRegistry();
  const transformObject = createJsonSchemaTransformObject({ schemaRegistry });
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Bandung Florist API",
        description:
          "The shop's HTTP API. Sessions are a cookie set by login and register; every error answer is `{message, code?}`.",
        version: "1.0.0",
      },
    },
    // The UI's own routes are hidden by the UI plugin; nothing else is skipped.
    transform: createJsonSchemaTransform({ skipList: [], schemaRegistry }),
    transformObject: (document) => withoutUnusedComponents(transformObject(document)),
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { validatorUrl: null, deepLinking: false },
    transformStaticCSP: docsCsp,
  });
}

/**
 * Each component is written for requests ("…Input") and for answers; answer shapes are never sent
 * by clients, so the copies no route refers to are dropped.
 */
function withoutUnusedComponents<D extends object>(document: D): D {
  const components = (document as { components?: { schemas?: Record<string, unknown> } }).components;
  const schemas = components?.schemas;
  if (!schemas) return document;
  const text = JSON.stringify({ ...document, components: undefined });
  const used = (name: string) => text.includes(`"#/components/schemas/${name}"`);
  // Components refer to one another: keep what the paths use and what those use, until nothing is added.
  const kept = new Set(Object.keys(schemas).filter(used));
  for (let added = true; added; ) {
    added = false;
    const keptText = JSON.stringify([...kept].map((name) => schemas[name]));
    for (const name of Object.keys(schemas)) {
      if (!kept.has(name) && keptText.includes(`"#/components/schemas/${name}"`)) {
        kept.add(name);
        added = true;
      }
    }
  }
  const pruned = Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name)));
  return { ...document, components: { ...components, schemas: pruned } };
}
