import type { ShippingDetails } from "../../lib/address";
import { i18n } from "../../lib/i18n";

export type FieldErrors = Partial<Record<keyof ShippingDetails, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The checkout's required fields (name, e-mail, phone, address), checked before the confirmation modal opens. */
export function validateShipping(details: ShippingDetails): FieldErrors {
  const errors: FieldErrors = {};
  if (!details.firstName.trim()) errors.firstName = i18n.t("First name is required.");
  if (!details.lastName.trim()) errors.lastName = i18n.t("Last name is required.");
  if (!details.email.trim()) errors.email = i18n.t("Email is required.");
  else if (!EMAIL.test(details.email.trim())) errors.email = i18n.t("Please enter a valid email address.");
  const digits = details.phone.replace(/\D/g, "");
  if (!details.phone.trim()) errors.phone = i18n.t("Phone number is required.");
  else if (!/^[+\d\s().-]+$/.test(details.phone.trim()) || digits.length < 8 || digits.length > 15)
    errors.phone = i18n.t("Please enter a valid phone number.");
  if (!details.address.trim()) errors.address = i18n.t("Address is required.");
  return errors;
}
