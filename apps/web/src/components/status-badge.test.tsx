import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { inIndonesian } from "../../test/render-app";
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

describe("the status badge, in Indonesian", () => {
  inIndonesian();

  it("names the shop's statuses in Indonesian and keeps their colours; any other text shows as given", () => {
    render(
      <>
        <StatusBadge status="Order Received" />
        <StatusBadge status="in delivery" />
        <StatusBadge status="Finished" />
        <StatusBadge status="Denied" />
        <StatusBadge status="Cancelled" />
        <StatusBadge status="Completed" />
      </>,
    );
    expect(screen.getByText("Pesanan Diterima").className).toBe("status-badge order-received");
    expect(screen.getByText("Sedang Dikirim").className).toBe("status-badge in-delivery");
    expect(screen.getByText("Selesai").className).toBe("status-badge finished");
    expect(screen.getByText("Ditolak").className).toBe("status-badge denied");
    expect(screen.getByText("Dibatalkan").className).toBe("status-badge cancelled");
    expect(screen.getByText("Completed").className).toBe("status-badge completed");
  });
});
