import { describe, expect, it } from "vitest";
import { sameDayNextYear, yearReminderDay } from "./reminders.js";

describe("the day of the reminder a year later", () => {
  it("is seven days before the same day a year later", () => {
    expect(yearReminderDay("2026-12-24")).toBe("2027-12-17");
    expect(yearReminderDay("2027-01-03")).toBe("2027-12-27");
  });

  it("takes 28 February for 29 February, which the next year lacks", () => {
    expect(sameDayNextYear("2028-02-29")).toBe("2029-02-28");
    expect(yearReminderDay("2028-02-29")).toBe("2029-02-21");
  });

  it("counts the seven days back across a leap year's 29 February", () => {
    expect(sameDayNextYear("2027-02-28")).toBe("2028-02-28");
    expect(yearReminderDay("2027-03-05")).toBe("2028-02-27");
    expect(yearReminderDay("2027-03-07")).toBe("2028-02-29");
  });
});
