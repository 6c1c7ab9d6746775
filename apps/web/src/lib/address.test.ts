import { describe, expect, it } from "vitest";
import { readAddressBlock, writeAddressBlock } from "./address";

const details = {
  firstName: "Siti",
  lastName: "Rahma",
  email: "siti@example.com",
  phone: "0812 3456 7890",
  address: "Jl. Pajajaran No. 12",
  city: "Bandung",
};

describe("shipping address block", () => {
  it("writes full name, address, city, Email and Telepon lines", () => {
    expect(writeAddressBlock(details)).toBe(
      "Siti Rahma\nJl. Pajajaran No. 12\nBandung\nEmail: siti@example.com\nTelepon: 0812 3456 7890",
    );
  });

  it("adds a Catatan line only when there are notes", () => {
    expect(writeAddressBlock({ ...details, notes: "Please call first" })).toMatch(/\nCatatan: Please call first$/);
    expect(writeAddressBlock({ ...details, notes: "   " })).not.toContain("Catatan");
  });

  it("keeps a multi-line address as separate lines and notes on one line", () => {
    const block = writeAddressBlock({ ...details, address: "Jl. Cihampelas 5\n RT 02/RW 03 ", notes: "Gate\nis blue" });
    expect(block.split("\n")).toEqual([
      "Siti Rahma",
      "Jl. Cihampelas 5",
      "RT 02/RW 03",
      "Bandung",
      "Email: siti@example.com",
      "Telepon: 0812 3456 7890",
      "Catatan: Gate is blue",
    ]);
  });

  it("reads back what it wrote", () => {
    expect(readAddressBlock(writeAddressBlock({ ...details, notes: "Leave at the door" }))).toEqual({
      recipient: "Siti Rahma",
      address: "Jl. Pajajaran No. 12, Bandung",
      email: "siti@example.com",
      phone: "0812 3456 7890",
      notes: "Leave at the door",
    });
  });

  it("reads the other prefixes, in any case, and joins the remaining lines with commas", () => {
    const block = "Budi\nJl. Braga 1\nSumur Bandung\nBandung\nEMAIL: budi@example.com\nPhone: 0899\nNotes: ring twice";
    expect(readAddressBlock(block)).toEqual({
      recipient: "Budi",
      address: "Jl. Braga 1, Sumur Bandung, Bandung",
      email: "budi@example.com",
      phone: "0899",
      notes: "ring twice",
    });
    expect(readAddressBlock("Ani\nNo Telp: 0811").phone).toBe("0811");
    expect(readAddressBlock("Ani\nno telp: 0811").phone).toBe("0811");
    expect(readAddressBlock("Ani\ncatatan: pagi").notes).toBe("pagi");
  });

  it("reads an empty block as empty fields", () => {
    expect(readAddressBlock(null)).toEqual({ recipient: "", address: "", email: "", phone: "", notes: "" });
  });
});
