export * from "./accounts.js";
export * from "./cart.js";
export * from "./catalog.js";
export * from "./common.js";
export * from "./orders.js";
export * from "./products.js";
export * from "./rules.js";
export * from "./settings.js";
