import { describe, expect, it } from "vitest";
import { modeOfOrder, orderAfterClick, orderOfMode, pageRange } from "./transactions";

describe("the order the transactions are asked in", () => {
  it("reads the sort menu as status from Order Received on, or newest date first", () => {
    expect(orderOfMode("status")).toEqual({ sort: "status", dir: "asc" });
    expect(orderOfMode("newest")).toEqual({ sort: "date", dir: "desc" });
    expect(modeOfOrder({ sort: "date", dir: "desc" })).toBe("newest");
    expect(modeOfOrder({ sort: "total", dir: "desc" })).toBeUndefined();
  });

  it("turns a column around on a second click and starts another column in its first direction", () => {
    expect(orderAfterClick({ sort: "status", dir: "asc" }, "total")).toEqual({ sort: "total", dir: "desc" });
    expect(orderAfterClick({ sort: "total", dir: "desc" }, "total")).toEqual({ sort: "total", dir: "asc" });
    expect(orderAfterClick({ sort: "total", dir: "asc" }, "customer")).toEqual({ sort: "customer", dir: "asc" });
    expect(orderAfterClick({ sort: "customer", dir: "asc" }, "date")).toEqual({ sort: "date", dir: "desc" });
  });
});

describe("'Showing X-Y of N'", () => {
  it("counts the rows of the current page", () => {
    expect(pageRange(1, 10, 10, 23)).toEqual({ from: 1, to: 10, total: 23 });
    expect(pageRange(3, 10, 3, 23)).toEqual({ from: 21, to: 23, total: 23 });
  });

  it("shows zeros when there is nothing", () => {
    expect(pageRange(1, 10, 0, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
});
