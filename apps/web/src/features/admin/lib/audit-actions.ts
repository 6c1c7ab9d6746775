import type { AuditAction, AuditKind } from "@florist/contract";
import { i18n } from "../../../lib/i18n";

/**
 * What each action the server records in the audit log did, in the admin's language. The server
 * keeps a code per action ("product.update"; its first word is the kind the log filters by): the
 * contract lists them, so a code without its name here does not compile. A code an entry holds that
 * this build does not know (one a newer server records) is shown as it is.
 */
const ACTION_NAMES: Record<AuditAction, () => string> = {
  "product.create": () => i18n.t("Product added"),
  "product.update": () => i18n.t("Product edited"),
  "product.delete": () => i18n.t("Product deleted"),
  "product.archive": () => i18n.t("Product archived"),
  "product.availability": () => i18n.t("Product availability changed"),
  "product.cover": () => i18n.t("Product photo changed"),
  "product.image-add": () => i18n.t("Colour photo added"),
  "product.image-update": () => i18n.t("Colour photo edited"),
  "product.image-stock": () => i18n.t("Colour stock changed"),
  "product.image-delete": () => i18n.t("Colour photo removed"),
  "category.create": () => i18n.t("Category added"),
  "category.update": () => i18n.t("Category edited"),
  "category.delete": () => i18n.t("Category deleted"),
  "category.reorder": () => i18n.t("Categories reordered"),
  "addon.create": () => i18n.t("Add-on added"),
  "addon.update": () => i18n.t("Add-on edited"),
  "addon.delete": () => i18n.t("Add-on deleted"),
  "addon.archive": () => i18n.t("Add-on archived"),
  "occasion.create": () => i18n.t("Occasion added"),
  "occasion.update": () => i18n.t("Occasion edited"),
  "occasion.delete": () => i18n.t("Occasion deleted"),
  "post.create": () => i18n.t("Blog post added"),
  "post.update": () => i18n.t("Blog post edited"),
  "post.delete": () => i18n.t("Blog post deleted"),
  "order.status": () => i18n.t("Order status changed"),
  "order.proof": () => i18n.t("Delivery proof uploaded"),
  "order.move": () => i18n.t("Order moved to another delivery time"),
  "schedule.save": () => i18n.t("Delivery schedule saved"),
  "settings.delivery-fee": () => i18n.t("Delivery fee changed"),
  "settings.payment": () => i18n.t("Payment settings changed"),
  "payment.approve": () => i18n.t("Transfer approved"),
  "payment.reject": () => i18n.t("Transfer rejected"),
  "payment.paid": () => i18n.t("Marked as paid"),
};

const KIND_NAMES: Record<AuditKind, () => string> = {
  product: () => i18n.t("Products"),
  category: () => i18n.t("Categories"),
  addon: () => i18n.t("Add-ons"),
  occasion: () => i18n.t("Occasions"),
  post: () => i18n.t("Blog posts"),
  order: () => i18n.t("Orders"),
  schedule: () => i18n.t("Delivery schedule"),
  settings: () => i18n.t("Settings"),
  payment: () => i18n.t("Payments"),
};

/** A lookup in one of the audit's tables of words: a code it does not hold is shown as it is. */
export const wordsFor =
  (table: Partial<Record<string, () => string>>) =>
  (code: string): string =>
    table[code]?.() ?? code;

/** An audit entry's action in words, or its code when it has none. */
export const actionName = wordsFor(ACTION_NAMES);

/** A kind of change (the filter's choices) in words, or its code when it has none. */
export const kindName = wordsFor(KIND_NAMES);
