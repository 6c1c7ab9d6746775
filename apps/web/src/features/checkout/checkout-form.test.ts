import { describe, expect, it } from "vitest";
import { validateShipping } from "./checkout-form";

const valid = {
  firstName: "Siti",
  lastName: "Rahma",
  email: "siti@example.com",
  phone: "+62 812-3456-7890",
  address: "Jl. Dago 1",
  city: "Bandung",
};

describe("checkout form", () => {
  it("accepts a complete form; notes are optional", () => {
    expect(validateShipping(valid)).toEqual({});
  });

  it("requires first name, last name, email, phone and address", () => {
    const errors = validateShipping({ ...valid, firstName: " ", lastName: "", email: "", phone: "", address: "" });
    expect(Object.keys(errors).sort()).toEqual(["address", "email", "firstName", "lastName", "phone"]);
  });

  it("checks the email and phone formats", () => {
    expect(validateShipping({ ...valid, email: "siti@" }).email).toBe("Please enter a valid email address.");
    expect(validateShipping({ ...valid, phone: "12ab" }).phone).toBe("Please enter a valid phone number.");
    expect(validateShipping({ ...valid, phone: "0812" }).phone).toBe("Please enter a valid phone number.");
  });
});
