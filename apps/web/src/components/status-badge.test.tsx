import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StatusBadge } from "./status-badge";

describe("the status badge", () => {
  it("reads an order status as the server does, ignoring case and spaces", () => {
    render(
      <>
        <StatusBadge status="InDelivery" />
        <StatusBadge status=" order  received " />
        <StatusBadge status="cancelled" />
      </>,
    );
    expect(screen.getByText("In Delivery").className).toBe("status-badge in-delivery");
    expect(screen.getByText("Order Received").className).toBe("status-badge order-received");
    expect(screen.getByText("Cancelled").className).toBe("status-badge cancelled");
  });

  it("shows any other text as given", () => {
    render(<StatusBadge status="Out of Stock" />);
    expect(screen.getByText("Out of Stock").className).toBe("status-badge out-of-stock");
  });
});
