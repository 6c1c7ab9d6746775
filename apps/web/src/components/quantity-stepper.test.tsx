import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { QuantityStepper } from "./quantity-stepper";

function Stepper({ start, max }: { start: number; max: number }) {
  const [value, setValue] = useState(start);
  return <QuantityStepper value={value} max={max} onChange={setValue} label="quantity" />;
}

describe("the quantity stepper", () => {
  it("counts up to the stock and down to 1, and no further", async () => {
    const user = userEvent.setup();
    render(<Stepper start={1} max={2} />);
    const group = screen.getByRole("group", { name: "quantity" });
    const decrease = screen.getByRole("button", { name: "Decrease quantity" });
    const increase = screen.getByRole("button", { name: "Increase quantity" });
    expect(decrease).toHaveProperty("disabled", true);

    await user.click(increase);
    expect(group.textContent).toContain("2");
    expect(increase).toHaveProperty("disabled", true);

    await user.click(decrease);
    expect(group.textContent).toContain("1");
    expect(decrease).toHaveProperty("disabled", true);
  });
});
