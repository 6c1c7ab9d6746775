import { afterEach, describe, expect, it } from "vitest";
import { formatCustomerDate, formatOrderId, formatRupiah, initialsOf, statusClass } from "./format";
import { switchLanguage } from "./i18n";

describe("display formats", () => {
  it("shows order ids as MB- plus the id padded to 3 digits", () => {
    expect(formatOrderId(7)).toBe("MB-007");
    expect(formatOrderId(42)).toBe("MB-042");
    expect(formatOrderId(1234)).toBe("MB-1234");
  });

  it("shows customer dates in the en-GB format", () => {
    expect(formatCustomerDate("2025-03-09T10:00:00.000Z")).toBe("9 Mar 2025");
    // 03:00 on 10 March in Bandung is still 9 March in UTC and further west: the shop's day counts.
    expect(formatCustomerDate("2025-03-09T20:00:00.000Z")).toBe("10 Mar 2025");
    expect(formatCustomerDate("2025-12-31T18:30:00.000Z")).toBe("1 Jan 2026");
    expect(formatCustomerDate("not a date")).toBe("-");
    expect(formatCustomerDate(null)).toBe("-");
  });

  describe("in Indonesian", () => {
    afterEach(() => switchLanguage("en"));

    it("shows customer dates in the id-ID format on the shop's calendar, and rupiah as in English", async () => {
      await switchLanguage("id", { remember: false });
      expect(formatCustomerDate("2025-08-09T10:00:00.000Z")).toBe("9 Agu 2025");
      expect(formatCustomerDate("2025-12-31T18:30:00.000Z")).toBe("1 Jan 2026");
      expect(formatCustomerDate("not a date")).toBe("-");
      expect(formatRupiah(150000).replace(/\s/g, " ")).toBe("Rp 150.000");
    });
  });

  it("shows rupiah in the Indonesian locale without decimals", () => {
    expect(formatRupiah(150000).replace(/\s/g, " ")).toBe("Rp 150.000");
    expect(formatRupiah(1250000.4).replace(/\s/g, " ")).toBe("Rp 1.250.000");
    expect(formatRupiah(undefined).replace(/\s/g, " ")).toBe("Rp 0");
  });

  it("turns a status into its badge class: lowercased and hyphenated", () => {
    expect(statusClass("Order Received")).toBe("order-received");
    expect(statusClass(" In  Delivery ")).toBe("in-delivery");
    expect(statusClass("Finished")).toBe("finished");
    expect(statusClass("Denied")).toBe("denied");
    expect(statusClass(undefined)).toBe("");
  });

  it("draws avatar initials from the username", () => {
    expect(initialsOf("siti rahma")).toBe("SR");
    expect(initialsOf("budi_santoso")).toBe("BS");
    expect(initialsOf("admin")).toBe("AD");
    expect(initialsOf("")).toBe("?");
  });
});
